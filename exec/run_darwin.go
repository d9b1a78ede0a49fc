package exec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// On macOS, Run renders the policy as a Seatbelt profile and runs
//
//	/usr/bin/sandbox-exec -p PROFILE -D NAME=VALUE ... -- PATH ARGS...
//
// sandbox-exec applies the profile to itself and execvp's the command, which
// keeps its pid: signals, the timeout, the session and the exit status work
// as on Linux (supervise.go). What differs:
//   - There is no parent-death signal: a runner killed with SIGKILL leaves
//     the command running. The signals that end a process from outside
//     (HUP, INT, QUIT, TERM, USR1, USR2, ALRM) are relayed instead of ending
//     the runner, and a command without a terminal on stdin leads a session
//     whose process group (its pid) can be killed by hand.
//   - There is no child subreaper: descendants that leave the command's
//     process group (setsid, daemons) outlive it. Those left in the group
//     are killed when the command exits, once it is reaped (the group keeps
//     its id while it has members). With a terminal on stdin the command
//     shares the runner's group, which may hold other programs (the rest
//     of a pipeline), so its background jobs are left alone and outlive it.
//   - No seccomp: Seatbelt's deny default stands in for the syscall list,
//     but ioctl(TIOCSTI) is not refused, so a command sharing the terminal
//     could queue input for the shell (Plan notes it).
//   - The command's argv[0] is its resolved path, not Args[0]: sandbox-exec
//     execvp's what follows "--" as it is.
//   - sandbox-exec reports its own failures with exit statuses 65 and 71,
//     which a command may exit with too; see start.

// probeTimeout bounds a probe of sandbox-exec.
const probeTimeout = 10 * time.Second

// Init returns at once: on macOS sandbox-exec applies the sandbox, and the
// runner is never re-executed.
func Init() {}

func (c *Cmd) run(ctx context.Context) (int, *StageError) {
	if len(c.Args) == 0 {
		return 0, stageErr(StageSpec, StatusSandbox, "no command to run")
	}
	if len(c.PassFDs) > 0 {
		return 0, stageErr(StageFDs, StatusSandbox, "passing descriptors is not supported on macOS yet")
	}
	env := c.env()
	tmp := ""
	if c.PrivateTmp {
		dir, canon, err := privateTemp()
		if err != nil {
			return 0, stageErr(StageSpec, StatusSandbox, "private temp dir: %w", err)
		}
		defer os.RemoveAll(dir)
		tmp = canon
		for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
			env = setEnv(env, k, tmp)
		}
	}
	home := UserHome()
	sandboxExec := sandboxExecPresent()
	sb, err := c.Policy.planSeatbelt(tmp, home, sandboxExec)
	if err != nil {
		return 0, &StageError{Stage: StageSpec, Status: StatusSandbox, Err: err}
	}
	if m := sb.enforcement.Missing; len(m) > 0 {
		switch {
		case sandboxExec != nil:
			// Best effort has nothing to fall back on: without
			// sandbox-exec nothing is enforced at all.
			return 0, stageErr(StageSeatbelt, StatusSandbox, "%s", m[0])
		case !c.Policy.BestEffort:
			return 0, stageErr(StageSeatbelt, StatusSandbox, "%s; --best-effort runs and says so", strings.Join(m, "; "))
		}
		c.warn("mewsandbox: not enforced: " + strings.Join(m, "; "))
	}
	if serr := c.checkDir(); serr != nil {
		return 0, serr
	}
	path, serr := c.resolve(env)
	if serr != nil {
		return 0, serr
	}
	if serr := checkSeatbeltExec(path, c.Policy.Seatbelt(tmp), home); serr != nil {
		return 0, serr
	}
	return c.start(ctx, sb, path, env)
}

// privateTemp creates the run's private temp dir under os.TempDir() and
// returns it as created, to remove, and as Seatbelt sees it, to grant and
// export: macOS's TMPDIR lies below /var/folders, which Seatbelt only knows
// as /private/var/folders.
func privateTemp() (dir, canon string, err error) {
	dir, err = os.MkdirTemp("", "mewsandbox-")
	if err != nil {
		return "", "", err
	}
	canon, err = seatbelt.Canonical(dir)
	if err != nil {
		os.RemoveAll(dir)
		return "", "", err
	}
	return dir, canon, nil
}

