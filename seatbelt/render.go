package seatbelt

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Render returns the Seatbelt profile for p and the parameters
// sandbox-exec needs with it, as "NAME=VALUE" strings:
//
//	sandbox-exec -p PROFILE -D NAME=VALUE ... -- CMD ARGS
//
// home is the user's home directory, "" for none: its credential stores
// (DefaultCredentialDirs) are always denied, and no write grant may hold it.
//
// Every path is made Canonical; a deny is written for both the path as given
// (its parent resolved) and what it resolves to, so neither the link nor its
// target can be reached. Render refuses, with an error and never by dropping
// a rule:
//   - a path that is relative or holds a NUL or a line break;
//   - a write grant (Root, TempDir, Write) that resolves to /, to a system
//     location or a directory above one, or to a directory above home (for
//     TempDir, home itself): a /tmp/x -> / link swapped in before a run must
//     not make the disk writable;
//   - a DenyRead path that is or holds Root, TempDir or a Write path, which
//     would leave the command nowhere to work;
//   - ports with Network.All, and port 0;
//   - a Root/.git that is a file but not a readable gitdir: pointer.
func Render(p Policy, home string) (profile string, params []string, err error) {
	pl, err := newPlan(p, home)
	if err != nil {
		return "", nil, err
	}
	profile = pl.render()
	return profile, pl.w.params, nil
}

// guard is a path a command must not write: the path and, for a subtree,
// everything below it.
type guard struct {
	path    string
	subtree bool
}

// plan is a Policy with every path canonical and checked.
type plan struct {
	root      string
	readOnly  bool
	temp      string
	read      []string
	write     []string
	denyRead  []string
	denyWrite []guard
	modules   []moduleDir
	network   Network
	w         *writer
}

// moduleDir is a ModuleDir made canonical: the directory and its
// modules' paths.
type moduleDir struct {
	path  string
	keep  []string
	names []string // nil: every name
}

func newPlan(p Policy, home string) (*plan, error) {
	pl := &plan{readOnly: p.ReadOnlyRoot}
	credentials := DefaultCredentialDirs(home)
	if home != "" {
		h, err := canonical(home)
		if err != nil {
			return nil, fmt.Errorf("seatbelt: home: %w", err)
		}
		home = h
	}
	// grant returns the canonical form of a write grant, refusing one that
	// would open up too much.
	grant := func(role, path string, notHome bool) (string, error) {
		c, err := canonical(path)
		if err != nil {
			return "", fmt.Errorf("seatbelt: %s: %w", role, err)
		}
		return c, checkWritable(role, path, c, home, notHome)
	}
	var err error
	if p.Root != "" {
		if pl.root, err = grant("project root", p.Root, false); err != nil {
			return nil, err
		}
	}
	if p.TempDir != "" {
		if pl.temp, err = grant("temp dir", p.TempDir, true); err != nil {
			return nil, err
		}
	}
	for _, path := range p.Write {
		c, err := grant("write path", path, false)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(pl.write, c) {
			pl.write = append(pl.write, c)
		}
	}
	for _, path := range p.Read {
		c, err := canonical(path)
		if err != nil {
			return nil, fmt.Errorf("seatbelt: read path: %w", err)
		}
		if !slices.Contains(pl.read, c) {
			pl.read = append(pl.read, c)
		}
	}
	if err := pl.addDenyRead(append(slices.Clip(p.DenyRead), credentials...)); err != nil {
		return nil, err
	}
	if err := pl.addDenyWrite(p); err != nil {
		return nil, err
	}
	if err := pl.addModuleDirs(p.ModuleDirs); err != nil {
		return nil, err
	}
	if pl.network, err = checkNetwork(p.Network); err != nil {
		return nil, err
	}
	pl.w = newWriter()
	return pl, nil
}

// checkWritable refuses a write grant that would open up the system or the
// home directory: a symbolic link swapped in before a run (ANCHOR 14:
// /tmp/claude -> /) must not turn into "write anywhere".
func checkWritable(role, given, c, home string, notHome bool) error {
	broad := ""
	switch {
	case c == "/":
		broad = "the whole file system"
	case home != "" && within(home, c) && (c != home || notHome):
		broad = "the home directory " + home
	default:
		for _, s := range append(systemPaths(), "/dev") {
			if within(s, c) {
				broad = "the system location " + s
				break
			}
		}
	}
	if broad == "" {
		return nil
	}
	if given != c {
		return fmt.Errorf("seatbelt: %s %s resolves to %s, which would make %s writable; grant a directory below it", role, given, c, broad)
	}
	return fmt.Errorf("seatbelt: %s %s would make %s writable; grant a directory below it", role, c, broad)
}

