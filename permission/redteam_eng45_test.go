package permission

import "testing"

// TestValueThroughDefaultAndIndirection: a value the line assigns is
// handed on through the expansions that yield it, not only $p and
// ${p}: a default (${p:-x}, ${p-x}, ${p:=x}) is the value where it is
// set, ${!q} is the variable q names, and ${p@E}, ${p@L} … are what
// the transformation makes of it. In bypassPermissions each of these
// wrote a protected path or read a credential store unasked, and
// rm -rf of ~ or / through them was asked for, not denied. The word as
// written stays judged too: values only add possibilities.
func TestValueThroughDefaultAndIndirection(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"config by ${p:-y}", Y, nil, `p=.git/config; echo x >> ${p:-y}`, Ask},
		{"hook by ${p-y}", Y, nil, `p=.git/hooks/pre-commit; cp evil "${p-y}"`, Ask},
		{"settings by ${p:=y}", Y, nil, `p=.claude/settings.json; echo {} > ${p:=y}`, Ask},
		{"key by ${p:-x}", Y, nil, `p=~/.ssh/id_rsa; cat "${p:-x}"`, Ask},
		{"key by ${p:?x}", Y, nil, `p=~/.aws/credentials; cat ${p:?unset}`, Ask},
		{"config by ${!q}", Y, nil, `p=.git/config; q=p; echo x >> ${!q}`, Ask},
		{"config by ${!q%.bak}", Y, nil, `p=.git/config.bak; q=p; echo x >> "${!q%.bak}"`, Ask},
		{"key by ${!q}", Y, nil, `p=~/.ssh/id_rsa; q=p; cat ${!q}`, Ask},
		{"key by ${p@E}", Y, nil, `p=~/.ssh/id_rsa; cat ${p@E}`, Ask},
		{"config by ${p@L}", Y, nil, `p=.GIT/CONFIG; echo x >> ${p@L}`, Ask},
		{"bashrc by ${p@E}", Y, nil, `p=.bashrc; cd ~ && echo x >> "${p@E}"`, Ask},
		{"rm -rf ~ by ${d:-x}", Y, nil, `d=~; rm -rf ${d:-x}`, Deny},
		{"rm -rf / by ${d:=x}", D, nil, `d=/; rm -rf "${d:=x}"`, Deny},
		{"rm -rf $HOME by ${!q}", Y, nil, `q=HOME; rm -rf "${!q}"`, Deny},
		{"neighbour: a file in the root by ${p:-y}", Y, nil, `p=notes.txt; echo x >> ${p:-y}`, Allow},
		{"neighbour: a file in the root by ${!q}", Y, nil, `p=notes; q=p; echo x >> "${!q}.txt"`, Allow},
		{"neighbour: an empty value's default", Y, nil, `p=; echo x >> ${p:-notes.txt}`, Allow},
		{"neighbour: a read by ${p@E}", D, nil, `p=README.md; cat ${p@E}`, Allow},
		{"neighbour: the default still judged", Y, nil, `p=; echo x >> ${p:-.git/config}`, Ask},
		{"neighbour: rm -rf of a directory still asked", D, nil, `p=build; rm -rf "${p:-x}"`, Ask},
	})
}

// TestValueOp: what ${name OP} yields for a known value, beside
// paramOp's own table: defaults, transformations, and an operator on a
// value the shell expands.
func TestValueOp(t *testing.T) {
	t.Parallel()
	lit := func(s string) Word { return Word{Text: s, Literal: true} }
	for _, tt := range []struct {
		v    Word
		op   string
		want Word
		ok   bool
	}{
		{lit(".git/config"), ":-x", lit(".git/config"), true},
		{lit(".git/config"), "-x", lit(".git/config"), true},
		{lit(".git/config"), ":=x", lit(".git/config"), true},
		{lit(".git/config"), "?x", lit(".git/config"), true},
		{lit(""), ":-x", Word{}, false},
		{lit(""), "-x", lit(""), true},
		{lit("x"), ":+y", lit(""), false},
		{lit(".GIT"), "@L", lit(".git"), true},
		{lit("a"), "@u", lit("A"), true},
		{lit("a\\tb"), "@E", lit(""), false},
		{lit("a"), "@Q", lit(""), false},
		{Word{Text: "$HOME"}, "%/", Word{Text: "${HOME%/}"}, true},
		{Word{Text: "$HOME/.ssh"}, "@E", Word{Text: "$HOME/.ssh"}, true},
		{Word{Text: "$HOME/.ssh"}, "%/", Word{}, false},
	} {
		got, ok := valueOp(tt.v, tt.op)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("valueOp(%+v, %q) = %+v, %v; want %+v, %v", tt.v, tt.op, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPrintfVSourceHandedOn: printf -v NAME with a format of %s and
// literal text, and an argument the shell expands (printf -v g
// ".git/%s" "$f"), assigns what g=".git/$f" does; only a format and
// arguments all written out were handed on, and in bypassPermissions
// the write to the hook or config ran unasked.
func TestPrintfVSourceHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"config by %s", Y, nil, `f=config; printf -v g %s ".git/$f"; echo x >> "$g"`, Ask},
		{"config by the format", Y, nil, `f=config; printf -v g ".git/%s" "$f"; echo x >> $g`, Ask},
		{"hook by two", Y, nil, `d=.git; printf -v g "%s/%s" "$d" hooks; cp x "$g/pre-commit"`, Ask},
		{"key below ~", Y, nil, `d=~; printf -v g "%s/.ssh/id_rsa" "$d"; cat "$g"`, Ask},
		{"rm -rf /", D, nil, `d=/; printf -v g %s "$d"; rm -rf "$g"`, Deny},
		{"neighbour: a file in the root", Y, nil, `f=notes; printf -v g "%s.txt" "$f"; echo x >> "$g"`, Allow},
		{"neighbour: a number", Y, nil, `f=1; printf -v g "%d" "$f"; echo x >> "out$g.txt"`, Allow},
	})
}

