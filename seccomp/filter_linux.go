//go:build linux && cgo

package seccomp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"

	libseccomp "github.com/seccomp/libseccomp-golang"
	"golang.org/x/sys/unix"
)

// Enabled reports whether this build can build filters (and so enforce a
// Config). Loading a built Program needs only Linux.
const Enabled = true

// DefaultDenied returns the syscalls DESIGN §4 refuses that exist on this
// architecture, as libseccomp knows them.
func DefaultDenied() []string { return slices.Clone(defaultDeniedNative()) }

// defaultDeniedNative asks libseccomp once per process, unless the answer
// was recorded with the programs compiled ahead of time.
var defaultDeniedNative = sync.OnceValue(func() []string {
	if precompiledDenied != nil && linkedLibVersion() == precompiledLibVersion {
		return precompiledDenied
	}
	return resolveDenied()
})

// resolveDenied keeps the names of defaultDenied that exist on this
// architecture (syscallNumber).
func resolveDenied() []string {
	out := make([]string, 0, len(defaultDenied))
	for _, name := range defaultDenied {
		if _, ok := syscallNumber(name); ok {
			out = append(out, name)
		}
	}
	return out
}

// newerSyscalls are syscalls the deny list names that libseccomp releases
// before 2.6 do not know (2.5.4's table ends with Linux 6.2's), by number:
// since Linux 5.1 a new syscall has one number on every architecture but
// alpha and the MIPS ABIs, which add an offset (o32 4000, n64 5000). libseccomp takes a number
// it cannot name for the native architecture as it is. Left out, one would
// pass the filter, whose default is to allow: open_tree_attr clones a
// mount with its read-only flag cleared, which with CAP_SYS_ADMIN kept
// undoes the namespace layer's read-only mounts; fchmodat2 sets a mode,
// which setIDRules checks; lsm_set_self_attr sets what /proc/self/attr
// would; getxattrat and listxattrat read a file's extended attributes by
// name (xattrReadRules). Calls numbered past lastReviewedSyscall need no
// entry: the
// filter's prefix answers them ENOSYS (refuseUnreviewed).
var newerSyscalls = map[string]libseccomp.ScmpSyscall{"open_tree_attr": 467, "fchmodat2": 452, "lsm_set_self_attr": 460, "getxattrat": 464, "listxattrat": 465}

// syscallNumber returns the number of the syscall name on this
// architecture: libseccomp's, or else newerSyscalls', offset for MIPS. A
// libseccomp pseudo-number counts when libseccomp can filter it here
// (native).
func syscallNumber(name string) (libseccomp.ScmpSyscall, bool) {
	if nr, err := libseccomp.GetSyscallFromName(name); err == nil {
		return nr, native(nr)
	}
	nr, ok := newerSyscalls[name]
	switch runtime.GOARCH {
	case "mips", "mipsle": // o32
		nr += 4000
	case "mips64", "mips64le": // n64
		nr += 5000
	}
	return nr, ok
}

// native reports whether libseccomp can filter syscall number nr on this
// architecture: a real number, or one of its pseudo-numbers for the socket
// and System V IPC calls that socketcall(2) and ipc(2) multiplex on x86-32,
// s390 and powerpc, which it turns into a rule on the multiplexer and one
// on the direct syscall. Other pseudo-numbers name syscalls this
// architecture does not have.
func native(nr libseccomp.ScmpSyscall) bool {
	return nr >= 0 || -120 <= nr && nr <= -100 || -224 <= nr && nr <= -200
}

// Build compiles the filter into a Program without loading it. It may run in
// another process than Program.Load: the sandbox runner builds the filter
// while its child starts, and the child only loads it.
//
// The configurations the sandbox runner uses (the default deny list, each
// socket policy, with and without System V IPC, with and without tracing)
// were compiled by libseccomp ahead of time for the common
// architectures (see precompiled.go): Build returns those programs, which
// saves a run a fifth of a millisecond, and compiles any other.
func (c Config) Build() (Program, error) {
	if p, ok := precompiledFor(c); ok {
		return refuseUnreviewed(p, runtime.GOARCH, lastReviewedSyscall), nil
	}
	p, err := c.compile()
	if err != nil {
		return nil, err
	}
	return refuseUnreviewed(p, runtime.GOARCH, lastReviewedSyscall), nil
}

