//go:build linux

package exec

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// Sockets the command inherits.
//
// seccomp refuses socket() for every family the network policy does not
// open, but a socket the caller hands the command, as stdin, stdout or
// stderr or with --pass-fd, needs no socket(): a review's command under
// "no network" sent a datagram to any address through a UDP socket it was
// given as stdout (Landlock does not mediate UDP), and through a unix
// datagram socket to a pathname socket outside the root (Landlock mediates
// those from ABI 9 only). So the run is refused (StatusSandbox) when the
// command would inherit a socket that can address other endpoints than its
// peer where the policy does not grant that (inheritedSocket says which),
// with the namespace layer or without it; --best-effort does not relax it,
// since no kernel feature is missing.
//
// A TCP socket, connected or listening, stays: reconnected, it passes
// Landlock's connect and bind hooks as a socket of the command's own would,
// and seccomp refuses TCP Fast Open, the one way past them. An MPTCP
// socket is not TCP to Landlock (an unconnected one, passed, connected to
// a port no rule granted), so it is refused, though Go's listeners are
// MPTCP by default where the kernel has it. Where Landlock
// cannot restrict TCP (before ABI 4) that is a kernel feature missing: the
// run is refused unless --best-effort, which runs and says so. A connected
// unix stream or seqpacket socket stays too: it reaches its peer only
// (EISCONN), and cannot be disconnected.
//
// The runner looks at its own descriptors before the child has the spec:
// the child, pre-forked or not, holds the same open file descriptions, and
// a socket's family, type and protocol never change.

// checkInheritedSockets refuses c's run where it would hand the command a
// socket policy pol does not grant (see above), an anonymous inode it
// may not have (inheritedKernelFD), or a pipe or socket with an owner for
// signals (fdOwner); tcpRestricted says whether
// Landlock restricts TCP on this kernel. It returns what a best-effort run
// does not enforce, for the caller to warn of.
func (c *Cmd) checkInheritedSockets(pol Policy, tcpRestricted bool) (notEnforced []string, _ *StageError) {
	// check looks at the runner's descriptor fd, which the command gets
	// as descriptor at.
	check := func(fd, at int) *StageError {
		if why := inheritedKernelFD(fd); why != "" {
			return stageErr(fdStage(at), StatusSandbox, "%s is %s: %s", fdName(at), why, pipeRemedy(at))
		}
		if why := fdOwner(fd); why != "" {
			return stageErr(fdStage(at), StatusSandbox, "%s is %s: clear it (F_SETOWN 0), or %s", fdName(at), why, pipeRemedy(at))
		}
		r := pol.Network.inheritedSocket(fd, tcpRestricted)
		switch {
		case r == nil:
			if why := closeRights(fd); why != "" {
				return stageErr(fdStage(at), StatusSandbox, "%s is %s: %s", fdName(at), why, pipeRemedy(at))
			}
			return nil
		case !r.gap:
			return stageErr(fdStage(at), StatusSandbox, "%s is %s: %s", fdName(at), r.why, r.remedy(at))
		case pol.BestEffort:
			notEnforced = append(notEnforced, fdName(at)+" is "+r.why)
			return nil
		}
		return stageErr(StageLandlock, StatusSandbox, "this kernel cannot enforce the policy: %s is %s: %s (--best-effort runs anyway)", fdName(at), r.why, r.remedy(at))
	}
	if serr := c.eachHanded(check); serr != nil {
		return nil, serr
	}
	return notEnforced, nil
}

// eachHanded calls f with each descriptor of the runner's that the command
// is handed as it is, fd, and the number the command gets it as, at: its
// stdin, stdout and stderr where they are files (not /dev/null, nor a pipe
// Run copies through), then the --pass-fd ones. It stops at the first
// error f returns.
func (c *Cmd) eachHanded(f func(fd, at int) *StageError) *StageError {
	for at, s := range []any{c.Stdin, c.Stdout, c.Stderr} {
		file, ok := s.(*os.File)
		if s == nil && at > 0 {
			file, ok = []*os.File{os.Stdout, os.Stderr}[at-1], true // as newLaunch gives them
		}
		if !ok || file == nil {
			continue // /dev/null, or a pipe Run copies through
		}
		// Not file.Fd(), which would make the caller's descriptor blocking.
		raw, err := file.SyscallConn()
		if err != nil {
			continue // closed: starting the child says so
		}
		var serr *StageError
		raw.Control(func(fd uintptr) { serr = f(int(fd), at) })
		if serr != nil {
			return serr
		}
	}
	for _, fd := range c.PassFDs {
		if serr := f(fd, fd); serr != nil {
			return serr
		}
	}
	return nil
}

// socketRefusal is why a policy does not let the command inherit a socket.
type socketRefusal struct {
	why  string // what the socket is, and what the command could reach through it
	flag string // the flag that grants that
	gap  bool   // a kernel feature is missing (--best-effort runs)
}

// remedy says how to give the command, as descriptor fd, something else
// than the socket, or what to allow.
func (r *socketRefusal) remedy(fd int) string {
	return pipeRemedy(fd) + ", or pass " + r.flag
}

