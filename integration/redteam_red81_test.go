//go:build linux

package integration

// red81: stop 52's out-of-memory order attacked. The runner is below its
// command (oom_score_adj 500) while the command runs, but once the
// command has ended it is the only process left in a memory cgroup, and
// what it reads after the run is the command's to size: the killer then
// takes it, and the process sharing its memory, before the run is undone.

import (
	"encoding/binary"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// red81Todo is a script line that leaves an interactive rebase's todo
// list holding an exec line, which the host's git rebase --continue runs.
const red81Todo = "d=.g; d=${d}it; mkdir -p $d/rebase-merge && printf 'exec touch planted\\n' > $d/rebase-merge/git-rebase-todo"

// red81GrowingIndex is a version 4 git index of n gitlinks, each path the
// one before and an "a" (prefix compression): 66 bytes an entry in the
// file, n²/2 bytes of paths once read.
func red81GrowingIndex(n int) []byte {
	b := binary.BigEndian.AppendUint32([]byte("DIRC"), 4)
	b = binary.BigEndian.AppendUint32(b, uint32(n))
	for range n {
		var entry [40 + 20 + 2]byte
		binary.BigEndian.PutUint32(entry[24:], 0o160000)
		binary.BigEndian.PutUint16(entry[60:], 1)
		b = append(append(b, entry[:]...), 0, 'a', 0)
	}
	return append(b, make([]byte, 20)...)
}

// TestIndexOOMRed81: the index the runner maps after the run (red79) had
// its gitlinks' paths copied onto the heap: a command that added an exec
// line to git's todo list and wrote a 2.6 MB version 4 index of 40,000
// gitlinks, each path built on the one before (800 MB once read), had
// the runner, alone in a 200 MB memory cgroup once the command was gone,
// taken by the out-of-memory killer with the process sharing its memory
// before the todo lists were looked at: exit 137, the exec line left for
// the host's git rebase --continue (as mewsandbox-test too). Now the
// index is refused past maxGitlinkBytes: 125, the line commented out. The
// neighbour: git's own index after a git add passes (0).
func TestIndexOOMRed81(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("a memory cgroup of the test's own needs root here")
	}
	procs := red79MemoryCgroup(t, "200M")
	for _, tc := range []struct {
		name, script string
		want         int
	}{
		{"a growing index", red81Todo + "; cp idx $d/index", 125},
		{"git add", "echo x > f; git add f", 0}, // neighbour
	} {
		b := newGitBox(t)
		b.file("idx", string(red81GrowingIndex(40000)), 0o644)
		b.file("attack.sh", "#!/bin/sh\n"+tc.script+"\n", 0o755)
		args := []string{"run", "--yolo", "--timeout", "60s", "--", "./attack.sh"}
		wrap := `echo $$ > "$1" && shift && exec "$@"`
		r := runCommand(t, b.command(b.root, nil, "sh", append([]string{"-c", wrap, "sh", procs, bin}, args...)...))
		if r.code != tc.want {
			t.Errorf("%s: exit %d, want %d\nstderr: %s", tc.name, r.code, tc.want, r.stderr)
		}
		if todo := b.read(".git/rebase-merge/git-rebase-todo"); tc.want == 125 && !strings.Contains(todo, "# mewsandbox: exec touch planted") {
			t.Errorf("%s: the todo list %q after the run, want the exec line commented out", tc.name, todo)
		}
	}
}

// red81Many makes argv[1], a directory, holding argv[2] names of 250
// bytes, hard links to an empty file for each 60,000 (ext4 allows
// 65,000 a file; no inode each, made faster in a small memory cgroup): 340 bytes of the runner's heap each once it
// lists them.
const red81Many = `#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv) {
	char name[256];
	long n = atol(argv[2]);
	mkdir(argv[1], 0755);
	int dir = open(argv[1], O_DIRECTORY);
	memset(name, 'n', 240);
	char first[16];
	for (long i = 0; i < n; i++) {
		if (i % 60000 == 0) {
			snprintf(first, sizeof first, "first%ld", i);
			int fd = openat(dir, first, O_CREAT | O_WRONLY, 0644);
			if (fd < 0) {
				perror("openat");
				return 1;
			}
			close(fd);
		}
		snprintf(name + 240, 16, "%ld", i);
		if (linkat(dir, first, dir, name, 0) < 0) {
			perror("linkat");
			return 1;
		}
	}
	return 0;
}
`

