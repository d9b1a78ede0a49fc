//go:build linux

package integration

// The ways to the protected paths: a read-only bind keeps a path from
// being written and its own name from being renamed, but not the
// directories and links on the way to it. Each attack below renames or
// replaces one of those from inside the sandbox, to make a hook or a
// settings file that runs outside it; each must fail under the namespace
// layer while the legitimate neighbour (a commit, a file beside) works.

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestProtectedWithoutHead: whether .git is a repository is not the
// command's to decide. Renaming HEAD away in one run made the next find
// "no repository" and protect nothing: it planted a hook and a
// core.fsmonitor and put HEAD back, for the host's next commit to run.
func TestProtectedWithoutHead(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	config := b.read(".git/config")
	o := b.check(`c "hide HEAD" mv .git/HEAD .git/HEAD.saved`)
	o.ok(t, "hide HEAD")
	o = b.check(`c "plant a hook" sh -c '` + hook + ` > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit'
c "set core.fsmonitor" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> .git/config'
c "move .git away" mv .git git.old
c "put HEAD back" mv .git/HEAD.saved .git/HEAD
` + commit)
	o.fails(t, "plant a hook")
	o.fails(t, "set core.fsmonitor")
	o.fails(t, "move .git away")
	o.ok(t, "put HEAD back")
	o.ok(t, "git commit")
	if b.exists(".git/hooks/pre-commit") || b.read(".git/config") != config || b.exists("git.old") {
		t.Error("the git directory changed on the host")
	}
	b.commitsClean()
}

// TestProtectedWorktree: in a linked worktree git runs the hooks and reads
// the config of the common directory (the main .git), not those of
// .git/worktrees/NAME. With the main .git granted, so that commits from
// the worktree work, its hooks and config stay read-only; a worktree's
// git directory without hooks of its own is no reason to refuse the run.
func TestProtectedWorktree(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	wt := filepath.Join(outsideTemp(t), "wt")
	b.git("worktree", "add", "-q", wt)
	w := b.with(t)
	w.root = wt
	config := b.read(".git/config")
	mainGit := filepath.Join(b.root, ".git")
	o := w.check(`c "plant a hook in the main .git" sh -c '`+hook+` > `+mainGit+`/hooks/pre-commit && chmod +x `+mainGit+`/hooks/pre-commit'
c "set core.fsmonitor in the main config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> `+mainGit+`/config'
c "point the worktree elsewhere" sh -c 'echo ../.. > `+mainGit+`/worktrees/wt/commondir'
c "rename the main hooks" mv `+mainGit+`/hooks `+mainGit+`/hooks.old
`+commit, "--allow-write", mainGit)
	o.fails(t, "plant a hook in the main .git")
	o.fails(t, "set core.fsmonitor in the main config")
	o.fails(t, "point the worktree elsewhere")
	o.fails(t, "rename the main hooks")
	o.ok(t, "git commit")
	o.ok(t, "write in the root")
	if b.exists(".git/hooks/pre-commit") || b.read(".git/config") != config || b.exists(".git/hooks.old") {
		t.Error("the main git directory changed on the host")
	}
	b.commitsClean()
	w.commitsClean()
	if log := w.git("log", "--format=%s"); !strings.Contains(log, "work") {
		t.Errorf("the commit made inside the worktree is not there: %q", log)
	}
}

// TestProtectedHooksPathConfig: core.hooksPath as git reads it, not line
// by line: a comment after the value, the value on the header line, a
// file the config includes (itself read-only, or the command could set
// core.hooksPath there), and a relative one in the user's global config.
func TestProtectedHooksPathConfig(t *testing.T) {
	requireNamespaces(t)
	t.Run("comment and header line", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file(".githooks/post-checkout", "#!/bin/sh\n", 0o755)
		b.file(".git/config", b.read(".git/config")+"[core] hooksPath = .githooks ; shared hooks\n", 0o644)
		o := b.check(`c "plant a hook" sh -c '` + hook + ` > .githooks/pre-commit && chmod +x .githooks/pre-commit'
c "rename the hooks" mv .githooks githooks.old
` + commit)
		o.fails(t, "plant a hook")
		o.fails(t, "rename the hooks")
		o.ok(t, "git commit")
		b.commitsClean()
	})
	t.Run("include", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file("shared.gitconfig", "[core]\n\thooksPath = \"tools/hooks\" # shared\n", 0o644)
		b.git("config", "include.path", "../shared.gitconfig")
		o := b.check(`c "plant a hook" sh -c 'mkdir -p tools/hooks && ` + hook + ` > tools/hooks/pre-commit && chmod +x tools/hooks/pre-commit'
c "edit the included config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> shared.gitconfig'
c "replace the included config" sh -c 'cp shared.gitconfig x && mv x shared.gitconfig'
` + commit)
		o.fails(t, "plant a hook")
		o.fails(t, "edit the included config")
		o.fails(t, "replace the included config")
		o.ok(t, "git commit")
		if strings.Contains(b.read("shared.gitconfig"), "fsmonitor") || b.staysAfter("tools") {
			t.Error("the included config changed on the host, or the placeholder tools stayed")
		}
		b.commitsClean()
	})
	t.Run("global", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file(filepath.Join(b.home, ".gitconfig"), "[core]\n\thooksPath = ghooks\n", 0o644)
		o := b.check(`c "plant a hook" sh -c 'mkdir -p ghooks && ` + hook + ` > ghooks/pre-commit && chmod +x ghooks/pre-commit'
` + commit)
		o.fails(t, "plant a hook")
		o.ok(t, "git commit")
		if b.staysAfter("ghooks") {
			t.Error("a hook directory, or the placeholder ghooks, stayed on the host")
		}
	})
}

// TestProtectedHookLinks: a hook that is a symbolic link to a script in
// the tree (a common CONTRIBUTING set-up) runs that script: it is
// read-only, and the way to it cannot be renamed; the scripts beside it
// stay writable, and the hook runs in the sandbox's own commit.
func TestProtectedHookLinks(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file("scripts/pre-commit", "#!/bin/sh\necho HOOK RAN >&2\n", 0o755)
	b.file("scripts/build.sh", "#!/bin/sh\n", 0o755)
	if err := os.Symlink("../../scripts/pre-commit", filepath.Join(b.root, ".git/hooks/pre-commit")); err != nil {
		t.Fatal(err)
	}
	script := b.read("scripts/pre-commit")
	o := b.check(`c "rewrite the linked script" sh -c 'echo "echo PWNED" >> scripts/pre-commit'
c "replace the linked script" sh -c 'printf "#!/bin/sh\necho PWNED\n" > x && chmod +x x && mv x scripts/pre-commit'
c "rename its directory" sh -c 'mv scripts scripts.old && mkdir scripts && ` + hook + ` > scripts/pre-commit && chmod +x scripts/pre-commit'
c "edit beside it" sh -c 'echo "# edited" >> scripts/build.sh'
` + commit)
	o.fails(t, "rewrite the linked script")
	o.fails(t, "replace the linked script")
	o.fails(t, "rename its directory")
	o.ok(t, "edit beside it")
	o.ok(t, "git commit")
	if b.read("scripts/pre-commit") != script || b.exists("scripts.old") {
		t.Error("the linked hook script changed on the host")
	}
	b.commitsClean()
}

