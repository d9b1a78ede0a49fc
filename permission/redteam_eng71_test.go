package permission

import (
	"strings"
	"testing"
	"time"
)

// TestEng71FnLocalDecl: f() { local d; d=$(echo "$1" | tr A-Z a-z);
// echo "$d/hooks"; }; cp x "$(f .GIT)/pre-commit" copied into the hooks
// unasked in bypassPermissions, where the body without local d asks:
// the parser reads local d as a declaration clause, not a call, and a
// substitution's statements before its last were silent (silentHead)
// only where they were calls. A local, declare or typeset of names
// prints nothing as an assignment does (printsSomething).
func TestEng71FnLocalDecl(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a function's local then its assignment", Y, nil, `f() { local d; d=$(echo "$1" | tr A-Z a-z); echo "$d/hooks"; }; cp x "$(f .GIT)/pre-commit"`, Ask},
		{"a function's local with its value", Y, nil, `f() { local d=.git; echo "$d/hooks"; }; cp x "$(f x)/pre-commit"`, Ask},
		{"a substitution's declare", Y, nil, `cp x "$(declare d; d=.git; echo "$d/hooks")/pre-commit"`, Ask},
		{"neighbour: a function's local of a name of the project", Y, nil, `f() { local d; d=$(echo "$1" | tr A-Z a-z); echo "$d/hooks"; }; cp x "$(f NOTES)/pre-commit"`, Allow},
		{"neighbour: a substitution's local of a name of the project", Y, nil, `cp x "$(local d; d=notes; echo "$d")/x"`, Allow},
	})
}

// TestEng71FnCallStage: f() { echo "$1"; }; f 'rm -rf ~' | sh asked
// where echo 'rm -rf ~' | sh is denied: what a function prints at a call
// with arguments was read for a substitution only (fnCallOutput). A
// pipeline's stage that is such a call, before a shell or an
// interpreter, is read the same way (fnCopyOutput), as a copy beside
// the command as written, within the same bounds (maxFnCopied).
// Neighbours: harmless code or commands keep their decisions; a call
// before a filter walks no copy.
func TestEng71FnCallStage(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	const rmtree = `'import shutil; shutil.rmtree("/home")'`
	checkDecisions(t, []decisionRow{
		{"a function's echo of its argument into sh", D, nil, `f() { echo "$1"; }; f 'rm -rf ~' | sh`, Deny},
		{"a function's echo of its argument into sh, bypass", Y, nil, `f() { echo "$1"; }; f 'rm -rf ~' | sh`, Deny},
		{"a function's tr of its argument into sh", D, nil, `f() { echo "$1" | tr A-Z a-z; }; f 'RM -RF ~' | sh`, Deny},
		{"a function's echo of its argument into python3", D, nil, `f() { echo "$1"; }; f ` + rmtree + ` | python3`, Deny},
		{"a function's echo of its argument into python3, bypass", Y, nil, `f() { echo "$1"; }; f ` + rmtree + ` | python3`, Deny},
		{"neighbour: a function's printf of its argument through cat into python3", D, nil, `f() { printf '%s\n' "$1"; }; f ` + rmtree + ` | cat | python3`, Ask},
		{"neighbour: a function's echo of a harmless command into sh", D, nil, `f() { echo "$1"; }; f ls | sh`, Ask},
		{"neighbour: a function's echo of a harmless command into sh, bypass", Y, nil, `f() { echo "$1"; }; f ls | sh`, Ask},
		{"neighbour: a function's echo of harmless code into python3", D, nil, `f() { echo "$1"; }; f 'print(1)' | python3`, Ask},
		{"neighbour: a function's echo into cat", D, nil, `f() { echo "$1"; }; f hello | cat`, Allow},
		{"neighbour: a function's echo into cat, bypass", Y, nil, `f() { echo "$1"; }; f hello | cat`, Allow},
		{"neighbour: a function's cat of a file into python3", D, nil, `f() { cat "$1"; }; f a.py | python3`, Allow},
		{"neighbour: a function of printers given arguments", D, nil, `f() { echo 'print(1)'; }; f x | python3`, Allow},
		{"a function's echo past a shift (the copy follows it: eng75b)", D, nil, `f() { shift; echo "$1"; }; f x ` + rmtree + ` | python3`, Deny},
		{"a function's echo past a set --", D, nil, `f() { set -- ` + rmtree + `; echo "$1"; }; f | python3`, Ask},
		{"a group's echo past a set", D, nil, `{ set ` + rmtree + `; echo "$1"; } | python3`, Ask},
		{"neighbour: a function's echo past a set -e", D, nil, `f() { set -e; echo 'print(1)'; }; f | python3`, Allow},
		{"neighbour: a function's echo past a set -o pipefail", D, nil, `f() { set -o pipefail; echo 'print(1)'; }; f | python3`, Allow},
	})
}