// TestLoopOverValuesHandedOn: a for loop's words expand once the command
// before the loop ran, so a value assigned there is in them: for f in
// "$p", for f in "$@" after set --, and for f (the positional
// parameters) held nothing known, and a nested shell's "$@" and "$*"
// were not given its arguments. In bypassPermissions each wrote the
// config, or read a key, unasked.
func TestLoopOverValuesHandedOn(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"for f in $p", Y, nil, `p=.git/config; for f in "$p"; do tee $f <<< x; done`, Ask},
		{"for f in $@", Y, nil, `set -- .git/config; for f in "$@"; do tee "$f" <<< x; done`, Ask},
		{"for f", Y, nil, `set -- .git/config; for f; do echo x >> "$f"; done`, Ask},
		{"for f in $p/x", Y, nil, `p=.git; for f in "$p"/config; do tee $f <<< x; done`, Ask},
		{"rm -rf / by a loop", D, nil, `d=/; for x in "$d"; do rm -rf "$x"; done`, Deny},
		{"sh -c $@", Y, nil, `sh -c 'echo x >> "$@"' _ .git/config`, Ask},
		{"sh -c for f", Y, nil, `sh -c 'for f; do echo x >> "$f"; done' _ .git/hooks/pre-commit`, Ask},
		{"bash -c cp $@", Y, nil, `bash -c 'for f in "$@"; do cp x "$f"; done' _ a .claude/settings.json`, Ask},
		{"bash -c rm -rf $*", D, nil, `bash -c 'rm -rf $*' _ /`, Deny},
		{"neighbour: a loop over files in the root", Y, nil, `p=src; for f in "$p"/a.go; do echo x >> $f; done`, Allow},
		{"neighbour: nested loops", Y, nil, `for f in a b; do for g in "$f"; do echo x >> "$g.txt"; done; done`, Allow},
		{"neighbour: sh -c $@ of files in the root", Y, nil, `sh -c 'tee "$@"' _ a.txt b.txt <<< x`, Allow},
		{"neighbour: $@ of a nested shell stays unknown too", A, nil, `sh -c 'git "$@"' _ status`, Ask},
	})
}

// TestReadSplitByIFS: a read splits its line by the IFS the line sets
// (IFS=: read a b, IFS=:; read …, local IFS=/), not by blanks alone: in
// bypassPermissions IFS=: read a b <<< "x:.git/config"; echo x >> $b
// wrote the config unasked.
func TestReadSplitByIFS(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"IFS for the read", Y, nil, `IFS=: read a b <<< "x:.git/config"; echo x >> $b`, Ask},
		{"IFS before", Y, nil, `IFS=:; read a b <<< "x:.git/config"; echo x >> "$b"`, Ask},
		{"local IFS", Y, nil, `f(){ local IFS=:; read a b <<< "x:.git/hooks/pre-commit"; cp x "$b"; }; f`, Ask},
		{"read -a", Y, nil, `IFS=: read -a arr <<< "x:.git/config"; echo x >> ${arr[1]}`, Ask},
		{"neighbour: a file in the root", Y, nil, `IFS=, read a b <<< "x,notes.txt"; echo x >> $b`, Allow},
		{"neighbour: blanks", Y, nil, `read a b <<< "x notes.txt"; echo x >> $b`, Allow},
	})
}

