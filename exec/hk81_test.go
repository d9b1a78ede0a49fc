//go:build linux

package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAgentHookModuleDirHk81: a Python script a hook runs as a file
// (by its name or its #! line) is marked for its directory to be held
// against new modules, which Python imports from there first (a
// signal.py made beside it ran at the agent's next hook, imported by
// the standard library's subprocess). The neighbours, a shell script and
// a module python3 -m runs (whose path starts at the working
// directory, not the module's), are not.
func TestAgentHookModuleDirHk81(t *testing.T) {
	for _, tc := range []struct {
		name, hook, script, content string
		want                        bool
	}{
		{"a .py script", "python3 scripts/hooks/check.py", "scripts/hooks/check.py", "import subprocess\n", true},
		{"a #! line", "./scripts/hooks/check", "scripts/hooks/check", "#!/usr/bin/env python3\nimport subprocess\n", true},
		// neighbours
		{"a shell script", "bash scripts/hooks/check.sh", "scripts/hooks/check.sh", "echo ok\n", false},
		{"a module python3 -m runs", "python3 -m scripts.hooks.check", "scripts/hooks/check.py", "import subprocess\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(tc.hook))
			writeLead76(t, root, tc.script, tc.content)
			ps := agentHookPrograms(root, "/nonexistent", []protectedPath{{path: root + "/.claude", placeholder: true}})
			i := slices.IndexFunc(ps, func(p protectedPath) bool { return filepath.Clean(p.path) == root+"/"+tc.script })
			if i < 0 {
				t.Fatalf("%s not protected: %+v", tc.script, ps)
			}
			// hk84: a python3 -m module's package directory is held for
			// its __init__ and the module's name only (moduleNames).
			if held := ps[i].moduleDir && ps[i].moduleNames == nil; held != tc.want {
				t.Errorf("%s: held against every new module %v (moduleDir %v, moduleNames %q), want %v", tc.script, held, ps[i].moduleDir, ps[i].moduleNames, tc.want)
			}
		})
	}
}

// TestCheckModuleDirsHk81: what the command made beside a hook's Python
// script that Python imports by name (a source file, byte code, an
// extension module, a package, a link that may lead to one) is moved
// aside after the run and said; the neighbours, notes, data, a
// directory without __init__ and the project's files there at the plan
// (rewritten or not), stay.
func TestCheckModuleDirsHk81(t *testing.T) {
	root := t.TempDir()
	dir := root + "/scripts/hooks"
	writeLead76(t, root, "scripts/hooks/check.py", "import subprocess\n")
	writeLead76(t, root, "scripts/hooks/helpers.py", "")
	writeLead76(t, root, "elsewhere/__init__.py", "")
	writeLead76(t, root, "scripts/hooks/lib/util.py", "")
	writeLead76(t, root, "scripts/hooks/pkg/__init__.py", "")
	g := &guard{root: root, writable: []string{root}}
	g.holdModules(dir+"/check.py", dir, nil)
	if len(g.moduleDirs) != 1 || len(g.unprotected) != 0 || !slices.Equal(g.moduleDirs[0].modules, []string{"check.py", "helpers.py", "pkg"}) {
		t.Fatalf("held %+v, refused %q", g.moduleDirs, g.unprotected)
	}
	// lib, the project's directory of modules but no package at the plan,
	// made one (a lazily imported name's package, imported first from
	// here); pkg, a package at the plan, rewritten.
	// A directory made a package has its __init__ moved aside, not
	// itself, which may be the project's (lib, tests): read83.
	planted := []string{"signal.py", "requests.pyc", "_speedups.cpython-311-x86_64-linux-gnu.so", "fast.abi3.so", "selectors/__init__.py", "yaml/__init__.pyc", "pkglink", "dangling", "lib/__init__.py"}
	for _, f := range []string{"signal.py", "requests.pyc", "_speedups.cpython-311-x86_64-linux-gnu.so", "fast.abi3.so", "selectors/__init__.py", "yaml/__init__.pyc", "lib/__init__.py", "pkg/__init__.py"} {
		writeLead76(t, dir, f, "print('evil')\n")
	}
	for link, to := range map[string]string{"pkglink": "../../elsewhere", "dangling": "../../nowhere"} {
		if err := os.Symlink(to, dir+"/"+link); err != nil {
			t.Fatal(err)
		}
	}
	kept := []string{"check.py", "helpers.py", "notes.md", "other.txt", "data", "README", "pkg"}
	for _, f := range []string{"helpers.py", "notes.md", "other.txt", "data/x.py", "README"} {
		writeLead76(t, dir, f, "work\n")
	}
	found := checkModuleDirs(g.moduleDirs)
	if len(found) != len(planted) {
		t.Errorf("found %d, want %d: %q", len(found), len(planted), found)
	}
	for _, n := range planted {
		if _, err := os.Lstat(dir + "/" + n); err == nil {
			t.Errorf("%s not moved aside", n)
		}
		if _, err := os.Lstat(dir + "/" + n + ".mewsandbox-planted"); err != nil {
			t.Errorf("%s: %v", n, err)
		}
		said := filepath.Join(dir, n) + " ("
		if pkg, init, ok := strings.Cut(n, "/"); ok {
			said = filepath.Join(dir, pkg) + " a package (" // and its init
			if !slices.ContainsFunc(found, func(f string) bool { return strings.Contains(f, said) && strings.Contains(f, init+" to ") }) {
				t.Errorf("%s not said: %q", n, found)
			}
			continue
		}
		if !slices.ContainsFunc(found, func(f string) bool { return strings.Contains(f, said) }) {
			t.Errorf("%s not said: %q", n, found)
		}
	}
	kept = append(kept, "selectors", "yaml", "lib")
	for _, n := range kept {
		if _, err := os.Lstat(dir + "/" + n); err != nil {
			t.Errorf("%s, the project's or no module: %v", n, err)
		}
	}
}

