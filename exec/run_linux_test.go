//go:build linux

package exec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// requireSandbox skips tests that check enforcement on kernels (or builds)
// that cannot enforce.
func requireSandbox(t testing.TB) {
	t.Helper()
	if abi := landlock.ABI(); abi < 6 {
		t.Skipf("Landlock ABI %d: the default policy needs 6", abi)
	}
	if !seccomp.Enabled {
		t.Skip("built without seccomp (cgo off)")
	}
	if st := seccomp.Probe(); !st.Supported {
		t.Skipf("seccomp unsupported: %v", st.Err)
	}
}

// testRoot is a fresh project root with symbolic links resolved.
func testRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// sh runs script with sh -c in root under the default policy, best effort so
// that the runner's mechanics are tested on any kernel.
func sh(root, script string) *Cmd {
	return &Cmd{
		Args:   []string{"sh", "-c", script},
		Dir:    root,
		Env:    []string{"PATH=/usr/bin:/bin"},
		Policy: DefaultPolicy(root).WithBestEffort(),
	}
}

// state returns the state letter of pid (R, S, T, Z …), 0 when it is gone.
func state(pid int) byte {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && len(s) > i+2 {
		return s[i+2]
	}
	return 0
}

// gone reports whether pid has exited (vanished or a zombie nobody reaped).
func gone(pid int) bool {
	s := state(pid)
	return s == 0 || s == 'Z'
}

// spared says whether process pid, a sleep, is found asleep with no
// signal pending within 10 s. A kill is sent before the call that sends
// it returns, but the process ends only once scheduled, which a loaded
// machine may put off: a look at whether it is gone, at once or after a
// fixed wait, can miss it.
func spared(pid int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
		if err != nil || gone(pid) {
			return false
		}
		if state(pid) == 'S' && strings.Contains(string(status), "\nSigPnd:\t0000000000000000\n") && strings.Contains(string(status), "\nShdPnd:\t0000000000000000\n") {
			return true
		}
	}
	return false
}

// waitState waits until pid is in one of the states.
func waitState(t *testing.T, pid int, states string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.ContainsRune(states, rune(state(pid))) {
		if time.Now().After(deadline) {
			t.Fatalf("pid %d in state %q, want one of %q", pid, state(pid), states)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", path)
	return nil
}

func TestRunExitStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string
		want   int
		stage  string // for a *StageError
		errSub string
	}{
		{name: "success", args: []string{"true"}, want: 0},
		{name: "failure", args: []string{"false"}, want: 1},
		{name: "own status", args: []string{"sh", "-c", "exit 42"}, want: 42},
		{name: "killed by SIGTERM is 128+15", args: []string{"sh", "-c", "kill -TERM $$"}, want: 128 + 15},
		{name: "killed by SIGKILL is 128+9", args: []string{"sh", "-c", "kill -KILL $$"}, want: 128 + 9},
		{name: "absolute path", args: []string{"/bin/sh", "-c", "exit 3"}, want: 3},
		{name: "not found in PATH", args: []string{"mewsandbox-no-such-command"}, want: 127, stage: StageResolve, errSub: "not found"},
		{name: "missing absolute path", args: []string{"/nonexistent/bin/x"}, want: 127, stage: StageResolve, errSub: "no such file"},
		{name: "not executable", args: []string{"./plain.txt"}, want: 126, stage: StageResolve, errSub: "not executable"},
		{name: "a directory", args: []string{"./subdir"}, want: 126, stage: StageResolve, errSub: "directory"},
		{name: "not executable found in PATH", args: []string{"plain.txt"}, want: 126, stage: StageResolve, errSub: "not executable"},
		{name: "not an executable format", args: []string{"./garbage"}, want: 126, stage: StageExec, errSub: "exec format error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := testRoot(t)
			os.WriteFile(filepath.Join(root, "plain.txt"), []byte("hi"), 0o644)
			os.WriteFile(filepath.Join(root, "garbage"), []byte("\x00\x01\x02\x03 not a program"), 0o755)
			os.Mkdir(filepath.Join(root, "subdir"), 0o755)
			c := sh(root, "")
			c.Args = tt.args
			c.Env = []string{"PATH=/usr/bin:/bin:" + root}
			got, err := c.Run(context.Background())
			for deadline := time.Now().Add(10 * time.Second); err != nil && errors.Is(err, syscall.ETXTBSY) && time.Now().Before(deadline); {
				// A process another test forked while garbage was open
				// for writing holds it until its own execve (Go issue
				// 22315), which a loaded machine may put off: try again.
				time.Sleep(20 * time.Millisecond)
				c = sh(root, "")
				c.Args = tt.args
				c.Env = []string{"PATH=/usr/bin:/bin:" + root}
				got, err = c.Run(context.Background())
			}
			if got != tt.want {
				t.Errorf("status = %d, want %d (err %v)", got, tt.want, err)
			}
			if tt.stage == "" {
				if err != nil {
					t.Errorf("err = %v", err)
				}
				return
			}
			var se *StageError
			if !errors.As(err, &se) || se.Stage != tt.stage || se.Status != tt.want || !strings.Contains(err.Error(), tt.errSub) {
				t.Errorf("err = %#v (%v), want a %s StageError with status %d mentioning %q", err, err, tt.stage, tt.want, tt.errSub)
			}
		})
	}
}

