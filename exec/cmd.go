package exec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Exit statuses Run returns besides the command's own.
const (
	StatusTimeout       = 124 // the timeout expired
	StatusSandbox       = 125 // the sandbox could not be applied, or an internal error
	StatusNotExecutable = 126
	StatusNotFound      = 127
)

// The stages a *StageError names, in the order a run goes through them.
const (
	StageResolve    = "resolve"      // finding the binary (parent)
	StageSpec       = "spec"         // checking the policy and handing it to the child
	StageFDs        = "fds"          // pipes, close-on-exec descriptors and those passed (PassFDs)
	StageStdio      = "stdio"        // the standard descriptors the command gets
	StageNoNewPrivs = "no_new_privs" // prctl(PR_SET_NO_NEW_PRIVS)
	StageNamespaces = "namespaces"   // the namespace layer's mounts
	StageLandlock   = "landlock"     // the filesystem, network and scope ruleset
	StageCaps       = "capabilities" // dropping capabilities
	StageLimits     = "limits"       // resource limits
	StageSeccomp    = "seccomp"      // the syscall filter
	StageSeatbelt   = "seatbelt"     // macOS: sandbox-exec starting and applying the profile
	StageExec       = "exec"         // starting the child or execve of the command
)

// DefaultGrace is how long a timed-out command has between SIGTERM and
// SIGKILL when Cmd.Grace is zero.
const DefaultGrace = 2 * time.Second

// StageError says why a command did not start: the stage that failed, the
// cause and the exit status the runner should return (125, 126 or 127).
type StageError struct {
	Stage  string
	Err    error
	Status int
}

func (e *StageError) Error() string { return "sandbox " + e.Stage + ": " + e.Err.Error() }

func (e *StageError) Unwrap() error { return e.Err }

func stageErr(stage string, status int, format string, args ...any) *StageError {
	return &StageError{Stage: stage, Status: status, Err: fmt.Errorf(format, args...)}
}

// Cmd is one sandboxed run.
type Cmd struct {
	// Path is the binary to run. Empty means Args[0] looked up in the PATH
	// of Env, in the parent, before any restriction.
	Path string
	// Args holds the command line, Args[0] included.
	Args []string
	// Dir is the working directory; empty means the runner's.
	Dir string
	// Env is the command's environment, already scrubbed (see ScrubEnv).
	// nil means the runner's environment passed through ScrubEnv.
	Env    []string
	Policy Policy
	// Timeout, when positive, ends the command after that long: SIGTERM,
	// then SIGKILL after Grace (DefaultGrace when zero); Run returns 124.
	// A context deadline works the same way.
	Timeout time.Duration
	Grace   time.Duration
	// Stdin, Stdout and Stderr are the command's standard streams. An
	// *os.File is handed to the command itself (a terminal stays a
	// terminal); other readers and writers are copied through pipes. nil
	// means /dev/null for Stdin and the runner's own for Stdout and Stderr.
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// PrivateTmp gives the command a private directory (0700, named under
	// os.TempDir()) with read, write and execute, exported as TMPDIR, TMP
	// and TEMP. On Linux with the namespace layer it is a tmpfs of the
	// sandbox's own, in the empty file system the layer puts over
	// os.TempDir(): the host never sees it, and it goes with the sandbox.
	// Otherwise it is a directory on the host, removed when the run ends,
	// however it ends, made at os.TempDir()'s real path; on Linux a run
	// whose os.TempDir() goes through a symbolic link lying in the root or
	// a writable grant and leading out of them is refused (StatusSandbox).
	PrivateTmp bool
	// Warn receives one-line warnings (what best-effort leaves unenforced).
	// nil discards them.
	Warn func(string)
	// PassFDs are descriptors of the calling process the command receives,
	// at the same numbers (3 and up). Every other descriptor but stdio is
	// closed before the command runs: one opened before the sandbox would
	// reach what the sandbox forbids.
	PassFDs []int
	// KeepSignalsCaught leaves the signals Run relays caught when it
	// returns, instead of restoring their dispositions, which costs a round
	// trip to the Go runtime per signal (a tenth of a millisecond in all).
	// For a program that exits as soon as Run returns: a signal arriving in
	// between is then ignored instead of acted on.
	KeepSignalsCaught bool
	// EarlySignals lets Prespawn (or Prepare) start catching the signals
	// Run relays, so that Run need not wait for it: for a caller nothing
	// should interrupt meanwhile (it has no question to ask on a terminal).
	// A signal caught before Run reaches the command once it starts.
	// Without a terminal, handlers of the runner's own catch them from
	// Prespawn on, in place of os/signal's (see catchEarly): for a program
	// that catches these signals nowhere else, as the CLI.
	EarlySignals bool

	// LimitsHit is set by Run: what the cgroup limits refused (Linux).
	LimitsHit LimitsHit

	pre *spawning // started by Prespawn
}

