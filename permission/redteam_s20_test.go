package permission

import "testing"

// TestRedTeamDecisionsS20 is TestRedTeamDecisions for the S20 review: one
// row per attack (each allowed before its fix), next to harmless
// neighbours that keep their decisions. testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS20(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	infra := []string{"deny:Edit(/infra/**)"}
	tests := []decisionRow{
		// A: trash-put (trash) and gio trash and remove take what they
		// are given away, a directory whole: they were unknown
		// programs, so trash ~ and gio trash . passed where rm -rf ~ is
		// denied, and an Edit deny rule did not meet them.
		{"S20 A trash ~", Y, nil, `trash ~`, Deny},
		{"S20 A trash-put /etc", Y, nil, `trash-put /etc`, Deny},
		{"S20 A trash-put -- ~", Y, nil, `trash-put -- ~`, Deny},
		{"S20 A gio trash the root", Y, nil, `gio trash .`, Deny},
		{"S20 A gio remove ~", Y, nil, `gio remove ~`, Deny},
		{"S20 A trash past an Edit deny", D, infra, `trash infra`, Deny},
		{"S20 A trash-put past an Edit deny", D, infra, `trash-put infra/x`, Deny},
		{"S20 A gio trash past an Edit deny", D, infra, `gio trash infra`, Deny},
		{"S20 A gio move past an Edit deny", D, infra, `gio move infra/x y`, Deny},
		{"S20 A gio copy past an Edit deny", D, infra, `gio copy f infra/x`, Deny},
		{"S20 A neighbour: trashing build output", Y, nil, `trash build && trash-put node_modules dist && gio trash out.log && gio copy a b && gio move a b && gio open x && gio info f`, Allow},
	}
	checkDecisions(t, tests)
}
