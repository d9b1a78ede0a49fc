//go:build linux && cgo

package exec

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The sharer's kill of a --no-namespaces run's stragglers (kill_stragglers
// in child_linux.c) runs here in a user and pid namespace of the test's
// own, where a pid can be handed out again at will (ns_last_pid): its init
// (role "init") starts the sharer (role "sharer"), a child subreaper that
// starts the tree to kill and kills it as the sharer would.

// Exit statuses of the namespace's init.
const (
	stragglerSpared  = 0  // the process that took a straggler's pid lives
	stragglerKilledU = 10 // it was killed in the straggler's place
	stragglerLeft    = 11 // a straggler outlived the kill
)

func TestStragglerPidTakenMeanwhile(t *testing.T) {
	t.Parallel()
	// A grandchild of the sharer, reaped by its own parent between the
	// look that read its pid and the kill, its pid then taken by a process
	// outside the tree: that one lives.
	if status, out := runStragglerNamespace(t, "reuse", false); status != stragglerSpared {
		t.Errorf("namespace init = %d (%s); want %d: the process that took a straggler's pid between the look and the kill was killed", status, out, stragglerSpared)
	}
	// The same, the pid taken by a process with a child of its own before
	// the look reads the straggler's children: neither is killed.
	if status, out := runStragglerNamespace(t, "reuse-parent", false); status != stragglerSpared {
		t.Errorf("namespace init = %d (%s); want %d: the process that took a straggler's pid, or its child, was killed", status, out, stragglerSpared)
	}
}

func TestStragglerReparentedMeanwhile(t *testing.T) {
	t.Parallel()
	// A grandchild whose parent ends between the look that read it and
	// the kill is orphaned to the sharer, not killed as the child of the
	// one that listed it: the next look kills it.
	if status, out := runStragglerNamespace(t, "reparent", false); status != 0 {
		t.Errorf("namespace init = %d (%s); want 0, the reparented grandchild killed and reaped", status, out)
	}
}

func TestStragglersAllKilled(t *testing.T) {
	t.Parallel()
	for _, withoutPidfd := range []bool{false, true} {
		// Children, grandchildren, a session of its own, threads: all go,
		// with pidfds or killed by number as before Linux 5.3.
		if status, out := runStragglerNamespace(t, "tree", withoutPidfd); status != 0 {
			t.Errorf("without pidfds %v: namespace init = %d (%s); want 0, every straggler killed and reaped", withoutPidfd, status, out)
		}
	}
}

// runStragglerNamespace runs the test binary as the init of a new user,
// pid and mount namespace, in the given scenario, and returns its exit
// status and output; it skips when the namespaces cannot be made.
func runStragglerNamespace(t *testing.T, scenario string, withoutPidfd bool) (int, string) {
	t.Helper()
	c := osexec.Command(os.Args[0], "-test.run=^$")
	c.Env = append(os.Environ(), "MEWSANDBOX_TEST_STRAGGLER=init", "MEWSANDBOX_TEST_STRAGGLER_SCENARIO="+scenario)
	if withoutPidfd {
		c.Env = append(c.Env, "MEWSANDBOX_TEST_STRAGGLER_NO_PIDFD=1")
	}
	c.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		Pdeathsig:   syscall.SIGKILL,
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			if c.Process != nil {
				c.Process.Kill() // its namespace's processes die with it
			}
		}
	}()
	out, err := c.CombinedOutput()
	var exit *osexec.ExitError
	if errors.As(err, &exit) {
		if exit.ExitCode() == 77 {
			t.Skipf("namespace setup: %s", out)
		}
		return exit.ExitCode(), strings.TrimSpace(string(out))
	}
	if err != nil {
		t.Skipf("no user and pid namespace for the test: %v", err)
	}
	return 0, strings.TrimSpace(string(out))
}