// compile has libseccomp compile c.
func (c Config) compile() (Program, error) {
	f, err := c.build()
	if err != nil {
		return nil, err
	}
	defer f.Release()
	raw, err := exportBPF(f)
	if err != nil {
		return nil, fmt.Errorf("seccomp: export filter: %w", err)
	}
	return decodeProgram(raw)
}

// Load builds the filter and loads it (see Program.Load). Call it last,
// just before execve.
func (c Config) Load() error {
	p, err := c.Build()
	if err != nil {
		return err
	}
	return p.Load()
}

// ExportBPF writes the filter as the kernel would receive it (struct
// sock_filter, native endianness) to w, without loading it.
func (c Config) ExportBPF(w io.Writer) error {
	p, err := c.Build()
	if err != nil {
		return err
	}
	_, err = w.Write(p.bytes())
	return err
}

// ExportPFC writes the filter in libseccomp's readable pseudo-code to w.
func (c Config) ExportPFC(w io.Writer) error {
	f, err := c.build()
	if err != nil {
		return err
	}
	defer f.Release()
	mem, err := memfd(f.ExportPFC)
	if err != nil {
		return fmt.Errorf("seccomp: export filter: %w", err)
	}
	_, err = w.Write(mem)
	return err
}

// exportBPF returns f's BPF program, struct sock_filter in native
// endianness.
func exportBPF(f *libseccomp.ScmpFilter) ([]byte, error) {
	b, err := f.ExportBPFMem()
	if !errors.Is(err, unix.EOPNOTSUPP) {
		return b, err
	}
	// libseccomp before 2.6 writes only to a file descriptor.
	return memfd(f.ExportBPF)
}

// memfd returns what write writes to a memory file.
func memfd(write func(*os.File) error) ([]byte, error) {
	fd, err := unix.MemfdCreate("mewsandbox-seccomp", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("memfd_create: %w", err)
	}
	mem := os.NewFile(uintptr(fd), "mewsandbox-seccomp")
	defer mem.Close()
	if err := write(mem); err != nil {
		return nil, err
	}
	if _, err := mem.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return io.ReadAll(mem)
}

// Probe reports whether the kernel accepts filters, whether one is already
// installed, and libseccomp's version.
func Probe() Status {
	s := kernelStatus()
	s.LibVersion = linkedLibVersion()
	return s
}

// Namespace flags of clone(2). CLONE_NEWTIME (0x80) is absent: in clone's
// flags that bit belongs to the exit signal (CSIGNAL); only clone3 and unshare
// take it.
var cloneNamespaceFlags = []uint64{
	unix.CLONE_NEWNS, unix.CLONE_NEWCGROUP, unix.CLONE_NEWUTS, unix.CLONE_NEWIPC,
	unix.CLONE_NEWUSER, unix.CLONE_NEWPID, unix.CLONE_NEWNET,
}

