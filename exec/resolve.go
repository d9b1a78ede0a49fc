package exec

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// resolver resolves symbolic links as filepath.EvalSymlinks does, but
// looks each entry on the way up once: a plan resolves many paths that
// share their first directories (/usr, /dev, the home directory), and on
// some machines a system call costs microseconds. One resolver serves one
// plan; what it remembers is the file system as that plan found it. It
// also answers the plan's other lstat and readlink calls (lstat,
// readlink), so a path another step of the plan looked at is not looked
// at again: nothing the command controls runs while a plan is made, and
// a name looked up twice microseconds apart is no better known than once
// (what is granted is pinned to the file found, and checked again when
// the ruleset is built or the child mounts it). A resolver is used by one
// goroutine at a time, and never after a step that changes the file
// system.
type resolver struct {
	seen  map[string]resolved // by the real path of an entry's directory and its name
	stats map[string]lstatted // by the path given to lstat
	links map[string]linkRead // by the path given to readlink
	// listed are the names in directories read whole (list, on Linux),
	// sorted, by the path given to list.
	listed map[string][]string
}

// lstatted is what os.Lstat gave for a path.
type lstatted struct {
	fi  fs.FileInfo
	err error
}

// linkRead is what os.Readlink gave for a path.
type linkRead struct {
	target string
	err    error
}

type resolved struct {
	real string
	dir  bool // real is a directory
	err  error
}

// maxResolveLinks bounds the links one resolution follows, as
// EvalSymlinks does.
const maxResolveLinks = 255

// newResolver returns a resolver for a plan that looks at about size
// entries.
func newResolver(size int) *resolver {
	return &resolver{seen: make(map[string]resolved, size), stats: make(map[string]lstatted, size)}
}

// lstat is os.Lstat(p), asked of the file system once per resolver; a nil
// resolver asks every time.
func (r *resolver) lstat(p string) (fs.FileInfo, error) {
	if r == nil {
		return os.Lstat(p)
	}
	st, ok := r.stats[p]
	if !ok {
		if r.unlisted(p) {
			st.err = &os.PathError{Op: "lstat", Path: p, Err: syscall.ENOENT}
		} else {
			st.fi, st.err = os.Lstat(p)
		}
		r.stats[p] = st
	}
	return st.fi, st.err
}

// unlisted says whether list read the directory p names an entry of,
// and found no such entry there.
func (r *resolver) unlisted(p string) bool {
	i := strings.LastIndexByte(p, '/')
	if i < 0 || r.listed == nil {
		return false
	}
	dir, name := p[:i], p[i+1:]
	if dir == "" {
		dir = "/"
	}
	names, ok := r.listed[dir]
	if !ok || name == "" || name == "." || name == ".." {
		return false
	}
	_, found := slices.BinarySearch(names, name)
	return !found
}

// stat is os.Stat(p). Where p, absolute, has no link on its way (a real
// path, as the plan's steps pass) that is the lstat of p, which the
// resolution looked at already; otherwise, and for a p the resolver finds
// no way to, the file system is asked as os.Stat asks it, so that its
// errors and the kernel's bound on links stay os.Stat's.
func (r *resolver) stat(p string) (fs.FileInfo, error) {
	if r != nil && filepath.IsAbs(p) {
		if real, err := r.eval(p); err == nil && real == filepath.Clean(p) {
			return r.lstat(real)
		}
	}
	return os.Stat(p)
}

// readlink is os.Readlink(p) of a p that lstat found a link, asked once
// per resolver as lstat is.
func (r *resolver) readlink(p string) (string, error) {
	if r == nil {
		return os.Readlink(p)
	}
	l, ok := r.links[p]
	if !ok {
		if r.links == nil {
			r.links = make(map[string]linkRead, 8)
		}
		l.target, l.err = os.Readlink(p)
		r.links[p] = l
	}
	return l.target, l.err
}

// eval is filepath.EvalSymlinks(p) for an absolute p; a relative one,
// and a nil resolver's, are left to it.
func (r *resolver) eval(p string) (string, error) {
	if r == nil || !filepath.IsAbs(p) {
		return filepath.EvalSymlinks(p)
	}
	links := 0
	real, _, err := r.follow("/", p, &links)
	return real, err
}

// follow resolves p, absolute or relative to the real directory dir, and
// says whether it is a directory. A ".." goes to the parent of what the
// way has resolved to so far, as the kernel and EvalSymlinks do, not of
// what p names; anything after an entry that is no directory, a ".." or
// a trailing slash too, is ENOTDIR.
func (r *resolver) follow(dir, p string, links *int) (string, bool, error) {
	cur, isDir := dir, true
	if filepath.IsAbs(p) {
		cur = "/"
	}
	// The entry's path, cur and c joined (clean already: cur is a real
	// path, c a name), is built here to be looked up without a copy; it
	// is made a string only for an entry not looked at yet.
	var buf [256]byte
	for c := range strings.SplitSeq(p, "/") {
		if !isDir {
			return "", false, &os.PathError{Op: "EvalSymlinks", Path: cur, Err: syscall.ENOTDIR}
		}
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		key := append(buf[:0], cur...)
		if cur != "/" {
			key = append(key, '/')
		}
		key = append(key, c...)
		res, ok := r.seen[string(key)]
		if !ok {
			next := string(key)
			res = r.lookup(cur, next, links)
			// A loop's error depends on the links this resolution
			// followed so far, not on the entry: not remembered.
			if !errors.Is(res.err, syscall.ELOOP) {
				r.seen[next] = res
			}
		}
		if res.err != nil {
			return "", false, res.err
		}
		cur, isDir = res.real, res.dir
	}
	return cur, isDir, nil
}

// lookup resolves next, the entry of the real directory cur.
func (r *resolver) lookup(cur, next string, links *int) resolved {
	fi, err := r.lstat(next)
	switch {
	case err != nil:
		return resolved{err: err}
	case fi.Mode()&fs.ModeSymlink == 0:
		return resolved{real: next, dir: fi.IsDir()}
	}
	if *links++; *links > maxResolveLinks {
		return resolved{err: &os.PathError{Op: "EvalSymlinks", Path: next, Err: syscall.ELOOP}}
	}
	target, err := r.readlink(next)
	if err != nil {
		return resolved{err: err}
	}
	real, dir, err := r.follow(cur, target, links)
	return resolved{real: real, dir: dir, err: err}
}

// Resolver resolves symbolic links as filepath.EvalSymlinks does, for a
// caller that resolves many paths sharing their first directories at one
// moment (the runner's options: the working directory, the home
// directory, the user's settings), looking at each entry once. It
// remembers the file system as it found it: not for use after a step
// that changes it. A nil Resolver asks the file system every time.
type Resolver struct{ r *resolver }

// NewResolver returns a Resolver that has looked at nothing yet.
func NewResolver() *Resolver {
	return &Resolver{r: newResolver(16)}
}

// EvalSymlinks is filepath.EvalSymlinks(p): its result, and where it
// fails, its error, looked for again as EvalSymlinks looks.
func (x *Resolver) EvalSymlinks(p string) (string, error) {
	if x == nil {
		return filepath.EvalSymlinks(p)
	}
	if real, ok := x.Real(p); ok {
		return real, nil
	}
	return filepath.EvalSymlinks(p)
}

// Real is p with its links resolved, and true, where
// filepath.EvalSymlinks(p) succeeds; "" and false where it fails.
func (x *Resolver) Real(p string) (string, bool) {
	var real string
	var err error
	if x == nil {
		real, err = filepath.EvalSymlinks(p)
	} else {
		real, err = x.r.eval(p)
	}
	return real, err == nil
}
