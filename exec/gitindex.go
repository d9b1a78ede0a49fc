package exec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// gitIndex is what indexGitlinks reads of a git index: the paths of its
// gitlinks (mode 0160000, a submodule's commit), and, for a split index
// (core.splitIndex), the name of the shared index that holds its other
// entries.
type gitIndex struct {
	gitlinks []string
	shared   string // "sharedindex.<hex>", or "" for a whole index
	sparse   bool   // an "sdir" extension: directories out of the sparse cone stand as one entry
}

const gitlinkMode = 0o160000

// maxIndexSize bounds the index indexGitlinks is handed: past it the run
// fails, saying so, rather than read an unbounded file.
const maxIndexSize = 1 << 30

// maxGitlinkBytes bounds what indexGitlinks copies of an index's gitlinks
// (their paths, and a slot each): past it the run fails, saying so. The
// index itself is mapped, but the paths are copied, and version 4 builds
// each on the one before: a red team's 2.6 MB index of 40,000 gitlinks
// was 800 MB of paths in the runner, which the out-of-memory killer of a
// 200 MB memory cgroup took before git's todo lists were looked at.
const maxGitlinkBytes = 4 << 20

// maxIndexPath bounds an entry's path, which indexGitlinks copies to
// build the next one's (version 4) or to keep it: a command's index of
// one entry of a 600 MB path was a 600 MB copy. No file system takes a
// path of more than 4,096 bytes, so git checks out none longer.
const maxIndexPath = 1 << 16

// errIndex is indexGitlinks' error for an index it cannot read whole.
var errIndex = errors.New("not a git index it can read")

// errNotIndex is indexGitlinks' error for a file git refuses at once to
// take for an index (its verify_hdr: no DIRC signature, or a version
// other than 2 to 4): git enters no submodule from it, and a command that
// writes junk there fails nothing.
var errNotIndex = fmt.Errorf("%w: no DIRC header of version 2 to 4", errIndex)

