package exec

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
	"golang.org/x/sys/unix"
)

// Enforcement is a policy translated for one kernel.
type Enforcement struct {
	// LandlockABI is the kernel's Landlock ABI version, 0 without Landlock.
	LandlockABI int             `json:"landlockABI"`
	Landlock    landlock.Config `json:"landlock"`
	Seccomp     seccomp.Config  `json:"seccomp"`
	// Missing names what this kernel (or this build) cannot enforce, one
	// item per entry, each starting with "landlock: ", "seccomp: " or, on
	// macOS, "seatbelt: ".
	Missing []string `json:"missing"`
	// Notes say how deny-read paths were expressed and what that costs,
	// and on macOS what Seatbelt leaves to the system.
	Notes []string `json:"notes,omitempty"`
	// Warnings are the notes a run says on stderr: what the policy takes
	// away that the user may not expect.
	Warnings []string `json:"warnings,omitempty"`
}

// The Landlock rights behind each Access bit. Write never includes MakeChar
// or MakeBlock: a command running as root could otherwise mknod a disk
// device inside a writable directory and read the disk raw.
const (
	fsRead  = landlock.ReadFile | landlock.ReadDir
	fsExec  = landlock.Execute
	fsWrite = landlock.WriteFile | landlock.Truncate | landlock.IoctlDev |
		landlock.MakeReg | landlock.MakeDir | landlock.MakeSym | landlock.MakeSock | landlock.MakeFifo |
		landlock.RemoveFile | landlock.RemoveDir | landlock.Refer
)

func (a Access) landlock() landlock.AccessFS {
	var r landlock.AccessFS
	if a&Read != 0 {
		r |= fsRead
	}
	if a&Write != 0 {
		r |= fsWrite
	}
	if a&Exec != 0 {
		r |= fsExec
	}
	return r
}

// kernel is what the running kernel and this build can enforce.
type kernel struct {
	abi     int
	seccomp seccomp.Status
}

// restrictsTCP says whether Landlock can restrict TCP bind and connect
// (ABI 4).
func (k kernel) restrictsTCP() bool { return k.abi >= 4 }

// probeKernel asks once per process: neither answer changes while it runs.
var probeKernel = sync.OnceValue(func() kernel {
	return kernel{abi: landlock.ABI(), seccomp: seccomp.Probe()}
})

// Plan translates the policy for this kernel.
//
// Landlock can only grant, so a DenyRead path D inside a granted directory G
// is expressed by granting, instead of G, each entry of G but the one that
// leads to D, recursively down to D's parent, with G's rights. The
// directories on the way (G down to D's parent) keep only the right to list
// them, and only when no denied directory lies below them: nothing can be
// created, removed or renamed directly inside them. Symbolic links among the
// entries are not granted (a rule would follow them out of G); what they
// point to stays reachable through its own grant. A denied path gets no
// rights at all, write included.
//
// A DenyRead path that no grant covers needs nothing. One that does not
// exist is kept from being created where a writable grant reaches it: that
// grant is expanded the same way down to the path's nearest existing
// ancestor, in which nothing can then be created (and nothing is left on
// the host to stand in for it); one whose path goes through a symbolic link
// the command could change is refused. One that equals a read-only grant or
// contains one removes that grant. One that equals or contains the project
// root or a writable grant is a contradiction Plan refuses with an error; no
// deny is ever dropped.
//
// Landlock rights follow inodes, not names: a denied file with more than one
// hard link is refused, since a grant reaching another of its names would
// read it, and so is a denied directory holding such a file, or too many
// entries (maxLinkCheck) to look at them all.
//
// Paths are compared after resolving symbolic links, so a deny of
// /bin/secret also applies through a grant of /usr/bin when /bin links there.
//
// On macOS there is neither Landlock nor seccomp, and Landlock and Seccomp
// stay empty. Plan renders the policy as a Seatbelt profile instead and
// refuses what that cannot express; Seatbelt denies inside granted
// directories by itself, so nothing is expanded. Missing names only a
// missing sandbox-exec, and Notes what Seatbelt leaves open.
func (p Policy) Plan() (Enforcement, error) {
	if runtime.GOOS == "darwin" {
		sb, err := p.planSeatbelt("", UserHome(), sandboxExecPresent())
		return sb.enforcement, err
	}
	return p.plan(probeKernel())
}

