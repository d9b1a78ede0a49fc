package integration

// Tracing inside the sandbox. Under the namespace layer the command may
// trace, and read the memory of, its own processes (gdb, strace,
// LeakSanitizer); every other process stays out of reach: the pid
// namespace's init (undumpable, in the command's Landlock domain), the
// runner and the process sharing its memory (outside the pid namespace,
// and outside the domain), another run's command (its own domain) and a
// host process of the same user. Without the layer seccomp still refuses
// tracing outright. Each attempt is made by testdata/tracer.c, beside the
// same call on a child of the command's own.

import (
	"bytes"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tracePrelude's t LABEL OP ARG runs ./tracer OP ARG as the prelude's p
// runs ./attack.
var tracePrelude = probeFunc("t", "tracer", "</dev/null ")

// reachOps are tracer's ways into another process.
var reachOps = []string{"attach", "seize", "vm-readv", "vm-writev", "pidfd-getfd", "kcmp", "mem", "environ"}

// traceScript tries every reachOp on a child of the command's own and on
// each of targets (label → pid, or a shell expression), and from a
// Landlock domain nested in the command's on a child there and on the
// script's shell, outside that domain, then has a traced
// child's getppid turned into calls seccomp refuses, and asks the kernel
// to suspend seccomp for a tracee.
func traceScript(targets map[string]string) string {
	var s strings.Builder
	s.WriteString(tracePrelude)
	for _, op := range reachOps {
		fmt.Fprintf(&s, "t %s-child %s child\n", op, op)
		for label, pid := range targets {
			fmt.Fprintf(&s, "t %s-%s %s %s\n", op, label, op, pid)
		}
		// From a Landlock domain nested in the command's: Landlock's
		// ptrace rule alone refuses the shell, in the outer domain.
		fmt.Fprintf(&s, "t nested-%s-child nested %s child\nt nested-%s-shell nested %s $$\n", op, op, op, op)
	}
	for _, c := range []string{"unshare-user", "tiocsti", "getpid"} {
		fmt.Fprintf(&s, "t swap-%s swap %s\n", c, c)
	}
	s.WriteString("t suspend-seccomp suspend-seccomp\nt seize-sysgood seize-sysgood\n")
	return s.String()
}

// refusedErrno is what refuses op on a process the command may name but
// not reach: EPERM from ptrace_may_access (Landlock, or init being
// undumpable) or seccomp; EACCES for the /proc files, which the kernel
// words so.
func refusedErrno(op string) []int {
	if op == "mem" || op == "environ" {
		return []int{eacces}
	}
	return []int{eperm}
}

// startedRun starts `mewsandbox run --yolo FLAGS -- sleep 67` through
// cmd (a box's or a userBox's), killed when the test ends, and returns its
// command's host pid once it runs: another run of the same user, its own
// Landlock domain.
func startedRun(t *testing.T, cmd *osexec.Cmd) int {
	t.Helper()
	cmd.Stdout, cmd.Stderr = nil, nil
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			if c, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); !bytes.Equal(c, []byte("sleep\x0067\x00")) {
				continue
			}
			for p := pid; p > 1; {
				if p == cmd.Process.Pid {
					return pid
				}
				st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
				if err != nil {
					break
				}
				f := strings.Fields(string(st[bytes.LastIndexByte(st, ')')+1:]))
				p, _ = strconv.Atoi(f[1])
			}
		}
	}
	t.Fatal("the other run's command never started")
	return 0
}

