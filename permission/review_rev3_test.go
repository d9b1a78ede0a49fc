package permission

import (
	"slices"
	"testing"
)

// TestEnvSplitStringRev3: env -S splits its string as coreutils' env does,
// not as the shell would: \_ separates words, so env -S 'rm\_-rf\_/home'
// ran rm -rf /home while the shell's reading (rm_-rf_/home) was allowed;
// the words after the string are whole arguments, so env -S 'sh -c' 'git
// push --force' ran sh -c 'git push --force' while their joining (sh -c
// git push --force) was allowed.
func TestEnvSplitStringRev3(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"\\_ separates", D, nil, `env -S 'rm\_-rf\_/home'`, Deny},
		{"\\_ before an option", D, nil, `env -S 'git\_push\_--force'`, Ask},
		{"the words after the string are whole", D, nil, `env -S 'sh -c' 'git push --force'`, Ask},
		{"--split-string, words after it", D, nil, `env --split-string='bash -c' 'git push --force origin main'`, Ask},
		{"${NAME} is only known at run time", D, nil, `env -S '${X} -rf /home'`, Ask},
		{"neighbour: env -S of a harmless command", D, nil, `env -S 'echo\_hello world' again`, Allow},
		{"neighbour: \\c ends the string", D, nil, `env -S 'echo x \c; rm -rf /home'`, Allow},
		{"neighbour: -S with an assignment", D, nil, `env -S 'LC_ALL=C ls\_-la' src`, Allow},
	})
	for s, want := range map[string][]string{
		`a b  c`: {"a", "b", "c"}, `'a b' "c\_d"`: {"a b", "c d"}, `x\_y\c z`: {"x", "y"}, `a #b`: {"a"}, `a#b`: {"a#b"},
		`'a\'b' 'c\nd'`: {"a'b", `c\nd`}, `"a\tb"`: {"a\tb"}, `'' x`: {"", "x"}, `a\#b\$c`: {"a#b$c"},
	} {
		if got, ok := envSplitString(s); !ok || !slices.Equal(got, want) {
			t.Errorf("envSplitString(%q) = %q, %v; want %q", s, got, ok, want)
		}
	}
	for _, s := range []string{`${X}`, `$X`, `a\q`, `"a\c"`, `'a`, `a\`} {
		if got, ok := envSplitString(s); ok {
			t.Errorf("envSplitString(%q) = %q, want refused", s, got)
		}
	}
}
