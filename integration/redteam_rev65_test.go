package integration

// Red team rev65 of the Claude Code hook and the file tools, through
// their inputs: the file tools run in the agent's own process with no
// sandbox behind them, so the hook's answer is all there is.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestDescriptorLinksRev65: a Read of /proc/PID/fd/N, /proc/self/fd/N,
// /dev/fd/N or /proc/PID/map_files/… opens whatever that descriptor or
// mapping holds — here a private key this test holds open — and was
// allowed ("Read only reads"); in bypassPermissions a Write through a
// descriptor or another process's cwd, whose file cannot be known, was
// allowed too. Now asked (denied in dontAsk). A Read through
// /proc/self/root of a known file, a Read in the root and of
// /etc/hostname, a Write in the root, an Edit of README.md and a Glob of
// **/*.go stay allowed.
func TestDescriptorLinksRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n", "main.go": "package main\n"})
	f := heldKey(t)
	held := fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), f.Fd())
	for _, tt := range []struct {
		mode, tool string
		input      map[string]string
		want       string
	}{
		{"default", "Read", map[string]string{"file_path": held}, "ask"},
		{"default", "Read", map[string]string{"file_path": fmt.Sprintf("/proc/self/fd/%d", f.Fd())}, "ask"},
		{"default", "Read", map[string]string{"file_path": fmt.Sprintf("/dev/fd/%d", f.Fd())}, "ask"},
		{"default", "Read", map[string]string{"file_path": fmt.Sprintf("/proc/%d/task/%d/fd/%d", os.Getpid(), os.Getpid(), f.Fd())}, "ask"},
		{"default", "Read", map[string]string{"file_path": fmt.Sprintf("/proc/%d/map_files/7f0000000000-7f0000001000", os.Getpid())}, "ask"},
		{"bypassPermissions", "Read", map[string]string{"file_path": held}, "ask"},
		{"dontAsk", "Read", map[string]string{"file_path": held}, "deny"},
		{"default", "Grep", map[string]string{"pattern": "PRIVATE", "path": held}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": held, "content": "x"}, "ask"},
		{"bypassPermissions", "Edit", map[string]string{"file_path": "/proc/1/cwd/config", "old_string": "a", "new_string": "b"}, "ask"},
		{"bypassPermissions", "Read", map[string]string{"file_path": "/proc/1/cwd/config"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/proc/self/root" + dir + "/.git/hooks/pre-commit", "content": "x"}, "ask"},
		{"plan", "Write", map[string]string{"file_path": held, "content": "x"}, "deny"},

		{"default", "Read", map[string]string{"file_path": "/proc/self/root/etc/hostname"}, "allow"},
		{"default", "Read", map[string]string{"file_path": "/etc/hostname"}, "allow"},
		{"default", "Read", map[string]string{"file_path": dir + "/README.md"}, "allow"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/proc/self/root" + dir + "/notes.md", "content": "x"}, "allow"},
		{"acceptEdits", "Write", map[string]string{"file_path": dir + "/notes.md", "content": "x"}, "allow"},
		{"default", "Edit", map[string]string{"file_path": dir + "/README.md", "old_string": "app", "new_string": "App"}, "allow"},
		{"default", "Glob", map[string]string{"pattern": "**/*.go"}, "allow"},
	} {
		if got, why := hookDecision(t, dir, tt.mode, tt.tool, tt.input); got != tt.want {
			t.Errorf("%s %v in %s: %s (%s), want %s", tt.tool, tt.input, tt.mode, got, why, tt.want)
		}
	}
}

// TestHookReasonVisibleRev65: the reason Claude Code shows at an ask
// carries the agent's path as written, and an escape sequence, a
// carriage return or a right-to-left override in it redrew the prompt
// the person answers. Now each shows as its escape; the answer is one
// JSON object on stdout whatever goes to stderr (a warning on an
// unknown permission_mode here), and a plain path's reason names it as
// written.
func TestHookReasonVisibleRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n"})
	for _, tt := range []struct {
		mode, path string
		hidden     bool
	}{
		{"default", "/tmp/x\x1b[1A\x1b[2K\rREADME.md", true},
		{"auto", "/tmp/x\nmewsandbox: allowed", true},
		{"default", "/tmp/\u202egnp.sh", true},
		{"default", "/tmp/notes \"draft\".md", false},
	} {
		r := run(t, invocation{args: []string{"hook", "claude-code"}, stdin: event(dir, tt.mode, "Write", map[string]string{"file_path": tt.path, "content": "x"}), dir: dir})
		if r.code != 0 {
			t.Fatalf("Write %q: exit %d: %s", tt.path, r.code, r.stderr)
		}
		dec := json.NewDecoder(strings.NewReader(r.stdout))
		var got hookJSON
		if err := dec.Decode(&got); err != nil || dec.More() {
			t.Fatalf("Write %q: stdout is not one JSON object (%v): %q", tt.path, err, r.stdout)
		}
		o := got.HookSpecificOutput
		if o.PermissionDecision != "ask" {
			t.Errorf("Write %q: %s (%s), want ask", tt.path, o.PermissionDecision, o.PermissionDecisionReason)
		}
		hidden := strings.IndexFunc(o.PermissionDecisionReason, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) >= 0
		if hidden {
			t.Errorf("Write %q: the reason holds what a terminal acts on: %q", tt.path, o.PermissionDecisionReason)
		}
		if !tt.hidden && !strings.Contains(o.PermissionDecisionReason, tt.path) {
			t.Errorf("Write %q: the reason does not name the path as written: %q", tt.path, o.PermissionDecisionReason)
		}
	}
}

// TestDeviceReadsRev65: a root-run agent's Grep of a disk's device for
// "PRIVATE KEY", or a Read of /proc/kcore, reads below the file systems,
// where every key is, and was allowed ("Grep only reads"); now asked for
// in every mode. /dev/null and a command's head of /dev/urandom stay
// allowed.
func TestDeviceReadsRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n"})
	for _, tt := range []struct {
		mode, tool string
		input      map[string]string
		want       string
	}{
		{"bypassPermissions", "Grep", map[string]string{"pattern": "PRIVATE KEY", "path": "/dev/sda"}, "ask"},
		{"default", "Read", map[string]string{"file_path": "/dev/nvme0n1"}, "ask"},
		{"default", "Read", map[string]string{"file_path": "/proc/kcore"}, "ask"},
		{"dontAsk", "Read", map[string]string{"file_path": "/dev/mem"}, "deny"},
		{"default", "Bash", map[string]string{"command": "grep -a 'PRIVATE KEY' /dev/vda1"}, "ask"},

		{"default", "Read", map[string]string{"file_path": "/dev/null"}, "allow"},
		{"default", "Bash", map[string]string{"command": "head -c 16 /dev/urandom | od -x"}, "allow"},
		{"default", "Read", map[string]string{"file_path": dir + "/README.md"}, "allow"},
	} {
		if got, why := hookDecision(t, dir, tt.mode, tt.tool, tt.input); got != tt.want {
			t.Errorf("%s %v in %s: %s (%s), want %s", tt.tool, tt.input, tt.mode, got, why, tt.want)
		}
	}
}

// TestAgentOwnCwdRev65: after the agent's `cd sub` the event's cwd is
// the root's sub, but a file tool opens /proc/self/cwd in the agent's
// process, which stayed where it started: a Write of
// /proc/self/cwd/../notes.md, judged as the root's notes.md, was
// allowed in acceptEdits and would land beside the root. Now asked; a
// Write of sub's file by its path, relative to the event's cwd, and a
// shell redirection through the shell's own /proc/self/cwd stay allowed.
func TestAgentOwnCwdRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n", "sub/main.go": "package sub\n"})
	sub := filepath.Join(dir, "sub")
	for _, tt := range []struct {
		tool  string
		input map[string]string
		want  string
	}{
		{"Write", map[string]string{"file_path": "/proc/self/cwd/../notes.md", "content": "x"}, "ask"},
		{"Edit", map[string]string{"file_path": "/proc/thread-self/cwd/main.go", "old_string": "sub", "new_string": "x"}, "ask"},

		{"Write", map[string]string{"file_path": "notes.md", "content": "x"}, "allow"},
		{"Edit", map[string]string{"file_path": "main.go", "old_string": "sub", "new_string": "x"}, "allow"},
		{"Bash", map[string]string{"command": "echo x > /proc/self/cwd/notes.md"}, "allow"},
	} {
		if got, why := hookDecision(t, sub, "acceptEdits", tt.tool, tt.input); got != tt.want {
			t.Errorf("%s %v from sub in acceptEdits: %s (%s), want %s", tt.tool, tt.input, got, why, tt.want)
		}
	}
}

