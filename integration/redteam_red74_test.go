//go:build linux

package integration

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// red74: runs side by side in related places. red73's overlap rule held
// the root's directory alone, so two runs in different roots that record
// the same protected files never saw each other, and a layered run held
// nothing at all:
//
//   - a run without the layer in p plants p/sub/.git/hooks/pre-commit
//     and core.fsmonitor in p/sub/.git/config (sub a submodule whose git
//     directory is its own .git); a run in p/sub, planned meanwhile,
//     records them as the user's. The first run moves them aside and
//     puts the user's back; the second then takes the user's for its
//     command's change and puts the plants back. The same with a linked
//     worktree p/wt run with --allow-write p/.git, whose hooks and config
//     it records (reproduced on 653db47, as root and as a user);
//   - a layered run's command makes .mcp.json and .vscode/tasks.json,
//     missing at its plan; a run without the layer in the same root,
//     planned meanwhile, records them; the layered run moves them aside
//     after its command, and the other run "puts back" what it found
//     removed: an MCP server your agent starts, a task VS Code runs on
//     opening the folder.
//
// Each run now holds its root and every git directory its plan knows,
// the layered ones too, and a run without the layer that finds one held
// puts nothing back.

// red74Run is one run of sideBySide: its directory (relative to the
// root), its flags and its script (MARK standing for the mark).
type red74Run struct {
	dir    string
	flags  []string
	script string
}

// sideBySide starts first, waits until its command has made "up" in its
// directory, starts second, waits for its "up2", then lets first end
// ("go") and second after it ("go2"), and returns both results (as
// overlapped, each run in a directory and with flags of its own).
func (p *rt20Project) sideBySide(first, second red74Run) (result, result) {
	p.t.Helper()
	// Each waits 20 s at most, should the test stop before it says go.
	const wait = "i=0; while [ ! -e %s ] && [ $i -lt 2000 ]; do sleep 0.01; i=$((i+1)); done\n"
	start := func(r red74Run, name, up, goFile string) (*osexec.Cmd, *strings.Builder, *strings.Builder) {
		for _, f := range []string{up, goFile} {
			os.Remove(filepath.Join(p.root, r.dir, f))
		}
		p.write(filepath.Join(r.dir, name), strings.ReplaceAll(r.script, "MARK", p.mark)+"\necho x > "+up+"\n"+fmt.Sprintf(wait, goFile), 0o644)
		c := p.cmd(append(append([]string{"run", "--yolo"}, r.flags...), "--", "sh", name)...)
		c.Dir = filepath.Join(p.root, r.dir)
		var out, errb strings.Builder
		c.Stdout, c.Stderr = &out, &errb
		if err := c.Start(); err != nil {
			p.t.Fatal(err)
		}
		p.t.Cleanup(func() { c.Process.Kill() }) // the runner: its command goes with it
		waitFile(p.t, filepath.Join(p.root, r.dir, up))
		return c, &out, &errb
	}
	end := func(c *osexec.Cmd, out, errb *strings.Builder) result {
		done := make(chan struct{})
		go func() { c.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			c.Process.Kill()
			<-done
			p.t.Errorf("a run did not end within 20 s")
		}
		return result{out.String(), errb.String(), c.ProcessState.ExitCode()}
	}
	c1, o1, e1 := start(first, "first.sh", "up", "go")
	c2, o2, e2 := start(second, "second.sh", "up2", "go2")
	p.write(filepath.Join(first.dir, "go"), "", 0o644)
	r1 := end(c1, o1, e1)
	p.write(filepath.Join(second.dir, "go2"), "", 0o644)
	return r1, end(c2, o2, e2)
}

