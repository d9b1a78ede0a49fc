package permission

import "testing"

// TestShellCArgumentsHandedOn: the words after a shell's -c program are
// its $0, $1 …, and the engine now hands each known one on to the
// program's analysis, as it does a value assigned (x=/; rm -rf $x). Only
// those naming a script the line wrote were before: in bypassPermissions,
// sh -c 'tee "$1"' _ ~/.bashrc and a write to .git/hooks or .claude by
// $2 ran unasked, past the checks no mode turns off, which the same
// commands written out are asked for; rm -rf of ~ or / by $1 was asked
// for, not denied. Neighbours: what the program does with ordinary
// arguments is decided as before, and "$@" stays a list only known at
// run time.
func TestShellCArgumentsHandedOn(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"hook by $2", Y, nil, `sh -c 'echo "$1" > "$2"' _ x .git/hooks/pre-commit`, Ask},
		{"hook by $2, cp", Y, nil, `sh -c 'cp "$1" "$2"' _ evil .git/hooks/pre-commit`, Ask},
		{"claude settings by $1", Y, nil, `bash -c 'echo {} > "$1"' _ .claude/settings.json`, Ask},
		{"bashrc by $1", Y, nil, `sh -c 'tee -a "$1"' _ ~/.bashrc`, Ask},
		{"/etc/passwd by $1", Y, nil, `sh -c 'chmod 777 "$1"' _ /etc/passwd`, Ask},
		{"$0 is the first", Y, nil, `sh -c 'echo x >> "$0"' .git/config`, Ask},
		{"rm -rf ~ by $1", Y, nil, `sh -c 'rm -rf "$1"' _ ~`, Deny},
		{"rm -rf / by $0", D, nil, `bash -c 'rm -rf $0' /`, Deny},
		{"rm -rf $HOME by $1", Y, nil, `sh -c 'rm -rf "$1"' _ "$HOME"`, Deny},
		{"after options", Y, nil, `bash -e -c 'cp "$1" "$2"' _ x .git/hooks/post-checkout`, Ask},
		{"past a deny rule", A, []string{"deny:Edit(/infra/**)"}, `sh -c 'echo x > "$1"' _ /infra/main.tf`, Deny},
		{"neighbour: a file in the root", Y, nil, `sh -c 'echo "$1" > "$2"' _ x notes.txt`, Allow},
		{"neighbour: reads", D, nil, `sh -c 'cat "$1" | wc -l' _ main.go && bash -c 'for f in "$@"; do wc -l "$f"; done' _ a b`, Allow},
		{"neighbour: $0 printed", D, nil, `sh -c 'echo "$0: $1"' hello world`, Allow},
		{"neighbour: rm -rf of a directory by $1 still asked", D, nil, `sh -c 'rm -rf "$1"' _ build`, Ask},
		{"neighbour: $@ unknown", A, nil, `sh -c 'git "$@"' _ status`, Ask},
	})
}

// TestShellEnvHandedOn: a variable set for a nested shell alone (P=…
// sh -c, env P=… sh -c, sudo P=… sh -c) holds its value in the shell's
// program, as an exported one does: in bypassPermissions
// P=.claude/settings.json sh -c 'echo x > "$P"' ran unasked, where
// export P=…; sh -c … is asked for. Only a value written plainly is
// handed on; the neighbours are decided as before.
func TestShellEnvHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"settings by P", Y, nil, `P=.claude/settings.json sh -c 'echo x > "$P"'`, Ask},
		{"env P", Y, nil, `env P=.git/hooks/pre-commit bash -c 'cp x "$P"'`, Ask},
		{"bashrc by ~", Y, nil, `P=~/.bashrc bash -c 'tee -a $P'`, Ask},
		{"rm -rf / by D", D, nil, `D=/ sh -c 'rm -rf "$D"'`, Deny},
		{"sudo D", Y, nil, `sudo D=/ sh -c 'rm -rf "$D"'`, Deny},
		{"neighbour: a file in the root", Y, nil, `P=notes.txt sh -c 'echo x > "$P"'`, Allow},
		{"neighbour: a setting", D, nil, `CC=gcc sh -c 'echo "$CC"'`, Allow},
	})
}

// TestSubstAssignHandedOn: a variable assigned what a command
// substitution prints, where the line writes it out (echo or printf of
// literal words, cat of a here-string), holds that value, as the
// substitution written in place does: in bypassPermissions
// p=$(printf %s .git/hooks); cp x "$p"/pre-commit ran unasked where
// cp x "$(printf %s .git/hooks)"/pre-commit is asked for, and
// d=$(echo ~); rm -rf "$d" was asked for, not denied.
func TestSubstAssignHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"hook by echo", Y, nil, `p=$(echo .git/hooks/pre-commit); echo x > "$p"`, Ask},
		{"hooks dir by printf, quoted", Y, nil, `p="$(printf %s .git/hooks)"; cp x "$p"/pre-commit`, Ask},
		{"backquotes", Y, nil, "p=`echo .git/config`; echo x >> $p", Ask},
		{"here-string", Y, nil, `p=$(cat <<< .claude/settings.json); echo x > "$p"`, Ask},
		{"rm -rf ~", Y, nil, `d=$(echo ~); rm -rf "$d"`, Deny},
		{"rm -rf / in default", D, nil, "d=`echo /`; rm -rf $d", Deny},
		{"neighbour: a file in the root", Y, nil, `p=$(echo notes.txt); echo x > "$p"`, Allow},
		{"neighbour: a program's output", D, nil, `v=$(git rev-parse HEAD); echo "$v"`, Allow},
	})
}

