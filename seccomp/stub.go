//go:build !linux || !cgo

package seccomp

import (
	"errors"
	"io"
	"slices"
)

// Enabled reports whether this build can build filters (and so enforce a
// Config). Loading a built Program needs only Linux.
const Enabled = false

// DefaultDenied returns the syscalls DESIGN §4 refuses. Without libseccomp
// the list is not narrowed to the native architecture.
func DefaultDenied() []string { return slices.Clone(defaultDenied) }

// Build returns ErrNotEnabled: compiling a filter needs libseccomp. A
// Program built elsewhere can still be loaded on Linux (Program.Load).
func (c Config) Build() (Program, error) { return nil, ErrNotEnabled }

// Load returns ErrNotEnabled: every Config does something (at the least it
// refuses namespace flags, TIOCSTI and foreign architectures), and this build
// cannot do it.
func (c Config) Load() error { return ErrNotEnabled }

// ExportBPF returns ErrNotEnabled.
func (c Config) ExportBPF(w io.Writer) error { return ErrNotEnabled }

// ExportPFC returns ErrNotEnabled.
func (c Config) ExportPFC(w io.Writer) error { return ErrNotEnabled }

// Probe reports what the kernel supports; Err is ErrNotEnabled because this
// build cannot load filters whatever the kernel offers.
func Probe() Status {
	s := kernelStatus()
	s.Err = errors.Join(ErrNotEnabled, s.Err)
	return s
}
