// attack is the integration tests' probe: each subcommand makes one system
// call (or a short sequence) the sandbox must refuse, or its legitimate
// neighbour that it must allow, and reports the outcome on stdout as
//
//	<name> ok
//	<name> errno=<N> <strerror>
//
// exiting 0 when the call succeeded and 1 when it failed, so that a test
// can assert the exact errno (EPERM from seccomp, EACCES from Landlock …).
// Built with gcc at test time; no dependencies beyond libc.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <ifaddrs.h>
#include <linux/bpf.h>
#include <linux/fs.h>
#include <linux/io_uring.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <netinet/in.h>
#include <poll.h>
#include <pty.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/sendfile.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

static int port_arg(char **argv, int argc, int i) {
	if (i >= argc) {
		fprintf(stderr, "%s: missing argument\n", name);
		exit(2);
	}
	return atoi(argv[i]);
}

// str_arg returns argument i, or exits 2 when it is missing.
static const char *str_arg(char **argv, int argc, int i) {
	if (i >= argc) {
		fprintf(stderr, "%s: missing argument\n", name);
		exit(2);
	}
	return argv[i];
}

static int tcp_socket(void) { return socket(AF_INET, SOCK_STREAM, 0); }

static struct sockaddr_in loopback(int port) {
	struct sockaddr_in a;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons(port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

// unix_addr fills a with a pathname socket's address, or an abstract one's
// when the name starts with '@', and returns its length.
static socklen_t unix_addr(struct sockaddr_un *a, const char *path) {
	memset(a, 0, sizeof *a);
	a->sun_family = AF_UNIX;
	if (path[0] == '@') {
		strncpy(a->sun_path + 1, path + 1, sizeof a->sun_path - 2);
		return offsetof(struct sockaddr_un, sun_path) + 1 + strlen(path + 1);
	}
	strncpy(a->sun_path, path, sizeof a->sun_path - 1);
	return sizeof *a;
}

// unix_connect connects to a pathname socket, or an abstract one when the
// name starts with '@', and sends "hello".
static int unix_connect(const char *path) {
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return report(-1);
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, path);
	if (connect(fd, (struct sockaddr *)&a, len) < 0)
		return report(-1);
	return report(write(fd, "hello", 5));
}

// ring_truncate drives an io_uring ring the caller made with a polling
// thread (IORING_SETUP_SQPOLL) through its shared memory alone, no
// io_uring_enter: an IORING_OP_FTRUNCATE of descriptor target, which the
// ring's thread looks up in its creator's table, outside the sandbox. The
// ring's parameters are read from params.bin, as the caller wrote them.
static int ring_truncate(int ring, int target) {
	struct io_uring_params p;
	int pf = open("params.bin", O_RDONLY);
	if (pf < 0 || read(pf, &p, sizeof p) != sizeof p)
		return report(-1);
	size_t sqsz = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	size_t cqsz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (cqsz > sqsz)
		sqsz = cqsz; // IORING_FEAT_SINGLE_MMAP: one mapping for both
	char *sq = mmap(0, sqsz, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
	struct io_uring_sqe *sqes = mmap(0, p.sq_entries * sizeof *sqes, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQES);
	if (sq == MAP_FAILED || sqes == MAP_FAILED)
		return report(-1);
	unsigned *tail = (unsigned *)(sq + p.sq_off.tail), *array = (unsigned *)(sq + p.sq_off.array);
	unsigned t = *tail, i = t & *(unsigned *)(sq + p.sq_off.ring_mask);
	memset(&sqes[i], 0, sizeof sqes[i]);
	sqes[i].opcode = 55; // IORING_OP_FTRUNCATE (Linux 6.9), length 0
	sqes[i].fd = target;
	array[i] = i;
	__atomic_store_n(tail, t + 1, __ATOMIC_RELEASE);
	unsigned *head = (unsigned *)(sq + p.cq_off.head), *ctail = (unsigned *)(sq + p.cq_off.tail);
	struct io_uring_cqe *cqes = (struct io_uring_cqe *)(sq + p.cq_off.cqes);
	for (int n = 0; n < 2000; n++) { // up to 2 s
		if (*head != __atomic_load_n(ctail, __ATOMIC_ACQUIRE)) {
			int res = cqes[*head & *(unsigned *)(sq + p.cq_off.ring_mask)].res;
			errno = res < 0 ? -res : 0;
			return report(res);
		}
		usleep(1000);
	}
	errno = ETIMEDOUT;
	return report(-1);
}

static volatile sig_atomic_t got_urg;
static void on_urg(int sig) {
	(void)sig;
	got_urg = 1;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: attack NAME [ARG]\n");
		return 2;
	}
	name = argv[1];
	const char *n = name;
	setvbuf(stdout, NULL, _IONBF, 0);

	// Other processes.
	if (!strcmp(n, "ptrace-attach")) // ARG: pid
		return report(ptrace(PTRACE_ATTACH, port_arg(argv, argc, 2), 0, 0));
	if (!strcmp(n, "ptrace-traceme"))
		return report(ptrace(PTRACE_TRACEME, 0, 0, 0));
	if (!strcmp(n, "open-mem-rw") || !strcmp(n, "open-mem-ro")) { // ARG: pid or "self"
		char p[64];
		snprintf(p, sizeof p, "/proc/%s/mem", argc > 2 ? argv[2] : "self");
		return report(open(p, !strcmp(n, "open-mem-rw") ? O_RDWR : O_RDONLY));
	}
	if (!strcmp(n, "vm-writev") || !strcmp(n, "vm-readv")) { // ARG: pid
		static char buf[8];
		struct iovec local = {buf, sizeof buf}, remote = {(void *)0x400000, sizeof buf};
		pid_t pid = port_arg(argv, argc, 2);
		if (!strcmp(n, "vm-writev"))
			return report(process_vm_writev(pid, &local, 1, &remote, 1, 0));
		return report(process_vm_readv(pid, &local, 1, &remote, 1, 0));
	}
	if (!strcmp(n, "kill")) // ARG: pid; SIGTERM
		return report(kill(port_arg(argv, argc, 2), SIGTERM));
	if (!strcmp(n, "kill-all")) // ARG: signal number; kill(-1): every process it may signal
		return report(kill(-1, port_arg(argv, argc, 2)));
	if (!strcmp(n, "robust-list")) { // ARG: pid; another thread's robust futex list, a ptrace-checked read
		void *head;
		size_t len;
		return report(syscall(SYS_get_robust_list, port_arg(argv, argc, 2), &head, &len));
	}
	if (!strcmp(n, "sigurg")) { // ARG: pid (0: itself); urgent data on a unix socket signals its owner
		int sv[2], pid = port_arg(argv, argc, 2);
		signal(SIGURG, on_urg);
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
			return report(-1);
		if (fcntl(sv[1], F_SETOWN, pid ? pid : getpid()) < 0)
			return report(-1);
		if (send(sv[0], "!", 1, MSG_OOB) != 1)
			return report(-1);
		if (pid)
			return report(0); // the victim is the verdict
		for (int i = 0; i < 100 && !got_urg; i++)
			usleep(10000);
		if (!got_urg)
			errno = ETIMEDOUT;
		return report(got_urg ? 0 : -1);
	}
	if (!strcmp(n, "fork-wait")) { // neighbour: a plain child, reaped
		pid_t pid = fork();
		if (pid == 0)
			_exit(7);
		int st;
		if (pid < 0 || waitpid(pid, &st, 0) < 0)
			return report(-1);
		return report(WIFEXITED(st) && WEXITSTATUS(st) == 7 ? 0 : -1);
	}

	if (!strcmp(n, "chain")) { // ARG: depth; the rest a marker for the test
		// A chain of processes, each a session of its own and the
		// parent of the next, pausing for good: the sandbox must end
		// them all with the run. The command returns once the last is
		// there.
		int depth = argc > 2 ? atoi(argv[2]) : 1, built[2];
		if (pipe(built) < 0)
			return report(-1);
		for (int i = 0; i < depth; i++) {
			pid_t pid = fork();
			if (pid < 0)
				return report(-1);
			if (pid > 0 && i == 0) {
				char c;
				close(built[1]);
				return report(read(built[0], &c, 1) == 1 ? 0 : -1);
			}
			if (pid > 0)
				for (;;)
					pause();
			setsid();
		}
		(void)!write(built[1], "x", 1);
		for (;;)
			pause();
	}

	// Namespaces, mounts, root.
	if (!strcmp(n, "unshare-user"))
		return report(unshare(CLONE_NEWUSER));
	if (!strcmp(n, "unshare-mount"))
		return report(unshare(CLONE_NEWNS));
	if (!strcmp(n, "clone-newpid")) {
		long pid = syscall(SYS_clone, CLONE_NEWPID | SIGCHLD, 0, 0, 0, 0);
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return report(pid);
	}
	if (!strcmp(n, "clone3")) {
		struct {
			unsigned long long flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls;
		} args = {.exit_signal = SIGCHLD};
		long pid = syscall(SYS_clone3, &args, sizeof args);
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return report(pid);
	}
	if (!strcmp(n, "setns")) { // [ARG: a namespace's file, /proc/self/ns/mnt unless given]
		int fd = open(argc > 2 ? argv[2] : "/proc/self/ns/mnt", O_RDONLY);
		if (fd < 0)
			return report(-1);
		return report(setns(fd, 0));
	}
	if (!strcmp(n, "setsid")) // neighbour: a new session is no namespace
		return report(setsid());
	if (!strcmp(n, "setsid-tty")) { // a session of its own has no terminal: /dev/tty is none
		if (setsid() < 0 && errno != EPERM)
			return report(-1);
		return report(open("/dev/tty", O_RDWR));
	}
	if (!strcmp(n, "mount-tmpfs")) // ARG: dir
		return report(mount("none", argc > 2 ? argv[2] : ".", "tmpfs", 0, NULL));
	if (!strcmp(n, "fsopen"))
		return report(syscall(SYS_fsopen, "tmpfs", 0));
	if (!strcmp(n, "statfs")) {
		struct statfs s;
		return report(statfs("/", &s));
	}
	if (!strcmp(n, "chroot"))
		return report(chroot("."));
	if (!strcmp(n, "chdir"))
		return report(chdir("/"));

	// The layer's own mounts, a read-only bind such as .git/hooks named by
	// ARG: made in the command's user namespace when the runner is not
	// root, they are that namespace's to undo for whoever holds
	// CAP_SYS_ADMIN there. Each is seccomp's to refuse (EPERM).
	if (!strcmp(n, "umount-detach")) // ARG: mount point; lazily unmounted
		return report(umount2(str_arg(argv, argc, 2), MNT_DETACH));
	if (!strcmp(n, "remount-rw")) // ARG: mount point; its bind remounted without MS_RDONLY
		return report(mount(NULL, str_arg(argv, argc, 2), NULL, MS_REMOUNT | MS_BIND, NULL));
	if (!strcmp(n, "mount-move")) // ARGS: mount point, where to
		return report(mount(str_arg(argv, argc, 2), str_arg(argv, argc, 3), NULL, MS_MOVE, NULL));
	if (!strcmp(n, "mount-bind")) // ARGS: from, mount point; a writable bind over it
		return report(mount(str_arg(argv, argc, 2), str_arg(argv, argc, 3), NULL, MS_BIND, NULL));
	if (!strcmp(n, "open-tree-clone")) // ARG: path; a detached copy of its mount (Linux 5.2, 428)
		return report(syscall(428, AT_FDCWD, str_arg(argv, argc, 2), 1 /* OPEN_TREE_CLONE */ | O_CLOEXEC));
	if (!strcmp(n, "move-mount")) // ARGS: mount point, where to (429)
		return report(syscall(429, AT_FDCWD, str_arg(argv, argc, 2), AT_FDCWD, str_arg(argv, argc, 3), 0));
	if (!strcmp(n, "fspick")) // ARG: mount point; its superblock's context, to reconfigure (433)
		return report(syscall(433, AT_FDCWD, str_arg(argv, argc, 2), 0));
	if (!strcmp(n, "mount-setattr-rw")) { // ARG: mount point; MOUNT_ATTR_RDONLY cleared (Linux 5.12, 442)
		struct { uint64_t attr_set, attr_clr, propagation, userns_fd; } a = {0, 1 /* MOUNT_ATTR_RDONLY */, 0, 0};
		return report(syscall(442, AT_FDCWD, str_arg(argv, argc, 2), 0, &a, sizeof a));
	}
	if (!strcmp(n, "pivot-root")) // ARGS: new root, where the old one goes
		return report(syscall(SYS_pivot_root, str_arg(argv, argc, 2), str_arg(argv, argc, 3)));

	// Identities: in a user namespace that maps only the runner's user,
	// no other id exists to take or give (EINVAL).
	if (!strcmp(n, "setuid")) // ARG: uid
		return report(setuid(port_arg(argv, argc, 2)));
	if (!strcmp(n, "setgid")) // ARG: gid
		return report(setgid(port_arg(argv, argc, 2)));
	if (!strcmp(n, "setgroups")) // no supplementary groups at all
		return report(setgroups(0, NULL));
	if (!strcmp(n, "chown")) // ARGS: path uid gid
		return report(chown(str_arg(argv, argc, 2), port_arg(argv, argc, 3), port_arg(argv, argc, 4)));

	// The kernel.
	if (!strcmp(n, "io_uring_setup")) {
		char params[120] = {0}; // struct io_uring_params
		return report(syscall(SYS_io_uring_setup, 1, params));
	}
	if (!strcmp(n, "io_uring_enter")) // fd 99: EBADF without the filter
		return report(syscall(SYS_io_uring_enter, 99, 1, 0, 0, NULL, 0));
	if (!strcmp(n, "read-badfd")) // neighbour: the errno fd 99 gets when nothing filters
		return report(read(99, NULL, 0));
	if (!strcmp(n, "epoll")) // neighbour of io_uring: classic async I/O
		return report(syscall(SYS_epoll_create1, 0));
	if (!strcmp(n, "bpf")) {
		union bpf_attr attr;
		memset(&attr, 0, sizeof attr);
		attr.map_type = BPF_MAP_TYPE_ARRAY;
		attr.key_size = 4;
		attr.value_size = 4;
		attr.max_entries = 1;
		return report(syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr));
	}
	if (!strcmp(n, "perf_event_open")) {
		struct perf_event_attr attr;
		memset(&attr, 0, sizeof attr);
		attr.type = PERF_TYPE_SOFTWARE;
		attr.size = sizeof attr;
		attr.config = PERF_COUNT_SW_TASK_CLOCK;
		return report(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
	}
	if (!strcmp(n, "userfaultfd"))
		return report(syscall(SYS_userfaultfd, 0));
	if (!strcmp(n, "keyctl")) // KEYCTL_GET_KEYRING_ID of the session keyring
		return report(syscall(SYS_keyctl, 0, -3, 0));
	if (!strcmp(n, "add_key"))
		return report(syscall(SYS_add_key, "user", "mewsandbox-test", "x", 1, -3));
	if (!strcmp(n, "getrandom")) { // neighbour of keyctl: key material from the kernel
		char b[16];
		return report(syscall(SYS_getrandom, b, sizeof b, 0));
	}
	if (!strcmp(n, "prctl-seccomp")) // neighbour: prctl itself works; prints the mode
		return report(prctl(PR_GET_SECCOMP) == 2 ? 0 : -1);
	if (!strcmp(n, "mknod-char")) // ARG: path
		return report(mknod(argc > 2 ? argv[2] : "d", S_IFCHR | 0600, makedev(1, 3)));
	if (!strcmp(n, "mkfifo")) // ARG: path
		return report(mkfifo(argc > 2 ? argv[2] : "p", 0600));
	// A file system's freeze, thaw and shutdown (ext4's, xfs's and f2fs's
	// 'X' 125), on a tmpfs only, which has neither: unfiltered, with
	// CAP_SYS_ADMIN, they fail there (EOPNOTSUPP, EINVAL, ENOTTY) and
	// change nothing. Anywhere else the probe refuses to run.
	if (!strcmp(n, "fifreeze") || !strcmp(n, "fithaw") || !strcmp(n, "fs-shutdown") || !strcmp(n, "fs-getflags")) { // ARG: a directory on a tmpfs
		int fd = open(argc > 2 ? argv[2] : ".", O_RDONLY | O_DIRECTORY);
		struct statfs sf;
		if (fd < 0 || fstatfs(fd, &sf) != 0 || sf.f_type != 0x01021994) { // TMPFS_MAGIC
			printf("%s skipped: not a tmpfs\n", n);
			return 2;
		}
		unsigned long req = 0xc0045877; // FIFREEZE
		if (!strcmp(n, "fithaw"))
			req = 0xc0045878;
		if (!strcmp(n, "fs-shutdown"))
			req = 0x8004587d;
		int flags = 0;
		if (!strcmp(n, "fs-getflags")) // neighbour: lsattr's request
			return report(ioctl(fd, FS_IOC_GETFLAGS, &flags));
		return report(ioctl(fd, req, &flags));
	}

	// Terminal injection, on a pseudo-terminal of our own so the call
	// would succeed unfiltered.
	if (!strcmp(n, "tiocsti") || !strcmp(n, "tiocsti-high") || !strcmp(n, "tiocgwinsz") || !strcmp(n, "tiocexcl") || !strcmp(n, "tiocsetd") ||
	    !strcmp(n, "tcooff") || !strcmp(n, "tiocgptpeer") || !strcmp(n, "openpty") || !strcmp(n, "kdskbmode") ||
	    !strcmp(n, "tioccons") || !strcmp(n, "tiocsctty")) {
		int fd = open_pty();
		char c = '\n';
		if (!strcmp(n, "tiocgwinsz")) {
			struct winsize ws;
			return report(ioctl(fd, TIOCGWINSZ, &ws));
		}
		if (!strcmp(n, "tiocexcl")) // exclusive mode outlives the run: no one else opens the terminal
			return report(ioctl(fd, TIOCEXCL));
		if (!strcmp(n, "tiocsetd")) { // N_NULL outlives the run: the terminal swallows everything
			int ldisc = 27;
			return report(ioctl(fd, TIOCSETD, &ldisc));
		}
		if (!strcmp(n, "tcooff")) // stopped output outlives the run; ^Q does not restart it
			return report(tcflow(fd, TCOOFF));
		if (!strcmp(n, "tioccons")) // console output redirected to this terminal: CAP_SYS_ADMIN
			return report(ioctl(fd, TIOCCONS));
		if (!strcmp(n, "tiocsctty")) { // neighbour: a terminal of its own as its controlling one
			if (setsid() < 0 && errno != EPERM)
				return report(-1);
			return report(ioctl(fd, TIOCSCTTY, 0));
		}
		if (!strcmp(n, "kdskbmode")) // on a console, K_OFF would leave the keyboard dead after the run
			return report(ioctl(fd, 0x4b45, 4));
		if (!strcmp(n, "tiocgptpeer")) { // a master's terminal, opened where the master was made
			int m = posix_openpt(O_RDWR | O_NOCTTY);
			if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0)
				return report(-1);
			return report(ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY));
		}
		if (!strcmp(n, "openpty")) { // neighbour: the C library's openpty falls back to the terminal's name
			int m, s;
			return report(openpty(&m, &s, NULL, NULL, NULL));
		}
		unsigned long req = TIOCSTI;
		if (!strcmp(n, "tiocsti-high"))
			req |= 1UL << 32; // the kernel truncates the request to 32 bits
		return report(syscall(SYS_ioctl, fd, req, &c));
	}

	// Network. Ports are TCP/UDP ports on 127.0.0.1.
	if (!strcmp(n, "socket-inet"))
		return report(tcp_socket());
	if (!strcmp(n, "socket-udp"))
		return report(socket(AF_INET, SOCK_DGRAM, 0));
	if (!strcmp(n, "socket-unix"))
		return report(socket(AF_UNIX, SOCK_STREAM, 0));
	if (!strcmp(n, "pair-sendto-unix")) { // ARG: path; a datagram socketpair's end sends to a pathname socket
		int sv[2];
		struct sockaddr_un a = {.sun_family = AF_UNIX};
		if (argc < 3 || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0)
			return report(-1);
		strncpy(a.sun_path, argv[2], sizeof a.sun_path - 1);
		return report(sendto(sv[0], "escaped", 7, 0, (struct sockaddr *)&a, sizeof a));
	}
	if (!strcmp(n, "socketpair-dgram")) { // the neighbour: a datagram between a pair's ends
		int sv[2];
		char b[2] = {0};
		if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0 || write(sv[0], "x", 1) != 1 || read(sv[1], b, 1) != 1 || b[0] != 'x')
			return report(-1);
		return report(0);
	}
	if (!strcmp(n, "socketpair")) {
		int sv[2];
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
			return report(-1);
		char b[2] = {0};
		if (write(sv[0], "x", 1) != 1 || read(sv[1], b, 1) != 1 || b[0] != 'x')
			return report(-1);
		return report(0);
	}
	if (!strcmp(n, "pair-bind-abstract")) { // ARG: name; a stream pair's end takes an abstract name
		int sv[2];
		struct sockaddr_un a = {.sun_family = AF_UNIX};
		if (argc < 3 || strlen(argv[2]) >= sizeof a.sun_path - 1 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
			return report(-1);
		memcpy(a.sun_path + 1, argv[2], strlen(argv[2]));
		return report(bind(sv[0], (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 1 + strlen(argv[2])));
	}
	if (!strcmp(n, "tcp-connect")) { // ARG: port; sends "hello"
		struct sockaddr_in a = loopback(port_arg(argv, argc, 2));
		int fd = tcp_socket();
		if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0)
			return report(-1);
		return report(write(fd, "hello", 5));
	}
	if (!strcmp(n, "tcp-fastopen")) { // ARG: port; sends "fastopen" with the SYN
		struct sockaddr_in a = loopback(port_arg(argv, argc, 2));
		int fd = tcp_socket();
		if (fd < 0)
			return report(-1);
		return report(sendto(fd, "fastopen", 8, MSG_FASTOPEN, (struct sockaddr *)&a, sizeof a));
	}
	if (!strcmp(n, "tcp-bind")) { // ARG: port; binds and listens
		struct sockaddr_in a = loopback(port_arg(argv, argc, 2));
		int fd = tcp_socket();
		int one = 1;
		if (fd < 0)
			return report(-1);
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0)
			return report(-1);
		return report(listen(fd, 1));
	}
	if (!strcmp(n, "udp-send")) { // ARG: port
		struct sockaddr_in a = loopback(port_arg(argv, argc, 2));
		int fd = socket(AF_INET, SOCK_DGRAM, 0);
		if (fd < 0)
			return report(-1);
		return report(sendto(fd, "hello", 5, 0, (struct sockaddr *)&a, sizeof a));
	}
	if (!strcmp(n, "netlink")) // ARG: protocol (0 NETLINK_ROUTE, 4 NETLINK_SOCK_DIAG, 15 NETLINK_KOBJECT_UEVENT …)
		return report(socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, argc > 2 ? atoi(argv[2]) : 0));
	if (!strcmp(n, "ifaces")) { // the interfaces getifaddrs lists (netlink), one line: "ifaces lo eth0 …"
		struct ifaddrs *all;
		if (getifaddrs(&all) < 0)
			return report(-1);
		printf("ifaces");
		for (struct ifaddrs *i = all; i; i = i->ifa_next)
			if (i->ifa_addr && i->ifa_addr->sa_family == AF_PACKET)
				printf(" %s", i->ifa_name);
		printf("\n");
		return 0;
	}
	if (!strcmp(n, "unix-connect")) // ARG: path, or @name for an abstract socket
		return unix_connect(argc > 2 ? argv[2] : "");
	if (!strcmp(n, "unix-listen")) { // ARG: path, or @name; listens, says ok, then waits for a connection or stdin's end
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		struct sockaddr_un a;
		socklen_t len = unix_addr(&a, argc > 2 ? argv[2] : "");
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, len) < 0 || listen(fd, 1) < 0)
			return report(-1);
		report(0);
		fflush(stdout);
		struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = 0, .events = POLLIN}};
		if (poll(p, 2, 30000) > 0 && (p[0].revents & POLLIN)) {
			char b[8] = {0};
			int c = accept(fd, NULL, NULL);
			if (c >= 0 && read(c, b, sizeof b - 1) > 0)
				printf("accepted %s\n", b);
		}
		return 0;
	}
	if (!strcmp(n, "unix-self")) { // ARG: path, or @name; a server and its client in the sandbox talk
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		struct sockaddr_un a;
		socklen_t len = unix_addr(&a, argc > 2 ? argv[2] : "");
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, len) < 0 || listen(fd, 1) < 0)
			return report(-1);
		pid_t pid = fork();
		if (pid == 0) {
			int c = socket(AF_UNIX, SOCK_STREAM, 0);
			_exit(c < 0 || connect(c, (struct sockaddr *)&a, len) < 0 || write(c, "x", 1) != 1);
		}
		int c = accept(fd, NULL, NULL), st = 0;
		char b[2] = {0};
		if (c < 0 || read(c, b, 1) != 1 || b[0] != 'x' || waitpid(pid, &st, 0) != pid || st != 0)
			return report(-1);
		return report(0);
	}

	// A socket the command inherited (stdio, --pass-fd): ARG 2 its number.
	if (!strcmp(n, "fd-write")) // ARG: fd text; the neighbour: a line to the socket's own peer
		return report(argc > 3 ? dprintf(port_arg(argv, argc, 2), "%s\n", argv[3]) : -1);
	if (!strcmp(n, "fd-fastopen") || !strcmp(n, "fd-fastopen-msg")) { // ARGS: fd port; disconnects, then sends "fastopen" with a SYN
		int fd = port_arg(argv, argc, 2);
		struct sockaddr_in a = loopback(port_arg(argv, argc, 3));
		struct sockaddr unspec = {.sa_family = AF_UNSPEC};
		if (connect(fd, &unspec, sizeof unspec) < 0)
			return report(-1);
		if (!strcmp(n, "fd-fastopen"))
			return report(sendto(fd, "fastopen", 8, MSG_FASTOPEN, (struct sockaddr *)&a, sizeof a));
		struct iovec iov = {.iov_base = "fastopen", .iov_len = 8};
		struct msghdr m = {.msg_name = &a, .msg_namelen = sizeof a, .msg_iov = &iov, .msg_iovlen = 1};
		return report(sendmsg(fd, &m, MSG_FASTOPEN));
	}
	if (!strcmp(n, "fd-connect")) { // ARGS: fd port; disconnects, then connects
		int fd = port_arg(argv, argc, 2);
		struct sockaddr_in a = loopback(port_arg(argv, argc, 3));
		struct sockaddr unspec = {.sa_family = AF_UNSPEC};
		if (connect(fd, &unspec, sizeof unspec) < 0)
			return report(-1);
		return report(connect(fd, (struct sockaddr *)&a, sizeof a));
	}
	if (!strcmp(n, "fd-uring-truncate")) // ARGS: ring target; the caller's descriptor target truncated through its ring
		return ring_truncate(port_arg(argv, argc, 2), port_arg(argv, argc, 3));
	if (!strcmp(n, "fd-pwrite")) { // ARGS: fd offset text; text written at offset (hex with 0x)
		if (argc < 5)
			return report(-1);
		return report(pwrite(port_arg(argv, argc, 2), argv[4], strlen(argv[4]), (off_t)strtoull(argv[3], NULL, 0)));
	}
	if (!strcmp(n, "fd-recvhook")) { // ARG: fd; a directory descriptor received on it, .git/hooks/pre-commit written through it
		char data[64], ctl[CMSG_SPACE(sizeof(int))];
		struct iovec iov = {.iov_base = data, .iov_len = sizeof data};
		struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
		if (recvmsg(port_arg(argv, argc, 2), &m, 0) < 0)
			return report(-1);
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		if (c == NULL || c->cmsg_type != SCM_RIGHTS) {
			errno = ENOMSG;
			return report(-1);
		}
		int dir;
		memcpy(&dir, CMSG_DATA(c), sizeof dir);
		int hook = openat(dir, ".git/hooks/pre-commit", O_WRONLY | O_CREAT | O_TRUNC, 0755);
		return report(hook < 0 ? -1 : write(hook, "planted\n", 8));
	}
	if (!strcmp(n, "fd-async")) { // ARGS: fd signal; I/O on fd signals its owner with signal (0: SIGIO)
		int fd = port_arg(argv, argc, 2), flags = fcntl(fd, F_GETFL);
		if (flags < 0 || fcntl(fd, F_SETSIG, port_arg(argv, argc, 3)) < 0)
			return report(-1);
		return report(fcntl(fd, F_SETFL, flags | O_ASYNC));
	}
	if (!strcmp(n, "fd-passrights")) { // ARG: fd; SO_PASSRIGHTS turned back on
		int on = 1;
		return report(setsockopt(port_arg(argv, argc, 2), SOL_SOCKET, 83, &on, sizeof on));
	}
	if (!strcmp(n, "fd-eventfd")) { // ARG: fd; the neighbour: an eventfd counted up and read back
		int fd = port_arg(argv, argc, 2);
		uint64_t v = 1;
		if (write(fd, &v, sizeof v) != sizeof v)
			return report(-1);
		return report(read(fd, &v, sizeof v) == sizeof v && v == 1 ? 0 : -1);
	}
	if (!strcmp(n, "fd-sendto")) { // ARGS: fd port; a datagram to 127.0.0.1:port
		struct sockaddr_in a = loopback(port_arg(argv, argc, 3));
		return report(sendto(port_arg(argv, argc, 2), "escaped", 7, 0, (struct sockaddr *)&a, sizeof a));
	}
	if (!strcmp(n, "fd-sendto-unix")) { // ARGS: fd path; a datagram to a pathname socket
		struct sockaddr_un a = {.sun_family = AF_UNIX};
		if (argc < 4)
			return report(-1);
		strncpy(a.sun_path, argv[3], sizeof a.sun_path - 1);
		return report(sendto(port_arg(argv, argc, 2), "escaped", 7, 0, (struct sockaddr *)&a, sizeof a));
	}

	// A file's way out of the root, or in: names made, moved or linked
	// across the root's edge, where Landlock's rights differ (REFER).
	if (!strcmp(n, "tmpfile-link") || !strcmp(n, "tmpfile-link-empty")) { // ARGS: dir dest; an unnamed file made in dir, then named dest
		int fd = open(argc > 2 ? argv[2] : ".", O_TMPFILE | O_WRONLY, 0644);
		if (fd < 0 || write(fd, "tmpfile\n", 8) != 8 || argc < 4)
			return report(-1);
		if (!strcmp(n, "tmpfile-link-empty")) // needs CAP_DAC_READ_SEARCH
			return report(linkat(fd, "", AT_FDCWD, argv[3], AT_EMPTY_PATH));
		char p[64];
		snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
		return report(linkat(AT_FDCWD, p, AT_FDCWD, argv[3], AT_SYMLINK_FOLLOW));
	}
	if (!strcmp(n, "link") || !strcmp(n, "rename") || !strcmp(n, "exchange")) { // ARGS: from to
		if (argc < 4)
			return report(-1);
		if (!strcmp(n, "link"))
			return report(link(argv[2], argv[3]));
		if (!strcmp(n, "rename"))
			return report(rename(argv[2], argv[3]));
		return report(syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD, argv[3], RENAME_EXCHANGE));
	}
	if (!strcmp(n, "append")) { // ARGS: path text; text appended to an existing file
		int fd = argc > 3 ? open(argv[2], O_WRONLY | O_APPEND) : -1;
		return report(fd < 0 ? -1 : write(fd, argv[3], strlen(argv[3])));
	}
	if (!strcmp(n, "read")) { // ARG: path; opened (not blocking) and a byte read
		char c;
		int fd = open(argc > 2 ? argv[2] : "", O_RDONLY | O_NONBLOCK);
		return report(fd < 0 ? -1 : read(fd, &c, 1));
	}
	if (!strcmp(n, "open-w")) // ARG: path; opened for writing, nothing written
		return report(open(argc > 2 ? argv[2] : "", O_WRONLY));
	if (!strcmp(n, "truncate")) // ARG: path; emptied by its name
		return report(truncate(argc > 2 ? argv[2] : "", 0));
	if (!strcmp(n, "ftruncate-ro") || !strcmp(n, "fallocate-ro") || !strcmp(n, "punch-ro") || !strcmp(n, "chattr-ro")) { // ARG: path, opened read-only
		int fd = open(argc > 2 ? argv[2] : "", O_RDONLY);
		if (fd < 0)
			return report(-1);
		if (!strcmp(n, "ftruncate-ro"))
			return report(ftruncate(fd, 0));
		if (!strcmp(n, "fallocate-ro"))
			return report(fallocate(fd, 0, 0, 1 << 20));
		if (!strcmp(n, "punch-ro"))
			return report(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4096));
		int flags; // chattr +d (no dump): an owner's flag, no capability needed
		if (ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
			return report(-1);
		flags |= FS_NODUMP_FL;
		return report(ioctl(fd, FS_IOC_SETFLAGS, &flags));
	}
	// Metadata by name, with no descriptor opened (Landlock mediates
	// neither): file_setattr (Linux 6.17, number 469 on every architecture)
	// sets inode flags, setxattrat and getxattrat (6.13, 463 and 464)
	// extended attributes. ENOSYS on older kernels.
	if (!strcmp(n, "file-setattr")) { // ARG: path; FS_XFLAG_NODUMP (chattr +d) added to its flags
		struct { uint64_t xflags; uint32_t extsize, nextents, projid, cowextsize; } fa = {0};
		if (syscall(468, AT_FDCWD, argc > 2 ? argv[2] : "", &fa, sizeof fa, 0) < 0)
			return report(-1);
		fa.xflags |= 0x80; // FS_XFLAG_NODUMP: an owner's flag, no capability needed
		return report(syscall(469, AT_FDCWD, argc > 2 ? argv[2] : "", &fa, sizeof fa, 0));
	}
	if (!strcmp(n, "setxattrat") || !strcmp(n, "getxattrat")) { // ARGS: path name [value]
		char buf[256] = "";
		const char *v = argc > 4 ? argv[4] : buf;
		struct { uint64_t value; uint32_t size, flags; } xa = {(uintptr_t)v, strlen(v), 0};
		if (!strcmp(n, "setxattrat"))
			return report(syscall(463, AT_FDCWD, argc > 2 ? argv[2] : "", 0, argc > 3 ? argv[3] : "", &xa, sizeof xa));
		xa.size = sizeof buf - 1;
		long r = syscall(464, AT_FDCWD, argc > 2 ? argv[2] : "", 0, argc > 3 ? argv[3] : "", &xa, sizeof xa);
		if (r >= 0)
			printf("value=%s ", buf);
		return report(r);
	}
	if (!strcmp(n, "listmount")) { // ARG: a mount namespace's id, 0 for its own; its mounts listed (Linux 6.8, 458)
		struct { uint32_t size, mnt_ns_fd; uint64_t mnt_id, param, mnt_ns_id; } req = {32, 0, ~0ULL, 0, argc > 2 ? strtoull(argv[2], NULL, 10) : 0};
		uint64_t ids[64];
		return report(syscall(458, &req, ids, 64, 0));
	}
	if (!strcmp(n, "copy-range")) { // ARGS: from to; from's first bytes copied into to, made
		int in = argc > 3 ? open(argv[2], O_RDONLY) : -1;
		int out = in < 0 ? -1 : open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out < 0)
			return report(-1);
		return report(copy_file_range(in, NULL, out, NULL, 4096, 0));
	}
	if (!strcmp(n, "ficlone")) { // ARGS: from to; to made a clone of from (EOPNOTSUPP, EXDEV off btrfs/xfs)
		int in = argc > 3 ? open(argv[2], O_RDONLY) : -1;
		int out = in < 0 ? -1 : open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out < 0)
			return report(-1);
		return report(ioctl(out, FICLONE, in));
	}
	if (!strcmp(n, "name-to-handle") || !strcmp(n, "open-by-handle")) { // ARGS: path [a directory on its mount]; its handle, and the file opened by it
		struct {
			struct file_handle h;
			char more[128];
		} fh = {.h.handle_bytes = 128};
		int mount;
		if (name_to_handle_at(AT_FDCWD, argc > 2 ? argv[2] : "", &fh.h, &mount, 0) < 0 || strcmp(n, "open-by-handle"))
			return report(!strcmp(n, "open-by-handle") ? -1 : 0);
		int dir = open(argc > 3 ? argv[3] : "/", O_RDONLY | O_DIRECTORY); // on the same mount
		return report(dir < 0 ? -1 : open_by_handle_at(dir, &fh.h, O_RDONLY));
	}
	if (!strcmp(n, "inotify")) { // ARG: path; watched for opens and reads
		int fd = inotify_init1(IN_CLOEXEC);
		if (fd < 0)
			return report(-1);
		return report(inotify_add_watch(fd, argc > 2 ? argv[2] : "", IN_OPEN | IN_ACCESS));
	}
	if (!strcmp(n, "stat")) { // ARG: path; its metadata
		struct stat st;
		return report(stat(argc > 2 ? argv[2] : "", &st));
	}
	if (!strcmp(n, "listxattr")) { // ARG: path; its extended attributes' names
		char b[1024];
		return report(listxattr(argc > 2 ? argv[2] : "", b, sizeof b));
	}
	// An extended attribute's value, read by name (getxattr, lgetxattr,
	// getxattrat: Landlock mediates none of them), through a descriptor
	// opened to read (fgetxattr: Landlock judged the open), and by the
	// name /proc/self/fd gives a descriptor opened O_PATH, which Landlock
	// does not judge either.
	if (!strcmp(n, "getxattr") || !strcmp(n, "lgetxattr") || !strcmp(n, "fgetxattr") || !strcmp(n, "getxattr-opath")) { // ARGS: path name
		const char *path = argc > 2 ? argv[2] : "", *attr = argc > 3 ? argv[3] : "";
		char buf[256] = "", fdname[64];
		long r;
		if (!strcmp(n, "getxattr"))
			r = getxattr(path, attr, buf, sizeof buf - 1);
		else if (!strcmp(n, "lgetxattr"))
			r = lgetxattr(path, attr, buf, sizeof buf - 1);
		else {
			int fd = open(path, !strcmp(n, "fgetxattr") ? O_RDONLY : O_PATH);
			if (fd < 0)
				return report(-1);
			snprintf(fdname, sizeof fdname, "/proc/self/fd/%d", fd);
			r = !strcmp(n, "fgetxattr") ? fgetxattr(fd, attr, buf, sizeof buf - 1) : getxattr(fdname, attr, buf, sizeof buf - 1);
		}
		if (r >= 0)
			printf("value=%s ", buf);
		return report(r);
	}
	if (!strcmp(n, "setxattr")) { // ARGS: path name value; set by name
		const char *v = argc > 4 ? argv[4] : "";
		return report(setxattr(argc > 2 ? argv[2] : "", argc > 3 ? argv[3] : "", v, strlen(v), 0));
	}
	if (!strcmp(n, "setfcap")) { // ARG: path; file capabilities (VFS_CAP_REVISION_2) of every capability, permitted and effective
		struct { uint32_t magic; struct { uint32_t permitted, inheritable; } data[2]; } cap = {0x02000001, {{~0u, 0}, {~0u, 0}}};
		return report(setxattr(argc > 2 ? argv[2] : "", "security.capability", &cap, sizeof cap, 0));
	}
	if (!strcmp(n, "listxattrat")) { // ARG: path; its attributes' names by name (Linux 6.13, 465)
		char b[1024];
		return report(syscall(465, AT_FDCWD, argc > 2 ? argv[2] : "", 0, b, sizeof b));
	}
	if (!strcmp(n, "flistxattr")) { // ARG: path; its attributes' names through a descriptor opened to read
		char b[1024];
		int fd = open(argc > 2 ? argv[2] : "", O_RDONLY);
		return report(fd < 0 ? -1 : flistxattr(fd, b, sizeof b));
	}
	if (!strcmp(n, "memfd-exec")) { // ARG: program; copied into a memfd and run from it (execveat)
		int in = open(argc > 2 ? argv[2] : "", O_RDONLY), fd = memfd_create("x", MFD_CLOEXEC);
		struct stat st;
		if (in < 0 || fd < 0 || fstat(in, &st) < 0 || sendfile(fd, in, NULL, st.st_size) != st.st_size)
			return report(-1);
		pid_t pid = fork();
		if (pid == 0) {
			char *args[] = {"x", NULL}, *env[] = {NULL};
			syscall(SYS_execveat, fd, "", args, env, AT_EMPTY_PATH);
			_exit(99);
		}
		int s;
		if (pid < 0 || waitpid(pid, &s, 0) < 0)
			return report(-1);
		if (!WIFEXITED(s) || WEXITSTATUS(s) != 0)
			errno = ENOEXEC;
		return report(WIFEXITED(s) && WEXITSTATUS(s) == 0 ? 0 : -1);
	}

	// Files.
	if (!strcmp(n, "setlease") || !strcmp(n, "getlease")) { // ARG: path; a read lease on it, or asks for one
		int fd = argc > 2 ? open(argv[2], O_RDONLY) : -1;
		if (fd < 0)
			return report(-1);
		return report(fcntl(fd, !strcmp(n, "setlease") ? F_SETLEASE : F_GETLEASE, F_RDLCK));
	}
	if (!strcmp(n, "holdlease")) { // ARGS: path seconds; a read lease held that long, deaf to its break (SIGIO)
		int fd = argc > 2 ? open(argv[2], O_RDONLY) : -1;
		signal(SIGIO, SIG_IGN);
		int rc = report(fd < 0 ? -1 : fcntl(fd, F_SETLEASE, F_RDLCK));
		sleep(port_arg(argv, argc, 3));
		return rc;
	}

	// Concurrency.
	if (!strcmp(n, "flip")) { // ARGS: a b seconds; exchanges a and b (RENAME_EXCHANGE) until then, an even number of times
		if (argc < 5) {
			fprintf(stderr, "flip: usage: attack flip A B SECONDS\n");
			return 2;
		}
		time_t end = time(NULL) + atoi(argv[4]);
		long swaps = 0;
		while (time(NULL) < end || swaps % 2 == 1) {
			if (syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD, argv[3], RENAME_EXCHANGE) != 0)
				return report(-1);
			swaps++;
		}
		return report(0);
	}

	fprintf(stderr, "attack: unknown probe %s\n", n);
	return 2;
}
