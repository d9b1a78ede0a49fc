package permission

import (
	"strings"
	"testing"
	"time"
)

// rev68: adversarial review of stop 46's value-following (pathout.go,
// sedtext.go, findtargets.go, readvalues.go).

// slowRow is a command that must be checked within a time limit, with
// the decision it must get.
type slowRow struct {
	name string
	cmd  string
	want Decision
}

// checkFast checks each row in bypassPermissions and fails one that
// takes longer than budget(limit),
// without waiting for it to finish.
func checkFast(t *testing.T, limit time.Duration, rows []slowRow) {
	t.Helper()
	checkFastIn(t, ModeBypassPermissions, limit, rows)
}

// checkFastIn is checkFast in mode, for the checks bypassPermissions
// skips.
func checkFastIn(t *testing.T, mode Mode, limit time.Duration, rows []slowRow) {
	t.Helper()
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan Decision, 1)
			go func() { done <- engine(t, mode).Check(bash(tt.cmd)).Decision }()
			select {
			case d := <-done:
				if d != tt.want {
					t.Errorf("%.80q: %v, want %v", tt.cmd, d, tt.want)
				}
			case <-time.After(budget(limit)):
				t.Errorf("%.80q: not checked in %v", tt.cmd, budget(limit))
			}
		})
	}
}

// TestRev68CutListLinear: cut's list was read again for each field of
// each line, so that a long list over a long line took time of their
// product: echo aaa… | cut -c 1,1,1,… of 60 kB took 9 s. Neighbour: a
// cut of a protected path out of a known text is still followed.
func TestRev68CutListLinear(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 20000)
	list := strings.Repeat("1,", 20000) + "1"
	checkFast(t, 2*time.Second, []slowRow{
		{"long list over a long line", `p=$(echo ` + long + ` | cut -c ` + list + `); echo x >> "$p"`, Allow},
		{"neighbour: cut of .git/config", `p=$(echo x:.git/config | cut -d: -f1,2-2,2 | cut -d: -f2); echo x >> "$p"`, Ask},
	})
}

// TestRev68PipedFiltersLinear: each stage of a pipeline a known text
// feeds is now a known text too (pipedFilters), and pipedReads read
// every stage's text again for each other stage: echo of 20 kB through
// 2,000 tr stages took 8 s. Neighbour: a read in a pipeline a known
// text starts is still given it.
func TestRev68PipedFiltersLinear(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 20000)
	checkFast(t, 2*time.Second, []slowRow{
		{"long pipeline of filters", `p=$(echo ` + long + strings.Repeat(" | tr a b", 2000) + `); cp x "$p"`, Allow},
		{"neighbour: read of a piped text", `echo .git/config | tr a b | while read f; do echo x >> "$f"; done`, Ask},
	})
}

// TestRev68SedBounded: sed's s commands were compiled again for each
// line, and what they make had no bound: echo a | sed
// 's/a/aaaaaaaaaa/g;…' nine times over made a line of 10^9 bytes (not
// checked in 20 s), and 2,000 lines through 2,000 commands took 4 s.
// Past a bound what sed prints is taken as not read, in lower case.
// Neighbours: sed of a known text is still followed.
func TestRev68SedBounded(t *testing.T) {
	t.Parallel()
	grow := strings.TrimSuffix(strings.Repeat("s/a/aaaaaaaaaa/g;", 9), ";")
	lines := strings.Repeat(`a\n`, 2000)
	many := strings.TrimSuffix(strings.Repeat("s/a/b/;", 2000), ";")
	checkFast(t, 2*time.Second, []slowRow{
		{"a line grown tenfold nine times", `p=$(echo a | sed '` + grow + `'); cp x "$p"`, Allow},
		{"many lines through many commands", `p=$(printf '` + lines + `' | sed '` + many + `'); cp x "$p"`, Allow},
		{"neighbour: sed of .GIT", `p=$(echo .GIT | sed 's/GIT/git/;s/x/y/g')/config; echo x >> "$p"`, Ask},
		{"neighbour: sed -n p", `p=$(echo .git/config | sed -n 's/c/c/p'); echo x >> "$p"`, Ask},
	})
}

