//go:build linux

package exec

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mewsandbox/mewsandbox/landlock"
	"golang.org/x/sys/unix"
)

// probeArg is os.Args[1] of the re-executed runner that only tries the
// namespace layer's first mounts (child_linux.h's MEWS_PROBE_ARG).
const probeArg = "__mewsandbox_probe_namespaces"

// The namespace layer. Where the kernel lets it, the sandbox child starts
// in a new mount namespace (as root directly, otherwise inside a user
// namespace that maps only the caller's own uid and gid) and, before
// Landlock, rearranges its view of the filesystem:
//
//   - every mount is made private, so nothing done here reaches the host;
//   - every mount becomes read-only at the VFS level, then the writable
//     grants (the root, the private temp dir, --allow-write paths,
//     /dev/shm, /dev/pts) are made writable again, each grant's own mount
//     only: what Landlock does not mediate (chmod, chown, utimes, setxattr
//     outside the root) fails with EROFS; a mount below a grant is
//     writable again where the host has it writable (a volume inside the
//     project), and a read-only one stays read-only (writableNested);
//   - the protected paths inside the root (.git/hooks, .git/config, and
//     those of the git directory a .git link or "gitdir:" file leads to
//     and of its common directory (a linked worktree's), what a hook links
//     to, the files the git config includes,
//     the core.hooksPath directory, .mewsandbox, .claude) are bound
//     read-only, so a command cannot plant a hook or a settings file that
//     runs or widens what runs outside it; the directories and symbolic
//     links on the way to them become mounts of their own, so that none
//     can be renamed away and replaced (see protect_linux.go). A protected
//     directory that does not exist is created empty (at the first missing
//     component of its way), so that the command cannot create it either,
//     and removed after the run by a helper (see placeholder); so is a
//     missing commondir in the root's git directory, a file naming that
//     directory itself (commondirSelf);
//   - /proc is the child's own pid namespace's, and the writable /dev/shm
//     and /dev/pts file systems of its own: the command reaches its own
//     POSIX shared memory and terminals, not other programs' (their
//     segments; another session's keystrokes);
//   - the host /tmp, /run and $XDG_RUNTIME_DIR, where other programs keep
//     their sockets, become empty read-only file systems into which the
//     policy's paths there are bound back (see hide).
//
//   - with unix sockets the only network the policy grants
//     (--allow-unix-sockets, no TCP port, not --network all), a network
//     namespace of the child's own (Policy.OwnNetwork): its abstract unix names
//     are not the host's, so the command cannot take one a host client
//     then connects to (Landlock's scope stops connecting out, not being
//     connected to).
//
// Without the layer (--no-namespaces; Docker's default seccomp profile;
// Ubuntu's AppArmor restriction of user namespaces) Landlock and seccomp
// enforce the rest as before, and doctor and explain say what is lost.

// mountStep is one step of the layer for the child (child_linux.h's
// MEWS_MOUNT_*): an operation on a path.
type mountStep struct {
	Op   uint32
	Path string
	// Mount is, for a mountWritableHost step, the mount the plan judged
	// there: the child leaves the path read-only when another is there.
	Mount mountIdentity
}

// mountIdentity tells a mount from another mounted at the same path since
// the plan read the mount table: its file system's device and the inode of
// the directory it shows at its root, which the child's copy of the mount
// shows as well. Not the mount id: the child's mount namespace is a copy,
// whose mounts have ids of their own.
type mountIdentity struct {
	Major, Minor uint32
	Ino          uint64
}

// mountIdentitySize is a mountIdentity's size in the spec
// (child_linux.h's MEWS_MOUNT_IDENTITY_SIZE).
const mountIdentitySize = 16

// The steps, as child_linux.h numbers them.
const (
	mountPrivate    = 1  // mount(MS_REC|MS_PRIVATE)
	mountBind       = 2  // recursive bind of the path onto itself: a mount of its own
	mountRdonlyTree = 3  // read-only, with every mount below
	mountWritable   = 4  // writable again, this mount only
	mountRdonly     = 5  // read-only, this mount only
	mountChdir      = 6  // the working directory, in the new tree
	mountProc       = 7  // a read-only /proc of the child's own pid namespace
	mountEmpty      = 8  // an empty tmpfs over the path, sealed by a mountRdonly
	mountKeep       = 9  // open the path, to bind it back by a mountPlace
	mountPlace      = 10 // bind the next kept path back at the path, in a tmpfs
	mountHideFile   = 11 // /dev/null over the file, read-only and nodev: unopenable
	mountPrivateTmp = 12 // a directory at the path, in an empty tmpfs, with a tmpfs of its own
	mountShm        = 13 // a tmpfs of the child's own over the path (/dev/shm), writable by all
	mountPts        = 14 // a devpts of the child's own over the path (/dev/pts), its ptmx over /dev/ptmx
	mountBindLink   = 15 // bind the symbolic link at the path onto itself, not followed: it cannot be replaced
	mountMkdir      = 16 // an empty directory at the path, in an empty tmpfs: nothing of the host's bound there
	mountNodev      = 17 // no device opens on the path's mount, this mount only
	mountDevices    = 18 // devices open on the path's mount again, this mount only
	mountTmp        = 19 // a writable tmpfs of the child's own over the path (/tmp), granted as the private temp dir
	// writable again, this mount only, where the host had it writable
	// (the child looks before the tree is made read-only)
	mountWritableHost = 20
)

// maxNested bounds the mounts below the writable trees made writable again
// (child_linux.h's MEWS_MOUNT_MAX_HOST): those past it stay read-only.
const maxNested = 256

// protectedInRoot are the paths inside a writable root the layer binds
// read-only: what runs, or decides what runs, outside the sandbox later.
//
// The agents' settings directories get placeholders: settings written
// there widen what the agent may do next. The shell start-up files,
// editor settings and other agents' settings, which run code when a
// person opens the project, are protected where they exist; a
// placeholder file would show in git status. Built at first use: most
// processes (the child, version, check) never read it, and built at the
// start it took some 50 allocations of every one.
var protectedInRoot = sync.OnceValue(func() []protectedPath {
	return append([]protectedPath{
		{path: ".git/hooks", placeholder: true},
		{path: ".git/config", gitConfig: true, mustExist: true}, // a missing one: see protectWithoutConfig
		{path: ".gitmodules", creatable: true},
		{path: ".mewsandbox", placeholder: true},
		{path: ".claude", placeholder: true},
		{path: ".codex", placeholder: true},
		{path: ".mcp.json"},
		{path: ".vscode"},
		{path: ".idea"},
		// A dev container's initializeCommand runs on the host when the
		// editor opens the project in the container.
		{path: ".devcontainer"},
		{path: ".devcontainer.json"},
		// Other agents' and editors' project settings, which start MCP
		// servers, load plugins or run commands when the user next opens the
		// project in them (aider's lint-cmd and test-cmd after its edits).
		{path: ".gemini"},
		{path: ".cursor"},
		{path: ".zed"},
		{path: ".continue"},
		{path: ".opencode"},
		{path: "opencode.json"},
		{path: "opencode.jsonc"},
		{path: ".aider.conf.yml"},
		{path: ".kiro"},
		{path: ".roo"},
		// Qwen Code's (qwen mcp add writes the project's by default), Amazon
		// Q's, Kilo Code's and Crush's MCP servers; Helix's language servers,
		// started on opening a file in a workspace trusted by its path.
		{path: ".qwen"},
		{path: ".amazonq"},
		{path: ".kilocode"},
		{path: ".kilo"},
		{path: "kilo.json"},
		{path: "kilo.jsonc"},
		{path: "crush.json"},
		{path: ".crush.json"},
		{path: ".helix"},
		// Hooks that other agents run on their own events (a session's start,
		// each tool call), read from the project: GitHub Copilot CLI's
		// .github/hooks/*.json, Cline's .clinerules/hooks scripts, Windsurf
		// Cascade's .windsurf/hooks.json, and Factory Droid's
		// .factory/settings.json hooks and .factory/mcp.json servers. Only
		// the hooks of .github and .clinerules: workflows and rules are
		// ordinary work.
		{path: ".github/hooks"},
		{path: ".clinerules/hooks"},
		{path: ".windsurf/hooks.json"},
		{path: ".factory"},
		// mise's configuration, trusted by its path once (mise trust), not
		// by its content: an [env] _.source script, a hook or a template's
		// exec() there runs in the user's shell at the next prompt in the
		// project (mise activate); asdf's .tool-versions, whose path:
		// versions it runs; and rustup's toolchain file, whose [toolchain]
		// path names the directory whose bin/rustc and bin/cargo the rustup
		// proxies run: a prompt's rustc --version in a Rust project
		// (starship's) runs it at the next prompt there.
		{path: "mise.toml"},
		{path: ".mise.toml"},
		{path: "mise.local.toml"},
		{path: ".mise.local.toml"},
		{path: ".config/mise.toml"},
		{path: ".config/mise"},
		{path: ".mise/config.toml"},
		{path: "mise/config.toml"},
		{path: ".tool-versions"},
		{path: "rust-toolchain.toml"},
		{path: "rust-toolchain"},
		// Mercurial's and Jujutsu's repository configuration: hgrc's [hooks],
		// jj's editor, pager, diff and fix tools are programs the next hg or
		// jj command runs. hg reads hgrc-not-shared beside hgrc in every
		// repository, and, where requires says it is a share, the hgrc of
		// the repository sharedpath names; jj before 0.38 reads the
		// workspace's config beside the repository's.
		{path: ".hg/hgrc"},
		{path: ".hg/hgrc-not-shared"},
		{path: ".hg/sharedpath"},
		{path: ".jj/repo/config.toml"},
		{path: ".jj/workspace-config.toml"},
		// Vim's and Neovim's project start-up files, sourced from the
		// directory the editor starts in where the user set 'exrc' (Vim
		// trusts them by nothing; Neovim asks once per content).
		{path: ".vimrc"},
		{path: ".gvimrc"},
		{path: ".exrc"},
		{path: ".nvimrc"},
		{path: ".nvim.lua"},
		// lazy.nvim's project plugin spec, loaded at Neovim's start in the
		// directory (its local_spec, on by default).
		{path: ".lazy.lua"},
		// More agents' project settings that run commands when a session
		// starts: Augment's hooks, Mistral Vibe's MCP servers and custom
		// tools (a trusted directory's, by path), Amp's and Trae's MCP
		// servers, and OpenHands' setup script, run at each session's start.
		{path: ".augment/settings.json"},
		{path: ".augment/settings.local.json"},
		{path: ".vibe"},
		{path: ".amp/settings.json"},
		{path: ".trae/mcp.json"},
		{path: ".openhands/setup.sh"},
		// Hooks that Devin CLI (.devin/hooks.v1.json, .devin/config.json),
		// Letta Code and Tabnine CLI run at their events, and Junie's
		// project MCP servers.
		{path: ".devin"},
		{path: ".letta/settings.json"},
		{path: ".letta/settings.local.json"},
		{path: ".tabnine/agent/settings.json"},
		{path: ".junie/mcp"},
		// The last of the agents' leads (red72's pass): Cline's project
		// configuration (.cline/hooks scripts it runs at its events,
		// .cline/plugins modules it loads at a session's start), Cortex
		// Code's project settings (hooks), Kimi Code's project MCP servers
		// (started at a session's start), OpenHands' project hooks,
		// Crush's crushrc (Bash it runs at its start), and the archived
		// Go opencode's .opencode.json (MCP servers, language servers).
		{path: ".cline"},
		{path: ".cortex"},
		{path: ".kimi-code/mcp.json"},
		{path: ".openhands/hooks.json"},
		{path: ".crushrc"},
		{path: "crushrc"},
		{path: ".opencode.json"},
		// leads75's pass: Command Code's project hooks, MCP servers and
		// mods (TypeScript it loads), IBM Bob's hooks and MCP servers,
		// Poolside's settings (MCP servers, hooks), Reasonix's hooks and
		// reasonix.toml (MCP servers it starts without asking), Qoder's and
		// CodeBuddy's settings (hooks, MCP servers), Pi's settings
		// (packages it installs), extensions (TypeScript it loads) and MCP
		// servers, Trae's hooks and iFlow's settings (hooks, MCP servers).
		// Their rules, skills, commands and learned notes stay writable.
		{path: ".commandcode/settings.json"},
		{path: ".commandcode/mcp.json"},
		{path: ".commandcode/mods"},
		{path: ".bob/settings.json"},
		{path: ".bob/mcp.json"},
		{path: ".poolside/settings.yaml"},
		{path: ".poolside/settings.local.yaml"},
		{path: ".reasonix/settings.json"},
		{path: "reasonix.toml"},
		{path: ".qoder/settings.json"},
		{path: ".qoder/settings.local.json"},
		{path: ".codebuddy/settings.json"},
		{path: ".codebuddy/settings.local.json"},
		{path: ".pi/settings.json"},
		{path: ".pi/extensions"},
		{path: ".pi/mcp.json"},
		{path: ".trae/hooks.json"},
		{path: ".iflow/settings.json"},
		// lead76's pass: Oh My Pi's project MCP servers (.omp/mcp.json,
		// .omp/.mcp.json, and the root's mcp.json, its portable fallback),
		// hooks and custom tools (modules it imports), extensions and
		// settings (legacy extension paths), which it loads without asking;
		// Windsurf's project MCP servers, which Oh My Pi imports; and
		// GitHub Copilot CLI's shared project MCP servers. Their skills,
		// rules, commands and prompts stay writable.
		{path: ".omp/mcp.json"},
		{path: ".omp/.mcp.json"},
		{path: ".omp/hooks"},
		{path: ".omp/tools"},
		{path: ".omp/extensions"},
		{path: ".omp/settings.json"},
		{path: ".omp/config.yml"},
		{path: "mcp.json"},
		{path: ".windsurf/mcp_config.json"},
		{path: ".github/mcp.json"},
		{path: ".bashrc"},
		{path: ".bash_profile"},
		{path: ".zshrc"},
		{path: ".zshenv"},
		{path: ".zprofile"},
		{path: ".profile"},
		{path: ".gitconfig"},
	}, hookManagerFiles()...)
})

