package permission

import (
	"slices"
	"strings"
	"testing"
)

// TestFindTestOfKnownValue: n=pre-commit; find . -name "$n" -exec cp x
// {} \; wrote the hook unasked in bypassPermissions, where find . -name
// pre-commit -exec cp x {} \; is asked for: the copy of the find with
// the value in place of "$n" was judged as a command alone, its -exec
// and -delete not handed the protected paths its tests pick out. It is
// now handled as the find written out is. Neighbours: a value no
// protected name matches, and a command that only reads.
func TestFindTestOfKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"hook by cp", Y, nil, `n=pre-commit; find . -name "$n" -exec cp x {} \;`, Ask},
		{"path test", Y, nil, `p='*/hooks/*'; find . -path "$p" -exec tee {} +`, Ask},
		{"sh -c", Y, nil, `n=settings.json; find . -name $n -exec sh -c 'echo x > "$1"' _ {} \;`, Ask},
		{"neighbour: gofmt", Y, nil, `n='*.go'; find . -name "$n" -exec gofmt -w {} +`, Allow},
		{"neighbour: gofmt, default", D, nil, `n='*.go'; find . -name "$n" -exec gofmt -w {} +`, Ask},
		{"neighbour: read", Y, nil, `n=pre-commit; find . -name "$n" -exec cat {} \;`, Allow},
	})
}

// TestSourcedSubstPartOfValue: d=.git; p=$(printf %s "$d")/config; echo
// x >> "$p" appended to the config unasked in bypassPermissions: a
// substitution that prints another variable was followed where it is
// the whole value (p=$(echo "$d")), not where it is a part of it. The
// value is now given what p="$d"/config is. Neighbour: a directory that
// is not protected.
func TestSourcedSubstPartOfValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"printf", Y, nil, `d=.git; p=$(printf %s "$d")/config; echo x >> "$p"`, Ask},
		{"echo", Y, nil, `d=.git; p=$(echo "$d")/hooks/pre-commit; cp x "$p"`, Ask},
		{"quoted", Y, nil, `d=.git; p="$(echo "$d")/hooks/pre-commit"; cp x "$p"`, Ask},
		{"after a path", Y, nil, `d=git; p=.$(echo $d)/config; echo x >> $p`, Ask},
		{"rm -rf /home", D, nil, `d=/; p=$(echo "$d")home; rm -rf "$p"`, Deny},
		{"neighbour: a directory of the project", Y, nil, `d=src; p=$(echo "$d")/config; echo x >> "$p"`, Allow},
		{"neighbour: default mode", D, nil, `d=src; p=$(echo "$d")/x.txt; cat "$p"`, Allow},
	})
}

// TestSedOfKnownText: what a sed of a known text prints was a value only
// known at run time: p=$(echo .GIT | sed s/GIT/git/)/config; echo x >>
// "$p" appended to the config unasked in bypassPermissions, as a tr's
// output did before it was read (TestPathOutputHandedOn). A script of s
// and y commands alone is now applied to the text; one whose expression
// or replacement is not read gives the text in lower case, as tr's sets
// not read do. Neighbours: a sed that makes no protected name, and one
// that reads a file, are judged as before.
func TestSedOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"no match", Y, nil, `p=$(echo .git | sed s/x/y/)/config; echo x >> "$p"`, Ask},
		{"replaced", Y, nil, `p=$(echo .GIT | sed 's/GIT/git/')/config; echo x >> "$p"`, Ask},
		{"whole value", Y, nil, `p=$(echo .GIT | sed -e s/GIT/git/); echo x >> "$p"/config`, Ask},
		{"here-string", Y, nil, `p=$(sed s/GIT/git/ <<< .GIT); echo x >> "$p"/config`, Ask},
		{"in place", Y, nil, `echo x >> "$(echo .GIT | sed s/GIT/git/)/config"`, Ask},
		{"two commands, a class", Y, nil, `p=$(echo .Gxt | sed "s/[A-Z]/g/; s/x/i/"); echo x >> "$p"/config`, Ask},
		{"y", Y, nil, `p=$(echo _CLAUDE | sed y/_CLAUDE/.claude/); echo {} > "$p"/settings.json`, Ask},
		{"case changed, not read", Y, nil, `p=$(echo .GIT | sed -E 's/(.*)/\L\1/'); echo x >> "$p"/config`, Ask},
		{"extended, a group", Y, nil, `p=$(echo x.git.y | sed -E 's/^x(\.[a-z]+)\.y$/\1/'); echo x >> "$p"/config`, Ask},
		{"then tr", Y, nil, `p=$(echo _GIT | sed s/_/./ | tr A-Z a-z); echo x >> "$p"/config`, Ask},
		{"rm -rf ~", D, nil, `d=$(echo ~ | sed s/x/y/); rm -rf "$d"`, Deny},
		{"neighbour: a file in the root", Y, nil, `p=$(echo notes | sed s/n/N/).txt; echo x >> "$p"`, Allow},
		{"neighbour: a file read", D, nil, `p=$(sed s/a/b/ names.txt); cat "$p"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(echo NOTES | sed s/N/n/).txt; cat "$p"`, Allow},
	})
}

