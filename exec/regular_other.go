//go:build !linux

package exec

import (
	"errors"
	"os"
	"syscall"
)

// openShebang opens an executable to read its #! line: a regular file
// only, without blocking (a FIFO would hold the runner).
func openShebang(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("not a regular file")}
	}
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
