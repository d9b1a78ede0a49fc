package permission

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// litWord and unkWord build literal and non-literal words.
func litWord(s string) Word { return Word{Text: s, Literal: true} }
func unkWord(s string) Word { return Word{Text: s} }

// cmdOf builds a simple command from space-separated words; a word holding
// '$', '`' or '*' is not literal.
func cmdOf(s string) SimpleCommand {
	var c SimpleCommand
	for _, f := range strings.Fields(s) {
		if strings.ContainsAny(f, "$`*") {
			c.Words = append(c.Words, unkWord(f))
		} else {
			c.Words = append(c.Words, litWord(f))
		}
	}
	c.Text = s
	return c
}

// wrappedCmd builds a command whose first inner words are wrappers.
func wrappedCmd(s string, inner int) SimpleCommand {
	c := cmdOf(s)
	c.Inner = inner
	return c
}

func mustParseRule(t testing.TB, kind RuleKind, text string) Rule {
	t.Helper()
	r, err := ParseRule(kind, text)
	if err != nil {
		t.Fatalf("ParseRule(%v, %q): %v", kind, text, err)
	}
	return r
}

func TestParseRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		text        string
		wantTool    string
		wantPattern string
		wantErr     string
	}{
		{"bare tool matches every call", "Bash", "Bash", "", ""},
		{"Tool(*) is the bare tool", "Bash(*)", "Bash", "", ""},
		{"seed alias run_shell is Bash", "run_shell(npm test*)", "Bash", "npm test*", ""},
		{"seed alias read_file is Read", "read_file", "Read", "", ""},
		{"tool names ignore case", "bash(ls)", "Bash", "ls", ""},
		{"blanks around the rule are dropped", "  Read(.env)  ", "Read", ".env", ""},
		{"blanks inside the parentheses are dropped", "Bash( ls )", "Bash", "ls", ""},
		{"MCP tools are kept as written", "mcp__github__get_issue", "mcp__github__get_issue", "", ""},
		{"unknown tools are kept as written", "Task(explore)", "Task", "explore", ""},
		{"WebFetch domain", "WebFetch(domain:example.com)", "WebFetch", "domain:example.com", ""},
		{"parentheses inside a pattern balance", "Bash(echo (x))", "Bash", "echo (x)", ""},
		{"quoted parenthesis needs no partner", `Bash(echo ")")`, "Bash", `echo ")"`, ""},

		{"missing closing parenthesis", "Bash(rm", "", "", `malformed rule "Bash(rm": missing ")"`},
		{"text after the closing parenthesis", "Bash(ls)x", "", "", `unexpected text after ")"`},
		{"closing parenthesis alone", "Bash)", "", "", `")" without "("`},
		{"unbalanced parentheses inside", "Bash(ls))", "", "", "unbalanced parentheses"},
		{"unclosed parenthesis inside", "Read((x)", "", "", "unbalanced parentheses"},
		{"empty tool", "(ls)", "", "", "missing tool name"},
		{"empty rule", "   ", "", "", "empty rule"},
		{"tool with a space", "Bash x(ls)", "", "", "invalid tool name"},
		{"tool with a slash", "a/b", "", "", "invalid tool name"},
		{"empty pattern", "Bash()", "", "", "empty pattern"},
		{"blank pattern", "Bash(  )", "", "", "empty pattern"},
		{"unterminated quote", `Bash(echo "x)`, "", "", "unterminated"},
		{"empty command before :*", "Bash(:*)", "", "", `empty command before ":*"`},
		{"invalid glob", "Read(src/[a-)", "", "", "invalid glob"},
		{"backwards range", "Read([z-a])", "", "", "backwards"},
		{".. after a wildcard", "Read(*/../x)", "", "", "invalid glob"},
		{"WebFetch without domain:", "WebFetch(example.com)", "", "", "domain:HOST"},
		{"WebFetch bad domain", "WebFetch(domain:exa mple.com)", "", "", "invalid character"},
		{"control character", "Bash(ls\n)", "", "", "control character"},
		{"overlong rule", "Bash(" + strings.Repeat("x", maxRuleLen) + ")", "", "", "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := ParseRule(RuleDeny, tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseRule(%q) error = %v, want one containing %q", tt.text, err, tt.wantErr)
				}
				var re *RuleError
				if !errors.As(err, &re) {
					t.Errorf("error %T is not a *RuleError", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseRule(%q): %v", tt.text, err)
			}
			if r.Tool != tt.wantTool || r.Pattern != tt.wantPattern {
				t.Errorf("ParseRule(%q) = Tool %q Pattern %q, want %q %q", tt.text, r.Tool, r.Pattern, tt.wantTool, tt.wantPattern)
			}
			if r.Text != strings.TrimSpace(tt.text) || r.Kind != RuleDeny {
				t.Errorf("ParseRule(%q) = Text %q Kind %v", tt.text, r.Text, r.Kind)
			}
		})
	}
}

func TestRuleKindString(t *testing.T) {
	t.Parallel()
	for k, want := range map[RuleKind]string{RuleAllow: "allow", RuleAsk: "ask", RuleDeny: "deny", 7: "RuleKind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("RuleKind(%d).String() = %q, want %q", int(k), got, want)
		}
		if k <= RuleDeny {
			if back, err := ParseRuleKind(want); err != nil || back != k {
				t.Errorf("ParseRuleKind(%q) = %v, %v", want, back, err)
			}
		}
	}
	if _, err := ParseRuleKind("permit"); err == nil {
		t.Error("ParseRuleKind(permit) succeeded")
	}
}

