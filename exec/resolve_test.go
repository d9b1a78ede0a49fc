package exec

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestResolverMatchesEvalSymlinks: the resolver gives what
// filepath.EvalSymlinks gives, links, dots and errors included, however
// often it is asked and in which order.
func TestResolverMatchesEvalSymlinks(t *testing.T) {
	t.Parallel()
	paths := linkTree(t)
	r := newResolver(0)
	for round := range 2 {
		for _, p := range paths {
			want, werr := filepath.EvalSymlinks(p)
			got, gerr := r.eval(p)
			if got != want || (werr == nil) != (gerr == nil) {
				t.Errorf("round %d: eval(%s) = %q, %v; EvalSymlinks gives %q, %v", round, p, got, gerr, want, werr)
			}
		}
	}
}

// TestResolverSharesLooks: the plan's other looks at the file system
// through its resolver (followWay, stat, lstat) give what they give
// without it, asked in any order and again, each path being looked at
// once.
func TestResolverSharesLooks(t *testing.T) {
	t.Parallel()
	paths := linkTree(t)
	d := filepath.Dir(paths[2])
	in := func(dir string) bool { return within(dir, d+"/x") }
	r := newResolver(0)
	for round := range 2 {
		for _, p := range paths {
			if round == 0 {
				r.eval(p) // the resolution first: its looks are shared
			}
			want, got := followWay(p, in, nil), followWay(p, in, r)
			if got.link != want.link || got.real != want.real || (got.err == nil) != (want.err == nil) ||
				got.exposed != want.exposed || got.endsInLink != want.endsInLink || (got.fi == nil) != (want.fi == nil) ||
				got.fi != nil && fileID(got.fi) != fileID(want.fi) {
				t.Errorf("round %d: followWay(%s) through the resolver = %+v; without it %+v", round, p, got, want)
			}
			wfi, werr := os.Stat(p)
			gfi, gerr := r.stat(p)
			if (werr == nil) != (gerr == nil) || werr == nil && (fileID(gfi) != fileID(wfi) || gfi.Mode() != wfi.Mode()) {
				t.Errorf("round %d: stat(%s) = %v, %v; os.Stat gives %v, %v", round, p, gfi, gerr, wfi, werr)
			}
			wfi, werr = os.Lstat(p)
			gfi, gerr = r.lstat(p)
			if (werr == nil) != (gerr == nil) || werr == nil && (fileID(gfi) != fileID(wfi) || gfi.Mode() != wfi.Mode()) {
				t.Errorf("round %d: lstat(%s) = %v, %v; os.Lstat gives %v, %v", round, p, gfi, gerr, wfi, werr)
			}
		}
	}
	// Looked at once: a file made since is not seen by this plan's
	// resolver, as it was not there when the plan looked.
	made := d + "/missing"
	if err := os.WriteFile(made, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := r.lstat(made); err == nil {
		t.Errorf("lstat(%s) asked the file system again", made)
	}
}

// linkTree makes a directory of links of every kind and returns the paths
// to resolve in it: links relative, absolute, chained, dangling, looping,
// through files and "..".
func linkTree(t *testing.T) []string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"a/b/c", "x/y"} {
		if err := os.MkdirAll(filepath.Join(d, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(d, "a", "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"rel":      "a/b",
		"abs":      filepath.Join(d, "x"),
		"up":       "../" + filepath.Base(d) + "/a",
		"chain":    "rel",
		"dangling": "nowhere",
		"loop1":    "loop2",
		"loop2":    "loop1",
		"x/y/back": "../../a",
		"tofile":   "a/file",
		"viafile":  "a/file/../b",
	} {
		if err := os.Symlink(target, filepath.Join(d, link)); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{
		"/", d, d + "/a", d + "/a/b/c", d + "/rel", d + "/rel/c", d + "/rel/..", d + "/rel/../file",
		d + "/abs/y", d + "/abs/y/back/b", d + "/up/b", d + "/chain/c/..", d + "/dangling", d + "/dangling/x",
		d + "/loop1", d + "/missing", d + "/missing/more", d + "/tofile", d + "/tofile/x", d + "/a/./b//c/",
		d + "/x/y/back/../x", "/dev/shm", "/proc/self",
		// Found by a review: more after a file is ENOTDIR, "..", "." and a
		// trailing slash too, directly or through a link.
		d + "/a/file/..", d + "/a/file/", d + "/a/file/.", d + "/tofile/..", d + "/viafile",
	}
	return paths
}

// TestResolverForCallers: Resolver, for callers outside the package, gives
// filepath.EvalSymlinks' results and its very errors, a nil one too.
func TestResolverForCallers(t *testing.T) {
	t.Parallel()
	paths := linkTree(t)
	for _, x := range []*Resolver{nil, NewResolver()} {
		for round := range 2 {
			for _, p := range paths {
				want, werr := filepath.EvalSymlinks(p)
				got, gerr := x.EvalSymlinks(p)
				if got != want || (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
					t.Errorf("round %d: EvalSymlinks(%s) = %q, %v; filepath gives %q, %v", round, p, got, gerr, want, werr)
				}
				if real, ok := x.Real(p); real != want || ok != (werr == nil) {
					t.Errorf("round %d: Real(%s) = %q, %v; EvalSymlinks gives %q, %v", round, p, real, ok, want, werr)
				}
			}
		}
	}
}

// TestResolverList: a name missing from a directory read whole is
// answered missing, as os.Lstat answers it, without a look of its own; a
// name there, a directory too large to read whole, and a path given
// otherwise (unclean, relative) are looked at as before.
func TestResolverList(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b.json", ".claude"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxListed / 16 {
		if err := os.WriteFile(filepath.Join(big, fmt.Sprintf("entry-%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := newResolver(8)
	r.list(dir)
	r.list(big)
	if _, ok := r.listed[dir]; !ok {
		t.Fatalf("%s was not read whole", dir)
	}
	if _, ok := r.listed[big]; ok {
		t.Errorf("%s, %d bytes of entries or more, was read whole", big, maxListed)
	}
	// Made after the listing: a plan takes the directory as it found it.
	if err := os.WriteFile(filepath.Join(dir, "later"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path    string
		missing bool
		looked  bool // answered by os.Lstat
	}{
		{dir + "/a", false, true},
		{dir + "/.claude", false, true},
		{dir + "/.mcp.json", true, false},
		{dir + "/later", true, false},
		{dir + "/big/entry-0000", false, true},
		{dir + "/big/entry-x", true, true},
		{dir + "/./.mcp.json", true, true},
		{dir + "//.mcp.json", true, true},
		{dir + "/.mcp.json/x", true, true},
	} {
		fi, err := r.lstat(tt.path)
		if missing := errors.Is(err, fs.ErrNotExist); missing != tt.missing || (err == nil) == tt.missing {
			t.Errorf("lstat(%s) = %v, %v; want missing %v", tt.path, fi, err, tt.missing)
		}
		if tt.missing && !tt.looked {
			var pe *os.PathError
			if !errors.As(err, &pe) || pe.Op != "lstat" || pe.Path != tt.path || pe.Err != syscall.ENOENT {
				t.Errorf("lstat(%s) = %#v, want os.Lstat's own error", tt.path, err)
			}
		}
		if tt.looked {
			_, want := os.Lstat(tt.path)
			if (err == nil) != (want == nil) {
				t.Errorf("lstat(%s): %v, os.Lstat %v", tt.path, err, want)
			}
		}
	}
}
