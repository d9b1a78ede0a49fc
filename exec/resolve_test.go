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
	r := newResolver()
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
