// kernel is the probe of the kernel interfaces red-team round (rt25): each
// subcommand makes one system call, or the short sequence an attack needs,
// against an interface of the kernel a sandboxed command could reach the
// host through, or the legitimate neighbour that must keep working. It
// reports as attack.c does:
//
//	<name> ok
//	<name> errno=<N> <strerror>
//
// exiting 0 when the call succeeded and 1 when it failed. Calls that take
// a descriptor are made with fd 99 where only the filter is under test:
// unfiltered they fail EBADF, so EPERM says seccomp refused them. Built
// with gcc at test time; no dependencies beyond libc and the kernel's
// headers.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/fanotify.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/quota.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "probe.h"

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x80
#endif

// arg returns argument i as a number, or exits 2 when it is missing.
static long arg(char **argv, int argc, int i) {
	if (i >= argc) {
		fprintf(stderr, "%s: missing argument\n", name);
		exit(2);
	}
	return strtol(argv[i], NULL, 0);
}

// str returns argument i, or exits 2 when it is missing.
static const char *str(char **argv, int argc, int i) {
	if (i >= argc) {
		fprintf(stderr, "%s: missing argument\n", name);
		exit(2);
	}
	return argv[i];
}

// send_fd and recv_fd pass one descriptor over a unix socket (SCM_RIGHTS).
static int send_fd(int sock, int fd) {
	char ctl[CMSG_SPACE(sizeof(int))] = {0};
	struct iovec iov = {.iov_base = "f", .iov_len = 1};
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock) {
	char data[1], ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = {.iov_base = data, .iov_len = 1};
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	if (c == NULL || c->cmsg_type != SCM_RIGHTS) {
		errno = ENOMSG;
		return -1;
	}
	int fd;
	memcpy(&fd, CMSG_DATA(c), sizeof fd);
	return fd;
}

// user_notif: a filter of the command's own sends mount and getppid to
// the command's own supervisor (SECCOMP_RET_USER_NOTIF), which answers
// each with success, 4242. The sandbox's filter refuses mount (ERRNO),
// which takes precedence over USER_NOTIF whatever the order the filters
// were loaded in: the supervisor never hears of mount, which fails EPERM,
// while getppid, which the sandbox allows, returns the supervisor's
// answer. Prints "getppid=N" and reports mount's outcome.
static int user_notif(void) {
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return report(-1);
	pid_t pid = fork();
	if (pid < 0)
		return report(-1);
	if (pid == 0) {
		struct sock_filter f[] = {
			BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
			BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 2, 0),
			BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_mount, 1, 0),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		};
		struct sock_fprog prog = {.len = sizeof f / sizeof f[0], .filter = f};
		int l = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
		if (l < 0) {
			int e = errno;
			(void)!write(sv[1], &e, sizeof e);
			_exit(1);
		}
		int zero = 0;
		if (write(sv[1], &zero, sizeof zero) != sizeof zero || send_fd(sv[1], l) < 0)
			_exit(1);
		close(l);
		long ppid = syscall(SYS_getppid);
		long m = mount("none", "/", "tmpfs", 0, NULL);
		int e = m < 0 ? errno : 0;
		long out[2] = {ppid, e};
		(void)!write(sv[1], out, sizeof out);
		_exit(0);
	}
	int e;
	if (read(sv[0], &e, sizeof e) != sizeof e)
		return report(-1);
	if (e) {
		errno = e;
		return report(-1);
	}
	int l = recv_fd(sv[0]);
	if (l < 0)
		return report(-1);
	// Answer whatever comes until the child reports: each notification
	// with success and 4242.
	int heard_mount = 0;
	for (;;) {
		struct seccomp_notif req;
		struct seccomp_notif_resp resp;
		fd_set r;
		FD_ZERO(&r);
		FD_SET(l, &r);
		FD_SET(sv[0], &r);
		struct timeval tv = {5, 0};
		if (select((l > sv[0] ? l : sv[0]) + 1, &r, NULL, NULL, &tv) <= 0) {
			errno = ETIMEDOUT;
			return report(-1);
		}
		if (FD_ISSET(sv[0], &r))
			break;
		memset(&req, 0, sizeof req);
		if (ioctl(l, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0)
			continue;
		if (req.data.nr == SYS_mount)
			heard_mount = 1;
		memset(&resp, 0, sizeof resp);
		resp.id = req.id;
		resp.val = 4242;
		ioctl(l, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	}
	long out[2];
	if (read(sv[0], out, sizeof out) != sizeof out)
		return report(-1);
	waitpid(pid, NULL, 0);
	printf("getppid=%ld heard-mount=%d ", out[0], heard_mount);
	if (out[1]) {
		errno = out[1];
		return report(-1);
	}
	return report(0);
}

// landlock_nested: the command makes a Landlock domain of its own, which
// handles every filesystem right and grants all of them beneath "/", and
// then opens path for reading. A nested domain can only take rights away:
// the sandbox's own still refuse what they refused.
static int landlock_nested(const char *path) {
	struct landlock_ruleset_attr ra = {.handled_access_fs = (1ULL << 13) - 1}; // ABI 1-3's rights
	int rs = syscall(SYS_landlock_create_ruleset, &ra, sizeof ra, 0);
	if (rs < 0)
		return report(-1);
	struct landlock_path_beneath_attr pb = {.allowed_access = ra.handled_access_fs, .parent_fd = open("/", O_PATH | O_CLOEXEC)};
	if (pb.parent_fd < 0 || syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) < 0)
		return report(-1);
	if (syscall(SYS_landlock_restrict_self, rs, 0) < 0)
		return report(-1);
	return report(open(path, O_RDONLY));
}

