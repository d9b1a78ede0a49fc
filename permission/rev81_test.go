package permission

import (
	"strings"
	"testing"
)

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
