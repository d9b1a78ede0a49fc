package exec

import (
	"path/filepath"
	"slices"
	"strings"
)

// gitPlaces returns, links resolved, the places besides the root where
// the host's git opens files after the run, which a FIFO there would
// hold for good (noFifosInRoot): the working tree the root lies in, where
// the root is no top of one; the root's git directory and its common
// directory where .git leads out of the root (a linked worktree's, a
// submodule's), the main working tree above a common directory named
// .git, and the working trees of the common directory's linked worktrees
// (maxWorktrees of them). Each is a few reads of git's pointer files.
func gitPlaces(root string, res *resolver) []string {
	var out []string
	add := func(p string) string {
		real, _ := res.real(p)
		if real != "" && !within(real, root) && !slices.Contains(out, real) {
			out = append(out, real)
		}
		return real
	}
	top := root
	for {
		if _, err := res.lstat(top + "/.git"); err == nil {
			break
		}
		if top == "/" {
			return nil
		}
		top = filepath.Dir(top)
	}
	if top != root {
		// The root a directory of a working tree (--root sub): git
		// status there walks the whole tree, from its top.
		add(top)
	}
	git := gitdirPointer(top, top+"/.git")
	if git == "" {
		git = top + "/.git"
	}
	git, _ = res.real(git)
	if git == "" {
		return out
	}
	add(git)
	common := git
	if b, err := readPointer(git + "/commondir"); err == nil {
		c := strings.TrimRight(string(b), "\r\n")
		if !filepath.IsAbs(c) {
			c = git + "/" + c
		}
		if common = add(c); common == "" {
			return out
		}
	}
	if filepath.Base(common) == ".git" {
		add(filepath.Dir(common))
	}
	names, _ := dirNames(common+"/worktrees", maxWorktrees)
	for _, n := range names {
		if b, err := readPointer(common + "/worktrees/" + n + "/gitdir"); err == nil {
			if p := strings.TrimRight(string(b), "\r\n"); filepath.IsAbs(p) {
				add(filepath.Dir(p))
			}
		}
	}
	return out
}
