//go:build linux

package integration

import (
	"strings"
	"testing"
)

// TestCompatGitConfigRefusedSaysWhy: under the layer the root's
// .git/config is read-only, and git's own message for a write there
// ("could not write config file …: Device or resource busy", as git config
// --local, git remote add and git submodule add say) does not say what to
// do. The run now says which flag lets it, and says nothing when the
// command did not try, or when the flag let it.
func TestCompatGitConfigRefusedSaysWhy(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	const hint = "--allow-git-config lets it write the config"

	r := b.run("run", "--yolo", "--", "git", "config", "--local", "compat.x", "1")
	if r.code == 0 {
		t.Fatalf("git config --local succeeded under the layer: %+v", r)
	}
	if !strings.Contains(r.stderr, "Device or resource busy") || !strings.Contains(r.stderr, hint) || !strings.Contains(r.stderr, b.root+"/.git/config") {
		t.Errorf("a refused config write does not say what to do: %q", r.stderr)
	}
	if strings.Contains(b.read(".git/config"), "compat") {
		t.Errorf("the config was written: %q", b.read(".git/config"))
	}

	r = b.run("run", "--yolo", "--", "sh", "-c", "env "+gitEnv+" git commit -q --allow-empty -m two && git branch b && git tag t && git gc -q && git status --short")
	if r.code != 0 || strings.Contains(r.stderr, hint) {
		t.Errorf("git work that writes no config: exit %d, stderr %q (want 0 and no hint)", r.code, r.stderr)
	}

	r = b.run("run", "--yolo", "--allow-git-config", "--", "git", "config", "--local", "compat.x", "1")
	if r.code != 0 || strings.Contains(r.stderr, hint) {
		t.Errorf("with --allow-git-config: exit %d, stderr %q (want 0 and no hint)", r.code, r.stderr)
	}
	if !strings.Contains(b.read(".git/config"), "compat") {
		t.Errorf("--allow-git-config did not let git config write: %q", b.read(".git/config"))
	}
}
