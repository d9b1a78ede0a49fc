package exec

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"testing"
)

// TestMain re-executes the test binary as the sandbox child (Init) and, for
// the signal tests, as a runner process of its own (MEWSANDBOX_TEST_PARENT).
func TestMain(m *testing.M) {
	Init()
	if os.Getenv("MEWSANDBOX_TEST_PARENT") != "" {
		os.Exit(testParent())
	}
	os.Exit(m.Run())
}

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
