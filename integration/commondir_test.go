//go:build linux

package integration

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// commondirGone says whether the root's .git/commondir is gone from the
// host within 10 s: the release helper removes the placeholder a tenth of
// a second after the last run that holds it, which a loaded machine may
// make seconds.
func (b *box) commondirGone() bool {
	deadline := time.Now().Add(10 * time.Second)
	for b.exists(".git/commondir") {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// fsmonitor is the core.fsmonitor git outside the sandbox would use in
// dir (relative to the root), and where it is set: git config reads it
// and runs nothing.
func (b *box) fsmonitor(dir string) string {
	b.t.Helper()
	cmd := osexec.Command("git", "-C", dir, "config", "--show-origin", "--get", "core.fsmonitor")
	cmd.Dir = b.root
	out, _ := cmd.Output() // exit 1: not set
	return strings.TrimSpace(string(out))
}

// evilRepo is a shell command that makes a git repository at dir whose
// config sets core.fsmonitor to touch marker: what a planted commondir or
// config would have the host's git run.
func evilRepo(dir, marker string) string {
	return `mkdir -p ` + dir + `/objects ` + dir + `/refs && echo "ref: refs/heads/main" > ` + dir + `/HEAD && printf "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = touch ` + marker + `\n" > ` + dir + `/config`
}

// TestProtectedCommondirMissing: a command made the root repository's
// missing .git/commondir naming a directory of its own, whose config set
// core.fsmonitor: the person's next git status outside the sandbox ran it.
// A missing one now gets a placeholder naming .git itself, read-only, so
// the command cannot make or replace it, and gone after the run; git works
// inside beside it (status, add, commit, log, stash, worktree add).
func TestProtectedCommondirMissing(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	marker := filepath.Join(b.out, "MARKER")
	o := b.check(`c "make the evil repository" sh -c '` + evilRepo("evil", marker) + `'
c "plant a commondir" sh -c 'echo ../evil > .git/commondir'
c "plant it through a rename" sh -c 'echo ../evil > c.new && mv c.new .git/commondir'
c "remove the placeholder" rm -f .git/commondir
c "the placeholder names .git" sh -c 'test "$(cat .git/commondir)" = .'
c "git status" git status --short
` + commit + `c "git log" sh -c 'git log --format=%s | grep -qx work'
c "git stash" sh -c 'echo more >> work.txt && env ` + gitEnv + ` git stash -q && env ` + gitEnv + ` git stash pop -q && grep -q more work.txt'
c "git worktree add" sh -c 'git worktree add -q wt && test -f .git/worktrees/wt/commondir && git -C wt status --short'
`)
	o.ok(t, "make the evil repository")
	o.fails(t, "plant a commondir")
	o.fails(t, "plant it through a rename")
	o.fails(t, "remove the placeholder")
	o.ok(t, "the placeholder names .git")
	o.ok(t, "git status")
	o.ok(t, "git commit")
	o.ok(t, "git log")
	o.ok(t, "git stash")
	o.ok(t, "git worktree add")
	if !b.commondirGone() {
		t.Fatalf(".git/commondir is still on the host 10 s after the run: %q", b.read(".git/commondir"))
	}
	if got := b.fsmonitor("."); got != "" {
		t.Fatalf("the host's git takes core.fsmonitor from %s", got)
	}
	if b.exists(marker) {
		t.Fatal("the payload ran")
	}
	// The host's git sees the commit, the worktree registered inside, and
	// nothing left of the run in .git.
	if log := b.git("log", "--format=%s"); !strings.Contains(log, "work") {
		t.Errorf("the commit made inside is not there: %q", log)
	}
	if list := b.git("worktree", "list"); !strings.Contains(list, filepath.Join(b.root, "wt")) {
		t.Errorf("git worktree list: %q, want wt", list)
	}
	entries, _ := os.ReadDir(filepath.Join(b.root, ".git"))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".mewsandbox") {
			t.Errorf("left in .git: %s", e.Name())
		}
	}
}

