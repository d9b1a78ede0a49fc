package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRootSharedDirectories: a root that is a temporary or runtime
// directory every program shares is refused, by its real path; one below
// it is a root like any other.
func TestCheckRootSharedDirectories(t *testing.T) {
	xdg, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_RUNTIME_DIR", xdg)
	home := "/nonexistent/home/me" // holds none of the roots below
	// A shared directory of another name (/run/lock, /tmp/.X11-unix):
	// every user may write it, and the sticky bit is set.
	sticky, open := filepath.Join(xdg, "sticky"), filepath.Join(xdg, "open")
	for dir, mode := range map[string]os.FileMode{sticky: 0o777 | os.ModeSticky, open: 0o777} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, mode); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		root, want string // want "" for allowed
	}{
		{"/tmp", "is the shared temporary directory /tmp,"},
		{"/var/tmp", "is the shared temporary directory /var/tmp,"},
		{"/dev/shm", "is the shared memory directory /dev/shm,"},
		{"/run", "is the shared runtime directory /run,"},
		{realPath("/var/run"), "is the shared runtime directory "},
		{xdg, "is your runtime directory $XDG_RUNTIME_DIR,"},
		{sticky, "is a directory every user may write, with the sticky bit (a shared one, as /tmp is),"},
		{open, ""}, // writable by all, but no sticky bit: a project shared on purpose
		{"/tmp/app", ""},
		{"/var/tmp/app", ""},
		{"/dev/shm/app", ""},
		{"/run/app", ""},
		{filepath.Join(xdg, "app"), ""},
	}
	for _, tt := range tests {
		if _, err := os.Stat(tt.root); tt.want != "" && err != nil {
			continue // not on this system
		}
		err := checkRoot(nil, tt.root, home, "--root "+tt.root)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("checkRoot(%s): %v, want it allowed", tt.root, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "run from a project directory or pass --root DIR")):
			t.Errorf("checkRoot(%s): %v, want %q", tt.root, err, tt.want)
		}
	}
}

// TestCheckRootKernelDirs: a root that is or lies in /proc, /sys or /dev
// is refused, as a write grant there is (kernelWrite); the shared memory
// directory's, which the default policy grants writable, are roots like
// any other.
func TestCheckRootKernelDirs(t *testing.T) {
	checkRoots(t, []rootRow{
		{"/proc", "is in /proc, the kernel's tunables"},
		{"/proc/sys/kernel", "is in /proc, the kernel's tunables"},
		{"/sys/fs/cgroup", "is in /sys, the kernel's and the devices' settings"},
		{"/dev", "is in /dev, the devices"},
		{"/dev/mqueue", "is in /dev, the devices"},
		{"/dev/shm/app", ""},
	})
}

// rootRow is a root checkRoot is given and what its error must say, ""
// for allowed.
type rootRow struct{ root, want string }

// checkRoots checks checkRoot's answer for each row, for a home directory
// none of the roots is in.
func checkRoots(t *testing.T, rows []rootRow) {
	t.Helper()
	const home = "/nonexistent/home/me"
	for _, tt := range rows {
		err := checkRoot(nil, tt.root, home, "--root "+tt.root)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("checkRoot(%s): %v, want it allowed", tt.root, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("checkRoot(%s): %v, want %q", tt.root, err, tt.want)
		}
	}
}
