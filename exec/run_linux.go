//go:build linux

package exec

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// childArg is os.Args[1] of the re-executed runner that becomes the command.
const childArg = "__mewsandbox_child"

// wireError is the child's failure report on fd 4.
type wireError struct {
	Stage   string `json:"stage"`
	Errno   int    `json:"errno,omitempty"`
	Message string `json:"message"`
	Status  int    `json:"status"`
}

// err words the report: the child sends what failed and the errno, the
// words and the advice are the parent's.
func (w wireError) err() error {
	msg := w.Message
	errno := syscall.Errno(w.Errno)
	if w.Stage == StageNamespaces && w.Message == netnsWhat {
		return &childError{msg: netnsRefused(errno) + "; --best-effort runs and says so", errno: errno}
	}
	if errno != 0 {
		msg += ": " + errno.Error()
		switch {
		case w.Stage == StageExec && errno == syscall.EACCES:
			msg += " (the sandbox may have refused it: Landlock lets a command execute files only below read+execute grants)"
		case w.Stage == StageLandlock && errno == syscall.EPERM:
			msg += " (no_new_privs must be set first)"
		case w.Stage == StageSeccomp && errno == syscall.EINVAL:
			msg += " (the kernel rejected the program)"
		case w.Stage == StageNamespaces:
			msg += " (the namespace layer could not be set up here: --no-namespaces runs with Landlock and seccomp alone)"
		}
	}
	return &childError{msg: msg, errno: errno}
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

// prepare works out what the child is to do: the policy translated for
// this kernel, the binary, the compiled syscall filter and, with
// PrivateTmp, the private temp dir. With layerTmp that is a tmpfs the
// child makes where the namespace layer empties os.TempDir() (hide), which
// the host never sees; otherwise, or where the layer does not empty it, a
// directory on the host, whose path prepare stores in *tmp for the caller
// to remove, unless *tmp names one made already. It runs while the child
// starts. The warnings are the caller's to say, whatever the outcome.
func (c *Cmd) prepare(tmp *string, layerTmp bool) (_ *spec, warnings []string, _ *StageError) {
	if !haveChild {
		return nil, nil, stageErr(StageExec, StatusSandbox, "this mewsandbox was built without cgo, and the Linux sandbox child is C: rebuild with CGO_ENABLED=1")
	}
	env := c.env()
	pol := c.Policy
	var childTmp string
	if c.PrivateTmp && *tmp == "" && layerTmp && !pol.NoNamespaces {
		childTmp = layerTmpPath()
	}
	if c.PrivateTmp && childTmp == "" {
		if *tmp == "" {
			parent, err := pol.privateTmpDir()
			dir := ""
			if err == nil {
				dir, err = makePrivateTmp(parent)
			}
			if err != nil {
				return nil, nil, stageErr(StageSpec, StatusSandbox, "private temp dir: %w", err)
			}
			*tmp = dir
		}
		pol = pol.WithGrant(Grant{Path: *tmp, Access: privateTmpAccess, pinned: true})
	}
	if c.PrivateTmp {
		dir := cmp.Or(childTmp, *tmp)
		for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
			env = setEnv(env, k, dir)
		}
	}
	// The namespace layer's plan (stat calls, the longer of the two)
	// starts here at once, and the Landlock plan and ruleset beside it.
	// Begun second, the layer's plan waited for a processor until the
	// other was done (measured: 0.2 ms of a run).
	var layer *nsLayer
	var sp *spec
	var e Enforcement
	var more []string
	var serr *StageError
	if !pol.NoNamespaces {
		var planned sync.WaitGroup
		planned.Go(func() {
			GrowStack()
			sp, e, more, serr = c.landlockSpec(pol, env)
		})
		early, earlyHeld := lockEarly(pol)
		layer = planNamespace(pol, c.dirOrWd(), childTmp)
		if layer != nil {
			layer.early, layer.earlyHeld = early, earlyHeld
		} else {
			unlockDirs(early)
		}
		planned.Wait()
	} else {
		// What the layer would protect, recorded to undo the command's
		// changes after the run (snapshot.check), beside the Landlock plan.
		var planned sync.WaitGroup
		planned.Go(func() {
			GrowStack()
			sp, e, more, serr = c.landlockSpec(pol, env)
		})
		snap := planUnlayered(pol, c.dirOrWd())
		planned.Wait()
		if sp != nil {
			sp.unlayered = snap
		}
	}
	warnings = append(warnings, more...)
	if serr != nil {
		layer.unpin()
		layer.unlockEarly()
		return nil, warnings, serr
	}
	rs := sp.Ruleset
	if childTmp != "" && layer.tmp == "" {
		// The layer leaves os.TempDir() as it is (the root or a writable
		// grant holds it, or it is not where other programs' sockets are):
		// a directory on the host then.
		if rs != nil {
			rs.Close()
		}
		layer.unpin()
		layer.unlockEarly()
		return c.prepare(tmp, false)
	}
	sp.layer = layer
	if layer != nil && rs != nil {
		sp.ShmAccess, sp.PtsAccess = devAccess(e, layer.shm), devAccess(e, layer.pts)
		// Cheap tests first: grantedAt resolves every grant's links.
		if e.LandlockABI > 0 && layer.shm != "" && landlock.AccessFS(sp.ShmAccess)&landlock.MakeReg == 0 && grantedAt(pol, layer.shm)&Write != 0 {
			warnings = append(warnings, "mewsandbox: a --deny-read path below "+layer.shm+" takes its write access: this run cannot make shared memory there (shm_open)")
		}
	}
	if layer != nil {
		// The private TMPDIR's and /dev/shm's pages are memory: no more
		// than the command may have.
		sp.TmpSize = pol.Limits.Mem
	}
	if layer != nil && layer.tmp != "" && rs != nil {
		sp.TmpAccess = uint64(privateTmpAccess.landlock() & landlock.Handled(e.LandlockABI))
	}
	// The filter depends on the network policy and the layer only; Build
	// finds the runner's configurations compiled ahead of time.
	// A core_pattern that names a program has the kernel run it as root
	// on the host for each core the command dumps: the limit is then 1,
	// which the kernel takes for no dump at all, and the filter keeps it.
	lockCore := corePipes()
	if lockCore {
		sp.Limits = append(sp.Limits, rlimit{resource: rlimitCore, soft: 1, hard: 1})
	}
	if seccomp.Enabled && probeKernel().seccomp.Supported {
		sp.filter = pol.seccompConfig(rs != nil)
		sp.filter.LockCoreLimit = lockCore
		prog, err := sp.filter.Build()
		if err != nil {
			rs.Close()
			layer.unpin()
			return nil, warnings, &StageError{Stage: StageSeccomp, Status: StatusSandbox, Err: err}
		}
		sp.Seccomp = prog
	}
	return sp, warnings, nil
}

// dirOrWd is the directory the child starts in.
func (c *Cmd) dirOrWd() string {
	if c.Dir != "" {
		return c.Dir
	}
	dir, _ := os.Getwd()
	return dir
}

// sysVIPCCounted refuses System V IPC again in sp's filter where the
// run's --limit-mem is mem and g, its cgroup, does not hold it as
// memory.max: RLIMIT_AS alone does not count the segments (see
// prepareAndSend).
func (sp *spec) sysVIPCCounted(mem uint64, g *runCgroup) *StageError {
	if mem == 0 || g.countsMemory() {
		return nil
	}
	return sp.withoutNamespaces(true, false, false)
}

// withoutNamespaces refuses System V IPC (ipc) and tracing (pid) again in
// sp's filter, for a child that did not get the IPC namespace or the pid
// namespace the filter was built for (or, sysVIPCCounted, a cgroup to
// count their memory), and netlink route under network none (layer) for
// one that got no namespace layer, and so no network namespace of its own
// (Policy.seccompConfig).
func (sp *spec) withoutNamespaces(ipc, pid, layer bool) *StageError {
	netlink := layer && sp.filter.AllowNetlinkRoute && !sp.filter.AllowInet && !sp.filter.AllowInetStream
	if sp.Seccomp == nil || !(ipc && sp.filter.AllowSysVIPC || pid && sp.filter.AllowPtrace || netlink) {
		return nil
	}
	sp.filter.AllowSysVIPC = sp.filter.AllowSysVIPC && !ipc
	sp.filter.AllowPtrace = sp.filter.AllowPtrace && !pid
	sp.filter.AllowNetlinkRoute = sp.filter.AllowNetlinkRoute && !netlink
	prog, err := sp.filter.Build()
	if err != nil {
		return &StageError{Stage: StageSeccomp, Status: StatusSandbox, Err: err}
	}
	sp.Seccomp = prog
	return nil
}