func TestRunStreamsAndEnv(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	var out, errb bytes.Buffer
	c := sh(root, `read line; echo "$line $FOO $PWD"; echo oops >&2; exit 7`)
	c.Env = append(c.Env, "FOO=bar", "FOO=baz")
	c.Stdin = strings.NewReader("hello\n")
	c.Stdout, c.Stderr = &out, &errb
	status, err := c.Run(context.Background())
	if status != 7 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if got, want := out.String(), "hello baz "+root+"\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	if errb.String() != "oops\n" {
		t.Errorf("stderr = %q", errb.String())
	}
}

func TestRunPassesBytesThrough(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	arg, val := "caf\xe9 \xff", "\xfe\x01"
	var out bytes.Buffer
	c := sh(root, `printf '%s|%s' "$1" "$V"`)
	c.Args = append(c.Args, "sh", arg)
	c.Env = append(c.Env, "V="+val)
	c.Stdout = &out
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if got, want := out.String(), arg+"|"+val; got != want {
		t.Errorf("command saw %q, want %q", got, want)
	}
}

func TestRunLargeSpec(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	c := sh(testRoot(t), `printf %s "$BIG" | wc -c`)
	c.Env = append(c.Env, "BIG="+strings.Repeat("x", 100<<10)) // more than a pipe holds
	c.Stdout = &out
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if got := strings.TrimSpace(out.String()); got != strconv.Itoa(100<<10) {
		t.Errorf("command saw %s bytes", got)
	}
}

func TestRunStdinDefaultsToDevNull(t *testing.T) {
	t.Parallel()
	c := sh(testRoot(t), `test "$(cat)" = ""`)
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Errorf("Run = %d, %v", status, err)
	}
}

func TestRunTimeout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		script  string
		timeout time.Duration
		ctx     time.Duration
		want    int
		max     time.Duration
	}{
		{"SIGTERM ends a polite command", "sleep 30", 100 * time.Millisecond, 0, 124, 2 * time.Second},
		{"SIGKILL after the grace ends one that ignores SIGTERM", `trap "" TERM; sleep 30`, 100 * time.Millisecond, 0, 124, 3 * time.Second},
		{"a context deadline is a timeout", "sleep 30", 0, 100 * time.Millisecond, 124, 2 * time.Second},
		{"a command that ends in time keeps its status", "exit 9", 10 * time.Second, 0, 9, 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := sh(testRoot(t), tt.script)
			c.Timeout, c.Grace = tt.timeout, 300*time.Millisecond
			ctx := context.Background()
			if tt.ctx > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.ctx)
				defer cancel()
			}
			start := time.Now()
			status, err := c.Run(ctx)
			if status != tt.want || err != nil {
				t.Errorf("Run = %d, %v; want %d", status, err, tt.want)
			}
			if d := time.Since(start); d > tt.max {
				t.Errorf("took %v, want at most %v", d, tt.max)
			}
		})
	}
}

func TestRunContextCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	status, err := sh(testRoot(t), "sleep 30").Run(ctx)
	if status != 128+15 || err != nil {
		t.Errorf("Run = %d, %v; want 143: cancelling is not a timeout, the command's SIGTERM status stands", status, err)
	}
}

func TestRunKillsStragglers(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	var out bytes.Buffer // a pipe the straggler holds
	c := sh(root, `sleep 100 & echo $! > pid; exit 5`)
	c.Policy.NoNamespaces = true // the runner's own reaping; pids as the host sees them
	c.Stdout = &out
	start := time.Now()
	status, err := c.Run(context.Background())
	if status != 5 || err != nil {
		t.Errorf("Run = %d, %v; want 5", status, err)
	}
	if d := time.Since(start); d > 10*time.Second { // it would hold it 100 s
		t.Errorf("took %v: the straggler held the run", d)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "pid")))))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !gone(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("background sleep %d survived the command", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRunPrivateTmp(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	c := sh(root, `printf '%s\n%s\n%s\n' "$TMPDIR" "$TMP" "$TEMP" > out; stat -c %a "$TMPDIR" >> out; printf '#!/bin/sh\necho x\n' > "$TMPDIR/f" && chmod +x "$TMPDIR/f" && "$TMPDIR/f" >> out`)
	c.Env = append(c.Env, "TMPDIR=/somewhere/else")
	c.PrivateTmp = true
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	lines := strings.Split(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "out")))), "\n")
	if len(lines) != 5 {
		t.Fatalf("output %q", lines)
	}
	tmp := lines[0]
	if lines[1] != tmp || lines[2] != tmp || filepath.Dir(tmp) != filepath.Clean(os.TempDir()) || !strings.Contains(tmp, "mewsandbox-") {
		t.Errorf("TMPDIR, TMP, TEMP = %q", lines[:3])
	}
	if lines[3] != "700" || lines[4] != "x" {
		t.Errorf("private tmp mode %s, script output %q; want 700 and a script written and run there", lines[3], lines[4])
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s still exists after the run (%v)", tmp, err)
	}
}

