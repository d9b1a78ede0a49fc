package seatbelt

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// denied says whether a deny rule of the profile for one of ops matches
// path, a file of type vnode (SBPL's vnode-type: REGULAR-FILE, DIRECTORY,
// SYMLINK). It reads the filters the profile uses: literal, subpath,
// regex (as Go's RE2 reads it, which agrees with POSIX on what the
// profile writes: ^ $ [^/] [.] ( | ) +), require-all, -any, -not and
// vnode-type. Allows are not looked at: every deny follows them
// (checkDeniesLast), and the last matching rule decides.
func denied(t *testing.T, profile string, params []string, ops []string, path, vnode string) bool {
	t.Helper()
	forms, err := parseSBPL(profile)
	if err != nil {
		t.Fatal(err)
	}
	pm := paramMap(params)
	var match func(f *node) bool
	match = func(f *node) bool {
		switch f.head() {
		case "require-all", "require-any":
			all := f.head() == "require-all"
			for _, k := range f.kids[1:] {
				if match(k) != all {
					return !all
				}
			}
			return all
		case "require-not":
			return !match(f.kids[1])
		case "vnode-type":
			return f.kids[1].text == vnode
		case "regex":
			return regexp.MustCompile(f.kids[1].text).MatchString(path)
		case "literal", "subpath":
			_, p, _ := pathArg(t, f, pm)
			return path == p || f.head() == "subpath" && strings.HasPrefix(path, p+"/")
		}
		t.Fatalf("filter %v: not read here", f)
		return false
	}
	for _, f := range forms[2:] {
		if f.head() != "deny" || !slices.ContainsFunc(f.kids[1:], func(k *node) bool { return k.kind == atomNode && slices.Contains(ops, k.text) }) {
			continue
		}
		for _, k := range f.kids[1:] {
			if k.kind == listNode && match(k) {
				return true
			}
		}
	}
	return false
}

// TestRenderModuleDirsMac82: beside a Python script a hook runs, the
// profile denies making a module Python would import first (signal.py,
// which subprocess imports; a package's __init__; an extension module;
// a link by a module's name), as the Linux runner moves one made aside
// (hk81). Before, the profile denied only the paths the plan named, and
// a sandboxed echo > scripts/hooks/signal.py ran at the agent's next
// hook. The project's modules there at the plan stay writable (a
// rename over one included: sed -i, an editor's save), and so does
// every other name there, and every directory not holding a hook's
// script.
func TestRenderModuleDirsMac82(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, d := range []string{"scripts/hooks/pkg", "scripts/hooks/data", "scripts/other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hooks := root + "/scripts/hooks"
	p := Policy{Root: root, TempDir: testTemp, ModuleDirs: []ModuleDir{
		{Path: hooks, Modules: []string{"check.py", "helpers.py", "pkg"}},
		{Path: "/usr/lib/python3", Modules: nil}, // outside every write grant: left out
	}}
	profile, params, err := Render(p, testHome)
	if err != nil {
		t.Fatal(err)
	}
	checkProfile(t, p, profile, params)
	if strings.Contains(profile, "/usr/lib/python3") || slices.ContainsFunc(params, func(kv string) bool { return strings.HasSuffix(kv, "=/usr/lib/python3") }) {
		t.Errorf("a module directory outside every write grant is in the profile")
	}
	h := mustCanonical(t, hooks)
	writes := []string{"file-write*", "file-write-create"}
	for _, tc := range []struct {
		path, vnode string
		want        bool
	}{
		{h + "/signal.py", "REGULAR-FILE", true},
		{h + "/signal.pyc", "REGULAR-FILE", true},
		{h + "/_ssl.cpython-313-darwin.so", "REGULAR-FILE", true},
		{h + "/select.so", "REGULAR-FILE", true},
		{h + "/selectors/__init__.py", "REGULAR-FILE", true},              // a new package
		{h + "/data/__init__.py", "REGULAR-FILE", true},                   // a directory of the project's made a package
		{h + "/data/__init__.abi3.so", "REGULAR-FILE", true},              // so by an extension module
		{h + "/signal", "SYMLINK", true},                                  // a link to a package elsewhere
		{h + "/signal.py", "SYMLINK", true},                               // a link by a module file's name
		{h + "/helpers.py", "REGULAR-FILE", false},                        // the project's module, renamed over by sed -i
		{h + "/pkg/__init__.py", "REGULAR-FILE", false},                   // the project's package
		{h + "/pkg/util.py", "REGULAR-FILE", false},                       // inside it
		{h + "/notes.md", "REGULAR-FILE", false},                          // no module
		{h + "/data", "DIRECTORY", false},                                 // a directory without __init__
		{h + "/data/rows.py", "REGULAR-FILE", false},                      // a module of no package Python imports from there
		{h + "/build", "DIRECTORY", false},                                // mkdir beside the script
		{h + "/.signal.py.swp", "REGULAR-FILE", false},                    // an editor's swap file
		{h + "/a.b.py", "REGULAR-FILE", false},                            // no module name
		{h + "/__pycache__/check.cpython-313.pyc", "REGULAR-FILE", false}, // Python's own cache
		{mustCanonical(t, root+"/scripts/other") + "/signal.py", "REGULAR-FILE", false},
		{mustCanonical(t, root) + "/signal.py", "REGULAR-FILE", false},
	} {
		if got := denied(t, profile, params, writes, tc.path, tc.vnode); got != tc.want {
			t.Errorf("%s (%s): denied %v, want %v", tc.path, tc.vnode, got, tc.want)
		}
	}
	// Without ModuleDirs the profile holds no such rule: signal.py is
	// made (the state before).
	profile, params, err = Render(Policy{Root: root, TempDir: testTemp}, testHome)
	if err != nil {
		t.Fatal(err)
	}
	if denied(t, profile, params, writes, h+"/signal.py", "REGULAR-FILE") {
		t.Errorf("signal.py denied without ModuleDirs")
	}
}

// TestRenderModuleDirsRefusesMac82: a module's name with a slash, or
// none, is a bug of the caller's, refused rather than written as a
// subpath that would leave more than the module writable.
func TestRenderModuleDirsRefusesMac82(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, n := range []string{"", "..", "a/b"} {
		p := Policy{Root: root, ModuleDirs: []ModuleDir{{Path: root, Modules: []string{n}}}}
		if _, _, err := Render(p, testHome); err == nil || !strings.Contains(err.Error(), "no name in it") {
			t.Errorf("module %q: Render error %v, want it refused", n, err)
		}
	}
}
