package permission

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestSessionPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, id string
		wantErr  bool
	}{
		{"letters, digits, dot, dash and underscore", "run-1_a.b", false},
		{"128 bytes", strings.Repeat("a", 128), false},
		{"empty", "", true},
		{"129 bytes", strings.Repeat("a", 129), true},
		{"a slash would leave the directory", "a/b", true},
		{"dot-dot would leave the directory", "..", true},
		{"dot-dot inside", "a..b", true},
		{"dot alone", ".", true},
		{"a space", "a b", true},
		{"a NUL", "a\x00", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := SessionPath("/state", tt.id)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("SessionPath(%q) = %q, want an error", tt.id, got)
				}
				return
			}
			if want := "/state/mewsandbox/sessions/" + tt.id + ".json"; err != nil || got != want {
				t.Errorf("SessionPath(%q) = %q, %v, want %q", tt.id, got, err, want)
			}
		})
	}
	if _, err := SessionPath("", "x"); err == nil {
		t.Error("SessionPath without a state directory succeeded")
	}
	if got := StateHome("", "/home/u"); got != "/home/u/.local/state" {
		t.Errorf("StateHome without XDG_STATE_HOME = %q", got)
	}
	if got := StateHome("/xdg", "/home/u"); got != "/xdg" {
		t.Errorf("StateHome with XDG_STATE_HOME = %q", got)
	}
}

func TestSessionMissingFileIsEmptyAndCreatedOnFirstChange(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state", "sessions", "s.json")
	s, err := OpenSession("s", path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Approved("Bash:ls") || s.LimitReached() {
		t.Fatal("a new session has approvals or denials")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("opening created the file: %v", err)
	}
	if err := s.Approve("Bash:ls"); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("session file mode %v, want 0600", fi.Mode().Perm())
	}
	again, err := OpenSession("s", path)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Approved("Bash:ls") || again.Approved("Bash:rm") {
		t.Error("the approval did not persist exactly")
	}
	// An approval made through another handle is seen without reopening.
	if err := again.Approve("Read:/x"); err != nil {
		t.Fatal(err)
	}
	if !s.Approved("Read:/x") {
		t.Error("an approval from another handle is not seen")
	}
}

func TestSessionParallelWriters(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "s.json")
	const writers = 50
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := OpenSession("par", path)
			if err == nil {
				err = s.Approve(fmt.Sprintf("Bash:cmd %d", i))
			}
			if err == nil {
				_, err = s.RecordDecision(Deny)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := OpenSession("par", path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range writers {
		if !s.Approved(fmt.Sprintf("Bash:cmd %d", i)) {
			t.Errorf("approval %d was lost", i)
		}
	}
	if c, total := s.Denials(); total != writers || c != writers {
		t.Errorf("denials = %d consecutive, %d total, want %d", c, total, writers)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".s.json.tmp-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %q", leftovers)
	}
}

// TestSessionHelperProcess is not a test: TestSessionParallelProcesses
// runs the test binary with it to approve keys from another process.
func TestSessionHelperProcess(t *testing.T) {
	path, worker := os.Getenv("MEWSANDBOX_SESSION_HELPER_PATH"), os.Getenv("MEWSANDBOX_SESSION_HELPER_WORKER")
	if path == "" {
		t.Skip("helper for TestSessionParallelProcesses")
	}
	s, err := OpenSession("proc", path)
	if err != nil {
		t.Fatal(err)
	}
	for k := range 5 {
		if err := s.Approve("Bash:worker " + worker + " key " + strconv.Itoa(k)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RecordDecision(Deny); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSessionParallelProcesses(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts processes")
	}
	path := filepath.Join(t.TempDir(), "s.json")
	const procs = 10
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for i := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestSessionHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), "MEWSANDBOX_SESSION_HELPER_PATH="+path, "MEWSANDBOX_SESSION_HELPER_WORKER="+strconv.Itoa(i))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("worker %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	s, err := OpenSession("proc", path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range procs {
		for k := range 5 {
			if key := fmt.Sprintf("Bash:worker %d key %d", i, k); !s.Approved(key) {
				t.Errorf("approval %q was lost", key)
			}
		}
	}
	if _, total := s.Denials(); total != procs*5 {
		t.Errorf("total denials = %d, want %d", total, procs*5)
	}
}

