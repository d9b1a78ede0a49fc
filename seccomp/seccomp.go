// Package seccomp builds the syscall filter a sandboxed command runs under and
// loads it into the calling process. The filter is compiled with libseccomp
// (cgo) into a Program, plain BPF instructions, which is loaded with the
// seccomp(2) system call and needs no library: one process can build it and
// another load it. A build without cgo can load a Program but not build one
// (Build and Config.Load refuse with ErrNotEnabled); a build for another OS
// can do neither.
//
// The filter allows by default and refuses, with EPERM, what DESIGN §4 lists:
// syscalls that reach outside the sandbox (ptrace, mount, namespaces, kernel
// modules, bpf, io_uring, System V IPC …), namespace flags on clone and
// unshare, acting on another process by its id (renice, CPU affinity,
// scheduling, I/O priority, resource limits), terminal input injection
// (TIOCSTI, TIOCLINUX), file leases (F_SETLEASE: a lease on a file the
// command may read and owns stalls every host process that opens it for
// writing), personalities that undo hardening in the programs run after
// (READ_IMPLIES_EXEC, MMAP_PAGE_ZERO, ADDR_COMPAT_LAYOUT …), socket
// families the network policy does not open, and TCP Fast Open unless the
// whole network is; memfd_secret, which keeps the host from hibernating,
// answers ENOSYS. System calls of another architecture
// (i386 via int 0x80, x32) kill the process.
//
// # Reach by id
//
// Without a pid namespace every process of the host has an id the command
// can name. Landlock, which the sandbox requires, already confines the
// checks the kernel routes through ptrace_may_access — ptrace,
// /proc/PID/mem, environ, fd and maps, process_vm_*, pidfd_getfd, kcmp,
// move_pages, migrate_pages — and, with its signal scope (ABI 6), every
// signal (kill, tgkill, rt_sigqueueinfo, pidfd_send_signal, SIGIO to a file
// owner), to the command's own Landlock domain. Scheduling and limits are
// checked by uid (and capabilities) only, so a command may renice, re-pin
// or re-limit any process of its user: the filter refuses those calls on any
// process but the caller, which they name as 0. The filter cannot know the
// caller's pid, so naming itself, or one of its threads, by id is refused
// too (renice -p $$, pthread_setaffinity_np); nice(1), and taskset, chrt
// and ionice running a command, and ulimit, pass 0. Reading
// (getpriority, sched_getaffinity, prlimit64 without a new limit) stays
// open: /proc/PID/stat and /proc/PID/limits, which anyone may read, say as
// much.
//
// ptrace, process_vm_readv/writev, pidfd_getfd and kcmp are refused
// outright unless Config.AllowPtrace says the command has a pid namespace
// of its own (the namespace layer's): the only process outside its own it
// can name there is the namespace's init, in its Landlock domain but
// undumpable, which the kernel refuses to a tracer without CAP_SYS_PTRACE.
// Without the pid namespace the command's parent is the runner, in no
// Landlock domain, which Landlock lets the command ask to trace it
// (PTRACE_TRACEME).
//
// System V IPC objects (shared memory, message queues, semaphores) live in
// the IPC namespace, named by a key or by a small integer id that anyone can
// list in /proc/sysvipc and guess, and guarded by permission bits only: a
// command could attach another program's shared memory (an X client's
// image, a database's buffers), inject messages or remove objects. seccomp
// cannot tell an object the command created from one of the host, so the
// whole family is refused, unless Config.AllowSysVIPC says the command has
// an IPC namespace of its own (the namespace layer's): every object it can
// name is then its sandbox's, and goes with the namespace when the run
// ends. POSIX message queues live in the IPC namespace too, but stay
// refused: a queue is a file of the namespace's internal mqueue mount,
// which no Landlock rule of the runner's can name, so Landlock refuses
// opening it, the command's own included; without the namespace, not
// mq_unlink, which removes one of the host's past it, nor the creation of
// a queue (mq_open refuses to open it only once it exists). POSIX shared
// memory is files, which Landlock's rules govern (the default policy
// grants /dev/shm), and a memfd belongs to whoever holds its descriptor.
package seccomp

