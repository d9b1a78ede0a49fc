//go:build linux

package exec

import (
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"io"
	"os"
	osexec "os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

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

// defaultPath is searched when the command's environment has no PATH.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// waitDelay bounds how long Run waits for pipes (non-file Stdin, Stdout,
// Stderr) that an escaped descendant still holds after the command exited.
const waitDelay = 500 * time.Millisecond

// spec is what the parent hands the child on fd 3.
type spec struct {
	Path       string          `json:"path"`
	Args       []string        `json:"args"`
	Env        []string        `json:"env"`
	Landlock   landlock.Config `json:"landlock"`
	Seccomp    *seccomp.Config `json:"seccomp,omitempty"` // nil: not loaded (best effort without seccomp)
	BestEffort bool            `json:"bestEffort,omitempty"`
}

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
	env := c.env()
	pol := c.Policy
	if c.PrivateTmp {
		tmp, err := os.MkdirTemp("", "mewsandbox-")
		if err != nil {
			return 0, stageErr(StageSpec, StatusSandbox, "private temp dir: %w", err)
		}
		defer os.RemoveAll(tmp)
		// Execute too: build tools run what they compile there (go test,
		// cargo, node-gyp), and the root already lets the command execute
		// whatever it writes.
		pol = pol.WithGrant(Grant{Path: tmp, Access: Read | Write | Exec})
		for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
			env = setEnv(env, k, tmp)
		}
	}
	e, err := pol.Plan()
	if err != nil {
		return 0, &StageError{Stage: StageSpec, Status: StatusSandbox, Err: err}
	}
	if len(e.Missing) > 0 {
		if !pol.BestEffort {
			stage := StageLandlock
			if strings.HasPrefix(e.Missing[0], "seccomp") {
				stage = StageSeccomp
			}
			return 0, stageErr(stage, StatusSandbox, "this kernel cannot enforce the policy: %s (--best-effort runs anyway)", strings.Join(e.Missing, "; "))
		}
		c.warn("mewsandbox: not enforced on this kernel: " + strings.Join(e.Missing, "; "))
	}
	if c.Dir != "" {
		if fi, err := os.Stat(c.Dir); err != nil {
			return 0, stageErr(StageSpec, StatusSandbox, "working directory: %w", err)
		} else if !fi.IsDir() {
			return 0, stageErr(StageSpec, StatusSandbox, "working directory %s: not a directory", c.Dir)
		}
	}

	path := c.Path
	var serr *StageError
	if path == "" {
		search, ok := lookupEnv(env, "PATH")
		if !ok {
			search = defaultPath
		}
		path, serr = lookPath(c.Args[0], search, c.Dir)
	} else {
		path, serr = checkExecutable(absIn(path, c.Dir), path)
	}
	if serr != nil {
		return 0, serr
	}

	// Landlock goes to the child even without kernel support: best effort
	// then still refuses a required path that does not exist.
	sp := &spec{Path: path, Args: c.Args, Env: env, Landlock: e.Landlock, BestEffort: pol.BestEffort}
	if e.LandlockABI > 0 {
		if serr := checkExecGrant(path, e.Landlock.Paths); serr != nil {
			return 0, serr
		}
	}
	if seccomp.Enabled && probeKernel().seccomp.Supported {
		sp.Seccomp = &e.Seccomp
	}
	return c.start(ctx, sp)
}

func lookupEnv(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], key+"="); ok {
			return v, true
		}
	}
	return "", false
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

