// archhelper is run under a loaded filter by the seccomp tests; each mode
// makes one kind of system call and prints what came back.
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "i386")) {
		// getpid through the 32-bit entry point: AUDIT_ARCH_I386, call 20.
		long ret = 20;
		__asm__ volatile("int $0x80" : "+a"(ret) : : "r8", "r9", "r10", "r11", "memory");
		printf("i386 getpid = %ld\n", ret);
		return 0;
	}
	if (!strcmp(argv[1], "x32")) {
		// getpid with the x32 bit: AUDIT_ARCH_X86_64, call 0x40000000|39.
		long ret = syscall(0x40000000 | SYS_getpid);
		printf("x32 getpid = %ld (errno %d)\n", ret, ret < 0 ? errno : 0);
		return 0;
	}
	if (!strcmp(argv[1], "spawn")) {
		// glibc's posix_spawn tries clone3 first and falls back to clone.
		pid_t pid;
		char *args[] = {"true", NULL};
		int err = posix_spawn(&pid, "/bin/true", NULL, NULL, args, environ);
		if (err) {
			printf("posix_spawn: %s\n", strerror(err));
			return 1;
		}
		int status;
		waitpid(pid, &status, 0);
		printf("spawned, exit %d\n", WEXITSTATUS(status));
		return 0;
	}
	return 2;
}