// landlockSpec is the spec but for the namespace layer's part: the
// Landlock plan and its ruleset, the command's path, its capabilities and
// limits; and the plan, and what to warn of.
func (c *Cmd) landlockSpec(pol Policy, env []string) (_ *spec, _ Enforcement, warnings []string, _ *StageError) {
	e, err := pol.Plan()
	if errors.As(err, new(*landlock.ChangedError)) {
		// A path in a writable tree was renamed while the plan looked at
		// it (see Plan): once more, then the run is refused.
		e, err = pol.Plan()
	}
	if err != nil {
		return nil, Enforcement{}, nil, &StageError{Stage: StageSpec, Status: StatusSandbox, Err: err}
	}
	if len(e.Missing) > 0 && !pol.BestEffort {
		stage := StageLandlock
		if strings.HasPrefix(e.Missing[0], "seccomp") {
			stage = StageSeccomp
		}
		return nil, Enforcement{}, nil, stageErr(stage, StatusSandbox, "this kernel cannot enforce the policy: %s (--best-effort runs anyway)", strings.Join(e.Missing, "; "))
	}
	if len(e.Missing) > 0 {
		warnings = append(warnings, "mewsandbox: not enforced on this kernel: "+strings.Join(e.Missing, "; "))
	}
	for _, w := range e.Warnings {
		warnings = append(warnings, "mewsandbox: "+w)
	}
	path, serr := c.resolve(env)
	if serr != nil {
		return nil, Enforcement{}, warnings, serr
	}

	caps, err := capabilityMask(pol.KeepCaps)
	if err != nil {
		return nil, Enforcement{}, warnings, &StageError{Stage: StageSpec, Status: StatusSandbox, Err: err}
	}
	// Only what the runner has: the child may hold more for its own
	// mounts (ambient capabilities in a user namespace).
	caps &= ownCapabilities()
	sp := &spec{Path: path, Args: c.Args, Env: env, BestEffort: pol.BestEffort, KeepCaps: caps, Limits: append(pol.Limits.rlimits(), priorityLimits()...)}
	if e.LandlockABI > 0 {
		sp.execRules = e.Landlock.Paths
	}
	// Built even without kernel support: best effort then still refuses a
	// required path that does not exist. The child only applies it.
	rs, _, err := e.Landlock.Build(pol.BestEffort)
	if errors.As(err, new(*landlock.ChangedError)) {
		// Renamed between the plan and the rule (an editor's atomic
		// save, or a command swapping an entry for a link): nothing was
		// granted; a new plan of what is there now, once.
		if e, err = pol.Plan(); err == nil {
			rs, _, err = e.Landlock.Build(pol.BestEffort)
		}
	}
	if err != nil {
		return nil, Enforcement{}, warnings, &StageError{Stage: StageLandlock, Status: StatusSandbox, Err: err}
	}
	sp.Ruleset = rs
	return sp, e, warnings, nil
}

// explain words an execve the sandbox refused as checkExecGrant does, when
// Landlock's rules are why (EACCES; or ENOENT, the file being in a
// directory the namespace layer empties): worked out only then, it is off
// the way of every run that executes (0.05 ms of the runner's work before
// the spec, traced).
func (s *spawning) explain(serr *StageError) *StageError {
	if serr.Stage != StageExec || !errors.Is(serr.Err, syscall.EACCES) && !errors.Is(serr.Err, syscall.ENOENT) || s.sp == nil || s.sp.execRules == nil {
		return serr
	}
	if why := checkExecGrant(s.sp.Path, s.sp.execRules); why != nil {
		return why
	}
	return serr
}

