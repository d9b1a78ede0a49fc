package permission

import (
	"cmp"
	"path"
	"slices"
	"strings"
)

// madeLink is a link a command line makes (ln, link) to a place that may
// lie outside the project root: what other commands of the line write at
// or below link, by the link's name, lands there.
type madeLink struct {
	by     int    // the index of the ln command in Analysis.Commands
	link   string // absolute, clean
	target string // as written, for messages
}

// linksOut returns the links the commands of a line make to places that
// may lie outside the project root (ln -s /etc/x l; ln ~/.bashrc in; cp
// -s /etc/x l; BSD's install -l s /etc/x l; cmake -E create_symlink; a
// target only known at run time), and to links made before
// them (ln -s t t2, cp -a t t2). The link itself lands in the project, so
// each command on its own passes; nil when no command of the line makes a
// link, without allocating.
func (e *Engine) linksOut(cmds []SimpleCommand) []madeLink {
	var out []madeLink
	for i, c := range cmds {
		n := lowerName(c)
		// A copy is a link only when cp copies links as links (-P, -d,
		// -a, -r): cp t/x y copies what t/x leads to.
		keeps := n != "cp" || hasOpt(c.Args()[1:], "PdaRr") || hasLong(c.Args()[1:], "--no-dereference", "--archive", "--recursive")
		if n != "ln" && n != "link" && (n != "cp" || len(out) == 0 && !cpLinks(c.Args()[1:]) && (e.Follow == nil || !keeps)) && (n != "install" || !hasOpt(c.Args()[1:], "l")) &&
			(n != "cmake" || !slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return w.Text == "create_symlink" || w.Text == "create_hardlink" })) {
			continue
		}
		ts := e.touches(c)
		var target string
		for _, t := range ts {
			// ln's targets are reached through its links, and so are cp
			// -s's and cp -l's sources (Reach).
			if t.reach && !t.write && (t.path.abs == "" || e.Env.Root != "" && !within(t.path.abs, e.Env.Root)) {
				target = t.word.Text
				break
			}
			// A link to a link on disk, or a copy of one as a link (ln -s
			// out n, cp -a out n), leads where that one does.
			if (t.reach || keeps) && !t.write && t.link == "" {
				if real := e.linkOnDisk(t.path.abs, t.reach); real != "" {
					target = real
					break
				}
			}
			// A link to a link made before, or to below it (ln -s t t2,
			// cp -a t/x y), leads where it does.
			if keeps && !t.write && t.path.abs != "" {
				if k := slices.IndexFunc(out, func(l madeLink) bool { return t.via(l.link) }); k >= 0 {
					target = out[k].target
					break
				}
			}
		}
		if target == "" {
			continue
		}
		for _, t := range ts {
			if t.write && t.path.abs != "" {
				out = append(out, madeLink{by: i, link: t.path.abs, target: target})
			}
		}
	}
	return out
}

// linkOnDisk returns where abs, a path in the root, leads outside the
// root through symbolic links on disk (Engine.Follow), "" when it does
// not or there is no Follow: anywhere on its way when whole (ln -s
// out/x n), else only through its last name (cp -a out n copies the link
// out, cp -a out/x n what x is).
func (e *Engine) linkOnDisk(abs string, whole bool) string {
	if e.Follow == nil || e.Env.Root == "" || !path.IsAbs(abs) || !within(abs, e.Env.Root) {
		return ""
	}
	real := e.Follow(abs)
	if !whole {
		if d := e.Follow(path.Dir(abs)); d == "" || real == path.Join(d, path.Base(abs)) {
			return ""
		}
	}
	switch {
	case real == "":
		return abs + " (its symbolic links loop)"
	case within(real, e.Env.Root) || within(real, cmp.Or(e.Follow(e.Env.Root), e.Env.Root)):
		return ""
	}
	return real
}

// linkIndex finds the links of a line (linksOut) a path lies at or
// below by the path's own directories, each looked up once, not by
// reading every link for each path: a line of thousands of links and
// writes (ln -s /etc lN; echo x > yN; …) read each link for each
// command, 13 s at 256 kB.
type linkIndex struct {
	links  []madeLink
	byPath map[string][]int // link → its indexes in links, in order
	onlyBy int              // the command that made every link, or -1
}

func newLinkIndex(links []madeLink) linkIndex {
	x := linkIndex{links: links, byPath: make(map[string][]int, len(links)), onlyBy: links[0].by}
	for k, l := range links {
		x.byPath[l.link] = append(x.byPath[l.link], k)
		if l.by != x.onlyBy {
			x.onlyBy = -1
		}
	}
	return x
}

