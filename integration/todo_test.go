//go:build linux

package integration

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rebaseBox is a git project of three commits.
func rebaseBox(t *testing.T) *box {
	t.Helper()
	b := newGitBox(t)
	for _, f := range []string{"f1", "f2", "f3"} {
		b.file(f, f+"\n", 0o644)
		b.git("add", f)
		b.git("commit", "-qm", f)
	}
	return b
}

// stopRebase is a shell line that starts an interactive rebase of the
// last two commits, each followed by exec CMD, and stops it at once (a
// break first), as a conflict would.
func stopRebase(cmd string) string {
	return `GIT_SEQUENCE_EDITOR="sed -i '1i break'" git -c user.name=t -c user.email=t@example.com rebase -i --exec '` + cmd + `' HEAD~2 >/dev/null 2>&1; true`
}

// TestRebaseTodoExecPlanted: a command left an interactive rebase under
// way in the project, its todo list holding exec lines of its own, and
// the person's next git rebase --continue outside the sandbox ran them
// (a red team's). Exec lines a run's command adds to git's todo lists are
// commented out after the run, which fails naming them; the rebase then
// goes on without them. A list made a FIFO, at which the host's git status
// would wait for good (refused in the root now), and a rebase-merge made
// a link, are moved aside.
// The neighbours: a rebase the person started outside, with exec lines of
// their own, keeps them through a run; one done whole in the sandbox
// passes.
func TestRebaseTodoExecPlanted(t *testing.T) {
	requireNamespaces(t)
	b := rebaseBox(t)
	marker := filepath.Join(b.out, "MARKER")
	todo := filepath.Join(b.root, ".git/rebase-merge/git-rebase-todo")

	b.file("plant.sh", stopRebase("touch "+marker)+"\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "git-rebase-todo: the command added exec lines") {
		t.Errorf("a planted rebase: exit %d, stderr %q; want 125 naming the todo list", r.code, r.stderr)
	}
	if got := b.read(".git/rebase-merge/git-rebase-todo"); strings.Count(got, "# mewsandbox: exec touch "+marker) != 2 {
		t.Errorf("the todo list after the run: %q; want both exec lines commented out", got)
	}
	b.git("rebase", "--continue")
	if b.exists(marker) {
		t.Fatal("git rebase --continue outside the sandbox ran the command's exec line")
	}
	if b.exists(".git/rebase-merge") {
		t.Error("the rebase did not end")
	}

	// The person's own rebase, stopped outside; the run changes nothing.
	own := filepath.Join(b.out, "OWN")
	if out, err := osexec.Command("sh", "-c", "cd "+b.root+" && "+stopRebase("touch "+own)).CombinedOutput(); err != nil || !b.exists(".git/rebase-merge") {
		t.Fatalf("a rebase outside: %v %s", err, out)
	}
	before, _ := os.ReadFile(todo)
	if r := b.run("run", "--yolo", "--", "git", "status", "--short"); r.code != 0 {
		t.Errorf("git status beside the person's rebase: exit %d, stderr %q", r.code, r.stderr)
	}
	if after, _ := os.ReadFile(todo); string(after) != string(before) {
		t.Errorf("the person's todo list changed: %q, was %q", after, before)
	}
	b.git("rebase", "--continue")
	if !b.exists(own) {
		t.Error("the person's own exec line did not run")
	}

	// A rebase done whole in the sandbox, its exec lines run there.
	b.file("whole.sh", "git -c user.name=t -c user.email=t@example.com rebase -q --exec 'echo ran >> ran' HEAD~2\n", 0o644)
	if r := b.run("run", "--yolo", "--", "sh", "whole.sh"); r.code != 0 || strings.Count(b.read("ran"), "ran") != 2 {
		t.Errorf("a rebase with --exec in the sandbox: exit %d, stderr %q, ran %q", r.code, r.stderr, b.read("ran"))
	}

	// A FIFO for the list, and a link for its directory.
	for _, tc := range []struct{ name, script, moved string }{
		// Landlock refuses the FIFO in the root now (TestFifoNotMadeInRoot);
		// the move aside stays for a git directory in a grant outside it.
		{"a FIFO", stopRebase("true") + "\nrm .git/rebase-merge/git-rebase-todo && mkfifo .git/rebase-merge/git-rebase-todo\n", ""},
		{"a link", stopRebase("true") + "\nmv .git/rebase-merge rm2 && printf 'exec touch " + marker + "\\n' >> rm2/git-rebase-todo && ln -s ../rm2 .git/rebase-merge\n", ".git/rebase-merge.mewsandbox-planted"},
	} {
		b.file("plant.sh", tc.script, 0o644)
		r := b.run("run", "--yolo", "--", "sh", "plant.sh")
		if tc.moved == "" {
			if r.code == 0 || !strings.Contains(r.stderr, "mkfifo: cannot create fifo") {
				t.Errorf("%s: exit %d, stderr %q; want mkfifo refused", tc.name, r.code, r.stderr)
			}
		} else if r.code != 125 || !b.exists(tc.moved) {
			t.Errorf("%s: exit %d, stderr %q, %s there: %v; want 125 and it moved", tc.name, r.code, r.stderr, tc.moved, b.exists(tc.moved))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		st := osexec.CommandContext(ctx, "git", "status")
		st.Dir = b.root
		st.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		st.Run()
		if ctx.Err() != nil {
			t.Errorf("%s: git status outside the sandbox waited 10 s", tc.name)
		}
		cancel()
		osexec.Command("sh", "-c", "cd "+b.root+" && git rebase --abort; rm -rf rm2 .git/rebase-merge*").Run()
		if b.exists(marker) {
			t.Fatalf("%s: the command's exec line ran outside", tc.name)
		}
	}
}

// TestRebaseTodoExecPlantedInSubmoduleAndWorktree: checkTodos looked at
// the root's git directory only, and a rebase under way in a submodule or
// a linked worktree keeps its list in that one's git directory
// (.git/modules/NAME/rebase-merge, .git/worktrees/NAME/rebase-merge): a
// command left one stopped there with exec lines of its own, and the
// person's git rebase --continue in the submodule or the worktree ran
// them. Each git directory the plan knows is looked at now, as the
// root's. The neighbours: the person's own rebase in the submodule keeps
// its exec line through a run; a rebase-merge made a link there is moved
// aside.
func TestRebaseTodoExecPlantedInSubmoduleAndWorktree(t *testing.T) {
	requireNamespaces(t)
	b := rebaseBox(t)
	origin := filepath.Join(b.out, "origin")
	for _, args := range [][]string{{"init", "-q", origin}} {
		if out, err := osexec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for _, f := range []string{"s1", "s2", "s3"} {
		if out, err := osexec.Command("sh", "-c", "cd "+origin+" && echo "+f+" > "+f+" && git add "+f+" && git -c user.name=t -c user.email=t@example.com commit -qm "+f).CombinedOutput(); err != nil {
			t.Fatalf("origin: %v\n%s", err, out)
		}
	}
	b.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub")
	b.git("commit", "-qm", "sub")
	b.git("worktree", "add", "-q", "wt", "HEAD")
	marker := filepath.Join(b.out, "MARKER")
	for _, tc := range []struct{ name, dir, list string }{
		{"a submodule", "sub", ".git/modules/sub/rebase-merge/git-rebase-todo"},
		{"a linked worktree", "wt", ".git/worktrees/wt/rebase-merge/git-rebase-todo"},
	} {
		b.file("plant.sh", "cd "+tc.dir+" && "+stopRebase("touch "+marker)+"\n", 0o644)
		r := b.run("run", "--yolo", "--", "sh", "plant.sh")
		if r.code != 125 || !strings.Contains(r.stderr, tc.list+": the command added exec lines") {
			t.Errorf("%s: exit %d, stderr %q; want 125 naming %s", tc.name, r.code, r.stderr, tc.list)
		}
		if got := b.read(tc.list); strings.Count(got, "# mewsandbox: exec touch "+marker) != 2 {
			t.Errorf("%s: the todo list after the run: %q; want both exec lines commented out", tc.name, got)
		}
		if out, err := osexec.Command("sh", "-c", "cd "+filepath.Join(b.root, tc.dir)+" && git -c user.name=t -c user.email=t@example.com rebase --continue").CombinedOutput(); err != nil {
			t.Errorf("%s: git rebase --continue: %v\n%s", tc.name, err, out)
		}
		if b.exists(marker) {
			t.Fatalf("%s: git rebase --continue outside the sandbox ran the command's exec line", tc.name)
		}
	}

	// The person's own rebase in the submodule, stopped outside.
	own := filepath.Join(b.out, "OWN")
	if out, err := osexec.Command("sh", "-c", "cd "+filepath.Join(b.root, "sub")+" && "+stopRebase("touch "+own)).CombinedOutput(); err != nil || !b.exists(".git/modules/sub/rebase-merge") {
		t.Fatalf("a rebase outside: %v %s", err, out)
	}
	if r := b.run("run", "--yolo", "--", "git", "-C", "sub", "status", "--short"); r.code != 0 {
		t.Errorf("git status beside the person's rebase: exit %d, stderr %q", r.code, r.stderr)
	}
	if out, err := osexec.Command("sh", "-c", "cd "+filepath.Join(b.root, "sub")+" && git -c user.name=t -c user.email=t@example.com rebase --continue").CombinedOutput(); err != nil || !b.exists(own) {
		t.Errorf("the person's own exec line did not run: %v\n%s", err, out)
	}

	// A link for its directory, in the worktree's git directory.
	b.file("plant.sh", "cd wt && "+stopRebase("true")+"\ncd .. && mv .git/worktrees/wt/rebase-merge rm2 && printf 'exec touch "+marker+"\\n' >> rm2/git-rebase-todo && ln -s ../../../rm2 .git/worktrees/wt/rebase-merge\n", 0o644)
	r := b.run("run", "--yolo", "--", "sh", "plant.sh")
	if moved := ".git/worktrees/wt/rebase-merge.mewsandbox-planted"; r.code != 125 || !b.exists(moved) {
		t.Errorf("a link: exit %d, stderr %q, %s there: %v; want 125 and it moved", r.code, r.stderr, moved, b.exists(moved))
	}
	if !gitReturns(t, filepath.Join(b.root, "wt"), nil, "status") {
		t.Error("git status in the worktree waited 10 s")
	}
	if b.exists(marker) {
		t.Fatal("the command's exec line ran outside")
	}
}