func TestRuleAppliesTo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rule string
		tool string
		want bool
	}{
		{"Bash rules govern Bash", "Bash(ls)", "Bash", true},
		{"Bash rules do not govern Read", "Bash", "Read", false},
		{"Read rules govern Read", "Read(.env)", "Read", true},
		{"Read rules govern Glob", "Read(.env)", "Glob", true},
		{"Read rules govern Grep", "Read(.env)", "Grep", true},
		{"Read rules govern LS", "Read(.env)", "LS", true},
		{"Read rules do not govern Edit", "Read(.env)", "Edit", false},
		{"Edit rules govern Edit", "Edit(.env)", "Edit", true},
		{"Edit rules govern Write", "Edit(.env)", "Write", true},
		{"Edit rules govern MultiEdit", "Edit(.env)", "MultiEdit", true},
		{"Edit rules govern NotebookEdit", "Edit(x.ipynb)", "NotebookEdit", true},
		{"Edit rules do not govern Read", "Edit(.env)", "Read", false},
		{"Write rules govern Write only", "Write(.env)", "Edit", false},
		{"Grep rules govern Grep only", "Grep", "Read", false},
		{"WebFetch rules govern WebFetch", "WebFetch(domain:x.com)", "WebFetch", true},
		{"an MCP server rule governs its tools", "mcp__github", "mcp__github__get_issue", true},
		{"an MCP server rule does not govern other servers", "mcp__github", "mcp__githubx__get", false},
		{"an MCP tool rule governs that tool", "mcp__github__get_issue", "mcp__github__get_issue", true},
		{"an MCP tool rule does not govern its siblings", "mcp__github__get_issue", "mcp__github__list", false},
		{"unknown tools match exactly", "Task", "Task", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustParseRule(t, RuleAllow, tt.rule)
			if got := r.AppliesTo(tt.tool); got != tt.want {
				t.Errorf("%s.AppliesTo(%s) = %v, want %v", tt.rule, tt.tool, got, tt.want)
			}
		})
	}
}

