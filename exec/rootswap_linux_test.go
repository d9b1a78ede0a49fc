//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestSnapshotRootSwappedRed75: under a grant that holds the root, a
// command renamed the root away and put a link to a copy with a hook of
// its own at its name (red75); the check, the runner's and a killed
// runner's successor's alike, moves the link aside and puts the root,
// found by its identity beside it, back. Neighbour: with no grant above
// it the root is not recorded (the command cannot rename it).
func TestSnapshotRootSwappedRed75(t *testing.T) {
	for _, handed := range []bool{false, true} {
		t.Run(map[bool]string{false: "runner", true: "successor"}[handed], func(t *testing.T) {
			root, made := handoverRoot(t)
			made.check()
			if s := planUnlayered(DefaultPolicy(root), root); slices.ContainsFunc(s.entries, func(e *snapEntry) bool { return e.path == root }) {
				t.Error("the root recorded with no grant above it")
			} else {
				s.check()
			}
			above := filepath.Dir(root)
			s := planUnlayered(DefaultPolicy(root).WithGrant(Grant{Path: above, Access: Read | Write | Exec}), root)
			var before unix.Stat_t
			if err := unix.Stat(root, &before); err != nil {
				t.Fatal(err)
			}
			copied := filepath.Join(above, "q")
			if err := os.MkdirAll(filepath.Join(copied, ".git", "hooks"), 0o755); err != nil {
				t.Fatal(err)
			}
			plant(t, copied)
			if err := os.Rename(root, root+".x"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("q", root); err != nil {
				t.Fatal(err)
			}
			var found []string
			if handed {
				enc := s.encode()
				unlockDirs(s.locks)
				found = checkHanded(strings.TrimPrefix(snapshotArg(enc), "s:"), sealedMemfd(t, enc, true))
			} else {
				found = s.check()
			}
			var after unix.Stat_t
			if err := unix.Lstat(root, &after); err != nil || after.Ino != before.Ino || after.Dev != before.Dev {
				t.Fatalf("the root's name is not the root after the check (%v): %q", err, found)
			}
			if got, _ := os.ReadFile(filepath.Join(root, ".git/hooks/pre-commit")); string(got) != "#!/bin/sh\nexit 0\n" {
				t.Errorf("the hook at the root's name is %q after the check", got)
			}
			if !strings.Contains(strings.Join(found, "\n"), "the directory before the run, found at "+root+".x, put back") {
				t.Errorf("the check says %q", found)
			}
		})
	}
}
