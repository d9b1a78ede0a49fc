//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nestedRepoScript makes two repositories in the root whose configuration
// runs MARK's touch wherever git looks at them: tools, which an editor
// opening the project finds by itself (VS Code's
// git.autoRepositoryDetection looks one level down and runs git status
// there, which runs core.fsmonitor), and sub, registered as a submodule in
// the root's index, which the host's own git status enters.
const nestedRepoScript = `set -e
git init -q tools && git -C tools config core.fsmonitor 'touch MARK; false'
git init -q sub && git -C sub config core.fsmonitor 'touch MARK; false'
git -C sub -c user.name=t -c user.email=t@example.com commit -q --allow-empty -m x 2>/dev/null
git update-index --add --cacheinfo 160000,$(git -C sub rev-parse HEAD),sub
echo made
`

// checkNestedRepos asserts a run of nestedRepoScript failed (125) naming
// both repositories, moved their .git aside, and that git status on the
// host, in the root and in tools, runs nothing of theirs.
func checkNestedRepos(t *testing.T, root, mark string, r result) {
	t.Helper()
	if r.code != 125 || !strings.Contains(r.stdout, "made") {
		t.Fatalf("exit %d, want 125 after the script ran\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, dir := range []string{"tools", "sub"} {
		if !strings.Contains(r.stderr, filepath.Join(root, dir, ".git")+": ") || !strings.Contains(r.stderr, "core.fsmonitor") {
			t.Errorf("stderr does not name %s/.git and its core.fsmonitor: %s", dir, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(root, dir, ".git")); !os.IsNotExist(err) {
			t.Errorf("%s/.git is left after the run (%v)", dir, err)
		}
		if _, err := os.Lstat(filepath.Join(root, dir, ".git.mewsandbox-planted")); err != nil {
			t.Errorf("%s/.git not moved aside: %v", dir, err)
		}
	}
	for _, dir := range []string{root, filepath.Join(root, "tools")} {
		if !gitReturns(t, dir, nil, "status") {
			t.Errorf("git status in %s outside the sandbox waited 10 s", dir)
		}
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("git status outside the sandbox ran the command's core.fsmonitor: %s exists", mark)
	}
}

// TestNestedRepoConfigMovedAside: a repository the command makes in the
// root, whose configuration runs a program, had the host's git status
// (through a gitlink in the root's index) or an editor opening the
// project (one level down) run it outside any sandbox: reproduced on
// 89c85ee, where the run exited 0 and the host's git status made MARK.
// Its .git is now moved aside and the run fails.
func TestNestedRepoConfigMovedAside(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("plant.sh", strings.ReplaceAll(nestedRepoScript, "MARK", mark), 0o644)
	checkNestedRepos(t, b.root, mark, b.run("run", "--yolo", "--", "sh", "plant.sh"))
}

// TestNestedRepoConfigMovedAsideAsUser is TestNestedRepoConfigMovedAside
// for an ordinary user's run.
func TestNestedRepoConfigMovedAsideAsUser(t *testing.T) {
	b := newUserBox(t)
	requireNamespaces(t)
	mark := filepath.Join(b.home, "pwned")
	b.write("plant.sh", strings.ReplaceAll(nestedRepoScript, "MARK", mark), 0o644)
	if b.cred != nil {
		os.Lchown(filepath.Join(b.root, "plant.sh"), int(b.u.uid), int(b.u.gid))
	}
	r := runCommand(t, b.command("run", "--yolo", "--", "sh", "plant.sh"))
	if r.code != 125 || !strings.Contains(r.stdout, "made") {
		t.Fatalf("exit %d, want 125 after the script ran\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, dir := range []string{"tools", "sub"} {
		if _, err := os.Lstat(filepath.Join(b.root, dir, ".git.mewsandbox-planted")); err != nil {
			t.Errorf("%s/.git not moved aside: %v\nstderr: %s", dir, err, r.stderr)
		}
	}
}

// TestNestedRepoNeighbours: repositories the command makes whose
// configuration runs nothing (git init, a test's fixture with a user
// name), a repository of the user's made before the run (its
// diff driver its own), and any repository with --allow-git-config,
// under which the command may set the root's core.fsmonitor itself,
// stay, and the run passes.
func TestNestedRepoNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	own := filepath.Join(b.root, "vendored")
	b.git("init", "-q", own)
	b.git("-C", own, "config", "diff.x.textconv", "cat")
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
	b.file("work.sh", `set -e
git init -q fixtures && git -C fixtures config user.name t && git -C fixtures config user.email t@example.com
git -C fixtures commit -q --allow-empty -m x
git -C vendored status --short >/dev/null
echo done
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "work.sh")
	if r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, dir := range []string{"fixtures", "vendored"} {
		if fi, err := os.Lstat(filepath.Join(b.root, dir, ".git")); err != nil || !fi.IsDir() {
			t.Errorf("%s/.git: not kept (%v)", dir, err)
		}
	}
	b.file("fsm.sh", "git init -q tool2 && git -C tool2 config core.fsmonitor 'sh hook.sh' && echo done\n", 0o644)
	if r := b.run("run", "--yolo", "--allow-git-config", "--", "sh", "fsm.sh"); r.code != 0 {
		t.Fatalf("--allow-git-config: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if _, err := os.Lstat(filepath.Join(b.root, "tool2", ".git")); err != nil {
		t.Errorf("tool2/.git not kept with --allow-git-config: %v", err)
	}
}

// TestNestedRepoMovedIn: a repository made two levels down in one run,
// where nothing looks, and moved one level up by the next, is judged as
// one made there: its directory was renamed in the run.
func TestNestedRepoMovedIn(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("first.sh", "set -e\nmkdir stash && git init -q stash/x && git -C stash/x config core.fsmonitor 'touch "+mark+"; false'\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "first.sh"); r.code != 0 {
		t.Fatalf("a repository two levels down: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	time.Sleep(1100 * time.Millisecond) // the next run's plan is in a later second
	b.file("second.sh", "mv stash/x tools && echo moved\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	if r.code != 125 || !strings.Contains(r.stdout, "moved") || !strings.Contains(r.stderr, "core.fsmonitor") {
		t.Fatalf("exit %d, want 125 naming core.fsmonitor\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Lstat(filepath.Join(b.root, "tools", ".git")); !os.IsNotExist(err) {
		t.Errorf("tools/.git is left after the run (%v)", err)
	}
}

// TestNestedRepoRunnerKilled: a runner killed (SIGKILL) while its command
// ran never looked; the process the sharer starts in its place moves the
// repository's .git aside.
func TestNestedRepoRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	b.file("plant.sh", "git init -q tools && git -C tools config core.fsmonitor 'sh hook.sh'\necho x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "plant.sh")
	b.waitGone(t, "tools/.git")
	if !b.exists("tools/.git.mewsandbox-planted/config") {
		t.Error("tools/.git not moved aside")
	}
}
