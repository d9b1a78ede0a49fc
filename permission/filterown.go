package permission

import (
	"strings"
)

// What an awk or a sed program prints of its own: the program is the
// line's text, and over text the analysis does not compute (a download,
// a file the line did not write) it can make any line any command:
// curl -s x | sed 's/.*/rm -rf ~/' | sh runs rm -rf ~ for each line
// fetched, as curl -s x | perl -pe 's/.*/rm -rf ~/' | sh does (eng84's
// ownText). A program that only keeps, cuts or deletes what it reads
// (awk 1, awk '{print $1}', sed -n p, sed 's/\r$//') prints the
// outside text, and keeps its answer.

// filterOwnText says whether awk or sed command c (its program on its
// command line, or in a file of -f the line wrote) may print text of
// its own, and returns the literal text it prints where that is read:
// awk's prints of string literals, sed's replacements and a, i and c's
// text (sedInserted). The text of -f's file comes from the line's
// writes (lastWritten); a file the line did not write is not the
// line's text.
func (z *analyzer) filterOwnText(c SimpleCommand) (text string, own bool) {
	n := lowerName(c)
	switch n {
	case "sed", "gsed", "awk", "gawk", "mawk", "nawk":
	default:
		return "", false
	}
	var progs []string
	for _, name := range programFiles(c) {
		f, ok := z.lastWritten(name, c.Dir)
		switch {
		case !ok:
		case !f.known:
			return "", true
		default:
			progs = append(progs, f.text)
		}
	}
	switch n {
	case "sed", "gsed":
		scripts := parseSed(c.Args()[1:]).scripts
		for _, p := range progs {
			scripts = append(scripts, Word{Text: p, Literal: true})
		}
		if !sedPrintsOwn(scripts) {
			return "", false
		}
		text, _ = sedInserted(scripts)
		return text, true
	default:
		lang, code, _ := inlineProgram(c)
		if lang == langAwk {
			for _, ref := range code {
				w := c.Words[ref.word]
				if !w.Literal {
					return "", true // a program only known at run time
				}
				progs = append(progs, w.Text[ref.from:])
			}
		}
		if len(progs) == 0 {
			return "", false
		}
		if awkAssigns(c, code) {
			return "", true // awk -v c='rm -rf ~' '{print c}'
		}
		return awkPrintsOwn(strings.Join(progs, "\n"))
	}
}

// awkAssigns says whether awk command c, its program at code, sets a
// variable on its command line (-v x=…, an operand x=…), a value its
// program may print.
func awkAssigns(c SimpleCommand, code []codeRef) bool {
	for k := c.Inner + 1; k < len(c.Words); k++ {
		if isCodeWord(code, k) {
			continue
		}
		t := c.Words[k].Text
		if t == "-v" || strings.HasPrefix(t, "-v") && strings.Contains(t, "=") || strings.HasPrefix(t, "--assign") {
			return true
		}
		if name, _, ok := strings.Cut(t, "="); ok && isName(name) {
			return true
		}
	}
	return false
}

// awkPrintsOwn says whether awk program src may print text of its own:
// a print or a printf of anything but fields ($0, $1, $NF), commas and
// blank strings (a format of conversions alone: printf "%s\n", $1), or
// a string literal it may put elsewhere (an assignment, sub's
// replacement) but in a comparison. It returns what its prints of
// string literals alone print, the text judged as the shell's program.
// Code the lexer does not read is taken as printing its own.
func awkPrintsOwn(src string) (text string, own bool) {
	if len(src) > maxInlinePrinted {
		return "", true
	}
	s := codeScan{lang: langAwk, src: src}
	s.lex()
	if s.hole || s.tooLong || s.unread != "" {
		return "", true
	}
	var b strings.Builder
	for i := 0; i < len(s.toks); i++ {
		t := s.toks[i]
		switch {
		case t.kind == tokName && (t.text == "print" || t.text == "printf"):
			end := s.awkPrintEnd(i + 1)
			if s.tooLong {
				return "", true
			}
			out, lit, fields := s.awkPrinted(t.text, i+1, end)
			own = own || !fields
			if lit {
				b.WriteString(out)
			}
			// Past a > or a | too: the file or the command the print
			// goes to prints nothing here.
			i = s.statementEnd(end) - 1
		case t.kind == tokString && !awkBlank(t.text) && !s.awkCompared(i):
			own = true
		}
	}
	return b.String(), own
}

// awkPrintEnd returns the token that ends the print statement whose
// arguments start at i: its end (statementEnd), or a > or a | that
// sends its output elsewhere.
func (s *codeScan) awkPrintEnd(i int) int {
	end := s.statementEnd(i)
	for k := i; k < end; k++ {
		if t := s.toks[k]; t.kind == tokPunct && (t.text == "(" || t.text == "[") && s.match[k] > k && s.match[k] < end {
			k = s.match[k]
		} else if t.kind == tokPunct && (t.text == ">" || t.text == "|") {
			return k
		}
	}
	return end
}

