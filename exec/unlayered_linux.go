//go:build linux

package exec

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Without the namespace layer (--no-namespaces, or a kernel that refuses
// it under --best-effort) Landlock cannot deny a path inside the writable
// root: the command can write .git/hooks/pre-commit or core.fsmonitor in
// .git/config, and the host's next git status or git commit runs it,
// outside any sandbox. What the layer would have bound read-only is then
// recorded before the run (planUnlayered: the same guard, so one list)
// and compared after it (snapshot.check), however the command ended:
// what it changed, added, replaced or removed is moved aside, at a name
// git and the agents never read (renameAside's, as movePlanted's), the
// recorded version put back where its bytes were kept, and the run fails
// (125) naming each path and where the command's version is now. Git's
// todo lists are planned in the same git directories as under the layer
// (planAllTodos) and checked by the same function (checkAllTodos).
//
// A runner killed (SIGKILL) before it looks has the process started in
// its place run the same check, from the snapshot handed over through
// the memory the sharer shares (handover_linux.go).
//
// What remains: during the run, a git outside the sandbox in the root
// (an editor's, your own) runs what the command planted. Runs that write
// them legitimately (git config --local, git remote add) are undone and
// fail, as the layer refuses those writes; --allow-git-config leaves the
// git configs out of the snapshot, as it leaves them writable under the
// layer.

// Bounds of a snapshot, taken on every run without the layer: past one,
// a strict run is refused (the command could hide a hook among thousands
// of entries, or rewrite a file too large to keep), --best-effort runs
// with that path's identity alone recorded, and says so. Protected files
// are configs, hooks and settings: a few KiB each.
const (
	maxSnapEntries = 1024    // entries recorded, directories' included
	maxKeptFile    = 1 << 20 // bytes of one file kept to put back
	maxKeptBytes   = 4 << 20 // bytes of all files kept
)

// snapshot is what a run without the layer records of the paths the layer
// would have protected in the root.
type snapshot struct {
	root string
	// dotGit is the root's .git as the plan found it (a directory: the
	// repository, which a command could rename away and replace).
	dotGit  *snapEntry
	entries []*snapEntry // by path, a directory before what lies in it
	// tooMuch says which paths passed the bounds, and how, and what the
	// layer could not protect (guard.unprotected): a strict run is
	// refused.
	tooMuch []string
	count   int   // entries recorded
	kept    int64 // bytes kept
	// ways are the directories whose mode the layer guards (guard.wayModes:
	// the root, its .git, those on the way to a protected path), as the
	// plan found them: a chmod 777 of the root or .git would let another
	// user of the host replace .git/hooks after the run; put back by
	// restoreWayModes, as under the layer.
	ways []wayMode
	// unverified marks a snapshot handed over to a killed runner's
	// successor that nothing vouches for (handedSnapshot), or one taken
	// while another run without the layer went on in the root
	// (overlapped): check moves aside what differs from it and puts back
	// nothing, neither bytes nor modes nor the repository it names.
	unverified bool
	// overlapped says the snapshot was taken while another run held the
	// root or one of its git directories (lockDirs): what it recorded may
	// be that run's command's plant, which this run's check would
	// otherwise have put back once the other run had moved it aside.
	overlapped bool
	// locks are the root's directory and its git directories, held shared
	// from the plan until check (lockDirs), so that a run planned
	// meanwhile knows of this one.
	locks []*os.File
	// moduleDirs are the guard's (holdModules): looked in after the run
	// as under the layer (checkModuleDirs).
	moduleDirs []moduleDir
	// todos are git's todo lists in the git directories the layer would
	// plan them in (planAllTodos), looked at after the run as under the
	// layer (checkAllTodos): without them a command's exec line in
	// .git/rebase-merge/git-rebase-todo stayed for the host's next git
	// rebase --continue (red81).
	todos []*plannedTodos
}

// snapEntry is one path as the snapshot found it: its identity, and the
// bytes of a file (data, where kept), the target of a link, or the
// entries of a directory (listed false where they were too many).
type snapEntry struct {
	path    string // absolute for the snapshot's own entries, a name in a directory's
	missing bool
	st      unix.Stat_t
	data    []byte
	kept    bool
	target  string
	entries []*snapEntry
	listed  bool
}

// planUnlayered records the paths the layer would protect for policy p
// and a child whose working directory is dir (see planNamespace); nil
// where the run has no root.
func planUnlayered(p Policy, dir string) *snapshot {
	// Before anything is looked at, as the layer's plan (nsLayer.since):
	// a change after it is the command's.
	sec, nsec := changeClockNsec()
	res := newResolver(32)
	writable, root := writablePaths(p, res)
	if root == "" {
		return nil
	}
	// Held before the plan, the rest once it has named them.
	early := earlyDirs(root, writable, true)
	locks, overlapped := lockDirs(early)
	g, r := planGuard(root, writable, p.AllowGitConfig, res, dir, p.RootName)
	// What the layer cannot protect it refuses to run with (a protected
	// directory with more entries than it looks at, a file with other
	// hard links): the snapshot cannot keep it either.
	s := &snapshot{root: root, tooMuch: g.unprotected, ways: ownWays(g.wayModes(), p.KeepCaps), moduleDirs: g.moduleDirs}
	late, held := lockDirs(afterEarly(runDirs(root, r, g), early))
	s.locks, s.overlapped = append(locks, late...), overlapped || held
	s.unverified = s.overlapped
	s.todos = planAllTodos(root, r, g, p.AllowGitConfig, sec, nsec)
	if s.overlapped {
		distrustPlans(s.todos, s.moduleDirs, nil, sec, nsec)
	}
	if !p.AllowGitConfig {
		if why := planGitlinks(s.todos, root, p.GitlinkState, writable); why != "" {
			s.tooMuch = append(s.tooMuch, why)
		}
	}
	var paths []string
	add := func(ps ...string) {
		for _, q := range ps {
			// Those outside the writable trees the command cannot change.
			if q != "" && g.inWritable(q) && !slices.Contains(paths, q) {
				paths = append(paths, q)
			}
		}
	}
	// What the layer binds read-only, and the links on the way it pins;
	// the commondir files a placeholder would hold, and those looked for
	// after a layered run (audited, unmade).
	add(g.readOnly...)
	add(g.links...)
	add(g.commondirs...)
	add(g.unmade...)
	for _, d := range g.audited {
		add(d + "/commondir")
	}
	if r.git == root+"/.git" {
		if e := s.take(unix.AT_FDCWD, r.git, r.git, false); !e.missing && e.st.Mode&unix.S_IFMT == unix.S_IFDIR {
			s.dotGit = e
		}
	}
	// The directories on the way, which the layer makes mounts of their
	// own so that they cannot be renamed away and replaced (mv .config x;
	// mkdir .config, or a link there): their identity and mode alone,
	// what lies below them being recorded as its own path. The root's
	// .git is checkDotGit's.
	shallow := map[string]bool{}
	for _, d := range g.pins {
		if !slices.Contains(paths, d) && (s.dotGit == nil || d != r.git) {
			add(d)
			shallow[d] = true
		}
	}
	// The root too, where a grant holds it (--allow-write ..): the
	// command can rename it away and put a copy with hooks of its own, or
	// a link to one, at its name. Unrecorded, a red team's (mv p p.x; ln
	// -s q p, q a planted copy) failed the run with "look at it", every
	// path below it unopenable through the link, and left the copy for
	// the user's next git status in the project.
	if slices.ContainsFunc(g.writable, func(w string) bool { return w != root && within(root, w) }) {
		add(root)
		shallow[root] = true
	}
	slices.Sort(paths) // a directory before what lies in it
	dirs := dirFDs{}
	defer dirs.close()
	for _, q := range paths {
		// Most are missing, as the guard's walk found a moment ago
		// through the same resolver: no second look.
		if _, err := res.lstat(q); errors.Is(err, fs.ErrNotExist) {
			s.entries = append(s.entries, &snapEntry{path: q, missing: true})
			continue
		}
		fd, err := dirs.open(filepath.Dir(q))
		if err != nil {
			s.entries = append(s.entries, &snapEntry{path: q, missing: true})
			continue
		}
		e := s.take(fd, filepath.Base(q), q, !shallow[q])
		if (slices.Contains(g.placeholders, q) || slices.Contains(g.commondirs, q)) && standIn(fd, filepath.Base(q)) {
			// Another run's placeholder, under the layer, which its
			// helper removes once that run is over, or an empty one of
			// anyone's: as missing to this one, neither put back when
			// gone nor moved aside while empty.
			e = &snapEntry{missing: true}
		}
		e.path = q
		s.entries = append(s.entries, e)
	}
	return s
}

// planAllTodos plans git's todo lists (planTodos, from the time sec and
// nsec: changeClockNsec, as the plan began) in each git directory the
// plan g of root knows in the writable trees, each once: the root's
// (r.git), its common directory, and each submodule's and linked
// worktree's it counted (countGitDir), with the layer and without it.
// Unless the command may set git's config itself (allowGitConfig), the
// root's gets the working tree whose index's gitlinks checkGitlinks
// reads, and the submodules at .gitmodules paths, and each other its own
// where the plan found one: git status in the root recurses into every
// submodule checked out, and in it into its own.
func planAllTodos(root string, r repo, g *guard, allowGitConfig bool, sec, nsec int64) []*plannedTodos {
	var todos []*plannedTodos
	for _, d := range slices.Concat([]string{r.git, r.common}, g.todoDirs) {
		if d != "" && g.inWritable(d) && !slices.ContainsFunc(todos, func(p *plannedTodos) bool { return p.Git == d }) {
			todos = append(todos, planTodos(d, sec, nsec))
		}
	}
	i := slices.IndexFunc(todos, func(p *plannedTodos) bool { return p.Git == r.git })
	if i < 0 || r.git == "" || allowGitConfig {
		return todos
	}
	todos[i].Work = root
	todos[i].Subs = g.subs
	for _, p := range todos {
		if tree := g.trees[p.Git]; tree != "" && p.Work == "" {
			p.Work = tree
		}
	}
	placeSupers(todos, g.modules)
	return todos
}

// lockDir is a directory lockDirs opens: hold, held shared until the
// run has looked (another run tests it); test, held by another run, makes
// this run's record untrusted; above, it lies above the writable trees,
// where the user may have no right to read it, and an unreadable one says
// nothing.
type lockDir struct {
	path              string
	hold, test, above bool
}

// runDirs are the directories a run holds and tests (lockDirs). It holds
// its root, every writable grant and each git directory its plan knows
// (the root's, its common directory, each submodule's and each linked
// worktree's): its command can write below them, and cannot rename the
// root or a grant away. It tests those git directories, and every
// directory on the way from / to each path it records: a run whose root
// or grant holds one of them (p, beside a run in p/sub) or lies below
// one (p/sub, beside a run in p) could have planted there, and the way
// passes its root or grant, which its command cannot swap. Holding its
// own root alone, a red team's run in p/sub (a submodule whose git
// directory is p/sub/.git) planned while a run in p had planted
// p/sub/.git/hooks/pre-commit took the plant for the user's hook, and
// put it back after the run in p had moved it aside; and holding the git
// directories too, a command that copied p/sub/.git, planted in the copy
// and swapped it in left the later run a git directory nobody held.
func runDirs(root string, r repo, g *guard) []lockDir {
	var dirs []lockDir
	at := map[string]int{}
	mark := func(d string, hold, test bool) {
		if d == "" {
			return
		}
		i, ok := at[d]
		if !ok {
			i, at[d] = len(dirs), len(dirs)
			dirs = append(dirs, lockDir{path: d, above: !g.inWritable(d)})
		}
		dirs[i].hold = dirs[i].hold || hold
		dirs[i].test = dirs[i].test || test
	}
	mark(root, true, true)
	for _, w := range g.writable {
		mark(w, true, false)
	}
	for _, d := range slices.Concat([]string{r.git, r.common}, g.todoDirs) {
		mark(d, true, true)
	}
	for _, q := range slices.Concat(g.readOnly, g.links, g.commondirs, g.unmade, g.pins) {
		if !g.inWritable(q) {
			continue
		}
		for d := filepath.Dir(q); ; d = filepath.Dir(d) {
			mark(d, false, true)
			if d == "/" {
				break
			}
		}
	}
	return dirs
}

// earlyDirs are the directories a run holds and tests before its plan,
// which it can name without one: its root, held and tested, and with
// above (runs without the layer, whose runDirs test them) each directory
// on the way from / to it, tested. Tested only once the plan was done, a
// first run that ended between the two had undone its command's plant (a
// .mcp.json, moved aside) after the second run's plan took it for the
// person's, and the second, finding nothing held, trusted it: its command
// made it again, and it stayed (fix86). The grants are held after the
// plan, as before: tested too (here, where this run holds none yet), two
// runs sharing a cache would each distrust the other.
func earlyDirs(root string, writable []string, above bool) []lockDir {
	inWritable := func(d string) bool {
		return slices.ContainsFunc(writable, func(w string) bool { return within(d, w) })
	}
	dirs := []lockDir{{path: root, hold: true, test: true, above: !inWritable(root)}}
	for d := filepath.Dir(root); above && d != root; d = filepath.Dir(d) {
		dirs = append(dirs, lockDir{path: d, test: true, above: !inWritable(d)})
		if d == "/" {
			break
		}
	}
	return dirs
}

// lockEarly holds and tests policy p's earlyDirs, before the layer's plan
// (nsLayer.early); nothing where p has no root.
func lockEarly(p Policy) ([]*os.File, bool) {
	writable, root := writablePaths(p, newResolver(8))
	if root == "" {
		return nil, false
	}
	return lockDirs(earlyDirs(root, writable, false))
}

// earlyDirs are the directories l.early holds and tested, the root's.
func (l *nsLayer) earlyDirs() []lockDir {
	var dirs []lockDir
	for _, f := range l.early {
		dirs = append(dirs, lockDir{path: f.Name(), hold: true, test: true})
	}
	return dirs
}

// unlockEarly lets go of l.early, where the plan is not used (nil-safe).
func (l *nsLayer) unlockEarly() {
	if l != nil && l.early != nil {
		unlockDirs(l.early)
		l.early = nil
	}
}

// afterEarly is dirs (runDirs') without what early (earlyDirs') holds or
// tests already: the root stays first, to be opened only (lockDirs), as
// this run's own hold on it would read as another's.
func afterEarly(dirs, early []lockDir) []lockDir {
	for i, d := range dirs {
		if j := slices.IndexFunc(early, func(e lockDir) bool { return e.path == d.path }); j >= 0 {
			dirs[i].hold = d.hold && !early[j].hold
			dirs[i].test = d.test && !early[j].test
		}
	}
	return dirs
}

// lockDirs opens each of dirs (the root first, see runDirs), holds those
// to hold shared, and says whether another run held one to test already.
// Runs without the layer each hold theirs so from their plan until their
// check, and layered runs from before their command starts until they
// have looked for what it made: a run planned while another's command
// goes on records what that command planted as the version before the
// run, and once the other run has moved the plant aside and put the
// user's back, would move the user's aside in turn and put the plant back
// (a red team's two overlapping runs left a pre-commit hook so, for the
// user's next git commit; and a layered run's .mcp.json, moved aside,
// came back from the record of a run without the layer beside it). A lock
// the command takes itself only makes later runs distrust their records;
// one it holds exclusively leaves this run's unheld (LOCK_NB: a command
// cannot make a run wait). A directory in the writable trees that cannot
// be opened to be locked counts as held: the other run's command took
// its read bit (chmod 311 ., which a red team's did so that the next run
// trusted its snapshot). One that is not there (a submodule not checked
// out) holds nothing to record.
func lockDirs(dirs []lockDir) ([]*os.File, bool) {
	var locks []*os.File
	held := false
	for i, d := range dirs {
		if i > 0 && !d.hold && !d.test {
			continue // held or tested already (afterEarly)
		}
		fd, err := openDirNoLinks(d.path, unix.O_RDONLY)
		if err != nil {
			held = held || i == 0 || (!d.above && err != unix.ENOENT && err != unix.ENOTDIR)
			continue
		}
		if d.test && !held && heldByAnother(fd) {
			held = true
		}
		if !d.hold {
			unix.Close(fd)
			continue
		}
		// Shared from here on, so that overlapping runs each see the
		// other; another run's test holds it exclusively for a moment.
		locked := false
		for try := 0; try < 10 && !locked; try++ {
			if locked = unix.Flock(fd, unix.LOCK_SH|unix.LOCK_NB) == nil; !locked {
				time.Sleep(time.Millisecond)
			}
		}
		held = held || !locked
		locks = append(locks, os.NewFile(uintptr(fd), d.path))
	}
	handLocks(locks)
	return locks, held
}

// heldByAnother says whether another process holds the directory fd
// under a lock: an exclusive one tried without waiting fails. Another
// run's own test holds it exclusively for a few microseconds, and a run
// testing at that instant took it for a run going on and distrusted its
// record for nothing (with the integration suite's runs side by side, a
// run whose command changed a protected file then put nothing back); so
// only one that fails three times a millisecond apart is held.
func heldByAnother(fd int) bool {
	for try := 1; ; try++ {
		if unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB) == nil {
			return false
		}
		if try == 3 {
			return true
		}
		time.Sleep(time.Millisecond)
	}
}

