package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Mercurial's %include is followed on Linux and on macOS alike: the
// namespace layer holds the included files (protectedPaths), and the
// Seatbelt profile denies writing them (planSeatbelt). readConfig, which
// reads a file without opening a FIFO or a device, is the platform's.

// maxIncludeDepth is git's own limit on nested includes, and the depth to
// which Mercurial's are followed.
const maxIncludeDepth = 10

// maxConfigFiles bounds the files one plan reads, includes and all. Git
// has no such limit: past it, the plan cannot know what git reads, and
// says so in limit (a strict run is refused).
const maxConfigFiles = 32

// maxConfigSize bounds what is read of one config file. Git has no such
// limit: a larger file is not read in part (what follows could set
// core.hooksPath) but refused, errConfigTooLarge.
const maxConfigSize = 1 << 20

var errConfigTooLarge = errors.New("config file too large")

// errNotRegular is a git file that is no regular file.
var errNotRegular = errors.New("not a regular file")

// expandHome expands a path value's leading ~ or ~user as git does; ""
// for what cannot lie in the root (%(prefix)/, the installation's) or be
// known (an unknown user).
func expandHome(p, home string) string {
	switch {
	case strings.HasPrefix(p, "%(prefix)/"):
		return ""
	case p == "~" || strings.HasPrefix(p, "~/"):
		if home == "" {
			return ""
		}
		return home + p[1:]
	case strings.HasPrefix(p, "~"):
		name, rest, _ := strings.Cut(p[1:], "/")
		dir := passwdHome("/etc/passwd", 0, name)
		if dir == "" {
			return ""
		}
		return dir + "/" + rest
	}
	return p
}

// hgConfig is what hgIncludes found: the files Mercurial's repository
// configuration in a root includes, and where the plan could not follow
// it (limit, limitWhy; "" for nowhere).
type hgConfig struct {
	includes        []string
	limit, limitWhy string
	files           int
}

// hgIncludes follows the %include lines of the repository configuration
// hg reads in root (.hg/hgrc, .hg/hgrc-not-shared) as hg does
// (mercurial/config.py): a line that starts with "%include", blanks, then
// the path, its environment variables and ~ expanded, taken from the
// including file's directory, to maxIncludeDepth. An included file in the
// root is as much hg's config as hgrc ([hooks] the next hg command runs),
// so the command must not be able to write or make one.
func hgIncludes(root, home string) hgConfig {
	var c hgConfig
	for _, f := range [...]string{".hg/hgrc", ".hg/hgrc-not-shared"} {
		c.read(filepath.Join(root, f), home, 0)
	}
	return c
}

// read takes in the includes of config file path, depth deep in includes
// already; a missing or unreadable file includes nothing, as for hg.
func (c *hgConfig) read(path, home string, depth int) {
	if depth > maxIncludeDepth || c.limit != "" {
		return
	}
	if c.files >= maxConfigFiles {
		c.limit, c.limitWhy = path, fmt.Sprintf("Mercurial's repository configuration includes more than %d files, too many to follow: hg would read this one too", maxConfigFiles)
		return
	}
	b, err := readConfig(path)
	switch {
	case errors.Is(err, errConfigTooLarge):
		c.limit, c.limitWhy = path, fmt.Sprintf("more than %d bytes of Mercurial config, too large to read: hg reads all of it", maxConfigSize)
		return
	case errors.Is(err, errNotRegular):
		c.limit, c.limitWhy = path, "a Mercurial config file that is no regular file (a FIFO, a device): hg would read it"
		return
	case err != nil:
		return
	}
	c.files++
	for line := range strings.Lines(string(b)) {
		inc, ok := hgIncludeLine(line)
		if !ok {
			continue
		}
		inc = os.Expand(inc, keepUnset)
		if e := expandHome(inc, home); e != "" {
			inc = e // else as written, as expanduser leaves an unknown ~user
		}
		if !filepath.IsAbs(inc) {
			inc = filepath.Join(filepath.Dir(path), inc)
		}
		c.includes = append(c.includes, filepath.Clean(inc))
		c.read(inc, home, depth+1)
	}
}

// hgIncludeLine returns the path of an "%include path" line, as hg's
// includere reads it: at the line's start, at least one blank after the
// word, the path up to its last non-blank character.
func hgIncludeLine(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "%include")
	if !ok || rest == "" || !strings.ContainsRune(" \t\v\f", rune(rest[0])) {
		return "", false
	}
	inc := strings.TrimSpace(rest)
	return inc, inc != ""
}

// keepUnset is os.Expand's mapping as Python's os.path.expandvars: a
// variable that is not set stays as written.
func keepUnset(name string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return "$" + name
}
