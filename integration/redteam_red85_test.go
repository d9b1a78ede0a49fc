//go:build linux

package integration

// red85: the runner reads hook managers' files the command may write
// (a file a lefthook extends: glob matches) at the next run's plan,
// outside the sandbox, often as root: each read must be bounded.

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestHookConfigNextPlanRed85: the command wrote conf/big/lefthook.yml,
// 100,000 keys, which lefthook.yml's extends: conf/*/lefthook.yml names, and exited 0;
// the next run's plan read it with yaml.v3, which compares a mapping's
// keys pairwise: 47 s for one file, and a file of equal keys ran the
// runner out of memory. Now the next run is refused (125) at once,
// naming the file and the bound; the neighbour, the file gone, runs. As
// root and as mewsandbox-test, with the layer and without.
func TestHookConfigNextPlanRed85(t *testing.T) {
	requireSandbox(t)
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{})
			// A glob of directories: conf/*.yml, whose conf/ is held
			// since rev86, no longer lets the command write a match.
			gh84Write(p, "lefthook.yml", "extends: conf/*/lefthook.yml\n", 0o644)
			gh84Write(p, "conf/base/lefthook.yml", "pre-commit:\n  commands:\n    lint:\n      run: ./scripts/x.sh\n", 0o644)
			gh84Write(p, ".git/hooks/pre-commit", "#!/bin/sh\nexec lefthook run pre-commit \"$@\"\n", 0o755)
			gh84Write(p, "attack.sh", "mkdir conf/big && awk 'BEGIN { for (i = 0; i < 100000; i++) print \"k\" i \": 1\" }' > conf/big/lefthook.yml\n", 0o644)
			if r := runLead79(p, "sh attack.sh", flags); r.code != 0 {
				t.Fatalf("%s: the command's run: exit %d\nstderr: %s", what, r.code, r.stderr)
			}
			start := time.Now()
			r := runLead79(p, "echo work >> scripts/other.sh", flags)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("%s: the next run took %v", what, d)
			}
			if r.code != 125 || !strings.Contains(r.stderr, "conf/big/lefthook.yml") || !strings.Contains(r.stderr, "more than 256 keys") {
				t.Errorf("%s: the next run: exit %d; want 125 naming conf/big/lefthook.yml and the bound\nstderr: %s", what, r.code, r.stderr)
			}
			os.Remove(p.root + "/conf/big/lefthook.yml")
			if r := runLead79(p, "echo work >> scripts/other.sh", flags); r.code != 0 || p.read("scripts/other.sh") != "original\nwork\n" {
				t.Errorf("%s: the neighbour, conf/big/lefthook.yml gone: exit %d, scripts/other.sh %q\nstderr: %s", what, r.code, p.read("scripts/other.sh"), r.stderr)
			}
		}
	}
}