func TestSessionDenialTracking(t *testing.T) {
	t.Parallel()
	for _, persisted := range []bool{false, true} {
		t.Run(map[bool]string{false: "memory", true: "file"}[persisted], func(t *testing.T) {
			t.Parallel()
			s := NewMemorySession()
			if persisted {
				var err error
				if s, err = OpenSession("d", filepath.Join(t.TempDir(), "d.json")); err != nil {
					t.Fatal(err)
				}
			}
			record := func(d Decision) string {
				t.Helper()
				w, err := s.RecordDecision(d)
				if err != nil {
					t.Fatal(err)
				}
				return w
			}
			// Two denials: no warning. The third in a row warns.
			if w := record(Deny) + record(Deny); w != "" {
				t.Errorf("warning after 2 denials: %q", w)
			}
			if w := record(Deny); !strings.HasPrefix(w, "3 consecutive denials: ") {
				t.Errorf("warning after 3 consecutive denials = %q", w)
			}
			if w := record(Deny); !strings.HasPrefix(w, "4 consecutive denials: ") {
				t.Errorf("warning after 4 consecutive denials = %q", w)
			}
			// An allowed call ends the run; Ask counts for nothing.
			if w := record(Allow); w != "" {
				t.Errorf("warning on Allow: %q", w)
			}
			if w := record(Deny) + record(Ask) + record(Deny); w != "" {
				t.Errorf("warning after 2 denials following an Allow: %q", w)
			}
			if c, total := s.Denials(); c != 2 || total != 6 {
				t.Errorf("denials = %d consecutive, %d total, want 2, 6", c, total)
			}
			// 20 denials in a session reach the limit.
			for range DenialLimit - 7 {
				record(Deny)
				record(Allow)
			}
			if s.LimitReached() {
				t.Fatal("limit reached after 19 denials")
			}
			if w := record(Deny); !strings.HasPrefix(w, "denial limit reached") {
				t.Errorf("warning at the 20th denial = %q", w)
			}
			if !s.LimitReached() {
				t.Error("limit not reached after 20 denials")
			}
		})
	}
}

func TestSessionCorruptFile(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, content string }{
		{"not JSON", "{not json"},
		{"truncated", `{"version":1,"approved":["a"`},
		{"wrong types", `{"version":1,"approved":"a"}`},
		{"unknown version", `{"version":99,"approved":[]}`},
		{"negative count", `{"version":1,"approved":[],"totalDenials":-5}`},
		{"trailing data", `{"version":1,"approved":[]} {}`},
		{"empty", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "s.json")
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := OpenSession("s", path); err == nil || !strings.Contains(err.Error(), path) {
				t.Errorf("OpenSession on a corrupt file: error %v, want one naming %s", err, path)
			}
		})
	}
	// A file that goes bad after opening is not overwritten by a change.
	path := filepath.Join(t.TempDir(), "s.json")
	s, err := OpenSession("s", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Approve("k"); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("Approve on a corrupt file: error %v, want one naming it", err)
	}
	if _, err := s.RecordDecision(Deny); err == nil {
		t.Error("RecordDecision on a corrupt file succeeded")
	}
	if b, _ := os.ReadFile(path); string(b) != "garbage" {
		t.Errorf("the corrupt file was overwritten: %q", b)
	}
}

func TestOpenSessionRejectsBadIDs(t *testing.T) {
	t.Parallel()
	if _, err := OpenSession("../x", filepath.Join(t.TempDir(), "x.json")); err == nil {
		t.Error("OpenSession accepted the ID ../x")
	}
	if _, err := OpenSession("x", ""); err == nil {
		t.Error("OpenSession accepted an empty path")
	}
	if err := NewMemorySession().Approve(""); err == nil {
		t.Error("Approve accepted an empty key")
	}
}

