//go:build linux

package exec

import (
	"fmt"
	"path/filepath"
	"strings"
)

// programHints says, after a command failed, why a program a git config
// has git run (programOf), which the layer keeps read-only, could not be
// written, where the command line names it: the write fails with only
// "Read-only file system", and a developer editing the project's own
// textconv or fsmonitor script has nothing else to go on. programs hold
// each protected program's path (value) and the key naming it.
func programHints(args []string, root string, programs []configProgram) []string {
	line := strings.Join(args, " ")
	var out []string
	for _, p := range programs {
		path := filepath.Clean(p.value)
		rel, err := filepath.Rel(root, path)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = ""
		}
		if !namesPath(line, path) && (rel == "" || !namesPath(line, rel)) {
			continue
		}
		out = append(out, fmt.Sprintf("mewsandbox: if it failed writing %s (\"Read-only file system\"): git runs it outside the sandbox (%s), so the namespace layer keeps it read-only and no flag lets a command write it; edit it outside the sandbox, or have git's config name no program in the project", path, p.key))
	}
	return out
}

// namesPath says whether s names path p as a word of its own: p not
// preceded or followed by a character of a path.
func namesPath(s, p string) bool {
	const pathChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/~"
	for i := 0; ; {
		j := strings.Index(s[i:], p)
		if j < 0 {
			return false
		}
		k, e := i+j, i+j+len(p)
		if (k == 0 || !strings.ContainsRune(pathChars, rune(s[k-1])) || s[k-1] == '/' && k >= 2 && s[k-2] == '.') &&
			(e == len(s) || !strings.ContainsRune(pathChars, rune(s[e]))) {
			return true
		}
		i = k + 1
	}
}
