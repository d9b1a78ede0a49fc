package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }
func (l *listFlag) repeatable()        {}

// portsFlag is a repeatable TCP port flag.
type portsFlag []uint16

func (p *portsFlag) String() string { return fmt.Sprint([]uint16(*p)) }
func (p *portsFlag) repeatable()    {}
func (p *portsFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil || n == 0 {
		return fmt.Errorf("not a TCP port (want 1-65535): %q", s)
	}
	*p = append(*p, uint16(n))
	return nil
}

// setBool is a boolean flag that also records whether it was given, so
// that leaving it out leaves the settings alone and --flag=false can
// override them.
type setBool struct{ value, given *bool }

func (b setBool) String() string {
	if b.value == nil {
		return "false"
	}
	return strconv.FormatBool(*b.value)
}

func (b setBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*b.value, *b.given = v, true
	return nil
}

func (b setBool) IsBoolFlag() bool { return true }

// options are the flags shared by run, check and explain. They map one to
// one onto the command line; nothing clever happens here.
type options struct {
	root                               string
	mode                               string
	yolo, plan, acceptEdits, dontAsk   bool
	settings, allow, ask, deny         listFlag
	session, planFile                  string
	noUserSettings                     bool
	trustProject                       bool
	allowRead, allowWrite, denyRead    listFlag
	network                            string
	allowConnect, allowBind            portsFlag
	allowUnixSockets, bestEffort, json bool
	envPass                            listFlag
	timeout                            time.Duration
	audit                              string

	envDrop, presets listFlag
	limits           exec.Limits
	keepCaps         listFlag
	noNamespaces     bool
	allowGitConfig   bool
	// given says which boolean sandbox flags were on the command line.
	given struct{ allowUnixSockets, bestEffort bool }
	// rootFound, if set, hears of the project root as soon as resolve
	// knows it, before the settings load (which may block: a FIFO).
	rootFound func(root string)
}

// permissionFlags registers the flags that shape the permission decision.
func (o *options) permissionFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.root, "root", "", "project `DIR` (default: the git top-level of the working directory, else the working directory)")
	fs.StringVar(&o.mode, "mode", "", "permission `MODE`: default, plan, acceptEdits, bypassPermissions or dontAsk")
	fs.BoolVar(&o.yolo, "yolo", false, "same as --mode bypassPermissions")
	fs.BoolVar(&o.plan, "plan", false, "same as --mode plan")
	fs.BoolVar(&o.acceptEdits, "accept-edits", false, "same as --mode acceptEdits")
	fs.BoolVar(&o.dontAsk, "dont-ask", false, "same as --mode dontAsk: every ask becomes a deny")
	fs.Var(&o.settings, "settings", "extra settings `FILE` (YAML or JSON; repeatable)")
	fs.Var(&o.allow, "allow", "allow `RULE`, e.g. 'Bash(npm test:*)' (repeatable)")
	fs.Var(&o.ask, "ask", "ask `RULE` (repeatable)")
	fs.Var(&o.deny, "deny", "deny `RULE` (repeatable)")
	fs.StringVar(&o.session, "session", "", "session `ID`: approvals and denial counts persist across calls")
	fs.StringVar(&o.planFile, "plan-file", "", "the one `FILE` plan mode lets edit tools write")
	fs.BoolVar(&o.noUserSettings, "no-user-settings", false, "ignore user-level settings files")
	fs.BoolVar(&o.trustProject, "trust-project", false, "apply the project's own settings files in full: their bypassPermissions mode, allow rules for every shell command, edits, commands' writes and additional directories outside the project, web fetches and tools mewsandbox does not model, and sandbox grants beyond it (presets, paths outside it, network, kept secrets and capabilities)")
}

// jsonFlag registers --json, for the commands that print a decision or a
// plan: run's output is the command's own, and the hook's is JSON always.
func (o *options) jsonFlag(fs *flag.FlagSet) {
	fs.BoolVar(&o.json, "json", false, "print JSON")
}

