//go:build linux

package exec

import (
	"context"
	"encoding/json"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// childArg is os.Args[1] of the re-executed runner that becomes the command.
const childArg = "__mewsandbox_child"

// The child's descriptors: the spec arrives on fd 3, failures leave on fd 4.
const (
	specFD   = 3
	statusFD = 4
)

// wireError is the child's failure report on fd 4.
type wireError struct {
	Stage   string `json:"stage"`
	Errno   int    `json:"errno,omitempty"`
	Message string `json:"message"`
	Status  int    `json:"status"`
}

// childError carries a failure the child reported; it unwraps to the errno.
type childError struct {
	msg   string
	errno syscall.Errno
}

func (e *childError) Error() string { return e.msg }

func (e *childError) Unwrap() error {
	if e.errno == 0 {
		return nil
	}
	return e.errno
}

func (c *Cmd) run(ctx context.Context) (int, *StageError) {
	if len(c.Args) == 0 {
		return 0, stageErr(StageSpec, StatusSandbox, "no command to run")
	}
	// The child changes to Dir as it starts.
	if serr := c.checkDir(); serr != nil {
		return 0, serr
	}
	return c.start(ctx)
}

// prepare works out what the child is to do: the private temp dir (whose
// path it stores in *tmp, for the caller to remove), the policy translated
// for this kernel, the binary and the compiled syscall filter. It runs
// while the child starts, which takes longer.
func (c *Cmd) prepare(tmp *string) (*spec, *StageError) {
	env := c.env()
	pol := c.Policy
	if c.PrivateTmp {
		dir, err := os.MkdirTemp("", "mewsandbox-")
		if err != nil {
			return nil, stageErr(StageSpec, StatusSandbox, "private temp dir: %w", err)
		}
		*tmp = dir
		// Execute too: build tools run what they compile there (go test,
		// cargo, node-gyp), and the root already lets the command execute
		// whatever it writes.
		pol = pol.WithGrant(Grant{Path: dir, Access: Read | Write | Exec})
		for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
			env = setEnv(env, k, dir)
		}
	}
	e, err := pol.Plan()
	if err != nil {
		return nil, &StageError{Stage: StageSpec, Status: StatusSandbox, Err: err}
	}
	if len(e.Missing) > 0 {
		if !pol.BestEffort {
			stage := StageLandlock
			if strings.HasPrefix(e.Missing[0], "seccomp") {
				stage = StageSeccomp
			}
			return nil, stageErr(stage, StatusSandbox, "this kernel cannot enforce the policy: %s (--best-effort runs anyway)", strings.Join(e.Missing, "; "))
		}
		c.warn("mewsandbox: not enforced on this kernel: " + strings.Join(e.Missing, "; "))
	}
	path, serr := c.resolve(env)
	if serr != nil {
		return nil, serr
	}

	// Landlock goes to the child even without kernel support: best effort
	// then still refuses a required path that does not exist.
	sp := &spec{Path: path, Args: c.Args, Env: env, Landlock: e.Landlock, BestEffort: pol.BestEffort}
	if e.LandlockABI > 0 {
		if serr := checkExecGrant(path, e.Landlock.Paths); serr != nil {
			return nil, serr
		}
	}
	if seccomp.Enabled && probeKernel().seccomp.Supported {
		prog, err := e.Seccomp.Build()
		if err != nil {
			return nil, &StageError{Stage: StageSeccomp, Status: StatusSandbox, Err: err}
		}
		sp.Seccomp = prog
	}
	return sp, nil
}

// checkExecGrant refuses, with a message saying what to allow, a binary (or
// its #! interpreter) that Landlock would refuse to execute: the alternative
// is a bare EACCES from execve.
func checkExecGrant(path string, rules []landlock.PathRule) *StageError {
	check := func(p string) *StageError {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return nil // execve will say what is wrong
		}
		for _, r := range rules {
			if r.Access&landlock.Execute == 0 {
				continue
			}
			if rr, err := realPath(r.Path); err == nil && rr != "" && within(real, rr) {
				return nil
			}
		}
		return stageErr(StageResolve, StatusNotExecutable, "%s is outside every executable grant: allow read and execute on %s", real, filepath.Dir(real))
	}
	if serr := check(path); serr != nil {
		return serr
	}
	if interp := shebang(path); interp != "" {
		return check(interp)
	}
	return nil
}

