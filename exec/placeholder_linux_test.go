//go:build linux

package exec

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// requireLayer skips where runs get no namespace layer, and so no
// placeholders.
func requireLayer(t *testing.T) {
	t.Helper()
	requireSandbox(t)
	if _, err := NamespaceLayer(); err != nil {
		t.Skipf("no namespace layer here, so no placeholders: %v", err)
	}
}

// attackPlaceholders is a script that tries to create a file in every
// placeholder, then writes beside them, and records what happened in
// file out.
func attackPlaceholders(out string) string {
	var b strings.Builder
	for _, p := range placeholderDirs() {
		b.WriteString("if mkdir -p " + p + "/x 2>/dev/null || [ -e " + p + "/x ]; then echo escaped " + p + "; fi; ")
	}
	return "{ " + b.String() + "echo work > work.txt && echo worked; } > " + out
}

// leftOver lists the placeholders present in root once no more than want
// are (the release helper removes them after the run), or after 10 s.
func leftOver(root string, want int) []string {
	deadline := time.Now().Add(10 * time.Second)
	for {
		var out []string
		for _, p := range placeholderDirs() {
			if _, err := os.Lstat(filepath.Join(root, p)); err == nil {
				out = append(out, p)
			}
		}
		if len(out) <= want || time.Now().After(deadline) {
			return out
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestPlaceholdersLeaveNothing: a missing protected directory cannot be
// created from inside, and is gone from the host when the run ends; the
// project's own (empty) directory stays, and a placeholder a killed runner
// left goes with the next run.
func TestPlaceholdersLeaveNothing(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	if status, err := sh(root, attackPlaceholders("out")).Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if got := string(waitFile(t, filepath.Join(root, "out"))); got != "worked\n" {
		t.Errorf("inside the run: %q, want every placeholder refused and the root writable", got)
	}
	if left := leftOver(root, 0); left != nil {
		t.Errorf("placeholders left on the host: %v", left)
	}

	// The project's own directories, empty or not, are the project's.
	own := testRoot(t)
	os.Mkdir(filepath.Join(own, ".claude"), 0o755)
	os.WriteFile(filepath.Join(own, ".codex"), nil, 0o644) // a file: bound as it is
	if status, err := sh(own, "true").Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	for _, p := range []string{".claude", ".codex"} {
		if _, err := os.Lstat(filepath.Join(own, p)); err != nil {
			t.Errorf("the project's own %s was removed: %v", p, err)
		}
	}

	// A marked one (its runner was killed) goes; one with something put in
	// it from outside stays.
	stale := testRoot(t)
	for _, p := range []string{".claude", ".mewsandbox"} {
		d := filepath.Join(stale, p)
		os.Mkdir(d, 0o755)
		if err := unix.Setxattr(d, placeholderMark, []byte("1"), 0); err != nil {
			t.Skipf("no extended attributes here (%v): a stale placeholder is not recognised", err)
		}
	}
	os.WriteFile(filepath.Join(stale, ".mewsandbox", "settings.yaml"), nil, 0o644)
	if status, err := sh(stale, "true").Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if left := leftOver(stale, 1); len(left) != 1 || left[0] != ".mewsandbox" {
		t.Errorf("left %v, want only .mewsandbox, which is not empty", left)
	}
}

// TestPlaceholdersSharedByRuns: two runs in one root bind the same
// placeholders; whichever ends first leaves them to the other, whose
// command still cannot create them, and the last one removes them.
func TestPlaceholdersSharedByRuns(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	for _, longFirst := range []bool{true, false} {
		root := testRoot(t)
		long := sh(root, "echo up > up; while [ ! -e go ]; do sleep 0.01; done; "+attackPlaceholders("long.out"))
		short := sh(root, "test -d .claude && "+attackPlaceholders("short.out"))
		done := make(chan error, 1)
		runLong := func() {
			status, err := long.Run(context.Background())
			if err == nil && status != 0 {
				err = errors.New("the long run failed")
			}
			done <- err
		}
		if longFirst {
			// It makes them; the short run finds them there.
			go runLong()
			waitFile(t, filepath.Join(root, "up"))
		} else {
			// The short run makes them and waits for the long run, which
			// finds them there, to be up.
			short.Args[2] = "while [ ! -e up ]; do sleep 0.01; done; " + short.Args[2]
			time.AfterFunc(100*time.Millisecond, runLong)
		}
		if status, err := short.Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("longFirst=%v: the short run = %d, %v", longFirst, status, err)
		}
		if got := string(waitFile(t, filepath.Join(root, "short.out"))); got != "worked\n" {
			t.Errorf("longFirst=%v: the short run: %q", longFirst, got)
		}
		if longFirst {
			// The long run's helper waits for the long run's end: the
			// short one's starts nothing. A window of five graces for
			// a mistaken removal to show.
			time.Sleep(5 * releaseGrace)
		} else {
			// The short run's helper, past its grace, must wait for the
			// long run's flock: no fixed wait, which a loaded machine
			// could outlast before the helper acted.
			waitHelpersLocking(t, root)
		}
		if left := leftOver(root, len(placeholderDirs())); len(left) != len(placeholderDirs()) {
			t.Errorf("longFirst=%v: with the long run still on, only %v are left", longFirst, left)
		}
		os.WriteFile(filepath.Join(root, "go"), []byte("go"), 0o644)
		if err := <-done; err != nil {
			t.Fatalf("longFirst=%v: %v", longFirst, err)
		}
		if got := string(waitFile(t, filepath.Join(root, "long.out"))); got != "worked\n" {
			t.Errorf("longFirst=%v: the long run, after the other ended: %q, want every placeholder still refused", longFirst, got)
		}
		if left := leftOver(root, 0); left != nil {
			t.Errorf("longFirst=%v: placeholders left on the host after both runs: %v", longFirst, left)
		}
	}
}

// TestPlaceholdersAfterRunnerKilled: a runner killed with SIGKILL takes its
// child with it, and the release helper, seeing the child gone, removes the
// placeholders; until then the command still cannot create them.
func TestPlaceholdersAfterRunnerKilled(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	p := startParent(t, root, attackPlaceholders("out")+"; sleep 5678.25")
	if got := string(waitFile(t, filepath.Join(root, "out"))); got != "worked\n" {
		t.Errorf("inside the run: %q, want every placeholder refused", got)
	}
	if left := leftOver(root, len(placeholderDirs())); len(left) != len(placeholderDirs()) {
		t.Fatalf("during the run only %v are there", left)
	}
	p.Process.Kill()
	p.Wait()
	waitNoMarker(t, "5678.25", "the command after SIGKILL of the runner")
	if left := leftOver(root, 0); left != nil {
		t.Errorf("placeholders left after the runner was killed: %v", left)
	}
}

// TestPlaceholderThroughLink: a placeholder whose way from the root goes
// through a symbolic link by the time it is made (one a command planted
// since the plan: a directory of core.hooksPath swapped for a link to a
// directory elsewhere) is made nowhere, and the run is refused; the
// runner, root perhaps, makes no directory where the link points. A link
// there at the plan is followed and bound, itself, onto itself instead (see
// TestProtectedWays): a missing hooks directory outside the writable trees
// needs no placeholder.
func TestPlaceholderThroughLink(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root, elsewhere := testRoot(t), testRoot(t)
	for _, d := range []string{".git/objects", ".git/refs", "a/b", filepath.Join(elsewhere, "b")} {
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\thooksPath = a/b/githooks\n"), 0o644)
	l := planNamespace(DefaultPolicy(root), root, "")
	if !slices.Contains(l.placeholders, filepath.Join(root, "a/b/githooks")) {
		t.Fatalf("placeholders %q: want a/b/githooks", l.placeholders)
	}
	// The swap, between the plan and the placeholders' making.
	if err := os.Rename(filepath.Join(root, "a"), filepath.Join(root, "a.real")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	ps, err := l.materialize(func() bool { return true })
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		ps.release(nil)
		t.Errorf("materialize = %v; want it refused, the link named", err)
	}
	if _, err := os.Lstat(filepath.Join(elsewhere, "b", "githooks")); err == nil {
		t.Error("the runner made a directory where the link points")
	}

	// Planted before the plan, the link is part of the way: the run goes
	// on, and makes nothing where it points.
	c := sh(root, "echo ran > ran")
	c.Policy.BestEffort = false
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Errorf("Run = %d, %v; want 0", status, err)
	}
	if _, err := os.Lstat(filepath.Join(elsewhere, "b", "githooks")); err == nil {
		t.Error("the runner made a directory where the link points")
	}
}

// TestPlaceholderLockedOut: a process that holds a protected directory of
// the root with an exclusive flock makes a run there fail within a bounded
// time, instead of hang; once it lets go, runs go on.
func TestPlaceholderLockedOut(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	d := filepath.Join(root, ".claude")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(d)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	status, err := sh(root, "true").Run(context.Background())
	holder := fmt.Sprintf("process %d has held an exclusive flock", os.Getpid())
	if status != StatusSandbox || err == nil || !strings.Contains(err.Error(), holder) {
		t.Errorf("Run = %d, %v; want 125 and %q", status, err, holder)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the refused run took %v", took)
	}
	unix.Flock(int(f.Fd()), unix.LOCK_UN)
	if status, err := sh(root, "true").Run(context.Background()); status != 0 || err != nil {
		t.Errorf("once the lock is gone: Run = %d, %v", status, err)
	}
}

// TestPlaceholderWaitsForHelper: a release helper that holds a
// placeholder exclusively past lockWait (descheduled on a loaded machine)
// makes a run wait for it, not fail, even as it exits without letting go.
// A helper is this binary with the helper's argument: the test binary,
// here. Another program with that argument is no helper: the run fails
// after lockWait, naming it.
func TestPlaceholderWaitsForHelper(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	hold := 4 * lockWait
	// holdLock starts argv, which takes an exclusive flock on a new
	// .claude in a new root, and returns once it says it holds it.
	holdLock := func(t *testing.T, argv ...string) (root string, holder *osexec.Cmd) {
		t.Helper()
		root = testRoot(t)
		d := filepath.Join(root, ".claude")
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, a := range argv {
			argv[i] = strings.ReplaceAll(a, "DIR", d)
		}
		c := osexec.Command(argv[0], argv[1:]...)
		c.Env = append(os.Environ(), "MEWSANDBOX_TEST_HOLD_LOCK="+d, "MEWSANDBOX_TEST_HOLD_FOR="+hold.String())
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Process.Kill(); c.Wait() })
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "held\n" {
			t.Fatalf("the holder did not say it held the lock: %q, %v", line, err)
		}
		return root, c
	}
	t.Run("helper", func(t *testing.T) {
		// Not argv[1]: there the test binary would be the helper itself.
		root, _ := holdLock(t, "/proc/self/exe", "-test.run=^$", releaseArg)
		start := time.Now()
		status, err := sh(root, "true").Run(context.Background())
		if status != 0 || err != nil {
			t.Errorf("Run = %d, %v; want 0 once the helper lets go", status, err)
		}
		if took := time.Since(start); took < hold/2 {
			t.Errorf("the run took %v: it did not wait for the helper's hold of %v", took, hold)
		}
	})
	t.Run("another run of this binary", func(t *testing.T) {
		// A runner that has just renamed its placeholder into place
		// holds it until it closes it: descheduled there on a loaded
		// machine (TestManyRuns at a load of 10), it made another run
		// fail after lockWait.
		root, _ := holdLock(t, "/proc/self/exe", "-test.run=^$")
		start := time.Now()
		status, err := sh(root, "true").Run(context.Background())
		if status != 0 || err != nil {
			t.Errorf("Run = %d, %v; want 0 once the other run lets go", status, err)
		}
		if took := time.Since(start); took < hold/2 {
			t.Errorf("the run took %v: it did not wait for the other run's hold of %v", took, hold)
		}
	})
	t.Run("another program", func(t *testing.T) {
		flock, err := osexec.LookPath("flock")
		if err != nil {
			t.Skip("flock(1) (util-linux) is not installed:", err)
		}
		root, c := holdLock(t, flock, "--exclusive", "DIR", "sh", "-c", "echo held; sleep 5", releaseArg)
		start := time.Now()
		status, err := sh(root, "true").Run(context.Background())
		want := fmt.Sprintf("process %d has held an exclusive flock", c.Process.Pid)
		if status != StatusSandbox || err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Run = %d, %v; want 125 and %q", status, err, want)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("the refused run took %v", took)
		}
	})
}

