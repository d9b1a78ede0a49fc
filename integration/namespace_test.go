//go:build linux

package integration

// The namespace layer (#6): protected paths inside the root and metadata
// outside it, attacked with the layer and with it forced off
// (--no-namespaces), each beside a neighbour that must keep working; and
// the same as an unprivileged user, in a user namespace.

import (
	"fmt"
	"io"
	"net"
	"os"
	osexec "os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// requireNamespaces skips when this machine cannot give the runner a mount
// namespace (the runner then falls back to Landlock and seccomp alone).
func requireNamespaces(t *testing.T) {
	t.Helper()
	if err := namespacesAvailable(); err != nil {
		t.Skipf("no mount namespace here (%v): the layer cannot be tested", err)
	}
}

const gitEnv = "GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com"

// protectedScript attacks every protected path and then does the
// legitimate work next to them.
const protectedScript = `
c "plant a hook" sh -c 'printf "#!/bin/sh\necho pwned\n" > .git/hooks/pre-commit'
c "append to .git/config" sh -c 'printf "[core]\n\tfsmonitor = evil\n" >> .git/config'
c "create .claude settings" sh -c 'mkdir -p .claude && echo "{}" > .claude/settings.local.json'
c "create .mewsandbox settings" sh -c 'mkdir -p .mewsandbox && echo "sandbox: {}" > .mewsandbox/settings.local.yaml'
c "remove .claude" rm -rf .claude
c "move .claude away" mv .claude claude.old
c "move .git away and plant a new one" sh -c 'mv .git git.old && mkdir -p .git/hooks && echo x > .git/hooks/pre-commit'
c "write in the root" sh -c 'echo work > work.txt'
c "git add and commit" sh -c 'env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
c "git log" git log --oneline
`

// newGitBox is a box whose root is a real git repository with one commit.
func newGitBox(t *testing.T) *box {
	t.Helper()
	b := newBox(t, nil)
	os.RemoveAll(filepath.Join(b.root, ".git"))
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init"}} {
		cmd := osexec.Command("git", args...)
		cmd.Dir = b.root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return b
}

func TestProtectedPaths(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	config := b.read(".git/config")

	o := b.check(protectedScript)
	for _, attack := range []string{"plant a hook", "append to .git/config", "create .claude settings", "create .mewsandbox settings", "remove .claude", "move .claude away", "move .git away and plant a new one"} {
		o.fails(t, attack)
	}
	for _, ok := range []string{"write in the root", "git add and commit", "git log"} {
		o.ok(t, ok)
	}
	if b.exists(".git/hooks/pre-commit") || b.read(".git/config") != config || b.exists("git.old") || b.exists("claude.old") {
		t.Error("a protected file changed on the host")
	}
	for _, d := range []string{".claude", ".mewsandbox", ".codex"} {
		if b.staysAfter(d) {
			t.Errorf("%s: the layer's placeholder is left on the host", d)
		}
	}

	// Forced off, the same attacks succeed during the run (the documented
	// cost of --no-namespaces), and are undone after it, which fails
	// (rt20); the neighbours still work.
	nb := newGitBox(t)
	config = nb.read(".git/config")
	r := nb.sh(protectedScript+"\nexit 0\n", "--no-namespaces")
	if r.code != 125 {
		t.Fatalf("without the layer: exit %d, want 125\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	o = parseOutcomes(r.stdout)
	o.ok(t, "plant a hook")
	o.ok(t, "create .claude settings")
	o.ok(t, "move .git away and plant a new one")
	o.ok(t, "write in the root")
	if nb.exists(".git/hooks/pre-commit") || nb.read(".git/config") != config || nb.exists("git.old") || nb.exists(".claude") || nb.exists(".mewsandbox") {
		t.Errorf("without the layer, what the command planted is left after the run\nstderr: %s", r.stderr)
	}
	if !nb.exists(".git.mewsandbox-planted") {
		t.Error("without the layer, the command's .git was not moved aside")
	}
}

// TestProtectedGitdirPointer: a root whose .git is a "gitdir:" file (a
// worktree, a submodule) pointing inside the root has that directory's
// hooks protected.
func TestProtectedGitdirPointer(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	os.RemoveAll(filepath.Join(b.root, ".git"))
	b.file("repo.git/hooks/.keep", "", 0o644)
	b.file("repo.git/config", "[core]\n", 0o644)
	b.file(".git", "gitdir: repo.git\n", 0o644)
	o := b.check(`
c "plant a hook through the pointer" sh -c 'echo x > repo.git/hooks/post-checkout'
c "change its config" sh -c 'echo x >> repo.git/config'
c "write next to it" sh -c 'echo x > repo.git/description'
`)
	o.fails(t, "plant a hook through the pointer")
	o.fails(t, "change its config")
	o.ok(t, "write next to it")
}

// TestProtectedWayModes: a red team's command made the root and .git
// writable by all (chmod 777: the layer's mounts of them are writable, and
// the command owns them), after which any other user of the host could
// rename .git/hooks away and make hooks of its own there, or put a .git
// of its own in the root, which the owner's next git commit runs. A write
// bit for group or others that the command adds to the root, or to a
// directory on the way to a protected path, is taken off after the run,
// which fails (125) naming it, and so is an access control list it sets
// there; one on a directory elsewhere in the root stays, and so does a
// bit taken off.
func TestProtectedWayModes(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	mode := waysPutBack(t, b.root, nil, func(script string) result { return b.sh(script) }, " && chmod g+w .git/refs")
	if got := mode(".git/refs"); got != 0o775 {
		t.Errorf(".git/refs: mode %o, want the command's 775 (on no protected path's way)", got)
	}

	// Where its group may write already, an access control list gives
	// another user write permission with no change to the mode.
	if err := os.Chmod(filepath.Join(b.root, ".git"), 0o775); err != nil {
		t.Fatal(err)
	}
	r := b.sh(`python3 -c 'import os, struct; os.setxattr(".git", "system.posix_acl_access", struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in ((1, 7, 2**32-1), (2, 7, 12345), (4, 7, 2**32-1), (0x10, 7, 2**32-1), (0x20, 5, 2**32-1))))'` + "\n")
	switch {
	case os.Geteuid() != 0:
		// In a user namespace that maps only the user, a list can name
		// no one else (EINVAL).
		if r.code == 0 || !strings.Contains(r.stderr, "Invalid argument") {
			t.Errorf("an access control list on .git for user 12345, as a user: exit %d, stderr %q; want EINVAL", r.code, r.stderr)
		}
	case r.code != 125 || !strings.Contains(r.stderr, "system.posix_acl_access"):
		t.Errorf("an access control list on .git for user 12345: exit %d, stderr %q; want 125 naming it", r.code, r.stderr)
	}
	if _, err := unix.Getxattr(filepath.Join(b.root, ".git"), "system.posix_acl_access", make([]byte, 256)); err != unix.ENODATA || mode(".git") != 0o775 {
		t.Errorf(".git after the run: access control list %v (want none), mode %o (want 775)", err, mode(".git"))
	}

	// The neighbours: fewer bits, and more on a directory off the way.
	r = b.sh("chmod 700 .git && chmod 777 sub\n")
	if r.code != 0 || mode(".git") != 0o700 {
		t.Errorf("chmod 700 .git: exit %d, mode %o, stderr %q; want 0 and 700", r.code, mode(".git"), r.stderr)
	}
}

// waysPutBack makes the root, its .git and a directory sub 755 (own, if
// given, gives each to the run's user first), has sh run chmod 777 of the
// three (and extra, a script's tail), and asserts the run failed (125)
// naming the root and .git, both 755 again, and sub left 777: no
// protected path lies below it. It returns the reader of a mode in the
// root, for the caller's further checks.
func waysPutBack(t *testing.T, root string, own func(string), sh func(string) result, extra string) func(string) os.FileMode {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{".", ".git", "sub"} {
		if own != nil {
			own(filepath.Join(root, d))
		}
		if err := os.Chmod(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mode := func(d string) os.FileMode {
		fi, err := os.Lstat(filepath.Join(root, d))
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	r := sh("chmod 777 . .git sub" + extra + "\n")
	if r.code != 125 || !strings.Contains(r.stderr, root+": ") || !strings.Contains(r.stderr, filepath.Join(root, ".git")+": ") {
		t.Errorf("exit %d, stderr %q; want 125 naming the root and .git", r.code, r.stderr)
	}
	for _, d := range []string{".", ".git"} {
		if got := mode(d); got != 0o755 {
			t.Errorf("%s: mode %o after the run, want 755 again", d, got)
		}
	}
	if got := mode("sub"); got != 0o777 {
		t.Errorf("sub: mode %o, want the command's 777 (no protected path below it)", got)
	}
	return mode
}

// TestProtectedWayModesNarrowed: what the run puts back after the command
// never grants more than the plan found, nor fails the run for less. A
// chmod that takes bits off .git where it has an access control list
// (which changes the list's mask) keeps them off and the run succeeds,
// and a root its group could write before the run (umask 002) is no one's
// doing.
func TestProtectedWayModesNarrowed(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	git := filepath.Join(b.root, ".git")
	if err := os.Chmod(b.root, 0o775); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(git, 0o755); err != nil {
		t.Fatal(err)
	}
	// user::rwx user:12345:r-x group::r-x mask::r-x other::r-x
	acl := []byte{2, 0, 0, 0}
	for _, e := range [][3]uint32{{1, 7, 1<<32 - 1}, {2, 5, 12345}, {4, 5, 1<<32 - 1}, {0x10, 5, 1<<32 - 1}, {0x20, 5, 1<<32 - 1}} {
		acl = append(acl, byte(e[0]), byte(e[0]>>8), byte(e[1]), byte(e[1]>>8), byte(e[2]), byte(e[2]>>8), byte(e[2]>>16), byte(e[2]>>24))
	}
	if err := unix.Setxattr(git, "system.posix_acl_access", acl, 0); err != nil {
		t.Skipf("no access control lists here: %v", err)
	}
	r := b.sh("chmod 700 .git\n")
	fi, err := os.Lstat(git)
	if err != nil {
		t.Fatal(err)
	}
	if r.code != 0 || fi.Mode().Perm() != 0o700 {
		t.Errorf("chmod 700 .git with an access control list: exit %d, mode %o, stderr %q; want 0 and 700 kept", r.code, fi.Mode().Perm(), r.stderr)
	}
	if fi, err := os.Lstat(b.root); err != nil || fi.Mode().Perm() != 0o775 {
		t.Errorf("the root, 775 before the run: %v, %v after; want 775", fi.Mode(), err)
	}
}

// TestProtectedWayOwner: a root command keeps no CAP_CHOWN, but its owner
// may still give .git to a group it is in (a supplementary group of the
// runner's, as a container's root has several): .git, 775 as umask 002
// leaves it, is then that group's to write, whose members could replace
// .git/hooks. Its owner and group are put back and the run fails (125).
func TestProtectedWayOwner(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("a user's run maps no group but its own: chgrp fails")
	}
	b := newGitBox(t)
	git := filepath.Join(b.root, ".git")
	if err := os.Chmod(git, 0o775); err != nil {
		t.Fatal(err)
	}
	c := osexec.Command(bin, "run", "--yolo", "--", "sh", "-s")
	c.Dir, c.Env, c.Stdin = b.root, append(os.Environ(), "HOME="+b.home), strings.NewReader("chgrp 12345 .git\n")
	c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 0, Gid: 0, Groups: []uint32{0, 12345}}}
	out, err := c.CombinedOutput()
	code := 0
	if exit, ok := err.(*osexec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var st unix.Stat_t
	if err := unix.Lstat(git, &st); err != nil {
		t.Fatal(err)
	}
	if code != 125 || !strings.Contains(string(out), "group 12345") || st.Gid != 0 || st.Mode&0o777 != 0o775 {
		t.Errorf("chgrp 12345 .git in a run with that group: exit %d, group %d, mode %o, output %q; want 125 naming the group, and group 0 and 775 again", code, st.Gid, st.Mode&0o777, out)
	}
}

// TestMetadataOutsideRoot: Landlock does not mediate chmod, chown, utimes
// or setxattr; the layer's read-only mounts do.
func TestMetadataOutsideRoot(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	target := b.file(filepath.Join(b.out, "outside"), "x", 0o644)
	script := fmt.Sprintf(`
c "chmod outside" chmod 600 %[1]s
c "utimes outside" touch -d 2000-01-01 %[1]s
c "chmod inside" sh -c 'echo x > mine && chmod 600 mine'
c "utimes inside" touch -d 2000-01-01 mine
`, target)
	o := b.check(script)
	o.fails(t, "chmod outside")
	o.fails(t, "utimes outside")
	o.ok(t, "chmod inside")
	o.ok(t, "utimes inside")
	if fi, err := os.Stat(target); err != nil || fi.Mode().Perm() != 0o644 || fi.ModTime().Year() == 2000 {
		t.Errorf("outside file after the run: %v, %v", fi, err)
	}
	if os.Geteuid() == 0 {
		// Root owns the file, so without the layer chmod works: that is
		// the hole the layer closes.
		o = b.check(script, "--no-namespaces")
		o.ok(t, "chmod outside")
		o.ok(t, "chmod inside")
	}
}

// TestMetadataThroughStdio: the command's standard descriptors were opened
// on the host's mounts, which the layer's read-only copies do not cover. A
// review made a root-owned file stdout went to set-uid (with /usr/bin/id
// written into it, a root shell for anyone) and could have broken
// /dev/null, by chmod and touch through /proc/self/fd. Output to a file
// outside the writable grants now goes through a pipe the pid namespace's
// init relays, and /dev/null is the sandbox's own. A second review found
// what the first relay broke: stdin's shared offset, the order of
// >>log 2>>log, --limit-fsize's status; each has a case here.
func TestMetadataThroughStdio(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	b.file("attack.sh", `echo line1
chmod 4755 /proc/self/fd/1 || echo "chmod stdout failed" >&2
touch -d @0 /proc/self/fd/1
chmod 600 /proc/self/fd/0 || echo "chmod stdin failed" >&2
touch -d @0 /proc/self/fd/0 || echo "touch stdin failed" >&2
echo line2
`, 0o644)
	output := b.file(filepath.Join(b.out, "output"), "before\n", 0o644)
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(output, old, old); err != nil {
		t.Fatal(err)
	}
	open := func(path string, flag int) *os.File {
		t.Helper()
		f, err := os.OpenFile(path, flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	// Never the machine's own /dev/null, which exec.Cmd gives a nil
	// stream: run against a binary without the guard (as this test was,
	// to see it fail), the attack set that one's mode.
	spare := 0
	runWith := func(stdin, stdout, stderr *os.File, args ...string) (int, string) {
		t.Helper()
		for _, f := range []**os.File{&stdin, &stdout, &stderr} {
			if *f == nil {
				spare++
				*f = open(b.file(filepath.Join(b.out, "spare"+strconv.Itoa(spare)), "", 0o644), os.O_RDWR)
			}
		}
		errFile := stderr.Name()
		cmd := osexec.Command(bin, append([]string{"run"}, args...)...)
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
		err := cmd.Run()
		msg, _ := os.ReadFile(errFile)
		if ee, ok := err.(*osexec.ExitError); ok {
			return ee.ExitCode(), string(msg)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(msg)
	}
	unchanged := func(path string, mode os.FileMode) {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		// Written since, the file is newer; touch -d @0 made it 1970.
		if fi.Mode() != mode || fi.ModTime().Before(old) {
			t.Errorf("%s after the run: %v, modified %v; want %v, not before %v", path, fi.Mode(), fi.ModTime(), mode, old)
		}
	}

	// stdout appended to a root-owned log outside the root, stdin read
	// from a file outside the root.
	in := b.file(filepath.Join(b.out, "in"), "", 0o644)
	os.Chtimes(in, old, old)
	code, msg := runWith(open(in, os.O_RDONLY), open(output, os.O_WRONLY|os.O_APPEND), nil, "--", "sh", "attack.sh")
	if code != 0 || !strings.Contains(msg, "chmod stdin failed") || !strings.Contains(msg, "touch stdin failed") {
		t.Fatalf("exit %d: %s", code, msg)
	}
	unchanged(output, 0o644)
	unchanged(in, 0o644)
	if got := b.read(output); got != "before\nline1\nline2\n" {
		t.Errorf("output file holds %q", got)
	}
	// Without the layer the mode and times of such a file are the
	// command's to change (README: what is lost without namespaces).
	if code, msg := runWith(open(in, os.O_RDONLY), nil, nil, "--no-namespaces", "--", "sh", "attack.sh"); code != 0 || strings.Contains(msg, "chmod stdin failed") {
		t.Errorf("--no-namespaces: exit %d, %q; want the documented loss", code, msg)
	}
	os.Chmod(in, 0o644)
	os.Chtimes(in, old, old)
	// A directory outside the root, and a protected path inside it, as
	// stdin: their modes stay too.
	dir := filepath.Join(b.out, "dir")
	os.Mkdir(dir, 0o755)
	os.Chtimes(dir, old, old)
	config := b.file(".git/config", "[core]\n", 0o644)
	os.Chtimes(config, old, old)
	for path, mode := range map[string]os.FileMode{dir: os.ModeDir | 0o755, config: 0o644} {
		if code, msg := runWith(open(path, os.O_RDONLY), nil, nil, "--", "sh", "attack.sh"); code != 0 || !strings.Contains(msg, "chmod stdin failed") {
			t.Errorf("%s as stdin: exit %d, %q", path, code, msg)
		}
		unchanged(path, mode)
	}
	// The root itself as stdin: its .. leads on in the
	// sandbox's tree, not the host's, and its protected paths stay
	// read-only; the command still writes in the root through it.
	up, err := filepath.Rel(b.root, in)
	if err != nil {
		t.Fatal(err)
	}
	b.file("updir.sh", `chmod 4777 /proc/self/fd/0/`+up+` || echo "chmod above failed" >&2
echo x >> /proc/self/fd/0/.git/config || echo "config failed" >&2
echo made > /proc/self/fd/0/made
`, 0o644)
	if code, msg := runWith(open(b.root, os.O_RDONLY), nil, nil, "--", "sh", "updir.sh"); code != 0 || !strings.Contains(msg, "chmod above failed") || !strings.Contains(msg, "config failed") || b.read("made") != "made\n" {
		t.Errorf("the root as stdin: exit %d, %q, made %q", code, msg, b.read("made"))
	}
	unchanged(in, 0o644)
	unchanged(config, 0o644)
	// A directory with no name left: its .. would lead on in the host's
	// mounts too; refused.
	gone := filepath.Join(b.root, "gone")
	os.Mkdir(gone, 0o755)
	goneDir := open(gone, os.O_RDONLY)
	os.Remove(gone)
	if code, msg := runWith(goneDir, nil, nil, "--", "true"); code != 125 || !strings.Contains(msg, "open afresh the directory standard input is on") {
		t.Errorf("a removed directory as stdin: exit %d, %q; want 125", code, msg)
	}
	// A directory outside the root the policy lets it read: its files
	// are read through it by name (Landlock's rule above it applies).
	b.file(filepath.Join(dir, "readme"), "hi\n", 0o644)
	b.file("readdir.sh", "cat /proc/self/fd/0/readme\n", 0o644)
	readme := b.file(filepath.Join(b.out, "readme-out"), "", 0o644)
	if code, msg := runWith(open(dir, os.O_RDONLY), open(readme, os.O_WRONLY), nil, "--allow-read", b.out, "--", "sh", "readdir.sh"); code != 0 || b.read(readme) != "hi\n" {
		t.Errorf("reading through a directory given as stdin: exit %d, %q, read %q", code, msg, b.read(readme))
	}
	// A file in the host's /tmp, which the layer hides: read through the
	// copy of its mount, by /dev/stdin too where a rule grants it.
	hostTmp, err := os.MkdirTemp("", "mewsandbox-stdin-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(hostTmp) })
	hidden := b.file(filepath.Join(hostTmp, "input"), "from /tmp\n", 0o644)
	if code, msg := runWith(open(hidden, os.O_RDONLY), open(readme, os.O_WRONLY|os.O_TRUNC), nil, "--allow-read", hostTmp, "--", "sh", "-c", "cat /dev/stdin"); code != 0 || b.read(readme) != "from /tmp\n" {
		t.Errorf("a file in the host's /tmp as stdin, read by /dev/stdin: exit %d, %q, read %q", code, msg, b.read(readme))
	}
	if code, msg := runWith(open(hidden, os.O_RDONLY), nil, nil, "--", "sh", "attack.sh"); code != 0 || !strings.Contains(msg, "chmod stdin failed") {
		t.Errorf("a file in the host's /tmp as stdin: exit %d, %q", code, msg)
	}
	unchanged(hidden, 0o644)
	// Named FIFOs, stdin's in the host's /tmp, stdout's outside the root:
	// data passes, their modes stay.
	inFIFO, outFIFO := filepath.Join(hostTmp, "in.fifo"), filepath.Join(b.out, "out.fifo")
	for _, f := range []string{inFIFO, outFIFO} {
		if err := syscall.Mkfifo(f, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chmod(f, 0o644)
	}
	feed := open(inFIFO, os.O_RDWR)
	fifoIn := open(inFIFO, os.O_RDONLY)
	feed.WriteString("through FIFOs\n")
	feed.Close()
	fromFIFO := make(chan string)
	go func() {
		f, err := os.Open(outFIFO)
		if err != nil {
			fromFIFO <- err.Error()
			return
		}
		got, _ := io.ReadAll(f)
		f.Close()
		fromFIFO <- string(got)
	}()
	fifoOut := open(outFIFO, os.O_WRONLY)
	b.file("fifo.sh", "chmod 666 /proc/self/fd/0 || echo 'chmod stdin failed' >&2\nchmod 666 /proc/self/fd/1 || echo 'chmod stdout failed' >&2\ncat\n", 0o644)
	code, msg = runWith(fifoIn, fifoOut, nil, "--", "sh", "fifo.sh")
	fifoOut.Close()
	if got := <-fromFIFO; code != 0 || got != "through FIFOs\n" || !strings.Contains(msg, "chmod stdin failed") || !strings.Contains(msg, "chmod stdout failed") {
		t.Errorf("FIFOs as stdin and stdout: exit %d, %q, passed %q", code, msg, got)
	}
	for _, f := range []string{inFIFO, outFIFO} {
		if fi, err := os.Stat(f); err != nil || fi.Mode()&0o777 != 0o644 {
			t.Errorf("%s after the run: %v, %v", f, fi.Mode(), err)
		}
	}
	// A FIFO no one reads any more, as stdout: the command's write fails
	// (SIGPIPE) as it would on the host, where the FIFO cannot be opened
	// afresh.
	noReader := open(outFIFO, os.O_RDWR)
	deadOut := open(outFIFO, os.O_WRONLY)
	noReader.Close()
	if code, msg := runWith(nil, deadOut, nil, "--", "sh", "-c", "echo lost"); code != 141 {
		t.Errorf("stdout a FIFO without a reader: exit %d, %q; want 141", code, msg)
	}
	// With CAP_SYS_PTRACE kept the command could reach init's descriptor
	// of a relayed file (/proc/1/fd): such output is refused.
	if os.Geteuid() == 0 {
		if code, msg := runWith(nil, open(output, os.O_WRONLY|os.O_APPEND), nil, "--keep-cap", "CAP_SYS_PTRACE", "--", "true"); code != 125 || !strings.Contains(msg, "--keep-cap CAP_SYS_PTRACE") {
			t.Errorf("a relayed stdout with CAP_SYS_PTRACE kept: exit %d, %q; want 125", code, msg)
		}
	}
	// An O_PATH descriptor of a socket: refused, since chmod of
	// /proc/self/fd/0 would change the socket.
	sock, err := net.Listen("unix", filepath.Join(b.out, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sock.Close() })
	sockPath, err := os.OpenFile(filepath.Join(b.out, "sock"), unix.O_PATH, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sockPath.Close() })
	if code, msg := runWith(sockPath, nil, nil, "--", "true"); code != 125 || !strings.Contains(msg, "O_PATH descriptor of a socket") {
		t.Errorf("an O_PATH socket as stdin: exit %d, %q; want 125", code, msg)
	}
	// <>f >&0 outside the root: input and output would no longer share
	// an offset; refused.
	both2 := open(b.file(filepath.Join(b.out, "both2"), "abcdefgh", 0o644), os.O_RDWR)
	if code, msg := runWith(both2, both2, nil, "--", "true"); code != 125 || !strings.Contains(msg, "standard input is also standard output or error") {
		t.Errorf("<>f >&0 outside the root: exit %d, %q; want 125", code, msg)
	}
	// <>f >&0 inside the root, f not the command's to write by its name:
	// stdin stays the one description the output writes, offset shared,
	// as on the host.
	// As root, 0444: no owner's write bit for the command, and root
	// opens it for writing anyway; as a user, its own file.
	mode := os.FileMode(0o644)
	if os.Geteuid() == 0 {
		mode = 0o444
	}
	shared := b.file("shared", "line1\nline2\nline3\n", mode)
	sharedRW := open(shared, os.O_RDWR)
	if code, msg := runWith(sharedRW, sharedRW, nil, "--", "sh", "-c", "read a; echo OUT"); code != 0 || b.read(shared) != "line1\nOUT\n2\nline3\n" {
		t.Errorf("<>f >&0 inside the root: exit %d, %q, file %q", code, msg, b.read(shared))
	}
	// An O_PATH stdin stays one: nothing is read through it.
	opath, err := os.OpenFile(filepath.Join(dir, "readme"), unix.O_PATH, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { opath.Close() })
	if code, msg := runWith(opath, nil, nil, "--", "sh", "-c", "cat || echo 'read failed' >&2"); code != 0 || !strings.Contains(msg, "read failed") {
		t.Errorf("an O_PATH stdin: exit %d, %q", code, msg)
	}
	// A link the command of an earlier run left where the file's name
	// was, to a FIFO: nothing opens the FIFO (which would wait for a
	// writer), the run is refused.
	fifo := filepath.Join(b.out, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	b.file("swap.sh", `n=$(readlink /proc/$$/fd/0) && ln "$n" "$n.h" && rm "$n" && ln -s `+fifo+` "$n (deleted)" && echo swapped >&2
`, 0o644)
	list := open(b.file("list", "a\n", 0o644), os.O_RDONLY)
	if code, msg := runWith(list, nil, nil, "--yolo", "--", "sh", "swap.sh"); code != 0 || !strings.Contains(msg, "swapped") {
		t.Fatalf("swap.sh: exit %d, %q", code, msg)
	}
	if code, msg := runWith(list, nil, nil, "--yolo", "--", "true"); code != 125 || !strings.Contains(msg, "too many levels of symbolic links") {
		t.Errorf("stdin whose name became a link to a FIFO: exit %d, %q; want 125", code, msg)
	}
	if os.Geteuid() == 0 {
		// A file the runner cannot open afresh (its name is longer than
		// PATH_MAX), another user's: root's descriptor stays, through
		// which the command, without root's capabilities, changes
		// nothing; with CAP_FOWNER kept it could, and the run is refused.
		u := testUser(t)
		deep, err := unix.Open(b.out, unix.O_PATH|unix.O_DIRECTORY, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 22; i++ {
			part := strings.Repeat(string(rune('a'+i)), 200)
			if err := unix.Mkdirat(deep, part, 0o755); err != nil {
				t.Fatal(err)
			}
			next, err := unix.Openat(deep, part, unix.O_PATH|unix.O_DIRECTORY, 0)
			unix.Close(deep)
			if err != nil {
				t.Fatal(err)
			}
			deep = next
		}
		fd, err := unix.Openat(deep, "far", unix.O_CREAT|unix.O_RDONLY|unix.O_CLOEXEC, 0o644)
		if err == nil {
			err = unix.Fchown(fd, int(u.uid), int(u.gid))
		}
		unix.Close(deep)
		if err != nil {
			t.Fatal(err)
		}
		far := os.NewFile(uintptr(fd), "far")
		t.Cleanup(func() { far.Close() })
		for _, c := range []struct {
			keep []string
			code int
		}{{nil, 0}, {[]string{"--keep-cap", "CAP_FOWNER"}, 125}, {[]string{"--keep-cap", "CAP_SETFCAP"}, 125}} {
			code, msg := runWith(far, nil, nil, append(c.keep, "--", "sh", "attack.sh")...)
			var fi unix.Stat_t
			unix.Fstat(fd, &fi)
			if code != c.code || fi.Mode&0o7777 != 0o644 || c.code == 0 && !strings.Contains(msg, "chmod stdin failed") {
				t.Errorf("%v, stdin another user's file with a name past PATH_MAX: exit %d, %q, mode %o; want exit %d, 644", c.keep, code, msg, fi.Mode&0o7777, c.code)
			}
		}
	}
	// Open for reading and writing (<>), it is read-only for the command;
	// open only for writing, the run is refused.
	b.file(filepath.Join(b.out, "in"), "input\n", 0o644)
	if code, msg := runWith(open(in, os.O_RDWR), nil, nil, "--", "sh", "-c", "read l; echo x >&0 || echo 'write stdin failed' >&2"); code != 0 || !strings.Contains(msg, "write stdin failed") {
		t.Errorf("stdin open for reading and writing outside the root: exit %d, %q", code, msg)
	}
	if got := b.read(in); got != "input\n" {
		t.Errorf("stdin open for reading and writing outside the root: now %q", got)
	}
	if code, msg := runWith(open(in, os.O_WRONLY), nil, nil, "--", "true"); code != 125 || !strings.Contains(msg, "standard input is a file open only for writing outside the writable paths") {
		t.Errorf("stdin open only for writing outside the root: exit %d, %q; want 125", code, msg)
	}
	// A file with no name left (a long here document's) is no one
	// else's: it stays as it is, and is read.
	heredoc := open(b.file(filepath.Join(b.out, "heredoc"), "here\n", 0o600), os.O_RDONLY)
	os.Remove(heredoc.Name())
	out := b.file(filepath.Join(b.out, "cat"), "", 0o644)
	if code, msg := runWith(heredoc, open(out, os.O_WRONLY), nil, "--", "cat"); code != 0 || b.read(out) != "here\n" {
		t.Errorf("an unlinked file as stdin: exit %d, %q, printed %q", code, msg, b.read(out))
	}
	if os.Geteuid() == 0 {
		// /dev/null as stdin, the way agents start commands: a copy of
		// the device, so that a failure cannot break the machine's own.
		null := filepath.Join(b.out, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
			t.Fatal(err)
		}
		os.Chmod(null, 0o666)
		os.Chtimes(null, old, old)
		code, msg = runWith(open(null, os.O_RDONLY), open(output, os.O_WRONLY|os.O_APPEND), nil, "--", "sh", "attack.sh")
		if code != 0 || !strings.Contains(msg, "chmod stdin failed") {
			t.Errorf("chmod of /dev/null as stdin: exit %d, %q", code, msg)
		}
		unchanged(null, os.ModeDevice|os.ModeCharDevice|0o666)
	}

	// The neighbours. A file in the root as stdin is the caller's,
	// offset and all: what the command does not read stays for the next
	// reader. One outside the root is read from the caller's offset on,
	// and the caller's offset moved to where the command's ended.
	got := b.file(filepath.Join(b.out, "got"), "", 0o644)
	for _, c := range []struct{ path, got, rest string }{
		{"five", "2\n", "3\n4\n5\n"},
		{filepath.Join(b.out, "five"), "2\n", "3\n4\n5\n"},
	} {
		five := open(b.file(c.path, "1\n2\n3\n4\n5\n", 0o644), os.O_RDONLY)
		five.Read(make([]byte, 2))
		if code, msg := runWith(five, open(got, os.O_WRONLY|os.O_TRUNC), nil, "--", "head", "-n1"); code != 0 {
			t.Fatalf("head: exit %d: %s", code, msg)
		}
		rest, _ := io.ReadAll(five)
		if b.read(got) != c.got || string(rest) != c.rest {
			t.Errorf("%s: head -n1 printed %q and left %q, want %q and %q", c.path, b.read(got), rest, c.got, c.rest)
		}
	}
	// stdout and stderr into one file, as one description (2>&1) or two
	// appending (>>log 2>>log), keep their order; the exit status passes.
	both := b.file(filepath.Join(b.out, "both"), "", 0o644)
	order := "for i in 1 2 3; do echo out$i; echo err$i >&2; done; exit 3"
	f := open(both, os.O_WRONLY|os.O_TRUNC)
	if code, _ := runWith(nil, f, f, "--", "sh", "-c", order); code != 3 {
		t.Errorf("exit %d, want 3", code)
	}
	want := "out1\nerr1\nout2\nerr2\nout3\nerr3\n"
	if got := b.read(both); got != want {
		t.Errorf("2>&1 into a file: %q", got)
	}
	if code, _ := runWith(nil, open(both, os.O_WRONLY|os.O_APPEND), open(both, os.O_WRONLY|os.O_APPEND), "--", "sh", "-c", order); code != 3 {
		t.Errorf("exit %d, want 3", code)
	}
	if got := b.read(both); got != want+want {
		t.Errorf(">>log 2>>log: %q", got)
	}
	// A large output arrives whole; beyond --limit-fsize the run ends
	// with SIGXFSZ's status as a write to the file would.
	big := b.file(filepath.Join(b.out, "big"), "", 0o644)
	if code, msg := runWith(nil, open(big, os.O_WRONLY|os.O_TRUNC), nil, "--", "seq", "1", "500000"); code != 0 {
		t.Errorf("seq: exit %d: %s", code, msg)
	}
	if got := b.read(big); len(got) != 3388895 || !strings.HasSuffix(got, "\n499999\n500000\n") {
		t.Errorf("a large output: %d bytes, ending %q", len(got), got[max(0, len(got)-20):])
	}
	if code, msg := runWith(nil, open(big, os.O_WRONLY|os.O_TRUNC), nil, "--limit-fsize", "10", "--", "sh", "-c", "echo 0123456789abcdef"); code != 153 || b.read(big) != "0123456789" {
		t.Errorf("past --limit-fsize: exit %d (want 153), file %q, stderr %q", code, b.read(big), msg)
	}
	if os.Geteuid() == 0 {
		// A full disk: the relay says so, and the writer's next write
		// fails, as it would have on the file.
		small := filepath.Join(b.out, "small")
		os.Mkdir(small, 0o755)
		if err := syscall.Mount("tmpfs", small, "tmpfs", 0, "size=64k"); err != nil {
			t.Fatalf("mount a small tmpfs: %v", err)
		}
		t.Cleanup(func() { syscall.Unmount(small, syscall.MNT_DETACH) })
		log := b.file(filepath.Join(small, "log"), "", 0o644)
		// stderr a pipe, not relayed: init keeps it to say so.
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		var msg strings.Builder
		done := make(chan struct{})
		go func() { io.Copy(&msg, r); close(done) }()
		code, _ := runWith(nil, open(log, os.O_WRONLY), w, "--", "sh", "-c", "head -c 1000000 /dev/zero; echo head=$? >&2")
		w.Close()
		<-done
		if code != 0 || !strings.Contains(msg.String(), "failed: errno 28") || !strings.Contains(msg.String(), "head=141") {
			t.Errorf("output to a full file system: exit %d, stderr %q", code, msg.String())
		}
	}
	b.file("term.sh", "echo going\nkill -TERM $$\n", 0o644)
	if code, _ := runWith(nil, open(big, os.O_WRONLY|os.O_TRUNC), nil, "--", "sh", "term.sh"); code != 143 || b.read(big) != "going\n" {
		t.Errorf("a command killed by SIGTERM: exit %d (want 143), output %q", code, b.read(big))
	}
}

// TestMetadataThroughPassedDescriptors: a descriptor handed over with
// --pass-fd was opened by the caller on the host's mounts, where through
// a directory's the command could chmod any file below it, and by .. above
// it (chmod /proc/self/fd/3/../x): a directory, a file open for reading
// and a memory device come as stdio does, opened afresh on the sandbox's
// read-only mounts (or as the sandbox's own device), and a directory the
// layer hides is refused. A file passed open for writing stays the
// caller's descriptor (README). Without the layer the mode is the
// command's to change.
func TestMetadataThroughPassedDescriptors(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	dir := filepath.Join(b.out, "dir")
	victim := b.file(filepath.Join(dir, "victim"), "victim\n", 0o644)
	beside := b.file(filepath.Join(b.out, "beside"), "beside\n", 0o644)
	input := b.file(filepath.Join(b.out, "input"), "skipped\nread\n", 0o644)
	pass := func(fd3 *os.File, args ...string) result {
		t.Helper()
		defer fd3.Close()
		return b.runWithFiles([]*os.File{fd3}, "", append([]string{"run", "--yolo", "--pass-fd", "3"}, args...)...)
	}
	open := func(p string, flag int) *os.File {
		t.Helper()
		f, err := os.OpenFile(p, flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	unchanged := func(want os.FileMode, paths ...string) {
		t.Helper()
		os.Chmod(dir, 0o755) // for the files below it, should the attack have got through
		for _, p := range paths {
			if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
				t.Errorf("%s after the run: %v (%v), want %v", p, fi, err, want)
			}
			os.Chmod(p, want)
		}
	}
	attack := `chmod 600 /proc/self/fd/3/victim 2>/dev/null || echo "chmod below refused"
chmod 600 /proc/self/fd/3/../beside 2>/dev/null || echo "chmod above refused"
chmod 600 /proc/self/fd/3 2>/dev/null || echo "chmod refused"`
	r := pass(open(dir, os.O_RDONLY), "--", "sh", "-c", attack)
	if r.code != 0 || r.stdout != "chmod below refused\nchmod above refused\nchmod refused\n" {
		t.Errorf("a directory passed: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	unchanged(0o644, victim, beside)
	unchanged(0o755, dir)

	// A file passed to be read, at the caller's offset, which the run
	// moves on as a shared one would: three runs read three lines.
	in := open(input, os.O_RDONLY)
	in.Seek(int64(len("skipped\n")), io.SeekStart)
	r = b.runWithFiles([]*os.File{in}, "", "run", "--yolo", "--pass-fd", "3", "--", "sh", "-c", `read -r l <&3; echo "$l"; chmod 600 /proc/self/fd/3 2>/dev/null || echo "chmod refused"`)
	if r.code != 0 || r.stdout != "read\nchmod refused\n" {
		t.Errorf("a file passed to be read: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	in.Seek(0, io.SeekStart)
	for _, want := range []string{"skipped", "read"} {
		if r := b.runWithFiles([]*os.File{in}, "", "run", "--yolo", "--pass-fd", "3", "--", "sh", "-c", `read -r l <&3; echo "$l"`); r.stdout != want+"\n" {
			t.Errorf("a file passed to be read, line by line: %q (%q), want %q", r.stdout, r.stderr, want)
		}
	}
	in.Close()
	unchanged(0o644, input)

	// A file passed to be written, outside the writable paths: through
	// the caller's descriptor its owner could make it a set-uid copy of
	// a program, so a run that owns it is refused.
	out := b.file(filepath.Join(b.out, "log"), "", 0o644)
	r = pass(open(out, os.O_WRONLY|os.O_APPEND), "--", "sh", "-c", `cat /bin/true >&3; chmod 4755 /proc/self/fd/3`)
	if r.code != 125 || !strings.Contains(r.stderr, "the descriptor passed as 3 is a file open for writing outside the writable paths") || b.read(out) != "" {
		t.Errorf("a file of the command's passed to be written: exit %d, %q, holds %d bytes; want 125", r.code, r.stderr, len(b.read(out)))
	}
	unchanged(0o644, out)
	// Inside the root the command may write it and change it anyway.
	inRoot := b.file("log", "", 0o644)
	if r := pass(open(inRoot, os.O_WRONLY|os.O_APPEND), "--", "sh", "-c", `echo logged >&3`); r.code != 0 || b.read(inRoot) != "logged\n" {
		t.Errorf("a file in the root passed to be written: exit %d, %q, holds %q", r.code, r.stderr, b.read(inRoot))
	}
	if os.Geteuid() == 0 {
		// Another user's, which the command cannot change: written.
		os.Truncate(out, 0)
		os.Chown(out, 65534, 65534)
		r = pass(open(out, os.O_WRONLY|os.O_APPEND), "--", "sh", "-c", `echo logged >&3; chmod 4755 /proc/self/fd/3 2>/dev/null || echo "chmod refused"`)
		if r.code != 0 || r.stdout != "chmod refused\n" || b.read(out) != "logged\n" {
			t.Errorf("another user's file passed to be written: exit %d, %q, %q, holds %d bytes", r.code, r.stdout, r.stderr, len(b.read(out)))
		}
		unchanged(0o644, out)
		// One others may write: its user.* attributes and times would be
		// the command's to set. Refused.
		os.Chmod(out, 0o666)
		r = pass(open(out, os.O_WRONLY|os.O_APPEND), "--", "sh", "-c", `touch /proc/self/fd/3`)
		if r.code != 125 || !strings.Contains(r.stderr, "whose mode or attributes the command could change") {
			t.Errorf("another user's file others may write, passed to be written: exit %d, %q; want 125", r.code, r.stderr)
		}
		unchanged(0o666, out)
	}
	// A file given as stdin and passed as 3<&0 stays one description:
	// what one reads the other does not read again, and the caller's
	// offset moves once.
	lines := b.file(filepath.Join(b.out, "lines"), "l1\nl2\nl3\n", 0o644)
	shared := open(lines, os.O_RDONLY)
	cmd := osexec.Command(bin, "run", "--yolo", "--pass-fd", "3", "--", "sh", "-c", `read -r a; read -r b <&3; echo "$a $b"`)
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
	cmd.Stdin, cmd.ExtraFiles = shared, []*os.File{shared}
	got, err := cmd.Output()
	if after, _ := shared.Seek(0, io.SeekCurrent); err != nil || string(got) != "l1 l2\n" || after != int64(len("l1\nl2\n")) {
		t.Errorf("a file given as stdin and as 3<&0: %v, %q, caller's offset %d; want l1 l2, 6", err, got, after)
	}
	shared.Close()
	// Opened twice (<f 3<f), two descriptions, each read from its start.
	cmd = osexec.Command(bin, "run", "--yolo", "--pass-fd", "3", "--", "sh", "-c", `read -r a; read -r b <&3; echo "$a $b"`)
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
	cmd.Stdin, cmd.ExtraFiles = open(lines, os.O_RDONLY), []*os.File{open(lines, os.O_RDONLY)}
	if got, err := cmd.Output(); err != nil || string(got) != "l1 l1\n" {
		t.Errorf("a file given as stdin and as 3<f: %v, %q; want l1 l1", err, got)
	}

	// A directory in the host's /tmp, which the layer hides.
	hidden, err := os.MkdirTemp("/tmp", "mewsandbox-passed-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(hidden) })
	if r := pass(open(hidden, os.O_RDONLY), "--", "true"); r.code != 125 || !strings.Contains(r.stderr, "open afresh the directory the descriptor passed as 3 is on") {
		t.Errorf("a hidden directory passed: exit %d, %q; want 125", r.code, r.stderr)
	}
	// A file there comes on a copy of its mount, as stdin does.
	hiddenFile := filepath.Join(hidden, "f")
	if err := os.WriteFile(hiddenFile, []byte("hidden\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := pass(open(hiddenFile, os.O_RDONLY), "--", "sh", "-c", `cat <&3; chmod 600 /proc/self/fd/3 2>/dev/null || echo "chmod refused"`); r.code != 0 || r.stdout != "hidden\nchmod refused\n" {
		t.Errorf("a file in the hidden /tmp passed: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	unchanged(0o644, hiddenFile)

	if os.Geteuid() == 0 {
		// A memory device: the sandbox's own, as /dev/null on stdin (a
		// scratch node of /dev/null's numbers, not the host's).
		null := filepath.Join(b.out, "null")
		if err := unix.Mknod(null, unix.S_IFCHR|0o644, int(unix.Mkdev(1, 3))); err != nil {
			t.Fatal(err)
		}
		os.Chmod(null, 0o644)
		if r := pass(open(null, os.O_RDONLY), "--", "sh", "-c", attack); r.code != 0 || !strings.Contains(r.stdout, "chmod refused\n") {
			t.Errorf("a memory device passed: exit %d, %q, %q", r.code, r.stdout, r.stderr)
		}
		unchanged(0o644, null)
	}

	// Without the layer a directory's files are the command's to change
	// (README: what is lost without namespaces).
	r = pass(open(dir, os.O_RDONLY), "--no-namespaces", "--", "sh", "-c", attack)
	os.Chmod(dir, 0o755) // the attack's last chmod took the search bit
	if fi, err := os.Stat(victim); err != nil || r.code != 0 || strings.Contains(r.stdout, "chmod below refused") || fi.Mode().Perm() != 0o600 {
		t.Errorf("--no-namespaces, a directory passed: exit %d, %q, victim %v (%v); want the documented loss", r.code, r.stdout, fi, err)
	}
}

// TestDevTTYAsStdio: output sent to /dev/tty, the caller's controlling
// terminal. With stdin a terminal too, the command stays in the caller's
// session and gets /dev/tty opened afresh on the sandbox's read-only
// mounts, checked to be the same terminal; with stdin a pipe it is in a
// session of its own, where /dev/tty opens nothing: a user's run keeps
// the caller's descriptor (of root's /dev/tty, which it cannot chmod), a
// root run, which could, is refused (125). As root the node is a scratch
// one outside the root (c 5 0, which opens as /dev/tty does), so that a
// regression changes no node of the host's; a user's run gets /dev/tty,
// which it cannot change.
func TestDevTTYAsStdio(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	master, slave := hostTerminal(t)
	pts, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer pts.Close()
	tty := "/dev/tty"
	if os.Geteuid() == 0 {
		tty = filepath.Join(b.out, "tty")
		if err := unix.Mknod(tty, unix.S_IFCHR|0o666, int(unix.Mkdev(5, 0))); err != nil {
			t.Fatalf("mknod %s: %v", tty, err)
		}
		os.Chmod(tty, 0o666)
	}
	fi, err := os.Stat(tty)
	if err != nil {
		t.Skipf("no /dev/tty: %v", err)
	}
	attack := fmt.Sprintf(`%q run --yolo -- sh -c 'echo to-tty; chmod 600 /proc/self/fd/1 2>/dev/null || echo refused' > %q; echo "exit $?"`, bin, tty)
	// run runs the shell line on the terminal, its controlling one.
	run := func(line string) string {
		t.Helper()
		sh := osexec.Command("sh", "-c", line)
		sh.Dir = b.root
		sh.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
		sh.Stdin, sh.Stdout, sh.Stderr = pts, pts, pts
		sh.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
		if err := sh.Run(); err != nil {
			t.Fatalf("sh -c %s: %v", line, err)
		}
		return readUntil(master, "exit ")
	}
	if out := run(attack + " < " + tty); out != "to-tty\nrefused\nexit 0\n" {
		t.Errorf("stdin and stdout %s: %q, want the command's output, the chmod refused", tty, out)
	}
	out := run("echo | " + attack)
	want := "to-tty\nrefused\nexit 0\n"
	if os.Geteuid() == 0 {
		want = "/dev/tty, which would open the terminal of the command's session: none, or another"
	}
	if !strings.Contains(out, want) || os.Geteuid() == 0 && !strings.Contains(out, "exit 125\n") {
		t.Errorf("stdin a pipe, stdout %s, uid %d: %q, want %q", tty, os.Geteuid(), out, want)
	}
	// /dev/tty opened on terminal A's session, given as stdout to a run
	// whose session has terminal B (setsid -c): opened afresh it would be
	// B, which TIOCGDEV tells apart; a user's run keeps A, a root run is
	// refused.
	t.Run("of another session", func(t *testing.T) {
		if _, err := osexec.LookPath("setsid"); err != nil {
			t.Skip("no setsid to start a session on another terminal")
		}
		masterB, slaveB := hostTerminal(t)
		out := run(fmt.Sprintf(`exec 3>%q; setsid -w -c sh -c '%q run --yolo -- echo to-A >&3; echo "exit $?" >&3' < %q`, tty, bin, slaveB))
		want := "to-A\nexit 0\n"
		if os.Geteuid() == 0 {
			want = "exit 125\n"
		}
		if onB := readAvailable(masterB); !strings.HasSuffix(out, want) || strings.Contains(onB, "to-A") {
			t.Errorf("/dev/tty of terminal A, the run's session on B: A got %q (want it to end %q), B got %q", out, want, onB)
		}
	})
	if now, err := os.Stat(tty); err != nil || now.Mode() != fi.Mode() {
		t.Errorf("%s after the runs: %v (%v), want %v", tty, modeOf(now), err, fi.Mode())
	}
}

// TestTerminalAsStdio: a terminal given as the standard descriptors (a pty
// of the host's /dev/pts, which the layer hides) reaches the command
// opened afresh on a read-only copy of its mount: the command reads and
// writes it, reopens it (> /dev/stdout, which Landlock lets through the
// copy's /dev/pts), it is still a terminal, and its 0, 1 and 2 stay one
// description, but chmod and touch through it fail (EROFS), where through
// the caller's descriptor they made the host's terminal writable by all.
// A pty's master is not opened afresh: the caller's descriptor stays where
// the command could not change it through that, and the run is refused
// otherwise; any other device is refused. Without the layer the mode is
// the command's to change (README: what is lost without namespaces).
func TestTerminalAsStdio(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	master, slave := hostTerminal(t)
	b.file("attack.sh", `test -t 0 && test -t 1 && test -t 2 && echo "a terminal"
chmod 666 /proc/self/fd/0 || echo "chmod stdin failed"
chmod 666 /proc/self/fd/1 || echo "chmod stdout failed"
touch -d @0 /proc/self/fd/2 || echo "touch stderr failed"
echo reopened > /dev/stdout
read line && echo "got $line"
if command -v python3 >/dev/null; then
	python3 -c 'import fcntl, os; fcntl.fcntl(0, fcntl.F_SETFL, os.O_NONBLOCK | fcntl.fcntl(0, fcntl.F_GETFL)); print("stdout nonblocking:", fcntl.fcntl(1, fcntl.F_GETFL) & os.O_NONBLOCK != 0); fcntl.fcntl(0, fcntl.F_SETFL, ~os.O_NONBLOCK & fcntl.fcntl(0, fcntl.F_GETFL))'
else
	echo "no python3"
fi
echo end
`, 0o644)
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	// run gives the command the pty as stdin, stdout and stderr, one
	// description, and types a line on the terminal.
	run := func(args ...string) (int, string) {
		t.Helper()
		if err := os.Chmod(slave, 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(slave, old, old)
		tty, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer tty.Close()
		master.Write([]byte("typed\n"))
		cmd := osexec.Command(bin, append([]string{"run", "--yolo"}, args...)...)
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
		cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		err = cmd.Run()
		code := 0
		if ee, ok := err.(*osexec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, readUntil(master, "end\n")
	}
	readAvailable(master) // what the terminal echoed so far
	code, out := run("--", "sh", "attack.sh")
	for _, want := range []string{"a terminal", "chmod stdin failed", "chmod stdout failed", "touch stderr failed", "reopened", "got typed", "end"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("a pty as stdio: no %q in %q (exit %d)", want, out, code)
		}
	}
	if fi, err := os.Stat(slave); err != nil || fi.Mode().Perm() != 0o600 || fi.ModTime().Before(old) {
		t.Errorf("%s after the run: %v (%v); want 0600, not modified before %v", slave, modeOf(fi), err, old)
	}
	t.Run("one description", func(t *testing.T) {
		if strings.Contains(out, "no python3\n") {
			t.Skip("no python3 in the sandbox to set O_NONBLOCK with")
		}
		if !strings.Contains(out, "stdout nonblocking: True") {
			t.Errorf("O_NONBLOCK set on stdin did not reach stdout: %q", out)
		}
	})
	t.Run("hung up or exclusive", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("TIOCVHANGUP needs CAP_SYS_ADMIN (a user's exclusive terminal: TestNamespaceLayerUnprivileged)")
		}
		runOn := func(tty *os.File) (int, string) {
			var stderr strings.Builder
			cmd := osexec.Command(bin, "run", "--yolo", "--", "sh", "-c", `test -t 0 && echo terminal; chmod 666 /proc/self/fd/0 2>/dev/null || echo refused`)
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
			cmd.Stdin, cmd.Stderr = tty, &stderr
			out, _ := cmd.Output()
			return cmd.ProcessState.ExitCode(), string(out) + stderr.String()
		}
		// In exclusive mode, which root opens anyway.
		_, slave := hostTerminal(t)
		tty, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer tty.Close()
		if err := unix.IoctlSetInt(int(tty.Fd()), unix.TIOCEXCL, 0); err != nil {
			t.Fatal(err)
		}
		if code, out := runOn(tty); code != 0 || out != "terminal\nrefused\n" {
			t.Errorf("a terminal in exclusive mode, a root run: exit %d, %q", code, out)
		}
		// Hung up: refused, saying so.
		if err := unix.IoctlSetInt(int(tty.Fd()), unix.TIOCVHANGUP, 0); err != nil {
			t.Skipf("TIOCVHANGUP: %v", err)
		}
		if code, out := runOn(tty); code != 125 || !strings.Contains(out, "standard input is a terminal that was hung up") {
			t.Errorf("a hung-up terminal: exit %d, %q; want 125", code, out)
		}
		if fi, err := os.Stat(slave); err != nil || fi.Mode().Perm() == 0o666 {
			t.Errorf("%s after the runs: %v (%v)", slave, modeOf(fi), err)
		}
	})
	t.Run("a pty's master", func(t *testing.T) {
		// Opened again, /dev/ptmx is a new pty: the caller's master
		// stays, where the command could not chmod it (a user's run,
		// root's /dev/ptmx), and refuses a root run.
		slaveFile, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer slaveFile.Close()
		readAvailable(master)
		slaveFile.Write([]byte("hello"))
		// The master is non-blocking: the command reads it once the
		// pty has passed the bytes on.
		if n, err := unix.Poll([]unix.PollFd{{Fd: int32(master.Fd()), Events: unix.POLLIN}}, 5000); n != 1 || err != nil {
			t.Fatalf("the master has nothing to read: %d, %v", n, err)
		}
		var stderr strings.Builder
		cmd := osexec.Command(bin, "run", "--yolo", "--", "timeout", "5", "head", "-c5")
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
		cmd.Stdin, cmd.Stderr = master, &stderr
		got, err := cmd.Output()
		fi, serr := master.Stat()
		if serr != nil {
			t.Fatal(serr)
		}
		switch owner := fi.Sys().(*syscall.Stat_t).Uid; {
		case owner == uint32(os.Geteuid()):
			if code := cmd.ProcessState.ExitCode(); code != 125 || !strings.Contains(stderr.String(), "is a device other than a terminal") {
				t.Errorf("stdin the master of a pty of the runner's own: exit %d, %q, %q; want 125", code, got, stderr.String())
			}
		case err != nil || string(got) != "hello":
			t.Errorf("stdin the master of a pty of root's: %v, %q, %q; want what the slave wrote", err, got, stderr.String())
		}
	})
	t.Run("a disk", func(t *testing.T) {
		// A block device is refused: as stdout, a scratch node of a loop
		// device on a scratch file, first root's, then another user's.
		if os.Geteuid() != 0 {
			t.Skip("losetup and mknod need root")
		}
		backing := b.file(filepath.Join(b.out, "disk"), strings.Repeat("\x00", 64<<10), 0o600)
		attach, err := osexec.Command("losetup", "--find", "--show", backing).Output()
		if err != nil {
			t.Skipf("no loop device to give as stdout: losetup: %v", err)
		}
		loop := strings.TrimSpace(string(attach))
		t.Cleanup(func() { osexec.Command("losetup", "--detach", loop).Run() })
		var st unix.Stat_t
		if err := unix.Stat(loop, &st); err != nil {
			t.Fatal(err)
		}
		node := filepath.Join(b.out, "loop")
		if err := unix.Mknod(node, unix.S_IFBLK|0o600, int(st.Rdev)); err != nil {
			t.Fatalf("mknod %s: %v", node, err)
		}
		give := func() (string, error) {
			dev, err := os.OpenFile(node, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer dev.Close()
			if _, err := dev.Seek(4096, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd := osexec.Command(bin, "run", "--yolo", "--", "sh", "-c",
				`printf data; chmod 666 /proc/self/fd/1 2>/dev/null || echo "chmod stdout failed" >&2`)
			cmd.Dir = b.root
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
			cmd.Stdout, cmd.Stderr = dev, &stderr
			err = cmd.Run()
			return stderr.String(), err
		}
		written := func() string {
			disk, err := os.ReadFile(node)
			if err != nil {
				t.Fatal(err)
			}
			return strings.Trim(string(disk[4096:4100]), "\x00") + strings.Trim(string(disk[:4]), "\x00")
		}
		// Whoever owns it: through a disk the command would reach every
		// file on it, past Landlock's rules and the read-only binds.
		if msg, err := give(); err == nil || !strings.Contains(msg, "is a block device") || written() != "" {
			t.Errorf("a root-owned disk as stdout: %v, %q, disk holds %q; want 125, nothing written", err, msg, written())
		}
		if err := os.Chown(node, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if msg, err := give(); err == nil || !strings.Contains(msg, "is a block device") || written() != "" {
			t.Errorf("another user's disk as stdout: %v, %q, disk holds %q; want 125, nothing written", err, msg, written())
		}
		if fi, err := os.Stat(node); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s after the runs: %v (%v), want 0600", node, modeOf(fi), err)
		}
	})
	t.Run("--no-namespaces", func(t *testing.T) {
		code, out := run("--no-namespaces", "--", "sh", "attack.sh")
		fi, err := os.Stat(slave)
		if err != nil || code != 0 || strings.Contains(out, "chmod stdin failed") || fi.Mode().Perm() != 0o666 {
			t.Errorf("exit %d, %q, mode %v (%v); want the documented loss", code, out, modeOf(fi), err)
		}
	})
}

// TestNamespaceLayerUnprivileged runs the protected-path attacks as an
// ordinary user (created when the tests run as root): the layer then lives
// in a user namespace that maps only that user.
func TestNamespaceLayerUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		requireNamespaces(t)
		TestProtectedPaths(t)
		return
	}
	requireSandbox(t)
	u := testUser(t)
	cmd := osexec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid},
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: int(u.uid), HostID: int(u.uid), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: int(u.gid), HostID: int(u.gid), Size: 1}}}
	if err := cmd.Run(); err != nil {
		t.Skipf("user namespaces are not available to %s here (%v): the runner falls back to Landlock and seccomp", u.name, err)
	}
	dir, err := os.MkdirTemp("", "mewsandbox-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	root := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	for _, d := range []string{root, home} {
		os.Mkdir(d, 0o755)
	}
	git := func(args ...string) {
		c := osexec.Command("git", args...)
		c.Dir = root
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init")
	// The ways to the protected paths (TestProtectedLinks): in a user
	// namespace too, a link among them gets a mount on itself.
	os.MkdirAll(filepath.Join(root, "cfg", "codex"), 0o755)
	if err := os.Symlink("cfg/codex", filepath.Join(root, ".codex")); err != nil {
		t.Fatal(err)
	}
	git("config", "core.hooksPath", "tools/hooks")
	filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { return os.Lchown(p, int(u.uid), int(u.gid)) })

	// The binary TestMain built sits in a directory only root may enter.
	userBin := filepath.Join(dir, "mewsandbox")
	if out, err := osexec.Command("cp", bin, userBin).CombinedOutput(); err != nil {
		t.Fatalf("copying the binary: %v\n%s", err, out)
	}
	run := osexec.Command(userBin, "run", "--yolo", "--", "sh", "-s")
	run.Dir = root
	run.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "LANG=C"}
	ways := `c "replace the .codex link" sh -c 'rm .codex && mkdir .codex && echo x > .codex/config.toml'
c "rename the link's directory" mv cfg cfg.old
c "make the hooks directory" mkdir -p tools/hooks
`
	run.Stdin = strings.NewReader(prelude + protectedScript + ways + "\ngrep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status | tr -d '\\t' | sed 's/:/: /'\nid -u | sed 's/^/uid: /'\nexit 0\n")
	run.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid}}
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("run as %s: %v\n%s", u.name, err, out)
	}
	o := outcomes{}
	for _, m := range probeLine.FindAllStringSubmatch(string(out), -1) {
		o[m[1]] = m[2]
	}
	for _, attack := range []string{"plant a hook", "append to .git/config", "create .claude settings", "create .mewsandbox settings",
		"move .git away and plant a new one", "replace the .codex link", "rename the link's directory", "make the hooks directory"} {
		o.fails(t, attack)
	}
	for _, ok := range []string{"write in the root", "git add and commit"} {
		o.ok(t, ok)
	}
	if o["uid"] != strconv.Itoa(int(u.uid)) {
		t.Errorf("the command ran as uid %q, want %d (the user itself, mapped to itself)", o["uid"], u.uid)
	}
	for _, set := range []string{"CapEff", "CapPrm", "CapBnd"} {
		if o[set] != "0000000000000000" {
			t.Errorf("%s = %q: the user namespace's capabilities reached the command", set, o[set])
		}
	}
	// --keep-cap keeps only what the runner has: not the capabilities the
	// child holds for its mounts.
	keep := osexec.Command(userBin, "run", "--yolo", "--keep-cap", "CAP_SYS_ADMIN", "--keep-cap", "CAP_SETPCAP", "--", "grep", "CapEff", "/proc/self/status")
	keep.Dir, keep.Env = root, run.Env
	keep.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid}}
	if out, err := keep.CombinedOutput(); err != nil || !strings.Contains(string(out), "0000000000000000") {
		t.Errorf("--keep-cap CAP_SYS_ADMIN as %s: %v, %s", u.name, err, out)
	}
	// runAs runs args in the sandbox as the user, stdin given by root.
	runAs := func(stdin *os.File, args ...string) (int, string) {
		c := osexec.Command(userBin, append([]string{"run", "--yolo", "--"}, args...)...)
		c.Dir, c.Env, c.Stdin = root, run.Env, stdin
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid}}
		out, _ := c.CombinedOutput()
		return c.ProcessState.ExitCode(), string(out)
	}
	// stdin opened by root (sudo -u user mewsandbox run … < file) in a
	// directory the user may not enter: the runner cannot open it afresh.
	// A file the user does not own it reads through root's descriptor,
	// which lets it change nothing; one it owns, it could chmod through
	// that descriptor: refused.
	private := filepath.Join(dir, "private")
	os.Mkdir(private, 0o700)
	for _, c := range []struct {
		owner uint32
		code  int
		out   string
	}{{0, 0, "secret\n"}, {u.uid, 125, "open afresh the file standard input is on"}} {
		f := filepath.Join(private, "f")
		os.WriteFile(f, []byte("secret\n"), 0o644)
		os.Chown(f, int(c.owner), 0)
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		code, out := runAs(in, "sh", "-c", "cat; chmod 666 /proc/self/fd/0 2>/dev/null; exit 0")
		in.Close()
		fi, _ := os.Stat(f)
		if code == c.code && strings.Contains(out, c.out) && fi.Mode() == 0o644 {
			continue
		}
		t.Errorf("as %s, stdin a file of uid %d it may not look up: exit %d, %q, mode %v; want exit %d, %q, 0644", u.name, c.owner, code, out, fi.Mode(), c.code, c.out)
	}
	// A file of the user's beside the root in the host's /tmp, which the
	// layer hides: a copy of its mount's top is refused in the user
	// namespace (the mounts below it are locked), one further down is not.
	own := filepath.Join(dir, "own")
	os.WriteFile(own, []byte("own\n"), 0o644)
	os.Chown(own, int(u.uid), int(u.gid))
	ownIn, err := os.Open(own)
	if err != nil {
		t.Fatal(err)
	}
	defer ownIn.Close()
	if code, out := runAs(ownIn, "sh", "-c", "cat; chmod 666 /proc/self/fd/0 2>/dev/null; exit 0"); code != 0 || out != "own\n" {
		t.Errorf("as %s, stdin its own file in the host's /tmp: exit %d, %q", u.name, code, out)
	}
	if fi, _ := os.Stat(own); fi.Mode() != 0o644 {
		t.Errorf("as %s, stdin its own file in the host's /tmp: now %v", u.name, fi.Mode())
	}
	// A directory, even root's, is refused: its .. leads on in the host's
	// mounts, to files the user owns.
	d := filepath.Join(private, "d")
	os.Mkdir(d, 0o755)
	in, err := os.Open(d)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if code, out := runAs(in, "true"); code != 125 || !strings.Contains(out, "open afresh the directory standard input is on") {
		t.Errorf("as %s, stdin a directory it may not look up: exit %d, %q; want 125", u.name, code, out)
	}
	t.Run("its own terminal", func(t *testing.T) {
		// A terminal of the user's, as stdin: opened afresh on a copy
		// of the host's devpts made in the user namespace
		// (TestTerminalAsStdio).
		_, slave := hostTerminal(t)
		if err := os.Chown(slave, int(u.uid), int(u.gid)); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(slave, 0o600); err != nil {
			t.Fatal(err)
		}
		tty, err := os.OpenFile(slave, os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer tty.Close()
		if code, out := runAs(tty, "sh", "-c", "test -t 0 && echo terminal; chmod 666 /proc/self/fd/0 2>/dev/null || echo refused"); code != 0 || out != "terminal\nrefused\n" {
			t.Errorf("as %s, stdin its own terminal: exit %d, %q; want a terminal it cannot chmod", u.name, code, out)
		}
		if fi, err := os.Stat(slave); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("as %s, stdin its own terminal: now %v (%v)", u.name, modeOf(fi), err)
		}
		// In exclusive mode the user's run cannot open it afresh, and
		// it owns it: refused, saying how to clear it.
		if err := unix.IoctlSetInt(int(tty.Fd()), unix.TIOCEXCL, 0); err != nil {
			t.Fatal(err)
		}
		if code, out := runAs(tty, "true"); code != 125 || !strings.Contains(out, "in exclusive mode (TIOCEXCL)") {
			t.Errorf("as %s, stdin its own terminal in exclusive mode: exit %d, %q; want 125", u.name, code, out)
		}
	})
}

type testAccount struct {
	name     string
	uid, gid uint32
}

// testUser returns an unprivileged account, creating it with useradd when
// it does not exist (the tests run as root in CI).
func testUser(t *testing.T) testAccount {
	t.Helper()
	const name = "mewsandbox-test"
	u, err := user.Lookup(name)
	if err != nil {
		if out, err := osexec.Command("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name).CombinedOutput(); err != nil {
			t.Skipf("cannot create the test user %s: %v\n%s", name, err, out)
		}
		if u, err = user.Lookup(name); err != nil {
			t.Fatal(err)
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return testAccount{name, uint32(uid), uint32(gid)}
}

// TestProtectedAnchorCases: ANCHOR_TESTS cases 6-11 under the namespace
// layer: the files that run code when a person opens the project cannot be
// overwritten, git's own data can, --allow-git-config lets .git/config be
// written (not the hooks), a protected directory cannot be created, a
// symbolic link to a decoy protects the decoy, a gitdir pointer and its
// target's config cannot be changed.
func TestProtectedAnchorCases(t *testing.T) {
	requireNamespaces(t)
	files := []string{".bashrc", ".zshrc", ".profile", ".gitconfig", ".gitmodules", ".mcp.json", ".git/config", ".git/hooks/pre-commit", ".vscode/settings.json", ".idea/x"}
	b := newGitBox(t)
	for _, f := range files {
		b.file(f, "original\n", 0o644)
	}
	script := ""
	for _, f := range files {
		script += fmt.Sprintf("c %q sh -c 'echo evil > %s'\n", "overwrite "+f, f)
	}
	script += `c "write .git/objects/x" sh -c 'echo x > .git/objects/x'
c "write .git/index" sh -c 'echo x > .git/index'
c "write .git/refs/heads/main" sh -c 'echo x > .git/refs/heads/main'
c "create .codex" sh -c 'mkdir -p .codex && echo > .codex/config.toml'
`
	o := b.check(script) // case 6, 7, 9
	for _, f := range files {
		o.fails(t, "overwrite "+f)
		if got := b.read(f); got != "original\n" {
			t.Errorf("%s holds %q after the run", f, got)
		}
	}
	for _, f := range []string{".git/objects/x", ".git/index", ".git/refs/heads/main"} {
		o.ok(t, "write "+f)
	}
	o.fails(t, "create .codex")

	// Case 8: --allow-git-config.
	o = b.check(`c "write .git/config" sh -c 'echo "[x]" >> .git/config'
c "write a hook" sh -c 'echo x > .git/hooks/pre-commit'
`, "--allow-git-config")
	o.ok(t, "write .git/config")
	o.fails(t, "write a hook")

	// Case 10: .codex is a symbolic link to a decoy inside the root.
	l := newGitBox(t)
	l.file("decoy/keep", "", 0o644)
	if err := os.Symlink("decoy", filepath.Join(l.root, ".codex")); err != nil {
		t.Fatal(err)
	}
	o = l.check(`c "write through .codex" sh -c 'echo evil > .codex/config.toml'
c "write next to the decoy" sh -c 'echo fine > decoy.txt'
`)
	o.fails(t, "write through .codex")
	o.ok(t, "write next to the decoy")
	if l.exists("decoy/config.toml") {
		t.Error("the write through the link reached the decoy")
	}

	// Case 11: .git is a gitdir pointer file.
	g := newBox(t, nil)
	os.RemoveAll(filepath.Join(g.root, ".git"))
	g.file("real.git/HEAD", "ref: refs/heads/main\n", 0o644)
	g.file("real.git/config", "[core]\n", 0o644)
	g.file(".git", "gitdir: real.git\n", 0o644)
	o = g.check(`c "rewrite the pointer" sh -c 'echo "gitdir: /tmp/evil" > .git'
c "write the target config" sh -c 'echo x >> real.git/config'
`)
	o.fails(t, "rewrite the pointer")
	o.fails(t, "write the target config")
	if got := g.read(".git"); got != "gitdir: real.git\n" {
		t.Errorf("the pointer now holds %q", got)
	}
}

// TestNamespaceLayerRefused runs mewsandbox inside its own sandbox without
// the layer, whose seccomp filter refuses namespaces: a strict run is then
// refused (125), naming the way out; --best-effort runs and says what is
// not enforced; --no-namespaces runs quietly.
func TestNamespaceLayerRefused(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	inner := filepath.Join(b.root, "inner-mewsandbox")
	if out, err := osexec.Command("cp", bin, inner).CombinedOutput(); err != nil {
		t.Fatalf("copying the binary: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		name  string
		flags []string
		code  int
		err   string
	}{
		{"strict", nil, 125, "--no-namespaces runs with Landlock and seccomp alone"},
		{"best effort", []string{"--best-effort"}, 0, "not enforced: the kernel refused the namespace layer"},
		{"no namespaces", []string{"--no-namespaces"}, 0, ""},
	} {
		args := append([]string{"run", "--yolo", "--no-namespaces", "--", inner, "run"}, tt.flags...)
		r := b.run(append(args, "--", "sh", "-c", "echo ran")...)
		if r.code != tt.code || (tt.err != "" && !strings.Contains(r.stderr, tt.err)) || (tt.code == 0) != strings.Contains(r.stdout, "ran") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", tt.name, r.code, r.stdout, r.stderr, tt.code, tt.err)
		}
	}
	d := b.run("run", "--yolo", "--no-namespaces", "--", inner, "doctor")
	if !strings.Contains(d.stdout, "namespace layer: unavailable") || !strings.Contains(d.stdout, "NOT fully enforced") {
		t.Errorf("doctor inside the sandbox: %q", d.stdout)
	}
}

// TestProtectedHooksPath: a repository whose core.hooksPath names a
// directory inside the root (husky's .husky) has that directory protected
// as .git/hooks is.
func TestProtectedHooksPath(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	cmd := osexec.Command("git", "config", "core.hooksPath", ".husky")
	cmd.Dir = b.root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git config: %v\n%s", err, out)
	}
	b.file(".husky/pre-commit", "#!/bin/sh\nexit 0\n", 0o755)
	o := b.check(`c "plant a husky hook" sh -c 'echo evil > .husky/pre-commit'
c "add a husky hook" sh -c 'echo evil > .husky/post-checkout'
c "write next to them" sh -c 'echo fine > notes.txt'
`)
	o.fails(t, "plant a husky hook")
	o.fails(t, "add a husky hook")
	o.ok(t, "write next to them")
}

// TestPidNamespaceHidesTheHost: in the layer's pid namespace the command
// sees only its own processes: an outside one cannot be signalled, reniced
// or read, because it is not there; its own child can be signalled; its
// parent is the namespace's init, which a signal from inside does not
// turn back on the command.
func TestPidNamespaceHidesTheHost(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	victim := osexec.Command("sleep", "30")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { victim.Process.Kill(); victim.Wait() })
	o := b.check(fmt.Sprintf(`
c "kill outside" kill -TERM %[1]d
c "renice outside" renice -n 5 -p %[1]d
c "read outside environ" cat /proc/%[1]d/environ
c "signal the init" kill -TERM $PPID
c "kill own child" sh -c 'sleep 10 & pid=$!; kill -TERM $pid; wait $pid; test $? = 143'
c "see few processes" sh -c 'test $(ls /proc | grep -c "^[0-9]") -lt 8'
`, victim.Process.Pid))
	o.fails(t, "kill outside")
	o.fails(t, "renice outside")
	o.fails(t, "read outside environ")
	o.ok(t, "signal the init")
	o.ok(t, "kill own child")
	o.ok(t, "see few processes")
	if err := victim.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("the outside sleep did not survive: %v", err)
	}
}

// TestMountNamespaceHidesTheHost: under the layer, listmount (Linux 6.8)
// of the host's mount namespace, named by its id, is refused (ENOENT: the
// kernel wants CAP_SYS_ADMIN over it, which the command lacks), while the
// command lists the mounts of its own namespace, as /proc/self/mountinfo
// shows them.
func TestMountNamespaceHidesTheHost(t *testing.T) {
	requireNamespaces(t)
	ns, err := os.Open("/proc/self/ns/mnt")
	if err != nil {
		t.Skip(err)
	}
	defer ns.Close()
	var id uint64
	const nsGetMntnsID = 0x8008b705 // _IOR(0xb7, 5, __u64), Linux 6.9
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, ns.Fd(), nsGetMntnsID, uintptr(unsafe.Pointer(&id))); errno != 0 {
		t.Skipf("NS_GET_MNTNS_ID: %v: no mount namespace ids on this kernel", errno)
	}
	b := newBox(t, nil)
	b.install()
	o := b.check(fmt.Sprintf(`
p listmount-host listmount %d
p listmount-own listmount 0
`, id))
	if got := o["listmount-own"]; strings.Contains(got, fmt.Sprintf(" errno=%d ", enosys)) {
		t.Skipf("listmount-own: %s: no listmount on this kernel", got)
	}
	o.errno(t, "listmount-host", enoent, eperm)
	o.ok(t, "listmount-own")
}

// TestSocketDirsHidden: under the layer the host's /tmp and /run (where
// docker.sock, ssh agents, X servers and session buses keep their sockets)
// are empty, so --allow-unix-sockets reaches only sockets in the grants,
// while the root (in /tmp here), the private TMPDIR and the resolver's
// configuration are still there and a socket in the root works.
func TestSocketDirsHidden(t *testing.T) {
	requireNamespaces(t)
	if _, err := osexec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: no program to make and connect sockets with")
	}
	b := newBox(t, nil)
	var script strings.Builder
	var tried []string // where a socket could be made (not /run, unprivileged)
	// The home directory (here in /var/tmp, which goes too) only with
	// --allow-unix-sockets, when sockets can be reached at all.
	for _, dir := range []string{"/run", "/tmp", b.home} {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			t.Logf("not testing %s: not a directory here", dir)
			continue
		}
		name := filepath.Join(dir, "mewsandbox-test-"+uniq()+".sock")
		l, err := net.Listen("unix", name)
		if err != nil {
			t.Logf("not testing %s: cannot listen there: %v", dir, err)
			continue
		}
		tried = append(tried, dir)
		t.Cleanup(func() { l.Close(); os.Remove(name) })
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		fmt.Fprintf(&script, "c \"connect %[1]s\" python3 -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])' %[2]s\n", dir, name)
		fmt.Fprintf(&script, "c \"see %[1]s\" test -e %[2]s\n", dir, name)
	}
	if !strings.HasPrefix(b.root, "/tmp/") {
		t.Skipf("the root %s is not in /tmp: the case of a root bound back is not met", b.root)
	}
	script.WriteString(`
c "listen and connect inside" python3 -c 'import socket; l=socket.socket(socket.AF_UNIX); l.bind("inside.sock"); l.listen(); c=socket.socket(socket.AF_UNIX); c.connect("inside.sock")'
c "write the root" sh -c 'echo x > in-root.txt'
c "write TMPDIR" sh -c 'echo x > "$TMPDIR/t" && cat "$TMPDIR/t"'
c "write /tmp" sh -c 'echo x > /tmp/planted'
c "read resolv.conf" sh -c 'test ! -e /etc/resolv.conf || cat /etc/resolv.conf'
`)
	if len(tried) == 0 {
		t.Skip("no socket could be made in /run or /tmp")
	}
	o := b.check(script.String(), "--allow-unix-sockets")
	for _, dir := range tried {
		o.fails(t, "connect "+dir)
		o.fails(t, "see "+dir)
	}
	o.ok(t, "listen and connect inside")
	o.ok(t, "write the root")
	o.ok(t, "write TMPDIR")
	o.fails(t, "write /tmp") // with the root in it (TestOwnTmp)
	o.ok(t, "read resolv.conf")
	if _, err := os.Stat("/tmp/planted"); err == nil {
		t.Error("/tmp/planted exists on the host")
	}
	// Without the layer the outside sockets are reachable: the reason the
	// layer hides them.
	o = b.check(script.String(), "--allow-unix-sockets", "--no-namespaces")
	for _, dir := range tried {
		o.ok(t, "connect "+dir)
	}
	o.ok(t, "write TMPDIR")
}

// TestPrivateTmpAttacks: the private TMPDIR (under the layer a tmpfs of
// the sandbox's own, without it a directory on the host) is no way out: a
// link made in it to a file outside reads and writes nothing, a hard link
// or a rename across fails, and a path climbing out of it writes the
// sandbox's own /tmp under the layer, nothing without; work in it, a
// socket too, goes on.
func TestPrivateTmpAttacks(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	outFile := b.file(filepath.Join(b.out, "file"), "orig\n", 0o644)
	tag := uniq()
	t.Cleanup(func() { os.Remove("/tmp/mwsbx-" + tag) })
	script := fmt.Sprintf(`
c tmp-work sh -c 'cp /bin/true "$TMPDIR/t" && "$TMPDIR/t" && mkdir "$TMPDIR/d" && echo x > "$TMPDIR/d/f" && mv "$TMPDIR/d/f" "$TMPDIR/g"'
c tmp-symlink-out-read sh -c 'ln -s %[1]s "$TMPDIR/l1" && cat "$TMPDIR/l1"'
c tmp-symlink-out-write sh -c 'ln -s %[1]s "$TMPDIR/l2" && echo pwned > "$TMPDIR/l2"'
c tmp-hardlink-out ln %[1]s "$TMPDIR/h"
c tmp-rename-out sh -c 'echo x > "$TMPDIR/r" && mv "$TMPDIR/r" %[2]s/stolen'
c tmp-dotdot sh -c 'echo x > "$TMPDIR/../mwsbx-%[3]s"'
`, outFile, b.out, tag)
	// The outside file is in /var/tmp, which the layer leaves visible
	// without --allow-unix-sockets: Landlock and the file systems refuse.
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		o := b.check(script, flags...)
		o.ok(t, "tmp-work")
		for _, attack := range []string{"tmp-symlink-out-read", "tmp-symlink-out-write", "tmp-hardlink-out", "tmp-rename-out"} {
			o.fails(t, attack)
		}
		// Beside TMPDIR is the sandbox's own /tmp under the layer where
		// no root or grant lies in it (the host's stays untouched:
		// below), else read-only.
		if flags == nil && ownTmp(b) {
			o.ok(t, "tmp-dotdot")
		} else {
			o.fails(t, "tmp-dotdot")
		}
		if _, err := osexec.LookPath("python3"); err == nil {
			o := b.check(`c tmp-socket python3 -c 'import os,socket; p=os.environ["TMPDIR"]+"/s"; l=socket.socket(socket.AF_UNIX); l.bind(p); l.listen(); c=socket.socket(socket.AF_UNIX); c.connect(p)'`, append(flags, "--allow-unix-sockets")...)
			o.ok(t, "tmp-socket")
		}
		if got := b.read(outFile); got != "orig\n" {
			t.Errorf("%v: the outside file now holds %q", flags, got)
		}
		if _, err := os.Stat(filepath.Join(b.out, "stolen")); err == nil {
			t.Errorf("%v: a file was moved out of TMPDIR", flags)
		}
		if _, err := os.Stat("/tmp/mwsbx-" + tag); err == nil {
			t.Errorf("%v: a file was written beside TMPDIR, in the host's /tmp", flags)
		}
	}
}

// TestPidNamespaceRefused: where pid namespaces are refused (a limit of 0,
// as some hardened hosts set) the rest of the layer stays: protected paths
// are still read-only, and stderr says the host's processes are visible.
func TestPidNamespaceRefused(t *testing.T) {
	requireNamespaces(t)
	if _, err := osexec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
	b := newBox(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n"})
	limit := `echo 0 > /proc/sys/user/max_pid_namespaces || exit 99; exec "$@"`
	cmd := osexec.Command("unshare", "-Ur", "sh", "-c", limit, "sh", bin, "run", "--yolo", "--", "sh", "-s")
	cmd.Stdin = strings.NewReader("echo ok > neighbour; echo planted 2>/dev/null >> .git/config && exit 1; exit 0\n")
	cmd.Dir = b.root
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	r := runCommand(t, cmd)
	if r.code == 99 {
		t.Skip("cannot limit pid namespaces in a user namespace here")
	}
	if r.code != 0 || !strings.Contains(r.stderr, "refused a pid namespace") {
		t.Errorf("exit %d, stderr %q; want 0 and a warning that the host's processes are visible", r.code, r.stderr)
	}
	if b.read(".git/config") != "[core]\n" {
		t.Errorf(".git/config was written: %q", b.read(".git/config"))
	}
	if b.read("neighbour") != "ok\n" {
		t.Error("the neighbour write inside the root failed")
	}
}

// TestDenyReadMounts: under the layer a --deny-read file in the root is
// behind /dev/null on a mount without devices and a denied directory behind
// an empty read-only tmpfs, on top of Landlock; nothing of it shows on the
// host afterwards, and the neighbours stay readable and writable.
func TestDenyReadMounts(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, map[string]string{"secret.txt": "s3cret\n", "keys/id": "k3y\n", "pub.txt": "public\n"})
	before := map[string]os.FileInfo{}
	for _, p := range []string{"secret.txt", "keys"} {
		fi, err := os.Lstat(filepath.Join(b.root, p))
		if err != nil {
			t.Fatal(err)
		}
		before[p] = fi
	}
	script := fmt.Sprintf(`
c "read the file" cat secret.txt
c "read the directory" cat keys/id
c "list the directory" ls keys
c "replace the file" sh -c 'rm -f secret.txt; echo x > secret.txt'
c "file hidden by a mount" grep -q ' %[1]s/secret.txt ' /proc/self/mountinfo
c "directory hidden by a mount" grep -q ' %[1]s/keys ' /proc/self/mountinfo
c "read the neighbour" cat pub.txt
c "write the neighbour" sh -c 'echo more >> pub.txt'
`, b.root)
	o := b.check(script, "--deny-read", "secret.txt", "--deny-read", "keys")
	for _, a := range []string{"read the file", "read the directory", "list the directory", "replace the file"} {
		o.fails(t, a)
	}
	o.ok(t, "file hidden by a mount")
	o.ok(t, "directory hidden by a mount")
	o.ok(t, "read the neighbour")
	o.ok(t, "write the neighbour")
	// Nothing of the mounts reaches the host: the same file and directory.
	if b.read("secret.txt") != "s3cret\n" || b.read("keys/id") != "k3y\n" {
		t.Error("the denied paths changed on the host")
	}
	for p, st := range before {
		if fi, err := os.Lstat(filepath.Join(b.root, p)); err != nil || !os.SameFile(fi, st) || fi.Mode() != st.Mode() {
			t.Errorf("%s is not the same on the host after the run (%v)", p, err)
		}
	}
	// Without the layer Landlock alone refuses them.
	o = b.check(script, "--deny-read", "secret.txt", "--deny-read", "keys", "--no-namespaces")
	for _, a := range []string{"read the file", "read the directory", "list the directory", "file hidden by a mount"} {
		o.fails(t, a)
	}
	o.ok(t, "read the neighbour")
}

// TestDenyReadSwapRace: a sandboxed command keeps exchanging a directory
// of the root with a link to a directory outside every grant
// (RENAME_EXCHANGE), while runs in the same root with a --deny-read file,
// whose siblings are then granted one by one, try to read and write
// through the link. None may: a sibling's grant is for the directory the
// plan listed, and one swapped meanwhile refuses the run (exit 125) rather
// than grant what the link leads to. Before, about one run in four read
// there, and without the layer wrote there too. With and without the
// layer; the neighbour, the sibling inside the swapped directory, stays
// readable whenever a run goes ahead.
func TestDenyReadSwapRace(t *testing.T) {
	b := newBox(t, map[string]string{".env": "env\n", "foo/in": "in foo\n"})
	b.install()
	victim := filepath.Join(b.out, "victim")
	b.file(filepath.Join(victim, "secret"), "outside secret\n", 0o600)
	if err := os.Symlink(victim, filepath.Join(b.root, "foolink")); err != nil {
		t.Fatal(err)
	}
	runs := sandboxModes(t)
	const seconds = 4
	flipper := b.start("run", "--yolo", "--", "./attack", "flip", "foo", "foolink", strconv.Itoa(seconds))
	deadline := time.Now().Add(seconds * time.Second)
	script := fmt.Sprintf("cat %[1]s/secret foo/in foolink/in 2>/dev/null; echo w 2>/dev/null >> %[1]s/written; exit 0", victim)
	total, refused, neighbour := 0, 0, 0
	for i := 0; time.Now().Before(deadline); i++ {
		flags := runs[i%len(runs)]
		how := "with the layer"
		if len(flags) > 0 {
			how = "without the layer"
		}
		r := b.run(append(append([]string{"run", "--yolo", "--deny-read", ".env"}, flags...), "--", "sh", "-c", script)...)
		total++
		switch {
		case r.code == 125 && strings.Contains(r.stderr, "changed while the run was being prepared"):
			refused++
		case r.code != 0:
			t.Fatalf("%s: exit %d, stderr %q", how, r.code, r.stderr)
		}
		if strings.Contains(r.stdout, "outside secret") {
			t.Fatalf("%s: run %d read through the swapped link, outside every grant", how, i)
		}
		if b.exists(filepath.Join(victim, "written")) {
			t.Fatalf("%s: run %d wrote through the swapped link, outside every grant", how, i)
		}
		if strings.Contains(r.stdout, "in foo") {
			neighbour++
		}
	}
	if code := flipper.wait(t, 10*time.Second); code != 0 {
		t.Fatalf("the flipper: exit %d, stdout %q, stderr %q", code, flipper.stdout.String(), flipper.stderr.String())
	}
	t.Logf("%d runs, %d refused, %d read foo/in", total, refused, neighbour)
	if neighbour == 0 {
		t.Error("no run read foo/in, granted in whichever name it had")
	}
}

// TestDenyReadMissing is ANCHOR case 20: a --deny-read path that does not
// exist yet under the writable root cannot be created, with or without the
// layer, and nothing stands in for it on the host; a subdirectory beside it
// stays writable.
func TestDenyReadMissing(t *testing.T) {
	b := newBox(t, map[string]string{"sub/keep.txt": "keep\n"})
	const script = `
c "create it" sh -c 'echo leaked > future.env'
c "create it as a directory" mkdir future.env
c "create it by renaming" sh -c 'echo x > sub/f && mv sub/f future.env'
c "write beside it, in a subdirectory" sh -c 'echo ok > sub/new.txt'
`
	runs := sandboxModes(t)
	for _, flags := range runs {
		o := b.check(script, append([]string{"--deny-read", "future.env"}, flags...)...)
		if r := b.sh("true", append([]string{"--deny-read", "future.env"}, flags...)...); !strings.Contains(r.stderr, "nothing can be created, removed or renamed directly in "+b.root) {
			t.Errorf("%v: stderr %q does not say what the deny costs", flags, r.stderr)
		}
		o.fails(t, "create it")
		o.fails(t, "create it as a directory")
		o.fails(t, "create it by renaming")
		o.ok(t, "write beside it, in a subdirectory")
		if b.exists("future.env") {
			t.Fatalf("%v: future.env exists on the host", flags)
		}
	}
}

// TestHiddenDirsLimits: a policy granting more paths in /tmp than the layer
// can bind back is refused rather than leaving /tmp visible (best effort
// runs and says so); a working directory in /tmp outside the root is bound
// back, so the command starts there.
func TestHiddenDirsLimits(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	if !strings.HasPrefix(b.root, "/tmp/") {
		t.Skipf("the root %s is not in /tmp", b.root)
	}
	// One more than the 64 (maxKept) that can be bound back into /tmp.
	base := realTemp(t)
	var args []string
	for i := range 65 {
		d := filepath.Join(base, fmt.Sprint(i))
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--allow-read", d)
	}
	r := b.run(append(append([]string{"run", "--yolo"}, args...), "--", "true")...)
	if r.code != 125 || !strings.Contains(r.stderr, "cannot hide /tmp") {
		t.Errorf("too many grants in /tmp: exit %d, stderr %q; want 125 naming /tmp", r.code, r.stderr)
	}
	r = b.run(append(append([]string{"run", "--yolo", "--best-effort"}, args...), "--", "true")...)
	if r.code != 0 || !strings.Contains(r.stderr, "not enforced: the namespace layer cannot hide /tmp") {
		t.Errorf("best effort: exit %d, stderr %q; want 0 and a warning", r.code, r.stderr)
	}
	// A handful of grants there is bound back.
	r = b.run(append(append([]string{"run", "--yolo"}, args[:10]...), "--", "ls", filepath.Join(base, "0"))...)
	if r.code != 0 {
		t.Errorf("ten grants in /tmp: exit %d, stderr %q", r.code, r.stderr)
	}

	cwd := realTemp(t)
	r = b.runIn(cwd, "", "run", "--yolo", "--root", b.root, "--", "pwd")
	if r.code != 0 || strings.TrimSpace(r.stdout) != cwd {
		t.Errorf("working directory %s outside the root: exit %d, stdout %q, stderr %q", cwd, r.code, r.stdout, r.stderr)
	}
}

// TestProcRefused: where the host's /proc has mounts over parts of it (as
// containers mask /proc/kcore), the kernel refuses an unprivileged user a
// /proc of the pid namespace; the run goes on with the host's, and the
// runner says so.
func TestProcRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: masking /proc for the test needs root")
	}
	requireNamespaces(t)
	for _, tool := range []string{"unshare", "setpriv"} {
		if _, err := osexec.LookPath(tool); err != nil {
			t.Skipf("%s (util-linux) is not installed", tool)
		}
	}
	u := testUser(t)
	dir, err := os.MkdirTemp("", "mewsandbox-proc-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	userBin := filepath.Join(dir, "mewsandbox")
	if out, err := osexec.Command("cp", bin, userBin).CombinedOutput(); err != nil {
		t.Fatalf("copying the binary: %v\n%s", err, out)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{dir, proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(d, int(u.uid), int(u.gid)); err != nil {
			t.Fatal(err)
		}
	}
	script := fmt.Sprintf(`mount --bind /dev/null /proc/uptime || exit 99
exec setpriv --reuid=%d --regid=%d --clear-groups env -i PATH=/usr/bin:/bin HOME=%s %s run --yolo -- sh -c 'echo ran'`, u.uid, u.gid, dir, userBin)
	cmd := osexec.Command("unshare", "-m", "--propagation", "private", "sh", "-c", script)
	cmd.Dir = proj
	r := runCommand(t, cmd)
	if r.code == 99 {
		t.Skip("cannot mask /proc/uptime here")
	}
	if r.code != 0 || r.stdout != "ran\n" || !strings.Contains(r.stderr, "refused a /proc of the pid namespace") {
		t.Errorf("exit %d, stdout %q, stderr %q; want the command run and a warning", r.code, r.stdout, r.stderr)
	}
}

// TestPrivateDevices: under the layer the command's /dev/shm and /dev/pts
// are file systems of its own. It cannot open a terminal of the host
// (another session's, where it would read the keystrokes or write on the
// screen) nor read or change other programs' POSIX shared memory, and what
// it leaves in /dev/shm goes with the run; it still makes terminals of its
// own (script, a pty) and shares memory through /dev/shm. Without the
// layer both stay reachable, as the README says.
func TestPrivateDevices(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	master, slave := hostTerminal(t)
	tag := uniq()
	shm := "/dev/shm/mwsbx-" + tag
	if err := os.WriteFile(shm, []byte("secret\n"), 0o600); err != nil {
		t.Skipf("no /dev/shm to attack: %v", err)
	}
	t.Cleanup(func() { os.Remove(shm); os.Remove(shm + "-new"); os.Remove(shm + "-own") })
	script := fmt.Sprintf(`
c pts-write sh -c 'echo INJECTED > %[1]s'
c pts-open-read sh -c 'exec 3< %[1]s'
c shm-read cat %[2]s
c shm-list sh -c 'ls /dev/shm | grep -q mwsbx-%[3]s'
c shm-overwrite sh -c 'echo pwned > %[2]s'
c shm-new sh -c 'echo new > %[2]s-new'
c shm-own sh -c 'echo mine > %[2]s-own && test "$(cat %[2]s-own)" = mine'
c pty-own script -qc 'test -t 0' /dev/null
`, slave, shm, tag)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		o := b.check(script, flags...)
		o.ok(t, "shm-own")
		if _, err := osexec.LookPath("script"); err == nil {
			o.ok(t, "pty-own")
		}
		injected := readAvailable(master)
		host, _ := os.ReadFile(shm)
		_, leftNew := os.Stat(shm + "-new")
		os.Remove(shm + "-new")
		os.WriteFile(shm, []byte("secret\n"), 0o600)
		if flags != nil {
			// Landlock grants /dev/pts and /dev/shm read and write.
			for _, lost := range []string{"pts-write", "pts-open-read", "shm-read", "shm-list", "shm-overwrite", "shm-new"} {
				o.ok(t, lost)
			}
			if !strings.Contains(injected, "INJECTED") || string(host) != "pwned\n" || leftNew != nil {
				t.Errorf("--no-namespaces: the host's terminal got %q, its /dev/shm file holds %q, a new one there: %v; want the reach the README documents", injected, host, leftNew)
			}
			continue
		}
		for _, attack := range []string{"pts-write", "pts-open-read", "shm-read", "shm-list"} {
			o.fails(t, attack)
		}
		if injected != "" {
			t.Errorf("the host's terminal got %q from inside the sandbox", injected)
		}
		if string(host) != "secret\n" {
			t.Errorf("the host's /dev/shm file now holds %q", host)
		}
		if leftNew == nil {
			t.Error("a file the command made in /dev/shm is on the host")
		}
	}
}

