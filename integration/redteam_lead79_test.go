//go:build linux

package integration

// lead79: hook files the runner did not follow whole (past a bound, not
// to be read), whose hooks past the bound ran a script the command had
// rewritten; and the files a hook's shell script sources (. ./scripts/
// lib.sh), which the agent's next hook ran outside every sandbox.

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// lead79Project is a git project, as root or as mewsandbox-test, holding
// files (relative path → content; a content of "fifo" makes a FIFO), and
// scripts/x.sh, scripts/lib.sh and scripts/other.sh.
func lead79Project(t *testing.T, asUser bool, files map[string]string) *rt20Project {
	t.Helper()
	p := newRT20Project(t, asUser)
	files["scripts/x.sh"] = "echo ok\n"
	files["scripts/lib.sh"] = "echo ok\n"
	files["scripts/other.sh"] = "original\n"
	for rel, content := range files {
		path := filepath.Join(p.root, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if content == "fifo" {
			err = syscall.Mkfifo(path, 0o644)
		} else {
			err = os.WriteFile(path, []byte(content), 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if p.cred != nil {
		filepath.Walk(p.root, func(f string, _ os.FileInfo, _ error) error {
			return os.Lchown(f, int(p.cred.Uid), int(p.cred.Gid))
		})
	}
	return p
}

// runLead79 runs sh -c script in p under run --yolo flags.
func runLead79(p *rt20Project, script string, flags []string) result {
	p.t.Helper()
	return runCommand(p.t, p.cmd(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", script)...))
}

// lead79Hooks is a hook file's JSON whose hooks run commands.
func lead79Hooks(commands ...string) string {
	var hooks []string
	for _, c := range commands {
		hooks = append(hooks, fmt.Sprintf(`{"type":"command","command":%q}`, c))
	}
	return `{"hooks":{"BeforeTool":[{"hooks":[` + strings.Join(hooks, ",") + `]}]}}`
}

// lead79Users are the runs' users: root and mewsandbox-test.
var lead79Users = []bool{false, true}

// TestAgentHookBoundsLead79: a hook file past a bound (1 MiB, 256
// commands, 32 commands in a line, a .github/hooks of 64 entries) or not to be read (a FIFO)
// was followed in part or not at all: echo evil > scripts/x.sh, which
// its hook past the bound runs, exited 0 and stayed. Now the run is
// refused (125) before the command starts, with the layer and without
// it; the neighbour, a file at the bound, runs the command and protects
// its script.
func TestAgentHookBoundsLead79(t *testing.T) {
	requireSandbox(t)
	many := func(n int) string {
		cmds := make([]string, n)
		for i := range cmds {
			cmds[i] = "true"
		}
		cmds[n-1] = "bash scripts/x.sh"
		return lead79Hooks(cmds...)
	}
	githubHooks := func(n int) map[string]string {
		files := map[string]string{".github/hooks/z.json": `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"bash scripts/x.sh"}]}}`}
		for i := range n - 1 {
			files[fmt.Sprintf(".github/hooks/a%02d.json", i)] = "{}"
		}
		return files
	}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		refused bool
	}{
		{"a settings file past 1 MiB", map[string]string{".gemini/settings.json": `{"pad":"` + strings.Repeat("x", 1<<20) + `",` + lead79Hooks("bash scripts/x.sh")[1:]}, true},
		{"257 commands", map[string]string{".claude/settings.json": many(257)}, true},
		{"65 files in .github/hooks", githubHooks(65), true},
		{"a FIFO", map[string]string{".codex/hooks.json": "fifo"}, true},
		{"33 commands in a hook's line", map[string]string{".claude/settings.json": lead79Hooks(strings.Repeat("true; ", 32) + "bash scripts/x.sh")}, true},
		// neighbours
		{"256 commands", map[string]string{".claude/settings.json": many(256)}, false},
		{"64 files in .github/hooks", githubHooks(64), false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				p := lead79Project(t, asUser, tc.files)
				r := runLead79(p, "echo evil > scripts/x.sh; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if tc.refused {
					if r.code != 125 || p.read("scripts/other.sh") != "original\n" {
						t.Errorf("%s: exit %d, scripts/other.sh %q; want 125 before the command starts\nstderr: %s", what, r.code, p.read("scripts/other.sh"), r.stderr)
					}
				} else if want := map[bool]int{true: 0, false: 125}[flags == nil]; r.code != want || p.read("scripts/other.sh") != "original\nwork\n" {
					// Run, x.sh read-only under the layer, put back without it.
					t.Errorf("%s: exit %d, scripts/other.sh %q; want %d and the command's write\nstderr: %s", what, r.code, p.read("scripts/other.sh"), want, r.stderr)
				}
				if got := p.read("scripts/x.sh"); got != "echo ok\n" {
					t.Errorf("%s: scripts/x.sh, which a hook runs: %q, want it unchanged\nstderr: %s", what, got, r.stderr)
				}
			}
		}
	}
}

// TestAgentHookSourcedLead79: a hook's script that sources
// scripts/lib.sh (. ./scripts/lib.sh, source "$CLAUDE_PROJECT_DIR/…",
// . "$(dirname "$0")/../lib.sh"): echo 'echo evil' > scripts/lib.sh
// exited 0, and the hook, run on the host as the agent runs it, printed
// evil; so did a Python hook's helpers.py beside it, or a json.py made
// there, which Python imports for the standard library's. Now each stays
// as it was, read-only under the layer, put back without it (125); the
// hook prints ok. The neighbours: the project's other files
// stay writable, and a script with no source line leaves lib.sh the
// command's.
func TestAgentHookSourcedLead79(t *testing.T) {
	requireSandbox(t)
	const py = "python3 scripts/hooks/check.py"
	for _, tc := range []struct {
		name, script string
		held         bool
		hook         string // bash scripts/hooks/check.sh where ""
		lib, evil    string // what the command writes: scripts/lib.sh, echo evil where ""
	}{
		{"dot, relative", "#!/bin/sh\n. ./scripts/lib.sh\n", true, "", "", ""},
		{"source, the project variable", "#!/bin/bash\nsource \"$CLAUDE_PROJECT_DIR/scripts/lib.sh\"\n", true, "", "", ""},
		{"the script's directory", "#!/bin/bash\nset -e\n. \"$(dirname \"$0\")/../lib.sh\"\n", true, "", "", ""},
		{"a python module beside the script", "import helpers\nhelpers.main()\n", true, py, "scripts/hooks/helpers.py", "def main(): print('evil')"},
		{"a python module shadowing the standard library's", "import json\nprint('ok')\n", true, py, "scripts/hooks/json.py", "print('evil')"},
		// neighbour
		{"no source line", "#!/bin/sh\necho ok\n", false, "", "", ""},
	} {
		hook, lib, evil := cmp.Or(tc.hook, "bash scripts/hooks/check.sh"), cmp.Or(tc.lib, "scripts/lib.sh"), cmp.Or(tc.evil, "echo evil")
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				files := map[string]string{".claude/settings.json": lead79Hooks(hook), strings.Fields(hook)[1]: tc.script}
				if tc.hook == py {
					files["scripts/hooks/helpers.py"] = "def main(): print('ok')\n"
				}
				p := lead79Project(t, asUser, files)
				before := p.read(lib)
				r := runLead79(p, "echo \""+evil+"\" > "+lib+"; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing sources: %q, want the command's write", what, got)
				}
				if !tc.held {
					if r.code != 0 || p.read(lib) != evil+"\n" {
						t.Errorf("%s: exit %d, %s %q; want 0 and the command's write\nstderr: %s", what, r.code, lib, p.read(lib), r.stderr)
					}
					continue
				}
				if flags != nil && r.code != 125 {
					t.Errorf("%s: a run that wrote %s: exit %d, want 125\nstderr: %s", what, lib, r.code, r.stderr)
				}
				if got := p.read(lib); got != before {
					t.Errorf("%s: %s after the run: %q, want %q\nstderr: %s", what, lib, got, before, r.stderr)
				}
				// The hook as the agent runs it, on the host.
				f := strings.Fields(hook)
				c := exec.Command(f[0], f[1:]...)
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root, "PYTHONDONTWRITEBYTECODE=1"}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}
