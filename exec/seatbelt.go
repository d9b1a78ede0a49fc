package exec

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// sandboxExecPath is Seatbelt's command-line front end, part of macOS.
const sandboxExecPath = "/usr/bin/sandbox-exec"

// The exit statuses of sandbox-exec's own failures (sysexits.h). A command
// may exit with them too.
const (
	sandboxExecDataErr = 65 // EX_DATAERR: the profile does not parse or compile
	sandboxExecOSErr   = 71 // EX_OSERR: sandbox_apply or execvp failed
)

// Seatbelt translates p into the policy the macOS backend renders. The
// Linux system grants of DefaultPolicy are left out: Seatbelt has its own
// list of the system locations a macOS toolchain reads. tempDir is the
// run's private TMPDIR, "" for none.
func (p Policy) Seatbelt(tempDir string) seatbelt.Policy {
	sp := seatbelt.Policy{
		Root:         p.Root,
		ReadOnlyRoot: p.ReadOnlyRoot,
		TempDir:      tempDir,
		DenyRead:     slices.Clone(p.DenyRead),
		Network: seatbelt.Network{
			All:         p.Network.Mode == NetworkAll,
			Connect:     slices.Clone(p.Network.Connect),
			Bind:        slices.Clone(p.Network.Bind),
			UnixSockets: p.Network.UnixSockets,
		},
	}
	for _, g := range p.Grants {
		if isDefaultGrant(g.Path) {
			continue
		}
		if g.Access&Write != 0 {
			sp.Write = append(sp.Write, g.Path)
		} else {
			sp.Read = append(sp.Read, g.Path)
		}
	}
	return sp
}

// isDefaultGrant reports whether path is one of DefaultPolicy's system
// grants.
func isDefaultGrant(path string) bool {
	return slices.Contains(systemReadExec, path) || slices.Contains(systemReadOnly, path) || slices.Contains(deviceReadWrite, path)
}

// seatbeltNotes are what Seatbelt, as this package uses it, leaves to the
// system; Plan reports them on macOS.
var seatbeltNotes = []string{
	"seatbelt: ioctl(TIOCSTI) is not refused: with a terminal on stdin the command shares it and could queue input for the shell that started the run (macOS lets a process do that only on its own controlling terminal; without a terminal on stdin the command has none)",
	"seatbelt: descendants that leave the command's process group (setsid, daemons), and with a terminal on stdin its background jobs, outlive it, and the command outlives a runner killed with SIGKILL: macOS has no subreaper and no parent-death signal",
}

// seatbeltPlan is a policy translated for macOS.
type seatbeltPlan struct {
	profile     string
	params      []string // "NAME=VALUE", each passed with -D
	enforcement Enforcement
}