// build turns c into a libseccomp filter. The caller releases it.
func (c Config) build() (*libseccomp.ScmpFilter, error) {
	f, err := libseccomp.NewFilter(libseccomp.ActAllow)
	if err != nil {
		return nil, fmt.Errorf("seccomp: new filter: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			f.Release()
		}
	}()
	// Only the native architecture is in the filter: libseccomp sends every
	// other one (i386 through int 0x80 on amd64, arm32 on arm64) and x32
	// system call numbers (0x40000000 and up on amd64) to the bad-arch action.
	if err := f.SetBadArchAction(libseccomp.ActKillProcess); err != nil {
		return nil, fmt.Errorf("seccomp: set bad-arch action: %w", err)
	}
	// A binary tree instead of a linear chain; libseccomp before 2.5 lacks it.
	_ = f.SetOptimize(2)

	b := builder{f: f, eperm: libseccomp.ActErrno.SetReturnCode(int16(unix.EPERM)), denied: map[string]bool{}}
	for _, name := range c.Denied() {
		if b.denied[name] {
			continue
		}
		_, nameErr := libseccomp.GetSyscallFromName(name)
		nr, ok := syscallNumber(name)
		if nameErr != nil && !ok {
			return nil, fmt.Errorf("seccomp: unknown syscall %q in the deny list", name)
		}
		if !ok {
			continue // libseccomp knows the name on other architectures only
		}
		b.denied[name] = true
		if err := f.AddRule(nr, b.eperm); err != nil {
			return nil, fmt.Errorf("seccomp: deny %s: %w", name, err)
		}
	}

	// Namespace flags: a new namespace escapes mount, network and PID
	// isolation. clone3 passes its flags behind a pointer seccomp cannot
	// read, so it is refused as absent (ENOSYS), and glibc falls back to clone.
	cloneFlagsArg := uint(0)
	if runtime.GOARCH == "s390x" {
		cloneFlagsArg = 1 // clone(stack, flags, …) on s390
	}
	for _, flag := range cloneNamespaceFlags {
		b.rule("clone", b.eperm, cond(cloneFlagsArg, libseccomp.CompareMaskedEqual, flag, flag))
		b.rule("unshare", b.eperm, cond(0, libseccomp.CompareMaskedEqual, flag, flag))
	}
	b.rule("unshare", b.eperm, cond(0, libseccomp.CompareMaskedEqual, unix.CLONE_NEWTIME, unix.CLONE_NEWTIME))
	b.rule("clone3", libseccomp.ActErrno.SetReturnCode(int16(unix.ENOSYS)))

	// Injecting input into the terminal (TIOCSTI) or a virtual console
	// (TIOCLINUX) would type commands outside the sandbox. What outlives
	// the run and locks the user out of its terminal is refused too:
	// exclusive mode (TIOCEXCL: nobody else opens it, not the user's
	// programs, nor its next runs, which open it afresh), another line
	// discipline (TIOCSETD: N_NULL swallows everything, and stty sane
	// cannot undo it), and output stopped by tcflow(TCOOFF) (TCXONC),
	// which ^Q does not restart. A pty's master the caller gave the
	// command would give it the pty's terminal opened on the host's
	// devpts (TIOCGPTPEER), whose mode its owner could change; the C
	// library's openpty falls back to opening the terminal by its name,
	// in the sandbox's own devpts. The kernel reads the request as 32
	// bits, so only the low 32 bits are compared: (1<<32)|TIOCSTI is the
	// same request; TCXONC's argument is an int.
	for _, req := range []uint64{unix.TIOCSTI, unix.TIOCLINUX, unix.TIOCEXCL, unix.TIOCSETD, unix.TIOCGPTPEER} {
		b.rule("ioctl", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffffff, req))
	}
	b.rule("ioctl", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffffff, unix.TCXONC), cond(2, libseccomp.CompareMaskedEqual, 0xffffffff, unix.TCOOFF))
	// The virtual console's own requests (linux/kd.h's 'K', linux/vt.h's
	// 'V', numbered without a direction or size, unlike V4L2's 'V' ones)
	// change the keyboard's mode (K_OFF), the keymap, the font or the
	// active console for everyone, past the run: all of them, on a
	// console that is the command's controlling terminal.
	for _, magic := range []uint64{0x4b00, 0x5600} {
		b.rule("ioctl", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffff00, magic))
	}
	// A file system's freeze (FIFREEZE, fsfreeze -f) and shutdown
	// (ext4's, xfs's and f2fs's 'X' 125) outlive the run: every writer
	// on the host waits until someone thaws the file system, or it stays
	// shut down until it is mounted again. Both take CAP_SYS_ADMIN, which
	// --keep-cap may keep, and a descriptor of any file on it, one open
	// only for reading too: a red team's root command froze a file system
	// it could only read. FITHAW goes with them.
	for _, req := range []uint64{ioctlFIFREEZE, ioctlFITHAW, ioctlFSShutdown} {
		b.rule("ioctl", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffffff, req))
	}

	// A lease (F_SETLEASE) on a file the command may read and owns (all
	// of /etc for a root command) blocks every host process that opens it
	// for writing, or truncates it, for up to
	// /proc/sys/fs/lease-break-time (45 s) per break, and SIGIO tells the
	// command when one does. fcntl's cmd is an unsigned int: the low 32
	// bits are compared. 32-bit architectures have fcntl64 beside fcntl.
	for _, name := range []string{"fcntl", "fcntl64"} {
		b.rule(name, b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffffff, unix.F_SETLEASE))
	}

	// The runner turns SO_PASSRIGHTS off on every unix socket it hands
	// the command, so that its peer cannot send the command descriptors
	// opened outside the sandbox (exec's closeRights): turning it back on
	// is refused. level and optname are ints: the low 32 bits compared.
	b.rule("setsockopt", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xffffffff, unix.SOL_SOCKET), cond(2, libseccomp.CompareMaskedEqual, 0xffffffff, unix.SO_PASSRIGHTS))

	reachRules(&b)
	if c.LockCoreLimit {
		coreLimitRules(&b)
	}
	setIDRules(&b)
	xattrReadRules(&b)
	personalityRules(&b)
	// memfd_secret: while any such file is open anywhere, the kernel
	// refuses to hibernate (hibernation_available), for every user of the
	// host, and each one's pages are taken out of the kernel's direct map,
	// splitting its large pages for all. A build needs none: ENOSYS, what a
	// kernel without it (or booted without secretmem) answers, and callers
	// fall back to mmap and mlock.
	b.rule("memfd_secret", libseccomp.ActErrno.SetReturnCode(int16(unix.ENOSYS)))
	c.socketRules(&b)
	if b.err != nil {
		return nil, b.err
	}
	ok = true
	return f, nil
}

