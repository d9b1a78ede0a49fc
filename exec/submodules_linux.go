//go:build linux

package exec

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
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
// was made or changed since the plan, or that is not the .git a submodule
// path held at the plan and whose configuration runs a program (a
// repository made in an earlier run where nothing looked, and moved in:
// movedInRuns), has its .git moved aside; the run then fails. A
// submodule path with no repository at the plan (p.Subs) is looked at
// whether or not the index changed: its gitlink may have been staged in
// an earlier run, while nothing was there. The gitlinks of an index read
// at no .gitmodules path are left in p.empty, for keepGitlinks to keep
// for the next runs' checks.
// p.Work is the index's working tree, "" under --allow-git-config (the
// command may set core.fsmonitor itself there); for a submodule's whose
// working tree the plan could not tell, p.Super is the superproject's,
// and the trees are found after the run (placeSubmodule).
func checkGitlinks(p *plannedTodos) []string {
	if p.Work == "" && p.Super == "" {
		return nil
	}
	var found []string
	// A submodule path without a repository at the plan that has one now
	// was made or moved in, whether or not the index changed: it may
	// have staged the gitlink in an earlier run, while nothing was there.
	// Beside another run, one with a repository too: it may be that run's
	// command's, moved aside at its end and moved back by this run's
	// (checkGitlink).
	for _, s := range p.Subs {
		var st unix.Stat_t
		if (s.ID == (devIno{}) || p.Overlapped) && unix.Lstat(filepath.Join(p.Work, s.Rel, ".git"), &st) == nil {
			if msg, _ := checkGitlink(p.Work, s.Rel, p); msg != "" {
				found = append(found, msg)
			}
		}
	}
	if p.Work != "" {
		found = append(found, checkGitmodules(p)...)
	}
	index := p.Git + "/index"
	var st unix.Stat_t
	if unix.Lstat(index, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || !changedSince(st.Ctim, p.Since, p.Nsec) {
		return found
	}
	links, err := readGitlinksOf(p.Git)
	if errors.Is(err, errNotIndex) {
		return found // git refuses it whole, and enters no submodule
	}
	if err != nil {
		return append(found, err.Error())
	}
	works := []string{p.Work}
	if p.Work == "" {
		if works, err = placeSubmodule(p); err != nil {
			return append(found, err.Error())
		}
	}
	p.read, p.links = true, links
	for _, work := range works {
		for _, rel := range links {
			msg, _ := checkGitlink(work, rel, p)
			if msg != "" {
				found = append(found, msg)
			}
			// What a later run can fill, or whose config it can
			// change, unseen: kept for its check (keepGitlinks). Not a
			// .gitmodules path, looked at in every run (p.Subs), its
			// config read-only.
			if !slices.ContainsFunc(p.Subs, func(s plannedSub) bool { return s.Rel == rel }) {
				p.empty = append(p.empty, pendingLink{Git: p.Git, Work: work, Rel: rel})
			}
		}
	}
	return found
}

// readGitlinksOf reads the gitlinks of the index of git directory git,
// and of its shared index where it is split: deleted ones too, a check
// more, never one less. errNotIndex where git refuses it whole; another
// error says what cannot be read, as the run's failure.
func readGitlinksOf(git string) ([]string, error) {
	const cannot = "the command changed git's index, and the submodules your git would enter (running their config's commands) cannot be listed from it: look at git ls-files --stage before you next run git there"
	index := git + "/index"
	ix, err := readIndexGitlinks(index)
	if errors.Is(err, errNotIndex) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v; %s", index, err, cannot)
	}
	if ix.shared == "" {
		return ix.gitlinks, nil
	}
	sh, err := readIndexGitlinks(git + "/" + ix.shared)
	if err != nil {
		return nil, fmt.Errorf("%s/%s: %v; %s", git, ix.shared, err, cannot)
	}
	if sh.shared != "" {
		return nil, fmt.Errorf("%s/%s: a shared index itself split; %s", git, ix.shared, cannot)
	}
	return append(ix.gitlinks, sh.gitlinks...), nil
}

