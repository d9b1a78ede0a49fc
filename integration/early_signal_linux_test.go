//go:build linux

package integration

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestSignalWhileLoadingSettings: a runner without a terminal catches the
// signals it relays from its start, for the command; one still loading
// its settings from a FIFO no one writes (--settings, a user's file) held
// SIGTERM and SIGINT for good, and `timeout 600 mewsandbox run` hung until
// SIGKILL. It ends with 128+N, and runs nothing. And the audit log keeps
// the run: the runner exited without a record of it. The record has what
// the runner knew, the settings still unread: no decision.
func TestSignalWhileLoadingSettings(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := project(t, nil)
			fifo := filepath.Join(outsideTemp(t), "settings.yaml")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			marker := filepath.Join(dir, "ran")
			home := outsideTemp(t)
			audit := filepath.Join(outsideTemp(t), "audit.jsonl")
			cmd := osexec.Command(bin, "run", "--audit", audit, "--session", "s1", "--settings", fifo, "--", "touch", marker)
			cmd.Dir = dir
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
			signalStuckRunner(t, cmd, sig)
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("the command ran")
			}
			data, err := os.ReadFile(audit)
			if err != nil {
				t.Fatalf("no audit log: %v", err)
			}
			var rec struct {
				Kind, Via, Session, Tool, Subject, Decision, Error string
				Exit                                               *int
			}
			if err := json.Unmarshal(data, &rec); err != nil || bytes.Count(data, []byte("\n")) != 1 {
				t.Fatalf("want one record, got %q (%v)", data, err)
			}
			if rec.Kind != "run" || rec.Via != "run" || rec.Session != "s1" || rec.Tool != "Bash" || rec.Subject != "touch "+marker ||
				rec.Decision != "" || rec.Exit == nil || *rec.Exit != 128+int(sig) ||
				rec.Error != "interrupted before the command ran: "+unix.SignalName(sig) {
				t.Errorf("audit record %s", data)
			}
		})
	}
}

// TestSignalWhileLoadingSettingsLogInRoot: the record of a run interrupted
// while its settings load goes only where the normal path would write it.
// Run from a subdirectory, a log elsewhere in the project root (which the
// command could write) is refused as it is then, and stderr says so.
func TestSignalWhileLoadingSettingsLogInRoot(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"sub/keep": ""})
	fifo := filepath.Join(outsideTemp(t), "settings.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	home := outsideTemp(t)
	audit := filepath.Join(dir, "audit.jsonl")
	cmd := osexec.Command(bin, "run", "--audit", audit, "--settings", fifo, "--", "true")
	cmd.Dir = filepath.Join(dir, "sub")
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	signalStuckRunner(t, cmd, syscall.SIGTERM)
	if data, err := os.ReadFile(audit); err == nil {
		t.Errorf("a record in a log inside the project root: %q", data)
	}
	if !strings.Contains(stderr.String(), "the audit log has no record of this run") {
		t.Errorf("stderr does not say the record was refused: %q", stderr.String())
	}
}

// signalStuckRunner starts cmd, a runner that blocks opening its settings,
// sends it sig once it is blocked there, and checks that it ends with
// 128+sig within 10 s. A fixed 300 ms wait once signalled a runner still
// starting, on a loaded machine (CI, as uid 999): a signal that comes
// before the runner's handlers ends it as it ends any program.
func signalStuckRunner(t *testing.T, cmd *osexec.Cmd, sig syscall.Signal) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !blockedOpeningFIFO(cmd.Process.Pid, 10*time.Second) {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the runner did not block opening its settings (a FIFO) in 10 s")
	}
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not end the runner, blocked opening its settings, in 10 s", sig)
	}
	var ee *osexec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
		t.Errorf("runner ended with %v, want exit %d", err, 128+int(sig))
	}
}

// blockedOpeningFIFO waits up to limit for a thread of process pid to be
// blocked opening a FIFO that has no writer (its wait channel, which the
// kernel shows the process's own user, is wait_for_partner).
func blockedOpeningFIFO(pid int, limit time.Duration) bool {
	tasks := fmt.Sprintf("/proc/%d/task", pid)
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		ids, err := os.ReadDir(tasks)
		if err != nil {
			return false // ended
		}
		for _, id := range ids {
			if w, _ := os.ReadFile(filepath.Join(tasks, id.Name(), "wchan")); string(w) == "wait_for_partner" {
				return true
			}
		}
	}
	return false
}
