package integration

// A red-team round against the kernel sandbox (issue S26): ways out that
// no earlier test tried. Each attack is made by testdata/attack.c inside
// the sandbox, with the namespace layer and without it, beside the
// legitimate neighbour that must keep working.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

const (
	exdev  = int(syscall.EXDEV)
	enoent = int(syscall.ENOENT)
	ebadfd = int(syscall.EBADF)
	einval = int(syscall.EINVAL)
	enxio  = int(syscall.ENXIO)
	esrch  = int(syscall.ESRCH)
)

// TestCoreDumpStaysInside: a core dump lands in the crashing process's
// working directory, written by the kernel as that process: one that
// crashes in a directory it may only read (a root command owns /etc, and
// DAC lets it write there) writes nothing there, while one that crashes in
// the root leaves its core as usual.
func TestCoreDumpStaysInside(t *testing.T) {
	pattern, err := os.ReadFile("/proc/sys/kernel/core_pattern")
	if p := strings.TrimSpace(string(pattern)); err != nil || p == "" || strings.ContainsAny(p, "|/") {
		t.Skipf("core_pattern is %q (%v): a core dump does not land in the working directory", pattern, err)
	}
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_CORE, &lim); err != nil || lim.Max == 0 {
		t.Skipf("core dumps are off here (RLIMIT_CORE hard limit 0, %v)", err)
	}
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		ro := filepath.Join(b.out, "ro")
		b.file(filepath.Join(ro, "kept"), "kept\n", 0o644)
		if err := os.MkdirAll(filepath.Join(b.root, "crash"), 0o755); err != nil {
			t.Fatal(err)
		}
		script := `ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -H -c)"
(cd ` + ro + ` && sh -c 'kill -SEGV $$')
(cd crash && sh -c 'kill -SEGV $$')
true
`
		r := b.sh(script, append(flags, "--allow-read", ro)...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if got, _ := filepath.Glob(filepath.Join(ro, "*")); len(got) != 1 {
			t.Errorf("the read-only directory holds %v after a crash there, want only its own file", got)
		}
		if got, _ := filepath.Glob(filepath.Join(b.root, "crash", "core*")); len(got) == 0 {
			t.Errorf("no core dump in the root after a crash there (neighbour); stderr: %s", r.stderr)
		}
	})
}

// TestFilesAcrossTheRootEdge: a file made, linked, renamed or exchanged
// across the root's edge, where Landlock's rights differ (the REFER
// right, and making a file under a read-only grant), or emptied by its
// name: an unnamed O_TMPFILE given a name outside (by /proc/self/fd and by
// AT_EMPTY_PATH), a hard link of an outside file into the root (which the
// command would then write through) and of a root file out, renames and
// RENAME_EXCHANGE both ways, truncate(2). A descriptor opened read-only
// cannot be truncated or allocated (the VFS), nor, under the layer, given
// inode flags (chattr), and a file opened by handle (past the path rules)
// is refused (seccomp). Neighbours: the same calls
// inside the root, and copying an outside file it may read into the root.
func TestFilesAcrossTheRootEdge(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		ro := filepath.Join(b.out, "ro")
		const content = "outside, read-only\n"
		outside := b.file(filepath.Join(ro, "f"), content, 0o644)
		hidden := b.file(filepath.Join(b.out, "hidden"), "not granted\n", 0o644)
		b.file("mine", "the root's\n", 0o644)
		script := strings.NewReplacer("RO", ro, "HIDDEN", hidden).Replace(`
p tmpfile-out tmpfile-link . RO/planted
p tmpfile-out-empty tmpfile-link-empty . RO/planted2
p tmpfile-in tmpfile-link . made
p link-out-in link RO/f linked
p link-in-out link mine RO/linked
p rename-out-in rename RO/f taken
p rename-in-out rename mine RO/given
p exchange exchange mine RO/f
p rename-in rename made moved
p append-out append RO/f X
p truncate-out truncate RO/f
p truncate-in truncate moved
p ftruncate-ro ftruncate-ro RO/f
p fallocate-ro fallocate-ro RO/f
p punch-ro punch-ro RO/f
p copy-in copy-range RO/f copy
p open-by-handle open-by-handle HIDDEN RO
p name-to-handle name-to-handle RO/f
p chattr-out chattr-ro RO/f
p chattr-in chattr-ro mine
p setattr-out file-setattr RO/f
p setattr-hidden file-setattr HIDDEN
p setattr-in file-setattr mine
p xattr-out setxattrat RO/f user.mewsandbox planted
p xattr-hidden setxattrat HIDDEN user.mewsandbox planted
p xattr-in setxattrat mine user.mewsandbox kept
p xattr-read fgetxattr mine user.mewsandbox
`)
		o := b.check(script, append(flags, "--allow-read", ro)...)
		denied := []int{eacces, erofs, exdev}
		for _, tt := range []struct {
			attack    string
			errno     []int
			neighbour string
		}{
			{"tmpfile-out", denied, "tmpfile-in"},
			{"tmpfile-out-empty", append(denied, enoent), "tmpfile-in"}, // ENOENT where AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH
			{"link-out-in", denied, "rename-in"},
			{"link-in-out", denied, "rename-in"},
			{"rename-out-in", denied, "rename-in"},
			{"rename-in-out", denied, "rename-in"},
			{"exchange", denied, "rename-in"},
			{"append-out", denied, "copy-in"},
			{"truncate-out", denied, "truncate-in"},
			{"ftruncate-ro", []int{einval}, "truncate-in"},
			{"fallocate-ro", []int{ebadfd}, "truncate-in"},
			{"punch-ro", []int{ebadfd}, "truncate-in"},
			{"open-by-handle", []int{eperm}, "name-to-handle"},
		} {
			t.Run(tt.attack, func(t *testing.T) {
				o.errno(t, tt.attack, tt.errno...)
				o.ok(t, tt.neighbour)
			})
		}
		// Inode flags (chattr +d, through a descriptor opened to read):
		// the layer's read-only mounts refuse them; without the layer,
		// Landlock does not mediate metadata (README: lost).
		if chattr := o["chattr-in"]; strings.Contains(chattr, "errno=") {
			t.Logf("chattr-in: %s: this file system keeps no inode flags", chattr)
		} else if len(flags) == 0 {
			o.errno(t, "chattr-out", erofs)
		} else {
			t.Logf("chattr-out without the layer: %s (metadata: lost, as documented)", o["chattr-out"])
		}
		// The same by name, with no descriptor (file_setattr, Linux
		// 6.17; setxattrat, 6.13), on a file Landlock lets it read and
		// on one it does not grant at all: the filter allows both calls,
		// and the layer's read-only mounts refuse them as they refuse
		// chattr and setxattr. Without the layer Landlock mediates
		// neither (README: lost). Neighbours: the same in the root, and
		// the attribute read back.
		metadataByName(t, o, len(flags) == 0, []string{"setattr-out", "setattr-hidden"}, "setattr-in", "")
		metadataByName(t, o, len(flags) == 0, []string{"xattr-out", "xattr-hidden"}, "xattr-in", "xattr-read")
		if got := b.read(outside); got != content {
			t.Errorf("the outside file holds %q, want %q", got, content)
		}
		if got, _ := filepath.Glob(filepath.Join(ro, "*")); len(got) != 1 {
			t.Errorf("the read-only directory holds %v, want only its own file", got)
		}
		for _, p := range []string{"linked", "taken"} {
			if b.exists(p) {
				t.Errorf("%s appeared in the root", p)
			}
		}
		if got := b.read("copy"); got != content {
			t.Errorf("the copy holds %q, want %q (reading the grant is allowed)", got, content)
		}
	})
}

