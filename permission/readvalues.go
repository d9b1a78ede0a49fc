package permission

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Values read from text written on the line, or assigned on it: read f <<< ~/.ssh/id_rsa;
// cat "$f", while read f; do rm "$f"; done <<< .git/hooks/x, echo PATH
// | while read f; …, a loop fed by a file an echo wrote or by a
// descriptor exec holds (read -u 3) hand the variable the lines of that
// text, as xargs is handed the words of its input (xargsRunWith): each
// later command that expands it is also judged with each line in its
// place, so that the decision is the one on the path itself. A value
// assigned from words the analysis reads (f=~/.ssh/id_rsa, declare,
// export, local, a=(…), for f in WORDS) is handed on the same way.
// A value reaches the later commands of its shell and of the subshells
// started from it, and those of the functions on the line, until a
// reassignment or an unset that surely runs before them; one assigned
// in a branch reaches them beside the others, each judged.

// readCmd is a read (or mapfile) on the line: where it is, the
// descriptor it reads, the variables it sets (array: an array's
// elements, each a value of its own), and the lines it is fed, once
// known.
type readCmd struct {
	at     int
	fd     string
	names  []string
	array  bool
	fields bool // read -a: each field of a line an element
	list   bool // a=(…) of known words: its lines are all the elements
	lines  []Word
	fed    bool
	// scope, cond and fn are the shell, the part of the line and the
	// function the variables are set in (SimpleCommand.Shell, Cond,
	// Func); replaces: an assignment or an unset, which surely replaces
	// the values set before it (a read may not: read -t 0 f sets none).
	scope, cond int32
	fn          string
	replaces    bool
	// loop: a for loop's variable, whose words expand once command at
	// (the one before the loop) ran.
	loop bool
}

// assignedVal is a variable an assignment sets and the values it is
// given: one, or an array's elements.
type assignedVal struct {
	name   string
	values []Word
	add    bool // a+=…, a[0]=…: the values before it stay
	list   bool // a=(…): every element a value read, in order
	data   bool // a value is data the analysis cannot read (arithData)
	// subst is the source text of the command substitution that is the
	// whole value (p=$(…), p="$(…)"): what it prints, where the line
	// writes it out, is a value too (noteSubstAssigns).
	subst string
	// src is the source text of a value that holds a command
	// substitution beside other text (p=$(echo .git)/hooks): with what
	// the substitution prints in its place, a value too (noteSubstAssigns).
	src string
}

// assignedVals returns the variables assigns set from values the
// analysis reads: literal words, ~ and templates ($HOME), and other
// variables, not what a substitution prints.
func (z *analyzer) assignedVals(assigns []*syntax.Assign) []assignedVal {
	var out []assignedVal
	for _, as := range assigns {
		if as.Name == nil || as.Naked {
			continue
		}
		z.noteIFS(as)
		// p=x after readonly p fails: p keeps its value (noteReadonly).
		ro := slices.Contains(z.readonlyNames, as.Name.Value)
		v := assignedVal{name: as.Name.Value, add: as.Append || as.Index != nil || ro}
		switch {
		case as.Array != nil:
			v.list = true
			for _, e := range as.Array.Elems {
				if e.Value != nil && e.Index == nil {
					v.values = append(v.values, z.word(e.Value, nil))
				} else {
					v.list = false // a=([1]=x): a place of its own
				}
			}
		case as.Value != nil:
			v.values = []Word{z.word(as.Value, nil)}
			v.subst = z.wholeSubst(as.Value)
			if v.subst == "" && !knownValue(v.values[0]) {
				v.src = z.nodeTextFull(as.Value)
			}
		}
		v.data = slices.ContainsFunc(v.values, func(w Word) bool { return !knownValue(w) }) && !numericAssign(as)
		for _, w := range v.values {
			if !w.Literal && knownValue(w) {
				// n=$1, y=$x: data where what it expands is (arithData).
				z.valueRefs = append(z.valueRefs, valueRef{v.name, w.Text})
			}
		}
		n := len(v.values)
		v.values = slices.DeleteFunc(v.values, func(w Word) bool { return !knownValue(w) })
		v.list = v.list && len(v.values) == n && !v.add
		out = append(out, v)
	}
	return out
}

// wholeSubst returns the source text of the command substitution that is
// all of w ($(…), "$(…)", `…`), "" for any other word.
func (z *analyzer) wholeSubst(w *syntax.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	part := w.Parts[0]
	if q, ok := part.(*syntax.DblQuoted); ok && len(q.Parts) == 1 {
		part = q.Parts[0]
	}
	if cs, ok := part.(*syntax.CmdSubst); ok {
		return z.nodeTextFull(cs)
	}
	return ""
}

