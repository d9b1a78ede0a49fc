package exec

import (
	"slices"
	"strings"
	"testing"
)

// TestPlanSeatbeltWorktreeHooksGh84: a linked worktree in the root runs
// .git/hooks from its own top, so a hook running ./scripts/lint.sh runs
// wt/scripts/lint.sh at a commit there: the profile denies writing it as
// it does the root's. The neighbour: without the hook both stay
// writable.
func TestPlanSeatbeltWorktreeHooksGh84(t *testing.T) {
	t.Parallel()
	for _, hook := range []bool{true, false} {
		root := t.TempDir()
		mac82Write(t, root, ".git/HEAD", "ref: refs/heads/main\n", false)
		mac82Write(t, root, ".git/worktrees/wt/gitdir", root+"/wt/.git\n", false)
		mac82Write(t, root, "wt/.git", "gitdir: "+root+"/.git/worktrees/wt\n", false)
		mac82Write(t, root, "scripts/lint.sh", "#!/bin/sh\n", true)
		mac82Write(t, root, "wt/scripts/lint.sh", "#!/bin/sh\n", true)
		if hook {
			mac82Write(t, root, ".git/hooks/pre-commit", "#!/bin/sh\n./scripts/lint.sh\n", true)
		}
		protected, missing := mac82Params(t, root, "PROTECT_")
		if len(missing) > 0 {
			t.Errorf("hook %v: Missing %q, want nothing", hook, missing)
		}
		for _, rel := range []string{"scripts/lint.sh", "wt/scripts/lint.sh"} {
			if got := slices.ContainsFunc(protected, func(p string) bool { return strings.HasSuffix(p, root+"/"+rel) }); got != hook {
				t.Errorf("hook %v: %s denied writing %v, want %v", hook, rel, got, hook)
			}
		}
	}
}
