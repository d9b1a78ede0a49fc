package permission

import (
	"runtime"
	"strings"
	"testing"
)

// TestEng79PositionalComputed: a function's copy was written with the
// call's arguments past a set -- in its body, a shift $n, or a shift
// after another statement, so that the copy of f() { set -- "$2"; rm -rf
// "$1"; }; f x ~ deleted x and the line asked where bash deletes the
// home. The copy is now written, stretch by stretch, with the
// parameters each shift and set -- computed leaves (positionalSegments).
// Neighbours: a shift before a printer, a shift of the home away, and
// what is not computed (a shift in an if, set -- after false &&, shift
// $n of an n not known) keep their answers.
func TestEng79PositionalComputed(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"set -- \"$2\"", `f() { set -- "$2"; rm -rf "$1"; }; f x ~`},
		{"set -- \"$2\" y", `f() { set -- "$2" y; rm -rf "$1"; }; f x ~`},
		{"set -- \"$@\" ~ then shift", `f() { set -- "$@" ~; shift; rm -rf "$1"; }; f x`},
		{"shift $n of a local", `f() { local n=1; shift $n; rm -rf "$1"; }; f x ~`},
		{"shift \"$n\" of an assignment", `f() { n=2; shift "$n"; rm -rf "$1"; }; f x y ~`},
		{"shift $n of the line's n", `n=1; f() { shift $n; rm -rf "$1"; }; f x ~`},
		{"shift $1", `f() { shift $1; rm -rf "$1"; }; f 1 ~`},
		{"shift after an echo", `f() { echo hi; shift; rm -rf "$1"; }; f x ~`},
		{"shift after local a=$1", `f() { local a=$1; shift; rm -rf "$1"; }; f x ~`},
		{"shift 2 && set --", `f() { shift 2 && set -- "$1"; rm -rf "$1"; }; f a b ~`},
		{"set -- in bash -c's function", `bash -c 'f() { set -- "$2"; rm -rf "$1"; }; f x ~'`},
		{"sh -c's function, shift $n", `sh -c 'f() { local n=1; shift $n; rm -rf "$1"; }; f x ~'`},
		{"a shift in g called with \"$@\" ~", `g() { shift; rm -rf "$1"; }; f() { g "$@" ~; }; f x`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "shift then echo \"$@\"", `f() { shift; echo "$@"; }; f a b`)
	rows = eng77Allowed(rows, "set -- then echo", `f() { set -- "$2"; echo "$1"; }; f ~ x`)
	for _, r := range []struct{ name, cmd string }{
		{"shift of the home away", `f() { shift; rm -rf "$1"; }; f ~ x`},
		{"set -- \"$2\" of the home away", `f() { set -- "$2"; rm -rf "$1"; }; f ~ x`},
		{"shift $n of an n not known", `f() { local n; shift $n; rm -rf "$1"; }; f x ~`},
		{"shift $n of declare -i", `f() { declare -i n=1; shift $n; rm -rf "$1"; }; f x ~`},
		{"shift $n of n=$2", `f() { local n=1; n=$2; shift $n; rm -rf "$1"; }; f x 1 ~`},
	} {
		rows = eng77Asks(rows, "neighbour: "+r.name, r.cmd)
	}
	for _, r := range []struct{ name, cmd string }{
		// Not computed: the copy as before, with the arguments before.
		{"neighbour: a shift in an if", `f() { shift; if c; then shift; fi; rm -rf "$1"; }; f a ~ b`},
		{"neighbour: set -- after false &&", `f() { false && set -- x; rm -rf "$1"; }; f ~`},
		{"neighbour: shift 2 of a b ~", `f() { shift 2; rm -rf "$1"; }; f a b ~`},
		{"neighbour: g \"$@\" ~", `g() { rm -rf "$@"; }; f() { g "$@" ~; }; f x`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestEng79ReorderOfWrittenFileIntoShell: sort, uniq and shuf of a file
// the line wrote, piped to a shell, were judged as the file in written
// order (shuf not read), so that bypassPermissions allowed printf 'rm -rf
// u\ncd ../..\n' > s; sort s | sh, which runs cd ../.. first; tac of a
// file ending without a newline joins its last line to the one before.
// Each line is now judged alone beside the whole, as a copy that a
// shell fed it asks for in every mode (writtenFilterDoc), as sort <<< …
// | sh since rev77, and tac's output is computed. Neighbours: one line
// sorted, tac of harmless lines, cat of the file and sort into head
// keep their answers.
func TestEng79ReorderOfWrittenFileIntoShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"sort", `printf 'rm -rf u\ncd ../..\n' > s; sort s | sh`},
		{"sort -r", `printf 'rm -rf u\ncd ../..\n' > s; sort -r s | sh`},
		{"uniq", `printf 'rm -rf u\ncd ../..\n' > s; uniq s | sh`},
		{"shuf", `printf 'rm -rf u\ncd ../..\n' > s; shuf s | sh`},
		{"sh <(sort s)", `printf 'rm -rf u\ncd ../..\n' > s; sh <(sort s)`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng76Rows(rows, "tac joins a last line without a newline", `printf ' ~\nrm -rf' > s; tac s | sh`, Deny)
	rows = eng76Rows(rows, "shuf of rm -rf * and cd ~", `printf 'rm -rf *\ncd ~\n' > s; shuf s | sh`, Deny)
	rows = eng77Allowed(rows, "sort of one line", `printf 'echo hi\n' > s; sort s | sh`)
	rows = eng77Allowed(rows, "tac of harmless lines", `printf 'echo a\necho b\n' > s; tac s | sh`)
	rows = eng77Allowed(rows, "sort of a file into head", `printf 'b\na\n' > s.txt; sort s.txt | head`)
	rows = eng76Rows(rows, "neighbour: sort of a file not written into head", `sort s.txt | head`, Allow)
	rows = append(rows, decisionRow{"neighbour: cat of the file, bypassPermissions", ModeBypassPermissions, nil, `printf 'rm -rf u\ncd ../..\n' > s; cat s | sh`, Allow})
	checkDecisions(t, rows)
}

// eng79LongLine returns unit repeated, after head, to a line of just
// under 1 MiB (the hook's bound).
func eng79LongLine(head, unit string) string {
	return head + strings.Repeat(unit, ((1<<20)-len(head))/len(unit))
}

// BenchmarkEng79LongFnCalls checks a 1 MiB line of calls of a function
// of $1, the memory go test -benchmem reports per line.
func BenchmarkEng79LongFnCalls(b *testing.B) {
	line := eng79LongLine(`f() { echo "$1"; }; `, "f a1234; ")
	e := engine(b, ModeDefault)
	b.ReportAllocs()
	for b.Loop() {
		e.Check(bash(line))
	}
}

// BenchmarkEng79LongBashGlob checks a 1 MiB line of bash *.
func BenchmarkEng79LongBashGlob(b *testing.B) {
	line := eng79LongLine("", "bash *; ")
	e := engine(b, ModeDefault)
	b.ReportAllocs()
	for b.Loop() {
		e.Check(bash(line))
	}
}

// TestEng79LongLineBound: a 1 MiB line was walked and checked whole,
// some 2 kB a command: 116,000 calls of a function (f() { echo "$1"; };
// f a; …) took 260 MB, and bash *; … 5 s, allowed. Past maxCommands the
// rest of the line is neither parsed nor walked and the line asks;
// under it, the same decisions. Neighbours: a deny before the bound
// stays, a long line under it is allowed as before.
func TestEng79LongLineBound(t *testing.T) {
	t.Parallel()
	long := eng79LongLine("", "bash *; ")
	var rows []decisionRow
	for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModeBypassPermissions} {
		rows = append(rows, decisionRow{"1 MiB of bash *, " + string(m), m, nil, long, Ask})
	}
	rows = append(rows,
		decisionRow{"bash * past the bound", ModeBypassPermissions, nil, repeated("bash *", "; ", maxCommands+1), Ask},
		decisionRow{"neighbour: rm -rf ~ before the bound", ModeBypassPermissions, nil, "rm -rf ~; " + long, Deny},
		decisionRow{"neighbour: bash * up to the bound", ModeBypassPermissions, nil, repeated("bash *", "; ", maxCommands), Allow},
		decisionRow{"neighbour: 20,000 echo hi", ModeDefault, nil, repeated("echo hi", "; ", 20000), Allow},
	)
	checkDecisions(t, rows)
}

// TestEng79LongLineMemory: what checking a 1 MiB line of function calls
// allocates, 300 MB before maxCommands. Not parallel, so that no other
// test's allocations are counted.
func TestEng79LongLineMemory(t *testing.T) {
	if slowdown > 1 {
		t.Skip("the race detector allocates more of its own")
	}
	line := eng79LongLine(`f() { echo "$1"; }; `, "f a1234; ")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	engine(t, ModeDefault).Check(bash(line))
	runtime.ReadMemStats(&after)
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 150 {
		t.Errorf("1 MiB of function calls allocated %d MB, want at most 150", mb)
	}
}
