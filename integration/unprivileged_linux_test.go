package integration

// A red team's battery against the namespace layer as an ordinary user
// runs it: in a user namespace that maps only that user, where the layer's
// mounts are the namespace's own, and only the command's dropped
// capabilities and seccomp keep it from undoing them. Run as root, the
// tests run mewsandbox as the test user (testUser); run as another user
// (the unprivileged suite), as that user.

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// userBox is a git project, a home holding a (fake) private key, and the
// binary, owned by an unprivileged user, who runs mewsandbox there. The
// project lies two directories below work (work/src/proj), a directory a
// test may grant.
type userBox struct {
	t                *testing.T
	u                testAccount
	root, home, work string
	bin              string
	cred             *syscall.Credential // nil when the tests run as that user already
}

// newUserBox makes a userBox, or skips saying why it cannot: no sandbox
// here, no user to run as, or no user namespace for that user.
func newUserBox(t *testing.T) *userBox {
	t.Helper()
	requireSandbox(t)
	b := &userBox{t: t, bin: bin}
	if os.Geteuid() != 0 {
		requireNamespaces(t)
		b.u = testAccount{name: strconv.Itoa(os.Geteuid()), uid: uint32(os.Geteuid()), gid: uint32(os.Getegid())}
	} else {
		b.u = testUser(t)
		b.cred = &syscall.Credential{Uid: b.u.uid, Gid: b.u.gid}
		probe := osexec.Command("/bin/true")
		probe.SysProcAttr = &syscall.SysProcAttr{Credential: b.cred,
			Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: int(b.u.uid), HostID: int(b.u.uid), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: int(b.u.gid), HostID: int(b.u.gid), Size: 1}}}
		if err := probe.Run(); err != nil {
			t.Skipf("user namespaces are not available to %s here (%v): the runner falls back to Landlock and seccomp", b.u.name, err)
		}
	}
	// Outside /tmp, which the layer empties: a user's project and home
	// are where the read-only mounts must hold, not hidden.
	dir, err := os.MkdirTemp("/var/tmp", "mewsandbox-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		nothingRunsIn(t, dir)
		os.RemoveAll(dir)
	})
	os.Chmod(dir, 0o755)
	b.work, b.home = filepath.Join(dir, "work"), filepath.Join(dir, "home")
	b.root = filepath.Join(b.work, "src", "proj")
	for _, d := range []string{b.root, filepath.Join(b.home, ".ssh")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(b.home, ".ssh", "id_ed25519"), []byte("fake private key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init"}} {
		c := osexec.Command("git", args...)
		c.Dir = b.root
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	b.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n", 0o755)
	b.write("mine", "mine\n", 0o644)
	if c, err := os.ReadFile(helper(t, "attack")); err != nil {
		t.Fatal(err)
	} else {
		b.write("attack", string(c), 0o755)
	}
	if b.cred != nil {
		// The binary TestMain built sits where only root may enter.
		b.bin = filepath.Join(dir, "mewsandbox")
		if out, err := osexec.Command("cp", bin, b.bin).CombinedOutput(); err != nil {
			t.Fatalf("copying the binary: %v\n%s", err, out)
		}
		filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { return os.Lchown(p, int(b.u.uid), int(b.u.gid)) })
	}
	return b
}

// write writes a file in the root.
func (b *userBox) write(rel, content string, mode os.FileMode) {
	b.t.Helper()
	if err := os.WriteFile(filepath.Join(b.root, rel), []byte(content), mode); err != nil {
		b.t.Fatal(err)
	}
}

// read returns a file's content in the root, or "<missing>".
func (b *userBox) read(rel string) string {
	c, err := os.ReadFile(filepath.Join(b.root, rel))
	if err != nil {
		return "<missing>"
	}
	return string(c)
}

// command is the binary with args, run as the user in the root.
func (b *userBox) command(args ...string) *osexec.Cmd {
	c := osexec.Command(b.bin, args...)
	c.Dir, c.Env = b.root, []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
	if b.cred != nil {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: b.cred}
	}
	return c
}