// dirty_pipe tries CVE-2022-0847 on path, a file the command may only
// read: a pipe whose buffers all carry PIPE_BUF_FLAG_CAN_MERGE, one byte
// of the file spliced in, then text written to the pipe, which an
// unpatched kernel merges into the file's page cache. Reports the write;
// the test reads the file from outside.
static int dirty_pipe(const char *path, const char *text) {
	int fd = open(path, O_RDONLY), p[2];
	if (fd < 0 || pipe(p) < 0)
		return report(-1);
	int size = fcntl(p[1], F_GETPIPE_SZ);
	static char buf[4096];
	for (int n = size; n > 0; n -= sizeof buf)
		(void)!write(p[1], buf, n > (int)sizeof buf ? sizeof buf : n);
	for (int n = size; n > 0; n -= sizeof buf)
		(void)!read(p[0], buf, n > (int)sizeof buf ? sizeof buf : n);
	loff_t off = 0;
	if (splice(fd, &off, p[1], NULL, 1, 0) != 1)
		return report(-1);
	return report(write(p[1], text, strlen(text)));
}

static volatile sig_atomic_t got_sig;
static void on_sig(int sig) {
	(void)sig;
	got_sig = 1;
}

// dnotify_owner watches dir (F_NOTIFY) with the signal SIGUSR1 sent to
// pid (0: itself) on each event, then makes an event itself: a file made
// in dir. The kernel sends the signal in the watcher's name, which
// Landlock's signal scope judges as its own kill (ABI 6). Reports the
// arming; with pid 0 also whether the signal came.
static int dnotify_owner(const char *dir, pid_t pid) {
	signal(SIGUSR1, on_sig);
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0 || fcntl(fd, F_SETSIG, SIGUSR1) < 0 || fcntl(fd, F_NOTIFY, DN_CREATE | DN_MULTISHOT) < 0)
		return report(-1);
	if (pid && fcntl(fd, F_SETOWN, pid) < 0)
		return report(-1);
	char path[4096];
	snprintf(path, sizeof path, "%s/dnotify-%d", dir, getpid());
	int made = open(path, O_WRONLY | O_CREAT, 0644);
	if (made < 0)
		return report(-1);
	unlink(path);
	if (pid)
		return report(0); // the victim is the verdict
	for (int i = 0; i < 100 && !got_sig; i++)
		usleep(10000);
	if (!got_sig)
		errno = ETIMEDOUT;
	return report(got_sig ? 0 : -1);
}

