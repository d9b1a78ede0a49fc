//go:build linux

package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

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