// maxRightsPerMessage is how many descriptors handLocks sends in one
// message: the kernel takes at most 253 (SCM_MAX_FD).
const maxRightsPerMessage = 250

// handLocks sends the held directories' descriptors into the queue the
// sharer holds (child_linux.c's lockq), so that their locks outlive a
// runner killed with SIGKILL until the process started in its place has
// undone what the command planted: without them a run planned in that
// gap recorded the plants and put them back (red74). One the queue does
// not take keeps its lock while the runner lives, as before.
func handLocks(locks []*os.File) {
	send, _ := lockQueue()
	if send < 0 {
		return
	}
	for batch := range slices.Chunk(locks, maxRightsPerMessage) {
		fds := make([]int, len(batch))
		for i, f := range batch {
			fds[i] = int(f.Fd())
		}
		for unix.Sendmsg(send, []byte{0}, unix.UnixRights(fds...), nil, unix.MSG_DONTWAIT) == unix.EINTR {
		}
	}
}

// unlockDirs lets go of what lockDirs holds, and of the copies in flight
// in the sharer's queue (handLocks), which it drains: one run a runner.
func unlockDirs(locks []*os.File) {
	if _, recv := lockQueue(); recv >= 0 {
		buf, oob := make([]byte, 1), make([]byte, unix.CmsgSpace(maxRightsPerMessage*4))
		for {
			_, oobn, _, _, err := unix.Recvmsg(recv, buf, oob, unix.MSG_DONTWAIT|unix.MSG_CMSG_CLOEXEC)
			if err == unix.EINTR {
				continue
			}
			if err != nil {
				break // EAGAIN: drained
			}
			msgs, _ := unix.ParseSocketControlMessage(oob[:oobn])
			for _, m := range msgs {
				fds, _ := unix.ParseUnixRights(&m)
				for _, fd := range fds {
					unix.Close(fd)
				}
			}
		}
	}
	for _, f := range locks {
		f.Close()
	}
}

