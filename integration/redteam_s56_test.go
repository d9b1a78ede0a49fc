//go:build linux

package integration

// Red team rt11 (stop 56): what a command reaches of the pid namespace's
// init and of the kernel's core dump helper, each beside the neighbour
// that must keep working.

import (
	"os"
	"strings"
	"testing"
)

// TestInitEnvironmentScrubbed: under the layer the pid namespace's init is
// the runner's pre-forked child, whose memory is a copy of the runner's
// start: its stack held the runner's whole environment, the variables the
// scrubber keeps from the command (tokens, keys, SSH_AUTH_SOCK) included.
// Init is undumpable, so without a capability the command cannot read it;
// a root run with --keep-cap CAP_SYS_PTRACE (which seccomp leaves no
// tracing to use, only /proc) read them all in /proc/1/environ, and in
// /proc/1/mem. Init's command line was blanked already; its environment
// now is too. The command still gets the variables the scrubber keeps,
// and init still works (it relays the exit status).
func TestInitEnvironmentScrubbed(t *testing.T) {
	requireNamespaces(t)
	if os.Geteuid() != 0 {
		t.Skip("CAP_SYS_PTRACE reaches init only in a root run (a user's run has it in its user namespace alone)")
	}
	const secret = "rt11-s3cret-0f-the-runner"
	b := newBox(t, nil)
	b.env = append(b.env, "MY_SECRET_TOKEN="+secret, "RT11_KEPT=kept-value")
	// environ is spelt apart: the engine asks before a command line that
	// names a process's environment.
	b.file("look.sh", `echo "kept=$RT11_KEPT secret=$MY_SECRET_TOKEN"
f=/proc/1/envi''ron
if tr '\0' '\n' < "$f" | grep -a -q rt11-s3cret; then echo "init environ: leaked"; else echo "init environ: clean"; fi
if tr '\0' '\n' < "$f" | grep -a -q RT11_KEPT; then echo "init environ kept var: seen"; else echo "init environ kept var: gone"; fi
`, 0o644)
	r := b.run("run", "--yolo", "--keep-cap", "CAP_SYS_PTRACE", "--", "sh", "look.sh")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "kept=kept-value secret=\n") {
		t.Errorf("the command's environment: %q, want RT11_KEPT kept and MY_SECRET_TOKEN scrubbed", r.stdout)
	}
	if !strings.Contains(r.stdout, "init environ: clean") {
		t.Errorf("with --keep-cap CAP_SYS_PTRACE the command read the runner's scrubbed environment in init's /proc/1/environ: %q", r.stdout)
	}
	if !strings.Contains(r.stdout, "init environ kept var: gone") {
		t.Errorf("init's environment still holds the runner's variables: %q", r.stdout)
	}
}
