//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSnapshotLockDirsShared: runs whose roots differ but share a git
// directory, or whose way to a recorded path passes another's root, see
// each other (red74: p and its submodule p/sub, whose git directory is
// p/sub/.git); a directory only tested is not held, a git directory that
// is not there is no other run's, and one let go of is free again.
func TestSnapshotLockDirsShared(t *testing.T) {
	p := t.TempDir()
	sub, subGit := filepath.Join(p, "sub"), filepath.Join(p, "sub", ".git")
	if err := os.MkdirAll(subGit, 0o755); err != nil {
		t.Fatal(err)
	}
	hold := func(ds ...string) []lockDir {
		var out []lockDir
		for _, d := range ds {
			out = append(out, lockDir{path: d, hold: true, test: true})
		}
		return out
	}
	first, held := lockDirs(hold(p, filepath.Join(p, ".git-missing"), subGit))
	if held || len(first) != 2 {
		t.Fatalf("the first run: held %v, %d locks; want false, 2", held, len(first))
	}
	second, held := lockDirs(hold(sub, subGit))
	if !held {
		t.Error("a run in the submodule beside the superproject's did not see it")
	}
	unlockDirs(second)
	unlockDirs(first)
	// Its way passes p, which the first run holds, its git directory
	// swapped for a copy nobody holds.
	first, _ = lockDirs(hold(p))
	second, held = lockDirs(append(hold(sub, subGit), lockDir{path: p, test: true, above: true}))
	if !held {
		t.Error("a run whose way passes another's root did not see it")
	}
	unlockDirs(second)
	unlockDirs(first)
	third, held := lockDirs(append(hold(sub, subGit), lockDir{path: p, test: true, above: true}))
	if held || len(third) != 2 {
		t.Errorf("a run planned after the others let go: held %v, %d locks; want false, 2", held, len(third))
	}
	unlockDirs(third)
	if _, held := lockDirs(hold(filepath.Join(p, "gone"))); !held {
		t.Error("a root that cannot be opened is not counted as held")
	}
}
