package permission

import (
	"strings"
	"testing"
	"time"
)

// TestCdToKnownValue: d=.git/hooks; cd "$d" && cp ../../x pre-commit
// wrote the hook unasked in bypassPermissions: a cd to a variable left
// where later commands run unknown, though the line gives it one value.
// The commands after it are now judged again, in copies, where the value
// leads (valuedCd); the unknown directory is still judged as before.
// Neighbours: a directory of the project, a cd in a subshell, a cd in a
// function not called, and a cd after it that leaves.
func TestCdToKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"cd, cp", Y, nil, `d=.git/hooks; cd "$d" && cp ../../x pre-commit`, Ask},
		{"cd; echo >>", Y, nil, `d=.git; cd "$d"; echo x >> config`, Ask},
		{"pushd", Y, nil, `d=.git; pushd "$d" && echo x > config`, Ask},
		{"pwd", Y, nil, `d=.git; p=$(cd "$d" && pwd)/config; echo x >> "$p"`, Ask},
		{"then cd ..", Y, nil, `d=.git/hooks; cd "$d"; cd ..; echo x >> config`, Ask},
		{"maybe", Y, nil, `d=.git; if [ -n "$x" ]; then cd "$d"; fi; echo x >> config`, Ask},
		{"part of the word", Y, nil, `d=.git; cd "$d/hooks" && echo x > pre-commit`, Ask},
		{"pushd to /dev/null", Y, nil, `d=.git; pushd "$d" >/dev/null; echo x > config; popd`, Ask},
		{"a known substitution", Y, nil, `cd "$(echo .GIT | tr A-Z a-z)" && echo x >> config`, Ask},
		{"a known substitution of a value", Y, nil, `x=.GIT; cd "$(echo "$x" | tr A-Z a-z)" && echo x >> config`, Ask},
		{"neighbour: a directory of the project", Y, nil, `d=src; cd "$d" && echo x > out.txt`, Allow},
		{"neighbour: a substitution of the project", Y, nil, `cd "$(echo SRC | tr A-Z a-z)" && echo x >> out.txt`, Allow},
		{"neighbour: pushd of the project", Y, nil, `d=src; pushd "$d" >/dev/null; echo x > config; popd`, Allow},
		{"neighbour: default mode still asks", D, nil, `d=src; cd "$d" && echo x > out.txt`, Ask},
		{"neighbour: pwd of the project", Y, nil, `d=src; p=$(cd "$d" && pwd)/out.txt; echo x > "$p"`, Allow},
		{"neighbour: a subshell", Y, nil, `d=.git; (cd "$d"); echo x >> config`, Allow},
		{"neighbour: a function not called", Y, nil, `d=.git; f() { cd "$d"; }; echo x >> config`, Allow},
		{"neighbour: away again", Y, nil, `d=.git; cd "$d"; cd /tmp; echo x > config`, Allow},
		{"neighbour: popd", Y, nil, `d=.git; cd "$d"; popd; echo x >> config`, Allow},
		{"neighbour: read only", Y, nil, `d=.git; cd "$d" && ls -la`, Allow},
	})
}

// TestLoopOverKnownSubst: for f in $(echo .GIT | tr A-Z a-z); do echo x
// >> "$f/config"; done appended to the config unasked in
// bypassPermissions: a loop over a substitution gave its variable no
// value, though what the substitution prints is known. Each word it
// prints is now handed to the body, in copies (loopSubstWords).
// Neighbours: directories of the project, and a glob, which names files
// only known at run time.
func TestLoopOverKnownSubst(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `for f in $(echo .GIT | tr A-Z a-z); do echo x >> "$f/config"; done`, Ask},
		{"echo", Y, nil, `for f in $(echo .git/config); do echo x >> "$f"; done`, Ask},
		{"the second word", Y, nil, `for f in $(echo a .git); do echo x >> "$f/config"; done`, Ask},
		{"quoted", Y, nil, `for f in "$(echo .git)"; do echo x >> "$f/config"; done`, Ask},
		{"of a value", Y, nil, `d=.GIT; for f in $(echo "$d" | tr A-Z a-z); do echo x >> "$f/config"; done`, Ask},
		{"rm -rf ~", D, nil, `for f in $(echo ~ | tr a a); do rm -rf "$f"; done`, Deny},
		{"neighbour: directories of the project", Y, nil, `for f in $(echo src docs); do echo x >> "$f/notes.txt"; done`, Allow},
		{"neighbour: default mode", D, nil, `for f in $(echo src docs); do cat "$f/notes.txt"; done`, Allow},
		{"neighbour: a glob", Y, nil, `for f in $(echo "*"); do echo x >> "$f/notes.txt"; done`, Allow},
	})
}