func TestRuleMatchCommand(t *testing.T) {
	t.Parallel()
	xargs := func(s string, inner int) SimpleCommand {
		c := wrappedCmd(s, inner)
		c.OpenArgs = true
		return c
	}
	tests := []struct {
		name string
		kind RuleKind
		rule string
		cmd  SimpleCommand
		want bool
	}{
		// Exact patterns.
		{"no '*' matches the exact command", RuleAllow, "Bash(npm test)", cmdOf("npm test"), true},
		{"no '*' does not match extra words", RuleAllow, "Bash(npm test)", cmdOf("npm test --watch"), false},
		{"no '*' does not match fewer words", RuleAllow, "Bash(npm test)", cmdOf("npm"), false},
		{"no '*' does not match a longer word", RuleAllow, "Bash(npm test)", cmdOf("npm tests"), false},
		{"a bare tool matches every command", RuleAllow, "Bash", cmdOf("rm -rf /"), true},
		{"Bash(*) matches every command", RuleAllow, "Bash(*)", cmdOf("anything at all"), true},
		{"the seed alias matches like Bash", RuleDeny, "run_shell(git push)", cmdOf("git push"), true},
		{"blanks in the pattern are one word boundary", RuleAllow, "Bash(git   status)", cmdOf("git status"), true},

		// Trailing " *" and ":*": a word boundary, then anything or nothing.
		{"' *' matches the command alone", RuleAllow, "Bash(ls *)", cmdOf("ls"), true},
		{"' *' matches the command with arguments", RuleAllow, "Bash(ls *)", cmdOf("ls -la /tmp"), true},
		{"' *' needs a word boundary", RuleAllow, "Bash(ls *)", cmdOf("lsof"), false},
		{"':*' matches the command alone", RuleAllow, "Bash(ls:*)", cmdOf("ls"), true},
		{"':*' matches the command with arguments", RuleAllow, "Bash(npm test:*)", cmdOf("npm test --watch"), true},
		{"':*' needs a word boundary", RuleAllow, "Bash(ls:*)", cmdOf("lsof -i"), false},
		{"':*' after words needs every word", RuleAllow, "Bash(npm test:*)", cmdOf("npm install"), false},
		{"':*' needs a word boundary after the last word", RuleAllow, "Bash(npm test:*)", cmdOf("npm testx"), false},

		// '*' anywhere is a glob spanning spaces, anchored at both ends.
		{"'*' in the middle spans words", RuleAllow, "Bash(git * main)", cmdOf("git push origin main"), true},
		{"'*' in the middle is anchored at the end", RuleAllow, "Bash(git * main)", cmdOf("git push origin main --force"), false},
		{"'*' in the middle is anchored at the start", RuleAllow, "Bash(git * main)", cmdOf("sudo git push main"), false},
		{"'*' inside a word matches within the word", RuleAllow, "Bash(git checkout feat-*)", cmdOf("git checkout feat-x"), true},
		{"'*' at the start", RuleAllow, "Bash(* --version)", cmdOf("node --version"), true},
		{"'*' at the start is anchored at the end", RuleAllow, "Bash(* --version)", cmdOf("node --version; rm"), false},

		// The seed's bare trailing '*' is a plain prefix.
		{"bare trailing '*' is a string prefix", RuleAllow, "run_shell(npm test*)", cmdOf("npm testx"), true},
		{"bare trailing '*' matches the prefix alone", RuleAllow, "run_shell(npm test*)", cmdOf("npm test"), true},
		{"bare trailing '*' spans words", RuleAllow, "run_shell(npm test*)", cmdOf("npm test --watch"), true},
		{"bare trailing '*' needs the prefix", RuleAllow, "run_shell(npm test*)", cmdOf("npm tes"), false},
		{"seed deny prefix", RuleDeny, "run_shell(rm -rf*)", cmdOf("rm -rf /tmp"), true},

		// Quoting cannot smuggle a word boundary.
		{"a quoted space is not a word boundary", RuleAllow, "Bash(git status)",
			SimpleCommand{Words: []Word{litWord("git"), litWord("status; rm -rf /")}}, false},
		{"a quoted word with spaces matches a quoted pattern word", RuleAllow, `Bash(git commit -m "fix bug")`,
			SimpleCommand{Words: []Word{litWord("git"), litWord("commit"), litWord("-m"), litWord("fix bug")}}, true},
		{"an unquoted pattern space is not a quoted space", RuleAllow, "Bash(git commit -m fix bug)",
			SimpleCommand{Words: []Word{litWord("git"), litWord("commit"), litWord("-m"), litWord("fix bug")}}, false},
		{"a star covers a word with spaces", RuleAllow, "Bash(echo *)",
			SimpleCommand{Words: []Word{litWord("echo"), litWord("a b")}}, true},
		{"a quoted star in the pattern is literal", RuleAllow, `Bash(echo "*")`, cmdOf("echo x"), false},
		{"a quoted star matches a literal star", RuleAllow, `Bash(echo "*")`,
			SimpleCommand{Words: []Word{litWord("echo"), litWord("*")}}, true},

		// Uncertainty: deny and ask rules match what could match.
		{"deny: an unknown word may be what ' *' needs", RuleDeny, "Bash(rm -rf *)", cmdOf("rm -rf $DIR"), true},
		{"deny: an unknown word may be the exact word", RuleDeny, "Bash(rm -rf /)", cmdOf("rm -rf $DIR"), true},
		{"deny: an unknown command name may be the command", RuleDeny, "Bash(rm:*)", cmdOf("$CMD -rf /"), true},
		{"deny: a substitution may be the command", RuleDeny, "Bash(rm:*)", cmdOf("$(which_rm) x"), true},
		{"deny: an unknown word may span several words", RuleDeny, "Bash(git push --force origin)", cmdOf("git $ARGS"), true},
		{"deny: an unknown word may be empty", RuleDeny, "Bash(rm -rf /)", cmdOf("rm $OPT -rf /"), true},
		{"deny: an unknown last word may be empty", RuleDeny, "Bash(rm)", cmdOf("rm $OPT"), true},
		{"deny: an unknown first word may be empty", RuleDeny, "Bash(rm -rf /)", cmdOf("$PRE rm -rf /"), true},
		{"deny: a literal mismatch still excludes", RuleDeny, "Bash(rm -rf /)", cmdOf("ls $DIR"), false},
		{"deny: a literal word after an unknown one must match", RuleDeny, "Bash(git push origin main)", cmdOf("git push $R dev"), false},
		{"ask: an unknown word may be what the pattern needs", RuleAsk, "Bash(git push:*)", cmdOf("git $SUB"), true},
		{"allow: an unknown word is not what the pattern needs", RuleAllow, "Bash(rm -rf /tmp/x)", cmdOf("rm -rf $DIR"), false},
		{"allow: an unknown command name never matches a literal one", RuleAllow, "Bash(ls:*)", cmdOf("$CMD -la"), false},
		{"allow: a trailing ' *' covers unknown words", RuleAllow, "Bash(echo *)", cmdOf("echo $HOME"), true},
		{"allow: a middle '*' covers unknown words", RuleAllow, "Bash(git * main)", cmdOf("git $SUB main"), true},
		{"allow: a '*' inside a word does not cover an unknown word", RuleAllow, "Bash(echo a*)", cmdOf("echo $X"), false},
		{"allow: a leading '*' covers an unknown command", RuleAllow, "Bash(* --version)", cmdOf("$CC --version"), true},

		// Wrappers.
		{"deny reaches through sudo", RuleDeny, "Bash(rm:*)", wrappedCmd("sudo rm -rf /", 1), true},
		{"deny reaches through env and its options", RuleDeny, "Bash(rm -rf /)", wrappedCmd("env -i rm -rf /", 2), true},
		{"deny matches the wrapper itself", RuleDeny, "Bash(sudo:*)", wrappedCmd("sudo rm -rf /", 1), true},
		{"deny matches a command named by its path", RuleDeny, "Bash(rm:*)", cmdOf("/bin/rm -rf /"), true},
		{"deny matches a path-named command behind a wrapper", RuleDeny, "Bash(rm:*)", wrappedCmd("sudo /usr/bin/rm x", 1), true},
		{"allow does not reach through sudo", RuleAllow, "Bash(rm:*)", wrappedCmd("sudo rm -rf /", 1), false},
		{"allow does not reach through doas", RuleAllow, "Bash(rm:*)", wrappedCmd("doas rm x", 1), false},
		{"allow does not reach through env", RuleAllow, "Bash(npm test)", wrappedCmd("env npm test", 1), false},
		{"allow does not reach through exec", RuleAllow, "Bash(npm test)", wrappedCmd("exec npm test", 1), false},
		{"allow reaches through timeout", RuleAllow, "Bash(npm test)", wrappedCmd("timeout 10 npm test", 2), true},
		{"allow reaches through nice -n", RuleAllow, "Bash(npm test)", wrappedCmd("nice -n 5 npm test", 3), true},
		{"allow reaches through nohup", RuleAllow, "Bash(npm test)", wrappedCmd("nohup npm test", 1), true},
		{"allow does not reach through timeout then sudo", RuleAllow, "Bash(rm:*)", wrappedCmd("timeout 5 sudo rm x", 3), false},
		{"allow does not match a path-named command", RuleAllow, "Bash(ls:*)", cmdOf("/tmp/evil/ls"), false},
		{"allow does not match the wrapped form as written", RuleAllow, "Bash(sudo rm:*)", wrappedCmd("sudo rm x", 1), false},

		// xargs appends unknown words.
		{"deny: xargs may append what the pattern needs", RuleDeny, "Bash(rm -rf /)", xargs("xargs rm -rf", 1), true},
		{"deny: xargs may append the rest of ':*'", RuleDeny, "Bash(rm -rf /:*)", xargs("xargs rm -rf", 1), true},
		{"deny: appended words start a new word", RuleDeny, "Bash(rmdir:*)", xargs("xargs rm", 1), false},
		{"allow: xargs never matches an exact pattern", RuleAllow, "Bash(rm x)", xargs("xargs rm", 1), false},
		{"allow: xargs never reaches through to the command", RuleAllow, "Bash(echo:*)", xargs("xargs echo", 1), false},
		{"allow: appended words need a trailing wildcard", RuleAllow, "Bash(grep * x)", func() SimpleCommand { c := cmdOf("grep a"); c.OpenArgs = true; return c }(), false},
		{"allow: a trailing wildcard covers appended words", RuleAllow, "Bash(grep:*)", func() SimpleCommand { c := cmdOf("grep a"); c.OpenArgs = true; return c }(), true},

		{"a Read rule matches no command", RuleDeny, "Read", cmdOf("cat x"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustParseRule(t, tt.kind, tt.rule)
			if got := r.MatchCommand(tt.cmd); got != tt.want {
				t.Errorf("%s %s MatchCommand(%+v) = %v, want %v", tt.kind, tt.rule, tt.cmd.Words, got, tt.want)
			}
			// The indexed search agrees with trying every rule in order.
			var rs Rules
			for _, text := range []string{"Bash(unrelated-command:*)", "Bash(* --never)", tt.rule, "Bash(git:*)"} {
				rs.Add(mustParseRule(t, tt.kind, text))
			}
			var want *Rule
			l := *rs.kindList(tt.kind)
			for i := range l {
				if l[i].MatchCommand(tt.cmd) {
					want = &l[i]
					break
				}
			}
			if got := rs.FirstCommandMatch(tt.kind, tt.cmd); got != want {
				t.Errorf("FirstCommandMatch = %q, trying every rule gives %q", ruleTextOf(got), ruleTextOf(want))
			}
		})
	}
}

