package integration

import (
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runWithFiles runs `mewsandbox ARGS` in the box's root with files open in
// the runner at fd 3 and up, as a shell's `3<file` would leave them.
func (b *box) runWithFiles(files []*os.File, stdin string, args ...string) result {
	b.t.Helper()
	cmd := osexec.Command(bin, args...)
	cmd.Dir = b.root
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + b.home, "LANG=C"}
	cmd.ExtraFiles = files
	return runCommand(b.t, cmd)
}

// TestInheritedDescriptors gives the runner a read-only descriptor of a
// secret outside the root (fd 3), a directory outside it (fd 4) and a pipe
// to a reader outside (fd 5). None reaches the command unless passed with
// --pass-fd, not even through the pid namespace's init (/proc/1/fd); one
// passed stays what it was: reading it works, reopening it for writing
// through /proc does not.
func TestInheritedDescriptors(t *testing.T) {
	b := newBox(t, nil)
	secret := b.file(filepath.Join(b.out, "secret"), "outside secret\n", 0o644)
	b.file(filepath.Join(b.out, "dir", "inner"), "inner secret\n", 0o644)
	open := func(p string) *os.File {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	// fd 5, a pipe to a reader outside: not a file Landlock mediates.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close(); pw.Close() })
	files := []*os.File{open(secret), open(filepath.Join(b.out, "dir")), pw}
	const script = prelude + `
c "read fd 3" sh -c 'cat <&3'
c "upgrade fd 3 through /proc" sh -c 'echo tampered >> /proc/self/fd/3'
c "read through dir fd 4" cat /proc/self/fd/4/inner
c "list fd 4" ls /proc/self/fd/4/
c "write the pipe through init's fds" sh -c 'for f in /proc/1/fd/*; do echo ESCAPED 2>/dev/null > "$f" && exit 0; done; exit 1'
c "read init's memory map" sh -c 'head -c 1 /proc/1/maps | grep -q .'
c "write inside the root" sh -c 'echo fine > ok'
ls /proc/self/fd | sort -n | tr '\n' ' ' > fds
exit 0
`
	parse := func(r result) outcomes {
		t.Helper()
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		o := outcomes{}
		for _, m := range probeLine.FindAllStringSubmatch(r.stdout, -1) {
			o[m[1]] = m[2]
		}
		return o
	}

	o := parse(b.runWithFiles(files, script, "run", "--yolo", "--", "sh", "-s"))
	if namespacesAvailable() == nil {
		// /proc/1 is then the sandbox's own init; without the layer it is
		// the host's, out of reach anyway.
		o.fails(t, "write the pipe through init's fds")
		o.fails(t, "read init's memory map")
	}
	pw.Close()
	if got, _ := io.ReadAll(pr); len(got) > 0 {
		t.Errorf("the pipe outside received %q", got)
	}
	files = slices.Clip(files[:2])
	o.fails(t, "read fd 3")
	o.fails(t, "upgrade fd 3 through /proc")
	o.fails(t, "read through dir fd 4")
	o.fails(t, "list fd 4")
	o.ok(t, "write inside the root")
	// ls's own directory descriptor is the only one past stdio.
	if got := strings.Fields(b.read("fds")); len(got) != 4 || got[3] != "3" {
		t.Errorf("descriptors open in the command: %v, want 0 1 2 and ls's own", got)
	}

	// A descriptor passed at the number where the ruleset arrives in the
	// child (fd 6, after one passed at 5) leaves Landlock in place.
	extra := append(files, open(secret), open(secret))
	r := b.runWithFiles(extra, "", "run", "--yolo", "--pass-fd", "6", "--", "sh", "-c", "cat <&6 && ! touch "+filepath.Join(b.out, "landlock-gone"))
	if r.code != 0 || !strings.Contains(r.stdout, "outside secret") || b.exists(filepath.Join(b.out, "landlock-gone")) {
		t.Errorf("--pass-fd 6: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	o = parse(b.runWithFiles(files, script, "run", "--yolo", "--pass-fd", "3", "--", "sh", "-s"))
	o.ok(t, "read fd 3")
	o.fails(t, "upgrade fd 3 through /proc")
	o.fails(t, "read through dir fd 4")
	o.ok(t, "write inside the root")
	if got := b.read(secret); got != "outside secret\n" {
		t.Errorf("the passed file was changed: %q", got)
	}

	for _, tt := range []struct{ fd, want string }{{"2", "3 or more"}, {"9", "not open"}, {"x", "3 or more"}} {
		r := b.runWithFiles(files, "", "run", "--pass-fd", tt.fd, "--", "true")
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("--pass-fd %s: exit %d, %q; want 2 and %q", tt.fd, r.code, r.stderr, tt.want)
		}
	}
	// A number the caller left closed may be the Go runtime's own by the
	// time the flags are read (it keeps the cgroup files it reads for
	// GOMAXPROCS open at the lowest free numbers): a review's --pass-fd 3
	// handed the command the runner's cpu.cfs_quota_us. os/exec closes all
	// but stdio here.
	for _, fd := range []string{"3", "4"} {
		r := run(t, invocation{args: []string{"run", "--yolo", "--pass-fd", fd, "--", "sh", "-c", "ls -l /proc/self/fd/" + fd}, dir: b.root})
		if r.code != 2 || strings.Contains(r.stdout, "cgroup") ||
			!strings.Contains(r.stderr, "descriptor "+fd+" was not open when mewsandbox started") && !strings.Contains(r.stderr, "descriptor "+fd+" is not open") {
			t.Errorf("--pass-fd %s, closed in the caller: exit %d, stdout %q, stderr %q; want 2 and no descriptor of the runner's", fd, r.code, r.stdout, r.stderr)
		}
	}

	// A descriptor passed near the limit of open files (ulimit -n; bash,
	// since dash takes one-digit descriptors only): the child moves its
	// own descriptors above the highest passed, and says so where that
	// goes past the limit, instead of a bare EMFILE or EINVAL.
	near := osexec.Command("bash", "-c", `ulimit -n 64 && exec "$0" run --yolo --pass-fd 62 -- true 62<"$1"`, bin, secret)
	near.Dir, near.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	if out, err := near.CombinedOutput(); near.ProcessState.ExitCode() != 125 || !strings.Contains(string(out), "over 64 (ulimit -n)") {
		t.Errorf("--pass-fd 62 under ulimit -n 64: %v, %s; want 125 saying why", err, out)
	}
	// The boundary: 60, the ruleset, the spec and the status pipe, and
	// 60's own move, up to 64.
	near = osexec.Command("bash", "-c", `ulimit -n 65 && exec "$0" run --yolo --pass-fd 60 -- true 60<"$1"`, bin, secret)
	near.Dir, near.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	if out, err := near.CombinedOutput(); err != nil {
		t.Errorf("--pass-fd 60 under ulimit -n 65: %v, %s", err, out)
	}
	near = osexec.Command("bash", "-c", `ulimit -n 64 && exec "$0" run --yolo --pass-fd 9 -- sh -c 'cat <&9' 9<"$1"`, bin, secret)
	near.Dir, near.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	if out, err := near.CombinedOutput(); err != nil || string(out) != "outside secret\n" {
		t.Errorf("--pass-fd 9 under ulimit -n 64: %v, %s", err, out)
	}
}

// TestCapabilities runs commands as root: they hold no capability, so
// chown in the root fails while writing there works, unless one is kept.
func TestCapabilities(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: a command of an unprivileged runner has no capabilities to lose")
	}
	b := newBox(t, nil)
	b.file("mine", "x", 0o644)
	o := b.check(`grep -E '^Cap(Prm|Eff|Bnd|Amb|Inh):' /proc/self/status | tr -d '\t' | sed 's/:/: /'
c "chown in the root" chown 65534 mine
c "write in the root" sh -c 'echo y > mine'
`)
	for _, set := range []string{"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"} {
		if o[set] != "0000000000000000" {
			t.Errorf("%s = %q, want no capability", set, o[set])
		}
	}
	o.fails(t, "chown in the root")
	o.ok(t, "write in the root")

	o = b.check(`grep -E '^Cap(Prm|Eff|Bnd|Amb):' /proc/self/status | tr -d '\t' | sed 's/:/: /'
c "chown in the root" chown 65534 mine
`, "--keep-cap", "CAP_CHOWN")
	for _, set := range []string{"CapPrm", "CapEff", "CapBnd", "CapAmb"} {
		if o[set] != "0000000000000001" {
			t.Errorf("--keep-cap CAP_CHOWN: %s = %q, want CAP_CHOWN alone", set, o[set])
		}
	}
	o.ok(t, "chown in the root")

	if r := b.run("run", "--keep-cap", "CAP_FLY", "--", "true"); r.code != 2 || !strings.Contains(r.stderr, "CAP_FLY") {
		t.Errorf("--keep-cap CAP_FLY: exit %d, %q; want 2 naming it", r.code, r.stderr)
	}
}

// TestResourceLimits lets each limit that ends a command end one, with the
// documented status and a message, and checks the others from inside.
func TestResourceLimits(t *testing.T) {
	b := newBox(t, nil)
	for _, tt := range []struct {
		name   string
		flags  []string
		script string
		code   int
		msg    string
	}{
		{"cpu", []string{"--limit-cpu", "1s"}, "while :; do :; done", 152, "--limit-cpu 1s"},
		{"fsize", []string{"--limit-fsize", "4K"}, "head -c 65536 /dev/zero > big", 153, "--limit-fsize 4096"},
		// Every way to make a file large meets the limit, with the layer
		// or without it; a hard limit is lowered with the soft one.
		{"fsize truncate", []string{"--limit-fsize", "4K"}, "truncate -s 1M big", 153, "--limit-fsize 4096"},
		{"fsize fallocate", []string{"--no-namespaces", "--limit-fsize", "4K"}, "fallocate -l 1M big", 153, "--limit-fsize 4096"},
		{"fsize write past the end", []string{"--limit-fsize", "4K"}, "dd if=/dev/zero of=big bs=1 count=1 seek=1M 2>/dev/null", 153, "--limit-fsize 4096"},
		{"fsize hard limit", []string{"--no-namespaces", "--limit-fsize", "4K"}, "ulimit -Hf unlimited 2>/dev/null && exit 8; ulimit -Sf unlimited 2>/dev/null && exit 9; exit 0", 0, ""},
		{"nofile hard limit", []string{"--limit-nofile", "64"}, "ulimit -Hn 4096 2>/dev/null && exit 8; ulimit -Sn 65 2>/dev/null && exit 9; exit 0", 0, ""},
		{"nofile", []string{"--limit-nofile", "16"}, `exec bash -c 'for i in $(seq 10 30); do eval "exec $i</dev/null" 2>/dev/null || exit 9; done'`, 9, ""},
		// The limit is the command's: init's own descriptors (a pid
		// namespace's signalfd) are made before it.
		{"nofile tiny", []string{"--limit-nofile", "5"}, `exit 0`, 0, ""},
		// So is the address space: init maps what it keeps before it
		// (a later mmap failed every run up to 36M).
		{"mem tiny", []string{"--limit-mem", "8M"}, `exit 0`, 0, ""},
		// Root's processes are exempt from RLIMIT_NPROC (a kernel rule): the
		// limit is checked where it is set.
		{"nproc", []string{"--limit-nproc", "50"}, `grep -q '^Max processes *50 *50 ' /proc/self/limits || exit 8`, 0, ""},
		// The neighbour first: a small allocation works under the limit.
		{"mem", []string{"--limit-mem", "64M"}, `python3 -c 'bytearray(1 << 20)' || exit 6; python3 -c 'bytearray(200 << 20)' 2>/dev/null && exit 0; exit 7`, 7, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "mem" {
				if _, err := osexec.LookPath("python3"); err != nil {
					t.Skip("python3 is not installed: no program to allocate with")
				}
			}
			// The script on stdin: the engine sees "sh -s", not the
			// constructs it would ask about.
			args := append(append([]string{"run", "--yolo"}, tt.flags...), "--", "sh", "-s")
			r := b.with(t).runIn(b.root, tt.script, args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", r.code, tt.code, r.stderr)
			}
			if tt.msg != "" && !strings.Contains(r.stderr, tt.msg) {
				t.Errorf("stderr %q does not name %s", r.stderr, tt.msg)
			}
		})
	}
	// The neighbour: a command within its limits is not disturbed.
	if r := b.run("run", "--yolo", "--limit-cpu", "5s", "--limit-mem", "1G", "--limit-nofile", "256", "--limit-fsize", "1M", "--",
		"sh", "-c", "head -c 1000 /dev/zero > f && ulimit -n"); r.code != 0 || strings.TrimSpace(r.stdout) != "256" {
		t.Errorf("within its limits: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, bad := range [][]string{{"--limit-mem", "0"}, {"--limit-mem", "lots"}, {"--limit-fsize", "-1"}, {"--limit-cpu", "soon"}} {
		if r := b.run(append(append([]string{"run"}, bad...), "--", "true")...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2; stderr %q", bad, r.code, r.stderr)
		}
	}
}

// TestPrivateTmpRemovedWithoutLayer takes away, from inside the command,
// its own user's rights on directories in its private temp dir, which
// without the namespace layer is a directory on the host: os.RemoveAll
// could neither list nor empty them, and a red team's unprivileged command
// left a directory of mode 0 holding its file in /tmp past the run. (As
// root the runner needs no rights on them: the test shows the failure as
// an unprivileged user, /var/tmp/s40/unpriv.sh.)
func TestPrivateTmpRemovedWithoutLayer(t *testing.T) {
	tmp := outsideTemp(t)
	dir := project(t, map[string]string{"lock.sh": `set -e
mkdir -p "$TMPDIR/a/b" "$TMPDIR/c/d"
echo marker > "$TMPDIR/a/b/f"
chmod 0 "$TMPDIR/a" "$TMPDIR/c/d"
chmod 500 "$TMPDIR/c"
echo "$TMPDIR"
`})
	r := run(t, invocation{args: []string{"run", "--no-namespaces", "--", "sh", "lock.sh"}, dir: dir, env: []string{"TMPDIR=" + tmp}})
	if r.code != 0 || !strings.HasPrefix(r.stdout, tmp+"/mewsandbox-") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and a private temp dir in %s", r.code, r.stdout, r.stderr, tmp)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		p := filepath.Join(tmp, e.Name())
		t.Errorf("%s is left after the run (stderr %q)", p, r.stderr)
		filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
			if d != nil && d.IsDir() {
				os.Chmod(q, 0o700)
			}
			return nil
		})
	}
}
