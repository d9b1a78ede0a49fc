package permission

import (
	"strings"
	"testing"
)

// reviewedWrappers are the spellings a red-team review found allowed
// under a deny rule for git push: programs that run their arguments, now
// in the wrapper and launcher tables.
var reviewedWrappers = []string{
	`chronic git push`,
	`chronic -ev git push`,
	`eatmydata git push`,
	`eatmydata -- git push`,
	`faketime now git push`,
	`faketime '2024-01-01 10:00:00' git push`,
	`faketime -f -1d git push`,
	`numactl -C 0 git push`,
	`numactl --cpunodebind=0 --membind 0 git push`,
	`cpulimit -l 50 git push`,
	`cpulimit --limit=50 -- git push`,
	`trickle -d 10 git push`,
	`trickle -s -d 10 -u 5 git push`,
	`proxychains git push`,
	`proxychains4 -q -f p.conf git push`,
	`torsocks git push`,
	`torsocks -i --port 9050 git push`,
	`tini git push`,
	`tini -s -- git push`,
	`dumb-init git push`,
	`dumb-init -c --rewrite 15:2 git push`,
	`perf stat git push`,
	`perf stat -e cycles -r 3 git push`,
	`perf stat record git push`,
	`perf record -g -F 99 git push`,
	`perf trace -s git push`,
	`perf --no-pager stat -- git push`,
	`hyperfine "git push"`,
	`hyperfine -w 3 make "git push"`,
	`hyperfine --prepare "git push" make`,
	`hyperfine -L sub push,pull "git {sub}"`,
	`entr git push`,
	`entr -r git push`,
	`entr -rs "make && git push"`,
	`systemd-inhibit git push`,
	`systemd-inhibit --why=release --what idle git push`,
	`aws-vault exec p -- git push`,
	`aws-vault exec --duration 1h p git push`,
	`op run -- git push`,
	`op run --env-file=.env --no-masking -- git push`,
	`tsp git push`,
	`tsp -n -L release git push`,
	`sem git push`,
	`sem --id release -j 2 git push`,
}

// TestReviewedWrappers: each spelling is denied by a deny rule for the
// command it runs and asked for by an ask rule, the rule matching the
// command the analysis finds behind the program.
func TestReviewedWrappers(t *testing.T) {
	t.Parallel()
	for _, src := range reviewedWrappers {
		for _, tt := range []struct {
			rule string
			want Decision
		}{{"deny:Bash(git push:*)", Deny}, {"ask:Bash(git push:*)", Ask}} {
			t.Run(tt.rule+" "+src, func(t *testing.T) {
				t.Parallel()
				res := engine(t, ModeDefault, tt.rule).Check(bash(src))
				if res.Decision != tt.want || res.Rule != "Bash(git push:*)" {
					t.Errorf("%q: %v (%s, rule %q), want %v by the rule", src, res.Decision, res.Reason, res.Rule, tt.want)
				}
			})
		}
	}
}

// TestReviewedWrappersLookThrough: the command behind each new wrapper and
// launcher is found after its options, and what runs none stays itself.
func TestReviewedWrappersLookThrough(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		name string // Name() of the first command
	}{
		{"numactl -C 0 make", "make"},
		{"numactl --preferred 1 make", "make"},
		{"faketime -1d make", "make"},
		{"cpulimit -l 50 -i make", "make"},
		{"aws-vault --backend=pass exec p make", "make"},
		{"op --account a run -- make", "make"},
		{"perf -p stat -d -d make", "make"},
		{"tsp -N 2 make", "make"},
		// What runs no command is the program itself.
		{"tsp -l", "tsp"},
		{"tsp -t 3", "tsp"},
		{"aws-vault list", "aws-vault"},
		{"op item get x", "op"},
		{"perf report -i perf.data", "perf"},
		{"systemd-inhibit --list", "systemd-inhibit"},
		{"numactl --hardware", "numactl"},
	}
	for _, tt := range tests {
		a := AnalyzeShell(tt.src)
		if len(a.Commands) == 0 || a.Commands[0].Name() != tt.name || len(a.Complex) > 0 {
			t.Errorf("%q: %+v, complex %q; want %s", tt.src, a.Commands, a.Complex, tt.name)
		}
	}
}