// checkExecGrant says, with what to allow, why Landlock refuses to execute
// a binary (or its #! interpreter), or returns nil if it would not: the
// alternative is a bare EACCES from execve.
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
		if name := presetExecuting(real, os.Getenv("HOME"), os.Getenv); name != "" {
			return stageErr(StageResolve, StatusNotExecutable, "%s is outside every executable grant: --preset %s grants it, or allow read and execute on %s", real, name, filepath.Dir(real))
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

// spawning is a sandbox child started before its spec is ready (see
// Prespawn): it waits on fd 3, a socket, for the spec and the Landlock
// ruleset, and reports failures on fd 4.
type spawning struct {
	*launch
	// tmp is the private temp dir Prespawn makes ahead (with PrivateTmp),
	// ready once tmpMade is done; "" if it did not, and prepare makes it.
	tmp              string
	tmpMade          sync.WaitGroup
	tty              bool
	specR, specW     *os.File
	statusR, statusW *os.File
	pass             []*os.File  // copies of Cmd.PassFDs, at fd 5 and up in the child
	err              *StageError // setting up failed: nothing was started

	// decided is closed once the caller runs the command (approved) or
	// discards the child: a hand-over that would change the host waits.
	decided  chan struct{}
	decide   sync.Once
	approved bool

	// The hand-over (handOver): prepared and sent once, by Prepare or by
	// Run, and waited for through handedOver.
	handing    sync.Once
	handedOver sync.WaitGroup
	sp         *spec
	prepErr    *StageError
	// placeholders are the layer's, held for the run (materialize).
	placeholders *placeholders
	warn         func(string)
	tmpWarn      func(string)  // says the private temp dir stays
	fg           *foreground   // the terminal's foreground, put back after
	term         *termSettings // the terminal's settings, put back after
	cgroup       *runCgroup    // the run's, for cgroup limits; nil if none
	// handed is the caller's pipes' and sockets' state before the run,
	// put back after it (restore) where the command cannot have held
	// them past it; went says the command was let start.
	handed []handedState
	went   atomic.Bool
	// audited is the layer's (nsLayer.audited) where it applies: looked
	// at once the command has ended (movePlanted).
	audited []string
	// unmade is the layer's (nsLayer.unmade) where it applies.
	unmade []string
	// found is the layer's (nsLayer.found) where it applies, with its
	// time set where the plan was taken beside another run.
	found plannedFound
	// moduleDirs are the layer's (nsLayer.moduleDirs), or the
	// snapshot's without it: looked in once the command has ended
	// (checkModuleDirs).
	moduleDirs []moduleDir
	// todos is the layer's (nsLayer.todos), or the snapshot's without it.
	todos []*plannedTodos
	// nested is the layer's (nsLayer.nested) where it applies.
	nested *plannedNested
	// unlayered is the snapshot of a run without the layer: compared once
	// the command has ended (snapshot.check).
	unlayered *snapshot
	// locks are the layer's directories held (nsLayer.locked) until what
	// the command made there has been looked for.
	locks []*os.File
	// ways are the layer's (nsLayer.ways), or the snapshot's without it:
	// looked at once the command has ended (restoreWayModes).
	ways []wayMode
	// configWatch sees the command try to write the layer's read-only
	// git config (nsLayer.gitConfig); nil if none.
	configWatch *configWatch
	// programs are the layer's (nsLayer.programs) where it applies.
	programs []configProgram
	// held are the layer's (nsLayer.held) where it applies.
	held []string
}

// The CLI's "mewsandbox run" (a child was pre-forked for it)
// without a terminal catches the relayed signals from its Prespawn on
// (Cmd.EarlySignals): begun here, while the program's packages initialise,
// the runtime's round trips per signal are done by the time the command
// may start, instead of holding up its go (≈0.1 ms, traced).
func init() {
	if preforked() && !HasTerminal() && !isTerminal(os.Stdin) {
		catchEarly()
	}
}

// Prespawn starts the sandbox child ahead of Run, before the command, its
// environment and the policy need be known: its start-up (a fork and an
// execve of this binary) then overlaps whatever the caller does before Run,
// such as loading settings and asking the permission engine. Only Dir,
// Stdin, Stdout and Stderr must be set, and they must not change before
// Run, and so must PassFDs, PrivateTmp and Policy.NoNamespaces; with
// NoNamespaces, the private temp dir (on the host then) is made now too,
// beside. The child does nothing until
// Run hands it its spec; a caller that decides not to Run calls Discard.
func (c *Cmd) Prespawn() {
	if c.pre != nil {
		return
	}
	s := c.spawnChild()
	c.pre = s
	if s.err != nil {
		return
	}
	s.begin()
	if c.EarlySignals {
		if !s.tty {
			// Handlers installed now, before the caller goes on (a
			// runner with a pre-forked child has them from its start,
			// see init). catch's os/signal round trips run on a
			// goroutine, which a runner without one (--pass-fd, no
			// glibc constructor arguments) may start only once the
			// caller has blocked reading its settings from a FIFO: a
			// SIGTERM then still ended it, unrecorded.
			catchEarly()
		}
		// Catching takes a round trip to the runtime's signal thread per
		// signal: begun now, it is done long before the go.
		s.launch.catch(s.tty)
	}
	if c.PrivateTmp && c.Policy.NoNamespaces {
		if s.tmp = takePremadeTmp(); s.tmp == "" {
			s.tmpMade.Go(func() { s.tmp = makeTmpAhead() })
		}
	} else if dir := takePremadeTmp(); dir != "" {
		os.Remove(dir) // made for flags the runner read otherwise
	}
}

// takePremadeTmp returns the private temp dir made ahead for this run
// (premadeTmp), if it is where makePrivateTmp would make one; one that is
// not goes.
func takePremadeTmp() string {
	dir := premadeTmp()
	if dir != "" && filepath.Dir(dir) != filepath.Clean(os.TempDir()) {
		os.Remove(dir)
		return ""
	}
	return dir
}

// makeTmpAhead makes the private temp dir for a run whose policy is not
// known yet, in os.TempDir() when no symbolic link is on its way; ""
// otherwise, or when it cannot, and prepare makes it, or says why not,
// once the policy says whether such a link may be followed.
func makeTmpAhead() string {
	dir := filepath.Clean(os.TempDir())
	if real, err := filepath.EvalSymlinks(dir); err != nil || real != dir {
		return ""
	}
	tmp, err := makePrivateTmp(dir)
	if err != nil {
		return ""
	}
	return tmp
}

// privateTmpDir returns the directory the run's private temp dir is made in
// on the host: os.TempDir() with its links resolved. One whose path goes
// through a symbolic link lying in the root or a writable grant and leading
// out of them is refused: an earlier run's command may have made the link,
// and the runner would make a directory wherever it leads and grant the
// command all of it (a review's command left TMPDIR=$ROOT/.tmp a link to a
// directory outside every grant; the next run made mewsandbox-N there, on
// the host, and its command wrote in it, with the namespace layer too,
// which empties only /tmp, /run and $XDG_RUNTIME_DIR).
func (p Policy) privateTmpDir() (string, error) {
	dir := os.TempDir()
	if !filepath.IsAbs(dir) {
		return "", fmt.Errorf("TMPDIR %q is not an absolute path: set it to one, or unset it for /tmp", dir)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", fmt.Errorf("TMPDIR %s: %w", dir, err)
	}
	if link := p.linkOut(dir, real, ""); link != "" {
		return "", fmt.Errorf("TMPDIR %s goes through the symbolic link %s, in a directory a sandboxed command may write, so an earlier run's command may have made it or pointed it elsewhere; it leads to %s now: set TMPDIR to a directory reached through no such link (%s itself, if you mean it)", dir, link, real, real)
	}
	return real, nil
}

// makePrivateTmp makes a run's private temp dir on the host in dir, as
// os.MkdirTemp(dir, "mewsandbox-") would (mode 0700), but following no
// symbolic link on the way to dir (ELOOP): a link swapped in since dir was
// judged (privateTmpDir) has nothing made where it leads.
func makePrivateTmp(dir string) (string, error) {
	fd, err := openDirNoFollow(dir)
	if err != nil {
		return "", &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer unix.Close(fd)
	for range 100 {
		name := "mewsandbox-" + strconv.FormatUint(uint64(rand.Uint32()), 10)
		err := unix.Mkdirat(fd, name, 0o700)
		if err == nil {
			return filepath.Join(dir, name), nil
		}
		if err != unix.EEXIST {
			return "", &os.PathError{Op: "mkdir", Path: filepath.Join(dir, name), Err: err}
		}
	}
	return "", fmt.Errorf("mkdir %s/mewsandbox-N: 100 names taken: remove old mewsandbox-* directories there", dir)
}

// privateTmpAccess is what the command may do in its private temp dir:
// execute too, since build tools run what they compile there (go test,
// cargo, node-gyp), and the root already lets the command execute whatever
// it writes.
const privateTmpAccess = Read | Write | Exec

// layerTmpPath names a private temp dir for the child to make (see
// prepare), in os.TempDir() with links resolved; "" if it cannot be.
func layerTmpPath() string {
	dir, err := filepath.EvalSymlinks(os.TempDir())
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mewsandbox-"+strconv.FormatUint(uint64(rand.Uint32()), 10))
}

// Interrupted returns a signal that ends a program by default (SIGTERM,
// SIGINT, SIGHUP …) caught since Prespawn with EarlySignals and waiting
// for Run to relay it to the command; nil if none, or without Prespawn,
// or once Run relays them. The signal stays caught for the command: a
// caller whose preparation blocks (a settings file that is a FIFO no one
// writes) may Discard and end instead, rather than hold the signal, and
// itself, until it is done. It may be called while Prepare works, not
// once Run or Discard begins.
func (c *Cmd) Interrupted() os.Signal {
	s := c.pre
	if s == nil || s.err != nil || !c.EarlySignals {
		return nil
	}
	return s.launch.interrupted()
}

// Discard kills and reaps a child Prespawn started for a Run that will not
// happen, and stops catching the signals caught early (EarlySignals,
// unless KeepSignalsCaught). It does nothing after Run or without
// Prespawn.
func (c *Cmd) Discard() {
	s := c.pre
	c.pre = nil
	if s == nil {
		return
	}
	s.settle(false)
	if c.EarlySignals && !c.KeepSignalsCaught {
		s.launch.stopCatching()
	}
	defer s.close()
	defer s.cleanUp()
	if s.err != nil || <-s.started != nil {
		return
	}
	s.p.signal(unix.SIGKILL, true)
	<-s.done
}

// Prepare does ahead of Run, and beside whatever the caller does meanwhile
// (asking the permission engine, say), all that Run would do before the
// command may start: the policy translated for this kernel, the binary
// found, the private temp dir made, the spec handed to the child, which
// applies the whole sandbox and then waits. Run lets the command start;
// Discard ends the child instead. It starts the child if Prespawn did not.
// Args, Env, Policy and the rest may not change afterwards. One thing waits
// for Run: where the namespace layer must create placeholders on the host
// (a project without .claude, say), the spec is handed over only then, so
// that a command that is not run changes nothing.
func (c *Cmd) Prepare() {
	c.Prespawn()
	if s := c.pre; s.err == nil {
		s.handOver(c)
		if c.EarlySignals {
			s.launch.catch(s.tty)
		}
		// The hand-over's goroutine is this processor's next: yield to it
		// now, so that it runs here while the caller moves to the other
		// processor. Otherwise it waits until the caller next blocks,
		// after the engine has decided (measured: 0.1 ms on 2 cores).
		runtime.Gosched()
	}
}

// What the child says on the spec socket (child_linux.h).
const (
	childArmed        = 'r' // it has blocked every signal
	childProcRefused  = 'p' // the kernel refused a /proc of its pid namespace
	childNetNSRefused = 'n' // the kernel refused a best-effort run's network namespace, with the errno that follows
	childEnded        = 'e' // init ended the namespace, with the status that follows (child.ended)
)

// netnsWhat is what a strict run's child reports when the kernel refuses
// its network namespace (child_linux.h's MEWS_NETNS_WHAT).
const netnsWhat = "unshare(CLONE_NEWNET)"

// netnsRefused words the kernel's refusal (errno) of the network namespace
// of a run under network none (Policy.OwnNetwork): a
// strict run's error, a best-effort run's warning, doctor's and explain's
// line.
func netnsRefused(errno syscall.Errno) string {
	why := errno.Error()
	if errno == syscall.ENOSPC {
		why += ": the sysctl user.max_net_namespaces is 0 or reached, here or in an enclosing user namespace"
	}
	return "the kernel refused a network namespace for network none (" + netnsWhat + ": " + why + "): " + WithoutNetworkNamespace
}

// listen reads what the child says on the spec socket until it ends (the
// child is gone, or the run over): armed is closed once the child has
// blocked signals, or is gone; the status it ended the namespace with, as
// its init, goes to p.ended; p.heard is closed at the end.
func (s *spawning) listen(c *Cmd, p *child, armed chan struct{}) {
	defer close(p.heard)
	arm := sync.OnceFunc(func() { close(armed) })
	defer arm()
	var b [1]byte
	for {
		if n, err := s.specW.Read(b[:]); n == 0 || err != nil {
			return
		}
		switch b[0] {
		case childArmed:
			arm()
		case childProcRefused:
			c.warn("mewsandbox: the kernel refused a /proc of the pid namespace (the host's /proc has mounts over parts of it): the command sees the host's processes in /proc")
		case childNetNSRefused:
			if n, err := s.specW.Read(b[:]); n == 1 && err == nil {
				c.warn("mewsandbox: not enforced: " + netnsRefused(syscall.Errno(b[0])))
			}
		case childEnded:
			if n, err := s.specW.Read(b[:]); n == 1 && err == nil {
				p.ended <- int(b[0]) // once: init exits next
			}
		}
	}
}

// settle records the caller's decision, the first time.
func (s *spawning) settle(run bool) {
	s.decide.Do(func() {
		s.approved = run
		close(s.decided)
	})
}

// handOver prepares the spec and sends it, once, in a goroutine of its own;
// handedOver is done when it is. A failure is kept in prepErr, for Run.
func (s *spawning) handOver(c *Cmd) {
	s.handing.Do(func() {
		s.handedOver.Go(func() { s.sp, s.prepErr = s.prepareAndSend(c) })
	})
}

// prepareAndSend works out the spec (prepare), and once the child has
// started, completes it for that child and sends it.
func (s *spawning) prepareAndSend(c *Cmd) (*spec, *StageError) {
	GrowStack() // the layer's plan goes deep (see GrowStack)
	s.tmpMade.Wait()
	tmp := s.tmp
	sp, warnings, serr := c.prepare(&tmp, true)
	s.tmp = tmp
	for _, w := range warnings {
		c.warn(w)
	}
	if serr != nil {
		return sp, serr
	}
	// Sockets given as stdio or passed, which no socket() made in the
	// sandbox: the child has the runner's descriptors, but not the spec.
	// Their state first, which the checks and the command may change.
	s.handed = c.noteHanded()
	notEnforced, serr := c.checkInheritedSockets(c.Policy, probeKernel().restrictsTCP())
	if serr != nil {
		return sp, serr
	}
	for _, m := range notEnforced {
		c.warn("mewsandbox: not enforced on this kernel: " + m)
	}
	<-s.launch.ready
	if s.launch.pid() == 0 {
		return sp, nil // it did not start; Run reports why
	}
	mountNS, pidNS, ipcNS := s.namespaced()
	if fb := s.launch.fellBack; fb != nil && sp.layer != nil {
		if !mountNS {
			// The namespaces were refused: what the layer protects would
			// not be. Strict runs stop here; best effort says so.
			msg := fmt.Sprintf("the kernel refused the namespace layer (%v): %s", fb, WithoutNamespaces)
			if !sp.BestEffort {
				return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --no-namespaces runs with Landlock and seccomp alone, --best-effort runs and says so", msg)
			}
			c.warn("mewsandbox: not enforced: " + msg)
			// What the layer would have protected is undone after the
			// run instead, as under --no-namespaces.
			// The layer's locks, which the snapshot's would take for
			// another run's, go first.
			sp.layer.unlockEarly()
			sp.unlayered = planUnlayered(c.Policy, c.dirOrWd())
			if sp.layer.tmp != "" {
				// The child cannot make the private temp dir: the host
				// has it then.
				if sp.Ruleset != nil {
					sp.Ruleset.Close()
				}
				sp, _, serr = c.prepare(&tmp, false) // its warnings were said above
				if sp != nil {
					sp.layer.unlockEarly() // no layer: the snapshot's hold
				}
				s.tmp = tmp
				if serr != nil {
					return sp, serr
				}
			}
		} else {
			if !pidNS {
				c.warn(fmt.Sprintf("mewsandbox: the kernel refused a pid namespace (%v): the command sees the host's processes", fb))
			}
			if !ipcNS {
				c.warn(fmt.Sprintf("mewsandbox: the kernel refused an IPC namespace (%v): System V IPC stays refused", fb))
			}
		}
	}
	// The filter was built for the layer's IPC and pid namespaces
	// (prepare).
	if serr := sp.withoutNamespaces(!ipcNS, !pidNS, !mountNS); serr != nil {
		return sp, serr
	}
	if held := c.Policy.holdsKernelDirsWithout(mountNS); len(held) > 0 {
		// Landlock cannot take them out of the grant: only the layer's
		// read-only mounts keep them from being written.
		msg := "a write grant holds " + strings.Join(held, ", ") + ", which only the namespace layer keeps read-only (a root command could set /proc/sys/kernel/core_pattern, run as root on the host, or write a disk): grant the directories the command needs instead"
		if !sp.BestEffort {
			return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --best-effort runs and says so", msg)
		}
		c.warn("mewsandbox: not enforced: " + msg)
	}
	if held := kernelMountsHeldWithout(mountNS, sp.execRules); len(held) > 0 {
		if len(held) > 4 {
			held = append(held[:4:4], fmt.Sprintf("%d more", len(held)-4))
		}
		msg := "a grant holds " + strings.Join(held, ", ") + ", the kernel's interfaces or devices under another name than /proc, /sys or /dev, which only the namespace layer keeps read-only and without devices (a root command could set the kernel's settings, run as root on the host, or read and write a disk): grant the directories the command needs instead"
		if !sp.BestEffort {
			return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --best-effort runs and says so", msg)
		}
		c.warn("mewsandbox: not enforced: " + msg)
	}
	if sp.unlayered != nil && len(sp.unlayered.tooMuch) > 0 {
		msg := "without the namespace layer, what it would protect is recorded to be put back after the run, but not " + strings.Join(sp.unlayered.tooMuch, "; ")
		if !sp.BestEffort {
			return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --best-effort runs and says so", msg)
		}
		c.warn("mewsandbox: not enforced: " + msg + ": a change there may not be undone")
	}
	s.unlayered = sp.unlayered
	if s.unlayered != nil {
		s.ways, s.moduleDirs, s.todos = s.unlayered.ways, s.unlayered.moduleDirs, s.unlayered.todos
	}
	if s.unlayered != nil && sharerPid() > 0 {
		// For a runner killed before it compares the snapshot: its
		// encoding stays in the memory the sharer shares, which writes it
		// out for the process it starts then (handover_linux.go), and the
		// ways go with that process's arguments, as the layer's. Handed
		// once the spec is on its way, as the layer's work is below.
		enc := s.unlayered.encode()
		if ok, limit := afterKilledFits(afterKilledArgs(c.Policy.Root, nil, nil, plannedFound{}, s.ways, s.todos, nil, s.moduleDirs, enc, 0)); !ok {
			return sp, stageErr(StageNamespaces, StatusSandbox, "the work after the run, should the runner be killed meanwhile (%d git directories to look in, %d ways to put back, %d modules beside hooks' Python scripts), does not fit the %s the process sharing the runner's memory holds for it: a killed runner would leave what the command changed there; run in a root with fewer submodules' git directories (.git/modules) or fewer modules beside a hook's script, or at a shorter path", len(s.todos), len(s.ways), moduleCount(s.moduleDirs), limit)
		}
		sharerSnapshot(enc)
		defer func() {
			own := 0
			if s.launch.adopted == 0 {
				own = s.launch.pid()
			}
			sharerAfterKilled(afterKilledArgs(c.Policy.Root, nil, nil, plannedFound{}, s.ways, s.todos, nil, s.moduleDirs, enc, own))
		}()
	}
	if mountNS && sp.layer != nil && len(sp.layer.unhidden) > 0 {
		msg := "the namespace layer cannot hide " + strings.Join(sp.layer.unhidden, "; ")
		if !sp.BestEffort {
			return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --best-effort runs and says so", msg)
		}
		c.warn("mewsandbox: not enforced: " + msg)
	}
	if mountNS && sp.layer != nil && len(sp.layer.unprotected) > 0 {
		msg := "the namespace layer cannot protect " + strings.Join(sp.layer.unprotected, "; ")
		if !sp.BestEffort {
			return sp, stageErr(StageNamespaces, StatusSandbox, "%s; --best-effort runs and says so", msg)
		}
		c.warn("mewsandbox: not enforced: " + msg)
	}
	if mountNS && sp.layer != nil {
		// Placeholders are made on the host: not before the caller has
		// decided to run the command (see Prepare).
		// Held before anything of the command's runs: a run without the
		// layer planned while it goes on then trusts nothing it records.
		late, overlapped := lockDirs(afterEarly(sp.layer.locked, sp.layer.earlyDirs()))
		s.locks, overlapped = append(sp.layer.early, late...), overlapped || sp.layer.earlyHeld
		ps, err := sp.layer.materialize(func() bool { <-s.decided; return s.approved })
		if errors.Is(err, errDiscarded) {
			return sp, stageErr(StageSpec, StatusSandbox, "the run was discarded")
		} else if err != nil {
			return sp, &StageError{Stage: StageNamespaces, Status: StatusSandbox, Err: err}
		}
		s.placeholders, s.warn = ps, c.warn
		s.audited, s.unmade, s.ways, s.todos, s.nested, s.programs = sp.layer.audited, sp.layer.unmade, sp.layer.ways, sp.layer.todos, sp.layer.nested, sp.layer.programs
		s.moduleDirs, s.held, s.found = sp.layer.moduleDirs, sp.layer.held, sp.layer.found
		if overlapped {
			distrustPlans(s.todos, s.moduleDirs, &s.found, sp.layer.since, sp.layer.sinceNsec)
		}
		if ok, limit := afterKilledFits(afterKilledArgs("", s.audited, s.unmade, s.found, s.ways, s.todos, s.nested, s.moduleDirs, nil, 0)); !ok {
			// Handed over in part, or not at all, it would be lost to a
			// killed runner: what the command planted there would stay.
			return sp, stageErr(StageNamespaces, StatusSandbox, "the work after the run, should the runner be killed meanwhile (%d git directories to look in, %d protected paths missing, %d ways to put back, %d modules beside hooks' Python scripts), does not fit the %s the process sharing the runner's memory holds for it: a killed runner would leave what the command planted there; run in a root with fewer submodules' git directories (.git/modules) or fewer modules beside a hook's script, or at a shorter path", len(s.todos), len(s.unmade), len(s.ways), moduleCount(s.moduleDirs), limit)
		}
		// For a runner killed before it looks, handed over once the spec
		// is on its way (before the go, which waits for this function):
		// the sharer's own child (adopted) is gone before it starts that
		// process; another is waited for there.
		defer func() {
			own := 0
			if s.launch.adopted == 0 {
				own = s.launch.pid()
			}
			sharerAfterKilled(afterKilledArgs("", s.audited, s.unmade, s.found, s.ways, s.todos, s.nested, s.moduleDirs, nil, own))
		}()
		s.configWatch = watchConfig(sp.layer.gitConfigs)
		// With a pid namespace, the child's end is everything's in it:
		// the helper may then release after a runner's death too, told by
		// the child's pidfd, taken now, before the child has the spec
		// and can fail with it.
		var child *os.File
		if pidNS {
			if fd, err := unix.PidfdOpen(s.launch.pid(), 0); err == nil {
				child = os.NewFile(uintptr(fd), "pidfd")
			}
		}
		// The release helper starts once the spec is on its way: its
		// start (a look at the marks in /proc, a fork and an execve)
		// then overlaps the child's mounts instead of delaying them.
		defer ps.handToHelper(child)
		// Without a pid namespace the child skips the step for its /proc.
		sp.Mounts = sp.layer.steps
		sp.NetNS = c.Policy.OwnNetwork()
		if pidNS {
			sp.PidNS, sp.Forward = true, initForwards(s.tty)
			armed := make(chan struct{})
			s.launch.p.setPidNS(armed)
			go s.listen(c, s.launch.p, armed)
		} else if sp.NetNS && sp.BestEffort {
			// Not init, but its network namespace may be refused: the
			// warning comes on the spec socket as init's would.
			s.launch.p.setHeard()
			go s.listen(c, s.launch.p, make(chan struct{}))
		}
	}
	// The run's cgroup: made while the child applies the spec, before the
	// go; but first where the filter leaves System V IPC open under
	// --limit-mem: RLIMIT_AS alone does not count segments filled and
	// detached (five of 32 MiB kept 160 MiB under --limit-mem 64M), and
	// only making the cgroup tells whether it holds memory.max (its
	// runner's cgroup may hold processes of its own, EBUSY); without it
	// the filter refuses them again.
	var g *runCgroup
	var cgErr error
	cgroupMade := false
	makeCgroup := func() {
		g, cgErr = newRunCgroup(c.Policy.Limits, sp.PidNS)
		if g != nil {
			if aerr := g.add(s.launch.pid()); aerr != nil {
				g.remove()
				g, cgErr = nil, errors.Join(cgErr, aerr)
			}
		}
		s.cgroup, cgroupMade = g, true
	}
	if sp.filter.AllowSysVIPC && c.Policy.Limits.Mem > 0 {
		makeCgroup()
		if serr := sp.sysVIPCCounted(c.Policy.Limits.Mem, g); serr != nil {
			return sp, serr
		}
	}
	for _, sig := range caughtSignals(s.tty) {
		sp.ResetSignals |= 1 << (sig.(syscall.Signal) - 1)
	}
	for i, f := range s.pass {
		sp.Pass = append(sp.Pass, fdMove{From: 5 + i, To: c.PassFDs[i]})
		f.Close()
	}
	b, err := sp.marshal()
	if err == nil {
		// The child reads the whole spec before anything else, so this
		// cannot deadlock however large the spec is. It then restricts
		// itself and waits for the go (start).
		err = sendSpec(s.specW, b, sp.Ruleset)
	}
	if err != nil {
		if childGone(err) {
			if serr := s.childsReason(); serr != nil {
				return sp, serr
			}
		}
		return sp, stageErr(StageSpec, StatusSandbox, "handing the spec to the child: %w", err)
	}
	if !cgroupMade {
		makeCgroup()
	}
	if cgErr != nil {
		c.warn("mewsandbox: " + strings.ReplaceAll(cgErr.Error(), "\n", "; "))
	}
	// The run may end when init says the namespace has (child.ended),
	// unless its cgroup, which init leaves last, is to be read and removed
	// after it, or output is still to be copied.
	s.launch.p.endsEarly = sp.PidNS && g == nil && !s.launch.copies()
	return sp, nil
}

// cleanUp waits for the hand-over and removes what it made: the ruleset's
// descriptor, the private temp dir and the placeholders, and puts back
// the state of the caller's pipes and sockets (restore). The child must be
// gone: its mounts on the placeholders are, with it, and with a pid
// namespace every process of the command's.
func (s *spawning) cleanUp() {
	s.handedOver.Wait()
	if !s.went.Load() {
		// Handed over after start's look (a child that failed before the
		// go): nothing of the command's ran, nothing to look at.
		sharerAfterKilled(nil)
	}
	s.tmpMade.Wait()
	s.fg.restore()
	s.term.restore()
	s.unpin()
	s.placeholders.release(s.warn)
	restore(s.handed, !s.went.Load() || s.sp != nil && s.sp.PidNS)
	s.cgroup.remove()
	if s.sp != nil && s.sp.Ruleset != nil {
		s.sp.Ruleset.Close()
	}
	if s.tmp != "" {
		if err := removePrivateTmp(s.tmp); err != nil {
			s.tmpWarn(fmt.Sprintf("mewsandbox: the private temp dir %s could not be removed: %v", s.tmp, err))
		}
	}
}

// spawnChild sets up the start of the sandbox child, without starting it
// (or adopts the one started already, see adopt).
func (c *Cmd) spawnChild() *spawning {
	s := &spawning{tty: isTerminal(c.Stdin), decided: make(chan struct{}), tmpWarn: c.warn}
	if s.tty {
		s.fg = takeForeground(c.Stdin)
		s.term = takeTermSettings(c.Stdin)
	}
	if s.adopt(c) {
		return s
	}
	// A socket, not a pipe: the Landlock ruleset travels with the spec.
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		s.err = stageErr(StageFDs, StatusSandbox, "spec socket: %w", os.NewSyscallError("socketpair", err))
		return s
	}
	s.specR = os.NewFile(uintptr(pair[0]), "spec")
	unix.SetNonblock(pair[1], true) // as takePrefork's
	s.specW = os.NewFile(uintptr(pair[1]), "spec")
	s.statusR, s.statusW, err = os.Pipe()
	if err != nil {
		s.close()
		s.err = stageErr(StageFDs, StatusSandbox, "status pipe: %w", err)
		return s
	}
	// Copies, so that closing them after the start leaves the caller's.
	for _, fd := range c.PassFDs {
		if fd < 3 {
			s.close()
			s.err = stageErr(StageFDs, StatusSandbox, "passing descriptor %d: stdin, stdout and stderr are the command's already", fd)
			return s
		}
		dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 3)
		if err != nil {
			s.close()
			s.err = stageErr(StageFDs, StatusSandbox, "passing descriptor %d: %w", fd, os.NewSyscallError("fcntl", err))
			return s
		}
		s.pass = append(s.pass, os.NewFile(uintptr(dup), "passed"))
	}
	newCmd := func(attr *syscall.SysProcAttr) *osexec.Cmd {
		attr.Setsid = !s.tty
		attr.Pdeathsig = syscall.SIGKILL
		return &osexec.Cmd{
			Path:   "/proc/self/exe",
			Args:   []string{"mewsandbox", childArg},
			Env:    childEnv,
			Dir:    c.Dir,
			Stdin:  c.Stdin,
			Stdout: c.Stdout,
			Stderr: c.Stderr,
			// os/exec places ExtraFiles[i] at fd 3+i: the spec arrives on
			// fd 3, failures leave on fd 4, passed descriptors wait from
			// 5 on.
			ExtraFiles:  append([]*os.File{s.specR, s.statusW}, s.pass...),
			SysProcAttr: attr,
			WaitDelay:   waitDelay,
		}
	}
	if c.Policy.NoNamespaces {
		s.launch = newLaunch(newCmd(&syscall.SysProcAttr{}), s.tty)
		return s
	}
	// The namespace layer; without a pid or an IPC namespace (refused
	// where they are limited); and without it (the kernel refused the
	// namespaces) the child all the same.
	attrs := namespaceAttrs()
	s.launch = newLaunch(newCmd(attrs[0]), s.tty)
	for _, a := range attrs[1:] {
		s.launch.fallback = append(s.launch.fallback, newCmd(a))
	}
	s.launch.fallback = append(s.launch.fallback, newCmd(&syscall.SysProcAttr{}))
	return s
}

