//go:build linux

package exec

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Gitlinks kept from one run to the next. A command may stage a gitlink
// (git update-index --cacheinfo 160000,…,deep/sub) where nothing is:
// the index changed, checkGitlinks read it, and found no repository there
// to judge. A later run may make deep/sub a repository whose
// core.fsmonitor is a command of its own, leaving the index alone: that
// run reads no index (it did not change), and the one-level look
// (checkNested) does not reach deep/sub; the host's git status entered
// it and ran the command. Reading every index after every run would
// close it too, but costs a large repository tens of milliseconds a run.
// Instead a run that reads an index keeps the gitlinks it found at no
// .gitmodules path in the runner's state directory, and every run's plan
// reads them back (one open, where there are none) and judges a
// repository found at one after the run as a gitlink's (checkGitlink).
// Whatever is there: one a run judged safe (moved in, its configuration
// running nothing) has a config no plan protects (only .gitmodules
// paths' and .git/modules' are read-only), which a later run could set
// core.fsmonitor in, leaving the index alone. They are kept while their
// gitlinks last, dropped once gone from an index a run reads.
//
// The state directory ($XDG_STATE_HOME/mewsandbox/gitlinks) is outside
// the project, where no sandboxed command may write; one that lies in a
// tree the command may write (a grant holding it) is not written: the
// run then fails where it has gitlinks to keep, rather than lose them.
// A state file the runner's user does not own, or that others may write,
// is not read: the run is refused, naming it.

// pendingLink is a gitlink at no .gitmodules path, as a run found it in
// an index it read.
type pendingLink struct {
	Git   string // the git directory whose index holds it
	Work  string // that index's working tree
	Rel   string // the gitlink's path there
	Added int64  // when a run first kept it (Unix nanoseconds)
}

// same says whether p and o are one gitlink, whenever kept.
func (p pendingLink) same(o pendingLink) bool {
	return p.Git == o.Git && p.Work == o.Work && p.Rel == o.Rel
}

// maxGitlinkState bounds a state file: past it a run that has more to
// keep fails, saying so.
const maxGitlinkState = 1 << 20

// gitlinkStateHeader starts a state file, before the root it is for.
const gitlinkStateHeader = "mewsandbox gitlinks 1"

// gitlinkStateFile is the state file of root (its real path) in the
// state directory dir: one file a root, named by its path's hash, the
// root written in it too.
func gitlinkStateFile(dir, root string) string {
	sum := sha256.Sum256([]byte(root))
	return dir + "/" + hex.EncodeToString(sum[:16])
}

