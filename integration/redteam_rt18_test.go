//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Each script makes a repository in the run whose config runs a command
// (touch MARK) when git enters it, or whose index is a link to FIFO,
// commits in it and adds it to the root's index as a gitlink: the host's
// next git status enters it to see whether it is dirty.
const gitlinkHead = `set -e
g() { git -c user.name=a -c user.email=a@b "$@"; }
`

var gitlinkScripts = map[string]string{
	"in-tree": gitlinkHead + `mkdir sub && cd sub && git init -q && git config core.fsmonitor 'touch MARK; false'
g commit -q --allow-empty -m x && cd ..
git update-index --add --cacheinfo 160000,$(git -C sub rev-parse HEAD),sub
echo made
`,
	"modules": gitlinkHead + `mkdir -p .git/modules && git init -q --separate-git-dir "$PWD/.git/modules/sub" sub
git -C sub config core.fsmonitor 'touch MARK; false'
g -C sub commit -q --allow-empty -m x
git update-index --add --cacheinfo 160000,$(git -C sub rev-parse HEAD),sub
echo made
`,
	"fifo": gitlinkHead + `mkdir sub && cd sub && git init -q && g commit -q --allow-empty -m x && cd ..
git update-index --add --cacheinfo 160000,$(git -C sub rev-parse HEAD),sub
rm sub/.git/index && ln -s FIFO sub/.git/index
echo made
`,
}

// gitlinkScript is the form's script, its marker and FIFO at those paths.
func gitlinkScript(form, mark, fifo string) string {
	return strings.ReplaceAll(strings.ReplaceAll(gitlinkScripts[form], "MARK", mark), "FIFO", fifo)
}

