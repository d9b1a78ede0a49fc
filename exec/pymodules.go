package exec

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Python's path finder (importlib's FileFinder) is told here once for
// Linux, which looks by fd (guard.holdModules, checkModuleDirs), and for
// macOS, which looks by path (seatbeltModuleDirs).

// moduleFileName says whether name is that of a module file Python's
// path finder imports by its suffix: X.py, X.pyc, X.so or X.*.so.
func moduleFileName(name string) bool {
	_, ext, ok := strings.Cut(name, ".")
	return ok && (ext == "py" || ext == "pyc" || ext == "so" || strings.HasSuffix(ext, ".so"))
}

// pythonModuleEntry says whether name, an entry of a directory of type
// typ (as an lstat gives it: fs.ModeDir, fs.ModeSymlink, or another), is
// one Python's path finder imports as a module: a source file, byte code
// or an extension module by its suffix, or a package, a directory whose
// __init__ is one of those, which open opens (a link followed). A link
// that leads to no directory to be listed counts as one: where it leads
// may change; so does a directory that cannot be listed whole. A
// directory looked at before (packages) is not listed again.
func pythonModuleEntry(name string, typ fs.FileMode, packages packageLooks, open func() (*os.File, error)) bool {
	if strings.Contains(name, ".") {
		return moduleFileName(name)
	}
	if typ != fs.ModeDir && typ != fs.ModeSymlink {
		return false
	}
	f, err := open()
	if err != nil {
		// A directory the runner cannot list (mode 111, as a user)
		// Python imports from all the same, needing only to search it.
		return typ == fs.ModeSymlink || !errors.Is(err, fs.ErrNotExist)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return true
	}
	var id devIno
	st, ok := fi.Sys().(*syscall.Stat_t)
	if ok {
		id = devIno{uint64(st.Dev), uint64(st.Ino)}
		if is, seen := packages[id]; seen {
			return is
		}
	}
	inits, err := packageInits(f)
	is := err != nil || len(inits) > 0
	if ok {
		packages[id] = is
	}
	return is
}

// packageLooks holds what the looks of one listing (pythonModuleEntry)
// found of each directory they listed, by its device and inode, so that
// each is listed once however many names lead to it: a command's 400
// links beside a hook's script to one directory of 30,000 names had
// every later run's plan, and its end, list it 400 times (red84).
type packageLooks map[devIno]bool

// devIno names a file by its device and inode, which a rename keeps.
type devIno struct{ dev, ino uint64 }

// pythonModuleAt is pythonModuleEntry for name in directory dir, looked
// at by path.
func pythonModuleAt(dir, name string, packages packageLooks) bool {
	p := filepath.Join(dir, name)
	var typ fs.FileMode
	if !strings.Contains(name, ".") {
		fi, err := os.Lstat(p)
		if err != nil {
			return false
		}
		typ = fi.Mode().Type()
	}
	return pythonModuleEntry(name, typ, packages, func() (*os.File, error) {
		// A FIFO at p, or where a link there leads, is not waited on.
		return os.OpenFile(p, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NONBLOCK, 0)
	})
}

// packageInits returns the names of the __init__ modules in directory f
// (an __init__.py, .pyc or .*.so), read a part at a time: a directory of
// any size is listed whole, for a package's __init__ may lie past any
// bound (a command put it after 5,000 other names).
func packageInits(f *os.File) ([]string, error) {
	var inits []string
	err := eachEntry(f, func(e fs.DirEntry) bool {
		if n := e.Name(); strings.HasPrefix(n, "__init__.") && moduleFileName(n) && !e.IsDir() {
			inits = append(inits, n)
		}
		return true
	})
	return inits, err
}

// moreModuleNames returns the names a directory held for names a and for
// names b holds: nil (all) where either is.
func moreModuleNames(a, b []string) []string {
	if a == nil || b == nil {
		return nil
	}
	for _, n := range b {
		if !slices.Contains(a, n) {
			a = append(a, n)
		}
	}
	return a
}

// listChunk is the entries eachEntry reads at a time.
const listChunk = 256

// eachEntry calls fn for each entry of directory f, read listChunk at a
// time, until fn returns false: a listing a command sized (600,000 long
// names in .git/junk or .git/refs/junk, 340 bytes of the runner's heap
// each when read whole) costs the runner no more memory than a small one.
// io.EOF is no error.
func eachEntry(f *os.File, fn func(fs.DirEntry) bool) error {
	for {
		es, err := f.ReadDir(listChunk)
		for _, e := range es {
			if !fn(e) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
