package permission

import "testing"

// TestEng71FnLocalDecl: f() { local d; d=$(echo "$1" | tr A-Z a-z);
// echo "$d/hooks"; }; cp x "$(f .GIT)/pre-commit" copied into the hooks
// unasked in bypassPermissions, where the body without local d asks:
// the parser reads local d as a declaration clause, not a call, and a
// substitution's statements before its last were silent (silentHead)
// only where they were calls. A local, declare or typeset of names
// prints nothing as an assignment does (printsSomething).
func TestEng71FnLocalDecl(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a function's local then its assignment", Y, nil, `f() { local d; d=$(echo "$1" | tr A-Z a-z); echo "$d/hooks"; }; cp x "$(f .GIT)/pre-commit"`, Ask},
		{"a function's local with its value", Y, nil, `f() { local d=.git; echo "$d/hooks"; }; cp x "$(f x)/pre-commit"`, Ask},
		{"a substitution's declare", Y, nil, `cp x "$(declare d; d=.git; echo "$d/hooks")/pre-commit"`, Ask},
		{"neighbour: a function's local of a name of the project", Y, nil, `f() { local d; d=$(echo "$1" | tr A-Z a-z); echo "$d/hooks"; }; cp x "$(f NOTES)/pre-commit"`, Allow},
		{"neighbour: a substitution's local of a name of the project", Y, nil, `cp x "$(local d; d=notes; echo "$d")/x"`, Allow},
	})
}