// TestInitHooksDisabledRev65: Claude Code runs no hook of the project's
// when a settings file it merges sets disableAllHooks (a cloned
// project's .claude/settings.json, a settings.local.json), yet init
// installed the hook, or found it installed, without a word: every
// call then went through unchecked. init now says which file disables
// it; without one it says nothing of the kind.
func TestInitHooksDisabledRev65(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		files map[string]string
		warn  bool
	}{
		{"project settings", map[string]string{".claude/settings.json": `{"disableAllHooks": true}`}, true},
		{"local settings", map[string]string{".claude/settings.local.json": `{"permissions": {}, "disableAllHooks": true}`}, true},
		{"the last of two keys", map[string]string{".claude/settings.local.json": `{"disableAllHooks": false, "disableAllHooks": true}`}, true},
		{"neighbour: set false", map[string]string{".claude/settings.local.json": `{"disableAllHooks": false}`}, false},
		{"neighbour: no such key", map[string]string{"main.go": "package main\n"}, false},
	} {
		dir := project(t, tt.files)
		for i := range 2 { // installed, then already installed
			r := run(t, invocation{args: []string{"init", "claude-code"}, dir: dir})
			if r.code != 0 {
				t.Fatalf("%s: init: exit %d: %s%s", tt.name, r.code, r.stdout, r.stderr)
			}
			if got := strings.Contains(r.stderr, "disableAllHooks"); got != tt.warn {
				t.Errorf("%s, run %d: warned of disableAllHooks %v, want %v: %s", tt.name, i+1, got, tt.warn, r.stderr)
			}
		}
	}
}

