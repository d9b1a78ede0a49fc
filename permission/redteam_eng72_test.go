package permission

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestEng72FnStmtCall: f() { rm -rf "$1"; }; f ~ was asked for where rm
// -rf ~ is denied: a function's body was judged as written, $1 only
// known at run time, and its copy with a call's arguments made only for
// a substitution or a pipeline's stage (fnCallOutput). A call as a
// statement walks that copy too (fnStmtCopy), beside the call and the
// body as written, within the same bounds (maxFnDepth, maxFnCopied).
// Neighbours: calls of harmless bodies keep their decisions.
func TestEng72FnStmtCall(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a function's rm of its argument", D, nil, `f() { rm -rf "$1"; }; f ~`, Deny},
		{"a function's rm of its argument, bypass", Y, nil, `f() { rm -rf "$1"; }; f ~`, Deny},
		{"a function's rm of /", D, nil, `f() { rm -rf "$1"; }; f /`, Deny},
		{"a call in a condition", D, nil, `f() { rm -rf "$1"; }; if true; then f ~; fi`, Deny},
		{"a call in the background", Y, nil, `f() { rm -rf "$1"; }; f ~ &`, Deny},
		{"a call with its output sent away", Y, nil, `f() { rm -rf "$1"; }; f ~ > /dev/null`, Deny},
		{"a call with an assignment before it", Y, nil, `f() { rm -rf "$1"; }; X=1 f ~`, Deny},
		{"a call in a chain", Y, nil, `f() { rm -rf "$1"; }; f ~ && echo ok`, Deny},
		{"a function calling another", D, nil, `f() { rm -rf "$1"; }; g() { f "$1"; }; g ~`, Deny},
		{"a function's local of its argument", D, nil, `f() { local d=$1; rm -rf "$d"; }; f ~`, Deny},
		{"a function's eval of its argument", Y, nil, `f() { eval "$1"; }; f 'rm -rf ~'`, Deny},
		{"a function's bash -c of its argument", Y, nil, `f() { bash -c "$1"; }; f 'rm -rf ~'`, Deny},
		{"a function's python3 -c of its argument", Y, nil, `f() { python3 -c "$1"; }; f 'import shutil; shutil.rmtree("/")'`, Deny},
		{"a function's write joining two arguments, bypass", Y, nil, `f() { cp x "$1$2"; }; f .g it/config`, Ask},
		{"a function's append to its argument's config, bypass", Y, nil, `f() { echo x >> "$1/config"; }; f .git`, Ask},
		{"a function's copy into its argument's hooks, bypass", Y, nil, `f() { cp x "$1/hooks/pre-commit"; }; f .git`, Ask},
		{"a function given a variable", D, nil, `f() { rm -rf "$1"; }; d=~; f "$d"`, Deny},
		{"a function given a loop's variable", Y, nil, `f() { rm -rf "$1"; }; for d in ~; do f "$d"; done`, Deny},
		{"a function given $HOME", Y, nil, `f() { rm -rf "$1"; }; f "$HOME"`, Deny},
		{"neighbour: a function's ls given a variable", D, nil, `f() { ls "$1"; }; d=src; f "$d"`, Allow},
		{"neighbour: a function's unquoted ls given a variable", D, nil, `f() { ls $1; }; d=src; f "$d"`, Allow},
		{"a function named as a wrapper", D, nil, `nice() { rm -rf "$1"; }; nice ~`, Deny},
		{"neighbour: sudo of a program of a function's name, as before", D, nil, `f() { rm -rf "$1"; }; sudo f ~`, Ask},
		{"neighbour: a function's ls of its argument", D, nil, `f() { ls "$1"; }; f src`, Allow},
		{"neighbour: a function's ls of its argument, bypass", Y, nil, `f() { ls "$1"; }; f src`, Allow},
		{"neighbour: a function's rm of a build directory", D, nil, `f() { rm -rf "$1"; }; f build`, Ask},
		{"neighbour: a function's commit", D, nil, `f() { git commit -m "$1"; }; f msg`, Allow},
		{"neighbour: a function's write joining two arguments, bypass", Y, nil, `f() { cp x "$1$2"; }; f no tes`, Allow},
	})
}

