//go:build linux && cgo

package seccomp

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	libseccomp "github.com/seccomp/libseccomp-golang"
	"golang.org/x/sys/unix"
)

func init() {
	libseccompLoad = func(cfg Config) error {
		f, err := cfg.build()
		if err != nil {
			return err
		}
		defer f.Release()
		return f.Load()
	}
}

func sys(name string) uintptr {
	nr, ok := syscallNumber(name)
	if !ok || nr < 0 {
		panic("no syscall " + name)
	}
	return uintptr(nr)
}

// named pairs an op with a description for failure messages.

const (
	cloneThread = unix.CLONE_THREAD // without CLONE_SIGHAND: EINVAL from the kernel, so nothing is cloned
	tiocsti     = unix.TIOCSTI
)

func TestLoadDefault(t *testing.T) {
	t.Parallel()
	var c byte
	checkOps(t, Config{}, []named{
		{"ptrace(PTRACE_ATTACH)", op{Do: "ptrace-attach", Want: "EPERM"}},
		{"unshare(CLONE_NEWUSER)", op{Do: "syscall", Nr: unix.SYS_UNSHARE, Args: [6]uint64{unix.CLONE_NEWUSER}, Want: "EPERM"}},
		{"clone(CLONE_NEWNS)", op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{unix.CLONE_NEWNS | cloneThread}, Want: "EPERM"}},
		{"clone(CLONE_THREAD) reaches the kernel", op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{cloneThread}, Want: "EINVAL"}},
		{"clone3", op{Do: "syscall", Nr: unix.SYS_CLONE3, Want: "ENOSYS"}},
		{"mount", op{Do: "syscall", Nr: unix.SYS_MOUNT, Want: "EPERM"}},
		{"io_uring_setup", op{Do: "syscall", Nr: unix.SYS_IO_URING_SETUP, Args: [6]uint64{1}, Want: "EPERM"}},
		{"bpf", op{Do: "syscall", Nr: unix.SYS_BPF, Want: "EPERM"}},
		{"keyctl", op{Do: "syscall", Nr: unix.SYS_KEYCTL, Want: "EPERM"}},
		{"ioctl(0, TIOCSTI)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, tiocsti, uint64(uintptr(unsafe.Pointer(&c)))}, Want: "EPERM"}},
		{"ioctl(0, 1<<32|TIOCSTI)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, 1<<32 | tiocsti}, Want: "EPERM"}},
		{"ioctl(0, TIOCLINUX)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TIOCLINUX}, Want: "EPERM"}},
		{"ioctl(0, TIOCEXCL)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TIOCEXCL}, Want: "EPERM"}},
		{"ioctl(0, TIOCSETD)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TIOCSETD}, Want: "EPERM"}},
		{"ioctl(0, TIOCGPTPEER)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TIOCGPTPEER}, Want: "EPERM"}},
		{"ioctl(0, KDSKBMODE)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, 0x4b45}, Want: "EPERM"}},
		{"ioctl(0, VT_ACTIVATE)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, 0x5606}, Want: "EPERM"}},
		{"ioctl(-1, VIDIOC_QUERYCAP) reaches the kernel", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{^uint64(0), 0x80685600}, Want: "EBADF"}},
		{"ioctl(-1, TCXONC, TCOON) reaches the kernel", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{^uint64(0), unix.TCXONC, unix.TCOON}, Want: "EBADF"}},
		{"ioctl(0, TCXONC, TCOOFF)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TCXONC, unix.TCOOFF}, Want: "EPERM"}},
		{"ioctl(0, TCGETS) reaches the kernel", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TCGETS}, Want: "ENOTTY"}},
		{"socket(AF_INET) with the network off", op{Do: "socket", Args: [6]uint64{unix.AF_INET, unix.SOCK_STREAM}, Want: "EPERM"}},
		{"socket(AF_UNIX) without AllowUnix", op{Do: "socket", Args: [6]uint64{unix.AF_UNIX, unix.SOCK_STREAM}, Want: "EPERM"}},
		{"socketpair(AF_UNIX)", op{Do: "socketpair", Args: [6]uint64{unix.AF_UNIX, unix.SOCK_STREAM}}},
		{"getpid", op{Do: "syscall", Nr: unix.SYS_GETPID}},
		{"open and read", op{Do: "read", Path: "/proc/self/status"}},
		{"fork and exec", op{Do: "spawn", Path: "/bin/true"}},
		{"a shell forking a pipeline and a subshell", op{Do: "spawn", Path: "/bin/sh", Argv: []string{"-c", "true | cat; (true); exit 0"}}},
		{"a filter is installed", op{Do: "probe", Want: fmt.Sprintf("%+v", Status{Supported: true, AlreadyFiltered: true, LibVersion: Probe().LibVersion})}},
	})
}

// safeArgs keeps the probe of each denied syscall harmless should the filter
// ever let one through (the child runs as whoever runs the tests, maybe root).
var safeArgs = map[string][6]uint64{
	"ptrace":          {unix.PTRACE_ATTACH, 0}, // pid 0: ESRCH
	"kexec_load":      {0, 0, 0, 0xdead0000},   // bad flags, not "unload"
	"kexec_file_load": {0, 0, 0, 0, 0xdead0000},
	"sethostname":     {0, 4096}, // too long, not ""
	"setdomainname":   {0, 4096},
	"acct":            {1}, // EFAULT, not "off"
	// System V IPC: id -1 and an absent key, never the host's object 0,
	// IPC_PRIVATE (a new object) or command 0 (IPC_RMID).
	"msgget":     {0x6d657773, 0},
	"semget":     {0x6d657773, 0, 0},
	"shmget":     {0x6d657773, 0, 0},
	"shmat":      {minusOne},
	"shmctl":     {minusOne, unix.IPC_STAT},
	"msgsnd":     {minusOne, 0, 0, unix.IPC_NOWAIT},
	"msgrcv":     {minusOne, 0, 0, 0, unix.IPC_NOWAIT},
	"msgctl":     {minusOne, unix.IPC_STAT},
	"semop":      {minusOne},
	"semtimedop": {minusOne},
	"semctl":     {minusOne, 0, unix.IPC_STAT},
	"kcmp":       {minusOne, minusOne}, // ESRCH
}

// TestFastOpenRefused: sendto, sendmsg and sendmmsg with MSG_FASTOPEN,
// which connect without Landlock's connect hook, are refused in every
// socket configuration but the whole network: with TCP ports (Landlock's),
// and with no network too, where socket() is refused but a TCP socket the
// command inherits (stdio, --pass-fd), disconnected with AF_UNSPEC, went
// by Fast Open to any address (a review's probe). The same calls without
// the flag reach the kernel (EBADF on fd -1), and so does MSG_FASTOPEN with
// the whole network allowed.
func TestFastOpenRefused(t *testing.T) {
	t.Parallel()
	const fastOpen, badFD = unix.MSG_FASTOPEN, minusOne
	calls := []struct {
		name  string
		nr    uintptr
		flags int
	}{{"sendto", unix.SYS_SENDTO, 3}, {"sendmsg", unix.SYS_SENDMSG, 2}, {"sendmmsg", unix.SYS_SENDMMSG, 3}}
	for _, tt := range []struct {
		name string
		cfg  Config
		want string // with MSG_FASTOPEN
	}{
		{"no network", Config{}, "EPERM"},
		{"unix sockets", Config{AllowUnix: true}, "EPERM"},
		{"TCP ports", Config{AllowInetStream: true}, "EPERM"},
		{"TCP ports and unix sockets", Config{AllowInetStream: true, AllowUnix: true}, "EPERM"},
		{"network all", Config{AllowInet: true}, "EBADF"},
		{"network all and unix sockets", Config{AllowInet: true, AllowUnix: true}, "EBADF"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ops []named
			for _, c := range calls {
				with := func(flags uint64) op {
					o := op{Do: "syscall", Nr: c.nr}
					o.Args[0], o.Args[c.flags] = badFD, flags
					return o
				}
				for _, f := range []struct {
					name  string
					flags uint64
					want  string
				}{
					{"MSG_FASTOPEN", fastOpen, tt.want},
					{"MSG_FASTOPEN|MSG_NOSIGNAL", fastOpen | unix.MSG_NOSIGNAL, tt.want},
					{"1<<32|MSG_FASTOPEN", high | fastOpen, tt.want},
					{"MSG_NOSIGNAL, the neighbour", unix.MSG_NOSIGNAL, "EBADF"},
					{"no flags", 0, "EBADF"},
				} {
					o := with(f.flags)
					o.Want = f.want
					ops = append(ops, named{c.name + " " + f.name, o})
				}
			}
			checkOps(t, tt.cfg, ops)
		})
	}
}

// TestLeaseRefused: a lease on a file the command may read and owns
// (F_SETLEASE), which makes every other process that opens it for writing
// wait for up to lease-break-time, is refused, in every configuration and
// with cmd's upper 32 bits set, which the kernel ignores; the neighbours
// reach the kernel: F_GETLEASE, F_GETFL. The same lease without the filter
// is taken, so it is the filter that refuses it.
func TestLeaseRefused(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "leased")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	lease := func(cmd uint64, want string) op {
		return op{Do: "fcntl-file", Path: file, Args: [6]uint64{cmd, unix.F_RDLCK}, Want: want}
	}
	bare := loadInChild(t, childSpec{Load: "none", Ops: []op{lease(unix.F_SETLEASE, "")}})
	if got := bare.Got[0]; got != "" {
		t.Fatalf("F_SETLEASE without a filter: %s; the case would prove nothing", got)
	}
	for _, cfg := range []Config{{}, {AllowUnix: true}, {AllowInetStream: true}, {AllowInet: true, AllowUnix: true}, {DenySyscalls: []string{}}} {
		checkOps(t, cfg, []named{
			{"fcntl(F_SETLEASE, F_RDLCK)", lease(unix.F_SETLEASE, "EPERM")},
			{"fcntl(1<<32|F_SETLEASE, F_RDLCK)", lease(high|unix.F_SETLEASE, "EPERM")},
			{"fcntl(F_SETLEASE, F_UNLCK)", op{Do: "fcntl-file", Path: file, Args: [6]uint64{unix.F_SETLEASE, unix.F_UNLCK}, Want: "EPERM"}},
			{"fcntl(F_GETLEASE), the neighbour", lease(unix.F_GETLEASE, "")},
			{"fcntl(F_GETFL)", lease(unix.F_GETFL, "")},
		})
	}
}

// TestSetIDRefused: a mode with the set-user-ID or set-group-ID bit is
// refused to every call that sets one (a root command's set-uid copy of a
// program, left in the project, runs as root for any user); the same
// calls with a plain mode, and an open without O_CREAT whatever its mode
// argument holds, pass. openat2, whose mode seccomp cannot see, is absent.
func TestSetIDRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "prog")
	if err := os.WriteFile(file, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	fresh := func(name string) string { return filepath.Join(dir, name) }
	fdcwd := int32(unix.AT_FDCWD)
	atFDCWD := uint64(uint32(fdcwd)) // the int the kernel reads
	ops := func(tag string) []named {
		n := func(s string) string { return fresh(tag + s) }
		return []named{
			{"chmod 4755", op{Do: "syscall-path", Nr: sys("chmod"), Path: file, Args: [6]uint64{1: 0o4755}, Want: "EPERM"}},
			{"chmod 2755", op{Do: "syscall-path", Nr: sys("chmod"), Path: file, Args: [6]uint64{1: 0o2755}, Want: "EPERM"}},
			{"chmod 1<<32|4755", op{Do: "syscall-path", Nr: sys("chmod"), Path: file, Args: [6]uint64{1: 1<<32 | 0o4755}, Want: "EPERM"}},
			{"chmod 755, the neighbour", op{Do: "syscall-path", Nr: sys("chmod"), Path: file, Args: [6]uint64{1: 0o755}}},
			{"fchmod 4755", op{Do: "syscall-fd", Nr: sys("fchmod"), Path: file, Args: [6]uint64{1: 0o4755}, Want: "EPERM"}},
			{"fchmod 1755 (sticky)", op{Do: "syscall-fd", Nr: sys("fchmod"), Path: file, Args: [6]uint64{1: 0o1755}}},
			{"fchmodat 6755", op{Do: "syscall-path", Nr: sys("fchmodat"), Path: file, PathAt: 1, Args: [6]uint64{atFDCWD, 0, 0o6755}, Want: "EPERM"}},
			{"fchmodat 644", op{Do: "syscall-path", Nr: sys("fchmodat"), Path: file, PathAt: 1, Args: [6]uint64{atFDCWD, 0, 0o644}}},
			{"fchmodat2 2755", op{Do: "syscall-path", Nr: sys("fchmodat2"), Path: file, PathAt: 1, Args: [6]uint64{atFDCWD, 0, 0o2755, 0}, Want: "EPERM"}},
			{"creat 4755", op{Do: "syscall-path", Nr: sys("creat"), Path: n("creat"), Args: [6]uint64{1: 0o4755}, Want: "EPERM"}},
			{"creat 755", op{Do: "syscall-path", Nr: sys("creat"), Path: n("creat-plain"), Args: [6]uint64{1: 0o755}}},
			{"open O_CREAT 4755", op{Do: "syscall-path", Nr: sys("open"), Path: n("open"), Args: [6]uint64{1: unix.O_WRONLY | unix.O_CREAT, 2: 0o4755}, Want: "EPERM"}},
			{"open without O_CREAT, mode 4755", op{Do: "syscall-path", Nr: sys("open"), Path: file, Args: [6]uint64{1: unix.O_RDONLY, 2: 0o4755}}},
			{"openat O_CREAT 2755", op{Do: "syscall-path", Nr: sys("openat"), Path: n("openat"), PathAt: 1, Args: [6]uint64{atFDCWD, 0, unix.O_WRONLY | unix.O_CREAT | unix.O_EXCL, 0o2755}, Want: "EPERM"}},
			{"openat O_TMPFILE 4755", op{Do: "syscall-path", Nr: sys("openat"), Path: dir, PathAt: 1, Args: [6]uint64{atFDCWD, 0, unix.O_WRONLY | unix.O_TMPFILE, 0o4755}, Want: "EPERM"}},
			{"openat O_CREAT 644", op{Do: "syscall-path", Nr: sys("openat"), Path: n("openat-plain"), PathAt: 1, Args: [6]uint64{atFDCWD, 0, unix.O_WRONLY | unix.O_CREAT, 0o644}}},
			{"mknod S_IFREG|4755", op{Do: "syscall-path", Nr: sys("mknod"), Path: n("mknod"), Args: [6]uint64{1: unix.S_IFREG | 0o4755}, Want: "EPERM"}},
			{"mknodat S_IFREG|2755", op{Do: "syscall-path", Nr: sys("mknodat"), Path: n("mknodat"), PathAt: 1, Args: [6]uint64{atFDCWD, 0, unix.S_IFREG | 0o2755}, Want: "EPERM"}},
			{"mknod S_IFIFO|644", op{Do: "syscall-path", Nr: sys("mknod"), Path: n("fifo"), Args: [6]uint64{1: unix.S_IFIFO | 0o644}}},
			{"openat2", op{Do: "syscall", Nr: sys("openat2"), Args: [6]uint64{atFDCWD}, Want: "ENOSYS"}},
		}
	}
	bare := loadInChild(t, childSpec{Load: "none", Ops: []op{ops("bare-")[0].op}})
	if got := bare.Got[0]; got != "" {
		t.Fatalf("chmod 4755 without a filter: %s; the case would prove nothing", got)
	}
	for i, cfg := range []Config{{}, {AllowUnix: true}, {AllowInetStream: true}, {AllowInet: true, AllowUnix: true}, {DenySyscalls: []string{}}} {
		checkOps(t, cfg, ops(fmt.Sprint(i)))
	}
}

