// Package integration tests the built mewsandbox binary from the outside:
// its command-line contracts and, on Linux, attacks on the sandbox from
// inside it.
package integration

import (
	"bytes"
	"fmt"
	"os"
	osexec "os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// bin is the mewsandbox binary under test, built once by TestMain.
var bin string

// buildDir holds what TestMain and plainBin build.
var buildDir string

func TestMain(m *testing.M) {
	if n := os.Getenv("MEWSANDBOX_TEST_SUBREAPER"); n != "" {
		os.Exit(subreaperMain(n))
	}
	if job := os.Getenv("MEWSANDBOX_TEST_STDIO"); job != "" {
		os.Exit(stdioMain(job))
	}
	// A script's background job (make test &) starts with SIGINT and
	// SIGQUIT ignored, which every runner the tests start would inherit
	// and keep ignored for its command, as it should: the tests that send
	// them would fail for the way the suite was started. Caught here, they
	// reach the runners at their defaults.
	for _, sig := range []os.Signal{syscall.SIGINT, syscall.SIGQUIT} {
		if signal.Ignored(sig) {
			signal.Notify(make(chan os.Signal, 1), sig)
		}
	}
	dir, err := os.MkdirTemp("", "mewsandbox-integration-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	buildDir = dir
	// MEWSANDBOX_BIN names a binary built elsewhere (make bench measures
	// the one make build makes); otherwise build one. The runner
	// re-executes /proc/self/exe before restricting, so it may live
	// anywhere.
	bin = os.Getenv("MEWSANDBOX_BIN")
	if bin == "" {
		bin = filepath.Join(dir, "mewsandbox")
		// make passes the release link flags (MEWSANDBOX_LDFLAGS): the
		// binary under test then enters the sandbox child the way the
		// release does, before the C library starts.
		build := osexec.Command("go", "build", "-ldflags="+os.Getenv("MEWSANDBOX_LDFLAGS"), "-o", bin, "../cmd/mewsandbox")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building mewsandbox:", err)
			os.Exit(1)
		}
	} else if abs, err := filepath.Abs(bin); err == nil {
		bin = abs
	}
	// Homes and the other directories outside the project live where a
	// user's do, outside /tmp, which the namespace layer replaces: there
	// Landlock and the read-only mounts must stop the attacks, not an
	// empty directory.
	outsideBase, err = os.MkdirTemp("/var/tmp", "mewsandbox-integration-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "a directory outside /tmp for test homes:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.RemoveAll(outsideBase)
	os.Exit(code)
}

// plain is the binary plainBin returns, built once.
var plain struct {
	once sync.Once
	path string
	err  error
}

// plainBin returns mewsandbox as go build and go install make it, without
// the release link flags (no mews_entry, dynamically linked), which enters
// its C code from a constructor: MEWSANDBOX_PLAIN_BIN (the unprivileged
// half's, built by root), bin where TestMain built that plain, or one
// built now.
func plainBin(t *testing.T) string {
	t.Helper()
	plain.once.Do(func() {
		if p := os.Getenv("MEWSANDBOX_PLAIN_BIN"); p != "" {
			plain.path, plain.err = filepath.Abs(p)
			return
		}
		if os.Getenv("MEWSANDBOX_BIN") == "" && os.Getenv("MEWSANDBOX_LDFLAGS") == "" {
			plain.path = bin
			return
		}
		plain.path = filepath.Join(buildDir, "mewsandbox-plain")
		if out, err := osexec.Command("go", "build", "-o", plain.path, "../cmd/mewsandbox").CombinedOutput(); err != nil {
			plain.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if plain.err != nil {
		t.Fatalf("building mewsandbox without the release link flags: %v", plain.err)
	}
	return plain.path
}

// outsideBase holds the directories outsideTemp makes.
var outsideBase string

// outsideTemp makes a directory outside /tmp (real path, no links),
// removed after the test: a home, or a place outside the root to attack.
func outsideTemp(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp(outsideBase, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	if d, err = filepath.EvalSymlinks(d); err != nil {
		t.Fatal(err)
	}
	return d
}

// userHome is a home directory outside the temp dir whose user settings
// file rel (".config/mewsandbox/settings.yaml", ".claude/settings.json")
// holds content, and env, which points HOME and XDG_CONFIG_HOME at it.
func userHome(t *testing.T, rel, content string) (home string, env []string) {
	t.Helper()
	home = outsideTemp(t)
	p := filepath.Join(home, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return home, []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
}

// result is what one run of the binary produced.
type result struct {
	stdout, stderr string
	code           int
}

// invocation describes one run of the binary.
type invocation struct {
	args  []string
	dir   string
	stdin string
	env   []string // added to a minimal environment
}

// run executes the binary with a clean, predictable environment: HOME and
// the XDG directories point into a fresh temp dir so no real user settings
// leak into the test.
func run(t *testing.T, inv invocation) result {
	t.Helper()
	cmd := osexec.Command(bin, inv.args...)
	cmd.Dir = inv.dir
	cmd.Stdin = strings.NewReader(inv.stdin)
	home := outsideTemp(t)
	cmd.Env = append([]string{
		"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"LANG=C",
	}, inv.env...)
	return runCommand(t, cmd)
}

// runCommand runs cmd, which has no output set, and returns what it wrote
// and its exit status; a command that could not run fails the test.
func runCommand(t *testing.T, cmd *osexec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*osexec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %.200q: %v", strings.Join(cmd.Args, " "), err)
	}
	return result{out.String(), errb.String(), code}
}

// project makes a temp project directory (a git repository) holding files.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Run before TempDir's removal (clean-ups run last first): a runner
	// the test killed leaves a process in its place that compares .git
	// with its snapshot once the command is gone, and took the removal
	// under way for the command's: it reported .git gone in a new file in
	// the root, and the removal failed, "directory not empty" (a CI run's
	// TestOneSharer).
	t.Cleanup(func() { nothingRunsIn(t, real) })
	return real
}