// TestLineOfKnownText: p=$(printf 'a\n.git/config\n' | tail -1); echo x
// >> "$p" appended to the config unasked in bypassPermissions: head and
// tail are taken to print all they are fed, and a value of lines is no
// path. Each of a few lines is now handed on alone too, in copies
// (lineVariants), and sed's line addresses (sed -n 2p, $p) are read.
// Neighbours: lines of the project, and a sed command still not read.
func TestLineOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tail -1", Y, nil, `p=$(printf 'a\n.git/config\n' | tail -1); echo x >> "$p"`, Ask},
		{"head -n 2", Y, nil, `p=$(printf 'a\n.git/config\nb\n' | head -n 2); echo x >> "$p"`, Ask},
		{"head, part of the value", Y, nil, `p=$(printf '.git\na\n' | head -n 1)/config; echo x >> "$p"`, Ask},
		{"in place", Y, nil, `echo x >> "$(printf 'a\n.git/config\n' | tail -1)"`, Ask},
		{"sed -n 2p", Y, nil, `p=$(printf 'a\n.git/config\n' | sed -n 2p); echo x >> "$p"`, Ask},
		{"sed -n $p", Y, nil, `p=$(printf 'a\n.git/config\n' | sed -n '$p'); echo x >> "$p"`, Ask},
		{"sed 2 s///p", Y, nil, `p=$(printf 'a\n.GIT\n' | sed -n '2 s/GIT/git/p')/config; echo x >> "$p"`, Ask},
		{"neighbour: lines of the project", Y, nil, `p=$(printf 'src\nlib\n' | head -1); echo x > "$p/out.txt"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(printf 'src\nlib\n' | sed -n 2p); echo x > "$p/out.txt"`, Ask},
		{"neighbour: sed d, not read", Y, nil, `p=$(printf '.GIT\na\n' | sed '1s/GIT/git/;2d')/config; echo x >> "$p"`, Allow},
	})
	for _, tt := range []struct{ script, in, want string }{
		{"2p", "a\nb\nc\n", "b\n"},
		{"$p", "a\nb\n", "b\n"},
		{"1 s/a/x/p;3p", "a\nb\nc\n", "x\nc\n"},
	} {
		if got, ok := sedOutput([]Word{{Text: "-n", Literal: true}, {Text: tt.script, Literal: true}}, tt.in); !ok || got != tt.want {
			t.Errorf("sed -n %q of %q = %q, %v; want %q", tt.script, tt.in, got, ok, tt.want)
		}
	}
	if _, ok := sedOutput([]Word{{Text: "0p", Literal: true}}, "a\n"); ok {
		t.Error("sed 0p read; want not read")
	}
}

// TestXargsPrintfOfKnownText: p=$(echo .git | xargs printf
// '%s/config\n'); echo x >> "$p" appended to the config unasked in
// bypassPermissions: what xargs printf printed was only known at run
// time. With no option but -r it is now one printf of its arguments and
// its input's words (xargsPrintf), in copies. Neighbours: a name of the
// project, and a shell fed it.
func TestXargsPrintfOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"xargs printf", Y, nil, `p=$(echo .git | xargs printf '%s/config\n'); echo x >> "$p"`, Ask},
		{"then tail", Y, nil, `p=$(echo a .git | xargs -r printf '%s/config\n' | tail -1); echo x >> "$p"`, Ask},
		{"neighbour: a name of the project", Y, nil, `p=$(echo src | xargs printf '%s/out.txt'); echo x >> "$p"`, Allow},
		{"neighbour: a shell fed it", D, nil, `echo ls | xargs printf '%s\n' | sh`, Ask},
	})
	if _, ok := xargsPrintf(SimpleCommand{Words: literalWords([]string{"xargs", "printf", strings.Repeat("%s", 100)}), Inner: 1}, strings.Repeat("a ", 100)); ok {
		t.Error("xargs printf of 100 words by a format of 100 read; want past maxFilterOutput")
	}
}

// TestAwkCaseOfKnownText: p=$(echo .GIT | awk '{print tolower($0)}')/
// config; echo x >> "$p" appended to the config unasked in
// bypassPermissions: an awk print of a call was only known at run time.
// tolower and toupper of fields and strings are now read, in copies.
// Neighbours: a name of the project, and a call of two arguments.
func TestAwkCaseOfKnownText(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tolower", Y, nil, `p=$(echo .GIT | awk '{print tolower($0)}')/config; echo x >> "$p"`, Ask},
		{"tolower of items", Y, nil, `p=$(echo .GIT CONFIG | awk '{print tolower($1 "/" $2)}'); echo x >> "$p"`, Ask},
		{"neighbour: a name of the project", Y, nil, `p=$(echo notes | awk '{print toupper($0) ".txt"}'); echo x >> "$p"`, Allow},
		{"neighbour: two arguments, not read", Y, nil, `p=$(echo .GIT | awk '{print tolower($0, $1)}')/config; echo x >> "$p"`, Allow},
	})
}

