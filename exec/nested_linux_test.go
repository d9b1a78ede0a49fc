//go:build linux

package exec

import (
	"bytes"
	"context"
	"errors"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestNestedMounts(t *testing.T) {
	t.Parallel()
	const info = `20 1 254:0 / / rw - ext4 /dev/vda rw
21 20 0:21 / /proc rw - proc proc rw
30 20 0:40 / /w/vol rw,relatime - tmpfs tmpfs rw
31 30 0:41 / /w/vol/in rw - tmpfs tmpfs rw
32 20 0:42 / /w/ro ro - tmpfs tmpfs rw
33 20 0:43 / /w/rosuper rw - ext4 /dev/sdb ro
34 20 0:44 / /w/shadowed rw - tmpfs tmpfs rw
35 20 0:45 / /w/shadowed ro - tmpfs tmpfs rw
36 20 0:46 / /w/kernel rw - proc proc rw
37 20 0:47 / /w/with\040space rw - tmpfs tmpfs rw
38 20 0:48 / /elsewhere rw - tmpfs tmpfs rw
40 20 0:50 / /tmp/x rw - tmpfs tmpfs rw
41 20 0:51 / /tmp/root/vol rw - tmpfs tmpfs rw
42 20 0:52 / /sys/fs/cgroup rw - tmpfs tmpfs rw
`
	for _, tt := range []struct {
		name      string
		writable  []string
		more      string // mounted after info's
		protected []string
		want      []string
	}{
		{"writable ones below the tree, not read-only, kernel, hidden or shadowed ones", []string{"/w"}, "", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"the tree's own mount is not one", []string{"/w/vol"}, "", nil, []string{"/w/vol/in"}},
		{"in a directory hide empties, only for a tree in it", []string{"/tmp/root"}, "", nil, []string{"/tmp/root/vol"}},
		{"none in /tmp, /proc or /sys for a grant of /", []string{"/"}, "", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space", "/elsewhere"}},
		{"none a later mount above hides", []string{"/"}, "50 20 0:60 / /w ro - tmpfs tmpfs rw\n", nil, []string{"/elsewhere"}},
		{"none on or in a protected path", []string{"/w"}, "", []string{"/w/vol", "/w/with space/x"}, []string{"/w/with space"}},
		{"not a bind of what lies outside the trees", []string{"/w"}, "60 20 254:0 /etc /w/etc rw - ext4 /dev/vda rw\n" +
			"61 20 254:0 / /w/host rw - ext4 /dev/vda rw\n", nil, []string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"nor of a file system shown outside them", []string{"/w"}, "62 20 0:48 /sub /w/else rw - tmpfs tmpfs rw\n", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"a bind of what lies inside them is one", []string{"/w"}, "63 20 254:0 /w/data /w/vol/data rw - ext4 /dev/vda rw\n", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space", "/w/vol/data"}},
		{"not of a protected path or what holds one", []string{"/w"}, "64 20 254:0 /w/p/hooks /w/h rw - ext4 /dev/vda rw\n" +
			"65 20 254:0 /w/p /w/mirror rw - ext4 /dev/vda rw\n", []string{"/w/p/hooks"}, []string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"a git directory of its own mount, its hooks bound over it", []string{"/w"}, "66 20 254:0 /w/p/.git /w/p/.git rw - ext4 /dev/vda rw\n",
			[]string{"/w/p/.git/hooks"}, []string{"/w/vol", "/w/vol/in", "/w/with space", "/w/p/.git"}},
		{"not an overlay whose upper directory lies outside them", []string{"/w"},
			"67 20 0:70 / /w/ov rw - overlay overlay rw,lowerdir=/w/low,upperdir=/elsewhere/up,workdir=/elsewhere/work\n", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"an overlay writing inside them is one", []string{"/w"},
			"68 20 0:71 / /w/ov rw - overlay overlay rw,lowerdir=/lower,upperdir=/w/u\\054p,workdir=/w/work\n", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space", "/w/ov"}},
		{"nor a loop device's file system whose image cannot be found", []string{"/w"},
			"69 20 7:99 / /w/img rw - ext4 /dev/loop999999 rw\n", nil, []string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"nor a FUSE file system, which may write anywhere", []string{"/w"},
			"70 20 0:72 / /w/bind rw - fuse.bindfs /etc rw,user_id=0,group_id=0\n" +
				"71 20 0:73 / /w/fov rw - fuse.fuse-overlayfs fuse-overlayfs rw,user_id=0\n" +
				"72 20 0:74 / /w/fb rw - fuseblk /dev/sdc1 rw\n", nil,
			[]string{"/w/vol", "/w/vol/in", "/w/with space"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, m := range nestedMounts([]byte(info+tt.more), tt.writable, []string{"/tmp", "/run", ""}, tt.protected) {
				got = append(got, m.at)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("nestedMounts = %q; want %q", got, tt.want)
			}
		})
	}
	// Each with its mount id, which the plan checks the path still has.
	var ids []uint64
	for _, m := range nestedMounts([]byte(info), []string{"/w"}, nil, nil) {
		ids = append(ids, m.id)
	}
	if want := []uint64{30, 31, 37}; !slices.Equal(ids, want) {
		t.Errorf("nestedMounts' mount ids %v; want %v", ids, want)
	}
}

// TestMountStepsNeedMountRoot: a path the plan found a mount of its own
// may no longer be one when the child gets to it (the host unmounted it
// since). The kernel refuses mount_setattr off a mount's root (EINVAL), so
// the tree's mount is safe either way; the child now looks first, and
// leaves a nested mount that is gone read-only with the tree, the run going
// on (it was refused, 125), and refuses the run for a writable grant's,
// saying that the mount table changed.
func TestMountStepsNeedMountRoot(t *testing.T) {
	requireLayer(t)
	root := testRoot(t)
	sub := filepath.Join(root, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// Beside the root, on the same mount, outside every grant.
	outside := filepath.Join(filepath.Dir(root), "mewsandbox-outside-"+filepath.Base(root))
	t.Cleanup(func() { os.Remove(outside) })
	for _, tt := range []struct {
		name string
		op   uint32
		want int
	}{
		{"a nested mount gone", mountWritableHost, 1},
		{"a writable grant's mount gone", mountWritable, StatusSandbox},
		{"control: the tree's own mount", mountWritable, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(outside)
			at := sub
			if tt.want == 0 {
				at = "/" // a mount's root: writable, the touch then works
			}
			status, w := childWithMountStep(t, root, "touch "+outside, mountStep{Op: tt.op, Path: at})
			if status != tt.want {
				t.Errorf("exit %d (%+v), want %d", status, w, tt.want)
			}
			if _, err := os.Lstat(outside); (err == nil) != (tt.want == 0) {
				t.Errorf("%s outside the grants: %v", outside, err)
			}
		})
	}
}

// TestWritableHostStepNeedsTheSameMount: a nested mount made writable again
// must be the mount the plan judged (not an alias of / or /etc, not an
// overlay writing outside): the child compared only that the path was
// still a mount's root, writable, not a kernel file system, so another
// mount the host put at the path between the plan and the child became
// writable unchecked. It now compares the mount's identity with the
// plan's, and leaves a stranger read-only, the run going on. Driven here
// with the identity of / and one that is not: the swap itself cannot be
// timed from outside the runner.
func TestWritableHostStepNeedsTheSameMount(t *testing.T) {
	requireLayer(t)
	root := testRoot(t)
	outside := filepath.Join(filepath.Dir(root), "mewsandbox-outside-"+filepath.Base(root))
	t.Cleanup(func() { os.Remove(outside) })
	info, err := readMountinfo("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	var rootID uint64
	for head := range mountinfoLines(info) {
		if f := strings.Fields(string(head)); len(f) > 4 && f[4] == "/" {
			rootID, _ = strconv.ParseUint(f[0], 10, 64) // the last: the one on top
		}
	}
	pin, id, ok := pinMount("/", rootID)
	if !ok {
		t.Fatalf("/ (mount id %d) not identified", rootID)
	}
	pin.Close()
	if pin, _, ok := pinMount("/", rootID+1<<40); ok {
		pin.Close()
		t.Errorf("/ identified by a mount id not its own")
	}
	for _, tt := range []struct {
		name string
		id   mountIdentity
		want int
	}{
		{"the mount the plan judged", id, 0},
		{"another device", mountIdentity{Major: id.Major + 1, Minor: id.Minor, Ino: id.Ino}, 1},
		{"another device's minor", mountIdentity{Major: id.Major, Minor: id.Minor + 1, Ino: id.Ino}, 1},
		{"another root directory: a bind of a part", mountIdentity{Major: id.Major, Minor: id.Minor, Ino: id.Ino + 1}, 1},
		{"high bits of the inode", mountIdentity{Major: id.Major, Minor: id.Minor, Ino: id.Ino | 1<<40}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(outside)
			status, w := childWithMountStep(t, root, "touch "+outside, mountStep{Op: mountWritableHost, Path: "/", Mount: tt.id})
			if status != tt.want {
				t.Errorf("exit %d (%+v), want %d", status, w, tt.want)
			}
			if _, err := os.Lstat(outside); (err == nil) != (tt.want == 0) {
				t.Errorf("%s written: %v", outside, err)
			}
		})
	}
}

// TestWritableHostStepPinsTheMount: the identity the child compares,
// device and root inode, named the file system judged only while it
// lived: a tmpfs unmounted after the plan freed its device number, and
// the next tmpfs made (here one shown outside the root too, which the plan
// would have refused) got it, with the same root inode (1 on every tmpfs),
// and the child made it writable. The plan now holds the judged mount
// open until the child has looked, and another file system cannot have
// its number. In a mount namespace of its own (unshare -m).
func TestWritableHostStepPinsTheMount(t *testing.T) {
	requireLayer(t)
	if !inOwnMounts(t) {
		return
	}
	root := testRoot(t)
	vol, other := filepath.Join(root, "vol"), filepath.Join(filepath.Dir(root), "mewsandbox-other-"+filepath.Base(root))
	for _, d := range []string{vol, other} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		unix.Unmount(vol, unix.MNT_DETACH)
		unix.Unmount(other, unix.MNT_DETACH)
		os.Remove(other)
	})
	if err := unix.Mount("tmpfs", vol, "tmpfs", 0, "size=1m"); err != nil {
		t.Fatal(err)
	}
	l := &nsLayer{}
	info, err := readMountinfo("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	l.writableNested(DefaultPolicy(root), info, []string{root}, nil)
	defer l.unpin()
	i := slices.IndexFunc(l.steps, func(s mountStep) bool { return s.Op == mountWritableHost && s.Path == vol })
	if i < 0 {
		t.Fatalf("%s not made writable again: steps %+v", vol, l.steps)
	}
	judged := l.steps[i]
	// The host replaces it: the judged tmpfs unmounted (lazily, as
	// umount -l would, were it held), another made and shown at other
	// and at vol.
	if err := unix.Unmount(vol, unix.MNT_DETACH); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mount("tmpfs", other, "tmpfs", 0, "size=1m"); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mount(other, vol, "", unix.MS_BIND, ""); err != nil {
		t.Fatal(err)
	}
	var st unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, vol, 0, unix.STATX_INO, &st); err == nil {
		t.Logf("judged %+v; now at %s: %d:%d inode %d", judged.Mount, vol, st.Dev_major, st.Dev_minor, st.Ino)
	}
	status, w := childWithMountStep(t, root, "touch "+vol+"/x", judged)
	if status != 1 {
		t.Errorf("exit %d (%+v), want 1: touch refused", status, w)
	}
	if _, err := os.Lstat(filepath.Join(other, "x")); err == nil {
		t.Errorf("another tmpfs at %s, shown at %s too, made writable as the one judged", vol, other)
	}
	// A whole run: the mount writable in it, and held only until the
	// child has made it so, not while the command runs (the host's umount
	// would fail with EBUSY).
	l.unpin()
	if err := unix.Unmount(vol, unix.MNT_DETACH); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mount("tmpfs", vol, "tmpfs", 0, "size=1m"); err != nil {
		t.Fatal(err)
	}
	ready := filepath.Join(root, "ready")
	c := sh(root, `touch vol/y && : > ready && i=0; while [ -e ready ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done`)
	umounted := make(chan error, 1)
	go func() {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Lstat(ready); err == nil {
				err := unix.Unmount(vol, 0)
				os.Remove(ready)
				umounted <- err
				return
			}
		}
		umounted <- errors.New("the command never got as far")
	}()
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Errorf("a run writing the nested tmpfs: exit %d, %v", status, err)
	}
	if err := <-umounted; err != nil {
		t.Errorf("the nested mount not unmountable while the command ran: %v", err)
	}
}

