package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mewsandbox/mewsandbox/seatbelt"
	"golang.org/x/sys/unix"
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

// TestNodeModulesDirsHk84: a hook's node script that requires a bare
// name (or a # one) holds what node reads to find it: the package.json
// nearest to the script and those missing nearer (a "name" and
// "exports" of the required package's, or an "imports" map, loaded the
// project's e.js), and in each node_modules up to the one holding the
// package, its name where missing (node_modules/lodash/index.js made)
// and the files node tries before an installed directory
// (node_modules/lodash.js). The neighbours, what is installed and what
// lies past the nearest package.json, stay the project's.
func TestNodeModulesDirsHk84(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		files     []string
		want      []string // relative to the root; * for nodePackage
	}{
		{"a bare name and a # name, nothing installed", "require('lodash/fp'); require('#x')", []string{"package.json", "node_modules/other/index.js"},
			[]string{"scripts/package.json", "scripts/node_modules", "package.json", "*node_modules/lodash.js", "*node_modules/lodash.json", "*node_modules/lodash.node", "*node_modules/lodash"}},
		{"a scoped name", "import x from '@s/p/sub'", []string{"node_modules/other/index.js"},
			[]string{"scripts/package.json", "scripts/node_modules", "package.json", "*node_modules/@s/p.js", "*node_modules/@s/p.json", "*node_modules/@s/p.node", "*node_modules/@s/p"}},
		{"a # name alone", "require('#x')", []string{"scripts/package.json", "node_modules/other/index.js"},
			[]string{"scripts/package.json", "scripts/node_modules"}},
		// neighbours
		{"installed nearer: node stops there", "require('lodash')", []string{"scripts/node_modules/lodash/index.js", "package.json", "node_modules/other/index.js"},
			[]string{"scripts/package.json", "*scripts/node_modules/lodash.js", "*scripts/node_modules/lodash.json", "*scripts/node_modules/lodash.node", "package.json"}},
		{"node's own and relative names", "require('fs'); require('./lib'); import('node:path')", []string{"package.json"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for _, f := range tc.files {
				mac82Write(t, root, f, "", false)
			}
			var got []string
			for _, p := range nodeModulesDirs(tc.src, root+"/scripts", root) {
				rel := strings.TrimPrefix(p.path, root+"/")
				if p.nodePackage {
					rel = "*" + rel
				}
				got = append(got, rel)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("nodeModulesDirs(%q) = %q, want %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestSeatbeltModuleDirsHk84: on macOS the profile holds the same
// directories against new modules as Linux's layer: a python3 -m hook's
// working directory, its module's package's for the names Python
// imports there (__init__, hook), and a namespace package's directory
// missing at the plan, where the command made
// nspkg/sub.so; none of them are refused.
func TestSeatbeltModuleDirsHk84(t *testing.T) {
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	mac82Write(t, root, ".claude/settings.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"python3 -m tools.hook"},{"type":"command","command":"python3 scripts/check.py"}]}]}}`, false)
	mac82Write(t, root, "tools/hook.py", "import subprocess\n", false)
	mac82Write(t, root, "scripts/check.py", "import nspkg.sub\n", false)
	mac82Write(t, root, "helpers.py", "", false)
	dirs, refused := seatbeltModuleDirs(hookScripts(root, ""))
	if len(refused) != 0 {
		t.Fatalf("refused %q", refused)
	}
	for _, want := range []string{root, root + "/tools", root + "/scripts", root + "/scripts/nspkg"} {
		i := slices.IndexFunc(dirs, func(d seatbelt.ModuleDir) bool { return d.Path == want })
		if i < 0 {
			t.Errorf("%s not held: %+v", want, dirs)
			continue
		}
		if want == root && (!slices.Equal(dirs[i].Modules, []string{"helpers.py"}) || dirs[i].Names != nil) {
			t.Errorf("the root's modules at the plan: %q, held for %q; want helpers.py, held for all", dirs[i].Modules, dirs[i].Names)
		}
		if want == root+"/tools" && !slices.Equal(dirs[i].Names, []string{"__init__", "hook"}) {
			t.Errorf("the package tools held for %q, want __init__ and hook", dirs[i].Names)
		}
	}
}

// TestPythonRelativeImportsHk84: a module python3 -m runs (tools.hook)
// may import relatively (from . import helper, from .lib import util),
// which lead79's reading passed over: tools/helper.py stayed writable
// and ran at the next hook. They are taken from the module's package
// now; a script run as a file (no package) still has none, and a name
// above the top package is none.
func TestPythonRelativeImportsHk84(t *testing.T) {
	for _, tc := range []struct {
		src, pkg string
		want     []string // among the files protected
		not      []string
	}{
		{"from . import helper\n", "tools", []string{"/r/tools/__init__.py", "/r/tools/helper.py"}, nil},
		{"from .lib import util\n", "tools", []string{"/r/tools/lib/__init__.py", "/r/tools/lib/util.py"}, nil},
		{"from .. import x\n", "tools.sub", []string{"/r/tools/x.py"}, nil},
		// neighbours
		{"from . import helper\n", "", nil, []string{"/r/helper.py", "/r/.helper.py"}},
		{"from .. import x\n", "tools", nil, []string{"/r/x.py"}},
	} {
		var got []string
		for _, p := range pythonImports(tc.src, "/r", tc.pkg) {
			got = append(got, p.path)
		}
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("pythonImports(%q) in package %q: %s not protected: %q", tc.src, tc.pkg, w, got)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("pythonImports(%q) in package %q: %s protected: %q", tc.src, tc.pkg, n, got)
			}
		}
	}
}

// TestPythonModuleAtFIFORev86: the look by path (macOS's plan) at a name
// beside a hook's Python script opened it to list it as a package, and a
// link there to a FIFO, which a command can make, had every later run's
// plan wait on the FIFO for good. It is not waited on now, and counts as
// a module (where a link leads may change); a directory it cannot list
// counts as one too (Python imports from it, needing only to search it).
func TestPythonModuleAtFIFORev86(t *testing.T) {
	dir := t.TempDir()
	if err := unix.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("fifo", filepath.Join(dir, "x")); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool, 1)
	go func() { done <- pythonModuleAt(dir, "x", packageLooks{}) }()
	select {
	case is := <-done:
		if !is {
			t.Error("a link to a FIFO is no module, want one (where it leads may change)")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("pythonModuleAt waited on a FIFO for 5 s")
	}
	if pythonModuleAt(dir, "fifo", packageLooks{}) {
		t.Error("a FIFO itself is a module, want none")
	}
}