// sandboxFlags registers the flags that shape the sandbox policy.
func (o *options) sandboxFlags(fs *flag.FlagSet) {
	fs.Var(&o.allowRead, "allow-read", "also let the command read (and execute) `PATH` (repeatable)")
	fs.Var(&o.allowWrite, "allow-write", "also let the command write `PATH` (repeatable)")
	fs.Var(&o.denyRead, "deny-read", "keep the command from reading `PATH` inside an allowed directory (repeatable)")
	fs.StringVar(&o.network, "network", "", "network access: none or all (default: the settings' sandbox.network.mode, else none)")
	fs.Var(&o.allowConnect, "allow-connect", "allow TCP connections to `PORT` (repeatable)")
	fs.Var(&o.allowBind, "allow-bind", "allow binding TCP `PORT` (repeatable)")
	fs.Var(setBool{&o.allowUnixSockets, &o.given.allowUnixSockets}, "allow-unix-sockets", "allow pathname unix sockets")
	fs.Var(&o.envPass, "env-pass", "keep environment variable `NAME` even though it looks secret (repeatable)")
	fs.Var(&o.envDrop, "env-drop", "drop environment variable `NAME` (* matches any run of characters; repeatable)")
	fs.Var(setBool{&o.bestEffort, &o.given.bestEffort}, "best-effort", "run even when the kernel cannot enforce the whole policy, saying what is missing")
	fs.Var(durationFlag{&o.timeout}, "timeout", "kill the command after `DURATION` (exit 124)")
	fs.Var(&o.presets, "preset", "grant toolchain `NAME`'s caches and configuration: "+strings.Join(exec.PresetNames(), ", ")+" (repeatable)")
	fs.Var(sizeFlag{&o.limits.Mem}, "limit-mem", "limit the command's address space to `SIZE` (512M, 2G): allocations beyond fail; with a cgroup v2, also the sandbox's memory together (killed beyond)")
	fs.Var(durationFlag{&o.limits.CPU}, "limit-cpu", "limit each process's CPU time to `DURATION` (whole seconds; one the command starts counts from zero): then SIGXCPU, exit 152")
	fs.Var(countFlag{v: &o.limits.NProc}, "limit-nproc", "limit the processes and threads of the command's user to `N`: fork fails beyond; with a cgroup v2, the sandbox's together, root included")
	fs.Var(sizeFlag{&o.limits.FSize}, "limit-fsize", "limit the files the command writes to `SIZE`: then SIGXFSZ, exit 153")
	fs.Var(countFlag{v: &o.limits.NoFile, min: permission.MinNoFile, why: permission.MinNoFileWhy}, "limit-nofile", "limit the command's open descriptors to `N`")
	fs.BoolVar(&o.noNamespaces, "no-namespaces", false, "Linux: run without the namespace layer (Landlock and seccomp only: protected paths in the root writable during the run, undone after it, metadata outside it changeable)")
	fs.BoolVar(&o.allowGitConfig, "allow-git-config", false, "Linux namespace layer: let the command write the git config of the root and of its submodules, as git submodule update must (the hooks stay read-only)")
	fs.Var(&o.keepCaps, "keep-cap", "let the command keep capability `NAME` (CAP_NET_BIND_SERVICE …) when the runner has it; it loses every other one (repeatable)")
}

// sizeFlag is a byte count flag: 512M, 2G (see permission.ParseSize).
type sizeFlag struct{ v *uint64 }

func (f sizeFlag) String() string {
	if f.v == nil || *f.v == 0 {
		return ""
	}
	return strconv.FormatUint(*f.v, 10)
}

func (f sizeFlag) Set(s string) error {
	n, err := permission.ParseSize(s)
	if err != nil {
		return err
	}
	*f.v = uint64(n)
	return nil
}

// durationFlag is a positive duration flag (--timeout, --limit-cpu): zero
// is refused, as it is in the settings, rather than taken for "not given".
type durationFlag struct{ v *time.Duration }

func (f durationFlag) String() string {
	if f.v == nil || *f.v == 0 {
		return ""
	}
	return f.v.String()
}

func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return errors.New("want a duration such as 90s, 10m or 1h30m")
	case d <= 0:
		return errors.New("must be positive")
	}
	*f.v = d
	return nil
}

// countFlag is a positive whole number flag (--limit-nproc, --limit-nofile):
// zero is refused, as it is in the settings.
type countFlag struct {
	v   *uint64
	min uint64 // the least value, with why; 0 for none but zero
	why string
}

func (f countFlag) String() string {
	if f.v == nil || *f.v == 0 {
		return ""
	}
	return strconv.FormatUint(*f.v, 10)
}

func (f countFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return errors.New("want a positive whole number")
	}
	if n < f.min {
		return fmt.Errorf("want %d or more (%s)", f.min, f.why)
	}
	*f.v = n
	return nil
}

