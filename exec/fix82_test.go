//go:build linux

package exec

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fix82Git runs git in dir, failing the test on an error.
func fix82Git(t *testing.T, dir string, args ...string) {
	t.Helper()
	c := osexec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "protocol.file.allow=always"}, args...)...)
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestUnlayeredPlansTodosFix82: a run without the layer looked at no todo
// list (red81): an exec line a command wrote in the root's, a submodule's
// or a linked worktree's git directory stayed for the host's next git
// rebase --continue. The snapshot plans them in the git directories the
// layer plans them in (planAllTodos), and checkAllTodos comments out the
// lines added after the plan. The neighbour: an exec line the list had
// at the plan stays as it was.
func TestUnlayeredPlansTodosFix82(t *testing.T) {
	if _, err := osexec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	src, root := filepath.Join(tmp, "src"), filepath.Join(tmp, "root")
	for _, d := range []string{src, root} {
		fix82Git(t, tmp, "init", "-q", d)
		fix82Git(t, d, "commit", "-q", "--allow-empty", "-m", "init")
	}
	fix82Git(t, root, "submodule", "add", "-q", src, "sub")
	fix82Git(t, root, "commit", "-qm", "sub")
	fix82Git(t, root, "worktree", "add", "-q", "w")
	git := filepath.Join(root, ".git")
	dirs := []string{git, git + "/modules/sub", git + "/worktrees/w"}
	// The person's own rebase in the root, stopped, its exec line planned.
	if err := os.MkdirAll(git+"/rebase-merge", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(git+"/rebase-merge/git-rebase-todo", []byte("exec make test\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	s := planUnlayered(DefaultPolicy(root), root)
	defer unlockDirs(s.locks)
	var got []string
	for _, p := range s.todos {
		got = append(got, p.Git)
	}
	for _, d := range dirs {
		if !slices.Contains(got, d) {
			t.Errorf("the snapshot's todo lists are planned in %q, not in %s", got, d)
		}
	}
	// The same git directories as the layer's plan, the same working tree.
	l := planNamespace(DefaultPolicy(root), root, "")
	l.unpin()
	var layer []string
	for _, p := range l.todos {
		layer = append(layer, p.Git)
	}
	if !slices.Equal(got, layer) {
		t.Errorf("without the layer the todo lists are planned in %q, with it in %q", got, layer)
	}
	if i := slices.IndexFunc(s.todos, func(p *plannedTodos) bool { return p.Git == git }); i < 0 || s.todos[i].Work != root {
		t.Errorf("the root's git directory's working tree is not the root: %+v", s.todos)
	}

	waitPastPlans(s.todos, nil, nil, nil)
	for _, d := range dirs {
		if err := os.MkdirAll(d+"/rebase-merge", 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(d+"/rebase-merge/git-rebase-todo", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("exec touch planted\n")
		f.Close()
	}
	found := checkAllTodos(s.todos)
	for _, d := range dirs {
		b, _ := os.ReadFile(d + "/rebase-merge/git-rebase-todo")
		if !strings.Contains(string(b), todoMark+"exec touch planted\n") {
			t.Errorf("%s's todo list after the check: %q, want the command's exec line commented out", d, b)
		}
		if !slices.ContainsFunc(found, func(m string) bool {
			return strings.HasPrefix(m, d+"/rebase-merge/git-rebase-todo: the command added exec lines")
		}) {
			t.Errorf("the check says nothing of %s's todo list: %q", d, found)
		}
	}
	if b, _ := os.ReadFile(git + "/rebase-merge/git-rebase-todo"); !strings.HasPrefix(string(b), "exec make test\n") {
		t.Errorf("the person's own exec line: %q, want it kept", b)
	}
}