func TestSedOutput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args, in, want string
		ok             bool
	}{
		{"s/GIT/git/", ".GIT\n", ".git\n", true},
		{"s/x/y/", ".git", ".git", true},
		{"s/a/b/g", "aaa\n", "bbb\n", true},
		{"s/a/b/2", "aaa", "aba", true},
		{"s/a/b/2g", "aaaa", "abbb", true},
		{"s/A/b/i", "a", "b", true},
		{"s|/x|/.git|", "a/x", "a/.git", true},
		{`s/a\/b/c/`, "a/b", "c", true},
		{"s/^a*/X/", "aab", "Xb", true},
		{"s/a.c/[&]/", "abc", "[abc]", true},
		{`s/\(b\)c/\1\1/`, "abc", "abb", true},
		{`-E s/(b)c/\1\1/`, "abc", "abb", true},
		{`-E s/b+|x/Y/g`, "abbcx", "aYcY", true},
		{`s/b+/Y/`, "abb+", "abY", true},
		{`s/*a/Y/`, "*a", "Y", true},
		{`s/a$/Y/`, "a$a", "a$Y", true},
		{`s/a/$1/`, "a", "$1", true},
		{"s/a/b/p", "a\n", "b\nb\n", true},
		{"-n s/a/b/p", "a\nc\n", "b\n", true},
		{"y/abc/xyz/", "aabbcc", "xxyyzz", true},
		{"s/a/b/;s/b/c/", "a", "c", true},
		{"-e s/a/b/ -e s/b/c/", "a", "c", true},
		{`s/\w/x/`, "AB", "ab", true},
		{`s/a/\U&/`, "AB", "ab", true},
		{`s/\(a\)\1/x/`, "AB", "ab", true},
		{"s/a/b/w out", "a", "", false},
		{"s/a/b/e", "a", "", false},
		{"1s/a/b/", "a", "b", true},
		{"/a/s/a/b/", "a", "", false},
		{"p", "a", "a\na", true},
		{"-i s/a/b/", "a", "", false},
		{"-z s/a/b/", "a", "", false},
		{"s/a/b/ file", "a", "", false},
		{"y/ab/x/", "a", "", false},
		{"s/a/b", "a", "", false},
		{"-n p", "a\n", "a\n", true},
		{"pq", "a", "", false},
	} {
		ws := literalWords(strings.Fields(tt.args))
		got, ok := sedOutput(ws, tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("sed %s of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPwdAfterCd: p=$(cd .git && pwd)/config; echo x >> "$p" appended to
// the config unasked in bypassPermissions: what a pwd prints was a value
// only known at run time. A pwd after cds to directories written out, in
// a substitution, now prints the directory the analysis follows, the
// project's where the line starts there. Neighbours: the directory of a
// script ($0), only known at run time, and a directory of the project.
func TestPwdAfterCd(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"&&", Y, nil, `p=$(cd .git && pwd)/config; echo x >> "$p"`, Ask},
		{"; and -P", Y, nil, `p=$(cd .git; pwd -P)/config; echo x >> "$p"`, Ask},
		{"whole value", Y, nil, `p=$(cd .git/hooks && pwd); cp x "$p"/pre-commit`, Ask},
		{"two cds", Y, nil, `p=$(cd .git && cd hooks && pwd); cp x "$p"/pre-commit`, Ask},
		{"after a cd of the line", Y, nil, `cd src; p=$(cd ../.claude && pwd); cd ..; echo {} > "$p"/settings.json`, Ask},
		{"pwd alone", Y, nil, `p=$(pwd)/.git/config; echo x >> "$p"`, Ask},
		{"rm -rf /home", D, nil, `p=$(cd / && pwd)home; rm -rf "$p"`, Deny},
		{"the working directory, as rm -rf \"$PWD\"", Y, nil, `p=$(pwd); rm -rf "$p"`, Deny},
		{"the working directory in place", Y, nil, `rm -rf "$(pwd)"`, Deny},
		{"neighbour: a directory of the project", Y, nil, `p=$(cd src && pwd)/config; echo x >> "$p"`, Allow},
		{"neighbour: the script's directory", Y, nil, `d=$(cd "$(dirname "$0")" && pwd); cp x "$d"/y`, Allow},
		{"neighbour: cd - prints", D, nil, `p=$(cd - && pwd); cat "$p"/x`, Allow},
		{"neighbour: the build directory", D, nil, `p=$(cd build && pwd); rm -rf "$p"`, Ask},
	})
}