// TestReviewedWrappersComplex: what the tables cannot read is too complex,
// asked for, rather than guessed at.
func TestReviewedWrappersComplex(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ src, want string }{
		{`hyperfine -P n 1 3 "git {n}"`, "parameter scan"},
		{`hyperfine -S rm x`, "not a shell"},
		{`hyperfine --frobnicate x`, "unknown option --frobnicate of hyperfine"},
		{`hyperfine "$CMD"`, "non-literal hyperfine string"},
		{`numactl -Q 0 make`, "unknown option -Q of numactl"},
		{`perf stat --pre 'git push' make`, "unknown option --pre of perf stat"},
		{`entr -s "$CMD"`, "non-literal entr -s string"},
		{`sem "make; git push"`, "through a shell"},
	} {
		a := AnalyzeShell(tt.src)
		if !strings.Contains(strings.Join(a.Complex, "; "), tt.want) {
			t.Errorf("%q: complex %q, want %q", tt.src, a.Complex, tt.want)
		}
	}
}

// TestReviewedWrappersAllow: allow rules do not reach through the new
// wrappers (they are not harmless ones), nor through a wrapper named
// among the words before a command; neighbours stay allowed.
func TestReviewedWrappersAllow(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rule, src string
		want      Decision
	}{
		{"allow:Bash(rm:*)", `chronic rm x`, Ask},
		{"allow:Bash(rm:*)", `timeout 5 chronic rm x`, Ask},
		{"allow:Bash(rm:*)", `timeout 5 taskset 1 rm x`, Ask},
		{"allow:Bash(rm:*)", `timeout 5 rm x`, Allow},
		{"allow:Bash(chronic make:*)", `chronic make; rm -rf x`, Ask},
		{"allow:Bash(chronic make:*)", `chronic make -j4`, Allow},
		{"allow:Bash(aws-vault exec:*)", `aws-vault exec p -- make`, Allow},
		{"deny:Bash(git push:*)", `hyperfine "git status" "git log"`, Allow},
		{"deny:Bash(git push:*)", `tsp -l`, Allow},
		{"deny:Bash(git push:*)", `perf stat make`, Allow},
	} {
		res := engine(t, ModeDefault, tt.rule).Check(bash(tt.src))
		if res.Decision != tt.want {
			t.Errorf("%s, %q: %v (%s), want %v", tt.rule, tt.src, res.Decision, res.Reason, tt.want)
		}
	}
}