// ptrace_swap: a traced child of its own calls getppid; at the call's
// entry stop the tracer turns it into unshare(CLONE_NEWUSER) (orig_rax,
// rdi). seccomp runs after the tracer's entry stop, on the call as
// changed, so the swap meets the sandbox's refusal (EPERM). Prints
// "traced" once the call is stopped at, and reports its result; with
// swap 0 the call is left as it is (the neighbour). x86-64 only.
static int ptrace_swap(int swap) {
#ifdef __x86_64__
	pid_t pid = fork();
	if (pid < 0)
		return report(-1);
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			_exit(1);
		raise(SIGSTOP);
		syscall(SYS_getppid);
		_exit(0);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
		errno = WIFEXITED(st) && WEXITSTATUS(st) == 1 ? EPERM : ECHILD; // PTRACE_TRACEME refused
		return report(-1);
	}
	struct user_regs_struct r;
	long result = -ENOSYS;
	for (int stops = 0; stops < 64; stops++) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, 0) < 0 || waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
			break;
		if (ptrace(PTRACE_GETREGS, pid, 0, &r) < 0)
			break;
		if (r.orig_rax != SYS_getppid)
			continue;
		printf("traced ");
		if (swap) {
			r.orig_rax = SYS_unshare;
			r.rdi = CLONE_NEWUSER;
		}
		if (ptrace(PTRACE_SETREGS, pid, 0, &r) < 0 || ptrace(PTRACE_SYSCALL, pid, 0, 0) < 0 || waitpid(pid, &st, 0) != pid)
			break;
		if (ptrace(PTRACE_GETREGS, pid, 0, &r) < 0)
			break;
		result = r.rax;
		break;
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (result < 0) {
		errno = -result;
		return report(-1);
	}
	return report(0);
#else
	errno = ENOSYS;
	return report(-1);
#endif
}

