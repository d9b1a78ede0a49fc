//go:build cgo

// The sandbox child. The runner re-executes its own binary with argv[1] set
// to the child marker, and the child does its whole job before the Go
// runtime exists:
//
//	block every signal and say "r" on fd 3 (a unix socket) → read the spec
//	there (the Landlock ruleset the parent built arrives on it as a
//	descriptor) → mark every inherited descriptor close-on-exec → hand
//	over passed descriptors → the namespace layer's mounts → no_new_privs
//	→ landlock_restrict_self → drop capabilities → reset the relayed
//	signals → in a pid namespace, init's signalfd → resource limits →
//	load the seccomp program the parent compiled → wait for the parent's
//	go on fd 3 → execve (in a pid namespace: start the command in a
//	process of its own, as vfork would, execve there, and be its init).
//
// A failure at any step is reported as one JSON object on fd 4
// (close-on-exec, so EOF there means execve succeeded) and ends the process
// with the stage's exit status. The process is single-threaded throughout,
// so every restriction covers all of it and passes to the command.
//
// Two ways lead here. The release binary is linked with mews_entry as its
// ELF entry point (-Wl,-e,mews_entry, see the Makefile): it checks the
// marker before the C library starts, which in a static binary costs a
// tenth of a millisecond (mostly its CPU feature probing, slow under a
// hypervisor), and otherwise jumps to the C library's _start. Any other
// link (go test, go build without the flag) reaches the same code from a
// constructor, once the C library has started. For "mewsandbox run" both
// also start the sharer, which forks the child, before the Go runtime
// starts (maybe_prefork): no re-execution, and its namespaces are made
// while the runtime starts.
//
// So this code is freestanding: it calls no C library function (the
// library may not be initialised; its string functions are resolved by
// IRELATIVE relocations it has not applied yet) and keeps no errno. System
// calls go through sys() below and return -errno; the few string helpers
// are here. It must be compiled without the stack protector (no TLS yet).
// TestChildIsFreestanding checks the object for outside references.
//
// Nothing here allocates with malloc or trusts a length: the spec is read
// into one anonymous mapping and every count is checked against the bytes
// left before it is used. The Go side (spec_linux.go, run_linux.go) writes
// the spec and reads the report; keep the three in step.

// No loop may become a call to memset, memmove or strlen: they are the C
// library's, resolved when it starts.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <linux/capability.h>
#include <linux/sched.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <elf.h>

#include "child_linux.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif
#ifndef PR_CAP_AMBIENT
#define PR_CAP_AMBIENT 47
#define PR_CAP_AMBIENT_RAISE 2
#define PR_CAP_AMBIENT_CLEAR_ALL 4
#endif
#ifndef PR_SET_NO_NEW_PRIVS
#define PR_SET_NO_NEW_PRIVS 38
#endif

// --- freestanding system calls and helpers ---

// sys makes a system call: its result, or -errno.
static long sys(long n, long a, long b, long c, long d, long e, long f) {
#if defined(__x86_64__)
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long ret;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;
	__asm__ volatile("svc 0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
#else
#error "the sandbox child has no system call stub for this architecture"
#endif
}

#define SYS0(n) sys((n), 0, 0, 0, 0, 0, 0)
#define SYS1(n, a) sys((n), (long)(a), 0, 0, 0, 0, 0)
#define SYS2(n, a, b) sys((n), (long)(a), (long)(b), 0, 0, 0, 0)
#define SYS3(n, a, b, c) sys((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define SYS4(n, a, b, c, d) sys((n), (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)
#define SYS5(n, a, b, c, d, e) sys((n), (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), 0)
#define SYS6(n, a, b, c, d, e, f) sys((n), (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), (long)(f))

static __attribute__((noreturn)) void exit_group(int status) {
	for (;;) {
		SYS1(SYS_exit_group, status);
	}
}

static size_t slen(const char *s) {
	size_t n = 0;
	while (s[n] != 0) {
		n++;
	}
	return n;
}

static int streq(const char *a, const char *b) {
	while (*a != 0 && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

// copy copies n bytes; the areas may overlap when to is below from.
static void copy(void *to, const void *from, size_t n) {
	unsigned char *t = to;
	const unsigned char *f = from;
	for (size_t i = 0; i < n; i++) {
		t[i] = f[i];
	}
}

#define SPEC_FD 3
static int spec_fd = SPEC_FD; // moved when a passed descriptor takes fd 3
#define STATUS_SANDBOX 125
#define STATUS_NOT_EXECUTABLE 126
#define STATUS_NOT_FOUND 127
#define MAX_INSTRUCTIONS 4096 // BPF_MAXINSNS

// --- the report on fd 4 ---

static char report[8192];
static size_t report_len;
static int status_fd = 4; // moved when a passed descriptor takes fd 4

static void put(const char *s, size_t n) {
	if (n > sizeof report - report_len) {
		n = sizeof report - report_len;
	}
	copy(report + report_len, s, n);
	report_len += n;
}

static void put_str(const char *s) { put(s, slen(s)); }

// put_json writes n bytes of s escaped for a JSON string. Bytes from 0x80 up
// pass unchanged: Go's decoder reads invalid UTF-8 as U+FFFD.
static void put_json(const char *s, size_t n) {
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			char e[2] = {'\\', (char)c};
			put(e, 2);
		} else if (c < 0x20 || c == 0x7f) {
			char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			put(e, 6);
		} else {
			put((const char *)&s[i], 1);
		}
	}
}

// decimal writes v in decimal at out (20 bytes at most, no NUL) and
// returns how many bytes it wrote.
static size_t decimal(char *out, uint64_t v) {
	char b[20];
	size_t i = sizeof b;
	do {
		b[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	for (size_t j = i; j < sizeof b; j++) {
		out[j - i] = b[j];
	}
	return sizeof b - i;
}

// join writes the n strings of parts one after the other into out (cap
// bytes, the NUL included; what does not fit is cut), and returns it.
static const char *join(char *out, size_t cap, const char *const *parts, size_t n) {
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		size_t m = slen(parts[i]);
		m = m < cap - 1 - k ? m : cap - 1 - k;
		copy(out + k, parts[i], m);
		k += m;
	}
	out[k] = 0;
	return out;
}

static void put_uint(unsigned long v) {
	char b[20];
	put(b, decimal(b, v));
}

// fail reports stage, the message what (+ detail, escaped; may be NULL) and
// errno err (0: none; a negative system call result is turned around),
// then exits with status. The parent words the errno.
static __attribute__((noreturn)) void fail(const char *stage, const char *what, const char *detail, long err, int status) {
	if (err < 0) {
		err = -err;
	}
	report_len = 0;
	put_str("{\"stage\":\"");
	put_str(stage);
	put_str("\",\"message\":\"");
	put_json(what, slen(what));
	if (detail != NULL) {
		size_t n = slen(detail);
		put_json(detail, n < 4096 ? n : 4096);
	}
	put_str("\",\"errno\":");
	put_uint((unsigned long)err);
	put_str(",\"status\":");
	put_uint((unsigned long)status);
	put_str("}");
	for (size_t off = 0; off < report_len;) {
		long n = SYS3(SYS_write, status_fd, report + off, report_len - off);
		if (n == -EINTR) {
			continue;
		}
		if (n <= 0) {
			break;
		}
		off += (size_t)n;
	}
	exit_group(status);
}

// --- the spec ---

struct cursor {
	unsigned char *p;
	size_t left;
	const char *err;
};

static unsigned char *take(struct cursor *c, size_t n) {
	if (c->err != NULL) {
		return NULL;
	}
	if (n > c->left) {
		c->err = "bytes needed past the end";
		return NULL;
	}
	unsigned char *v = c->p;
	c->p += n;
	c->left -= n;
	return v;
}

static uint64_t le(struct cursor *c, size_t n) {
	unsigned char *b = take(c, n);
	uint64_t v = 0;
	for (size_t i = 0; b != NULL && i < n; i++) {
		v |= (uint64_t)b[i] << (8 * i);
	}
	return v;
}

static int boolean(struct cursor *c) {
	uint64_t v = le(c, 1);
	if (v > 1 && c->err == NULL) {
		c->err = "a boolean neither 0 nor 1";
	}
	return v == 1;
}

// count reads a count of items taking at least size bytes each, all of
// which must fit in what is left.
static size_t count(struct cursor *c, size_t size) {
	uint64_t n = le(c, 4);
	if (c->err == NULL && n * size > c->left) {
		c->err = "more items than bytes left";
		return 0;
	}
	return (size_t)n;
}

// str returns the next string as a C string, in place: its bytes move over
// its 4-byte length, which leaves room for the NUL. A string holding a NUL
// byte cannot reach execve intact and is refused.
static char *str(struct cursor *c) {
	size_t n = count(c, 1);
	unsigned char *s = take(c, n);
	if (s == NULL) {
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] == 0) {
			c->err = "a NUL byte in a string";
			return NULL;
		}
	}
	char *to = (char *)s - 4;
	copy(to, s, n); // downwards: safe over the overlap
	to[n] = 0;
	return to;
}

// strs decodes a list of strings into vec (room for max + 1 entries).
static char **strs(struct cursor *c, char **vec, size_t *used, size_t max) {
	size_t n = count(c, 4);
	if (c->err != NULL || n >= max - *used) { // n strings and a NULL
		if (c->err == NULL) {
			c->err = "more strings than bytes";
		}
		return NULL;
	}
	char **v = vec + *used;
	for (size_t i = 0; i < n; i++) {
		v[i] = str(c);
	}
	v[n] = NULL;
	*used += n + 1;
	return v;
}

const char *mews_decode_spec(unsigned char *body, size_t n, char **vec, size_t nvec, struct mews_spec *s) {
	struct cursor c = {.p = body, .left = n};
	size_t used = 0;
	*s = (struct mews_spec){0};
	s->path = str(&c);
	s->argv = strs(&c, vec, &used, nvec);
	s->envp = strs(&c, vec, &used, nvec);
	s->best_effort = boolean(&c);
	s->ruleset = boolean(&c);
	s->seccomp = boolean(&c);
	s->ninsn = count(&c, 8);
	unsigned char *insns = take(&c, s->ninsn * 8);
	s->reset_signals = le(&c, 8);
	s->keep_caps = le(&c, 8);
	s->nlimits = count(&c, 20);
	s->limits = take(&c, s->nlimits * 20);
	s->npass = count(&c, 8);
	s->pass = take(&c, s->npass * 8);
	// Each mount step takes at least its op and a string length.
	s->nmounts = count(&c, 8);
	s->mounts = s->nmounts > 0 ? c.p : NULL;
	for (size_t i = 0; i < s->nmounts && c.err == NULL; i++) {
		uint64_t op = le(&c, 4);
		if (op < MEWS_MOUNT_FIRST || op > MEWS_MOUNT_LAST) {
			c.err = "an unknown mount step";
		}
		(void)str(&c);
		if (op == MEWS_MOUNT_WRITABLE_HOST) {
			(void)take(&c, MEWS_MOUNT_IDENTITY_SIZE);
		}
	}
	s->pidns = boolean(&c);
	s->forward = le(&c, 8);
	s->tmp_access = le(&c, 8);
	s->tmp_size = le(&c, 8);
	s->shm_access = le(&c, 8);
	s->pts_access = le(&c, 8);
	s->netns = boolean(&c);
	if (c.err == NULL && c.left > 0) {
		c.err = "bytes after the end";
	}
	if (c.err == NULL && !s->seccomp && s->ninsn > 0) {
		c.err = "seccomp instructions without a filter";
	}
	if (c.err != NULL) {
		return c.err;
	}
	// The instructions become struct sock_filter in place (8 bytes each).
	s->filter = insns;
	for (size_t i = 0; i < s->ninsn; i++) {
		unsigned char *b = insns + i * 8;
		struct sock_filter f = {
			.code = (uint16_t)(b[0] | b[1] << 8),
			.jt = b[2],
			.jf = b[3],
			.k = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24,
		};
		copy(b, &f, sizeof f);
	}
	return NULL;
}

// receive fills b from the spec socket, keeping the first descriptor that
// comes with the bytes in *fd and closing any other.
static void receive(unsigned char *b, size_t n, int *fd) {
	while (n > 0) {
		union {
			struct cmsghdr h;
			char buf[CMSG_SPACE(sizeof(int) * 4)];
		} cm;
		struct iovec iov = {.iov_base = b, .iov_len = n};
		struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cm.buf, .msg_controllen = sizeof cm.buf};
		long r = SYS3(SYS_recvmsg, SPEC_FD, &msg, MSG_CMSG_CLOEXEC);
		if (r == -EINTR) {
			continue;
		}
		if (r < 0) {
			fail("spec", "read spec (fd 3)", NULL, r, STATUS_SANDBOX);
		}
		// One control message at most: the one SCM_RIGHTS the parent sends.
		struct cmsghdr *h = CMSG_FIRSTHDR(&msg);
		if (h != NULL && h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS && h->cmsg_len >= CMSG_LEN(0)) {
			for (size_t i = 0; i < (h->cmsg_len - CMSG_LEN(0)) / sizeof(int); i++) {
				int f;
				copy(&f, CMSG_DATA(h) + i * sizeof f, sizeof f);
				if (*fd < 0) {
					*fd = f;
				} else {
					SYS1(SYS_close, f);
				}
			}
		}
		if (msg.msg_flags & MSG_CTRUNC) {
			fail("spec", "BUG(mewsandbox): too many descriptors came with the spec", NULL, 0, STATUS_SANDBOX);
		}
		if (r == 0) {
			fail("spec", "BUG(mewsandbox): the spec (fd 3) ended early", NULL, 0, STATUS_SANDBOX);
		}
		b += r;
		n -= (size_t)r;
	}
}

static void *map(size_t n) {
	long p = SYS6(SYS_mmap, 0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p < 0 && p > -4096) {
		fail("spec", "mmap", NULL, p, STATUS_SANDBOX);
	}
	return (void *)p;
}

// --- the steps ---

// mark_cloexec marks every descriptor from 3 up close-on-exec: descriptors
// opened before the restriction stay usable after it, so none but stdio may
// reach the command. fd 4 stays open until execve, as it must.
static void mark_cloexec(void) {
	long r = SYS3(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC);
	if (r == 0) {
		return;
	}
	if (r != -ENOSYS && r != -EINVAL) {
		fail("fds", "close_range", NULL, r, STATUS_SANDBOX);
	}
	// Before Linux 5.11: walk /proc/self/fd.
	long dir = SYS4(SYS_openat, AT_FDCWD, "/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	if (dir < 0) {
		fail("fds", "open /proc/self/fd", NULL, dir, STATUS_SANDBOX);
	}
	static uint64_t buf[512]; // struct linux_dirent64 records, 8-aligned
	for (;;) {
		long n = SYS3(SYS_getdents64, dir, buf, sizeof buf);
		if (n == -EINTR) {
			continue;
		}
		if (n < 0) {
			fail("fds", "getdents64 /proc/self/fd", NULL, n, STATUS_SANDBOX);
		}
		if (n == 0) {
			break;
		}
		for (long off = 0; off < n;) {
			unsigned char *rec = (unsigned char *)buf + off;
			unsigned short reclen;
			copy(&reclen, rec + 16, sizeof reclen);
			if (reclen < 20 || reclen > n - off) {
				fail("fds", "getdents64 /proc/self/fd: a malformed record", NULL, 0, STATUS_SANDBOX);
			}
			const char *name = (const char *)rec + 19; // after d_ino, d_off, d_reclen, d_type
			long fd = 0;
			int ok = name[0] != 0;
			for (const char *p = name; *p != 0 && ok; p++) {
				ok = *p >= '0' && *p <= '9' && fd < (1L << 30);
				fd = fd * 10 + (*p - '0');
			}
			if (ok && fd >= 3 && fd != dir) {
				long e = SYS3(SYS_fcntl, fd, F_SETFD, FD_CLOEXEC);
				if (e < 0 && e != -EBADF) {
					fail("fds", "fcntl(F_SETFD)", NULL, e, STATUS_SANDBOX);
				}
			}
			off += reclen;
		}
	}
	SYS1(SYS_close, dir);
}

// kernel_sigaction is the kernel's struct sigaction for rt_sigaction: all
// zero is SIG_DFL, no flags, an empty mask.
struct kernel_sigaction {
	unsigned long handler, flags, restorer, mask;
};

// reset_signals gives the signals in mask (bit N-1 for signal N) their
// default disposition and blocks exactly those in blocked. The runner relays those
// signals; it may have inherited one as ignored (SIGINT after a shell's
// `trap '' INT`), and ignored stays ignored across execve. Every other
// disposition passes to the command as inherited, as with any exec.
static void reset_signals(uint64_t mask, uint64_t blocked) {
	struct kernel_sigaction dfl = {0};
	for (int sig = 1; sig <= 64; sig++) {
		if ((mask & (1ULL << (sig - 1))) != 0 && sig != SIGKILL && sig != SIGSTOP) {
			SYS4(SYS_rt_sigaction, sig, &dfl, 0, 8);
		}
	}
	SYS4(SYS_rt_sigprocmask, SIG_SETMASK, &blocked, 0, 8);
}