// TestXattrReadByNameRefused: extended attributes are not read by a path,
// which Landlock does not judge for them (getxattr, lgetxattr, listxattr,
// llistxattr: EOPNOTSUPP, as a file system without them; getxattrat and
// listxattrat: ENOSYS, as an older kernel), in every configuration; the
// neighbour, flistxattr through a descriptor opened to read, passes. The
// same listxattr without the filter passes, so it is the filter that
// refuses it.
func TestXattrReadByNameRefused(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	fdcwd := int32(unix.AT_FDCWD)
	atFDCWD := uint64(uint32(fdcwd))
	notsup := unix.ErrnoName(unix.EOPNOTSUPP)
	ops := []named{
		{"listxattr", op{Do: "syscall-path", Nr: sys("listxattr"), Path: file, Want: notsup}},
		{"llistxattr", op{Do: "syscall-path", Nr: sys("llistxattr"), Path: file, Want: notsup}},
		{"getxattr", op{Do: "syscall-path", Nr: sys("getxattr"), Path: file, Want: notsup}},
		{"lgetxattr", op{Do: "syscall-path", Nr: sys("lgetxattr"), Path: file, Want: notsup}},
		{"getxattrat", op{Do: "syscall-path", Nr: sys("getxattrat"), Path: file, PathAt: 1, Args: [6]uint64{atFDCWD}, Want: "ENOSYS"}},
		{"listxattrat", op{Do: "syscall-path", Nr: sys("listxattrat"), Path: file, PathAt: 1, Args: [6]uint64{atFDCWD}, Want: "ENOSYS"}},
		{"flistxattr, the neighbour", op{Do: "syscall-fd", Nr: sys("flistxattr"), Path: file}},
	}
	bare := loadInChild(t, childSpec{Load: "none", Ops: []op{ops[0].op}})
	if got := bare.Got[0]; got != "" {
		t.Fatalf("listxattr without a filter: %s; the case would prove nothing", got)
	}
	for _, cfg := range []Config{{}, {AllowUnix: true}, {AllowInetStream: true}, {AllowInet: true, AllowUnix: true}, {DenySyscalls: []string{}}} {
		checkOps(t, cfg, ops)
	}
}