func init() {
	if os.Getenv("MEWSANDBOX_TEST_STRAGGLER") != "" {
		// The roles run on the process's main thread, as the real sharer,
		// a process of one thread, does: an orphan of the tree is handed
		// to the subreaper's first live thread, and kill_stragglers looks
		// at its own thread's children (/proc/thread-self/children). Locked
		// in an init function, main (and TestMain) stay on that thread;
		// locked later, the goroutine may already have moved to another,
		// and a loaded make test saw stragglers left, killed but unreaped.
		runtime.LockOSThread()
	}
	testStraggler = func(role string) int {
		switch role {
		case "init":
			return stragglerInit(os.Getenv("MEWSANDBOX_TEST_STRAGGLER_SCENARIO"))
		case "sharer":
			return stragglerSharer(os.Getenv("MEWSANDBOX_TEST_STRAGGLER_SCENARIO"), os.Getenv("MEWSANDBOX_TEST_STRAGGLER_NO_PIDFD") != "")
		}
		return 2
	}
}

// stragglerTrees are the scenarios' trees, started by the sharer with sh
// -c; each prints the pid the test follows (reuse: the grandchild that
// its parent, the shell, waits for) and stays until killed.
var stragglerTrees = map[string]string{
	"reuse":        `sleep 1000 & echo $!; wait; exec sleep 1000`,
	"reuse-parent": `sleep 1000 & echo $!; wait; exec sleep 1000`,
	"reparent":     `sh -c 'sleep 1000 & echo $!; wait'`,
	"tree": `(sleep 1000 & sleep 1000 & wait) & setsid sh -c 'sleep 1000 & sleep 1000 & wait' & ` +
		`sh -c 'sh -c "sh -c \"sleep 1000\" & wait" & wait' & echo 0; wait`,
}

// stragglerSleeps is how many `sleep 1000` each tree runs once started
// (each sleep's shells started before it).
var stragglerSleeps = map[string]int{"reuse": 1, "reuse-parent": 1, "reparent": 1, "tree": 5}

// sleepsAsleep waits up to 10 s for want `sleep 1000` processes to be
// asleep, and returns how many are.
func sleepsAsleep(want int) int {
	n := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		n = 0
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			if cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline"); string(cmdline) == "sleep\x001000\x00" && state(pid) == 'S' {
				n++
			}
		}
		if n == want {
			break
		}
	}
	return n
}

