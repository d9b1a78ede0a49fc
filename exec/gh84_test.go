//go:build linux

package exec

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestHookManagerScriptsGh84: the hook managers' configuration gh81 did
// not read, each of which ran a script the command had rewritten at the
// next commit: lefthook's JSON and TOML files, the files its extends:
// names (held themselves too), the scripts in its source_dir (held,
// with what they run) and in .lefthook, and the pre-commit
// configuration the installed hook names (--config), held and read.
// The neighbours: none read without a hook installed, extends: naming a
// file outside the root, pre-commit's default configuration named.
func TestHookManagerScriptsGh84(t *testing.T) {
	const lintRun = "./scripts/lint.sh"
	preCommitHook := func(config string) string {
		return strings.Replace(gh81PreCommit, "--config=.pre-commit-config.yaml", config, 1)
	}
	const local = "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: scripts/lint.sh\n    language: script\n"
	for _, tc := range []struct {
		name    string
		hook    string            // .git/hooks/pre-commit, "" for none
		files   map[string]string // relative to the root
		want    []string
		refused string
	}{
		{"lefthook.json", "x", map[string]string{"lefthook.json": `{"pre-commit": {"commands": {"lint": {"run": "` + lintRun + `"}}}}`}, []string{"scripts/lint.sh"}, ""},
		{".lefthook.jsonc, commented", "x", map[string]string{".lefthook.jsonc": "// hooks\n{\"pre-push\": {\"jobs\": [{\"run\": \"bash scripts/x.sh\"}]}}\n"}, []string{"scripts/x.sh"}, ""},
		{"lefthook.toml: a table", "x", map[string]string{"lefthook.toml": "[pre-commit.commands.lint]\nrun = \"" + lintRun + "\" # lint\n"}, []string{"scripts/lint.sh"}, ""},
		{"lefthook.toml: arrays of tables, inline tables, strings over lines", "x", map[string]string{"lefthook.toml": "[pre-commit]\nparallel = true\n[[pre-commit.jobs]]\nrun = '''\nbash scripts/x.sh\n'''\n[[pre-commit.jobs]]\ngroup = { jobs = [ { run = \"node scripts/h.js\" }, ] }\n[pre-push.commands]\nlint = { run = \"\"\"\\\n  " + lintRun + "\"\"\" }\n"}, []string{"scripts/x.sh", "scripts/h.js", "scripts/lint.sh"}, ""},
		{"lefthook.toml not read", "x", map[string]string{"lefthook.toml": "[pre-commit.commands.lint]\nrun = \"" + lintRun + "\n"}, nil, "lefthook.toml: reading it for the scripts its hooks run: line 2"},
		{"extends: a file and its run", "x", map[string]string{"lefthook.yml": "extends:\n  - conf/hooks.yml\n", "conf/hooks.yml": "pre-commit:\n  commands:\n    lint:\n      run: " + lintRun + "\n"}, []string{"conf/hooks.yml", "scripts/lint.sh"}, ""},
		{"extends: a glob", "x", map[string]string{"lefthook-local.yaml": "extends: conf/*.toml\n", "conf/a.toml": "[pre-commit.commands.x]\nrun = \"bash scripts/x.sh\"\n"}, []string{"conf/a.toml", "scripts/x.sh"}, ""},
		{"extends: past maxHookConfigs", "x", func() map[string]string {
			m := map[string]string{"lefthook.yml": "extends: conf/*.yml\n"}
			for i := range maxHookConfigs + 1 {
				m[fmt.Sprintf("conf/%d.yml", i)] = "{}\n"
			}
			return m
		}(), nil, "lefthook.yml: its extends: \"conf/*.yml\" matches more than"},
		{"source_dir and its scripts' loads", "x", map[string]string{"lefthook.yml": "source_dir: hooks-src/\n", "hooks-src/pre-commit/lint.sh": "bash scripts/x.sh\n"}, []string{"hooks-src", "scripts/x.sh"}, ""},
		{"rc: and what it sources", "x", map[string]string{"lefthook.toml": "rc = \".lefthookrc\"\n", ".lefthookrc": ". scripts/x.sh\n"}, []string{".lefthookrc", "scripts/x.sh"}, ""},
		{"a script in .lefthook", "x", map[string]string{"lefthook.yml": "pre-commit:\n  scripts:\n    lint.sh:\n      runner: sh\n", ".lefthook/pre-commit/lint.sh": lintRun + "\n"}, []string{"scripts/lint.sh"}, ""},
		{"prek.toml's local hook", "x", map[string]string{"prek.toml": "[[repos]]\nrepo = \"local\"\n[[repos.hooks]]\nid = \"lint\"\nentry = \"scripts/lint.sh\"\nlanguage = \"script\"\n"}, []string{"scripts/lint.sh"}, ""},
		{"pre-commit's --config", preCommitHook("--config=conf/pre-commit.yaml"), map[string]string{"conf/pre-commit.yaml": local}, []string{"conf/pre-commit.yaml", "scripts/lint.sh", "pre_commit.py", "pre_commit/__main__.py", "pre_commit/__init__.py"}, ""},
		{"pre-commit's --config, quoted, apart", preCommitHook("--config 'conf/pre commit.yaml'"), map[string]string{"conf/pre commit.yaml": local}, []string{"conf/pre commit.yaml", "scripts/lint.sh", "pre_commit.py", "pre_commit/__main__.py", "pre_commit/__init__.py"}, ""},
		{"pre-commit's --config unknown", preCommitHook("--config=$CONFIG"), nil, []string{"pre_commit.py", "pre_commit/__main__.py", "pre_commit/__init__.py"}, ".git/hooks/pre-commit: its pre-commit configuration (--config) is not to be told"},
		// The neighbours.
		{"lefthook.toml without a hook", "", map[string]string{"lefthook.toml": "[pre-commit.commands.lint]\nrun = \"" + lintRun + "\"\n"}, nil, ""},
		{"extends: outside the root", "x", map[string]string{"lefthook.yml": "extends:\n  - /etc/lefthook.yml\n"}, nil, ""},
		{"pre-commit's default --config", gh81PreCommit, map[string]string{".pre-commit-config.yaml": local}, []string{"scripts/lint.sh", "pre_commit.py", "pre_commit/__main__.py", "pre_commit/__init__.py"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeGh81(t, root, ".git/HEAD", "ref: refs/heads/main\n", 0o644)
			for _, f := range []string{"scripts/lint.sh", "scripts/x.sh", "scripts/h.js"} {
				writeGh81(t, root, f, "", 0o755)
			}
			switch tc.hook {
			case "":
			case "x":
				writeGh81(t, root, ".git/hooks/pre-commit", "#!/bin/sh\nexec lefthook run pre-commit \"$@\"\n", 0o755)
			default:
				writeGh81(t, root, ".git/hooks/pre-commit", tc.hook, 0o755)
			}
			for f, c := range tc.files {
				writeGh81(t, root, f, c, 0o644)
			}
			checkGh81(t, root, tc.want, tc.refused)
		})
	}
}