func TestRuleMatchPath(t *testing.T) {
	t.Parallel()
	env := PathEnv{Cwd: "/proj/sub", Home: "/home/u", Root: "/proj"}
	tests := []struct {
		name string
		kind RuleKind
		rule string
		base string
		word Word
		want bool
	}{
		// Anchors.
		{"// is the file system root", RuleDeny, "Read(//etc/passwd)", "", litWord("/etc/passwd"), true},
		{"// does not match elsewhere", RuleDeny, "Read(//etc/passwd)", "", litWord("/proj/etc/passwd"), false},
		{"~/ is the home directory", RuleDeny, "Read(~/.ssh/id_rsa)", "", litWord("/home/u/.ssh/id_rsa"), true},
		{"a path word with ~ resolves to home", RuleDeny, "Read(~/.ssh/id_rsa)", "", litWord("~/.ssh/id_rsa"), true},
		{"/ is the settings file's project", RuleDeny, "Edit(/config/*.yaml)", "/other", litWord("/other/config/a.yaml"), true},
		{"/ is not the file system root", RuleDeny, "Edit(/config/*.yaml)", "/other", litWord("/config/a.yaml"), false},
		{"/ falls back to the project root", RuleDeny, "Edit(/config/*.yaml)", "", litWord("/proj/config/a.yaml"), true},
		{"./ is the working directory", RuleDeny, "Read(./secret.txt)", "", litWord("secret.txt"), true},
		{"./ is anchored: not deeper", RuleDeny, "Read(./secret.txt)", "", litWord("x/secret.txt"), false},
		{"a relative path with a / is the working directory", RuleDeny, "Read(data/x.csv)", "", litWord("/proj/sub/data/x.csv"), true},
		{"a relative path with a / is anchored", RuleDeny, "Read(data/x.csv)", "", litWord("/proj/sub/a/data/x.csv"), false},

		// Bare names float like .gitignore lines.
		{"a bare name matches at the working directory", RuleDeny, "Read(.env)", "", litWord(".env"), true},
		{"a bare name matches at any depth", RuleDeny, "Read(.env)", "", litWord("a/b/.env"), true},
		{"a bare name does not match above the working directory", RuleDeny, "Read(.env)", "", litWord("/proj/.env"), false},
		{"a bare name is a whole name", RuleDeny, "Read(.env)", "", litWord(".env.example"), false},
		{"a bare glob matches at any depth", RuleDeny, "Read(*.key)", "", litWord("certs/server.key"), true},
		{"a bare glob matches whole names", RuleDeny, "Read(*.key)", "", litWord("certs/server.keys"), false},
		{"a bare directory matches everything below it", RuleDeny, "Read(node_modules)", "", litWord("a/node_modules/x/y.js"), true},
		{"a trailing / still floats", RuleDeny, "Read(build/)", "", litWord("x/build/out.o"), true},

		// Globs.
		{"* does not cross /", RuleAllow, "Read(src/*.go)", "", litWord("src/a/b.go"), false},
		{"* matches within a component", RuleAllow, "Read(src/*.go)", "", litWord("src/main.go"), true},
		{"** crosses /", RuleAllow, "Read(src/**/*.go)", "", litWord("src/a/b/c.go"), true},
		{"** matches zero components", RuleAllow, "Read(src/**/*.go)", "", litWord("src/c.go"), true},
		{"leading ** matches at any depth", RuleAllow, "Read(**/*.md)", "", litWord("docs/x/y.md"), true},
		{"? matches one byte", RuleAllow, "Read(file?.txt)", "", litWord("file1.txt"), true},
		{"? does not match /", RuleAllow, "Read(a?b)", "", litWord("a/b"), false},
		{"[...] matches a set", RuleAllow, "Read(log[0-9].txt)", "", litWord("log7.txt"), true},
		{"[!...] matches outside the set", RuleAllow, "Read(log[!0-9].txt)", "", litWord("log7.txt"), false},
		{"\\ escapes a glob byte", RuleAllow, `Read(a\*b)`, "", litWord("axb"), false},

		// Directory prefixes.
		{"a directory matches everything below it", RuleDeny, "Read(~/.ssh)", "", litWord("/home/u/.ssh/id_rsa"), true},
		{"a directory matches itself", RuleDeny, "Read(~/.ssh)", "", litWord("/home/u/.ssh"), true},
		{"a directory is not a string prefix", RuleDeny, "Read(~/.ssh)", "", litWord("/home/u/.sshfoo/x"), false},
		{"dir/** matches everything below it", RuleDeny, "Read(~/.ssh/**)", "", litWord("/home/u/.ssh/keys/id"), true},
		{"dir/** matches the directory itself", RuleDeny, "Read(~/.ssh/**)", "", litWord("/home/u/.ssh"), true},
		{"~ alone is the whole home directory", RuleDeny, "Read(~)", "", litWord("/home/u/x"), true},
		{"// alone is everything", RuleDeny, "Read(//)", "", litWord("/anything"), true},

		// Normalisation.
		{".. is resolved before matching an allow rule", RuleAllow, "Read(src/**)", "", litWord("src/../../../etc/passwd"), false},
		{".. is resolved before matching a deny rule", RuleDeny, "Read(//etc/passwd)", "", litWord("src/../../../etc/passwd"), true},
		{"a pattern's leading .. climbs from its anchor", RuleDeny, "Read(../secrets/**)", "", litWord("/proj/secrets/a"), true},
		{"a pattern's .. is resolved", RuleDeny, "Read(a/../b)", "", litWord("b"), true},
		{"double slashes and dots are cleaned", RuleDeny, "Read(//etc/shadow)", "", litWord("/etc//./shadow"), true},

		// Words only known at run time.
		{"deny: an unknown directory could be the one", RuleDeny, "Read(~/.ssh/**)", "", unkWord("$DIR/id_rsa"), true},
		{"deny: $HOME is known", RuleDeny, "Read(~/.ssh/**)", "", unkWord("$HOME/.ssh/$KEY"), true},
		{"deny: ${HOME} is known", RuleDeny, "Read(~/.ssh/**)", "", unkWord(`"${HOME}"/.ssh/id_*`), true},
		{"deny: a known prefix that differs excludes", RuleDeny, "Read(~/.ssh/**)", "", unkWord("$HOME/src/$F"), false},
		{"deny: a glob in the word could match", RuleDeny, "Read(*.key)", "", unkWord("certs/*"), true},
		{"deny: a substitution could be the name", RuleDeny, "Read(//etc/passwd)", "", unkWord("/etc/$(echo passwd)"), true},
		{"deny: a known absolute path elsewhere excludes", RuleDeny, "Read(//etc/passwd)", "", unkWord("/tmp/$(date)"), false},
		{"deny: .. after an unknown part could be anywhere", RuleDeny, "Read(//etc/passwd)", "", unkWord("/tmp/$X/../../etc/passwd"), true},
		{"deny: a single-quoted $ is literal", RuleDeny, "Read(//etc/passwd)", "", unkWord(`'/tmp/$x'$Y`), false},
		{"ask: an unknown word could be the file", RuleAsk, "Edit(.env)", "", unkWord("$F"), true},
		{"allow: an unknown word never matches", RuleAllow, "Read(**)", "", unkWord("$F"), false},
		{"allow: an unknown word never matches even under the anchor", RuleAllow, "Read(src/**)", "", unkWord("src/$F"), false},

		{"a rule without a pattern matches every path", RuleAllow, "Read", "", unkWord("$F"), true},
		{"a Bash rule matches no path", RuleDeny, "Bash(cat:*)", "", litWord("x"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustParseRule(t, tt.kind, tt.rule)
			r.Base = tt.base
			if got := r.MatchPath(tt.word, env); got != tt.want {
				t.Errorf("%s %s (base %q) MatchPath(%+v) = %v, want %v", tt.kind, tt.rule, tt.base, tt.word, got, tt.want)
			}
		})
	}
}