// overlapAdvice ends a check of a snapshot taken beside another run.
const overlapAdvice = "another run without the namespace layer was going on in this root or in its git directories, or one with the layer that may make what that layer moves aside, when this one started: what this run recorded before its command may be that run's command's, so nothing was put back; look at what was moved aside before you run git or open the project"

// standIn says whether name in the directory dirfd holds nothing git or
// an agent would read: an empty directory or a commondir naming its own
// directory, as the layer's placeholders are (another run's, which its
// release helper removes once that run is over), or nothing at all (one
// gone since it was seen). The layer's mark is not asked for: a command
// may mark one of its own, and an empty one leads git and the agents
// nowhere; and a placeholder whose run was judged by its mark was taken
// for the project's, made or removed by the command, in runs beside
// layered ones (make bench's rounds), and "put back" empty and unmarked,
// where it then stayed.
func standIn(dirfd int, name string) bool {
	fd, err := unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return err == unix.ENOENT
	}
	defer unix.Close(fd)
	return openStandIn(fd)
}

// openStandIn is standIn for the file open at fd. A directory removed
// since it was opened cannot be listed (ENOENT): gone, as one not found.
// Taken for one that was there, another run's placeholder its release
// helper removed between the open and the listing failed a run beside it
// with 125, "the command made .mewsandbox" (make bench's rounds, 1 in 400
// in stop 43's).
func openStandIn(fd int) bool {
	if isCommondirSelf(fd) {
		return true
	}
	names, err := fdNames(fd, 0)
	return err == unix.ENOENT || (err == nil && len(names) == 0)
}

