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

// harmlessAnon are the anonymous inodes the command may inherit, by the
// names /proc/self/fd gives them: an event counter, a timer, the reader's
// own signals, an epoll set (it tells readiness, and reaches nothing).
var harmlessAnon = []string{"anon_inode:[eventfd]", "anon_inode:[timerfd]", "anon_inode:[signalfd]", "anon_inode:[eventpoll]"}

// inheritedAnon says what descriptor fd is when it is an anonymous inode
// the command may not inherit, "" when it is a file, a socket, a pipe or
// one of harmlessAnon.
func inheritedAnon(fd int) string {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != 0 {
		return "" // closed (starting the child says so), or a file of some kind
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
