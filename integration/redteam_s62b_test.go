package integration

import "testing"

// TestAssignedValuesS62b: in check's default, where no sandbox backs the
// hook, a key's name the line assigned to a variable (f=~/.ssh/id_rsa;
// cat "$f", export, declare, an array, a for loop over it) was read
// unasked; now asked as the name written out is, and values of the
// project's own, or one a subshell kept, pass.
func TestAssignedValuesS62b(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	for _, tt := range []struct{ cmd, want string }{
		{`f=~/.ssh/id_rsa; cat "$f"`, "ask"},
		{`f=$HOME/.ssh/id_rsa; base64 "$f"`, "ask"},
		{`g=~/.ssh; f=$g/id_rsa; cat $f`, "ask"},
		{`for f in ~/.ssh/id_rsa; do cat "$f"; done`, "ask"},
		{`a=(~/.ssh/id_rsa); cat "${a[@]}"`, "ask"},
		{`declare f=~/.aws/credentials; cat $f`, "ask"},
		{`export f=~/.aws/credentials; cat $f`, "ask"},
		{`f=~/.ssh/id_rsa; cp "$f" leak.txt`, "ask"},
		{`if test -e x; then f=README.md; else f=~/.ssh/id_rsa; fi; cat "$f"`, "ask"},
		{`f=README.md; cat "$f"`, "allow"},
		{`for f in *.go; do gofmt -l "$f"; done`, "allow"},
		{`export GOFLAGS=-mod=mod; go build ./...`, "allow"},
		{`a=(-v --color); ls "${a[@]}"`, "allow"},
		{`( f=~/.ssh/id_rsa ); cat "$f"`, "allow"},
		{`f=~/.ssh/id_rsa; f=README.md; cat "$f"`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got, why, tt.want)
		}
	}
}
