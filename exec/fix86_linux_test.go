package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMoveReplantedFix86: a protected path a plan beside another run
// found there is moved aside after the run only where made or changed
// since (a layered run's .mcp.json, made again by its command once the
// other run's end had moved the first aside); the person's, older, stays,
// and a plan not beside another run trusts them all.
func TestMoveReplantedFix86(t *testing.T) {
	root := t.TempDir()
	write(t, root+"/.mcp.json", "the person's\n")
	write(t, root+"/.cursor", "the person's\n")
	sec, nsec := changeClockNsec()
	if !waitPastClock(sec, nsec) {
		t.Skip("the coarse clock does not pass the plan's time")
	}
	write(t, root+"/.cursor.new", "planted\n")
	if err := os.Rename(root+"/.cursor.new", root+"/.cursor"); err != nil {
		t.Fatal(err)
	}
	paths := []string{root + "/.mcp.json", root + "/.cursor", root + "/.gemini"}
	if got := moveReplanted(plannedFound{paths: paths}); got != nil {
		t.Errorf("a plan not beside another run: %q, want nothing done", got)
	}
	got := moveReplanted(plannedFound{paths: paths, sec: sec, nsec: nsec})
	if len(got) != 1 || !strings.Contains(got[0], root+"/.cursor to .cursor.mewsandbox-planted") || strings.Contains(got[0], ".mcp.json") {
		t.Fatalf("want .cursor alone moved aside, got %q", got)
	}
	if b, err := os.ReadFile(root + "/.mcp.json"); err != nil || string(b) != "the person's\n" {
		t.Errorf("the person's .mcp.json: %q, %v", b, err)
	}
	if _, err := os.Lstat(root + "/.cursor"); err == nil {
		t.Error(".cursor, changed since the plan, is still there")
	}
}

// TestNewLinksUnchangedBoundFix86: past maxGitDirsToVisit directories
// waiting below one unchanged since the plan (made by an earlier run),
// each holding a directory, the look still fails (a link two levels down
// changes neither), but says they are unchanged and which directory
// holds them, not that they changed.
func TestNewLinksUnchangedBoundFix86(t *testing.T) {
	git := t.TempDir()
	junk := filepath.Join(git, "junk")
	for i := range maxGitDirsToVisit + 1 {
		if err := os.MkdirAll(fmt.Sprintf("%s/%d/s", junk, i), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// newLinks counts from the second: the plan's is the next one.
	made := changeClock()
	for changeClock() == made {
		time.Sleep(10 * time.Millisecond)
	}
	found := newLinks(git, changeClock(), nil)
	if len(found) != 1 || strings.Contains(found[0], "changed in it") || !strings.Contains(found[0], junk+" holds them, unchanged") {
		t.Errorf("said %q; want the look refused, naming %s, unchanged", found, junk)
	}
}

// TestEarlyLocksFix86: a run holds and tests its root before its plan,
// the rest after it. Another run that held the root when the plan began
// and let go before the plan was done (its end having undone a plant the
// plan took for the person's) is seen, which a test after the plan alone
// missed; a run's own early hold is not taken for another's, with the
// layer and without it.
func TestEarlyLocksFix86(t *testing.T) {
	root := t.TempDir()
	fix82Git(t, root, "init", "-q")
	pol := DefaultPolicy(root)
	s := planUnlayered(pol, root)
	if s.overlapped || len(s.locks) == 0 || s.locks[0].Name() != root {
		t.Errorf("a run alone: overlapped %v, locks %d (first %v); want false, the root held first", s.overlapped, len(s.locks), s.locks)
	}
	unlockDirs(s.locks)
	early, held := lockEarly(pol)
	l := planNamespace(pol, root, "")
	l.unpin()
	l.early = early
	late, lateHeld := lockDirs(afterEarly(l.locked, l.earlyDirs()))
	if held || lateHeld {
		t.Errorf("a layered run alone: held %v before its plan, %v after; want neither", held, lateHeld)
	}
	unlockDirs(append(early, late...))

	// The other run, there as the plan begins, gone before it ends.
	other, _ := lockDirs([]lockDir{{path: root, hold: true, test: true}})
	early, held = lockEarly(pol)
	unlockDirs(other)
	l = planNamespace(pol, root, "")
	l.unpin()
	l.early = early
	late, lateHeld = lockDirs(afterEarly(l.locked, l.earlyDirs()))
	if !held {
		t.Error("another run holding the root as the plan began was not seen")
	}
	if lateHeld {
		t.Error("after the other run let go, the locks after the plan saw it held: the test is not of the window")
	}
	unlockDirs(append(early, late...))
}
