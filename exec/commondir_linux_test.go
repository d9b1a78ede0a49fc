//go:build linux

package exec

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// gitRoot returns a root holding a git directory .git with config (the
// hooks, objects and refs too), and files beside as given (relative to the
// root).
func gitRoot(t *testing.T, config string, files map[string]string) string {
	t.Helper()
	root := testRoot(t)
	for _, d := range []string{".git/hooks", ".git/objects", ".git/refs", ".mewsandbox", ".claude", ".codex"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files = mapWith(files, ".git/HEAD", "ref: refs/heads/main\n")
	if config != "" {
		files[".git/config"] = config
	}
	for f, c := range files {
		if err := os.WriteFile(filepath.Join(root, f), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestCommondirPlaceholderPlan: which runs get a placeholder commondir in
// the root's git directory, and which hold one another run made.
func TestCommondirPlaceholderPlan(t *testing.T) {
	noUserConfig(t)
	tests := []struct {
		name           string
		config         string
		commondir      string // .git/commondir, if not ""
		marked         bool   // and it bears the placeholder mark
		allowGitConfig bool
		wantHeld       bool // in l.commondirs
		wantMissing    int
		wantReadOnly   bool
	}{
		{name: "missing: made and bound", config: "[core]\n", wantHeld: true, wantMissing: 1, wantReadOnly: true},
		{name: "another run's: held, not made", config: "[core]\n", commondir: commondirSelf, marked: true, wantHeld: true, wantReadOnly: true},
		{name: "the project's own: bound, not held", config: "[core]\n", commondir: commondirSelf, wantReadOnly: true},
		{name: "--allow-git-config: none made (the command may set core.fsmonitor itself)", config: "[core]\n", allowGitConfig: true},
		{name: "--allow-git-config: another run's still held", config: "[core]\n", commondir: commondirSelf, marked: true, allowGitConfig: true, wantHeld: true, wantReadOnly: true},
		{name: "core.worktree, which git would ignore: none", config: "[core]\n\tworktree = ..\n"},
		{name: "an empty .git, read-only as a whole: none", config: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files map[string]string
			if tt.commondir != "" {
				files = map[string]string{".git/commondir": tt.commondir}
			}
			root := gitRoot(t, tt.config, files)
			commondir := filepath.Join(root, ".git/commondir")
			if tt.marked {
				if err := unix.Setxattr(commondir, placeholderMark, []byte("0"), 0); err != nil {
					t.Skipf("no extended attributes here: %v", err)
				}
			}
			p := DefaultPolicy(root)
			p.AllowGitConfig = tt.allowGitConfig
			l := planNamespace(p, root, "")
			if len(l.unprotected) > 0 {
				t.Errorf("unprotected: %q", l.unprotected)
			}
			if held := slices.Contains(l.commondirs, commondir); held != tt.wantHeld || l.missing != tt.wantMissing {
				t.Errorf("held %v (%q), missing %d; want %v, %d", held, l.commondirs, l.missing, tt.wantHeld, tt.wantMissing)
			}
			if ro := slices.Contains(l.steps, mountStep{Op: mountRdonly, Path: commondir}); ro != tt.wantReadOnly {
				t.Errorf("bound read-only: %v, want %v", ro, tt.wantReadOnly)
			}
			if slices.Contains(l.placeholders, commondir) {
				t.Error("held as a directory placeholder")
			}
		})
	}
}

// TestCommondirGoneSinceTheWalk: another run's placeholder commondir that
// its release helper removes after the plan's resolver looked at it is held
// (and so made again before the child binds it), not bound as the walk
// found it: the child then found nothing to bind, and the run failed
// ("open, following no link, …/.git/commondir: no such file or directory":
// TestMetadataThroughStdio, 2 runs of 200, where each run starts within
// the helper's grace of the one before).
func TestCommondirGoneSinceTheWalk(t *testing.T) {
	root := gitRoot(t, "[core]\n", map[string]string{".git/commondir": commondirSelf})
	commondir := filepath.Join(root, ".git/commondir")
	if err := unix.Setxattr(commondir, placeholderMark, []byte("0"), 0); err != nil {
		t.Skipf("no extended attributes here: %v", err)
	}
	g := &guard{root: root, writable: []string{root}, res: newResolver(8)}
	w, err := g.walk(commondir)
	if err != nil || w.missing != "" {
		t.Fatalf("walk: %+v, %v", w, err)
	}
	if err := os.Remove(commondir); err != nil {
		t.Fatal(err)
	}
	g.protectWay(protectedPath{path: commondir, placeholder: true, commondir: true}, w, nil)
	if !slices.Contains(g.commondirs, commondir) || len(g.unprotected) > 0 {
		t.Errorf("commondirs %q, unprotected %q; want %s held", g.commondirs, g.unprotected, commondir)
	}
	// The project's own, there still: bound, not held.
	if err := os.WriteFile(commondir, []byte(commondirSelf), 0o644); err != nil {
		t.Fatal(err)
	}
	g = &guard{root: root, writable: []string{root}, res: newResolver(8)}
	g.protectPath(protectedPath{path: commondir, placeholder: true, commondir: true})
	if len(g.commondirs) > 0 || !slices.Contains(g.readOnly, commondir) {
		t.Errorf("the project's own: commondirs %q, read-only %q; want it bound, not held", g.commondirs, g.readOnly)
	}
}

// commondirGone says whether root's .git/commondir is gone within 10 s
// (the release helper's grace, and a margin for a loaded machine).
func commondirGone(root string) bool {
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Lstat(filepath.Join(root, ".git/commondir")); err != nil {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestCommondirPlaceholderRun: the placeholder commondir names .git, is
// read-only inside (a command cannot write, replace or remove it), and is
// gone after the run; one a killed runner left goes with the next run,
// but only while it holds exactly what the runner wrote; and a working
// name a runner killed while making one left goes with a later run's
// making, if it is one.
func TestCommondirPlaceholderRun(t *testing.T) {
	t.Parallel()
	requireLayer(t)
	const attack = `{ test "$(cat .git/commondir)" = . && echo names-git; ` +
		`echo ../evil > .git/commondir || echo write-refused; ` +
		`{ echo ../evil > c.new && mv c.new .git/commondir; } || echo rename-refused; ` +
		`rm -f .git/commondir || echo remove-refused; } 2>/dev/null > out`
	const want = "names-git\nwrite-refused\nrename-refused\nremove-refused\n"

	t.Run("made and removed", func(t *testing.T) {
		root := gitRoot(t, "[core]\n", nil)
		if status, err := sh(root, attack).Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("Run = %d, %v", status, err)
		}
		if got := string(waitFile(t, filepath.Join(root, "out"))); got != want {
			t.Errorf("inside the run: %q, want %q", got, want)
		}
		if !commondirGone(root) {
			t.Errorf(".git/commondir is still there 10 s after the run")
		}
	})

	t.Run("left by a killed runner", func(t *testing.T) {
		for _, tc := range []struct {
			content string
			stays   bool
		}{
			{commondirSelf, false},
			{".\n\n", true}, // the same to git, but not what a runner wrote
		} {
			root := gitRoot(t, "[core]\n", map[string]string{".git/commondir": tc.content})
			commondir := filepath.Join(root, ".git/commondir")
			if err := unix.Setxattr(commondir, placeholderMark, []byte("1"), 0); err != nil {
				t.Skipf("no extended attributes here: %v", err)
			}
			if status, err := sh(root, "true").Run(context.Background()); status != 0 || err != nil {
				t.Fatalf("Run = %d, %v", status, err)
			}
			if gone := commondirGone(root); gone == tc.stays {
				t.Errorf("a marked commondir holding %q: gone %v, want %v", tc.content, gone, !tc.stays)
			}
		}
	})

	t.Run("working names", func(t *testing.T) {
		left := map[string]string{ // name: content; marked unless it says so
			placeholderMaking + "1.1": commondirSelf,
			placeholderMaking + "1.2": "../evil\n",
			placeholderMaking + "1.3": commondirSelf + "unmarked",
		}
		files := map[string]string{}
		for name, c := range left {
			files[".git/"+name] = c
		}
		root := gitRoot(t, "[core]\n", files)
		for name, c := range left {
			if c == commondirSelf+"unmarked" {
				os.WriteFile(filepath.Join(root, ".git", name), []byte(commondirSelf), 0o644)
				continue
			}
			if err := unix.Setxattr(filepath.Join(root, ".git", name), placeholderMark, []byte("0"), 0); err != nil {
				t.Skipf("no extended attributes here: %v", err)
			}
		}
		if status, err := sh(root, "true").Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("Run = %d, %v", status, err)
		}
		for name := range left {
			_, err := os.Lstat(filepath.Join(root, ".git", name))
			if gone, want := err != nil, name == placeholderMaking+"1.1"; gone != want {
				t.Errorf("%s (%q): gone %v, want %v", name, left[name], gone, want)
			}
		}
	})
}