// readGitlinkState reads the gitlinks kept for root in file: none where
// there is no file (one open). An error for a file the runner's user
// does not own, that others may write, that is not a regular file, or
// that does not read as one for root: it is not trusted.
func readGitlinkState(file, root string) ([]pendingLink, error) {
	fd, err := unix.Open(file, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err == unix.ENOENT || err == unix.ENOTDIR {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, err
	}
	if err := ownedFile(&st, unix.S_IFREG); err != nil {
		return nil, err
	}
	if st.Size > maxGitlinkState {
		return nil, fmt.Errorf("more than %d bytes", maxGitlinkState)
	}
	b := make([]byte, st.Size)
	for n := 0; n < len(b); {
		m, err := unix.Pread(fd, b[n:], int64(n))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if m == 0 {
			return nil, errors.New("shorter than its size")
		}
		n += m
	}
	return parseGitlinkState(b, root)
}

// ownedFile says why a state file or directory of stat st is not to be
// trusted: not of type typ, not the runner's user's, or writable by
// others than its owner.
func ownedFile(st *unix.Stat_t, typ uint32) error {
	switch {
	case st.Mode&unix.S_IFMT != typ:
		return errors.New("not a regular file or directory as expected")
	case int(st.Uid) != unix.Geteuid():
		return fmt.Errorf("owned by user %d, not the runner's", st.Uid)
	case st.Mode&0o022 != 0:
		return fmt.Errorf("writable by others (mode %o)", st.Mode&0o7777)
	}
	return nil
}

// gitlinkStateBytes is what readGitlinkState reads: the header and the
// root, then for each gitlink the time it was kept, its git directory,
// working tree and path, each ended by a NUL (no path holds one).
func gitlinkStateBytes(root string, links []pendingLink) []byte {
	var b bytes.Buffer
	b.WriteString(gitlinkStateHeader + "\x00" + root + "\x00")
	for _, l := range links {
		b.WriteString(strconv.FormatInt(l.Added, 10) + "\x00" + l.Git + "\x00" + l.Work + "\x00" + l.Rel + "\x00")
	}
	return b.Bytes()
}

func parseGitlinkState(b []byte, root string) ([]pendingLink, error) {
	f := strings.Split(string(b), "\x00")
	if len(f) < 3 || f[0] != gitlinkStateHeader || f[1] != root || f[len(f)-1] != "" || (len(f)-3)%4 != 0 {
		return nil, fmt.Errorf("not a list of gitlinks kept for %s", root)
	}
	var links []pendingLink
	for i := 2; i+4 <= len(f)-1; i += 4 {
		added, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil || !filepath.IsAbs(f[i+1]) || !filepath.IsAbs(f[i+2]) || f[i+3] == "" {
			return nil, fmt.Errorf("not a list of gitlinks kept for %s", root)
		}
		links = append(links, pendingLink{Git: f[i+1], Work: f[i+2], Rel: f[i+3], Added: added})
	}
	return links, nil
}

// errStateWritable is updateGitlinkState's error for a state directory in
// a tree the command may write.
var errStateWritable = errors.New("it lies in a tree the sandboxed command may write, where it could have changed what is kept")

// updateGitlinkState keeps add in the state file, and no longer drop
// (those this run's plan read, by the time they were kept, that it found
// filled or gone), merging with what other runs in the same root kept
// meanwhile: under an exclusive lock on the directory's lock file, read,
// merged, written beside and renamed over. An entry another run kept
// after this one's plan read the file is not dropped (its time differs),
// and one the plan read that drop does not name is written back, should
// the file have lost it. writable are the trees the command may write
// (a killed runner's process is handed them: todosArg): the directory
// must lie in none.
func updateGitlinkState(file, root string, drop, keep, add []pendingLink, writable []string) error {
	dir := filepath.Dir(file)
	if err := mkdirOwned(dir); err != nil {
		return err
	}
	if len(writable) > 0 {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(writable, func(w string) bool { return within(real, w) }) {
			return errStateWritable
		}
	}
	lock, err := unix.Open(dir+"/.lock", unix.O_RDWR|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return err
	}
	defer unix.Close(lock)
	for {
		if err := unix.Flock(lock, unix.LOCK_EX); err != unix.EINTR {
			if err != nil {
				return err
			}
			break
		}
	}
	cur, err := readGitlinkState(file, root)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	merged := slices.DeleteFunc(slices.Clone(cur), func(c pendingLink) bool { return slices.Contains(drop, c) })
	now := time.Now().UnixNano()
	for _, k := range keep {
		if !slices.ContainsFunc(merged, k.same) {
			merged = append(merged, k)
		}
	}
	for _, a := range add {
		if !slices.ContainsFunc(merged, a.same) {
			a.Added = now
			merged = append(merged, a)
		}
	}
	if slices.Equal(merged, cur) {
		return nil
	}
	if len(merged) == 0 {
		if err := unix.Unlink(file); err != nil && err != unix.ENOENT {
			return err
		}
		return nil
	}
	b := gitlinkStateBytes(root, merged)
	if len(b) > maxGitlinkState {
		return fmt.Errorf("more than %d bytes to keep", maxGitlinkState)
	}
	return writeReplacing(file, b)
}

// mkdirOwned makes the state directory dir (0700) and those above it
// where missing, and says why one that is there is not to be trusted
// (ownedFile).
func mkdirOwned(dir string) error {
	var st unix.Stat_t
	if err := unix.Lstat(dir, &st); err == unix.ENOENT {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		if err := unix.Lstat(dir, &st); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	if err := ownedFile(&st, unix.S_IFDIR); err != nil {
		return fmt.Errorf("%s: %v", dir, err)
	}
	return nil
}

// writeReplacing writes b to a new file beside file (0600), named with a
// leading dot as no state file is, and renames it over file.
func writeReplacing(file string, b []byte) error {
	tmp := filepath.Dir(file) + "/." + filepath.Base(file) + ".tmp" + strconv.Itoa(unix.Getpid())
	fd, err := unix.Open(tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return err
	}
	for rest := b; len(rest) > 0; {
		n, err := unix.Write(fd, rest)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			unix.Close(fd)
			unix.Unlink(tmp)
			return err
		}
		rest = rest[n:]
	}
	if err := unix.Fsync(fd); err != nil {
		unix.Close(fd)
		unix.Unlink(tmp)
		return err
	}
	unix.Close(fd)
	if err := unix.Rename(tmp, file); err != nil {
		unix.Unlink(tmp)
		return err
	}
	return nil
}

// planGitlinks gives the root's plannedTodos of ps (the one whose
// working tree is root) its state file in the state directory dir, and
// the gitlinks kept there (readGitlinkState: one open where there are
// none), and writable, the trees the command may write. It says why the
// run is refused, or "": a state file not to be trusted.
func planGitlinks(ps []*plannedTodos, root, dir string, writable []string) string {
	i := slices.IndexFunc(ps, func(p *plannedTodos) bool { return p.Work == root })
	if i < 0 {
		return "" // --allow-git-config, or no git directory: nothing checked
	}
	p := ps[i]
	p.writable = writable
	if dir == "" {
		p.StateErr = "no state directory: set XDG_STATE_HOME or HOME"
		return ""
	}
	p.State = gitlinkStateFile(dir, root)
	links, err := readGitlinkState(p.State, root)
	if err != nil {
		return fmt.Sprintf("%s, where the runner keeps the gitlinks at no .gitmodules path for the next runs' checks (%v): remove it, then look at git ls-files --stage for gitlinks of no submodule of yours", p.State, err)
	}
	// Only paths in the root: a file that names others is no runner's,
	// and what is judged there is moved aside.
	p.Pending = slices.DeleteFunc(links, func(l pendingLink) bool { return !within(filepath.Join(l.Work, l.Rel), root) })
	return ""
}

// keepGitlinks judges, once the command has ended, each gitlink the plan
// read from the state file (planGitlinks) as checkGitlink does where a
// repository is there now: moved aside where the command made or changed
// it or its configuration runs a program. It keeps them, for the next
// run, with the new ones the checks of ps found (checkGitlinks:
// p.empty), and drops those gone from an index read in this run.
// It says what it found, and, where the gitlinks cannot be kept, that
// and why: the run then fails, rather than lose the check.
func keepGitlinks(ps []*plannedTodos) []string {
	i := slices.IndexFunc(ps, func(p *plannedTodos) bool { return p.State != "" || p.StateErr != "" })
	if i < 0 {
		return nil
	}
	root := ps[i]
	var found []string
	var drop, keep, add []pendingLink
	for _, e := range root.Pending {
		if j := slices.IndexFunc(ps, func(p *plannedTodos) bool { return p.Git == e.Git && p.read }); j >= 0 && !slices.Contains(ps[j].links, e.Rel) {
			drop = append(drop, e) // the gitlink is gone
			continue
		}
		var st unix.Stat_t
		if unix.Lstat(filepath.Join(e.Work, e.Rel, ".git"), &st) == nil {
			if msg, _ := checkGitlink(e.Work, e.Rel, root); msg != "" {
				found = append(found, msg)
			}
		}
		keep = append(keep, e)
	}
	for _, p := range ps {
		add = append(add, p.empty...)
	}
	if len(drop)+len(keep)+len(add) == 0 {
		return found
	}
	// Nothing new, nothing gone: the file holds them already (a run that
	// stages nothing costs no more), unless the command may have written
	// it.
	known := func(a pendingLink) bool { return slices.ContainsFunc(root.Pending, a.same) }
	inWritable := func(w string) bool { return within(root.State, w) }
	if root.State != "" && len(drop) == 0 && !slices.ContainsFunc(add, func(a pendingLink) bool { return !known(a) }) && !slices.ContainsFunc(root.writable, inWritable) {
		return found
	}
	err := errors.New(root.StateErr)
	if root.State != "" {
		err = updateGitlinkState(root.State, root.Work, drop, keep, add, root.writable)
	}
	if err == nil || len(keep)+len(add) == 0 {
		return found // a drop not written costs a later run a look, no more
	}
	var paths []string
	for _, l := range slices.Concat(keep, add) {
		paths = append(paths, filepath.Join(l.Work, l.Rel))
	}
	return append(found, fmt.Sprintf("gitlinks at no .gitmodules path (%s), which a later run could fill with a repository whose configuration runs commands (core.fsmonitor), or set one in the repository there, unseen since it leaves the index alone: the runner cannot keep them for the next run's check (%v): look at git ls-files --stage, and git update-index --force-remove those that are no submodule of yours", strings.Join(paths, ", "), err))
}
