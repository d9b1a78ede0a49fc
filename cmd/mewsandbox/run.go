package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var o options
	var shell string
	var passFDs fdsFlag
	var fromHook bool
	fs := newFlagSet("run", "mewsandbox run [flags] -- CMD [ARG...]\n       mewsandbox run [flags] -c 'SHELL STRING'", stdout)
	o.permissionFlags(fs)
	o.sandboxFlags(fs)
	o.auditFlag(fs)
	fs.StringVar(&shell, "c", "", "run the shell command `STRING` with /bin/bash -c (or /bin/sh)")
	fs.Var(&passFDs, "pass-fd", "hand the command this runner's open descriptor `N` (3 and up) at the same number; every other one but stdio is closed (repeatable)")
	fs.BoolVar(&fromHook, "from-hook", false, "set by 'hook claude-code --sandbox' in the commands it rewrites: the hook has logged this call's decision, so the run's is marked recheck in the audit log")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	argv, call, err := runArgv(shell, fs.Args())
	if err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("working directory: %w", err)
	}
	// The other processor idles until the engine can decide: its tables
	// are made meanwhile.
	go permission.Warm(call.Tool)
	// The sandbox child starts now, while the settings load and the engine
	// decides: it runs nothing before Run hands it the command.
	// With no terminal to ask on, a signal cannot interrupt a question:
	// the runner catches what it relays from now on.
	cmd := &exec.Cmd{Dir: cwd, Stdin: stdin, Stdout: stdout, Stderr: stderr, PassFDs: passFDs, PrivateTmp: true, EarlySignals: !exec.HasTerminal()}
	cmd.Policy.NoNamespaces = o.noNamespaces
	cmd.Prespawn()
	defer cmd.Discard()
	watch := watchInterrupt(cmd, stderr, interruptedRun{call: call, session: o.session,
		targets: auditTargets(o.audit, nil), writable: []string{cwd}})
	defer watch.end()
	// A log a command could write is refused as on the normal path (the
	// root is writable), also for a run interrupted loading the settings.
	o.rootFound = func(root string) { watch.note(func(r *interruptedRun) { r.writable = []string{root, cwd} }) }
	p, err := o.resolve(cwd)
	if err != nil {
		return err
	}
	watch.note(func(r *interruptedRun) { r.targets = auditTargets(o.audit, p.config) })
	// The engine decides on its own processor while the policy is built
	// and handed to the child: a first Check is cold (its tables are made
	// on first use), and ran after them on the runner's path (measured:
	// 0.13 to 0.3 ms of a run). Check only reads the engine, which nothing
	// here changes; the decision is acted on (asked, logged, recorded) in
	// approve, after the sandbox is ready.
	checked := make(chan permission.Result, 1)
	p.engine.EnvScrubbed = true // the child's environment is scrubbed
	go func() {
		exec.GrowStack()
		checked <- p.engine.Check(call)
	}()
	printWarnings(stderr, p.config.Warnings)
	policy, rs, err := o.policy(p, stderr)
	if err != nil {
		return err
	}
	env, _ := exec.EnvFilter{Pass: rs.envPass, Drop: rs.envDrop}.Apply(os.Environ())
	cmd.Args, cmd.Env, cmd.Policy = argv, env, policy
	watch.note(func(r *interruptedRun) { r.policy, r.writable = &policy, writableDirs(policy) })
	cmd.Timeout = rs.timeout
	cmd.Warn = func(s string) { fmt.Fprintln(stderr, s) }
	// The CLI exits as soon as Run returns.
	cmd.KeepSignalsCaught = true
	if !policy.CreatesDirs() {
		// The child takes the whole sandbox now, while the engine decides,
		// and waits: the command starts only in Run. (Directories a preset
		// needs are made only once the command is allowed.)
		watch.mu.Lock()
		cmd.Prepare()
		watch.mu.Unlock()
	}
	audit, err := openAudit("run", o.session, auditTargets(o.audit, p.config), writableDirs(policy))
	if err != nil {
		return err
	}
	defer func() {
		watch.end() // before the log it may write to is closed
		audit.Close()
	}()
	if audit != nil {
		audit.recheck = fromHook
	}
	watch.note(func(r *interruptedRun) { r.audit = audit })
	decided, err := approve(p, call, <-checked, stderr, audit)
	watch.note(func(r *interruptedRun) { r.decided = &decided })
	if err != nil {
		return err
	}

	if err := policy.MakeDirs(); err != nil {
		return exitError{status: exitInternal, err: err}
	}
	watch.end()
	start := time.Now()
	status, err := cmd.Run(context.Background())
	var se *exec.StageError
	if errors.As(err, &se) && se.Stage == exec.StageResolve && (status == exec.StatusNotFound || status == exec.StatusNotExecutable) {
		// A missing or non-executable command is the command's problem,
		// not the sandbox's: say it the way a shell would.
		err = se.Err
	}
	if err == nil {
		limitMessage(stderr, status, cmd.LimitsHit, p.config.Sandbox.Limits)
	}
	if aerr := audit.run(call, decided, policy, status, time.Since(start), err); aerr != nil {
		return exitError{status: exitInternal, err: fmt.Errorf("%w (the command ran and exited %d)", aerr, status)}
	}
	if err != nil {
		return exitError{status: status, err: err}
	}
	return exitError{status: status}
}

