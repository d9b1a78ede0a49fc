package integration

import (
	"encoding/json"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// auditLine is one line of an audit log (see cmd/mewsandbox/audit.go).
type auditLine struct {
	Time     string `json:"time"`
	Kind     string `json:"kind"`
	Via      string `json:"via"`
	Session  string `json:"session"`
	Tool     string `json:"tool"`
	Subject  string `json:"subject"`
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	Rule     string `json:"rule"`
	Source   string `json:"source"`
	Policy   *struct {
		Root    string `json:"root"`
		Network struct {
			Mode string `json:"mode"`
		} `json:"network"`
		Grants int `json:"grants"`
	} `json:"policy"`
	Exit       *int     `json:"exit"`
	DurationMS *float64 `json:"durationMs"`
	Error      string   `json:"error"`
	Recheck    bool     `json:"recheck"`
}

// readAudit parses every line of an audit log, failing on any that is not
// one JSON record.
func readAudit(t *testing.T, path string) []auditLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("%s does not end with a newline: a line is torn", path)
	}
	var lines []auditLine
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if l == "" && len(data) == 0 {
			break
		}
		var a auditLine
		var fields map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &fields); err != nil {
			t.Fatalf("%s:%d is not one JSON object (%v): %.200s", path, i+1, err, l)
		}
		for _, k := range []string{"time", "kind", "via", "session", "tool", "subject", "decision", "reason", "rule", "source"} {
			if _, ok := fields[k]; !ok {
				t.Fatalf("%s:%d has no %q: %.200s", path, i+1, k, l)
			}
		}
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		if _, err := time.Parse(time.RFC3339Nano, a.Time); err != nil || !strings.HasSuffix(a.Time, "Z") {
			t.Errorf("%s:%d: time %q is not RFC 3339 UTC", path, i+1, a.Time)
		}
		lines = append(lines, a)
	}
	return lines
}

// TestAuditParallelAppends starts 200 runs and 100 checks at once, all
// appending to one log; the checks' command lines are ~20 KB, far over
// what one page or PIPE_BUF holds, so a torn or interleaved write would
// show.
func TestAuditParallelAppends(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	log := filepath.Join(t.TempDir(), "audit.jsonl")
	const runs, checks = 200, 100
	home := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, runs+checks)
	for i := range runs + checks {
		args := []string{"run", "--audit", log, "--", "true"}
		if i >= runs {
			args = []string{"check", "--audit", log, "-c", fmt.Sprintf("echo %d %s", i, strings.Repeat("x", 20_000))}
		}
		cmd := osexec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state")}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("%v: %v: %.300s", args[:2], err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	lines := readAudit(t, log)
	if want := 2*runs + checks; len(lines) != want {
		t.Fatalf("%d lines, want %d (a decision and a run per run, a decision per check)", len(lines), want)
	}
	count := map[string]int{}
	seen := map[string]bool{}
	for _, l := range lines {
		count[l.Via+" "+l.Kind]++
		if l.Via == "check" {
			want := strings.Repeat("x", 20_000)
			var n int
			if _, err := fmt.Sscanf(l.Subject, "echo %d ", &n); err != nil || !strings.HasSuffix(l.Subject, " "+want) || seen[l.Subject] {
				t.Fatalf("check subject damaged or repeated: %.60s…", l.Subject)
			}
			seen[l.Subject] = true
		}
		if l.Kind == "run" && (l.Exit == nil || *l.Exit != 0 || l.Subject != "true") {
			t.Errorf("run record: %+v", l)
		}
	}
	if count["run decision"] != runs || count["run run"] != runs || count["check decision"] != checks {
		t.Errorf("records by kind: %v", count)
	}
}

