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