// TestTodoAfterRunnerOOMRed81: a command left an exec line in git's todo
// list and 600,000 long names in a directory of .git, then ended. In a
// 200 MB memory cgroup the runner, alone there once the command was gone,
// listed that directory whole (newLinks' ReadDir(-1), 340 bytes of heap a
// name, before the todo lists are looked at; checkRefs' likewise, its
// bound counted only once a directory was read whole) and the
// out-of-memory killer took it, and the sharer with it: exit 137, the
// exec line left for the host's next git rebase --continue (as
// mewsandbox-test too). Both now read 256 entries at a time: 125 and the
// line commented out. Here at a smaller scale, 220,000 names (hard links)
// in a 64 MB cgroup, which killed the runner before the fix in 26 s
// rather than 4 minutes. The neighbour: the same plant without the
// names, 125, commented.
func TestTodoAfterRunnerOOMRed81(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("a memory cgroup of the test's own needs root here")
	}
	if _, err := osexec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	src := filepath.Join(t.TempDir(), "many.c")
	if err := os.WriteFile(src, []byte(red81Many), 0o644); err != nil {
		t.Fatal(err)
	}
	many := filepath.Join(filepath.Dir(src), "many")
	if out, err := osexec.Command("gcc", "-O1", "-o", many, src).CombinedOutput(); err != nil {
		t.Skipf("gcc: %v\n%s", err, out)
	}
	code, err := os.ReadFile(many)
	if err != nil {
		t.Fatal(err)
	}
	procs := red79MemoryCgroup(t, "64M")
	for _, tc := range []struct {
		name, script string
	}{
		{"220,000 names in .git/junk", red81Todo + "; ./many $d/junk 220000"},
		// checkRefs', killed so in 20 s even with newLinks reading 256 at a time.
		{"220,000 names in .git/refs/junk", red81Todo + "; ./many $d/refs/junk 220000"},
		{"the plant alone", red81Todo}, // neighbour
	} {
		b := newGitBox(t)
		b.file("many", string(code), 0o755)
		b.file("attack.sh", "#!/bin/sh\n"+tc.script+"\n", 0o755)
		args := []string{"run", "--yolo", "--timeout", "120s", "--", "./attack.sh"}
		wrap := `echo $$ > "$1" && shift && exec "$@"`
		r := runCommand(t, b.command(b.root, nil, "sh", append([]string{"-c", wrap, "sh", procs, bin}, args...)...))
		todo := b.read(".git/rebase-merge/git-rebase-todo")
		if r.code != 125 || !strings.Contains(todo, "# mewsandbox: exec touch planted") {
			t.Errorf("%s: exit %d, the todo list %q; want 125 and the exec line commented out\nstderr: %s", tc.name, r.code, todo, r.stderr)
		}
	}
}

// TestTodoExecWithoutLayerRed81: without the layer nothing looked at
// git's todo lists after the run (checkAllTodos had the layer's
// plannedTodos only): a command's exec line there exited 0 and stayed,
// for the host's next git rebase --continue to run, as root and as a user.
// The run without the layer now plans them in the same git directories
// (planAllTodos) and checks them as the layer does: 125 and the line
// commented out, by the process started in a killed runner's place too.
// The neighbours without the layer, as TestRebaseTodoExecPlanted's under
// it: the person's own rebase, stopped outside, keeps its exec line
// through a run (0), and one done whole in the sandbox passes (0).
func TestTodoExecWithoutLayerRed81(t *testing.T) {
	requireSandbox(t)
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{})
			p.write("attack.sh", "#!/bin/sh\n"+red81Todo+"\n", 0o755)
			r := runLead79(p, "./attack.sh", flags)
			if todo := p.read(".git/rebase-merge/git-rebase-todo"); r.code != 125 || !strings.Contains(todo, "# mewsandbox: exec touch planted") {
				t.Errorf("%s: exit %d, the todo list %q; want 125 and the exec line commented out\nstderr: %s", what, r.code, todo, r.stderr)
			}
		}
		// A runner killed while its command runs: the process started
		// in its place comments the line out.
		p := lead79Project(t, asUser, map[string]string{})
		name := p.runKilled(red81Todo)
		report := p.successorGone(name)
		if todo := p.read(".git/rebase-merge/git-rebase-todo"); !strings.Contains(todo, "# mewsandbox: exec touch planted") || !strings.Contains(report, "git-rebase-todo: the command added exec lines") {
			t.Errorf("as user %v, a runner killed without the layer: the todo list %q, the report %q; want the exec line commented out, and said", asUser, todo, report)
		}
	}

	b := rebaseBox(t)
	run := func(script string) result {
		b.file("x.sh", script+"\n", 0o644)
		return b.run("run", "--yolo", "--no-namespaces", "--", "sh", "x.sh")
	}
	// A rebase the command stopped, its exec lines the command's.
	marker := filepath.Join(b.out, "MARKER")
	if r := run(stopRebase("touch " + marker)); r.code != 125 || !strings.Contains(r.stderr, "git-rebase-todo: the command added exec lines") {
		t.Errorf("a planted rebase without the layer: exit %d, stderr %q; want 125 naming the todo list", r.code, r.stderr)
	}
	if got := b.read(".git/rebase-merge/git-rebase-todo"); strings.Count(got, "# mewsandbox: exec touch "+marker) != 2 {
		t.Errorf("the todo list after the run: %q; want both exec lines commented out", got)
	}
	b.git("rebase", "--continue")
	if b.exists(marker) {
		t.Fatal("git rebase --continue outside the sandbox ran the command's exec line")
	}
	// The person's own rebase, stopped outside: the run changes nothing.
	own := filepath.Join(b.out, "OWN")
	if out, err := osexec.Command("sh", "-c", "cd "+b.root+" && "+stopRebase("touch "+own)).CombinedOutput(); err != nil || !b.exists(".git/rebase-merge") {
		t.Fatalf("a rebase outside: %v %s", err, out)
	}
	before := b.read(".git/rebase-merge/git-rebase-todo")
	if r := run("git status --short"); r.code != 0 {
		t.Errorf("git status beside the person's rebase, without the layer: exit %d, stderr %q", r.code, r.stderr)
	}
	if after := b.read(".git/rebase-merge/git-rebase-todo"); after != before {
		t.Errorf("the person's todo list changed: %q, was %q", after, before)
	}
	b.git("rebase", "--continue")
	if !b.exists(own) {
		t.Error("the person's own exec line did not run")
	}
	// A rebase done whole in the sandbox, its exec lines run there.
	if r := run("git -c user.name=t -c user.email=t@example.com rebase -q --exec 'echo ran >> ran' HEAD~2"); r.code != 0 || strings.Count(b.read("ran"), "ran") != 2 {
		t.Errorf("a rebase with --exec in the sandbox, without the layer: exit %d, stderr %q, ran %q", r.code, r.stderr, b.read("ran"))
	}
}
