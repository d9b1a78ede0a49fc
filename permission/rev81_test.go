package permission

import (
	"strings"
	"testing"
)

// TestRev81DenyTextThroughUnseenProgramIntoShell: a shell that reads its
// program from a program whose output the analysis does not compute
// (perl -pe 1, dd, a loop, a group's or a function's filter, python3)
// was fed text the line knows denies (an echo's, a here-string, a file
// the line wrote) and bypassPermissions allowed the line. What the line
// knows it feeds there is now judged deny-only, a deny asked for
// (fedUnseen): the program may change it. Neighbours: a pipe into no
// shell keeps its answer, and what is computed still denies; harmless
// text, which kept its answer here, asks since eng84 (ownText).
func TestRev81DenyTextThroughUnseenProgramIntoShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"group's < s", `echo 'rm -rf ~' > s; { grep .; } < s | sh`},
		{"subshell's < s", `echo 'rm -rf ~' > s; (grep .) < s | sh`},
		{"function's < s", `echo 'rm -rf ~' > s; f() { grep .; }; f < s | sh`},
		{"loop's < s", `echo 'rm -rf ~' > s; while read -r l; do echo "$l"; done < s | sh`},
		{"perl of s", `echo 'rm -rf ~' > s; perl -pe '' s | sh`},
		{"dd if=s", `echo 'rm -rf ~' > s; dd if=s | sh`},
		{"cp s /dev/stdout", `echo 'rm -rf ~' > s; cp s /dev/stdout | sh`},
		{"python3 open(s)", `echo 'rm -rf ~' > s; python3 -c 'print(open("s").read())' | sh`},
		{"echo | perl", `echo 'rm -rf ~' | perl -pe '' | sh`},
		{"perl <<<", `perl -pe '' <<< 'rm -rf ~' | sh`},
		{"group's <<<", `{ perl -pe ''; } <<< 'rm -rf ~' | sh`},
		{"function's <<<", `f() { perl -pe ''; }; f <<< 'rm -rf ~' | sh`},
		{"loop's <<<", `while read -r l; do echo "$l"; done <<< 'rm -rf ~' | bash`},
		{"rev | perl", `echo 'rm -rf ~' | rev | perl -pe '' | sh`},
		{"perl | cat", `echo 'rm -rf ~' | perl -pe '' | cat | sh`},
		{"sh <(perl s)", `echo 'rm -rf ~' > s; sh <(perl -pe '' s)`},
		{"sh <(echo | perl)", `sh <(echo 'rm -rf ~' | perl -pe '')`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	for _, r := range []struct{ name, cmd string }{
		{"echo hi | perl", `printf 'echo hi\n' | perl -pe '' | sh`},
		{"perl of s of echo hi", `echo hi > s; perl -pe '' s | sh`},
		{"a loop of echo hi", `echo hi > s; while read -r l; do echo "$l"; done < s | sh`},
	} {
		// eng84: harmless text asks too, in bypassPermissions as well:
		// the program may make it any program (perl -pe 's/.*/rm -rf
		// ~/'), where rev81 let it keep the pipe's answer.
		rows = eng77Asks(rows, "neighbour: "+r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "perl of rm -rf ~ into a file", `echo 'rm -rf ~' | perl -pe '' > out.txt`)
	rows = eng77Allowed(rows, "perl of s into less", `echo 'rm -rf ~' > s; perl -pe '' s | less`)
	rows = eng76Rows(rows, "neighbour: rev | rev computed", `echo 'rm -rf ~' | rev | rev | sh`, Deny)
	rows = eng76Rows(rows, "neighbour: cat s computed", `echo 'rm -rf ~' > s; cat s | sh`, Deny)
	checkDecisions(t, rows)
}

// TestRev81ValueWriteKeepsPrior: eng81 followed a redirection and a copy
// to a variable's value as to the name written out, which replaced what
// the line wrote to that file before; but the value read is not always
// the shell's (let, getopts, (( )) and a function's local or body set
// it unseen), and bypassPermissions allowed sh s.sh of rm -rf ~ (adbf162
// denied). What the line wrote there before is now judged still,
// deny-only (keptPrior). Neighbours: a write by a value of a new file is
// judged as eng81 made it, and a harmless one keeps its answers.
func TestRev81ValueWriteKeepsPrior(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"function's local", `echo 'rm -rf ~' > s.sh; x=u.sh; f() { local x=s.sh; }; f; echo hi > $x; sh s.sh`},
		{"function not called", `echo 'rm -rf ~' > s.sh; x=u.sh; f() { x=s.sh; }; echo hi > $x; sh s.sh`},
		{"getopts", `echo 'rm -rf ~' > s.sh; x=s.sh; getopts a x; echo hi > $x; sh s.sh`},
		{"let", `echo 'rm -rf ~' > s.sh; x=s.sh; let x=1; echo hi > $x; sh s.sh`},
		{"(( ))", `echo 'rm -rf ~' > s.sh; x=s.sh; (( x = 1 )); echo hi > $x; sh s.sh`},
		{"$(( ))", `echo 'rm -rf ~' > s.sh; x=s.sh; : $(( x = 1 )); echo hi > $x; sh s.sh`},
		{"cp to a local's value", `echo 'rm -rf ~' > s.sh; echo hi > u.sh; x=v.sh; f() { local x=s.sh; }; f; cp u.sh $x; sh s.sh`},
		{"ln -sf to a local's value", `echo 'rm -rf ~' > s.sh; echo hi > u.sh; x=v.sh; f() { local x=s.sh; }; f; ln -sf u.sh $x; sh s.sh`},
		{"cp -t to a local's value", `echo 'rm -rf ~' > d/s.sh; echo hi > s.sh; x=e; f() { local x=d; }; f; cp -t $x s.sh; sh d/s.sh`},
		{"cp into a local's directory", `echo 'rm -rf ~' > d/s.sh; echo hi > s.sh; x=e; f() { local x=d; }; f; cp s.sh $x; sh d/s.sh`},
		{"neighbour: a new file by a value", `x=s.sh; echo 'rm -rf ~' > $x; sh s.sh`},
		{"neighbour: over harmless text by a value", `echo hi > s.sh; x=s.sh; echo 'rm -rf ~' > $x; sh s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	for _, cmd := range []string{`x=s.sh; echo hi > $x; sh s.sh`, `echo hi > s.sh; x=s.sh; echo hi > $x; sh s.sh`} {
		// A write to a path only known at run time asks, but in
		// bypassPermissions.
		rows = eng77Asks(rows, "neighbour: "+cmd, cmd)
		rows[len(rows)-2].want = Allow
	}
	checkDecisions(t, rows)
}

// TestRev81WrittenUnreadOnce: sed s/x/x/ s | sh said its reason twice, from
// pipedWritten and from fedProgram.
func TestRev81WrittenUnreadOnce(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{`echo 'rm -rf ~' > s; sed '' s | sh`, `echo 'rm -rf ~' > s; nl s | sh`} {
		a := analyzeShell(cmd, "/home/u", "/p")
		n := 0
		for _, c := range a.Complex {
			n += strings.Count(c, "runs what")
		}
		if n != 1 {
			t.Errorf("%q: %d reasons %q, want one", cmd, n, a.Complex)
		}
	}
}
