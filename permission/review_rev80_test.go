package permission

import "testing"

// TestRev80ShiftNotTheBuiltin: eng79 computed every shift and set -- of
// a function's body as the builtins', so that where the line makes them
// something else (a function named shift or set, enable -n shift) the
// copy was written with the parameters shifted, while bash's $1 is
// still the first: shift() { :; }; f() { echo; shift; rm -rf "$1"; };
// f ~ x deletes the home, and was asked for where it had been denied.
// Neighbours: the same without the override keeps eng79's answer.
func TestRev80ShiftNotTheBuiltin(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"shift a no-op function", `shift() { :; }; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"function shift defined after f", `f() { echo; shift; rm -rf "$1"; }; shift() { :; }; f ~ x`},
		{"function shift in f's body", `f() { shift() { :; }; shift; rm -rf "$1"; }; f ~ x`},
		{"function shift defined by g", `g() { shift() { :; }; }; g; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"set a no-op function", `set() { :; }; f() { set -- "$2"; rm -rf "$1"; }; f ~ x`},
		{"enable -n shift", `enable -n shift; f() { echo; shift; rm -rf "$1"; }; f ~ x`},
		{"enable -n shift in f's body", `f() { enable -n shift; shift; rm -rf "$1"; }; f ~ x`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng76Rows(rows, "neighbour: shift the builtin", `f() { echo; shift; rm -rf "$1"; }; f x ~`, Deny)
	rows = eng77Asks(rows, "neighbour: shift the builtin, the home shifted away", `f() { echo; shift; rm -rf "$1"; }; f ~ x`)
	checkDecisions(t, rows)
}

// TestRev80ShiftOfEmptyWord: a copy's call of another function is
// written with an unquoted parameter of no value as ” and "$@" of none
// as "", one word each, where bash has no word at all; eng79 shifted
// past them, so that g() { f "$@" y ~; }; f() { echo; shift; rm -rf
// "$1"; }; g (bash: f y ~, rm -rf ~) was asked for where it had been
// denied. Where a call has an empty word, only the shifts the body opens
// with are computed, as before eng79. Neighbour: f ” ~ with a leading
// shift stays denied.
func TestRev80ShiftOfEmptyWord(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"\"$@\" of none", `g() { f "$@" y ~; }; f() { echo; shift; rm -rf "$1"; }; g`},
		{"${@} of none", `g() { f "${@}" y ~; }; f() { echo; shift; rm -rf "$1"; }; g`},
		{"$1 of none", `g() { f $1 y ~; }; f() { echo; shift; rm -rf "$1"; }; g`},
		{"${1} empty", `g() { f ${1} y ~; }; f() { echo; shift; rm -rf "$1"; }; g ''`},
		{"set -- \"$2\", $1 empty", `g() { f $1 y ~; }; f() { set -- "$2"; rm -rf "$1"; }; g ''`},
		{"set -- \"$2\", \"$@\" of none", `g() { f "$@" y ~; }; f() { set -- "$2"; rm -rf "$1"; }; g`},
		{"neighbour: leading shift of ''", `f() { shift; rm -rf "$1"; }; f '' ~`},
		{"neighbour: shift after echo of ''", `f() { echo; shift; rm -rf "$1"; }; f '' ~`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestRev80FilterOfWrittenFileAndAnother: eng79 judges sort, uniq, shuf
// and tac of a file the line wrote, fed to a shell, line by line as a
// copy, but only where the filter has one operand (filterOf): of two
// files, or with an option's argument as a word of its own, what it
// printed was fed to the shell unread, so that bypassPermissions allowed
// printf 'rm -rf ~\n' > s; sort s t | sh, and the reorder of rm -rf u
// and cd ../.. eng79 asks for. Neighbours: sort of a file not written
// and of one written keep their answers.
func TestRev80FilterOfWrittenFileAndAnother(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"sort s t", `printf 'rm -rf ~\n' > s; sort s t | sh`},
		{"sort t s", `printf 'rm -rf ~\n' > s; sort t s | sh`},
		{"sort s s", `printf 'rm -rf ~\n' > s; sort s s | sh`},
		{"sort -m s t", `printf 'rm -rf ~\n' > s; sort -m s t | sh`},
		{"tac -s x s", `printf 'rm -rf ~\n' > s; tac -s x s | sh`},
		{"sort -t , s", `printf 'rm -rf ~\n' > s; sort -t , s | sh`},
		{"sh <(sort s t)", `printf 'rm -rf ~\n' > s; sh <(sort s t)`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	for _, r := range []struct{ name, cmd string }{
		{"sort s t of rm -rf u, cd ../..", `printf 'rm -rf u\ncd ../..\n' > s; sort s t | sh`},
		{"tac -s x s of rm -rf u, cd ../..", `printf 'rm -rf u\ncd ../..\n' > s; tac -s x s | sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng76Rows(rows, "neighbour: sort of files not written into head", `sort s.txt t.txt | head`, Allow)
	rows = eng77Allowed(rows, "sort of two written files into head", `printf 'b\n' > s.txt; printf 'a\n' > t.txt; sort s.txt t.txt | head`)
	checkDecisions(t, rows)
}

// TestRev80TailReversedOfWrittenFile: writtenFilterDoc took tail of a
// file the line wrote as the file's text, in its order, but BSD's (and
// macOS's) tail -r prints its lines last first, as tac does, so that
// bypassPermissions allowed printf 'rm -rf u\ncd ../..\n' > s; tail -r s
// | sh, which runs cd ../.. first, where eng79's sort s | sh asks. Its
// lines are now judged alone, as a copy, as sort's. Neighbours: tail -n
// 2 and head of the file keep their answers.
func TestRev80TailReversedOfWrittenFile(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"tail -r", `printf 'rm -rf u\ncd ../..\n' > s; tail -r s | sh`},
		{"tail -r -n 2", `printf 'rm -rf u\ncd ../..\n' > s; tail -r -n 2 s | sh`},
		{"tail -rn2", `printf 'rm -rf u\ncd ../..\n' > s; tail -rn2 s | sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = append(rows,
		decisionRow{"neighbour: tail -n 2, bypassPermissions", ModeBypassPermissions, nil, `printf 'rm -rf u\ncd ../..\n' > s; tail -n 2 s | sh`, Allow},
		decisionRow{"neighbour: head, bypassPermissions", ModeBypassPermissions, nil, `printf 'rm -rf u\ncd ../..\n' > s; head s | sh`, Allow},
	)
	rows = eng77Allowed(rows, "tail -r of harmless lines", `printf 'echo a\n' > s; tail -r s | sh`)
	checkDecisions(t, rows)
}
