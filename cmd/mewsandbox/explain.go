package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/permission"
	"github.com/mewsandbox/mewsandbox/seatbelt"
	"golang.org/x/sys/unix"
)

// explanation is the effective policy of a run, as `explain` prints it.
type explanation struct {
	Mode        string      `json:"mode"`
	Policy      exec.Policy `json:"policy"`
	LandlockABI int         `json:"landlockABI"`
	Paths       []pathLine  `json:"paths"`
	Refused     []string    `json:"refusedSyscalls"`
	Sockets     string      `json:"sockets"`
	// SysVIPC says what the run does with System V IPC, "" where seccomp
	// refuses it whatever (Refused lists it then).
	SysVIPC string `json:"sysVIPC,omitempty"`
	// Ptrace says what the run does with tracing, "" where seccomp
	// refuses it whatever (Refused lists it then).
	Ptrace string `json:"ptrace,omitempty"`
	// InheritedSockets are the sockets a run may hand the command (stdio,
	// --pass-fd).
	InheritedSockets string   `json:"inheritedSockets"`
	EnvDropped       []string `json:"envDropped"`
	NotEnforced      []string `json:"notEnforced"`
	Notes            []string `json:"notes"`
	SettingFiles     []string `json:"settingsFiles"`
	// Restricted are the settings files of which only what they forbid
	// applies (a nested project's, an outer project's).
	Restricted []string `json:"restrictedSettingsFiles,omitempty"`
	// Presets are what each preset adds; Sandbox is the settings and
	// flags the policy was built from, each value with its origin.
	Presets []presetReport     `json:"presets"`
	Sandbox permission.Sandbox `json:"sandboxSettings"`
}

// presetReport is one preset as explain shows it.
type presetReport struct {
	Name   string              `json:"name"`
	Source string              `json:"source"`
	Doc    string              `json:"doc"`
	Grants []presetGrantReport `json:"grants"`
}

type presetGrantReport struct {
	exec.PresetGrant
	Exists bool `json:"exists"`
}

// presetReports describes the presets sb names; policy has checked the
// names.
func presetReports(sb *permission.Sandbox, home string) []presetReport {
	var out []presetReport
	for _, name := range sb.Presets {
		pr, err := exec.LookupPreset(name.Value)
		if err != nil {
			continue
		}
		r := presetReport{Name: pr.Name, Source: name.Origin.String(), Doc: pr.Doc}
		for _, g := range pr.Grants(home, os.Getenv) {
			_, err := os.Stat(g.Path)
			r.Grants = append(r.Grants, presetGrantReport{PresetGrant: g, Exists: err == nil})
		}
		out = append(out, r)
	}
	return out
}

// printPresets prints what each preset adds, and where each sandbox
// setting came from.
func printPresets(w io.Writer, x explanation) {
	for _, pr := range x.Presets {
		fmt.Fprintf(w, "preset %s (%s): %s\n", pr.Name, pr.Source, pr.Doc)
		for _, g := range pr.Grants {
			state := ""
			switch {
			case !g.Exists && g.Create:
				state = " [missing: made before the run]"
			case !g.Exists:
				state = " [missing: skipped]"
			}
			fmt.Fprintf(w, "  %-3s %-36s %s%s\n", g.Access, g.Path, g.Why, state)
		}
	}
	lines := sandboxSettingLines(x.Sandbox)
	if len(lines) > 0 {
		fmt.Fprintf(w, "sandbox settings (value, then where it was set):\n")
	}
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", l)
	}
}

