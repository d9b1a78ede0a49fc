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

// TestEng71FnCallStage: f() { echo "$1"; }; f 'rm -rf ~' | sh asked
// where echo 'rm -rf ~' | sh is denied: what a function prints at a call
// with arguments was read for a substitution only (fnCallOutput). A
// pipeline's stage that is such a call, before a shell or an
// interpreter, is read the same way (fnCopyOutput), as a copy beside
// the command as written, within the same bounds (maxFnCopied).
// Neighbours: harmless code or commands keep their decisions; a call
// before a filter walks no copy.
func TestEng71FnCallStage(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	const rmtree = `'import shutil; shutil.rmtree("/home")'`
	checkDecisions(t, []decisionRow{
		{"a function's echo of its argument into sh", D, nil, `f() { echo "$1"; }; f 'rm -rf ~' | sh`, Deny},
		{"a function's echo of its argument into sh, bypass", Y, nil, `f() { echo "$1"; }; f 'rm -rf ~' | sh`, Deny},
		{"a function's tr of its argument into sh", D, nil, `f() { echo "$1" | tr A-Z a-z; }; f 'RM -RF ~' | sh`, Deny},
		{"a function's echo of its argument into python3", D, nil, `f() { echo "$1"; }; f ` + rmtree + ` | python3`, Deny},
		{"a function's echo of its argument into python3, bypass", Y, nil, `f() { echo "$1"; }; f ` + rmtree + ` | python3`, Deny},
		{"neighbour: a function's printf of its argument through cat into python3", D, nil, `f() { printf '%s\n' "$1"; }; f ` + rmtree + ` | cat | python3`, Ask},
		{"neighbour: a function's echo of a harmless command into sh", D, nil, `f() { echo "$1"; }; f ls | sh`, Ask},
		{"neighbour: a function's echo into cat", D, nil, `f() { echo "$1"; }; f hello | cat`, Allow},
		{"neighbour: a function's echo into cat, bypass", Y, nil, `f() { echo "$1"; }; f hello | cat`, Allow},
		{"neighbour: a function's cat of a file into python3", D, nil, `f() { cat "$1"; }; f a.py | python3`, Allow},
		{"neighbour: a function of printers given arguments", D, nil, `f() { echo 'print(1)'; }; f x | python3`, Allow},
		{"a function's echo past a shift", D, nil, `f() { shift; echo "$1"; }; f x ` + rmtree + ` | python3`, Ask},
		{"a function's echo past a set --", D, nil, `f() { set -- ` + rmtree + `; echo "$1"; }; f | python3`, Ask},
		{"a group's echo past a set", D, nil, `{ set ` + rmtree + `; echo "$1"; } | python3`, Ask},
		{"neighbour: a function's echo past a set -e", D, nil, `f() { set -e; echo 'print(1)'; }; f | python3`, Allow},
		{"neighbour: a function's echo past a set -o pipefail", D, nil, `f() { set -o pipefail; echo 'print(1)'; }; f | python3`, Allow},
	})
}