// TestRunPrivateTmpInLayer: with the namespace layer, the private temp dir
// is a tmpfs of the sandbox's own, where the command may write and
// execute; it is never on the host, even while the command runs, and its
// parent, the layer's empty os.TempDir(), stays read-only with the root in
// it (TestHideOwnTmp: /tmp is the command's own where nothing is bound
// back into it).
func TestRunPrivateTmpInLayer(t *testing.T) {
	requireLayer(t)
	t.Parallel()
	if tmp, err := filepath.EvalSymlinks(os.TempDir()); err != nil || tmp != "/tmp" {
		t.Skipf("os.TempDir() is %s (%v), not /tmp, which the layer empties", os.TempDir(), err)
	}
	root := testRoot(t)
	c := sh(root, `echo "$TMPDIR" > tmp
stat -f -c %T "$TMPDIR" > fs
printf '#!/bin/sh\necho ran\n' > "$TMPDIR/x" && chmod +x "$TMPDIR/x" && "$TMPDIR/x" > ran
if echo y > "/tmp/beside-$$" 2>/dev/null; then echo escaped > beside; fi
until test -e go; do sleep 0.01; done`)
	c.PrivateTmp = true
	done := make(chan error, 1)
	go func() {
		status, err := c.Run(context.Background())
		if err == nil && status != 0 {
			err = fmt.Errorf("exit %d", status)
		}
		done <- err
	}()
	tmp := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "tmp"))))
	ran := waitFile(t, filepath.Join(root, "ran"))
	if _, err := os.Lstat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the private temp dir %s is on the host during the run (%v)", tmp, err)
	}
	if err := os.WriteFile(filepath.Join(root, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if filepath.Dir(tmp) != "/tmp" || !strings.HasPrefix(filepath.Base(tmp), "mewsandbox-") {
		t.Errorf("TMPDIR %q", tmp)
	}
	if fs := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "fs")))); fs != "tmpfs" {
		t.Errorf("the private temp dir is on %s, want tmpfs", fs)
	}
	if string(ran) != "ran\n" {
		t.Errorf("a script in the private temp dir printed %q", ran)
	}
	if _, err := os.Stat(filepath.Join(root, "beside")); err == nil {
		t.Error("the command wrote beside the private temp dir, in the layer's /tmp")
	}
}

// TestRunPrivateTmpLimited: a private temp dir in memory (under the layer),
// and the layer's /dev/shm (with a private temp dir or without), hold no
// more than the memory limit allows the command.
func TestRunPrivateTmpLimited(t *testing.T) {
	requireLayer(t)
	t.Parallel()
	for _, tt := range []struct {
		dir        string
		privateTmp bool
	}{{`"$TMPDIR"`, true}, {"/dev/shm", true}, {"/dev/shm", false}} {
		dir := tt.dir
		root := testRoot(t)
		c := sh(root, fmt.Sprintf(`dd if=/dev/zero of=%[1]s/big bs=1M count=96 2>/dev/null; echo $? > rc; stat -c %%s %[1]s/big > size; rm %[1]s/big; dd if=/dev/zero of=%[1]s/small bs=1M count=1 2>/dev/null; echo $? >> rc`, dir))
		c.PrivateTmp = tt.privateTmp
		c.Policy.Limits.Mem = 48 << 20
		if status, err := c.Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("%s: Run = %d, %v", dir, status, err)
		}
		rc := strings.Fields(string(waitFile(t, filepath.Join(root, "rc"))))
		size, _ := strconv.Atoi(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "size")))))
		if len(rc) != 2 || rc[0] == "0" || rc[1] != "0" || size > 48<<20 {
			t.Errorf("96 MiB, then 1 MiB, into %s limited to 48 MiB: exit %v, %d bytes written", dir, rc, size)
		}
	}
}

// TestRunPrivateTmpWarnsOnce: a plan made again for a private temp dir on
// the host says its warnings once. It sets TMPDIR, so it does not run in
// parallel.
func TestRunPrivateTmpWarnsOnce(t *testing.T) {
	requireLayer(t)
	t.Setenv("TMPDIR", testRoot(t)) // not where the layer empties: the host's
	root := testRoot(t)
	c := sh(root, "true")
	c.PrivateTmp = true
	c.Policy = c.Policy.WithDenyRead(filepath.Join(root, "missing", "secret"))
	var warned []string
	c.Warn = func(s string) { warned = append(warned, s) }
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "does not exist") {
		t.Errorf("warnings %q, want the missing deny-read path once", warned)
	}
}

// TestRunPrivateTmpRemovedOnFailure sets TMPDIR, so it does not run in
// parallel.
func TestRunPrivateTmpRemovedOnFailure(t *testing.T) {
	tmp := testRoot(t)
	t.Setenv("TMPDIR", tmp)
	for _, args := range [][]string{{"mewsandbox-no-such-command"}, {"sh", "-c", "exit 3"}} {
		c := sh(testRoot(t), "")
		c.Args = args
		c.PrivateTmp = true
		c.Run(context.Background())
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("%q: private temp dir left behind: %v", args, left)
		}
	}
}

// TestRunSession checks the TTY rule: without a terminal on stdin the command
// leads a session of its own; with one it stays in the runner's process group
// so job control keeps working.
func TestRunSession(t *testing.T) {
	t.Parallel()
	pty, tty := openPTY(t)
	_ = pty
	tests := []struct {
		name  string
		stdin *os.File
		check func(pid, pgrp, sid int) bool
	}{
		{"no terminal: a new session", nil, func(pid, pgrp, sid int) bool { return pgrp == pid && sid == pid }},
		{"terminal: the runner's process group", tty, func(pid, pgrp, sid int) bool {
			return pgrp == syscall.Getpgrp() && pid != pgrp
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			c := sh(testRoot(t), `echo $$; cut -d' ' -f5,6 /proc/$$/stat`)
			c.Policy.NoNamespaces = true // ids as the host sees them
			if tt.stdin != nil {
				c.Stdin = tt.stdin
			}
			c.Stdout = &out
			if status, err := c.Run(context.Background()); status != 0 || err != nil {
				t.Fatalf("Run = %d, %v", status, err)
			}
			f := strings.Fields(out.String())
			if len(f) != 3 {
				t.Fatalf("output %q", out.String())
			}
			pid, _ := strconv.Atoi(f[0])
			pgrp, _ := strconv.Atoi(f[1])
			sid, _ := strconv.Atoi(f[2])
			if !tt.check(pid, pgrp, sid) {
				t.Errorf("pid %d pgrp %d sid %d (runner pgrp %d)", pid, pgrp, sid, syscall.Getpgrp())
			}
		})
	}
}