// TestOtherRootRev65: /proc/PID/root is that process's root, a
// container's or a chroot's for some; a Write of
// /proc/PID/root/ROOT/notes.md was judged as the root's notes.md and
// allowed in acceptEdits. Now asked; through the agent's own
// /proc/self/root it is still the root's file, allowed.
func TestOtherRootRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n"})
	for _, tt := range []struct {
		path, want string
	}{
		{"/proc/1/root" + dir + "/notes.md", "ask"},
		{fmt.Sprintf("/proc/%d/task/%d/root%s/notes.md", os.Getpid(), os.Getpid(), dir), "ask"},
		{"/proc/self/root" + dir + "/notes.md", "allow"},
		{"/proc/thread-self/root" + dir + "/notes.md", "allow"},
	} {
		if got, why := hookDecision(t, dir, "acceptEdits", "Write", map[string]string{"file_path": tt.path, "content": "x"}); got != tt.want {
			t.Errorf("Write %s in acceptEdits: %s (%s), want %s", tt.path, got, why, tt.want)
		}
	}
}

// TestHomeVariableRev65: Claude Code's file tools expand ~ and ~/ only;
// $HOME/x is a directory named $HOME below the working directory to
// them. The hook took it for the home directory, so from ~/app a Read
// of $HOME/../../.ssh/id_ed25519 was judged as /.ssh/id_ed25519 and
// allowed, while the tool reads ~/app/$HOME/../../.ssh/id_ed25519: the
// home's key. Now asked (denied in dontAsk); a Read of ~/app's README
// and a Write below a directory named $HOME in the root stay allowed.
func TestHomeVariableRev65(t *testing.T) {
	t.Parallel()
	home, env := userHome(t, ".ssh/id_ed25519", "-----BEGIN OPENSSH PRIVATE KEY-----\n")
	app := filepath.Join(home, "app")
	for _, d := range []string{".git", "$HOME"} {
		if err := os.MkdirAll(filepath.Join(app, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(app, "README.md"), []byte("# app\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode, tool string
		input      map[string]string
		want       string
	}{
		{"default", "Read", map[string]string{"file_path": "$HOME/../../.ssh/id_ed25519"}, "ask"},
		{"bypassPermissions", "Read", map[string]string{"file_path": "${HOME}/../../.ssh/id_ed25519"}, "ask"},
		{"dontAsk", "Grep", map[string]string{"pattern": "PRIVATE", "path": "$HOME/../../.ssh"}, "deny"},

		{"default", "Read", map[string]string{"file_path": "README.md"}, "allow"},
		{"acceptEdits", "Write", map[string]string{"file_path": "$HOME/notes.md", "content": "x"}, "allow"},
		{"default", "Read", map[string]string{"file_path": "~/.ssh/id_ed25519"}, "ask"},
	} {
		r := run(t, invocation{args: []string{"hook", "claude-code"}, stdin: event(app, tt.mode, tt.tool, tt.input), dir: app, env: env})
		if r.code != 0 {
			t.Fatalf("%s %v: exit %d: %s", tt.tool, tt.input, r.code, r.stderr)
		}
		var got hookJSON
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%s %v: stdout is not JSON: %v: %q", tt.tool, tt.input, err, r.stdout)
		}
		if o := got.HookSpecificOutput; o.PermissionDecision != tt.want {
			t.Errorf("%s %v in %s: %s (%s), want %s", tt.tool, tt.input, tt.mode, o.PermissionDecision, o.PermissionDecisionReason, tt.want)
		}
	}
}

// TestTextFoldedProcRev65: Claude Code's file tools fold ".." as text
// before they open a path; the hook walked /proc/self/root/.. as the
// kernel would, the root, so a Read of /proc/self/root/../fd/N was
// judged as /fd/N and allowed while the tool opened /proc/self/fd/N,
// here a private key this test holds open. Now asked; a Read of
// /proc/self/root/../etc/hostname stays allowed.
func TestTextFoldedProcRev65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n"})
	f := heldKey(t)
	for _, tt := range []struct {
		mode, tool, path, want string
	}{
		{"default", "Read", fmt.Sprintf("/proc/self/root/../fd/%d", f.Fd()), "ask"},
		{"bypassPermissions", "Write", fmt.Sprintf("/proc/thread-self/root/../fd/%d", f.Fd()), "ask"},
		{"default", "Read", "/proc/self/root/../etc/hostname", "allow"},
	} {
		if got, why := hookDecision(t, dir, tt.mode, tt.tool, map[string]string{"file_path": tt.path, "content": "x"}); got != tt.want {
			t.Errorf("%s %s in %s: %s (%s), want %s", tt.tool, tt.path, tt.mode, got, why, tt.want)
		}
	}
}

// heldKey is a (fake) private key this test process holds open until the
// test ends: what an agent's own descriptors may hold.
func heldKey(t *testing.T) *os.File {
	t.Helper()
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(key, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(key)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
