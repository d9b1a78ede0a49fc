package permission

import (
	"strings"
	"testing"
	"time"
)

// TestEng70ValueFedToShell: d='rm -rf ~'; echo "$d" | sh asked where
// echo 'rm -rf ~' | sh is denied: the value's ~ kept it from being read
// (valueOf takes a ~ past a word's start for no home, right for a path,
// wrong for text a shell reads), and a here-string of a value fed to a
// shell or an interpreter (sh <<< "$d", python3 <<< "$c", sh <<EOF of
// $d) was not read at all. Text a printer or a here-string is given now
// keeps its ~ (valueText), and a here-string's or a here-document's
// value (hdocValues) is analysed beside the command as written
// (valueFed). Neighbours: harmless values still ask, as a
// program only known at run time.
func TestEng70ValueFedToShell(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	const rmtree = `c='import shutil; shutil.rmtree("/home")'; `
	checkDecisions(t, []decisionRow{
		{"echo of a value into sh", D, nil, `d='rm -rf ~'; echo "$d" | sh`, Deny},
		{"echo of a value into sh, bypass", Y, nil, `d='rm -rf ~'; echo "$d" | sh`, Deny},
		{"printf of a value into sh", D, nil, `d='rm -rf ~'; printf '%s\n' "$d" | sh`, Deny},
		{"a here-string of a value into sh", D, nil, `d='rm -rf ~'; sh <<< "$d"`, Deny},
		{"a here-string of a value into sh, bypass", Y, nil, `d='rm -rf ~'; sh <<< "$d"`, Deny},
		{"a here-string of a value into python3", D, nil, rmtree + `python3 <<< "$c"`, Deny},
		{"a here-string of a value into bash -s", D, nil, `d='rm -rf /'; bash -s <<< "$d"`, Deny},
		{"a here-document of a value into sh", D, nil, "d='rm -rf ~'; sh <<EOF\n$d\nEOF", Deny},
		{"a here-document of a value into python3", Y, nil, rmtree + "python3 <<EOF\n$c\nEOF", Deny},
		{"neighbour: echo 'rm -rf ~' | sh", D, nil, `echo 'rm -rf ~' | sh`, Deny},
		{"neighbour: a here-document of a harmless value into sh", D, nil, "d='ls ~'; sh <<EOF\necho hi\n$d\nEOF", Ask},
		{"neighbour: a here-document of $HOME into sh", D, nil, "d='ls'; sh <<EOF\n$d $HOME\nEOF", Ask},
		{"neighbour: a harmless value into sh", D, nil, `d='ls ~'; echo "$d" | sh`, Ask},
		{"neighbour: a harmless value into sh, bypass", Y, nil, `d='ls ~'; sh <<< "$d"`, Ask},
		{"neighbour: harmless code into python3", D, nil, `c='print(1)'; python3 <<< "$c"`, Ask},
		{"neighbour: a value with a ~ into cat", D, nil, `d=notes; cat <<< "a~$d"`, Allow},
	})
}

