package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// Access is a set of rights on a path.
type Access uint8

// The rights a Grant can give. Exec covers executing files below the path;
// Write covers creating, changing, renaming and removing files below it
// (never creating device nodes).
const (
	Read Access = 1 << iota
	Write
	Exec
)

// String renders the access as "r", "rw", "rx", "rwx" (and "w", "x", "wx");
// no access at all is "-".
func (a Access) String() string {
	if a&(Read|Write|Exec) == 0 {
		return "-"
	}
	var b strings.Builder
	if a&Read != 0 {
		b.WriteByte('r')
	}
	if a&Write != 0 {
		b.WriteByte('w')
	}
	if a&Exec != 0 {
		b.WriteByte('x')
	}
	return b.String()
}

// ParseAccess reads the String form of an Access: letters r, w and x in any
// order, or "-".
func ParseAccess(s string) (Access, error) {
	if s == "-" {
		return 0, nil
	}
	var a Access
	for _, c := range s {
		var bit Access
		switch c {
		case 'r':
			bit = Read
		case 'w':
			bit = Write
		case 'x':
			bit = Exec
		default:
			return 0, fmt.Errorf("access %q: want letters r, w and x (or -)", s)
		}
		if a&bit != 0 {
			return 0, fmt.Errorf("access %q: %c repeated", s, c)
		}
		a |= bit
	}
	if a == 0 {
		return 0, fmt.Errorf("access %q: empty (use - for none)", s)
	}
	return a, nil
}