func TestRuleMatchPathWithoutHome(t *testing.T) {
	t.Parallel()
	r := mustParseRule(t, RuleDeny, "Read(~/.ssh)")
	if r.MatchPath(litWord("/home/u/.ssh/x"), PathEnv{Cwd: "/", Root: "/"}) {
		t.Error("a ~ rule matched although the home directory is unknown")
	}
}

func TestRuleMatchDomain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		kind RuleKind
		rule string
		host string
		want bool
	}{
		{"the domain itself", RuleAllow, "WebFetch(domain:example.com)", "example.com", true},
		{"a subdomain", RuleAllow, "WebFetch(domain:example.com)", "api.example.com", true},
		{"a deeper subdomain", RuleAllow, "WebFetch(domain:example.com)", "a.b.example.com", true},
		{"not a suffix that is no subdomain", RuleAllow, "WebFetch(domain:example.com)", "badexample.com", false},
		{"not another domain", RuleAllow, "WebFetch(domain:example.com)", "example.org", false},
		{"case is ignored", RuleAllow, "WebFetch(domain:Example.COM)", "API.example.com", true},
		{"a port is ignored", RuleAllow, "WebFetch(domain:example.com)", "example.com:8080", true},
		{"a trailing dot is ignored", RuleAllow, "WebFetch(domain:example.com)", "example.com.", true},
		{"*. matches subdomains", RuleAllow, "WebFetch(domain:*.github.com)", "api.github.com", true},
		{"*. does not match the domain itself", RuleAllow, "WebFetch(domain:*.github.com)", "github.com", false},
		{"*. does not match look-alikes", RuleAllow, "WebFetch(domain:*.github.com)", "malicious-github.com", false},
		{"deny: an unknown host could be the domain", RuleDeny, "WebFetch(domain:example.com)", "", true},
		{"allow: an unknown host never matches", RuleAllow, "WebFetch(domain:example.com)", "", false},
		{"a bare WebFetch rule matches every host", RuleAllow, "WebFetch", "x.org", true},
		{"a Bash rule matches no host", RuleDeny, "Bash", "x.org", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustParseRule(t, tt.kind, tt.rule)
			if got := r.MatchDomain(tt.host); got != tt.want {
				t.Errorf("%s MatchDomain(%q) = %v, want %v", tt.rule, tt.host, got, tt.want)
			}
		})
	}
}

