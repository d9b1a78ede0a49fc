package permission

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestWalkBounded: the walks beside the analysis's own descend no deeper
// than maxWalkDepth, and say so: a megabyte of a && a && … took
// arithNames' unbounded walk past the runtime's 1 GB stack under the race
// detector (CI, stop 43). A program nested deeper is too complex; a
// shallow one is walked whole, every node.
func TestWalkBounded(t *testing.T) {
	const n = 20000
	src := strings.Repeat("if a; then ", n) + "x" + strings.Repeat("; fi", n)
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		t.Fatal(err)
	}
	depth, deepest := 0, 0
	whole := walk(f, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		deepest = max(deepest, depth)
		return true
	})
	if whole || deepest > maxWalkDepth {
		t.Errorf("walk of %d nested ifs: whole %v, %d levels deep, want false and at most %d", n, whole, deepest, maxWalkDepth)
	}
	if a := AnalyzeShell(src); !strings.Contains(strings.Join(a.Complex, "\n"), "nesting too deep") {
		t.Errorf("%d nested ifs: complex %q, want nesting too deep", n, a.Complex)
	}
	// The analysis takes a && chain as a list: only the bound says so.
	chain := strings.Repeat("echo a && ", 8000) + "echo a"
	if a := AnalyzeShell(chain); !strings.Contains(strings.Join(a.Complex, "\n"), "nesting too deep") {
		t.Errorf("8,000 && echo a: complex %q, want nesting too deep", a.Complex)
	}

	small, err := syntax.NewParser().Parse(strings.NewReader("if a; then b $(c) | d; fi; (( x + y[1] ))"), "")
	if err != nil {
		t.Fatal(err)
	}
	var all, bounded int
	syntax.Walk(small, func(n syntax.Node) bool { all++; return true })
	if !walk(small, func(n syntax.Node) bool { bounded++; return true }) || bounded != all {
		t.Errorf("walk of a small program: %d calls, want %d and whole", bounded, all)
	}
}
