//go:build linux

package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestOOMKillerTakesTheSandboxFirst: without --limit-mem the layer's
// TMPDIR, /tmp and /dev/shm are each a tmpfs of half the memory, whose
// pages belong to no process: a command that filled them had the kernel's
// out-of-memory killer take the host's programs (a red team's finding,
// stop 58). Every process of a run now has oom_score_adj 1000, which the
// command cannot lower, with the layer and without, as root and as an
// ordinary user; the caller keeps its own.
func TestOOMKillerTakesTheSandboxFirst(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	requirePrefork(t, b)
	const script = "cat /proc/self/oom_score_adj; sh -c 'cat /proc/self/oom_score_adj'; echo 0 > /proc/self/oom_score_adj 2>/dev/null && echo lowered; cat /proc/self/oom_score_adj\n"
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	u := newUserBox(t)
	for _, tc := range []struct {
		name  string
		flags []string
		user  bool
	}{
		{"the layer", nil, false},
		{"--no-namespaces", []string{"--no-namespaces"}, false},
		{"its own child (--pass-fd)", []string{"--pass-fd", "3"}, false},
		{"the layer, as a user", nil, true},
		{"--no-namespaces, as a user", []string{"--no-namespaces"}, true},
	} {
		args := append(append([]string{"run", "--yolo"}, tc.flags...), "--", "sh", "-c", script)
		var out []byte
		var err error
		switch {
		case tc.user:
			out, err = u.command(args...).Output()
		case slices.Contains(tc.flags, "--pass-fd"):
			s := b.startFiles(nil, []*os.File{devNull}, args...)
			if code := s.wait(t, 10*time.Second); code != 0 {
				err = fmt.Errorf("exit %d: %s", code, s.stderr.String())
			}
			out = s.stdout.Bytes()
		default:
			r := b.run(args...)
			out = []byte(r.stdout)
			if r.code != 0 {
				err = fmt.Errorf("exit %d: %s", r.code, r.stderr)
			}
		}
		if got := string(out); err != nil || got != "1000\n1000\n1000\n" {
			t.Errorf("%s: %q, %v; want oom_score_adj 1000 in the command and its child, not lowered", tc.name, got, err)
		}
	}
	if own, _ := os.ReadFile("/proc/self/oom_score_adj"); string(own) == "1000\n" {
		t.Error("the caller's own oom_score_adj changed")
	}
}

// TestOOMFirstNotForHelp: `mewsandbox run --help` runs nothing, so it
// keeps its caller's oom_score_adj (it had 1000, set before the flags
// were read). Its standard output is a full pipe, so that it is caught in
// the write of its help, past where the value would have been set.
func TestOOMFirstNotForHelp(t *testing.T) {
	b := newBox(t, nil)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	wfd := int(w.Fd()) // once: Fd makes the descriptor blocking each time
	if err := unix.SetNonblock(wfd, true); err != nil {
		t.Fatal(err)
	}
	fill := make([]byte, 4096)
	for {
		if _, err := unix.Write(wfd, fill); err != nil {
			break // EAGAIN: full
		}
	}
	if err := unix.SetNonblock(wfd, false); err != nil {
		t.Fatal(err)
	}
	for _, help := range []string{"--help", "-h"} {
		cmd := b.command(b.root, nil, bin, "run", help)
		cmd.Stdout, cmd.Stderr = w, w
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		writing := func() bool {
			tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/syscall", cmd.Process.Pid))
			for _, f := range tasks {
				if s, _ := os.ReadFile(f); strings.HasPrefix(string(s), "1 0x1 ") || strings.HasPrefix(string(s), "1 0x2 ") {
					return true
				}
			}
			return false
		}
		deadline := time.Now().Add(10 * time.Second)
		for !writing() && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if !writing() {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("run %s: not caught writing its help in 10 s", help)
		}
		got, err := os.ReadFile(fmt.Sprintf("/proc/%d/oom_score_adj", cmd.Process.Pid))
		own, _ := os.ReadFile("/proc/self/oom_score_adj")
		cmd.Process.Kill()
		cmd.Wait()
		if err != nil || string(got) != string(own) {
			t.Errorf("run %s: oom_score_adj %q, %v; want the caller's %q: help runs nothing", help, got, err, own)
		}
	}
}