// interruptGrace is how long a runner may go on preparing once a signal
// that ends it has been caught for the command (exec.Cmd.EarlySignals):
// preparing takes milliseconds, unless something blocks it.
const interruptGrace = time.Second

// interruptLook is how often the watch looks for such a signal.
const interruptLook = 50 * time.Millisecond

// interruptWatch ends a runner that is still preparing interruptGrace after
// such a signal came: one reading its settings from a FIFO no one writes
// held SIGTERM for the command, and itself, until SIGKILL (timeout 600
// mewsandbox run … in CI hung for good). The command has not started: the
// child is discarded, the run recorded in the audit log as far as the
// runner got (run), and the runner exits 128+N, as the signal would have
// ended it. mu is held while the runner calls cmd, which the watch may
// then discard. The looks are a timer's: a run prepared in milliseconds
// starts no goroutine for them.
type interruptWatch struct {
	mu    sync.Mutex
	ended bool
	timer *time.Timer
	run   interruptedRun // guarded by mu
}

// interruptedRun is what the runner knows of its run so far, for the audit
// record of one interrupted before the command ran: a security tool's log
// must not lose a run, even one that ran nothing.
type interruptedRun struct {
	call     permission.Call
	session  string
	targets  []auditTarget // the audit files known: --audit, then the settings'
	writable []string      // the directories a log may not lie in (writableDirs), as far as known
	audit    *auditLog     // the log the runner opened, once it has
	policy   *exec.Policy  // once built
	decided  *permission.Result
}

// note updates what the watch knows of the run.
func (w *interruptWatch) note(f func(*interruptedRun)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f(&w.run)
}

// record appends the audit record of the run interrupted by sig, in the
// log the runner opened or, before it did, in the logs known so far; the
// decision, the policy and the settings' log where they are known. It
// gives up after interruptGrace: whatever held the runner may hold the log
// too (another process's lock on it), and the runner must end.
func (w *interruptWatch) record(sig os.Signal, stderr io.Writer) {
	r := w.run
	done := make(chan error, 1)
	go func() {
		l := r.audit
		if l == nil {
			var err error
			if l, err = openAudit("run", r.session, r.targets, r.writable); err != nil {
				done <- err
				return
			}
			defer l.Close()
		}
		done <- l.interrupted(r, sig)
	}()
	select {
	case err := <-done:
		if err != nil {
			fmt.Fprintf(stderr, "mewsandbox: the audit log has no record of this run: %v\n", err)
		}
	case <-time.After(interruptGrace):
		fmt.Fprintf(stderr, "mewsandbox: the audit log has no record of this run: writing it took over %v\n", interruptGrace)
	}
}