// sandboxSettings returns the sandbox flags as a sandbox section of the
// command line, for permission.Config.MergeSandbox; paths are made
// absolute from cwd, and granted ones must exist.
func (o *options) sandboxSettings(cwd string) (permission.Sandbox, error) {
	var s permission.Sandbox
	// A grant must exist; a missing deny keeps the path from being created.
	for _, l := range []struct {
		flag  string
		paths []string
		dst   *[]permission.Setting[string]
		abs   func(flag, path, cwd string) (string, error)
	}{{"--allow-read", o.allowRead, &s.AllowRead, existingPath}, {"--allow-write", o.allowWrite, &s.AllowWrite, existingPath},
		{"--deny-read", o.denyRead, &s.DenyRead, absPath}} {
		for _, p := range l.paths {
			abs, err := l.abs(l.flag, p, cwd)
			if err != nil {
				return s, err
			}
			*l.dst = append(*l.dst, permission.FlagSetting(l.flag, abs))
		}
	}
	for _, l := range []struct {
		flag  string
		names []string
		dst   *[]permission.Setting[string]
	}{{"--env-pass", o.envPass, &s.EnvPass}, {"--env-drop", o.envDrop, &s.EnvDrop}, {"--preset", o.presets, &s.Presets}} {
		for _, n := range l.names {
			if _, err := path.Match(n, ""); err != nil || n == "" {
				return s, usagef("%s %q: not a name or pattern", l.flag, n)
			}
			*l.dst = append(*l.dst, permission.FlagSetting(l.flag, n))
		}
	}
	for _, p := range o.allowConnect {
		s.AllowConnect = append(s.AllowConnect, permission.FlagSetting("--allow-connect", p))
	}
	for _, p := range o.allowBind {
		s.AllowBind = append(s.AllowBind, permission.FlagSetting("--allow-bind", p))
	}
	switch o.network {
	case "":
	case "none", "all":
		if o.network == "all" && len(o.allowConnect)+len(o.allowBind) > 0 {
			return s, usagef("--network all already allows every port; drop --allow-connect/--allow-bind or use --network none")
		}
		s.NetworkMode = permission.FlagSetting("--network", o.network)
	default:
		return s, usagef("--network %q: want none or all", o.network)
	}
	if o.given.allowUnixSockets {
		s.AllowUnixSockets = permission.FlagSetting("--allow-unix-sockets", o.allowUnixSockets)
	}
	if o.given.bestEffort {
		s.BestEffort = permission.FlagSetting("--best-effort", o.bestEffort)
	}
	if o.timeout > 0 {
		s.Timeout = permission.FlagSetting("--timeout", o.timeout)
	}
	l := &s.Limits
	if o.limits.CPU > 0 {
		l.CPU = permission.FlagSetting("--limit-cpu", o.limits.CPU)
	}
	for _, f := range []struct {
		flag string
		v    uint64
		dst  *permission.Setting[permission.Size]
	}{{"--limit-mem", o.limits.Mem, &l.Mem}, {"--limit-fsize", o.limits.FSize, &l.FSize}} {
		if f.v > 0 {
			*f.dst = permission.FlagSetting(f.flag, permission.Size(f.v))
		}
	}
	for _, f := range []struct {
		flag string
		v    uint64
		dst  *permission.Setting[uint64]
	}{{"--limit-nproc", o.limits.NProc, &l.NProc}, {"--limit-nofile", o.limits.NoFile, &l.NoFile}} {
		if f.v > 0 {
			*f.dst = permission.FlagSetting(f.flag, f.v)
		}
	}
	for _, c := range o.keepCaps {
		name, err := permission.CapabilityName(c)
		if err == nil {
			_, err = exec.ParseCapability(name)
		}
		if err != nil {
			return s, usagef("--keep-cap: %v", err)
		}
		s.KeepCaps = append(s.KeepCaps, permission.FlagSetting("--keep-cap", name))
	}
	return s, nil
}

// auditFlag registers --audit, for the commands that decide or run.
func (o *options) auditFlag(fs *flag.FlagSet) {
	fs.StringVar(&o.audit, "audit", "", "append one JSON line per decision and per run to `FILE` (see 'mewsandbox audit')")
}

// newFlagSet returns a flag set that reports errors instead of exiting and
// prints its help to w.
func newFlagSet(name, synopsis string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "Usage: %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, turning -h into a clean exit and bad flags into a
// usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	// The flag package calls Usage on an error; the error alone is said,
	// with where the help is, not a usage line with no flags under it.
	fs.Usage = func() {}
	fs.VisitAll(onceOnly)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return exitError{status: exitOK}
	}
	if err != nil {
		return usagef("%s: %v (run 'mewsandbox help %s')", fs.Name(), err, fs.Name())
	}
	return nil
}

// onceValue is a flag of one value: given twice with different values it
// is an error, not the last one silently (--mode plan --mode default ran
// in default mode); and for the flags whose empty value would be taken
// for the flag left out (an unset variable in a script: --audit "$LOG"
// ran with no audit log), so is "".
type onceValue struct {
	flag.Value
	given   *string // the value it was given first; nil until then
	noEmpty bool
}

func (v *onceValue) String() string {
	if v.Value == nil {
		return ""
	}
	return v.Value.String()
}

func (v *onceValue) Set(s string) error {
	switch {
	case v.given != nil && *v.given != s:
		return fmt.Errorf("given twice, as %q and as %q: give it once", *v.given, s)
	case s == "" && v.noEmpty:
		return errors.New("empty: leave the flag out for its default")
	}
	v.given = &s
	return v.Value.Set(s)
}