func (p Policy) plan(k kernel) (Enforcement, error) {
	e := Enforcement{LandlockABI: k.abi}
	rules, notes, warnings, err := p.pathRules()
	if err != nil {
		return Enforcement{}, err
	}
	e.Notes, e.Warnings = notes, warnings
	e.Landlock = landlock.Config{
		Paths:             rules,
		ScopeSignals:      true,
		ScopeAbstractUnix: true,
	}
	if err := p.Network.check(); err != nil {
		return Enforcement{}, err
	}
	switch p.Network.Mode {
	case NetworkNone, "":
		ports := len(p.Network.Connect)+len(p.Network.Bind) > 0
		// Without ports seccomp refuses every inet socket on its own;
		// Landlock's TCP rules add depth where the kernel has them (and
		// keep a TCP socket the command inherits from connecting
		// elsewhere, sockets_linux.go), and are required only to open
		// single ports.
		e.Landlock.HandleNet = ports || k.restrictsTCP()
		e.Landlock.ConnectPorts = slices.Clone(p.Network.Connect)
		e.Landlock.BindPorts = slices.Clone(p.Network.Bind)
	}
	e.Seccomp = p.seccompConfig(k.abi > 0)
	// Spelt out for explain; nil means the same list to Build.
	e.Seccomp.DenySyscalls = e.Seccomp.Denied()

	for _, m := range e.Landlock.Unsupported(k.abi) {
		e.Missing = append(e.Missing, "landlock: "+m)
	}
	switch {
	case !seccomp.Enabled:
		e.Missing = append(e.Missing, "seccomp: not available (built without cgo and libseccomp)")
	case !k.seccomp.Supported:
		m := "seccomp: not available"
		if k.seccomp.Err != nil {
			m += ": " + k.seccomp.Err.Error()
		}
		e.Missing = append(e.Missing, m)
	}
	return e, nil
}

// seccompConfig is the syscall filter for policy p: it depends on the
// network policy and on the namespace layer, whose IPC namespace lets the
// command use System V IPC, the objects being its own, and whose pid
// namespace lets it trace its own processes (a run whose child did not get
// the namespace refuses them again: spec.withoutNamespaces). Tracing also
// needs Landlock (landlocked), whose ptrace rule keeps every process
// outside the command's domain out of reach, and CAP_SYS_PTRACE not kept,
// which would reach the pid namespace's init, undumpable but in that
// domain. Its deny list is the default (nil), which Build finds compiled
// ahead of time.
//
// Where the network is granted (TCP ports or all), the command may read
// its interfaces and routes through netlink (NETLINK_ROUTE), which
// getifaddrs and Node's os.networkInterfaces() need (Vite's --host threw
// without it), unless it keeps CAP_NET_ADMIN, with which it could change
// the host's. Under network none too, in the layer's network namespace
// (OwnNetwork), whose interfaces are the command's own (not with
// CAP_NET_ADMIN either: a veth pair made there could be moved out); without the layer
// netlink stays refused there, since bind() is (no socketpair end may take
// an abstract unix name of the host's), which netlink needs.
func (p Policy) seccompConfig(landlocked bool) seccomp.Config {
	c := p.Network.seccompConfig()
	c.AllowSysVIPC = !p.NoNamespaces
	c.AllowPtrace = !p.NoNamespaces && landlocked && !p.keepsCap(capSysPtrace)
	c.AllowNetlinkRoute = (p.OwnNetwork() || c.AllowInet || c.AllowInetStream) && !p.keepsCap(capNetAdmin)
	return c
}

// The capabilities the filter depends on: CAP_SYS_PTRACE, CAP_NET_ADMIN.
const (
	capSysPtrace = 19
	capNetAdmin  = 12
)

// keepsCap says whether p keeps capability n (a name it cannot read
// counts: the run refuses it later).
func (p Policy) keepsCap(n int) bool {
	return slices.ContainsFunc(p.KeepCaps, func(name string) bool {
		c, err := ParseCapability(name)
		return err != nil || c == n
	})
}