// TestProtectedEmptyGit: a .git directory without config (an empty one,
// kept as a project marker) is read-only as a whole. Otherwise the
// command made a config with a core.fsmonitor, a HEAD, objects and refs
// in it: a repository whose host git status ran the monitor.
func TestProtectedEmptyGit(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	marker := filepath.Join(outsideTemp(t), "marker")
	o := b.check(`c "make a repository in .git" sh -c '` + evilRepo(".git", marker) + `'
c "make only its config" sh -c 'printf "[core]\n\tfsmonitor = touch ` + marker + `\n" > .git/config'
c "git init" git init -q
c "replace .git" sh -c 'mv .git git.old && mkdir .git'
c "write in the root" sh -c 'echo fine > notes.txt'
`)
	o.fails(t, "make a repository in .git")
	o.fails(t, "make only its config")
	o.fails(t, "git init")
	o.fails(t, "replace .git")
	o.ok(t, "write in the root")
	if b.exists(".git/config") || b.exists(".git/HEAD") || b.exists("git.old") {
		t.Error("the empty .git changed on the host")
	}
	cmd := osexec.Command("git", "status")
	cmd.Dir = b.root
	cmd.Run() // not a repository: it fails, and must run nothing
	if _, err := os.Lstat(marker); err == nil {
		t.Error("the host's git status ran a core.fsmonitor the command set")
	}
}

// TestProtectedWorktreeHooksPath: a relative core.hooksPath is relative
// to each working tree: a linked worktree inside the root takes its hooks
// from its own .githooks, protected as the root's is, while commits in
// both work inside.
func TestProtectedWorktreeHooksPath(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.git("config", "core.hooksPath", ".githooks")
	b.git("worktree", "add", "-q", "wt")
	o := b.check(`c "plant a hook in the worktree" sh -c 'mkdir -p wt/.githooks && ` + hook + ` > wt/.githooks/pre-commit && chmod +x wt/.githooks/pre-commit'
c "plant a hook in the root" sh -c 'mkdir -p .githooks && ` + hook + ` > .githooks/pre-commit && chmod +x .githooks/pre-commit'
c "commit in the worktree" sh -c 'cd wt && echo w > w.txt && env ` + gitEnv + ` git add w.txt && env ` + gitEnv + ` git commit -qm wt'
` + commit)
	o.fails(t, "plant a hook in the worktree")
	o.fails(t, "plant a hook in the root")
	o.ok(t, "commit in the worktree")
	o.ok(t, "git commit")
	if b.staysAfter("wt/.githooks") || b.staysAfter(".githooks") {
		t.Error("a hooks directory, or its placeholder, stayed on the host")
	}
	b.commitsClean()
	w := b.with(t)
	w.root = filepath.Join(b.root, "wt")
	w.commitsClean()
	if log := w.git("log", "--format=%s"); !strings.Contains(log, "wt") {
		t.Errorf("the commit made inside the worktree is not there: %q", log)
	}
}

// TestProtectedWorktreeEntries: .git/worktrees/NAME decides, by its
// commondir, which config and hooks a linked worktree uses, wherever the
// worktree lies. A command pointed an outside worktree's commondir at a
// copy of .git with a hook of its own; the person's next commit there ran
// it. The entry's pointers are read-only and it cannot be renamed away;
// an entry without commondir (its own common directory) is read-only.
func TestProtectedWorktreeEntries(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	wt := filepath.Join(outsideTemp(t), "wt")
	b.git("worktree", "add", "-q", wt)
	if err := os.MkdirAll(filepath.Join(b.root, ".git/worktrees/bare"), 0o755); err != nil {
		t.Fatal(err)
	}
	b.file(".git/worktrees/bare/HEAD", "ref: refs/heads/main\n", 0o644)
	entry := filepath.Join(b.root, ".git/worktrees/wt")
	commondir := b.read(entry + "/commondir")
	o := b.check(`c "copy .git and plant a hook" sh -c 'cp -a .git fake && ` + hook + ` > fake/hooks/pre-commit && chmod +x fake/hooks/pre-commit'
c "point the worktree at the copy" sh -c 'echo "$PWD/fake" > .git/worktrees/wt/commondir'
c "replace its commondir" sh -c 'echo "$PWD/fake" > x && mv x .git/worktrees/wt/commondir'
c "remove its commondir" rm -f .git/worktrees/wt/commondir
c "rewrite its gitdir" sh -c 'echo /tmp/elsewhere/.git > .git/worktrees/wt/gitdir'
c "replace the entry" sh -c 'mv .git/worktrees/wt .git/worktrees/wt.old && cp -a .git/worktrees/wt.old .git/worktrees/wt && echo "$PWD/fake" > .git/worktrees/wt/commondir'
c "replace the worktrees" sh -c 'mv .git/worktrees .git/worktrees.old'
c "plant a hook in an entry without commondir" sh -c 'mkdir -p .git/worktrees/bare/hooks && ` + hook + ` > .git/worktrees/bare/hooks/pre-commit'
c "configure an entry without commondir" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" > .git/worktrees/bare/config'
` + commit)
	o.ok(t, "copy .git and plant a hook")
	o.fails(t, "point the worktree at the copy")
	o.fails(t, "replace its commondir")
	o.fails(t, "remove its commondir")
	o.fails(t, "rewrite its gitdir")
	o.fails(t, "replace the entry")
	o.fails(t, "replace the worktrees")
	o.fails(t, "plant a hook in an entry without commondir")
	o.fails(t, "configure an entry without commondir")
	o.ok(t, "git commit")
	if b.read(entry+"/commondir") != commondir || b.exists(".git/worktrees/wt.old") || b.exists(".git/worktrees.old") || b.exists(".git/worktrees/bare/config") {
		t.Error("a worktree entry changed on the host")
	}
	b.commitsClean()
	w := b.with(t)
	w.root = wt
	w.commitsClean()
}

// TestProtectedConfigLimits: git reads any number of config files of any
// size; past the plan's limits a core.hooksPath would go unseen, so the
// run is refused (125), and --best-effort runs and says so.
func TestProtectedConfigLimits(t *testing.T) {
	requireNamespaces(t)
	for _, tt := range []struct {
		name, want string
		setup      func(b *box)
	}{
		{"too many files", "files, includes and all", func(b *box) {
			for i := range 40 {
				b.file(fmt.Sprintf("inc/%d.gitconfig", i), "[core]\n", 0o644)
				b.git("config", "--add", "include.path", fmt.Sprintf("../inc/%d.gitconfig", i))
			}
			b.file("inc/39.gitconfig", "[core]\n\thooksPath = late\n", 0o644)
		}},
		{"too large", "bytes of config", func(b *box) {
			b.file("big.gitconfig", strings.Repeat("# padding\n", 120000)+"[core]\n\thooksPath = late\n", 0o644)
			b.git("config", "include.path", "../big.gitconfig")
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newGitBox(t).with(t)
			tt.setup(b)
			r := b.sh("echo ran\n")
			if r.code != 125 || !strings.Contains(r.stderr, tt.want) || strings.Contains(r.stdout, "ran") {
				t.Errorf("strict: exit %d, stdout %q, stderr %q; want 125, the limit named", r.code, r.stdout, r.stderr)
			}
			r = b.sh("echo ran\n", "--best-effort")
			if r.code != 0 || !strings.Contains(r.stderr, "not enforced: the namespace layer cannot protect") || !strings.Contains(r.stdout, "ran") {
				t.Errorf("--best-effort: exit %d, stdout %q, stderr %q; want it run, with a warning", r.code, r.stdout, r.stderr)
			}
		})
	}
}

