//go:build linux || darwin

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func TestHgIncludeLine(t *testing.T) {
	for _, tc := range []struct {
		line, want string
		ok         bool
	}{
		{"%include x.rc\n", "x.rc", true},
		{"%include\t  ../a b.rc  \r\n", "../a b.rc", true},
		{"%include ~/x.rc", "~/x.rc", true},
		{"%includex.rc\n", "", false}, // no blank after the word
		{"%include\n", "", false},
		{"%include   \n", "", false},
		{" %include x.rc\n", "", false}, // not at the line's start: a continued value
		{"#%include x.rc\n", "", false},
		{"%unset x\n", "", false},
	} {
		got, ok := hgIncludeLine(tc.line)
		if got != tc.want || ok != tc.ok {
			t.Errorf("hgIncludeLine(%q) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// TestHgIncludes: nested includes are followed from the including file's
// directory, ~ and variables expanded, a missing one listed (the command
// could make it), a loop bounded, and a FIFO refused.
func TestHgIncludes(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	write := func(p, s string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MEWS_HG_TEST", root)
	write(root+"/.hg/hgrc", "[ui]\n%include ../a.rc\n%include ~/h.rc\n%include $MEWS_HG_TEST/missing.rc\n")
	write(root+"/a.rc", "%include sub/b.rc\n")
	write(root+"/sub/b.rc", "%include b.rc\n") // itself, to the depth bound
	write(root+"/.hg/hgrc-not-shared", "%include ${MEWS_HG_TEST}/c.rc\n")
	c := hgIncludes(root, home)
	for _, want := range []string{root + "/a.rc", root + "/sub/b.rc", home + "/h.rc", root + "/missing.rc", root + "/c.rc"} {
		if !slices.Contains(c.includes, want) {
			t.Errorf("includes %v: %s missing", c.includes, want)
		}
	}
	if c.limit != "" || len(c.includes) > 4+maxIncludeDepth+1 {
		t.Errorf("a loop of includes: %d listed, limit %q", len(c.includes), c.limit)
	}
	if err := os.Remove(root + "/a.rc"); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(root+"/a.rc", 0o644); err != nil {
		t.Fatal(err)
	}
	if c := hgIncludes(root, home); c.limit != root+"/a.rc" || !strings.Contains(c.limitWhy, "no regular file") {
		t.Errorf("an included FIFO: limit %q (%s), want it refused", c.limit, c.limitWhy)
	}
	if c := hgIncludes(t.TempDir(), home); len(c.includes) != 0 || c.limit != "" {
		t.Errorf("no .hg: %+v, want nothing", c)
	}
}
