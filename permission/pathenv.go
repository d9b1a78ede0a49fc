package permission

import (
	"path"
	"strings"
)

// PathEnv is what resolving a path from a shell command needs: the
// directory the command runs in, the user's home and the project root. All
// three are absolute and clean, or empty when unknown.
type PathEnv struct {
	Cwd, Home, Root string
}

// Resolve returns p as an absolute, clean path: a leading ~, $HOME or
// ${HOME} becomes Home, and a relative path is taken from Cwd. It is pure
// string work (no symlinks are followed, nothing is read from disk). When
// Home is empty a ~ path comes back cleaned but unexpanded, and when Cwd is
// empty a relative path stays relative: callers must not mistake either
// for a path under the root.
func (e PathEnv) Resolve(p string) string {
	if rest, ok := homeRest(p); ok {
		if e.Home == "" {
			return path.Clean(p)
		}
		return path.Clean(e.Home + "/" + rest)
	}
	if path.IsAbs(p) || e.Cwd == "" {
		return path.Clean(p)
	}
	return path.Join(e.Cwd, p)
}

// In returns the environment of a command that runs in dir, a
// SimpleCommand.Dir: Cwd moved there, or emptied when dir is unknown ("?")
// so that relative paths stay relative and match nothing under the root.
func (e PathEnv) In(dir string) PathEnv {
	switch dir {
	case "":
		return e
	case "?":
		e.Cwd = ""
		return e
	}
	e.Cwd = e.Resolve(dir)
	if !path.IsAbs(e.Cwd) {
		e.Cwd = ""
	}
	return e
}

// homeRest splits a path that starts with the home directory ("~",
// "~/x", "$HOME/x", "${HOME}/x") into the part after it.
func homeRest(p string) (string, bool) {
	for _, prefix := range [...]string{"~", "${HOME}", "$HOME"} {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		if rest == "" {
			return "", true
		}
		if rest[0] == '/' {
			return rest[1:], true
		}
		// "~user", "$HOMEDIR": not the home directory.
		return "", false
	}
	return "", false
}
