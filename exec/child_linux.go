//go:build linux

package exec

import "os"

// The sandbox child is C (child_linux.c): a constructor that runs before
// the Go runtime starts in the re-executed binary, applies the sandbox and
// execve's the command, so a run pays for one Go start-up, not two.

// Init is called first thing in main (and in TestMain). The sandbox child
// never reaches Go code; the process the sharer starts once a killed
// runner is gone (afterKilledArg) does its work here and exits.
func Init() {
	if len(os.Args) > 1 && os.Args[1] == afterKilledArg {
		afterKilled(os.Args[2:])
		os.Exit(0)
	}
}
