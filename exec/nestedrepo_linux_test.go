package exec

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCheckNested: a repository one level below the root whose
// configuration runs a program (core.fsmonitor, a filter), not there at
// the plan, has its .git moved aside; a plain one (git init, a test's
// fixture), one there at the plan, and a file or a directory without
// .git stay.
func TestCheckNested(t *testing.T) {
	// There at the plan, their configuration unchanged since: the user's
	// own, whatever they run.
	root := nestedTree(t)
	sec, nsec := changeClockNsec()
	planned := planNested(root, sec, nsec)
	if len(planned.Repos) != 7 {
		t.Errorf("planNested found %d repositories, want 7 (every .git one level down)", len(planned.Repos))
	}
	planned.Since = changeClock() + 100
	if found := checkNested(planned); len(found) != 0 {
		t.Fatalf("repositories there at the plan: %q, want none", found)
	}
	// Not there at the plan (made, or moved in: a rename keeps the inode
	// the plan would have recorded), however old their configuration.
	checkNestedFound(t, root, checkNested(&plannedNested{Root: root, Since: changeClock() + 100}))
	// There at the plan, their configuration changed since.
	root = nestedTree(t)
	planned = planNested(root, sec, nsec)
	planned.Since = changeClock() - 100
	checkNestedFound(t, root, checkNested(planned))
	if checkNested(nil) != nil {
		t.Error("checkNested(nil) found something")
	}
}

// nestedTree makes a root with repositories one level down: five whose
// configuration runs a program (fsm, filter, included, pointer: a .git
// file naming ../.hidden.git, link: a .git link), two that run none
// (plain, boolean: git's own fsmonitor daemon), and entries without .git.
func nestedTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	mk := func(path, content string) {
		t.Helper()
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk("fsm/.git/config", "[core]\n\tfsmonitor = touch /tmp/pwned\n")
	mk("filter/.git/config", "[filter \"x\"]\n\tclean = sh -c evil\n")
	mk("included/.git/config", "[include]\n\tpath = ../inc\n")
	mk("included/inc", "[diff \"d\"]\n\ttextconv = evil\n")
	mk("pointer/.git", "gitdir: ../.hidden.git\n")
	mk(".hidden.git/config", "[core]\n\tfsmonitor = evil\n")
	mk("plain/.git/config", "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[user]\n\tname = t\n\temail = t@example.com\n")
	mk("boolean/.git/config", "[core]\n\tfsmonitor = true\n")
	mk("nogit/file", "x")
	mk("afile", "x")
	mk("link/x/config", "[core]\n\tfsmonitor = evil\n")
	if err := os.Symlink("/tmp", filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("x", filepath.Join(root, "link/.git")); err != nil {
		t.Fatal(err)
	}
	return root
}

// checkNestedFound asserts that found, checkNested's answer for a
// nestedTree, moved the five repositories that run a program aside and
// left the rest.
func checkNestedFound(t *testing.T, root string, found []string) {
	t.Helper()
	moved := map[string]bool{}
	for _, f := range found {
		dir, _, _ := strings.Cut(strings.TrimPrefix(f, root+"/"), "/")
		moved[dir] = true
		if !strings.Contains(f, "moved to "+filepath.Join(root, dir, ".git.mewsandbox-planted")) {
			t.Errorf("%q: want it moved to %s/.git.mewsandbox-planted", f, dir)
		}
	}
	for _, dir := range []string{"fsm", "filter", "included", "pointer", "link"} {
		if !moved[dir] {
			t.Errorf("%s/.git not moved aside (found %q)", dir, found)
		}
		if _, err := os.Lstat(filepath.Join(root, dir, ".git")); !os.IsNotExist(err) {
			t.Errorf("%s/.git still there: %v", dir, err)
		}
	}
	for _, dir := range []string{"plain", "boolean"} {
		if moved[dir] {
			t.Errorf("%s/.git moved aside, want it kept", dir)
		}
		if _, err := os.Lstat(filepath.Join(root, dir, ".git")); err != nil {
			t.Errorf("%s/.git: %v, want it kept", dir, err)
		}
	}
	if len(found) != 5 {
		t.Errorf("found %d, want 5: %q", len(found), found)
	}
}

// TestNestedArg: the argument a killed runner's sharer hands on reads
// back as what it was made of.
func TestNestedArg(t *testing.T) {
	for _, n := range []*plannedNested{
		{Root: "/p/a:b", Since: 1764876000, Nsec: 12},
		{Root: "/p/a:b", Since: 1764876000, Nsec: 999999999, Repos: []devIno{{2049, 131}, {2049, 7}}},
	} {
		arg := nestedArg(n)
		kind, rest, _ := strings.Cut(arg, ":")
		if kind != "n" {
			t.Fatalf("%q: kind %q, want n", arg, kind)
		}
		if got := parseNestedArg(rest); !reflect.DeepEqual(got, n) {
			t.Errorf("parseNestedArg(%q) = %+v, want %+v", rest, got, n)
		}
	}
	for _, bad := range []string{"", "x::/p", "12", "12.0:relative", "12.0::relative", "12::/p", "12.0:1:/p", "12.0:a.1:/p"} {
		if got := parseNestedArg(bad); got != nil {
			t.Errorf("parseNestedArg(%q) = %+v, want nil", bad, got)
		}
	}
}

// TestCheckNestedManyEntries: a root of more than 65,536 entries (a flat
// data set) failed every run, the listing capped there; it is now read
// through one buffer, its files passed by, and a repository the command
// made among them is still found. A listing of directories only costs.
func TestCheckNestedManyEntries(t *testing.T) {
	root := t.TempDir()
	for i := range 70000 {
		fd, err := unix.Open(filepath.Join(root, "f"+strconv.Itoa(i)), unix.O_CREAT|unix.O_WRONLY|unix.O_CLOEXEC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		unix.Close(fd)
	}
	sec, nsec := changeClockNsec()
	planned := planNested(root, sec, nsec)
	if err := os.MkdirAll(filepath.Join(root, "tools/.git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tools/.git/config"), []byte("[core]\n\tfsmonitor = touch /tmp/pwned\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	found := checkNested(planned)
	if len(found) != 1 || !strings.Contains(found[0], "tools/.git: ") || !strings.Contains(found[0], "core.fsmonitor") {
		t.Fatalf("checkNested: %q, want tools/.git moved aside alone", found)
	}
	if _, err := os.Lstat(filepath.Join(root, "tools/.git")); !os.IsNotExist(err) {
		t.Errorf("tools/.git left (%v)", err)
	}
}
