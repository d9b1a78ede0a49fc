//go:build linux

package exec

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// owned returns fd as a file the test owns, closed at its end: the one
// owner, so that no finalizer closes the number once another test has it.
func owned(t *testing.T, fd int, name string) *os.File {
	f := os.NewFile(uintptr(fd), name)
	t.Cleanup(func() { f.Close() })
	return f
}

// socketFD opens a socket for a test, closed at its end; it skips the
// case (returning -1) where this kernel or user cannot have one.
func socketFD(t *testing.T, domain, typ, proto int) int {
	t.Helper()
	fd, err := unix.Socket(domain, typ|unix.SOCK_CLOEXEC, proto)
	if err != nil {
		t.Logf("socket(%d, %d, %d): %v: case skipped", domain, typ, proto, err)
		return -1
	}
	return int(owned(t, fd, "socket").Fd())
}

// socketPair returns one end of a socketpair(AF_UNIX, typ), both closed at
// the test's end.
func socketPair(t *testing.T, typ int) int {
	t.Helper()
	fds, err := unix.Socketpair(unix.AF_UNIX, typ|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	owned(t, fds[1], "peer")
	return int(owned(t, fds[0], "pair").Fd())
}

// udpFile is a UDP socket the test owns.
func udpFile(t *testing.T) *os.File {
	t.Helper()
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	return owned(t, fd, "udp")
}

// fileFD returns the descriptor of f, closed at the test's end.
func fileFD(t *testing.T, f interface {
	File() (*os.File, error)
}) int {
	t.Helper()
	file, err := f.File()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { file.Close() })
	return int(file.Fd())
}

