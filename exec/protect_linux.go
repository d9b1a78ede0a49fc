//go:build linux

package exec

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// What the layer protects inside a writable root, and how (see protect).
//
// A read-only bind mount keeps a file or a directory from being written,
// and a mount point cannot be removed, renamed or replaced (EBUSY); but
// the directory holding one can be: renaming it moves the mount along and
// frees the name. So the layer keeps the whole way to a protected path
// fixed, not only its end. For each protected path it follows the way
// from the root component by component, as the kernel would:
//
//   - the path itself, where it exists, is bound read-only;
//   - every directory on the way, inside a writable tree, becomes a mount
//     of its own, writable as before (as .git does): it cannot be renamed
//     away and replaced by one the command makes;
//   - every symbolic link on the way, inside a writable tree, gets a mount
//     of its own on the link itself (mountBindLink): it cannot be removed
//     or replaced, so it keeps pointing where it pointed; and what it
//     points to is followed, inside the root or out, as part of the way;
//   - where the way is missing, a protected directory (the agents'
//     settings, hooks) gets an empty read-only placeholder at the first
//     missing component in the root, so that nothing can be made there;
//     one missing in a writable tree outside the root cannot get one, and
//     is recorded in unprotected (a strict run is refused). A missing
//     protected file (.bashrc) may still be created, as before;
//   - where a file stands on the way of a protected directory (tools/ a
//     file, core.hooksPath tools/hooks), it is bound read-only, so that the
//     way stays blocked.
//
// What lies outside every writable tree is read-only already and needs no
// mount, but the way through it is still followed: a link there may lead
// back into a writable tree.

// maxLinks bounds the links followed on the way to a protected path, as
// the kernel's own limit does (ELOOP past it).
const maxLinks = 40

// guard collects what protect binds.
type guard struct {
	root     string   // the root, links resolved
	writable []string // the writable trees, links resolved (writablePaths)
	// res is the plan's: the entries walk and the checks after it look
	// at, asked of the file system once (see resolver); nil asks each time.
	res *resolver

	readOnly []string        // bound read-only
	configs  []string        // the git config files among them (see nsLayer.gitConfigs)
	programs []configProgram // the programs git runs among them, by path (see nsLayer.programs)
	pins     []string        // directories and files bound onto themselves, writable as they are
	links    []string        // symbolic links bound onto themselves
	modules  []string        // the submodules' git directories protected (protectModule)
	gitDirs  int             // see countGitDir
	todoDirs []string        // the git directories counted (countGitDir), for nsLayer.todos
	// trees are the submodules' working trees by their git directories
	// (protectModuleFiles), whose gitlinks checkGitlinks reads.
	trees map[string]string
	subs  []plannedSub // the .git at each path .gitmodules gives (plannedTodos.Subs)
	// tooManyMounts: past maxMounts, refused (mountsLeft).
	tooManyMounts bool
	placeholders  []string    // see nsLayer.placeholders
	commondirs    []string    // see nsLayer.commondirs
	audited       []string    // see nsLayer.audited
	unmade        []string    // see nsLayer.unmade
	found         []string    // see nsLayer.found
	moduleDirs    []moduleDir // see holdModules
	missing       int
	unprotected   []string
}

// way is where a protected path leads, and what keeps it leading there.
type way struct {
	real    string   // where it leads, links resolved: it exists unless missing or blocked is set
	missing string   // the first missing component on the way
	blocked string   // a file on the way where a directory should be
	dirs    []string // the directories passed on the way, inside writable trees but not their tops
	links   []string // the links followed on the way, inside writable trees
}

// inWritable says whether real path p lies in a writable tree.
func (g *guard) inWritable(p string) bool {
	return slices.ContainsFunc(g.writable, func(w string) bool { return within(p, w) })
}

// below says whether real path p lies strictly below the root.
func (g *guard) below(p string) bool { return p != g.root && within(p, g.root) }

// parts splits a path into its components, empty ones and "." left out.
func parts(p string) []string {
	return slices.DeleteFunc(strings.Split(p, "/"), func(c string) bool { return c == "" || c == "." })
}

// walk follows p (absolute, perhaps with ".." in it) component by
// component, links resolved as the kernel resolves them, from the root
// when p lies in it.
func (g *guard) walk(p string) (way, error) {
	var w way
	cur, todo := "/", parts(p)
	if within(p, g.root) {
		cur, todo = g.root, parts(strings.TrimPrefix(p, g.root))
	}
	for links := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		if c == ".." {
			cur = filepath.Dir(cur) // cur holds no link: its parent is its real one
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := g.res.lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			w.missing, w.real = next, filepath.Join(append([]string{next}, todo...)...)
			return w, nil
		case err != nil:
			return w, err
		case fi.Mode()&fs.ModeSymlink != 0:
			if links++; links > maxLinks {
				return w, &os.PathError{Op: "follow the links of", Path: p, Err: syscall.ELOOP}
			}
			target, err := g.res.readlink(next)
			if err != nil {
				return w, err
			}
			if g.inWritable(next) {
				w.links = append(w.links, next)
			}
			if filepath.IsAbs(target) {
				cur = "/"
			}
			todo = append(parts(target), todo...)
		case fi.IsDir():
			if len(todo) > 0 && g.inWritable(next) && !slices.Contains(g.writable, next) {
				w.dirs = append(w.dirs, next)
			}
			cur = next
		default:
			if len(todo) > 0 {
				w.blocked, w.real = next, filepath.Join(append([]string{next}, todo...)...)
				return w, nil
			}
			cur = next
		}
	}
	w.real = cur
	return w, nil
}

// keepWay pins the directories and links on w's way.
func (g *guard) keepWay(w way) {
	for _, d := range w.dirs {
		if !slices.Contains(g.pins, d) {
			g.pins = append(g.pins, d)
		}
	}
	for _, l := range w.links {
		if !slices.Contains(g.links, l) {
			g.links = append(g.links, l)
		}
	}
}

func (g *guard) bindReadOnly(p string) {
	if !slices.Contains(g.readOnly, p) {
		g.readOnly = append(g.readOnly, p)
	}
}

// hold records a placeholder directory below the root, to make if
// missing and to hold either way.
func (g *guard) hold(p string, missing bool) {
	if slices.Contains(g.placeholders, p) {
		return
	}
	g.placeholders = append(g.placeholders, p)
	if missing {
		g.missing++
	}
}

// holdCommondir records a git directory's commondir below the root that
// gets a placeholder file (commondirSelf), to make if missing and to hold
// either way.
func (g *guard) holdCommondir(p string, missing bool) {
	if slices.Contains(g.commondirs, p) {
		return
	}
	g.commondirs = append(g.commondirs, p)
	if missing {
		g.missing++
	}
}

func (g *guard) refuse(p, why string) {
	g.unprotected = append(g.unprotected, fmt.Sprintf("%s (%s)", p, why))
}

// pin makes real path p, a directory or file on the way to a protected
// path, a mount of its own where it lies in a writable tree (the tops of
// the trees are mounts of their own already).
func (g *guard) pin(p string) {
	if g.inWritable(p) && !slices.Contains(g.writable, p) && !slices.Contains(g.pins, p) {
		g.pins = append(g.pins, p)
	}
}

// pinAboveRoot pins the directories between the root and the top of a
// writable tree that holds it (--allow-write of a directory above the
// project): they are on the way to every protected path in the root, as
// the user's next git command there takes it. Renamed, one would move the
// root's mount along and free the name for a project of the command's own
// (a red team's renamed work/src away under --allow-write work and made
// src/proj/.git/hooks/pre-commit). The root itself, a writable tree's top
// unless read-only (--plan), is a mount of its own already.
//
// They are pinned from the grant's top down: a bind onto itself is
// recursive, and made from the root up, each copied the ones made before
// it with the mounts they hid, doubling the mounts at each level (a root
// sixteen directories below the grant passed the kernel's mount-max).
func (g *guard) pinAboveRoot() {
	if g.inWritable("/") {
		// --allow-write /: the command may write ~/.gitconfig and every
		// other file the user's git reads; pins would hold nothing (and
		// cost a mount for each directory above the root).
		return
	}
	var above []string
	for d := g.root; d != "/" && g.inWritable(d); d = filepath.Dir(d) {
		above = append(above, d)
	}
	for _, d := range slices.Backward(above) {
		g.pin(d)
	}
	if len(above) > 1 {
		g.unmadeAbove(above[1:])
	}
}

// foundAbove are the names git, hg and jj look for in the directory they
// run in and then in each above it, up to /, while they find none that
// holds a repository, and rustup and asdf while they find no toolchain
// file: what one of them is in a directory above the root is the
// project's to the user's next command there.
var foundAbove = [...]string{".git", ".hg", ".jj", "rust-toolchain", "rust-toolchain.toml", ".tool-versions"}

// unmadeAbove looks for foundAbove's names in dirs, the directories above
// the root in a writable tree (--allow-write .., or ~ for a project in
// the home directory), and has each missing one looked for after the
// run, as a missing protected path is (unmade: moved aside, the run
// failing). A red team's command made ../.git with core.fsmonitor and
// removed the root's .git/HEAD, after which git no longer takes .git for
// a repository and goes on up: the user's next git status in the project
// ran the fsmonitor, under the layer and without it. One that is there
// is the user's, which a grant holding a git directory is warned of.
func (g *guard) unmadeAbove(dirs []string) {
	for _, d := range dirs {
		for _, n := range foundAbove {
			p := d + "/" + n
			if _, err := g.res.lstat(p); errors.Is(err, fs.ErrNotExist) && !slices.Contains(g.unmade, p) {
				g.unmade = append(g.unmade, p)
			}
		}
	}
}

