//go:build linux

package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// objectLinksScript points what the host's git reads in .git at a FIFO
// (FIFO, made by the test outside every grant: a link needs no right on
// its target) or a device: the loose object HEAD names, the pack index
// and commit-graph git gc and git commit-graph write made, the reflog,
// ORIG_HEAD and FETCH_HEAD, and a new loose object's name.
const objectLinksScript = `set -e
git -c user.name=t -c user.email=t@example.com commit -q --allow-empty -m two
git gc -q
git commit-graph write 2>/dev/null
git -c user.name=t -c user.email=t@example.com commit -q --allow-empty -m three
c=$(git rev-parse HEAD)
o=.git/objects/$(echo $c | cut -c1-2)/$(echo $c | cut -c3-)
rm -f $o && ln -s FIFO $o
for f in .git/objects/pack/*.idx .git/objects/info/commit-graph .git/logs/HEAD; do rm -f $f && ln -s FIFO $f; done
ln -s FIFO .git/ORIG_HEAD
ln -s /dev/zero .git/FETCH_HEAD
mkdir -p .git/objects/ee && ln -s /dev/urandom .git/objects/ee/0123456789012345678901234567890123456
echo made
`

// gitReturns runs git args in dir as cred's user (nil: the tests'),
// saying whether it ended within 10 s.
func gitReturns(t *testing.T, dir string, cred *syscall.Credential, args ...string) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := osexec.CommandContext(ctx, "git", args...)
	c.Dir = dir
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred}
	c.Run()
	return ctx.Err() == nil
}

// checkObjectLinks asserts a run of objectLinksScript failed (125) naming
// the links, that none is left, and that the host's git status, log and
// fsck in root end.
func checkObjectLinks(t *testing.T, root string, r result, cred *syscall.Credential) {
	t.Helper()
	if r.code != 125 || !strings.Contains(r.stdout, "made") {
		t.Fatalf("exit %d, want 125 after the script ran\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, name := range []string{".idx", "objects/info/commit-graph", "logs/HEAD", "ORIG_HEAD", "FETCH_HEAD", "objects/ee/"} {
		if !strings.Contains(r.stderr, name) {
			t.Errorf("stderr does not name %s: %s", name, r.stderr)
		}
	}
	filepath.Walk(filepath.Join(root, ".git"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode()&(os.ModeSymlink|os.ModeNamedPipe|os.ModeDevice) != 0 {
			t.Errorf("%s is left after the run", p)
		}
		return nil
	})
	for _, args := range [][]string{{"status"}, {"log", "--all"}, {"fsck"}} {
		if !gitReturns(t, root, cred, args...) {
			t.Errorf("git %s outside the sandbox waited 10 s", args[0])
		}
	}
}

// TestGitDirLinksRemoved: a command may make symbolic links in .git, and
// a link needs no right on what it names: the loose object HEAD names, a
// pack's .idx, objects/info/commit-graph made links to a FIFO anywhere on
// the host had the host's git status, log and fsck wait for good (timeout
// gave 124 with git 2.39); a link to /dev/zero or /dev/urandom has git
// fail on that object. Each link, FIFO or device made in a git directory
// the plan knows is now removed after the run, which fails (125) saying
// where it led; under the layer only, as the other checks after the run
// (without it .git/hooks is writable anyway).
func TestGitDirLinksRemoved(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	fifo := filepath.Join(outsideTemp(t), "p")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	b.file("plant.sh", strings.ReplaceAll(objectLinksScript, "FIFO", fifo), 0o644)
	checkObjectLinks(t, b.root, b.run("run", "--yolo", "--", "sh", "plant.sh"), nil)
}

// TestGitDirLinksRemovedAsUser is TestGitDirLinksRemoved for an ordinary
// user's run, the host's git run as that user.
func TestGitDirLinksRemovedAsUser(t *testing.T) {
	b := newUserBox(t)
	requireNamespaces(t)
	fifo := filepath.Join(b.home, "p")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	b.write("plant.sh", strings.ReplaceAll(objectLinksScript, "FIFO", fifo), 0o644)
	if b.cred != nil {
		os.Lchown(filepath.Join(b.root, "plant.sh"), int(b.u.uid), int(b.u.gid))
	}
	checkObjectLinks(t, b.root, runCommand(t, b.command("run", "--yolo", "--", "sh", "plant.sh")), b.cred)
}

// TestGitDirLinksNeighbours: what git does in a git directory makes no
// link there, and the run passes: git add, commit, gc, fsck, worktree
// add, submodule add (with --allow-git-config); a link in the working
// tree stays, and so does one in .git made before the run (the user's).
func TestGitDirLinksNeighbours(t *testing.T) {
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"flags"}, flags...), ""), func(t *testing.T) {
			if flags == nil {
				requireNamespaces(t)
			}
			b := newGitBox(t)
			origin := b.originRepo(t)
			own := filepath.Join(b.root, ".git", "own-link")
			if err := os.Symlink("info/exclude", own); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1100 * time.Millisecond) // made in an earlier second than the run
			b.file("work.sh", `set -e
echo a > a && ln -s a link && mkdir -p d && ln -s ../a d/up
git add a link d && git -c user.name=t -c user.email=t@example.com commit -q -m a
git gc -q && git fsck --no-progress && git commit-graph write 2>/dev/null
git worktree add -q -b wtb .wt
git -c protocol.file.allow=always submodule add -q ORIGIN sub
git -c user.name=t -c user.email=t@example.com commit -q -m sub
echo done
`, 0o644)
			b.file("work.sh", strings.ReplaceAll(b.read("work.sh"), "ORIGIN", origin), 0o644)
			r := b.run(append(append([]string{"run", "--yolo", "--allow-git-config", "--allow-read", origin}, flags...), "--", "sh", "work.sh")...)
			if r.code != 0 || !strings.Contains(r.stdout, "done") {
				t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			for _, p := range []string{"link", "d/up", ".git/own-link"} {
				if fi, err := os.Lstat(filepath.Join(b.root, p)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("%s: not the link it was (%v)", p, err)
				}
			}
		})
	}
}

// TestGitDirLinksMovedIn: links older than the run, made by an earlier
// run in the working tree (where links stay allowed), in a directory the
// command then moves into .git/objects in place of the one holding the
// commit HEAD names, are removed all the same.
func TestGitDirLinksMovedIn(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	fifo := filepath.Join(outsideTemp(t), "p")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	b.file("first.sh", `c=$(git rev-parse HEAD)
mkdir -p stash/$(echo $c | cut -c1-2) && ln -s `+fifo+` stash/$(echo $c | cut -c1-2)/$(echo $c | cut -c3-)
`, 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "first.sh"); r.code != 0 {
		t.Fatalf("links in the working tree: exit %d\nstderr: %s", r.code, r.stderr)
	}
	time.Sleep(1100 * time.Millisecond) // the next run's plan is in a later second
	b.file("second.sh", `c=$(git rev-parse HEAD)
d=$(echo $c | cut -c1-2)
rm -rf .git/objects/$d && mv stash/$d .git/objects/$d && echo moved
`, 0o644)
	r := b.run("run", "--yolo", "--", "sh", "second.sh")
	if r.code != 125 || !strings.Contains(r.stdout, "moved") || !strings.Contains(r.stderr, fifo) {
		t.Fatalf("exit %d, want 125 naming the link to %s\nstdout: %s\nstderr: %s", r.code, fifo, r.stdout, r.stderr)
	}
	if !gitReturns(t, b.root, nil, "status") {
		t.Error("git status outside the sandbox waited 10 s")
	}
}
