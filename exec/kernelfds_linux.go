//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Descriptors that act for their maker, which the command must not inherit.
//
// An io_uring ring the caller hands the command runs what the command
// writes into the ring's shared memory on the ring's kernel thread, with
// the credentials, mounts, descriptors and memory of the process that made
// it: a review's command, given a ring with a polling thread
// (IORING_SETUP_SQPOLL) by --pass-fd, opened and wrote files outside the
// root and truncated the caller's open files, under the namespace layer
// too. seccomp refuses io_uring_enter, but such a ring needs none, and
// neither Landlock nor the layer is the ring's. Other descriptors of no
// file (anonymous inodes, and pidfs's pidfds) act for their maker as well:
// a userfaultfd writes its memory, a perf event reads the process it
// watches, a fanotify group opens the files of its events, an inotify one
// reports on paths outside the grants, a pidfd names a process outside the
// sandbox, a BPF map or program is the kernel's. They are told by their
// file system, not their mode, which some kernels give as a regular
// file's.
//
// A file of the kernel's own file systems open for writing acts for its
// opener too: a second review's caller passed its /proc/self/mem, and the
// command, without the layer, wrote the caller's memory (a command string
// the caller ran after the sandbox). Read-only, such a file is opened
// afresh in the sandbox as any file given to be read is.
//
// A device acts as what it is, whoever owns it: the second review's
// command wrote packets onto a network through a TUN descriptor its caller
// had attached, under "no network"; /dev/fuse serves a mount the caller
// uses, uinput types into the host's session, and a disk gives every file
// on it, past Landlock's rules and the layer's read-only binds. Terminals,
// a pty's master and the memory devices (which the layer gives as the
// sandbox's own) are the devices a command is handed.
//
// So any other refuses the run (StatusSandbox), as stdio or passed, with
// the namespace layer or without it; --best-effort does not relax it, since
// no kernel feature is missing.

// harmlessAnon are the anonymous inodes the command may inherit, by the
// names /proc/self/fd gives them: an event counter, a timer, the reader's
// own signals, an epoll set (it tells readiness, and reaches nothing).
var harmlessAnon = []string{"anon_inode:[eventfd]", "anon_inode:[timerfd]", "anon_inode:[signalfd]", "anon_inode:[eventpoll]"}

// The file systems of descriptors of no file (linux/magic.h).
const (
	anonInodeFSMagic = 0x09041934
	pidfsMagic       = 0x50494446
)

// inheritedKernelFD says what descriptor fd is when it is one the command
// may not inherit (see above), "" for any other.
func inheritedKernelFD(fd int) string {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return "" // closed: starting the child says so
	}
	name := func() string {
		n, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
		return n
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFCHR:
		if harmlessDevice(fd, st.Rdev) {
			return ""
		}
		return "a character device other than a terminal (" + name() + "), which would act outside the sandbox as what it is (a network interface, a file system, input)"
	case unix.S_IFBLK:
		return "a block device (" + name() + "), through which the command would reach every file on it, past the sandbox's rules"
	}
	var fs unix.Statfs_t
	if unix.Fstatfs(fd, &fs) != nil {
		return "a descriptor whose file system the runner cannot learn"
	}
	if fs.Type == anonInodeFSMagic || fs.Type == pidfsMagic || st.Mode&unix.S_IFMT == 0 {
		if n := name(); !slices.Contains(harmlessAnon, n) {
			return "a descriptor of no file (" + n + ") through which the command could act as the process that made it, outside the sandbox"
		}
		return ""
	}
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_PATH != 0 || fl&unix.O_ACCMODE == unix.O_RDONLY || !kernelFS(fd) {
		return ""
	}
	return "a file of the kernel's (" + name() + ") open for writing, through which the command could act as the process that opened it, outside the sandbox"
}

// harmlessDevice says whether character device fd (rdev) may be inherited:
// one of the memory devices (/dev/null, zero, full, random, urandom), a
// pty's master (ptmx), or a terminal: a tty driver's device, as sysfs
// tells (no request is sent to another driver), that answers TCGETS, or
// is hung up (EIO: the sandbox child says so).
func harmlessDevice(fd int, rdev uint64) bool {
	major, minor := unix.Major(rdev), unix.Minor(rdev)
	switch {
	case major == 1 && (minor == 3 || minor == 5 || minor == 7 || minor == 8 || minor == 9):
		return true
	case major == 5 && minor == 2:
		return true
	}
	// Where sysfs is not mounted, TCGETS alone tells.
	class, err := os.Readlink("/sys/dev/char/" + strconv.FormatUint(uint64(major), 10) + ":" + strconv.FormatUint(uint64(minor), 10) + "/subsystem")
	if err == nil && !slices.Contains([]string{"tty", "pty"}, filepath.Base(class)) {
		return false
	}
	_, err = unix.IoctlGetTermios(fd, unix.TCGETS)
	return err == nil || err == unix.EIO
}

// An owner for SIGIO and SIGURG (F_SETOWN) set on a pipe or socket the
// command is handed: the description is the caller's too, and the owner
// stays what the caller made it, so Landlock's signal scope, which it
// records from whoever calls F_SETOWN, lets the kernel signal that owner
// however the command sets the description up. With O_ASYNC set (F_SETFL)
// and a signal of its choice (F_SETSIG), the command had a review's caller,
// which owned its socket for SIGURG, sent SIGUSR1 the next time data came,
// after the run, with the namespace layer or without it; SIGKILL would have
// done as well. Without an owner the command's own F_SETOWN is recorded as
// the sandbox's, and signals nothing outside it. Terminals and files given
// to be read reach the command opened afresh, a description of its own;
// regular files raise no SIGIO.

// fdOwner says whose signals fd would raise when fd is a pipe or a socket
// with an owner set, "" otherwise.
func fdOwner(fd int) string {
	if _, ok := pipeOrSocket(fd); !ok {
		return ""
	}
	var own struct {
		typ int32 // F_OWNER_TID, F_OWNER_PID, F_OWNER_PGRP
		pid int32
	}
	_, _, errno := unix.Syscall(unix.SYS_FCNTL, uintptr(fd), unix.F_GETOWN_EX, uintptr(unsafe.Pointer(&own)))
	switch {
	case errno != 0:
		return "a pipe or socket whose owner for signals (F_SETOWN) the runner cannot learn"
	case own.pid == 0:
		return ""
	}
	who := "process " + strconv.Itoa(int(own.pid))
	if own.typ == fOwnerPgrp {
		who = "process group " + strconv.Itoa(int(own.pid))
	}
	return "a pipe or socket with an owner for signals set (F_SETOWN: " + who + "), which the command could have sent any signal of its choosing (O_ASYNC, F_SETSIG) whenever data comes, even after the run"
}

// pipeOrSocket says whether fd is a pipe (a FIFO too) or a socket, one
// that can raise signals and have an owner for them, and returns its file.
// An O_PATH descriptor is none: it has no owner to set (fcntl F_SETOWN
// fails with EBADF on it), and what else it allows is judged elsewhere.
func pipeOrSocket(fd int) (st unix.Stat_t, ok bool) {
	if unix.Fstat(fd, &st) != nil {
		return st, false
	}
	if t := st.Mode & unix.S_IFMT; t != unix.S_IFIFO && t != unix.S_IFSOCK {
		return st, false
	}
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return st, err == nil && fl&unix.O_PATH == 0
}

// fOwnerPgrp is F_OWNER_PGRP, which x/sys/unix does not name.
const fOwnerPgrp = 2
