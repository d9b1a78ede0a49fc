//go:build linux || darwin

package exec

import (
	"context"
	"errors"
	"io"
	"os"
	osexec "os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// What the runners share: relaying signals, the timeout and its grace, the
// context, and turning a wait status into an exit status. Each OS starts
// and waits for its child its own way (child.spawn): on Linux the re-executed
// runner, on macOS sandbox-exec.

// waitDelay bounds how long Run waits for pipes (non-file Stdin, Stdout,
// Stderr) that an escaped descendant still holds after the command exited.
const waitDelay = 500 * time.Millisecond

// isTerminal reports whether r is a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok || f == nil {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), ioctlGetTermios)
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
// A bit per signal: a map allocated at every start where one was ignored
// (a background job of a script has SIGINT and SIGQUIT ignored).
var ignoredAtStart = func() (set uint64) {
	for _, s := range sessionSignals {
		if signal.Ignored(s) {
			set |= 1 << s.(syscall.Signal)
		}
	}
	return set
}()

// caughtSignals are the signals supervise catches and relays. A signal the
// runner was started with ignored (nohup, a shell's background job) stays
// ignored, for the command too: catching it would reset it to the default
// there.
func caughtSignals(tty bool) []os.Signal {
	list := sessionSignals
	if tty {
		list = forwardedSignals
	}
	out := make([]os.Signal, 0, len(list))
	for _, s := range list {
		if ignoredAtStart&(1<<s.(syscall.Signal)) == 0 {
			out = append(out, s)
		}
	}
	return out
}

func ttyGenerated(s syscall.Signal) bool {
	return s == unix.SIGINT || s == unix.SIGQUIT || s == unix.SIGWINCH
}

// child is the running sandbox child, as the parent sees it.
type child struct {
	session bool // it leads its own session (and process group)
	pidns   bool // it is init of a pid namespace, which passes signals on
	// armed, when not nil, is closed once the child has blocked signals
	// (or is gone): an init of a pid namespace drops a signal it has no
	// handler for, so signal waits for it.
	armed chan struct{}
	// ended, for the init of a pid namespace, receives the command's exit
	// status once init has killed and reaped everything else in the
	// namespace, just before it exits itself (child_linux.c's init_end).
	// With endsEarly the run ends there, while the kernel tears the
	// namespaces down: the reaping goes on beside (await; for a pre-forked
	// child, the sharer). Only when nothing of the child's stdio is copied
	// (launch.copies).
	ended     chan int
	endsEarly bool
	// heard, for the init of a pid namespace (or a child whose network
	// namespace may be refused, setHeard), is closed once all it said
	// has been read (run_linux.go's listen): a run that ends as the child
	// exits waits for it, so that a warning it sent is not lost. The
	// child's end of the socket is closed by then, so it comes at once.
	heard chan struct{}

	mu     sync.Mutex
	pid    int
	exited bool // exited and about to be reaped: its pid is no longer ours
}

// signal sends sig to the child, or to its whole process group when group is
// set and it has one of its own. It does nothing once the child has exited.
func (p *child) signal(sig syscall.Signal, group bool) {
	p.mu.Lock()
	armed := p.armed
	p.mu.Unlock()
	if armed != nil && sig != unix.SIGKILL {
		<-armed
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.exited {
		return
	}
	// The init of a pid namespace passes signals on (child_linux.c): to
	// the command, or queued with a mark, to every process in it. Job
	// control, and SIGKILL, which ends the whole namespace anyway, go to
	// the group. Should the queueing fail, init passes the plain signal on
	// to the command at least.
	viaGroup := sig == unix.SIGKILL || sig == unix.SIGSTOP || sig == unix.SIGTSTP || sig == unix.SIGCONT
	if p.pidns && group && !viaGroup {
		if queueToAll(p.pid, sig) != nil {
			_ = unix.Kill(p.pid, sig)
		}
		return
	}
	if group && p.session {
		_ = unix.Kill(-p.pid, sig)
		if sig != unix.SIGKILL {
			return
		}
		// A pre-forked child (spawning.adopt) makes its session itself:
		// until it has, its group is not there. The signals that wait for
		// armed find it made; SIGKILL goes to the child itself too.
	}
	// Unreaped (exited is set before the reaping, under mu), the pid is
	// still the child's.
	_ = unix.Kill(p.pid, sig)
}

// setPidNS records that the child is the init of a pid namespace, which
// has blocked signals once armed is closed.
func (p *child) setPidNS(armed chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pidns, p.armed, p.ended, p.heard = true, armed, make(chan int, 1), make(chan struct{})
}

// setHeard records that what the child says is listened to (listen), as
// for an init of a pid namespace: the run waits for it once the child ends.
func (p *child) setHeard() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.heard = make(chan struct{})
}

// exit kills what is left of the child's process group, when it has one of
// its own, and stops signal from sending anything more.
func (p *child) exit() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.session {
		_ = unix.Kill(-p.pid, unix.SIGKILL)
	}
	p.exited = true
}