// TestPassRightsRefused: SO_PASSRIGHTS, which the runner turns off on the
// unix sockets it hands the command, cannot be turned back on; other
// socket options can.
func TestPassRightsRefused(t *testing.T) {
	t.Parallel()
	set := func(level, name uint64, want string) op {
		return op{Do: "unix-setsockopt", Args: [6]uint64{level, name}, Want: want}
	}
	bare := loadInChild(t, childSpec{Load: "none", Ops: []op{set(unix.SOL_SOCKET, unix.SO_PASSRIGHTS, "")}})
	if got := bare.Got[0]; got != "" {
		t.Skipf("setsockopt(SO_PASSRIGHTS) without a filter: %s (a kernel before 6.16)", got)
	}
	for _, cfg := range []Config{{}, {AllowUnix: true}, {AllowInet: true, AllowUnix: true}, {DenySyscalls: []string{}}} {
		checkOps(t, cfg, []named{
			{"SO_PASSRIGHTS", set(unix.SOL_SOCKET, unix.SO_PASSRIGHTS, "EPERM")},
			{"1<<32|SO_PASSRIGHTS", set(unix.SOL_SOCKET, 1<<32|unix.SO_PASSRIGHTS, "EPERM")},
			{"SO_PASSCRED, the neighbour", set(unix.SOL_SOCKET, unix.SO_PASSCRED, "")},
			{"SO_RCVBUF", set(unix.SOL_SOCKET, unix.SO_RCVBUF, "")},
		})
	}
}

// TestDefaultDeniedAreRefused tries every syscall of DefaultDenied.
func TestDefaultDeniedAreRefused(t *testing.T) {
	t.Parallel()
	var ops []named
	for _, name := range DefaultDenied() {
		ops = append(ops, named{name, op{Do: "syscall", Nr: sys(name), Args: safeArgs[name], Want: "EPERM"}})
	}
	checkOps(t, Config{}, ops)
}

// TestLoadSysVIPC: with AllowSysVIPC (the command in an IPC namespace of
// its own) the System V calls reach the kernel, with the same harmless
// arguments as TestDefaultDeniedAreRefused (an absent key, id -1), while
// the rest of the deny list, POSIX message queues included, is refused as
// before, and so are the fixed rules. The filter does not run in an IPC
// namespace here: the arguments name nothing of the host's.
func TestLoadSysVIPC(t *testing.T) {
	t.Parallel()
	cfg := Config{AllowSysVIPC: true}
	var ops []named
	for _, name := range DefaultDenied() {
		want := "EPERM"
		if slices.Contains(sysvIPC, name) {
			want = map[string]string{
				"msgget": "ENOENT", "semget": "ENOENT", "shmget": "ENOENT",
				"shmdt":  "EINVAL", // address 0 is no attachment
				"msgsnd": "EFAULT", // the message is read first
			}[name]
			if want == "" {
				want = "EINVAL" // id -1
			}
		}
		ops = append(ops, named{name, op{Do: "syscall", Nr: sys(name), Args: safeArgs[name], Want: want}})
	}
	if got := cfg.Denied(); slices.ContainsFunc(got, func(n string) bool { return slices.Contains(sysvIPC, n) }) || !slices.Contains(got, "mq_open") || !slices.Contains(got, "keyctl") {
		t.Errorf("Denied() = %v: want the default list without System V IPC", got)
	}
	ops = append(ops,
		named{"clone(CLONE_NEWIPC)", op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{unix.CLONE_NEWIPC | cloneThread}, Want: "EPERM"}},
		named{"ioctl(0, TIOCSTI)", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, tiocsti}, Want: "EPERM"}},
		named{"socket(AF_INET) with the network off", op{Do: "socket", Args: [6]uint64{unix.AF_INET, unix.SOCK_STREAM}, Want: "EPERM"}})
	checkOps(t, cfg, ops)
	// From the precompiled program as well, where there is one.
	checkLoad(t, childSpec{Load: "program", Program: mustBuild(t, cfg)}, ops)
}