// hostTerminal opens a terminal of the host (a pty): its master, and its
// slave's path, which the command attacks.
func hostTerminal(t *testing.T) (*os.File, string) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Skipf("no terminal to attack: /dev/ptmx: %v", err)
	}
	master := os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlocking the pty: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("the pty's number: %v", err)
	}
	slave := fmt.Sprintf("/dev/pts/%d", n)
	// Opened once, so that what is written on the slave reaches the
	// master (a pty whose slave was never opened drops it).
	s, err := os.OpenFile(slave, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("opening %s: %v", slave, err)
	}
	t.Cleanup(func() { s.Close() })
	return master, slave
}

// modeOf is fi's mode, or "missing" where the stat that made it failed.
func modeOf(fi os.FileInfo) any {
	if fi == nil {
		return "missing"
	}
	return fi.Mode()
}

// readUntil reads what the (non-blocking) file has until it holds marker,
// for at most ten seconds (a loaded machine may be slow to write it),
// with a terminal's line ends made \n.
func readUntil(f *os.File, marker string) string {
	var out string
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out, marker) && time.Now().Before(deadline); {
		out += strings.ReplaceAll(readAvailable(f), "\r\n", "\n")
	}
	return out
}

// readAvailable reads what the (non-blocking) file has, waiting a moment.
func readAvailable(f *os.File) string {
	time.Sleep(50 * time.Millisecond)
	var out []byte
	buf := make([]byte, 256)
	for {
		n, err := unix.Read(int(f.Fd()), buf)
		if n <= 0 || err != nil {
			return string(out)
		}
		out = append(out, buf[:n]...)
	}
}

