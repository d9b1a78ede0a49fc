package permission

import "testing"

func BenchmarkAnalyzeSimple(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		AnalyzeShell("git status")
	}
}

// BenchmarkAnalyzeCompound analyses ten simple commands, two of them in
// command substitutions, joined by && || ; and a pipe.
func BenchmarkAnalyzeCompound(b *testing.B) {
	const src = `cd "$(git rev-parse --show-toplevel)" && make build 2>&1 | tee build.log; ` +
		`[ -f out ] && echo ok || echo "failed at $(date +%s)"; ls -la; pwd`
	if n := len(AnalyzeShell(src).Commands); n != 10 {
		b.Fatalf("%d commands, want 10", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		AnalyzeShell(src)
	}
}
