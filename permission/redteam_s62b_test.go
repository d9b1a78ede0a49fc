package permission

import "testing"

// TestAssignedValuesS62b: a value the line assigned from words it reads
// was not handed to the later commands that expand it: f=~/.ssh/id_rsa;
// cat "$f" was allowed where cat ~/.ssh/id_rsa asks, as were
// declare/local/export/readonly/typeset, arrays, for loops over words,
// a value built from another variable, a cp of it, and in
// bypassPermissions a redirection to it (f=~/.bashrc; echo x >> "$f"). Such a value is
// now handed on as a read's lines are (readValues), following the
// shell's scopes: a subshell's or a pipeline stage's stays there, a
// branch's is one value among others, a reassignment or an unset
// replaces it, a prefix assignment is its command's alone, and a
// function's body runs when called.
func TestAssignedValuesS62b(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S62b f=~/.ssh/id_rsa; cat $f", D, nil, `f=~/.ssh/id_rsa; cat "$f"`, Ask},
		{"S62b f=$HOME/…; base64 $f", D, nil, `f=$HOME/.ssh/id_rsa; base64 "$f"`, Ask},
		{"S62b f=\"$HOME/…\"; cat ${f}", D, nil, `f="$HOME/.ssh/id_rsa"; cat ${f}`, Ask},
		{"S62b g=~/.ssh; f=$g/id_rsa", D, nil, `g=~/.ssh; f=$g/id_rsa; cat $f`, Ask},
		{"S62b for f in ~/.ssh/id_rsa", D, nil, `for f in ~/.ssh/id_rsa; do cat "$f"; done`, Ask},
		{"S62b a=(…); cat ${a[@]}", D, nil, `a=(~/.ssh/id_rsa); cat "${a[@]}"`, Ask},
		{"S62b a=(…); cat ${a[0]}", D, nil, `a=(x ~/.ssh/id_rsa); cat "${a[0]}"`, Ask},
		{"S62b a+=(…)", D, nil, `a=(x); a+=(~/.ssh/id_rsa); cat "${a[@]}"`, Ask},
		{"S62b declare", D, nil, `declare f=~/.aws/credentials; cat $f`, Ask},
		{"S62b local", D, nil, `g() { local f=~/.aws/credentials; cat $f; }; g`, Ask},
		{"S62b export", D, nil, `export f=~/.aws/credentials; cat $f`, Ask},
		{"S62b readonly", D, nil, `readonly f=~/.aws/credentials; cat $f`, Ask},
		{"S62b typeset", D, nil, `typeset f=~/.aws/credentials; cat $f`, Ask},
		{"S62b cp $f leak.txt", D, nil, `f=~/.ssh/id_rsa; cp "$f" leak.txt`, Ask},
		{"S62b if/else: either value", D, nil, `if test -e x; then f=README.md; else f=~/.ssh/id_rsa; fi; cat "$f"`, Ask},
		{"S62b && f=", D, nil, `true && f=~/.ssh/id_rsa; cat "$f"`, Ask},
		{"S62b function called later", D, nil, `g() { cat "$f"; }; f=~/.ssh/id_rsa; g`, Ask},
		{"S62b function sets it", D, nil, `g() { f=~/.ssh/id_rsa; }; g; cat "$f"`, Ask},
		{"S62b subshell reads the outer value", D, nil, `f=~/.ssh/id_rsa; (cat "$f")`, Ask},
		{"S62b pipeline stage reads it", D, nil, `f=~/.ssh/id_rsa; cat "$f" | wc -c`, Ask},
		{"S62b reassigned in a branch only", D, nil, `f=~/.ssh/id_rsa; if test -e x; then f=README.md; fi; cat "$f"`, Ask},
		{"S62b x=/; rm -rf $x", Y, nil, `x=/; rm -rf "$x"`, Deny},
		{"S62b f=~/.bashrc; echo >> $f (yolo)", Y, nil, `f=~/.bashrc; echo x >> "$f"`, Ask},
		{"S62b read f; echo >> $f (yolo)", Y, nil, `read f <<< ~/.bashrc; echo x >> "$f"`, Ask},
		{"S62b neighbour: f=out.txt; echo > $f (yolo)", Y, nil, `f=out.txt; echo x > "$f"`, Allow},
		{"S62b neighbour: f=README.md", D, nil, `f=README.md; cat "$f"`, Allow},
		{"S62b neighbour: for *.go gofmt", D, nil, `for f in *.go; do gofmt -l "$f"; done`, Allow},
		{"S62b neighbour: export GOFLAGS", D, nil, `export GOFLAGS=-mod=mod; go build ./...`, Allow},
		{"S62b neighbour: a=(-v --color); ls", D, nil, `a=(-v --color); ls "${a[@]}"`, Allow},
		{"S62b neighbour: subshell's value stays there", D, nil, `( f=~/.ssh/id_rsa ); cat "$f"`, Allow},
		{"S62b lastpipe: the last stage's value", D, nil, `shopt -s lastpipe; echo | f=~/.ssh/id_rsa; cat "$f"`, Ask},
		{"S62b lastpipe: read in the last stage", D, nil, `shopt -s lastpipe; echo ~/.ssh/id_rsa | read f; cat "$f"`, Ask},
		{"S62b neighbour: a first stage's value stays there", D, nil, `f=~/.ssh/id_rsa | cat; cat "$f"`, Allow},
		{"S62b neighbour: reassigned", D, nil, `f=~/.ssh/id_rsa; f=README.md; cat "$f"`, Allow},
		{"S62b neighbour: unset", D, nil, `f=~/.ssh/id_rsa; unset f; cat "$f"`, Allow},
		{"S62b f=$f keeps the value", D, nil, `f=~/.ssh/id_rsa; f="$f"; cat "$f"`, Ask},
		{"S62b g=$f/x, then f reassigned", D, nil, `f=~/.ssh/id_rsa; g=$f; f=README.md; cat "$g"`, Ask},
		{"S62b neighbour: x=\"$x …\" (no loop)", D, nil, `x=a; x="$x b"; x="$x c"; echo "$x"`, Allow},
		{"S62b read -t 0 f leaves the value", D, nil, `f=~/.ssh/id_rsa; read -t 0 f; cat $f`, Ask},
		{"S62b unset -f f leaves the variable", D, nil, `f=~/.ssh/id_rsa; unset -f f; cat "$f"`, Ask},
		{"S62b neighbour: prefix assignment", D, nil, `f=~/.ssh/id_rsa cat "$f"`, Allow},
		{"S62b neighbour: dir=build; rm -rf (as before)", D, nil, `dir=build; rm -rf "$dir"`, Ask},
		{"S62b neighbour: mktemp (as before)", D, nil, `out=$(mktemp); echo x > "$out"`, Ask},
		{"S62b neighbour: f=$(…) as before", D, nil, `f=$(echo README.md); cat "$f"`, Allow},
	})
}
