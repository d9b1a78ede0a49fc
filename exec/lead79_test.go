//go:build linux

package exec

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// lead79Programs returns, relative to root, the paths agentHookPrograms
// protects and those whose run it refuses, with why; .claude is held.
func lead79Programs(t *testing.T, root string) (protected, refused []string) {
	t.Helper()
	for _, p := range agentHookPrograms(root, "/nonexistent", []protectedPath{{path: root + "/.claude", placeholder: true}}) {
		rel := strings.TrimPrefix(filepath.Clean(p.path), root+"/")
		if p.refuse != "" {
			refused = append(refused, rel+": "+p.refuse)
		} else {
			protected = append(protected, rel)
		}
	}
	return protected, refused
}

// lead79Hooks is a Claude Code or Gemini CLI settings file whose
// BeforeTool hooks run commands.
func lead79Hooks(commands ...string) string {
	var hooks []string
	for _, c := range commands {
		hooks = append(hooks, `{"type":"command","command":`+jsonString(c)+`}`)
	}
	return `{"hooks":{"BeforeTool":[{"hooks":[` + strings.Join(hooks, ",") + `]}]}}`
}

// TestAgentHookBoundsLead79: a hook file the runner could not follow
// whole (past maxConfigSize, not a regular file, more than
// maxHookCommands commands, a .github/hooks of more than maxHookEntries
// entries) protected nothing past the bound, and the run went on: a
// sandboxed echo > scripts/x.sh ran at the agent's next tool call. Each
// now refuses the run, naming the file and the bound; the neighbours,
// files within the bounds and one that is no JSON (the agent rejects it
// too), protect their scripts and refuse nothing.
func TestAgentHookBoundsLead79(t *testing.T) {
	many := func(n int) string {
		return lead79Hooks(append(slices.Repeat([]string{"true"}, n-1), "bash scripts/x.sh")...)
	}
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, root string)
		want    []string // protected
		refused string   // the refused path and a word of why, "" for none
	}{
		{"past maxConfigSize", func(t *testing.T, root string) {
			writeLead76(t, root, ".gemini/settings.json", `{"pad":"`+strings.Repeat("x", maxConfigSize)+`",`+lead79Hooks("bash scripts/x.sh")[1:])
		}, nil, ".gemini/settings.json: more than 1048576 bytes"},
		{"not a regular file", func(t *testing.T, root string) {
			writeLead76(t, root, ".codex/keep", "")
			if err := unix.Mkfifo(root+"/.codex/hooks.json", 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, ".codex/hooks.json: reading it"},
		{"more than maxHookCommands", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", many(maxHookCommands+1))
		}, nil, fmt.Sprintf(".claude/settings.json: more than %d hook commands", maxHookCommands)},
		{"more than maxHookEntries in .github/hooks", func(t *testing.T, root string) {
			for i := range maxHookEntries {
				writeLead76(t, root, fmt.Sprintf(".github/hooks/a%02d.json", i), "{}")
			}
			writeLead76(t, root, ".github/hooks/z.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"bash scripts/x.sh"}]}}`)
		}, nil, fmt.Sprintf(".github/hooks: more than %d entries", maxHookEntries)},
		{"more than maxSimpleCommands in a line", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(strings.Repeat("true; ", maxSimpleCommands)+"bash scripts/x.sh"))
		}, nil, fmt.Sprintf(".claude/settings.json: a hook command line of more than %d commands", maxSimpleCommands)},
		{"more than maxSimpleCommands in a shell's line", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", lead79Hooks("sh -c '"+strings.Repeat("true; ", maxSimpleCommands)+"bash scripts/x.sh'"))
		}, nil, fmt.Sprintf(".claude/settings.json: a hook command line of more than %d commands", maxSimpleCommands)},
		// neighbours
		{"maxSimpleCommands in a line", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(strings.Repeat("true; ", maxSimpleCommands-1)+"bash scripts/x.sh"))
		}, []string{"scripts/x.sh"}, ""},
		{"maxHookCommands", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", many(maxHookCommands))
		}, []string{"scripts/x.sh"}, ""},
		{"maxHookEntries in .github/hooks", func(t *testing.T, root string) {
			for i := range maxHookEntries - 1 {
				writeLead76(t, root, fmt.Sprintf(".github/hooks/a%02d.json", i), "{}")
			}
			writeLead76(t, root, ".github/hooks/z.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"bash scripts/x.sh"}]}}`)
		}, []string{"scripts/x.sh"}, ""},
		{"no JSON", func(t *testing.T, root string) {
			writeLead76(t, root, ".gemini/settings.json", `{"hooks": {"BeforeTool": [bash scripts/x.sh]}}`)
		}, nil, ""},
		{"a settings file of some size", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", `{"pad":"`+strings.Repeat("x", 64<<10)+`",`+lead79Hooks("bash scripts/x.sh")[1:])
		}, []string{"scripts/x.sh"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeLead76(t, root, "scripts/x.sh", "")
			tc.setup(t, root)
			protected, refused := lead79Programs(t, root)
			if !slices.Equal(protected, tc.want) {
				t.Errorf("protected %q, want %q", protected, tc.want)
			}
			switch {
			case tc.refused == "" && len(refused) > 0:
				t.Errorf("refused %q, want none", refused)
			case tc.refused != "" && (len(refused) != 1 || !strings.HasPrefix(refused[0], tc.refused)):
				t.Errorf("refused %q, want one starting %q", refused, tc.refused)
			}
		})
	}
}

