package permission

import (
	"slices"
	"strconv"
	"strings"
)

// What the simplest awk programs and xargs echo print of a known text,
// where the analysis reads it: p=$(echo .git | awk '{print $0 "/config"}')
// names the config, as p=$(echo .git/config) does. Anything but a print
// of fields and strings, in one action, is not read.

// maxFilterOutput bounds what the filters of known text make (awk's
// prints, xargs's lines), an awk program read, and a word built of
// values (valueOf): a print of $0 many times over, of a long input,
// would be the line's length squared.
const maxFilterOutput = 1 << 12

// awkOutput returns what awk with arguments args (its program, after a
// -F of one character at most; no other option, no file) prints of text in (fed: in is its input): for
// BEGIN{print ITEMS}, the items; for {print ITEMS} (ITEMS $0 where none),
// the items of each line of in. An item is a field ($0, $1 …), a
// string without escapes, or tolower or toupper of such items; items
// side by side are joined, a comma puts a space between them.
func awkOutput(args []Word, in string, fed bool) (string, bool) {
	sep := "" // fields split at blanks
	if len(args) > 1 && args[0].Literal && strings.HasPrefix(args[0].Text, "-F") {
		if sep = args[0].Text[2:]; sep == "" && len(args) > 2 {
			sep, args = args[1].Text, args[1:]
		}
		if len(sep) != 1 || strings.ContainsAny(sep, " \\") {
			return "", false // a regular expression, or blanks
		}
		args = args[1:]
	}
	if len(args) != 1 || !args[0].Literal || len(args[0].Text) > maxFilterOutput {
		// The program is read again for each line: one longer than
		// the output it may make is not read at all.
		return "", false
	}
	prog := strings.TrimSpace(args[0].Text)
	begin := false
	if rest, ok := strings.CutPrefix(prog, "BEGIN"); ok {
		prog, begin = strings.TrimSpace(rest), true
	} else if !fed {
		return "", false
	}
	if prog == "1" && sep == "" {
		return in, true // awk 1: a true pattern prints each line
	}
	if !strings.HasPrefix(prog, "{") || !strings.HasSuffix(prog, "}") || len(prog) < 2 {
		return "", false
	}
	body := prog[1 : len(prog)-1]
	body = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(body), ";"))
	items, ok := strings.CutPrefix(body, "print")
	if !ok || items != "" && items[0] != ' ' && items[0] != '\t' {
		return "", false
	}
	if begin {
		return awkPrint(items, nil, "")
	}
	var b strings.Builder
	for l := range strings.SplitSeq(strings.TrimSuffix(in, "\n"), "\n") {
		fields := strings.Fields(l)
		if sep != "" {
			fields = strings.Split(l, sep)
		}
		out, ok := awkPrint(items, fields, l)
		if !ok || b.Len()+len(out) > maxFilterOutput {
			return "", false
		}
		b.WriteString(out)
	}
	return b.String(), true
}

