package exec

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
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
// for repositories (checkNested), the time from which a change is the
// command's (changeClockNsec, changedSince), and the .git of each
// repository there at the plan (planNested): the user's own.
type plannedNested struct {
	Root        string
	Since, Nsec int64
	Repos       []devIno
}

// planNested records the repositories one level below root before the
// command may run: one listing and an fstatat for each entry.
func planNested(root string, sec, nsec int64) *plannedNested {
	n := &plannedNested{Root: root, Since: sec, Nsec: nsec}
	fd, err := openDirNoLinks(root, unix.O_RDONLY|unix.O_DIRECTORY)
	if err != nil {
		return n // every repository found after the run is then judged
	}
	defer unix.Close(fd)
	eachSubdir(fd, func(name string) {
		var st unix.Stat_t
		if name != ".git" && unix.Fstatat(fd, name+"/.git", &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
			n.Repos = append(n.Repos, devIno{st.Dev, st.Ino})
		}
	})
	return n
}

// eachSubdir calls fn with the name of each entry of the directory fd
// that may be a directory (d_type DT_DIR, or DT_UNKNOWN where the file
// system gives none), but . and .., as getdents reads them: a root of a
// million files (a flat data set) is read through one buffer, and only
// its directories, where a repository may be, cost more.
//
// It reads through 4 KiB first, a project's root in one read: a buffer
// on the stack is zeroed as it is declared, and 32 KiB of it were eight
// fresh pages faulted in on each of a run's two calls; only a directory
// that fills the small buffer is read through a larger one.
func eachSubdir(fd int, fn func(name string)) error {
	var small [4 << 10]byte
	buf := small[:]
	for {
		m, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		if m <= 0 {
			return nil
		}
		for b := buf[:m]; len(b) >= 19; {
			// struct linux_dirent64: ino, off (8 bytes each), reclen (2),
			// type (1), then the name, NUL-terminated.
			reclen := int(binary.NativeEndian.Uint16(b[16:]))
			if reclen < 19 || reclen > len(b) {
				return fmt.Errorf("getdents: a record of %d bytes", reclen)
			}
			typ := b[18]
			name := b[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if (typ == unix.DT_DIR || typ == unix.DT_UNKNOWN) && string(name) != "." && string(name) != ".." {
				fn(string(name))
			}
			b = b[reclen:]
		}
		if len(buf) == len(small) && m > len(small)/2 {
			buf = make([]byte, 32<<10)
		}
	}
}

// checkNested moves aside (.git.mewsandbox-planted) the .git of each
// repository one level below n.Root that the command made, moved in or
// repointed, or whose configuration it changed, where that configuration
// has git run a program (programOf: core.fsmonitor, a filter, a diff
// driver …), and says so. A repository made with git init, git clone or
// a test's fixture, whose configuration runs nothing, stays, as does one
// there at the plan whose configuration the command left (the user's
// own, a submodule's, a linked worktree's), however the command worked
// in it. One open of the root, a getdents for each 32 KiB of its
// listing, and for each directory there one open and an fstatat.
func checkNested(n *plannedNested) []string {
	if n == nil {
		return nil
	}
	unlooked := func(err error) []string {
		return []string{fmt.Sprintf("%s: not looked in for repositories the command made (%v): look for a .git with a core.fsmonitor or another program in its config below it before an editor opens it", n.Root, err)}
	}
	fd, err := openDirNoLinks(n.Root, unix.O_RDONLY|unix.O_DIRECTORY)
	if err == unix.ENOENT {
		return nil
	}
	if err != nil {
		return unlooked(err)
	}
	defer unix.Close(fd)
	var found []string
	err = eachSubdir(fd, func(name string) {
		if name == ".git" {
			return // the root's own: the layer's
		}
		dir, err := unix.Openat(fd, name, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return // no directory
		}
		if why := nestedRuns(dir, n.Root+"/"+name, n); why != "" {
			to, moved, err := moveAsideAt(dir, ".git")
			switch {
			case err != nil:
				found = append(found, fmt.Sprintf("%s/.git: %s, and it could not be moved aside (%v): remove it before an editor opens the project", n.Root+"/"+name, why, err))
			case moved:
				found = append(found, fmt.Sprintf("%s/.git: %s: moved to %s/%s", n.Root+"/"+name, why, n.Root+"/"+name, to))
			}
		}
		unix.Close(dir)
	})
	if err != nil {
		return append(found, unlooked(err)...)
	}
	return found
}

// nestedRuns says why the repository in directory path (dir, opened
// O_PATH) is one the command planted, or "": its .git is not one the
// plan found (made, or moved in: a rename keeps the inode), or a .git
// file was rewritten (git itself never does), or its config, its common
// directory's or a file they include was made or changed since the plan;
// and that configuration has git run a program, or cannot be read whole.
// Not the .git directory's own ctime, which any git status changes: a
// repository of the user's stays however the command used it. A .git
// link not found at the plan is one whatever it leads to.
func nestedRuns(dir int, path string, n *plannedNested) string {
	var st unix.Stat_t
	if unix.Fstatat(dir, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return ""
	}
	changed := !slices.Contains(n.Repos, devIno{st.Dev, st.Ino}) || st.Mode&unix.S_IFMT != unix.S_IFDIR && changedSince(st.Ctim, n.Since, n.Nsec)
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
	c, files := repoConfig(git)
	for _, f := range append(files, c.includes...) {
		var fst unix.Stat_t
		if unix.Lstat(f, &fst) == nil && changedSince(fst.Ctim, n.Since, n.Nsec) {
			changed = true
		}
	}
	if !changed {
		return ""
	}
	if why := configRuns(c); why != "" {
		return "a repository made or changed in the run whose configuration " + why + ", which an editor opening the project runs there"
	}
	return ""
}

// repoConfig reads the configuration git takes in the git directory git:
// its config, and its common directory's where a commondir names one;
// and the files it read, includes apart.
func repoConfig(git string) (gitConfig, []string) {
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
	return c, files
}

// configRuns says what of configuration c has git run a program
// (programOf), or that it cannot be read whole; "" for neither.
func configRuns(c gitConfig) string {
	switch {
	case c.limit != "":
		return "cannot be read whole (" + c.limitWhy + ")"
	case len(c.programs) > 0:
		return "has git run a program (" + c.programs[0].key + " = " + strconv.Quote(c.programs[0].value) + ")"
	}
	return ""
}

// nestedArg is n as an argument of afterKilledArgs:
// "n:SEC.NSEC:DEV.INO,…:ROOT".
func nestedArg(n *plannedNested) string {
	repos := make([]string, len(n.Repos))
	for i, r := range n.Repos {
		repos[i] = strconv.FormatUint(r.dev, 10) + "." + strconv.FormatUint(r.ino, 10)
	}
	return "n:" + strconv.FormatInt(n.Since, 10) + "." + strconv.FormatInt(n.Nsec, 10) + ":" + strings.Join(repos, ",") + ":" + n.Root
}

// parseNestedArg reads nestedArg's argument, without its "n:".
func parseNestedArg(s string) *plannedNested {
	since, rest, ok1 := strings.Cut(s, ":")
	repos, root, ok2 := strings.Cut(rest, ":")
	sec, nsec, ok3 := strings.Cut(since, ".")
	n, err1 := strconv.ParseInt(sec, 10, 64)
	ns, err2 := strconv.ParseInt(nsec, 10, 64)
	if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil || !strings.HasPrefix(root, "/") {
		return nil
	}
	p := &plannedNested{Root: root, Since: n, Nsec: ns}
	for r := range strings.SplitSeq(repos, ",") {
		if r == "" {
			continue
		}
		d, i, ok := strings.Cut(r, ".")
		dev, err1 := strconv.ParseUint(d, 10, 64)
		ino, err2 := strconv.ParseUint(i, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil
		}
		p.Repos = append(p.Repos, devIno{dev, ino})
	}
	return p
}