// denyForms returns the spellings of a denied path Seatbelt may see: the
// path with its parent resolved (the entry itself, a symbolic link perhaps)
// and the path fully resolved.
func denyForms(path string) ([]string, error) {
	full, err := canonical(path)
	if err != nil {
		return nil, err
	}
	clean := filepath.Clean(path)
	if clean == "/" {
		return []string{full}, nil
	}
	dir, err := canonical(filepath.Dir(clean))
	if err != nil {
		return nil, err
	}
	entry := filepath.Join(dir, filepath.Base(clean))
	if entry == full {
		return []string{full}, nil
	}
	return []string{entry, full}, nil
}

// addDenyRead adds the spellings of each path to denyRead and refuses one
// that would deny the places the command writes.
func (pl *plan) addDenyRead(paths []string) error {
	writable := pl.writable(true)
	for _, p := range paths {
		forms, err := denyForms(p)
		if err != nil {
			return fmt.Errorf("seatbelt: deny-read path: %w", err)
		}
		for _, f := range forms {
			for _, w := range writable {
				if within(w, f) {
					if f != p {
						p += " (" + f + ")"
					}
					return fmt.Errorf("seatbelt: deny-read path %s is or holds the writable %s; the command would have nowhere to work", p, w)
				}
			}
			if !slices.Contains(pl.denyRead, f) {
				pl.denyRead = append(pl.denyRead, f)
			}
		}
	}
	return nil
}

// addDenyWrite adds p.DenyWrite, the root's protected entries and the
// repository a gitdir: pointer names.
func (pl *plan) addDenyWrite(p Policy) error {
	add := func(path string, subtree bool) error {
		forms, err := denyForms(path)
		if err != nil {
			return fmt.Errorf("seatbelt: deny-write path: %w", err)
		}
		for _, f := range forms {
			g := guard{f, subtree}
			if !slices.Contains(pl.denyWrite, g) {
				pl.denyWrite = append(pl.denyWrite, g)
			}
		}
		return nil
	}
	for _, d := range p.DenyWrite {
		if err := add(d, true); err != nil {
			return err
		}
	}
	if pl.root == "" {
		return nil
	}
	// Below the root the file system is read where it is, which is not
	// always where Seatbelt's /private spelling says (only on macOS).
	root, err := realPath(p.Root)
	if err != nil {
		return fmt.Errorf("seatbelt: project root: %w", err)
	}
	for _, e := range protectedInRoot() {
		if err := add(root+"/"+e.rel, e.subtree); err != nil {
			return err
		}
	}
	dirs, err := gitDirs(root)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		for _, rel := range []string{"config", "hooks"} {
			if err := add(filepath.Join(d, rel), true); err != nil {
				return err
			}
		}
	}
	return nil
}

// addModuleDirs adds the module directories inside a writable grant.
func (pl *plan) addModuleDirs(dirs []ModuleDir) error {
	writable := pl.writable(false)
	for _, d := range dirs {
		c, err := canonical(d.Path)
		if err != nil {
			return fmt.Errorf("seatbelt: module directory: %w", err)
		}
		for _, n := range d.Names {
			if n == "" || strings.Trim(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
				return fmt.Errorf("seatbelt: module directory %s: %q is no Python name", d.Path, n)
			}
		}
		if !slices.ContainsFunc(writable, func(w string) bool { return within(c, w) }) {
			continue
		}
		if i := slices.IndexFunc(pl.modules, func(m moduleDir) bool { return m.path == c }); i >= 0 {
			// Named twice (through a link): what either holds is held.
			if pl.modules[i].names == nil || d.Names == nil {
				pl.modules[i].names = nil
			} else {
				pl.modules[i].names = append(pl.modules[i].names, d.Names...)
			}
			continue
		}
		m := moduleDir{path: c, names: slices.Clone(d.Names)}
		for _, n := range d.Modules {
			if n == "" || n == "." || n == ".." || strings.Contains(n, "/") {
				return fmt.Errorf("seatbelt: module directory %s: %q is no name in it", d.Path, n)
			}
			m.keep = append(m.keep, c+"/"+n)
		}
		pl.modules = append(pl.modules, m)
	}
	return nil
}