// noteSubstAssigns records, for the variables command i assigns from a
// command substitution (vals), what the substitution prints where the
// line writes it out (known: echo or printf of literal words, a cat of
// a file the line wrote): p=$(printf %s .git/hooks); cp x "$p"/pre-commit
// writes a hook, as cp x "$(printf %s .git/hooks)"/pre-commit does, and
// so does p=$(echo .git)/hooks, the substitution a part of the value.
// The value stands beside the unknown one noteAssigns gave it.
//
// sourced are the substitutions that print a value the shell expands
// (echo "$p", printf %s "$d"/x: printedSource), each with the source of
// the word it prints: f=$(echo "$p") is given what f="$p" is.
func (z *analyzer) noteSubstAssigns(i int, vals []assignedVal, known, sourced []printedSubst) {
	c := z.a.Commands[i]
	variants := append([][]printedSubst{known}, lineVariants(known)...)
	for _, v := range vals {
		for _, known := range variants {
			if w, ok := withPrinted(v.src, known); ok && v.src != "" {
				// p=$(echo .git)/hooks: the word with what it prints.
				z.reads = append(z.reads, readCmd{at: i, names: []string{v.name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func,
					fed: true, replaces: !v.add, lines: []Word{homeValue(w)}})
			}
			for _, k := range known {
				if v.subst == "" || k.src != v.subst || strings.ContainsAny(k.text, "\n*?[") {
					continue
				}
				z.reads = append(z.reads, readCmd{at: i, names: []string{v.name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func,
					fed: true, replaces: !v.add, lines: []Word{homeValue(Word{Text: k.text, Literal: true})}})
			}
		}
		for _, k := range sourced {
			if v.subst != "" && k.src == v.subst {
				z.reads = append(z.reads, readCmd{at: i, names: []string{v.name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func,
					fed: true, replaces: !v.add, lines: []Word{{Text: k.text}}})
			}
		}
		if w, ok := withSourced(v.src, sourced); ok {
			// p=$(printf %s "$d")/config: what p="$d"/config is.
			z.reads = append(z.reads, readCmd{at: i, names: []string{v.name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func,
				fed: true, replaces: !v.add, lines: []Word{w}})
		}
	}
}

// maxSubstLines bounds the lines of a command's substitutions' output
// that lineVariants hands on one by one, and so the copies it adds.
const maxSubstLines = 8

// lineVariants returns, for each substitution among known that prints
// a few lines, known with that one printing each line alone: p=$(printf
// 'a\n.git/config\n' | tail -1) is judged as if p were each line tail
// is fed, as the analysis takes head and tail to print all of it. A
// value of more lines than one is a name no path rule meets, so these
// copies only add to what is judged.
func lineVariants(known []printedSubst) [][]printedSubst {
	var out [][]printedSubst
	for k, p := range known {
		n := strings.Count(p.text, "\n")
		if n == 0 || n >= maxSubstLines {
			continue
		}
		for l := range strings.SplitSeq(p.text, "\n") {
			if len(out) == maxSubstLines {
				return out
			}
			if l != "" {
				v := slices.Clone(known)
				v[k].text = l
				out = append(out, v)
			}
		}
	}
	return out
}

// withSourced returns the source of the value whose source text is t
// with each substitution among sourced in it replaced by the source of
// the word it prints: $(echo "$d")/hooks is "$d"/hooks. ok is false
// where none of t is among them, or where another substitution is left.
func withSourced(t string, sourced []printedSubst) (Word, bool) {
	s := t
	for _, k := range sourced {
		s = strings.ReplaceAll(s, k.src, k.text)
	}
	if t == "" || s == t || strings.Contains(s, "$(") || strings.ContainsRune(s, '`') {
		return Word{}, false
	}
	return Word{Text: s}, true
}

// printedSource returns, for an echo or printf of words the analysis
// reads of which some the shell expands (echo "$p", printf %s "$d/x"),
// the source of the word it prints: the words joined by a space, an
// echo's without options, or printf's format of %s with each argument
// in its place (printfSource).
func printedSource(c SimpleCommand) (Word, bool) {
	args := c.Args()
	if len(args) < 2 || slices.ContainsFunc(args, func(w Word) bool { return !knownValue(w) || !w.Literal && unquotedGlob(w.Text) }) {
		return Word{}, false
	}
	switch lowerName(c) {
	case "echo":
		var b strings.Builder
		for k, w := range args[1:] {
			if strings.HasPrefix(looseText(w.Text), "-") || strings.HasPrefix(w.Text, "~") {
				return Word{}, false // an option, or one only known at run time
			}
			if k > 0 {
				b.WriteString(`" "`)
			}
			b.WriteString(quoteFor(w, false))
		}
		return Word{Text: b.String()}, true
	case "printf":
		return printfSource(args[1:])
	}
	return Word{}, false
}

// knownValue says whether the analysis can read value w, as the shell
// assigns it: ~ at its start is the home directory, even quoted later.
func knownValue(w Word) bool {
	return w.Literal || !strings.Contains(w.Text, "$(") && !strings.ContainsRune(w.Text, '`')
}

// homeValue returns value w with a leading ~ written as $HOME: in
// "$f", where the value stands, a ~ is not expanded again, and inline
// code (python3 -c "open('$f')") takes a ~ as a name of its own. A
// literal value is rewritten when the rest of it needs no quotes.
func homeValue(w Word) Word {
	if w.Text != "~" && !strings.HasPrefix(w.Text, "~/") {
		return w
	}
	if w.Literal && strings.ContainsFunc(w.Text[1:], func(r rune) bool { return !isPlainPathRune(r) }) {
		return w
	}
	return Word{Text: "$HOME" + w.Text[1:]}
}

// isPlainPathRune says whether r stands for itself in a path written
// unquoted or inside double quotes.
func isPlainPathRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+,@%:=", r)
}

// noteAssigns records the variables command i assigns, as reads fed
// the values.
func (z *analyzer) noteAssigns(i int, vals []assignedVal) {
	c := z.a.Commands[i]
	for _, v := range vals {
		if v.data {
			z.noteData(v.name)
		}
		r := readCmd{at: i, names: []string{v.name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func, fed: len(v.values) > 0, replaces: !v.add, list: v.list}
		for _, w := range v.values {
			r.lines = append(r.lines, homeValue(w))
		}
		if v.add && !r.fed {
			continue
		}
		z.reads = append(z.reads, r)
	}
}

// noteLoopVar records the variable of a for loop over words, whose
// body's commands come after index at, given each word in turn; a word
// that is all a substitution whose output is known (for f in $(echo .GIT
// | tr A-Z a-z)) each word of that output, beside it.
func (z *analyzer) noteLoopVar(l syntax.Loop, at int, known []printedSubst) {
	wi, ok := l.(*syntax.WordIter)
	if !ok {
		return
	}
	r := readCmd{at: at, names: []string{wi.Name.Value}, array: true, scope: z.scope, cond: z.cond, fn: z.fn, loop: true}
	if !wi.InPos.IsValid() {
		// for f; do: the positional parameters.
		r.lines = append(r.lines, Word{Text: `"$@"`})
	}
	for _, w := range wi.Items {
		r.lines = append(r.lines, z.loopSubstWords(w, known)...)
		switch v := z.word(w, nil); {
		case knownValue(v) && !hasGlob(w):
			r.lines = append(r.lines, homeValue(v))
		case knownValue(v):
			// for f in *: a file's name is data.
			r.lines = append(r.lines, homeValue(v))
			z.noteData(wi.Name.Value)
		case !numericWord(w):
			z.noteData(wi.Name.Value)
		}
	}
	r.fed = len(r.lines) > 0
	z.reads = append(z.reads, r)
}

// loopSubstWords returns the words for loops over item w, a word that is
// all a substitution among known, go over: its output split at blanks
// where unquoted (IFS is not followed where the line sets it), whole
// where quoted; none where one has a glob, a file's name only known at
// run time, or where w is another word.
func (z *analyzer) loopSubstWords(w *syntax.Word, known []printedSubst) []Word {
	src := z.wholeSubst(w)
	k := slices.IndexFunc(known, func(p printedSubst) bool { return src != "" && p.src == src })
	if k < 0 || len(z.ifs) > 0 || strings.ContainsAny(known[k].text, "*?[") {
		return nil
	}
	if _, quoted := w.Parts[0].(*syntax.DblQuoted); quoted {
		return []Word{homeValue(Word{Text: known[k].text, Literal: true})}
	}
	var ws []Word
	for _, f := range strings.Fields(known[k].text) {
		ws = append(ws, homeValue(Word{Text: f, Literal: true}))
	}
	return ws
}

// noteRead records command i when it is a read, mapfile or readarray,
// with the lines of the here-string, here-document or file the line
// wrote that feeds it itself, if any.
func (z *analyzer) noteRead(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	r := readCmd{at: i, fd: "0", scope: c.Shell, cond: c.Cond, fn: c.Func}
	values := "adeinNptu" // read's options that take a value
	switch lowerName(c) {
	case "unset":
		for _, w := range c.Args()[1:] {
			switch {
			case !w.Literal:
			case strings.HasPrefix(w.Text, "-") && strings.ContainsAny(w.Text, "fn"):
				return // unset -f f: a function, unset -n: a nameref
			case !strings.HasPrefix(w.Text, "-"):
				r.names = append(r.names, w.Text)
			}
		}
		r.replaces = true
		z.reads = append(z.reads, r)
		return
	case "printf":
		z.notePrintfV(i)
		return
	case "set":
		z.noteSetArgs(i)
		return
	case "read":
	case "mapfile", "readarray":
		values, r.array = "dnOsuCc", true
	default:
		return
	}
	args := c.Args()
	plain := lowerName(c) == "read" && len(c.Assigns) == 0 // read -r d: no option but -r
	for k := 1; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
			return // a name only known at run time
		case t == "--":
		case len(t) > 1 && t[0] == '-':
			plain = plain && t == "-r"
			opt, v := optValue(t, values)
			if opt != 0 && v == "" {
				if k++; k >= len(args) {
					return
				}
				v = args[k].Text
			}
			switch {
			case opt == 'u':
				r.fd = namedFD(v)
			case opt == 'a' && !r.array:
				r.names, r.array, r.fields = []string{v}, true, true // read -a ARR
			}
		default:
			r.names = append(r.names, t)
		}
	}
	if r.array && len(r.names) > 1 {
		// read -a ARR sets ARR alone, and mapfile its first name (mapfile
		// a b sets a): one value a line, for one name (values).
		r.names = r.names[:1]
	}
	if r.array && !r.fields && len(r.names) == 0 {
		r.names = []string{"MAPFILE"}
	}
	if len(r.names) == 0 {
		return
	}
	r.lines, r.fed = z.fedLines(rs, r.fd, c.Dir, i)
	if !r.fed {
		z.noteData(r.names...)
	}
	// read -r d <<< 'rm -rf ~' surely gives d its one line: no option
	// that reads less or elsewhere, one name to take it all, nothing
	// the default IFS would trim or a backslash escape, no IFS of the
	// line's (noteIFS) to trim a last delimiter (IFS=: read d <<< a:
	// sets a), and no readonly d it would fail on, as an assignment
	// does (assignedVals).
	r.replaces = plain && len(r.names) == 1 && len(r.lines) == 1 && r.lines[0].Literal &&
		r.lines[0].Text == strings.TrimSpace(r.lines[0].Text) && !strings.Contains(r.lines[0].Text, `\`) &&
		len(z.ifs) == 0 && !slices.Contains(z.readonlyNames, r.names[0])
	z.reads = append(z.reads, r)
}

// optValue returns, for an option word, its first option letter among
// values (those that take a value: -u 3, -u3, -ru 3) and the value
// attached to it, "" when it is the next word; 0 when none is there.
func optValue(t, values string) (byte, string) {
	for k := 1; k < len(t); k++ {
		if strings.IndexByte(values, t[k]) >= 0 {
			return t[k], t[k+1:]
		}
	}
	return 0, ""
}

// fedLines returns the lines of what feeds descriptor fd among
// redirections rs of command at when that is text written on the line: a
// here-string or here-document (its source lines where the shell expands
// them), a file the line wrote with an echo, a printf or a cat of one,
// or a process substitution of one of those (< <(echo …)).
func (z *analyzer) fedLines(rs []*syntax.Redirect, fd, dir string, at int) ([]Word, bool) {
	if _, err := strconv.Atoi(fd); err != nil && !strings.HasPrefix(fd, "{") {
		return nil, false
	}
	switch feed, r := fdFeedOf(rs, fd); {
	case feed == feedDoc && r != nil:
		if text, literal := z.docProgram(r); literal {
			return textLines(text, true), true
		}
		if r.Op == syntax.WordHdoc {
			w := z.word(r.Word, nil)
			if v, ok := withPrinted(w.Text, z.printed); ok && at == z.printedAt {
				// read p <<< "$(echo .GIT | tr A-Z a-z)": what it
				// prints, beside the word.
				return []Word{w, v}, true
			}
			return []Word{w}, true
		}
		return textLines(z.nodeTextFull(r.Hdoc), false), true
	case feed == feedFile && r != nil:
		if f, ok := z.lastWritten(r.Word.Lit(), dir); ok && f.known {
			return textLines(f.text, true), true
		}
	case feed == feedOther && r != nil:
		if text, _, ok := z.procFedText(at, r); ok {
			return textLines(text, true), true
		}
	}
	return nil, false
}

// procFedText returns what the process substitution of redirection r
// (< <(…)) feeds command at where the line writes that out: its one
// command's output, or its pipeline's last stage's (mapfile -t a <
// <(echo .GIT | tr A-Z a-z)), copy where that is a copy's (fedDoc).
func (z *analyzer) procFedText(at int, r *syntax.Redirect) (text string, copy, ok bool) {
	p := inputSubst(r.Word)
	if r.Op != syntax.RdrIn || p == nil {
		return "", false, false
	}
	switch in := z.fedBy(at); {
	case len(in) == 1:
		text, ok, _ = z.fedText(in[0])
		return text, false, ok
	case len(in) > 1 && pipedSubst(subst{stmts: p.Stmts}) && z.lastStage == in[len(in)-1]:
		d, ok := z.catDocs[z.lastStage]
		return d.text, d.copy, ok && d.known
	}
	return "", false, false
}

// textLines returns the lines of text that are not blank, as words
// written out (literal) or as the shell's source, quoted as one word.
func textLines(text string, literal bool) []Word {
	var ws []Word
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if literal || !strings.ContainsAny(l, "$`\\\"'") {
			ws = append(ws, Word{Text: l, Literal: true})
		} else {
			ws = append(ws, Word{Text: l})
		}
	}
	return ws
}

// feedReads hands the reads among commands body (a loop's, or a
// pipeline stage's) that nothing of their own feeds the lines the
// compound's redirections rs, or a printer's text, give their
// descriptor.
func (z *analyzer) feedReads(body []int, lines func(fd string) ([]Word, bool)) {
	if len(body) == 0 {
		return
	}
	for k := range z.reads {
		r := &z.reads[k]
		if r.fed || r.at < body[0] || r.at > body[len(body)-1] {
			continue
		}
		r.lines, r.fed = lines(r.fd)
	}
}

// noteFedLoop: the compound command whose commands run from index from
// to at, with redirections rs, feeds the reads in it that read a
// descriptor rs redirects.
func (z *analyzer) noteFedLoop(from, at int, rs []*syntax.Redirect) {
	if len(z.reads) == 0 || at <= from {
		return
	}
	dir := z.a.Commands[min(at, len(z.a.Commands)-1)].Dir
	z.feedReads(indexRange(from, at), func(fd string) ([]Word, bool) { return z.fedLines(rs, fd, dir, at) })
}

// pipedReads: a pipeline's stage that is one echo, printf or cat of a
// here-document feeds the reads of the other stages (echo PATH | while
// read f; do …; done).
func (z *analyzer) pipedReads(p Pipeline) {
	if len(z.reads) == 0 {
		return
	}
	// Each stage's lines are read once, and only for a read that takes
	// them: a long pipeline of filters of a long known text (echo aaa… |
	// tr a b | tr a b …) is not read again for each stage it may feed,
	// nor at all where no stage reads.
	texts, fed, feeds := make([]string, len(p)), make([][]Word, len(p)), make([]bool, len(p))
	copied := make([]bool, len(p)) // fed by a copy's lines alone
	for k, src := range p {
		if len(src) != 1 {
			continue
		}
		text, known, printer := z.fedText(src[0])
		if w, ok := printedSource(z.a.Commands[src[0]]); printer && !known && ok {
			// echo "$p" | while read f: f is given what f="$p" is.
			fed[k], known = []Word{w}, true
		} else if d, ok := z.catDocs[src[0]]; ok && d.copy && d.known {
			// d=.GIT; echo "$d" | tr A-Z a-z | while read f: a copy's
			// lines, values beside the others.
			text, known, printer = d.text, true, true
			copied[k] = true
		}
		texts[k], feeds[k] = text, printer && known
	}
	linesOf := func(k int) []Word {
		if fed[k] == nil {
			fed[k] = textLines(texts[k], true)
		}
		return fed[k]
	}
	for k, stage := range p {
		var lines []Word
		made := false
		z.feedReads(stage, func(fd string) ([]Word, bool) {
			if !made {
				// What the stage before it prints (echo .GIT | tr A-Z
				// a-z | while read f: .git), and, as before, what the
				// first other stage that prints a known text prints.
				made = true
				if k > 0 && feeds[k-1] {
					lines = linesOf(k - 1)
				}
				for k2 := range feeds {
					if k2 != k && feeds[k2] && !copied[k2] {
						if k2 != k-1 {
							lines = append(slices.Clip(lines), linesOf(k2)...)
						}
						break
					}
				}
			}
			return lines, fd == "0" && len(lines) > 0
		})
	}
}

// readValues judges each later command that expands a variable a read
// set from lines written on the line with each line in its place.
func (z *analyzer) readValues() {
	z.refValues()
	pairs := 0
	// The latest first: a value that names another variable
	// (f=$g/id_rsa) is in place before g's value is handed on. A copy
	// may note values of its own (the sh -c a find's copy runs on a
	// protected path: findTargetCopies), handed on in turn.
	for from := 0; from < len(z.reads); {
		order := slices.DeleteFunc(z.readOrder(), func(ri int) bool { return ri < from })
		from = len(z.reads)
		if rest := z.handOn(order, &pairs); rest != nil {
			z.handOnRest(rest)
			break
		}
	}
	z.codeRest()
}

// codeRest reads, past maxRunWith, the inline code of the copies
// copiedCode left unread (codeLeft), the earliest on the line first,
// within maxRunWith more: the copies of values set later on the line,
// read first, used the bound up, so that d=/; python3 -c
// "shutil.rmtree('$d')" then forty e=x; python3 -c "print($e)" was
// asked for, not denied.
func (z *analyzer) codeRest() {
	if len(z.codeLeft) == 0 {
		return
	}
	slices.SortStableFunc(z.codeLeft, func(a, b int) int { return z.copied[a].at - z.copied[b].at })
	z.codeCopies = 0
	for _, at := range z.codeLeft {
		if !z.copiedCode(z.a.Commands[at]) {
			return
		}
	}
}

// handOnRest hands on, once maxValueCopies is used up, the values of
// rest, the reads handOn had not handed on all of, the earliest on the
// line first, within maxValueCopies more (the code of the copies read
// within maxRunWith more, codeRest): the copies made
// for values set later on the line (handed on first) used the bound up,
// so that d=~; rm -rf "$d" then three hundred e=x; echo "$e" was asked
// for, as too complex, not denied. A flood of copies before such a value
// and after it still leaves it out: the line is too complex. The copies
// have as many bytes again (maxCopiedBytes) as well: a flood of long
// values spends them before maxValueCopies.
func (z *analyzer) handOnRest(rest []int) {
	slices.Sort(rest)
	pairs := 0
	z.copiedBytes = 0
	z.handOn(rest, &pairs)
}

// handOn hands the values of the reads order names on, in that order,
// counting the copies it makes in pairs; past maxValueCopies it stops,
// and returns the reads of order from the one it stopped at on.
func (z *analyzer) handOn(order []int, pairs *int) (rest []int) {
	for x, ri := range order {
		r := z.reads[ri]
		if !r.fed {
			continue
		}
		lo, hi := z.reachWindow(r)
		for _, values := range r.values(z.ifs) {
			for k := z.nextExpanding(r.names, 0, lo, hi); k < len(z.a.Commands); k = z.nextExpanding(r.names, k+1, lo, hi) {
				c := z.a.Commands[k]
				if !expandsAnyOf(c, r.names) || !z.reaches(ri, k) || z.copied[k].by == ri+1 {
					// f="$f:x": the value put there is f's before.
					continue
				}
				if *pairs++; *pairs > maxValueCopies {
					z.complexOnce("values read or assigned on the line are handed to more commands than the analysis follows")
					return slices.Clone(order[x:])
				}
				if !z.copyFits(copySize(c, values)) {
					continue
				}
				n, when := c, z.pointOf(k)
				if slices.ContainsFunc(values, func(w Word) bool { return !w.Literal }) {
					// f=$g/id_rsa: g is expanded where f is set.
					when = point{at: r.at, scope: r.scope, cond: r.cond, fn: r.fn, past: r.loop}
				}
				when.by = ri + 1
				n.Words = make([]Word, len(c.Words))
				for j, w := range c.Words {
					n.Words[j] = w
					for v, name := range r.names {
						if !w.Literal && expandsValue(n.Words[j].Text, name) {
							n.Words[j] = sourceWord(substVar(n.Words[j].Text, name, values[v]))
						}
					}
				}
				n.Redirects = slices.Clone(c.Redirects)
				for j, rd := range n.Redirects {
					for v, name := range r.names {
						if !rd.Target.Literal && expandsValue(rd.Target.Text, name) {
							n.Redirects[j].Target = Word{Text: substVar(n.Redirects[j].Target.Text, name, values[v])}
						}
					}
				}
				n.Text = joinWords(n.Words)
				if z.copied == nil {
					z.copied = map[int]point{}
				}
				at := len(z.a.Commands)
				z.copied[at] = when
				z.a.Commands = append(z.a.Commands, n)
				if !z.copiedCode(n) {
					z.codeLeft = append(z.codeLeft, at)
				}
				z.runsWritten(at) // f=s.sh; . "$f"
				if n.Name() == "find" {
					// n=pre-commit; find . -name "$n" -exec cp x {} \;
					z.followCopy(at)
				}
			}
		}
	}
	return nil
}

// arrayCopies adds, beside each command with a word that is all of
// "${a[@]}" or ${a[@]}, its copy with a's elements written in its place,
// a word each, where a is set once on the line, by a=(…) of words the
// analysis knows, before the command: a=(rm -rf ~); "${a[@]}" runs rm
// -rf ~. handOn hands on each element alone, which reads no command
// name. An array set more than once, added to, read or looped over
// keeps the decision of the command as written, which is judged still.
// The copies count against maxValueCopies and maxCopiedBytes, a budget
// of their own: readValues hands on values after them, and arrays run
// only to spend the bound are not to leave it none, so that d=~; rm -rf
// "$d" is denied after them as before them.
func (z *analyzer) arrayCopies() {
	defer func(spent int) { z.copiedBytes = spent }(z.copiedBytes)
	sets := map[string][]int{}
	for ri, r := range z.reads {
		for _, n := range r.names {
			sets[n] = append(sets[n], ri)
		}
	}
	made, end := 0, len(z.a.Commands)
	for k := 0; k < end; k++ {
		c := z.a.Commands[k]
		for j, w := range c.Words {
			name, ok := arrayWord(w)
			if !ok || len(sets[name]) != 1 {
				continue
			}
			ri := sets[name][0]
			if r := z.reads[ri]; !r.list || !r.fed || r.loop || !z.reaches(ri, k) {
				continue
			}
			if made++; made > maxValueCopies {
				z.complexOnce("arrays on the line are expanded in more commands than the analysis follows")
				return
			}
			ws := slices.Concat(c.Words[:j], z.reads[ri].lines, c.Words[j+1:])
			if !z.copyFits(len(joinWords(ws))) {
				continue
			}
			z.arrayCopy(k, ws)
			break
		}
	}
}

// arrayCopy adds the copy of command k with words ws, made again as a
// command written with them is (finish), where and when k runs.
func (z *analyzer) arrayCopy(k int, ws []Word) {
	c := z.a.Commands[k]
	dir, scope, cond, fn := z.dir, z.scope, z.cond, z.fn
	if z.dir, z.scope, z.cond, z.fn = c.Dir, c.Shell, c.Cond, c.Func; c.Dirs != nil {
		z.dir = dirSetOf(slices.Clone(c.Dirs))
	}
	at := len(z.a.Commands)
	z.finish(SimpleCommand{Text: joinWords(ws), Words: ws, Redirects: c.Redirects, Func: c.Func, Async: c.Async, Piped: c.Piped}, nil, nil, nil)
	if z.copied == nil {
		z.copied = map[int]point{}
	}
	for i := at; i < len(z.a.Commands); i++ {
		z.copied[i] = z.pointOf(k)
	}
	z.dir, z.scope, z.cond, z.fn = dir, scope, cond, fn
}

// arrayWord returns the name of the array whose elements word w is,
// all of it: "${a[@]}", ${a[@]} or ${a[*]}.
func arrayWord(w Word) (string, bool) {
	if w.Literal {
		return "", false
	}
	t := strings.TrimSuffix(strings.TrimPrefix(w.Text, `"`), `"`)
	if len(t) != len(w.Text) && len(t) != len(w.Text)-2 {
		return "", false // one quote alone
	}
	name, braced := strings.CutPrefix(t, "${")
	if n, all := strings.CutSuffix(name, "[*]}"); all && len(t) == len(w.Text) {
		name = n + "[@]}" // unquoted, split as "${a[@]}" is
	}
	name, all := strings.CutSuffix(name, "[@]}")
	return name, braced && all && isName(name)
}

// readOrder returns the indices of z.reads in the order readValues hands
// their values on: the latest first, but those of a variable a command
// expands by indirection (${!q}) before all others, whatever their
// place: q=p; p=.git/config; echo x >> ${!q} puts ${p} where ${!q}
// stands, which p's value, set later than q's, is then handed on to.
func (z *analyzer) readOrder() []int {
	pointers := map[string]bool{}
	for _, c := range z.a.Commands {
		for t := c.Text; ; {
			_, after, ok := strings.Cut(t, "${!")
			if !ok {
				break
			}
			end := 0
			for end < len(after) && isNameByte(after[end]) {
				end++
			}
			pointers[after[:end]] = true
			t = after
		}
	}
	order := make([]int, 0, len(z.reads))
	for _, first := range []bool{true, false} {
		for ri := len(z.reads) - 1; ri >= 0; ri-- {
			if slices.ContainsFunc(z.reads[ri].names, func(n string) bool { return pointers[n] }) == first {
				order = append(order, ri)
			}
		}
	}
	return order
}

// refValues hands each value a variable is given to the nameref that
// names it, and each one a nameref is given to the variable it names:
// p=.git/config; declare -n r=p; echo x >> "$r" writes the config, as
// declare -n r=p; r=.git/config; echo x >> "$p" does. The copies replace
// nothing, as a nameref declared on the line may not be one where the
// value is set.
//
// Each pair looks up the reads of its two names only, and the copies
// are at most maxRefCopies, values handOn hands on in turn: a line of
// thousands of namerefs of one variable (declare -n r=p; …), each pair
// read against each read and matching each, took their product, and
// 4 s at 16 kB.
func (z *analyzer) refValues() {
	if len(z.refPairs) == 0 {
		return
	}
	byName := map[string][]int{}
	for k, r := range z.reads {
		if r.fed && len(r.names) == 1 { // read a b: the names split the line between them
			byName[r.names[0]] = append(byName[r.names[0]], k)
		}
	}
	made := 0
	for _, pair := range z.refPairs {
		ks := slices.Concat(byName[pair[1]], byName[pair[0]])
		slices.Sort(ks)
		for _, k := range slices.Compact(ks) {
			if made++; made > maxRefCopies {
				z.complexOnce("namerefs on the line hand on more values than the analysis follows")
				return
			}
			r := z.reads[k]
			for _, alias := range [][2]string{pair, {pair[1], pair[0]}} {
				if r.names[0] == alias[1] {
					r.names = []string{alias[0]}
					r.replaces = false
					z.reads = append(z.reads, r)
					break
				}
			}
		}
	}
}

// maxRefCopies bounds the copies refValues makes of values handed
// through namerefs. It is not maxValueCopies, which bounds the copies of
// commands: each copy of a value is a read, handed on as each read is,
// in the time of a lookup where it reaches no command, and past it the
// copies of the latest values are left out. At maxValueCopies, p=x; …
// 300 times; declare -n r=p; p=~; rm -rf "$r" was asked for (too
// complex), where ~ was handed to rm and denied before copies were
// bounded.
const maxRefCopies = 1 << 14

// sourceWord returns the word whose source text is t: literal where t
// holds no expansion, its quotes removed, so that what matches a
// command's literal words matches it (c=token; gh auth $c prints the
// token, as gh auth token does).
func sourceWord(t string) Word {
	var b strings.Builder
	dq := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			end := strings.IndexByte(t[i+1:], '\'')
			if end < 0 {
				return Word{Text: t}
			}
			b.WriteString(t[i+1 : i+1+end])
			i += end + 1
		case c == '\\' && i+1 < len(t):
			i++
			if dq && !strings.ContainsRune("$`\"\\", rune(t[i])) {
				b.WriteByte('\\')
			}
			if t[i] != '\n' {
				b.WriteByte(t[i])
			}
		case c == '$' || c == '`' || !dq && (strings.IndexByte("*?[{~()<>|&;", c) >= 0 || c == ' ' || c == '\t' || c == '\n'):
			return Word{Text: t}
		default:
			b.WriteByte(c)
		}
	}
	if dq {
		return Word{Text: t}
	}
	return Word{Text: b.String(), Literal: true}
}

