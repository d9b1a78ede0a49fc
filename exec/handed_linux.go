//go:build linux

package exec

import (
	"sync"

	"golang.org/x/sys/unix"
)

// What a run leaves on the caller's pipes and sockets.
//
// A pipe or socket handed to the command as it is (eachHanded) is one open
// file description, the caller's and the command's: what the command sets
// on it stays after the run. It may set O_ASYNC and a signal of its choice
// (F_SETSIG), which the caller's own F_SETOWN later would then receive
// whenever data comes, and O_NONBLOCK, which breaks a caller that reads
// the pipe blocking. So the runner notes each such description's flags and
// signal before the run (noteHanded) and puts them back after (restore),
// where nothing of the command's can still hold the description: the pid
// namespace's end took every process in it, or the command never started.
// Without a pid namespace a process the command left behind may still
// hold it: the state stays as the run left it. A description handed to two
// runs of this process at once stays as the last run leaves it, since one
// run's end cannot speak for the other's.
//
// SO_PASSRIGHTS, which closeRights turns off for the run, is never turned
// back on: a run of another runner (another "mewsandbox run" of a shell's,
// sharing its stdout socket) may hold the same description, which this
// process cannot see, and have turned it off for its own command too. A
// review's first run, ending while the second's command still ran, turned
// it back on as it had found it before either, and the peer's descriptor
// of the project's directory reached the second command, which wrote
// .git/hooks through it. Putting back flags and the signal only undoes
// what a command set, and grants none still running anything.

// handedState is a description's state before the run.
type handedState struct {
	fd         int // the runner's duplicate of the description
	key        inode
	flags, sig int
	owned      bool // an owner for signals was set (F_SETOWN)
}

// inode names a pipe or socket: each socket is one description, a pipe
// may be several.
type inode struct{ dev, ino uint64 }

// handedRuns counts the runs of this process a pipe or socket is handed
// to, and marks it shared once two hold it at once.
var handedRuns struct {
	sync.Mutex
	n      map[inode]int
	shared map[inode]bool
}

// noteHanded notes the state of each pipe and socket c hands the command
// as it is, for restore; call it before anything changes them.
func (c *Cmd) noteHanded() []handedState {
	var st []handedState
	c.eachHanded(func(fd, _ int) *StageError {
		s, ok := pipeOrSocket(fd)
		if !ok {
			return nil
		}
		flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil {
			return nil
		}
		sig, err := unix.FcntlInt(uintptr(fd), unix.F_GETSIG, 0)
		if err != nil {
			return nil
		}
		dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
		if err != nil {
			return nil
		}
		st = append(st, handedState{fd: dup, key: inode{s.Dev, s.Ino}, flags: flags, sig: sig, owned: fdOwner(fd) != ""})
		return nil
	})
	handedRuns.Lock()
	defer handedRuns.Unlock()
	if handedRuns.n == nil {
		handedRuns.n, handedRuns.shared = map[inode]int{}, map[inode]bool{}
	}
	for _, h := range st {
		if handedRuns.n[h.key]++; handedRuns.n[h.key] > 1 {
			handedRuns.shared[h.key] = true
		}
	}
	return st
}

// restore puts back the state noted in st where put (see above), and
// closes the duplicates either way.
func restore(st []handedState, put bool) {
	handedRuns.Lock()
	defer handedRuns.Unlock()
	for _, h := range st {
		shared := handedRuns.shared[h.key]
		if handedRuns.n[h.key]--; handedRuns.n[h.key] == 0 {
			delete(handedRuns.n, h.key)
			delete(handedRuns.shared, h.key)
		}
		if put && !shared {
			h.put()
		}
		unix.Close(h.fd)
	}
}

// put sets h's description back to its state before the run.
func (h handedState) put() {
	if !h.owned {
		// An owner the runner cannot see any more (a process of the
		// ended namespace) reads as none: cleared whatever F_GETOWN says.
		unix.FcntlInt(uintptr(h.fd), unix.F_SETOWN, 0)
	}
	unix.FcntlInt(uintptr(h.fd), unix.F_SETSIG, h.sig)
	unix.FcntlInt(uintptr(h.fd), unix.F_SETFL, h.flags)
}
