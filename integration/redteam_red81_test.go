//go:build linux

package integration

// red81: stop 52's out-of-memory order attacked. The runner is below its
// command (oom_score_adj 500) while the command runs, but once the
// command has ended it is the only process left in a memory cgroup, and
// what it reads after the run is the command's to size: the killer then
// takes it, and the process sharing its memory, before the run is undone.

import (
	"encoding/binary"
	"os"
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