// moduleFilters returns the filters of the paths a command may not make
// in module directory m: in the file-write* rule, a module's name (X.py,
// X.pyc, X.*.so, X/__init__ of those); in the file-write-create rule, a
// symbolic link by a module's name (X), which Python follows to a
// package elsewhere. Each is the directory, a (subpath), and a regex of
// the name below it, whose depth the regex counts in components: the
// path itself stays a parameter, never written into a regex (no escaping
// of its characters, which Seatbelt's regex syntax does not document).
// The project's modules at the plan are left out, and their packages'
// files with them.
func (w *writer) moduleFilters(m moduleDir) (file, link string) {
	dir := w.ref("subpath", "MODULES", m.path)
	below := "^" + strings.Repeat("/[^/]+", strings.Count(m.path, "/"))
	name := below + "/[^/.]+"
	if m.names != nil {
		// Python's names only (addModuleDirs): nothing to escape.
		name = below + "/(" + strings.Join(m.names, "|") + ")"
	}
	const ext = "[.](py|pyc|so|[^/]*[.]so)$" // importlib's suffixes: .py, .pyc, .so, .cpython-313-darwin.so, .abi3.so
	var keep strings.Builder
	for _, k := range m.keep {
		keep.WriteString(" (require-not " + w.ref("subpath", "MODULE", k) + ")")
	}
	file = "(require-all " + dir + " (require-any " + regex(name+ext) + " " + regex(name+"/__init__"+ext) + ")" + keep.String() + ")"
	link = "(require-all " + dir + " " + regex(name+"$") + " (vnode-type SYMLINK)" + keep.String() + ")"
	return file, link
}

// gitDirs returns the repository a Root/.git gitdir: pointer file names,
// and its common directory when it is a worktree; nothing when .git is a
// directory or absent.
func gitDirs(root string) ([]string, error) {
	dotgit := root + "/.git"
	fi, err := os.Stat(dotgit)
	if notExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("seatbelt: %w", err)
	}
	if fi.IsDir() {
		return nil, nil
	}
	target, err := readPointer(dotgit, "gitdir:")
	if err != nil {
		return nil, fmt.Errorf("seatbelt: %s is a file but not a gitdir: pointer git can follow (%w); fix or remove it", dotgit, err)
	}
	gitdir := joinRel(root, target)
	if err := checkPath(gitdir); err != nil {
		return nil, fmt.Errorf("seatbelt: %s: %w", dotgit, err)
	}
	dirs := []string{gitdir}
	common, err := readPointer(gitdir+"/commondir", "")
	switch {
	case err == nil:
		dirs = append(dirs, joinRel(gitdir, common)) // checked by Canonical later
	case !notExist(err):
		return nil, fmt.Errorf("seatbelt: %s/commondir: %w", gitdir, err)
	}
	return dirs, nil
}

// readPointer returns the first line of the small regular file path, after
// prefix. It never blocks on a FIFO put in the file's place.
func readPointer(path, prefix string) (string, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return "", err
	} else if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, 4096))
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	rest, ok := strings.CutPrefix(line, prefix)
	if rest = strings.TrimSpace(rest); !ok || rest == "" {
		return "", fmt.Errorf("%s: want %q and a path on its first line", path, prefix)
	}
	return rest, nil
}

func joinRel(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return filepath.Join(dir, p)
}

func notExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// checkNetwork returns n with its ports sorted and without repeats.
func checkNetwork(n Network) (Network, error) {
	if n.All && len(n.Connect)+len(n.Bind) > 0 {
		return n, errors.New("seatbelt: Network.All already allows every port; give ports only without it")
	}
	for _, ports := range [][]uint16{n.Connect, n.Bind} {
		if slices.Contains(ports, 0) {
			return n, errors.New("seatbelt: port 0 is not a port to allow")
		}
	}
	n.Connect = slices.Compact(slices.Sorted(slices.Values(n.Connect)))
	n.Bind = slices.Compact(slices.Sorted(slices.Values(n.Bind)))
	return n, nil
}

// writable returns the write grants; withRoot counts the root even when it
// is read-only.
func (pl *plan) writable(withRoot bool) []string {
	var out []string
	if pl.root != "" && (withRoot || !pl.readOnly) {
		out = append(out, pl.root)
	}
	if pl.temp != "" {
		out = append(out, pl.temp)
	}
	return append(out, pl.write...)
}

