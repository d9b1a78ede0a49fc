package permission

import (
	"strings"
	"testing"
	"time"
)

// TestFilterOfKnownValue: d=.GIT; p=$(echo "$d" | tr A-Z a-z)/config;
// echo x >> "$p" appended to the config unasked in bypassPermissions: tr,
// sed and cut were applied to an echo of literal words only, not to a
// variable the line gives a value. An echo or a printf of variables each
// with the one value the line surely gives them is now fed to the filters
// as that text, in copies only (what a shell is fed from it stays a
// program only known at run time). Neighbours: names of the project, and
// echo "$c" | sh, asked for as before.
func TestFilterOfKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `d=.GIT; p=$(echo "$d" | tr A-Z a-z)/config; echo x >> "$p"`, Ask},
		{"sed", Y, nil, `d=.GIT; p=$(printf %s "$d" | sed s/GIT/git/)/config; echo x >> "$p"`, Ask},
		{"cut", Y, nil, `d=.gitx; p=$(echo "$d" | cut -c1-4)/hooks/pre-commit; cp x "$p"`, Ask},
		{"in place", Y, nil, `d=.GIT; echo x >> "$(echo "${d}" | tr A-Z a-z)/config"`, Ask},
		{"two variables", Y, nil, `a=.GIT; b=CONFIG; p=$(echo "$a/$b" | tr A-Z a-z); echo x >> "$p"`, Ask},
		{"rm -rf /", D, nil, `d=/; p=$(echo "$d" | tr a b); rm -rf "$p"`, Deny},
		{"neighbour: a file of the project", Y, nil, `d=NOTES; p=$(echo "$d" | tr A-Z a-z).txt; echo x > "$p"`, Allow},
		{"neighbour: default mode", D, nil, `d=notes; p=$(echo "$d" | tr a-z A-Z).txt; cat "$p"`, Allow},
		{"neighbour: a shell fed a value", Y, nil, `c=ls; echo "$c" | sh`, Ask},
		{"neighbour: a shell fed a value, filtered", D, nil, `c=LS; echo "$c" | tr A-Z a-z | sh`, Ask},
	})
}

// TestXargsEchoOfKnownText: p=$(echo .git/config | xargs echo); echo x
// >> "$p" appended to the config unasked in bypassPermissions: what xargs
// echo, or xargs alone, printed was only known at run time. It is now
// the words of its input. Neighbours: a file of the project, and a shell
// fed it, asked for as before.
func TestXargsEchoOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"xargs echo", Y, nil, `p=$(echo .git/config | xargs echo); echo x >> "$p"`, Ask},
		{"xargs", Y, nil, `p=$(echo .git/config | xargs); echo x >> "$p"`, Ask},
		{"part of the value", Y, nil, `p=$(echo .git | xargs echo)/config; echo x >> "$p"`, Ask},
		{"after head", Y, nil, `p=$(printf '%s\n' .git/config | head -n1 | xargs); echo x >> "$p"`, Ask},
		{"of a value", Y, nil, `d=.git; p=$(echo "$d" | xargs echo)/config; echo x >> "$p"`, Ask},
		{"neighbour: a file of the project", Y, nil, `p=$(echo notes.txt | xargs); echo x > "$p"`, Allow},
		{"neighbour: a shell fed it", D, nil, `echo ls | xargs echo | sh`, Ask},
	})
}