// setIDRules refuses giving a file the set-user-ID or set-group-ID bit.
// Without CAP_FSETID a file's owner may still set them, and what a root
// command makes is root's: a red team's `cp /usr/bin/id x; chmod 4755 x`
// left a set-uid-root program in the project that any user of the host
// then ran as root, handing back outside the sandbox what the sandbox
// took; a user's command likewise hands its user's rights to whoever runs
// the file. So the mode-setting calls are refused with either bit in the
// mode (the kernel reads a umode_t; the bits are compared alone): chmod,
// fchmod, fchmodat and fchmodat2, and the calls that create a file with a
// mode: creat, mknod, mknodat, and open and openat with O_CREAT or
// O_TMPFILE (without them the mode is not read, and may be anything).
// openat2 carries its mode behind a pointer, so it is refused as absent
// (ENOSYS), as clone3 is: callers fall back to openat. mkdir is not
// checked: the kernel keeps neither bit from its mode. A directory's
// set-group-ID bit (git init --shared) is refused with the rest, since the
// filter cannot tell a directory from a file.
func setIDRules(b *builder) {
	refuse := func(name string, modeArg uint, more ...libseccomp.ScmpCondition) {
		for _, bit := range []uint64{unix.S_ISUID, unix.S_ISGID} {
			b.rule(name, b.eperm, append([]libseccomp.ScmpCondition{cond(modeArg, libseccomp.CompareMaskedEqual, bit, bit)}, more...)...)
		}
	}
	refuse("chmod", 1)
	refuse("fchmod", 1)
	refuse("fchmodat", 2)
	refuse("fchmodat2", 2)
	refuse("creat", 1)
	refuse("mknod", 1)
	refuse("mknodat", 2)
	// O_TMPFILE holds O_DIRECTORY's bit: its own is the rest.
	for _, flag := range []uint64{unix.O_CREAT, unix.O_TMPFILE &^ unix.O_DIRECTORY} {
		refuse("open", 2, cond(1, libseccomp.CompareMaskedEqual, flag, flag))
		refuse("openat", 3, cond(2, libseccomp.CompareMaskedEqual, flag, flag))
	}
	b.rule("openat2", libseccomp.ActErrno.SetReturnCode(int16(unix.ENOSYS)))
}

// xattrReadRules refuses reading extended attributes by a path. Landlock
// mediates no xattr call, so by name the command read the values on files
// it may neither read nor list (~/.ssh/id_ed25519, and the download URLs,
// signed queries and all, that browsers, curl --xattr and wget --xattr
// keep in user.xdg.origin.url), with the namespace layer too. getxattr,
// lgetxattr, listxattr and llistxattr answer EOPNOTSUPP, what a file
// system without extended attributes answers, which ls, cp, tar, rsync and
// Python's shutil take for none; getxattrat and listxattrat (Linux 6.13)
// answer ENOSYS, as on an older kernel, so callers fall back. fgetxattr and
// flistxattr stay: their descriptor was opened where Landlock judged the
// open (one opened O_PATH, which Landlock does not judge, gets EBADF from
// them, and its /proc/self/fd name is a path like any other). What is lost
// is reading attributes by name in the root too (getfattr, getfacl, ls's
// ACL mark), which cp -a and tar read through descriptors.
func xattrReadRules(b *builder) {
	notsup := libseccomp.ActErrno.SetReturnCode(int16(unix.EOPNOTSUPP))
	for _, name := range []string{"getxattr", "lgetxattr", "listxattr", "llistxattr"} {
		b.rule(name, notsup)
	}
	for _, name := range []string{"getxattrat", "listxattrat"} {
		b.rule(name, libseccomp.ActErrno.SetReturnCode(int16(unix.ENOSYS)))
	}
}

