package exec

import (
	"os"
	"path/filepath"
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