// TestNamerefValuesHandedOn: a nameref (declare -n r=p, local -n,
// typeset -n) expands to the variable it names, and assigning it sets
// that variable; $r was given the name p as its value, and values set
// through one name did not reach the other. In bypassPermissions each
// wrote the config or read a key unasked, and rm -rf / through r was
// asked for, not denied.
func TestNamerefValuesHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"p then r", Y, nil, `p=.git/config; declare -n r=p; echo x >> "$r"`, Ask},
		{"r then p", Y, nil, `declare -n r=p; p=.git/config; echo x >> $r`, Ask},
		{"set through r", Y, nil, `declare -n r=p; r=.git/hooks/pre-commit; cp x "$p"`, Ask},
		{"local -n", Y, nil, `f(){ local -n r=p; cat "$r"; }; p=~/.ssh/id_rsa; f`, Ask},
		{"typeset -n", Y, nil, `p=~/.aws/credentials; typeset -n r=p; cat $r`, Ask},
		{"rm -rf /", D, nil, `d=/; declare -n r=d; rm -rf "$r"`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=notes.txt; declare -n r=p; echo x >> "$r"; r=a.txt; echo x >> "$p"`, Allow},
		{"neighbour: the name is not the value", Y, nil, `config=notes.txt; declare -n r=config; echo x >> ".git-$r"`, Allow},
	})
}

// TestHandedOnValueIsLiteral: a copy of a command with a known value in
// place of a variable held the value as quoted source ('token'), which
// the rows that match literal words did not see: c=token; gh auth $c
// printed the token unasked in bypassPermissions. A word left with no
// expansion is now the literal it stands for.
func TestHandedOnValueIsLiteral(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"gh auth $c", Y, nil, `c=token; gh auth $c`, Ask},
		{"gh $x token", Y, nil, `x=auth; gh "$x" token`, Ask},
		// gh auth $c itself, its subcommand only known at run time, is
		// asked for in bypassPermissions (it may be token): the
		// neighbour is another subcommand's.
		{"neighbour: gh pr list", Y, nil, `c=list; gh pr $c`, Allow},
	})
	for _, tt := range []struct {
		src  string
		want Word
	}{
		{`'a b'`, Word{Text: "a b", Literal: true}},
		{`"x"'y'z`, Word{Text: "xyz", Literal: true}},
		{`"a\$b\q"`, Word{Text: `a$b\q`, Literal: true}},
		{`'.git'/$q`, Word{Text: `'.git'/$q`}},
		{`'a'*`, Word{Text: `'a'*`}},
		{`~/x`, Word{Text: `~/x`}},
		{`"unterminated`, Word{Text: `"unterminated`}},
	} {
		if got := sourceWord(tt.src); got != tt.want {
			t.Errorf("sourceWord(%q) = %+v, want %+v", tt.src, got, tt.want)
		}
	}
}

// TestSubstOfValueHandedOn: a variable assigned what an echo or printf
// of a known variable prints (f=$(echo "$p"), f=$(printf %s/config
// "$d")) holds what f="$p" would; only an echo of literal words was
// followed, and in bypassPermissions the write to the config ran
// unasked, rm -rf / through it was asked for, not denied.
func TestSubstOfValueHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"echo $p", Y, nil, `p=.git/config; f=$(echo "$p"); echo x >> "$f"`, Ask},
		{"printf %s/config", Y, nil, `p=.git; f=$(printf %s/config "$p"); echo x >> $f`, Ask},
		{"key", Y, nil, `p=~/.ssh/id_rsa; k="$(echo $p)"; cat "$k"`, Ask},
		{"rm -rf /", D, nil, `d=/; t=$(echo "$d"); rm -rf "$t"`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=notes.txt; f=$(echo "$p"); echo x >> "$f"`, Allow},
		{"neighbour: an option", Y, nil, `p=notes.txt; f=$(echo -n "$p"); echo x >> "$f"`, Allow},
	})
}

// TestWrittenScriptArgsHandedOn: the words after the name of a script
// the line wrote and runs (sh s.sh ARGS, . s.sh ARGS) are its $1 …,
// as sh -c's are; the script was judged with them unknown, and in
// bypassPermissions its write of "$1" to the config ran unasked.
func TestWrittenScriptArgsHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"sh s.sh", Y, nil, "cat > s.sh <<'EOF'\necho x >> \"$1\"\nEOF\nsh s.sh .git/config", Ask},
		{"bash s.sh $2", Y, nil, `printf '%s\n' 'cp x "$2"' > s.sh; bash s.sh a .git/hooks/pre-commit`, Ask},
		{". s.sh rm -rf /", D, nil, `echo 'rm -rf "$@"' > s.sh; . s.sh /`, Deny},
		{"neighbour: a file in the root", Y, nil, `echo 'tee "$1"' > s.sh; sh s.sh notes.txt <<< x`, Allow},
	})
}

// TestPipedValueRead: a read fed by an echo or printf of a known
// variable (echo "$p" | while read f, printf '%s\n' "$p" | …) is given
// what f="$p" is; only literal words piped were followed, and in
// bypassPermissions the loop's write to the config ran unasked.
func TestPipedValueRead(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"echo | while read", Y, nil, `p=.git/config; echo "$p" | while read f; do echo x >> "$f"; done`, Ask},
		{"printf | while read", Y, nil, `p=.git/config; printf '%s\n' "$p" | while read f; do echo x >> "$f"; done`, Ask},
		{"echo | { read; tee; }", Y, nil, `p=.git/hooks/pre-commit; echo "$p" | { read f; tee "$f"; }`, Ask},
		{"rm -rf /", D, nil, `d=/; echo $d | while read x; do rm -rf "$x"; done`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=notes.txt; echo "$p" | while read f; do echo x >> "$f"; done`, Allow},
	})
}
