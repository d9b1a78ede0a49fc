package permission

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

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

// TestEng75FnCopiesWalkedText: a 91-byte function body called a hundred
// times on one line was asked for as too complex where before eng72 it
// was allowed: each call's copy charged the body's bytes against
// maxFnCopied (8 kB). The copies' text, arguments written in, has an
// allowance of its own (maxFnWalked, 64 kB), a copy walked while either
// holds, so that no copy walked before is dropped. Neighbours: a deny in
// a copy past the old bound stands; a thousand
// calls are still too complex; a megabyte of calls is checked in time.
func TestEng75FnCopiesWalkedText(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	fn := `f() { git add -- "$1" && git commit --quiet --message "add $1" -- "$1" && echo "added $1, all ok"; }; `
	calls := nCalls(`f aN; `, 100)
	rm := `g() { git add -- "$1" && git commit --quiet --message "add $1" -- "$1" && rm -rf "$2"; }; `
	checkDecisions(t, []decisionRow{
		{"a 91-byte body called a hundred times", D, nil, fn + calls, Allow},
		{"a 91-byte body called a hundred times, acceptEdits", ModeAcceptEdits, nil, fn + calls, Allow},
		{"a delete in the last of a hundred calls", D, nil, rm + nCalls(`g aN bN; `, 100) + `g a ~`, Deny},
		{"neighbour: a delete in one call", D, nil, rm + `g a ~`, Deny},
		{"neighbour: a thousand calls are too complex", D, nil, fn + nCalls(`f aN; `, 1000), Ask},
	})
	checkQuick(t, D, 1500*time.Millisecond, []slowRow{
		{"a megabyte of calls", fn + numbered(`f aN; `, 1<<20), Ask},
	})
	if !strings.Contains(engine(t, D).Check(bash(fn+nCalls(`f aN; `, 1000))).Reason, "functions are called more often") {
		t.Errorf("a thousand calls: not asked for as calls past the bound")
	}
}

// nCalls returns unit n times, each N in it the count of units before.
func nCalls(unit string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.ReplaceAll(unit, "N", strconv.Itoa(i)))
	}
	return b.String()
}
