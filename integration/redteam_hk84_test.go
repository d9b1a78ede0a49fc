//go:build linux

package integration

// hk84: what a held hook loads that hk81 and red82 left to the command:
// a module in the working directory of a hook python3 -m runs, an
// extension module in a namespace package's directory (one with no
// __init__, or missing), the package.json node reads for a bare or #
// name (its self-reference, its imports), and a package missing from a
// node_modules there at the plan. Each ran at the agent's next hook
// outside every sandbox.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentHookLoadedHk84: the command made or changed what a held hook
// loads, and the hook, run as the agent runs it on the host, printed
// evil; the run exited 0. Now what it made is moved aside after the run
// (gone), or what it changed is read-only under the layer and put back
// without it (kept), and the run exits 125 (where the layer holds a file
// read-only, the write fails and the command goes on); the hook prints
// ok. So with a git hook running the same (pre-commit), at the host's
// next git commit. The neighbours, a note and a data directory in the root of a
// python3 -m hook, a package.json and node_modules of a project whose
// node hook requires nothing, and an installed package npm ci replaces,
// stay the command's, and the run exits 0.
func TestAgentHookLoadedHk84(t *testing.T) {
	requireSandbox(t)
	gcc := true
	if _, err := exec.LookPath("gcc"); err != nil {
		gcc = false
	}
	const pyM, py, js = "python3 -m tools.hook", "python3 scripts/hooks/check.py", "node scripts/hooks/check.js"
	hookM := map[string]string{"tools/hook.py": "import subprocess\nprint('ok')\n"}
	jsCheck := "try { require('lodash') } catch (e) {}\ntry { require('#x') } catch (e) {}\nconsole.log('ok')\n"
	for _, tc := range []struct {
		name, hook string
		files      map[string]string
		attack     string
		gone       string // what the run moves aside, relative to the root
		kept       string // what the run keeps the project's, relative to the root
		needGcc    bool
		git        bool // the hook is a git hook's command (.git/hooks/pre-commit), run by git commit
	}{
		{"python3 -m: a module the standard library imports, in the working directory", pyM, hookM,
			`echo 'print("evil")' > signal.py`, "signal.py", "", false, false},
		{"python3 -m: an extension __init__ of the module's namespace package", pyM, hookM,
			red82Library + "tools/__init__.abi3.so e.c", "tools/__init__.abi3.so", "", true, false},
		{"python3 -m: an extension __init__ beside the package's __init__.py", pyM, map[string]string{
			"tools/hook.py": hookM["tools/hook.py"], "tools/__init__.py": "",
		}, red82Library + "tools/__init__.abi3.so e.c", "tools/__init__.abi3.so", "", true, false},
		{"python3 -m: a relative import's module", pyM, map[string]string{
			"tools/hook.py": "from . import helper\nfrom .lib import util\nprint('ok')\n", "tools/helper.py": "", "tools/lib/util.py": "",
		}, `echo 'print("evil")' > tools/helper.py; echo 'print("evil")' > tools/lib/util.py`, "", "tools/helper.py", false, false},
		{"an extension module in a namespace package's directory", py, map[string]string{
			"scripts/hooks/check.py": "from tools import helper\nprint('ok')\n", "scripts/hooks/tools/helper.py": "",
		}, red82Library + "scripts/hooks/tools/helper.so e.c", "scripts/hooks/tools/helper.so", "", true, false},
		{"a namespace package nothing else provides", py, map[string]string{
			"scripts/hooks/check.py": "try:\n    import nspkg.sub\nexcept ImportError:\n    pass\nprint('ok')\n",
		}, "mkdir -p scripts/hooks/nspkg && " + red82Library + "scripts/hooks/nspkg/sub.so e.c", "scripts/hooks/nspkg/sub.so", "", true, false},
		{"package.json's self-reference", js, map[string]string{
			"scripts/hooks/check.js": jsCheck, "package.json": `{"name":"proj"}` + "\n", "node_modules/other/index.js": "",
		}, `echo 'console.log("evil")' > e.js; echo '{"name":"lodash","exports":"./e.js"}' > package.json`, "", "package.json", false, false},
		{"package.json's imports, beside the script", js, map[string]string{
			"scripts/hooks/check.js": jsCheck, "package.json": `{"name":"proj"}` + "\n", "node_modules/other/index.js": "",
		}, `echo 'console.log("evil")' > scripts/hooks/e.js; echo '{"imports":{"#x":"./e.js"}}' > scripts/hooks/package.json`, "scripts/hooks/package.json", "", false, false},
		{"a package missing from an existing node_modules", js, map[string]string{
			"scripts/hooks/check.js": jsCheck, "node_modules/other/index.js": "",
		}, `mkdir node_modules/lodash && echo 'console.log("evil")' > node_modules/lodash/index.js`, "node_modules/lodash", "", false, false},
		{"a git hook's python3 -m: a module in the root", pyM, hookM,
			`echo 'print("evil")' > signal.py`, "signal.py", "", false, true},
		{"a git hook's node script: a package missing from an existing node_modules", js, map[string]string{
			"scripts/hooks/check.js": jsCheck, "node_modules/other/index.js": "",
		}, `mkdir node_modules/lodash && echo 'console.log("evil")' > node_modules/lodash/index.js`, "node_modules/lodash", "", false, true},
		// neighbours
		{"python3 -m: a note and a data directory in the root", pyM, hookM,
			`echo note > notes.md && mkdir data && echo 1 > data/x.py && echo 2 > tools/data.txt && echo 3 > tools/other.py`, "", "", false, false},
		{"a node project whose hook requires nothing", js, map[string]string{
			"scripts/hooks/check.js": "console.log('ok')\n", "package.json": `{"name":"proj"}` + "\n", "node_modules/other/index.js": "",
		}, `echo '{"name":"proj","dependencies":{"lodash":"4"}}' > package.json && mkdir -p node_modules/lodash scripts/hooks/node_modules && echo 1 > node_modules/lodash/index.js`, "", "", false, false},
		{"npm ci replacing an installed package", js, map[string]string{
			"scripts/hooks/check.js": jsCheck, "node_modules/lodash/index.js": "",
		}, `rm -rf node_modules && mkdir -p node_modules/lodash && echo 'module.exports = 1' > node_modules/lodash/index.js`, "", "", false, false},
	} {
		if tc.needGcc && !gcc {
			t.Logf("%s: no gcc to build an extension module", tc.name)
			continue
		}
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				files := map[string]string{}
				if !tc.git {
					files[".claude/settings.json"] = lead79Hooks(tc.hook)
				}
				for k, v := range tc.files {
					files[k] = v
				}
				p := lead79Project(t, asUser, files)
				os.Remove(p.root + "/.git/hooks/pre-commit")
				if tc.git {
					p.write(".git/hooks/pre-commit", "#!/bin/sh\n"+tc.hook+"\n", 0o755)
				}
				var before string
				if tc.kept != "" {
					before = p.read(tc.kept)
				}
				r := runLead79(p, tc.attack+"; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				switch {
				case tc.gone != "":
					if r.code != 125 || !strings.Contains(r.stderr, tc.gone) || !strings.Contains(r.stderr, "moved aside") {
						t.Errorf("%s: exit %d, want 125 naming %s moved aside\nstderr: %s", what, r.code, tc.gone, r.stderr)
					}
					if _, err := os.Lstat(filepath.Join(p.root, tc.gone+".mewsandbox-planted")); err != nil {
						t.Errorf("%s: %s not moved aside\nstderr: %s", what, tc.gone, r.stderr)
					}
				case tc.kept != "":
					if flags != nil && r.code != 125 {
						t.Errorf("%s: exit %d, want 125\nstderr: %s", what, r.code, r.stderr)
					}
					if got := p.read(tc.kept); got != before {
						t.Errorf("%s: %s after the run: %q, want the project's %q\nstderr: %s", what, tc.kept, got, before, r.stderr)
					}
				default:
					if r.code != 0 {
						t.Errorf("%s: exit %d, want 0\nstderr: %s", what, r.code, r.stderr)
					}
				}
				if tc.git {
					// The hook as git runs it, at the host's next commit.
					if ok, out := gitCommits(t, p.root, p.cred); !ok || !strings.HasPrefix(out, "ok\n") || strings.Contains(out, "evil") {
						t.Errorf("%s: the host's git commit (%v) printed %q, want ok", what, ok, out)
					}
					continue
				}
				// The hook as the agent runs it, on the host.
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