// TestRev68TrSetsBounded: tr's ranges were written out however many,
// and each character of its input looked for in them: 3,000 ranges of
// 8,000 characters took 2 s and 300 MB. Past maxTrSet a set is not
// read, and the text comes back in lower case. Neighbours: tr of a
// known text is still followed.
func TestRev68TrSetsBounded(t *testing.T) {
	t.Parallel()
	ranges := strings.Repeat("!-\u2020", 6000)
	checkFast(t, 2*time.Second, []slowRow{
		{"thousands of long ranges", `p=$(echo .GIT | tr '` + ranges + `' a)/config; echo x >> "$p"`, Ask},
		{"neighbour: tr A-Z a-z", `p=$(echo .GIT | tr A-Z a-z)/config; echo x >> "$p"`, Ask},
		{"neighbour: tr -s", `p=$(echo ..giit | tr -s .i)/config; echo x >> "$p"`, Ask},
		{"neighbour: tr -d", `p=$(echo .gXit | tr -d X)/config; echo x >> "$p"`, Ask},
		{"neighbour: tr of the project", `p=$(echo SRC | tr A-Z a-z)/main.go; echo x >> "$p"`, Allow},
	})
}

// TestRev68GlobTrimLinear: a trim by a glob pattern matched the pattern
// against each prefix or suffix of the value in turn, time the cube of
// its length: p=aaa… of 20 kB; ${p##*b} took 5 s. It is now one match of
// a regular expression, the value and the pattern reversed for a suffix.
// Neighbours: each of the four trims still removes what bash does.
func TestRev68GlobTrimLinear(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 20000)
	checkFast(t, 2*time.Second, []slowRow{
		{"longest prefix of a long value", `p=` + long + `; cp x "${p##*b}"`, Allow},
		{"shortest suffix of a long value", `p=b` + long + `; cp x "${p%b*}"`, Allow},
		{"neighbour: shortest suffix", `p=.git/hooks/x; cp x "${p%/*}"/pre-commit`, Ask},
		{"neighbour: longest suffix", `p=.git/a/b; echo x >> "${p%%/*}"/config`, Ask},
		{"neighbour: shortest prefix", `p=x/.git/config; echo x >> "${p#*/}"`, Ask},
		{"neighbour: longest prefix", `p=/a/b/.bashrc; echo x >> ~/"${p##*/}"`, Ask},
		{"neighbour: a file of the project", `p=src/x.go; echo x > "${p%.*}".txt`, Allow},
	})
	for _, tt := range []struct{ v, op, want string }{
		{"a/b/c", "%/*", "a/b"}, {"a/b/c", "%%/*", "a"}, {"a/b/c", "#*/", "b/c"}, {"a/b/c", "##*/", "c"},
		{"x.tar.gz", "%.*", "x.tar"}, {"x.tar.gz", "%%.*", "x"}, {"abc", "%[bc]", "ab"}, {"é/x", "#?/", "x"},
		{"abc", "%z", "abc"}, {"abc", "#*", "abc"}, {"abc", "##*", ""},
	} {
		if got, ok := trimGlob(tt.v, tt.op); !ok || got != tt.want {
			t.Errorf("${%s%s} of %q = %q, %v; want %q", "p", tt.op, tt.v, got, ok, tt.want)
		}
	}
}

// TestRev68PrintingFindsCheap: each find's protected targets were
// worked out (some thousand paths matched against its tests) though it
// has no -exec nor -delete to hand them to: 10,000 finds that only
// print took 3 s. Neighbours: a find that runs a command or deletes still
// hands them on.
func TestRev68PrintingFindsCheap(t *testing.T) {
	t.Parallel()
	checkFast(t, time.Second, []slowRow{
		{"thousands of printing finds", strings.Repeat("find . -name pre-commit -print; ", 10000), Allow},
		{"neighbour: find -exec", `find . -name pre-commit -exec cp x {} \;`, Ask},
		{"neighbour: find -delete", `find . -name config -delete`, Ask},
	})
}
