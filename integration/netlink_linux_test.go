package integration

import (
	"errors"
	"os"
	osexec "os/exec"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestNetlinkRoute: where the network is granted (--network all, TCP
// ports), the command reads its interfaces through netlink
// (NETLINK_ROUTE), as getifaddrs, Node's os.networkInterfaces() and ip
// addr do: seccomp refused every netlink socket, and they failed in every
// network mode (Vite's --host threw). It cannot change them: a root
// command has no CAP_NET_ADMIN, and one that keeps it gets no netlink.
// Every other netlink protocol stays refused. Under network none the
// layer's network namespace is the command's own, and NETLINK_ROUTE shows
// it; without the layer it stays refused there (bind() is, which netlink
// needs).
func TestNetlinkRoute(t *testing.T) {
	requireSandbox(t)
	t.Parallel()
	b := newBox(t, nil)
	b.install()
	probe := func(flags ...string) string {
		t.Helper()
		script := "./attack netlink 0; ./attack netlink 4; ./attack netlink 15; ./attack netlink 16; ./attack ifaces"
		r := b.run(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", script)...)
		return r.stdout + r.stderr
	}
	for _, flags := range [][]string{{"--network", "all"}, {"--allow-connect", "1"}, {"--network", "all", "--no-namespaces"}} {
		out := probe(flags...)
		for _, want := range []string{"netlink ok", "netlink errno=1 ", "ifaces lo"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: %q, want %q", flags, out, want)
			}
		}
		if n := strings.Count(out, "netlink errno=1 "); n != 3 {
			t.Errorf("%v: %q, want SOCK_DIAG, KOBJECT_UEVENT and GENERIC refused (EPERM)", flags, out)
		}
	}
	// Under network none the layer's network namespace is the command's
	// own: netlink route shows its lo alone. Without the layer every
	// netlink socket stays refused (bind is, which it needs).
	for _, flags := range [][]string{nil, {"--allow-unix-sockets"}} {
		if out := probe(flags...); !strings.Contains(out, "netlink ok") || strings.Count(out, "netlink errno=1 ") != 3 || !strings.Contains(out, "ifaces lo\n") {
			t.Errorf("network none %v: %q, want NETLINK_ROUTE open, showing lo alone, and the rest refused", flags, out)
		}
	}
	for _, flags := range [][]string{{"--no-namespaces"}, {"--no-namespaces", "--allow-unix-sockets"}} {
		if out := probe(flags...); strings.Count(out, "netlink errno=1 ") != 4 || !strings.Contains(out, "ifaces errno=1 ") {
			t.Errorf("network none %v: %q, want every netlink socket refused", flags, out)
		}
	}
	if os.Geteuid() != 0 {
		return
	}
	if out := probe("--network", "all", "--keep-cap", "CAP_NET_ADMIN"); strings.Count(out, "netlink errno=1 ") != 4 {
		t.Errorf("--keep-cap CAP_NET_ADMIN: %q, want every netlink socket refused", out)
	}
	// A root command reads the host's interfaces and changes none.
	ip, err := osexec.LookPath("ip")
	if err != nil {
		t.Skipf("ip (iproute2) is not installed: a root command's change of the host's interfaces not tried")
	}
	r := b.run("run", "--yolo", "--network", "all", "--allow-read", "/sbin", "--allow-read", "/usr/sbin", "--", "sh", "-c", ip+" -br link show lo && "+ip+" link set lo down")
	if r.code == 0 || !strings.Contains(r.stdout, "lo ") || !strings.Contains(r.stderr, "Operation not permitted") {
		t.Errorf("ip link set lo down as root: exit %d, %q %q; want lo listed and the change refused (EPERM)", r.code, r.stdout, r.stderr)
	}
	flags, err := os.ReadFile("/sys/class/net/lo/flags")
	up, perr := strconv.ParseUint(strings.TrimSpace(string(flags)), 0, 32)
	if err != nil || perr != nil || up&unix.IFF_UP == 0 {
		t.Errorf("the host's lo after the run: flags %q, %v; want it up", flags, errors.Join(err, perr))
	}
}