// maxValueCopies bounds the copies readValues makes of the commands that
// expand a value the line sets: a for loop over a few hundred words
// (for i in $(seq …) is none) is followed, each copy judged as one
// command is, so that a line's cost stays linear in the copies; past it
// the line is too complex. Inline code is read in maxRunWith copies
// only (copiedCode).
const maxValueCopies = 256

// point is where on the line a command's variables are expanded: its
// index among the commands, its shell, part of the line and function.
type point struct {
	at          int
	scope, cond int32
	fn          string
	by          int // for a copy, 1 + the index in z.reads of what made it
	// past: the words expand once command at ran, not in it (for f in
	// "$p": p=x on the command before the loop reaches them).
	past bool
}

// pointOf returns where command k expands its variables: its own place,
// or for a copy readValues made, that of the command it copies, or of
// the assignment whose value put the expansions there.
func (z *analyzer) pointOf(k int) point {
	if p, ok := z.copied[k]; ok {
		return p
	}
	c := z.a.Commands[k]
	return point{at: k, scope: c.Shell, cond: c.Cond, fn: c.Func}
}

// reaches says whether the variables read or assigned by z.reads[ri]
// hold its values when command k expands them: k runs after it (or in
// a function, which runs when called), in its shell or a subshell
// started from there, and no reassignment or unset in the same shell
// and part of the line surely ran between them.
func (z *analyzer) reaches(ri, k int) bool {
	r, c := z.reads[ri], z.pointOf(k)
	return z.reachesShell(r, c) && !z.replacedBetween(r, c)
}