// TestAgentHookTextSourcedHk81: a hook's shell script that runs a
// file's text as code (source <(cat X), eval "$(cat X)", . /dev/stdin <
// X) left X writable: a sandboxed echo > scripts/lib.sh ran at the
// agent's next hook. Each now protects X as . X does, what X sources in
// turn too; the neighbours, a script that only prints or keeps the
// text, protect nothing more.
func TestAgentHookTextSourcedHk81(t *testing.T) {
	const check = "scripts/hooks/check.sh"
	for _, tc := range []struct {
		name, script string
		want         []string
	}{
		{"source a process substitution", "source <(cat scripts/lib.sh)\n", []string{"scripts/lib.sh"}},
		{"dot a process substitution", "if true; then . <(cat \"$CLAUDE_PROJECT_DIR/scripts/lib.sh\"); fi\n", []string{"scripts/lib.sh"}},
		{"eval of cat", "eval \"$(cat scripts/lib.sh)\"\n", []string{"scripts/lib.sh"}},
		{"eval of a redirection", "eval \"$(< \"$(dirname \"$0\")/../lib.sh\")\"\n", []string{"scripts/lib.sh"}},
		{"eval of backquotes", "eval \"`cat scripts/lib.sh`\"\n", []string{"scripts/lib.sh"}},
		{"eval unquoted", "set -e; eval $(cat scripts/env.sh)\n", []string{"scripts/env.sh"}},
		{"source stdin", "source /dev/stdin < scripts/lib.sh\n", []string{"scripts/lib.sh"}},
		{"dot stdin, in turn", ". /dev/stdin <scripts/nest.sh && echo ok\n", []string{"scripts/nest.sh", "scripts/lib.sh"}},
		// neighbours
		{"cat alone", "cat scripts/lib.sh\necho \"$(cat scripts/env.sh)\"\n", nil},
		{"the text kept", "x=\"$(cat scripts/lib.sh)\"\nwc -l < scripts/env.sh\n", nil},
		{"a here-document", ". /dev/stdin <<EOF\necho ok\nEOF\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
			writeLead76(t, root, check, tc.script)
			writeLead76(t, root, "scripts/lib.sh", "lint() { :; }\n")
			writeLead76(t, root, "scripts/env.sh", "A=1\n")
			writeLead76(t, root, "scripts/nest.sh", ". scripts/lib.sh\n")
			protected, refused := lead79Programs(t, root)
			want := append([]string{check}, tc.want...)
			if !slices.Equal(protected, want) || refused != nil {
				t.Errorf("%q: protected %q, refused %q; want %q, none", tc.script, protected, refused, want)
			}
		})
	}
}

// TestPythonImportsRed82: a module a hook's Python script imports after
// another statement (import os; import helper), after a compound
// statement's colon (try: import helper) or past a tab (import\thelper)
// was not protected: the command rewrote helper.py and the agent's next
// hook ran it. The neighbours, a dictionary key and a string of the
// name, import nothing.
func TestPythonImportsRed82(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"import os; import helper\n", true},
		{"try: import helper\nexcept ImportError: pass\n", true},
		{"if True: from helper import f\n", true},
		{"import\thelper\n", true},
		// neighbours
		{"import os; d = {'helper': 1}\n", false},
		{"print('import helper')\n", false},
	} {
		ps := pythonImports(tc.src, "/r/tools", "")
		got := slices.ContainsFunc(ps, func(p protectedPath) bool { return p.path == "/r/tools/helper.py" })
		if got != tc.want {
			t.Errorf("%q: helper.py protected %v, want %v: %+v", tc.src, got, tc.want, ps)
		}
	}
}

// TestNodeImportsRed82: a relative module of a dotted name
// (require('./lib.config')) protected only the name itself, and node
// loaded lib.config.js, which the command rewrote. The neighbour, a name
// ending in an extension node loads as it is, is not tried with others.
func TestNodeImportsRed82(t *testing.T) {
	for _, tc := range []struct {
		src, file string
		want      bool
	}{
		{"require('./lib.config')\n", "/r/tools/lib.config.js", true},
		{"import c from './hook.v2'\n", "/r/tools/hook.v2/index.js", true},
		// neighbours
		{"require('./lib.js')\n", "/r/tools/lib.js.js", false},
		{"require('./data.json')\n", "/r/tools/data.json.js", false},
	} {
		ps := nodeImports(tc.src, "/r/tools")
		got := slices.ContainsFunc(ps, func(p protectedPath) bool { return filepath.Clean(p.path) == tc.file })
		if got != tc.want {
			t.Errorf("%q: %s protected %v, want %v: %+v", tc.src, tc.file, got, tc.want, ps)
		}
	}
}