// TestLockHolder reads /proc/locks' format: the holder of an exclusive
// flock on the file, not a process waiting for it, nor one holding a
// shared one, nor a POSIX lock, nor another file's; on another device
// number (btrfs: the file system's, not the subvolume's) only a single
// holder of the inode is taken.
func TestLockHolder(t *testing.T) {
	dev := unix.Mkdev(0xfd, 1)
	locks := []byte(`1: POSIX  ADVISORY  WRITE 11 fd:01:77 0 EOF
2: FLOCK  ADVISORY  WRITE 22 fd:01:78 0 EOF
2: -> FLOCK  ADVISORY  WRITE 33 fd:01:77 0 EOF
3: FLOCK  ADVISORY  READ 55 fd:01:77 0 EOF
4: FLOCK  ADVISORY  WRITE 44 fd:01:77 0 EOF
5: FLOCK  ADVISORY  WRITE 66 00:2a:80 0 EOF
6: FLOCK  ADVISORY  WRITE 77 00:2a:81 0 EOF
7: FLOCK  ADVISORY  WRITE 88 00:2b:81 0 EOF
8: FLOCK  ADVISORY  READ 99 fd:01:82 0 EOF
`)
	for _, c := range []struct {
		ino  uint64
		want int
	}{{77, 44}, {78, 22}, {79, 0}, {80, 66}, {81, 0}, {82, 0}} {
		if got := lockHolder(locks, dev, c.ino); got != c.want {
			t.Errorf("lockHolder(ino %d) = %d, want %d", c.ino, got, c.want)
		}
	}
	if got := lockHolder([]byte("1: FLOCK ADVISORY WRITE x fd:01:77 0 EOF\n"), dev, 77); got != 0 {
		t.Errorf("a line without a pid: %d, want 0", got)
	}
}

