//go:build linux

package exec

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// changeClock returns the second of changeClockNsec's time, for a plan
// compared by the second alone: a file system keeping whole seconds (or
// finer) keeps at least the second. A change made earlier in that second
// is taken for the command's too, which costs a listing, never a miss.
func changeClock() int64 {
	sec, _ := changeClockNsec()
	return sec
}

// changeClockNsec returns the time from which a change to a file is the
// command's (changedSince): the kernel's fine clock as the plan begins
// (nsLayer.since), later than any change made before it, whether the
// kernel took that change's time from its coarse clock (most do) or its
// fine one (a file whose times were looked at since, on a file system
// keeping them finely). The command starts only once a change is
// stamped later than it (waitPastClock), so that every change it makes
// is later. Before fix76 it was the coarse clock itself, which a change
// made in the same tick (about 4 ms) before the plan shares: a
// submodule's config written just before a run was taken for the
// command's and moved aside (cov75).
func changeClockNsec() (sec, nsec int64) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_REALTIME, &ts) != nil {
		return 0, 0 // every change then is the command's: all is looked at
	}
	return ts.Sec, ts.Nsec
}

// maxClockWait bounds waitPastClock: the coarse clock passes a time within
// a tick (1 to 10 ms, by the kernel's HZ, later on a guest whose ticks
// come late); one that does not has been set back.
const maxClockWait = 100 * time.Millisecond

// waitPastClock waits until a change to a file is stamped later than sec
// and nsec (changeClockNsec, as the plan began: nsLayer.since): the
// kernel never stamps a later change earlier, so that once one is, no
// change can have that time or an earlier one. It changes a file of its
// own (a memfd's mode) and reads the time it got, as the command's
// changes would get theirs. Since Linux 6.13 (multigrain file times) a
// change to a file whose times were read since its last gets a fine time
// where the coarse clock has not passed them, and no change after it
// gets an earlier time on any file system (the kernel's floor of file
// times): the second look passes sec and nsec in microseconds. Before,
// the stamp is the coarse clock, which passes them within a tick, 4 to 7
// ms here (it lags the fine clock by more than its 4 ms tick on this
// guest), which the runner waited for on every run before stop 54. It
// says whether a stamp passed them; a clock set back does not (see
// waitPastPlans). Where no memfd can be made (a seccomp profile refusing
// it), it waits for the coarse clock itself.
func waitPastClock(sec, nsec int64) bool {
	if fd, err := unix.MemfdCreate("mewsandbox-clock", unix.MFD_CLOEXEC); err == nil {
		defer unix.Close(fd)
		return waitPastStamps(sec, nsec, func(ts *unix.Timespec) error { return memfdStamp(fd, ts) })
	}
	return waitPastStamps(sec, nsec, coarseStamp)
}

// memfdStamp changes the mode of memfd fd and sets ts to the time the
// kernel stamped the change with; the look before marks its times read
// (see waitPastClock).
func memfdStamp(fd int, ts *unix.Timespec) error {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return err
	}
	if err := unix.Fchmod(fd, 0o600); err != nil {
		return err
	}
	err := unix.Fstat(fd, &st)
	*ts = st.Ctim
	return err
}

// coarseStamp sets ts to the coarse clock, from which the kernel stamps
// changes without multigrain file times.
func coarseStamp(ts *unix.Timespec) error { return unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, ts) }