// git runs git in dir (relative to the root) as the project's user.
func (p *rt20Project) git(dir string, args ...string) {
	p.t.Helper()
	c := osexec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "protocol.file.allow=always"}, args...)...)
	c.Dir = filepath.Join(p.root, dir)
	c.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + filepath.Dir(p.mark), "LANG=C"}
	if p.cred != nil {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: p.cred}
	}
	if out, err := c.CombinedOutput(); err != nil {
		p.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestSideBySideRelatedRootsRed74: the attacks above. After both runs the
// planted files are not where git and the agents read them, and git
// status and git commit outside, where they would run them, run nothing
// planted. Neighbours: the same pairs of runs writing nothing protected
// both exit 0, the user's hook as it was.
func TestSideBySideRelatedRootsRed74(t *testing.T) {
	const plantSub = "printf '#!/bin/sh\\ntouch MARK\\n' > sub/.git/hooks/pre-commit\ngit -C sub config core.fsmonitor 'touch MARK; false'\n"
	const plantRoot = "printf '#!/bin/sh\\ntouch MARK\\n' > .git/hooks/pre-commit\ngit config core.fsmonitor 'touch MARK; false'\n"
	const plantMCP = "echo '{\"mcpServers\":{\"x\":{\"command\":\"touch\",\"args\":[\"MARK\"]}}}' > .mcp.json\nmkdir .vscode && echo '{\"tasks\":[{\"label\":\"x\",\"command\":\"touch MARK\",\"runOptions\":{\"runOn\":\"folderOpen\"}}]}' > .vscode/tasks.json\n"
	unlayered := []string{"--no-namespaces"}
	rows := []struct {
		name          string
		setup         func(p *rt20Project)
		first, second red74Run
		gitDir        string   // where the host's git runs after
		planted       []string // files that must not hold the mark
		layered       bool
	}{
		{
			name:    "submodule",
			setup:   submoduleIn,
			first:   red74Run{".", unlayered, plantSub},
			second:  red74Run{"sub", unlayered, ""},
			gitDir:  "sub",
			planted: []string{"sub/.git/hooks/pre-commit", "sub/.git/config"},
		},
		{
			// The git directory copied, the copy planted and swapped in:
			// a later run holding the git directory it finds holds
			// nobody's.
			name:    "submodule-git-swapped",
			setup:   submoduleIn,
			first:   red74Run{".", unlayered, "mv sub/.git sub/.gitold && cp -a sub/.gitold sub/.git\n" + plantSub},
			second:  red74Run{"sub", unlayered, ""},
			gitDir:  "sub",
			planted: []string{"sub/.git/hooks/pre-commit", "sub/.git/config"},
		},
		{
			// The other way: the run in the submodule first, its own
			// .git swapped for a planted copy, which the run in the
			// superproject recorded and put back over the user's.
			name:    "submodule-first",
			setup:   submoduleIn,
			first:   red74Run{"sub", unlayered, "mv .git .gitold && cp -a .gitold .git\n" + strings.ReplaceAll(plantSub, "sub/", "")},
			second:  red74Run{".", unlayered, ""},
			gitDir:  "sub",
			planted: []string{"sub/.git/hooks/pre-commit", "sub/.git/config"},
		},
		{
			name:    "linked-worktree",
			setup:   func(p *rt20Project) { p.git(".", "worktree", "add", "-q", "wt") },
			first:   red74Run{".", unlayered, plantRoot},
			gitDir:  ".",
			planted: []string{".git/hooks/pre-commit", ".git/config"},
		},
		{
			name:    "layered-then-unlayered",
			first:   red74Run{".", nil, plantMCP},
			second:  red74Run{".", unlayered, ""},
			gitDir:  ".",
			planted: []string{".mcp.json", ".vscode/tasks.json"},
			layered: true,
		},
	}
	for _, asUser := range []bool{false, true} {
		who := map[bool]string{false: "root", true: "user"}[asUser]
		for _, row := range rows {
			for _, neighbour := range []bool{false, true} {
				name := who + "/" + row.name
				if neighbour {
					name += "/neighbour"
				}
				t.Run(name, func(t *testing.T) {
					if row.layered {
						requireNamespaces(t)
					}
					p := newRT20Project(t, asUser)
					if row.setup != nil {
						row.setup(p)
					}
					first, second := row.first, row.second
					if row.name == "linked-worktree" {
						second = red74Run{"wt", []string{"--no-namespaces", "--allow-write", filepath.Join(p.root, ".git")}, ""}
					}
					if neighbour {
						first.script, second.script = "echo work > work.txt", "echo more > more.txt"
					}
					r1, r2 := p.sideBySide(first, second)
					if neighbour {
						if r1.code != 0 || r2.code != 0 {
							t.Errorf("side-by-side runs writing nothing protected: exits %d, %d, want 0\nstderr: %s\n%s", r1.code, r2.code, r1.stderr, r2.stderr)
						}
						if p.read(".git/hooks/pre-commit") != hookOriginal {
							t.Errorf("the user's hook changed")
						}
						return
					}
					for _, f := range row.planted {
						if got := p.read(f); strings.Contains(got, p.mark) {
							t.Errorf("%s is the plant after both runs: %q\nfirst's stderr: %s\nsecond's stderr: %s", f, got, r1.stderr, r2.stderr)
						}
					}
					for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
						if !gitReturns(t, filepath.Join(p.root, row.gitDir), p.cred, args...) {
							t.Errorf("git %s outside the sandbox waited 10 s", args[0])
						}
					}
					if _, err := os.Stat(p.mark); err == nil {
						t.Error("the host's git ran what the first run's command planted")
					}
				})
			}
		}
	}
}