// TestUnknownProgramTails: a deny or ask rule also matches what a program
// the engine has no table for may run, each tail of its words from a
// literal word that is not an option or a relative path, and the call is
// asked for (that the program runs it is a guess); programs it knows
// (echo, grep, git) do not get this, and allow rules never do.
func TestUnknownProgramTails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src    string
		tail   string // what the reason says the program may run; "" for none
		reason string // the reason without a tail, for "" tails
	}{
		{`foo git push`, `foo may run "git push"`, ""},
		{`foo --x git push`, `foo may run "git push"`, ""},
		{`run0 git push --force`, `run0 may run "git push --force"`, ""},
		{`gosu root git push`, `gosu may run "git push"`, ""},
		{`mytool -v /usr/bin/git push origin`, `mytool may run "/usr/bin/git push origin"`, ""},
		{`mytool git -C . push`, `mytool may run "git -C . push"`, ""},
		{`echo x | xargs mytool git`, `mytool may run "git"`, ""},
		// An option the table lacks leaves the wrapper the program: the
		// rule still finds what it runs.
		{`numactl -Q 0 git push`, `numactl may run "git push"`, ""},
		// Known programs whose words are text, names or paths.
		{`echo git push`, "", "echo is not a known dangerous command"},
		{`git commit -m 'git push'`, "", "git is not a known dangerous command"},
		{`grep "git push" log`, "", "grep is not a known dangerous command"},
		{`printf '%s\n' git push`, "", "printf is not a known dangerous command"},
		{`cat git push`, "", "cat is not a known dangerous command"},
		// Unknown programs with no such tail stay as they were.
		{`npm run push`, "", "npm is not a known dangerous command"},
		{`foo bar baz`, "", "foo is not a known dangerous command"},
		{`foo push git`, "", "foo is not a known dangerous command"},
		{`foo "$X" push`, "", "foo is not a known dangerous command"},
		{`foo --git push`, "", "foo is not a known dangerous command"},
		// A relative path is no program on PATH (go test ./pkg/git).
		{`foo ./pkg/git push`, "", "foo is not a known dangerous command"},
		{`foo github.com/x/git push`, "", "foo is not a known dangerous command"},
	}
	for _, tt := range tests {
		for _, k := range []struct {
			rule string
			want Decision
			verb string
		}{{"deny:Bash(git push:*)", Ask, "denies"}, {"ask:Bash(git push:*)", Ask, "asks approval for"}} {
			res := engine(t, ModeDefault, k.rule).Check(bash(tt.src))
			want, reason := k.want, tt.tail+", which rule Bash(git push:*) "+k.verb
			if tt.tail == "" {
				want, reason = Allow, tt.reason
			}
			if res.Decision != want || res.Reason != reason {
				t.Errorf("%s, %q: %v (%s), want %v (%s)", k.rule, tt.src, res.Decision, res.Reason, want, reason)
			}
		}
		// An allow rule matches no tail.
		if res := engine(t, ModeDefault, "allow:Bash(git push:*)").Check(bash(tt.src)); res.Rule != "" {
			t.Errorf("allow rule, %q: %v by rule %s, want no rule", tt.src, res.Decision, res.Rule)
		}
	}
}

// TestUnknownProgramTailsOrder: deny rules, tails included, come before
// ask rules; a command's own match comes before a tail's.
func TestUnknownProgramTailsOrder(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rules []string
		src   string
		want  Decision
		rule  string
	}{
		{[]string{"ask:Bash(foo:*)", "deny:Bash(git push:*)"}, `foo git push`, Ask, "Bash(git push:*)"},
		{[]string{"deny:Bash(foo:*)", "deny:Bash(git push:*)"}, `foo git push`, Deny, "Bash(foo:*)"},
		{[]string{"ask:Bash(git push:*)", "allow:Bash(foo:*)"}, `foo git push`, Ask, "Bash(git push:*)"},
		{[]string{"deny:Bash(git * main)"}, `foo git push origin main`, Ask, "Bash(git * main)"},
		{[]string{"deny:Bash(git push:*)"}, `foo git push && echo git push`, Ask, "Bash(git push:*)"},
		{[]string{"deny:Bash(git push:*)"}, `foo git push`, Ask, "Bash(git push:*)"},
	} {
		res := engine(t, ModeDefault, tt.rules...).Check(bash(tt.src))
		if res.Decision != tt.want || res.Rule != tt.rule {
			t.Errorf("%q with %q: %v by %q (%s), want %v by %q", tt.rules, tt.src, res.Decision, res.Rule, res.Reason, tt.want, tt.rule)
		}
	}
}

// BenchmarkCheckUnknownProgram1000Rules checks programs the engine has no
// table for, whose tails are tried against the deny and ask rules.
func BenchmarkCheckUnknownProgram1000Rules(b *testing.B) {
	e := engine(b, ModeDefault, manyRules(1000)...)
	c := bash(`foo --x bar baz qux && mytool -v build src/main.go out && cargo build --release`)
	b.ReportAllocs()
	for b.Loop() {
		e.Check(c)
	}
}