// TestProtectedCommondirShared: runs in quick succession, and one started
// while another holds the placeholder, share it: no run fails for finding
// it there, each sees it naming .git, and it goes after the last.
func TestProtectedCommondirShared(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	for i := range 5 {
		if r := b.run("run", "--yolo", "--", "cat", ".git/commondir"); r.code != 0 || r.stdout != ".\n" {
			t.Fatalf("run %d: exit %d, stdout %q, stderr %q", i, r.code, r.stdout, r.stderr)
		}
	}
	long := b.start("run", "--yolo", "--", "sh", "-c", "touch up; while [ ! -e go ]; do sleep 0.01; done; cat .git/commondir")
	deadline := time.Now().Add(10 * time.Second)
	for !b.exists("up") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	// On stdin: the engine asks before a command that names a write in .git.
	if r := b.runIn(b.root, "cat .git/commondir && ! echo ../evil 2>/dev/null > .git/commondir\n", "run", "--yolo", "--", "sh", "-s"); r.code != 0 || r.stdout != ".\n" {
		t.Errorf("the run beside: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// The short run's end leaves it to the long one. A release helper
	// acts a tenth of a second after the run it waits for: ten of those
	// for a mistaken removal to show on a loaded machine (which helper
	// waits, an earlier run's or the long one's, the test cannot tell
	// from outside, so it cannot wait for the helper itself).
	time.Sleep(time.Second)
	if b.read(".git/commondir") != ".\n" {
		t.Errorf("the placeholder went while the long run holds it: %q", b.read(".git/commondir"))
	}
	b.file("go", "", 0o644)
	if code := long.wait(t, 10*time.Second); code != 0 || long.stdout.String() != ".\n" {
		t.Errorf("the long run: exit %d, stdout %q, stderr %q", code, long.stdout.String(), long.stderr.String())
	}
	if !b.commondirGone() {
		t.Errorf(".git/commondir is still on the host 10 s after the runs: %q", b.read(".git/commondir"))
	}
}

// TestProtectedCommondirOwn: a git directory that has a commondir (a
// linked worktree's, as the root) keeps it and works as before; a
// repository whose config sets core.worktree, which git ignores beside a
// commondir, gets no placeholder.
func TestProtectedCommondirOwn(t *testing.T) {
	requireNamespaces(t)
	t.Run("linked worktree", func(t *testing.T) {
		b := newGitBox(t)
		wt := filepath.Join(outsideTemp(t), "wt")
		b.git("worktree", "add", "-q", wt)
		entry := filepath.Join(b.root, ".git", "worktrees", "wt")
		own := b.read(entry + "/commondir")
		w := b.with(t)
		w.root = wt
		o := w.check(`c "rewrite its commondir" sh -c 'echo . > `+entry+`/commondir'
`+commit, "--allow-write", filepath.Join(b.root, ".git"))
		o.fails(t, "rewrite its commondir")
		o.ok(t, "git commit")
		o.ok(t, "write in the root")
		if got := b.read(entry + "/commondir"); got != own {
			t.Errorf("its commondir is %q, want %q", got, own)
		}
		if !b.commondirGone() {
			t.Errorf("the main .git has a commondir after the run: %q", b.read(".git/commondir"))
		}
		if log := w.git("log", "--format=%s"); !strings.Contains(log, "work") {
			t.Errorf("the commit made inside the worktree is not there: %q", log)
		}
	})
	t.Run("core.worktree", func(t *testing.T) {
		b := newGitBox(t)
		b.git("config", "core.worktree", b.root)
		if r := b.run("run", "--yolo", "--", "sh", "-c", "test ! -e .git/commondir && git status --short"); r.code != 0 {
			t.Errorf("exit %d, stderr %q; want no placeholder and git working", r.code, r.stderr)
		}
	})
}

// TestCommondirSubmodulePlanted: a command made a submodule's missing
// .git/modules/sub/commondir naming a git directory of its own, whose
// config set core.fsmonitor: the person's next git status in the
// superproject ran it. No placeholder can go there (git would then ignore
// the submodule's core.worktree): after the run it is moved aside, and the
// run fails. A run that commits in the submodule leaves nothing.
func TestCommondirSubmodulePlanted(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	marker := filepath.Join(b.out, "MARKER")
	const planted = ".git/modules/sub/commondir"
	// On stdin: the engine asks before a command that names a write in .git.
	r := b.runIn(b.root, evilRepo("evil", marker)+`
printf '%s\n' ../../../evil > `+planted+`
`, "run", "--yolo", "--", "sh", "-s")
	if r.code != 125 {
		t.Errorf("exit %d, want 125 (the sandbox's)\nstderr: %s", r.code, r.stderr)
	}
	for _, want := range []string{"a command planted " + filepath.Join(b.root, planted), "config", "hooks", "moved aside to " + filepath.Join(b.root, planted) + ".mewsandbox-planted"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q: %s", want, r.stderr)
		}
	}
	if b.exists(planted) {
		t.Fatalf("%s is still there: %q", planted, b.read(planted))
	}
	if got := b.read(planted + ".mewsandbox-planted"); got != "../../../evil\n" {
		t.Errorf("%s.mewsandbox-planted holds %q, want what the command wrote", planted, got)
	}
	if got := b.fsmonitor("sub"); got != "" {
		t.Errorf("the host's git takes core.fsmonitor in sub from %s", got)
	}
	if b.exists(marker) {
		t.Fatal("the payload ran")
	}
	// What was planted would have worked: put back, git config finds the
	// command's core.fsmonitor in sub (it runs nothing).
	if err := os.Rename(filepath.Join(b.root, planted+".mewsandbox-planted"), filepath.Join(b.root, planted)); err != nil {
		t.Fatal(err)
	}
	got := b.fsmonitor("sub")
	if err := os.Remove(filepath.Join(b.root, planted)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "evil/config") {
		t.Errorf("with the planted commondir the host's git takes core.fsmonitor from %q, want evil/config: the attack tests nothing", got)
	}

	// The neighbour: a commit in the submodule makes no commondir there.
	r = b.runIn(b.root, "echo work > sub/work.txt && env "+gitEnv+" git -C sub add work.txt && env "+gitEnv+" git -C sub commit -qm work\n", "run", "--yolo", "--", "sh", "-s")
	if r.code != 0 {
		t.Errorf("commit in the submodule: exit %d, stderr: %s", r.code, r.stderr)
	}
	for _, p := range []string{planted, planted + ".mewsandbox-planted"} {
		if b.exists(p) {
			t.Errorf("%s after a commit in the submodule", p)
		}
	}
	if log := b.git("-C", "sub", "log", "--format=%s", "-1"); strings.TrimSpace(log) != "work" {
		t.Errorf("the commit made inside is not there: %q", log)
	}
}

// TestCommondirSubmodulePlantedOverlap: two runs overlap in the root. The
// first plants .git/modules/sub/commondir; the second, planned while it is
// there, plants it again once the first's end has moved it aside. A
// commondir beside the submodule's own config, which git never makes, is
// looked for after the run however it came (another run's, a killed
// runner's): the second fails too and moves it aside. Fails before: the
// second exits 0 and the commondir stays, for the host's git to follow.
func TestCommondirSubmodulePlantedOverlap(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	const planted = ".git/modules/sub/commondir"
	// In files: the engine asks before a command that names a write in .git.
	b.file("first.sh", "printf '%s\\n' ../../../evil > "+planted+"\ntouch up\nwhile [ ! -e go ]; do sleep 0.01; done\n", 0o644)
	b.file("second.sh", "touch up2\ni=0\nwhile [ ! -e "+planted+".mewsandbox-planted ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i+1)); done\nprintf '%s\\n' ../../../evil > "+planted+"\n", 0o644)
	waitFor := func(name string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !b.exists(name) {
			if time.Now().After(deadline) {
				t.Fatalf("%s never appeared", name)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	first := b.start("run", "--yolo", "--", "sh", "first.sh")
	waitFor("up")
	second := b.start("run", "--yolo", "--", "sh", "second.sh")
	waitFor("up2")
	b.file("go", "", 0o644)
	if code := first.wait(t, 10*time.Second); code != 125 {
		t.Errorf("the first run: exit %d, want 125\nstderr: %s", code, first.stderr.String())
	}
	code := second.wait(t, 20*time.Second)
	if code != 125 || !strings.Contains(second.stderr.String(), "moved aside to "+filepath.Join(b.root, planted)+".mewsandbox-planted.1") {
		t.Errorf("the second run: exit %d, want 125 and the commondir moved aside\nstderr: %s", code, second.stderr.String())
	}
	if b.exists(planted) {
		t.Fatalf("%s is still there: %q", planted, b.read(planted))
	}
}

// TestCommondirSeparateGitDirGranted: the root's git directory lies
// outside it (git init --separate-git-dir), in a write grant, where no
// placeholder goes. Such runs were refused (125) once the root's missing
// commondir got a placeholder; now they run, and a commondir the command
// makes there is moved aside after the run, which fails (125).
func TestCommondirSeparateGitDirGranted(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	if err := os.RemoveAll(filepath.Join(b.root, ".git")); err != nil {
		t.Fatal(err)
	}
	sep := filepath.Join(outsideTemp(t), "sep.git")
	b.git("init", "-q", "--separate-git-dir="+sep, ".")
	b.git("commit", "-q", "--allow-empty", "-m", "init")
	grant := []string{"run", "--yolo", "--allow-write", sep, "--", "sh", "-s"}

	r := b.runIn(b.root, "echo work > work.txt && env "+gitEnv+" git add work.txt && env "+gitEnv+" git commit -qm work\n", grant...)
	if r.code != 0 {
		t.Fatalf("a commit with the git directory granted: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if log := b.git("log", "--format=%s", "-1"); strings.TrimSpace(log) != "work" {
		t.Errorf("the commit made inside is not there: %q", log)
	}
	if _, err := os.Lstat(filepath.Join(sep, "commondir")); err == nil {
		t.Error("a commondir is left in the git directory after a commit")
	}

	// On stdin: the engine asks before a command that names a git directory.
	r = b.runIn(b.root, "printf '%s\\n' "+b.out+" > "+sep+"/commondir\n", grant...)
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside to "+sep+"/commondir.mewsandbox-planted") {
		t.Errorf("planting its commondir: exit %d, want 125 and it moved aside\nstderr: %s", r.code, r.stderr)
	}
	if _, err := os.Lstat(filepath.Join(sep, "commondir")); err == nil {
		t.Errorf("%s/commondir is still there", sep)
	}
}

// TestCommondirRootOwnWorkTree: the root's git directory sets
// core.worktree, which git ignores once a commondir exists, so it gets no
// placeholder commondir (as a submodule's). A commondir the command makes
// there would have the host's next git take its config (core.fsmonitor)
// from where it names: it is moved aside after the run, which fails (125).
// A commit inside still works.
func TestCommondirRootOwnWorkTree(t *testing.T) {
	requireNamespaces(t)
	b := ownWorkTreeBox(t)
	b.git("commit", "-q", "--allow-empty", "-m", "init")

	r := b.runIn(b.root, "echo work > work.txt && env "+gitEnv+" git add work.txt && env "+gitEnv+" git commit -qm work\n", "run", "--yolo", "--", "sh", "-s")
	if r.code != 0 {
		t.Fatalf("a commit in a repository with core.worktree: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if log := b.git("log", "--format=%s", "-1"); strings.TrimSpace(log) != "work" {
		t.Errorf("the commit made inside is not there: %q", log)
	}
	if b.exists(".git/commondir") {
		t.Error("a commondir is left in the git directory after a commit")
	}

	// On stdin: the engine asks before a command that names .git.
	r = b.runIn(b.root, "printf '%s\\n' "+b.out+" > .git/commondir\n", "run", "--yolo", "--", "sh", "-s")
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside to "+filepath.Join(b.root, ".git/commondir")+".mewsandbox-planted") {
		t.Errorf("planting its commondir: exit %d, want 125 and it moved aside\nstderr: %s", r.code, r.stderr)
	}
	if b.exists(".git/commondir") {
		t.Fatalf(".git/commondir is still there: %q", b.read(".git/commondir"))
	}
}

// TestCommondirPlantedDirLocked: the command plants a submodule-like
// commondir (in a root whose config sets core.worktree, audited as a
// submodule's) and takes the write permission off the git directory, its
// own as the runner's user: the rename aside failed (EACCES) for a runner
// that is not root, and the file stayed for the host's next git. The
// runner now gives its user write permission back for the move, and puts
// the command's mode back after. (As root the runner overrides the mode
// anyway: the test means most in the unprivileged pass.)
func TestCommondirPlantedDirLocked(t *testing.T) {
	requireNamespaces(t)
	b := ownWorkTreeBox(t)
	git := filepath.Join(b.root, ".git")
	t.Cleanup(func() { os.Chmod(git, 0o755) })

	r := b.runIn(b.root, "printf '%s\\n' "+b.out+" > .git/commondir && chmod 0555 .git\n", "run", "--yolo", "--", "sh", "-s")
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside to "+filepath.Join(git, "commondir")+".mewsandbox-planted") {
		t.Errorf("planting its commondir in a locked git directory: exit %d, want 125 and it moved aside\nstderr: %s", r.code, r.stderr)
	}
	if b.exists(".git/commondir") {
		t.Errorf(".git/commondir is still there: %q", b.read(".git/commondir"))
	}
	if st, err := os.Stat(git); err != nil || st.Mode().Perm() != 0o555 {
		t.Errorf("the git directory's mode after the move: %v %v, want the command's 0555 back", st.Mode(), err)
	}
}

// TestCommondirPlantedBeforeRun: a commondir beside the root git
// directory's own config, a pair git never makes, is there when the run
// plans (an overlapping run's command made it after that run's plan saw
// none, where core.worktree leaves the name without a placeholder; or a
// killed runner left it): the run had taken it for git's, and it stayed
// for the host's next git. It is moved aside after the run now, which
// fails (125). A review reproduced the race by moving the first run's
// planting aside by hand, as this test plants before the run.
func TestCommondirPlantedBeforeRun(t *testing.T) {
	requireNamespaces(t)
	b := ownWorkTreeBox(t)
	b.git("commit", "-q", "--allow-empty", "-m", "init")
	if r := b.run("run", "--yolo", "--", "true"); r.code != 0 {
		t.Fatalf("a run before anything is planted: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	b.file(".git/commondir", b.out+"\n", 0o644)
	r := b.run("run", "--yolo", "--", "true")
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside to "+filepath.Join(b.root, ".git/commondir")+".mewsandbox-planted") {
		t.Errorf("a commondir beside the config at the start: exit %d, want 125 and it moved aside\nstderr: %s", r.code, r.stderr)
	}
	if b.exists(".git/commondir") {
		t.Errorf(".git/commondir is still there: %q", b.read(".git/commondir"))
	}
}

// TestCommondirPlantedBeforeRunKeepsOwnConfig: with a planted commondir
// at the start (see TestCommondirPlantedBeforeRun) the plan protected the
// directory it names, not the git directory's own config and hooks; the
// command wrote them (a core.fsmonitor, a pre-commit hook), and the move
// aside after the run made them git's again. They stay read-only now, and
// the run still fails (125) with the commondir moved aside.
func TestCommondirPlantedBeforeRunKeepsOwnConfig(t *testing.T) {
	requireNamespaces(t)
	b := ownWorkTreeBox(t)
	b.git("commit", "-q", "--allow-empty", "-m", "init")
	config := b.read(".git/config")
	b.file(".git/commondir", b.out+"\n", 0o644)
	script := "printf '[core]\\n\\tfsmonitor = touch " + b.out + "/PWNED\\n' >> .git/config; echo x > .git/hooks/pre-commit; echo RAN"
	// On stdin: the permission engine asks before a command string that
	// names .git's files; a program may write them all the same.
	r := b.runIn(b.root, script, "run", "--yolo", "--", "sh", "-s")
	if r.code != 125 || !strings.Contains(r.stdout, "RAN") || !strings.Contains(r.stderr, "moved aside to ") {
		t.Errorf("a commondir beside the config at the start: exit %d, want 125 and it moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read(".git/config"); got != config {
		t.Errorf(".git/config written through the run:\n%s", got)
	}
	if b.exists(".git/hooks/pre-commit") {
		t.Errorf(".git/hooks/pre-commit made by the run")
	}
}

// TestCommondirSubmodulePlantedBeforeRunKeepsOwnConfig: a submodule's git
// directory with a planted commondir at the start (an overlapping run's
// command made it, or a killed runner left it) had the plan protect the
// directory it names, not the submodule's own config and hooks: the
// command wrote them, and the move aside after the run made them git's
// again, for git status in the superproject. They stay read-only now.
func TestCommondirSubmodulePlantedBeforeRunKeepsOwnConfig(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	const gitdir = ".git/modules/sub"
	config := b.read(gitdir + "/config")
	b.file(gitdir+"/commondir", b.out+"\n", 0o644)
	script := "printf '[core]\\n\\tfsmonitor = touch " + b.out + "/PWNED\\n' >> " + gitdir + "/config; echo x > " + gitdir + "/hooks/pre-commit; echo RAN"
	r := b.runIn(b.root, script, "run", "--yolo", "--", "sh", "-s")
	if r.code != 125 || !strings.Contains(r.stdout, "RAN") || !strings.Contains(r.stderr, "moved aside to ") {
		t.Errorf("a commondir beside the submodule's config at the start: exit %d, want 125 and it moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read(gitdir + "/config"); got != config {
		t.Errorf("%s/config written through the run:\n%s", gitdir, got)
	}
	if b.exists(gitdir + "/hooks/pre-commit") {
		t.Errorf("%s/hooks/pre-commit made by the run", gitdir)
	}
}

// ownWorkTreeBox is a box whose root is a repository made by git init, its
// config setting core.worktree to the root: no placeholder commondir goes
// in its git directory, where one the command makes is looked for after
// the run instead.
func ownWorkTreeBox(t *testing.T) *box {
	t.Helper()
	b := newBox(t, nil)
	if err := os.RemoveAll(filepath.Join(b.root, ".git")); err != nil {
		t.Fatal(err)
	}
	b.git("init", "-q")
	b.git("config", "core.worktree", b.root)
	return b
}
