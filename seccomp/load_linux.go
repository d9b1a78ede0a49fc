//go:build linux

package seccomp

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Load installs p with seccomp(2), as libseccomp would: no_new_privs first
// (it may already be set), then the filter, synchronised to every thread of
// the process (TSYNC) so that Go's other threads are covered as well. It
// needs no libseccomp, so it works in a build without cgo. A program the
// kernel's verifier rejects is an error, and nothing is installed.
func (p Program) Load() error {
	if err := p.check(); err != nil {
		return err
	}
	filter := make([]unix.SockFilter, len(p))
	for i, in := range p {
		filter[i] = unix.SockFilter{Code: in.Code, Jt: in.JT, Jf: in.JF, K: in.K}
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("seccomp: prctl(PR_SET_NO_NEW_PRIVS): %w", err)
	}
	r, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog)))
	runtime.KeepAlive(filter)
	switch {
	case errno == unix.EINVAL:
		return fmt.Errorf("seccomp: load filter: %w (the kernel rejected the program)", errno)
	case errno != 0:
		return fmt.Errorf("seccomp: load filter: %w", errno)
	case r != 0:
		// TSYNC names the thread it could not synchronise (one with a
		// filter that is not an ancestor of this thread's); nothing was
		// installed.
		return fmt.Errorf("seccomp: load filter: thread %d cannot be synchronised: %w", r, unix.ESRCH)
	}
	return nil
}
