//go:build !linux

package exec

import (
	"io"
	"os"
	"syscall"
)

// readConfig reads config file path, a regular file only: looked at before
// it is opened, and opened without blocking, so that a FIFO or a device
// the command made in the root is not read (a FIFO would hold the runner).
func readConfig(path string) ([]byte, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: errNotRegular} // swapped since
	}
	b, err := io.ReadAll(io.LimitReader(f, maxConfigSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxConfigSize {
		return nil, errConfigTooLarge
	}
	return b, nil
}

// readPointer reads a small file git follows to a directory (gitdir,
// commondir), a regular file, no link at path followed.
func readPointer(path string) ([]byte, error) {
	if fi, err := os.Lstat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	return readConfig(path)
}