// TestPlantedFifos: FIFOs among the files of git's the layer reads as it
// plans the next run (a worktree entry's gitdir and commondir, a .git
// pointer, an included config): the next run must not wait on them,
// whatever it then decides. A command made them before Landlock kept
// FIFOs out of the root (TestFifoNotMadeInRoot); here the host does, as
// another program might.
func TestPlantedFifos(t *testing.T) {
	requireNamespaces(t)
	for _, tt := range []struct{ name, plant string }{
		{"a worktree entry's gitdir", "mkdir -p .git/worktrees/x && mkfifo .git/worktrees/x/gitdir && echo ../.. > .git/worktrees/x/commondir"},
		{"a worktree entry's commondir", "mkdir -p .git/worktrees/y && mkfifo .git/worktrees/y/commondir && echo /nowhere/.git > .git/worktrees/y/gitdir"},
		{"the .gitmodules", "mkfifo .gitmodules"},
		{"a submodule's .git pointer", "git config -f .gitmodules submodule.s.path s && mkdir s && mkfifo s/.git"},
		{"a submodule's config", "mkdir -p .git/modules/m/modules && mkfifo .git/modules/m/config .git/modules/m/config.worktree .git/modules/m/HEAD"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newGitBox(t).with(t)
			if out, err := b.command(b.root, nil, "sh", "-c", tt.plant).CombinedOutput(); err != nil {
				t.Fatalf("plant: %v\n%s", err, out)
			}
			runWithin(t, b.command(b.root, nil, bin, "run", "--", "true"), 20*time.Second, "the next run waited on the planted FIFO")
		})
	}
}

// TestProtectedHooksPathThroughLink: an absolute core.hooksPath that
// reaches the root through a symbolic link (set from a linked directory,
// or through a linked home) is the same hooks directory: read-only.
func TestProtectedHooksPathThroughLink(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t).with(t)
	b.file(".githooks/post-checkout", "#!/bin/sh\n", 0o755)
	link := filepath.Join(b.out, "link")
	if err := os.Symlink(b.root, link); err != nil {
		t.Fatal(err)
	}
	b.git("config", "core.hooksPath", filepath.Join(link, ".githooks"))
	o := b.check(`c "plant a hook" sh -c '` + hook + ` > .githooks/pre-commit && chmod +x .githooks/pre-commit'
` + commit)
	o.fails(t, "plant a hook")
	o.ok(t, "git commit")
	b.commitsClean()
}

// originRepo makes a repository of one commit outside the root, for
// submodules to be added from, and returns its path.
func (b *box) originRepo(t *testing.T) string {
	t.Helper()
	origin := filepath.Join(outsideTemp(t), "origin")
	b.git("init", "-q", origin)
	b.git("-C", origin, "commit", "-q", "--allow-empty", "-m", "init")
	return origin
}

