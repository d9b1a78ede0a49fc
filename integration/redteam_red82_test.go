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

// TestAgentHookImportsRed82: a hook's Python script that imports a
// sibling module after another statement (import os; import helper) or a
// compound statement's colon (try: import helper) left the module
// writable: echo 'print("evil")' > tools/helper.py exited 0, and the
// hook, run as the agent runs it on the host, printed evil. Now the
// write is refused under the layer and put back without it (125); the
// hook prints ok. The neighbour, a script importing only os beside a
// dictionary's colon, leaves helper.py the command's. As a git hook's
// script too.
func TestAgentHookImportsRed82(t *testing.T) {
	requireSandbox(t)
	for _, tc := range []struct {
		name, hook, script string
		held               bool
	}{
		{"after a semicolon", "python3 tools/check.py", "import os; import helper\nprint('ok')\n", true},
		{"after try's colon", "python3 tools/check.py", "try: import helper\nexcept ImportError: pass\nprint('ok')\n", true},
		{"a git hook's script, after a semicolon", "git", "import os; import helper\nprint('ok')\n", true},
		// neighbour
		{"no import of it", "python3 tools/check.py", "import os; d = {'helper': 1}\nprint('ok')\n", false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				files := map[string]string{"tools/check.py": tc.script, "tools/helper.py": "\n"}
				if tc.hook != "git" {
					files[".claude/settings.json"] = lead79Hooks(tc.hook)
				}
				p := lead79Project(t, asUser, files)
				if tc.hook == "git" {
					p.write(".git/hooks/pre-commit", "#!/bin/sh\npython3 tools/check.py\n", 0o755)
				}
				r := runLead79(p, `echo 'print("evil")' > tools/helper.py; echo work >> scripts/other.sh; exit 0`, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				got := p.read("tools/helper.py")
				if !tc.held {
					if r.code != 0 || got != "print(\"evil\")\n" {
						t.Errorf("%s: exit %d, tools/helper.py %q; want 0 and the command's write\nstderr: %s", what, r.code, got, r.stderr)
					}
					continue
				}
				switch {
				case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
					t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
				case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, "tools/helper.py")):
					t.Errorf("%s: exit %d; want 125 naming tools/helper.py\nstderr: %s", what, r.code, r.stderr)
				}
				if got != "\n" {
					t.Errorf("%s: tools/helper.py %q after the run, want it unchanged\nstderr: %s", what, got, r.stderr)
				}
				// The hook as the agent or git runs it, on the host.
				c := exec.Command("python3", "tools/check.py")
				c.Dir, c.Env = p.root, []string{"PATH=/usr/bin:/bin", "CLAUDE_PROJECT_DIR=" + p.root, "PYTHONDONTWRITEBYTECODE=1"}
				if out, _ := c.CombinedOutput(); string(out) != "ok\n" {
					t.Errorf("%s: the hook printed %q, want ok", what, out)
				}
			}
		}
	}
}
