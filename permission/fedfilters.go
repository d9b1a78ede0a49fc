package permission

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// What a filter makes of a here-string or a here-document written out
// on the line: head -1 <<< 'rm -rf ~' | sh runs what cat <<< 'rm -rf ~'
// | sh runs, and base64 -d <<< cm0gLXJmIH4= | sh what it decodes. The
// output is computed where it can be (docFilterOutput); where it cannot,
// the text fed on is a program only known at run time, which a shell
// given it asks for even in bypassPermissions: a literal payload encoded
// on the line and decoded into a shell is obfuscation.

// docFilter says whether c is a filter or a decoder whose output is made
// of its input, for a here-string or a here-document it is given, or a
// compound's it reads (scopeInput), to be computed (filterDoc).
func docFilter(c SimpleCommand) bool {
	return docFilterName(lowerName(c))
}

// docFilterName says whether n is a filter docFilter reads.
func docFilterName(n string) bool {
	switch n {
	case "head", "tail", "sort", "tac", "uniq", "tr", "sed", "gsed", "paste", "grep", "egrep", "fgrep",
		"cut", "awk", "gawk", "mawk", "tee", "rev", "fold",
		"base64", "base32", "basenc", "xxd", "openssl", "uudecode",
		"gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "zstdcat":
		return true
	}
	return false
}

// textFilter says whether n is a filter whose output is made of what it
// reads: those docFilter reads, and cat and those whose output is not
// computed (nl, fmt, column …), which a shell fed what they make of a
// file the line wrote fails closed on (filterWritten).
func textFilter(n string) bool {
	switch n {
	case "cat", "shuf", "nawk", "nl", "fmt", "pr", "column", "expand", "unexpand",
		"iconv", "dos2unix", "unix2dos", "strings", "look", "join", "comm", "sponge", "pv":
		return true
	}
	return docFilterName(n)
}

// filterDoc records in catDocs what docFilter command i writes of the
// here-string or here-document rs gives it: its output where
// docFilterOutput computes it, judged as a program beside the pipe to
// a shell (besideDocs, pipedFiltered), else a text not known, so that
// a shell fed it fails closed (fedProgram) instead of being left to
// pipeToShell, which bypassPermissions allows.
func (z *analyzer) filterDoc(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	feed, doc := fdDoc(rs, 0)
	if feed != feedDoc {
		return
	}
	text, known := z.docProgram(doc)
	copied := false
	if !known {
		// d=.GIT; tr A-Z a-z <<< "$d"
		text, known, copied = z.valueDoc(doc, i)
	}
	if !known {
		return
	}
	out, ok := docFilterOutput(c, text)
	copied = copied || filterCopied(c, text, out)
	if z.catDocs == nil {
		z.catDocs = map[int]fedDoc{}
	}
	z.catDocs[i] = fedDoc{out, ok, copied}
	switch lowerName(c) {
	case "tr", "sed", "gsed", "paste":
		// Read in the program's place, as cat's text is.
	default:
		if ok && !copied {
			// Judged beside the pipe to a shell, which asks as it did:
			// head -1 <<< 'echo hi' | sh is what it was. A copy is
			// not: fedText fails closed on it (grep . <<< 'rm -rf ~'
			// | sh, whose dot grepOutput takes as itself).
			if z.besideDocs == nil {
				z.besideDocs = map[int]bool{}
			}
			z.besideDocs[i] = true
		}
	}
}

// filterCopied says whether out, what filter c was read to print of
// in, is a copy: what grep and awk are read to print may be less than
// they do (grepOutput's dot), unless it is all their input; the order
// sort prints lines that differ in, and which uniq drops, are only
// known at run time, and a line changes what those after it do: sort
// <<< $'rm -rf u\ncd ../..' | sh runs cd ../..; rm -rf u. Each line is
// judged (linesAlone), as a copy.
func filterCopied(c SimpleCommand, in, out string) bool {
	switch n := lowerName(c); {
	case n == "egrep" || n == "fgrep" || slices.Contains(filterCopies, n):
		return strings.TrimSuffix(out, "\n") != strings.TrimSuffix(in, "\n")
	case n == "sort" || n == "uniq":
		lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
		return slices.ContainsFunc(lines, func(l string) bool { return l != lines[0] })
	}
	return false
}

