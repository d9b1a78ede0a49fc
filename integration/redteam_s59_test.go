//go:build linux

package integration

// Red team rt14 (stop 59): what the host's git and tools open after a
// run, each beside the neighbour that must keep working.

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fifoScript plants FIFOs where the host's git opens files: a nested
// .gitignore (any directory git status walks), .gitattributes, .git/HEAD,
// .git/info/exclude, .git/packed-refs, made there or moved in from the
// private TMPDIR; then the neighbours: a FIFO in TMPDIR, a file in the
// root.
const fifoScript = `
mkdir -p sub
c "fifo as a nested .gitignore" mkfifo sub/.gitignore
c "fifo as .gitattributes" mkfifo .gitattributes
c "fifo as .git/packed-refs" mkfifo .git/packed-refs
c "fifo over .git/info/exclude" sh -c 'mkdir -p .git/info && mkfifo .git/info/x && mv .git/info/x .git/info/exclude'
c "fifo moved in from TMPDIR" sh -c 'mkfifo "$TMPDIR/q" && mv "$TMPDIR/q" .git/HEAD'
c "fifo in TMPDIR" sh -c 'mkfifo "$TMPDIR/p" && test -p "$TMPDIR/p"'
c "write in the root" sh -c 'echo work > work.txt'
`

// TestFifoNotMadeInRoot: a FIFO the command leaves where the host's git
// opens a file (a nested .gitignore, .gitattributes, .git/HEAD,
// .git/index, .git/info/exclude, .git/packed-refs, a ref …) has the
// user's next git status wait for good (git 2.39: open blocks until a
// writer comes). Landlock keeps FIFOs from being made in the root, or
// moved or linked into it, with the layer and without, as root and as a
// user; the private TMPDIR and --allow-write grants outside the root
// keep them (build tools and tests use mkfifo).
func TestFifoNotMadeInRoot(t *testing.T) {
	requireSandbox(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		o := b.check(fifoScript, flags...)
		for _, a := range []string{"fifo as a nested .gitignore", "fifo as .gitattributes", "fifo as .git/packed-refs", "fifo over .git/info/exclude", "fifo moved in from TMPDIR"} {
			o.fails(t, a)
		}
		for _, n := range []string{"fifo in TMPDIR", "write in the root"} {
			o.ok(t, n)
		}
		if !gitReturns(t, b.root, nil, "status") {
			t.Errorf("%v: git status outside the sandbox waited 10 s", flags)
		}
		// A grant outside the root keeps them.
		out := filepath.Join(outsideTemp(t), "fifos")
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		o = b.check(`c "fifo in a grant" sh -c 'mkfifo `+out+`/p && test -p `+out+`/p'`+"\n", append([]string{"--allow-write", out}, flags...)...)
		o.ok(t, "fifo in a grant")
	}
	ub := newUserBox(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		o := ub.check(fifoScript, flags...)
		o.fails(t, "fifo as a nested .gitignore")
		o.fails(t, "fifo as .git/packed-refs")
		o.ok(t, "fifo in TMPDIR")
		o.ok(t, "write in the root")
		if !gitReturns(t, ub.root, nil, "status") {
			t.Errorf("as a user %v: git status outside the sandbox waited 10 s", flags)
		}
	}
}

// TestRewrittenTodoKeepsOwner: a runner that is root comments out the exec
// lines a command added to git's todo list by writing the list anew and
// renaming it over the old one; the new file was root's, so the user whose
// rebase it was could no longer edit it (git rebase --edit-todo: "Permission
// denied"). It keeps the list's owner and group now. The neighbour: the
// exec line is still commented out.
func TestRewrittenTodoKeepsOwner(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("the runner must be root")
	}
	u := testUser(t)
	b := newGitBox(t)
	// Writable by others: the root command keeps no CAP_DAC_OVERRIDE.
	todo := b.file(".git/rebase-merge/git-rebase-todo", "pick 0000000 first\n", 0o666)
	for _, p := range []string{todo, filepath.Dir(todo)} {
		if err := os.Chown(p, int(u.uid), int(u.gid)); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(todo, 0o666)
	r := b.sh("echo 'exec touch " + filepath.Join(b.out, "MARKER") + "' >> .git/rebase-merge/git-rebase-todo\n")
	if r.code != 125 || !strings.Contains(b.read(".git/rebase-merge/git-rebase-todo"), "# mewsandbox: exec touch") {
		t.Fatalf("exit %d, stderr %q, list %q; want 125 and the line commented out", r.code, r.stderr, b.read(".git/rebase-merge/git-rebase-todo"))
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(todo, &st); err != nil {
		t.Fatal(err)
	}
	if st.Uid != u.uid || st.Gid != u.gid || st.Mode&0o7777 != 0o666 {
		t.Errorf("the list after the run: %d:%d mode %o; want %d:%d mode 666, as before", st.Uid, st.Gid, st.Mode&0o7777, u.uid, u.gid)
	}
}

// miseFiles are mise's project configuration files (and asdf's
// .tool-versions, which mise reads too).
var miseFiles = []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml", ".config/mise/config.toml", ".mise/config.toml", "mise/config.toml", ".tool-versions"}

// TestMiseConfigProtected: mise trusts a project's config file by its path
// once (mise trust), not by its content (only under its paranoid
// setting): a trusted mise.toml the command rewrote ran its [env] _.source
// script, a [hooks] enter or a template's exec() in the user's shell at
// the next prompt in the project (mise activate), outside the sandbox;
// asdf runs what a .tool-versions path: version names. Where they exist
// they are read-only now, as the other tools' settings; beside them the
// project's own files stay writable.
func TestMiseConfigProtected(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, miseFiles, "echo notes > mise-notes.txt && mkdir -p .mise/tasks && echo 'echo hi' > .mise/tasks/hi && echo x > .config/other.toml")
}

