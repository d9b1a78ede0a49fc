// tracer is the integration tests' probe of tracing in the sandbox: each
// subcommand traces, or reaches into, a process, and reports as attack.c
// does:
//
//	<name> ok
//	<name> errno=<N> <strerror>
//
// exiting 0 when the call succeeded and 1 when it failed.
//
//	tracer OP PID       OP on PID (attach, seize, vm-readv, vm-writev,
//	                    pidfd-getfd, kcmp, mem, mem-rw, environ)
//	tracer OP child     OP on a child of its own, which waits in pause()
//	tracer swap NAME    a traced child's getppid turned, at its
//	                    syscall-entry stop, into NAME (unshare-user,
//	                    tiocsti, getpid): the call's result as the child
//	                    got it (x86-64 only; ENOSYS elsewhere)
//	tracer nested OP PID|child
//	                    OP on PID (or a child of its own) from a Landlock domain nested in the
//	                    caller's (one that refuses making block devices
//	                    only): Landlock's ptrace rule alone then stands
//	                    between it and PID, a process of the outer domain
//	tracer suspend-seccomp / seize-sysgood
//	                    PTRACE_SEIZE of a child of its own with
//	                    PTRACE_O_SUSPEND_SECCOMP / PTRACE_O_TRACESYSGOOD
//
// Built with gcc at test time; no dependencies beyond libc.
#define _GNU_SOURCE
#include <errno.h>
#include <linux/landlock.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

#ifndef PTRACE_O_SUSPEND_SECCOMP
#define PTRACE_O_SUSPEND_SECCOMP (1 << 21)
#endif

// secret is at the same address in a forked child: vm-readv reads it there.
static char secret[16] = "child's secret";

// reach does op on pid; -1 with errno when refused.
static long reach(const char *op, pid_t pid) {
	char buf[sizeof secret], path[64];
	struct iovec local = {buf, sizeof buf}, remote = {secret, sizeof buf};
	if (!strcmp(op, "attach")) {
		if (ptrace(PTRACE_ATTACH, pid, 0, 0) < 0)
			return -1;
		waitpid(pid, 0, __WALL);
		return ptrace(PTRACE_DETACH, pid, 0, 0);
	}
	if (!strcmp(op, "seize")) {
		if (ptrace(PTRACE_SEIZE, pid, 0, 0) < 0)
			return -1;
		return ptrace(PTRACE_DETACH, pid, 0, 0) < 0 && errno != ESRCH ? -1 : 0;
	}
	if (!strcmp(op, "vm-readv"))
		return process_vm_readv(pid, &local, 1, &remote, 1, 0);
	if (!strcmp(op, "vm-writev"))
		return process_vm_writev(pid, &remote, 1, &remote, 1, 0);
	if (!strcmp(op, "pidfd-getfd")) {
		long fd = syscall(SYS_pidfd_open, pid, 0);
		if (fd < 0)
			return -1;
		return syscall(SYS_pidfd_getfd, fd, 0, 0);
	}
	if (!strcmp(op, "kcmp")) // KCMP_VM: 0 the same memory, 1 or 2 not
		return syscall(SYS_kcmp, getpid(), pid, 1, 0, 0);
	if (!strcmp(op, "mem") || !strcmp(op, "mem-rw") || !strcmp(op, "environ")) {
		snprintf(path, sizeof path, "/proc/%d/%s", pid, !strcmp(op, "environ") ? "environ" : "mem");
		return open(path, !strcmp(op, "mem-rw") ? O_RDWR : O_RDONLY);
	}
	errno = EINVAL;
	return -1;
}

// pausing forks a child that waits in pause() until killed.
static pid_t pausing(void) {
	pid_t pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	return pid;
}

// swap has a traced child call getppid and turns the call, at its
// syscall-entry stop, into what: seccomp judges the call again after the
// tracer's change (Linux 4.8). The child's result is reported.
static int swap(const char *what) {
#if defined(__x86_64__)
	pid_t pid = fork();
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			_exit(2);
		raise(SIGSTOP);
		syscall(SYS_getppid);
		_exit(0);
	}
	int st;
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st))
		return report(-1);
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL) < 0)
		return report(-1);
	static char c = 'x';
	for (int entry = 1;; entry = !entry) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, 0) < 0 || waitpid(pid, &st, 0) < 0)
			return report(-1);
		if (!WIFSTOPPED(st)) {
			errno = ECHILD;
			return report(-1);
		}
		struct user_regs_struct regs;
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs) < 0)
			return report(-1);
		if (entry && regs.orig_rax == SYS_getppid) {
			if (!strcmp(what, "unshare-user")) {
				regs.orig_rax = SYS_unshare;
				regs.rdi = CLONE_NEWUSER;
			} else if (!strcmp(what, "tiocsti")) {
				regs.orig_rax = SYS_ioctl;
				regs.rdi = 0;
				regs.rsi = TIOCSTI;
				regs.rdx = (unsigned long)&c; // at the same address in the child
			} else if (!strcmp(what, "getpid")) {
				regs.orig_rax = SYS_getpid;
			}
			if (ptrace(PTRACE_SETREGS, pid, 0, &regs) < 0)
				return report(-1);
			if (ptrace(PTRACE_SYSCALL, pid, 0, 0) < 0 || waitpid(pid, &st, 0) < 0 || ptrace(PTRACE_GETREGS, pid, 0, &regs) < 0)
				return report(-1);
			kill(pid, SIGKILL);
			waitpid(pid, 0, 0);
			long r = (long)regs.rax;
			if (r < 0 && r > -4096) {
				errno = (int)-r;
				return report(-1);
			}
			if (!strcmp(what, "getpid") && r != pid) {
				errno = ERANGE;
				return report(-1);
			}
			return report(r);
		}
	}
#else
	(void)what;
	errno = ENOSYS;
	return report(-1);
#endif
}

// nest restricts the process in a Landlock domain of its own below the
// caller's.
static long nest(void) {
	struct landlock_ruleset_attr attr = {.handled_access_fs = LANDLOCK_ACCESS_FS_MAKE_BLOCK};
	long fd = syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
	if (fd < 0)
		return -1;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return syscall(SYS_landlock_restrict_self, fd, 0);
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: tracer OP [PID|child|NAME]\n");
		return 2;
	}
	name = argv[1];
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(name, "swap"))
		return swap(argc > 2 ? argv[2] : "");
	if (!strcmp(name, "suspend-seccomp") || !strcmp(name, "seize-sysgood")) {
		pid_t pid = pausing();
		long opt = !strcmp(name, "suspend-seccomp") ? PTRACE_O_SUSPEND_SECCOMP : PTRACE_O_TRACESYSGOOD;
		int rc = report(ptrace(PTRACE_SEIZE, pid, 0, opt));
		kill(pid, SIGKILL);
		waitpid(pid, 0, 0);
		return rc;
	}
	if (!strcmp(name, "nested") && argc > 3) {
		if (nest() < 0)
			return report(-1);
		name = argv[2];
		if (strcmp(argv[3], "child"))
			return report(reach(name, atoi(argv[3])));
		argv++, argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "tracer %s: which process?\n", name);
		return 2;
	}
	if (!strcmp(argv[2], "child")) {
		pid_t pid = pausing();
		int rc = report(pid < 0 ? -1 : reach(name, pid));
		kill(pid, SIGKILL);
		waitpid(pid, 0, 0);
		return rc;
	}
	return report(reach(name, atoi(argv[2])));
}