// TestPlaceholdersReusedInGrace: a run that starts in the same root within
// the release helper's grace takes the previous run's placeholders over
// (the same directory, not a new one), and they go after the last run.
func TestPlaceholdersReusedInGrace(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	claude := filepath.Join(root, ".claude")
	run := func() {
		t.Helper()
		if status, err := sh(root, "test -d .claude").Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("Run = %d, %v", status, err)
		}
	}
	run()
	start := time.Now()
	// Tag the first run's directory, then run again within the grace.
	if err := unix.Setxattr(claude, "user.mewsandbox-test", []byte("first"), 0); err != nil {
		t.Skipf("no extended attributes here, or .claude gone already: %v", err)
	}
	run()
	if _, err := unix.Getxattr(claude, "user.mewsandbox-test", nil); time.Since(start) < releaseGrace && err != nil {
		t.Errorf("the second run made .claude anew instead of taking the first run's over (%v)", err)
	}
	if left := leftOver(root, 0); left != nil {
		t.Errorf("placeholders left after both runs: %v", left)
	}
}

// releaseHelpers lists the release helpers holding root's .claude.
func releaseHelpers(root string) []int {
	var out []int
	for _, pid := range withMarker(releaseArg) {
		fds, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
		for _, fd := range fds {
			if target, _ := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + fd.Name()); target == filepath.Join(root, ".claude") {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// waitHelpersLocking waits up to 10 s until every release helper holding
// root's .claude sleeps in flock(2): past its grace, asking for the
// exclusive lock that a run still holding the placeholders keeps from it.
// It returns too once none is left (one that did not wait, and removed
// them, has ended).
func waitHelpersLocking(t *testing.T, root string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		helpers := releaseHelpers(root)
		locking := 0
		for _, pid := range helpers {
			call, _ := os.ReadFile(fmt.Sprintf("/proc/%d/syscall", pid))
			if f := strings.Fields(string(call)); len(f) > 0 && f[0] == strconv.Itoa(unix.SYS_FLOCK) && state(pid) == 'S' {
				locking++
			}
		}
		if locking == len(helpers) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the release helpers %v never waited for the flock in 10 s", helpers)
		}
	}
}

// TestPlaceholdersOneHelper: runs in quick succession in one root start one
// release helper between them, the first run's, which waits for the last
// run to end before it removes the placeholders.
func TestPlaceholdersOneHelper(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	start := time.Now()
	for range 5 {
		if status, err := sh(root, "true").Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("Run = %d, %v", status, err)
		}
	}
	// On a loaded machine a run may outlast the helper's grace, which
	// then ends with it: none is left, rightly. Never two.
	helpers := releaseHelpers(root)
	if len(helpers) > 1 || len(helpers) == 0 && time.Since(start) < releaseGrace {
		t.Errorf("release helpers after five runs (in %v): %v, want one", time.Since(start), helpers)
	}
	if left := leftOver(root, 0); left != nil {
		t.Errorf("placeholders left: %v", left)
	}
}

