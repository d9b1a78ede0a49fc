//go:build linux

package landlock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"
)

// The test binary re-executes itself to restrict a child: a Landlock domain
// cannot be lifted, so no test restricts the process running the tests.
const (
	childEnv = "MEWSANDBOX_TEST_CHILD"
	specEnv  = "MEWSANDBOX_TEST_SPEC"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "landlock" {
		os.Exit(runChild())
	}
	os.Exit(m.Run())
}

// childSpec is what the child applies and then tries.
type childSpec struct {
	Config     Config
	BestEffort bool
	FakeABI    int // apply this ABI's ruleset instead of the kernel's (must be lower)
	Ops        []op
}

// op is one attempt made after Restrict; Want is the errno name expected, ""
// for success.
type op struct {
	Do   string // read, readdir, write, append, truncate, mkdir, remove, rename, link, exec, connect, bind, kill, spawn-kill, abstract-connect, abstract-self
	Path string // file, or the abstract socket name
	To   string // rename/link target
	Port int
	Pid  int // kill target; 0 means the parent
	Want string
}

type childResult struct {
	RestrictErr string
	NotEnforced []string
	Got         []string // one errno name (or error text) per op, "" for success
}

func runChild() int {
	runtime.LockOSThread() // the domain lives on this thread; every op runs here
	var spec childSpec
	if err := json.Unmarshal([]byte(os.Getenv(specEnv)), &spec); err != nil {
		fmt.Fprintln(os.Stderr, "child: bad spec:", err)
		return 3
	}
	if spec.FakeABI != 0 {
		kernelABI = func() int { return spec.FakeABI }
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fmt.Fprintln(os.Stderr, "child: no_new_privs:", err)
		return 3
	}
	var res childResult
	var err error
	res.NotEnforced, err = spec.Config.Restrict(spec.BestEffort)
	if err != nil {
		res.RestrictErr = err.Error()
	}
	for _, o := range spec.Ops {
		res.Got = append(res.Got, errName(o.run()))
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		return 3
	}
	return 0
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

func (o op) run() error {
	switch o.Do {
	case "read":
		_, err := os.ReadFile(o.Path)
		return err
	case "readdir":
		_, err := os.ReadDir(o.Path)
		return err
	case "write": // create or truncate
		return os.WriteFile(o.Path, []byte("x"), 0o644)
	case "append": // write without truncating
		f, err := os.OpenFile(o.Path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		return f.Close()
	case "truncate":
		return unix.Truncate(o.Path, 0)
	case "mkdir":
		return unix.Mkdir(o.Path, 0o755)
	case "remove":
		return unix.Unlink(o.Path)
	case "rename":
		return unix.Rename(o.Path, o.To)
	case "link":
		return unix.Link(o.Path, o.To)
	case "exec":
		return spawn(o.Path, nil)
	case "connect", "bind":
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return err
		}
		defer unix.Close(fd)
		sa := &unix.SockaddrInet4{Port: o.Port, Addr: [4]byte{127, 0, 0, 1}}
		if o.Do == "bind" {
			return unix.Bind(fd, sa)
		}
		return unix.Connect(fd, sa)
	case "kill":
		pid := o.Pid
		if pid == 0 {
			pid = os.Getppid()
		}
		return unix.Kill(pid, 0)
	case "spawn-kill": // signal a process started inside the sandbox
		return spawn(o.Path, func(p *os.Process) error { return unix.Kill(p.Pid, unix.SIGKILL) })
	case "abstract-connect":
		return abstractConnect(o.Path)
	case "abstract-self": // a listener inside the same domain
		fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return err
		}
		defer unix.Close(fd)
		if err := unix.Bind(fd, &unix.SockaddrUnix{Name: o.Path}); err != nil {
			return err
		}
		if err := unix.Listen(fd, 1); err != nil {
			return err
		}
		return abstractConnect(o.Path)
	}
	return fmt.Errorf("unknown op %q", o.Do)
}

