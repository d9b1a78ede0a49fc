package permission

import (
	"path"
	"slices"
)

// Names handed on through a file: a find's or a lister's output written
// to a file and read back on the same command line (locate id_rsa > l;
// xargs cat < l; find ~ -name '*.pem' > l && cat $(cat l); xargs -a l
// cat; while read f; do cat "$f"; done < l) hands the command its names
// as a pipe would (locate id_rsa | xargs cat), and is judged as that
// pipe is (pipedDeletes): as find ROOTS -exec CMD {} +.

// fileInput is a compound command whose standard input is a file: the
// file as written, the directory it is opened in, and the commands of
// its body.
type fileInput struct {
	file Word
	dir  string
	body []int
}

// noteFileInput records, for the compound command whose commands start
// at index from and whose redirections redirectOnly just added, the file
// it reads its input from, if any.
func (z *analyzer) noteFileInput(from int) {
	n := len(z.a.Commands)
	if n <= from+1 || len(z.a.Commands[n-1].Words) != 0 {
		return
	}
	r := z.a.Commands[n-1]
	for _, red := range r.Redirects {
		if red.Read && !red.Write && red.Target.Literal {
			z.fileInputs = append(z.fileInputs, fileInput{file: red.Target, dir: r.Dir, body: indexRange(from, n-1)})
		}
	}
}

// namesThroughFiles pairs each find or lister whose output goes to a
// file with the later commands on the line that take names from that
// file: one whose input it is (xargs CMD < l, a read loop's body), an
// xargs that reads it by -a, and a pipeline or substitution fed by a cat
// of it (cat $(cat l), cat l | xargs cat), as if the lister stood there.
func (z *analyzer) namesThroughFiles() {
	n := len(z.a.Commands)
	// Each file written is looked for in every later command: past
	// maxRunWith of them the line is asked for, not followed.
	pairs, written := 0, 0
	hand := func(p Pipeline) bool {
		if pairs++; pairs > maxRunWith {
			z.complexOnce("names written to files are handed to more commands than the analysis follows")
			return false
		}
		z.pipedDeletes(p)
		return true
	}
	for i := 0; i < n; i++ {
		c := z.a.Commands[i]
		if _, ok := listedRoots(c); !ok && !isFind(c) {
			continue
		}
		for _, out := range c.Redirects {
			if !out.Write || !out.Target.Literal {
				continue
			}
			if written++; written > maxRunWith {
				z.complexOnce("more finds and listers write to files than the analysis follows")
				return
			}
			same := func(w Word, dir string) bool { return w.Literal && sameFile(out.Target.Text, c.Dir, w.Text, dir) }
			for j := i + 1; j < n; j++ {
				d := z.a.Commands[j]
				reads := slices.ContainsFunc(d.Redirects, func(r Redirect) bool { return r.Read && !r.Write && same(r.Target, d.Dir) }) ||
					d.OpenArgs && slices.ContainsFunc(d.WrapperPaths, func(a PathArg) bool { return !a.Write && same(a.Word, d.Dir) })
				if reads && len(d.Words) > 0 && !hand(Pipeline{{i}, {j}}) {
					return
				}
			}
			for _, in := range z.fileInputs {
				if in.body[0] > i && same(in.file, in.dir) && !hand(Pipeline{{i}, in.body}) {
					return
				}
			}
			for _, p := range z.a.Pipelines {
				for k, stage := range p {
					if len(stage) != 1 || stage[0] <= i || !catOf(z.a.Commands[stage[0]], same) {
						continue
					}
					q := slices.Clone(p)
					q[k] = []int{i}
					if !hand(q) {
						return
					}
				}
			}
		}
	}
}

// isFind says whether c is a find.
func isFind(c SimpleCommand) bool {
	switch lowerName(c) {
	case "find", "gfind", "bfs":
		return true
	}
	return false
}

// catOf says whether c is a cat of one file that same says is the one
// written.
func catOf(c SimpleCommand, same func(Word, string) bool) bool {
	if lowerName(c) != "cat" {
		return false
	}
	ops := operandWords(c)
	return len(ops) == 1 && same(ops[0], c.Dir)
}

// sameFile says whether the file a, opened in directory da, may be the
// file b, opened in db (directories as SimpleCommand.Dir writes them):
// the same path once joined to its directory, or a relative one where a
// directory is only known at run time.
func sameFile(a, da, b, db string) bool {
	if da == "?" || db == "?" {
		return path.Base(a) == path.Base(b)
	}
	join := func(p, d string) string {
		if path.IsAbs(p) || d == "" {
			return path.Clean(p)
		}
		return path.Join(d, p)
	}
	return join(a, da) == join(b, db)
}
