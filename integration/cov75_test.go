//go:build linux

package integration

import (
	"bytes"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCov75PtraceRefusesRelayedOutputFile: with a pid namespace, output
// to a file outside the writable paths goes through init, which holds
// the file; --keep-cap CAP_SYS_PTRACE would let the command take init's
// descriptor of it (pidfd_getfd) and change the file's mode, so such a
// run is refused before the command starts. The neighbours: the same
// run without the capability writes the file through init, and with it
// and a pipe as output runs.
func TestCov75PtraceRefusesRelayedOutputFile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("--keep-cap CAP_SYS_PTRACE needs a runner that holds it")
	}
	requireNamespaces(t)
	b := newBox(t, nil)
	log := filepath.Join(b.out, "log")
	run := func(out *os.File, flags ...string) (code int, stderr string) {
		t.Helper()
		cmd := b.command(b.root, nil, bin, append(append([]string{"run"}, flags...), "--", "sh", "-c", "echo ran > marker; echo hi")...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = out, &errb
		err := cmd.Run()
		if ee, ok := err.(*osexec.ExitError); ok {
			return ee.ExitCode(), errb.String()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, errb.String()
	}
	open := func() *os.File {
		f, err := os.OpenFile(log, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	code, stderr := run(open(), "--keep-cap", "CAP_SYS_PTRACE")
	if code != 125 || !strings.Contains(stderr, "--keep-cap CAP_SYS_PTRACE would give the command init's descriptor") {
		t.Errorf("output to a file outside, keeping CAP_SYS_PTRACE: exit %d, %q; want 125", code, stderr)
	}
	if b.exists("marker") || b.read(log) != "" {
		t.Errorf("refused, yet the command ran (marker %v, log %q)", b.exists("marker"), b.read(log))
	}
	if code, stderr := run(open()); code != 0 || b.read(log) != "hi\n" {
		t.Errorf("neighbour, without the capability: exit %d, %q, log %q; want 0 and hi", code, stderr, b.read(log))
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	code, stderr = run(w, "--keep-cap", "CAP_SYS_PTRACE")
	w.Close()
	if got, _ := io.ReadAll(r); code != 0 || string(got) != "hi\n" {
		t.Errorf("neighbour, a pipe as output keeping CAP_SYS_PTRACE: exit %d, %q, output %q; want 0 and hi", code, stderr, string(got))
	}
}