// waitPastStamps is waitPastClock with stamp giving the time of a change
// made now.
func waitPastStamps(sec, nsec int64, stamp func(*unix.Timespec) error) bool {
	deadline := time.Now().Add(maxClockWait)
	for {
		var ts unix.Timespec
		if stamp(&ts) != nil {
			return false
		}
		if ts.Sec > sec || ts.Sec == sec && ts.Nsec > nsec {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		unix.Nanosleep(&unix.Timespec{Nsec: 200_000}, nil)
	}
}

// waitPastPlans waits, before the command starts, until a change is
// stamped past the time the plans of todos, nested and mods count from
// (waitPastClock): the layer plan's one (nsLayer.since), which each git
// plan takes, and the modules' where the plan was taken beside another
// run (distrustPlans), in a project without git, or the protected paths'
// found at such a plan (plannedFound). Where it does not get
// there (a clock set back), every change to git's files is taken for the
// command's, as where the clock cannot be read, and every module and
// path found beside another run for changed since (rev87: they kept the
// plan's time, and a change the command made after the step passed for
// the person's).
func waitPastPlans(todos []*plannedTodos, nested *plannedNested, mods []moduleDir, found *plannedFound) {
	var sec, nsec int64
	switch {
	case nested != nil:
		sec, nsec = nested.Since, nested.Nsec
	case len(todos) > 0:
		sec, nsec = todos[0].Since, todos[0].Nsec
	case len(mods) > 0 && mods[0].since != 0:
		sec, nsec = mods[0].since, mods[0].nsec
	case found != nil:
		sec, nsec = found.sec, found.nsec
	}
	if sec == 0 || waitPastClock(sec, nsec) {
		return
	}
	for _, p := range todos {
		p.Since, p.Nsec = 0, 0
	}
	if nested != nil {
		nested.Since, nested.Nsec = 0, 0
	}
	// The first second counts every change since as the command's.
	for i := range mods {
		if mods[i].since != 0 {
			mods[i].since, mods[i].nsec = 1, 0
		}
	}
	if found != nil && found.sec != 0 {
		found.sec, found.nsec = 1, 0
	}
}

// changedSince says whether ctime ct is after sec and nsec
// (changeClockNsec, at the plan): a change the command may have made.
// Finer than the second where the file system keeps nanoseconds, so
// that a submodule added just before the run is not taken for the
// command's (checkGitlinks moves it aside); a ctime of no nanoseconds,
// a file system keeping whole seconds, is taken at the second.
func changedSince(ct unix.Timespec, sec, nsec int64) bool {
	if ct.Sec != sec {
		return ct.Sec > sec
	}
	return ct.Nsec == 0 || ct.Nsec > nsec
}

// notWalked are the names at a git directory's top that newLinks leaves
// to others or to nobody: refs/ is checkRefs' (as the files git opens
// following a link are checkGitFiles', see checkedElsewhere); hooks/
// stays read-only through the run (the layer binds it), and holds the
// user's own links (.git/hooks/pre-commit to a script of the project's);
// lfs/ and annex/ are git-lfs's and git-annex's object stores, tens of
// thousands of directories git itself never reads.
var notWalked = []string{"refs", "hooks", "lfs", "annex"}

// newLinks removes each symbolic link, FIFO or device made or moved in
// the git directory git since the second since (changeClock, at the
// plan): git reads its loose objects, pack indexes, commit-graph,
// reflogs, FETCH_HEAD, ORIG_HEAD, a submodule's or a worktree's git
// directory below, following a link, and a command that may make links
// there pointed .git/objects/ab/cdef… (the commit HEAD names), a pack's
// .idx or objects/info/commit-graph at a FIFO, anywhere on the host (a
// link needs no right on its target), and the host's git status, log and
// fsck waited for good. Git never makes a link there (git init, clone,
// gc, worktree add, submodule add).
//
// It reads only what changed, by ctime, which no command can set back:
// a directory whose ctime is older had no entry made, removed or renamed
// in it, and one with two links has no subdirectory, so that 256
// loose-object directories untouched cost an fstatat each; the entries'
// types come with the listing (d_type). A file system that counts no
// subdirectories (btrfs: one link) has every directory listed. Below the
// top, a directory that changed may have been moved in whole, from where
// an earlier run made links in it that are older than this run: there
// every link is removed, and everything below it looked at. At the top a
// link older than the plan is the user's own (Google's repo tool and
// git-new-workdir link rr-cache, svn, remotes there), and stays; a link
// moved there since is not older (a rename sets its ctime).
func newLinks(git string, since int64, nested []string) []string {
	type dir struct {
		path string
		all  bool // moved in, maybe: look at everything below
	}
	var found says
	dirs := []dir{{path: git}}
	for len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		dirs = dirs[:len(dirs)-1]
		fd, err := openDirNoLinks(d.path, unix.O_RDONLY)
		if err != nil {
			continue // gone, or made a link: checkGitFiles' where git reads it
		}
		var st unix.Stat_t
		changed := d.all || unix.Fstat(fd, &st) != nil || st.Ctim.Sec >= since
		if !changed && st.Nlink == 2 {
			unix.Close(fd)
			continue
		}
		f := os.NewFile(uintptr(fd), d.path)
		top, tooMany := d.path == git, false
		err = eachEntry(f, func(e fs.DirEntry) bool {
			name := e.Name()
			if top && slices.Contains(notWalked, name) {
				return true
			}
			switch t := e.Type(); {
			case t == fs.ModeDir:
				sub := dir{path: d.path + "/" + name, all: changed && !top}
				if slices.Contains(nested, sub.path) || !sub.all && unchangedLeaf(int(f.Fd()), name, since) {
					return true
				}
				if tooMany = len(dirs) == maxGitDirsToVisit; tooMany {
					return false
				}
				dirs = append(dirs, sub)
			case !changed || t&(fs.ModeSymlink|fs.ModeNamedPipe|fs.ModeDevice) == 0:
			case checkedElsewhere(strings.TrimPrefix(d.path+"/"+name, git+"/")):
			default:
				found.add(removeNewLink(int(f.Fd()), d.path, name, since, top))
			}
			return true
		})
		f.Close()
		switch {
		case err != nil:
			found.add(fmt.Sprintf("%s: cannot list it (the command may have left a link to a FIFO there, at which your next git status would wait for good): %v", d.path, err))
		case tooMany && changed:
			// Fail closed: what is left unvisited may hold a link.
			return append(found.list(), fmt.Sprintf("%s: more than %d directories changed in it, too many to look in for links to FIFOs the command may have left (at which your next git status would wait for good): look at it, and remove what the command made, before you run git there", git, maxGitDirsToVisit))
		case tooMany:
			// Unchanged, but a link made two levels below leaves it and
			// its subdirectories' ctime as they were: they must be looked
			// in all the same (fix86: a command's 17,000 directories of
			// one subdirectory each, made in one run, refused every run
			// after it).
			return append(found.list(), fmt.Sprintf("%s: more than %d directories to look in for links to FIFOs a command may have left (at which your next git status would wait for good), too many: %s holds them, unchanged since the run began, but each holding directories, below which a change leaves it unchanged; git makes no such tree: look at it, and remove it (or what in it git did not make), before you run git there or run in this root again", git, maxGitDirsToVisit, d.path))
		}
	}
	return found.list()
}

