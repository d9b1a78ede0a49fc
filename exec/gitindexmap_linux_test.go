package exec

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// TestReadIndexGitlinksMapped: the index is read through a mapping, not
// into the runner's heap, so that a command's huge index cannot make the
// runner the out-of-memory killer's victim before the submodules are
// checked (a red team's finding: a 600 MB index in a 200 MB memory
// cgroup). A git index still gives its gitlinks (the neighbour).
func TestReadIndexGitlinksMapped(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "index")
	if err := os.WriteFile(real, gitIndexOf(t, nil, []string{"sub"}), 0o644); err != nil {
		t.Fatal(err)
	}
	if ix, err := readIndexGitlinks(real); err != nil || !slices.Equal(ix.gitlinks, []string{"sub"}) {
		t.Fatalf("git's index: %q, %v; want [sub]", ix.gitlinks, err)
	}

	const size = 64 << 20
	huge := filepath.Join(dir, "huge")
	hdr := binary.BigEndian.AppendUint32([]byte("DIRC"), 2)
	hdr = binary.BigEndian.AppendUint32(hdr, 0)
	if err := os.WriteFile(huge, hdr, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, size); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readIndexGitlinks(huge)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errIndex) {
		t.Errorf("a %d-byte index of zeros: %v, want errIndex", size, err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > size/8 {
		t.Errorf("reading a %d-byte index allocated %d bytes on the heap, want it mapped", size, grew)
	}
}

// TestIndexGitlinksMappedFault: a mapped index cut short while read (a
// process outside the run truncating it) faults; the fault is an error,
// not the runner's end. The file is one page mapped as two: an optional
// extension ("ABCD") skips the parser into the second, past the file's end.
func TestIndexGitlinksMappedFault(t *testing.T) {
	page := os.Getpagesize()
	b := binary.BigEndian.AppendUint32([]byte("DIRC"), 2)
	b = binary.BigEndian.AppendUint32(b, 0)
	b = append(b, "ABCD"...)
	b = binary.BigEndian.AppendUint32(b, uint32(page))
	b = append(b, make([]byte, page-len(b))...)
	path := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := unix.Mmap(int(f.Fd()), 0, 2*page, unix.PROT_READ, unix.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(m)
	if _, err := indexGitlinksMapped(m); !errors.Is(err, errIndex) {
		t.Errorf("an index mapped past its file's end: %v, want errIndex", err)
	}
}
