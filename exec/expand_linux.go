//go:build linux

package exec

import "golang.org/x/sys/unix"

// openDirNoFollow opens dir, a real path, for listing, following no
// symbolic link on the way or at the end (ELOOP): the expansion lists the
// directory it planned, not one a link swapped in leads to.
func openDirNoFollow(dir string) (int, error) { return openDirNoLinks(dir, unix.O_RDONLY) }

// openDirNoLinks opens dir, a real path, with access (O_RDONLY or O_PATH),
// following no symbolic link on the way or at the end (ELOOP). Without
// openat2 (a container's seccomp profile can refuse it) only the last
// component is not followed.
func openDirNoLinks(dir string, access int) (int, error) {
	flags := access | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	fd, err := unix.Openat2(unix.AT_FDCWD, dir, &unix.OpenHow{
		Flags:   uint64(flags),
		Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err == unix.ENOSYS || err == unix.EPERM {
		fd, err = unix.Open(dir, flags, 0)
	}
	return fd, err
}
