package permission

import (
	"fmt"
	"testing"
)

// benchRules returns 1,000 rules of every kind and shape, the way a large
// managed policy plus project settings look: mostly shell prefixes, some
// globs, path and fetch rules.
func benchRules(tb testing.TB) *Rules {
	tb.Helper()
	var rs Rules
	kinds := []RuleKind{RuleDeny, RuleAsk, RuleAllow}
	for i := 0; i < 1000; i++ {
		var text string
		switch i % 10 {
		case 0, 1, 2, 3:
			text = fmt.Sprintf("Bash(tool%d sub%d:*)", i, i)
		case 4:
			text = fmt.Sprintf("Bash(tool%d * --flag%d)", i, i)
		case 5:
			text = fmt.Sprintf("run_shell(cmd%d arg*)", i)
		case 6:
			text = fmt.Sprintf("Read(~/secret%d/**)", i)
		case 7:
			text = fmt.Sprintf("Edit(/src/gen%d/*.go)", i)
		case 8:
			text = fmt.Sprintf("WebFetch(domain:host%d.example.com)", i)
		default:
			text = fmt.Sprintf("Bash(make target%d)", i)
		}
		r, err := ParseRule(kinds[i%3], text)
		if err != nil {
			tb.Fatal(err)
		}
		rs.Add(r)
	}
	// What the benchmark's command meets: a deny that does not match and
	// an allow that does, at the end of the lists.
	for _, r := range []struct {
		k    RuleKind
		text string
	}{{RuleDeny, "Bash(git push --force:*)"}, {RuleAsk, "Bash(git push:*)"}, {RuleAllow, "Bash(git status:*)"}} {
		rule, err := ParseRule(r.k, r.text)
		if err != nil {
			tb.Fatal(err)
		}
		rs.Add(rule)
	}
	return &rs
}

// BenchmarkMatch1000Rules checks one simple command against 1,000 rules
// the way the engine does: the first deny, ask and allow rule for Bash.
func BenchmarkMatch1000Rules(b *testing.B) {
	rs := benchRules(b)
	c := SimpleCommand{Text: "git status --short", Words: []Word{litWord("git"), litWord("status"), litWord("--short")}}
	if rs.FirstCommandMatch(RuleAllow, c) == nil || rs.FirstCommandMatch(RuleDeny, c) != nil {
		b.Fatal("the benchmark rules do not decide the command as intended")
	}
	b.ReportAllocs()
	for b.Loop() {
		rs.FirstCommandMatch(RuleDeny, c)
		rs.FirstCommandMatch(RuleAsk, c)
		rs.FirstCommandMatch(RuleAllow, c)
	}
}

// BenchmarkMatch1000RulesUnknownCommand is the worst case: a command name
// only known at run time, which every deny and ask rule could match.
func BenchmarkMatch1000RulesUnknownCommand(b *testing.B) {
	rs := benchRules(b)
	c := SimpleCommand{Text: "$CMD x", Words: []Word{unkWord("$CMD"), litWord("x")}}
	b.ReportAllocs()
	for b.Loop() {
		rs.FirstCommandMatch(RuleDeny, c)
		rs.FirstCommandMatch(RuleAsk, c)
		rs.FirstCommandMatch(RuleAllow, c)
	}
}

// BenchmarkMatch1000RulesScan tries every rule in turn through
// Rule.MatchCommand, as a caller without the index would.
func BenchmarkMatch1000RulesScan(b *testing.B) {
	rs := benchRules(b)
	c := SimpleCommand{Text: "git status --short", Words: []Word{litWord("git"), litWord("status"), litWord("--short")}}
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range [][]Rule{rs.Deny, rs.Ask, rs.Allow} {
			for i := range l {
				if l[i].AppliesTo("Bash") && l[i].MatchCommand(c) {
					break
				}
			}
		}
	}
}

// BenchmarkMatchPath1000Rules checks one path against 1,000 rules.
func BenchmarkMatchPath1000Rules(b *testing.B) {
	rs := benchRules(b)
	env := PathEnv{Cwd: "/proj", Home: "/home/u", Root: "/proj"}
	w := litWord("/proj/src/main.go")
	match := func(r *Rule) bool { return r.Pattern == "" || r.MatchPath(w, env) }
	b.ReportAllocs()
	for b.Loop() {
		rs.FirstMatch(RuleDeny, "Read", match)
		rs.FirstMatch(RuleAsk, "Read", match)
		rs.FirstMatch(RuleAllow, "Read", match)
	}
}
