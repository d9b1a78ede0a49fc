//go:build linux

package integration

// hk81: what a held hook's script loads that lead79 and red80 left
// writable: a module the script imports only in turn, planted beside it
// (signal.py, which the standard library's subprocess imports, or a
// selectors package; byte code of a third-party name; a node_modules a bare require finds),
// and a missing directory of a file a script sources, made a symbolic
// link to a directory of the command's. Each ran at the agent's next
// hook outside every sandbox.

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentHookPlantedHk81: the command made what a held hook loads
// beside its script, and the hook, run as the agent runs it on the host,
// printed evil; the run exited 0 (under the layer, a link on the way to
// a sourced file: 125 with "look at it", the link left). Now what it
// made is moved aside after the run, with the layer and without it, and
// the run exits 125; the hook prints ok. The neighbours, a note and a
// data directory beside the script and a file in an existing
// node_modules' place, stay the command's, and the run exits 0.
func TestAgentHookPlantedHk81(t *testing.T) {
	requireSandbox(t)
	const py, js, sh = "python3 scripts/hooks/check.py", "node scripts/hooks/check.js", "bash scripts/hooks/check.sh"
	pyCheck := map[string]string{"scripts/hooks/check.py": "import subprocess\ntry:\n    import requests\nexcept ImportError:\n    pass\nprint('ok')\n"}
	jsCheck := map[string]string{"scripts/hooks/check.js": "try { require('lodash') } catch (e) {}\nconsole.log('ok')\n"}
	for _, tc := range []struct {
		name, hook string
		files      map[string]string
		attack     string
		gone       string // what the run moves aside, relative to the root
		held       bool
	}{
		{"a module the standard library imports", py, pyCheck,
			`echo 'print("evil")' > scripts/hooks/signal.py`, "scripts/hooks/signal.py", true},
		{"a package the standard library imports", py, pyCheck,
			`mkdir scripts/hooks/selectors && echo 'print("evil")' > scripts/hooks/selectors/__init__.py`, "scripts/hooks/selectors/__init__.py", true}, // its __init__ aside (read83)
		{"byte code of a third-party name", py, pyCheck,
			`printf 'print("evil")\n' > r.py && /usr/bin/python3 -c 'import py_compile; py_compile.compile("r.py", "scripts/hooks/requests.pyc")'`, "scripts/hooks/requests.pyc", true},
		{"a node_modules beside a node script", js, jsCheck,
			`mkdir -p scripts/hooks/node_modules/lodash && echo 'console.log("evil")' > scripts/hooks/node_modules/lodash/index.js`, "scripts/hooks/node_modules", true},
		{"a node_modules in the root", js, jsCheck,
			`mkdir -p node_modules/lodash && echo 'console.log("evil")' > node_modules/lodash/index.js`, "node_modules", true},
		{"the project's directory made a package of a name the standard library imports", py, map[string]string{
			"scripts/hooks/check.py":            pyCheck["scripts/hooks/check.py"],
			"scripts/hooks/selectors/notes.txt": "the project's\n",
		}, `echo 'print("evil")' > scripts/hooks/selectors/__init__.py`, "scripts/hooks/selectors/__init__.py", true},
		{"a sourced file's missing directory made a link", sh, map[string]string{
			"scripts/hooks/check.sh": "if [ -f scripts/gen/lib.sh ]; then . scripts/gen/lib.sh; fi\necho ok\n",
		}, `mkdir other && echo 'echo evil' > other/lib.sh && ln -s ../other scripts/gen`, "scripts/gen", true},
		// neighbours
		{"a note and a data directory beside a python script", py, pyCheck,
			`echo note > scripts/hooks/notes.md && echo more >> scripts/hooks/other.txt && mkdir scripts/hooks/data && echo 1 > scripts/hooks/data/x.py`, "", false},
		{"a json file beside a node script", js, jsCheck,
			`echo '{}' > scripts/hooks/data.json && mkdir scripts/gen`, "", false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				files := map[string]string{".claude/settings.json": lead79Hooks(tc.hook), "scripts/hooks/other.txt": "original\n"}
				for k, v := range tc.files {
					files[k] = v
				}
				p := lead79Project(t, asUser, files)
				r := runLead79(p, tc.attack+"; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				if !tc.held {
					if r.code != 0 {
						t.Errorf("%s: exit %d, want 0\nstderr: %s", what, r.code, r.stderr)
					}
					if got := p.read("scripts/hooks/other.txt"); got != "original\n" && got != "original\nmore\n" {
						t.Errorf("%s: scripts/hooks/other.txt %q", what, got)
					}
					continue
				}
				if r.code != 125 || !strings.Contains(r.stderr, tc.gone) || !strings.Contains(r.stderr, "moved aside") {
					t.Errorf("%s: exit %d, want 125 naming %s moved aside\nstderr: %s", what, r.code, tc.gone, r.stderr)
				}
				if _, err := os.Lstat(filepath.Join(p.root, tc.gone+".mewsandbox-planted")); err != nil {
					t.Errorf("%s: %s not moved aside\nstderr: %s", what, tc.gone, r.stderr)
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

// TestAgentHookTextSourcedHk81: a held hook's shell script that runs
// scripts/lib.sh's text as code (source <(cat …), eval "$(cat …)", .
// /dev/stdin < …) left it writable: echo 'echo evil' > scripts/lib.sh
// exited 0 and the hook, run on the host, printed evil. Now it is
// read-only under the layer and put back without it (125); the hook
// prints ok. The neighbour, a script that only prints the file, leaves
// it the command's.
func TestAgentHookTextSourcedHk81(t *testing.T) {
	requireSandbox(t)
	for _, tc := range []struct {
		name, script string
		held         bool
	}{
		{"source a process substitution", "source <(cat scripts/lib.sh)\n", true},
		{"eval of cat", "eval \"$(cat \"$CLAUDE_PROJECT_DIR/scripts/lib.sh\")\"\n", true},
		{"dot stdin", ". /dev/stdin < scripts/lib.sh\n", true},
		// neighbour
		{"cat alone", "cat scripts/lib.sh >/dev/null; echo ok\n", false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				p := lead79Project(t, asUser, map[string]string{
					".claude/settings.json":  lead79Hooks("bash scripts/hooks/check.sh"),
					"scripts/hooks/check.sh": tc.script,
				})
				r := runLead79(p, "echo 'echo evil' > scripts/lib.sh; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				if !tc.held {
					if r.code != 0 || p.read("scripts/lib.sh") != "echo evil\n" {
						t.Errorf("%s: exit %d, scripts/lib.sh %q; want 0 and the command's write\nstderr: %s", what, r.code, p.read("scripts/lib.sh"), r.stderr)
					}
					continue
				}
				if flags != nil && r.code != 125 {
					t.Errorf("%s: a run that wrote scripts/lib.sh: exit %d, want 125\nstderr: %s", what, r.code, r.stderr)
				}
				if got := p.read("scripts/lib.sh"); got != "echo ok\n" {
					t.Errorf("%s: scripts/lib.sh after the run: %q, want the project's\nstderr: %s", what, got, r.stderr)
				}
				c := exec.Command("bash", "scripts/hooks/check.sh")
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}

// TestAgentHookModuleRunnerKilledHk81: a runner killed (SIGKILL) while
// its command ran never looked beside the hook's Python script, and the
// process the sharer starts in its place was not told to: the signal.py
// the command made there stayed, and the agent's next hook ran it. It is
// handed the modules there at the plan now, and moves the new one aside,
// with the layer and without it.
func TestAgentHookModuleRunnerKilledHk81(t *testing.T) {
	requireNamespaces(t)
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		requirePrefork(t, b)
		b.file(".claude/settings.json", lead79Hooks("python3 scripts/hooks/check.py"), 0o644)
		b.file("scripts/hooks/check.py", "import subprocess\nprint('ok')\n", 0o644)
		b.file("scripts/hooks/helpers.py", "", 0o644)
		b.killedWhile(t, flags, "echo 'print(\"evil\")' > scripts/hooks/signal.py\n")
		b.waitGone(t, "scripts/hooks/signal.py")
		if got := b.read("scripts/hooks/signal.py.mewsandbox-planted"); got != "print(\"evil\")\n" {
			t.Errorf("%v: signal.py moved aside: %q", flags, got)
		}
		if !b.exists("scripts/hooks/helpers.py") {
			t.Errorf("%v: helpers.py, the project's module at the plan, was moved", flags)
		}
		c := exec.Command("python3", "scripts/hooks/check.py")
		c.Dir, c.Env = b.root, []string{"PATH=/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE=1"}
		if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
			t.Errorf("%v: the hook printed %q, want ok", flags, out)
		}
	}
}

// TestAgentHookUnlistablePackageRev86: a package the command made beside
// a hook's Python script and made unlistable (chmod 111), which Python
// imports from all the same, needing only to search it, was taken for no
// module by a runner that could not list it (as a user): the run exited
// 0 and the agent's next hook printed evil. Now a directory the runner
// cannot list counts as a module, the one the command made is moved
// aside whole, and the run exits 125; the hook prints ok.
func TestAgentHookUnlistablePackageRev86(t *testing.T) {
	requireSandbox(t)
	const hook = "python3 scripts/hooks/check.py"
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{".claude/settings.json": lead79Hooks(hook), "scripts/hooks/check.py": "import json\nprint('ok')\n"})
			r := runLead79(p, `mkdir scripts/hooks/re && echo 'print("evil")' > scripts/hooks/re/__init__.py && chmod 111 scripts/hooks/re; exit 0`, flags)
			os.Chmod(filepath.Join(p.root, "scripts/hooks/re"), 0o755)
			if r.code != 125 || !strings.Contains(r.stderr, "scripts/hooks/re") || !strings.Contains(r.stderr, "moved aside") {
				t.Errorf("%s: exit %d, want 125 naming scripts/hooks/re moved aside\nstderr: %s", what, r.code, r.stderr)
			}
			c := exec.Command("/usr/bin/python3", "scripts/hooks/check.py") // not a shim whose start imports re
			c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE=1"}
			if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
				t.Errorf("%s: the hook printed %q, want ok", what, out)
			}
		}
	}
}