// start starts the child first, since a Go program's start-up is the
// longest step of a run, then prepares the spec while the child starts and
// hands it over. Until it has the spec the child only waits for it; if
// preparing fails, the child is killed without having done anything.
func (c *Cmd) start(ctx context.Context) (int, *StageError) {
	tty := isTerminal(c.Stdin)
	specR, specW, err := os.Pipe()
	if err != nil {
		return 0, stageErr(StageFDs, StatusSandbox, "spec pipe: %w", err)
	}
	defer specR.Close()
	defer specW.Close()
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return 0, stageErr(StageFDs, StatusSandbox, "status pipe: %w", err)
	}
	defer statusR.Close()
	defer statusW.Close()
	var tmp string
	defer func() {
		if tmp != "" {
			os.RemoveAll(tmp)
		}
	}()

	cmd := &osexec.Cmd{
		Path:   "/proc/self/exe",
		Args:   []string{"mewsandbox", childArg},
		Env:    childEnv, // the command's environment travels in the spec: nothing (LD_PRELOAD…) reaches the runner
		Dir:    c.Dir,
		Stdin:  c.Stdin,
		Stdout: c.Stdout,
		Stderr: c.Stderr,
		// os/exec places ExtraFiles[i] at fd 3+i.
		ExtraFiles: []*os.File{specR, statusW},
		SysProcAttr: &syscall.SysProcAttr{
			Setsid:    !tty,
			Pdeathsig: syscall.SIGKILL,
		},
		WaitDelay: waitDelay,
	}
	report := make(chan []byte, 1)
	x, serr := c.supervise(ctx, cmd, tty, func(_ *child, caught func()) *StageError {
		specR.Close()
		statusW.Close()
		sp, serr := c.prepare(&tmp)
		if serr != nil {
			return serr
		}
		for _, s := range caughtSignals(tty) {
			sp.ResetSignals |= 1 << (s.(syscall.Signal) - 1)
		}
		b, err := sp.marshal()
		if err == nil {
			caught()
			// The child reads the whole spec before anything else, so this
			// write cannot deadlock however large the spec is.
			_, err = specW.Write(b)
		}
		if cerr := specW.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return stageErr(StageSpec, StatusSandbox, "handing the spec to the child: %w", err)
		}
		go func() {
			b, _ := io.ReadAll(statusR)
			report <- b
		}()
		return nil
	})
	switch {
	case serr != nil:
		return 0, serr
	case x.startErr != nil:
		return 0, stageErr(StageExec, StatusSandbox, "starting the sandbox child: %w", x.startErr)
	}
	if b := <-report; len(b) > 0 {
		var w wireError
		if err := json.Unmarshal(b, &w); err != nil || w.Stage == "" || w.Status == 0 {
			return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): unreadable report from the sandbox child: %q", b)
		}
		return 0, &StageError{Stage: w.Stage, Status: w.Status, Err: &childError{msg: w.Message, errno: syscall.Errno(w.Errno)}}
	}
	return x.status()
}

// childEnv is the sandbox child's environment, seen by its Go runtime only
// (the command's own travels in the spec). The child runs one goroutine;
// with one P its runtime starts fewer threads before the execve that ends
// them all (about 0.07 ms less per run on two cores).
var childEnv = []string{"GOMAXPROCS=1"}

// spawn starts cmd and waits for it on one locked OS thread, then kills
// what is left of the command (see reaper). Pdeathsig fires when the thread
// that forked the child exits, and a thread exits when a goroutine locked to
// it ends. Keeping this goroutine locked until the child is reaped keeps the
// thread alive exactly that long, so the command dies with the runner and
// never with an unrelated goroutine.
func (p *child) spawn(cmd *osexec.Cmd, started chan<- error, done chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	reaperEnter()
	if err := cmd.Start(); err != nil {
		reaperExit(0, false)
		started <- err
		return
	}
	reaperStarted(cmd.Process.Pid)
	p.proc = cmd.Process
	started <- nil
	// Wait for the exit without reaping: the zombie holds the pid, and so the
	// process group id, while the group's stragglers are killed.
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	p.exit()
	// Descendants that left the group (setsid) and were orphaned to the
	// runner, a subreaper while runs are in progress, go the same way.
	reaperExit(cmd.Process.Pid, p.session)
	done <- cmd.Wait()
}