// render writes the profile. Allows come first and denies last, because
// the last rule that matches decides.
func (pl *plan) render() string {
	w := pl.w
	w.line("(version 1)")
	w.line("(deny default)")

	w.section("Processes and system services, each with the reason it is here.")
	for _, s := range services() {
		if !s.network {
			w.comment(s.why)
			w.service(s)
		}
	}

	w.section("Reading and executing the system.")
	var sys []string
	for _, s := range systemRead {
		sys = append(sys, subpath(s.path)+" ; "+s.why)
	}
	w.rule("allow", "file-read* process-exec* file-map-executable", sys)

	w.section("Reading and executing the project root, the temp dir, read and write grants.")
	var grants []string
	if pl.root != "" {
		grants = append(grants, w.ref("subpath", "ROOT", pl.root))
	}
	if pl.temp != "" {
		grants = append(grants, w.ref("subpath", "TEMP_DIR", pl.temp))
	}
	for _, p := range pl.read {
		grants = append(grants, w.ref("subpath", "READ", p))
	}
	for _, p := range pl.write {
		grants = append(grants, w.ref("subpath", "WRITE", p))
	}
	w.rule("allow", "file-read* process-exec* file-map-executable", grants)

	w.section("Resolving paths: / itself; lstat and readlink, not listing, of the directories above each grant and of the system's links.")
	w.rule("allow", "file-read*", literals("/"))
	meta := literals(systemLinks...)
	meta = append(meta, literals(systemParents()...)...)
	for _, p := range pl.parents() {
		meta = append(meta, w.ref("literal", "PARENT", p))
	}
	w.rule("allow", "file-read-metadata", meta)

	w.section("Writing: the project root (unless read-only), the temp dir, write grants.")
	var writes []string
	for _, p := range pl.writable(false) {
		writes = append(writes, w.ref("subpath", "WRITE", p))
	}
	w.rule("allow", "file-write*", writes)

	w.section("Devices: read, write and ioctl; never create, remove or rename.")
	var devs []string
	for _, d := range devices() {
		devs = append(devs, d.filter+" ; "+d.why)
	}
	w.rule("allow", "file-read* file-write-data file-ioctl", devs)

	pl.renderNetwork()

	w.section("Protected paths: no write, creation, rename or removal, even inside a writable directory.")
	var guards []string
	for _, g := range pl.denyWrite {
		if g.subtree {
			guards = append(guards, w.ref("subpath", "PROTECT", g.path))
		} else {
			guards = append(guards, w.ref("literal", "PROTECT", g.path))
		}
	}
	w.rule("deny", "file-write*", guards)

	if len(pl.modules) > 0 {
		w.section("Beside a Python script a hook runs: no new module, which Python would import first (signal.py for subprocess's import signal); the project's stay writable.")
		var files, links []string
		for _, m := range pl.modules {
			file, link := w.moduleFilters(m)
			files, links = append(files, file), append(links, link)
		}
		w.rule("deny", "file-write*", files)
		w.rule("deny", "file-write-create", links)
	}

	w.section("Credential stores and deny-read paths: nothing at all, even inside an allowed directory.")
	var denied []string
	for _, p := range pl.denyRead {
		denied = append(denied, w.ref("subpath", "DENY", p))
	}
	w.rule("deny", "file-read* file-write* process-exec* file-map-executable network-outbound", denied)

	w.section("Directories above a protected or denied path: renaming one would carry the path out from under its rule.")
	var keep []string
	for _, p := range pl.unlinkParents() {
		keep = append(keep, w.ref("literal", "PARENT", p))
	}
	w.rule("deny", "file-write-unlink", keep)
	return w.b.String()
}

func (pl *plan) renderNetwork() {
	w := pl.w
	n := pl.network
	switch {
	case n.All:
		w.section("Network: all.")
		for _, s := range services() {
			if s.network {
				w.comment(s.why)
				w.service(s)
			}
		}
		if !n.UnixSockets {
			w.comment("Unix sockets (docker.sock, ssh-agent) stay refused without the grant, but for name resolution.")
			w.rule("deny", "network-bind", []string{"(local unix-socket)"})
			w.rule("deny", "network-outbound", []string{"(remote unix-socket)"})
			w.rule("allow", "network-outbound", literals(mdnsResponder))
		}
		return
	case len(n.Connect)+len(n.Bind) == 0 && !n.UnixSockets:
		w.section("Network: none.")
		return
	}
	w.section("Network: only these.")
	for _, port := range n.Connect {
		w.rule("allow", "network-outbound", []string{"(remote ip " + mustQuote("localhost:"+strconv.Itoa(int(port))) + ")"})
	}
	for _, port := range n.Bind {
		local := "(local ip " + mustQuote("localhost:"+strconv.Itoa(int(port))) + ")"
		w.rule("allow", "network-bind", []string{local})
		w.rule("allow", "network-inbound", []string{local})
	}
	if n.UnixSockets {
		w.rule("allow", "system-socket", []string{"(socket-domain AF_UNIX)"})
		w.rule("allow", "network-bind", []string{"(local unix-socket)"})
		w.rule("allow", "network-outbound", []string{"(remote unix-socket)"})
	}
}

