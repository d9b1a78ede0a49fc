//go:build linux

package integration

// The host's abstract unix names under --allow-unix-sockets: the namespace
// layer gives such a run a network namespace of its own, whose abstract
// names are not the host's, so a command cannot take one a host client then
// connects to (X11's @/tmp/.X11-unix/X0, a D-Bus or agent name no host
// program holds yet). Landlock's scope stops connecting out, not being
// connected to.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// squat runs cmd, a "./attack unix-listen @NAME" under mewsandbox, waits
// for the probe to listen, and then connects to @NAME from the host,
// sending "hello". It returns what the probe printed and the host's
// connect error (nil: the host talked to the command).
func squat(t *testing.T, cmd *osexec.Cmd, name string) (string, error) {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewReader(out)
	ready := make(chan string, 1)
	go func() {
		l, _ := lines.ReadString('\n')
		ready <- l
	}()
	select {
	case l := <-ready:
		if l != "unix-listen ok\n" {
			in.Close()
			cmd.Wait()
			t.Fatalf("the command could not listen on %s: %q, stderr %q", name, l, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the command never listened on %s: stderr %q", name, stderr.String())
	}
	c, dialErr := net.Dial("unix", name)
	if dialErr == nil {
		c.Write([]byte("hello"))
		c.Close()
	}
	// The probe reports what it accepted, or ends with its stdin.
	time.Sleep(20 * time.Millisecond)
	in.Close()
	rest, _ := io.ReadAll(lines)
	if err := cmd.Wait(); err != nil {
		t.Errorf("the run: %v, stderr %q", err, stderr.String())
	}
	return string(rest), dialErr
}

// TestAbstractNameIsNotTheHosts: with --allow-unix-sockets a command
// listens on an abstract name; under the layer the host's client meets no
// such name (ECONNREFUSED: the name is in the sandbox's network namespace,
// not the host's), the sockets granted by the flag or by the project's
// settings, which the pre-forked child cannot have seen, and a child the
// runner starts (--pass-fd) as the pre-forked one. Without the
// layer, or with a TCP port granted (the host's network is needed), it
// reaches the command: the losses the README documents.
func TestAbstractNameIsNotTheHosts(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	b.install()
	settings := newBox(t, map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  network:\n    allowUnixSockets: true\n"})
	settings.install()
	for _, c := range []struct {
		box   *box
		flags []string
		own   bool // a network namespace of its own
	}{
		{b, []string{"--allow-unix-sockets"}, true},
		// Not the pre-forked child: the runner starts its own.
		{b, []string{"--allow-unix-sockets", "--pass-fd", "3"}, true},
		{settings, []string{"--trust-project"}, true},
		{b, []string{"--allow-unix-sockets", "--no-namespaces"}, false},
		{b, []string{"--allow-unix-sockets", "--allow-connect", "9"}, false},
	} {
		name := "@mwsbx-squat-" + uniq()
		args := append(append([]string{"run", "--yolo"}, c.flags...), "--", "./attack", "unix-listen", name)
		cmd := c.box.command(c.box.root, nil, bin, args...)
		if slices.Contains(c.flags, "--pass-fd") {
			null, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			defer null.Close()
			cmd.ExtraFiles = []*os.File{null}
		}
		out, dialErr := squat(t, cmd, name)
		if c.own {
			if !errors.Is(dialErr, syscall.ECONNREFUSED) || strings.Contains(out, "accepted") {
				t.Errorf("%v: the host connected to the command's %s: %v, the command printed %q; want ECONNREFUSED", c.flags, name, dialErr, out)
			}
			continue
		}
		if dialErr != nil || !strings.Contains(out, "accepted hello") {
			t.Errorf("%v: the host's connect to %s: %v, the command printed %q; want the documented loss (the host talks to the command)", c.flags, name, dialErr, out)
		}
	}
}

// TestUnixSocketsNeighbours: what --allow-unix-sockets is for keeps
// working under the layer's network namespace, and without the layer: a
// server and its client in the sandbox talk over a pathname socket in the
// root and over an abstract name; the command connects to a host program's
// pathname socket in the root and in a granted directory.
func TestUnixSocketsNeighbours(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.install()
	for _, mode := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(fmt.Sprint(mode), func(t *testing.T) {
			granted := outsideTemp(t)
			hostSock := "host-" + uniq() + ".sock"
			inRoot := unixListener(t, filepath.Join(b.root, hostSock))
			grantedSock := filepath.Join(granted, "g.sock")
			inGrant := unixListener(t, grantedSock)
			script := fmt.Sprintf(`p path-self unix-self own-%[1]s.sock
p abstract-self unix-self @mwsbx-own-%[1]s
p host-in-root unix-connect %[2]s
p host-granted unix-connect %[3]s
`, uniq(), hostSock, grantedSock)
			o := b.with(t).check(script, append([]string{"--allow-unix-sockets", "--allow-read", granted}, mode...)...)
			for _, l := range []string{"path-self", "abstract-self", "host-in-root", "host-granted"} {
				o.ok(t, l)
			}
			for what, got := range map[string]*inbox{"in the root": inRoot, "in the grant": inGrant} {
				select {
				case g := <-got.got:
					if g != "hello" {
						t.Errorf("the host's socket %s received %q", what, g)
					}
				case <-time.After(10 * time.Second):
					t.Errorf("the host's socket %s received nothing", what)
				}
			}
		})
	}
}

// TestAbstractNameUnprivileged: the same as an ordinary user, whose layer
// lives in a user namespace: the network namespace is made there, the host
// still cannot reach the command's abstract name, and a server and its
// client in the sandbox still talk.
func TestAbstractNameUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		// Called from here they would share one t, and each calls
		// t.Parallel (the unprivileged suite panicked so).
		t.Skip("not root: TestAbstractNameIsNotTheHosts and TestUnixSocketsNeighbours run as this user already")
	}
	requireSandbox(t)
	u := testUser(t)
	probe := osexec.Command("/bin/true")
	probe.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid},
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWNET,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: int(u.uid), HostID: int(u.uid), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: int(u.gid), HostID: int(u.gid), Size: 1}}}
	if err := probe.Run(); err != nil {
		t.Skipf("user namespaces are not available to %s here (%v)", u.name, err)
	}
	dir, err := os.MkdirTemp("", "mewsandbox-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	root, home := filepath.Join(dir, "proj"), filepath.Join(dir, "home")
	for _, d := range []string{root, home, filepath.Join(root, ".git")} {
		os.Mkdir(d, 0o755)
	}
	userBin, attack := filepath.Join(dir, "mewsandbox"), filepath.Join(root, "attack")
	for from, to := range map[string]string{bin: userBin, helper(t, "attack"): attack} {
		if out, err := osexec.Command("cp", from, to).CombinedOutput(); err != nil {
			t.Fatalf("copying %s: %v\n%s", from, err, out)
		}
	}
	filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { return os.Lchown(p, int(u.uid), int(u.gid)) })
	as := func(args ...string) *osexec.Cmd {
		c := osexec.Command(userBin, args...)
		c.Dir, c.Env = root, []string{"PATH=/usr/bin:/bin", "HOME=" + home, "LANG=C"}
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.uid, Gid: u.gid}}
		return c
	}
	name := "@mwsbx-squat-" + uniq()
	out, dialErr := squat(t, as("run", "--yolo", "--allow-unix-sockets", "--", "./attack", "unix-listen", name), name)
	if !errors.Is(dialErr, syscall.ECONNREFUSED) || strings.Contains(out, "accepted") {
		t.Errorf("as %s under the layer the host connected to the command's %s: %v, the command printed %q; want ECONNREFUSED", u.name, name, dialErr, out)
	}
	sock := filepath.Join(root, "host.sock")
	got := unixListener(t, sock)
	os.Chmod(sock, 0o777)
	tag := uniq()
	r := as("run", "--yolo", "--allow-unix-sockets", "--", "sh", "-c",
		"./attack unix-self own-"+tag+".sock; ./attack unix-self @mwsbx-own-"+tag+"; ./attack unix-connect host.sock")
	res, _ := r.CombinedOutput()
	if want := "unix-self ok\nunix-self ok\nunix-connect ok\n"; string(res) != want {
		t.Errorf("as %s: %q, want %q", u.name, res, want)
	}
	select {
	case g := <-got.got:
		if g != "hello" {
			t.Errorf("the host's socket in the root received %q", g)
		}
	case <-time.After(10 * time.Second):
		t.Error("the host's socket in the root received nothing")
	}
}