// TestXattrValuesOfUngrantedFiles: an extended attribute's value is the
// file's content as much as its bytes are (a browser, curl --xattr and
// wget --xattr keep a download's URL, signed query and all, in
// user.xdg.origin.url), and Landlock mediates no xattr call: the command
// read the value of one on ~/.ssh/id_ed25519 by name, which it may neither
// read nor list, with the layer and without it. Reading by name
// (getxattr, lgetxattr, listxattr and llistxattr, getxattrat and
// listxattrat, /proc/self/fd's name of an O_PATH descriptor) is refused
// (seccomp); neighbours: through a descriptor opened to read (fgetxattr,
// flistxattr), where Landlock judged the open, on a file in the root and
// on one a read grant holds.
func TestXattrValuesOfUngrantedFiles(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		const value = "https://example.com/k?X-Amz-Signature=s3cr3t"
		key := b.file(filepath.Join(b.home, ".ssh", "id_ed25519"), "PRIVATE\n", 0o600)
		ro := filepath.Join(b.out, "ro")
		granted := b.file(filepath.Join(ro, "f"), "granted\n", 0o644)
		mine := b.file("mine", "the root's\n", 0o644)
		for _, p := range []string{key, granted, mine} {
			if err := unix.Setxattr(p, "user.xdg.origin.url", []byte(value), 0); err != nil {
				if errors.Is(err, unix.EOPNOTSUPP) {
					t.Skipf("%s keeps no user extended attributes here: %v", p, err)
				}
				t.Fatal(err)
			}
		}
		script := strings.NewReplacer("KEY", key, "RO", ro).Replace(`
p get-key getxattr KEY user.xdg.origin.url
p lget-key lgetxattr KEY user.xdg.origin.url
p opath-key getxattr-opath KEY user.xdg.origin.url
p list-key listxattr KEY
p getat-key getxattrat KEY user.xdg.origin.url
p listat-key listxattrat KEY
p fget-key fgetxattr KEY user.xdg.origin.url
p get-mine getxattr mine user.xdg.origin.url
p fget-mine fgetxattr mine user.xdg.origin.url
p flist-mine flistxattr mine
p fget-granted fgetxattr RO/f user.xdg.origin.url
`)
		o := b.check(script, append(flags, "--allow-read", ro)...)
		for label, got := range o {
			if strings.Contains(got, "s3cr3t") && strings.HasSuffix(label, "-key") {
				t.Errorf("%s: %s: the value of an attribute on a file the command may not read", label, got)
			}
		}
		for _, a := range []string{"get-key", "lget-key", "opath-key", "list-key", "get-mine"} {
			o.errno(t, a, int(syscall.EOPNOTSUPP))
		}
		for _, a := range []string{"getat-key", "listat-key"} {
			o.errno(t, a, enosys)
		}
		o.errno(t, "fget-key", eacces)
		for _, n := range []string{"fget-mine", "fget-granted"} {
			o.ok(t, n)
			if !strings.Contains(o[n], "value="+value+" ") {
				t.Errorf("%s: %s, want the value set on the host", n, o[n])
			}
		}
		o.ok(t, "flist-mine")
	})
}

// metadataByName checks one metadata call made by name: refused (EROFS)
// outside the writable grants under the layer, logged without it, and the
// neighbour in the root working. A kernel without the call (ENOSYS) or a
// file system without what it sets (EOPNOTSUPP, ENOTTY) skips the checks.
func metadataByName(t *testing.T, o outcomes, layer bool, attacks []string, neighbour, read string) {
	t.Helper()
	got := o[neighbour]
	for _, e := range []int{enosys, int(syscall.EOPNOTSUPP), int(syscall.ENOTTY)} {
		if strings.Contains(got, fmt.Sprintf(" errno=%d ", e)) {
			t.Logf("%s: %s: this kernel or file system has no such call or attribute", neighbour, got)
			return
		}
	}
	o.ok(t, neighbour)
	if read != "" {
		o.ok(t, read)
		if !strings.Contains(o[read], "value=kept ") {
			t.Errorf("%s: %s, want the value the neighbour set", read, o[read])
		}
	}
	for _, a := range attacks {
		if layer {
			o.errno(t, a, erofs)
		} else {
			t.Logf("%s without the layer: %s (metadata: lost, as documented)", a, o[a])
		}
	}
}