// tcpListener listens on a loopback port with TCP: not Go's default for
// listeners, MPTCP where the kernel has it, which Landlock does not
// restrict.
func tcpListener(t *testing.T) *net.TCPListener {
	t.Helper()
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(context.Background(), "tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln.(*net.TCPListener)
}

// TestInheritedSocket: which sockets each network policy lets the command
// inherit, and what it says of the others.
func TestInheritedSocket(t *testing.T) {
	t.Parallel()
	ln := tcpListener(t)
	conn, err := net.Dial("tcp4", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	unixLn, err := net.Listen("unix", filepath.Join(t.TempDir(), "s"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unixLn.Close() })
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close(); pw.Close() })

	var (
		none    = Network{Mode: NetworkNone}
		ports   = Network{Mode: NetworkNone, Connect: []uint16{443}}
		unixOK  = Network{Mode: NetworkNone, UnixSockets: true}
		all     = Network{Mode: NetworkAll}
		refused = func(flag, why string) *socketRefusal { return &socketRefusal{why: why, flag: flag} }
	)
	const (
		udpNone  = "a UDP socket, through which the command could send to any address although the policy grants no network"
		udpPorts = "a UDP socket, through which the command could send to any address although the policy grants TCP ports only"
		unixDgr  = "a unix datagram socket, through which the command could reach any unix socket it can name although the policy grants no unix sockets"
		unixFree = "a unix socket neither connected nor listening, through which the command could reach any unix socket it can name although the policy grants no unix sockets"
		tcpGap   = "a TCP socket, which the command could disconnect and connect to any address (Landlock restricts TCP from ABI 4, Linux 6.7)"
		netlink  = "an AF_NETLINK socket, which the sandbox does not mediate, although the policy grants no network"
	)
	for _, tt := range []struct {
		name string
		fd   int
		n    Network
		want *socketRefusal
	}{
		{"a pipe", int(pw.Fd()), none, nil},
		{"a TCP connection", fileFD(t, conn.(*net.TCPConn)), none, nil},
		{"a TCP connection with ports", fileFD(t, conn.(*net.TCPConn)), ports, nil},
		{"a listening TCP socket", fileFD(t, ln), none, nil},
		{"an unconnected TCP socket", socketFD(t, unix.AF_INET, unix.SOCK_STREAM, 0), none,
			refused("--network all", "a TCP socket neither connected nor listening, on which the command could listen on every address although the policy grants no network")},
		{"an unconnected TCP socket over IPv6", socketFD(t, unix.AF_INET6, unix.SOCK_STREAM, 0), unixOK,
			refused("--network all", "a TCP socket neither connected nor listening, on which the command could listen on every address although the policy grants no network")},
		{"an unconnected TCP socket with TCP ports", socketFD(t, unix.AF_INET, unix.SOCK_STREAM, 0), ports, nil},
		{"an unconnected TCP socket with the network all", socketFD(t, unix.AF_INET, unix.SOCK_STREAM, 0), all, nil},
		{"UDP", socketFD(t, unix.AF_INET, unix.SOCK_DGRAM, 0), none, refused("--network all", udpNone)},
		{"UDP with TCP ports", socketFD(t, unix.AF_INET, unix.SOCK_DGRAM, 0), ports, refused("--network all", udpPorts)},
		{"UDP with unix sockets", socketFD(t, unix.AF_INET, unix.SOCK_DGRAM, 0), unixOK, refused("--network all", udpNone)},
		{"UDP with the network all", socketFD(t, unix.AF_INET, unix.SOCK_DGRAM, 0), all, nil},
		{"UDP over IPv6", socketFD(t, unix.AF_INET6, unix.SOCK_DGRAM, 0), none, refused("--network all", udpNone)},
		{"MPTCP, which Landlock does not restrict", socketFD(t, unix.AF_INET, unix.SOCK_STREAM, unix.IPPROTO_MPTCP), none,
			refused("--network all", "an MPTCP socket, through which the command could connect to any address although the policy grants no network")},
		{"MPTCP with TCP ports", socketFD(t, unix.AF_INET, unix.SOCK_STREAM, unix.IPPROTO_MPTCP), ports,
			refused("--network all", "an MPTCP socket, through which the command could connect to any address although the policy grants TCP ports only")},
		{"a unix datagram pair", socketPair(t, unix.SOCK_DGRAM), none, refused("--allow-unix-sockets", unixDgr)},
		{"a unix datagram pair with TCP ports", socketPair(t, unix.SOCK_DGRAM), ports, refused("--allow-unix-sockets", unixDgr)},
		{"a unix datagram pair with unix sockets", socketPair(t, unix.SOCK_DGRAM), unixOK, nil},
		{"a unix datagram pair with the network all", socketPair(t, unix.SOCK_DGRAM), all, nil},
		{"a unix stream pair (libuv's stdio)", socketPair(t, unix.SOCK_STREAM), none, nil},
		{"a unix seqpacket pair", socketPair(t, unix.SOCK_SEQPACKET), none, nil},
		{"a listening unix socket", fileFD(t, unixLn.(*net.UnixListener)), none, nil},
		{"an unconnected unix stream socket", socketFD(t, unix.AF_UNIX, unix.SOCK_STREAM, 0), none, refused("--allow-unix-sockets", unixFree)},
		{"an unconnected unix stream socket with unix sockets", socketFD(t, unix.AF_UNIX, unix.SOCK_STREAM, 0), unixOK, nil},
		{"netlink", socketFD(t, unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE), none, refused("--network all", netlink)},
		{"netlink with unix sockets", socketFD(t, unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE), unixOK, refused("--network all", netlink)},
		{"netlink with the network all", socketFD(t, unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE), all, nil},
	} {
		if tt.fd < 0 {
			continue
		}
		got := tt.n.inheritedSocket(tt.fd, true)
		if (got == nil) != (tt.want == nil) || got != nil && *got != *tt.want {
			t.Errorf("%s under %+v: got %+v, want %+v", tt.name, tt.n, got, tt.want)
		}
	}

	// Where Landlock cannot restrict TCP, a TCP socket could go anywhere:
	// a kernel gap, unless the network is all.
	tcp := fileFD(t, conn.(*net.TCPConn))
	if got := none.inheritedSocket(tcp, false); got == nil || *got != (socketRefusal{why: tcpGap, flag: "--network all", gap: true}) {
		t.Errorf("TCP without Landlock's TCP rules: got %+v", got)
	}
	if got := all.inheritedSocket(tcp, false); got != nil {
		t.Errorf("TCP without Landlock's TCP rules, the network all: got %+v", got)
	}
}

