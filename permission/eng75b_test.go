package permission

import (
	"strings"
	"testing"
	"time"
)

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
		{"neighbour: a loop's cat of a project file", ModeDefault, nil, `while read l; do cat; done < README.md`, Allow},
		{"neighbour: a group's cat of a project file to grep", ModeDefault, nil, `{ cat; } < README.md | grep x`, Allow},
	}
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk} {
		rows = append(rows,
			decisionRow{"a group's cat of a here-string, " + string(m), m, nil, rm, Deny},
			decisionRow{"a subshell's cat of a here-document, " + string(m), m, nil, "( cat; ) <<E | sh\nrm -rf ~\nE", Deny},
			decisionRow{"a group's tr, then a cat stage, " + string(m), m, nil, `{ tr a a; } <<< 'rm -rf ~' | cat | sh`, Deny},
			decisionRow{"a group in a group, " + string(m), m, nil, `{ { cat; }; } <<< 'rm -rf ~' | sh`, Deny},
			decisionRow{"a group's cat of a file the line wrote, " + string(m), m, nil, `echo 'rm -rf ~' > p; { cat; } < p | sh`, Deny},
		)
	}
	checkDecisions(t, rows)
}

// TestEng75bReadBeforeWrite: the program a shell or a runner reads from
// a file the line writes was followed only from writes before the
// read, but a reader in the background, in a loop or in a function's
// body may read a write that comes after it on the line, and a FIFO the
// line makes is written by whatever opens it: mkfifo p; sh < p & echo
// 'rm -rf ~' > p was allowed in every mode, where echo 'rm -rf ~' > p;
// sh < p is denied. Each write after such a reader is judged as its
// program (readLater), and a FIFO mkfifo or mknod makes is a file
// written with what is only known at run time. Neighbours: a harmless
// later write passes; a reader that runs before the write, in the
// shell itself, still does not read it; a FIFO's reader with no write
// known asks.
func TestEng75bReadBeforeWrite(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: the write before the read", ModeBypassPermissions, nil, `echo 'rm -rf ~' > p; sh < p`, Deny},
		{"neighbour: a harmless later write", ModeDefault, nil, `sh < s.sh & echo 'echo hi' > s.sh`, Allow},
		{"neighbour: a reader before a write, in the shell", ModeDefault, nil, `bash s.sh; echo 'rm -rf ~' > s.sh`, Allow},
		{"neighbour: a make before a makefile's write, in the shell", ModeDefault, nil, `make; printf 'all:\n\techo hi\n' > Makefile`, Allow},
		{"neighbour: a FIFO's reader, a harmless write", ModeDefault, nil, `mkfifo p; sh < p & echo 'echo hi' > p`, Ask},
		{"neighbour: a FIFO's reader, a harmless write, bypassPermissions", ModeBypassPermissions, nil, `mkfifo p; sh < p & echo 'echo hi' > p`, Ask},
	}
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk} {
		for _, r := range []struct{ name, cmd string }{
			{"a FIFO's reader in the background", `mkfifo p; sh < p & echo 'rm -rf ~' > p`},
			{"a node's reader by its path", `mknod p p; bash p & printf 'rm -rf ~' > p`},
			{"a FIFO with a mode, tee's write", `mkfifo -m 600 p; sh < p & tee p <<< 'rm -rf ~'`},
			{"a FIFO written by a copy of a here-string", `mkfifo p; sh < p & cp /dev/stdin p <<< 'rm -rf ~'`},
			{"a FIFO's cat piped to a shell", `mkfifo p; cat p | sh & echo 'rm -rf ~' > p`},
			{"a script's reader in the background", `sh < s.sh & echo 'rm -rf ~' > s.sh`},
			{"a reader in a loop", `for i in 1 2; do bash s.sh; echo 'rm -rf ~' > s.sh; done`},
			{"a reader in a function's body", `f() { sh s.sh; }; echo 'rm -rf ~' > s.sh; f`},
			{"a make in the background", `make & printf 'all:\n\trm -rf ~\n' > Makefile`},
		} {
			rows = append(rows, decisionRow{r.name + ", " + string(m), m, nil, r.cmd, Deny})
		}
	}
	checkDecisions(t, rows)
	// Past maxReadLater of writes judged after their readers, too
	// complex; within it, followed.
	if r := engine(t, ModeDefault).Check(bash(`sh < p & ` + numbered(`echo 'echo N' > p; `, 32<<10))); r.Decision != Allow {
		t.Errorf("32 kB of writes after one reader: %v (%s), want allow", r.Decision, r.Reason)
	}
	checkQuick(t, ModeDefault, 1500*time.Millisecond, []slowRow{
		{"a megabyte of background readers and writes", numbered(`sh < sN.sh & echo 'echo N' > sN.sh; `, 1<<20), Ask},
		{"a megabyte of writes after one reader", `sh < p & ` + numbered(`echo 'echo N' > p; `, 1<<20), Ask},
	})
}

