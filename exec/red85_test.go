//go:build linux

package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// red85Lefthook is an installed lefthook hook.
const red85Lefthook = "#!/bin/sh\nexec lefthook run pre-commit \"$@\"\n"

// red85Root returns a new project root with a repository whose
// pre-commit hook is hook ("": none).
func red85Root(t *testing.T, hook string) string {
	t.Helper()
	root := t.TempDir()
	writeGh81(t, root, ".git/HEAD", "ref: refs/heads/main\n", 0o644)
	if hook != "" {
		writeGh81(t, root, ".git/hooks/pre-commit", hook, 0o755)
	}
	return root
}

// TestHookConfigBoundsRed85: a hook manager's YAML configuration the
// command wrote (a file a lefthook extends: glob matches) is read at the
// next run's plan in bounded time and memory: yaml.v3 compared each
// mapping's keys pairwise, with a message per equal pair (5,000 equal
// keys took 2 GB; a 1 MiB file ran the runner out of memory), so a
// mapping past maxYAMLKeys refuses the run, and equal keys are read as
// PyYAML, pre-commit's reader, reads them: the last one wins, where
// yaml.v3 read no configuration and held none of its scripts.
func TestHookConfigBoundsRed85(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var many strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&many, "k%d: 1\n", i)
	}
	start := time.Now()
	if _, why := readHookConfig(write("many.yml", many.String())); !strings.Contains(why, "line 1: a mapping of more than 256 keys") {
		t.Errorf("100,000 keys: refused %q, want a mapping of more than 256 keys", why)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("100,000 keys read in %v", d)
	}
	start = time.Now()
	v, why := readHookConfig(write("alike.yml", strings.Repeat("a: 1\n", 2000)+"a: last\n"))
	if m, _ := v.(map[string]any); why != "" || len(m) != 1 || m["a"] != "last" {
		t.Errorf("2,001 equal keys: %v, refused %q; want a: last", v, why)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("2,001 equal keys read in %v", d)
	}

	// pre-commit runs the last repos:'s local hook.
	root := red85Root(t, red85Lefthook)
	writeGh81(t, root, "scripts/lint.sh", "", 0o755)
	writeGh81(t, root, ".pre-commit-config.yaml", "repos: []\nrepos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: scripts/lint.sh\n    language: script\n", 0o644)
	checkGh81(t, root, []string{"scripts/lint.sh"}, "")
}

// TestParseTOMLBoundsRed85: a lefthook.toml the command wrote nested 1
// MiB deep took the next plan 256 MB of stack (arrays) or 210 MB of
// tables (a dotted key), for each of the 128 files extends: may name:
// past maxTOMLDepth it is refused, naming the line.
func TestParseTOMLBoundsRed85(t *testing.T) {
	for _, doc := range []string{
		"a = " + strings.Repeat("[", maxConfigSize),
		"a = " + strings.Repeat("{b=", maxConfigSize/3),
		strings.Repeat("a.", maxConfigSize/2) + "a = 1\n",
		"[" + strings.Repeat("a.", maxConfigSize/2) + "a]\n",
	} {
		if _, err := parseTOML(doc); err == nil || !strings.Contains(err.Error(), "nested more than") {
			t.Errorf("%.12q…: %v, want nested more than", doc, err)
		}
	}
	// The neighbour: lefthook's deepest, a job's group's jobs' env.
	doc := "[[pre-commit.jobs]]\ngroup = { jobs = [ { group = { jobs = [ { run = \"x\", env = { A = \"1\" } } ] } } ] }\n"
	if _, err := parseTOML(doc); err != nil {
		t.Errorf("%q: %v", doc, err)
	}
}

