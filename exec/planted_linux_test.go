//go:build linux

package exec

import (
	"bytes"
	"encoding/binary"
	"maps"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestPlantedCommondirPlan: which submodules' git directories are looked at
// after the run for a commondir the command made.
func TestPlantedCommondirPlan(t *testing.T) {
	noUserConfig(t)
	sub := map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n", ".git/modules/sub/config": "[core]\n\tworktree = ../../../sub\n"}
	tests := []struct {
		name        string
		files       map[string]string
		wantAudited bool
	}{
		{name: "a submodule without commondir: looked at", files: sub, wantAudited: true},
		{name: "a commondir beside its own config, which git never makes (an overlapping run's, a killed runner's): looked at", files: mapWith(mapWith(maps.Clone(sub), ".git/modules/sub/commondir", "../../.."), ".git/modules/sub/objects/x", ""), wantAudited: true},
		{name: "a commondir beside its own config naming nothing (yet): looked at", files: mapWith(mapWith(maps.Clone(sub), ".git/modules/sub/commondir", "../../../evil"), ".git/modules/sub/objects/x", ""), wantAudited: true},
		{name: "a linked worktree's git directory (a commondir, no config of its own): bound read-only instead", files: map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n", ".git/modules/sub/commondir": "../../..", ".git/modules/sub/objects/x": ""}},
		{name: "an empty one, read-only as a whole: nothing to look at", files: map[string]string{".git/modules/sub/x": ""}},
		{name: "no submodules: nothing to look at"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := gitRoot(t, "[core]\n", nil)
			for f, c := range tt.files {
				mkdirAll(t, filepath.Dir(filepath.Join(root, f)))
				write(t, filepath.Join(root, f), c)
			}
			if _, ok := tt.files[".git/modules/sub/HEAD"]; ok {
				mkdirAll(t, filepath.Join(root, "sub"))
				mkdirAll(t, filepath.Join(root, ".git/modules/sub/hooks"))
			}
			l := planNamespace(DefaultPolicy(root), root, "")
			git := filepath.Join(root, ".git/modules/sub")
			if got := slices.Contains(l.audited, git); got != tt.wantAudited || !tt.wantAudited && len(l.audited) > 0 {
				t.Errorf("audited %q; want %s: %v", l.audited, git, tt.wantAudited)
			}
		})
	}
}

// TestUnmadePlan: the protected paths without a placeholder that are
// missing at the plan are looked at after the run; those there are bound
// read-only instead, and a read-only root has none to look at.
func TestUnmadePlan(t *testing.T) {
	noUserConfig(t)
	root := gitRoot(t, "[core]\n", nil)
	mkdirAll(t, filepath.Join(root, ".vscode"))
	write(t, filepath.Join(root, ".mcp.json"), "{}\n")
	mkdirAll(t, filepath.Join(root, "tools/mise"))
	symlink(t, "tools", filepath.Join(root, "mise"))
	l := planNamespace(DefaultPolicy(root), root, "")
	for _, p := range []string{".idea", ".gemini", ".cursor", "opencode.json", ".bashrc", "mise.toml", ".config/mise.toml", ".config/mise", ".mise/config.toml", "tools/config.toml"} {
		if !slices.Contains(l.unmade, filepath.Join(root, p)) {
			t.Errorf("%s, missing, is not looked at after the run: %q", p, l.unmade)
		}
	}
	for _, p := range []string{".vscode", ".mcp.json", ".claude", ".mewsandbox", ".git/hooks", ".git/config", ".gitmodules"} {
		if slices.Contains(l.unmade, filepath.Join(root, p)) {
			t.Errorf("%s (there, a placeholder's, or git submodule add's to make) is looked at after the run: %q", p, l.unmade)
		}
	}
	if slices.Contains(l.unmade, filepath.Join(root, "mise/config.toml")) {
		t.Errorf("mise/config.toml is looked at through the link mise, not where it leads: %q", l.unmade)
	}
	if !slices.IsSortedFunc(l.unmade, func(a, b string) int { return strings.Compare(filepath.Dir(a), filepath.Dir(b)) }) {
		t.Errorf("not in order of their directories: %q", l.unmade)
	}
	ro := DefaultPolicy(root)
	ro.ReadOnlyRoot = true
	if l := planNamespace(ro, root, ""); len(l.unmade) > 0 {
		t.Errorf("a read-only root: %q looked at", l.unmade)
	}
}

// TestMovePlanted: a commondir made in a git directory looked at is moved
// aside, whatever it is, never followed, to a free name; none, nothing.
func TestMovePlanted(t *testing.T) {
	tests := []struct {
		name  string
		make  func(t *testing.T, dir, elsewhere string)
		taken int    // plantedName and .1 … made already, this many
		want  string // the name it is moved to ("*" ending: a random one); "" nothing
	}{
		{name: "none: nothing", make: func(*testing.T, string, string) {}},
		{name: "a file", make: func(t *testing.T, dir, _ string) { write(t, dir+"/commondir", "../evil\n") }, want: plantedName},
		{name: "a link, not followed", make: func(t *testing.T, dir, elsewhere string) { symlink(t, elsewhere, dir+"/commondir") }, want: plantedName},
		{name: "a directory", make: func(t *testing.T, dir, _ string) { mkdir(t, dir+"/commondir") }, want: plantedName},
		{name: "the name taken: .1", make: func(t *testing.T, dir, _ string) { write(t, dir+"/commondir", "../evil\n") }, taken: 1, want: plantedName + ".1"},
		// The command made them all, so that its commondir stayed (red75).
		{name: "all names taken: a random one", make: func(t *testing.T, dir, _ string) { write(t, dir+"/commondir", "../evil\n") }, taken: maxPlanted, want: plantedName + ".*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, elsewhere := t.TempDir(), t.TempDir()
			write(t, elsewhere+"/commondir", "kept\n")
			tt.make(t, dir, elsewhere+"/commondir")
			for i := range tt.taken {
				name := plantedName
				if i > 0 {
					name += "." + strconv.Itoa(i)
				}
				write(t, dir+"/"+name, "earlier\n")
			}
			before, _ := os.Lstat(dir + "/commondir")
			found := movePlanted([]string{dir, filepath.Join(t.TempDir(), "gone")})
			switch {
			case tt.want == "":
				if found != nil {
					t.Fatalf("found %q in a directory without commondir", found)
				}
				return
			case len(found) != 1:
				t.Fatalf("found %q, want one report", found)
			case !strings.Contains(found[0], dir+"/commondir"):
				t.Errorf("the report %q does not name %s/commondir", found[0], dir)
			}
			if random, _ := filepath.Glob(dir + "/" + plantedName + ".????????????????"); strings.HasSuffix(tt.want, "*") && len(random) == 1 {
				tt.want = filepath.Base(random[0])
			}
			if !strings.Contains(found[0], dir+"/"+tt.want) {
				t.Errorf("the report %q does not say where it went (%s)", found[0], tt.want)
			}
			if _, err := os.Lstat(dir + "/commondir"); !os.IsNotExist(err) {
				t.Errorf("commondir still there: %v", err)
			}
			after, err := os.Lstat(dir + "/" + tt.want)
			if err != nil || !os.SameFile(before, after) {
				t.Errorf("%s is not what was planted: %v", tt.want, err)
			}
			if b, _ := os.ReadFile(elsewhere + "/commondir"); string(b) != "kept\n" {
				t.Errorf("what the link names was touched: %q", b)
			}
		})
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, old, p string) {
	t.Helper()
	if err := os.Symlink(old, p); err != nil {
		t.Fatal(err)
	}
}

func mkdirAll(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestWayModes: the plan guards the root and the directories on the way
// to a protected path (.git for .git/hooks), not the others in the root;
// after the run, a write bit for group or others one gained is taken off,
// one taken off stays off, and a directory that is another now is left.
func TestWayModes(t *testing.T) {
	noUserConfig(t)
	root := gitRoot(t, "[core]\n", nil)
	mkdirAll(t, root+"/sub")
	for _, d := range []string{root, root + "/.git", root + "/sub"} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	var guarded []string
	for _, w := range l.ways {
		guarded = append(guarded, w.path)
	}
	if !slices.Contains(guarded, root) || !slices.Contains(guarded, root+"/.git") || slices.Contains(guarded, root+"/sub") {
		t.Fatalf("guarded %q; want the root and .git, not sub", guarded)
	}
	mode := func(d string) os.FileMode {
		fi, err := os.Lstat(d)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	if err := os.Chmod(root, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(root+"/.git", 0o700); err != nil {
		t.Fatal(err)
	}
	found := restoreWayModes(l.ways)
	if len(found) != 1 || !strings.HasPrefix(found[0], root+": ") || !strings.Contains(found[0], "group and others") {
		t.Errorf("found %q; want one report, of the root made writable by group and others", found)
	}
	if mode(root) != 0o755 || mode(root+"/.git") != 0o700 {
		t.Errorf("modes %o and %o after; want 755 put back and the 700 taken off left", mode(root), mode(root+"/.git"))
	}

	// An access control list naming another user, where its group may
	// write already: no bit added, the list taken off.
	if err := os.Chmod(root+"/.git", 0o775); err != nil {
		t.Fatal(err)
	}
	l = planNamespace(DefaultPolicy(root), root, "")
	acl := []byte{2, 0, 0, 0, 1, 0, 7, 0, 255, 255, 255, 255, 2, 0, 7, 0, 57, 48, 0, 0, 4, 0, 7, 0, 255, 255, 255, 255, 16, 0, 7, 0, 255, 255, 255, 255, 32, 0, 5, 0, 255, 255, 255, 255}
	if err := unix.Setxattr(root+"/.git", "system.posix_acl_access", acl, 0); err != nil {
		t.Skipf("no access control lists here: %v", err)
	}
	found = restoreWayModes(l.ways)
	if len(found) != 1 || !strings.HasPrefix(found[0], root+"/.git: ") || !strings.Contains(found[0], "system.posix_acl_access granted beyond what it did before the run is taken off") {
		t.Errorf("found %q; want one report, of what .git's access control list gained taken off", found)
	}
	if _, err := unix.Getxattr(root+"/.git", "system.posix_acl_access", make([]byte, 256)); err != unix.ENODATA || mode(root+"/.git") != 0o775 {
		t.Errorf("after: access control list %v (want none), mode %o (want 775)", err, mode(root+"/.git"))
	}

	// Another directory by that name now: not this one's to change.
	if err := os.Rename(root+"/.git", root+"/git.old"); err != nil {
		t.Fatal(err)
	}
	mkdirAll(t, root+"/.git")
	if err := os.Chmod(root+"/.git", 0o777); err != nil {
		t.Fatal(err)
	}
	if found := restoreWayModes(l.ways); found != nil || mode(root+"/.git") != 0o777 {
		t.Errorf("found %q, mode %o; want nothing done to another directory", found, mode(root+"/.git"))
	}
}

// aclBytes encodes a POSIX access control list's extended attribute:
// entries of tag, permissions and id (-1 for none).
func aclBytes(entries ...[3]int) []byte {
	b := []byte{2, 0, 0, 0}
	for _, e := range entries {
		b = binary.LittleEndian.AppendUint16(b, uint16(e[0]))
		b = binary.LittleEndian.AppendUint16(b, uint16(e[1]))
		b = binary.LittleEndian.AppendUint32(b, uint32(int32(e[2])))
	}
	return b
}

// TestWayModesACLNarrowed: an access control list is never made to grant
// more than the run found, nor fails the run for less. A chmod that takes
// bits off a directory with a list changes the list's mask (and its
// owner's and others' entries): the bits stay off, the run does not fail.
// A list with fewer entries than planned (the command's setfacl -x, or
// another run's restore of what its command added before this run was
// planned) is not widened again.
func TestWayModesACLNarrowed(t *testing.T) {
	noUserConfig(t)
	root := gitRoot(t, "[core]\n", nil)
	git := root + "/.git"
	if err := os.Chmod(git, 0o755); err != nil {
		t.Fatal(err)
	}
	const none = -1
	named := aclBytes([3]int{1, 7, none}, [3]int{2, 5, 12345}, [3]int{4, 5, none}, [3]int{0x10, 5, none}, [3]int{0x20, 5, none})
	if err := unix.Setxattr(git, "system.posix_acl_access", named, 0); err != nil {
		t.Skipf("no access control lists here: %v", err)
	}
	mode := func() os.FileMode {
		fi, err := os.Lstat(git)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	if err := os.Chmod(git, 0o700); err != nil {
		t.Fatal(err)
	}
	if found := restoreWayModes(l.ways); found != nil || mode() != 0o700 {
		t.Errorf("chmod 700 of .git with a list: found %q, mode %o; want nothing, and 700 kept", found, mode())
	}

	// Planned with user 12345's entry, which is gone by the end: not put
	// back.
	if err := os.Chmod(git, 0o755); err != nil {
		t.Fatal(err)
	}
	l = planNamespace(DefaultPolicy(root), root, "")
	if err := unix.Removexattr(git, "system.posix_acl_access"); err != nil {
		t.Fatal(err)
	}
	if found := restoreWayModes(l.ways); found != nil {
		t.Errorf("a list planned, none after: found %q; want nothing", found)
	}
	if _, err := unix.Getxattr(git, "system.posix_acl_access", make([]byte, 256)); err != unix.ENODATA {
		t.Errorf("a list planned, none after: the list is %v after; want none (ENODATA)", err)
	}

	// A list whose mask let its owning group write where that group's
	// own entry did not, taken away: the group writes by the mode now.
	masked := aclBytes([3]int{1, 7, none}, [3]int{2, 7, 12345}, [3]int{4, 5, none}, [3]int{0x10, 7, none}, [3]int{0x20, 5, none})
	if err := unix.Setxattr(git, "system.posix_acl_access", masked, 0); err != nil {
		t.Fatal(err)
	}
	l = planNamespace(DefaultPolicy(root), root, "")
	if err := unix.Removexattr(git, "system.posix_acl_access"); err != nil {
		t.Fatal(err)
	}
	if found := restoreWayModes(l.ways); len(found) != 1 || !strings.Contains(found[0], "took away its access control list") || mode() != 0o755 {
		t.Errorf("a list that kept the group from writing taken away: found %q, mode %o; want one report of the group's write bit, and 755", found, mode())
	}

	// An entry added beside those planned goes, the planned ones stay.
	if err := unix.Setxattr(git, "system.posix_acl_access", named, 0); err != nil {
		t.Fatal(err)
	}
	l = planNamespace(DefaultPolicy(root), root, "")
	wider := aclBytes([3]int{1, 7, none}, [3]int{2, 7, 12345}, [3]int{2, 7, 23456}, [3]int{4, 5, none}, [3]int{0x10, 7, none}, [3]int{0x20, 5, none})
	if err := unix.Setxattr(git, "system.posix_acl_access", wider, 0); err != nil {
		t.Fatal(err)
	}
	found := restoreWayModes(l.ways)
	if len(found) != 1 || !strings.Contains(found[0], "system.posix_acl_access") {
		t.Errorf("entries widened and added: found %q; want one report naming the list", found)
	}
	b := make([]byte, 256)
	n, err := unix.Getxattr(git, "system.posix_acl_access", b)
	if want := aclBytes([3]int{1, 7, none}, [3]int{2, 5, 12345}, [3]int{4, 5, none}, [3]int{0x10, 5, none}, [3]int{0x20, 5, none}); err != nil || !bytes.Equal(b[:n], want) || mode() != 0o755 {
		t.Errorf("entries widened and added: list %v %v, mode %o after; want the planned one %v and 755", b[:n], err, mode(), want)
	}
}

// TestWayModesOwner: a root command without CAP_CHOWN may still give a
// directory it owns to a group of its own (a supplementary one of the
// runner's): .git, 775 as umask 002 leaves it, is then that group's to
// write, and its members could replace .git/hooks. The plan's group is
// given back where it is the runner's own; another may be what a parallel
// run's command gave it, so a group then stays, without its write bit;
// the runner's own group given it is no one else's.
func TestWayModesOwner(t *testing.T) {
	root := rootOnlyGitRoot(t, "needs root to change a directory's group to one of another's")
	git := root + "/.git"
	for _, tt := range []struct {
		name              string
		planned, after    int
		wantGid           uint32
		wantMode          uint32
		wantReportOfGroup string
	}{
		{"the runner's group's, given to 12345: given back", 0, 12345, 0, 0o775, "group 12345"},
		{"12345's (another run's command's doing), the runner's after: left", 12345, 0, 0, 0o775, ""},
		{"23456's, given to 12345: 12345 keeps it, without its write bit", 23456, 12345, 12345, 0o755, "group 12345"},
	} {
		if err := os.Chmod(git, 0o775); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(git, 0, tt.planned); err != nil {
			t.Fatal(err)
		}
		l := planNamespace(DefaultPolicy(root), root, "")
		if err := os.Chown(git, -1, tt.after); err != nil {
			t.Fatal(err)
		}
		found := restoreWayModes(l.ways)
		var st unix.Stat_t
		if err := unix.Lstat(git, &st); err != nil {
			t.Fatal(err)
		}
		reported := len(found) == 1 && strings.HasPrefix(found[0], git+": ") && strings.Contains(found[0], tt.wantReportOfGroup)
		if (tt.wantReportOfGroup == "" && found != nil) || (tt.wantReportOfGroup != "" && !reported) || st.Uid != 0 || st.Gid != tt.wantGid || st.Mode&0o7777 != tt.wantMode {
			t.Errorf("%s: found %q, owner %d:%d, mode %o after; want a report of %q, 0:%d and %o", tt.name, found, st.Uid, st.Gid, st.Mode&0o7777, tt.wantReportOfGroup, tt.wantGid, tt.wantMode)
		}
	}
}

// TestWayModesSticky: a root its group may write, kept by the sticky bit
// from renaming what is not the group's own (.git among it): the bit taken
// off lets the group rename .git away, so it goes back on; taken off a
// directory no one else may write, it stays off.
func TestWayModesSticky(t *testing.T) {
	noUserConfig(t)
	root := gitRoot(t, "[core]\n", nil)
	mode := func() os.FileMode {
		fi, err := os.Lstat(root)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode() & (os.ModePerm | os.ModeSticky)
	}
	for _, tt := range []struct {
		before, after os.FileMode
		want          os.FileMode
		report        bool
	}{
		{0o775 | os.ModeSticky, 0o775, 0o775 | os.ModeSticky, true},
		{0o755 | os.ModeSticky, 0o755, 0o755, false},
		{0o775 | os.ModeSticky, 0o755, 0o755, false},
	} {
		if err := os.Chmod(root, tt.before); err != nil {
			t.Fatal(err)
		}
		l := planNamespace(DefaultPolicy(root), root, "")
		if err := os.Chmod(root, tt.after); err != nil {
			t.Fatal(err)
		}
		found := restoreWayModes(l.ways)
		if got := mode(); got != tt.want || (len(found) == 1) != tt.report || (tt.report && !strings.Contains(found[0], "sticky")) {
			t.Errorf("%v, then %v: found %q, mode %v; want a report %v, %v", tt.before, tt.after, found, got, tt.report, tt.want)
		}
	}
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestWayModesNotOwned: a way another user owns is not the command's to
// change (it keeps no CAP_FOWNER or CAP_CHOWN): a change there is its
// owner's, who may share the root with the runner, and neither fails the
// run nor is undone; with CAP_FOWNER kept it is guarded.
func TestWayModesNotOwned(t *testing.T) {
	root := rootOnlyGitRoot(t, "needs root to give a directory to another user")
	git := root + "/.git"
	for _, tt := range []struct {
		keep    []string
		guarded bool
	}{{nil, false}, {[]string{"cap_fowner"}, true}} {
		if err := os.Chmod(git, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(git, 12345, 12345); err != nil {
			t.Fatal(err)
		}
		p := DefaultPolicy(root)
		p.KeepCaps = tt.keep
		l := planNamespace(p, root, "")
		if err := os.Chmod(git, 0o775); err != nil {
			t.Fatal(err)
		}
		found := restoreWayModes(l.ways)
		fi, err := os.Lstat(git)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]os.FileMode{false: 0o775, true: 0o755}[tt.guarded]; (found != nil) != tt.guarded || fi.Mode().Perm() != want {
			t.Errorf("keeping %q, .git user 12345's made 775 meanwhile: found %q, mode %o; want a report %v, mode %o", tt.keep, found, fi.Mode().Perm(), tt.guarded, want)
		}
	}
	if err := os.Chown(git, 0, 0); err != nil {
		t.Fatal(err)
	}
}

// rootOnlyGitRoot is gitRoot for a test that gives files to other users:
// skipped, saying why, unless run as root.
func rootOnlyGitRoot(t *testing.T, why string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip(why)
	}
	noUserConfig(t)
	return gitRoot(t, "[core]\n", nil)
}

// TestReadACLsLong: a list past readACLs' first buffer is read whole, as a
// short one is, and a directory without one reads as none.
func TestReadACLsLong(t *testing.T) {
	dir := t.TempDir()
	if got := readACLs(dir, true); got[0] != nil || got[1] != nil {
		t.Fatalf("no list set: got %v", got)
	}
	for _, users := range []int{1, 59, 60, 200} {
		entries := [][3]int{{1, 7, -1}}
		for u := range users {
			entries = append(entries, [3]int{2, 5, 20000 + u})
		}
		entries = append(entries, [3]int{4, 5, -1}, [3]int{16, 7, -1}, [3]int{32, 5, -1})
		acl := aclBytes(entries...)
		if err := unix.Setxattr(dir, "system.posix_acl_access", acl, 0); err != nil {
			t.Skipf("no access control lists of %d entries here: %v", len(entries), err)
		}
		got := readACLs(dir, true)
		if !bytes.Equal(got[0], acl) || got[1] != nil {
			t.Errorf("%d named users (%d bytes): read %d bytes, want the list set", users, len(acl), len(got[0]))
		}
	}
}

// TestMoveUnmade: of the protected paths missing at the plan, those made
// since are renamed aside whatever they are (a link is not followed), and
// said in one line; missing ones, and one whose directory is gone, are
// nothing to say. A name made already beside is not replaced.
func TestMoveUnmade(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	write(t, elsewhere+"/settings.json", "kept\n")
	mkdir(t, root+"/.vscode")
	write(t, root+"/.vscode/tasks.json", "tasks\n")
	symlink(t, elsewhere, root+"/.gemini")
	write(t, root+"/.mcp.json", "servers\n")
	write(t, root+"/.mcp.json.mewsandbox-planted", "earlier\n")
	if got := moveUnmade([]string{root + "/.cursor", filepath.Join(root, "gone", ".vscode")}); got != nil {
		t.Errorf("nothing made: %q", got)
	}
	got := moveUnmade([]string{root + "/.vscode", root + "/.gemini", root + "/.mcp.json", root + "/.cursor"})
	if len(got) != 1 {
		t.Fatalf("want one line, got %q", got)
	}
	for _, w := range []string{root + "/.vscode to .vscode.mewsandbox-planted", root + "/.gemini to .gemini.mewsandbox-planted", root + "/.mcp.json to .mcp.json.mewsandbox-planted.1"} {
		if !strings.Contains(got[0], w) {
			t.Errorf("%q does not say %q", got[0], w)
		}
	}
	if strings.Contains(got[0], ".cursor") {
		t.Errorf("%q names .cursor, which was not made", got[0])
	}
	for _, p := range []string{".vscode", ".gemini", ".mcp.json"} {
		if _, err := os.Lstat(root + "/" + p); err == nil {
			t.Errorf("%s is still there", p)
		}
	}
	if b, err := os.ReadFile(root + "/.vscode.mewsandbox-planted/tasks.json"); err != nil || string(b) != "tasks\n" {
		t.Errorf(".vscode moved aside: tasks.json %q, %v", b, err)
	}
	if b, err := os.ReadFile(root + "/.mcp.json.mewsandbox-planted"); err != nil || string(b) != "earlier\n" {
		t.Errorf("the name taken before: %q, %v", b, err)
	}
	if target, err := os.Readlink(root + "/.gemini.mewsandbox-planted"); err != nil || target != elsewhere {
		t.Errorf(".gemini moved aside: %q, %v; want the link itself", target, err)
	}
	if b, err := os.ReadFile(elsewhere + "/settings.json"); err != nil || string(b) != "kept\n" {
		t.Errorf("what the link led to: %q, %v", b, err)
	}
}

// TestAfterKilledArgs: what the sharer is handed for a killed runner reads
// back as the same directories and ways, a path with colons in it and
// lists that are missing or empty included; a malformed way is dropped,
// not taken for another.
func TestAfterKilledArgs(t *testing.T) {
	if afterKilledArgs("/p", nil, nil, plannedFound{}, nil, nil, nil, nil, nil, os.Getpid()) != nil {
		t.Error("nothing to do: want no arguments")
	}
	// Found at a plan not beside another run, they are the person's.
	if afterKilledArgs("/p", nil, nil, plannedFound{paths: []string{"/p/.mcp.json"}}, nil, nil, nil, nil, nil, os.Getpid()) != nil {
		t.Error("found paths of a plan not beside another run: want no arguments")
	}
	ways := []wayMode{
		{path: "/p/a:b/.git", mode: 0o1755, uid: 1000, gid: 1001, dev: 1<<40 + 3, ino: 77, acls: [2][]byte{{2, 0, 0, 0, 1, 0, 7, 0, 255, 255, 255, 255}, nil}},
		{path: "/p", mode: 0o700, acls: [2][]byte{nil, {}}},
	}
	mods := []moduleDir{{path: "/p/a:b/3:x", modules: []string{"check.py", "h:1.py", "lib"}}, {path: "/p/none"}, {path: "/p/tools", modules: []string{"__init__.py"}, names: []string{"__init__", "hook"}}, // hk84: a package's names
		{path: "/p/o,1:2", modules: []string{"a.py"}, since: 1700000000, nsec: 5}, {path: "/p/t", names: []string{"x"}, since: 1700000000, nsec: 6}} // red84: a plan beside another run
	found := plannedFound{paths: []string{"/p/.mcp.json", "/p/.cursor", "/p/s,1:2/x.sh"}, sec: 1700000000, nsec: 7} // fix86: a plan beside another run
	args := afterKilledArgs("", []string{"/p/.git/modules/x"}, []string{"/p/.vscode", "/p/.gemini", "/p/a:b/.mcp.json", "/p/s/a:b.sh", "/p/s/x:", "/p/s/ab.sh"}, found, ways, nil, nil, mods, nil, os.Getpid())
	if len(args) < 2 || args[0] != "mewsandbox" || args[1] != afterKilledArg || !strings.HasPrefix(args[2], "c:"+strconv.Itoa(os.Getpid())+":") {
		t.Fatalf("args %q", args)
	}
	var got []wayMode
	var dirs, unmade []string
	var gotFound plannedFound
	var gotMods []moduleDir
	for _, a := range args[3:] {
		kind, rest, _ := strings.Cut(a, ":")
		switch kind {
		case "d":
			dirs = append(dirs, rest)
		case "m":
			if paths, sec, nsec := parseUnmadeArg(rest); sec == 0 {
				unmade = append(unmade, paths...)
			} else {
				gotFound.paths = append(gotFound.paths, paths...)
				gotFound.sec, gotFound.nsec = sec, nsec
			}
		case "y":
			m, ok := parseModuleDirArg(rest)
			if !ok {
				t.Fatalf("%q does not read back", a)
			}
			gotMods = append(gotMods, m)
		case "w":
			w, ok := parseWayArg(rest)
			if !ok {
				t.Fatalf("%q does not read back", a)
			}
			got = append(got, w)
		}
	}
	if !slices.Equal(dirs, []string{"/p/.git/modules/x"}) || !slices.Equal(unmade, []string{"/p/.vscode", "/p/.gemini", "/p/a:b/.mcp.json", "/p/s/a:b.sh", "/p/s/x:", "/p/s/ab.sh"}) || !slices.Contains(args, "m:15:.vscode/.gemini:/p") || len(got) != 2 {
		t.Fatalf("dirs %q, unmade %q, ways %+v", dirs, unmade, got)
	}
	if !slices.Equal(gotFound.paths, found.paths) || gotFound.sec != found.sec || gotFound.nsec != found.nsec {
		t.Errorf("found paths %+v read back as %+v", found, gotFound)
	}
	if !slices.EqualFunc(mods, gotMods, func(a, b moduleDir) bool {
		return a.path == b.path && slices.Equal(a.modules, b.modules) && slices.Equal(a.names, b.names) && (a.names == nil) == (b.names == nil) && a.since == b.since && a.nsec == b.nsec
	}) {
		t.Errorf("modules' directories %+v read back as %+v", mods, gotMods)
	}
	for _, bad := range []string{"", "x:/p", "0:/p", "9:/p", "2:pp", "-1:/p", "*:0:/p", "*:9:/p", "*:2:pp", "*:2,:/p", "*:2,0,0:/p", "*:2,x,1:/p"} {
		if m, ok := parseModuleDirArg(bad); ok {
			t.Errorf("%q read as a modules' directory %+v", bad, m)
		}
	}
	for i := range ways {
		w, g := ways[i], got[i]
		if w.path != g.path || w.mode != g.mode || w.uid != g.uid || w.gid != g.gid || w.dev != g.dev || w.ino != g.ino || !bytes.Equal(w.acls[0], g.acls[0]) || !bytes.Equal(w.acls[1], g.acls[1]) || (w.acls[0] == nil) != (g.acls[0] == nil) {
			t.Errorf("way %d: %+v read back as %+v", i, w, g)
		}
	}
	for _, bad := range []string{"", ".vscode", ".vscode:", ".vscode:p", "..//.:/p", "9:a:/p", "2:ab/p", "2:..:/p", "-1::/p", "1,:a:/p", "1,0,0:a:/p", "1,x,1:a:/p"} {
		if got, _, _ := parseUnmadeArg(bad); got != nil {
			t.Errorf("%q read as unmade paths %q", bad, got)
		}
	}
	for _, bad := range []string{"", "1:2:3", "x:2:3:4:5:-:-:/p", "1:2:3:4:5:zz:-:/p", "1:2:3:4:5:-:-:"} {
		if _, ok := parseWayArg(bad); ok {
			t.Errorf("%q read as a way", bad)
		}
	}
}

// TestWaitEnded: the wait for a killed runner's own child ends when it
// has ended (sent SIGKILL, as the kernel does when its parent dies), and
// at once for a pid whose start time is another process's.
func TestWaitEnded(t *testing.T) {
	cmd := osexec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p, err := readStat(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	waitEnded(cmd.Process.Pid, p.start+1)
	if syscall.Kill(cmd.Process.Pid, 0) != nil || time.Since(start) > time.Second {
		t.Fatal("a pid with another start time: waited for or killed")
	}
	waitEnded(cmd.Process.Pid, p.start)
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") || time.Since(start) > 5*time.Second {
		t.Fatalf("sleep ended with %v after %v, want killed at once", err, time.Since(start))
	}
	waitEnded(cmd.Process.Pid, p.start) // reaped: returns
}