// TestCheckInheritedSockets: the run is refused with the descriptor named
// as the command gets it, stdio or passed, and the remedy for it; best
// effort does not relax a refusal, only a kernel gap.
func TestCheckInheritedSockets(t *testing.T) {
	t.Parallel()
	udp := udpFile(t)
	pair := socketPair(t, unix.SOCK_STREAM)
	tcp, err := tcpListener(t).File()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tcp.Close() })
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	pol := DefaultPolicy(t.TempDir())
	for _, tt := range []struct {
		name          string
		c             Cmd
		bestEffort    bool
		tcpRestricted bool
		stage, want   string // "" for no refusal
		notEnforced   string
	}{
		{"UDP as stdin", Cmd{Stdin: udp, Stdout: dev, Stderr: dev}, false, true, StageStdio,
			"standard input is a UDP socket, through which the command could send to any address although the policy grants no network: give it its input through a pipe (… | mewsandbox run …), or pass --network all", ""},
		{"UDP as stdout", Cmd{Stdout: udp, Stderr: dev}, false, true, StageStdio,
			"standard output is a UDP socket, through which the command could send to any address although the policy grants no network: give it a pipe (mewsandbox run … | …), or pass --network all", ""},
		{"UDP as stderr, best effort", Cmd{Stdout: dev, Stderr: udp}, true, true, StageStdio, "standard error is a UDP socket", ""},
		{"UDP passed", Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{int(udp.Fd())}}, false, true, StageFDs,
			"the descriptor passed as " + strconv.Itoa(int(udp.Fd())) + " is a UDP socket, through which the command could send to any address although the policy grants no network: pass a pipe instead, or pass --network all", ""},
		{"UDP copied through a pipe", Cmd{Stdin: strings.NewReader(""), Stdout: &strings.Builder{}, Stderr: dev}, false, true, "", "", ""},
		{"a unix stream pair passed", Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{pair}}, false, true, "", "", ""},
		{"TCP passed", Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{int(tcp.Fd())}}, false, true, "", "", ""},
		{"TCP passed where Landlock cannot restrict it", Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{int(tcp.Fd())}}, false, false, StageLandlock,
			"this kernel cannot enforce the policy: the descriptor passed as " + strconv.Itoa(int(tcp.Fd())) + " is a TCP socket", ""},
		{"TCP passed there, best effort", Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{int(tcp.Fd())}}, true, false, "", "",
			"the descriptor passed as " + strconv.Itoa(int(tcp.Fd())) + " is a TCP socket, which the command could disconnect and connect to any address (Landlock restricts TCP from ABI 4, Linux 6.7)"},
	} {
		p := pol
		p.BestEffort = tt.bestEffort
		notEnforced, serr := tt.c.checkInheritedSockets(p, tt.tcpRestricted)
		switch {
		case tt.want == "" && serr != nil:
			t.Errorf("%s: %v, want no refusal", tt.name, serr)
		case tt.want != "" && serr == nil:
			t.Errorf("%s: no refusal, want %q", tt.name, tt.want)
		case serr != nil && (serr.Stage != tt.stage || serr.Status != StatusSandbox || !strings.HasPrefix(serr.Err.Error(), tt.want)):
			t.Errorf("%s: stage %s, status %d: %v; want stage %s, 125, %q", tt.name, serr.Stage, serr.Status, serr.Err, tt.stage, tt.want)
		}
		if got := strings.Join(notEnforced, "; "); got != tt.notEnforced {
			t.Errorf("%s: not enforced %q, want %q", tt.name, got, tt.notEnforced)
		}
	}
}

// TestRunRefusesInheritedSocket: Run refuses a UDP socket as stdout before
// the command starts, with the namespace layer and without it; with the
// network all the command runs.
func TestRunRefusesInheritedSocket(t *testing.T) {
	t.Parallel()
	udp := udpFile(t)
	for _, noNamespaces := range []bool{false, true} {
		root := testRoot(t)
		c := sh(root, "touch ran")
		c.Stdout = udp
		c.Policy.NoNamespaces = noNamespaces
		status, err := c.Run(context.Background())
		var serr *StageError
		if status != StatusSandbox || !errors.As(err, &serr) || serr.Stage != StageStdio || !strings.Contains(err.Error(), "standard output is a UDP socket") {
			t.Errorf("no namespaces %v: Run = %d, %v; want 125, standard output refused", noNamespaces, status, err)
		}
		if _, err := os.Stat(filepath.Join(root, "ran")); err == nil {
			t.Errorf("no namespaces %v: the command ran", noNamespaces)
		}
		c = sh(root, "touch ran")
		c.Stdout = udp
		c.Policy.NoNamespaces = noNamespaces
		c.Policy.Network.Mode = NetworkAll
		if status, err := c.Run(context.Background()); status != 0 || err != nil {
			t.Errorf("no namespaces %v, network all: Run = %d, %v", noNamespaces, status, err)
		}
	}
}