// pinNamedWay keeps the way to the root as the run was started in it:
// dir, its working directory as the shell names it, links and all (the
// project reached through work/app -> src/proj), or as --root named it. A link on it in a
// writable grant, outside the root, pointed by the command at a copy with
// hooks of its own (a red team's), took the user's next cd work/app && git
// commit there; so the links and directories on it outside the root are
// kept as the way to a protected path is. Another name for the project
// (a link the run was not started through) is not known here.
func (g *guard) pinNamedWay(dir string) {
	if !filepath.IsAbs(dir) {
		return
	}
	w, err := g.walk(filepath.Clean(dir))
	if err != nil || w.missing != "" || w.blocked != "" || !within(w.real, g.root) {
		return
	}
	inRoot := func(p string) bool { return within(p, g.root) }
	w.dirs = slices.DeleteFunc(w.dirs, inRoot)
	w.links = slices.DeleteFunc(w.links, inRoot)
	g.keepWay(w)
}

// protectPath protects pr as the comment above says.
func (g *guard) protectPath(pr protectedPath) {
	w, err := g.walk(pr.path)
	g.protectWay(pr, w, err)
}

// protectWay protects pr, whose way walk found to be w (or failed with err).
func (g *guard) protectWay(pr protectedPath, w way, err error) {
	switch {
	case pr.refuse != "":
		g.refuse(pr.path, pr.refuse)
	case err != nil:
		g.refuse(pr.path, "following the way to it: "+err.Error())
	case w.missing == "" && w.blocked == "":
		g.keepWay(w)
		if pr.moduleDir {
			g.holdModules(pr.path, filepath.Dir(w.real), pr.moduleNames)
		}
		if g.inWritable(w.real) {
			var st syscall.Stat_t
			fi, err := g.res.lstat(w.real)
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				g.refuse(pr.path, "looking at it: "+err.Error())
				return
			}
			// Gone since the walk (another run's placeholder, freed by its
			// helper): held and made again below, as where it was missing.
			if err == nil {
				if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
					st = *sys
				}
			}
			if st.Mode&unix.S_IFMT == unix.S_IFREG && st.Nlink > 1 {
				// Read-only here, and writable through its other name.
				g.refuse(pr.path, "a protected file with other hard links, through which the command could rewrite it: make it a copy")
				return
			}
			if st.Mode&unix.S_IFMT == unix.S_IFDIR && !pr.hooks {
				// So are the files of a protected directory (.claude's
				// settings.json linked to notes.json in the root).
				if why := hardLinkedEntry(w.real); why != "" {
					g.refuse(pr.path, why)
					return
				}
			}
			g.bindReadOnly(w.real)
			if !pr.placeholder && !pr.mustExist && !pr.creatable && !slices.Contains(g.found, w.real) {
				g.found = append(g.found, w.real)
			}
			if pr.gitConfig && st.Mode&unix.S_IFMT == unix.S_IFREG && !slices.Contains(g.configs, w.real) {
				g.configs = append(g.configs, w.real)
			}
			if pr.program != "" && !pr.gitmodules {
				g.programs = append(g.programs, configProgram{key: pr.program, value: pr.path})
			}
		}
		switch {
		case pr.commondir:
			// Another run's placeholder, which must not go while this run
			// binds it; the project's own is only bound. One gone since
			// the walk, which the resolver may have looked at long before
			// (its helper removed it meanwhile), is held too, and so made
			// again: bound as it was, the child found nothing there and
			// the run failed.
			if g.below(w.real) && placeholderOrGone(w.real) {
				g.holdCommondir(w.real, false)
			}
		case pr.placeholder && g.below(w.real):
			g.hold(w.real, false) // perhaps another run's placeholder
		}
		if pr.hooks {
			g.protectHooks(w.real)
		}
	case !pr.placeholder:
		if pr.moduleDir && w.blocked == "" {
			g.holdModules(pr.path, filepath.Dir(w.real), pr.moduleNames)
		}
		// A missing protected file may be created, as where no link
		// leads to it (then moved aside after the run, which fails:
		// moveUnmade, at where the links lead: .config/mise.toml with
		// .config missing too); but not one git would read as config.
		if !pr.mustExist && !pr.creatable && w.missing != "" && g.inWritable(w.missing) && !g.insideReadOnly(w.missing) {
			g.unmade = append(g.unmade, w.real)
			// A link on the way (.config one of yours to a directory of
			// the root) the command could point at a directory of its
			// own holding the file, which is looked for where the link
			// led: pinned as on the way to one that exists. Not the
			// directories, which nothing but a link can stand in for
			// unseen (renamed away and a link put there, it is found
			// after the run).
			g.keepWay(way{links: w.links})
		}
		if pr.mustExist && w.missing != "" && g.inWritable(w.missing) && !g.insideReadOnly(w.missing) {
			// An empty file is no config to git: made outside the
			// sandbox, it is protected as the others are.
			make := "touch " + shellQuote(pr.path)
			if w.missing != pr.path {
				make = "mkdir -p " + shellQuote(filepath.Dir(pr.path)) + " && " + make
			}
			if pr.gitmodules {
				g.refuse(pr.path, w.missing+" is missing, in a writable tree, and would say where git runs "+pr.program+": the command could make it, naming a directory of its own; restore it outside the sandbox (git checkout -- .gitmodules), or unset "+pr.program+" in git's config, to run with it read-only")
				return
			}
			if pr.program != "" {
				// An empty file is no program: git fails to run it (git
				// diff with such a textconv stops); the key may be stale.
				g.refuse(pr.path, w.missing+" is missing, in a writable tree, and git would run it ("+pr.program+"): the command could make it; make it outside the sandbox ("+make+" makes an empty one, which git then fails to run), or unset "+pr.program+" in git's config, to run with it read-only")
				return
			}
			g.refuse(pr.path, w.missing+" is missing, in a writable tree, and git would read it as config: the command could make it; make it empty outside the sandbox, "+make+", to run with it read-only")
		}
	case w.blocked != "":
		g.keepWay(w)
		if g.inWritable(w.blocked) {
			g.bindReadOnly(w.blocked)
		}
	case g.below(w.missing) && g.readOnlyMount(filepath.Dir(w.missing)):
		// Where it would go, the host has a read-only mount below the
		// writable trees' own (a CI container's .git bound :ro into a
		// writable checkout), which the layer leaves read-only: the
		// command cannot make it there either, and a placeholder, which
		// cannot be made there, refused every run.
		g.keepWay(w)
	case g.below(w.missing) && pr.commondir:
		// Its git directory is there (gitDir found it): the file itself is
		// missing.
		g.keepWay(w)
		g.bindReadOnly(w.missing)
		g.holdCommondir(w.missing, true)
	case g.below(w.missing):
		g.keepWay(w)
		// Where the way passes a placeholder (another run's, made at the
		// first missing component then), that one is held and bound, not
		// a second one made inside it, which would keep the first from
		// going.
		if parent := filepath.Dir(w.missing); g.below(parent) && isPlaceholder(parent) {
			g.bindReadOnly(parent)
			g.hold(parent, false)
			return
		}
		g.bindReadOnly(w.missing)
		g.hold(w.missing, true)
	case g.inWritable(w.missing):
		g.refuse(pr.path, w.missing+" is missing, in a writable grant outside the root, where no placeholder goes: the command could make it")
	}
}

// moduleDir is the directory of a Python script a hook runs, in a
// writable tree, and the names of the modules in it at the plan: the
// project's.
type moduleDir struct {
	path    string
	modules []string // sorted
	// names, where set, are the only module names (before the first
	// dot) held there (protectedPath.moduleNames); nil holds all.
	names []string
	// since and nsec are the plan's time where it was taken beside
	// another run (distrustPlans), zero otherwise: a module found then may
	// be that run's command's, which its end moved aside and this run's
	// command put back, and is the project's only while unchanged since.
	since, nsec int64
}

// replanted says whether ctime ct, of a module of d's found at the plan,
// says it was made, moved or changed since, where the plan was taken
// beside another run (d.since).
func (d moduleDir) replanted(ct unix.Timespec) bool {
	return d.since != 0 && changedSince(ct, d.since, d.nsec)
}

// distrustPlans marks todos, mods and found (nil without the layer),
// planned at sec and nsec while another run held the root or one of its
// git directories (lockDirs), as trusted only while unchanged since: a
// first run's command planted an exec line and a signal.py, a second run
// planned meanwhile took them for the person's, and once the first run's
// end had undone them the second run's command put them back, and its end
// kept them (red84); so too a layered second run's .mcp.json, whose
// read-only mount moved along when the first run's end renamed it aside
// (fix86).
func distrustPlans(todos []*plannedTodos, mods []moduleDir, found *plannedFound, sec, nsec int64) {
	for _, p := range todos {
		p.Overlapped = true
	}
	for i := range mods {
		mods[i].since, mods[i].nsec = sec, nsec
	}
	if found != nil {
		found.sec, found.nsec = sec, nsec
	}
}

// plannedFound are the protected paths of unmade's kind (those that get
// no placeholder and are moved aside if made: other agents' and editors'
// settings, the scripts hooks run) that a layered run's plan found there
// (nsLayer.found). Bound read-only, they are the person's; but where the
// plan was taken beside another run (sec set, distrustPlans) only while
// unchanged since sec and nsec: one made, moved or changed since is the
// command's, moved aside as one missing at the plan is (moveUnmade).
type plannedFound struct {
	paths     []string
	sec, nsec int64
}

