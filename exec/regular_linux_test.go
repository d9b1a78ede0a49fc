package exec

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestOpenRegularRefusesKernelFiles: the files of the kernel's own file
// systems pass for regular, and reading some acts (/proc/kmsg drains the
// kernel's log): a git include or a script there is not opened to read.
func TestOpenRegularRefusesKernelFiles(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"/proc/version", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"} {
		if _, err := os.Stat(p); err != nil {
			continue // not on this machine
		}
		if fd, err := openRegular(p, 0); !errors.Is(err, errNotRegular) {
			unix.Close(fd)
			t.Errorf("openRegular(%s): %v, want errNotRegular", p, err)
		}
		if fd, err := openNoFollow(p); !errors.Is(err, errNotRegular) {
			unix.Close(fd)
			t.Errorf("openNoFollow(%s): %v, want errNotRegular", p, err)
		}
	}
	// The neighbour: a file on an ordinary file system, and one reached
	// through a link there.
	f := filepath.Join(t.TempDir(), "config")
	if err := os.WriteFile(f, []byte("[core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(f, f+".link"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{f, f + ".link"} {
		fd, err := openRegular(p, 0)
		if err != nil {
			t.Errorf("openRegular(%s): %v", p, err)
			continue
		}
		unix.Close(fd)
	}
	fd, err := openNoFollow(f)
	if err != nil {
		t.Fatalf("openNoFollow(%s): %v", f, err)
	}
	unix.Close(fd)
}
