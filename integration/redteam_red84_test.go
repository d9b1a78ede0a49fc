//go:build linux

package integration

// red84: a red team of stop 53's runner additions (git's todo lists
// without the layer, modules beside a hook's Python script, the bounded
// after-run reads).

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// red84Git is git with an identity, in the sandbox's scripts.
const red84Git = `G="git -c user.name=t -c user.email=t@example.com"; d=.g; d=${d}it`

// red84Strategy makes an executable git-merge-../x in the root that
// touches MARK: git runs "git-merge-" and a merge strategy's name, a path
// from the working tree's top where that name holds a "/".
const red84Strategy = "mkdir -p git-merge-.. && printf '#!/bin/sh\\ntouch MARK\\nexit 1\\n' > git-merge-../x && chmod +x git-merge-../x\n"

// TestMergeStrategyPlantedRed84: git keeps the merge strategy of a
// rebase or cherry-pick under way beside its todo list
// (.git/rebase-merge/strategy, the strategy line of .git/sequencer/opts),
// and the next git rebase --continue or git cherry-pick --continue runs
// "git-merge-" and that name, a path from the working tree's top where it
// holds a "/". A command stopped a rebase (and a cherry-pick) of its own,
// named the strategy ../x and made git-merge-../x: the run exited 0, with
// the layer and without it, and the person's git rebase --continue on the
// host ran it. Now a strategy set in the run that is not one of git's
// own is moved aside, and the run fails (125). Neighbours: a rebase the
// command stops with -s resolve, and the person's own rebase stopped
// outside with a strategy of theirs, keep theirs and exit 0.
func TestMergeStrategyPlantedRed84(t *testing.T) {
	requireSandbox(t)
	const rebase = red84Git + `
for f in f1 f2 f3; do echo $f > $f; git add $f; $G commit -qm $f; done
GIT_SEQUENCE_EDITOR="sed -i 1s/^pick/edit/" $G rebase -q -i HEAD~2 >/dev/null 2>&1
echo amended > f2; $G commit -q -a --amend -m f2b
`
	const cherryPick = red84Git + `
echo a > f; git add f; $G commit -qm base
git checkout -qb side; echo b > f; $G commit -qam s1; echo c > g; git add g; $G commit -qm s2; echo d > h; git add h; $G commit -qm s3
git checkout -q -; echo x > f; $G commit -qam m1
$G cherry-pick side~3..side >/dev/null 2>&1
echo b2 > f; git add f
`
	for _, tc := range []struct {
		name, script, file string
		cont               []string
		held               bool
	}{
		{"a rebase's strategy", rebase + red84Strategy + "echo ../x > $d/rebase-merge/strategy\n", ".git/rebase-merge/strategy", []string{"rebase", "--continue"}, true},
		{"a cherry-pick's strategy", cherryPick + red84Strategy + "printf '[options]\\n\\tstrategy = ../x\\n' >> $d/sequencer/opts\n", ".git/sequencer/opts", []string{"cherry-pick", "--continue"}, true},
		// neighbour
		{"a rebase of git's resolve strategy", rebase + "echo resolve > $d/rebase-merge/strategy\n", ".git/rebase-merge/strategy", []string{"rebase", "--continue"}, false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				p := newRT20Project(t, asUser)
				p.write("x.sh", strings.ReplaceAll(tc.script, "MARK", p.mark), 0o644)
				r := runLead79(p, "sh x.sh", flags)
				if !tc.held {
					if r.code != 0 || p.read(tc.file) != "resolve\n" {
						t.Errorf("%s: exit %d, %s %q; want 0 and the strategy kept\nstderr: %s", what, r.code, tc.file, p.read(tc.file), r.stderr)
					}
					continue
				}
				if r.code != 125 || !strings.Contains(r.stderr, tc.file) {
					t.Errorf("%s: exit %d, want 125 naming %s\nstderr: %s", what, r.code, tc.file, r.stderr)
				}
				// As the person would, on the host.
				gitReturns(t, p.root, p.cred, append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, tc.cont...)...)
				if _, err := os.Stat(p.mark); err == nil {
					t.Errorf("%s: git %s outside the sandbox ran the command's git-merge-../x", what, strings.Join(tc.cont, " "))
				}
			}
		}
	}
	// The person's own rebase, stopped outside, its strategy theirs: a
	// run beside it changes nothing.
	for _, flags := range sandboxModes(t) {
		p := newRT20Project(t, false)
		p.write("own.sh", rebase+"echo mine > $d/rebase-merge/strategy\n", 0o644)
		c := osexec.Command("sh", "own.sh")
		c.Dir = p.root
		if out, err := c.CombinedOutput(); err != nil || p.read(".git/rebase-merge/strategy") != "mine\n" {
			t.Fatalf("the person's rebase outside: %v %s, strategy %q", err, out, p.read(".git/rebase-merge/strategy"))
		}
		if r := runLead79(p, "git status --short >/dev/null", flags); r.code != 0 || p.read(".git/rebase-merge/strategy") != "mine\n" {
			t.Errorf("%v: git status beside the person's rebase: exit %d, strategy %q; want 0 and theirs\nstderr: %s", flags, r.code, p.read(".git/rebase-merge/strategy"), r.stderr)
		}
	}
}