// onceOnly makes f a onceValue unless it is repeatable or boolean (where
// --flag --flag=false is the usual way to say it) or one already.
func onceOnly(f *flag.Flag) {
	switch v := f.Value.(type) {
	case *onceValue, interface{ repeatable() }:
		return
	case interface{ IsBoolFlag() bool }:
		if v.IsBoolFlag() {
			return
		}
	}
	switch f.Name {
	case "root", "mode", "network", "session", "plan-file", "audit":
		f.Value = &onceValue{Value: f.Value, noEmpty: true}
	default:
		f.Value = &onceValue{Value: f.Value}
	}
}

// helpTo makes -h print the flag set's usage to w.
func helpTo(fs *flag.FlagSet, w io.Writer, args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if isHelpFlag(a) {
			fs.SetOutput(w)
			fs.Usage()
			return true
		}
	}
	return false
}

// project is everything the permission engine needs, resolved from the
// options and the environment.
type project struct {
	cwd, root, home string
	config          *permission.Config
	engine          *permission.Engine
	localSettings   string // where "always" approvals are written
}

// resolveMode picks the mode from the flags, then the settings.
func (o *options) resolveMode(cfg *permission.Config) (permission.Mode, error) {
	var picked []string
	if o.mode != "" {
		picked = append(picked, "--mode "+o.mode)
	}
	for _, f := range []struct {
		set  bool
		name string
		mode permission.Mode
	}{{o.yolo, "--yolo", permission.ModeBypassPermissions}, {o.plan, "--plan", permission.ModePlan},
		{o.acceptEdits, "--accept-edits", permission.ModeAcceptEdits}, {o.dontAsk, "--dont-ask", permission.ModeDontAsk}} {
		if f.set {
			picked = append(picked, f.name)
			o.mode = string(f.mode)
		}
	}
	if len(picked) > 1 {
		return "", usagef("conflicting mode flags: %s (give one)", strings.Join(picked, ", "))
	}
	mode := cfg.DefaultMode
	if o.mode != "" {
		m, err := permission.ParseMode(o.mode)
		if err != nil {
			return "", usagef("--mode: %v", err)
		}
		mode = m
	}
	if mode == "" {
		mode = permission.ModeDefault
	}
	if mode == permission.ModeBypassPermissions && cfg.DisableBypass {
		return "", usagef("bypassPermissions mode is disabled by %s (disableBypassPermissionsMode)", cfg.DisableBypassSource)
	}
	return mode, nil
}

// configHome is $XDG_CONFIG_HOME, by default home's .config ("" without a
// home): where the user's settings are (mewsandbox/settings.yaml). A
// relative $XDG_CONFIG_HOME is ignored, as the XDG specification says and
// as permission.Discovery, which loads those settings, does.
func configHome(home string) string {
	if c := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(c) {
		return c
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".config")
}

// resolve builds the permission engine from the options. cwd may be empty
// for the process's working directory.
func (o *options) resolve(cwd string) (*project, error) {
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		cwd = wd
	}
	// The root's checks and the settings' discovery resolve the working
	// directory, the home directory and the user's settings, each below
	// the same few directories: looked at once (nothing has run yet, and
	// nothing here changes the file system).
	res := exec.NewResolver()
	root, err := projectRoot(res, o.root, cwd)
	if err != nil {
		return nil, err
	}
	if o.rootFound != nil {
		o.rootFound(root)
	}
	home := exec.UserHome()
	d := permission.Discovery{
		Root:         root,
		Home:         home,
		ConfigHome:   configHome(home),
		ManagedPath:  managedSettingsPath,
		NoUser:       o.noUserSettings || home == "",
		Extra:        o.settings,
		Exists:       exists,
		Outer:        func() []string { return outerProjects(root, homeDir(res)) },
		TrustProject: o.trustProject,
		Real:         func(p string) string { return realPathIn(res, p) },
	}
	cfg, err := permission.Load(d)
	if err != nil {
		if outOfResources(err) {
			return nil, exitError{status: exitInternal, err: err}
		}
		return nil, usageError{err}
	}
	// Checked here, not only when a run builds its policy: check and the
	// hook without --sandbox would otherwise accept a typo for good.
	for _, name := range cfg.Sandbox.Presets {
		if _, err := exec.LookupPreset(name.Value); err != nil {
			return nil, usagef("%s: sandbox.presets: %v", name.Origin, err)
		}
	}
	for _, c := range cfg.Sandbox.KeepCaps {
		if _, err := exec.ParseCapability(c.Value); err != nil {
			return nil, usagef("%s: sandbox.keepCaps: %v", c.Origin, err)
		}
	}
	for _, l := range []struct {
		kind  permission.RuleKind
		rules []string
	}{{permission.RuleAllow, o.allow}, {permission.RuleAsk, o.ask}, {permission.RuleDeny, o.deny}} {
		if err := permission.AddCommandLineRules(cfg, l.kind, l.rules); err != nil {
			return nil, usageError{err}
		}
	}
	mode, err := o.resolveMode(cfg)
	if err != nil {
		return nil, err
	}
	e := &permission.Engine{
		Rules:    cfg.Rules,
		Mode:     mode,
		Env:      pathEnv(res, cwd, home, root),
		PlanFile: o.planFile,
		Exists:   exists,
		Follow:   follow,
		FoldCase: caseInsensitive,
		// The working directories besides the root, where acceptEdits
		// accepts edits too.
		AdditionalDirs: cfg.AdditionalDirectories,
	}
	// Where pip install x and conda install x install: the venv and the
	// conda environment active here, the ones the commands judged run
	// with.
	e.VirtualEnv, e.CondaPrefix = pythonEnvs(res)
	if o.session != "" {
		stateHome := permission.StateHome(os.Getenv("XDG_STATE_HOME"), home)
		path, err := permission.SessionPath(stateHome, o.session)
		if err != nil {
			return nil, usagef("--session: %v", err)
		}
		s, err := permission.OpenSession(o.session, path)
		if err != nil {
			return nil, err
		}
		e.Session = s
	}
	return &project{
		cwd: cwd, root: root, home: home, config: cfg, engine: e,
		localSettings: filepath.Join(root, ".mewsandbox", "settings.local.yaml"),
	}, nil
}