// checkGitlinkMovedAside asserts a run of a gitlink script failed (125)
// naming the submodule, that its .git is moved aside, and that the host's
// git status in root ends without running the submodule's config.
func checkGitlinkMovedAside(t *testing.T, root, mark string, r result, cred *syscall.Credential) {
	t.Helper()
	if r.code != 125 || !strings.Contains(r.stdout, "made") || !strings.Contains(r.stderr, "enter as a submodule") {
		t.Fatalf("exit %d, want 125 naming the submodule\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Lstat(filepath.Join(root, "sub/.git")); err == nil {
		t.Error("sub/.git is left in place")
	}
	if _, err := os.Lstat(filepath.Join(root, "sub/.git.mewsandbox-planted")); err != nil {
		t.Errorf("sub/.git was not moved aside: %v", err)
	}
	if !gitReturns(t, root, cred, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("the host's git status ran the submodule's core.fsmonitor")
	}
}

// TestGitlinkMadeInRun: a command that may not write the root's config
// made a repository whose config sets core.fsmonitor, committed in it and
// added it to the index as a gitlink (git update-index --cacheinfo
// 160000,…,sub); the run exited 0 and the host's next git status entered
// the submodule and ran the command outside any sandbox (or waited for
// good at its index, a link to a FIFO). The submodule's .git is now moved
// aside after the run, which fails (125).
func TestGitlinkMadeInRun(t *testing.T) {
	requireNamespaces(t)
	for form := range gitlinkScripts {
		t.Run(form, func(t *testing.T) {
			b := newGitBox(t)
			out := outsideTemp(t)
			mark, fifo := filepath.Join(out, "pwned"), filepath.Join(out, "p")
			if err := syscall.Mkfifo(fifo, 0o666); err != nil {
				t.Fatal(err)
			}
			b.file("x.sh", gitlinkScript(form, mark, fifo), 0o644)
			checkGitlinkMovedAside(t, b.root, mark, b.run("run", "--yolo", "--", "sh", "x.sh"), nil)
		})
	}
}

// TestGitlinkMadeInRunAsUser is TestGitlinkMadeInRun for an ordinary
// user's run, the host's git run as that user.
func TestGitlinkMadeInRunAsUser(t *testing.T) {
	for form := range gitlinkScripts {
		t.Run(form, func(t *testing.T) {
			b := newUserBox(t)
			requireNamespaces(t)
			mark, fifo := filepath.Join(b.home, "pwned"), filepath.Join(b.home, "p")
			if err := syscall.Mkfifo(fifo, 0o666); err != nil {
				t.Fatal(err)
			}
			b.write("x.sh", gitlinkScript(form, mark, fifo), 0o644)
			if b.cred != nil {
				os.Lchown(fifo, int(b.u.uid), int(b.u.gid))
				os.Lchown(filepath.Join(b.root, "x.sh"), int(b.u.uid), int(b.u.gid))
			}
			checkGitlinkMovedAside(t, b.root, mark, runCommand(t, b.command("run", "--yolo", "--", "sh", "x.sh")), b.cred)
		})
	}
}

// TestGitlinkMadeInRunRunnerKilled: the process started in a killed
// runner's place moves the submodule's .git aside too.
func TestGitlinkMadeInRunRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	mark := filepath.Join(outsideTemp(t), "pwned")
	b.file("x.sh", gitlinkScript("in-tree", mark, "")+"echo x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "x.sh")
	deadline := time.Now().Add(10 * time.Second)
	for b.exists("sub/.git") {
		if time.Now().After(deadline) {
			t.Fatal("sub/.git is in place 10 s after the runner was killed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !gitReturns(t, b.root, nil, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("the host's git status ran the submodule's core.fsmonitor")
	}
}

// TestGitlinkNeighbours: what stays: a repository made in the run but not
// added to the index (git init fixtures/repo, as test suites do); a
// submodule of the project's made before the run, in which and around
// which the run works (git status, add, commit); and git submodule add
// in the run under --allow-git-config (in a project without .gitmodules,
// which is protected once there).
func TestGitlinkNeighbours(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "old")
	b.git("commit", "-qm", "old")
	time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
	b.file("work.sh", `set -e
g() { git -c user.name=t -c user.email=t@example.com "$@"; }
git init -q fixtures/repo && g -C fixtures/repo commit -q --allow-empty -m f
git status >/dev/null && git -C old status >/dev/null
echo a > a && git add a && g commit -q -m a
g -C old commit -q --allow-empty -m in-old && git add old && g commit -q -m bump
echo done
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "work.sh")
	if r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, p := range []string{"fixtures/repo/.git", "old/.git"} {
		if !b.exists(p) || b.exists(p+".mewsandbox-planted") {
			t.Errorf("%s was moved", p)
		}
	}
	// In a project without .gitmodules: one there is protected.
	b = newGitBox(t)
	b.file("add.sh", "git -c protocol.file.allow=always submodule add -q "+origin+" sub && echo done\n", 0o644)
	r = b.run("run", "--yolo", "--allow-git-config", "--allow-read", origin, "--", "sh", "add.sh")
	if r.code != 0 || !strings.Contains(r.stdout, "done") || !b.exists("sub/.git") {
		t.Fatalf("git submodule add with --allow-git-config: exit %d, sub/.git there %v\nstdout: %s\nstderr: %s", r.code, b.exists("sub/.git"), r.stdout, r.stderr)
	}
}

// TestGitlinkIndexMalformed: an index the command left that git would
// read past its header but the check cannot (here cut short in its first
// entry) fails the run naming it, rather than let a gitlink in it pass
// unseen; junk git refuses at once (no DIRC header) fails nothing.
func TestGitlinkIndexMalformed(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file("x.sh", `printf 'DIRC\000\000\000\002\000\000\000\001abcdefgh' > .git/index && echo made`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "x.sh")
	if r.code != 125 || !strings.Contains(r.stderr, ".git/index: not a git index it can read") {
		t.Errorf("a malformed index: exit %d, want 125 naming it\nstderr: %s", r.code, r.stderr)
	}
	b.file("y.sh", `echo junk > .git/index && echo made`, 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "y.sh"); r.code != 0 {
		t.Errorf("junk git refuses: exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
}
