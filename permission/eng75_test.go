package permission

import "testing"

// TestEng75FnCopyCdThroughLink: ln -s /etc l; cd l && make is asked for
// (make runs through a link the line made, to outside the root), but
// the same cd in a function's copy was not: the call of a function
// that changes directory leaves the shell's directory unknown before
// its copy is walked, so the copy's cd "l" went from "?" to "?" and
// make ran nowhere known. The copy runs where the call does
// (fnStmtCopy's dir). Neighbours: a copy's cd into a real directory of
// the root is allowed as before; a cd after the call is still not
// followed (the directory a function leaves is unknown).
func TestEng75FnCopyCdThroughLink(t *testing.T) {
	t.Parallel()
	D, E := ModeDefault, ModeAcceptEdits
	link := `ln -s /etc l; `
	checkDecisions(t, []decisionRow{
		{"a copy's cd into a link made on the line", D, nil, link + `f() { cd "$1" && make; }; f l`, Ask},
		{"a copy's cd into a link made on the line, acceptEdits", E, nil, link + `f() { cd "$1" && make; }; f l`, Ask},
		{"a copy's pushd into a link", D, nil, link + `f() { pushd "$1" && make; }; f l`, Ask},
		{"a copy's cd in a subshell", E, nil, link + `f() { (cd "$1"; make); }; f l`, Ask},
		{"a copy's cd of \"$@\"", D, nil, link + `f() { cd "$@" && make; }; f l`, Ask},
		{"a copy's cd in a nested call", E, nil, link + `g() { cd "$1" && make; }; f() { g "$1"; }; f l`, Ask},
		{"a copy's cd .. then a .env read", D, nil, `f() { cd "$1" && cat .env; }; f ..`, Ask},
		{"neighbour: the plain cd into the link", D, nil, link + `cd l && make`, Ask},
		{"neighbour: a copy's cd into a directory of the root", D, nil, `f() { cd "$1" && make; }; f src`, Allow},
		{"neighbour: a copy's cd into a directory of the root, acceptEdits", E, nil, `f() { cd "$1" && make; }; f src`, Allow},
		{"neighbour: a copy's cd then a .env read in the root", D, nil, `f() { cd "$1" && cat .env; }; f src`, Allow},
		{"neighbour: a copy's cd into a link made after it", D, nil, `f() { cd "$1" && make; }; f l; ln -s /etc l`, Ask},
	})
}
