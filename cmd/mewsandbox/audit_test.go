package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

func TestAuditLineFields(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	l, err := openAudit("run", "s1", []auditTarget{{filepath.Join(dir, "a.jsonl"), "--audit"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.now = func() time.Time { return time.Date(2025, 3, 1, 12, 0, 0, 5, time.FixedZone("x", 3600)) }
	call := permission.Call{Tool: "run_shell", Command: `echo "a&b" <x>`}
	res := permission.Result{Decision: permission.Deny, Reason: "denied by rule Bash(echo:*)", Rule: "Bash(echo:*)", Source: "s.yaml:3"}
	if err := l.decision(call, res); err != nil {
		t.Fatal(err)
	}
	pol := exec.Policy{Root: "/p", Grants: make([]exec.Grant, 3), Network: exec.Network{Mode: exec.NetworkNone, Connect: []uint16{443}}}
	if err := l.run(call, permission.Result{Decision: permission.Allow}, pol, 3, 1500*time.Microsecond, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "a.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	want := []string{
		`{"time":"2025-03-01T11:00:00.000000005Z","kind":"decision","via":"run","session":"s1","tool":"Bash","subject":"echo \"a&b\" <x>","decision":"deny","reason":"denied by rule Bash(echo:*)","rule":"Bash(echo:*)","source":"s.yaml:3"}`,
		`{"time":"2025-03-01T11:00:00.000000005Z","kind":"run","via":"run","session":"s1","tool":"Bash","subject":"echo \"a&b\" <x>","decision":"allow","reason":"","rule":"","source":"","policy":{"root":"/p","network":{"mode":"none","connect":[443],"unixSockets":false},"grants":3},"exit":3,"durationMs":1.5}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), data)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], want[i])
		}
	}
	fi, _ := os.Stat(filepath.Join(dir, "a.jsonl"))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("audit file mode %v, want 0600", fi.Mode().Perm())
	}
}

// TestAuditInterruptedRun: a runner a signal ends while it prepares writes
// the run's record, with what it knew: no decision before the engine's (not
// the zero Result's "allow"), the decision and policy once there.
func TestAuditInterruptedRun(t *testing.T) {
	t.Parallel()
	call := permission.Call{Tool: "Bash", Command: "make"}
	allowed := permission.Result{Decision: permission.Allow, Reason: "make is not a known dangerous command"}
	pol := exec.Policy{Root: "/p", Grants: make([]exec.Grant, 2)}
	for _, tt := range []struct {
		name string
		run  interruptedRun
		sig  os.Signal
		want string
	}{
		{"loading the settings", interruptedRun{call: call, session: "s"}, unix.SIGTERM,
			`{"time":"2025-03-01T12:00:00Z","kind":"run","via":"run","session":"s","tool":"Bash","subject":"make","decision":"","reason":"","rule":"","source":"","exit":143,"error":"interrupted before the command ran: SIGTERM"}`},
		{"decided, the policy built", interruptedRun{call: call, decided: &allowed, policy: &pol}, unix.SIGHUP,
			`{"time":"2025-03-01T12:00:00Z","kind":"run","via":"run","session":"","tool":"Bash","subject":"make","decision":"allow","reason":"make is not a known dangerous command","rule":"","source":"","policy":{"root":"/p","network":{"mode":"","unixSockets":false},"grants":2},"exit":129,"error":"interrupted before the command ran: SIGHUP"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "a.jsonl")
			l, err := openAudit("run", tt.run.session, []auditTarget{{path, "--audit"}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			l.now = func() time.Time { return time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC) }
			if err := l.interrupted(tt.run, tt.sig); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(string(data), "\n"); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestAuditLineIsCapped(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é\n", 100_000) // multi-byte runes, and escapes that grow when encoded
	for _, r := range []auditRecord{
		{Kind: "decision", Subject: long, Reason: "short"},
		{Kind: "decision", Subject: "short", Reason: long},
		{Kind: "decision", Subject: long, Reason: long, Tool: long},
	} {
		line, err := auditLine(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(line) > maxAuditLine || !bytes.HasSuffix(line, []byte("\n")) || bytes.Count(line, []byte("\n")) != 1 {
			t.Fatalf("line of %d bytes (cap %d), newlines %d", len(line), maxAuditLine, bytes.Count(line, []byte("\n")))
		}
		var got auditRecord
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		cut := got.Subject
		if len(r.Subject) < 100 {
			cut = got.Reason
		}
		if !strings.HasSuffix(cut, "…[truncated: 300000 bytes in all]") || !utf8.ValidString(cut) {
			t.Errorf("cut field does not end with the marker or is not UTF-8: ...%q", cut[max(0, len(cut)-60):])
		}
	}
}

func TestAuditShortLineUntouched(t *testing.T) {
	t.Parallel()
	r := auditRecord{Kind: "decision", Subject: strings.Repeat("x", maxAuditLine/2)}
	line, err := auditLine(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(line), r.Subject+`"`) {
		t.Error("a record under the cap was cut")
	}
}

func TestOpenAuditFailsClosed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := unix.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// A sandboxed command that can write the log's directory could plant
	// a link to a file of the user's in its place.
	bashrc := filepath.Join(dir, "bashrc")
	if err := os.WriteFile(bashrc, []byte("# rc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(bashrc, link); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.jsonl")
	if err := os.Link(bashrc, hard); err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, path, want string }{
		{"missing directory", filepath.Join(dir, "nope", "a.jsonl"), "no such file or directory"},
		{"a directory", dir, "is a directory"},
		{"a FIFO", fifo, "not a regular file"},
		{"a symbolic link", link, "it is a symbolic link, which the audit log never follows"},
		{"a file with two names", hard, "has 2 hard links"},
		{"inside a writable directory", filepath.Join(project, "logs", "a.jsonl"), "it lies in " + project + ", which sandboxed commands can write"},
		{"inside it through a symbolic link", filepath.Join(dir, "via", "logs", "a.jsonl"), "it lies in " + project},
	} {
		if tt.name == "inside it through a symbolic link" {
			os.Symlink(project, filepath.Join(dir, "via"))
		}
		l, err := openAudit("check", "", []auditTarget{{tt.path, "--audit"}}, []string{project})
		if err == nil {
			l.Close()
			t.Errorf("%s: opened", tt.name)
			continue
		}
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "audit "+tt.path) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a usage error naming the file and saying %q", tt.name, err, tt.want)
		}
	}
	if rc, _ := os.ReadFile(bashrc); string(rc) != "# rc\n" {
		t.Errorf("the file behind the link was written: %q", rc)
	}
	if l, err := openAudit("check", "", nil, nil); l != nil || err != nil {
		t.Errorf("no target: got %v, %v; want nil, nil", l, err)
	}
}

func TestAuditTargetsKeepsBoth(t *testing.T) {
	t.Parallel()
	cfg := &permission.Config{Audit: "/var/log/m.jsonl", AuditSource: "/etc/mewsandbox/managed-settings.yaml:4"}
	got := auditTargets("mine.jsonl", cfg)
	if len(got) != 2 || got[0].path != "mine.jsonl" || got[1].path != "/var/log/m.jsonl" {
		t.Errorf("got %v, want the flag's file and the settings' file", got)
	}
}

// TestAuditAppendsDoNotInterleave writes big records from many goroutines,
// each through its own descriptor as separate processes would.
func TestAuditAppendsDoNotInterleave(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a.jsonl")
	const writers, each = 16, 20
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := openAudit("check", "", []auditTarget{{path, "--audit"}}, nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer l.Close()
			subject := strings.Repeat(string(rune('a'+w)), 40_000)
			for range each {
				if err := l.decision(permission.Call{Tool: "Bash", Command: subject}, permission.Result{}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != writers*each {
		t.Fatalf("%d lines, want %d", len(lines), writers*each)
	}
	for i, line := range lines {
		var r auditRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil || strings.Trim(r.Subject, r.Subject[:1]) != "" {
			t.Fatalf("line %d is torn or mixed: %.80s", i+1, line)
		}
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	rec := func(kind, tool, subject, decision string, exit ...int) string {
		r := auditRecord{Kind: kind, Tool: tool, Subject: subject, Decision: decision}
		if len(exit) > 0 {
			r.Exit = &exit[0]
		}
		b, _ := json.Marshal(r)
		return string(b) + "\n"
	}
	var log strings.Builder
	for range 3 {
		log.WriteString(rec("decision", "Bash", "curl x | sh", "deny"))
	}
	log.WriteString(rec("decision", "Bash", "rm -rf /", "deny"))
	log.WriteString(rec("decision", "Read", "/home/u/.ssh/id_rsa", "deny"))
	log.WriteString(rec("decision", "Read", "/home/u/.ssh/id_rsa", "deny"))
	log.WriteString(rec("decision", "Bash", "ls", "allow"))
	log.WriteString(rec("run", "Bash", "ls", "allow", 0))
	log.WriteString(rec("decision", "Bash", "make", "allow"))
	log.WriteString(rec("run", "Bash", "make", "allow", 2))
	log.WriteString(rec("decision", "Bash", "git push", "ask"))
	log.WriteString("\n")                                            // blank: skipped
	log.WriteString(`{"kind":"decision","decision":"maybe"}` + "\n") // invalid: line 13
	log.WriteString("garbage\n")                                     // invalid
	log.WriteString(`{"kind":"run","tool":"Bash"}` + "\n")           // a run with no exit status failed
	log.WriteString(strings.Repeat("x", 5*maxAuditLine) + "\n")      // invalid: too long
	// run re-deciding calls the hook decided: not counted again.
	log.WriteString(`{"kind":"decision","tool":"Bash","subject":"ls","decision":"allow","recheck":true}` + "\n")
	log.WriteString(`{"kind":"decision","tool":"Bash","subject":"make","decision":"deny","recheck":true}` + "\n")
	log.WriteString(`{"kind":"decision","decision":"deny","tool":"Bash"`) // torn last line

	s, err := summarize(strings.NewReader(log.String()), 2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Decisions["allow"] != 2 || s.Decisions["ask"] != 1 || s.Decisions["deny"] != 6 {
		t.Errorf("decisions %v, want allow 2, ask 1, deny 6", s.Decisions)
	}
	if s.Runs != 3 || s.FailedRuns != 2 {
		t.Errorf("runs %d failed %d, want 3 and 2", s.Runs, s.FailedRuns)
	}
	wantTop := []deniedCount{{"Bash", "curl x | sh", 3}, {"Read", "/home/u/.ssh/id_rsa", 2}}
	if len(s.MostDenied) != 2 || s.MostDenied[0] != wantTop[0] || s.MostDenied[1] != wantTop[1] {
		t.Errorf("most denied %v, want %v", s.MostDenied, wantTop)
	}
	if s.Rechecks != 2 || s.RecheckRefused != 1 {
		t.Errorf("rechecks %d (refused %d), want 2 (1)", s.Rechecks, s.RecheckRefused)
	}
	if s.InvalidLines != 4 || s.FirstInvalidLine != 13 {
		t.Errorf("invalid lines %d (first %d), want 4 (first 13)", s.InvalidLines, s.FirstInvalidLine)
	}
	var out bytes.Buffer
	s.File = "a.jsonl"
	s.print(&out)
	for _, want := range []string{"a.jsonl: 9 decisions, 3 runs", "deny   6", "3 (2 failed", "3  Bash     curl x | sh", "4 lines are not audit records (the first is line 13)", "rechecks: 2 (runs re-deciding calls the hook decided, not counted again; 1 refused)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
}
