package exec

import (
	"bytes"
	"os"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// foreground is the terminal's foreground process group at the start of a
// run whose stdin is the runner's controlling terminal and whose runner is
// in that foreground: the command stays in the caller's session there, so
// it may make a process group of its own the terminal's foreground
// (setpgid, tcsetpgrp), as an interactive shell does for its jobs. Left
// so when the command ends, the terminal's foreground is a group with no
// process in it, and the caller is in the background of its own
// terminal: a caller without job control (a script, a program that runs
// mewsandbox) then got EIO or SIGTTIN on its next read, past the run (a
// red team's command, without the namespace layer and with it).
type foreground struct {
	tty  *os.File
	pgrp int
}

// takeForeground notes the terminal's foreground when stdin is the
// runner's terminal and the runner is in its foreground; nil otherwise.
func takeForeground(stdin any) *foreground {
	f, ok := stdin.(*os.File)
	if !ok || f == nil {
		return nil
	}
	pg, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCGPGRP)
	if err != nil || pg != unix.Getpgrp() {
		return nil
	}
	return &foreground{tty: f, pgrp: pg}
}

// restore gives the terminal's foreground back to the runner's group when
// the run left it to a group with no running process in it (a live group is left
// alone: the caller's shell may have put a job there meanwhile). Called
// once the command has ended.
func (fg *foreground) restore() {
	if fg == nil {
		return
	}
	fd := int(fg.tty.Fd())
	cur, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	if err != nil || cur == fg.pgrp || cur <= 0 || groupLive(cur) {
		return
	}
	// From the background, tcsetpgrp stops the caller with SIGTTOU unless
	// the signal is blocked: blocked on this thread only, as shells do.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var set, old unix.Sigset_t
	set.Val[0] = 1 << (uint(unix.SIGTTOU) - 1)
	if unix.PthreadSigmask(unix.SIG_BLOCK, &set, &old) != nil {
		return
	}
	_ = unix.IoctlSetPointerInt(fd, unix.TIOCSPGRP, fg.pgrp)
	_ = unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil)
}

// groupLive says whether process group pg has a member that is not a
// zombie: the run's own child may still be one, unreaped, when the run
// ends.
func groupLive(pg int) bool {
	if unix.Kill(-pg, 0) == unix.ESRCH {
		return false
	}
	d, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	want := []byte(strconv.Itoa(pg))
	for _, e := range d {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces and ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(b[i+1:])
		if len(f) > 2 && bytes.Equal(f[2], want) && string(f[0]) != "Z" && string(f[0]) != "X" {
			return true
		}
	}
	return false
}

// termSettings are the settings (termios) of the terminal that is a
// run's stdin, the runner being in its foreground. They belong to the
// terminal, not to a descriptor, so what the command set through its own
// (stty intr undef -isig -echo, an editor's raw mode left by a kill at the
// end of --timeout) was the caller's terminal's past the run: a red team's
// command took Ctrl-C and echo from the shell's next commands. restore
// puts them back. Stdout or stderr alone are not looked at: three ioctls
// more, a dozen page faults, in every run without a terminal.
//
// So are the status flags and the signal (F_SETSIG) of stdin's open file
// description, where the command got that description itself (without the
// layer; with it the terminal is opened afresh): a red team's command set
// O_NONBLOCK and O_APPEND on it, and the caller's next read of its
// terminal failed with EAGAIN.
type termSettings struct {
	tty        *os.File
	pgrp       int
	attrs      *unix.Termios
	flags, sig int
}

// takeTermSettings notes the settings of the terminal stdin, where its
// foreground is the runner's group; nil otherwise.
func takeTermSettings(stdin any) *termSettings {
	f, ok := stdin.(*os.File)
	if !ok || f == nil {
		return nil
	}
	attrs, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	if err != nil {
		return nil
	}
	pg, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCGPGRP)
	if err != nil || pg != unix.Getpgrp() {
		return nil
	}
	flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil {
		return nil
	}
	sig, err := unix.FcntlInt(f.Fd(), unix.F_GETSIG, 0)
	if err != nil {
		return nil
	}
	return &termSettings{tty: f, pgrp: pg, attrs: attrs, flags: flags, sig: sig}
}

// restore sets the terminal's settings back to the run's start, once the
// command has ended, where they changed and the runner's group is the
// terminal's foreground again (foreground's restore): another group there
// (the caller's shell reading a line) has settings of its own. At once,
// not once output has drained (TCSETSW): output the command stopped (^S)
// would hold the runner.
func (ts *termSettings) restore() {
	if ts == nil {
		return
	}
	fd := int(ts.tty.Fd())
	ts.restoreFlags()
	cur, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil || *cur == *ts.attrs {
		return
	}
	if pg, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP); err != nil || pg != ts.pgrp {
		return
	}
	_ = unix.IoctlSetTermios(fd, unix.TCSETS, ts.attrs)
}

// restoreFlags puts back the description's status flags and signal where
// they changed: they are the description's, not the terminal's, so
// whichever group is in the foreground now they are the caller's.
func (ts *termSettings) restoreFlags() {
	fd := ts.tty.Fd()
	if sig, err := unix.FcntlInt(fd, unix.F_GETSIG, 0); err == nil && sig != ts.sig {
		_, _ = unix.FcntlInt(fd, unix.F_SETSIG, ts.sig)
	}
	if fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0); err == nil && fl != ts.flags {
		_, _ = unix.FcntlInt(fd, unix.F_SETFL, ts.flags)
	}
}
