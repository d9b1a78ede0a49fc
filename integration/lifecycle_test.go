package integration

// The run's life: exit statuses, signals, timeouts, stragglers, the private
// TMPDIR, many runs at once, bad input, a kernel that lacks Landlock, and
// everyday work (git, a C build, python) that must keep working inside.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// started is a mewsandbox process running in the background.
type started struct {
	*osexec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{}
	code           int
}

// start runs the binary like run does, without waiting for it, in a
// session of its own: without a controlling terminal, as in CI, whatever
// terminal the tests were started from.
func (b *box) start(args ...string) *started {
	b.t.Helper()
	return b.startWith(nil, args...)
}

// startWith is start with stdin (nil: none).
func (b *box) startWith(stdin *os.File, args ...string) *started {
	b.t.Helper()
	return b.startFiles(stdin, nil, args...)
}

// startFiles is startWith with extra descriptors from 3 on.
func (b *box) startFiles(stdin *os.File, extra []*os.File, args ...string) *started {
	b.t.Helper()
	s := &started{done: make(chan struct{})}
	s.Cmd = osexec.Command(bin, args...)
	s.Dir = b.root
	s.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + b.home, "LANG=C"}, b.env...)
	s.Stdout, s.Stderr = &s.stdout, &s.stderr
	if stdin != nil {
		s.Stdin = stdin
	}
	s.ExtraFiles = extra
	s.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	s.WaitDelay = 2 * time.Second // a straggler holding the pipes must not hang the test
	if err := s.Start(); err != nil {
		b.t.Fatal(err)
	}
	go func() {
		err := s.Wait()
		s.code = 0
		var ee *osexec.ExitError
		if errors.As(err, &ee) {
			s.code = ee.ExitCode()
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				s.code = 128 + int(ws.Signal())
			}
		}
		close(s.done)
	}()
	b.t.Cleanup(func() { s.Process.Kill(); <-s.done })
	return s
}

// wait waits for the process and returns its exit status.
func (s *started) wait(t *testing.T, limit time.Duration) int {
	t.Helper()
	select {
	case <-s.done:
		return s.code
	case <-time.After(limit):
		s.Process.Kill()
		<-s.done
		t.Fatalf("mewsandbox still running after %v; stderr: %s", limit, s.stderr.String())
		return 0
	}
}

// runWithin starts cmd and waits up to limit for it to end, or kills it
// and fails the test saying what (its exit status is the caller's to
// look at in cmd.ProcessState).
func runWithin(t *testing.T, cmd *osexec.Cmd, limit time.Duration, what string) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatal(what)
	}
}

// waitFile waits for a file the command writes to say it got that far.
func waitFile(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return strings.TrimSpace(string(b))
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", path)
	return ""
}

// waitFileOf is waitFile for a file the command of run (started, its
// stderr in stderr) writes: where the run exits first, or the file is not
// there within 10 s, it fails saying what the run said and where its
// processes are, which a bare "never appeared" leaves to guess.
func waitFileOf(t *testing.T, path string, run *osexec.Cmd, stderr *lockedBuffer) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return
		}
		if stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", run.Process.Pid)); bytes.Contains(stat, []byte(") Z ")) {
			t.Fatalf("the run exited before %s appeared; its stderr: %s", path, stderr)
		}
		time.Sleep(5 * time.Millisecond)
	}
	ps, _ := osexec.Command("ps", "-e", "--forest", "-o", "pid,stat,wchan:24,etimes,args").Output()
	var tree []string
	for _, l := range strings.Split(string(ps), "\n") {
		if !strings.Contains(l, " sleep ") {
			tree = append(tree, l)
		}
	}
	t.Fatalf("%s did not appear within 10 s of the run (pid %d); its stderr: %s\nprocesses but sleeps:\n%s", path, run.Process.Pid, stderr, strings.Join(tree, "\n"))
}

