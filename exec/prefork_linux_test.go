//go:build linux

package exec

import (
	"bytes"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
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
	cli := func() *Cmd { return &Cmd{Dir: cwd, Stdin: stdFile(0), Stdout: stdFile(1), Stderr: stdFile(2)} }
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
		"--pass-fd":          func(c *Cmd) { c.PassFDs = []int{3} },
		"no stdin":           func(c *Cmd) { c.Stdin = nil },
		"stdout to a buffer": func(c *Cmd) { c.Stdout = &bytes.Buffer{} },
		// A file of its own: under go test -json the test's stdout and
		// stderr are one pipe, which fits.
		"stderr another file":   func(c *Cmd) { c.Stderr = otherFile(t) },
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

func init() {
	testLibraryRun = func() int {
		adj, _ := os.ReadFile("/proc/self/oom_score_adj")
		fmt.Printf("sharer %d, pre-forked %v, oom_score_adj %s", sharerPid(), preforked(), adj)
		return 0
	}
}

// TestLibraryRunStartsNothing: a program that links this package (this
// test binary) and is started with "run" as its first argument gets no
// sharer, no pre-forked child and no oom_score_adj of 1000 at its start:
// those are the mewsandbox CLI's, whose flags the C code reads (mews_cli).
// Before, the constructor gave them to every such program: a library
// user's "myagent run" had a child forked into namespaces by flags that
// were not mewsandbox's.
func TestLibraryRunStartsNothing(t *testing.T) {
	own, err := os.ReadFile("/proc/self/oom_score_adj")
	if err != nil {
		t.Fatal(err)
	}
	cmd := osexec.Command(os.Args[0], "run", "--no-namespaces", "--", "true")
	cmd.Env = append(os.Environ(), "MEWSANDBOX_TEST_LIBRARY_RUN=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if want := fmt.Sprintf("sharer 0, pre-forked false, oom_score_adj %s", own); string(out) != want {
		t.Errorf("the program got %q at its start, want %q", out, want)
	}
}

// TestCatchEarly: the catching begun at the start (for a pre-forked run
// without a terminal) is taken over by the first launch without a
// terminal, once; a signal caught meanwhile is waiting for it. Once that
// launch stops catching, os/signal's catching works again.
func TestCatchEarly(t *testing.T) {
	catchEarly()
	catchEarly() // once
	l := newLaunch(&osexec.Cmd{}, false)
	want := early.sigs
	if err := unix.Kill(os.Getpid(), unix.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	l.catch(false)
	l.notifying.Wait()
	if l.sigs != want || early.sigs != nil {
		t.Fatalf("the launch did not take the early catching over")
	}
	receives(t, l.sigs, unix.SIGUSR2, "the early catching")
	second := newLaunch(&osexec.Cmd{}, false)
	second.catch(false)
	second.notifying.Wait()
	defer second.stopCatching()
	if second.sigs == want {
		t.Error("a second launch took the early catching too")
	}
	l.stopCatching()
	if err := unix.Kill(os.Getpid(), unix.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	receives(t, second.sigs, unix.SIGUSR2, "os/signal's catching after the early one stopped")
}

// TestCatchEarlyRefused: a launch with a terminal does not take the early
// catching, and its own (os/signal's) gets the signals: the early
// catching's handlers, which os/signal does not replace, are gone.
func TestCatchEarlyRefused(t *testing.T) {
	catchEarly()
	tty := newLaunch(&osexec.Cmd{}, true)
	tty.catch(true)
	tty.notifying.Wait()
	defer tty.stopCatching()
	if early.sigs != nil && tty.sigs == early.sigs {
		t.Fatal("a launch with a terminal took the early catching")
	}
	if err := unix.Kill(os.Getpid(), unix.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	receives(t, tty.sigs, unix.SIGUSR2, "a launch with a terminal")
	takeEarly(false) // what is left of it, for the tests after
}

// receives asserts that sig arrives on c within five seconds.
func receives(t *testing.T, c chan os.Signal, sig os.Signal, what string) {
	t.Helper()
	select {
	case got := <-c:
		if got != sig {
			t.Errorf("%s caught %v, want %v", what, got, sig)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("%s: %v was not caught", what, sig)
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

// TestHasTerminal: HasTerminal says whether /dev/tty opens, the process's
// controlling terminal, and says it again without looking again.
func TestHasTerminal(t *testing.T) {
	fd, err := unix.Open("/dev/tty", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err == nil {
		unix.Close(fd)
	}
	if got, want := HasTerminal(), err == nil; got != want {
		t.Errorf("HasTerminal() = %v; /dev/tty opens: %v", got, want)
	}
	if a, b := HasTerminal(), HasTerminal(); a != b {
		t.Errorf("HasTerminal() said %v, then %v", a, b)
	}
}

// otherFile is a file open for writing that is neither of the test's own
// standard descriptors.
func otherFile(t *testing.T) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "other"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// stdFiles keeps the files stdFile made reachable, so that no finalizer
// closes the test's own standard descriptors.
var stdFiles []*os.File

// stdFile is the test's standard descriptor fd as the CLI's runner has it:
// under go test -json, the testing package has os.Stderr write to fd 1.
func stdFile(fd uintptr) *os.File {
	f := os.NewFile(fd, "std")
	stdFiles = append(stdFiles, f)
	return f
}
