//go:build linux

package integration

import (
	"strings"
	"testing"
)

// TestGitCleanBesidePlaceholders: git clean -fdx in the sandbox removes
// the untracked files but cannot remove the layer's empty read-only
// stand-ins for the protected directories that did not exist (.claude/,
// .codex/, .mewsandbox/), says so for each and exits 1. The run then says
// what they are and how to leave them alone: with those excludes git
// clean exits 0 having removed the rest, which the engine had refused as
// writes to protected paths (-e's pattern taken for a path). They are gone
// after the run either way.
func TestGitCleanBesidePlaceholders(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	for _, d := range []string{".claude", ".codex", ".mewsandbox"} {
		if b.exists(d) {
			t.Fatalf("%s exists before the run", d)
		}
	}
	b.file("junk", "x\n", 0o644)
	b.file("build/out.o", "x\n", 0o644)
	r := b.run("run", "--yolo", "--", "git", "clean", "-fdx")
	if r.code != 1 || !strings.Contains(r.stderr, "failed to remove .claude/") || !strings.Contains(r.stderr, "git clean -fdx -e /.claude/ -e /.codex/ -e /.mewsandbox/ leaves them alone") {
		t.Errorf("git clean -fdx: exit %d, stderr %q; want 1 and the hint", r.code, r.stderr)
	}
	if b.exists("junk") || b.exists("build") {
		t.Error("git clean -fdx left the untracked files")
	}
	b.file("junk", "x\n", 0o644)
	r = b.run("run", "--yolo", "--", "git", "clean", "-fdx", "-e", "/.claude/", "-e", "/.codex/", "-e", "/.mewsandbox/")
	if r.code != 0 || b.exists("junk") || strings.Contains(r.stderr, "mewsandbox:") {
		t.Errorf("git clean -fdx with the excludes: exit %d, junk there: %v, stderr %q; want 0, removed, nothing said", r.code, b.exists("junk"), r.stderr)
	}
	for _, d := range []string{".claude", ".codex", ".mewsandbox"} {
		if b.staysAfter(d) {
			t.Errorf("%s stayed after the run", d)
		}
	}
	// Neighbour: another failing command gets no such hint.
	if r := b.run("run", "--yolo", "--", "sh", "-c", "exit 3"); r.code != 3 || strings.Contains(r.stderr, "git clean") {
		t.Errorf("exit 3: exit %d, stderr %q", r.code, r.stderr)
	}
}