// lockedBuffer is a bytes.Buffer a running command writes while a test
// reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// afterKilledGone waits up to 10 s for what outlives a runner killed in
// root to be gone: its sharer (its command line the runner's, marker in
// it) and the process the sharer starts in the runner's place, which
// after a run without the layer compares the snapshot and may put back
// or move aside what it finds changed in root, a test's clean-up
// included. Both work in root (workingIn): the sharer's command line
// reads as neither while its execve of the other is under way, and a
// look then took it for gone, the report not yet written (1 run in
// some 60 with both cores busy).
func afterKilledGone(t *testing.T, root, marker string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(withMarker(marker))+len(workingIn(root)) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the process started for the killed runner still runs 10 s after the kill")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// nothingRunsIn waits up to 10 s for every process working in dir to be
// gone before the test removes it: a killed runner's sharer and the
// process it starts in the runner's place (working in the root, which it
// names in its arguments as "r:ROOT") outlive the test's own kill, and
// the second would take the removal for the command's doing and put
// .git back, leaving the tree behind. It reports what it waited for in
// vain and goes on, since the removal is the test's last step.
func nothingRunsIn(t *testing.T, dir string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := workingIn(dir)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("processes %v still work in %s 10 s after the test ended", left, dir)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// workingIn lists the live processes other than this one whose working
// directory lies in dir or whose arguments name a root there.
func workingIn(dir string) []int {
	var pids []int
	d, _ := os.ReadDir("/proc")
	for _, e := range d {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() || zombie(e.Name()) {
			continue
		}
		cwd, _ := os.Readlink("/proc/" + e.Name() + "/cwd")
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if cwd == dir || strings.HasPrefix(cwd, dir+"/") || bytes.Contains(cmdline, []byte("\x00r:"+dir)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// zombie says whether the process /proc/name has exited but is not yet
// reaped.
func zombie(name string) bool {
	st, err := os.ReadFile("/proc/" + name + "/stat")
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(st, ')')
	return i > 0 && len(st) > i+2 && st[i+2] == 'Z'
}

// withMarker lists the live (non-zombie) processes whose command line
// contains marker: what pgrep -f would find.
func withMarker(marker string) []int {
	d, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range d {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !bytes.Contains(cmdline, []byte(marker)) {
			continue
		}
		if !zombie(e.Name()) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// noneLeft fails when processes with marker are still alive after a grace
// of 10 s (their ends may take a loaded machine seconds), and kills them.
func noneLeft(t *testing.T, marker, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := withMarker(marker)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Errorf("%s: processes %v (%s) survived the run", what, left, marker)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// sleepArg is an argument for sleep that is long and unique: GNU sleep
// takes fractions, so 30.NNNNNNNN is a marker pgrep can find. 30s bounds
// what a straggler holding a pipe costs when the runner fails to kill it.
func sleepArg() string { return "30." + uniq() }

// TestExitStatus: the command's own status comes back, signals as 128+N,
// a missing or unexecutable command as 127 or 126 with the system's own
// words, never as a sandbox denial (cases 43, 50).
func TestExitStatus(t *testing.T) {
	t.Parallel()
	b := newBox(t, map[string]string{"noexec": "#!/bin/sh\necho no\n", "sub/x": ""})
	tests := []struct {
		name   string
		args   []string
		want   int
		stderr string // substring, case-insensitive
	}{
		{"exit 0", []string{"-c", "exit 0"}, 0, ""},
		{"exit 1", []string{"-c", "exit 1"}, 1, ""},
		{"exit 42", []string{"-c", "exit 42"}, 42, ""},
		{"false", []string{"--", "false"}, 1, ""},
		{"kill -TERM $$", []string{"-c", "kill -TERM $$"}, 143, ""},
		{"kill -KILL $$", []string{"-c", "kill -KILL $$"}, 137, ""},
		{"missing absolute path", []string{"--", "/abs/missing"}, 127, "no such file"},
		{"missing absolute path in a shell", []string{"-c", "/abs/missing"}, 127, "no such file or directory"},
		{"missing command in PATH", []string{"--", "mwsbx-no-such-command"}, 127, "not found"},
		{"missing command in a shell", []string{"-c", "mwsbx-no-such-command"}, 127, "not found"},
		{"not executable", []string{"--", "./noexec"}, 126, "permission denied"},
		{"not executable in a shell", []string{"-c", "./noexec"}, 126, "permission denied"},
		{"a directory", []string{"--", "./sub"}, 126, "directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := b.with(t).run(append([]string{"run", "--yolo"}, tt.args...)...)
			if r.code != tt.want {
				t.Errorf("exit %d, want %d; stderr: %s", r.code, tt.want, r.stderr)
			}
			low := strings.ToLower(r.stderr)
			if !strings.Contains(low, tt.stderr) {
				t.Errorf("stderr %q does not say %q", r.stderr, tt.stderr)
			}
			if tt.want == 127 && (strings.Contains(low, "denied") || strings.Contains(low, "not permitted")) {
				t.Errorf("a missing command reads like a sandbox denial: %q", r.stderr)
			}
		})
	}
}

// TestSignalsForwarded: every signal the runner relays, sent to
// mewsandbox, reaches the command, which handles it and exits with its own
// status; with the namespace layer (the child the pid namespace's init)
// and without (the child the command itself). SIGTSTP, which stops the
// job, is TestSignalStopsTheJob's.
func TestSignalsForwarded(t *testing.T) {
	t.Parallel()
	relayed := []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1,
		syscall.SIGUSR2, syscall.SIGWINCH, syscall.SIGCONT, syscall.SIGALRM}
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		for _, sig := range relayed {
			name := strings.TrimPrefix(sigName(sig), "SIG")
			t.Run(strings.Join(append(flags, name), " "), func(t *testing.T) {
				t.Parallel()
				b := newBox(t, nil)
				args := append(append([]string{"run", "--yolo"}, flags...), "-c",
					fmt.Sprintf(`trap 'echo %[1]s > got; exit 3' %[1]s; echo ready > ready; while :; do sleep 0.02; done`, name))
				s := b.start(args...)
				waitFile(t, filepath.Join(b.root, "ready"))
				s.Process.Signal(sig)
				// A lost signal never ends the run; 15 s leaves room for a
				// machine loaded by the parallel -race suite.
				if code := s.wait(t, 15*time.Second); code != 3 {
					t.Errorf("exit %d, want 3 (the command's, after its trap ran); stderr: %s", code, s.stderr.String())
				}
				if got := waitFile(t, filepath.Join(b.root, "got")); got != name {
					t.Errorf("the command caught %q, want %s", got, name)
				}
			})
		}
	}
}

// TestEarlySignal: a SIGTERM that reaches the runner while the sandbox is
// set up, or the moment the command starts, is not lost: the command ends
// (the pid namespace's init ignores a signal it has no handler for, so it
// blocks them before the go).
func TestEarlySignal(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	for i := range 12 {
		arg := sleepArg()
		s := b.start("run", "--yolo", "--", "sleep", arg)
		time.Sleep(time.Duration(i*2) * time.Millisecond)
		s.Process.Signal(syscall.SIGTERM)
		start := time.Now()
		// 143 either way: the command ended by SIGTERM, or the runner
		// itself before it caught signals. A lost signal leaves the
		// command its 30 s of sleep: 15 s allows for a loaded machine
		// (3.1 s was seen with a load average of 13).
		if code, d := s.wait(t, 20*time.Second), time.Since(start); code != 143 || d > 15*time.Second {
			t.Errorf("SIGTERM after %dms: exit %d after %v, want 143 at once", i*2, code, d)
		}
		noneLeft(t, "sleep\x00"+arg, "the command after an early SIGTERM")
	}
}

func sigName(s syscall.Signal) string { return unix.SignalName(s) }

// TestRunnerKilled: SIGKILL of mewsandbox, which can forward nothing,
// still takes the command down (the parent-death signal), and what the
// command started, even outside its session: under the layer its pid
// namespace ends; without, the process sharing the runner's memory, the
// command's child subreaper, kills what is orphaned to it.
//
// Known limits, not asserted: without the layer, a binary without the
// release entry point (whose runner re-executes itself for the child)
// leaves the command's children running, and so does a private TMPDIR on
// the host that the command wrote into, or that such a binary made
// (TestPremadeTmpAfterKill has the empty one go), which this test removes
// itself.
func TestRunnerKilled(t *testing.T) {
	t.Parallel()
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"run"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			arg, straggler := sleepArg(), sleepArg()
			stragglers := flags == nil || hasPrefork(t, b)
			args := append(append([]string{"run", "--yolo"}, flags...), "-c", `echo "$TMPDIR" > tmpdir; setsid sleep `+straggler+` & echo $$ > pid; exec sleep `+arg)
			s := b.start(args...)
			waitFile(t, filepath.Join(b.root, "pid"))
			if tmp := waitFile(t, filepath.Join(b.root, "tmpdir")); strings.Contains(tmp, "mewsandbox-") {
				t.Cleanup(func() { os.RemoveAll(tmp) })
			}
			deadline := time.Now().Add(10 * time.Second)
			for len(withMarker("sleep\x00"+arg)) == 0 {
				if time.Now().After(deadline) {
					t.Fatal("the command never started sleeping")
				}
				time.Sleep(5 * time.Millisecond)
			}
			for len(withMarker("sleep\x00"+straggler)) == 0 {
				if time.Now().After(deadline) {
					t.Fatal("the straggler never started sleeping")
				}
				time.Sleep(5 * time.Millisecond)
			}
			s.Process.Signal(syscall.SIGKILL)
			s.wait(t, 10*time.Second)
			noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
			if !stragglers {
				t.Log("not asserted: this binary has no pre-forked child, and without the layer the command's own children outlive a killed runner")
				for _, p := range withMarker("sleep\x00" + straggler) {
					syscall.Kill(p, syscall.SIGKILL)
				}
				return
			}
			noneLeft(t, "sleep\x00"+straggler, "a process the command started in a session of its own, after SIGKILL of mewsandbox")
			afterKilledGone(t, b.root, arg) // before the root goes with the test
		})
	}
}

// TestTimeouts: --timeout ends the command with 124 (case 46); one that
// ignores SIGTERM is killed after the grace; a command that finishes in
// time keeps its own status. An outside `timeout 1` ends mewsandbox, and
// nothing keeps writing after it (case 44).
func TestTimeouts(t *testing.T) {
	t.Parallel()
	t.Run("50ms", func(t *testing.T) {
		t.Parallel()
		b := newBox(t, nil)
		// The command would sleep 30 s: a run that ends within 10 s
		// was ended by the timeout, however slow the machine.
		arg := sleepArg()
		start := time.Now()
		r := b.run("run", "--yolo", "--timeout", "50ms", "--", "sleep", arg)
		if r.code != 124 {
			t.Errorf("exit %d, want 124; stderr: %s", r.code, r.stderr)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("took %v", d)
		}
		noneLeft(t, "sleep\x00"+arg, "the command after its timeout")
		if r := b.run("run", "--yolo", "--timeout", "5s", "-c", "exit 7"); r.code != 7 {
			t.Errorf("in time: exit %d, want 7", r.code)
		}
	})
	t.Run("SIGTERM ignored", func(t *testing.T) {
		t.Parallel()
		b := newBox(t, nil)
		arg := sleepArg()
		start := time.Now()
		r := b.run("run", "--yolo", "--timeout", "100ms", "-c", `trap "" TERM; sleep `+arg+` & while :; do sleep 0.02; done`)
		d := time.Since(start)
		if r.code != 124 {
			t.Errorf("exit %d, want 124; stderr: %s", r.code, r.stderr)
		}
		// SIGTERM at 100ms, SIGKILL after the 2s grace; without the
		// kill the loop never ends: 15 s is for a loaded machine.
		if d < 2*time.Second || d > 15*time.Second {
			t.Errorf("took %v, want the timeout plus the 2s grace", d)
		}
		noneLeft(t, "sleep\x00"+arg, "a child of the TERM-ignoring command")
	})
	t.Run("SIGTERM reaches every process", func(t *testing.T) {
		// As without a pid namespace: the timeout's SIGTERM reaches the
		// command's children too, so they can clean up before the end.
		t.Parallel()
		b := newBox(t, nil)
		// The command waits for its child on SIGTERM: once it exits,
		// what is left is killed. Time enough for the traps to be set on
		// a busy machine.
		r := b.run("run", "--yolo", "--timeout", "1500ms", "-c",
			`trap 'wait; exit 143' TERM; (trap "echo cleaning up > cleaned; exit 0" TERM; sleep 10 & wait) & wait`)
		if r.code != 124 {
			t.Errorf("exit %d, want 124; stderr: %s", r.code, r.stderr)
		}
		if got := waitFile(t, filepath.Join(b.root, "cleaned")); got != "cleaning up" {
			t.Errorf("the child's trap wrote %q", got)
		}
	})
	t.Run("outside timeout 1", func(t *testing.T) {
		t.Parallel()
		b := newBox(t, nil)
		arg := sleepArg()
		script := "while :; do echo x >> out; sleep 0.01; done & sleep " + arg + "; wait"
		cmd := osexec.Command("timeout", "1", bin, "run", "--yolo", "-c", script)
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
		err := cmd.Run()
		var ee *osexec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 124 {
			t.Fatalf("timeout 1 mewsandbox: %v, want exit 124", err)
		}
		noneLeft(t, "sleep\x00"+arg, "the command after an outside timeout")
		// The writing loop is a subshell, its command line the script: a
		// fixed wait for the file to grow could end before a surviving
		// loop, slowed by a loaded machine, wrote again.
		noneLeft(t, script, "the writing loop after an outside timeout")
		size := func() int64 {
			fi, err := os.Stat(filepath.Join(b.root, "out"))
			if err != nil {
				t.Fatal("the loop never wrote")
			}
			return fi.Size()
		}
		before := size()
		time.Sleep(300 * time.Millisecond)
		if after := size(); after != before {
			t.Errorf("something kept writing after the run ended: %d -> %d bytes", before, after)
		}
	})
}

// TestStragglers: a command that leaves background processes behind
// returns its status at once and takes them along (case 45), whether they
// stay in its process group, leave it with setsid, or double-fork into a
// daemon; a background child the command waits for works as usual.
func TestStragglers(t *testing.T) {
	t.Parallel()
	// Each straggler says it is detached (ready) before the command exits,
	// so the run cannot win a race against its setsid. The first holds the
	// run's stdout, as a careless daemon would.
	tests := []struct {
		name, script string
	}{
		{"background holding stdout", `sh -c 'echo > ready; exec sleep %s' & until test -e ready; do sleep 0.01; done; exit 5`},
		{"setsid", `setsid sh -c 'echo > ready; exec sleep %s' >/dev/null 2>&1 & until test -e ready; do sleep 0.01; done; exit 5`},
		{"setsid and fork", `setsid sh -c 'sleep %[1]s & echo > ready; sleep %[1]s' >/dev/null 2>&1 & until test -e ready; do sleep 0.01; done; exit 5`},
		{"double-fork daemon", `(setsid sh -c 'echo > ready; exec sleep %s' >/dev/null 2>&1 &) ; until test -e ready; do sleep 0.01; done; exit 5`},
		{"nohup", `nohup sh -c 'echo > ready; exec sleep %s' >/dev/null 2>&1 & until test -e ready; do sleep 0.01; done; exit 5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			arg := sleepArg()
			start := time.Now()
			r := b.run("run", "--yolo", "-c", fmt.Sprintf(tt.script, arg))
			if r.code != 5 {
				t.Errorf("exit %d, want 5; stderr: %s", r.code, r.stderr)
			}
			// The straggler would hold it 30 s; 10 s is for a loaded machine.
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v: the straggler held the run", d)
			}
			noneLeft(t, "sleep\x00"+arg, "straggler")
		})
	}
	t.Run("waited-for child", func(t *testing.T) {
		t.Parallel()
		b := newBox(t, nil)
		r := b.run("run", "--yolo", "-c", `(sleep 0.2; echo late > late) & wait; cat late`)
		if r.code != 0 || strings.TrimSpace(r.stdout) != "late" {
			t.Errorf("exit %d, stdout %q", r.code, r.stdout)
		}
	})
}

// TestNothingOutlivesTheRun: the moment a run returns, what the command
// left behind is gone, not merely sent a signal: a pid namespace's init
// reports the command's status only once it has killed and reaped
// everything else there (child_linux.c's init_end), and the runner returns
// on that report, without waiting for the namespaces' teardown. Stragglers
// that ignore what they can and keep writing are neither alive nor
// writing then.
func TestNothingOutlivesTheRun(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	for i := range 5 {
		arg := sleepArg()
		script := fmt.Sprintf(`rm -f ready out
setsid sh -c 'trap "" TERM HUP INT; while :; do echo x >> out; done; : %[1]s' >/dev/null 2>&1 &
sh -c 'trap "" TERM HUP INT; echo > ready; exec sleep %[1]s' &
until test -e ready && test -s out; do sleep 0.01; done
exit 3`, arg)
		// The script comes on stdin: the marker is then in no argument
		// of the runner's, nor of the process sharing its memory, which
		// ends just after it (TestMemorySharer).
		r := b.runIn(b.root, script, "run", "--yolo", "--", "sh", "-s")
		left := withMarker(arg)
		for _, p := range left {
			syscall.Kill(p, syscall.SIGKILL)
		}
		if r.code != 3 {
			t.Fatalf("run %d: exit %d, want 3; stderr: %s", i, r.code, r.stderr)
		}
		if len(left) > 0 {
			t.Fatalf("run %d: processes %v were alive when the run returned", i, left)
		}
		fi, err := os.Stat(filepath.Join(b.root, "out"))
		if err != nil {
			t.Fatalf("run %d: the writer never wrote: %v", i, err)
		}
		time.Sleep(50 * time.Millisecond)
		after, err := os.Stat(filepath.Join(b.root, "out"))
		if err != nil {
			t.Fatal(err)
		}
		if after.Size() != fi.Size() {
			t.Fatalf("run %d: something wrote after the run returned: %d bytes, then %d", i, fi.Size(), after.Size())
		}
	}
}

// TestPrivateTmp: TMPDIR is a private directory the command can write and
// execute in, and it is gone after the run.
func TestPrivateTmp(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	r := b.sh(`echo "$TMPDIR"; echo x > "$TMPDIR/f" && cat "$TMPDIR/f" && printf '#!/bin/sh\necho ran\n' > "$TMPDIR/s" && chmod +x "$TMPDIR/s" && "$TMPDIR/s"`)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 3 || lines[1] != "x" || lines[2] != "ran" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	tmp := lines[0]
	if !filepath.IsAbs(tmp) || strings.HasPrefix(tmp, b.root) {
		t.Errorf("TMPDIR %q", tmp)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s survived the run (%v)", tmp, err)
	}
}

// TestManyRuns: 200 runs at once, each with its own exit status and a
// straggler, all come back right, their output whole; no process and no
// private temp dir is left afterwards.
//
// Each run's stdout and stderr are pipes this test makes, read to their
// end however long after the runner's exit that comes: no WaitDelay
// closes them on output still unread. A pipe still written to 30 s after
// the runner was reaped is an error that names who holds it (for nothing
// of mewsandbox's may: TestNothingHoldsStdio). With os/exec's pipes and a
// WaitDelay of 10 s, 1 run of 200 had lost its output at load averages of
// 60-128, and the holder was this test: os/exec makes a run's pipes in
// Start, and each fork another run's Start makes meanwhile copies their
// write ends into a child until its execve, which under such a load the
// child reaches later. Measured with the runs of this test at load
// averages of 48-72: 24 runs of 600 had a write end held after the runner
// was reaped (for up to 6.9 s, as a probe itself short of processors saw
// it); the one traced (ftrace) was released by the execve of another
// run's runner, forked while that write end was open. With the pipes made
// and the fork done under one lock, as here, 0 of 600. (Another test's
// fork can still copy one, until that child's execve.)
func TestManyRuns(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	const runs = 200
	arg := sleepArg()
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var starting sync.Mutex // the pipes' write ends are open here only while their run starts
	var tmps []string
	var longest time.Duration // from a runner's reaping to its pipes' end
	errs := make([]string, 0)
	for i := 0; i < runs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := (i*7 + 3) % 50
			// Half the stragglers leave the session, and say so first.
			bg := "sleep " + arg + " & :"
			if i%2 == 1 {
				// A literal -c string: --yolo still asks for programs it
				// cannot read, and no terminal turns that into a deny.
				// Not $$: in the pid namespace every command is pid 2.
				bg = fmt.Sprintf(`export r=ready.%d; setsid sh -c 'echo > "$r"; exec sleep `+arg+`' >/dev/null 2>&1 & until test -e "$r"; do sleep 0.01; done; rm -f "$r"`, i)
			}
			cmd := osexec.CommandContext(ctx, bin, "run", "--yolo", "--", "sh", "-c", fmt.Sprintf(`%s; echo "$TMPDIR"; exit %d`, bg, want))
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
			var out, errb bytes.Buffer
			var read sync.WaitGroup
			var readErr [2]error
			starting.Lock()
			var pipes [2]*os.File
			for k, to := range []*bytes.Buffer{&out, &errb} {
				r, w, err := os.Pipe()
				if err != nil {
					starting.Unlock()
					t.Error(err)
					return
				}
				defer r.Close()
				defer w.Close()
				pipes[k] = r
				if k == 0 {
					cmd.Stdout = w
				} else {
					cmd.Stderr = w
				}
				read.Go(func() { _, readErr[k] = io.Copy(to, r) })
			}
			err := cmd.Start()
			cmd.Stdout.(*os.File).Close()
			cmd.Stderr.(*os.File).Close()
			starting.Unlock()
			if err == nil {
				err = cmd.Wait()
			}
			reaped := time.Now()
			held := ""
			for _, r := range pipes {
				r.SetReadDeadline(reaped.Add(30 * time.Second))
			}
			read.Wait()
			for k, e := range readErr {
				if errors.Is(e, os.ErrDeadlineExceeded) {
					held += fmt.Sprintf(" %s still written to 30s after the runner was reaped (%s);", []string{"stdout", "stderr"}[k], pipeWriters(pipes[k]))
				}
			}
			ended := time.Since(reaped)
			code := 0
			var ee *osexec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				code = -1
			}
			mu.Lock()
			defer mu.Unlock()
			longest = max(longest, ended)
			if code != want {
				errs = append(errs, fmt.Sprintf("run %d: exit %d, want %d (%v) %s", i, code, want, err, errb.String()))
			}
			if held != "" {
				errs = append(errs, fmt.Sprintf("run %d:%s", i, held))
			}
			if tmp := strings.TrimSpace(out.String()); tmp != "" {
				tmps = append(tmps, tmp)
			} else {
				errs = append(errs, fmt.Sprintf("run %d: exit %d (%v), no TMPDIR printed: stdout %q, stderr %q", i, code, err, out.String(), errb.String()))
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		t.Error(e)
	}
	if len(tmps) != runs {
		t.Errorf("%d runs printed their TMPDIR, want %d", len(tmps), runs)
	}
	t.Logf("the longest from a runner's reaping to the end of its output: %v", longest)
	noneLeft(t, "sleep\x00"+arg, "stragglers of 200 runs")
	for _, tmp := range tmps {
		if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("private temp dir %s left behind (%v)", tmp, err)
		}
	}
}

// TestBadInput: usage and policy errors exit 2, name what is wrong, and
// run nothing (cases 19, 47). The command would create a marker file.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o644)
	corrupt := filepath.Join(dir, "corrupt.yaml")
	os.WriteFile(corrupt, []byte("permissions: [allow: {\n"), 0o644)
	tests := []struct {
		name  string
		flags []string
		names string // stderr names it
	}{
		{"root does not exist", []string{"--root", "/nonexistent/mwsbx"}, "/nonexistent/mwsbx"},
		{"root is a file", []string{"--root", file}, file},
		{"network all with a port", []string{"--network", "all", "--allow-connect", "80"}, "--allow-connect"},
		{"unknown network mode", []string{"--network", "some"}, "some"},
		{"bad port", []string{"--allow-connect", "http"}, "http"},
		{"settings file does not exist", []string{"--settings", "/nonexistent/mwsbx.yaml"}, "/nonexistent/mwsbx.yaml"},
		{"settings file is corrupt", []string{"--settings", corrupt}, corrupt},
		{"allow-read path does not exist", []string{"--allow-read", "/nonexistent/mwsbx"}, "/nonexistent/mwsbx"},
		{"allow-write path does not exist", []string{"--allow-write", "/nonexistent/mwsbx"}, "/nonexistent/mwsbx"},
		{"bad timeout", []string{"--timeout", "soon"}, "soon"},
		{"conflicting modes", []string{"--plan", "--yolo"}, "--plan"},
		{"unknown flag", []string{"--frobnicate"}, "frobnicate"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			marker := filepath.Join(dir, fmt.Sprintf("marker%d", i))
			args := append(append([]string{"run"}, tt.flags...), "--", "touch", marker)
			r := run(t, invocation{args: args, dir: dir})
			if r.code != 2 {
				t.Errorf("exit %d, want 2; stderr: %s", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.names) {
				t.Errorf("stderr %q does not name %q", r.stderr, tt.names)
			}
			if _, err := os.Stat(marker); err == nil {
				os.Remove(marker)
				t.Error("the command ran")
			}
		})
	}
	t.Run("no command", func(t *testing.T) {
		t.Parallel()
		if r := run(t, invocation{args: []string{"run"}, dir: dir}); r.code != 2 {
			t.Errorf("run without a command: exit %d, want 2", r.code)
		}
	})
	t.Run("neighbour: good flags run", func(t *testing.T) {
		t.Parallel()
		requireSandbox(t)
		marker := filepath.Join(dir, "marker-good")
		if r := run(t, invocation{args: []string{"run", "--yolo", "--", "touch", marker}, dir: dir}); r.code != 0 || !fileExists(marker) {
			t.Errorf("good run: exit %d, stderr %s", r.code, r.stderr)
		}
	})
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestKernelWithoutLandlock simulates a kernel without Landlock (a seccomp
// filter answering its system calls with ENOSYS): doctor reports ABI 0; a
// strict run fails closed with 125 naming what is missing and never runs
// the command; --best-effort runs it, says in one line what is not
// enforced, and still enforces seccomp (case 48).
func TestKernelWithoutLandlock(t *testing.T) {
	t.Parallel()
	// The real kernel's Landlock is not needed here, its seccomp is.
	if d, err := doctor(); err != nil || !d.Seccomp.Supported {
		t.Skipf("seccomp filters are not supported (%v): the simulation needs them", err)
	}
	b := &box{t: t, root: project(t, nil), home: realTemp(t), out: realTemp(t)}
	b.install()
	wrap := helper(t, "nolandlock")
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	out := func(args ...string) (string, string, int) {
		cmd := osexec.Command(wrap, append([]string{bin}, args...)...)
		cmd.Dir, cmd.Env = b.root, env
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		var ee *osexec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	if o, _, _ := out("doctor", "--json"); !strings.Contains(o, `"landlockABI": 0`) {
		t.Fatalf("the simulation does not work, doctor says:\n%s", o)
	}
	_, stderr, code := out("run", "--yolo", "--", "touch", "marker")
	if code != 125 || !strings.Contains(stderr, "Landlock") || !strings.Contains(stderr, "--best-effort") {
		t.Errorf("strict: exit %d, stderr %q; want 125 naming Landlock and --best-effort", code, stderr)
	}
	if b.exists("marker") {
		t.Error("strict: the command ran")
	}
	stdout, stderr, code := out("run", "--yolo", "--best-effort", "--", "sh", "-c", "touch marker; ./attack unshare-user")
	if code != 1 || !b.exists("marker") {
		t.Errorf("best effort: exit %d, marker %v; stderr %q", code, b.exists("marker"), stderr)
	}
	if !strings.Contains(stdout, fmt.Sprintf("errno=%d ", eperm)) {
		t.Errorf("best effort: seccomp no longer enforced: %q", stdout)
	}
	if n := strings.Count(strings.TrimSpace(stderr), "\n"); n != 0 || !strings.Contains(stderr, "not enforced") {
		t.Errorf("best effort: want one line saying what is not enforced, got %q", stderr)
	}
}

// TestEverydayWork: ordinary development inside the sandbox keeps working:
// git, a C build, a pipeline, /dev/null, python's multiprocessing lock
// (/dev/shm) and pwd lookups (case 49).
func TestEverydayWork(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, script, want string
	}{
		{"git", `set -e
git init -q
echo hello > f
git add f
git -c user.name=Tester -c user.email=t@example.com commit -qm first
git log --format=%s
git status --short`, "first"},
		{"c build", `set -e
printf '#include <stdio.h>\nint main(void){puts("compiled");return 0;}\n' > hello.c
cc -o hello hello.c
./hello`, "compiled"},
		{"pipeline", `printf 'b\na\nc\n' | sort | head -n 1 | tr a A`, "A"},
		{"dev null", `echo x > /dev/null && cat /dev/null && head -c 4 /dev/zero | wc -c`, "4"},
		{"python lock and pwd", `python3 -c '
import multiprocessing, os, pwd
l = multiprocessing.Lock()
with l:
    pass
print("locked", pwd.getpwuid(os.getuid()).pw_uid == os.getuid())
'`, "locked True"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			if tt.name == "git" {
				// A fresh root, without .git: the command may git init.
				// (An existing .git, even empty, is protected.)
				os.RemoveAll(filepath.Join(b.root, ".git"))
			}
			r := b.sh(tt.script)
			if r.code != 0 || !strings.Contains(r.stdout, tt.want) {
				t.Errorf("exit %d, stdout %q (want %q), stderr %q", r.code, r.stdout, tt.want, r.stderr)
			}
		})
	}
}