// TestEng72FnAllArgs: f() { rm -rf "$@"; }; f ~ and f() { "$@"; }; f rm
// -rf ~ were asked for: "$@" and $* in a body were only known at run
// time. The copy of a call writes them as the arguments they expand to
// (positionalAll): "$@" a word each, "$*" one.
func TestEng72FnAllArgs(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a function's rm of all its arguments", D, nil, `f() { rm -rf "$@"; }; f ~`, Deny},
		{"a function's rm of all its arguments, bypass", Y, nil, `f() { rm -rf "$@"; }; f ~`, Deny},
		{"a function's rm of all its arguments, braced", D, nil, `f() { rm -rf "${@}"; }; f x ~`, Deny},
		{"a function's rm of all its arguments, unquoted", D, nil, `f() { rm -rf $@; }; f x ~`, Deny},
		{"a function's rm of its arguments joined", D, nil, `f() { rm -rf "$*"; }; f ~`, Deny},
		{"a function that runs its arguments", D, nil, `f() { "$@"; }; f rm -rf ~`, Deny},
		{"a function that runs its arguments, bypass", Y, nil, `f() { "$@"; }; f rm -rf ~`, Deny},
		{"a function that runs its arguments behind a word", Y, nil, `f() { command "$@"; }; f rm -rf /`, Deny},
		{"neighbour: a function that logs its arguments", D, nil, `log() { echo "$@" >&2; }; log hi`, Allow},
		{"neighbour: a function that logs its arguments, bypass", Y, nil, `log() { echo "$@" >&2; }; log hi there`, Allow},
		{"neighbour: a function that tests its arguments", D, nil, `f() { go test "$@"; }; f ./...`, Allow},
		{"neighbour: a function that runs its arguments, as before", D, nil, `f() { "$@"; }; f ls -la`, Ask},
		{"neighbour: a function of all its arguments in single quotes", D, nil, `f() { echo '$@'; }; f rm -rf ~`, Ask},
	})
}

// TestEng72FnStmtCopiesBounded: the copies statement calls walk count
// against maxFnCopied as a substitution's do, past which the line fails
// closed; a deny found before the bound stands. Neighbours: a short
// function called many times is still allowed.
func TestEng72FnStmtCopiesBounded(t *testing.T) {
	t.Parallel()
	var body strings.Builder
	for k := range 100 {
		fmt.Fprintf(&body, "a%d=1; ", k)
	}
	long := `f() { ` + body.String() + `echo "$1"; }; `
	checkFast(t, 2*time.Second, []slowRow{
		{"a long body called many times", long + strings.Repeat(`f a; `, 500), Ask},
		{"a deny, then calls that use the bound up", `g() { rm -rf "$1"; }; g ~; ` + long + strings.Repeat(`f a; `, 500), Deny},
		{"calls that use the bound up, then an attack", long + strings.Repeat(`f a; `, 20) + `g() { cp x "$1$2"; }; g .g it/config`, Ask},
		{"neighbour: a short function called many times", `log() { echo "$@" >&2; }; ` + strings.Repeat(`log a b; `, 100), Allow},
	})
}

// TestEng72ArrayCommand: a=(rm -rf ~); "${a[@]}" was asked for as a
// command name only known at run time, where rm -rf ~ is denied: an
// array's elements were handed on one at a time (handOn), which makes
// no command. Where the line sets the array once, by a=(…) of words it
// knows, the command with the elements in the place of "${a[@]}" is
// judged beside it (arrayCopies). Neighbours: an array added to or set
// twice keeps its decision, and so does one of a harmless command, whose
// name as written is still only known at run time.
func TestEng72ArrayCommand(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"an array that is a delete", D, nil, `a=(rm -rf ~); "${a[@]}"`, Deny},
		{"an array that is a delete, bypass", Y, nil, `a=(rm -rf ~); "${a[@]}"`, Deny},
		{"an array that is a delete, unquoted", D, nil, `a=(rm -rf /); ${a[@]}`, Deny},
		{"an array that is a delete behind sudo", Y, nil, `a=(sudo rm -rf /); "${a[@]}"`, Deny},
		{"an array that is a shell's program", Y, nil, `a=(bash -c 'rm -rf ~'); "${a[@]}"`, Deny},
		{"an array that is a command, its operand after", Y, nil, `a=(rm -rf); "${a[@]}" ~`, Deny},
		{"an array that is a command, a value after", Y, nil, `cmd=(rm -rf); d=~; "${cmd[@]}" "$d"`, Deny},
		{"an array's elements joined, unquoted", D, nil, `a=(rm -rf ~); ${a[*]}`, Deny},
		{"an array run in a loop", D, nil, `a=(rm -rf ~); for x in 1; do "${a[@]}"; done`, Deny},
		{"an array run in a function", D, nil, `a=(rm -rf ~); f() { "${a[@]}"; }; f`, Deny},
		{"an array that is options and an operand", D, nil, `a=(-rf ~); rm "${a[@]}"`, Deny},
		{"an element", D, nil, `a[0]=~; rm -rf "${a[0]}"`, Deny},
		{"neighbour: an array added to", D, nil, `a=(rm -rf ~); a+=(x); "${a[@]}"`, Ask},
		{"neighbour: an array set twice", D, nil, `a=(ls); a=(rm -rf ~); "${a[@]}"`, Ask},
		{"neighbour: an array of a harmless command, as before", D, nil, `a=(go test ./...); "${a[@]}"`, Ask},
		{"neighbour: an array of a harmless command, bypass", Y, nil, `a=(go test ./...); "${a[@]}"`, Ask},
		{"neighbour: an array of options", D, nil, `args=(-v); go test "${args[@]}" ./...`, Allow},
		{"neighbour: an array of options, bypass", Y, nil, `args=(-v); go test "${args[@]}" ./...`, Allow},
	})
}

