//go:build linux && cgo

package exec

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// slackProgram makes threads as the Go runtime would through the wrapper:
// a first one (the monitor), which makes one of its own, then another
// from the main thread; it prints each one's timer slack after the main
// thread's. The monitor's first try fails (a stack too large to map), as
// the runtime's may with EAGAIN, and the runtime tries again.
const slackProgram = `#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>

static long monitor_slack, made_slack, later_slack;

static void *made(void *unused) {
	made_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	return unused;
}

static void *monitor(void *unused) {
	monitor_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	pthread_t t;
	if (pthread_create(&t, NULL, made, NULL) != 0 || pthread_join(t, NULL) != 0) {
		return (void *)1;
	}
	return unused;
}

static void *later(void *unused) {
	later_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	return unused;
}

int main(void) {
	long base = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	pthread_t t;
	pthread_attr_t huge;
	if (pthread_attr_init(&huge) != 0 || pthread_attr_setstacksize(&huge, (size_t)1 << 46) != 0 ||
	    pthread_create(&t, &huge, later, NULL) == 0) {
		return 2;
	}
	void *failed = NULL;
	if (pthread_create(&t, NULL, monitor, NULL) != 0 || pthread_join(t, &failed) != 0 || failed != NULL) {
		return 1;
	}
	if (pthread_create(&t, NULL, later, NULL) != 0 || pthread_join(t, NULL) != 0) {
		return 1;
	}
	printf("%ld %ld %ld %ld\n", base, monitor_slack, made_slack, later_slack);
	return 0;
}
`

// TestMonitorSlackWrapper links slack_linux.c's pthread_create wrapper
// into a C program as the release build does (-Wl,--wrap=pthread_create):
// the first thread gets the monitor's slack, a thread it makes and the
// later ones the main thread's.
func TestMonitorSlackWrapper(t *testing.T) {
	cc, err := osexec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler: cannot build the wrapper into a program")
	}
	src, err := filepath.Abs("slack_linux.c")
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.ReadFile("/proc/self/timerslack_ns")
	if err != nil {
		t.Fatal(err)
	}
	own := strings.TrimSpace(string(base))
	if own == "2000000" {
		t.Skip("the test itself runs with the monitor's slack: nothing to tell apart")
	}
	dir := t.TempDir()
	main := filepath.Join(dir, "main.c")
	if err := os.WriteFile(main, []byte(slackProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog")
	args := []string{"-O2", "-pthread", "-o", prog, main, src, "-Wl,--wrap=pthread_create", "-Wl,-u,pthread_create"}
	if out, err := osexec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("cc %v: %v\n%s", args, err, out)
	}
	out, err := osexec.Command(prog).Output()
	if err != nil {
		t.Fatalf("%s: %v", prog, err)
	}
	got := strings.Fields(string(out))
	want := []string{own, "2000000", own, own}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("slack of the main thread, the first thread, one it made, a later one = %v, want %v", got, want)
	}
}
