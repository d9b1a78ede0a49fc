//go:build linux

package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestForegroundNotTheSharers: without the layer the command's parent is
// the sharer, a process of the runner's in a process group of its own, in
// the caller's session. A red team's command made that group the
// terminal's foreground (tcsetpgrp on its terminal, SIGTTOU ignored), then
// changed the terminal's settings (stty): SIGTTOU stopped the run's whole
// group, the runner with it, and ^C went to the sharer, which blocks every
// signal: the caller's terminal hung until a kill from elsewhere. The
// sharer is in a session of its own, so the terminal refuses it as a
// foreground (EPERM). With the layer the sharer is outside the command's
// pid namespace, which cannot name its group.
func TestForegroundNotTheSharers(t *testing.T) {
	for _, p := range []string{"/usr/bin/script", "/usr/bin/python3"} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is not installed: no terminal to run on, or no program to take it", p)
		}
	}
	for _, flags := range []string{"", "--no-namespaces"} {
		t.Run("run "+flags, func(t *testing.T) {
			b := newBox(t, nil)
			b.file("take.py", `import os, signal
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
try:
    os.tcsetpgrp(0, os.getpgid(os.getppid()))
    print("took", os.tcgetpgrp(0), flush=True)
except OSError as e:
    print("refused", e.errno, flush=True)
signal.signal(signal.SIGTTOU, signal.SIG_DFL)
os.system("stty -echo; stty echo; echo settled")
`, 0o644)
			b.file("outer.sh", `"$MEWSANDBOX" run --yolo `+flags+` -- python3 take.py; echo "exit $?"`, 0o644)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := osexec.CommandContext(ctx, "script", "-qec", "sh outer.sh", "/dev/null")
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "MEWSANDBOX=" + bin}
			cmd.WaitDelay = time.Second
			r := runCommand(t, cmd)
			if ctx.Err() != nil {
				for _, pid := range workingIn(b.root) {
					_ = syscall.Kill(pid, syscall.SIGKILL) // stopped, what script's end left
				}
				t.Fatalf("the run hung once the command gave the terminal's foreground to its parent's group: %q", r.stdout)
			}
			if !strings.Contains(r.stdout, "settled") || !strings.Contains(r.stdout, "exit 0") {
				t.Errorf("the command's stty did not run to its end: %q %q", r.stdout, r.stderr)
			}
		})
	}
}