// TestShmPaths: what a run needs in the host's /dev/shm stays reachable
// in the command's own: a project there, a granted directory, a denied
// file beside them (still unreadable) and TMPDIR=/dev/shm; the host's
// other files there stay out of sight, and nothing of the run is left.
func TestShmPaths(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	base := "/dev/shm/mwsbx-" + uniq()
	proj, grant, secret := base+"-proj", base+"-grant", base+"-secret"
	for _, d := range []string{proj, grant} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Skipf("no /dev/shm to work in: %v", err)
		}
	}
	t.Cleanup(func() { os.RemoveAll(proj); os.RemoveAll(grant); os.Remove(secret) })
	b.file(filepath.Join(grant, "x"), "granted\n", 0o644)
	b.file(secret, "secret\n", 0o600)
	run := func(dir string, env []string, args ...string) result {
		return runCommand(t, b.command(dir, env, bin, args...))
	}
	if r := run(proj, nil, "run", "--yolo", "--", "sh", "-c", "echo in > f && ls /dev/shm"); r.code != 0 || r.stdout != filepath.Base(proj)+"\n" || b.read(filepath.Join(proj, "f")) != "in\n" {
		t.Errorf("a project in /dev/shm: exit %d, /dev/shm holds %q, stderr %q; want the project alone, written", r.code, r.stdout, r.stderr)
	}
	if r := run(b.root, nil, "run", "--yolo", "--allow-read", grant, "--", "sh", "-c", "cat "+grant+"/x; cat "+secret); r.code == 0 || r.stdout != "granted\n" {
		t.Errorf("a grant in /dev/shm: exit %d, stdout %q, stderr %q; want the grant read, the host's other file not", r.code, r.stdout, r.stderr)
	}
	if r := run(b.root, nil, "run", "--yolo", "--allow-read", "/dev/shm", "--deny-read", secret, "--", "sh", "-c", "cat "+secret+" || echo denied"); r.code != 0 || r.stdout != "denied\n" || !strings.Contains(r.stderr, "cannot make shared memory") {
		t.Errorf("--deny-read in /dev/shm: exit %d, stdout %q, stderr %q; want the run, the file denied, and why shared memory cannot be made", r.code, r.stdout, r.stderr)
	}
	// A missing denied path in a project there cannot be created, nor
	// anything else directly beside it: the private /dev/shm gets the
	// Landlock plan's rights, not the whole grant's.
	r := run(proj, nil, "run", "--yolo", "--deny-read", proj+"/notyet", "--", "sh", "-c", "echo n > notyet; echo n > newfile; ls")
	if _, err := os.Stat(proj + "/notyet"); err == nil || r.code != 0 {
		t.Errorf("--deny-read of a missing path in a project in /dev/shm: exit %d, stderr %q; the path was made: %v", r.code, r.stderr, err == nil)
	}
	if _, err := os.Stat(proj + "/newfile"); err == nil {
		t.Error("--deny-read of a missing path in a project in /dev/shm: a file was made beside it")
	}
	// A working directory of /dev/shm, the root elsewhere, is the
	// command's own: the host's files there stay out of sight, and what
	// it writes there goes with the run.
	if r := run("/dev/shm", nil, "run", "--yolo", "--root", b.root, "--", "sh", "-c", "pwd; cat "+secret+"; echo x > "+base+"-cwd"); r.code != 0 || r.stdout != "/dev/shm\n" || !strings.Contains(r.stderr, "No such file") {
		t.Errorf("a working directory of /dev/shm: exit %d, stdout %q, stderr %q; want the host's file unread", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(base + "-cwd"); err == nil {
		os.Remove(base + "-cwd")
		t.Error("a working directory of /dev/shm: the command's file is on the host")
	}
	// A root of /dev/shm itself is refused: its command could rewrite
	// every other program's shared memory there (a project below it,
	// above, is a root like any other).
	if r := run("/dev/shm", nil, "run", "--yolo", "--", "echo", "ran"); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "is the shared memory directory /dev/shm") {
		t.Errorf("a root of /dev/shm: exit %d, stdout %q, stderr %q; want it refused (2)", r.code, r.stdout, r.stderr)
	}
	r = run(b.root, []string{"TMPDIR=/dev/shm"}, "run", "--yolo", "--", "sh", "-c", `f=$(mktemp) && echo x > "$f" && echo "$f"`)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "/dev/shm/mewsandbox-") {
		t.Errorf("TMPDIR=/dev/shm: exit %d, stdout %q, stderr %q; want a temp file in a private TMPDIR there", r.code, r.stdout, r.stderr)
	}
	if left, _ := filepath.Glob("/dev/shm/mewsandbox-*"); len(left) > 0 {
		t.Errorf("left in the host's /dev/shm: %v", left)
	}
}