import (
	"errors"
	"slices"
)

// ErrNotEnabled is returned by the stub: this build cannot build filters.
var ErrNotEnabled = errors.New("seccomp: this build cannot load syscall filters (built without cgo or not for Linux); rebuild with CGO_ENABLED=1 and libseccomp, or run in best-effort mode")

// Instruction is one classic BPF instruction, struct sock_filter.
type Instruction struct {
	Code uint16
	JT   uint8
	JF   uint8
	K    uint32
}

// Program is a compiled filter, as the kernel receives it: Config.Build
// makes one, Program.Load installs it.
type Program []Instruction

// MaxInstructions is the kernel's limit on a filter's length (BPF_MAXINSNS).
const MaxInstructions = 4096

// Config is a syscall filter policy. It holds no libseccomp types, so it can
// be built, serialised and printed on any platform.
type Config struct {
	// DenySyscalls are refused with EPERM. Nil means DefaultDenied(); an
	// empty non-nil slice refuses nothing beyond the fixed rules below. A
	// name libseccomp does not know is an error; a name it knows only on
	// other architectures is skipped (the filter kills those anyway).
	DenySyscalls []string

	// socket() policy. socketpair(AF_UNIX) is always allowed and every other
	// family (AF_NETLINK but NETLINK_ROUTE, AF_PACKET, AF_VSOCK, AF_ALG …)
	// always refused.
	AllowInet bool // AF_INET and AF_INET6 sockets of any type (network "all")
	// AllowInetStream allows AF_INET/AF_INET6 SOCK_STREAM sockets of
	// protocol 0 or IPPROTO_TCP only, for the TCP ports mode where Landlock
	// restricts ports: UDP, raw sockets, SCTP and MPTCP stay closed because
	// Landlock does not mediate them. SOCK_NONBLOCK and SOCK_CLOEXEC are
	// ignored.
	AllowInetStream bool
	AllowUnix       bool // socket(AF_UNIX, …): pathname sockets (docker.sock, ssh-agent) and abstract ones
	// AllowNetlinkRoute allows socket(AF_NETLINK, …, NETLINK_ROUTE),
	// every other netlink protocol staying refused (NETLINK_SOCK_DIAG,
	// AUDIT, KOBJECT_UEVENT, GENERIC …): the interfaces, addresses and
	// routes that getifaddrs, Node's os.networkInterfaces(), Python's
	// socket.if_nameindex() and ip addr read, and getaddrinfo's
	// AI_ADDRCONFIG looks at. Without CAP_NET_ADMIN the command can only
	// read them (and what they say, /proc/net and /sys/class/net show it
	// already): set it only for a process without that capability, or in
	// a network namespace of its own; and alone (without AllowInet or
	// AllowInetStream) only in a network namespace of its own, since it
	// leaves bind() open to socketpair ends, which would take names in
	// the host's abstract unix namespace.
	AllowNetlinkRoute bool

	// AllowSysVIPC leaves the System V IPC calls out of the deny list,
	// whichever it is: the command runs in an IPC namespace of its own,
	// where the only objects it can reach are its sandbox's (see the
	// package comment). Set it only for a process that is.
	AllowSysVIPC bool

	// LockCoreLimit leaves RLIMIT_CORE as the sandbox child set it:
	// setting it (setrlimit, prlimit64 on the caller) does nothing and
	// succeeds, and prlimit64 asked for the old value too is refused
	// (EPERM), as it could not report it. Where core_pattern names a
	// program the kernel runs it as root on the host for every core dump,
	// whatever the limit, but for a limit of exactly 1, its own guard
	// against a helper's own dumps: the child sets 1, and a command that
	// set 0 (ulimit -c 0) would have the helper run again.
	LockCoreLimit bool
	// AllowPtrace leaves the calls that trace or reach into another
	// process (ptraceCalls) out of the deny list: Landlock's ptrace rule
	// (any ABI) confines every one of them to the caller's own Landlock
	// domain, and in a pid namespace of its own the only process of that
	// domain the command can name beside its own is its init, which is
	// undumpable (see the package comment). Set it only for a process
	// that is Landlocked, in a pid namespace of its own, and without
	// CAP_SYS_PTRACE.
	AllowPtrace bool
}