// TestEng72SubstProgram: bash -c "$(f 'rm -rf ~')", of a function that
// echoes its argument, and bash -c "$(echo 'rm -rf ~')" were asked for:
// the copy with what the substitution prints in its place (substituted)
// was judged as a command, its program never walked. That program is
// now walked as valueProgram's copy is (nestedCopy, within maxRunWith).
// Neighbours: harmless programs keep their decisions, which fail closed
// for a program only known at run time.
func TestEng72SubstProgram(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"a shell's program a function prints", D, nil, `f() { echo "$1"; }; bash -c "$(f 'rm -rf ~')"`, Deny},
		{"a shell's program a function prints, bypass", Y, nil, `f() { echo "$1"; }; bash -c "$(f 'rm -rf ~')"`, Deny},
		{"eval of what a function prints", Y, nil, `f() { echo "$1"; }; eval "$(f 'rm -rf ~')"`, Deny},
		{"a shell's program echo prints", D, nil, `bash -c "$(echo 'rm -rf ~')"`, Deny},
		{"a shell's program printf prints", Y, nil, `sh -c "$(printf %s 'rm -rf /')"`, Deny},
		{"neighbour: a harmless program a function prints", D, nil, `f() { echo "$1"; }; bash -c "$(f ls)"`, Ask},
		{"neighbour: a harmless program echo prints, bypass", Y, nil, `bash -c "$(echo ls)"`, Ask},
		{"neighbour: eval of ssh-agent", D, nil, `eval "$(ssh-agent -s)"`, Ask},
	})
}

// TestEng72BoundAfterDeny: the values set on the line are handed on the
// latest first, so that the copies of harmless values set after a
// dangerous one used maxValueCopies, or maxRunWith for inline code, up
// before its copy was made or read: d=~; rm -rf "$d" then three hundred
// e=x; echo "$e" was asked for as too complex, not denied. Past the
// bound the reads not handed on all of are handed on the earliest first
// (handOnRest), and the code left unread is read so (codeRest), within
// as much again. Neighbours: the dangerous value after the flood is
// denied as before, the flood alone still too complex.
func TestEng72BoundAfterDeny(t *testing.T) {
	t.Parallel()
	flood := strings.Repeat(`e=x; echo "$e"; `, 300)
	loop := `for e in ` + strings.Repeat(`x `, 300) + `; do echo "$e"; done; `
	code := strings.Repeat(`e=x; python3 -c "print($e)"; `, 40)
	const rmtree = `d=/; python3 -c "import shutil; shutil.rmtree('$d')"; `
	checkFastIn(t, ModeDefault, 2*time.Second, []slowRow{
		{"a delete, then harmless values", `d=~; rm -rf "$d"; ` + flood, Deny},
		{"a delete, then a loop of harmless values", `d=~; rm -rf "$d"; ` + loop, Deny},
		{"inline code's delete, then harmless code", rmtree + code, Deny},
		{"neighbour: harmless values, then a delete", flood + `d=~; rm -rf "$d"`, Deny},
		{"neighbour: a loop of harmless values, then a delete", loop + `d=~; rm -rf "$d"`, Deny},
		{"neighbour: harmless code, then inline code's delete", code + rmtree, Deny},
		{"neighbour: harmless values alone", flood, Ask},
		{"neighbour: a delete between two floods, too complex", flood + flood + `d=~; rm -rf "$d"; ` + flood + flood, Ask},
	})
	checkFast(t, 2*time.Second, []slowRow{
		{"a config write, then harmless values, bypass", `d=.git; echo x >> "$d/config"; ` + flood, Ask},
	})
}

// TestEng72FnProgramInput: f() { echo "$1"; }; source <(f 'rm -rf ~')
// was asked for where source <(echo 'rm -rf ~') is denied: the program a
// shell or source reads from a process substitution was read where it
// is a printer's or a copy's, not where it is a call of a function. What
// the copy of the body prints (fnCallOutput) is analysed too, beside
// the program only known at run time (nestedCopy). Neighbours: a
// harmless program keeps its decision.
func TestEng72FnProgramInput(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"source of what a function prints", D, nil, `f() { echo "$1"; }; source <(f 'rm -rf ~')`, Deny},
		{"bash of what a function prints, bypass", Y, nil, `f() { echo "$1"; }; bash <(f 'rm -rf ~')`, Deny},
		{"sh fed what a function prints", Y, nil, `f() { echo "$1"; }; sh < <(f 'rm -rf /')`, Deny},
		{"bash of a hook a function prints, bypass", Y, nil, `f() { echo "$1"; }; bash <(f 'cp x .git/hooks/pre-commit')`, Ask},
		{"neighbour: bash of a harmless program a function prints", D, nil, `f() { echo "$1"; }; bash <(f ls)`, Ask},
		{"neighbour: bash of a harmless program a function prints, bypass", Y, nil, `f() { echo "$1"; }; bash <(f ls)`, Allow},
	})
}
