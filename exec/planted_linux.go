//go:build linux

package exec

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// plantedName is where movePlanted moves a commondir the command made
// (renameAside's first name for it).
const plantedName = "commondir.mewsandbox-planted"

// maxPlanted bounds the names tried beside plantedName (plantedName.N).
const maxPlanted = 100

// movePlanted looks in each of dirs, the git directories that had no
// commondir when the run was planned and get no placeholder (a submodule's,
// or one outside the root in a writable grant: nsLayer.audited), for one
// made since: git never makes one there (only in worktrees/X), and the
// host's next git status would take the repository's config,
// core.fsmonitor with it, and its hooks from the directory it names. Each is renamed aside in its directory, whatever it is (a file,
// a link, a directory), never followed. It must run once nothing of the
// command's can write any more (its pid namespace ended). It returns what
// it found and did, one line each; nil when nothing was made.
func movePlanted(dirs []string) []string {
	var found []string
	for _, dir := range dirs {
		if msg := movePlantedIn(dir); msg != "" {
			found = append(found, msg)
		}
	}
	return found
}

// movePlantedIn is movePlanted for git directory dir.
func movePlantedIn(dir string) string {
	planted := dir + "/commondir"
	const why = "git outside the sandbox would take the repository's config (core.fsmonitor, which git status runs) and hooks from the directory it names"
	switch to, found, err := moveAside(dir, "commondir"); {
	case !found && err != nil:
		return fmt.Sprintf("%s: cannot look for a commondir the command may have made there (git would take the repository's config and hooks from the directory it names): %v", dir, err)
	case !found:
		return ""
	case err == nil:
		return fmt.Sprintf("a command planted %s (this run's, or one of a run before it or beside it): git outside the sandbox would have taken the repository's config (core.fsmonitor, which git status runs) and hooks from the directory it names; moved aside to %s/%s", planted, dir, to)
	case errors.Is(err, errAsideTaken):
		return fmt.Sprintf("a command planted %s (this run's, or one of a run before it or beside it): %s; %s and %d more names beside it are taken: remove it before running git there", planted, why, plantedName, maxPlanted-1)
	default:
		return fmt.Sprintf("a command planted %s (this run's, or one of a run before it or beside it): %s; moving it aside failed (%v): remove it before running git there", planted, why, err)
	}
}

// moveUnmade looks for each of paths, the protected paths missing at the
// plan that get no placeholder (nsLayer.unmade), and renames one made
// since aside, whatever it is, never followed: the agent or editor whose
// settings it is (or the shell whose start-up file) would take what it
// says when the user next opens the project, outside any sandbox. It must
// run once nothing of the command's can write any more. It returns what it
// found and did, one line each; nil when nothing was made.
func moveUnmade(paths []string) []string {
	return moveMade(paths, 0, 0)
}

// moveReplanted is moveUnmade for f, the protected paths a plan found
// there (nsLayer.found): where it was taken beside another run, one
// changed since (its ctime after f's time, which a rename, and every
// write, sets) is the command's, or the other run's command's put back;
// nil otherwise.
func moveReplanted(f plannedFound) []string {
	if f.sec == 0 {
		return nil
	}
	return moveMade(f.paths, f.sec, f.nsec)
}

