//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// innerGitlinkScript makes, in the project's submodule sub (made before
// the run, its git directory .git/modules/sub), a repository inner whose
// config runs MARK's touch, commits in it and stages it as a gitlink in
// sub's own index, which is writable (.git/modules/sub/index; only its
// config and hooks are protected). The root's index is left alone.
const innerGitlinkScript = `set -e
g() { git -c user.name=a -c user.email=a@b "$@"; }
cd sub && git init -q inner && git -C inner config core.fsmonitor 'touch MARK; false'
g -C inner commit -q --allow-empty -m x
git update-index --add --cacheinfo 160000,$(git -C inner rev-parse HEAD),inner
echo made
`

// TestGitlinkInSubmodule: only the root's index was read for gitlinks,
// but the host's git status in the root recurses into each submodule and
// there into its own: a command that made sub/inner, its core.fsmonitor
// a command of its own, and staged it in sub's index had the host's next
// git status run it outside any sandbox (reproduced on 3bbae83: exit 0,
// MARK made). Each submodule's index the plan knows is now read when it
// changed in the run, as the root's: inner's .git is moved aside and the
// run fails (125).
func TestGitlinkInSubmodule(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "sub")
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("x.sh", strings.ReplaceAll(innerGitlinkScript, "MARK", mark), 0o644)
	r := b.run("run", "--yolo", "--", "sh", "x.sh")
	hostGitRanNothing(t, b, mark, "sub/inner")
	movedAside(t, b, r, "made", "enter as a submodule", "sub/inner")
}