// TestFindRegexTargets: find . -regex '.*/pre-commit' -exec cp x {} \;
// wrote the hook unasked in bypassPermissions, where -name pre-commit
// and -path '*/pre-commit' are asked for (TestFindTargetsHandedOn): a
// regular expression test handed nothing on. -regex and -iregex now pick
// out the protected paths they match, as -path does. Neighbours: an
// expression no protected path matches, and another -regextype, which
// hands nothing on as before.
func TestFindRegexTargets(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"regex", Y, nil, `find . -regex '.*/pre-commit' -exec cp x {} \;`, Ask},
		{"iregex", Y, nil, `find . -iregex '.*/PRE-COMMIT' -exec cp x {} \;`, Ask},
		{"a class and +", Y, nil, `find . -regex '\./\.[a-z]+/config' -exec sh -c 'echo x >> "$1"' _ {} \;`, Ask},
		{"start-up file", Y, nil, `find . -regex '.*/\.bash.*' -exec tee -a {} +`, Ask},
		{"neighbour: go files", Y, nil, `find . -regex '.*\.go' -exec gofmt -w {} +`, Allow},
		{"neighbour: go files, default", D, nil, `find . -regex '.*\.go' -exec gofmt -w {} +`, Ask},
		{"neighbour: another type", Y, nil, `find . -regextype posix-basic -regex '.*\.txt' -exec cp x {} \;`, Allow},
	})
	for _, tt := range []struct {
		args string
		want []string
	}{
		{". -regex .*/pre-commit", []string{"./.git/hooks/pre-commit"}},
		{". -iregex ./.GIT/CONFIG", []string{"./.git/config"}},
		{". -regex ./\\.git/con", nil},
		{". -regex .*\\.go", nil},
		{". -regextype posix-basic -regex .*/pre-commit", nil},
	} {
		ws := literalWords(strings.Fields(tt.args))
		got := findTargets(ws)
		if len(tt.want) == 0 && len(got) > 0 || len(tt.want) > 0 && !slices.Contains(got, tt.want[0]) {
			t.Errorf("findTargets(%s) = %q, want %q among them", tt.args, got, tt.want)
		}
	}
}

// TestGlobTrimOfKnownValue: p=.git/hooks/x; cp x "${p%/*}"/pre-commit
// wrote the hook unasked in bypassPermissions: an operator with a
// pattern (${p%/*}, ${p##*/}, the shell's dirname and basename) left a
// value only known at run time, where one with literal text (${p%.bak})
// is followed (TestParamOpHandedOn). The prefix or suffix the pattern
// matches is now removed. Neighbours: a file of the project, and an
// extended pattern, not read, as before.
func TestGlobTrimOfKnownValue(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"dirname", Y, nil, `p=.git/hooks/x; cp x "${p%/*}"/pre-commit`, Ask},
		{"reassigned", Y, nil, `p=.git/config/x; p=${p%/*}; echo x >> "$p"`, Ask},
		{"basename", Y, nil, `p=/x/y/.bashrc; echo x >> ~/"${p##*/}"`, Ask},
		{"longest suffix", Y, nil, `p=.git/a/b/c; echo x >> ${p%%/*}/config`, Ask},
		{"a class", Y, nil, `p=.git/config1; echo x >> "${p%[0-9]}"`, Ask},
		{"rm -rf /home", D, nil, `p=/home/x; rm -rf "${p%/*}"`, Deny},
		{"neighbour: a file of the project", Y, nil, `p=src/x.go; echo x > "${p%.*}".txt`, Allow},
		{"neighbour: an extended pattern", D, nil, `p=src/x.go; cat "${p%@(.go)}"`, Allow},
	})
}

