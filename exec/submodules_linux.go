//go:build linux

package exec

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// checkGitlinks looks, once the command has ended, at the submodules the
// host's git would enter: git status runs git in each gitlink of the index
// (mode 0160000) to see whether it is dirty, and that git reads the
// submodule's own config, whose core.fsmonitor, core.pager or alias it
// runs. A command that may not write the root's config could make a
// repository (git init sub, its core.fsmonitor a command of its own),
// commit in it and add it to the index (git update-index --cacheinfo
// 160000,…,sub), and the host's next git status ran that command outside
// any sandbox. So where the index p.Git holds changed since the plan (one
// lstat where it did not), its gitlinks are read, and each whose .git, or
// the git directory a gitfile or link names, or that directory's config,
// was made or changed since the plan has its .git moved aside; the run
// then fails. p.Work is the index's working tree, "" under
// --allow-git-config (the command may set core.fsmonitor itself there).
func checkGitlinks(p *plannedTodos) []string {
	if p.Work == "" {
		return nil
	}
	index := p.Git + "/index"
	var st unix.Stat_t
	if unix.Lstat(index, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || !changedSince(st.Ctim, p.Since, p.Nsec) {
		return nil
	}
	const cannot = "the command changed git's index, and the submodules your git would enter (running their config's commands) cannot be listed from it: look at git ls-files --stage before you next run git there"
	ix, err := readIndexGitlinks(index)
	if errors.Is(err, errNotIndex) {
		return nil // git refuses it whole, and enters no submodule
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: %v; %s", index, err, cannot)}
	}
	links := ix.gitlinks
	if ix.shared != "" { // a split index: the rest of its entries are the shared one's
		sh, err := readIndexGitlinks(p.Git + "/" + ix.shared)
		if err != nil {
			return []string{fmt.Sprintf("%s/%s: %v; %s", p.Git, ix.shared, err, cannot)}
		}
		if sh.shared != "" {
			return []string{fmt.Sprintf("%s/%s: a shared index itself split; %s", p.Git, ix.shared, cannot)}
		}
		links = append(links, sh.gitlinks...) // deleted ones too: a check more, never one less
	}
	var found []string
	for _, rel := range links {
		if msg := checkGitlink(p.Work, rel, p.Since, p.Nsec); msg != "" {
			found = append(found, msg)
		}
	}
	return found
}

// readIndexGitlinks reads the git index at path, a regular file (no link
// followed), of at most maxIndexSize bytes, with indexGitlinksAny.
func readIndexGitlinks(path string) (gitIndex, error) {
	fd, err := openNoFollow(path)
	if err != nil {
		return gitIndex{}, err
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return gitIndex{}, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size > maxIndexSize {
		return gitIndex{}, fmt.Errorf("%w: not a regular file of at most %d bytes", errIndex, maxIndexSize)
	}
	b := make([]byte, st.Size)
	for n := 0; n < len(b); {
		m, err := unix.Pread(fd, b[n:], int64(n))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return gitIndex{}, err
		}
		if m == 0 {
			return gitIndex{}, fmt.Errorf("%w: shorter than its size", errIndex)
		}
		n += m
	}
	return indexGitlinksAny(b)
}

// submoduleWhy is what the run says of a submodule's .git it moved aside.
const submoduleWhy = "a repository made or changed in the run, which your git would enter as a submodule (git status does, to see whether it is dirty): its configuration could run commands outside the sandbox (core.fsmonitor); --allow-git-config lets a command make submodules"

// checkGitlink is checkGitlinks for the gitlink rel, a path in the
// working tree work: "" if the host's git would find no git directory
// there that the command made or changed since the plan (changedSince). Git
// follows no link on the way to a gitlink (it takes one for a removed
// entry), and neither does this.
func checkGitlink(work, rel string, since, nsec int64) string {
	dir := filepath.Join(work, rel) // git reads "../x" as it stands; the kernel resolves it so
	fd, err := openDirNoLinks(dir, unix.O_PATH)
	if err != nil {
		return "" // gone, no directory or behind a link: git enters none
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if unix.Fstatat(fd, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return ""
	}
	what := ""
	gitdir := dir + "/.git"
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
	case unix.S_IFREG:
		target, ok := readGitfile(gitdir)
		if !ok {
			return "" // git finds no repository there either
		}
		gitdir = target
		if changedSince(st.Ctim, since, nsec) {
			what = "its .git file, naming " + target
		}
	case unix.S_IFLNK:
		if changedSince(st.Ctim, since, nsec) {
			what = "its .git, a symbolic link"
		}
	default:
		what = "its .git, neither a directory nor a file" // a FIFO git would wait at
	}
	if what == "" {
		what = changedGitDir(gitdir, since, nsec)
	}
	if what == "" {
		return ""
	}
	return moveAsideSays(dir, ".git", submoduleWhy+" ("+what+")")
}

// changedGitDir says what of the git directory gitdir (links followed, as
// git does) was made or changed since the plan (changedSince), or is a FIFO or
// a device at which git would wait: its config, config.worktree,
// commondir and the config of the common directory that names, its index
// and HEAD. Not the directory's own time: git status in a submodule
// rewrites its index there, which a run may do.
func changedGitDir(gitdir string, since, nsec int64) string {
	for _, name := range []string{"config", "config.worktree", "commondir", "index", "HEAD"} {
		var st unix.Stat_t
		if unix.Stat(gitdir+"/"+name, &st) != nil {
			continue
		}
		switch {
		case st.Mode&unix.S_IFMT != unix.S_IFREG:
			return gitdir + "/" + name + " is no regular file"
		case changedSince(st.Ctim, since, nsec) && name != "index" && name != "HEAD":
			return gitdir + "/" + name + " made or changed in the run"
		}
	}
	b, err := readRegular(gitdir+"/commondir", 0)
	if err != nil {
		return ""
	}
	common := strings.TrimSpace(string(b))
	if !filepath.IsAbs(common) {
		common = gitdir + "/" + common
	}
	var st unix.Stat_t
	if unix.Stat(common+"/config", &st) == nil && (changedSince(st.Ctim, since, nsec) || st.Mode&unix.S_IFMT != unix.S_IFREG) {
		return common + "/config made or changed in the run"
	}
	return ""
}

// readGitfile reads the .git file f of a submodule or worktree: the git
// directory its "gitdir: PATH" line names, a relative one taken from f's
// directory, as git does.
func readGitfile(f string) (string, bool) {
	b, err := readRegular(f, unix.O_NOFOLLOW)
	if err != nil {
		return "", false
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
	dir = strings.TrimSpace(dir)
	if !ok || dir == "" {
		return "", false
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Dir(f) + "/" + dir
	}
	return dir, true
}