// TestKernelAndRunnerFilesRefused: the kernel's tunables (/proc/sys, /sys)
// and the command's own /proc files that change it beyond the sandbox's
// say (oom_score_adj, setgroups, its LSM attributes, coredump_filter)
// cannot be opened for writing (nothing is written: a probe that opened
// one would only close it); the process outside the sandbox that is its
// parent (the runner, or under the layer the pid namespace's init, which
// holds the runner's descriptors) cannot be looked into: its working
// directory, root, program, environment, memory map, descriptors' details
// or robust futex list. Neighbours: reading the command's own.
func TestKernelAndRunnerFilesRefused(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		script := `
p hostname open-w /proc/sys/kernel/hostname
p drop-caches open-w /proc/sys/vm/drop_caches
p oom-lower append /proc/self/oom_score_adj -1000
p oom-raise append /proc/self/oom_score_adj 500
p setgroups append /proc/self/setgroups deny
p coredump-filter append /proc/self/coredump_filter 0x33
p comm append /proc/self/comm x
p read-hostname read /proc/sys/kernel/hostname
p read-oom read /proc/self/oom_score_adj
p runner-cwd stat /proc/$PPID/cwd/.
p runner-root stat /proc/$PPID/root/.
p runner-exe stat /proc/$PPID/exe
p runner-environ read /proc/$PPID/environ
p runner-maps read /proc/$PPID/maps
fd=$(ls /proc/$PPID/fd | head -n1) # the numbers show; what they are does not
p runner-fdinfo read /proc/$PPID/fdinfo/$fd
p runner-fd read /proc/$PPID/fd/$fd
p runner-robust robust-list $PPID
p self-environ read /proc/self/environ
p self-cwd stat /proc/self/cwd/.
p self-robust robust-list 0
`
		optional := map[string]string{"sys-thp": "/sys/kernel/mm/transparent_hugepage/enabled", "lsm-attr": "/proc/self/attr/current"}
		// A cgroup's files, v1's (a release_agent runs as root on the
		// host, cgroup.procs moves a process out of its limits) or v2's.
		for label, glob := range map[string]string{"cgroup-release-agent": "/sys/fs/cgroup/*/release_agent", "cgroup-notify": "/sys/fs/cgroup/*/notify_on_release", "cgroup-procs": "/sys/fs/cgroup/*/cgroup.procs", "cgroup2-procs": "/sys/fs/cgroup/cgroup.procs"} {
			if m, _ := filepath.Glob(glob); len(m) > 0 {
				optional[label] = m[0]
			}
		}
		for label, p := range optional {
			if _, err := os.Stat(p); err == nil {
				script += "p " + label + " open-w " + p + "\n"
			} else {
				delete(optional, label)
			}
		}
		o := b.check(script, flags...)
		writes := []string{"hostname", "drop-caches", "oom-lower", "oom-raise", "setgroups", "coredump-filter", "comm"}
		for label := range optional {
			writes = append(writes, label)
		}
		for _, l := range writes {
			o.errno(t, l, eacces, erofs)
		}
		o.ok(t, "read-hostname")
		o.ok(t, "read-oom")
		for _, l := range []string{"runner-cwd", "runner-root", "runner-exe", "runner-environ", "runner-maps", "runner-fdinfo", "runner-fd", "runner-robust"} {
			o.errno(t, l, eacces, eperm)
		}
		for _, l := range []string{"self-environ", "self-cwd", "self-robust"} {
			o.ok(t, l)
		}
	})
}

// TestKillEveryoneStaysInside: kill(-1, sig) signals every process the
// caller may signal; as root that is the whole host. From inside it
// reaches the sandbox's own processes only (the script's shell, which
// traps the signal) and not a stopped process outside, which SIGCONT would
// have resumed: the one signal that is observable and harmless if it got
// through (the same check lets no SIGKILL through: Landlock's signal
// scope, or the pid namespace, decides before the signal's number counts).
func TestKillEveryoneStaysInside(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		victim := outsider(t)
		if err := syscall.Kill(victim, syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		waitState(t, victim, "T")
		o := b.check(`trap 'echo "own: ok"' CONT
p all kill-all 18
`, flags...)
		o.ok(t, "all")
		o.ok(t, "own")
		if s := stateOf(t, victim).state; s != "T" {
			t.Errorf("the stopped process outside is in state %s after kill(-1, SIGCONT) inside, want T", s)
		}
	})
}

// waitState waits up to 10 s for process pid to reach state want.
func waitState(t *testing.T, pid int, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); stateOf(t, pid).state != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d never reached state %s", pid, want)
		}
	}
}

// TestSigurgStaysInside: urgent data on a unix socket (MSG_OOB) raises
// SIGURG at the socket's owner (F_SETOWN), as O_ASYNC raises SIGIO
// (TestReachOtherProcesses' sigio): with the owner a process outside, the
// signal does not reach it (Landlock's signal scope covers the file
// owner's signals; under the layer the process has no id to name), while
// the command's own owner gets it.
func TestSigurgStaysInside(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		marker := filepath.Join(t.TempDir(), "urg")
		cmd := startOutsider(t, "sh", "-c", `trap 'echo winch >> "$0.winch"' WINCH; trap 'echo urg >> "$0"' URG; while :; do sleep 0.05; done`, marker)
		// The outside process's trap works: a SIGURG from here is heard
		// once its shell has set the trap, after the SIGWINCH one
		// trapsRun needs (SIGURG is ignored until then, so it is sent
		// again until heard: a loaded machine may start the shell late).
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			cmd.Process.Signal(syscall.SIGURG)
			if _, err := os.Stat(marker); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the outside process never heard a SIGURG sent from outside")
			}
		}
		trapsRun(t, cmd.Process.Pid, marker+".winch") // the extra ones sent above
		os.Remove(marker)
		o := b.check(fmt.Sprintf(`
p outside sigurg %d
p self sigurg 0
`, cmd.Process.Pid), flags...)
		if got := o["outside"]; got != "sigurg ok" && !strings.Contains(got, fmt.Sprintf(" errno=%d ", esrch)) {
			t.Errorf("outside: %s, want the socket armed (ok) or no such process (under the layer)", got)
		}
		o.ok(t, "self")
		// A SIGURG the command raised was raised when it sent its urgent
		// data, before the check returned: its trap has run by now.
		trapsRun(t, cmd.Process.Pid, marker+".winch")
		if _, err := os.Stat(marker); err == nil {
			t.Error("the outside process heard a SIGURG from the sandbox")
		}
	})
}

// trapsRun waits until the shell pid, which traps SIGWINCH by appending
// a line to winch, has run the traps of every signal pending for it now
// with a lower number than SIGWINCH's (28), SIGURG's (23) among them: a
// shell (dash, bash) runs pending traps in ascending order, in a pass
// that clears each flag before its trap, so a signal that arrives during
// a pass may wait for the next one. Two SIGWINCHs, each heard, cover
// that: no fixed wait, which a loaded machine could outlast.
func trapsRun(t *testing.T, pid int, winch string) {
	t.Helper()
	for range 2 {
		before := lineCount(winch)
		syscall.Kill(pid, syscall.SIGWINCH)
		for deadline := time.Now().Add(10 * time.Second); lineCount(winch) == before; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the shell %d never ran its SIGWINCH trap in 10 s", pid)
			}
		}
	}
}

