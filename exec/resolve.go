package exec

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// resolver resolves symbolic links as filepath.EvalSymlinks does, but
// looks each entry on the way up once: a plan resolves many paths that
// share their first directories (/usr, /dev, the home directory), and on
// some machines a system call costs microseconds. One resolver serves one
// plan; what it remembers is the file system as that plan found it.
type resolver struct {
	seen map[string]resolved // by the real path of an entry's directory and its name
}

type resolved struct {
	real string
	dir  bool // real is a directory
	err  error
}

// maxResolveLinks bounds the links one resolution follows, as
// EvalSymlinks does.
const maxResolveLinks = 255

func newResolver() *resolver { return &resolver{seen: make(map[string]resolved, 64)} }

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
		next := filepath.Join(cur, c)
		res, ok := r.seen[next]
		if !ok {
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
	fi, err := os.Lstat(next)
	switch {
	case err != nil:
		return resolved{err: err}
	case fi.Mode()&fs.ModeSymlink == 0:
		return resolved{real: next, dir: fi.IsDir()}
	}
	if *links++; *links > maxResolveLinks {
		return resolved{err: &os.PathError{Op: "EvalSymlinks", Path: next, Err: syscall.ELOOP}}
	}
	target, err := os.Readlink(next)
	if err != nil {
		return resolved{err: err}
	}
	real, dir, err := r.follow(cur, target, links)
	return resolved{real: real, dir: dir, err: err}
}