// Personality values (linux/personality.h) personalityRules lets through:
// the Linux execution domain and its 32-bit one (linux32, setarch i686),
// a 2.6 kernel version in uname (UNAME26, setarch --uname-2.6) and no
// address space randomization (ADDR_NO_RANDOMIZE: setarch -R, gdb's run,
// rr record).
const (
	perLinux32       = 0x0008
	uname26          = 0x0020000
	addrNoRandomize  = 0x0040000
	personalityQuery = 0xffffffff
)

// personalityRules refuses every personality but combinations of
// perLinux32, uname26 and addrNoRandomize, and the query (0xffffffff),
// which Docker's default profile allows (without ADDR_NO_RANDOMIZE). The
// rest undo hardening in every program the command runs after: readable
// memory executable (READ_IMPLIES_EXEC), page 0 mapped at each execve
// (MMAP_PAGE_ZERO, with CAP_SYS_RAWIO: what a kernel NULL dereference
// exploit starts from), the legacy layout (ADDR_COMPAT_LAYOUT), 32-bit
// address limits, other execution domains' flags; none of which a build
// needs. ADDR_NO_RANDOMIZE stays: debuggers (gdb, rr) turn it on, and it
// weakens only the command's own programs, against itself (a persona is
// inherited by the command's descendants alone, and no_new_privs leaves
// no program among them that holds more than the command).
//
// The kernel reads the persona as 32 bits. libseccomp compares one value
// per argument in a rule, so the set is expressed bit by bit, on the low
// 32 bits: a bit outside the allowed ones set while bit 31 is clear, or
// bit 31 set while any other bit is clear. What is left is the allowed
// combinations (bit 31 clear) and the query (every bit set).
func personalityRules(b *builder) {
	const allowed = perLinux32 | uname26 | addrNoRandomize
	const top = 1 << 31
	for i := range 31 {
		bit := uint64(1) << i
		if bit&allowed == 0 {
			b.rule("personality", b.eperm, cond(0, libseccomp.CompareMaskedEqual, bit|top, bit))
		}
		b.rule("personality", b.eperm, cond(0, libseccomp.CompareMaskedEqual, bit|top, top))
	}
}

// ioprioWhoProcess is IOPRIO_WHO_PROCESS: ioprio_set's who is a thread id.
const ioprioWhoProcess = 1

// reachRules refuses acting on another process by its id where only the
// uid is checked (see the package comment): the caller names itself as 0.
// which, who and pid are ints, of which the kernel reads the low 32 bits;
// they are compared on all 64, so a value with high bits set is refused
// even when the kernel would read 0 (itself). Refusing is the safe side,
// and C passes an int 0 as a zero register.
func reachRules(b *builder) {
	notZero := func(arg uint) libseccomp.ScmpCondition { return cond(arg, libseccomp.CompareNotEqual, 0) }
	// setpriority(which, who, prio): PRIO_PROCESS of 0 only; PRIO_PGRP and
	// PRIO_USER reach the process group (the runner's, on a terminal) and
	// every process of a user.
	b.rule("setpriority", b.eperm, cond(0, libseccomp.CompareNotEqual, unix.PRIO_PROCESS))
	b.rule("setpriority", b.eperm, notZero(1))
	// ioprio_set(which, who, ioprio) likewise, with IOPRIO_WHO_PROCESS.
	b.rule("ioprio_set", b.eperm, cond(0, libseccomp.CompareNotEqual, ioprioWhoProcess))
	b.rule("ioprio_set", b.eperm, notZero(1))
	// (pid, …). move_pages and migrate_pages also need ptrace access, which
	// Landlock confines; the rule holds where Landlock is missing.
	for _, name := range []string{"sched_setaffinity", "sched_setscheduler", "sched_setparam", "sched_setattr", "migrate_pages", "move_pages"} {
		b.rule(name, b.eperm, notZero(0))
	}
	// prlimit64(pid, resource, new, old): setting another's limit; reading
	// one (new NULL) shows what /proc/PID/limits shows anyone.
	b.rule("prlimit64", b.eperm, notZero(0), notZero(2))
}

