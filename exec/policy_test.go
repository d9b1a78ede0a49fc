package exec

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func TestAccessString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a    Access
		want string
	}{
		{0, "-"}, {Read, "r"}, {Read | Write, "rw"}, {Read | Exec, "rx"}, {Read | Write | Exec, "rwx"},
		{Write, "w"}, {Exec, "x"}, {Write | Exec, "wx"},
	}
	for _, tt := range tests {
		if got := tt.a.String(); got != tt.want {
			t.Errorf("Access(%d).String() = %q, want %q", tt.a, got, tt.want)
		}
		back, err := ParseAccess(tt.want)
		if err != nil || back != tt.a {
			t.Errorf("ParseAccess(%q) = %v, %v; want %v", tt.want, back, err, tt.a)
		}
	}
	for _, bad := range []string{"", "rr", "read", "rwxz"} {
		if _, err := ParseAccess(bad); err == nil {
			t.Errorf("ParseAccess(%q) succeeded, want an error", bad)
		}
	}
	if a, err := ParseAccess("xr"); err != nil || a != Read|Exec {
		t.Errorf(`ParseAccess("xr") = %v, %v; want rx`, a, err)
	}
}

func TestPolicyJSON(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy("/p").WithDenyRead("/p/.env").WithNetwork(Network{Mode: NetworkNone, Connect: []uint16{443}})
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"root":"/p"`, `"readOnlyRoot":false`, `{"path":"/usr","access":"rx","optional":true}`,
		`{"path":"/proc","access":"r","optional":true}`, `{"path":"/dev/null","access":"rw","optional":true}`,
		`"denyRead":["/p/.env"]`, `"network":{"mode":"none","connect":[443],"unixSockets":false}`, `"bestEffort":false`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
	var back Policy
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Root != p.Root || !slices.Equal(back.Grants, p.Grants) || !slices.Equal(back.DenyRead, p.DenyRead) {
		t.Errorf("round trip changed the policy:\n got %+v\nwant %+v", back, p)
	}
}

func TestDefaultPolicy(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy("/work/proj")
	if p.Root != "/work/proj" || p.ReadOnlyRoot || p.BestEffort || p.Network.Mode != NetworkNone || len(p.DenyRead) != 0 {
		t.Errorf("DefaultPolicy = %+v", p)
	}
	want := map[string]Access{
		"/usr": Read | Exec, "/bin": Read | Exec, "/sbin": Read | Exec, "/lib": Read | Exec, "/lib32": Read | Exec,
		"/lib64": Read | Exec, "/etc": Read | Exec, "/opt": Read | Exec, "/nix/store": Read | Exec,
		"/proc": Read, "/sys": Read,
		"/dev/null": Read | Write, "/dev/zero": Read | Write, "/dev/full": Read | Write, "/dev/random": Read | Write,
		"/dev/urandom": Read | Write, "/dev/tty": Read | Write, "/dev/ptmx": Read | Write, "/dev/pts": Read | Write,
		"/dev/shm": Read | Write,
	}
	got := map[string]Access{}
	for _, g := range p.Grants {
		if !g.Optional {
			t.Errorf("default grant %s is required; a system without it could not run anything", g)
		}
		got[g.Path] = g.Access
	}
	for path, a := range want {
		if got[path] != a {
			t.Errorf("grant of %s = %v, want %v", path, got[path], a)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d grants, want %d: %v", len(got), len(want), p.Grants)
	}
}

func TestPolicyModifiersCopy(t *testing.T) {
	t.Parallel()
	base := DefaultPolicy("/p")
	n := len(base.Grants)
	a := base.WithGrant(Grant{Path: "/a", Access: Read})
	b := base.WithGrant(Grant{Path: "/b", Access: Read})
	if len(base.Grants) != n || a.Grants[n].Path != "/a" || b.Grants[n].Path != "/b" {
		t.Errorf("WithGrant shares storage: base %d grants, a %v, b %v", len(base.Grants), a.Grants[n], b.Grants[n])
	}
	d := base.WithDenyRead("/p/x").WithDenyRead("/p/y")
	if len(base.DenyRead) != 0 || !slices.Equal(d.DenyRead, []string{"/p/x", "/p/y"}) {
		t.Errorf("WithDenyRead: base %v, d %v", base.DenyRead, d.DenyRead)
	}
	ports := []uint16{80}
	w := base.WithNetwork(Network{Mode: NetworkNone, Connect: ports})
	ports[0] = 81
	if w.Network.Connect[0] != 80 || base.Network.Connect != nil {
		t.Errorf("WithNetwork shares the port slice: %v", w.Network.Connect)
	}
	if r := base.WithReadOnlyRoot(); !r.ReadOnlyRoot || base.ReadOnlyRoot || r.rootAccess() != Read|Exec || base.rootAccess() != Read|Write|Exec {
		t.Error("WithReadOnlyRoot did not make a read-only copy")
	}
	if e := base.WithBestEffort(); !e.BestEffort || base.BestEffort {
		t.Error("WithBestEffort did not make a copy")
	}
}

func TestMakeDirs(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	made, left := filepath.Join(tmp, "cache", "go-build"), filepath.Join(tmp, "other")
	p := DefaultPolicy(tmp).WithGrant(
		Grant{Path: made, Access: Read | Write, Optional: true, Create: true},
		Grant{Path: left, Access: Read | Write, Optional: true},
	)
	if err := p.MakeDirs(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(made); err != nil || !fi.IsDir() {
		t.Errorf("%s not made: %v", made, err)
	}
	if _, err := os.Stat(left); err == nil {
		t.Errorf("%s made without Create", left)
	}
	if err := p.MakeDirs(); err != nil {
		t.Errorf("MakeDirs again: %v", err)
	}
	bad := DefaultPolicy(tmp).WithGrant(Grant{Path: "rel", Access: Read | Write, Create: true})
	if err := bad.MakeDirs(); err == nil {
		t.Error("MakeDirs made a relative path")
	}
	if s := (Grant{Path: made, Access: Read | Write, Optional: true, Create: true}).String(); s != "rw "+made+" (created when missing)" {
		t.Errorf("String() = %q", s)
	}
}

// TestMkdirBelowSwappedLink: a directory on the way that a concurrent
// run's command swaps for a symbolic link after the plan judged the way
// (here: already swapped) fails the making, and nothing is made where the
// link leads; a way of real directories, some there already, is made.
func TestMkdirBelowSwappedLink(t *testing.T) {
	t.Parallel()
	tmp, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(tmp, "cache")); err != nil {
		t.Fatal(err)
	}
	err := mkdirBelow(tmp, filepath.Join(tmp, "cache", "go-build"))
	if !errors.Is(err, unix.ELOOP) && !errors.Is(err, unix.ENOTDIR) {
		t.Errorf("made through a swapped link: err %v", err)
	}
	if _, err := os.Lstat(filepath.Join(outside, "go-build")); err == nil {
		t.Error("a directory was made where the link leads")
	}

	if err := os.Mkdir(filepath.Join(tmp, "there"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(tmp, "there", "a", "b")
	if err := mkdirBelow(tmp, want); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(want); err != nil || !fi.IsDir() {
		t.Errorf("%s not made: %v", want, err)
	}
	if err := mkdirBelow(tmp, want); err != nil {
		t.Errorf("again, all there: %v", err)
	}
}

// TestLinkedConfig: a configuration file linked out of its directory (as
// systemd-resolved links /etc/resolv.conf into /run) gets a read grant.
func TestLinkedConfig(t *testing.T) {
	d := t.TempDir()
	etc, run := filepath.Join(d, "etc"), filepath.Join(d, "run")
	for _, dir := range []string{etc, run} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	target := filepath.Join(run, "stub-resolv.conf")
	if err := os.WriteFile(target, []byte("nameserver 127.0.0.53\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(etc, "hosts"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(etc, "resolv.conf")); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(target)
	if g, ok := linkedConfig(filepath.Join(etc, "resolv.conf"), etc); !ok || g.Path != real || g.Access != Read || !g.Optional {
		t.Errorf("a link out of the directory: %+v, %v; want an optional read grant of %s", g, ok, real)
	}
	for _, p := range []string{filepath.Join(etc, "hosts"), filepath.Join(etc, "missing")} {
		if g, ok := linkedConfig(p, etc); ok {
			t.Errorf("%s: %+v, want no grant", p, g)
		}
	}
}

// TestKernelWrite: a write grant that is or lies in /proc, /sys or /dev is
// never made, but for the default policy's device nodes and directories;
// one that holds them is the namespace layer's to keep read-only.
func TestKernelWrite(t *testing.T) {
	for path, refused := range map[string]bool{
		"/proc": true, "/proc/sys/kernel/core_pattern": true, "/sys": true, "/sys/kernel": true,
		"/dev": true, "/dev/sda": true, "/dev/loop-control": true, "/dev/mqueue": true,
		"/dev/null": false, "/dev/tty": false, "/dev/pts": false, "/dev/pts/3": false, "/dev/shm": false, "/dev/shm/cache": false,
		"/": false, "/procfs": false, "/system": false, "/device": false, "/home/me/dev": false,
	} {
		if got := KernelWrite(path); (got != "") != refused {
			t.Errorf("KernelWrite(%s) = %q, want refused: %v", path, got, refused)
		}
	}
	p := DefaultPolicy("/project").WithGrant(Grant{Path: "/", Access: Read | Write | Exec})
	if got := p.holdsKernelDirsWithout(false); !slices.Equal(got, []string{"/proc", "/sys", "/dev"}) {
		t.Errorf("a write grant of /: holds %v, want /proc, /sys and /dev", got)
	}
	if got := p.holdsKernelDirsWithout(true); got != nil {
		t.Errorf("a write grant of / with the layer: %v to refuse, want none (the layer holds them)", got)
	}
	if got := DefaultPolicy("/project").WithGrant(Grant{Path: "/", Access: Read | Exec}).holdsKernelDirsWithout(false); len(got) != 0 {
		t.Errorf("the default policy and a read grant of /: holds %v, want none", got)
	}
}