// sandboxSettingLines renders every value of sb with its origin.
func sandboxSettingLines(sb permission.Sandbox) []string {
	var out []string
	add := func(key string, value any, o permission.Origin) {
		out = append(out, fmt.Sprintf("%-18s %-28v %s", key, value, o))
	}
	for _, l := range []struct {
		key  string
		list []permission.Setting[string]
	}{{"allowRead", sb.AllowRead}, {"allowWrite", sb.AllowWrite}, {"denyRead", sb.DenyRead},
		{"env.pass", sb.EnvPass}, {"env.drop", sb.EnvDrop}, {"presets", sb.Presets}, {"keepCaps", sb.KeepCaps}} {
		for _, v := range l.list {
			add(l.key, v.Value, v.Origin)
		}
	}
	for _, l := range []struct {
		key  string
		list []permission.Setting[uint16]
	}{{"allowConnect", sb.AllowConnect}, {"allowBind", sb.AllowBind}} {
		for _, v := range l.list {
			add(l.key, v.Value, v.Origin)
		}
	}
	if v := sb.NetworkMode; v.IsSet() {
		add("network.mode", v.Value, v.Origin)
	}
	for _, v := range []struct {
		key string
		s   permission.Setting[bool]
	}{{"allowUnixSockets", sb.AllowUnixSockets}, {"bestEffort", sb.BestEffort}, {"lockFilesystem", sb.LockFilesystem}} {
		if v.s.IsSet() {
			add(v.key, v.s.Value, v.s.Origin)
		}
	}
	if v := sb.Timeout; v.IsSet() {
		add("timeout", v.Value, v.Origin)
	}
	l := sb.Limits
	for _, v := range []struct {
		key string
		set bool
		v   any
		o   permission.Origin
	}{{"limits.mem", l.Mem.IsSet(), l.Mem.Value, l.Mem.Origin}, {"limits.cpu", l.CPU.IsSet(), l.CPU.Value, l.CPU.Origin},
		{"limits.nproc", l.NProc.IsSet(), l.NProc.Value, l.NProc.Origin}, {"limits.fsize", l.FSize.IsSet(), l.FSize.Value, l.FSize.Origin},
		{"limits.nofile", l.NoFile.IsSet(), l.NoFile.Value, l.NoFile.Origin}} {
		if v.set {
			add(v.key, v.v, v.o)
		}
	}
	return out
}

// fileRights are the Landlock rights that mean something on a file.
const fileRights = landlock.Execute | landlock.WriteFile | landlock.ReadFile | landlock.Truncate | landlock.IoctlDev

type pathLine struct {
	Path   string `json:"path"`
	Rights string `json:"rights"`
}

// formatGiven says whether --format was on the command line.
func formatGiven(fs *flag.FlagSet) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "format" })
	return given
}