static uint32_t u32le(const unsigned char *b) {
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY 0x00000001
struct mount_attr {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};
#endif
#ifndef MOUNT_ATTR_NODEV
#define MOUNT_ATTR_NOSUID 0x00000002
#define MOUNT_ATTR_NODEV 0x00000004
#define MOUNT_ATTR_NOEXEC 0x00000008
#endif

// set_rdonly sets (on) or clears the read-only attribute of the mount at
// path, and of every mount below it when recursive.
static long set_rdonly(int dirfd, const char *path, unsigned flags, int on) {
	struct mount_attr a = {0};
	if (on) {
		a.attr_set = MOUNT_ATTR_RDONLY;
	} else {
		a.attr_clr = MOUNT_ATTR_RDONLY;
	}
	return SYS5(SYS_mount_setattr, dirfd, path, flags, &a, sizeof a);
}

#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif
#define RESOLVE_NO_MAGICLINKS 0x02
#define RESOLVE_NO_SYMLINKS 0x04
#define RESOLVE_BENEATH 0x08

// open_exact opens path (which the parent resolved) as an O_PATH descriptor
// without following any symbolic link: a directory swapped for a link since
// the parent looked fails the run instead of redirecting a mount.
static long open_exact(const char *path) {
	struct {
		uint64_t flags, mode, resolve;
	} how = {O_PATH | O_CLOEXEC, 0, RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
	return SYS4(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
}

// fd_path returns "/proc/self/fd/N": mount(2) given it mounts exactly the
// object the descriptor holds (a symbolic link too, not followed).
static const char *fd_path(long fd) {
	static char b[40] = "/proc/self/fd/";
	b[14 + decimal(b + 14, (uint64_t)fd)] = 0;
	return b;
}

#define LANDLOCK_RULE_PATH_BENEATH 1
// The rights that apply to a file (landlock/access.go's fileRights):
// execute, write, read, truncate, ioctl on a device.
#define LANDLOCK_FILE_RIGHTS (1ULL << 0 | 1ULL << 1 | 1ULL << 2 | 1ULL << 14 | 1ULL << 15)
#define LANDLOCK_ACCESS_FS_READ_FILE (1ULL << 2)
#define LANDLOCK_ACCESS_FS_READ_DIR (1ULL << 3)

#ifndef SYS_fsopen
#define SYS_move_mount 429
#define SYS_fsopen 430
#define SYS_fsconfig 431
#define SYS_fsmount 432
#endif
#ifndef FSOPEN_CLOEXEC
#define FSOPEN_CLOEXEC 0x00000001
#define FSMOUNT_CLOEXEC 0x00000001
#define FSCONFIG_SET_FLAG 0
#define FSCONFIG_SET_STRING 1
#define FSCONFIG_CMD_CREATE 6
#define MOVE_MOUNT_F_EMPTY_PATH 0x00000004
#define MOVE_MOUNT_T_EMPTY_PATH 0x00000040
#endif

// The file systems of the sandbox's own the layer nearly always mounts
// (a /proc of the pid namespace, a devpts and a tmpfs for /dev, the
// command's own /tmp, the empty tmpfs over /run), made detached by the
// pre-forked child while it waits for its spec (premount): the steps then
// only attach them (attach_premade), off the time the runner waits. One
// not made, or not used as made (/dev/shm or /tmp with a size), is
// mounted at its step as without; one made and not used costs its removal
// before the command starts: /tmp's own or a second empty one, as the
// working directory tells (cwd_in_tmp). So is the network namespace of a
// run without TCP ports (premake_netns): made, not entered, until the
// spec says the run is one.
static struct {
	long proc, pts, shm, tmp, empty[2];
	int nempty; // empty[nempty..] are still to be used
	long net;   // a new network namespace's descriptor
} premade = {.proc = -1, .pts = -1, .shm = -1, .tmp = -1, .empty = {-1, -1}, .net = -1};

// premount makes a detached mount of a new file system of type, with the
// options (name, value pairs, up to a NULL name; a NULL value for a flag)
// and mount attributes attrs: its descriptor, or a negative errno.
static long premount(const char *type, const char *const *options, uint64_t attrs) {
	long fs = SYS2(SYS_fsopen, type, FSOPEN_CLOEXEC);
	if (fs < 0) {
		return fs;
	}
	long r = SYS5(SYS_fsconfig, fs, FSCONFIG_SET_STRING, "source", type, 0); // as mount(2) names it
	for (; r == 0 && options != NULL && options[0] != NULL; options += 2) {
		r = options[1] == NULL ? SYS5(SYS_fsconfig, fs, FSCONFIG_SET_FLAG, options[0], 0, 0)
		                       : SYS5(SYS_fsconfig, fs, FSCONFIG_SET_STRING, options[0], options[1], 0);
	}
	if (r == 0) {
		r = SYS5(SYS_fsconfig, fs, FSCONFIG_CMD_CREATE, 0, 0, 0);
	}
	if (r == 0) {
		r = SYS3(SYS_fsmount, fs, FSMOUNT_CLOEXEC, attrs);
	}
	SYS1(SYS_close, fs);
	return r;
}

// cwd_in_tmp says whether the working directory lies in /tmp.
static int cwd_in_tmp(void) {
	static char cwd[4096];
	long n = SYS2(SYS_getcwd, cwd, sizeof cwd);
	return n > 4 && cwd[0] == '/' && cwd[1] == 't' && cwd[2] == 'm' && cwd[3] == 'p' && (cwd[4] == '/' || cwd[4] == 0);
}

// premount_all makes the premade file systems, in the child's new mount
// namespace (and pid namespace, for /proc, when pidns), and makes every
// mount private, the layer's first step: nothing reaches the host.
static void premount_all(int pidns) {
	if (SYS5(SYS_mount, 0, "/", 0, MS_REC | MS_PRIVATE, 0) != 0) {
		return; // the steps will say
	}
	static const char *const pts[] = {"ptmxmode", "0666", "mode", "0620", NULL};
	static const char *const shm[] = {"mode", "1777", NULL};
	static const char *const empty[] = {"size", "64k", "mode", "755", NULL};
	static const char *const proc[] = {"ro", NULL, NULL}; // as MS_RDONLY makes it
	if (pidns) {
		premade.proc = premount("proc", proc, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC);
	}
	premade.pts = premount("devpts", pts, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC);
	premade.shm = premount("tmpfs", shm, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
	// /tmp is the command's own (MEWS_MOUNT_TMP) unless the root lies in
	// it, where it is emptied as /run is: the root holds the working
	// directory, as a rule.
	if (!cwd_in_tmp()) {
		premade.tmp = premount("tmpfs", shm, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
	}
	for (int i = 0; i < (premade.tmp >= 0 ? 1 : 2); i++) {
		premade.empty[i] = premount("tmpfs", empty, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC);
	}
}

// drop_premade closes what was premade and no step used: mounts, and
// the network namespace of a run that has the host's.
static void drop_premade(void) {
	long *fds[] = {&premade.proc, &premade.pts, &premade.shm, &premade.tmp, &premade.empty[0], &premade.empty[1], &premade.net};
	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) {
		if (*fds[i] >= 0) {
			SYS1(SYS_close, *fds[i]);
			*fds[i] = -1;
		}
	}
}

// attach_premade attaches the premade mount *fd at path (relative to
// dirfd; "" for dirfd itself), once: it is closed either way, so that a
// step that fails here mounts the file system the usual way.
static long attach_premade(long *fd, int dirfd, const char *path) {
	long r = SYS5(SYS_move_mount, *fd, "", dirfd, path, MOVE_MOUNT_F_EMPTY_PATH | (path[0] == 0 ? MOVE_MOUNT_T_EMPTY_PATH : 0));
	SYS1(SYS_close, *fd);
	*fd = -1;
	return r;
}

// mount_new_proc mounts a proc file system of the caller's pid namespace
// on /proc, read-only: the run's and the probe's one way to do it.
static long mount_new_proc(void) {
	if (premade.proc >= 0) {
		long r = attach_premade(&premade.proc, AT_FDCWD, "/proc");
		if (r == 0) {
			return 0;
		}
	}
	return SYS5(SYS_mount, "proc", "/proc", "proc", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, 0);
}

// mount_proc mounts a /proc of the child's own pid namespace, read-only,
// and lets the Landlock ruleset read it: the parent granted the host's
// /proc, another file system.
//
// Inside a user namespace the kernel refuses a proc mount while parts of
// the host's /proc are hidden by mounts over them (containers mask
// /proc/kcore and others so): the host's /proc then stays, as it is
// without the pid namespace, and the child tells the parent, which warns.
static void mount_proc(int ruleset) {
	long r = mount_new_proc();
	if (r == -EPERM) {
		// The parent warns (see MEWS_PROC_REFUSED).
		SYS6(SYS_sendto, spec_fd, MEWS_PROC_REFUSED, 1, MSG_NOSIGNAL, 0, 0);
		return;
	}
	if (r != 0) {
		fail("namespaces", "mount a /proc of the pid namespace", NULL, r, STATUS_SANDBOX);
	}
	if (ruleset < 0) {
		return;
	}
	long fd = open_exact("/proc");
	if (fd < 0) {
		fail("namespaces", "open the new /proc", NULL, fd, STATUS_SANDBOX);
	}
	struct __attribute__((packed)) {
		uint64_t allowed_access;
		int32_t parent_fd;
	} rule = {LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR, (int32_t)fd};
	r = SYS4(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
	SYS1(SYS_close, fd);
	if (r != 0) {
		fail("landlock", "landlock_add_rule for the new /proc", NULL, r, STATUS_SANDBOX);
	}
}

// The descriptors of paths kept through an empty tmpfs (MEWS_MOUNT_KEEP),
// in the order the MEWS_MOUNT_PLACE steps bind them back.
static long kept[MEWS_MAX_KEPT];
static size_t nkept, nplaced;

// make_way makes the missing directories on the way to path, in a tmpfs
// the child just mounted (new and its own, so none is a link).
static void make_way(const char *path) {
	static char b[4096];
	size_t n = slen(path);
	if (n >= sizeof b) {
		fail("namespaces", "make the way (path too long) ", path, -ENAMETOOLONG, STATUS_SANDBOX);
	}
	copy(b, path, n + 1);
	for (size_t i = 1; i < n; i++) {
		if (b[i] != '/') {
			continue;
		}
		b[i] = 0;
		long r = SYS3(SYS_mkdirat, AT_FDCWD, b, 0755);
		b[i] = '/';
		if (r != 0 && r != -EEXIST) {
			fail("namespaces", "make the directories on the way to ", path, r, STATUS_SANDBOX);
		}
	}
}

// place binds the next kept path back at path, inside a tmpfs the child
// just mounted: the missing directories on the way are made (the tmpfs is
// new and the child's own, so none is a link), then a directory or an
// empty file to bind onto.
static void place(const char *path) {
	if (nplaced >= nkept) {
		fail("namespaces", "bind back (no path kept for it) ", path, -EINVAL, STATUS_SANDBOX);
	}
	long src = kept[nplaced++];
	make_way(path);
	struct stat st;
	long r = SYS2(SYS_fstat, src, &st);
	if (r == 0 && S_ISDIR(st.st_mode)) {
		r = SYS3(SYS_mkdirat, AT_FDCWD, path, 0755);
	} else if (r == 0) {
		r = SYS4(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (r >= 0) {
			SYS1(SYS_close, r);
			r = 0;
		}
	}
	if (r == -EEXIST) {
		r = 0; // a path kept twice, or the parent of another
	}
	if (r == 0) {
		r = SYS5(SYS_mount, fd_path(src), path, 0, MS_BIND | MS_REC, 0);
	}
	SYS1(SYS_close, src);
	if (r != 0) {
		fail("namespaces", "bind back ", path, r, STATUS_SANDBOX);
	}
}

// do_mounts runs the mount steps the parent planned, in the new mount
// namespace the child was started in (see namespace_linux.go): the steps
// are generic, the parent decides what they do. Every path but "/" is
// opened without following links and acted on through its descriptor.
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#define LANDLOCK_RULE_PATH_BENEATH 1
// The rights that apply to a file (landlock/access.go's fileRights):
// execute, write, read, truncate, ioctl on a device.
#define LANDLOCK_FILE_RIGHTS (1ULL << 0 | 1ULL << 1 | 1ULL << 2 | 1ULL << 14 | 1ULL << 15)

// tmpfs_options writes "mode=<mode>" into out, with ",size=<size>" when
// size is not 0 (0: the kernel's default, half the memory).
static const char *tmpfs_options(char out[48], const char *mode, uint64_t size) {
	size_t o = slen(mode);
	copy(out, "mode=", 5);
	copy(out + 5, mode, o);
	o += 5;
	if (size > 0) {
		copy(out + o, ",size=", 6);
		o += 6;
		o += decimal(out + o, size);
	}
	out[o] = 0;
	return out;
}

// grant_beneath adds a Landlock rule granting access beneath path, a file
// system the child mounted after the parent built the ruleset (which
// granted the host's directory there): nothing when there is no ruleset
// or nothing to grant.
static void grant_beneath(int ruleset, const char *path, uint64_t access) {
	if (ruleset < 0 || access == 0) {
		return;
	}
	long fd = open_exact(path);
	if (fd < 0) {
		fail("namespaces", "open, following no link, ", path, fd, STATUS_SANDBOX);
	}
	struct __attribute__((packed)) {
		uint64_t allowed_access;
		int32_t parent_fd;
	} beneath = {access, (int32_t)fd};
	long r = SYS4(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
	SYS1(SYS_close, fd);
	if (r != 0) {
		fail("landlock", "landlock_add_rule for the child's own file system at ", path, r, STATUS_SANDBOX);
	}
}

// private_tmp makes the run's private temporary directory at path, in the
// empty tmpfs just mounted over its parent (MEWS_MOUNT_EMPTY, which a
// MEWS_MOUNT_RDONLY then seals): a tmpfs of its own, 0700, of size bytes
// at most (0: the kernel's default, half the memory), which the Landlock
// ruleset (if any) grants access beneath. It is the child's: the host
// never sees it, and it goes with the mount namespace. Like every step it
// follows no link: made relative to its parent, mounted on the directory
// made.
static void private_tmp(const char *path, uint64_t access, uint64_t size, int ruleset) {
	static char dir[4096];
	char options[48];
	size_t n = slen(path), cut = n;
	while (cut > 0 && path[cut - 1] != '/') {
		cut--;
	}
	if (cut < 2 || cut >= n || n >= sizeof dir) {
		fail("namespaces", "BUG(mewsandbox): a private temporary directory not below a directory: ", path, -EINVAL, STATUS_SANDBOX);
	}
	copy(dir, path, cut - 1);
	dir[cut - 1] = 0;
	long parent = open_exact(dir);
	long r = parent < 0 ? parent : SYS3(SYS_mkdirat, parent, path + cut, 0700);
	long fd = -1;
	if (r == 0) {
		struct {
			uint64_t flags, mode, resolve;
		} how = {O_PATH | O_CLOEXEC | O_DIRECTORY, 0, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
		fd = r = SYS4(SYS_openat2, parent, path + cut, &how, sizeof how);
	}
	if (r >= 0) {
		r = SYS5(SYS_mount, "tmpfs", fd_path(fd), "tmpfs", MS_NOSUID | MS_NODEV, tmpfs_options(options, "0700", size));
	}
	if (parent >= 0) {
		SYS1(SYS_close, parent);
	}
	if (fd >= 0) {
		SYS1(SYS_close, fd);
	}
	if (r != 0) {
		fail("namespaces", "mount the private temporary directory ", path, r, STATUS_SANDBOX);
	}
	grant_beneath(ruleset, path, access);
}

// private_pts mounts a devpts of the child's own over fd, open at path
// (/dev/pts): the command can open the terminals it makes, not the host's
// (another session's keystrokes, its screen). The ptmx beside path
// (/dev/ptmx), a device node there, gets the new one's bound over it, so
// that the terminals made through it are the new file system's; a link
// there (to pts/ptmx) already leads to it.
static long private_pts(long fd, const char *path) {
	long r = premade.pts >= 0 ? attach_premade(&premade.pts, (int)fd, "") : -1;
	if (r != 0) {
		r = SYS5(SYS_mount, "devpts", fd_path(fd), "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620");
	}
	if (r != 0) {
		return r;
	}
	// sibling is path's sibling ptmx, mine the new file system's (fd
	// holds the one beneath it).
	static char sibling[4096], mine[4096], from[32];
	size_t n = slen(path), cut = n;
	while (cut > 0 && path[cut - 1] != '/') {
		cut--;
	}
	if (cut < 2 || n + 6 > sizeof mine) {
		return -EINVAL;
	}
	copy(sibling, path, cut);
	copy(sibling + cut, "ptmx", 5);
	copy(mine, path, n);
	copy(mine + n, "/ptmx", 6);
	long host = open_exact(sibling);
	if (host < 0) {
		return host == -ENOENT || host == -ELOOP ? 0 : host;
	}
	struct stat st;
	r = SYS2(SYS_fstat, host, &st);
	if (r == 0 && S_ISCHR(st.st_mode)) {
		long new_ptmx = open_exact(mine);
		r = new_ptmx;
		if (new_ptmx >= 0) {
			const char *p = fd_path(new_ptmx);
			copy(from, p, slen(p) + 1); // fd_path's buffer is shared
			r = SYS5(SYS_mount, from, fd_path(host), 0, MS_BIND, 0);
			SYS1(SYS_close, new_ptmx);
		}
	}
	SYS1(SYS_close, host);
	return r;
}

// bind_link binds the symbolic link at path (whose directories the parent
// resolved) onto itself, the link not followed: a mount point cannot be
// removed, renamed or replaced (EBUSY), so the link keeps pointing where
// the parent found it pointing, at the protected path it followed. A link
// swapped for anything else since fails the run.
static void bind_link(const char *path) {
	struct {
		uint64_t flags, mode, resolve;
	} how = {O_PATH | O_NOFOLLOW | O_CLOEXEC, 0, RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
	long fd = SYS4(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
	struct stat st;
	long r = fd < 0 ? fd : SYS2(SYS_fstat, fd, &st);
	if (r == 0 && !S_ISLNK(st.st_mode)) {
		r = -EINVAL; // no longer a link
	}
	if (r == 0) {
		const char *p = fd_path(fd);
		r = SYS5(SYS_mount, p, p, 0, MS_BIND, 0);
	}
	if (fd >= 0) {
		SYS1(SYS_close, fd);
	}
	if (r != 0) {
		fail("namespaces", "bind onto itself the symbolic link ", path, r, STATUS_SANDBOX);
	}
}

#ifndef SYS_statx
#define SYS_statx 332
#endif
#define STATX_ATTR_MOUNT_ROOT_BIT 0x2000
#define STATX_INO_BIT 0x100

// mount_root says whether descriptor fd is the root of a mount, which a
// path the plan found one may no longer be (a nested mount the host
// unmounted since): the kernel refuses mount_setattr there (EINVAL), and
// the steps look first, to say why or go on without it. The kernels with
// the layer's mount_setattr (5.12) all report it.
static int mount_root(long fd) {
	uint64_t stx[32] = {0}; // struct statx: stx_attributes at 8, stx_attributes_mask at 56
	return SYS5(SYS_statx, fd, "", AT_EMPTY_PATH, 0, stx) == 0 && (stx[56 / 8] & STATX_ATTR_MOUNT_ROOT_BIT) != 0 &&
	       (stx[8 / 8] & STATX_ATTR_MOUNT_ROOT_BIT) != 0;
}

// step_next returns the mount step after the one at p (see do_mounts).
static unsigned char *step_next(unsigned char *p) {
	size_t n = 8 + slen((const char *)p + 4);
	return p + n + (u32le(p) == MEWS_MOUNT_WRITABLE_HOST ? MEWS_MOUNT_IDENTITY_SIZE : 0);
}

// same_mount says whether descriptor fd, open at a mount's root, shows
// the mount the plan judged, whose identity is at id: its file system's
// device and the inode of its root. Not the mount id, which the mounts
// of this namespace, a copy of the host's, have afresh.
static int same_mount(long fd, const unsigned char *id) {
	uint32_t stx[64] = {0}; // struct statx: stx_ino at 32, stx_dev_major at 136, stx_dev_minor at 140
	if (SYS5(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_INO_BIT, stx) != 0 || (stx[0] & STATX_INO_BIT) == 0) {
		return 0;
	}
	return stx[136 / 4] == u32le(id) && stx[140 / 4] == u32le(id + 4) && stx[32 / 4] == u32le(id + 8) &&
	       stx[36 / 4] == u32le(id + 12);
}

// host_writable says whether the mount at path, as the host has it (the
// namespace's copy, before MEWS_MOUNT_RDONLY_TREE), is the one the plan
// judged (id: same_mount), writable and not one of the kernel's
// interfaces: the parent planned the steps from the host's mount table,
// which may have changed since (a nested mount unmounted, leaving the path
// on its parent's mount, or another mounted over it, which the plan did
// not look at: a bind of / or of a protected path, say).
static int host_writable(const char *path, const unsigned char *id) {
	long fd = open_exact(path);
	if (fd < 0) {
		return 0;
	}
	if (!mount_root(fd) || !same_mount(fd, id)) { // unmounted or replaced since the plan
		SYS1(SYS_close, fd);
		return 0;
	}
	struct statfs fs;
	long r = SYS2(SYS_fstatfs, fd, &fs);
	SYS1(SYS_close, fd);
	if (r != 0 || fs.f_flags & ST_RDONLY) {
		return 0;
	}
	static const unsigned long kernel[] = {
		0x9fa0,     // proc
		0x62656572, // sysfs
		0x1cd1,     // devpts
		0x27e0eb,   // cgroup
		0x63677270, // cgroup2
		0x64626720, // debugfs
		0x74726163, // tracefs
		0x73636673, // securityfs
		0xcafe4a11, // bpf
		0x62656570, // configfs
		0xde5e81e4, // efivarfs
		0x6165676c, // pstore
		0x42494e4d, // binfmt_misc
		0x65735543, // fusectl
		0xf97cff8c, // selinuxfs
		0x43415d53, // smackfs
		0x958458f6, // hugetlbfs
		0x19800202, // mqueue
	};
	for (size_t k = 0; k < sizeof kernel / sizeof kernel[0]; k++) {
		if ((unsigned long)fs.f_type == kernel[k]) {
			return 0;
		}
	}
	return 1;
}

static void do_mounts(struct mews_spec *s, int ruleset) {
	unsigned char *p = s->mounts;
	// host_rw[n]: the nth MEWS_MOUNT_WRITABLE_HOST step's mount was
	// writable on the host (host_writable), looked at before the tree
	// is made read-only.
	static unsigned char host_rw[MEWS_MOUNT_MAX_HOST];
	size_t nhost = 0;
	for (size_t i = 0; i < s->nmounts; i++) {
		// A step was op (4 bytes), length (4), path (and, for
		// MEWS_MOUNT_WRITABLE_HOST, the mount's identity); the decoder
		// made the path a C string in place over its length, so what
		// follows starts 8 bytes and the path's length further on.
		uint32_t op = u32le(p);
		const char *path = (const char *)p + 4;
		// The identity a MEWS_MOUNT_WRITABLE_HOST step carries.
		const unsigned char *id = p + 8 + slen(path);
		p = step_next(p);
		long r = 0;
		const char *what = "";
		if (op == MEWS_MOUNT_PRIVATE) {
			r = SYS5(SYS_mount, 0, "/", 0, MS_REC | MS_PRIVATE, 0);
			if (r != 0) {
				fail("namespaces", "make every mount private: mount(MS_REC|MS_PRIVATE) /", NULL, r, STATUS_SANDBOX);
			}
			continue;
		}
		if (op == MEWS_MOUNT_PROC) {
			if (s->pidns) { // not when pid namespaces were refused
				mount_proc(ruleset);
			}
			continue;
		}
		if (op == MEWS_MOUNT_RDONLY_TREE) {
			unsigned char *q = p;
			for (size_t j = i + 1, n = 0; j < s->nmounts && n < MEWS_MOUNT_MAX_HOST; j++) {
				const char *at = (const char *)q + 4;
				if (u32le(q) == MEWS_MOUNT_WRITABLE_HOST) {
					host_rw[n++] = (unsigned char)host_writable(at, (const unsigned char *)at + 4 + slen(at));
				}
				q = step_next(q);
			}
			// And without devices: a device node stays openable on a
			// read-only mount, and one reached by another name than
			// /dev's (a bind of /dev, or of / with its mounts, under
			// a grant) would escape Landlock's rules on /dev. The
			// sandbox's /dev gets them back (MEWS_MOUNT_DEVICES).
			struct mount_attr a = {.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODEV};
			r = SYS5(SYS_mount_setattr, AT_FDCWD, "/", AT_RECURSIVE, &a, sizeof a);
			if (r != 0) {
				fail("namespaces", "make every mount read-only and without devices: mount_setattr /", NULL, r, STATUS_SANDBOX);
			}
			continue;
		}
		if (op == MEWS_MOUNT_PLACE) {
			place(path);
			continue;
		}
		if (op == MEWS_MOUNT_PRIVATE_TMP) {
			private_tmp(path, s->tmp_access, s->tmp_size, ruleset);
			continue;
		}
		if (op == MEWS_MOUNT_BIND_LINK) {
			bind_link(path);
			continue;
		}
		if (op == MEWS_MOUNT_WRITABLE_HOST) {
			// Never writable where the host had it read-only: left as
			// the tree is, read-only.
			if (nhost >= MEWS_MOUNT_MAX_HOST || !host_rw[nhost++]) {
				continue;
			}
			long fd = open_exact(path);
			if (fd >= 0 && (!mount_root(fd) || !same_mount(fd, id))) {
				SYS1(SYS_close, fd); // unmounted or replaced since: left read-only
				continue;
			}
			r = fd < 0 ? fd : set_rdonly((int)fd, "", AT_EMPTY_PATH, 0);
			if (fd >= 0) {
				SYS1(SYS_close, fd);
			}
			if (r != 0) {
				fail("namespaces", "make writable again the nested mount ", path, r, STATUS_SANDBOX);
			}
			continue;
		}
		if (op == MEWS_MOUNT_MKDIR) {
			make_way(path);
			r = SYS3(SYS_mkdirat, AT_FDCWD, path, 0755);
			if (r != 0 && r != -EEXIST) {
				fail("namespaces", "make the empty directory ", path, r, STATUS_SANDBOX);
			}
			continue;
		}
		long fd = open_exact(path);
		if (fd < 0) {
			fail("namespaces", "open, following no link, ", path, fd, STATUS_SANDBOX);
		}
		if (op == MEWS_MOUNT_KEEP) {
			if (nkept >= MEWS_MAX_KEPT) {
				fail("namespaces", "keep (too many paths) ", path, -E2BIG, STATUS_SANDBOX);
			}
			kept[nkept++] = fd;
			continue;
		}
		switch (op) {
		case MEWS_MOUNT_BIND:
			what = "bind mount onto itself ";
			r = SYS5(SYS_mount, fd_path(fd), fd_path(fd), 0, MS_BIND | MS_REC, 0);
			break;
		case MEWS_MOUNT_WRITABLE:
			// A mount of its own, bound or found so by the plan: not
			// one the host unmounted since.
			what = "make writable again (the mount table changed while the run was planned: run again) ";
			r = mount_root(fd) ? set_rdonly((int)fd, "", AT_EMPTY_PATH, 0) : -EXDEV;
			break;
		case MEWS_MOUNT_RDONLY:
			what = "make read-only ";
			r = set_rdonly((int)fd, "", AT_EMPTY_PATH, 1);
			break;
		case MEWS_MOUNT_NODEV: {
			// A device node stays writable on a read-only mount: on
			// one without devices none opens (the nodes a run may use
			// are bound onto themselves before, mounts of their own).
			struct mount_attr a = {.attr_set = MOUNT_ATTR_NODEV};
			what = "forbid devices on ";
			r = SYS5(SYS_mount_setattr, fd, "", AT_EMPTY_PATH, &a, sizeof a);
			break;
		}
		case MEWS_MOUNT_DEVICES: {
			// A mount the host had without devices keeps them off,
			// locked in a user namespace (EPERM): nothing to give back.
			struct mount_attr a = {.attr_clr = MOUNT_ATTR_NODEV};
			what = "allow devices on ";
			r = SYS5(SYS_mount_setattr, fd, "", AT_EMPTY_PATH, &a, sizeof a);
			if (r == -EPERM) {
				r = 0;
			}
			break;
		}
		case MEWS_MOUNT_CHDIR:
			what = "change to the working directory ";
			r = SYS1(SYS_fchdir, fd);
			break;
		case MEWS_MOUNT_HIDE_FILE:
			// /dev/null over the file, on a mount without devices: every
			// open of it fails (EACCES), and it cannot be renamed away.
			what = "bind /dev/null over ";
			r = SYS5(SYS_mount, "/dev/null", fd_path(fd), 0, MS_BIND, 0);
			if (r == 0) {
				long top = open_exact(path);
				struct mount_attr a = {.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC};
				r = top < 0 ? top : SYS5(SYS_mount_setattr, top, "", AT_EMPTY_PATH, &a, sizeof a);
				if (top >= 0) {
					SYS1(SYS_close, top);
				}
			}
			break;
		case MEWS_MOUNT_EMPTY:
			// An empty file system over a directory: what other
			// programs keep there (their sockets), with the kept paths
			// bound back into it, or a denied directory. A
			// MEWS_MOUNT_RDONLY step seals it.
			what = "mount an empty tmpfs over ";
			r = premade.nempty < 2 && premade.empty[premade.nempty] >= 0 ? attach_premade(&premade.empty[premade.nempty++], (int)fd, "") : -1;
			if (r != 0) {
				r = SYS5(SYS_mount, "tmpfs", fd_path(fd), "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=64k,mode=755");
			}
			break;
		case MEWS_MOUNT_SHM: {
			// The command's POSIX shared memory, not the host's (other
			// programs' segments, which it could read and change).
			char options[48];
			what = "mount a tmpfs of the sandbox's own over ";
			r = premade.shm >= 0 && s->tmp_size == 0 ? attach_premade(&premade.shm, (int)fd, "") : -1;
			if (r != 0) {
				r = SYS5(SYS_mount, "tmpfs", fd_path(fd), "tmpfs", MS_NOSUID | MS_NODEV, tmpfs_options(options, "1777", s->tmp_size));
			}
			break;
		}
		case MEWS_MOUNT_PTS:
			what = "mount a devpts of the sandbox's own over ";
			r = private_pts(fd, path);
			break;
		case MEWS_MOUNT_TMP: {
			// The command's own /tmp, writable by all as the host's,
			// with the kept paths bound back into it: what it writes
			// there goes with the run.
			char options[48];
			what = "mount a writable tmpfs of the sandbox's own over ";
			r = premade.tmp >= 0 && s->tmp_size == 0 ? attach_premade(&premade.tmp, (int)fd, "") : -1;
			if (r != 0) {
				r = SYS5(SYS_mount, "tmpfs", fd_path(fd), "tmpfs", MS_NOSUID | MS_NODEV, tmpfs_options(options, "1777", s->tmp_size));
			}
			break;
		}
		}
		SYS1(SYS_close, fd);
		if (r != 0) {
			fail("namespaces", what, path, r, STATUS_SANDBOX);
		}
		if (op == MEWS_MOUNT_SHM) {
			grant_beneath(ruleset, path, s->shm_access);
		} else if (op == MEWS_MOUNT_TMP) {
			grant_beneath(ruleset, path, s->tmp_access);
		} else if (op == MEWS_MOUNT_PTS) {
			grant_beneath(ruleset, path, s->pts_access);
			// Reached through the bind over /dev/ptmx, its ptmx is not
			// beneath path: Landlock looks at the file, then past the
			// mount point it hides. A rule of its own, with the rights
			// that apply to files.
			static char ptmx[4096];
			size_t n = slen(path);
			if (n + 6 <= sizeof ptmx) {
				copy(ptmx, path, n);
				copy(ptmx + n, "/ptmx", 6);
				grant_beneath(ruleset, ptmx, s->pts_access & LANDLOCK_FILE_RIGHTS);
			}
		}
	}
}

// drop_caps leaves the process only the capabilities in keep it has: none
// in the bounding set (what a root command regains at execve), the
// permitted, effective and inheritable sets and the ambient set (what any
// command keeps across execve) but those. Without CAP_SETPCAP the bounding
// set cannot change, and matters not: no_new_privs ignores file
// capabilities, and a non-root execve gains nothing else from it.
static void drop_caps(uint64_t keep) {
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct data[2];
	long r = SYS2(SYS_capget, &hdr, data);
	if (r != 0) {
		fail("capabilities", "capget", NULL, r, STATUS_SANDBOX);
	}
	uint64_t permitted = data[0].permitted | (uint64_t)data[1].permitted << 32;
	uint64_t effective = data[0].effective | (uint64_t)data[1].effective << 32;
	keep &= permitted;
	if (effective & (1ULL << CAP_SETPCAP)) {
		// EINVAL past the last capability this kernel has.
		for (int cap = 0; cap < 64; cap++) {
			if ((keep & (1ULL << cap)) != 0) {
				continue;
			}
			r = SYS2(SYS_prctl, PR_CAPBSET_DROP, cap);
			if (r == -EINVAL) {
				break;
			}
			if (r != 0) {
				fail("capabilities", "prctl(PR_CAPBSET_DROP)", NULL, r, STATUS_SANDBOX);
			}
		}
	}
	// EINVAL: a kernel before 4.3, without ambient capabilities.
	r = SYS5(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	if (r != 0 && r != -EINVAL) {
		fail("capabilities", "prctl(PR_CAP_AMBIENT_CLEAR_ALL)", NULL, r, STATUS_SANDBOX);
	}
	for (int i = 0; i < 2; i++) {
		uint32_t k = (uint32_t)(keep >> (32 * i));
		data[i].permitted = data[i].effective = data[i].inheritable = k;
	}
	r = SYS2(SYS_capset, &hdr, data);
	if (r != 0) {
		fail("capabilities", "capset", NULL, r, STATUS_SANDBOX);
	}
	// Raised into the ambient set, a kept capability survives execve for
	// a command that is not root too.
	for (int cap = 0; cap < 64; cap++) {
		if ((keep & (1ULL << cap)) == 0) {
			continue;
		}
		r = SYS5(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0);
		if (r != 0) {
			fail("capabilities", "prctl(PR_CAP_AMBIENT_RAISE)", NULL, r, STATUS_SANDBOX);
		}
	}
}

// set_limits sets each limit, lowering a value above the hard limit the
// process has to it: a sandbox only tightens.
static void set_limits(const unsigned char *l, size_t n) {
	for (size_t i = 0; i < n; i++, l += 20) {
		uint32_t res = u32le(l);
		uint64_t soft = u32le(l + 4) | (uint64_t)u32le(l + 8) << 32;
		uint64_t hard = u32le(l + 12) | (uint64_t)u32le(l + 16) << 32;
		// struct rlimit64: soft, then hard; ~0 is RLIM64_INFINITY.
		uint64_t old[2];
		long e = SYS4(SYS_prlimit64, 0, res, 0, old);
		if (e != 0) {
			fail("limits", "prlimit64", NULL, e, STATUS_SANDBOX);
		}
		if (old[1] != ~(uint64_t)0) {
			soft = soft < old[1] ? soft : old[1];
			hard = hard < old[1] ? hard : old[1];
		}
		uint64_t lim[2] = {soft, hard};
		e = SYS4(SYS_prlimit64, 0, res, lim, 0);
		if (e != 0) {
			fail("limits", "prlimit64", NULL, e, STATUS_SANDBOX);
		}
	}
}

// pass_fds puts each descriptor the command is handed (a pair of uint32:
// where the runner placed it, at 5 and up, and the number it is to have) at
// its number, open across execve. The status pipe, the spec socket, the
// Landlock ruleset and the sources move above every target first, so that
// no move overwrites another's source or one of those.
static void pass_fds(const unsigned char *p, size_t n, int *ruleset) {
	if (n == 0) {
		return;
	}
	uint32_t top = 4;
	for (size_t i = 0; i < n; i++) {
		uint32_t from = u32le(p + 8 * i), to = u32le(p + 8 * i + 4);
		if (from < 5 || to < 3 || from > (1u << 20) || to > (1u << 20)) {
			fail("fds", "BUG(mewsandbox): a passed descriptor out of range", NULL, 0, STATUS_SANDBOX);
		}
		top = from > top ? from : top;
		top = to > top ? to : top;
	}
	// The moves below take numbers up to last: the status pipe, the spec
	// socket and the ruleset, if any, then each passed descriptor, above
	// top. Past the soft RLIMIT_NOFILE (ulimit -n) they would fail with a
	// bare EMFILE or EINVAL.
	uint64_t last = (uint64_t)top + (*ruleset >= 0 ? 3 : 2) + n, nofile[2];
	if (SYS4(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, nofile) == 0 && last >= nofile[0]) {
		static char what[200];
		char need[24], limit[24];
		need[decimal(need, last + 1)] = 0;
		limit[decimal(limit, nofile[0])] = 0;
		const char *parts[] = {"the descriptors passed need a limit of open files of at least ", need, " (the child moves its own above the highest passed), over ", limit,
				       " (ulimit -n): raise it, or pass lower numbers"};
		fail("fds", join(what, sizeof what, parts, sizeof parts / sizeof parts[0]), NULL, EMFILE, STATUS_SANDBOX);
	}
	long st = SYS3(SYS_fcntl, status_fd, F_DUPFD_CLOEXEC, top + 1);
	if (st < 0) {
		fail("fds", "fcntl(F_DUPFD_CLOEXEC) of the status pipe", NULL, st, STATUS_SANDBOX);
	}
	SYS1(SYS_close, status_fd);
	status_fd = (int)st;
	long sf = SYS3(SYS_fcntl, spec_fd, F_DUPFD_CLOEXEC, top + 1);
	if (sf < 0) {
		fail("fds", "fcntl(F_DUPFD_CLOEXEC) of the spec socket", NULL, sf, STATUS_SANDBOX);
	}
	SYS1(SYS_close, spec_fd);
	spec_fd = (int)sf;
	if (*ruleset >= 0) {
		long rs = SYS3(SYS_fcntl, *ruleset, F_DUPFD_CLOEXEC, top + 1);
		if (rs < 0) {
			fail("fds", "fcntl(F_DUPFD_CLOEXEC) of the Landlock ruleset", NULL, rs, STATUS_SANDBOX);
		}
		SYS1(SYS_close, *ruleset);
		*ruleset = (int)rs;
	}
	long *moved = map(n * sizeof(long));
	for (size_t i = 0; i < n; i++) {
		uint32_t from = u32le(p + 8 * i);
		moved[i] = SYS3(SYS_fcntl, from, F_DUPFD_CLOEXEC, top + 1);
		if (moved[i] < 0) {
			fail("fds", "fcntl(F_DUPFD_CLOEXEC) of a passed descriptor", NULL, moved[i], STATUS_SANDBOX);
		}
		SYS1(SYS_close, from);
	}
	for (size_t i = 0; i < n; i++) {
		// dup3 without O_CLOEXEC leaves the new descriptor open across
		// execve; its source is never its target (sources are above).
		long r = SYS3(SYS_dup3, moved[i], u32le(p + 8 * i + 4), 0);
		if (r < 0) {
			fail("fds", "dup3 of a passed descriptor", NULL, r, STATUS_SANDBOX);
		}
		SYS1(SYS_close, moved[i]);
	}
}

// The command's standard descriptors were opened by its caller, on the
// host's mounts: a file there stays writable through them whatever the
// layer makes read-only, and its owner (the command, as root or as the
// user) could fchmod, fchown, futimens or fsetxattr it (a review left a
// set-uid copy of /usr/bin/id in the file stdout went to, and made the
// host's /dev/null unusable through stdin). With the layer, guard_stdio
// gives the command instead the sandbox's own device node for /dev/null
// and its kin (on a read-only mount there), and for stdout and stderr
// going to a regular file outside the writable grants a pipe, which the
// pid namespace's init relays to the file. A file it may only read and
// could not change by its name (an input file outside the root,
// .git/config), any directory, a named FIFO and a terminal, it gets opened
// afresh (give_afresh). Another device stays the caller's descriptor where
// the command could not change it through that, and refuses the run
// otherwise (guard_stdio).
#define MAX_RELAYS 2
static struct relay {
	int fd;   // the command's descriptor: 1 or 2
	int also; // the other one, where the same pipe serves both (2>&1), or -1
	int host; // init's descriptor of the file (init's own fd)
	int pipe; // init's end of the pipe; -1 once done
	int cmd;  // the command's end, until the command has started
} relays[MAX_RELAYS];
static int nrelays;
static long command_pid;

#ifndef SYS_kcmp
#define SYS_kcmp 312
#endif
#define KCMP_FILE 0
#ifndef SPLICE_F_NONBLOCK
#define SPLICE_F_NONBLOCK 2
#endif

// dev_is says whether st is the character device major:minor (a device
// number split as the kernel's new_encode_dev makes it).
static int dev_is(const struct stat *st, unsigned major, unsigned minor) {
	return (st->st_mode & S_IFMT) == S_IFCHR && (st->st_rdev >> 8 & 0xfff) == major && ((st->st_rdev & 0xff) | (st->st_rdev >> 12 & 0xfff00)) == minor;
}

// memory_device says whether st is one of the kernel's memory devices
// (mem's minor numbers: null 3, zero 5, full 7, random 8, urandom 9), and
// names it.
static const char *memory_device(const struct stat *st) {
	static const char *const names[] = {[3] = "/dev/null", [5] = "/dev/zero", [7] = "/dev/full", [8] = "/dev/random", [9] = "/dev/urandom"};
	for (unsigned minor = 0; minor < sizeof names / sizeof names[0]; minor++) {
		if (names[minor] != NULL && dev_is(st, 1, minor)) {
			return names[minor];
		}
	}
	return NULL;
}

#ifndef TIOCGPTN
#define TIOCGPTN 0x80045430
#endif
#ifndef TIOCGDEV
#define TIOCGDEV 0x80045432
#endif

// other_device says whether st is a device other than the memory devices.
static int other_device(const struct stat *st) {
	long type = st->st_mode & S_IFMT;
	return (type == S_IFCHR || type == S_IFBLK) && memory_device(st) == NULL;
}

// stdio_terminal says whether standard descriptor fd (st) is on a
// terminal other than a pty's master: a pty of the host's /dev/pts, a
// console, /dev/tty. The caller's descriptor of it is on the host's /dev,
// where the command could fchmod it (make the terminal writable by
// others); guard_stdio gives it opened afresh on a read-only mount
// instead, once same_terminal says that is the same terminal. Other
// devices are not opened afresh: opened again, some are another object (a
// pty's master a new pty, /dev/kmsg another reader), and a disk would not
// be at the caller's offset.
static int stdio_terminal(int fd, const struct stat *st) {
	unsigned char termios[64];
	unsigned n;
	return (st->st_mode & S_IFMT) == S_IFCHR && memory_device(st) == NULL && SYS3(SYS_ioctl, fd, TCGETS, termios) == 0 &&
	       SYS3(SYS_ioctl, fd, TIOCGPTN, &n) != 0;
}

// same_terminal says whether descriptors a and b are on one terminal:
// /dev/tty, or /dev/console, opened afresh is the terminal of now, which
// may not be the caller's.
static int same_terminal(long a, long b) {
	unsigned da, db;
	return SYS3(SYS_ioctl, a, TIOCGDEV, &da) == 0 && SYS3(SYS_ioctl, b, TIOCGDEV, &db) == 0 && da == db;
}

#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE 1
#endif

// copies holds, for each standard descriptor and each one passed with
// --pass-fd that copy_stdio picks, its file opened afresh on a detached,
// read-only copy of the mount it is on, or why it could not be (a negative
// errno). give_afresh gives the command the file opened afresh by its name
// on the sandbox's own mounts instead where that name leads to it, and
// this copy where the layer hid it (a file in the host's /tmp).
static struct fd_copy {
	int of;   // the command's descriptor
	int fd;   // the copy, O_CLOEXEC; -1 if none
	long err; // why none, where wanted; 0 where not wanted
} *copies;
static int ncopies;

// copy_of returns descriptor fd's entry in copies, or NULL.
static struct fd_copy *copy_of(int fd) {
	for (int i = 0; i < ncopies; i++) {
		if (copies[i].of == fd) {
			return &copies[i];
		}
	}
	return NULL;
}

// stdio_to_read says whether standard descriptor fd (st, open with
// flags fl) is one for guard_stdio to give the command afresh: on a
// regular file or a directory, open read-only or O_PATH, or stdin open
// for reading and writing (the command reads it; a harness's spare file,
// or <>). Output is relayed instead (struct relay). Its link count does
// not decide: some file systems give 0 for a live file (unlinked below).
static int stdio_to_read(int fd, const struct stat *st, long fl) {
	long type = st->st_mode & S_IFMT;
	long mode = fl & O_ACCMODE;
	return (type == S_IFDIR || type == S_IFREG) && (mode == O_RDONLY || fd == 0 && mode == O_RDWR);
}

// afresh_flags are the flags to open such a descriptor's file afresh
// with: O_PATH for O_PATH (nothing more than the caller gave), a FIFO's
// own, otherwise read-only.
static long afresh_flags(const struct stat *st, long fl) {
	long dir = (st->st_mode & S_IFMT) == S_IFDIR ? O_DIRECTORY : 0;
	if (fl & O_PATH) {
		return O_PATH | O_CLOEXEC | dir;
	}
	if ((st->st_mode & S_IFMT) == S_IFIFO) {
		// A FIFO as the caller opened it, without waiting for the other
		// end (give_afresh restores O_NONBLOCK as it was).
		return (fl & O_ACCMODE) | O_NONBLOCK | O_CLOEXEC;
	}
	if ((st->st_mode & S_IFMT) == S_IFCHR) {
		// A terminal as the caller opened it, without waiting for a
		// serial line's carrier, and without making it the controlling
		// terminal of anyone.
		return (fl & (O_ACCMODE | O_APPEND)) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	}
	return O_RDONLY | (fl & O_NONBLOCK) | O_CLOEXEC | O_NOCTTY | dir;
}

// stdio_name reads the name standard descriptor fd's file has (in this
// process's mount namespace, as the caller's was when it began) into
// name: its length, or a negative errno. The kernel makes it of the
// directories the file is in: it holds no symbolic link.
static long stdio_name(int fd, char name[4096]) {
	char link[40] = "/proc/self/fd/";
	link[14 + decimal(link + 14, (uint64_t)fd)] = 0;
	long n = SYS4(SYS_readlinkat, AT_FDCWD, link, name, 4095);
	if (n >= 4095) {
		return -ENAMETOOLONG;
	}
	if (n >= 0 && (n == 0 || name[0] != '/')) {
		return -ENOENT; // no name: a pipe, a socket
	}
	if (n > 0) {
		name[n] = 0;
	}
	return n;
}

// named_fifo says whether standard descriptor fd (st) is on a FIFO with a
// name (mkfifo's; a pipe has none), which the command could change the
// mode of through it as through a file.
static int named_fifo(int fd, const struct stat *st) {
	char name[4096];
	return (st->st_mode & S_IFMT) == S_IFIFO && stdio_name(fd, name) > 0;
}

// unlinked says whether standard descriptor fd (st) is on a file with no
// name left (a long here document's, unlinked once opened), which nobody
// else sees: no links, and the kernel's name for it says so.
static int unlinked(int fd, const struct stat *st) {
	static const char mark[] = " (deleted)";
	char name[4096];
	long n = stdio_name(fd, name);
	size_t k = sizeof mark - 1;
	if (st->st_nlink != 0 || n < (long)k) {
		return 0;
	}
	for (size_t i = 0; i < k; i++) {
		if (name[n - (long)k + (long)i] != mark[i]) {
			return 0;
		}
	}
	return 1;
}

// same_file says whether descriptor fd is open on the file st describes.
static int same_file(long fd, const struct stat *st) {
	struct stat now;
	return SYS2(SYS_fstat, fd, &now) == 0 && now.st_dev == st->st_dev && now.st_ino == st->st_ino && (now.st_mode & S_IFMT) == (st->st_mode & S_IFMT);
}

// open_named opens name (relative to dirfd; beneath it where beneath;
// dirfd itself where name is NULL) as the file st describes, with flags:
// first as O_PATH following no symbolic link, so that nothing (a FIFO, a
// device) is opened before it is known to be that file (the command of an
// earlier run may have left a link where a name was), then through that
// descriptor. A negative errno, -ENOENT where the name leads to another
// file.
static long open_named(long dirfd, const char *name, const struct stat *st, long flags, int beneath) {
	struct {
		uint64_t flags, mode, resolve;
	} how = {O_PATH | O_CLOEXEC, 0, RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | (beneath ? RESOLVE_BENEATH : 0)};
	long p = name == NULL ? SYS3(SYS_fcntl, dirfd, F_DUPFD_CLOEXEC, 0) : SYS4(SYS_openat2, dirfd, name, &how, sizeof how);
	if (p >= 0 && !same_file(p, st)) {
		SYS1(SYS_close, p);
		p = -ENOENT;
	}
	if (p < 0 || (flags & O_PATH) != 0) {
		return p;
	}
	long fd = SYS3(SYS_open, fd_path(p), flags, 0);
	SYS1(SYS_close, p);
	if (fd >= 0 && !same_file(fd, st)) {
		SYS1(SYS_close, fd);
		fd = -ENOENT;
	}
	return fd;
}

#define STATX_MNT_ID_BIT 0x1000
#define ST_RDONLY_BIT 1 // statfs's f_flags: a read-only mount

// mount_id returns the id of the mount descriptor fd is on, or 0.
static uint64_t mount_id(long fd) {
	uint64_t stx[32] = {0}; // struct statx: 256 bytes, stx_mnt_id at 144
	if (SYS5(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_MNT_ID_BIT, stx) != 0 || (stx[0] & STATX_MNT_ID_BIT) == 0) {
		return 0;
	}
	return stx[144 / 8];
}

// copy_below makes a detached read-only copy of the mount at at (an
// O_PATH descriptor of a directory on it, or of the file) and opens the
// file st describes there with flags: rest, the name below at, or at
// itself where rest is NULL.
static long copy_below(long at, const char *rest, const struct stat *st, long flags) {
	long tree = SYS3(SYS_open_tree, at, "", AT_EMPTY_PATH | OPEN_TREE_CLONE | O_CLOEXEC);
	if (tree < 0) {
		return tree;
	}
	// A terminal stays openable on its copy: the command gets its
	// descriptor only, which leads to no other file (a device has no ..).
	// Not a copy of the node alone, where Landlock's rules on its
	// directory (/dev/pts) would not apply: echo > /dev/stdout reopens it.
	struct mount_attr a = {.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | ((st->st_mode & S_IFMT) == S_IFCHR ? 0 : MOUNT_ATTR_NODEV)};
	long r = SYS5(SYS_mount_setattr, tree, "", AT_EMPTY_PATH, &a, sizeof a);
	long fd = r < 0 ? r : open_named(tree, rest, st, flags, 1);
	SYS1(SYS_close, tree);
	return fd;
}

// copy_stdio runs in the sandbox's mount namespace before the layer's
// mounts hide anything: for each standard descriptor and each passed one
// (pass, npass) on a regular file stdio_to_read picks, a named FIFO or a
// terminal (stdio_terminal), it opens the file, by its name, on a detached read-only copy of the mount it is on (open_tree
// of that mount's first directory along the name, as a bind mount of it
// would make), for guard_stdio to give the command where the layer hides
// the name (a pty of the host's /dev/pts).
// Through the caller's descriptor, opened on the host's mount, the
// command could fchmod, fchown, futimens or fsetxattr the file whatever
// the layer makes read-only (a chmod of /proc/self/fd/0 too); through the
// copy the kernel refuses (EROFS). The copy holds the directories between
// that mount's top and the file, so that Landlock's rules on them apply
// to /proc/self/fd/0 as to the name; not rules on directories above the
// mount.
static void copy_stdio(const unsigned char *pass, size_t npass) {
	copies = map((3 + npass) * sizeof *copies);
	for (size_t k = 0; k < 3 + npass; k++) {
		int fd = k < 3 ? (int)k : (int)u32le(pass + 8 * (k - 3) + 4);
		struct stat st;
		long fl = SYS2(SYS_fcntl, fd, F_GETFL);
		if (fl < 0 || SYS2(SYS_fstat, fd, &st) != 0 || memory_device(&st) != NULL ||
		    !((stdio_to_read(fd, &st, fl) && (st.st_mode & S_IFMT) == S_IFREG) || named_fifo(fd, &st) || stdio_terminal(fd, &st))) {
			continue;
		}
		static char name[4096], prefix[4096];
		long r = stdio_name(fd, name);
		long file = r < 0 ? r : open_named(AT_FDCWD, name, &st, O_PATH | O_CLOEXEC, 0);
		uint64_t mnt = file < 0 ? 0 : mount_id(file);
		if (file >= 0) {
			SYS1(SYS_close, file);
		}
		// The first directory along the name on the file's mount (its
		// top) that the kernel lets this process copy: in a user
		// namespace not one with locked mounts below it (EINVAL), and
		// so on down; last the file itself, also where it is a mount of
		// its own (a bind mount of a file, as containers' /etc/hosts).
		long afresh = file < 0 ? file : mnt == 0 ? -ENOSYS : -ENOENT;
		for (size_t i = 0; mnt != 0; i++) {
			if (name[i] != '/' && name[i] != 0) {
				continue;
			}
			size_t n = i == 0 ? 1 : i;
			copy(prefix, name, n);
			prefix[n] = 0;
			long at = name[i] == 0 ? open_named(AT_FDCWD, name, &st, O_PATH | O_CLOEXEC, 0) : open_exact(prefix);
			if (at >= 0 && mount_id(at) == mnt) {
				afresh = copy_below(at, name[i] == 0 ? NULL : name + i + 1, &st, afresh_flags(&st, fl));
			}
			if (at >= 0) {
				SYS1(SYS_close, at);
			}
			if (afresh >= 0 || afresh != -EINVAL && afresh != -ENOENT || name[i] == 0) {
				break;
			}
		}
		if (afresh >= 0 && (st.st_mode & S_IFMT) == S_IFCHR && !same_terminal(fd, afresh)) {
			SYS1(SYS_close, afresh);
			afresh = -ENXIO; // /dev/tty of another session
		}
		copies[ncopies++] = (struct fd_copy){.of = fd, .fd = afresh < 0 ? -1 : (int)afresh, .err = afresh < 0 ? afresh : 0};
	}
}

// writable_here says whether the file fd (st) is open on is, by its
// name, on a writable mount of the sandbox (inside the writable grants,
// not a protected path), where the command may change it anyway: its
// mode, owner and times, as its owner; its data, where may_write.
static int writable_here(int fd, const struct stat *st) {
	char name[4096];
	long p = stdio_name(fd, name) > 0 ? open_named(AT_FDCWD, name, st, O_PATH | O_CLOEXEC, 0) : -ENOENT;
	uint64_t sfs[15]; // struct statfs; f_flags at 80
	int rw = p >= 0 && SYS2(SYS_fstatfs, p, sfs) == 0 && (sfs[80 / 8] & ST_RDONLY_BIT) == 0;
	if (p >= 0) {
		SYS1(SYS_close, p);
	}
	return rw;
}

// CAP_SYS_PTRACE reaches an undumpable process's descriptors: init's
// (/proc/1/fd), which hold the files of the relays and of stdin's offset.
#define CAP_SYS_PTRACE_BIT (1ULL << 19)

// PTRACE_DETACH, whose header would clash with the kernel's.
#define PTRACE_DETACH_REQUEST 17

// may_write says whether the command may surely write the file st
// describes by its name: as its owner, with the owner's write bit (an ACL
// cannot take that away), or with CAP_DAC_OVERRIDE kept. Not by a group
// or an ACL's grant: the caller's descriptor then goes read-only.
static int may_write(const struct stat *st, uint64_t keep_caps) {
	return st->st_uid == (uid_t)SYS0(SYS_geteuid) && (st->st_mode & S_IWUSR) != 0 || (keep_caps & (1ULL << 1)) != 0;
}

// owned says whether the command could change the mode and owner of the
// file st describes, given a descriptor of it: as its owner, or with any
// capability it keeps (CAP_SETFCAP sets a file's capabilities without
// owning it).
static int owned(const struct stat *st, uint64_t keep_caps) {
	return st->st_uid == (uid_t)SYS0(SYS_geteuid) || keep_caps != 0;
}

// changeable says whether the command could change the mode, times or
// attributes of the file st describes, given a descriptor of it: where
// owned, and where its mode lets others write it (the times, to now).
static int changeable(const struct stat *st, uint64_t keep_caps) {
	return owned(st, keep_caps) || (st->st_mode & (S_IWGRP | S_IWOTH)) != 0;
}

// drop_copy closes standard descriptor fd's copy (copy_stdio), where the
// command keeps the caller's descriptor instead.
static void drop_copy(int fd) {
	struct fd_copy *c = copy_of(fd);
	if (c != NULL && c->fd >= 0) {
		SYS1(SYS_close, c->fd);
		c->fd = -1;
	}
}

static const char *const stdio_names[3] = {"standard input", "standard output", "standard error"};

// fd_stage is the stage that fails on descriptor fd: stdio, or one
// passed with --pass-fd.
static const char *fd_stage(int fd) {
	return fd < 3 ? "stdio" : "fds";
}

// fd_name names descriptor fd in messages: a standard one, or one passed
// with --pass-fd.
static const char *fd_name(int fd) {
	static char name[48];
	if (fd < 3) {
		return stdio_names[fd];
	}
	copy(name, "the descriptor passed as ", 25);
	name[25 + decimal(name + 25, (uint64_t)fd)] = 0;
	return name;
}

// give_afresh gives the command, as standard descriptor fd (st, flags fl),
// the file opened afresh: by its name on the sandbox's mounts, where its
// name leads to it (read-only outside the writable grants and on the
// protected paths, and a directory's .. leads on in the sandbox's tree,
// not the host's), otherwise the file's copy (copy_stdio). Where there is
// neither (a name the runner may not look up, one longer than PATH_MAX, a
// directory the layer hides, a terminal in exclusive mode), the caller's
// descriptor stays if it is a regular file open read-only, a FIFO or a
// device that the command could not change through it anyway, or a file
// with no name left (unlinked); else the run is refused. It returns 0
// where the caller's descriptor stays, 2 where the file opened afresh took
// the caller's offset, 1 otherwise.
static int give_afresh(int fd, const struct stat *st, long fl, uint64_t keep_caps) {
	struct fd_copy none = {fd, -1, 0}, *c = copy_of(fd) != NULL ? copy_of(fd) : &none;
	static char name[4096];
	long r = stdio_name(fd, name);
	long use = r < 0 ? r : open_named(AT_FDCWD, name, st, afresh_flags(st, fl), 0);
	long type = st->st_mode & S_IFMT;
	if (use >= 0 && type == S_IFCHR && !same_terminal(fd, use)) {
		SYS1(SYS_close, use);
		use = -ENXIO; // /dev/tty of another session: the copy's, if any, is checked
	}
	if (type == S_IFIFO && (fl & O_ACCMODE) == O_WRONLY && (use == -ENXIO || (use < 0 && c->fd < 0 && c->err == -ENXIO))) {
		// Output to a FIFO no one reads any more: a pipe no one reads,
		// whose first write fails (SIGPIPE) as the FIFO's would.
		int p[2];
		use = SYS2(SYS_pipe2, p, O_CLOEXEC);
		if (use == 0) {
			SYS1(SYS_close, p[0]);
			use = p[1];
		}
	}
	if (use >= 0) {
		drop_copy(fd);
	} else if (c->fd >= 0) {
		use = c->fd;
	} else {
		// A directory's .. would lead on in the host's mounts, and a
		// descriptor open for writing would write the file (a FIFO's
		// data is the caller's to give).
		if (((type == S_IFREG && (fl & O_ACCMODE) == O_RDONLY) || type == S_IFIFO) && !changeable(st, keep_caps)) {
			return 0;
		}
		// A terminal's mode that lets others write it (0620, /dev/tty's
		// 0666) lets the command write it, which it may, and set its
		// times to now, as each write to a terminal does.
		if (type == S_IFCHR && !owned(st, keep_caps)) {
			return 0;
		}
		if (type != S_IFDIR && unlinked(fd, st)) {
			return 0; // nobody else sees it
		}
		static char what[512];
		// /dev/tty opens the controlling terminal of the session it is
		// opened in: the command's own where its stdin is no terminal,
		// which has none, or the runner's, which may have none or
		// another.
		const char *how = type == S_IFDIR           ? " is on (one the sandbox hides, or with no name left: give the command one it sees)"
			          : dev_is(st, 5, 0)         ? " is on, /dev/tty, which would open the terminal of the command's session: none, or another (give it the terminal by its name, > $(tty), or a pipe: mewsandbox run … | cat)"
			          : type == S_IFCHR && (use == -EBUSY || c->err == -EBUSY) ? " is on, in exclusive mode (TIOCEXCL), which only root may open again (clear it with ioctl TIOCNXCL, or give it a pipe: … | mewsandbox run … | cat)"
			          : fd > 2                  ? " is on (pass one the sandbox sees, or none)"
			          : type == S_IFCHR         ? " is on (give it a pipe instead: … | mewsandbox run … | cat)"
			          : fd == 0                 ? " is on (give it through a pipe instead: cat FILE | mewsandbox run …)"
			                                    : " is on (give it a pipe instead: mewsandbox run … | cat > FILE)";
		const char *parts[] = {type == S_IFDIR ? "open afresh the directory " : type == S_IFCHR ? "open afresh the terminal " : "open afresh the file ", fd_name(fd), how, r > 0 ? ": " : ""};
		join(what, sizeof what, parts, sizeof parts / sizeof parts[0]);
		// Why by name failed, unless only because the layer hides the
		// name: then why the copy did.
		long err = use == -ENOENT && c->err != 0 ? c->err : use;
		fail(fd_stage(fd), what, r > 0 ? name : NULL, err, STATUS_SANDBOX);
	}
	c->fd = -1;
	int seeks = 0;
	if (type == S_IFREG && (fl & O_PATH) == 0) {
		// Not a file without offsets (ESPIPE: a FUSE stream), which
		// is read as it comes.
		long off = SYS3(SYS_lseek, fd, 0, SEEK_CUR);
		r = off < 0 ? off : SYS3(SYS_lseek, use, off, SEEK_SET);
		if (r < 0 && r != -ESPIPE) {
			fail(fd_stage(fd), "lseek to the caller's offset the file opened afresh for ", fd_name(fd), r, STATUS_SANDBOX);
		}
		seeks = r >= 0;
	}
	if (type == S_IFIFO && (fl & O_PATH) == 0 && (fl & O_ACCMODE) == O_RDONLY) {
		// A reader opened once the writers are gone hears no hang-up
		// until another writer comes and goes. Where the caller's hears
		// one now, a writer comes and goes, where the FIFO's mode lets
		// it; not otherwise, where it would end other readers' wait.
		struct pollfd caller = {.fd = fd, .events = POLLIN};
		struct timespec now = {0, 0};
		if (SYS5(SYS_ppoll, &caller, 1, &now, 0, 0) == 1 && (caller.revents & POLLHUP) != 0) {
			long w = SYS3(SYS_open, fd_path(use), O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0);
			if (w >= 0) {
				SYS1(SYS_close, w);
			}
		}
	}
	if ((type == S_IFIFO || type == S_IFCHR) && (fl & O_PATH) == 0 && (fl & O_NONBLOCK) == 0) {
		r = SYS3(SYS_fcntl, use, F_SETFL, fl & O_APPEND);
		if (r < 0) {
			fail(fd_stage(fd), "fcntl(F_SETFL) of the FIFO or terminal opened afresh for ", fd_name(fd), r, STATUS_SANDBOX);
		}
	}
	r = SYS3(SYS_dup3, use, fd, 0);
	SYS1(SYS_close, use);
	if (r < 0) {
		fail(fd_stage(fd), "dup3 of the file opened afresh for ", fd_name(fd), r, STATUS_SANDBOX);
	}
	return seeks ? 2 : 1;
}

// init_keep has room for what init keeps open (ns_init): the signalfd and
// the spec socket, each offset's two, the relays' two each, stdout and
// stderr. Mapped before the limits apply: --limit-mem 8M leaves init no
// room to map it later.
static long *init_keep;

// offsets holds, for stdin and each passed descriptor on a regular file
// opened afresh, where a pid namespace's init outlives the command, the
// caller's descriptor and one of the command's: init_end moves the
// caller's offset to where the command's ended, as if the two had shared
// it ({ mewsandbox run -- head -n1; cat; } < /tmp/f has cat go on after
// head's line).
static struct offset {
	long caller, command;
} *offsets;
static int noffsets;

// hand_back_offset moves each caller's offset (offsets) to the command's.
static void hand_back_offset(void) {
	for (int i = 0; i < noffsets; i++) {
		long off = SYS3(SYS_lseek, offsets[i].command, 0, SEEK_CUR);
		if (off >= 0) {
			SYS3(SYS_lseek, offsets[i].caller, off, SEEK_SET);
		}
	}
}

// give_afresh_at gives the command descriptor fd (st, flags fl) opened
// afresh (give_afresh) and, for a regular file where init outlives the
// command (pidns) and the command cannot reach init's descriptors (no
// CAP_SYS_PTRACE kept), records the caller's descriptor in offsets.
static void give_afresh_at(int fd, const struct stat *st, long fl, uint64_t keep_caps, int pidns) {
	long caller = pidns && (keep_caps & CAP_SYS_PTRACE_BIT) == 0 && (st->st_mode & S_IFMT) == S_IFREG && (fl & O_PATH) == 0
			  ? SYS3(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 3)
			  : -1;
	if (give_afresh(fd, st, fl, keep_caps) == 2 && caller >= 0) {
		offsets[noffsets++] = (struct offset){caller, SYS3(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 3)};
	} else if (caller >= 0) {
		SYS1(SYS_close, caller);
	}
}

// same_description says whether descriptors a (st, flags fl) and b are
// one open file description: by kcmp, or, without it (a kernel built
// without checkpoint/restore), one file at one offset with the same flags.
static int same_description(int a, const struct stat *st, long fl, int b) {
	long self = SYS0(SYS_getpid);
	long k = SYS5(SYS_kcmp, self, self, KCMP_FILE, a, b);
	struct stat other;
	return k == 0 || k < 0 && SYS2(SYS_fstat, b, &other) == 0 && other.st_dev == st->st_dev && other.st_ino == st->st_ino &&
				 SYS2(SYS_fcntl, b, F_GETFL) == fl && SYS3(SYS_lseek, a, 0, SEEK_CUR) == SYS3(SYS_lseek, b, 0, SEEK_CUR);
}

// guard_device gives the command descriptor fd (st, flags fl) as the
// sandbox's own where it is a memory device (/dev/null and kin, on the
// sandbox's read-only /dev), opened afresh where it is a terminal (or a
// dup of descriptor share, already given, where fd shared its
// description), and refuses an O_PATH descriptor of a socket, a link or a
// device, and another device the command could change through the
// caller's descriptor. It says whether it dealt with fd.
static int guard_device(int fd, const struct stat *st, long fl, uint64_t keep_caps, int share) {
	const char *dev = memory_device(st);
	if (dev != NULL) {
		long nd = SYS3(SYS_open, dev, (fl & (O_ACCMODE | O_APPEND | O_NONBLOCK)) | O_CLOEXEC | O_NOCTTY, 0);
		struct stat now;
		if (nd < 0 || SYS2(SYS_fstat, nd, &now) != 0 || now.st_rdev != st->st_rdev) {
			fail(fd_stage(fd), "open the sandbox's own ", dev, nd < 0 ? nd : -ENXIO, STATUS_SANDBOX);
		}
		long r = SYS3(SYS_dup3, nd, fd, 0);
		SYS1(SYS_close, nd);
		if (r < 0) {
			fail(fd_stage(fd), "dup3 of the sandbox's own ", dev, r, STATUS_SANDBOX);
		}
		return 1;
	}
	long type = st->st_mode & S_IFMT;
	int terminal = stdio_terminal(fd, st);
	if ((fl & O_PATH) != 0 && type != S_IFREG && type != S_IFDIR && !named_fifo(fd, st)) {
		// A socket, a symbolic link or a device the caller holds by
		// its path only: chmod /proc/self/fd/N would change it.
		fail(fd_stage(fd), fd_name(fd), " is an O_PATH descriptor of a socket, a link or a device, which the command could change the mode of (give it /dev/null, a pipe or a file)", EPERM, STATUS_SANDBOX);
	}
	if (other_device(st) && !terminal) {
		// Not opened afresh (stdio_terminal says why): the caller's
		// descriptor, where the command could not change the device
		// through it.
		if (!owned(st, keep_caps)) {
			return 1;
		}
		// A terminal hung up (its session ended) answers every ioctl
		// but TIOCSPGRP with EIO.
		unsigned char termios[64];
		if (type == S_IFCHR && SYS3(SYS_ioctl, fd, TCGETS, termios) == -EIO) {
			fail(fd_stage(fd), fd_name(fd), " is a terminal that was hung up (its session ended), whose mode the command could change through it: give it /dev/null or a file instead", EPERM, STATUS_SANDBOX);
		}
		static const char *const hints[] = {" give it through a pipe instead (cat DEVICE | mewsandbox run …)", " give it a pipe instead (mewsandbox run … | cat > DEVICE)",
						    " pass a pipe instead"};
		static char what[320];
		const char *parts[] = {" is a device other than a terminal, whose mode the command could change through it, and which opened afresh could be another (a pty's master, /dev/kmsg) or at another offset (a disk):", hints[fd == 0 ? 0 : fd < 3 ? 1 : 2]};
		fail(fd_stage(fd), fd_name(fd), join(what, sizeof what, parts, 2), EPERM, STATUS_SANDBOX);
	}
	if (!terminal) {
		return 0;
	}
	// A terminal, on a read-only mount: by its name in the sandbox's /dev
	// (a console), or its copy (a pty of the host's /dev/pts, which the
	// layer hides).
	if (share < 0) {
		give_afresh(fd, st, fl, keep_caps);
		return 1;
	}
	drop_copy(fd);
	long r = SYS3(SYS_dup3, share, fd, 0);
	if (r < 0) {
		fail(fd_stage(fd), "dup3 of the terminal opened afresh for ", fd_name(fd), r, STATUS_SANDBOX);
	}
	return 1;
}

// guard_passed gives the command each descriptor passed with --pass-fd (p,
// n: as pass_fds reads them) as guard_stdio gives it stdio: through the
// caller's descriptor of a directory the command could change the mode of
// any file below it and, by .., above it, on the host's mounts (chmod
// /proc/self/fd/3/../x). Devices as guard_device gives them; a directory,
// a regular file open read-only (or O_PATH) and a named FIFO opened afresh
// by name on the sandbox's mounts or on their copy (copy_stdio), unless a
// regular file or FIFO is on a writable one there, with the caller's
// offset handed back where init outlives the command (pidns). A regular
// file open for writing outside the writable grants stays the caller's
// only where the command could not change it (changeable: its mode, as its
// owner, to make it a set-uid copy of a program; its user.* attributes and
// times where its mode lets others write it), and refuses the run
// otherwise; pipes and sockets stay. A passed descriptor that is stdin's
// description, or an earlier passed one's, stays one with it.
static void guard_passed(const unsigned char *p, size_t n, const int *shares, uint64_t keep_caps, int pidns) {
	for (size_t i = 0; i < n; i++) {
		int fd = (int)u32le(p + 8 * i + 4);
		struct stat st;
		long fl = SYS2(SYS_fcntl, fd, F_GETFL);
		long r = fl < 0 ? fl : SYS2(SYS_fstat, fd, &st);
		if (r < 0) {
			fail("fds", "fstat of a passed descriptor", NULL, r, STATUS_SANDBOX);
		}
		// Where the earlier one was given with the same access (<>f
		// 3<&0 has stdin read-only: fd 3 then gets its own guard).
		if (shares[i] >= 0 && (SYS2(SYS_fcntl, shares[i], F_GETFL) & O_ACCMODE) == (fl & O_ACCMODE)) {
			drop_copy(fd);
			r = SYS3(SYS_dup3, shares[i], fd, 0);
			if (r < 0) {
				fail("fds", "dup3 of a descriptor given afresh onto ", fd_name(fd), r, STATUS_SANDBOX);
			}
			continue;
		}
		if (guard_device(fd, &st, fl, keep_caps, -1)) {
			continue;
		}
		long type = st.st_mode & S_IFMT;
		int to_read = type == S_IFDIR || type == S_IFREG && ((fl & O_PATH) != 0 || (fl & O_ACCMODE) == O_RDONLY);
		int here = type != S_IFDIR && writable_here(fd, &st);
		if ((to_read || named_fifo(fd, &st)) && !here) {
			give_afresh_at(fd, &st, fl, keep_caps, pidns);
			continue;
		}
		drop_copy(fd);
		if (type == S_IFREG && !to_read && !here && changeable(&st, keep_caps) && !unlinked(fd, &st)) {
			// Its mode as its owner (a set-uid copy of a program), its
			// user.* attributes and times where others may write it.
			static char what[200];
			char num[24];
			num[decimal(num, (uint64_t)fd)] = 0;
			const char *parts[] = {" is a file open for writing outside the writable paths, whose mode or attributes the command could change through it: pass a pipe instead (--pass-fd ", num, " ", num, "> >(cat >> FILE))"};
			fail("fds", fd_name(fd), join(what, sizeof what, parts, sizeof parts / sizeof parts[0]), EPERM, STATUS_SANDBOX);
		}
	}
}

// passed_shares says, for each passed descriptor (p, n), which one it
// shares its open file description with, before guard_stdio and
// guard_passed give any afresh: stdin, or an earlier passed one; -1 for
// none. A file given as stdin and as 3<&0 then stays one description in
// the sandbox, read at one offset, which init hands back once. Not stdout
// or stderr, which may become relay pipes; and only as kcmp says: its
// fallback (one file at one offset) would take <f 3<f for one.
static int *passed_shares(const unsigned char *p, size_t n) {
	int *shares = map((n + 1) * sizeof *shares);
	long self = SYS0(SYS_getpid);
	for (size_t i = 0; i < n; i++) {
		int fd = (int)u32le(p + 8 * i + 4);
		shares[i] = -1;
		for (size_t j = 0; j <= i && shares[i] < 0; j++) {
			int before = j == 0 ? 0 : (int)u32le(p + 8 * (j - 1) + 4);
			if ((j == 0 || shares[j - 1] < 0) && SYS5(SYS_kcmp, self, self, KCMP_FILE, fd, before) == 0) {
				shares[i] = before;
			}
		}
	}
	return shares;
}

// guard_stdio sets the relays up (see struct relay) once the mounts are
// made, before the restrictions: kcmp is among what seccomp refuses
// without the pid namespace.
// Without a pid namespace (the kernel refused one) there is no init to
// relay: only the devices are the sandbox's then.
static void guard_stdio(int relay, uint64_t keep_caps) {
	// A terminal given as several standard descriptors in one
	// description (its 0, 1 and 2) stays one, opened afresh once: they
	// share O_NONBLOCK as on the host. Without kcmp, two descriptions of
	// one terminal with the same flags are taken for one.
	int shares[3] = {-1, -1, -1};
	for (int fd = 1; fd < 3; fd++) {
		struct stat st;
		long fl = SYS2(SYS_fcntl, fd, F_GETFL);
		for (int before = 0; before < fd && fl >= 0 && SYS2(SYS_fstat, fd, &st) == 0 && stdio_terminal(fd, &st); before++) {
			if (shares[before] < 0 && same_description(fd, &st, fl, before) && same_terminal(fd, before)) {
				shares[fd] = before;
				break;
			}
		}
	}
	for (int fd = 0; fd < 3; fd++) {
		struct stat st;
		if (SYS2(SYS_fstat, fd, &st) != 0) {
			continue; // closed: the runner opened /dev/null there
		}
		long fl = SYS2(SYS_fcntl, fd, F_GETFL);
		if (fl < 0) {
			fail("stdio", "fcntl(F_GETFL) of a standard descriptor", NULL, fl, STATUS_SANDBOX);
		}
		if (guard_device(fd, &st, fl, keep_caps, shares[fd])) {
			continue;
		}
		if (fd == 0 && (st.st_mode & S_IFMT) == S_IFREG && (fl & O_ACCMODE) == O_RDWR && (same_description(0, &st, fl, 1) || same_description(0, &st, fl, 2))) {
			// <>f >&0: stdin opened afresh would no longer share its
			// offset with the output, which writes the caller's
			// description. On a writable mount stdin stays that
			// description too (the output writes it anyway); elsewhere,
			// where the output is relayed, the run is refused.
			if (writable_here(0, &st)) {
				drop_copy(0);
				continue;
			}
			fail("stdio", "standard input is also standard output or error, a file outside the writable paths open for reading and writing (give the command its input and its output separately)", NULL, EPERM, STATUS_SANDBOX);
		}
		if (stdio_to_read(fd, &st, fl)) {
			// A file the command may only read. A regular file it may
			// change by its name anyway stays the caller's descriptor,
			// and the offset the caller shares (while read f; do
			// mewsandbox run …; done < list); a directory never does,
			// since its .. leads on in the host's mounts.
			if ((st.st_mode & S_IFMT) == S_IFREG && writable_here(fd, &st) && ((fl & O_ACCMODE) == O_RDONLY || may_write(&st, keep_caps))) {
				drop_copy(fd);
				continue;
			}
			give_afresh_at(fd, &st, fl, keep_caps, fd == 0 && relay);
			continue;
		}
		if (named_fifo(fd, &st)) {
			// A FIFO is the caller's where the command may change it
			// by its name anyway; otherwise opened afresh, as it was.
			if (writable_here(fd, &st)) {
				drop_copy(fd);
				continue;
			}
			give_afresh(fd, &st, fl, keep_caps);
			continue;
		}
		// Input open only for writing, on a regular file the command may
		// not write by its name: a read-only copy would let it read what
		// it was given only to write, and the caller's descriptor would
		// let it change the file's mode.
		if ((st.st_mode & S_IFMT) == S_IFREG && fd == 0 && (fl & O_ACCMODE) == O_WRONLY && !unlinked(fd, &st) && !(writable_here(fd, &st) && may_write(&st, keep_caps))) {
			fail("stdio", "standard input is a file open only for writing outside the writable paths (give the command a file it may read, or /dev/null)", NULL, EPERM, STATUS_SANDBOX);
		}
		// Output to a regular file the sandbox cannot write by its name
		// (outside the writable grants: a CI log): through a pipe.
		if ((st.st_mode & S_IFMT) != S_IFREG || !relay || fd == 0 || (fl & O_ACCMODE) == O_RDONLY || writable_here(fd, &st)) {
			continue;
		}
		if ((keep_caps & CAP_SYS_PTRACE_BIT) != 0) {
			fail("stdio", stdio_names[fd], " is a file outside the writable paths, which init would relay to, and --keep-cap CAP_SYS_PTRACE would give the command init's descriptor of it (give it a pipe: mewsandbox run … | cat > FILE)", EPERM, STATUS_SANDBOX);
		}
		int shared = 0;
		for (int i = 0; i < nrelays; i++) {
			struct stat other;
			long ofl = SYS2(SYS_fcntl, relays[i].fd, F_GETFL);
			int same_file = ofl >= 0 && SYS2(SYS_fstat, relays[i].fd, &other) == 0 && other.st_dev == st.st_dev && other.st_ino == st.st_ino;
			// One description (2>&1), or two that append to one file
			// (>>log 2>>log): one pipe keeps the order of the writes.
			if (same_description(fd, &st, fl, relays[i].fd) || same_file && (fl & O_APPEND) && (ofl & O_APPEND)) {
				relays[i].also = fd;
				shared = 1;
			}
		}
		if (shared) {
			continue;
		}
		int p[2];
		long r = SYS2(SYS_pipe2, p, O_CLOEXEC);
		if (r != 0) {
			fail("stdio", "pipe2 for a standard descriptor", NULL, r, STATUS_SANDBOX);
		}
		struct relay *rl = &relays[nrelays++];
		rl->fd = fd;
		rl->also = -1;
		rl->host = fd;
		rl->pipe = p[0];
		rl->cmd = p[1];
		SYS3(SYS_fcntl, rl->pipe, F_SETFL, O_NONBLOCK);
	}
}

// relay_move moves what the command wrote to relay rl's pipe to its file,
// and marks the relay done at the end of the data. A file beyond
// --limit-fsize ends the command as a write of its own there would
// (SIGXFSZ, or its status if it has ended: init keeps every signal
// blocked, so it only sees EFBIG); another failure to write says so on
// stderr, and the command's next write fails (EPIPE) as a write to the
// file would have.
static int fsize_hit;

static void relay_move(struct relay *rl) {
	for (;;) {
		long n = SYS6(SYS_splice, rl->pipe, 0, rl->host, 0, 1 << 16, SPLICE_F_NONBLOCK);
		if (n == -EINVAL) {
			// No splice (a file opened with O_APPEND, a file system
			// without it): through a buffer.
			static unsigned char buf[1 << 16];
			n = SYS3(SYS_read, rl->pipe, buf, sizeof buf);
			for (long off = 0; n > 0 && off < n;) {
				long w = SYS3(SYS_write, rl->host, buf + off, n - off);
				if (w <= 0) {
					n = w == 0 ? -EIO : w;
					break;
				}
				off += w;
			}
		}
		if (n > 0) {
			continue;
		}
		if (n == -EAGAIN || n == -EINTR) {
			return;
		}
		if (n == -EFBIG) {
			fsize_hit = 1;
			if (command_pid > 0) {
				SYS2(SYS_kill, command_pid, SIGXFSZ);
			}
		} else if (n < 0) {
			static const char msg[] = "mewsandbox: writing the command's output to its file failed: errno ";
			char line[sizeof msg + 24];
			copy(line, msg, sizeof msg - 1);
			size_t len = sizeof msg - 1 + decimal(line + sizeof msg - 1, (uint64_t)-n);
			line[len++] = '\n';
			SYS3(SYS_write, rl->fd == 2 && rl->also < 0 ? 1 : 2, line, len);
		}
		SYS1(SYS_close, rl->pipe);
		rl->pipe = -1;
		return;
	}
}

// relay_drain moves what is left in the command's output pipes to their
// files, up to the end of each: once init has killed and reaped the rest
// of the namespace, no writer is left. With kept capabilities some may be
// (see init_end): then only what is there already.
static void relay_drain(int wait) {
	for (int i = 0; i < nrelays; i++) {
		struct relay *rl = &relays[i];
		if (rl->pipe < 0) {
			continue;
		}
		if (wait) {
			SYS3(SYS_fcntl, rl->pipe, F_SETFL, 0);
		}
		relay_move(rl);
	}
}

// exec_command execve's the command, or reports why it could not.
static __attribute__((noreturn)) void exec_command(struct mews_spec *s) {
	long r = SYS3(SYS_execve, s->path, s->argv, s->envp);
	fail("exec", "execve ", s->path, r, r == -ENOENT || r == -ENOTDIR ? STATUS_NOT_FOUND : STATUS_NOT_EXECUTABLE);
}

#ifndef SYS_signalfd4
#define SYS_signalfd4 289
#endif
#define SIGNALFD_CLOEXEC 02000000 // O_CLOEXEC
#ifndef WNOHANG
#define WNOHANG 1
#endif

// init_signalfd returns a signalfd for mask, the signals the pid
// namespace's init waits for, which child() keeps blocked. It is made
// before the resource limits: --limit-nofile applies to the command, not
// to init's own descriptor.
static long init_signalfd(uint64_t mask) {
	long sfd = SYS4(SYS_signalfd4, -1, &mask, 8, SIGNALFD_CLOEXEC);
	if (sfd < 0) {
		fail("exec", "signalfd for the pid namespace's init", NULL, sfd, STATUS_SANDBOX);
	}
	return sfd;
}

// The sender of a signal as init's signalfd reports it (struct
// signalfd_siginfo: ssi_signo at 0, ssi_code at 8, ssi_pid at 12, ssi_int
// at 44). The kernel sets ssi_pid to 0 for a sender outside the namespace,
// the runner; SI_USER (kill) cannot be forged by rt_sigqueueinfo, SI_QUEUE
// can, but whoever forges it inside could signal the command directly.
#define SI_USER_CODE 0
#define SI_QUEUE_CODE (-1)

#ifndef __WALL
#define __WALL 0x40000000
#endif

// init_end ends the pid namespace as the command ends, with its status:
// it kills whatever the command left there and reaps it all, then tells the
// runner, on the spec socket, and exits with that status. The kernel would
// kill the rest on init's exit too, but the runner would learn of it only
// once the namespaces are torn down as well (an RCU grace period, ≈0.1 ms,
// traced): told first, it goes on meanwhile, with nothing of the command's
// left running. A process in the namespace is init's descendant, and
// orphaned, its child: none is left once wait4 says ECHILD. A failure
// leaves the runner to wait for init's exit instead, and so does a
// command that kept capabilities (--keep-cap): one that may change its uid
// could leave a process init, without CAP_KILL, cannot kill, and only the
// kernel's own clean-up on init's exit can.
static long close_all_but(long *keep, int n);

static __attribute__((noreturn)) void init_end(int status, int caps_kept) {
	if (caps_kept) {
		hand_back_offset();
		relay_drain(0);
		exit_group(status);
	}
	SYS2(SYS_kill, -1, SIGKILL);
	for (;;) {
		long w = SYS4(SYS_wait4, -1, 0, __WALL, 0);
		if (w == -ECHILD) {
			break;
		}
		if (w < 0 && w != -EINTR) {
			hand_back_offset();
			relay_drain(0);
			exit_group(status);
		}
	}
	hand_back_offset();
	relay_drain(1);
	if (fsize_hit && status < 128) {
		status = 128 + SIGXFSZ; // its output cut at --limit-fsize, as its own write there would have been
	}
	// Nothing of the caller's once the runner returns: the relays' files
	// and init's stdout and stderr (a pipe the caller reads to its end,
	// when stdout was a file), the offsets' descriptors. Closed before the
	// word, and released with it (the kernel drops a closed file on the
	// way back from close_range), not at init's exit, which waits for the
	// namespaces' teardown: the caller's stderr had stayed open 20-34 ms
	// after the runner's exit in 3 runs of 200 (stdout a file, load 20).
	long only_spec[1] = {spec_fd};
	close_all_but(only_spec, 1);
	unsigned char said[2] = {MEWS_ENDED[0], (unsigned char)status};
	SYS6(SYS_sendto, spec_fd, said, sizeof said, MSG_NOSIGNAL, 0, 0);
	exit_group(status);
}

// close_all_but closes every descriptor but the n in keep (which it
// sorts; the same one may be there twice).
static long close_all_but(long *keep, int n) {
	for (int i = 1; i < n; i++) {
		for (int j = i; j > 0 && keep[j - 1] > keep[j]; j--) {
			long t = keep[j];
			keep[j] = keep[j - 1];
			keep[j - 1] = t;
		}
	}
	long next = 0; // the lowest descriptor not yet seen to
	for (int i = 0; i < n; i++) {
		if (keep[i] > next) {
			long r = SYS3(SYS_close_range, (unsigned)next, (unsigned)keep[i] - 1, 0U);
			if (r != 0) {
				return r;
			}
		}
		if (keep[i] + 1 > next) {
			next = keep[i] + 1;
		}
	}
	return SYS3(SYS_close_range, (unsigned)next, ~0U, 0U);
}

// relay_wait waits until init's signalfd sfd is readable, moving the
// relays' data meanwhile (guard_stdio); it says whether sfd is readable.
static int relay_wait(long sfd) {
	struct pollfd pf[1 + MAX_RELAYS];
	int n = 0;
	pf[n++] = (struct pollfd){.fd = (int)sfd, .events = POLLIN};
	struct relay *which[MAX_RELAYS];
	for (int i = 0; i < nrelays; i++) {
		if (relays[i].pipe >= 0) {
			which[n - 1] = &relays[i];
			pf[n++] = (struct pollfd){.fd = relays[i].pipe, .events = POLLIN};
		}
	}
	if (n == 1) {
		return 1; // nothing to relay: the read blocks
	}
	long r = SYS5(SYS_ppoll, pf, n, 0, 0, 0);
	if (r == -EINTR) {
		return 0;
	}
	if (r < 0) {
		// Not again: a ppoll that fails (EINVAL: more descriptors than
		// RLIMIT_NOFILE lets it poll) fails every time, and init spun
		// at full CPU for good. The signalfd's read waits instead; the
		// relays wait with it.
		return 1;
	}
	for (int i = 1; i < n; i++) {
		if (pf[i].revents != 0) {
			relay_move(which[i - 1]);
		}
	}
	return pf[0].revents != 0;
}

// ns_init is pid 1 of the child's pid namespace: it starts the command (pid 2)
// and, until the command exits, reaps what ends in the namespace and passes
// on the signals in s->forward that the runner sends it: with kill, to the
// command; queued with the value MEWS_TO_ALL, to every process in the
// namespace (the runner's SIGTERM at a timeout). Job control signals the
// runner sends to the whole process group, and those a terminal sends,
// reach the command directly. It ends as the command does (init_end), with
// its status, 128+N for signal N. The sandbox applies to it as to the
// command: it was set up before the command's start; sfd is
// init_signalfd's. While the command's execve is in progress (the vfork
// wait), init passes nothing on: a signal the runner sends then waits in
// the signalfd for it.
long mews_clone_on(unsigned long flags, void *stack_top, void (*fn)(void));

// The command's start in a pid namespace: the process init starts, which
// unblocks the signals and execs the command (start_command).
static struct mews_spec *command_spec;
static unsigned char command_stack[64 << 10] __attribute__((aligned(16)));

static __attribute__((noreturn)) void start_command(void) {
	uint64_t none = 0;
	SYS4(SYS_rt_sigprocmask, SIG_SETMASK, &none, 0, 8);
	for (int i = 0; i < nrelays; i++) {
		// dup3 leaves the copies open across the execve; the pipe's own
		// descriptors are close-on-exec.
		long r = SYS3(SYS_dup3, relays[i].cmd, relays[i].fd, 0);
		if (r >= 0 && relays[i].also >= 0) {
			r = SYS3(SYS_dup3, relays[i].cmd, relays[i].also, 0);
		}
		if (r < 0) {
			fail("stdio", "dup3 of the relay pipe onto a standard descriptor", NULL, r, STATUS_SANDBOX);
		}
	}
	exec_command(command_spec);
}

static __attribute__((noreturn)) void ns_init(struct mews_spec *s, long sfd) {
	// As vfork would: the command's process shares init's memory, on a
	// stack of its own, until its execve, and init waits until then. A
	// fork would copy init's page tables first (measured: 0.15 ms of a
	// run). Nothing else runs in init meanwhile, and the process starts,
	// as a fork's would, with no signal pending.
	command_spec = s;
	long pid = mews_clone_on(CLONE_VM | CLONE_VFORK | SIGCHLD, command_stack + sizeof command_stack, start_command);
	if (pid < 0) {
		fail("exec", "start the command in the pid namespace", NULL, pid, STATUS_SANDBOX);
	}
	// Init keeps nothing but its signalfd and the spec socket (see
	// init_end): not the status pipe (the command's execve closes it), not
	// a descriptor the runner inherited, which close-on-exec never takes
	// from a process that does not execve. Stdio (below both) last: a
	// failure before is still reported.
	// The relays' pipes and files stay too (guard_stdio); the command's
	// ends of the pipes go, so that the command's exit ends its output.
	command_pid = pid;
	long *keep = init_keep;
	keep[0] = sfd;
	keep[1] = spec_fd;
	int nkeep = 2;
	for (int i = 0; i < noffsets; i++) {
		keep[nkeep++] = offsets[i].caller;
		keep[nkeep++] = offsets[i].command;
	}
	for (int i = 0; i < nrelays; i++) {
		SYS1(SYS_close, relays[i].cmd);
		keep[nkeep++] = relays[i].pipe;
		keep[nkeep++] = relays[i].host;
	}
	if (nrelays > 0) {
		// Where relay_move says a file took no more: stderr, or stdout
		// when stderr's own file is the one.
		keep[nkeep++] = 1;
		keep[nkeep++] = 2;
	}
	long r = close_all_but(keep, nkeep);
	if (r != 0) {
		SYS2(SYS_kill, pid, SIGKILL);
		fail("exec", "close_range in the pid namespace's init", NULL, r, STATUS_SANDBOX);
	}
	for (;;) {
		unsigned char info[128]; // struct signalfd_siginfo
		if (!relay_wait(sfd)) {
			continue;
		}
		r = SYS3(SYS_read, sfd, info, sizeof info);
		if (r == -EINTR) {
			continue;
		}
		if (r != (long)sizeof info) {
			exit_group(STATUS_SANDBOX);
		}
		uint32_t signo = u32le(info), code = u32le(info + 8), sender = u32le(info + 12), value = u32le(info + 44);
		if (signo != SIGCHLD) {
			// Only what comes from outside the namespace (sender 0) is
			// passed on, so a command signalling its init (its parent)
			// does not signal itself; of that, only the runner's kill
			// (SI_USER) and queued mark: a signal the kernel sends (a
			// terminal's, SI_KERNEL) reached the command already.
			if (sender != 0 || signo < 1 || signo > 64 || (s->forward & (1ULL << (signo - 1))) == 0) {
				continue;
			}
			if (code == SI_USER_CODE) {
				SYS2(SYS_kill, pid, signo);
			} else if (code == (uint32_t)SI_QUEUE_CODE && value == MEWS_TO_ALL) {
				SYS2(SYS_kill, -1, signo);
			}
			continue;
		}
		for (;;) {
			int status = 0;
			long w = SYS4(SYS_wait4, -1, &status, WNOHANG, 0);
			if (w <= 0) {
				break;
			}
			if ((status & 0xff) == 0x7f) {
				// Stopped, so traced by init: a process of the
				// namespace that asked its parent, init, to trace
				// it (PTRACE_TRACEME), which init does not do. It
				// goes on untraced, with the signal it stopped for
				// but the SIGTRAP of its execve (or its raise).
				int sig = (status >> 8) & 0xff;
				SYS4(SYS_ptrace, PTRACE_DETACH_REQUEST, w, 0, sig == SIGTRAP ? 0 : sig);
				continue;
			}
			if (w != pid) {
				continue; // an orphan of the command's, reaped
			}
			if ((status & 0x7f) == 0) {
				init_end((status >> 8) & 0xff, s->keep_caps != 0);
			}
			init_end(128 + (status & 0x7f), s->keep_caps != 0);
		}
	}
}

static __attribute__((noreturn)) void child(void) {
	// Every signal blocked from the start: one the runner relays before
	// the command runs stays pending, for the command (below), instead of
	// being dropped, as an init of a pid namespace drops what it has no
	// handler for.
	uint64_t all = ~0ULL;
	SYS4(SYS_rt_sigprocmask, SIG_SETMASK, &all, 0, 8);
	// The runner relays nothing before this: until now the child had the
	// default dispositions, and as a pid namespace's init it would have
	// dropped a relayed signal.
	SYS6(SYS_sendto, spec_fd, MEWS_ARMED, 1, MSG_NOSIGNAL, 0, 0);
	unsigned char h[8];
	int ruleset = -1;
	receive(h, sizeof h, &ruleset);
	if (h[0] != MEWS_SPEC_MAGIC[0] || h[1] != MEWS_SPEC_MAGIC[1] || h[2] != MEWS_SPEC_MAGIC[2] || h[3] != MEWS_SPEC_MAGIC[3]) {
		fail("spec", "BUG(mewsandbox): reading the spec: not a spec", NULL, 0, STATUS_SANDBOX);
	}
	size_t n = (size_t)h[4] | (size_t)h[5] << 8 | (size_t)h[6] << 16 | (size_t)h[7] << 24;
	if (n > MEWS_MAX_SPEC - sizeof h) {
		fail("spec", "BUG(mewsandbox): reading the spec: a spec too large", NULL, 0, STATUS_SANDBOX);
	}
	// Four bytes before the body let str move the first string over its
	// length like every other.
	unsigned char *body = (unsigned char *)map(n + 8) + 4;
	receive(body, n, &ruleset);
	// The socket stays open: the command starts only when the parent says
	// so on it (see below).
	// A list of strings takes at least 4 bytes per entry: n/4 entries and
	// two terminators are all the spec can hold.
	size_t nvec = n / 4 + 2;
	char **vec = map(nvec * sizeof(char *));
	struct mews_spec s;
	const char *err = mews_decode_spec(body, n, vec, nvec, &s);
	if (err != NULL) {
		fail("spec", "BUG(mewsandbox): decoding the spec: corrupt spec: ", err, 0, STATUS_SANDBOX);
	}
	if (!s.seccomp && !s.best_effort) {
		// The parent sends a filter whenever it enforces strictly.
		fail("seccomp", "BUG(mewsandbox): no syscall filter in a strict spec", NULL, 0, STATUS_SANDBOX);
	}
	if (s.ruleset != (ruleset >= 0)) {
		fail("landlock", "BUG(mewsandbox): the spec and the descriptors sent with it disagree about the Landlock ruleset", NULL, 0, STATUS_SANDBOX);
	}

	mark_cloexec();
	pass_fds(s.pass, s.npass, &ruleset);
	int *shares = NULL;
	if (s.nmounts > 0) {
		offsets = map((1 + s.npass) * sizeof *offsets);
		shares = passed_shares(s.pass, s.npass);
		copy_stdio(s.pass, s.npass);
	}
	do_mounts(&s, ruleset);
	if (s.netns) {
		// Its abstract unix names are not the host's: the command cannot
		// take one a host client then connects to. Before the
		// capabilities go (in a user namespace, its own CAP_SYS_ADMIN).
		// The premade one if there is one: making it here took 0.5-0.8 ms
		// of the run (unshare alone, in fresh processes).
		long u = premade.net >= 0 ? SYS2(SYS_setns, premade.net, CLONE_NEWNET) : -EBADF;
		if (u != 0) {
			u = SYS1(SYS_unshare, CLONE_NEWNET);
		}
		if (u != 0 && !s.best_effort) {
			fail("namespaces", MEWS_NETNS_WHAT, NULL, u, STATUS_SANDBOX);
		}
		if (u != 0) {
			// Best effort goes on in the host's network namespace; the
			// parent warns (see MEWS_NETNS_REFUSED).
			unsigned char said[2] = {MEWS_NETNS_REFUSED[0], (unsigned char)-u};
			SYS6(SYS_sendto, spec_fd, said, 2, MSG_NOSIGNAL, 0, 0);
		}
	}
	drop_premade();
	if (s.nmounts > 0) {
		guard_stdio(s.pidns, s.keep_caps);
		guard_passed(s.pass, s.npass, shares, s.keep_caps, s.pidns);
	}
	init_keep = map((2 + 2 * (size_t)noffsets + 2 * MAX_RELAYS + 2) * sizeof *init_keep);
	long r = SYS5(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (r != 0) {
		fail("no_new_privs", "prctl(PR_SET_NO_NEW_PRIVS)", NULL, r, STATUS_SANDBOX);
	}
	if (ruleset >= 0) {
		// Flags 0: ABI 7's logging defaults; the process has one thread.
		r = SYS2(SYS_landlock_restrict_self, ruleset, 0U);
		if (r != 0) {
			fail("landlock", "landlock_restrict_self", NULL, r, STATUS_SANDBOX);
		}
		SYS1(SYS_close, ruleset);
	}
	drop_caps(s.keep_caps);
	// Unblocked, a pending signal ends the child as it would the command;
	// a pid namespace's init keeps those it passes on blocked, pending for
	// its signalfd.
	uint64_t init_mask = s.pidns ? s.forward | (1ULL << (SIGCHLD - 1)) : 0;
	reset_signals(s.reset_signals, init_mask);
	long sfd = -1;
	if (s.pidns) {
		sfd = init_signalfd(init_mask);
		// Undumpable: the command, in the same Landlock domain, cannot
		// open init's /proc/1/fd, mem or environ. The command's own
		// execve makes it dumpable again.
		r = SYS5(SYS_prctl, PR_SET_DUMPABLE, 0, 0, 0, 0);
		if (r != 0) {
			fail("exec", "prctl(PR_SET_DUMPABLE) for the pid namespace's init", NULL, r, STATUS_SANDBOX);
		}
	}
	set_limits(s.limits, s.nlimits);
	// Last before execve: the filter also limits what the steps above could
	// have needed.
	if (s.seccomp) {
		if (s.ninsn == 0 || s.ninsn > MAX_INSTRUCTIONS) {
			fail("seccomp", "seccomp: a filter program of a length the kernel refuses", NULL, EINVAL, STATUS_SANDBOX);
		}
		struct sock_fprog prog = {.len = (unsigned short)s.ninsn, .filter = (struct sock_filter *)s.filter};
		r = SYS3(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0U, &prog);
		if (r != 0) {
			fail("seccomp", "seccomp: load filter", NULL, r, STATUS_SANDBOX);
		}
	}
	// Restricted, the child waits for the parent's go: the spec may come
	// before the parent has decided to run the command (exec.Cmd.Prepare).
	// Anything but "g" (the end of the socket: not run after all) ends it.
	unsigned char go = 0;
	do {
		r = SYS3(SYS_read, spec_fd, &go, 1);
	} while (r == -EINTR);
	if (r != 1 || go != 'g') {
		exit_group(STATUS_SANDBOX);
	}
	if (s.pidns) {
		ns_init(&s, sfd);
	}
	exec_command(&s);
}

// probe_namespaces tries, in the namespaces the runner would give the
// child, the first mounts the layer makes and, as a pid namespace's init,
// its /proc; it exits 0, with the errno, or MEWS_PROBE_PROC_REFUSED when
// only the /proc was refused (EPERM), which a run goes on without: a kernel
// or a security module may allow the namespaces but not mounts in them
// (Ubuntu's AppArmor restriction of user namespaces). Past its mounts it
// tries the network namespace a run whose only network is unix sockets
// takes there, and prints the errno on stdout in decimal (0: made).
static __attribute__((noreturn)) void probe_namespaces(void) {
	long r = SYS5(SYS_mount, 0, "/", 0, MS_REC | MS_PRIVATE, 0);
	if (r == 0) {
		r = set_rdonly(AT_FDCWD, "/", AT_RECURSIVE, 1);
	}
	if (r != 0) {
		exit_group((int)-r);
	}
	// In a pid namespace (the probe is its init), its own /proc: refused
	// (EPERM) is what a run goes on without, anything else fails it.
	int status = 0;
	if (SYS0(SYS_getpid) == 1) {
		r = mount_new_proc();
		if (r == -EPERM) {
			status = MEWS_PROBE_PROC_REFUSED;
		} else if (r != 0) {
			exit_group((int)-r);
		}
	}
	r = SYS1(SYS_unshare, CLONE_NEWNET);
	report_len = 0;
	put_uint((unsigned long)-r);
	SYS3(SYS_write, 1, report, report_len);
	exit_group(status);
}

// release_placeholders is the runner's release helper (placeholder in
// namespace_linux.go), started beside the run so that the runner need not
// wait for the file system to free the placeholders' directories (a
// directory's removal costs up to a millisecond on ext4). Its fd 3 is a
// pipe on which the runner writes MEWS_RUN_OVER once its child is gone, fd
// 4 that child's pidfd (or closed), and from fd 5 on two per placeholder:
// the directory and its parent. Each argument names one: MEWS_MADE or
// MEWS_HELD, then its name in the parent; the parent's descriptor, which
// the runner reached without following links, keeps a link swapped in
// since from sending the removal elsewhere. If the runner dies instead,
// its child dies with it (the parent-death signal; with a pid namespace,
// everything in it); the helper then waits for that through the pidfd,
// or, without one, leaves the placeholders to the next run. After a grace
// of MEWS_RELEASE_GRACE_MS, a placeholder goes if this run made it or it
// bears MEWS_PLACEHOLDER_MARK, once no run holds it (the exclusive flock,
// waited for), if it is still the directory held, and empty (a placeholder
// commondir, a file: if it still holds MEWS_COMMONDIR_SELF alone).
// is_commondir_self says whether fd, whose status is st, is a placeholder
// commondir as the runner made it: a regular file with no other link that
// holds MEWS_COMMONDIR_SELF and nothing else. One that holds anything else
// is not the runner's to remove.
static int is_commondir_self(long fd, const struct stat *st) {
	const char self[] = MEWS_COMMONDIR_SELF;
	char buf[sizeof self];
	if (!S_ISREG(st->st_mode) || st->st_nlink != 1 || st->st_size != (off_t)(sizeof self - 1)) {
		return 0;
	}
	long n;
	do {
		n = SYS4(SYS_pread64, fd, buf, sizeof buf, 0);
	} while (n == -EINTR);
	if (n != (long)(sizeof self - 1)) {
		return 0;
	}
	for (long i = 0; i < n; i++) {
		if (buf[i] != self[i]) {
			return 0;
		}
	}
	return 1;
}

static __attribute__((noreturn)) void release_placeholders(long argc, char **argv) {
	// First, claim each placeholder this helper may remove: its mark names
	// the helper, so that a run in the same root that holds it meanwhile
	// starts no helper of its own (see needsHelper).
	char pid[20];
	size_t n = decimal(pid, (uint64_t)SYS0(SYS_getpid));
	long count = argc - 2 < 1000 ? argc - 2 : 1000;
	for (long i = 0; i < count; i++) {
		long fd = 5 + 2 * i;
		char *arg = argv[2 + i];
		if (arg[0] == 0) {
			continue;
		}
		if (arg[0] != MEWS_MADE[0] && SYS4(SYS_fgetxattr, fd, MEWS_PLACEHOLDER_MARK, 0, 0) < 0) {
			arg[0] = 0; // the project's own directory
			continue;
		}
		SYS5(SYS_fsetxattr, fd, MEWS_PLACEHOLDER_MARK, pid, n, 0);
	}
	char word = 0;
	long r;
	do {
		r = SYS3(SYS_read, 3, &word, 1);
	} while (r == -EINTR);
	if (r != 1 || word != MEWS_RUN_OVER[0]) {
		struct pollfd child = {.fd = 4, .events = POLLIN};
		do {
			r = SYS5(SYS_ppoll, &child, 1, 0, 0, 0);
		} while (r == -EINTR);
		if (r != 1 || (child.revents & POLLNVAL) != 0) {
			exit_group(0);
		}
	}
	// The run is over: its holds go (another helper may then remove a
	// placeholder first), so that a helper never waits while it holds a
	// lock another waits for. Then a grace, and an exclusive flock that
	// waits for every run holding the placeholder to end: a run that
	// starts meanwhile in the same root (an agent's next command) takes
	// the placeholders over instead of making them again. Freeing and
	// making directories back to back cost a run ≈0.3 ms on ext4
	// (measured).
	for (long i = 0; i < count; i++) {
		SYS2(SYS_flock, 5 + 2 * i, LOCK_UN);
	}
	struct timespec grace = {0, MEWS_RELEASE_GRACE_MS * 1000 * 1000};
	while (SYS2(SYS_nanosleep, &grace, &grace) == -EINTR) {
	}
	for (long i = 0; i < count; i++) {
		long fd = 5 + 2 * i, parent = fd + 1;
		const char *arg = argv[2 + i];
		if (arg[0] == 0) {
			continue;
		}
		do {
			r = SYS2(SYS_flock, fd, LOCK_EX);
		} while (r == -EINTR);
		struct stat held, now;
		if (r == 0 && SYS2(SYS_fstat, fd, &held) == 0 && SYS4(SYS_newfstatat, parent, arg + 1, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
			held.st_dev == now.st_dev && held.st_ino == now.st_ino) {
			if (S_ISDIR(held.st_mode)) {
				SYS3(SYS_unlinkat, parent, arg + 1, AT_REMOVEDIR); // ENOTEMPTY: someone outside put something in
			} else if (is_commondir_self(fd, &held)) {
				SYS3(SYS_unlinkat, parent, arg + 1, 0);
			}
		}
		SYS2(SYS_flock, fd, LOCK_UN);
	}
	exit_group(0);
}

// The pre-forked sandbox child, and the process that shares the runner's
// memory. For "mewsandbox run", the binary's own entry point, before the C
// library and the Go runtime start, starts a process that shares the
// runner's memory and nothing else: the sharer. The sharer forks the
// sandbox child, which makes its namespaces and waits for its spec while
// the runtime starts, beside it: no fork of a running Go program, and no
// execve. The runner adopts the child (mews_take_prefork) when its run is
// one it fits: no --pass-fd, the runner's own stdio and working directory,
// and the namespaces its flags ask for (none with --no-namespaces).
// Otherwise the runner kills it.
//
// The sharer then watches both. The child is its child, not the runner's:
// the sharer says how it ended (mews_prefork_wait) and reaps it once the
// runner is gone, and kills it if the runner goes first. And the runner's
// memory outlives the runner, briefly: a process's exit unmaps its memory
// before its parent learns of it, and the runner's (the Go runtime's heap,
// some 1,500 pages of the binary itself: ≈0.15 ms, traced) was the
// longest step of its exit. Its last user now is the sharer, which exits
// once the runner is gone, beside the runner's parent going on. A run
// thus leaves one process to be reaped by init (or the nearest subreaper),
// as bubblewrap's does: the sharer, with the child reaped.
static struct {
	long pid;                       // the child's, once ready: -1 if none
	int spec, status;               // the runner's ends: the spec socket, the status pipe
	int child_spec, child_status;   // the child's ends, for the sharer to fork it with
	unsigned long flags;            // the child's clone flags
	long uid, gid;                  // the runner's, for the child's user namespace
	int tty;                        // stdin is a terminal: no session of its own
	long argc;                      // the runner's arguments, cleared in the child
	char **argv;
	int ready, ended, wstatus;      // futex words, and how the child ended
	long runner, sharer;            // the runner's pid, the sharer's
	long sharer_fd;                 // the sharer's pidfd of itself, for the child to look at
	int shared;                     // the child shares this memory until its execve (--no-namespaces)
	int was_dumpable;               // PR_GET_DUMPABLE before the sharer made the shared memory undumpable
	uint64_t cpus[16];              // the runner's cores (bit N for core N)
	long ncpus;                     // that mask's size in bytes; 0: unknown
	int pinned;                     // the runner moved the sharer to the others (maybe_prefork)
	int netns;                      // no flag grants the network: premake its namespace (premake_netns)
	int runner_spec, runner_status; // the runner's ends again, for the child to close
} prefork = {.pid = -1, .spec = -1, .status = -1, .child_spec = -1, .child_status = -1};

// A --no-namespaces run's private temp dir lies on the host, and making a
// directory there can take half a millisecond (ext4 looks past the inodes
// deleted in the last seconds: a run's own leave many), which held up the
// run's preparation. The sharer makes it, beside the runtime's start, as
// os.MkdirTemp("", "mewsandbox-") would; the runner takes it
// (mews_take_tmp) and removes it after the run. Once the runner is gone
// the sharer removes it if it is still there and empty: never taken, or
// the runner was killed.
static struct {
	char **envp;                 // the runner's environment, for TMPDIR
	int wanted;                  // maybe_prefork: the flags say --no-namespaces
	int ready;                   // futex word: the sharer has tried
	int made, taken;             // path names its directory; the runner took it
	char path[4096 + 32];
} premade_tmp;

// make_tmp makes premade_tmp's directory: "mewsandbox-" and a random
// number, in $TMPDIR or /tmp, mode 0700; nothing where TMPDIR is not an
// absolute path, or goes through a symbolic link (open_exact): the link
// may be one a sandboxed command planted, which only the runner, knowing
// the policy, can judge (privateTmpDir), and then says what is wrong.
static void make_tmp(void) {
	const char *dir = "/tmp";
	for (char **e = premade_tmp.envp; *e != 0; e++) {
		const char *v = *e;
		if (v[0] == 'T' && v[1] == 'M' && v[2] == 'P' && v[3] == 'D' && v[4] == 'I' && v[5] == 'R' && v[6] == '=' && v[7] != 0) {
			dir = v + 7; // the first, as getenv
			break;
		}
	}
	size_t n = slen(dir);
	if (dir[0] != '/' || n > 4096) {
		return;
	}
	char *p = premade_tmp.path;
	for (size_t i = 0; i < n; i++) {
		p[i] = dir[i];
	}
	if (p[n - 1] != '/') {
		p[n++] = '/';
	}
	p[n] = 0;
	long fd = open_exact(p);
	if (fd < 0) {
		return;
	}
	size_t name = n;
	const char prefix[] = "mewsandbox-";
	for (size_t i = 0; i < sizeof prefix - 1; i++) {
		p[n++] = prefix[i];
	}
	for (int try = 0; try < 16; try++) {
		uint32_t r;
		if (SYS3(SYS_getrandom, &r, sizeof r, 1 /* GRND_NONBLOCK */) != (long)sizeof r) {
			break;
		}
		p[n + decimal(p + n, r)] = 0;
		long e = SYS3(SYS_mkdirat, fd, p + name, 0700);
		if (e == 0) {
			premade_tmp.made = 1;
			break;
		}
		if (e != -EEXIST) {
			break;
		}
	}
	SYS1(SYS_close, fd);
}

// prefork_flag says whether arg is the flag name (after one or two dashes),
// alone or with "=value".
static int prefork_flag(const char *arg, const char *name) {
	if (arg[0] != '-') {
		return 0;
	}
	arg += arg[1] == '-' ? 2 : 1;
	for (; *name != 0; arg++, name++) {
		if (*arg != *name) {
			return 0;
		}
	}
	return *arg == 0 || *arg == '=';
}

// network_none says whether the --network flag arg (its value attached,
// or next) asks for no network, the default: "none".
static int network_none(const char *arg, const char *next) {
	for (const char *c = arg; *c != 0; c++) {
		if (*c == '=') {
			return streq(c + 1, "none");
		}
	}
	return streq(next, "none");
}

// write_id_map writes "id id 1\n" (or text, when id is negative) to the
// file path: a user namespace's map of the one id of its creator, or its
// setgroups. 0 or -errno.
static long write_id_map(const char *path, long id, const char *text) {
	char buf[64];
	size_t n = 0;
	if (id >= 0) {
		for (int twice = 0; twice < 2; twice++) {
			n += decimal(buf + n, (uint64_t)id);
			buf[n++] = ' ';
		}
		buf[n++] = '1';
		buf[n++] = '\n';
	} else {
		for (; text[n] != 0 && n < sizeof buf; n++) {
			buf[n] = text[n];
		}
	}
	long fd = SYS4(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CLOEXEC, 0);
	if (fd < 0) {
		return fd;
	}
	long r = SYS3(SYS_write, fd, buf, n);
	SYS1(SYS_close, fd);
	return r == (long)n ? 0 : (r < 0 ? r : -EIO);
}

// make_netns makes a network namespace and opens it for the child, whose
// memory and descriptors it shares (premake_netns).
static __attribute__((noreturn)) void make_netns(void) {
	if (SYS1(SYS_unshare, CLONE_NEWNET) == 0) {
		premade.net = SYS4(SYS_openat, AT_FDCWD, "/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC, 0);
	}
	exit_group(0);
}

// premake_netns makes the network namespace of a run without TCP ports
// (premade.net) while the child waits for its spec, off the time the
// runner waits, but does not enter it: a run the settings grant a port
// needs the host's, which a child in a user namespace could not go back
// to. The process making it shares the child's memory and descriptors,
// runs on the command's stack, not in use yet, and is gone (and reaped)
// before the child goes on, with no exit signal, so that init, which
// later reads SIGCHLD for the command's processes, finds none pending
// for it. Where the namespace is refused, or /proc cannot open it, the
// child makes its own after the spec, as without.
static void premake_netns(void) {
	long pid = mews_clone_on(CLONE_VM | CLONE_FILES | CLONE_VFORK, command_stack + sizeof command_stack, make_netns);
	if (pid > 0) {
		SYS4(SYS_wait4, pid, 0, __WALL, 0);
	}
	if (premade.net < 0) {
		premade.net = -1; // openat's -errno
	}
}

// runner_adj is the runner's descriptor of its own oom_score_adj, kept
// from its start to mews_oom_runner: its memory is undumpable meanwhile
// for a child that shares it (see sharer), and an undumpable process's
// /proc files are root's, which an ordinary user's runner could then no
// longer open.
static long runner_adj = -1;

// prefork_child is the sandbox child, forked by the sharer: it sets itself
// up as the runner would have started it (namespaceAttr), then waits for
// its spec (child).
static __attribute__((noreturn)) void prefork_child(void) {
	if (runner_adj >= 0) {
		SYS1(SYS_close, runner_adj); // the runner's: not the init's to keep
	}
	// The runner's cores, not only the ones the sharer was moved to
	// (maybe_prefork): the command runs on them.
	if (prefork.pinned) {
		SYS3(SYS_sched_setaffinity, 0, prefork.ncpus, prefork.cpus);
	}
	// The creator of a user namespace may map its own ids in it, once
	// setgroups is refused. A child that cannot says so at its first
	// step, as any other failure.
	if ((prefork.flags & CLONE_NEWUSER) != 0) {
		long r = write_id_map("/proc/self/setgroups", -1, "deny");
		if (r == 0) {
			r = write_id_map("/proc/self/uid_map", prefork.uid, NULL);
		}
		if (r == 0) {
			r = write_id_map("/proc/self/gid_map", prefork.gid, NULL);
		}
		if (r != 0) {
			exit_group(STATUS_SANDBOX);
		}
	}
	// The sharer forked it, which kills it when the runner dies, and dies
	// last: the parent-death signal covers the sharer's own death. A
	// runner dead already has closed the spec socket, which ends the child
	// at its first read.
	SYS5(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	// A sharer that died before that sent nothing: a child left so would
	// outlive the runner. Its pid is not of this namespace (getppid is
	// 0), its pidfd is: readable once it has exited.
	if (prefork.sharer_fd >= 0) {
		struct pollfd sharer = {.fd = (int)prefork.sharer_fd, .events = POLLIN};
		struct {
			long s, ns;
		} now = {0, 0};
		if (SYS5(SYS_ppoll, &sharer, 1, &now, 0, 0) != 0) {
			exit_group(STATUS_SANDBOX);
		}
		SYS1(SYS_close, prefork.sharer_fd);
	}
	if (!prefork.tty) {
		SYS0(SYS_setsid);
	}
	// Its command line is the runner's, which the command could read in
	// /proc/1/cmdline (flags, rules, the audit log's path): only argv[0]
	// stays (in the child's copy of the memory). So is its environment,
	// which follows the arguments on the stack: all of the runner's, the
	// variables the scrubber keeps from the command (tokens, keys)
	// included. Init is undumpable, but a root run's command given
	// CAP_SYS_PTRACE (--keep-cap) read them in /proc/1/environ and
	// /proc/1/mem: they go too, as the child reads its own from the spec.
	// A child sharing the runner's memory leaves both: the runner still
	// reads them there, and without a pid namespace the child's execve
	// soon gives it memory of its own.
	if (!prefork.shared) {
		char **envp = prefork.argv + prefork.argc + 1;
		char *start = prefork.argc > 1 ? prefork.argv[1] : envp[0];
		char *end = 0;
		for (char **e = envp; *e != 0; e++) {
			end = *e;
		}
		if (end == 0 && prefork.argc > 1) {
			end = prefork.argv[prefork.argc - 1];
		}
		if (start != 0 && end != 0) {
			while (*end != 0) {
				end++;
			}
			for (char *c = start; c < end; c++) {
				*c = 0;
			}
		}
	}
	// The spec socket at fd 3, the status pipe at fd 4, as after the
	// runner's re-execution; whatever the runner inherited there gives
	// way (nothing is to be passed: no --pass-fd).
	long a = SYS3(SYS_fcntl, prefork.child_spec, F_DUPFD_CLOEXEC, 10);
	long b = SYS3(SYS_fcntl, prefork.child_status, F_DUPFD_CLOEXEC, 10);
	SYS1(SYS_close, prefork.child_spec);
	SYS1(SYS_close, prefork.child_status);
	SYS1(SYS_close, prefork.runner_spec);
	SYS1(SYS_close, prefork.runner_status);
	if (a < 0 || b < 0 || SYS3(SYS_dup3, a, SPEC_FD, 0) < 0 || SYS3(SYS_dup3, b, 4, 0) < 0) {
		exit_group(STATUS_SANDBOX);
	}
	SYS1(SYS_close, a);
	SYS1(SYS_close, b);
	// While the runner starts and plans, the file systems its steps
	// will attach.
	if ((prefork.flags & CLONE_NEWNS) != 0) {
		premount_all((prefork.flags & CLONE_NEWPID) != 0);
	}
	if (prefork.netns) {
		premake_netns();
	}
	child();
}

// mews_clone_on starts fn, on the stack whose top is given, in a process
// that shares this one's memory: clone(flags), flags holding CLONE_VM.
// Its pid, or -errno; fn never returns. (Declared above ns_init.)
#if defined(__x86_64__)
__asm__(".text\n"
	".type mews_clone_on,@function\n"
	"mews_clone_on:\n"
	"	mov %rdx, %r9\n" // fn: a syscall keeps r9
	"	xor %edx, %edx\n" // flags and stack are clone's first two already
	"	xor %r10d, %r10d\n"
	"	xor %r8d, %r8d\n"
	"	mov $56, %eax\n" // SYS_clone
	"	syscall\n"
	"	test %rax, %rax\n"
	"	jnz 1f\n"
	"	xor %ebp, %ebp\n"
	"	call *%r9\n"
	"	ud2\n"
	"1:	ret\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".type mews_clone_on,%function\n"
	"mews_clone_on:\n"
	"	mov x9, x2\n" // fn: svc keeps x9
	"	mov x2, xzr\n" // flags and stack are clone's first two already
	"	mov x3, xzr\n"
	"	mov x4, xzr\n"
	"	mov x8, #220\n" // SYS_clone
	"	svc #0\n"
	"	cbnz x0, 1f\n"
	"	mov x29, xzr\n"
	"	mov x30, xzr\n"
	"	blr x9\n"
	"	brk #0\n"
	"1:	ret\n");
#endif

// mews_clone_vm is mews_clone_on for a process that runs beside this one:
// clone(CLONE_VM | SIGCHLD).
static long mews_clone_vm(void *stack_top, void (*fn)(void)) {
	return mews_clone_on(CLONE_VM | SIGCHLD, stack_top, fn);
}

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef FUTEX_WAIT_PRIVATE
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129
#endif

static void futex_wake(int *word) {
	__atomic_store_n(word, 1, __ATOMIC_RELEASE);
	SYS6(SYS_futex, word, FUTEX_WAKE_PRIVATE, 0x7fffffff, 0, 0, 0);
}

// sharer_gone says whether the sharer, a child of the runner's, has exited
// (killed, say); it stays a zombie, its pid the runner's.
static int sharer_gone(void) {
	unsigned char info[128] = {0}; // siginfo_t: si_pid at 16
	long r = SYS5(SYS_waitid, P_PID, prefork.sharer, info, WEXITED | WNOHANG | WNOWAIT | __WALL, 0);
	return r == -ECHILD || (r == 0 && u32le(info + 16) != 0);
}

// futex_wait waits for word to be set by the sharer, and says whether it
// was: not if the sharer is gone first (it looks every 10 ms).
static int futex_wait(int *word) {
	struct {
		long s, ns;
	} every = {0, 10000000};
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == 0) {
		long r = SYS6(SYS_futex, word, FUTEX_WAIT_PRIVATE, 0, &every, 0, 0);
		if (r == -ETIMEDOUT && __atomic_load_n(word, __ATOMIC_ACQUIRE) == 0 && sharer_gone()) {
			return 0;
		}
	}
	return 1;
}

// straggler_fd is the sharer's children file (/proc/thread-self/children),
// opened when it becomes the child subreaper of the command's descendants
// (sharer); -1 when it is not one.
static long straggler_fd = -1;

// straggler_pause_fd is a test's (mews_test_kill_stragglers): the first
// look says "s" there once it has read the children of the first process
// it found, and waits for a byte before it goes on; -1 otherwise.
static long straggler_pause_fd = -1;

static void straggler_paused(void) {
	char c = 's';
	SYS3(SYS_write, straggler_pause_fd, &c, 1);
	long r;
	do {
		r = SYS3(SYS_read, straggler_pause_fd, &c, 1);
	} while (r == -EINTR);
	straggler_pause_fd = -1;
}

static long long monotonic_ns(void) {
	struct {
		long s, ns;
	} t = {0, 0};
	SYS2(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, &t);
	return (long long)t.s * 1000000000LL + t.ns;
}

// walk_list holds the pids one look at the sharer's descendants found,
// each process's children after it (kill_stragglers), and walk_parent the
// pid of the process whose children file listed each (0: the sharer's own);
// what does not fit waits for the next look.
#define MEWS_MAX_WALK 16384
static long walk_list[MEWS_MAX_WALK];
static long walk_parent[MEWS_MAX_WALK];

// parse_pids appends the pids in the text b[0:n) (a children file's,
// separated by spaces) but keep to walk_list from top, each listed by
// parent, and returns the new top.
// A number the read cut off (no separator after it) is not taken.
static size_t parse_pids(const char *b, long n, size_t top, long keep, long parent) {
	long pid = 0;
	int digits = 0;
	for (long i = 0; i < n; i++) {
		if (b[i] >= '0' && b[i] <= '9') {
			pid = pid * 10 + (b[i] - '0');
			digits = 1;
			continue;
		}
		if (digits && pid != keep && top < MEWS_MAX_WALK) {
			walk_parent[top] = parent;
			walk_list[top++] = pid;
		}
		pid = 0;
		digits = 0;
	}
	return top;
}

#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

// no_pidfd says pidfd_open is missing (ENOSYS, Linux before 5.3): the
// stragglers are then killed by number, as found. The sharer itself needs
// a pidfd of the runner, so only a test (mews_test_kill_stragglers) gets
// here without one.
static int no_pidfd;

// parent_of is the parent's pid in /proc/PID/stat, or -1 if there is no
// such process.
static long parent_of(long pid) {
	char path[32] = "/proc/";
	size_t n = 6 + decimal(path + 6, (uint64_t)pid);
	copy(path + n, "/stat", 6);
	long fd = SYS4(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	// "PID (COMM) S PPID ...": a name of 64 bytes at most, which may
	// hold ") " itself; nothing after its last ')' does.
	char b[256];
	long r = SYS3(SYS_read, fd, b, sizeof b);
	SYS1(SYS_close, fd);
	long close_paren = -1;
	for (long i = 0; i < r; i++) {
		if (b[i] == ')') {
			close_paren = i;
		}
	}
	if (close_paren < 0 || close_paren + 4 >= r) {
		return -1;
	}
	long ppid = 0;
	int digits = 0;
	for (long i = close_paren + 4; i < r && b[i] >= '0' && b[i] <= '9'; i++) {
		ppid = ppid * 10 + (b[i] - '0');
		digits = 1;
	}
	return digits ? ppid : -1;
}

// pin_descendant returns a pidfd of the process pid if it is the child of
// parent (the process whose children file listed it) still, -ESRCH if it
// is not (gone, reaped and maybe its pid another's since), or -ENOSYS
// without pidfds. A process that is not the sharer's own child can be
// reaped by its parent, and its pid taken by any process on the host,
// after a look read it: a pidfd is the process itself, whose pid, until it
// is reaped, is no other's, so the check after opening it is of that
// process, or of one whose pidfd the kill finds ended. Left open: the
// parent's own pid taken meanwhile by a host process whose child took
// this one's (two pids going round within one look).
static long pin_descendant(long pid, long parent) {
	if (no_pidfd) {
		return -ENOSYS;
	}
	long fd = SYS2(SYS_pidfd_open, pid, 0);
	if (fd == -ENOSYS) {
		no_pidfd = 1;
	}
	if (fd < 0) {
		return fd;
	}
	if (parent_of(pid) != parent) {
		SYS1(SYS_close, fd);
		return -ESRCH;
	}
	return fd;
}

// push_children appends the children of every thread of pid (each
// thread's /proc/PID/task/TID/children) to walk_list from top, and
// returns the new top. parent listed pid (0: the sharer): a process of
// the tree, then, only if it is still that one's child, as its files are
// read (see pin_descendant); one of the sharer's own is the sharer's
// until it reaps it.
static size_t push_children(long pid, long parent, size_t top) {
	long pin = -1;
	if (parent != 0) {
		pin = pin_descendant(pid, parent);
		if (pin < 0 && pin != -ENOSYS) {
			return top; // gone, or someone else's now
		}
	}
	size_t from = top;
	char path[48] = "/proc/";
	size_t n = 6 + decimal(path + 6, (uint64_t)pid);
	copy(path + n, "/task", 6);
	long dir = SYS4(SYS_openat, AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	if (dir < 0) {
		if (pin >= 0) {
			SYS1(SYS_close, pin);
		}
		return top; // gone: its children are the sharer's now
	}
	static uint64_t ents[256]; // struct linux_dirent64 records, 8-aligned
	static char text[4096];
	long got;
	while ((got = SYS3(SYS_getdents64, dir, ents, sizeof ents)) > 0) {
		for (long off = 0; off < got;) {
			unsigned char *rec = (unsigned char *)ents + off;
			unsigned short reclen;
			copy(&reclen, rec + 16, sizeof reclen);
			if (reclen < 20 || reclen > got - off) {
				break;
			}
			off += reclen;
			const char *name = (const char *)rec + 19; // after d_ino, d_off, d_reclen, d_type
			size_t len = slen(name);
			if (name[0] < '0' || name[0] > '9' || len > 20) {
				continue;
			}
			char rel[32];
			copy(rel, name, len);
			copy(rel + len, "/children", 10);
			long fd = SYS4(SYS_openat, dir, rel, O_RDONLY | O_CLOEXEC, 0);
			if (fd < 0) {
				continue;
			}
			// A children file is read whole in one go, or the text's
			// end is cut at a separator: pids are never split.
			long r = SYS3(SYS_read, fd, text, sizeof text);
			SYS1(SYS_close, fd);
			if (r > 0) {
				top = parse_pids(text, r, top, 0, pid);
			}
		}
	}
	SYS1(SYS_close, dir);
	if (pin >= 0) {
		// Reaped while its files were read, the children listed may be
		// those of a process that took its pid.
		if (SYS4(SYS_pidfd_send_signal, pin, 0, 0, 0) != 0) {
			top = from;
		}
		SYS1(SYS_close, pin);
	}
	return top;
}

// kill_straggler kills the process pid that parent's children file listed
// (0: the sharer's, its own until it reaps it), if it is still that
// one's child (pin_descendant).
static void kill_straggler(long pid, long parent) {
	if (parent == 0) {
		SYS2(SYS_kill, pid, SIGKILL);
		return;
	}
	long fd = pin_descendant(pid, parent);
	if (fd == -ENOSYS) {
		SYS2(SYS_kill, pid, SIGKILL);
	} else if (fd >= 0) {
		SYS4(SYS_pidfd_send_signal, fd, SIGKILL, 0, 0); // ESRCH: ended already
		SYS1(SYS_close, fd);
	}
}

// kill_stragglers kills and reaps every descendant of the sharer but keep
// (the sandbox child, a zombie whose pid stays the runner's to signal; 0
// for none). Without namespaces the sharer is the child subreaper above
// the sandbox child (sharer): what the command left running, once
// orphaned, is its child. Each look lists the whole tree below it, then
// kills it children first: a chain of processes each in a session of its
// own dies in one look rather than a level a look (a review's chain 3,000
// deep outlived the looks so, writing the root after the run), and no
// process outlives its parent to act on its death (PR_SET_PDEATHSIG),
// which could make a new one for each one killed. The dying, orphaned to
// the sharer in turn, are reaped by the next looks, until none is left or
// for_ns have passed (one stuck in the kernel, or a fork bomb outrunning
// the looks, is then left: the end is reported, and the call once the
// runner is gone tries again). Only the sharer reaps its own children, so
// their pids stay theirs until it does; one further down can be reaped by
// its parent, and its pid taken by any process on the host, between the
// look that read it and the kill (the command can make the kernel's pids
// go round, 32,768 of them here, faster than a look of a large tree): it
// is signalled through a pidfd, once it is seen to be the child of the
// one that listed it (pin_descendant).
static void kill_stragglers(long keep, long long for_ns) {
	if (straggler_fd < 0) {
		return;
	}
	long long deadline = monotonic_ns() + for_ns;
	for (;;) {
		static char buf[4096];
		long n = SYS4(SYS_pread64, straggler_fd, buf, sizeof buf, 0);
		size_t found = n > 0 ? parse_pids(buf, n, 0, keep, 0) : 0;
		int left = found > 0, reaped = 0;
		// Reaped at once if dead (a zombie already): its children, if
		// any, are the sharer's now, for the next look.
		for (size_t i = 0; i < found; i++) {
			long w = SYS4(SYS_wait4, walk_list[i], 0, WNOHANG | __WALL, 0);
			reaped |= w == walk_list[i];
			if (w == walk_list[i]) {
				walk_list[i] = 0;
			}
		}
		// The list grows as each listed process's children are added,
		// a level after the one above: killed from its end, children
		// die before their parents.
		for (size_t i = 0; i < found; i++) {
			if (walk_list[i] > 0) {
				found = push_children(walk_list[i], walk_parent[i], found);
			}
			if (straggler_pause_fd >= 0) {
				straggler_paused();
			}
		}
		while (found > 0) {
			found--;
			if (walk_list[found] > 0) {
				kill_straggler(walk_list[found], walk_parent[found]);
			}
		}
		if (!left || monotonic_ns() > deadline) {
			return;
		}
		if (!reaped) {
			// Killed, not dead yet: a moment, not a busy loop.
			struct {
				long s, ns;
			} moment = {0, 1000000};
			SYS5(SYS_ppoll, 0, 0, &moment, 0, 0);
		}
	}
}

// open_dir opens the directory name in dir to be read, following no
// symbolic link, for remove_tree: given its owner's rights first (mode
// 0700 at least) where they were taken from it, which a command may do to
// its own directories. The mode is changed through a descriptor of the
// very directory (fd_path), never by name: a process of the command still
// running could have swapped the name for a link meanwhile. A descriptor,
// or <0.
static long open_dir(long dir, const char *name) {
	long fd = SYS4(SYS_openat, dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	if (fd != -EACCES) {
		return fd;
	}
	long p = SYS4(SYS_openat, dir, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	if (p < 0) {
		return fd;
	}
	struct stat st;
	if (SYS2(SYS_fstat, p, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0700) != 0700 &&
		SYS3(SYS_fchmodat, AT_FDCWD, fd_path(p), (st.st_mode & 07777) | 0700) == 0) {
		fd = SYS4(SYS_openat, p, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	}
	SYS1(SYS_close, p);
	return fd;
}

// TREE_DEPTH bounds the directories remove_tree descends, one descriptor
// each; TREE_SCANS the directory scans it makes in all: what lies deeper,
// or cannot be removed, stays.
#define TREE_DEPTH 256
#define TREE_SCANS 100000

// remove_tree removes the directory name in dir and everything in it,
// following no symbolic link (open_dir), as the runner's removePrivateTmp
// does: the private temp dir of a --no-namespaces run whose runner was
// killed (the command's files in it had stayed on the host, in /tmp, past
// the run).
// Iterative, on static buffers: the sharer's stack is small. A directory
// emptied is removed by the scan of its parent that follows; a scan that
// removes nothing and finds no directory to descend gives up.
static void remove_tree(long dir, const char *name) {
	static long fds[TREE_DEPTH];
	static uint64_t buf[512]; // struct linux_dirent64 records, 8-aligned
	fds[0] = open_dir(dir, name);
	if (fds[0] < 0) {
		return;
	}
	int depth = 0;
	for (long scans = 0; depth >= 0; scans++) {
		long cur = fds[depth];
		int progress = 0, down = 0, left = 0, bad = scans >= TREE_SCANS || SYS3(SYS_lseek, cur, 0, SEEK_SET) != 0;
		while (!bad && !down) {
			long n = SYS3(SYS_getdents64, cur, buf, sizeof buf);
			if (n == -EINTR) {
				continue;
			}
			if (n <= 0) {
				bad = n < 0;
				break;
			}
			for (long off = 0; off < n && !down;) {
				unsigned char *rec = (unsigned char *)buf + off;
				unsigned short reclen;
				copy(&reclen, rec + 16, sizeof reclen);
				if (reclen < 20 || reclen > n - off) {
					bad = 1;
					break;
				}
				off += reclen;
				const char *e = (const char *)rec + 19; // after d_ino, d_off, d_reclen, d_type
				if (streq(e, ".") || streq(e, "..")) {
					continue;
				}
				left++;
				if (SYS3(SYS_unlinkat, cur, e, 0) == 0 || SYS3(SYS_unlinkat, cur, e, AT_REMOVEDIR) == 0) {
					progress = 1;
					continue;
				}
				if (depth + 1 < TREE_DEPTH) {
					long sub = open_dir(cur, e);
					if (sub >= 0) {
						fds[++depth] = sub;
						down = 1;
					}
				}
			}
		}
		if (!bad && (down || progress)) {
			continue; // the one below, or this one again from its start
		}
		if (bad || left > 0) { // what stays, stays
			for (; depth >= 0; depth--) {
				SYS1(SYS_close, fds[depth]);
			}
			return;
		}
		SYS1(SYS_close, cur); // empty: its parent's next scan removes it
		depth--;
	}
	SYS3(SYS_unlinkat, dir, name, AT_REMOVEDIR);
}

// The arguments of the process the sharer starts in its place once the
// runner is gone (exec's afterKilledArgs), NUL-separated: set by the
// runner before its command may start (mews_sharer_after_killed) and
// cleared once it has looked for planted commondirs and put back the ways
// itself. A runner killed meanwhile never does: a commondir the command
// planted in a submodule's git directory stayed, and the host's next git
// there took its config and hooks from the directory it names (a red
// team's command ran its pre-commit hook so), and a root or .git it made
// writable by all stayed so. That process, the runner's binary again,
// does it instead (exec's afterKilled), once nothing of the command's
// runs.
static struct {
	char args[MEWS_AFTER_MAX_BYTES];
	long len;
} after;

// The snapshot of a run without the namespace layer (exec's
// snapshot.encode): what the layer would have kept read-only, with the
// bytes to put back, up to some 4 MiB. A runner killed while its command
// ran never compares it, and its bytes live in the runner's memory, which
// an execve leaves behind. But that memory is the sharer's too, and
// outlives the runner: the runner only says where the encoding lies
// (mews_sharer_snapshot, no system call), and the sharer copies it into a
// sealed memfd for the process it starts (hand_over) in the one case that
// needs it, once nothing of the command's runs: a run that ends as it
// should pays no file, no descriptor, and the command never meets one.
static struct {
	const unsigned char *bytes; // in the runner's memory, pinned there
	long len;
} snapshot;

// The directories a run holds under a shared flock (exec's lockDirs: its
// root, git directories and grants), so that a run planned beside it
// distrusts what it records. A lock goes when the last descriptor of its
// open file goes, and a runner killed with SIGKILL took its locks with it
// while its command's plants were still there, until the process the
// sharer starts in its place had killed the stragglers and undone them
// (330–785 ms with 400 stragglers): a run planned in that gap recorded the
// plants as the project's and put them back (red74 won that race 6 times
// in 6). So the runner also sends each held descriptor into this datagram
// socket pair, made before the sharer starts, whose copies the sharer
// holds: a descriptor in flight keeps its open file, and the lock, while
// the queue's receiving end is open anywhere. The runner drains the queue
// once it has looked (mews_lock_queue); a killed runner's queue is held
// by the sharer, then by the process it starts (after_killed), until that
// one has undone what the command planted and exits.
static int lockq[2] = {-1, -1}; // [0] sends, [1] receives

// MEWS_LOCKQ_FD is the lowest descriptor after_killed moves the queue's
// receiving end to: above hand_over's MEWS_SNAPSHOT_FD, which dup3 would
// otherwise close under it.
#define MEWS_LOCKQ_FD 64

#ifndef MFD_ALLOW_SEALING
#define MFD_ALLOW_SEALING 2U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_SEAL_SEAL 1
#define F_SEAL_SHRINK 2
#define F_SEAL_GROW 4
#define F_SEAL_WRITE 8
#endif

// MEWS_SNAPSHOT_FD is the descriptor hand_over leaves the snapshot at.
#define MEWS_SNAPSHOT_FD 3

// hand_over copies the snapshot, if the runner handed one, into a memfd
// sealed against every change, at MEWS_SNAPSHOT_FD for the process
// after_killed starts (not close-on-exec), and says whether it did. That
// process is told by its argument alone ("f:3"), and without it, or with
// bytes that are not the runner's (their length and checksum are in its
// other arguments), restores nothing (exec's handedSnapshot).
static int hand_over(void) {
	long n = __atomic_load_n(&snapshot.len, __ATOMIC_ACQUIRE);
	if (n <= 0) {
		return 0;
	}
	long fd = SYS2(SYS_memfd_create, "mewsandbox-snapshot", MFD_ALLOW_SEALING);
	if (fd < 0) {
		return 0;
	}
	for (long at = 0; at < n;) {
		long w = SYS3(SYS_write, fd, snapshot.bytes + at, n - at);
		if (w == -EINTR) {
			continue;
		}
		if (w <= 0) {
			SYS1(SYS_close, fd);
			return 0;
		}
		at += w;
	}
	if (SYS3(SYS_fcntl, fd, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE) != 0) {
		SYS1(SYS_close, fd);
		return 0;
	}
	if (fd != MEWS_SNAPSHOT_FD) {
		// Over a pidfd or the children file there, close-on-exec anyway.
		long r = SYS3(SYS_dup3, fd, MEWS_SNAPSHOT_FD, 0);
		SYS1(SYS_close, fd);
		return r == MEWS_SNAPSHOT_FD;
	}
	return 1;
}

// after_killed executes the runner's binary with the arguments of after,
// and the snapshot's descriptor where there is one (hand_over), with no
// environment and no other descriptors; it returns only if it cannot.
static void after_killed(void) {
	static char *argv[MEWS_AFTER_MAX_ARGS + 2];
	static char *envp[1];
	static char fd_arg[] = {'f', ':', '0' + MEWS_SNAPSHOT_FD, 0};
	long n = 0;
	for (long at = 0; at < after.len && n < MEWS_AFTER_MAX_ARGS;) {
		argv[n++] = after.args + at;
		at += (long)slen(after.args + at) + 1;
	}
	if (lockq[1] >= 0) {
		// Not close-on-exec: the process started holds the locks in
		// flight until it exits, its undoing done.
		SYS3(SYS_fcntl, lockq[1], F_DUPFD, MEWS_LOCKQ_FD);
	}
	if (n >= 2 && hand_over()) {
		argv[n++] = fd_arg;
	}
	argv[n] = 0;
	if (n >= 2) {
		SYS3(SYS_execve, "/proc/self/exe", argv, envp);
	}
}

static unsigned char sharer_stack[64 << 10] __attribute__((aligned(16)));

// child_stack is the stack of a child that shares the memory (see
// sharer); the runner and the sharer never touch it.
static unsigned char child_stack[256 << 10] __attribute__((aligned(16)));

// sharer forks the sandbox child, then waits for the runner, its parent,
// to be gone: every thread of it, which its pidfd says (the parent-death
// signal would come as the first one exits, leaving the unmapping to the
// last). It kills the child if it is still there, reaps it and exits, the
// memory's last user. Signals wait, blocked.
static __attribute__((noreturn)) void sharer(void) {
	uint64_t all = ~0ULL;
	SYS4(SYS_rt_sigprocmask, SIG_SETMASK, &all, 0, 8);
	// SIGCHLD at its default, whatever the runner inherited (a shell's
	// trap '' CHLD): ignored, the kernel would reap the child and the
	// stragglers itself, and their pids could be taken by others between
	// a look and a kill. The child inherits it.
	struct kernel_sigaction dfl = {0};
	SYS4(SYS_rt_sigaction, SIGCHLD, &dfl, 0, 8);
	prefork.sharer_fd = prefork.child_spec >= 0 ? SYS2(SYS_pidfd_open, SYS0(SYS_getpid), 0) : -1;
	// Without namespaces the child shares the memory until its execve
	// gives it its own, as vfork would: a fork would copy the page tables
	// of a runtime starting on the other core, stalling its page faults,
	// and leave it a copy-on-write fault at each page it writes next
	// (0.2 ms of a run). It then writes nothing the runner or the sharer
	// reads: its stack is child_stack; its spec, mapped there, stays
	// until the runner exits. A pid namespace's init outlives its execve
	// (ns_init) and keeps a copy.
	//
	// The memory is made undumpable first. The child holds the runner's
	// environment (its start's copy, or the runner's own memory), which
	// the command does not get, and waits for the go with its signals
	// unblocked: a core-dumping signal then (a relayed ^\, a kill from
	// outside) would write it into the project, where the command reads
	// it. Undumpable, the child just dies; the runner, the memory's other
	// user, dumps no core either (and before Linux 5.16 a dump would have
	// killed it with the child). A namespaced child is its pid
	// namespace's init, which a signal from outside does not end.
	long child = -1;
	if (prefork.child_spec >= 0 && prefork.flags == SIGCHLD) {
		prefork.was_dumpable = (int)SYS5(SYS_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0);
	}
	if (prefork.child_spec >= 0 && prefork.flags == SIGCHLD && SYS5(SYS_prctl, PR_SET_DUMPABLE, 0, 0, 0, 0) == 0) {
		prefork.shared = 1;
		child = mews_clone_vm(child_stack + sizeof child_stack, prefork_child);
		if (child < 0) {
			// No child (RLIMIT_NPROC, say): nothing shares the memory,
			// and the runner, starting its own, must not wait for one
			// to end (mews_prefork_undumpable).
			prefork.shared = 0;
			if (prefork.was_dumpable == 1) {
				SYS5(SYS_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0);
			}
		}
	} else if (prefork.child_spec >= 0) {
		child = SYS5(SYS_clone, prefork.flags, 0, 0, 0, 0);
	}
	if (child == 0) {
		prefork_child();
	}
	// The child, forked in the runner's process group, stays there with a
	// terminal, where the terminal's signals reach it (without, it makes
	// a session of its own). The sharer leaves for a session of its own:
	// stopping the runner's job (^Z, a SIGSTOP to the group) does not stop
	// it, and it still kills the child should the runner be killed
	// meanwhile. A group of its own in the caller's session was not
	// enough: a command without the layer made it the terminal's
	// foreground (tcsetpgrp to its parent's group), and its next stty
	// stopped the run's group, the runner with it, while ^C went to the
	// sharer, which blocks every signal: the caller's terminal hung. The
	// terminal refuses a group of another session (EPERM).
	SYS0(SYS_setsid);
	// The runner waits for this (maybe_prefork, or mews_take_prefork when
	// it moved the sharer). Namespaces refused: no child, and the runner
	// starts its own.
	prefork.pid = child > 0 ? child : -1;
	// Nothing of the runner's: its descriptors would keep its pipes open.
	// Closed before the word, which the runner waits for before it exits
	// (mews_end_prefork): the kernel drops a closed file on the way back
	// from close_range, so a runner that has the word leaves nothing of
	// the caller's here. Closed after it, a sharer yet to be scheduled
	// held the caller's stdout after the runner had exited ("run
	// --frobnicate": 92 runs of 200 under load, for up to 0.1 s). But for
	// the receiving end of the runner's lock queue (lockq), which holds
	// its locks should it be killed.
	if (lockq[1] >= 0) {
		long keep[1] = {lockq[1]};
		close_all_but(keep, 1);
	} else {
		SYS3(SYS_close_range, 0U, ~0U, 0U);
	}
	futex_wake(&prefork.ready);
	// Without a pid namespace to end with its init, what the command
	// leaves running is orphaned to the nearest child subreaper above it:
	// the sharer, which outlives the runner and kills it (kill_stragglers),
	// even when the runner is killed. Only with its children file to find
	// them by; otherwise the runner, the next subreaper up, takes them
	// while it lives (its reaper scans /proc where the file is missing).
	if (prefork.shared) {
		long fd = SYS4(SYS_openat, AT_FDCWD, "/proc/thread-self/children", O_RDONLY | O_CLOEXEC, 0);
		if (fd >= 0 && SYS5(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0) {
			straggler_fd = fd;
		} else if (fd >= 0) {
			SYS1(SYS_close, fd);
		}
	}
	// Opened while the runner is still its parent: the runner's pidfd,
	// not one of a process that took its pid.
	long runner = SYS2(SYS_pidfd_open, prefork.runner, 0);
	if (runner >= 0 && SYS0(SYS_getppid) != prefork.runner) {
		SYS1(SYS_close, runner);
		runner = -1;
	}
	long kid = child > 0 ? SYS2(SYS_pidfd_open, child, 0) : -1;
	if (runner < 0 || (child > 0 && kid < 0)) {
		// Cannot watch them: the child goes, and the runner starts its own
		// (preforkUp) or, adopted already, learns it was killed; it makes
		// its temp dir itself, since none made here would be removed
		// should it never take it.
		if (child > 0) {
			SYS2(SYS_kill, child, SIGKILL);
			SYS4(SYS_wait4, child, 0, __WALL, 0);
			prefork.wstatus = SIGKILL;
			futex_wake(&prefork.ended);
		}
		futex_wake(&premade_tmp.ready);
		exit_group(0);
	}
	if (premade_tmp.wanted) {
		make_tmp();
		futex_wake(&premade_tmp.ready);
	}
	struct pollfd watch[2] = {{.fd = (int)runner, .events = POLLIN}, {.fd = (int)kid, .events = POLLIN}};
	int alive = child > 0;
	for (;;) {
		long r = SYS5(SYS_ppoll, watch, alive ? 2 : 1, 0, 0, 0);
		if (r < 0 && r != -EINTR) {
			break; // the child is killed below; ended says so
		}
		if (alive && (watch[1].revents & POLLIN) != 0) {
			// Ended: how, for the runner; the child stays a zombie, its
			// pid the runner's to signal, until the runner is gone.
			unsigned char info[128] = {0}; // siginfo_t: si_code at 8, si_status at 24
			if (SYS5(SYS_waitid, P_PID, child, info, WEXITED | WNOWAIT | __WALL, 0) == 0) {
				int code = (int)u32le(info + 8), status = (int)u32le(info + 24);
				prefork.wstatus = code == CLD_EXITED ? (status & 0xff) << 8 : (status & 0x7f) | (code == CLD_DUMPED ? 0x80 : 0);
			} else {
				prefork.wstatus = STATUS_SANDBOX << 8;
			}
			// By the time the runner hears of the end, what the
			// command left running is gone, as with a pid namespace.
			kill_stragglers(child, 2000000000LL); // as long as the runner's reaper gave them (reapGrace)
			futex_wake(&prefork.ended);
			alive = 0;
		}
		if ((watch[0].revents & POLLIN) != 0) {
			break;
		}
	}
	if (child > 0) {
		if (alive) {
			SYS2(SYS_kill, child, SIGKILL);
		}
		long w;
		do {
			w = SYS4(SYS_wait4, child, 0, __WALL, 0);
		} while (w == -EINTR);
		if (alive) {
			prefork.wstatus = SIGKILL;
			futex_wake(&prefork.ended);
		}
	}
	// A runner killed while the command ran: what the command started
	// goes with it, orphaned to the sharer now that the child is gone.
	kill_stragglers(0, 10000000000LL);
	// The temp dir made for the runner: one it never took, or took and
	// did not remove (it was killed) goes, with what the command left in
	// it, nothing of the command's running any more. One the runner
	// removed is gone already.
	if (premade_tmp.made) {
		char *p = premade_tmp.path, *slash = p;
		for (char *q = p; *q != 0; q++) {
			if (*q == '/') {
				slash = q;
			}
		}
		*slash = 0;
		long parent = open_exact(slash == p ? "/" : p);
		*slash = '/';
		if (parent >= 0) {
			remove_tree(parent, slash + 1);
			SYS1(SYS_close, parent);
		}
	}
	if (__atomic_load_n(&after.len, __ATOMIC_ACQUIRE) > 0) {
		after_killed();
	}
	exit_group(0);
}

// oom_first makes this process, and all it starts, the first the kernel's
// out-of-memory killer takes (oom_score_adj 1000): the layer's tmpfs
// (TMPDIR, /tmp, /dev/shm) are each half the memory without --limit-mem,
// and their pages belong to no process, so a command that filled them had
// the killer take the host's programs instead (a red team's finding). A
// sandboxed process taken, the rest follow, and the tmpfs go with the
// last. The command cannot lower it: /proc is read-only to it. The
// runner keeps its descriptor (runner_adj), above the standard ones.
static void oom_first(int runner) {
	long fd = SYS4(SYS_openat, AT_FDCWD, "/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC, 0);
	if (fd < 0) {
		return;
	}
	SYS3(SYS_write, fd, "1000", 4);
	if (runner && fd >= 3) {
		runner_adj = fd;
	} else if (runner) {
		// Not in a standard descriptor's place, closed at the start:
		// the runner opens /dev/null there.
		runner_adj = SYS3(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 3);
		SYS1(SYS_close, fd);
	} else {
		SYS1(SYS_close, fd);
	}
}

// mews_oom_runner puts the runner, and the sharer, which shares its memory
// (the kernel gives each process sharing it the value written), after the
// command's processes for the out-of-memory killer, once the command has
// been execve'd (oom_score_adj 500: still before the host's programs of the
// default 0 up to half the memory's size). The killer takes every process
// sharing its victim's memory: at 1000, as the command's, the runner,
// larger than a command whose memory is in files (a memfd, a tmpfs), was
// the victim, with the sharer, and nothing was left to undo the run: a red
// team's command wrote a git hook (and, under the layer, .mcp.json), then
// filled a memfd, and both stayed on the host. Before the execve the
// child, without the layer, shares the same memory, and would have taken
// the lower value too.
void mews_oom_runner(void) {
	if (runner_adj >= 0) {
		SYS3(SYS_write, runner_adj, "500", 3);
		SYS1(SYS_close, runner_adj);
		runner_adj = -1;
	}
}

// maybe_prefork starts the sharer for "mewsandbox run", and has it fork
// the sandbox child when the run may fit it.
static void maybe_prefork(long argc, char **argv) {
	if (argc < 3 || !streq(argv[1], "run")) {
		return;
	}
	int child = 1, namespaces = 1, netns = 1;
	for (long i = 2; i < argc && !streq(argv[i], "--"); i++) {
		if (prefork_flag(argv[i], "h") || prefork_flag(argv[i], "help")) {
			return; // the help printed, nothing run: no oom_first
		}
		if (prefork_flag(argv[i], "pass-fd")) {
			child = 0;
		}
		// As written, "--no-namespaces=false" too: the runner, which
		// parses the flags, then finds the child does not fit
		// (mews_prefork_namespaced) and starts its own.
		if (prefork_flag(argv[i], "no-namespaces")) {
			namespaces = 0;
		}
		// A run the flags grant the network to has the host's: its
		// premade namespace would go unused. One the settings grant it
		// to is not told apart here, and closes it unused.
		if (prefork_flag(argv[i], "allow-connect") || prefork_flag(argv[i], "allow-bind") ||
		    (prefork_flag(argv[i], "network") && !network_none(argv[i], i + 1 < argc ? argv[i + 1] : ""))) {
			netns = 0;
		}
	}
	oom_first(1);
	// A standard descriptor closed at the start would be taken by the
	// socket below, and the child would close it: the runner (Go opens
	// /dev/null there) starts its own child instead.
	for (int fd = 0; fd < 3 && child; fd++) {
		child = SYS2(SYS_fcntl, fd, F_GETFD) >= 0;
	}
	int sv[2], st[2];
	if (child && SYS4(SYS_socketpair, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		child = 0;
	}
	if (child && SYS2(SYS_pipe2, st, O_CLOEXEC) != 0) {
		SYS1(SYS_close, sv[0]);
		SYS1(SYS_close, sv[1]);
		child = 0;
	}
	if (child) {
		// A session of its own unless stdin is a terminal (as the runner
		// decides, exec.isTerminal).
		unsigned char termios[64];
		prefork.tty = SYS3(SYS_ioctl, 0, TCGETS, termios) == 0;
		// As root, a mount, a pid and an IPC namespace; otherwise inside
		// a user namespace that maps only the runner's own uid and gid,
		// as the runner would start it (namespaceAttr), where the child
		// may mount. With --no-namespaces, a plain fork. Where the
		// kernel refuses one of them, the clone fails and the runner
		// starts a child of its own, with its fallbacks.
		prefork.uid = SYS0(SYS_geteuid);
		prefork.gid = SYS0(SYS_getegid);
		prefork.flags = SIGCHLD;
		if (namespaces) {
			prefork.flags |= CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC;
		}
		if (namespaces && prefork.uid != 0) {
			prefork.flags |= CLONE_NEWUSER;
		}
		prefork.netns = namespaces && netns;
		prefork.argc = argc;
		prefork.argv = argv;
		prefork.spec = prefork.runner_spec = sv[1];
		prefork.status = prefork.runner_status = st[0];
		prefork.child_spec = sv[0];
		prefork.child_status = st[1];
	}
	premade_tmp.wanted = !namespaces;
	premade_tmp.envp = argv + argc + 1;
	prefork.runner = SYS0(SYS_getpid);
	// The runner's cores, and which of them it runs on now, before the
	// sharer starts (the child has this memory's snapshot).
	uint64_t others[16] = {0};
	long n = SYS3(SYS_sched_getaffinity, 0, sizeof prefork.cpus, prefork.cpus);
	unsigned cpu = 0;
	int elsewhere = 0;
	if (n > 0) {
		prefork.ncpus = n;
		for (long i = 0; i < n / 8; i++) {
			others[i] = prefork.cpus[i];
		}
		if (SYS3(SYS_getcpu, &cpu, 0, 0) == 0 && cpu < 64 * (unsigned)(n / 8)) {
			others[cpu / 64] &= ~(1ULL << (cpu % 64));
			for (long i = 0; i < n / 8; i++) {
				elsewhere |= others[i] != 0;
			}
		}
	}
	prefork.pinned = child && elsewhere;
	if (SYS4(SYS_socketpair, AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, lockq) != 0) {
		lockq[0] = lockq[1] = -1;
	}
	for (int i = 0; i < 2; i++) {
		// Not in a standard descriptor's place, closed at the start:
		// the runner opens /dev/null there.
		if (lockq[i] >= 0 && lockq[i] < 3) {
			long high = SYS3(SYS_fcntl, lockq[i], F_DUPFD_CLOEXEC, 3);
			SYS1(SYS_close, lockq[i]);
			lockq[i] = (int)high;
		}
	}
	if (lockq[0] < 0 || lockq[1] < 0) {
		for (int i = 0; i < 2; i++) {
			if (lockq[i] >= 0) {
				SYS1(SYS_close, lockq[i]);
			}
		}
		lockq[0] = lockq[1] = -1;
	}
	long sharer_pid = mews_clone_vm(sharer_stack + sizeof sharer_stack, sharer);
	prefork.sharer = sharer_pid > 0 ? sharer_pid : 0;
	if (sharer_pid <= 0) {
		premade_tmp.wanted = 0;
		if (lockq[0] >= 0) {
			SYS1(SYS_close, lockq[0]);
			SYS1(SYS_close, lockq[1]);
			lockq[0] = lockq[1] = -1;
		}
	}
	if (!child) {
		return;
	}
	SYS1(SYS_close, sv[0]);
	SYS1(SYS_close, st[1]);
	if (sharer_pid < 0) {
		SYS1(SYS_close, sv[1]);
		SYS1(SYS_close, st[0]);
		prefork.spec = prefork.status = -1;
		return;
	}
	// The status pipe as os.Pipe makes it: the runner's Go side polls it.
	SYS3(SYS_fcntl, st[0], F_SETFL, O_NONBLOCK);
	// The fork, now, while the memory is small: later it would copy what
	// the runtime has made of it, and the child's start would lag. On
	// another core when there is one: the sharer, moved there, starts at
	// once, beside the runner (which alone changes its cores: it gives
	// them back in mews_take_prefork); otherwise the runner waits for it.
	if (prefork.pinned && SYS3(SYS_sched_setaffinity, sharer_pid, n, others) == 0) {
		return;
	}
	prefork.pinned = 0;
	if (!futex_wait(&prefork.ready)) {
		SYS1(SYS_close, sv[1]);
		SYS1(SYS_close, st[0]);
		prefork.spec = prefork.status = -1;
	}
}

// mews_prefork_pending says whether a pre-forked child may wait for the
// runner to take it.
int mews_prefork_pending(void) {
	return prefork.spec >= 0;
}

// mews_take_prefork hands the runner the pre-forked child, once: its pid
// (-1 if there is none) and the runner's ends of its descriptors.
long mews_take_prefork(int *spec, int *status) {
	*spec = prefork.spec;
	*status = prefork.status;
	if (prefork.spec < 0) {
		return -1;
	}
	prefork.spec = prefork.status = -1;
	if (prefork.pinned) {
		// Its cores back, before waiting for it: a busy one could hold it.
		SYS3(SYS_sched_setaffinity, prefork.sharer, prefork.ncpus, prefork.cpus);
	}
	if (!futex_wait(&prefork.ready) || prefork.pid < 0) {
		SYS1(SYS_close, *spec);
		SYS1(SYS_close, *status);
		*spec = *status = -1;
		return -1;
	}
	return prefork.pid;
}

// mews_prefork_wait waits for the pre-forked child to end and returns its
// wait status (the sharer's word: the child is not the runner's).
//
// The sharer, woken by the child's end, is moved first to the core this
// thread runs on, which the wait is about to leave idle. Left where it was,
// it could wait behind another program on a busy core while the idle one
// did not pull it over: with the other core busy and the runtime's monitor
// quiet (slack_linux.c), it ran 0.56 ms after the child's end instead of
// 0.06 (medians). It has nothing left to run on other cores: it reaps what
// the command left and exits once the runner is gone.
int mews_prefork_wait(void) {
	unsigned cpu = 0;
	if (__atomic_load_n(&prefork.ended, __ATOMIC_ACQUIRE) == 0 && prefork.sharer > 0 &&
	    SYS3(SYS_getcpu, &cpu, 0, 0) == 0 && cpu < 64 * 16) {
		uint64_t here[16] = {0};
		here[cpu / 64] = 1ULL << (cpu % 64);
		SYS3(SYS_sched_setaffinity, prefork.sharer, sizeof here, here); // a refusal costs only the wait
	}
	if (!futex_wait(&prefork.ended)) {
		return SIGKILL; // the sharer was killed, and the child with it (its parent-death signal)
	}
	return prefork.wstatus;
}

// mews_take_tmp hands the runner the private temp dir the sharer made for
// a --no-namespaces run (make_tmp), once: 1 and its path, or 0 if there
// is none. The runner removes it from then on.
int mews_take_tmp(const char **path) {
	if (!premade_tmp.wanted || premade_tmp.taken || !futex_wait(&premade_tmp.ready) || !premade_tmp.made) {
		return 0;
	}
	__atomic_store_n(&premade_tmp.taken, 1, __ATOMIC_RELEASE);
	*path = premade_tmp.path;
	return 1;
}

// mews_prefork_namespaced says whether the pre-forked child was started in
// a mount, a pid and an IPC namespace (see maybe_prefork), not with
// --no-namespaces.
int mews_prefork_namespaced(void) {
	return (prefork.flags & CLONE_NEWNS) != 0;
}

// mews_prefork_undumpable says whether the sharer made the memory
// undumpable for a child that shares it (see sharer), and whether it was
// dumpable before: 0 no, 1 it was, 2 it was not.
int mews_prefork_undumpable(void) {
	if (!prefork.shared) {
		return 0;
	}
	return prefork.was_dumpable == 1 ? 1 : 2;
}

// mews_sharer_settled waits until the sharer, if there is one, has closed
// its copies of the runner's descriptors (see sharer), or is gone.
void mews_sharer_settled(void) {
	if (prefork.sharer > 0) {
		futex_wait(&prefork.ready);
	}
}

// mews_prefork_ended says whether the pre-forked child has ended.
int mews_prefork_ended(void) {
	return __atomic_load_n(&prefork.ended, __ATOMIC_ACQUIRE) != 0;
}

// mews_sharer_after_killed hands the sharer the arguments of the process
// to start should the runner be killed (see after): n bytes of
// NUL-terminated strings, or none (n 0). 0, or -1 where they do not fit
// (more than MEWS_AFTER_MAX_BYTES, or MEWS_AFTER_MAX_ARGS strings):
// nothing is handed then, and the runner refuses the run before the
// command starts (exec's afterKilledFits).
int mews_sharer_after_killed(const char *args, long n) {
	if (n < 0 || n > (long)sizeof after.args) {
		return -1;
	}
	long strings = 0;
	for (long i = 0; i < n; i++) {
		strings += args[i] == 0;
	}
	if (strings > MEWS_AFTER_MAX_ARGS) {
		return -1; // after_killed would pass on only the first ones
	}
	__atomic_store_n(&after.len, 0, __ATOMIC_RELEASE);
	copy(after.args, args, (size_t)n);
	__atomic_store_n(&after.len, n, __ATOMIC_RELEASE);
	return 0;
}

// mews_sharer_snapshot tells the sharer where the snapshot of a run
// without the layer lies in the memory it shares with the runner: n bytes
// at bytes, which stay there until the runner clears them (n 0) once it
// has compared the snapshot itself (see snapshot).
void mews_sharer_snapshot(const unsigned char *bytes, long n) {
	__atomic_store_n(&snapshot.len, 0, __ATOMIC_RELEASE);
	snapshot.bytes = bytes;
	__atomic_store_n(&snapshot.len, n > 0 ? n : 0, __ATOMIC_RELEASE);
}

// mews_lock_queue gives the runner the ends of the queue its held
// directories' descriptors go into (see lockq): 0, or -1 where there is
// no sharer to hold it.
int mews_lock_queue(int *send, int *recv) {
	*send = lockq[0];
	*recv = lockq[1];
	return lockq[0] >= 0 ? 0 : -1;
}

// mews_sharer_pid is the sharer's pid, a child of the runner that is no
// run's straggler; 0 if none.
long mews_sharer_pid(void) {
	return prefork.sharer > 0 ? prefork.sharer : 0;
}

// mews_test_kill_stragglers is a test's way into kill_stragglers (see
// TestStragglerPidTakenMeanwhile): the calling thread, a child subreaper,
// kills and reaps its descendants as the sharer does, for up to for_ms,
// pausing once on pause_fd between the look and the kills; it returns
// whether pidfds were missing, or -errno.
int mews_test_kill_stragglers(int pause_fd, int for_ms, int without_pidfd) {
	long fd = SYS4(SYS_openat, AT_FDCWD, "/proc/thread-self/children", O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0) {
		return (int)fd;
	}
	straggler_fd = fd;
	straggler_pause_fd = pause_fd;
	no_pidfd = without_pidfd;
	kill_stragglers(0, (long long)for_ms * 1000000LL);
	SYS1(SYS_close, fd);
	straggler_fd = -1;
	straggler_pause_fd = -1;
	int missing = no_pidfd;
	no_pidfd = 0;
	return missing;
}

// mews_raw_entry is called by mews_entry, the ELF entry point of the
// release binary, before the C library starts: the child, or a return to
// start the program as usual.
// The descriptors a run's --pass-fd flags name, and whether each was open
// when the process started, before the Go runtime opened descriptors of
// its own at the lowest free numbers (it keeps the cgroup files it reads
// for GOMAXPROCS open): where the caller left such a number closed, the
// flag would hand the command the runtime's descriptor of a host file.
#define MEWS_MAX_NOTED 64
static struct {
	int noted; // the arguments were looked at
	int n;
	int fd[MEWS_MAX_NOTED];
	unsigned char open[MEWS_MAX_NOTED];
} passed_at_start;

// note_passed_fds records, for "mewsandbox run", the --pass-fd values up
// to "--" (-pass-fd N, --pass-fd=N) and whether each is open now.
static void note_passed_fds(long argc, char **argv) {
	passed_at_start.noted = 1;
	for (long i = 2; i < argc && argv[i] != NULL && !streq(argv[i], "--"); i++) {
		if (!prefork_flag(argv[i], "pass-fd")) {
			continue;
		}
		const char *v = argv[i];
		while (*v != 0 && *v != '=') {
			v++;
		}
		if (*v == '=') {
			v++;
		} else if (i + 1 < argc && argv[i + 1] != NULL) {
			v = argv[++i];
		}
		long fd = 0;
		int digits = 0;
		for (; *v >= '0' && *v <= '9' && digits < 9; v++, digits++) {
			fd = fd * 10 + (*v - '0');
		}
		if (digits == 0 || *v != 0 || passed_at_start.n == MEWS_MAX_NOTED) {
			continue; // the flag parser refuses it, or too many to note
		}
		passed_at_start.fd[passed_at_start.n] = (int)fd;
		passed_at_start.open[passed_at_start.n] = SYS2(SYS_fcntl, fd, F_GETFD) >= 0;
		passed_at_start.n++;
	}
}

// mews_fd_open_at_start says whether descriptor fd, named by --pass-fd,
// was open when the process started: 1 open, 0 not, -1 not known (no
// entry point or constructor looked, or not among the noted).
int mews_fd_open_at_start(int fd) {
	if (!passed_at_start.noted) {
		return -1;
	}
	for (int i = 0; i < passed_at_start.n; i++) {
		if (passed_at_start.fd[i] == fd) {
			return passed_at_start.open[i];
		}
	}
	return -1;
}

void mews_raw_entry(long argc, char **argv) {
	if (argc < 2 || argv[1] == NULL) {
		return;
	}
	if (streq(argv[1], "run")) {
		note_passed_fds(argc, argv);
	}

	if (streq(argv[1], MEWS_CHILD_ARG)) {
		oom_first(0); // the pre-forked child has it from the runner
		child();
	}
	if (streq(argv[1], MEWS_PROBE_ARG)) {
		probe_namespaces();
	}
	if (streq(argv[1], MEWS_RELEASE_ARG)) {
		release_placeholders(argc, argv);
	}
}

// mews_release_entry is the release binary's way in (mews_entry): as the
// constructor's, before the C library starts, and the code mapped at once.
// populate_code maps the binary's code and read-only data into the
// process at once (MADV_POPULATE_READ, Linux 5.14; an older kernel refuses,
// and nothing changes) before the C library and the Go runtime start: the
// runtime's start, its packages' initialisation and a run touch most of
// them, some 150 faults of 64 KiB each (the kernel's fault-around), where
// one call maps the 9 MiB from the page cache. Measured on this stop's
// machine, where a fault costs 15 to 40 µs: 145 faults over the segments
// took 2.8 to 3.1 ms, the one call 0.3 to 0.45 ms. Stop 35 measured the
// same call (from the sharer, beside the runtime's start) 2 to 5% slower
// on a machine whose faults cost 3 µs, and took it out (7970570). The
// segments are the ELF header's loadable ones that are not writable.
static void populate_code(void) {
	extern const char __ehdr_start[];
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)__ehdr_start;
	const Elf64_Phdr *ph = (const Elf64_Phdr *)(__ehdr_start + eh->e_phoff);
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD || (ph[i].p_flags & PF_W) || ph[i].p_align == 0) {
			continue;
		}
		uintptr_t from = ph[i].p_vaddr & ~(uintptr_t)(ph[i].p_align - 1);
		SYS3(SYS_madvise, from, ph[i].p_vaddr + ph[i].p_memsz - from, MADV_POPULATE_READ);
	}
}

// release_entered says mews_release_entry ran: the constructor, which the
// C library runs next in the same binary, then does nothing.
static int release_entered;

void mews_release_entry(long argc, char **argv) {
	release_entered = 1;
	mews_raw_entry(argc, argv);
	maybe_prefork(argc, argv);
	populate_code();
}

// mews_entry keeps what the kernel passed (the stack, and the register the
// ABI gives _start) across the check, then goes on to _start.
#if defined(__x86_64__)
__asm__(".text\n"
	".globl mews_entry\n"
	".type mews_entry,@function\n"
	"mews_entry:\n"
	"	mov %rdx, %r12\n"      // _start's rtld_fini; r12 is callee-saved
	"	mov (%rsp), %rdi\n"    // argc
	"	lea 8(%rsp), %rsi\n"   // argv
	"	call mews_release_entry\n" // rsp is 16-aligned here, as a call needs
	"	mov %r12, %rdx\n"
	"	jmp _start\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl mews_entry\n"
	".type mews_entry,%function\n"
	"mews_entry:\n"
	"	mov x19, x0\n" // _start's rtld_fini; x19 is callee-saved
	"	ldr x0, [sp]\n"
	"	add x1, sp, #8\n"
	"	bl mews_release_entry\n"
	"	mov x0, x19\n"
	"	b _start\n");
#endif

// mews_cli is defined by the mewsandbox CLI's main package
// (cmd/mewsandbox/cli_linux.go), and by no other program that links this
// package as a library: weak, its address is null there.
extern const int mews_cli __attribute__((weak));

// The constructor, for a binary linked without mews_entry (go build, go
// install, the suites' own builds): the same way in, once the C library
// has started, so that such a runner too has a sharer, and with it the
// undoing of a killed runner's protected paths (after_killed), and a
// pre-forked child. Only in the CLI: another program taking "run" as its
// first argument gets neither (its runner starts its own child). glibc
// passes a constructor the program's arguments; with another C library
// the release entry point above is the only way in.
__attribute__((constructor)) static void mewsandbox_child(int argc, char **argv) {
#ifdef __GLIBC__
	if (release_entered) {
		return;
	}
	mews_raw_entry(argc, argv);
	if (&mews_cli != NULL) {
		maybe_prefork(argc, argv);
	}
#else
	(void)argc;
	(void)argv;
#endif
}
