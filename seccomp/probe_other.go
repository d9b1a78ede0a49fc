//go:build !linux

package seccomp

import "errors"

func kernelStatus() Status {
	return Status{Err: errors.New("seccomp: Linux only")}
}