// TestOverlapReplantRed84: a run takes the exec lines of git's todo lists
// and the modules beside a hook's Python script that it finds at its plan
// for the person's own, and keeps them. A first run's command planted an
// exec line, scripts/hooks/signal.py and a link .git/info/exclude to
// /dev/zero; a second run, planned while they were there, took them for
// the person's; the first run's end commented the line out and moved the
// others aside (125), and the second's command then put them back: it
// exited 0, with the layer and without it, and they stayed for the
// host's next git rebase --continue, git status (reading /dev/zero for
// good) and the agent's next hook. Now a run planned beside another trusts those it found only
// while they are as at its plan: the second run fails too (125), and
// neither is left. Neighbour: two runs side by side beside the person's
// own stopped rebase and the project's module keep both and exit 0.
func TestOverlapReplantRed84(t *testing.T) {
	requireSandbox(t)
	const plant = red84Git + `
mkdir -p $d/rebase-merge && printf 'exec touch MARK\n' > $d/rebase-merge/git-rebase-todo
echo 'print("evil")' > scripts/hooks/signal.py
mkdir -p $d/info && rm -f $d/info/exclude && ln -s /dev/zero $d/info/exclude
`
	files := func() map[string]string {
		return map[string]string{
			".claude/settings.json":    lead79Hooks("python3 scripts/hooks/check.py"),
			"scripts/hooks/check.py":   "import subprocess\nprint('ok')\n",
			"scripts/hooks/helpers.py": "",
		}
	}
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, files())
			// The second puts them back once the first has ended (its
			// EXIT trap runs after sideBySide's go2).
			r1, r2 := p.sideBySide(red74Run{flags: flags, script: plant}, red74Run{flags: flags, script: "trap '" + strings.ReplaceAll(plant, "'", `'\''`) + "' EXIT"})
			if r1.code != 125 {
				t.Errorf("%s: the planting run: exit %d, want 125\nstderr: %s", what, r1.code, r1.stderr)
			}
			if r2.code != 125 {
				t.Errorf("%s: the run that put them back: exit %d, want 125\nstderr: %s", what, r2.code, r2.stderr)
			}
			if todo := p.read(".git/rebase-merge/git-rebase-todo"); strings.Contains(strings.ReplaceAll(todo, "# mewsandbox: exec", ""), "exec") {
				t.Errorf("%s: the todo list after both runs: %q, want its exec line commented out", what, todo)
			}
			if fi, err := os.Lstat(filepath.Join(p.root, ".git/info/exclude")); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				t.Errorf("%s: .git/info/exclude, which git status reads following a link, is a link after both runs", what)
			}
			if p.read("scripts/hooks/signal.py") != "<missing>" {
				t.Errorf("%s: scripts/hooks/signal.py is left after both runs", what)
			}
			if p.read("scripts/hooks/helpers.py") != "" {
				t.Errorf("%s: the project's helpers.py was moved", what)
			}
		}
	}
	// Neighbour: the person's own stopped rebase, its exec line theirs.
	for _, flags := range sandboxModes(t) {
		p := lead79Project(t, false, files())
		if err := os.MkdirAll(p.root+"/.git/rebase-merge", 0o755); err != nil {
			t.Fatal(err)
		}
		p.write(".git/rebase-merge/git-rebase-todo", "exec make test\n", 0o644)
		r1, r2 := p.sideBySide(red74Run{flags: flags, script: "echo work > work.txt"}, red74Run{flags: flags, script: "echo more > more.txt"})
		if r1.code != 0 || r2.code != 0 {
			t.Errorf("%v: two runs side by side writing nothing held: exits %d, %d, want 0\nstderr: %s\n%s", flags, r1.code, r2.code, r1.stderr, r2.stderr)
		}
		if todo := p.read(".git/rebase-merge/git-rebase-todo"); todo != "exec make test\n" || p.read("scripts/hooks/helpers.py") != "" {
			t.Errorf("%v: the person's todo list %q, or the project's helpers.py, changed", flags, todo)
		}
	}
}