// Denied returns the syscalls c refuses outright by name: its deny list
// (DefaultDenied() when nil) without the System V IPC calls when
// AllowSysVIPC, and without ptraceCalls when AllowPtrace.
func (c Config) Denied() []string {
	deny := c.DenySyscalls
	if deny == nil {
		deny = DefaultDenied()
	}
	return slices.DeleteFunc(slices.Clone(deny), func(name string) bool {
		return c.AllowSysVIPC && slices.Contains(sysvIPC, name) || c.AllowPtrace && slices.Contains(ptraceCalls, name)
	})
}

// Status is what Probe finds out about this process and kernel.
type Status struct {
	Supported       bool   // the kernel accepts filters with the actions Load needs
	AlreadyFiltered bool   // a filter is already installed (a container runtime's); Load stacks on it
	LibVersion      string // libseccomp's version, "" in the stub
	Err             error  // why Supported is false, if known
}

// defaultDenied is every syscall DESIGN §4 refuses, across architectures;
// DefaultDenied keeps those the native architecture has.
var defaultDenied = slices.Concat(ptraceCalls, []string{
	// other processes' memory and file descriptors; kcmp (ptraceCalls)
	// compares two processes' open files and memory (Landlock confines it
	// too; Mesa and systemd fall back when it fails), process_mrelease
	// reaps a dying process's memory with no permission check
	"process_madvise", "process_mrelease",
}, sysvIPC, []string{
	// POSIX message queues (see the package comment)
	"mq_open", "mq_unlink", "mq_timedsend", "mq_timedsend_time64", "mq_timedreceive",
	"mq_timedreceive_time64", "mq_notify", "mq_getsetattr",
	// mounts, old and new API, and changing root
	"mount", "umount", "umount2", "fsopen", "fsconfig", "fsmount", "fspick",
	"move_mount", "open_tree", "open_tree_attr", "mount_setattr", "pivot_root", "chroot",
	// namespaces (clone and clone3 are handled by flag)
	"unshare", "setns",
	// the kernel itself
	"kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
	"create_module", "bpf", "perf_event_open", "userfaultfd", "lookup_dcookie",
	"iopl", "ioperm", "fanotify_init", "uselib", "_sysctl", "nfsservctl", "vm86", "vm86old",
	// the caller's own local descriptor table (x86): no build needs it
	// (Wine's 32-bit programs and DOSEMU do), and it has been kernel
	// attack surface time and again (espfix, the LDT's races and
	// use-after-frees); Docker's default profile and systemd's
	// @cpu-emulation refuse it beside vm86
	"modify_ldt",
	// the kernel keyring is not namespaced by the sandbox
	"keyctl", "add_key", "request_key",
	// io_uring runs operations seccomp cannot see
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	// host state a root command could change
	"acct", "swapon", "swapoff", "reboot", "syslog", "quotactl", "quotactl_fd",
	"sethostname", "setdomainname", "vhangup",
	// files by handle bypass path-based Landlock rules
	"open_by_handle_at",
	// the security module's attributes of the process, which writing
	// /proc/self/attr would set and Landlock refuses (Linux 6.8)
	"lsm_set_self_attr",
	// clock and time
	"settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "stime",
})

// ptraceCalls trace another process or reach its memory or descriptors,
// each checked by ptrace_may_access, which Landlock's ptrace rule confines
// to the caller's domain: Config.AllowPtrace leaves them open. Not
// process_madvise (PTRACE_MODE_READ only, and it changes the target's
// memory) nor process_mrelease, which checks nothing.
var ptraceCalls = []string{"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp"}

// sysvIPC are the System V IPC calls (see the package comment), which
// Config.AllowSysVIPC leaves open; ipc(2) multiplexes them on 32-bit x86,
// s390 and powerpc, which also have the direct calls.
var sysvIPC = []string{
	"shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl",
	"semget", "semop", "semtimedop", "semtimedop_time64", "semctl", "ipc",
}
