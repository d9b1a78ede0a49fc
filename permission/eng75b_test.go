package permission

import "testing"

// TestEng75bGroupFilterFeedsStage: a group whose own redirection gives
// a filter in it a here-string or a here-document ({ cat; } <<< 'rm -rf
// ~' | sh) writes that text to the next stage, as cat <<< 'rm -rf ~' |
// sh does, but the stage's text was not read: the group's redirection,
// walked after its body, made it no group of printers, and its cat
// was not given the group's input (scopeInput). Asked for as a pipe to
// a shell, it was allowed in bypassPermissions. Neighbours: the plain
// form is denied; a harmless text stays asked for as a pipe to a shell,
// and allowed in bypassPermissions.
func TestEng75bGroupFilterFeedsStage(t *testing.T) {
	t.Parallel()
	rm := `{ cat; } <<< 'rm -rf ~' | sh`
	rows := []decisionRow{
		{"neighbour: the plain cat of a here-string", ModeBypassPermissions, nil, `cat <<< 'rm -rf ~' | sh`, Deny},
		{"neighbour: a harmless text", ModeDefault, nil, `{ cat; } <<< 'echo hi' | sh`, Ask},
		{"neighbour: a harmless text, bypassPermissions", ModeBypassPermissions, nil, `{ cat; } <<< 'echo hi' | sh`, Allow},
		{"neighbour: a group's cat of a harmless here-document", ModeBypassPermissions, nil, "( cat; ) <<E | sh\necho hi\nE", Allow},
	}
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk} {
		rows = append(rows,
			decisionRow{"a group's cat of a here-string, " + string(m), m, nil, rm, Deny},
			decisionRow{"a subshell's cat of a here-document, " + string(m), m, nil, "( cat; ) <<E | sh\nrm -rf ~\nE", Deny},
			decisionRow{"a group's tr, then a cat stage, " + string(m), m, nil, `{ tr a a; } <<< 'rm -rf ~' | cat | sh`, Deny},
			decisionRow{"a group in a group, " + string(m), m, nil, `{ { cat; }; } <<< 'rm -rf ~' | sh`, Deny},
		)
	}
	checkDecisions(t, rows)
}
