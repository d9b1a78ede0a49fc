//go:build linux

package integration

// gh84: what git hooks run past those gh81 held: a submodule's hooks
// run the submodule's scripts from its working tree, a linked
// worktree's commit runs the hooks from the worktree's top (and
// config.worktree may name another hooks directory), lefthook reads
// JSON, TOML, extends: files and source_dir scripts, and pre-commit
// reads the config its installed hook names. Each was left writable:
// the command appended to it, and the host's next git commit ran it.

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gh84Write writes rel in p's root, its directories made, executable
// where mode says, as p's user.
func gh84Write(p *rt20Project, rel, content string, mode os.FileMode) {
	p.t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(p.root, rel)), 0o755); err != nil {
		p.t.Fatal(err)
	}
	p.write(rel, content, mode)
	if p.cred != nil {
		for d := filepath.Dir(rel); d != "."; d = filepath.Dir(d) {
			os.Lchown(filepath.Join(p.root, d), int(p.cred.Uid), int(p.cred.Gid))
		}
	}
}

// TestGitHookScriptsGh84: the command appended echo evil > MARK to a file
// a git hook runs (or, for a hook manager's configuration, a command
// running it), exited 0, and the host's git commit where the hook runs
// wrote MARK. Now the write fails (Read-only file system) under the
// layer, and the run, the file moved back, exits 125 without it; the
// commit runs the file as it was. The neighbours: the same set-ups
// without a hook to run the file leave it the command's. As root and as
// mewsandbox-test, with the layer and without.
func TestGitHookScriptsGh84(t *testing.T) {
	requireSandbox(t)
	const lint = "#!/bin/sh\necho linted\n"
	const runsLint = "#!/bin/sh\n./scripts/lint.sh\n"
	appendTo := func(target string) string { return "echo 'echo evil > MARK' >> " + target }
	// A hook manager's hook of a line, running what its configuration
	// names, which the plan cannot tell from the hook alone.
	runs := func(sedScript, config string) string {
		return "#!/bin/sh\nexec sh -c \"$(sed -n '" + sedScript + "' " + config + ")\"\n"
	}
	submodule := func(p *rt20Project) {
		gh84Write(p, "origin/README", "origin\n", 0o644)
		p.git("origin", "init", "-q")
		p.git("origin", "add", ".")
		p.git("origin", "commit", "-qm", "origin")
		p.git("", "submodule", "add", "-q", "./origin", "sub")
		gh84Write(p, "sub/scripts/lint.sh", lint, 0o755)
	}
	worktree := func(p *rt20Project) {
		p.git("", "add", "scripts")
		p.git("", "commit", "-qm", "scripts")
		p.git("", "worktree", "add", "-q", "wt")
	}
	lefthook := "pre-commit:\n  commands:\n    lint:\n      run: ./scripts/lint.sh\n"
	preCommit := "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: ./scripts/lint.sh\n    language: script\n"
	for _, tc := range []struct {
		name string
		// setup makes the project's set-up and returns the file the
		// attack appends to (relative to the root) and where the host's
		// git commit runs (relative to the root, or absolute).
		setup  func(p *rt20Project) (target, commit string)
		attack string // "" for appendTo(target)
		held   bool
	}{
		{"a submodule's hook runs its ./scripts/lint.sh", func(p *rt20Project) (string, string) {
			submodule(p)
			gh84Write(p, ".git/modules/sub/hooks/pre-commit", runsLint, 0o755)
			return "sub/scripts/lint.sh", "sub"
		}, "", true},
		{"an in-tree submodule's hook runs its ./scripts/lint.sh", func(p *rt20Project) (string, string) {
			gh84Write(p, "sub/README", "sub\n", 0o644)
			p.git("sub", "init", "-q")
			p.git("sub", "add", ".")
			p.git("sub", "commit", "-qm", "sub")
			p.git("", "submodule", "add", "-q", "./sub", "sub")
			gh84Write(p, "sub/scripts/lint.sh", lint, 0o755)
			gh84Write(p, "sub/.git/hooks/pre-commit", runsLint, 0o755)
			return "sub/scripts/lint.sh", "sub"
		}, "", true},
		{"a linked worktree's commit runs its ./scripts/lint.sh", func(p *rt20Project) (string, string) {
			worktree(p)
			gh84Write(p, ".git/hooks/pre-commit", runsLint, 0o755)
			return "wt/scripts/lint.sh", "wt"
		}, "", true},
		{"a linked worktree's config.worktree core.hooksPath", func(p *rt20Project) (string, string) {
			worktree(p)
			p.git("", "config", "extensions.worktreeConfig", "true")
			gh84Write(p, ".git/config.worktree", "", 0o644)
			p.git("wt", "config", "--worktree", "core.hooksPath", "wthooks")
			gh84Write(p, "wt/wthooks/pre-commit", runsLint, 0o755)
			return "wt/scripts/lint.sh", "wt"
		}, "", true},
		{"an outside worktree's config.worktree core.hooksPath into the root", func(p *rt20Project) (string, string) {
			out := filepath.Dir(p.mark) // outside the root, the user's
			p.git("", "config", "extensions.worktreeConfig", "true")
			gh84Write(p, ".git/config.worktree", "", 0o644)
			p.git("", "worktree", "add", "-q", out+"/wt")
			p.git("", "-C", out+"/wt", "config", "--worktree", "core.hooksPath", p.root+"/tools/hooks")
			gh84Write(p, "tools/hooks/pre-commit", lint, 0o755)
			return "tools/hooks/pre-commit", out + "/wt"
		}, "", true},
		{"lefthook.json's run", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.json", `{"pre-commit": {"commands": {"lint": {"run": "./scripts/lint.sh"}}}}`+"\n", 0o644)
			gh84Write(p, ".git/hooks/pre-commit", runs(`s/.*"run": *"\([^"]*\)".*/\1/p`, "lefthook.json"), 0o755)
			return "scripts/lint.sh", ""
		}, "", true},
		{"lefthook.toml's run", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.toml", "[pre-commit.commands.lint]\nrun = \"./scripts/lint.sh\"\n", 0o644)
			gh84Write(p, ".git/hooks/pre-commit", runs(`s/^run = "\(.*\)"$/\1/p`, "lefthook.toml"), 0o755)
			return "scripts/lint.sh", ""
		}, "", true},
		{"the run of a file lefthook extends: names", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.yml", "extends:\n  - conf/hooks.yml\n", 0o644)
			gh84Write(p, "conf/hooks.yml", lefthook, 0o644)
			gh84Write(p, ".git/hooks/pre-commit", runs(`s/^ *run: //p`, "conf/hooks.yml"), 0o755)
			return "scripts/lint.sh", ""
		}, "", true},
		{"the file lefthook extends: names", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.yml", "extends:\n  - conf/hooks.yml\n", 0o644)
			gh84Write(p, "conf/hooks.yml", lefthook, 0o644)
			gh84Write(p, ".git/hooks/pre-commit", runs(`s/^ *run: //p`, "conf/hooks.yml"), 0o755)
			return "conf/hooks.yml", ""
		}, "printf '    evil:\\n      run: echo evil > MARK\\n' >> conf/hooks.yml", true},
		{"a script in lefthook's source_dir", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.yml", "source_dir: hooks-src/\npre-commit:\n  scripts:\n    lint.sh:\n      runner: sh\n", 0o644)
			gh84Write(p, "hooks-src/pre-commit/lint.sh", lint, 0o755)
			gh84Write(p, ".git/hooks/pre-commit", "#!/bin/sh\nd=$(sed -n 's/^source_dir: //p' lefthook.yml)\nexec sh \"$d/pre-commit/lint.sh\"\n", 0o755)
			return "hooks-src/pre-commit/lint.sh", ""
		}, "", true},
		{"what a script in .lefthook runs", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.yml", "pre-commit:\n  scripts:\n    lint.sh:\n      runner: sh\n", 0o644)
			gh84Write(p, ".lefthook/pre-commit/lint.sh", "./scripts/lint.sh\n", 0o755)
			gh84Write(p, ".git/hooks/pre-commit", "#!/bin/sh\nfor f in .lefthook/pre-commit/*; do sh \"$f\"; done\n", 0o755)
			return "scripts/lint.sh", ""
		}, "", true},
		{"the entry of the pre-commit config its hook names", func(p *rt20Project) (string, string) {
			gh84Write(p, "conf/pre-commit.yaml", preCommit, 0o644)
			gh84Write(p, ".git/hooks/pre-commit", "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nINSTALL_PYTHON=/usr/bin/python3\nARGS=(hook-impl --config=conf/pre-commit.yaml --hook-type=pre-commit)\n"+
				"exec sh -c \"$(sed -n 's/^ *entry: //p' conf/pre-commit.yaml)\"\n", 0o755)
			return "scripts/lint.sh", ""
		}, "", true},
		{"the pre-commit config its hook names", func(p *rt20Project) (string, string) {
			gh84Write(p, "conf/pre-commit.yaml", preCommit, 0o644)
			gh84Write(p, ".git/hooks/pre-commit", "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nINSTALL_PYTHON=/usr/bin/python3\nARGS=(hook-impl --config=conf/pre-commit.yaml --hook-type=pre-commit)\n"+
				"exec sh -c \"$(sed -n 's/^ *entry: //p' conf/pre-commit.yaml)\"\n", 0o755)
			return "conf/pre-commit.yaml", ""
		}, "printf '    entry: echo evil > MARK\\n' >> conf/pre-commit.yaml", true},
		// neighbours
		{"a submodule without a hook", func(p *rt20Project) (string, string) {
			submodule(p)
			return "sub/scripts/lint.sh", "sub"
		}, "", false},
		{"a linked worktree without a hook", func(p *rt20Project) (string, string) {
			worktree(p)
			return "wt/scripts/lint.sh", "wt"
		}, "", false},
		{"lefthook.json without a hook installed", func(p *rt20Project) (string, string) {
			gh84Write(p, "lefthook.json", `{"pre-commit": {"commands": {"lint": {"run": "./scripts/lint.sh"}}}}`+"\n", 0o644)
			return "scripts/lint.sh", ""
		}, "", false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				p := lead79Project(t, asUser, map[string]string{"scripts/lint.sh": lint})
				os.Remove(p.root + "/.git/hooks/pre-commit")
				target, commit := tc.setup(p)
				before := p.read(target)
				attack := cmp.Or(tc.attack, appendTo(target))
				r := runLead79(p, strings.ReplaceAll(attack, "MARK", p.mark)+"; echo work >> scripts/other.sh; exit 0", flags)
				got := p.read(target)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, the neighbour: %q, want the command's write", what, got)
				}
				switch {
				case !tc.held:
					if r.code != 0 || got == before {
						t.Errorf("%s: exit %d, %s %q; want 0 and the command's write\nstderr: %s", what, r.code, target, got, r.stderr)
					}
					continue
				case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
					t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
				case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, target)):
					t.Errorf("%s: exit %d; want 125 naming %s\nstderr: %s", what, r.code, target, r.stderr)
				}
				if got != before {
					t.Errorf("%s: %s %q after the run, want it unchanged\nstderr: %s", what, target, got, r.stderr)
				}
				if !filepath.IsAbs(commit) {
					commit = filepath.Join(p.root, commit)
				}
				if ok, out := gitCommits(t, commit, p.cred); !ok || !strings.Contains(out, "linted") {
					t.Errorf("%s: the host's git commit failed, or ran no %s: %s", what, target, out)
				}
				if _, err := os.Stat(p.mark); err == nil {
					t.Errorf("%s: the host's git commit ran what the command appended to %s", what, target)
				}
			}
		}
	}
}