// spawn starts path (with "10" as argument, for sleep) and, if given, calls
// then on it before killing and reaping it. stdout stays clean for the result.
func spawn(path string, then func(*os.Process) error) error {
	p, err := os.StartProcess(path, []string{path, "10"}, &os.ProcAttr{Files: []*os.File{nil, os.Stderr, os.Stderr}})
	if err != nil {
		return err
	}
	if then != nil {
		err = then(p)
		p.Kill()
	}
	p.Wait()
	return err
}

func abstractConnect(name string) error {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	return unix.Connect(fd, &unix.SockaddrUnix{Name: name})
}

// restrictInChild runs spec in a re-executed test binary and returns what
// the child saw.
func restrictInChild(t *testing.T, spec childSpec) childResult {
	t.Helper()
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=landlock", specEnv+"="+string(b),
		"GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0") // the race runtime otherwise waits 1s at exit
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

func needABI(t *testing.T, abi int) {
	t.Helper()
	if have := ABI(); have < abi {
		t.Skipf("needs Landlock ABI %d, kernel has %d", abi, have)
	}
}

// checkOps compares each op's outcome with its Want.
func checkOps(t *testing.T, ops []op, res childResult) {
	t.Helper()
	for i, o := range ops {
		if res.Got[i] != o.Want {
			want := o.Want
			if want == "" {
				want = "success"
			}
			got := res.Got[i]
			if got == "" {
				got = "success"
			}
			t.Errorf("%s %s%s: got %s, want %s", o.Do, o.Path, arrow(o.To), got, want)
		}
	}
}

func arrow(to string) string {
	if to == "" {
		return ""
	}
	return " -> " + to
}

// fixture lays out a directory tree; "$T" in a case stands for its root.
//
//	rw/ rw2/ other/            empty, writable by the owner
//	ro/f ro/sub/g secret/f     one-line files
//	files/a.txt files/b.txt
//	a/f a/g b/ c/              for rename and link
//	noexec/true exec/true      copies of /bin/true
//	link-rw -> rw, link-a -> files/a.txt
func fixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"rw", "rw2", "other", "ro/sub", "secret", "files", "a", "b", "c", "noexec", "exec"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"ro/f", "ro/sub/g", "secret/f", "files/a.txt", "files/b.txt", "a/f", "a/g", "rw/f"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("data\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	trueBin, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"noexec/true", "exec/true"} {
		if err := os.WriteFile(filepath.Join(root, f), trueBin, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "rw"), filepath.Join(root, "link-rw")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("files/a.txt", filepath.Join(root, "link-a")); err != nil {
		t.Fatal(err)
	}
	return root
}

// system grants what a dynamically linked program needs to start.
var system = []PathRule{
	{Path: "/usr", Access: ReadExec},
	{Path: "/bin", Access: ReadExec, Optional: true},
	{Path: "/lib", Access: ReadExec, Optional: true},
	{Path: "/lib64", Access: ReadExec, Optional: true},
	{Path: "/etc", Access: ReadOnly},
}

