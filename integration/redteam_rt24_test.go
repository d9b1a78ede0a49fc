//go:build linux

package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestForegroundNotTheSharers: without the layer the command's parent is
// the sharer, a process of the runner's in a process group of its own, in
// the caller's session. A red team's command made that group the
// terminal's foreground (tcsetpgrp on its terminal, SIGTTOU ignored), then
// changed the terminal's settings (stty): SIGTTOU stopped the run's whole
// group, the runner with it, and ^C went to the sharer, which blocks every
// signal: the caller's terminal hung until a kill from elsewhere. The
// sharer is in a session of its own, so the terminal refuses it as a
// foreground (EPERM). With the layer the sharer is outside the command's
// pid namespace, which cannot name its group.
func TestForegroundNotTheSharers(t *testing.T) {
	requireTerminalTakers(t)
	for _, flags := range []string{"", "--no-namespaces"} {
		t.Run("run "+flags, func(t *testing.T) {
			b := newBox(t, nil)
			b.file("take.py", `import os, signal
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
try:
    os.tcsetpgrp(0, os.getpgid(os.getppid()))
    print("took", os.tcgetpgrp(0), flush=True)
except OSError as e:
    print("refused", e.errno, flush=True)
signal.signal(signal.SIGTTOU, signal.SIG_DFL)
os.system("stty -echo; stty echo; echo settled")
`, 0o644)
			b.file("outer.sh", `"$MEWSANDBOX" run --yolo `+flags+` -- python3 take.py; echo "exit $?"`, 0o644)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := osexec.CommandContext(ctx, "script", "-qec", "sh outer.sh", "/dev/null")
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "MEWSANDBOX=" + bin}
			cmd.WaitDelay = time.Second
			r := runCommand(t, cmd)
			if ctx.Err() != nil {
				for _, pid := range workingIn(b.root) {
					_ = syscall.Kill(pid, syscall.SIGKILL) // stopped, what script's end left
				}
				t.Fatalf("the run hung once the command gave the terminal's foreground to its parent's group: %q", r.stdout)
			}
			if !strings.Contains(r.stdout, "settled") || !strings.Contains(r.stdout, "exit 0") {
				t.Errorf("the command's stty did not run to its end: %q %q", r.stdout, r.stderr)
			}
		})
	}
}

// TestPasswordLockHidden: /etc/.pwd.lock is the lock every tool that
// changes /etc/passwd or /etc/shadow takes first (lckpwdf: useradd,
// passwd, chpasswd, systemd-sysusers), with a POSIX write lock; a read
// lock held on it stops them (lckpwdf gives up after 15 s: "cannot lock
// /etc/passwd"). It is root's (0600), in the /etc the default policy
// grants: a red team's root command opened it read-only and held a read
// lock for the run's length. The layer hides it where the command could
// read it, as it hides the password hashes; without the layer it stays
// (Landlock grants /etc whole, see the README).
func TestPasswordLockHidden(t *testing.T) {
	const lock = "/etc/.pwd.lock"
	if os.Geteuid() != 0 {
		t.Skip("the lock file is root's: a command of another user cannot open it")
	}
	if _, err := os.Stat(lock); err != nil {
		t.Skipf("%s: %v", lock, err)
	}
	b := newBox(t, nil)
	b.file("lock.py", `import fcntl, os
try:
    fd = os.open("`+lock+`", os.O_RDONLY)
    fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    print("locked")
except OSError as e:
    print("refused", e.errno)
`, 0o644)
	r := b.run("run", "--yolo", "--", "python3", "lock.py")
	if !strings.HasPrefix(r.stdout, "refused") {
		t.Errorf("the command took a lock on %s, which holds useradd and passwd for the run: %q %q", lock, r.stdout, r.stderr)
	}
	// The neighbour: the accounts themselves stay readable (id, ls -l).
	if r := b.sh("id -un root && grep -c '^root:' /etc/passwd"); r.code != 0 || !strings.Contains(r.stdout, "root\n1") {
		t.Errorf("/etc/passwd unreadable: %q %q", r.stdout, r.stderr)
	}
}

