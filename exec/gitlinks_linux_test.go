//go:build linux

package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestNewLinks: a link, a FIFO made in a git directory since the plan's
// second are removed, wherever they lie below it (a loose object, a pack
// index, a submodule's git directory); one older, a regular file, a
// directory, what checkGitFiles and checkRefs look after, and any link
// older than the plan (the user's own), stay.
func TestNewLinks(t *testing.T) {
	git := filepath.Join(t.TempDir(), ".git")
	for _, d := range []string{"objects/ab", "objects/pack", "objects/cd", "modules/m/objects/ef", "refs/heads", "info"} {
		os.MkdirAll(filepath.Join(git, d), 0o755)
	}
	os.WriteFile(filepath.Join(git, "objects/cd/0123"), []byte("x"), 0o444)
	for _, p := range []string{"objects/ab/cdef", "objects/pack/pack-1.idx", "modules/m/objects/ef/01", "ORIG_HEAD", "info/own"} {
		os.Symlink("/dev/zero", filepath.Join(git, p))
	}
	syscall.Mkfifo(filepath.Join(git, "objects/cd/fifo"), 0o644)
	os.Symlink("/dev/zero", filepath.Join(git, "refs/heads/x"))
	os.Symlink("/dev/zero", filepath.Join(git, "HEAD"))
	// Made before a plan in the next second: the user's own, which stay.
	if got := newLinks(git, changeClock()+1, nil); got != nil {
		t.Errorf("links older than the plan: %q", got)
	}
	// Made after a plan in the second before.
	found := newLinks(git, changeClock()-1, nil)
	for _, p := range []string{"objects/ab/cdef", "objects/pack/pack-1.idx", "modules/m/objects/ef/01", "ORIG_HEAD", "objects/cd/fifo", "info/own"} {
		if _, err := os.Lstat(filepath.Join(git, p)); err == nil {
			t.Errorf("%s left", p)
		}
		if !strings.Contains(strings.Join(found, "\n"), p) {
			t.Errorf("%s not said: %q", p, found)
		}
	}
	for _, p := range []string{"objects/cd/0123", "refs/heads/x", "HEAD"} {
		if _, err := os.Lstat(filepath.Join(git, p)); err != nil {
			t.Errorf("%s removed", p)
		}
	}
	if len(found) != 6 {
		t.Errorf("found %d, want 6: %q", len(found), found)
	}
}