// reachesShell is reaches but for the reassignments between: c runs
// after r, in r's shell or a subshell started from there.
func (z *analyzer) reachesShell(r readCmd, c point) bool {
	if (c.at < r.at || c.at == r.at && !c.past) && (c.fn == "" || c.fn == r.fn) {
		return false
	}
	scope := r.scope
	for slices.Contains(z.lastPipe, scope) && int(scope) < len(z.outer) {
		scope = z.outer[scope]
	}
	return z.within(c.scope, scope)
}

// within says whether shell s is shell outer or one started from it,
// as far as that is known (yes when not).
func (z *analyzer) within(s, outer int32) bool {
	for s != outer {
		if s <= 0 || int(s) >= len(z.outer) || s > z.scopes {
			return s > z.scopes || int(s) >= len(z.outer)
		}
		s = z.outer[s]
	}
	return true
}

// sharesName says whether a and b name a variable in common.
func sharesName(a, b []string) bool {
	return slices.ContainsFunc(a, func(n string) bool { return slices.Contains(b, n) })
}

// values returns the values each of r's variables is given in turn: a
// read's fields of each line, split as read splits them; each line of a
// mapfile's, and each field of a read -a's, an element of the array.
//
// ifs are the values the line gives IFS anywhere: a line is also split
// by each (IFS=: read a b <<< "x:.git/config" sets b to .git/config), as
// a value only adds possibilities.
func (r readCmd) values(ifs []string) [][]Word {
	var out [][]Word
	for _, l := range r.lines {
		switch {
		case !r.array:
			out = append(out, splitRead(l, len(r.names), " \t"))
			if l.Literal && len(r.names) > 1 {
				for _, sep := range ifs {
					out = append(out, splitRead(l, len(r.names), sep))
				}
			}
		case r.fields && l.Literal:
			for _, sep := range append([]string{" \t\n"}, ifs...) {
				for _, f := range strings.FieldsFunc(l.Text, func(c rune) bool { return strings.ContainsRune(sep, c) }) {
					out = append(out, []Word{{Text: f, Literal: true}})
				}
			}
		default:
			out = append(out, []Word{l})
		}
	}
	return out
}