// TestRootLinkKept: a --root named through a symbolic link in a writable
// grant (--root ~/src/app, app -> team/app, --allow-write ~/src) was
// the project's name for the user, but only the working directory's way
// was kept: the command pointed the link at a copy with hooks of its own,
// which the user's next git commit at that name would have run. The link
// gets a mount on itself now, as the working directory's way does. The
// neighbours: the root and the rest of the grant stay writable.
func TestRootLinkKept(t *testing.T) {
	requireNamespaces(t)
	w := outsideTemp(t)
	real := filepath.Join(w, "team", "app")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := osexec.Command("git", "init", "-q", real).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	link := filepath.Join(w, "app")
	if err := os.Symlink("team/app", link); err != nil {
		t.Fatal(err)
	}
	b := newBox(t, nil)
	script := prelude + `cd ` + w + `
mkdir -p evil/.git/hooks
c "repoint the root's link" ln -sfn evil app
c "rename the root's link" mv app app.old
c "write in the root" sh -c 'echo work > app/work.txt'
c "a link of its own in the grant" ln -s evil other
`
	cmd := b.command(b.out, nil, bin, "run", "--yolo", "--root", link, "--allow-write", w, "--", "sh", "-s")
	cmd.Stdin = strings.NewReader(script)
	r := runCommand(t, cmd)
	o := outcomes{}
	for _, m := range probeLine.FindAllStringSubmatch(r.stdout, -1) {
		o[m[1]] = m[2]
	}
	o.fails(t, "repoint the root's link")
	o.fails(t, "rename the root's link")
	o.ok(t, "write in the root")
	o.ok(t, "a link of its own in the grant")
	if got, err := os.Readlink(link); err != nil || got != "team/app" {
		t.Errorf("the root's link after the run: %q %v; want team/app", got, err)
	}
}

// TestGitFileLinkedToFifo: no FIFO can be made in the root, but one can in
// a grant outside it, and git follows a link in its git directory: a
// command made .git/index and .git/packed-refs links to a FIFO in an
// --allow-write directory, and the host's git status waited for good. Git
// never makes them links: such a one is moved aside after the run, which
// fails naming it. The neighbours: a FIFO in the grant, and git add and
// commit in the sandbox.
func TestGitFileLinkedToFifo(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	out := filepath.Join(outsideTemp(t), "cache")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	b.file("plant.sh", "mkfifo "+out+"/x && rm -f .git/index .git/packed-refs && ln -s "+out+"/x .git/index && ln -s "+out+"/x .git/packed-refs\n", 0o644)
	r := b.run("run", "--yolo", "--allow-write", out, "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, ".git/index: not a regular file") || !b.exists(".git/index.mewsandbox-planted") || !b.exists(".git/packed-refs.mewsandbox-planted") {
		t.Errorf("exit %d, stderr %q; want 125 naming .git/index, and both moved aside", r.code, r.stderr)
	}
	if !gitReturns(t, b.root, nil, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
	b.file("work.sh", "test -p "+out+"/x && echo w > w && git add w && git -c user.name=t -c user.email=t@example.com commit -qm w\n", 0o644)
	if r := b.run("run", "--yolo", "--timeout", "20s", "--allow-write", out, "--", "sh", "work.sh"); r.code != 0 {
		t.Errorf("the neighbours: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestGitFileLinksOfTheProjectKept: Google's repo tool checks projects
// out with .git/config, packed-refs and shallow links into .repo; they are
// the project's own, found at the plan, and a run leaves them where they
// lead (TestGitFileLinkedToFifo had every run move them aside, breaking
// the checkout). git status and a commit still work in the sandbox.
func TestGitFileLinksOfTheProjectKept(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.git("pack-refs", "--all")
	b.file(".repo/projects/app.git/.keep", "", 0o644)
	for _, name := range []string{"config", "packed-refs"} {
		store := filepath.Join(b.root, ".repo/projects/app.git", name)
		if err := os.Rename(filepath.Join(b.root, ".git", name), store); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("../.repo/projects/app.git/"+name, filepath.Join(b.root, ".git", name)); err != nil {
			t.Fatal(err)
		}
	}
	b.file("work.sh", "git status --short >/dev/null && echo w > w && git add w && git -c user.name=t -c user.email=t@example.com commit -qm w\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "work.sh"); r.code != 0 {
		t.Fatalf("a commit in a checkout whose config and packed refs are links: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, name := range []string{"config", "packed-refs"} {
		if target, err := os.Readlink(filepath.Join(b.root, ".git", name)); err != nil || target != "../.repo/projects/app.git/"+name {
			t.Errorf(".git/%s after the run: %q, %v; want the project's link kept", name, target, err)
		}
	}
}
