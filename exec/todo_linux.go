//go:build linux

package exec

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// todoLists are where, in a git directory, git's sequencer keeps what it
// is to do next: an interactive rebase's list (git rebase -i, git rebase
// --exec) and cherry-pick's and revert's. Their exec lines are shell
// commands that the next git rebase --continue runs, and git status reads
// the list to show what comes next. A command may write both, .git staying
// writable: a red team's command left a rebase in progress whose list ran
// its own command on the host's git rebase --continue.
var todoLists = [...]struct{ dir, file string }{
	{"rebase-merge", "git-rebase-todo"},
	{"sequencer", "todo"},
}

// plannedTodos is what the plan found of a git directory's todo
// lists (todoLists), each by its index there: its directory a symbolic
// link (to Links[i]; git makes none), and the exec lines of its list; and
// of the files git opens following a link (gitFilesOpened), by their
// index there, those that were links already, to Files[i]: the project's
// own (Google's repo tool makes .git/config, packed-refs and shallow links
// into .repo), which stay.
type plannedTodos struct {
	Git   string
	Since int64 // second from which a change is the command's (newLinks)
	Nsec  int64 // and its nanoseconds (changedSince)
	// Overlapped says the plan was taken beside another run
	// (distrustPlans): the exec lines and the links it found may be that
	// run's command's, and count as the person's only while their list,
	// or the link, is unchanged since (replanted).
	Overlapped bool
	Work       string // the working tree of Git's index, whose gitlinks checkGitlinks reads; "" for none
	// Subs are the .git at each submodule path .gitmodules gave at the
	// plan, by inode (zero: none there), the root's only (checkGitlinks).
	Subs []plannedSub
	// Super and SuperGit are, for a submodule's git directory whose
	// working tree the plan cannot tell (no .gitmodules path, no
	// core.worktree: Work ""), the working tree and git directory of the
	// superproject whose index's gitlinks git enters it from
	// (placeSubmodule). superAt is that superproject's place in the
	// plan's list, plus one (0: none), which a killed runner's process
	// is handed instead (todosArg).
	Super, SuperGit string
	superAt         int
	// State is the file the root's gitlinks with no repository at their
	// paths are kept in for the next run (gitlinkstate_linux.go), on the
	// root's only; "" where there is none, StateErr saying why. Pending
	// are those it held at the plan.
	State, StateErr string
	Pending         []pendingLink
	Links           [len(todoLists)]string
	Execs           [len(todoLists)][]string
	Files           [len(gitFilesOpened)]string

	nested []string // the other planned git directories below Git (checkAllTodos)

	writable []string      // the trees the command may write (updateGitlinkState), a killed runner's process's too (todosArg)
	read     bool          // whether checkGitlinks read the index in this run
	links    []string      // the gitlinks it read there
	empty    []pendingLink // those at no .gitmodules path (keepGitlinks)
}

// replanted says whether ctime ct, of a list or a link p's plan found,
// says it was made, moved or changed since, where the plan was taken
// beside another run (p.Overlapped).
func (p *plannedTodos) replanted(ct unix.Timespec) bool {
	return p.Overlapped && changedSince(ct, p.Since, p.Nsec)
}

// planTodos looks at git's todo lists in git, a git directory in a
// writable tree, before the command may run, and at the files git opens
// following a link: fifteen lstat calls where no rebase is under way.
// A change after sec and nsec (changeClockNsec, taken before this look)
// is the command's.
func planTodos(git string, sec, nsec int64) *plannedTodos {
	p := &plannedTodos{Git: git, Since: sec, Nsec: nsec}
	for i, name := range gitFilesOpened {
		path := git + "/" + strings.TrimSuffix(name, "/")
		var st unix.Stat_t
		if unix.Lstat(path, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			p.Files[i], _ = os.Readlink(path)
		}
	}
	for i, tl := range todoLists {
		dir := git + "/" + tl.dir
		var st unix.Stat_t
		if unix.Lstat(dir, &st) != nil {
			continue
		}
		if st.Mode&unix.S_IFMT == unix.S_IFLNK {
			p.Links[i], _ = os.Readlink(dir)
			continue
		}
		if b, ok := readTodo(dir, tl.file); ok {
			p.Execs[i] = execLines(b)
		}
	}
	return p
}

