//go:build linux && !cgo

package exec

// haveChild is false without cgo: the sandbox child (child_linux.c) is C,
// and a run is refused (see prepare).
const haveChild = false