// inOwnMounts says whether the test runs in a mount namespace of its own;
// if not, it runs the test again in one (unshare -m, propagation private),
// where it may mount, and the caller returns.
func inOwnMounts(t *testing.T) bool {
	t.Helper()
	if os.Getenv("MEWSANDBOX_TEST_OWN_MOUNTS") != "" {
		return true
	}
	unshare, err := osexec.LookPath("unshare")
	if os.Geteuid() != 0 || err != nil {
		t.Skipf("mounts in a mount namespace of its own: root and unshare(1) needed (%v)", err)
	}
	cmd := osexec.Command(unshare, "-m", "--propagation", "private", os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "MEWSANDBOX_TEST_OWN_MOUNTS=1")
	out, err := cmd.CombinedOutput()
	if err == nil && bytes.Contains(out, []byte("--- SKIP: "+t.Name())) {
		t.Skipf("in a mount namespace of its own:\n%s", out)
	}
	if err != nil || !bytes.Contains(out, []byte("--- PASS: "+t.Name())) {
		t.Errorf("in a mount namespace of its own: %v\n%s", err, out)
	}
	return false
}

// TestWritableNestedMountIDReused: the plan found the mount judged by the
// mount id the mount table gave, but a mount id passes to the next mount
// made once its mount is gone: a bind of a directory outside the root put
// at the path after the table was read, with the judged tmpfs's id, was
// taken for it, its own identity sent to the child, and made writable.
// The mounts found are now judged again once pinned.
func TestWritableNestedMountIDReused(t *testing.T) {
	requireLayer(t)
	if !inOwnMounts(t) {
		return
	}
	root := testRoot(t)
	vol, outside := filepath.Join(root, "vol"), filepath.Join(filepath.Dir(root), "mewsandbox-outside-"+filepath.Base(root))
	for _, d := range []string{vol, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		unix.Unmount(vol, unix.MNT_DETACH)
		os.Remove(outside)
	})
	if err := unix.Mount("tmpfs", vol, "tmpfs", 0, "size=1m"); err != nil {
		t.Fatal(err)
	}
	var st unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, vol, 0, unix.STATX_MNT_ID, &st); err != nil {
		t.Fatal(err)
	}
	judged := st.Mnt_id
	info, err := readMountinfo("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	// The host replaces it once the table is read.
	if err := unix.Unmount(vol, 0); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mount(outside, vol, "", unix.MS_BIND, ""); err != nil {
		t.Fatal(err)
	}
	if err := unix.Statx(unix.AT_FDCWD, vol, 0, unix.STATX_MNT_ID, &st); err != nil {
		t.Fatal(err)
	}
	if st.Mnt_id != judged {
		t.Skipf("the bind got mount id %d, not the tmpfs's %d: nothing to tell apart here", st.Mnt_id, judged)
	}
	l := &nsLayer{}
	l.writableNestedIn(info, nil, []string{root}, nil)
	defer l.unpin()
	if len(l.steps) != 0 || len(l.pins.files) != 0 {
		t.Errorf("a bind of %s, put at %s with the judged tmpfs's mount id, made writable: steps %+v", outside, vol, l.steps)
	}
}

