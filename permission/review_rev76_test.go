package permission

import "testing"

// rev76: adversarial review of eng75b (a write after a background,
// looped or function reader of its file: readLater) and eng75c (a glob
// reader before its write: globLater).

// eachMode returns row once for each mode, named after it, with want
// for every mode.
func eachMode(name, cmd string, want Decision) []decisionRow {
	var rows []decisionRow
	for _, m := range Modes {
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want})
	}
	return rows
}

// TestRev76ProcSubstReadLater: the commands of a process substitution
// run beside the command that names it, which does not wait for them,
// but readLater only judged the later writes of a reader in the
// background, in a loop or in a function's body: : <(sleep 1; sh s.sh);
// echo 'rm -rf ~' > s.sh was allowed in every mode, where echo 'rm -rf
// ~' > s.sh; : <(sh s.sh) is denied. Neighbours: a harmless write, and
// substitutions that run no file.
func TestRev76ProcSubstReadLater(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"a <(…) reader of a later write", `: <(sleep 1; sh s.sh); echo 'rm -rf ~' > s.sh`},
		{"a >(…) reader of a later write", `: >(sh s.sh); echo 'rm -rf ~' > s.sh`},
		{"diff's <(…) reader of a later write", `diff <(sh s.sh) <(echo); echo 'rm -rf ~' > s.sh`},
		{"a <(…) glob reader of a later write", `: <(bash *.sh); echo 'rm -rf ~' > s.sh`},
		{"a <(…) reader of a FIFO written later", `mkfifo p; : <(sh < p); echo 'rm -rf ~' > p`},
		{"neighbour: the plain order", `echo 'rm -rf ~' > s.sh; : <(sh s.sh)`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D, Y := ModeDefault, ModeBypassPermissions
	rows = append(rows,
		decisionRow{"neighbour: a harmless later write", D, nil, `: <(sh s.sh); echo 'echo hi' > s.sh`, Allow},
		decisionRow{"neighbour: diff of sorted files, then a write", D, nil, `diff <(sort a) <(sort b); echo x > s.sh`, Allow},
		decisionRow{"neighbour: a >(…) tee, then a write", Y, nil, `echo x | tee >(wc -l) > s.txt`, Allow},
	)
	checkDecisions(t, rows)
}

// TestRev76TrapReadLater: a trap's commands run when the shell exits or
// is signalled, after the rest of the line, but readLater did not take
// them for readers that may run after a write: trap 'sh s.sh' EXIT; echo
// 'rm -rf ~' > s.sh was allowed in every mode, where echo 'rm -rf ~' >
// s.sh; trap 'sh s.sh' EXIT is denied. Neighbours: a harmless write, a
// trap that cleans up what the line writes.
func TestRev76TrapReadLater(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"an EXIT trap's reader of a later write", `trap 'sh s.sh' EXIT; echo 'rm -rf ~' > s.sh`},
		{"an INT trap's reader of a later write", `trap 'bash s.sh' INT; printf 'rm -rf ~' > s.sh`},
		{"a trap's glob reader of a later write", `trap 'bash *.sh' EXIT; echo 'rm -rf ~' > s.sh`},
		{"a trap's reader of a FIFO written later", `mkfifo p; trap 'sh < p' EXIT; echo 'rm -rf ~' > p`},
		{"a trap's cat of a FIFO to sh", `trap 'cat p | sh' EXIT; echo 'rm -rf ~' > p`},
		{"neighbour: the plain order", `echo 'rm -rf ~' > s.sh; trap 'sh s.sh' EXIT`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D := ModeDefault
	rows = append(rows,
		decisionRow{"neighbour: a harmless later write", D, nil, `trap 'sh s.sh' EXIT; echo 'echo hi' > s.sh`, Allow},
		decisionRow{"neighbour: a trap that removes what the line writes", ModeBypassPermissions, nil, `trap 'rm -f tmp' EXIT; echo x > tmp`, Allow},
	)
	checkDecisions(t, rows)
}

// TestRev76FnForAllNoSemicolon: forAll wrote in "$@" after the name of
// a for loop with no in, which before a do on the same line (for a do
// …, as bash takes it) made do a word of the list and the copy a
// syntax error: f() { for a do rm -rf "$a"; done; }; f ~ was asked for
// as the body is, and allowed in bypassPermissions, where f() { for a;
// do …; }; f ~ is denied. Neighbours: the ; and newline forms, a
// harmless body.
func TestRev76FnForAllNoSemicolon(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"for a do", Y, nil, `f() { for a do rm -rf "$a"; done; }; f ~`, Deny},
		{"for a do, tabbed", Y, nil, "f() { for a\tdo rm -rf \"$a\"; done; }; f x ~", Deny},
		{"neighbour: for a; do", Y, nil, `f() { for a; do rm -rf "$a"; done; }; f ~`, Deny},
		{"neighbour: for a, do on the next line", Y, nil, "f() { for a\ndo rm -rf \"$a\"; done; }; f ~", Deny},
		{"neighbour: for a do, a harmless body", D, nil, `f() { for a do echo "$a"; done; }; f x`, Allow},
	})
}

