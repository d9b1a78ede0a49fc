//go:build linux

package integration

// red82: what a held hook's script loads that gh81 and hk81 left
// writable.

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestAgentHookImportsRed82: a module a hook's script imports that the
// plan did not find was left writable, and the command's write to it ran
// at the next hook: a Python script's import after another statement
// (import os; import helper) or a compound statement's colon (try:
// import helper), or in parentheses a line each (from lib import (\n
// util,\n)), and a node script's require('./lib.config'), which
// node loads from lib.config.js. The write exited 0, and the hook, run
// as the agent (or git) runs it on the host, printed evil. Now the write
// is refused under the layer and put back without it (125); the hook
// prints ok. The neighbours, a script importing only os beside a
// dictionary's colon, and a require('./lib.js') whose lib.js.js node
// never loads, leave the file the command's. As a git hook's script too.
func TestAgentHookImportsRed82(t *testing.T) {
	requireSandbox(t)
	const py, js = "python3 tools/check.py", "node tools/check.js"
	for _, tc := range []struct {
		name, hook, script string
		file, evil         string // what the command writes, and the line
		git, held          bool   // a git hook runs it; file is protected
	}{
		{"after a semicolon", py, "import os; import helper\nprint('ok')\n", "tools/helper.py", `print("evil")`, false, true},
		{"after try's colon", py, "try: import helper\nexcept ImportError: pass\nprint('ok')\n", "tools/helper.py", `print("evil")`, false, true},
		{"a git hook's script, after a semicolon", py, "import os; import helper\nprint('ok')\n", "tools/helper.py", `print("evil")`, true, true},
		{"a parenthesized import", py, "from lib import (\n    util,\n)\nprint('ok')\n", "tools/lib/util.py", `print("evil")`, false, true},
		{"a node module of a dotted name", js, "require('./lib.config')\nconsole.log('ok')\n", "tools/lib.config.js", `console.log("evil")`, false, true},
		{"a git hook's node script, a dotted name", js, "require('./lib.config')\nconsole.log('ok')\n", "tools/lib.config.js", `console.log("evil")`, true, true},
		// node loads an addon (lib.node, a command's gcc -shared) before a
		// directory's index.js: missing, moved aside once made.
		{"a node addon before a directory's index", js, "require('./pkg')\nconsole.log('ok')\n", "tools/pkg.node", `x`, false, true},
		// neighbours
		{"no import of it", py, "import os; d = {'helper': 1}\nprint('ok')\n", "tools/helper.py", `print("evil")`, false, false},
		{"a name node loads as it is", js, "require('./lib.js')\nconsole.log('ok')\n", "tools/lib.js.js", `console.log("evil")`, false, false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				script := strings.Fields(tc.hook)[1]
				files := map[string]string{script: tc.script, "tools/helper.py": "\n", "tools/lib.js": "\n", "tools/lib.config.js": "\n", "tools/lib/__init__.py": "", "tools/lib/util.py": "\n", "tools/pkg/index.js": "\n"}
				if !tc.git {
					files[".claude/settings.json"] = lead79Hooks(tc.hook)
				}
				p := lead79Project(t, asUser, files)
				if tc.git {
					p.write(".git/hooks/pre-commit", "#!/bin/sh\n"+tc.hook+"\n", 0o755)
				}
				before := p.read(tc.file)
				r := runLead79(p, "echo '"+tc.evil+"' > "+tc.file+"; echo work >> scripts/other.sh; exit 0", flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				got := p.read(tc.file)
				if !tc.held {
					if r.code != 0 || got != tc.evil+"\n" {
						t.Errorf("%s: exit %d, %s %q; want 0 and the command's write\nstderr: %s", what, r.code, tc.file, got, r.stderr)
					}
					continue
				}
				// One missing at the start is made by the command and moved
				// aside after the run, with the layer too.
				made := before == "<missing>"
				switch {
				case made && (r.code != 125 || !strings.Contains(r.stderr, tc.file) || !strings.Contains(r.stderr, "moved aside")):
					t.Errorf("%s: exit %d; want 125, %s moved aside\nstderr: %s", what, r.code, tc.file, r.stderr)
				case made:
				case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
					t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
				case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, tc.file)):
					t.Errorf("%s: exit %d; want 125 naming %s\nstderr: %s", what, r.code, tc.file, r.stderr)
				}
				if got != before {
					t.Errorf("%s: %s %q after the run, want it unchanged\nstderr: %s", what, tc.file, got, r.stderr)
				}
				// The hook as the agent or git runs it, on the host.
				f := strings.Fields(tc.hook)
				c := exec.Command(f[0], f[1:]...)
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root, "PYTHONDONTWRITEBYTECODE=1"}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}