// readTodo reads the list file in the directory dir, a real path, following
// no link; false if it is missing, or not a regular file.
func readTodo(dir, file string) ([]byte, bool) {
	fd, err := openDirNoLinks(dir, unix.O_PATH)
	if err != nil {
		return nil, false
	}
	defer unix.Close(fd)
	b, err := readRegular("/proc/self/fd/"+strconv.Itoa(fd)+"/"+file, unix.O_NOFOLLOW)
	return b, err == nil
}

// execLines returns the exec lines of a todo list, as git reads them: a
// line whose first word, after blanks, is exec or x.
func execLines(b []byte) []string {
	var out []string
	for line := range bytes.Lines(b) {
		if isExecLine(line) {
			out = append(out, string(bytes.TrimRight(line, "\r\n")))
		}
	}
	return out
}

func isExecLine(line []byte) bool {
	line = bytes.TrimLeft(line, " \t")
	for _, cmd := range []string{"exec", "x"} {
		if rest, ok := bytes.CutPrefix(line, []byte(cmd)); ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '\n') {
			return true
		}
	}
	return false
}

// todoMark starts each exec line checkTodos comments out.
const todoMark = "# mewsandbox: "

// checkAllTodos is checkTodos for each of ps, the git directories the
// plan knows, each looked at once: one below another (a submodule's in
// .git/modules, a linked worktree's in .git/worktrees) is left by the
// walk of the one above to its own (newLinks), whose rules are those of a
// git directory's top.
func checkAllTodos(ps []*plannedTodos) []string {
	var found []string
	for _, p := range ps {
		p.nested = nil
		for _, o := range ps {
			if o.Git != p.Git && within(o.Git, p.Git) {
				p.nested = append(p.nested, o.Git)
			}
		}
		found = append(found, checkTodos(p)...)
	}
	return append(found, keepGitlinks(ps)...)
}

// checkTodos looks at the todo lists once nothing of the command's runs,
// as movePlanted does, and undoes what would run its commands on the host:
// an exec line a list did not have at the plan is commented out (todoMark),
// and a list's directory made a symbolic link, or a list that is no longer
// a regular file (a FIFO, at which the host's git status would wait for
// good), is renamed aside; so is any of the git directory's files git
// opens following a link (checkGitFiles). It returns what it found and
// did, one line each.
func checkTodos(p *plannedTodos) []string {
	if p == nil {
		return nil
	}
	found := checkGitFiles(p)
	for i, tl := range todoLists {
		dir := p.Git + "/" + tl.dir
		var st unix.Stat_t
		if unix.Lstat(dir, &st) != nil {
			continue
		}
		if st.Mode&unix.S_IFMT == unix.S_IFLNK {
			if target, err := os.Readlink(dir); err == nil && target == p.Links[i] && p.Links[i] != "" && !p.replanted(st.Ctim) {
				continue
			}
			found = append(found, moveAsideSays(p.Git, tl.dir, "a symbolic link, which git never makes there and follows to a list of the command's"))
			continue
		}
		if st.Mode&unix.S_IFMT != unix.S_IFDIR {
			continue
		}
		if msg := checkTodo(dir, tl.file, p, i); msg != "" {
			found = append(found, msg)
		}
		if msg := checkStrategy(dir, i, p); msg != "" {
			found = append(found, msg)
		}
	}
	return found
}

// strategyFiles are, by todoLists' index, the files beside each list
// that name the merge strategy of the operation under way: an
// interactive rebase's strategy (git rebase -s), and cherry-pick's and
// revert's opts (options.strategy, git's config syntax).
var strategyFiles = [len(todoLists)]string{"strategy", "opts"}

// gitStrategies are git's own merge strategies (git merge -s).
var gitStrategies = []string{"ort", "recursive", "resolve", "octopus", "ours", "subtree"}