// TestCheckInheritedKernelFDs: what acts for its maker refuses the run, as
// stdio or passed, best effort too (kernelfds_linux.go), and so does a
// unix socket with descriptors queued on it, in each of the ways a review
// hid them from a first look (closeRights); what acts on nothing but
// itself, and a unix socket with nothing queued, are handed over, the
// socket with SO_PASSRIGHTS off. Each case needs a kernel that makes its
// descriptor, and is skipped, saying why, where it does not.
func TestCheckInheritedKernelFDs(t *testing.T) {
	t.Parallel()
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	pol := DefaultPolicy(t.TempDir())
	// check hands the descriptor make returns to a run, passed, or as
	// stdout; want is the start of the refusal after the descriptor's
	// name, "" for none.
	check := func(name string, make func() (int, error), stdout, bestEffort bool, want string) {
		t.Run(name, func(t *testing.T) {
			fd, err := make()
			if err != nil {
				t.Skipf("%v: this kernel makes no such descriptor here", err)
			}
			f := owned(t, fd, name)
			c := Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{fd}}
			at := "the descriptor passed as " + strconv.Itoa(fd) + " is "
			if stdout {
				c = Cmd{Stdout: f, Stderr: dev}
				at = "standard output is "
			}
			p := pol
			p.BestEffort = bestEffort
			_, serr := c.checkInheritedSockets(p, true)
			switch {
			case want == "" && serr != nil:
				t.Errorf("%v, want no refusal", serr)
			case want != "" && (serr == nil || serr.Status != StatusSandbox || !strings.HasPrefix(serr.Err.Error(), at+want)):
				t.Errorf("%v, want 125: %q", serr, at+want)
			}
		})
	}
	ring := func() (int, error) {
		params := make([]byte, 120) // struct io_uring_params
		fd, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params[0])), 0)
		if errno != 0 {
			return -1, errno
		}
		return int(fd), nil
	}
	check("an io_uring ring passed", ring, false, false, "a descriptor of no file (anon_inode:[io_uring]) through which the command could act as the process that made it")
	check("an io_uring ring as stdout, best effort", ring, true, true, "a descriptor of no file (anon_inode:[io_uring])")
	check("a pidfd passed", func() (int, error) { return unix.PidfdOpen(os.Getpid(), 0) }, false, false, "a descriptor of no file (anon_inode:[pidfd])")
	check("an eventfd passed", func() (int, error) { return unix.Eventfd(0, unix.EFD_CLOEXEC) }, false, false, "")
	check("/proc/self/mem open for writing", func() (int, error) { return unix.Open("/proc/self/mem", unix.O_RDWR|unix.O_CLOEXEC, 0) }, false, false, "a file of the kernel's (/proc/")
	check("/proc/self/status read-only", func() (int, error) { return unix.Open("/proc/self/status", unix.O_RDONLY|unix.O_CLOEXEC, 0) }, false, false, "")

	// A pipe or socket whose owner for signals is set: the command could
	// choose the signal the owner gets (fdOwner).
	owner := func(make func() (int, error), own int) func() (int, error) {
		return func() (int, error) {
			fd, err := make()
			if err == nil && own != 0 {
				_, err = unix.FcntlInt(uintptr(fd), unix.F_SETOWN, own)
			}
			return fd, err
		}
	}
	sock := func() (int, error) {
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err == nil {
			owned(t, fds[1], "peer")
		}
		return fds[0], err
	}
	pipeEnd := func() (int, error) {
		var p [2]int
		err := unix.Pipe2(p[:], unix.O_CLOEXEC)
		if err == nil {
			owned(t, p[0], "reader")
		}
		return p[1], err
	}
	self := os.Getpid()
	check("a socket with an owner passed", owner(sock, self), false, false, "a pipe or socket with an owner for signals set (F_SETOWN: process "+strconv.Itoa(self)+")")
	check("a pipe with a group as owner, as stdout", owner(pipeEnd, -unix.Getpgrp()), true, false, "a pipe or socket with an owner for signals set (F_SETOWN: process group "+strconv.Itoa(unix.Getpgrp())+")")
	check("a socket without an owner passed", owner(sock, 0), false, false, "")
	check("a pipe without an owner as stdout", owner(pipeEnd, 0), true, false, "")
	// An O_PATH descriptor of a socket can have no owner: fdOwner leaves
	// it to the checks of what an O_PATH descriptor allows.
	dir := t.TempDir()
	ln, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	opath, err := unix.Open(filepath.Join(dir, "sock"), unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	owned(t, opath, "O_PATH socket")
	if why := fdOwner(opath); why != "" {
		t.Errorf("fdOwner of an O_PATH socket = %q, want \"\"", why)
	}

	// pair returns one end of a unix pair of type typ, the other's first
	// sending what send says.
	pair := func(typ int, send func(peer int) error) func() (int, error) {
		return func() (int, error) {
			fds, err := unix.Socketpair(unix.AF_UNIX, typ|unix.SOCK_CLOEXEC, 0)
			if err != nil {
				return -1, err
			}
			owned(t, fds[0], "peer")
			return fds[1], send(fds[0])
		}
	}
	rights := func(peer int) error { return unix.Sendmsg(peer, []byte("x"), unix.UnixRights(int(dev.Fd())), nil, 0) }
	plain := func(peer int) error { return unix.Sendmsg(peer, []byte("plain"), nil, nil, 0) }
	check("a stream socket with a descriptor queued", pair(unix.SOCK_STREAM, rights), false, true, "a unix socket with descriptors queued on it (1)")
	check("a stream socket with a descriptor queued after data", pair(unix.SOCK_STREAM, func(peer int) error {
		if err := plain(peer); err != nil {
			return err
		}
		return rights(peer)
	}), false, false, "a unix socket with descriptors queued on it (1)")
	check("a seqpacket socket, the descriptor in its second message", pair(unix.SOCK_SEQPACKET, func(peer int) error {
		if err := plain(peer); err != nil {
			return err
		}
		return rights(peer)
	}), false, false, "a unix datagram or seqpacket socket with a message queued")
	check("a stream socket peeked past its descriptor (SO_PEEK_OFF)", func() (int, error) {
		fd, err := pair(unix.SOCK_STREAM, rights)()
		if err == nil {
			err = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PEEK_OFF, 1)
		}
		return fd, err
	}, false, false, "a unix socket with a peek offset set (SO_PEEK_OFF)")
	check("a stream socket with data queued only", pair(unix.SOCK_STREAM, plain), false, false, "")
	check("a listening socket with a connection waiting", func() (int, error) {
		l, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return -1, err
		}
		addr := &unix.SockaddrUnix{Name: filepath.Join(t.TempDir(), "l.sock")}
		if err := unix.Bind(l, addr); err != nil {
			return l, err
		}
		if err := unix.Listen(l, 1); err != nil {
			return l, err
		}
		c, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return l, err
		}
		owned(t, c, "client")
		if err := unix.Connect(c, addr); err != nil {
			return l, err
		}
		return l, rights(c)
	}, false, false, "a listening unix socket with a connection waiting")

	t.Run("SO_PASSRIGHTS off on a socket handed over", func(t *testing.T) {
		fd, err := pair(unix.SOCK_STREAM, func(int) error { return nil })()
		if err != nil {
			t.Fatal(err)
		}
		c := Cmd{Stdout: dev, Stderr: dev, PassFDs: []int{int(owned(t, fd, "handed").Fd())}}
		if _, serr := c.checkInheritedSockets(pol, true); serr != nil {
			t.Fatal(serr)
		}
		v, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PASSRIGHTS)
		switch {
		case err != nil:
			t.Skipf("SO_PASSRIGHTS: %v: a kernel before 6.16, where the peer may send descriptors later", err)
		case v != 0:
			t.Errorf("SO_PASSRIGHTS on a handed unix socket: %d, want 0", v)
		}
	})
}
