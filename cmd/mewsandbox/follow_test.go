package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFollow: follow resolves a path as the kernel does to open or create
// it, on a real file system.
func TestFollow(t *testing.T) {
	t.Parallel()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"p/.git/hooks", "home/.ssh"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"p/h":     ".git/hooks",
		"p/rc":    "../home/.bashrc", // dangling
		"p/abs":   dir + "/home/.ssh",
		"p/chain": "rc",
		"p/loop1": "loop2",
		"p/loop2": "loop1",
		"p/deep":  "deep/x", // leads into itself: each level a new loop
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	for p, want := range map[string]string{
		"p/h/pre-commit":      "p/.git/hooks/pre-commit",
		"p/h/../config":       "p/.git/config",
		"p/rc":                "home/.bashrc",
		"p/chain":             "home/.bashrc",
		"p/abs/id_rsa":        "home/.ssh/id_rsa",
		"p/new/dir/file":      "p/new/dir/file",
		"p/h/new/../x":        "p/.git/hooks/x",
		"p/./h/./pre-push":    "p/.git/hooks/pre-push",
		"p/missing/../h/post": "p/.git/hooks/post",
	} {
		if got := follow(dir + "/" + p); got != filepath.Join(dir, want) {
			t.Errorf("follow(%s) = %q, want %q", p, got, filepath.Join(dir, want))
		}
	}
	for _, p := range []string{"p/loop1", "p/deep", "p/deep/../.git/hooks/pre-commit", "p/loop1/.."} {
		done := make(chan string, 1)
		go func() { done <- follow(dir + "/" + p) }()
		select {
		case got := <-done:
			if got != "" {
				t.Errorf("follow of a loop %s = %q, want \"\"", p, got)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("follow of a loop %s still running after 10 s (a review held the hook so for minutes)", p)
		}
	}
}

// TestOnDiskCase: on a file system that matches names without regard to
// case (macOS's default) a path is written as its directories list it, so
// that .GIT/hooks meets the engine as .git/hooks; a name that is listed as
// given stays, and a directory that cannot be listed leaves the rest.
func TestOnDiskCase(t *testing.T) {
	t.Parallel()
	dirs := map[string][]string{
		"/":                   {"Users", "tmp"},
		"/Users":              {"me"},
		"/Users/me":           {".ssh", "proj", "Proj"},
		"/Users/me/proj":      {".git", "infra", "README.md"},
		"/Users/me/proj/.git": {"hooks"},
	}
	names := func(d string) []string { return dirs[d] }
	for in, want := range map[string]string{
		"/users/ME/.SSH/id_rsa":                "/Users/me/.ssh/id_rsa",
		"/Users/me/proj/.GIT/HOOKS/pre-commit": "/Users/me/proj/.git/hooks/pre-commit",
		"/Users/me/Proj/x":                     "/Users/me/Proj/x",
		"/Users/me/PROJ/INFRA/x.tf":            "/Users/me/proj/infra/x.tf",
		"/TMP/unlisted/Deep":                   "/tmp/unlisted/Deep",
	} {
		if got := onDiskCase(in, names); got != want {
			t.Errorf("onDiskCase(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestDeepCdChainChecksFast: a line of 3,000 cd a && … then cat x, each
// command's directory one missing level deeper, took 41–81 s to check: the
// hook past Claude Code's timeout. Each level's directory was resolved
// again for every command below it (followIn), and every place on each
// path was built anew (permission's walkSteps). It is checked in well
// under a second here now, with the same answer as a short chain's.
func TestDeepCdChainChecksFast(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var out strings.Builder
	start := time.Now()
	code := realMain([]string{"check", "-c", strings.Repeat("cd a && ", 3000) + "cat x"}, strings.NewReader(""), &out, io.Discard)
	if took := time.Since(start); took > 10*slowdown*time.Second {
		t.Errorf("3,000 cd a && … then cat x took %v to check, want well under 10 s", took)
	}
	if code != 0 || !strings.HasPrefix(out.String(), "allow") {
		t.Errorf("exit %d, %.200q; want allow, as cd a && cat x is", code, out.String())
	}
}

// TestFoldsCaseOnLinux: a directory that matches names without regard
// to case off macOS (an ext4 or tmpfs casefold directory, WSL's drvfs
// under /mnt/c, a FAT volume) had .GIT/hooks/pre-commit judged as a name
// of its own, not the root's .git/hooks, where git then ran it: followed
// paths were written as on disk on macOS only. Now a directory whose
// entry answers to its name with the case swapped is taken as folding,
// and the path is written as its directories list it; a case-sensitive
// one, where the swapped name is missing or another file, is left alone.
func TestFoldsCaseOnLinux(t *testing.T) {
	t.Parallel()
	// /mnt/c/proj folds case; /home/u/proj does not, and holds both
	// Makefile and makefile, two files.
	same := func(a, b string) bool {
		fold := func(p string) string {
			if strings.HasPrefix(p, "/mnt/c/proj/") {
				return strings.ToLower(p)
			}
			return p
		}
		return fold(a) == fold(b)
	}
	for real, want := range map[string]bool{
		"/mnt/c/proj/.GIT/hooks": true,
		"/mnt/c/proj/src":        true,
		"/mnt/c/proj":            false, // /mnt/c itself does not fold here
		"/home/u/proj/.GIT":      false,
		"/home/u/proj/Makefile":  false,
		"/home/u/proj/123":       false,
	} {
		if got := foldsCase(real, same); got != want {
			t.Errorf("foldsCase(%s) = %v, want %v", real, got, want)
		}
	}
}