// TestAwkPrintOfKnownText: p=$(awk 'BEGIN{print ".git/config"}'); echo
// x >> "$p" and p=$(echo .git | awk '{print $0 "/config"}') wrote the
// config unasked in bypassPermissions: what awk printed was only known
// at run time. A program that is one print of fields and strings, in a
// BEGIN action or one for each line, is now what it prints. Neighbours:
// a file of the project, a shell fed it, and a printf, not read.
func TestAwkPrintOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"BEGIN", Y, nil, `p=$(awk 'BEGIN{print ".git/config"}'); echo x >> "$p"`, Ask},
		{"$0 and a string", Y, nil, `p=$(echo .git | awk '{print $0 "/config"}'); echo x >> "$p"`, Ask},
		{"print", Y, nil, `p=$(echo .git/config | awk '{print}'); echo x >> "$p"`, Ask},
		{"$1", Y, nil, `p=$(echo .git/config x | awk '{print $1}'); echo x >> "$p"`, Ask},
		{"gawk, then the hook", Y, nil, `p=$(echo x .git | gawk '{ print $2; }')/hooks/pre-commit; cp x "$p"`, Ask},
		{"rm -rf ~", D, nil, `d=$(echo ~ | awk '{print $1}'); rm -rf "$d"`, Deny},
		{"neighbour: a file of the project", Y, nil, `p=$(echo notes | awk '{print $0 ".txt"}'); echo x > "$p"`, Allow},
		{"neighbour: BEGIN, a file of the project", Y, nil, `p=$(awk 'BEGIN{print "notes.txt"}'); echo x > "$p"`, Allow},
		{"neighbour: a shell fed it", D, nil, `awk 'BEGIN{print "ls"}' | sh`, Ask},
		{"neighbour: printf, not read", Y, nil, `p=$(echo .git | awk '{printf "%s/config", $0}'); echo x >> "$p"`, Allow},
	})
	for _, tt := range []struct {
		prog, in, want string
		fed, ok        bool
	}{
		{`BEGIN{print "a" "b", "c"}`, "", "ab c\n", false, true},
		{`{print}`, "x y\nz", "x y\nz\n", true, true},
		{`{print $2, $1}`, "x y\n", "y x\n", true, true},
		{`{print $3}`, "x y", "\n", true, true},
		{`{print $0 "/config"}`, ".git", ".git/config\n", true, true},
		{`{print}`, "x", "", false, false},
		{`{print NF}`, "x", "", true, false},
		{`{print "a\n"}`, "x", "", true, false},
		{`{printf $0}`, "x", "", true, false},
		{`/x/{print}`, "x", "", true, false},
		{`{print $0 $0 $0 $0 $0 $0 $0 $0}`, strings.Repeat("x", maxFilterOutput/4), "", true, false},
	} {
		got, ok := awkOutput(literalWords([]string{tt.prog}), tt.in, tt.fed)
		if got != tt.want || ok != tt.ok {
			t.Errorf("awk %q of %q = %q, %v; want %q, %v", tt.prog, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPWDAfterCd: p=$(cd .git && echo "$PWD")/config; echo x >> "$p"
// appended to the config unasked in bypassPermissions, where the same
// with pwd is asked for (TestPwdAfterCd). $PWD, which the line does not
// set, is now the directory a pwd in its place prints. Neighbour: a
// directory of the project.
func TestPWDAfterCd(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"$PWD", Y, nil, `p=$(cd .git && echo "$PWD")/config; echo x >> "$p"`, Ask},
		{"${PWD}", Y, nil, `p=$(cd .git && echo ${PWD})/config; echo x >> "$p"`, Ask},
		{"no cd, as before", Y, nil, `p=$(echo "$PWD")/.git/config; echo x >> "$p"`, Ask},
		{"rm -rf /home", D, nil, `p=$(cd / && echo "$PWD")home; rm -rf "$p"`, Deny},
		{"neighbour: a directory of the project", Y, nil, `p=$(cd src && echo "$PWD")/config; echo x >> "$p"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(cd src && echo "$PWD")/x; cat "$p"`, Allow},
	})
}

