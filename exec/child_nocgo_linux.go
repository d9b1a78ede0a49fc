//go:build linux && !cgo

package exec

import "os"

// haveChild is false without cgo: the sandbox child (child_linux.c) is C,
// and a run is refused (see prepare).
const haveChild = false

// takePrefork: without cgo no child is pre-forked.
func takePrefork() (int, *os.File, *os.File) { return 0, nil, nil }

// preforked: without cgo no child is pre-forked.
func preforked() bool { return false }