// checkTracing asserts what traceScript found under the layer (layer) or
// without it: init refused however it is tried, the host's processes not
// even named (the pid namespace), the command's own child reached.
// Without the layer seccomp refuses tracing whatever the target, and
// Landlock the /proc files of what is not the command's.
func checkTracing(t *testing.T, o outcomes, layer, keepsSysAdmin bool, hidden, named []string) {
	t.Helper()
	for _, op := range reachOps {
		for _, child := range []string{op + "-child", "nested-" + op + "-child"} {
			if layer || op == "mem" || op == "environ" {
				o.ok(t, child)
			} else {
				o.errno(t, child, eperm) // seccomp, without the pid namespace
			}
		}
		if !knownEnviron(t, o, op, "nested-"+op+"-shell", keepsSysAdmin) {
			o.errno(t, "nested-"+op+"-shell", refusedErrno(op)...)
		}
		for _, label := range named {
			if !knownEnviron(t, o, op, op+"-"+label, keepsSysAdmin) {
				o.errno(t, op+"-"+label, refusedErrno(op)...)
			}
		}
		for _, label := range hidden {
			o.errno(t, op+"-"+label, esrch, int(syscall.ENOENT))
		}
	}
	if !layer {
		for _, c := range []string{"swap-unshare-user", "swap-tiocsti", "swap-getpid", "suspend-seccomp", "seize-sysgood"} {
			o.fails(t, c)
		}
		return
	}
	if strings.Contains(o["swap-getpid"], fmt.Sprintf(" errno=%d ", int(syscall.ENOSYS))) {
		t.Log("swap: x86-64 only, not tried here")
	} else {
		// seccomp judges the call again after the tracer changed it
		// (Linux 4.8): unshare succeeds outside the sandbox, TIOCSTI on
		// /dev/null says ENOTTY there.
		o.errno(t, "swap-unshare-user", eperm)
		o.errno(t, "swap-tiocsti", eperm)
		o.ok(t, "swap-getpid")
	}
	// PTRACE_O_SUSPEND_SECCOMP needs CAP_SYS_ADMIN and a tracer under no
	// filter: never the command.
	o.errno(t, "suspend-seccomp", eperm)
	o.ok(t, "seize-sysgood")
}

// knownEnviron says, and logs, that label is an environ opened with
// CAP_SYS_ADMIN kept: not this change's, and not tracing, which seccomp
// sees; the kernel here opens /proc/PID/environ of a process outside the
// command's Landlock domain and undumpable to a command keeping
// CAP_SYS_ADMIN, before tracing was opened too (/proc/1/environ under the
// layer; any host process's without it).
func knownEnviron(t *testing.T, o outcomes, op, label string, keepsSysAdmin bool) bool {
	t.Helper()
	if op != "environ" || !keepsSysAdmin || o[label] != "environ ok" {
		return false
	}
	t.Logf("%s: opened with CAP_SYS_ADMIN kept, as before tracing was opened (a kernel matter, not seccomp's)", label)
	return true
}

// TestTracingStaysInside: under the layer the command traces its own
// children, and reaches neither its pid namespace's init nor any process
// outside, whatever it tries; a traced child cannot have a refused call
// run by changing its registers, nor have seccomp suspended. As root (with
// --keep-cap CAP_SYS_ADMIN too, which PTRACE_O_SUSPEND_SECCOMP would
// need) and without the layer, where tracing stays refused. The host's
// process, the other run's command and the runner are judged from outside
// too: none is traced or stopped after the attacks.
func TestTracingStaysInside(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	tracer, err := os.ReadFile(helper(t, "tracer"))
	if err != nil {
		t.Fatal(err)
	}
	b.file("tracer", string(tracer), 0o755)
	victim := outsider(t)
	other := newBox(t, nil)
	otherCmd := osexec.Command(bin, "run", "--yolo", "--", "sleep", "67")
	otherCmd.Dir, otherCmd.Env = other.root, append(os.Environ(), "HOME="+other.home)
	otherPid := startedRun(t, otherCmd)
	host := map[string]string{"host": strconv.Itoa(victim), "other-run": strconv.Itoa(otherPid)}

	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"layer", nil},
		{"layer keeping CAP_SYS_ADMIN", []string{"--keep-cap", "CAP_SYS_ADMIN"}},
		{"no namespaces", []string{"--no-namespaces"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.flags != nil && tc.flags[0] == "--keep-cap" && os.Geteuid() != 0 {
				t.Skip("not root: a command of an unprivileged runner has no capabilities to keep")
			}
			layer := len(tc.flags) == 0 || tc.flags[0] != "--no-namespaces"
			targets := map[string]string{}
			for k, v := range host {
				targets[k] = v
			}
			var hidden, named []string
			if layer {
				targets["init"] = "1"
				hidden, named = []string{"host", "other-run"}, []string{"init"}
			} else {
				// $PPID is the runner, or the process sharing its
				// memory (the subreaper), whose parent the runner is.
				targets["parent"] = "$PPID"
				targets["grandparent"] = `$(awk '/^PPid/ {print $2}' /proc/$PPID/status)`
				named = []string{"host", "other-run", "parent", "grandparent"}
			}
			checkTracing(t, b.check(traceScript(targets), tc.flags...), layer, slices.Contains(tc.flags, "CAP_SYS_ADMIN"), hidden, named)
			undisturbed(t, "the host's process", victim)
			undisturbed(t, "the other run's command", otherPid)
		})
	}
}