func watchInterrupt(cmd *exec.Cmd, stderr io.Writer, run interruptedRun) *interruptWatch {
	w := &interruptWatch{run: run}
	if !cmd.EarlySignals {
		return w
	}
	var since time.Time // when the signal was first seen; guarded by mu
	look := func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.ended {
			return
		}
		switch sig := cmd.Interrupted(); {
		case sig == nil:
			since = time.Time{}
		case since.IsZero():
			since = time.Now()
		case time.Since(since) >= interruptGrace:
			cmd.Discard()
			fmt.Fprintf(stderr, "mewsandbox: %v while preparing the run (settings, the decision): nothing ran\n", sig)
			w.record(sig, stderr)
			exec.EndPrefork()
			os.Exit(128 + int(sig.(syscall.Signal)))
		}
		w.timer.Reset(interruptLook)
	}
	w.mu.Lock()
	w.timer = time.AfterFunc(interruptLook, look)
	w.mu.Unlock()
	return w
}

// end stops the watch: the command is about to run, or will not.
func (w *interruptWatch) end() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.ended {
		w.ended = true
		if w.timer != nil {
			w.timer.Stop()
		}
	}
}

// limitMessage says so when a resource limit's signal ended the command,
// or a cgroup limit refused it something, naming the flag or the file and
// line that set the limit.
func limitMessage(w io.Writer, status int, hit exec.LimitsHit, l permission.ResourceLimits) {
	set := func(o permission.Origin, key string, v any) string {
		if o.Flag != "" {
			return fmt.Sprintf("%s %v", o.Flag, v)
		}
		return fmt.Sprintf("%s %v at %s", key, v, o)
	}
	if hit.OOMKills > 0 && l.Mem.IsSet() {
		what := "the command"
		if status != 128+int(syscall.SIGKILL) {
			what = fmt.Sprintf("%d of the command's processes", hit.OOMKills)
		}
		fmt.Fprintf(w, "mewsandbox: %s reached the memory limit (%s, the sandbox's memory together: cgroup memory.max) and the kernel killed it with SIGKILL\n",
			what, set(l.Mem.Origin, "sandbox.limits.mem", l.Mem.Value))
	}
	if hit.ForksRefused > 0 && l.NProc.IsSet() {
		forks := "forks"
		if hit.ForksRefused == 1 {
			forks = "fork"
		}
		fmt.Fprintf(w, "mewsandbox: the process limit (%s, the sandbox's processes and threads together: cgroup pids.max) refused %d %s with EAGAIN\n",
			set(l.NProc.Origin, "sandbox.limits.nproc", l.NProc.Value), hit.ForksRefused, forks)
	}
	switch {
	case status == 128+int(syscall.SIGXCPU) && l.CPU.IsSet():
		fmt.Fprintf(w, "mewsandbox: the command used up its CPU time (%s) and was killed by SIGXCPU\n", set(l.CPU.Origin, "sandbox.limits.cpu", l.CPU.Value))
	case status == 128+int(syscall.SIGXFSZ) && l.FSize.IsSet():
		fmt.Fprintf(w, "mewsandbox: the command wrote past the file size limit (%s) and was killed by SIGXFSZ\n",
			set(l.FSize.Origin, "sandbox.limits.fsize", fmt.Sprintf("%d bytes", uint64(l.FSize.Value))))
	case status == 128+int(syscall.SIGSEGV) && l.Mem.IsSet():
		// The address-space limit: a program that cannot map what it
		// needs dies so as it starts (run --limit-mem 1K -- true), the
		// kernel saying nothing.
		fmt.Fprintf(w, "mewsandbox: the command was killed by SIGSEGV under an address-space limit (%s, RLIMIT_AS), which a program that cannot map what it needs dies of: if it is not a bug of its own, give it a larger limit\n",
			set(l.Mem.Origin, "sandbox.limits.mem", l.Mem.Value))
	}
}

// fdsFlag is a repeatable descriptor number flag (--pass-fd).
type fdsFlag []int