// adopt takes the sandbox child the CLI's entry point or constructor
// started for "mewsandbox run", before the Go runtime (child_linux.c's
// maybe_prefork), in a mount and a pid namespace (inside a user namespace
// unless root), or in none with --no-namespaces, with the runner's stdio
// and working directory, if this run is one it fits; a child that does not
// fit is killed. Its start then overlapped the runtime's.
func (s *spawning) adopt(c *Cmd) bool {
	pid, spec, status := takePrefork()
	if pid == 0 {
		restoreDumpable()
		return false
	}
	// One that failed (its user namespace's mapping refused, say) leaves
	// the run to a child of its own, with the fallbacks.
	if !c.fitsPrefork(preforkNamespaced()) || !preforkUp(spec, preforkEnded) {
		spec.Close()
		status.Close()
		unix.Kill(pid, unix.SIGKILL) // the sharer reaps it
		preforkKilled.Store(true)
		restoreDumpable()
		return false
	}
	// No os.Process: os.FindProcess first probes the kernel's pidfd
	// support with a fork of its own (≈50 µs, measured).
	s.specW, s.statusR = spec, status
	s.launch = newLaunch(&osexec.Cmd{}, s.tty)
	s.launch.adopted = pid
	s.launch.adoptedNS = preforkNamespaced()
	return true
}

