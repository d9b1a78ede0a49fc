//go:build linux

package integration

import (
	"strings"
	"testing"
)

// hgrcIncluding is a repository hgrc that includes a file in the root
// (relative to .hg, as hg takes it), one beside it in .hg, and one by an
// environment variable hg expands.
const hgrcIncluding = "[ui]\nusername = me\n%include ../hg-shared.rc\n%include   extra.rc  \n%include $HOME/../outside.rc\n"

// TestHgIncludesHeld: hg reads what .hg/hgrc names with %include as its
// own config ([hooks] the next hg command runs); the layer held hgrc but
// a command could write the included files (a red team's report, red70).
// Where they exist they are now read-only, with the layer; without it
// what the command wrote is undone after the run, which fails (125). The
// neighbours, the rest of .hg and a file beside the included one, stay
// writable.
func TestHgIncludesHeld(t *testing.T) {
	requireSandbox(t)
	setup := func(b *box) {
		b.file(".hg/hgrc", hgrcIncluding, 0o644)
		b.file(".hg/requires", "dotencode\n", 0o644)
		b.file("hg-shared.rc", "original\n", 0o644)
		b.file(".hg/extra.rc", "original\n", 0o644)
	}
	neighbour := "mkdir -p .hg/store && echo x > .hg/store/x && echo x > other.rc && echo x > .hg/other.rc"
	if namespacesAvailable() == nil {
		b := newGitBox(t)
		setup(b)
		o := b.check("c shared sh -c 'echo evil > hg-shared.rc'\nc extra sh -c 'echo evil > .hg/extra.rc'\nc neighbour sh -c " + shellQuoteTest(neighbour) + "\n")
		o.fails(t, "shared")
		o.fails(t, "extra")
		o.ok(t, "neighbour")
		for _, f := range []string{"hg-shared.rc", ".hg/extra.rc"} {
			if got := b.read(f); got != "original\n" {
				t.Errorf("with the layer, %s on the host: %q, want it unchanged", f, got)
			}
		}
	}
	b := newGitBox(t)
	setup(b)
	if r := b.sh(neighbour, "--no-namespaces"); r.code != 0 {
		t.Fatalf("--no-namespaces, the neighbour run: exit %d\nstderr: %s", r.code, r.stderr)
	}
	r := b.sh("printf '[hooks]\\npre-status = touch planted\\n' > hg-shared.rc && echo evil > .hg/extra.rc", "--no-namespaces")
	if r.code != 125 || !strings.Contains(r.stderr, "hg-shared.rc") || !strings.Contains(r.stderr, "extra.rc") {
		t.Errorf("--no-namespaces, a run that wrote the included files: exit %d, want 125 naming them\nstderr: %s", r.code, r.stderr)
	}
	for _, f := range []string{"hg-shared.rc", ".hg/extra.rc"} {
		if got := b.read(f); got != "original\n" {
			t.Errorf("--no-namespaces, %s after the run: %q, want it put back", f, got)
		}
	}
}

// TestHgIncludeMadeMovedAside: an included file that is missing (hg
// skips it) and that the command makes is moved aside after the run,
// which fails (125), with the layer and without it; one that writes the
// rest of the root passes.
func TestHgIncludeMadeMovedAside(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(b *box) {
		b.file(".hg/hgrc", hgrcIncluding, 0o644)
	}, "echo x > other.rc && mkdir -p .hg/store && echo x > .hg/store/x",
		"printf '[hooks]\\npre-status = touch planted\\n' > hg-shared.rc && echo x > .hg/extra.rc\n",
		[]string{"hg-shared.rc", ".hg/extra.rc"}, []string{"other.rc", ".hg/store/x"})
}
