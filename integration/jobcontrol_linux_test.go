//go:build linux

package integration

import (
	"os"
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
			deadline := time.Now().Add(5 * time.Second)
			for stateOf(t, s.Process.Pid).state != "T" {
				if time.Now().After(deadline) {
					t.Fatalf("the runner did not stop on SIGTSTP (state %q)", stateOf(t, s.Process.Pid).state)
				}
				time.Sleep(5 * time.Millisecond)
			}
			s.Process.Signal(syscall.SIGCONT)
			if code := s.wait(t, 5*time.Second); code != 3 {
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
			if code := s.wait(t, 5*time.Second); code != 3 {
				t.Errorf("exit %d, want 3 (the command's TERM trap); stderr: %s", code, s.stderr.String())
			}
			if got := waitFile(t, filepath.Join(b.root, "got")); got != "TERM" {
				t.Errorf("the command caught %q, want TERM", got)
			}
		})
	}
}
