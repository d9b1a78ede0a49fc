package permission

import "testing"

// TestPathIndexAgreesWithScan: the index is an optimisation only; for every
// path and kind it must find the same first rule as trying them all.
func TestPathIndexAgreesWithScan(t *testing.T) {
	t.Parallel()
	patterns := []string{
		"Read", "Edit", "Read(./secret/**)", "Read(secret)", "Read(*.key)", "Edit(/src/**/*.go)", "Edit(/src)",
		"Read(~/.ssh/**)", "Read(~)", "Read(//etc/passwd)", "Read(//etc/**)", "Edit(./a/b/../c/*)", "Read(../outside/**)",
		"Edit(./dir/)", "Read(**/node_modules/**)", "Edit(.env)", "Read(./x[0-9]/y)", "Write(/gen/*)", "Read(/)", "Read(//)",
		"Read(./héllo/**)", "Edit(./build*)",
	}
	paths := []string{
		"/", "/home/u/proj", "/home/u/proj/secret", "/home/u/proj/secret/a", "/home/u/proj/secretx", "/home/u/proj/a.key",
		"/home/u/proj/src/x/y.go", "/home/u/proj/src", "/home/u/.ssh/id_rsa", "/home/u/.sshx", "/home/u", "/etc/passwd",
		"/etc/x/y", "/home/u/proj/a/c/z", "/home/u/outside/k", "/home/u/proj/dir", "/home/u/proj/dir/f",
		"/home/u/proj/p/node_modules/x", "/home/u/proj/.env", "/home/u/proj/sub/.env", "/home/u/proj/x1/y", "/home/u/proj/gen/q",
		"/home/u/proj/héllo/w", "/home/u/proj/build", "/home/u/proj/buildx/y", "/tmp",
	}
	for _, kind := range []RuleKind{RuleAllow, RuleAsk, RuleDeny} {
		var rules []string
		for _, p := range patterns {
			rules = append(rules, kind.String()+":"+p)
		}
		// Every suffix of the list, so each rule gets to be first.
		for start := range patterns {
			e := engine(t, ModeDefault, rules[start:]...)
			for _, p := range paths {
				for _, tool := range []string{"Read", "Edit", "Write"} {
					got := e.firstPathRule(kind, tool, p)
					want := e.Rules.FirstMatch(kind, tool, func(r *Rule) bool { return r.MatchPath(Word{Text: p, Literal: true}, e.Env) })
					if got != want {
						t.Errorf("%s %s %s from rule %d: index found %v, scan %v", kind, tool, p, start, got, want)
					}
				}
			}
		}
	}
}
