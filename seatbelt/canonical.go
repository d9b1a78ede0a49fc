package seatbelt

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds the symbolic links one path may pass through, as the
// kernel does (MAXSYMLINKS is 32 on macOS; Linux allows 40).
const maxLinks = 40

// privateLinks are macOS's symbolic links at the top of the file system;
// Seatbelt only ever sees their targets.
var privateLinks = []string{"/tmp", "/var", "/etc"}

// Canonical returns path as Seatbelt sees it: symbolic links resolved as
// far as the path exists on this machine, "." and ".." applied after each
// link the way the kernel does, and /tmp, /var and /etc spelt /private/tmp,
// /private/var and /private/etc. A relative path, or one holding a NUL,
// newline or carriage return, is an error: the first has no meaning here,
// the others cannot be passed safely to sandbox-exec.
func Canonical(path string) (string, error) {
	c, err := canonical(path)
	if err != nil {
		return "", fmt.Errorf("seatbelt: %w", err)
	}
	return c, nil
}

// canonical is Canonical with errors for the caller to place.
func canonical(path string) (string, error) {
	p, err := realPath(path)
	if err != nil {
		return "", err
	}
	return private(p), nil
}

// realPath is Canonical without the /private spelling: the path to use for
// looking at the file on this machine. On macOS the two are the same.
func realPath(path string) (string, error) {
	if err := checkPath(path); err != nil {
		return "", err
	}
	p, err := resolve(path)
	if err != nil {
		return "", fmt.Errorf("resolve %q: %w", path, err)
	}
	return p, nil
}

// checkPath refuses what Canonical cannot turn into a safe parameter.
func checkPath(path string) error {
	switch {
	case path == "":
		return errors.New("empty path")
	case strings.ContainsRune(path, 0):
		return fmt.Errorf("path %q holds a NUL byte", path)
	case strings.ContainsAny(path, "\n\r"):
		return fmt.Errorf("path %q holds a line break", path)
	case !strings.HasPrefix(path, "/"):
		return fmt.Errorf("path %q is relative; want an absolute path", path)
	}
	return nil
}

// private spells the absolute, clean path p below /private when it starts
// with one of macOS's top-level links.
func private(p string) string {
	for _, l := range privateLinks {
		if within(p, l) {
			return "/private" + p
		}
	}
	return p
}

// resolve follows the symbolic links in the absolute path p, component by
// component. Once a component does not exist, the rest is cleaned
// lexically: nothing below it exists to point elsewhere.
func resolve(p string) (string, error) {
	done := "" // resolved so far; "" is "/"
	rest := p  // still to walk
	links := 0
	for rest != "" {
		var comp string
		comp, rest, _ = strings.Cut(strings.TrimLeft(rest, "/"), "/")
		switch comp {
		case "", ".":
			continue
		case "..":
			if i := strings.LastIndexByte(done, '/'); i >= 0 {
				done = done[:i]
			}
			continue
		}
		next := done + "/" + comp
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return filepath.Clean(next + "/" + rest), nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if links++; links > maxLinks {
			return "", fmt.Errorf("more than %d symbolic links", maxLinks)
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(target, "/") {
			done = ""
		}
		rest = target + "/" + rest
	}
	if done == "" {
		return "/", nil
	}
	return done, nil
}

// within reports whether the absolute, clean path p is dir or below it,
// by whole components: /a/bc is not within /a/b.
func within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir) && p[len(dir)] == '/'
}