// filterWritten records in writtenFeeds that filter command i
// (textFilter) prints what the line wrote to a file it reads, by an
// operand or on its input, and whether that is computed exactly: cat
// s, head -1 s and sort s as catDoc read them, the others of one file
// of a known text as writtenOutput computes them (grep . s, sed -n p
// s, awk 1 s, tr a a < s, paste s), recorded in catDocs for the shell
// it feeds (fedText, pipedFiltered). Anything else (nl s, two files, a
// text only known at run time) is a program a shell fed it fails
// closed on (pipedWritten, fedProgram), as sh s asks for a script the
// line wrote with a text not known: unread, bypassPermissions allowed
// echo 'rm -rf ~' > s; grep . s | sh.
func (z *analyzer) filterWritten(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	if len(z.written) == 0 || !textFilter(lowerName(c)) {
		return
	}
	bare, f, n := z.writtenRead(c, rs)
	if n == 0 {
		return
	}
	exact := false
	if d, ok := z.catDocs[i]; ok {
		exact = d.known && !d.copy // cat s, head -1 s, sort s
	} else if n == 1 && f.known {
		if out, ok := writtenOutput(bare, f.text); ok {
			copied := filterCopied(bare, f.text, out)
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{out, true, copied}
			exact = !copied
			// Judged beside the pipe to a shell, which asks as it did
			// where it does: grep . s | sh of echo hi (filterDoc).
			if z.besideDocs == nil {
				z.besideDocs = map[int]bool{}
			}
			z.besideDocs[i] = true
		}
	}
	if z.writtenFeeds == nil {
		z.writtenFeeds = map[int]bool{}
	}
	z.writtenFeeds[i] = exact
}

// writtenRead returns the files the line wrote that filter c reads, by
// its operands or a < redirection among rs: how many, the last, and c
// without the operand that named it, whose output writtenOutput
// computes of the file's text.
func (z *analyzer) writtenRead(c SimpleCommand, rs []*syntax.Redirect) (bare SimpleCommand, f writtenFile, n int) {
	bare = c
	if lowerName(c) != "tee" { // tee's operands are written
		for k := c.Inner + 1; k < len(c.Words); k++ {
			w := c.Words[k]
			if !w.Literal || strings.HasPrefix(w.Text, "-") {
				continue
			}
			if g, ok := z.lastWritten(w.Text, c.Dir); ok {
				f, n = g, n+1
				bare.Words = slices.Delete(slices.Clone(c.Words), k, k+1)
			}
		}
	}
	if feed, doc := fdDoc(rs, 0); feed == feedFile && doc != nil {
		if g, ok := z.lastWritten(doc.Word.Lit(), c.Dir); ok {
			f, n = g, n+1
		}
	}
	return bare, f, n
}

// writtenOutput returns what filter c, given no file, prints of in, a
// text the line wrote to the file it reads: docFilterOutput's, sed's
// only where its script is read (sedEdit), not its lower-case stand-in,
// and grep .'s of text (no NUL, valid UTF-8, else grep may print
// "Binary file matches" or leave a line out), its lines that are not
// empty (grepOutput takes the dot for itself).
func writtenOutput(c SimpleCommand, in string) (string, bool) {
	switch n, args := lowerName(c), c.Args()[1:]; {
	case n == "sed" || n == "gsed":
		out, exact, ok := sedEdit(args, in)
		return out, ok && exact
	case n == "grep" && len(args) == 1 && args[0].Literal && args[0].Text == "." && !strings.ContainsRune(in, 0) && utf8.ValidString(in):
		var b strings.Builder
		for l := range strings.SplitSeq(strings.TrimSuffix(in, "\n"), "\n") {
			if l != "" {
				b.WriteString(l + "\n")
			}
		}
		return b.String(), true
	}
	return docFilterOutput(c, in)
}