func TestRestrictFilesystem(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	tests := []struct {
		name    string
		abi     int // needed
		paths   []PathRule
		ops     []op
		wantErr string // substring of Restrict's error
	}{
		{
			name:  "write inside a granted read-write dir",
			abi:   1,
			paths: []PathRule{{Path: "$T/rw", Access: ReadWrite}},
			ops: []op{
				{Do: "write", Path: "$T/rw/new"},
				{Do: "append", Path: "$T/rw/f"},
				{Do: "mkdir", Path: "$T/rw/d"},
				{Do: "remove", Path: "$T/rw/f"},
			},
		},
		{
			name:  "write outside the granted dirs is denied",
			abi:   1,
			paths: []PathRule{{Path: "$T/rw", Access: ReadWrite}},
			ops: []op{
				{Do: "write", Path: "$T/other/new", Want: "EACCES"},
				{Do: "mkdir", Path: "$T/other/d", Want: "EACCES"},
				{Do: "write", Path: "$T/new", Want: "EACCES"},
			},
		},
		{
			name:  "an ungranted dir cannot be read",
			abi:   1,
			paths: []PathRule{{Path: "$T/ro", Access: ReadOnly}},
			ops: []op{
				{Do: "read", Path: "$T/secret/f", Want: "EACCES"},
				{Do: "readdir", Path: "$T/secret", Want: "EACCES"},
				{Do: "readdir", Path: "$T", Want: "EACCES"},
			},
		},
		{
			name:  "a read-only dir is readable, subdirectories included",
			abi:   1,
			paths: []PathRule{{Path: "$T/ro", Access: ReadOnly}},
			ops: []op{
				{Do: "read", Path: "$T/ro/f"},
				{Do: "readdir", Path: "$T/ro"},
				{Do: "read", Path: "$T/ro/sub/g"},
			},
		},
		{
			name:  "a read-only dir cannot be written",
			abi:   1,
			paths: []PathRule{{Path: "$T/ro", Access: ReadOnly}},
			ops: []op{
				{Do: "append", Path: "$T/ro/f", Want: "EACCES"},
				{Do: "write", Path: "$T/ro/new", Want: "EACCES"},
				{Do: "mkdir", Path: "$T/ro/d", Want: "EACCES"},
				{Do: "remove", Path: "$T/ro/f", Want: "EACCES"},
				{Do: "rename", Path: "$T/ro/f", To: "$T/ro/f2", Want: "EACCES"},
			},
		},
		{
			name:  "a read-only dir cannot be truncated",
			abi:   3,
			paths: []PathRule{{Path: "$T/ro", Access: ReadOnly}},
			ops: []op{
				{Do: "truncate", Path: "$T/ro/f", Want: "EACCES"},
				{Do: "write", Path: "$T/ro/f", Want: "EACCES"}, // O_TRUNC
			},
		},
		{
			name:  "a file rule grants that file only",
			abi:   3,
			paths: []PathRule{{Path: "$T/files/a.txt", Access: ReadWrite}}, // dir-only rights dropped
			ops: []op{
				{Do: "read", Path: "$T/files/a.txt"},
				{Do: "append", Path: "$T/files/a.txt"},
				{Do: "truncate", Path: "$T/files/a.txt"},
				{Do: "read", Path: "$T/files/b.txt", Want: "EACCES"},
				{Do: "write", Path: "$T/files/new", Want: "EACCES"},
				{Do: "readdir", Path: "$T/files", Want: "EACCES"},
				{Do: "remove", Path: "$T/files/a.txt", Want: "EACCES"},
			},
		},
		{
			name:  "a dir rule covers the files beneath",
			abi:   1,
			paths: []PathRule{{Path: "$T/files", Access: ReadOnly}},
			ops: []op{
				{Do: "read", Path: "$T/files/a.txt"},
				{Do: "read", Path: "$T/files/b.txt"},
				{Do: "readdir", Path: "$T/files"},
				{Do: "append", Path: "$T/files/a.txt", Want: "EACCES"},
			},
		},
		{
			name: "a symlink in a granted path is resolved",
			abi:  1,
			paths: []PathRule{
				{Path: "$T/link-rw", Access: ReadWrite},
				{Path: "$T/link-a", Access: ReadOnly},
			},
			ops: []op{
				{Do: "write", Path: "$T/rw/new"},
				{Do: "write", Path: "$T/link-rw/new2"},
				{Do: "read", Path: "$T/files/a.txt"},
				{Do: "read", Path: "$T/files/b.txt", Want: "EACCES"},
				{Do: "write", Path: "$T/other/new", Want: "EACCES"},
			},
		},
		{
			name: "a missing required path is an error",
			abi:  1,
			paths: []PathRule{
				{Path: "$T/rw", Access: ReadWrite},
				{Path: "$T/missing", Access: ReadOnly},
			},
			wantErr: "landlock: open $T/missing: no such file or directory",
			ops: []op{
				{Do: "write", Path: "$T/other/new"}, // nothing applied
			},
		},
		{
			name:    "a relative path is an error",
			abi:     1,
			paths:   []PathRule{{Path: "rw", Access: ReadWrite}},
			wantErr: `landlock: path "rw" is not absolute`,
		},
		{
			name: "a missing optional path is skipped",
			abi:  1,
			paths: []PathRule{
				{Path: "$T/missing", Access: ReadOnly, Optional: true},
				{Path: "$T/rw/f/below-a-file", Access: ReadOnly, Optional: true}, // ENOTDIR
				{Path: "$T/rw", Access: ReadWrite},
			},
			ops: []op{
				{Do: "write", Path: "$T/rw/new"},
				{Do: "write", Path: "$T/other/new", Want: "EACCES"},
			},
		},
		{
			name: "reparenting between dirs granted refer",
			abi:  2,
			paths: []PathRule{
				{Path: "$T/a", Access: ReadWrite},
				{Path: "$T/b", Access: ReadWrite},
			},
			ops: []op{
				{Do: "rename", Path: "$T/a/f", To: "$T/b/f"},
				{Do: "link", Path: "$T/a/g", To: "$T/b/g"},
			},
		},
		{
			name: "reparenting without refer is denied",
			abi:  1,
			paths: []PathRule{
				{Path: "$T/a", Access: ReadWrite &^ Refer},
				{Path: "$T/b", Access: ReadWrite &^ Refer},
			},
			ops: []op{
				{Do: "rename", Path: "$T/a/f", To: "$T/b/f", Want: "EXDEV"},
				{Do: "link", Path: "$T/a/g", To: "$T/b/g", Want: "EXDEV"},
				{Do: "rename", Path: "$T/a/f", To: "$T/a/f2"}, // same directory: no reparenting
			},
		},
		{
			name:  "reparenting out of the granted dirs is denied",
			abi:   2,
			paths: []PathRule{{Path: "$T/a", Access: ReadWrite}},
			ops: []op{
				{Do: "rename", Path: "$T/a/f", To: "$T/c/f", Want: "EACCES"},
				{Do: "link", Path: "$T/a/g", To: "$T/c/g", Want: "EACCES"},
			},
		},
		{
			name: "execute needs the execute right",
			abi:  1,
			paths: append([]PathRule{
				{Path: "$T/noexec", Access: ReadOnly},
				{Path: "$T/exec", Access: ReadExec},
			}, system...),
			ops: []op{
				{Do: "exec", Path: "$T/exec/true"},
				{Do: "exec", Path: "$T/noexec/true", Want: "EACCES"},
				{Do: "read", Path: "$T/noexec/true"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			needABI(t, tt.abi)
			root := fixture(t)
			expand := strings.NewReplacer("$T", root).Replace
			cfg := Config{}
			for _, r := range tt.paths {
				r.Path = expand(r.Path)
				cfg.Paths = append(cfg.Paths, r)
			}
			ops := make([]op, len(tt.ops))
			for i, o := range tt.ops {
				o.Path, o.To = expand(o.Path), expand(o.To)
				ops[i] = o
			}
			res := restrictInChild(t, childSpec{Config: cfg, Ops: ops})
			if wantErr := expand(tt.wantErr); res.RestrictErr != "" || wantErr != "" {
				if wantErr == "" || !strings.Contains(res.RestrictErr, wantErr) {
					t.Fatalf("Restrict error = %q, want %q", res.RestrictErr, wantErr)
				}
			}
			checkOps(t, ops, res)
		})
	}
}

// loopbackListener returns a TCP listener's port on 127.0.0.1, closed when
// the test ends.
func loopbackListener(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l.Addr().(*net.TCPAddr).Port
}

// freePort returns a TCP port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestRestrictNetwork(t *testing.T) {
	t.Parallel()
	needABI(t, 4)
	granted, ungranted := loopbackListener(t), loopbackListener(t)
	bindOK, bindDenied := freePort(t), freePort(t)
	tests := []struct {
		name string
		cfg  Config
		ops  []op
	}{
		{
			name: "TCP connect and bind only on granted ports",
			cfg:  Config{HandleNet: true, ConnectPorts: []uint16{uint16(granted)}, BindPorts: []uint16{uint16(bindOK)}},
			ops: []op{
				{Do: "connect", Port: granted},
				{Do: "connect", Port: ungranted, Want: "EACCES"},
				{Do: "bind", Port: bindOK},
				{Do: "bind", Port: bindDenied, Want: "EACCES"},
				{Do: "bind", Port: granted, Want: "EACCES"}, // a connect grant is not a bind grant
			},
		},
		{
			name: "no TCP at all when no port is granted",
			cfg:  Config{HandleNet: true},
			ops: []op{
				{Do: "connect", Port: granted, Want: "EACCES"},
				{Do: "bind", Port: bindOK, Want: "EACCES"},
			},
		},
		{
			name: "network left alone without HandleNet",
			cfg:  Config{ConnectPorts: []uint16{uint16(granted)}},
			ops: []op{
				{Do: "connect", Port: ungranted},
				{Do: "bind", Port: bindDenied},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := restrictInChild(t, childSpec{Config: tt.cfg, Ops: tt.ops})
			if res.RestrictErr != "" {
				t.Fatalf("Restrict: %s", res.RestrictErr)
			}
			checkOps(t, tt.ops, res)
		})
	}
}