// TestModuleDirLinksToOneDirectoryRed84: whether a name beside a hook's
// Python script is a package was read by listing the directory it names,
// a link followed, once for each name, at every run's plan and after it:
// a command's 400 links there to one directory of 30,000 names (no
// package: the run exits 0, and they stay) had every later run list
// 12,000,000 names twice, and a run of true took seconds (a directory of
// a million names and 4,000 links, the most the plan takes, hours). Now
// a directory is listed once a look, whatever leads to it.
func TestModuleDirLinksToOneDirectoryRed84(t *testing.T) {
	requireSandbox(t)
	const links, names = 400, 30000
	script := fmt.Sprintf(`mkdir big && i=0; while [ $i -lt %d ]; do ln -s ../../big scripts/hooks/l$i; i=$((i+1)); done
/usr/bin/python3 -c '
import os
for i in range(%d):
    if i %% 30000 == 0:
        src = "big/f%%d" %% i
        open(src, "w").close()
    os.link(src, "big/%%08d" %% i)
'`, links, names)
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{
				".claude/settings.json":  lead79Hooks("python3 scripts/hooks/check.py"),
				"scripts/hooks/check.py": "import subprocess\nprint('ok')\n",
			})
			p.write("make.sh", script, 0o644)
			if r := runLead79(p, "sh make.sh", flags); r.code != 0 {
				t.Fatalf("%s: making the links: exit %d\nstderr: %s", what, r.code, r.stderr)
			}
			start := time.Now()
			r := runLead79(p, "true", flags)
			if took := time.Since(start); r.code != 0 || took > 3*time.Second {
				t.Errorf("%s: the next run of true: exit %d in %v, want 0 within 3 s\nstderr: %s", what, r.code, took.Round(time.Millisecond), r.stderr)
			}
		}
	}
}

// TestKilledRunnerColonNameRed84: a runner killed while its command ran
// hands the process started in its place the protected paths missing at
// its plan, a directory's names joined by "/" and then ":" and the
// directory; a name holding ":" (a hook's script, scripts/a:b.sh) was
// read as the end of the names, and the directory's whole list dropped:
// under the layer, the scripts/a:b.sh and scripts/ab.sh a hook runs, made
// by the command, stayed for the agent's next hook. Now the list reads
// back whole, and both are moved aside, with the layer and without it.
func TestKilledRunnerColonNameRed84(t *testing.T) {
	requireNamespaces(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		requirePrefork(t, b)
		b.file(".claude/settings.json", lead79Hooks("bash scripts/a:b.sh", "bash scripts/ab.sh"), 0o644)
		b.file("scripts/other.sh", "echo ok\n", 0o644)
		b.killedWhile(t, flags, "echo 'echo evil' > scripts/a:b.sh\necho 'echo evil' > scripts/ab.sh\n")
		for _, f := range []string{"scripts/a:b.sh", "scripts/ab.sh"} {
			b.waitGone(t, f)
			if got := b.read(f + ".mewsandbox-planted"); got != "echo evil\n" {
				t.Errorf("%v: %s moved aside: %q", flags, f, got)
			}
		}
	}
}

