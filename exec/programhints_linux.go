//go:build linux

package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// heldHints says, after a command under the layer failed, why a file of
// the project's that the layer keeps read-only could not be written,
// where the command line names it (or what lies in it, for a directory;
// package.json for a package manager, which writes it unnamed): the
// scripts git's and agents' hooks run and what they load (scripts/lint.sh,
// a hook's package.json) fail with only "Read-only file system", which
// says nothing of a hook. held are the layer's read-only paths
// (nsLayer.held); those in a git directory, and the programs
// programHints names, are said elsewhere.
func heldHints(args []string, root string, held []string, programs []configProgram) []string {
	line := strings.Join(args, " ")
	installs := namesWord(line, "npm", "pnpm", "yarn", "bun")
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real // held are real paths
	}
	var out []string
	for _, p := range held {
		rel, err := filepath.Rel(root, p)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") || slices.Contains(strings.Split(rel, "/"), ".git") ||
			slices.ContainsFunc(programs, func(c configProgram) bool { return filepath.Clean(c.value) == p }) {
			continue
		}
		fi, err := os.Lstat(p)
		if err != nil {
			continue
		}
		below := fi.IsDir()
		if !namesPathOrBelow(line, p, below) && !namesPathOrBelow(line, rel, below) && (!installs || filepath.Base(p) != "package.json") {
			continue
		}
		out = append(out, fmt.Sprintf("mewsandbox: if it failed writing %s (\"Read-only file system\"): git, an agent's hook or your editor runs or reads it outside the sandbox, so the namespace layer keeps it read-only and no flag lets a command write it; change it outside the sandbox", p))
	}
	return out
}

// namesPath says whether s names path p as a word of its own: p not
// preceded or followed by a character of a path.
func namesPath(s, p string) bool { return namesPathOrBelow(s, p, false) }

// namesPathOrBelow is namesPath, where below also taking a path in
// directory p (p followed by "/") for one that names it.
func namesPathOrBelow(s, p string, below bool) bool {
	const pathChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/~"
	for i := 0; ; {
		j := strings.Index(s[i:], p)
		if j < 0 {
			return false
		}
		k, e := i+j, i+j+len(p)
		if (k == 0 || !strings.ContainsRune(pathChars, rune(s[k-1])) || s[k-1] == '/' && k >= 2 && s[k-2] == '.') &&
			(e == len(s) || !strings.ContainsRune(pathChars, rune(s[e])) || below && s[e] == '/') {
			return true
		}
		i = k + 1
	}
}