func TestAuditRecordsDecisionsAndRuns(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	log := filepath.Join(t.TempDir(), "audit.jsonl")
	steps := []struct {
		args []string
		code int
	}{
		{[]string{"run", "--audit", log, "--session", "ci-42", "--", "sh", "-c", "exit 3"}, 3},
		{[]string{"run", "--audit", log, "--deny", "Bash(curl:*)", "--", "curl", "https://example.com"}, 77},
		{[]string{"run", "--audit", log, "--dont-ask", "-c", "rm -rf build"}, 77},
		{[]string{"run", "--audit", log, "--", "no-such-command-xyz"}, 127},
		{[]string{"check", "--audit", log, "--deny", "Bash(curl:*)", "-c", "curl https://example.com"}, 0},
		{[]string{"check", "--audit", log, "--tool", "Read", "--input", `{"file_path":"main.go"}`}, 0},
	}
	for _, s := range steps {
		if r := run(t, invocation{args: s.args, dir: dir}); r.code != s.code {
			t.Fatalf("%v: exit %d, want %d: %s", s.args, r.code, s.code, r.stderr)
		}
	}
	lines := readAudit(t, log)
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8: %+v", len(lines), lines)
	}
	d, r := lines[0], lines[1]
	if d.Kind != "decision" || d.Via != "run" || d.Session != "ci-42" || d.Tool != "Bash" || d.Subject != "sh -c 'exit 3'" || d.Decision != "allow" || d.Reason == "" {
		t.Errorf("decision record: %+v", d)
	}
	if r.Kind != "run" || r.Exit == nil || *r.Exit != 3 || r.DurationMS == nil || *r.DurationMS <= 0 || r.Policy == nil ||
		r.Policy.Root != dir || r.Policy.Network.Mode != "none" || r.Policy.Grants == 0 {
		t.Errorf("run record: %+v (policy %+v)", r, r.Policy)
	}
	if l := lines[2]; l.Decision != "deny" || l.Rule != "Bash(curl:*)" || l.Source != "command line" || l.Subject != "curl https://example.com" {
		t.Errorf("denied run: %+v", l)
	}
	if l := lines[3]; l.Decision != "deny" || !strings.Contains(l.Reason, "dontAsk") {
		t.Errorf("dontAsk run: %+v", l)
	}
	if l := lines[5]; l.Kind != "run" || *l.Exit != 127 || l.Error == "" {
		t.Errorf("run of a missing command: %+v", l)
	}
	if l := lines[7]; l.Via != "check" || l.Tool != "Read" || l.Subject != "main.go" || l.Decision != "allow" {
		t.Errorf("check of a Read: %+v", l)
	}

	s := run(t, invocation{args: []string{"audit", "summary", log}, dir: dir})
	for _, want := range []string{"6 decisions, 2 runs", "allow  3", "deny   3", "2 (2 failed", "2  Bash     curl https://example.com", "1  Bash     rm -rf build"} {
		if s.code != 0 || !strings.Contains(s.stdout, want) {
			t.Errorf("summary lacks %q (exit %d):\n%s%s", want, s.code, s.stdout, s.stderr)
		}
	}
	j := run(t, invocation{args: []string{"audit", "summary", log, "--json"}, dir: dir})
	var sum struct {
		Decisions  map[string]int `json:"decisions"`
		Runs       int            `json:"runs"`
		FailedRuns int            `json:"failedRuns"`
		MostDenied []struct {
			Tool, Subject string
			Count         int
		} `json:"mostDenied"`
		InvalidLines int `json:"invalidLines"`
	}
	if err := json.Unmarshal([]byte(j.stdout), &sum); err != nil {
		t.Fatalf("summary --json: %v: %s", err, j.stdout)
	}
	if sum.Decisions["allow"] != 3 || sum.Decisions["deny"] != 3 || sum.Decisions["ask"] != 0 || sum.Runs != 2 || sum.FailedRuns != 2 ||
		len(sum.MostDenied) != 2 || sum.MostDenied[0].Count != 2 || sum.InvalidLines != 0 {
		t.Errorf("summary --json: %+v", sum)
	}
	if r := run(t, invocation{args: []string{"audit", "summary", filepath.Join(dir, "missing.jsonl")}}); r.code != 2 {
		t.Errorf("summary of a missing file: exit %d", r.code)
	}
}

// TestAuditFailsClosed: a log that cannot be opened stops the call before
// anything runs, with exit 2.
func TestAuditFailsClosed(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	for _, bad := range []string{filepath.Join(dir, "no", "such", "dir", "a.jsonl"), dir} {
		r := run(t, invocation{args: []string{"run", "--audit", bad, "--", "touch", "marker"}, dir: dir})
		if r.code != 2 || !strings.Contains(r.stderr, "mewsandbox: audit "+bad) {
			t.Errorf("run --audit %s: exit %d, %q; want 2 naming the file", bad, r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "marker")); err == nil {
			t.Fatalf("run --audit %s ran the command", bad)
		}
		if r := run(t, invocation{args: []string{"check", "--audit", bad, "-c", "ls"}, dir: dir}); r.code != 2 || r.stdout != "" {
			t.Errorf("check --audit %s: exit %d, stdout %q", bad, r.code, r.stdout)
		}
		ev := event(dir, "default", "Bash", map[string]string{"command": "ls"})
		if r := run(t, invocation{args: []string{"hook", "claude-code", "--audit", bad}, stdin: ev, dir: dir}); r.code != 2 || strings.Contains(r.stdout, "allow") {
			t.Errorf("hook --audit %s: exit %d, stdout %q; want a block", bad, r.code, r.stdout)
		}
	}
}