func (f *fdsFlag) String() string { return fmt.Sprint([]int(*f)) }
func (f *fdsFlag) repeatable()    {}

func (f *fdsFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 3 {
		return fmt.Errorf("not a descriptor number of 3 or more: %q", s)
	}
	if _, err := unix.FcntlInt(uintptr(n), unix.F_GETFD, 0); err != nil {
		return fmt.Errorf("descriptor %d is not open in mewsandbox", n)
	}
	if open, known := exec.OpenAtStart(n); known && !open {
		// Open now, but the runtime's own (a cgroup file it reads).
		return fmt.Errorf("descriptor %d was not open when mewsandbox started (the number is the Go runtime's own now): open it in the caller", n)
	}
	if slices.Contains(*f, n) {
		return fmt.Errorf("descriptor %d given twice", n)
	}
	*f = append(*f, n)
	return nil
}

// runArgv returns the argument vector to execute and the call the
// permission engine judges.
func runArgv(shell string, args []string) ([]string, permission.Call, error) {
	switch {
	case shell != "" && len(args) > 0:
		return nil, permission.Call{}, usagef("run: give either -c STRING or -- CMD ARGS, not both")
	case shell != "":
		if err := validCommand(shell); err != nil {
			return nil, permission.Call{}, err
		}
		sh := "/bin/bash"
		if _, err := os.Stat(sh); err != nil {
			sh = "/bin/sh"
		}
		return []string{sh, "-c", shell}, permission.Call{Tool: "Bash", Command: shell}, nil
	case len(args) == 0:
		return nil, permission.Call{}, usagef("run: no command (want -- CMD [ARG...] or -c STRING)")
	}
	cmd, err := quoteArgv(args)
	if err != nil {
		return nil, permission.Call{}, err
	}
	return args, permission.Call{Tool: "Bash", Command: cmd}, nil
}

// runSettings are what a run takes from the settings and flags besides
// its sandbox policy.
type runSettings struct {
	timeout          time.Duration
	envPass, envDrop []string
}

