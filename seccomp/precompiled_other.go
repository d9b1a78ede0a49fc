//go:build linux && cgo && !amd64

package seccomp

// No programs compiled ahead of time for this architecture: Build compiles.
var precompiled []precompiledProgram

const precompiledLibVersion = ""

var precompiledDenied []string
