package permission

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestRev71LongCopySkipped: one copy past maxCopiedBytes stopped every
// copy after it, of handOn and of runWith, so that a long value
// expanded many times made a later rm -rf of ~ an ask (too complex)
// where, before copies were bounded, it was denied. That copy alone is
// left unmade now. Neighbours: the long copy still makes the line too
// complex, and the short ones are read as before.
func TestRev71LongCopySkipped(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	long := strings.Repeat("a", 5000)
	refs := strings.Repeat(" $f", 1000)
	braces := strings.Repeat("{}", 2000)
	checkDecisions(t, []decisionRow{
		{"a long copy before ~ handed to rm", D, nil, `d=~; rm -rf "$d"; f=` + long + `; echo` + refs, Deny},
		{"a long copy before ~ handed to rm, bypassPermissions", Y, nil, `d=~; rm -rf "$d"; f=` + long + `; echo` + refs, Deny},
		{"xargs: a long word before ~", Y, nil, `printf '%s\n' ` + long + ` '~' | xargs -I{} rm -rf {} ` + braces, Deny},
		{"neighbour: the long copy alone", Y, nil, `f=` + long + `; echo` + refs, Ask},
		{"neighbour: xargs of a long word alone", Y, nil, `printf '%s\n' ` + long + ` | xargs -I{} echo {} ` + braces, Ask},
		{"neighbour: a short value handed on", D, nil, `d=src; ls "$d"; f=x; echo` + refs, Allow},
	})
}

// TestRev71WrittenByPath: lastWritten read every file the line wrote of
// the name's base name, so that writes of one base name in many
// directories (cp -a d n1; echo x > n1/f; …) were read once for each:
// 12 s at 256 kB, minutes at 1 MiB. A name in a known directory is
// looked up by its path. Neighbours: a script written and run is still
// judged by its text, through another path, ~, or a directory known
// only at run time, and one of the same base name elsewhere is not it.
func TestRev71WrittenByPath(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 0; b.Len() < 256<<10; i++ {
		fmt.Fprintf(&b, "cp -a d n%d; echo x > n%d/f; ", i, i)
	}
	script := `printf '%s\n' 'cp x "$1"' > `
	checkFast(t, 4*time.Second, []slowRow{
		{"writes of one base name in many directories", b.String() + "echo x > f", Allow},
		{"neighbour: a script written and run", script + `d/s.sh; bash d/s.sh .git/config`, Ask},
		{"neighbour: through another path", script + `./d/../d/s.sh; cd d; bash s.sh .git/config`, Ask},
		{"neighbour: through ~", script + `~/s.sh; bash /home/u/s.sh .git/config`, Ask},
		{"neighbour: from ~", script + `/home/u/s.sh; bash ~/s.sh .git/config`, Ask},
		{"neighbour: in a directory known at run time", script + `s.sh; cd "$d"; bash s.sh .git/config`, Ask},
		{"neighbour: written in a directory known at run time", `cd "$d"; ` + script + `s.sh; cd /tmp; bash s.sh .git/config`, Ask},
		{"neighbour: of the same base name elsewhere", script + `d/s.sh; bash e/s.sh .git/config`, Allow},
	})
}

// TestRev71NamerefCopies: refValues made at most maxValueCopies copies
// of values through namerefs, those of the first reads, so that a value
// given after 256 others never reached the nameref: a rm -rf of ~
// through it was asked for (too complex), where before the copies were
// bounded it was denied. Copies of values are reads, cheap where they
// reach no command, bounded by maxRefCopies. Neighbours: a value through
// a nameref is still read, and thousands of namerefs in a second.
func TestRev71NamerefCopies(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	many := repeated("p=x", "; ", 300)
	checkDecisions(t, []decisionRow{
		{"many values, then ~ through a nameref", D, nil, many + `; declare -n r=p; p=~; rm -rf "$r"`, Deny},
		{"many values, then ~ through a nameref, bypassPermissions", Y, nil, many + `; declare -n r=p; p=~; rm -rf "$r"`, Deny},
		{"~ through a nameref, then many values", Y, nil, `declare -n r=p; p=~; rm -rf "$r"; ` + many, Deny},
		{"neighbour: many values through a nameref", Y, nil, many + `; declare -n r=p; p=.git/config; echo x >> "$r"`, Ask},
		{"neighbour: a value through a nameref", D, nil, `declare -n r=p; p=src; ls "$r"`, Allow},
		{"neighbour: ~ through a nameref", D, nil, `declare -n r=p; p=~; rm -rf "$r"`, Deny},
	})
	checkFast(t, time.Second, []slowRow{
		{"neighbour: thousands of namerefs of one variable", repeated("declare -n r=p; p=x", "; ", 2000), Ask},
		{"neighbour: thousands of namerefs, each read", repeated("declare -n r=p; p=x; echo $r", "; ", 1000), Ask},
	})
}
