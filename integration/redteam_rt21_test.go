//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// keepState gives b's runs one state directory (XDG_STATE_HOME), as a
// user's runs have: run gives each run a fresh one.
func keepState(b *box) string {
	state := filepath.Join(b.home, ".local", "state")
	b.env = append(b.env, "XDG_STATE_HOME="+state)
	return state
}

// stageEmptyScript stages a gitlink at deep/sub, where nothing is, and
// at no path .gitmodules gives: the index changed, and nothing there to
// judge.
const stageEmptyScript = `set -e
git update-index --add --cacheinfo 160000,4b825dc642cb6eb9a060e54bf8d69288fbee4904,deep/sub
echo staged
`

// fillScript makes deep/sub a repository whose config runs MARK's touch,
// leaving the index alone.
const fillScript = `set -e
mkdir -p deep && git init -q deep/sub && git -C deep/sub config core.fsmonitor 'touch MARK; false'
git -C deep/sub -c user.name=a -c user.email=a@b commit -q --allow-empty -m x
echo filled
`

// TestGitlinkFilledLater: a run staged a gitlink at deep/sub with nothing
// there and no .gitmodules entry (the index changed and was read, but no
// repository was there to judge); the next run made deep/sub a repository
// whose core.fsmonitor is a command of its own without touching the
// index, so nothing was read, the one-level look does not reach two
// levels down, and the host's git status ran the command (reproduced on
// main's build: both runs exit 0, MARK made). The runner now keeps the
// gitlinks with nothing at their paths in its state directory, and the
// next run judges a repository found at one: moved aside, 125.
func TestGitlinkFilledLater(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	keepState(b)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("first.sh", stageEmptyScript, 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "first.sh"); r.code != 0 {
		t.Fatalf("staging a gitlink with nothing there: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	b.file("second.sh", strings.ReplaceAll(fillScript, "MARK", mark), 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "deep/sub")
	movedAside(t, b, r, "filled", "core.fsmonitor", "deep/sub")
}

// TestGitlinkFilledLaterMovedIn: the same, deep/sub filled by moving in a
// repository an earlier run made where nothing looks (stash/x), whose
// times are older than the run's.
func TestGitlinkFilledLaterMovedIn(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	keepState(b)
	mark := filepath.Join(outsideTemp(t), "pwned")
	stashRepo(t, b, stageEmptyScript, mark)
	b.file("second.sh", "set -e\nmkdir -p deep && mv stash/x deep/sub && echo moved\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "deep/sub")
	movedAside(t, b, r, "moved", "core.fsmonitor", "deep/sub")
}

// TestGitlinkConfigChangedLater: a run staged a gitlink at deep/sub and
// moved there a repository an earlier run made where nothing looks,
// whose configuration ran nothing (judged safe, and so not kept); the
// next run set its core.fsmonitor, leaving the index alone: no index was
// read, and the host's git status ran the command (reproduced on this
// branch before the fix). The gitlinks of an index read at no
// .gitmodules path are now kept while they last, whatever is there, and
// each run judges the repository there: moved aside, 125.
func TestGitlinkConfigChangedLater(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	keepState(b)
	mark := filepath.Join(outsideTemp(t), "pwned")
	stashRepo(t, b, "", "")
	b.file("second.sh", "set -e\nmkdir deep && mv stash/x deep/sub && git update-index --add --cacheinfo 160000,$(git -C deep/sub rev-parse HEAD),deep/sub\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "second.sh"); r.code != 0 {
		t.Fatalf("a repository that runs nothing, moved in and staged: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	b.file("third.sh", "git -C deep/sub config core.fsmonitor 'touch "+mark+"; false' && echo set\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "third.sh")
	hostGitRanNothing(t, b, mark, "deep/sub")
	movedAside(t, b, r, "set", "deep/sub", "deep/sub")
}

// TestGitlinkFilledLaterNeighbours: what stays: a gitlink staged with
// nothing there, filled outside the sandbox with a repository whose
// configuration runs nothing (git clone, git submodule update), passes
// the next runs (still kept: its config is no plan's to protect); a
// gitlink staged and removed again is dropped.
func TestGitlinkFilledLaterNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	state := keepState(b)
	b.file("first.sh", stageEmptyScript+"git update-index --add --cacheinfo 160000,4b825dc642cb6eb9a060e54bf8d69288fbee4904,gone/sub\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "first.sh"); r.code != 0 {
		t.Fatalf("exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	kept := func() string {
		entries, _ := os.ReadDir(filepath.Join(state, "mewsandbox", "gitlinks"))
		var all string
		for _, e := range entries {
			if b, err := os.ReadFile(filepath.Join(state, "mewsandbox", "gitlinks", e.Name())); err == nil {
				all += string(b)
			}
		}
		return all
	}
	if k := kept(); !strings.Contains(k, "deep/sub") || !strings.Contains(k, "gone/sub") {
		t.Fatalf("the gitlinks with nothing there are not kept: %q", k)
	}
	b.git("init", "-q", "deep/sub") // outside the sandbox: git clone, git submodule update
	b.file("second.sh", "set -e\ngit update-index --force-remove gone/sub && echo done\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "second.sh"); r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("filling a gitlink with a repository that runs nothing: exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if !b.exists("deep/sub/.git") {
		t.Error("deep/sub/.git was moved")
	}
	if k := kept(); !strings.Contains(k, "deep/sub") || strings.Contains(k, "gone/sub") {
		t.Errorf("the filled gitlink no longer kept, or the removed one still: %q", k)
	}
	if r := b.run("run", "--yolo", "--", "sh", "-c", "git -C deep/sub status >/dev/null && echo a > deep/sub/a"); r.code != 0 {
		t.Fatalf("working in the filled repository: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if !b.exists("deep/sub/.git") {
		t.Error("deep/sub/.git was moved")
	}
}

// TestGitlinkFilledLaterRunnerKilled: a runner killed while its command
// ran, which had staged a gitlink with nothing there, has it kept by the
// process started in its place, and the next run judges the repository
// filled in there.
func TestGitlinkFilledLaterRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	state := keepState(b)
	b.file("first.sh", stageEmptyScript+"echo x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "first.sh")
	dir := filepath.Join(state, "mewsandbox", "gitlinks")
	deadline := time.Now().Add(10 * time.Second)
	for {
		entries, _ := os.ReadDir(dir)
		if slices.ContainsFunc(entries, func(e os.DirEntry) bool { return !strings.HasPrefix(e.Name(), ".") }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the gitlink is not kept 10 s after the runner was killed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("second.sh", strings.ReplaceAll(fillScript, "MARK", mark), 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "deep/sub")
	movedAside(t, b, r, "filled", "core.fsmonitor", "deep/sub")
}

// TestGitlinkStateNotWritable: the state directory is the runner's, out
// of the sandbox's reach: a command cannot write it. And a run that
// cannot keep a gitlink with nothing at its path (its state directory
// unwritable) fails saying so, rather than lose the check.
func TestGitlinkStateNotWritable(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	state := keepState(b)
	dir := filepath.Join(state, "mewsandbox", "gitlinks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r := b.sh("touch " + dir + "/x 2>/dev/null && echo wrote; ls " + dir + " >/dev/null 2>&1 && echo listed; echo end")
	if strings.Contains(r.stdout, "wrote") || strings.Contains(r.stdout, "listed") || !strings.Contains(r.stdout, "end") {
		t.Fatalf("the sandbox reached the state directory: %s\nstderr: %s", r.stdout, r.stderr)
	}
	// A file where the state directory should be: nothing can be kept.
	os.RemoveAll(filepath.Join(state, "mewsandbox"))
	b.file(filepath.Join(state, "mewsandbox"), "", 0o644)
	b.file("first.sh", stageEmptyScript, 0o644)
	r = b.run("run", "--yolo", "--", "sh", "first.sh")
	if r.code != 125 || !strings.Contains(r.stdout, "staged") || !strings.Contains(r.stderr, "deep/sub") || !strings.Contains(r.stderr, "cannot keep") {
		t.Fatalf("exit %d, want 125 saying the gitlink cannot be kept\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// unplacedSubmodule makes sub a submodule whose working tree the plan
// cannot tell: its git directory .git/modules/sub has no core.worktree
// (git submodule sets one; older gits and hand-made ones have none), and
// no .gitmodules gives its path (the entry removed, the gitlink left).
// Git takes its working tree to be where it is entered from: the
// gitlink sub, whose .git names it.
func unplacedSubmodule(t *testing.T, b *box, inner bool) {
	t.Helper()
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	if inner {
		b.git("-C", "sub", "-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "inner")
		b.git("-C", "sub", "commit", "-qm", "inner")
		b.git("add", "sub")
	}
	b.git("config", "-f", ".git/modules/sub/config", "--unset", "core.worktree")
	b.git("rm", "-q", "--cached", ".gitmodules")
	os.Remove(filepath.Join(b.root, ".gitmodules"))
	b.git("commit", "-qm", "sub")
	if out := b.git("status", "--porcelain"); out != "" {
		t.Fatalf("the submodule as set up: %s", out)
	}
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
}

// TestGitlinkInUnplacedSubmodule: a submodule's index was read only where
// the plan knew its working tree (a .gitmodules path, core.worktree):
// in one with neither, a command made sub/inner, its core.fsmonitor a
// command of its own, and staged it in sub's index, and the host's git
// status, which enters sub from the root's gitlink and inner from sub's,
// ran it (reproduced on main's build: exit 0, MARK made). Where such a
// submodule's index changed in the run, its working trees are now found
// as git finds them, from the root's gitlinks whose .git names its git
// directory, and its gitlinks judged there: inner's .git moved aside,
// 125.
func TestGitlinkInUnplacedSubmodule(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	unplacedSubmodule(t, b, false)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("x.sh", strings.ReplaceAll(innerGitlinkScript, "MARK", mark), 0o644)
	r := b.run("run", "--yolo", "--", "sh", "x.sh")
	hostGitRanNothing(t, b, mark, "sub/inner")
	movedAside(t, b, r, "made", "enter as a submodule", "sub/inner")
}

// TestGitlinkInUnplacedSubmoduleNeighbours: in such a submodule, its own
// submodule made before the run stays however the run works in both
// (commits in inner and in sub, rewriting sub's index).
func TestGitlinkInUnplacedSubmoduleNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	unplacedSubmodule(t, b, true)
	b.file("work.sh", `set -e
g() { git -c user.name=t -c user.email=t@example.com "$@"; }
g -C sub/inner commit -q --allow-empty -m in-inner
echo a > sub/a && g -C sub add a inner && g -C sub commit -q -m bump
git add sub && g commit -q -m bump
echo done
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "work.sh")
	if r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, p := range []string{"sub/.git", "sub/inner/.git"} {
		if !b.exists(p) || b.exists(p+".mewsandbox-planted") {
			t.Errorf("%s was moved", p)
		}
	}
}
