//go:build linux

package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// preCommitHook stands in for pre-commit's and lefthook's installed
// hooks: at every commit it runs what the project's configuration says
// (a repo: local hook's entry, a lefthook command), outside any sandbox.
const preCommitHook = `#!/bin/sh
for f in .pre-commit-config.yaml lefthook-local.yml; do
	[ -f "$f" ] && sed -n 's/^ *entry: //p' "$f" | sh
done
exit 0
`

// TestHookManagerFilesProtected: the hooks in .git/hooks and the
// core.hooksPath directory were read-only, but not what a hook manager's
// installed hook runs: a command wrote .pre-commit-config.yaml (a repo:
// local hook with language: system runs any entry) or lefthook's
// configuration, and the host's next git commit ran it outside any
// sandbox. They are read-only where they exist; made where missing in a
// repository with a hook installed, they are moved aside after the run,
// which fails (125). The neighbours: the rest of the root, and (in
// TestHookManagerConfigMadeWithoutHooks) a generator in a project with no
// hook installed.
func TestHookManagerFilesProtected(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file(".git/hooks/pre-commit", preCommitHook, 0o755)
	b.file(".pre-commit-config.yaml", "repos: []\n", 0o644)
	b.file(".lefthook/pre-commit/lint.sh", "true\n", 0o755)
	b.file("plant.sh", `echo '  entry: touch PWNED-precommit' > .pre-commit-config.yaml && echo overwrote config
echo x > .lefthook/pre-commit/lint.sh && echo overwrote lefthook script
echo '  entry: touch PWNED-lefthook' > lefthook-local.yml
echo work > work.txt
`, 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "lefthook-local.yml.mewsandbox-planted") {
		t.Fatalf("exit %d, want 125 naming lefthook-local.yml moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stdout, "overwrote") {
		t.Errorf("the command rewrote an existing hook manager's file: %s", r.stdout)
	}
	if got := b.read(".pre-commit-config.yaml"); got != "repos: []\n" {
		t.Errorf(".pre-commit-config.yaml after the run: %q", got)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt, the neighbour: %q", got)
	}
	b.git("add", "-A")
	b.git("commit", "-q", "-m", "after the run")
	for _, p := range []string{"PWNED-precommit", "PWNED-lefthook"} {
		if b.exists(p) {
			t.Errorf("the host's git commit ran what the command planted: %s", p)
		}
	}
}

// TestHookManagerConfigMadeWithoutHooks: in a project with no hook
// installed, a hook manager's configuration made by the command runs
// nothing (until installed outside the sandbox, where the engine asks
// before pre-commit install), so a generator's may stay: pre-commit
// sample-config > .pre-commit-config.yaml.
func TestHookManagerConfigMadeWithoutHooks(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file("gen.sh", "echo 'repos: []' > .pre-commit-config.yaml\n", 0o644)
	if r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "gen.sh"); r.code != 0 {
		t.Fatalf("exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if got := b.read(".pre-commit-config.yaml"); got != "repos: []\n" {
		t.Errorf(".pre-commit-config.yaml made without hooks installed: %q", got)
	}
}

// TestHuskyScriptsProtected: husky 9 sets core.hooksPath .husky/_, whose
// wrappers run the scripts of the same name one level up, in .husky: a
// command writing .husky/pre-commit must fail, and the host's next git
// commit run the user's script, not the command's.
func TestHuskyScriptsProtected(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file(".husky/_/h", "#!/bin/sh\ns=\"$(dirname \"$(dirname \"$0\")\")/$(basename \"$0\")\"\n[ -f \"$s\" ] || exit 0\nexec sh -e \"$s\"\n", 0o755)
	b.file(".husky/_/pre-commit", "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n", 0o755)
	b.file(".husky/pre-push", "true\n", 0o644)
	b.git("config", "core.hooksPath", ".husky/_")
	b.file("plant.sh", "echo 'touch PWNED' > .husky/pre-commit && echo planted\necho work > work.txt\n", 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "plant.sh")
	if strings.Contains(r.stdout, "planted") || b.exists(".husky/pre-commit") {
		t.Errorf("the command wrote .husky/pre-commit: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt, the neighbour: %q", got)
	}
	os.Remove(filepath.Join(b.root, "plant.sh"))
	b.git("add", "-A")
	b.git("commit", "-q", "-m", "after the run")
	if b.exists("PWNED") {
		t.Error("the host's git commit ran the husky script the command planted")
	}
}

// innerGrantFifoScript makes FIFOs in a write grant inside the root
// (build/) where the host's git opens a file: build/.gitignore, and one
// moved in from TMPDIR; then the neighbours: a FIFO in TMPDIR, a file in
// the grant.
const innerGrantFifoScript = `
c "fifo as build/.gitignore" mkfifo build/.gitignore
c "fifo moved into build" sh -c 'mkfifo "$TMPDIR/q" && mv "$TMPDIR/q" build/.gitattributes'
c "fifo in TMPDIR" sh -c 'mkfifo "$TMPDIR/p" && test -p "$TMPDIR/p"'
c "write in the grant" sh -c 'echo x > build/out.o'
`

// TestFifoNotMadeInGrantInsideRoot: noFifosInRoot took the right to make
// FIFOs off the root's rule and off grants holding the root, but a write
// grant inside the root (--allow-write build) kept it, Landlock's rights
// adding up along the way: a FIFO named build/.gitignore had the host's
// git status wait for good. As root and as a user, with the layer and
// without.
func TestFifoNotMadeInGrantInsideRoot(t *testing.T) {
	requireSandbox(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		b.file("build/keep", "", 0o644)
		o := b.check(innerGrantFifoScript, append([]string{"--allow-write", filepath.Join(b.root, "build")}, flags...)...)
		o.fails(t, "fifo as build/.gitignore")
		o.fails(t, "fifo moved into build")
		o.ok(t, "fifo in TMPDIR")
		o.ok(t, "write in the grant")
		if !gitReturns(t, b.root, nil, "status") {
			t.Errorf("%v: git status outside the sandbox waited 10 s", flags)
		}
	}
	ub := newUserBox(t)
	build := filepath.Join(ub.root, "build")
	if err := os.Mkdir(build, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Lchown(build, int(ub.u.uid), int(ub.u.gid))
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		o := ub.check(innerGrantFifoScript, append([]string{"--allow-write", build}, flags...)...)
		o.fails(t, "fifo as build/.gitignore")
		o.ok(t, "fifo in TMPDIR")
		o.ok(t, "write in the grant")
		if !gitReturns(t, ub.root, nil, "status") {
			t.Errorf("as a user %v: git status outside the sandbox waited 10 s", flags)
		}
	}
}

// TestFifoNotMadeInWorktreesGitDir: the root a linked worktree whose
// main repository lies in a write grant outside it (--allow-write ../main,
// a layout git worktree add makes): the grant kept the right to make
// FIFOs, and one made as the main repository's .git/index or its working
// tree's .gitignore had the host's git status there wait for good. The
// neighbour: a grant elsewhere keeps FIFOs.
func TestFifoNotMadeInWorktreesGitDir(t *testing.T) {
	requireSandbox(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		base := outsideTemp(t)
		main, wt, other := filepath.Join(base, "main"), filepath.Join(base, "wt"), filepath.Join(base, "other")
		b.git("init", "-q", main)
		b.git("-C", main, "commit", "-q", "--allow-empty", "-m", "init")
		b.git("-C", main, "worktree", "add", "-q", wt)
		os.Mkdir(other, 0o755)
		script := prelude + `
c "fifo as the main index" sh -c 'rm -f MAIN/.git/index && mkfifo MAIN/.git/index'
c "fifo as the main tree's .gitignore" mkfifo MAIN/.gitignore
c "fifo in another grant" sh -c 'mkfifo OTHER/p && test -p OTHER/p'
exit 0
`
		script = strings.NewReplacer("MAIN", main, "OTHER", other).Replace(script)
		args := append([]string{"run", "--yolo", "--allow-write", main, "--allow-write", other}, flags...)
		r := b.runIn(wt, script, append(args, "--", "sh", "-s")...)
		o := outcomes{}
		for _, m := range probeLine.FindAllStringSubmatch(r.stdout, -1) {
			o[m[1]] = m[2]
		}
		o.fails(t, "fifo as the main index")
		o.fails(t, "fifo as the main tree's .gitignore")
		o.ok(t, "fifo in another grant")
		for _, d := range []string{main, wt} {
			if !gitReturns(t, d, nil, "status") {
				t.Errorf("%v: git status in %s outside the sandbox waited 10 s", flags, d)
			}
		}
	}
}

// TestRefLinkedToFifoRemoved: a loose ref made a link to a FIFO in a
// grant outside the root (where FIFOs may be made) had the host's git log
// --all, git branch, and git status for the branch HEAD names, wait for
// good: git follows a link there. HEAD and packed-refs were moved aside
// already (rt14); a ref below refs/ is now removed after the run, which
// fails (125) saying where it led, and HEAD is looked at too. The
// neighbour: a branch the command makes stays.
func TestRefLinkedToFifoRemoved(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	out := filepath.Join(outsideTemp(t), "fifos")
	os.Mkdir(out, 0o755)
	b.file("plant.sh", strings.ReplaceAll(`mkfifo OUT/p OUT/h
ln -s OUT/p .git/refs/heads/evil
mkdir -p .git/refs/tags/deep && ln -s OUT/p .git/refs/tags/deep/t
git branch feature
`, "OUT", out), 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--allow-write", out, "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "refs/heads/evil") || !strings.Contains(r.stderr, "refs/tags/deep/t") {
		t.Fatalf("exit %d, want 125 naming the refs\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, p := range []string{".git/refs/heads/evil", ".git/refs/tags/deep/t"} {
		if _, err := os.Lstat(filepath.Join(b.root, p)); err == nil {
			t.Errorf("%s is still there after the run", p)
		}
	}
	if !b.exists(".git/refs/heads/feature") {
		t.Error("the branch the command made is gone")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	lg := osexec.CommandContext(ctx, "git", "log", "--all", "--oneline")
	lg.Dir = b.root
	if lg.Run(); ctx.Err() != nil {
		t.Error("git log --all outside the sandbox waited 10 s")
	}
	// HEAD made a link to a FIFO, in a run of its own.
	b.file("plant2.sh", "ln -sf "+out+"/h .git/HEAD\n", 0o644)
	r = b.runIn(b.root, "", "run", "--yolo", "--allow-write", out, "--", "sh", "plant2.sh")
	if r.code != 125 || !strings.Contains(r.stderr, ".git/HEAD") {
		t.Fatalf("HEAD as a link to a FIFO: exit %d, want 125 naming it\nstderr: %s", r.code, r.stderr)
	}
	if fi, err := os.Lstat(filepath.Join(b.root, ".git/HEAD")); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		t.Error(".git/HEAD is still a link after the run")
	}
}

// TestRefsDirLinkedMovedAside: .git/refs made a link to a directory in a
// grant outside the root, whose refs/heads/master is a FIFO: git follows
// it, and the host's git status waited for good. A directory git reads in
// (refs, objects, info, logs) made a link is moved aside after the run,
// which fails. The neighbour: a link the plan found there stays
// (Google's repo tool links them).
func TestRefsDirLinkedMovedAside(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	out := filepath.Join(outsideTemp(t), "fifos")
	os.Mkdir(out, 0o755)
	b.file("plant.sh", strings.ReplaceAll(`cp -r .git/refs OUT/r && rm -f OUT/r/heads/* && mkfifo OUT/r/heads/master OUT/r/heads/main
mv .git/refs .git/refs.old && ln -s OUT/r .git/refs
`, "OUT", out), 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--allow-write", out, "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, ".git/refs") {
		t.Fatalf("exit %d, want 125 naming .git/refs\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if fi, err := os.Lstat(filepath.Join(b.root, ".git/refs")); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		t.Error(".git/refs is still a link after the run")
	}
	if !gitReturns(t, b.root, nil, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
	// The project's own link stays.
	os.RemoveAll(filepath.Join(b.root, ".git/refs.mewsandbox-planted"))
	os.Rename(filepath.Join(b.root, ".git/refs.old"), filepath.Join(out, "own"))
	os.Symlink(filepath.Join(out, "own"), filepath.Join(b.root, ".git/refs"))
	if r := b.runIn(b.root, "", "run", "--yolo", "--", "true"); r.code != 0 {
		t.Fatalf("a run with the project's own refs link: exit %d\nstderr: %s", r.code, r.stderr)
	}
	if fi, err := os.Lstat(filepath.Join(b.root, ".git/refs")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the project's own refs link is gone")
	}
}

// moduleGitDirs makes n submodules' git directories in the root's
// .git/modules, each named prefix and its number.
func (b *box) moduleGitDirs(n int, prefix string) {
	b.t.Helper()
	for i := range n {
		b.git("init", "-q", "--bare", filepath.Join(b.root, ".git/modules", prefix+strconv.Itoa(i)))
	}
}

// TestAfterKilledManyGitDirs: the work a killed runner leaves to the
// process the sharer starts in its place (afterKilledArgs: each git
// directory to look in, the protected paths missing, the ways) was handed
// to the sharer only where it fit its 32 KiB, and silently not at all
// where it did not: in a project with 64 submodules' git directories
// named at length, a killed runner's command left a .gemini/ of its own
// (an MCP server the agent starts) for good. The sharer holds 96 KiB in
// 3072 arguments now, so that one is moved aside.
func TestAfterKilledManyGitDirs(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	b.moduleGitDirs(64, strings.Repeat("m", 240))
	b.file("plant.sh", "mkdir .gemini && echo '{}' > .gemini/settings.json\necho x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "plant.sh")
	b.waitGone(t, ".gemini")
	if !b.exists(".gemini.mewsandbox-planted/settings.json") {
		t.Error(".gemini was not moved aside")
	}
}

// TestAfterKilledTooMuchRefused: past what the sharer holds (64 git
// directories at a root 1000 characters deep), the run is refused before
// the command starts (125), naming the limit, rather than run with
// nothing handed over. The neighbour: the same project at a short path
// (TestAfterKilledManyGitDirs).
func TestAfterKilledTooMuchRefused(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	deep := b.root
	for range 4 {
		deep = filepath.Join(deep, strings.Repeat("d", 240))
	}
	d := *b
	d.root = deep
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	d.git("init", "-q")
	d.git("commit", "-q", "--allow-empty", "-m", "init")
	d.moduleGitDirs(64, "m")
	d.file("plant.sh", "echo ran > ran\n", 0o644)
	r := d.runIn(deep, "", "run", "--yolo", "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "96 KiB in 3072 arguments") {
		t.Fatalf("exit %d, want 125 naming the limit\nstderr: %s", r.code, r.stderr)
	}
	if d.exists("ran") {
		t.Error("the command ran")
	}
}

// TestFifoNotMadeInEnclosingTree: a root below the top of its working
// tree (--root sub) and a write grant elsewhere in that tree: a FIFO
// named .gitignore in the grant had the host's git status, which walks
// the whole tree, wait for good. The neighbour: files in the grant.
func TestFifoNotMadeInEnclosingTree(t *testing.T) {
	requireSandbox(t)
	b := newGitBox(t)
	sub, other := filepath.Join(b.root, "sub"), filepath.Join(b.root, "other")
	os.Mkdir(sub, 0o755)
	os.Mkdir(other, 0o755)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		script := prelude + strings.ReplaceAll(`
c "fifo as a .gitignore in the tree" mkfifo OTHER/.gitignore
c "write in the grant" sh -c 'echo x > OTHER/x'
exit 0
`, "OTHER", other)
		r := b.runIn(sub, script, append(append([]string{"run", "--yolo", "--root", sub, "--allow-write", other}, flags...), "--", "sh", "-s")...)
		o := outcomes{}
		for _, m := range probeLine.FindAllStringSubmatch(r.stdout, -1) {
			o[m[1]] = m[2]
		}
		o.fails(t, "fifo as a .gitignore in the tree")
		o.ok(t, "write in the grant")
		if !gitReturns(t, b.root, nil, "status") {
			t.Errorf("%v: git status outside the sandbox waited 10 s", flags)
		}
		os.Remove(filepath.Join(other, ".gitignore"))
	}
}

// TestHookManagerConfigMadeAsUser is TestHookManagerFilesProtected for an
// ordinary user's run (its box has a pre-commit hook installed).
func TestHookManagerConfigMadeAsUser(t *testing.T) {
	b := newUserBox(t)
	b.write("plant.sh", "echo '  entry: touch PWNED' > .pre-commit-config.yaml\necho work > work.txt\n", 0o644)
	r := runCommand(t, b.command("run", "--yolo", "--", "sh", "plant.sh"))
	if r.code != 125 || !strings.Contains(r.stderr, ".pre-commit-config.yaml.mewsandbox-planted") {
		t.Fatalf("exit %d, want 125 naming .pre-commit-config.yaml moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read(".pre-commit-config.yaml"); got != "<missing>" {
		t.Errorf(".pre-commit-config.yaml is still in the root: %q", got)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt: %q", got)
	}
}