// indexGitlinks reads b, a git index (versions 2, 3 and 4), with object
// names of hashLen bytes (20, SHA-1; 32, SHA-256), bounding every read by
// b: a malformed index is an error, never a panic. Only the entries and
// the extensions' signatures are read; the trailing checksum is not
// checked (index.skipHash leaves it zero).
func indexGitlinks(b []byte, hashLen int) (gitIndex, error) {
	var ix gitIndex
	if len(b) < 12 || !bytes.Equal(b[:4], []byte("DIRC")) {
		return ix, errNotIndex
	}
	version := binary.BigEndian.Uint32(b[4:])
	if version < 2 || version > 4 {
		return ix, errNotIndex
	}
	if len(b) < 12+hashLen {
		return ix, fmt.Errorf("%w: cut short", errIndex)
	}
	count := uint64(binary.BigEndian.Uint32(b[8:]))
	end := len(b) - hashLen // the trailing checksum
	// Each entry takes at least its 40 bytes of stat data, the name, the
	// flags and a NUL: a count the size cannot hold is refused at once.
	if count > uint64(end)/uint64(40+hashLen+3) {
		return ix, fmt.Errorf("%w: %d entries cannot fit in %d bytes", errIndex, count, len(b))
	}
	off := 12
	var name []byte // the previous entry's, for version 4's prefix compression
	kept := 0       // bytes of gitlinks copied (maxGitlinkBytes)
	for range count {
		start := off
		fixed := 40 + hashLen + 2
		if end-off < fixed {
			return ix, fmt.Errorf("%w: entry cut short", errIndex)
		}
		mode := binary.BigEndian.Uint32(b[off+24:])
		flags := binary.BigEndian.Uint16(b[off+40+hashLen:])
		off += fixed
		if flags&0x4000 != 0 { // extended flags, version 3 and up
			if version < 3 || end-off < 2 {
				return ix, fmt.Errorf("%w: extended flags", errIndex)
			}
			off += 2
		}
		if version == 4 {
			strip, n := indexVarint(b[off:end])
			if n <= 0 || strip > uint64(len(name)) {
				return ix, fmt.Errorf("%w: a path's prefix", errIndex)
			}
			off += n
			nul := bytes.IndexByte(b[off:end], 0)
			if nul < 0 {
				return ix, fmt.Errorf("%w: a path without its end", errIndex)
			}
			if uint64(len(name))-strip+uint64(nul) > maxIndexPath {
				return ix, fmt.Errorf("%w: a path longer than %d bytes", errIndex, maxIndexPath)
			}
			name = append(name[:uint64(len(name))-strip], b[off:off+nul]...)
			off += nul + 1
		} else {
			nul := bytes.IndexByte(b[off:end], 0)
			if nul < 0 {
				return ix, fmt.Errorf("%w: a path without its end", errIndex)
			}
			if nul > maxIndexPath {
				return ix, fmt.Errorf("%w: a path longer than %d bytes", errIndex, maxIndexPath)
			}
			name = append(name[:0], b[off:off+nul]...)
			// Padded with 1 to 8 NULs to a multiple of 8 from the entry's start.
			next := start + (off-start+nul+8)&^7
			if next > end {
				return ix, fmt.Errorf("%w: entry cut short", errIndex)
			}
			off = next
		}
		if mode == gitlinkMode {
			if len(name) == 0 {
				// A split index's entry replacing one of the shared
				// index's, whose path only the replace bitmap gives.
				return ix, fmt.Errorf("%w: a split index replaces an entry with a gitlink", errIndex)
			}
			if kept += len(name) + 32; kept > maxGitlinkBytes {
				return ix, fmt.Errorf("%w: its gitlinks' paths take more than %d bytes", errIndex, maxGitlinkBytes)
			}
			ix.gitlinks = append(ix.gitlinks, string(name))
		}
	}
	for off < end {
		if end-off < 8 {
			return ix, fmt.Errorf("%w: extension cut short", errIndex)
		}
		sig := string(b[off : off+4])
		size := uint64(binary.BigEndian.Uint32(b[off+4:]))
		off += 8
		if size > uint64(end-off) {
			return ix, fmt.Errorf("%w: extension %q cut short", errIndex, sig)
		}
		data := b[off : off+int(size)]
		off += int(size)
		switch sig {
		case "link":
			if len(data) < hashLen {
				return ix, fmt.Errorf("%w: split index link cut short", errIndex)
			}
			ix.shared = fmt.Sprintf("sharedindex.%x", data[:hashLen])
		case "sdir":
			ix.sparse = true
		default:
			if sig[0] < 'A' || sig[0] > 'Z' {
				return ix, fmt.Errorf("%w: extension %q, which git must understand", errIndex, sig)
			}
		}
	}
	return ix, nil
}

// indexVarint reads git's offset varint (version 4's prefix lengths):
// the value and the bytes it took, 0 if cut short or too large.
func indexVarint(b []byte) (uint64, int) {
	var v uint64
	for i, c := range b {
		if i >= 9 {
			return 0, 0
		}
		if i > 0 {
			v++
		}
		v = v<<7 | uint64(c&0x7f)
		if c&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// indexGitlinksAny is indexGitlinks for an index whose hash length is not
// known: each of SHA-1's and SHA-256's that reads the whole index
// consistently, their gitlinks together (a crafted index both read is
// checked for both); an error if neither does.
func indexGitlinksAny(b []byte) (gitIndex, error) {
	var ix gitIndex
	var errs []error
	read := 0
	// A set, not a look through the list for each: 90,000 gitlinks took
	// the runner 15 s so.
	seen := map[string]bool{}
	for _, hl := range []int{20, 32} {
		got, err := indexGitlinks(b, hl)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		read++
		for _, g := range got.gitlinks {
			if !seen[g] {
				seen[g] = true
				ix.gitlinks = append(ix.gitlinks, g)
			}
		}
		ix.sparse = ix.sparse || got.sparse
		if got.shared != "" {
			if ix.shared != "" && ix.shared != got.shared {
				return ix, fmt.Errorf("%w: its split index link reads two ways", errIndex)
			}
			ix.shared = got.shared
		}
	}
	if read == 0 {
		return ix, errs[0]
	}
	return ix, nil
}