// lineCount is the number of lines in the file at path (0 when missing).
func lineCount(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}

// TestTerminalConsoleAndSession: redirecting the console's output to a
// terminal (TIOCCONS) needs CAP_SYS_ADMIN, which the command lacks; a
// session of its own has no controlling terminal to open as /dev/tty.
// Neighbours: making its own pty its controlling terminal, a new session.
func TestTerminalConsoleAndSession(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		o := b.check(`
p tioccons tioccons
p tiocsctty tiocsctty
p setsid-tty setsid-tty
p setsid setsid
`, flags...)
		o.errno(t, "tioccons", eperm)
		o.ok(t, "tiocsctty")
		o.errno(t, "setsid-tty", enxio)
		o.ok(t, "setsid")
	})
}

// TestInheritedSignalOwner: a pipe or socket handed to the command is the
// caller's open file description too, with the owner for SIGIO and SIGURG
// the caller set (F_SETOWN). Landlock's signal scope judges such signals
// by whoever set the owner, so the command, setting O_ASYNC and a signal
// of its choice (F_SETSIG) on it, had the kernel send that signal to the
// owner whenever data came, after the run too, under the layer as well (a
// review's caller, owner of its socket, got SIGUSR1; SIGKILL would have
// done). So such a descriptor refuses the run (125), as stdout or passed;
// without an owner it stays, and the command's own F_SETOWN is the
// sandbox's (TestReachOtherProcesses' sigio).
func TestInheritedSignalOwner(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		victim := outsider(t) // SIGUSR1 ends it
		pair := func() (*os.File, *os.File) {
			fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			a, p := os.NewFile(uintptr(fds[0]), "handed"), os.NewFile(uintptr(fds[1]), "peer")
			t.Cleanup(func() { a.Close(); p.Close() })
			return a, p
		}
		own := func(f *os.File, pid int) {
			if _, err := unix.FcntlInt(f.Fd(), unix.F_SETOWN, pid); err != nil {
				t.Fatal(err)
			}
		}
		const usr1 = "10"
		why := fmt.Sprintf("is a pipe or socket with an owner for signals set (F_SETOWN: process %d)", victim)

		handed, peer := pair()
		own(handed, victim)
		b.runHanded(nil, []*os.File{handed}, "exec 1>&2\np escape fd-async 3 "+usr1+"\n", append(flags, "--pass-fd", "3")...).
			refused(t, "--pass-fd 3", "sandbox fds: the descriptor passed as 3 "+why, "clear it (F_SETOWN 0)")
		b.runHanded(handed, nil, "p escape fd-async 1 "+usr1+"\n", flags...).
			refused(t, "stdout", "sandbox stdio: standard output "+why)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		own(w, victim)
		b.runHanded(w, nil, "p escape fd-async 1 "+usr1+"\n", flags...).
			refused(t, "stdout pipe", "sandbox stdio: standard output "+why)
		peer.Write([]byte("data")) // what would raise the signal
		r.Close()

		// Neighbour: the same socket without an owner.
		loose, loosePeer := pair()
		h := b.runHanded(nil, []*os.File{loose}, "exec 1>&2\np neighbour fd-async 3 "+usr1+"\n", append(flags, "--pass-fd", "3")...)
		h.ran(t, "no owner")
		h.outcomes.ok(t, "neighbour")
		loosePeer.Write([]byte("data"))
		// What the command set on the caller's socket is put back once
		// the pid namespace has ended; without it a process left behind
		// could still hold the socket, and it stays. The runner's
		// SO_PASSRIGHTS off stays either way: another runner's command
		// may hold the socket (TestInheritedUnixRightsTwoRuns).
		async, sig, passRights := descState(t, loose)
		if slices.Contains(flags, "--no-namespaces") {
			if !async || sig != 10 {
				t.Errorf("without namespaces, after the run: O_ASYNC %v, F_GETSIG %d; want them as the command left them (true, 10)", async, sig)
			}
		} else if async || sig != 0 {
			t.Errorf("after the run: O_ASYNC %v, F_GETSIG %d; want them as before (false, 0)", async, sig)
		}
		if passRights == 1 {
			t.Errorf("after the run with %q: SO_PASSRIGHTS on; want it left off", flags)
		}

		undisturbed(t, "the socket's owner outside", victim)
	})
}

// TestTerminalAsyncStaysInside: O_ASYNC set on a terminal makes the
// terminal's foreground process group the owner of its SIGIO (the tty
// driver sets it, in the name of whoever set O_ASYNC). With the runner in
// that group, outside the sandbox, the signal the command chose (F_SETSIG
// SIGKILL) on typed input reaches the command's own processes only: the
// runner lives to report the command's 137 (Landlock's signal scope, with
// the owner set in the command's name).
func TestTerminalAsyncStaysInside(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		master, slave := hostTerminal(t)
		pts, err := os.OpenFile(slave, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer pts.Close()
		args := append(append([]string{"run", "--yolo"}, flags...), "-c", `./attack fd-async 0 9 > armed 2>&1; sleep 5; echo survived > survived`)
		cmd := osexec.Command(bin, args...)
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + b.home, "LANG=C"}
		var stderr strings.Builder
		cmd.Stdin, cmd.Stderr = pts, &stderr
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0} // the terminal's session; its leader's group in the foreground
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		t.Cleanup(func() { cmd.Process.Kill(); <-done })
		if got := waitFile(t, filepath.Join(b.root, "armed")); got != "fd-async ok" {
			t.Fatalf("arming the terminal: %s", got)
		}
		if _, err := master.Write([]byte("x\n")); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("mewsandbox still running; stderr: %s", stderr.String())
		}
		switch ws := cmd.ProcessState.Sys().(syscall.WaitStatus); {
		case ws.Signaled():
			t.Errorf("the runner, outside the sandbox, was killed by %v", ws.Signal())
		case ws.ExitStatus() != 137:
			t.Errorf("exit %d, want 137 (the command killed by the SIGKILL it chose); stderr: %s", ws.ExitStatus(), stderr.String())
		}
	})
}