// TestTracingKeepingCapSysPtrace: CAP_SYS_PTRACE kept would reach the pid
// namespace's init, undumpable but in the command's Landlock domain:
// tracing then stays refused, the command's own children too.
func TestTracingKeepingCapSysPtrace(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("not root: a command of an unprivileged runner has no capabilities to keep")
	}
	b := newBox(t, nil)
	tracer, err := os.ReadFile(helper(t, "tracer"))
	if err != nil {
		t.Fatal(err)
	}
	b.file("tracer", string(tracer), 0o755)
	o := b.check(tracePrelude+"t attach-init attach 1\nt attach-child attach child\nt vm-readv-init vm-readv 1\nt pidfd-getfd-init pidfd-getfd 1\n", "--keep-cap", "CAP_SYS_PTRACE")
	for _, l := range []string{"attach-init", "attach-child", "vm-readv-init", "pidfd-getfd-init"} {
		o.errno(t, l, eperm)
	}
}

// TestTracingUnprivileged: the same as an ordinary user, whose layer is a
// user namespace's: the command traces its children and reaches neither
// its init nor the user's process outside nor another run of the user.
func TestTracingUnprivileged(t *testing.T) {
	b := newUserBox(t)
	tracer, err := os.ReadFile(helper(t, "tracer"))
	if err != nil {
		t.Fatal(err)
	}
	b.write("tracer", string(tracer), 0o755)
	sleep := osexec.Command("sleep", "60")
	if b.cred != nil {
		sleep.SysProcAttr = &syscall.SysProcAttr{Credential: b.cred}
	}
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sleep.Process.Kill(); sleep.Wait() })
	otherPid := startedRun(t, b.command("run", "--yolo", "--", "sleep", "67"))
	targets := map[string]string{"init": "1", "host": strconv.Itoa(sleep.Process.Pid), "other-run": strconv.Itoa(otherPid)}
	o := b.check(traceScript(targets))
	checkTracing(t, o, true, false, []string{"host", "other-run"}, []string{"init"})
	undisturbed(t, "the user's process", sleep.Process.Pid)
	undisturbed(t, "the other run's command", otherPid)
	o = b.check(tracePrelude+"t attach-child attach child\nt attach-parent attach $PPID\n", "--no-namespaces")
	o.errno(t, "attach-child", eperm)
	o.errno(t, "attach-parent", eperm)
}