// seccompConfig is the socket part of the syscall filter for network
// policy n (checked).
func (n Network) seccompConfig() seccomp.Config {
	c := seccomp.Config{AllowUnix: n.UnixSockets}
	switch n.Mode {
	case NetworkNone, "":
		c.AllowInetStream = len(n.Connect)+len(n.Bind) > 0
	case NetworkAll:
		c.AllowInet = true
	}
	return c
}

// rule is a grant on its way to a landlock.PathRule; real is its path with
// symbolic links resolved ("" when it does not exist).
type rule struct {
	path     string
	real     string
	access   Access
	fs       landlock.AccessFS
	optional bool
	dropped  bool
	root     bool
	// exact is the file the rule is for (landlock.PathRule.Exact), nil
	// for a path followed when the ruleset is built.
	exact *landlock.FileID
}

// deny is a DenyRead path, with links resolved in real. For a path that
// does not exist, closedAt is its nearest existing ancestor (real path),
// in which nothing may then be created, and real that joined with the
// rest of the path; "" for one that exists.
type deny struct {
	path     string
	real     string
	isDir    bool
	closedAt string
	id       landlock.FileID // the file's, for one that exists
}

func (p Policy) pathRules() (out []landlock.PathRule, notes, warnings []string, err error) {
	// The plan's look at the file system, each path once (see resolver):
	// the root, the devices and every grant's way are asked of by several
	// steps below. Nothing here changes the file system.
	res := newResolver(16)
	var rules []rule
	if p.Root != "" {
		if !filepath.IsAbs(p.Root) {
			return nil, nil, nil, fmt.Errorf("root %q is not an absolute path", p.Root)
		}
		r := rule{path: filepath.Clean(p.Root), access: p.rootAccess(), fs: p.rootAccess().landlock(), root: true}
		r.pin(false)
		rules = append(rules, r)
	}
	for _, g := range p.Grants {
		if err := g.check(); err != nil {
			return nil, nil, nil, err
		}
		r := rule{path: filepath.Clean(g.Path), access: g.Access, fs: g.Access.landlock(), optional: g.Optional}
		if g.pinned {
			if err := r.pin(true); err != nil {
				return nil, nil, nil, err
			}
		}
		rules = append(rules, r)
	}
	if err := grantLinks(p.Grants, rules, res); err != nil {
		return nil, nil, nil, err
	}
	rules = slices.DeleteFunc(rules, func(r rule) bool { return r.dropped })
	noFifosInRoot(rules, res)

	var denies []deny
	for _, d := range p.DenyRead {
		if !filepath.IsAbs(d) {
			return nil, nil, nil, fmt.Errorf("deny-read %q: not an absolute path", d)
		}
		real, err := res.real(d)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("deny-read %s: %w", d, err)
		}
		if real == "" {
			// Nothing there to read, but a command could create it:
			// where a writable grant reaches it, it cannot.
			var at string
			if real, at, err = missingReal(d, res); err != nil {
				return nil, nil, nil, fmt.Errorf("deny-read %s: %w", d, err)
			}
			if real != "" {
				if link := linkOnPath(d, writableReals(rules, res), res).link; link != "" {
					return nil, nil, nil, fmt.Errorf("deny-read %s: it does not exist, and its path goes through the symbolic link %s, which the command could point elsewhere and create it there; deny the path without the link", d, link)
				}
				denies = append(denies, deny{path: filepath.Clean(d), real: real, closedAt: at})
			}
			continue
		}
		fi, err := os.Stat(real)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("deny-read %s: %w", d, err)
		}
		// Landlock rights follow the inode: a grant of another name of the
		// same file (or of a directory holding one) would read it.
		if err := checkLinks(d, fi); err != nil {
			return nil, nil, nil, err
		}

		denies = append(denies, deny{path: filepath.Clean(d), real: real, isDir: fi.IsDir(), id: fileID(fi)})
	}
	if len(denies) == 0 {
		return toPathRules(rules), nil, nil, nil
	}

	for i := range rules {
		real, err := res.real(rules[i].path)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("grant %s: %w", rules[i].path, err)
		}
		rules[i].real = real
	}
	var expanded []rule
	for i := range rules {
		r := &rules[i]
		if r.real == "" {
			continue
		}
		var inside []deny
		for _, d := range denies {
			switch {
			case within(r.real, d.real) && r.root:
				return nil, nil, nil, fmt.Errorf("deny-read %s: it holds the project root %s, which must stay usable", d.path, r.path)
			case within(r.real, d.real) && r.access&Write != 0:
				return nil, nil, nil, fmt.Errorf("deny-read %s: it holds the writable grant %s; drop one of the two", d.path, r.path)
			case within(r.real, d.real):
				r.dropped = true
				notes = append(notes, fmt.Sprintf("deny-read %s: grant %s dropped", d.path, r.path))
			case d.closedAt != "" && r.access&Write == 0:
				// Nothing can be created through a read-only grant.
			case r.real != d.real && within(d.real, r.real):
				inside = append(inside, d)
			}
		}
		if r.dropped || len(inside) == 0 {
			continue
		}
		r.dropped = true
		x := expander{access: r.access, fs: r.fs, denies: inside, seen: make([]bool, len(inside))}
		if err := x.expandAt(r.real); err != nil {
			return nil, nil, nil, err
		}
		for i, d := range inside {
			if d.closedAt == "" && !x.seen[i] {
				// Renamed away since it was found: a name planned as
				// the way to it, or granted, may hold it now.
				return nil, nil, nil, &landlock.ChangedError{Path: d.real, Now: "gone from where it was found"}
			}
		}
		expanded = append(expanded, x.rules...)
		names := make([]string, len(inside))
		for i, d := range inside {
			names[i] = d.path
		}
		note := fmt.Sprintf("deny-read %s: grant %s %s replaced by %d grants of the entries around it",
			strings.Join(names, ", "), r.access, r.path, x.entries)
		if r.access&Write != 0 {
			note += "; directly in " + strings.Join(x.closed, ", ") + " nothing can be created, removed or renamed"
		}
		notes = append(notes, note)
		for _, d := range inside {
			// Said once, where two grants hold the path (a root in /dev/shm).
			w := fmt.Sprintf("deny-read %s does not exist: so that it cannot be created, nothing can be created, removed or renamed directly in %s during this run", d.path, d.closedAt)
			if d.closedAt != "" && !slices.Contains(warnings, w) {
				warnings = append(warnings, w)
			}
		}
	}
	rules = slices.DeleteFunc(rules, func(r rule) bool { return r.dropped })
	// Last, since the contradictions above say more.
	for _, d := range denies {
		if d.isDir {
			if err := checkDirLinks(d.path, d.real); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	return toPathRules(append(rules, expanded...)), notes, warnings, nil
}

// noFifosInRoot takes the right to make FIFOs (MakeFifo) off the root's
// rule, off each writable grant that holds the root or lies in it, and
// off each that holds, or lies in, another place where git opens files
// (gitPlaces: a linked worktree's or submodule's git directory outside
// the root, its common directory, the other working trees): a FIFO where
// the host's git opens a file after the run (a .gitignore in any
// directory git status walks, .gitattributes, .git/HEAD, .git/index, a
// ref, the packed refs) has git wait for good, open(2) blocking until a
// writer comes. Made anywhere there, one could be named so; a grant
// inside the root (--allow-write build) had kept the right, Landlock's
// rights adding up along the way, and build/.gitignore made a FIFO held
// git status. Landlock asks the same right of a rename or link into a
// directory, so one made in the private TMPDIR or a grant elsewhere,
// which keep it (build tools and tests use mkfifo there), cannot be
// moved in either. Sockets and devices need no such care: git fails on a
// socket (ENXIO) naming it, and a device takes CAP_MKNOD, which no
// command keeps (fsWrite has neither MakeChar nor MakeBlock).
func noFifosInRoot(rules []rule, res *resolver) {
	i := slices.IndexFunc(rules, func(r rule) bool { return r.root })
	if i < 0 || rules[i].access&Write == 0 {
		return
	}
	root := rules[i].path
	var places []string // the root's real path, then gitPlaces'
	for j := range rules {
		r := &rules[j]
		if r.fs&landlock.MakeFifo == 0 {
			continue
		}
		if r.root || within(root, r.path) || within(r.path, root) {
			r.fs &^= landlock.MakeFifo
			continue
		}
		if places == nil {
			rootReal, _ := res.real(root)
			if rootReal == "" {
				rootReal = root
			}
			places = append([]string{rootReal}, gitPlaces(rootReal, res)...)
		}
		real, _ := res.real(r.path)
		if real == "" {
			real = r.path
		}
		if slices.ContainsFunc(places, func(p string) bool { return within(p, real) || within(real, p) }) {
			r.fs &^= landlock.MakeFifo
		}
	}
}

// expander grants a directory's entries one by one around denied paths.
// It lists each directory through a descriptor opened following no link,
// and gives each rule the file it found (rule.exact): an entry renamed or
// swapped for a link by the time the ruleset is built is refused, not
// granted, wherever it leads.
type expander struct {
	access  Access
	fs      landlock.AccessFS // the rights access gives, as the expanded rule had them
	denies  []deny
	seen    []bool // denies[i] found, the very file, where it was
	rules   []rule
	closed  []string // directories on the way to a denied path
	entries int
}

// expandAt expands dir, a real path.
func (x *expander) expandAt(dir string) error {
	fd, err := openDirNoFollow(dir)
	if err == syscall.ELOOP || err == syscall.ENOTDIR {
		return &landlock.ChangedError{Path: dir, Now: "no longer a directory reached without symbolic links"}
	}
	if err != nil {
		return fmt.Errorf("deny-read: listing %s to grant its other entries: %w", dir, err)
	}
	return x.expand(os.NewFile(uintptr(fd), dir), dir)
}

// expand expands dir, open at f (a directory opened for reading, which it
// closes).
func (x *expander) expand(f *os.File, dir string) error {
	defer f.Close()
	fd := int(f.Fd())
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("deny-read: listing %s to grant its other entries: %w", dir, err)
	}
	ents, err := f.ReadDir(-1)
	if err != nil {
		return fmt.Errorf("deny-read: listing %s to grant its other entries: %w", dir, err)
	}
	// In name order, as os.ReadDir gives them: the same rules each run.
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	x.closed = append(x.closed, dir)
	if x.access&Read != 0 && !slices.ContainsFunc(x.denies, func(d deny) bool { return d.isDir && within(d.real, dir) }) {
		// Listing a directory shows names, never contents; it is safe as
		// long as no denied directory can be listed through it.
		x.rules = append(x.rules, rule{path: dir, real: dir, fs: landlock.ReadDir, optional: true, exact: statID(&st)})
	}
	for _, e := range ents {
		name := e.Name()
		p := filepath.Join(dir, name)
		denied := slices.IndexFunc(x.denies, func(d deny) bool { return d.real == p })
		way := denied < 0 && slices.ContainsFunc(x.denies, func(d deny) bool { return within(d.real, p) })
		if denied < 0 && !way && e.Type()&fs.ModeSymlink != 0 {
			continue // a rule would follow it out of the grant
		}
		if err := unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			if err == unix.ENOENT && denied < 0 && !way {
				continue // removed meanwhile: nothing to grant
			}
			return x.changed(p, err)
		}
		switch {
		case denied >= 0:
			d := x.denies[denied]
			if d.closedAt != "" {
				continue // made meanwhile: no rule
			}
			if *statID(&st) != d.id {
				return &landlock.ChangedError{Path: p, Now: "another file"}
			}
			for i, o := range x.denies {
				x.seen[i] = x.seen[i] || within(o.real, p)
			}
		case way:
			sub, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			if err != nil {
				return x.changed(p, err)
			}
			f := os.NewFile(uintptr(sub), p)
			var now unix.Stat_t
			if err := unix.Fstat(sub, &now); err != nil || *statID(&now) != *statID(&st) {
				f.Close()
				return &landlock.ChangedError{Path: p, Now: "another file"}
			}
			if err := x.expand(f, p); err != nil {
				return err
			}
		case st.Mode&unix.S_IFMT == unix.S_IFLNK:
			// A link since the listing: skipped as one.
		default:
			// Optional: an entry removed before the child applies the rules
			// needs no rule.
			x.rules = append(x.rules, rule{path: p, real: p, access: x.access, fs: x.fs, optional: true, exact: statID(&st)})
			x.entries++
		}
	}
	return nil
}