// noteIFS records the value assignment as gives IFS, when literal and
// not whitespace alone (the default's splitting).
func (z *analyzer) noteIFS(as *syntax.Assign) {
	if as.Name == nil || as.Name.Value != "IFS" || as.Value == nil || as.Array != nil {
		return
	}
	w := z.word(as.Value, nil)
	if w.Literal && strings.Trim(w.Text, " \t\n") != "" && !slices.Contains(z.ifs, w.Text) && len(z.ifs) < 4 {
		z.ifs = append(z.ifs, w.Text)
	}
}

// expandsAnyOf says whether c expands one of the variables names in an
// argument or the file of a redirection (echo x >> "$f").
func expandsAnyOf(c SimpleCommand, names []string) bool {
	for _, n := range names {
		if expandsAny(c, n) || slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return !r.Target.Literal && expandsValue(r.Target.Text, n) }) {
			return true
		}
	}
	return false
}

// splitRead splits line l among n variables as read does: a field each,
// the last taking the rest. A line that is the shell's source is one
// value, for each.
func splitRead(l Word, n int, ifs string) []Word {
	out := make([]Word, n)
	if !l.Literal {
		for k := range out {
			out[k] = l
		}
		return out
	}
	sep := func(c rune) bool { return strings.ContainsRune(ifs, c) }
	rest := l.Text
	for k := range n - 1 {
		rest = strings.TrimLeft(rest, " \t")
		f, r := rest, ""
		if at := strings.IndexFunc(rest, sep); at >= 0 {
			f, r = rest[:at], rest[at+1:]
		}
		out[k], rest = Word{Text: f, Literal: true}, r
	}
	out[n-1] = Word{Text: strings.TrimSpace(rest), Literal: true}
	return out
}

// substVar returns word source t with each expansion of variable name
// ($name, ${name}) replaced by value v: its text quoted for where it
// stands (inside double quotes or not), or the source of a value the
// shell expands.
func substVar(t, name string, v Word) string {
	return rewriteDollars(t, func(b *strings.Builder, rest string, dq bool) (int, bool) {
		braced := strings.HasPrefix(rest, "{")
		if braced {
			rest = rest[1:]
		}
		r, ok := strings.CutPrefix(rest, name)
		if ok && braced && strings.HasPrefix(r, "}") {
			b.WriteString(quoteFor(v, dq))
			return len(name) + 2, true
		}
		if ok && braced && strings.HasPrefix(r, "[") {
			// ${a[@]}, ${a[0]}: an element of the array.
			if end := strings.IndexByte(r, '}'); end > 0 && !strings.ContainsAny(r[:end], "$`") {
				b.WriteString(quoteFor(v, dq))
				return len(name) + 2 + end, true
			}
		}
		if ok && !braced && (r == "" || !isNameByte(r[0])) {
			b.WriteString(quoteFor(v, dq))
			return len(name), true
		}
		if ok && braced && r != "" && strings.IndexByte("%#/,^:-=?@", r[0]) >= 0 {
			// ${p%.bak}, ${p,,}, ${p:-x}: what the operator makes of it.
			if end := strings.IndexByte(r, '}'); end > 0 {
				if out, ok := valueOp(v, r[:end]); ok {
					b.WriteString(quoteFor(out, dq))
					return len(name) + 2 + end, true
				}
			}
		}
		if r, ok := strings.CutPrefix(rest, "!"+name); ok && braced && v.Literal && isName(v.Text) {
			// q=p; ${!q}, ${!q%x}: p's expansion, which a value
			// set for p before is handed on to (readValues).
			if end := strings.IndexByte(r, '}'); end >= 0 && (end == 0 || strings.IndexByte("%#/,^:-=?", r[0]) >= 0) {
				b.WriteString("${" + v.Text + r[:end+1])
				return len(name) + 3 + end, true
			}
		}
		return 0, false
	})
}