func openPTY(t *testing.T) (pty, tty *os.File) {
	t.Helper()
	m, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	pty = os.NewFile(uintptr(m), "ptmx")
	t.Cleanup(func() { pty.Close() })
	if err := unix.IoctlSetPointerInt(m, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(m, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return pty, tty
}

// startParent runs the test binary as a runner process of its own
// (TestMain's MEWSANDBOX_TEST_PARENT mode) that runs script in root. A
// wrapper, when given, is a shell command line that execs the runner ("$0").
func startParent(t *testing.T, root, script string, env ...string) *osexec.Cmd {
	return startParentVia(t, "", root, script, env...)
}

func startParentVia(t *testing.T, wrapper, root, script string, env ...string) *osexec.Cmd {
	t.Helper()
	p := osexec.Command(os.Args[0])
	if wrapper != "" {
		p = osexec.Command("/bin/sh", "-c", wrapper, os.Args[0])
	}
	p.Env = append(os.Environ(), "MEWSANDBOX_TEST_PARENT=1", "MEWSANDBOX_TEST_ROOT="+root, "MEWSANDBOX_TEST_SCRIPT="+script)
	p.Env = append(p.Env, env...)
	p.Stderr = os.Stderr
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Process.Kill(); p.Wait() })
	return p
}

func TestRunForwardsSignals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		sig  syscall.Signal
		env  []string
	}{
		{"SIGTERM", syscall.SIGTERM, nil},
		{"SIGINT", syscall.SIGINT, nil},
		{"SIGHUP", syscall.SIGHUP, nil},
		{"SIGUSR1", syscall.SIGUSR1, nil},
		{"SIGQUIT", syscall.SIGQUIT, nil},
		{"SIGINT after the runner's own signal.Ignore", syscall.SIGINT, []string{"MEWSANDBOX_TEST_IGNORE_INT=1"}},
	}
	for _, tt := range tests {
		sig := tt.sig
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := testRoot(t)
			name := strings.TrimPrefix(unix.SignalName(sig), "SIG")
			p := startParent(t, root, `trap 'echo `+name+` > got; exit 3' `+name+`; echo ok > ready; while :; do sleep 0.05; done`, tt.env...)
			waitFile(t, filepath.Join(root, "ready"))
			if err := p.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := p.Wait()
			var ee *osexec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 3 {
				t.Errorf("runner ended with %v, want exit status 3 (the command's)", err)
			}
			if got := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "got")))); got != name {
				t.Errorf("command caught %q, want %s", got, name)
			}
		})
	}
}

// TestRunKeepsInheritedIgnores checks nohup: a runner started with SIGHUP
// ignored neither relays it nor lets the command receive it.
func TestRunKeepsInheritedIgnores(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	p := startParentVia(t, `trap "" HUP; exec "$0"`, root, `grep SigIgn /proc/self/status > ign; echo ok > ready; while :; do sleep 0.05; done`)
	waitFile(t, filepath.Join(root, "ready"))
	ign := strings.TrimSpace(strings.TrimPrefix(string(waitFile(t, filepath.Join(root, "ign"))), "SigIgn:"))
	mask, err := strconv.ParseUint(ign, 16, 64)
	if err != nil || mask&(1<<(syscall.SIGHUP-1)) == 0 {
		t.Errorf("command's SigIgn = %q: SIGHUP is not ignored", ign)
	}
	p.Process.Signal(syscall.SIGHUP)
	time.Sleep(200 * time.Millisecond)
	if s := state(p.Process.Pid); s == 0 || s == 'Z' {
		t.Fatal("SIGHUP ended the run")
	}
	p.Process.Signal(syscall.SIGTERM)
	var ee *osexec.ExitError
	if err := p.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 128+15 {
		t.Errorf("runner ended with %v, want exit status 143", err)
	}
}

// TestRunJobControl checks that SIGTSTP stops the command and then the
// runner (so a shell sees the job stop) and SIGCONT resumes both.
func TestRunJobControl(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	p := startParent(t, root, `echo $$ > pid; exec sleep 30`, "MEWSANDBOX_TEST_NO_NAMESPACES=1")
	pid, err := strconv.Atoi(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "pid")))))
	if err != nil {
		t.Fatal(err)
	}
	p.Process.Signal(syscall.SIGTSTP)
	waitState(t, pid, "T")
	waitState(t, p.Process.Pid, "T")
	p.Process.Signal(syscall.SIGCONT)
	waitState(t, pid, "RS")
	waitState(t, p.Process.Pid, "RS")
	p.Process.Signal(syscall.SIGTERM)
	var ee *osexec.ExitError
	if err := p.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 128+15 {
		t.Errorf("runner ended with %v, want exit status 143", err)
	}
}

