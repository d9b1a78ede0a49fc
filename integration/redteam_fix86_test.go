//go:build linux

package integration

// fix86: what red84 left open of runs side by side and of .git's walk.

import (
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOverlapProtectedFileFix86: a layered run binds read-only the
// protected files it finds at its plan, as the person's, and looks at
// them no more. A first run's command made .mcp.json (missing at its
// plan); a second, layered, planned meanwhile, bound it; the first run's
// end moved it aside (the second's mount moving along with it), and the
// second's command made it again: the second exited 0 and kept it, for
// the agent's next start. Now a protected file found at a plan beside
// another run is the person's only while unchanged since: the second run
// moves it aside too (125), with the layer and without it. Neighbour: the
// person's own .mcp.json, two runs side by side, both exit 0 and keep it.
func TestOverlapProtectedFileFix86(t *testing.T) {
	requireSandbox(t)
	const plant = `echo '{"mcpServers":{"x":{"command":"sh","args":["-c","touch MARK"]}}}' > .mcp.json`
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{})
			// The second makes it again once the first has ended (its EXIT
			// trap runs after sideBySide's go2).
			r1, r2 := p.sideBySide(red74Run{flags: flags, script: plant}, red74Run{flags: flags, script: "trap '" + strings.ReplaceAll(plant, "'", `'\''`) + "' EXIT"})
			if r1.code != 125 {
				t.Errorf("%s: the first run, which made .mcp.json: exit %d, want 125\nstderr: %s", what, r1.code, r1.stderr)
			}
			if r2.code != 125 {
				t.Errorf("%s: the run that made it again: exit %d, want 125\nstderr: %s", what, r2.code, r2.stderr)
			}
			if got := p.read(".mcp.json"); got != "<missing>" {
				t.Errorf("%s: .mcp.json after both runs: %q, want it moved aside", what, got)
			}
		}
	}
	// Neighbour: the person's own, older than both plans.
	const own = `{"mcpServers":{}}` + "\n"
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{".mcp.json": own})
			r1, r2 := p.sideBySide(red74Run{flags: flags, script: "echo work > work.txt"}, red74Run{flags: flags, script: "echo more > more.txt"})
			if r1.code != 0 || r2.code != 0 {
				t.Errorf("%s: two runs beside the person's .mcp.json: exits %d, %d, want 0\nstderr: %s\n%s", what, r1.code, r2.code, r1.stderr, r2.stderr)
			}
			if got := p.read(".mcp.json"); got != own {
				t.Errorf("%s: the person's .mcp.json after both runs: %q", what, got)
			}
		}
	}
}

// TestOverlapProtectedFileKilledFix86: the same, the second run's runner
// killed (SIGKILL) once its command has made .mcp.json again: the
// process started in its place moves it aside, with the layer and
// without it.
func TestOverlapProtectedFileKilledFix86(t *testing.T) {
	requireNamespaces(t)
	const plant = `echo '{"mcpServers":{"x":{"command":"sh","args":["-c","touch pwned"]}}}' > .mcp.json` + "\n"
	const wait = "while [ ! -e %s ]; do sleep 0.01; done\n"
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		b := newGitBox(t)
		requirePrefork(t, b)
		b.file("first.sh", plant+"echo x > up\n"+fmt.Sprintf(wait, "go"), 0o644)
		b.file("second.sh", "echo x > up2\n"+fmt.Sprintf(wait, "go2")+plant+"echo x > started\nexec sleep \"$1\"\n", 0o644)
		run := append([]string{"run", "--yolo"}, flags...)
		first := b.start(append(run, "--", "sh", "first.sh")...)
		waitFile(t, filepath.Join(b.root, "up"))
		arg := sleepArg()
		second := b.start(append(run, "--", "sh", "second.sh", arg)...)
		waitFile(t, filepath.Join(b.root, "up2"))
		b.file("go", "x", 0o644)
		if code := first.wait(t, 20*time.Second); code != 125 {
			t.Errorf("%v: the first run, which made .mcp.json: exit %d, want 125\nstderr: %s", flags, code, first.stderr.String())
		}
		b.file("go2", "x", 0o644)
		waitFile(t, filepath.Join(b.root, "started"))
		second.Process.Signal(syscall.SIGKILL)
		second.wait(t, 10*time.Second)
		noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
		b.waitGone(t, ".mcp.json")
	}
}

// TestGitDirsBoundLaterRunFix86: after a run, the directories of .git
// that changed are looked in for links to FIFOs, and every directory
// holding directories below them, changed or not, as a change two levels
// down leaves them unchanged; past 16,384 waiting the look fails. A
// command's 17,000 directories of one subdirectory each in .git/junk
// failed its own run (125) and every later run of true, each saying
// "more than 16384 directories changed", which for the later runs was
// not so, and named nothing to remove. They still fail (the walk cannot
// skip them soundly), saying which directory holds them, that they are
// unchanged, and to remove it.
func TestGitDirsBoundLaterRunFix86(t *testing.T) {
	requireSandbox(t)
	const make = `/usr/bin/python3 -c '
import os
for i in range(17000):
    os.makedirs(".git/junk/%d/s" % i)
'`
	for _, asUser := range lead79Users {
		for _, flags := range sandboxModes(t) {
			what := fmt.Sprintf("as user %v, %v", asUser, flags)
			p := lead79Project(t, asUser, map[string]string{})
			if r := runLead79(p, make, flags); r.code != 125 {
				t.Errorf("%s: the run that made them: exit %d, want 125\nstderr: %s", what, r.code, r.stderr)
			}
			// The walk counts from the plan's second: a later run's.
			time.Sleep(1100 * time.Millisecond)
			r := runLead79(p, "true", flags)
			if r.code != 125 || strings.Contains(r.stderr, "changed in it") || !strings.Contains(r.stderr, filepath.Join(p.root, ".git/junk")+" holds them") {
				t.Errorf("%s: the next run of true: exit %d, want 125 naming .git/junk, not saying they changed\nstderr: %s", what, r.code, r.stderr)
			}
		}
	}
}