// pipedWritten carries writtenFeeds along pipeline p, through each
// filter stage (textFilter) whose output of what the stage before it
// prints exactly is computed exactly too (writtenOutput, filterCopied),
// and fails closed on a shell or an interpreter that reads its program
// from a stage whose output is not: echo 'rm -rf ~' > s; nl s | cut -f2
// | sh.
func (z *analyzer) pipedWritten(p Pipeline) {
	if len(z.writtenFeeds) == 0 {
		return
	}
	for k := 1; k < len(p); k++ {
		if len(p[k-1]) != 1 {
			continue
		}
		from := p[k-1][0]
		exact, ok := z.writtenFeeds[from]
		if !ok {
			continue
		}
		if j := p[k][0]; len(p[k]) == 1 && textFilter(lowerName(z.a.Commands[j])) {
			if _, own := z.writtenFeeds[j]; !own {
				c, in := z.a.Commands[j], z.catDocs[from].text
				out, ok := writtenOutput(c, in)
				d, known := z.catDocs[j]
				z.writtenFeeds[j] = exact && ok && known && d.known && d.text == out && !filterCopied(c, in, out)
			}
		}
		if exact {
			continue
		}
		for _, i := range p[k] {
			if z.readsCode(i) {
				z.writtenUnread(i, from)
			}
		}
	}
}

// writtenUnread fails closed on command i, a shell or an interpreter
// that reads its program from command from, which prints what the line
// wrote to a file in a way not computed (writtenFeeds). Said once:
// pipedWritten and fedProgram both find sed s/x/x/ s | sh.
func (z *analyzer) writtenUnread(i, from int) {
	z.complexOnce(fmt.Sprintf("%s runs what %s prints of a file the line wrote, which the analysis does not compute: %s",
		z.a.Commands[i].Name(), z.a.Commands[from].Name(), shorten(z.a.Commands[from].Text)))
}

// docFilterOutput returns what filter c prints of in, the text of a
// here-string or a here-document: head and tail of their counts, tac,
// the lines sort and uniq may print (linesAlone), fold of lines that
// fit, base64, base32 and xxd -r -p decoded, and what filterOutput
// reads of the others. ok is false where it is not computed.
func docFilterOutput(c SimpleCommand, in string) (string, bool) {
	if in != "" && !strings.HasSuffix(in, "\n") {
		in += "\n" // a here-string's newline
	}
	switch lowerName(c) {
	case "head", "tail":
		return headTailOutput(c, in)
	case "tac":
		if len(c.Args()) > 1 {
			return "", false
		}
		return tacOutput(in), in != ""
	case "sort", "uniq":
		// Some of its lines, in another order: each is judged alone as
		// well as all of them, for a line it drops may have held the
		// ones after it in a quote or a here-document.
		ops, ok := filterOperands(c)
		if !ok || len(ops) > 0 {
			return "", false
		}
		return linesAlone(in)
	case "egrep":
		return grepOutput(c.Args()[1:], in)
	case "fgrep":
		return grepOutput(append([]Word{{Text: "-F", Literal: true}}, c.Args()[1:]...), in)
	case "fold":
		return foldOutput(c.Args()[1:], in)
	case "base64", "base32", "xxd":
		return decodedOutput(c, in)
	case "basenc", "openssl", "uudecode",
		"gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "zstdcat":
		return "", false // decoders and decompressors not computed
	}
	return filterOutput(c, in)
}

// tacOutput returns what tac prints of in: its lines last first, a last
// line without a newline joined to the one before it (tac of a\nb
// prints ba\n), as GNU tac ends each line with the newline after it.
func tacOutput(in string) string {
	lines := strings.Split(in, "\n")
	last := lines[len(lines)-1] // "" where in ends in a newline
	lines = lines[:len(lines)-1]
	slices.Reverse(lines)
	if len(lines) == 0 {
		return last
	}
	return last + strings.Join(lines, "\n") + "\n"
}

