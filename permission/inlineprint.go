package permission

import (
	"strings"
)

// What inline code prints: python3 -c 'print("rm -rf ~")' | sh runs what
// echo 'rm -rf ~' | sh runs. The text is computed only where the code is
// nothing but the language's print calls of values the reader evaluates
// (literals and their joins, as for system(…)); anything else it may
// print is not computed, and a shell fed it fails closed (fedUnseen).

// maxInlinePrinted bounds the code inlinePrinted reads.
const maxInlinePrinted = 4 << 10

// inlineDoc records in catDocs what inline code command i prints, where
// it is a pipeline's stage or in a substitution and inlinePrinted
// computes it, and says whether it did: python3 -c 'print("rm -rf ~")'
// | sh is judged beside the pipe to a shell, which asks as it did, as
// head -1 <<< … is (filterDoc).
func (z *analyzer) inlineDoc(i int) bool {
	c := z.a.Commands[i]
	if !z.stage && z.substs == 0 || len(c.Redirects) > 0 {
		return false
	}
	text, ok := inlinePrinted(c)
	if !ok {
		return false
	}
	if z.catDocs == nil {
		z.catDocs = map[int]fedDoc{}
	}
	z.catDocs[i] = fedDoc{text, true, false}
	if z.besideDocs == nil {
		z.besideDocs = map[int]bool{}
	}
	z.besideDocs[i] = true
	return true
}

// inlinePrinted returns what c, an interpreter given its code on its
// command line (python3 -c, node -e, perl -e, ruby -e, php -r), prints
// on its standard output, where the code is only calls of print of
// values the reader evaluates (codeScan.value) and its options change
// nothing they print: print("r" + "m -rf ~"), console.log('a', 'b'),
// Perl's print and say (-l ends each print with a newline), puts,
// PHP's echo. ok is false for anything else (a variable, a format, a
// keyword argument, -n and -p, which read the input).
func inlinePrinted(c SimpleCommand) (string, bool) {
	lang, code, stdin := inlineProgram(c)
	if stdin || len(code) == 0 || lang == langAwk || lang == langNone {
		return "", false
	}
	ors, ok := printOptions(c, lang, code)
	if !ok {
		return "", false
	}
	var src strings.Builder
	for k, ref := range code {
		w := c.Words[ref.word]
		if !w.Literal {
			return "", false
		}
		if k > 0 {
			src.WriteByte('\n')
		}
		src.WriteString(w.Text[ref.from:])
	}
	if src.Len() > maxInlinePrinted || !printFirst(lang, src.String()) {
		return "", false
	}
	s := codeScan{lang: lang, src: src.String()}
	s.lex()
	if s.hole {
		return "", false
	}
	return s.printedAll(ors)
}

// printedAll returns what the lexed code prints where each of its
// statements is a print call (printed); ors ends each of Perl's prints.
func (s *codeScan) printedAll(ors string) (string, bool) {
	if s.tooLong || s.unread != "" {
		return "", false
	}
	var out strings.Builder
	for i := 0; i < len(s.toks); {
		t := s.toks[i]
		if t.kind == tokPunct && (t.text == ";" || t.text == "\n") {
			i++
			continue
		}
		end := s.statementEnd(i + 1)
		if s.tooLong || end < len(s.toks) && s.toks[end].text != ";" && s.toks[end].text != "\n" {
			return "", false // print "x" if $y, a bracket left open
		}
		text, ok := s.printed(i, end, ors)
		if !ok {
			return "", false
		}
		out.WriteString(text)
		i = end
	}
	return out.String(), true
}

// printFirst says whether code starts with a name printed reads, so
// that the code of everyday lines, which prints little, is not lexed
// again.
func printFirst(lang codeLang, code string) bool {
	code = strings.TrimLeft(code, " \t\r\n;")
	if int(lang) >= len(printNames) {
		return false
	}
	for _, n := range printNames[lang] {
		if strings.HasPrefix(code, n) {
			return true
		}
	}
	return false
}

