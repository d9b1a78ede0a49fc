package exec

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// removePrivateTmp removes the run's private temp dir from the host.
// Without the namespace layer it is a directory on the host, and the
// command may have taken away its own user's rights on what it made
// there: a directory of mode 0 (or without write or search permission)
// cannot be listed or emptied by the runner either, so os.RemoveAll gave
// up and a red team's unprivileged command left a directory and its
// files in /tmp past the run. Each directory left is given its owner's
// rights back (mode 0700), by the descriptor of the very directory,
// following no symbolic link, and the removal tried once more.
func removePrivateTmp(dir string) error {
	err := os.RemoveAll(dir)
	if err == nil {
		return nil
	}
	fd, oerr := unix.Open(dir, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if oerr != nil {
		return err
	}
	openUp(fd, 0)
	unix.Close(fd)
	return os.RemoveAll(dir)
}

// openUpDepth bounds the directories openUp descends, one descriptor
// each: what lies deeper stays, and the removal says so.
const openUpDepth = 1000

// openUp gives the directory the O_PATH descriptor fd names, and every
// directory below it, mode 0700 (chmodFD: never a link swapped in since
// it was opened).
func openUp(fd, depth int) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR || depth > openUpDepth {
		return
	}
	if st.Mode&0o700 != 0o700 {
		if chmodFD(fd, 0o700) != nil {
			return
		}
	}
	dfd, err := unix.Openat(fd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(dfd), "")
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil && !errors.Is(err, os.ErrNotExist) && len(entries) == 0 {
		return
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		cfd, err := unix.Openat(dfd, e.Name(), unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		openUp(cfd, depth+1)
		unix.Close(cfd)
	}
}
