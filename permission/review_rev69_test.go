package permission

import (
	"strings"
	"testing"
	"time"
)

// TestRev69XargsLinesBounded: xargs -n printed echo's arguments again for
// each line it makes, unbounded, so that p=$(echo a a a … | xargs -n1
// echo bbb…) of 30 kB wrote out 100 MB and took 4 s. Neighbour: xargs
// -n of a protected path is still followed.
func TestRev69XargsLinesBounded(t *testing.T) {
	t.Parallel()
	many := strings.TrimSpace(strings.Repeat("a ", 10000))
	long := strings.Repeat("b", 10000)
	checkFast(t, 2*time.Second, []slowRow{
		{"xargs -n1 of a long argument", `p=$(echo ` + many + ` | xargs -n1 echo ` + long + `); cp x "$p"`, Allow},
		{"neighbour: xargs -n1 of .git/config", `p=$(echo .git/config | xargs -n1 echo); echo x >> "$p"`, Ask},
	})
}

// TestRev69ValueTextBounded: a here-string of a variable's value
// written many times over was built whole before tr or cat read it, so
// that d=aaa…; p=$(tr a b <<< "$d$d$d…") of 20 kB made 50 MB and took
// 7 s. Neighbour: a here-string of a value naming the config.
func TestRev69ValueTextBounded(t *testing.T) {
	t.Parallel()
	value := strings.Repeat("a", 10000)
	refs := strings.Repeat("$d", 5000)
	checkFast(t, 2*time.Second, []slowRow{
		{"tr of a value many times", `d=` + value + `; p=$(tr a b <<< "` + refs + `"); cp x "$p"`, Allow},
		{"cat of a value many times", `d=` + value + `; p=$(cat <<< "` + refs + `"); cp x "$p"`, Allow},
		{"neighbour: tr of a value", `d=.GIT; p=$(tr A-Z a-z <<< "$d$d" | cut -c1-4)/config; echo x >> "$p"`, Ask},
	})
}

// TestRev69AwkProgramBounded: awk's program was read again for each
// line of its input, so that printf 'a\n…' of 4,000 lines | awk '{print
// $5$5…}' of a 200 kB program took their product, 2 s. Neighbour: a
// short program of a protected path is still followed.
func TestRev69AwkProgramBounded(t *testing.T) {
	t.Parallel()
	lines := strings.Repeat(`a\n`, 4000)
	fields := strings.Repeat("$5", 100000)
	checkFast(t, time.Second, []slowRow{
		{"a long program over many lines", `p=$(printf '` + lines + `' | awk '{print ` + fields + `}'); cp x "$p"`, Allow},
		{"neighbour: a field of .git/config", `p=$(echo x .git/config | awk '{print $2}'); echo x >> "$p"`, Ask},
	})
}

// TestRev69PipedReadsLazy: each stage of a pipeline that prints a known
// text was split into lines for the reads, whether a read was there to
// take them or not, so that read x; printf 'a\n…' | cat | tr a a | …
// of 8,000 lines through 1,200 stages, now that cat's output is known,
// took 3 s. Neighbour: a read after the stages is still given theirs.
func TestRev69PipedReadsLazy(t *testing.T) {
	t.Parallel()
	lines := strings.Repeat(`a\n`, 8000)
	stages := strings.Repeat(" | tr a a", 1200)
	checkFast(t, 2*time.Second, []slowRow{
		{"many stages of many lines", `read x; printf '` + lines + `' | cat` + stages, Allow},
		{"neighbour: a read after them", `echo .GIT | cat | tr A-Z a-z | tr a a | while read -r f; do echo x >> "$f/config"; done`, Ask},
	})
}