// first returns the index in links of the first link p lies at or
// below (within) that command i did not make, or len(links) for none.
func (x linkIndex) first(p string, i int) int {
	best := len(x.links)
	look := func(dir string) {
		for _, k := range x.byPath[dir] {
			if x.links[k].by != i {
				best = min(best, k)
				return
			}
		}
	}
	look(p)
	for j := len(p) - 1; j > 0; j-- {
		if p[j] == '/' {
			look(p[:j])
		}
	}
	if strings.HasPrefix(p, "/") {
		look("/")
	}
	return best
}

// firstVia returns the index of the first link the kernel goes through,
// or below, walking t's path (touch.via), or len(links).
func (x linkIndex) firstVia(t touch, i int) int {
	best := len(x.links)
	if t.path.abs != "" {
		best = x.first(t.path.abs, i)
	}
	if t.raw != "" {
		walkSteps(t.raw, func(at string, _ []string) (string, bool) {
			best = min(best, x.first(at, i))
			return at, false
		})
	}
	return best
}

// throughLink reports why c, command i of the line, writes through one of
// the links of x, or "": a path it writes at or below a link (echo hi >
// l, cp f l, touch l/x) or a directory it runs in there (cd l && make,
// tar -x -C l) is written where the link leads. The first link on the
// line that c writes through is named, a path written before a
// directory.
func (e *Engine) throughLink(i int, c SimpleCommand, x linkIndex) string {
	if x.onlyBy == i {
		return "" // its own links: ln -s /etc l writes l, not through it
	}
	best, why := len(x.links), ""
	for _, t := range e.touches(c) {
		if !t.write || t.path.abs == "" {
			continue
		}
		if k := x.firstVia(t, i); k < best {
			best = k
			why = commandName(c) + " writes " + t.word.Text + " through the link " + x.links[k].link + " made on the line, which leads to " + x.links[k].target + ", outside the project root"
		}
	}
	if IsReadOnly(c) {
		return why
	}
	eachDir(c, func(d string) bool {
		k := len(x.links)
		if abs := e.Env.In(d).Cwd; abs != "" {
			k = x.first(abs, i)
		}
		// cd t/.. is the shell's, cleaned as written; make -C
		// t/.. is the kernel's, through t.
		if d != c.Dir && !slices.Contains(c.Dirs, d) && hasDotDot(d) {
			if raw := e.Env.In(c.Dir).joined(d); path.IsAbs(raw) {
				k = min(k, x.firstVia(touch{raw: raw}, i))
			}
		}
		if k < best {
			best = k
			why = commandName(c) + " runs in " + d + ", through the link " + x.links[k].link + " made on the line, which leads to " + x.links[k].target + ", outside the project root"
		}
		return true
	})
	return why
}

// filledTree is a directory a command of a line fills with what the
// engine cannot see (an archive's members, a copy's tree, links inline
// code makes): any of it may be a symbolic link to outside the root.
type filledTree struct {
	by  int    // the index of the command in Analysis.Commands
	dir string // absolute, clean
}

// filledTrees returns the directories the commands of a line fill with
// what may hold links (an extraction: tar -xf a.tar, unzip -d d, where it
// writes with PathArg.Fills; a clone, git clone URL d, docker cp c:/x d;
// a copy that keeps links from outside the root, cp -a /x d, rsync -a
// host:x d; python3 -c 'os.symlink(…)' in the directory it runs in); nil,
// without allocating, when none does. A copy in the project (cp -a a b,
// cpio -p) is left out: its links are on disk, where Engine.Follow sees
// them.
func (e *Engine) filledTrees(cmds []SimpleCommand) []filledTree {
	var out []filledTree
	for i, c := range cmds {
		if lang, code, _ := inlineProgram(c); lang != langNone && slices.ContainsFunc(code, func(r codeRef) bool {
			return r.word < len(c.Words) && strings.Contains(c.Words[r.word].Text, "link")
		}) {
			if cwd := e.Env.In(c.Dir).Cwd; cwd != "" {
				out = append(out, filledTree{by: i, dir: cwd})
			}
			continue
		}
		n := lowerName(c)
		fetch := n == "git" && slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return w.Text == "clone" }) ||
			(n == "docker" || n == "podman") && len(c.Args()) > 1 && c.Args()[1].Text == "cp"
		if !extractor(c) && !fetch && !e.copiesLinksIn(c) {
			continue
		}
		for _, t := range e.touches(c) {
			if t.write && (t.fills || fetch) && t.path.abs != "" && t.link == "" {
				out = append(out, filledTree{by: i, dir: t.path.abs})
			}
		}
	}
	return out
}