func mustBuild(t *testing.T, c Config) Program {
	t.Helper()
	p, err := c.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Arguments of the reach-by-id tests.
const (
	prioProcess, prioPgrp = unix.PRIO_PROCESS, unix.PRIO_PGRP
	ioprioWhoPgrp         = 2
	ioprioWhoUser         = 3
	ioprioBE4             = 2<<13 | 4 // IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)
	ioprioBadClass        = 7 << 13   // EINVAL before the kernel looks for a process
	high                  = 1 << 32
	minusOne              = ^uint64(0)
	badPointer            = 1 // EFAULT when the kernel reads through it
	kcmpVM                = 1 // do two tasks share their memory?
)

// reachCase is one call on a process by its id. Refused cases must get
// EPERM under the filter and something else without it, so it is the
// filter that refuses; allowed ones must get the same answer with and
// without it (success, or the kernel's own error for a harmless argument).
// Every case runs unfiltered too, so none may harm the host: the targets
// are the probe, its sleeper and its own process group, and a call that
// could reach further gets an argument the kernel rejects first.
type reachCase struct {
	name    string
	op      op
	refused bool
}

func sysc(nr uintptr, target string, at []int, args ...uint64) op {
	o := op{Do: "syscall", Nr: nr, Target: target, At: at}
	copy(o.Args[:], args)
	return o
}

var (
	arg0, arg1, args01 = []int{0}, []int{1}, []int{0, 1}
	// reachCases go first to the kernel, then (checkReach) under the
	// filter.
	reachCases = []reachCase{
		{"setpriority(PRIO_PROCESS, 0): itself (nice)", sysc(unix.SYS_SETPRIORITY, "", nil, prioProcess, 0, 5), false},
		{"setpriority(PRIO_PROCESS, another)", sysc(unix.SYS_SETPRIORITY, "sleeper", arg1, prioProcess, 0, 5), true},
		{"setpriority(PRIO_PROCESS, its own pid) is refused too", sysc(unix.SYS_SETPRIORITY, "self", arg1, prioProcess, 0, 5), true},
		{"setpriority(PRIO_PGRP, 0): its process group", sysc(unix.SYS_SETPRIORITY, "", nil, prioPgrp, 0, 5), true},
		{"setpriority(which 3)", sysc(unix.SYS_SETPRIORITY, "", nil, 3, 0, 5), true},
		{"setpriority(PRIO_PROCESS, 1<<32): the kernel reads 0, refused all the same", sysc(unix.SYS_SETPRIORITY, "", nil, prioProcess, high, 5), true},
		{"setpriority(PRIO_PROCESS, 1<<32|another)", sysc(unix.SYS_SETPRIORITY, "sleeper", arg1, prioProcess, high, 5), true},
		{"setpriority(PRIO_PROCESS, 0xffffffff<<32|another)", sysc(unix.SYS_SETPRIORITY, "sleeper", arg1, prioProcess, minusOne&^0xffffffff, 5), true},
		{"setpriority(PRIO_PROCESS, -1)", sysc(unix.SYS_SETPRIORITY, "", nil, prioProcess, minusOne, 5), true},
		{"setpriority(1<<32|PRIO_PROCESS, 0)", sysc(unix.SYS_SETPRIORITY, "", nil, high|prioProcess, 0, 5), true},
		{"getpriority(PRIO_PROCESS, another): reading", sysc(unix.SYS_GETPRIORITY, "sleeper", arg1, prioProcess), false},
		{"getpriority(PRIO_USER, 0): reading", sysc(unix.SYS_GETPRIORITY, "", nil, unix.PRIO_USER, 0), false},

		{"ioprio_set(IOPRIO_WHO_PROCESS, 0): itself (ionice)", sysc(unix.SYS_IOPRIO_SET, "", nil, ioprioWhoProcess, 0, ioprioBE4), false},
		{"ioprio_set(IOPRIO_WHO_PROCESS, another)", sysc(unix.SYS_IOPRIO_SET, "sleeper", arg1, ioprioWhoProcess, 0, ioprioBE4), true},
		{"ioprio_set(IOPRIO_WHO_PROCESS, 1<<32|another)", sysc(unix.SYS_IOPRIO_SET, "sleeper", arg1, ioprioWhoProcess, high, ioprioBE4), true},
		{"ioprio_set(IOPRIO_WHO_PGRP, 0): its process group", sysc(unix.SYS_IOPRIO_SET, "", nil, ioprioWhoPgrp, 0, ioprioBE4), true},
		{"ioprio_set(IOPRIO_WHO_USER, 0)", sysc(unix.SYS_IOPRIO_SET, "", nil, ioprioWhoUser, 0, ioprioBadClass), true},
		{"ioprio_set(0, 0)", sysc(unix.SYS_IOPRIO_SET, "", nil, 0, 0, ioprioBadClass), true},
		{"ioprio_get(IOPRIO_WHO_USER, 0): reading", sysc(unix.SYS_IOPRIO_GET, "", nil, ioprioWhoUser, 0), false},

		{"sched_setaffinity(0, NULL) reaches the kernel", sysc(unix.SYS_SCHED_SETAFFINITY, "", nil, 0, 8, 0), false},
		{"sched_setaffinity(another)", sysc(unix.SYS_SCHED_SETAFFINITY, "sleeper", arg0, 0, 8, 0), true},
		{"sched_setaffinity(its own pid)", sysc(unix.SYS_SCHED_SETAFFINITY, "self", arg0, 0, 8, 0), true},
		{"sched_setaffinity(1<<32|another)", sysc(unix.SYS_SCHED_SETAFFINITY, "sleeper", arg0, high, 8, 0), true},
		{"sched_getaffinity(another, NULL): reading reaches the kernel", sysc(unix.SYS_SCHED_GETAFFINITY, "sleeper", arg0, 0, 8, 0), false},
		{"sched_setscheduler(0, NULL) reaches the kernel", sysc(unix.SYS_SCHED_SETSCHEDULER, "", nil, 0, 0, 0), false},
		{"sched_setscheduler(another)", sysc(unix.SYS_SCHED_SETSCHEDULER, "sleeper", arg0, 0, 0, 0), true},
		{"sched_setparam(0, NULL) reaches the kernel", sysc(unix.SYS_SCHED_SETPARAM, "", nil, 0, 0), false},
		{"sched_setparam(another)", sysc(unix.SYS_SCHED_SETPARAM, "sleeper", arg0, 0, 0), true},
		{"sched_setattr(0, NULL) reaches the kernel", sysc(unix.SYS_SCHED_SETATTR, "", nil, 0, 0, 0), false},
		{"sched_setattr(another)", sysc(unix.SYS_SCHED_SETATTR, "sleeper", arg0, 0, 0, 0), true},

		{"prlimit64(0, new) reaches the kernel", sysc(unix.SYS_PRLIMIT64, "", nil, 0, unix.RLIMIT_CORE, badPointer, 0), false},
		{"prlimit64(another, new)", sysc(unix.SYS_PRLIMIT64, "sleeper", arg0, 0, unix.RLIMIT_CORE, badPointer, 0), true},
		{"prlimit64(another, new at 1<<32)", sysc(unix.SYS_PRLIMIT64, "sleeper", arg0, 0, unix.RLIMIT_CORE, high, 0), true},
		{"prlimit64(1<<32, new)", sysc(unix.SYS_PRLIMIT64, "", nil, high, unix.RLIMIT_CORE, badPointer, 0), true},
		{"prlimit64(another, NULL): reading another's limits", sysc(unix.SYS_PRLIMIT64, "sleeper", arg0, 0, unix.RLIMIT_CORE, 0, 0), false},
		{"prlimit64(0, NULL): reading its own", sysc(unix.SYS_PRLIMIT64, "", nil, 0, unix.RLIMIT_CORE, 0, 0), false},

		{"migrate_pages(0) reaches the kernel", sysc(unix.SYS_MIGRATE_PAGES, "", nil, 0, 0, 0, 0), false},
		{"migrate_pages(another)", sysc(unix.SYS_MIGRATE_PAGES, "sleeper", arg0, 0, 0, 0, 0), true},
		{"move_pages(0, no pages) reaches the kernel", sysc(unix.SYS_MOVE_PAGES, "", nil, 0, 0, 0, 0, 0, 0), false},
		{"move_pages(another)", sysc(unix.SYS_MOVE_PAGES, "sleeper", arg0, 0, 0, 0, 0, 0, 0), true},

		{"kcmp(itself, itself, KCMP_VM)", sysc(unix.SYS_KCMP, "self", args01, 0, 0, kcmpVM), true},
		{"kcmp(another, another, KCMP_VM)", sysc(unix.SYS_KCMP, "sleeper", args01, 0, 0, kcmpVM), true},
		{"process_mrelease(0, 0)", sysc(unix.SYS_PROCESS_MRELEASE, "", nil, 0, 0), true},
		{"pidfd_open(another): its signals are Landlock's to refuse", sysc(unix.SYS_PIDFD_OPEN, "sleeper", arg0, 0, 0), false},
		{"shmget(IPC_PRIVATE, size 0)", sysc(unix.SYS_SHMGET, "", nil, 0, 0, 0), true},
		{"shmat(-1)", sysc(unix.SYS_SHMAT, "", nil, minusOne, 0, 0), true},
		{"msgget(an absent key)", sysc(unix.SYS_MSGGET, "", nil, 0x6d657773, 0), true},
	}
)

// TestLoadReachByID: the command acts on itself by id 0, never on another
// process by its id (see the package comment), with and without the deny
// list.
func TestLoadReachByID(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cfg  Config
		skip func(name string) bool // cases the deny list alone refuses
	}{
		{"default", Config{}, nil},
		// System V IPC is the command's own there: the reach cases
		// that only the deny list refused go.
		{"System V IPC allowed", Config{AllowSysVIPC: true}, func(name string) bool {
			return strings.HasPrefix(name, "shm") || strings.HasPrefix(name, "msg")
		}},
		{"no deny list", Config{DenySyscalls: []string{}}, func(name string) bool {
			return strings.HasPrefix(name, "kcmp") || strings.HasPrefix(name, "process_mrelease") ||
				strings.HasPrefix(name, "shm") || strings.HasPrefix(name, "msg")
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var cases []reachCase
			for _, c := range reachCases {
				if tt.skip == nil || !tt.skip(c.name) {
					cases = append(cases, c)
				}
			}
			checkReach(t, tt.cfg, cases)
		})
	}
}

