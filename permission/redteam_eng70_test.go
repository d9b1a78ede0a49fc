package permission

import (
	"testing"
)

// TestEng70ValueFedToShell: d='rm -rf ~'; echo "$d" | sh asked where
// echo 'rm -rf ~' | sh is denied: the value's ~ kept it from being read
// (valueOf takes a ~ past a word's start for no home, right for a path,
// wrong for text a shell reads), and a here-string of a value fed to a
// shell or an interpreter (sh <<< "$d", python3 <<< "$c") was not read
// at all. Text a printer or a here-string is given now keeps its ~
// (valueText), and a here-string's value is analysed beside the command
// as written (valueFed). Neighbours: harmless values still ask, as a
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
		{"neighbour: echo 'rm -rf ~' | sh", D, nil, `echo 'rm -rf ~' | sh`, Deny},
		{"neighbour: a harmless value into sh", D, nil, `d='ls ~'; echo "$d" | sh`, Ask},
		{"neighbour: a harmless value into sh, bypass", Y, nil, `d='ls ~'; sh <<< "$d"`, Ask},
		{"neighbour: harmless code into python3", D, nil, `c='print(1)'; python3 <<< "$c"`, Ask},
		{"neighbour: a value with a ~ into cat", D, nil, `d=notes; cat <<< "a~$d"`, Allow},
	})
}