// checkStrategy moves aside the strategy file (strategyFiles[i]) in dir,
// the directory of todoLists[i], that the run made or changed
// (changedSince) where it names a merge strategy that is not one of
// git's own, or cannot be read: git rebase --continue (cherry-pick
// --continue) runs "git-merge-" and that name, a path from the working
// tree's top where it holds a "/", and a command's ../x, beside the
// git-merge-../x it made, ran on the host (red84). One older than the
// plan (the person's own rebase, stopped outside) stays.
func checkStrategy(dir string, i int, p *plannedTodos) string {
	file := strategyFiles[i]
	var st unix.Stat_t
	if unix.Lstat(dir+"/"+file, &st) != nil || st.Mode&unix.S_IFMT == unix.S_IFREG && !changedSince(st.Ctim, p.Since, p.Nsec) {
		return ""
	}
	names, err := strategyNames(dir+"/"+file, i)
	if err == nil && !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(gitStrategies, n) }) {
		return ""
	}
	why := fmt.Sprintf("names the merge strategy %q, not one of git's own (%s), which your next git rebase --continue or cherry-pick --continue would run outside the sandbox as git-merge-%[1]s, a program of the command's where the name holds a \"/\"", strings.Join(names, " "), strings.Join(gitStrategies, ", "))
	if err != nil {
		why = fmt.Sprintf("made or changed in the run, and cannot be read for the merge strategy it names (%v), which your next git rebase --continue or cherry-pick --continue would run outside the sandbox", err)
	}
	return moveAsideSays(dir, file, why)
}

// strategyNames returns the merge strategies file, strategyFiles[i], names
// as git reads it: the strategy file whole but its last newline
// (read_oneliner), the options.strategy values of opts.
func strategyNames(file string, i int) ([]string, error) {
	b, err := readRegular(file, unix.O_NOFOLLOW)
	if err != nil {
		return nil, err
	}
	if i == 0 {
		s := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		if s == "" {
			return nil, nil // git takes none
		}
		return []string{s}, nil
	}
	var names []string
	parseGitConfig(b, func(name, value string, _ bool) {
		if name == "options.strategy" {
			names = append(names, value)
		}
	})
	return names, nil
}

// gitFilesOpened are files of a git directory the host's git opens
// without looking at what they are, following a link (git status: the
// index, the config, the packed refs, info/exclude, info/attributes, the
// alternates, shallow, HEAD). Git never makes them links (HEAD only
// under core.preferSymlinkRefs, kept where the plan found it so). A
// command made one a link to a FIFO in a grant outside the root, where it
// may make FIFOs (noFifosInRoot), and the host's git status waited for
// good. The loose refs below refs/ are checkRefs'. Those ending in "/"
// are directories git reads files in, following a link: made a link
// (refs/ to a directory of the command's, its refs/heads/main a FIFO),
// they are moved aside too; made something else, git fails there, and
// waits for nothing.
var gitFilesOpened = [...]string{"index", "config", "config.worktree", "packed-refs", "info/exclude", "info/attributes", "objects/info/alternates", "shallow", "HEAD",
	"refs/", "objects/", "info/", "logs/"}

// checkGitFiles moves aside each of gitFilesOpened in the git directory
// p.Git that is no regular file once the command has ended (a link, a
// FIFO, a socket), as checkTodos does a list, but for a link the plan found
// there already, leading where it led (p.Files): an lstat each where all
// is well. The loose refs are checkRefs', the links made elsewhere in the
// git directory newLinks'.
func checkGitFiles(p *plannedTodos) []string {
	git := p.Git
	// First, while no name there is one they moved aside: that of a link
	// newLinks must judge may hold theirs (pack-1.mewsandbox-planted.idx).
	found := newLinks(git, p.Since, p.nested)
	for i, name := range gitFilesOpened {
		name, isDir := strings.CutSuffix(name, "/")
		var st unix.Stat_t
		if unix.Lstat(git+"/"+name, &st) != nil || st.Mode&unix.S_IFMT == unix.S_IFREG {
			continue
		}
		if isDir && st.Mode&unix.S_IFMT != unix.S_IFLNK {
			continue
		}
		if st.Mode&unix.S_IFMT == unix.S_IFLNK && p.Files[i] != "" && !p.replanted(st.Ctim) {
			if target, err := os.Readlink(git + "/" + name); err == nil && target == p.Files[i] {
				continue
			}
		}
		dir, file := git, name
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			dir, file = git+"/"+name[:i], name[i+1:]
		}
		found = append(found, moveAsideSays(dir, file, "not a regular file, which git never makes there (the host's git would follow a link to a FIFO, and wait for good)"))
	}
	found = append(found, checkRefs(git)...)
	// Last, once the index is known to be a regular file.
	return append(found, checkGitlinks(p)...)
}

