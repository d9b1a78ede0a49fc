//go:build linux

package integration

import (
	"os"
	"strings"
	"testing"
)

// red73: two runs without the namespace layer overlap in one root. The
// first plants .git/hooks/pre-commit and core.fsmonitor; the second,
// planned while they are there, records them as the versions before its
// run. The first's end moves its plants aside and puts the user's back;
// the second's end then took the user's for its command's change, moved
// them aside and put the plants back from its snapshot: both runs failed
// (125), and the user's next git commit ran the hook, outside any
// sandbox (reproduced on 8b87488's binary, as root and as a user). On
// Ubuntu 24.04, whose AppArmor refuses unprivileged user namespaces,
// every run of an ordinary user is such a run, and an agent runs its
// commands side by side. A snapshot taken beside another such run is now
// not trusted: what differs is moved aside, nothing put back.

// overlapped runs first and second without the layer in the root, side
// by side (sideBySide): second starts once first's command has made "up",
// first ends before second.
func (p *rt20Project) overlapped(first, second string) (result, result) {
	p.t.Helper()
	unlayered := []string{"--no-namespaces"}
	return p.sideBySide(red74Run{flags: unlayered, script: first}, red74Run{flags: unlayered, script: second})
}

// noPlantAfterBoth asserts that neither the hook nor core.fsmonitor a
// first run's command planted is in place once both runs have ended, and
// that the host's git status and git commit run nothing of it; second is
// the second run's stderr, for the message.
func (p *rt20Project) noPlantAfterBoth(second string) {
	p.t.Helper()
	if got := p.read(".git/hooks/pre-commit"); strings.Contains(got, p.mark) {
		p.t.Errorf(".git/hooks/pre-commit is the plant after both runs: %q\nsecond's stderr: %s", got, second)
	}
	if got := p.read(".git/config"); strings.Contains(got, "fsmonitor") {
		p.t.Errorf(".git/config names the fsmonitor after both runs: %q", got)
	}
	for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
		if !gitReturns(p.t, p.root, p.cred, args...) {
			p.t.Errorf("git %s outside the sandbox waited 10 s", args[0])
		}
	}
	if _, err := os.Stat(p.mark); err == nil {
		p.t.Error("the host's git ran what the first run's command planted")
	}
}

// TestUnlayeredOverlapPutsNoPlantBackRed73: the attack above, and with
// the root's read bit taken too (chmod 311 ., which kept the second run
// from locking the root, so that it trusted its snapshot); the second run
// moves the user's hook and config aside, saying why, and puts back
// nothing, so that the host's git commit runs nothing planted. Neighbour:
// two overlapping runs that write nothing protected both exit 0, the
// user's hook and config as they were.
func TestUnlayeredOverlapPutsNoPlantBackRed73(t *testing.T) {
	const plant = "printf '#!/bin/sh\\ntouch MARK\\n' > .git/hooks/pre-commit\ngit config core.fsmonitor 'touch MARK; false'\n"
	for _, asUser := range []bool{false, true} {
		for _, c := range []struct{ name, script string }{{"plant", plant}, {"unreadable-root", plant + "chmod 311 .\n"}} {
			t.Run(map[bool]string{false: "root", true: "user"}[asUser]+"/"+c.name, func(t *testing.T) {
				p := newRT20Project(t, asUser)
				r1, r2 := p.overlapped(c.script, "")
				if r1.code != 125 {
					t.Errorf("the planting run: exit %d, want 125\nstderr: %s", r1.code, r1.stderr)
				}
				if r2.code != 125 || !strings.Contains(r2.stderr, "another run without the namespace layer was going on") {
					t.Errorf("the overlapping run: exit %d, want 125 saying another run went on\nstderr: %s", r2.code, r2.stderr)
				}
				p.noPlantAfterBoth(r2.stderr)
			})
		}
		t.Run(map[bool]string{false: "root", true: "user"}[asUser]+"/neighbour", func(t *testing.T) {
			p := newRT20Project(t, asUser)
			config := p.read(".git/config")
			r1, r2 := p.overlapped("echo work > work.txt", "echo more > more.txt")
			if r1.code != 0 || r2.code != 0 {
				t.Errorf("overlapping runs writing nothing protected: exits %d, %d, want 0\nstderr: %s\n%s", r1.code, r2.code, r1.stderr, r2.stderr)
			}
			if p.read(".git/hooks/pre-commit") != hookOriginal || p.read(".git/config") != config {
				t.Errorf("the user's hook or config changed")
			}
		})
	}
}