// TestEng71ReadHereString: read -r d <<< 'rm -rf ~'; echo "$d" | sh
// asked where d='rm -rf ~'; echo "$d" | sh is denied: a read was never
// taken to surely set its variable (read -t 0 d sets none), so its
// value was not d's one value (soleValue). A read with no option but
// -r, of one name, fed one line written out that IFS would not trim
// nor a backslash escape, now replaces d's value as an assignment does.
// Neighbours: a read of a file, a harmless value, a read -t.
func TestEng71ReadHereString(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a read's value into sh", D, nil, `read -r d <<< 'rm -rf ~'; echo "$d" | sh`, Deny},
		{"a read's value into sh, bypass", Y, nil, `read -r d <<< 'rm -rf ~'; echo "$d" | sh`, Deny},
		{"a read's value as a here-string into sh", D, nil, `read d <<< 'rm -rf /'; sh <<< "$d"`, Deny},
		{"a read's value into python3", D, nil, `read -r c <<< 'import shutil; shutil.rmtree("/home")'; python3 <<< "$c"`, Deny},
		{"a read's value as a path, bypass", Y, nil, `read -r d <<< '.git/config'; echo x >> "$d"`, Ask},
		{"neighbour: a read of a file", D, nil, `read -r v < VERSION; echo "$v"`, Allow},
		{"neighbour: a read of a file, bypass", Y, nil, `read -r v < VERSION; echo "$v"`, Allow},
		{"neighbour: a read's harmless value into sh", D, nil, `read -r d <<< 'ls ~'; echo "$d" | sh`, Ask},
		{"neighbour: a read's harmless code into python3", D, nil, `read -r d <<< 'print(1)'; python3 <<< "$d"`, Ask},
		{"neighbour: a read -t 0 into sh", D, nil, `read -t 0 d <<< 'rm -rf ~'; echo "$d" | sh`, Ask},
		{"neighbour: a read of a name of the project, bypass", Y, nil, `read -r d <<< notes; echo x >> "$d/config"`, Allow},
		{"a read of a readonly name, bypass", Y, nil, `readonly d=.git; read -r d <<< notes; echo x >> "$d/config"`, Ask},
		{"a read of a declare -r name, bypass", Y, nil, `declare -r d=.git; read -r d <<< notes; echo x >> "$d/config"`, Ask},
	})
}

// TestEng71ReadIFSNotSole: a read under an IFS of the line's may trim a
// last delimiter (IFS=: read d <<< 'a:' sets a), so its line is not
// taken for the value it surely gives.
func TestEng71ReadIFSNotSole(t *testing.T) {
	t.Parallel()
	checkDecisions(t, []decisionRow{
		{"neighbour: a read under IFS=: into sh", ModeDefault, nil, `IFS=:; read -r d <<< 'rm -rf ~:'; echo "$d" | sh`, Ask},
	})
}

