//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestRestoreHanded: what a command sets on a pipe or socket the caller
// handed it is put back after the run where restore may, and left where
// it may not or where another run holds the same socket.
func TestRestoreHanded(t *testing.T) {
	if _, err := unix.GetsockoptInt(socketFD(t, unix.AF_UNIX, unix.SOCK_STREAM, 0), unix.SOL_SOCKET, unix.SO_PASSRIGHTS); err != nil {
		t.Skipf("SO_PASSRIGHTS (Linux 6.16) is not here: %v", err)
	}
	file, err := os.Create(filepath.Join(t.TempDir(), "err"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	type state struct {
		async, nonblock        bool
		sig, owner, passRights int
	}
	stateOf := func(fd int) state {
		t.Helper()
		fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil {
			t.Fatal(err)
		}
		sig, _ := unix.FcntlInt(uintptr(fd), unix.F_GETSIG, 0)
		owner, _ := unix.FcntlInt(uintptr(fd), unix.F_GETOWN, 0)
		on, _ := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PASSRIGHTS)
		return state{fl&unix.O_ASYNC != 0, fl&unix.O_NONBLOCK != 0, sig, owner, on}
	}
	// A command's doing: O_ASYNC and O_NONBLOCK, SIGUSR1 as the signal,
	// itself as the owner; the runner's check turned SO_PASSRIGHTS off.
	tamper := func(fd int) {
		t.Helper()
		fl, _ := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		for _, err := range []error{
			fcntlErr(fd, unix.F_SETSIG, int(unix.SIGUSR1)),
			fcntlErr(fd, unix.F_SETOWN, os.Getpid()),
			fcntlErr(fd, unix.F_SETFL, fl|unix.O_ASYNC|unix.O_NONBLOCK),
			unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PASSRIGHTS, 0),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	tampered := state{true, true, int(unix.SIGUSR1), os.Getpid(), 0}
	pair := func() *os.File {
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		owned(t, fds[1], "peer")
		return owned(t, fds[0], "handed")
	}
	// Put back: the flags and the signal, the owner cleared; SO_PASSRIGHTS
	// stays off (see restore).
	before := state{}

	sock := pair()
	st := (&Cmd{Stdout: sock, Stderr: file}).noteHanded()
	if len(st) != 1 {
		t.Fatalf("noted %d descriptions, want the socket only", len(st))
	}
	fd := int(sock.Fd())
	tamper(fd)
	restore(st, true)
	if got := stateOf(fd); got != before {
		t.Errorf("put back: %+v, want %+v", got, before)
	}

	sock = pair()
	fd = int(sock.Fd())
	st = (&Cmd{PassFDs: []int{fd}, Stdout: file, Stderr: file}).noteHanded()
	tamper(fd)
	restore(st, false)
	if got := stateOf(fd); got != tampered {
		t.Errorf("not to be put back: %+v, want it as left, %+v", got, tampered)
	}

	// Two runs at once: the first's end leaves the socket as it is, the
	// second's too.
	sock = pair()
	fd = int(sock.Fd())
	first := (&Cmd{Stdout: sock, Stderr: file}).noteHanded()
	second := (&Cmd{PassFDs: []int{fd}, Stdout: file, Stderr: file}).noteHanded()
	tamper(fd)
	restore(first, true)
	restore(second, true)
	if got := stateOf(fd); got != tampered {
		t.Errorf("handed to two runs at once: %+v, want it as left, %+v", got, tampered)
	}
	if n := len(handedRuns.n) + len(handedRuns.shared); n != 0 {
		t.Errorf("%d entries left in handedRuns, want none", n)
	}
}

func fcntlErr(fd, cmd, arg int) error {
	_, err := unix.FcntlInt(uintptr(fd), cmd, arg)
	return err
}