// holdModules records real directory dir of hook script path, a Python
// one (protectedPath.moduleDir), and the modules in it (pythonModule),
// for checkModuleDirs to move aside each module made there during the
// run, with the layer and without it. Python imports from the script's
// directory first, so that a signal.py the command made there ran at the
// agent's next hook in place of the standard library's, which the
// hook's import subprocess imports. Modules, not names: a directory of
// the project's there that the command makes a package (lib/ given an
// __init__.py) is one made as well. Not the directory held read-only:
// the project's other files there (notes, data) stay writable; the cost
// is a listing of it, and of each directory in it, at the plan and after
// the run. A directory missing at the plan (a namespace package's the
// command may make, import nspkg.sub) is held as an empty one. Only
// modules of names are held there where names is set; a directory held
// for other names too holds theirs, one held for all holds all.
func (g *guard) holdModules(path, dir string, names []string) {
	if !g.inWritable(dir) {
		return
	}
	if i := slices.IndexFunc(g.moduleDirs, func(m moduleDir) bool { return m.path == dir }); i >= 0 {
		g.moduleDirs[i].names = moreModuleNames(g.moduleDirs[i].names, names)
		return
	}
	fd, err := openDirNoLinks(dir, unix.O_RDONLY)
	if err == unix.ENOENT {
		// A package's directory that the command may make: all it
		// makes there is new (a namespace package's sub.so).
		g.moduleDirs = append(g.moduleDirs, moduleDir{path: dir, names: slices.Clone(names)})
		return
	}
	var entries []string
	if err == nil {
		entries, err = fdNames(fd, maxModuleDirNames)
		defer unix.Close(fd)
	}
	switch {
	case errors.Is(err, errTooMany):
		g.refuse(path, fmt.Sprintf("a hook's Python script in a directory of more than %d entries, too many to list for modules the command could make there, which Python would import first: move the script to a directory of its own, or run outside the sandbox", maxModuleDirNames))
		return
	case err != nil:
		g.refuse(path, "listing a hook's Python script's directory for modules the command could make there, which Python would import first: "+err.Error())
		return
	}
	m := moduleDir{path: dir, names: slices.Clone(names)}
	packages := packageLooks{}
	for _, n := range entries {
		if pythonModule(fd, n, packages) {
			m.modules = append(m.modules, n)
		}
	}
	slices.Sort(m.modules)
	g.moduleDirs = append(g.moduleDirs, m)
}

// holds says whether d holds the module of entry name: of one of its
// names, where it has them.
func (d moduleDir) holds(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	return d.names == nil || slices.Contains(d.names, stem)
}

// moduleCount is the modules dirs hold at the plan, for a message.
func moduleCount(dirs []moduleDir) int {
	n := 0
	for _, d := range dirs {
		n += len(d.modules)
	}
	return n
}

// checkModuleDirs moves aside what the command made in each of dirs
// (holdModules) that Python would import as a module by its name: a
// file X.py, X.pyc or X.*.so, or a directory (or a link to one) X
// holding an __init__ of those. A module there at the plan is the
// project's, whatever it holds now. It must run once nothing of the
// command's can write any more; it returns one line for each found.
func checkModuleDirs(dirs []moduleDir) []string {
	const why = "a module beside a Python script an agent's or git's hook runs, or in a package it imports from, which Python imports first, in place of the standard library's, an installed one or the project's source"
	var found says
	packages := packageLooks{}
	for _, d := range dirs {
		fd, err := openDirNoLinks(d.path, unix.O_RDONLY)
		if err == unix.ENOENT {
			continue
		}
		if err != nil {
			found.add(fmt.Sprintf("%s: cannot look in it for modules the command may have made (%s): %v; look at it before the next hook runs", d.path, why, err))
			continue
		}
		f := os.NewFile(uintptr(fd), d.path)
		// Read a part at a time, and said in a bounded record: a command
		// that made 100,000 modules there had the runner, alone in a
		// memory cgroup once it had ended, killed before it was done
		// (read83), as red81's names in .git did.
		err = eachEntry(f, func(e fs.DirEntry) bool {
			n := e.Name()
			_, planned := slices.BinarySearch(d.modules, n)
			if planned && (d.since == 0 || e.Type() != fs.ModeDir && !d.replantedAt(fd, n)) || !d.holds(n) || !pythonModule(fd, n, packages) {
				return true
			}
			if e.Type() == fs.ModeDir {
				// A directory made a package: its __init__ moved aside,
				// not the directory, which may be the project's (tests/);
				// of one there at the plan, those since (replanted), or
				// all where the directory itself changed since: one
				// renamed into place keeps its files' times (rev86).
				var since func(unix.Timespec) bool
				if planned && !d.replantedAt(fd, n) {
					since = d.replanted
				}
				found.add(movePackageInit(fd, d.path, n, why, since))
				return true
			}
			switch to, _, err := moveAsideAt(fd, n); {
			case err != nil:
				found.add(fmt.Sprintf("the command made %s/%s (%s); moving it aside failed (%v): remove it before the next hook runs", d.path, n, why, err))
			default:
				found.add(fmt.Sprintf("the command made %s/%s (%s); moved aside to %s/%s: look at it before you move it back", d.path, n, why, d.path, to))
			}
			return true
		})
		f.Close()
		if err != nil {
			found.add(fmt.Sprintf("%s: cannot list it for modules the command may have made (%s): %v; look at it before the next hook runs", d.path, why, err))
		}
	}
	return found.list()
}

// movePackageInit moves aside the __init__ modules of directory name in
// dirfd (of path dir), which the command made a package: without them it
// is no package, and a name Python imports finds the standard library's
// or an installed one first. Where since is not nil, only those whose
// ctime it takes for the command's. It says what it did, "" for nothing.
func movePackageInit(dirfd int, dir, name, why string, since func(unix.Timespec) bool) string {
	fd, err := unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil && since == nil && err != unix.ENOENT {
		// One it cannot list (mode 111, as a user), which Python
		// imports from all the same: the directory is the command's.
		if to, _, merr := moveAsideAt(dirfd, name); merr == nil {
			return fmt.Sprintf("the command made %s/%s, which cannot be listed (%v), perhaps a package (%s); moved aside to %s/%s: look at it before you move it back", dir, name, err, why, dir, to)
		}
	}
	if err != nil {
		return fmt.Sprintf("the command made %s/%s a package (%s); opening it failed (%v): remove its __init__ before the next hook runs", dir, name, why, err)
	}
	f := os.NewFile(uintptr(fd), dir+"/"+name)
	defer f.Close()
	inits, err := packageInits(f)
	if err != nil {
		return fmt.Sprintf("the command made %s/%s a package (%s); listing it failed (%v): remove its __init__ before the next hook runs", dir, name, why, err)
	}
	if since != nil {
		inits = slices.DeleteFunc(inits, func(n string) bool {
			var st unix.Stat_t
			return unix.Fstatat(fd, n, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || !since(st.Ctim)
		})
		if len(inits) == 0 {
			return ""
		}
	}
	var moved []string
	for _, n := range inits {
		to, _, err := moveAsideAt(fd, n)
		if err != nil {
			return fmt.Sprintf("the command made %s/%s a package (%s); moving its %s aside failed (%v): remove it before the next hook runs", dir, name, why, n, err)
		}
		moved = append(moved, dir+"/"+name+"/"+n+" to "+to)
	}
	return fmt.Sprintf("the command made %s/%s a package (%s); moved aside its %s: look at them before you move them back", dir, name, why, strings.Join(moved, ", "))
}

// replantedAt is replanted for the entry name of directory fd, d's; a
// name gone meanwhile is not.
func (d moduleDir) replantedAt(fd int, name string) bool {
	var st unix.Stat_t
	return unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && d.replanted(st.Ctim)
}

// pythonModule says whether name in the directory dirfd is a module to
// Python's path finder (pythonModuleEntry, packages its looks so far),
// looked at by fd: a link is followed only where it is one at the look.
func pythonModule(dirfd int, name string, packages packageLooks) bool {
	var typ fs.FileMode
	if !strings.Contains(name, ".") {
		var st unix.Stat_t
		if unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
			return false
		}
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFDIR:
			typ = fs.ModeDir
		case unix.S_IFLNK:
			typ = fs.ModeSymlink
		}
	}
	return pythonModuleEntry(name, typ, packages, func() (*os.File, error) {
		flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC | unix.O_NONBLOCK
		if typ == fs.ModeDir {
			flags |= unix.O_NOFOLLOW
		}
		fd, err := unix.Openat(dirfd, name, flags, 0)
		if err != nil {
			return nil, err
		}
		return os.NewFile(uintptr(fd), name), nil
	})
}

// moveLinkOnWay moves aside link, a symbolic link the command made on
// the way to protected path p, which was missing at the plan with a
// directory on its way (scripts/gen, for scripts/gen/lib.sh that a hook's
// script sources): through it the agent, git or a shell would read
// what the command put where it leads, and no look through it finds
// that. It returns what it found and did. It must run once nothing of
// the command's can write any more.
func moveLinkOnWay(p, link string) string {
	switch to, found, err := moveAside(filepath.Dir(link), filepath.Base(link)); {
	case err != nil:
		return fmt.Sprintf("%s: %s on its way is a symbolic link the command made, through which it could have made it; moving it aside failed (%v): look at it, or remove it, before you run git or open the project", p, link, err)
	case !found:
		return ""
	default:
		return fmt.Sprintf("%s: %s on its way is a symbolic link the command made, through which it could have made it; moved aside to %s/%s: look at it before you move it back", p, link, filepath.Dir(link), to)
	}
}

// insideReadOnly says whether real path p is, or lies below, a path
// already bound read-only (a hooks directory, or its placeholder): a
// program git would run there (core.fsmonitor .git/hooks/query-watchman)
// cannot be made by the command, missing or not; unless a directory on
// the way between, pinned as a writable mount of its own, holds it.
func (g *guard) insideReadOnly(p string) bool {
	for _, r := range g.readOnly {
		if within(p, r) && !slices.ContainsFunc(g.pins, func(q string) bool { return q != r && within(q, r) && within(p, q) }) {
			return true
		}
	}
	return false
}

// readOnlyMount says whether real path p lies on a mount the host has
// read-only that is none of the writable trees' own mounts: the layer
// makes only those, and mounts below them the host has writable
// (writableNested), writable again.
func (g *guard) readOnlyMount(p string) bool {
	var fs unix.Statfs_t
	if unix.Statfs(p, &fs) != nil || fs.Flags&unix.ST_RDONLY == 0 {
		return false
	}
	id, ok := mountID(p)
	if !ok {
		return false
	}
	return !slices.ContainsFunc(g.writable, func(w string) bool {
		wid, ok := mountID(w)
		return !ok || wid == id
	})
}

