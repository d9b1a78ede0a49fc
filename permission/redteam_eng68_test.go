package permission

import (
	"slices"
	"strings"
	"testing"
)

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

// TestPathOutputHandedOn: what dirname, basename, realpath, readlink -f
// and tr of a known text print was a value only known at run time, in
// a variable or written in place: bypassPermissions wrote the hook of
// p=$(dirname .git/hooks/x); cp x "$p"/pre-commit unasked. It is now
// what they print; a tr whose sets are not read is taken as a change of
// case.
func TestPathOutputHandedOn(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"dirname assigned", Y, nil, `p=$(dirname .git/hooks/x); cp x "$p"/pre-commit`, Ask},
		{"dirname in place, as before", Y, nil, `cp x "$(dirname .git/hooks/x)"/pre-commit`, Ask},
		{"tr assigned", Y, nil, `p=$(echo .GIT | tr A-Z a-z); cp x "$p"/hooks/pre-commit`, Ask},
		{"tr in place", Y, nil, `cp x "$(echo .GIT | tr A-Z a-z)"/hooks/pre-commit`, Ask},
		{"tr classes", Y, nil, `p=$(printf %s .CLAUDE | tr '[:upper:]' '[:lower:]'); echo {} > "$p"/settings.json`, Ask},
		{"tr twice", Y, nil, `p=$(echo _GIT | tr _ . | tr A-Z a-z); echo x >> "$p"/config`, Ask},
		{"tr deletes", Y, nil, `p=$(echo .gXit | tr -d X); echo x >> "$p"/config`, Ask},
		{"tr not read", Y, nil, `p=$(echo .GIT | tr -c A a); echo x >> "$p"/config`, Ask},
		{"realpath", Y, nil, `p=$(realpath .git/config); echo x >> "$p"`, Ask},
		{"readlink -f", Y, nil, `p=$(readlink -f ./.git/../.git/config); echo x >> "$p"`, Ask},
		{"basename", Y, nil, `p=$(basename /x/.bashrc); echo x >> ~/"$p"`, Ask},
		{"basename of a suffix", Y, nil, `p=$(basename /x/.bashrc.bak .bak); echo x >> ~/"$p"`, Ask},
		{"rm -rf of the home's parent", D, nil, `rm -rf "$(dirname ~/x)"`, Deny},
		{"tr of a here-string", Y, nil, `p=$(tr A-Z a-z <<< .GIT); echo x >> "$p"/config`, Ask},
		{"tr in a redirection", Y, nil, `echo x > "$(echo .GIT | tr A-Z a-z)/config"`, Ask},
		{"echo in a redirection, part of a name", Y, nil, `echo x >> "$(echo .bash)"rc`, Ask},
		{"neighbour: a redirection in the root", Y, nil, `echo x > "$(echo notes)".txt`, Allow},
		{"neighbour: dirname in the root", Y, nil, `p=$(dirname src/x); cp x "$p"/y`, Allow},
		{"neighbour: tr of a name", Y, nil, `p=$(echo NOTES | tr A-Z a-z); echo x > "$p".txt`, Allow},
		{"neighbour: readlink of a link", D, nil, `p=$(readlink .git/config); echo x >> "$p"`, Ask},
	})
}

