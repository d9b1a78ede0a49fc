//go:build linux && cgo

package seccomp

import (
	"bytes"
	"fmt"
	"io"
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
	nr, err := libseccomp.GetSyscallFromName(name)
	if err != nil || nr < 0 {
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ops []named
			for _, s := range append(tt.socks, always...) {
				ops = append(ops, named{"socket " + s.name, op{Do: "socket", Args: [6]uint64{s.domain, s.typ, s.protocol}, Want: s.want}})
			}
			ops = append(ops,
				named{"socketpair(AF_UNIX)", op{Do: "socketpair", Args: [6]uint64{local, stream}}},
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
	for _, mode := range []string{"i386", "x32"} {
		out, err := exec.Command(helper, mode).Output()
		t.Logf("without a filter: %s: %s (%v)", mode, bytes.TrimSpace(out), err)
	}
	checkOps(t, Config{}, []named{
		{"getpid via int 0x80", op{Do: "helper", Path: helper, Argv: []string{"i386"}, Want: "SIGSYS"}},
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
		if slices.Contains(got, name) != native {
			t.Errorf("DefaultDenied() has %s: %v, want %v (libseccomp: %d, %v)", name, !native, native, nr, err)
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
	for _, req := range []uint64{tiocsti, 1<<32 | tiocsti, unix.TIOCLINUX, unix.TCGETS, unix.TIOCGWINSZ} {
		ops = append(ops, op{Do: "syscall", Nr: unix.SYS_IOCTL, Args: [6]uint64{0, req}})
	}
	for _, domain := range []uint64{unix.AF_UNSPEC, unix.AF_UNIX, unix.AF_INET, unix.AF_INET6, unix.AF_NETLINK, unix.AF_PACKET, unix.AF_ALG, unix.AF_VSOCK, 1000, 1<<32 | unix.AF_UNIX} {
		for _, typ := range []uint64{unix.SOCK_STREAM, unix.SOCK_DGRAM, unix.SOCK_RAW, unix.SOCK_SEQPACKET, unix.SOCK_STREAM | unix.SOCK_CLOEXEC | unix.SOCK_NONBLOCK, 1<<32 | unix.SOCK_STREAM} {
			for _, proto := range []uint64{0, unix.IPPROTO_TCP, unix.IPPROTO_UDP, unix.IPPROTO_SCTP, unix.IPPROTO_MPTCP, 1 << 32} {
				ops = append(ops, op{Do: "socket", Args: [6]uint64{domain, typ, proto}})
			}
		}
		ops = append(ops, op{Do: "socketpair", Args: [6]uint64{domain, unix.SOCK_STREAM}})
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