// descState is f's description's O_ASYNC, signal (F_GETSIG) and
// SO_PASSRIGHTS (-1 where the kernel has none).
func descState(t *testing.T, f *os.File) (async bool, sig, passRights int) {
	t.Helper()
	raw, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	raw.Control(func(fd uintptr) {
		fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		if err != nil {
			t.Fatal(err)
		}
		async = fl&unix.O_ASYNC != 0
		sig, _ = unix.FcntlInt(fd, unix.F_GETSIG, 0)
		if passRights, err = unix.GetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_PASSRIGHTS); err != nil {
			passRights = -1
		}
	})
	return async, sig, passRights
}

// TestKernelDirsNeverWritable: no write grant makes the kernel's
// interfaces or the devices writable. A grant that is or lies in /proc,
// /sys or /dev (from a flag, a settings file, a preset, or through a link)
// is refused (exit 2) in either layer, but for the device nodes and
// directories the default policy grants; one that holds them (/) runs
// under the namespace layer with /proc and /sys read-only and /dev without
// devices but those, and is refused without it (125) unless best effort.
// Probes only open for writing, and close: nothing is ever written.
func TestKernelDirsNeverWritable(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		link := filepath.Join(b.out, "kernel")
		if err := os.Symlink("/proc/sys", link); err != nil {
			t.Fatal(err)
		}
		settings := b.file(filepath.Join(b.out, "settings.yaml"), "sandbox:\n  filesystem:\n    allowWrite: [\"//sys/kernel\"]\n", 0o644)
		const advice = "no sandboxed command may write there"
		for _, tt := range []struct {
			name string
			args []string
			env  []string
			want string
		}{
			{"--allow-write /proc", []string{"--allow-write", "/proc"}, nil, "--allow-write: write access to /proc is refused: it is or lies in /proc,"},
			{"--allow-write /proc/sys/kernel", []string{"--allow-write", "/proc/sys/kernel"}, nil, "write access to /proc/sys/kernel is refused: it is or lies in /proc,"},
			{"--allow-write /sys", []string{"--allow-write", "/sys"}, nil, "write access to /sys is refused: it is or lies in /sys,"},
			{"--allow-write /dev", []string{"--allow-write", "/dev"}, nil, "write access to /dev is refused: it is or lies in /dev,"},
			{"--allow-write /dev/loop-control", []string{"--allow-write", "/dev/loop-control"}, nil, "it is or lies in /dev,"},
			{"a link to /proc/sys", []string{"--allow-write", link}, nil, "write access to " + link + " is refused: it is or lies in /proc,"},
			{"a settings file", []string{"--settings", settings}, nil, settings + ":3: write access to /sys/kernel is refused"},
			{"a preset", []string{"--preset", "go"}, []string{"GOCACHE=/sys/kernel"}, "preset go (--preset): write access to /sys/kernel is refused"},
		} {
			if _, err := os.Stat(tt.args[1]); err != nil && filepath.IsAbs(tt.args[1]) {
				continue // no such device here
			}
			args := append(append(append([]string{"run", "--yolo"}, flags...), tt.args...), "--", "echo", "ran")
			r := run(t, invocation{args: args, dir: b.root, env: append([]string{"HOME=" + b.home}, tt.env...)})
			if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, advice) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", tt.name, r.code, r.stdout, r.stderr, tt.want)
			}
		}

		// A disk, or the loop devices' control (harmless to open).
		dev := "/dev/loop-control"
		for _, d := range []string{"/dev/loop-control", "/dev/vda", "/dev/sda", "/dev/nvme0n1"} {
			if _, err := os.Stat(d); err == nil {
				dev = d
				break
			}
		}
		script := `
p core-pattern open-w /proc/sys/kernel/core_pattern
p drop-caches open-w /proc/sys/vm/drop_caches
p sys-file open-w /sys/kernel/mm/transparent_hugepage/enabled
p device open-w ` + dev + `
p null open-w /dev/null
p openpty openpty
c granted sh -c 'echo x > ` + b.out + `/written'
`
		grant := append(append([]string{}, flags...), "--allow-write", "/")
		if len(flags) > 0 {
			// Landlock cannot take them out of the grant of /.
			r := b.sh(script, grant...)
			if r.code != 125 || !strings.Contains(r.stderr, "a write grant holds /proc, /sys, /dev, which only the namespace layer keeps read-only") || strings.Contains(r.stdout, "core-pattern") {
				t.Errorf("--allow-write / without the layer: exit %d, stdout %q, stderr %q; want it refused (125)", r.code, r.stdout, r.stderr)
			}
			r = b.run(append(append([]string{"run", "--yolo", "--best-effort"}, grant...), "--", "true")...)
			if r.code != 0 || !strings.Contains(r.stderr, "mewsandbox: not enforced: a write grant holds /proc, /sys, /dev") {
				t.Errorf("--allow-write / --best-effort without the layer: exit %d, stderr %q; want the run, and what is not enforced said", r.code, r.stderr)
			}
		} else {
			o := b.check(script, grant...)
			for _, l := range []string{"core-pattern", "drop-caches", "sys-file", "device"} {
				if l == "sys-file" && !b.exists("/sys/kernel/mm/transparent_hugepage/enabled") {
					continue
				}
				o.errno(t, l, eacces, erofs, eperm)
			}
			for _, l := range []string{"null", "openpty", "granted"} {
				o.ok(t, l)
			}
			if b.read(filepath.Join(b.out, "written")) != "x\n" {
				t.Error("--allow-write /: the command's file outside the root is not there")
			}
			os.Remove(filepath.Join(b.out, "written"))
		}

		// Neighbours, without a grant of /: the default policy's devices
		// and a grant of a plain directory, and of /dev/shm and the
		// terminals (under the layer the sandbox's own).
		o := b.check(`
p null open-w /dev/null
p openpty openpty
c granted sh -c 'echo x > `+b.out+`/written'
c shm sh -c 'echo x > /dev/shm/mwsbx-$$ && rm /dev/shm/mwsbx-$$'
`, append(append([]string{}, flags...), "--allow-write", b.out, "--allow-write", "/dev/shm", "--allow-write", "/dev/null")...)
		for _, l := range []string{"null", "openpty", "granted"} {
			o.ok(t, l)
		}
		if len(flags) == 0 {
			o.ok(t, "shm")
		}
	})
}