// TestEng75bFnCdLeavesCaller: a call of a function that changes
// directory left the shell's directory unknown, so a make after it ran
// nowhere the checks knew: ln -s /etc l; f() { cd "$1"; }; f l; make was
// allowed where cd l; make is asked for. The copy of the body walked
// for the call (walked now for a body without $1 too) leaves the shell
// where its cd went. Neighbours: a function's cd into a directory of
// the root, and a cd inside a subshell of the body, still pass; a cd
// to a value only known at run time stays unknown, as the plain one.
func TestEng75bFnCdLeavesCaller(t *testing.T) {
	t.Parallel()
	link := `ln -s /etc l; `
	rows := []decisionRow{
		{"neighbour: the plain cd into the link", ModeDefault, nil, link + `cd l; make`, Ask},
		{"neighbour: a function's cd into a directory of the root", ModeDefault, nil, `f() { cd "$1"; }; f src; make`, Allow},
		{"neighbour: a function's cd into a directory of the root, acceptEdits", ModeAcceptEdits, nil, `f() { cd "$1"; }; f src; make`, Allow},
		{"neighbour: a function's cd up and back", ModeDefault, nil, `f() { cd "$1"; }; f src; f ..; cat .env`, Allow},
		{"neighbour: a function's cd in a subshell", ModeDefault, nil, `f() { (cd "$1"); }; f ..; cat .env`, Allow},
		{"neighbour: a function's cd to a value", ModeDefault, nil, `f() { cd "$1"; }; f "$x"; make`, Allow},
		{"neighbour: the plain cd to a value", ModeDefault, nil, `cd "$x"; make`, Allow},
	}
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModeDontAsk} {
		want := Ask
		if m == ModeDontAsk {
			want = Deny
		}
		rows = append(rows,
			decisionRow{"a function's cd into a link, then make, " + string(m), m, nil, link + `f() { cd "$1"; }; f l; make`, want},
			decisionRow{"a function's pushd into a link, " + string(m), m, nil, link + `f() { pushd "$1"; }; f l; make`, want},
			decisionRow{"a nested function's cd, " + string(m), m, nil, link + `g() { cd "$1"; }; f() { g "$1"; }; f l; make`, want},
			decisionRow{"a function's cd without arguments, " + string(m), m, nil, `f() { cd /etc; }; f; make`, want},
			decisionRow{"a function's cd .., then a .env read, " + string(m), m, nil, `f() { cd "$1"; }; f ..; cat .env`, want},
		)
	}
	rows = append(rows, decisionRow{"a function's cd .., then a .env read, bypassPermissions", ModeBypassPermissions, nil, `f() { cd "$1"; }; f ..; cat .env`, Ask})
	checkDecisions(t, rows)
}

// TestEng75bFnCopyCountedWritten: the copies' text was counted once
// made, after each reference to $1 took the argument: a body of many
// $1 called with a 100 kB argument made megabytes of copy per call, a
// few calls within maxFnCopied (19 s at 1 MiB). The copy is counted
// before it is made (copyLen), and the copies' text all told is bounded
// (maxFnWritten). Neighbours: a delete in such a copy with a short
// argument is still denied; the 100 calls of a small body still pass.
func TestEng75bFnCopyCountedWritten(t *testing.T) {
	t.Parallel()
	body := `f() { echo ` + strings.Repeat(`"$1" `, 200) + `; }; `
	long := strings.Repeat("a", 100<<10)
	checkDecisions(t, []decisionRow{
		{"neighbour: a delete in a copy of many $1", ModeDefault, nil, `f() { echo ` + strings.Repeat(`"$1" `, 100) + `; rm -rf "$1"; }; f ~`, Deny},
		{"neighbour: a short argument", ModeDefault, nil, body + `f x`, Allow},
	})
	checkQuick(t, ModeDefault, 1500*time.Millisecond, []slowRow{
		{"a megabyte of calls with a 100 kB argument", body + numbered(`f `+long+`N; `, 1<<20), Ask},
	})
}

// TestEng75bFnCopyShiftAndForAll: a copy of a function's body wrote the
// call's arguments in for $1 … but did not follow a shift before them,
// nor a for loop with no in, which loops over them: f() { shift; rm -rf
// "$1"; }; f x ~ and f() { for a; do rm -rf "$a"; done; }; f ~ were
// asked for as a delete of a path only known at run time, and so passed
// in bypassPermissions. The shifts a body opens with drop the copy's
// first arguments (positionalSegments), and in "$@" is written in such a
// loop (forAll). Neighbours: a loop over harmless arguments is still
// asked for as the body is; a shift after ||, which may not run, is not
// followed; a shift that leaves a harmless argument (f ~ x deletes x) is
// asked for as the body is, where the copy denied it for ~, which it
// does not delete.
func TestEng75bFnCopyShiftAndForAll(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a shift that leaves a harmless argument", ModeBypassPermissions, nil, `f() { shift; rm -rf "$1"; }; f ~ x`, Ask},
		{"neighbour: a loop over harmless arguments", ModeBypassPermissions, nil, `f() { for a; do rm -rf "$a"; done; }; f x y`, Ask},
		{"neighbour: a shift after ||", ModeBypassPermissions, nil, `f() { shift || return; rm -rf "$1"; }; f x ~`, Ask},
		{"neighbour: a loop over harmless arguments that echoes", ModeDefault, nil, `f() { for a; do echo "$a"; done; }; f x y`, Allow},
	}
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModeBypassPermissions} {
		for _, r := range []struct{ name, cmd string }{
			{"a shift before $1", `f() { shift; rm -rf "$1"; }; f x ~`},
			{"a shift of two", `f() { shift 2; rm -rf "$1"; }; f x y ~`},
			{"a shift and &&", `f() { shift && rm -rf "$1"; }; f x ~`},
			{"a loop with no in", `f() { for a; do rm -rf "$a"; done; }; f ~`},
			{"a loop with no in, on two lines", "f() { for a\ndo rm -rf \"$a\"; done; }; f x ~"},
		} {
			rows = append(rows, decisionRow{r.name + ", " + string(m), m, nil, r.cmd, Deny})
		}
	}
	checkDecisions(t, rows)
}