// belowFilled reports why a command of cmds, a line, writes below a tree
// an earlier one filled (filledTrees), or "": echo x > link/f after tar
// -xf a.tar writes where a link the archive held leads, which cannot be
// known. The directory itself is not counted (cp f d/ after unzip -d d),
// nor where later commands run (tar -xf a.tgz && cd a && make): their
// writes by name are.
//
// Each command is read against each tree: a tree filled again is read
// once, by the first that filled it (the one named), and past
// maxFilledTrees the line is asked for, so that a line of thousands of
// extractions (tar xf a.tar; …), each against all the others, does not
// take their product (2 s at 128 kB).
func (e *Engine) belowFilled(cmds []SimpleCommand, trees []filledTree) string {
	seen := map[string]bool{}
	trees = slices.DeleteFunc(slices.Clone(trees), func(f filledTree) bool {
		dup := seen[f.dir]
		seen[f.dir] = true
		return dup
	})
	if len(trees) > maxFilledTrees {
		return "the line fills more directories with what the engine cannot see than it follows: a symbolic link there may lead outside the project root"
	}
	for i, c := range cmds {
		// What c touches is worked out once, not once for each tree.
		var ts []touch
		known := false
		// The link inline code makes in the directory it runs in
		// (os.symlink("a", "x"), read as ln -s -- a x) is made there,
		// not through a link: symlink(2) follows none.
		made := false
		for _, f := range trees {
			if f.by >= i {
				continue
			}
			if !known {
				ts, known = e.touches(c), true
				made = lowerName(c) == "ln" && strings.Contains(c.Text, " code: ")
			}
			for _, t := range ts {
				if made && path.Dir(t.path.abs) == f.dir {
					continue
				}
				if t.write && t.path.abs != "" && t.path.abs != f.dir && t.via(f.dir) {
					return commandName(c) + " writes " + t.word.Text + " below " + f.dir + ", which " + commandName(cmds[f.by]) +
						" filled earlier on the line with what the engine cannot see: a symbolic link there may lead outside the project root"
				}
			}
		}
	}
	return ""
}

// maxFilledTrees bounds the directories belowFilled reads each command
// of a line against: an everyday line unpacks or clones into a few.
const maxFilledTrees = 64

// extractor reports whether c unpacks an archive (cpio only with -i).
func extractor(c SimpleCommand) bool {
	switch lowerName(c) {
	case "tar", "bsdtar", "gtar", "unzip", "7z", "7za", "7zz", "unar", "unrar", "jar", "ar", "pax":
		return true
	case "cpio", "bsdcpio":
		return hasOpt(c.Args()[1:], "i", "--extract")
	}
	return false
}

// copiesLinksIn reports whether c, cp or rsync, copies links as links
// (cp -a, -r, -P; rsync -a, -l) from a source written out outside the
// root (cp -a /x d, rsync -a ../x/ d), or from another host (rsync -a
// host:x d). A source only known at run time is left to the kernel
// sandbox: cp -r "$SRC"/*.o out/ is how builds copy.
func (e *Engine) copiesLinksIn(c SimpleCommand) bool {
	if !keepsLinks(c) {
		return false
	}
	args, n := c.Args(), lowerName(c)
	env := e.Env.In(c.Dir)
	ops := args[1 : len(args)-1] // the last is where they go (or -t's, an option's value)
	return slices.ContainsFunc(ops, func(w Word) bool {
		t := w.Text
		switch {
		case !w.Literal || strings.HasPrefix(t, "-"):
			return false
		case n == "rsync" && strings.Contains(t, ":") && !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "."):
			return true // host:path, rsync://
		case !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~") && !hasDotDot(t):
			return false // below the working directory, a cd's included
		}
		abs := env.Resolve(t)
		return e.Env.Root != "" && (!strings.HasPrefix(abs, "/") || !within(abs, e.Env.Root))
	})
}

// keepsLinks reports whether c, cp or rsync with a source and a target,
// copies the links it meets as links (cp -a, -r, -P; rsync -a, -l), not
// what they lead to (-L); or is mv, which renames them with the rest.
func keepsLinks(c SimpleCommand) bool {
	args := c.Args()
	switch n := lowerName(c); {
	case len(args) < 3:
		return false
	case n == "cp":
		return hasOpt(args[1:], "PdaRr", "--no-dereference", "--archive", "--recursive") && !hasOpt(args[1:], "L", "--dereference")
	case n == "rsync":
		return hasOpt(args[1:], "al", "--archive", "--links") && !hasOpt(args[1:], "L", "--copy-links")
	case n == "mv":
		return true // a rename: the links below stay what they are
	}
	return false
}