// TestDeviceAliasNodev: a device node reached by another name than
// /dev's, under a grant (a bind of /dev, or of / with its mounts, as a
// container's tooling leaves), opened: Landlock's rules on /dev did not
// apply there, and a read-only mount does not stop a device's open. Under
// the layer every mount but the sandbox's /dev is without devices now.
// The neighbour: /dev/null by its name still works. As root only: the
// alias is a bind mount, made in a mount namespace of the test's own.
func TestDeviceAliasNodev(t *testing.T) {
	requireNamespaces(t)
	requireMountNamespaces(t)
	b := newBox(t, nil)
	grant := outsideTemp(t)
	alias := filepath.Join(grant, "devalias")
	if err := os.Mkdir(alias, 0o755); err != nil {
		t.Fatal(err)
	}
	probe := "( exec 3>>" + alias + "/null ) 2>/dev/null && echo ALIAS-WRITE\n" +
		"( exec 3<" + alias + "/zero ) 2>/dev/null && echo ALIAS-READ\n" +
		"echo x > /dev/null && head -c 1 /dev/zero >/dev/null && echo DEV-OK\n"
	for _, access := range []string{"--allow-write", "--allow-read"} {
		out, code := inMountNamespace(t, b, "mount --rbind /dev "+alias+" && exec "+bin+" run --yolo "+access+" "+grant+" -- sh -s", probe)
		if code != 0 {
			t.Fatalf("%s %s: exit %d\n%s", access, grant, code, out)
		}
		if strings.Contains(out, "ALIAS-") {
			t.Errorf("%s of a directory holding a bind of /dev: a device opened through it\n%s", access, out)
		}
		if !strings.Contains(out, "DEV-OK") {
			t.Errorf("%s: /dev/null and /dev/zero by their names no longer work\n%s", access, out)
		}
	}
}

// TestKernelAliasWithoutLayer: without the namespace layer, a grant that
// holds the kernel's file systems under another name (a bind of / with
// its mounts) is refused (125), as one holding /proc by its name is:
// Landlock's rules there let a root command write proc's core_pattern
// (the test only opened a harmless sysctl, for appending, and wrote
// nothing) or read a device node. A read grant of it is refused for its
// device nodes. --best-effort runs and says so; a run without such a
// grant is untouched.
func TestKernelAliasWithoutLayer(t *testing.T) {
	requireSandbox(t)
	requireMountNamespaces(t)
	b := newBox(t, nil)
	alias := filepath.Join(outsideTemp(t), "rootalias")
	if err := os.Mkdir(alias, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(flags string) (string, int) {
		return inMountNamespace(t, b, "mount --rbind / "+alias+" && exec "+bin+" run --yolo --no-namespaces "+flags+" -- sh -c '( exec 3>>"+alias+"/proc/sys/kernel/hostname ) 2>/dev/null && echo ALIAS-SYSCTL; echo COMMAND-RAN'", "")
	}
	for _, flags := range []string{"--allow-write " + alias, "--allow-read " + alias} {
		out, code := run(flags)
		if code != 125 || !strings.Contains(out, "the kernel's interfaces or devices under another name") || strings.Contains(out, "COMMAND-RAN") {
			t.Errorf("%s: exit %d, want 125 refusing the alias\n%s", flags, code, out)
		}
	}
	if out, code := run("--best-effort --allow-read " + alias); code != 0 || !strings.Contains(out, "not enforced: a grant holds "+alias+"/dev (devtmpfs)") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("--best-effort: exit %d, want 0 and a warning naming the alias's /dev\n%s", code, out)
	}
	if out, code := run(""); code != 0 || strings.Contains(out, "ALIAS-SYSCTL") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("no grant of the alias: exit %d, want 0 and no sysctl reached\n%s", code, out)
	}
}

// TestKernelAliasInDevShmWithoutLayer: without the namespace layer, a
// kernel file system under another name inside a grant that lies in /dev
// (a bind of / in /dev/shm, which the default policy grants writable) is
// refused (125) as one in any other grant is: the mounts in /proc, /sys
// and /dev were all taken for the kernel's own, judged by name, and a
// root command opened proc's sysctls for writing there (the test opens a
// harmless one for appending and writes nothing). The /dev/shm is a tmpfs
// of the test's own, in a mount namespace of its own. The neighbour: the
// default run there, without the bind, is untouched.
func TestKernelAliasInDevShmWithoutLayer(t *testing.T) {
	requireSandbox(t)
	requireMountNamespaces(t)
	b := newBox(t, nil)
	probe := " run --yolo --no-namespaces -- sh -c '( exec 3>>/dev/shm/rootalias/proc/sys/kernel/hostname ) 2>/dev/null && echo ALIAS-SYSCTL; echo COMMAND-RAN'"
	run := func(bind string) (string, int) {
		return inMountNamespace(t, b, "mount -t tmpfs -o mode=1777 tmpfs /dev/shm && mkdir /dev/shm/rootalias"+bind+" && exec "+bin+probe, "")
	}
	if out, code := run(" && mount --rbind / /dev/shm/rootalias"); code != 125 || !strings.Contains(out, "/dev/shm/rootalias/proc (proc)") || strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("a bind of / in /dev/shm: exit %d, want 125 refusing the alias\n%s", code, out)
	}
	if out, code := run(""); code != 0 || strings.Contains(out, "ALIAS-SYSCTL") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("no bind in /dev/shm: exit %d, want 0\n%s", code, out)
	}
}