// writtenFilterDoc returns what filter c (head, tail, sort, tac, uniq,
// shuf) of a file the line wrote, its operand op (filterOf), text,
// writes, for catDocs: the text
// itself, all its words, for head and tail but tail -r, and tac's lines
// reversed.
// sort, uniq and shuf print its lines in an order only known at run
// time, and a line changes what those after it do: printf 'rm -rf
// u\ncd ../..\n' > s; sort s | sh runs cd ../..; rm -rf u. Where its
// lines differ, each is judged alone beside the whole (linesAlone), as
// a copy, which a shell fed it asks for in bypassPermissions too, as
// sort <<< … | sh (filterDoc); so is tac's of options not read.
func writtenFilterDoc(c SimpleCommand, op Word, text string) fedDoc {
	n := lowerName(c)
	reversed := n == "tail" && slices.ContainsFunc(c.Args()[1:], func(w Word) bool {
		return strings.HasPrefix(w.Text, "-") && strings.Contains(w.Text, "r")
	}) // BSD's tail -r prints the lines last first
	if n == "head" || n == "tail" && !reversed {
		return fedDoc{text, true, false}
	}
	bare := c
	bare.Words = slices.DeleteFunc(slices.Clone(c.Words), func(w Word) bool { return w == op })
	if n == "tac" && len(bare.Args()) == 1 {
		return fedDoc{tacOutput(text), true, false}
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if n != "tac" && !slices.ContainsFunc(lines, func(l string) bool { return l != lines[0] }) {
		return fedDoc{text, true, false} // sort of one line, or the same
	}
	if out, ok := linesAlone(text); ok {
		return fedDoc{out, true, true}
	}
	return fedDoc{text, true, true}
}

// writtenOperandsDoc returns, for filter c (head, tail, sort, tac, uniq,
// shuf) of more operands than filterOf reads, one an option's argument
// among them (tac -s x s, sort -t , s) or files (sort s t), what the
// line wrote to those it wrote, each line judged alone beside the
// whole, as a copy, which a shell fed it asks for in every mode: their
// order, or how they are joined, is not computed. Unread, printf 'rm -rf
// ~\n' > s; sort s t | sh was allowed in bypassPermissions.
func (z *analyzer) writtenOperandsDoc(c SimpleCommand) (fedDoc, bool) {
	ops, ok := filterOperands(c)
	if !ok || len(ops) < 2 {
		return fedDoc{}, false
	}
	var b strings.Builder
	for _, w := range ops {
		if f, written := z.lastWritten(w.Text, c.Dir); written && f.known {
			b.WriteString(f.text)
			if !strings.HasSuffix(f.text, "\n") {
				b.WriteByte('\n')
			}
		}
	}
	text := b.String()
	if text == "" {
		return fedDoc{}, false
	}
	if out, ok := linesAlone(text); ok {
		return fedDoc{out, true, true}, true
	}
	return fedDoc{text, true, true}, true
}

// headTailOutput returns what head or tail c prints of in: the lines or
// bytes its count (-n, -c, -N, +N) selects; ok is false for a file, a
// count with a unit and any other option.
func headTailOutput(c SimpleCommand, in string) (string, bool) {
	count, bytes := "10", false
	args := c.Args()[1:]
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
			return "", false
		case t == "-q" || t == "-v" || t == "--quiet" || t == "--silent" || t == "--verbose" || t == "--":
		case t == "-n" || t == "-c" || t == "--lines" || t == "--bytes":
			if k++; k == len(args) || !args[k].Literal {
				return "", false
			}
			count, bytes = args[k].Text, t == "-c" || t == "--bytes"
		case strings.HasPrefix(t, "--lines=") || strings.HasPrefix(t, "--bytes="):
			_, count, _ = strings.Cut(t, "=")
			bytes = strings.HasPrefix(t, "--bytes")
		case len(t) > 2 && (strings.HasPrefix(t, "-n") || strings.HasPrefix(t, "-c")):
			count, bytes = t[2:], t[1] == 'c'
		case len(t) > 1 && t[0] == '-' && isDigits(t[1:]):
			count = t[1:] // head -1
		default:
			return "", false // a file, another option
		}
	}
	sign := ""
	if count != "" && (count[0] == '+' || count[0] == '-') {
		sign, count = count[:1], count[1:]
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 0 {
		return "", false
	}
	// Where each unit (a line, or a byte) starts, and where in ends.
	units := len(in)
	at := func(u int) int { return u }
	if !bytes {
		starts := []int{0}
		for k := 0; k < len(in)-1; k++ {
			if in[k] == '\n' {
				starts = append(starts, k+1)
			}
		}
		if in == "" {
			starts = nil
		}
		starts = append(starts, len(in))
		units = len(starts) - 1
		at = func(u int) int { return starts[u] }
	}
	lo, hi := 0, units
	switch tail := lowerName(c) == "tail"; {
	case tail && sign == "+":
		lo = min(max(n-1, 0), units)
	case tail:
		lo = max(units-n, 0)
	case sign == "-":
		hi = max(units-n, 0) // all but the last n
	default:
		hi = min(n, units)
	}
	return in[at(lo):at(hi)], true
}