// belowCopied judges what a command of cmds, a line, writes below a copy
// an earlier one made of a directory in the project keeping its links
// (cp -a d n, rsync -a d/ n/) where the same path below the copy's
// source leads on disk (Engine.Follow): the copy n/lnk of a link d/lnk
// to outside is not on disk when the line is judged, but d/lnk is, so
// echo x > n/lnk/f writes where d/lnk/f leads. Below n the path may be
// the source's own (cp -a d n, n new) or under its name (n/d/..., n
// already a directory): both are followed. Only copies whose source and
// target are written out; the zero verdict when nothing is found,
// without allocating when the line copies no links or there is no
// Follow.
func (e *Engine) belowCopied(cmds []SimpleCommand) verdict {
	if e.Follow == nil || e.Env.Root == "" {
		return verdict{}
	}
	for i, c := range cmds {
		if !keepsLinks(c) {
			continue
		}
		ts := e.touches(c)
		moves := lowerName(c) == "mv"
		for _, dst := range ts {
			if !dst.write || !dst.word.Literal || dst.path.abs == "" || dst.link != "" {
				continue
			}
			// below judges p, a path below the copy (as cleaned, or raw,
			// with a ".." the kernel takes after a link), where the same
			// path below each source leads.
			below := func(later SimpleCommand, t touch, p string) verdict {
				if p == dst.path.abs || !strings.HasPrefix(p, dst.path.abs+"/") {
					return verdict{}
				}
				rest := p[len(dst.path.abs):] // "/lnk/f"
				for _, src := range ts {
					// mv's sources are written too (they go): any but the target.
					if src.write && !moves || src.path.abs == dst.path.abs || !src.word.Literal || src.path.abs == "" || src.link != "" || !within(src.path.abs, e.Env.Root) {
						continue
					}
					if v := e.copiedLink(later, t, src.path.abs+rest); v.d != Allow {
						return v
					}
					if under, ok := strings.CutPrefix(rest, "/"+path.Base(src.path.abs)); ok && strings.HasPrefix(under, "/") {
						if v := e.copiedLink(later, t, src.path.abs+under); v.d != Allow {
							return v
						}
					}
				}
				return verdict{}
			}
			for _, later := range cmds[i+1:] {
				for _, t := range e.touches(later) {
					if !t.write || t.link != "" || t.path.abs == "" {
						continue
					}
					if v := below(later, t, t.path.abs); v.d != Allow {
						return v
					}
					if v := below(later, t, t.raw); t.raw != "" && v.d != Allow {
						return v
					}
				}
				// A program run below the copy (cd n/lnk && make, make -C
				// n/lnk) writes there by names of its own, as throughLink
				// judges one run below a link the line makes.
				if IsReadOnly(later) {
					continue
				}
				var v verdict
				eachDir(later, func(d string) bool {
					t := touch{word: Word{Text: d, Literal: true}, runs: true}
					if abs := e.Env.In(d).Cwd; abs != "" {
						v = below(later, t, abs)
					}
					// make -C n/lnk/.. is the kernel's, through n/lnk;
					// cd n/lnk/.. the shell's, cleaned as written.
					if v.d == Allow && d != later.Dir && !slices.Contains(later.Dirs, d) && hasDotDot(d) {
						if raw := e.Env.In(later.Dir).joined(d); path.IsAbs(raw) {
							v = below(later, t, raw)
						}
					}
					return v.d == Allow
				})
				if v.d != Allow {
					return v
				}
			}
		}
	}
	return verdict{}
}

// copiedLink judges t, a write of c below a copy, where from, the same
// path below the copy's source, leads through links on disk: a deny rule
// there, a protected path, outside the root (not in bypassPermissions).
func (e *Engine) copiedLink(c SimpleCommand, t touch, from string) verdict {
	real := e.Follow(from)
	if real == from {
		return verdict{}
	}
	through := " (a copy of " + from + ", which leads there through a symbolic link)"
	does := " writes "
	if t.runs {
		does = " runs in "
	}
	if real == "" {
		return verdict{d: Ask, reason: commandName(c) + does + t.word.Text + ", a copy of " + from + ", whose symbolic links loop: where it leads cannot be known", suggest: true}
	}
	if root := e.Follow(e.Env.Root); root != "" && root != e.Env.Root && within(real, root) {
		real = e.Env.Root + real[len(root):]
	}
	if v, ok := e.pathRules("Bash", pathSubject{abs: real}, true, RuleDeny); ok {
		return v
	}
	if t.runs {
		// What it writes there by names of its own may be anything
		// below: judged as protectedDir judges a directory run in.
		real += "/x"
	}
	if why := e.protected(real, true); why != "" {
		return verdict{d: Ask, reason: why + through}
	}
	if e.Mode != ModeBypassPermissions && !within(real, e.Env.Root) {
		if _, ok := e.pathRules("Bash", pathSubject{abs: real}, true, RuleAllow); !ok {
			if t.runs {
				return verdict{d: Ask, reason: commandName(c) + " runs in " + path.Dir(real) + ", outside the project root, where what it writes lands" + through, suggest: true}
			}
			return verdict{d: Ask, reason: commandName(c) + " writes outside the project root: " + real + through, suggest: true}
		}
	}
	return verdict{}
}