var abstractSeq atomic.Int64

func abstractName() string {
	return fmt.Sprintf("@mewsandbox-landlock-test-%d-%d", os.Getpid(), abstractSeq.Add(1))
}

func TestRestrictScopes(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	outside := abstractName()
	l, err := net.Listen("unix", outside)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	root := []PathRule{{Path: "/", Access: ReadExec}} // to start /bin/sleep
	tests := []struct {
		name string
		abi  int
		cfg  Config
		ops  []op
	}{
		{
			name: "signals to the parent are refused, to an own child allowed",
			abi:  6,
			cfg:  Config{Paths: root, ScopeSignals: true},
			ops: []op{
				{Do: "kill", Want: "EPERM"},
				{Do: "spawn-kill", Path: "/bin/sleep"},
			},
		},
		{
			name: "signals are not scoped unless asked",
			abi:  1,
			cfg:  Config{Paths: root},
			ops:  []op{{Do: "kill"}},
		},
		{
			name: "abstract unix sockets outside the domain are refused",
			abi:  6,
			cfg:  Config{Paths: root, ScopeAbstractUnix: true},
			ops: []op{
				{Do: "abstract-connect", Path: outside, Want: "EPERM"},
				{Do: "abstract-self", Path: abstractName()},
			},
		},
		{
			name: "abstract unix sockets are not scoped unless asked",
			abi:  1,
			cfg:  Config{Paths: root},
			ops:  []op{{Do: "abstract-connect", Path: outside}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			needABI(t, tt.abi)
			res := restrictInChild(t, childSpec{Config: tt.cfg, Ops: tt.ops})
			if res.RestrictErr != "" {
				t.Fatalf("Restrict: %s", res.RestrictErr)
			}
			checkOps(t, tt.ops, res)
		})
	}
}