// TestParseTOML: what lefthook.toml is read with gives YAML's shapes.
func TestParseTOML(t *testing.T) {
	for _, tc := range []struct {
		doc     string
		want    map[string]any
		wantErr string
	}{
		{"a = \"x\\ty\" # c\n'b c'.d = 'lit\\'\n", map[string]any{"a": "x\ty", "b c": map[string]any{"d": `lit\`}}, ""},
		{"[t]\nk = [\n 'a', # one\n \"b\",\n]\n[[t.arr]]\nx = 1\n[[t.arr]]\nx = { y = \"z\" }\n", map[string]any{"t": map[string]any{"k": []any{"a", "b"}, "arr": []any{map[string]any{"x": "1"}, map[string]any{"x": map[string]any{"y": "z"}}}}}, ""},
		{"s = \"\"\"\none \\\n   two\"\"\"\n", map[string]any{"s": "one two"}, ""},
		{"a = \"x\" b = 1\n", nil, "line 1: more after a value"},
		{"a = \"x\n", nil, "line 1: an unclosed string"},
		{"a = 1\n[a.b]\n", nil, "line 2: a is no table"},
	} {
		got, err := parseTOML(tc.doc)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("%q: error %v, want %q", tc.doc, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %#v, %v; want %#v", tc.doc, got, err, tc.want)
		}
	}
}

// TestProtectTreeHooksGh84: a submodule's hooks run its scripts from its
// working tree (sub/scripts/lint.sh), and a linked worktree's commit the
// common hooks from the worktree's (wt/scripts/lint.sh): each is bound
// read-only with the hook managers' configuration there; a submodule and
// a worktree without a hook bind none of theirs.
func TestProtectTreeHooksGh84(t *testing.T) {
	for _, tc := range []struct {
		name string
		hook string // the path of the hook running ./scripts/lint.sh, "" for none
	}{
		{"a submodule's hook", "sub/.git/hooks/pre-commit"},
		{"a linked worktree's (the common hooks)", ".git/hooks/pre-commit"},
		{"none", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := gitRoot(t, "[core]\n", nil)
			for f, c := range map[string]string{
				".gitmodules":                 "[submodule \"sub\"]\n\tpath = sub\n",
				"sub/.git/HEAD":               "ref: refs/heads/main\n",
				"sub/.git/config":             "[core]\n",
				"sub/scripts/lint.sh":         "true\n",
				"sub/lefthook.yml":            "pre-commit:\n  commands:\n    x:\n      run: bash scripts/x.sh\n",
				"sub/scripts/x.sh":            "true\n",
				".git/worktrees/wt/HEAD":      "ref: refs/heads/wt\n",
				".git/worktrees/wt/commondir": "../..\n",
				"wt/scripts/lint.sh":          "true\n",
				"scripts/lint.sh":             "true\n",
			} {
				writeGh81(t, root, f, c, 0o644)
			}
			writeGh81(t, root, ".git/worktrees/wt/gitdir", root+"/wt/.git\n", 0o644)
			writeGh81(t, root, "wt/.git", "gitdir: "+root+"/.git/worktrees/wt\n", 0o644)
			if tc.hook != "" {
				writeGh81(t, root, tc.hook, "#!/bin/sh\n./scripts/lint.sh\n", 0o755)
			}
			g, _ := planGuard(root, []string{root}, false, newResolver(8))
			var got []string
			for _, p := range g.readOnly {
				if rel, _ := filepath.Rel(root, p); strings.HasSuffix(rel, ".sh") || strings.HasSuffix(rel, ".yml") {
					got = append(got, rel)
				}
			}
			var want []string
			switch {
			case strings.HasPrefix(tc.hook, "sub/"):
				want = []string{"sub/lefthook.yml", "sub/scripts/lint.sh", "sub/scripts/x.sh"}
			case tc.hook != "":
				want = []string{"scripts/lint.sh", "wt/scripts/lint.sh"}
			}
			if slices.Sort(got); !slices.Equal(got, want) {
				t.Errorf("read-only %q, want %q", got, want)
			}
		})
	}
}
