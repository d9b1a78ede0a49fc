//go:build linux

package integration

import (
	"fmt"
	"strings"
	"testing"
)

// TestLefthookExtendsGlobRev86: where lefthook is installed and its
// lefthook.yml extends configs/*.yml, a configs/b.yml the command made
// was read by the host's next commit: exit 0, the file kept, with the
// layer and without. The glob's directory is held now: the write fails
// under the layer, and without it the file is moved aside (125). The
// neighbour, a file elsewhere, stays the command's.
func TestLefthookExtendsGlobRev86(t *testing.T) {
	requireSandbox(t)
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{
				"lefthook.yml":  "extends:\n  - configs/*.yml\n",
				"configs/a.yml": "pre-commit:\n  commands: {}\n",
			})
			p.write(".git/hooks/pre-commit", "#!/bin/sh\nexec lefthook run pre-commit \"$@\"\n", 0o755)
			r := runLead79(p, `echo 'pre-commit: {commands: {x: {run: "touch /tmp/pwned"}}}' > configs/b.yml; echo work >> scripts/other.sh; exit 0`, flags)
			if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
				t.Errorf("%s: scripts/other.sh, the neighbour: %q, want the command's write", what, got)
			}
			if got := p.read("configs/b.yml"); got != "<missing>" {
				t.Errorf("%s: configs/b.yml after the run: %q, want none\nstderr: %s", what, got, r.stderr)
			}
			switch {
			case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
				t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
			case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, "configs/b.yml")):
				t.Errorf("%s: exit %d; want 125 naming configs/b.yml\nstderr: %s", what, r.code, r.stderr)
			}
		}
	}
}

// TestOverlapPackageRenamedRev86: beside another run, a package
// directory found at the plan counted as the person's while its
// __init__ was unchanged since (red84), and one renamed into place keeps
// its files' times: a first run's command made scripts/hooks/selectors/
// a package (and a copy elsewhere), a second run planned meanwhile, and
// once the first run's end had moved the __init__ aside, the second's
// command moved the copy into place: it exited 0, and the agent's next
// hook printed evil, without the layer. A package directory changed
// since the plan has all its __init__ moved aside now.
func TestOverlapPackageRenamedRev86(t *testing.T) {
	requireSandbox(t)
	const plant = `mkdir -p stash/selectors scripts/hooks/selectors; echo 'print("evil")' | tee stash/selectors/__init__.py > scripts/hooks/selectors/__init__.py`
	const back = `trap 'rm -rf scripts/hooks/selectors; mv stash/selectors scripts/hooks/selectors' EXIT`
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{
				".claude/settings.json":  lead79Hooks("python3 scripts/hooks/check.py"),
				"scripts/hooks/check.py": "import subprocess\nprint('ok')\n",
			})
			r1, r2 := p.sideBySide(red74Run{flags: flags, script: plant}, red74Run{flags: flags, script: back})
			if r1.code != 125 {
				t.Errorf("%s: the planting run: exit %d, want 125\nstderr: %s", what, r1.code, r1.stderr)
			}
			if r2.code != 125 && r2.code != 1 {
				t.Errorf("%s: the run that moved the copy in: exit %d, want 125 (or its mv refused)\nstderr: %s", what, r2.code, r2.stderr)
			}
			if got := p.read("scripts/hooks/selectors/__init__.py"); got != "<missing>" {
				t.Errorf("%s: scripts/hooks/selectors/__init__.py after both runs: %q\nfirst's stderr: %s\nsecond's stderr: %s", what, got, r1.stderr, r2.stderr)
			}
		}
	}
}