// TestShmLinked: where /dev/shm is a link into /run (WSL, older
// distributions), the command's /dev/shm is still its own, not the host's
// behind the link. Simulated in a mount namespace of the test's own.
func TestShmLinked(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: building a /dev with a linked /dev/shm needs root")
	}
	requireNamespaces(t)
	if _, err := osexec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
	b := newBox(t, nil)
	old := filepath.Join(b.out, "olddev")
	if err := os.Mkdir(old, 0o755); err != nil {
		t.Fatal(err)
	}
	script := tmpfsDev(old, "") + fmt.Sprintf(`mount -t tmpfs tmpfs /run
mkdir /run/shm && chmod 1777 /run/shm && echo secret > /run/shm/hostsecret
ln -s /run/shm /dev/shm
set +e
%s run --yolo -- sh -c 'cat /dev/shm/hostsecret; echo mine > /dev/shm/mine && cat /dev/shm/mine'
echo "exit $?"
ls /run/shm`, bin)
	r := runCommand(t, b.command(b.root, nil, "unshare", "-m", "--propagation", "private", "sh", "-c", script))
	if r.code != 0 || r.stdout != "mine\nexit 0\nhostsecret\n" || !strings.Contains(r.stderr, "hostsecret: No such file") {
		t.Errorf("exit %d, stdout %q, stderr %q; want the host's file unread, the command's own written, nothing left behind the link", r.code, r.stdout, r.stderr)
	}
}

