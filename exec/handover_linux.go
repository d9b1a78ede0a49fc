//go:build linux

package exec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// A killed runner's snapshot. Without the layer the snapshot is compared
// after the run (snapshot.check), and a runner killed (SIGKILL: a CI
// job's timeout, timeout -s KILL, the OOM killer) before it looks left
// what its command planted, since the bytes to put back lived in its
// memory alone. The runner now encodes the snapshot once it is taken
// (encode: a few KiB for a repository's configs and hooks, the kept bytes
// at most maxKeptBytes) and leaves it where it lies, in the memory the
// sharer shares: the sharer copies it into a sealed memfd for the process
// it starts in the runner's place (child_linux.c's hand_over), which
// waits for the command to be gone as afterKilled does, decodes it
// (handedSnapshot) and runs the same check. A run that ends as it should
// costs the encoding and no system call.
//
// The encoding's length and checksum go with the process's arguments
// (snapshotArg), which the sharer keeps apart from the bytes: a
// hand-over that is missing, unsealed, of another length or checksum, or
// that does not decode is not trusted. What it says then is still
// compared, but nothing is put back from it (snapshot.unverified): what
// differs is moved aside, never replaced by bytes nothing vouches for.

// snapMagic begins an encoded snapshot.
const snapMagic = "mewsnap1"

// maxHanded bounds an encoded snapshot: the bytes kept, and each entry's
// identity and names.
const maxHanded = maxKeptBytes + 4*maxSnapEntries*(4096+128)

// snapSum is the checksum of an encoded snapshot, in the arguments. Its
// table is made on first use (crc32 keeps it), not as every process of
// the binary starts: as a package variable it was 9 KB of heap and some
// 0.3 ms in exec's initialisation for mewsandbox version too.
func snapSum(b []byte) uint32 {
	return crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli))
}

// snapOverlapped marks, beside .git's flag after the root, a snapshot
// taken while another run without the layer went on (snapshot.overlapped).
const snapOverlapped = 2

// Entry flags of the encoding.
const (
	snapMissing = 1 << iota
	snapKept
	snapListed
)

// encode returns the snapshot as the process started for a killed runner
// reads it (decodeSnapshot): the root, then .git's identity and each
// entry, by path, with their entries.
func (s *snapshot) encode() []byte {
	b := append(make([]byte, 0, 4096+s.kept), snapMagic...)
	b = appendSnapString(b, s.root)
	// One byte: .git's identity follows (1), taken beside another run
	// (snapOverlapped), which the successor must not put back from either.
	var has byte
	if s.dotGit != nil {
		has |= 1
	}
	if s.overlapped {
		has |= snapOverlapped
	}
	b = append(b, has)
	if s.dotGit != nil {
		b = appendSnapEntry(b, s.dotGit)
	}
	b = binary.AppendUvarint(b, uint64(len(s.entries)))
	for _, e := range s.entries {
		b = appendSnapEntry(b, e)
	}
	return b
}

func appendSnapString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendSnapEntry encodes e: what check compares of its identity (see
// checker.compare) and what putBack makes again.
func appendSnapEntry(b []byte, e *snapEntry) []byte {
	b = appendSnapString(b, e.path)
	var flags byte
	if e.missing {
		flags |= snapMissing
	}
	if e.kept {
		flags |= snapKept
	}
	if e.listed {
		flags |= snapListed
	}
	b = append(b, flags)
	if e.missing {
		return b
	}
	for _, v := range []uint64{e.st.Dev, e.st.Ino, uint64(e.st.Mode), uint64(e.st.Uid), uint64(e.st.Gid), uint64(e.st.Size), uint64(e.st.Mtim.Nano()), uint64(e.st.Ctim.Nano())} {
		b = binary.AppendUvarint(b, v)
	}
	switch e.st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		if e.kept {
			b = appendSnapString(b, string(e.data))
		}
	case unix.S_IFLNK:
		b = appendSnapString(b, e.target)
	case unix.S_IFDIR:
		b = binary.AppendUvarint(b, uint64(len(e.entries)))
		for _, x := range e.entries {
			b = appendSnapEntry(b, x)
		}
	}
	return b
}

