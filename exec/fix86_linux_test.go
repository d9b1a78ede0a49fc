package exec

import (
	"os"
	"strings"
	"testing"
)

// TestMoveReplantedFix86: a protected path a plan beside another run
// found there is moved aside after the run only where made or changed
// since (a layered run's .mcp.json, made again by its command once the
// other run's end had moved the first aside); the person's, older, stays,
// and a plan not beside another run trusts them all.
func TestMoveReplantedFix86(t *testing.T) {
	root := t.TempDir()
	write(t, root+"/.mcp.json", "the person's\n")
	write(t, root+"/.cursor", "the person's\n")
	sec, nsec := changeClockNsec()
	if !waitPastClock(sec, nsec) {
		t.Skip("the coarse clock does not pass the plan's time")
	}
	write(t, root+"/.cursor.new", "planted\n")
	if err := os.Rename(root+"/.cursor.new", root+"/.cursor"); err != nil {
		t.Fatal(err)
	}
	paths := []string{root + "/.mcp.json", root + "/.cursor", root + "/.gemini"}
	if got := moveReplanted(plannedFound{paths: paths}); got != nil {
		t.Errorf("a plan not beside another run: %q, want nothing done", got)
	}
	got := moveReplanted(plannedFound{paths: paths, sec: sec, nsec: nsec})
	if len(got) != 1 || !strings.Contains(got[0], root+"/.cursor to .cursor.mewsandbox-planted") || strings.Contains(got[0], ".mcp.json") {
		t.Fatalf("want .cursor alone moved aside, got %q", got)
	}
	if b, err := os.ReadFile(root + "/.mcp.json"); err != nil || string(b) != "the person's\n" {
		t.Errorf("the person's .mcp.json: %q, %v", b, err)
	}
	if _, err := os.Lstat(root + "/.cursor"); err == nil {
		t.Error(".cursor, changed since the plan, is still there")
	}
}
