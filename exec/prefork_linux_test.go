//go:build linux

package exec

import (
	"bytes"
	"os"
	"testing"
)

// TestFitsPrefork: the pre-forked child (child_linux.c's maybe_prefork)
// has the runner's stdio, working directory and the namespace layer; a run
// that differs in any of them starts its own.
func TestFitsPrefork(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	cli := func() *Cmd { return &Cmd{Dir: cwd, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }
	if !cli().fitsPrefork() {
		t.Error("the CLI's run does not fit")
	}
	c := cli()
	c.Stdout, c.Stderr = nil, nil
	if !c.fitsPrefork() {
		t.Error("nil Stdout and Stderr (the runner's own) do not fit")
	}
	for name, change := range map[string]func(*Cmd){
		"--no-namespaces":       func(c *Cmd) { c.Policy.NoNamespaces = true },
		"--pass-fd":             func(c *Cmd) { c.PassFDs = []int{3} },
		"no stdin":              func(c *Cmd) { c.Stdin = nil },
		"stdout to a buffer":    func(c *Cmd) { c.Stdout = &bytes.Buffer{} },
		"stderr another file":   func(c *Cmd) { c.Stderr = os.Stdout },
		"another working dir":   func(c *Cmd) { c.Dir = t.TempDir() },
		"a missing working dir": func(c *Cmd) { c.Dir = "/nonexistent/mewsandbox" },
	} {
		c := cli()
		change(c)
		if c.fitsPrefork() {
			t.Errorf("%s: fits", name)
		}
	}
}