// The requests that freeze, thaw and shut down a file system (linux/fs.h's
// FIFREEZE and FITHAW, _IOWR('X', 119 and 120, int); ext4's, xfs's and
// f2fs's shutdown, _IOR('X', 125, __u32)), which golang.org/x/sys does not
// name.
const (
	ioctlFIFREEZE   = 0xc0045877
	ioctlFITHAW     = 0xc0045878
	ioctlFSShutdown = 0x8004587d
)

// rlimitCore is RLIMIT_CORE, the same on every Linux architecture.
const rlimitCore = 4

// coreLimitRules make setting RLIMIT_CORE do nothing (Config.LockCoreLimit).
// Succeeding rather than failing: ssh-agent and others that lower it to 0
// so as never to dump their secrets exit when they cannot, and the limit
// the child set dumps nothing anywhere. prlimit64 naming another process
// is refused by reachRules already.
func coreLimitRules(b *builder) {
	ignore := libseccomp.ActErrno.SetReturnCode(0)
	isCore := cond(1, libseccomp.CompareEqual, rlimitCore)
	self := cond(0, libseccomp.CompareEqual, 0)
	b.rule("setrlimit", ignore, cond(0, libseccomp.CompareEqual, rlimitCore))
	b.rule("prlimit64", ignore, self, isCore, cond(2, libseccomp.CompareNotEqual, 0), cond(3, libseccomp.CompareEqual, 0))
	b.rule("prlimit64", b.eperm, self, isCore, cond(2, libseccomp.CompareNotEqual, 0), cond(3, libseccomp.CompareNotEqual, 0))
}

// socketRules refuses every socket family c does not open, and TCP Fast
// Open unless c opens the whole network. libseccomp cannot compare one
// argument twice in a rule, and rules are alternatives, so the refusal is
// spelt out as the complement of the allowed values. A domain or protocol
// with any of its upper 32 bits set falls into an "above" rule and is
// refused, though the kernel would read only the low 32: refusing is safe.
func (c Config) socketRules(b *builder) {
	// socketpair creates only AF_UNIX pairs anyway; keep it to that.
	b.rule("socketpair", b.eperm, cond(0, libseccomp.CompareLess, unix.AF_UNIX))
	b.rule("socketpair", b.eperm, cond(0, libseccomp.CompareGreater, unix.AF_UNIX))
	// A datagram pair's end can still address any unix socket it can name
	// (sendto and sendmsg with an address, or connect again), which
	// Landlock mediates from ABI 9 only: a review's command, under network
	// none, sent a datagram with a descriptor to a pathname socket of the
	// host's. Unless unix sockets are granted, only stream and seqpacket
	// pairs, which reach their other end alone (EISCONN): a type's low
	// four bits (SOCK_TYPE_MASK), the rest being SOCK_NONBLOCK and
	// SOCK_CLOEXEC.
	if !c.AllowUnix {
		b.rule("socketpair", b.eperm, cond(1, libseccomp.CompareMaskedEqual, 0xf, unix.SOCK_DGRAM))
	}

	allowed := map[uint64]bool{}
	if c.AllowUnix {
		allowed[unix.AF_UNIX] = true
	}
	inet := c.AllowInet || c.AllowInetStream
	if inet {
		allowed[unix.AF_INET] = true
		allowed[unix.AF_INET6] = true
	}
	if c.AllowNetlinkRoute {
		allowed[unix.AF_NETLINK] = true
		// NETLINK_ROUTE (0) only; any other protocol, or upper bits set,
		// is refused.
		b.rule("socket", b.eperm, cond(0, libseccomp.CompareEqual, unix.AF_NETLINK), cond(2, libseccomp.CompareNotEqual, unix.NETLINK_ROUTE))
	}
	if len(allowed) == 0 {
		b.rule("socket", b.eperm)
		// The pairs' ends are the command's only sockets then, and
		// need no name: bound to one in the host's abstract namespace
		// (Landlock scopes connecting, not binding), a red team's held
		// it from a host program (EADDRINUSE) for the run's length.
		b.rule("bind", b.eperm)
	} else {
		highest := uint64(0)
		for fam := range allowed {
			highest = max(highest, fam)
		}
		// The refused families below the highest allowed one, in aligned
		// blocks of a power of two each, one masked comparison a block
		// (11–15 in two rules, not five; the mask keeps the upper bits).
		for fam := uint64(0); fam < highest; {
			if allowed[fam] {
				fam++
				continue
			}
			refused := func(n uint64) bool {
				for a := range allowed {
					if a >= fam && a < fam+n {
						return false
					}
				}
				return fam+n <= highest
			}
			size := uint64(1)
			for fam%(2*size) == 0 && refused(2*size) {
				size *= 2
			}
			b.rule("socket", b.eperm, cond(0, libseccomp.CompareMaskedEqual, ^(size-1), fam))
			fam += size
		}
		b.rule("socket", b.eperm, cond(0, libseccomp.CompareGreater, highest))
	}
	if inet && !c.AllowInet {
		inetStreamOnly(b)
	}
	if c.AllowInet {
		return
	}
	// TCP Fast Open connects from sendto, sendmsg or sendmmsg with
	// MSG_FASTOPEN, a path that never reaches Landlock's connect hook: any
	// port would be reachable. Refused in every configuration but the
	// whole network, not only where socket() opens TCP: a TCP socket the
	// command inherits (stdio, --pass-fd) needs no socket(), and once
	// disconnected (connect with AF_UNSPEC) Fast Open took it to any
	// address under "no network". The flags are refused whatever the
	// socket (a filter cannot tell a TCP one); a client falls back to a
	// plain connect, which Landlock checks.
	for _, sc := range []struct {
		name  string
		flags uint
	}{{"sendto", 3}, {"sendmsg", 2}, {"sendmmsg", 3}} {
		b.rule(sc.name, b.eperm, cond(sc.flags, libseccomp.CompareMaskedEqual, unix.MSG_FASTOPEN, unix.MSG_FASTOPEN))
	}
}

