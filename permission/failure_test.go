package permission

import (
	"strings"
	"testing"
)

// TestCheckDeniesOnFailure: a call the engine fails on is denied, saying
// so, in every mode, bypassPermissions included; before, the panic ended
// the hook, check and run with a stack trace and exit status 2, which run's
// caller could not tell from the command's own. The neighbour, the same
// engine without the failing function, still allows the read.
func TestCheckDeniesOnFailure(t *testing.T) {
	env := PathEnv{Cwd: "/p", Home: "/home/u", Root: "/p"}
	calls := []Call{
		{Tool: "Read", Path: "/p/README.md"},
		{Tool: "Write", Path: "/p/new.txt"},
	}
	for _, mode := range []Mode{ModeDefault, ModeAcceptEdits, ModeBypassPermissions, ModeDontAsk, ModePlan} {
		failing := &Engine{Mode: mode, Env: env,
			Follow: func(string) string { panic("follow broke") },
			Exists: func(string) bool { panic("exists broke") }}
		for _, c := range calls {
			res := failing.Check(c)
			if res.Decision != Deny || !strings.Contains(res.Reason, "broke") || !strings.Contains(res.Reason, "the permission engine failed") {
				t.Errorf("%s: %s %s: %v %q, want a denial naming the failure", mode, c.Tool, c.Path, res.Decision, res.Reason)
			}
		}
	}
	if res := (&Engine{Env: env, Exists: func(string) bool { return true }}).Check(calls[0]); res.Decision != Allow {
		t.Errorf("Read of a file in the root without a failing function: %v %q, want allow", res.Decision, res.Reason)
	}
}
