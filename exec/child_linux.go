//go:build linux

package exec

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// Init must be the first thing main (and TestMain of tests that run
// sandboxes) calls. In the runner's re-executed child (os.Args[1] is the
// private marker) it applies the sandbox and execve's the command, and never
// returns; anywhere else it returns at once.
func Init() {
	if len(os.Args) < 2 || os.Args[1] != childArg {
		return
	}
	// Landlock below ABI 8 and no_new_privs apply to the calling thread, and
	// execve carries that thread's restrictions into the command: every step
	// from here to execve must run on this one thread.
	runtime.LockOSThread()
	runChild()
}

// runChild applies the sandbox the spec on fd 3 describes and execve's the
// command. Failures go to the parent as JSON on fd 4 (close-on-exec: EOF
// there means execve succeeded).
func runChild() {
	sp, err := readSpec()
	if err != nil {
		fail(StageSpec, StatusSandbox, err)
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
	// Last before execve: the filter also limits what the steps above could
	// have needed.
	if sp.Seccomp != nil {
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

func readSpec() (*spec, error) {
	buf := make([]byte, 0, 16<<10)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := unix.Read(specFD, buf[len(buf):cap(buf)])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, os.NewSyscallError("read spec (fd 3)", err)
		}
		if n == 0 {
			break
		}
		buf = buf[:len(buf)+n]
	}
	_ = unix.Close(specFD)
	sp := new(spec)
	if err := gob.NewDecoder(bytes.NewReader(buf)).Decode(sp); err != nil {
		return nil, errors.New("BUG(mewsandbox): decoding the spec: " + err.Error())
	}
	return sp, nil
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