// killedWhile runs plant, a shell script, under run --yolo with flags in
// b, kills the runner (SIGKILL) once it has run, and waits until nothing
// of the command's is left: what the command made is then the process
// started in the runner's place's to undo.
func (b *box) killedWhile(t *testing.T, flags []string, plant string) {
	t.Helper()
	b.file("plant.sh", plant+"echo x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "plant.sh", flags...)
}

// TestOverlapSubmoduleRed84: a run takes the .git it finds at a
// submodule's path at its plan for the person's. A first run's command
// made a repository at the .gitmodules path sub, its core.fsmonitor a
// command, and staged it; a second run, planned while it was there, took
// it for the person's; the first run's end moved sub/.git aside (125),
// and the second's command moved it back: the second exited 0, and the
// host's git status ran the fsmonitor, without the layer (under it the
// second's mounts in sub/.git keep it from being moved back: EBUSY).
// Now beside another run a submodule's .git found at the plan is the
// person's only while unchanged since: the second run moves it aside too.
func TestOverlapSubmoduleRed84(t *testing.T) {
	requireSandbox(t)
	const plant = red84Git + `
git init -q sub && $G -C sub commit -q --allow-empty -m s && git -C sub config core.fsmonitor 'touch MARK; false' && git add sub
`
	const back = "trap 'mv sub/.git.mewsandbox-planted sub/.git' EXIT"
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{".gitmodules": "[submodule \"sub\"]\n\tpath = sub\n\turl = ./sub\n"})
			p.git(".", "add", ".gitmodules")
			p.git(".", "commit", "-qm", "gitmodules")
			r1, r2 := p.sideBySide(red74Run{flags: flags, script: plant}, red74Run{flags: flags, script: back})
			if r1.code != 125 || flags != nil && r2.code != 125 {
				t.Errorf("%s: exits %d, %d, want 125 and, without the layer, 125\nstderr: %s\n%s", what, r1.code, r2.code, r1.stderr, r2.stderr)
			}
			gitReturns(t, p.root, p.cred, "status")
			if _, err := os.Stat(p.mark); err == nil {
				t.Errorf("%s: the host's git status ran the submodule's fsmonitor", what)
			}
		}
	}
	// Neighbour: the person's own submodule there, two runs side by side.
	for _, flags := range sandboxModes(t) {
		p := lead79Project(t, false, map[string]string{".gitmodules": "[submodule \"sub\"]\n\tpath = sub\n\turl = ./sub\n"})
		p.git(".", "init", "-q", "sub")
		p.git("sub", "commit", "-q", "--allow-empty", "-m", "s")
		p.git(".", "add", ".gitmodules", "sub")
		p.git(".", "commit", "-qm", "sub")
		r1, r2 := p.sideBySide(red74Run{flags: flags, script: "echo work > work.txt"}, red74Run{flags: flags, script: "echo more > more.txt"})
		if r1.code != 0 || r2.code != 0 {
			t.Errorf("%v: two runs beside the person's submodule: exits %d, %d, want 0\nstderr: %s\n%s", flags, r1.code, r2.code, r1.stderr, r2.stderr)
		}
		if fi, err := os.Stat(filepath.Join(p.root, "sub/.git")); err != nil || !fi.IsDir() {
			t.Errorf("%v: the person's sub/.git: %v", flags, err)
		}
	}
}