// childWithMountStep runs script in root with sh in a sandbox child whose
// mount namespace is the host's made read-only, without devices but in
// /dev, and then step; without Landlock: the mounts alone decide.
func childWithMountStep(t *testing.T, root, script string, step mountStep) (int, wireError) {
	t.Helper()
	var tmp string
	sp, _, serr := sh(root, script).prepare(&tmp, false)
	if serr != nil {
		t.Fatal(serr)
	}
	if sp.Ruleset != nil {
		sp.Ruleset.Close()
		sp.Ruleset = nil
	}
	sp.Mounts = []mountStep{{Op: mountPrivate, Path: "/"}, {Op: mountRdonlyTree, Path: "/"}, {Op: mountDevices, Path: "/dev"}, step}
	return startChildWith(t, root, marshalT(t, sp), nil, true, namespaceAttr())
}

// TestMountBelow: the look that spares most runs the parse finds every
// mount nestedMounts would consider, and none where there are none.
func TestMountBelow(t *testing.T) {
	t.Parallel()
	const info = "20 1 254:0 / / rw - ext4 /dev/vda rw\n30 20 0:40 / /w/vol rw - tmpfs tmpfs rw\n31 20 0:41 / /x\\040y/in rw - tmpfs tmpfs rw\n"
	for _, tt := range []struct {
		writable []string
		want     bool
	}{
		{[]string{"/w"}, true},
		{[]string{"/elsewhere", "/w"}, true},
		{[]string{"/w/vol"}, false}, // its own mount only
		{[]string{"/v"}, false},
		{[]string{"/x y"}, true}, // escaped there: not told, so looked at
		{[]string{"/"}, true},
		{nil, false},
	} {
		if got := mountBelow([]byte(info), tt.writable); got != tt.want {
			t.Errorf("mountBelow(%q) = %v, want %v", tt.writable, got, tt.want)
		}
		if got := len(nestedMounts([]byte(info), tt.writable, nil, nil)) > 0; got && !mountBelow([]byte(info), tt.writable) {
			t.Errorf("%q: nestedMounts finds mounts mountBelow does not", tt.writable)
		}
	}
}