func TestPathOutput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd, want string
		ok        bool
	}{
		{"dirname a/b/", "a", true},
		{"dirname a", ".", true},
		{"dirname /", "/", true},
		{"dirname //a//b//", "//a", true},
		{"dirname /a", "/", true},
		{"dirname a/b c", "a\n.", true},
		{"basename a/b/", "b", true},
		{"basename /", "/", true},
		{"basename a/b.go .go", "b", true},
		{"basename .go .go", ".go", true},
		{"basename -s .go a.go b.go", "a\nb", true},
		{"basename -a x/a y/b", "a\nb", true},
		{"realpath ./a/../b", "b", true},
		{"readlink -f /a/./b", "/a/b", true},
		{"readlink /a", "", false},
		{"realpath --relative-to=/ x", "", false},
		{"dirname -z a/b", "", false},
	} {
		got, ok := pathOutput(cmdOf(tt.cmd))
		if got != tt.want || ok != tt.ok {
			t.Errorf("pathOutput(%q) = %q, %v; want %q, %v", tt.cmd, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTrText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args, in, want string
	}{
		{"A-Z a-z", ".GIT", ".git"},
		{"[:upper:] [:lower:]", "AbC", "abc"},
		{"_ .", "_git", ".git"},
		{"abc x", "abcd", "xxxd"},
		{"-d X", "aXbX", "ab"},
		{"-s /", "a//b", "a/b"},
		{"-s a-z A-Z", "aab", "AB"},
		{`\\n x`, "a", "a"},
		{"-c a b", "ABC", "abc"},
		{"[:alpha:] x", "ABC", "abc"},
		{"a*3 x", "ABC", "abc"},
	} {
		ws := literalWords(strings.Fields(tt.args))
		if got := trText(ws, tt.in); got != tt.want {
			t.Errorf("tr %s of %q = %q, want %q", tt.args, tt.in, got, tt.want)
		}
	}
}

// TestHomeInReplacement: a ~ that starts the replacement of a known
// value's ${p/x/y} is the home directory to bash: p=.bashrc; echo x >>
// ${p/#/~/} appended to ~/.bashrc unasked in bypassPermissions, the value
// taken as only known at run time. It is now the value with $HOME in its
// place. Neighbours: a default with a ~ was asked for already, and a file
// of the home's that is not protected passes as written out.
func TestHomeInReplacement(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"prefix", Y, nil, `p=.bashrc; echo x >> ${p/#/~/}`, Ask},
		{"prefix, quoted", Y, nil, `p=.bashrc; echo x >> "${p/#/~/}"`, Ask},
		{"replaced", Y, nil, `p=x; echo x >> ${p/x/~/.bashrc}`, Ask},
		{"escaped slash", Y, nil, `p=x; echo x >> ${p/x/~\/.bashrc}`, Ask},
		{"home alone", Y, nil, `p=/.zshrc; cp evil "${p/#/~}"`, Ask},
		{"a default, as before", Y, nil, `echo x >> ${p:-~/.bashrc}`, Ask},
		{"neighbour: a file of the home", Y, nil, `p=notes.txt; echo x > ${p/#/~/}`, Allow},
		{"neighbour: no match", Y, nil, `p=notes.txt; echo x > ${p/y/~/.bashrc}`, Allow},
	})
}

func TestHomeReplace(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		v, op, want string
		literal, ok bool
	}{
		{".bashrc", "/#/~/", "${HOME}/.bashrc", false, true},
		{"x", `/x/~\/.b`, "${HOME}/.b", false, true},
		{"axbx", "//x/~", "a${HOME}b${HOME}", false, true},
		{"abc", "/y/~", "abc", true, true},
		{"abc", "/b/~bob", "", false, false},
		{"a c", "/#/~/", "", false, false},
		{"abc", "%c", "", false, false},
	} {
		got, ok := homeReplace(tt.v, tt.op)
		if ok != tt.ok || ok && (got.Text != tt.want || got.Literal != tt.literal) {
			t.Errorf("homeReplace(%q, %q) = %+v, %v; want %q (literal %v), %v", tt.v, tt.op, got, ok, tt.want, tt.literal, tt.ok)
		}
	}
}

// TestIndirectionSetLater: q=p; p=.git/config; echo x >> ${!q} wrote the
// config unasked in bypassPermissions: q's value put ${p} where ${!q}
// stands after p's own value, set later, had been handed on. The values
// of a variable expanded by indirection are now handed on first.
// Neighbour: the same order with a file in the root.
func TestIndirectionSetLater(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"config", Y, nil, `q=p; p=.git/config; echo x >> ${!q}`, Ask},
		{"quoted, with an operator", Y, nil, `q=p; p=.git/config.bak; echo x >> "${!q%.bak}"`, Ask},
		{"rm -rf /", D, nil, `q=d; d=/; rm -rf "${!q}"`, Deny},
		{"set before, as before", Y, nil, `p=.git/config; q=p; echo x >> ${!q}`, Ask},
		{"neighbour: a file in the root", Y, nil, `q=p; p=notes.txt; echo x >> ${!q}`, Allow},
	})
}

