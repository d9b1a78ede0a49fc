package exec

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Repositories the command makes beside the project's own. An editor
// opening the project finds the repositories one level below its folder
// by itself (VS Code's git.autoRepositoryDetection, on by default) and
// runs git status in each: the core.fsmonitor of one the command made,
// or wrote into, runs outside any sandbox, as a hook of the root's would.
// The root's own git directories are the layer's (protect); these are not
// known at the plan, so the run's end looks for them.

// plannedNested is the directory whose entries the run's end looks in
// for repositories (checkNested) and the second from which a change is
// the command's (changeClock).
type plannedNested struct {
	Root  string
	Since int64
}

// maxNestedEntries bounds the entries of the root checkNested reads; past
// it the run fails, not knowing what it did not look at.
const maxNestedEntries = 1 << 16

// checkNested moves aside (.git.mewsandbox-planted) the .git of each
// repository one level below n.Root that the command made or whose
// configuration it changed, where that configuration has git run a
// program (programOf: core.fsmonitor, a filter, a diff driver …), and
// says so. A repository made with git init, git clone or a test's
// fixture, whose configuration runs nothing, stays, as does one older
// than the run whatever it holds (the user's own). One open of the root,
// one getdents, and for each entry one open and, for a directory, an
// fstatat and an fstat.
func checkNested(n *plannedNested) []string {
	if n == nil {
		return nil
	}
	fd, err := openDirNoLinks(n.Root, unix.O_RDONLY|unix.O_DIRECTORY)
	if err == unix.ENOENT {
		return nil
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: not looked in for repositories the command made (%v): look for a .git with a core.fsmonitor or another program in its config below it before an editor opens it", n.Root, err)}
	}
	defer unix.Close(fd)
	names, err := fdNames(fd, maxNestedEntries)
	if err != nil {
		return []string{fmt.Sprintf("%s: not looked in for repositories the command made (%v): look for a .git with a core.fsmonitor or another program in its config below it before an editor opens it", n.Root, err)}
	}
	var found []string
	for _, name := range names {
		if name == ".git" {
			continue // the root's own: the layer's
		}
		dir, err := unix.Openat(fd, name, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			continue // no directory
		}
		if why := nestedRuns(dir, n.Root+"/"+name, n.Since); why != "" {
			to, moved, err := moveAsideAt(dir, ".git")
			switch {
			case err != nil:
				found = append(found, fmt.Sprintf("%s/.git: %s, and it could not be moved aside (%v): remove it before an editor opens the project", n.Root+"/"+name, why, err))
			case moved:
				found = append(found, fmt.Sprintf("%s/.git: %s: moved to %s/%s", n.Root+"/"+name, why, n.Root+"/"+name, to))
			}
		}
		unix.Close(dir)
	}
	return found
}

// nestedRuns says why the repository in directory path (dir, opened
// O_PATH) is one the command planted, or "": it was made, moved in or
// repointed since since, or its configuration changed, and that
// configuration has git run a program, or cannot be read whole. Made or
// moved in: the directory's entries changed, or it was renamed (its
// ctime); a .git file or link, which git itself never rewrites, made or
// changed; the config, its common directory's or a file they include
// made or changed. Not the .git directory's own ctime, which any git
// status changes there: a repository of the user's, whose configuration
// is theirs, stays however the command used it. A .git link made since is
// one whatever it leads to.
func nestedRuns(dir int, path string, since int64) string {
	var st, dst unix.Stat_t
	if unix.Fstatat(dir, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) != nil || unix.Fstat(dir, &dst) != nil {
		return ""
	}
	changed := dst.Ctim.Sec >= since || st.Mode&unix.S_IFMT != unix.S_IFDIR && st.Ctim.Sec >= since
	git := path + "/.git"
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFLNK:
		if changed {
			return "a .git link made in the run, which git follows"
		}
		return ""
	case unix.S_IFREG:
		if git = gitdirPointer(path, git); git == "" {
			return ""
		}
	case unix.S_IFDIR:
	default:
		if changed {
			return "a .git made in the run that is no file or directory"
		}
		return ""
	}
	files := []string{git + "/config"}
	if b, err := readPointer(git + "/commondir"); err == nil {
		c := strings.TrimRight(string(b), "\r\n")
		if !strings.HasPrefix(c, "/") {
			c = git + "/" + c
		}
		files = append(files, c+"/config")
	}
	var c gitConfig
	for _, f := range files {
		c.read(f, "", 0)
	}
	for _, f := range append(files, c.includes...) {
		var fst unix.Stat_t
		if unix.Lstat(f, &fst) == nil && fst.Ctim.Sec >= since {
			changed = true
		}
	}
	switch {
	case !changed:
		return ""
	case c.limit != "":
		return "a repository made or changed in the run whose configuration cannot be read whole (" + c.limitWhy + ")"
	case len(c.programs) > 0:
		return "a repository made or changed in the run whose configuration has git run a program (" + c.programs[0].key + " = " + strconv.Quote(c.programs[0].value) + "), which an editor opening the project runs there"
	}
	return ""
}

// nestedArg is n as an argument of afterKilledArgs: "n:SINCE:ROOT".
func nestedArg(n *plannedNested) string {
	return "n:" + strconv.FormatInt(n.Since, 10) + ":" + n.Root
}

// parseNestedArg reads nestedArg's argument, without its "n:".
func parseNestedArg(s string) *plannedNested {
	since, root, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(since, 10, 64)
	if !ok || err != nil || !strings.HasPrefix(root, "/") {
		return nil
	}
	return &plannedNested{Root: root, Since: n}
}
