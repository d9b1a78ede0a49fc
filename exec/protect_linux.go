//go:build linux

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

	readOnly     []string // bound read-only
	pins         []string // directories and files bound onto themselves, writable as they are
	links        []string // symbolic links bound onto themselves
	placeholders []string // see nsLayer.placeholders
	missing      int
	unprotected  []string
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
		fi, err := os.Lstat(next)
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
			target, err := os.Readlink(next)
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

// protectPath protects pr as the comment above says.
func (g *guard) protectPath(pr protectedPath) {
	w, err := g.walk(pr.path)
	g.protectWay(pr, w, err)
}

// protectWay protects pr, whose way walk found to be w (or failed with err).
func (g *guard) protectWay(pr protectedPath, w way, err error) {
	switch {
	case err != nil:
		g.refuse(pr.path, "following the way to it: "+err.Error())
	case w.missing == "" && w.blocked == "":
		g.keepWay(w)
		if g.inWritable(w.real) {
			g.bindReadOnly(w.real)
		}
		if pr.placeholder && g.below(w.real) {
			g.hold(w.real, false) // perhaps another run's placeholder
		}
	case !pr.placeholder:
		// A missing protected file may be created, as where no link
		// leads to it.
	case w.blocked != "":
		g.keepWay(w)
		if g.inWritable(w.blocked) {
			g.bindReadOnly(w.blocked)
		}
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

// isPlaceholder says whether directory p bears the layer's mark.
func isPlaceholder(p string) bool {
	_, err := unix.Lgetxattr(p, placeholderMark, nil)
	return err == nil
}

// isGitDir says whether real path p is a git directory: a directory with
// a HEAD.
func isGitDir(p string) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.IsDir() {
		return false
	}
	_, err = os.Lstat(filepath.Join(p, "HEAD"))
	return err == nil
}

// protect adds the steps that keep the protected paths inside root (its
// real path; writable, the writable trees) from being written, replaced or
// created: see guard. A missing protected directory is bound after
// materialize creates it.
func (l *nsLayer) protect(root string, writable []string, allowGitConfig bool) {
	l.root = root
	g := &guard{root: root, writable: writable}
	gitdir := g.gitDir()
	for _, pr := range protectedPaths(root, gitdir) {
		if allowGitConfig && pr.gitConfig {
			continue
		}
		g.protectPath(pr)
	}
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
	l.placeholders, l.missing, l.unprotected = g.placeholders, g.missing, g.unprotected
}

// gitDir protects the way to the root's git directory and returns it,
// links resolved: root/.git, where it leads if a link, or the directory a
// "gitdir:" pointer file names (a worktree, a submodule); "" when there is
// none. Where it is a repository, it stays writable, a mount of its own,
// so that it cannot be renamed away and replaced by one whose hooks the
// command writes. A pointer file is read-only, or the command could point
// it at a directory of its own; the directory it names is the git
// directory, HEAD or not, and where it is missing or no directory, it is
// protected as a missing hooks directory is. An empty .git, or a link to
// one (no HEAD), is no repository: nothing to protect, and the command may
// remove it and git init there.
func (g *guard) gitDir() string {
	dotgit := filepath.Join(g.root, ".git")
	fi, err := os.Lstat(dotgit)
	if err != nil {
		return ""
	}
	path := dotgit
	if fi.Mode().IsRegular() {
		g.bindReadOnly(dotgit)
		if path = gitdirPointer(g.root); path == "" {
			return ""
		}
	}
	w, err := g.walk(path)
	if err == nil && w.missing == "" && w.blocked == "" {
		// What a pointer names is the git directory, HEAD or not (the
		// command could add one): only a directory needs be.
		if fi, err := os.Lstat(w.real); path == dotgit && isGitDir(w.real) || path != dotgit && err == nil && fi.IsDir() {
			g.keepWay(w)
			g.pin(w.real)
			return w.real
		}
	}
	if path != dotgit {
		g.protectWay(protectedPath{path: path, placeholder: true}, w, err)
	}
	return ""
}

// protectedPaths lists protectedInRoot under root, those of .git in
// gitdir, the root's git directory (links resolved, "" for none), and the
// hooks directory core.hooksPath names inside root.
func protectedPaths(root, gitdir string) []protectedPath {
	out := make([]protectedPath, 0, len(protectedInRoot)+2)
	for _, p := range protectedInRoot {
		rel, inGit := strings.CutPrefix(p.path, ".git/")
		switch {
		case !inGit:
			p.path = filepath.Join(root, p.path)
		case gitdir == "":
			continue
		default:
			p.path = filepath.Join(gitdir, rel)
		}
		out = append(out, p)
	}
	if gitdir == "" {
		return out
	}
	out = append(out, protectedPath{path: filepath.Join(gitdir, "commondir")})
	if h := hooksPath(root, gitdir); h != "" {
		out = append(out, protectedPath{path: h, placeholder: true})
	}
	return out
}

// hooksPath returns the directory the repository's core.hooksPath names
// (husky's .husky, a shared githooks/) when it lies inside root: git runs
// what is there, outside the sandbox. "" otherwise. It is read from the
// git directory's config and, in a worktree, from the common directory's.
// Husky 9 names .husky/_, whose hooks run the scripts of the same name in
// .husky: a hooks directory named _ stands for the directory above it.
func hooksPath(root, gitdir string) string {
	configs := []string{filepath.Join(gitdir, "config")}
	if b, err := os.ReadFile(filepath.Join(gitdir, "commondir")); err == nil {
		common := strings.TrimSpace(string(b))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitdir, common)
		}
		configs = append([]string{filepath.Join(common, "config")}, configs...)
	}
	var path string
	for _, c := range configs {
		if p := configHooksPath(c); p != "" {
			path = p // the worktree's own config last: it wins
		}
	}
	if path == "" || strings.HasPrefix(path, "~") || strings.HasPrefix(path, "%(") {
		return "" // a home directory's, or the installation's: not in the root
	}
	if !filepath.IsAbs(path) {
		// Relative to the working tree, and not cleaned: git resolves
		// "link/.." as the kernel does, in what link points to, and so
		// does protect.
		path = root + "/" + path
	}
	if p := parts(path); len(p) > 0 && p[len(p)-1] == "_" {
		if above := "/" + strings.Join(p[:len(p)-1], "/"); filepath.Clean(above) != root {
			path = above
		}
	}
	if clean := filepath.Clean(path); !within(clean, root) || clean == root {
		return ""
	}
	return path
}

// configHooksPath is the last core.hooksPath set in git config file c, or "".
func configHooksPath(c string) string {
	b, err := os.ReadFile(c)
	if err != nil {
		return ""
	}
	section := ""
	var path string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = strings.ToLower(strings.Trim(line, "[] \t"))
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if ok && section == "core" && strings.EqualFold(strings.TrimSpace(key), "hookspath") {
			path = strings.Trim(strings.TrimSpace(value), `"`)
		}
	}
	return path
}

// gitdirPointer returns the directory root/.git names when it is a
// "gitdir: PATH" file (a worktree, a submodule), absolute but neither
// cleaned nor with its links resolved (protect follows them); "" otherwise.
func gitdirPointer(root string) string {
	b, err := os.ReadFile(filepath.Join(root, ".git"))
	if err != nil {
		return "" // a directory, or none
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
		dir = root + "/" + dir // not cleaned: see hooksPath
	}
	return dir
}
