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

// TestRev72HandOnRestBytes: d=~; rm -rf "$d" <100 kB>, then e=<32 kB>
// and f() { echo "$1" "$e"; } called three hundred times, went from
// deny to ask with eng72: each call's copy of the body reads $e, whose
// copies, handed on first as e is set later, spent maxCopiedBytes before
// maxValueCopies; handOnRest handed d on again within as many copies
// more, but with no bytes left, so that the copy with ~ written in did
// not fit. handOnRest has as many bytes again too. Neighbours: one call
// is denied as before; the calls alone are too complex, not allowed.
func TestRev72HandOnRestBytes(t *testing.T) {
	t.Parallel()
	del := `d=~; rm -rf "$d" ` + strings.Repeat("p", 100000) + `; `
	calls := `e=` + strings.Repeat("e", 32500) + `; f() { echo "$1" "$e"; }; ` + strings.Repeat(`f a; `, 300)
	checkFastIn(t, ModeDefault, 5*time.Second, []slowRow{
		{"a delete, then calls whose copies spend the copy bound", del + calls, Deny},
		{"a delete, then reads that spend the copy bound", del + `e=` + strings.Repeat("e", 32500) + `; ` + strings.Repeat(`echo "$e"; `, 300), Deny},
		{"neighbour: a delete, then fewer calls with longer copies", del + `e=` + strings.Repeat("e", 100000) + `; f() { echo "$1" "$e"; }; ` + strings.Repeat(`f a; `, 100), Deny},
		{"neighbour: a delete, then one call", del + `e=x; f() { echo "$1" "$e"; }; f a`, Deny},
		{"neighbour: calls that spend the copy bound alone", calls, Ask},
	})
}
