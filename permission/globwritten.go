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
}

// globFile is a file the line wrote, as globbedFiles matches it: its
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
		g := globFile{name: f.file.Text, clean: path.Clean(f.file.Text), dir: f.dir, last: x.indexed}
		base := g.clean[strings.LastIndexByte(g.clean, '/')+1:]
		for k := range len(base) {
			x.bySuffix[base[k:]] = append(x.bySuffix[base[k:]], len(x.files))
		}
		x.files = append(x.files, g)
	}
	return x
}

// globbedFiles returns c once for each file the line wrote that a glob
// among its words matches, that word the file's name (bash *.sh runs
// the s.sh the line wrote: the first the glob yields; each is judged);
// ok is false where the line matched or judged more than the analysis
// follows (maxGlobChecks, maxGlobbedText, maxGlobbedMore), out then
// those found before.
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
			if !g.matches(c, f.name, f.clean, f.dir) {
				continue
			}
			if !first {
				z.globbedMore++
			}
			first = false
			if z.globbedText += len(z.written[f.last].text); z.globbedText > maxGlobbedText || z.globbedMore > maxGlobbedMore {
				return out, false
			}
			out = append(out, globbedAs(c, g.k, f.name))
		}
	}
	return out, true
}

// candidates returns the files of x glob g may match: those whose base
// name ends with what follows its last wildcard, or all of them.
func (x *globIndex) candidates(g wordGlob) []int {
	if tail := g.tail[strings.LastIndexByte(g.tail, '/')+1:]; g.t != "*" && tail != "" {
		return x.bySuffix[tail]
	}
	return indexRange(0, len(x.files))
}

// wordGlob is the glob of word k of a command (globPattern): t as
// written, pat cleaned, and the text pat starts and ends with
// (globEnds).
type wordGlob struct {
	k                  int
	t, pat, head, tail string
}

// commandGlobs returns the globs among c's words.
func commandGlobs(c SimpleCommand) []wordGlob {
	var gs []wordGlob
	for k, w := range c.Words {
		if t, ok := globPattern(c, w); ok {
			pat := path.Clean(t)
			head, tail := globEnds(pat)
			gs = append(gs, wordGlob{k, t, pat, head, tail})
		}
	}
	return gs
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

// matches says whether glob g of command c matches file name (clean
// cleaned) written in dir: a name relative to another directory than
// c's is another file, and * any file found (globPattern).
func (g wordGlob) matches(c SimpleCommand, name, clean, dir string) bool {
	switch {
	case dir != c.Dir && !path.IsAbs(name):
		return false
	case g.t == "*":
		return true
	case !strings.HasPrefix(clean, g.head) || !strings.HasSuffix(clean, g.tail):
		return false
	}
	ok, _ := path.Match(g.pat, clean)
	return ok
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

// globbedAs returns c with its word k the file name.
func globbedAs(c SimpleCommand, k int, name string) SimpleCommand {
	c.Words = slices.Clone(c.Words)
	c.Words[k] = Word{Text: name, Literal: true}
	return c
}
