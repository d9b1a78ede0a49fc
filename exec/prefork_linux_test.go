//go:build linux

package exec

import (
	"bytes"
	"os"
	osexec "os/exec"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestFitsPrefork: the pre-forked child (child_linux.c's maybe_prefork)
// has the runner's stdio and working directory, and the namespace layer
// unless --no-namespaces; a run that differs in any of them starts its own.
func TestFitsPrefork(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	cli := func() *Cmd { return &Cmd{Dir: cwd, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }
	noNS := func() *Cmd {
		c := cli()
		c.Policy.NoNamespaces = true
		return c
	}
	if !cli().fitsPrefork(true) {
		t.Error("the CLI's run does not fit")
	}
	if !noNS().fitsPrefork(false) {
		t.Error("the CLI's --no-namespaces run does not fit a child forked without namespaces")
	}
	c := cli()
	c.Stdout, c.Stderr = nil, nil
	if !c.fitsPrefork(true) {
		t.Error("nil Stdout and Stderr (the runner's own) do not fit")
	}
	for name, change := range map[string]func(*Cmd){
		"--pass-fd":             func(c *Cmd) { c.PassFDs = []int{3} },
		"no stdin":              func(c *Cmd) { c.Stdin = nil },
		"stdout to a buffer":    func(c *Cmd) { c.Stdout = &bytes.Buffer{} },
		"stderr another file":   func(c *Cmd) { c.Stderr = os.Stdout },
		"another working dir":   func(c *Cmd) { c.Dir = t.TempDir() },
		"a missing working dir": func(c *Cmd) { c.Dir = "/nonexistent/mewsandbox" },
	} {
		for _, namespaced := range []bool{true, false} {
			c := cli()
			if !namespaced {
				c = noNS()
			}
			change(c)
			if c.fitsPrefork(namespaced) {
				t.Errorf("%s (namespaced child %v): fits", name, namespaced)
			}
		}
	}
	if cli().fitsPrefork(false) {
		t.Error("a run with the layer fits a child forked without namespaces")
	}
	if noNS().fitsPrefork(true) {
		t.Error("a --no-namespaces run fits a namespaced child")
	}
}

// TestCatchEarly: the catching begun at the start (for a pre-forked run
// without a terminal) is taken over by the first launch without a
// terminal, once; a signal caught meanwhile is waiting for it.
func TestCatchEarly(t *testing.T) {
	catchEarly()
	catchEarly() // once
	tty := newLaunch(&osexec.Cmd{}, true)
	tty.catch(true)
	tty.notifying.Wait()
	defer tty.stopCatching()
	if tty.sigs == early.sigs {
		t.Fatal("a launch with a terminal took the early catching")
	}
	l := newLaunch(&osexec.Cmd{}, false)
	want := early.sigs
	l.catch(false)
	l.notifying.Wait()
	defer l.stopCatching()
	if l.sigs != want || early.sigs != nil {
		t.Fatalf("the launch did not take the early catching over")
	}
	if err := unix.Kill(os.Getpid(), unix.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	select {
	case sig := <-l.sigs:
		if sig != unix.SIGUSR2 {
			t.Errorf("caught %v, want SIGUSR2", sig)
		}
	case <-time.After(5 * time.Second):
		t.Error("SIGUSR2 was not caught")
	}
	second := newLaunch(&osexec.Cmd{}, false)
	second.catch(false)
	second.notifying.Wait()
	defer second.stopCatching()
	if second.sigs == want {
		t.Error("a second launch took the early catching too")
	}
}

// TestPreforkUp: a pre-forked child is taken once it says "r"; one that
// died first (its mapping refused, say) is not, and the run starts its
// own; a slow one that is still alive is taken as it is.
func TestPreforkUp(t *testing.T) {
	for _, tt := range []struct {
		script string
		up     bool
	}{
		{"printf r >&3; sleep 1", true},
		{"exit 125", false},
		{"sleep 1", true},
	} {
		pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		ours, theirs := os.NewFile(uintptr(pair[0]), "spec"), os.NewFile(uintptr(pair[1]), "child")
		cmd := osexec.Command("sh", "-c", tt.script)
		cmd.ExtraFiles = []*os.File{theirs}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		theirs.Close()
		if !tt.up {
			// Dead, and not reaped: as a pre-forked child that failed.
			var info unix.Siginfo
			unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		}
		ended := func() bool {
			var info unix.Siginfo
			return unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil) == nil && info.Signo != 0
		}
		if got := preforkUp(ours, ended); got != tt.up {
			t.Errorf("%q: preforkUp = %v, want %v", tt.script, got, tt.up)
		}
		cmd.Process.Kill()
		cmd.Wait()
		ours.Close()
	}
}