// TestGitWithGlobalConfig: git aborts when it may not read ~/.gitconfig,
// so the runner lets it read its global config files — and nothing else of
// the home directory, credential helpers' stores included.
func TestGitWithGlobalConfig(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.env = append(b.env, "XDG_CONFIG_HOME="+filepath.Join(b.home, ".config"))
	b.file(filepath.Join(b.home, ".gitconfig"), "[user]\n\tname = Global Tester\n\temail = g@example.com\n", 0o644)
	b.file(filepath.Join(b.home, ".config", "git", "config"), "[alias]\n\tst = status --short\n", 0o644)
	b.file(filepath.Join(b.home, ".git-credentials"), "https://user:SECRET@example.com\n", 0o600)
	os.RemoveAll(filepath.Join(b.root, ".git")) // a fresh root: see TestEverydayWork
	r := b.sh(`set -e
git init -q && echo x > f && git add f && git commit -qm first
git log --format='%an %s'
git st`)
	if r.code != 0 || !strings.Contains(r.stdout, "Global Tester first") {
		t.Fatalf("git with a global config: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = b.sh(`cat ~/.git-credentials`)
	if r.code == 0 || strings.Contains(r.stdout, "SECRET") {
		t.Errorf("~/.git-credentials was readable: exit %d, stdout %q", r.code, r.stdout)
	}
	r = b.sh(`echo evil >> ~/.gitconfig`)
	if r.code == 0 || strings.Contains(b.read(filepath.Join(b.home, ".gitconfig")), "evil") {
		t.Errorf("~/.gitconfig was writable: exit %d", r.code)
	}
}

// TestStragglerChain: a chain of processes each of which starts the next
// in a session of its own, then the command exits: every one goes with
// the run, in both modes. Without namespaces each kill orphans the next
// link to the killer, so it must look again, until none is left, not a
// fixed number of times (a first version left 24 of 151).
func TestStragglerChain(t *testing.T) {
	t.Parallel()
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"run"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			arg := sleepArg()
			b.file("chain.sh", "n=$1\nif [ \"$n\" -gt 0 ]; then setsid sh ./chain.sh $((n-1)) $2 & fi\nexec sleep $2\n", 0o755)
			start := time.Now()
			r := b.run(append(append([]string{"run", "--yolo"}, flags...), "-c",
				`sh ./chain.sh 150 `+arg+` & until [ $(pgrep -c -f "sleep `+arg+`") -ge 100 ]; do sleep 0.01; done; exit 4`)...)
			if r.code != 4 {
				t.Fatalf("exit %d, want 4; stderr: %s", r.code, r.stderr)
			}
			// A first version took half a minute, its looks used up; a
			// loaded machine takes up to 15 s to start the 150.
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("the run took %v to end the chain", d)
			}
			noneLeft(t, "sleep\x00"+arg, "a chain of 150 sessions")
		})
	}
}

