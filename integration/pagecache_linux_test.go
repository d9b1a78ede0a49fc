//go:build linux

package integration

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// readFromDisk drops what the page cache holds of the file at path, so
// that the next runs read it back from the disk, as an installed binary is
// after a reboot. The binary the linker has just written takes some 70
// page faults fewer a run of mewsandbox (0.2–0.3 ms): it is held, we take
// it, in larger pieces, which the kernel maps with fewer faults. A
// benchmark of the fresh build would count that in its favour. (A copy
// made with cp is held as one read back from the disk.)
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