// snapDecoder reads an encoded snapshot, within the bounds a snapshot
// has: a hand-over is never trusted further than it is checked.
type snapDecoder struct {
	b       []byte
	entries int
	kept    int64
}

var errSnapBad = errors.New("not a snapshot's encoding")

// decodeSnapshot reads b (snapshot.encode). On an error it returns what
// it read before it, the entries read whole, beside the error.
func decodeSnapshot(b []byte) (*snapshot, error) {
	d := &snapDecoder{b: b}
	if !strings.HasPrefix(string(b[:min(len(b), len(snapMagic))]), snapMagic) {
		return nil, errSnapBad
	}
	d.b = d.b[len(snapMagic):]
	root, err := d.string()
	if err != nil || !filepath.IsAbs(root) || filepath.Clean(root) != root {
		return nil, errSnapBad
	}
	s := &snapshot{root: root}
	has, err := d.byte()
	if err != nil || has > 1|snapOverlapped {
		return s, errSnapBad
	}
	s.overlapped = has&snapOverlapped != 0
	s.unverified = s.overlapped
	if has&1 != 0 {
		e, err := d.entry(0)
		if err != nil || e.path != root+"/.git" || e.missing {
			return s, errSnapBad
		}
		s.dotGit = e
	}
	n, err := d.count()
	if err != nil {
		return s, err
	}
	for range n {
		e, err := d.entry(0)
		if err == nil && (!filepath.IsAbs(e.path) || filepath.Clean(e.path) != e.path || e.path == "/") {
			err = errSnapBad
		}
		if err != nil {
			return s, err
		}
		s.entries = append(s.entries, e)
	}
	if len(d.b) != 0 {
		return s, errSnapBad
	}
	return s, nil
}

func (d *snapDecoder) byte() (byte, error) {
	if len(d.b) == 0 {
		return 0, errSnapBad
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c, nil
}

func (d *snapDecoder) uvarint() (uint64, error) {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		return 0, errSnapBad
	}
	d.b = d.b[n:]
	return v, nil
}

// count reads a number of entries, each at least two bytes long.
func (d *snapDecoder) count() (int, error) {
	v, err := d.uvarint()
	if err != nil || v > uint64(len(d.b)/2) {
		return 0, errSnapBad
	}
	return int(v), nil
}

// bytes reads a string of at most limit bytes.
func (d *snapDecoder) bytes(limit int) ([]byte, error) {
	v, err := d.uvarint()
	if err != nil || v > uint64(limit) || v > uint64(len(d.b)) {
		return nil, errSnapBad
	}
	s := d.b[:v:v]
	d.b = d.b[v:]
	return s, nil
}

func (d *snapDecoder) string() (string, error) {
	b, err := d.bytes(unix.PathMax)
	return string(b), err
}