// exit is how a supervised child ended.
type exit struct {
	startErr error // it did not start
	ws       syscall.WaitStatus
	reaped   bool // ws is the child's: Wait did not fail
	waitErr  error
	timedOut bool // the timeout or the context's deadline ended it
}

// status is the exit status of the run: 124 after a timeout, the child's
// own, or 128+N when signal N killed it.
func (x exit) status() (int, *StageError) {
	if x.timedOut {
		return StatusTimeout, nil
	}
	if !x.reaped {
		return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): waiting for the sandbox child: %v", x.waitErr)
	}
	ws := x.ws
	switch {
	case ws.Exited():
		return ws.ExitStatus(), nil
	case ws.Signaled():
		return 128 + int(ws.Signal()), nil
	}
	return 0, stageErr(StageExec, StatusSandbox, "BUG(mewsandbox): unexpected wait status %#x", ws)
}

// launch is a child being started: spawn runs once, in a goroutine of its
// own, and reports on started whether the child started, then on done how
// waiting for it ended.
type launch struct {
	cmd     *osexec.Cmd
	p       *child
	started chan error
	done    chan error
	once    sync.Once
	// fallback are started in turn when cmd cannot be (Linux namespaces
	// the kernel refuses); spawn makes the first that starts cmd and keeps
	// the first error in fellBack. Both are set before started is sent.
	fallback []*osexec.Cmd
	fellBack error
	// ready is closed once the start was tried, cmd (and fellBack) then
	// final: pid says whether it started.
	ready chan struct{}
	// adopted, when not 0, is the pid of a child started already (Linux:
	// the pre-forked one, see adopt), in place of cmd; ws is its end.
	adopted   int
	adoptedNS bool // it is in a mount and a pid namespace
	ws        syscall.WaitStatus

	// sigs receives the caught signals once catch has run (notifying).
	sigs      chan os.Signal
	catching  sync.Once
	notifying sync.WaitGroup
	relayed   func() // undoes relaySignals, when the catching is its

	// waiting guards sigs for interrupted until supervised, when supervise
	// begins reading them.
	waiting    sync.Mutex
	supervised bool
}

// catch starts catching the signals supervise relays, once, beside the
// caller: a round trip to the runtime's signal thread per signal. Without
// a terminal it takes over what catchEarly began, if anything.
func (l *launch) catch(tty bool) {
	l.catching.Do(func() {
		if sigs, caught, relayed := takeEarly(tty); sigs != nil {
			l.sigs, l.relayed = sigs, relayed
			l.notifying.Go(caught.Wait)
			return
		}
		l.notifying.Go(func() { signal.Notify(l.sigs, caughtSignals(tty)...) })
	})
}

// early is the catching catchEarly began, for the first launch without a
// terminal to take over.
var early struct {
	mu      sync.Mutex
	sigs    chan os.Signal
	caught  *sync.WaitGroup
	relayed func() // see relaySignals; nil if os/signal catches them
	relay   func() // begins relaySignals' relaying: by the launch that takes it
}