// TestRestrictOlderABI applies the ruleset of an older ABI on this kernel:
// strict mode refuses and applies nothing, best-effort applies what that ABI
// has and names the rest.
func TestRestrictOlderABI(t *testing.T) {
	t.Parallel()
	needABI(t, 4)
	port := loopbackListener(t)
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "rw"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Paths:        []PathRule{{Path: filepath.Join(root, "rw"), Access: ReadWrite}},
		HandleNet:    true,
		ScopeSignals: true,
	}
	ops := []op{
		{Do: "connect", Port: port},
		{Do: "write", Path: filepath.Join(root, "rw", "f")},
		{Do: "write", Path: filepath.Join(root, "outside")},
	}

	t.Run("strict refuses", func(t *testing.T) {
		res := restrictInChild(t, childSpec{Config: cfg, FakeABI: 3, Ops: ops})
		want := "TCP connect/bind restriction needs Landlock ABI 4, kernel has 3"
		if !strings.Contains(res.RestrictErr, want) {
			t.Fatalf("Restrict error = %q, want it to contain %q", res.RestrictErr, want)
		}
		checkOps(t, ops, res) // nothing applied: everything works
	})

	t.Run("best effort applies the rest", func(t *testing.T) {
		res := restrictInChild(t, childSpec{Config: cfg, FakeABI: 3, BestEffort: true, Ops: []op{
			{Do: "connect", Port: port}, // not enforced
			{Do: "write", Path: filepath.Join(root, "rw", "f")},
			{Do: "write", Path: filepath.Join(root, "outside"), Want: "EACCES"},
		}})
		if res.RestrictErr != "" {
			t.Fatalf("Restrict: %s", res.RestrictErr)
		}
		want := cfg.Unsupported(3)
		if strings.Join(res.NotEnforced, "\n") != strings.Join(want, "\n") || len(want) != 2 {
			t.Fatalf("notEnforced = %q, want %q", res.NotEnforced, want)
		}
		for i, got := range res.Got {
			if got != []string{"", "", "EACCES"}[i] {
				t.Errorf("op %d: got %q", i, got)
			}
		}
	})

	t.Run("best effort on the kernel's own ABI enforces everything", func(t *testing.T) {
		res := restrictInChild(t, childSpec{Config: Config{Paths: cfg.Paths}, BestEffort: true})
		if res.RestrictErr != "" || len(res.NotEnforced) != 0 {
			t.Fatalf("Restrict = %q, %q; want nothing unenforced", res.NotEnforced, res.RestrictErr)
		}
	})
}

