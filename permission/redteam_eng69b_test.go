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
