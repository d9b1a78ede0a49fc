// reach is reach_test.go's probe: each subcommand acts once on another
// process by its id, or on a System V IPC object by its key or id, or is the
// legitimate neighbour of such an act, and reports the outcome on stdout as
//
//	<name> ok
//	<name> errno=<N> <strerror>
//
// (the attack probe's format), exiting 0 when the call succeeded and 1 when
// it failed. Arguments are decimal (ids, pids, keys). Built with gcc at test
// time; no dependencies beyond libc.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_CLASS_BE 2
#define IOPRIO_PRIO_VALUE(class, data) (((class) << 13) | (data))
#define KCMP_FILE 0

static long arg(char **argv, int argc, int i) {
	if (i >= argc) {
		fprintf(stderr, "%s: missing argument %d\n", name, i - 1);
		exit(2);
	}
	return strtol(argv[i], NULL, 10);
}

static volatile sig_atomic_t got_sigio;
static volatile char sink;

static void on_sigio(int sig) {
	(void)sig;
	got_sigio = 1;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: reach NAME [ARG...]\n");
		return 2;
	}
	name = argv[1];
	const char *n = name;
	setvbuf(stdout, NULL, _IONBF, 0);

	// Scheduling of another process, or of this one (pid 0).
	if (!strcmp(n, "setpriority")) // WHICH WHO PRIO
		return report(setpriority(arg(argv, argc, 2), arg(argv, argc, 3), arg(argv, argc, 4)));
	if (!strcmp(n, "setaffinity")) { // PID: pin it to the first CPU it may use
		cpu_set_t set;
		if (sched_getaffinity(0, sizeof set, &set) < 0)
			return report(-1);
		int first = 0;
		while (first < CPU_SETSIZE && !CPU_ISSET(first, &set))
			first++;
		CPU_ZERO(&set);
		CPU_SET(first, &set);
		return report(sched_setaffinity(arg(argv, argc, 2), sizeof set, &set));
	}
	if (!strcmp(n, "setscheduler")) { // PID: SCHED_BATCH, which needs no privilege
		struct sched_param p = {0};
		return report(sched_setscheduler(arg(argv, argc, 2), SCHED_BATCH, &p));
	}
	if (!strcmp(n, "ioprio-set")) // WHICH WHO: best effort, lowest priority
		return report(syscall(SYS_ioprio_set, arg(argv, argc, 2), arg(argv, argc, 3), IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 7)));
	if (!strcmp(n, "is-nice")) { // N: is this process's nice value N?
		errno = 0;
		int nice = getpriority(PRIO_PROCESS, 0);
		if (errno == 0 && nice != arg(argv, argc, 2))
			errno = EDOM;
		return report(errno ? -1 : 0);
	}
	if (!strcmp(n, "prlimit-set")) { // PID: lower its RLIMIT_NOFILE soft limit by one
		struct rlimit old, lim;
		pid_t pid = arg(argv, argc, 2);
		if (prlimit(pid, RLIMIT_NOFILE, NULL, &old) < 0)
			return report(-1);
		lim.rlim_cur = old.rlim_cur - 1;
		lim.rlim_max = old.rlim_max;
		return report(prlimit(pid, RLIMIT_NOFILE, &lim, NULL));
	}
	if (!strcmp(n, "prlimit-get")) { // PID
		struct rlimit old;
		return report(prlimit(arg(argv, argc, 2), RLIMIT_NOFILE, NULL, &old));
	}
	if (!strcmp(n, "kcmp-self")) { // are fds 0 and 0 the same file? (0: yes)
		pid_t self = getpid();
		return report(syscall(SYS_kcmp, self, self, KCMP_FILE, 0, 0));
	}
	if (!strcmp(n, "move-pages")) { // PID: where is one of its pages (a query)
		void *page = (void *)0x400000;
		int status;
		return report(syscall(SYS_move_pages, arg(argv, argc, 2), 1, &page, NULL, &status, 0));
	}

	// Signals: by pid, through a pidfd, and by SIGIO to a file's owner.
	if (!strcmp(n, "kill")) // PID: SIGTERM
		return report(kill(arg(argv, argc, 2), SIGTERM));
	if (!strcmp(n, "kill-child")) { // neighbour: a child of its own
		pid_t pid = fork();
		if (pid == 0) {
			pause();
			_exit(0);
		}
		int st;
		if (pid < 0 || kill(pid, SIGTERM) < 0)
			return report(-1);
		if (waitpid(pid, &st, 0) < 0)
			return report(-1);
		return report(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM ? 0 : -1);
	}
	if (!strcmp(n, "pidfd-open")) // PID
		return report(syscall(SYS_pidfd_open, arg(argv, argc, 2), 0));
	if (!strcmp(n, "pidfd-kill")) { // PID: SIGTERM through a pidfd
		long fd = syscall(SYS_pidfd_open, arg(argv, argc, 2), 0);
		if (fd < 0)
			return report(-1);
		return report(syscall(SYS_pidfd_send_signal, fd, SIGTERM, NULL, 0));
	}
	if (!strcmp(n, "pidfd-getfd")) { // PID: its stdin
		long fd = syscall(SYS_pidfd_open, arg(argv, argc, 2), 0);
		if (fd < 0)
			return report(-1);
		return report(syscall(SYS_pidfd_getfd, fd, 0, 0));
	}
	if (!strcmp(n, "pidfd-ns")) { // PID: its mount namespace, through a pidfd (PIDFD_GET_MNT_NAMESPACE, Linux 6.11)
		long fd = syscall(SYS_pidfd_open, arg(argv, argc, 2), 0);
		if (fd < 0)
			return report(-1);
		return report(ioctl(fd, _IO(0xFF, 3), 0));
	}
	if (!strcmp(n, "sigio")) { // PID, or 0 for this process: make a pipe signal it
		pid_t pid = arg(argv, argc, 2);
		int p[2];
		signal(SIGIO, on_sigio);
		if (pipe(p) < 0 || fcntl(p[0], F_SETOWN, pid ? pid : getpid()) < 0 ||
		    fcntl(p[0], F_SETFL, O_ASYNC | O_NONBLOCK) < 0 || write(p[1], "x", 1) != 1)
			return report(-1);
		if (pid)
			return report(0); // the victim's survival is the verdict
		for (int i = 0; i < 100 && !got_sigio; i++)
			usleep(10000);
		if (!got_sigio)
			errno = ETIMEDOUT;
		return report(got_sigio ? 0 : -1);
	}

	// Another process's memory and environment.
	if (!strcmp(n, "open")) // PATH
		return report(open(argc > 2 ? argv[2] : "", O_RDONLY));
	if (!strcmp(n, "read")) { // PATH: open and read a byte
		char c;
		int fd = open(argc > 2 ? argv[2] : "", O_RDONLY);
		if (fd < 0)
			return report(-1);
		return report(read(fd, &c, 1));
	}

	// System V IPC: by key, by id, and of its own.
	if (!strcmp(n, "shmget")) // KEY
		return report(shmget(arg(argv, argc, 2), 0, 0));
	if (!strcmp(n, "shmat")) { // ID: attach and read a byte
		void *p = shmat(arg(argv, argc, 2), NULL, SHM_RDONLY);
		if (p == (void *)-1)
			return report(-1);
		sink = *(volatile char *)p;
		return report(shmdt(p));
	}
	if (!strcmp(n, "shmctl-rmid")) // ID
		return report(shmctl(arg(argv, argc, 2), IPC_RMID, NULL));
	if (!strcmp(n, "shm-private")) { // a segment of its own
		int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		if (id < 0)
			return report(-1);
		shmctl(id, IPC_RMID, NULL);
		return report(0);
	}
	if (!strcmp(n, "sysv-own")) { // KEY: a segment, a queue and a semaphore set of its own, keys KEY to KEY+2, used, and left for the run's end
		key_t k = (key_t)arg(argv, argc, 2);
		int shm = shmget(k, 4096, IPC_CREAT | IPC_EXCL | 0600);
		if (shm < 0)
			return report(-1);
		char *w = shmat(shm, NULL, 0), *r = shmat(shm, NULL, SHM_RDONLY);
		if (w == (void *)-1 || r == (void *)-1)
			return report(-1);
		strcpy(w, "own");
		if (strcmp(r, "own") != 0) { // a second attachment sees the write
			errno = EIO;
			return report(-1);
		}
		shmdt(r);
		shmdt(w);
		int msq = msgget(k + 1, IPC_CREAT | IPC_EXCL | 0600);
		if (msq < 0)
			return report(-1);
		struct {
			long type;
			char text[8];
		} m = {1, "own"}, got = {0, ""};
		if (msgsnd(msq, &m, sizeof m.text, IPC_NOWAIT) < 0 || msgrcv(msq, &got, sizeof got.text, 0, IPC_NOWAIT) < 0 ||
		    msgsnd(msq, &m, sizeof m.text, IPC_NOWAIT) < 0)
			return report(-1);
		if (strcmp(got.text, "own") != 0) {
			errno = EIO;
			return report(-1);
		}
		int sem = semget(k + 2, 1, IPC_CREAT | IPC_EXCL | 0600);
		if (sem < 0)
			return report(-1);
		struct sembuf up = {0, 1, 0}, down = {0, -1, IPC_NOWAIT};
		if (semop(sem, &up, 1) < 0 || semop(sem, &down, 1) < 0 || semop(sem, &up, 1) < 0)
			return report(-1);
		if (semctl(sem, 0, GETVAL) != 1) {
			errno = EIO;
			return report(-1);
		}
		return report(0);
	}
	if (!strcmp(n, "msgget")) // KEY
		return report(msgget(arg(argv, argc, 2), 0));
	if (!strcmp(n, "msgsnd")) { // ID
		struct {
			long type;
			char text[8];
		} m = {1, "inject"};
		return report(msgsnd(arg(argv, argc, 2), &m, sizeof m.text, IPC_NOWAIT));
	}
	if (!strcmp(n, "semget")) // KEY
		return report(semget(arg(argv, argc, 2), 0, 0));
	if (!strcmp(n, "semop")) { // ID: take the first semaphore
		struct sembuf op = {0, -1, IPC_NOWAIT};
		return report(semop(arg(argv, argc, 2), &op, 1));
	}
	if (!strcmp(n, "posix-shm")) { // neighbour: POSIX shared memory in /dev/shm
		char path[64];
		snprintf(path, sizeof path, "/mewsandbox-reach-%d", (int)getpid());
		int fd = shm_open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			return report(-1);
		shm_unlink(path);
		if (ftruncate(fd, 4096) < 0)
			return report(-1);
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		return report(p == MAP_FAILED ? -1 : 0);
	}
	if (!strcmp(n, "memfd")) { // neighbour: anonymous shared memory
		int fd = memfd_create("reach", MFD_CLOEXEC);
		if (fd < 0 || ftruncate(fd, 4096) < 0)
			return report(-1);
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		return report(p == MAP_FAILED ? -1 : 0);
	}
	if (!strcmp(n, "mq-open")) { // NAME (with its leading slash)
		mqd_t q = mq_open(argc > 2 ? argv[2] : "", O_WRONLY | O_NONBLOCK);
		if (q == (mqd_t)-1)
			return report(-1);
		return report(mq_send(q, "inject", 6, 0));
	}
	if (!strcmp(n, "open-tree-attr")) { // PATH: a clone of its mounts, read-only cleared
		// open_tree_attr (Linux 6.15, number 467 on every architecture
		// but alpha and MIPS): OPEN_TREE_CLONE | AT_RECURSIVE, with a
		// struct mount_attr whose attr_clr is MOUNT_ATTR_RDONLY.
		unsigned long long attr[4] = {0, 1, 0, 0};
		long fd = syscall(467, AT_FDCWD, argc > 2 ? argv[2] : ".", 1 | 0x8000, attr, sizeof attr);
		return report(fd < 0 ? -1 : 0);
	}
	if (!strcmp(n, "mq-unlink")) { // NAME: remove a queue
		return report(mq_unlink(argc > 2 ? argv[2] : ""));
	}
	if (!strcmp(n, "mq-create")) { // NAME: make a queue
		mqd_t q = mq_open(argc > 2 ? argv[2] : "", O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
		return report(q == (mqd_t)-1 ? -1 : 0);
	}

	fprintf(stderr, "reach: unknown probe %s\n", n);
	return 2;
}
