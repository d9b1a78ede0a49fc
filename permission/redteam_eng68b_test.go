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
