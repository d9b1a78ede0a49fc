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
// permission package builds nothing.
func TestStartupDoesNoWork(t *testing.T) {
	t.Parallel()
	cmd := osexec.Command(bin, "version")
	cmd.Env = []string{"GODEBUG=inittrace=1", "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("version: %v: %s", err, out)
	}
	limits := map[string]int{"main": 1, "github.com/mewsandbox/mewsandbox/permission": 0}
	for _, m := range regexp.MustCompile(`(?m)^init (\S+) @.*, (\d+) allocs$`).FindAllStringSubmatch(string(out), -1) {
		limit, ok := limits[m[1]]
		if n, _ := strconv.Atoi(m[2]); ok && n > limit {
			t.Errorf("package %s makes %d allocations when the program starts, want at most %d:\n%s", m[1], n, limit, m[0])
		}
	}
}