func (c *Cmd) start(ctx context.Context, sb seatbeltPlan, path string, env []string) (int, *StageError) {
	tty := isTerminal(c.Stdin)
	cmd := &osexec.Cmd{
		Path:        sandboxExecPath,
		Args:        sandboxExecArgs(sb.profile, sb.params, path, c.Args[1:]),
		Env:         env,
		Dir:         c.Dir,
		Stdin:       c.Stdin,
		Stdout:      c.Stdout,
		Stderr:      c.Stderr,
		SysProcAttr: &syscall.SysProcAttr{Setsid: !tty},
		WaitDelay:   waitDelay,
	}
	x, serr := c.supervise(ctx, newLaunch(cmd, tty), tty, nil)
	switch {
	case serr != nil:
		return 0, serr
	case x.startErr != nil:
		return 0, stageErr(StageSeatbelt, StatusSandbox, "starting %s: %w", sandboxExecPath, x.startErr)
	}
	status, serr := x.status()
	if serr != nil || x.timedOut {
		return status, serr
	}
	// sandbox-exec failing to apply the profile exits 65 or 71, as a
	// command may of its own accord. Applying the same profile to
	// /usr/bin/true tells them apart: it fails too exactly when the
	// profile is at fault. sandbox-exec printed its reason on the
	// command's stderr, which goes to the command untouched, so the probe
	// is also the only way to learn it; it costs nothing on the common
	// path. One failure it cannot tell: execvp of the command failing
	// after the profile applied (a binary Seatbelt does not let it
	// execute, outside what checkSeatbeltExec sees) leaves status 71 and
	// sandbox-exec's message on stderr.
	if status == sandboxExecDataErr || status == sandboxExecOSErr {
		if serr := trySandboxExec(sb.profile, sb.params, env); serr != nil {
			return 0, serr
		}
	}
	return status, nil
}

// trySandboxExec runs /usr/bin/true under profile and says why that failed;
// nil when it ran.
func trySandboxExec(profile string, params, env []string) *StageError {
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cmd := osexec.CommandContext(ctx, sandboxExecPath)
	cmd.Args = sandboxExecArgs(profile, params, "/usr/bin/true", nil)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *osexec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee) && ee.Exited():
		return sandboxExecError(ee.ExitCode(), stderr.Bytes())
	}
	return stageErr(StageSeatbelt, StatusSandbox, "%s: %w", sandboxExecPath, err)
}

// SandboxExecUsable reports whether sandbox-exec can sandbox a command
// here: it exists, and applies a profile that allows everything to
// /usr/bin/true. It fails inside another Seatbelt sandbox, since macOS does
// not nest them.
func SandboxExecUsable() error {
	if err := sandboxExecPresent(); err != nil {
		return err
	}
	if serr := trySandboxExec("(version 1)(allow default)", nil, nil); serr != nil {
		return serr.Err
	}
	return nil
}

// spawn starts cmd and waits for it, then kills what is left of its
// process group. Without waitid's WNOWAIT (os/exec has no way to wait for
// an exit but Wait) the command is reaped first; the group keeps its id
// while it has members, so only an empty group's id could be reused in
// between. Wait also waits for the pipes Run copies non-file streams
// through, so a descendant holding one delays the kill by up to waitDelay.
func (p *child) spawn(l *launch) {
	cmd := l.cmd
	err := cmd.Start()
	close(l.ready)
	if err != nil {
		l.started <- err
		return
	}
	p.pid = cmd.Process.Pid
	l.started <- nil
	err = cmd.Wait()
	p.exit()
	l.done <- err
}

// spawning has nothing to hold on macOS: sandbox-exec runs the command at
// once, so nothing can start before the policy is known.
type spawning struct{}

// Prespawn does nothing on macOS (see the Linux runner).
func (c *Cmd) Prespawn() {}

// Discard does nothing on macOS.
func (c *Cmd) Discard() {}

// EndPrefork does nothing on macOS: no child is started ahead.
func EndPrefork() {}

// Interrupted returns nil on macOS, where Prespawn catches nothing.
func (c *Cmd) Interrupted() os.Signal { return nil }

// Prepare does nothing on macOS: sandbox-exec runs the command at once.
func (c *Cmd) Prepare() {}

// queueToAll: Linux only; no macOS child is the init of a pid namespace.
func queueToAll(int, syscall.Signal) error { return syscall.ENOSYS }

// NamespaceLayer: Linux only; on macOS Seatbelt denies protected paths.
func NamespaceLayer() (string, error) {
	return "", errors.New("Linux only: on macOS the Seatbelt profile protects .git/hooks, .git/config, .mewsandbox and .claude")
}

// NetworkNamespace: Linux only; on macOS Seatbelt's (deny network*) refuses
// binding abstract unix names, which macOS does not have.
func NetworkNamespace() (string, error) {
	return "", fmt.Errorf("%w: Linux only (macOS has no abstract unix names)", ErrNoNamespaceLayer)
}

// ProtectedInRoot lists the paths protected inside the root (by Seatbelt's
// profile: seatbelt.ProtectedInRoot, which TestProtectedListsAgree keeps
// equal to the namespace layer's list on Linux).
func ProtectedInRoot() []string { return seatbelt.ProtectedInRoot() }