// preforkKilled says adopt killed the pre-forked child, which did not fit
// the run: EndPrefork waits for its end.
var preforkKilled atomic.Bool

// EndPrefork sees that nothing the CLI's entry point or constructor started
// for "mewsandbox run" (child_linux.c's maybe_prefork) holds the caller's
// descriptors once the runner exits: a pre-forked child no run took (the
// runner exits before Prespawn: a usage error, say) is killed, and it and
// one adopt killed are waited for; the process sharing the runner's
// memory has closed its copies. The CLI calls it as it exits. A run that
// took the child leaves nothing to wait for, and neither does a process
// with no child pre-forked (no cost). Without it, a runner that exited on
// a usage error left the pre-forked child, and the sharer yet to be
// scheduled, holding the caller's stdout after it was reaped (78-97 runs
// of 200 at a load of 30, for up to 0.16 s). A usage error now returns
// once the child has ended: 2.6 ms later at the median (ab.py, 300
// rounds, load 9); a run, no later.
func EndPrefork() {
	if pid, spec, status := takePrefork(); pid > 0 {
		spec.Close()
		status.Close()
		unix.Kill(pid, unix.SIGKILL)
		preforkWait()
	} else if preforkKilled.Load() {
		preforkWait()
	}
	sharerSettled()
}