// check runs script (with the prelude's c and p, UID and GID standing for
// the user's, WORK for b.work) under `run --yolo FLAGS -- sh -s` and returns its outcomes;
// a script that fails itself fails the test.
func (b *userBox) check(script string, flags ...string) outcomes {
	b.t.Helper()
	script = strings.NewReplacer("UID", strconv.Itoa(int(b.u.uid)), "GID", strconv.Itoa(int(b.u.gid)), "WORK", b.work).Replace(script)
	c := b.command(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-s")...)
	c.Stdin = strings.NewReader(prelude + script + "\necho 'script ended: ok'\nexit 0\n")
	r := runCommand(b.t, c)
	if r.code != 0 {
		b.t.Fatalf("the check script as %s itself failed: exit %d\nstdout: %s\nstderr: %s", b.u.name, r.code, r.stdout, r.stderr)
	}
	o := outcomes{}
	for _, m := range probeLine.FindAllStringSubmatch(r.stdout, -1) {
		o[m[1]] = m[2]
	}
	o.ok(b.t, "script ended")
	return o
}

// TestUnprivilegedLayerMounts: the layer's read-only binds (.git/hooks,
// .git/config) and the root's read-only mount cannot be undone through any
// door of the mount API, each refused with seccomp's EPERM: in a user
// namespace those mounts are the namespace's own, unlocked, so a command
// holding CAP_SYS_ADMIN there could unmount, move, remount, clone or
// re-flag them. The hook stays as it was; statfs and a write in the root
// work. Without the layer seccomp refuses the same calls.
func TestUnprivilegedLayerMounts(t *testing.T) {
	b := newUserBox(t)
	os.Mkdir(filepath.Join(b.root, "moved"), 0o755)
	os.Mkdir(filepath.Join(b.root, "free"), 0o755)
	if b.cred != nil {
		os.Lchown(filepath.Join(b.root, "moved"), int(b.u.uid), int(b.u.gid))
		os.Lchown(filepath.Join(b.root, "free"), int(b.u.uid), int(b.u.gid))
	}
	const script = `
p umount-hooks umount-detach .git/hooks
p umount-config umount-detach .git/config
p remount-hooks remount-rw .git/hooks
p remount-root remount-rw /
p move-hooks mount-move .git/hooks moved
p bind-over-hooks mount-bind free .git/hooks
p clone-hooks open-tree-clone .git/hooks
p move-mount-hooks move-mount .git/hooks moved
p fspick-hooks fspick .git/hooks
p setattr-hooks mount-setattr-rw .git/hooks
p pivot-root pivot-root . moved
p statfs statfs
c write-hook sh -c 'echo pwned > .git/hooks/pre-commit'
c write-config sh -c 'printf "[core]\n\tfsmonitor = ./x\n" >> .git/config'
c write-root sh -c 'echo fine > fine'
`
	attacks := []string{"umount-hooks", "umount-config", "remount-hooks", "remount-root", "move-hooks", "bind-over-hooks",
		"clone-hooks", "move-mount-hooks", "fspick-hooks", "setattr-hooks", "pivot-root"}
	config := b.read(".git/config")
	o := b.check(script)
	for _, a := range attacks {
		o.errno(t, a, eperm)
	}
	o.ok(t, "statfs")
	o.fails(t, "write-hook")
	o.fails(t, "write-config")
	o.ok(t, "write-root")
	if got := b.read(".git/hooks/pre-commit"); got != "#!/bin/sh\nexit 0\n" {
		t.Errorf("as %s, .git/hooks/pre-commit holds %q after the run", b.u.name, got)
	}
	if got := b.read(".git/config"); got != config {
		t.Errorf("as %s, .git/config holds %q after the run, was %q", b.u.name, got, config)
	}
	if got := b.read("fine"); got != "fine\n" {
		t.Errorf("as %s, the write in the root left %q", b.u.name, got)
	}

	// Without the layer the writes to the hook and the config pass, and
	// are undone after the run, which fails (rt20).
	c := b.command("run", "--yolo", "--no-namespaces", "--", "sh", "-s")
	c.Stdin = strings.NewReader(prelude + script + "\nexit 0\n")
	r := runCommand(t, c)
	if r.code != 125 {
		t.Fatalf("as %s without the layer: exit %d, want 125\nstdout: %s\nstderr: %s", b.u.name, r.code, r.stdout, r.stderr)
	}
	o = parseOutcomes(r.stdout)
	for _, a := range attacks {
		o.errno(t, a, eperm)
	}
	o.ok(t, "statfs")
	if b.read(".git/hooks/pre-commit") != "#!/bin/sh\nexit 0\n" || b.read(".git/config") != config {
		t.Errorf("as %s without the layer, the hook or the config is left changed\nstderr: %s", b.u.name, r.stderr)
	}
}

// TestUnprivilegedIdentity: in the user namespace the command is the user
// itself and no one else exists: it cannot become root (setuid(0),
// EINVAL: uid 0 is not mapped), give its files to root or to nobody
// (chown, EINVAL), drop to no groups (setgroups, refused once the map was
// written) or make a user namespace of its own to map more; /proc/self's
// uid_map and setgroups are read-only. What it makes the host sees as the
// user's. Its own ids it may still set, and chown a file to them.
func TestUnprivilegedIdentity(t *testing.T) {
	b := newUserBox(t)
	o := b.check(`
p setuid-root setuid 0
p setgid-root setgid 0
p chown-root chown mine 0 0
p chown-nobody chown mine 65534 65534
p setgroups setgroups
p unshare-user unshare-user
c write-uid-map sh -c 'echo "0 0 1" > /proc/self/uid_map'
c write-setgroups sh -c 'echo allow > /proc/self/setgroups'
p setuid-own setuid UID
p setgid-own setgid GID
p chown-own chown mine UID GID
c make sh -c 'echo made > made && mkdir madedir'
c uid sh -c 'test "$(id -u)" = UID'
`)
	for _, a := range []string{"setuid-root", "setgid-root", "chown-root", "chown-nobody"} {
		o.errno(t, a, int(syscall.EINVAL))
	}
	o.errno(t, "setgroups", eperm)
	o.errno(t, "unshare-user", eperm)
	o.fails(t, "write-uid-map")
	o.fails(t, "write-setgroups")
	for _, ok := range []string{"setuid-own", "setgid-own", "chown-own", "make", "uid"} {
		o.ok(t, ok)
	}
	for _, f := range []string{"mine", "made", "madedir"} {
		var st syscall.Stat_t
		if err := syscall.Lstat(filepath.Join(b.root, f), &st); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if st.Uid != b.u.uid || st.Gid != b.u.gid || st.Mode&(syscall.S_ISUID|syscall.S_ISGID) != 0 {
			t.Errorf("as %s, %s is %d:%d mode %o on the host after the run; want %d:%d without set-ID bits", b.u.name, f, st.Uid, st.Gid, st.Mode&0o7777, b.u.uid, b.u.gid)
		}
	}
}

// TestUnprivilegedInitAndOutside: the pid namespace's init, which holds
// the runner's socket and, while relaying, the caller's files, is out of
// the command's reach in the user namespace too: its environment, root,
// working directory and descriptors are refused (EACCES: undumpable, and
// the command has no CAP_SYS_PTRACE there), and a signal from inside
// (SIGKILL, SIGSTOP, SIGTERM) neither ends nor stops the run. A process of
// the same user outside the sandbox is not there to name. Init's command
// line and the command's own environment stay readable.
func TestUnprivilegedInitAndOutside(t *testing.T) {
	b := newUserBox(t)
	outside := osexec.Command("sleep", "300")
	if b.cred != nil {
		outside.SysProcAttr = &syscall.SysProcAttr{Credential: b.cred}
	}
	if err := outside.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { outside.Process.Kill(); outside.Wait() })
	o := b.check(fmt.Sprintf(`
c init-environ cat /proc/1/environ
c init-root ls /proc/1/root/
c init-cwd ls /proc/1/cwd/
c init-fd ls /proc/1/fd/
c kill-init sh -c 'kill -KILL 1; kill -STOP 1; kill -TERM 1'
c init-cmdline cat /proc/1/cmdline
c self-environ cat /proc/self/environ
c outside-proc test -e /proc/%[1]d
c outside-kill kill -0 %[1]d
c key cat %[2]s
`, outside.Process.Pid, filepath.Join(b.home, ".ssh", "id_ed25519")))
	for _, a := range []string{"init-environ", "init-root", "init-cwd", "init-fd", "outside-proc", "outside-kill", "key"} {
		o.fails(t, a)
	}
	for _, ok := range []string{"kill-init", "init-cmdline", "self-environ"} {
		o.ok(t, ok)
	}
	if err := outside.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("the user's process outside did not survive the run: %v", err)
	}
}