// hookManagerFiles are what git hook managers' installed hooks run or
// read at every commit: husky's scripts (.husky/pre-commit, which
// .husky/_/pre-commit runs), pre-commit's and prek's configuration (a
// repo: local hook runs any entry; prek.toml, which prek reads before
// them), lefthook's main and -local
// configuration in each format it reads, and its scripts directories.
func hookManagerFiles() []protectedPath {
	names := []string{".husky", ".pre-commit-config.yaml", ".pre-commit-config.yml", "prek.toml", ".lefthook", ".lefthook-local"}
	for _, name := range []string{"lefthook", "lefthook-local"} {
		for _, ext := range []string{"yml", "yaml", "toml", "json", "jsonc"} {
			names = append(names, name+"."+ext, "."+name+"."+ext, ".config/"+name+"."+ext)
		}
	}
	out := make([]protectedPath, len(names))
	for i, n := range names {
		out[i] = protectedPath{path: n, hookConfig: true}
	}
	return out
}

// nsLayer is the namespace layer of one run: the mount steps, and what the
// parent does or says around them.
type nsLayer struct {
	steps []mountStep
	// since and sinceNsec are the fine clock as the plan began, from which
	// a change to a file is the command's (changeClockNsec): the git plans
	// count from it, not from their own later moment, so that the coarse
	// clock has mostly passed it by the time the command may start and the
	// runner seldom waits (waitPastPlans).
	since, sinceNsec int64
	res              *resolver // the plan's, for the links of every path it names
	// placeholders are the protected directories that get a placeholder
	// where missing, as the plan found them: missing (to create, once the
	// command is allowed) or there (perhaps another run's placeholder).
	// materialize makes and holds them before the child binds them.
	placeholders []string
	// commondirs are the git directories' commondir files that get a
	// placeholder file (commondirSelf) where missing, held as placeholders
	// are.
	commondirs []string
	// locked are the directories the run holds shared (runDirs,
	// lockDirs) while its command may make what unmade and audited look
	// for: a run without the layer planned meanwhile records what the
	// command made as the project's, and put a .mcp.json this run moved
	// aside back from that record.
	locked []lockDir
	// early is the root, held and tested before the plan began
	// (lockEarly): earlyHeld says another run held it then.
	early     []*os.File
	earlyHeld bool
	// audited are the git directories in a writable tree without
	// commondir at plan time where no placeholder goes (a submodule's,
	// the root's outside it in a writable grant): one the command made
	// there is moved aside after the run, which then fails (movePlanted).
	audited []string
	// unmade are the protected paths in a writable tree that get no
	// placeholder (other agents' and editors' settings, the shell start-up
	// files: protectedInRoot) and were missing at plan time: one the
	// command made is moved aside after the run, which then fails
	// (moveUnmade).
	unmade []string
	// found are the protected paths of unmade's kind that were there at
	// plan time, bound read-only: beside another run, one changed since
	// is moved aside after the run, which then fails (plannedFound).
	found plannedFound
	// moduleDirs are the directories of the Python scripts the agents'
	// and git's hooks run, and of the packages they import from, with
	// the modules in them at the plan: a module the command made there is
	// moved aside after the run, which then fails (guard.holdModules,
	// checkModuleDirs).
	moduleDirs []moduleDir
	// todos are git's todo lists, as the plan found them, in each git
	// directory the plan knows that lies in a writable tree: the root's,
	// its common directory, each submodule's and each linked worktree's
	// entry (a rebase in a submodule or a linked worktree keeps its list
	// in that git directory). Exec lines the command adds are commented
	// out after the run, which then fails (checkTodos).
	todos []*plannedTodos
	// nested is the root, whose entries are looked in after the run for
	// repositories the command made whose configuration runs a program
	// (checkNested); nil with --allow-git-config, under which the
	// command may set the root's core.fsmonitor itself.
	nested *plannedNested
	// ways are the directories on the way to a protected path inside the
	// writable trees, and the tops of the trees holding one, as the plan
	// found them: a write permission for group or others the command
	// gives one of them is taken off after the run, which then fails
	// (restoreWayModes).
	ways []wayMode
	// gitConfigs are the git config files bound read-only (no
	// --allow-git-config; the root's, its config.worktree, the files they
	// include, the submodules' and the linked worktrees'): a write there
	// fails with git's "Device or resource busy", which the run explains
	// afterwards (configWatch).
	gitConfigs []string
	// programs are the programs a git config names that are bound
	// read-only (core.fsmonitor's, a textconv's), each path with its key:
	// a failed command that names one is told why it could not write it
	// (programHints).
	programs []configProgram
	// held are the paths bound read-only (guard.readOnly): a failed
	// command that names one is told why it could not write it
	// (heldHints).
	held    []string
	missing int
	root    string // the placeholders lie below it
	// pins hold the nested mounts of the mountWritableHost steps
	// (pinMount); released once the child is past its mounts.
	pins *mountPins
	// unhidden are the directories hide could not hide, too many paths
	// being granted in them, and why: a strict run is refused.
	unhidden []string
	// unprotected are the protected paths the layer cannot keep from
	// being created or replaced, and why: a strict run is refused.
	unprotected []string
	// tmp is the private temporary directory the child makes, in the
	// empty tmpfs over its parent (hide), or "" if none.
	tmp string
	// shm and pts are where the child mounts a /dev/shm and a /dev/pts of
	// its own (mountShm, mountPts), or "": it grants in them what the
	// Landlock plan grants there (devAccess).
	shm, pts string
}

// planNamespace works out the layer for policy p and a child whose
// working directory is dir: with tmp, a private temporary directory the
// child makes there when hide empties its parent (l.tmp says whether),
// else with the private temporary directory on the host granted already.
// It changes nothing on the host: materialize does, when the layer is used.
func planNamespace(p Policy, dir, tmp string) *nsLayer {
	l := &nsLayer{res: newResolver(32), pins: &mountPins{}}
	l.since, l.sinceNsec = changeClockNsec()
	l.add(mountPrivate, "/")
	// The child opens every path without following links (a directory
	// swapped for a link since now fails the run): it gets real paths.
	writable, root := writablePaths(p, l.res)
	// The directories hide empties are planned first: a writable path
	// bound back into one (a root in /tmp) is a mount of its own so, made
	// after the whole tree is read-only, and needs no bind onto itself
	// before; its protected paths are bound once, on it. Bound onto
	// itself and then back, a root and every mount in it were two.
	// What hide and privateShm bind back, worked out once: the same
	// resolutions, from the same resolver.
	keep := keptPaths(p, dir, l.res)
	hidden := &nsLayer{res: l.res}
	hidden.hide(p, keep, tmp)
	for _, w := range writable {
		// A mount of its own already (/dev/shm, /dev/pts) needs no bind.
		// Nor does / (--allow-write /): bound onto itself, its copy lay
		// over the process's root, which a lookup from / never crosses
		// but ".." does, and every later step took the mount below it:
		// /.. led to the host's tree as it was before the layer hid
		// anything (/etc/shadow, the host's /proc). Its own mount is /
		// itself, made writable again as any grant's.
		if w != "/" && !isMountRoot(w, l.res) && !slices.Contains(hidden.steps, mountStep{Op: mountPlace, Path: w}) {
			l.add(mountBind, w)
		}
	}
	held, devices := l.bindKernelDirs(writable)
	// The tree loses its devices with its write access: a device node
	// reached by another name than /dev's (a bind of /dev, or of / with
	// its mounts, in a grant) would escape Landlock's rules on /dev, and
	// one in a writable grant opens on a read-only mount. /dev gets them
	// back, a mount of its own for it; where a writable grant holds /dev,
	// only the device nodes the default policy grants do.
	dev := !slices.Contains(held, "/dev")
	if fi, err := l.res.lstat("/dev"); err != nil || !fi.IsDir() {
		dev = false
	}
	if dev && !isMountRoot("/dev", l.res) {
		l.add(mountBind, "/dev")
	}
	l.add(mountRdonlyTree, "/")
	if dev {
		l.add(mountDevices, "/dev")
		// A /dev that is a tmpfs with the nodes bound into it (as
		// bubblewrap and container runtimes make one) has them as
		// mounts of their own, below /dev's.
		l.steps = append(l.steps, boundDevices(p, l.res)...)
	}
	// In a pid namespace of its own (the child skips the step where pid
	// namespaces were refused) a /proc of it shows the command its own
	// processes only.
	l.add(mountProc, "/proc")
	l.steps = append(l.steps, hidden.steps...)
	l.unhidden, l.tmp, l.shm = hidden.unhidden, hidden.tmp, hidden.shm
	pts, _ := l.res.eval("/dev/pts")
	for _, w := range writable {
		if w == pts {
			// The command's terminals, not the host's (see mountPts).
			l.add(mountPts, w)
			l.pts = w
			continue
		}
		l.add(mountWritable, w)
	}
	protected := len(l.steps)
	if root != "" {
		l.protect(root, writable, p.AllowGitConfig, dir, p.RootName)
		if !p.AllowGitConfig {
			l.nested = planNested(root, l.since, l.sinceNsec)
			if why := planGitlinks(l.todos, root, p.GitlinkState, writable); why != "" {
				l.unprotected = append(l.unprotected, why)
			}
		}
		l.ways = ownWays(l.ways, p.KeepCaps)
	}
	// The mount table, read once: for the nested mounts and the kernel's
	// debugging file systems in /sys. Unreadable (or empty, which no
	// kernel's is: it has /), neither is judged: the nested mounts stay
	// read-only, and the debugging file systems, which the plan cannot
	// find, cannot be hidden: a strict run is refused rather than leave
	// them to a root command as the host has them (fc75).
	info, err := readMountinfo("/proc/self/mountinfo")
	if err == nil && len(info) == 0 {
		err = errors.New("empty")
	}
	if err != nil {
		l.unhidden = append(l.unhidden, fmt.Sprintf("the kernel's debugging file systems in /sys (%s; the mount table that says where they are could not be read: %v)", strings.Join(kernelDebugFS, ", "), err))
	}
	l.writableNested(p, info, writable, l.steps[protected:])
	l.denyRead(p)
	l.hideKernelDebug(p, info, keep)
	// After the --deny-read mounts, which a /dev/shm of the command's own
	// covers with the rest of the host's there.
	l.privateShm(keep, tmp)
	// Last, over whatever made a writable grant's mount writable.
	for _, k := range held {
		l.add(mountRdonly, k)
		if k == "/dev" {
			l.add(mountNodev, k)
		}
	}
	for _, d := range devices {
		l.add(mountDevices, d)
	}
	if real, err := l.res.eval(dir); err == nil {
		l.add(mountChdir, real)
	}
	l.res = nil // the file system as the plan found it: not for later
	return l
}

