package permission

import "testing"

// TestFindTestOfKnownValue: n=pre-commit; find . -name "$n" -exec cp x
// {} \; wrote the hook unasked in bypassPermissions, where find . -name
// pre-commit -exec cp x {} \; is asked for: the copy of the find with
// the value in place of "$n" was judged as a command alone, its -exec
// and -delete not handed the protected paths its tests pick out. It is
// now handled as the find written out is. Neighbours: a value no
// protected name matches, and a command that only reads.
func TestFindTestOfKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"hook by cp", Y, nil, `n=pre-commit; find . -name "$n" -exec cp x {} \;`, Ask},
		{"path test", Y, nil, `p='*/hooks/*'; find . -path "$p" -exec tee {} +`, Ask},
		{"sh -c", Y, nil, `n=settings.json; find . -name $n -exec sh -c 'echo x > "$1"' _ {} \;`, Ask},
		{"neighbour: gofmt", Y, nil, `n='*.go'; find . -name "$n" -exec gofmt -w {} +`, Allow},
		{"neighbour: gofmt, default", D, nil, `n='*.go'; find . -name "$n" -exec gofmt -w {} +`, Ask},
		{"neighbour: read", Y, nil, `n=pre-commit; find . -name "$n" -exec cat {} \;`, Allow},
	})
}

// TestSourcedSubstPartOfValue: d=.git; p=$(printf %s "$d")/config; echo
// x >> "$p" appended to the config unasked in bypassPermissions: a
// substitution that prints another variable was followed where it is
// the whole value (p=$(echo "$d")), not where it is a part of it. The
// value is now given what p="$d"/config is. Neighbour: a directory that
// is not protected.
func TestSourcedSubstPartOfValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"printf", Y, nil, `d=.git; p=$(printf %s "$d")/config; echo x >> "$p"`, Ask},
		{"echo", Y, nil, `d=.git; p=$(echo "$d")/hooks/pre-commit; cp x "$p"`, Ask},
		{"quoted", Y, nil, `d=.git; p="$(echo "$d")/hooks/pre-commit"; cp x "$p"`, Ask},
		{"after a path", Y, nil, `d=git; p=.$(echo $d)/config; echo x >> $p`, Ask},
		{"rm -rf /home", D, nil, `d=/; p=$(echo "$d")home; rm -rf "$p"`, Deny},
		{"neighbour: a directory of the project", Y, nil, `d=src; p=$(echo "$d")/config; echo x >> "$p"`, Allow},
		{"neighbour: default mode", D, nil, `d=src; p=$(echo "$d")/x.txt; cat "$p"`, Allow},
	})
}
