package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mac82Write writes file rel below root, its directories made, with mode
// 0o755 where exec is set.
func mac82Write(t *testing.T, root, rel, s string, exec bool) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	mode := os.FileMode(0o644)
	if exec {
		mode = 0o755
	}
	if err := os.WriteFile(p, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
}

// mac82Kept returns the paths planSeatbelt's profile for root leaves
// out of its module rules: the parameters it names in (require-not
// (subpath …)), some of which other rules name too (PROTECT_).
func mac82Kept(t *testing.T, root string) []string {
	t.Helper()
	sb, err := DefaultPolicy(root).planSeatbelt("", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, kv := range sb.params {
		name, v, _ := strings.Cut(kv, "=")
		if strings.Contains(sb.profile, `(require-not (subpath (param "`+name+`")))`) {
			kept = append(kept, v)
		}
	}
	return kept
}

// mac82Params returns the values of the parameters of planSeatbelt's
// profile for root whose names start with prefix (PROTECT_, MODULES_,
// MODULE_), and what it could not enforce.
func mac82Params(t *testing.T, root, prefix string) (values, missing []string) {
	t.Helper()
	sb, err := DefaultPolicy(root).planSeatbelt("", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range sb.params {
		if name, v, _ := strings.Cut(kv, "="); strings.HasPrefix(name, prefix) {
			values = append(values, v)
		}
	}
	return values, sb.enforcement.Missing
}

// TestPlanSeatbeltModulesMac82: the directory of each Python script an
// agent's hook or a git hook runs is given to the profile with the
// modules in it at the plan (seatbelt.ModuleDir), so that a sandboxed
// echo > scripts/hooks/signal.py (which the hook's import subprocess
// imports) or a selectors/__init__.py is denied on macOS, as hk81 moves
// it aside on Linux; before, nothing was. The project's modules there
// (helpers.py, pkg/) are listed to stay writable; notes.md and data/,
// which are none, are not listed (denied becoming one); a directory
// holding no hook's Python script gets no rule. A directory too large to
// list refuses the run, naming the bound.
func TestPlanSeatbeltModulesMac82(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mac82Write(t, root, ".claude/settings.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"python3 scripts/hooks/check.py"}]}]}}`, false)
	mac82Write(t, root, "scripts/hooks/check.py", "import helpers\nimport subprocess\n", false)
	mac82Write(t, root, "scripts/hooks/helpers.py", "", false)
	mac82Write(t, root, "scripts/hooks/pkg/__init__.py", "", false)
	mac82Write(t, root, "scripts/hooks/data/rows.csv", "", false)
	mac82Write(t, root, "scripts/hooks/notes.md", "", false)
	mac82Write(t, root, "scripts/other/x.py", "", false)
	mac82Write(t, root, ".git/hooks/pre-commit", "#!/bin/sh\npython3 tools/lint.py\n", true)
	mac82Write(t, root, "tools/lint.py", "import os\n", false)
	mac82Write(t, root, "tools/conf.pyc", "", false)

	dirs, missing := mac82Params(t, root, "MODULES_")
	if len(missing) > 0 {
		t.Fatalf("Missing %q, want nothing", missing)
	}
	for _, rel := range []string{"scripts/hooks", "tools"} {
		if !slices.ContainsFunc(dirs, func(d string) bool { return strings.HasSuffix(d, root+"/"+rel) }) {
			t.Errorf("%s, the directory of a hook's Python script, is not held against new modules (%q)", rel, dirs)
		}
	}
	if slices.ContainsFunc(dirs, func(d string) bool { return strings.HasSuffix(d, "/scripts/other") || strings.HasSuffix(d, root) }) {
		t.Errorf("a directory holding no hook's Python script is held against new modules: %q", dirs)
	}
	mods := mac82Kept(t, root)
	for _, rel := range []string{"scripts/hooks/check.py", "scripts/hooks/helpers.py", "scripts/hooks/pkg", "tools/lint.py", "tools/conf.pyc"} {
		if !slices.ContainsFunc(mods, func(m string) bool { return strings.HasSuffix(m, root+"/"+rel) }) {
			t.Errorf("%s, the project's module at the plan, is not left writable (%q)", rel, mods)
		}
	}
	for _, rel := range []string{"scripts/hooks/notes.md", "scripts/hooks/data", "scripts/other/x.py"} {
		if slices.ContainsFunc(mods, func(m string) bool { return strings.HasSuffix(m, root+"/"+rel) }) {
			t.Errorf("%s, no module beside a hook's script, is listed as one", rel)
		}
	}

	big := t.TempDir()
	mac82Write(t, big, ".claude/settings.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"python3 check.py"}]}]}}`, false)
	mac82Write(t, big, "check.py", "", false)
	for i := range maxModuleDirNames {
		mac82Write(t, big, fmt.Sprintf("f%d.txt", i), "", false)
	}
	_, missing = mac82Params(t, big, "MODULES_")
	if m := strings.Join(missing, "; "); !strings.Contains(m, big+"/check.py") || !strings.Contains(m, fmt.Sprintf("more than %d entries", maxModuleDirNames)) {
		t.Errorf("a hook's Python script in a directory past maxModuleDirNames: Missing %q, want it refused, naming the script and the bound", m)
	}
}

// TestPlanSeatbeltHookManagersMac82: the scripts gh81 holds on Linux
// that the profile did not deny on macOS are denied writing: where a hook
// is installed, a pre-commit repo: local entry's and a lefthook run:
// line's, and, where husky is installed (.husky/_), what husky's hooks
// run. A sandboxed echo >> scripts/lint.sh ran at the next commit
// outside the sandbox. Neighbours: a script none of them runs stays
// writable, and so do the hook managers' scripts where no hook is
// installed. A missing node_modules a node hook's bare require finds is
// denied creating (hk81), as it was.
func TestPlanSeatbeltHookManagersMac82(t *testing.T) {
	t.Parallel()
	project := func(installed bool) string {
		root := t.TempDir()
		mac82Write(t, root, ".pre-commit-config.yaml", "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: ./scripts/lint.sh\n    language: system\n", false)
		mac82Write(t, root, "lefthook.yml", "pre-push:\n  commands:\n    check:\n      run: bash scripts/push-check.sh\n", false)
		mac82Write(t, root, ".husky/pre-commit", "./scripts/husky.sh\n", false)
		mac82Write(t, root, ".git/hooks/pre-commit.sample", "#!/bin/sh\n", true)
		for _, s := range []string{"lint.sh", "push-check.sh", "husky.sh", "other.sh"} {
			mac82Write(t, root, "scripts/"+s, "#!/bin/sh\n", true)
		}
		mac82Write(t, root, ".claude/settings.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node scripts/h.js"}]}]}}`, false)
		mac82Write(t, root, "scripts/h.js", "const _ = require('lodash')\n", false)
		if installed {
			mac82Write(t, root, ".git/hooks/pre-commit", "#!/bin/sh\nexec pre-commit hook-impl\n", true)
			mac82Write(t, root, ".husky/_/pre-commit", "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n", true)
		}
		return root
	}
	for _, tc := range []struct {
		installed bool
		held      []string
		writable  []string
	}{
		{true, []string{"scripts/lint.sh", "scripts/push-check.sh", "scripts/husky.sh", "scripts/h.js", "scripts/node_modules", "node_modules"}, []string{"scripts/other.sh"}},
		{false, []string{"scripts/h.js", "scripts/node_modules", "node_modules"}, []string{"scripts/lint.sh", "scripts/push-check.sh", "scripts/husky.sh", "scripts/other.sh"}},
	} {
		root := project(tc.installed)
		protected, missing := mac82Params(t, root, "PROTECT_")
		if len(missing) > 0 {
			t.Errorf("installed %v: Missing %q, want nothing", tc.installed, missing)
		}
		for _, rel := range tc.held {
			if !slices.ContainsFunc(protected, func(p string) bool { return strings.HasSuffix(p, root+"/"+rel) }) {
				t.Errorf("installed %v: %s is not denied writing", tc.installed, rel)
			}
		}
		for _, rel := range tc.writable {
			if slices.ContainsFunc(protected, func(p string) bool { return strings.HasSuffix(p, root+"/"+rel) }) {
				t.Errorf("installed %v: %s, which no installed hook runs, is denied writing", tc.installed, rel)
			}
		}
	}
}