// stragglerInit is pid 1 of the namespace: it mounts the namespace's /proc,
// starts the sharer, and, in "reuse" and "reuse-parent", kills the
// grandchild the sharer's look read, hands its pid to a process of its
// own (with a child in "reuse-parent") once its parent has reaped it, and
// lets the sharer go on; it exits with stragglerSpared when that process
// (and its child) lives, stragglerKilledU when not. In "tree" it checks no
// process but itself is left once the sharer is done.
func stragglerInit(scenario string) int {
	runtime.LockOSThread()
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		fmt.Println("mount --make-rprivate /:", err)
		return 77
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		fmt.Println("mount proc:", err)
		return 77
	}
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		fmt.Println(err)
		return 2
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "sharer"), os.NewFile(uintptr(fds[1]), "init")
	sharer := osexec.Command(os.Args[0], "-test.run=^$")
	sharer.Env = append(os.Environ(), "MEWSANDBOX_TEST_STRAGGLER=sharer")
	sharer.ExtraFiles = []*os.File{theirs}
	sharer.Stdout, sharer.Stderr = os.Stdout, os.Stderr
	if err := sharer.Start(); err != nil {
		fmt.Println(err)
		return 2
	}
	theirs.Close()
	r := bufio.NewReader(ours)
	line, err := r.ReadString('\n')
	pid, perr := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || perr != nil {
		fmt.Println("the sharer's pid line:", line, err, perr)
		return 2
	}
	// The sharer's look has read the tree.
	if b, err := r.ReadByte(); err != nil || b != 's' {
		fmt.Println("the sharer's pause:", b, err)
		return 2
	}
	var taker *osexec.Cmd
	takerChild := 0
	if scenario == "reparent" {
		// The grandchild's parent ends between the look and the kills:
		// the grandchild, the sharer's child now, fails the check against
		// the parent that listed it, and goes at the next look.
		parent := stragglerParent(pid)
		syscall.Kill(parent, syscall.SIGKILL)
		for deadline := time.Now().Add(10 * time.Second); stragglerParent(pid) == parent; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				fmt.Println("the grandchild was not reparented")
				return 2
			}
		}
	} else if scenario != "tree" {
		// The grandchild dies, its parent (the shell's wait) reaps it,
		// and the next pid handed out is its.
		syscall.Kill(pid, syscall.SIGKILL)
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err != nil {
				break
			}
			if time.Now().After(deadline) {
				fmt.Println("the grandchild was not reaped")
				return 2
			}
		}
		// Another process of the namespace may take the pid between the
		// write and the fork (a loaded make test saw it): try again.
		var out io.ReadCloser
		for try := 0; ; try++ {
			if err := os.WriteFile("/proc/sys/kernel/ns_last_pid", []byte(strconv.Itoa(pid-1)), 0); err != nil {
				fmt.Println("ns_last_pid:", err)
				return 77
			}
			taker = osexec.Command("sleep", "1000")
			if scenario == "reuse-parent" {
				taker = osexec.Command("sh", "-c", "sleep 1000 & echo $!; wait")
			}
			var err error
			out, err = taker.StdoutPipe()
			if err == nil {
				err = taker.Start()
			}
			if err != nil {
				fmt.Println(err)
				return 2
			}
			if taker.Process.Pid == pid {
				break
			}
			taker.Process.Kill()
			taker.Wait()
			if try == 10 {
				fmt.Printf("the taker has pid %d, not the grandchild's %d, ten times\n", taker.Process.Pid, pid)
				return 2
			}
		}
		if scenario == "reuse-parent" {
			line, rerr := bufio.NewReader(out).ReadString('\n')
			if takerChild, err = strconv.Atoi(strings.TrimSpace(line)); err != nil {
				fmt.Println("the taker's child:", err, rerr)
				return 2
			}
		}
	}
	ours.Write([]byte{'g'})
	if err := sharer.Wait(); err != nil {
		fmt.Println("sharer:", err)
		return 2
	}
	if taker != nil {
		// A signal sent is not at once a process ended, on a loaded
		// machine least of all: spared waits for each to be asleep with
		// nothing pending, where a fixed wait for an end could pass.
		if !spared(pid) {
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
			fmt.Printf("the process that took pid %d was killed or woken: %v (a status of 0: its child, which its shell waited for, was killed)\n", pid, ws)
			return stragglerKilledU
		}
		if takerChild != 0 {
			if !spared(takerChild) {
				fmt.Printf("the child %d of the process that took pid %d was killed\n", takerChild, pid)
				return stragglerKilledU
			}
			syscall.Kill(takerChild, syscall.SIGKILL)
		}
		taker.Process.Kill()
		taker.Wait()
		return stragglerSpared
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		fmt.Println(err)
		return 2
	}
	var left []string
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil && n != 1 {
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", n))
			left = append(left, fmt.Sprintf("%d %q", n, cmdline))
		}
	}
	if len(left) > 0 {
		fmt.Println("left:", left)
		return stragglerLeft
	}
	return 0
}

// stragglerSharer starts the scenario's tree as a child subreaper, from
// the thread kill_stragglers then runs on, says the pid the tree printed
// on fd 3, and kills the tree, pausing there after the first look.
func stragglerSharer(scenario string, withoutPidfd bool) int {
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		fmt.Println(err)
		return 2
	}
	tree := osexec.Command("sh", "-c", stragglerTrees[scenario])
	out, err := tree.StdoutPipe()
	if err == nil {
		err = tree.Start()
	}
	if err != nil {
		fmt.Println(err)
		return 2
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		fmt.Println("the tree's pid:", err)
		return 2
	}
	// The tree's processes all started: a fixed wait, outlasted on a
	// loaded machine, let one start after kill_stragglers looked.
	if n := sleepsAsleep(stragglerSleeps[scenario]); n != stragglerSleeps[scenario] {
		fmt.Printf("the tree has %d sleeps asleep after 10 s, want %d\n", n, stragglerSleeps[scenario])
		return 2
	}
	init := os.NewFile(3, "init")
	if _, err := init.WriteString(line); err != nil {
		fmt.Println(err)
		return 2
	}
	missing, err := testKillStragglers(3, 5000, withoutPidfd)
	if err != nil || missing != withoutPidfd {
		fmt.Println("kill_stragglers:", missing, err)
		return 2
	}
	return 0
}

// stragglerParent is pid's parent, by its /proc/PID/stat (after the last
// ')', which ends the command's name), or 0.
func stragglerParent(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(fields) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(fields[1])
	return ppid
}
