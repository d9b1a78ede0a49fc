//go:build !linux

package seccomp

// Load returns ErrNotEnabled: seccomp is Linux's.
func (p Program) Load() error { return ErrNotEnabled }
