//go:build linux

package landlock

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCov75ExactBelowAFile: an Exact rule whose directory on the way was
// swapped for a file (ENOTDIR) fails the build with a *ChangedError, the
// rule not silently dropped as a plain optional one is; the same rule on
// the intact tree still builds.
func TestCov75ExactBelowAFile(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(sub, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	var st unix.Stat_t
	if err := unix.Lstat(filepath.Join(sub, "d"), &st); err != nil {
		t.Fatal(err)
	}
	exact := PathRule{Path: filepath.Join(sub, "d"), Access: ReadOnly, Optional: true, Exact: &FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}}
	build := func(r PathRule) error {
		fd, err := Config{Paths: []PathRule{r}}.buildRuleset(ABI())
		if err == nil {
			unix.Close(fd)
		}
		return err
	}
	if err := build(exact); err != nil {
		t.Fatalf("neighbour, the planned directory: %v", err)
	}
	// sub swapped for a file: sub/d is reached below a file.
	if err := os.Rename(sub, filepath.Join(dir, "sub.was")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sub, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var ce *ChangedError
	if err := build(exact); !errors.As(err, &ce) || ce.Path != exact.Path || !strings.Contains(ce.Now, "no longer a directory") {
		t.Errorf("Exact rule below a file: Build = %v, want a *ChangedError saying so", err)
	}
	plain := exact
	plain.Exact = nil
	if err := build(plain); err != nil {
		t.Errorf("the optional rule without Exact: Build = %v, want it skipped", err)
	}
}

// TestCov75DirectoryRightsOnAFile: a rule on a file that carries only
// directory rights adds no rule (the kernel would refuse it): the file
// stays unreadable in the domain, its neighbour granted ReadFile reads.
func TestCov75DirectoryRightsOnAFile(t *testing.T) {
	t.Parallel()
	needABI(t, 1)
	root := fixture(t)
	cfg := Config{Paths: append(append([]PathRule(nil), system...),
		PathRule{Path: filepath.Join(root, "files/a.txt"), Access: ReadDir | MakeReg | RemoveFile},
		PathRule{Path: filepath.Join(root, "files/b.txt"), Access: ReadFile})}
	ops := []op{
		{Do: "read", Path: filepath.Join(root, "files/a.txt"), Want: "EACCES"},
		{Do: "write", Path: filepath.Join(root, "files/a.txt"), Want: "EACCES"},
		{Do: "read", Path: filepath.Join(root, "files/b.txt")},
	}
	fd, err := cfg.buildRuleset(ABI())
	if err != nil {
		t.Fatalf("building the ruleset here: %v", err)
	}
	unix.Close(fd)
	res := restrictInChild(t, childSpec{Config: cfg, Ops: ops})
	if res.RestrictErr != "" {
		t.Fatalf("Restrict: %s", res.RestrictErr)
	}
	checkOps(t, ops, res)
}

// TestCov75NoLandlockStillChecksPaths: on a kernel without Landlock
// (ABI 0) best effort applies nothing, but a required path that is
// missing or relative still fails the build, and an optional missing one
// does not; strict mode refuses the policy outright.
func TestCov75NoLandlockStillChecksPaths(t *testing.T) {
	// Not parallel: kernelABI is the package's.
	defer func(f func() int) { kernelABI = f }(kernelABI)
	kernelABI = func() int { return 0 }
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	for _, tt := range []struct {
		name string
		rule PathRule
		want string // in the error, "" for none
	}{
		{"a required path missing", PathRule{Path: missing, Access: ReadOnly}, "no such file"},
		{"a relative path", PathRule{Path: "rel/x", Access: ReadOnly, Optional: true}, "not absolute"},
		{"below a file, required", PathRule{Path: filepath.Join(dir, "f", "x"), Access: ReadOnly}, "not a directory"},
		{"neighbour: an optional path missing", PathRule{Path: missing, Access: ReadOnly, Optional: true}, ""},
		{"neighbour: a path there", PathRule{Path: dir, Access: ReadOnly}, ""},
	} {
		os.WriteFile(filepath.Join(dir, "f"), nil, 0o644)
		rs, notEnforced, err := Config{Paths: []PathRule{tt.rule}}.Build(true)
		if rs != nil {
			rs.Close()
			t.Errorf("%s: a ruleset without Landlock", tt.name)
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: Build = %v, want nil", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: Build = %v, want an error with %q", tt.name, err, tt.want)
		case err == nil && len(notEnforced) == 0:
			t.Errorf("%s: nothing said not enforced without Landlock", tt.name)
		}
	}
	var ue *UnsupportedError
	if _, _, err := (Config{Paths: []PathRule{{Path: dir, Access: ReadOnly}}}).Build(false); !errors.As(err, &ue) {
		t.Errorf("strict without Landlock: Build = %v, want an *UnsupportedError", err)
	}
}
