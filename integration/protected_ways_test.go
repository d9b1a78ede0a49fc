//go:build linux

package integration

// The ways to the protected paths: a read-only bind keeps a path from
// being written and its own name from being renamed, but not the
// directories and links on the way to it. Each attack below renames or
// replaces one of those from inside the sandbox, to make a hook or a
// settings file that runs outside it; each must fail under the namespace
// layer while the legitimate neighbour (a commit, a file beside) works.

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hook is a pre-commit hook that prints what it is.
const hook = `printf "#!/bin/sh\necho PWNED\n"`

// git runs git with args in the root, outside the sandbox, and returns
// what it printed.
func (b *box) git(args ...string) string {
	b.t.Helper()
	cmd := osexec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	cmd.Dir = b.root
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// commitsClean commits on the host, as the person would after the run, and
// fails the test if a hook the command planted ran.
func (b *box) commitsClean() {
	b.t.Helper()
	if out := b.git("commit", "-q", "--allow-empty", "-m", "after the run"); strings.Contains(out, "PWNED") {
		b.t.Errorf("the host's git commit ran a hook the command planted: %q", out)
	}
}

// commit is the legitimate neighbour: git add and commit inside.
const commit = `c "git commit" sh -c 'echo work >> work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
c "write in the root" sh -c 'echo fine > notes.txt'
`

// TestProtectedHooksPathWay: husky 9 names core.hooksPath .husky/_, whose
// hooks run the scripts in .husky: .husky itself is protected, and cannot
// be renamed away and replaced; a hooks directory below a missing
// directory gets its placeholder there, and one below an existing plain
// directory keeps that directory from being renamed.
func TestProtectedHooksPathWay(t *testing.T) {
	requireNamespaces(t)
	t.Run("husky 9", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file(".husky/_/pre-commit", "#!/bin/sh\nsh -e \"$(dirname \"$(dirname \"$0\")\")/pre-commit\"\n", 0o755)
		b.file(".husky/pre-commit", "#!/bin/sh\nexit 0\n", 0o755)
		b.git("config", "core.hooksPath", ".husky/_")
		o := b.check(`c "rename .husky and plant a hook" sh -c 'mv .husky .husky-old && mkdir -p .husky/_ && ` + hook + ` > .husky/_/pre-commit && chmod +x .husky/_/pre-commit'
c "rename .husky/_" mv .husky/_ .husky/_old
c "edit a husky script" sh -c 'echo "echo PWNED" >> .husky/pre-commit'
` + commit)
		o.fails(t, "rename .husky and plant a hook")
		o.fails(t, "rename .husky/_")
		o.fails(t, "edit a husky script")
		o.ok(t, "git commit")
		o.ok(t, "write in the root")
		if b.exists(".husky-old") || b.exists(".husky/_old") {
			t.Error(".husky was renamed on the host")
		}
		b.commitsClean()
	})
	t.Run("missing parent", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.git("config", "core.hooksPath", "tools/hooks")
		o := b.check(`c "make tools/hooks and plant a hook" sh -c 'mkdir -p tools/hooks && ` + hook + ` > tools/hooks/pre-commit && chmod +x tools/hooks/pre-commit'
` + commit)
		o.fails(t, "make tools/hooks and plant a hook")
		o.ok(t, "git commit")
		o.ok(t, "write in the root")
		if b.staysAfter("tools") {
			t.Error("the placeholder tools is left on the host")
		}
		b.commitsClean()
	})
	t.Run("existing parent", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file("tools/hooks/.keep", "", 0o644)
		b.file("tools/build.sh", "#!/bin/sh\n", 0o755)
		b.git("config", "core.hooksPath", "tools/hooks")
		o := b.check(`c "rename tools and plant a hook" sh -c 'mv tools tools-old && mkdir -p tools/hooks && ` + hook + ` > tools/hooks/pre-commit && chmod +x tools/hooks/pre-commit'
c "plant a hook" sh -c '` + hook + ` > tools/hooks/pre-commit'
c "edit beside the hooks" sh -c 'echo "# edited" >> tools/build.sh'
` + commit)
		o.fails(t, "rename tools and plant a hook")
		o.fails(t, "plant a hook")
		o.ok(t, "edit beside the hooks")
		o.ok(t, "git commit")
		if b.exists("tools-old") {
			t.Error("tools was renamed on the host")
		}
		b.commitsClean()
	})
}

// TestProtectedGitdirTarget: git init --separate-git-dir into the root
// leaves a .git pointer file to a directory beside it; that directory
// cannot be replaced by a copy whose hooks the command writes, and git
// still works in it.
func TestProtectedGitdirTarget(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	os.RemoveAll(filepath.Join(b.root, ".git"))
	b.git("init", "-q", "--separate-git-dir="+filepath.Join(b.root, ".gitdata"), ".")
	b.git("commit", "-q", "--allow-empty", "-m", "init")
	o := b.check(`c "replace the git directory" sh -c 'cp -a .gitdata .gitdata-new && mv .gitdata .gitdata-old && mv .gitdata-new .gitdata && ` + hook + ` > .gitdata/hooks/pre-commit && chmod +x .gitdata/hooks/pre-commit'
c "plant a hook" sh -c '` + hook + ` > .gitdata/hooks/pre-commit'
c "remove the pointer" rm -f .git
` + commit)
	o.fails(t, "replace the git directory")
	o.fails(t, "plant a hook")
	o.fails(t, "remove the pointer")
	o.ok(t, "git commit")
	o.ok(t, "write in the root")
	if b.exists(".gitdata-old") {
		t.Error("the git directory was renamed on the host")
	}
	b.commitsClean()
	if log := b.git("log", "--format=%s"); !strings.Contains(log, "work") {
		t.Errorf("the commit made inside is not in the repository: %q", log)
	}
}