// TestMountRefusedSaysWhy: a run whose namespace layer cannot be set up
// (here mount_setattr refused, as some security modules do) fails with the
// child's reason, every time: not the closed socket the runner met when it
// told the child to go after the child had already given up.
func TestMountRefusedSaysWhy(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	deny := helper(t, "deny")
	const mountSetattr = "442" // the same on every architecture
	for i := range 20 {
		r := runCommand(t, b.command(b.root, nil, deny, mountSetattr, "1", bin, "run", "--yolo", "--", "true"))
		if r.code != 125 || !strings.Contains(r.stderr, "mount_setattr") {
			t.Fatalf("run %d: exit %d, stderr %q; want 125 and the refused mount_setattr", i, r.code, r.stderr)
		}
	}
}

// TestHostSecretsHidden: the host's password hashes are unreadable to an
// ordinary user by their mode, but a command run as root reads them by
// the owner's bits, capabilities dropped or not. The layer hides those the
// command could read (as --deny-read does), while the rest of /etc stays
// readable; without it, as the README says, a root-run command reads them.
func TestHostSecretsHidden(t *testing.T) {
	requireNamespaces(t)
	fi, err := os.Stat("/etc/shadow")
	if err != nil {
		t.Skipf("no /etc/shadow here: %v", err)
	}
	b := newBox(t, nil)
	byOwner := os.Geteuid() == 0 && int(fi.Sys().(*syscall.Stat_t).Uid) == 0 && fi.Mode().Perm()&0o400 != 0
	// Kept, a capability that reads past permissions would read any of
	// them whatever its mode: then every one there is is hidden.
	for _, flags := range [][]string{nil, {"--keep-cap", "CAP_DAC_READ_SEARCH"}, {"--no-namespaces"}} {
		o := b.check(`
c "read the password hashes" cat /etc/shadow
c "read a private key" sh -c 'for f in /etc/ssl/private/*; do test -e "$f" || exit 1; cat "$f" >/dev/null || exit 1; done'
c "read the accounts" cat /etc/passwd
c "list /etc" sh -c 'ls /etc | grep -qx passwd'
`, flags...)
		o.ok(t, "read the accounts")
		o.ok(t, "list /etc")
		if !slices.Contains(flags, "--no-namespaces") {
			o.fails(t, "read a private key") // hidden, or none there (the script fails then too)
		}
		if !slices.Contains(flags, "--no-namespaces") || !byOwner {
			o.fails(t, "read the password hashes")
		} else {
			o.ok(t, "read the password hashes") // lost without the layer, as documented
		}
	}
}