func TestRulesFirstMatchKeepsSourceOrder(t *testing.T) {
	t.Parallel()
	var rs Rules
	for _, text := range []string{"Read(~/.aws)", "Edit(.env)", "Read(.env)", "Grep", "Bash(rm:*)", "Read(*.env)"} {
		r := mustParseRule(t, RuleDeny, text)
		r.Source = text
		rs.Add(r)
	}
	env := PathEnv{Cwd: "/p", Home: "/h", Root: "/p"}
	match := func(r *Rule) bool { return r.Pattern == "" || r.MatchPath(litWord("x/.env"), env) }
	tests := []struct {
		tool string
		want string
	}{
		{"Read", "Read(.env)"},
		{"Grep", "Read(.env)"}, // earlier than the Grep rule
		{"read_file", "Read(.env)"},
		{"Edit", "Edit(.env)"},
		{"Write", "Edit(.env)"},
		{"Bash", ""},
	}
	for _, tt := range tests {
		got := rs.FirstMatch(RuleDeny, tt.tool, match)
		if gotText := ruleTextOf(got); gotText != tt.want {
			t.Errorf("FirstMatch(deny, %s) = %q, want %q", tt.tool, gotText, tt.want)
		}
	}
	// Rules appended behind Add's back are still found.
	rs.Deny = append(rs.Deny, mustParseRule(t, RuleDeny, "Bash(ls)"))
	if got := rs.FirstCommandMatch(RuleDeny, cmdOf("ls")); ruleTextOf(got) != "Bash(ls)" {
		t.Errorf("FirstCommandMatch after a direct append = %q", ruleTextOf(got))
	}
	if got := rs.FirstMatch(RuleDeny, "Bash", func(r *Rule) bool { return r.MatchCommand(cmdOf("ls")) }); ruleTextOf(got) != "Bash(ls)" {
		t.Errorf("FirstMatch after a direct append = %q", ruleTextOf(got))
	}
}

func TestRulesFirstCommandMatchOrder(t *testing.T) {
	t.Parallel()
	var rs Rules
	for _, text := range []string{"Bash(git push:*)", "Bash(* --force)", "Bash(git:*)", "Bash"} {
		rs.Add(mustParseRule(t, RuleDeny, text))
	}
	tests := []struct {
		cmd  SimpleCommand
		want string
	}{
		{cmdOf("git push --force"), "Bash(git push:*)"},
		{cmdOf("npm --force"), "Bash(* --force)"},
		{cmdOf("git status"), "Bash(git:*)"},
		{cmdOf("ls"), "Bash"},
		{cmdOf("$CMD x"), "Bash(git push:*)"},
	}
	for _, tt := range tests {
		if got := rs.FirstCommandMatch(RuleDeny, tt.cmd); ruleTextOf(got) != tt.want {
			t.Errorf("FirstCommandMatch(%s) = %q, want %q", tt.cmd.Text, ruleTextOf(got), tt.want)
		}
	}
}

func TestRulesMerge(t *testing.T) {
	t.Parallel()
	var a, b Rules
	a.Add(mustParseRule(t, RuleDeny, "Bash(rm:*)"))
	b.Add(mustParseRule(t, RuleAllow, "Bash(ls)"))
	b.Add(mustParseRule(t, RuleDeny, "Read(.env)"))
	b.Add(mustParseRule(t, RuleAsk, "Bash(git push:*)"))
	a.Merge(b)
	if len(a.Allow) != 1 || len(a.Ask) != 1 || len(a.Deny) != 2 || a.Len() != 4 {
		t.Fatalf("merged = %d allow, %d ask, %d deny", len(a.Allow), len(a.Ask), len(a.Deny))
	}
	if a.Deny[0].Text != "Bash(rm:*)" || a.Deny[1].Text != "Read(.env)" {
		t.Errorf("merge changed the order: %v", a.Deny)
	}
	c := a.Clone()
	c.Add(mustParseRule(t, RuleDeny, "Bash(x)"))
	if len(a.Deny) != 2 {
		t.Error("adding to a clone changed the original")
	}
}