// TestMoreFiltersOfKnownText: what these print of a known text was a
// value only known at run time, and bypassPermissions wrote the file it
// names unasked: basename --suffix, realpath --relative-to, sed -n p,
// head, sort, tac, uniq, rev and cut fed by a pipe. Each is now what it
// prints (head's, sort's … lines all taken, as of a file the line wrote).
// Neighbours: the same filters making a file of the project.
func TestMoreFiltersOfKnownText(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"basename --suffix=", Y, nil, `p=$(basename --suffix=.bak /x/.bashrc.bak); echo x >> ~/"$p"`, Ask},
		{"basename --suffix", Y, nil, `p=$(basename --suffix .bak /x/.zshrc.bak); echo x >> ~/"$p"`, Ask},
		{"realpath --relative-to=.", Y, nil, `p=$(realpath --relative-to=. .git/config); echo x >> "$p"`, Ask},
		{"realpath --relative-to a directory", Y, nil, `p=$(realpath --relative-to src src/../.git/hooks); cp x "$p"/pre-commit`, Ask},
		{"sed -n p", Y, nil, `p=$(echo .git/config | sed -n p); echo x >> "$p"`, Ask},
		{"head", Y, nil, `p=$(echo .git/config | head -1); echo x >> "$p"`, Ask},
		{"sort", Y, nil, `p=$(printf '%s\n' .git/config | sort -u); echo x >> "$p"`, Ask},
		{"rev twice", Y, nil, `p=$(echo .gitx | rev | rev | sed s/x//); echo x >> "$p"/config`, Ask},
		{"rev", Y, nil, `p=$(echo tig. | rev)/config; echo x >> "$p"`, Ask},
		{"cut", Y, nil, `p=$(echo x:.git/config | cut -d: -f2); echo x >> "$p"`, Ask},
		{"cut of characters", Y, nil, `p=$(echo xx.git | cut -c3-); echo x >> "$p"/config`, Ask},
		{"neighbour: head of a name", Y, nil, `p=$(echo notes.txt | head -1); echo x > "$p"`, Allow},
		{"neighbour: cut of a name", Y, nil, `p=$(echo a:notes.txt | cut -d: -f2); echo x > "$p"`, Allow},
		{"neighbour: default mode", D, nil, `p=$(echo a:notes.txt | cut -d: -f2); cat "$p"`, Allow},
	})
}

func TestCutOutput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args, in, want string
		ok             bool
	}{
		{"-d: -f2", "a:b:c\n", "b\n", true},
		{"-d : -f 2-", "a:b:c", "b:c", true},
		{"-f1,3 -d:", "a:b:c", "a:c", true},
		{"--delimiter=: --fields=-2", "a:b:c", "a:b", true},
		{"-d: -f2", "abc", "abc", true},
		{"-s -d: -f2", "abc", "", true},
		{"-c2-3", "abcd", "bc", true},
		{"-f2", "a\tb", "b", true},
		{"-d: -f2 file", "a:b", "", false},
		{"-d: -fx", "a:b", "", false},
		{"-d: -f-", "a:b", "", false},
		{"-z -f1", "a", "", false},
	} {
		ws := literalWords(strings.Fields(tt.args))
		got, ok := cutOutput(ws, tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("cut %s of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestSubstitutedCopyFollowed: a command with a known substitution in a
// word is judged once more with what it prints in place, but a find's
// copy did not hand its targets on, nor printf -v's assign its value:
// find . -name "$(echo pre-commit)" -exec cp x {} \; and printf -v p %s
// "$(echo .git)"; echo x >> "$p"/config ran unasked in
// bypassPermissions. A tee in a pipe printed nothing known. Each is now
// followed as written out. Neighbours: the same with names of the
// project.
func TestSubstitutedCopyFollowed(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"find -name", Y, nil, `find . -name "$(echo pre-commit)" -exec cp x {} \;`, Ask},
		{"find -path, tee", Y, nil, `find . -path $(printf %s ./.claude/settings.json) -exec tee {} +`, Ask},
		{"printf -v", Y, nil, `printf -v p %s "$(echo .git)"; echo x >> "$p"/config`, Ask},
		{"tee", Y, nil, `p=$(echo .git | tee /dev/null)/config; echo x >> "$p"`, Ask},
		{"neighbour: find of go files", Y, nil, `find . -name "$(echo '*.go')" -exec gofmt -w {} +`, Allow},
		{"neighbour: printf -v of a name", Y, nil, `printf -v p %s "$(echo notes)"; echo x > "$p".txt`, Allow},
		{"neighbour: tee, default", D, nil, `p=$(echo notes | tee /dev/null).txt; cat "$p"`, Allow},
	})
}

// TestFindCopyDir: the commands a find's copy made once the line is
// walked runs (findTargetCopies from readValues) run where the find
// does, not where the line's last cd left the walk.
func TestFindCopyDir(t *testing.T) {
	t.Parallel()
	a := analyzeShell(`cd src; n=pre-commit; find . -name "$n" -exec cp x {} \; ; cd /tmp`, "", "/p")
	found := false
	for _, c := range a.Commands {
		if c.Text == "cp x ./.git/hooks/pre-commit" {
			found = true
			if c.Dir != "src" {
				t.Errorf("%s runs in %q, want src", c.Text, c.Dir)
			}
		}
	}
	if !found {
		t.Error("no copy of cp for ./.git/hooks/pre-commit")
	}
}