// rewriteDollars returns word source t with what at makes of each $ the
// shell expands there (outside single quotes, not escaped): at gets the
// text after the $ and whether it stands inside double quotes, writes
// its replacement to b and says how many bytes after the $ it took in,
// or false to keep the $ as written. substVar and positionalAll walk
// quotes so.
func rewriteDollars(t string, at func(b *strings.Builder, rest string, dq bool) (int, bool)) string {
	var b strings.Builder
	dq, sq := false, false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case sq:
			sq = c != '\''
		case c == '\\' && i+1 < len(t):
			b.WriteByte(c)
			i++
			c = t[i]
		case c == '\'' && !dq:
			sq = true
		case c == '"':
			dq = !dq
		case c == '$':
			if n, ok := at(&b, t[i+1:], dq); ok {
				i += n
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// valueOp returns what ${name OP} yields where name holds v: a default
// (${p:-x}, ${p-x}, ${p:=x}, ${p:?x}) yields v where v is set, as it is
// here (the default itself is judged where the word stands unchanged), a
// value the shell expands (v is $HOME) takes the operator on
// (${HOME%/}), and a literal one yields what paramOp makes of it.
func valueOp(v Word, op string) (Word, bool) {
	if strings.IndexByte("-=?", op[0]) >= 0 || len(op) > 1 && op[0] == ':' && strings.IndexByte("-=?", op[1]) >= 0 {
		if op[0] == ':' && v.Literal && v.Text == "" {
			return Word{}, false
		}
		return v, true
	}
	if !v.Literal {
		if ref, ok := soleRef(v.Text); ok && !strings.ContainsAny(op, "`\"") {
			return Word{Text: "${" + ref + op + "}"}, true
		}
		// p=~/.ssh/id_rsa; ${p@E}: no escape in what the analysis reads.
		return v, (op == "@E" || op == "@P") && !strings.ContainsAny(v.Text, "\\`")
	}
	if w, ok := homeReplace(v.Text, op); ok {
		return w, true
	}
	out, ok := paramOp(v.Text, op)
	return Word{Text: out, Literal: true}, ok
}

// homeReplace returns what ${name OP} yields where name holds v and OP
// replaces a pattern with a replacement that starts with ~, which bash
// expands to the home directory (p=.bashrc; ${p/#/~/} is ~/.bashrc): the
// source text of the value, $HOME in its place. A ~ before an escaped
// slash (~\/.bashrc) is taken as the home too, as some shells do. ok is
// false for any other operator, and where what is around the home is
// not a plain path.
func homeReplace(v, op string) (Word, bool) {
	if len(op) < 2 || op[0] != '/' {
		return Word{}, false
	}
	at := 1
	if strings.IndexByte("/#%", op[1]) >= 0 {
		at = 2
	}
	pat, rep, ok := strings.Cut(op[at:], "/")
	if !ok || !strings.HasPrefix(rep, "~") {
		return Word{}, false
	}
	rest := strings.ReplaceAll(rep[1:], `\/`, "/")
	if rest != "" && rest[0] != '/' {
		return Word{}, false // ~user
	}
	// A mark no plain path holds stands for the home while paramOp
	// replaces.
	const mark = "\x00"
	out, ok := paramOp(v, op[:at]+pat+"/"+mark+rest)
	if !ok || strings.ContainsFunc(out, func(r rune) bool { return r != 0 && !isPlainPathRune(r) }) {
		return Word{}, false
	}
	if !strings.Contains(out, mark) {
		return Word{Text: out, Literal: true}, true
	}
	return Word{Text: strings.ReplaceAll(out, mark, "${HOME}")}, true
}

// soleRef returns the name of the variable that is all of source text t
// ($HOME, ${HOME}).
func soleRef(t string) (string, bool) {
	t, ok := strings.CutPrefix(t, "$")
	if !ok {
		return "", false
	}
	if in, ok := strings.CutPrefix(t, "{"); ok {
		t, ok = strings.CutSuffix(in, "}")
		if !ok {
			return "", false
		}
	}
	return t, isName(t)
}

// paramOp returns what ${name OP} yields where name holds v, for the
// operators a literal argument fixes the result of: removing a suffix or
// a prefix (%, %%, #, ##), replacing (/, //, /#, /%), changing case (,,
// ^^ , ^) and taking a substring (:N, :N:M). ok is false for any other
// (a default, ${p:-x}, is not one), and for an argument with a pattern,
// a quote or an expansion in it: p=.git/config.bak; echo x >> ${p%.bak}
// writes the config, as the value written out would.
func paramOp(v, op string) (string, bool) {
	switch op {
	case "@L":
		return strings.ToLower(v), true
	case "@U":
		return strings.ToUpper(v), true
	case "@u":
		return paramOp(v, "^")
	case "@E", "@P":
		// Escapes, and a prompt's, are what the shell reads in v.
		return v, !strings.ContainsAny(v, "\\$`!")
	}
	if op != "" && (op[0] == '%' || op[0] == '#') && strings.ContainsAny(op, "*?[") {
		// ${p%/*}, ${p##*/}: a pattern.
		return trimGlob(v, op)
	}
	// A ~ in the argument is the home directory to bash (${p/x/~/.b}).
	if op == "" || strings.ContainsAny(op, "$`\"'\\*?[]{}()|!@&~") {
		return "", false
	}
	switch {
	case op == ",,":
		return strings.ToLower(v), true
	case op == "^^":
		return strings.ToUpper(v), true
	case op == "," || op == "^":
		r, n := utf8.DecodeRuneInString(v)
		if n == 0 {
			return v, true
		}
		if op == "," {
			return string(unicode.ToLower(r)) + v[n:], true
		}
		return string(unicode.ToUpper(r)) + v[n:], true
	case op[0] == '%':
		return strings.TrimSuffix(v, strings.TrimPrefix(op[1:], "%")), true
	case op[0] == '#':
		return strings.TrimPrefix(v, strings.TrimPrefix(op[1:], "#")), true
	case op[0] == '/':
		body, how := op[1:], byte(0)
		if body != "" && strings.IndexByte("/#%", body[0]) >= 0 {
			how, body = body[0], body[1:]
		}
		pat, rep, _ := strings.Cut(body, "/")
		switch {
		case pat == "" && how == '#':
			return rep + v, true // an empty pattern matches at the start
		case pat == "" && how == '%':
			return v + rep, true
		case pat == "":
			return v, true
		case how == '/':
			return strings.ReplaceAll(v, pat, rep), true
		case how == '#':
			if rest, ok := strings.CutPrefix(v, pat); ok {
				return rep + rest, true
			}
			return v, true
		case how == '%':
			if rest, ok := strings.CutSuffix(v, pat); ok {
				return rest + rep, true
			}
			return v, true
		}
		return strings.Replace(v, pat, rep, 1), true
	case op[0] == ':':
		from, n, counted := strings.Cut(op[1:], ":")
		start, err := strconv.Atoi(from)
		if err != nil || start < 0 || !isDigits(from) {
			return "", false
		}
		start = min(start, len(v))
		if !counted {
			return v[start:], true
		}
		length, err := strconv.Atoi(n)
		if err != nil || length < 0 || !isDigits(n) {
			return "", false
		}
		return v[start : start+min(length, len(v)-start)], true
	}
	return "", false
}

// trimGlob returns what ${name OP} yields where name holds v and OP
// (#, ##, %, %%) removes a prefix or suffix a glob pattern matches: the
// shortest, or with the operator twice the longest. ok is false for a
// pattern fnmatchPath does not read as bash does (an extglob, a quote,
// an expansion, [=x=], a negated class).
func trimGlob(v, op string) (string, bool) {
	suffix, long := op[0] == '%', len(op) > 1 && op[1] == op[0]
	pat := op[1:]
	if long {
		pat = op[2:]
	}
	if strings.ContainsAny(pat, "$`\"'\\{}()|!@&~^") {
		return "", false
	}
	for i := 0; i < len(pat); i++ {
		if end := globBracketEnd(pat, i); pat[i] == '[' && end > i {
			if strings.Contains(pat[i+1:end], "[=") || strings.Contains(pat[i+1:end], "[.") {
				return "", false // which fnmatchPath takes for anything
			}
			i = end
		}
	}
	if suffix {
		// The suffix of v a pattern matches is the prefix of v
		// reversed that the pattern reversed matches.
		rest, ok := trimGlobPrefix(reverseRunes(v), reverseGlob(pat), long)
		return reverseRunes(rest), ok
	}
	return trimGlobPrefix(v, pat, long)
}

// trimGlobPrefix returns v without the shortest prefix glob pattern pat
// matches, or long the longest: one match of a regular expression,
// whose time is v's length times pat's, not a match of each prefix.
func trimGlobPrefix(v, pat string, long bool) (string, bool) {
	src, ok := fnmatchRegexp(pat, !long)
	re, err := regexp.Compile("^(?:" + src + ")")
	if !ok || err != nil {
		// A pattern not read may match anything, as in fnmatchPath:
		// the empty prefix, or all of v.
		if long {
			return "", true
		}
		return v, true
	}
	if long {
		re.Longest()
	}
	m := re.FindStringIndex(v)
	if m == nil {
		return v, true
	}
	return v[m[1]:], true
}

// reverseRunes returns s with its characters in reverse order, each
// byte of one not valid UTF-8 a character.
func reverseRunes(s string) string {
	b := make([]byte, 0, len(s))
	for end := len(s); end > 0; {
		_, n := utf8.DecodeLastRuneInString(s[:end])
		b = append(b, s[end-n:end]...)
		end -= n
	}
	return string(b)
}

// reverseGlob returns glob pattern p with its parts (characters, escaped
// characters, bracket expressions, stars) in reverse order: what matches
// a string reversed.
func reverseGlob(p string) string {
	var parts []string
	for i := 0; i < len(p); {
		n := 1
		switch end := globBracketEnd(p, i); {
		case p[i] == '[' && end > i:
			n = end - i + 1
		case p[i] == '\\' && i+1 < len(p):
			_, w := utf8.DecodeRuneInString(p[i+1:])
			n = 1 + w
		default:
			_, n = utf8.DecodeRuneInString(p[i:])
		}
		parts = append(parts, p[i:i+n])
		i += n
	}
	slices.Reverse(parts)
	return strings.Join(parts, "")
}

// quoteFor returns value v as source text standing inside double quotes
// (dq) or outside them.
func quoteFor(v Word, dq bool) string {
	if !v.Literal {
		if dq && unquotedGlob(v.Text) {
			// for f in ~/.ss?/id_*; cat "$f": the names the glob
			// yields stand there, quoted or not (an array's elements
			// too); the pattern is judged as the glob it was.
			return `"` + v.Text + `"`
		}
		return v.Text
	}
	if dq {
		// A byte at a time, not a strings.Replacer built for each
		// value: a megabyte of a function's calls built one a call.
		const special = "\\\"$`"
		if !strings.ContainsAny(v.Text, special) {
			return v.Text
		}
		var b strings.Builder
		for i := range len(v.Text) {
			if strings.IndexByte(special, v.Text[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(v.Text[i])
		}
		return b.String()
	}
	return "'" + strings.ReplaceAll(v.Text, "'", `'\''`) + "'"
}

// unquotedGlob says whether source text t holds a pattern character
// outside quotes.
func unquotedGlob(t string) bool {
	dq, sq := false, false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case sq:
			sq = c != '\''
		case c == '\\':
			i++
		case c == '\'' && !dq:
			sq = true
		case c == '"':
			dq = !dq
		case !dq && (c == '*' || c == '?' || c == '['):
			return true
		}
	}
	return false
}

// noteArithSubscripts records the variables arithmetic word x expands
// inside an array subscript: (( a[$k] )), $(( a[${k}] + 1 )).
func (z *analyzer) noteArithSubscripts(x *syntax.Word) {
	walk(x, func(n syntax.Node) bool {
		p, ok := n.(*syntax.ParamExp)
		if !ok || p.Index == nil {
			return true
		}
		walk(p.Index, func(m syntax.Node) bool {
			if q, ok := m.(*syntax.ParamExp); ok && q.Param != nil && !slices.Contains(z.arithSubs, q.Param.Value) {
				z.arithSubs = append(z.arithSubs, q.Param.Value)
			}
			return true
		})
		return false
	})
}

// arithSubscriptValues: bash before 5.2 (macOS's /bin/bash is 3.2)
// expands the subscript of (( a[$k] )) once more after the expression's
// own expansion, so k='$(rm -rf ~)' runs rm there. A value the line
// gives such a variable, as written or read from text written on it,
// that holds an expansion is too complex to check.
func (z *analyzer) arithSubscriptValues() {
	if len(z.arithSubs) == 0 {
		return
	}
	for _, r := range z.reads {
		if !r.fed || !sharesName(r.names, z.arithSubs) {
			continue
		}
		for _, l := range r.lines {
			if l.Literal && strings.ContainsAny(l.Text, "$`") {
				z.complexOnce("a value bash before 5.2 expands once more inside an array subscript in arithmetic, which runs what it holds: " + shorten(l.Text))
				return
			}
		}
	}
}

// notePrintfV records the variable printf -v NAME FORMAT ARGS… sets
// command i, when what it prints is known: its format and arguments
// written out, or the home directory (~, "$HOME/x") where the analysis
// knows it. printf -v p '%s/.ssh/id_rsa' ~; cat "$p" reads the key.
func (z *analyzer) notePrintfV(i int) {
	c := z.a.Commands[i]
	args := c.Args()
	if len(args) < 3 || !args[1].Literal || !strings.HasPrefix(args[1].Text, "-v") {
		return
	}
	name, rest := args[1].Text[2:], args[2:]
	if name == "" {
		name, rest = args[2].Text, args[3:]
		if !args[2].Literal {
			return
		}
	}
	if len(rest) > 0 && rest[0].Literal && rest[0].Text == "--" {
		rest = rest[1:]
	}
	if !isName(name) || len(rest) == 0 {
		return
	}
	ws := []Word{{Text: "printf", Literal: true}}
	for _, w := range rest {
		if w = z.homeArg(w); !w.Literal && !knownValue(w) {
			z.noteData(name)
			return
		}
		ws = append(ws, w)
	}
	var value Word
	if text, _, ok := printedText(SimpleCommand{Words: ws}); ok {
		value = Word{Text: text, Literal: true}
	} else if value, ok = printfSource(ws[1:]); !ok {
		return
	}
	z.reads = append(z.reads, readCmd{at: i, names: []string{name}, scope: c.Shell, cond: c.Cond, fn: c.Func,
		lines: []Word{value}, fed: true, replaces: true})
}

// printfSource returns, for printf -v's format and arguments where an
// argument is a value the shell expands (printf -v g %s ".git/$f"),
// the source of the word the variable is assigned, as g=".git/$f" is:
// the format's text with each %s the argument in its place. ok is false
// for a format with another directive or an escape, or with a %s for
// each argument but not one each.
func printfSource(ws []Word) (Word, bool) {
	format, args := ws[0], ws[1:]
	// A newline at the end: what $(…) and read drop.
	format.Text = strings.TrimSuffix(format.Text, `\n`)
	if !format.Literal || strings.ContainsRune(format.Text, '\\') || strings.Count(format.Text, "%s") != len(args) ||
		strings.Count(strings.ReplaceAll(format.Text, "%s", ""), "%") != 0 {
		return Word{}, false
	}
	var b strings.Builder
	piece := func(t string) {
		// Double quotes, which stand for the text where the value is
		// put in double quotes too ("$g/x"), single ones would not.
		if t != "" {
			b.WriteString(`"` + quoteFor(Word{Text: t, Literal: true}, true) + `"`)
		}
	}
	parts := strings.Split(format.Text, "%s")
	piece(parts[0])
	for k, w := range args {
		if w = homeValue(w); !w.Literal && strings.HasPrefix(w.Text, "~") {
			return Word{}, false
		}
		b.WriteString(quoteFor(w, false))
		piece(parts[k+1])
	}
	return Word{Text: b.String()}, true
}

// homeArg returns w, an argument, as the text it expands to when that is
// the home directory or below it (~, ~/x, "$HOME/x") and the analysis
// knows the home; other words as they are.
func (z *analyzer) homeArg(w Word) Word {
	if w.Literal || z.home == "" || z.homeSet {
		return w
	}
	rest, ok := homeRest(looseText(w.Text))
	if !ok || strings.ContainsAny(rest, "$`*?[{~\\\"'") {
		return w
	}
	return Word{Text: strings.TrimSuffix(z.home+"/"+rest, "/"), Literal: true}
}

// positionalNames are the parameters set -- WORDS sets: each of $1 to
// $9, $@ and $*, given every word in turn (shift moves them), and $* the
// words joined by a space and by a / too (IFS=/; "$*" joins them so).
var positionalNames = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*"}

// noteSetArgs records the positional parameters set -- WORDS (set -e
// WORDS, set - WORDS) command i sets from the words the analysis reads:
// set -- ~/.ssh/id_rsa; cat "$1" reads the key.
func (z *analyzer) noteSetArgs(i int) {
	c := z.a.Commands[i]
	args := c.Args()
	k, set := 1, false
options:
	for ; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
			set = true
			break options
		case t == "--" || t == "-":
			k, set = k+1, true
			break options
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			if strings.Contains(t, "o") {
				k++ // set -o pipefail: the option's name
			}
		default:
			set = true
			break options
		}
	}
	if !set {
		return
	}
	var lines []Word
	for _, w := range args[min(k, len(args)):] {
		if knownValue(w) {
			lines = append(lines, homeValue(w))
		} else {
			z.noteData(positionalNames...) // set -- $(cat f); (( $1 ))
		}
	}
	z.growReads(len(positionalNames))
	for _, name := range positionalNames {
		r := readCmd{at: i, names: []string{name}, array: true, scope: c.Shell, cond: c.Cond, fn: c.Func, fed: len(lines) > 0, replaces: true}
		r.lines = slices.Clone(lines)
		if name == "*" && len(lines) > 1 && !slices.ContainsFunc(lines, func(w Word) bool { return !w.Literal }) {
			for _, sep := range []string{" ", "/"} {
				var ts []string
				for _, l := range lines {
					ts = append(ts, l.Text)
				}
				r.lines = append(r.lines, Word{Text: strings.Join(ts, sep), Literal: true})
			}
		}
		z.reads = append(z.reads, r)
	}
}