// checkReach makes each case in a child without a filter and in one with
// cfg's.
func checkReach(t *testing.T, cfg Config, cases []reachCase) {
	t.Helper()
	var ops []op
	for _, c := range cases {
		ops = append(ops, c.op)
	}
	bare := loadInChild(t, childSpec{Load: "none", Ops: ops})
	filtered := loadInChild(t, childSpec{Config: cfg, Ops: ops})
	refused := 0
	for i, c := range cases {
		got, without := filtered.Got[i], bare.Got[i]
		switch {
		case c.refused && got != "EPERM":
			t.Errorf("%s: got %s, want EPERM (%s without the filter)", c.name, orSuccess(got), orSuccess(without))
		case c.refused && without == "EPERM":
			t.Errorf("%s: EPERM without the filter too: the case proves nothing", c.name)
		case !c.refused && got != without:
			t.Errorf("%s: got %s, want %s as without the filter", c.name, orSuccess(got), orSuccess(without))
		}
		if c.refused {
			refused++
		}
	}
	t.Logf("%d cases, %d refused by the filter alone", len(cases), refused)
}

// TestLoadNamespaceFlags tries each namespace flag on clone and unshare, with
// an empty deny list so that unshare is refused by flag alone.
func TestLoadNamespaceFlags(t *testing.T) {
	t.Parallel()
	var ops []named
	for _, f := range []struct {
		name string
		flag uint64
	}{
		{"CLONE_NEWNS", unix.CLONE_NEWNS}, {"CLONE_NEWCGROUP", unix.CLONE_NEWCGROUP},
		{"CLONE_NEWUTS", unix.CLONE_NEWUTS}, {"CLONE_NEWIPC", unix.CLONE_NEWIPC},
		{"CLONE_NEWUSER", unix.CLONE_NEWUSER}, {"CLONE_NEWPID", unix.CLONE_NEWPID},
		{"CLONE_NEWNET", unix.CLONE_NEWNET},
	} {
		ops = append(ops,
			named{"clone(" + f.name + ")", op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{f.flag | cloneThread}, Want: "EPERM"}},
			named{"unshare(" + f.name + ")", op{Do: "syscall", Nr: unix.SYS_UNSHARE, Args: [6]uint64{f.flag | cloneThread}, Want: "EPERM"}},
		)
	}
	ops = append(ops,
		named{"unshare(CLONE_NEWTIME)", op{Do: "syscall", Nr: unix.SYS_UNSHARE, Args: [6]uint64{unix.CLONE_NEWTIME | cloneThread}, Want: "EPERM"}},
		named{"unshare(CLONE_FILES) without the deny list", op{Do: "syscall", Nr: unix.SYS_UNSHARE, Args: [6]uint64{unix.CLONE_FILES}}},
		named{"clone with exit signal 0x80|SIGCHLD is not CLONE_NEWTIME", op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{0x80 | cloneThread}, Want: "EINVAL"}},
		named{"mount without the deny list", op{Do: "syscall", Nr: unix.SYS_MOUNT, Want: "EFAULT"}},
		named{"ioctl(0, TIOCSTI) without the deny list", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, tiocsti}, Want: "EPERM"}},
	)
	checkOps(t, Config{DenySyscalls: []string{}}, ops)
}

func TestLoadExplicitDenyWins(t *testing.T) {
	t.Parallel()
	checkOps(t, Config{DenySyscalls: []string{"clone3", "socket", "ioctl", "getppid", "getppid"}, AllowInet: true}, []named{
		{"clone3 denied by name", op{Do: "syscall", Nr: unix.SYS_CLONE3, Want: "EPERM"}},
		{"socket denied by name despite AllowInet", op{Do: "socket", Args: [6]uint64{unix.AF_INET, unix.SOCK_STREAM}, Want: "EPERM"}},
		{"ioctl denied by name", op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TCGETS}, Want: "EPERM"}},
		{"getppid", op{Do: "syscall", Nr: unix.SYS_GETPPID, Want: "EPERM"}},
		{"ptrace is not in this list", op{Do: "syscall", Nr: unix.SYS_PTRACE, Args: [6]uint64{unix.PTRACE_ATTACH, 0}, Want: "ESRCH"}},
	})
}

func ipv6Want(t *testing.T) string {
	fd, err := unix.Socket(unix.AF_INET6, unix.SOCK_STREAM, 0)
	if err != nil {
		t.Logf("no IPv6 here: %v", err)
		return errName(err)
	}
	unix.Close(fd)
	return ""
}