// managedSettingsPath is the administrator's policy; it cannot be moved by
// an environment variable, or whoever sets the environment could lift it.
const managedSettingsPath = permission.DefaultManagedPath

// exists reports whether something, a dangling symbolic link included,
// is at p.
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// caseInsensitive says whether this system's file systems usually match
// names without regard to case (macOS's APFS and HFS+ as formatted by
// default): there .GIT/hooks is .git/hooks, and follow writes what exists
// of a path as it is on disk, so that the engine's protected names and the
// rules meet it. Elsewhere follow does so where a directory is seen to
// fold case (foldsCase).
const caseInsensitive = runtime.GOOS == "darwin"

// onDiskCase returns real, an existing path with no links, with each
// component named as its directory lists it (names(dir)): the entry that
// equals it, else the one that equals it but for case. A directory that
// cannot be listed leaves the rest as it is.
func onDiskCase(real string, names func(dir string) []string) string {
	out := "/"
	for _, c := range strings.Split(strings.TrimPrefix(real, "/"), "/") {
		if c == "" {
			continue
		}
		ents := names(out)
		if !slices.Contains(ents, c) {
			if i := slices.IndexFunc(ents, func(e string) bool { return strings.EqualFold(e, c) }); i >= 0 {
				c = ents[i]
			}
		}
		out = filepath.Join(out, c)
	}
	return out
}

// foldsCase reports whether a directory on real, an existing path with
// no links, matches names without regard to case off macOS (an ext4 or
// tmpfs casefold directory, WSL's drvfs under /mnt/c, a FAT volume): a
// component with its ASCII letters' case swapped names the same file
// there (same). Two files whose names differ in case, as a case-sensitive
// directory may hold, are not one; a link from one to the other may be
// taken for folding, which costs only onDiskCase's listing (it keeps a
// name listed as given).
func foldsCase(real string, same func(a, b string) bool) bool {
	dir := "/"
	for _, c := range strings.Split(strings.TrimPrefix(real, "/"), "/") {
		if c == "" {
			continue
		}
		if sw := swapCase(c); sw != c && same(filepath.Join(dir, c), filepath.Join(dir, sw)) {
			return true
		}
		dir = filepath.Join(dir, c)
	}
	return false
}

// swapCase swaps the case of s's ASCII letters.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z':
			return r - 'a' + 'A'
		case 'A' <= r && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, s)
}

// outOfResources says whether err is the runner's own shortage of
// descriptors (ulimit -n, the system's file table) or memory, which says
// nothing of the settings it met reading them: an internal error (125),
// not invalid settings (2).
func outOfResources(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.ENOMEM)
}

// readNames lists the names in directory dir, or none.
func readNames(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	return names
}

// maxFollow bounds the links follow resolves, as the kernel's ELOOP does.
const maxFollow = 40

// follow returns absolute path p with its symbolic links resolved as the
// kernel resolves them to open or create it (permission.Engine.Follow):
// what exists of it through filepath.EvalSymlinks, which takes a ".."
// after a link from where the link leads, and a last component that is a
// dangling link by its target, which a write creates. "" for a loop, or
// more links than the kernel follows.
func follow(p string) string {
	hops := maxFollow
	return followIn(p, &hops)
}

// followed remembers what followIn found for a path whose resolution
// followed no link, for the rest of the process: a command line's every
// command asks for its working directory, and where those lie ever deeper
// below a missing directory (cd a && … a thousand times, then cat x), each
// ask walked all of the levels above it again, a quadratic that held a
// check for 9 s (3,000 levels: 81 s, past a hook's timeout). Bounded by
// maxFollowed entries.
var followed struct {
	sync.Mutex
	m map[string]string
}

const maxFollowed = 4096