// maxLooseRefs bounds the entries checkRefs looks at: past it the run
// fails, saying so, rather than leave the rest unchecked.
const maxLooseRefs = 100000

// checkRefs removes each entry below git directory git's refs/ that is
// neither a directory nor a regular file: git reads a loose ref following
// a link (one to a FIFO in a grant outside the root held the host's git
// branch, git log --all and, for the branch HEAD names, git status for
// good), and makes neither links nor FIFOs there. Removed, not moved
// aside: any name there is a ref git reads, and a link, a FIFO or a
// socket holds nothing but where it led, which the run's error says.
// The entries' types come with the directory listing (d_type): one
// getdents a directory, where loose refs are few (git packs them).
func checkRefs(git string) []string {
	var found says
	n := 0
	dirs := []string{git + "/refs"}
	for len(dirs) > 0 {
		dir := dirs[len(dirs)-1]
		dirs = dirs[:len(dirs)-1]
		fd, err := openDirNoLinks(dir, unix.O_RDONLY)
		if err != nil {
			continue // none, or a link (Google's repo tool links refs): not the command's
		}
		f := os.NewFile(uintptr(fd), dir)
		err = eachEntry(f, func(e fs.DirEntry) bool {
			if n++; n > maxLooseRefs {
				return false
			}
			switch e.Type() {
			case fs.ModeDir:
				dirs = append(dirs, dir+"/"+e.Name())
			case 0:
			default:
				found.add(removeRef(int(f.Fd()), dir, e.Name()))
			}
			return true
		})
		f.Close()
		if err != nil {
			found.add(fmt.Sprintf("%s: cannot list the refs there (the command may have left a link to a FIFO, at which your next git log --all would wait for good): %v", dir, err))
		}
		if n > maxLooseRefs {
			return append(found.list(), fmt.Sprintf("%s/refs: more than %d loose refs, too many to check for links to FIFOs the command may have left: git pack-refs --all, outside the sandbox", git, maxLooseRefs))
		}
	}
	return found.list()
}

// removeRef removes name, no regular file, from the refs directory dir
// (dirfd), saying what it was.
func removeRef(dirfd int, dir, name string) string {
	path := dir + "/" + name
	what := "not a regular file"
	if target, err := readlinkAt(dirfd, name); err == nil {
		what = "a symbolic link to " + target
	}
	why := path + ": " + what + ", which git never makes among the refs (the host's git would follow it to a FIFO, and wait for good)"
	if restore := writableFor(dirfd); restore != nil {
		defer restore()
	}
	if err := unix.Unlinkat(dirfd, name, 0); err != nil && err != unix.ENOENT {
		return fmt.Sprintf("%s; removing it failed (%v): remove it", why, err)
	}
	return why + "; removed"
}