// TestNetworkNamespaceRefused: where the kernel refuses the network
// namespace of a run under network none (for real: the
// runner in a user namespace of its own whose user.max_net_namespaces is
// 0, a limit the host's does not share), a strict run is refused (125) and
// says what is lost and what to do; --best-effort runs, says in one line
// what is lost, and its pathname sockets in the root work, its own and a
// host program's. A run under network none without unix sockets, which has
// one too, alike.
func TestNetworkNamespaceRefused(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	b.install()
	limited := func(args ...string) result {
		t.Helper()
		cmd := osexec.Command("/bin/sh", append([]string{"-c", `echo 0 > /proc/sys/user/max_net_namespaces && exec "$@"`, "sh", bin}, args...)...)
		cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home, "LANG=C"}
		cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}}
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *osexec.ExitError
		r := result{stdout: stdout.String(), stderr: stderr.String()}
		switch {
		case errors.As(err, &ee):
			r.code = ee.ExitCode()
		case err != nil:
			t.Skipf("no user namespace of the test's own here: %v", err)
		}
		return r
	}
	hostNet, err := os.Readlink("/proc/self/ns/net")
	if err != nil {
		t.Fatal(err)
	}
	const lost = "the kernel refused a network namespace for network none (unshare(CLONE_NEWNET): no space left on device"

	strict := limited("run", "--yolo", "--allow-unix-sockets", "--", "sh", "-c", "echo ran")
	if strict.code != 125 || strings.Contains(strict.stdout, "ran") || !strings.Contains(strict.stderr, lost) ||
		!strings.Contains(strict.stderr, "user.max_net_namespaces") || !strings.Contains(strict.stderr, "a host client that connects to that name talks to the command") ||
		!strings.Contains(strict.stderr, "--best-effort runs and says so") {
		t.Errorf("strict: exit %d, stdout %q, stderr %q; want 125, the command not run, what is lost and what to do", strict.code, strict.stdout, strict.stderr)
	}

	hostSock := "host-" + uniq() + ".sock"
	got := unixListener(t, filepath.Join(b.root, hostSock))
	tag := uniq()
	be := limited("run", "--yolo", "--best-effort", "--allow-unix-sockets", "--", "sh", "-c",
		"./attack unix-self own-"+tag+".sock; ./attack unix-connect "+hostSock+"; readlink /proc/self/ns/net")
	if want := "unix-self ok\nunix-connect ok\n" + hostNet + "\n"; be.code != 0 || be.stdout != want {
		t.Errorf("best effort: exit %d, stdout %q, stderr %q; want 0 and %q (the sockets in the root work, in the host's network namespace)", be.code, be.stdout, be.stderr, want)
	}
	if n := strings.Count(be.stderr, "\n"); n != 1 || !strings.HasPrefix(be.stderr, "mewsandbox: not enforced: "+lost) || !strings.Contains(be.stderr, "a host client that connects to that name talks to the command") {
		t.Errorf("best effort: stderr %q (%d lines); want the one line that says what is lost", be.stderr, n)
	}
	select {
	case g := <-got.got:
		if g != "hello" {
			t.Errorf("the host's socket in the root received %q", g)
		}
	case <-time.After(10 * time.Second):
		t.Error("the host's socket in the root received nothing")
	}

	// Network none without unix sockets has a network namespace of its
	// own too: refused alike; best effort runs and says so.
	plain := limited("run", "--yolo", "--", "sh", "-c", "echo ran")
	if plain.code != 125 || plain.stdout != "" || !strings.Contains(plain.stderr, lost) {
		t.Errorf("without unix sockets: exit %d, stdout %q, stderr %q; want 125 and what is lost", plain.code, plain.stdout, plain.stderr)
	}
	plain = limited("run", "--yolo", "--best-effort", "--", "sh", "-c", "echo ran")
	if plain.code != 0 || plain.stdout != "ran\n" || !strings.HasPrefix(plain.stderr, "mewsandbox: not enforced: "+lost) {
		t.Errorf("without unix sockets, best effort: exit %d, stdout %q, stderr %q; want it run, saying what is lost", plain.code, plain.stdout, plain.stderr)
	}

	// doctor and explain say so beforehand, in the same words; where the
	// kernel gives the namespace, that it does.
	var d struct {
		NetworkNamespace string `json:"networkNamespace"`
	}
	if r := limited("doctor", "--json"); json.Unmarshal([]byte(r.stdout), &d) != nil || !strings.HasPrefix(d.NetworkNamespace, lost) ||
		!strings.Contains(d.NetworkNamespace, "a host client that connects to that name talks to the command") {
		t.Errorf("doctor where the kernel refuses it: exit %d, networkNamespace %q, stderr %q", r.code, d.NetworkNamespace, r.stderr)
	}
	if r := limited("explain", "--allow-unix-sockets"); !strings.Contains(r.stdout, "no network namespace of its own: "+lost) {
		t.Errorf("explain where the kernel refuses it: exit %d, %q", r.code, r.stdout)
	}
	if r := b.run("doctor", "--json"); json.Unmarshal([]byte(r.stdout), &d) != nil || !strings.HasPrefix(d.NetworkNamespace, "one of its own for a run under network none") {
		t.Errorf("doctor: exit %d, networkNamespace %q, stderr %q", r.code, d.NetworkNamespace, r.stderr)
	}
}