func TestBuildRulesetMissingPath(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	missing := filepath.Join(t.TempDir(), "missing")
	_, err := Config{Paths: []PathRule{{Path: missing, Access: ReadOnly}}}.buildRuleset(ABI())
	if !errors.Is(err, unix.ENOENT) || !strings.Contains(err.Error(), missing) {
		t.Fatalf("buildRuleset error = %v, want ENOENT naming %s", err, missing)
	}
}

// TestBuildExactRule: an Exact rule is added only for the very file it
// names; a link there, another file, or a directory on the way swapped for
// a link to one holding a file of the same name fails the build with a
// *ChangedError, and an optional one removed is skipped.
func TestBuildExactRule(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	sub := filepath.Join(dir, "sub")
	for _, d := range []string{sub, filepath.Join(dir, "other"), filepath.Join(sub, "d"), filepath.Join(outside, "d")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	id := func(p string) *FileID {
		var st unix.Stat_t
		if err := unix.Lstat(p, &st); err != nil {
			t.Fatal(err)
		}
		return &FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}
	}
	build := func(rules ...PathRule) error {
		fd, err := Config{Paths: rules}.buildRuleset(ABI())
		if err == nil {
			unix.Close(fd)
		}
		return err
	}
	exchange := func(a, b string) {
		t.Helper()
		if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
			t.Fatal(err)
		}
	}
	subRule := PathRule{Path: sub, Access: ReadOnly, Optional: true, Exact: id(sub)}
	deep := PathRule{Path: filepath.Join(sub, "d"), Access: ReadOnly, Optional: true, Exact: id(filepath.Join(sub, "d"))}
	if err := build(subRule, deep); err != nil {
		t.Fatalf("unchanged: %v", err)
	}

	link := filepath.Join(dir, "link")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	exchange(sub, link) // sub is now a link out of dir
	for _, r := range []PathRule{subRule, deep} {
		var ce *ChangedError
		if err := build(r); !errors.As(err, &ce) || ce.Path != r.Path {
			t.Errorf("%s swapped for a link: Build = %v, want a *ChangedError for it", r.Path, err)
		}
		// A plain rule follows the link, as before.
		if err := build(PathRule{Path: r.Path, Access: ReadOnly, Optional: true}); err != nil {
			t.Errorf("%s without Exact: %v", r.Path, err)
		}
	}
	exchange(sub, link)

	exchange(sub, filepath.Join(dir, "other")) // another directory
	if err := build(subRule); !errors.As(err, new(*ChangedError)) {
		t.Errorf("sub swapped for another directory: Build = %v, want a *ChangedError", err)
	}
	if err := build(deep); err != nil {
		t.Errorf("below the other directory, missing and optional: Build = %v, want it skipped", err)
	}
	exchange(sub, filepath.Join(dir, "other"))

	if err := os.Remove(filepath.Join(sub, "d")); err != nil {
		t.Fatal(err)
	}
	if err := build(subRule, deep); err != nil {
		t.Errorf("optional rule removed: Build = %v, want it skipped", err)
	}
}