// dirFDs are directories opened O_PATH following no link, each once: most
// protected paths share the root (a hundred names, most missing).
type dirFDs map[string]int

// open opens dir, or returns the descriptor opened before.
func (d dirFDs) open(dir string) (int, error) {
	if fd, ok := d[dir]; ok {
		return fd, nil
	}
	fd, err := openDirNoLinks(dir, unix.O_PATH)
	if err != nil {
		return -1, err
	}
	d[dir] = fd
	return fd, nil
}

func (d dirFDs) close() {
	for _, fd := range d {
		unix.Close(fd)
	}
}

// take records name in the directory dirfd (deep: a directory's entries
// too), never following a link; where is its whole path, for messages.
func (s *snapshot) take(dirfd int, name, where string, deep bool) *snapEntry {
	e := &snapEntry{path: name}
	if err := unix.Fstatat(dirfd, name, &e.st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		e.missing = true
		return e
	}
	if s.count++; s.count > maxSnapEntries {
		s.over(where, fmt.Sprintf("more than %d entries to record", maxSnapEntries))
		return e
	}
	switch e.st.Mode & unix.S_IFMT {
	case unix.S_IFLNK:
		e.target, _ = readlinkAt(dirfd, name)
	case unix.S_IFREG:
		// Git's samples never run: their identity is enough.
		if !strings.HasSuffix(name, ".sample") {
			s.keep(dirfd, e, where)
		}
	case unix.S_IFDIR:
		if deep {
			s.list(dirfd, e, where)
		}
	}
	return e
}