// bindKernelDirs makes /proc, /sys and /dev, where a writable path holds
// them (--allow-write /), mounts of their own, to be made read-only once
// the writable paths are writable (and /dev without devices: a device
// node stays writable on a read-only mount, and a root command could
// open a disk); it returns them. The device nodes the default policy
// grants are bound onto themselves first, mounts of their own that keep
// working (devices, given back to them after the tree lost them); /dev/pts
// and /dev/shm are mounts of their own already.
func (l *nsLayer) bindKernelDirs(writable []string) (held, devices []string) {
	for _, k := range KernelDirs {
		if !slices.ContainsFunc(writable, func(w string) bool { return within(k, w) }) {
			continue
		}
		if fi, err := l.res.lstat(k); err != nil || !fi.IsDir() {
			continue
		}
		held = append(held, k)
		if !isMountRoot(k, l.res) {
			l.add(mountBind, k)
		}
		if k != "/dev" {
			continue
		}
		for _, d := range deviceReadWrite {
			if fi, err := l.res.lstat(d); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
				l.add(mountBind, d)
				devices = append(devices, d)
			}
		}
	}
	return held, devices
}

// devAccess is what the Landlock plan's rules (e.Landlock.Paths) grant at
// path, a real path, as rights of abi: the child grants them at the root
// of the file system of its own it mounts there. The plan's, not the
// policy's: a --deny-read below leaves the directory itself only its
// listing (see Plan), and the entries bound back into it keep their own
// rules. 0 for "".
func devAccess(e Enforcement, path string) uint64 {
	if path == "" {
		return 0
	}
	var a landlock.AccessFS
	for _, r := range e.Landlock.Paths {
		// The plan's narrowed rules hold real paths; a grant may name a
		// link (/dev/shm to /run/shm), resolved when its name matches.
		if r.Path == path {
			a |= r.Access
		} else if filepath.Base(r.Path) == filepath.Base(path) {
			if real, err := realPath(r.Path); err == nil && real == path {
				a |= r.Access
			}
		}
	}
	return uint64(a & landlock.Handled(e.LandlockABI))
}

// grantedAt is the access policy p grants to path itself (a real path):
// the union of its grants there.
func grantedAt(p Policy, path string) Access {
	var a Access
	for _, g := range p.Grants {
		if real, err := filepath.EvalSymlinks(g.Path); err == nil && real == path {
			a |= g.Access
		}
	}
	return a
}

func (l *nsLayer) add(op uint32, path string) {
	l.steps = append(l.steps, mountStep{Op: op, Path: path})
}

// writablePaths are the existing paths the policy lets the command write,
// with links resolved, outermost first, devices left out: a device node
// stays writable on a read-only mount, and binding one would only cost time.
// root is the writable root among them, links resolved, or "".
//
// A grant reached through a symbolic link that a command may change (one
// in the root, even a read-only one, or in any writable grant: linkOnPath)
// and that leads out of the root and the grants reached through no such
// link is left out, read-only: the Landlock plan,
// made beside this one, refuses such a grant, but a command of another run
// in the same root, looping, pointed the link out of the root while this
// plan looked and back while that one did, and this run's command changed
// the mode of a file outside the root (chmod, which Landlock does not
// mediate) on the writable mount made there.
func writablePaths(p Policy, res *resolver) (out []string, root string) {
	var paths []string
	if p.Root != "" && !p.ReadOnlyRoot {
		paths = append(paths, p.Root)
	}
	for _, g := range p.Grants {
		if g.Access&Write != 0 {
			paths = append(paths, g.Path)
		}
	}
	// Where a command may write, links resolved: the root and every
	// writable path, later ones too, as the Landlock plan judges links
	// (writableReals).
	var changeable, vouched []string
	if p.Root != "" {
		if real, err := res.eval(p.Root); err == nil {
			changeable = append(changeable, real)
			vouched = append(vouched, real)
		}
	}
	reals := make([]string, len(paths))
	for i, path := range paths {
		fi, err := res.stat(path)
		if err != nil || fi.Mode()&(os.ModeDevice|os.ModeCharDevice) != 0 {
			continue // a missing optional grant (Plan refused a missing required one), or a device
		}
		if real, err := res.eval(path); err == nil {
			reals[i] = real
			changeable = append(changeable, real)
		}
	}
	// A link a command may change may lead where the root, or a path
	// reached through no such link, leads (vouched, as grantedElsewhere).
	linked := make([]bool, len(paths))
	for i, path := range paths {
		if reals[i] == "" {
			continue
		}
		clean := filepath.Clean(path)
		if reals[i] == clean { // no link on the way
			vouched = append(vouched, reals[i])
			continue
		}
		w := linkOnPath(clean, changeable, res)
		switch {
		case w.link == "":
			vouched = append(vouched, reals[i])
		case w.real != reals[i]:
			reals[i] = "" // resolved differently the second time
		default:
			linked[i] = true
		}
	}
	rootReadOnly := false
	for i, real := range reals {
		if real == "" || linked[i] && !slices.ContainsFunc(vouched, func(v string) bool { return within(real, v) }) {
			continue
		}
		ro := readOnlyMount(real)
		if i == 0 && p.Root != "" && !p.ReadOnlyRoot {
			if fi, err := res.stat(real); err == nil && fi.IsDir() {
				root, rootReadOnly = real, ro
			}
		}
		if ro {
			continue // the tree's read-only mount is not made writable
		}
		if !slices.ContainsFunc(out, func(o string) bool { return within(real, o) }) {
			out = append(out, real) // else covered by a writable tree already
		}
	}
	// A root the command cannot write needs no placeholders, as with
	// ReadOnlyRoot; unless a writable grant lies in it, whose protected
	// paths protect still binds (and whose placeholders, on the read-only
	// mount, the run then fails to make: refused, not unprotected).
	if rootReadOnly && !slices.ContainsFunc(out, func(o string) bool { return within(o, root) }) {
		root = ""
	}
	return out, root
}

// readOnlyMount says whether the host mounts real path p read-only (the
// mount, or its file system). The layer makes the whole tree read-only
// and then every writable grant's mount writable again: mount_setattr
// clearing MOUNT_ATTR_RDONLY made the host's read-only bind of a checkout
// (a CI container's :ro volume) writable in the sandbox, and the command
// wrote through it. Left read-only, it stays so for the whole run, whatever
// the host remounts meanwhile: the sandbox's mounts are copies. A devpts is
// not the host's in the sandbox (mountPts), whatever the host's flags.
func readOnlyMount(p string) bool {
	var fs unix.Statfs_t
	return unix.Statfs(p, &fs) == nil && fs.Flags&unix.ST_RDONLY != 0 && fs.Type != unix.DEVPTS_SUPER_MAGIC
}

// writableNested makes the mounts the host has writable strictly below the
// writable trees writable again (a node_modules volume or a tmpfs build
// directory inside the project, a grant that is one): the tree was made
// read-only with every mount below it, and a grant's own mount only made
// writable, so a command could not write them, an --allow-write of one
// included. Not those the host has read-only (the child looks again, at
// the mount the path then reaches: mountWritableHost, and leaves it
// read-only unless it is the mount judged here, its identity), nor of the kernel's
// file systems, nor in /proc, /sys, /dev or a directory hide empties
// (where the path no longer leads to them), nor in or on a path protect
// binds read-only (its steps, protected): after protect, whose pins (a
// .git of its own mount) bring them along, the path reaching the pin's
// copy.
func (l *nsLayer) writableNested(p Policy, info []byte, writable []string, protected []mountStep) {
	if len(writable) == 0 || info == nil || !mountBelow(info, writable) {
		return // they stay read-only; or there are none
	}
	var readOnly []string
	for _, s := range protected {
		if s.Op == mountRdonly {
			readOnly = append(readOnly, s.Path)
		}
	}
	l.writableNestedIn(info, hiddenDirs(p), writable, readOnly)
}

// writableNestedIn is writableNested's work on info, the mount table read:
// the nested mounts it judges writable are pinned (pinMount), then judged
// again in the table as it is once they are. A mount id passes to the
// next mount made once its mount is gone: the mount found at a path with
// the id info gave may be another put there since (a bind of /, say),
// which the first judgement never saw. Pinned, a mount keeps its id.
func (l *nsLayer) writableNestedIn(info []byte, hidden, writable, readOnly []string) {
	if l.pins == nil {
		l.pins = &mountPins{}
	}
	type pinned struct {
		f  *os.File
		m  nestedMount
		id mountIdentity
	}
	var ps []pinned
	for _, m := range nestedMounts(info, writable, hidden, readOnly) {
		if len(ps) == maxNested {
			break
		}
		if f, id, ok := pinMount(m.at, m.id); ok {
			ps = append(ps, pinned{f, m, id})
		} // else mounted or unmounted since: it stays read-only
	}
	if len(ps) == 0 {
		return
	}
	var again []nestedMount
	if now, err := readMountinfo("/proc/self/mountinfo"); err == nil {
		again = nestedMounts(now, writable, hidden, readOnly)
	}
	for _, p := range ps {
		if !slices.Contains(again, p.m) {
			p.f.Close() // not the mount judged: it stays read-only
			continue
		}
		l.pins.files = append(l.pins.files, p.f)
		l.steps = append(l.steps, mountStep{Op: mountWritableHost, Path: p.m.at, Mount: p.id})
	}
}