// TestAgentHookSourcedLead79: a hook's shell script that reads another
// file of the project as its code (. ./scripts/lib.sh, source
// "$CLAUDE_PROJECT_DIR/scripts/lib.sh") left that file writable: a
// sandboxed echo > scripts/lib.sh ran at the agent's next hook. Now the
// file is protected as the script is, and what it sources in turn, to
// maxSourceDepth; the neighbours protect the script alone.
func TestAgentHookSourcedLead79(t *testing.T) {
	const check = "scripts/hooks/check.sh"
	for _, tc := range []struct {
		name, hook, script string
		want               []string // besides the hook's script
	}{
		{"dot, relative", "", "#!/bin/sh\nset -e\n. ./scripts/lib.sh\nlint\n", []string{"scripts/lib.sh"}},
		{"source, the project variable", "", `source "$CLAUDE_PROJECT_DIR/scripts/lib.sh"` + "\n", []string{"scripts/lib.sh"}},
		{"the script's directory", "", `. "$(dirname "$0")/../lib.sh"` + "\n" + `source "${BASH_SOURCE%/*}/env.sh"` + "\n", []string{"scripts/lib.sh", "scripts/hooks/env.sh"}},
		{"after a test", "", "if [ -f scripts/env.sh ]; then . scripts/env.sh; fi\n[ -r scripts/lib.sh ] && source scripts/lib.sh\n", []string{"scripts/env.sh", "scripts/lib.sh"}},
		{"what a sourced file sources", "", ". scripts/nest.sh\n", []string{"scripts/nest.sh", "scripts/lib.sh"}},
		{"a #! line names the shell", "./scripts/hooks/check", "#!/usr/bin/env bash\n. scripts/lib.sh\n", []string{"scripts/lib.sh"}},
		{"a held script's", "bash .claude/hooks/x.sh", ". scripts/lib.sh\n", []string{"scripts/lib.sh"}},
		{"a missing file", "", ". scripts/missing.sh\n", []string{"scripts/missing.sh"}},
		{"after a long pipeline", "", strings.Repeat("true | ", 40) + "true; . scripts/lib.sh\n", []string{"scripts/lib.sh"}},
		// neighbours
		{"no source line", "", "#!/bin/sh\n# lint. Then test.\necho . source\n", nil},
		{"another variable", "", `. "$HOME/.profile"` + "\n" + `source "$DIR/lib.sh"` + "\n" + "source ~/.bashrc\n", nil},
		{"outside the root", "", ". /etc/profile\n", nil},
		{"a directory", "", ". scripts\n", nil},
		{"a python hook", "python3 scripts/x.py", "source = 1\n. scripts/lib.sh\n", nil},
		// Python's and node's modules beside the script
		{"a python import", "python3 scripts/x.py", "import os, helpers as h\nfrom pkg.sub import (mod, other)\n", []string{
			"scripts/os.py", "scripts/os/__init__.py", "scripts/helpers.py", "scripts/helpers/__init__.py",
			"scripts/pkg.py", "scripts/pkg/__init__.py", "scripts/pkg/sub.py", "scripts/pkg/sub/__init__.py",
			"scripts/pkg/sub/mod.py", "scripts/pkg/sub/mod/__init__.py", "scripts/pkg/sub/other.py", "scripts/pkg/sub/other/__init__.py", "scripts/__pycache__"}},
		{"a python #! line", "./scripts/hooks/check", "#!/usr/bin/env python3\nimport helpers\n", []string{"scripts/hooks/helpers.py", "scripts/hooks/helpers/__init__.py"}},
		{"a node require", "node scripts/x.js", "const lib = require('./lib.js');\nconst fs = require('fs');\n", []string{"scripts/lib.js"}},
		{"a node import", "node scripts/x.mjs", "import { a } from \"../tools/a.mjs\";\nimport b from './b';\n", []string{"tools/a.mjs",
			"scripts/b", "scripts/b.js", "scripts/b.json", "scripts/b.node", "scripts/b.cjs", "scripts/b.mjs", "scripts/b.ts"}}, // scripts/b/index.js within scripts/b
		{"node, node's own modules", "node scripts/x.js", "const path = require('path');\nimport { readFile } from 'node:fs';\nconst fsp = require('fs/promises');\n", nil},
		// hk81: a bare module's node_modules, missing in the script's
		// directory and each above it in the root (none made there);
		// hk84: the package.json files node reads for its own name,
		// missing up to the root.
		{"node, a bare module", "node scripts/x.js", "const path = require('path');\nimport x from 'lodash';\n", []string{"scripts/package.json", "scripts/node_modules", "package.json", "node_modules"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			hook, script := "bash "+check, check
			if tc.hook != "" {
				hook = tc.hook
				script = strings.TrimPrefix(strings.Fields(tc.hook)[len(strings.Fields(tc.hook))-1], "./")
			}
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(hook))
			writeLead76(t, root, script, tc.script)
			writeLead76(t, root, "scripts/lib.sh", "lint() { :; }\n")
			writeLead76(t, root, "scripts/nest.sh", ". scripts/lib.sh\n")
			writeLead76(t, root, "scripts/nest2.sh", ". scripts/nest.sh\n")
			writeLead76(t, root, "scripts/helpers.py", "")
			protected, refused := lead79Programs(t, root)
			want := tc.want
			if !strings.HasPrefix(script, ".claude/") {
				want = append([]string{script}, want...)
			}
			if !slices.Equal(protected, want) || refused != nil {
				t.Errorf("%q: protected %q, refused %q; want %q, none", tc.script, protected, refused, want)
			}
		})
	}
	t.Run("past maxSourcedSize", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
		writeLead76(t, root, check, strings.Repeat("#\n", maxSourcedSize/2)+". scripts/lib.sh\n")
		if _, refused := lead79Programs(t, root); len(refused) != 1 || !strings.HasPrefix(refused[0], check+": a hook's script of more than") {
			t.Errorf("refused %q, want %s", refused, check)
		}
	})
	// read80: past maxSourceDepth, what the last script loads was left
	// writable without a word (scripts/lib.sh here); an unreadable
	// sourced file, and a module of a python3 -m hook past
	// maxSourcedSize, protected nothing they load. Each refuses now.
	refusedOnly := func(t *testing.T, root, want string) {
		t.Helper()
		if _, refused := lead79Programs(t, root); len(refused) != 1 || !strings.HasPrefix(refused[0], want) {
			t.Errorf("refused %q, want one starting %q", refused, want)
		}
	}
	t.Run("two lines past maxSimpleCommands, said once", func(t *testing.T) {
		root := t.TempDir()
		long := strings.Repeat("true; ", maxSimpleCommands+1) + "./scripts/x.sh"
		writeLead76(t, root, ".cursor/hooks.json", lead79Hooks(long, long+" "))
		if _, refused := lead79Programs(t, root); len(refused) != 1 {
			t.Errorf("refused %d times, want once: %.300q", len(refused), refused)
		}
	})
	t.Run("past maxSourceDepth, more to load", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
		writeLead76(t, root, check, ". scripts/nest2.sh\n")
		writeLead76(t, root, "scripts/nest2.sh", ". scripts/nest.sh\n")
		writeLead76(t, root, "scripts/nest.sh", ". scripts/lib.sh\n")
		refusedOnly(t, root, "scripts/nest.sh: a hook's script loads files that load others more than")
	})
	t.Run("neighbour: at maxSourceDepth, nothing more to load", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
		writeLead76(t, root, check, ". scripts/nest2.sh\n")
		writeLead76(t, root, "scripts/nest2.sh", ". scripts/nest.sh\n")
		writeLead76(t, root, "scripts/nest.sh", ". /etc/profile\nsource \"$HOME/.bashrc\"\nlint() { cat README.md; }\n")
		if protected, refused := lead79Programs(t, root); !slices.Equal(protected, []string{check, "scripts/nest2.sh", "scripts/nest.sh"}) || refused != nil {
			t.Errorf("protected %q, refused %q", protected, refused)
		}
	})
	t.Run("a sourced file not to be read", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
		writeLead76(t, root, check, ". scripts/lib.sh\n")
		if err := unix.Mkfifo(filepath.Join(root, "scripts/lib.sh"), 0o644); err != nil {
			t.Fatal(err)
		}
		refusedOnly(t, root, "scripts/lib.sh: reading a hook's script for the files it loads")
	})
	t.Run("a python3 -m module past maxSourcedSize", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("python3 -m tools.check"))
		writeLead76(t, root, "tools/__init__.py", "")
		writeLead76(t, root, "tools/check.py", strings.Repeat("#\n", maxSourcedSize/2)+"import json\n")
		// Read as the hook's script and as the module python3 -m runs
		// (moduleImports, which a hook's script running python3 -m
		// reaches alone): refused either way.
		if _, refused := lead79Programs(t, root); !slices.ContainsFunc(refused, func(r string) bool {
			return strings.Contains(r, "a hook's module of more than")
		}) {
			t.Errorf("refused %q, want the module past maxSourcedSize among them", refused)
		}
	})
}

