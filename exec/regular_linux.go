package exec

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// openRegular opens path for reading only if it is a regular file: it
// looks at what path names first through an O_PATH descriptor, which opens
// nothing (a FIFO would block the runner; a device, such as a watchdog,
// acts on being opened), then reopens that very file through /proc. With
// flags O_NOFOLLOW a link is no regular file either. What a command left
// in the root for the next run's runner, which is often root, is read so.
// The descriptor is non-blocking and close-on-exec.
func openRegular(path string, flags int) (int, error) {
	p, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC|flags, 0)
	if err != nil {
		return -1, err
	}
	defer unix.Close(p)
	var st unix.Stat_t
	if err := unix.Fstat(p, &st); err != nil {
		return -1, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG || kernelFS(p) {
		return -1, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(p), unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		// Not "missing" (a caller would read no config where there is
		// one): unreadable, as a file that is not regular is.
		return -1, &os.PathError{Op: "reopen through /proc", Path: path, Err: fmt.Errorf("%w (%v)", errNotRegular, err)}
	}
	return fd, nil
}

// kernelFS reports whether descriptor fd lies on a file system of the
// kernel's own (procfs, sysfs, debugfs, tracefs …) or cannot be told:
// their files pass for regular, and reading some acts (/proc/kmsg takes
// what it reads from the kernel's log: a command's include.path named it,
// and the next run's runner, root, drained it). No git file or script
// lives there.
func kernelFS(fd int) bool {
	const configfsMagic = 0x62656570 // linux/magic.h's CONFIGFS_MAGIC, which x/sys/unix lacks
	var fs unix.Statfs_t
	if unix.Fstatfs(fd, &fs) != nil {
		return true
	}
	switch uint32(fs.Type) {
	case unix.PROC_SUPER_MAGIC, unix.SYSFS_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.SECURITYFS_MAGIC, unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC, unix.BPF_FS_MAGIC,
		configfsMagic, unix.EFIVARFS_MAGIC, unix.PSTOREFS_MAGIC, unix.BINFMTFS_MAGIC,
		unix.SELINUX_MAGIC, unix.SMACK_MAGIC:
		return true
	}
	return false
}

// openNoFollow opens path for reading, not blocking and not following a
// link in its last component, and only if it is a regular file.
func openNoFollow(path string) (int, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK|unix.O_NOFOLLOW, 0)
	if errors.Is(err, unix.ELOOP) {
		return -1, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	if err != nil {
		return -1, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || kernelFS(fd) {
		unix.Close(fd)
		return -1, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	return fd, nil
}

// openShebang opens an executable to read its #! line (openRegular).
func openShebang(path string) (*os.File, error) {
	fd, err := openRegular(path, 0)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}