// TestParamOpHandedOn: a known value expanded with an operator whose
// argument is literal (${p%.bak}, ${p/x/g}, ${p,,}, ${p#X}, ${p:2:11})
// is what the operator makes of it: in bypassPermissions
// p=.git/config.bak; echo x >> ${p%.bak} ran unasked. An argument with
// a pattern stays a value only known at run time, as before.
func TestParamOpHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"suffix", Y, nil, `p=.git/config.bak; echo x >> ${p%.bak}`, Ask},
		{"longest suffix", Y, nil, `p=.git/config.bak; echo x >> "${p%%.bak}"`, Ask},
		{"prefix", Y, nil, `p=X.git/config; echo x >> ${p#X}`, Ask},
		{"replace", Y, nil, `p=.git/confix; echo x >> ${p/x/g}`, Ask},
		{"replace all", Y, nil, `p=_git/hooks/pre-commit; cp x ${p//_/.}`, Ask},
		{"anchored", Y, nil, `p=Xgit/config; echo x >> ${p/#X/.}`, Ask},
		{"lower case", Y, nil, `p=.GIT; echo x >> ${p,,}/config`, Ask},
		{"substring", Y, nil, `p=aa.git/configzz; echo x >> "${p:2:11}"`, Ask},
		{"rm -rf /", D, nil, `p=/x; rm -rf ${p%x}`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=notes.txt.bak; echo x >> ${p%.bak}`, Allow},
		{"neighbour: a default stays a default", Y, nil, `p=notes.txt; echo x > ${p:-out.txt}`, Allow},
	})
}

func TestParamOp(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		v, op, want string
		ok          bool
	}{
		{"a.tar.gz", "%.gz", "a.tar", true},
		{"a.tar.gz", "%%.gz", "a.tar", true},
		{"dir/a", "#dir/", "a", true},
		{"aXbX", "/X/-", "a-bX", true},
		{"aXbX", "//X/-", "a-b-", true},
		{"aXbX", "/#a/_", "_XbX", true},
		{"aXbX", "/%X/_", "aXb_", true},
		{"aXbX", "/%Y/_", "aXbX", true},
		{"aXbX", "/X", "abX", true},
		{"MiXed", ",,", "mixed", true},
		{"mixed", "^", "Mixed", true},
		{"abcdef", ":2", "cdef", true},
		{"abcdef", ":2:3", "cde", true},
		{"abc", ":5", "", true},
		{"abc", ":-1", "", false},
		{"abc", ":-x", "", false},
		{"abc", "%*c", "ab", true},
		{".git/hooks/x", "%/*", ".git/hooks", true},
		{".git/hooks/x", "%%/*", ".git", true},
		{"a/b/.bashrc", "##*/", ".bashrc", true},
		{"a/b/c", "#*/", "b/c", true},
		{"a.b", "%[.]b", "a", true},
		{"abc", "%x*", "abc", true},
		{"abc", "%@(c)", "", false},
		{"abc", "%[!c]", "", false},
		{"abc", "/$x/y", "", false},
		{"abc", ",a", "", false},
		{"abc", "", "", false},
		{"abc", "/#/X", "Xabc", true},
		{"abc", "/%/X", "abcX", true},
		{"abc", "/x/~/.b", "", false},
		{"abc", "#~", "", false},
		{"éa", "^", "Éa", true},
		{"Éa", ",", "éa", true},
		{"", "^", "", true},
		{"abc", ":1:9223372036854775807", "bc", true},
	} {
		got, ok := paramOp(tt.v, tt.op)
		if got != tt.want || ok != tt.ok {
			t.Errorf("paramOp(%q, %q) = %q, %v; want %q, %v", tt.v, tt.op, got, ok, tt.want, tt.ok)
		}
	}
}

// TestShiftedArgumentsHandedOn: where the program may shift its
// arguments, each is a value of the parameters below its own too: sh -c
// 'shift; echo x > "$1"' _ notes.txt ~/.bashrc wrote the start-up file
// unasked in bypassPermissions (a review's find). Neighbour: without a
// shift, $1 is the first argument's alone.
func TestShiftedArgumentsHandedOn(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"shift", Y, nil, `sh -c 'shift; echo x > "$1"' _ notes.txt ~/.bashrc`, Ask},
		{"shift 2", Y, nil, `bash -c 'shift 2; cp x "$1"' _ a b .git/hooks/pre-commit`, Ask},
		{"neighbour: no shift", Y, nil, `sh -c 'cat "$2" > "$1"' _ notes.txt .git/config`, Allow},
	})
}
