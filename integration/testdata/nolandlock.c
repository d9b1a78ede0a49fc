// nolandlock runs a command on a simulated kernel without Landlock: it
// installs a seccomp filter that answers the three Landlock system calls
// with ENOSYS (what a kernel built without Landlock says) and execs its
// arguments. Used by the integration tests of strict and best-effort runs
// (ANCHOR case 48).
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

// The Landlock system calls have the same numbers on every architecture.
#define NR_landlock_create_ruleset 444
#define NR_landlock_add_rule 445
#define NR_landlock_restrict_self 446

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: nolandlock CMD [ARG...]\n");
		return 2;
	}
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_landlock_create_ruleset, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_landlock_add_rule, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_landlock_restrict_self, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
	};
	struct sock_fprog prog = {.len = sizeof f / sizeof f[0], .filter = f};
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0) {
		perror("nolandlock: seccomp");
		return 3;
	}
	execvp(argv[1], argv + 1);
	perror("nolandlock: exec");
	return 127;
}
