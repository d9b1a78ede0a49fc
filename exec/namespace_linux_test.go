package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// TestProtectedListsAgree: the Linux namespace layer and the macOS Seatbelt
// profile protect the same entries of the root (.git itself is handled by
// the layer as a mount of its own, and .git/commondir by protectedPaths,
// in whatever git directory .git leads to: see protect).
func TestProtectedListsAgree(t *testing.T) {
	linux := append(ProtectedInRoot(), ".git", ".git/commondir")
	for _, p := range seatbelt.ProtectedInRoot() {
		if !slices.Contains(linux, p) {
			t.Errorf("Seatbelt protects %s, the Linux layer does not", p)
		}
	}
	for _, p := range ProtectedInRoot() {
		if !slices.Contains(seatbelt.ProtectedInRoot(), p) {
			t.Errorf("the Linux layer protects %s, Seatbelt does not", p)
		}
	}
}

// TestKeptInside: what a hidden directory keeps, and when it stays as it is.
func TestKeptInside(t *testing.T) {
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	j := func(p string) string { return filepath.Join(d, p) }
	read := func(ps ...string) []keptPath {
		var out []keptPath
		for _, p := range ps {
			out = append(out, keptPath{real: p})
		}
		return out
	}
	tests := []struct {
		name    string
		keep    []keptPath
		want    []string
		covered bool
	}{
		{"nothing kept", nil, nil, false},
		{"outermost only", read(j("a/b/c"), j("a/b")), []string{j("a/b")}, false},
		{"duplicates dropped", read(j("x"), j("x")), []string{j("x")}, false},
		{"outside paths left out", read("/usr", j("y/z")), []string{j("y/z")}, false},
		{"a read grant holding it", read("/"), nil, false},
		{"a writable grant holding it", []keptPath{{real: "/", whole: true}}, nil, true},
		{"the directory itself", read(d), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, covered := keptInside(d, tt.keep)
			if covered != tt.covered || !slices.Equal(got, tt.want) {
				t.Errorf("keptInside = %q, %v; want %q, %v", got, covered, tt.want, tt.covered)
			}
		})
	}
}