// placeSupers gives each submodule git directory of ps (one of modules)
// whose working tree the plan cannot tell (no .gitmodules path, no
// core.worktree) the superproject git enters it from: the git directory
// of ps it lies in the modules/ of, nearest first, where that one's
// working tree is known. Git finds such a submodule's working tree as it
// finds any: the directory whose .git (a gitfile naming it) it was
// entered at, a gitlink of the superproject's index (placeSubmodule).
func placeSupers(ps []*plannedTodos, modules []string) {
	for _, p := range ps {
		if p.Work != "" || !slices.Contains(modules, p.Git) {
			continue
		}
		for i, o := range ps {
			if o.Work != "" && within(p.Git, o.Git+"/modules") && (p.superAt == 0 || len(o.Git) > len(p.SuperGit)) {
				p.Super, p.SuperGit, p.superAt = o.Work, o.Git, i+1
			}
		}
	}
}

// placeSupersAt is placeSupers for ps read back by a killed runner's
// process (parseTodosArg), by each one's superAt.
func placeSupersAt(ps []*plannedTodos) {
	for _, p := range ps {
		if p.superAt > 0 && p.superAt <= len(ps) {
			p.Super, p.SuperGit = ps[p.superAt-1].Work, ps[p.superAt-1].Git
		}
	}
}

// placeSubmodule returns the working trees git takes the submodule git
// directory p.Git to have: each gitlink of p.SuperGit's index whose .git
// in p.Super is a gitfile naming p.Git. Read only when p.Git's index
// changed in the run: its gitlinks are then read from each.
func placeSubmodule(p *plannedTodos) ([]string, error) {
	links, err := readGitlinksOf(p.SuperGit)
	if errors.Is(err, errNotIndex) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var want unix.Stat_t
	if unix.Stat(p.Git, &want) != nil {
		return nil, nil
	}
	var works []string
	for _, rel := range links {
		work := filepath.Join(p.Super, rel)
		target, ok := readGitfile(work + "/.git")
		var st unix.Stat_t
		if ok && unix.Stat(target, &st) == nil && st.Dev == want.Dev && st.Ino == want.Ino && !slices.Contains(works, work) {
			works = append(works, work)
		}
	}
	return works, nil
}

// checkGitmodules looks, where p.Work's .gitmodules was made or changed
// in the run (one lstat where it was not), at each path it names, as at a
// gitlink (checkGitlink): the next plan takes a repository at such a path
// for a submodule of the user's (p.Subs), so that a run which made
// .gitmodules and a repository beside, staging nothing, had the next one
// stage it unjudged. One .gitmodules present at the plan is read-only
// through the run (protect).
func checkGitmodules(p *plannedTodos) []string {
	path := p.Work + "/.gitmodules"
	var st unix.Stat_t
	if unix.Lstat(path, &st) != nil || !changedSince(st.Ctim, p.Since, p.Nsec) {
		return nil
	}
	b, err := readPointer(path)
	if err != nil {
		if errors.Is(err, errConfigTooLarge) {
			return []string{fmt.Sprintf("%s: made or changed in the run, and too large to read for the submodules it names (%v): look at the repositories at its paths before you next run git there", path, err)}
		}
		return nil // no file git reads it from (a link, a FIFO), or gone
	}
	var found []string
	for _, rel := range gitmodulesPaths(b) {
		if msg, _ := checkGitlink(p.Work, rel, p); msg != "" {
			found = append(found, msg)
		}
	}
	return found
}

// readIndexGitlinks reads the git index at path, a regular file (no link
// followed), of at most maxIndexSize bytes, with indexGitlinksAny. The
// index is mapped, not read into the runner's heap: its pages are the page
// cache's, which the kernel takes back under pressure. Read into the heap,
// a command's 600 MB index (written as the command's last act) made the
// runner the largest process of a memory cgroup of 200 MB, and the
// out-of-memory killer took it, and the process that shares its memory,
// before the submodules were checked (a red team's finding).
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
	if st.Size == 0 {
		return indexGitlinksAny(nil)
	}
	b, err := unix.Mmap(fd, 0, int(st.Size), unix.PROT_READ, unix.MAP_PRIVATE)
	if err != nil {
		return gitIndex{}, err
	}
	defer unix.Munmap(b)
	_ = unix.Madvise(b, unix.MADV_SEQUENTIAL)
	return indexGitlinksMapped(b)
}

// indexGitlinksMapped is indexGitlinksAny over a mapped index, a fault in
// which (the file cut short meanwhile by a process outside the run) is an
// error, not the runner's end.
func indexGitlinksMapped(b []byte) (ix gitIndex, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			ix, err = gitIndex{}, fmt.Errorf("%w: changed while read (%v)", errIndex, r)
		}
	}()
	ix, err = indexGitlinksAny(b)
	// The gitlinks' paths are new strings (indexGitlinks copies each), so
	// nothing of the mapping outlives it.
	return ix, err
}

