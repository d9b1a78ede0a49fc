package permission

import "testing"

// TestRev80ShiftNotTheBuiltin: eng79 computed every shift and set -- of
// a function's body as the builtins', so that where the line makes them
// something else (a function named shift or set, enable -n shift) the
// copy was written with the parameters shifted, while bash's $1 is
// still the first: shift() { :; }; f() { echo; shift; rm -rf "$1"; };
// f ~ x deletes the home, and was asked for where it had been denied.
// Neighbours: the same without the override keeps eng79's answer.
func TestRev80ShiftNotTheBuiltin(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"shift a no-op function", `shift() { :; }; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"function shift defined after f", `f() { echo; shift; rm -rf "$1"; }; shift() { :; }; f ~ x`},
		{"function shift in f's body", `f() { shift() { :; }; shift; rm -rf "$1"; }; f ~ x`},
		{"function shift defined by g", `g() { shift() { :; }; }; g; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"set a no-op function", `set() { :; }; f() { set -- "$2"; rm -rf "$1"; }; f ~ x`},
		{"enable -n shift", `enable -n shift; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"enable -n shift in f's body", `f() { enable -n shift; shift; rm -rf "$1"; }; f ~ x`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng76Rows(rows, "neighbour: shift the builtin", `f() { echo; shift; rm -rf "$1"; }; f x ~`, Deny)
	rows = eng77Asks(rows, "neighbour: shift the builtin, the home shifted away", `f() { echo; shift; rm -rf "$1"; }; f ~ x`)
	checkDecisions(t, rows)
}
