package exec

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// fullKernel can enforce everything: Plan's translation without Missing.
var fullKernel = kernel{abi: 7, seccomp: seccomp.Status{Supported: true}}

// planTree builds
//
//	root/a.txt  root/.env  root/docs/  root/link -> /etc  root/envlink -> .env
//	root/src/main.go  root/src/other/  root/src/keys/k1
//	out/x
//
// and returns the resolved root and the directory around it.
func planTree(t *testing.T) (root, base string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root = filepath.Join(base, "root")
	for _, d := range []string{"docs", "src/other", "src/keys", "../out"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a.txt", ".env", "src/main.go", "src/keys/k1", "../out/x"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/etc", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".env", filepath.Join(root, "envlink")); err != nil {
		t.Fatal(err)
	}
	return root, base
}

const (
	rwx = fsRead | fsWrite | fsExec
	rx  = fsRead | fsExec
	// rootRWX is the root's: no FIFOs there (noFifosInRoot).
	rootRWX = rwx &^ landlock.MakeFifo
)

func rules(e Enforcement) map[string]landlock.AccessFS {
	m := map[string]landlock.AccessFS{}
	for _, r := range e.Landlock.Paths {
		m[r.Path] = r.Access
	}
	return m
}

// TestPlanDenyReadDirLinks: a denied file with another hard link is
// refused, and so is a denied directory holding a file with one outside it.
func TestPlanDenyReadDirLinks(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sdir := filepath.Join(root, "sdir")
	if err := os.MkdirAll(filepath.Join(sdir, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(sdir, "deep", "f")
	if err := os.WriteFile(f, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := Policy{Root: root, DenyRead: []string{sdir}}
	if _, err := p.plan(kernel{abi: 7}); err != nil {
		t.Fatalf("no extra links: %v", err)
	}
	// A denied file with another name outside: refused the same way.
	if err := os.WriteFile(filepath.Join(root, "a.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(root, "a.txt"), filepath.Join(sdir, "a-link")); err != nil {
		t.Fatal(err)
	}
	pf := Policy{Root: root, DenyRead: []string{filepath.Join(root, "a.txt")}}
	if _, err := pf.plan(kernel{abi: 7}); err == nil || !strings.Contains(err.Error(), "2 hard links") {
		t.Errorf("a denied file with another hard link: %v, want it refused", err)
	}
	if err := os.Remove(filepath.Join(sdir, "a-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(f, filepath.Join(root, "f.hl")); err != nil {
		t.Fatal(err)
	}
	if _, err := p.plan(kernel{abi: 7}); err == nil || !strings.Contains(err.Error(), f+": the file has 2 hard links") {
		t.Errorf("a file in the denied directory linked from outside: %v, want it refused, naming %s", err, f)
	}
}

// TestPlanGrantBelowFileInRoot: a grant not reached for another reason
// than a missing entry (ENOTDIR: a file of the root where its way needs a
// directory) could not be pinned as missing, and by name its rule would
// take whatever a command of another run put there before the ruleset is
// built (a link to a directory of keys): an optional one is dropped, a
// required one refused. Below a real directory, not in the root, a
// missing optional grant is still skipped by name.
func TestPlanGrantBelowFileInRoot(t *testing.T) {
	t.Parallel()
	root, base := planTree(t)
	under := filepath.Join(root, "a.txt", "cache")
	e, err := Policy{Root: root}.WithGrant(Grant{Path: under, Access: Read | Write, Optional: true}).plan(fullKernel)
	if err != nil {
		t.Fatalf("optional: %v", err)
	}
	if _, ok := rules(e)[under]; ok {
		t.Errorf("optional grant below a file in the root kept: %v", rules(e))
	}
	if _, err := (Policy{Root: root}).WithGrant(Grant{Path: under, Access: Read}).plan(fullKernel); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("required grant below a file in the root: %v, want it refused", err)
	}
	outside := filepath.Join(base, "out", "x", "cache")
	e, err = Policy{Root: root}.WithGrant(Grant{Path: outside, Access: Read, Optional: true}).plan(fullKernel)
	if err != nil {
		t.Fatalf("optional outside the root: %v", err)
	}
	if _, ok := rules(e)[outside]; !ok {
		t.Errorf("optional grant below a file outside the root dropped from the plan: %v", rules(e))
	}
}

func TestPlanDenyRead(t *testing.T) {
	t.Parallel()
	root, base := planTree(t)
	in := func(p string) string { return filepath.Join(root, p) }
	out := filepath.Join(base, "out")
	tests := []struct {
		name    string
		policy  Policy
		want    map[string]landlock.AccessFS
		wantErr string
	}{
		{
			name:   "no deny keeps the root whole",
			policy: Policy{Root: root},
			want:   map[string]landlock.AccessFS{root: rootRWX},
		},
		{
			name:   "a write grant outside the root keeps FIFOs, one holding it does not",
			policy: Policy{Root: in("src"), Grants: []Grant{{Path: out, Access: Read | Write}, {Path: base, Access: Read | Write}}},
			want:   map[string]landlock.AccessFS{in("src"): rootRWX, out: fsRead | fsWrite, base: (fsRead | fsWrite) &^ landlock.MakeFifo},
		},
		{
			name:   "a write grant inside the root keeps no FIFOs either",
			policy: Policy{Root: root, Grants: []Grant{{Path: in("docs"), Access: Read | Write}}},
			want:   map[string]landlock.AccessFS{root: rootRWX, in("docs"): (fsRead | fsWrite) &^ landlock.MakeFifo},
		},
		{
			name:   "a denied file leaves its siblings granted and the directory listable",
			policy: Policy{Root: root, DenyRead: []string{in(".env")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("a.txt"): rootRWX, in("docs"): rootRWX, in("src"): rootRWX,
			},
		},
		{
			name:   "a denied directory is reached recursively and nothing above it is listable",
			policy: Policy{Root: root, DenyRead: []string{in("src/keys")}},
			want: map[string]landlock.AccessFS{
				in("a.txt"): rootRWX, in(".env"): rootRWX, in("docs"): rootRWX, in("src/main.go"): rootRWX, in("src/other"): rootRWX,
			},
		},
		{
			name:   "two denies share the walk",
			policy: Policy{Root: root, DenyRead: []string{in(".env"), in("src/keys/k1")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("src"): landlock.ReadDir, in("src/keys"): landlock.ReadDir,
				in("a.txt"): rootRWX, in("docs"): rootRWX, in("src/main.go"): rootRWX, in("src/other"): rootRWX,
			},
		},
		{
			name:   "below a read-only root the siblings are read-only",
			policy: Policy{Root: root, ReadOnlyRoot: true, DenyRead: []string{in(".env")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("a.txt"): rx, in("docs"): rx, in("src"): rx,
			},
		},
		{
			name:   "a deny given through a symlink denies its target",
			policy: Policy{Root: root, DenyRead: []string{in("envlink")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("a.txt"): rootRWX, in("docs"): rootRWX, in("src"): rootRWX,
			},
		},
		{
			name:   "a deny below a plain grant expands that grant",
			policy: Policy{Grants: []Grant{{Path: root, Access: Read}}, DenyRead: []string{in("src/main.go")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("src"): landlock.ReadDir,
				in("a.txt"): fsRead, in(".env"): fsRead, in("docs"): fsRead, in("src/other"): fsRead, in("src/keys"): fsRead,
			},
		},
		{
			name:   "every grant that covers the deny is expanded",
			policy: Policy{Root: in("src"), Grants: []Grant{{Path: base, Access: Read}}, DenyRead: []string{in("src/keys")}},
			want: map[string]landlock.AccessFS{
				in("src/main.go"): rootRWX | fsRead, in("src/other"): rootRWX | fsRead,
				out: fsRead, in("a.txt"): fsRead, in(".env"): fsRead, in("docs"): fsRead,
			},
		},
		{
			name:   "a deny equal to a read-only grant drops the grant",
			policy: Policy{Root: root, Grants: []Grant{{Path: out, Access: Read}}, DenyRead: []string{out}},
			want:   map[string]landlock.AccessFS{root: rootRWX},
		},
		{
			name:   "a deny holding a read-only grant drops the grant",
			policy: Policy{Root: root, Grants: []Grant{{Path: filepath.Join(out, "x"), Access: Read | Exec}}, DenyRead: []string{out}},
			want:   map[string]landlock.AccessFS{root: rootRWX},
		},
		{
			name:   "a deny outside every grant needs nothing",
			policy: Policy{Root: root, DenyRead: []string{filepath.Join(out, "x")}},
			want:   map[string]landlock.AccessFS{root: rootRWX},
		},
		{
			// ANCHOR 20: where it would be created nothing can be, and
			// nothing stands in for it on the host.
			name:   "a missing path cannot be created",
			policy: Policy{Root: root, DenyRead: []string{in("nope/never")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in(".env"): rootRWX, in("a.txt"): rootRWX, in("docs"): rootRWX, in("src"): rootRWX,
			},
		},
		{
			name:   "a missing path is closed at its nearest existing ancestor",
			policy: Policy{Root: root, DenyRead: []string{in("src/new/secret")}},
			want: map[string]landlock.AccessFS{
				root: landlock.ReadDir, in("src"): landlock.ReadDir,
				in(".env"): rootRWX, in("a.txt"): rootRWX, in("docs"): rootRWX, in("src/main.go"): rootRWX, in("src/other"): rootRWX, in("src/keys"): rootRWX,
			},
		},
		{
			name:   "a missing path under a read-only grant needs nothing",
			policy: Policy{Root: root, ReadOnlyRoot: true, DenyRead: []string{in("nope")}},
			want:   map[string]landlock.AccessFS{root: rx},
		},
		{
			// The command could point the link into the root and create it.
			name:    "a missing path through a link the command can change is refused",
			policy:  Policy{Root: root, DenyRead: []string{in("link/nope")}},
			wantErr: "symbolic link " + in("link"),
		},
		{
			name:   "a missing path below a file needs nothing",
			policy: Policy{Root: root, DenyRead: []string{in("a.txt/x")}},
			want:   map[string]landlock.AccessFS{root: rootRWX},
		},
		{
			name:    "denying the root is refused",
			policy:  Policy{Root: root, DenyRead: []string{root}},
			wantErr: "project root",
		},
		{
			name:    "denying a directory holding the root is refused",
			policy:  Policy{Root: in("src"), DenyRead: []string{root}},
			wantErr: "project root",
		},
		{
			name:    "denying a writable grant is refused",
			policy:  Policy{Root: root, Grants: []Grant{{Path: out, Access: Read | Write}}, DenyRead: []string{out}},
			wantErr: "writable grant",
		},
		{
			name:    "denying a directory holding a writable grant is refused",
			policy:  Policy{Root: root, Grants: []Grant{{Path: filepath.Join(out, "x"), Access: Write}}, DenyRead: []string{out}},
			wantErr: "writable grant",
		},
		{
			name:    "a relative deny is refused",
			policy:  Policy{Root: root, DenyRead: []string{".env"}},
			wantErr: "not an absolute path",
		},
		{
			name:    "a relative grant is refused",
			policy:  Policy{Root: root, Grants: []Grant{{Path: "docs", Access: Read}}},
			wantErr: "not an absolute path",
		},
		{
			name:    "a relative root is refused",
			policy:  Policy{Root: "proj"},
			wantErr: "not an absolute path",
		},
		{
			name:    "a grant without access is refused",
			policy:  Policy{Root: root, Grants: []Grant{{Path: out}}},
			wantErr: "no access",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, err := tt.policy.plan(fullKernel)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Plan error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rules(e); !maps.Equal(got, tt.want) {
				t.Errorf("rules:\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestPlanDenyReadNotes(t *testing.T) {
	t.Parallel()
	root, _ := planTree(t)
	e, err := Policy{Root: root, DenyRead: []string{filepath.Join(root, ".env")}}.plan(fullKernel)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Notes) != 1 || !strings.Contains(e.Notes[0], "3 grants") || !strings.Contains(e.Notes[0], "directly in "+root) {
		t.Errorf("notes = %q", e.Notes)
	}
	// Every expanded rule is optional: an entry removed before the child
	// restricts itself needs no rule.
	for _, r := range e.Landlock.Paths {
		if !r.Optional {
			t.Errorf("expanded rule %s is required", r.Path)
		}
	}
}

// TestPlanDenyReadWarnsOnce: a missing deny-read path inside two
// writable grants (a root inside /dev/shm, which is granted too) is
// warned about once.
func TestPlanDenyReadWarnsOnce(t *testing.T) {
	t.Parallel()
	outer := t.TempDir()
	root := filepath.Join(outer, "proj")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	p := Policy{Root: root, Grants: []Grant{{Path: outer, Access: Read | Write}}, DenyRead: []string{filepath.Join(root, "missing")}}
	e, err := p.plan(fullKernel)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Warnings) != 1 {
		t.Errorf("warnings = %q, want the missing path once", e.Warnings)
	}
}

func TestPlanNetwork(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		net         Network
		wantLL      landlock.Config
		wantSeccomp seccomp.Config
		wantErr     string
	}{
		{"the zero value is none", Network{},
			landlock.Config{HandleNet: true}, seccomp.Config{}, ""},
		{"none closes everything", Network{Mode: NetworkNone},
			landlock.Config{HandleNet: true}, seccomp.Config{}, ""},
		{"ports open TCP sockets and name the ports", Network{Mode: NetworkNone, Connect: []uint16{443}, Bind: []uint16{8080}},
			landlock.Config{HandleNet: true, ConnectPorts: []uint16{443}, BindPorts: []uint16{8080}}, seccomp.Config{AllowInetStream: true}, ""},
		{"all opens inet and leaves TCP alone", Network{Mode: NetworkAll},
			landlock.Config{}, seccomp.Config{AllowInet: true}, ""},
		{"unix sockets are separate", Network{Mode: NetworkNone, UnixSockets: true},
			landlock.Config{HandleNet: true}, seccomp.Config{AllowUnix: true}, ""},
		{"ports with all are refused", Network{Mode: NetworkAll, Connect: []uint16{443}},
			landlock.Config{}, seccomp.Config{}, "only make sense"},
		{"an unknown mode is refused", Network{Mode: "some"},
			landlock.Config{}, seccomp.Config{}, "network mode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for _, noNS := range []bool{false, true} {
				planNetwork(t, Policy{Root: "/p", Network: tt.net, NoNamespaces: noNS}, tt.wantLL, tt.wantSeccomp, tt.wantErr)
			}
		})
	}
}

// planNetwork checks the network part of p's plan, and its System V IPC:
// open with the namespace layer, whose IPC namespace holds the command's
// objects alone, refused without it.
func planNetwork(t *testing.T, p Policy, wantLL landlock.Config, wantSeccomp seccomp.Config, wantErr string) {
	t.Helper()
	e, err := p.plan(fullKernel)
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("Plan error = %v, want one containing %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	ll := e.Landlock
	if ll.HandleNet != wantLL.HandleNet || !slices.Equal(ll.ConnectPorts, wantLL.ConnectPorts) || !slices.Equal(ll.BindPorts, wantLL.BindPorts) {
		t.Errorf("landlock net = %v %v %v, want %v %v %v", ll.HandleNet, ll.ConnectPorts, ll.BindPorts,
			wantLL.HandleNet, wantLL.ConnectPorts, wantLL.BindPorts)
	}
	if !ll.ScopeSignals || !ll.ScopeAbstractUnix {
		t.Error("signal and abstract unix scoping are off")
	}
	sc := e.Seccomp
	if sc.AllowInet != wantSeccomp.AllowInet || sc.AllowInetStream != wantSeccomp.AllowInetStream || sc.AllowUnix != wantSeccomp.AllowUnix {
		t.Errorf("seccomp = %+v, want %+v", sc, wantSeccomp)
	}
	if sc.AllowSysVIPC != !p.NoNamespaces || sc.AllowPtrace != !p.NoNamespaces {
		t.Errorf("NoNamespaces %v: seccomp AllowSysVIPC = %v, AllowPtrace = %v", p.NoNamespaces, sc.AllowSysVIPC, sc.AllowPtrace)
	}
	want := seccomp.DefaultDenied()
	if !p.NoNamespaces {
		want = slices.DeleteFunc(want, func(n string) bool {
			return strings.HasPrefix(n, "shm") || strings.HasPrefix(n, "msg") || strings.HasPrefix(n, "sem") || n == "ipc" ||
				slices.Contains([]string{"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp"}, n)
		})
	}
	if !slices.Equal(sc.DenySyscalls, want) {
		t.Errorf("NoNamespaces %v: seccomp denies %v, want %v", p.NoNamespaces, sc.DenySyscalls, want)
	}
}

// TestPlanPtrace: the plan lets the command trace its own processes under
// the namespace layer only, where Landlock's ptrace rule holds (an ABI)
// and CAP_SYS_PTRACE is not kept: it would reach the pid namespace's init,
// undumpable but in the command's Landlock domain.
func TestPlanPtrace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		p    Policy
		k    kernel
		want bool
	}{
		{"the layer", Policy{Root: "/p"}, fullKernel, true},
		{"no namespaces", Policy{Root: "/p", NoNamespaces: true}, fullKernel, false},
		{"no Landlock", Policy{Root: "/p", BestEffort: true}, kernel{seccomp: fullKernel.seccomp}, false},
		{"CAP_SYS_PTRACE kept", Policy{Root: "/p", KeepCaps: []string{"sys_ptrace"}}, fullKernel, false},
		{"another capability kept", Policy{Root: "/p", KeepCaps: []string{"CAP_NET_BIND_SERVICE"}}, fullKernel, true},
	} {
		e, err := tc.p.plan(tc.k)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if e.Seccomp.AllowPtrace != tc.want || slices.Contains(e.Seccomp.DenySyscalls, "ptrace") == tc.want {
			t.Errorf("%s: AllowPtrace %v, refuses %v", tc.name, e.Seccomp.AllowPtrace, e.Seccomp.DenySyscalls)
		}
	}
}

func TestPlanMissing(t *testing.T) {
	t.Parallel()
	if !seccomp.Enabled {
		t.Skip("built without seccomp (cgo off): Missing always names it")
	}
	noSeccomp := seccomp.Status{Err: errors.New("no filter support")}
	tests := []struct {
		name   string
		k      kernel
		policy Policy
		want   []string // substrings, one per Missing entry, in order
	}{
		{"a full kernel misses nothing", fullKernel, DefaultPolicy("/p"), nil},
		{"without Landlock everything but seccomp is missing", kernel{abi: 0, seccomp: seccomp.Status{Supported: true}}, DefaultPolicy("/p"),
			[]string{"landlock: filesystem", "landlock: blocking signals", "landlock: blocking connections to abstract"}},
		{"ABI 5 lacks the scopes", kernel{abi: 5, seccomp: seccomp.Status{Supported: true}}, DefaultPolicy("/p"),
			[]string{"landlock: blocking signals", "landlock: blocking connections to abstract"}},
		// With no port granted seccomp alone keeps the network closed.
		{"ABI 3 without ports lacks only the scopes", kernel{abi: 3, seccomp: seccomp.Status{Supported: true}}, DefaultPolicy("/p"),
			[]string{"landlock: blocking signals", "landlock: blocking connections to abstract"}},
		{"ABI 3 with a port lacks the TCP rules and the scopes", kernel{abi: 3, seccomp: seccomp.Status{Supported: true}}, DefaultPolicy("/p").WithNetwork(Network{Mode: NetworkNone, Connect: []uint16{5432}}),
			[]string{"landlock: TCP", "landlock: blocking signals", "landlock: blocking connections to abstract"}},
		{"ABI 3 with all network lacks only the scopes", kernel{abi: 3, seccomp: seccomp.Status{Supported: true}}, DefaultPolicy("/p").WithNetwork(Network{Mode: NetworkAll}),
			[]string{"landlock: blocking signals", "landlock: blocking connections to abstract"}},
		{"no seccomp is named with its reason", kernel{abi: 7, seccomp: noSeccomp}, DefaultPolicy("/p"),
			[]string{"seccomp: not available: no filter support"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, err := tt.policy.plan(tt.k)
			if err != nil {
				t.Fatal(err)
			}
			if e.LandlockABI != tt.k.abi {
				t.Errorf("LandlockABI = %d, want %d", e.LandlockABI, tt.k.abi)
			}
			if len(e.Missing) != len(tt.want) {
				t.Fatalf("Missing = %q, want %d entries like %q", e.Missing, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(e.Missing[i], w) {
					t.Errorf("Missing[%d] = %q, want it to contain %q", i, e.Missing[i], w)
				}
			}
		})
	}
}