// mountID is the id of the mount real path p lies on.
func mountID(p string) (uint64, bool) {
	var st unix.Statx_t
	if unix.Statx(unix.AT_FDCWD, p, unix.AT_SYMLINK_NOFOLLOW, unix.STATX_MNT_ID, &st) != nil || st.Mask&unix.STATX_MNT_ID == 0 {
		return 0, false
	}
	return st.Mnt_id, true
}

// maxEntriesChecked bounds the entries of a protected directory
// hardLinkedEntry looks at.
const maxEntriesChecked = 256

// hardLinkedEntry says why directory dir, about to be bound read-only,
// cannot be: a regular file in it with other hard links, through which
// the command could rewrite it, or more entries than it looks at; "" when
// neither. Its subdirectories' files are not looked at.
func hardLinkedEntry(dir string) string {
	// System calls of its own, not an *os.File: the runner's first one
	// would start the runtime's poller, on every run.
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOENT) {
		return "" // gone since the walk: another run's placeholder, empty
	}
	if err != nil {
		return "listing it: " + err.Error()
	}
	defer unix.Close(fd)
	var buf [4096]byte
	seen := 0
	for {
		n, err := unix.Getdents(fd, buf[:])
		if errors.Is(err, unix.ENOENT) {
			return "" // removed while listed: another run's placeholder, empty
		}
		if err != nil {
			return "listing it: " + err.Error()
		}
		if n <= 0 {
			return ""
		}
		var names []string
		_, _, names = unix.ParseDirent(buf[:n], -1, names)
		for _, name := range names {
			if seen++; seen > maxEntriesChecked {
				return fmt.Sprintf("more than %d entries, whose hard links the plan does not look for", maxEntriesChecked)
			}
			var st unix.Stat_t
			if unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && st.Nlink > 1 {
				return name + " in it has other hard links, through which the command could rewrite it: make it a copy"
			}
		}
	}
}

// isPlaceholder says whether p bears the layer's mark.
func isPlaceholder(p string) bool { return markErr(p) == nil }

// placeholderOrGone says whether p bears the layer's mark or is gone.
func placeholderOrGone(p string) bool {
	err := markErr(p)
	return err == nil || err == unix.ENOENT
}

// markErr is why p bears no placeholderMark, or nil.
func markErr(p string) error {
	_, err := unix.Lgetxattr(p, placeholderMark, nil)
	return err
}

// protect adds the steps that keep the protected paths inside root (its
// real path; writable, the writable trees) from being written, replaced or
// created: see guard. A missing protected directory is bound after
// materialize creates it.
func (l *nsLayer) protect(root string, writable []string, allowGitConfig bool, named ...string) {
	l.root = root
	g, r := planGuard(root, writable, allowGitConfig, l.res, named...)
	// Read-only first, then the mounts of their own on the way: one made
	// inside a read-only path (a git directory inside .claude) is then
	// read-only too, and one made on a directory holding a read-only path
	// brings that mount along (a bind is recursive).
	for _, p := range g.readOnly {
		l.add(mountBind, p)
		l.add(mountRdonly, p)
	}
	for _, p := range g.pins {
		if !slices.Contains(g.readOnly, p) {
			l.add(mountBind, p)
		}
	}
	for _, p := range g.links {
		l.add(mountBindLink, p)
	}
	l.placeholders, l.commondirs, l.missing, l.unprotected = g.placeholders, g.commondirs, g.missing, g.unprotected
	l.audited, l.unmade, l.moduleDirs = g.audited, g.unmade, g.moduleDirs
	l.found.paths = g.found
	// Held, and the root and git directories tested: nothing of a
	// layered run's is put back from a record, but the exec lines of git's
	// todo lists and the modules beside hooks' scripts found at the plan
	// are kept as the person's, which beside another run they may not be
	// (distrustPlans).
	for _, d := range runDirs(root, r, g) {
		if d.hold {
			l.locked = append(l.locked, d)
		}
	}
	// By directory, for moveUnmade and afterKilledArgs to take each once.
	byDir := func(a, b string) int { return strings.Compare(filepath.Dir(a), filepath.Dir(b)) }
	slices.SortStableFunc(l.unmade, byDir)
	slices.SortStableFunc(l.found.paths, byDir)
	// The root's index too: its gitlinks are the submodules the host's
	// git enters (checkGitlinks), as without the layer.
	l.todos = planAllTodos(root, r, g, allowGitConfig, l.since, l.sinceNsec)
	l.ways = g.wayModes()
	l.programs, l.held = g.programs, g.readOnly
	if !allowGitConfig {
		l.gitConfigs = g.configs
	}
}

// planGuard works out what protect protects inside root (its real path;
// writable, the writable trees), and the root's repository: the layer
// binds it, and a run without the layer takes a snapshot of the same
// paths to undo the command's changes after it (planUnlayered).
func planGuard(root string, writable []string, allowGitConfig bool, res *resolver, named ...string) (*guard, repo) {
	g := &guard{root: root, writable: writable, res: res}
	// Most of the names looked for in the root and the git directory are
	// missing: each read whole once (a fresh git init's root and .git, 71
	// lookups fewer a plan).
	res.list(root)
	g.pinAboveRoot()
	for _, n := range named {
		if n != "" {
			g.pinNamedWay(n)
		}
	}
	r := g.gitDir()
	if r.common != "" {
		res.list(r.common)
	}
	prs, cfg := protectedPaths(root, r)
	if r.planted {
		// Moved aside after the run, the commondir leaves git the git
		// directory's own config and hooks again: kept as where it is
		// its own common directory, beside what the commondir names.
		own, ownCfg := protectedPaths(root, repo{git: r.git, common: r.git})
		for _, pr := range own {
			if !slices.ContainsFunc(prs, func(p protectedPath) bool { return p.path == pr.path }) {
				prs = append(prs, pr)
			}
		}
		if cfg.limit == "" {
			cfg.limit, cfg.limitWhy = ownCfg.limit, ownCfg.limitWhy
		}
	}
	whole := !allowGitConfig && g.protectWithoutConfig(r.common)
	for _, pr := range prs {
		if allowGitConfig && pr.gitConfig {
			continue
		}
		if whole && filepath.Dir(pr.path) == r.common {
			if pr.path == r.common+"/config" {
				continue // missing, and nothing can be made in the directory
			}
			pr.placeholder = false // none needed in a read-only directory
		}
		if pr.commondir && pr.placeholder && allowGitConfig {
			pr.placeholder = false
		}
		if pr.commondir && pr.placeholder && cfg.ownWorkTree(r.common+"/config") {
			// A placeholder would have git ignore the config's
			// core.worktree (as in a submodule's git directory): one
			// the command makes is looked for after the run instead
			// (movePlanted).
			if _, err := g.res.lstat(pr.path); errors.Is(err, fs.ErrNotExist) && g.inWritable(r.git) {
				g.audited = append(g.audited, r.git)
			}
			pr.placeholder = false
		}
		if pr.commondir && pr.placeholder && !g.below(r.git) && g.inWritable(r.git) {
			// Outside the root, in a writable grant (git init
			// --separate-git-dir), where no placeholder goes: one the
			// command makes there is looked for after the run instead
			// (movePlanted), as in a submodule's.
			if _, err := g.res.lstat(pr.path); errors.Is(err, fs.ErrNotExist) {
				g.audited = append(g.audited, r.git)
			}
			pr.placeholder = false
		}
		g.protectPath(pr)
	}
	if cfg.limit != "" {
		g.refuse(cfg.limit, cfg.limitWhy)
	}
	// The submodules .gitmodules names first, with the working trees it
	// gives them; then those git directories under modules/ it does not.
	g.protectSubmodulePaths(r, cfg, allowGitConfig)
	g.protectWorktrees(r, cfg, allowGitConfig)
	g.protectModules(r.common, cfg, allowGitConfig)
	if r.git != r.common && filepath.Dir(r.git) != r.common+"/worktrees" {
		g.protectModules(r.git, cfg, allowGitConfig) // else protectWorktrees did
	}
	g.mountsLeft()
	return g, r
}