// TestWorkingDirInHiddenDir: a working directory in a directory the layer
// empties (/tmp here), outside the root and the grants, is not bound back:
// the command starts in an empty directory of its name. Bound back, it
// brought what other programs keep there along, sockets included: from ~
// with --root and --allow-unix-sockets a review reached Docker's socket.
// A working directory that is /tmp itself left /tmp unhidden.
func TestWorkingDirInHiddenDir(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.install()
	cwd, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cwd, "/tmp/") {
		t.Skipf("the test's temporary directory %s is not in /tmp, which the layer empties", cwd)
	}
	marker := "mwsbx-cwd-" + uniq()
	b.file(filepath.Join(cwd, marker), "x\n", 0o644)
	sock := filepath.Join(cwd, "s.sock")
	got := unixListener(t, sock)
	attack := filepath.Join(b.root, "attack")
	script := fmt.Sprintf(`test -e %s && echo SEEN; pwd; %s unix-connect %s`, marker, attack, sock)
	r := b.runIn(cwd, "", "run", "--yolo", "--allow-unix-sockets", "--root", b.root, "--", "sh", "-c", script)
	if r.code != 1 || strings.Contains(r.stdout, "SEEN") || !strings.Contains(r.stdout, cwd+"\n") || !strings.Contains(r.stdout, "unix-connect errno=2 ") {
		t.Errorf("from %s: exit %d, %q %q; want the command in an empty %s, the socket there unreachable (ENOENT)", cwd, r.code, r.stdout, r.stderr, cwd)
	}
	quiet(t, "the socket in the working directory", got)
	// Nor where a read grant holds the directory (--allow-read /), which
	// brings none of it back: it brought the working directory back, and
	// a command run from /run so reached a host program's socket there.
	r = b.runIn(cwd, "", "run", "--yolo", "--allow-unix-sockets", "--allow-read", "/", "--root", b.root, "--", "sh", "-c", script)
	if r.code != 1 || strings.Contains(r.stdout, "SEEN") || !strings.Contains(r.stdout, cwd+"\n") || !strings.Contains(r.stdout, "unix-connect errno=2 ") {
		t.Errorf("from %s with --allow-read /: exit %d, %q %q; want the command in an empty %s, the socket there unreachable (ENOENT)", cwd, r.code, r.stdout, r.stderr, cwd)
	}
	quiet(t, "the socket in the working directory, with --allow-read /", got)
	// The neighbour: a grant that lies there, and holds it, brings it back.
	r = b.runIn(cwd, "", "run", "--yolo", "--allow-unix-sockets", "--allow-read", cwd, "--root", b.root, "--", "sh", "-c", "test -e "+marker+" && echo SEEN")
	if r.code != 0 || r.stdout != "SEEN\n" {
		t.Errorf("from %s with --allow-read of it: exit %d, %q %q; want its files", cwd, r.code, r.stdout, r.stderr)
	}

	// /tmp itself as the working directory is emptied too.
	hostMarker := filepath.Join("/tmp", marker)
	b.file(hostMarker, "x\n", 0o644)
	t.Cleanup(func() { os.Remove(hostMarker) })
	r = b.runIn("/tmp", "", "run", "--yolo", "--root", b.root, "--", "sh", "-c", "test -e "+marker+" && echo SEEN; pwd")
	if r.code != 0 || strings.Contains(r.stdout, "SEEN") || r.stdout != "/tmp\n" {
		t.Errorf("from /tmp: exit %d, %q %q; want an empty /tmp", r.code, r.stdout, r.stderr)
	}
	// And in /dev/shm, which the command gets a tmpfs of its own for.
	shm, err := os.MkdirTemp("/dev/shm", "mwsbx-cwd-")
	if err == nil {
		t.Cleanup(func() { os.RemoveAll(shm) })
		b.file(filepath.Join(shm, "s"), "host-secret\n", 0o644)
		r = b.runIn(shm, "", "run", "--yolo", "--root", b.root, "--", "sh", "-c", "cat s 2>/dev/null; pwd")
		if r.code != 0 || strings.Contains(r.stdout, "host-secret") || r.stdout != shm+"\n" {
			t.Errorf("from %s: exit %d, %q %q; want an empty directory of its name", shm, r.code, r.stdout, r.stderr)
		}
	}
	// The neighbour: a working directory in the root is the root's.
	b.file("sub/mine", "m\n", 0o644)
	r = b.runIn(filepath.Join(b.root, "sub"), "", "run", "--yolo", "--", "cat", "mine")
	if r.code != 0 || r.stdout != "m\n" {
		t.Errorf("from the root's sub: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
}

// TestGrantedDeviceBoundIn: a device node granted by name that is a mount
// of its own in a /dev that is a tmpfs (bubblewrap's --dev-bind, a
// rootless container's --device /dev/fuse) still opens: the layer makes
// the tree without devices and gave them back to /dev's own mount and
// the default nodes only, so FUSE failed there (EACCES). Simulated in a
// mount namespace of the test's own; /dev/fuse only opened for reading.
func TestGrantedDeviceBoundIn(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: building a /dev with nodes bound in needs root")
	}
	requireNamespaces(t)
	if _, err := osexec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
	if fi, err := os.Stat("/dev/fuse"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no /dev/fuse here")
	}
	b := newBox(t, nil)
	old := filepath.Join(b.out, "olddev")
	if err := os.Mkdir(old, 0o755); err != nil {
		t.Fatal(err)
	}
	script := tmpfsDev(old, "fuse") + fmt.Sprintf(`mkdir /dev/shm && mount -t tmpfs tmpfs /dev/shm
set +e
%s run --yolo --allow-read /dev/fuse -- sh -c 'echo x > /dev/null && echo DEV-OK; ( exec 3</dev/fuse ) && echo FUSE-OK'
echo "exit $?"`, bin)
	r := runCommand(t, b.command(b.root, nil, "unshare", "-m", "--propagation", "private", "sh", "-c", script))
	if r.code != 0 || r.stdout != "DEV-OK\nFUSE-OK\nexit 0\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want /dev/null and the granted /dev/fuse opened", r.code, r.stdout, r.stderr)
	}
}