// FuzzParseTOML: no document panics the TOML reader or runs away with
// it; what it reads it reads again the same.
func FuzzParseTOML(f *testing.F) {
	for _, s := range []string{
		"[pre-commit.commands.lint]\nrun = \"./scripts/lint.sh\" # lint\n",
		"[[pre-commit.jobs]]\nrun = '''\nbash scripts/x.sh\n'''\n[[pre-commit.jobs]]\ngroup = { jobs = [ { run = \"node h.js\" }, ] }\n",
		"s = \"\"\"\none \\\n   two\"\"\"\n'b c'.d = 'lit\\'\nk = [\n 'a', # one\n \"b\",\n]\n",
		"a = \"\\u00e9\\e\\x41\"\nb = \"\"\"\"\"\"\"\"\nc = ''''''''\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		v, err := parseTOML(doc)
		if err != nil {
			return
		}
		again, _ := parseTOML(doc)
		if fmt.Sprint(v) != fmt.Sprint(again) {
			t.Fatal("read two ways")
		}
	})
}

// TestLefthookExtendsGlobBoundedRed85: lefthook's extends: globs a
// configuration the command wrote names were matched whole before the
// bound on their matches (filepath.Glob): 200 globs matching nothing
// below a tree of 4,096 directories opened each of them 200 times at
// the next plan. Past maxGlobNames directory entries read the run is
// refused; the neighbour, a monorepo's packages/*/lefthook.yml, is read.
func TestLefthookExtendsGlobBoundedRed85(t *testing.T) {
	root := red85Root(t, red85Lefthook)
	for i := range 8 {
		for j := range 8 {
			for k := range 8 {
				if err := os.MkdirAll(filepath.Join(root, "d", fmt.Sprint(i), fmt.Sprint(j), fmt.Sprint(k)), 0o755); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	writeGh81(t, root, "lefthook.yml", "extends:\n"+strings.Repeat("- d/*/*/*/none*.yml\n", 200), 0o644)
	start := time.Now()
	checkGh81(t, root, nil, "lefthook.yml: its extends: \"d/*/*/*/none*.yml\" reads more than")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("planned in %v", d)
	}

	root = red85Root(t, red85Lefthook)
	writeGh81(t, root, "lefthook.yml", "extends: packages/*/lefthook.yml\n", 0o644)
	writeGh81(t, root, "packages/a/lefthook.yml", "pre-commit:\n  commands:\n    lint:\n      run: ./scripts/lint.sh\n", 0o644)
	writeGh81(t, root, "packages/b/README", "", 0o644)
	writeGh81(t, root, "scripts/lint.sh", "", 0o755)
	checkGh81(t, root, []string{"packages/a/lefthook.yml", "scripts/lint.sh"}, "")
}

// TestLefthookCommandsRed85: lefthook runs more of its configuration
// than run: lines as shell commands, each of which ran a script the
// command had rewritten at the next commit, unheld: a command's or a
// hook's files: (the command listing the files), a skip: or only:
// condition's run:, a script's runner:, and a templates: value a run:
// line names ({wrapper}; read whether named or not, as lefthook-local's
// may stand in another file's line). The neighbours: a skip: of a branch
// name, a template of arguments.
func TestLefthookCommandsRed85(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         []string
	}{
		{"a command's files:", "pre-commit:\n  commands:\n    lint:\n      files: ./scripts/a.sh\n      run: eslint {files}\n", []string{"scripts/a.sh"}},
		{"a hook's files:", "pre-commit:\n  files: bash scripts/a.sh\n  commands:\n    lint:\n      run: eslint {files}\n", []string{"scripts/a.sh"}},
		{"a hook's skip: run:", "pre-commit:\n  skip:\n    - run: ./scripts/a.sh\n  commands:\n    lint:\n      run: eslint\n", []string{"scripts/a.sh"}},
		{"a job's only: run:", "pre-commit:\n  jobs:\n    - run: eslint\n      only:\n        - ref: main\n        - run: sh scripts/a.sh\n", []string{"scripts/a.sh"}},
		{"a script's runner:", "pre-commit:\n  scripts:\n    lint.sh:\n      runner: ./scripts/a.sh\n", []string{"scripts/a.sh"}},
		{"a template a run: names", "templates:\n  wrapper: ./scripts/a.sh\npre-commit:\n  jobs:\n    - run: '{wrapper} eslint'\n", []string{"scripts/a.sh"}},
		// The neighbours.
		{"a skip: of a branch", "pre-commit:\n  skip:\n    - ref: scripts/a.sh\n  commands:\n    lint:\n      run: eslint\n", nil},
		{"a template of arguments", "templates:\n  dir: scripts\npre-commit:\n  jobs:\n    - run: eslint {dir}\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := red85Root(t, red85Lefthook)
			writeGh81(t, root, "scripts/a.sh", "", 0o755)
			writeGh81(t, root, "lefthook.yml", tc.config, 0o644)
			checkGh81(t, root, tc.want, "")
		})
	}
}