// followIn is follow with a budget of links, shared by the directories
// it resolves on the way: a link that leads into itself (loop → loop/x)
// would otherwise start a fresh count at each level, for ever (a review
// held the hook so, past Claude Code's timeout).
func followIn(p string, hops *int) string {
	followed.Lock()
	r, ok := followed.m[p]
	followed.Unlock()
	if ok {
		return r
	}
	start := *hops
	r = followLinks(p, hops)
	if start > 0 && *hops == start {
		followed.Lock()
		if followed.m == nil {
			followed.m = map[string]string{}
		}
		if len(followed.m) < maxFollowed {
			followed.m[p] = r
		}
		followed.Unlock()
	}
	return r
}

// followLinks is followIn without its memory.
func followLinks(p string, hops *int) string {
	for *hops > 0 {
		// One lstat first: where it fails (a component missing, a path
		// longer than PATH_MAX), so would EvalSymlinks, which lstats each
		// component in turn.
		if _, err := os.Lstat(p); err == nil {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				if caseInsensitive || foldsCase(real, sameFile) {
					return onDiskCase(real, readNames)
				}
				return real
			}
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return p
		}
		dir, base := p[:i], p[i+1:]
		if dir == "" {
			dir = "/"
		}
		if dir = followIn(dir, hops); dir == "" {
			return ""
		}
		switch base {
		case "", ".":
			return dir
		case "..":
			return filepath.Dir(dir)
		}
		q := filepath.Join(dir, base)
		target, err := os.Readlink(q)
		if err != nil {
			return q // missing, or no link: opened or created right there
		}
		*hops--
		if !filepath.IsAbs(target) {
			target = dir + "/" + target
		}
		p = target
	}
	return ""
}

// pythonEnvs returns the Python virtual environment (VIRTUAL_ENV) and
// the conda environment (CONDA_PREFIX) active here, each absolute and
// with its links resolved as the root's are, or "" when none is. When
// both are, pip is the venv's only if its bin directory comes first in
// PATH: conda activate after source .venv/bin/activate puts conda's
// first, and the venv is then left out.
func pythonEnvs(res *exec.Resolver) (venv, conda string) {
	env := func(name string) string {
		v := os.Getenv(name)
		if !filepath.IsAbs(v) {
			return ""
		}
		if real, err := res.EvalSymlinks(v); err == nil {
			return real
		}
		return filepath.Clean(v)
	}
	venv, conda = env("VIRTUAL_ENV"), env("CONDA_PREFIX")
	if venv != "" && conda != "" {
		at := func(name string) int {
			bin := filepath.Join(os.Getenv(name), "bin")
			for i, d := range filepath.SplitList(os.Getenv("PATH")) {
				if filepath.Clean(d) == bin {
					return i
				}
			}
			return -1
		}
		if c, v := at("CONDA_PREFIX"), at("VIRTUAL_ENV"); c >= 0 && (v < 0 || c < v) {
			venv = ""
		}
	}
	return venv, conda
}

// pathEnv is the engine's view of where a command runs: the working
// directory where its links lead, which the kernel opens relative paths
// from (a project reached through a link is then in the root, not every
// write in it "outside the project root"), and the shell's name for it,
// which cd takes a ".." from.
func pathEnv(res *exec.Resolver, cwd, home, root string) permission.PathEnv {
	env := permission.PathEnv{Cwd: cwd, Home: home, Root: root}
	if real, err := res.EvalSymlinks(cwd); err == nil && real != filepath.Clean(cwd) {
		env.Cwd, env.Pwd = real, filepath.Clean(cwd)
	}
	return env
}

// projectRoot returns the explicit root, or the git top-level of cwd, or
// cwd. An explicit root must be an existing directory. A root the sandbox
// must never make writable is refused: /, the home directory, or a
// directory that holds it or the user's own settings (userConfig). It
// resolves links through res (nil: the file system each time).
func projectRoot(res *exec.Resolver, explicit, cwd string) (string, error) {
	home := homeDir(res)
	if explicit != "" {
		abs, err := filepath.Abs(explicit)
		if err != nil {
			return "", usagef("--root %s: %v", explicit, err)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return "", usagef("--root %s: %v", explicit, errors.Unwrap(err))
		}
		if !fi.IsDir() {
			return "", usagef("--root %s: not a directory", explicit)
		}
		root, err := res.EvalSymlinks(abs)
		if err != nil {
			return "", usagef("--root %s: %v", explicit, err)
		}
		// --root . in such a directory is the same trap as running there.
		if err := linkedOut(res, abs, root, home); err != nil {
			return "", err
		}
		return root, checkRoot(res, root, home, "--root "+explicit)
	}
	real, err := res.EvalSymlinks(cwd)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %w", cwd, err)
	}
	// Walking up for .git costs a few stats; running git would cost a
	// process. The walk stops below the home directory: a dotfiles
	// repository there must not make the whole home the project.
	root, what := gitTop(real, home), "the git repository of the working directory"
	if root == "" {
		root, what = real, "the working directory"
	}
	if err := linkedOut(res, cwd, root, home); err != nil {
		return "", err
	}
	return root, checkRoot(res, root, home, what)
}

