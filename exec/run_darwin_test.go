package exec

import (
	"bytes"
	"context"
	"errors"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These run only on macOS; they compile everywhere GOOS=darwin does.

// requireSeatbelt skips when sandbox-exec cannot sandbox anything here,
// above all when the tests already run inside a Seatbelt sandbox, which
// macOS does not nest (ANCHOR 51: sandbox_apply: Operation not permitted).
func requireSeatbelt(t testing.TB) {
	t.Helper()
	if err := SandboxExecUsable(); err != nil {
		t.Skipf("sandbox-exec unusable: %v", err)
	}
}

// macRoot is a fresh project root as Seatbelt spells it (/private/var/…).
func macRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func macSh(root, script string) *Cmd {
	return &Cmd{
		Args:   []string{"sh", "-c", script},
		Dir:    root,
		Env:    []string{"PATH=/usr/bin:/bin"},
		Policy: DefaultPolicy(root),
	}
}

// TestPrivateTempCanonical sets TMPDIR, so it does not run in parallel.
func TestPrivateTempCanonical(t *testing.T) {
	sys, err := filepath.EvalSymlinks(os.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ tmpdir, want string }{
		{"/tmp", "/private/tmp/"},
		{os.TempDir(), sys + "/"}, // /var/folders/… is /private/var/folders/…
	}
	for _, tt := range tests {
		t.Run(tt.tmpdir, func(t *testing.T) {
			t.Setenv("TMPDIR", tt.tmpdir)
			dir, canon, err := privateTemp()
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			if !strings.HasPrefix(canon, tt.want) || !strings.HasPrefix(filepath.Base(canon), "mewsandbox-") {
				t.Errorf("privateTemp = %s, %s; want the second below %s", dir, canon, tt.want)
			}
			if fi, err := os.Stat(canon); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
				t.Errorf("stat %s: %v; want a 0700 directory", canon, err)
			}
		})
	}
}

func TestRunDarwinExitStatus(t *testing.T) {
	t.Parallel()
	requireSeatbelt(t)
	tests := []struct {
		name  string
		args  []string
		want  int
		stage string
	}{
		{name: "success", args: []string{"true"}, want: 0},
		{name: "own status", args: []string{"sh", "-c", "exit 42"}, want: 42},
		{name: "own status 71 is not sandbox-exec's", args: []string{"sh", "-c", "exit 71"}, want: 71},
		{name: "own status 65 is not sandbox-exec's", args: []string{"sh", "-c", "exit 65"}, want: 65},
		{name: "killed by SIGTERM is 128+15", args: []string{"sh", "-c", "kill -TERM $$"}, want: 128 + 15},
		{name: "not found in PATH", args: []string{"mewsandbox-no-such-command"}, want: 127, stage: StageResolve},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := macSh(macRoot(t), "")
			c.Args = tt.args
			got, err := c.Run(context.Background())
			var se *StageError
			if got != tt.want || tt.stage == "" && err != nil || tt.stage != "" && (!errors.As(err, &se) || se.Stage != tt.stage) {
				t.Errorf("Run = %d, %v; want %d (stage %q)", got, err, tt.want, tt.stage)
			}
		})
	}
}

func TestRunDarwinTimeout(t *testing.T) {
	t.Parallel()
	requireSeatbelt(t)
	c := macSh(macRoot(t), `trap "" TERM; sleep 30`)
	c.Timeout, c.Grace = 100*time.Millisecond, 300*time.Millisecond
	start := time.Now()
	if status, err := c.Run(context.Background()); status != StatusTimeout || err != nil {
		t.Errorf("Run = %d, %v; want 124", status, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestRunDarwinPrivateTmp(t *testing.T) {
	t.Parallel()
	requireSeatbelt(t)
	var out bytes.Buffer
	c := macSh(macRoot(t), `echo "$TMPDIR"; echo x > "$TMPDIR/f" && cat "$TMPDIR/f"`)
	c.PrivateTmp = true
	c.Stdout = &out
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Fatalf("Run = %d, %v", status, err)
	}
	lines := strings.Fields(out.String())
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "/private/") || lines[1] != "x" {
		t.Fatalf("output %q: want the canonical TMPDIR, writable", lines)
	}
	if _, err := os.Stat(lines[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s still exists after the run (%v)", lines[0], err)
	}
}

func TestRunDarwinEnforces(t *testing.T) {
	t.Parallel()
	requireSeatbelt(t)
	root := macRoot(t)
	outside := macRoot(t)
	c := macSh(root, "")
	c.Args = []string{"sh", "-c", `echo in > inside && echo out > "$1"/outside`, "sh", outside}
	status, err := c.Run(context.Background())
	if err != nil || status == 0 {
		t.Errorf("Run = %d, %v; want the write outside the root refused", status, err)
	}
	if _, err := os.Stat(filepath.Join(root, "inside")); err != nil {
		t.Errorf("write inside the root: %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "outside")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("write outside the root went through (%v)", err)
	}
}

func TestRunDarwinForwardsSignals(t *testing.T) {
	t.Parallel()
	requireSeatbelt(t)
	root := macRoot(t)
	p := osexec.Command(os.Args[0])
	p.Env = append(os.Environ(), "MEWSANDBOX_TEST_PARENT=1", "MEWSANDBOX_TEST_ROOT="+root,
		"MEWSANDBOX_TEST_SCRIPT=trap 'echo TERM > got; exit 3' TERM; echo ok > ready; while :; do sleep 0.05; done")
	p.Stderr = os.Stderr
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Process.Kill(); p.Wait() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(root, "ready")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	p.Process.Signal(syscall.SIGTERM)
	var ee *osexec.ExitError
	if err := p.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Errorf("runner ended with %v, want exit status 3 (the command's)", err)
	}
}
