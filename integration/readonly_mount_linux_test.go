//go:build linux

package integration

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// inReadOnlyMount runs script with sh in a mount namespace of its own, in
// which $RO is a read-only bind mount of src (the mount goes with the
// namespace), $BIN the binary; it skips where such a namespace cannot be
// had (not root, no unshare).
func inReadOnlyMount(t *testing.T, src, ro, script string) result {
	t.Helper()
	return inOwnMounts(t, `mount --bind "$SRC" "$RO"; mount -o remount,bind,ro "$RO"`, script, "SRC="+src, "RO="+ro)
}

// inOwnMounts runs setup (any failure fails the run) and then script
// with sh in a mount namespace of its own, whose mounts go with it, as
// root, $BIN the binary and env added to a clean environment with a home
// of its own; it skips where such a namespace cannot be had (not root, no
// unshare).
func inOwnMounts(t *testing.T, setup, script string, env ...string) result {
	t.Helper()
	requireMountNamespaces(t)
	if err := osexec.Command("unshare", "--mount", "--propagation", "private", "true").Run(); err != nil {
		t.Skipf("no mount namespace of our own: %v", err)
	}
	home := outsideTemp(t)
	cmd := osexec.Command("unshare", "--mount", "--propagation", "private", "sh", "-c", `set -e; `+setup+`; set +e; `+script)
	cmd.Env = append([]string{
		"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"), "LANG=C",
		"BIN=" + bin,
	}, env...)
	return runCommand(t, cmd)
}

// listTree lists the paths below dir, one a line.
func listTree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		b.WriteString(strings.TrimPrefix(p, dir) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestReadOnlyMountStaysReadOnly: a project, or a path granted writable,
// on a read-only mount (a checkout mounted :ro into a CI container) stays
// read-only in the sandbox, as on the host: the layer made every writable
// grant's mount writable again, the host's read-only bind included, and
// the command wrote through it. And a run there is not refused for the
// placeholders it cannot make: the command cannot make them either.
func TestReadOnlyMountStaysReadOnly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		flags string
	}{
		{"a project without the protected directories", map[string]string{"f": "hi"}, ""},
		{"a project with them", map[string]string{"f": "hi", ".git/hooks/README": "", ".mewsandbox/README": "", ".claude/README": "", ".codex/README": ""}, ""},
		{"without the layer", map[string]string{"f": "hi"}, "--no-namespaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := project(t, tt.files)
			ro := outsideTemp(t)
			before := listTree(t, src)
			r := inReadOnlyMount(t, src, ro, `cd "$RO" && "$BIN" run --yolo `+tt.flags+` -- sh -c 'cat f; echo; touch x 2>/dev/null && echo WROTE; mkdir d 2>/dev/null && echo MADE; exit 3'`)
			if r.code != 3 || r.stdout != "hi\n" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 3 and the file read, nothing written", r.code, r.stdout, r.stderr)
			}
			if _, err := os.Lstat(filepath.Join(src, "x")); err == nil {
				t.Errorf("the command wrote x through the read-only mount")
			}
			if after := listTree(t, src); after != before {
				t.Errorf("the project changed:\n%s\nthen\n%s", before, after)
			}
		})
	}

	// A writable grant outside the root on a read-only mount.
	t.Run("a writable grant", func(t *testing.T) {
		t.Parallel()
		root := project(t, nil)
		src, ro := outsideTemp(t), outsideTemp(t)
		r := inReadOnlyMount(t, src, ro, `cd `+root+` && "$BIN" run --yolo --allow-write "$RO" -- sh -c 'touch "$RO/x" 2>/dev/null && echo WROTE; touch ok && echo root'`)
		if r.code != 0 || r.stdout != "root\n" {
			t.Errorf("exit %d, stdout %q, stderr %q; want the root written and the grant not", r.code, r.stdout, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(src, "x")); err == nil {
			t.Errorf("the command wrote x through the read-only mount")
		}
	})
}
