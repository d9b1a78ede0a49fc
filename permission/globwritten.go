package permission

import (
	"path"
	"slices"
	"strings"
)

// globIndex lists the files the line wrote (z.written) for the globs of
// the commands that run one (runsWritten): each file once, by the
// directory it was written in and its name, in the order first written,
// and by every ending of its cleaned base name (bySuffix), so that a
// glob is matched with the files whose names end as it must, not with
// every write before it: a megabyte of echo x > aN.sh; bash *N.sh;
// matched each bash with each write (80 s), and echo x > s.sh; bash
// *.sh; judged each write of s.sh again for each bash (20 s at 64 kB).
type globIndex struct {
	indexed  int // entries of z.written listed
	seen     map[[2]string]int
	files    []globFile
	bySuffix map[string][]int
	loose    []int // files whose base name a glob may not see as written
}

// globFile is a file the line wrote, as globMatches matches it: its
// name as written and cleaned, the directory it was written in, and the
// entry of z.written that last wrote it.
type globFile struct {
	name, clean, dir string
	last             int
}

// maxGlobChecks bounds the files the globs of a line are matched with,
// maxGlobbedText the text judged as their matches (runsWritten), and
// maxGlobbedMore the matches after each glob's first, past which the
// line is too complex: bash * after each of a megabyte of writes of
// another file matches each with every write before it. A line of
// globs each matching one file (echo x > aN.sh; bash *N.sh;) judges
// each text it wrote once.
const (
	maxGlobChecks  = 1 << 20
	maxGlobbedText = 1 << 20
	maxGlobbedMore = 1 << 12
)

// indexGlobs lists the files written since it last ran.
func (z *analyzer) indexGlobs() *globIndex {
	x := &z.globIdx
	for ; x.indexed < len(z.written); x.indexed++ {
		f := z.written[x.indexed]
		key := [2]string{f.dir, f.file.Text}
		if k, ok := x.seen[key]; ok {
			// The same command matches it the same.
			x.files[k].last = x.indexed
			continue
		}
		if x.seen == nil {
			x.seen, x.bySuffix = map[[2]string]int{}, map[string][]int{}
		}
		x.seen[key] = len(x.files)
		g := newGlobFile(f, x.indexed)
		if base, ok := globBase(g.name); ok && !strings.HasPrefix(g.name, "~") {
			for k := range len(base) {
				x.bySuffix[base[k:]] = append(x.bySuffix[base[k:]], len(x.files))
			}
		} else {
			// > ~, > x/.: placed or by base name, another name.
			x.loose = append(x.loose, len(x.files))
		}
		x.files = append(x.files, g)
	}
	return x
}

// newGlobFile returns f, entry at of z.written, as a globFile.
func newGlobFile(f writtenFile, at int) globFile {
	return globFile{name: f.file.Text, clean: path.Clean(f.file.Text), dir: f.dir, last: at}
}

// globBase returns the last name of p, and whether it is that of p
// however globMatches compares it (cleaned, placed in a directory, or
// by base name alone): not where cleaning p changes it (x/*.sh/.) or
// it is . or .., which placing p changes.
func globBase(p string) (string, bool) {
	base := path.Base(p)
	return base, base == path.Base(path.Clean(p)) && base != "." && base != ".." && base != "/"
}

// globbedFiles returns c once for each file the line wrote that a glob
// among its words or its input's matches (globMatches), that glob the
// file's name (globName): bash *.sh and sh < *.sh run the s.sh the line
// wrote (the first the glob yields; each is judged); ok is false where
// the line matched or judged more than the analysis follows
// (maxGlobChecks, maxGlobbedText, maxGlobbedMore), out then those found
// before.
func (z *analyzer) globbedFiles(c SimpleCommand) (out []SimpleCommand, ok bool) {
	for _, g := range commandGlobs(c) {
		if z.globChecks > maxGlobChecks || z.globbedText > maxGlobbedText || z.globbedMore > maxGlobbedMore {
			return out, false
		}
		x := z.indexGlobs()
		first := true
		for _, at := range x.candidates(g) {
			if z.globChecks++; z.globChecks > maxGlobChecks {
				return out, false
			}
			f := x.files[at]
			if !z.globMatches(g, c.Dir, f) {
				continue
			}
			if !first {
				z.globbedMore++
			}
			first = false
			if z.globbedText += len(z.written[f.last].text); z.globbedText > maxGlobbedText || z.globbedMore > maxGlobbedMore {
				return out, false
			}
			out = append(out, globbedAs(c, g, z.globName(c.Dir, f)))
		}
	}
	return out, true
}

// candidates returns the files of x glob g may match, in the order
// first written: those whose base names end with what follows the last
// wildcard of an alternative's last name, or all of them where one
// leaves it open (*, a name that ends in one, x/*.sh/.).
func (x *globIndex) candidates(g wordGlob) []int {
	if g.t == "*" {
		return indexRange(0, len(x.files))
	}
	var out []int
	for _, a := range g.alts {
		if a.end == "" {
			return indexRange(0, len(x.files))
		}
		out = append(out, x.bySuffix[a.end]...)
	}
	if len(g.alts) == 1 && len(x.loose) == 0 {
		return out
	}
	out = append(out, x.loose...)
	slices.Sort(out)
	return slices.Compact(out)
}

// wordGlob is a glob of a command (globPattern): its word k, or the
// file its redirection k reads its input from (input: sh < *.sh); t as
// written, and its alternatives, a brace list's ({a,b}.sh) or t.
type wordGlob struct {
	k     int
	input bool
	t     string
	alts  []globAlt
}

