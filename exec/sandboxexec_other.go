//go:build !darwin

package exec

import (
	"fmt"
	"runtime"
)

// SandboxExecUsable reports whether sandbox-exec can sandbox a command
// here; it is macOS-only, so here it cannot.
func SandboxExecUsable() error {
	return fmt.Errorf("sandbox-exec (Seatbelt) is macOS-only; this is %s", runtime.GOOS)
}