// TestRev76BraceReader: a brace list among a reader's words ({a,b}.sh)
// is expanded by bash into each name, the first of which bash runs, but
// globbedWritten matched only a glob (* ? […]) with the files the line
// wrote: echo 'rm -rf ~' > a.sh; bash {a,b}.sh and bash {a,b}.sh & echo
// 'rm -rf ~' > a.sh (globLater) were allowed in every mode, where bash
// a.sh is denied. Neighbours: a harmless script, a list that names no
// file the line wrote, a glob as before.
func TestRev76BraceReader(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"a brace list run after its write", `echo 'rm -rf ~' > a.sh; bash {a,b}.sh`},
		{"a brace list run before its write", `bash {a,b}.sh & echo 'rm -rf ~' > a.sh`},
		{"a brace list with a glob", `echo 'rm -rf ~' > a1.sh; bash {a,b}*.sh`},
		{"a brace list sourced", `echo 'rm -rf ~' > lib/a.sh; . lib/{a,b}.sh`},
		{"neighbour: a glob", `echo 'rm -rf ~' > a.sh; bash [ab].sh`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D := ModeDefault
	rows = append(rows,
		decisionRow{"neighbour: a harmless script", D, nil, `echo 'echo hi' > a.sh; bash {a,b}.sh`, Allow},
		decisionRow{"neighbour: a list that names no file written", D, nil, `echo 'rm -rf ~' > c.txt; bash {a,b}.sh`, Allow},
		decisionRow{"neighbour: a brace list of arguments", D, nil, `echo 'rm -rf ~' > a.txt; ls {a,b}.txt`, Allow},
	)
	checkDecisions(t, rows)
}

// TestRev76GlobPlaced: globbedWritten matched a glob with a file the
// line wrote only in the same directory as written, by the names as
// they stand: a glob by the project's path (bash /home/u/proj/*.sh), a
// file written by its path or from another directory (> ../s.sh after
// cd sub), a ** that matches no directory (globstar) and a glob run
// where the directory is not known (cd "$x") were never matched, and
// echo 'rm -rf ~' > s.sh; bash /home/u/proj/*.sh, and each later form
// (globLater), were allowed in every mode. Both are placed as sameFile
// compares names. Neighbours: a glob of another directory, a harmless
// script.
func TestRev76GlobPlaced(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"a glob by the project's path", `echo 'rm -rf ~' > s.sh; bash /home/u/proj/*.sh`},
		{"a glob by the project's path, run before", `bash /home/u/proj/*.sh & echo 'rm -rf ~' > s.sh`},
		{"a write by the project's path", `echo 'rm -rf ~' > /home/u/proj/s.sh; bash *.sh`},
		{"a write by the project's path, run before", `bash *.sh & echo 'rm -rf ~' > /home/u/proj/s.sh`},
		{"a write from below", `cd sub; echo 'rm -rf ~' > ../s.sh; cd ..; bash *.sh`},
		{"a write from below, run before", `bash *.sh & cd sub; echo 'rm -rf ~' > ../s.sh`},
		{"a ** of no directory", `shopt -s globstar; echo 'rm -rf ~' > s.sh; bash **/*.sh`},
		{"a ** of no directory, run before", `shopt -s globstar; bash **/*.sh & echo 'rm -rf ~' > s.sh`},
		{"a ** of three directories", `shopt -s globstar; echo 'rm -rf ~' > a/b/c/s.sh; bash a/**/*.sh`},
		{"a glob run where the directory is not known", `echo 'rm -rf ~' > s.sh; cd "$x"; bash *.sh`},
		{"neighbour: a glob of the directory written in", `mkdir d; echo 'rm -rf ~' > d/s.sh; bash d/*.sh`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D := ModeDefault
	rows = append(rows,
		decisionRow{"neighbour: a glob of the directory above the file", D, nil, `echo 'rm -rf ~' > d/s.sh; bash *.sh`, Allow},
		decisionRow{"neighbour: a harmless script by the project's path", D, nil, `echo 'echo hi' > s.sh; bash /home/u/proj/*.sh`, Allow},
		decisionRow{"neighbour: a file of another directory", D, nil, `cd /tmp; echo 'rm -rf ~' > s.sh; cd /home/u/proj; bash *.sh`, Ask},
	)
	checkDecisions(t, rows)
}

