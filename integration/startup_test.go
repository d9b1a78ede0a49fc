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
// permission package builds nothing; exec no more than it did at stop 41
// (its signal and kernel tables, the protected names), where a checksum
// table a killed runner's hand-over needs had added 9 KB and some 0.3 ms
// to every start, mewsandbox version's too.
func TestStartupDoesNoWork(t *testing.T) {
	t.Parallel()
	cmd := osexec.Command(bin, "version")
	cmd.Env = []string{"GODEBUG=inittrace=1", "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("version: %v: %s", err, out)
	}
	limits := map[string]struct{ allocs, bytes int }{
		"main": {1, 1 << 10},
		"github.com/mewsandbox/mewsandbox/permission": {0, 0},
		"github.com/mewsandbox/mewsandbox/exec":       {58, 24 << 10},
	}
	for _, m := range regexp.MustCompile(`(?m)^init (\S+) @.*, (\d+) bytes, (\d+) allocs$`).FindAllStringSubmatch(string(out), -1) {
		limit, ok := limits[m[1]]
		bytes, _ := strconv.Atoi(m[2])
		if n, _ := strconv.Atoi(m[3]); ok && (n > limit.allocs || bytes > limit.bytes) {
			t.Errorf("package %s makes %d allocations (%d bytes) when the program starts, want at most %d (%d bytes):\n%s", m[1], n, bytes, limit.allocs, limit.bytes, m[0])
		}
	}
}