// policy builds the sandbox policy of DESIGN §4 from the settings files'
// sandbox sections and the flags, which add to and override them by the
// rules of permission.Config.MergeSandbox, and from the presets they
// name; and the merged timeout and environment lists for the runner. It
// warns on stderr about a write grant that holds the home directory.
func (o *options) policy(p *project, stderr io.Writer) (exec.Policy, runSettings, error) {
	flags, err := o.sandboxSettings(p.cwd)
	if err != nil {
		return exec.Policy{}, runSettings{}, err
	}
	if err := p.config.MergeSandbox(flags); err != nil {
		return exec.Policy{}, runSettings{}, usageError{err}
	}
	sb := &p.config.Sandbox
	pol := exec.DefaultPolicy(p.root)
	if o.root != "" {
		// The name the user gave it: a link on its way, in a writable
		// grant, is the project to them too (see exec.Policy.RootName).
		if abs, err := filepath.Abs(o.root); err == nil && abs != p.root {
			pol.RootName = abs
		}
	}
	pol.ReadOnlyRoot = p.engine.Mode == permission.ModePlan
	pol.BestEffort = sb.BestEffort.Value
	for _, l := range []struct {
		list   []permission.Setting[string]
		access exec.Access
	}{{sb.AllowRead, exec.Read | exec.Exec}, {sb.AllowWrite, exec.Read | exec.Write | exec.Exec}} {
		for _, g := range l.list {
			// A flag's path was checked to exist; a settings file serves
			// many machines, and its paths are skipped where missing.
			pol.Grants = append(pol.Grants, exec.Grant{Path: g.Value, Access: l.access, Optional: g.Origin.Flag == ""})
			if l.access&exec.Write != 0 {
				if err := kernelWrite(g.Value, g.Origin.String()); err != nil {
					return exec.Policy{}, runSettings{}, err
				}
				warnHomeWrite(stderr, g.Value, p.home, g.Origin.String())
				warnGitDirWrite(stderr, g.Value, p.root, g.Origin.String())
			}
		}
	}
	presets, err := presetGrants(sb, p.home, stderr)
	if err != nil {
		return exec.Policy{}, runSettings{}, err
	}
	pol.Grants = append(pol.Grants, presets...)
	pol.Grants = append(pol.Grants, exec.HomeGrants(p.home, os.Getenv)...)
	pol.DenyRead = permission.Values(sb.DenyRead)
	pol.Network.Mode = exec.NetworkMode(sb.NetworkMode.Value)
	if pol.Network.Mode != exec.NetworkAll {
		// With network all, ports from any source are already open.
		pol.Network.Mode = exec.NetworkNone
		pol.Network.Connect = permission.Values(sb.AllowConnect)
		pol.Network.Bind = permission.Values(sb.AllowBind)
	}
	pol.Network.UnixSockets = sb.AllowUnixSockets.Value
	l := sb.Limits
	pol.Limits = exec.Limits{Mem: uint64(l.Mem.Value), CPU: l.CPU.Value, NProc: l.NProc.Value, FSize: uint64(l.FSize.Value), NoFile: l.NoFile.Value}
	pol.KeepCaps = permission.Values(sb.KeepCaps)
	pol.NoNamespaces = o.noNamespaces
	pol.AllowGitConfig = o.allowGitConfig
	// Outside the project, where no sandboxed command writes: the
	// gitlinks a run leaves with nothing at their paths, for the next
	// run's check (none: a run with some to keep fails).
	if state := permission.StateHome(os.Getenv("XDG_STATE_HOME"), p.home); filepath.IsAbs(state) {
		pol.GitlinkState = filepath.Join(state, "mewsandbox", "gitlinks")
	}
	rs := runSettings{timeout: sb.Timeout.Value, envPass: permission.Values(sb.EnvPass), envDrop: permission.Values(sb.EnvDrop)}
	return pol, rs, nil
}

// kernelWrite refuses a write grant from "from" that is or lies in /proc,
// /sys or /dev, by its name or where it leads (exec.KernelWrite): no run
// may write the kernel's settings or a device. A grant that holds them (/)
// is the runner's to judge: the namespace layer keeps them read-only.
func kernelWrite(path, from string) error {
	for _, p := range []string{filepath.Clean(path), realPath(path)} {
		if what := exec.KernelWrite(p); what != "" {
			return usagef("%s: write access to %s is refused: it is or lies in %s; no sandboxed command may write there (the default policy grants /dev/null, /dev/tty, /dev/pts, /dev/shm and the other common devices already)", from, path, what)
		}
	}
	return nil
}

// warnHomeWrite warns when a write grant from "from" holds the home
// directory: every sandboxed command may then change the shell's start-up
// files, ~/.ssh and every other project, and plant what runs outside; or
// when it holds the user's own settings (userConfig).
func warnHomeWrite(stderr io.Writer, path, home, from string) {
	home = cmp.Or(home, "/")
	real := realPath(path)
	if pathWithin(realPath(home), real) {
		fmt.Fprintf(stderr, "mewsandbox: warning: %s: write access to %s covers your home directory %s: sandboxed commands may change your shell start-up files, ~/.ssh and everything else there; grant the directories the command needs instead\n",
			from, path, home)
		return
	}
	for _, c := range userConfig(nil, home) {
		if pathWithin(c[0], real) {
			fmt.Fprintf(stderr, "mewsandbox: warning: %s: write access to %s covers your %s %s: sandboxed commands may change what later runs, or git, may do; grant the directories the command needs instead\n",
				from, path, c[1], c[0])
			return
		}
	}
}