func TestRunCommandDiesWithRunner(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	p := startParent(t, root, `echo $$ > pid; exec sleep 100`, "MEWSANDBOX_TEST_NO_NAMESPACES=1")
	pid, err := strconv.Atoi(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "pid")))))
	if err != nil {
		t.Fatal(err)
	}
	// Let sh exec sleep: waited for, a loaded machine may take longer
	// than any fixed wait.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if comm, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm"); string(comm) == "sleep\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command never became sleep")
		}
	}
	p.Process.Kill()
	p.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for !gone(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("command %d survived its runner", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRunEnforces(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	outside := testRoot(t)
	secret := filepath.Join(outside, "secret")
	os.WriteFile(secret, []byte("s3cret"), 0o644)
	tests := []struct {
		name   string
		script string
		deny   []string
		want   int
	}{
		{"writes inside the root", `echo x > in && test "$(cat in)" = x`, nil, 0},
		{"no writes outside the root", `echo x > ` + outside + `/out`, nil, 2},
		{"no reads outside the grants", `cat ` + secret, nil, 1},
		{"no listing outside the grants", `ls ` + outside, nil, 2},
		{"no_new_privs is set", `grep -q '^NoNewPrivs:[[:space:]]1$' /proc/self/status`, nil, 0},
		{"a seccomp filter is loaded", `grep -q '^Seccomp:[[:space:]]2$' /proc/self/status`, nil, 0},
		{"system directories are readable", `test -r /etc/passwd && ls /usr/bin > /dev/null`, nil, 0},
		{"a denied file is unreadable", `cat .env`, []string{".env"}, 1},
		{"its siblings still work", `cat pub && echo y > pub && mkdir -p sub/new && echo z > sub/new/f`, []string{".env"}, 0},
		{"no new entries beside a denied file", `touch newfile`, []string{".env"}, 1},
		{"the denied file cannot be renamed to readable", `mv .env sub/stolen`, []string{".env"}, 1},
		{"no peeking into processes outside the sandbox", `grep -q . /proc/1/environ`, nil, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := testRoot(t)
			os.WriteFile(filepath.Join(root, ".env"), []byte("KEY=v"), 0o644)
			os.WriteFile(filepath.Join(root, "pub"), []byte("pub"), 0o644)
			os.Mkdir(filepath.Join(root, "sub"), 0o755)
			c := sh(root, "exec 2>/dev/null; "+tt.script)
			c.Stdout = io.Discard
			c.Policy.BestEffort = false
			for _, d := range tt.deny {
				c.Policy = c.Policy.WithDenyRead(filepath.Join(root, d))
			}
			status, err := c.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if (status == 0) != (tt.want == 0) {
				t.Errorf("status %d, want %d", status, tt.want)
			}
			if _, err := os.Stat(filepath.Join(outside, "out")); err == nil {
				t.Error("a file appeared outside the root")
			}
		})
	}
}

func TestRunLandlockFailureStopsBeforeExec(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	c := sh(root, `touch marker`)
	c.Policy = c.Policy.WithGrant(Grant{Path: filepath.Join(root, "missing"), Access: Read})
	status, err := c.Run(context.Background())
	var se *StageError
	if status != 125 || !errors.As(err, &se) || se.Stage != StageLandlock || !errors.Is(err, syscall.ENOENT) {
		t.Errorf("Run = %d, %#v (%v); want 125 and a landlock StageError wrapping ENOENT", status, err, err)
	}
	if _, err := os.Stat(filepath.Join(root, "marker")); err == nil {
		t.Error("the command ran")
	}
}

func TestRunBinaryOutsideGrants(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	root, elsewhere := testRoot(t), testRoot(t)
	b, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip(err)
	}
	bin := filepath.Join(elsewhere, "mytrue")
	os.WriteFile(bin, b, 0o755)
	// A script in the root whose interpreter is outside every grant.
	script := filepath.Join(root, "s")
	os.WriteFile(script, []byte("#!"+bin+"\n"), 0o755)
	// The reason is worked out once execve fails: with EACCES (Landlock),
	// or ENOENT under the layer, which empties the /tmp that holds it.
	for _, noNS := range []bool{false, true} {
		c := sh(root, "")
		c.Policy.BestEffort = false
		c.Policy.NoNamespaces = noNS
		c.Args = []string{bin}
		status, err := c.Run(context.Background())
		var se *StageError
		if status != 126 || !errors.As(err, &se) || se.Stage != StageResolve || !strings.Contains(err.Error(), "allow read and execute on "+elsewhere) {
			t.Errorf("no namespaces %v: Run = %d, %v; want 126 and a resolve error naming %s", noNS, status, err, elsewhere)
		}
		c.Args = []string{script}
		if status, err := c.Run(context.Background()); status != 126 || !strings.Contains(err.Error(), bin) {
			t.Errorf("no namespaces %v: script: Run = %d, %v; want 126 naming %s", noNS, status, err, bin)
		}
	}
	// A binary that is not there stays the command's own problem.
	c := sh(root, "")
	c.Args = []string{filepath.Join(root, "missing")}
	if status, err := c.Run(context.Background()); status != 127 {
		t.Errorf("missing binary: Run = %d, %v; want 127", status, err)
	}
}

// TestRunStrictRefusesWhatTheKernelLacks swaps the kernel probe, so it does
// not run in parallel.
func TestRunStrictRefusesWhatTheKernelLacks(t *testing.T) {
	saved := probeKernel
	t.Cleanup(func() { probeKernel = saved })
	real := saved()
	probeKernel = func() kernel { return kernel{abi: 0, seccomp: real.seccomp} }

	root := testRoot(t)
	c := sh(root, `touch marker`)
	c.Policy.BestEffort = false
	var warnings []string
	c.Warn = func(s string) { warnings = append(warnings, s) }
	status, err := c.Run(context.Background())
	var se *StageError
	if status != 125 || !errors.As(err, &se) || se.Stage != StageLandlock || !strings.Contains(err.Error(), "--best-effort") {
		t.Errorf("strict: Run = %d, %v; want 125 naming --best-effort", status, err)
	}
	if _, err := os.Stat(filepath.Join(root, "marker")); err == nil {
		t.Error("strict: the command ran")
	}

	c.Policy.BestEffort = true
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Errorf("best effort: Run = %d, %v", status, err)
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "mewsandbox: not enforced on this kernel: landlock: filesystem") {
		t.Errorf("warnings = %q, want one line naming what is not enforced", warnings)
	}
}

