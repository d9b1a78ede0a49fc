package exec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestSnapshotEmptyDirGone: a protected directory recorded empty before a
// run without the layer and gone after it is let be, as one made empty is
// (standIn): it may be another run's placeholder, freed by its helper
// during this run, and runs with and without the layer in one root failed
// with 125 now and then, an empty directory "put back" and left there.
// The neighbour: one that held a file is still put back whole.
func TestSnapshotEmptyDirGone(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		putBack bool
	}{
		{"empty", nil, false},
		{"holding a file", map[string]string{".vscode/tasks.json": `{"tasks":[]}`}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, made := handoverRoot(t)
			made.check() // done with: another snapshot holding the root would make s overlapped
			if err := os.Mkdir(filepath.Join(root, ".vscode"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := planUnlayered(DefaultPolicy(root), root)
			if err := os.RemoveAll(filepath.Join(root, ".vscode")); err != nil {
				t.Fatal(err)
			}
			found := strings.Join(s.check(), "\n")
			_, err := os.Lstat(filepath.Join(root, ".vscode"))
			if back := err == nil; back != tc.putBack || strings.Contains(found, "removed") != tc.putBack {
				t.Fatalf(".vscode put back: %v (%v), want %v; found %q", back, err, tc.putBack, found)
			}
			for name, content := range tc.files {
				if got, _ := os.ReadFile(filepath.Join(root, name)); string(got) != content {
					t.Errorf("%s holds %q after the put-back, want %q", name, got, content)
				}
			}
		})
	}
}

// TestSnapshotListGone: a directory removed between its status and its
// listing is recorded as missing, not as a directory whose absence after
// the run the command would have caused.
func TestSnapshotListGone(t *testing.T) {
	dir := t.TempDir()
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	e := &snapEntry{path: "gone"}
	e.st.Mode = unix.S_IFDIR | 0o755
	(&snapshot{}).list(fd, e, dir)
	if !e.missing {
		t.Fatalf("a directory gone before its listing: %+v, want it missing", e)
	}
}

// TestStandInRemovedWhileRead: a directory removed between its open and
// its listing (the kernel lists a dead directory as ENOENT) is gone, as
// one not found: another run's placeholder its release helper removed
// meanwhile, which a run without the layer took for one the command made
// and failed with 125. A directory that holds something is still none.
func TestStandInRemovedWhileRead(t *testing.T) {
	dir := t.TempDir()
	open := func(name string) int {
		t.Helper()
		fd, err := unix.Open(filepath.Join(dir, name), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(fd) })
		return fd
	}
	for _, d := range []string{".mewsandbox", ".claude"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gone := open(".mewsandbox")
	if err := os.Remove(filepath.Join(dir, ".mewsandbox")); err != nil {
		t.Fatal(err)
	}
	if !openStandIn(gone) {
		t.Error("a directory removed since it was opened is taken for one that holds something")
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if openStandIn(open(".claude")) {
		t.Error("a directory holding settings.json is taken for a stand-in")
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if got, want := (&checker{dir: dir}).aside(fd, ".mewsandbox"), "it was gone before it could be moved aside"; got != want {
		t.Errorf("aside of a name gone = %q, want %q", got, want)
	}
}
