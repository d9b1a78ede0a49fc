package permission

import (
	"cmp"
	"strings"
	"testing"
	"unicode"
)

// TestSearchDecisions: a search reads what lies below the directory it
// searches, so the deny rules and credential stores below it count, and
// what its glob names is read as that path.
func TestSearchDecisions(t *testing.T) {
	t.Parallel()
	D, Y, P, N := ModeDefault, ModeBypassPermissions, ModePlan, ModeDontAsk
	secrets := []string{"deny:Read(./secrets/**)"}
	grep := func(path, glob string) Call { return Call{Tool: "Grep", Path: path, Glob: glob} }
	globc := func(path, pattern string) Call { return Call{Tool: "Glob", Path: path, Glob: pattern} }
	tests := []struct {
		name  string
		mode  Mode
		rules []string
		call  Call
		want  Decision
	}{
		// A glob that names a denied directory is a read of it.
		{"Grep glob naming a denied directory", D, secrets, grep(".", "secrets/*"), Deny},
		{"Grep glob naming a denied directory, bypass", Y, secrets, grep(".", "secrets/*"), Deny},
		{"Grep glob naming a denied directory, no path", D, secrets, grep("", "secrets/*"), Deny},
		{"Grep glob anchored with /", D, secrets, grep(".", "/secrets/*"), Deny},
		{"Grep glob through ./", D, secrets, grep(".", "./secrets/*.txt"), Deny},
		{"Grep glob climbing back in", D, secrets, grep("src", "../secrets/*"), Deny},
		{"Grep glob naming a denied file", D, []string{"deny:Read(./config/prod.yml)"}, grep(".", "config/prod.yml"), Deny},
		{"Grep glob list split at commas", D, secrets, grep(".", "*.go,secrets/*"), Deny},
		{"Grep glob list split at spaces", D, secrets, grep(".", "*.go secrets/*"), Deny},
		{"Glob pattern naming a denied directory", D, secrets, globc(".", "secrets/**"), Deny},
		{"Glob pattern naming a denied directory, no path", Y, secrets, globc("", "secrets/**"), Deny},
		{"Grep of a denied directory, as today", D, secrets, grep("secrets", ""), Deny},
		{"LS of a denied directory, as today", D, secrets, Call{Tool: "LS", Path: "secrets"}, Deny},

		// A deny rule below the directory Grep searches: it may read
		// what the rule denies.
		{"Grep of the project with a deny below", D, secrets, grep(".", ""), Ask},
		{"Grep of the working directory with a deny below", D, secrets, grep("", ""), Ask},
		{"Grep with a deny below, bypass", Y, secrets, grep(".", ""), Ask},
		{"Grep with a deny below, plan", P, secrets, grep(".", ""), Ask},
		{"Grep with a deny below, dontAsk", N, secrets, grep(".", ""), Deny},
		{"Grep with a deny below, allowed by a rule", D, append([]string{"allow:Grep", "allow:Read"}, secrets...), grep(".", ""), Ask},
		{"Grep glob that may match below the deny", D, secrets, grep(".", "*.go"), Ask},
		{"Grep glob that excludes reads everything else", D, secrets, grep(".", "!*.md"), Ask},
		{"Grep glob with a brace list", D, secrets, grep(".", "{secrets,src}/*"), Ask},
		{"Grep with a name denied at any depth", D, []string{"deny:Read(.env)"}, grep(".", ""), Ask},
		{"Grep with an ask rule below", Y, []string{"ask:Read(./config/**)"}, grep(".", ""), Ask},

		// Credential stores below the searched directory.
		{"Grep of home for .ssh", D, nil, grep("~", ".ssh/*"), Ask},
		{"Grep of home for .ssh, bypass", Y, nil, grep("~", ".ssh/*"), Ask},
		{"Grep of home", Y, nil, grep("~", ""), Ask},
		{"Grep of /", Y, nil, grep("/", ""), Ask},
		{"Grep of /etc for shadow", D, nil, grep("/etc", "shadow"), Ask},
		{"Grep of /etc for shadow, bypass", Y, nil, grep("/etc", "shadow"), Ask},
		{"Grep of /etc for the host keys", Y, nil, grep("/etc", "ssh/ssh_host_*"), Ask},
		{"Grep of / through /proc/self/root", Y, nil, grep("/proc/self/root", "home/u/.aws/*"), Ask},
		{"Grep through another process's cwd", Y, nil, grep("/proc/1/cwd", ""), Ask},
		{"Glob of home lists names, reads nothing", Y, nil, globc("~", "**/*"), Allow},
		{"Glob with an absolute pattern into .ssh", D, nil, globc(".", "/home/u/.ssh/*"), Ask},
		{"Glob climbing into .ssh", D, nil, globc(".", "../.ssh/*"), Ask},
		{"LS of home lists names, reads nothing", Y, nil, Call{Tool: "LS", Path: "~"}, Allow},

		// A path rule naming a search tool governs that tool.
		{"a Grep deny rule denies Grep of its directory", D, []string{"deny:Grep(./secrets/**)"}, grep("secrets", ""), Deny},
		{"a Grep deny rule denies a glob naming its directory", D, []string{"deny:Grep(./secrets/**)"}, grep(".", "secrets/*"), Deny},
		{"a Grep deny rule below asks", Y, []string{"deny:Grep(./secrets/**)"}, grep(".", ""), Ask},
		{"a Glob deny rule denies a pattern naming its directory", D, []string{"deny:Glob(./secrets/**)"}, globc(".", "secrets/**"), Deny},
		{"an LS deny rule denies LS of its directory", D, []string{"deny:LS(./secrets)"}, Call{Tool: "LS", Path: "secrets"}, Deny},
		{"a Grep deny rule does not govern Read", D, []string{"deny:Grep(./secrets/**)"}, Call{Tool: "Read", Path: "secrets/a"}, Allow},

		// Ordinary searches stay allowed.
		{"Grep of the project", D, nil, grep(".", ""), Allow},
		{"Grep of the project, bypass", Y, nil, grep("", ""), Allow},
		{"Grep of the project by its path below home", D, nil, grep("~/proj", ""), Allow},
		{"Grep beside the denied directory", D, secrets, grep("src", ""), Allow},
		{"Grep glob beside the denied directory", D, secrets, grep(".", "src/**/*.go"), Allow},
		{"Grep glob that cannot match the denied files", D, []string{"deny:Read(./secrets/*.key)"}, grep(".", "docs/*.md"), Allow},
		{"Grep of home narrowed to the project", D, nil, grep("~", "proj/**/*.go"), Allow},
		{"Grep of /etc for hosts.allow", D, nil, grep("/etc", "hosts.allow/x"), Allow},
		{"Glob in the project", D, nil, globc("", "**/*.go"), Allow},
		{"Glob in the project with a deny below: names only", D, secrets, globc(".", "**/*.go"), Allow},
		{"LS of the project with a deny below: names only", D, secrets, Call{Tool: "LS", Path: "."}, Allow},
		{"Read is no search", D, secrets, Call{Tool: "Read", Path: "main.go"}, Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(tt.call)
			if res.Decision != tt.want {
				t.Errorf("%s %q glob %q in %s: %s (%s), want %s", tt.call.Tool, tt.call.Path, tt.call.Glob, tt.mode, res.Decision, res.Reason, tt.want)
			}
			if res.Reason == "" {
				t.Error("empty reason")
			}
		})
	}
}

