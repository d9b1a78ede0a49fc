//go:build linux

package exec

import (
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The re-executed runner (os.Args[1] is the private marker) becomes the
// sandbox child here, in this package's initialisation: before the packages
// that only the runner's parent needs (the CLI's, its settings parsers) spend
// time initialising, and on the main thread, to which the runtime binds
// initialisation. It never returns.
func init() {
	if len(os.Args) >= 2 && os.Args[1] == childArg {
		// Landlock below ABI 8 and no_new_privs apply to the calling thread,
		// and execve carries that thread's restrictions into the command:
		// every step from here to execve must run on this one thread.
		runtime.LockOSThread()
		runChild()
	}
}

// Init is kept for the callers that call it first thing in main (and in
// TestMain): the sandbox child has already been entered, from this
// package's init, by the time it could run, so it returns at once.
func Init() {}

// runChild applies the sandbox the spec on fd 3 describes and execve's the
// command. Failures go to the parent as JSON on fd 4 (close-on-exec: EOF
// there means execve succeeded).
func runChild() {
	sp, err := readSpec()
	if err != nil {
		fail(StageSpec, StatusSandbox, err)
	}
	if sp.Seccomp == nil && !sp.BestEffort {
		// The parent sends a filter whenever it enforces strictly.
		fail(StageSeccomp, StatusSandbox, errors.New("BUG(mewsandbox): no syscall filter in a strict spec"))
	}
	// Descriptors opened before the restriction stay usable after it: none
	// but stdio may reach the command. fd 4 must stay open until execve and
	// close then, which is exactly what close-on-exec does.
	if err := markCloseOnExec(); err != nil {
		fail(StageFDs, StatusSandbox, err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fail(StageNoNewPrivs, StatusSandbox, os.NewSyscallError("prctl(PR_SET_NO_NEW_PRIVS)", err))
	}
	if _, err := sp.Landlock.Restrict(sp.BestEffort); err != nil {
		fail(StageLandlock, StatusSandbox, err)
	}
	resetSignals(sp.ResetSignals)
	// Last before execve: the filter also limits what the steps above could
	// have needed.
	if sp.Seccomp != nil {
		// Built by the parent: libseccomp's compiler never runs here.
		if err := sp.Seccomp.Load(); err != nil {
			fail(StageSeccomp, StatusSandbox, err)
		}
	}
	err = unix.Exec(sp.Path, sp.Args, sp.Env)
	switch {
	case errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR):
		fail(StageExec, StatusNotFound, &os.PathError{Op: "execve", Path: sp.Path, Err: err})
	case errors.Is(err, unix.EACCES):
		fail(StageExec, StatusNotExecutable, &wrapped{
			msg: "execve " + sp.Path + ": permission denied (the sandbox may have refused it: Landlock lets a command execute files only below read+execute grants)",
			err: err,
		})
	default:
		fail(StageExec, StatusNotExecutable, &os.PathError{Op: "execve", Path: sp.Path, Err: err})
	}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// readSpec reads and decodes the spec on fd 3.
func readSpec() (*spec, error) {
	var h [headerSize]byte
	if err := readFull(specFD, h[:]); err != nil {
		return nil, err
	}
	n, err := specBodySize(h[:])
	if err != nil {
		return nil, errors.New("BUG(mewsandbox): reading the spec: " + err.Error())
	}
	body := make([]byte, n)
	if err := readFull(specFD, body); err != nil {
		return nil, err
	}
	_ = unix.Close(specFD)
	sp, err := unmarshalSpec(body)
	if err != nil {
		return nil, errors.New("BUG(mewsandbox): decoding the spec: " + err.Error())
	}
	return sp, nil
}

// readFull fills b from fd; the end of the pipe before that is an error.
func readFull(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := unix.Read(fd, b)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return os.NewSyscallError("read spec (fd 3)", err)
		case n == 0:
			return errors.New("BUG(mewsandbox): the spec (fd 3) ended early")
		}
		b = b[n:]
	}
	return nil
}

// resetSignals sets the signals in mask (bit N-1 for signal N) to their
// default disposition. The parent catches them only after starting this
// child, which may have inherited one as ignored (SIGINT after the
// program's own signal.Ignore), and ignored stays ignored across execve
// where caught does not. The runtime is not told: nothing here relies on
// its handlers any more, and until execve such a signal does to this
// process what it would do to the command. A failure leaves the signal as
// it was inherited.
func resetSignals(mask uint64) {
	// The kernel's struct sigaction, all zero whatever its layout: SIG_DFL,
	// no flags, an empty mask. The last argument is sizeof(sigset_t).
	var dfl [4]uint64
	for sig := 1; sig <= 64; sig++ {
		if mask&(1<<(sig-1)) != 0 {
			_, _, _ = unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&dfl)), 0, 8, 0, 0)
		}
	}
}

// markCloseOnExec marks every descriptor from 3 up close-on-exec.
func markCloseOnExec() error {
	err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC)
	if err == nil {
		return nil
	}
	if err != unix.ENOSYS && err != unix.EINVAL {
		return os.NewSyscallError("close_range", err)
	}
	// Before Linux 5.11: walk /proc/self/fd.
	d, err := os.Open("/proc/self/fd")
	if err != nil {
		return err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return err
	}
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		if err != nil || fd < 3 {
			continue
		}
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC); err != nil && err != unix.EBADF {
			return os.NewSyscallError("fcntl(F_SETFD)", err)
		}
	}
	return nil
}

// fail reports a failed stage to the parent and exits.
func fail(stage string, status int, err error) {
	w := wireError{Stage: stage, Message: err.Error(), Status: status}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		w.Errno = int(errno)
	}
	b, _ := json.Marshal(w)
	_, _ = unix.Write(statusFD, b)
	os.Exit(status)
}
