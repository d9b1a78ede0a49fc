package permission

import "testing"

// TestFilterOfKnownValue: d=.GIT; p=$(echo "$d" | tr A-Z a-z)/config;
// echo x >> "$p" appended to the config unasked in bypassPermissions: tr,
// sed and cut were applied to an echo of literal words only, not to a
// variable the line gives a value. An echo or a printf of variables each
// with the one value the line surely gives them is now fed to the filters
// as that text, in copies only (what a shell is fed from it stays a
// program only known at run time). Neighbours: names of the project, and
// echo "$c" | sh, asked for as before.
func TestFilterOfKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `d=.GIT; p=$(echo "$d" | tr A-Z a-z)/config; echo x >> "$p"`, Ask},
		{"sed", Y, nil, `d=.GIT; p=$(printf %s "$d" | sed s/GIT/git/)/config; echo x >> "$p"`, Ask},
		{"cut", Y, nil, `d=.gitx; p=$(echo "$d" | cut -c1-4)/hooks/pre-commit; cp x "$p"`, Ask},
		{"in place", Y, nil, `d=.GIT; echo x >> "$(echo "${d}" | tr A-Z a-z)/config"`, Ask},
		{"two variables", Y, nil, `a=.GIT; b=CONFIG; p=$(echo "$a/$b" | tr A-Z a-z); echo x >> "$p"`, Ask},
		{"rm -rf /", D, nil, `d=/; p=$(echo "$d" | tr a b); rm -rf "$p"`, Deny},
		{"neighbour: a file of the project", Y, nil, `d=NOTES; p=$(echo "$d" | tr A-Z a-z).txt; echo x > "$p"`, Allow},
		{"neighbour: default mode", D, nil, `d=notes; p=$(echo "$d" | tr a-z A-Z).txt; cat "$p"`, Allow},
		{"neighbour: a shell fed a value", Y, nil, `c=ls; echo "$c" | sh`, Ask},
		{"neighbour: a shell fed a value, filtered", D, nil, `c=LS; echo "$c" | tr A-Z a-z | sh`, Ask},
	})
}

// TestPWDAfterCd: p=$(cd .git && echo "$PWD")/config; echo x >> "$p"
// appended to the config unasked in bypassPermissions, where the same
// with pwd is asked for (TestPwdAfterCd). $PWD, which the line does not
// set, is now the directory a pwd in its place prints. Neighbour: a
// directory of the project.
func TestPWDAfterCd(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"$PWD", Y, nil, `p=$(cd .git && echo "$PWD")/config; echo x >> "$p"`, Ask},
		{"${PWD}", Y, nil, `p=$(cd .git && echo ${PWD})/config; echo x >> "$p"`, Ask},
		{"no cd", Y, nil, `p=$(echo "$PWD")/.git/config; echo x >> "$p"`, Ask},
		{"rm -rf /home", D, nil, `p=$(cd / && echo "$PWD")home; rm -rf "$p"`, Deny},
		{"neighbour: a directory of the project", Y, nil, `p=$(cd src && echo "$PWD")/config; echo x >> "$p"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(cd src && echo "$PWD")/x; cat "$p"`, Allow},
	})
}