// TestGitlinkInSubmoduleNeighbours: a submodule's own submodule made
// before the run (git submodule add inside sub, outside the sandbox)
// stays however the run works in both: commits in inner and in sub, which
// rewrite sub's index with inner's gitlink.
func TestGitlinkInSubmoduleNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("-C", "sub", "-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "inner")
	b.git("-C", "sub", "commit", "-qm", "inner")
	b.git("add", "sub")
	b.git("commit", "-qm", "sub")
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
	b.file("work.sh", `set -e
g() { git -c user.name=t -c user.email=t@example.com "$@"; }
g -C sub/inner commit -q --allow-empty -m in-inner
echo a > sub/a && g -C sub add a inner && g -C sub commit -q -m bump
git status >/dev/null && git add sub && g commit -q -m bump
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

// TestRootManyEntries: a project root of more than 65,536 entries (a flat
// data set) failed every run (125) at the one-level look for repositories
// the command made, which capped the root's listing; it runs now.
func TestRootManyEntries(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	for i := range 70000 {
		f, err := os.Create(filepath.Join(b.root, "f"+strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if r := b.run("run", "--yolo", "--", "true"); r.code != 0 {
		t.Fatalf("exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
}

// personalityScript asks, from inside the sandbox, for the personalities
// that undo hardening in the programs the command runs after (setarch -X
// READ_IMPLIES_EXEC, -Z MMAP_PAGE_ZERO: page 0 mapped at each execve with
// CAP_SYS_RAWIO, -L ADDR_COMPAT_LAYOUT: the legacy layout), then for the
// ones tooling uses (-R ADDR_NO_RANDOMIZE, as gdb and rr do; linux32;
// --uname-2.6), and makes a memfd_secret, which while open keeps the
// whole host from hibernating.
const personalityScript = `a=$(uname -m)
for f in -X -Z -L; do setarch $a $f true 2>/dev/null && echo "allowed $f"; done
setarch $a -R true && echo ok-R
setarch i686 true && echo ok-linux32
setarch $a --uname-2.6 uname -r | grep -q '^2\.6' && echo ok-uname26
if [ -x /usr/bin/python3 ]; then
	/usr/bin/python3 -c 'import ctypes, os
l = ctypes.CDLL(None, use_errno=True)
print("secret", l.syscall(447, 0), os.strerror(ctypes.get_errno()))'
fi
`

// TestPersonalityRefused: the seccomp program let the command set any
// personality (on 3bbae83: setarch -X, -Z and -L ran, and with
// --keep-cap CAP_SYS_RAWIO, -Z mapped page 0 in every program after) and
// make a memfd_secret. Each is refused now, memfd_secret as absent
// (ENOSYS); setarch -R, linux32 and --uname-2.6 still run.
func TestPersonalityRefused(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	r := b.sh(personalityScript, "--keep-cap", "CAP_SYS_RAWIO")
	for _, f := range []string{"-X", "-Z", "-L"} {
		if strings.Contains(r.stdout, "allowed "+f) {
			t.Errorf("setarch %s ran in the sandbox", f)
		}
	}
	for _, ok := range []string{"ok-R", "ok-linux32", "ok-uname26"} {
		if !strings.Contains(r.stdout, ok) {
			t.Errorf("%s missing: a personality tooling uses was refused\nstdout: %s\nstderr: %s", ok, r.stdout, r.stderr)
		}
	}
	if _, err := os.Stat("/usr/bin/python3"); err == nil && !strings.Contains(r.stdout, "secret -1 Function not implemented") {
		t.Errorf("memfd_secret not refused as absent: %s", r.stdout)
	}
}

// stashRepo has a run make stash/x, a repository with one commit where
// no check looks (two levels down, unstaged), after script prefix; with
// mark not "", its core.fsmonitor makes mark. It then waits for the next
// second, so that the next run's plan is in a later one than the times
// this run left there.
func stashRepo(t *testing.T, b *box, prefix, mark string) {
	t.Helper()
	script := prefix + "mkdir stash && git init -q stash/x\n"
	if mark != "" {
		script += "git -C stash/x config core.fsmonitor 'touch " + mark + "; false'\n"
	}
	b.file("first.sh", "set -e\n"+script+"git -C stash/x -c user.name=a -c user.email=a@b commit -q --allow-empty -m x\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "first.sh"); r.code != 0 {
		t.Fatalf("a repository two levels down: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	time.Sleep(1100 * time.Millisecond)
}

// TestGitlinkMovedInWhole: a repository made in one run two levels down
// (stash/x, where neither the one-level look nor the index check looks),
// its core.fsmonitor a command of its own, and moved into place in the
// next run (libs/sub), which stages it as a gitlink: its .git and config
// kept their older times, so the gitlink check, which judged what was
// made or changed in the run, passed it, and the host's next git status
// ran the command (reproduced on 3bbae83: exit 0, MARK made). A gitlink
// whose directory, or one on the way to it, changed in the run, and whose
// git directory is no submodule's the plan knew, is now judged by what
// its configuration runs: moved aside, 125.
func TestGitlinkMovedInWhole(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	mark := filepath.Join(outsideTemp(t), "pwned")
	stashRepo(t, b, "", mark)
	b.file("second.sh", `set -e
mkdir libs && mv stash/x libs/sub
git update-index --add --cacheinfo 160000,$(git -C libs/sub rev-parse HEAD),libs/sub
echo moved
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "libs/sub")
	movedAside(t, b, r, "moved", "core.fsmonitor", "libs/sub")
}

// TestGitlinkMovedInUnstaged: a submodule registered but not checked out
// (git submodule deinit: its gitlink and .gitmodules entry stay, its
// directory empty) had a repository made in an earlier run two levels
// down moved into its path, the index left alone, so nothing was read;
// the host's next git status entered it and ran its core.fsmonitor. A
// path .gitmodules gives with no repository at the plan is now looked at
// after every run.
func TestGitlinkMovedInUnstaged(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "libs/sub")
	b.git("commit", "-qm", "sub")
	b.git("submodule", "deinit", "-q", "-f", "libs/sub")
	mark := filepath.Join(outsideTemp(t), "pwned")
	stashRepo(t, b, "", mark)
	b.file("second.sh", "set -e\nrmdir libs/sub && mv stash/x libs/sub && echo moved\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "libs/sub")
	movedAside(t, b, r, "moved", "core.fsmonitor", "libs/sub")
}