func init() {
	// Makes the placeholder .claude in dir and is killed (SIGKILL) after
	// makePlaceholder's step at, as a runner killed midway.
	testKilledMaker = func(dir, at string) int {
		placeholderStep = func(step string) {
			if step == at {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {}
			}
		}
		pfd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, "killed maker:", err)
			return 1
		}
		_, err = makePlaceholder(pfd, ".claude", false)
		fmt.Fprintln(os.Stderr, "killed maker: not killed:", err)
		return 1
	}
}

// TestMakePlaceholderMarkedBeforeItAppears: a placeholder is marked under
// a working name of its run's own and renamed into place, so no runner
// killed midway leaves it under its name unmarked, where later runs would
// take it for the project's own. What a killed runner left goes with a
// later run's making; anything else under such a name (a directory with
// something in it, a file) stays and is in no run's way.
func TestMakePlaceholderMarkedBeforeItAppears(t *testing.T) {
	root := testRoot(t)
	if err := unix.Setxattr(root, placeholderMark, []byte("0"), 0); err != nil {
		t.Skipf("no extended attributes on %s: %v", root, err)
	}
	unix.Removexattr(root, placeholderMark)
	pfd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(pfd)
	marked := func(p string) bool {
		var b [24]byte
		n, err := unix.Lgetxattr(p, placeholderMark, b[:])
		return err == nil && string(b[:n]) == "0"
	}
	working := func() []string {
		var out []string
		names, _ := dirNames(root, 1000)
		for _, n := range names {
			if strings.HasPrefix(n, placeholderMaking) {
				out = append(out, n)
			}
		}
		return out
	}

	// Killed after each step: .claude never there unmarked, and what the
	// runner left goes with the next making.
	for _, at := range []string{"made", "marked"} {
		cmd := osexec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "MEWSANDBOX_TEST_KILLED_MAKER="+root, "MEWSANDBOX_TEST_KILL_AT="+at)
		out, err := cmd.CombinedOutput()
		if ws, ok := err.(*osexec.ExitError); !ok || ws.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("killed after %s: %v %s", at, err, out)
		}
		if _, err := os.Lstat(filepath.Join(root, ".claude")); err == nil {
			t.Errorf("killed after %s: .claude is there", at)
		}
		left := working()
		if len(left) != 1 {
			t.Fatalf("killed after %s: working names %q, want the one it left", at, left)
		}
		if at == "marked" && !marked(filepath.Join(root, left[0])) {
			t.Errorf("killed after %s: the working directory has no mark", at)
		}
		clearWorking(pfd)
		if made, err := makePlaceholder(pfd, ".claude", false); !made || err != nil {
			t.Fatalf("after a kill: makePlaceholder = %v, %v; want made", made, err)
		}
		if !marked(filepath.Join(root, ".claude")) {
			t.Error(".claude appeared without the mark")
		}
		if w := working(); len(w) != 0 {
			t.Errorf("after a kill and a making: working names %q left", w)
		}
		os.Remove(filepath.Join(root, ".claude"))
	}

	// Planted: a directory with something in it, a file, a link. Left
	// alone by clearWorking, and no run refused for them; what the link
	// names stays.
	target := filepath.Join(root, "target")
	os.WriteFile(target, []byte("kept"), 0o644)
	planted := []string{placeholderMaking + "1.2", placeholderMaking + "3.4", placeholderMaking + "5.6"}
	os.MkdirAll(filepath.Join(root, planted[0], "x"), 0o755)
	os.WriteFile(filepath.Join(root, planted[1]), nil, 0o644)
	os.Symlink(target, filepath.Join(root, planted[2]))
	clearWorking(pfd)
	if made, err := makePlaceholder(pfd, ".codex", false); !made || err != nil {
		t.Fatalf("beside planted working names: makePlaceholder = %v, %v; want made", made, err)
	}
	if !marked(filepath.Join(root, ".codex")) {
		t.Error(".codex appeared without the mark")
	}
	for _, p := range planted {
		if _, err := os.Lstat(filepath.Join(root, p)); err != nil {
			t.Errorf("planted %s went: %v", p, err)
		}
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "kept" {
		t.Errorf("what the planted link named: %q, %v", b, err)
	}

	// The name there already (the project's own): left as it is.
	if err := os.Mkdir(filepath.Join(root, ".idea"), 0o755); err != nil {
		t.Fatal(err)
	}
	if made, err := makePlaceholder(pfd, ".idea", false); made || err != nil {
		t.Errorf("over an existing directory: makePlaceholder = %v, %v; want not made", made, err)
	}
	if marked(filepath.Join(root, ".idea")) {
		t.Error("the project's own .idea was marked")
	}
}

