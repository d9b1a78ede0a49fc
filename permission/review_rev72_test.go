package permission

import (
	"strings"
	"testing"
	"time"
)

// TestRev72ArrayCopiesOwnBudget: a=(echo <100 kB>); "${a[@]}" run ninety
// times, then d=~; rm -rf "$d" <100 kB>, went from deny to ask with
// eng72: arrayCopies, run before readValues, spent maxCopiedBytes on the
// copies of the array's command, so that the copy of rm -rf "$d" with ~
// written in no longer fit and the line was only too complex. The
// arrays' copies have a budget of their own. Neighbours: the same line
// with one array command is denied as before; the arrays alone are too
// complex, not allowed.
func TestRev72ArrayCopiesOwnBudget(t *testing.T) {
	t.Parallel()
	arrays := `a=(echo ` + strings.Repeat("x", 100000) + `); ` + strings.Repeat(`"${a[@]}"; `, 90)
	del := `d=~; rm -rf "$d" ` + strings.Repeat("p", 100000)
	checkFastIn(t, ModeDefault, 5*time.Second, []slowRow{
		{"arrays that spend the copy bound, then a delete", arrays + del, Deny},
		{"neighbour: one array command, then a delete", `a=(echo x); "${a[@]}"; ` + del, Deny},
		{"neighbour: arrays that spend the copy bound alone", arrays + `echo ok`, Ask},
	})
}