// planSeatbelt translates p for Seatbelt: the profile sandbox-exec applies
// and what Plan reports. Seatbelt enforces all of the policy in the kernel
// (the paths, denies inside granted directories, ports, unix sockets), so
// Missing only says when sandboxExec, the state of sandbox-exec, is not
// nil, or when Mercurial's configuration in the root could not be followed
// whole (hgIncludes' limit). It refuses what Plan refuses on Linux (an
// unknown network mode, a grant with no access, a denied file with more
// than one hard link), a required grant that does not exist, and whatever
// seatbelt.Render does.
//
// The files the root's .hg/hgrc and hgrc-not-shared name with %include
// are denied writing, as the namespace layer holds them on Linux: one
// made or changed in the root would be as much hg's config as hgrc, whose
// [hooks] the next hg command runs outside the sandbox. seatbelt.Render
// protects hgrc itself, with the root's other protected entries. So are
// the scripts the root's held agent settings' hooks run, and what they
// source or import (agentHookScripts); a hook file the plan cannot follow
// whole is what the profile cannot enforce (Missing): the run is refused,
// or warned of under --best-effort.
func (p Policy) planSeatbelt(tempDir, home string, sandboxExec error) (seatbeltPlan, error) {
	for _, g := range p.Grants {
		if err := g.check(); err != nil {
			return seatbeltPlan{}, err
		}
		if !g.Optional && !isDefaultGrant(g.Path) {
			if _, err := os.Stat(g.Path); err != nil {
				return seatbeltPlan{}, fmt.Errorf("grant %s: %w", g, err)
			}
		}
	}
	if err := p.Network.check(); err != nil {
		return seatbeltPlan{}, err
	}
	for _, d := range p.DenyRead {
		if fi, err := os.Stat(d); err == nil {
			if err := checkLinks(d, fi); err != nil {
				return seatbeltPlan{}, err
			}
		}
	}
	sp := p.Seatbelt(tempDir)
	var hg hgConfig
	var unprotected []string
	if p.Root != "" {
		hg = hgIncludes(p.Root, home)
		sp.DenyWrite = append(sp.DenyWrite, hg.includes...)
		prs := hookScripts(p.Root, home)
		for _, pr := range prs {
			if pr.refuse != "" {
				unprotected = append(unprotected, fmt.Sprintf("%s run (%s)", pr.path, pr.refuse))
				continue
			}
			sp.DenyWrite = append(sp.DenyWrite, pr.path)
		}
		dirs, refused := seatbeltModuleDirs(prs)
		sp.ModuleDirs = dirs
		unprotected = append(unprotected, refused...)
	}
	profile, params, err := seatbelt.Render(sp, home)
	if err != nil {
		return seatbeltPlan{}, err
	}
	sb := seatbeltPlan{profile: profile, params: params}
	sb.enforcement.Notes = slices.Clone(seatbeltNotes)
	if sandboxExec != nil {
		sb.enforcement.Missing = []string{"seatbelt: " + sandboxExec.Error()}
	}
	if hg.limit != "" {
		sb.enforcement.Missing = append(sb.enforcement.Missing, fmt.Sprintf("seatbelt: cannot protect %s (%s)", hg.limit, hg.limitWhy))
	}
	for _, u := range unprotected {
		sb.enforcement.Missing = append(sb.enforcement.Missing, "seatbelt: cannot protect the scripts the hooks of "+u)
	}
	return sb, nil
}

// hookScripts returns the scripts inside root that the held agent
// settings' hooks run, with the files they load (agentHookPrograms), for
// the profile to deny writing, as the namespace layer holds them on
// Linux: a script a sandboxed command rewrote (echo > scripts/hooks/
// check.sh) Claude Code ran outside every sandbox at its next tool call.
// A missing one is denied too, which Seatbelt takes as refusing to create
// it. Those seatbelt.Render holds already (.claude/hooks/x.sh) are denied
// twice, which costs a rule. The root is looked at through its links, as
// on Linux. A hook file past one of agentHookPrograms' bounds, or not to
// be read, comes with refuse set: the agent would still run the hooks not
// followed, so the run is refused, or warned of under --best-effort, as
// Linux's plan does with what it cannot protect.
//
// So are the scripts the git hooks run (gitHookScripts): those in
// .git/hooks and, where husky is installed (its .husky/_, which
// core.hooksPath names), in .husky; seatbelt.Render holds both
// directories, not what their hooks call. Where a hook is installed, the
// scripts a hook manager's configuration runs are held as well
// (hookManagerScripts: pre-commit's repo: local entries, lefthook's run:
// lines), as on Linux, and what .git/hooks runs from a linked worktree
// in the root (gh84). Not read here: another core.hooksPath directory,
// which only Linux's plan reads git's configuration for, a linked
// worktree's hook managers' files, and submodules' hooks, whose
// directories the profile does not hold either.
func hookScripts(root, home string) []protectedPath {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	dirs := []string{root + "/.git/hooks"}
	if _, err := os.Lstat(root + "/.husky/_"); err == nil {
		dirs = append(dirs, root+"/.husky")
	}
	prs := append(agentHookPrograms(root, home, nil), gitHookScripts(root, dirs, nil)...)
	// A linked worktree in the root runs .git/hooks from its own top
	// (wt/scripts/lint.sh).
	for _, tree := range rootWorktrees(root, root+"/.git") {
		prs = append(prs, gitHookScripts(tree, dirs[:1], nil)...)
	}
	if hookInstalled(dirs) {
		// What seatbelt.Render holds of the root: the hook managers'
		// configuration among it, which hookManagerScripts reads by
		// name, and what is held already, which it leaves out.
		var out []protectedPath
		for _, rel := range seatbelt.ProtectedInRoot() {
			out = append(out, protectedPath{path: root + "/" + rel, hookConfig: true})
		}
		prs = append(prs, hookManagerScripts(root, home, dirs, append(out, prs...))...)
	}
	return prs
}