// TestModuleHookRunsAgainRev86: a project whose agent hook (or git hook,
// or pre-commit's local hook) runs python3 -m tools.hook ran once, and every later run was refused
// (125, "cannot protect tools/__pycache__ … not a regular file"): the
// byte code directory held beside the module, which the first run's
// placeholder or the hook's own python3 leaves, was read as a script.
// Each run exits 0 now, after the hook has run on the host too, and a
// json.py the command makes in the root, which -m imports first, is
// still moved aside.
func TestModuleHookRunsAgainRev86(t *testing.T) {
	requireSandbox(t)
	files := map[string]string{"tools/__init__.py": "", "tools/hook.py": "import json\nprint('ok')\n"}
	for _, how := range []string{"agent", "git", "pre-commit"} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s hook, as user %v, %v", how, asUser, flags)
				fs := maps.Clone(files)
				if how == "agent" {
					fs[".claude/settings.json"] = lead79Hooks("python3 -m tools.hook")
				}
				p := lead79Project(t, asUser, fs)
				switch how {
				case "git":
					p.write(".git/hooks/pre-commit", "#!/bin/sh\npython3 -m tools.hook\n", 0o755)
				case "pre-commit": // a hook manager's line, read where a hook is installed
					p.write(".pre-commit-config.yaml", "repos:\n- repo: local\n  hooks:\n  - id: h\n    name: h\n    entry: python3 -m tools.hook\n    language: system\n", 0o644)
					p.write(".git/hooks/pre-commit", "#!/bin/sh\nexec sh -c \"$(sed -n 's/^ *entry: //p' .pre-commit-config.yaml)\"\n", 0o755)
				}
				for i := range 3 {
					if i == 2 {
						// It writes its byte code in tools/__pycache__.
						c := exec.Command("/usr/bin/python3", "-m", "tools.hook")
						c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin"}
						if out, err := c.CombinedOutput(); err != nil || string(out) != "ok\n" {
							t.Fatalf("%s: the hook on the host: %v %q", what, err, out)
						}
						if _, err := os.Stat(filepath.Join(p.root, "tools/__pycache__")); err != nil {
							t.Fatalf("%s: the hook on the host wrote no byte code: %v", what, err)
						}
					}
					if r := runLead79(p, "true", flags); r.code != 0 {
						t.Errorf("%s, run %d: exit %d, want 0\nstderr: %s", what, i+1, r.code, r.stderr)
					}
				}
				if r := runLead79(p, "echo 'print(1)' > json.py", flags); r.code != 125 || !strings.Contains(r.stderr, "json.py") {
					t.Errorf("%s: a json.py made in the root: exit %d, want 125 naming it\nstderr: %s", what, r.code, r.stderr)
				}
			}
		}
	}
}