// entry reads one entry at depth (0: the snapshot's own, a path; below:
// a name in its directory, one that openat takes as one).
func (d *snapDecoder) entry(depth int) (*snapEntry, error) {
	if d.entries++; d.entries > 4*maxSnapEntries || depth > maxSnapEntries {
		return nil, errSnapBad
	}
	path, err := d.string()
	if err != nil || path == "" || depth > 0 && (path == "." || path == ".." || strings.ContainsRune(path, '/')) {
		return nil, errSnapBad
	}
	e := &snapEntry{path: path}
	flags, err := d.byte()
	if err != nil || flags&^(snapMissing|snapKept|snapListed) != 0 {
		return nil, errSnapBad
	}
	e.missing, e.kept, e.listed = flags&snapMissing != 0, flags&snapKept != 0, flags&snapListed != 0
	if e.missing {
		return e, nil
	}
	var v [8]uint64
	for i := range v {
		if v[i], err = d.uvarint(); err != nil {
			return nil, err
		}
	}
	if v[2] > 0xffffffff || v[3] > 0xffffffff || v[4] > 0xffffffff {
		return nil, errSnapBad
	}
	e.st.Dev, e.st.Ino, e.st.Mode, e.st.Uid, e.st.Gid, e.st.Size = v[0], v[1], uint32(v[2]), uint32(v[3]), uint32(v[4]), int64(v[5])
	e.st.Mtim, e.st.Ctim = unix.NsecToTimespec(int64(v[6])), unix.NsecToTimespec(int64(v[7]))
	switch e.st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		if e.kept {
			data, err := d.bytes(maxKeptFile)
			if err != nil || int64(len(data)) != e.st.Size {
				return nil, errSnapBad
			}
			if d.kept += int64(len(data)); d.kept > maxKeptBytes {
				return nil, errSnapBad
			}
			e.data = data
		}
	case unix.S_IFLNK:
		if e.target, err = d.string(); err != nil {
			return nil, err
		}
	case unix.S_IFDIR:
		n, err := d.count()
		if err != nil {
			return nil, err
		}
		for range n {
			x, err := d.entry(depth + 1)
			if err != nil {
				return nil, err
			}
			e.entries = append(e.entries, x)
		}
	}
	return e, nil
}

// snapshotArg is the argument that tells the process started for a
// killed runner that a snapshot was handed over, and how to know it: its
// length and checksum.
func snapshotArg(b []byte) string {
	return fmt.Sprintf("s:%d:%d", len(b), snapSum(b))
}

// handedSnapshot reads the snapshot the sharer handed over at descriptor
// fd (-1: none came), which snapshotArg's rest says how to know. It
// returns what it could read, nil for nothing, and why it is not to be
// trusted; a snapshot read whole but untrusted is marked unverified.
func handedSnapshot(arg string, fd int) (*snapshot, string) {
	f := strings.Split(arg, ":")
	length, err1 := strconv.ParseInt(f[0], 10, 64)
	var sum uint64
	var err2 error = errSnapBad
	if len(f) == 2 {
		sum, err2 = strconv.ParseUint(f[1], 10, 32)
	}
	if err1 != nil || err2 != nil || length <= 0 || length > maxHanded {
		return nil, "its arguments do not say what it is"
	}
	if fd < 0 {
		return nil, "it never came (the process that shares the runner's memory could not write it out)"
	}
	b, why := readHanded(fd, length)
	if b == nil {
		return nil, why
	}
	if why == "" && snapSum(b) != uint32(sum) {
		why = "its checksum is not the runner's"
	}
	s, err := decodeSnapshot(b)
	if err != nil && why == "" {
		why = "it does not decode (" + err.Error() + ")"
	}
	if s != nil && why != "" {
		s.unverified = true
	}
	return s, why
}

// readHanded reads length bytes from the memfd fd, and says why they are
// not to be trusted: not sealed against writes, or of another length.
func readHanded(fd int, length int64) ([]byte, string) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, "its descriptor is no file"
	}
	if st.Size > maxHanded {
		return nil, "it is larger than any snapshot"
	}
	why := ""
	const sealed = unix.F_SEAL_SEAL | unix.F_SEAL_SHRINK | unix.F_SEAL_GROW | unix.F_SEAL_WRITE
	if seals, err := unix.FcntlInt(uintptr(fd), unix.F_GET_SEALS, 0); err != nil || seals&sealed != sealed {
		why = "it is not sealed against changes"
	}
	if st.Size != length {
		why = fmt.Sprintf("it holds %d bytes, not the runner's %d", st.Size, length)
	}
	b := make([]byte, st.Size)
	n, err := unix.Pread(fd, b, 0)
	if err != nil || int64(n) != st.Size {
		return nil, "it cannot be read"
	}
	return b, why
}