// gitTop returns the nearest directory from dir up that holds a .git,
// stopping below the home directory; "" for none.
func gitTop(dir, home string) string {
	for ; !underOrAbove(dir, home); dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
	}
	return ""
}

// linkedOut refuses a working directory, named as the shell has it (cwd),
// that is reached through a symbolic link lying inside a git repository
// and leading out of it, to what would become the project root: a
// sandboxed command run in that repository may have made the link (a
// probe's command left docs -> a directory of keys, and the next run,
// started after cd docs, took the keys' directory for its writable root).
// Links are judged wherever the way meets them, in a link's target too
// (hop -> REPO/docs -> the keys). A link that stays inside its
// repository, or lies outside any, is followed.
func linkedOut(res *exec.Resolver, cwd, root, home string) error {
	cwd = filepath.Clean(cwd)
	if realPathIn(res, cwd) == cwd {
		return nil // no link on the way
	}
	tops := map[string]string{} // the git top-level of each directory asked
	link := exec.LinkOnWayIn(cwd, func(dir string) bool {
		top, ok := tops[dir]
		if !ok {
			top = gitTop(dir, home)
			tops[dir] = top
		}
		return top != "" && !pathWithin(root, top)
	})
	if link == "" {
		return nil
	}
	return usagef("%s is reached through the symbolic link %s in the git repository %s, which a sandboxed command run there could have made, and leads out of it to the project root %s; cd to %s itself (cd -P) or pass it as --root", cwd, link, tops[filepath.Dir(link)], root, realPathIn(res, cwd))
}

// userConfig lists where the user's own settings live, which apply to
// every run and every git command with the user's trust: mewsandbox's and
// git's in the configuration directory, Claude Code's ~/.claude and
// $GIT_CONFIG_GLOBAL. Each is named by what it is, links resolved through
// res (nil: the file system each time).
func userConfig(res *exec.Resolver, home string) [][2]string {
	var out [][2]string
	// name in the real directory dir: where it is, and where it leads when
	// a link (into a dotfiles repository, say).
	add := func(dir, name, what string) {
		at := filepath.Join(dir, name)
		out = append(out, [2]string{at, what})
		if fi, err := os.Lstat(at); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			out = append(out, [2]string{realPathIn(res, at), what})
		}
	}
	if config := configHome(home); config != "" {
		config = realPathIn(res, config)
		add(config, "mewsandbox", "mewsandbox settings")
		add(config, "git", "git configuration")
	}
	if home != "" {
		home = realPathIn(res, home)
		add(home, ".claude", "Claude Code settings")
		add(home, ".gitconfig", "git configuration")
	}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); filepath.IsAbs(g) {
		add(realPathIn(res, filepath.Dir(g)), filepath.Base(g), "git configuration ($GIT_CONFIG_GLOBAL)")
	}
	return out
}

// outerProjects lists the directories above root, nearest first and up
// to the same bound as the walk for .git, that hold a project's marker
// (.git, .mewsandbox, .claude). A sandboxed command run in one of them
// could have made root, a project of its own inside it, and its settings.
func outerProjects(root, home string) []string {
	var outer []string
	for dir := filepath.Dir(root); dir != root && !underOrAbove(dir, home); root, dir = dir, filepath.Dir(dir) {
		for _, marker := range []string{".git", ".mewsandbox", ".claude"} {
			if _, err := os.Lstat(filepath.Join(dir, marker)); err == nil {
				outer = append(outer, dir)
				break
			}
		}
	}
	return outer
}

// homeDir is $HOME with symbolic links resolved (through res: nil looks
// at the file system), "" when unset.
func homeDir(res *exec.Resolver) string {
	home := exec.UserHome()
	if home == "" {
		return ""
	}
	return realPathIn(res, home)
}

// underOrAbove reports whether dir is the home directory, or / or another
// directory that holds it.
func underOrAbove(dir, home string) bool {
	return dir == "/" || home != "" && pathWithin(home, dir)
}

// checkRoot refuses a project root that is /, the home directory, or a
// directory holding it: every command would be free to write all of it
// (shell start-up files, ~/.ssh, other projects); one that is a shared
// temporary or runtime directory (sharedDir); and one that is or lies
// in the user's own settings or a protected directory (inProtected). what
// names where the root came from.
func checkRoot(res *exec.Resolver, root, home, what string) error {
	is := rootIs(res, root, home)
	if is == "" {
		return nil
	}
	return usagef("project root %s (%s) is %s: sandboxed commands may write all of the project root, so mewsandbox refuses it; run from a project directory or pass --root DIR", root, what, is)
}

