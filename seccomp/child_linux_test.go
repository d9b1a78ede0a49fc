//go:build linux

package seccomp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A loaded filter cannot be removed, so every test that loads one does it in
// a re-executed test binary.
const (
	childEnv = "MEWSANDBOX_TEST_CHILD"
	specEnv  = "MEWSANDBOX_TEST_SPEC"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "seccomp" {
		os.Exit(runChild())
	}
	os.Exit(m.Run())
}

type childSpec struct {
	// Load says how the filter is loaded: "" with Config.Load, "program"
	// with Program.Load, "libseccomp" with libseccomp's own loader (cgo
	// builds only), "none" not at all.
	Load    string
	Config  Config
	Program Program
	Ops     []op
}

// libseccompLoad builds and loads cfg with libseccomp alone, the way Load
// worked before programs; nil without cgo.
var libseccompLoad func(cfg Config) error

// op is one attempt made after Load. Want is the errno name, "" for success,
// or for "helper" the helper's output or the signal that killed it.
type op struct {
	Do   string    // syscall, socket, socketpair, ptrace-attach, spawn, read, fcntl-file, probe, filtered, helper
	Nr   uintptr   // syscall number for "syscall"
	Args [6]uint64 // syscall arguments; socket's domain, type, protocol; fcntl-file's cmd and arg
	Path string    // program for spawn and helper, file for read and fcntl-file
	Argv []string  // its arguments
	// Target is a process whose pid is ORed into each of Args[At…] (so
	// that high bits set in the spec survive): "sleeper", a child the probe
	// started before loading the filter, or "self", the probe itself.
	Target string
	At     []int
	// PathAt is the argument that gets a pointer to Path's name
	// ("syscall-path"), or Path's descriptor, opened read-only
	// ("syscall-fd").
	PathAt int
	Want   string
}

type childResult struct {
	LoadErr string
	Got     []string
}

