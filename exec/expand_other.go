//go:build !linux

package exec

import "golang.org/x/sys/unix"

// openDirNoFollow opens dir for listing, its last component not followed
// if a link (ELOOP). Only Linux's Landlock plan expands directories.
func openDirNoFollow(dir string) (int, error) {
	return unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
}