// TestProtectedSubmodules: the host's git enters every submodule checked
// out (git status in the superproject runs git status there, a commit
// there runs its hooks), so each submodule's git directory under
// .git/modules is protected as the root's: its config, its hooks, a
// core.hooksPath directory in its working tree, and the way to it, for a
// name with a slash too. A commit inside the submodule still works.
func TestProtectedSubmodules(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", "--name", "libs/a", origin, "libs/a")
	b.git("commit", "-qm", "submodules")
	b.git("-C", "libs/a", "config", "core.hooksPath", ".githooks")
	b.file("libs/a/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
	config := b.read(".git/modules/sub/config")
	o := b.check(`c "set core.fsmonitor in the submodule's config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> .git/modules/sub/config'
c "plant a hook in the submodule" sh -c '` + hook + ` > .git/modules/sub/hooks/pre-commit && chmod +x .git/modules/sub/hooks/pre-commit'
c "plant a hook in a submodule named with a slash" sh -c '` + hook + ` > .git/modules/libs/a/hooks/pre-commit && chmod +x .git/modules/libs/a/hooks/pre-commit'
c "plant a hook in the submodule's core.hooksPath" sh -c '` + hook + ` > libs/a/.githooks/pre-commit && chmod +x libs/a/.githooks/pre-commit'
c "replace the submodule's git directory" sh -c 'cp -a .git/modules/sub .git/modules/sub.new && mv .git/modules/sub .git/modules/sub.old && mv .git/modules/sub.new .git/modules/sub'
c "replace the directory of a name with a slash" mv .git/modules/libs .git/modules/libs.old
c "replace modules" mv .git/modules .git/modules.old
c "point the submodule's .git elsewhere" sh -c 'cp -a .git/modules/sub evil.git && printf "[core]\n\tfsmonitor = echo PWNED\n" >> evil.git/config && echo "gitdir: ../evil.git" > sub/.git'
c "replace the submodule's .git" sh -c 'echo "gitdir: ../evil.git" > x && mv x sub/.git'
c "commit in the submodule" sh -c 'cd sub && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.fails(t, "set core.fsmonitor in the submodule's config")
	o.fails(t, "plant a hook in the submodule")
	o.fails(t, "plant a hook in a submodule named with a slash")
	o.fails(t, "plant a hook in the submodule's core.hooksPath")
	o.fails(t, "replace the submodule's git directory")
	o.fails(t, "replace the directory of a name with a slash")
	o.fails(t, "replace modules")
	o.fails(t, "point the submodule's .git elsewhere")
	o.fails(t, "replace the submodule's .git")
	o.ok(t, "commit in the submodule")
	o.ok(t, "git commit")
	if b.read(".git/modules/sub/config") != config || b.exists(".git/modules/sub.old") || b.exists(".git/modules/libs.old") || b.exists(".git/modules.old") {
		t.Error("a submodule's git directory changed on the host")
	}
	for _, sub := range []string{"sub", "libs/a"} {
		if out := b.git("-C", sub, "commit", "-q", "--allow-empty", "-m", "after the run"); strings.Contains(out, "PWNED") {
			t.Errorf("the host's git commit in %s ran a hook the command planted: %q", sub, out)
		}
	}
	if out := b.git("status", "--short"); strings.Contains(out, "PWNED") {
		t.Errorf("the host's git status ran what the command planted: %q", out)
	}
	if log := b.git("-C", "sub", "log", "--format=%s"); !strings.Contains(log, "work") {
		t.Errorf("the commit made inside the submodule is not there: %q", log)
	}
}

// submoduleBox is a git box with submodule sub, cloned from an origin
// outside the root, and committed.
func submoduleBox(t *testing.T) *box {
	t.Helper()
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "submodule")
	return b
}

// TestProtectedSubmoduleWorktreeConfig: git sparse-checkout in a
// submodule sets extensions.worktreeConfig in its config and moves its
// core.worktree to config.worktree beside it, which git then reads too: a
// core.fsmonitor or core.hooksPath there runs on the host as one in the
// config does, and a relative core.hooksPath there names a directory in
// the submodule's working tree.
func TestProtectedSubmoduleWorktreeConfig(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	b.git("-C", "sub", "sparse-checkout", "set", "--cone", "dir")
	b.git("-C", "sub", "config", "--worktree", "core.hooksPath", ".githooks")
	b.file("sub/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
	config := b.read(".git/modules/sub/config.worktree")
	o := b.check(`c "set core.fsmonitor in the submodule's config.worktree" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> .git/modules/sub/config.worktree'
c "replace the submodule's config.worktree" sh -c 'cp .git/modules/sub/config.worktree x && printf "[core]\n\tfsmonitor = echo PWNED\n" >> x && mv x .git/modules/sub/config.worktree'
c "plant a hook in its core.hooksPath" sh -c '` + hook + ` > sub/.githooks/pre-commit && chmod +x sub/.githooks/pre-commit'
c "commit in the submodule" sh -c 'cd sub && mkdir -p dir && echo work > dir/work.txt && env ` + gitEnv + ` git add dir/work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.fails(t, "set core.fsmonitor in the submodule's config.worktree")
	o.fails(t, "replace the submodule's config.worktree")
	o.fails(t, "plant a hook in its core.hooksPath")
	o.ok(t, "commit in the submodule")
	o.ok(t, "git commit")
	if b.read(".git/modules/sub/config.worktree") != config {
		t.Error("the submodule's config.worktree changed on the host")
	}
	if out := b.git("-C", "sub", "commit", "-q", "--allow-empty", "-m", "after the run"); strings.Contains(out, "PWNED") {
		t.Errorf("the host's git commit in the submodule ran a hook the command planted: %q", out)
	}
}

// TestProtectedSubmoduleNames: a directory under .git/modules that holds
// neither a HEAD nor a config is part of a submodule's name (libs for
// libs/a). A command that made one there in one run had the next run
// take libs for a submodule's git directory and look no further: libs/a,
// its hooks and the core.hooksPath in its working tree, went unprotected,
// and a hook planted there ran on the host's next commit in libs/a.
func TestProtectedSubmoduleNames(t *testing.T) {
	requireNamespaces(t)
	for _, marker := range []string{"config", "HEAD"} {
		t.Run(marker, func(t *testing.T) {
			b := newGitBox(t).with(t)
			origin := b.originRepo(t)
			b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", "--name", "libs/a", origin, "libs/a")
			b.git("commit", "-qm", "submodule")
			b.git("-C", "libs/a", "config", "core.hooksPath", ".githooks")
			b.file("libs/a/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
			o := b.check(`c "mark libs as a git directory" sh -c 'echo "ref: refs/heads/main" > .git/modules/libs/` + marker + `'
`)
			o.fails(t, "mark libs as a git directory")
			script := `c "plant a hook in libs/a" sh -c '` + hook + ` > .git/modules/libs/a/hooks/pre-commit && chmod +x .git/modules/libs/a/hooks/pre-commit'
c "plant a hook in its core.hooksPath" sh -c '` + hook + ` > libs/a/.githooks/pre-commit && chmod +x libs/a/.githooks/pre-commit'
c "commit in the submodule" sh -c 'cd libs/a && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
c "clone a git directory beside" git clone -q --bare ` + origin + ` .git/modules/libs/b
`
			o = b.check(script, "--allow-read", origin)
			o.fails(t, "plant a hook in libs/a")
			o.fails(t, "plant a hook in its core.hooksPath")
			o.ok(t, "commit in the submodule")
			o.ok(t, "clone a git directory beside")
			if b.staysAfter(".git/modules/libs/HEAD") || b.staysAfter(".git/modules/libs/config") {
				t.Error("a placeholder stayed in .git/modules/libs on the host")
			}
			if out := b.git("-C", "libs/a", "commit", "-q", "--allow-empty", "-m", "after the run"); strings.Contains(out, "PWNED") {
				t.Errorf("the host's git commit in libs/a ran a hook the command planted: %q", out)
			}
		})
	}
}

// TestProtectedWorktreeSubmodules: a linked worktree's submodules have
// their git directories in its entry, .git/worktrees/NAME/modules, not in
// .git/modules: git enters them there as it does the main worktree's,
// wherever the worktree lies, and they are protected as those are.
func TestProtectedWorktreeSubmodules(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	wt := filepath.Join(outsideTemp(t), "wt")
	b.git("worktree", "add", "-q", wt)
	b.git("-C", wt, "-c", "protocol.file.allow=always", "submodule", "update", "-q", "--init")
	git := ".git/worktrees/wt/modules/sub"
	config := b.read(git + "/config")
	o := b.check(`c "set core.fsmonitor in its submodule's config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> ` + git + `/config'
c "plant a hook in its submodule" sh -c '` + hook + ` > ` + git + `/hooks/pre-commit && chmod +x ` + git + `/hooks/pre-commit'
c "replace its submodule's git directory" sh -c 'mv ` + git + ` ` + git + `.old'
` + commit)
	o.fails(t, "set core.fsmonitor in its submodule's config")
	o.fails(t, "plant a hook in its submodule")
	o.fails(t, "replace its submodule's git directory")
	o.ok(t, "git commit")
	if b.read(git+"/config") != config || b.exists(git+".old") {
		t.Error("the worktree's submodule's git directory changed on the host")
	}
	w := b.with(t)
	w.root = filepath.Join(wt, "sub")
	w.commitsClean()
}

// TestProtectedSubmoduleInTree: git submodule add of a repository already
// cloned at the path keeps its git directory there, sub/.git, and none
// under .git/modules; git enters it as any other submodule (git status
// in the superproject runs git status there), so it is protected as one.
func TestProtectedSubmoduleInTree(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("clone", "-q", origin, "sub")
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "submodule")
	b.git("-C", "sub", "config", "core.hooksPath", ".githooks")
	b.file("sub/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
	if b.exists(".git/modules/sub") {
		t.Fatal("git made the submodule's git directory under .git/modules: nothing to test")
	}
	config := b.read("sub/.git/config")
	o := b.check(`c "set core.fsmonitor in the submodule's config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> sub/.git/config'
c "plant a hook in the submodule" sh -c '` + hook + ` > sub/.git/hooks/pre-commit && chmod +x sub/.git/hooks/pre-commit'
c "plant a hook in its core.hooksPath" sh -c '` + hook + ` > sub/.githooks/pre-commit && chmod +x sub/.githooks/pre-commit'
c "replace the submodule's git directory" sh -c 'mv sub/.git sub/git.old'
c "commit in the submodule" sh -c 'cd sub && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.fails(t, "set core.fsmonitor in the submodule's config")
	o.fails(t, "plant a hook in the submodule")
	o.fails(t, "plant a hook in its core.hooksPath")
	o.fails(t, "replace the submodule's git directory")
	o.ok(t, "commit in the submodule")
	o.ok(t, "git commit")
	if b.read("sub/.git/config") != config || b.exists("sub/git.old") {
		t.Error("the submodule's git directory changed on the host")
	}
	w := b.with(t)
	w.root = filepath.Join(b.root, "sub")
	w.commitsClean()
}

// TestProtectedSubmoduleHooksPathOwn: a submodule takes core.hooksPath
// from its own config and the user's, never from the superproject's: the
// superproject's relative .githooks is no hooks directory in the
// submodule, whose own files of that name stay the command's to write
// (git checkout there, git submodule update).
func TestProtectedSubmoduleHooksPathOwn(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	b.git("config", "core.hooksPath", ".githooks")
	b.file(".githooks/post-checkout", "#!/bin/sh\n", 0o755)
	o := b.check(`c "plant a hook in the superproject's core.hooksPath" sh -c '` + hook + ` > .githooks/pre-commit && chmod +x .githooks/pre-commit'
c "write the submodule's own .githooks" sh -c 'mkdir -p sub/.githooks && echo notes > sub/.githooks/README'
` + commit)
	o.fails(t, "plant a hook in the superproject's core.hooksPath")
	o.ok(t, "write the submodule's own .githooks")
	o.ok(t, "git commit")
	b.commitsClean()
}

// TestProtectedSubmoduleWorktreeLink: a submodule's core.worktree that
// passes a symbolic link is resolved when git starts: a command that
// pointed the link elsewhere would have git take the submodule's working
// tree, and a relative core.hooksPath in it, from a directory of its own.
func TestProtectedSubmoduleWorktreeLink(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	if err := os.Symlink("sub", filepath.Join(b.root, "sublink")); err != nil {
		t.Fatal(err)
	}
	b.git("-C", "sub", "config", "core.worktree", "../../../sublink")
	b.git("-C", "sub", "config", "core.hooksPath", ".githooks")
	b.file("sub/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
	o := b.check(`c "point the link at a tree of its own" sh -c 'mkdir -p evil/.githooks && ` + hook + ` > evil/.githooks/pre-commit && chmod +x evil/.githooks/pre-commit && ln -sfn evil sublink'
c "replace the link" sh -c 'ln -s evil x && mv -T x sublink'
c "plant a hook in its core.hooksPath" sh -c '` + hook + ` > sub/.githooks/pre-commit && chmod +x sub/.githooks/pre-commit'
` + commit)
	o.fails(t, "point the link at a tree of its own")
	o.fails(t, "replace the link")
	o.fails(t, "plant a hook in its core.hooksPath")
	o.ok(t, "git commit")
	if target, _ := os.Readlink(filepath.Join(b.root, "sublink")); target != "sub" {
		t.Errorf("the link on the way to the submodule's working tree now leads to %q", target)
	}
	w := b.with(t)
	w.root = filepath.Join(b.root, "sub")
	w.commitsClean()
}

// TestProtectedSubmoduleCommondir: a submodule checked out as a linked
// worktree of a repository in the root (git worktree add, then git
// submodule add of it) has a git directory whose commondir names where
// git takes its hooks and config from: those are protected as a
// submodule's own are, and so is the commondir.
func TestProtectedSubmoduleCommondir(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("clone", "-q", "--bare", origin, "lib.git")
	b.git("-C", "lib.git", "worktree", "add", "-q", "../sub")
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "submodule")
	config := b.read("lib.git/config")
	o := b.check(`c "set core.fsmonitor in the common config" sh -c 'printf "[core]\n\tfsmonitor = echo PWNED\n" >> lib.git/config'
c "plant a hook in the common directory" sh -c '` + hook + ` > lib.git/hooks/pre-commit && chmod +x lib.git/hooks/pre-commit'
c "copy the common directory and plant a hook" sh -c 'cp -a lib.git fake.git && ` + hook + ` > fake.git/hooks/pre-commit && chmod +x fake.git/hooks/pre-commit'
c "point the commondir at the copy" sh -c 'echo "$PWD/fake.git" > lib.git/worktrees/sub/commondir'
c "commit in the submodule" sh -c 'cd sub && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.fails(t, "set core.fsmonitor in the common config")
	o.fails(t, "plant a hook in the common directory")
	o.ok(t, "copy the common directory and plant a hook")
	o.fails(t, "point the commondir at the copy")
	o.ok(t, "commit in the submodule")
	o.ok(t, "git commit")
	if b.read("lib.git/config") != config {
		t.Error("the submodule's common config changed on the host")
	}
	w := b.with(t)
	w.root = filepath.Join(b.root, "sub")
	w.commitsClean()
}

// TestProtectedSubmoduleWorktrees: a submodule's own linked worktrees
// are registered in its git directory's worktrees/, whose commondir
// decides, as the root's does, which hooks and config git uses there.
func TestProtectedSubmoduleWorktrees(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	b.git("-C", "sub", "worktree", "add", "-q", "../subwt")
	entry := ".git/modules/sub/worktrees/subwt"
	commondir := b.read(entry + "/commondir")
	o := b.check(`c "copy the git directory and plant a hook" sh -c 'cp -a .git/modules/sub fake && ` + hook + ` > fake/hooks/pre-commit && chmod +x fake/hooks/pre-commit'
c "point the worktree at the copy" sh -c 'echo "$PWD/fake" > ` + entry + `/commondir'
c "replace the entry" sh -c 'mv ` + entry + ` ` + entry + `.old'
c "commit in the worktree" sh -c 'cd subwt && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.ok(t, "copy the git directory and plant a hook")
	o.fails(t, "point the worktree at the copy")
	o.fails(t, "replace the entry")
	o.ok(t, "commit in the worktree")
	o.ok(t, "git commit")
	if b.read(entry+"/commondir") != commondir || b.exists(entry+".old") {
		t.Error("the submodule's worktree entry changed on the host")
	}
	w := b.with(t)
	w.root = filepath.Join(b.root, "subwt")
	w.commitsClean()
}

// TestProtectedSubmoduleUpdate: git submodule update rewrites
// core.worktree in the config of every submodule it visits, changed or
// not, so it fails where that config is read-only (the README says so),
// and works with --allow-git-config, the hooks still read-only.
func TestProtectedSubmoduleUpdate(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "submodule")
	b.git("-C", origin, "commit", "-q", "--allow-empty", "-m", "two")
	update := `c "git submodule update" sh -c 'git -c protocol.file.allow=always submodule update --remote'
c "plant a hook in the submodule" sh -c '` + hook + ` > .git/modules/sub/hooks/pre-commit && chmod +x .git/modules/sub/hooks/pre-commit'
`
	o := b.check(update, "--allow-read", origin)
	o.fails(t, "git submodule update")
	o.fails(t, "plant a hook in the submodule")
	o = b.check(update, "--allow-read", origin, "--allow-git-config")
	o.ok(t, "git submodule update")
	o.fails(t, "plant a hook in the submodule")
	if log := b.git("-C", "sub", "log", "-1", "--format=%s"); !strings.Contains(log, "two") {
		t.Errorf("git submodule update did not check out the new commit: %q", log)
	}
	w := b.with(t)
	w.root = filepath.Join(b.root, "sub")
	w.commitsClean()
}

// TestProtectedSubmoduleUpdateCommand: git submodule update runs a
// submodule's update command (submodule.NAME.update = !cmd, which only
// the config may set, not .gitmodules) in the submodule's working tree, at
// the path .gitmodules gives NAME: a relative one is protected there, as
// the programs other keys name are in the root. Where .gitmodules is
// missing, the command could make one naming a directory of its own: the
// run is refused.
func TestProtectedSubmoduleUpdateCommand(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t).with(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", "--name", "lib", origin, "libs/sub")
	b.git("commit", "-qm", "submodule")
	const up = "#!/bin/sh\necho \"$1\" > ../../updated\n"
	b.file("libs/sub/tools/up", up, 0o755)
	b.git("config", "submodule.lib.update", "!tools/up")
	o := b.check(`c "rewrite the update command" sh -c 'printf "#!/bin/sh\ntouch ../../PWNED\n" > libs/sub/tools/up'
c "replace its directory" sh -c 'mv libs/sub/tools libs/sub/tools.old && mkdir libs/sub/tools && printf "#!/bin/sh\ntouch ../../PWNED\n" > libs/sub/tools/up && chmod +x libs/sub/tools/up'
c "write in the submodule" sh -c 'echo fine > libs/sub/notes.txt && echo more >> libs/sub/tools/other'
` + commit)
	o.fails(t, "rewrite the update command")
	o.fails(t, "replace its directory")
	o.ok(t, "write in the submodule")
	o.ok(t, "git commit")
	b.git("-C", origin, "commit", "-q", "--allow-empty", "-m", "two")
	b.git("-c", "protocol.file.allow=always", "submodule", "update", "-q", "--remote")
	if b.exists("PWNED") {
		t.Error("the host's git submodule update ran an update command the command planted")
	}
	if !b.exists("updated") {
		t.Error("the host's git submodule update did not run the submodule's update command")
	}
	t.Run("missing .gitmodules", func(t *testing.T) {
		if err := os.Remove(filepath.Join(b.root, ".gitmodules")); err != nil {
			t.Fatal(err)
		}
		r := b.run("run", "--yolo", "--", "sh", "-c", "echo fine > notes.txt")
		if r.code != 125 || !strings.Contains(r.stderr, ".gitmodules is missing") || !strings.Contains(r.stderr, "submodule.lib.update") {
			t.Errorf("a relative update command without .gitmodules: exit %d, stderr %q; want 125 naming both", r.code, r.stderr)
		}
	})
}

// TestPlantedGitDirTree: a submodule may have linked worktrees, each
// worktree submodules, and so on. A command that made a tree of them had
// every later run follow it all, for minutes, to fail on the kernel's
// mount limit; past the plan's limit in all the run is refused at once
// (--best-effort runs and says so).
func TestPlantedGitDirTree(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	o := b.check(`build() { [ $2 = 0 ] && return; for i in 1 2 3 4 5 6; do m=$1/modules/m$i; mkdir -p $m/hooks && echo "ref: refs/heads/main" > $m/HEAD && printf "[core]\n" > $m/config || return 1; for j in 1 2 3 4 5 6; do mkdir -p $m/worktrees/w$j && (build $m/worktrees/w$j $(($2-1))) || return 1; done; done; }
c plant build .git/modules/sub 2
`)
	o.ok(t, "plant")
	start := time.Now()
	r := b.sh("echo ran\n")
	if r.code != 125 || !strings.Contains(r.stderr, "too many to protect") || strings.Contains(r.stdout, "ran") {
		t.Errorf("strict: exit %d, stdout %q, stderr %q; want 125, the limit named", r.code, r.stdout, r.stderr)
	}
	if d := time.Since(start); d > 20*time.Second { // minutes, followed; a loaded machine is slow
		t.Errorf("the run took %v to refuse", d)
	}
	r = b.sh("echo ran\n", "--best-effort")
	if r.code != 0 || !strings.Contains(r.stdout, "ran") {
		t.Errorf("--best-effort: exit %d, stdout %q, stderr %q; want it run", r.code, r.stdout, r.stderr)
	}
}

// TestProtectedSubmoduleNoCoreWorktree: without core.worktree in its
// config, git takes a submodule's working tree to be where its .git
// pointer lies, and a relative core.hooksPath from there: the plan takes
// it from the path .gitmodules gives.
func TestProtectedSubmoduleNoCoreWorktree(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	b.git("-C", "sub", "config", "--unset", "core.worktree")
	b.git("-C", "sub", "config", "core.hooksPath", ".githooks")
	b.file("sub/.githooks/post-checkout", "#!/bin/sh\n", 0o755)
	o := b.check(`c "plant a hook in its core.hooksPath" sh -c '` + hook + ` > sub/.githooks/pre-commit && chmod +x sub/.githooks/pre-commit'
c "commit in the submodule" sh -c 'cd sub && echo work > work.txt && env ` + gitEnv + ` git add work.txt && env ` + gitEnv + ` git commit -qm work'
` + commit)
	o.fails(t, "plant a hook in its core.hooksPath")
	o.ok(t, "commit in the submodule")
	o.ok(t, "git commit")
	w := b.with(t)
	w.root = filepath.Join(b.root, "sub")
	w.commitsClean()
}

// TestProtectedFsmonitorHook: a core.fsmonitor that names a program
// (git's "fsmonitor hook", git config core.fsmonitor
// tools/fsmonitor-watchman, relative to the working tree) is run by every
// git status outside the sandbox, as a hook is: inside the root it is
// protected as a hook is, and where it is missing the command could make
// it, so the run is refused; so are a filter's and a diff driver's
// programs. A boolean core.fsmonitor (git's own daemon) names no program.
func TestProtectedFsmonitorHook(t *testing.T) {
	requireNamespaces(t)
	const fsmon = "#!/bin/sh\nexit 1\n"
	const plant = `printf "#!/bin/sh\ntouch PWNED\nexit 1\n"`
	t.Run("relative", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.file("tools/fsmonitor-watchman", fsmon, 0o755)
		b.git("config", "core.fsmonitor", "tools/fsmonitor-watchman")
		o := b.check(`c "rewrite the fsmonitor hook" sh -c '` + plant + ` > tools/fsmonitor-watchman'
c "replace the fsmonitor hook" sh -c '` + plant + ` > x && chmod +x x && mv x tools/fsmonitor-watchman'
c "move its directory away" mv tools tools.old
` + commit)
		o.fails(t, "rewrite the fsmonitor hook")
		o.fails(t, "replace the fsmonitor hook")
		o.fails(t, "move its directory away")
		o.ok(t, "git commit")
		o.ok(t, "write in the root")
		if got := b.read("tools/fsmonitor-watchman"); got != fsmon {
			t.Errorf("the fsmonitor hook changed on the host: %q", got)
		}
		b.git("status", "--short")
		if _, err := os.Stat(filepath.Join(b.root, "PWNED")); err == nil {
			t.Error("the host's git status ran a program the command planted as the fsmonitor hook")
		}
	})
	t.Run("missing", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.git("config", "core.fsmonitor", "tools/fsmonitor-watchman")
		r := b.run("run", "--yolo", "--", "sh", "-c", "echo fine > notes.txt")
		if r.code != 125 || !strings.Contains(r.stderr, "tools/fsmonitor-watchman") || !strings.Contains(r.stderr, "or unset core.fsmonitor in git's config") {
			t.Errorf("a missing fsmonitor hook in the root: exit %d, stderr %q; want 125 naming it", r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(b.root, "notes.txt")); err == nil {
			t.Error("the run went on with the fsmonitor hook free to be made")
		}
	})
	// In a submodule and a linked worktree, the fsmonitor hook their
	// config names is relative to their own working tree.
	for _, tt := range []struct {
		name, tree string
		make       func(t *testing.T) *box
	}{
		{"submodule", "sub", func(t *testing.T) *box {
			b := submoduleBox(t).with(t)
			b.git("-C", "sub", "config", "core.fsmonitor", "tools/fsmonitor-watchman")
			return b
		}},
		{"linked worktree", "wt", func(t *testing.T) *box {
			b := newGitBox(t).with(t)
			b.git("config", "core.fsmonitor", "tools/fsmonitor-watchman")
			b.file("tools/fsmonitor-watchman", fsmon, 0o755)
			b.git("worktree", "add", "-q", "wt")
			return b
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.make(t)
			hook := tt.tree + "/tools/fsmonitor-watchman"
			b.file(hook, fsmon, 0o755)
			o := b.check(`c "rewrite its fsmonitor hook" sh -c '` + plant + ` > ` + hook + `'
c "write in its tree" sh -c 'echo fine > ` + tt.tree + `/notes.txt'
` + commit)
			o.fails(t, "rewrite its fsmonitor hook")
			o.ok(t, "write in its tree")
			o.ok(t, "git commit")
			if got := b.read(hook); got != fsmon {
				t.Errorf("the %s's fsmonitor hook changed on the host: %q", tt.name, got)
			}
		})
	}
	t.Run("filter", func(t *testing.T) {
		// git add, diff and checkout run a filter's clean and smudge
		// programs on the files .gitattributes (the command's to write)
		// gives it; so do other programs a config names. A shell alias's
		// program runs only when a person types the alias, as the
		// project's script it is: it stays the command's to edit.
		b := newGitBox(t).with(t)
		b.file("tools/clean", "#!/bin/sh\ncat\n", 0o755)
		b.file("tools/textconv", "#!/bin/sh\ncat \"$1\"\n", 0o755)
		b.git("config", "filter.tidy.clean", "tools/clean")
		b.git("config", "diff.tidy.textconv", "./tools/textconv --plain")
		b.file("tools/lint", "#!/bin/sh\n", 0o755)
		b.git("config", "alias.lint", "!tools/lint --fix")
		b.file(".gitattributes", "*.txt filter=tidy diff=tidy\n", 0o644)
		o := b.check(`c "rewrite the clean filter" sh -c '` + plant + ` > tools/clean'
c "rewrite the textconv driver" sh -c '` + plant + ` > tools/textconv'
c "edit a shell alias's program" sh -c 'echo "# lint" >> tools/lint'
c "write a file it filters" sh -c 'echo more >> notes.txt'
` + commit)
		o.fails(t, "rewrite the clean filter")
		o.fails(t, "rewrite the textconv driver")
		o.ok(t, "edit a shell alias's program")
		o.ok(t, "write a file it filters")
		o.ok(t, "git commit")
		b.git("diff")
		b.git("add", "-A")
		if _, err := os.Stat(filepath.Join(b.root, "PWNED")); err == nil {
			t.Error("the host's git diff or add ran a filter the command planted")
		}
	})
	t.Run("interpreter and other keys", func(t *testing.T) {
		// The script an interpreter runs (python3 tools/x.py, sh x.sh)
		// is the program, and so is the module python3 -m runs, found
		// from the working tree where git runs it (tools/fmt.py, a
		// package's tools/pkg/__main__.py), where it exists: one the
		// project lacks (-m black) is an installed one, and the run goes
		// on. git add -p's diff filter and git archive's tar filter are
		// programs too.
		b := newGitBox(t).with(t)
		b.file("tools/textconv.sh", "cat \"$1\"\n", 0o644)
		b.file("tools/fmt.py", "import sys\nsys.stdout.write(sys.stdin.read())\n", 0o644)
		b.file("tools/pkg/__main__.py", "import sys\nsys.stdout.write(sys.stdin.read())\n", 0o644)
		b.git("config", "filter.fmt.clean", "python3 -m tools.fmt")
		b.git("config", "filter.pkg.clean", "python3.12 -m tools.pkg")
		b.git("config", "diff.black.textconv", "python3 -m black")
		b.file("tools/difffilter", "#!/bin/sh\ncat\n", 0o755)
		b.file("tools/tgz", "#!/bin/sh\ngzip -cn\n", 0o755)
		b.git("config", "diff.tidy.textconv", "sh tools/textconv.sh")
		b.git("config", "interactive.diffFilter", "tools/difffilter")
		b.git("config", "tar.tgz.command", "LC_ALL=C tools/tgz")
		b.file(".gitattributes", "*.txt diff=tidy\n", 0o644)
		o := b.check(`c "rewrite the textconv script" sh -c 'echo "touch PWNED" > tools/textconv.sh'
c "rewrite the diff filter" sh -c '` + plant + ` > tools/difffilter'
c "rewrite the tar filter" sh -c '` + plant + ` > tools/tgz'
c "rewrite the filter's module" sh -c 'echo "open(\"PWNED\", \"w\")" > tools/fmt.py'
c "rewrite the filter's package" sh -c 'echo "open(\"PWNED\", \"w\")" > tools/pkg/__main__.py'
c "write a module beside them" sh -c 'echo "x = 1" > tools/other.py'
c "write a file it filters" sh -c 'echo more >> notes.txt'
` + commit)
		o.fails(t, "rewrite the textconv script")
		o.fails(t, "rewrite the diff filter")
		o.fails(t, "rewrite the tar filter")
		o.fails(t, "rewrite the filter's module")
		o.fails(t, "rewrite the filter's package")
		o.ok(t, "write a module beside them")
		o.ok(t, "write a file it filters")
		o.ok(t, "git commit")
		b.git("diff", "HEAD~1")
		if _, err := os.Stat(filepath.Join(b.root, "PWNED")); err == nil {
			t.Error("the host's git diff ran a textconv script the command planted")
		}
	})
	t.Run("python -m's packages", func(t *testing.T) {
		// python3 -m tools.conv imports the package tools, running
		// tools/__init__.py, before it runs tools/conv.py; so does -m of
		// a package, its own __init__.py before its __main__.py: both
		// run as the module does, and are protected where they exist.
		b := newGitBox(t).with(t)
		b.file("tools/__init__.py", "", 0o644)
		b.file("tools/conv.py", "import sys\nsys.stdout.write(open(sys.argv[1]).read())\n", 0o644)
		b.file("tools/pkg/__init__.py", "", 0o644)
		b.file("tools/pkg/__main__.py", "import sys\nsys.stdout.write(sys.stdin.read())\n", 0o644)
		b.git("config", "diff.py.textconv", "python3 -m tools.conv")
		b.git("config", "filter.pkg.clean", "python3 -m tools.pkg")
		b.file(".gitattributes", "*.txt diff=py\n*.dat filter=pkg\n", 0o644)
		b.file("data.dat", "data\n", 0o644)
		b.git("add", "-A")
		b.git("commit", "-qm", "tools")
		o := b.check(`c "rewrite the package's __init__.py" sh -c 'echo "open(\"PWNED\", \"w\")" > tools/__init__.py'
c "rewrite the run package's __init__.py" sh -c 'echo "open(\"PWNED\", \"w\")" > tools/pkg/__init__.py'
c "write a module beside them" sh -c 'echo "x = 1" > tools/other.py'
c "write a file it converts" sh -c 'echo more >> notes.txt && echo more >> data.dat'
` + commit)
		o.fails(t, "rewrite the package's __init__.py")
		o.fails(t, "rewrite the run package's __init__.py")
		o.ok(t, "write a module beside them")
		o.ok(t, "write a file it converts")
		o.ok(t, "git commit")
		if out := b.git("diff", "HEAD~1"); !strings.Contains(out, "+more") {
			t.Errorf("the host's git diff: %q, want the textconv's output", out)
		}
		b.git("add", "-A")
		if _, err := os.Stat(filepath.Join(b.root, "PWNED")); err == nil {
			t.Error("the host's git diff or add ran a package's __init__.py the command rewrote")
		}
	})
	t.Run("python -m's byte code", func(t *testing.T) {
		// python3 -m runs tools/__pycache__/conv.cpython-3X.pyc instead of
		// tools/conv.py when the pyc's header names the source's
		// modification time and size: with the sources read-only, a
		// command planted byte code for them and the host's git diff ran
		// it. The __pycache__ beside a module's file is read-only too
		// (made empty where missing); the module's neighbours stay the
		// command's, and the textconv runs.
		python := "/usr/bin/python3"
		if _, err := os.Stat(python); err != nil {
			t.Skip("no " + python + ", whose byte code the host's git would run")
		}
		b := newGitBox(t).with(t)
		b.file("tools/__init__.py", "", 0o644)
		b.file("tools/conv.py", "import sys\nsys.stdout.write(open(sys.argv[1]).read())\n", 0o644)
		b.file("plant.py", `import importlib.util, marshal, os, struct, sys
for src in sys.argv[1:]:
    st = os.stat(src)
    code = compile('open("PWNED", "w")', src, "exec")
    pyc = importlib.util.cache_from_source(src)
    os.makedirs(os.path.dirname(pyc), exist_ok=True)
    with open(pyc, "wb") as f:
        f.write(importlib.util.MAGIC_NUMBER + struct.pack("<III", 0, int(st.st_mtime) & 0xffffffff, st.st_size & 0xffffffff) + marshal.dumps(code))
`, 0o644)
		b.git("config", "diff.py.textconv", python+" -m tools.conv")
		b.file(".gitattributes", "*.txt diff=py\n", 0o644)
		b.file("data.txt", "data\n", 0o644)
		b.git("add", "-A")
		b.git("commit", "-qm", "tools")
		o := b.check(`c "plant the module's byte code" ` + python + ` plant.py tools/conv.py
c "plant the package's byte code" ` + python + ` plant.py tools/__init__.py
c "write a module beside them" sh -c 'echo "x = 1" > tools/other.py'
c "write a file it converts" sh -c 'echo more >> data.txt'
` + commit)
		o.fails(t, "plant the module's byte code")
		o.fails(t, "plant the package's byte code")
		o.ok(t, "write a module beside them")
		o.ok(t, "write a file it converts")
		o.ok(t, "git commit")
		if out := b.git("diff", "HEAD~1"); !strings.Contains(out, "+more") {
			t.Errorf("the host's git diff: %q, want the textconv's output", out)
		}
		if _, err := os.Stat(filepath.Join(b.root, "PWNED")); err == nil {
			t.Error("the host's git diff ran byte code the command planted")
		}
	})
	t.Run("missing in the hooks", func(t *testing.T) {
		// Watchman's setup names .git/hooks/query-watchman (a user may
		// set it globally): missing there, in the hooks directory the
		// layer keeps read-only, the command cannot make it, and the run
		// goes on.
		b := newGitBox(t).with(t)
		b.git("config", "core.fsmonitor", ".git/hooks/query-watchman")
		o := b.check(`c "plant the fsmonitor hook" sh -c '` + plant + ` > .git/hooks/query-watchman'
c "write in the root" sh -c 'echo fine > notes.txt'`)
		o.fails(t, "plant the fsmonitor hook")
		o.ok(t, "write in the root")
		if _, err := os.Stat(filepath.Join(b.root, ".git/hooks/query-watchman")); err == nil {
			t.Error("the command made the fsmonitor hook")
		}
	})
	t.Run("says why", func(t *testing.T) {
		// A developer's edit of the project's textconv script fails
		// with only "Read-only file system": the run says, once, after
		// the command's output, which key makes it read-only; a failure
		// that names no program says nothing of it.
		b := newGitBox(t).with(t)
		b.file("tools/textconv", "#!/bin/sh\ncat \"$1\"\n", 0o755)
		b.git("config", "diff.tidy.textconv", "tools/textconv")
		const hint = "git runs it outside the sandbox (diff.tidy.textconv)"
		r := b.run("run", "--yolo", "--", "sh", "-c", "echo out; echo '# edit' >> tools/textconv")
		if r.code == 0 || strings.Count(r.stderr, hint) != 1 || !strings.HasSuffix(strings.TrimSpace(r.stderr), "in the project") {
			t.Errorf("editing the textconv script: exit %d, stderr %q; want one hint naming the key, last", r.code, r.stderr)
		}
		r = b.run("run", "--yolo", "--", "sh", "-c", "echo '# edit' >> notes.txt; exit 3")
		if r.code != 3 || strings.Contains(r.stderr, hint) {
			t.Errorf("a failure naming no program: exit %d, stderr %q; want no hint", r.code, r.stderr)
		}
	})
	t.Run("boolean", func(t *testing.T) {
		b := newGitBox(t).with(t)
		b.git("config", "core.fsmonitor", "false")
		o := b.check(`c "write in the root" sh -c 'echo fine > false'`)
		o.ok(t, "write in the root")
	})
}

// TestGrantAboveDeepRoot: the directories between a writable grant and a
// root deep below it are each a mount of its own, bound onto itself with
// the mounts below it. Bound from the root upwards, each bind copied the
// ones made before it (and the mounts they hid) and the mounts doubled at
// each level: 46 for a root nine directories below the grant became
// 2086, and sixteen below it the run failed (no space left on device,
// the kernel's mount-max). Bound from the grant down, they grow by the
// root's own few at each level.
func TestGrantAboveDeepRoot(t *testing.T) {
	requireNamespaces(t)
	work := outsideTemp(t)
	mounts := func(depth int) int {
		t.Helper()
		root := filepath.Join(append([]string{work, fmt.Sprint("deep", depth)}, strings.Split(strings.Repeat("d/", depth)+"proj", "/")...)...)
		if err := os.MkdirAll(filepath.Join(root, ".git", "hooks"), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".git", "config"), []byte("[core]\n"), 0o644)
		r := run(t, invocation{dir: root, args: []string{"run", "--yolo", "--root", root, "--allow-write", work, "--",
			"sh", "-c", "wc -l < /proc/self/mountinfo"}})
		if r.code != 0 {
			t.Fatalf("root %d directories below the grant: exit %d, stderr %q", depth+1, r.code, r.stderr)
		}
		var n int
		fmt.Sscan(r.stdout, &n)
		return n
	}
	shallow, deep := mounts(1), mounts(15)
	if shallow == 0 || deep-shallow > 200 {
		t.Errorf("mounts in the sandbox: %d for a root 2 directories below the grant, %d for one 16 below; want them within 200", shallow, deep)
	}
}

// TestGrantAboveRootNamedThroughLink: a project reached through a
// symbolic link in a writable grant (work/app -> src/proj, the run
// started in work/app, --allow-write work) could be repointed by the
// command to a copy with a hook of its own, which the user's next cd
// work/app && git commit ran. The links and directories on the way the
// run was started from, outside the root, in the grant, are kept as the
// way to a protected path is: the link cannot be replaced or removed.
// The grant stays writable: a file written, and another link repointed.
func TestGrantAboveRootNamedThroughLink(t *testing.T) {
	requireNamespaces(t)
	work := outsideTemp(t)
	root := filepath.Join(work, "src", "proj")
	if err := os.MkdirAll(filepath.Join(root, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git", "config"), []byte("[core]\n"), 0o644)
	app := filepath.Join(work, "app")
	if err := os.Symlink("src/proj", app); err != nil {
		t.Fatal(err)
	}
	os.Symlink("src", filepath.Join(work, "other"))
	script := filepath.Join(work, "attack.sh")
	os.WriteFile(script, []byte(`
mkdir -p WORK/evil/.git/hooks && cp WORK/src/proj/.git/HEAD WORK/src/proj/.git/config WORK/evil/.git/
printf '#!/bin/sh\necho PWNED\n' > WORK/evil/.git/hooks/pre-commit && chmod +x WORK/evil/.git/hooks/pre-commit
ln -sfn evil WORK/app.new && mv -T WORK/app.new WORK/app && echo repointed
rm WORK/app 2>/dev/null && echo removed
echo fine > WORK/fine && echo wrote
ln -sfn evil WORK/other.new && mv -T WORK/other.new WORK/other && echo other-repointed
`), 0o644)
	b, _ := os.ReadFile(script)
	os.WriteFile(script, []byte(strings.ReplaceAll(string(b), "WORK", work)), 0o644)
	r := run(t, invocation{dir: app, env: []string{"PWD=" + app}, args: []string{"run", "--yolo", "--allow-write", work, "--", "sh", script}})
	if strings.HasPrefix(r.stdout, "repointed") || strings.Contains(r.stdout, "removed") {
		t.Errorf("the link the run was started through was replaced or removed: %q (stderr %q)", r.stdout, r.stderr)
	}
	if target, err := os.Readlink(app); err != nil || target != "src/proj" {
		t.Errorf("%s leads to %q (%v) after the run, want src/proj", app, target, err)
	}
	if !strings.Contains(r.stdout, "wrote") || !strings.Contains(r.stdout, "other-repointed") {
		t.Errorf("the grant's neighbours: %q (stderr %q), want a file written and another link repointed", r.stdout, r.stderr)
	}
}