func TestRuleBuiltByHandIsCompiled(t *testing.T) {
	t.Parallel()
	r := Rule{Kind: RuleAllow, Tool: "Bash", Pattern: "npm test:*", Text: "Bash(npm test:*)"}
	if !r.MatchCommand(cmdOf("npm test -x")) || r.MatchCommand(cmdOf("npm install")) {
		t.Error("a rule built without ParseRule does not match like a parsed one")
	}
	bad := Rule{Kind: RuleAllow, Tool: "Read", Pattern: "[", Text: "Read([)"}
	if bad.MatchPath(litWord("/x"), PathEnv{Cwd: "/"}) {
		t.Error("an allow rule with a broken pattern matched")
	}
	bad.Kind = RuleDeny
	if !bad.MatchPath(litWord("/x"), PathEnv{Cwd: "/"}) {
		t.Error("a deny rule with a broken pattern did not match")
	}
}

func ruleTextOf(r *Rule) string {
	if r == nil {
		return ""
	}
	return r.Text
}

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{
		"Bash", "Bash(npm test:*)", "Bash(ls *)", "run_shell(npm test*)", "Bash(git * main)",
		`Bash(git commit -m "fix bug")`, "Read(~/.ssh/**)", "Edit(//etc/*.conf)", "Read(/src/[a-z]?.go)",
		"WebFetch(domain:*.example.com)", "mcp__srv__tool", "Bash(rm", "Read(*/../x)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, kind := range []RuleKind{RuleAllow, RuleDeny} {
			r, err := ParseRule(kind, text)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "malformed rule ") {
					t.Fatalf("error %q does not name the rule", err)
				}
				continue
			}
			again, err := ParseRule(kind, r.Text)
			if err != nil {
				t.Fatalf("ParseRule(%q) failed on its own text: %v", r.Text, err)
			}
			if !reflect.DeepEqual(r, again) {
				t.Fatalf("ParseRule(%q) = %#v, re-parsed %#v", text, r, again)
			}
			if r.Pattern != "" {
				canon, err := ParseRule(kind, r.Tool+"("+r.Pattern+")")
				if err != nil {
					t.Fatalf("canonical form of %q: %v", text, err)
				}
				if canon.Tool != r.Tool || canon.Pattern != r.Pattern || !reflect.DeepEqual(canon.m, r.m) {
					t.Fatalf("canonical form of %q parses differently", text)
				}
			}
			// Matching must not panic whatever the pattern, and the index
			// must find what trying every rule finds.
			env := PathEnv{Cwd: "/p", Home: "/h", Root: "/p"}
			var rs Rules
			rs.Add(mustParseRule(t, kind, "Bash(git:*)"))
			rs.Add(r)
			for _, c := range []SimpleCommand{
				cmdOf("git push $X origin"), cmdOf("npm test"), cmdOf(text), wrappedCmd("timeout 5 "+text, 2),
				{Words: []Word{litWord("a b"), unkWord("$(x)")}, Inner: 1, OpenArgs: true},
			} {
				var want *Rule
				l := *rs.kindList(kind)
				for i := range l {
					if l[i].MatchCommand(c) {
						want = &l[i]
						break
					}
				}
				if got := rs.FirstCommandMatch(kind, c); got != want {
					t.Fatalf("FirstCommandMatch(%+v) = %q, trying every rule gives %q", c.Words, ruleTextOf(got), ruleTextOf(want))
				}
			}
			if m := r.m; m != nil && m.class == patShell {
				subject := []byte(strings.ReplaceAll(text, " ", "\x00"))
				if globBytes(m.sh, subject) != shellDP(m.sh, subject, false) {
					t.Fatalf("the linear and the general matcher disagree on %q", text)
				}
			}
			r.MatchPath(litWord("a/b/.env"), env)
			r.MatchPath(unkWord(`$HOME/"x"/*/${Y}/../z`), env)
			r.MatchDomain("api.example.com")
		}
	})
}

func TestRuleMatchPathUnknownDirectories(t *testing.T) {
	t.Parallel()
	noCwd := PathEnv{Home: "/home/u", Root: "/proj"}
	noHome := PathEnv{Cwd: "/proj", Root: "/proj"}
	tests := []struct {
		name string
		kind RuleKind
		rule string
		env  PathEnv
		word Word
		want bool
	}{
		{"deny: a relative path without a working directory could be anywhere", RuleDeny, "Read(//etc/passwd)", noCwd, litWord("passwd"), true},
		{"allow: a relative path without a working directory never matches", RuleAllow, "Read(//**)", noCwd, litWord("x"), false},
		{"deny: ~ without a home directory could be any directory", RuleDeny, "Read(//root/.ssh/**)", noHome, litWord("~/.ssh/id"), true},
		{"deny: $HOME without a home directory could be any directory", RuleDeny, "Read(//root/.ssh/**)", noHome, unkWord("$HOME/.ssh/$K"), true},
		{"allow: ~ without a home directory never matches", RuleAllow, "Read(//**)", noHome, litWord("~/x"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustParseRule(t, tt.kind, tt.rule)
			if got := r.MatchPath(tt.word, tt.env); got != tt.want {
				t.Errorf("%s %s MatchPath(%+v) with %+v = %v, want %v", tt.kind, tt.rule, tt.word, tt.env, got, tt.want)
			}
		})
	}
}