func BenchmarkRunTrue(b *testing.B) {
	root := testRoot(b)
	c := &Cmd{Args: []string{"/bin/true"}, Dir: root, Env: []string{"PATH=/usr/bin:/bin"}, Policy: DefaultPolicy(root).WithBestEffort()}
	for b.Loop() {
		if status, err := c.Run(context.Background()); status != 0 || err != nil {
			b.Fatal(status, err)
		}
	}
}

func BenchmarkBareTrue(b *testing.B) {
	for b.Loop() {
		if err := osexec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPrespawn starts the child before the command and policy are known,
// then runs one command with it, and discards another: the discarded child
// runs nothing and leaves no process behind.
func TestPrespawn(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	c := &Cmd{Dir: root}
	c.Prespawn()
	late := sh(root, `echo ran > marker; exit 7`)
	c.Args, c.Env, c.Policy = late.Args, late.Env, late.Policy
	if status, err := c.Run(context.Background()); status != 7 || err != nil {
		t.Fatalf("Run after Prespawn = %d, %v; want 7", status, err)
	}
	if got := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "marker")))); got != "ran" {
		t.Errorf("marker %q", got)
	}
	c.Discard() // after Run: nothing to do

	// Without the namespace layer the private temp dir is the host's,
	// made ahead.
	d := &Cmd{Dir: root, PrivateTmp: true}
	d.Policy.NoNamespaces = true
	d.Prespawn()
	d.pre.tmpMade.Wait()
	tmp := d.pre.tmp
	if fi, err := os.Stat(tmp); err != nil || !fi.IsDir() {
		t.Fatalf("Prespawn made no private temp dir: %q, %v", tmp, err)
	}
	pid := 0
	if <-d.pre.started == nil {
		pid = d.pre.p.pid
	}
	d.pre.started <- nil // as Discard expects to find it
	if pid == 0 {
		t.Fatal("the prespawned child did not start")
	}
	d.Discard()
	if s := state(pid); s != 0 {
		t.Errorf("discarded child %d is still there, state %c", pid, s)
	}
	if d.pre != nil {
		t.Error("Discard kept the child")
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Discard left the private temp dir %s (%v)", tmp, err)
	}
	d.Discard() // twice: nothing to do
}

// TestRunPassFDs hands the command one descriptor of the caller: it is
// there at the same number, and another descriptor the caller has open is
// not.
func TestRunPassFDs(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	outside := testRoot(t)
	open := func(name, content string) *os.File {
		p := filepath.Join(outside, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	passed, kept := open("passed", "handed over"), open("kept", "not handed over")
	p, k := int(passed.Fd()), int(kept.Fd())
	// bash: dash takes only single-digit descriptors in redirections.
	c := sh(root, fmt.Sprintf(`cat <&%d > got; ( cat <&%d > leaked ) 2>/dev/null; echo $? > leak-status`, p, k))
	c.Args[0] = "bash"
	c.PassFDs = []int{p}
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if got := string(waitFile(t, filepath.Join(root, "got"))); got != "handed over" {
		t.Errorf("passed descriptor %d read %q", p, got)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "leaked")); len(b) > 0 {
		t.Errorf("descriptor %d was not passed, yet the command read %q from it", k, b)
	}
	if s := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "leak-status")))); s == "0" {
		t.Error("reading the descriptor that was not passed succeeded")
	}
	bad := sh(root, "true")
	bad.PassFDs = []int{1}
	if status, err := bad.Run(context.Background()); status != StatusSandbox || err == nil {
		t.Errorf("passing stdout: Run = %d, %v; want 125 and an error", status, err)
	}
}

// capLines returns the command's capability sets from /proc/self/status.
func capLines(t *testing.T, root string, keep []string) map[string]string {
	t.Helper()
	c := sh(root, `grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb):' /proc/self/status > caps; touch written`)
	c.Policy.KeepCaps = keep
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if _, err := os.Stat(filepath.Join(root, "written")); err != nil {
		t.Errorf("the command could not write in the root: %v", err)
	}
	sets := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "caps")))), "\n") {
		k, v, _ := strings.Cut(l, ":")
		sets[k] = strings.TrimSpace(v)
	}
	return sets
}

// TestRunDropsCapabilities runs a command as root: it has no capability in
// any set, or only the one it was to keep.
func TestRunDropsCapabilities(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("not root: no capabilities to drop (the integration tests cover a user without them)")
	}
	const none = "0000000000000000"
	for k, v := range capLines(t, testRoot(t), nil) {
		if v != none {
			t.Errorf("%s = %s, want none", k, v)
		}
	}
	const netBind = "0000000000000400" // CAP_NET_BIND_SERVICE, bit 10
	for k, v := range capLines(t, testRoot(t), []string{"net_bind_service"}) {
		if v != netBind {
			t.Errorf("keeping CAP_NET_BIND_SERVICE: %s = %s, want %s", k, v, netBind)
		}
	}
	bad := sh(testRoot(t), "true")
	bad.Policy.KeepCaps = []string{"CAP_FLY"}
	if status, err := bad.Run(context.Background()); status != StatusSandbox || err == nil || !strings.Contains(err.Error(), "CAP_FLY") {
		t.Errorf("an unknown capability: Run = %d, %v", status, err)
	}
}