// TestVenvRunnerRed85: a hook running the project's script with the
// project's own interpreter (.venv/bin/python scripts/a.py, a
// pre-commit system hook's entry) left the script writable, the
// program being taken for the venv's file, which a package manager
// replaces: it is read as python3 scripts/a.py is. The neighbour: a
// program of the venv's own (.venv/bin/ruff) holds nothing.
func TestVenvRunnerRed85(t *testing.T) {
	for _, tc := range []struct {
		entry string
		want  []string
	}{
		{".venv/bin/python scripts/a.py", []string{"scripts/a.py"}},
		{".venv/bin/python3.12 -W ignore scripts/a.py", []string{"scripts/a.py"}},
		{".venv/bin/ruff check scripts/a.py", nil},
	} {
		root := red85Root(t, gh81PreCommit)
		writeGh81(t, root, "scripts/a.py", "", 0o644)
		writeGh81(t, root, ".pre-commit-config.yaml", "repos:\n- repo: local\n  hooks:\n  - id: a\n    name: a\n    entry: "+tc.entry+"\n    language: system\n", 0o644)
		checkGh81(t, root, append(tc.want, "pre_commit.py", "pre_commit/__main__.py", "pre_commit/__init__.py"), "")
	}
}

// TestNodeSpecsOverLinesRed85: a hook's node script whose require( or
// from puts its module on the next line, as prettier prints a long one,
// left that module writable: the module, rewritten by the command, ran
// at the next commit. The neighbour: a module on the same line.
func TestNodeSpecsOverLinesRed85(t *testing.T) {
	for _, js := range []string{
		"const x = require(\n  './a.mjs'\n)\n",
		"import x from\n\t'./a.mjs'\n",
		"import x from './a.mjs'\n",
	} {
		root := red85Root(t, "#!/bin/sh\nnode scripts/h.mjs\n")
		writeGh81(t, root, "scripts/h.mjs", js, 0o644)
		writeGh81(t, root, "scripts/a.mjs", "", 0o644)
		checkGh81(t, root, []string{"scripts/h.mjs", "scripts/a.mjs"}, "")
	}
}

// TestPreCommitConfigOutsideRed85: an installed pre-commit hook naming a
// configuration outside the root (pre-commit install -c
// ~/shared/pre-commit.yaml) was not read, where lefthook's extends:
// outside the root is: its local hook's ./scripts/lint.sh, rewritten
// by the command, ran at the next commit. It is read, not held (the
// command cannot write it). The neighbour: one not there holds nothing.
func TestPreCommitConfigOutsideRed85(t *testing.T) {
	for _, tc := range []struct {
		config string
		want   []string
	}{
		{"repos:\n- repo: local\n  hooks:\n  - id: a\n    name: a\n    entry: ./scripts/lint.sh\n    language: script\n", []string{"scripts/lint.sh"}},
		{"", nil},
	} {
		root, out := red85Root(t, ""), t.TempDir()
		writeGh81(t, root, "scripts/lint.sh", "", 0o755)
		writeGh81(t, root, ".git/hooks/pre-commit", "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nARGS=(hook-impl --config="+out+"/pc.yaml --hook-type=pre-commit)\n", 0o755)
		if tc.config != "" {
			if err := os.WriteFile(out+"/pc.yaml", []byte(tc.config), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		checkGh81(t, root, tc.want, "")
	}
}