// TestAuditOutOfTheSandboxsReach: the log must be somewhere no sandboxed
// command can write. A log in the project root or a writable grant, named
// by the flag or the settings, is refused before anything runs (exit 2),
// saying why and where to put it; a symbolic link in the log's place is
// never followed, so a command that once could plant one cannot make the
// next run append to ~/.bashrc.
func TestAuditOutOfTheSandboxsReach(t *testing.T) {
	t.Parallel()
	home := realTemp(t)
	bashrc := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(bashrc, []byte("# my shell\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	logs, grant := realTemp(t), realTemp(t)
	link := filepath.Join(logs, "audit.jsonl")
	if err := os.Symlink(bashrc, link); err != nil {
		t.Fatal(err)
	}
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "audit: .mewsandbox/audit.jsonl\n"})
	plain := realTemp(t)
	if err := os.Mkdir(filepath.Join(plain, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		dir  string
		args []string
		want string
	}{
		{"a log named by the project's settings", dir, []string{"run", "--", "touch", "marker"},
			filepath.Join(dir, ".mewsandbox", "settings.yaml") + ":1: audit: a project's settings cannot name the audit log"},
		{"a log in the project root, from the flag", plain, []string{"run", "--no-user-settings", "--settings", "/dev/null", "--audit", "log.jsonl", "--", "touch", "marker"},
			"audit log.jsonl (--audit): it lies in " + plain},
		{"a log in a writable grant", "", []string{"run", "--allow-write", grant, "--audit", filepath.Join(grant, "a.jsonl"), "--", "touch", "marker"},
			"audit " + filepath.Join(grant, "a.jsonl") + " (--audit): it lies in " + grant},
		{"a log replaced by a symbolic link", "", []string{"run", "--audit", link, "--", "touch", "marker"},
			"audit " + link + " (--audit): it is a symbolic link, which the audit log never follows"},
		{"check refuses a log in the root too", plain, []string{"check", "--audit", "log.jsonl", "-c", "ls"}, "it lies in " + plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wd := tt.dir
			if wd == "" {
				wd = project(t, nil)
			}
			r := run(t, invocation{args: tt.args, dir: wd, env: []string{"HOME=" + home}})
			if r.code != 2 || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, "~/.local/state/mewsandbox/audit.jsonl") && !strings.Contains(r.stderr, "symbolic link") && !strings.Contains(r.stderr, "your own settings") {
				t.Errorf("exit %d, stderr:\n%s\nwant 2 and %q, with where to put the log", r.code, r.stderr, tt.want)
			}
			if _, err := os.Stat(filepath.Join(wd, "marker")); err == nil {
				t.Error("the command ran")
			}
		})
	}
	if rc, _ := os.ReadFile(bashrc); string(rc) != "# my shell\n" {
		t.Errorf("~/.bashrc was written through the link: %q", rc)
	}
	// The hook refuses such a log as a block.
	ev := event(dir, "default", "Bash", map[string]string{"command": "ls"})
	if r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox"}, stdin: ev, dir: dir, env: []string{"HOME=" + home}}); r.code != 2 || strings.Contains(r.stdout, "allow") {
		t.Errorf("hook with the log in the root: exit %d, stdout %q; want a block", r.code, r.stdout)
	}
}

