package integration

// Red team rev63 of the file tools through the Claude Code hook: places
// on the host a root-run agent's Write or Read reached in
// bypassPermissions, with no sandbox behind the file tools; each beside
// the neighbour that must keep passing.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// hookDecision runs the hook on one file tool call in dir, in mode, and
// returns its decision and reason.
func hookDecision(t *testing.T, dir, mode, tool string, input any) (decision, reason string) {
	t.Helper()
	r := run(t, invocation{args: []string{"hook", "claude-code"}, stdin: event(dir, mode, tool, input), dir: dir})
	if r.code != 0 {
		t.Fatalf("%s %v in %s: exit %d: %s", tool, input, mode, r.code, r.stderr)
	}
	var got hookJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%s %v: stdout is not JSON: %v: %q", tool, input, err, r.stdout)
	}
	return got.HookSpecificOutput.PermissionDecision, got.HookSpecificOutput.PermissionDecisionReason
}

// TestHostPlacesRev63: in bypassPermissions the file tools' Write of
// the kernel's core_pattern (whose program the kernel runs as root), of
// a disk's device, and of /private/etc/sudoers (macOS's real name of
// /etc/sudoers), and a Read of a host key by its /private name, were
// allowed, as was a systemd user unit in ~/.local/share that overrides
// the host's own, and in default mode a Read of Yarn's token in
// ~/.yarnrc.yml; now asked. A note there, configstore's update notices,
// an edit in the root, a Read of README.md and a Glob of **/*.go stay
// allowed.
func TestHostPlacesRev63(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "# app\n", "main.go": "package main\n"})
	for _, tt := range []struct {
		mode, tool string
		input      map[string]string
		want       string
	}{
		{"bypassPermissions", "Write", map[string]string{"file_path": "/proc/sys/kernel/core_pattern", "content": "|/tmp/x"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/sys/kernel/uevent_helper", "content": "/tmp/x"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/dev/sda", "content": "x"}, "ask"},
		{"bypassPermissions", "Edit", map[string]string{"file_path": "/private/etc/sudoers", "old_string": "a", "new_string": "b"}, "ask"},
		{"bypassPermissions", "Read", map[string]string{"file_path": "/private/etc/ssh/ssh_host_ed25519_key"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/Library/LaunchDaemons/com.x.plist", "content": "x"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "~/.local/share/systemd/user/pipewire.service", "content": "[Service]"}, "ask"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "~/.local/share/notes/today.md", "content": "x"}, "allow"},
		{"default", "Read", map[string]string{"file_path": "~/.yarnrc.yml"}, "ask"},
		{"default", "Read", map[string]string{"file_path": "~/.config/configstore/update-notifier-npm.json"}, "allow"},
		{"default", "Edit", map[string]string{"file_path": dir + "/main.go", "old_string": "main", "new_string": "app"}, "allow"},
		{"default", "Read", map[string]string{"file_path": dir + "/README.md"}, "allow"},
		{"default", "Glob", map[string]string{"pattern": "**/*.go"}, "allow"},
		{"bypassPermissions", "Write", map[string]string{"file_path": "/dev/null", "content": "x"}, "allow"},
	} {
		if got, why := hookDecision(t, dir, tt.mode, tt.tool, tt.input); got != tt.want {
			t.Errorf("%s %s in %s: %s (%s), want %s", tt.tool, tt.input["file_path"], tt.mode, got, why, tt.want)
		}
	}
}

// TestNFCPathsRev63: Claude Code's file tools open a path in Unicode's
// composed form (NFC); the hook judged it as written, so a Read spelled
// with the Kelvin sign (U+212A, which NFC makes K) got past a deny rule
// on ./Keys and read a private key below a home named Kate. Now asked
// or denied as the path the tool opens; a decomposed name no rule
// covers is still read.
func TestNFCPathsRev63(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{
		".mewsandbox/settings.yaml": "permissions:\n  deny: [\"Read(./Keys/**)\"]\n",
		"Keys/prod.pem":             "KEY\n",
		"café/menu.md":              "# menu\n",
	})
	home := filepath.Join(outsideTemp(t), "Kate")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	kelvinHome := filepath.Dir(home) + "/\u212Aate"
	for _, tt := range []struct{ path, want string }{
		{"\u212Aeys/prod.pem", "deny"},
		{dir + "/\u212Aeys/prod.pem", "deny"},
		{kelvinHome + "/.ssh/id_rsa", "ask"},
		{"cafe\u0301/menu.md", "allow"},
		{dir + "/README.md", "allow"},
	} {
		r := run(t, invocation{args: []string{"hook", "claude-code"}, stdin: event(dir, "default", "Read", map[string]string{"file_path": tt.path}), dir: dir,
			env: []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}})
		var got hookJSON
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
			t.Fatalf("Read %q: exit %d: %s%s", tt.path, r.code, r.stdout, r.stderr)
		}
		if o := got.HookSpecificOutput; o.PermissionDecision != tt.want {
			t.Errorf("Read %q: %s (%s), want %s", tt.path, o.PermissionDecision, o.PermissionDecisionReason, tt.want)
		}
	}
}