// warnGitDirWrite warns when a write grant from "from" outside the
// project root is, lies in or holds at its top a git directory (a bare
// repository a command pushes to, another project), or holds the root
// and one in a directory between them: git runs its hooks and config
// outside the sandbox, and the namespace layer keeps them read-only in
// the root only.
func warnGitDirWrite(stderr io.Writer, path, root, from string) {
	real := realPath(path)
	if pathWithin(real, root) {
		return
	}
	g := gitDirAt(real)
	if g == "" {
		g = gitDirAbove(real, root)
	}
	more := ""
	if g == "" {
		var n int
		var cut bool
		g, n, cut = gitDirBelow(real, root)
		if n > 1 {
			more = fmt.Sprintf(" and %d more below it", n-1)
		}
		if cut {
			more += fmt.Sprintf(" (found in a look cut short at %d directories, %d levels or %v: there may be others)", maxGrantWalk, maxGrantWalkDepth, maxGrantWalkTime)
		}
	}
	if g == "" {
		return
	}
	fmt.Fprintf(stderr, "mewsandbox: warning: %s: write access to %s covers the git directory %s%s: sandboxed commands may change its hooks and config, which git runs outside the sandbox; grant the directories the command needs instead\n",
		from, path, g, more)
}

// Bounds of gitDirBelow's look through a write grant: the directories it
// lists, how deep below where it starts, and its time, paid on each run
// whose grant holds no repository the cheaper looks found. In a home of
// 80,000 directories (40 projects, each a thousand in node_modules) and no
// repository, on a machine at load 10 on 2 cores, the look took 7 ms
// (median of 30; 50 ms at most, descheduled); ~/a/other/.git beside the
// root's way was found, ~/x/y/z/.git in 10 ms but not in 5 (fix76).
const (
	maxGrantWalk      = 2048
	maxGrantWalkDepth = 4
	maxGrantWalkTime  = 5 * time.Millisecond
	// The time is not looked at before these.
	minGrantWalk        = 64
	minGrantWalkEntries = 4096
)

// gitDirBelow looks through the write grant real, following no link and
// leaving the root out, for git directories (a .git in a directory, or a
// gitfile naming one, which the command can rewrite): each is the
// command's to plant a hook or core.fsmonitor in, which the user's next
// git there runs outside the sandbox, as red75 did in
// ../other/.git/config. gitDirAbove looks only between the grant's top
// and the root and at that top: with --allow-write ~ and the project at
// ~/a/b/p, ~/a/other/.git and ~/x/y/.git went unwarned (fix76). The
// directories beside the root's way come first, nearest the root (a
// project's neighbours), then the rest breadth first, node_modules and
// hidden directories last. It returns the
// first found, how many it found, and whether it stopped at its bounds
// before it had looked through the whole grant.
func gitDirBelow(real, root string) (first string, n int, cut bool) {
	deadline := time.Now().Add(maxGrantWalkTime)
	// depth: below the grant's top, or the directory on the root's way
	// it lies beside.
	type dir struct {
		path  string
		depth int
	}
	var way []string // from the root's parent up to the top
	todo := []dir{{real, 0}}
	if pathWithin(root, real) {
		todo = nil
		for d := filepath.Dir(root); pathWithin(d, real); d = filepath.Dir(d) {
			way = append(way, d)
			todo = append(todo, dir{d, 0})
			if d == real {
				break
			}
		}
	}
	var later []dir
	// Out of time only once past the first directories and entries: a
	// runner descheduled on a busy machine still looks through a small
	// grant whole.
	seen := 0
	late := func(listed int) bool {
		return (listed >= minGrantWalk || seen >= minGrantWalkEntries) && time.Now().After(deadline)
	}
	for listed := 0; len(todo)+len(later) > 0; listed++ {
		if listed == maxGrantWalk || late(listed) {
			return first, n, true
		}
		if len(todo) == 0 {
			todo, later = later, nil
		}
		d := todo[0]
		todo = todo[1:]
		f, err := os.Open(d.path)
		if err != nil {
			continue
		}
		// In batches, the time looked at between them: one directory
		// may hold a million files.
		for {
			entries, err := f.ReadDir(1024)
			seen += len(entries)
			for _, e := range entries {
				p := filepath.Join(d.path, e.Name())
				switch {
				case e.Name() == ".git":
					if n++; first == "" {
						first = p
					}
				case !e.IsDir() || p == root || slices.Contains(way, p):
				case d.depth == maxGrantWalkDepth:
					cut = true
				case e.Name() == "node_modules" || strings.HasPrefix(e.Name(), "."):
					// Thousands of directories, few of them projects:
					// after the others.
					later = append(later, dir{p, d.depth + 1})
				default:
					todo = append(todo, dir{p, d.depth + 1})
				}
			}
			if err != nil || late(listed) {
				break
			}
		}
		f.Close()
	}
	return first, n, cut
}

