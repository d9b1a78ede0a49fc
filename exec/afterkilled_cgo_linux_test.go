//go:build linux && cgo

package exec

import (
	"strings"
	"testing"
)

// TestAfterKilledFits: what does not fit the sharer's bytes or count of
// arguments is refused whole, by afterKilledFits and by the sharer's copy
// alike: more than 1024 arguments were passed on in part, the rest lost.
func TestAfterKilledFits(t *testing.T) {
	defer sharerAfterKilled(nil)
	many := make([]string, 5000)
	for i := range many {
		many[i] = "d:/p"
	}
	long := []string{"mewsandbox", afterKilledArg, "d:/" + strings.Repeat("x", 100000)}
	for _, args := range [][]string{many, long} {
		if ok, limit := afterKilledFits(args); ok || limit != "96 KiB in 3072 arguments" {
			t.Errorf("%d arguments, %d bytes: fits %v (%q)", len(args), len(strings.Join(args, "")), ok, limit)
		}
		if sharerAfterKilled(args) {
			t.Errorf("the sharer took %d arguments, %d bytes", len(args), len(strings.Join(args, "")))
		}
	}
	few := many[:3000]
	if ok, _ := afterKilledFits(few); !ok || !sharerAfterKilled(few) {
		t.Errorf("3000 short arguments do not fit")
	}
}