// awkPrint returns what print ITEMS (items) prints of a line (line,
// split into fields; none in a BEGIN action).
func awkPrint(items string, fields []string, line string) (string, bool) {
	items = strings.TrimSpace(items)
	if items == "" {
		items = "$0"
	}
	var b strings.Builder
	for i := 0; i < len(items); {
		switch c := items[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == ',':
			b.WriteByte(' ')
			i++
		case c == '"':
			end := strings.IndexByte(items[i+1:], '"')
			if end < 0 || strings.ContainsRune(items[i+1:i+1+end], '\\') {
				return "", false
			}
			b.WriteString(items[i+1 : i+1+end])
			i += end + 2
		case strings.HasPrefix(items[i:], "tolower(") || strings.HasPrefix(items[i:], "toupper("):
			// tolower($0): the case of items that are no call.
			open := i + len("tolower(")
			end := strings.IndexByte(items[open:], ')')
			if end < 0 || strings.ContainsAny(items[open:open+end], "(,") {
				return "", false
			}
			text, ok := awkPrint(items[open:open+end], fields, line)
			if !ok {
				return "", false
			}
			text = strings.TrimSuffix(text, "\n")
			if items[i+2] == 'l' {
				b.WriteString(strings.ToLower(text))
			} else {
				b.WriteString(strings.ToUpper(text))
			}
			i = open + end + 1
		case strings.HasPrefix(items[i:], "$NF"):
			if len(fields) > 0 {
				b.WriteString(fields[len(fields)-1])
			}
			i += 3
		case c == '$':
			j := i + 1
			for j < len(items) && items[j] >= '0' && items[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(items[i+1 : j])
			if err != nil {
				return "", false
			}
			switch {
			case n == 0:
				b.WriteString(line)
			case n <= len(fields):
				b.WriteString(fields[n-1])
			}
			i = j
		default:
			return "", false // a variable, a function, arithmetic …
		}
		if b.Len() > maxFilterOutput {
			return "", false
		}
	}
	return b.String() + "\n", true
}

// xargsOptions returns xargs's options and echo's arguments where c is
// xargs running echo (xargs alone runs it): the words between xargs and
// echo, or after xargs, and those after echo.
func xargsOptions(c SimpleCommand) (opts, args []Word, ok bool) {
	all := c.Args()
	switch {
	case c.Inner > 0 && c.Words[0].Literal && baseName(c.Words[0].Text) == "xargs":
		// {} is a word of its own to bash: -I's replacement (runWith).
		if all[0].Literal && all[0].Text == "echo" && !slices.ContainsFunc(all, func(w Word) bool {
			return !w.Literal && strings.ContainsAny(w.Text, "$`\"'\\*?[")
		}) &&
			(len(all) == 1 || !strings.HasPrefix(all[1].Text, "-")) {
			return c.Words[1:c.Inner], all[1:], true
		}
	case c.Inner == 0 && lowerName(c) == "xargs":
		return all[1:], nil, true
	}
	return nil, nil, false
}

// xargsPrintf returns what xargs printf FORMAT ARGS, with no option but
// -r, prints of text in: one printf of its arguments and then its
// input's words, as printedText reads one (format reused for each).
// ok is false where a quote or a backslash in in is one xargs reads,
// and where what it would print is past maxFilterOutput.
func xargsPrintf(c SimpleCommand, in string) (string, bool) {
	all := c.Args()
	if c.Inner == 0 || !c.Words[0].Literal || baseName(c.Words[0].Text) != "xargs" || len(all) < 2 ||
		!all[0].Literal || all[0].Text != "printf" || strings.ContainsAny(in, `"'\`) {
		return "", false
	}
	for _, o := range c.Words[1:c.Inner] {
		if !o.Literal || o.Text != "-r" && o.Text != "--no-run-if-empty" {
			return "", false
		}
	}
	fields := strings.Fields(in)
	if (len(all[1].Text)+len(in))*(len(fields)+1) > maxFilterOutput {
		return "", false
	}
	n := SimpleCommand{Words: slices.Clone(all)}
	for _, f := range fields {
		n.Words = append(n.Words, Word{Text: f, Literal: true})
	}
	text, exact, ok := printedText(n)
	return text, ok && exact
}

// xargsEchoed returns what xargs with options opts, running echo with
// arguments args, prints of text in: its arguments, then its input's
// words, -n's number of them a line; with -I R, the arguments for each
// line of input, R replaced by the line. ok is false for another option,
// and where a quote or a backslash in in is one xargs reads.
func xargsEchoed(opts, args []Word, in string) (string, bool) {
	per, repl := 0, ""
	for k := 0; k < len(opts); k++ {
		t := opts[k].Text
		n := ""
		switch {
		case !opts[k].Literal:
			return "", false
		case t == "-r" || t == "--no-run-if-empty":
			continue
		case t == "-I" && k+1 < len(opts):
			k++
			repl = opts[k].Text
			continue
		case strings.HasPrefix(t, "-I") && len(t) > 2:
			repl = t[2:]
			continue
		case t == "-n" && k+1 < len(opts):
			k++
			n = opts[k].Text
		case strings.HasPrefix(t, "--max-args="):
			n = strings.TrimPrefix(t, "--max-args=")
		case strings.HasPrefix(t, "-n"):
			n = t[2:]
		default:
			return "", false
		}
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 {
			return "", false
		}
		per = v
	}
	if strings.ContainsAny(in, `"'\`) {
		return "", false
	}
	var words []string
	for _, a := range args {
		words = append(words, a.Text)
	}
	var b strings.Builder
	if repl != "" {
		for l := range strings.SplitSeq(in, "\n") {
			if l = strings.TrimLeft(l, " \t"); l == "" {
				continue
			}
			for k, w := range words {
				if k > 0 {
					b.WriteByte(' ')
				}
				if b.Len()+len(w)+strings.Count(w, repl)*len(l) > maxFilterOutput {
					return "", false
				}
				b.WriteString(strings.ReplaceAll(w, repl, l))
			}
			b.WriteByte('\n')
		}
		return b.String(), true
	}
	fields := strings.Fields(in)
	if per == 0 {
		per = max(len(fields), 1)
	}
	// echo's arguments are written again on each line: bounded before
	// they are, as -I's are.
	argsLen := len(args)
	for _, w := range words {
		argsLen += len(w)
	}
	if lines := max(len(fields)-1, 0)/per + 1; lines*argsLen > maxFilterOutput {
		return "", false
	}
	for k := 0; k < len(fields) || k == 0; k += per {
		line := append(slices.Clip(words), fields[min(k, len(fields)):min(k+per, len(fields))]...)
		b.WriteString(strings.Join(line, " ") + "\n")
	}
	return b.String(), true
}

// grepOutput returns what grep with arguments args (-F, -i, -v, -x and
// one pattern, no file) prints of text in: its lines that hold the
// pattern, or not with -v. A pattern that is no fixed string (-F) is
// read where its only special character is a dot, taken as itself: the
// lines printed are then among those grep prints (-v's none are).
func grepOutput(args []Word, in string) (string, bool) {
	pat, havePat := "", false
	fixed, fold, invert, whole := false, false, false, false
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		switch {
		case !args[k].Literal:
			return "", false
		case t == "-e" && k+1 < len(args) && !havePat:
			k++
			pat, havePat = args[k].Text, true
		case len(t) > 1 && t[0] == '-' && strings.Trim(t[1:], "Fivx") == "":
			fixed = fixed || strings.Contains(t, "F")
			fold = fold || strings.Contains(t, "i")
			invert = invert || strings.Contains(t, "v")
			whole = whole || strings.Contains(t, "x")
		case !havePat && !strings.HasPrefix(t, "-"):
			pat, havePat = t, true
		default:
			return "", false // a file, another option
		}
	}
	special := `[]*^$\+?(){}|`
	if invert {
		special += "."
	}
	if !havePat || strings.Contains(pat, "\n") || !fixed && strings.ContainsAny(pat, special) {
		return "", false
	}
	if fold {
		pat = strings.ToLower(pat)
	}
	var b strings.Builder
	for l := range strings.SplitSeq(strings.TrimSuffix(in, "\n"), "\n") {
		m := l
		if fold {
			m = strings.ToLower(l)
		}
		if (whole && m == pat || !whole && strings.Contains(m, pat)) != invert {
			b.WriteString(l + "\n")
		}
	}
	return b.String(), true
}