// moveMade moves aside each of paths made since sec and nsec
// (changedSince), or with sec 0 each there at all: moveUnmade's and
// moveReplanted's.
func moveMade(paths []string, sec, nsec int64) []string {
	const why = "agents' or editors' settings and shells' start-up files, protected in the sandbox: outside it, what they say runs when you next open the project"
	var found, moved []string
	// The paths share a directory or a few (the root's): each is opened
	// once.
	dirfd, at := -1, ""
	var dirErr error
	defer func() {
		if dirfd >= 0 {
			unix.Close(dirfd)
		}
	}()
	for _, p := range paths {
		dir, name := filepath.Split(p)
		if dir = filepath.Clean(dir); dir != at {
			if dirfd >= 0 {
				unix.Close(dirfd)
			}
			dirfd, dirErr = openPlannedDir(dir)
			at = dir
		}
		var to string
		made, err := false, dirErr
		var st unix.Stat_t
		switch {
		case dirErr != nil:
		case sec != 0 && unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && !changedSince(st.Ctim, sec, nsec):
			// The person's, as at the plan.
		default:
			to, made, err = moveAsideAt(dirfd, name)
		}
		link := ""
		if dirErr != nil && dirErr != unix.ENOENT {
			link = LinkOnWayIn(dir, func(string) bool { return true })
		}
		switch {
		case dirErr == unix.ENOENT:
		case link != "":
			// A directory missing at the plan made a link (scripts/gen
			// to a directory of the command's holding lib.sh): moved
			// aside, and the directory looked in again for the next.
			if msg := moveLinkOnWay(p, link); msg != "" {
				found = append(found, msg)
			}
			at = ""
		case dirErr == unix.ENOTDIR:
			// A file on the way (a downloaded mise binary as mise, for
			// mise/config.toml): nothing can be made under it.
		case !made && err != nil:
			found = append(found, fmt.Sprintf("%s: cannot look for it (%s), which the command may have made: %v; look at it before you next open the project", p, why, err))
		case !made:
		case err == nil:
			moved = append(moved, p+" to "+to)
		default:
			found = append(found, fmt.Sprintf("the command made %s (%s); moving it aside failed (%v): look at it, or remove it, before you next open the project", p, why, err))
		}
	}
	switch {
	case len(moved) == 0:
	case sec == 0:
		found = append(found, fmt.Sprintf("the command made what was missing at the start (%s); moved aside, %s: look at them before you move them back", why, strings.Join(moved, ", ")))
	default:
		found = append(found, fmt.Sprintf("what was there at the start, while another run went on in the project, was made or changed since, by this run's command or the other's (%s); moved aside, %s: look at them before you move them back", why, strings.Join(moved, ", ")))
	}
	return found
}

