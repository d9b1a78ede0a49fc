//go:build linux

package integration

import (
	"testing"
)

// withNestedMounts runs setup and then script with sh in a mount namespace
// of its own (its mounts go with it), $BIN the binary, $P root and $O a
// directory outside it; it skips where such a namespace cannot be had (not
// root, no unshare).
//
// The commands these tests run under --yolo name the path they write
// through a file (target), which the permission engine cannot read ahead:
// given on the command line, as sh -c's "$0" was, it asks for a protected
// one even in bypassPermissions (since stop 45), and the layer, which
// these tests judge, would not be reached.
func withNestedMounts(t *testing.T, root, setup, script string) result {
	t.Helper()
	return inOwnMounts(t, setup, `cd "$P" && `+script, "P="+root, "O="+outsideTemp(t))
}

// TestNestedMountWritable: a mount the host has writable inside the root
// (a node_modules volume or a tmpfs build directory in a container's
// checkout) is writable in the sandbox as the root is, granted with
// --allow-write too: the layer made the tree read-only with every mount
// below it and only the root's own mount writable again, so the command
// got EROFS there (in a .git of its own mount, git commit too). One the
// host has read-only stays read-only, one inside a protected path stays
// read-only as the path does, and so does one that shows files found
// elsewhere too, outside the root or protected (a bind of /, or of the
// root's .git/hooks): under that name the command would write them. So does
// one whose writes land outside the root on another file system: an
// overlay's upper directory, a loop device's image.
func TestNestedMountWritable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, setup, flags, path string
		written                  bool
	}{
		{"a writable tmpfs in the root", `mount -t tmpfs tmpfs "$P/vol"`, "", "vol", true},
		{"a writable bind in the root, granted", `mount --bind "$P/src" "$P/vol"`, `--allow-write "$P/vol"`, "vol", true},
		{"one below it", `mount -t tmpfs tmpfs "$P/vol"; mkdir "$P/vol/in"; mount -t tmpfs tmpfs "$P/vol/in"`, "", "vol/in", true},
		{"a read-only tmpfs in the root", `mount -t tmpfs -o ro tmpfs "$P/vol"`, "", "vol", false},
		{"a read-only bind over a writable one", `mount -t tmpfs tmpfs "$P/vol"; mount --bind "$P/src" "$P/vol"; mount -o remount,bind,ro "$P/vol"`, "", "vol", false},
		{"a writable tmpfs in .claude", `mount -t tmpfs tmpfs "$P/.claude/vol"`, "", ".claude/vol", false},
		{"a writable tmpfs on .claude", `mount -t tmpfs tmpfs "$P/.claude"`, "", ".claude", false},
		{"a writable tmpfs in .git/hooks", `mount -t tmpfs tmpfs "$P/.git/hooks/vol"`, "", ".git/hooks/vol", false},
		{"a bind of a directory outside the root", `mount --bind "$O" "$P/vol"`, "", "vol", false},
		{"a bind of the root's .git/hooks in it", `git -C "$P" init -q; mount --bind "$P/.git/hooks" "$P/vol"`, "", "vol", false},
		{"a bind of the root in it", `mount --bind "$P" "$P/vol"`, "", "vol/.claude", false},
		{".git a mount of its own", `git -C "$P" init -q; mount --bind "$P/.git" "$P/.git"`, "", ".git", true},
		{"its hooks", `git -C "$P" init -q; mount --bind "$P/.git" "$P/.git"`, "", ".git/hooks", false},
		{"an overlay writing outside the root", `mkdir "$O/up" "$O/work"; mount -t overlay overlay -o lowerdir="$P/src",upperdir="$O/up",workdir="$O/work" "$P/vol"`, "", "vol", false},
		{"an overlay writing inside it", `mkdir "$P/src/up" "$P/src/work"; mount -t overlay overlay -o lowerdir="$O",upperdir="$P/src/up",workdir="$P/src/work" "$P/vol"`, "", "vol", true},
		{"a loop device's file system, its image outside the root", `truncate -s 16M "$O/img"; mkfs.ext4 -q "$O/img"; mount -o loop "$O/img" "$P/vol"`, "", "vol", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := project(t, map[string]string{"src/README": "", ".claude/vol/README": "", ".git/hooks/vol/README": "", "vol/README": ""})
			r := withNestedMounts(t, root, tt.setup,
				`printf %s "`+tt.path+`" > target; "$BIN" run --yolo `+tt.flags+` -- sh -c 'd=$(cat target); touch "$d/x" 2>/dev/null && echo WROTE; touch ok && echo root'; `+
					`test -e "$P/`+tt.path+`/x" && echo THERE; exit 0`)
			want := "root\n"
			if tt.written {
				want = "WROTE\nroot\nTHERE\n"
			}
			if r.code != 0 || r.stdout != want {
				t.Errorf("stdout %q, stderr %q; want %q", r.stdout, r.stderr, want)
			}
		})
	}
}

// TestReadOnlyGitDirInWritableRoot: a writable checkout whose .git the host
// mounts read-only (a CI container given the repository's history but not
// the right to change it) runs, .git read-only: the placeholder commondir
// the layer makes where one is missing could not be made on that mount, and
// every run there was refused (125). The command cannot make one either.
func TestReadOnlyGitDirInWritableRoot(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, setup string }{
		{"a read-only bind of .git", `git -C "$P" init -q; mount --bind "$P/.git" "$P/.git"; mount -o remount,bind,ro "$P/.git"`},
		{"without hooks", `git -C "$P" init -q; rm -r "$P/.git/hooks"; mount --bind "$P/.git" "$P/.git"; mount -o remount,bind,ro "$P/.git"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := project(t, map[string]string{"f": "hi"})
			r := withNestedMounts(t, root, tt.setup,
				`printf .git > target; "$BIN" run --yolo -- sh -c 'touch ok && echo root; d=$(cat target); for f in commondir hooks/x x; do touch "$d/$f" 2>/dev/null && echo WROTE $f; done; git status >/dev/null && echo status'; `+
					`echo "exit $?"; ls "$P/.git" | grep -x commondir`)
			if want := "root\nstatus\nexit 0\n"; r.stdout != want {
				t.Errorf("stdout %q, stderr %q; want %q", r.stdout, r.stderr, want)
			}
		})
	}
}