// TestDeepChainEndsWithTheRun: a chain of processes, each a session of its
// own and the parent of the next, all pausing, ends with the run. Without
// the layer the sharer killed the tree a level a look, 3-4 ms a level: a
// review's chain 3,000 deep outlived its 12 s and wrote the root after the
// run; the whole tree is now killed at the first look. Not asserted: the
// depth that outlived the old way takes minutes to build here (forking
// deep in a chain slows with its depth), so this chain is one it ended.
func TestDeepChainEndsWithTheRun(t *testing.T) {
	t.Parallel()
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"run"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			b.install()
			if len(flags) > 0 && !hasPrefork(t, b) {
				t.Skip("no pre-forked child (neither the release entry point nor glibc's constructor arguments), so no process stands above the command to end its orphans: see TestRunnerKilled")
			}
			marker := "chain-" + uniq()
			start := time.Now()
			r := b.run(append(append([]string{"run", "--yolo"}, flags...), "--", "./attack", "chain", "300", marker)...)
			if r.code != 0 || !strings.Contains(r.stdout, "chain ok") {
				t.Fatalf("exit %d, %q %q", r.code, r.stdout, r.stderr)
			}
			t.Logf("the run took %v", time.Since(start).Round(time.Millisecond))
			noneLeft(t, marker, "a chain of 300 processes, each in a session of its own")
		})
	}
}