// ptrace_suspend_seccomp: its own child seized with
// PTRACE_O_SUSPEND_SECCOMP, which would run the child past every filter;
// the kernel asks CAP_SYS_ADMIN of the initial user namespace for it.
static int ptrace_suspend_seccomp(void) {
	pid_t pid = fork();
	if (pid < 0)
		return report(-1);
	if (pid == 0) {
		pause();
		_exit(0);
	}
	long r = ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_SUSPEND_SECCOMP);
	int e = errno;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	errno = e;
	return report(r);
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: kernel NAME [ARG...]\n");
		return 2;
	}
	name = argv[1];
	const char *n = name;
	setvbuf(stdout, NULL, _IONBF, 0);

	// Other processes, by a pidfd.
	if (!strcmp(n, "pidfd-getfd")) { // ARGS: pid fd; the process's descriptor fd copied
		int pfd = syscall(SYS_pidfd_open, arg(argv, argc, 2), 0);
		if (pfd < 0)
			return report(-1);
		return report(syscall(SYS_pidfd_getfd, pfd, arg(argv, argc, 3), 0));
	}
	if (!strcmp(n, "setns-pidfd")) { // ARG: pid; its mount namespace entered through a pidfd
		int pfd = syscall(SYS_pidfd_open, arg(argv, argc, 2), 0);
		if (pfd < 0)
			return report(-1);
		return report(setns(pfd, CLONE_NEWNS));
	}
	if (!strcmp(n, "vm-readv")) { // ARG: pid; a page of its memory at the probe's own address of argv
		char buf[16];
		struct iovec local = {buf, sizeof buf}, remote = {argv[0], sizeof buf};
		return report(process_vm_readv(arg(argv, argc, 2), &local, 1, &remote, 1, 0));
	}
	if (!strcmp(n, "vm-readv-child") || !strcmp(n, "pidfd-getfd-child")) { // neighbour: the same on its own child
		static char secret[16] = "the child's";
		int ready[2];
		if (pipe(ready) < 0)
			return report(-1);
		pid_t pid = fork();
		if (pid == 0) {
			close(ready[0]);
			(void)!write(ready[1], "x", 1);
			pause();
			_exit(0);
		}
		char c, buf[16] = {0};
		close(ready[1]);
		if (pid < 0 || read(ready[0], &c, 1) != 1)
			return report(-1);
		long r;
		if (!strcmp(n, "vm-readv-child")) {
			struct iovec local = {buf, sizeof buf}, remote = {secret, sizeof buf};
			r = process_vm_readv(pid, &local, 1, &remote, 1, 0);
			if (r >= 0 && strcmp(buf, secret))
				r = -1, errno = EIO;
		} else {
			int pfd = syscall(SYS_pidfd_open, pid, 0);
			r = pfd < 0 ? -1 : syscall(SYS_pidfd_getfd, pfd, 1, 0);
		}
		int e = errno;
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		errno = e;
		return report(r);
	}

	// Namespaces and mounts.
	if (!strcmp(n, "unshare-time"))
		return report(unshare(CLONE_NEWTIME));
	if (!strcmp(n, "clone-newuser")) { // a child in a user namespace of its own
		long pid = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return report(pid);
	}
	if (!strcmp(n, "fsconfig") || !strcmp(n, "fsmount") || !strcmp(n, "move-mount-fd")) { // on fd 99: EBADF unfiltered
		if (!strcmp(n, "fsconfig"))
			return report(syscall(SYS_fsconfig, 99, 6 /* FSCONFIG_CMD_CREATE */, NULL, NULL, 0));
		if (!strcmp(n, "fsmount"))
			return report(syscall(SYS_fsmount, 99, 0, 0));
		return report(syscall(SYS_move_mount, 99, "", AT_FDCWD, "/", 4 /* MOVE_MOUNT_F_EMPTY_PATH */));
	}
	if (!strcmp(n, "fsopen-chain")) { // a tmpfs made and mounted at ARG by the new API, step by step
		int fs = syscall(SYS_fsopen, "tmpfs", 0);
		if (fs < 0 || syscall(SYS_fsconfig, fs, 6, NULL, NULL, 0) < 0)
			return report(-1);
		int m = syscall(SYS_fsmount, fs, 0, 0);
		if (m < 0)
			return report(-1);
		return report(syscall(SYS_move_mount, m, "", AT_FDCWD, str(argv, argc, 2), 4));
	}
	if (!strcmp(n, "shocker")) { // ARG: a directory; "/" of its file system opened by a forged handle (inode 2)
		struct {
			struct file_handle h;
			uint32_t ino, gen;
		} fh = {.h = {.handle_bytes = 8, .handle_type = 1 /* FILEID_INO32_GEN */}, .ino = 2, .gen = 0};
		int dir = open(str(argv, argc, 2), O_RDONLY | O_DIRECTORY);
		return report(dir < 0 ? -1 : open_by_handle_at(dir, &fh.h, O_RDONLY));
	}

	// The kernel itself.
	if (!strcmp(n, "bpf-prog")) { // a socket filter program that accepts everything
		struct bpf_insn insns[] = {{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0}, {.code = BPF_JMP | BPF_EXIT}};
		union bpf_attr a;
		memset(&a, 0, sizeof a);
		a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
		a.insns = (uintptr_t)insns;
		a.insn_cnt = 2;
		a.license = (uintptr_t) "GPL";
		return report(syscall(SYS_bpf, BPF_PROG_LOAD, &a, sizeof a));
	}
	if (!strcmp(n, "perf")) { // ARGS: type config pid cpu; perf_event_open of that
		struct perf_event_attr a;
		memset(&a, 0, sizeof a);
		a.size = sizeof a;
		a.type = arg(argv, argc, 2);
		a.config = arg(argv, argc, 3);
		a.exclude_kernel = 1;
		return report(syscall(SYS_perf_event_open, &a, (pid_t)arg(argv, argc, 4), (int)arg(argv, argc, 5), -1, 0));
	}
	if (!strcmp(n, "fanotify-init"))
		return report(syscall(SYS_fanotify_init, FAN_CLASS_NOTIF, O_RDONLY));
	if (!strcmp(n, "syslog")) { // ARG: action (3 read all, 10 buffer size)
		static char b[4096];
		return report(syscall(SYS_syslog, arg(argv, argc, 2), b, sizeof b));
	}
	if (!strcmp(n, "acct")) // ARG: a file to account to, NULL when "-"
		return report(syscall(SYS_acct, strcmp(str(argv, argc, 2), "-") ? argv[2] : NULL));
	if (!strcmp(n, "quotactl")) // ARG: a block device; Q_GETINFO of user quotas
		return report(syscall(SYS_quotactl, QCMD(Q_GETINFO, USRQUOTA), str(argv, argc, 2), 0, (char[64]){0}));
	if (!strcmp(n, "kexec-load")) // no segments: EPERM without CAP_SYS_BOOT, EINVAL with
		return report(syscall(SYS_kexec_load, 0, 0, NULL, 0));
	if (!strcmp(n, "finit-module")) // ARG: a file read as a module
		return report(syscall(SYS_finit_module, open(str(argv, argc, 2), O_RDONLY), "", 0));
	if (!strcmp(n, "init-module")) // an empty module image
		return report(syscall(SYS_init_module, (char[64]){0}, 64, ""));
	if (!strcmp(n, "delete-module"))
		return report(syscall(SYS_delete_module, "mewsandbox_rt25", O_NONBLOCK));
	if (!strcmp(n, "iopl")) // ring 3 I/O: every port
		return report(syscall(SYS_iopl, 3));
	if (!strcmp(n, "ioperm")) // the PC speaker's port, 0x61
		return report(syscall(SYS_ioperm, 0x61, 1, 1));
	if (!strcmp(n, "modify-ldt-read")) { // func 0: the LDT read
		static char b[64];
		return report(syscall(SYS_modify_ldt, 0, b, sizeof b));
	}
	if (!strcmp(n, "modify-ldt-write")) { // func 1: one 32-bit data segment installed at entry 0
		struct {
			unsigned int entry_number, base_addr, limit;
			unsigned int flags;
		} d = {.entry_number = 0, .base_addr = 0, .limit = 0xfff, .flags = 1 /* seg_32bit */ | (1 << 4) /* limit_in_pages */ | (1 << 6) /* useable */};
		return report(syscall(SYS_modify_ldt, 1, &d, sizeof d));
	}
	if (!strcmp(n, "pr-set-mm")) // the start of its code moved: CAP_SYS_RESOURCE
		return report(prctl(PR_SET_MM, PR_SET_MM_START_CODE, 0x400000, 0, 0));
	if (!strcmp(n, "pr-set-mm-exe")) // /proc/self/exe made /dev/null's: CAP_SYS_RESOURCE
		return report(prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, open("/dev/null", O_RDONLY), 0, 0));
	if (!strcmp(n, "arch-prctl")) { // neighbour of modify_ldt: its thread pointer (ARCH_GET_FS) read
		unsigned long fs;
		return report(syscall(SYS_arch_prctl, 0x1003, &fs));
	}
	if (!strcmp(n, "pr-set-mm-map-size")) { // neighbour: prctl(PR_SET_MM) asked only the size of its map
		unsigned int size;
		return report(prctl(PR_SET_MM, PR_SET_MM_MAP_SIZE, &size, 0, 0));
	}
	if (!strcmp(n, "user-notif"))
		return user_notif();
	if (!strcmp(n, "ptrace-swap") || !strcmp(n, "ptrace-noswap"))
		return ptrace_swap(!strcmp(n, "ptrace-swap"));
	if (!strcmp(n, "ptrace-suspend-seccomp"))
		return ptrace_suspend_seccomp();
	if (!strcmp(n, "landlock-nested")) // ARG: a file to open after nesting
		return landlock_nested(str(argv, argc, 2));
	if (!strcmp(n, "vhangup"))
		return report(vhangup());

	// Terminals, on a pseudo-terminal of its own so the request would
	// succeed unfiltered, or on the terminal named.
	if (!strcmp(n, "tioclinux")) { // TIOCLINUX subcode 12, the shift state
		char sub = 12;
		return report(ioctl(open_pty(), TIOCLINUX, &sub));
	}
	if (!strcmp(n, "tioclinux-paste")) { // TIOCLINUX subcode 3, paste the selection as input
		char sub = 3;
		return report(ioctl(open_pty(), TIOCLINUX, &sub));
	}
	if (!strcmp(n, "tiocsti-path")) { // ARG: a terminal; a newline pushed into its input
		int fd = open(str(argv, argc, 2), O_RDWR | O_NOCTTY | O_NONBLOCK);
		char c = '\n';
		return report(fd < 0 ? -1 : ioctl(fd, TIOCSTI, &c));
	}
	if (!strcmp(n, "tioclinux-path")) { // ARG: a terminal; TIOCLINUX subcode 3 (paste the selection as its input)
		int fd = open(str(argv, argc, 2), O_RDWR | O_NOCTTY | O_NONBLOCK);
		char sub = 3;
		return report(fd < 0 ? -1 : ioctl(fd, TIOCLINUX, &sub));
	}
	if (!strcmp(n, "tcgetattr-pty")) { // neighbour: a terminal's settings read
		struct termios t;
		return report(tcgetattr(open_pty(), &t));
	}
	if (!strcmp(n, "tcgetattr-path")) { // ARG: a terminal; neighbour: its settings read
		struct termios t;
		int fd = open(str(argv, argc, 2), O_RDWR | O_NOCTTY | O_NONBLOCK);
		return report(fd < 0 ? -1 : tcgetattr(fd, &t));
	}

	// Sockets.
	if (!strcmp(n, "socket")) // ARGS: family type protocol
		return report(socket(arg(argv, argc, 2), arg(argv, argc, 3), arg(argv, argc, 4)));
	if (!strcmp(n, "scm-rights-pair")) { // neighbour: a descriptor passed between a stream pair's ends
		int sv[2], fd;
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0 || send_fd(sv[0], 1) < 0 || (fd = recv_fd(sv[1])) < 0)
			return report(-1);
		return report(fd);
	}

	// Files.
	if (!strcmp(n, "open-r")) // ARG: path; opened for reading, nothing read
		return report(open(str(argv, argc, 2), O_RDONLY | O_NONBLOCK | O_NOCTTY));
	if (!strcmp(n, "open-w")) // ARG: path; opened for writing, nothing written
		return report(open(str(argv, argc, 2), O_WRONLY | O_NONBLOCK | O_NOCTTY));
	// dnotify signals its owner (SIGIO) on each event: ignored, so that
	// an access on the host does not end the probe before it reports.
	if (!strncmp(n, "dnotify", 7))
		signal(SIGIO, SIG_IGN);
	if (!strcmp(n, "dnotify")) { // ARG: a directory; watched for every change (F_NOTIFY)
		int fd = open(str(argv, argc, 2), O_RDONLY | O_DIRECTORY);
		return report(fd < 0 ? -1 : fcntl(fd, F_NOTIFY, DN_ACCESS | DN_MODIFY | DN_CREATE | DN_MULTISHOT));
	}
	if (!strcmp(n, "dnotify-owner")) // ARGS: dir pid
		return dnotify_owner(str(argv, argc, 2), arg(argv, argc, 3));
	if (!strcmp(n, "dnotify-opath")) { // ARG: a directory opened O_PATH, which Landlock does not judge, then watched
		int fd = open(str(argv, argc, 2), O_PATH | O_DIRECTORY);
		return report(fd < 0 ? -1 : fcntl(fd, F_NOTIFY, DN_ACCESS | DN_MULTISHOT));
	}
	if (!strcmp(n, "splice-ro")) { // ARG: a file opened read-only; a pipe's text spliced into it
		int fd = open(str(argv, argc, 2), O_RDONLY), p[2];
		if (fd < 0 || pipe(p) < 0 || write(p[1], "spliced\n", 8) != 8)
			return report(-1);
		loff_t off = 0;
		return report(splice(p[0], NULL, fd, &off, 8, 0));
	}
	if (!strcmp(n, "copy-range-ro")) { // ARGS: from to; to opened read-only as the destination
		int in = open(str(argv, argc, 2), O_RDONLY), out = open(str(argv, argc, 3), O_RDONLY);
		if (in < 0 || out < 0)
			return report(-1);
		return report(copy_file_range(in, NULL, out, NULL, 4096, 0));
	}
	if (!strcmp(n, "splice-out")) { // ARGS: from to; from spliced through a pipe into to, made
		int in = open(str(argv, argc, 2), O_RDONLY), p[2];
		if (in < 0 || pipe(p) < 0)
			return report(-1);
		int out = open(str(argv, argc, 3), O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out < 0 || splice(in, NULL, p[1], NULL, 4096, 0) < 0)
			return report(-1);
		return report(splice(p[0], NULL, out, NULL, 4096, 0));
	}
	if (!strcmp(n, "vmsplice")) { // neighbour: its own memory into a pipe and back
		int p[2];
		char back[8] = {0};
		struct iovec iov = {.iov_base = "vmsplic", .iov_len = 8};
		if (pipe(p) < 0 || vmsplice(p[1], &iov, 1, 0) != 8 || read(p[0], back, 8) != 8 || strcmp(back, "vmsplic"))
			return report(-1);
		return report(0);
	}
	if (!strcmp(n, "dirty-pipe")) // ARGS: path text
		return dirty_pipe(str(argv, argc, 2), str(argv, argc, 3));

	fprintf(stderr, "kernel: unknown probe %s\n", n);
	return 2;
}
