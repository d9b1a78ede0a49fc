//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGitlinkState: the gitlinks a run keeps are read back by the next
// run's plan; two runs in the same root keep both theirs (merged under
// the lock, not the last writer's); a drop removes only the entry the
// plan read (an entry kept again since by another run stays); the file
// goes with its last entry.
func TestGitlinkState(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "mewsandbox", "gitlinks")
	root := "/p/root"
	file := gitlinkStateFile(dir, root)
	if got, err := readGitlinkState(file, root); got != nil || err != nil {
		t.Fatalf("no file: %v %v", got, err)
	}
	a := pendingLink{Git: root + "/.git", Work: root, Rel: "deep/a"}
	b := pendingLink{Git: root + "/.git", Work: root, Rel: "deep/b"}
	if err := updateGitlinkState(file, root, nil, nil, []pendingLink{a}, []string{root}); err != nil {
		t.Fatal(err)
	}
	if err := updateGitlinkState(file, root, nil, nil, []pendingLink{b, a}, nil); err != nil {
		t.Fatal(err)
	}
	got, err := readGitlinkState(file, root)
	if err != nil || len(got) != 2 || !got[0].same(a) || !got[1].same(b) || got[0].Added == 0 {
		t.Fatalf("kept: %+v %v", got, err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the state file: %v %v", fi, err)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the state directory: %v %v", fi, err)
	}
	stale := got[0]
	stale.Added--
	if err := updateGitlinkState(file, root, []pendingLink{stale}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if again, _ := readGitlinkState(file, root); !slices.Equal(again, got) {
		t.Errorf("an entry kept since another run's plan was dropped: %+v", again)
	}
	// A plan's entry the file lost (a command that could write it) is
	// written back.
	os.Remove(file)
	if err := updateGitlinkState(file, root, nil, got[:1], nil, nil); err != nil {
		t.Fatal(err)
	}
	if again, _ := readGitlinkState(file, root); len(again) != 1 || again[0] != got[0] {
		t.Errorf("the plan's entry not written back: %+v", again)
	}
	if err := updateGitlinkState(file, root, got[:1], nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(file); !os.IsNotExist(err) {
		t.Errorf("the state file outlived its last entry: %v", err)
	}
	if _, err := readGitlinkState(gitlinkStateFile(dir, "/other"), root); err != nil {
		t.Error(err)
	}
}

// TestGitlinkStateUntrusted: a state file the sandboxed command could
// have written, or another user, is not read; a state directory in a
// tree the command may write is not written.
func TestGitlinkStateUntrusted(t *testing.T) {
	dir := t.TempDir()
	root := "/p/root"
	file := gitlinkStateFile(dir, root)
	good := gitlinkStateBytes(root, []pendingLink{{Git: root + "/.git", Work: root, Rel: "x", Added: 1}})
	for name, make := range map[string]func() error{
		"writable by others": func() error { os.WriteFile(file, good, 0o600); return os.Chmod(file, 0o666) },
		"a link":             func() error { os.WriteFile(file+".t", good, 0o600); return os.Symlink(file+".t", file) },
		"another root's":     func() error { return os.WriteFile(file, gitlinkStateBytes("/q", nil), 0o600) },
		"junk":               func() error { return os.WriteFile(file, []byte("x\x00"), 0o600) },
	} {
		os.Remove(file)
		if err := make(); err != nil {
			t.Fatal(err)
		}
		if _, err := readGitlinkState(file, root); err == nil {
			t.Errorf("%s: read", name)
		}
	}
	if os.Geteuid() == 0 {
		os.Remove(file)
		os.WriteFile(file, good, 0o600)
		os.Chown(file, 999, 999)
		if _, err := readGitlinkState(file, root); err == nil || !strings.Contains(err.Error(), "owned by user 999") {
			t.Errorf("another user's: %v", err)
		}
	}
	os.Remove(file)
	err := updateGitlinkState(file, root, nil, nil, []pendingLink{{Git: root + "/.git", Work: root, Rel: "x"}}, []string{"/p", filepath.Dir(dir)})
	if err != errStateWritable {
		t.Errorf("a state directory the command may write: %v", err)
	}
}

// TestKeepGitlinksCannotKeep: a run with gitlinks to keep and no state
// directory fails, naming them, rather than lose the check; one with
// nothing to keep says nothing.
func TestKeepGitlinksCannotKeep(t *testing.T) {
	root := &plannedTodos{Git: "/p/.git", Work: "/p", StateErr: "no state directory"}
	if got := keepGitlinks([]*plannedTodos{root}); got != nil {
		t.Errorf("nothing to keep: %q", got)
	}
	root.empty = []pendingLink{{Git: "/p/.git", Work: "/p", Rel: "deep/sub"}}
	got := keepGitlinks([]*plannedTodos{root})
	if len(got) != 1 || !strings.Contains(got[0], "/p/deep/sub") || !strings.Contains(got[0], "cannot keep them") || !strings.Contains(got[0], "no state directory") {
		t.Errorf("keepGitlinks = %q", got)
	}
}

// TestPlanGitlinks: the plan reads the root's kept gitlinks onto the
// root's plannedTodos, those in the root only; with no state directory
// it says why none can be kept.
func TestPlanGitlinks(t *testing.T) {
	dir := t.TempDir()
	root := "/p/root"
	in := pendingLink{Git: root + "/.git", Work: root, Rel: "deep/a", Added: 1}
	out := pendingLink{Git: root + "/.git", Work: "/elsewhere", Rel: "x", Added: 2}
	up := pendingLink{Git: root + "/.git", Work: root, Rel: "../x", Added: 3}
	if err := os.WriteFile(gitlinkStateFile(dir, root), gitlinkStateBytes(root, []pendingLink{in, out, up}), 0o600); err != nil {
		t.Fatal(err)
	}
	sub := &plannedTodos{Git: root + "/.git/modules/s", Work: root + "/s"}
	p := &plannedTodos{Git: root + "/.git", Work: root}
	if why := planGitlinks([]*plannedTodos{sub, p}, root, dir, nil); why != "" {
		t.Fatal(why)
	}
	if len(p.Pending) != 1 || p.Pending[0] != in || sub.Pending != nil || p.State != gitlinkStateFile(dir, root) {
		t.Errorf("planned: %+v; the submodule's %+v", p, sub.Pending)
	}
	q := &plannedTodos{Git: root + "/.git", Work: root}
	planGitlinks([]*plannedTodos{q}, root, "", nil)
	if q.State != "" || q.StateErr == "" {
		t.Errorf("no state directory: %q %q", q.State, q.StateErr)
	}
}