// Run runs the command in the sandbox and returns its exit status: the
// command's own, 128+N if signal N killed it, 124 when it timed out. When
// the sandbox could not be applied or the command could not be started,
// err is a *StageError and status is its Status.
//
// The command's descendants do not outlive it: when it exits, those still
// in its process group are killed, and on Linux so are those that left it
// (setsid, daemons), which reach the calling process because it is a child
// subreaper while any Run is in progress (see reap_linux.go for how they
// are told apart from the program's own children and other runs').
func (c *Cmd) Run(ctx context.Context) (status int, err error) {
	status, serr := c.run(ctx)
	if serr != nil {
		return serr.Status, serr
	}
	return status, nil
}

func (c *Cmd) warn(s string) {
	if c.Warn != nil {
		c.Warn(s)
	}
}

func (c *Cmd) env() []string {
	env := c.Env
	if env == nil {
		env, _ = ScrubEnv(os.Environ(), nil)
	}
	return dedupEnv(append([]string(nil), env...))
}

// lookPath finds the program the way execvp would, in the given PATH and
// relative to dir, and says which exit status a failure means.
func lookPath(name, path, dir string) (string, *StageError) {
	if name == "" {
		return "", stageErr(StageResolve, StatusNotFound, "empty command name")
	}
	if strings.Contains(name, "/") {
		return checkExecutable(absIn(name, dir), name)
	}
	var denied *StageError
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "." // POSIX: an empty PATH entry is the working directory
		}
		p, err := checkExecutable(absIn(filepath.Join(d, name), dir), name)
		if err == nil {
			return p, nil
		}
		if err.Status == StatusNotExecutable && denied == nil {
			denied = err
		}
	}
	if denied != nil {
		return "", denied
	}
	return "", stageErr(StageResolve, StatusNotFound, "%s: command not found in PATH", name)
}

func absIn(p, dir string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	if dir == "" {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	return filepath.Join(absIn(dir, ""), p)
}

func checkExecutable(p, name string) (string, *StageError) {
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return "", stageErr(StageResolve, StatusNotFound, "%s: no such file", name)
	case err != nil:
		return "", &StageError{Stage: StageResolve, Status: StatusNotExecutable, Err: err}
	case fi.IsDir():
		return "", stageErr(StageResolve, StatusNotExecutable, "%s: is a directory", p)
	case fi.Mode()&0o111 == 0:
		return "", stageErr(StageResolve, StatusNotExecutable, "%s: permission denied (not executable)", p)
	}
	return p, nil
}

// defaultPath is searched when the command's environment has no PATH.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// checkDir refuses a working directory that is missing or not a directory.
func (c *Cmd) checkDir() *StageError {
	if c.Dir == "" {
		return nil
	}
	if fi, err := os.Stat(c.Dir); err != nil {
		return stageErr(StageSpec, StatusSandbox, "working directory: %w", err)
	} else if !fi.IsDir() {
		return stageErr(StageSpec, StatusSandbox, "working directory %s: not a directory", c.Dir)
	}
	return nil
}

// resolve returns the absolute path of the binary to run: Path, or Args[0]
// looked up in the PATH of env (defaultPath when it has none).
func (c *Cmd) resolve(env []string) (string, *StageError) {
	if c.Path != "" {
		return checkExecutable(absIn(c.Path, c.Dir), c.Path)
	}
	search, ok := lookupEnv(env, "PATH")
	if !ok {
		search = defaultPath
	}
	return lookPath(c.Args[0], search, c.Dir)
}

func lookupEnv(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], key+"="); ok {
			return v, true
		}
	}
	return "", false
}

// shebang returns the interpreter a #! script names, or "". Only a regular
// file is opened (openShebang): a FIFO the command left in the root
// (mkfifo -m 755 gradlew) held the runner for good, past --timeout and
// SIGTERM, and the execute bits checked before are no guard against a
// link renamed over the file in between, to a device that acts on being
// opened.
func shebang(path string) string {
	f, err := openShebang(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var b [256]byte
	n, _ := io.ReadFull(f, b[:])
	line, ok := strings.CutPrefix(string(b[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	fields := strings.Fields(line)
	if len(fields) == 0 || !filepath.IsAbs(fields[0]) {
		return ""
	}
	return fields[0]
}