// tmpfsDev is the start of a script, run in a mount namespace of its own,
// that makes /dev a tmpfs with the default device nodes (and the extra
// ones named) bound into it from the host's, kept at old, and the host's
// devpts bound back: /dev as bubblewrap's --dev and container runtimes
// make it. It sets -e.
func tmpfsDev(old, extra string) string {
	return fmt.Sprintf(`set -e
mount --bind /dev %[1]s
mount -t tmpfs tmpfs /dev
for n in null zero full random urandom tty ptmx %[2]s; do touch /dev/$n; mount --bind %[1]s/$n /dev/$n; done
mkdir /dev/pts && mount --bind %[1]s/pts /dev/pts
`, old, extra)
}

// TestOwnTmp: under the layer /tmp is the command's own tmpfs, writable by
// all as the host's (Java's temp files, test suites and scripts that write
// there whatever TMPDIR says), and gone with the run: nothing written there
// reaches the host's /tmp, and the host's files there are not seen. Where a
// root or a grant lies in /tmp it stays empty and read-only, since
// Landlock's grant of /tmp would reach them whole (a --deny-read path in
// them included): the read-only grant there stays unwritable. Without the
// layer /tmp is the host's, and not writable.
func TestOwnTmp(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	b.root = outsideTemp(t) // not in /tmp
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init"}} {
		cmd := osexec.Command("git", args...)
		cmd.Dir = b.root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	host := "/tmp/mewsandbox-owntmp-" + uniq()
	if err := os.WriteFile(host, []byte("the host's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(host) })
	planted := "/tmp/mewsandbox-owntmp-planted-" + uniq()
	t.Cleanup(func() { os.RemoveAll(planted); os.RemoveAll(planted + ".d") })
	script := fmt.Sprintf(`
c "write /tmp" sh -c 'echo x > %[1]s && test "$(cat %[1]s)" = x'
c "make a directory in /tmp" mkdir %[1]s.d
c "run a script from /tmp" sh -c 'printf "#!/bin/sh\\nexit 7\\n" > /tmp/s.sh && chmod +x /tmp/s.sh; /tmp/s.sh; test $? = 7'
c "/tmp is 1777" sh -c 'test "$(stat -c %%a /tmp)" = 1777'
c "see the host's file" test -e %[2]s
c "write a hook in the root" sh -c 'echo pwned > .git/hooks/pre-commit'
c "write the root" sh -c 'echo ok > in-root.txt'
`, planted, host)
	o := b.check(script)
	o.ok(t, "write /tmp")
	o.ok(t, "make a directory in /tmp")
	o.ok(t, "run a script from /tmp")
	o.ok(t, "/tmp is 1777")
	o.fails(t, "see the host's file")
	o.fails(t, "write a hook in the root")
	o.ok(t, "write the root")
	for _, p := range []string{planted, planted + ".d"} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s, written in the sandbox's /tmp, is on the host", p)
		}
	}
	if b.exists(".git/hooks/pre-commit") || b.read("in-root.txt") != "ok\n" {
		t.Error("the root's hooks were written, or the root was not")
	}
	// Each run gets its own.
	o = b.check(fmt.Sprintf("c \"see the last run's file\" test -e %s\n", planted))
	o.fails(t, "see the last run's file")

	// A grant in /tmp: /tmp stays empty and read-only, the grant too.
	ro, err := os.MkdirTemp("/tmp", "mewsandbox-owntmp-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(ro) })
	if err := os.WriteFile(filepath.Join(ro, "f"), []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for p, mode := range map[string]os.FileMode{ro: 0o777, filepath.Join(ro, "f"): 0o666} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	o = b.check(fmt.Sprintf(`
c "write /tmp" sh -c 'echo x > %[1]s'
c "read the read-only grant" sh -c 'test "$(cat %[2]s/f)" = kept'
c "write the read-only grant" sh -c 'echo pwned > %[2]s/f'
c "make a file in the read-only grant" touch %[2]s/new
c "chmod in the read-only grant" chmod 600 %[2]s/f
`, planted, ro), "--allow-read", ro)
	o.fails(t, "write /tmp")
	o.ok(t, "read the read-only grant")
	o.fails(t, "write the read-only grant")
	o.fails(t, "make a file in the read-only grant")
	o.fails(t, "chmod in the read-only grant")
	if got, _ := os.ReadFile(filepath.Join(ro, "f")); string(got) != "kept\n" {
		t.Errorf("the read-only grant's file holds %q", got)
	}
	if fi, err := os.Stat(filepath.Join(ro, "f")); err != nil || fi.Mode().Perm() != 0o666 {
		t.Errorf("the read-only grant's file: %v, %v", fi, err)
	}

	// Without the layer /tmp is the host's: granted nothing.
	o = b.check(fmt.Sprintf("c \"write /tmp\" sh -c 'echo x > %s'\n", planted), "--no-namespaces")
	o.fails(t, "write /tmp")
	if _, err := os.Lstat(planted); err == nil {
		t.Errorf("%s written on the host without the layer", planted)
	}
}

// TestKernelDebugFSHidden: the kernel's debugging, security and firmware
// file systems mounted in /sys (tracefs, debugfs, securityfs, efivarfs,
// pstore, bpf) are the host's, and a command run as root reads them by
// their owner's bits with no capability: tracefs's trace and the kernel's
// function list; its trace_pipe, read, takes the events from the host's
// tracers. The layer lays an empty read-only tmpfs over each one the host
// mounts; what programs read in /sys and /proc stays readable (the
// processors online, the command's own status, the cgroup's processor
// limit the Go runtime reads). Without the layer they stay as the host
// has them, as the README says.
func TestKernelDebugFSHidden(t *testing.T) {
	requireNamespaces(t)
	info, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	var mounted []string
	for line := range strings.Lines(string(info)) {
		head, tail, ok := strings.Cut(line, " - ")
		f, fs := strings.Fields(head), strings.Fields(tail)
		if !ok || len(f) < 5 || len(fs) < 1 || !strings.HasPrefix(f[4], "/sys/") {
			continue
		}
		if slices.Contains([]string{"tracefs", "debugfs", "securityfs", "efivarfs", "pstore", "bpf"}, fs[0]) {
			mounted = append(mounted, f[4])
		}
	}
	if len(mounted) == 0 {
		t.Skip("the host mounts none of tracefs, debugfs, securityfs, efivarfs, pstore or bpf in /sys")
	}
	for _, fs := range []string{"tracefs", "debugfs", "securityfs", "efivarfs", "pstore", "bpf"} {
		if !strings.Contains(string(info), " - "+fs+" ") {
			t.Logf("the host mounts no %s: not tried", fs)
		}
	}
	b := newBox(t, nil)
	script := `
c "processors online" cat /sys/devices/system/cpu/online
c "own status" sh -c 'grep -q "^Pid:" /proc/self/status'
c "cgroup cpu limit" sh -c 'cat /sys/fs/cgroup/cpu.max 2>/dev/null || cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us 2>/dev/null || cat /sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us'
c "list /sys/kernel" sh -c 'ls /sys/kernel | grep -q .'
c "nproc" nproc
`
	for _, m := range mounted {
		script += fmt.Sprintf("c %q sh -c 'ls -A %s | grep -q .'\n", "list "+m, m)
	}
	for _, flags := range [][]string{nil, {"--allow-unix-sockets"}, {"--no-namespaces"}} {
		o := b.check(script, flags...)
		for _, n := range []string{"processors online", "own status", "cgroup cpu limit", "list /sys/kernel", "nproc"} {
			o.ok(t, n)
		}
		for _, m := range mounted {
			if !slices.Contains(flags, "--no-namespaces") {
				o.fails(t, "list "+m)
			}
		}
	}
}

// TestHostFirmwareHidden: the firmware's description of the machine in
// /sys (the ACPI tables, of which an OEM machine's MSDM holds its Windows
// product key; the DMI table) and the DMI serial numbers and UUID are
// root's by their mode (0400), and a command run as root reads them with
// no capability. The layer hides them where the command could read them
// (run as root, or keeping a capability that reads past permissions): an
// empty read-only /sys/firmware, the serials behind a file no one opens.
// An ordinary user's command cannot read them either way. What programs
// read there stays: the make and model (sys_vendor, which VM detection
// reads), systemd-detect-virt's answer, nproc, lscpu, the command's own
// status, the network interfaces in /sys (ip's netlink is refused under
// network none). Without the layer a root command reads them, as
// the README says. Nor is a working directory there bound back, which
// the default grant of /sys holds.
func TestHostFirmwareHidden(t *testing.T) {
	requireNamespaces(t)
	var leaks []string
	tables, _ := filepath.Glob("/sys/firmware/acpi/tables/*")
	for _, f := range append(tables, "/sys/firmware/dmi/tables/DMI",
		"/sys/devices/virtual/dmi/id/product_serial", "/sys/devices/virtual/dmi/id/board_serial",
		"/sys/devices/virtual/dmi/id/chassis_serial", "/sys/devices/virtual/dmi/id/product_uuid") {
		fi, err := os.Stat(f)
		if err != nil || !fi.Mode().IsRegular() {
			t.Logf("%s: not on this host: not tried", f)
			continue
		}
		b, err := os.ReadFile(f)
		switch {
		case err != nil:
			t.Logf("%s: the test's user cannot read it here either (%v): tried, it must stay unreadable", f, err)
		case len(strings.TrimSpace(string(b))) == 0:
			t.Logf("%s: empty on this host: not tried", f)
			continue
		}
		leaks = append(leaks, f)
	}
	if len(leaks) == 0 {
		t.Skip("no ACPI table, DMI table or DMI serial on this host")
	}
	b := newBox(t, nil)
	script := `
c "processors online" nproc
c "own status" sh -c 'grep -q "^Pid:" /proc/self/status'
c "lscpu" sh -c 'lscpu 2>/dev/null | grep -q . || ! command -v lscpu'
c "interfaces" sh -c 'ls /sys/class/net | grep -qx lo'
`
	if vendor, err := os.ReadFile("/sys/devices/virtual/dmi/id/sys_vendor"); err == nil && len(strings.TrimSpace(string(vendor))) > 0 {
		script += "c \"make of the machine\" grep -q . /sys/devices/virtual/dmi/id/sys_vendor\n"
	} else {
		t.Logf("no sys_vendor here (%v): its neighbour not tried", err)
	}
	if out, err := osexec.Command("systemd-detect-virt", "--vm").Output(); len(out) > 0 {
		script += fmt.Sprintf("c \"detect the VM\" sh -c 'test \"$(systemd-detect-virt --vm)\" = %s'\n", strings.TrimSpace(string(out)))
	} else {
		t.Logf("no systemd-detect-virt answer here (%v): not tried", err)
	}
	for i, f := range leaks {
		script += fmt.Sprintf("c \"leak %d\" sh -c 'test \"$(head -c 64 %s | wc -c)\" -gt 0'\n", i, f)
	}
	root := os.Geteuid() == 0
	for _, flags := range [][]string{nil, {"--keep-cap", "CAP_DAC_READ_SEARCH"}, {"--no-namespaces"}} {
		o := b.check(script, flags...)
		for _, n := range []string{"processors online", "own status", "lscpu", "interfaces", "make of the machine", "detect the VM"} {
			if strings.Contains(script, `"`+n+`"`) {
				o.ok(t, n)
			}
		}
		for i, f := range leaks {
			if slices.Contains(flags, "--no-namespaces") && root {
				o.ok(t, fmt.Sprintf("leak %d", i)) // lost without the layer, as documented
				continue
			}
			if o[fmt.Sprintf("leak %d", i)] == "ok" {
				t.Errorf("%v: %s read from inside", flags, f)
			}
		}
	}
	// Run from the tables' directory, which the default grant of /sys
	// holds: the command starts in an empty one of its name.
	for _, f := range leaks {
		if !strings.HasPrefix(f, "/sys/firmware/") {
			continue
		}
		r := b.runIn(filepath.Dir(f), "", "run", "--yolo", "--root", b.root, "--", "sh", "-c", "head -c 64 "+filepath.Base(f)+" | wc -c; pwd")
		if r.stdout != "0\n"+filepath.Dir(f)+"\n" {
			t.Errorf("run from %s: exit %d, %q %q; want %s unreadable there", filepath.Dir(f), r.code, r.stdout, r.stderr, filepath.Base(f))
		}
		break
	}
}