// TestKernelAliasInRootWithoutLayer: without the namespace layer, a mount
// of a kernel file system inside the project root (a chroot's proc that a
// rootfs build in the project mounted) is refused (125) as one in an
// --allow-write grant is: the root is the run's widest write grant, but
// only the grants were looked at, and a root command opened proc's sysctls
// for writing through it (the test opens a harmless one for appending and
// writes nothing). The neighbours: the layer's run there keeps the mount
// read-only and runs; a run without the mount is untouched.
func TestKernelAliasInRootWithoutLayer(t *testing.T) {
	requireSandbox(t)
	requireMountNamespaces(t)
	b := newBox(t, nil)
	if err := os.MkdirAll(filepath.Join(b.root, "chroot/proc"), 0o755); err != nil {
		t.Fatal(err)
	}
	probe := " -- sh -c '( exec 3>>chroot/proc/sys/kernel/hostname ) 2>/dev/null && echo ALIAS-SYSCTL; echo COMMAND-RAN'"
	run := func(mount, flags string) (string, int) {
		return inMountNamespace(t, b, "true "+mount+" && exec "+bin+" run --yolo "+flags+probe, "")
	}
	const proc = "&& mount -t proc proc chroot/proc"
	if out, code := run(proc, "--no-namespaces"); code != 125 || !strings.Contains(out, "/chroot/proc (proc)") || strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("a proc in the root, no layer: exit %d, want 125 refusing the alias\n%s", code, out)
	}
	if out, code := run(proc, "--no-namespaces --best-effort"); code != 0 || !strings.Contains(out, "not enforced: a grant holds "+b.root+"/chroot/proc (proc)") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("a proc in the root, no layer, --best-effort: exit %d, want 0 and a warning naming it\n%s", code, out)
	}
	if out, code := run(proc, ""); code != 0 || strings.Contains(out, "ALIAS-SYSCTL") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("a proc in the root, the layer: exit %d, want 0 and no sysctl reached\n%s", code, out)
	}
	if out, code := run("", "--no-namespaces"); code != 0 || strings.Contains(out, "ALIAS-SYSCTL") || !strings.Contains(out, "COMMAND-RAN") {
		t.Errorf("no mount in the root, no layer: exit %d, want 0\n%s", code, out)
	}
}

