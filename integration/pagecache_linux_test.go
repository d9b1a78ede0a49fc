//go:build linux

package integration

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// readFromDisk drops what the page cache holds of the file at path, so
// that the next runs read it back from the disk, as they would an installed
// binary's (after a reboot, say). A binary the linker has just written is
// held in larger pieces, which the kernel maps with fewer page faults: here
// some 70 fewer a run of mewsandbox (0.2–0.3 ms), which a benchmark of the
// fresh build would count in its favour. So would a copy made with cp
// against it (its pieces are small).
func readFromDisk(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Written pages are dropped only once on the disk.
	if err := unix.Fdatasync(int(f.Fd())); err != nil {
		t.Fatalf("fdatasync %s: %v", path, err)
	}
	if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
		t.Fatalf("dropping %s from the page cache: %v", path, err)
	}
}
