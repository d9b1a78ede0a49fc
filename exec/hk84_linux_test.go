//go:build linux

package exec

import (
	"os"
	"slices"
	"testing"
)

// TestHoldModulesMissingHk84: the directory of a module a hook imports
// from a package missing at the plan (import nspkg.sub, with no nspkg),
// which the command made a namespace package with an extension module
// (nspkg/sub.so) that Python loaded at the next hook, is held as an
// empty one, not refused: what is made there that Python imports by
// name is moved aside after the run; the neighbour, a note, stays.
func TestHoldModulesMissingHk84(t *testing.T) {
	root := t.TempDir()
	dir := root + "/scripts/nspkg"
	g := &guard{root: root, writable: []string{root}}
	g.holdModules(dir+"/sub.py", dir, nil)
	if len(g.unprotected) != 0 || len(g.moduleDirs) != 1 || g.moduleDirs[0].path != dir || len(g.moduleDirs[0].modules) != 0 {
		t.Fatalf("held %+v, refused %q; want %s held empty", g.moduleDirs, g.unprotected, dir)
	}
	writeLead76(t, dir, "sub.cpython-311-x86_64-linux-gnu.so", "evil")
	writeLead76(t, dir, "notes.md", "work\n")
	found := checkModuleDirs(g.moduleDirs)
	if len(found) != 1 {
		t.Errorf("found %q, want sub's .so alone", found)
	}
	for n, kept := range map[string]bool{"sub.cpython-311-x86_64-linux-gnu.so": false, "notes.md": true} {
		if _, err := os.Lstat(dir + "/" + n); (err == nil) != kept {
			t.Errorf("%s: there %v, want %v", n, err == nil, kept)
		}
	}
	if names, _ := dirNames(dir, 8); !slices.Contains(names, "sub.cpython-311-x86_64-linux-gnu.so.mewsandbox-planted") {
		t.Errorf("sub's .so not moved aside: %q", names)
	}
}
