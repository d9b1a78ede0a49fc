//go:build linux

package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHookConfigBoundsRed85: a hook manager's YAML configuration the
// command wrote (a file a lefthook extends: glob matches) is read at the
// next run's plan in bounded time and memory: yaml.v3 compared each
// mapping's keys pairwise, with a message per equal pair (5,000 equal
// keys took 2 GB; a 1 MiB file ran the runner out of memory), so a
// mapping past maxYAMLKeys refuses the run, and equal keys are read as
// PyYAML, pre-commit's reader, reads them: the last one wins, where
// yaml.v3 read no configuration and held none of its scripts.
func TestHookConfigBoundsRed85(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var many strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&many, "k%d: 1\n", i)
	}
	start := time.Now()
	if _, why := readHookConfig(write("many.yml", many.String())); !strings.Contains(why, "line 1: a mapping of more than 256 keys") {
		t.Errorf("100,000 keys: refused %q, want a mapping of more than 256 keys", why)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("100,000 keys read in %v", d)
	}
	start = time.Now()
	v, why := readHookConfig(write("alike.yml", strings.Repeat("a: 1\n", 2000)+"a: last\n"))
	if m, _ := v.(map[string]any); why != "" || len(m) != 1 || m["a"] != "last" {
		t.Errorf("2,001 equal keys: %v, refused %q; want a: last", v, why)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("2,001 equal keys read in %v", d)
	}

	// pre-commit runs the last repos:'s local hook.
	root := t.TempDir()
	writeGh81(t, root, ".git/HEAD", "ref: refs/heads/main\n", 0o644)
	writeGh81(t, root, ".git/hooks/pre-commit", "#!/bin/sh\nexec lefthook run pre-commit \"$@\"\n", 0o755)
	writeGh81(t, root, "scripts/lint.sh", "", 0o755)
	writeGh81(t, root, ".pre-commit-config.yaml", "repos: []\nrepos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: scripts/lint.sh\n    language: script\n", 0o644)
	checkGh81(t, root, []string{"scripts/lint.sh"}, "")
}
