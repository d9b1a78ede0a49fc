//go:build linux

package integration

// fc75: the sandbox's error paths, each forced for real: a restriction
// the plan could not apply refuses a strict run (125) or, under
// --best-effort, runs with a warning; never silently less.

import (
	"fmt"
	"net"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFc75MountTableUnreadable: the layer finds the kernel's debugging
// file systems in /sys (here a bpf file system of a mount namespace of the
// test's own, whose pinned objects and whose maps.debug and progs.debug,
// every BPF map and program of the host, a root command would read) in
// the runner's mount table. Before fc75 a table that could not be read
// (here a socket bound over the runner's /proc/PID/mountinfo: ENXIO) left
// them as the host has them, silently, in a strict run. Now it is refused
// with 125 naming what could not be hidden, and --best-effort runs and
// says so; with the table readable (the neighbour) they are hidden and the
// run goes on as before.
func TestFc75MountTableUnreadable(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: mounting a bpf file system in a mount namespace of the test's own needs root")
	}
	requireNamespaces(t)
	if _, err := osexec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
	if fi, err := os.Stat("/sys/fs/bpf"); err != nil || !fi.IsDir() {
		t.Skip("no /sys/fs/bpf to mount a bpf file system on")
	}
	b := newBox(t, nil)
	// A socket: opening it fails (ENXIO), as root too.
	sock := filepath.Join(b.out, "mountinfo.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// Each run execs the binary in a shell of its own, whose
	// /proc/PID/mountinfo the socket covers: the runner's, same pid.
	unreadable := func(flags string) string {
		return fmt.Sprintf(`sh -c 'mount --bind %s /proc/$$/mountinfo && exec %s run --yolo %s -- ls -A /sys/fs/bpf'`, sock, bin, flags)
	}
	script := fmt.Sprintf(`mount -t bpf bpf /sys/fs/bpf && mkdir /sys/fs/bpf/fc75-host || exit 99
%s run --yolo -- ls -A /sys/fs/bpf; echo "readable: exit $?"
%s; echo "strict: exit $?"
%s; echo "best effort: exit $?"
`, bin, unreadable(""), unreadable("--best-effort"))
	r := runCommand(t, b.command(b.root, nil, "unshare", "-m", "--propagation", "private", "sh", "-c", script))
	if r.code == 99 {
		t.Skipf("cannot mount a bpf file system here: %s", r.stderr)
	}
	want := "readable: exit 0\nstrict: exit 125\nfc75-host\nmaps.debug\nprogs.debug\nbest effort: exit 0\n"
	if r.stdout != want {
		t.Errorf("stdout %q, want %q (the host's bpf file system listed only under --best-effort)\nstderr: %s", r.stdout, want, r.stderr)
	}
	for _, s := range []string{"cannot hide the kernel's debugging file systems", "--best-effort runs and says so", "not enforced: the namespace layer cannot hide"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr %q does not say %q", r.stderr, s)
		}
	}
}

// TestFc75SettingsOutOfDescriptors: a runner short of descriptors (ulimit
// -n) while it reads the settings files ran nothing, but exited 2, the
// status of bad usage or invalid settings, for settings that were fine;
// README's table gives 125 to an internal error. A limit lower still
// ends the Go runtime itself (eventfd), with its own 2, before any code
// of the runner's: not tried. The neighbour: a settings file that is
// invalid is still 2.
func TestFc75SettingsOutOfDescriptors(t *testing.T) {
	b := newBox(t, nil)
	tried := false
	for n := 12; n <= 24; n++ {
		r := runCommand(t, b.command(b.root, nil, "sh", "-c", fmt.Sprintf("ulimit -n %d && exec %s run --yolo -- true", n, bin)))
		if !strings.Contains(r.stderr, "settings file") || !strings.Contains(r.stderr, "too many open files") {
			continue
		}
		tried = true
		if r.code != 125 {
			t.Errorf("ulimit -n %d: exit %d, want 125 (nothing ran: no descriptor left, not invalid settings)\nstderr: %s", n, r.code, r.stderr)
		}
	}
	if !tried {
		t.Skip("no limit of 12 to 24 open files failed the settings' reading here")
	}
	bad := filepath.Join(b.out, "bad.yaml")
	if err := os.WriteFile(bad, []byte("permissions: [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := b.run("run", "--yolo", "--settings", bad, "--", "true"); r.code != 2 {
		t.Errorf("invalid settings: exit %d, want 2\nstderr: %s", r.code, r.stderr)
	}
}
