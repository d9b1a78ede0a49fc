package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPythonModuleNamesHk84: macOS's listing of a hook's Python script's
// directory told a package by the first 4096 names of its directory, so
// that a package whose __init__.py lay past them (a command's big/ of
// 5,000 files and an __init__.py) was no module at the plan to Seatbelt,
// whose profile then left writable what the project never had. The one
// test of Python's path finder, shared with Linux's, lists a package
// whole; the neighbours, a data directory of as many files and a plain
// file, are no modules.
func TestPythonModuleNamesHk84(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"big", "data"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range maxModuleDirNames + 10 {
			mac82Write(t, dir, fmt.Sprintf("%s/f%05d.txt", d, i), "", false)
		}
	}
	mac82Write(t, dir, "big/__init__.py", "", false)
	mac82Write(t, dir, "helpers.py", "", false)
	mac82Write(t, dir, "notes", "", false)
	mods, why := pythonModuleNames(dir)
	if why != "" {
		t.Fatal(why)
	}
	if want := []string{"big", "helpers.py"}; !slices.Equal(mods, want) {
		t.Errorf("pythonModuleNames: %q, want %q", mods, want)
	}
}
