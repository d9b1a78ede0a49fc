package permission

import "testing"

var eng75cModes = []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk}

// TestEng75cFnXargsCallers: rev75 copied the call of a function whose
// body runs xargs with the call's input (fnXargs), but a function that
// calls it was not marked, as a caller of a reader of code is
// (fnReadsCode): g() { f; }; f() { xargs rm -rf; }; g <<< ~ was asked
// for as a deletion of names known at run time, not denied as f <<< ~
// is. markCallers marks the callers of either. Neighbours: a caller's
// list of the project's names, a body's plain cat.
func TestEng75cFnXargsCallers(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a caller's list of the project's names", ModeDefault, nil, `f() { xargs cat; }; g() { f; }; g < list`, Allow},
		{"neighbour: a caller's body's plain cat", ModeDefault, nil, `f() { cat; }; g() { f; }; g <<< ~/.ssh/id_rsa`, Allow},
		{"neighbour: one level down", ModeBypassPermissions, nil, `f() { xargs rm -rf; }; f <<< ~`, Deny},
		{"a caller declared first, xargs cat of a key", ModeBypassPermissions, nil, `g() { f; }; f() { xargs cat; }; g <<< ~/.ssh/id_rsa`, Ask},
	}
	for _, m := range eng75cModes {
		rows = append(rows,
			decisionRow{"a caller declared first, " + string(m), m, nil, `g() { f; }; f() { xargs rm -rf; }; g <<< ~`, Deny},
			decisionRow{"a caller declared after, " + string(m), m, nil, `f() { xargs rm -rf; }; g() { f; }; g <<< ~`, Deny},
		)
	}
	checkDecisions(t, rows)
}