// pipeRemedy says how to give the command a pipe as descriptor fd.
func pipeRemedy(fd int) string {
	switch fd {
	case 0:
		return "give it its input through a pipe (… | mewsandbox run …)"
	case 1, 2:
		return "give it a pipe (mewsandbox run … | …)"
	}
	return "pass a pipe instead"
}

// inheritedSocket says why network policy n does not let the command
// inherit descriptor fd, nil if fd is no socket or one n grants:
//
//   - an AF_INET or AF_INET6 socket but TCP (UDP, raw, ICMP, SCTP,
//     MPTCP …: Landlock mediates TCP only), and a socket of any family but
//     AF_UNIX (AF_PACKET, AF_NETLINK, AF_VSOCK …), unless the network is
//     all;
//   - an AF_UNIX datagram socket, which may send to any address, or a
//     stream or seqpacket one neither connected nor listening, which may
//     connect to any, unless unix sockets are allowed or the network is
//     all;
//   - a TCP socket where Landlock cannot restrict TCP (tcpRestricted
//     false), unless the network is all: a kernel gap.
func (n Network) inheritedSocket(fd int, tcpRestricted bool) *socketRefusal {
	if n.Mode == NetworkAll {
		return nil
	}
	domain, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_DOMAIN)
	if err != nil {
		// ENOTSOCK; or EBADF: closed (starting the child says so), or
		// an O_PATH descriptor, which the child refuses for a socket.
		return nil
	}
	typ, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE)
	var proto int
	if err == nil {
		proto, err = unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PROTOCOL)
	}
	if err != nil {
		return &socketRefusal{why: fmt.Sprintf("%s socket whose type the runner cannot learn (%v)", familyName(domain), err), flag: "--network all"}
	}
	granted := "no network"
	if len(n.Connect)+len(n.Bind) > 0 {
		granted = "TCP ports only"
	}
	switch domain {
	case unix.AF_INET, unix.AF_INET6:
		if typ == unix.SOCK_STREAM && proto == unix.IPPROTO_TCP {
			// One neither connected nor listening could listen, without
			// a bind Landlock sees, at a port the kernel picks on every
			// address: where the policy lets the command make no TCP
			// socket, that is a way in it was not given.
			if len(n.Connect)+len(n.Bind) == 0 && !connectedOrListening(fd) {
				return &socketRefusal{why: "a TCP socket neither connected nor listening, on which the command could listen on every address although the policy grants " + granted, flag: "--network all"}
			}
			if tcpRestricted {
				return nil
			}
			return &socketRefusal{why: "a TCP socket, which the command could disconnect and connect to any address (Landlock restricts TCP from ABI 4, Linux 6.7)", flag: "--network all", gap: true}
		}
		reach := "connect to"
		if typ == unix.SOCK_DGRAM || typ == unix.SOCK_RAW {
			reach = "send to"
		}
		return &socketRefusal{why: inetName(typ, proto) + " socket, through which the command could " + reach + " any address although the policy grants " + granted, flag: "--network all"}
	case unix.AF_UNIX:
		if n.UnixSockets {
			return nil
		}
		const reach = " the command could reach any unix socket it can name although the policy grants no unix sockets"
		if typ == unix.SOCK_DGRAM {
			return &socketRefusal{why: "a unix datagram socket, through which" + reach, flag: "--allow-unix-sockets"}
		}
		if connectedOrListening(fd) {
			// Connected: EISCONN to any other address; listening: it can
			// be connected to, and connects nowhere (EINVAL).
			return nil
		}
		return &socketRefusal{why: "a unix socket neither connected nor listening, through which" + reach, flag: "--allow-unix-sockets"}
	}
	return &socketRefusal{why: familyName(domain) + " socket, which the sandbox does not mediate, although the policy grants " + granted, flag: "--network all"}
}

// maxPeek is the most of a unix socket's queued data closeRights looks
// through for descriptors; a socket with more queued is refused.
const maxPeek = 1 << 20

