package permission

import (
	"strings"
	"testing"
)

// refMatchPath is Rule.MatchPath as it was before matchTemplate: it spells
// the anchor out as tokens for every rule. The tests below hold the fast
// matchers to it.
func refMatchPath(r *Rule, w Word, env PathEnv) bool {
	if r.Pattern == "" {
		return r.Tool != "Bash" && r.Tool != "WebFetch"
	}
	m := r.matcher()
	if m == nil {
		return r.Kind != RuleAllow
	}
	if m.class != patPath {
		return false
	}
	dir := r.anchorDir(m, env)
	if dir == "" {
		return false
	}
	var t string
	if w.Literal {
		p := env.Resolve(w.Text)
		if strings.HasPrefix(p, "/") {
			return matchBelow(m, dir, p)
		}
		t = unrooted(p)
	} else {
		t = pathTemplate(w.Text, env)
	}
	return refMatchTemplateBelow(r, m, dir, t)
}

// refMatchTemplate is refMatchPath for a template.
func refMatchTemplate(r *Rule, t string, env PathEnv) bool {
	if r.Pattern == "" {
		return r.Tool != "Bash" && r.Tool != "WebFetch"
	}
	m := r.matcher()
	if m == nil {
		return r.Kind != RuleAllow
	}
	if m.class != patPath {
		return false
	}
	dir := r.anchorDir(m, env)
	if dir == "" {
		return false
	}
	return refMatchTemplateBelow(r, m, dir, t)
}

func refMatchTemplateBelow(r *Rule, m *ruleMatcher, dir, t string) bool {
	if r.Kind == RuleAllow {
		return false
	}
	prefix := dir
	if dir != "/" {
		prefix += "/"
	}
	toks := make([]gtok, 0, len(prefix)+len(m.glob)+3)
	for i := 0; i < len(prefix); i++ {
		toks = append(toks, gtok{op: gLit, b: prefix[i]})
	}
	if m.glob == nil {
		if dir == "/" {
			return strings.HasPrefix(t, "/") || strings.HasPrefix(t, string(rune(pathWild)))
		}
		toks = append(toks[:len(toks)-1], optionalRest...)
	} else {
		toks = append(toks, m.glob...)
	}
	return globMatch(toks, t, true)
}

// templatePatterns are path rules of every shape, for the template tests.
var templatePatterns = []string{
	"Read", "Edit", "Read(./secret/**)", "Read(secret)", "Read(*.key)", "Edit(/src/**/*.go)", "Edit(/src)",
	"Read(~/.ssh/**)", "Read(~)", "Read(//etc/passwd)", "Read(//etc/**)", "Edit(./a/b/../c/*)", "Read(../outside/**)",
	"Edit(./dir/)", "Read(**/node_modules/**)", "Edit(.env)", "Read(./x[0-9]/y)", "Write(/gen/*)", "Read(/)", "Read(//)",
	"Read(./héllo/**)", "Edit(./build*)", "Read(//home/u/proj/src/**)", "Edit(~/.ssh/**)", "Read(/src/*.go)",
	"Read(**/*.key)", "Read(./x*/y)", "Read(//e*)", "Read(//home/u/projects/**)", "Read(./src/secret/k)",
	"Edit(//tmp/**)", "Read(~/.config/app/*.toml)", "Read(./a?c/**)", "Read(//home/u/proj/sec[a-z]et/**)",
	"Read(../../**)", "Glob(./docs/**)",
}

// templateWords are path words only known at run time, as the shell
// analysis hands them over.
var templateWords = []string{
	"$X/y", "~/x/$Y", "$HOME/.ssh/id_rsa", "${HOME}/.ssh/*", "*.key", "./secret/*", "secret/$F", "$(pwd)/x",
	"`pwd`/secret/a", "/home/u/proj/src/$F.go", "/home/u/$D/x", "/home/u/pro$X", "/home/u/proj/secre*",
	"/home/u/proj/sec[a-z]et/k", "/etc/$X", "/e$X", "$X", "/$X", "../$X/k", "$X/../etc/passwd", "src/{a,b}.go",
	"'a b'/$X", `"$HOME"/.ssh/x`, `x\*y/$Z`, "/home/u/proj/héllo/$X", "~$USER/x", "$HOMEDIR/x", "build$X/y",
	"./dir/$X", "/gen/$X", "/home/u/proj/$X", "/home/u/proj/x$Y/y", "/home/u/proj/a/$B/../c", "/$X/etc/passwd",
	"/home/$U/.ssh/id_rsa", "~/.config/$APP/*.toml", "/home/u/proj/src/secret/$K", "${X}", "/home/u/projects$X",
	"/home/u/proj/.env$X", "$'/etc/passwd'", "/", "~", "~/", ".", "..", "$X/a.key", "$X/src/b.go", "$X/x1/y",
	"$X/p/node_modules/q", "/home/$U/proj/src/c.go", "$X/gen/d",
}

// templateEnvs are where a word may be resolved: the project, after a cd,
// in an unknown directory, without a home.
var templateEnvs = []PathEnv{
	testEnv,
	testEnv.In("src"),
	testEnv.In("?"),
	{Cwd: "/home/u/proj", Root: "/home/u/proj"},
	{Home: "/home/u"},
	{Cwd: "/", Home: "/root", Root: "/"},
}