// interrupted returns the first of the signals caught so far that ends a
// program by default (not SIGWINCH, SIGCONT or SIGTSTP), or nil, and
// leaves them all to be relayed; nil once supervise reads them. Standard
// signals have no order among themselves: one caught meanwhile may come
// before those put back.
func (l *launch) interrupted() os.Signal {
	l.waiting.Lock()
	defer l.waiting.Unlock()
	if l.supervised {
		return nil
	}
	var caught []os.Signal
	for len(caught) < cap(l.sigs) {
		select {
		case s := <-l.sigs:
			caught = append(caught, s)
			continue
		default:
		}
		break
	}
	var first os.Signal
	for _, s := range caught {
		select {
		case l.sigs <- s:
		default: // as os/signal: a full channel drops it
		}
		if sig := s.(syscall.Signal); first == nil && sig != unix.SIGWINCH && sig != unix.SIGCONT && sig != unix.SIGTSTP {
			first = s
		}
	}
	return first
}

// catchEarly begins catching the signals a run without a terminal relays,
// for the first such run to take over; a signal caught meanwhile reaches
// the command once it starts. It is the CLI's, which catches these
// signals nowhere else: handlers of its own catch them (relaySignals), or,
// where they cannot, os/signal in the background, whose round trips then
// overlap the program's own start.
func catchEarly() {
	early.mu.Lock()
	defer early.mu.Unlock()
	if early.sigs != nil {
		return
	}
	sigs, caught := make(chan os.Signal, 16), &sync.WaitGroup{}
	early.sigs, early.caught = sigs, caught
	if early.relayed, early.relay = relaySignals(sigs, caughtSignals(false)); early.relayed == nil {
		caught.Go(func() { signal.Notify(sigs, caughtSignals(false)...) })
	}
}

// takeEarly hands over, once, the catching catchEarly began, and what
// undoes relaySignals' (or nil): nil if none, or if tty (a run with a
// terminal catches another list). A launch with a terminal undoes
// relaySignals' handlers: they would keep the signals from its
// os/signal catching, whose handlers they replaced and which does not
// install them again.
func takeEarly(tty bool) (chan os.Signal, *sync.WaitGroup, func()) {
	early.mu.Lock()
	defer early.mu.Unlock()
	sigs, caught, relayed := early.sigs, early.caught, early.relayed
	if sigs == nil {
		return nil, nil, nil
	}
	if tty {
		if relayed != nil {
			relayed()
			early.sigs, early.caught, early.relayed, early.relay = nil, nil, nil, nil
		}
		return nil, nil, nil
	}
	if early.relay != nil {
		early.relay()
	}
	early.sigs, early.caught, early.relayed, early.relay = nil, nil, nil, nil
	return sigs, caught, relayed
}

