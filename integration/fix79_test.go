//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGrantLookWarnsBeforeOutputFix79: the warning of run's look through
// a write grant for other repositories (gitDirBelow) is written before the
// command runs, and so before anything the command writes, with the layer
// and without it (a guard for any later move of the look off the run's
// path).
// Neighbour: a grant holding no repository but the root's is not warned
// of, and its command runs as before.
func TestGrantLookWarnsBeforeOutputFix79(t *testing.T) {
	t.Parallel()
	const warn = "covers the git directory "
	for _, tc := range []struct {
		name  string
		repo  bool
		flags []string
	}{
		{"layer", true, nil},
		{"no namespaces", true, []string{"--no-namespaces"}},
		{"neighbour: no repository", false, []string{"--no-namespaces"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			top := realTemp(t)
			root := filepath.Join(top, "a", "b", "p")
			dirs := []string{filepath.Join(root, ".git", "hooks")}
			if tc.repo {
				dirs = append(dirs, filepath.Join(top, "x", "y", ".git"))
			}
			for _, d := range dirs {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			args := append([]string{"run", "--yolo", "--no-user-settings", "--settings", "/dev/null", "--allow-write", top}, tc.flags...)
			r := run(t, invocation{args: append(args, "--", "sh", "-c", "echo from-the-command >&2"), dir: root})
			w, out := strings.Index(r.stderr, warn+filepath.Join(top, "x", "y", ".git")), strings.Index(r.stderr, "from-the-command")
			switch {
			case r.code != 0 || out < 0:
				t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
			case tc.repo && (w < 0 || w > out):
				t.Errorf("--allow-write %s over x/y/.git: the warning not before the command's output:\n%s", top, r.stderr)
			case !tc.repo && strings.Contains(r.stderr, warn):
				t.Errorf("--allow-write %s with no repository but the root's warned:\n%s", top, r.stderr)
			}
		})
	}
}
