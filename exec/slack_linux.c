//go:build cgo

// The Go runtime's monitor thread (sysmon) wakes every 20 µs while the
// program is busy, and only after 50 idle looks starts to sleep longer: in
// a run of a few milliseconds it wakes some 60 times, each a timer
// interrupt and two context switches (measured: 0.3 ms of processor time,
// half the run's context switches). A looser timer slack on that one
// thread lets the kernel defer those wake-ups, so that it wakes a few
// times a run. The release binary is linked with
// -Wl,--wrap=pthread_create (see the Makefile): the runtime's threads are
// made here, and the first one, which runtime.main starts before any other
// (newm(sysmon)), gets the slack. No other thread keeps it: one the
// monitor makes inherits it and sets the main thread's as it starts
// (keeping the monitor's only as its kernel default, which nothing here
// goes back to). A process inherits the slack of the thread that forks it:
// the sandbox child, the command and the helpers are forked by the entry
// point before any thread exists, or from threads running goroutines,
// never from the monitor, which runs none.
//
// The end of a pre-forked run without the namespace layer waits for the
// sharer, another process, to reap the command; mews_prefork_wait moves the
// sharer to the waiting thread's core, without which, with the other core
// busy, such runs were 0.3 to 0.6 ms longer at the median with the slack
// (1.3 ms at the slowest quarter).

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// MEWS_MONITOR_SLACK_NS is the monitor's timer slack: its sleeps of 20 µs
// last up to 2 ms.
#define MEWS_MONITOR_SLACK_NS 2000000UL

// __real_pthread_create is the C library's, where the link wraps it; weak,
// so that a link without the wrap (go test, go build) still resolves. The
// Makefile's -Wl,-u,pthread_create keeps the library's in the binary: the
// wrap leaves nothing else that refers to it.
extern int __real_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) __attribute__((weak));

static int monitor_made; // the monitor's thread exists (or is being made)
static void *(*monitor_start)(void *);
static void *monitor_arg;
static unsigned long base_slack; // the main thread's, which the others keep

// current_slack is the calling thread's timer slack: by the system call,
// whose result is a long, not prctl's int, which a slack of 2^31 ns or
// more (systemd's TimerSlackNSec=3s) would overflow.
static unsigned long current_slack(void) {
	return (unsigned long)syscall(SYS_prctl, PR_GET_TIMERSLACK, 0, 0, 0, 0);
}

static void *slack_monitor(void *unused) {
	(void)unused;
	prctl(PR_SET_TIMERSLACK, MEWS_MONITOR_SLACK_NS, 0, 0, 0);
	return monitor_start(monitor_arg);
}

// A thread the monitor makes (it starts one for a processor it takes back
// from a system call) would inherit its slack: it gets the others'.
struct thread_start {
	void *(*start)(void *);
	void *arg;
};

static void *base_slack_start(void *p) {
	struct thread_start s = *(struct thread_start *)p;
	free(p);
	prctl(PR_SET_TIMERSLACK, base_slack, 0, 0, 0);
	return s.start(s.arg);
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*start)(void *), void *arg) {
	// Until the monitor's thread is made, calls come from the main thread
	// alone, before any other thread exists: nothing races with them, nor
	// with what they store for the others. Made is said before the thread
	// starts (it may make one at once), and taken back if it was not made:
	// the runtime tries again (EAGAIN) from the main thread, and the retry
	// is still the monitor's.
	if (__atomic_load_n(&monitor_made, __ATOMIC_ACQUIRE) == 0) {
		base_slack = current_slack();
		monitor_start = start;
		monitor_arg = arg;
		__atomic_store_n(&monitor_made, 1, __ATOMIC_RELEASE);
		int err = __real_pthread_create(t, attr, slack_monitor, NULL);
		if (err != 0) {
			__atomic_store_n(&monitor_made, 0, __ATOMIC_RELEASE);
		}
		return err;
	}
	if (current_slack() == MEWS_MONITOR_SLACK_NS) {
		struct thread_start *s = malloc(sizeof *s);
		if (s == NULL) {
			return EAGAIN;
		}
		s->start = start;
		s->arg = arg;
		int err = __real_pthread_create(t, attr, base_slack_start, s);
		if (err != 0) {
			free(s);
		}
		return err;
	}
	return __real_pthread_create(t, attr, start, arg);
}
