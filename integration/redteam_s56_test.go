//go:build linux

package integration

// Red team rt11 (stop 56): what a command reaches of the pid namespace's
// init and of the kernel's core dump helper, each beside the neighbour
// that must keep working.

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
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

// TestCoreDumpHelperNotRun: where core_pattern names a program (apport,
// systemd-coredump: "|/usr/share/apport/apport …"), the kernel runs it as
// root in the host's namespaces for every core dump, a sandboxed command's
// too, whatever its RLIMIT_CORE but for a limit of exactly 1 (the
// kernel's guard against a helper's own dumps). A red team's crashing
// command had the host's helper run so, with the layer and without it, as
// root and as a user: a dump of memory of the command's choosing written
// outside every grant, past the run. With such a pattern the child now
// sets the limit to 1 and the filter keeps it there (setting it succeeds
// and changes nothing: ulimit -c 0 would have let the helper run again).
// The pattern is read by the runner, so a bind of a file over it in a
// mount namespace of the test's own stands in for the host's; the kernel's
// own reaction to the limit is the kernel's. The neighbour: with a file
// pattern the limit is the command's to raise, as before.
func TestCoreDumpHelperNotRun(t *testing.T) {
	requireSandbox(t)
	if os.Geteuid() != 0 {
		t.Skip("binding a file over core_pattern takes root")
	}
	unshare, err := osexec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare(1) to make a mount namespace with")
	}
	b := newBox(t, nil)
	b.file("limit.sh", `echo "start $(ulimit -Sc) $(ulimit -Hc)"
ulimit -Sc 0; echo "set0 $?"
echo "after0 $(ulimit -Sc) $(ulimit -Hc)"
ulimit -Sc unlimited 2>/dev/null; echo "after-unlimited $(ulimit -Sc)"
`, 0o644)
	pattern := func(t *testing.T, p string, flags ...string) string {
		t.Helper()
		fake := filepath.Join(outsideTemp(t), "core_pattern")
		if err := os.WriteFile(fake, []byte(p+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"-m", "--propagation", "private", "sh", "-c", `mount --bind "$0" /proc/sys/kernel/core_pattern && exec "$@"`, fake, bin, "run", "--yolo"}
		args = append(append(args, flags...), "--", "sh", "limit.sh")
		cmd := b.command(b.root, []string{"LANG=C"}, unshare, args...)
		r := runCommand(t, cmd)
		if r.code != 0 {
			t.Fatalf("core_pattern %q %v: exit %d: %s", p, flags, r.code, r.stderr)
		}
		return r.stdout
	}
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		// 1 byte is 0 blocks to ulimit, which counts in KiB.
		for _, p := range []string{"|/usr/share/apport/apport -p%p -s%s -c%c", "@/run/systemd/coredump"} {
			if out := pattern(t, p, flags...); !strings.Contains(out, "start 0 0\n") || !strings.Contains(out, "after0 0 0\n") || !strings.Contains(out, "after-unlimited 0\n") {
				t.Errorf("core_pattern %q %v: %q, want RLIMIT_CORE held at 1 byte whatever the command sets", p, flags, out)
			}
		}
		if out := pattern(t, "core", flags...); !strings.Contains(out, "after-unlimited unlimited\n") {
			t.Errorf("core_pattern a file %v: %q, want the command free to raise its core limit", flags, out)
		}
	}
}

// TestOtherAgentsSettingsProtected: the layer kept Claude Code's and
// Codex's settings, .mcp.json and the editors' .vscode and .idea
// read-only, not what other agents read from the project: a command wrote
// an MCP server into Gemini CLI's .gemini/settings.json, Cursor's
// .cursor/mcp.json and opencode's opencode.json, which start it when the
// user next opens the project in them, and a lint-cmd into aider's
// .aider.conf.yml, which aider runs after its next edit, all outside any
// sandbox. Where they exist they are read-only now, as .vscode is; beside
// them the project's own files stay writable.
func TestOtherAgentsSettingsProtected(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, []string{".gemini/settings.json", ".cursor/mcp.json", ".zed/settings.json", ".continue/config.yaml", ".opencode/plugin/x.js", "opencode.json", ".aider.conf.yml", ".kiro/settings/mcp.json", ".roo/mcp.json", ".devcontainer/devcontainer.json", ".devcontainer.json"},
		"echo notes > .gemini-notes.txt")
}

// settingsStayReadOnly has a run's command overwrite each of files, made
// in a git project first, and asserts that each write failed and the file
// is unchanged on the host, while a write in the root and the writes of
// beside (a shell line) succeed.
func settingsStayReadOnly(t *testing.T, files []string, beside string) {
	t.Helper()
	b := newGitBox(t)
	for _, f := range files {
		b.file(f, "original\n", 0o644)
	}
	script := ""
	for _, f := range files {
		script += "c " + shellQuoteTest("overwrite "+f) + " sh -c " + shellQuoteTest("echo evil > "+f) + "\n"
	}
	script += "c \"write in the root\" sh -c 'echo work > work.txt'\nc \"write beside them\" sh -c " + shellQuoteTest(beside) + "\n"
	o := b.check(script)
	for _, f := range files {
		o.fails(t, "overwrite "+f)
		if got := b.read(f); got != "original\n" {
			t.Errorf("%s on the host: %q, want it unchanged", f, got)
		}
	}
	o.ok(t, "write in the root")
	o.ok(t, "write beside them")
}

// shellQuoteTest quotes s for sh.
func shellQuoteTest(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestFreezeAndShutdownRefused: a root run given --keep-cap CAP_SYS_ADMIN
// froze a file system it could only read (FIFREEZE on a directory of an
// --allow-read grant, as fsfreeze -f does): every writer on the host
// waited until someone thawed it, past the run; the default policy reads
// /usr and /etc, on the host's root file system. ext4's, xfs's and f2fs's
// shutdown request would have ended it until it was mounted again. seccomp
// refuses the three now (thaw with them). Probed on a tmpfs, which
// supports neither, so that the calls change nothing before the fix: they
// failed there with the file system's own errno, not EPERM. The
// neighbour, lsattr's FS_IOC_GETFLAGS, still works.
func TestFreezeAndShutdownRefused(t *testing.T) {
	requireSandbox(t)
	if os.Geteuid() != 0 {
		t.Skip("CAP_SYS_ADMIN is kept only in a root run")
	}
	var st unix.Statfs_t
	if unix.Statfs("/dev/shm", &st) != nil || st.Type != unix.TMPFS_MAGIC {
		t.Skip("/dev/shm is no tmpfs here")
	}
	b := newBox(t, nil)
	b.install()
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		o := b.check(`
p fifreeze fifreeze /dev/shm
p fithaw fithaw /dev/shm
p fs-shutdown fs-shutdown /dev/shm
p fs-getflags fs-getflags /dev/shm
`, append([]string{"--keep-cap", "CAP_SYS_ADMIN"}, flags...)...)
		for _, p := range []string{"fifreeze", "fithaw", "fs-shutdown"} {
			o.errno(t, p, int(unix.EPERM))
		}
		o.ok(t, "fs-getflags")
	}
}