// TestPageIdleHidden: idle page tracking's bitmap (0600) says which
// physical pages were touched since a host tool marked them idle, and each
// read walks the reverse map of every page it covers, taking their
// accessed bits from the host's page reclaim. A command run as root reads
// it by its owner's bits. The layer hides it as it hides DAMON's files.
// Kernels without CONFIG_IDLE_PAGE_TRACKING (this test's machine) have
// none: the test is skipped there.
func TestPageIdleHidden(t *testing.T) {
	const bitmap = "/sys/kernel/mm/page_idle/bitmap"
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("the bitmap is root's: a command of another user cannot read it")
	}
	if _, err := os.Stat(bitmap); err != nil {
		t.Skipf("%s: %v: no idle page tracking on this kernel", bitmap, err)
	}
	b := newBox(t, nil)
	r := b.sh(`head -c 8 ` + bitmap + ` | wc -c`)
	if strings.TrimSpace(r.stdout) != "0" {
		t.Errorf("a root command read %s: %q %q", bitmap, r.stdout, r.stderr)
	}
}

// TestRealtimePriorityTaken: where the caller's limits grant a real-time
// priority without a capability (limits.conf's rtprio, 95 for the audio
// group where JACK is installed), a command could run SCHED_FIFO (chrt, or
// sched_setattr, whose policy seccomp cannot read) and with a busy loop on
// every core leave the host 5% of each; a nice limit let it take a nice
// value below 0. The child sets both limits to 0. Skipped where the test
// cannot raise them (no CAP_SYS_RESOURCE: this test's machine, a
// container).
func TestRealtimePriorityTaken(t *testing.T) {
	for _, p := range []string{"/usr/bin/prlimit", "/usr/bin/chrt"} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	if err := osexec.Command("prlimit", "--rtprio=10", "--nice=25", "true").Run(); err != nil {
		t.Skipf("the limits cannot be raised here (%v): nothing to take back", err)
	}
	for _, flags := range []string{"", "--no-namespaces"} {
		t.Run("run "+flags, func(t *testing.T) {
			b := newBox(t, nil)
			script := `chrt -f 1 true 2>/dev/null && echo fifo; nice -n -3 true 2>/dev/null && echo nicer; ulimit -r; echo done`
			cmd := b.command(b.root, nil, "prlimit", append(append([]string{"--rtprio=10", "--nice=25", bin, "run", "--yolo"}, strings.Fields(flags)...), "--", "sh", "-c", script)...)
			r := runCommand(t, cmd)
			if strings.Contains(r.stdout, "fifo") || strings.Contains(r.stdout, "nicer") || !strings.Contains(r.stdout, "done") {
				t.Errorf("the command took a priority above the host's: %q %q", r.stdout, r.stderr)
			}
		})
	}
}

// TestTerminalFlagsRestored: without the layer the command's terminal is
// the caller's open file description, whose status flags outlive the run.
// A red team's command set O_NONBLOCK (and O_APPEND) on it: the caller's
// next read of its terminal (a script's read, python's input()) failed
// with EAGAIN. The runner notes the flags of the terminal it was given as
// stdin and puts them back once the command has ended, as it does its
// settings (termios). With the layer the command's terminal is opened
// afresh, a description of its own.
func TestTerminalFlagsRestored(t *testing.T) {
	requireSandbox(t)
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	b := newBox(t, nil)
	b.file("nb.py", `import fcntl, os
for fd in (0, 1, 2):
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK | os.O_APPEND)
print("set", flush=True)
`, 0o644)
	for _, tt := range []struct {
		name  string
		user  bool
		flags []string
	}{
		{"layer", false, nil},
		{"without the layer", false, []string{"--no-namespaces"}},
		{"ordinary user without the layer", true, []string{"--no-namespaces"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, slave := hostTerminal(t)
			pts, err := os.OpenFile(slave, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer pts.Close()
			before, err := unix.FcntlInt(pts.Fd(), unix.F_GETFL, 0)
			if err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{"run", "--yolo"}, tt.flags...), "--", "python3", "nb.py")
			var cmd *osexec.Cmd
			if tt.user {
				ub := newUserBox(t)
				ub.write("nb.py", b.read("nb.py"), 0o644)
				cmd = ub.command(args...)
			} else {
				cmd = b.command(b.root, nil, bin, args...)
			}
			if cmd.SysProcAttr == nil {
				cmd.SysProcAttr = &syscall.SysProcAttr{}
			}
			cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
			cmd.SysProcAttr.Setsid, cmd.SysProcAttr.Setctty = true, true
			runWithin(t, cmd, 20*time.Second, "the run did not end")
			after, err := unix.FcntlInt(pts.Fd(), unix.F_GETFL, 0)
			if err != nil {
				t.Fatal(err)
			}
			if after != before {
				t.Errorf("after the run the terminal's flags are %#o, the caller's were %#o (O_NONBLOCK %#o, O_APPEND %#o)", after, before, unix.O_NONBLOCK, unix.O_APPEND)
			}
		})
	}
}