func TestLoadSocketPolicy(t *testing.T) {
	t.Parallel()
	v6 := ipv6Want(t)
	type sock struct {
		name                  string
		domain, typ, protocol uint64
		want                  string
	}
	const (
		stream, dgram, raw, seqpacket = unix.SOCK_STREAM, unix.SOCK_DGRAM, unix.SOCK_RAW, unix.SOCK_SEQPACKET
		inet, inet6, local            = unix.AF_INET, unix.AF_INET6, unix.AF_UNIX
	)
	always := []sock{
		{"AF_NETLINK NETLINK_ROUTE", unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, "EPERM"},
		{"AF_PACKET", unix.AF_PACKET, raw, 0, "EPERM"},
		{"AF_VSOCK", unix.AF_VSOCK, stream, 0, "EPERM"},
		{"AF_ALG", unix.AF_ALG, seqpacket, 0, "EPERM"},
		{"AF_UNSPEC", unix.AF_UNSPEC, stream, 0, "EPERM"},
		{"domain 1000", 1000, stream, 0, "EPERM"},
	}
	tests := []struct {
		name  string
		cfg   Config
		socks []sock
	}{
		{"network off", Config{}, []sock{
			{"AF_INET stream", inet, stream, 0, "EPERM"},
			{"AF_INET6 stream", inet6, stream, 0, "EPERM"},
			{"AF_INET dgram", inet, dgram, 0, "EPERM"},
			{"AF_UNIX stream", local, stream, 0, "EPERM"},
		}},
		{"unix sockets", Config{AllowUnix: true}, []sock{
			{"AF_UNIX stream", local, stream, 0, ""},
			{"AF_UNIX dgram|cloexec", local, dgram | unix.SOCK_CLOEXEC, 0, ""},
			{"AF_INET stream", inet, stream, 0, "EPERM"},
			{"(1<<32)|AF_UNIX is refused, though the kernel reads AF_UNIX", 1<<32 | local, stream, 0, "EPERM"},
		}},
		{"TCP only", Config{AllowInetStream: true}, []sock{
			{"AF_INET stream", inet, stream, 0, ""},
			{"AF_INET stream|nonblock|cloexec", inet, stream | unix.SOCK_NONBLOCK | unix.SOCK_CLOEXEC, 0, ""},
			{"AF_INET stream IPPROTO_TCP", inet, stream, unix.IPPROTO_TCP, ""},
			{"AF_INET (1<<32)|stream", inet, 1<<32 | stream, 0, ""},
			{"AF_INET6 stream", inet6, stream, 0, v6},
			{"AF_INET dgram", inet, dgram, 0, "EPERM"},
			{"AF_INET6 dgram|nonblock", inet6, dgram | unix.SOCK_NONBLOCK, 0, "EPERM"},
			{"AF_INET raw", inet, raw, unix.IPPROTO_ICMP, "EPERM"},
			{"AF_INET seqpacket", inet, seqpacket, 0, "EPERM"},
			{"AF_INET stream with an unknown flag reaches the kernel", inet, 0x10 | stream, 0, "EINVAL"},
			{"AF_INET stream IPPROTO_SCTP", inet, stream, unix.IPPROTO_SCTP, "EPERM"},
			{"AF_INET stream IPPROTO_MPTCP", inet, stream, unix.IPPROTO_MPTCP, "EPERM"},
			{"AF_INET stream protocol 1<<32", inet, stream, 1 << 32, "EPERM"},
			{"AF_INET6 stream IPPROTO_UDP", inet6, stream, unix.IPPROTO_UDP, "EPERM"},
			{"AF_UNIX stream", local, stream, 0, "EPERM"},
		}},
		{"network all", Config{AllowInet: true}, []sock{
			{"AF_INET stream", inet, stream, 0, ""},
			{"AF_INET dgram", inet, dgram, 0, ""},
			{"AF_INET6 dgram", inet6, dgram, 0, v6},
			{"AF_UNIX stream", local, stream, 0, "EPERM"},
		}},
		{"network all and unix sockets", Config{AllowInet: true, AllowUnix: true}, []sock{
			{"AF_INET stream", inet, stream, 0, ""},
			{"AF_UNIX stream", local, stream, 0, ""},
		}},
		{"TCP only and netlink route", Config{AllowInetStream: true, AllowNetlinkRoute: true}, []sock{
			{"AF_NETLINK NETLINK_ROUTE", unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK dgram|cloexec NETLINK_ROUTE", unix.AF_NETLINK, dgram | unix.SOCK_CLOEXEC, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK NETLINK_SOCK_DIAG", unix.AF_NETLINK, raw, unix.NETLINK_SOCK_DIAG, "EPERM"},
			{"AF_NETLINK NETLINK_KOBJECT_UEVENT", unix.AF_NETLINK, dgram, unix.NETLINK_KOBJECT_UEVENT, "EPERM"},
			{"AF_NETLINK NETLINK_GENERIC", unix.AF_NETLINK, raw, unix.NETLINK_GENERIC, "EPERM"},
			{"AF_NETLINK NETLINK_AUDIT", unix.AF_NETLINK, raw, unix.NETLINK_AUDIT, "EPERM"},
			{"AF_NETLINK protocol (1<<32)|NETLINK_ROUTE", unix.AF_NETLINK, raw, 1 << 32, "EPERM"},
			{"AF_INET stream", inet, stream, 0, ""},
			{"AF_INET dgram", inet, dgram, 0, "EPERM"},
			{"AF_UNIX stream", local, stream, 0, "EPERM"},
		}},
		{"netlink route alone (a network namespace of its own)", Config{AllowNetlinkRoute: true}, []sock{
			{"AF_NETLINK NETLINK_ROUTE", unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK dgram|cloexec|nonblock NETLINK_ROUTE", unix.AF_NETLINK, dgram | unix.SOCK_CLOEXEC | unix.SOCK_NONBLOCK, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK NETLINK_SOCK_DIAG", unix.AF_NETLINK, raw, unix.NETLINK_SOCK_DIAG, "EPERM"},
			{"AF_NETLINK NETLINK_KOBJECT_UEVENT", unix.AF_NETLINK, dgram, unix.NETLINK_KOBJECT_UEVENT, "EPERM"},
			{"AF_NETLINK NETLINK_XFRM", unix.AF_NETLINK, raw, unix.NETLINK_XFRM, "EPERM"},
			{"(1<<32)|AF_NETLINK NETLINK_ROUTE", 1<<32 | unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, "EPERM"},
			{"AF_INET stream", inet, stream, 0, "EPERM"},
			{"AF_INET6 dgram", inet6, dgram, 0, "EPERM"},
			{"AF_UNIX stream", local, stream, 0, "EPERM"},
			{"AF_BRIDGE (7)", unix.AF_BRIDGE, stream, 0, "EPERM"},
			{"family 11", 11, stream, 0, "EPERM"},
			{"AF_KEY (15)", unix.AF_KEY, raw, 2, "EPERM"},
		}},
		{"netlink route and unix sockets", Config{AllowNetlinkRoute: true, AllowUnix: true}, []sock{
			{"AF_NETLINK NETLINK_ROUTE", unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK NETLINK_SOCK_DIAG", unix.AF_NETLINK, raw, unix.NETLINK_SOCK_DIAG, "EPERM"},
			{"AF_UNIX stream", local, stream, 0, ""},
			{"AF_INET stream", inet, stream, 0, "EPERM"},
			{"family 3", 3, stream, 0, "EPERM"},
		}},
		{"network all and netlink route", Config{AllowInet: true, AllowNetlinkRoute: true}, []sock{
			{"AF_NETLINK NETLINK_ROUTE", unix.AF_NETLINK, raw, unix.NETLINK_ROUTE, ""},
			{"AF_NETLINK NETLINK_NETFILTER", unix.AF_NETLINK, raw, unix.NETLINK_NETFILTER, "EPERM"},
			{"AF_INET dgram", inet, dgram, 0, ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ops []named
			socks := slices.Clone(tt.socks)
			for _, a := range always {
				if !slices.ContainsFunc(socks, func(s sock) bool { return s.name == a.name }) {
					socks = append(socks, a)
				}
			}
			for _, s := range socks {
				ops = append(ops, named{"socket " + s.name, op{Do: "socket", Args: [6]uint64{s.domain, s.typ, s.protocol}, Want: s.want}})
			}
			// bind() is refused where no family is open, so that no
			// pair's end takes an abstract unix name; netlink binds its
			// port. A bad descriptor reaches the kernel: EBADF.
			bind := "EBADF"
			if !tt.cfg.AllowUnix && !tt.cfg.AllowInet && !tt.cfg.AllowInetStream && !tt.cfg.AllowNetlinkRoute {
				bind = "EPERM"
			}
			ops = append(ops, named{"bind", op{Do: "syscall", Nr: unix.SYS_BIND, Args: [6]uint64{minusOne, 0, 0}, Want: bind}})
			// A datagram pair can address other sockets: refused
			// unless unix sockets are granted; seqpacket pairs cannot.
			dgramPair := "EPERM"
			if tt.cfg.AllowUnix {
				dgramPair = ""
			}
			ops = append(ops,
				named{"socketpair(AF_UNIX)", op{Do: "socketpair", Args: [6]uint64{local, stream}}},
				named{"socketpair(AF_UNIX, seqpacket|cloexec)", op{Do: "socketpair", Args: [6]uint64{local, seqpacket | unix.SOCK_CLOEXEC}}},
				named{"socketpair(AF_UNIX, dgram)", op{Do: "socketpair", Args: [6]uint64{local, dgram}, Want: dgramPair}},
				named{"socketpair(AF_UNIX, dgram|nonblock|cloexec)", op{Do: "socketpair", Args: [6]uint64{local, dgram | unix.SOCK_NONBLOCK | unix.SOCK_CLOEXEC}, Want: dgramPair}},
				named{"socketpair(AF_UNIX, (1<<32)|dgram)", op{Do: "socketpair", Args: [6]uint64{local, 1<<32 | dgram}, Want: dgramPair}},
				named{"socketpair(AF_INET)", op{Do: "socketpair", Args: [6]uint64{inet, stream}, Want: "EPERM"}},
				named{"socketpair(AF_UNSPEC)", op{Do: "socketpair", Args: [6]uint64{unix.AF_UNSPEC, stream}, Want: "EPERM"}},
			)
			checkOps(t, tt.cfg, ops)
		})
	}
}

// TestLoadForeignArchitectures runs a C helper under the filter: a system
// call through the i386 entry point (int 0x80) or with the x32 bit must kill
// the process, and glibc's clone3 fallback must work.
func TestLoadForeignArchitectures(t *testing.T) {
	t.Parallel()
	if runtime.GOARCH != "amd64" {
		t.Skipf("the helper is x86-64 code; GOARCH is %s", runtime.GOARCH)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("needs gcc to build testdata/archhelper.c")
	}
	helper := filepath.Join(t.TempDir(), "archhelper")
	if out, err := exec.Command(gcc, "-O2", "-Wall", "-o", helper, "testdata/archhelper.c").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	unfiltered := map[string]error{}
	for _, mode := range []string{"i386", "x32"} {
		out, err := exec.Command(helper, mode).Output()
		t.Logf("without a filter: %s: %s (%v)", mode, bytes.TrimSpace(out), err)
		unfiltered[mode] = err
	}
	t.Run("int 0x80", func(t *testing.T) {
		// Some kernels fault the 32-bit entry point for every process
		// (a PVM guest, ia32_emulation=0): there is then nothing for the
		// filter to refuse, and SIGSEGV would not tell it apart.
		if err := unfiltered["i386"]; err != nil {
			t.Skipf("int 0x80 fails without any filter on this kernel (%v): the i386 entry point is unreachable, so the filter's refusal of it cannot be observed", err)
		}
		checkOps(t, Config{}, []named{
			{"getpid via int 0x80", op{Do: "helper", Path: helper, Argv: []string{"i386"}, Want: "SIGSYS"}},
		})
	})
	checkOps(t, Config{}, []named{
		{"getpid via the x32 ABI", op{Do: "helper", Path: helper, Argv: []string{"x32"}, Want: "SIGSYS"}},
		{"posix_spawn", op{Do: "helper", Path: helper, Argv: []string{"spawn"}, Want: "spawned, exit 0"}},
	})
}

func TestBuild(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		cfg     Config
		wantErr string
	}{
		{"default", Config{}, ""},
		{"every socket switch", Config{AllowInet: true, AllowInetStream: true, AllowUnix: true}, ""},
		{"System V IPC allowed", Config{AllowSysVIPC: true}, ""},
		{"System V IPC allowed with a deny list of its own", Config{AllowSysVIPC: true, DenySyscalls: []string{"shmget", "getpid"}}, ""},
		{"unknown syscall", Config{DenySyscalls: []string{"getpid", "no_such_syscall"}}, `seccomp: unknown syscall "no_such_syscall" in the deny list`},
		{"empty name", Config{DenySyscalls: []string{""}}, `seccomp: unknown syscall "" in the deny list`},
		{"a name of other architectures only is skipped", Config{DenySyscalls: []string{"socketcall", "getpid"}}, ""},
		{"duplicates", Config{DenySyscalls: append(DefaultDenied(), DefaultDenied()...)}, ""},
		{"the fixed rules' syscalls denied outright", Config{DenySyscalls: []string{"clone", "clone3", "unshare", "ioctl", "socket", "socketpair"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := tt.cfg.build()
			if err == nil {
				f.Release()
			}
			if got := errName(err); got != tt.wantErr {
				t.Fatalf("build() error = %q, want %q", got, tt.wantErr)
			}
		})
	}
}

func TestDefaultDeniedNative(t *testing.T) {
	t.Parallel()
	got := DefaultDenied()
	for _, name := range defaultDenied {
		nr, err := libseccomp.GetSyscallFromName(name)
		native := err == nil && nr >= 0
		if n, ok := newerSyscalls[name]; ok && err != nil {
			native = true // by number (newerSyscalls)
			nr = n
		}
		if slices.Contains(got, name) != native {
			t.Errorf("DefaultDenied() has %s: %v, want %v (libseccomp: %d, %v)", name, !native, native, nr, err)
		}
	}
	// What the review of stop 16 found passing: a syscall newer than
	// libseccomp's table, dropped from the list, and the POSIX message
	// queues, which act on the host's past Landlock.
	for _, name := range []string{"open_tree_attr", "mq_open", "mq_unlink"} {
		if !slices.Contains(got, name) {
			t.Errorf("DefaultDenied() lacks %s", name)
		}
	}
	t.Logf("%d of %d names exist on %s: %s", len(got), len(defaultDenied), runtime.GOARCH, strings.Join(got, " "))
}

func TestProbe(t *testing.T) {
	t.Parallel()
	s := Probe()
	t.Logf("%+v", s)
	if !s.Supported || s.Err != nil {
		t.Errorf("Probe() = %+v, want a kernel that supports filters", s)
	}
	if major, _, _ := libseccomp.GetLibraryVersion(); !strings.HasPrefix(s.LibVersion, fmt.Sprint(major)+".") {
		t.Errorf("LibVersion = %q", s.LibVersion)
	}
}

func TestExport(t *testing.T) {
	t.Parallel()
	var bpf1, bpf2, pfc bytes.Buffer
	cfg := Config{AllowInetStream: true}
	if err := cfg.ExportBPF(&bpf1); err != nil {
		t.Fatal(err)
	}
	if err := cfg.ExportBPF(&bpf2); err != nil {
		t.Fatal(err)
	}
	if bpf1.Len() == 0 || bpf1.Len()%8 != 0 || !bytes.Equal(bpf1.Bytes(), bpf2.Bytes()) {
		t.Fatalf("ExportBPF: %d bytes, want a non-empty, stable multiple of 8 (struct sock_filter)", bpf1.Len())
	}
	if err := cfg.ExportPFC(&pfc); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"KILL_PROCESS", "ERRNO(38)", `"ptrace"`, `"socket"`} {
		if !strings.Contains(pfc.String(), want) {
			t.Errorf("ExportPFC lacks %s:\n%s", want, pfc.String())
		}
	}
	if err := (Config{DenySyscalls: []string{"nope"}}).ExportBPF(io.Discard); err == nil {
		t.Error("ExportBPF of an invalid config succeeded")
	}
	t.Logf("default filter with TCP: %d BPF instructions", bpf1.Len()/8)
}

// BenchmarkSeccompBuild measures Build, which finds the runner's
// configurations compiled ahead of time, against libseccomp compiling one.
func BenchmarkSeccompBuild(b *testing.B) {
	cfg := Config{AllowInetStream: true}
	for _, bb := range []struct {
		name  string
		build func() (Program, error)
	}{{"precompiled", cfg.Build}, {"libseccomp", cfg.compile}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bb.build(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestProgramMatchesLibseccomp builds each filter here, loads the program in
// one child and libseccomp's own build of it in another, and compares what
// every probe gets back: loading a shipped program refuses exactly what
// libseccomp's loader refused.
func TestProgramMatchesLibseccomp(t *testing.T) {
	t.Parallel()
	var ops []op
	for _, name := range append(DefaultDenied(), "getpid", "getppid", "clone3", "personality", "uname") {
		ops = append(ops, op{Do: "syscall", Nr: sys(name), Args: safeArgs[name]})
	}
	for _, flag := range append(cloneNamespaceFlags, unix.CLONE_NEWTIME, unix.CLONE_FILES, 0) {
		ops = append(ops,
			op{Do: "syscall", Nr: unix.SYS_CLONE, Args: [6]uint64{flag | cloneThread}},
			op{Do: "syscall", Nr: unix.SYS_UNSHARE, Args: [6]uint64{flag | cloneThread}},
		)
	}
	for _, c := range reachCases {
		ops = append(ops, c.op)
	}
	for _, req := range []uint64{tiocsti, 1<<32 | tiocsti, unix.TIOCLINUX, unix.TIOCEXCL, unix.TIOCSETD, unix.TIOCGPTPEER, 0x4b45, 0x5606, 0xc0685600, unix.TCGETS, unix.TIOCGWINSZ} {
		ops = append(ops, op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, req}})
	}
	for _, arg := range []uint64{unix.TCOOFF, unix.TCOON, unix.TCIOFF, 1<<32 | unix.TCOOFF} {
		ops = append(ops, op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, unix.TCXONC, arg}})
	}
	for _, cmd := range []uint64{unix.F_SETLEASE, 1<<32 | unix.F_SETLEASE, unix.F_GETLEASE, unix.F_GETFL} {
		ops = append(ops, op{Do: "syscall", Nr: unix.SYS_FCNTL, Args: [6]uint64{minusOne, cmd, unix.F_RDLCK}})
	}
	for _, domain := range []uint64{unix.AF_UNSPEC, unix.AF_UNIX, unix.AF_INET, unix.AF_INET6, 7, 8, 11, 12, 15, unix.AF_NETLINK, 17, unix.AF_PACKET, unix.AF_ALG, unix.AF_VSOCK, 1000, 1<<32 | unix.AF_UNIX, 1<<32 | unix.AF_NETLINK} {
		for _, typ := range []uint64{unix.SOCK_STREAM, unix.SOCK_DGRAM, unix.SOCK_RAW, unix.SOCK_SEQPACKET, unix.SOCK_STREAM | unix.SOCK_CLOEXEC | unix.SOCK_NONBLOCK, 1<<32 | unix.SOCK_STREAM} {
			for _, proto := range []uint64{0, unix.IPPROTO_TCP, unix.IPPROTO_UDP, unix.IPPROTO_SCTP, unix.IPPROTO_MPTCP, 1 << 32, unix.NETLINK_SOCK_DIAG, unix.NETLINK_KOBJECT_UEVENT} {
				ops = append(ops, op{Do: "socket", Args: [6]uint64{domain, typ, proto}})
			}
		}
		ops = append(ops, op{Do: "socketpair", Args: [6]uint64{domain, unix.SOCK_STREAM}}, op{Do: "socketpair", Args: [6]uint64{domain, unix.SOCK_DGRAM | unix.SOCK_CLOEXEC}})
	}
	for _, nr := range []uintptr{unix.SYS_SENDTO, unix.SYS_SENDMSG, unix.SYS_SENDMMSG} {
		for _, flags := range []uint64{0, unix.MSG_FASTOPEN, high | unix.MSG_FASTOPEN} {
			ops = append(ops, op{Do: "syscall", Nr: nr, Args: [6]uint64{minusOne, 0, flags, flags}})
		}
	}
	ops = append(ops, op{Do: "filtered"}, op{Do: "spawn", Path: "/bin/true"})

	for _, tt := range []struct {
		name string
		cfg  Config
	}{
		{"default", Config{}},
		{"no deny list", Config{DenySyscalls: []string{}}},
		{"unix sockets", Config{AllowUnix: true}},
		{"TCP only", Config{AllowInetStream: true}},
		{"network all", Config{AllowInet: true}},
		{"network all and unix sockets", Config{AllowInet: true, AllowUnix: true}},
		{"netlink route alone", Config{AllowNetlinkRoute: true}},
		{"netlink route and unix sockets", Config{AllowNetlinkRoute: true, AllowUnix: true}},
		{"netlink route and TCP only", Config{AllowNetlinkRoute: true, AllowInetStream: true}},
		{"netlink route and network all", Config{AllowNetlinkRoute: true, AllowInet: true}},
		{"fixed rules' syscalls denied by name", Config{DenySyscalls: []string{"clone3", "socket", "ioctl", "getppid", "uname"}, AllowInet: true}},
	} {
		cfg := tt.cfg
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			prog, err := cfg.Build()
			if err != nil {
				t.Fatal(err)
			}
			want := loadInChild(t, childSpec{Load: "libseccomp", Config: cfg, Ops: ops})
			got := loadInChild(t, childSpec{Load: "program", Program: prog, Ops: ops})
			refused := 0
			for i, o := range ops {
				if got.Got[i] != want.Got[i] {
					t.Errorf("%s %d %x: program gets %s, libseccomp's loader %s", o.Do, o.Nr, o.Args[:3], orSuccess(got.Got[i]), orSuccess(want.Got[i]))
				}
				if got.Got[i] == "EPERM" {
					refused++
				}
			}
			if got.Got[len(ops)-2] != "true" {
				t.Error("no filter installed")
			}
			t.Logf("%d instructions; %d of %d probes refused with EPERM", len(prog), refused, len(ops))
		})
	}
}