// printNames are the calls printed reads, by language: an array, not a
// map, which the program's start would make (TestStartupDoesNoWork).
var printNames = [...][]string{
	langPython: {"print"},
	langJS:     {"console.log", "process.stdout.write"},
	langPerl:   {"print", "say"},
	langRuby:   {"puts", "print"},
	langPHP:    {"echo", "print"},
}

// printOptions checks the options of c, whose code lies at code, and
// returns what Perl's -l ends each print with; ok is false for an option
// that may change what the code prints (perl -n, -p, -l0, node -p,
// python3 -m), or an operand before the code.
func printOptions(c SimpleCommand, lang codeLang, code []codeRef) (ors string, ok bool) {
	letters := map[codeLang]string{
		langPython: "c",
		langPerl:   "eElw",
		langJS:     "e",
		langRuby:   "ew",
		langPHP:    "r",
	}[lang]
	last := code[len(code)-1].word
	for k := c.Inner + 1; k < last; k++ {
		if k == code[0].word || isCodeWord(code, k) {
			continue
		}
		t := c.Words[k].Text
		switch {
		case !c.Words[k].Literal:
			return "", false
		case lang == langJS && t == "--eval":
		case len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.Trim(t[1:], letters) == "":
			if lang == langPerl && strings.Contains(t, "l") {
				ors = "\n"
			}
		default:
			return "", false
		}
	}
	return ors, true
}

// isCodeWord says whether word k of a command is one of code's.
func isCodeWord(code []codeRef, k int) bool {
	for _, ref := range code {
		if ref.word == k && ref.from == 0 {
			return true
		}
	}
	return false
}

// printed returns what the statement in tokens from to to prints, where
// it is a call of the language's print of values the reader evaluates;
// ors ends each of Perl's prints.
func (s *codeScan) printed(from, to int, ors string) (string, bool) {
	name := s.toks[from]
	if name.kind != tokName {
		return "", false
	}
	sep, end, bare := "", "", false
	switch n := name.text; {
	case s.lang == langPython && n == "print", s.lang == langJS && n == "console.log":
		sep, end = " ", "\n"
	case s.lang == langJS && n == "process.stdout.write":
	case s.lang == langPerl && n == "print":
		end, bare = ors, true
	case s.lang == langPerl && n == "say":
		end, bare = "\n", true
	case s.lang == langRuby && n == "puts":
		sep, end, bare = "\n", "\n", true
	case s.lang == langRuby && n == "print", s.lang == langPHP && (n == "echo" || n == "print"):
		bare = true
	default:
		return "", false
	}
	a, b := from+1, to
	switch {
	case a < b && s.toks[a].text == "(" && s.match[a] == b-1:
		a, b = a+1, b-1
	case !bare || a < b && s.toks[a].text == "(":
		// print ("a") . "b" prints a: the parentheses are the call's.
		return "", false
	}
	args := s.split(a, b)
	switch {
	case len(args) == 0 && s.lang == langPerl:
		return "", false // print alone prints $_
	case len(args) != 1 && s.lang == langPython:
		return "", false // Python 2 prints print("a", "b") as a tuple
	}
	vals := make([]string, 0, len(args))
	for _, r := range args {
		v, ok := s.value(r[0], r[1])
		switch {
		case !ok || strings.ContainsAny(v, string([]rune{codeHole, codeHome})):
			// The home is printed as its path, which ~ in a quote is not.
			return "", false
		case s.lang == langJS && len(vals) == 0 && strings.Contains(v, "%"):
			return "", false // console.log's format
		}
		if name.text == "puts" && strings.HasSuffix(v, "\n") {
			v = strings.TrimSuffix(v, "\n") // puts ends a line once
		}
		vals = append(vals, v)
	}
	if s.lang == langRuby && name.text == "puts" && len(vals) == 0 {
		return "\n", true
	}
	return strings.Join(vals, sep) + end, true
}
