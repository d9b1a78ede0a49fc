//go:build linux

package integration

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalStopsTheJob: SIGTSTP sent to mewsandbox stops the command and
// then the runner, as a job; the SIGCONT that resumes the runner reaches
// the command. With the namespace layer and without.
func TestSignalStopsTheJob(t *testing.T) {
	t.Parallel()
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"run"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			args := append(append([]string{"run", "--yolo"}, flags...), "-c",
				`trap 'echo CONT > got; exit 3' CONT; echo ready > ready; while :; do sleep 0.02; done`)
			s := b.start(args...)
			waitFile(t, filepath.Join(b.root, "ready"))
			s.Process.Signal(syscall.SIGTSTP)
			deadline := time.Now().Add(10 * time.Second)
			for stateOf(t, s.Process.Pid).state != "T" {
				if time.Now().After(deadline) {
					t.Fatalf("the runner did not stop on SIGTSTP (state %q)", stateOf(t, s.Process.Pid).state)
				}
				time.Sleep(5 * time.Millisecond)
			}
			s.Process.Signal(syscall.SIGCONT)
			if code := s.wait(t, 10*time.Second); code != 3 {
				t.Errorf("exit %d, want 3 (the command's CONT trap); stderr: %s", code, s.stderr.String())
			}
		})
	}
}

// TestSignalsWithTerminalStdin: stdin a terminal, but no controlling
// terminal (a session of its own, as under a supervisor that hands its
// children a pty): the run takes the terminal's part, and a SIGTERM sent
// to mewsandbox still reaches the command. The catching begun at the
// start, which is for runs without a terminal, must give the signals up.
func TestSignalsWithTerminalStdin(t *testing.T) {
	t.Parallel()
	_, slave := hostTerminal(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"run"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			pts, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer pts.Close()
			args := append(append([]string{"run", "--yolo"}, flags...), "-c",
				`trap 'echo TERM > got; exit 3' TERM; echo ready > ready; while :; do sleep 0.02; done`)
			s := b.startWith(pts, args...)
			waitFile(t, filepath.Join(b.root, "ready"))
			s.Process.Signal(syscall.SIGTERM)
			if code := s.wait(t, 10*time.Second); code != 3 {
				t.Errorf("exit %d, want 3 (the command's TERM trap); stderr: %s", code, s.stderr.String())
			}
			if got := waitFile(t, filepath.Join(b.root, "got")); got != "TERM" {
				t.Errorf("the command caught %q, want TERM", got)
			}
		})
	}
}

// TestForegroundGivenBack: on its terminal the command stays in the
// caller's session, so it can make a process group of its own the
// terminal's foreground (as an interactive shell does for a job). A red
// team's command did and ended: the terminal's foreground was then a group
// with no process, and the caller, a script without job control, was in
// the background of its own terminal past the run (its reads got EIO, or
// SIGTTIN stopped it). The run gives the foreground back.
func TestForegroundGivenBack(t *testing.T) {
	requireTerminalTakers(t)
	for _, flags := range []string{"", "--no-namespaces"} {
		t.Run("run "+flags, func(t *testing.T) {
			b := newBox(t, nil)
			b.file("take.py", `import os, signal
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
os.setpgid(0, 0)
os.tcsetpgrp(0, os.getpgrp())
print("took", os.tcgetpgrp(0) == os.getpgrp())
`, 0o644)
			// pgrp and tpgid are the 3rd and 6th fields after the comm.
			b.file("outer.sh", `stat() { sed 's/.*) //' /proc/$$/stat | cut -d' ' -f"$1"; }
"$MEWSANDBOX" run --yolo `+flags+` -- python3 take.py
echo "pgrp=$(stat 3) fg=$(stat 6)"
`, 0o644)
			cmd := osexec.Command("script", "-qec", "sh outer.sh", "/dev/null")
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "MEWSANDBOX=" + bin}
			r := runCommand(t, cmd)
			if !strings.Contains(r.stdout, "took True") {
				t.Fatalf("the command did not take the foreground: %q %q", r.stdout, r.stderr)
			}
			var pgrp, fg int
			i := strings.Index(r.stdout, "pgrp=")
			if i < 0 {
				t.Fatalf("no pgrp in %q", r.stdout)
			}
			if _, err := fmt.Sscanf(r.stdout[i:], "pgrp=%d fg=%d", &pgrp, &fg); err != nil || pgrp != fg {
				t.Errorf("after the run the terminal's foreground is %d, the caller's group %d (%v): want it the caller's; output %q", fg, pgrp, err, r.stdout)
			}
		})
	}
}

// requireTerminalTakers skips where a test cannot run a command on a
// terminal of its own (script) that takes the terminal's foreground
// (python3).
func requireTerminalTakers(t *testing.T) {
	t.Helper()
	for _, p := range []string{"/usr/bin/script", "/usr/bin/python3"} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is not installed: no terminal to run on, or no program to take it", p)
		}
	}
}