// submoduleWhy is what the run says of a submodule's .git it moved aside.
const submoduleWhy = "a repository made or changed in the run, which your git would enter as a submodule (git status does, to see whether it is dirty): its configuration could run commands outside the sandbox (core.fsmonitor); --allow-git-config lets a command make submodules"

// checkGitlink is checkGitlinks for the gitlink rel, a path in the
// working tree work: "" if the host's git would find no git directory
// there that the command made or changed since the plan (changedSince),
// nor one moved in whose configuration runs a program (movedInRuns). Git
// follows no link on the way to a gitlink (it takes one for a removed
// entry), and neither does this. It says too whether git finds a
// repository there at all (a .git, a gitfile that reads).
func checkGitlink(work, rel string, p *plannedTodos) (string, bool) {
	since, nsec := p.Since, p.Nsec
	dir := filepath.Join(work, rel) // git reads "../x" as it stands; the kernel resolves it so
	fd, err := openDirNoLinks(dir, unix.O_PATH)
	if err != nil {
		return "", false // gone, no directory or behind a link: git enters none
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if unix.Fstatat(fd, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return "", false
	}
	what := ""
	gitdir := dir + "/.git"
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
	case unix.S_IFREG:
		target, ok := readGitfile(gitdir)
		if !ok {
			return "", false // git finds no repository there either
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
	// One the plan found there is the person's, unless the plan was
	// taken beside another run and it has been moved since (replanted).
	if what == "" && (p.replanted(st.Ctim) || !slices.ContainsFunc(p.Subs, func(s plannedSub) bool { return s.ID == devIno{st.Dev, st.Ino} })) {
		what = movedInRuns(gitdir)
	}
	if what == "" {
		return "", true
	}
	return moveAsideSays(dir, ".git", submoduleWhy+" ("+what+")"), true
}

// movedInRuns judges a repository at a gitlink that was at no submodule
// path .gitmodules gave at the plan, and that was not made or changed in
// the run (changedGitDir): one made earlier where nothing looks (two
// levels down, not staged) and moved in whole, or staged, in this run,
// which keeps its times. Its configuration decides, as the one-level
// look's does (configRuns): where it has git run a program, or cannot be
// read whole, it is moved aside. Not whatever it holds: a repository of
// yours nested in the project, not a registered submodule, that the run
// stages (git add of an embedded repository) is no less yours than one
// moved; and not by the plan's submodule git directories alone: an
// earlier run can make one under .git/modules, which the next plan takes
// for the user's. What is lost: such a nested repository of yours whose
// configuration runs a program has its .git moved aside when a run
// changes the index.
func movedInRuns(gitdir string) string {
	c, _ := repoConfig(gitdir)
	if why := configRuns(c); why != "" {
		return "a repository at no submodule's path at the plan, made before the run and moved in or staged, whose configuration " + why
	}
	return ""
}

// plannedSub is a submodule path (.gitmodules' submodule.NAME.path) and
// the .git there at the plan, by device and inode (zero: none).
type plannedSub struct {
	Rel string
	ID  devIno
}

// subsArg and parseSubsArg carry plannedTodos.Subs in todosArg: each
// path, then its device and inode, NUL-separated (no path holds a NUL).
func subsArg(subs []plannedSub) string {
	var b strings.Builder
	for _, s := range subs {
		b.WriteString(s.Rel + "\x00" + strconv.FormatUint(s.ID.dev, 10) + "." + strconv.FormatUint(s.ID.ino, 10) + "\x00")
	}
	return b.String()
}

func parseSubsArg(s string) ([]plannedSub, bool) {
	var subs []plannedSub
	f := strings.Split(s, "\x00")
	if len(f)%2 != 1 || f[len(f)-1] != "" {
		return nil, false
	}
	for i := 0; i+1 < len(f); i += 2 {
		d, n, ok := strings.Cut(f[i+1], ".")
		dev, err1 := strconv.ParseUint(d, 10, 64)
		ino, err2 := strconv.ParseUint(n, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, false
		}
		subs = append(subs, plannedSub{f[i], devIno{dev, ino}})
	}
	return subs, true
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