// maxGrantChildren bounds the entries of a write grant gitDirAbove looks
// in for another project.
const maxGrantChildren = 256

// gitDirAbove is the .git at the top of the write grant real, or, where
// real holds the root, in a directory between them, nearest the top, or
// in a directory at the grant's top other than the root (another
// project beside it, among the first maxGrantChildren); "" for none.
// Such a repository is the user's (the superproject of a submodule, a
// monorepo holding a clone, a project beside this one): with
// --allow-write ../.. a command planted core.fsmonitor in
// ../.git/config, unwarned, and the user's next git status there ran it,
// as did git in the project once its .git/HEAD was gone (git then goes
// on up); with --allow-write .., in ../other/.git/config (red75).
func gitDirAbove(real, root string) string {
	var dirs []string
	if pathWithin(root, real) {
		for d := filepath.Dir(root); d != real && pathWithin(d, real); d = filepath.Dir(d) {
			dirs = append(dirs, d)
		}
	}
	dirs = append(dirs, real)
	if f, err := os.Open(real); err == nil {
		entries, _ := f.ReadDir(maxGrantChildren)
		f.Close()
		for _, e := range entries {
			if d := filepath.Join(real, e.Name()); e.IsDir() && d != root {
				dirs = append([]string{d}, dirs...)
			}
		}
	}
	for _, d := range slices.Backward(dirs) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return filepath.Join(d, ".git")
		}
	}
	return ""
}

// presetGrants returns the grants of the presets sb names, refusing an
// unknown preset and a grant inside a denied path.
func presetGrants(sb *permission.Sandbox, home string, stderr io.Writer) ([]exec.Grant, error) {
	var grants []exec.Grant
	for _, name := range sb.Presets {
		pr, err := exec.LookupPreset(name.Value)
		if err != nil {
			return nil, usagef("%s: %v", name.Origin, err)
		}
		for _, g := range pr.Grants(home, os.Getenv) {
			if d, ok := sb.DeniedBy(g.Path); ok {
				return nil, usagef("%s: preset %s grants %s, which denyRead %s at %s covers: drop the preset or the deny",
					name.Origin, pr.Name, g.Path, d.Value, d.Origin)
			}
			if g.Access&exec.Write != 0 {
				from := fmt.Sprintf("preset %s (%s)", pr.Name, name.Origin)
				if err := kernelWrite(g.Path, from); err != nil {
					return nil, err
				}
				warnHomeWrite(stderr, g.Path, home, from)
			}
			grants = append(grants, g.Grant)
		}
	}
	return grants, nil
}

// existingPath makes a granted path absolute and insists it exists: a typo
// in a grant must not silently grant nothing. (A denied path need not
// exist: the sandbox keeps it from being created.)
func existingPath(flag, path, cwd string) (string, error) {
	path, err := absPath(flag, path, cwd)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err != nil {
		return "", usagef("%s %s: %v", flag, path, errors.Unwrap(err))
	}
	return path, nil
}

