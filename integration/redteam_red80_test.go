//go:build linux

package integration

// red80: what a hook's script loads that lead79's reading missed: a
// source line after the script cds to its own directory or through a
// variable naming it (source "$SCRIPT_DIR/lib.sh") or its link's target
// ($(dirname "$(readlink -f "$0")")), a module python3 -m runs from the
// root, which imports json from there (json.py), a project
// script it runs rather than sources, and the modules beside a Python
// script's link target. A sandboxed echo to each ran at the agent's next
// hook outside every sandbox.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentHookLoadedRed80: echo evil > the file a held hook's script
// loads exited 0 and stayed, and the hook, run as the agent runs it on
// the host, printed evil. Now the file is read-only under the layer and
// put back without it (125); the hook prints ok. The neighbour, a
// script that only reads scripts/next.sh (cat), leaves it the command's.
func TestAgentHookLoadedRed80(t *testing.T) {
	requireSandbox(t)
	const sh, py = "bash scripts/hooks/check.sh", "python3 scripts/hooks/check.py"
	for _, tc := range []struct {
		name, hook string
		files      map[string]string
		link       string // the hook's script links to it where set
		target     string // what the command writes
		evil       string
		held       bool
	}{
		{"cd to the script's directory", sh, map[string]string{
			"scripts/hooks/check.sh": "cd \"$(dirname \"$0\")\" || exit 1\n. ./lib.sh\n",
			"scripts/hooks/lib.sh":   "echo ok\n",
		}, "", "scripts/hooks/lib.sh", "echo evil", true},
		{"a variable naming the script's directory", sh, map[string]string{
			"scripts/hooks/check.sh": "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nsource \"$SCRIPT_DIR/lib.sh\"\n",
			"scripts/hooks/lib.sh":   "echo ok\n",
		}, "", "scripts/hooks/lib.sh", "echo evil", true},
		{"readlink -f of the script's link", sh, map[string]string{
			"tools/check.sh": ". \"$(dirname \"$(readlink -f \"$0\")\")/lib.sh\"\n",
			"tools/lib.sh":   "echo ok\n",
		}, "tools/check.sh", "tools/lib.sh", "echo evil", true},
		{"a script run, not sourced", sh, map[string]string{
			"scripts/hooks/check.sh": "bash scripts/next.sh\n",
			"scripts/next.sh":        "echo ok\n",
		}, "", "scripts/next.sh", "echo evil", true},
		{"a python script's link", py, map[string]string{
			"tools/check.py":   "import helpers\nhelpers.main()\n",
			"tools/helpers.py": "def main(): print('ok')\n",
		}, "tools/check.py", "tools/helpers.py", "def main(): print('evil')", true},
		{"a module python3 -m runs", "python3 -m tools.check", map[string]string{
			"tools/check.py": "import json\nprint('ok')\n",
		}, "", "json.py", "print('evil')", true},
		// neighbour
		{"a file the script reads", sh, map[string]string{
			"scripts/hooks/check.sh": "cat scripts/next.sh >/dev/null\necho ok\n",
			"scripts/next.sh":        "echo ok\n",
		}, "", "scripts/next.sh", "echo evil", false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				files := map[string]string{".claude/settings.json": lead79Hooks(tc.hook)}
				for k, v := range tc.files {
					files[k] = v
				}
				p := lead79Project(t, asUser, files)
				if tc.link != "" {
					link := filepath.Join(p.root, strings.Fields(tc.hook)[1])
					if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink("../../"+tc.link, link); err != nil {
						t.Fatal(err)
					}
					if p.cred != nil {
						os.Lchown(link, int(p.cred.Uid), int(p.cred.Gid))
					}
				}
				before := p.read(tc.target)
				r := runLead79(p, "echo \""+tc.evil+"\" > "+tc.target+"; echo work >> scripts/other.sh; exit 0", flags)
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, which nothing loads: %q, want the command's write", what, got)
				}
				if !tc.held {
					if r.code != 0 || p.read(tc.target) != tc.evil+"\n" {
						t.Errorf("%s: exit %d, %s %q; want 0 and the command's write\nstderr: %s", what, r.code, tc.target, p.read(tc.target), r.stderr)
					}
					continue
				}
				if flags != nil && r.code != 125 {
					t.Errorf("%s: a run that wrote %s: exit %d, want 125\nstderr: %s", what, tc.target, r.code, r.stderr)
				}
				if got := p.read(tc.target); got != before {
					t.Errorf("%s: %s after the run: %q, want %q\nstderr: %s", what, tc.target, got, before, r.stderr)
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