// TestRev76GlobInput: bash opens the one file a glob as the target of <
// matches, but globbedWritten matched only the globs among a command's
// words: echo 'rm -rf ~' > s.sh; sh < *.sh, and sh < *.sh & echo 'rm
// -rf ~' > s.sh (globLater), were allowed in every mode, where sh <
// s.sh is denied. Neighbours: a harmless script, a filter's input.
func TestRev76GlobInput(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"a glob as sh's input", `echo 'rm -rf ~' > s.sh; sh < *.sh`},
		{"a glob as sh's input, run before", `sh < *.sh & echo 'rm -rf ~' > s.sh`},
		{"a glob as bash -s's input", `echo 'rm -rf ~' > s.sh; bash -s < s*.sh`},
		{"neighbour: the file as sh's input", `echo 'rm -rf ~' > s.sh; sh < s.sh`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D := ModeDefault
	rows = append(rows,
		decisionRow{"neighbour: a harmless script", D, nil, `echo 'echo hi' > s.sh; sh < *.sh`, Allow},
		decisionRow{"neighbour: a filter's input", D, nil, `echo 'rm -rf ~' > s.sh; wc -l < *.sh`, Allow},
	)
	checkDecisions(t, rows)
}

// TestRev76SetsidForkReadLater: setsid -f runs its command in a process
// of its own and returns at once, as & does (and setsid alone does so
// where it leads its process group, under set -m), but readLater only
// took a reader run with & for one that may run after a later write:
// setsid -f sh s.sh; echo 'rm -rf ~' > s.sh was allowed in every mode,
// where sh s.sh & echo 'rm -rf ~' > s.sh is denied. Neighbours: setsid
// -w, which waits, and a harmless write.
func TestRev76SetsidForkReadLater(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"setsid -f", `setsid -f sh s.sh; echo 'rm -rf ~' > s.sh`},
		{"setsid --fork", `setsid --fork sh s.sh; echo 'rm -rf ~' > s.sh`},
		{"setsid -cf", `setsid -cf bash s.sh; printf 'rm -rf ~' > s.sh`},
		{"setsid under set -m", `set -m; setsid sh s.sh; echo 'rm -rf ~' > s.sh`},
		{"setsid -f of a glob", `setsid -f bash *.sh; echo 'rm -rf ~' > s.sh`},
		{"nohup setsid -f", `nohup setsid -f sh s.sh; echo 'rm -rf ~' > s.sh`},
		{"neighbour: &", `sh s.sh & echo 'rm -rf ~' > s.sh`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	D := ModeDefault
	rows = append(rows,
		decisionRow{"neighbour: setsid -f and a harmless write", D, nil, `setsid -f sh s.sh; echo 'echo hi' > s.sh`, Allow},
		decisionRow{"neighbour: setsid -w, which waits", D, nil, `setsid -w sh s.sh; echo 'rm -rf ~' > s.sh`, Allow},
		decisionRow{"neighbour: setsid -fw, which waits", D, nil, `setsid -fw sh s.sh; echo 'rm -rf ~' > s.sh`, Allow},
	)
	checkDecisions(t, rows)
}

// TestRev76InstallModeCopy: copiesWritten took the value of an option
// (install -m 755, cp -S .bak) for a file, so that a copy with one
// named three files and was not followed: echo 'rm -rf ~' > t; install
// -m 755 t s.sh; sh s.sh, and sh s.sh & … install -m 755 t s.sh
// (readLater), were allowed in every mode, where install t s.sh is
// denied. Neighbours: the copy with no option, a harmless script.
func TestRev76InstallModeCopy(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"install -m", `echo 'rm -rf ~' > t; install -m 755 t s.sh; sh s.sh`},
		{"install -m, read before", `sh s.sh & echo 'rm -rf ~' > t; install -m 755 t s.sh`},
		{"install -Dm", `echo 'rm -rf ~' > t; install -Dm 755 t s.sh; sh s.sh`},
		{"install -o -g", `echo 'rm -rf ~' > t; install -o u -g u t s.sh; sh s.sh`},
		{"cp -S", `echo 'rm -rf ~' > t; cp -S .bak t s.sh; sh s.sh`},
		{"neighbour: install", `echo 'rm -rf ~' > t; install t s.sh; sh s.sh`},
	} {
		rows = append(rows, eachMode(r.name, r.cmd, Deny)...)
	}
	rows = append(rows, decisionRow{"neighbour: a harmless script", ModeDefault, nil, `echo 'echo hi' > t; install -m 755 t s.sh; sh s.sh`, Allow})
	checkDecisions(t, rows)
}