// TestSearchCallFromInput: the glob comes from Grep's glob and Glob's
// pattern, not from Grep's pattern, which is a regular expression.
func TestSearchCallFromInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool, input string
		want        Call
		ambiguous   bool
	}{
		{"Grep", `{"pattern":"T","path":".","glob":"secrets/*","output_mode":"content"}`, Call{Tool: "Grep", Path: ".", Glob: "secrets/*"}, false},
		{"grep_search", `{"pattern":"secrets/*"}`, Call{Tool: "grep_search"}, false},
		{"Glob", `{"pattern":"secrets/**","path":"."}`, Call{Tool: "Glob", Path: ".", Glob: "secrets/**"}, false},
		{"Glob", `{"glob":"x"}`, Call{Tool: "Glob"}, false},
		{"Grep", `{"glob":"*.go","Glob":"secrets/*"}`, Call{}, true},
		{"Glob", `{"pattern":"*.go","PATTERN":"secrets/*"}`, Call{}, true},
		{"mcp__x__search", `{"Pattern":"a","Glob":"b"}`, Call{Tool: "mcp__x__search"}, false},
	}
	for _, tt := range tests {
		got, err := CallFromInput(tt.tool, []byte(tt.input))
		if _, ok := err.(*AmbiguousInputError); ok != tt.ambiguous || !tt.ambiguous && (err != nil || got != tt.want) {
			t.Errorf("CallFromInput(%s, %s) = %+v, %v; want %+v (ambiguous %v)", tt.tool, tt.input, got, err, tt.want, tt.ambiguous)
		}
	}
}

