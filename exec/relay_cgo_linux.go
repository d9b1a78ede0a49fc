//go:build linux && cgo

package exec

// The early catching's handlers (catchEarly): they write each signal's
// number to a pipe, from whichever thread the signal finds, and install
// with one sigaction each. Catching through os/signal costs two hand-overs
// between the caller's thread and the runtime's signal thread per signal:
// 0.3–0.5 ms for the runner's ten on a machine where waking a thread is
// slow, measured, and the command could not start before they were done.
//
// A handler installed over the Go runtime's must run on the signal stack
// the runtime gives each thread (SA_ONSTACK), and do nothing a signal
// handler may not: it writes one byte and keeps errno.

/*
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int mews_relay_fd = -1;
static struct sigaction mews_relay_old[65];

static void mews_relay(int sig) {
	int saved = errno;
	unsigned char b = (unsigned char)sig;
	if (write(mews_relay_fd, &b, 1) < 0) {
		// A full pipe: the signal is pending there already, as a
		// repeated signal would be while blocked.
	}
	errno = saved;
}

// mews_relay_signals installs mews_relay for the n signals, after setting
// the pipe it writes to: 0, or the errno of the first refused (the ones
// before it are undone).
static int mews_relay_signals(int fd, const int *sigs, int n) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = mews_relay;
	sa.sa_flags = SA_ONSTACK | SA_RESTART;
	sigfillset(&sa.sa_mask);
	mews_relay_fd = fd;
	for (int i = 0; i < n; i++) {
		if (sigs[i] <= 0 || sigs[i] > 64 || sigaction(sigs[i], &sa, &mews_relay_old[sigs[i]]) != 0) {
			int e = sigs[i] <= 0 || sigs[i] > 64 ? EINVAL : errno;
			while (i-- > 0) {
				sigaction(sigs[i], &mews_relay_old[sigs[i]], NULL);
			}
			return e;
		}
	}
	return 0;
}

// mews_relay_restore puts back the handlers mews_relay_signals replaced.
static void mews_relay_restore(const int *sigs, int n) {
	for (int i = 0; i < n; i++) {
		sigaction(sigs[i], &mews_relay_old[sigs[i]], NULL);
	}
}
*/
import "C"

import (
	"errors"
	"os"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// relaySignals has the signals of list sent to c as they come, as
// signal.Notify would, through handlers of its own (see above). It
// returns the function that puts the handlers before back, or nil if they
// could not be installed (the caller catches with os/signal then), and the
// one that begins moving the signals the handlers caught to c: until then
// they wait in the handlers' pipe (its reader, a goroutine in the runtime's
// poller, and the poller itself cost the program's start ≈0.04 ms,
// profiled, when begun there). Only for a program that catches these
// signals nowhere else: os/signal's channels stop receiving them meanwhile.
func relaySignals(c chan<- os.Signal, list []os.Signal) (stop, relay func()) {
	var p [2]int
	if unix.Pipe2(p[:], unix.O_CLOEXEC|unix.O_NONBLOCK) != nil {
		return nil, nil
	}
	w := p[1]
	sigs := make([]C.int, len(list))
	for i, s := range list {
		sigs[i] = C.int(s.(syscall.Signal))
	}
	if C.mews_relay_signals(C.int(w), unsafe.SliceData(sigs), C.int(len(sigs))) != 0 {
		unix.Close(p[0])
		unix.Close(w)
		return nil, nil
	}
	var (
		begun sync.Once
		r     *os.File // the pipe's read end, once relay has begun
	)
	relay = func() {
		begun.Do(func() {
			r = os.NewFile(uintptr(p[0]), "signals")
			go relayFrom(r, c)
		})
	}
	stop = func() {
		C.mews_relay_restore(unsafe.SliceData(sigs), C.int(len(sigs)))
		begun.Do(func() { unix.Close(p[0]) }) // never relayed
		if r != nil {
			r.Close()
		}
		// The write end stays open: a handler still running on another
		// thread may write to it yet. It is close-on-exec.
	}
	return stop, relay
}

// relayFrom sends to c the signals whose numbers r, the handlers' pipe,
// brings, until r is closed.
func relayFrom(r *os.File, c chan<- os.Signal) {
	var b [16]byte
	for {
		n, err := r.Read(b[:])
		for _, s := range b[:n] {
			select {
			case c <- syscall.Signal(s):
			default: // as os/signal: a full channel drops it
			}
		}
		switch {
		case errors.Is(err, syscall.EAGAIN):
			// Not in the runtime's poller after all: block in read.
			if raw, rerr := r.SyscallConn(); rerr == nil {
				raw.Control(func(fd uintptr) { unix.SetNonblock(int(fd), false) })
			}
		case err != nil:
			return // stop closed it
		}
	}
}