// changed is the error for p, the way to a denied path or the path itself,
// that the expansion could not reach as a directory (err).
func (x *expander) changed(p string, err error) error {
	switch err {
	case unix.ENOENT:
		return &landlock.ChangedError{Path: p, Now: "gone"}
	case unix.ELOOP, unix.ENOTDIR:
		return &landlock.ChangedError{Path: p, Now: "no longer a directory"}
	}
	return fmt.Errorf("deny-read: listing %s to grant its other entries: %w", p, err)
}

// pin makes r a rule for the file its path names now: one the runner
// made or found itself, in a place a command may change before the
// ruleset is built. A symbolic link there is followed, as the path given,
// unless the runner made a directory there (made): then it was swapped in,
// and the plan fails. A missing path stays as it is, for Build to judge.
func (r *rule) pin(made bool) error {
	fi, err := os.Lstat(r.path)
	switch {
	case err != nil:
	case made && !fi.IsDir():
		return &landlock.ChangedError{Path: r.path, Now: "no longer the directory made for the run"}
	case fi.Mode()&fs.ModeSymlink == 0:
		id := fileID(fi)
		r.exact = &id
	}
	return nil
}

// fileID is fi's device and inode numbers.
func fileID(fi fs.FileInfo) landlock.FileID {
	st, _ := fi.Sys().(*syscall.Stat_t)
	if st == nil {
		return landlock.FileID{}
	}
	return landlock.FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}
}