// wayModes returns the directories whose mode the run guards
// (nsLayer.ways): each pinned on the way to a protected path, and each
// writable tree's top that holds a protected path. Mounts of their own, the
// command can neither rename nor replace them, but it may change their
// mode and access control lists, as their owner: writable by all (or by
// a user an access control list names), the root or .git would let any
// other user of the host rename .git/hooks away and put hooks of its own
// there (or a .git of its own in the root), which the owner's next git
// commit runs, or make a missing .git/commondir once the placeholder
// went.
func (g *guard) wayModes() []wayMode {
	var dirs []string
	add := func(d string) {
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	for _, p := range slices.Concat(g.readOnly, g.pins, g.links, g.placeholders, g.commondirs) {
		for _, w := range g.writable {
			if p != w && within(p, w) {
				add(w)
			}
		}
	}
	for _, p := range g.pins {
		add(p)
	}
	var ways []wayMode
	for _, d := range dirs {
		fi, err := g.res.lstat(d)
		if err != nil || !fi.IsDir() {
			continue // a file pinned on the way is bound read-only
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			ways = append(ways, wayMode{path: d, mode: uint32(st.Mode) & 0o7777, uid: st.Uid, gid: st.Gid, dev: uint64(st.Dev), ino: uint64(st.Ino), acls: readACLs(d, true)})
		}
	}
	return ways
}

// ownWorkTree says whether git config file path sets core.worktree, or
// core.bare true, where git reads them as it finds the repository: only
// in a git directory without commondir, so a placeholder commondir would
// have git ignore them (a submodule's git directory, whose core.worktree
// names its working tree). Such a git directory gets none: the command
// could make a commondir there, as without the layer. Read as git reads
// it there, without includes.
func ownWorkTree(path string) bool {
	b, err := readConfig(path)
	if err != nil {
		return false
	}
	own := false
	parseGitConfig(b, func(name, value string, hasValue bool) {
		own = own || ownsWorkTree(name, value, hasValue)
	})
	return own
}

// ownsWorkTree says whether one config entry is what ownWorkTree looks
// for: core.worktree set, or core.bare true.
func ownsWorkTree(name, value string, hasValue bool) bool {
	switch name {
	case "core.worktree":
		return hasValue
	case "core.bare":
		return !hasValue || gitBool(value)
	}
	return false
}

// ownWorkTree is ownWorkTree(path) for the configuration c, which
// gitConfigs read: the repository's own config file, which gitConfigs
// parsed microseconds before, is not read again (nothing has run since,
// and the plan changes nothing); any other path, or one gitConfigs did
// not get to parse (past its limits), is read.
func (c gitConfig) ownWorkTree(path string) bool {
	if c.commonRead && path == c.common {
		return c.commonOwnsWorkTree
	}
	return ownWorkTree(path)
}

// protectWithoutConfig binds common, the root's common git directory,
// read-only as a whole where it has no config (an empty .git, kept as a
// project marker) and lies in a writable tree, and says whether it did.
// Otherwise the command could make the config, with a core.fsmonitor or
// a core.hooksPath in it, and a HEAD, objects and refs beside it: a
// working repository whose config the host's git reads. Nothing can be
// made in it then, so a git init there is refused: remove the directory
// outside the sandbox, or run in a root without it.
func (g *guard) protectWithoutConfig(common string) bool {
	if common == "" || !g.inWritable(common) {
		return false
	}
	if _, err := g.res.lstat(common + "/config"); !errors.Is(err, fs.ErrNotExist) {
		return false // there (a link that leads nowhere is refused: mustExist)
	}
	g.bindReadOnly(common)
	return true
}

// protectWorktrees protects the linked worktrees registered in r's
// common directory, each a directory worktrees/NAME that a worktree's .git
// pointer file names: git takes from its commondir which common
// directory's hooks and config to use, and reads its config.worktree; a
// command that rewrote one (commondir naming a directory of its own, with
// its own config and hooks) would have the worktree, wherever it lies,
// run what it planted. So commondir, gitdir and config.worktree are bound
// read-only where present (the way to them kept, the entry not renamed
// away); an entry without commondir is its own common directory, and one
// without config.worktree where git would read it could get one: such an
// entry is bound read-only as a whole. A worktree whose working tree
// (what its gitdir names, less the /.git) lies in a writable tree gets
// the relative core.hooksPath directories protected there as in the root.
// Worktrees the command itself registers during the run cannot be known
// here. Directories are read only where worktrees/ exists.
func (g *guard) protectWorktrees(r repo, cfg gitConfig, allowGitConfig bool) {
	if r.common == "" {
		return
	}
	dir := r.common + "/worktrees"
	names, err := dirNames(dir, maxWorktrees)
	switch {
	case errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR):
		return
	case errors.Is(err, errTooMany):
		g.refuse(dir, fmt.Sprintf("more than %d linked worktrees in it, too many to protect: prune them (git worktree prune)", maxWorktrees))
		return
	case err != nil:
		g.refuse(dir, "reading the linked worktrees in it: "+err.Error())
		return
	}
	home := os.Getenv("HOME")
	for _, name := range names {
		entry := dir + "/" + name
		if fi, err := os.Stat(entry); err != nil || !fi.IsDir() {
			continue // git finds no worktree there either
		}
		if !g.countGitDir(entry) {
			return
		}
		var own gitConfig
		if cfg.worktreeConfig && filepath.Clean(entry) != filepath.Clean(r.git) {
			own.read(entry+"/config.worktree", home, 0)
		}
		_, errCommon := os.Lstat(entry + "/commondir")
		_, errWorktree := os.Lstat(entry + "/config.worktree")
		if errors.Is(errCommon, fs.ErrNotExist) || cfg.worktreeConfig && errors.Is(errWorktree, fs.ErrNotExist) && filepath.Clean(entry) != filepath.Clean(r.git) {
			g.protectPath(protectedPath{path: entry})
		} else {
			g.protectPath(protectedPath{path: entry + "/commondir"})
			if errWorktree == nil && !allowGitConfig {
				g.protectPath(protectedPath{path: entry + "/config.worktree", gitConfig: true})
			}
		}
		g.protectPath(protectedPath{path: entry + "/gitdir"})
		if own.limit != "" {
			g.refuse(own.limit, own.limitWhy)
		}
		if !allowGitConfig {
			for _, inc := range own.includes {
				g.protectPath(protectedPath{path: inc, gitConfig: true, mustExist: true})
			}
		}
		// A linked worktree's submodules have their git directories in
		// its entry (modules is no common directory of git's), wherever
		// the worktree lies: the host's git enters them there.
		g.protectModules(entry, cfg, allowGitConfig)
		tree := worktreeOf(entry)
		if tree == g.root {
			continue // the root's are protected already
		}
		if tree == "" || !g.inWritable(tree) {
			// Read-only, but an absolute core.hooksPath its
			// config.worktree sets may name a directory in a writable
			// tree, whose hooks a commit there runs (the common
			// config's are protected with the root's).
			for _, v := range own.hooksPaths {
				if h := hooksDir(tree, v, home); h != "" && filepath.IsAbs(expandHome(v, home)) {
					g.protectPath(protectedPath{path: h, placeholder: true, hooks: true})
				}
			}
			continue
		}
		// Its .git pointer file decides whose config and hooks git uses
		// there: pointed at a git directory of the command's own, with
		// core.fsmonitor, your next git status there would run it.
		g.protectPath(protectedPath{path: tree + "/.git"})
		dirs := []string{r.common + "/hooks"}
		for _, v := range slices.Concat(cfg.hooksPaths, own.hooksPaths) {
			if h := hooksDir(tree, v, home); h != "" {
				g.protectPath(protectedPath{path: h, placeholder: true, hooks: true})
				dirs = append(dirs, h)
			}
		}
		if hookInstalled(dirs) {
			g.protectTreeHooks(tree, dirs)
		}
		for _, v := range slices.Concat(cfg.programs, own.programs) {
			for _, p := range programPaths(tree, v, home) {
				g.protectPath(p)
			}
		}
	}
}

// maxModules bounds the directories under a git directory's modules/
// that protectModules examines.
const maxModules = 64

// maxGitDirs bounds the git directories of submodules and linked
// worktrees one plan protects in all: a submodule may have worktrees of
// its own, each with submodules, and so on, each level up to the limits
// above; a command could make a tree of them that the next run would
// take minutes to follow, and that needs more mounts than the kernel
// allows. Each costs a run about a third of a millisecond.
const maxGitDirs = 256

// countGitDir counts git directory p, of a submodule or a linked
// worktree, and says whether the plan may protect it: past maxGitDirs the
// run is refused (once), rather than planned on for ever or run with
// some left writable.
func (g *guard) countGitDir(p string) bool {
	if !g.mountsLeft() {
		return false
	}
	if g.gitDirs++; g.gitDirs == maxGitDirs+1 {
		g.refuse(p, fmt.Sprintf("more than %d git directories of submodules and linked worktrees in all, too many to protect", maxGitDirs))
	}
	if g.gitDirs <= maxGitDirs {
		g.todoDirs = append(g.todoDirs, p)
	}
	return g.gitDirs <= maxGitDirs
}

// protectModules protects the git directories of the submodules of the
// worktree whose git directory is git (the root's common directory, a
// linked worktree's entry), modules/NAME in it (a NAME may hold slashes,
// and a submodule's own submodules are in its modules/): the host's git
// enters each one, as git status in the superproject runs git status in
// every submodule checked out, and a commit there runs its hooks. So each
// is kept as the root's git directory is (its way pinned, not to be
// renamed away and replaced), its hooks and, unless allowGitConfig, its
// config (and the config.worktree its extensions.worktreeConfig makes git
// read) and what they include are protected, and so are the directories
// core.hooksPath names in its working tree (its core.worktree) where that
// is writable. A directory there that holds neither a HEAD nor a config is
// part of a NAME, and what it holds is looked at in turn; placeholders
// keep the command from making either there. Submodules the command itself
// adds during the run cannot be known here.
func (g *guard) protectModules(git string, cfg gitConfig, allowGitConfig bool) {
	if git == "" {
		return
	}
	home := os.Getenv("HOME")
	seen := 0
	for queue := []string{git + "/modules"}; len(queue) > 0 && g.gitDirs <= maxGitDirs; queue = queue[1:] {
		dir := queue[0]
		names, err := dirNames(dir, maxModules)
		switch {
		case errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR):
			continue
		case errors.Is(err, errTooMany):
			seen = maxModules + 1
		case err != nil:
			g.refuse(dir, "reading the submodules' git directories in it: "+err.Error())
			return
		}
		// Where it leads, once it is known to be there (most repositories
		// have no modules/: nothing to resolve), through the plan's
		// resolver, which has looked at the way to the git directory.
		dirReal, _ := g.res.eval(dir)
		if seen += len(names); seen > maxModules {
			g.refuse(git+"/modules", fmt.Sprintf("more than %d entries in it, too many submodules' git directories to protect", maxModules))
			return
		}
		for _, name := range names {
			d := dir + "/" + name
			if fi, err := g.res.stat(d); err != nil || !fi.IsDir() {
				continue // git finds no repository there either
			}
			if to, err := g.res.eval(d); err != nil || dirReal != "" && within(dirReal, to) {
				// A link back to this directory or one above it (the
				// root, /): a loop, no git directory; followed, it would
				// take the root for part of a name.
				continue
			}
			real := g.keepDir(d)
			if real == "" {
				continue
			}
			if !gitFile(real+"/HEAD") && !gitFile(real+"/config") {
				// Part of a name with slashes (libs for libs/a), writable
				// for git to add libs/b beside. A HEAD or a config made
				// in it would have the next run take it for a git
				// directory and look no further, leaving libs/a
				// unprotected: both are held by placeholders. A
				// directory there is no HEAD or config for git either:
				// another run's placeholder is held as it is, any other
				// is part of a name (libs/config), looked at in turn.
				for _, f := range []string{real + "/HEAD", real + "/config"} {
					if _, err := os.Lstat(f); errors.Is(err, fs.ErrNotExist) || isPlaceholder(f) {
						g.protectPath(protectedPath{path: f, placeholder: true})
					}
				}
				queue = append(queue, real)
				continue
			}
			g.protectModule(real, "", cfg, home, allowGitConfig)
			queue = append(queue, real+"/modules")
		}
	}
}

