package permission

import "testing"

// rev77Rows adds a row for cmd in each of eng76Modes, its name suffixed
// with the mode's.
func rev77Rows(rows []decisionRow, name, cmd string, want func(Mode) Decision) []decisionRow {
	for _, m := range eng76Modes {
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want(m)})
	}
	return rows
}

// rev77AsksAlways is the decision of a shell fed a program only known at
// run time: asked for in every mode that asks, bypassPermissions too.
func rev77AsksAlways(m Mode) Decision {
	if m == ModePlan || m == ModeDontAsk {
		return Deny
	}
	return Ask
}

// TestRev77GrepDotFeedsShell: grep's pattern is read with its dots taken
// as themselves (grepOutput), so the lines computed are only some of
// those grep prints: grep . <<< 'rm -rf ~' | sh was judged as a shell fed
// nothing and allowed in bypassPermissions, while grep prints and sh
// runs rm -rf ~. What is less than its input is a copy (filterDoc), and
// the shell given it fails closed. Neighbours: a pattern that keeps the
// whole text is judged as it is, and a harmless text whose lines all
// match keeps its allow in bypassPermissions.
func TestRev77GrepDotFeedsShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: grep of a literal pattern", ModeDefault, nil, `grep rm <<< 'rm -rf ~' | sh`, Deny},
		{"neighbour: grep keeps a harmless text, bypassPermissions", ModeBypassPermissions, nil, `grep echo <<< 'echo hi' | sh`, Allow},
		{"neighbour: grep -c of a here-string", ModeDefault, nil, `grep -c x <<< abc`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"grep .", `grep . <<< 'rm -rf ~' | sh`},
		{"grep of a dot between words", `grep 'echo.hi' <<< $'echo hi; rm -rf ~' | sh`},
		{"grep -x of a dot", `grep -x 'rm.-rf ~' <<< 'rm -rf ~' | sh`},
		{"grep -i of a dot", `grep -i 'rm.-rf' <<< 'rm -rf ~' | sh`},
	} {
		rows = rev77Rows(rows, r.name, r.cmd, rev77AsksAlways)
	}
	checkDecisions(t, rows)
}