// red82Library is C source of a shared library that prints evil when
// loaded: Python runs it as it dlopens an extension module.
const red82Library = `printf '#include <unistd.h>\n__attribute__((constructor)) static void f(void) { write(1, "evil\\n", 5); }\n' > e.c && gcc -pipe -shared -fPIC -o `

// TestAgentHookPackageModulesRed82: a hook's Python script that imports
// from a package of the project (import lib.util) held lib/util.py, but
// Python imports an extension module of the name first: a sandboxed gcc
// -shared -o tools/lib/util.so (or lib/__init__.abi3.so) exited 0 and
// the hook, run on the host, printed evil. Now what the command made
// there is moved aside after the run, with the layer and without it
// (125); the hook prints ok. The neighbours, a data file in the package
// and a module in a package the script does not import, stay.
func TestAgentHookPackageModulesRed82(t *testing.T) {
	requireSandbox(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc to build an extension module")
	}
	for _, tc := range []struct {
		name, attack, gone string
	}{
		{"beside a package's module", red82Library + "tools/lib/util.so e.c", "tools/lib/util.so"},
		{"for a package's __init__", red82Library + "tools/lib/__init__.abi3.so e.c", "tools/lib/__init__.abi3.so"},
		// neighbours
		{"a data file in the package", "echo 1 > tools/lib/data.txt", ""},
		{"a package not imported", red82Library + "tools/other/util.so e.c", ""},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				p := lead79Project(t, asUser, map[string]string{
					".claude/settings.json": lead79Hooks("python3 tools/check.py"),
					"tools/check.py":        "import lib.util\nprint('ok')\n",
					"tools/lib/__init__.py": "", "tools/lib/util.py": "",
					"tools/other/__init__.py": "", "tools/other/util.py": "",
				})
				r := runLead79(p, tc.attack+"; exit 0", flags)
				if tc.gone == "" {
					if r.code != 0 {
						t.Errorf("%s: exit %d, want 0\nstderr: %s", what, r.code, r.stderr)
					}
					continue
				}
				if r.code != 125 || !strings.Contains(r.stderr, tc.gone) || !strings.Contains(r.stderr, "moved aside") {
					t.Errorf("%s: exit %d, want 125 naming %s moved aside\nstderr: %s", what, r.code, tc.gone, r.stderr)
				}
				c := exec.Command("python3", "tools/check.py")
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root, "PYTHONDONTWRITEBYTECODE=1"}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}

// TestAgentHookDirectoryRunRed82: a hook that runs a directory (node
// tools/hook, python3 tools/pyhook) protected nothing (the directory is
// the project's code): a sandboxed echo > tools/hook/index.js (or
// __main__.py) exited 0 and the hook, run on the host, printed evil. Its
// entry files are held now: read-only under the layer, put back without
// it (125). The neighbour: another file in the directory stays the
// command's to write.
func TestAgentHookDirectoryRunRed82(t *testing.T) {
	requireSandbox(t)
	for _, tc := range []struct{ hook, entry, evil string }{
		{"node tools/hook", "tools/hook/index.js", `console.log("evil")`},
		{"python3 tools/hook", "tools/hook/__main__.py", `print("evil")`},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.hook, asUser, flags)
				ok := "print('ok')\n"
				if strings.HasSuffix(tc.entry, ".js") {
					ok = "console.log('ok')\n"
				}
				p := lead79Project(t, asUser, map[string]string{".claude/settings.json": lead79Hooks(tc.hook), tc.entry: ok, "tools/hook/util.txt": "original\n"})
				r := runLead79(p, "echo '"+tc.evil+"' > "+tc.entry+"; echo work >> tools/hook/util.txt; exit 0", flags)
				switch {
				case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
					t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
				case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, tc.entry)):
					t.Errorf("%s: exit %d; want 125 naming %s\nstderr: %s", what, r.code, tc.entry, r.stderr)
				}
				if got := p.read(tc.entry); got != ok {
					t.Errorf("%s: %s %q after the run, want it unchanged", what, tc.entry, got)
				}
				if got := p.read("tools/hook/util.txt"); got != "original\nwork\n" {
					t.Errorf("%s: tools/hook/util.txt, no entry: %q, want the command's write", what, got)
				}
				f := strings.Fields(tc.hook)
				c := exec.Command(f[0], f[1:]...)
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root, "PYTHONDONTWRITEBYTECODE=1"}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}