// rootIs says what checkRoot refuses root for, or "", resolving links
// through res.
func rootIs(res *exec.Resolver, root, home string) string {
	switch {
	case root == "/":
		return "the file system root"
	case root == home:
		return "your home directory"
	}
	// The kernel's settings and the devices, which no write grant may
	// name (kernelWrite): without the layer a root command opened
	// /proc/sys/kernel's sysctls for writing with --root there.
	if what := exec.KernelWrite(root); what != "" {
		return "in " + what
	}
	// A system directory, which has no .git, is the root when run in it:
	// the command could rewrite its programs or, as root, /etc/passwd.
	if slices.ContainsFunc(append(exec.SystemDirs(), "/var", "/boot"), func(d string) bool { return d == root || realPath(d) == root }) {
		return "the system directory " + root
	}
	// Before the home directory it may hold: what the root is.
	if is := sharedDir(res, root); is != "" {
		return is
	}
	if home != "" && pathWithin(home, root) {
		return "a directory that holds your home directory " + home
	}
	// A command that could write these would widen the next run itself
	// (the namespace layer protects the root's own settings).
	for _, c := range userConfig(res, home) {
		if pathWithin(c[0], root) {
			return "a directory that holds your " + c[1] + " " + c[0]
		}
		if pathWithin(root, c[0]) {
			return "in your " + c[1] + " " + c[0]
		}
	}
	return inProtected(root)
}

// sharedDirs are the temporary and runtime directories every program on
// the host keeps its files, sockets and shared memory in (with
// $XDG_RUNTIME_DIR, the user's own).
var sharedDirs = []struct{ path, what string }{
	{"/tmp", "the shared temporary directory /tmp"},
	{"/var/tmp", "the shared temporary directory /var/tmp"},
	{"/dev/shm", "the shared memory directory /dev/shm"},
	{"/run", "the shared runtime directory /run"},
	{"/var/run", "the shared runtime directory /var/run"},
}

// sharedDir says what shared directory root (a real path) is, or "": one
// of sharedDirs or $XDG_RUNTIME_DIR, by its real path, or any directory
// every user may write with the sticky bit set (/run/lock, /tmp/.X11-unix,
// another system's temporary directory). Running in /tmp with no git
// repository made /tmp itself the root, and the command could delete or
// rewrite every other program's files there (as root: anyone's). A
// directory below one is a root like any other. Only a candidate of the
// root's own name has its links resolved: nothing more on a run's way.
func sharedDir(res *exec.Resolver, root string) string {
	is := func(dir string) bool {
		return root == dir || filepath.IsAbs(dir) && filepath.Base(root) == filepath.Base(dir) && root == realPathIn(res, dir)
	}
	for _, d := range sharedDirs {
		if is(d.path) {
			return d.what + ", where other programs keep their files and sockets"
		}
	}
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" && is(x) {
		return "your runtime directory $XDG_RUNTIME_DIR, where other programs keep their files and sockets"
	}
	if fi, err := os.Stat(root); err == nil && fi.IsDir() && fi.Mode()&(os.ModeSticky|0o002) == os.ModeSticky|0o002 {
		return "a directory every user may write, with the sticky bit (a shared one, as /tmp is), where other programs keep their files"
	}
	return ""
}

// inProtected says what protected directory root is or lies in, or "":
// a git directory (a .git, a bare repository, a linked worktree's
// administrative directory), whose hooks and config git runs outside the
// sandbox, or is an agent's settings directory (.mewsandbox, .claude,
// .codex), which decides what later runs may do. The namespace layer keeps these read-only inside a root,
// never the root itself nor what lies above it: a review's run in a bare
// repository wrote hooks/post-receive and config, and --root .git/hooks
// wrote the project's hooks, with the layer too.
func inProtected(root string) string {
	if g := gitDirAt(root); g != "" {
		in := "in "
		if g == root {
			in = ""
		}
		return in + "the git directory " + g + ", whose hooks and config git runs outside the sandbox"
	}
	switch filepath.Base(root) {
	case ".mewsandbox", ".claude", ".codex":
		// Below one, the root is the command's to write but the settings
		// are not (Claude Code keeps worktrees in .claude/worktrees).
		return "the agent settings directory " + root + ", which decides what later runs may do"
	}
	return ""
}

// gitDirAt is the git directory p (a real path) is or lies in: a .git,
// or a directory git takes for one (isGitDir); "" for none.
func gitDirAt(p string) string {
	for dir := p; ; dir = filepath.Dir(dir) {
		if filepath.Base(dir) == ".git" || isGitDir(dir) {
			return dir
		}
		if dir == "/" {
			return ""
		}
	}
}

// isGitDir reports whether dir is a git directory as git tells one: a
// HEAD, and objects and refs directories or a commondir naming them.
func isGitDir(dir string) bool {
	if fi, err := os.Lstat(filepath.Join(dir, "HEAD")); err != nil || fi.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, "commondir")); err == nil {
		return true
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// pathWithin reports whether the clean, absolute path p is dir or lies
// below it.
func pathWithin(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir) && p[len(dir)] == '/'
}