// TestSearchSessionKey: approving a search approves that glob, not
// another over the same directory.
func TestSearchSessionKey(t *testing.T) {
	t.Parallel()
	a := Call{Tool: "Grep", Path: ".", Glob: "*.go"}
	b := Call{Tool: "Grep", Path: ".", Glob: "secrets/*"}
	if Key(a) == Key(b) || Key(a) == Key(Call{Tool: "Grep", Path: "."}) {
		t.Errorf("keys %q, %q and %q: want all different", Key(a), Key(b), Key(Call{Tool: "Grep", Path: "."}))
	}
	if got := Key(Call{Tool: "grep_search", Path: "src"}); got != "Grep:src" {
		t.Errorf("a search without a glob keeps its key: %q", got)
	}
}

// FuzzCheckSearch checks that a search never panics, and that a glob
// naming a path outright is never allowed where a Read of that path is
// denied.
func FuzzCheckSearch(f *testing.F) {
	for _, s := range [][2]string{
		{".", "secrets/*"}, {"", "secrets/**"}, {"~", ".ssh/*"}, {"/etc", "shadow"}, {".", "*.go,secrets/*"},
		{".", "!*.md"}, {"src", "../secrets/x"}, {"/proc/self/root", "home/u/.aws/*"}, {".", "{a,b}/[x]"},
	} {
		f.Add(s[0], s[1])
	}
	e := engine(f, ModeBypassPermissions, "deny:Read(./secrets/**)", "deny:Grep(//etc/x)")
	f.Fuzz(func(t *testing.T, dir, glob string) {
		for _, tool := range []string{"Grep", "Glob", "LS"} {
			res := e.check(Call{Tool: tool, Path: dir, Glob: glob})
			if tool == "LS" || res.Decision == Deny || glob == "" || strings.ContainsAny(glob, globMeta+"!,") || strings.IndexFunc(glob, unicode.IsSpace) >= 0 {
				continue
			}
			p := e.Env.Resolve(cmp.Or(dir, ".")) + "/" + strings.TrimPrefix(glob, "/")
			if r := e.check(Call{Tool: tool, Path: p}); r.Decision == Deny {
				t.Fatalf("%s of %q with glob %q: %s (%s), but of %q: deny", tool, dir, glob, res.Decision, res.Reason, p)
			}
		}
	})
}

// TestSearchDenyBelowMissing: a deny rule for a path that does not exist
// makes no Grep ask: a review's project with the deny list Claude Code's
// documentation shows (Read(./.env.*), Read(./secrets/**)) had every
// Grep asked, and denied in dontAsk, with neither there. One that exists,
// or whose name may be anywhere (Read(.env)), still asks.
func TestSearchDenyBelowMissing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rule string
		want Decision
	}{
		{"deny:Read(./.env.production)", Allow},
		{"deny:Read(./vault/**)", Allow},
		{"deny:Read(./vault/*.key)", Allow},
		{"deny:Read(./secrets/**)", Ask},
		{"deny:Read(./.env)", Ask},
		{"deny:Read(.env.*)", Ask},
	} {
		e := engine(t, ModeDefault, tt.rule)
		if got := e.Check(Call{Tool: "Grep", Path: "."}); got.Decision != tt.want {
			t.Errorf("%s, Grep of the project: %v (%s), want %v", tt.rule, got.Decision, got.Reason, tt.want)
		}
	}
}