// TestFindTargetsHandedOn: what find's -exec runs on {} and what -delete
// deletes ran unasked in bypassPermissions, {} taken as any path: find .
// -name pre-commit -exec cp x {} \; wrote .git/hooks/pre-commit. A name
// or path test that picks out a name a protected place holds now hands
// those protected paths on to the command, or to an rm for -delete.
// Neighbours: a test no protected name matches, none at all, a
// negated one, and a command that only reads what it is handed are
// judged as before.
func TestFindTargetsHandedOn(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"hook by cp", Y, nil, `find . -name pre-commit -exec cp x {} \;`, Ask},
		{"hook by cp, -execdir", Y, nil, `find . -name pre-commit -execdir cp x {} \;`, Ask},
		{"hook by tee", Y, nil, `find . -name pre-commit -exec tee {} +`, Ask},
		{"hook by sh -c", Y, nil, `find . -name pre-commit -exec sh -c 'echo x > "$1"' _ {} \;`, Ask},
		{"config deleted", Y, nil, `find . -name config -delete`, Ask},
		{"path test", Y, nil, `find . -path './**/pre-commit' -exec cp x {} \;`, Ask},
		{"a glob", Y, nil, `find . -name 'pre-*' -exec cp x {} +`, Ask},
		{"case folded", Y, nil, `find . -iname SETTINGS.JSON -exec sed -i s/a/b/ {} +`, Ask},
		{"start-up file", Y, nil, `find . -name .bashrc -exec cp x {} \;`, Ask},
		{"below a directory", Y, nil, `find src -name config -exec cp x {} \;`, Ask},
		{"acceptEdits with an allow rule, as before", A, []string{"allow:Bash(find:*)"}, `find . -name pre-commit -exec cp x {} +`, Ask},
		{"neighbour: objects deleted", Y, nil, `find . -name '*.o' -delete`, Allow},
		{"neighbour: objects deleted, default", D, nil, `find . -name '*.o' -delete`, Ask},
		{"neighbour: gofmt", Y, nil, `find . -name '*.go' -exec gofmt -w {} +`, Allow},
		{"neighbour: chmod of every file", Y, nil, `find . -type f -exec chmod 644 {} +`, Allow},
		{"neighbour: settings read", Y, nil, `find . -name '*.json' -exec cat {} +`, Allow},
		{"neighbour: left out", Y, nil, `find . ! -name config -exec cp x {} \;`, Allow},
		{"neighbour: gofmt, default", D, nil, `find . -name '*.go' -exec gofmt -w {} +`, Ask},
	})
}

func TestFindTargets(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args string
		want []string // among the targets
		none bool
	}{
		{". -name pre-commit", []string{"./.git/hooks/pre-commit", "./.githooks/pre-commit"}, false},
		{"a/ -name config", []string{"a/.git/config"}, false},
		{". -path ./.claude/*", []string{"./.claude/settings.json"}, false},
		{". -name .bashrc", []string{"./.bashrc"}, false},
		{". -name *.go", nil, true},
		{". -type f", nil, true},
		{". -not -name config", nil, true},
		{". ! -name config", nil, true},
		{"$d -name config", nil, true},
	} {
		var ws []Word
		for _, f := range strings.Fields(tt.args) {
			ws = append(ws, Word{Text: f, Literal: !strings.HasPrefix(f, "$")})
		}
		got := findTargets(ws)
		if tt.none && len(got) > 0 || !tt.none && len(got) == 0 {
			t.Errorf("findTargets(%s) = %q", tt.args, got)
		}
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("findTargets(%s) = %q: %s is not among them", tt.args, got, w)
			}
		}
	}
}
