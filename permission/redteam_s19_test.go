package permission

import "testing"

// TestRedTeamDecisionsS19 is TestRedTeamDecisions for the S19 review: one
// row per attack (each allowed before its fix), next to harmless
// neighbours that keep their decisions. testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS19(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	infra := []string{"deny:Edit(/infra/**)"}
	tests := []decisionRow{
		// A: operands read past options as getopt does: uniq's -c
		// (a count, not a value) took INPUT for its value and INPUT's
		// place went to OUTPUT; a value option at the end of a cluster
		// (uniq -uf 1, split -dl 1, zip -qb DIR) or a long one with its
		// value in the next word (uniq --skip-fields 1) shifted the
		// operands the same way.
		{"S19 A uniq -c IN OUT", Y, nil, `uniq -c f ~/.bashrc`, Ask},
		{"S19 A uniq -c IN OUT past an Edit deny", D, infra, `uniq -c f infra/x`, Deny},
		{"S19 A uniq -uf 1", Y, nil, `uniq -uf 1 f .git/hooks/pre-commit`, Ask},
		{"S19 A uniq --skip-fields 1", Y, nil, `uniq --skip-fields 1 f .git/hooks/pre-commit`, Ask},
		{"S19 A split -dl 1", Y, nil, `split -dl 1 hook .git/hooks/pre-commi`, Ask},
		{"S19 A zip -qb DIR", Y, nil, `zip -qb /tmp .git/hooks/pre-commit.zip f`, Ask},
		{"S19 A neighbour: counting, splitting and zipping in the project", D, nil, `sort f | uniq -c && uniq -c f out.txt && uniq -uf 1 f out.txt && split -dl 1000 big.txt part_ && zip -qr out.zip src && zip -qb /tmp out.zip f`, Allow},
	}
	checkDecisions(t, tests)
}