// gitFile says whether p is there and no directory: a HEAD or a config
// that makes a directory under modules/ a git directory.
func gitFile(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && !fi.IsDir()
}

// protectSubmodulePaths protects the git directories of the root's
// submodules checked out at the paths .gitmodules gives (read-only in the
// root), whatever .git there leads to: one under modules/, or one
// elsewhere (git submodule add of a repository already cloned at the path
// keeps its git directory there, sub/.git a directory; a .git pointer
// file may name any), protected as they are (protectModule). The path is
// the submodule's working tree where its config sets no core.worktree:
// git takes it to be where .git lies, and a relative core.hooksPath from
// there. One missing is no submodule checked out: the command making one
// is a new nested repository, as git init sub would be. A submodule's own
// submodules kept in its working tree are not looked for: their
// .gitmodules is the command's to change.
func (g *guard) protectSubmodulePaths(r repo, cfg gitConfig, allowGitConfig bool) {
	if r.git == "" {
		return
	}
	b, err := readPointer(g.root + "/.gitmodules")
	switch {
	case errors.Is(err, errNotRegular):
		if fi, lerr := os.Lstat(g.root + "/.gitmodules"); lerr == nil && fi.Mode()&os.ModeSymlink != 0 {
			// git reads a linked one at run time; the runner does not
			// read through it (what it leads to would name the paths):
			// refused, as a linked commondir is.
			g.refuse(g.root+"/.gitmodules", "a symbolic link, which is not read for the submodules' paths: make it a file")
		}
		return
	case errors.Is(err, errConfigTooLarge):
		g.refuse(g.root+"/.gitmodules", fmt.Sprintf("more than %d bytes, too large to read for the submodules' paths", maxConfigSize))
		return
	case err != nil:
		return // none, or no file to read paths from (a FIFO)
	}
	paths := gitmodulesPaths(b)
	if len(paths) > maxGitDirs {
		g.refuse(g.root+"/.gitmodules", fmt.Sprintf("more than %d submodules in it, too many to protect", maxGitDirs))
		return
	}
	home := os.Getenv("HOME")
	for _, p := range paths {
		tree := g.root + "/" + p // not cleaned: see hooksDir
		// What is there now is the user's (or checked after an earlier
		// run): a repository found there after the run that is not this
		// one was made or moved in (checkGitlinks).
		sub := plannedSub{Rel: p}
		var st unix.Stat_t
		if unix.Lstat(tree+"/.git", &st) == nil {
			sub.ID = devIno{st.Dev, st.Ino}
		}
		g.subs = append(g.subs, sub)
		w, err := g.walk(tree + "/.git")
		if err != nil || w.missing != "" || w.blocked != "" {
			continue // no submodule there, or none git finds
		}
		fi, err := g.res.lstat(w.real)
		if err != nil {
			continue
		}
		git := w.real
		if fi.Mode().IsRegular() {
			if git = gitdirPointer(tree, w.real); git == "" {
				continue
			}
		}
		if w, err := g.walk(git); err != nil || w.missing != "" || w.blocked != "" || w.real == r.git || w.real == r.common {
			continue // none there (no placeholder: git submodule update makes it), or the root's
		}
		// The way to sub/.git is kept, and a pointer file there is
		// read-only, as the root's: the command could otherwise point it
		// at a git directory of its own, whose config the host's git
		// status would read there.
		g.keepWay(w)
		if fi.Mode().IsRegular() && g.inWritable(w.real) {
			g.bindReadOnly(w.real)
		}
		if real := g.keepDir(git); real != "" {
			g.protectModule(real, tree, cfg, home, allowGitConfig)
		}
	}
}

// gitmodulesPaths returns the submodule paths (submodule.NAME.path) the
// .gitmodules b gives.
func gitmodulesPaths(b []byte) []string {
	var paths []string
	parseGitConfig(b, func(name, value string, hasValue bool) {
		if hasValue && value != "" && strings.HasPrefix(name, "submodule.") && strings.HasSuffix(name, ".path") {
			paths = append(paths, value)
		}
	})
	return paths
}

// protectModule protects submodule git directory git (links resolved),
// whose working tree is tree (the one its core.worktree names instead,
// if set; "" for none known): see protectModules.
func (g *guard) protectModule(git, tree string, cfg gitConfig, home string, allowGitConfig bool) {
	if slices.Contains(g.modules, git) {
		return
	}
	g.modules = append(g.modules, git)
	if !g.countGitDir(git) {
		return
	}
	// A linked worktree's git directory (a submodule checked out with git
	// worktree add from a repository in the root) takes its hooks and
	// config from the common directory its commondir names: that is kept,
	// and protected as the git directory would be. One made during the
	// run is as the root's own .git/commondir would be.
	common := git
	b, err := readPointer(git + "/commondir")
	switch {
	case errors.Is(err, errNotRegular):
		g.refuse(git+"/commondir", "not a regular file")
		return
	case err == nil:
		g.protectPath(protectedPath{path: git + "/commondir"})
		c := strings.TrimRight(string(b), "\r\n") // as gitDir reads it
		if !filepath.IsAbs(c) {
			c = git + "/" + c
		}
		common = g.keepDir(c)
		// Beside the git directory's own config, a pair git never makes
		// (a linked worktree's git directory has none: git reads the
		// common one), it is a command's, made after this run's plan saw
		// none in another run that overlaps this one, or left by a run
		// whose runner was killed: looked for after the run all the
		// same, whatever it names now. Moved aside, it leaves git the
		// git directory's own config and hooks again: kept too.
		if gitFile(git+"/config") && g.inWritable(git) {
			g.audited = append(g.audited, git)
			g.protectModuleFiles(git, git, tree, cfg, home, allowGitConfig, false)
			if common == git {
				return
			}
		}
		if common == "" {
			return
		}
	}
	// A commondir made there during the run would have the host's git
	// take the config (core.fsmonitor) and hooks from where it names. No
	// placeholder can stop it (git would then ignore the config's
	// core.worktree, which a submodule's sets): it is looked for after
	// the run instead (movePlanted). git itself makes none there.
	audit := common == git && errors.Is(err, fs.ErrNotExist) && g.inWritable(git)
	g.protectModuleFiles(git, common, tree, cfg, home, allowGitConfig, audit)
}

// protectModuleFiles protects what git takes from common, the common
// directory of a submodule's git directory git (see protectModule): its
// hooks, config and what that includes or names, and its worktrees; with
// audit, git is looked at after the run for a commondir made there,
// unless common is read-only as a whole.
func (g *guard) protectModuleFiles(git, common, tree string, cfg gitConfig, home string, allowGitConfig, audit bool) {
	if !allowGitConfig && g.protectWithoutConfig(common) {
		return // read-only as a whole
	}
	if audit {
		g.audited = append(g.audited, git)
	}
	g.protectPath(protectedPath{path: common + "/hooks", placeholder: true, hooks: true})
	var own gitConfig
	own.read(common+"/config", home, 0)
	// git sparse-checkout in a submodule sets extensions.worktreeConfig
	// (only the read-only config can) and moves core.worktree to
	// config.worktree, which git then reads after the config: a
	// core.fsmonitor or core.hooksPath there counts as one in the config.
	if own.worktreeConfig {
		own.read(git+"/config.worktree", home, 0)
	}
	if own.limit != "" {
		g.refuse(own.limit, own.limitWhy)
	}
	if !allowGitConfig {
		g.protectPath(protectedPath{path: common + "/config", gitConfig: true})
		if own.worktreeConfig {
			g.protectPath(protectedPath{path: git + "/config.worktree", gitConfig: true, mustExist: true})
		}
		for _, inc := range own.includes {
			g.protectPath(protectedPath{path: inc, gitConfig: true, mustExist: true})
		}
	}
	// Relative to the git directory, as git reads it; without one or a
	// tree given, only an absolute core.hooksPath is known (git
	// submodule sets it).
	if v := own.worktree; v != "" {
		if !filepath.IsAbs(v) {
			v = git + "/" + v // not cleaned: git changes into it
		}
		tree = v
	}
	// Where git status in the superproject runs git in it: its index's
	// gitlinks are read after the run if it changed (checkGitlinks). None
	// known (no .gitmodules path, no core.worktree: git submodule sets
	// one), they are found then as git finds them (placeSupers).
	if tree != "" {
		if g.trees == nil {
			g.trees = map[string]string{}
		}
		g.trees[git] = tree
	}
	// The system's and the user's core.hooksPath, and its own: not the
	// superproject's.
	hooksPaths := slices.Concat(cfg.hooksPaths[:cfg.userHooks], own.hooksPaths)
	real, kept := "", false // the working tree, links resolved
	dirs := []string{common + "/hooks"}
	for _, v := range hooksPaths {
		if !filepath.IsAbs(expandHome(v, home)) {
			if !kept {
				real, kept = g.keepTree(tree), true
			}
			if real == "" {
				continue
			}
		}
		if h := hooksDir(cmp.Or(real, g.root), v, home); h != "" {
			g.protectPath(protectedPath{path: h, placeholder: true, hooks: true})
			dirs = append(dirs, h)
		}
	}
	// A commit in it runs its hooks from its working tree.
	if hookInstalled(dirs) {
		if !kept {
			real, kept = g.keepTree(tree), true
		}
		g.protectTreeHooks(real, dirs)
	}
	programs := slices.Concat(cfg.programs[:cfg.userPrograms], own.programs)
	for _, v := range programs {
		abs, _ := programPath("", v.value, home)
		if rel, _ := programPath(".", v.value, home); abs == "" && rel != "" && !kept {
			real, kept = g.keepTree(tree), true // a relative one's
		}
		for _, p := range programPaths(real, v, home) {
			g.protectPath(p)
		}
	}
	// Its own linked worktrees (git worktree add in the submodule) are
	// registered in its common directory's worktrees/, whose commondir
	// decides which hooks and config git uses in each, as the root's.
	g.protectWorktrees(repo{git: git, common: common}, gitConfig{hooksPaths: hooksPaths, userHooks: cfg.userHooks,
		programs: programs, userPrograms: cfg.userPrograms, worktreeConfig: own.worktreeConfig}, allowGitConfig)
}