// statID is st's device and inode numbers.
func statID(st *unix.Stat_t) *landlock.FileID {
	return &landlock.FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}
}

func toPathRules(rules []rule) []landlock.PathRule {
	out := make([]landlock.PathRule, 0, len(rules))
	index := make(map[string]int, len(rules))
	for _, r := range rules {
		a := r.fs
		if i, ok := index[r.path]; ok {
			out[i].Access |= a
			out[i].Optional = out[i].Optional && r.optional
			// One rule for the path: the file planned, if any was.
			out[i].Exact = cmp.Or(out[i].Exact, r.exact)
			continue
		}
		index[r.path] = len(out)
		out = append(out, landlock.PathRule{Path: r.path, Access: a, Optional: r.optional, Exact: r.exact})
	}
	return out
}

// checkLinks refuses a denied file with more than one hard link: a grant
// reaching another of its names would read it, through Landlock, which
// follows inodes, and Seatbelt, which matches only the denied name.
func checkLinks(d string, fi fs.FileInfo) error {
	if err := linked(d, fi); err != nil {
		return fmt.Errorf("deny-read %w", err)
	}
	return nil
}

// linked says so when p, a file, has other hard links.
func linked(p string, fi fs.FileInfo) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && !fi.IsDir() && st.Nlink > 1 {
		return fmt.Errorf("%s: the file has %d hard links, and a grant reaching any other of them reads it; remove the extra links or deny their directories", p, st.Nlink)
	}
	return nil
}