// TestValueOnInput: d=.GIT; p=$(tr A-Z a-z <<< "$d")/config and d=.git/config;
// echo "$d" | xargs rm wrote or deleted the config unasked in
// bypassPermissions: a here-string of a variable, and an echo of one
// handed to xargs, were only known at run time. A here-string that
// expands variables the line surely gives one value each is now that
// text to tr, sed and cat, and xargs runs its command with the words of
// what such an echo prints, in copies only. Neighbours: a file of the
// project, and a shell fed the value, asked for as before.
func TestValueOnInput(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `d=.GIT; p=$(tr A-Z a-z <<< "$d")/config; echo x >> "$p"`, Ask},
		{"sed", Y, nil, `d=.GIT; p=$(sed s/GIT/git/ <<< "$d")/config; echo x >> "$p"`, Ask},
		{"cat, then tr", Y, nil, `d=.GIT; p=$(cat <<< "$d" | tr A-Z a-z)/config; echo x >> "$p"`, Ask},
		{"in place, unquoted", Y, nil, `d=.GIT; echo x >> "$(tr A-Z a-z <<< $d)/config"`, Ask},
		{"echo to xargs rm", Y, nil, `d=.git/config; echo "$d" | xargs rm`, Ask},
		{"cat to xargs rm", Y, nil, `d=.git/config; cat <<< "$d" | xargs rm`, Ask},
		{"xargs rm -rf /", D, nil, `d=/; echo "$d" | xargs rm -rf`, Deny},
		{"neighbour: a file of the project", Y, nil, `d=NOTES; p=$(tr A-Z a-z <<< "$d").txt; echo x >> "$p"`, Allow},
		{"neighbour: xargs cat", D, nil, `f=notes.txt; echo "$f" | xargs cat`, Allow},
		{"neighbour: a shell fed it", D, nil, `c=ls; sh <<< "$c"`, Ask},
		{"neighbour: a shell fed it by cat", D, nil, `c=ls; cat <<< "$c" | sh`, Ask},
	})
}

