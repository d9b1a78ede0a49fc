// probe.h: what the probe programs the integration tests build (attack.c,
// reach.c, tracer.c, kernel.c) share. Each runs one probe per invocation
// and prints one line for it, "NAME ok" or "NAME errno=N text", which the
// tests parse.

#include <errno.h>
#include <stdio.h>
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