// TestNewLinksMovedIn: a directory an earlier run filled with links,
// moved into the git directory, holds links older than the plan: they
// are removed all the same, however deep; a link at the top older than
// the plan (the user's own) stays.
func TestNewLinksMovedIn(t *testing.T) {
	dir := t.TempDir()
	git := filepath.Join(dir, ".git")
	os.MkdirAll(filepath.Join(git, "objects/ab"), 0o755)
	os.MkdirAll(filepath.Join(dir, "made/ab/deep"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(dir, "made/ab/cdef"))
	os.Symlink("/dev/zero", filepath.Join(dir, "made/ab/deep/x"))
	os.Symlink("/dev/zero", filepath.Join(git, "own"))
	since := changeClock() + 1
	for changeClock() < since {
		time.Sleep(50 * time.Millisecond)
	}
	// changeClock is the fine clock; file times come from the coarse
	// one, which may still be a tick in the second before: a rename in
	// that tick (a CI run under -race) was older than since.
	if !waitPastClock(since, 0) {
		t.Fatal("the coarse clock did not reach the fine clock's second")
	}
	if err := os.Rename(filepath.Join(git, "objects"), filepath.Join(dir, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "made"), filepath.Join(git, "objects")); err != nil {
		t.Fatal(err)
	}
	found := newLinks(git, since, nil)
	if len(found) != 2 {
		t.Errorf("found %q, want objects/ab/cdef and objects/ab/deep/x", found)
	}
	for _, p := range []string{"objects/ab/cdef", "objects/ab/deep/x"} {
		if _, err := os.Lstat(filepath.Join(git, p)); err == nil {
			t.Errorf("%s left", p)
		}
	}
	if _, err := os.Lstat(filepath.Join(git, "own")); err != nil {
		t.Error("the user's own link at the top is gone")
	}
}

// TestChangedSince: a ctime in the plan's second counts after its
// nanosecond (one equal to it is a change made before the plan, the
// command starting only once the coarse clock has passed that time:
// waitPastClock), but one of no nanoseconds (a file system keeping
// seconds) counts as the command's.
func TestChangedSince(t *testing.T) {
	for _, tt := range []struct {
		sec, nsec int64
		want      bool
	}{{9, 999, false}, {11, 0, true}, {10, 499, false}, {10, 500, false}, {10, 501, true}, {10, 0, true}} {
		if got := changedSince(unix.Timespec{Sec: tt.sec, Nsec: tt.nsec}, 10, 500); got != tt.want {
			t.Errorf("ctime %d.%d since 10.500: %v, want %v", tt.sec, tt.nsec, got, tt.want)
		}
	}
}

// TestPlaceSupers: a submodule's git directory whose working tree the
// plan cannot tell is given the nearest superproject whose tree it
// knows, the one whose modules/ it lies in; one placed, or under no
// known superproject, is left.
func TestPlaceSupers(t *testing.T) {
	root := &plannedTodos{Git: "/p/.git", Work: "/p"}
	a := &plannedTodos{Git: "/p/.git/modules/a", Work: "/p/a"}
	b := &plannedTodos{Git: "/p/.git/modules/a/modules/libs/b"}
	c := &plannedTodos{Git: "/p/.git/modules/c"}
	wt := &plannedTodos{Git: "/p/.git/worktrees/w"}
	ps := []*plannedTodos{root, a, b, c, wt}
	placeSupers(ps, []string{a.Git, b.Git, c.Git})
	if b.Super != "/p/a" || b.SuperGit != a.Git || b.superAt != 2 {
		t.Errorf("b: %q %q %d", b.Super, b.SuperGit, b.superAt)
	}
	if c.Super != "/p" || c.SuperGit != root.Git || c.superAt != 1 {
		t.Errorf("c: %q %q %d", c.Super, c.SuperGit, c.superAt)
	}
	if a.Super != "" || wt.Super != "" {
		t.Errorf("placed: a %q, worktree %q", a.Super, wt.Super)
	}
	b.Super, b.SuperGit = "", ""
	placeSupersAt(ps)
	if b.Super != "/p/a" || b.SuperGit != a.Git {
		t.Errorf("read back: %q %q", b.Super, b.SuperGit)
	}
}

// TestNewLinksBounded: what newLinks and checkRefs keep of a git
// directory a command sized is bounded. Read whole, 600,000 long names
// in .git/junk (or .git/refs/junk) and a line said for each link had
// the out-of-memory killer of a 200 MB memory cgroup take the runner
// before it looked at the todo lists (red81): the listing is now read
// listChunk entries at a time, the lines past maxSays are counted, and
// past maxGitDirsToVisit directories the look fails, saying so, rather
// than hold them all or leave them unlooked at. The neighbour: a few
// links, each said and removed.
func TestNewLinksBounded(t *testing.T) {
	git := filepath.Join(t.TempDir(), ".git")
	for _, d := range []string{"junk", "refs/junk", "few"} {
		if err := os.MkdirAll(filepath.Join(git, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const links = 3 * listChunk
	for i := range links {
		for _, d := range []string{"junk", "refs/junk"} {
			if err := os.Symlink("/dev/zero", fmt.Sprintf("%s/%s/%0200d", git, d, i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, n := range []string{"a", "b"} {
		os.Symlink("/dev/zero", filepath.Join(git, "few", n))
	}
	found := newLinks(git, changeClock()-1, nil)
	if len(found) != maxSays+1 || found[maxSays] != fmt.Sprintf("and %d more like these", links+2-maxSays) {
		t.Errorf("newLinks said %d lines, last %q; want %d and the rest counted", len(found), found[len(found)-1], maxSays+1)
	}
	refs := checkRefs(git)
	if len(refs) != maxSays+1 || refs[maxSays] != fmt.Sprintf("and %d more like these", links-maxSays) {
		t.Errorf("checkRefs said %d lines, last %q; want %d and the rest counted", len(refs), refs[len(refs)-1], maxSays+1)
	}
	for _, d := range []string{"junk", "refs/junk", "few"} {
		if names, err := os.ReadDir(filepath.Join(git, d)); err != nil || len(names) != 0 {
			t.Errorf("%s: %d entries left (%v), want every link removed", d, len(names), err)
		}
	}

	os.Symlink("/dev/zero", filepath.Join(git, "few", "c"))
	if found := newLinks(git, changeClock()-1, nil); len(found) != 1 || !strings.Contains(found[0], "few/c") {
		t.Errorf("one link: said %q", found)
	}

	// Past maxGitDirsToVisit directories changed below one, the look
	// fails: the run with it.
	many := filepath.Join(git, "many")
	for i := range maxGitDirsToVisit + 1 {
		if err := os.MkdirAll(fmt.Sprintf("%s/%d", many, i), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	found = newLinks(git, changeClock()-1, nil)
	if len(found) != 1 || !strings.Contains(found[0], fmt.Sprintf("more than %d directories changed in it", maxGitDirsToVisit)) {
		t.Errorf("%d directories: said %q; want the look refused", maxGitDirsToVisit+1, found)
	}
}