// pathWay is what following a path, as the kernel would, met on its way
// (linkOnPath).
type pathWay struct {
	// link is the first symbolic link met, on the path or in a link's
	// target, that lies in one of the writable directories: a command could
	// point it elsewhere. "" for none.
	link string
	// real is where the path leads, links resolved; "" when it does not
	// exist (then err says why).
	real string
	err  error
	// fi is what real is (the last entry, not a link), nil when missing.
	fi fs.FileInfo
	// exposed: an entry on the way (the last one, or one missing, too)
	// lies in a writable directory, where a command could rename it or
	// put a link in its place.
	exposed bool
	// endsInLink: the path's own last entry is a symbolic link.
	endsInLink bool
}

// linkOnPath follows path p, absolute, entry by entry as the kernel would,
// and says what it met there; writable are the directories a command may
// write, links resolved (writableReals). Every link is judged where it
// lies, the directory it was found in resolved: one in a link's target
// (a link to a link the command left in the root) as one on p. A ".." in
// a link's target goes up from where the way has led; p itself is clean,
// as the rules that name it are.
func linkOnPath(p string, writable []string, res *resolver) pathWay {
	return followWay(p, func(dir string) bool {
		return slices.ContainsFunc(writable, func(d string) bool { return within(dir, d) })
	}, res)
}