// submoduleIn makes sub, a repository of its own with a hook of the
// user's, a submodule of the project whose git directory stays in its
// working tree (git submodule add of a repository already there).
func submoduleIn(p *rt20Project) {
	p.t.Helper()
	if err := os.Mkdir(filepath.Join(p.root, "sub"), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if p.cred != nil {
		os.Chown(filepath.Join(p.root, "sub"), int(p.cred.Uid), int(p.cred.Gid))
	}
	p.git("sub", "init", "-q")
	p.git("sub", "commit", "-q", "--allow-empty", "-m", "sub")
	p.git(".", "submodule", "add", "-q", "./sub", "sub")
	p.git(".", "commit", "-q", "-m", "sub")
	p.write("sub/.git/hooks/pre-commit", hookOriginal, 0o755)
}

// TestKilledRunnerHoldsLocksRed74: a run without the layer plants a hook
// and core.fsmonitor and leaves 400 processes running; its runner is
// killed (SIGKILL, as a CI job's timeout does) and a second run starts at
// once, while the process started in the killed runner's place is still
// killing those processes before it undoes the plants. The killed
// runner's locks went with it: the second run recorded the plants as the
// project's and, once they were undone, put them back for the host's
// next git commit (red74 won that race 6 times in 6 on c0b6f32). The
// locks are now also in flight in a queue the sharer holds, and then the
// process it starts, until the undoing is done: the second run distrusts
// its record and puts nothing back.
func TestKilledRunnerHoldsLocksRed74(t *testing.T) {
	const plant = "printf '#!/bin/sh\\ntouch MARK\\n' > .git/hooks/pre-commit\ngit config core.fsmonitor 'touch MARK; false'\n"
	for _, asUser := range []bool{false, true} {
		t.Run(map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
			p := newRT20Project(t, asUser)
			name, arg := "x-"+uniq()+".sh", sleepArg()
			p.write(name, strings.ReplaceAll(plant, "MARK", p.mark)+
				"for i in $(seq 400); do sleep "+arg+" & done\necho x > started\nexec sleep "+arg+"\n", 0o644)
			killed := p.cmd("run", "--yolo", "--no-namespaces", "--", "sh", name)
			var killedErr lockedBuffer
			killed.Stderr = &killedErr
			if err := killed.Start(); err != nil {
				t.Fatal(err)
			}
			waitFileOf(t, filepath.Join(p.root, "started"), killed, &killedErr)
			killed.Process.Signal(syscall.SIGKILL)
			killed.Wait()

			const wait = "echo x > up2\ni=0; while [ ! -e go2 ] && [ $i -lt 2000 ]; do sleep 0.01; i=$((i+1)); done\n"
			p.write("second.sh", wait, 0o644)
			second := p.cmd("run", "--yolo", "--no-namespaces", "--", "sh", "second.sh")
			var stderr strings.Builder
			second.Stderr = &stderr
			if err := second.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { second.Process.Kill() })
			waitFile(t, filepath.Join(p.root, "up2"))
			// The process started in the killed runner's place done: its
			// report made, nothing of the killed run's left.
			deadline := time.Now().Add(20 * time.Second)
			for p.read(killedReport) == "<missing>" || len(withMarker("\x00"+name+"\x00")) > 0 || len(withMarker("sleep\x00"+arg)) > 0 {
				if time.Now().After(deadline) {
					t.Fatal("the killed run's successor not done within 20 s")
				}
				time.Sleep(10 * time.Millisecond)
			}
			p.write("go2", "", 0o644)
			second.Wait()
			if code := second.ProcessState.ExitCode(); code == 125 && !strings.Contains(stderr.String(), "another run") {
				t.Errorf("the second run failed without saying another run went on: %s", stderr.String())
			}
			p.noPlantAfterBoth(stderr.String())
		})
	}
}