// TestEng70UnreadPrintersFailClosed: { echo '#…5000…'; echo 'import
// shutil; shutil.rmtree("/home")'; } | python3 was allowed in default
// mode: printers whose text the analysis would read, but does not (past
// the 4 kB bound, a group's redirection, a pipe inside, a function's
// arguments, a word only known at run time), fed a shell or an
// interpreter nothing to judge. They now fail closed (printersStage,
// fedUnread), as echo "$x" | python3 does. Neighbours: files a group
// cats, printers whose text is read, in every mode.
func TestEng70UnreadPrintersFailClosed(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	long := `echo '#` + strings.Repeat("x", 5000) + `'; `
	const rmtree = `echo 'import shutil; shutil.rmtree("/home")'`
	checkDecisions(t, []decisionRow{
		{"a group past the bound", D, nil, `{ ` + long + rmtree + `; } | python3`, Ask},
		{"a group past the bound, bypass", Y, nil, `{ ` + long + rmtree + `; } | python3`, Ask},
		{"a group past the bound into sh, bypass", Y, nil, `{ ` + long + `echo 'rm -rf ~'; } | sh`, Ask},
		{"a function past the bound", D, nil, `f() { ` + long + rmtree + `; }; f | python3`, Ask},
		{"a group with a redirection", D, nil, `{ echo 'import shutil'; echo 'shutil.rmtree("/home")'; } 2>/dev/null | python3`, Ask},
		{"a group with a pipe inside", D, nil, `{ echo 'import shutil' | cat; echo 'shutil.rmtree("/home")'; } | python3`, Ask},
		{"a function given its code", D, nil, `f() { echo "$1"; }; f 'import shutil; shutil.rmtree("/home")' | python3`, Deny}, // read since eng71 (fnCopyOutput)
		{"a function given its code past a shift (the copy follows it: eng75b)", D, nil, `f() { shift; echo "$1"; }; f x 'import shutil; shutil.rmtree("/home")' | python3`, Deny},
		{"a group of a word only known at run time", D, nil, `{ echo "$x"; echo 'print(2)'; } | python3`, Ask},
		{"a printer of a word only known at run time through cat", D, nil, `echo "$x" | cat | python3`, Ask},
		{"a process substitution of a word only known at run time", D, nil, `python3 < <(echo "$x")`, Ask},
		{"neighbour: a group past the bound into sh", D, nil, `{ ` + long + `echo ls; } | sh`, Ask},
		{"neighbour: a function of printers given arguments", D, nil, `f() { echo 'print(1)'; }; f x | python3`, Allow},
		{"neighbour: a group of printers through sort", D, nil, `{ echo 'print(1)'; echo 'print(2)'; } | sort | python3`, Allow},
		{"a blank line before the code", D, nil, `{ echo; ` + rmtree + `; } | python3`, Deny},
	})
	checkAllowedButInPlan(t, []planRow{
		{`{ cat a.py; cat b.py; } | python3`, Deny},
		{`{ echo 'print(1)'; echo 'print(2)'; } | python3`, Deny},
		{`{ cat a.py; echo 'main()'; } | python3`, Deny},
		{`cat a.py | cat | python3`, Deny},
		{`f() { cat a.py; }; f | python3`, Deny},
		{`python3 < <(cat a.py)`, Deny},
		{`{ cat a.py; } 2>/dev/null | python3`, Deny},
		{`{ echo; echo 'print(1)'; } | python3`, Deny},
		{`python3 < <(echo)`, Deny},
		{`python3 < <(echo; echo)`, Deny},
	})
}

// TestEng70FunctionCallOutput: f() { echo "$1" | tr A-Z a-z; };
// p=$(f .GIT)/config; echo x >> "$p" appended to the config unasked in
// bypassPermissions, where p=$(echo .GIT | tr A-Z a-z)/config asks: what
// a function prints at a call with arguments was not known. A
// substitution that calls a short function with literal arguments now
// walks, as a copy, its body with them in the place of $1 … $9
// (fnCallOutput), and a substitution's statements that only assign
// before its last command print nothing (silentHead).
func TestEng70FunctionCallOutput(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a function's tr of its argument", Y, nil, `f() { echo "$1" | tr A-Z a-z; }; p=$(f .GIT)/config; echo x >> "$p"`, Ask},
		{"a quoted argument", Y, nil, `f() { echo "$1" | tr A-Z a-z; }; p=$(f ".GIT")/config; echo x >> "$p"`, Ask},
		{"a function's assignment then echo", Y, nil, `f() { d=$(echo "$1" | tr A-Z a-z); echo "$d/hooks"; }; cp x "$(f .GIT)/pre-commit"`, Ask},
		{"a function's echo of the home", D, nil, `f() { echo "$1"; }; rm -rf "$(f ~)"`, Deny},
		{"a substitution's assignment then echo", Y, nil, `cp x "$(d=.git; echo "$d/hooks")/pre-commit"`, Ask},
		{"neighbour: the function's name of the project", Y, nil, `f() { echo "$1" | tr A-Z a-z; }; p=$(f NOTES).txt; echo x >> "$p"`, Allow},
		{"neighbour: a function calling itself", Y, nil, `f() { f "$1" | tr A-Z a-z; }; p=$(f NOTES).txt; echo x >> "$p"`, Allow},
		{"neighbour: a substitution's assignment then a name of the project", Y, nil, `cp x "$(d=.git; echo notes)/x"`, Allow},
		{"neighbour: echo of the function's argument", Y, nil, `f() { echo "$1/config"; }; echo x >> "$(f .git)"`, Ask},
	})
}