// TestMakePlaceholderRunsAtOnce: runs making the same placeholder at once,
// each then removing it, never fail, and leave no working name behind.
func TestMakePlaceholderRunsAtOnce(t *testing.T) {
	root := testRoot(t)
	pfd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(pfd)
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			for range 300 {
				made, err := makePlaceholder(pfd, ".claude", false)
				if err != nil {
					t.Error(err)
					return
				}
				if made {
					unix.Unlinkat(pfd, ".claude", unix.AT_REMOVEDIR)
				}
			}
		})
	}
	wg.Wait()
	names, _ := dirNames(root, 1000)
	for _, n := range names {
		if strings.HasPrefix(n, placeholderMaking) {
			t.Errorf("working name %s left", n)
		}
	}
}

// TestPlaceholderParentGone: a placeholder's directory that was there at
// the plan and is gone by the making (an earlier run's placeholder, tools
// for core.hooksPath tools/hooks, removed by its release helper meanwhile)
// is made again as this run's own, held and released deepest first, where
// the run had failed with "no such file or directory" (seen once in the
// unprivileged suite, runs in quick succession).
func TestPlaceholderParentGone(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	root := testRoot(t)
	os.MkdirAll(filepath.Join(root, ".git"), 0o755)
	os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\thooksPath = a/b/githooks\n"), 0o644)
	if err := os.MkdirAll(filepath.Join(root, "a/b"), 0o755); err != nil {
		t.Fatal(err)
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	hooks := filepath.Join(root, "a/b/githooks")
	if !slices.Contains(l.placeholders, hooks) {
		t.Fatalf("placeholders %q: want a/b/githooks", l.placeholders)
	}
	if err := os.RemoveAll(filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	ps, err := l.materialize(func() bool { return true })
	if err != nil {
		t.Fatalf("materialize = %v; want the gone directories made again", err)
	}
	var got []string
	for _, h := range ps.held {
		if strings.HasPrefix(h.path, filepath.Join(root, "a")) {
			got = append(got, strings.TrimPrefix(h.path, root+"/"))
			if !h.made {
				t.Errorf("%s held, not made by this run", h.path)
			}
		}
	}
	if want := []string{"a/b/githooks", "a/b", "a"}; !slices.Equal(got, want) {
		t.Errorf("held %q, want %q: the deepest first, as the release helper removes them", got, want)
	}
	if fi, err := os.Lstat(hooks); err != nil || !fi.IsDir() {
		t.Errorf("a/b/githooks: %v, %v; want the placeholder directory", fi, err)
	}

	// Gone and replaced by a link: refused, nothing made where it points.
	ps.release(nil)
	elsewhere := t.TempDir()
	os.RemoveAll(filepath.Join(root, "a"))
	os.MkdirAll(filepath.Join(root, "a/b"), 0o755)
	l = planNamespace(DefaultPolicy(root), root, "")
	os.RemoveAll(filepath.Join(root, "a"))
	if err := os.Symlink(elsewhere, filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	if ps2, err := l.materialize(func() bool { return true }); err == nil {
		ps2.release(nil)
		t.Error("materialize through a link made in place of a gone directory succeeded")
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("made %v where the link points", entries)
	}
}