func cmdExplain(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var o options
	var format string
	fs := newFlagSet("explain", "mewsandbox explain [flags] [--format text|json|sbpl]", stdout)
	o.permissionFlags(fs)
	o.jsonFlag(fs)
	o.sandboxFlags(fs)
	fs.StringVar(&format, "format", "text", "output `FORMAT`: text, json, or sbpl (the macOS Seatbelt profile, on any OS)")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.json {
		if format != "json" && formatGiven(fs) {
			return usagef("--json and --format %s disagree: give one", format)
		}
		format = "json"
	}
	if format != "text" && format != "json" && format != "sbpl" {
		return usagef("--format %q: want text, json or sbpl", format)
	}
	if fs.NArg() > 0 {
		return usagef("explain takes no command; it shows the policy every run with these flags gets")
	}
	p, err := o.resolve("")
	if err != nil {
		return err
	}
	printWarnings(stderr, p.config.Warnings)
	pol, rs, err := o.policy(p, stderr)
	if err != nil {
		return err
	}
	if format == "sbpl" {
		return printSBPL(stdout, pol, p.home)
	}
	enf, err := pol.Plan()
	if err != nil {
		return exitError{status: exitInternal, err: err}
	}
	_, dropped := exec.EnvFilter{Pass: rs.envPass, Drop: rs.envDrop}.Apply(os.Environ())
	sysv := sysVIPCLine(pol, &enf, exec.MemoryMax)
	x := explanation{
		Mode:             string(p.engine.Mode),
		Policy:           pol,
		LandlockABI:      enf.LandlockABI,
		Refused:          enf.Seccomp.DenySyscalls,
		Sockets:          socketsLine(enf, pol.OwnNetwork(), exec.NetworkNamespace),
		SysVIPC:          sysv,
		Ptrace:           ptraceLine(enf),
		InheritedSockets: pol.Network.InheritedSockets(),
		EnvDropped:       dropped,
		NotEnforced:      enf.Missing,
		Notes:            enf.Notes,
		Presets:          presetReports(&p.config.Sandbox, p.home),
		Sandbox:          p.config.Sandbox,
	}
	for _, r := range enf.Landlock.Paths {
		fi, err := os.Stat(r.Path)
		if err != nil && r.Optional {
			continue // absent here, so skipped by the sandbox too
		}
		access := r.Access
		if err == nil && !fi.IsDir() {
			access &= fileRights // Landlock grants a file only these
		}
		x.Paths = append(x.Paths, pathLine{Path: r.Path, Rights: access.String()})
	}
	for _, f := range p.config.Files {
		x.SettingFiles = append(x.SettingFiles, f.Path)
		if f.Restricted {
			x.Restricted = append(x.Restricted, f.Path)
		}
	}
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(x)
	}
	fmt.Fprintf(stdout, "mode:        %s\nroot:        %s", x.Mode, pol.Root)
	if pol.ReadOnlyRoot {
		fmt.Fprint(stdout, " (read-only)")
	}
	if runtime.GOOS == "darwin" {
		// Seatbelt enforces the policy; its profile is the exact
		// statement of it.
		fmt.Fprintf(stdout, "\nbackend:     seatbelt (sandbox-exec); the exact profile: mewsandbox explain --format sbpl\n")
		for _, g := range pol.Grants {
			fmt.Fprintf(stdout, "  %-28s %s\n", g.Path, g.Access)
		}
		fmt.Fprintf(stdout, "network:     %s\n", networkLine(pol.Network))
		for _, n := range x.Notes {
			fmt.Fprintf(stdout, "note:        %s\n", n)
		}
		printPresets(stdout, x)
		return nil
	}
	fmt.Fprintf(stdout, "\nlandlock:    ABI %d\npaths (anything not listed is neither readable nor writable):\n", x.LandlockABI)
	for _, l := range x.Paths {
		fmt.Fprintf(stdout, "  %-28s %s\n", l.Path, l.Rights)
	}
	fmt.Fprintf(stdout, "  %-28s %s\n", "(private TMPDIR per run)", "read, write, execute (with the namespace layer a tmpfs of the sandbox's own in a /tmp of its own, as writable, else a directory removed afterwards)")
	fmt.Fprintf(stdout, "network:     %s\n", networkLine(pol.Network))
	fmt.Fprintf(stdout, "sockets:     %s\n", x.Sockets)
	fmt.Fprintf(stdout, "inherited:   sockets given as stdin, stdout, stderr or with --pass-fd: %s\n", x.InheritedSockets)
	fmt.Fprintf(stdout, "             descriptors of no file: an eventfd, timerfd, signalfd or epoll set; any other (io_uring, userfaultfd, perf event, inotify, fanotify, pidfd …) refuses the run,\n")
	fmt.Fprintf(stdout, "             as does a file of /proc, /sys or the cgroup file systems open for writing, a character device but a terminal, a pty's master and /dev/null and kin,\n")
	fmt.Fprintf(stdout, "             and a unix socket with descriptors queued on it; a unix socket handed over takes none later (SO_PASSRIGHTS off, Linux 6.16)\n")
	fmt.Fprintf(stdout, "syscalls refused (EPERM): %s\n", strings.Join(x.Refused, " "))
	if x.SysVIPC != "" {
		fmt.Fprintf(stdout, "  %s\n", x.SysVIPC)
	}
	if x.Ptrace != "" {
		fmt.Fprintf(stdout, "  %s\n", x.Ptrace)
	}
	fmt.Fprintf(stdout, "  and always: clone/unshare with namespace flags (EPERM), clone3 and openat2 (ENOSYS: libc falls back to clone, callers to openat),\n")
	fmt.Fprintf(stdout, "  ioctl TIOCSTI/TIOCLINUX/TIOCEXCL/TIOCSETD/TIOCGPTPEER, TCXONC(TCOOFF) and the console's KD*/VT_* matched on the low 32 bits, fcntl F_SETLEASE,\n")
	fmt.Fprintf(stdout, "  a set-user-ID or set-group-ID bit in chmod/fchmod/fchmodat/fchmodat2/creat/mknod/mknodat/open/openat's mode (EPERM);\n")
	fmt.Fprintf(stdout, "  extended attributes read by name: getxattr/lgetxattr/listxattr/llistxattr (EOPNOTSUPP), getxattrat/listxattrat (ENOSYS; fgetxattr and flistxattr work);\n")
	fmt.Fprintf(stdout, "  personality but the Linux domains, UNAME26, ADDR_NO_RANDOMIZE and the query (EPERM), memfd_secret (ENOSYS);\n")
	fmt.Fprintf(stdout, "  another architecture's syscalls kill the process\n")
	fmt.Fprintf(stdout, "capabilities: %s\n", capabilitiesLine(pol.KeepCaps))
	fmt.Fprintf(stdout, "namespaces:  %s\n", namespacesLine(pol.NoNamespaces))
	if l := limitsLine(pol.Limits); l != "" {
		fmt.Fprintf(stdout, "limits:      %s\n", l)
		if pol.Limits.Mem > 0 || pol.Limits.NProc > 0 {
			fmt.Fprintf(stdout, "  cgroup:    %s\n", exec.CgroupLimits())
		}
	}
	if len(x.EnvDropped) > 0 {
		fmt.Fprintf(stdout, "environment dropped: %s (keep one with --env-pass NAME)\n", strings.Join(x.EnvDropped, " "))
	}
	if len(x.SettingFiles) > 0 {
		fmt.Fprintf(stdout, "settings:    %s\n", strings.Join(x.SettingFiles, ", "))
	}
	if len(x.Restricted) > 0 {
		fmt.Fprintf(stdout, "             of which only what they forbid applies (the project lies inside another): %s\n", strings.Join(x.Restricted, ", "))
	}
	for _, n := range x.Notes {
		fmt.Fprintf(stdout, "note:        %s\n", n)
	}
	printPresets(stdout, x)
	if len(x.NotEnforced) > 0 {
		fmt.Fprintf(stdout, "NOT ENFORCED on this kernel (runs are refused unless --best-effort):\n")
		for _, m := range x.NotEnforced {
			fmt.Fprintf(stdout, "  - %s\n", m)
		}
	}
	return nil
}

