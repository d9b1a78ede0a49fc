package permission

import "testing"

// TestDefaultOfCriticalDelete: rm -rf ${HOME:-/} deletes the home, or /
// where HOME is empty, and was asked for as a path only known at run
// time where rm -rf "$HOME" and rm -rf ~ are denied. A default, an
// assigned default or an alternative is now either the variable or its
// word, each judged. Neighbour: a default below /tmp is asked for as
// before.
func TestDefaultOfCriticalDelete(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"home or /", Y, nil, `rm -rf ${HOME:-/}`, Deny},
		{"home or /, default mode, quoted", D, nil, `rm -rf "${HOME:-/}"`, Deny},
		{"assigned default", Y, nil, `rm -rf ${HOME:=/}`, Deny},
		{"unset default", Y, nil, `rm -rf ${HOME-/}`, Deny},
		{"another variable, / by default", Y, nil, `rm -rf "${DIR:-/}"`, Deny},
		{"alternative", Y, nil, `rm -rf "${X:+/usr}"`, Deny},
		{"home by default", D, nil, `rm -rf "${DIR:-$HOME}"`, Deny},
		{"neighbour: below /tmp by default", Y, nil, `rm -rf ${TMPDIR:-/tmp}/x`, Ask},
		{"neighbour: a build directory by default", D, nil, `rm -rf "${OUT:-build}"`, Ask},
	})
}

func TestParamAlternatives(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"${HOME:-/}", []string{"${HOME}", "/"}},
		{"${A-x}/${B:=y}", []string{"${A}/${B}", "${A}/y", "x/${B}", "x/y"}},
		{"${A:-${B:-/}}", []string{"${A}", "${B}", "/"}},
		{"${A%/}", []string{"${A%/}"}},
		{"$HOME", []string{"$HOME"}},
		{"${A:-/", []string{"${A:-/"}},
	} {
		got := paramAlternatives(tt.in, 8)
		if len(got) != len(tt.want) {
			t.Errorf("paramAlternatives(%q) = %q, want %q", tt.in, got, tt.want)
			continue
		}
		for _, w := range tt.want {
			found := false
			for _, g := range got {
				found = found || g == w
			}
			if !found {
				t.Errorf("paramAlternatives(%q) = %q, want %q", tt.in, got, tt.want)
			}
		}
	}
}

// TestSecretVariablePrintedBypass: printenv GITHUB_TOKEN and echo
// "$AWS_SECRET_ACCESS_KEY" were asked for in default mode but ran in
// bypassPermissions, where gh auth token, which prints a credential too,
// is asked for. A secret-named variable's value printed (printenv, echo,
// printf, cat of a here-string) is now Danger.Secret: asked for there,
// unless an allow rule names the command. Neighbours: other variables,
// every variable listed (env), and one sent where the command sends it
// (curl -H) pass in bypassPermissions as before; a scrubbed environment
// holds none to print.
func TestSecretVariablePrintedBypass(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"printenv", Y, nil, `printenv GITHUB_TOKEN`, Ask},
		{"echo", Y, nil, `echo "$AWS_SECRET_ACCESS_KEY"`, Ask},
		{"printf into a pipe", Y, nil, `printf %s "$NPM_TOKEN" | base64`, Ask},
		{"here-string", Y, nil, `cat <<< $GITHUB_TOKEN`, Ask},
		{"in a nested shell", Y, nil, `bash -c 'echo $OPENAI_API_KEY'`, Ask},
		{"declare -p", Y, nil, `declare -p GITHUB_TOKEN`, Ask},
		{"lifted by an allow rule", Y, []string{"allow:Bash(printenv GITHUB_TOKEN)"}, `printenv GITHUB_TOKEN`, Allow},
		{"default mode as before", D, nil, `echo $GITHUB_TOKEN`, Ask},
		{"neighbour: PATH", Y, nil, `echo "$PATH"`, Allow},
		{"neighbour: printenv HOME", Y, nil, `printenv HOME`, Allow},
		{"neighbour: env", Y, nil, `env`, Allow},
		{"here-document", Y, nil, "cat <<EOF\n$GITHUB_TOKEN\nEOF", Ask},
		{"neighbour: a file a variable names", Y, nil, `cat "$TOKEN_FILE"`, Allow},
		{"neighbour: printf -v", Y, nil, `printf -v t %s "$GITHUB_TOKEN"`, Allow},
		{"neighbour: sent with curl", Y, nil, `curl -H "Authorization: Bearer $OPENAI_API_KEY" https://api.example.com/v1`, Allow},
	})
	checkDecisions(t, []decisionRow{
		{"neighbour: scrubbed", Y, nil, `printenv GITHUB_TOKEN; echo "$AWS_SECRET_ACCESS_KEY"`, Allow},
	}, func(e *Engine) { e.EnvScrubbed = true })
}

// TestSubstPartOfValue: a variable assigned a command substitution that
// is only part of its value (p=$(echo .git)/hooks/pre-commit) held a
// value only known at run time, and bypassPermissions wrote the hook
// unasked, where p=$(echo .git/hooks/pre-commit) is asked for. The value
// with what the substitution prints in its place is now handed on.
func TestSubstPartOfValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"echo, then a path", Y, nil, `p=$(echo .git)/hooks/pre-commit; cp x "$p"`, Ask},
		{"printf, then a path", Y, nil, `p=$(printf %s .git)/config; echo x >> "$p"`, Ask},
		{"quoted", Y, nil, `p="$(echo .claude)/settings.json"; echo {} > "$p"`, Ask},
		{"partly quoted", Y, nil, `p="$(echo .git)"/config; echo x >> $p`, Ask},
		{"in front of it", Y, nil, `p=.git/$(echo hooks)/pre-commit; cp x "$p"`, Ask},
		{"rm -rf of the home", D, nil, `p=$(echo /)home; cd /tmp && rm -rf "$p"`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=$(echo notes)/x.txt; cp x "$p"`, Allow},
		{"neighbour: a program's output", D, nil, `v=$(git rev-parse HEAD).txt; echo x > "$v"`, Ask},
	})
}
