//go:build linux

package exec

import (
	"bytes"
	"context"
	"errors"
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

// netnsLimited, set, says the test binary runs in a user namespace of its
// own whose user.max_net_namespaces it may set to 0.
const netnsLimited = "MEWSANDBOX_TEST_NETNS_LIMITED"

// TestNetworkNamespaceRefused: where the kernel refuses the network
// namespace of a run whose only network is unix sockets (for real: the
// test runs again in a user namespace of its own whose
// user.max_net_namespaces is 0, ENOSPC), a strict run is refused, saying
// what is lost, and its command does not run; a best-effort run goes on in
// the host's network namespace, says so once, and reaches a pathname
// socket in the root: as the init of a pid namespace and, its pid
// namespace refused too, as the command's parent alone.
func TestNetworkNamespaceRefused(t *testing.T) {
	if os.Getenv(netnsLimited) == "" {
		requireSandbox(t)
		if _, err := NamespaceLayer(); err != nil {
			t.Skipf("no namespace layer here: %v", err)
		}
		if _, err := os.Stat("/usr/bin/python3"); err != nil {
			t.Skip("no /usr/bin/python3 to connect to a unix socket with")
		}
		cmd := osexec.Command(os.Args[0], "-test.run=^TestNetworkNamespaceRefused$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), netnsLimited+"=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}}
		out, err := cmd.CombinedOutput()
		var ee *osexec.ExitError
		switch {
		case err != nil && !errors.As(err, &ee):
			t.Skipf("no user namespace of the test's own here: %v", err)
		case err != nil:
			t.Fatalf("in a user namespace limited to no network namespace: %v\n%s", err, out)
		case bytes.Contains(out, []byte("--- SKIP")):
			t.Skipf("in a user namespace: %s", out)
		}
		return
	}
	if err := os.WriteFile("/proc/sys/user/max_net_namespaces", []byte("0\n"), 0); err != nil {
		t.Fatal(err)
	}
	hostNet, err := os.Readlink("/proc/self/ns/net")
	if err != nil {
		t.Fatal(err)
	}
	root := testRoot(t)
	unixOnly := func(c *Cmd, bestEffort bool) *[]string {
		c.Policy.Network = Network{Mode: NetworkNone, UnixSockets: true}
		c.Policy.BestEffort = bestEffort
		warnings := new([]string)
		c.Warn = func(w string) { *warnings = append(*warnings, w) }
		return warnings
	}
	const lost = "the kernel refused a network namespace for network none"

	c := sh(root, "touch ran")
	unixOnly(c, false)
	status, serr := c.Run(context.Background())
	if status != StatusSandbox || serr == nil || !strings.Contains(serr.Error(), lost) || !strings.Contains(serr.Error(), WithoutNetworkNamespace) || !errors.Is(serr, syscall.ENOSPC) {
		t.Errorf("strict: Run = %d, %v; want %d, the refusal and what it loses", status, serr, StatusSandbox)
	}
	if _, err := os.Stat(filepath.Join(root, "ran")); err == nil {
		t.Error("strict: the command ran")
	}

	for _, pidNS := range []bool{true, false} {
		sock := filepath.Join(root, "host.sock")
		ln, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			if conn, err := ln.Accept(); err == nil {
				b, _ := io.ReadAll(conn)
				conn.Close()
				got <- string(b)
			}
		}()
		c := sh(root, `/usr/bin/python3 -c 'import socket; s = socket.socket(socket.AF_UNIX); s.connect("host.sock"); s.sendall(b"hello")' && readlink /proc/self/ns/net > net`)
		warnings := unixOnly(c, true)
		if !pidNS {
			// The start with a pid namespace fails; the next has the
			// mount and IPC namespaces.
			s, w := spawnWithWaysBack(t, c)
			warnings = w
			if s.launch.fallback[0].SysProcAttr.Cloneflags&syscall.CLONE_NEWPID != 0 {
				t.Fatalf("flags %#x: a pid namespace", s.launch.fallback[0].SysProcAttr.Cloneflags)
			}
			failStarts(root, []*osexec.Cmd{s.launch.cmd})
			c.pre = s
		}
		status, serr := c.Run(context.Background())
		if status != 0 || serr != nil {
			t.Fatalf("best effort (pid namespace %v): Run = %d, %v; warnings %q", pidNS, status, serr, *warnings)
		}
		select {
		case g := <-got:
			if g != "hello" {
				t.Errorf("best effort (pid namespace %v): the socket in the root received %q", pidNS, g)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("best effort (pid namespace %v): the socket in the root received nothing", pidNS)
		}
		ln.Close()
		if ns, _ := os.ReadFile(filepath.Join(root, "net")); strings.TrimSpace(string(ns)) != hostNet {
			t.Errorf("best effort (pid namespace %v): the command's network namespace is %q, want the host's %s (the test's premise)", pidNS, ns, hostNet)
		}
		said := slices.DeleteFunc(slices.Clone(*warnings), func(w string) bool { return !strings.Contains(w, lost) })
		if len(said) != 1 || !strings.HasPrefix(said[0], "mewsandbox: not enforced: "+lost) || !strings.Contains(said[0], WithoutNetworkNamespace) {
			t.Errorf("best effort (pid namespace %v): warnings %q; want the refusal said once, with what it loses", pidNS, *warnings)
		}
		os.Remove(filepath.Join(root, "net"))
	}
}