// readable reports whether a grant or a system location already covers p.
func (pl *plan) readable(p string) bool {
	for _, s := range systemRead {
		if within(p, s.path) {
			return true
		}
	}
	for _, g := range append(pl.writable(true), pl.read...) {
		if within(p, g) {
			return true
		}
	}
	return false
}

// parents returns the directories above the grants that nothing else makes
// readable: a command needs to lstat them to resolve its own paths
// (realpath, getcwd, git looking for .git).
func (pl *plan) parents() []string {
	sys := systemParents()
	var out []string
	for _, g := range append(pl.writable(true), pl.read...) {
		for a := filepath.Dir(g); a != "/"; a = filepath.Dir(a) {
			if !pl.readable(a) && !slices.Contains(sys, a) && !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// unlinkParents returns the directories above each protected or denied path
// that a write grant covers, and so could be renamed or removed, but for
// those a rule above already keeps.
func (pl *plan) unlinkParents() []string {
	writable := pl.writable(false)
	paths := slices.Clone(pl.denyRead)
	for _, g := range pl.denyWrite {
		paths = append(paths, g.path)
	}
	kept := func(a string) bool {
		return slices.ContainsFunc(pl.denyWrite, func(g guard) bool { return a == g.path || g.subtree && within(a, g.path) }) ||
			slices.ContainsFunc(pl.denyRead, func(d string) bool { return within(a, d) })
	}
	var out []string
	for _, p := range paths {
		for a := filepath.Dir(p); a != "/"; a = filepath.Dir(a) {
			if slices.ContainsFunc(writable, func(w string) bool { return within(a, w) }) && !kept(a) && !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// systemPaths are the paths of systemRead.
func systemPaths() []string {
	out := make([]string, len(systemRead))
	for i, s := range systemRead {
		out[i] = s.path
	}
	return out
}

// systemParents are the directories above the system locations and /dev.
func systemParents() []string {
	out := []string{"/dev"}
	for _, s := range systemRead {
		for a := filepath.Dir(s.path); a != "/"; a = filepath.Dir(a) {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// writer builds the profile text and its parameters.
type writer struct {
	b      strings.Builder
	params []string
	names  map[string]string // value → parameter name
	next   map[string]int    // prefix → next index
}

func newWriter() *writer {
	w := &writer{names: map[string]string{}, next: map[string]int{}}
	w.b.Grow(12 << 10)
	return w
}

// ref returns (filter (param "NAME")) for value, defining the parameter the
// first time a value is seen. ROOT and TEMP_DIR are the only unnumbered
// names.
func (w *writer) ref(filter, prefix, value string) string {
	name, ok := w.names[value]
	if !ok {
		name = prefix
		if prefix != "ROOT" && prefix != "TEMP_DIR" {
			name = prefix + "_" + strconv.Itoa(w.next[prefix])
			w.next[prefix]++
		}
		w.names[value] = name
		w.params = append(w.params, name+"="+value)
	}
	return "(" + filter + " (param " + mustQuote(name) + "))"
}

func (w *writer) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

func (w *writer) section(title string) {
	w.b.WriteByte('\n')
	w.comment(title)
}

func (w *writer) comment(text string) {
	if strings.ContainsAny(text, "\n\r") {
		panic("BUG(mewsandbox): seatbelt comment holds a line break: " + text)
	}
	w.line("; " + text)
}

// service writes the allowance s.
func (w *writer) service(s service) {
	if s.filters == nil {
		w.bare("allow", s.ops)
		return
	}
	w.rule("allow", s.ops, s.filters)
}

// bare writes (action ops), an operation without a filter.
func (w *writer) bare(action, ops string) {
	w.line("(" + action + " " + ops + ")")
}

// rule writes (action ops filters…). With no filters nothing is written:
// an empty list of paths must never widen into the bare operation. One
// filter goes on the same line; several go one per line with the closing
// parenthesis on its own, since a filter may end in a " ; why" comment.
func (w *writer) rule(action, ops string, filters []string) {
	switch {
	case len(filters) == 0:
		return
	case len(filters) == 1 && !strings.Contains(filters[0], " ; "):
		w.line("(" + action + " " + ops + " " + filters[0] + ")")
	default:
		w.line("(" + action + " " + ops)
		for _, f := range filters {
			w.line("  " + f)
		}
		w.line(")")
	}
}
