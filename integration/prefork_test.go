//go:build linux

package integration

// The pre-forked sandbox child: the release binary (linked with the
// mews_entry entry point) starts it for "mewsandbox run" as root before the
// Go runtime starts, and the runner adopts it or it goes.

import (
	"fmt"
	osexec "os/exec"
	"strings"
	"testing"
)

// requirePrefork skips where runs get no pre-forked child: no namespace
// layer, or a binary built without the release entry point (go build
// without the Makefile's flags), whose pid 1 is the re-executed child.
func requirePrefork(t *testing.T, b *box) {
	t.Helper()
	requireNamespaces(t)
	r := b.with(t).run("run", "--yolo", "--", "cat", "/proc/1/cmdline")
	if r.code != 0 {
		t.Fatalf("cat /proc/1/cmdline: exit %d, stderr %q", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "__mewsandbox_child") {
		t.Skip("this binary was built without the release entry point (make build's -Wl,-e,mews_entry): no pre-forked child")
	}
}

// TestPreforkAdopted: with the release binary, pid 1 of the command's
// namespace is the child forked at the runner's entry point (it carries
// the runner's argv[0] only: the flags, rules and paths of the command line
// are cleared), and the layer holds there as after a re-execution.
func TestPreforkAdopted(t *testing.T) {
	t.Parallel()
	b := newGitBox(t)
	requirePrefork(t, b)
	r := b.with(t).run("run", "--yolo", "--", "cat", "/proc/1/cmdline")
	if !strings.HasPrefix(r.stdout, bin+"\x00") || strings.Contains(r.stdout, "--yolo") {
		t.Errorf("pid 1 is %q, want the pre-forked runner, its arguments cleared", r.stdout)
	}
	o := b.check(protectedScript)
	for _, attack := range []string{"plant a hook", "create .claude settings", "move .git away and plant a new one"} {
		o.fails(t, attack)
	}
	o.ok(t, "write in the root")
	// Flags the pre-forked child does not fit get a child of their own.
	for _, flags := range [][]string{{"--no-namespaces"}, {"--pass-fd", "0"}} {
		r := b.with(t).run(append(append([]string{"run", "--yolo"}, flags...), "--", "cat", "/proc/1/cmdline")...)
		if strings.Contains(r.stdout, "--yolo") {
			t.Errorf("%v: pid 1 is %q: the pre-forked child was used", flags, r.stdout)
		}
	}
}

// TestPreforkLeavesNothing: a pre-forked child its runner never adopts (a
// usage error) or discards (a denied command) does not outlive the run;
// nor does the runner adopt one when a standard descriptor was closed at
// its start (the child's socket took its number), and the command gets
// /dev/null there as without a pre-forked child.
func TestPreforkLeavesNothing(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	for i, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"a bad flag value", []string{"run", "--limit-mem", "lots", "--", "true"}, 2},
		{"a denied command", []string{"run", "--deny", "Bash(true:*)", "--", "true"}, 77},
		{"a failed audit log", []string{"run", "--audit", "log.jsonl", "--", "true"}, 2},
	} {
		// The child keeps the runner's argv[0] only: the marker goes there.
		marker := fmt.Sprintf("mewsandbox-prefork-marker-%d", i)
		cmd := &osexec.Cmd{Path: bin, Args: append([]string{marker}, tt.args...), Dir: b.root,
			Env: []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}}
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code {
			t.Errorf("%s: exit %d (%v), want %d", tt.name, code, err, tt.code)
		}
		noneLeft(t, marker, tt.name)
	}
	cmd := osexec.Command("sh", "-c", `exec "$0" run --yolo -- sh -c 'readlink /proc/self/fd/0' 0<&-`, bin)
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	out, err := cmd.Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != "/dev/null" {
		t.Errorf("stdin closed at the start: the command's fd 0 is %q (%v), want /dev/null", got, err)
	}
}