// shebang returns the interpreter a #! script names, or "".
func shebang(path string) string {
	f, err := os.Open(path)
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

// isTerminal reports whether r is a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok || f == nil {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// forwardedSignals are the signals Run relays to the command. SIGURG is
// never among them (the Go runtime preempts goroutines with it), nor the
// synchronous faults, SIGCHLD, SIGPIPE or SIGPROF.
//
// With a terminal on stdin the command shares the runner's process group,
// so the terminal delivers SIGINT, SIGQUIT and SIGWINCH to it directly: Run
// catches them (the runner must not die first) without relaying them, and
// leaves SIGTSTP, SIGTTIN and SIGTTOU alone so job control stops both.
var (
	forwardedSignals = []os.Signal{unix.SIGHUP, unix.SIGINT, unix.SIGQUIT, unix.SIGTERM, unix.SIGUSR1, unix.SIGUSR2, unix.SIGWINCH, unix.SIGCONT, unix.SIGALRM}
	sessionSignals   = append(forwardedSignals[:len(forwardedSignals):len(forwardedSignals)], unix.SIGTSTP)
)

// ignoredAtStart records, before main runs, which of them the runner
// inherited as ignored; a later signal.Ignore by the program itself (to
// survive until the command is reaped) must not make the command ignore them.
var ignoredAtStart = func() map[syscall.Signal]bool {
	m := map[syscall.Signal]bool{}
	for _, s := range sessionSignals {
		if signal.Ignored(s) {
			m[s.(syscall.Signal)] = true
		}
	}
	return m
}()

func ttyGenerated(s syscall.Signal) bool {
	return s == unix.SIGINT || s == unix.SIGQUIT || s == unix.SIGWINCH
}

// child is the running sandbox child, as the parent sees it.
type child struct {
	session bool // it leads its own session (and process group)

	mu     sync.Mutex
	proc   *os.Process
	exited bool // exited and about to be reaped: its pid is no longer ours
}

// signal sends sig to the child, or to its whole process group when group is
// set and it has one of its own. It does nothing once the child has exited.
func (p *child) signal(sig syscall.Signal, group bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.exited {
		return
	}
	if group && p.session {
		_ = unix.Kill(-p.proc.Pid, sig)
		return
	}
	_ = p.proc.Signal(sig)
}

// supervise starts cmd and waits for it on one locked OS thread, then kills
// what is left of the command (see reaper). Pdeathsig
// fires when the thread that forked the child exits, and a thread exits when
// a goroutine locked to it ends. Keeping this goroutine locked until the
// child is reaped keeps the thread alive exactly that long, so the command
// dies with the runner and never with an unrelated goroutine.
func (p *child) supervise(cmd *osexec.Cmd, started chan<- error, done chan<- error) {
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
	p.mu.Lock()
	if p.session {
		_ = unix.Kill(-cmd.Process.Pid, unix.SIGKILL)
	}
	p.exited = true
	p.mu.Unlock()
	// Descendants that left the group (setsid) and were orphaned to the
	// runner, a subreaper while runs are in progress, go the same way.
	reaperExit(cmd.Process.Pid, p.session)
	done <- cmd.Wait()
}

func (c *Cmd) start(ctx context.Context, sp *spec) (int, *StageError) {
	tty := isTerminal(c.Stdin)
	specR, specW, err := os.Pipe()
	if err != nil {
		return 0, stageErr(StageFDs, StatusSandbox, "spec pipe: %w", err)
	}
	defer specW.Close()
	statusR, statusW, err := os.Pipe()
	if err != nil {
		specR.Close()
		return 0, stageErr(StageFDs, StatusSandbox, "status pipe: %w", err)
	}
	defer statusR.Close()

	cmd := &osexec.Cmd{
		Path:   "/proc/self/exe",
		Args:   []string{"mewsandbox", childArg},
		Env:    []string{}, // the command's environment travels in the spec: nothing (LD_PRELOAD…) reaches the runner
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
	if cmd.Stdout == nil {
		cmd.Stdout = os.Stdout
	}
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}

	sigs := make(chan os.Signal, 16)
	list := sessionSignals
	if tty {
		list = forwardedSignals
	}
	for _, s := range list {
		// A signal the runner was started with ignored (nohup, a shell's
		// background job) stays ignored, for the command too: catching it
		// would reset it to the default there.
		if !ignoredAtStart[s.(syscall.Signal)] {
			signal.Notify(sigs, s)
		}
	}
	defer signal.Stop(sigs)

	p := &child{session: !tty}
	started := make(chan error, 1)
	done := make(chan error, 1)
	go p.supervise(cmd, started, done)
	err = <-started
	specR.Close()
	statusW.Close()
	if err != nil {
		return 0, stageErr(StageExec, StatusSandbox, "starting the sandbox child: %w", err)
	}

	// The child reads the whole spec before anything else, so this write
	// cannot deadlock however large the spec is.
	err = gob.NewEncoder(specW).Encode(sp)
	if cerr := specW.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		p.signal(unix.SIGKILL, true)
		<-done
		return 0, stageErr(StageSpec, StatusSandbox, "handing the spec to the child: %w", err)
	}

	report := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(statusR)
		report <- b
	}()

	var (
		timedOut bool
		expire   <-chan time.Time
		kill     <-chan time.Time
		ctxDone  = ctx.Done()
		stopKill = func() bool { return false }
		waitErr  error
	)
	defer func() { stopKill() }()
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		expire = t.C
	}
	terminate := func() {
		p.signal(unix.SIGTERM, true)
		grace := c.Grace
		if grace <= 0 {
			grace = DefaultGrace
		}
		t := time.NewTimer(grace)
		stopKill = t.Stop
		kill = t.C
		expire, ctxDone = nil, nil
	}
loop:
	for {
		select {
		case s := <-sigs:
			sig := s.(syscall.Signal)
			switch {
			case tty && ttyGenerated(sig):
			case sig == unix.SIGTSTP:
				// Stop the command's group, then the runner itself, so a shell
				// sees the job stop; SIGCONT is relayed when it resumes. The
				// kernel discards SIGTSTP sent to an orphaned process group,
				// which the command's session is: SIGSTOP follows it.
				p.signal(sig, true)
				p.signal(unix.SIGSTOP, true)
				_ = unix.Kill(os.Getpid(), unix.SIGSTOP)
			case sig == unix.SIGCONT:
				p.signal(sig, true)
			default:
				p.signal(sig, false)
			}
		case <-expire:
			timedOut = true
			terminate()
		case <-ctxDone:
			timedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
			terminate()
		case <-kill:
			p.signal(unix.SIGKILL, true)
			kill = nil
		case waitErr = <-done:
			break loop
		}
	}

	if b := <-report; len(b) > 0 {
		var w wireError
		if err := json.Unmarshal(b, &w); err != nil || w.Stage == "" || w.Status == 0 {
			return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): unreadable report from the sandbox child: %q", b)
		}
		return 0, &StageError{Stage: w.Stage, Status: w.Status, Err: &childError{msg: w.Message, errno: syscall.Errno(w.Errno)}}
	}
	if timedOut {
		return StatusTimeout, nil
	}
	if cmd.ProcessState == nil {
		return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): waiting for the sandbox child: %v", waitErr)
	}
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok {
		return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): no wait status: %v", waitErr)
	}
	switch {
	case ws.Exited():
		return ws.ExitStatus(), nil
	case ws.Signaled():
		return 128 + int(ws.Signal()), nil
	}
	return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): unexpected wait status %#x", ws)
}