// TestPrintersInSubst: p=$(echo .git; echo x); echo x >> "$p/config"
// and p=$(printf .gi; printf t)/config wrote the config unasked in
// bypassPermissions: a substitution of more printers than one printed
// nothing known. What each prints, one after the other, is now what it
// prints (printersText), its lines handed on alone too (lineVariants).
// Neighbours: names of the project, and a value of two lines.
func TestPrintersInSubst(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"two lines", Y, nil, `p=$(echo .git; echo x); echo x >> "$p/config"`, Ask},
		{"printf, printf", Y, nil, `p=$(printf .gi; printf t)/config; echo x >> "$p"`, Ask},
		{"echo -n, echo", Y, nil, `p=$(echo -n .gi; echo t)/config; echo x >> "$p"`, Ask},
		{"a loop over them", Y, nil, `for f in $(echo a; echo .git); do echo x >> "$f/config"; done`, Ask},
		{"neighbour: names of the project", Y, nil, `p=$(echo src; echo lib); echo x >> "$p/out.txt"`, Allow},
		{"neighbour: two lines, no path", Y, nil, `p=$(echo .gi; echo t)/config; echo x >> "$p"`, Allow},
	})
}

// TestProcSubstOfKnownText: mapfile -t a < <(echo .GIT | tr A-Z a-z);
// echo x >> "${a[0]}/config" and p=$(cat < <(echo .git/config)); echo x
// >> "$p" appended to the config unasked in bypassPermissions: a
// process substitution fed a read what its one command printed, not its
// pipeline's last stage, and a cat fed one printed nothing known. Both
// are now read (procFedText), in copies. Neighbours: a name of the
// project, and the value unknown.
func TestProcSubstOfKnownText(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"mapfile of tr", Y, nil, `mapfile -t a < <(echo .GIT | tr A-Z a-z); echo x >> "${a[0]}/config"`, Ask},
		{"read of tr", Y, nil, `read -r p < <(echo .GIT | tr A-Z a-z); echo x >> "$p/config"`, Ask},
		{"cat", Y, nil, `p=$(cat < <(echo .git/config)); echo x >> "$p"`, Ask},
		{"cat of tr", Y, nil, `p=$(cat < <(echo .GIT | tr A-Z a-z))/config; echo x >> "$p"`, Ask},
		{"neighbour: mapfile, a name of the project", Y, nil, `mapfile -t a < <(echo SRC | tr A-Z a-z); echo x >> "${a[0]}/out.txt"`, Allow},
		{"neighbour: cat, a name of the project", Y, nil, `p=$(cat < <(echo notes.txt)); echo x >> "$p"`, Allow},
		{"neighbour: default mode", ModeDefault, nil, `p=$(cat < <(echo "$RANDOM")); echo x >> "$p"`, Ask},
	})
}

// TestEng69bBounded: the copies for a cd to a value, a loop over known
// substitutions and lines of known text stay linear in the line.
func TestEng69bBounded(t *testing.T) {
	t.Parallel()
	checkFast(t, 2*time.Second, []slowRow{
		{"many substitutions of lines", `echo x` + strings.Repeat(` "$(printf 'a\nb\nc\nd\n' | tail -1)"`, 2000), Allow},
		{"many assignments of lines", strings.Repeat(`p=$(printf 'a\nb\nc\n' | head -1)$(printf 'd\ne\n' | tail -1); `, 1000), Allow},
		{"a substitution of many printers", `p=$(` + strings.Repeat(`echo a; `, 3000) + `); echo x > "$p"`, Allow},
		{"many cds after a value", `d=src; cd "$d"; ` + strings.Repeat(`cd a; echo x > f; `, 2000), Allow},
		// Past maxValueCopies, as a loop over as many words written out.
		{"a loop over many substitutions", `for f in` + strings.Repeat(` $(echo a b)`, 2000) + `; do echo "$f"; done`, Ask},
		{"a loop over a few substitutions", `for f in` + strings.Repeat(` $(echo a b)`, 100) + `; do echo "$f"; done`, Allow},
		{"neighbour: a cd to .git after many", strings.Repeat(`echo x > f; `, 2000) + `d=.git; cd "$d"; echo x >> config`, Ask},
	})
}
