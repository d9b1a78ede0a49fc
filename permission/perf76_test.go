package permission

import (
	"testing"
	"time"
)

// TestPerf76GlobWrites: each command that runs a glob's files
// (runsWritten) matched its glob with every write before it, and judged
// each write of a file again: a megabyte of echo x > aN.sh; bash *N.sh;
// took 80 s, and 64 kB of echo x > s.sh; bash *.sh; or of echo x > aN;
// bash *; more than the hook's 20 s. The files written are listed once
// each, by the endings of their names (globIndex), and past
// maxGlobChecks files matched or maxGlobbed judged the line is too
// complex. Neighbours: a glob's match denied as before, beside one that
// does not match, a file written twice, in a directory, by an absolute
// path, and globs of brackets and of one character.
func TestPerf76GlobWrites(t *testing.T) {
	t.Parallel()
	checkDecisions(t, []decisionRow{
		{"neighbour: a harmless script a glob runs", ModeDefault, nil, `echo 'echo hi' > a1.sh; bash *1.sh`, Allow},
		{"neighbour: a glob that does not match", ModeDefault, nil, `echo 'rm -rf ~' > a2.sh; bash *1.sh`, Allow},
		{"neighbour: a glob's match beside one that does not", ModeBypassPermissions, nil, `echo x > a1.sh; bash *1.sh; echo 'rm -rf ~' > b.sh; bash *.sh`, Deny},
		{"neighbour: a file written twice", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; echo 'echo hi' > t.sh; echo 'rm -rf ~' > s.sh; bash *.sh`, Deny},
		{"neighbour: the harmless file written last", ModeDefault, nil, `echo 'rm -rf ~' > s.sh; echo 'echo hi' > s.sh; bash *.sh`, Allow},
		{"neighbour: a glob in a directory", ModeBypassPermissions, nil, `mkdir d; echo 'rm -rf ~' > d/s.sh; bash d/*.sh`, Deny},
		{"neighbour: an absolute path", ModeBypassPermissions, nil, `echo 'rm -rf ~' > /tmp/s.sh; cd /; bash /tmp/*.sh`, Deny},
		{"neighbour: a bracket", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; bash [s].sh`, Deny},
		{"neighbour: a bracket last", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; bash s.s[h]`, Deny},
		{"neighbour: one character", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; bash ?.sh`, Deny},
		{"neighbour: every file", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; bash *`, Deny},
		{"neighbour: the second of two globs read before", ModeBypassPermissions, nil, `bash *1.sh & bash *2.sh & echo 'rm -rf ~' > a2.sh`, Deny},
		{"neighbour: a glob read before that does not match", ModeDefault, nil, `bash *1.sh & echo 'rm -rf ~' > a2.sh`, Allow},
		{"neighbour: a glob read before, its dir", ModeBypassPermissions, nil, `bash d/*.sh & echo 'rm -rf ~' > d/s.sh`, Deny},
		{"neighbour: a glob read before, another dir", ModeDefault, nil, `bash d/*.sh & echo 'rm -rf ~' > e/s.sh`, Allow},
		// rev76's matching through the index (mrg76): each alternative
		// of a brace list by its own ending, a directory not known or
		// another by the ending of the last name, a glob as input.
		{"neighbour: a brace list's second alternative", ModeBypassPermissions, nil, `echo x > a.sh; echo 'rm -rf ~' > b.sh; bash {a,b}.sh`, Deny},
		{"neighbour: a brace list of globs", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.bash; bash *{.sh,.bash}`, Deny},
		{"neighbour: a brace list that matches nothing written", ModeDefault, nil, `echo 'rm -rf ~' > s.sh; bash {t,u}.sh`, Allow},
		{"neighbour: a glob where the directory is not known", ModeBypassPermissions, nil, `cd "$x"; echo 'rm -rf ~' > s.sh; cd -; bash *.sh`, Deny},
		{"neighbour: a glob of the parent directory", ModeBypassPermissions, nil, `cd sub; echo 'rm -rf ~' > ../s.sh; cd ..; bash *.sh`, Deny},
		{"neighbour: a globstar", ModeBypassPermissions, nil, `shopt -s globstar; echo 'rm -rf ~' > a/b/s.sh; bash **/*.sh`, Deny},
		{"neighbour: a glob as input", ModeBypassPermissions, nil, `echo 'rm -rf ~' > s.sh; sh < *.sh`, Deny},
	})
	// Each took over a second before (a deletion's write last: 1.9 s,
	// the others 5 to 10 s), 0.1 to 0.5 s now.
	checkQuick(t, ModeDefault, 600*time.Millisecond, []slowRow{
		{"writes each run by a glob of its name, a deletion last", numbered(`echo x > aN.sh; bash *N.sh; `, 128<<10) + `echo 'rm -rf ~' > z.sh; bash *.sh`, Deny},
		{"writes each run by a brace list, a deletion last", numbered(`echo x > aN.sh; bash {aN,bN}.sh; `, 128<<10) + `echo 'rm -rf ~' > z.sh; bash {y,z}.sh`, Deny},
	})
	const size = 32 << 10
	checkQuick(t, ModeDefault, 200*time.Millisecond, []slowRow{
		{"one file written and run by a glob again and again", numbered(`echo x > s.sh; bash *.sh; `, size), Allow},
		{"one file written and run by a brace list again and again", numbered(`echo x > s.sh; bash {s,t}.sh; `, size), Allow},
		{"a glob of every file after each write", numbered(`echo x > aN; bash *; `, size), Ask},
		{"a glob of every file past the bound, a deletion first", `echo 'rm -rf ~' > s.sh; bash *; ` + numbered(`echo x > aN; bash *; `, size), Deny},
	})
}