// TestUnprivilegedGrantAboveRoot: a writable grant that holds the root
// (--allow-write of a directory above the project, work for work/src/proj)
// made every directory between the grant's top and the root the command's
// to rename: a red team's command renamed src away, the root's mount moving
// along with it, and made src/proj/.git/hooks/pre-commit of its own, the
// hook the user's next git commit at the project's path would have run
// (a copy of the project beside it, cp -a, would have hidden the swap).
// Those directories are mounts of their own, as the way to a protected
// path inside the root is: the rename fails (EBUSY) and the hook stays.
// The grant stays writable: a file written, and a directory of its own
// renamed, beside them.
func TestUnprivilegedGrantAboveRoot(t *testing.T) {
	b := newUserBox(t)
	o := b.check(`
c rename-above mv WORK/src WORK/src.old
c plant sh -c 'mkdir -p WORK/src/proj/.git/hooks && echo "echo pwned" > WORK/src/proj/.git/hooks/pre-commit'
c write-grant sh -c 'echo fine > WORK/fine'
c rename-in-grant sh -c 'mkdir WORK/a && mv WORK/a WORK/b'
`, "--allow-write", b.work)
	o.fails(t, "rename-above")
	o.fails(t, "plant")
	o.ok(t, "write-grant")
	o.ok(t, "rename-in-grant")
	if got := b.read(".git/hooks/pre-commit"); got != "#!/bin/sh\nexit 0\n" {
		t.Errorf("as %s, the project's .git/hooks/pre-commit holds %q after the run", b.u.name, got)
	}
	if _, err := os.Lstat(filepath.Join(b.work, "src.old")); err == nil {
		t.Errorf("as %s, the directory holding the root was renamed away (%s)", b.u.name, filepath.Join(b.work, "src.old"))
	}
}