func TestBuildProgram(t *testing.T) {
	t.Parallel()
	cfg := Config{AllowInetStream: true}
	p, err := cfg.Build()
	if err != nil {
		t.Fatal(err)
	}
	if last := p[len(p)-1]; last.Code != unix.BPF_RET|unix.BPF_K {
		t.Errorf("last instruction %+v is not a return", last)
	}
	var exported bytes.Buffer
	if err := cfg.ExportBPF(&exported); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(exported.Bytes(), p.bytes()) {
		t.Error("ExportBPF differs from Build")
	}
	back, err := decodeProgram(p.bytes())
	if err != nil || !slices.Equal(back, p) {
		t.Errorf("decodeProgram(bytes) = %d instructions, %v; want the %d built", len(back), err, len(p))
	}
	if _, err := (Config{DenySyscalls: []string{"nope"}}).Build(); err == nil {
		t.Error("Build of an invalid config succeeded")
	}
}

// TestPersonalityRefused: personality undid hardening in every program
// the command ran after (READ_IMPLIES_EXEC, MMAP_PAGE_ZERO,
// ADDR_COMPAT_LAYOUT, the address limits, other domains' flags): refused,
// with the high 32 bits, which the kernel does not read, ignored. What
// Docker allows (the Linux domains, UNAME26, the query) and
// ADDR_NO_RANDOMIZE (setarch -R, gdb, rr) pass; the last op sets the
// probe back. memfd_secret answers ENOSYS.
func TestPersonalityRefused(t *testing.T) {
	t.Parallel()
	pers := func(v uint64, want string) op {
		return op{Do: "syscall", Nr: unix.SYS_PERSONALITY, Args: [6]uint64{v}, Want: want}
	}
	var ops []named
	for _, v := range []uint64{0x400000, 0x100000, 0x200000, 0x800000, 0x8000000, 0x4000000, perLinux32 | 0x400000, addrNoRandomize | 0x400000, 6, 0x04100001, 0x7fffffff, 0x80000000, 0xfffffffe, 1<<32 | 0x400000} {
		ops = append(ops, named{fmt.Sprintf("personality(%#x)", v), pers(v, "EPERM")})
	}
	for _, v := range []uint64{personalityQuery, 0, perLinux32, uname26, uname26 | perLinux32, addrNoRandomize, addrNoRandomize | perLinux32, addrNoRandomize | uname26, addrNoRandomize | uname26 | perLinux32, 1 << 32, 0} {
		ops = append(ops, named{fmt.Sprintf("personality(%#x)", v), pers(v, "")})
	}
	ops = append(ops, named{"memfd_secret", op{Do: "syscall", Nr: sys("memfd_secret"), Want: "ENOSYS"}})
	checkOps(t, Config{}, ops)
}