// TestEng71HdocHome: d='rm -rf'; sh <<EOF of $d $HOME asked where d
// holding 'rm -rf ~' is denied: docText holes $HOME apart (codeHome),
// so a here-document with it and a value was not read (hdocValues).
// $HOME, where the line gives it no value, is now the home directory
// written out, quoted or not, as the shell expands it. Neighbours:
// harmless code, a doc of $HOME alone.
func TestEng71HdocHome(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a here-document of a value and $HOME into sh", D, nil, "d='rm -rf'; sh <<EOF\n$d $HOME\nEOF", Deny},
		{"a here-document of a value and $HOME into sh, bypass", Y, nil, "d='rm -rf'; sh <<EOF\n$d $HOME\nEOF", Deny},
		{"a here-document of a value and \"$HOME\" into bash", D, nil, "d='rm -rf'; bash <<EOF\n$d \"$HOME\"\nEOF", Deny},
		{"a here-document of a value and $HOME into python3", D, nil, "d='import shutil; shutil.rmtree'; python3 <<EOF\n$d(\"$HOME\")\nEOF", Deny},
		{"neighbour: a here-document of $HOME into sh", D, nil, "d='ls'; sh <<EOF\n$d $HOME\nEOF", Ask},
		{"neighbour: python3 - printing $HOME", D, nil, "python3 - <<EOF\nprint(\"$HOME\")\nEOF", Allow},
		{"neighbour: python3 - printing $HOME, bypass", Y, nil, "python3 - <<EOF\nprint(\"$HOME\")\nEOF", Allow},
		{"neighbour: a value outside a string and $HOME into python3", D, nil, "v=1; python3 - <<EOF\nprint(\"$HOME\", $v)\nEOF", Ask},
		{"neighbour: cat of $HOME into a file", D, nil, "cat <<EOF > f.txt\nhome is $HOME\nEOF", Allow},
	})
}

// TestEng71FnCallsFn: f() { echo "$1" | tr A-Z a-z; }; g() { f "$1";
// }; cp x "$(g .GIT)/hooks/pre-commit" copied into the hooks unasked in
// bypassPermissions: a call inside a function's copy was not followed.
// It now is, one level more (maxFnDepth), where the copy is one call or
// holds one in a substitution, within maxFnCopied. Neighbours: a name of
// the project; a function calling itself ends.
func TestEng71FnCallsFn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	const f = `f() { echo "$1" | tr A-Z a-z; }; `
	checkDecisions(t, []decisionRow{
		{"a function's call of another", Y, nil, f + `g() { f "$1"; }; cp x "$(g .GIT)/hooks/pre-commit"`, Ask},
		{"a function's substitution of another", Y, nil, f + `g() { local x; x=$(f "$1"); echo "$x/hooks"; }; cp x "$(g .GIT)/pre-commit"`, Ask},
		{"a function's call of another into sh", D, nil, `f() { echo "$1"; }; g() { f "$1"; }; g 'rm -rf ~' | sh`, Deny},
		{"neighbour: a function's call of another, a name of the project", Y, nil, f + `g() { f "$1"; }; cp x "$(g NOTES)/x"`, Allow},
		{"neighbour: a function calling itself", Y, nil, `f() { f "$1"; }; cp x "$(f notes)/x"`, Allow},
	})
	calls := strings.Repeat(`f "$1"; `, 40)
	checkFast(t, 2*time.Second, []slowRow{
		{"a function calling itself many times, called many times", `f() { ` + calls + `echo "$1"; }; ` + strings.Repeat(`p=$(f a); `, 200), Ask},
		{"a function calling another many times, into sh", `f() { echo "$1"; }; g() { ` + calls + `}; ` + strings.Repeat(`g a | sh; `, 200), Ask},
	})
}