// restoreDumpable makes the runner dumpable again, as it started, when a
// pre-forked child that shared its memory made it undumpable
// (child_linux.c's sharer) and goes unused: once that child is gone, so
// that the runner can run itself (/proc/self/exe) in a user namespace for
// a child of its own.
func restoreDumpable() {
	if undumpable, was := preforkUndumpable(); undumpable && was {
		preforkWait()
		unix.Prctl(unix.PR_SET_DUMPABLE, 1, 0, 0, 0)
	}
}

// preforkUp says whether the pre-forked child set itself up: it says "r"
// on its spec socket once it has (its namespaces, their mapping), or dies
// (ended). Started before the Go runtime, it normally has by now; a slow
// one is waited for a little, then taken as it is if still alive.
func preforkUp(spec *os.File, ended func() bool) bool {
	raw, err := spec.SyscallConn()
	if err != nil {
		return false
	}
	up := false
	// Not spec.Fd(): that would make the socket blocking again.
	raw.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			n, err := unix.Poll(fds, 20)
			if err == unix.EINTR {
				continue
			}
			if err == nil && n == 1 {
				var b [1]byte
				got, _, err := unix.Recvfrom(int(fd), b[:], unix.MSG_PEEK|unix.MSG_DONTWAIT)
				up = err == nil && got == 1 && b[0] == childArmed
				return
			}
			up = !ended()
			return
		}
	})
	return up
}