// TestGitlinkMovedInNeighbours: what stays: a repository of the user's
// nested in the project (not a registered submodule, its configuration
// running nothing) that the run stages (git add of an embedded
// repository), and one the command made in an earlier run and moves in
// and stages now, whose configuration runs nothing.
func TestGitlinkMovedInNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.git("init", "-q", "lib/vendored")
	b.git("-C", "lib/vendored", "commit", "-q", "--allow-empty", "-m", "v")
	stashRepo(t, b, "", "")
	b.file("second.sh", `set -e
git add lib/vendored 2>/dev/null
mkdir libs && mv stash/x libs/x && git add libs/x 2>/dev/null
echo done
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	if r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, p := range []string{"lib/vendored/.git", "libs/x/.git"} {
		if !b.exists(p) || b.exists(p+".mewsandbox-planted") {
			t.Errorf("%s was moved", p)
		}
	}
	if out := b.git("ls-files", "--stage", "lib/vendored", "libs/x"); strings.Count(out, "160000 ") != 2 {
		t.Errorf("not staged as gitlinks: %s", out)
	}
}

// TestGitmodulesPlanted: in a project without .gitmodules (the command
// may make one; protected once there), a run made .gitmodules naming
// libs/sub and a repository there, two levels down, whose core.fsmonitor
// is a command of its own, staging nothing; the next plan took libs/sub
// for a submodule of the user's (its .git there at the plan), so the run
// that staged it passed, and the host's git status ran the command
// (reproduced on c00e8ac). A .gitmodules made or changed in the run is
// now read after it, and each repository at a path it names that was not
// there at the plan is judged as a gitlink's: the first run fails (125),
// libs/sub's .git moved aside.
func TestGitmodulesPlanted(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("first.sh", `set -e
printf '[submodule "s"]\n\tpath = libs/sub\n\turl = ./x\n' > .gitmodules
mkdir libs && git init -q libs/sub && git -C libs/sub config core.fsmonitor 'touch `+mark+`; false'
git -C libs/sub -c user.name=a -c user.email=a@b commit -q --allow-empty -m x
echo made
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "first.sh")
	time.Sleep(1100 * time.Millisecond) // the next run's plan is in a later second
	b.file("second.sh", "git update-index --add --cacheinfo 160000,$(git -C libs/sub rev-parse HEAD),libs/sub; echo staged\n", 0o644)
	b.run("run", "--yolo", "--", "sh", "second.sh")
	hostGitRanNothing(t, b, mark, "libs/sub")
	movedAside(t, b, r, "made", "libs/sub/.git", "libs/sub")
	// The neighbour: a .gitmodules made in the run, naming paths with no
	// repository yet (git submodule update would clone them), and a
	// repository of the user's beside, passes.
	b = newGitBox(t)
	b.git("init", "-q", "vendor/own")
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
	b.file("mods.sh", `set -e
printf '[submodule "a"]\n\tpath = vendor/a\n\turl = ../a\n' > .gitmodules
git add .gitmodules && git -c user.name=t -c user.email=t@example.com commit -q -m mods
echo done
`, 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "mods.sh"); r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("a .gitmodules made in the run: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if !b.exists("vendor/own/.git") {
		t.Error("vendor/own/.git was moved")
	}
}

// hostGitRanNothing asserts that the host's git status in b's root
// returns within gitReturns' limit and did not make mark, the file repo's
// planted core.fsmonitor makes.
func hostGitRanNothing(t *testing.T, b *box, mark, repo string) {
	t.Helper()
	if !gitReturns(t, b.root, nil, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("the host's git status ran %s's core.fsmonitor", repo)
	}
}

// movedAside asserts that run r, whose command printed ran, failed with
// 125 saying why, and that repo's .git (relative to b's root) was moved
// aside.
func movedAside(t *testing.T, b *box, r result, ran, why, repo string) {
	t.Helper()
	if r.code != 125 || !strings.Contains(r.stdout, ran) || !strings.Contains(r.stderr, why) {
		t.Fatalf("exit %d, want 125 saying %q\nstdout: %s\nstderr: %s", r.code, why, r.stdout, r.stderr)
	}
	if !b.exists(repo+"/.git.mewsandbox-planted") || b.exists(repo+"/.git") {
		t.Errorf("%s/.git was not moved aside", repo)
	}
}