// followWay is linkOnPath with the directories a command may change told
// by inWritable, which is given each directory on the way, links resolved.
// It looks at each entry through res, the plan's (nil: the file system
// each time).
func followWay(p string, inWritable func(dir string) bool, res *resolver) pathWay {
	var w pathWay
	rest := strings.Split(filepath.Clean(p), "/")
	mine := len(rest) // the entries left that are p's own, at rest's end
	cur, links := "/", 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		last := len(rest) < mine && len(rest) == 0
		if len(rest) < mine {
			mine = len(rest)
		}
		switch c {
		case "", ".":
			continue
		case "..":
			cur, w.fi = filepath.Dir(cur), nil
			continue
		}
		next := filepath.Join(cur, c)
		changeable := inWritable(cur)
		w.exposed = w.exposed || changeable
		fi, err := res.lstat(next)
		if err != nil {
			w.err = err
			return w
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur, w.fi = next, fi
			continue
		}
		w.endsInLink = w.endsInLink || last
		if changeable && w.link == "" {
			w.link = next
		}
		if links++; links > maxResolveLinks {
			w.err = &os.PathError{Op: "lstat", Path: next, Err: syscall.ELOOP}
			return w
		}
		target, err := res.readlink(next)
		if err != nil {
			w.err = err
			return w
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
		w.fi = nil
	}
	if w.fi == nil { // "/", or a ".." last
		if w.fi, w.err = res.lstat(cur); w.err != nil {
			return w
		}
	}
	w.real = cur
	return w
}

// LinkOnWay returns the first symbolic link met following p, absolute, as
// the kernel would (on p or in a link's target) that lies in one of dirs,
// real paths: a command that may write there could point it elsewhere.
// "" for none.
func LinkOnWay(p string, dirs []string) string { return linkOnPath(p, dirs, nil).link }

// LinkOnWayIn is LinkOnWay for the directories in says a command may
// change (given each directory on the way, links resolved).
func LinkOnWayIn(p string, in func(dir string) bool) string { return followWay(p, in, nil).link }

// writableReals returns where the rules that give Write (and the root)
// lead, links resolved through res; those missing are left out.
func writableReals(rules []rule, res *resolver) []string {
	var out []string
	for _, r := range rules {
		if !r.root && r.access&Write == 0 {
			continue
		}
		if real, err := res.real(r.path); err == nil && real != "" {
			out = append(out, real)
		}
	}
	return out
}

// grantLinks refuses a grant whose path goes through a symbolic link that
// lies where a command may write (the project root, even one read-only in
// this run, or a writable grant), on the path or in a link's target, and
// leads out of what the run grants anyway: an earlier run's command may
// have made that link, or pointed it elsewhere, and the grant would then
// give this run whatever it chose (a review's command left the project's
// out linked to a directory of keys, and the next run's --allow-write out
// wrote there). rules are the root's and the grants', in order; the
// runner's private temp dir (pinned) is its own. A link that stays inside
// what the run grants anyway gains nothing and is followed, as is any link
// in a place no command may change.
//
// It also pins each grant's rule to the file the plan found (rule.exact),
// or to none where it found nothing: the ruleset is built after the plan,
// by name, and a command of another run in the same root, looping, swapped
// a directory for a link (or a link's target) in between, and this run's
// grant went where the link led then. A grant named by a link is pinned
// only where something on its way lies where a command may write (then at
// the path the link leads to); a link no command may change (/bin to
// usr/bin) is followed when the ruleset is built, as before. A missing
// grant whose way goes through a link a command may change is dropped, or
// refused when required: whatever appears there by the build is the
// command's choice. dropped marks the rules to leave out.
func grantLinks(grants []Grant, rules []rule, res *resolver) error {
	writable := writableReals(rules, res)
	for i, g := range grants {
		r := &rules[len(rules)-len(grants)+i]
		if g.pinned {
			continue
		}
		w := linkOnPath(r.path, writable, res)
		switch {
		case w.real == "" && (w.link != "" || w.exposed && w.endsInLink):
			if !g.Optional && !g.Create {
				return fmt.Errorf("grant %s: it does not exist, and its path goes through a symbolic link in a directory a sandboxed command may write, which could make it anywhere before the run; create it, or grant it without the link", g)
			}
			r.dropped = true
		case w.real == "" && !w.exposed:
		case w.real == "" && errors.Is(w.err, fs.ErrNotExist):
			r.exact = &landlock.FileID{} // must still be missing
		case w.real == "":
			// Not reached for another reason (a file where a directory
			// should be, a directory it may not search), on a way a
			// command may change: by name, the rule would take whatever
			// a command puts there before the ruleset is built.
			if !g.Optional {
				return fmt.Errorf("grant %s: %w, on a way through a directory a sandboxed command may write, which it could change before the run; fix the path, or grant it without that directory", g, w.err)
			}
			r.dropped = true
		case w.link != "" && !grantedElsewhere(w.real, *r, rules, writable, res):
			return fmt.Errorf("grant %s: its path goes through the symbolic link %s, in a directory a sandboxed command may write, so an earlier run's command may have made it or pointed it elsewhere; it leads to %s now: grant that path itself if you mean it", g, w.link, w.real)
		case w.link != "" || w.exposed && w.endsInLink:
			id := fileID(w.fi)
			r.path, r.exact = w.real, &id
		case !w.endsInLink:
			id := fileID(w.fi)
			r.exact = &id
		}
	}
	return nil
}