// TestRootInKernelDirRefused: a project root that lies in /proc, /sys or
// /dev is refused (2) as a write grant there is: without the layer a root
// command opened /proc/sys/kernel/hostname for writing with --root
// /proc/sys/kernel (the test opens it for appending and writes nothing).
func TestRootInKernelDirRefused(t *testing.T) {
	requireSandbox(t)
	b := newBox(t, nil)
	probe := "( exec 3>>/proc/sys/kernel/hostname ) 2>/dev/null && echo ROOT-SYSCTL; echo COMMAND-RAN"
	r := b.runIn(b.root, "", "run", "--yolo", "--no-namespaces", "--root", "/proc/sys/kernel", "--", "sh", "-c", probe)
	if r.code != 2 || !strings.Contains(r.stderr, "is in /proc") || strings.Contains(r.stdout, "COMMAND-RAN") {
		t.Errorf("--root /proc/sys/kernel: exit %d, want 2 refusing the root\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The neighbour: the project's own root runs, and reaches no sysctl.
	// The path is read at run time: written out, the engine asks for the
	// write before the kernel is tried (/proc/sys is a protected path).
	if err := os.WriteFile(filepath.Join(b.root, "sysctl-path"), []byte("/proc/sys/kernel/hostname"), 0o644); err != nil {
		t.Fatal(err)
	}
	hidden := `( exec 3>>"$(cat sysctl-path)" ) 2>/dev/null && echo ROOT-SYSCTL; echo COMMAND-RAN`
	r = b.runIn(b.root, "", "run", "--yolo", "--no-namespaces", "--", "sh", "-c", hidden)
	if r.code != 0 || strings.Contains(r.stdout, "ROOT-SYSCTL") || !strings.Contains(r.stdout, "COMMAND-RAN") {
		t.Errorf("the project's root: exit %d, want 0 and no sysctl reached\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// inMountNamespace runs the shell script in a mount namespace of its own
// (unshare -m, its mounts made private first), in the box's root with the
// box's home, stdin given: its output and exit status. Root only; the
// test skips, saying why, otherwise.
func inMountNamespace(t *testing.T, b *box, script, stdin string) (string, int) {
	t.Helper()
	cmd := osexec.Command("unshare", "-m", "sh", "-c", "mount --make-rprivate / && "+script)
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	var exit *osexec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// requireMountNamespaces skips a test that makes mounts of its own in a
// mount namespace of its own (inMountNamespace) unless run as root with
// unshare installed.
func requireMountNamespaces(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root: the test makes mounts in a mount namespace of its own")
	}
	if _, err := osexec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
}

// TestRootLayerInitAndFileCapabilities: a root command under the namespace
// layer, CI's case, against what earlier rounds tried only for a user's
// run (TestUnprivilegedInitAndOutside) or not at all. A root command's
// files are root's: file capabilities on one left in the root
// (security.capability, cap_setuid+ep on a copy of a shell) would hand
// any user of the host who runs it those capabilities, as a set-uid copy
// would, and trusted.* attributes are the host's to trust; both need a
// capability the command has not (EPERM). The pid namespace's init keeps
// its namespaces, root, working directory, descriptors, memory and
// environment from the command (which, as root, lists the numbers of
// init's descriptors, init's own directory being root's, but reads none), which cannot join init's namespaces, and
// whose signals to it end nothing. Neighbours: a user attribute set and
// read back, the command's own namespace files.
func TestRootLayerInitAndFileCapabilities(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: a user's run is TestUnprivilegedInitAndOutside's")
	}
	requireNamespaces(t)
	t.Parallel()
	b := newBox(t, nil)
	b.install()
	b.file("prog", "#!/bin/sh\n", 0o755)
	o := b.check(`
p fcap setfcap prog
p trusted setxattr prog trusted.mewsandbox planted
p user setxattr prog user.mewsandbox kept
p user-read fgetxattr prog user.mewsandbox
p setns-init setns /proc/1/ns/mnt
p setns-init-pid setns /proc/1/ns/pid
c init-ns readlink /proc/1/ns/mnt
c init-root ls /proc/1/root/
c init-cwd ls /proc/1/cwd/
c init-fd sh -c 'for f in /proc/1/fd/*; do readlink "$f" || exit; done'
c init-environ cat /proc/1/environ
c init-mem dd if=/proc/1/mem of=/dev/null bs=1 count=1
c self-ns readlink /proc/self/ns/mnt
c kill-init sh -c 'for s in TERM INT HUP QUIT USR1 USR2 KILL STOP; do kill -$s 1 || exit; done; sleep 0.1'
c alive true
`)
	o.errno(t, "fcap", eperm)
	o.errno(t, "trusted", eperm)
	for _, a := range []string{"setns-init", "setns-init-pid", "init-ns", "init-root", "init-cwd", "init-fd", "init-environ", "init-mem"} {
		o.fails(t, a)
	}
	for _, ok := range []string{"user", "user-read", "self-ns", "kill-init", "alive"} {
		o.ok(t, ok)
	}
	if !strings.Contains(o["user-read"], "value=kept ") {
		t.Errorf("user-read: %s, want the value the command set", o["user-read"])
	}
	if v, err := unix.Getxattr(filepath.Join(b.root, "prog"), "security.capability", make([]byte, 64)); err == nil {
		t.Errorf("prog has file capabilities after the run (%d bytes)", v)
	}
}

// TestLayerTempFileSystemsSized: under the layer the command's /tmp, its
// private TMPDIR and its /dev/shm are file systems of memory, each sized
// to --limit-mem (half the RAM otherwise): with the limit an rlimit on
// each process's address space, nothing else stops a command from
// filling them. Writing past the limit in each fails (ENOSPC; with a
// cgroup the kernel may kill the writer first); a write below it works
// (the root lies outside /tmp, which a root inside keeps read-only).
func TestLayerTempFileSystemsSized(t *testing.T) {
	requireNamespaces(t)
	t.Parallel()
	b := newBox(t, nil)
	// A root in /tmp keeps the layer's /tmp read-only: one outside it.
	b.root = outsideTemp(t)
	if err := os.Mkdir(filepath.Join(b.root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	fill := func(dir string, mib int) string {
		return fmt.Sprintf(`sh -c 'dd if=/dev/zero of="%s/fill" bs=1M count=%d; s=$?; rm -f "%s/fill"; exit $s'`, dir, mib, dir)
	}
	script := ""
	for _, d := range []struct{ label, dir string }{{"tmp", "/tmp"}, {"tmpdir", "$TMPDIR"}, {"shm", "/dev/shm"}} {
		script += fmt.Sprintf("c %s-over %s\nc %s-under %s\n", d.label, fill(d.dir, 80), d.label, fill(d.dir, 8))
	}
	o := b.check(script, "--limit-mem", "64M")
	for _, d := range []string{"tmp", "tmpdir", "shm"} {
		o.fails(t, d+"-over")
		o.ok(t, d+"-under")
	}
}

// TestWriteGrantOfSlashNothingAboveIt: under --allow-write / the layer
// bound / onto itself, as it makes every writable grant a mount of its
// own. A mount over the process's root is not crossed on the way down
// from it, but it is by "..": /.. led to that copy, the host's tree as it
// was before the layer hid anything, read-only but whole. A root command
// read /etc/shadow and the keys in /etc/ssl/private there, which / hides,
// and listed every process of the host, with its command line, in the
// host's /proc. Nothing is above / now: /.. is / and shows what / shows.
// Neighbours: the grant writes outside the root, and /.. is listed.
func TestWriteGrantOfSlashNothingAboveIt(t *testing.T) {
	requireNamespaces(t)
	t.Parallel()
	b := newBox(t, nil)
	script := fmt.Sprintf(`
c same-mount sh -c 'exec 7</ 8</..; a=$(grep mnt_id /proc/self/fdinfo/7); b=$(grep mnt_id /proc/self/fdinfo/8); [ "$a" = "$b" ]'
c proc test -e /proc/%[1]d
c up-proc test -e /../proc/%[1]d
c up-shadow sh -c 'test -s /../etc/shadow && head -c 1 /../etc/shadow'
c up-list ls /..
c granted sh -c 'echo x > %[2]s/written'
`, os.Getpid(), b.out)
	o := b.check(script, "--allow-write", "/")
	for _, a := range []string{"same-mount", "up-list", "granted"} {
		o.ok(t, a)
	}
	for _, a := range []string{"proc", "up-proc"} {
		o.fails(t, a)
	}
	if fi, err := os.Stat("/etc/shadow"); os.Geteuid() == 0 && err == nil && fi.Size() > 0 {
		o.fails(t, "up-shadow")
	}
	if got := b.read(filepath.Join(b.out, "written")); got != "x\n" {
		t.Errorf("the grant's file holds %q, want %q", got, "x\n")
	}
}

// TestHomeOfSlashNotHiddenSilently: with --allow-unix-sockets the layer
// lays an empty file system over the home directory, to keep the sockets
// there out of reach. With HOME=/ (as a service may run) it went over the
// process's root, which a lookup from / never enters: nothing was hidden,
// the paths it bound back went onto the host's tree, and the run did not
// say so. Now a strict run is refused (125) naming it, and --best-effort
// runs with / as it is and says what is not enforced, with no mount over
// /. Neighbour: a home of its own is hidden as before.
func TestHomeOfSlashNotHiddenSilently(t *testing.T) {
	requireNamespaces(t)
	t.Parallel()
	b := newBox(t, nil)
	const unhidden = "the namespace layer cannot hide /, the home or runtime directory"
	slash := &box{t: t, root: b.root, home: b.home, out: b.out, env: []string{"HOME=/"}}
	r := slash.run("run", "--yolo", "--allow-unix-sockets", "--", "echo", "ran")
	if r.code != 125 || r.stdout != "" || !strings.Contains(r.stderr, unhidden) {
		t.Errorf("HOME=/ --allow-unix-sockets: exit %d, stdout %q, stderr %q; want 125 and %q", r.code, r.stdout, r.stderr, unhidden)
	}
	const oneRoot = `n=$(grep -cE '^[0-9]+ [0-9]+ [0-9]+:[0-9]+ [^ ]+ / ' /proc/self/mountinfo); [ "$n" = 1 ] && echo one-root`
	r = slash.run("run", "--yolo", "--best-effort", "--allow-unix-sockets", "--", "sh", "-c", oneRoot)
	if r.code != 0 || r.stdout != "one-root\n" || !strings.Contains(r.stderr, "not enforced: "+unhidden) {
		t.Errorf("HOME=/ --allow-unix-sockets --best-effort: exit %d, stdout %q, stderr %q; want one mount at / and what is not enforced said", r.code, r.stdout, r.stderr)
	}
	marker := b.file(filepath.Join(b.home, "agent.sock"), "", 0o644)
	r = b.run("run", "--yolo", "--allow-unix-sockets", "--", "sh", "-c", "test -e "+marker+" || echo hidden")
	if r.code != 0 || r.stdout != "hidden\n" || strings.Contains(r.stderr, unhidden) {
		t.Errorf("a home of its own: exit %d, stdout %q, stderr %q; want it run, the home's file hidden", r.code, r.stdout, r.stderr)
	}
}