// HasTerminal says whether the process has a controlling terminal, on
// which a question could be asked.
func HasTerminal() bool {
	// Once a process: only its own setsid or TIOCSCTTY would change the
	// answer. A bare descriptor: an *os.File of a terminal would join the
	// runtime's poller only to leave it.
	terminal.once.Do(func() {
		fd, err := unix.Open("/dev/tty", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		if err == nil {
			unix.Close(fd)
			terminal.has = true
		}
	})
	return terminal.has
}

// terminal is HasTerminal's answer.
var terminal struct {
	once sync.Once
	has  bool
}

// stopCatching undoes catch: the signals go back to their defaults.
func (l *launch) stopCatching() {
	l.notifying.Wait()
	if l.relayed != nil {
		l.relayed()
		return
	}
	signal.Stop(l.sigs)
}

// newLaunch prepares the start of cmd, in a session of its own unless tty.
func newLaunch(cmd *osexec.Cmd, tty bool) *launch {
	if cmd.Stdout == nil {
		cmd.Stdout = os.Stdout
	}
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	return &launch{cmd: cmd, p: &child{session: !tty}, started: make(chan error, 1), done: make(chan error, 1),
		ready: make(chan struct{}), sigs: make(chan os.Signal, 16)}
}

// pid is the child's pid once it has started, 0 if it has not (yet).
func (l *launch) pid() int {
	switch {
	case l.adopted != 0:
		return l.adopted
	case l.cmd.Process != nil:
		return l.cmd.Process.Pid
	}
	return 0
}

// waitStatus is how the child ended, once reaped (ok).
func (l *launch) waitStatus() (ws syscall.WaitStatus, ok bool) {
	if l.adopted != 0 {
		return l.ws, true
	}
	if st := l.cmd.ProcessState; st != nil {
		ws, ok = st.Sys().(syscall.WaitStatus)
	}
	return ws, ok
}

// copies says whether os/exec copies one of the child's standard streams
// through a pipe (one that is not an *os.File), which only its Wait
// finishes.
func (l *launch) copies() bool {
	if l.adopted != 0 {
		return false // the runner's own stdio (fitsPrefork)
	}
	for _, s := range []any{l.cmd.Stdin, l.cmd.Stdout, l.cmd.Stderr} {
		if _, ok := s.(*os.File); s != nil && !ok {
			return true
		}
	}
	return false
}

// begin starts the child, the first time it is called.
func (l *launch) begin() {
	l.once.Do(func() { go l.p.spawn(l) })
}

// supervise starts l's child (unless begun already; in a session of its own
// when there is no terminal, tty false) and sees it to its end: it relays signals, sends SIGTERM on timeout or
// when ctx is done, SIGKILL after the grace, and waits. afterStart, when
// not nil, runs once the child has started and hands the child its spec,
// calling caught first (the child runs the command only once it has the
// spec); if it fails, the child's group is killed and its error returned
// once the child is reaped.
func (c *Cmd) supervise(ctx context.Context, l *launch, tty bool, afterStart func(p *child, caught func()) *StageError) (exit, *StageError) {
	l.waiting.Lock()
	l.supervised = true
	l.waiting.Unlock()
	sigs := l.sigs
	// A child that waits for afterStart cannot run the command before it
	// hands over the spec, so catching (a round trip to the runtime's
	// signal thread per signal) runs beside the start and afterStart's work;
	// afterStart calls caught before it hands over the spec, since from then
	// on the command may run and a signal must find the runner catching it,
	// not killed by it. A runner killed before that takes the child with it
	// (by the parent-death signal). Such a child may inherit the
	// dispositions of before: afterStart must have it reset the caught
	// signals to their defaults, as catching them before the start would
	// have (a signal the program ignores itself would stay ignored).
	l.catch(tty)
	if afterStart == nil {
		l.notifying.Wait()
	}
	defer func() {
		if !c.KeepSignalsCaught {
			l.stopCatching()
		} else {
			l.notifying.Wait()
		}
	}()

	l.begin()
	p := l.p
	if err := <-l.started; err != nil {
		return exit{startErr: err}, nil
	}
	if afterStart != nil {
		serr := afterStart(p, l.notifying.Wait)
		l.notifying.Wait()
		if serr != nil {
			p.signal(unix.SIGKILL, true)
			<-l.done
			return exit{}, serr
		}
	}

	var (
		x        exit
		expire   <-chan time.Time
		kill     <-chan time.Time
		ctxDone  = ctx.Done()
		stopKill = func() bool { return false }
	)
	defer func() { stopKill() }()
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		expire = t.C
	}
	var ended <-chan int
	if p.endsEarly {
		ended = p.ended
	}
	heard := p.heard
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
			x.timedOut = true
			terminate()
		case <-ctxDone:
			x.timedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
			terminate()
		case <-kill:
			p.signal(unix.SIGKILL, true)
			kill = nil
		case x.waitErr = <-l.done:
			x.ws, x.reaped = l.waitStatus()
			if heard != nil {
				<-heard
			}
			return x, nil
		case status := <-ended:
			x.ws, x.reaped = syscall.WaitStatus(status<<8), true
			return x, nil
		}
	}
}