// grantedElsewhere reports whether another of rules gives real, where
// rule g's path leads, at least g's access (the root as other runs there
// have it: read, write and execute). A rule vouches only for where it
// leads with no link a command may change on its way (linkFreeReal):
// otherwise two grants through links a command left in the root (a and b,
// both to a directory of keys) would each vouch for the other's target.
func grantedElsewhere(real string, g rule, rules []rule, writable []string, res *resolver) bool {
	for _, r := range rules {
		if r.path == g.path {
			continue
		}
		access := r.access
		if r.root {
			access = Read | Write | Exec
		}
		if access&g.access != g.access {
			continue
		}
		if rr := linkFreeReal(r.path, writable, res); rr != "" && within(real, rr) {
			return true
		}
	}
	return false
}

// linkFreeReal returns where path p leads, links resolved, when no
// symbolic link lying in writable (linkOnPath) is on its way: a grant of
// p covers that place whatever a command did. "" otherwise, or when p is
// missing.
func linkFreeReal(p string, writable []string, res *resolver) string {
	if w := linkOnPath(p, writable, res); w.link == "" {
		return w.real
	}
	return ""
}

// missingReal returns where missing path p would be created, and its
// nearest existing ancestor, links resolved, that it would be created
// below; "", "" when that ancestor is no directory (nothing can be created
// below it).
func missingReal(p string, res *resolver) (string, string, error) {
	p = filepath.Clean(p)
	rest := ""
	for dir := p; ; {
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
		at, err := res.real(dir)
		if err != nil {
			return "", "", err
		}
		if at == "" {
			continue // missing too; "/" always exists
		}
		if fi, err := os.Stat(at); err != nil || !fi.IsDir() {
			return "", "", err
		}
		return filepath.Join(at, rest), at, nil
	}
}

// maxLinkCheck bounds the entries checkDirLinks looks at.
const maxLinkCheck = 10000

// checkDirLinks refuses a denied directory holding a file with more than
// one hard link, as checkLinks does a denied file: Landlock and the
// namespace layer hide the directory, not the other names of its files.
// A directory of more than maxLinkCheck entries is refused too: it cannot
// be checked in the time a run has.
func checkDirLinks(d, real string) error {
	n := 0
	err := filepath.WalkDir(real, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("listing it to check for hard links: %w", err)
		}
		if n++; n > maxLinkCheck {
			return fmt.Errorf("it holds more than %d entries, too many to check for hard links to files outside it; deny a smaller directory", maxLinkCheck)
		}
		if !e.Type().IsRegular() {
			return nil
		}
		fi, err := e.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		return linked(p, fi)
	})
	if err != nil {
		return fmt.Errorf("deny-read %s: %w", d, err)
	}
	return nil
}

// realPath resolves symbolic links in an absolute path; "" when the path
// does not exist.
func realPath(p string) (string, error) { return (*resolver)(nil).real(p) }

// real is realPath through r, the plan's (nil: filepath.EvalSymlinks).
func (r *resolver) real(p string) (string, error) {
	real, err := r.eval(p)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return "", nil
	}
	return real, err
}

// within reports whether path is dir or below it; both clean and absolute.
func within(path, dir string) bool {
	if dir == "/" {
		return true
	}
	return path == dir || strings.HasPrefix(path, dir) && path[len(dir)] == '/'
}