// over records that path passed a bound.
func (s *snapshot) over(path, why string) {
	if len(s.tooMuch) < 4 {
		s.tooMuch = append(s.tooMuch, path+" ("+why+")")
	}
}

// keep reads the bytes of file e, at where, within the bounds.
func (s *snapshot) keep(dirfd int, e *snapEntry, where string) {
	if e.st.Size > maxKeptFile || s.kept+e.st.Size > maxKeptBytes {
		s.over(where, fmt.Sprintf("%d bytes, more than the snapshot keeps to put back", e.st.Size))
		return
	}
	fd, err := unix.Openat(dirfd, e.path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	b := make([]byte, e.st.Size+1) // one more: a file grown since is no match
	n, err := readFull(fd, b)
	if err != nil || int64(n) != e.st.Size {
		return
	}
	e.data, e.kept = b[:n], true
	s.kept += int64(n)
}

// list records directory e's entries, at where.
func (s *snapshot) list(dirfd int, e *snapEntry, where string) {
	fd, err := unix.Openat(dirfd, e.path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err == unix.ENOENT {
		// Removed since its status was taken: as below. Left recorded,
		// its absence after the run was taken for the command's doing
		// and an empty directory "put back".
		e.missing = true
		return
	}
	if err != nil {
		return
	}
	defer unix.Close(fd)
	names, err := fdNames(fd, maxSnapEntries)
	if err == unix.ENOENT {
		// Removed while listed: another run's placeholder, which its
		// helper removed (see planUnlayered).
		e.missing = true
		return
	}
	if err != nil {
		s.over(where, "listing it: "+err.Error())
		return
	}
	slices.Sort(names)
	for _, n := range names {
		e.entries = append(e.entries, s.take(fd, n, where+"/"+n, true))
	}
	e.listed = s.count <= maxSnapEntries
}

// emptyDir says whether e is a directory listed with nothing in it.
func (e *snapEntry) emptyDir() bool {
	return e.st.Mode&unix.S_IFMT == unix.S_IFDIR && e.listed && len(e.entries) == 0
}

// readFull reads into b until it is full or the file ends.
func readFull(fd int, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := unix.Read(fd, b[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return n, err
		}
		if m == 0 {
			break
		}
		n += m
	}
	return n, nil
}

// check compares what the snapshot recorded with what is there now, once
// nothing of the command's runs any more, and undoes the differences (see
// the top of this file). It returns one line for each, nil for none.
func (s *snapshot) check() []string {
	if s == nil {
		return nil
	}
	// Held until the look is done: a run planned before would take what
	// this one is undoing for the user's.
	defer unlockDirs(s.locks)
	var found []string
	// First the root and the directories above it in a grant (recorded
	// where a grant holds the root), from the top: put back, they are
	// what checkDotGit and the paths below look in.
	way := func(e *snapEntry) bool { return within(s.root, e.path) }
	above := dirFDs{}
	for _, e := range s.entries {
		if way(e) {
			found = s.checkEntry(above, e, found)
		}
	}
	above.close()
	if msg := s.checkDotGit(); msg != "" {
		found = append(found, msg)
	}
	// Opened after checkDotGit, which may have put .git back.
	dirs := dirFDs{}
	defer dirs.close()
	for _, e := range s.entries {
		if !way(e) {
			found = s.checkEntry(dirs, e, found)
		}
	}
	if s.overlapped && len(found) > 0 {
		found = append(found, overlapAdvice)
	}
	return found
}

// checkEntry compares e with what is at its path now, its directory
// opened through dirs, and returns found with what it found and did.
func (s *snapshot) checkEntry(dirs dirFDs, e *snapEntry, found []string) []string {
	fd, err := dirs.open(filepath.Dir(e.path))
	switch {
	case err != nil && e.missing:
		// Still missing with its directory, or under a file where
		// nothing can be made: nothing to look at. But a directory on
		// the way the command made a symbolic link (.config to a
		// directory of its own holding mise/config.toml, .hg to one
		// holding hgrc) has git, mise and the agents read what it made
		// there, which no look through the link finds: the link is
		// moved aside (moveLinkOnWay).
		if link := LinkOnWayIn(filepath.Dir(e.path), func(d string) bool { return within(d, s.root) }); link != "" {
			if msg := moveLinkOnWay(e.path, link); msg != "" {
				found = append(found, msg)
			}
		}
	case err != nil:
		found = append(found, fmt.Sprintf("%s: its directory cannot be opened (%v), which the command may have replaced: look at it before you run git or open the project", e.path, err))
	default:
		c := checker{dir: filepath.Dir(e.path), unverified: s.unverified}
		c.compare(fd, filepath.Base(e.path), e)
		found = append(found, c.found...)
	}
	return found
}

// checker collects what compare found, in the directory dir; where the
// snapshot is unverified it puts nothing back.
type checker struct {
	dir        string
	found      []string
	unverified bool
}

// why the layer protects these paths, said once for each.
const snapWhy = "without the namespace layer the command could write it, and git, your agent or your editor outside the sandbox would run or read it"

// compare compares name in the directory dirfd with e and undoes a
// difference.
func (c *checker) compare(dirfd int, name string, e *snapEntry) {
	path := c.dir + "/" + name
	var now unix.Stat_t
	err := unix.Fstatat(dirfd, name, &now, unix.AT_SYMLINK_NOFOLLOW)
	switch {
	case err != nil && err != unix.ENOENT:
		c.found = append(c.found, fmt.Sprintf("%s: cannot look at it (%v) (%s): look at it before you run git there", path, err, snapWhy))
	case err != nil && e.missing:
	case err != nil && e.emptyDir():
		// An empty directory gone, as one made empty is let be (standIn):
		// nothing git or an agent reads went with it. It may be another
		// run's placeholder, freed by its helper during this run, which
		// the snapshot took for the project's own: runs with and without
		// the layer in one root (make bench's rounds, a red team's full
		// test run) failed with 125 now and then, an empty directory
		// "put back" and left there.
	case err != nil:
		c.found = append(c.found, fmt.Sprintf("the command removed %s (%s); %s", path, snapWhy, c.restore(dirfd, name, e)))
	case e.missing && standIn(dirfd, name):
		// Another run's placeholder (see planUnlayered), or an empty one.
	case e.missing:
		to, found, err := moveAsideAt(dirfd, name)
		if !found {
			// Gone since it was seen: another run's placeholder, which
			// its helper removed, not made by the command.
			break
		}
		c.found = append(c.found, fmt.Sprintf("the command made %s (%s); %s", path, snapWhy, c.asideSaid(to, err)))
	case now.Dev != e.st.Dev || now.Ino != e.st.Ino || now.Mode&unix.S_IFMT != e.st.Mode&unix.S_IFMT:
		c.found = append(c.found, fmt.Sprintf("the command replaced %s (%s); %s; %s", path, snapWhy, c.aside(dirfd, name), c.restore(dirfd, name, e)))
	case now.Mode&unix.S_IFMT == unix.S_IFDIR:
		c.compareDir(dirfd, name, e, now)
	case now.Size != e.st.Size || now.Mtim != e.st.Mtim || now.Ctim != e.st.Ctim || now.Mode != e.st.Mode:
		// Written in place, or its mode, owner or links changed (ctime).
		c.found = append(c.found, fmt.Sprintf("the command changed %s (%s); %s; %s", path, snapWhy, c.aside(dirfd, name), c.restore(dirfd, name, e)))
	}
}

// compareDir compares directory name (the one recorded, by its identity)
// with e: its mode, then each entry recorded and each made since.
func (c *checker) compareDir(dirfd int, name string, e *snapEntry, now unix.Stat_t) {
	path := c.dir + "/" + name
	// The mode first, through a descriptor that needs none: a command of
	// a runner that is no root that made it unreadable (chmod 111: git
	// still runs a hook by its path) kept it from being listed.
	pfd, err := unix.Openat(dirfd, name, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		c.found = append(c.found, fmt.Sprintf("%s: cannot open it (%v) (%s): look at it before you run git there", path, err, snapWhy))
		return
	}
	defer unix.Close(pfd)
	if now.Mode != e.st.Mode && c.unverified {
		c.found = append(c.found, fmt.Sprintf("the mode of %s is %#o (%s): look at it, the snapshot's %#o is not to be trusted", path, now.Mode&0o7777, snapWhy, e.st.Mode&0o7777))
	} else if now.Mode != e.st.Mode {
		// Writable by others, it is theirs to plant in after the run.
		chmodFD(pfd, e.st.Mode&0o7777)
		c.found = append(c.found, fmt.Sprintf("the command changed the mode of %s (%s); put back to %#o", path, snapWhy, e.st.Mode&0o7777))
	}
	fd, err := unix.Openat(pfd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		c.found = append(c.found, fmt.Sprintf("%s: cannot open it (%v) (%s): look at it before you run git there", path, err, snapWhy))
		return
	}
	defer unix.Close(fd)
	if !e.listed {
		return
	}
	inner := checker{dir: path, unverified: c.unverified}
	names, err := fdNames(fd, maxSnapEntries+len(e.entries))
	if errors.Is(err, errTooMany) {
		// Filled past the bound, a plant among thousands of names: the
		// directory goes aside whole, the user's files with it, and the
		// one recorded is put back.
		c.found = append(c.found, fmt.Sprintf("the command filled %s past %d entries (%s); %s; %s", path, maxSnapEntries, snapWhy, c.aside(dirfd, name), c.restore(dirfd, name, e)))
		return
	}
	if err != nil {
		c.found = append(c.found, fmt.Sprintf("%s: cannot list it (%v) (%s): look at it before you run git there", path, err, snapWhy))
		return
	}
	for _, n := range names {
		if !slices.ContainsFunc(e.entries, func(x *snapEntry) bool { return x.path == n }) {
			inner.compare(fd, n, &snapEntry{path: n, missing: true})
		}
	}
	for _, x := range e.entries {
		inner.compare(fd, x.path, x)
	}
	c.found = append(c.found, inner.found...)
}

// aside renames name in the directory dirfd aside (moveAsideAt, never
// followed) and says where it went.
func (c *checker) aside(dirfd int, name string) string {
	to, found, err := moveAsideAt(dirfd, name)
	if !found {
		return "it was gone before it could be moved aside"
	}
	return c.asideSaid(to, err)
}

// asideSaid says where moveAsideAt moved a file, or that it failed.
func (c *checker) asideSaid(to string, err error) string {
	if err != nil {
		return fmt.Sprintf("moving it aside failed (%v): remove it before you run git there", err)
	}
	return "its version moved aside to " + c.dir + "/" + to
}

// restore puts e back as name in the directory dirfd, where it is free
// now (made afresh, O_EXCL: never through a link the command made), and
// says what it did.
func (c *checker) restore(dirfd int, name string, e *snapEntry) string {
	if c.unverified {
		return "nothing put back: the snapshot is not to be trusted"
	}
	// Into a directory the command took its owner's write bit off (chmod
	// 555 .git) as into any other: not made again, yours would be lost.
	if restore := writableFor(dirfd); restore != nil {
		defer restore()
	}
	cut := ""
	if e.st.Mode&unix.S_IFMT == unix.S_IFDIR && !e.listed {
		var at string
		if at, cut = findDir(dirfd, c.dir, e.st.Dev, e.st.Ino); at != "" && unix.Renameat2(dirfd, at, dirfd, name, unix.RENAME_NOREPLACE) == nil {
			// A directory on the way, or the root, the command renamed
			// (mv p p.x): itself, not an empty one in its place, whose
			// entries the checks that follow then look at.
			return "the directory before the run, found at " + c.dir + "/" + at + ", put back"
		}
	}
	if err := putBack(dirfd, name, e); err != nil {
		return fmt.Sprintf("the version before the run could not be put back (%v)", err)
	}
	if e.st.Mode&unix.S_IFMT == unix.S_IFDIR && !e.listed {
		// A directory on the way, recorded by its identity alone.
		return "an empty directory made in its place, for what the snapshot kept below it (the one before the run is where the command moved it" + byHand(cut, c.dir, e.st.Ino) + ")"
	}
	return "the version before the run put back"
}

// errNotKept is putBack's error for a file whose bytes were not kept.
var errNotKept = errors.New("its bytes were not kept (a sample of git's, or past the snapshot's bounds)")

// putBack makes e as name in the directory dirfd, which holds no such
// name: a file with the bytes kept, a link, a directory with its entries.
func putBack(dirfd int, name string, e *snapEntry) error {
	mode := e.st.Mode & 0o7777
	switch e.st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		if !e.kept {
			return errNotKept
		}
		fd, err := unix.Openat(dirfd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if err != nil {
			return err
		}
		defer unix.Close(fd)
		if _, err := unix.Write(fd, e.data); err != nil {
			return err
		}
		chownKept(fd, e)
		return unix.Fchmod(fd, mode)
	case unix.S_IFLNK:
		if err := unix.Symlinkat(e.target, dirfd, name); err != nil {
			return err
		}
		if os.Geteuid() == 0 {
			unix.Fchownat(dirfd, name, int(e.st.Uid), int(e.st.Gid), unix.AT_SYMLINK_NOFOLLOW)
		}
		return nil
	case unix.S_IFDIR:
		if err := unix.Mkdirat(dirfd, name, 0o700); err != nil {
			return err
		}
		fd, err := unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return err
		}
		defer unix.Close(fd)
		var first error
		for _, x := range e.entries {
			if err := putBack(fd, x.path, x); err != nil && !errors.Is(err, errNotKept) && first == nil {
				first = err
			}
		}
		chownKept(fd, e)
		if err := unix.Fchmod(fd, mode); err != nil {
			return err
		}
		return first
	}
	return fmt.Errorf("a %#o is not put back", e.st.Mode&unix.S_IFMT)
}

// chownKept gives fd e's owner, where the runner may (root).
func chownKept(fd int, e *snapEntry) {
	if os.Geteuid() == 0 {
		unix.Fchown(fd, int(e.st.Uid), int(e.st.Gid))
	}
}

// Bounds of findDir's search for a directory the command moved: the
// directories it lists, the entries it looks at in all and its time. A
// command that filled the root's parent with a million files in 4000
// directories kept a search of them all going 7.7 s (fix76); one that
// passes a bound fails the run as one whose directory is not found, the
// message saying to look by hand.
const (
	maxSearched        = 4096
	maxSearchedEntries = 1 << 16
	maxSearchTime      = 500 * time.Millisecond
)

// checkDotGit undoes a .git the command renamed away (or removed) and
// replaced, by a directory of its own or a link: the replacement is moved
// aside, and the repository, found by its identity in the root, put back.
// The per-path checks then look at it as at any other.
func (s *snapshot) checkDotGit() string {
	if s.dotGit == nil {
		return ""
	}
	rootfd, err := openDirNoLinks(s.root, unix.O_RDONLY)
	if err != nil {
		return ""
	}
	defer unix.Close(rootfd)
	var now unix.Stat_t
	err = unix.Fstatat(rootfd, ".git", &now, unix.AT_SYMLINK_NOFOLLOW)
	if err == nil && now.Dev == s.dotGit.st.Dev && now.Ino == s.dotGit.st.Ino {
		return ""
	}
	msg := "the command moved the repository's .git away (git outside the sandbox would take the config and hooks of whatever is there instead)"
	if err == nil {
		c := checker{dir: s.root}
		msg = "the command replaced the repository's .git (git outside the sandbox would take that one's config and hooks); " + c.aside(rootfd, ".git")
	}
	if s.unverified {
		return msg + "; the repository was not looked for: the snapshot is not to be trusted"
	}
	at, cut := findDir(rootfd, s.root, s.dotGit.st.Dev, s.dotGit.st.Ino)
	switch {
	case at == "" && cut != "":
		return msg + "; the repository was not found in the root" + byHand(cut, s.root, s.dotGit.st.Ino)
	case at == "":
		return msg + "; the repository was not found in the root: the command moved or removed it"
	case unix.Renameat2(rootfd, at, rootfd, ".git", unix.RENAME_NOREPLACE) != nil:
		return msg + "; the repository is at " + s.root + "/" + at + ", which could not be moved back"
	}
	return msg + "; the repository, found at " + s.root + "/" + at + ", put back as .git"
}

// byHand says, where findDir's search for the directory of inode ino
// below dir stopped at a bound (cut), how to find it by hand; "" where it
// did not.
func byHand(cut, dir string, ino uint64) string {
	if cut == "" {
		return ""
	}
	return fmt.Sprintf(": %s; find it by hand (find %s -xdev -inum %d) and look at it before you run git there", cut, dir, ino)
}

// findDir looks in the directory rootfd and below, breadth first and
// following no link, for the directory dev, ino, and returns its path
// relative to rootfd, or "" and, where the search stopped at a bound
// (findDir's), where, rootfd being the directory where.
func findDir(rootfd int, where string, dev, ino uint64) (at, cut string) {
	deadline := time.Now().Add(maxSearchTime)
	todo := []string{"."}
	entries := 0
	for searched := 0; len(todo) > 0; searched++ {
		d := todo[0]
		todo = todo[1:]
		if searched == maxSearched || entries == maxSearchedEntries || time.Now().After(deadline) {
			return "", fmt.Sprintf("the search for it stopped after %d directories, %d entries (its bounds: %d, %d, %v), at %s", searched, entries, maxSearched, maxSearchedEntries, maxSearchTime, filepath.Join(where, d))
		}
		fd, err := unix.Openat(rootfd, d, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		names, err := fdNames(fd, maxSearchedEntries-entries)
		if errors.Is(err, errTooMany) {
			unix.Close(fd)
			return "", fmt.Sprintf("the search for it stopped at %s, which holds more entries than the %d it looks at in all", filepath.Join(where, d), maxSearchedEntries)
		}
		entries += len(names)
		for i, n := range names {
			if i%1024 == 1023 && time.Now().After(deadline) {
				unix.Close(fd)
				return "", fmt.Sprintf("the search for it stopped after %v, in %s", maxSearchTime, filepath.Join(where, d))
			}
			var st unix.Stat_t
			if unix.Fstatat(fd, n, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
				continue
			}
			p := filepath.Join(d, n)
			if st.Dev == dev && st.Ino == ino {
				unix.Close(fd)
				return p, ""
			}
			todo = append(todo, p)
		}
		unix.Close(fd)
	}
	return "", ""
}
