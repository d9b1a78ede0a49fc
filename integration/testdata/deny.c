// deny runs a command with one system call refused: it installs a seccomp
// filter that answers system call NR with errno ERRNO and execs the rest of
// its arguments. Usage: deny NR ERRNO CMD [ARG...]. The integration tests
// use it to make one step of the sandbox's set-up fail.
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc < 4) {
		fprintf(stderr, "usage: deny NR ERRNO CMD [ARG...]\n");
		return 2;
	}
	unsigned nr = (unsigned)atoi(argv[1]), err = (unsigned)atoi(argv[2]);
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA)),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {sizeof f / sizeof f[0], f};
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("deny: seccomp");
		return 1;
	}
	execvp(argv[3], argv + 3);
	perror("deny: exec");
	return 127;
}