// maxGitDirsToVisit bounds the directories newLinks keeps to look in:
// a command can make a git directory of a million, whose paths, held
// all at once, had the out-of-memory killer of a run's memory cgroup
// take the runner before it had looked at the todo lists (red81). Held
// depth first, they are the siblings of the directories on the way down:
// git's own directories fan out by 256 (objects, lfs/objects).
const maxGitDirsToVisit = 1 << 14

// says collects the lines of what an after-run check found, keeping
// maxSays of them whole and counting the rest: a command that made a
// million links there would otherwise grow the runner's memory by a line
// each.
type says struct {
	lines []string
	more  int
}

// maxSays bounds the lines a says keeps.
const maxSays = 64

// add keeps line, if any.
func (s *says) add(line string) {
	switch {
	case line == "":
	case len(s.lines) < maxSays:
		s.lines = append(s.lines, line)
	default:
		s.more++
	}
}

// list is the lines kept, and one for those counted.
func (s *says) list() []string {
	if s.more > 0 {
		return append(s.lines, fmt.Sprintf("and %d more like these", s.more))
	}
	return s.lines
}

// checkedElsewhere says whether rel, a path in a git directory, is
// checkGitFiles' or checkTodos' to judge (they keep a link the plan found
// there leading where it led), or one they moved aside, at a name git
// never reads, in an earlier run.
func checkedElsewhere(rel string) bool {
	if i := strings.LastIndex(rel, ".mewsandbox-planted"); i > 0 {
		if n := strings.TrimPrefix(rel[i+len(".mewsandbox-planted"):], "."); n == "" || strings.Trim(n, "0123456789") == "" {
			rel = rel[:i]
		}
	}
	if slices.ContainsFunc(gitFilesOpened[:], func(o string) bool { return strings.TrimSuffix(o, "/") == rel }) {
		return true
	}
	for _, l := range todoLists {
		if rel == l.dir || rel == l.dir+"/"+l.file {
			return true
		}
	}
	return false
}

// unchangedLeaf says whether the directory name in dirfd had no entry
// made, removed or renamed in it since the second since, and holds no
// directory: one fstatat, where opening it would take three.
func unchangedLeaf(dirfd int, name string, since int64) bool {
	var st unix.Stat_t
	return unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR && st.Ctim.Sec < since && st.Nlink == 2
}

// removeNewLink removes name, a link, FIFO or device in the git directory
// dir (dirfd); at the top (top), only if it was made or moved there since
// the second since.
func removeNewLink(dirfd int, dir, name string, since int64, top bool) string {
	var st unix.Stat_t
	if top && (unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Ctim.Sec < since) {
		return ""
	}
	what := "a FIFO or a device"
	if target, err := readlinkAt(dirfd, name); err == nil {
		what = "a symbolic link to " + target
	}
	why := dir + "/" + name + ": " + what + ", which git never makes in a git directory (the host's git would follow it, and wait for good at a FIFO)"
	if restore := writableFor(dirfd); restore != nil {
		defer restore()
	}
	if err := unix.Unlinkat(dirfd, name, 0); err != nil && err != unix.ENOENT {
		return fmt.Sprintf("%s; removing it failed (%v): remove it", why, err)
	}
	return why + "; removed"
}