// pinMount opens the mount at path (a mount point, as mountinfo names it)
// if it is still the one mountinfo gave id, the one nestedMounts judged,
// and returns its identity. The descriptor, held until the child has
// looked (mountPins), keeps the mount's file system alive, and with it
// its device number: a file system made once it is gone may get the same
// number (the next free anonymous one for a tmpfs or an overlay, a loop
// device attached to another image) and the same root inode (1 on every
// tmpfs, 2 on ext4), and the child would take it, aliases or image
// outside the grants unjudged, for the mount judged.
func pinMount(path string, id uint64) (*os.File, mountIdentity, bool) {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, mountIdentity{}, false
	}
	var st unix.Statx_t
	if unix.Statx(fd, "", unix.AT_EMPTY_PATH, unix.STATX_INO|unix.STATX_MNT_ID, &st) != nil ||
		st.Mask&(unix.STATX_INO|unix.STATX_MNT_ID) != unix.STATX_INO|unix.STATX_MNT_ID || st.Mnt_id != id {
		unix.Close(fd)
		return nil, mountIdentity{}, false
	}
	return os.NewFile(uintptr(fd), path), mountIdentity{Major: st.Dev_major, Minor: st.Dev_minor, Ino: st.Ino}, true
}

// mountPins are the nested mounts a layer makes writable again, held open
// from the plan until the child has made them so (see pinMount). Held
// longer, they would keep the host from unmounting them meanwhile (EBUSY).
type mountPins struct {
	once  sync.Once
	files []*os.File
}

// unpin releases the layer's pins; a nil *nsLayer has none.
func (l *nsLayer) unpin() {
	if l != nil {
		l.pins.release()
	}
}

// release closes the pins, once; a nil *mountPins has none.
func (m *mountPins) release() {
	if m == nil {
		return
	}
	m.once.Do(func() {
		for _, f := range m.files {
			f.Close()
		}
	})
}

// mountBelow says whether info (mountinfo's text) may name a mount strictly
// below a tree of writable: most runs have none, and are spared the parse.
// A path below one anywhere on a line counts (a bind's root, say), and so
// does every name with a character mountinfo escapes.
func mountBelow(info []byte, writable []string) bool {
	for _, w := range writable {
		if w == "/" || strings.ContainsAny(w, " \t\n\\") || bytes.Contains(info, []byte(" "+w+"/")) {
			return true
		}
	}
	return false
}

// nestedMounts are the mount points in info (mountinfo's text) strictly
// below a tree of writable that the host has writable (the mount and its
// file system), and that no later mount hides: not of the kernel's file
// systems, nor in KernelDirs, nor in a directory of hidden that the tree
// does not lie in, nor on or in a path of protected; and not one whose
// files the host shows elsewhere too (a mount of the same file system
// whose part overlaps), unless only inside the writable trees and not in
// or around a protected path: a bind of / or /etc inside the project, as
// a container's tooling leaves one, or of the project's own .git/hooks,
// would have the command write what the policy grants it only to read,
// or not at all, under another name.
func nestedMounts(info []byte, writable, hidden, protected []string) []nestedMount {
	type mount struct {
		id            uint64
		dev, root, at string
		stores        []string // where its writes land on the host besides (storedIn)
	}
	var all []mount
	var out []mount
	for head, tail := range mountinfoLines(info) {
		f := bytes.Fields(head)
		if len(f) < 6 {
			continue
		}
		id, err := strconv.ParseUint(string(f[0]), 10, 64)
		if err != nil {
			continue
		}
		m := mount{id: id, dev: string(f[2]), root: unescapeMountinfo(string(f[3])), at: unescapeMountinfo(string(f[4]))}
		all = append(all, m)
		// A mount on it or above hides what was mounted there before.
		out = slices.DeleteFunc(out, func(o mount) bool { return within(o.at, m.at) })
		super := bytes.Fields(tail)
		if len(super) < 3 || slices.Contains(kernelFSTypes, string(super[0])) ||
			slices.Contains(strings.Split(string(f[5]), ","), "ro") || slices.Contains(strings.Split(string(super[2]), ","), "ro") {
			continue
		}
		w := slices.IndexFunc(writable, func(w string) bool { return m.at != w && within(m.at, w) })
		if w < 0 || slices.ContainsFunc(KernelDirs, func(k string) bool { return within(m.at, k) }) ||
			slices.ContainsFunc(hidden, func(h string) bool { return h != "" && within(m.at, h) && !within(writable[w], h) }) {
			continue
		}
		m.stores = storedIn(string(super[0]), string(super[1]), string(super[2]))
		out = append(out, m)
	}
	granted := func(p string) bool {
		return slices.ContainsFunc(writable, func(w string) bool { return within(p, w) })
	}
	// Where a path's files are granted writable, and none protected: the
	// protected paths in n itself are bound read-only over it, not those
	// reached under another name.
	open := func(p string) bool {
		return granted(p) && !slices.ContainsFunc(protected, func(r string) bool { return within(p, r) || within(r, p) })
	}
	var at []nestedMount
	for _, n := range out {
		if slices.ContainsFunc(protected, func(r string) bool { return within(n.at, r) }) {
			continue
		}
		// An overlay writes into its upper directory, a loop device's
		// file system into its image: files of another file system,
		// which no mount of n's device shows.
		alias := slices.ContainsFunc(n.stores, func(s string) bool { return s == "" || !open(s) })
		alias = alias || slices.ContainsFunc(all, func(m mount) bool {
			var there string
			switch {
			case m.at == n.at && m.root == n.root || m.dev != n.dev:
				return false
			case within(n.root, m.root): // n's files, shown at m too
				there = filepath.Join(m.at, strings.TrimPrefix(n.root, m.root))
			case within(m.root, n.root): // m's files, shown in n too
				there = m.at
			default:
				return false
			}
			// Where n is mounted, m no longer shows them.
			return !within(there, n.at) && !open(there)
		})
		if !alias {
			at = append(at, nestedMount{id: n.id, at: n.at})
		}
	}
	return at
}

// nestedMount is a mount nestedMounts found: its mount id and mount point.
type nestedMount struct {
	id uint64
	at string
}

// storedIn are the host's paths where what is written on a mount of file
// system type fstype, source and super options opts (mountinfo's) lands
// besides its own files: an overlay's upper and work directories, a loop
// device's backing file ("" where it cannot be told: /sys unreadable, or a
// FUSE file system, whose server writes where it likes: bindfs and
// fuse-overlayfs into a directory of the host's).
func storedIn(fstype, source, opts string) []string {
	if fstype == "fuse" || fstype == "fuseblk" || strings.HasPrefix(fstype, "fuse.") {
		return []string{""}
	}
	var out []string
	if fstype == "overlay" {
		for _, o := range strings.Split(opts, ",") {
			k, v, _ := strings.Cut(o, "=")
			if k == "upperdir" || k == "workdir" {
				out = append(out, unescapeMountinfo(v))
			}
		}
	}
	if name, ok := strings.CutPrefix(source, "/dev/loop"); ok && name != "" && !strings.Contains(name, "/") {
		b, err := os.ReadFile("/sys/block/loop" + name + "/loop/backing_file")
		file := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), " (deleted)")
		if err != nil || !filepath.IsAbs(file) {
			file = ""
		}
		out = append(out, file)
	}
	return out
}

// placeholderMark marks a directory the layer made (an extended
// attribute): its value is the pid of the release helper that claimed it,
// or 0 (child_linux.h's MEWS_PLACEHOLDER_MARK). A marked directory is
// removed after the last run that binds it, whichever run made it.
const placeholderMark = "user.mewsandbox.placeholder"

// commondirSelf is what a placeholder commondir holds (child_linux.h's
// MEWS_COMMONDIR_SELF): git takes a relative one relative to the git
// directory, so "." names the git directory itself, and the repository is
// the same to git (it refuses an empty one: "." it must be). The release
// helper removes one only while it holds exactly this.
const commondirSelf = ".\n"

// A placeholder is a protected directory the layer binds read-only, made
// empty where it was missing (or a commondir file holding commondirSelf,
// held and removed alike). It must not stay on the host after the run,
// and must not go while another run binds it: removing a mount point
// unmounts it in every namespace, and that run's command could then make
// the directory. So each run holds a shared flock on each such directory
// it binds, missing or not, until its child is gone.
//
// The removal is the release helper's (child_linux.c's
// release_placeholders), which the runner starts beside the run and hands
// the held directories: removing a directory costs up to a millisecond on
// ext4, which the runner then does not wait for. The helper claims each
// placeholder (its mark, placeholderMark, names the helper), waits
// releaseGrace once the run is over, then takes the exclusive flock,
// which waits for every run still holding it, and removes it if it is
// still the directory held and empty. A run that starts meanwhile in the
// same root takes the placeholders over and, finding them claimed by a
// live helper, starts none of its own (needsHelper). A placeholder whose
// helper was killed goes with the next run there.
type placeholder struct {
	path   string
	parent *os.File // its parent directory (O_PATH), reached from the root without links
	f      *os.File // the directory; nil where a file stands at path
	made   bool     // by this run
}

// fd is the held directory's descriptor.
func (h placeholder) fd() int { return int(h.f.Fd()) }

// close closes the placeholder's descriptors.
func (h placeholder) close() {
	if h.f != nil {
		h.f.Close()
	}
	h.parent.Close()
}

// materialize makes the missing placeholders and holds every one (see
// placeholder). approved waits for the caller's decision, since making a
// directory changes the host: a plan with missing ones waits for it before
// the child's hand-over, and a directory that has vanished since the plan
// (its last run removed it) is made again only for an approved command.
func (l *nsLayer) materialize(approved func() bool) (*placeholders, error) {
	if len(l.placeholders) == 0 && len(l.commondirs) == 0 {
		return &placeholders{}, nil
	}
	if l.missing > 0 && !approved() {
		return nil, errDiscarded
	}
	root, err := unix.Open(l.root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: l.root, Err: err}
	}
	defer unix.Close(root)
	ps := &placeholders{}
	cleared := map[string]bool{} // directories clearWorking has looked in
	for i, p := range slices.Concat(l.placeholders, l.commondirs) {
		file := i >= len(l.placeholders)
		h, err := holdPlaceholder(root, l.root, p, file, approved, cleared)
		var parents []placeholder
		if errors.Is(err, errParentGone) {
			parents, err = holdParents(root, l.root, p, approved, cleared)
			ps.held = append(ps.held, parents...) // released if the next fails
			if err == nil {
				h, err = holdPlaceholder(root, l.root, p, file, approved, cleared)
			}
		}
		if err != nil {
			ps.release(nil)
			return nil, &os.PathError{Op: "holding the protected placeholder", Path: p, Err: err}
		}
		if h.f != nil {
			ps.held = slices.Insert(ps.held, len(ps.held)-len(parents), h)
		} else {
			h.close()
		}
		// The release helper removes in order: the deepest first.
		slices.Reverse(ps.held[len(ps.held)-len(parents):])
	}
	return ps, nil
}

// errParentGone: a placeholder's directory, there when the plan was made,
// is gone, a placeholder of an earlier run there that its release helper
// removed since (core.hooksPath tools/hooks, tools made by the run before).
var errParentGone = errors.New("its directory is gone since the plan")

// holdParents makes again, as placeholders of this run's own, held, the
// directories between the root and path that are gone since the plan
// (errParentGone), from the top: the plan's placeholder at path is then
// made in them, and the run binds what its plan says. They are released
// with this run's.
func holdParents(rootfd int, root, path string, approved func() bool, cleared map[string]bool) ([]placeholder, error) {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || rel == "." {
		return nil, errParentGone
	}
	var held []placeholder
	dir, sub := root, ""
	for _, name := range strings.Split(rel, "/") {
		dir, sub = filepath.Join(dir, name), filepath.Join(sub, name)
		if len(held) == 0 {
			fd, err := unix.Openat2(rootfd, sub, &unix.OpenHow{Flags: unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC,
				Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS})
			if err == nil {
				unix.Close(fd) // still there: not one to make
				continue
			}
		}
		h, err := holdPlaceholder(rootfd, root, dir, false, approved, cleared)
		if err != nil {
			return held, err
		}
		if h.f == nil {
			h.close()
			return held, fmt.Errorf("%s is not a directory", dir)
		}
		held = append(held, h)
	}
	return held, nil
}

