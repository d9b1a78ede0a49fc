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
