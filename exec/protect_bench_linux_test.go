//go:build linux

package exec

import (
	"os/exec"
	"testing"
)

// BenchmarkPlanNamespace is what every run pays to plan the layer in a
// repository made by git init (its sample hooks, a config).
func BenchmarkPlanNamespace(b *testing.B) {
	root := testRoot(b)
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		b.Skipf("git init: %v %s", err, out)
	}
	p := DefaultPolicy(root)
	for b.Loop() {
		planNamespace(p, root, "")
	}
}