// maxModuleDirNames bounds the names of a hook's Python script's
// directory listed at the plan (holdModules on Linux, seatbeltModuleDirs
// on macOS); one with more is refused.
const maxModuleDirNames = 4096

// seatbeltModuleDirs returns the directory of each Python script among
// prs (protectedPath.moduleDir), its links resolved, with the modules in
// it at the plan (pythonModuleNames), for the profile to deny making
// another there, as guard.holdModules has one made moved aside on Linux:
// Python imports from the script's directory first, and a signal.py the
// command made there ran at the agent's next hook in place of the
// standard library's. A script missing at the plan is denied creating
// and runs nothing. A directory that cannot be listed whole is returned
// in refused ("FILE run (WHY)").
func seatbeltModuleDirs(prs []protectedPath) (dirs []seatbelt.ModuleDir, refused []string) {
	for _, pr := range prs {
		if !pr.moduleDir || pr.refuse != "" {
			continue
		}
		real, err := filepath.EvalSymlinks(pr.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// A module missing, in a package's directory perhaps missing
			// too (a namespace package's): seatbelt.Render resolves what
			// exists of it.
			real = pr.path
		case errors.Is(err, syscall.ENOTDIR):
			continue
		case err != nil:
			refused = append(refused, fmt.Sprintf("%s run (following it for its directory, where the command could make modules Python would import first: %v)", pr.path, err))
			continue
		}
		dir := filepath.Dir(real)
		if i := slices.IndexFunc(dirs, func(d seatbelt.ModuleDir) bool { return d.Path == dir }); i >= 0 {
			dirs[i].Names = moreModuleNames(dirs[i].Names, pr.moduleNames)
			continue
		}
		mods, why := pythonModuleNames(dir)
		if why != "" {
			refused = append(refused, fmt.Sprintf("%s run (%s)", pr.path, why))
			continue
		}
		dirs = append(dirs, seatbelt.ModuleDir{Path: dir, Modules: mods, Names: slices.Clone(pr.moduleNames)})
	}
	return dirs, refused
}

// pythonModuleNames returns the names in directory dir that Python's
// path finder imports as modules, as pythonModule tells them on Linux: a
// file X.py, X.pyc or X.*.so by its name, a directory (or a link to one)
// holding an __init__ of those, a link that leads to no directory to be
// listed. why says why the run is refused where dir cannot be listed
// whole.
func pythonModuleNames(dir string) (mods []string, why string) {
	names, err := dirNames(dir, maxModuleDirNames)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "" // none yet: whatever is made there is new
	case errors.Is(err, errTooMany):
		return nil, fmt.Sprintf("a hook's Python script in a directory of more than %d entries, too many to list for modules the command could make there, which Python would import first: move the script to a directory of its own, or run outside the sandbox", maxModuleDirNames)
	case err != nil:
		return nil, "listing a hook's Python script's directory for modules the command could make there, which Python would import first: " + err.Error()
	}
	packages := packageLooks{}
	for _, n := range names {
		if pythonModuleAt(dir, n, packages) {
			mods = append(mods, n)
		}
	}
	slices.Sort(mods)
	return mods, ""
}

// sandboxExecPresent says what is wrong with sandboxExecPath; nil when it
// is an executable file.
func sandboxExecPresent() error {
	fi, err := os.Stat(sandboxExecPath)
	switch {
	case err != nil:
		return fmt.Errorf("%w (sandbox-exec comes with macOS; mewsandbox cannot sandbox anything without it)", err)
	case !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0:
		return fmt.Errorf("%s is not an executable file", sandboxExecPath)
	}
	return nil
}