// closeRights keeps descriptors from reaching the command through unix
// socket fd (any other is left alone): a second review's caller queued on
// a socket it handed over a descriptor of the project's directory on the
// host's mounts, through which the command wrote .git/hooks past the
// layer's read-only binds. It says why the run is refused, or turns
// SO_PASSRIGHTS off (from Linux 6.16), so that no descriptor can be sent
// to the socket any more, and returns "". Seccomp keeps the command from
// turning it back on, and the runner leaves it off after the run too: a
// run of another runner may still hold the socket (see restore). Before
// 6.16 the peer may still send descriptors later.
//
// What is queued already must be looked through whole, and a third review
// found four ways past a look that was not: so a stream socket is peeked
// at up to maxPeek bytes, and refused unless the peek saw every queued
// byte (a peek stops where the writer changes, under SO_PASSCRED), with
// room for every descriptor, from the start (no SO_PEEK_OFF); a datagram
// or seqpacket socket, of which only the first message can be peeked at,
// is refused with anything queued; a listening one with a connection
// waiting (whose peer may have sent descriptors on it) is refused, and the
// connections it takes later inherit the option.
func closeRights(fd int) string {
	if domain, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_DOMAIN); err != nil || domain != unix.AF_UNIX {
		return ""
	}
	seal := func() string {
		unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PASSRIGHTS, 0) // ENOPROTOOPT before 6.16
		return ""
	}
	if listening, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_ACCEPTCONN); err == nil && listening != 0 {
		if n, _ := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 0); n > 0 {
			return "a listening unix socket with a connection waiting, whose peer may have sent descriptors on it that the command would receive"
		}
		return seal()
	}
	if off, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_PEEK_OFF); err == nil && off >= 0 {
		return "a unix socket with a peek offset set (SO_PEEK_OFF), past which the runner cannot look for descriptors queued on it"
	}
	queued, err := unix.IoctlGetInt(fd, unix.SIOCINQ)
	typ, terr := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE)
	switch {
	case err != nil || terr != nil:
		return "a unix socket whose queued data the runner cannot measure, which may hold descriptors the command would receive"
	case queued == 0:
		return seal()
	case typ != unix.SOCK_STREAM:
		return "a unix datagram or seqpacket socket with a message queued, which may carry descriptors the command would receive (the runner can look at the first message only)"
	case queued > maxPeek:
		return "a unix socket with more data queued than the runner looks through for descriptors sent with it (" + strconv.Itoa(queued) + " bytes)"
	}
	buf := make([]byte, queued)
	oob := make([]byte, unix.CmsgSpace(253*4)) // SCM_MAX_FD descriptors
	n, oobn, flags, _, err := unix.Recvmsg(fd, buf, oob, unix.MSG_PEEK|unix.MSG_DONTWAIT|unix.MSG_CMSG_CLOEXEC)
	rights := 0
	if err == nil {
		msgs, _ := unix.ParseSocketControlMessage(oob[:oobn])
		for _, m := range msgs {
			if fds, err := unix.ParseUnixRights(&m); err == nil {
				for _, f := range fds {
					unix.Close(f) // the runner's copies, made by the peek
				}
				rights += len(fds)
			}
		}
	}
	switch {
	case rights > 0:
		return "a unix socket with descriptors queued on it (" + strconv.Itoa(rights) + "), opened outside the sandbox, which the command would receive and use past it"
	case err != nil || n < queued || flags&unix.MSG_CTRUNC != 0:
		return "a unix socket whose queued data the runner could not look through whole for descriptors (written by more than one writer, or more than it has room for)"
	}
	return seal()
}

// connectedOrListening says whether socket fd has a peer or listens.
func connectedOrListening(fd int) bool {
	if _, err := unix.Getpeername(fd); err == nil {
		return true
	}
	listening, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_ACCEPTCONN)
	return err == nil && listening != 0
}

// inetName names an AF_INET or AF_INET6 socket of type typ and protocol
// proto that is not TCP, with its article.
func inetName(typ, proto int) string {
	switch proto {
	case unix.IPPROTO_UDP:
		return "a UDP"
	case unix.IPPROTO_UDPLITE:
		return "a UDP-Lite"
	case unix.IPPROTO_ICMP, unix.IPPROTO_ICMPV6:
		if typ == unix.SOCK_DGRAM {
			return "an ICMP (ping)"
		}
	case unix.IPPROTO_SCTP:
		return "an SCTP"
	case unix.IPPROTO_MPTCP:
		return "an MPTCP"
	}
	if typ == unix.SOCK_RAW {
		return "a raw IP"
	}
	return fmt.Sprintf("an IP (type %d, protocol %d)", typ, proto)
}

// familyName names socket family domain, with its article.
func familyName(domain int) string {
	name, ok := map[int]string{
		unix.AF_UNIX: "AF_UNIX", unix.AF_INET: "AF_INET", unix.AF_INET6: "AF_INET6",
		unix.AF_PACKET: "AF_PACKET", unix.AF_NETLINK: "AF_NETLINK", unix.AF_VSOCK: "AF_VSOCK",
		unix.AF_BLUETOOTH: "AF_BLUETOOTH", unix.AF_CAN: "AF_CAN", unix.AF_TIPC: "AF_TIPC",
		unix.AF_ALG: "AF_ALG", unix.AF_XDP: "AF_XDP", unix.AF_KEY: "AF_KEY", unix.AF_RDS: "AF_RDS",
	}[domain]
	if !ok {
		return "a family " + strconv.Itoa(domain)
	}
	return "an " + name
}

// fdName names descriptor fd as the command gets it, as the sandbox
// child's fd_name does.
func fdName(fd int) string {
	if fd < 3 {
		return [...]string{"standard input", "standard output", "standard error"}[fd]
	}
	return "the descriptor passed as " + strconv.Itoa(fd)
}

// fdStage is the stage that refuses descriptor fd, as the sandbox child's
// fd_stage says.
func fdStage(fd int) string {
	if fd < 3 {
		return StageStdio
	}
	return StageFDs
}
