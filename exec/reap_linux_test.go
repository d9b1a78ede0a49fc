//go:build linux

package exec

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func readPid(t *testing.T, path string) int {
	t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(string(waitFile(t, path))))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func waitGone(t *testing.T, pid int, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !gone(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("%s %d survived the command", what, pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRunKillsSetsidStragglers: a descendant that left the command's
// session (setsid) is orphaned to the runner, a subreaper, and killed and
// reaped when the command exits; its own child too.
func TestRunKillsSetsidStragglers(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	c := sh(root, `setsid sh -c 'echo $$ > pid1; sleep 100 & echo $! > pid2; wait' & while ! test -s pid2; do sleep 0.01; done; exit 7`)
	c.Policy.NoNamespaces = true // the runner's own reaping; pids as the host sees them
	start := time.Now()
	if status, err := c.Run(context.Background()); status != 7 || err != nil {
		t.Errorf("Run = %d, %v; want 7", status, err)
	}
	if d := time.Since(start); d > 10*time.Second { // the straggler would hold it 100 s
		t.Errorf("took %v", d)
	}
	waitGone(t, readPid(t, filepath.Join(root, "pid1")), "setsid straggler")
	waitGone(t, readPid(t, filepath.Join(root, "pid2")), "straggler's child")
}

// TestRunSparesOtherProcesses: the cleanup takes only the ended command's
// processes, never a child the program started itself nor a concurrent
// run's straggler that stayed in its session.
func TestRunSparesOtherProcesses(t *testing.T) {
	t.Parallel()
	own := osexec.Command("sleep", "30")
	if err := own.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { own.Process.Kill(); own.Wait() }()

	rootB := testRoot(t)
	b := sh(rootB, `(sleep 100 & echo $! > pid) ; while test -s pid && ! test -e stop; do sleep 0.01; done`)
	b.Policy.NoNamespaces = true // pids as the host sees them
	doneB := make(chan int, 1)
	go func() { s, _ := b.Run(context.Background()); doneB <- s }()
	pidB := readPid(t, filepath.Join(rootB, "pid")) // orphaned to the runner, in B's session

	rootA := testRoot(t)
	a := sh(rootA, `setsid sleep 100 & exit 0`)
	a.Policy.NoNamespaces = true
	if status, err := a.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("A: Run = %d, %v", status, err)
	}
	if !spared(own.Process.Pid) {
		t.Error("the program's own child was killed")
	}
	if !spared(pidB) {
		t.Error("a concurrent run's orphan was killed when another run ended")
	}
	if err := osexec.Command("touch", filepath.Join(rootB, "stop")).Run(); err != nil {
		t.Fatal(err)
	}
	if s := <-doneB; s != 0 {
		t.Errorf("B: status %d", s)
	}
	waitGone(t, pidB, "B's straggler")
	if gone(own.Process.Pid) {
		t.Error("the program's own child was killed")
	}
	// os/exec still reaps its own child: nobody stole its status.
	own.Process.Kill()
	if err := own.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Errorf("own child's Wait = %v, want killed", err)
	}
}

// TestRunEndsWithNothingLeft: with a pid namespace, Run returns once its
// init has killed and reaped whatever the command left (child_linux.c's
// init_end), without waiting for init's own exit; stragglers that ignore
// what they can, in the command's session or out of it, are gone the
// moment Run returns, and the command's status stands.
func TestRunEndsWithNothingLeft(t *testing.T) {
	requireLayer(t)
	t.Parallel()
	root := testRoot(t)
	marker := "31." + strconv.Itoa(os.Getpid()) + strconv.FormatInt(time.Now().UnixNano(), 10)
	script := `rm -f a b; trap "" TERM HUP INT
sh -c 'echo > a; exec sleep ` + marker + `' &
setsid sh -c 'echo > b; exec sleep ` + marker + `' &
until test -e a && test -e b; do sleep 0.01; done
exit 4`
	for i := range 3 {
		status, err := sh(root, script).Run(context.Background())
		var left []string
		procs, _ := os.ReadDir("/proc")
		for _, p := range procs {
			if b, err := os.ReadFile("/proc/" + p.Name() + "/cmdline"); err == nil && strings.Contains(string(b), marker) && !gone(atoi(p.Name())) {
				left = append(left, p.Name())
				syscall.Kill(atoi(p.Name()), syscall.SIGKILL)
			}
		}
		if status != 4 || err != nil {
			t.Errorf("run %d: Run = %d, %v; want 4", i, status, err)
		}
		if len(left) > 0 {
			t.Errorf("run %d: processes %v were alive when Run returned", i, left)
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestRunKeptCapsStraggler: a command that kept capabilities may leave a
// process of another uid, which init, without CAP_KILL, cannot kill: the
// run then ends when init exits, the kernel killing the rest, as promptly
// as without kept capabilities, not when that process would have ended.
func TestRunKeptCapsStraggler(t *testing.T) {
	requireLayer(t)
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("not root: a command cannot keep CAP_SETUID to change its uid")
	}
	if _, err := osexec.LookPath("setpriv"); err != nil {
		t.Skip("no setpriv here to change a uid with")
	}
	c := sh(testRoot(t), `setpriv --reuid=65534 --regid=65534 --clear-groups sleep 20 & sleep 0.3`)
	c.Policy.KeepCaps = []string{"CAP_SETUID", "CAP_SETGID"}
	start := time.Now()
	status, err := c.Run(context.Background())
	if status != 0 || err != nil {
		t.Errorf("Run = %d, %v; want 0", status, err)
	}
	if d := time.Since(start); d > 10*time.Second { // it would hold it 20 s
		t.Errorf("took %v: the straggler of another uid held the run", d)
	}
}

// TestAwaitExitParksInThePoller: the wait for a child's exit parks in the
// runtime's poller ("IO wait"), where it holds no processor, not in a
// system call, and returns once the child has exited.
func TestAwaitExitParksInThePoller(t *testing.T) {
	// The child lives until the test ends it: a 0.3 s sleep could end
	// before a loaded machine let the goroutine be seen parked.
	cmd := osexec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Wait()
	done := make(chan struct{})
	go func() {
		defer close(done)
		awaitExit(cmd.Process.Pid)
	}()
	deadline := time.Now().Add(10 * time.Second)
	var state string
	for time.Now().Before(deadline) {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		for _, g := range strings.Split(string(buf), "\n\n") {
			if strings.Contains(g, "exec.awaitExit(") {
				state = strings.SplitN(g, "\n", 2)[0]
			}
		}
		if strings.Contains(state, "[IO wait") {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if !strings.Contains(state, "[IO wait") {
		t.Fatalf("awaitExit's goroutine is %q, want it parked in the poller (IO wait)", state)
	}
	select {
	case <-done:
		t.Fatal("awaitExit returned while the child still runs")
	default:
	}
	cmd.Process.Kill()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("awaitExit did not return after the child exited")
	}
	// Exited, and left for the caller to reap: a zombie still.
	var info unix.Siginfo
	if err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil); err != nil || info.Signo != int32(unix.SIGCHLD) {
		t.Fatalf("after awaitExit the child has not exited, or was reaped: waitid %v, signo %d", err, info.Signo)
	}
}

// TestAwaitExitWithoutPidfd: where no pidfd can be had (no such process),
// awaitExit returns at once and leaves the wait to the caller.
func TestAwaitExitWithoutPidfd(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		awaitExit(1 << 30) // beyond pid_max
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("awaitExit blocked on a process that does not exist")
	}
}

// TestReaperSkipsOwnReleaseHelper: a release helper the runner started,
// while unreaped, is left out of the children killOrphans reads /proc for
// (it is not sandboxed); once it is about to be reaped, its pid is looked
// at like any other, since it may then name another process.
func TestReaperSkipsOwnReleaseHelper(t *testing.T) {
	const helper, other, run, sharer = 1 << 30, 1<<30 + 1, 1<<30 + 2, 1<<30 + 3
	reaperHelper(helper)
	defer reaperHelperGone(helper)
	reaper.mu.Lock()
	got := unknownKids([]int{helper, other, run, sharer}, run, sharer)
	reaper.mu.Unlock()
	if !slices.Equal(got, []int{other}) {
		t.Errorf("with the helper unreaped: %v, want [%d]", got, other)
	}
	reaperHelperGone(helper)
	reaper.mu.Lock()
	got = unknownKids([]int{helper, other}, run, sharer)
	reaper.mu.Unlock()
	if !slices.Equal(got, []int{helper, other}) {
		t.Errorf("with the helper gone: %v, want both", got)
	}
}