// TestEng70NestedSubst: p=$(echo $(echo .git))/config; echo x >> "$p"
// appended to the config unasked in bypassPermissions: what a printer
// prints was not known where a substitution in its words was. The copy
// of the printer with what that prints in its place (substituted) is now
// its text too, as a copy (printedCopy), for the substitution around it
// and for a pipeline's stage (stageDoc), and so is dirname's and
// basename's (p=$(basename $(echo /x/.git))/config).
func TestEng70NestedSubst(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"echo of an echo", Y, nil, `p=$(echo $(echo .git))/config; echo x >> "$p"`, Ask},
		{"echo of an echo through tr", Y, nil, `p=$(echo "$(echo .GIT)" | tr A-Z a-z)/config; echo x >> "$p"`, Ask},
		{"rm of an echo of an echo", D, nil, `rm -rf "$(echo $(echo ~))"`, Deny},
		{"an echo of an echo into sh", Y, nil, `echo $(echo 'rm -rf ~') | sh`, Deny},
		{"an echo of an echo into python3", D, nil, `echo $(echo 'import shutil; shutil.rmtree("/home")') | python3`, Deny},
		{"basename of an echo", Y, nil, `p=$(basename $(echo /x/.git))/config; echo x >> "$p"`, Ask},
		{"neighbour: dirname of an echo", Y, nil, `echo x >> "$(dirname $(echo .git/x))/config"`, Ask},
		{"neighbour: basename of an echo of a name of the project", Y, nil, `p=$(basename $(echo /x/notes))/config; echo x >> "$p"`, Allow},
		{"neighbour: a name of the project", Y, nil, `p=$(echo $(echo notes))/x; echo x >> "$p"`, Allow},
		{"neighbour: an echo of a file's text into python3", D, nil, `echo "$(cat a.py)" | python3`, Allow},
		{"neighbour: an echo of an echo into sh", D, nil, `echo $(echo ls) | sh`, Ask},
	})
	checkAllowedButInPlan(t, []planRow{
		{`echo $(echo 'print(1)') | python3`, Deny},
	})
}

// TestEng70PasteJoin: echo x >> "$(paste -sd/ <<< $'.git\nconfig')"
// appended to the config unasked in bypassPermissions: paste's output
// was not read. What paste prints of its input, its lines joined by -s
// with -d's characters in turn, is now read as tr's is (pasteOutput).
func TestEng70PasteJoin(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"paste of a here-string", Y, nil, `echo x >> "$(paste -sd/ <<< $'.git\nconfig')"`, Ask},
		{"paste -s -d of a pipe", Y, nil, `p=$(printf '.git\nconfig\n' | paste -s -d /); echo x >> "$p"`, Ask},
		{"paste of three lines", Y, nil, `p=$(printf '.git\nhooks\npre-commit\n' | paste -sd '/'); cp x "$p"`, Ask},
		{"paste's delimiters in turn", Y, nil, `p=$(printf '.git\nhooks\npre-commit\n' | paste -s --delimiters=//); cp x "$p"`, Ask},
		{"paste into sh", D, nil, `printf 'rm\n-rf\n~\n' | paste -sd ' ' | sh`, Deny},
		{"neighbour: paste of names of the project", Y, nil, `p=$(printf 'a\nb\n' | paste -sd /); cp x "$p"`, Allow},
		{"neighbour: paste of a file", D, nil, `paste -sd, a.txt`, Allow},
	})
}

// TestEng70Bounded: what the fixes of eng70 look for stays linear in
// the line: a pipeline of filters is walked back for printers only
// before a reader of code, once; a function is walked again only where
// its body is short (maxFnBody), one level deep.
func TestEng70Bounded(t *testing.T) {
	t.Parallel()
	filters := strings.Repeat(` | cat`, 1500)
	checkFast(t, 2*time.Second, []slowRow{
		{"many filters of a word only known at run time", `echo "$x"` + filters + ` | python3`, Ask},
		{"many filters and readers", strings.Repeat(`echo "$x" | cat | python3 | `, 500) + `cat`, Ask},
		{"neighbour: many filters of a file", `cat a.py` + filters + ` | python3`, Allow},
		{"many calls of a function", `f() { echo "$1" | tr a b; }; ` + strings.Repeat(`p=$(f a)/x; cp y "$p"; `, 1000), Ask},
		{"a long function", `f() {` + strings.Repeat(` echo "$1";`, 300) + ` }; ` + strings.Repeat(`p=$(f a); `, 300), Allow},
		{"nested echoes", `p=` + strings.Repeat(`$(echo `, 40) + `a` + strings.Repeat(`)`, 40) + `; cp y "$p"`, Allow},
	})
}
