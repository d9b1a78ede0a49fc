//go:build linux

package exec

// The sandbox child is C (child_linux.c): a constructor that runs before
// the Go runtime starts in the re-executed binary, applies the sandbox and
// execve's the command, so a run pays for one Go start-up, not two.

// Init is kept for the callers that call it first thing in main (and in
// TestMain): the sandbox child never reaches Go code, so it does nothing.
func Init() {}
