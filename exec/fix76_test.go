//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// fix76Submodule makes a repository in a fresh root whose .gitmodules
// names s0, checked out with its own git directory, and returns the root.
func fix76Submodule(t *testing.T) string {
	t.Helper()
	root := testRoot(t)
	os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".gitmodules"), []byte("[submodule \"s0\"]\n\tpath = s0\n\turl = ./x\n"), 0o644)
	os.MkdirAll(filepath.Join(root, "s0/.git/hooks"), 0o755)
	os.WriteFile(filepath.Join(root, "s0/.git/config"), []byte("[core]\n"), 0o644)
	return root
}

// TestChangedSinceTickFix76: a file changed just before the plan is not
// the command's, in whatever tick of the kernel's coarse clock it falls,
// and one changed once the plan has waited past its time always is (the
// command starts after that wait). Before fix76 the plan took the coarse
// clock, and a file written in its tick (about 4 ms) was the command's.
func TestChangedSinceTickFix76(t *testing.T) {
	changedAfterWait(t, waitPastClock)
}

// TestChangedSinceCoarseWait: the same where no memfd can be made, and
// the runner waits for the coarse clock itself (stop 54 stamps a memfd,
// which a kernel of multigrain file times stamps past the plan's time at
// once).
func TestChangedSinceCoarseWait(t *testing.T) {
	changedAfterWait(t, func(sec, nsec int64) bool { return waitPastStamps(sec, nsec, coarseStamp) })
}

// changedAfterWait is TestChangedSinceTickFix76 for wait, a waitPastClock.
func changedAfterWait(t *testing.T, wait func(sec, nsec int64) bool) {
	f := filepath.Join(t.TempDir(), "config")
	stat := func() unix.Timespec {
		var st unix.Stat_t
		if err := unix.Stat(f, &st); err != nil {
			t.Fatal(err)
		}
		return st.Ctim
	}
	before, after := 0, 0
	for i := range 200 {
		os.WriteFile(f, []byte(strconv.Itoa(i)), 0o644)
		sec, nsec := changeClockNsec()
		if changedSince(stat(), sec, nsec) {
			before++
		}
		if !wait(sec, nsec) {
			t.Fatalf("write %d: no change stamped past the plan's time in %v", i, maxClockWait)
		}
		// The command's first write, at once, of a file whose times
		// nobody has read: a kernel of multigrain file times stamps a
		// file whose times were read (f, above) finely, past any wait.
		made := filepath.Join(filepath.Dir(f), "made"+strconv.Itoa(i))
		os.WriteFile(made, []byte("x"), 0o644)
		var st unix.Stat_t
		if err := unix.Stat(made, &st); err != nil {
			t.Fatal(err)
		}
		if changedSince(st.Ctim, sec, nsec) {
			after++
		}
	}
	if before != 0 || after != 200 {
		t.Errorf("of 200 writes, %d just before the plan taken for the command's (want 0), %d right after the wait (want 200)", before, after)
	}
}

// TestSubmoduleWrittenBeforeRunFix76: a submodule's config and
// .gitmodules written just before a run that touches neither are left
// alone (cov75: in the coarse clock's tick of the plan, the submodule's
// .git was moved aside and the run failed with 125; its tests slept 20
// ms), with the layer and without it. The neighbour: a command that
// makes .gitmodules and a repository at its path at once, in the run's
// first millisecond, still has that repository's .git moved aside.
func TestSubmoduleWrittenBeforeRunFix76(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	for i := range 50 {
		root := fix76Submodule(t)
		os.WriteFile(filepath.Join(root, "s0/.git/config"), []byte("[core]\n\tbare = false\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".gitmodules"), []byte("[submodule \"s0\"]\n\tpath = s0\n\turl = ./y\n"), 0o644)
		status, _, err := cov75Run(t, root, "touch marker", false, false, nil)
		if status != 0 || err != nil {
			t.Fatalf("round %d: Run = %d, %v; want 0, nothing of the submodule's changed by the command", i, status, err)
		}
		if _, err := os.Stat(filepath.Join(root, "s0/.git/config")); err != nil || !cov75Ran(root) {
			t.Fatalf("round %d: the submodule's .git moved aside (%v), or the command did not run", i, err)
		}
	}
	// Without the layer the snapshot judges by identity, recorded at the
	// plan: the same files, and an agent's settings, written just before
	// are left alone too.
	for i := range 20 {
		root := fix76Submodule(t)
		os.MkdirAll(filepath.Join(root, ".claude"), 0o755)
		os.WriteFile(filepath.Join(root, "s0/.git/config"), []byte("[core]\n\tbare = false\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".claude/settings.json"), []byte("{}\n"), 0o644)
		status, _, err := cov75Run(t, root, "touch marker", true, false, nil)
		if status != 0 || err != nil || !cov75Ran(root) {
			t.Fatalf("round %d without the layer: Run = %d, %v; want 0, nothing protected changed by the command", i, status, err)
		}
	}
	for i := range 20 {
		root := testRoot(t)
		os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
		os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
		status, _, err := cov75Run(t, root, `mkdir -p s1/.git && echo '[core]' > s1/.git/config && printf '[submodule "s1"]\n\tpath = s1\n\turl = ./x\n' > .gitmodules && touch marker`, false, false, nil)
		if status != 125 || err == nil || !strings.Contains(err.Error(), "s1/.git") {
			t.Fatalf("round %d: Run = %d, %v; want 125 naming s1/.git, made in the run", i, status, err)
		}
		if _, err := os.Stat(filepath.Join(root, "s1/.git")); err == nil {
			t.Fatalf("round %d: s1/.git is still where git looks", i)
		}
	}
}
