package permission

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestEng81WrittenFileThroughFilterIntoShell: a file the line wrote, fed
// to a shell through a filter other than cat, head, tail, sort and tac
// (grep, sed, awk, tr, paste, nl …, by an operand or a < redirection,
// at any depth of a pipeline or in a process substitution) was left to
// the pipe to a shell, which bypassPermissions allows. What an identity
// prints of a known text is now computed (filterWritten, writtenOutput),
// so that rm -rf ~ denies; anything else fails closed (pipedWritten).
// Neighbours: a harmless text through an identity, and filters of files
// into a pager or a file, keep their answers.
func TestEng81WrittenFileThroughFilterIntoShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"grep .", `echo 'rm -rf ~' > s; grep . s | sh`},
		{"grep ''", `echo 'rm -rf ~' > s; grep '' s | sh`},
		{"sed -n p", `echo 'rm -rf ~' > s; sed -n p s | sh`},
		{"awk 1", `echo 'rm -rf ~' > s; awk 1 s | sh`},
		{"sort < s", `echo 'rm -rf ~' > s; sort < s | sh`},
		{"tr a a < s", `echo 'rm -rf ~' > s; tr a a < s | sh`},
		{"paste s | bash", `echo 'rm -rf ~' > s; paste s | bash`},
		{"cut -c1-", `echo 'rm -rf ~' > s; cut -c1- s | sh`},
		{"rev | rev", `echo 'rm -rf ~' > s; rev s | rev | sh`},
		{"grep . | cat", `echo 'rm -rf ~' > s; grep . s | cat | sh`},
		{"sh <(grep . s)", `echo 'rm -rf ~' > s; sh <(grep . s)`},
		{"sh < <(awk 1 s)", `echo 'rm -rf ~' > s; sh < <(awk 1 s)`},
		{"sh -c \"$(grep . s)\"", `echo 'rm -rf ~' > s; sh -c "$(grep . s)"`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	for _, r := range []struct{ name, cmd string }{
		{"nl | cut -f2", `echo 'rm -rf ~' > s; nl s | cut -f2 | sh`},
		{"fmt", `echo 'rm -rf ~' > s; fmt s | sh`},
		{"pr -t", `echo 'rm -rf ~' > s; pr -t s | sh`},
		{"column", `echo 'rm -rf ~' > s; column s | sh`},
		{"expand", `echo 'rm -rf ~' > s; expand s | sh`},
		{"cat s | grep .", `echo 'rm -rf ~' > s; cat s | grep . | sh`},
		{"grep . of a text not known", `printf "$X" > s; grep . s | sh`},
		{"cat of a text not known", `printf "$X" > s; cat s | sh`},
		{"sort of a text not known", `printf "$X" > s; sort s | sh`},
		{"curl's file through grep", `curl x > s; grep . s | sh`},
		{"nl of echo hi", `printf 'echo hi\n' > s; nl s | sh`},
		{"sort s | cat of two lines", `printf 'rm -rf u\ncd ../..\n' > s; sort s | cat | sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	for _, r := range []struct{ name, cmd string }{
		{"grep . of echo hi", `printf 'echo hi\n' > s; grep . s | sh`},
		{"sed -n p of echo hi", `printf 'echo hi\n' > s; sed -n p s | sh`},
		{"sh <(awk 1 s) of echo hi", `printf 'echo hi\n' > s; sh <(awk 1 s)`},
	} {
		// The pipe to a shell asks as it did, but in bypassPermissions.
		rows = eng77Asks(rows, "neighbour: "+r.name, r.cmd)
		rows[len(rows)-2].want = Allow // eng76Modes: the fourth of five
	}
	rows = append(rows, decisionRow{"neighbour: cat | cat of echo hi, bypassPermissions", ModeBypassPermissions, nil, `printf 'echo hi\n' > s; cat s | cat | sh`, Allow})
	rows = eng76Rows(rows, "neighbour: grep foo s.txt | sort", `grep foo s.txt | sort`, Allow)
	rows = eng76Rows(rows, "neighbour: sed -n p README.md | less", `sed -n p README.md | less`, Allow)
	rows = eng77Allowed(rows, "written s.txt, grep into sort", `echo hi > s.txt; grep hi s.txt | sort`)
	rows = eng77Allowed(rows, "written a, awk 1 a b > c", `echo hi > a; awk 1 a b > c`)
	checkDecisions(t, rows)
}

// TestEng81LongChainBounded: maxCommands counted the statements of a
// list but not the commands of an && || or | chain, which is one
// statement: a 1 MiB line of true&& walked all of its 150,000 commands,
// 1.7 s and 235 MB. The chain's walk now stops at the bound, and the
// line asks.
func TestEng81LongChainBounded(t *testing.T) {
	if slowdown > 1 {
		t.Skip("the race detector allocates more of its own")
	}
	for _, unit := range []string{"true&&", "true||", "true|"} {
		line := eng79LongLine("", unit) + "true"
		e := engine(t, ModeBypassPermissions)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		res := e.Check(bash(line))
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("1 MiB of %s: %v, %d MB", unit, took, (after.TotalAlloc-before.TotalAlloc)>>20)
		if res.Decision != Ask || !strings.Contains(res.Reason, "more than") {
			t.Errorf("1 MiB of %s: %v (%s), want ask past maxCommands", unit, res.Decision, res.Reason)
		}
		if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 150 {
			t.Errorf("1 MiB of %s allocated %d MB, want at most 150", unit, mb)
		}
		if limit := budget(time.Second); took > limit {
			t.Errorf("1 MiB of %s took %v, want at most %v", unit, took, limit)
		}
	}
}

// TestEng81CopyByVariable: a copy or a link whose operand is a variable
// the line gave a literal value (x=s.sh; ln -s $x t.sh) was read as a
// copy of any file the line wrote, of a text not known, so that running
// the copy asked where the same line with s.sh written out denies; by a
// variable destination (cp s.sh $x) or a redirection to one (> $x) it
// was not followed at all, which bypassPermissions allowed. The value is
// now read (valueWords, valueOf): a copy by it is followed as by the
// name, its text still judged deny-only beside the ask it had
// (keepUnknown). Neighbours: a harmless copy by a variable keeps its
// ask, one written out its allow.
func TestEng81CopyByVariable(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"ln -s $x", `x=s.sh; echo 'rm -rf ~' > s.sh; ln -s $x t.sh; sh t.sh`},
		{"cp $x", `x=s.sh; echo 'rm -rf ~' > s.sh; cp $x t.sh; sh t.sh`},
		{"cp \"$x\"", `x=s.sh; echo 'rm -rf ~' > s.sh; cp "$x" t.sh; sh t.sh`},
		{"mv ${x}", `x=s.sh; echo 'rm -rf ~' > s.sh; mv ${x} t.sh; sh t.sh`},
		{"cp s.sh $x", `x=t.sh; echo 'rm -rf ~' > s.sh; cp s.sh $x; sh t.sh`},
		{"> $x", `x=s.sh; echo 'rm -rf ~' > $x; sh s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Asks(rows, "neighbour: cp $x of echo hi", `x=s.sh; echo 'echo hi' > s.sh; cp $x t.sh; sh t.sh`)
	rows = append(rows, decisionRow{"neighbour: cp s.sh t.sh of echo hi, bypassPermissions", ModeBypassPermissions, nil, `echo 'echo hi' > s.sh; cp s.sh t.sh; sh t.sh`, Allow})
	rows = eng76Rows(rows, "neighbour: x=~; rm -rf $x", `x=~; rm -rf $x`, Deny)
	checkDecisions(t, rows)
}