// TestEng71ValueProgram: d='rm -rf ~'; bash -c "$d" and eval "$d" asked
// where sh -c 'rm -rf ~' and eval 'rm -rf ~' are denied: a -c or eval
// program that is not literal was only too complex. Where the line
// surely gives its variables a value each, the program with them
// written in is now analysed too, beside the command as written, which
// still asks (valueProgram). Neighbours: a harmless value still asks,
// as a program only known at run time.
func TestEng71ValueProgram(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"bash -c of a value", D, nil, `d='rm -rf ~'; bash -c "$d"`, Deny},
		{"sh -c of a value, bypass", Y, nil, `d='rm -rf ~'; sh -c "$d"`, Deny},
		{"eval of a value", D, nil, `d='rm -rf ~'; eval "$d"`, Deny},
		{"eval of a value, bypass", Y, nil, `d='rm -rf ~'; eval "$d"`, Deny},
		{"eval of an unquoted value", D, nil, `d='rm -rf /'; eval $d`, Deny},
		{"bash -c of a read's value", D, nil, `read -r d <<< 'rm -rf ~'; bash -c "$d"`, Deny},
		{"bash -c of a value in a command, bypass", Y, nil, `d='.git/config'; bash -c "echo x >> $d"`, Ask},
		{"bash -c of a value and $HOME", D, nil, `d='rm -rf'; bash -c "$d $HOME"`, Deny},
		{"eval of a value and \"$HOME\", bypass", Y, nil, `d='rm -rf'; eval "$d \"$HOME\""`, Deny},
		{"neighbour: bash -c of a harmless value and $HOME", D, nil, `d='ls'; bash -c "$d $HOME"`, Ask},
		{"neighbour: bash -c of make test", D, nil, `cmd='make test'; bash -c "$cmd"`, Ask},
		{"neighbour: bash -c of make test, bypass", Y, nil, `cmd='make test'; bash -c "$cmd"`, Ask},
		{"neighbour: eval of ls", D, nil, `cmd='ls'; eval "$cmd"`, Ask},
		{"neighbour: bash -c of a value only known at run time", D, nil, `bash -c "$cmd"`, Ask},
	})
	long := `d='` + strings.Repeat("echo a; ", 400) + `'; `
	checkFast(t, 2*time.Second, []slowRow{
		{"a long value run many times", long + strings.Repeat(`bash -c "$d"; eval "$d"; `, 300), Ask},
	})
}

// TestEng71ValueProcProgram: d='rm -rf ~'; bash <(echo "$d") asked
// where bash <(echo 'rm -rf ~') is denied: the process substitution a
// shell or source reads its program from was read for its printer's own
// text only (fedProgram). The copy's text, with the values the line
// gives (catDocs), is now analysed too (nestedCopy), and so is a value
// source reads on /dev/stdin (valueFed). Neighbour: a harmless value
// still asks.
func TestEng71ValueProcProgram(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"bash of a process substitution of a value", D, nil, `d='rm -rf ~'; bash <(echo "$d")`, Deny},
		{"source of a process substitution of a value, bypass", Y, nil, `d='rm -rf ~'; source <(echo "$d")`, Deny},
		{"dot of a printf of a value", D, nil, `d='rm -rf ~'; . <(printf '%s\n' "$d")`, Deny},
		{"neighbour: bash of a process substitution of a harmless value", D, nil, `d='ls'; bash <(echo "$d")`, Ask},
		{"neighbour: source of an export of a value", D, nil, `v=1.2; source <(echo "export V=$v")`, Ask},
		{"dot of /dev/stdin fed a value", D, nil, `d='rm -rf ~'; . /dev/stdin <<< "$d"`, Deny},
		{"source of /dev/stdin fed a value, bypass", Y, nil, `d='rm -rf ~'; source /dev/stdin <<< "$d"`, Deny},
		{"source of /dev/fd/0 fed a here-document of a value", D, nil, "d='rm -rf ~'; source /dev/fd/0 <<EOF\n$d\nEOF", Deny},
		{"neighbour: dot of /dev/stdin fed a harmless value", D, nil, `d='ls'; . /dev/stdin <<< "$d"`, Ask},
	})
}