// TestPythonPackageModuleDirRed82: a module of a package a hook's
// Python script imports (lib/util.py, lib/__init__.py) marks the
// package's directory to be held against new modules, where an
// extension module (lib/util.so) made by the command ran in place of
// the project's source. The neighbour, a module in the script's own
// directory (the working directory, for python3 -m, where every new .py
// would fail the run), marks nothing.
func TestPythonPackageModuleDirRed82(t *testing.T) {
	ps := pythonImports("import lib.util\n", "/r/tools", "")
	for path, want := range map[string]bool{"/r/tools/lib/util.py": true, "/r/tools/lib/__init__.py": true, "/r/tools/lib.py": false} {
		i := slices.IndexFunc(ps, func(p protectedPath) bool { return p.path == path })
		if i < 0 || ps[i].moduleDir != want {
			t.Errorf("%s: want listed with moduleDir %v: %+v", path, want, ps)
		}
	}
}

// TestPythonParenthesizedImportsRed82: the modules of a package a
// hook's script imports in parentheses, a line each (from lib import
// (\n    util,\n)), as black writes a long import, were not protected:
// lib/util.py stayed writable and ran at the next hook. The neighbour,
// a call's arguments on the lines after a closed import, imports
// nothing.
func TestPythonParenthesizedImportsRed82(t *testing.T) {
	for _, tc := range []struct {
		src, file string
		want      bool
	}{
		{"from lib import (\n    util,\n    other,\n)\n", "/r/tools/lib/util.py", true},
		{"from lib import (\n    a, util)\n", "/r/tools/lib/util.py", true},
		{"from lib import (\n    other,\n)\nutil = 1\n", "/r/tools/lib/other.py", true},
		// neighbours
		{"from lib import (\n    other,\n)\nprint(\n    util,\n)\n", "/r/tools/lib/util.py", false},
		{"from lib import (x)\nf(\n    util,\n)\n", "/r/tools/lib/util.py", false},
	} {
		ps := pythonImports(tc.src, "/r/tools", "")
		got := slices.ContainsFunc(ps, func(p protectedPath) bool { return p.path == tc.file })
		if got != tc.want {
			t.Errorf("%q: %s protected %v, want %v", tc.src, tc.file, got, tc.want)
		}
	}
}

// TestCheckModuleDirsRead83: what read83 found of the check after the
// run. A new directory of more files than maxModuleDirNames and no
// __init__ is no module (it was taken for one, and the run failed), while
// one whose __init__ lies past that many is; the project's tests/ made a
// package keeps its files, its __init__.py alone moved aside; and many
// modules made are said in a bounded record, a line each up to maxSays.
func TestCheckModuleDirsRead83(t *testing.T) {
	root := t.TempDir()
	dir := root + "/scripts/hooks"
	writeLead76(t, root, "scripts/hooks/check.py", "import subprocess\n")
	writeLead76(t, root, "scripts/hooks/tests/test_a.py", "")
	g := &guard{root: root, writable: []string{root}}
	g.holdModules(dir+"/check.py", dir, nil)
	if len(g.moduleDirs) != 1 || len(g.unprotected) != 0 {
		t.Fatalf("held %+v, refused %q", g.moduleDirs, g.unprotected)
	}
	for _, d := range []string{"frames", "bigpkg"} {
		if err := os.MkdirAll(dir+"/"+d, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range maxModuleDirNames + 1 {
			if err := os.WriteFile(fmt.Sprintf("%s/%s/f%05d", dir, d, i), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeLead76(t, dir, "bigpkg/__init__.py", "print('evil')\n")
	writeLead76(t, dir, "tests/__init__.py", "print('evil')\n")
	const many = maxSays + 10
	for i := range many {
		writeLead76(t, dir, fmt.Sprintf("m%03d.py", i), "print('evil')\n")
	}
	found := checkModuleDirs(g.moduleDirs)
	if len(found) != maxSays+1 || found[maxSays] != fmt.Sprintf("and %d more like these", many+2-maxSays) {
		t.Errorf("said %d lines, the last %q; want %d and the rest counted", len(found), found[len(found)-1], maxSays+1)
	}
	for _, p := range []string{"frames/f00000", "bigpkg/f00000", "tests/test_a.py", "bigpkg/__init__.py.mewsandbox-planted", "tests/__init__.py.mewsandbox-planted", "m000.py.mewsandbox-planted"} {
		if _, err := os.Lstat(dir + "/" + p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, p := range []string{"frames.mewsandbox-planted", "tests.mewsandbox-planted", "bigpkg/__init__.py", "tests/__init__.py", "m000.py"} {
		if _, err := os.Lstat(dir + "/" + p); err == nil {
			t.Errorf("%s there after the check", p)
		}
	}
}