// TestRunLimits sets each limit and reads it back from inside, then lets
// the CPU and file size limits end a command.
func TestRunLimits(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	c := sh(root, `grep -E '^Max (cpu time|file size|processes|open files|address space)' /proc/self/limits | tr -s ' ' | sed 's/ $//' > limits`)
	c.Policy.Limits = Limits{CPU: 1500 * time.Millisecond, FSize: 1 << 20, NProc: 4000, NoFile: 64, Mem: 8 << 30}
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	// CPU time rounds up to whole seconds, and its hard limit is a second
	// later.
	want := strings.Join([]string{"Max cpu time 2 3 seconds", "Max file size 1048576 1048576 bytes",
		"Max processes 4000 4000 processes", "Max open files 64 64 files", "Max address space 8589934592 8589934592 bytes"}, "\n")
	if got := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "limits")))); got != want {
		t.Errorf("limits inside: %q, want %q", got, want)
	}
	for _, tt := range []struct {
		name   string
		script string
		limits Limits
		status int
	}{
		{"cpu", `while :; do :; done`, Limits{CPU: time.Second}, 128 + int(syscall.SIGXCPU)},
		{"fsize", `head -c 65536 /dev/zero > big`, Limits{FSize: 4096}, 128 + int(syscall.SIGXFSZ)},
	} {
		c := sh(root, tt.script)
		c.Policy.Limits = tt.limits
		c.Timeout = 20 * time.Second
		if status, err := c.Run(context.Background()); status != tt.status || err != nil {
			t.Errorf("%s: Run = %d, %v; want %d", tt.name, status, err, tt.status)
		}
	}
}

// TestPrepare hands the child its spec before Run: the child restricts
// itself and waits, and the command runs only once Run says go; a prepared
// child that is discarded never runs it.
func TestPrepare(t *testing.T) {
	t.Parallel()
	root := testRoot(t)
	// With every placeholder there, nothing waits for the decision.
	for _, d := range placeholderDirs() {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c := sh(root, `echo ran > marker`)
	c.PrivateTmp = true
	c.Prepare()
	c.pre.handedOver.Wait()
	if c.pre.prepErr != nil {
		t.Fatal(c.pre.prepErr)
	}
	// The child has had time to run it, if it would: nothing outside
	// tells a child waiting for the go from one slowed on its way to the
	// command, so a window, of half a second for a loaded machine.
	time.Sleep(500 * time.Millisecond)
	if _, err := os.Stat(filepath.Join(root, "marker")); err == nil {
		t.Fatal("the command ran before Run")
	}
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run after Prepare = %d, %v", status, err)
	}
	if _, err := os.Stat(filepath.Join(root, "marker")); err != nil {
		t.Errorf("the command did not run: %v", err)
	}

	d := sh(root, `echo ran > discarded`)
	d.PrivateTmp = true
	d.Prepare()
	d.pre.handedOver.Wait()
	tmp := d.pre.tmp
	d.Discard() // returns once the child has ended: no wait needed
	if _, err := os.Stat(filepath.Join(root, "discarded")); err == nil {
		t.Error("a discarded, prepared child ran the command")
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Discard left the private temp dir %s (%v)", tmp, err)
	}
}

// TestNamespacesRefusedBestEffort: where the kernel refuses the layer's
// namespaces, a best-effort run falls back to a child without them, its
// spec rebuilt for a private temp dir on the host, and says so.
func TestNamespacesRefusedBestEffort(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	if _, err := NamespaceLayer(); err != nil {
		t.Skipf("no namespace layer here: %v", err)
	}
	root := testRoot(t)
	c := sh(root, `test -d "$TMPDIR" && touch ran`)
	c.PrivateTmp = true
	s, warnings := spawnWithWaysBack(t, c)
	// The starts in namespaces fail, as where the kernel refuses them.
	failStarts(root, append([]*osexec.Cmd{s.launch.cmd}, s.launch.fallback[:3]...))
	c.pre = s
	status, err := c.Run(context.Background())
	if status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if _, err := os.Stat(filepath.Join(root, "ran")); err != nil {
		t.Errorf("the command did not run: %v", err)
	}
	if !slices.ContainsFunc(*warnings, func(w string) bool { return strings.Contains(w, "refused the namespace layer") }) {
		t.Errorf("warnings %q; want the refused layer said", *warnings)
	}
}

// TestIPCNamespaceRefused: where the kernel refuses the layer's IPC
// namespace, the run goes on in the others, says so, and its filter,
// built for the IPC namespace, refuses System V IPC again: the command
// would reach the host's objects otherwise.
func TestIPCNamespaceRefused(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	if _, err := NamespaceLayer(); err != nil {
		t.Skipf("no namespace layer here: %v", err)
	}
	ipcmk, err := osexec.LookPath("ipcmk")
	if err != nil {
		t.Skip("no ipcmk (util-linux) to make a segment with")
	}
	root := testRoot(t)
	c := sh(root, ipcmk+` -M 4096 >out 2>&1; echo $? >status; readlink /proc/self/ns/ipc >ns`)
	s, warnings := spawnWithWaysBack(t, c)
	// The starts with an IPC namespace fail; the next has the mount and
	// pid namespaces.
	withIPC := []*osexec.Cmd{s.launch.cmd, s.launch.fallback[0]}
	for _, cmd := range withIPC {
		if cmd.SysProcAttr.Cloneflags&syscall.CLONE_NEWIPC == 0 {
			t.Fatalf("flags %#x: no IPC namespace", cmd.SysProcAttr.Cloneflags)
		}
	}
	failStarts(root, withIPC)
	c.pre = s
	status, err := c.Run(context.Background())
	if status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	out, _ := os.ReadFile(filepath.Join(root, "out"))
	if id := regexp.MustCompile(`id: (\d+)`).FindSubmatch(out); id != nil {
		n, _ := strconv.Atoi(string(id[1]))
		unix.SysvShmCtl(n, unix.IPC_RMID, nil)
		t.Fatalf("the command made a segment on the host: %s", out)
	}
	if st, _ := os.ReadFile(filepath.Join(root, "status")); strings.TrimSpace(string(st)) == "0" || !strings.Contains(string(out), "Operation not permitted") {
		t.Errorf("ipcmk: exit %s, %q; want it refused (EPERM)", st, out)
	}
	host, _ := os.Readlink("/proc/self/ns/ipc")
	if ns, _ := os.ReadFile(filepath.Join(root, "ns")); strings.TrimSpace(string(ns)) != host {
		t.Errorf("the command's IPC namespace is %s, want the host's %s (the test's premise)", ns, host)
	}
	if !slices.ContainsFunc(*warnings, func(w string) bool { return strings.Contains(w, "refused an IPC namespace") }) {
		t.Errorf("warnings %q; want the refused IPC namespace said", *warnings)
	}
}