func runChild() int {
	var spec childSpec
	b, err := os.ReadFile(os.Getenv(specEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 3
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		fmt.Fprintln(os.Stderr, "child: bad spec:", err)
		return 3
	}
	// A process to aim ptrace at: not the parent, so that a broken filter
	// cannot stop the test binary.
	sleeper, err := os.StartProcess("/bin/sleep", []string{"sleep", "60"}, &os.ProcAttr{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child: start sleep:", err)
		return 3
	}
	defer func() { sleeper.Kill(); sleeper.Wait() }()

	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fmt.Fprintln(os.Stderr, "child: no_new_privs:", err)
		return 3
	}
	var res childResult
	if err := spec.load(); err != nil {
		res.LoadErr = err.Error()
	}
	for _, o := range spec.Ops {
		res.Got = append(res.Got, o.run(sleeper.Pid))
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		return 3
	}
	return 0
}

func (s childSpec) load() error {
	switch s.Load {
	case "":
		return s.Config.Load()
	case "program":
		return s.Program.Load()
	case "libseccomp":
		if libseccompLoad == nil {
			return errors.New("libseccomp is not in this build")
		}
		return libseccompLoad(s.Config)
	case "none":
		return nil
	}
	return fmt.Errorf("unknown load %q", s.Load)
}

func errName(err error) string {
	var errno unix.Errno
	switch {
	case err == nil:
		return ""
	case errors.As(err, &errno):
		return unix.ErrnoName(errno)
	}
	return err.Error()
}

func (o op) run(sleeper int) string {
	a := o.Args
	pid := map[string]int{"sleeper": sleeper, "self": os.Getpid(), "": 0}
	if _, ok := pid[o.Target]; !ok {
		return fmt.Sprintf("unknown target %q", o.Target)
	}
	for _, i := range o.At {
		a[i] |= uint64(pid[o.Target])
	}
	switch o.Do {
	case "syscall":
		_, _, errno := unix.Syscall6(o.Nr, uintptr(a[0]), uintptr(a[1]), uintptr(a[2]), uintptr(a[3]), uintptr(a[4]), uintptr(a[5]))
		if errno == 0 {
			return ""
		}
		return unix.ErrnoName(errno)
	case "syscall-path", "syscall-fd":
		if o.Do == "syscall-fd" {
			f, err := os.Open(o.Path)
			if err != nil {
				return "open: " + err.Error()
			}
			defer f.Close()
			a[o.PathAt] = uint64(f.Fd())
		} else {
			name, err := unix.BytePtrFromString(o.Path)
			if err != nil {
				return err.Error()
			}
			a[o.PathAt] = uint64(uintptr(unsafe.Pointer(name)))
		}
		r, _, errno := unix.Syscall6(o.Nr, uintptr(a[0]), uintptr(a[1]), uintptr(a[2]), uintptr(a[3]), uintptr(a[4]), uintptr(a[5]))
		if errno != 0 {
			return unix.ErrnoName(errno)
		}
		if o.Nr == unix.SYS_OPEN || o.Nr == unix.SYS_OPENAT || o.Nr == unix.SYS_CREAT {
			unix.Close(int(r))
		}
		return ""
	case "socket":
		// Raw, so that Go passes all 64 bits of each argument.
		fd, _, errno := unix.Syscall(unix.SYS_SOCKET, uintptr(a[0]), uintptr(a[1]), uintptr(a[2]))
		if errno != 0 {
			return unix.ErrnoName(errno)
		}
		unix.Close(int(fd))
		return ""
	case "unix-setsockopt":
		// setsockopt(level Args[0], optname Args[1], 1) on a unix
		// socket of a fresh pair; raw, so that all 64 bits pass.
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return "socketpair: " + err.Error()
		}
		defer unix.Close(fds[0])
		defer unix.Close(fds[1])
		on := int32(1)
		_, _, errno := unix.Syscall6(unix.SYS_SETSOCKOPT, uintptr(fds[0]), uintptr(a[0]), uintptr(a[1]), uintptr(unsafe.Pointer(&on)), 4, 0)
		if errno != 0 {
			return unix.ErrnoName(errno)
		}
		return ""
	case "socketpair":
		var fds [2]int32
		_, _, errno := unix.Syscall6(unix.SYS_SOCKETPAIR, uintptr(a[0]), uintptr(a[1]), uintptr(a[2]), uintptr(unsafe.Pointer(&fds)), 0, 0)
		if errno != 0 {
			return unix.ErrnoName(errno)
		}
		unix.Close(int(fds[0]))
		unix.Close(int(fds[1]))
		return ""
	case "ptrace-attach":
		err := unix.PtraceAttach(sleeper)
		if err == nil {
			unix.PtraceDetach(sleeper)
		}
		return errName(err)
	case "spawn":
		return errName(exec.Command(o.Path, o.Argv...).Run())
	case "read":
		_, err := os.ReadFile(o.Path)
		return errName(err)
	case "fcntl-file":
		// fcntl(fd, cmd, arg) on the file opened read-only: raw, so that
		// Go passes all 64 bits of cmd.
		f, err := os.Open(o.Path)
		if err != nil {
			return "open: " + err.Error()
		}
		defer f.Close()
		_, _, errno := unix.Syscall(unix.SYS_FCNTL, f.Fd(), uintptr(a[0]), uintptr(a[1]))
		if errno != 0 {
			return unix.ErrnoName(errno)
		}
		return ""
	case "probe":
		return fmt.Sprintf("%+v", Probe())
	case "filtered":
		return fmt.Sprint(kernelStatus().AlreadyFiltered)
	case "helper":
		out, err := exec.Command(o.Path, o.Argv...).Output()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			if ws := exit.Sys().(syscall.WaitStatus); ws.Signaled() {
				return unix.SignalName(ws.Signal())
			}
		}
		if err != nil {
			return err.Error()
		}
		return strings.TrimSpace(string(out))
	}
	return fmt.Sprintf("unknown op %q", o.Do)
}

// loadInChild runs spec in a re-executed test binary, in a new session
// (no controlling terminal) with /dev/null as stdin, and fails the test if
// the filter did not load.
func loadInChild(t *testing.T, spec childSpec) childResult {
	t.Helper()
	res := runInChild(t, spec)
	if res.LoadErr != "" {
		t.Fatalf("Load: %s", res.LoadErr)
	}
	return res
}

// runInChild runs spec like loadInChild, whether the filter loads or not.
func runInChild(t *testing.T, spec childSpec) childResult {
	t.Helper()
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	// A file, not the environment: a long program exceeds what one
	// environment string may hold.
	file := filepath.Join(t.TempDir(), "spec.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=seccomp", specEnv+"="+file,
		"GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0") // the race runtime otherwise waits 1s at exit
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, stderr.Bytes())
	}
	var res childResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("child output %q: %v\n%s", out, err, stderr.Bytes())
	}
	if len(res.Got) != len(spec.Ops) {
		t.Fatalf("child ran %d ops, want %d", len(res.Got), len(spec.Ops))
	}
	return res
}

type named struct {
	name string
	op
}

func checkOps(t *testing.T, cfg Config, ops []named) {
	t.Helper()
	checkLoad(t, childSpec{Config: cfg}, ops)
}

// checkLoad loads spec's filter in a child and makes the ops there.
func checkLoad(t *testing.T, spec childSpec, ops []named) {
	t.Helper()
	for _, o := range ops {
		spec.Ops = append(spec.Ops, o.op)
	}
	res := loadInChild(t, spec)
	for i, o := range ops {
		if got := res.Got[i]; got != o.Want {
			t.Errorf("%s: got %s, want %s", o.name, orSuccess(got), orSuccess(o.Want))
		}
	}
}

func orSuccess(s string) string {
	if s == "" {
		return "success"
	}
	return s
}
