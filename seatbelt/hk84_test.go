package seatbelt

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRenderModuleNamesHk84: a package's directory of a module python3
// -m runs (tools, for -m tools.hook) is held for the names Python
// imports there alone: an extension __init__ beside the project's
// __init__.py (which Python loads first) and the module's own name made
// a package are denied; the command's other modules there (tools/other.py,
// a link named other) stay its own. A name that is no Python name is
// refused.
func TestRenderModuleNamesHk84(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	tools := root + "/tools"
	p := Policy{Root: root, TempDir: testTemp, ModuleDirs: []ModuleDir{
		{Path: tools, Modules: []string{"__init__.py", "hook.py"}, Names: []string{"__init__", "hook"}},
	}}
	profile, params, err := Render(p, testHome)
	if err != nil {
		t.Fatal(err)
	}
	checkProfile(t, p, profile, params)
	d := mustCanonical(t, tools)
	writes := []string{"file-write*", "file-write-create"}
	for _, tc := range []struct {
		path, vnode string
		want        bool
	}{
		{d + "/__init__.abi3.so", "REGULAR-FILE", true},
		{d + "/__init__.cpython-313-darwin.so", "REGULAR-FILE", true},
		{d + "/hook/__init__.py", "REGULAR-FILE", true},
		{d + "/hook", "SYMLINK", true},
		// neighbours
		{d + "/__init__.py", "REGULAR-FILE", false}, // the project's, rewritten
		{d + "/other.py", "REGULAR-FILE", false},
		{d + "/other/__init__.py", "REGULAR-FILE", false},
		{d + "/other", "SYMLINK", false},
		{d + "/hooks.py", "REGULAR-FILE", false},
	} {
		if got := denied(t, profile, params, writes, tc.path, tc.vnode); got != tc.want {
			t.Errorf("%s (%s): denied %v, want %v", tc.path, tc.vnode, got, tc.want)
		}
	}
	p.ModuleDirs[0].Names = []string{"a|b"}
	if _, _, err := Render(p, testHome); err == nil {
		t.Errorf("a name that is no Python name rendered")
	}
}
