package exec

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestMain re-executes the test binary as the sandbox child (Init) and, for
// the signal tests, as a runner process of its own (MEWSANDBOX_TEST_PARENT).
func TestMain(m *testing.M) {
	Init()
	if os.Getenv("MEWSANDBOX_TEST_PARENT") != "" {
		os.Exit(testParent())
	}
	if dir := os.Getenv("MEWSANDBOX_TEST_HOLD_LOCK"); dir != "" {
		os.Exit(testHoldLock(dir))
	}
	if dir := os.Getenv("MEWSANDBOX_TEST_KILLED_MAKER"); dir != "" && testKilledMaker != nil {
		os.Exit(testKilledMaker(dir, os.Getenv("MEWSANDBOX_TEST_KILL_AT")))
	}
	if role := os.Getenv("MEWSANDBOX_TEST_STRAGGLER"); role != "" && testStraggler != nil {
		os.Exit(testStraggler(role))
	}
	if os.Getenv("MEWSANDBOX_TEST_LIBRARY_RUN") != "" && testLibraryRun != nil {
		os.Exit(testLibraryRun())
	}
	os.Exit(m.Run())
}

// testLibraryRun, where set (on Linux), reports what this program, linking
// the package and started with "run" as its first argument, got at its
// start (MEWSANDBOX_TEST_LIBRARY_RUN).
var testLibraryRun func() int

// testStraggler, where set (on Linux with cgo), runs one of the processes
// of a straggler test in a pid namespace (MEWSANDBOX_TEST_STRAGGLER).
var testStraggler func(role string) int

// testHoldLock takes an exclusive flock on dir, says "held" on stdout,
// keeps it for MEWSANDBOX_TEST_HOLD_FOR and exits, without letting go
// first: as a release helper would be seen (with its argument among the
// test binary's, see TestPlaceholderWaitsForHelper), on its way out too.
func testHoldLock(dir string) int {
	f, err := os.Open(dir)
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
	}
	hold, perr := time.ParseDuration(os.Getenv("MEWSANDBOX_TEST_HOLD_FOR"))
	if err != nil || perr != nil {
		fmt.Fprintln(os.Stderr, "hold lock:", err, perr)
		return 1
	}
	fmt.Println("held")
	time.Sleep(hold)
	return 0
}

// testKilledMaker, where set (on Linux), runs as a runner killed while it
// makes a placeholder (MEWSANDBOX_TEST_KILLED_MAKER).
var testKilledMaker func(dir, at string) int

// testParent runs MEWSANDBOX_TEST_SCRIPT with sh in the root
// MEWSANDBOX_TEST_ROOT and exits with its status, like the CLI would.
func testParent() int {
	root := os.Getenv("MEWSANDBOX_TEST_ROOT")
	c := &Cmd{
		Args:   []string{"sh", "-c", os.Getenv("MEWSANDBOX_TEST_SCRIPT")},
		Dir:    root,
		Env:    []string{"PATH=/usr/bin:/bin"},
		Policy: DefaultPolicy(root).WithBestEffort(),
	}
	// Tests that follow the command by the pid it sees run without the
	// namespace layer: in a pid namespace that is not the host's pid.
	c.Policy.NoNamespaces = os.Getenv("MEWSANDBOX_TEST_NO_NAMESPACES") != ""
	if os.Getenv("MEWSANDBOX_TEST_IGNORE_INT") != "" {
		signal.Ignore(os.Interrupt) // as the CLI may do around Run
	}
	if os.Getenv("MEWSANDBOX_TEST_STDIN") != "" {
		c.Stdin = os.Stdin // a terminal, when the test gives one
	}
	status, err := c.Run(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "test parent:", err)
	}
	return status
}
