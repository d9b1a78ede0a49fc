//go:build !linux

package exec

import (
	"errors"
	"os"
	"syscall"
)

// openShebang opens an executable to read its #! line: without blocking,
// and a regular file only (a FIFO would hold the runner).
func openShebang(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("not a regular file")}
	}
	return f, nil
}