// linesAlone returns, for a filter that prints some of in's lines in any
// order (sort, uniq), each of its lines as a subshell of its own, then
// in whole: the first judge each line as the program it may be, with
// none of the others before it, the last the text as written. ok is
// false where a line is no program alone (it opens a quote, a compound
// or a here-document the next closes), or in is longer than the filters
// of known text are read (maxFilterOutput).
func linesAlone(in string) (string, bool) {
	lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	if len(lines) < 2 {
		return in, true
	}
	if len(in) > maxFilterOutput {
		return "", false
	}
	var b strings.Builder
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	for _, l := range lines {
		f, err := p.Parse(strings.NewReader(l), "")
		if err != nil || strings.HasSuffix(l, `\`) || slices.ContainsFunc(f.Stmts, hasHeredoc) {
			return "", false
		}
		b.WriteString("(\n" + l + "\n)\n")
	}
	b.WriteString(in)
	return b.String(), true
}

// hasHeredoc says whether st redirects from a here-document, whose body
// is on the lines after it.
func hasHeredoc(st *syntax.Stmt) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if r, ok := n.(*syntax.Redirect); ok && (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) {
			found = true
		}
		return !found
	})
	return found
}

// foldOutput returns what fold with arguments args prints of in where
// each of its lines fits the width (-w N, -N, 80 by default) as it is,
// tabs and backspaces aside: in itself. ok is false for a line it
// breaks.
func foldOutput(args []Word, in string) (string, bool) {
	width := "80"
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
			return "", false
		case t == "-b" || t == "-s" || t == "--bytes" || t == "--spaces":
		case t == "-w" || t == "--width":
			if k++; k == len(args) {
				return "", false
			}
			width = args[k].Text
		case strings.HasPrefix(t, "--width="):
			width = t[len("--width="):]
		case len(t) > 2 && strings.HasPrefix(t, "-w"):
			width = t[2:]
		case len(t) > 1 && t[0] == '-' && isDigits(t[1:]):
			width = t[1:]
		default:
			return "", false
		}
	}
	w, err := strconv.Atoi(width)
	if err != nil || strings.ContainsAny(in, "\t\b\r") {
		return "", false
	}
	for l := range strings.SplitSeq(in, "\n") {
		if len(l) > w {
			return "", false
		}
	}
	return in, true
}

// decodedOutput returns what base64 -d, base32 -d or xxd -r -p, c,
// decode of in, blanks aside (-i, --ignore-garbage, and xxd's other
// characters, are not read). ok is false for another option, a file,
// and text that does not decode.
func decodedOutput(c SimpleCommand, in string) (string, bool) {
	decode := false
	for _, w := range c.Args()[1:] {
		t := w.Text
		switch {
		case !w.Literal:
			return "", false
		case t == "-d" || t == "--decode" || t == "-D":
			decode = true
		case lowerName(c) == "xxd" && (t == "-r" || t == "-p" || t == "-ps" || t == "-plain" || t == "-rp" || t == "-pr"):
			decode = decode || strings.Contains(t, "r")
		default:
			return "", false
		}
	}
	if lowerName(c) == "xxd" && !slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return strings.Contains(w.Text, "p") }) {
		return "", false // xxd -r of a dump's offsets and columns
	}
	if !decode {
		return "", false
	}
	s := strings.Join(strings.Fields(in), "")
	var out []byte
	var err error
	switch lowerName(c) {
	case "base64":
		out, err = base64.StdEncoding.DecodeString(s)
	case "base32":
		out, err = base32.StdEncoding.DecodeString(s)
	default:
		out, err = hex.DecodeString(s)
	}
	return string(out), err == nil
}

// pipedUnseen judges, for a reader of pipeline p that takes its program
// from the stage before it (readsFed), whose output the analysis does
// not compute (stageDoc), the texts the line knows the stages before it
// are fed (fedUnseen): echo 'rm -rf ~' | perl -pe 1 | sh, { grep .; } <
// s | sh, while read -r l; do echo "$l"; done < s | sh, curl -s x | awk
// '{print "import os; …"}' | python3.
func (z *analyzer) pipedUnseen(p Pipeline, stmts []*syntax.Stmt) {
	for k := 1; k < len(p); k++ {
		i := slices.IndexFunc(p[k], z.readsFed)
		if i < 0 {
			continue
		}
		if _, ok := z.stageDoc(p[k-1], stmts[k-1]); ok {
			continue // computed, and judged (pipedProgram, pipedFiltered)
		}
		var from []int
		for _, stage := range p[:k] {
			from = append(from, stage...)
		}
		r := p[k][i]
		text, beside := z.printedBeside(r, p[k-1], stmts[k-1])
		if len(beside) > 0 {
			z.fedCopy(r, text, z.a.Commands[r].Name()+" input")
		}
		z.fedUnseen(r, from, beside)
	}
}

// printedBeside returns what the printers that end stage, a group walked
// from statement st, print straight to interpreter i after text from
// outside, and which they are: { cat a.py; echo 'main()'; } | python3.
// An interpreter compiles all it reads before it runs any, so that text
// ends its program as written, and is judged as such in full
// (pipedUnseen), where a shell or a container's, which runs each line as
// it reads it, may be made by the lines before to read what follows as
// data and remake it (fedUnseen). Printers with outside text between
// them are not read: the text between may join theirs.
func (z *analyzer) printedBeside(i int, stage []int, st *syntax.Stmt) (string, []int) {
	if _, _, stdin := inlineProgram(z.a.Commands[i]); !stdin || st == nil || st.Negated || len(st.Redirs) > 0 {
		return "", nil
	}
	body := groupStmts(st)
	if len(body) != len(stage) {
		return "", nil // a substitution's commands, a pipe inside
	}
	m := len(body)
	for m > 1 {
		if _, known, printer := z.fedText(stage[m-1]); !printer || !known {
			break
		}
		m--
	}
	if _, _, printer := z.fedText(stage[m-1]); printer || m == len(body) {
		return "", nil // printers all, or one whose text is not known
	}
	text, ok := z.printersText(body[m:], stage[m])
	if !ok {
		return "", nil
	}
	return text, stage[m:]
}

// substUnseen is pipedUnseen for shell command i that reads its program
// from the process substitution whose commands start at start, where
// the analysis does not compute what they print (fedProgram), up to
// end: sh <(perl -pe 1 s).
func (z *analyzer) substUnseen(i, start, end int) {
	if end == start {
		return
	}
	if _, known, printer := z.fedText(start); end == start+1 && known && printer {
		return
	}
	z.fedUnseen(i, indexRange(start, end), nil)
}

// readsFed says whether command i reads a program on its input whose
// text fedUnseen judges (fedKnown): a shell or an interpreter
// (readsCode), or a container's shell (containerStdinShell). Each may
// run whatever a program not computed makes of the line's own text:
// curl -s x | awk '{print "rm -rf ~"}' | docker run -i alpine sh.
func (z *analyzer) readsFed(i int) bool {
	c := z.a.Commands[i]
	return z.readsCode(i) || !c.OpenArgs && !c.Nested && containerStdinShell(c) >= 0
}

// noteFedDoc records in fedDocs the text of the here-string or the
// here-document command i reads, where it is known (fedUnseen).
func (z *analyzer) noteFedDoc(i int, rs []*syntax.Redirect) {
	feed, doc := fdDoc(rs, 0)
	if feed != feedDoc {
		return
	}
	if text, known := z.docProgram(doc); known {
		if z.fedDocs == nil {
			z.fedDocs = map[int]string{}
		}
		z.fedDocs[i] = text
	}
}

// fedUnseen: command i reads its program from commands from (a
// pipeline's stages before it, a process substitution's), what they
// print not computed (perl -pe 1, dd, a loop, python3 -c). What the line
// knows they read, where it may be the program (an echo's or a printf's
// text, a here-string, what a filter of known text prints, and any file
// the line wrote of a known text, which any of them may read by a name
// not read: dd if=s, python3 -c 'open("s")'), is judged as the program,
// deny-only, a deny asked for (DenyAsks): the program may change the
// text, but bypassPermissions allowed echo 'rm -rf ~' | perl -pe 1 |
// sh, and harmless text (echo hi) keeps the line's answer. Each text is
// judged as i's program, a shell's, an interpreter's or a container's
// shell's (fedKnown); printers beside text from outside (printedBeside)
// are judged by pipedUnseen, and left out.
func (z *analyzer) fedUnseen(i int, from, beside []int) {
	var texts []string
	add := func(t string) {
		if strings.TrimSpace(t) != "" && !slices.Contains(texts, t) {
			texts = append(texts, t)
		}
	}
	for _, j := range from {
		if slices.Contains(beside, j) {
			continue
		}
		if t, known, printer := z.fedText(j); printer && known {
			add(t)
		}
		if d, ok := z.catDocs[j]; ok && d.known {
			add(d.text)
		}
		add(z.fedDocs[j])
	}
	for _, f := range z.written {
		if f.known {
			add(f.text)
		}
	}
	what := z.a.Commands[i].Name() + " input"
	for _, t := range texts {
		z.denyOnly(func() { z.fedCopy(i, t, what) }, true)
	}
	for _, j := range from {
		// curl -s x | sed 's/.*/rm -rf ~/' | sh: what the program
		// prints of its own, whatever it reads, denied as sed -i's
		// text is (sedEdited).
		if t, _ := z.filterOwnText(z.a.Commands[j]); strings.TrimSpace(t) != "" {
			z.denyOnly(func() { z.fedCopy(i, t, what) }, false)
		}
	}
	for _, j := range from {
		if why := z.ownText(j); why != "" && !slices.Contains(beside, j) {
			z.complexOnce(fmt.Sprintf("%s runs a program made of %s (%s), which the analysis does not compute",
				z.a.Commands[i].Name(), why, shorten(z.a.Commands[j].Text)))
			return
		}
	}
}

// ownText says what of the line's own text command j, one of the
// commands a shell reads its program from through a program whose
// output is not computed (fedUnseen), prints or takes, "" for none: its code
// (perl -pe …, python3 -c …), which may print anything; an awk or sed
// program that prints text of its own (filterOwnText); text written out
// (an echo's or a printf's, a here-string, a filter's of known text);
// a file the line wrote, by an operand (dd if=s too) or a redirection.
// Such text may be made any program: printf 'echo hi\n' | perl -pe
// 's/.*/rm -rf ~/' | sh. Text from outside (curl x | sh) is not the
// line's, and keeps its answer.
func (z *analyzer) ownText(j int) string {
	c := z.a.Commands[j]
	if lang, code, stdin := inlineProgram(c); lang != langNone && lang != langAwk && (len(code) > 0 || stdin && z.fedDocs[j] != "") {
		return "what " + c.Name() + "'s code prints"
	}
	if _, own := z.filterOwnText(c); own {
		return "what " + c.Name() + "'s program prints of its own"
	}
	if _, known, printer := z.fedText(j); printer && known || z.fedDocs[j] != "" {
		return "text the line writes out"
	}
	if d, ok := z.catDocs[j]; ok && d.known {
		return "text the line writes out"
	}
	if len(z.written) == 0 {
		return ""
	}
	for _, r := range c.Redirects {
		if r.Read && r.Target.Literal {
			if _, ok := z.lastWritten(r.Target.Text, c.Dir); ok {
				return "a file the line wrote"
			}
		}
	}
	args := c.Args()
	if len(args) < 2 || lowerName(c) == "tee" {
		return "" // a group's redirection; tee's operands are written
	}
	for _, w := range args[1:] {
		name := w.Text
		if _, v, ok := strings.Cut(name, "="); ok {
			name = v // dd if=s
		}
		if w.Literal && name != "" && !strings.HasPrefix(name, "-") {
			if _, ok := z.lastWritten(name, c.Dir); ok {
				return "a file the line wrote"
			}
		}
	}
	return ""
}
