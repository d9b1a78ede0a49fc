package permission

import (
	"strings"
	"testing"
	"time"
)

// slow70: lines of one construct repeated, each to be checked in a
// second (checkFast) with the decision it had.

// repeated returns n copies of unit joined by sep.
func repeated(unit, sep string, n int) string {
	return strings.TrimSuffix(strings.Repeat(unit+sep, n), sep)
}

// TestSlow70HandOnIndexed: handOn read every command on the line for
// each value of each read, and reaches read every read on the line for
// each of those commands: read a <<< x; echo hi; … of 40,000 reads took
// 30 s and more, printf 'a\n…' | tr a a | while read f; do :; done 600
// times over 6 s, a=x; echo $a; … of 20,000 pairs 3 s. The commands that
// expand each variable, and the reads that replace it, are now indexed
// once. Neighbours: a value still reaches a later command, one in a
// function defined before it, a conditional reassignment does not end
// its reach, a surely-run one does.
func TestSlow70HandOnIndexed(t *testing.T) {
	t.Parallel()
	unit := "printf '" + strings.Repeat(`a\n`, 100) + "' | tr a a | while read f; do :; done"
	checkFast(t, time.Second, []slowRow{
		{"many reads, no expansion", repeated("read a <<< x; echo hi", "; ", 10000), Allow},
		{"many piped reads", repeated(unit, "; ", 600), Allow},
		{"many assignments, each expanded", repeated("a=x; echo $a", "; ", 20000), Ask},
		{"neighbour: a read value", `read f <<< .git/config; echo hi; echo x >> "$f"`, Ask},
		{"neighbour: in a function defined before", `g() { echo x >> "$f"; }; f=.git/config; g`, Ask},
		{"neighbour: a conditional reassignment", `f=.git/config; [ -n "$y" ] && f=x; echo x >> "$f"`, Ask},
		{"neighbour: a reassignment", `f=.git/config; f=x; echo x >> "$f"`, Allow},
		{"neighbour: a reassignment in a subshell", `f=.git/config; (f=x); echo x >> "$f"`, Ask},
	})
}
