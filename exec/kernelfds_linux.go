//go:build linux

package exec

import (
	"os"
	"slices"
	"strconv"

	"golang.org/x/sys/unix"
)

// Descriptors of no file (anonymous inodes) the command inherits.
//
// An io_uring ring the caller hands the command runs what the command
// writes into the ring's shared memory on the ring's kernel thread, with
// the credentials, mounts, descriptors and memory of the process that made
// it: a review's command, given a ring with a polling thread
// (IORING_SETUP_SQPOLL) by --pass-fd, opened and wrote files outside the
// root and truncated the caller's open files, under the namespace layer
// too. seccomp refuses io_uring_enter, but such a ring needs none, and
// neither Landlock nor the layer is the ring's. Others act for their
// creator as well: a userfaultfd writes its memory, a perf event reads the
// process it watches, a fanotify group opens the files of its events, an
// inotify one reports on paths outside the grants, a pidfd names a
// process outside the sandbox, a BPF map or program is the kernel's.
//
// So the command inherits an anonymous inode only where it acts on
// nothing but itself (harmlessAnon); any other refuses the run
// (StatusSandbox), as stdio or passed, with the namespace layer or
// without it, and --best-effort does not relax it, since no kernel feature
// is missing.
//
// A file of the kernel's own file systems open for writing acts for its
// opener too: a second review's caller passed its /proc/self/mem, and the
// command, without the layer, wrote the caller's memory (a command string
// the caller ran after the sandbox). /proc, /sys, the cgroup file systems
// and kin are not written through a descriptor the caller opened, then
// (regular_linux.go's kernelFS); read-only ones are opened afresh in the
// sandbox as any file given to be read is.

//
// A character device acts as what it is, whoever owns it: a review's
// command wrote packets onto a network through a TUN descriptor its caller
// had attached, under "no network"; /dev/fuse serves a mount the caller
// uses, uinput types into the host's session, vhost and kvm reach
// further. So but a terminal, a pty's master and the memory devices
// (which the layer gives as the sandbox's own), none is inherited.

// harmlessAnon are the anonymous inodes the command may inherit, by the
// names /proc/self/fd gives them: an event counter, a timer, the reader's
// own signals, an epoll set (it tells readiness, and reaches nothing).
var harmlessAnon = []string{"anon_inode:[eventfd]", "anon_inode:[timerfd]", "anon_inode:[signalfd]", "anon_inode:[eventpoll]"}

// inheritedKernelFD says what descriptor fd is when it is one the command
// may not inherit: an anonymous inode but harmlessAnon, or a file of the
// kernel's file systems (kernelFS) open for writing; "" for any other.
func inheritedKernelFD(fd int) string {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return "" // closed: starting the child says so
	}
	if st.Mode&unix.S_IFMT == unix.S_IFCHR && !harmlessDevice(fd, st.Rdev) {
		name, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
		return "a character device other than a terminal (" + name + "), which would act outside the sandbox as what it is (a network interface, a file system, input)"
	}
	if st.Mode&unix.S_IFMT != 0 {
		fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil || fl&unix.O_PATH != 0 || fl&unix.O_ACCMODE == unix.O_RDONLY || !kernelFS(fd) {
			return ""
		}
		name, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
		return "a file of the kernel's (" + name + ") open for writing, through which the command could act as the process that opened it, outside the sandbox"
	}
	name, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	switch {
	case err != nil:
		return "a descriptor of no file whose kind the runner cannot learn (" + err.Error() + ")"
	case slices.Contains(harmlessAnon, name):
		return ""
	}
	return "a descriptor of no file (" + name + ") through which the command could act as the process that made it, outside the sandbox"
}

// harmlessDevice says whether character device fd (rdev) may be inherited:
// a terminal (TCGETS answers, or a hung-up one's EIO), a pty's master
// (ptmx), or one of the memory
// devices, /dev/null, zero, full, random and urandom.
func harmlessDevice(fd int, rdev uint64) bool {
	major, minor := unix.Major(rdev), unix.Minor(rdev)
	switch {
	case major == 1 && (minor == 3 || minor == 5 || minor == 7 || minor == 8 || minor == 9):
		return true
	case major == 5 && minor == 2:
		return true
	}
	// A terminal that was hung up answers EIO: the child says so.
	_, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	return err == nil || err == unix.EIO
}
