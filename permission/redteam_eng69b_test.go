package permission

import "testing"

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
		{"neighbour: a directory of the project", Y, nil, `d=src; cd "$d" && echo x > out.txt`, Allow},
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
