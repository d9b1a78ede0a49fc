package permission

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestEng81LongChainBounded: maxCommands counted the statements of a
// list but not the commands of an && || or | chain, which is one
// statement: a 1 MiB line of true&& walked all of its 150,000 commands,
// 1.7 s and 235 MB. The chain's walk now stops at the bound, and the
// line asks.
func TestEng81LongChainBounded(t *testing.T) {
	if slowdown > 1 {
		t.Skip("the race detector allocates more of its own")
	}
	for _, unit := range []string{"true&&", "true||", "true|"} {
		line := eng79LongLine("", unit) + "true"
		e := engine(t, ModeBypassPermissions)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		res := e.Check(bash(line))
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("1 MiB of %s: %v, %d MB", unit, took, (after.TotalAlloc-before.TotalAlloc)>>20)
		if res.Decision != Ask || !strings.Contains(res.Reason, "more than") {
			t.Errorf("1 MiB of %s: %v (%s), want ask past maxCommands", unit, res.Decision, res.Reason)
		}
		if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 150 {
			t.Errorf("1 MiB of %s allocated %d MB, want at most 150", unit, mb)
		}
		if limit := budget(time.Second); took > limit {
			t.Errorf("1 MiB of %s took %v, want at most %v", unit, took, limit)
		}
	}
}
