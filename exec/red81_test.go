package exec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// red81Index is a version 4 index of n gitlinks, each path the one before
// with suffix added (none stripped: prefix compression), so that it
// takes about 66 bytes an entry while its paths together take n²/2 bytes.
func red81Index(n int, suffix string) []byte {
	b := binary.BigEndian.AppendUint32([]byte("DIRC"), 4)
	b = binary.BigEndian.AppendUint32(b, uint32(n))
	for range n {
		var entry [40 + 20 + 2]byte
		binary.BigEndian.PutUint32(entry[24:], gitlinkMode)
		binary.BigEndian.PutUint16(entry[60:], uint16(len(suffix)))
		b = append(b, entry[:]...)
		b = append(b, 0) // strip nothing of the path before
		b = append(b, suffix...)
		b = append(b, 0)
	}
	return append(b, make([]byte, 20)...) // the checksum
}

// red81IndexV2 is a version 2 index of the entries names, each of mode.
func red81IndexV2(mode uint32, names ...string) []byte {
	b := binary.BigEndian.AppendUint32([]byte("DIRC"), 2)
	b = binary.BigEndian.AppendUint32(b, uint32(len(names)))
	for _, name := range names {
		var entry [40 + 20 + 2]byte
		binary.BigEndian.PutUint32(entry[24:], mode)
		binary.BigEndian.PutUint16(entry[60:], uint16(min(len(name), 0xfff)))
		start := len(b)
		b = append(b, entry[:]...)
		b = append(b, name...)
		b = append(b, make([]byte, 8-(len(b)-start)%8)...)
	}
	return append(b, make([]byte, 20)...)
}

// TestIndexGitlinksBoundedRed81: the index is mapped (red79), but its
// paths were copied onto the heap, and version 4 builds a path on the
// one before: a command's 2.6 MB index of 40,000 gitlinks was 800 MB of
// paths in the runner, which the out-of-memory killer of a 200 MB memory
// cgroup took, with the process sharing its memory, before git's todo
// lists were looked at (an exec line the command added stayed for the
// host's git rebase --continue, TestIndexOOMRed81); so was an entry of
// one 32 MB path, copied whole. Now an index whose gitlinks' paths pass
// maxGitlinkBytes, or a path maxIndexPath, is errIndex (the run fails,
// saying so) before it is copied. The neighbour: 1,000 gitlinks of short
// paths are read whole.
func TestIndexGitlinksBoundedRed81(t *testing.T) {
	for _, tc := range []struct {
		name  string
		index []byte
	}{
		{"a version 4 index of 12,000 growing gitlinks (72 MB of paths)", red81Index(12000, "a")},
		{"a version 2 entry of a 32 MB path", red81IndexV2(0o100644, strings.Repeat("p", 32<<20))},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ix, err := indexGitlinksAny(tc.index)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, errIndex) {
			t.Errorf("%s: %d gitlinks read, %v; want errIndex", tc.name, len(ix.gitlinks), err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("%s: reading it allocated %d bytes, want at most %d", tc.name, grew, 16<<20)
		}
	}
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("sub/%04d", i)
	}
	if ix, err := indexGitlinksAny(red81IndexV2(gitlinkMode, names...)); err != nil || len(ix.gitlinks) != len(names) {
		t.Errorf("an index of 1,000 gitlinks: %d read, %v; want all", len(ix.gitlinks), err)
	}
}

// TestIndexGitlinksManyRed81: each gitlink was looked for in the list of
// those read before it (slices.Contains): 90,000 gitlinks, within
// maxGitlinkBytes, took the runner 15 s after the run. Now a set: well
// under a second (3 s allowed for a loaded machine). The neighbour: a
// path twice (a conflict's stages) is one gitlink.
func TestIndexGitlinksManyRed81(t *testing.T) {
	names := make([]string, 90000)
	for i := range names {
		names[i] = fmt.Sprintf("s/%08d", i)
	}
	start := time.Now()
	ix, err := indexGitlinksAny(red81IndexV2(gitlinkMode, names...))
	if took := time.Since(start); err != nil || len(ix.gitlinks) != len(names) || took > 3*time.Second {
		t.Errorf("90,000 gitlinks: %d read, %v, in %v; want all within 3 s", len(ix.gitlinks), err, took)
	}
	if ix, err := indexGitlinksAny(red81IndexV2(gitlinkMode, "sub", "sub")); err != nil || len(ix.gitlinks) != 1 {
		t.Errorf("a gitlink twice: %q, %v; want it once", ix.gitlinks, err)
	}
}