// errDiscarded: the caller discarded the run before it started.
var errDiscarded = errors.New("the run was discarded")

// lockWait bounds how long a run waits for a placeholder another process
// holds exclusively: anyone who may open the directory could, and the run
// fails instead of hanging. A release helper holds it for a few system
// calls, but on a loaded machine it may be descheduled while it does (200
// runs at once on 2 cores kept one for over 100 ms), so a run waits for a
// live helper up to helperLockWait.
const (
	lockWait       = 100 * time.Millisecond
	helperLockWait = 10 * time.Second
)

// holdPlaceholder makes the directory at path, below root (open at rootfd),
// or with file a commondir file (commondirSelf), if it is missing, and
// takes a shared flock on it. Its parent is reached
// from the root without following a link, and it is made, opened and
// checked relative to that parent: a command that swaps a directory on the
// way for a link cannot point the runner at a directory elsewhere. f is
// nil where path is not a directory (a file stands there: nothing to hold
// or remove; the child binds it as it is), or with file not a regular
// file.
func holdPlaceholder(rootfd int, root, path string, file bool, approved func() bool, cleared map[string]bool) (placeholder, error) {
	h := placeholder{path: path}
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return h, fmt.Errorf("not below the root %s", root)
	}
	pfd, err := unix.Openat2(rootfd, rel, &unix.OpenHow{Flags: unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS})
	if err == unix.ENOENT {
		return h, errParentGone
	}
	if err != nil {
		return h, fmt.Errorf("its directory (a symbolic link on the way is refused): %w", err)
	}
	h.parent = os.NewFile(uintptr(pfd), filepath.Dir(path))
	name := filepath.Base(path)
	const tries = 16 // each a directory removed by another run in between
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	if file {
		// Not waiting on a FIFO made there since the plan.
		flags = unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_NONBLOCK | unix.O_CLOEXEC
	}
	for range tries {
		fd, err := unix.Openat(pfd, name, flags, 0)
		if file && err == nil && !isRegular(fd) {
			unix.Close(fd)
			return h, nil
		}
		switch {
		case err == unix.ENOTDIR || err == unix.ELOOP:
			return h, nil
		case err == unix.ENOENT:
			if !approved() {
				h.close()
				return h, errDiscarded
			}
			if dir := filepath.Dir(path); !cleared[dir] {
				cleared[dir] = true
				clearWorking(pfd)
			}
			made, err := makePlaceholder(pfd, name, file)
			if err != nil {
				h.close()
				return h, err
			}
			h.made = made
			continue
		case err != nil:
			h.close()
			return h, err
		}
		h.f = os.NewFile(uintptr(fd), path)
		if err := lockShared(fd); err != nil {
			h.close()
			return h, err
		}
		if sameEntry(fd, pfd, name) {
			return h, nil
		}
		h.f.Close() // removed (or replaced) before the lock was ours
		h.f, h.made = nil, false
	}
	h.close()
	return h, fmt.Errorf("it was removed and made again %d times meanwhile", tries)
}

// isRegular says whether fd is open on a regular file.
func isRegular(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG
}

// makePlaceholder makes the directory name in the directory pfd (with
// file, a file holding commondirSelf), marked
// (placeholderMark, no helper yet) before it appears under its name: made
// under a working name of this run's own (placeholderMaking, a pid and a
// random number), held with an exclusive flock, marked, and renamed into
// place unless name exists by then (made false, no error: another run's,
// or the project's). Made and marked in place, a runner killed between the
// two left a directory no later run knew for a placeholder, which stayed
// for good. One killed now leaves its working name, which a later run that
// makes a placeholder there removes if empty and unheld (clearWorking);
// anything else with such a name is left alone, never in a run's way.
// Without extended attributes here (ENOTSUP) it is made unmarked, and only
// this run knows it made it.
func makePlaceholder(pfd int, name string, file bool) (made bool, err error) {
	unlinkFlags := unix.AT_REMOVEDIR
	if file {
		unlinkFlags = 0
	}
	for range 16 {
		work := fmt.Sprintf("%s%d.%d", placeholderMaking, os.Getpid(), rand.Uint32())
		var fd int
		if file {
			fd, err = makeCommondir(pfd, work)
		} else {
			fd, err = makeDir(pfd, work)
		}
		if err == unix.EEXIST || err == unix.ENOENT {
			continue // ENOENT: taken for a leftover by another run before the lock
		}
		if err != nil {
			return false, err
		}
		if unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB) != nil || !sameEntry(fd, pfd, work) {
			unix.Close(fd) // another run looking at it, or it went
			continue
		}
		if err := unix.Fsetxattr(fd, placeholderMark, []byte("0"), 0); err != nil && err != unix.ENOTSUP {
			unix.Unlinkat(pfd, work, unlinkFlags)
			unix.Close(fd)
			return false, fmt.Errorf("marking it: %w", err)
		}
		placeholderStep("marked")
		err = unix.Renameat2(pfd, work, pfd, name, unix.RENAME_NOREPLACE)
		if err != nil {
			unix.Unlinkat(pfd, work, unlinkFlags) // this run's own name, held
		}
		unix.Close(fd)
		switch err {
		case nil:
			return true, nil
		case unix.EEXIST:
			return false, nil
		}
		return false, err
	}
	return false, fmt.Errorf("no working name of its own could be made beside it")
}