// sysVIPCLine says what a run of pol does with System V IPC here, "" where
// e's filter refuses it whatever. The layer's IPC namespace lets e allow
// it; under --limit-mem a run keeps it only where its cgroup holds the
// limit as memory.max, which counts their memory (RLIMIT_AS does not),
// and explain makes no cgroup: memoryMax (exec.MemoryMax) says what can
// be known without. Where the run refuses them for sure, so does e.
func sysVIPCLine(pol exec.Policy, e *exec.Enforcement, memoryMax func() (bool, error)) string {
	if !e.Seccomp.AllowSysVIPC {
		return ""
	}
	const allowed = "System V IPC (shm*, msg*, sem*) allowed: the namespace layer's IPC namespace holds only the sandbox's own objects, gone with the run (refused as well where the run gets no IPC namespace)"
	if pol.Limits.Mem == 0 {
		return allowed
	}
	handed, err := memoryMax()
	switch {
	case err != nil:
		e.Seccomp.AllowSysVIPC, e.Seccomp.DenySyscalls = false, nil
		e.Seccomp.DenySyscalls = e.Seccomp.Denied()
		return "System V IPC (shm*, msg*, sem*) refused: under --limit-mem only the run's cgroup's memory.max would count their memory (RLIMIT_AS does not), and a run gets no memory.max here: " + err.Error()
	case handed:
		return allowed + "; under --limit-mem the run's cgroup counts their memory as memory.max (refused as well where that cgroup cannot be made)"
	}
	return "System V IPC (shm*, msg*, sem*) refused unless the run's cgroup gets memory.max, which alone counts their memory under --limit-mem: the runner's cgroup does not hand the memory controller down yet, and only the run's try tells whether it may (cgroup v2 refuses where that cgroup has processes of its own); allowed then, in the namespace layer's IPC namespace"
}

// ptraceLine says what a run planned as e does with tracing, "" where e
// refuses it.
func ptraceLine(e exec.Enforcement) string {
	if !e.Seccomp.AllowPtrace {
		return ""
	}
	return "tracing of the command's own processes (ptrace, process_vm_readv/writev, pidfd_getfd, kcmp) allowed: the namespace layer's pid namespace names no process outside but its init, which is undumpable, and Landlock refuses every process outside the command's domain (refused as well where the run gets no pid namespace)"
}

func networkLine(n exec.Network) string {
	if n.Mode == exec.NetworkAll {
		return "all"
	}
	s := "none"
	if len(n.Connect) > 0 {
		s += fmt.Sprintf("; TCP connect to ports %v", n.Connect)
	}
	if len(n.Bind) > 0 {
		s += fmt.Sprintf("; TCP bind to ports %v", n.Bind)
	}
	return s
}

