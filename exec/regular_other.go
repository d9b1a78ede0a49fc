//go:build !linux

package exec

import (
	"errors"
	"io"
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

// dirNames lists the names in directory dir, "." and ".." aside, failing
// with errTooMany past max; a FIFO at dir is not waited on.
func dirNames(dir string, max int) ([]string, error) {
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(max + 1)
	switch {
	case errors.Is(err, io.EOF):
		return nil, nil // empty
	case err != nil:
		return nil, err
	case len(names) > max:
		return nil, errTooMany
	}
	return names, nil
}