// moveAside renames name in the planned directory dir aside
// (renameAside) if it is there, and returns the name it took. found says
// whether it was there; with found false, err says why dir could not be
// looked in (a missing dir holds nothing).
func moveAside(dir, name string) (to string, found bool, err error) {
	fd, err := openPlannedDir(dir)
	switch {
	case err == unix.ENOENT:
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	defer unix.Close(fd)
	return moveAsideAt(fd, name)
}

// moveAsideAt is moveAside in the directory dirfd. A command running as
// the runner's user may have taken the write permission off the
// directory, its own: it gets it back for the move (a runner that is root
// overrides the mode anyway), and the command's mode after.
func moveAsideAt(dirfd int, name string) (to string, found bool, err error) {
	var st unix.Stat_t
	if err := unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err == unix.ENOENT {
		return "", false, nil
	}
	if restore := writableFor(dirfd); restore != nil {
		defer restore()
	}
	to, err = renameAside(dirfd, name)
	return to, true, err
}

// errAsideTaken is renameAside's error when every name it tries is taken.
var errAsideTaken = errors.New("every name to move it to is taken")

// renameAside renames name in the directory dirfd aside, to
// name.mewsandbox-planted or that and .N (maxPlanted names in all; name
// cut short where the whole would pass NAME_MAX), or where all those are
// taken that and a random .HEX, never replacing and never following it,
// and returns the name it took.
func renameAside(dirfd int, name string) (string, error) {
	for i := range maxPlanted + randomAsideTries {
		suffix := ".mewsandbox-planted"
		switch {
		case i >= maxPlanted:
			// The command took them all (100 empty files beside its
			// .git/config, ../.git or .mcp.json), so that what it planted
			// stayed, for the host's next git status (red75): a name it
			// could not have made beforehand.
			suffix += "." + randomHex()
		case i > 0:
			suffix += "." + strconv.Itoa(i)
		}
		to := cutName(name, unix.NAME_MAX-len(suffix)) + suffix
		err := unix.Renameat2(dirfd, name, dirfd, to, unix.RENAME_NOREPLACE)
		if err != unix.EEXIST {
			return to, err
		}
	}
	return "", errAsideTaken
}

// randomAsideTries bounds the random names renameAside tries once the
// numbered ones are taken.
const randomAsideTries = 8

// randomHex is 16 hexadecimal digits from the kernel's random source, or
// from the time where that fails.
func randomHex() string {
	var b [8]byte
	if n, err := unix.Getrandom(b[:], 0); err != nil || n != len(b) {
		binary.LittleEndian.PutUint64(b[:], uint64(time.Now().UnixNano()))
	}
	return hex.EncodeToString(b[:])
}

// cutName cuts name to at most max bytes, at the start of a character: a
// name the command made as long as a name may be must still go aside.
func cutName(name string, max int) string {
	if len(name) <= max {
		return name
	}
	for max > 0 && !utf8.RuneStart(name[max]) {
		max--
	}
	return name[:max]
}

// openPlannedDir opens the planned real path dir O_PATH, following no
// link (the directories on the way were mounts of their own during the
// run, where openat2 is refused).
func openPlannedDir(dir string) (int, error) { return openDirNoLinks(dir, unix.O_PATH) }

// wayMode is a directory whose mode the run guards (nsLayer.ways), as the
// plan found it.
type wayMode struct {
	path     string
	mode     uint32 // permission, set-ID and sticky bits
	uid, gid uint32
	dev, ino uint64
	// acls are its POSIX access control lists (aclNames), each nil where
	// it has none.
	acls [2][]byte
}

// aclNames are the extended attributes holding a directory's POSIX
// access control lists: its own, which can let a user of the command's
// choice write it without a write bit for others (and, where its group
// may write already, without a change to the mode at all), and the one
// entries made in it later inherit.
var aclNames = [2]string{"system.posix_acl_access", "system.posix_acl_default"}

// readACLs returns path's access control lists (see wayMode.acls). The
// link is not followed where nofollow says so; a /proc/self/fd magic link
// is the file itself either way.
func readACLs(path string, nofollow bool) [2][]byte {
	var acls [2][]byte
	get := unix.Getxattr
	if nofollow {
		get = unix.Lgetxattr
	}
	// A list of 60 entries fits; a longer one is asked for its size. (A
	// buffer of XATTR_SIZE_MAX, 64 KiB, zeroed for each of a run's ways,
	// cost a layer run some 30 page faults, 0.1 ms.)
	var small [484]byte
	for i, name := range aclNames {
		n, err := get(path, name, small[:])
		if err == nil {
			acls[i] = bytes.Clone(small[:n])
			continue
		}
		for tries := 0; err == unix.ERANGE && tries < 3; tries++ {
			if n, err = get(path, name, nil); err != nil || n <= 0 || n > 64<<10 {
				break
			}
			buf := make([]byte, n)
			if n, err = get(path, name, buf); err == nil {
				acls[i] = buf[:n]
			}
		}
	}
	return acls
}

// wayModesAdvice closes restoreWayModes' report in a failed run: a setup
// script's chmod -R g+w . is refused so too, and the mode it wanted is
// the project's to set outside the sandbox, where the plan then records
// it and the run keeps it.
const wayModesAdvice = "a project meant to be shared with its group or others (a setup script's chmod -R g+w .): give the root and its git directory that mode or access control list outside the sandbox, before the run, which then keeps it"

// POSIX access control list tags (linux/posix_acl_xattr.h): the extended
// attribute is a version (2), then entries of a tag, permissions and an id,
// each 8 bytes, little-endian.
const (
	aclUserObj  = 0x01
	aclGroupObj = 0x04
	aclMask     = 0x10
	aclOther    = 0x20
)

// aclEntry is one entry of an access control list.
type aclEntry struct {
	tag, perm uint16
	id        uint32
}

// parseACL reads an access control list's extended attribute.
func parseACL(b []byte) ([]aclEntry, bool) {
	if len(b) < 4 || (len(b)-4)%8 != 0 || binary.LittleEndian.Uint32(b) != 2 {
		return nil, false
	}
	var es []aclEntry
	for o := 4; o < len(b); o += 8 {
		es = append(es, aclEntry{binary.LittleEndian.Uint16(b[o:]), binary.LittleEndian.Uint16(b[o+2:]), binary.LittleEndian.Uint32(b[o+4:])})
	}
	return es, true
}

// aclGroupWrites is the write permission (2) the owning group has under
// the access list b (its entry's, within the mask), 2 when b is unreadable.
func aclGroupWrites(b []byte) uint16 {
	es, ok := parseACL(b)
	if !ok {
		return 2
	}
	group, mask := uint16(2), uint16(7)
	for _, e := range es {
		switch e.tag {
		case aclGroupObj:
			group = e.perm & 2
		case aclMask:
			mask = e.perm
		}
	}
	return group & mask
}

// narrowedACL returns what a way's access (or default) control list cur
// is to become so that it grants no one more than planned, the list the
// plan found, and whether that differs from cur (nil: no list). An entry
// planned does not have goes, one it has keeps only the permissions
// planned gave too: a list the command narrowed stays narrower, as bits
// taken off the mode stay off, and a run planned while another's command
// had widened the list does not widen it again once that run has put it
// back. The access list's owner, mask and others entries are the mode
// (chmod sets them), which the mode's check guards: they stay as they are.
func narrowedACL(access bool, cur, planned []byte) ([]byte, bool) {
	switch {
	case bytes.Equal(cur, planned), cur == nil:
		return cur, false
	case planned == nil:
		return nil, true
	}
	ces, ok1 := parseACL(cur)
	pes, ok2 := parseACL(planned)
	if !ok1 || !ok2 {
		return planned, true // not a list this code reads: the plan's, as it was
	}
	out := binary.LittleEndian.AppendUint32(nil, 2)
	for _, c := range ces {
		if !access || (c.tag != aclUserObj && c.tag != aclMask && c.tag != aclOther) {
			i := slices.IndexFunc(pes, func(p aclEntry) bool { return p.tag == c.tag && p.id == c.id })
			if i < 0 {
				continue
			}
			c.perm &= pes[i].perm
		}
		out = binary.LittleEndian.AppendUint16(out, c.tag)
		out = binary.LittleEndian.AppendUint16(out, c.perm)
		out = binary.LittleEndian.AppendUint32(out, c.id)
	}
	return out, !bytes.Equal(out, cur)
}

// ownWays keeps the ways the command can change: those the runner's user
// owns, all of them where it keeps CAP_FOWNER or CAP_CHOWN. Without, it may
// change no other user's mode, group or lists (a user's run maps no other
// user at all), so a change there is its owner's, who may share the root
// with the runner, and not the run's to undo or fail for.
func ownWays(ways []wayMode, keepCaps []string) []wayMode {
	if slices.ContainsFunc(keepCaps, func(c string) bool {
		c = strings.TrimPrefix(strings.ToUpper(c), "CAP_")
		return c == "FOWNER" || c == "CHOWN" || c == "ALL"
	}) {
		return ways
	}
	euid := os.Geteuid()
	return slices.DeleteFunc(ways, func(w wayMode) bool { return int(w.uid) != euid })
}

// restoreWayModes takes off each write permission for group or others
// that a directory of ways gained since the plan, puts back its owner and
// group, and takes off what its access control lists grant beyond the
// plan's (narrowedACL): the command's chmod, chgrp or setfacl (a red
// team's made the root and .git writable by all, where anyone else could
// then have replaced .git/hooks). It returns what it found and did, one
// line each; nil when nothing changed. Bits taken off stay off. It must
// run once nothing of the command's can change them any more (its pid
// namespace ended); what another user did meanwhile it cannot undo, and
// the message says to look.
func restoreWayModes(ways []wayMode) []string {
	var found []string
	for _, w := range ways {
		if msg := restoreWayMode(w); msg != "" {
			found = append(found, msg)
		}
	}
	return found
}

// ownerBitsBack gives each directory of ways the read and search bits of
// its owner (the runner's user) it had at the plan and lost since, before
// anything is looked at after the run: a command that ran chmod 000 .git
// or chmod 111 on the root kept the runner, which is no root, from
// listing what lay below, so its plants stayed. The write bit is given
// only while something is moved or made there (writableFor): a command's
// chmod 555 .git, which endangers nothing, stays. Parents first, as a
// path is searched.
func ownerBitsBack(ways []wayMode) {
	ways = slices.Clone(ways)
	slices.SortFunc(ways, func(a, b wayMode) int { return strings.Compare(a.path, b.path) })
	for _, w := range ways {
		fd, err := openPlannedDir(w.path)
		if err != nil {
			continue
		}
		var st unix.Stat_t
		if unix.Fstat(fd, &st) == nil && uint64(st.Dev) == w.dev && uint64(st.Ino) == w.ino &&
			int(st.Uid) == os.Geteuid() && w.mode&0o500&^st.Mode != 0 {
			chmodFD(fd, st.Mode&0o7777|w.mode&0o500)
		}
		unix.Close(fd)
	}
}

// restoreWayMode is restoreWayModes for one directory.
func restoreWayMode(w wayMode) string {
	fd, err := openPlannedDir(w.path)
	switch {
	case err == unix.ENOENT:
		return "" // gone (another run's command, without the layer), and what it held with it
	case err != nil:
		return fmt.Sprintf("%s: cannot look at its mode after the run (the command may have made it writable by others, who could then replace what the layer protects in it): %v", w.path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || uint64(st.Dev) != w.dev || uint64(st.Ino) != w.ino {
		return "" // another directory now, not the command's doing: a mount point during the run
	}
	self := "/proc/self/fd/" + strconv.Itoa(fd)
	var what, did, failed []string
	// First: a group's write bit is that group's, and the owner may chmod
	// and setfacl at will. Without CAP_CHOWN a command still gives what it
	// owns to a group it is in (root's supplementary groups). The runner's
	// own user or group is no one the command does not reach anyway; the
	// plan's is given back only where it is the runner's, since it may be
	// what another run's command gave the directory before this run was
	// planned (and that run has put back since): another group keeps it,
	// without its write permission.
	groupGained := uint32(0)
	uid, gid := -1, -1
	if st.Uid != w.uid && int(st.Uid) != os.Geteuid() {
		uid = int(w.uid)
		what = append(what, fmt.Sprintf("gave it to user %d", st.Uid))
	}
	if st.Gid != w.gid && int(st.Gid) != os.Getegid() {
		if int(w.gid) == os.Getegid() {
			gid = int(w.gid)
			what = append(what, fmt.Sprintf("gave it to group %d", st.Gid))
		} else {
			groupGained = st.Mode & 0o020
			what = append(what, fmt.Sprintf("gave it to group %d (the group stays, not allowed to write it; chgrp %d it if the group the run began with was yours)", st.Gid, w.gid))
		}
	}
	if uid >= 0 || gid >= 0 {
		if err := unix.Fchownat(unix.AT_FDCWD, self, uid, gid, 0); err != nil {
			failed = append(failed, fmt.Sprintf("giving it back failed (%v): chown %d:%d it", err, w.uid, w.gid))
		} else {
			switch {
			case uid >= 0 && gid >= 0:
				did = append(did, fmt.Sprintf("it is %d:%d's again", w.uid, w.gid))
			case uid >= 0:
				did = append(did, fmt.Sprintf("it is user %d's again", w.uid))
			default:
				did = append(did, fmt.Sprintf("it is group %d's again", w.gid))
			}
		}
		if err := unix.Fstat(fd, &st); err != nil {
			failed = append(failed, fmt.Sprintf("looking at its mode again failed (%v)", err))
		}
	}
	acls := readACLs(self, false)
	// A list the command took away whose owning group's entry granted less
	// than its mask: that group now has the mask's bits, the mode's.
	if acls[0] == nil && w.acls[0] != nil && st.Mode&0o020 != 0 && aclGroupWrites(w.acls[0]) == 0 {
		groupGained = 0o020
		what = append(what, "took away its access control list, whose entry for its group kept that group from writing it")
	}
	for i, name := range aclNames {
		narrowed, changed := narrowedACL(i == 0, acls[i], w.acls[i])
		if !changed {
			continue
		}
		if len(what) == 0 || what[len(what)-1] != "changed its access control list" {
			what = append(what, "changed its access control list")
		}
		// The access list first: the mode's check below sees what it
		// leaves of the mode's group bits (its mask).
		var err error
		if narrowed == nil {
			err = unix.Removexattr(self, name)
		} else {
			err = unix.Setxattr(self, name, narrowed, 0)
		}
		if err != nil {
			failed = append(failed, fmt.Sprintf("putting back its %s failed (%v)", name, err))
			continue
		}
		did = append(did, "what its "+name+" granted beyond what it did before the run is taken off")
	}
	if len(did)+len(failed) > 0 {
		if err := unix.Fstat(fd, &st); err != nil {
			failed = append(failed, fmt.Sprintf("looking at its mode again failed (%v)", err))
		}
	}
	added := st.Mode&0o022&^w.mode | groupGained
	mode := st.Mode & 0o7777 &^ added
	if byMode := st.Mode & 0o022 &^ w.mode; byMode != 0 {
		who := "group and others"
		switch byMode {
		case 0o020:
			who = "its group"
		case 0o002:
			who = "others"
		}
		what = append(what, fmt.Sprintf("made it writable by %s (mode %o)", who, st.Mode&0o7777))
	}
	if w.mode&unix.S_ISVTX != 0 && mode&unix.S_ISVTX == 0 && mode&0o022 != 0 {
		// Others who may write it may now rename what is not theirs in it.
		mode |= unix.S_ISVTX
		what = append(what, fmt.Sprintf("took its sticky bit off (mode %o), which kept those who may write it from renaming what is not theirs", st.Mode&0o7777))
	}
	if mode != st.Mode&0o7777 {
		if err := chmodFD(fd, mode); err != nil {
			failed = append(failed, fmt.Sprintf("putting that right failed (%v): chmod %o it", err, mode))
		} else {
			did = append(did, fmt.Sprintf("its mode is %o again", mode))
		}
	}
	if len(what) == 0 {
		return ""
	}
	said := fmt.Sprintf("%s: a command (this run's, or one beside it) %s, through which another user could have renamed away or replaced what the run protects in it (git's hooks and config, the agents' settings) while the run lasted", w.path, strings.Join(what, " and "))
	if len(failed) > 0 {
		return said + "; " + strings.Join(append(did, failed...), ", ") + ": look at what it holds"
	}
	return said + "; " + strings.Join(did, ", ") + ": look at what it holds if others could reach it"
}

// writableFor gives the runner's user write and search permission on the
// directory fd (O_PATH) when it owns it without them, and returns what
// puts its mode back; nil when nothing changed (chmodFD).
func writableFor(fd int) func() {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || int(st.Uid) != unix.Geteuid() || st.Mode&0o300 == 0o300 {
		return nil
	}
	mode := st.Mode & 0o7777
	if chmodFD(fd, mode|0o300) != nil {
		return nil
	}
	return func() { chmodFD(fd, mode) }
}

// chmodFD sets the mode of the file an O_PATH descriptor fd names, which
// takes no fchmod: through /proc/self/fd, whose magic link is the file
// itself, never a path a command could swap for a link since.
func chmodFD(fd int, mode uint32) error {
	return unix.Fchmodat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), mode, 0)
}

// plantedError is the run's failure for what movePlanted and
// restoreWayModes found.
func plantedError(found []string) *StageError {
	return stageErr(StageNamespaces, StatusSandbox, "%s", strings.Join(found, "; "))
}

// afterKilledArg is os.Args[1] of the process the sharer (child_linux.c)
// starts in its place once the runner is gone without having looked for
// planted commondirs and changed ways itself: a runner killed (SIGKILL)
// while its command ran. The rest of its arguments are afterKilledArgs'.
const afterKilledArg = "__mewsandbox_after_killed"

// afterKilledArgs are the arguments of the process started should the
// runner be killed before it has done what movePlanted,
// restoreWayModes, checkModuleDirs and, without the layer,
// snapshot.check do: the git directories to look in, the modules beside
// hooks' Python scripts, the ways, the snapshot's length and checksum
// (snap, its encoding, which the sharer hands over apart: see
// handover_linux.go), the root, where that process reports ("": it
// reports nothing, as for the layer's work, whose trace is the names
// moved aside and the modes put back), and, where
// the command's child is the runner's own and not the sharer's (runs
// without the pre-forked child: --pass-fd, a child that did not fit),
// that child's pid and start time, to wait for it to be gone. nil when
// there is nothing to do.
func afterKilledArgs(root string, dirs, unmade []string, found plannedFound, ways []wayMode, todos []*plannedTodos, nested *plannedNested, mods []moduleDir, snap []byte, child int) []string {
	if found.sec == 0 {
		found.paths = nil // the person's: nothing to look at
	}
	if len(dirs) == 0 && len(unmade) == 0 && len(found.paths) == 0 && len(ways) == 0 && len(todos) == 0 && nested == nil && len(mods) == 0 && snap == nil {
		return nil
	}
	args := []string{"mewsandbox", afterKilledArg}
	if child > 0 {
		if p, err := readStat(child); err == nil {
			args = append(args, fmt.Sprintf("c:%d:%d", child, p.start))
		}
	}
	if root != "" {
		args = append(args, "r:"+root)
	}
	if snap != nil {
		args = append(args, snapshotArg(snap))
	}
	for _, d := range dirs {
		args = append(args, "d:"+d)
	}
	// One argument a directory, its names joined by "/": some 65 names
	// share the root, and what the sharer holds is bounded
	// (afterKilledFits).
	byDir := func(paths []string, sec, nsec int64) {
		for i := 0; i < len(paths); {
			dir := filepath.Dir(paths[i])
			var names []string
			for ; i < len(paths) && filepath.Dir(paths[i]) == dir; i++ {
				names = append(names, filepath.Base(paths[i]))
			}
			args = append(args, unmadeArg(dir, names, sec, nsec))
		}
	}
	byDir(unmade, 0, 0)
	byDir(found.paths, found.sec, found.nsec)
	for _, t := range todos {
		args = append(args, todosArg(t))
	}
	if nested != nil {
		args = append(args, nestedArg(nested))
	}
	for _, m := range mods {
		args = append(args, moduleDirArg(m))
	}
	for _, w := range ways {
		args = append(args, fmt.Sprintf("w:%d:%d:%d:%d:%d:%s:%s:%s", w.dev, w.ino, w.mode, w.uid, w.gid, hexACL(w.acls[0]), hexACL(w.acls[1]), w.path))
	}
	return args
}

// hexACL is an access control list as an argument: "-" for none.
func hexACL(b []byte) string {
	if b == nil {
		return "-"
	}
	return hex.EncodeToString(b)
}

// afterKilled does a killed runner's last work (afterKilledArgs): once its
// command's child is gone, it moves planted commondirs aside, takes off
// what the command gave others on the ways and, without the layer,
// compares the snapshot handed over (checkHanded). The runner's caller has
// its exit status already, and the sharer started this process with no
// descriptors but the snapshot's: what it found and did goes to a file in
// the root (reportKilled).
func afterKilled(args []string) {
	var dirs, unmade []string
	var replanted plannedFound
	var ways []wayMode
	var todos []*plannedTodos
	var nested *plannedNested
	var mods []moduleDir
	root, snap, snapFD := "", "", -1
	for _, a := range args {
		kind, rest, _ := strings.Cut(a, ":")
		switch kind {
		case "r":
			root = rest
		case "s":
			snap = rest
		case "f":
			// The sharer's last argument, the descriptor it wrote the
			// snapshot to (child_linux.c's hand_over).
			if fd, err := strconv.Atoi(rest); err == nil && fd > 2 {
				snapFD = fd
			}
		case "c":
			f := strings.Split(rest, ":")
			if len(f) == 2 {
				pid, err1 := strconv.Atoi(f[0])
				start, err2 := strconv.ParseUint(f[1], 10, 64)
				if err1 == nil && err2 == nil {
					waitEnded(pid, start)
				}
			}
		case "d":
			dirs = append(dirs, rest)
		case "m":
			if paths, sec, nsec := parseUnmadeArg(rest); sec == 0 {
				unmade = append(unmade, paths...)
			} else {
				replanted.paths = append(replanted.paths, paths...)
				replanted.sec, replanted.nsec = sec, nsec
			}
		case "t":
			if t := parseTodosArg(rest); t != nil {
				todos = append(todos, t)
			}
		case "n":
			nested = parseNestedArg(rest)
		case "y":
			if m, ok := parseModuleDirArg(rest); ok {
				mods = append(mods, m)
			}
		case "w":
			if w, ok := parseWayArg(rest); ok {
				ways = append(ways, w)
			}
		}
	}
	// In the runner's order (Run's last look).
	ownerBitsBack(ways)
	found := slices.Concat(movePlanted(dirs), moveUnmade(unmade), moveReplanted(replanted))
	placeSupersAt(todos)
	found = append(found, checkAllTodos(todos)...)
	found = append(found, checkNested(nested)...)
	found = append(found, checkModuleDirs(mods)...)
	if snap != "" {
		found = append(found, checkHanded(snap, snapFD)...)
	} else if snapFD >= 0 {
		unix.Close(snapFD)
	}
	found = append(found, restoreWayModes(ways)...)
	reportKilled(root, found)
}

// unmadeArg is one directory's unmade paths of afterKilledArgs: "m:", the
// length of its names joined by "/" (and, for paths found at a plan
// beside another run, plannedFound's, ",", its time's second and
// nanoseconds, comma-separated), ":", those names, ":", the directory.
// Counted, since a name and a directory may hold ":": a hook's
// scripts/a:b.sh, read as the names' end, lost its directory's whole
// list, and the scripts/ab.sh beside it stayed (red84).
func unmadeArg(dir string, names []string, sec, nsec int64) string {
	joined := strings.Join(names, "/")
	since := ""
	if sec != 0 {
		since = "," + strconv.FormatInt(sec, 10) + "," + strconv.FormatInt(nsec, 10)
	}
	return "m:" + strconv.Itoa(len(joined)) + since + ":" + joined + ":" + dir
}

// parseUnmadeArg reads unmadeArg's, after its "m:": the paths, and the
// time of a plan beside another run (0 for paths missing at the plan).
func parseUnmadeArg(s string) (paths []string, sec, nsec int64) {
	n, rest, _ := strings.Cut(s, ":")
	n, since, found := strings.Cut(n, ",")
	l, err := strconv.Atoi(n)
	if err != nil || l < 0 || l >= len(rest) || rest[l] != ':' || !filepath.IsAbs(rest[l+1:]) {
		return nil, 0, 0
	}
	if found {
		s, ns, _ := strings.Cut(since, ",")
		var err2 error
		sec, err = strconv.ParseInt(s, 10, 64)
		nsec, err2 = strconv.ParseInt(ns, 10, 64)
		if err != nil || err2 != nil || sec == 0 {
			// Unreadable, these would be taken for missing at the plan,
			// and the person's moved aside.
			return nil, 0, 0
		}
	}
	names, dir := rest[:l], rest[l+1:]
	for n := range strings.SplitSeq(names, "/") {
		if n != "" && n != "." && n != ".." {
			paths = append(paths, filepath.Join(dir, n))
		}
	}
	return paths, sec, nsec
}

// moduleDirArg is one directory of afterKilledArgs' modules: "y:", the
// names it holds joined by "," ("*" for all), ":", the length of its
// path (and, for a plan beside another run, ",", its time's second and
// nanoseconds, comma-separated), ":", the path, then its modules' names
// joined by "/", which no name holds (a path and a module's name may hold
// ":"; the names held are Python's names, which hold neither).
func moduleDirArg(m moduleDir) string {
	names := "*"
	if m.names != nil {
		names = strings.Join(m.names, ",")
	}
	since := ""
	if m.since != 0 {
		since = "," + strconv.FormatInt(m.since, 10) + "," + strconv.FormatInt(m.nsec, 10)
	}
	return "y:" + names + ":" + strconv.Itoa(len(m.path)) + since + ":" + m.path + strings.Join(m.modules, "/")
}

// parseModuleDirArg reads moduleDirArg's, after its "y:".
func parseModuleDirArg(s string) (moduleDir, bool) {
	names, s, _ := strings.Cut(s, ":")
	n, rest, _ := strings.Cut(s, ":")
	n, since, overlapped := strings.Cut(n, ",")
	l, err := strconv.Atoi(n)
	if err != nil || l <= 0 || l > len(rest) || !filepath.IsAbs(rest[:l]) {
		return moduleDir{}, false
	}
	m := moduleDir{path: rest[:l]}
	if names != "*" {
		m.names = strings.Split(names, ",")
	}
	if overlapped {
		sec, nsec, _ := strings.Cut(since, ",")
		var err2 error
		m.since, err = strconv.ParseInt(sec, 10, 64)
		m.nsec, err2 = strconv.ParseInt(nsec, 10, 64)
		if err != nil || err2 != nil || m.since == 0 {
			return moduleDir{}, false
		}
	}
	if rest = rest[l:]; rest != "" {
		m.modules = strings.Split(rest, "/")
	}
	return m, true
}

// parseWayArg reads one way of afterKilledArgs.
func parseWayArg(s string) (wayMode, bool) {
	f := strings.SplitN(s, ":", 8)
	if len(f) != 8 || f[7] == "" {
		return wayMode{}, false
	}
	var n [5]uint64
	for i := range n {
		v, err := strconv.ParseUint(f[i], 10, 64)
		if err != nil {
			return wayMode{}, false
		}
		n[i] = v
	}
	w := wayMode{path: f[7], dev: n[0], ino: n[1], mode: uint32(n[2]), uid: uint32(n[3]), gid: uint32(n[4])}
	for i := range w.acls {
		if f[5+i] == "-" {
			continue
		}
		b, err := hex.DecodeString(f[5+i])
		if err != nil {
			return wayMode{}, false
		}
		w.acls[i] = b
	}
	return w, true
}

// waitEnded waits until the process pid that started at start (clock
// ticks after boot, /proc/PID/stat) has ended: the command's child, whose
// pid namespace ends with it. Its parent, the runner, is gone, and the
// kernel sent it SIGKILL then (Pdeathsig); it is sent again here, and the
// wait ends after waitEndedFor whatever happened. A pid another process
// has taken since is not waited for.
func waitEnded(pid int, start uint64) {
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return // gone, and reaped
	}
	defer unix.Close(fd)
	if p, err := readStat(pid); err != nil || p.start != start {
		return // reaped since, its pid another's
	}
	unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0)
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	deadline := time.Now().Add(waitEndedFor)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return
		}
		if n, err := unix.Poll(fds, int(left.Milliseconds())+1); n > 0 || (err != nil && err != unix.EINTR) {
			return
		}
	}
}

// waitEndedFor bounds waitEnded.
const waitEndedFor = 10 * time.Second
