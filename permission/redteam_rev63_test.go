package permission

import "testing"

// TestRev63FoldCaseEveryList: where file systems fold case (macOS),
// Engine.protected compares the path lower case, so a protected place
// listed with capitals was never met, not even spelled as listed: a
// root-run agent in bypassPermissions wrote Claude Code's managed
// settings, /Library/Application Support/ClaudeCode/managed-settings.json,
// and read a browser profile below ~/.config/BraveSoftware. Every list
// the check reads must hold the lower-case spelling of each name with
// capitals (TestS16ProtectedFoldCase checks it; it checked three lists of
// the six).
func TestRev63FoldCaseEveryList(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeBypassPermissions)
	e.FoldCase = true
	for _, c := range []Call{
		{Tool: "Write", Path: "/Library/Application Support/ClaudeCode/managed-settings.json"},
		{Tool: "Write", Path: "/library/application support/claudecode/managed-settings.json"},
		{Tool: "Read", Path: "~/.config/BraveSoftware/Brave-Browser/Default/Login Data"},
		{Tool: "Grep", Path: "~/.config/BraveSoftware"},
	} {
		if res := e.Check(c); res.Decision != Ask {
			t.Errorf("%s %q with FoldCase: %v (%s), want ask", c.Tool, c.Path, res.Decision, res.Reason)
		}
	}
	// The neighbour: an ordinary file with capitals is no protected one.
	if res := e.Check(Call{Tool: "Write", Path: "/Library/Application Support/MyApp/state.json"}); res.Decision != Allow {
		t.Errorf("Write of an ordinary file in bypassPermissions with FoldCase: %v (%s), want allow", res.Decision, res.Reason)
	}
}