// templatesOf returns the templates the engine makes of the words in env:
// each word as non-literal, and as a literal when env cannot place it.
func templatesOf(env PathEnv) []string {
	var out []string
	for _, w := range templateWords {
		out = append(out, pathTemplate(w, env))
		if p := env.Resolve(w); !strings.HasPrefix(p, "/") {
			out = append(out, unrooted(p))
		}
	}
	for _, w := range []string{"stamp", "secret/k", "../outside/x", "~/.ssh/id_rsa", "a\x02b/c", ".env", "src/secret/k", "x.key", "src/y.go", "gen/z", "abc/d"} {
		if p := env.Resolve(w); !strings.HasPrefix(p, "/") {
			out = append(out, unrooted(p))
		}
		out = append(out, unrooted(w))
	}
	return out
}

// TestMatchTemplateAgreesWithTokens: matchTemplate matches the anchor
// without spelling it out as tokens, and MatchPath goes through it; both
// must say what the token-by-token match says, for every rule, word and
// environment.
func TestMatchTemplateAgreesWithTokens(t *testing.T) {
	t.Parallel()
	for _, kind := range []RuleKind{RuleAllow, RuleAsk, RuleDeny} {
		for _, p := range templatePatterns {
			r, err := ParseRule(kind, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, env := range templateEnvs {
				for _, tmpl := range templatesOf(env) {
					for _, anchorEnv := range []PathEnv{env, testEnv} {
						if got, want := r.matchTemplate(tmpl, anchorEnv), refMatchTemplate(&r, tmpl, anchorEnv); got != want {
							t.Errorf("%s %s matchTemplate(%q) in %+v = %v, token match %v", kind, p, tmpl, anchorEnv, got, want)
						}
					}
				}
				for _, w := range templateWords {
					for _, word := range []Word{{Text: w}, {Text: w, Literal: true}} {
						if got, want := r.MatchPath(word, env), refMatchPath(&r, word, env); got != want {
							t.Errorf("%s %s MatchPath(%+v) in %+v = %v, token match %v", kind, p, word, env, got, want)
						}
					}
				}
			}
		}
	}
}

// TestPathIndexAgreesWithScanOnTemplates: firstTemplateRule files a
// template under its literal start; for every template, kind and tool it
// must find the same first rule as trying every rule.
func TestPathIndexAgreesWithScanOnTemplates(t *testing.T) {
	t.Parallel()
	var templates []string
	for _, env := range templateEnvs {
		templates = append(templates, templatesOf(env)...)
	}
	for _, kind := range []RuleKind{RuleAllow, RuleAsk, RuleDeny} {
		var rules []string
		for _, p := range templatePatterns {
			rules = append(rules, kind.String()+":"+p)
		}
		// Every suffix of the list, so each rule gets to be first.
		for start := range rules {
			e := engine(t, ModeDefault, rules[start:]...)
			// A rule whose pattern does not compile matches every path
			// for deny and ask.
			e.Rules.Add(Rule{Kind: kind, Tool: "Read", Pattern: "[", Text: "Read([)"})
			for _, tmpl := range templates {
				for _, tool := range []string{"Read", "Edit", "Write", "Glob"} {
					got := e.firstTemplateRule(kind, tool, tmpl, nil)
					want := e.Rules.FirstMatch(kind, tool, func(r *Rule) bool { return refMatchTemplate(r, tmpl, e.Env) })
					if got != want {
						t.Errorf("%s %s %q from rule %d: index found %v, scan %v", kind, tool, tmpl, start, got, want)
					}
				}
			}
		}
	}
}

// TestPathIndexSeesRulesBelowTheLiteral: a template's unknown part may
// spell out any number of directories, so rules filed deep below its
// literal start must be found, and rules beside it must not.
func TestPathIndexSeesRulesBelowTheLiteral(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault, "deny:Read(./a/b/c/secret/**)", "deny:Read(//home/u/projx/**)", "deny:Read(./ab/**)")
	tests := []struct {
		tmpl string
		want string // the rule found, "" for none
	}{
		{"/home/u/proj/\x02/k", "Read(./a/b/c/secret/**)"},
		{"/home/u/proj/a/\x02", "Read(./a/b/c/secret/**)"},
		{"/home/u/proj/a\x02", "Read(./a/b/c/secret/**)"},
		{"/home/u/proj\x02", "Read(./a/b/c/secret/**)"},
		{"/home/u/proj/ab\x02", "Read(./ab/**)"},
		{"/home/u/proj/a/b/c/secret/\x02", "Read(./a/b/c/secret/**)"},
		{"/home/u/proj/a/b/c/secretx/\x02", ""},
		{"/home/u/proj/b/\x02", ""},
		{"/home/u/projx/\x02", "Read(//home/u/projx/**)"},
		{"/home/\x02/secret/k", "Read(./a/b/c/secret/**)"},
		{"\x02/k", "Read(./a/b/c/secret/**)"},
		{"/tmp/\x02", ""},
	}
	for _, tt := range tests {
		got := ""
		if r := e.firstTemplateRule(RuleDeny, "Read", tt.tmpl, nil); r != nil {
			got = r.Text
		}
		if got != tt.want {
			t.Errorf("firstTemplateRule(%q) = %q, want %q", tt.tmpl, got, tt.want)
		}
	}
}
