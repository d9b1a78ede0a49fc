package integration

import (
	osexec "os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestStartupDoesNoWork: every mewsandbox process pays for package
// initialisation, the sandbox child included, and most never use the
// tables, maps and regexps a package could build at start. The CLI's own
// package builds only its command list (one allocation: the list refers
// to the help command, which lists it, so it cannot be static data); the
// permission package builds nothing; exec its signal and kernel tables
// (its protected names are built at first use since stop 48, when they
// had grown past the budget: 57 allocations, 26 KB, down to 23 and 6
// KB); at stop 41 a checksum table a killed runner's hand-over needs had
// added 9 KB and some 0.3 ms to every start, mewsandbox version's too. Started as a script's
// background job is (SIGINT and SIGQUIT ignored), exec's record of the
// signals ignored at the start had allocated a map more. seatbelt, whose
// profiles only macOS runs, builds its tables at first use: at the start
// it took 56 allocations on Linux too, for a list a test reads.
func TestStartupDoesNoWork(t *testing.T) {
	t.Parallel()
	limits := map[string]struct{ allocs, bytes int }{
		"main": {1, 1 << 10},
		"github.com/mewsandbox/mewsandbox/permission": {0, 0},
		"github.com/mewsandbox/mewsandbox/exec":       {23, 6 << 10},
		"github.com/mewsandbox/mewsandbox/seatbelt":   {6, 512},
	}
	for _, how := range []string{`exec "$0" version`, `trap '' INT QUIT; exec "$0" version`} {
		cmd := osexec.Command("/bin/sh", "-c", how, bin)
		cmd.Env = []string{"GODEBUG=inittrace=1", "PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", how, err, out)
		}
		for _, m := range regexp.MustCompile(`(?m)^init (\S+) @.*, (\d+) bytes, (\d+) allocs$`).FindAllStringSubmatch(string(out), -1) {
			limit, ok := limits[m[1]]
			bytes, _ := strconv.Atoi(m[2])
			if n, _ := strconv.Atoi(m[3]); ok && (n > limit.allocs || bytes > limit.bytes) {
				t.Errorf("%s: package %s makes %d allocations (%d bytes) when the program starts, want at most %d (%d bytes):\n%s", how, m[1], n, bytes, limit.allocs, limit.bytes, m[0])
			}
		}
	}
}
