package permission

import (
	"strings"
	"testing"
	"time"
)

var eng75cModes = []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk}

// TestEng75cGlobReadLater: eng75b judged a write after a background,
// looped or function reader of its file as that reader's program
// (readLater), but only a reader that names the file: bash *.sh & echo
// 'rm -rf ~' > s.sh was allowed in every mode, where echo 'rm -rf ~' >
// s.sh; bash *.sh is denied. A reader whose program's path is a glob
// is judged with each later write the glob matches (globLater).
// Neighbours: a named script beside a write of another file, a
// harmless write, a glob that does not match, a glob's cat.
func TestEng75cGlobReadLater(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a named script, a log written", ModeDefault, nil, `bash build.sh & echo done > log.txt`, Allow},
		{"neighbour: the write before the glob", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; bash *.sh`, Deny},
		{"neighbour: a harmless later write", ModeDefault, nil, `bash *.sh & echo 'echo hi' > s.sh`, Allow},
		{"neighbour: a glob that does not match", ModeDefault, nil, `bash *.py & echo 'rm -rf ~' > s.sh`, Allow},
		{"neighbour: a glob's cat", ModeDefault, nil, `cat *.sh & echo 'rm -rf ~' > s.sh`, Allow},
	}
	for _, m := range eng75cModes {
		for _, r := range []struct{ name, cmd string }{
			{"a glob's script in the background", `bash *.sh & echo 'rm -rf ~' > s.sh`},
			{"a glob in a directory", `mkdir d; bash d/*.sh & echo 'rm -rf ~' > d/s.sh`},
			{"a glob's script in a loop", `for i in 1 2; do bash *.sh; echo 'rm -rf ~' > s.sh; done`},
			{"a glob's script in a function", `f() { sh ?.sh; }; echo 'rm -rf ~' > s.sh; f`},
			{"a glob's makefile in the background", `make -f *.mk & printf 'all:\n\trm -rf ~\n' > a.mk`},
		} {
			rows = append(rows, decisionRow{r.name + ", " + string(m), m, nil, r.cmd, Deny})
		}
	}
	checkDecisions(t, rows)
	// Each write is matched with each glob read before it: past
	// maxGlobReaders too complex, and the writes judged bounded by
	// maxReadLater, so that a megabyte of either is not quadratic.
	for _, r := range []struct {
		n    int
		want Decision
	}{{maxGlobReaders, Allow}, {maxGlobReaders + 1, Ask}} {
		line := strings.Repeat(`bash *.sh & `, r.n) + `echo 'echo hi' > s.sh`
		if got := engine(t, ModeDefault).Check(bash(line)); got.Decision != r.want {
			t.Errorf("%d globs' readers and a write: %v (%s), want %v", r.n, got.Decision, got.Reason, r.want)
		}
	}
	checkQuick(t, ModeDefault, 1500*time.Millisecond, []slowRow{
		{"a megabyte of writes after one glob's reader", `bash *.sh & ` + numbered(`echo 'echo N' > s.sh; `, 1<<20), Ask},
	})
}

// TestEng75cFnXargsCallers: rev75 copied the call of a function whose
// body runs xargs with the call's input (fnXargs), but a function that
// calls it was not marked, as a caller of a reader of code is
// (fnReadsCode): g() { f; }; f() { xargs rm -rf; }; g <<< ~ was asked
// for as a deletion of names known at run time, not denied as f <<< ~
// is. markCallers marks the callers of either. Neighbours: a caller's
// list of the project's names, a body's plain cat.
func TestEng75cFnXargsCallers(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a caller's list of the project's names", ModeDefault, nil, `f() { xargs cat; }; g() { f; }; g < list`, Allow},
		{"neighbour: a caller's body's plain cat", ModeDefault, nil, `f() { cat; }; g() { f; }; g <<< ~/.ssh/id_rsa`, Allow},
		{"neighbour: one level down", ModeBypassPermissions, nil, `f() { xargs rm -rf; }; f <<< ~`, Deny},
		{"a caller declared first, xargs cat of a key", ModeBypassPermissions, nil, `g() { f; }; f() { xargs cat; }; g <<< ~/.ssh/id_rsa`, Ask},
	}
	for _, m := range eng75cModes {
		rows = append(rows,
			decisionRow{"a caller declared first, " + string(m), m, nil, `g() { f; }; f() { xargs rm -rf; }; g <<< ~`, Deny},
			decisionRow{"a caller declared after, " + string(m), m, nil, `f() { xargs rm -rf; }; g() { f; }; g <<< ~`, Deny},
		)
	}
	checkDecisions(t, rows)
}

// TestEng75cGroupPipelineFed: a pipeline's first stage in a compound
// reads the compound's input, and its filter's output feeds the next
// stage: { cat | sh; } <<< 'rm -rf ~' runs rm -rf ~ as cat <<< 'rm -rf
// ~' | sh does. The brief had it allowed in bypassPermissions; on this
// branch (eng75b's scopeInput, rev75) it is already denied, and these
// rows hold it so. Neighbour: a group's cat of a project file to grep.
func TestEng75cGroupPipelineFed(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a group's cat of notes to grep", ModeDefault, nil, `{ cat | grep x; } < notes.txt`, Allow},
		{"neighbour: a group's cat of a harmless text to sh", ModeBypassPermissions, nil, `{ cat | sh; } <<< 'echo hi'`, Allow},
	}
	for _, m := range eng75cModes {
		rows = append(rows,
			decisionRow{"a group's cat of a here-string to sh, " + string(m), m, nil, `{ cat | sh; } <<< 'rm -rf ~'`, Deny},
			decisionRow{"a subshell's tr of a here-string to sh, " + string(m), m, nil, `( tr a a | sh ) <<< 'rm -rf ~'`, Deny},
			decisionRow{"a group's cat of a written file to sh, " + string(m), m, nil, `echo 'rm -rf ~' > p; { cat | cat | sh; } < p`, Deny},
		)
	}
	checkDecisions(t, rows)
}