// growReads makes room for n more reads, doubling z.reads where it must
// grow: append grows a long slice by a quarter, and a line of 26,000 set
// -- a b, eleven reads each, copied them over again a dozen times, most
// of a second.
func (z *analyzer) growReads(n int) {
	if len(z.reads)+n > cap(z.reads) {
		z.reads = slices.Grow(z.reads, max(n, len(z.reads)))
	}
}

// noteShellArgs records the positional parameters of the -c program
// of command i, a shell, in the shell it starts (z.scope, forked): each
// word whose value is known ($0, then $1 …), as x=w hands w on. So
// sh -c '. "$1"' _ s.sh sources the script the line wrote, as set -- s.sh;
// . "$1" does; sh -c 'tee "$1"' _ ~/.bashrc writes a protected file, which
// bypassPermissions asks for as for tee ~/.bashrc; and find -exec
// sh -c '…' _ {} \; is given any file the line wrote. The values are
// what the parameters may hold, not all: a write or a recursive rm by
// "$1" is still one of a path only known at run time, so that xargs
// -I{} and parallel, which put other words in place of {}, are judged
// as before.
func (z *analyzer) noteShellArgs(i int) {
	c := z.a.Commands[i]
	z.notePositional(i, c, shellCArgs(c), strings.Contains(c.Text, "shift"))
}

// notePositional records rest, the words command i (c) gives a shell
// program it starts, as its $0, $1 …, "$@" and "$*" (noteShellArgs):
// sh -c's, or a script's the line wrote (sh s.sh .git/config). Where the
// program may shift them (shifts), each is a value of every parameter
// below its own too: sh -c 'shift; echo x > "$1"' _ a ~/.bashrc.
func (z *analyzer) notePositional(i int, c SimpleCommand, rest []Word, shifts bool) {
	names := append([]string{"0"}, positionalNames[:9]...)
	var all []Word // "$@", "$*": each of $1 …
	for k, w := range rest {
		r := readCmd{at: i, array: true, scope: z.scope, cond: z.cond, fn: z.fn, replaces: true}
		switch {
		case c.FromFind && !w.Literal && looseText(w.Text) == "{}":
			for _, f := range z.written {
				r.lines = append(r.lines, f.file)
			}
		case knownValue(w):
			r.lines = []Word{homeValue(w)}
		}
		if k > 0 {
			all = append(all, r.lines...)
		}
		if r.fed = len(r.lines) > 0; r.fed && k < len(names) {
			r.names = []string{names[k]}
			z.reads = append(z.reads, r)
			for j := 1; shifts && j < k; j++ {
				z.reads = append(z.reads, readCmd{at: i, names: []string{names[j]}, array: true, scope: z.scope, cond: z.cond, fn: z.fn,
					fed: true, lines: slices.Clone(r.lines)})
			}
		}
	}
	if len(all) > 0 {
		z.reads = append(z.reads, readCmd{at: i, names: []string{"@"}, array: true, scope: z.scope, cond: z.cond, fn: z.fn, replaces: true, fed: true, lines: all},
			readCmd{at: i, names: []string{"*"}, array: true, scope: z.scope, cond: z.cond, fn: z.fn, replaces: true, fed: true, lines: slices.Clone(all)})
	}
}