// TestProtectedLinks: a protected entry that is a symbolic link keeps
// what it points to read-only and cannot itself be removed or replaced,
// nor the directories on its way renamed; a dangling one into the root
// gets a placeholder where it points.
func TestProtectedLinks(t *testing.T) {
	requireNamespaces(t)
	t.Run(".claude", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file("cfg/claude/settings.json", "{}\n", 0o644)
		if err := os.Symlink("cfg/claude", filepath.Join(b.root, ".claude")); err != nil {
			t.Fatal(err)
		}
		o := b.check(`c "replace the link" sh -c 'rm .claude && mkdir .claude && echo "{\"permissions\":{}}" > .claude/settings.json'
c "rename its directory" sh -c 'mv cfg cfg-old && mkdir -p cfg/claude && echo "{}" > cfg/claude/settings.local.json'
c "write through the link" sh -c 'echo "{}" > .claude/settings.local.json'
c "write beside its target" sh -c 'echo fine > cfg/notes.txt'
` + commit)
		o.fails(t, "replace the link")
		o.fails(t, "rename its directory")
		o.fails(t, "write through the link")
		o.ok(t, "write beside its target")
		o.ok(t, "git commit")
		if got, err := os.Readlink(filepath.Join(b.root, ".claude")); err != nil || got != "cfg/claude" || b.exists("cfg-old") || b.exists("cfg/claude/settings.local.json") {
			t.Errorf(".claude after the run: %q, %v; want the link, cfg unrenamed, nothing written", got, err)
		}
	})
	t.Run("dangling .mewsandbox", func(t *testing.T) {
		b := newGitBox(t).with(t)
		if err := os.Symlink("mews-missing", filepath.Join(b.root, ".mewsandbox")); err != nil {
			t.Fatal(err)
		}
		o := b.check(`c "make where it points" sh -c 'mkdir -p mews-missing && echo "sandbox: {}" > mews-missing/settings.yaml'
c "replace the link" sh -c 'rm .mewsandbox && mkdir .mewsandbox && echo "sandbox: {}" > .mewsandbox/settings.yaml'
` + commit)
		o.fails(t, "make where it points")
		o.fails(t, "replace the link")
		o.ok(t, "git commit")
		if b.staysAfter("mews-missing") {
			t.Error("the placeholder mews-missing is left on the host")
		}
		if _, err := os.Readlink(filepath.Join(b.root, ".mewsandbox")); err != nil {
			t.Errorf(".mewsandbox is no longer the link: %v", err)
		}
	})
	t.Run(".git", func(t *testing.T) {
		b := newGitBox(t).with(t)
		if err := os.Rename(filepath.Join(b.root, ".git"), filepath.Join(b.root, "realgit")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("realgit", filepath.Join(b.root, ".git")); err != nil {
			t.Fatal(err)
		}
		o := b.check(`c "replace the link" sh -c 'rm .git && cp -a realgit newgit && mv newgit .git && ` + hook + ` > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit'
c "rename the git directory" mv realgit realgit-old
c "plant a hook through the link" sh -c '` + hook + ` > .git/hooks/pre-commit'
c "write its config" sh -c 'printf "[core]\n\tfsmonitor = evil\n" >> realgit/config'
` + commit)
		o.fails(t, "replace the link")
		o.fails(t, "rename the git directory")
		o.fails(t, "plant a hook through the link")
		o.fails(t, "write its config")
		o.ok(t, "git commit")
		o.ok(t, "write in the root")
		if fi, err := os.Lstat(filepath.Join(b.root, ".git")); err != nil || fi.Mode()&os.ModeSymlink == 0 || b.exists("realgit-old") || b.exists("newgit") {
			t.Errorf(".git after the run: %v, %v; want the link, realgit unrenamed", fi, err)
		}
		b.commitsClean()
	})
	t.Run("missing in a writable grant", func(t *testing.T) {
		// No placeholder goes outside the root: a strict run is refused,
		// naming the link, and --best-effort runs and says so.
		b := newGitBox(t).with(t)
		grant := outsideTemp(t)
		if err := os.Symlink(filepath.Join(grant, "claude"), filepath.Join(b.root, ".claude")); err != nil {
			t.Fatal(err)
		}
		r := b.sh("echo ran\n", "--allow-write", grant)
		if r.code != 125 || !strings.Contains(r.stderr, "cannot protect "+filepath.Join(b.root, ".claude")) || strings.Contains(r.stdout, "ran") {
			t.Errorf("strict: exit %d, stdout %q, stderr %q; want 125, the link named", r.code, r.stdout, r.stderr)
		}
		r = b.sh("echo ran\n", "--allow-write", grant, "--best-effort")
		if r.code != 0 || !strings.Contains(r.stderr, "not enforced: the namespace layer cannot protect") || !strings.Contains(r.stdout, "ran") {
			t.Errorf("--best-effort: exit %d, stdout %q, stderr %q; want it run, with a warning", r.code, r.stdout, r.stderr)
		}
	})
}
