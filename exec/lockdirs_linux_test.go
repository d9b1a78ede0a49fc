//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
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

// TestHeldByAnotherMomentary: another run's test, an exclusive lock held
// for a moment, is not a run going on; a shared lock held throughout is.
func TestHeldByAnotherMomentary(t *testing.T) {
	dir := t.TempDir()
	open := func() int {
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(fd) })
		return fd
	}
	other, mine := open(), open()
	if err := unix.Flock(other, unix.LOCK_EX|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(500 * time.Microsecond)
		unix.Flock(other, unix.LOCK_UN)
	}()
	if heldByAnother(mine) {
		t.Error("a directory another run tested for half a millisecond counts as held")
	}
	unix.Flock(mine, unix.LOCK_UN)
	if err := unix.Flock(other, unix.LOCK_SH|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	if !heldByAnother(mine) {
		t.Error("a directory another run holds shared does not count as held")
	}
}