// noteShellEnv records the variables set for command i alone, a shell
// whose -c program runs in the shell it starts (z.scope, forked): its
// leading NAME=value words and env's (P=.claude/settings.json sh -c 'echo
// x > "$P"' writes the settings, as export P=…; sh -c … does). Only a
// value written plainly (a path, ~ at its start) is handed on; like the
// positional parameters' (noteShellArgs), it adds to what the name may
// hold.
func (z *analyzer) noteShellEnv(i int) {
	for _, a := range z.a.Commands[i].EnvAssigns() {
		name, v, _ := strings.Cut(a, "=")
		if !isName(name) || v == "" || strings.ContainsFunc(strings.TrimPrefix(v, "~"), func(r rune) bool { return !isPlainPathRune(r) }) {
			continue
		}
		z.reads = append(z.reads, readCmd{at: i, names: []string{name}, array: true, scope: z.scope, cond: z.cond, fn: z.fn,
			replaces: true, fed: true, lines: []Word{homeValue(Word{Text: v, Literal: true})}})
	}
}

// defaultAssign records ${name:=w} (${name=w}), which gives name the
// value w where it has none: : ${k:=~/.ssh/id_rsa}; cat "$k" reads the
// key. The values it had stay beside it.
func (z *analyzer) defaultAssign(name string, w Word) {
	if !knownValue(w) || !isName(name) {
		return
	}
	z.reads = append(z.reads, readCmd{at: len(z.a.Commands), names: []string{name}, array: true, scope: z.scope, cond: z.cond, fn: z.fn,
		lines: []Word{homeValue(w)}, fed: true})
}

// maxPrintedRefs bounds the variables valuePrinted looks up in a word.
const maxPrintedRefs = 8

// valuePrinted returns what command i, an echo or a printf, prints where
// each variable its words expand holds the one value the line surely
// gives it there (valueCommand): d=.GIT; echo "$d" | tr A-Z a-z prints
// .git, as echo .GIT | tr A-Z a-z does.
func (z *analyzer) valuePrinted(i int) (string, bool) {
	if len(z.a.Commands[i].Redirects) > 0 {
		return "", false
	}
	// Text, not a path: d='rm -rf ~'; echo "$d" | sh prints a ~ the
	// shell it feeds expands (valueText).
	n, ok := z.wordsWith(i, z.valueText)
	if !ok {
		return "", false
	}
	text, exact, ok := printedText(n)
	return text, ok && exact
}

// valueCommand returns command i with each word that expands variables
// the line surely gives one value each there (soleValue, $PWD the
// directory a cd moved to) that value written out. ok is false where no
// word expands one, where one is left that the analysis does not read,
// and where i has redirections (it prints elsewhere).
func (z *analyzer) valueCommand(i int) (SimpleCommand, bool) {
	if len(z.a.Commands[i].Redirects) > 0 {
		return z.a.Commands[i], false
	}
	return z.valueWords(i)
}

// valueWords is valueCommand for a command whose redirections do not
// matter (pushd "$d" > /dev/null).
func (z *analyzer) valueWords(i int) (SimpleCommand, bool) {
	return z.wordsWith(i, z.valueOf)
}

// wordsWith is valueWords with value, valueOf or valueText, giving the
// values.
func (z *analyzer) wordsWith(i int, value func(Word, int) (Word, bool)) (SimpleCommand, bool) {
	c := z.a.Commands[i]
	ws := slices.Clone(c.Words)
	changed := false
	for k := c.Inner + 1; k < len(ws); k++ {
		if ws[k].Literal {
			continue
		}
		w, ok := value(ws[k], i)
		if !ok {
			return c, false
		}
		ws[k], changed = w, true
	}
	c.Words = ws
	return c, changed
}

// valueOf returns word w of command i, with each variable it expands
// given the one value the line surely gives it there (soleValue), as the
// literal word that makes; ok is false where one is left that the
// analysis does not read.
func (z *analyzer) valueOf(w Word, i int) (Word, bool) {
	w, ok := z.wordValue(w, i)
	// A ~ of $HOME or $PWD is the home where it starts the word alone.
	return w, ok && strings.LastIndexByte(w.Text, '~') <= 0
}

// valueText is valueOf for a word that is text a command prints or is
// fed, not a path: a ~ a value holds stays anywhere in it, for the
// shell that reads the text to expand (d='rm -rf ~'; sh <<< "$d"); the
// ~ that stands for $HOME's or $PWD's value is the home only where it
// starts the word ("x$HOME" is no home).
func (z *analyzer) valueText(w Word, i int) (Word, bool) {
	if strings.Contains(w.Text, "HOME") || strings.Contains(w.Text, "PWD") {
		return z.valueOf(w, i)
	}
	return z.wordValue(w, i)
}

// wordValue is valueOf with any ~ left in the word.
func (z *analyzer) wordValue(w Word, i int) (Word, bool) {
	return z.wordWith(w, i, z.soleValue)
}

// programValue is wordValue for a word that is a program's text (bash
// -c "$d $HOME"): $HOME is the home directory written out (homeText),
// wherever it stands.
func (z *analyzer) programValue(w Word, i int) (Word, bool) {
	return z.wordWith(w, i, z.homeText)
}

// homeText is soleValue with the home directory written out for the ~
// that stands for $HOME where the line gives it no value: in a program
// or a document the shell reads again, "$HOME" quoted or x$HOME are the
// directory too, not a ~ it would leave.
func (z *analyzer) homeText(name string, i int) (Word, bool) {
	v, ok := z.soleValue(name, i)
	if ok && name == "HOME" && v.Text == "~" {
		v.Text, ok = z.home, z.home != ""
	}
	return v, ok
}

// wordWith is wordValue with sole giving each variable's value.
func (z *analyzer) wordWith(w Word, i int, sole func(string, int) (Word, bool)) (Word, bool) {
	names := refNames(w.Text)
	if len(names) == 0 || len(names) > maxPrintedRefs {
		return Word{}, false
	}
	for _, name := range names {
		v, ok := sole(name, i)
		// "$d$d$d…" of a long value: bounded before it is written, as
		// what the filters print of it is (maxFilterOutput).
		if !ok || len(w.Text)+strings.Count(w.Text, "$")*len(v.Text) > maxFilterOutput {
			return Word{}, false
		}
		w = sourceWord(substVar(w.Text, name, v))
	}
	return w, w.Literal
}

// soleValue returns the literal value variable name holds at command i
// where the latest read or assignment of it on the line gives it one,
// reaching i; PWD, which the line does not set, is the directory a pwd
// in i's place prints (pwdOutput).
func (z *analyzer) soleValue(name string, i int) (Word, bool) {
	if ri, ok := z.latestRead(name); ok {
		r := z.reads[ri]
		// The latest of name's: no other between it and i replaces it,
		// which reaches would look for.
		if len(r.names) != 1 || !r.fed || !r.replaces || len(r.lines) != 1 || !r.lines[0].Literal ||
			strings.ContainsAny(r.lines[0].Text, "\n") || !z.reachesShell(r, z.pointOf(i)) {
			return Word{}, false
		}
		return r.lines[0], true
	}
	c := z.a.Commands[i]
	switch {
	case name == "HOME":
		// "$HOME"/.bashrc: the home, as ~ is judged (valueOf).
		return Word{Text: "~", Literal: true}, true
	case name != "PWD":
		return Word{}, false
	case c.Dir == "~" || strings.HasPrefix(c.Dir, "~/") && !strings.ContainsAny(c.Dir, "$"+dirSetMark):
		// $(cd ~ && echo "$PWD"): a directory of the home.
		return Word{Text: path.Clean(c.Dir), Literal: true}, true
	}
	pwd := SimpleCommand{Words: []Word{{Text: "pwd", Literal: true}}, Dir: c.Dir}
	text, ok := pwdOutput(pwd, z.cwd)
	return Word{Text: text, Literal: true}, ok
}

// refNames returns the names of the variables source text t expands
// ($name, ${name…}), at most maxPrintedRefs+1 of them.
func refNames(t string) []string {
	var names []string
	for rest := t; len(names) <= maxPrintedRefs; {
		at := strings.IndexByte(rest, '$')
		if at < 0 {
			break
		}
		rest = strings.TrimPrefix(rest[at+1:], "{")
		end := 0
		for end < len(rest) && isNameByte(rest[end]) {
			end++
		}
		if end == 0 {
			return append(names, "$") // $1, $@, $(…): not one read here
		}
		if !slices.Contains(names, rest[:end]) {
			names = append(names, rest[:end])
		}
		rest = rest[end:]
	}
	return names
}