// absPath makes a path flag's value absolute: ~ is the home directory, a
// relative path starts from cwd.
func absPath(flag, path, cwd string) (string, error) {
	if path == "" {
		return "", usagef("%s: empty path", flag)
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		home := exec.UserHome()
		if home == "" {
			return "", usagef("%s %s: no home directory to expand ~ in: set HOME", flag, path)
		}
		path = filepath.Join(home, path[1:])
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	return filepath.Clean(path), nil
}

// approve acts on the permission engine's result for the call and records
// the decision in the audit log: Allow returns the result, Deny an exit
// 77, and Ask a prompt on the terminal (Deny without one).
func approve(p *project, call permission.Call, res permission.Result, stderr io.Writer, audit *auditLog) (permission.Result, error) {
	e := p.engine
	if res.Decision == permission.Ask {
		res = ask(p, call, res, stderr)
	}
	if err := audit.decision(call, res); err != nil {
		return res, exitError{status: exitInternal, err: fmt.Errorf("%w (nothing was run)", err)}
	}
	if e.Session != nil {
		warning, err := e.Session.RecordDecision(res.Decision)
		if err != nil {
			return res, err
		}
		if warning != "" {
			fmt.Fprintf(stderr, "mewsandbox: warning: %s\n", warning)
		}
	}
	if res.Decision == permission.Allow {
		return res, nil
	}
	msg := "denied: " + res.Reason
	if res.Rule != "" && res.Source != "" {
		msg += " (" + res.Rule + ", " + res.Source + ")"
	}
	if res.Suggestion != "" {
		msg += fmt.Sprintf("\nmewsandbox: to allow it, add %q to permissions.allow or pass --allow %q", res.Suggestion, res.Suggestion)
	}
	return res, exitError{status: exitDenied, err: errors.New(msg)}
}

// ask puts an Ask to the person at the terminal: y allows once, a allows
// for the session (and, with --session, writes an allow rule to the local
// settings), anything else denies. Without a terminal it is a Deny.
func ask(p *project, call permission.Call, res permission.Result, stderr io.Writer) permission.Result {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		res.Decision = permission.Deny
		res.Reason = "needs approval and there is no terminal to ask on: " + res.Reason
		return res
	}
	defer tty.Close()
	return askOn(tty, p, call, res, stderr)
}

// askOn is ask at terminal tty. The command and the reason are the
// agent's text: what a terminal would act on in them shows as its escape
// (visible), and each line of the command is indented under the first,
// so that none can redraw or imitate the question.
func askOn(tty io.ReadWriter, p *project, call permission.Call, res permission.Result, stderr io.Writer) permission.Result {
	command := strings.ReplaceAll(visible(call.Command, true), "\n", "\n    ")
	fmt.Fprintf(tty, "mewsandbox: %s wants to run:\n    %s\n  because: %s\nAllow? [y]es once, [a]lways, [N]o: ", visible(call.Tool, false), command, visible(res.Reason, false))
	line, _ := bufio.NewReader(tty).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return permission.Result{Decision: permission.Allow, Reason: "approved at the terminal"}
	case "a", "always":
		if s := p.engine.Session; s != nil {
			if err := s.Approve(permission.Key(call)); err != nil {
				fmt.Fprintf(stderr, "mewsandbox: warning: could not remember the approval: %v\n", err)
			}
			// A rule that could never allow it (a glob, a variable, a
			// check rules do not lift) would only clutter the settings.
			rule := permission.ExactShellRule(strings.TrimSpace(call.Command))
			within := p.root // the local file is the project's own, confined unless trusted
			if p.config.Trusted {
				within = ""
			}
			if !p.engine.RuleWouldAllow(rule, call, within) {
				fmt.Fprintf(tty, "mewsandbox: approved for this session only: no allow rule lets it run unasked later (a word only known at run time, a check rules do not lift, or what acts beyond an untrusted project, which its own settings cannot allow), so none is written to %s\n", p.localSettings)
			} else if err := permission.AppendRule(p.localSettings, permission.RuleAllow, rule); err != nil {
				fmt.Fprintf(stderr, "mewsandbox: warning: could not write %s to %s: %v\n", rule, p.localSettings, err)
			}
		}
		return permission.Result{Decision: permission.Allow, Reason: "approved at the terminal for this session"}
	}
	res.Decision = permission.Deny
	res.Reason = "refused at the terminal: " + res.Reason
	return res
}