// socketsLine says which sockets the command may make; ownNetwork, that
// under the namespace layer it is in a network namespace of its own, where
// netns (exec.NetworkNamespace) says the kernel gives one.
func socketsLine(e exec.Enforcement, ownNetwork bool, netns func() (string, error)) string {
	var fam []string
	switch {
	case e.Seccomp.AllowInet:
		fam = append(fam, "inet (all types)")
	case e.Seccomp.AllowInetStream:
		fam = append(fam, "inet (TCP only)")
	}
	if e.Seccomp.AllowUnix {
		fam = append(fam, "unix")
	}
	if e.Seccomp.AllowNetlinkRoute {
		fam = append(fam, "netlink (NETLINK_ROUTE only: reading the interfaces and routes)")
	}
	s := "socket() allowed for " + strings.Join(fam, ", ") + "; every other family refused"
	if len(fam) == 0 {
		s = "socket() refused for every family; socketpair(AF_UNIX) allowed; bind() refused (no abstract unix names)"
	}
	if !e.Seccomp.AllowUnix {
		s += "; unix datagram pairs refused (they can address any unix socket)"
	}
	if !e.Seccomp.AllowInet {
		s += "; TCP Fast Open (MSG_FASTOPEN) refused"
	}
	if ownNetwork {
		if _, err := netns(); err != nil && !errors.Is(err, exec.ErrNoNamespaceLayer) {
			s += "; no network namespace of its own: " + err.Error()
		} else {
			s += "; with the namespace layer a network namespace of its own, whose abstract unix names, /proc/net and netlink are not the host's"
		}
	}
	return s
}

// printSBPL prints the Seatbelt profile a Mac would enforce for pol, with
// the -D parameters sandbox-exec would get, so it can be reviewed anywhere.
func printSBPL(w io.Writer, pol exec.Policy, home string) error {
	// The real TMPDIR is made per run; this stands in for it.
	const tempDir = "/private/tmp/mewsandbox-RUN"
	profile, params, err := seatbelt.Render(pol.Seatbelt(tempDir), home)
	if err != nil {
		return exitError{status: exitInternal, err: fmt.Errorf("seatbelt profile: %w", err)}
	}
	fmt.Fprintf(w, ";; sandbox-exec -p PROFILE")
	for _, p := range params {
		fmt.Fprintf(w, " -D %q", p)
	}
	fmt.Fprintf(w, " -- CMD ARGS\n%s", profile)
	return nil
}

// capabilitiesLine says which capabilities a command keeps.
func capabilitiesLine(keep []string) string {
	if len(keep) == 0 {
		return "none (a root command loses every one)"
	}
	return "only " + strings.Join(keep, ", ") + ", if the runner has them"
}

// limitsLine lists the resource limits set, "" when none is. A limit above
// the hard limit the runner has is said to be that: the child can only
// lower what it inherits (explain --limit-nofile 99999999999 showed the
// number asked for, the run got 20000).
func limitsLine(l exec.Limits) string {
	var parts []string
	for _, f := range []struct {
		name string
		want uint64 // in the rlimit's unit
		v    any
		res  int
	}{{"cpu", uint64(math.Ceil(l.CPU.Seconds())), l.CPU, unix.RLIMIT_CPU}, {"mem", l.Mem, permission.Size(l.Mem), unix.RLIMIT_AS},
		{"nproc", l.NProc, l.NProc, unix.RLIMIT_NPROC}, {"fsize", l.FSize, permission.Size(l.FSize), unix.RLIMIT_FSIZE},
		{"nofile", l.NoFile, l.NoFile, unix.RLIMIT_NOFILE}} {
		if f.want == 0 {
			continue
		}
		part := fmt.Sprintf("%s %v", f.name, f.v)
		var r unix.Rlimit
		if err := unix.Getrlimit(f.res, &r); err == nil && r.Max != unix.RLIM_INFINITY && uint64(r.Max) < f.want {
			part += fmt.Sprintf(" (the run gets this process's hard limit, %d, which it cannot raise)", r.Max)
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// namespacesLine says whether a run gets the namespace layer.
func namespacesLine(off bool) string {
	if off {
		return "off (--no-namespaces): " + exec.WithoutNamespaces
	}
	layer, err := exec.NamespaceLayer()
	if err != nil {
		return "unavailable: " + err.Error()
	}
	return layer + "; /tmp, /dev/shm and /dev/pts of the sandbox's own (/tmp writable as the private TMPDIR, but empty and read-only where the root or a grant lies in it; /tmp and /dev/shm stay the host's where the root or a writable grant holds them); /run and $XDG_RUNTIME_DIR empty; read-only: every mount outside the writable grants, and in the root " + strings.Join(exec.ProtectedInRoot(), ", ") +
		" (with the hooks and config of the git directories .git leads to, of linked worktrees and of submodules); " +
		"stdout and stderr to a file outside the writable grants through a pipe the pid namespace's init relays, a file given to be read, a named FIFO from outside them, any directory and a terminal, opened afresh on the sandbox's read-only mounts (a pty of the host's on a read-only copy of its devpts), /dev/null and kin the sandbox's own, another device the caller's where the command could not change it (refused otherwise); so too the --pass-fd descriptors, but for a file passed open for writing"
}