// TestPrepareMakesNothingUndecided: the namespace layer's placeholders
// (.claude, .mewsandbox … made on the host) wait for Run: a prepared
// child that is discarded leaves the project as it was.
func TestPrepareMakesNothingUndecided(t *testing.T) {
	t.Parallel()
	if _, err := NamespaceLayer(); err != nil {
		t.Skipf("no namespace layer here, so no placeholders: %v", err)
	}
	root := testRoot(t)
	d := sh(root, `true`)
	d.Prepare()
	d.Discard() // waits for the hand-over
	for _, p := range placeholderDirs() {
		if _, err := os.Lstat(filepath.Join(root, p)); err == nil {
			t.Errorf("a discarded run made %s", p)
		}
	}
	c := sh(root, `test -d .claude`)
	c.Prepare()
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run after Prepare = %d, %v; want the placeholder made, then the command run", status, err)
	}
	if left := leftOver(root, 0); left != nil {
		t.Errorf("the run left its placeholders %v", left)
	}
}

// withMarker lists the host's processes whose command line holds marker.
func withMarker(marker string) []int {
	var pids []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + d.Name() + "/cmdline"); err == nil && strings.Contains(string(b), marker) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitNoMarker waits until no process with marker is left.
func waitNoMarker(t *testing.T, marker, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := withMarker(marker)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("%s: %v survived", what, left)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRunPidNamespace: under the namespace layer the command is pid 2 of
// a pid namespace whose init is the sandbox child; its /proc shows only
// that namespace, and nothing in it outlives the command, or a runner
// killed with SIGKILL.
func TestRunPidNamespace(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	root := testRoot(t)
	c := sh(root, `echo $$ > pid; ls /proc | grep -c '^[0-9]' > procs; cat /proc/1/cmdline | tr '\0' ' ' > init; sleep 1234.567 & exit 3`)
	if status, err := c.Run(context.Background()); status != 3 || err != nil {
		t.Fatalf("Run = %d, %v; want 3", status, err)
	}
	if got := strings.TrimSpace(string(waitFile(t, filepath.Join(root, "pid")))); got != "2" {
		t.Errorf("the command is pid %s in its namespace, want 2 (init is 1)", got)
	}
	if n, _ := strconv.Atoi(strings.TrimSpace(string(waitFile(t, filepath.Join(root, "procs"))))); n == 0 || n > 6 {
		t.Errorf("/proc shows %d processes: want the namespace's few, not the host's", n)
	}
	if got := string(waitFile(t, filepath.Join(root, "init"))); !strings.Contains(got, childArg) {
		t.Errorf("pid 1 is %q, want the sandbox child", got)
	}
	waitNoMarker(t, "1234.567", "a background process of the command")

	p := startParent(t, root, `sleep 4321.765 & echo ready > ready; wait`)
	waitFile(t, filepath.Join(root, "ready"))
	p.Process.Kill()
	p.Wait()
	waitNoMarker(t, "4321.765", "the command's child after SIGKILL of the runner")
}

// placeholderDirs are the protected directories of a root (not a repository)
// that the namespace layer creates when missing.
func placeholderDirs() []string {
	var out []string
	for _, p := range protectedInRoot() {
		if p.placeholder && !strings.Contains(p.path, "/") {
			out = append(out, p.path)
		}
	}
	return out
}

// spawnWithWaysBack starts c's child as the runner does when it was not
// pre-forked: in namespaces, with four ways back should the kernel refuse
// them (without the pid namespace, the IPC one, both, all). warnings
// collects what the run says; the caller reads it after the run.
func spawnWithWaysBack(t *testing.T, c *Cmd) (*spawning, *[]string) {
	t.Helper()
	warnings := new([]string)
	c.Warn = func(w string) { *warnings = append(*warnings, w) }
	s := c.spawnChild()
	if s.err != nil {
		t.Fatal(s.err)
	}
	if s.launch.adopted != 0 || len(s.launch.fallback) != 4 {
		t.Fatalf("want a child started with namespaces and four ways back, have adopted %d, %d", s.launch.adopted, len(s.launch.fallback))
	}
	return s, warnings
}

// failStarts makes each of cmds fail to start, as where the kernel
// refuses its namespaces: a chroot into a directory that is not there.
func failStarts(root string, cmds []*osexec.Cmd) {
	for _, cmd := range cmds {
		a := *cmd.SysProcAttr
		a.Chroot = filepath.Join(root, "missing")
		cmd.SysProcAttr = &a
	}
}