// keepTree returns the real path of a submodule's working tree, tree
// (with links and ".." in it, as its core.worktree names it), keeping the
// links on the way: git resolves it as it starts, and a command that
// pointed one of them elsewhere would have git take the working tree, and
// the relative core.hooksPath in it, from a directory of its own. It
// returns "" where tree is "" or no directory: no hooks run from there
// (git fails to start), and a placeholder on the way would keep git
// submodule update from checking the submodule out.
func (g *guard) keepTree(tree string) string {
	if tree == "" {
		return ""
	}
	w, err := g.walk(tree)
	if err != nil || w.missing != "" || w.blocked != "" {
		return ""
	}
	if fi, err := g.res.stat(w.real); err != nil || !fi.IsDir() {
		return ""
	}
	g.keepWay(w)
	return w.real
}

// dirNames lists the names in directory dir, "." and ".." aside, failing
// with errTooMany past max.
func dirNames(dir string, max int) ([]string, error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	return fdNames(fd, max)
}

// maxListed bounds the names resolver.list keeps of a directory: a
// project's root, where a plan looks for some seventy names that are
// mostly missing (agents', editors' and hook managers' files), holds far
// fewer; a directory with more is looked at name by name.
const maxListed = 256

// list reads the names in directory dir (an absolute path), so that
// lstat answers a name missing there without asking the file system
// again; nothing where dir cannot be read or holds more than maxListed
// names.
func (r *resolver) list(dir string) {
	if r == nil || !filepath.IsAbs(dir) {
		return
	}
	if _, ok := r.listed[dir]; ok {
		return
	}
	names, err := dirNames(dir, maxListed)
	if err != nil {
		return
	}
	slices.Sort(names)
	if r.listed == nil {
		r.listed = make(map[string][]string, 2)
	}
	r.listed[dir] = names
}