// fitsPrefork says whether the pre-forked child, namespaced or not, fits
// c's run: the namespace layer as c's policy has it, no passed
// descriptors, the runner's own stdio (the CLI's) and working directory.
func (c *Cmd) fitsPrefork(namespaced bool) bool {
	isFD := func(f any, fd uintptr, orNil bool) bool {
		if f == nil {
			return orNil
		}
		file, ok := f.(*os.File)
		return ok && file != nil && file.Fd() == fd
	}
	if c.Policy.NoNamespaces == namespaced || len(c.PassFDs) > 0 || !isFD(c.Stdin, 0, false) || !isFD(c.Stdout, 1, true) || !isFD(c.Stderr, 2, true) {
		return false
	}
	if c.Dir == "" {
		return true
	}
	dir, err := os.Stat(c.Dir)
	here, herr := os.Stat(".")
	return err == nil && herr == nil && os.SameFile(dir, here)
}

// namespaceAttrs are the ways to start the child with the layer, best
// first: in a mount, a pid and an IPC namespace (namespaceAttr), then,
// where pid or IPC namespaces are refused (a limit of 0 in
// /proc/sys/user, a kernel without them), without the one, the other, or
// both.
func namespaceAttrs() []*syscall.SysProcAttr {
	full := namespaceAttr()
	var attrs []*syscall.SysProcAttr
	for _, drop := range []uintptr{0, syscall.CLONE_NEWPID, syscall.CLONE_NEWIPC, syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC} {
		a := *full
		a.Cloneflags &^= drop
		attrs = append(attrs, &a)
	}
	return attrs
}

// namespaceAttr starts the child in a mount namespace of its own: as root
// directly, otherwise in a user namespace that maps only the caller's uid
// and gid (setgroups refused), where it may mount. There the child is not
// uid 0, so its capabilities would not survive its own execve: it keeps
// CAP_SYS_ADMIN (for the mounts) and CAP_SETPCAP (to empty the bounding
// set) as ambient capabilities, and drops them with every other before the
// command runs. It is in a pid namespace too, and an IPC namespace, where
// the System V objects it can reach are its own (seccomp lets it use them:
// Policy.seccompConfig).
func namespaceAttr() *syscall.SysProcAttr {
	if os.Geteuid() == 0 {
		return &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC}
	}
	return &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: os.Geteuid(), HostID: os.Geteuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: os.Getegid(), HostID: os.Getegid(), Size: 1}},
		AmbientCaps: []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_SETPCAP},
	}
}

// namespaced reports whether the child started in a mount namespace of
// its own (and so with the layer), and whether in a pid and an IPC
// namespace too.
func (s *spawning) namespaced() (mount, pid, ipc bool) {
	if s.launch.adopted != 0 {
		ns := s.launch.adoptedNS // see maybe_prefork
		return ns, ns, ns
	}
	a := s.launch.cmd.SysProcAttr
	if s.launch.fallback == nil || a == nil {
		return false, false, false
	}
	return a.Cloneflags&syscall.CLONE_NEWNS != 0, a.Cloneflags&syscall.CLONE_NEWPID != 0, a.Cloneflags&syscall.CLONE_NEWIPC != 0
}

// close closes the parent's ends of the child's descriptors.
func (s *spawning) close() {
	s.configWatch.close()
	for _, f := range append([]*os.File{s.specR, s.specW, s.statusR, s.statusW}, s.pass...) {
		if f != nil {
			f.Close()
		}
	}
}

// start starts the child (unless Prespawn did), prepares the spec beside
// it, since a start is the longest step of a run, and hands it over. Until
// it has the spec the child only waits for it; if preparing fails, the
// child is killed without having done anything.
func (c *Cmd) start(ctx context.Context) (status int, serr *StageError) {
	s := c.pre
	c.pre = nil
	if s == nil {
		s = c.spawnChild()
	}
	if s.err != nil {
		return 0, s.err
	}
	defer s.close()
	defer s.cleanUp()
	// Once the command has ended: git's own message for the read-only
	// config ("Device or resource busy") does not say what to do.
	defer func() {
		if s.went.Load() {
			for _, config := range s.configWatch.tried() {
				s.warn(configMessage(config, status == 0 && serr == nil))
			}
		}
	}()
	// Once the command has failed: in a shared repository, or after git
	// init --shared, git's own message for the refused set-group-ID bit
	// does not say why; nor does a refused unix socket, hook or /tmp
	// write (failHints).
	defer func() {
		if s.went.Load() && status != 0 && serr == nil {
			layer, _, _ := s.namespaced()
			if v := sharedRepository(c.Policy.Root); v != "" {
				c.warn(sharedRepositoryMessage(c.Policy.Root, v))
			} else if git := unfinishedInit(c.Policy.Root, c.Dir); git != "" {
				c.warn(unfinishedInitMessage(git, layer))
			}
			traced := s.sp == nil || s.sp.Seccomp == nil || s.sp.filter.AllowPtrace
			for _, m := range failHints(c.Args, c.Policy, layer, traced) {
				c.warn(m)
			}
			for _, m := range programHints(c.Args, c.Policy.Root, s.programs) {
				c.warn(m)
			}
			for _, m := range heldHints(c.Args, c.Policy.Root, s.held, s.programs) {
				c.warn(m)
			}
			_, err := os.Lstat(filepath.Join(c.Policy.Root, ".git"))
			if m := gitCleanHint(c.Args, s.placeholders.standIns(c.Policy.Root), err == nil); m != "" {
				c.warn(m)
			}
		}
	}()
	// Once the command has ended (supervise returns after the child, or
	// its init, has reaped everything in the pid namespace), before the
	// placeholders go: a commondir it planted, a protected path it made,
	// exec lines it added to a todo list, or a directory on the way to a
	// protected path it made writable by others, fails the run, however
	// the command ended.
	defer func() {
		defer unlockDirs(s.locks)
		if !s.went.Load() {
			sharerAfterKilled(nil)
			sharerSnapshot(nil)
			return
		}
		ownerBitsBack(s.ways)
		found := append(append(movePlanted(s.audited), moveUnmade(s.unmade)...), moveReplanted(s.found)...)
		found = append(found, checkAllTodos(s.todos)...)
		found = append(found, checkNested(s.nested)...)
		found = append(found, s.unlayered.check()...)
		found = append(found, checkModuleDirs(s.moduleDirs)...)
		ways := restoreWayModes(s.ways)
		sharerAfterKilled(nil)
		sharerSnapshot(nil)
		if len(ways) > 0 {
			found = append(append(found, ways...), wayModesAdvice)
		}
		if len(found) > 0 {
			status, serr = StatusSandbox, plantedError(found)
		}
	}()
	// Preparing runs beside the child's start, on the other core when
	// there is one (unless Prepare has done it already).
	s.settle(true)
	s.handOver(c)

	report := make(chan []byte, 1)
	x, serr := c.supervise(ctx, s.launch, s.tty, func(_ *child, caught func()) *StageError {
		s.specR.Close()
		s.statusW.Close()
		s.handedOver.Wait()
		if s.prepErr != nil {
			return s.prepErr
		}
		// From the go on the command may run: a signal must find the
		// runner catching it, not killed by it.
		caught()
		// A file changed in the plan's tick of the coarse clock, before
		// it, is then not taken for the command's (changeClockNsec).
		waitPastPlans(s.todos, s.nested, s.moduleDirs, &s.found)
		// The socket stays open until the run ends: the child's "r" may
		// still be on its way (see setPidNS).
		_, err := s.specW.Write([]byte{'g'})
		s.went.Store(err == nil)
		if err != nil {
			// Gone already: the child's own reason, if it gave one,
			// says more than the closed socket.
			if childGone(err) {
				if serr := s.childsReason(); serr != nil {
					return serr
				}
			}
			return stageErr(StageSpec, StatusSandbox, "telling the child to start the command: %w", err)
		}
		go func() {
			b, _ := io.ReadAll(s.statusR)
			// The child has execve'd or is gone: past its mounts, and
			// the runner no longer shares its memory with it.
			s.unpin()
			oomRunner()
			report <- b
		}()
		return nil
	})
	if s.cgroup != nil {
		c.LimitsHit = s.cgroup.hits()
	}
	switch {
	case serr != nil:
		return 0, serr
	case x.startErr != nil:
		return 0, stageErr(StageExec, StatusSandbox, "starting the sandbox child: %w", x.startErr)
	}
	if b := <-report; len(b) > 0 {
		return 0, s.explain(decodeReport(b))
	}
	return x.status()
}

