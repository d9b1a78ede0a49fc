package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestUserSettingsFIFOUX3: a FIFO where the user's settings file is looked
// for held `run` and the hook until something wrote it: a CI job hung,
// and a hook that outlives Claude Code's time-out lets the call through.
// Both now exit 2 at once, saying what to do, and run nothing.
func TestUserSettingsFIFOUX3(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	home := outsideTemp(t)
	cfg := filepath.Join(home, ".config", "mewsandbox")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(cfg, "settings.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(dir, "ran")
	event := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"touch ran"},"cwd":"` + dir + `"}`
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
	}{
		{"run", []string{"run", "--", "touch", marker}, ""},
		{"hook", []string{"hook", "claude-code"}, event},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := osexec.CommandContext(ctx, bin, tt.args...)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(tt.stdin)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "LANG=C"}
		r := runCommand(t, cmd)
		timedOut := ctx.Err() != nil
		cancel()
		want := fifo + " (user) exists but cannot be read: a FIFO"
		if timedOut || r.code != 2 || !strings.Contains(r.stderr, want) || r.stdout != "" {
			t.Errorf("%s: timed out %v, exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.name, timedOut, r.code, r.stdout, r.stderr, want)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Errorf("%s: the command ran", tt.name)
		}
	}
}
