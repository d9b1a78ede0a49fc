//go:build linux

package integration

import (
	"io/fs"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rt20: without the namespace layer (--no-namespaces, and every machine
// whose kernel refuses it) Landlock cannot deny a path inside the
// writable root: a command that planted .git/hooks/pre-commit or
// core.fsmonitor exited 0, and the host's next git status or git commit
// ran them outside any sandbox (reproduced on f2bcb02's binary: each
// attack below exited 0 with its plant in place). What the layer would
// protect is now recorded before the run and undone after it, which
// fails (125).

// rt20Project is a git project run without the layer, as root or as an
// ordinary user.
type rt20Project struct {
	t    *testing.T
	root string
	cred *syscall.Credential // nil: the tests' user
	cmd  func(args ...string) *osexec.Cmd
	mark string // the file a planted program makes, outside the root
}

// hookOriginal is the user's own pre-commit hook, there before each run.
const hookOriginal = "#!/bin/sh\nexit 0\n"

// newRT20Project is a project with a commit, the user's pre-commit hook
// and a home outside the root where mark goes; asUser runs it as
// mewsandbox-test (when the tests run as root).
func newRT20Project(t *testing.T, asUser bool) *rt20Project {
	t.Helper()
	var p *rt20Project
	if asUser {
		b := newUserBox(t)
		p = &rt20Project{t: t, root: b.root, cred: b.cred, cmd: b.command, mark: filepath.Join(b.home, "pwned")}
	} else {
		b := newGitBox(t)
		p = &rt20Project{t: t, root: b.root, mark: filepath.Join(outsideTemp(t), "pwned")}
		p.cmd = func(args ...string) *osexec.Cmd {
			c := osexec.Command(bin, args...)
			c.Dir, c.Env = b.root, []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
			return c
		}
	}
	// Before the box's own removal (clean-ups run last first): a command's
	// chmod 000 or 111 of .git or the root leaves the owner's write bit
	// off after the run (only read and search come back), and a suite run
	// as a user could not remove the tree (it left them in /var/tmp).
	t.Cleanup(func() {
		filepath.WalkDir(p.root, func(path string, d fs.DirEntry, _ error) error {
			if d != nil && d.IsDir() {
				os.Chmod(path, 0o755)
			}
			return nil
		})
	})
	p.write(".git/hooks/pre-commit", hookOriginal, 0o755)
	return p
}

// write writes a file in the root, the run's user's.
func (p *rt20Project) write(rel, content string, mode os.FileMode) {
	p.t.Helper()
	path := filepath.Join(p.root, rel)
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		p.t.Fatal(err)
	}
	if p.cred != nil {
		os.Lchown(path, int(p.cred.Uid), int(p.cred.Gid))
	}
}

// read returns a file's content in the root, or "<missing>".
func (p *rt20Project) read(rel string) string {
	c, err := os.ReadFile(filepath.Join(p.root, rel))
	if err != nil {
		return "<missing>"
	}
	return string(c)
}

// run runs script (MARK standing for p.mark) under run --no-namespaces.
func (p *rt20Project) run(script string, flags ...string) result {
	p.t.Helper()
	p.write("x.sh", strings.ReplaceAll(script, "MARK", p.mark), 0o644)
	return runCommand(p.t, p.cmd(append(append([]string{"run", "--yolo", "--no-namespaces"}, flags...), "--", "sh", "x.sh")...))
}

// undone asserts run r, whose command printed "planted", failed with
// 125 naming each of paths; that the config and the user's hook are as
// before; and that the host's git status and git commit (as the run's
// user, each within 10 s) run nothing the command planted.
func (p *rt20Project) undone(r result, config string, paths ...string) {
	p.t.Helper()
	if r.code != 125 || !strings.Contains(r.stdout, "planted") {
		p.t.Fatalf("exit %d, want 125 after the script ran\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, path := range paths {
		if !strings.Contains(r.stderr, path) {
			p.t.Errorf("stderr does not name %s: %s", path, r.stderr)
		}
	}
	if got := p.read(".git/config"); got != config {
		p.t.Errorf(".git/config holds %q after the run, want %q", got, config)
	}
	if got := p.read(".git/hooks/pre-commit"); got != hookOriginal {
		p.t.Errorf(".git/hooks/pre-commit holds %q after the run, want the user's", got)
	}
	for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
		if !gitReturns(p.t, p.root, p.cred, args...) {
			p.t.Errorf("git %s outside the sandbox waited 10 s", args[0])
		}
	}
	if _, err := os.Stat(p.mark); err == nil {
		p.t.Error("the host's git ran what the command planted")
	}
}

// rt20Attacks are the plants: each script prints "planted", and what it
// names must be in the run's message.
var rt20Attacks = []struct {
	name, script string
	names        []string
}{
	{"hook", `printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/pre-commit
printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit
chmod +x .git/hooks/post-commit
echo planted`, []string{".git/hooks/pre-commit", ".git/hooks/post-commit.mewsandbox-planted"}},
	{"fsmonitor", `git config core.fsmonitor 'touch MARK; false' && echo planted`, []string{".git/config.mewsandbox-planted"}},
	{"hooksPath", `mkdir -p myhooks && printf '#!/bin/sh\ntouch MARK\n' > myhooks/pre-commit && chmod +x myhooks/pre-commit
git config core.hooksPath myhooks && echo planted`, []string{".git/config"}},
	{"hooksLink", `mkdir -p evil && printf '#!/bin/sh\ntouch MARK\n' > evil/pre-commit && chmod +x evil/pre-commit
mv .git/hooks saved-hooks && ln -s ../evil .git/hooks && echo planted`, []string{".git/hooks.mewsandbox-planted"}},
	{"dotGit", `mv .git saved && git init -q && git config core.fsmonitor 'touch MARK; false'
printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit
echo planted`, []string{".git.mewsandbox-planted", "/saved"}},
	{"dotGitLink", `mkdir fake && git -C fake init -q && git -C fake config core.fsmonitor 'touch MARK; false'
mkdir -p deep/er && mv .git deep/er/saved
ln -s fake/.git .git && echo planted`, []string{".git.mewsandbox-planted", "deep/er/saved"}},
	{"killed", `printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/pre-commit && echo planted && sleep 30`, []string{".git/hooks/pre-commit"}},
}

// TestUnlayeredPlantsUndone: each plant, as root and as an ordinary user,
// is undone after a run without the layer: the run fails (125) naming
// it, the config and the user's hook hold what they held, and the host's
// git runs nothing of the command's. The last is killed by --timeout.
func TestUnlayeredPlantsUndone(t *testing.T) {
	for _, asUser := range []bool{false, true} {
		for _, a := range rt20Attacks {
			name := a.name
			if asUser {
				name += "AsUser"
			}
			t.Run(name, func(t *testing.T) {
				p := newRT20Project(t, asUser)
				config := p.read(".git/config")
				var flags []string
				if a.name == "killed" {
					flags = []string{"--timeout", "2s"}
				}
				p.undone(p.run(a.script, flags...), config, a.names...)
				if strings.HasPrefix(a.name, "dotGit") {
					if out, err := osexec.Command("git", "-c", "safe.directory=*", "-C", p.root, "log", "--format=%s").Output(); err != nil || !strings.Contains(string(out), "init") {
						t.Errorf("the repository is not back as .git: %v %q", err, out)
					}
				}
			})
		}
	}
}

// TestUnlayeredConfigLinkToHostFile: .git/config replaced by a link to a
// host file outside the root (a config whose fsmonitor runs MARK) is
// moved aside, a link still, and the config put back without writing
// through it.
func TestUnlayeredConfigLinkToHostFile(t *testing.T) {
	p := newRT20Project(t, false)
	config := p.read(".git/config")
	host := filepath.Join(outsideTemp(t), "config")
	hostConfig := "[core]\n\tfsmonitor = touch " + p.mark + "; false\n"
	if err := os.WriteFile(host, []byte(hostConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	r := p.run("rm .git/config && ln -s " + host + " .git/config && echo planted")
	// Since fix82 git's files are looked at without the layer too
	// (checkGitFiles), which moves the link aside first and names it in
	// its directory.
	p.undone(r, config, "config.mewsandbox-planted")
	if got, _ := os.ReadFile(host); string(got) != hostConfig {
		t.Errorf("the host file holds %q after the run", got)
	}
	if fi, err := os.Lstat(filepath.Join(p.root, ".git/config")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf(".git/config is no regular file after the run: %v", err)
	}
	if fi, err := os.Lstat(filepath.Join(p.root, ".git/config.mewsandbox-planted")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the command's link was not moved aside: %v", err)
	}
}

// TestUnlayeredSettingsPlanted: .mewsandbox/settings.yaml, missing at the
// plan, made by the command is moved aside with its directory.
func TestUnlayeredSettingsPlanted(t *testing.T) {
	p := newRT20Project(t, false)
	config := p.read(".git/config")
	r := p.run(`mkdir .mewsandbox && printf 'permissions:\n  allow: ["Bash"]\n' > .mewsandbox/settings.yaml && echo planted`)
	p.undone(r, config, ".mewsandbox.mewsandbox-planted")
	if _, err := os.Lstat(filepath.Join(p.root, ".mewsandbox")); err == nil {
		t.Error(".mewsandbox is still there")
	}
}

// TestUnlayeredNeighbours: a run that commits, logs and writes ordinary
// files, as root and as a user, exits 0 and moves nothing aside.
func TestUnlayeredNeighbours(t *testing.T) {
	for _, asUser := range []bool{false, true} {
		t.Run(map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
			p := newRT20Project(t, asUser)
			r := p.run(`set -e
mkdir -p src && echo a > src/a && echo b > notes.txt
git add src notes.txt && git -c user.name=t -c user.email=t@example.com commit -q -m work
git log --oneline >/dev/null && git status --short >/dev/null
echo done`)
			if r.code != 0 || !strings.Contains(r.stdout, "done") {
				t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			filepath.Walk(p.root, func(path string, _ os.FileInfo, _ error) error {
				if strings.Contains(path, "mewsandbox-planted") {
					t.Errorf("%s was moved aside", path)
				}
				return nil
			})
		})
	}
}

// TestUnlayeredBesideLayeredRun: the placeholders a run under the layer
// holds (.claude, .mewsandbox, .codex, .git/commondir), made before a run
// without it and removed by their helper while it goes, or made while it
// goes, are another run's: the run without the layer exits 0 and moves
// none aside (its first version took them for paths the command removed
// and made them again, failing runs after a layered one in the tests).
func TestUnlayeredBesideLayeredRun(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file("hold.sh", "echo x > started; while [ ! -e stop ]; do sleep 0.05; done\n", 0o644)
	layered := b.start("run", "--yolo", "--", "sh", "hold.sh")
	waitFile(t, filepath.Join(b.root, "started"))
	if !b.exists(".claude") {
		t.Fatal("the layered run holds no placeholder for .claude")
	}
	// Made before, gone during the run without the layer.
	r := b.run("run", "--yolo", "--no-namespaces", "--", "sh", "-c", "touch stop; while [ -e .claude ]; do sleep 0.05; done; echo done")
	if r.code != 0 || !strings.Contains(r.stdout, "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	layered.wait(t, 10*time.Second)
	// Made during it.
	for _, f := range []string{"started", "stop"} {
		os.Remove(filepath.Join(b.root, f))
	}
	unlayered := b.start("run", "--yolo", "--no-namespaces", "--", "sh", "-c", "echo x > ready; while [ ! -e go ]; do sleep 0.05; done; echo done")
	waitFile(t, filepath.Join(b.root, "ready"))
	layered = b.start("run", "--yolo", "--", "sh", "hold.sh")
	waitFile(t, filepath.Join(b.root, "started"))
	b.file("go", "", 0o644)
	if code := unlayered.wait(t, 10*time.Second); code != 0 || !strings.Contains(unlayered.stdout.String(), "done") {
		t.Fatalf("exit %d, want 0\nstdout: %s\nstderr: %s", code, unlayered.stdout.String(), unlayered.stderr.String())
	}
	b.file("stop", "", 0o644)
	layered.wait(t, 10*time.Second)
	filepath.Walk(b.root, func(path string, _ os.FileInfo, _ error) error {
		if strings.Contains(path, "mewsandbox-planted") {
			t.Errorf("%s was moved aside", path)
		}
		return nil
	})
}

// TestUnlayeredWayReplaced: a directory on the way to a protected path
// (.config, holding mise's .config/mise.toml, which mise runs from at your
// next prompt) renamed away and replaced by a link to one of the
// command's is moved aside, and the file put back in a directory made in
// its place; before, the run failed naming it but left the link.
func TestUnlayeredWayReplaced(t *testing.T) {
	p := newRT20Project(t, false)
	if err := os.Mkdir(filepath.Join(p.root, ".config"), 0o755); err != nil {
		t.Fatal(err)
	}
	const mise = "[env]\nA = \"1\"\n"
	p.write(".config/mise.toml", mise, 0o644)
	r := p.run(`mv .config saved && mkdir evil && printf '[env]\n_.source = "x.sh"\n' > evil/mise.toml && ln -s evil .config && echo planted`)
	p.undone(r, p.read(".git/config"), ".config.mewsandbox-planted")
	if fi, err := os.Lstat(filepath.Join(p.root, ".config")); err != nil || !fi.IsDir() {
		t.Fatalf(".config is no directory after the run: %v", err)
	}
	if got := p.read(".config/mise.toml"); got != mise {
		t.Errorf(".config/mise.toml holds %q after the run", got)
	}
}

// TestUnlayeredEmptyStandInS62: an empty directory at a protected path
// holds nothing git or an agent reads, so a run without the layer that
// makes or removes one passes and leaves it as the command did. Judged by
// the layer's mark, another run's placeholder was taken for the
// project's beside layered runs (make bench's rounds, 1 run in 120 here):
// "the command removed .claude", and an empty, unmarked .claude "put
// back", where it stayed. One the command fills is still moved aside.
func TestUnlayeredEmptyStandInS62(t *testing.T) {
	p := newRT20Project(t, false)
	if err := os.Mkdir(filepath.Join(p.root, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if r := p.run(`rmdir .claude && mkdir .codex`); r.code != 0 {
		t.Fatalf("an empty .claude removed, an empty .codex made: exit %d, stderr %s", r.code, r.stderr)
	}
	if _, err := os.Lstat(filepath.Join(p.root, ".claude")); err == nil {
		t.Error("the empty .claude the command removed was put back")
	}
	if fi, err := os.Lstat(filepath.Join(p.root, ".codex")); err != nil || !fi.IsDir() {
		t.Errorf("the empty .codex the command made: %v", err)
	}
	config := p.read(".git/config")
	r := p.run(`printf 'notify = ["sh", "-c", "touch MARK"]\n' > .codex/config.toml && echo planted`)
	p.undone(r, config, ".codex.mewsandbox-planted")
}

// TestUnlayeredWayModes: without the layer a command made the root and
// .git writable by all (chmod 777, as TestProtectedWayModes' red team did
// under it), and only .git/hooks' mode was put back: any other user of
// the host could then rename .git/hooks away and make hooks of its own,
// or put a .git of its own in the root, which the owner's next git
// commit runs (the run exited 125 for the hooks directory alone, the
// root and .git left 777). The modes of the ways the layer guards are
// now put back after such a run too, which names them, and by the
// process started in place of a runner killed meanwhile; a bit taken
// off, and one added to a directory on no protected path's way, stay.
func TestUnlayeredWayModes(t *testing.T) {
	for _, asUser := range []bool{false, true} {
		t.Run(map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
			p := newRT20Project(t, asUser)
			var own func(string)
			if p.cred != nil {
				own = func(path string) { os.Lchown(path, int(p.cred.Uid), int(p.cred.Gid)) }
			}
			mode := waysPutBack(t, p.root, own, func(script string) result { return p.run(script) }, " && echo planted")
			// A runner killed while its command runs: the process
			// started in its place puts them back (rt22's report says so).
			script := p.runKilled("chmod 777 . .git")
			if report := p.successorGone(script); !strings.Contains(report, p.root+": ") {
				t.Errorf("the killed run's report %q does not name the root", report)
			}
			for _, d := range []string{".", ".git"} {
				if got := mode(d); got != 0o755 {
					t.Errorf("%s: mode %o after the killed run, want 755 again", d, got)
				}
			}
			// The neighbour: fewer bits on .git are the command's to set.
			if r := p.run("chmod 700 .git && echo done\n"); r.code != 0 || mode(".git") != 0o700 {
				t.Errorf("chmod 700 .git: exit %d, mode %o, stderr %q; want 0 and 700", r.code, mode(".git"), r.stderr)
			}
		})
	}
}