// makeDir makes directory work in the directory pfd and opens it.
func makeDir(pfd int, work string) (int, error) {
	if err := unix.Mkdirat(pfd, work, 0o755); err != nil {
		return -1, err
	}
	placeholderStep("made")
	fd, err := unix.Openat(pfd, work, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil && err != unix.ENOENT {
		unix.Unlinkat(pfd, work, unix.AT_REMOVEDIR)
	}
	return fd, err
}

// makeCommondir makes file work in the directory pfd, holding
// commondirSelf, and returns it open.
func makeCommondir(pfd int, work string) (int, error) {
	fd, err := unix.Openat(pfd, work, unix.O_RDWR|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
	if err != nil {
		return -1, err
	}
	placeholderStep("made")
	if n, err := unix.Write(fd, []byte(commondirSelf)); n != len(commondirSelf) || err != nil {
		unix.Unlinkat(pfd, work, 0)
		unix.Close(fd)
		return -1, fmt.Errorf("writing it: %d bytes, %v", n, err)
	}
	return fd, nil
}

// isCommondirSelf says whether fd is open on a regular file, with no other
// hard link, that holds commondirSelf and nothing else.
func isCommondirSelf(fd int) bool {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Nlink != 1 || st.Size != int64(len(commondirSelf)) {
		return false
	}
	b := make([]byte, len(commondirSelf)+1)
	n, err := unix.Pread(fd, b, 0)
	return err == nil && string(b[:n]) == commondirSelf
}

// placeholderMaking begins the working name of a placeholder being made.
const placeholderMaking = ".mewsandbox-making."

// placeholderStep is called after each step of makePlaceholder: tests stop
// it there, as a kill would.
var placeholderStep = func(string) {}

// clearWorking removes, in the directory pfd, the working names of
// placeholders that runs killed while making them left: empty directories
// no run holds. Once a run per directory (materialize), and bounded: it
// reads no more than maxWorkingScan entries and tries no more than
// maxWorkingClear of them (a killed runner leaves one per placeholder it
// was making), so that a command that planted thousands of such names
// costs a run little. Everything else (a file, a link, a directory with
// something in it) stays as it is.
func clearWorking(pfd int) {
	dfd, err := unix.Openat(pfd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(dfd)
	var buf [8192]byte
	var names, found []string
	for read := 0; read < maxWorkingScan && len(found) < maxWorkingClear; {
		n, err := unix.ReadDirent(dfd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n == 0 {
			break
		}
		_, _, names = unix.ParseDirent(buf[:n], -1, names[:0])
		read += len(names)
		for _, name := range names {
			if strings.HasPrefix(name, placeholderMaking) && len(found) < maxWorkingClear {
				found = append(found, name)
			}
		}
	}
	for _, name := range found {
		fd, err := unix.Openat(pfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err == unix.ENOTDIR {
			clearWorkingFile(pfd, name)
			continue
		}
		if err != nil {
			continue
		}
		if unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB) == nil && sameEntry(fd, pfd, name) {
			unix.Unlinkat(pfd, name, unix.AT_REMOVEDIR) // fails unless empty
		}
		unix.Close(fd)
	}
}

// clearWorkingFile removes file name in the directory pfd, the working
// name of a placeholder commondir, if it is one: marked, holding
// commondirSelf, and unheld. Any other file stays.
func clearWorkingFile(pfd int, name string) {
	fd, err := unix.Openat(pfd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	if _, err := unix.Fgetxattr(fd, placeholderMark, nil); err != nil || !isCommondirSelf(fd) {
		return
	}
	if unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB) == nil && sameEntry(fd, pfd, name) {
		unix.Unlinkat(pfd, name, 0)
	}
}

// What clearWorking reads and tries at most.
const (
	maxWorkingScan  = 4096
	maxWorkingClear = 16
)

// lockShared takes a shared flock on fd, waiting up to lockWait, or
// helperLockWait while a process of this binary (a release helper, or
// another run's runner that has just renamed the placeholder into place
// and holds it until it closes it: TestManyRuns at a load of 10 saw one
// descheduled there for over 100 ms, and the run failed) or a process on
// its way out holds it: from a few microseconds between tries up to a
// millisecond, and a look at who holds it every lookEvery.
func lockShared(fd int) error {
	start := time.Now()
	var looked time.Time
	unknown := 0 // looks in a row that named no holder
	for pause := 5 * time.Microsecond; ; pause = min(2*pause, time.Millisecond) {
		err := unix.Flock(fd, unix.LOCK_SH|unix.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case err != unix.EWOULDBLOCK && err != unix.EINTR:
			return err
		}
		if waited := time.Since(start); waited > lockWait && time.Since(looked) >= lookEvery {
			looked = time.Now()
			holder := flockHolder(fd)
			switch {
			case holder <= 0 && unknown < 3:
				unknown++
				looked = time.Time{}
				continue // let go between the try and the look, perhaps: try again at once
			case holder <= 0:
				return fmt.Errorf("another process has held an exclusive flock on it for %v; the run does not go on without its hold", lockWait)
			case (holder == os.Getpid() || !sameBinary(holder)) && !exiting(holder):
				return fmt.Errorf("process %d has held an exclusive flock on it for %v; the run does not go on without its hold", holder, lockWait)
			case waited > helperLockWait:
				return fmt.Errorf("process %d of mewsandbox (a release helper, or another run making it) has held an exclusive flock on it for %v; the run does not go on without its hold", holder, helperLockWait)
			}
			unknown = 0
		}
		time.Sleep(pause)
	}
}

// lookEvery is how often a waiting run reads /proc/locks, which lists
// every lock of the machine.
const lookEvery = 10 * time.Millisecond

// exiting says whether process pid is on its way out: its memory is gone
// (its command line reads empty, and it has no executable) while its
// descriptors, and the locks on them, are not yet.
func exiting(pid int) bool {
	dir := "/proc/" + strconv.Itoa(pid)
	cmdline, err := os.ReadFile(dir + "/cmdline")
	if err != nil || len(cmdline) != 0 {
		return false
	}
	_, err = os.Readlink(dir + "/exe")
	return errors.Is(err, os.ErrNotExist)
}

// flockHolder is the process that holds an exclusive flock on the file
// open at fd, as /proc/locks names it, or 0 if none is found.
func flockHolder(fd int) int {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return 0
	}
	locks, err := os.ReadFile("/proc/locks")
	if err != nil {
		return 0
	}
	return lockHolder(locks, st.Dev, st.Ino)
}

// lockHolder finds, in the text of /proc/locks, the process holding an
// exclusive flock on the file dev, ino. A line reads
//
//	1: FLOCK  ADVISORY  WRITE 4711 08:01:1234 0 EOF
//
// and one with "->" after its number is a process waiting, not holding.
// The device there is the file system's, which on btrfs is not the one
// fstat gives (a subvolume's): failing the whole match, a single holder
// of an exclusive flock on a file of that inode number is taken.
func lockHolder(locks []byte, dev, ino uint64) int {
	id := fmt.Sprintf("%02x:%02x:%d", unix.Major(dev), unix.Minor(dev), ino)
	suffix := ":" + strconv.FormatUint(ino, 10)
	byInode, candidates := 0, 0
	for line := range bytes.Lines(locks) {
		f := strings.Fields(string(line))
		if len(f) < 6 || f[1] != "FLOCK" || f[3] != "WRITE" || !strings.HasSuffix(f[5], suffix) {
			continue
		}
		pid, err := strconv.Atoi(f[4])
		if err != nil || pid <= 0 {
			continue
		}
		if f[5] == id {
			return pid
		}
		byInode, candidates = pid, candidates+1
	}
	if candidates == 1 {
		return byInode
	}
	return 0
}

// sameEntry says whether name in the directory dirfd is still the file
// open at fd, not followed if a link.
func sameEntry(fd, dirfd int, name string) bool {
	var a, b unix.Stat_t
	return unix.Fstat(fd, &a) == nil && unix.Fstatat(dirfd, name, &b, unix.AT_SYMLINK_NOFOLLOW) == nil && a.Dev == b.Dev && a.Ino == b.Ino
}

// releaseArg is os.Args[1] of the release helper (child_linux.h's
// MEWS_RELEASE_ARG).
const releaseArg = "__mewsandbox_release"

// releaseGrace is how long the release helper waits once the run is over
// before it removes what no run holds (child_linux.h's
// MEWS_RELEASE_GRACE_MS).
const releaseGrace = 100 * time.Millisecond

// What the runner tells the release helper: that the run is over, and with
// each path, whether this run made the placeholder or only holds it.
const (
	runOver         = "d"
	placeholderMade = "m"
	placeholderHeld = "h"
)

// placeholders are the ones a run holds, and the helper that will release
// them.
type placeholders struct {
	held    []placeholder
	handing sync.WaitGroup // the helper's start
	helper  int            // its pid once started; 0 if none is needed, or it failed
	over    *os.File       // the helper's pipe: the runner's word that the run is over
	err     error          // why the helper could not start
}

// standIns returns the held placeholders of the working tree (none in a
// git directory: git clean never looks there), relative to root and
// slash-separated, sorted (see gitCleanHint). ps may be nil.
func (ps *placeholders) standIns(root string) []string {
	if ps == nil {
		return nil
	}
	var out []string
	for _, h := range ps.held {
		rel, err := filepath.Rel(root, h.path)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || slices.Contains(strings.Split(rel, "/"), ".git") {
			continue
		}
		out = append(out, rel)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// needsHelper says whether a release helper must see to any held
// placeholder: one this run made, or a marked one whose mark names no
// live helper. A helper that claimed one (see release_placeholders) waits
// for every run holding it, this one too, and removes it after the last.
func (ps *placeholders) needsHelper() bool {
	live := 0 // a helper found alive: the marks of one run name the same
	for _, h := range ps.held {
		if h.made {
			return true
		}
		var mark [24]byte
		n, err := unix.Fgetxattr(h.fd(), placeholderMark, mark[:])
		if err != nil {
			continue // the project's own directory
		}
		pid, err := strconv.Atoi(string(mark[:n]))
		if err != nil || pid <= 0 {
			return true
		}
		if pid != live {
			if !isReleaseHelper(pid) {
				return true
			}
			live = pid
		}
	}
	return false
}

// isReleaseHelper says whether process pid is a release helper: this
// program's binary, run with releaseArg.
func isReleaseHelper(pid int) bool {
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return err == nil && bytes.Contains(cmdline, []byte("\x00"+releaseArg+"\x00")) && sameBinary(pid)
}

// sameBinary says whether process pid runs this program's binary.
func sameBinary(pid int) bool {
	exe, err := os.Stat("/proc/" + strconv.Itoa(pid) + "/exe")
	self, serr := os.Stat("/proc/self/exe")
	return err == nil && serr == nil && os.SameFile(exe, self)
}

// handToHelper starts the release helper, in the background, and gives it
// the held directories (and their flocks); child (or nil), the sandbox
// child's pidfd, lets it tell a runner that died from one whose run is
// over (see child_linux.c). It closes child.
func (ps *placeholders) handToHelper(child *os.File) {
	if !ps.needsHelper() {
		if child != nil {
			child.Close()
		}
		return
	}
	ps.handing.Go(func() {
		if child != nil {
			defer child.Close()
		}
		r, w, err := os.Pipe()
		if err != nil {
			ps.err = err
			return
		}
		defer r.Close()
		args := []string{"mewsandbox", releaseArg}
		// Started by syscall.ForkExec, not os/exec: os/exec opens
		// /dev/null for its stdio and, at a process's first start, probes
		// the kernel's pidfd support with a clone of its own (0.6–0.8 ms
		// of the runner's processor time a run that starts a helper,
		// measured). Its fds 0–2 are closed: it reads and writes none, and
		// opens nothing.
		files := []uintptr{^uintptr(0), ^uintptr(0), ^uintptr(0), r.Fd(), ^uintptr(0)}
		if child != nil {
			files[4] = child.Fd()
		}
		for _, h := range ps.held {
			how := placeholderHeld
			if h.made {
				how = placeholderMade
			}
			args = append(args, how+filepath.Base(h.path))
			files = append(files, h.f.Fd(), h.parent.Fd())
		}
		pid, err := syscall.ForkExec("/proc/self/exe", args, &syscall.ProcAttr{Env: childEnv, Files: files,
			Sys: &syscall.SysProcAttr{Setsid: true}})
		if err != nil {
			w.Close()
			ps.err = err
			return
		}
		ps.helper, ps.over = pid, w
		reaperHelper(pid)
		// Reaped once it exits (after the run: see release), by a
		// goroutine begun now, while the runner plans: begun at the
		// run's end it cost a thread's start there (measured). It waits
		// in the runtime's poller, not in waitid: a goroutine blocked in
		// a system call keeps its processor until the runtime's monitor
		// takes it back, 20 µs to 10 ms later (traced: the runner's exit
		// waited for it). A library's process reaps it so; the CLI's has
		// exited by then.
		go func() {
			awaitExit(pid)
			reaperHelperGone(pid)
			unix.Wait4(pid, nil, 0, nil)
		}()
		// Claimed for the helper at once (it claims them too, when it
		// starts): a run that starts in this root before the helper has
		// run must find them claimed, and start no helper of its own.
		mark := []byte(strconv.Itoa(pid))
		for _, h := range ps.held {
			var old [24]byte
			if _, err := unix.Fgetxattr(h.fd(), placeholderMark, old[:]); h.made || err == nil {
				unix.Fsetxattr(h.fd(), placeholderMark, mark, 0)
			}
		}
	})
}

// release ends the run's hold on its placeholders, the child being gone:
// the helper is told to remove what may go; without one they stay for the
// next run (warn says so).
func (ps *placeholders) release(warn func(string)) {
	if ps == nil {
		return
	}
	ps.handing.Wait()
	// The runner's own descriptors first: the helper's keep the flocks,
	// and closing the last one of a removed directory would cost the
	// runner what the helper is for.
	for _, h := range ps.held {
		h.close()
	}
	if ps.err != nil && warn != nil {
		warn(fmt.Sprintf("mewsandbox: the placeholders %s stay until the next run here: starting the release helper: %v", ps.paths(), ps.err))
	}
	if ps.helper == 0 {
		return
	}
	ps.over.Write([]byte(runOver))
	ps.over.Close()
}

// paths lists the held placeholders' paths.
func (ps *placeholders) paths() string {
	var out []string
	for _, h := range ps.held {
		out = append(out, h.path)
	}
	return strings.Join(out, ", ")
}

// hostSecrets are the host's password hashes and private keys under the
// /etc the default policy grants: unreadable to an ordinary user, but a
// command run as root (or in group shadow or ssl-cert) reads them by their
// owner or group bits, with no capability. The layer hides those the
// command could read that hold something; without it they stay readable (Landlock grants /etc
// as a whole, and denying inside it would mean a rule for each of its
// entries).
var hostSecrets = []string{
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-",
	"/etc/security/opasswd", "/etc/krb5.keytab", "/etc/ssl/private",
	"/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_ecdsa_key", "/etc/ssh/ssh_host_ed25519_key", "/etc/ssh/ssh_host_dsa_key",
}

// hostLocks are the host's lock files under the /etc the default policy
// grants that host tools take a POSIX write lock on: lckpwdf's, which
// useradd, passwd, chpasswd and systemd-sysusers take before they change
// the accounts. A read lock held on it stops them for the run's length
// (lckpwdf gives up after 15 s), and a command run as root reads it (0600):
// a red team's did. Empty, so hidden whether or not it holds anything;
// the sandbox's /etc is read-only, so no tool in it takes the lock.
var hostLocks = []string{"/etc/.pwd.lock"}

// hostIdentifiers are the machine's serial numbers and UUID that the
// DMI files in /sys give root alone (0400): identifiers of the machine
// (its owner's, on a laptop) that stay on the host. The others there (the
// make, the model, the firmware's vendor), readable by every user, stay:
// programs tell a virtual machine by them (systemd-detect-virt). The
// layer hides those the command could read, as hostSecrets.
var hostIdentifiers = []string{
	"/sys/devices/virtual/dmi/id/product_serial", "/sys/devices/virtual/dmi/id/board_serial",
	"/sys/devices/virtual/dmi/id/chassis_serial", "/sys/devices/virtual/dmi/id/product_uuid",
}

// hostKernelFiles are the kernel's files that tell where its memory lies
// and what it holds, root's by their mode (0400), which a command run as
// root reads with no capability (a red team's did): the physical pages'
// flags, use counts and memory cgroups, which a Rowhammer attack reads to
// find its pages beside the kernel's; the kernel heap's caches (slabinfo,
// and each cache's counts in /sys/kernel/slab), which a kernel exploit
// watches as it grooms the heap; the kernel's mappings with their physical
// addresses (vmallocinfo); the page allocator's free lists (pagetypeinfo,
// whose read holds a zone's lock with interrupts off); every CPU's timers
// (timer_list, which Docker masks too); what DAMON watches
// (/sys/kernel/mm/damon: the ranges of physical memory, or of a host
// process's, by its pid, and how often each was touched), and idle page
// tracking's bitmap (/sys/kernel/mm/page_idle, 0600: which physical pages
// were touched since a host tool marked them idle; each read walks every
// page's reverse map and takes its accessed bits). And the TCP
// Fast Open server key
// (0600) of the host's network namespace, which a command granted TCP
// ports or the whole network is in: with it, a client forges the cookies
// the host's servers take data with the SYN for (in a network namespace
// of the sandbox's own, /proc/sys/net is that namespace's, and the key
// its own). No build reads them: what free, ps and top read (meminfo,
// vmstat, zoneinfo, buddyinfo) is everyone's and stays. The layer hides
// them where the command could read root's files (readsRootFiles); the
// files in /proc report no size, so unlike hostSecrets they are hidden
// whether or not they look empty.
var hostKernelFiles = []string{
	"/proc/kpageflags", "/proc/kpagecount", "/proc/kpagecgroup", "/proc/slabinfo",
	"/proc/vmallocinfo", "/proc/pagetypeinfo", "/proc/timer_list", "/sys/kernel/slab",
	"/sys/kernel/mm/damon", "/sys/kernel/mm/page_idle", fastOpenKey,
}

// fastOpenKey is the TCP Fast Open server key of the network namespace
// /proc/sys/net shows.
const fastOpenKey = "/proc/sys/net/ipv4/tcp_fastopen_key"

// denyRead adds the steps that hide the --deny-read paths a grant (or the
// root) would otherwise reach, the hostSecrets, hostIdentifiers and
// hostLocks the command could read, and hostKernelFiles where it could
// read root's files, behind mounts that leave nothing on the host: a
// directory behind an empty read-only tmpfs, a file behind /dev/null on a
// mount without devices, which no one can open. Landlock keeps the
// --deny-read paths unreadable too (Plan grants their siblings instead of
// their parents); the mounts add that they cannot be renamed or replaced.
func (l *nsLayer) denyRead(p Policy) {
	reach := make([]string, 0, len(p.Grants)+1)
	for _, g := range append([]Grant{{Path: p.Root}}, p.Grants...) {
		if real, err := l.res.eval(g.Path); g.Path != "" && err == nil {
			reach = append(reach, real)
		}
	}
	var hidden []string
	// hide hides d unless skip (nil: never) says to leave it.
	hide := func(d string, skip func(string, os.FileInfo) bool) {
		real, err := l.res.eval(d)
		if err != nil || slices.Contains(hidden, real) || !slices.ContainsFunc(reach, func(r string) bool { return within(real, r) && real != r }) {
			return // missing, hidden already, or out of every grant: unreadable anyway
		}
		fi, err := l.res.stat(real)
		switch {
		case err != nil || skip != nil && skip(real, fi):
		case fi.IsDir():
			l.add(mountEmpty, real)
			l.add(mountRdonly, real)
			hidden = append(hidden, real)
		case fi.Mode().IsRegular():
			l.add(mountHideFile, real)
			hidden = append(hidden, real)
		}
	}
	for _, d := range p.DenyRead {
		hide(d, nil)
	}
	// A command that keeps a capability that reads past permissions reads
	// them all, whatever their mode (Fedora's /etc/shadow is 0000).
	var unreadable, unreadableOrEmpty func(string, os.FileInfo) bool
	if !keepsDAC(p) {
		unreadable = func(real string, fi os.FileInfo) bool { return !readableWithoutCaps(real, fi) }
		unreadableOrEmpty = func(real string, fi os.FileInfo) bool {
			return !readableWithoutCaps(real, fi) || holdsNothing(real, fi)
		}
	}
	for _, d := range hostSecrets {
		hide(d, unreadableOrEmpty)
	}
	for _, d := range hostIdentifiers {
		hide(d, unreadableOrEmpty)
	}
	for _, d := range hostLocks {
		hide(d, unreadable)
	}
	if readsRootFiles(p, os.Geteuid()) {
		for _, d := range hostKernelFiles {
			// A network namespace of the sandbox's own has a key of its
			// own: a mount (some 0.06 ms) for nothing.
			if d != fastOpenKey || !p.OwnNetwork() {
				hide(d, nil)
			}
		}
	}
}

// holdsNothing says whether the file at path holds nothing to hide: a regular
// file of no bytes (Debian's /etc/security/opasswd), or a directory
// without entries. A mount costs a run some 0.06 ms. The directory is
// read through a bare descriptor: an os.File would ask the poller to take
// it (fcntl, epoll_ctl, refused, fcntl), five system calls for nothing. It
// is opened as a directory only: anything else there (a FIFO, whose open
// would wait for a writer, a device) holds something.
func holdsNothing(path string, fi os.FileInfo) bool {
	if fi.Mode().IsRegular() {
		return fi.Size() == 0
	}
	var fd int
	var err error
	for {
		fd, err = unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var buf [512]byte
	for {
		n, err := unix.ReadDirent(fd, buf[:])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return false
		case n == 0:
			return true // read to the end: only "." and ".."
		}
		if _, found, _ := unix.ParseDirent(buf[:n], 1, nil); found > 0 {
			return false
		}
	}
}

// readableWithoutCaps says whether a process with the runner's user and
// groups and no capabilities, as the command runs, can read fi at path (a
// directory: list it or reach what is in it) by its permission bits: the
// owner's if it owns it, else the group's if it is in the group, else the
// others'; one with an access control list counts as readable.
func readableWithoutCaps(path string, fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	// An access control list may grant more than the bits say: taken as
	// readable, and hidden.
	if n, err := unix.Getxattr(path, "system.posix_acl_access", nil); err == nil && n > 0 {
		return true
	}
	want := os.FileMode(0o4)
	if fi.IsDir() {
		want |= 0o1
	}
	perm := fi.Mode().Perm()
	switch {
	case int(st.Uid) == os.Geteuid():
		return perm>>6&want != 0
	case inGroup(int(st.Gid)):
		return perm>>3&want != 0
	}
	return perm&want != 0
}

// inGroup says whether the runner is in group gid (its effective or a
// supplementary one).
func inGroup(gid int) bool {
	if gid == os.Getegid() {
		return true
	}
	groups, _ := os.Getgroups()
	return slices.Contains(groups, gid)
}

// maxKept bounds the paths bound back into one hidden directory or the
// private /dev/shm (child_linux.h's MEWS_MAX_KEPT, shared by them): past
// it the directory stays visible, which a strict run refuses (see
// unhidden).
const maxKept = 64

// hide adds the steps that replace the places where other programs keep
// their sockets and temporary files (the host /tmp, /run and so /var/run,
// $XDG_RUNTIME_DIR) with empty read-only file systems of the child's own,
// into which the paths there that the run needs are bound back: the root,
// the grants (with a private temp dir on the host, and the resolver's
// configuration where the default policy grants it) and the working
// directory, as keptPaths lists them (all); tmp, a private temp dir of the child's own, is made in
// its parent's once that is emptied (mountPrivateTmp). With
// --allow-unix-sockets (which Landlock before ABI 9 cannot narrow) only
// sockets in the grants are then reachable: not docker.sock, an ssh agent,
// the session bus or an X server. A directory that is the root or a grant,
// or lies in the root or a writable grant, stays as it is; one with more
// than maxKept paths to bind back too, recorded in unhidden.
func (l *nsLayer) hide(p Policy, all []keptPath, tmp string) {
	var hidden []string
	for _, d := range hiddenDirs(p) {
		real, err := l.res.eval(d)
		if d == "" || err != nil || slices.ContainsFunc(hidden, func(h string) bool { return within(real, h) }) {
			continue
		}
		if fi, err := l.res.stat(real); err != nil || !fi.IsDir() {
			continue
		}
		if real == "/" {
			// A home or runtime directory of / (HOME=/, as a service
			// may run with): the empty file system went over the
			// process's root, which a lookup from / never enters, so
			// nothing was hidden and the paths bound back into it went
			// onto the host's tree, without a word. A strict run is
			// refused instead.
			l.unhidden = append(l.unhidden, "/, the home or runtime directory (no file system can be laid over the sandbox's own root: set HOME and XDG_RUNTIME_DIR to a directory of their own; other programs' sockets anywhere would be reachable with --allow-unix-sockets)")
			continue
		}
		keep, empty := bareWorkingDir(all, real)
		inside, ok := l.keepInside(real, keep, "other programs' sockets there would be reachable with --allow-unix-sockets")
		if !ok {
			continue
		}
		hidden = append(hidden, real)
		// The private temp dir's parent, the host's /tmp, becomes the
		// command's own, writable as the temp dir is: programs that
		// write to /tmp whatever TMPDIR says (Java's temp files, test
		// suites, scripts) work, and what they leave goes with the run.
		// Not where a path is bound back into it (a root or a grant in
		// /tmp): Landlock's grant of /tmp would reach it whole, past the
		// rules that keep a --deny-read path in it out of reach.
		own := tmp != "" && len(inside) == 0 && filepath.Dir(tmp) == real && real == l.realTmp()
		if own {
			l.add(mountTmp, real)
		} else {
			l.add(mountEmpty, real)
		}
		l.placeInside(real, inside, tmp)
		if empty != "" {
			l.add(mountMkdir, empty)
		}
		if !own {
			l.add(mountRdonly, real)
		}
	}
}

// realTmp is /tmp, links resolved, or "".
func (l *nsLayer) realTmp() string {
	real, err := l.res.eval("/tmp")
	if err != nil {
		return ""
	}
	return real
}

// bareWorkingDir takes the working directory out of keep where it lies in
// hidden (or is it) and the policy grants nothing there (no root or grant
// that lies in hidden holds it): it is not bound back, and the command
// starts in an empty directory of its name, empty, a path made in the
// tmpfs ("" for hidden itself, the tmpfs's own root). Bound back, it
// brought what other programs keep there along: a command run from ~ with
// --root and --allow-unix-sockets connected to Docker's socket there (a
// review). A read grant that holds hidden (--allow-read /) does not bring
// hidden back, and so does not bring the working directory back either:
// it did, and a command run from /run so reached a host program's socket
// there. A writable one (whole) keeps hidden the host's anyway
// (keepInside).
func bareWorkingDir(keep []keptPath, hidden string) (rest []keptPath, empty string) {
	i := slices.IndexFunc(keep, func(k keptPath) bool { return k.cwd })
	if i < 0 || !within(keep[i].real, hidden) {
		return keep, ""
	}
	cwd := keep[i].real
	for j, k := range keep {
		if j != i && within(cwd, k.real) && (within(k.real, hidden) || k.whole) {
			return keep, "" // in the root or a grant: bound back with it
		}
	}
	if cwd != hidden {
		empty = cwd
	}
	return slices.Delete(slices.Clone(keep), i, i+1), empty
}

// privateShm adds the steps that give the command a /dev/shm of its own,
// a writable tmpfs (mountShm), where the policy grants the host's: other
// programs' shared memory is out of its reach, and what it leaves there
// goes with the run. Like hide, it binds back the paths the run needs
// that lie there (a project, a grant, the working directory), and makes
// the private temp dir there when TMPDIR is /dev/shm; where the root or
// a writable grant holds /dev/shm (--allow-write /dev), it stays the
// host's. Last, after hide: where /dev/shm links into /run (as on WSL),
// it goes over what hide bound back there.
func (l *nsLayer) privateShm(keep []keptPath, tmp string) {
	real, err := l.res.eval("/dev/shm")
	if err != nil {
		return
	}
	if fi, err := l.res.stat(real); err != nil || !fi.IsDir() {
		return
	}
	granted := false
	for _, k := range keep {
		granted = granted || k.real == real && k.access != 0
	}
	if !granted {
		return // not granted: Landlock keeps the host's out of reach
	}
	// The grant of /dev/shm itself is what this replaces, and a working
	// directory there goes into it (the command starts in its own); a
	// root there keeps it the host's.
	keep = slices.DeleteFunc(slices.Clone(keep), func(k keptPath) bool { return !k.root && !k.cwd && k.real == real })
	keep, empty := bareWorkingDir(keep, real)
	inside, ok := l.keepInside(real, keep, "other programs' shared memory there would be reachable")
	if !ok {
		return
	}
	l.add(mountShm, real)
	l.placeInside(real, inside, tmp)
	if empty != "" {
		l.add(mountMkdir, empty)
	}
	l.shm = real
}

// keepInside adds the steps that open the paths of keep inside dir (a
// directory about to be covered), to bind them back, and returns them; ok
// is false when dir is to stay as it is: it is a path of keep or lies in
// a whole one, or (recorded in unhidden, with what that means) it holds
// too many of them.
func (l *nsLayer) keepInside(dir string, keep []keptPath, unhiddenMeans string) (inside []string, ok bool) {
	inside, covered := keptInside(dir, keep)
	switch {
	case covered:
		return nil, false
	case len(inside) > maxKept:
		l.unhidden = append(l.unhidden, fmt.Sprintf("%s (the policy grants %d paths in it, more than the %d that can be bound back: grant their common directory instead; %s)", dir, len(inside), maxKept, unhiddenMeans))
		return nil, false
	}
	for _, k := range inside {
		l.add(mountKeep, k)
	}
	return inside, true
}

// placeInside adds the steps that bind the kept paths inside back into the
// file system just mounted over dir, and make the private temp dir tmp
// there when it belongs in dir.
func (l *nsLayer) placeInside(dir string, inside []string, tmp string) {
	for _, k := range inside {
		l.add(mountPlace, k)
	}
	if tmp != "" && filepath.Dir(tmp) == dir && !slices.Contains(inside, tmp) {
		l.add(mountPrivateTmp, tmp)
		l.tmp = tmp
	}
}

// keptPaths are the paths a covered directory must bind back: the
// working directory dir, the root and the grants.
func keptPaths(p Policy, dir string, res *resolver) []keptPath {
	var keep []keptPath
	add := func(path string, whole, root bool, access Access) {
		if real, err := res.eval(path); path != "" && err == nil {
			keep = append(keep, keptPath{real: real, whole: whole, root: root, access: access})
		}
	}
	// The working directory: Landlock decides what the command may do
	// there, as anywhere (but see bareWorkingDir).
	add(dir, false, false, 0)
	if len(keep) > 0 {
		keep[0].cwd = true
	}
	add(p.Root, true, true, 0)
	for _, g := range p.Grants {
		add(g.Path, g.Access&Write != 0, false, g.Access)
	}
	return keep
}

// hiddenDirs are the directories hide empties: where other programs keep
// their sockets. With pathname sockets allowed (--allow-unix-sockets, the
// only way to reach one: seccomp refuses them otherwise) the home directory
// (Docker Desktop's socket, gpg's and ssh's agents) and /var/tmp too, and
// the user database's home besides $HOME (databaseHome). Their number is
// fixed: child_linux.h's MEWS_MAX_KEPT counts them.
func hiddenDirs(p Policy) []string {
	dirs := []string{"/tmp", "/run", "/var/run", os.Getenv("XDG_RUNTIME_DIR")}
	if p.Network.UnixSockets {
		dirs = append(dirs, "/var/tmp", UserHome(), databaseHome())
	}
	return dirs
}

// databaseHome is the home /etc/passwd gives the runner's uid, where the
// agents started at login keep their sockets whatever the runner's $HOME
// says: a red team's run as root with HOME set to another directory (as
// sudo -E or a CI job leaves it) connected, with --allow-unix-sockets, to
// a host program's socket in /root. "" for a home of / or in a system
// directory (daemons': bin's /bin, daemon's /usr/sbin), which hide cannot
// empty or would take from the command, and where no agent keeps one.
func databaseHome() string {
	home := passwdHome("/etc/passwd", 2, strconv.Itoa(os.Getuid()))
	if home == "/" || slices.ContainsFunc(systemReadExec, func(d string) bool { return within(home, d) }) {
		return ""
	}
	return home
}

// keptPath is a path hide binds back, links resolved; whole when the
// directory holding it must stay as it is (the root, a writable grant);
// root when it is the root.
type keptPath struct {
	real        string
	whole, root bool
	cwd         bool   // the working directory
	access      Access // what a grant gives there (0 for the root and the working directory)
}

// keptInside returns the paths of keep below dir, outermost only (a bind
// brings the mounts below it along); covered when dir must stay as it is:
// it is a path of keep, or lies in a whole one.
func keptInside(dir string, keep []keptPath) (inside []string, covered bool) {
	for _, k := range keep {
		if k.real == dir || k.whole && within(dir, k.real) {
			return nil, true
		}
		if !within(k.real, dir) || slices.ContainsFunc(inside, func(o string) bool { return within(k.real, o) }) {
			continue
		}
		inside = slices.DeleteFunc(inside, func(o string) bool { return within(o, k.real) })
		inside = append(inside, k.real)
	}
	return inside, false
}

// isMountRoot says whether real path p is the root of a mount of another
// file system than its parent's (a bind of the same file system is not
// told apart, and gets a bind of its own: harmless). It looks through
// res, the plan's.
func isMountRoot(p string, res *resolver) bool {
	if p == "/" {
		return false
	}
	fi, err := res.stat(p)
	if err != nil {
		return false
	}
	pfi, err := res.stat(filepath.Dir(p))
	if err != nil {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	parent, pok := pfi.Sys().(*syscall.Stat_t)
	return ok && pok && st.Dev != parent.Dev
}

// boundDevices gives devices back (mountDevices) to the device nodes in
// /dev that the default policy or a grant of p names and that are mounts
// of their own (a /dev that is a tmpfs with the nodes bound into it, as
// bubblewrap and rootless container runtimes make one, --device
// /dev/fuse too), by the mount ids statx gives: isMountRoot misses a node
// bound from the same file system. A node's mount holds no other name.
func boundDevices(p Policy, res *resolver) []mountStep {
	var dev unix.Statx_t
	if unix.Statx(unix.AT_FDCWD, "/dev", 0, unix.STATX_MNT_ID, &dev) != nil || dev.Mask&unix.STATX_MNT_ID == 0 {
		return nil
	}
	nodes := slices.Clone(deviceReadWrite)
	for _, g := range p.Grants {
		if real, err := res.eval(g.Path); err == nil && real != "/dev" && within(real, "/dev") && !slices.Contains(nodes, real) {
			nodes = append(nodes, real)
		}
	}
	var steps []mountStep
	for _, d := range nodes {
		var st unix.Statx_t
		if unix.Statx(unix.AT_FDCWD, d, unix.AT_SYMLINK_NOFOLLOW, unix.STATX_TYPE|unix.STATX_MNT_ID, &st) == nil &&
			(st.Mode&unix.S_IFMT == unix.S_IFCHR || st.Mode&unix.S_IFMT == unix.S_IFBLK) && st.Mask&unix.STATX_MNT_ID != 0 && st.Mnt_id != dev.Mnt_id {
			steps = append(steps, mountStep{Op: mountDevices, Path: d})
		}
	}
	return steps
}

// NamespaceLayer says whether runs get the namespace layer here, by
// starting a process the way a run starts its sandbox child: a description
// of the layer, or why it is unavailable (then Landlock and seccomp alone
// enforce the policy, and the run loses WithoutNamespaces).
func NamespaceLayer() (string, error) {
	p := probeLayer()
	var has, lacks string
	switch {
	case errors.Is(p.err, errProcRefused):
		has = ", a pid namespace (its own /proc refused: the host's /proc has mounts over parts of it, and stays)"
	case p.flags&syscall.CLONE_NEWPID != 0:
		has = ", a pid namespace with its own /proc"
	default:
		lacks = "; no pid namespace: the command sees the host's processes"
	}
	if p.flags&syscall.CLONE_NEWIPC != 0 {
		has += ", an IPC namespace (System V IPC of its own, which seccomp then allows)"
	} else {
		lacks += "; no IPC namespace: System V IPC stays refused"
	}
	pid := has
	if lacks != "" {
		pid += fmt.Sprintf(" (%v%s)", p.refused, lacks)
	}
	if p.err != nil && !errors.Is(p.err, errProcRefused) {
		return "", fmt.Errorf("the kernel refused the namespace layer (%v): %s", p.err, WithoutNamespaces)
	}
	if os.Geteuid() == 0 {
		return "a mount namespace" + pid + " (as root)", nil
	}
	return "a user and a mount namespace, mapping only this user" + pid, nil
}

// NetworkNamespace says whether a run under network none
// (Policy.OwnNetwork) gets a network namespace of its own here, under the
// layer, or why not and what it then loses, by the probe NamespaceLayer
// starts.
func NetworkNamespace() (string, error) {
	p := probeLayer()
	switch {
	case p.err != nil && !errors.Is(p.err, errProcRefused):
		return "", fmt.Errorf("%w: %s", ErrNoNamespaceLayer, WithoutNetworkNamespace)
	case p.net < 0:
		return "", errors.New("unknown: the probe did not say")
	case p.net > 0:
		return "", errors.New(netnsRefused(syscall.Errno(p.net)) + "; such runs are refused unless --best-effort")
	}
	return "one of its own for a run under network none (--allow-unix-sockets or not, no TCP port): its abstract unix names, /proc/net and netlink are not the host's", nil
}

// probed is what the probe found: the clone flags a run's child gets (0
// if none), why the first way was refused where another was taken, the
// error of the way taken, and the errno of the network namespace it tried
// (0: made; -1: not tried).
type probed struct {
	flags        uintptr
	refused, err error
	net          int
}

// probeLayer probes the layer once a process (doctor and explain ask
// twice): the child's own entry makes the layer's first mounts there, a
// /proc of the pid namespace, and a network namespace; where pid or IPC
// namespaces are refused, a run goes on without them, and so does the
// probe.
var probeLayer = sync.OnceValue(func() probed {
	var p probed
	for _, a := range namespaceAttrs() {
		var err error
		p.net, err = probe(a)
		var pe *probeError
		if err == nil || errors.Is(err, errProcRefused) || errors.As(err, &pe) {
			p.flags, p.err = a.Cloneflags, err
			break
		}
		// Not started, as a run then tries the next way.
		if p.refused == nil {
			p.refused = err
		}
	}
	if p.flags == 0 {
		p.err = p.refused
	}
	return p
})

// errProcRefused is the probe's status when all but the /proc of the pid
// namespace works (child_linux.c's probe_namespaces).
var errProcRefused = errors.New("a /proc of the pid namespace refused")

// probe starts the probing child with attr; net is the errno of the
// network namespace it tried (-1 if it did not say).
func probe(attr *syscall.SysProcAttr) (net int, _ error) {
	cmd := osexec.Command("/proc/self/exe", probeArg)
	cmd.SysProcAttr = attr
	out, err := cmd.Output()
	net = -1
	if n, aerr := strconv.Atoi(string(out)); aerr == nil && n >= 0 {
		net = n
	}
	var ee *osexec.ExitError
	switch {
	case errors.As(err, &ee) && ee.Exited() && ee.ExitCode() == probeProcRefused:
		return net, errProcRefused
	case errors.As(err, &ee) && ee.Exited():
		return net, &probeError{syscall.Errno(ee.ExitCode())}
	case err == nil && !haveChild:
		return net, errors.New("this build has no sandbox child (built without cgo)")
	}
	return net, err
}

// probeError is a mount the probe was refused inside its namespaces.
type probeError struct{ errno syscall.Errno }

func (e *probeError) Error() string { return "mounts refused inside them: " + e.errno.Error() }

// probeProcRefused is child_linux.c's MEWS_PROBE_PROC_REFUSED.
const probeProcRefused = 200

// ProtectedInRoot lists the paths the layer keeps read-only inside the root.
func ProtectedInRoot() []string {
	in := protectedInRoot()
	out := make([]string, len(in))
	for i, p := range in {
		out[i] = p.path
	}
	return out
}