// TestMoreOfKnownText: what these printed of a known text, or of a
// variable the line gives a value, was only known at run time, and
// bypassPermissions wrote the file it names unasked: dirname, basename
// and realpath of a variable, xargs -n, cat and grep (a fixed pattern,
// or one whose only special character is a dot) fed by a pipe. Each is
// now what it prints, in copies only. Neighbours: a file of the project,
// a grep that prints nothing, and one whose pattern is not read.
func TestMoreOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"dirname of a value", Y, nil, `d=.git; p=$(dirname "$d/config/x"); echo x >> "$p"`, Ask},
		{"realpath of a value", Y, nil, `d=.git; p=$(realpath "$d/config"); echo x >> "$p"`, Ask},
		{"basename of a value", Y, nil, `f=/x/.bashrc; p=$(basename "$f"); echo x >> ~/"$p"`, Ask},
		{"xargs -n1", Y, nil, `p=$(echo .git/config | xargs -n1); echo x >> "$p"`, Ask},
		{"xargs -n 1 echo", Y, nil, `p=$(echo .git/config | xargs -n 1 echo); echo x >> "$p"`, Ask},
		{"cat", Y, nil, `p=$(printf '%s' .git/config | cat); echo x >> "$p"`, Ask},
		{"cat -", Y, nil, `p=$(echo .git/config | cat -); echo x >> "$p"`, Ask},
		{"grep", Y, nil, `p=$(echo .git/config | grep config); echo x >> "$p"`, Ask},
		{"grep -F", Y, nil, `p=$(echo .git/config | grep -F .git); echo x >> "$p"`, Ask},
		{"grep -iv", Y, nil, `p=$(echo .git/config | grep -iv NOTES); echo x >> "$p"`, Ask},
		{"rm -rf / by dirname", D, nil, `d=/x; rm -rf "$(dirname "$d")"`, Deny},
		{"neighbour: dirname in the project", Y, nil, `d=src; p=$(dirname "$d/config/x"); echo x >> "$p"`, Allow},
		{"neighbour: cat of a name", Y, nil, `p=$(echo notes.txt | cat); echo x >> "$p"`, Allow},
		{"neighbour: grep prints nothing", Y, nil, `p=$(echo .git/config | grep nomatch); echo x >> "$p"/notes.txt`, Allow},
		{"neighbour: grep -v of a pattern", Y, nil, `p=$(echo .git/config | grep -v .gi); echo x >> "$p"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(echo notes.txt | grep notes); cat "$p"`, Allow},
	})
	for _, tt := range []struct {
		args, in, want string
		ok             bool
	}{
		{"a", "a\nb\nba", "a\nba\n", true},
		{"-v a", "a\nb", "b\n", true},
		{"-ix A", "a\nab", "a\n", true},
		{"-F a.b", "a.b\naxb", "a.b\n", true},
		{"a.b", "a.b\naxb", "a.b\n", true},
		{"-v a.b", "a", "", false},
		{"a* ", "a", "", false},
		{"-e a", "a", "a\n", true},
		{"a file", "a", "", false},
		{"-q a", "a", "", false},
	} {
		got, ok := grepOutput(literalWords(strings.Fields(tt.args)), tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("grep %s of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		args, in, want string
		ok             bool
	}{
		{"", "a b\nc", "a b c\n", true},
		{"-n1", "a b", "a\nb\n", true},
		{"-n 2 -r", "a b c", "a b\nc\n", true},
		{"--max-args=1", "a", "a\n", true},
		{"-n0", "a", "", false},
		{"-0", "a", "", false},
		{"", `'a b'`, "", false},
		{"echo x", "a b", "x a b\n", true},
		{"-I{} echo {}/c", " a\nb", "a/c\nb/c\n", true},
		{"-n1 echo x", "a b", "x a\nx b\n", true},
	} {
		opts, args, _ := strings.Cut(tt.args, "echo")
		got, ok := xargsEchoed(literalWords(strings.Fields(opts)), literalWords(strings.Fields(args)), tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("xargs %s of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestHomeAndFieldsOfKnownText: p=$(echo "$HOME" | sed s/x/y/)/.bashrc,
// p=$(cd ~ && echo "$PWD")/.bashrc, xargs -I{} echo {}/config and awk's
// $NF or -F: fields wrote the file unasked in bypassPermissions. $HOME
// that starts a word, and $PWD in a directory of the home, are now the
// home (~) to the filters, and those forms print what the analysis
// reads, in copies only. Neighbours: a file of the home that is not
// protected, and $HOME inside a word, not read.
func TestHomeAndFieldsOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"$HOME to sed", Y, nil, `p=$(echo "$HOME" | sed s/x/y/)/.bashrc; echo x >> "$p"`, Ask},
		{"$PWD in the home", Y, nil, `p=$(cd ~ && echo "$PWD")/.bashrc; echo x >> "$p"`, Ask},
		{"rm -rf of $HOME, filtered", D, nil, `rm -rf "$(echo "$HOME" | tr a a)"`, Deny},
		{"rm -rf of $PWD in the home", D, nil, `rm -rf "$(cd ~ && echo "$PWD")"`, Deny},
		{"xargs -I{}", Y, nil, `p=$(echo .git | xargs -I{} echo {}/config); echo x >> "$p"`, Ask},
		{"xargs -I %, after tr", Y, nil, `p=$(echo .GIT | tr A-Z a-z | xargs -I % echo %/config); echo x >> "$p"`, Ask},
		{"awk $NF", Y, nil, `p=$(echo x .git/config | awk '{print $NF}'); echo x >> "$p"`, Ask},
		{"awk -F:", Y, nil, `p=$(echo .git:config | awk -F: '{print $1 "/" $2}'); echo x >> "$p"`, Ask},
		{"neighbour: a file of the home", Y, nil, `p=$(echo "$HOME" | sed s/x/y/)/notes.txt; echo x >> "$p"`, Allow},
		{"neighbour: $HOME inside a word", Y, nil, `p=$(echo "x$HOME" | tr a a)/.bashrc; echo x >> "$p"`, Allow},
		{"neighbour: xargs -I{} of a name", Y, nil, `p=$(echo notes | xargs -I{} echo {}.txt); echo x >> "$p"`, Allow},
		{"neighbour: xargs ls of the home", D, nil, `echo "$HOME" | xargs ls`, Allow},
	})
	for _, tt := range []struct {
		args     []string
		in, want string
		fed, ok  bool
	}{
		{[]string{"-F:", "{print $2}"}, "a:b", "b\n", true, true},
		{[]string{"-F", ":", "{print $NF}"}, "a:b:c", "c\n", true, true},
		{[]string{"{print $NF}"}, "a b", "b\n", true, true},
		{[]string{"-F", "{print}"}, "a", "", true, false},
		{[]string{"-F[:]", "{print}"}, "a", "", true, false},
		{[]string{"-v", "x=1", "{print}"}, "a", "", true, false},
	} {
		got, ok := awkOutput(literalWords(tt.args), tt.in, tt.fed)
		if got != tt.want || ok != tt.ok {
			t.Errorf("awk %q of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestFilteredIntoRead: echo .GIT | tr A-Z a-z | while read -r f; do
// echo x >> "$f/config"; done appended to the config unasked in
// bypassPermissions: the read was given what the pipeline's first stage
// prints (.GIT), not the stage before it. It is now given both, and
// what a filter makes of a variable's value (a copy's lines) too.
// Neighbours: a name of the project, and a sed that makes another name,
// whose first stage's value is judged as before.
func TestFilteredIntoRead(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `echo .GIT | tr A-Z a-z | while read -r f; do echo x >> "$f/config"; done`, Ask},
		{"tr of a value", Y, nil, `d=.GIT; echo "$d" | tr A-Z a-z | while read -r f; do echo x >> "$f/config"; done`, Ask},
		{"sed, then cut", Y, nil, `echo x.GIT | sed s/GIT/git/ | cut -c2- | while read f; do cp x "$f"/hooks/pre-commit; done`, Ask},
		{"rm -rf /", D, nil, `echo /x | cut -c1 | while read d; do rm -rf "$d"; done`, Deny},
		{"neighbour: a name of the project", Y, nil, `echo NOTES | tr A-Z a-z | while read -r f; do echo x >> "$f.txt"; done`, Allow},
		{"neighbour: the first stage's value, as before", Y, nil, `echo .git/config | sed s/git/xx/ | while read f; do echo x >> "$f"; done`, Ask},
	})
}

// TestEng69FiltersBounded: what this work reads stays linear in the
// line: a long text through thousands of xargs, cat and grep stages, an
// awk or xargs -I that would print its input many times over (past
// maxFilterOutput, not read), and thousands of variables each filtered and
// read (asked for, as before, past maxValueCopies). Neighbours: the same
// forms on a protected path are followed.
func TestEng69FiltersBounded(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 20000)
	many := strings.Repeat(` | xargs | cat | grep -v b`, 700)
	checkFast(t, 2*time.Second, []slowRow{
		{"long text through many stages", `p=$(echo ` + long + many + `); cp x "$p"`, Allow},
		{"awk printing its input many times", `p=$(echo ` + long + ` | awk '{print ` + strings.Repeat("$0 ", 2000) + `}'); cp x "$p"`, Allow},
		{"xargs -I of many replacements", `p=$(echo ` + long + ` | xargs -I{} echo ` + strings.Repeat("{}", 200) + `); cp x "$p"`, Allow},
		{"many variables filtered and read", strings.Repeat(`d=a; echo "$d" | tr a b | while read f; do cat "$f"; done; p=$(dirname "$d/$d/$d"); `, 2000), Ask},
		{"neighbour: stages of .git/config", `p=$(echo .git/config | xargs | cat | grep -v b); echo x >> "$p"`, Ask},
		{"neighbour: a value's dirname", `d=.git; p=$(dirname "$d/config/x"); echo x >> "$p"`, Ask},
	})
}

// TestReadOfFilteredSubst: read -r p <<< "$(echo .GIT | tr A-Z a-z)";
// echo x >> "$p/config" appended to the config unasked in
// bypassPermissions: the read was given the here-string's word, its
// substitution only known at run time, where p=$(echo .GIT | tr A-Z
// a-z) is followed. It is now given what the substitution prints too.
// Neighbour: a name of the project.
func TestReadOfFilteredSubst(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"tr", Y, nil, `read -r p <<< "$(echo .GIT | tr A-Z a-z)"; echo x >> "$p/config"`, Ask},
		{"tr of a value", Y, nil, `d=.GIT; read -r p <<< "$(echo "$d" | tr A-Z a-z)"; echo x >> "$p/config"`, Ask},
		{"two names", Y, nil, `read -r a b <<< "$(echo .GIT CONFIG | tr A-Z a-z)"; echo x >> "$a/$b"`, Ask},
		{"neighbour: a name of the project", Y, nil, `read -r p <<< "$(echo NOTES | tr A-Z a-z)"; echo x >> "$p.txt"`, Allow},
	})
}
