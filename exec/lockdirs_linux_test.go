//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSnapshotLockDirsShared: runs whose roots differ but share a git
// directory (p and its submodule p/sub, whose git directory is p/sub/.git)
// see each other (red74); a git directory that is not there is no other
// run's, and one let go of is free again.
func TestSnapshotLockDirsShared(t *testing.T) {
	p := t.TempDir()
	sub, subGit := filepath.Join(p, "sub"), filepath.Join(p, "sub", ".git")
	if err := os.MkdirAll(subGit, 0o755); err != nil {
		t.Fatal(err)
	}
	first, held := lockDirs([]string{p, filepath.Join(p, ".git-missing"), subGit})
	if held || len(first) != 2 {
		t.Fatalf("the first run: held %v, %d locks; want false, 2", held, len(first))
	}
	second, held := lockDirs([]string{sub, subGit})
	if !held {
		t.Error("a run in the submodule beside the superproject's did not see it")
	}
	unlockDirs(second)
	unlockDirs(first)
	third, held := lockDirs([]string{sub, subGit})
	if held {
		t.Error("a run planned after both let go is held")
	}
	unlockDirs(third)
	if _, held := lockDirs([]string{filepath.Join(p, "gone")}); !held {
		t.Error("a root that cannot be opened is not counted as held")
	}
}