// TestAgentHookLoadedRed80: what a hook's script loads that lead79's
// reading missed ran at the agent's next hook a file the sandboxed
// command had rewritten: a shell script's source line after it cds to
// its own directory (cd "$(dirname "$0")"; . ./lib.sh), a project script
// it runs rather than sources (bash scripts/next.sh), one named by a
// variable holding the script's directory (SCRIPT_DIR="$(cd "$(dirname
// "${BASH_SOURCE[0]}")" && pwd)"; source "$SCRIPT_DIR/lib.sh") or its
// link's target's ($(dirname "$(readlink -f "$0")")), the modules a
// module python3 -m runs imports from the working directory, and the modules
// beside a Python script's link's target, where Python looks. Each is
// now protected; the neighbours, variables not known, programs found in
// PATH and a script that is no link, protect what they did.
func TestAgentHookLoadedRed80(t *testing.T) {
	const check = "scripts/hooks/check.sh"
	for _, tc := range []struct {
		name, hook, script string
		link               string // where script lies, linked from the hook's
		want               []string
	}{
		{"cd to the script's directory", "", "cd \"$(dirname \"$0\")\" || exit 1\n. ./lib.sh\n", "",
			[]string{check, "lib.sh", "scripts/hooks/lib.sh"}},
		{"cd to a directory named", "", "cd scripts\nsource lib.sh\n", "", []string{check, "lib.sh", "scripts/lib.sh"}},
		{"a script run, not sourced", "", "bash scripts/next.sh\nexec ./scripts/other\n", "",
			[]string{check, "scripts/next.sh", "scripts/lib.sh", "scripts/other"}},
		{"a python script's link", "python3 scripts/hooks/check.py", "import helpers\n", "tools/check.py",
			[]string{"scripts/hooks/check.py", "tools/helpers.py", "tools/helpers/__init__.py", "tools/__pycache__"}},
		{"a variable naming the script's directory", "", "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nsource \"$SCRIPT_DIR/lib.sh\"\n" +
			"export DIR=$(dirname \"$0\")\n. \"${DIR}/../lib.sh\"\n", "", []string{check, "scripts/hooks/lib.sh", "scripts/lib.sh"}},
		{"readlink -f of the script's link", "", ". \"$(dirname \"$(readlink -f \"$0\")\")/lib.sh\"\n", "tools/check.sh", []string{check, "tools/lib.sh"}},
		{"realpath of the script", "", ". \"$(dirname \"$(realpath \"${BASH_SOURCE[0]}\")\")/lib.sh\"\n", "", []string{check, "scripts/hooks/lib.sh"}},
		// neighbours
		{"a variable not known", "", "DIR=\"$(git rev-parse --show-toplevel)\"\nsource \"$DIR/lib.sh\"\nD=scripts\nD=$(pwd)\n. \"$D/lib.sh\"\n", "", []string{check}},
		{"programs in PATH", "", "cat README.md\ngit diff --stat\necho ./scripts/next.sh\n", "", []string{check}},
		{"a python script, no link", "python3 tools/check.py", "import helpers\n", "",
			[]string{"tools/check.py", "tools/helpers.py", "tools/helpers/__init__.py", "tools/__pycache__"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			hook, script := cmp.Or(tc.hook, "bash "+check), check
			if tc.hook != "" {
				script = strings.Fields(tc.hook)[1]
			}
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(hook))
			writeLead76(t, root, cmp.Or(tc.link, script), tc.script)
			if tc.link != "" {
				rel, _ := filepath.Rel(filepath.Dir(root+"/"+script), root+"/"+tc.link)
				if err := os.MkdirAll(filepath.Dir(root+"/"+script), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(rel, root+"/"+script); err != nil {
					t.Fatal(err)
				}
			}
			writeLead76(t, root, "README.md", "")
			writeLead76(t, root, "scripts/lib.sh", "lint() { :; }\n")
			writeLead76(t, root, "scripts/next.sh", ". scripts/lib.sh\n")
			writeLead76(t, root, "scripts/hooks/lib.sh", "")
			writeLead76(t, root, "scripts/hooks/helpers.py", "")
			writeLead76(t, root, "tools/helpers.py", "")
			protected, refused := lead79Programs(t, root)
			if !slices.Equal(protected, tc.want) || refused != nil {
				t.Errorf("%q: protected %q, refused %q; want %q, none", tc.script, protected, refused, tc.want)
			}
		})
	}
	// A file named on many lines is read once: 12,000 lines of bash
	// scripts/big.sh took 8 s to plan and refused the run 12,000 times.
	t.Run("a file many lines name", func(t *testing.T) {
		root := t.TempDir()
		writeLead76(t, root, ".claude/settings.json", lead79Hooks("bash "+check))
		writeLead76(t, root, check, strings.Repeat(". scripts/big.sh\nbash scripts/big.sh\n", 1000))
		writeLead76(t, root, "scripts/big.sh", strings.Repeat("#\n", maxSourcedSize))
		if _, refused := lead79Programs(t, root); len(refused) != 1 || !strings.HasPrefix(refused[0], "scripts/big.sh: a hook's script of more than") {
			t.Errorf("refused %d times (%.200q), want once, scripts/big.sh", len(refused), refused)
		}
	})
	// python3 -m puts the working directory first on Python's path, not
	// the module's: its json.py is what import json loads.
	for _, tc := range []struct{ hook, script string }{{"python3 -m tools.check", "import json\n"}, {"python3 tools/check.py", "import json\n"}} {
		t.Run(tc.hook, func(t *testing.T) {
			root := t.TempDir()
			writeLead76(t, root, ".claude/settings.json", lead79Hooks(tc.hook))
			writeLead76(t, root, "tools/check.py", tc.script)
			protected, _ := lead79Programs(t, root)
			module := strings.Contains(tc.hook, "-m")
			if slices.Contains(protected, "json.py") != module || !slices.Contains(protected, "tools/json.py") {
				t.Errorf("protected %q; want tools/json.py, and json.py where -m", protected)
			}
		})
	}
}