// TestAccessBitsMatchKernel pins the constants to the kernel's.
func TestAccessBitsMatchKernel(t *testing.T) {
	t.Parallel()
	pairs := []struct {
		ours   AccessFS
		kernel uint64
	}{
		{Execute, unix.LANDLOCK_ACCESS_FS_EXECUTE},
		{WriteFile, unix.LANDLOCK_ACCESS_FS_WRITE_FILE},
		{ReadFile, unix.LANDLOCK_ACCESS_FS_READ_FILE},
		{ReadDir, unix.LANDLOCK_ACCESS_FS_READ_DIR},
		{RemoveDir, unix.LANDLOCK_ACCESS_FS_REMOVE_DIR},
		{RemoveFile, unix.LANDLOCK_ACCESS_FS_REMOVE_FILE},
		{MakeChar, unix.LANDLOCK_ACCESS_FS_MAKE_CHAR},
		{MakeDir, unix.LANDLOCK_ACCESS_FS_MAKE_DIR},
		{MakeReg, unix.LANDLOCK_ACCESS_FS_MAKE_REG},
		{MakeSock, unix.LANDLOCK_ACCESS_FS_MAKE_SOCK},
		{MakeFifo, unix.LANDLOCK_ACCESS_FS_MAKE_FIFO},
		{MakeBlock, unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK},
		{MakeSym, unix.LANDLOCK_ACCESS_FS_MAKE_SYM},
		{Refer, unix.LANDLOCK_ACCESS_FS_REFER},
		{Truncate, unix.LANDLOCK_ACCESS_FS_TRUNCATE},
		{IoctlDev, unix.LANDLOCK_ACCESS_FS_IOCTL_DEV},
	}
	for _, p := range pairs {
		if uint64(p.ours) != p.kernel {
			t.Errorf("%s = %#x, kernel has %#x", p.ours, uint64(p.ours), p.kernel)
		}
	}
	if netBindTCP != unix.LANDLOCK_ACCESS_NET_BIND_TCP || netConnectTCP != unix.LANDLOCK_ACCESS_NET_CONNECT_TCP ||
		scopeSignal != unix.LANDLOCK_SCOPE_SIGNAL || scopeAbstractUnix != unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET {
		t.Error("network or scope bits differ from the kernel's")
	}
}

func TestABI(t *testing.T) {
	t.Parallel()
	abi := ABI()
	t.Logf("Landlock ABI %d", abi)
	if abi < 0 {
		t.Fatalf("ABI() = %d", abi)
	}
}

func BenchmarkLandlockBuildRuleset(b *testing.B) {
	abi := ABI()
	if abi < 1 {
		b.Skipf("needs Landlock ABI 1, kernel has %d", abi)
	}
	dir := b.TempDir()
	cfg := Config{
		Paths: append([]PathRule{
			{Path: "/sbin", Access: ReadExec, Optional: true},
			{Path: "/lib32", Access: ReadExec, Optional: true},
			{Path: "/opt", Access: ReadExec, Optional: true},
			{Path: "/proc", Access: ReadOnly},
			{Path: "/sys", Access: ReadOnly},
			{Path: "/nix/store", Access: ReadExec, Optional: true},
			{Path: dir, Access: ReadWrite},
			{Path: "/dev/null", Access: ReadWrite},
			{Path: "/dev/zero", Access: ReadWrite},
			{Path: "/dev/urandom", Access: ReadWrite},
			{Path: "/dev/shm", Access: ReadWrite, Optional: true},
		}, system...),
		HandleNet:         true,
		ConnectPorts:      []uint16{443, 80},
		ScopeSignals:      true,
		ScopeAbstractUnix: true,
	}
	b.ReportAllocs()
	for b.Loop() {
		fd, err := cfg.buildRuleset(abi)
		if err != nil {
			b.Fatal(err)
		}
		unix.Close(fd)
	}
}