// TestTracingTools: what tracing was opened for works under the layer:
// gdb runs a crashing program and shows where it crashed, strace -f
// follows a shell, a program built with -fsanitize=address reports its
// leak (LeakSanitizer stops the program's threads with ptrace) and one
// that leaks nothing exits 0. Each tool is skipped, saying why, where it
// is not installed (make test installs gdb and strace).
func TestTracingTools(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	build := func(name, src string, flags ...string) bool {
		t.Helper()
		if _, err := osexec.LookPath("gcc"); err != nil {
			t.Logf("no gcc: %s is not tried", name)
			return false
		}
		c := filepath.Join(t.TempDir(), name+".c")
		os.WriteFile(c, []byte(src), 0o644)
		out, err := osexec.Command("gcc", append(append([]string{"-g", "-O0"}, flags...), "-o", filepath.Join(b.root, name), c)...).CombinedOutput()
		if err != nil {
			t.Logf("gcc %v cannot build %s here (%v): it is not tried\n%s", flags, name, err, out)
			return false
		}
		return true
	}
	sh := func(script string) result {
		t.Helper()
		return b.sh(script)
	}
	t.Run("gdb", func(t *testing.T) {
		if _, err := osexec.LookPath("gdb"); err != nil {
			t.Skip("gdb is not installed (make test installs it)")
		}
		if !build("crash", "void f(int *p) { *p = 1; }\nint main(void) { f(0); return 0; }\n") {
			t.Skip("no crashing program to debug")
		}
		r := sh("gdb -nx -batch -ex run -ex bt ./crash 2>&1\n")
		if r.code != 0 || !strings.Contains(r.stdout, "SIGSEGV") || !strings.Contains(r.stdout, "in f (p=0x0)") || strings.Contains(r.stdout, "Operation not permitted") {
			t.Errorf("gdb -batch -ex run -ex bt ./crash: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("strace", func(t *testing.T) {
		if _, err := osexec.LookPath("strace"); err != nil {
			t.Skip("strace is not installed (make test installs it)")
		}
		r := sh("strace -f -o x sh -c true\n")
		if trace := b.read("x"); r.code != 0 || !strings.Contains(trace, "execve(") || !strings.Contains(trace, "exit_group(0)") {
			t.Errorf("strace -f -o x sh -c true: exit %d, stderr %q, trace %q", r.code, r.stderr, trace)
		}
	})
	t.Run("asan", func(t *testing.T) {
		if !build("leak", "#include <stdlib.h>\nvoid *volatile p;\nint main(void) { p = malloc(100); p = 0; return 0; }\n", "-fsanitize=address") ||
			!build("noleak", "#include <stdlib.h>\nint main(void) { free(malloc(100)); return 0; }\n", "-fsanitize=address") {
			t.Skip("no AddressSanitizer here")
		}
		r := sh("./leak\n")
		if r.code != 1 || !strings.Contains(r.stderr, "LeakSanitizer: detected memory leaks") || strings.Contains(r.stderr, "does not work under ptrace") {
			t.Errorf("a leaking ASan program: exit %d, stderr %q (want 1 and the leak)", r.code, r.stderr)
		}
		if r = sh("./noleak\n"); r.code != 0 || strings.Contains(r.stderr, "LeakSanitizer") {
			t.Errorf("an ASan program that leaks nothing: exit %d, stderr %q (want 0)", r.code, r.stderr)
		}
	})
	t.Run("traceme of init", func(t *testing.T) {
		// A command that asks its parent, init, to trace it
		// (PTRACE_TRACEME) and then runs another program stopped at its
		// execve, which ended the run with 255: init lets it go on.
		if !build("traceme", "#include <sys/ptrace.h>\n#include <unistd.h>\nint main(void) { ptrace(PTRACE_TRACEME, 0, 0, 0); execl(\"/bin/echo\", \"echo\", \"went on\", (char *)0); return 127; }\n") {
			t.Skip("no program to run")
		}
		r := b.run("run", "--yolo", "--timeout", "20s", "--", "./traceme")
		if r.code != 0 || r.stdout != "went on\n" {
			t.Errorf("PTRACE_TRACEME, then execve: exit %d, stdout %q, stderr %q (want 0 and the output)", r.code, r.stdout, r.stderr)
		}
	})
}