// TestAuditFromSettings: the settings' audit key is honoured, and --audit
// adds a log rather than replacing it.
func TestAuditFromSettings(t *testing.T) {
	t.Parallel()
	logs, home := t.TempDir(), t.TempDir()
	fromSettings, fromFlag := filepath.Join(logs, "settings.jsonl"), filepath.Join(logs, "flag.jsonl")
	user := filepath.Join(home, ".config", "mewsandbox", "settings.yaml")
	if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(user, []byte("audit: /"+fromSettings+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
	dir := project(t, nil)
	if r := run(t, invocation{args: []string{"run", "--", "true"}, dir: dir, env: env}); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if n := len(readAudit(t, fromSettings)); n != 2 {
		t.Errorf("settings log has %d lines, want 2", n)
	}
	if r := run(t, invocation{args: []string{"check", "--audit", fromFlag, "-c", "ls"}, dir: dir, env: env}); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if a, b := len(readAudit(t, fromSettings)), len(readAudit(t, fromFlag)); a != 3 || b != 1 {
		t.Errorf("after check --audit: settings log %d lines (want 3), flag log %d (want 1)", a, b)
	}
	if err := os.WriteFile(user, []byte("audit: /"+filepath.Join(logs, "missing", "a.jsonl")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, invocation{args: []string{"run", "--", "touch", "marker"}, dir: dir, env: env}); r.code != 2 || !strings.Contains(r.stderr, "settings.yaml") {
		t.Errorf("unwritable settings log: exit %d, %q; want 2 naming the settings file", r.code, r.stderr)
	}
}

// TestAuditAppendsOnlyToALog: a project's settings, which a command can
// write without the namespace layer, named the runner's own ~/.bashrc as
// the log, and every later decision appended a record whose subject the
// command chose ("$(…)", run at the next login) to it: a review's probe.
// A project's settings cannot name the log now (a new file it named,
// ~/.bash_aliases, would be sourced as well), and an existing file is
// appended to only when it is an audit log already; a new file, or an
// earlier log, still is.
func TestAuditAppendsOnlyToALog(t *testing.T) {
	t.Parallel()
	logs := t.TempDir()
	rc := filepath.Join(logs, "bashrc")
	const rcText = "export PS1='$ '\n"
	if err := os.WriteFile(rc, []byte(rcText), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "audit: /" + rc + "\n"})
	r := run(t, invocation{args: []string{"run", "--", "touch", "marker"}, dir: dir})
	if r.code != 2 || !strings.Contains(r.stderr, "a project's settings cannot name the audit log") {
		t.Errorf("a log named by the project's settings: exit %d, %q; want 2 saying they cannot name one", r.code, r.stderr)
	}
	plain := project(t, nil)
	r = run(t, invocation{args: []string{"run", "--audit", rc, "--", "touch", "marker"}, dir: plain})
	if r.code != 2 || !strings.Contains(r.stderr, "not an audit log") {
		t.Errorf("--audit naming an existing ~/.bashrc: exit %d, %q; want 2 saying it is no audit log", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(rc); string(b) != rcText {
		t.Errorf("the file was appended to: %q", b)
	}
	for _, d := range []string{dir, plain} {
		if _, err := os.Stat(filepath.Join(d, "marker")); err == nil {
			t.Error("the command ran")
		}
	}
	// The neighbours: a new log, then the same log again.
	log := filepath.Join(logs, "audit.jsonl")
	for i := range 2 {
		if r := run(t, invocation{args: []string{"check", "--audit", log, "-c", "ls"}, dir: plain}); r.code != 0 {
			t.Fatalf("check %d with a log of its own: exit %d, %q", i, r.code, r.stderr)
		}
	}
	if n := len(readAudit(t, log)); n != 2 {
		t.Errorf("the log has %d records, want 2", n)
	}
}

// TestAuditHookSandbox: the hook records its decision under Claude Code's
// session id, and the rewritten command records its own.
func TestAuditHookSandbox(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	home := t.TempDir()
	log := filepath.Join(t.TempDir(), "audit.jsonl")
	r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox", "--audit", log}, stdin: loadEvent(t, "bash_write_inside.json", dir), dir: dir, env: []string{"HOME=" + home}})
	var ans hookAnswer
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var in struct{ Command string }
	json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
	if got := shell(t, dir, home, in.Command); got.code != 0 {
		t.Fatalf("rewritten command: %+v", got)
	}
	const session = "9f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b"
	lines := readAudit(t, log)
	if len(lines) != 3 || lines[0].Via != "hook" || lines[0].Session != session || lines[0].Recheck ||
		lines[1].Via != "run" || lines[1].Kind != "decision" || !lines[1].Recheck || lines[1].Session != session ||
		lines[2].Kind != "run" || lines[2].Session != session || lines[0].Subject != lines[2].Subject {
		t.Errorf("records: %+v", lines)
	}
	// The call counts once: the hook's decision.
	s := run(t, invocation{args: []string{"audit", "summary", "--json", log}, dir: dir})
	var sum struct {
		Decisions map[string]int `json:"decisions"`
		Runs      int            `json:"runs"`
		Rechecks  int            `json:"rechecks"`
	}
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil || sum.Decisions["allow"] != 1 || sum.Runs != 1 || sum.Rechecks != 1 {
		t.Errorf("summary: %+v (%v): %s", sum, err, s.stdout)
	}
}