// MarshalText renders the access as String does.
func (a Access) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads the form MarshalText writes.
func (a *Access) UnmarshalText(b []byte) error {
	v, err := ParseAccess(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// Grant gives Access to a path and everything below it.
type Grant struct {
	Path   string `json:"path"`
	Access Access `json:"access"`
	// Optional grants are skipped when the path does not exist; a missing
	// required path stops the run.
	Optional bool `json:"optional,omitempty"`
	// Create makes a missing directory before a run (Policy.MakeDirs), as
	// a toolchain makes its cache on first use. Until then the grant is
	// optional.
	Create bool `json:"create,omitempty"`
	// pinned: the runner made a directory at the path (its private temp
	// dir). The grant is for that directory as the plan finds it, and a
	// link or anything else there fails the plan: a command that can
	// write its parent could swap it for a link out of every grant.
	pinned bool
}

// String renders the grant as "rwx /path", with " (optional)" or
// " (created when missing)" when it is.
func (g Grant) String() string {
	s := g.Access.String() + " " + g.Path
	switch {
	case g.Create:
		s += " (created when missing)"
	case g.Optional:
		s += " (optional)"
	}
	return s
}

// check refuses a grant with a relative path or no access.
func (g Grant) check() error {
	if !filepath.IsAbs(g.Path) {
		return fmt.Errorf("grant %s: not an absolute path", g)
	}
	if g.Access&(Read|Write|Exec) == 0 {
		return fmt.Errorf("grant %s: no access", g)
	}
	return nil
}

// NetworkMode is how much network a command gets.
type NetworkMode string

// The network modes. The zero value "" means NetworkNone.
const (
	// NetworkNone refuses every socket but AF_UNIX socketpairs, and every TCP
	// connect and bind but the ports in Network.Connect and Network.Bind.
	NetworkNone NetworkMode = "none"
	// NetworkAll leaves the network alone.
	NetworkAll NetworkMode = "all"
)

// Network is the network part of a policy.
type Network struct {
	Mode NetworkMode `json:"mode"`
	// Connect and Bind are the TCP ports the command may connect to and
	// bind when Mode is NetworkNone.
	Connect []uint16 `json:"connect,omitempty"`
	Bind    []uint16 `json:"bind,omitempty"`
	// UnixSockets allows pathname unix sockets (docker.sock, ssh-agent…).
	UnixSockets bool `json:"unixSockets"`
}

// InheritedSockets says which sockets the command may be given as stdin,
// stdout, stderr or with PassFDs under n on Linux, where any other refuses
// the run (see sockets_linux.go).
func (n Network) InheritedSockets() string {
	if n.Mode == NetworkAll {
		return "any"
	}
	// With TCP ports granted the command can make a TCP socket of its
	// own; without, one neither connected nor listening could listen on
	// every address.
	tcp, refused := "TCP ones connected or listening", "an unconnected TCP one, "
	if len(n.Connect)+len(n.Bind) > 0 {
		tcp, refused = "TCP ones", ""
	}
	if n.UnixSockets {
		return tcp + ", and unix ones; any other (UDP, raw, MPTCP, " + refused + "AF_NETLINK …) refuses the run"
	}
	return tcp + ", and unix stream or seqpacket ones connected or listening; any other (UDP, raw, MPTCP, a unix datagram socket, " + refused + "AF_NETLINK …) refuses the run"
}

// check refuses an unknown mode, and ports with NetworkAll.
func (n Network) check() error {
	switch n.Mode {
	case NetworkNone, "":
	case NetworkAll:
		if len(n.Connect)+len(n.Bind) > 0 {
			return errors.New("network: --allow-connect and --allow-bind ports only make sense with network mode none")
		}
	default:
		return fmt.Errorf("network mode %q: want %q or %q", n.Mode, NetworkNone, NetworkAll)
	}
	return nil
}

// Policy is what a sandboxed command may touch. It is a plain value: the CLI
// builds it, explain prints it, Cmd.Run enforces it. The With… methods
// return changed copies and never alter the receiver.
type Policy struct {
	// Root is the project root: read, write and execute, or read and execute
	// only when ReadOnlyRoot is set. Empty means no project root.
	Root string `json:"root"`
	// RootName is the root as the user named it (--root), links and all,
	// where that differs from Root: the namespace layer keeps its way as
	// it keeps the working directory's (a link on it in a writable grant
	// could be pointed at a copy with hooks of its own).
	RootName string `json:"rootName,omitempty"`
	// ReadOnlyRoot is plan mode: the root is read and execute only.
	ReadOnlyRoot bool `json:"readOnlyRoot"`
	// Grants are everything else the command may touch: system directories,
	// /dev nodes, --allow-read and --allow-write paths.
	Grants []Grant `json:"grants"`
	// DenyRead are paths inside granted directories that the command must
	// not touch at all (see Plan for how they are enforced).
	DenyRead []string `json:"denyRead"`
	Network  Network  `json:"network"`
	// BestEffort runs the command even when the kernel cannot enforce all of
	// the policy; by default such a run is refused.
	BestEffort bool `json:"bestEffort"`
	// Limits are the command's resource limits.
	Limits Limits `json:"limits,omitzero"`
	// KeepCaps names the capabilities (CAP_NET_BIND_SERVICE …) the command
	// keeps, of those the runner has; it loses every other one, which
	// matters when the runner is root.
	KeepCaps []string `json:"keepCaps,omitempty"`
	// NoNamespaces turns the Linux namespace layer off (see
	// namespace_linux.go): Landlock and seccomp alone, as on a kernel
	// that refuses the namespaces.
	NoNamespaces bool `json:"noNamespaces,omitempty"`
	// AllowGitConfig leaves the root's .git/config, and its submodules'
	// configs, writable under the namespace layer; the hooks stay
	// read-only.
	AllowGitConfig bool `json:"allowGitConfig,omitempty"`
	// GitlinkState is the runner's state directory for the gitlinks with
	// no repository at their paths that a run found, which the next run
	// judges once filled (Linux, the namespace layer); outside every
	// tree the command may write. Empty: none, and a run that has such
	// gitlinks to keep fails.
	GitlinkState string `json:"gitlinkState,omitempty"`
}

// systemReadExec are the directories a command needs to find and run
// programs and their libraries (DESIGN §4).
var systemReadExec = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc", "/opt", "/nix/store"}

// SystemDirs returns the directories of programs and their libraries the
// default policy grants read and execute (systemReadExec).
func SystemDirs() []string { return slices.Clone(systemReadExec) }

// systemReadOnly are the kernel's views: readable, never executable.
var systemReadOnly = []string{"/proc", "/sys"}

// deviceReadWrite are the device nodes and directories any program may use.
var deviceReadWrite = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx", "/dev/pts", "/dev/shm"}

// KernelDirs are the kernel's interfaces and the devices, which no grant
// makes writable: as root a command could set /proc/sys/kernel/core_pattern
// (a program the kernel runs as root on the host), any setting in /sys, or
// write a disk's raw blocks.
var KernelDirs = []string{"/proc", "/sys", "/dev"}

// KernelWrite says why a write grant of path (absolute, clean, links
// resolved) is never made: it is or lies in one of KernelDirs, but for the
// device nodes and directories the default policy grants (deviceReadWrite)
// and what lies in them. "" for a path a write grant may name; one that
// holds KernelDirs (/) the namespace layer keeps read-only there
// (holdsKernelDirsWithout).
func KernelWrite(path string) string {
	for _, d := range deviceReadWrite {
		if within(path, d) {
			return ""
		}
	}
	for _, k := range KernelDirs {
		if within(path, k) {
			return kernelWhat[k]
		}
	}
	return ""
}

var kernelWhat = map[string]string{
	"/proc": "/proc, the kernel's tunables and every process's files (a root command that writes /proc/sys/kernel/core_pattern has the kernel run its program as root on the host)",
	"/sys":  "/sys, the kernel's and the devices' settings",
	"/dev":  "/dev, the devices (a disk's raw blocks, other users' terminals)",
}

// holdsKernelDirsWithout lists, when layer is false, the KernelDirs that
// write grants of p are or hold (a grant of /): the namespace layer keeps
// them read-only and /dev without devices but the default policy's (see
// bindKernelDirs), but Landlock cannot carve them out of the grant, so
// without the layer such a run is refused unless best effort. With the
// layer, nil: nothing is looked at on a run's way.
func (p Policy) holdsKernelDirsWithout(layer bool) []string {
	if layer {
		return nil
	}
	var held []string
	for _, g := range p.Grants {
		if g.Access&Write == 0 || !filepath.IsAbs(g.Path) {
			continue
		}
		real, err := filepath.EvalSymlinks(g.Path)
		if err != nil {
			continue // a missing optional grant grants nothing
		}
		for _, k := range KernelDirs {
			if within(k, real) && !slices.Contains(held, k) {
				held = append(held, k)
			}
		}
	}
	return held
}

// DefaultPolicy returns DESIGN §4's default for the project root: system
// directories read and execute, /proc and /sys read only, the common /dev
// nodes and /dev/shm read and write (all optional, so a system without one
// still runs), on Linux the resolver's configuration where /etc/resolv.conf
// links out of /etc, root read, write and execute, no network.
func DefaultPolicy(root string) Policy {
	p := Policy{Root: root, Network: Network{Mode: NetworkNone}}
	for _, d := range systemReadExec {
		p.Grants = append(p.Grants, Grant{Path: d, Access: Read | Exec, Optional: true})
	}
	for _, d := range systemReadOnly {
		p.Grants = append(p.Grants, Grant{Path: d, Access: Read, Optional: true})
	}
	for _, d := range deviceReadWrite {
		p.Grants = append(p.Grants, Grant{Path: d, Access: Read | Write, Optional: true})
	}
	if runtime.GOOS == "linux" {
		if g, ok := linkedConfig("/etc/resolv.conf", "/etc"); ok {
			p.Grants = append(p.Grants, g)
		}
	}
	return p
}

// linkedConfig returns a read grant of what link points to when that lies
// outside dir: the resolver's configuration is a link into /run with
// systemd-resolved, and the /etc grant does not reach it.
func linkedConfig(link, dir string) (Grant, bool) {
	real, err := filepath.EvalSymlinks(link)
	if err != nil || within(real, dir) {
		return Grant{}, false
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil && within(real, d) {
		return Grant{}, false
	}
	return Grant{Path: real, Access: Read, Optional: true}, true
}

// WithGrant returns a copy of p that also grants g.
func (p Policy) WithGrant(g ...Grant) Policy {
	p.Grants = append(slices.Clip(p.Grants), g...)
	return p
}

// WithDenyRead returns a copy of p that also keeps paths unreadable.
func (p Policy) WithDenyRead(paths ...string) Policy {
	p.DenyRead = append(slices.Clip(p.DenyRead), paths...)
	return p
}

// WithNetwork returns a copy of p with network n.
func (p Policy) WithNetwork(n Network) Policy {
	n.Connect = slices.Clone(n.Connect)
	n.Bind = slices.Clone(n.Bind)
	p.Network = n
	return p
}

// WithReadOnlyRoot returns a copy of p whose root is read and execute only.
func (p Policy) WithReadOnlyRoot() Policy {
	p.ReadOnlyRoot = true
	return p
}

// WithBestEffort returns a copy of p that runs even when the kernel cannot
// enforce all of it.
func (p Policy) WithBestEffort() Policy {
	p.BestEffort = true
	return p
}

// CreatesDirs says whether MakeDirs has directories to make.
func (p Policy) CreatesDirs() bool {
	for _, g := range p.Grants {
		if g.Create {
			return true
		}
	}
	return false
}

// MakeDirs makes the missing directories of the grants marked Create, with
// their parents, as the toolchain that needs them would (mode 0777 less the
// umask). Call it before a run, not to explain one.
func (p Policy) MakeDirs() error {
	for _, g := range p.Grants {
		if !g.Create {
			continue
		}
		if err := g.check(); err != nil {
			return err
		}
		if err := p.makeDir(g); err != nil {
			return err
		}
	}
	return nil
}

// makeDir makes g's directory if it is missing. One whose path goes through
// a symbolic link lying in the root or a writable grant and leading out of
// them is not made: an earlier run's command may have made the link
// (npm_config_cache in the project, .npm a link out of it), and the runner
// would make the directory wherever it leads before the plan refuses the
// grant (grantLinks). Otherwise the missing directories are made below the
// nearest existing one, links resolved, each relative to the one before
// and following no link (mkdirBelow), so that a link a concurrent run's
// command swaps in meanwhile fails the run instead.
func (p Policy) makeDir(g Grant) error {
	real, err := realPath(g.Path)
	if err == nil && real != "" {
		return nil // there already: the plan judges the grant
	}
	if err == nil {
		var at string
		if real, at, err = missingReal(g.Path, nil); err == nil && real == "" {
			err = &os.PathError{Op: "mkdir", Path: g.Path, Err: unix.ENOTDIR}
		}
		if err == nil {
			if link := p.linkOut(g.Path, real, filepath.Clean(g.Path)); link != "" {
				return fmt.Errorf("grant %s: not made: its path goes through the symbolic link %s, in a directory a sandboxed command may write, so an earlier run's command may have made it or pointed it elsewhere; it leads to %s now", g, link, real)
			}
			err = mkdirBelow(at, real)
		}
	}
	if err != nil {
		return fmt.Errorf("grant %s: making the directory before the run: %w; create it yourself, fix the permissions of its parent, or point the tool's variable (GOCACHE, npm_config_cache …) at a directory you can write", g, err)
	}
	return nil
}

// mkdirBelow makes dir and its missing parents below at, an existing
// directory (both real paths), as os.MkdirAll would, but each relative to
// the one before and following no symbolic link on the way (at opened
// without following any, each new directory opened O_NOFOLLOW).
func mkdirBelow(at, dir string) error {
	fd, err := openDirNoFollow(at)
	if err != nil {
		return &os.PathError{Op: "open", Path: at, Err: err}
	}
	defer func() { unix.Close(fd) }()
	name := at
	for c := range strings.SplitSeq(strings.TrimPrefix(dir, at), "/") {
		if c == "" {
			continue
		}
		name = filepath.Join(name, c)
		if err := unix.Mkdirat(fd, c, 0o777); err != nil && err != unix.EEXIST {
			return &os.PathError{Op: "mkdir", Path: name, Err: err}
		}
		next, err := unix.Openat(fd, c, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return &os.PathError{Op: "open", Path: name, Err: err}
		}
		unix.Close(fd)
		fd = next
	}
	return nil
}

// linkOut returns the first symbolic link on path's way that lies in the
// root or a writable grant (but one for except) when real, where path
// leads, lies outside all of them (those reached through no such link
// themselves: linkFreeReal): a command of this run or an earlier
// one may have made that link or pointed it elsewhere, and what the
// runner makes at path would land wherever it chose. "" when there is no
// such link: none on the way, or real is inside what the run may write
// anyway.
func (p Policy) linkOut(path, real, except string) string {
	var writable []rule
	if p.Root != "" {
		writable = append(writable, rule{path: filepath.Clean(p.Root), access: Write})
	}
	for _, w := range p.Grants {
		if w.Access&Write != 0 && filepath.IsAbs(w.Path) && filepath.Clean(w.Path) != except {
			writable = append(writable, rule{path: filepath.Clean(w.Path), access: Write})
		}
	}
	reals := writableReals(writable, nil)
	link := linkOnPath(path, reals, nil).link
	if link == "" {
		return ""
	}
	for _, r := range writable {
		if rr := linkFreeReal(r.path, reals, nil); rr != "" && within(real, rr) {
			return ""
		}
	}
	return link
}

// rootAccess is what the policy gives the project root.
func (p Policy) rootAccess() Access {
	if p.ReadOnlyRoot {
		return Read | Exec
	}
	return Read | Write | Exec
}

// WithoutNamespaces says what a run loses without the namespace layer (Linux).
const WithoutNamespaces = "protected paths in the root writable to the command during the run (git hooks and config, agent settings: recorded before it, undone after it, which then fails), metadata outside it changeable, " +
	"other processes visible, other programs' terminals (/dev/pts) and shared memory (/dev/shm) reachable, " +
	"sockets in /tmp and /run reachable and abstract unix names of the host's takeable with --allow-unix-sockets, " +
	"System V IPC refused (seccomp cannot tell the host's objects from the command's own)"

// WithoutNetworkNamespace says what a run under network none, with or
// without unix sockets (OwnNetwork), loses where the kernel refuses it a
// network namespace of its own (Linux).
const WithoutNetworkNamespace = "the command can listen on an abstract unix name of the host's that no host program holds yet (an X server's, a session bus's), and a host client that connects to that name talks to the command; /proc/net and netlink show it the host's interfaces, connections and unix socket names"

// ErrNoNamespaceLayer is NetworkNamespace's error where runs get no
// namespace layer at all.
var ErrNoNamespaceLayer = errors.New("none without the namespace layer")

// OwnNetwork says whether the child, under the namespace layer (Linux),
// takes a network namespace of its own (spec.NetNS): under network none,
// with or without unix sockets. Its abstract unix names are not the
// host's, so the command may bind() one; its /proc/net and netlink route
// (seccompConfig) show its own interfaces and sockets, not the host's
// connections and every host program's socket names. TCP ports and
// --network all need the host's network. Pathname sockets are files, the
// same in every network namespace; the host's abstract ones Landlock's
// scope refuses to connect to already.
func (p Policy) OwnNetwork() bool {
	n := p.Network
	return !p.NoNamespaces && n.Mode != NetworkAll && len(n.Connect)+len(n.Bind) == 0
}