// unpin releases the nested mounts the plan held for the child
// (mountPins): it is past its mounts, or will not make them.
func (s *spawning) unpin() {
	if s.sp != nil && s.sp.layer != nil {
		s.sp.layer.unpin()
	}
}

// decodeReport is the sandbox child's failure report b as an error.
func decodeReport(b []byte) *StageError {
	var w wireError
	if err := json.Unmarshal(b, &w); err != nil || w.Stage == "" || w.Status == 0 {
		return stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): unreadable report from the sandbox child: %q", b)
	}
	return &StageError{Stage: w.Stage, Status: w.Status, Err: w.err()}
}

// childGone says whether err, from writing to the spec socket, means the
// child has closed its end: it is gone.
func childGone(err error) bool {
	return errors.Is(err, unix.EPIPE) || errors.Is(err, unix.ECONNRESET)
}

// childsReason reads the report of a child known to be gone (its spec
// socket closed): why it failed, or nil if it said nothing. The status
// pipe ends with the child; a second bounds the wait all the same.
func (s *spawning) childsReason() *StageError {
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(s.statusR)
		got <- b
	}()
	select {
	case b := <-got:
		if len(b) > 0 {
			return decodeReport(b)
		}
	case <-time.After(time.Second):
	}
	return nil
}

// childEnv is the sandbox child's environment: empty, the command's own
// travels in the spec, so nothing (LD_PRELOAD…) reaches the child's C
// start-up code.
var childEnv = []string{}

// sendSpec writes b to the spec socket, the ruleset's descriptor (if any)
// with its first bytes.
func sendSpec(sock *os.File, b []byte, ruleset *os.File) error {
	raw, err := sock.SyscallConn()
	if err != nil {
		return err
	}
	var oob []byte
	if ruleset != nil {
		oob = unix.UnixRights(int(ruleset.Fd()))
	}
	var serr error
	err = raw.Write(func(fd uintptr) bool {
		for len(b) > 0 {
			n, err := unix.SendmsgN(int(fd), b, oob, nil, unix.MSG_NOSIGNAL)
			switch {
			case err == unix.EINTR:
				continue
			case err == unix.EAGAIN:
				return false // the poller waits for room
			case err != nil:
				serr = os.NewSyscallError("sendmsg", err)
				return true
			}
			b, oob = b[n:], nil
		}
		return true
	})
	runtime.KeepAlive(ruleset)
	if err != nil {
		return err
	}
	return serr
}

// spawn starts cmd from one locked OS thread and keeps that thread until
// the child is reaped. Pdeathsig fires when the thread that forked the child
// exits, and a thread exits when a goroutine locked to it ends: keeping this
// goroutine locked until then keeps the thread alive exactly that long, so
// the command dies with the runner and never with an unrelated goroutine.
//
// The waiting itself is await's, in a goroutine of its own: this one only
// parks on a channel, which hands its processor to the goroutine it has just
// woken at once (a locked goroutine blocked in a system call keeps it until
// the runtime's monitor takes it back, up to milliseconds later).
func (p *child) spawn(l *launch) {
	if l.adopted != 0 {
		p.adopt(l)
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	reaperEnter()
	cmd := l.cmd
	err := cmd.Start()
	for _, fb := range l.fallback {
		if err == nil {
			break
		}
		if l.fellBack == nil {
			l.fellBack = err
		}
		cmd = fb
		l.cmd = cmd
		err = cmd.Start()
	}
	close(l.ready)
	if err != nil {
		reaperExit(0, false)
		l.started <- err
		return
	}
	reaperStarted(cmd.Process.Pid)
	p.pid = cmd.Process.Pid
	reaped := make(chan struct{})
	go func() {
		defer close(reaped)
		l.done <- p.await(cmd.Process.Pid, cmd.Wait)
	}()
	l.started <- nil
	<-reaped
}

// adopt is spawn for a child started already (spawning.adopt): not the
// runner's own, but the child of the process that shares its memory
// (child_linux.c's sharer), which says how it ended, keeps its pid until
// the runner is gone, and kills it if the runner dies. Under the layer it
// is the pid namespace's first process: what it started ends with it.
// Without, the sharer is the nearest child subreaper above it and kills
// what the command left before it says the child ended (the runner's own
// reaper, as await's, finds nothing then, unless the sharer could not
// read its children).
func (p *child) adopt(l *launch) {
	reaperEnter()
	reaperStarted(l.adopted)
	p.pid = l.adopted
	close(l.ready)
	l.started <- nil
	awaitExit(l.adopted)
	l.ws = preforkWait()
	p.exit()
	reaperExit(l.adopted, p.session)
	l.done <- nil
}

// awaitExit parks until process pid has exited, in the runtime's poller
// (on a pidfd), not in a blocking call: a goroutine blocked in a system
// call or in C keeps its processor until the runtime's monitor takes it
// back, and this one waits from the child's start, while the runner plans
// on both (measured: 0.1 to 0.3 ms of a run). It returns at once where no
// pidfd can be had or polled; the caller's wait then blocks as before.
func awaitExit(pid int) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	// Read calls exited, and while it says no, waits for the pidfd to be
	// readable (the process has exited); a pidfd the poller does not take
	// makes Read fail at once.
	rc.Read(func(fd uintptr) bool {
		p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(p, 0)
		return err != unix.EINTR && (err != nil || n > 0)
	})
}

// await waits for the child pid to exit, kills what is left of the command
// (see reaper) and reaps the child with wait.
func (p *child) await(pid int, wait func() error) error {
	// Wait for the exit without reaping: the zombie holds the pid, and so the
	// process group id, while the group's stragglers are killed.
	awaitExit(pid)
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	p.exit()
	// Descendants that left the group (setsid) and were orphaned to the
	// runner, a subreaper while runs are in progress, go the same way.
	reaperExit(pid, p.session)
	return wait()
}

// ownCapabilities are the runner's permitted capabilities, as a mask.
func ownCapabilities() uint64 {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return 0
	}
	return uint64(data[0].Permitted) | uint64(data[1].Permitted)<<32
}

// toAll is child_linux.h's MEWS_TO_ALL.
const toAll = 1

// queueToAll asks init, the sandbox child at pid, to pass sig on to every
// process of its pid namespace: sig queued (SI_QUEUE) with the value
// child_linux.c's MEWS_TO_ALL, which a plain kill cannot carry.
func queueToAll(pid int, sig syscall.Signal) error {
	const siQueue = 0xffffffff // SI_QUEUE, -1
	// The 64-bit siginfo_t: signo, errno, code at 0, 4, 8; pid, uid, value
	// at 16, 20, 24. The kernel sets the pid to 0 for init, in a namespace
	// below ours; the uid is checked.
	var info [128]byte
	binary.NativeEndian.PutUint32(info[0:], uint32(sig))
	binary.NativeEndian.PutUint32(info[8:], siQueue)
	binary.NativeEndian.PutUint32(info[16:], uint32(os.Getpid()))
	binary.NativeEndian.PutUint32(info[20:], uint32(os.Getuid()))
	binary.NativeEndian.PutUint32(info[24:], uint32(toAll))
	_, _, e := unix.Syscall(unix.SYS_RT_SIGQUEUEINFO, uintptr(pid), uintptr(sig), uintptr(unsafe.Pointer(&info)))
	if e != 0 {
		return e
	}
	return nil
}

// initForwards are the signals the pid namespace's init passes on to the
// command: those the runner relays to the child alone (see supervise and
// child.signal). Job control signals go to the whole process group, and on
// a terminal so do those the terminal itself sends: the command gets
// them directly.
func initForwards(tty bool) uint64 {
	var m uint64
	for _, sig := range caughtSignals(tty) {
		s := sig.(syscall.Signal)
		if s == unix.SIGTSTP || s == unix.SIGCONT || tty && ttyGenerated(s) {
			continue
		}
		m |= 1 << (s - 1)
	}
	return m
}
