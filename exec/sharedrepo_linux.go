//go:build linux

package exec

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// sharedRepository returns the root's core.sharedRepository where it
// makes git share the repository with a group or everyone, and "" where
// it does not (unset, umask, false, 0) or there is no .git directory. Git
// then gives every directory it makes in the repository the set-group-ID
// bit (adjust_shared_perm's chmod, even where the directory inherited the
// bit), which seccomp refuses (setIDRules): git add and commit fail with
// "unable to create temporary file: Operation not permitted", which says
// nothing of why. It reads the config after the run, so only a .git that
// is a directory, and a config that is a regular file reached without a
// link (readPointer), are read; a value that is no word or number is
// returned as "set" rather than quoted.
func sharedRepository(root string) string {
	if root == "" {
		return ""
	}
	git := filepath.Join(root, ".git")
	var st unix.Stat_t
	if unix.Lstat(git, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return ""
	}
	b, err := readPointer(git + "/config")
	if err != nil {
		return ""
	}
	value, set := "", false
	parseGitConfig(b, func(name, v string, hasValue bool) {
		if name == "core.sharedrepository" {
			set = true
			value = v
			if !hasValue {
				value = "true"
			}
		}
	})
	if !set {
		return ""
	}
	switch strings.ToLower(value) {
	case "umask", "false", "no", "off", "":
		return ""
	}
	if strings.Trim(value, "0") == "" {
		return "" // 0, 00: the umask, as for git
	}
	if !shareWord(value) {
		return "set"
	}
	return value
}

// shareWord says whether v is 1 to 16 ASCII letters and digits, safe to
// quote in a message. (No regular expression: a package-level one is
// compiled at every start of the binary.)
func shareWord(v string) bool {
	if len(v) == 0 || len(v) > 16 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// sharedRepositoryMessage says why git fails in a shared repository and
// what to do; the run may have failed for another reason, so it says
// which failure it explains.
func sharedRepositoryMessage(root, value string) string {
	return fmt.Sprintf("mewsandbox: if git failed with \"Operation not permitted\" (\"unable to create temporary file\"): %s/.git/config sets core.sharedRepository = %s: git gives each directory it makes in the repository the set-group-ID bit, which the sandbox refuses; run git there with -c core.sharedRepository=umask (what it makes is then not shared with the group), or outside the sandbox", root, value)
}

// unfinishedInit returns the git directory in dir or root that a git init
// began and did not finish: a .git directory (not a link) with neither
// HEAD nor config. git init --shared (=group, =0660 …) copies its
// templates, then gives the hooks directory the set-group-ID bit, which
// seccomp refuses, and stops there with "Could not make …/hooks/ writable
// by group", before the config that sharedRepository reads exists. A few
// lstat calls, made only after a failed run.
func unfinishedInit(root, dir string) string {
	for _, d := range []string{dir, root} {
		if d == "" {
			continue
		}
		git := filepath.Join(d, ".git")
		var st unix.Stat_t
		if unix.Lstat(git, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
			continue
		}
		if unix.Lstat(git+"/HEAD", &st) != unix.ENOENT || unix.Lstat(git+"/config", &st) != unix.ENOENT {
			continue
		}
		// git init had made the hooks directory it failed on; an empty
		// .git kept as a project marker has none, or the layer's
		// placeholder, and is no half-made repository to remove.
		if unix.Lstat(git+"/hooks", &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR && !isPlaceholder(git+"/hooks") {
			return git
		}
	}
	return ""
}

// unfinishedInitMessage says why git init --shared fails in the sandbox
// and what to use instead; under the layer the half-made git directory,
// which has no config, is read-only as a whole and must go first.
func unfinishedInitMessage(git string, layer bool) string {
	m := "mewsandbox: if git init failed with \"Could not make …/hooks/ writable by group\": git init --shared gives the repository's directories the set-group-ID bit, which the sandbox refuses; run git init without --shared (what it makes is then not shared with the group), or git init --shared outside the sandbox"
	if layer {
		m += fmt.Sprintf("; the namespace layer keeps the half-made %s read-only: remove it outside the sandbox first", git)
	}
	return m
}