// globAlt is an alternative of a glob: raw as written, pat cleaned,
// the text pat starts and ends with (globEnds), and the text after the
// last wildcard of its last name (end), "" where that is open
// (candidates).
type globAlt struct {
	raw, pat, head, tail, end string
}

// commandGlobs returns the globs among c's words and as the file it
// reads its input from: bash opens the one file sh < *.sh matches.
func commandGlobs(c SimpleCommand) []wordGlob {
	var gs []wordGlob
	add := func(k int, input bool, w Word) {
		t, ok := globPattern(c, w)
		if !ok {
			return
		}
		alts := []string{t}
		if strings.Contains(t, "{") {
			alts = expandBraces(t, 64) // bash {a,b}.sh runs a.sh
		}
		g := wordGlob{k: k, input: input, t: t}
		for _, raw := range alts {
			a := globAlt{raw: raw, pat: path.Clean(raw)}
			a.head, a.tail = globEnds(a.pat)
			if base, ok := globBase(raw); ok {
				_, a.end = globEnds(base)
			}
			g.alts = append(g.alts, a)
		}
		gs = append(gs, g)
	}
	for k, w := range c.Words {
		add(k, false, w)
	}
	for k, r := range c.Redirects {
		if r.Op == "<" {
			add(k, true, r.Target)
		}
	}
	return gs
}

// readsGlob says whether command c has a glob among its words or as
// the file it reads its input from (commandGlobs).
func readsGlob(c SimpleCommand) bool {
	return len(commandGlobs(c)) > 0
}

// globEnds returns the text glob pattern pat starts with before its
// first wildcard, bracket or escape, and ends with after its last: a
// name path.Match matches with pat starts and ends with them.
func globEnds(pat string) (head, tail string) {
	const special = `*?[]\`
	if i := strings.IndexAny(pat, special); i >= 0 {
		return pat[:i], pat[strings.LastIndexAny(pat, special)+1:]
	}
	return pat, pat
}

// globMatches says whether glob g of a command run in directory dir
// matches file f, one the line wrote: * any file, else an alternative
// as sameFile compares names (globAltMatches).
func (z *analyzer) globMatches(g wordGlob, dir string, f globFile) bool {
	if g.t == "*" {
		return true
	}
	return slices.ContainsFunc(g.alts, func(a globAlt) bool { return z.globAltMatches(a, dir, f) })
}

// globAltMatches says whether a, a glob of a command run in directory
// dir, matches file f as sameFile compares names: both as they stand in
// the same directory, both placed where their directories are known,
// so that bash /home/u/proj/*.sh runs the s.sh written in
// /home/u/proj, by base name where one is not (cd "$x"; bash *.sh may
// run it). A ** (globstar) stands for any number of directories, none
// among them, before the pattern's last name.
func (z *analyzer) globAltMatches(a globAlt, dir string, f globFile) bool {
	pattern, name := a.pat, f.clean
	switch {
	case dir == f.dir && !path.IsAbs(a.raw) && !path.IsAbs(f.name):
		// What does not start and end as it must is not matched, a
		// twentieth of path.Match's time.
		if !strings.Contains(pattern, "**") && (!strings.HasPrefix(name, a.head) || !strings.HasSuffix(name, a.tail)) {
			return false
		}
	case dir == "?" || f.dir == "?":
		pattern, name = path.Clean(path.Base(a.raw)), path.Clean(path.Base(f.name))
	default:
		pattern = placedPath(z.atHome(a.raw), z.placedDir(dir))
		name = placedPath(z.atHome(f.name), z.placedDir(f.dir))
	}
	if ok, _ := path.Match(pattern, name); ok {
		return true
	}
	head, _, globstar := strings.Cut(pattern, "**")
	if !globstar {
		return false
	}
	base, _ := path.Match(path.Base(pattern), path.Base(name))
	return base && (strings.ContainsAny(head, "*?[") || strings.HasPrefix(name, head))
}

// globName returns the name by which a glob of a command run in
// directory dir yields file f: f's own where the command runs in its
// directory or one is not known (which sameFile matches by base name),
// else its path from where it runs (placedPath): bash *.sh after cd
// sub; > ../s.sh; cd .. runs it.
func (z *analyzer) globName(dir string, f globFile) string {
	if f.dir == dir || path.IsAbs(f.name) || f.dir == "?" || dir == "?" {
		return f.name
	}
	return placedPath(z.atHome(f.name), z.placedDir(f.dir))
}

// namedGlobs is glob reader j (z.globReaders) as globLater matches
// writes with it: its command as the line's files name it (filesNamed,
// which reads PWD only while the line has not set it) and its globs,
// made once, not for each write after it.
type namedGlobs struct {
	c      SimpleCommand
	globs  []wordGlob
	pwdSet bool
}

// globReaderAt returns glob reader j as namedGlobs.
func (z *analyzer) globReaderAt(j int) namedGlobs {
	if j >= len(z.globNamed) {
		z.globNamed = append(z.globNamed, make([]namedGlobs, j+1-len(z.globNamed))...)
	}
	g := &z.globNamed[j]
	if g.globs == nil || g.pwdSet != z.pwdSet {
		g.c = z.filesNamed(z.globReaders[j].at)
		g.globs, g.pwdSet = commandGlobs(g.c), z.pwdSet
	}
	return *g
}

// globbedAs returns c with glob g the file name.
func globbedAs(c SimpleCommand, g wordGlob, name string) SimpleCommand {
	w := Word{Text: name, Literal: true}
	if g.input {
		c.Redirects = slices.Clone(c.Redirects)
		c.Redirects[g.k].Target = w
		return c
	}
	c.Words = slices.Clone(c.Words)
	c.Words[g.k] = w
	return c
}