// sandboxExecArgs is the command line that runs path with args (the
// command's arguments after argv[0]) under profile:
//
//	/usr/bin/sandbox-exec -p PROFILE -D NAME=VALUE ... -- PATH ARGS...
//
// sandbox-exec execvp's what follows "--" as it is, so the command's
// argv[0] is path, not Args[0].
func sandboxExecArgs(profile string, params []string, path string, args []string) []string {
	argv := make([]string, 0, 5+2*len(params)+len(args))
	argv = append(argv, sandboxExecPath, "-p", profile)
	for _, p := range params {
		argv = append(argv, "-D", p)
	}
	argv = append(argv, "--", path)
	return append(argv, args...)
}

// sandboxExecError says why sandbox-exec did not run a command, from its
// exit status and what it printed. The caller has made sure the status is
// sandbox-exec's and not the command's.
func sandboxExecError(status int, stderr []byte) *StageError {
	msg := strings.TrimSpace(string(bytes.ToValidUTF8(stderr, []byte("?"))))
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	switch {
	case strings.Contains(msg, "sandbox_apply: Operation not permitted"):
		// What Seatbelt logs as forbidden-sandbox-reinit.
		return stageErr(StageSeatbelt, StatusSandbox, "%s: macOS cannot nest Seatbelt sandboxes, and this process already runs inside one (an agent's sandbox, or mewsandbox's own); run mewsandbox outside it, or turn the outer sandbox off", msg)
	case msg == "":
		return stageErr(StageSeatbelt, StatusSandbox, "%s exited with status %d before running the command", sandboxExecPath, status)
	case status == sandboxExecDataErr:
		return stageErr(StageSeatbelt, StatusSandbox, "%s (the profile did not compile: this macOS may not know an operation it names; mewsandbox explain --format sbpl prints it)", msg)
	}
	return stageErr(StageSeatbelt, StatusSandbox, "%s", msg)
}

// checkSeatbeltExec refuses, as checkExecGrant does on Linux, a binary (or
// its #! interpreter) that the profile would not let sandbox-exec execute,
// where that can be told here: one in the home directory that no grant
// covers, or one in a deny-read path or credential store. sandbox-exec
// itself would print "execvp() of … failed: Operation not permitted" and
// exit 71, which cannot be told apart from the command's own status 71.
// Elsewhere Seatbelt's own list of system locations decides.
func checkSeatbeltExec(path string, sp seatbelt.Policy, home string) *StageError {
	var grants, denied []string
	for _, g := range append([]string{sp.Root, sp.TempDir}, append(sp.Read, sp.Write...)...) {
		if c, err := seatbelt.Canonical(g); g != "" && err == nil {
			grants = append(grants, c)
		}
	}
	for _, d := range append(slices.Clip(sp.DenyRead), seatbelt.DefaultCredentialDirs(home)...) {
		if c, err := seatbelt.Canonical(d); err == nil {
			denied = append(denied, c)
		}
	}
	h, err := seatbelt.Canonical(home)
	if home == "" || err != nil {
		h = ""
	}
	check := func(p string) *StageError {
		c, err := seatbelt.Canonical(p)
		if err != nil {
			return nil // sandbox-exec will say what is wrong
		}
		for _, d := range denied {
			if within(c, d) {
				return stageErr(StageResolve, StatusNotExecutable, "%s is in the denied %s: the sandbox refuses to execute it", c, d)
			}
		}
		if h == "" || !within(c, h) || slices.ContainsFunc(grants, func(g string) bool { return within(c, g) }) {
			return nil
		}
		return stageErr(StageResolve, StatusNotExecutable, "%s is outside every executable grant: allow read and execute on %s", c, filepath.Dir(c))
	}
	if serr := check(path); serr != nil {
		return serr
	}
	if interp := shebang(path); interp != "" {
		return check(interp)
	}
	return nil
}