// awkPrinted reads the arguments of print or printf (name) in tokens
// from to to: fields says they are only fields, commas and blank
// strings; lit that they are only string literals and their joins
// (codeScan.value), and out what they print (a printf's format without
// conversions).
func (s *codeScan) awkPrinted(name string, from, to int) (out string, lit, fields bool) {
	if from < to && s.toks[from].text == "(" && s.match[from] == to-1 {
		from, to = from+1, to-1
	}
	fields = true
	for k := from; k < to; k++ {
		t := s.toks[k]
		switch {
		case t.kind == tokPunct && t.text == ",":
		case t.kind == tokString && awkBlank(t.text):
		case t.kind == tokPunct && t.text == "$" && k+1 < to &&
			(s.toks[k+1].kind == tokOther && isDigits(s.toks[k+1].text) || s.toks[k+1].text == "NF"):
			k++
		default:
			fields = false
		}
	}
	args := s.split(from, to)
	vals := make([]string, 0, len(args))
	for _, a := range args {
		v, ok := s.value(a[0], a[1]) // "rm -rf " "~": joined
		if !ok || strings.ContainsAny(v, string([]rune{codeHole, codeHome})) {
			return "", false, fields
		}
		vals = append(vals, v)
	}
	switch {
	case len(vals) == 0:
		return "", false, fields // print alone prints $0
	case name == "print":
		return strings.Join(vals, " ") + "\n", true, fields
	case len(vals) == 1 && !strings.Contains(vals[0], "%"):
		return vals[0], true, fields
	}
	return "", false, fields
}

// awkCompared says whether the string at token i is an operand of a
// comparison or a match ($1 == "run", $0 ~ "x"), which prints nothing.
func (s *codeScan) awkCompared(i int) bool {
	op := func(k int) bool {
		return k >= 0 && k < len(s.toks) && s.toks[k].kind == tokPunct && strings.Contains("=!<>~", s.toks[k].text)
	}
	if i >= 1 && s.toks[i-1].text == "~" {
		return true // x ~ "re", x !~ "re"
	}
	if i >= 2 && s.toks[i-1].text == "=" && op(i-2) && s.toks[i-2].to == s.toks[i-1].from {
		return true // == != <= >=
	}
	if i >= 1 && (s.toks[i-1].text == "<" || s.toks[i-1].text == ">") && i >= 2 && s.toks[i-2].text != "getline" {
		return !s.awkPrintTo(i - 1)
	}
	return op(i+1) && s.toks[i+1].text != "=" || op(i+1) && op(i+2) && s.toks[i+2].text == "="
}

// awkBlank says whether string literal v of an awk program prints
// nothing of its own: blanks, and printf's conversions but %c, which
// prints the character a number codes ($0=sprintf("%c%c", 114, 109)
// made any line rm: rev86).
func awkBlank(v string) bool {
	for k := 0; k < len(v); k++ {
		switch c := v[k]; {
		case c == ' ' || c == '\t' || c == '\n':
		case c == '%':
			k++
			for k < len(v) && strings.IndexByte("-+ #0123456789.", v[k]) >= 0 {
				k++
			}
			if k == len(v) || strings.IndexByte("sdifgeExXuo%", v[k]) < 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sedPrintsOwn says whether sed scripts may print text of their own: an
// s command whose replacement is more than back-references, & and
// blanks, a y command, a, i and c, or a command not read (a script only
// known at run time, a piece sedPieces cuts that no reader reads).
// Deletions, p and d, and the commands that only move text (x, h, G,
// N, labels and branches) print none.
func sedPrintsOwn(scripts []Word) bool {
	var all []string
	for _, w := range scripts {
		if !w.Literal {
			return true
		}
		all = append(all, w.Text)
	}
	if cmds, ok := sedCommands(strings.Join(all, "\n")); ok {
		return sedCmdsOwn(cmds)
	}
	pieces, _ := sedPieces(scripts)
	for _, p := range pieces {
		if _, ok := sedAppended(p.Text); ok {
			return true
		}
		body, ok := sedTextAddress(p.Text)
		switch {
		case !ok || body == "":
			return true
		case body[0] == ':' || strings.IndexByte("btT", body[0]) >= 0 && (len(body) == 1 || body[1] == ' ' || isNameByte(body[1])):
			// a label, a branch
		case body[0] == 's' || body[0] == 'y':
			if cmds, ok := sedCommands(body); !ok || sedCmdsOwn(cmds) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// sedCmdsOwn says whether sed commands cmds print text of their own: a
// y, or an s whose replacement is not blank (sedReplBlank).
func sedCmdsOwn(cmds []sedCmd) bool {
	for _, c := range cmds {
		if c.y || !c.p && !sedReplBlank(c.repl) {
			return true
		}
	}
	return false
}

// sedReplBlank says whether an s command's replacement repl puts in no
// text of its own: back-references, &, blanks and \n alone.
func sedReplBlank(repl string) bool {
	for k := 0; k < len(repl); k++ {
		switch c := repl[k]; {
		case c == '&' || c == ' ' || c == '\t':
		case c == '\\' && k+1 < len(repl) && (repl[k+1] >= '0' && repl[k+1] <= '9' || repl[k+1] == 'n' || repl[k+1] == 't'):
			k++
		default:
			return false
		}
	}
	return true
}
