package permission

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The files a patch writes. patch takes the names of the files it
// changes or creates from the patch's own headers (+++ b/.git/hooks/
// pre-commit, with a new file mode 100755 made executable), so patch
// -p1 <<'EOF' … EOF wrote a git hook, allowed: no word of the command
// named it. Where the line writes the patch out (a here-document or
// here-string, an echo or a printf piped in, a file the line wrote,
// given by -i, as an operand or by <), each name its headers give is a
// file patch writes, under every -p it may strip; a patch only known at
// run time (a file of the project's) is the project's, as tar xf's
// archive is.

// patchInput judges the files c, a patch whose redirections are rs,
// writes from the patch text the line wrote for it.
func (z *analyzer) patchInput(c SimpleCommand, rs []*syntax.Redirect) {
	if feed, doc := fdDoc(rs, 0); feed == feedDoc && doc != nil {
		text, _ := z.docText(doc, true)
		z.patchWrites(c, text)
	}
	for _, name := range patchFiles(c) {
		f, ok := z.lastWritten(name, c.Dir)
		switch {
		case ok && f.known:
			z.patchWrites(c, f.text)
		case ok:
			// gen > p; patch -p1 < p: the files it writes are any the
			// line's text names, their text not known (fillsWritten).
			z.filled = append(z.filled, writtenFile{file: Word{Text: ".", Literal: true}, dir: c.Dir})
		}
	}
}

// gitApplyInput is patchInput for git apply c (and git am), whose
// operands are its patches.
func (z *analyzer) gitApplyInput(c SimpleCommand, rs []*syntax.Redirect) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "apply" && sub.Text != "am" {
		return
	}
	var ws []Word
	for _, w := range rest {
		if w.Literal && !strings.HasPrefix(w.Text, "-") {
			// As patch -i's: patchFiles reads them.
			ws = append(ws, Word{Text: "-i", Literal: true}, w)
		}
	}
	p := c
	p.Words, p.Inner = append([]Word{{Text: "patch", Literal: true}}, ws...), 0
	z.patchInput(p, rs)
}

// patchFiles returns the patch files patch command c reads by name: -i
// FILE, --input=FILE, its second operand, its input's redirection.
func patchFiles(c SimpleCommand) []string {
	var names, ops []string
	args := c.Args()
	for k := 1; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
		case (t == "-i" || t == "--input") && k+1 < len(args):
			names = append(names, args[k+1].Text)
			k++
		case strings.HasPrefix(t, "--input="):
			names = append(names, t[len("--input="):])
		case strings.HasPrefix(t, "-i") && len(t) > 2:
			names = append(names, t[2:])
		case strings.HasPrefix(t, "-"):
		default:
			ops = append(ops, t)
		}
	}
	if len(ops) > 1 {
		names = append(names, ops[1])
	}
	for _, r := range c.Redirects {
		if r.Read && r.Target.Literal {
			names = append(names, r.Target.Text)
		}
	}
	return names
}

// patchWrites judges, for patch command c, a write of each file the
// headers of patch text name.
func (z *analyzer) patchWrites(c SimpleCommand, text string) {
	seen := map[string]bool{}
	for _, name := range patchTargets(text) {
		for _, p := range stripped(name) {
			if !seen[p] {
				seen[p] = true
				z.finishAs(c, []Word{{Text: "tee", Literal: true}, {Text: "--", Literal: true}, {Text: p, Literal: true}})
			}
		}
	}
}

// patchTargets returns the file names the headers of patch text give:
// a unified or context diff's, git's diff --git, rename to and copy to.
func patchTargets(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		var name string
		switch {
		case strings.HasPrefix(l, "+++ "), strings.HasPrefix(l, "--- "), strings.HasPrefix(l, "*** "):
			name = l[4:]
		case strings.HasPrefix(l, "Index: "):
			name = l[len("Index: "):]
		case strings.HasPrefix(l, "rename to "), strings.HasPrefix(l, "copy to "):
			_, name, _ = strings.Cut(l, " to ")
		case strings.HasPrefix(l, "diff --git "):
			out = append(out, strings.Fields(l[len("diff --git "):])...)
			continue
		default:
			continue
		}
		name, _, _ = strings.Cut(name, "\t")
		name = strings.Trim(strings.TrimSpace(name), `"`)
		if name != "" && name != "/dev/null" {
			out = append(out, name)
		}
	}
	return out
}

// stripped returns name with 0, 1, … of its leading components removed,
// as patch -pN does, at most a few dozen.
func stripped(name string) []string {
	out := []string{name}
	rest := strings.TrimLeft(name, "/")
	for k := 0; k < 32; k++ {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			break
		}
		rest = strings.TrimLeft(rest[i+1:], "/")
		if rest != "" {
			out = append(out, path.Clean(rest))
		}
	}
	return out
}
