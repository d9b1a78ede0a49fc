//go:build linux

package integration

// Network none under the namespace layer: the command is in a network
// namespace of its own, as --allow-unix-sockets' runs were already. Its
// /proc/net listed the host's connections and the unix socket names of
// every host program; it now lists the command's own, and netlink route
// (getifaddrs: Node's os.networkInterfaces(), ip addr) shows its lo alone.
// Inet sockets stay refused. With --network all netlink shows the host's
// interfaces and a root command changes none; --no-namespaces keeps the
// host's network namespace, /proc/net and netlink refused.

import (
	"fmt"
	"net"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// hostListeners starts a TCP listener on the host's 127.0.0.1 and a unix
// socket in a temp dir, both closed at the test's end: their port, as
// /proc/net/tcp writes it (":HEX"), and path.
func hostListeners(t *testing.T) (port int, hexPort, path string) {
	t.Helper()
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	dir, err := os.MkdirTemp("/var/tmp", "mewsandbox-netns-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path = filepath.Join(dir, "host-"+uniq()+".sock")
	u, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { u.Close() })
	port = l.Addr().(*net.TCPAddr).Port
	hexPort = fmt.Sprintf(":%04X ", port)
	host, _ := os.ReadFile("/proc/net/tcp")
	hostUnix, _ := os.ReadFile("/proc/net/unix")
	if !strings.Contains(string(host), hexPort) || !strings.Contains(string(hostUnix), path) {
		t.Fatalf("the host's /proc/net does not show its own listeners %s and %s", hexPort, path)
	}
	return port, hexPort, path
}

// noneScript prints, in sections, what a command sees of the network.
const noneScript = `echo '== tcp'; cat /proc/net/tcp
echo '== unix'; cat /proc/net/unix
echo '== node'; node -e 'console.log(JSON.stringify(Object.keys(require("os").networkInterfaces()).sort()))' 2>&1
echo '== ip'; /usr/sbin/ip -br addr 2>&1
echo '== ifnames'; python3 -c 'import socket; print(sorted(n for _, n in socket.if_nameindex()))' 2>&1
echo '== connect'; python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 2); print("connected")' PORT 2>&1 | tail -1
echo '== end'
`

// sections splits noneScript's output by its "== NAME" lines.
func sections(out string) map[string]string {
	m := map[string]string{}
	name := ""
	for _, l := range strings.SplitAfter(out, "\n") {
		if n, ok := strings.CutPrefix(l, "== "); ok {
			name = strings.TrimSpace(n)
			continue
		}
		m[name] += l
	}
	return m
}

// checkNetworkViews runs noneScript through run (the runner's arguments
// before "--") as root or as the test user, and checks what each network
// mode shows.
func checkNetworkViews(t *testing.T, who string, run func(args ...string) result) {
	t.Helper()
	for _, tool := range []string{"node", "python3", "/usr/sbin/ip"} {
		if _, err := osexec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed here", tool)
		}
	}
	port, hexPort, path := hostListeners(t)
	script := strings.ReplaceAll(noneScript, "PORT", strconv.Itoa(port))
	do := func(flags ...string) map[string]string {
		t.Helper()
		r := run(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", script)...)
		s := sections(r.stdout)
		if r.code != 0 || !strings.Contains(r.stdout, "== end") {
			t.Fatalf("%s %v: exit %d\nstdout %s\nstderr %s", who, flags, r.code, r.stdout, r.stderr)
		}
		return s
	}

	// Network none, with unix sockets or without: its own namespace.
	for _, flags := range [][]string{nil, {"--allow-unix-sockets"}} {
		s := do(flags...)
		if strings.Contains(s["tcp"], hexPort) || strings.Contains(s["unix"], path) {
			t.Errorf("%s none %v: /proc/net shows the host's listener 127.0.0.1%s(%v) or socket %s (%v)", who, flags, hexPort, strings.Contains(s["tcp"], hexPort), path, strings.Contains(s["unix"], path))
		}
		// lo is down in a new namespace (see README): Node lists the
		// interfaces that are up, none.
		if s["node"] != "[]\n" {
			t.Errorf("%s none %v: os.networkInterfaces() gave %q, want [] (lo, down, alone)", who, flags, s["node"])
		}
		if f := strings.Fields(s["ip"]); len(f) != 2 || f[0] != "lo" || f[1] != "DOWN" {
			t.Errorf("%s none %v: ip -br addr gave %q, want lo alone", who, flags, s["ip"])
		}
		if s["ifnames"] != "['lo']\n" {
			t.Errorf("%s none %v: if_nameindex gave %q, want lo alone", who, flags, s["ifnames"])
		}
		if !strings.Contains(s["connect"], "PermissionError") {
			t.Errorf("%s none %v: connecting to the host's 127.0.0.1:%d gave %q, want EPERM (inet sockets refused)", who, flags, port, s["connect"])
		}
	}

	// --network all: the host's interfaces, through netlink.
	var host []string
	ifs, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range ifs {
		if addrs, _ := i.Addrs(); i.Flags&net.FlagUp != 0 && i.Flags&net.FlagRunning != 0 && len(addrs) > 0 {
			host = append(host, i.Name)
		}
	}
	s := do("--network", "all")
	for _, name := range host {
		if !strings.Contains(s["node"], `"`+name+`"`) || !strings.Contains(s["ip"], name+" ") {
			t.Errorf("%s --network all: Node %q or ip -br addr %q does not list the host's %s", who, s["node"], s["ip"], name)
		}
	}
	if !strings.Contains(s["tcp"], hexPort) {
		t.Errorf("%s --network all: /proc/net/tcp does not show the host's listener %s", who, hexPort)
	}

	// --no-namespaces under none: as documented, the host's network
	// namespace and /proc/net; netlink refused (bind is); inet too.
	s = do("--no-namespaces")
	if !strings.Contains(s["tcp"], hexPort) || !strings.Contains(s["unix"], path) {
		t.Errorf("%s --no-namespaces: /proc/net does not show the host's listener %s and socket %s, as README says it does", who, hexPort, path)
	}
	if !strings.Contains(s["node"], "uv_interface_addresses") || !strings.Contains(s["ip"], "Operation not permitted") || !strings.Contains(s["connect"], "PermissionError") {
		t.Errorf("%s --no-namespaces: Node %q, ip %q, connect %q; want netlink and inet refused", who, s["node"], s["ip"], s["connect"])
	}
}

// TestNetworkNoneOwnNamespace runs checkNetworkViews as this user and, as
// root, as the test user too (in a user namespace, where the layer makes
// the network namespace).
func TestNetworkNoneOwnNamespace(t *testing.T) {
	requireNamespaces(t)
	b := newBox(t, nil)
	checkNetworkViews(t, "as "+strconv.Itoa(os.Geteuid()), func(args ...string) result {
		return runCommand(t, b.command(b.root, []string{"LANG=C"}, bin, args...))
	})
	if os.Geteuid() != 0 {
		return
	}
	u := newUserBox(t)
	checkNetworkViews(t, "as "+u.u.name, func(args ...string) result {
		return runCommand(t, u.command(args...))
	})
}

// TestRootCannotChangeHostRoutes: a root command with --network all reads
// the host's routes through netlink and cannot add one (RTM_NEWROUTE:
// EPERM, no CAP_NET_ADMIN); the host's lo stays up.
func TestRootCannotChangeHostRoutes(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root")
	}
	requireSandbox(t)
	ip, err := osexec.LookPath("/usr/sbin/ip")
	if err != nil {
		t.Skip("ip (iproute2) is not installed")
	}
	const route = "198.51.100.0/24"
	b := newBox(t, nil)
	t.Cleanup(func() {
		// Had the change gone through: the host's state put back.
		if out, _ := osexec.Command(ip, "route", "show", route).Output(); len(out) > 0 {
			osexec.Command(ip, "route", "del", route).Run()
		}
		osexec.Command(ip, "link", "set", "lo", "up").Run()
	})
	r := b.run("run", "--yolo", "--network", "all", "--", "sh", "-c",
		ip+" -br route show default table main >/dev/null && echo read; "+ip+" route add "+route+" dev lo; "+ip+" link set lo down")
	if r.stdout != "read\n" || strings.Count(r.stderr, "Operation not permitted") != 2 {
		t.Errorf("root --network all: stdout %q, stderr %q; want the routes read and both changes refused (EPERM)", r.stdout, r.stderr)
	}
	if out, _ := osexec.Command(ip, "route", "show", route).Output(); len(out) > 0 {
		t.Errorf("the host has the command's route: %s", out)
	}
	if out, _ := osexec.Command(ip, "-br", "link", "show", "lo").Output(); !slices.Contains(strings.FieldsFunc(string(out), func(r rune) bool { return r == ',' || r == '<' || r == '>' || r == ' ' }), "UP") {
		t.Errorf("the host's lo after the run: %q, want it up", out)
	}
}