// readlinkAt reads link name in the directory dirfd.
func readlinkAt(dirfd int, name string) (string, error) {
	buf := make([]byte, 4096)
	n, err := unix.Readlinkat(dirfd, name, buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

// checkTodo is checkTodos for the list file in the directory dir, p's
// todoLists[i].
func checkTodo(dir, file string, p *plannedTodos, i int) string {
	fd, err := openDirNoLinks(dir, unix.O_RDONLY)
	if err != nil {
		return fmt.Sprintf("%s: cannot look at git's todo list there (the command may have left commands in it that your next git rebase --continue runs): %v", dir, err)
	}
	defer unix.Close(fd)
	// The command may have taken the write permission off its own
	// directory (see movePlantedIn).
	if restore := writableFor(fd); restore != nil {
		defer restore()
	}
	var st unix.Stat_t
	if err := unix.Fstatat(fd, file, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return ""
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return moveAsideSays(dir, file, "not a regular file (git status and git rebase --continue would open it, and wait for good at a FIFO)")
	}
	planned := p.Execs[i]
	if p.replanted(st.Ctim) {
		planned = nil
	}
	b, err := readRegular("/proc/self/fd/"+strconv.Itoa(fd)+"/"+file, unix.O_NOFOLLOW)
	if err != nil {
		return fmt.Sprintf("%s/%s: cannot read it (the command may have left commands in it that your next git rebase --continue runs): %v", dir, file, err)
	}
	left := slices.Clone(planned)
	var out bytes.Buffer
	var added []string
	for line := range bytes.Lines(b) {
		if isExecLine(line) {
			text := string(bytes.TrimRight(line, "\r\n"))
			if i := slices.Index(left, text); i >= 0 {
				left = slices.Delete(left, i, i+1)
			} else {
				added = append(added, strings.TrimSpace(text))
				out.WriteString(todoMark)
			}
		}
		out.Write(line)
	}
	if len(added) == 0 {
		return ""
	}
	path := dir + "/" + file
	said := fmt.Sprintf("%s: the command added exec lines that your next git rebase --continue would run outside the sandbox (%s)", path, strings.Join(added, "; "))
	if err := replaceFileAt(fd, file, out.Bytes(), &st); err != nil {
		return said + fmt.Sprintf("; commenting them out failed (%v): git rebase --abort, or git rebase --edit-todo and remove them", err)
	}
	return said + "; they are commented out (\"" + strings.TrimSpace(todoMark) + "\"): git rebase --edit-todo shows them, and takes the mark off those you want run"
}

// replaceFileAt replaces name in the directory dirfd with b, through a
// file of its own made beside it and renamed over it, with the mode, owner
// and group of was, the file it replaces. The owner and group matter for a
// runner that is root: the new file was root's, and the user whose rebase
// it was could no longer edit the list; the mode, since the umask narrows
// the one open is given. An owner or group the runner cannot give (a
// user's runner, another user's file) stays the runner's.
func replaceFileAt(dirfd int, name string, b []byte, was *unix.Stat_t) error {
	tmp := name + ".mewsandbox-tmp"
	unix.Unlinkat(dirfd, tmp, 0)
	mode := was.Mode & 0o7777
	fd, err := unix.Openat(dirfd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, mode)
	if err != nil {
		return err
	}
	if int(was.Uid) != unix.Geteuid() || int(was.Gid) != unix.Getegid() {
		unix.Fchown(fd, int(was.Uid), int(was.Gid))
	}
	unix.Fchmod(fd, mode) // after the chown, which clears set-ID bits
	for len(b) > 0 {
		n, err := unix.Write(fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			unix.Close(fd)
			unix.Unlinkat(dirfd, tmp, 0)
			return err
		}
		b = b[n:]
	}
	if err := unix.Close(fd); err != nil {
		unix.Unlinkat(dirfd, tmp, 0)
		return err
	}
	if err := unix.Renameat(dirfd, tmp, dirfd, name); err != nil {
		unix.Unlinkat(dirfd, tmp, 0)
		return err
	}
	return nil
}

// moveAsideSays moves name in the directory dir aside (moveAside) and
// says what it did with why.
func moveAsideSays(dir, name, why string) string {
	path := dir + "/" + name
	switch to, found, err := moveAside(dir, name); {
	case err != nil:
		return fmt.Sprintf("%s: %s; moving it aside failed (%v): remove it", path, why, err)
	case !found:
		return fmt.Sprintf("%s: %s; gone before it could be moved aside", path, why)
	default:
		return fmt.Sprintf("%s: %s; moved to %s", path, why, to)
	}
}

// todosArg and parseTodosArg carry plannedTodos to the process started
// for a killed runner (afterKilledArgs): each link and each list's exec
// lines (joined by newlines, which no line holds) in hexadecimal, then the
// git directory, colon-separated. No encoding/json: its first use builds
// its encoder as the spec waits.
func todosArg(p *plannedTodos) string {
	var b strings.Builder
	b.WriteString("t:")
	for _, l := range p.Links {
		b.WriteString(hex.EncodeToString([]byte(l)) + ":")
	}
	for _, e := range p.Execs {
		b.WriteString(hex.EncodeToString([]byte(strings.Join(e, "\n"))) + ":")
	}
	for _, f := range p.Files {
		b.WriteString(hex.EncodeToString([]byte(f)) + ":")
	}
	b.WriteString(hex.EncodeToString([]byte(p.Work)) + ":")
	b.WriteString(hex.EncodeToString([]byte(subsArg(p.Subs))) + ":")
	// Short where empty, as for most: a project of many submodules'
	// git directories must still fit (afterKilledFits).
	if p.superAt > 0 {
		b.WriteString(strconv.Itoa(p.superAt))
	}
	b.WriteString(":")
	if p.State != "" || p.StateErr != "" || len(p.Pending) > 0 {
		// The trees the command may write go too: the state directory
		// must lie in none for a killed runner's process to write it, as
		// for the runner (updateGitlinkState), since the command could
		// have changed what is kept there.
		state := p.State + "\x00" + p.StateErr + "\x00" + strconv.Itoa(len(p.writable)) + "\x00"
		for _, w := range p.writable {
			state += w + "\x00"
		}
		b.WriteString(hex.EncodeToString(append([]byte(state), gitlinkStateBytes("", p.Pending)...)))
	}
	b.WriteString(":")
	if p.Overlapped {
		b.WriteString("o")
	}
	b.WriteString(strconv.FormatInt(p.Since, 10) + "." + strconv.FormatInt(p.Nsec, 10) + ":")
	b.WriteString(p.Git)
	return b.String()
}

// parseStateArg reads todosArg's state into p: the state file, why there
// is none, the writable trees, the gitlinks the plan read.
func parseStateArg(p *plannedTodos, rest string) bool {
	var f [3]string
	for i := range f {
		var ok bool
		if f[i], rest, ok = strings.Cut(rest, "\x00"); !ok {
			return false
		}
	}
	n, err := strconv.Atoi(f[2])
	if err != nil || n < 0 || n > len(rest) {
		return false
	}
	p.State, p.StateErr = f[0], f[1]
	for range n {
		w, r, ok := strings.Cut(rest, "\x00")
		if !ok || !filepath.IsAbs(w) {
			return false
		}
		p.writable, rest = append(p.writable, w), r
	}
	p.Pending, err = parseGitlinkState([]byte(rest), "")
	return err == nil
}

func parseTodosArg(s string) *plannedTodos {
	n := 2*len(todoLists) + len(gitFilesOpened) + 6
	f := strings.SplitN(s, ":", n)
	if len(f) != n || f[len(f)-1] == "" {
		return nil
	}
	when, overlapped := strings.CutPrefix(f[len(f)-2], "o")
	sec, nsec, _ := strings.Cut(when, ".")
	since, err := strconv.ParseInt(sec, 10, 64)
	ns, nerr := strconv.ParseInt(nsec, 10, 64)
	state, perr := hex.DecodeString(f[len(f)-3])
	subs, serr := hex.DecodeString(f[len(f)-5])
	work, werr := hex.DecodeString(f[len(f)-6])
	superAt, aerr := 0, error(nil)
	if f[len(f)-4] != "" {
		superAt, aerr = strconv.Atoi(f[len(f)-4])
	}
	if err != nil || nerr != nil || werr != nil || serr != nil || aerr != nil || perr != nil || superAt < 0 {
		return nil
	}
	p := &plannedTodos{Git: f[len(f)-1], Since: since, Nsec: ns, Overlapped: overlapped, Work: string(work), superAt: superAt}
	var ok bool
	if p.Subs, ok = parseSubsArg(string(subs)); !ok {
		return nil
	}
	if len(state) > 0 && !parseStateArg(p, string(state)) {
		return nil
	}
	for i := range f[:len(f)-6] {
		b, err := hex.DecodeString(f[i])
		if err != nil {
			return nil
		}
		switch {
		case i < len(todoLists):
			p.Links[i] = string(b)
		case i >= 2*len(todoLists):
			p.Files[i-2*len(todoLists)] = string(b)
		case len(b) > 0:
			p.Execs[i-len(todoLists)] = strings.Split(string(b), "\n")
		}
	}
	return p
}
