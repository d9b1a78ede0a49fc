//go:build linux && !cgo

package exec

import (
	"os"
	"syscall"
)

// haveChild is false without cgo: the sandbox child (child_linux.c) is C,
// and a run is refused (see prepare).
const haveChild = false

// takePrefork: without cgo no child is pre-forked.
func takePrefork() (int, *os.File, *os.File) { return 0, nil, nil }

// preforked: without cgo no child is pre-forked.
func preforked() bool { return false }

// preforkWait: without cgo no child is pre-forked.
func preforkWait() syscall.WaitStatus { return 0 }

// preforkNamespaced: without cgo no child is pre-forked.
func preforkNamespaced() bool { return false }

// premadeTmp: without cgo no temp dir is made ahead.
func premadeTmp() string { return "" }

// preforkUndumpable: without cgo no child is pre-forked.
func preforkUndumpable() (bool, bool) { return false, false }

// preforkEnded: without cgo no child is pre-forked.
func preforkEnded() bool { return true }

// sharerAfterKilled: without cgo nothing shares the runner's memory.
func sharerAfterKilled([]string) bool { return false }

// sharerSnapshot: without cgo nothing shares the runner's memory.
func sharerSnapshot([]byte) {}

// afterKilledFits: without cgo nothing is handed over, and nothing need
// fit.
func afterKilledFits([]string) (bool, string) { return true, "" }

// lockQueue: without cgo nothing holds the locks for a killed runner.
func lockQueue() (send, recv int) { return -1, -1 }

// sharerPid: without cgo nothing shares the runner's memory.
func sharerPid() int { return 0 }

// sharerSettled: without cgo nothing shares the runner's memory.
func sharerSettled() {}

// oomRunner: without cgo nothing set the runner's oom_score_adj.
func oomRunner() {}
