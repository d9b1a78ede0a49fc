package permission

import (
	"strings"
	"testing"
	"time"
)

// TestFix69bInlineFromGroup: { echo 'import shutil'; echo
// 'shutil.rmtree("/home")'; } | python3 was allowed in default mode,
// though the same code fed by one echo is denied: the text a stage
// writes was known only where the stage was one command. What a group
// of printers prints one after the other is now that stage's text
// (stageDoc, as printersText reads $(printf .gi; printf t)), analysed
// beside the command as written (pipedFiltered), and so is a printer's
// in a pipeline of more than two stages (echo … | python3 | cat).
func TestFix69bInlineFromGroup(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"echo, echo into python3", D, nil, `{ echo 'import shutil'; echo 'shutil.rmtree("/home")'; } | python3`, Deny},
		{"a subshell of echoes", D, nil, `(echo 'import os'; echo 'os.system("rm -rf ~")') | python3`, Deny},
		{"printf, printf", D, nil, `{ printf 'import shutil\n'; printf 'shutil.rmtree("/home")\n'; } | python3`, Deny},
		{"a group into sh", D, nil, `{ echo 'echo hi'; echo 'rm -rf ~'; } | sh`, Deny},
		{"a group into sh, bypass", Y, nil, `{ echo 'echo hi'; echo 'rm -rf ~'; } | sh`, Deny},
		{"a group through cat", D, nil, `{ echo 'import shutil'; echo 'shutil.rmtree("/home")'; } | cat | python3`, Deny},
		{"a group into node", D, nil, `{ echo 'const fs = require("fs")'; echo 'fs.rmSync("/home",{recursive:true})'; } | node`, Deny},
		{"a printer before python3 in three stages", D, nil, `echo 'import shutil; shutil.rmtree("/home")' | python3 | cat`, Deny},
		{"a printer before sh in three stages", D, nil, `echo 'rm -rf ~' | sh | cat`, Deny},
		{"neighbour: one echo in a group", D, nil, `{ echo 'rm -rf ~'; } | sh`, Deny},
		{"neighbour: harmless code from a group", D, nil, `{ echo 'print(1)'; echo 'print(2)'; } | python3`, Allow},
		{"neighbour: a group into sh still asks", D, nil, `{ echo 'echo hi'; echo 'echo ho'; } | sh`, Ask},
		{"neighbour: harmless code in three stages", D, nil, `echo 'print(1)' | python3 | cat`, Allow},
	})
}

// TestFix69bInlineFromProcSubst: python3 < <(echo 'import shutil;
// shutil.rmtree("/home")') was allowed in default mode: what a process
// substitution feeds an interpreter was not read, nor a pipeline's in
// one fed to a shell (sh < <(echo 'rm -rf ~' | cat) asked). Its known
// text (procFedText) is now analysed beside the command (procFed).
func TestFix69bInlineFromProcSubst(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"python3 < <(echo)", D, nil, `python3 < <(echo 'import shutil; shutil.rmtree("/home")')`, Deny},
		{"python3 < <(echo | cat)", D, nil, `python3 < <(echo 'import shutil; shutil.rmtree("/home")' | cat)`, Deny},
		{"node < <(echo)", D, nil, `node < <(echo 'require("fs").rmSync("/home",{recursive:true})')`, Deny},
		{"sh < <(echo | cat)", D, nil, `sh < <(echo 'rm -rf ~' | cat)`, Deny},
		{"python3 < <(echo; echo)", D, nil, `python3 < <(echo 'import shutil'; echo 'shutil.rmtree("/home")')`, Deny},
		{"sh < <(echo; echo)", D, nil, `sh < <(echo 'echo hi'; echo 'rm -rf ~')`, Deny},
		{"neighbour: harmless code of two echoes", D, nil, `python3 < <(echo 'print(1)'; echo 'print(2)')`, Allow},
		{"neighbour: a read of two echoes", D, nil, `read -r x < <(echo 1; echo 2); echo "$x"`, Allow},
		{"python3 < <(f)", D, nil, `f() { echo 'import shutil; shutil.rmtree("/home")'; }; python3 < <(f)`, Deny},
		{"neighbour: sh < <(echo)", D, nil, `sh < <(echo 'rm -rf ~')`, Deny},
		{"neighbour: harmless code", D, nil, `python3 < <(echo 'print(1)')`, Allow},
	})
}

// TestFix69bInlineFromFunction: f() { echo 'import shutil;
// shutil.rmtree("/home")'; }; f | python3 was allowed in default mode: a
// function's output was not known where a pipeline's stage calls it.
// What a function whose body is printers prints is now recorded at its
// declaration (noteFnPrints) and analysed, as a copy, beside the command
// (stageDoc). Neighbours: harmless code, a redeclared function, and one
// that prints a file.
func TestFix69bInlineFromFunction(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	const rmtree = `echo 'import shutil; shutil.rmtree("/home")'`
	checkDecisions(t, []decisionRow{
		{"f | python3", D, nil, `f() { ` + rmtree + `; }; f | python3`, Deny},
		{"f of two echoes | cat | python3", D, nil, `f() { echo 'import shutil'; echo 'shutil.rmtree("/home")'; }; f | cat | python3`, Deny},
		{"f | sh", D, nil, `f() { echo 'echo hi'; echo 'rm -rf ~'; }; f | sh`, Deny},
		{"neighbour: harmless code", D, nil, `f() { echo 'print(1)'; }; f | python3`, Allow},
		{"neighbour: redeclared", D, nil, `f() { ` + rmtree + `; }; f() { echo 'print(1)'; }; f | python3`, Allow},
		{"neighbour: a file", D, nil, `f() { cat x.py; }; f | python3`, Allow},
		{"neighbour: sh still asks", D, nil, `f() { echo 'echo hi'; }; f | sh`, Ask},
	})
}

// TestFix69bNeighbours: the commands near the attacks above keep their
// decisions in every mode: a file's text is not known, and a group fed
// to a command that runs no code is only data.
func TestFix69bNeighbours(t *testing.T) {
	t.Parallel()
	checkAllowedButInPlan(t, []planRow{
		{`cat x.py | python3`, Deny},
		{`{ cat a.py; cat b.py; } | python3`, Deny},
		{`{ echo 'print(1)'; echo 'print(2)'; } | python3`, Deny},
		{`python3 < <(cat x.py)`, Deny},
		{`(cd src && cat x.json) | python3 -m json.tool`, Deny},
		{`{ echo a; echo b; } | sort`, Allow},
	})
}

// TestFix69bBounded: a group's text is read once, to maxFilterOutput
// (printersText), and a long group of printers is not read again for
// each stage. Past the bound the code fed is not read, and asked for
// (eng70: fedUnread).
func TestFix69bBounded(t *testing.T) {
	t.Parallel()
	group := `{` + strings.Repeat(` echo 'print(1)';`, 3000) + ` }`
	checkFast(t, 2*time.Second, []slowRow{
		{"a long group", group + ` | python3`, Ask},
		{"a long group through filters", group + strings.Repeat(` | cat`, 200) + ` | python3`, Ask},
		{"a long function in many stages", `f() {` + strings.Repeat(` echo 'print(1)';`, 400) + ` }; ` + strings.Repeat(`f | python3 | `, 300) + `cat`, Allow},
		{"many groups", strings.Repeat(`{ echo 'echo a'; echo 'echo b'; } | sh | `, 500) + `{ echo 'echo a'; echo 'rm -rf ~'; } | sh`, Deny},
	})
}
