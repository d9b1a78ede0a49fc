package main

import (
	"path"
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// TestLayerProtectedAskedFor: every entry of the root the sandbox keeps
// read-only (exec.ProtectedInRoot) is a write the engine asks for in
// bypassPermissions, the entry itself or (a directory's) a file below
// it, so that the engine's sensitive names and the layer's list stay
// reconciled; and the hook managers' scripts below theirs.
func TestLayerProtectedAskedFor(t *testing.T) {
	env := permission.PathEnv{Cwd: "/home/u/proj", Home: "/home/u", Root: "/home/u/proj"}
	e := &permission.Engine{Mode: permission.ModeBypassPermissions, Env: env, Exists: func(string) bool { return true }}
	asked := func(tool, rel string) bool {
		return e.Check(permission.Call{Tool: tool, Path: path.Join(env.Root, rel)}).Decision == permission.Ask
	}
	for _, rel := range exec.ProtectedInRoot() {
		for _, tool := range []string{"Write", "Edit"} {
			if !asked(tool, rel) && !asked(tool, rel+"/x") {
				t.Errorf("%s %s (or a file below it) is not asked for; the layer protects it", tool, rel)
			}
		}
	}
	for _, rel := range []string{".husky/pre-commit", ".husky/_/h", ".lefthook/pre-commit/lint.sh", ".lefthook-local/pre-push/x", ".config/lefthook.toml", "lefthook-local.jsonc", ".pre-commit-config.yaml"} {
		if !asked("Write", rel) {
			t.Errorf("Write %s is not asked for", rel)
		}
	}
}
