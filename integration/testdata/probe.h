// probe.h: what the probe programs the integration tests build (attack.c,
// reach.c, tracer.c, kernel.c) share. Each runs one probe per invocation
// and prints one line for it, "NAME ok" or "NAME errno=N text", which the
// tests parse.

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// name is the probe being run, as its line names it.
static const char *name;

// report prints the probe's line for rc, a system call's result (-1 with
// errno when refused), and returns the program's exit status.
static int report(long rc) {
	if (rc >= 0) {
		printf("%s ok\n", name);
		return 0;
	}
	int e = errno;
	printf("%s errno=%d %s\n", name, e, strerror(e));
	return 1;
}

// open_pty opens a fresh pseudo-terminal and returns its terminal side, on
// which a terminal request (TIOCSTI, TIOCLINUX) would succeed unfiltered;
// it exits 3 where none can be made. Inline: not every probe uses it.
static inline int open_pty(void) {
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0) {
		perror("posix_openpt");
		exit(3);
	}
	int s = open(ptsname(m), O_RDWR | O_NOCTTY);
	if (s < 0) {
		perror("open pts");
		exit(3);
	}
	return s;
}