// inetStreamOnly refuses every AF_INET and AF_INET6 socket but TCP ones,
// for the TCP ports mode, where Landlock restricts TCP ports and nothing
// else. SOCK_STREAM only: (type & 0xf) == 1, the rest of the type being
// SOCK_NONBLOCK and SOCK_CLOEXEC. Refuse when bit 0 is clear or any of
// bits 1–3 is set. Protocol 0 or IPPROTO_TCP (6) only: refuse anything
// above 6, anything odd, 2 and 4.
func inetStreamOnly(b *builder) {
	for _, fam := range []uint64{unix.AF_INET, unix.AF_INET6} {
		isFam := cond(0, libseccomp.CompareEqual, fam)
		b.rule("socket", b.eperm, isFam, cond(1, libseccomp.CompareMaskedEqual, 1, 0))
		for _, bit := range []uint64{2, 4, 8} {
			b.rule("socket", b.eperm, isFam, cond(1, libseccomp.CompareMaskedEqual, bit, bit))
		}
		b.rule("socket", b.eperm, isFam, cond(2, libseccomp.CompareGreater, unix.IPPROTO_TCP))
		b.rule("socket", b.eperm, isFam, cond(2, libseccomp.CompareMaskedEqual, 1, 1))
		b.rule("socket", b.eperm, isFam, cond(2, libseccomp.CompareEqual, 2))
		b.rule("socket", b.eperm, isFam, cond(2, libseccomp.CompareEqual, 4))
	}
}

// builder adds the fixed rules, skipping a syscall the deny list already
// refuses outright, and keeps the first error.
type builder struct {
	f      *libseccomp.ScmpFilter
	eperm  libseccomp.ScmpAction
	denied map[string]bool
	err    error
}

func (b *builder) rule(name string, act libseccomp.ScmpAction, conds ...libseccomp.ScmpCondition) {
	if b.err != nil || b.denied[name] {
		return
	}
	nr, ok := syscallNumber(name)
	if !ok {
		if _, err := libseccomp.GetSyscallFromName(name); err != nil {
			b.err = fmt.Errorf("BUG(mewsandbox): seccomp: resolve %s: %w", name, err)
		}
		return // a syscall of other architectures only (fcntl64 on 64-bit ones)
	}
	var err error
	if len(conds) == 0 {
		err = b.f.AddRule(nr, act)
	} else {
		err = b.f.AddRuleConditional(nr, act, conds)
	}
	if err != nil {
		b.err = fmt.Errorf("seccomp: rule for %s: %w", name, err)
	}
}

// cond builds a condition from constant operands, which cannot be invalid.
func cond(arg uint, op libseccomp.ScmpCompareOp, values ...uint64) libseccomp.ScmpCondition {
	c, err := libseccomp.MakeCondition(arg, op, values...)
	if err != nil {
		panic("BUG(mewsandbox): seccomp condition: " + err.Error())
	}
	return c
}