func TestAppendRule(t *testing.T) {
	t.Parallel()
	t.Run("creates the file and its directory", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), ".mewsandbox", "settings.local.yaml")
		if err := AppendRule(path, RuleAllow, "Bash(npm test:*)"); err != nil {
			t.Fatal(err)
		}
		s := loadSettingsFile(t, path)
		if len(s.Rules.Allow) != 1 || s.Rules.Allow[0].Text != "Bash(npm test:*)" {
			t.Errorf("allow = %v", s.Rules.Allow)
		}
	})
	t.Run("is idempotent", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		for range 3 {
			if err := AppendRule(path, RuleAllow, "Bash(ls)"); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := os.ReadFile(path)
		if err := AppendRule(path, RuleAllow, "  Bash(ls)  "); err != nil {
			t.Fatal(err)
		}
		after, _ := os.ReadFile(path)
		if s := loadSettingsFile(t, path); len(s.Rules.Allow) != 1 || string(before) != string(after) {
			t.Errorf("rule added more than once:\n%s", after)
		}
	})
	t.Run("keeps other keys, lists and comments", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		orig := "# my settings\nmodel: opus # the big one\npermissions:\n  deny:\n    - Read(.env) # secrets\n  allow:\n    - Bash(ls)\n  defaultMode: plan\n"
		if err := os.WriteFile(path, []byte(orig), 0o640); err != nil {
			t.Fatal(err)
		}
		if err := AppendRule(path, RuleAllow, "Bash(git status)"); err != nil {
			t.Fatal(err)
		}
		if err := AppendRule(path, RuleAsk, "Bash(git push:*)"); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		for _, want := range []string{"# my settings", "# the big one", "# secrets", "model: opus", "defaultMode: plan"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("lost %q:\n%s", want, b)
			}
		}
		s := loadSettingsFile(t, path)
		if len(s.Rules.Allow) != 2 || s.Rules.Allow[1].Text != "Bash(git status)" || len(s.Rules.Ask) != 1 || len(s.Rules.Deny) != 1 {
			t.Errorf("rules after appending: allow %v ask %v deny %v", s.Rules.Allow, s.Rules.Ask, s.Rules.Deny)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
			t.Errorf("mode changed to %v", fi.Mode().Perm())
		}
	})
	t.Run("does not change the other uses of an anchored list", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		orig := "common: &c [Bash(ls)]\npermissions:\n  allow: *c\n  ask: *c\n"
		if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := AppendRule(path, RuleAllow, "Bash(pwd)"); err != nil {
			t.Fatal(err)
		}
		s := loadSettingsFile(t, path)
		if len(s.Rules.Allow) != 2 || len(s.Rules.Ask) != 1 {
			t.Errorf("allow %v ask %v", s.Rules.Allow, s.Rules.Ask)
		}
	})
	t.Run("refuses a broken file rather than overwrite it", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		orig := "permissions:\n  allow: [Bash(\n"
		if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := AppendRule(path, RuleAllow, "Bash(ls)"); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("error %v, want one naming %s", err, path)
		}
		if b, _ := os.ReadFile(path); string(b) != orig {
			t.Errorf("the broken file was changed: %q", b)
		}
	})
	t.Run("refuses a malformed rule", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		if err := AppendRule(path, RuleAllow, "Bash(rm"); err == nil {
			t.Error("a malformed rule was accepted")
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Error("a malformed rule created the file")
		}
	})
	t.Run("refuses a JSON file", func(t *testing.T) {
		t.Parallel()
		if err := AppendRule(filepath.Join(t.TempDir(), "settings.local.json"), RuleAllow, "Bash(ls)"); err == nil {
			t.Error("AppendRule wrote YAML into a .json file")
		}
	})
	t.Run("parallel writers lose nothing", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "settings.local.yaml")
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := AppendRule(path, RuleAllow, fmt.Sprintf("Bash(cmd%d:*)", i)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if s := loadSettingsFile(t, path); len(s.Rules.Allow) != 20 {
			t.Errorf("%d rules after 20 parallel appends", len(s.Rules.Allow))
		}
	})
}

func loadSettingsFile(t *testing.T, path string) *Settings {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSettings(path, b, "")
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return s
}

// TestAppendRuleThroughLinks: a project's .mewsandbox, its settings file
// or the file's lock, made a link by a sandboxed command, is not written
// through: the approval is refused and what the link leads to is as it
// was (a review made the lock a link to /etc/nologin, which the runner,
// root, created).
func TestAppendRuleThroughLinks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, link string }{
		{"the directory", ".mewsandbox"},
		{"the settings file", ".mewsandbox/settings.local.yaml"},
		{"its lock", ".mewsandbox/settings.local.yaml.lock"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root, outside := t.TempDir(), t.TempDir()
			target := filepath.Join(outside, "target")
			if tt.link == ".mewsandbox" {
				if err := os.Mkdir(target, 0o755); err != nil {
					t.Fatal(err)
				}
			} else if err := os.Mkdir(filepath.Join(root, ".mewsandbox"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, filepath.Join(root, tt.link)); err != nil {
				t.Fatal(err)
			}
			err := AppendRule(filepath.Join(root, ".mewsandbox", "settings.local.yaml"), RuleAllow, "Bash(echo:*)")
			if err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("AppendRule = %v, want an error naming the link", err)
			}
			entries, _ := os.ReadDir(outside)
			for _, e := range entries {
				if e.Name() != "target" {
					t.Errorf("%s was made outside the project", e.Name())
				}
			}
			if fi, err := os.Stat(target); err == nil && !fi.IsDir() {
				t.Errorf("the link's target was made: %v", fi.Mode())
			} else if err == nil && tt.link == ".mewsandbox" {
				if entries, _ := os.ReadDir(target); len(entries) != 0 {
					t.Errorf("written into the directory the link leads to: %v", entries)
				}
			}
		})
	}
	// A FIFO in the file's place is refused, not waited on.
	fifoRoot := t.TempDir()
	fifo := filepath.Join(fifoRoot, ".mewsandbox", "settings.local.yaml")
	if err := os.MkdirAll(filepath.Dir(fifo), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- AppendRule(fifo, RuleAllow, "Bash(echo:*)") }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("AppendRule on a FIFO = %v, want not a regular file", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("AppendRule waited on a FIFO")
	}
	// The neighbour: a plain directory takes the rule.
	root := t.TempDir()
	path := filepath.Join(root, ".mewsandbox", "settings.local.yaml")
	if err := AppendRule(path, RuleAllow, "Bash(echo:*)"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "Bash(echo:*)") {
		t.Errorf("the rule is not in the file: %q", b)
	}
}