// TestExactShellRule: an "always" approval allows the command approved and
// nothing else; a '*' in it, which a rule reads as any text, is escaped
// (a review had "rm *.tmp" approved allow "rm -rf work x.tmp").
func TestExactShellRule(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		command, rule string
		same          bool // the command itself is allowed by the rule (its words are all known)
		others        []string
	}{
		{"rm *.tmp", `Bash(rm \*.tmp)`, false, []string{"rm -rf work x.tmp", "rm -rf ../p1/infra x.tmp", "rm -rf $HOME/.cache x.tmp"}},
		{"rm -rf build/*", `Bash(rm -rf build/\*)`, false, []string{"rm -rf build/../../p2", "rm -rf build/ src"}},
		{"rm old.tmp", `Bash(rm old.tmp)`, true, []string{"rm old.tmp other", "rm -rf old.tmp", "rm old.tmpx"}},
		{`git commit -m "a * b"`, `Bash(git commit -m "a * b")`, true, []string{`git commit -m "a x b"`, `git commit -m "a * b" && rm -rf x`}},
		{`echo 'x*y' \* "q\"*"`, `Bash(echo 'x*y' \* "q\"*")`, true, []string{`echo 'xzy' \* "q\"*"`}},
		{"npm test:*", `Bash(npm test:\*)`, false, []string{"npm test --x"}},
	} {
		rule := ExactShellRule(tt.command)
		if rule != tt.rule {
			t.Errorf("ExactShellRule(%q) = %q, want %q", tt.command, rule, tt.rule)
			continue
		}
		e := engine(t, ModeDefault, "allow:"+rule)
		got := e.Check(bash(tt.command))
		if allowed := got.Decision == Allow && strings.Contains(got.Reason, "rule"); allowed != tt.same {
			t.Errorf("%s: %q gets %v (%s)", rule, tt.command, got.Decision, got.Reason)
		}
		// The prompt writes the rule only where it would allow the
		// command later; a rule that never can is not written.
		if would := engine(t, ModeDefault).RuleWouldAllow(rule, bash(tt.command), ""); would != tt.same {
			t.Errorf("RuleWouldAllow(%s, %q) = %v, want %v", rule, tt.command, would, tt.same)
		}
		for _, o := range tt.others {
			if got := e.Check(bash(o)); got.Decision == Allow && strings.Contains(got.Reason, rule) {
				t.Errorf("%s allows %q (%s)", rule, o, got.Reason)
			}
		}
	}
}

// TestParseRuleMisspeltToolUX3: a deny or ask rule whose tool name is a
// known tool's misspelt (Bsh, Raed, WebFecth) was kept as a rule for an
// unknown tool, which no call ever names: the deny silently matched
// nothing. It is a malformed rule naming the tool meant. Other tools'
// names (Claude Code's Task, LSP, NotebookRead, MCP tools) and allow
// rules, whose typo only asks more, still pass.
func TestParseRuleMisspeltToolUX3(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		kind RuleKind
		text string
		want string // "" for accepted
	}{
		{RuleDeny, "Bsh(rm:*)", `malformed rule "Bsh(rm:*)": unknown tool "Bsh": did you mean Bash?`},
		{RuleDeny, "Bahs", `unknown tool "Bahs": did you mean Bash?`},
		{RuleAsk, "Raed(~/.ssh/**)", `unknown tool "Raed": did you mean Read?`},
		{RuleDeny, "Edt(.env)", `unknown tool "Edt": did you mean Edit?`},
		{RuleDeny, "Wirte", `unknown tool "Wirte": did you mean Write?`},
		{RuleDeny, "WebFecth(domain:evil.com)", `unknown tool "WebFecth": did you mean WebFetch?`},
		{RuleDeny, "run_shel(rm:*)", `unknown tool "run_shel": did you mean run_shell?`},
		{RuleDeny, "Bash(rm:*)", ""},
		{RuleDeny, "bash(rm:*)", ""},
		{RuleDeny, "Task(explore)", ""},
		{RuleDeny, "LSP", ""},
		{RuleDeny, "NotebookRead", ""},
		{RuleDeny, "WebSearch", ""},
		{RuleDeny, "KillBash", ""},
		{RuleDeny, "mcp__bash__run", ""},
		{RuleAllow, "Bsh(ls)", ""},
	} {
		_, err := ParseRule(tt.kind, tt.text)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("ParseRule(%v, %q): %v, want it accepted", tt.kind, tt.text, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("ParseRule(%v, %q): %v, want %q", tt.kind, tt.text, err, tt.want)
		}
	}
}

// TestRuleWouldAllowConfinedS62: an "always" approval is written to the
// project's local file, whose rules an untrusted project's loading
// confines: one for git push, or for rm of a directory outside the root,
// would never lift it there, so RuleWouldAllow says so when told the root
// it will be confined to; in the root, or unconfined, it allows.
func TestRuleWouldAllowConfinedS62(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault)
	root := e.Env.Root
	for _, tt := range []struct {
		command           string
		confined, trusted bool
	}{
		{"git push", false, true},
		{"rm -rf " + e.Env.Home + "/work", false, true},
		{"rm -rf build", true, true},
	} {
		rule := ExactShellRule(tt.command)
		if got := e.RuleWouldAllow(rule, bash(tt.command), root); got != tt.confined {
			t.Errorf("RuleWouldAllow(%s) confined to %s = %v, want %v", rule, root, got, tt.confined)
		}
		if got := e.RuleWouldAllow(rule, bash(tt.command), ""); got != tt.trusted {
			t.Errorf("RuleWouldAllow(%s) unconfined = %v, want %v", rule, got, tt.trusted)
		}
	}
}