// fdNames is dirNames of the directory open at fd, read from where its
// offset is.
func fdNames(fd, max int) ([]string, error) {
	var buf [8192]byte
	var names []string
	for {
		m, err := unix.ReadDirent(fd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if m == 0 {
			return names, nil
		}
		_, _, names = unix.ParseDirent(buf[:m], -1, names)
		if len(names) > max {
			return nil, errTooMany
		}
	}
}

// repo is the root's repository as gitDir finds it, links resolved: its
// git directory, and the common directory git takes hooks and config
// from, which a linked worktree's git directory names in its commondir
// (else the git directory itself). Either is "" where there is none.
// planted: the commondir lies beside the git directory's own config, a
// pair git never makes, and names another directory (see gitDir).
type repo struct {
	git, common string
	planted     bool
}

// gitDir protects the way to the root's git directory and to its common
// directory, and returns them: root/.git, where it leads if a link, or the
// directory a "gitdir:" pointer file names (a worktree, a submodule); and
// what its commondir names, if it has one. Each stays writable, a mount
// of its own, so that it cannot be renamed away and replaced by one whose
// hooks the command writes.
//
// A directory there is the git directory whatever it holds: whether it
// has a HEAD is the command's to change (rename HEAD away in one run, and
// the next would find no repository and protect nothing). Only a root
// without .git (or with a link that leads nowhere) has none, and there a
// command may git init. A pointer file is read-only, or the command could
// point it at a directory of its own; where what it or a commondir names
// is missing or no directory, it is protected as a missing hooks
// directory is.
func (g *guard) gitDir() repo {
	dotgit := filepath.Join(g.root, ".git")
	w, err := g.walk(dotgit)
	if err != nil || w.missing != "" || w.blocked != "" {
		return repo{} // a loop, or a link to nothing: git finds no repository either
	}
	fi, err := g.res.lstat(w.real)
	if err != nil {
		return repo{}
	}
	var r repo
	switch {
	case fi.IsDir():
		g.keepWay(w)
		g.pin(w.real)
		r.git = w.real
	case fi.Mode().IsRegular():
		// A pointer file, or a link to one.
		g.keepWay(w)
		if g.inWritable(w.real) {
			g.bindReadOnly(w.real)
		}
		path := gitdirPointer(g.root, w.real)
		if path == "" {
			return repo{}
		}
		if r.git = g.keepDir(path); r.git == "" {
			return repo{}
		}
	default:
		return repo{}
	}
	r.common = r.git
	b, err := readPointer(filepath.Join(r.git, "commondir"))
	if errors.Is(err, errNotRegular) {
		g.refuse(filepath.Join(r.git, "commondir"), "not a regular file")
		return r
	}
	if err != nil {
		return r
	}
	// As git reads it: the line ends stripped, relative to the git
	// directory (a real path: its ".." is its real parent).
	common := strings.TrimRight(string(b), "\r\n")
	// Beside the git directory's own config, a pair git never makes (a
	// linked worktree's git directory has none), one that names another
	// directory is a command's: made in another run that overlaps this
	// one, after that run's plan saw none (where the root's config sets
	// core.worktree no placeholder holds the name), or left by a run whose
	// runner was killed. It is looked for after the run all the same, as
	// in a submodule's (protectModule). The placeholder names the git
	// directory itself.
	if common != "." && gitFile(r.git+"/config") && g.inWritable(r.git) {
		g.audited = append(g.audited, r.git)
		r.planted = true
	}
	if !filepath.IsAbs(common) {
		common = r.git + "/" + common
	}
	r.common = g.keepDir(common)
	return r
}

// keepDir keeps the way to directory path and pins it, returning it with
// its links resolved; where it is missing or no directory, it protects it
// as a missing hooks directory, and returns "".
func (g *guard) keepDir(path string) string {
	w, err := g.walk(path)
	if err == nil && w.missing == "" && w.blocked == "" {
		if fi, err := g.res.lstat(w.real); err == nil && fi.IsDir() {
			g.keepWay(w)
			g.pin(w.real)
			return w.real
		}
	}
	g.protectWay(protectedPath{path: path, placeholder: true}, w, err)
	return ""
}

// protectedPaths lists protectedInRoot under root, those of .git in the
// common directory of r, the root's repository (git takes hooks and
// config from there in a linked worktree); the git directory's commondir
// and config.worktree; the hooks directories core.hooksPath may name
// inside root, and the files the config includes; the files
// Mercurial's repository configuration includes (hgIncludes); and the
// scripts the held agents' hooks name (agentHookPrograms), and those the
// git hooks run (gitHookScripts).
func protectedPaths(root string, r repo) ([]protectedPath, gitConfig) {
	in := protectedInRoot()
	out := make([]protectedPath, 0, len(in)+4)
	for _, p := range in {
		rel, inGit := strings.CutPrefix(p.path, ".git/")
		switch {
		case !inGit:
			p.path = filepath.Join(root, p.path)
		case r.common == "":
			continue
		default:
			p.path = filepath.Join(r.common, rel)
		}
		p.hooks = rel == "hooks"
		p.creatable = p.creatable || p.hookConfig // until a hook is found installed, below
		out = append(out, p)
	}
	home := os.Getenv("HOME")
	out = append(out, agentHookPrograms(root, home, out)...)
	hg := hgIncludes(root, home)
	for _, inc := range hg.includes {
		// Bound read-only where it exists; one the command makes is
		// moved aside after the run, as a missing hgrc is.
		out = append(out, protectedPath{path: inc})
	}
	if r.git == "" {
		return out, gitConfig{limit: hg.limit, limitWhy: hg.limitWhy}
	}
	cfg := gitConfigs(r.git, r.common)
	if hg.limit != "" {
		cfg.over(hg.limit, hg.limitWhy)
	}
	if hookInstalled(gitHooksDirs(root, r, cfg, home)) {
		// A hook manager's hook may be among them: what it reads, made by
		// the command, runs at the next commit. Without any, a missing one
		// runs nothing until a hook is installed outside the sandbox, and
		// a generator may make it (pre-commit sample-config).
		for i := range out {
			out[i].creatable = out[i].creatable && !out[i].hookConfig
		}
		// And the scripts its configuration runs, held where a hook runs
		// them (a repo: local hook's entry: ./scripts/lint.sh).
		out = append(out, hookManagerScripts(root, home, gitHooksDirs(root, r, cfg, home), out)...)
	}
	// Where git finds none, the command could make one naming a git
	// directory of its own, whose config (core.fsmonitor) your next git
	// status would read: a placeholder naming the directory itself, the
	// same repository to git, keeps it from being made (see protect for
	// where it gets none).
	out = append(out, protectedPath{path: filepath.Join(r.git, "commondir"), commondir: true, placeholder: r.git == r.common})
	if cfg.worktreeConfig {
		// Git reads it only with extensions.worktreeConfig, which the
		// command cannot set in the read-only config.
		out = append(out, protectedPath{path: filepath.Join(r.git, "config.worktree"), gitConfig: true, mustExist: true})
	}
	for _, v := range cfg.hooksPaths {
		if h := hooksDir(root, v, home); h != "" && !slices.ContainsFunc(out, func(p protectedPath) bool { return p.path == h }) {
			out = append(out, protectedPath{path: h, placeholder: true, hooks: true})
		}
	}
	out = append(out, gitHookScripts(root, gitHooksDirs(root, r, cfg, home), out)...)
	for _, inc := range cfg.includes {
		// Those in a writable tree are bound read-only, their way kept;
		// one missing there is refused: the command could make it.
		out = append(out, protectedPath{path: inc, gitConfig: true, mustExist: true})
	}
	for _, v := range cfg.programs {
		out = append(out, programPaths(root, v, home)...)
	}
	return out, cfg
}

// protectTreeHooks protects what the hooks in dirs (a submodule's, a
// linked worktree's hooks directories, one installed) run from its
// working tree tree (links resolved), where git runs them, as
// protectedPaths does the root's: the scripts they run (gitHookScripts),
// the hook managers' files there (hookManagerFiles) and what their
// configuration runs (hookManagerScripts). A sandboxed echo >>
// sub/scripts/lint.sh ran at the host's next commit in the submodule
// (or in the worktree, wt/scripts/lint.sh) outside the sandbox. Nothing
// where tree is unknown ("") or read-only already.
func (g *guard) protectTreeHooks(tree string, dirs []string) {
	if tree == "" || !g.inWritable(tree) {
		return
	}
	// Most of the names are missing: the tree read whole once; only
	// those there are read for what they run.
	g.res.list(tree)
	var prs, there []protectedPath
	for _, p := range hookManagerFiles() {
		pr := protectedPath{path: tree + "/" + p.path, hookConfig: true}
		prs = append(prs, pr)
		if _, err := g.res.lstat(pr.path); !errors.Is(err, fs.ErrNotExist) {
			there = append(there, pr)
		}
	}
	scripts := gitHookScripts(tree, dirs, prs)
	prs = append(prs, scripts...)
	prs = append(prs, hookManagerScripts(tree, os.Getenv("HOME"), dirs, append(there, scripts...))...)
	for _, p := range prs {
		g.protectPath(p)
	}
}

// gitHooksDirs returns the hooks directories of the root's repository:
// its own, and those core.hooksPath names (hooksDir).
func gitHooksDirs(root string, r repo, cfg gitConfig, home string) []string {
	dirs := []string{filepath.Join(r.common, "hooks")}
	for _, v := range cfg.hooksPaths {
		if h := hooksDir(root, v, home); h != "" {
			dirs = append(dirs, h)
		}
	}
	return dirs
}

// programPaths returns the paths that protect program v where git runs
// it from working tree tree (links resolved; "" for none known, where
// only an absolute program is found): programFiles of what programPath
// finds there. A submodule's update command (submodule.NAME.update =
// !cmd) git submodule update runs in the submodule's working tree, at
// the path the tree's .gitmodules gives NAME (git takes the last): a
// relative one is found from there, and that .gitmodules is protected
// as well (the root's is already); missing, it refuses the run, since
// the command could make one naming a directory of its own for NAME,
// and one the plan cannot read (a link, which git ignores for another
// .gitmodules, the index's; one too large) refuses it too.
func programPaths(tree string, v configProgram, home string) []protectedPath {
	f, module := programPath(tree, v.value, home)
	if f == "" {
		return nil
	}
	name, sub := strings.CutPrefix(v.key, "submodule.")
	name, update := strings.CutSuffix(name, ".update")
	if abs, _ := programPath("", v.value, home); !sub || !update || abs != "" {
		return withByteCode(programFiles(f, module, v.key), module)
	}
	gitmodules := tree + "/.gitmodules"
	out := []protectedPath{{path: gitmodules, mustExist: true, program: v.key, gitmodules: true}}
	b, err := readPointer(gitmodules)
	if errors.Is(err, fs.ErrNotExist) {
		return out
	}
	if err != nil {
		return []protectedPath{{path: gitmodules, refuse: "reading it for where git runs " + v.key + ": " + err.Error()}}
	}
	path := ""
	parseGitConfig(b, func(key, value string, hasValue bool) {
		if hasValue && key == "submodule."+name+".path" {
			path = value // the last, as git submodule update takes it
		}
	})
	if path == "" {
		return out // no such submodule: git runs it nowhere
	}
	if f, module = programPath(tree+"/"+path, v.value, home); f != "" {
		out = append(out, withByteCode(programFiles(f, module, v.key), module)...)
	}
	return out
}

// hooksDir returns the directory core.hooksPath value v names (husky's
// .husky, a shared githooks/): git runs what is there, outside the
// sandbox; protect follows it and protects it where a writable tree holds
// it; "" for none (the installation's, an unknown user's, the root
// itself). A relative one is relative to the working tree, wherever it is
// set (a user's global config too).
// Husky 9 names .husky/_, whose hooks run the scripts of the same name in
// .husky: a hooks directory named _ stands for the directory above it.
func hooksDir(root, v, home string) string {
	path := expandHome(v, home)
	if path == "" {
		return "" // the installation's, or an unknown user's: not in the root
	}
	if !filepath.IsAbs(path) {
		// Not cleaned: git resolves "link/.." as the kernel does, in
		// what link points to, and so does protect.
		path = root + "/" + path
	}
	if p := parts(path); len(p) > 0 && p[len(p)-1] == "_" {
		if above := "/" + strings.Join(p[:len(p)-1], "/"); filepath.Clean(above) != root {
			path = above
		}
	}
	// Not filtered by its text: a path through a link may lead into the
	// root, or into a writable grant; protect follows it as the kernel
	// does and decides by where it leads. The root itself is no hooks
	// directory to protect.
	if filepath.Clean(path) == root {
		return ""
	}
	return path
}

// maxMounts bounds the mounts (read-only binds, pins, links) one plan
// makes to protect what lies in the writable trees. A hook that is a link
// costs one, and so does every link on its way: a command could plant a
// hooks directory of links in each submodule's and worktree's git
// directory (maxGitDirs of them), tens of thousands of mounts that every
// later run would take seconds to make (16384 hooks took 13 s). A
// repository with maxGitDirs submodules needs about 2048. Past it the
// run is refused (once), and no more hooks are followed. A variable for
// the tests.
var maxMounts = 4096

// mountsLeft says whether the plan is within maxMounts, refusing the run
// the first time it is not.
func (g *guard) mountsLeft() bool {
	if g.tooManyMounts {
		return false
	}
	if len(g.readOnly)+len(g.pins)+len(g.links) <= maxMounts {
		return true
	}
	g.tooManyMounts = true
	g.refuse(g.root, fmt.Sprintf("more than %d mounts to protect the hooks, configs and git directories in it and in the writable grants, too many to make on every run", maxMounts))
	return false
}

// protectHooks protects what the hooks in directory dir (a real path)
// lead to. The directory itself is read-only, so its entries cannot be
// changed; but a hook that is a symbolic link (to a script in the tree,
// as many projects set them up) runs what it points to, which the command
// could rewrite: that is protected as the hooks are, its way kept, a
// placeholder where it is missing. A hook with other hard links could be
// rewritten through them, and which they are cannot be known: the run is
// refused. Git's samples (*.sample) never run and are not examined. What
// a hook script runs or sources in turn is protected by protectedPaths
// (gitHookScripts), as are a hook manager's files in the root
// (hookManagerFiles) and what its configuration runs
// (hookManagerScripts).
func (g *guard) protectHooks(dir string) {
	// Outside the writable trees too: a link there may lead into one.
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	var buf [8192]byte
	n := 0
	for {
		m, err := unix.ReadDirent(fd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if m == 0 && err == nil || err == unix.ENOENT {
			return // read, or removed since (another run's placeholder): nothing in it
		}
		if err != nil {
			g.refuse(dir, "reading the hooks in it: "+err.Error())
			return
		}
		_, _, names := unix.ParseDirent(buf[:m], -1, nil)
		for _, name := range names {
			if strings.HasSuffix(name, ".sample") {
				continue
			}
			if n++; n > maxHookEntries {
				g.refuse(dir, fmt.Sprintf("more than %d hooks in it, too many to follow", maxHookEntries))
				return
			}
			if !g.mountsLeft() {
				return
			}
			g.protectHook(dir + "/" + name)
		}
	}
}

// protectHook protects what hook p (in a real directory) leads to: see
// protectHooks.
func (g *guard) protectHook(p string) {
	fi, err := g.res.lstat(p)
	switch {
	case err != nil:
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := g.res.readlink(p)
		if err != nil {
			g.refuse(p, err.Error())
			return
		}
		if !filepath.IsAbs(target) {
			// Its directory is a real path: its ".." is its real parent;
			// the rest of the way is followed as the kernel would.
			base := filepath.Dir(p)
			for strings.HasPrefix(target, "../") {
				base, target = filepath.Dir(base), strings.TrimLeft(target[3:], "/")
			}
			target = base + "/" + target
		}
		w, err := g.walk(target)
		g.protectWay(protectedPath{path: target, placeholder: err == nil && (w.missing != "" || w.blocked != "")}, w, err)
	case fi.Mode().IsRegular():
		if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
			g.refuse(p, "a hook with other hard links, through which the command could rewrite it: make it a copy or a symbolic link")
		}
	}
}

// gitdirPointer returns the directory pointer file f (root/.git, or what
// a .git link leads to) names when it is a "gitdir: PATH" file (a
// worktree, a submodule), absolute but neither cleaned nor with its links
// resolved (protect follows them), a relative one taken from the root as
// git does; "" otherwise.
func gitdirPointer(root, f string) string {
	b, err := readConfig(f)
	if err != nil {
		return ""
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
	if !ok {
		return ""
	}
	dir = strings.TrimSpace(dir)
	if dir == "" {
		return ""
	}
	if !filepath.IsAbs(dir) {
		dir = root + "/" + dir // not cleaned: see hooksDir
	}
	return dir
}