// TestHideTooMany: a directory with more than maxKept paths to bind back is
// not hidden, and says why.
func TestHideTooMany(t *testing.T) {
	tmp, err := filepath.EvalSymlinks("/tmp")
	if err != nil {
		t.Skip("no /tmp here")
	}
	base, err := os.MkdirTemp(tmp, "keptmany-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	var p Policy
	for i := range maxKept + 1 {
		g := filepath.Join(base, fmt.Sprint(i))
		if err := os.Mkdir(g, 0o755); err != nil {
			t.Fatal(err)
		}
		p.Grants = append(p.Grants, Grant{Path: g, Access: Read})
	}
	l := &nsLayer{}
	l.hide(p, keptPaths(p, "/", nil), "")
	if len(l.unhidden) != 1 || !strings.HasPrefix(l.unhidden[0], tmp+" ") {
		t.Errorf("unhidden = %q, want %s named", l.unhidden, tmp)
	}
	if slices.ContainsFunc(l.steps, func(s mountStep) bool { return s.Op == mountEmpty && s.Path == tmp }) {
		t.Errorf("%s hidden all the same", tmp)
	}
	l = &nsLayer{}
	p.Grants = p.Grants[:maxKept-1]
	l.hide(p, keptPaths(p, "/", nil), "")
	if len(l.unhidden) != 0 || !slices.Contains(l.steps, mountStep{Op: mountEmpty, Path: tmp}) {
		t.Errorf("%d grants: unhidden %q, steps %v; want %s hidden", len(p.Grants), l.unhidden, l.steps, tmp)
	}
}

// TestHideSlash: a home directory of / (HOME=/) with unix sockets is not
// hidden by an empty file system over /, which would lie over the
// process's root where no lookup from / enters: it is recorded unhidden,
// so that a strict run is refused. The other directories are hidden.
func TestHideSlash(t *testing.T) {
	t.Setenv("HOME", "/")
	var p Policy
	p.Network.UnixSockets = true
	l := &nsLayer{res: newResolver(32)}
	l.hide(p, keptPaths(p, "/", nil), "")
	if len(l.unhidden) != 1 || !strings.HasPrefix(l.unhidden[0], "/, ") {
		t.Errorf("unhidden = %q, want / named", l.unhidden)
	}
	for _, s := range l.steps {
		if s.Path == "/" {
			t.Errorf("step %v on /", s)
		}
	}
	if tmp, err := filepath.EvalSymlinks("/tmp"); err == nil && !slices.Contains(l.steps, mountStep{Op: mountEmpty, Path: tmp}) {
		t.Errorf("steps %v: want %s hidden still", l.steps, tmp)
	}
}

// TestPlanPrivateDevices: the layer gives the command a /dev/shm and a
// /dev/pts of its own where the policy grants the host's (granting in them
// what the policy grants there), and none where it does not.
func TestPlanPrivateDevices(t *testing.T) {
	for _, d := range []string{"/dev/shm", "/dev/pts"} {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			t.Skipf("this machine has no directory %s", d)
		}
	}
	root := t.TempDir()
	steps := func(l *nsLayer) map[uint32]string {
		m := map[uint32]string{}
		for _, s := range l.steps {
			if s.Op == mountShm || s.Op == mountPts {
				m[s.Op] = s.Path
			}
		}
		return m
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	if got := steps(l); got[mountShm] != "/dev/shm" || got[mountPts] != "/dev/pts" || l.shm != "/dev/shm" || l.pts != "/dev/pts" {
		t.Errorf("default policy: steps %v, at %q and %q; want both", got, l.shm, l.pts)
	}
	// What the child grants in them is the Landlock plan's: all of the
	// policy's grant, or, with a path denied below, the listing only.
	for _, tt := range []struct {
		p         Policy
		makeFiles bool
	}{
		{DefaultPolicy(root), true},
		{DefaultPolicy(root).WithDenyRead("/dev/shm/mewsandbox-test-denied/x"), false},
	} {
		e, err := tt.p.Plan()
		if err != nil {
			t.Fatal(err)
		}
		if e.LandlockABI == 0 {
			t.Skip("no Landlock here: nothing to grant")
		}
		a := landlock.AccessFS(devAccess(e, "/dev/shm"))
		if a&landlock.ReadDir == 0 || (a&landlock.MakeReg != 0) != tt.makeFiles {
			t.Errorf("deny-read %q: the private /dev/shm is granted %v; want listing, and files made: %v", tt.p.DenyRead, a, tt.makeFiles)
		}
	}
	p := Policy{Root: root, Grants: []Grant{{Path: "/usr", Access: Read | Exec}}}
	if got := steps(planNamespace(p, root, "")); len(got) != 0 {
		t.Errorf("a policy without them: steps %v, want none", got)
	}
}

// TestReadableWithoutCaps: whether the command (the runner's ids, no
// capabilities) reads a file goes by the owner's bits when it owns the
// file, else the group's when it is in the group, else the others', as
// the kernel decides without CAP_DAC_OVERRIDE; a directory counts when it
// can be listed or entered.
func TestReadableWithoutCaps(t *testing.T) {
	dir := t.TempDir()
	me, myGroup, other := os.Geteuid(), os.Getegid(), 54321
	cases := []struct {
		name     string
		uid, gid int
		mode     os.FileMode
		isDir    bool
		want     bool
	}{
		{"mine, owner may read", me, other, 0o400, false, true},
		{"mine, only the group may", me, myGroup, 0o040, false, false},
		{"mine, only others may", me, other, 0o004, false, false},
		{"my group's, group may read", other, myGroup, 0o640, false, true},
		{"my group's, only the owner may", other, myGroup, 0o604, false, false},
		{"a stranger's, others may read", other, other, 0o604, false, true},
		{"a stranger's, shadow-like", other, other, 0o640, false, false},
		{"a directory I may only enter", me, other, 0o100, true, true},
		{"a directory of my group's, closed to it", other, myGroup, 0o701, true, false},
	}
	for i, tt := range cases {
		p := filepath.Join(dir, fmt.Sprint(i))
		var err error
		if tt.isDir {
			err = os.Mkdir(p, 0o700)
		} else {
			err = os.WriteFile(p, nil, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, tt.uid, tt.gid); err != nil {
			if tt.uid != me || tt.gid != myGroup {
				t.Logf("%s: not tested: %v (giving a file away needs root)", tt.name, err)
				continue
			}
			t.Fatal(err)
		}
		if err := os.Chmod(p, tt.mode); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := readableWithoutCaps(p, fi); got != tt.want {
			t.Errorf("%s (%v, uid %d gid %d): readable %v, want %v", tt.name, tt.mode, tt.uid, tt.gid, got, tt.want)
		}
	}
}

// TestWritablePathsLinkInLaterGrant: a grant through a symbolic link lying
// in a writable grant listed after it (cache/x, cache writable too) that
// leads out of everything writable gets no writable mount, as the Landlock
// plan refuses it (grantLinks judges links in every writable grant): a
// command of another run that flipped the link between the two plans had
// the layer mount the directory it led to writable. The same link leading
// into the root, and the grant named without a link, are mounted.
func TestWritablePathsLinkInLaterGrant(t *testing.T) {
	t.Parallel()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	j := func(p string) string { return filepath.Join(d, p) }
	for _, dir := range []string{"root/o", "cache", "keys"} {
		if err := os.MkdirAll(j(dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(j("keys"), j("cache/x")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(j("root/o"), j("cache/y")); err != nil {
		t.Fatal(err)
	}
	p := Policy{Root: j("root"), Grants: []Grant{
		{Path: j("cache/x"), Access: Read | Write},
		{Path: j("cache/y"), Access: Read | Write},
		{Path: j("cache"), Access: Read | Write},
	}}
	out, _ := writablePaths(p, newResolver(0))
	if slices.Contains(out, j("keys")) {
		t.Errorf("cache/x, a link in the later writable grant cache leading out: mounted writable: %q", out)
	}
	if !slices.Contains(out, j("root")) || !slices.Contains(out, j("cache")) {
		t.Errorf("want the root and cache mounted writable, got %q", out)
	}
	p.Grants = p.Grants[1:2]
	if out, _ := writablePaths(p, newResolver(0)); !slices.Equal(out, []string{j("root")}) {
		t.Errorf("cache/y, a link leading into the root: want the root only (covering it), got %q", out)
	}
}

// TestPlanKernelDirsHeld: a write grant of / leaves /proc, /sys and /dev
// read-only, made so after every writable mount, and /dev without
// devices, the default policy's nodes bound onto themselves before; a
// policy without such a grant gets none of it.
func TestPlanKernelDirsHeld(t *testing.T) {
	root := t.TempDir()
	index := func(l *nsLayer, op uint32, path string) int {
		return slices.Index(l.steps, mountStep{Op: op, Path: path})
	}
	l := planNamespace(DefaultPolicy(root).WithGrant(Grant{Path: "/", Access: Read | Write | Exec}), root, "")
	writable := index(l, mountWritable, "/")
	if writable < 0 {
		t.Fatalf("no step makes / writable: %v", l.steps)
	}
	// / is no grant to bind onto itself: the copy lay over the process's
	// root, where /.. reached the host's tree before anything was hidden.
	if i := index(l, mountBind, "/"); i >= 0 {
		t.Errorf("/ bound onto itself at step %d: /.. would lead to the copy", i)
	}
	for _, k := range KernelDirs {
		if fi, err := os.Stat(k); err != nil || !fi.IsDir() {
			continue
		}
		if i := index(l, mountRdonly, k); i < writable {
			t.Errorf("%s made read-only at step %d, / writable at %d: want it after", k, i, writable)
		}
	}
	if _, err := os.Stat("/dev/null"); err == nil {
		nodev, null := index(l, mountNodev, "/dev"), index(l, mountBind, "/dev/null")
		if nodev < writable || null < 0 || null > index(l, mountRdonlyTree, "/") {
			t.Errorf("/dev without devices at step %d, /dev/null bound at %d: want both, the bind before the tree is read-only", nodev, null)
		}
		// The tree lost its devices: the default nodes get them back, /dev not.
		if d := index(l, mountDevices, "/dev/null"); d < nodev {
			t.Errorf("devices on /dev/null at step %d, /dev without at %d: want them given back after", d, nodev)
		}
		if d := index(l, mountDevices, "/dev"); d >= 0 {
			t.Errorf("devices on /dev at step %d: want none where a writable grant holds it", d)
		}
	}
	l = planNamespace(DefaultPolicy(root), root, "")
	for _, s := range l.steps {
		if s.Op == mountNodev || s.Op == mountRdonly && slices.Contains(KernelDirs, s.Path) {
			t.Errorf("the default policy: step %v, want none on the kernel's directories", s)
		}
	}
	// The tree loses its devices with its write access (mountRdonlyTree);
	// the default policy's /dev gets them back, after.
	if fi, err := os.Stat("/dev"); err == nil && fi.IsDir() {
		if d, tree := index(l, mountDevices, "/dev"), index(l, mountRdonlyTree, "/"); d < tree {
			t.Errorf("the default policy: devices on /dev at step %d, the tree read-only at %d: want them given back after", d, tree)
		}
	}
}

// TestHoldsNothing: a host secret with nothing in it gets no mount (an
// empty file, a directory with no entries); anything else is hidden. A
// FIFO is answered at once: opened for reading, it waited for a writer,
// and the run with it.
func TestHoldsNothing(t *testing.T) {
	t.Parallel()
	d := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mkdir := func(name string) string {
		p := filepath.Join(d, name)
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
		return p
	}
	full := mkdir("full")
	write("full/key", "secret")
	withDir := mkdir("withdir")
	mkdir("withdir/sub")
	many := mkdir("many")
	for i := range 100 {
		write(fmt.Sprintf("many/a-rather-long-name-for-an-entry-%03d", i), "")
	}
	fifo := filepath.Join(d, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{write("empty", ""), true},
		{write("file", "x"), false},
		{mkdir("emptydir"), true},
		{full, false},
		{withDir, false},
		{many, false},
		{fifo, false},
	} {
		fi, err := os.Stat(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan bool, 1)
		go func() { got <- holdsNothing(tt.path, fi) }()
		select {
		case g := <-got:
			if g != tt.want {
				t.Errorf("holdsNothing(%s) = %v, want %v", filepath.Base(tt.path), g, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("holdsNothing(%s) still waiting after 10s", filepath.Base(tt.path))
		}
	}
}

// TestHideOwnTmp: /tmp, the private temp dir's parent, becomes the
// command's own writable tmpfs (mountTmp, not sealed read-only) where
// nothing else is bound back into it; with a grant there it stays an empty
// read-only one, since Landlock's grant of it would reach the grant whole.
func TestHideOwnTmp(t *testing.T) {
	tmp, err := filepath.EvalSymlinks("/tmp")
	if err != nil || tmp != "/tmp" {
		t.Skipf("/tmp is %q (%v) here", tmp, err)
	}
	private := "/tmp/mewsandbox-12345"
	var p Policy
	l := &nsLayer{res: newResolver(8)}
	l.hide(p, keptPaths(p, "/", l.res), private)
	if !slices.Contains(l.steps, mountStep{Op: mountTmp, Path: tmp}) || slices.Contains(l.steps, mountStep{Op: mountRdonly, Path: tmp}) || l.tmp != private {
		t.Errorf("nothing kept in /tmp: steps %v, tmp %q; want /tmp the command's own", l.steps, l.tmp)
	}
	g := t.TempDir()
	if !strings.HasPrefix(g, "/tmp/") {
		t.Skipf("the test's temp dir %s is not in /tmp", g)
	}
	p.Grants = []Grant{{Path: g, Access: Read}}
	l = &nsLayer{res: newResolver(8)}
	l.hide(p, keptPaths(p, "/", l.res), private)
	if !slices.Contains(l.steps, mountStep{Op: mountEmpty, Path: tmp}) || !slices.Contains(l.steps, mountStep{Op: mountRdonly, Path: tmp}) ||
		slices.ContainsFunc(l.steps, func(s mountStep) bool { return s.Op == mountTmp }) {
		t.Errorf("a grant in /tmp: steps %v; want /tmp empty and read-only", l.steps)
	}
}

// TestOwnNetwork: the layer gives the child a network namespace of its own
// under network none, with unix sockets or without: not with a TCP port or
// --network all (the host's network is needed), not without the layer.
func TestOwnNetwork(t *testing.T) {
	for _, c := range []struct {
		p    Policy
		want bool
	}{
		{Policy{Network: Network{UnixSockets: true}}, true},
		{Policy{Network: Network{Mode: NetworkNone, UnixSockets: true}}, true},
		{Policy{}, true},
		{Policy{Network: Network{Mode: NetworkNone}}, true},
		{Policy{NoNamespaces: true}, false},
		{Policy{Network: Network{UnixSockets: true}, NoNamespaces: true}, false},
		{Policy{Network: Network{Connect: []uint16{443}}}, false},
		{Policy{Network: Network{UnixSockets: true, Connect: []uint16{443}}}, false},
		{Policy{Network: Network{UnixSockets: true, Bind: []uint16{8080}}}, false},
		{Policy{Network: Network{Mode: NetworkAll, UnixSockets: true}}, false},
		{Policy{Network: Network{Mode: NetworkAll}}, false},
	} {
		if got := c.p.OwnNetwork(); got != c.want {
			t.Errorf("%+v (no namespaces %v): OwnNetwork %v, want %v", c.p.Network, c.p.NoNamespaces, got, c.want)
		}
	}
}

// TestSeccompNetlinkRoute: netlink route is open where it reads what the
// command may see anyway: in the layer's network namespace under network
// none, or in the host's with TCP ports or --network all and CAP_NET_ADMIN
// not kept (with it, a root command could change routes and interfaces);
// not under network none without the layer, whose filter refuses bind().
func TestSeccompNetlinkRoute(t *testing.T) {
	all := Network{Mode: NetworkAll}
	ports := Network{Connect: []uint16{443}}
	for _, c := range []struct {
		name string
		p    Policy
		want bool
	}{
		{"none", Policy{}, true},
		{"none, unix sockets", Policy{Network: Network{UnixSockets: true}}, true},
		{"none, CAP_NET_ADMIN kept (in its own network namespace, where it could make interfaces)", Policy{KeepCaps: []string{"CAP_NET_ADMIN"}}, false},
		{"none without the layer", Policy{NoNamespaces: true}, false},
		{"none, unix sockets, without the layer", Policy{Network: Network{UnixSockets: true}, NoNamespaces: true}, false},
		{"all", Policy{Network: all}, true},
		{"all without the layer", Policy{Network: all, NoNamespaces: true}, true},
		{"all, CAP_NET_ADMIN kept", Policy{Network: all, KeepCaps: []string{"net_admin"}}, false},
		{"all, an unreadable capability kept", Policy{Network: all, KeepCaps: []string{"CAP_BOGUS"}}, false},
		{"ports", Policy{Network: ports}, true},
		{"ports, CAP_NET_ADMIN kept", Policy{Network: ports, KeepCaps: []string{"CAP_NET_ADMIN"}}, false},
	} {
		if got := c.p.seccompConfig(true).AllowNetlinkRoute; got != c.want {
			t.Errorf("%s: AllowNetlinkRoute %v, want %v", c.name, got, c.want)
		}
	}
}