// checkHanded is afterKilled's snapshot.check, for the snapshot handed
// over (handedSnapshot): what it found, one line each.
func checkHanded(arg string, fd int) []string {
	s, why := handedSnapshot(arg, fd)
	if fd >= 0 {
		unix.Close(fd)
	}
	var found []string
	switch {
	case s == nil:
		return []string{"the snapshot of what the namespace layer would have protected, taken before the run, could not be read (" + why + "): nothing was compared or put back; look at the repository's hooks and config (.git/hooks, .git/config) and the agents' settings (.claude, .mewsandbox) before you run git or open the project"}
	case why != "":
		found = append(found, "the snapshot taken before the run is not to be trusted ("+why+"): what differs from it is moved aside, and nothing put back")
	}
	return append(found, s.check()...)
}

// killedReportName is the file, in the root, where the process started
// for a killed runner says what it found and did: nobody else hears of
// it (the runner's caller has its exit status already, and that process
// has no descriptors), and git status shows the file to whoever looks
// next.
const killedReportName = "mewsandbox-killed-run.txt"

// reportKilled appends found, what the work after a killed runner found
// and did, to killedReportName in the directory root; nothing when found
// is empty. The file is made afresh, or appended to where it is a
// regular file of the runner's user's with no other link, never
// following a link: what the command left at that name otherwise (a
// link, a FIFO, a hard link to a file of yours) is moved aside, so that
// the report is still made.
func reportKilled(root string, found []string) {
	if len(found) == 0 || !filepath.IsAbs(root) {
		return
	}
	dirfd, err := openDirNoLinks(root, unix.O_PATH)
	if err != nil {
		return
	}
	defer unix.Close(dirfd)
	fd, made := openReport(dirfd)
	if fd < 0 {
		return
	}
	defer unix.Close(fd)
	if made && os.Geteuid() == 0 {
		// Root gives it to the project's owner, to read and remove.
		var dir unix.Stat_t
		if unix.Fstat(dirfd, &dir) == nil {
			unix.Fchown(fd, int(dir.Uid), int(dir.Gid))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a mewsandbox run in %s was killed (SIGKILL) while its command ran, before it could undo what the command changed; the process started in its place, once nothing of the command's ran, found and did this:\n", time.Now().UTC().Format(time.RFC3339), root)
	for _, f := range found {
		b.WriteString("- " + f + "\n")
	}
	unix.Write(fd, []byte(b.String()))
}

// openReport opens killedReportName in the directory dirfd to append to
// (see reportKilled), and says whether it made it; -1 where it cannot.
func openReport(dirfd int) (int, bool) {
	const flags = unix.O_WRONLY | unix.O_APPEND | unix.O_NOFOLLOW | unix.O_NONBLOCK | unix.O_CLOEXEC
	for range 2 {
		fd, err := unix.Openat(dirfd, killedReportName, flags|unix.O_CREAT|unix.O_EXCL, 0o644)
		if err == nil {
			return fd, true
		}
		if err != unix.EEXIST {
			return -1, false
		}
		if fd, err := unix.Openat(dirfd, killedReportName, flags, 0); err == nil {
			if reportOurs(fd, dirfd) {
				return fd, false
			}
			unix.Close(fd)
		}
		if _, _, err := moveAsideAt(dirfd, killedReportName); err != nil {
			return -1, false
		}
	}
	return -1, false
}

// reportOurs says whether the report open at fd may be appended to: a
// regular file with no other link, the runner's user's (or, for root,
// the project's owner's).
func reportOurs(fd, dirfd int) bool {
	var st, dir unix.Stat_t
	if unix.Fstat(fd, &st) != nil || unix.Fstat(dirfd, &dir) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Nlink != 1 {
		return false
	}
	euid := os.Geteuid()
	return int(st.Uid) == euid || euid == 0 && st.Uid == dir.Uid
}
