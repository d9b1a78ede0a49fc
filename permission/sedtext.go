package permission

import (
	"regexp"
	"strconv"
	"strings"
)

// What sed prints of a known text (echo .GIT | sed s/GIT/git/, sed
// 's/x/y/' <<< .gxt): a script of s, y and p commands alone, each on
// every line or on one line its number or $ names (sed -n 2p), applied
// to each line, as tr's sets are (trText). A
// substitution of one is a value as one of echo is (feeds):
// p=$(echo .GIT | sed s/GIT/git/)/config; echo x >> "$p" appends to the
// config. Where the script is one of those commands but its regular
// expression or replacement is not read (a back-reference, \w, \U …),
// the text comes back in lower case, as tr's does: the use of one that
// makes a protected name is a change of case.

// sedOutput returns what sed with arguments args (its options and script)
// prints of text in. ok is false for another command (a file operand,
// -i, -z, a script only known at run time, a command but s, y and p, an
// address but a line's number and $, an s command's w or e flag): not a filter of its input alone,
// or one that runs or writes what the analysis judges otherwise.
func sedOutput(args []Word, in string) (string, bool) {
	text, _, ok := sedEdit(args, in)
	return text, ok
}

// sedEdit is sedOutput, and whether the text is what sed prints: not
// the input in lower case, given for a script not read (sed -i's edit
// of a file is its text, not a name's case).
func sedEdit(args []Word, in string) (text string, exact, ok bool) {
	script, ere, quiet, ok := sedScript(args)
	if !ok {
		return "", false, false
	}
	cmds, ok := sedCommands(script)
	if !ok {
		return "", false, false
	}
	trailing := strings.HasSuffix(in, "\n")
	body := strings.TrimSuffix(in, "\n")
	if in == "" {
		return "", true, true
	}
	for k := range cmds {
		if !cmds[k].compile(ere) || len(in)*len(script) > maxSedWork {
			return strings.ToLower(in), false, true
		}
	}
	var out []string
	size := 0
	lines := strings.Split(body, "\n")
	for at, line := range lines {
		for _, c := range cmds {
			if c.addr > 0 && c.addr != at+1 || c.addr < 0 && at != len(lines)-1 {
				continue
			}
			var printed bool
			line, printed = c.apply(line)
			if printed {
				out, size = append(out, line), size+len(line)
			}
			if len(line) > maxSedText {
				return strings.ToLower(in), false, true
			}
		}
		if !quiet {
			out, size = append(out, line), size+len(line)
		}
		if size > maxSedText {
			// s/a/aaaaaaaaaa/g ten times over: what it prints grows
			// tenfold with each, no path.
			return strings.ToLower(in), false, true
		}
	}
	text = strings.Join(out, "\n")
	if trailing && len(out) > 0 {
		text += "\n"
	}
	return text, true, true
}

// sedScript returns the script of sed's arguments args (sedArgs): its
// scripts joined by newlines; ere: -E or -r; quiet: -n. ok is false for a
// word only known at run time, a script file, a file to read or edit in
// place, and an option that changes what a line is or what is printed
// (-z, -s, -l, --debug).
func sedScript(args []Word) (script string, ere, quiet, ok bool) {
	a := parseSed(args)
	if len(a.scripts) == 0 || len(a.scriptFiles)+len(a.files) > 0 || a.inPlace {
		return "", false, false, false
	}
	var scripts []string
	for _, w := range a.scripts {
		if !w.Literal {
			return "", false, false, false
		}
		scripts = append(scripts, w.Text)
	}
	for _, o := range a.options {
		switch o {
		case "-E", "-r", "--regexp-extended":
			ere = true
		case "-n", "--quiet", "--silent":
			quiet = true
		case "-u", "--unbuffered", "--posix", "--sandbox":
		default:
			return "", false, false, false
		}
	}
	return strings.Join(scripts, "\n"), ere, quiet, true
}

// maxSedWork bounds the length of the text sed is fed times that of
// its script, and maxSedText a line it makes and all it prints: past
// them, what it prints is taken as not read (long lines through
// thousands of commands, or s/a/aaaaaaaaaa/g over and over, which
// multiplies a line tenfold each time).
const (
	maxSedWork = 1 << 24
	maxSedText = 1 << 16
)

// sedCmd is one s, y or p command of a sed script: y's sets (from, to),
// or s's expression, replacement and flags; rx and tmpl, s's expression
// compiled and its replacement as a template (compile).
type sedCmd struct {
	y, p          bool // a y command, a p command
	addr          int  // the line it applies to: 0 every one, -1 the last
	from, to      []rune
	delim         byte
	re, repl      string
	global, print bool
	fold          bool
	nth           int
	rx            *regexp.Regexp
	tmpl          string
}

// sedCommands returns the commands of script, each an s, y or p command
// with at most a line's number or $ for an address, separated by ; or
// newlines.
func sedCommands(script string) ([]sedCmd, bool) {
	var cmds []sedCmd
	s := script
	for {
		s = strings.TrimLeft(s, " \t\n;")
		if s == "" {
			return cmds, len(cmds) > 0
		}
		var addr int
		if addr, s = sedAddress(s); s == "" {
			return nil, false // an address with no command: sed 1
		}
		if s[0] == 'p' {
			// p prints the line (sed -n p, sed -n 2p).
			cmds, s = append(cmds, sedCmd{p: true, addr: addr}), s[1:]
			if s != "" && strings.IndexByte(" \t\n;", s[0]) < 0 {
				return nil, false
			}
			continue
		}
		if len(s) < 2 || s[0] != 's' && s[0] != 'y' || s[1] == '\\' || s[1] == '\n' || s[1] == ' ' {
			return nil, false
		}
		c := sedCmd{y: s[0] == 'y', delim: s[1], addr: addr}
		var ok bool
		rest := s[2:]
		if c.re, rest, ok = sedPart(rest, c.delim); !ok {
			return nil, false
		}
		if c.repl, rest, ok = sedPart(rest, c.delim); !ok {
			return nil, false
		}
		if c.y {
			if c.from, c.to, ok = sedSets(c.re, c.repl, c.delim); !ok {
				return nil, false
			}
		}
		for rest != "" && strings.IndexByte(" \t\n;", rest[0]) < 0 {
			switch f := rest[0]; {
			case c.y:
				return nil, false
			case f == 'g':
				c.global = true
			case f == 'p':
				c.print = true
			case f == 'i' || f == 'I':
				c.fold = true
			case f >= '0' && f <= '9':
				n := 0
				for rest != "" && rest[0] >= '0' && rest[0] <= '9' {
					n = min(n*10+int(rest[0]-'0'), 1<<20)
					rest = rest[1:]
				}
				if n == 0 {
					return nil, false
				}
				c.nth = n
				continue
			default:
				// w writes a file, e runs the line, m changes ^ and $.
				return nil, false
			}
			rest = rest[1:]
		}
		cmds = append(cmds, c)
		s = rest
	}
}

// sedAddress reads the line address that starts command s, a number or
// $ for the last line, and returns it (0 for none) and the command
// after it; "" where an address is not followed by a command.
func sedAddress(s string) (int, string) {
	if s[0] == '$' {
		return -1, strings.TrimLeft(s[1:], " \t")
	}
	n, k := 0, 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		n = min(n*10+int(s[k]-'0'), 1<<20)
		k++
	}
	if k == 0 {
		return 0, s
	}
	if n == 0 {
		return 0, "" // line 0 is no line
	}
	return n, strings.TrimLeft(s[k:], " \t")
}

// sedPart returns the text of s up to the first delim that no backslash
// escapes, as written, and what follows that delim.
func sedPart(s string, delim byte) (string, string, bool) {
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case delim:
			return s[:k], s[k+1:], true
		case '\n':
			return "", "", false
		}
	}
	return "", "", false
}

// sedSets returns the characters of y's two sets, escapes read (\\, \n,
// \DELIM); ok is false where their lengths differ or another escape is
// there.
func sedSets(a, b string, delim byte) ([]rune, []rune, bool) {
	set := func(s string) ([]rune, bool) {
		var rs []rune
		src := []rune(s)
		for k := 0; k < len(src); k++ {
			if src[k] == '\\' && k+1 < len(src) {
				k++
				switch src[k] {
				case '\\', rune(delim):
				case 'n':
					src[k] = '\n'
				default:
					return nil, false
				}
			}
			rs = append(rs, src[k])
		}
		return rs, true
	}
	from, ok1 := set(a)
	to, ok2 := set(b)
	return from, to, ok1 && ok2 && len(from) == len(to)
}

// compile reads an s command's expression and replacement once, for
// every line it is applied to; false where either is not read.
func (c *sedCmd) compile(ere bool) bool {
	if c.p || c.y {
		return true
	}
	expr, ok := posixRegexp(c.re, c.delim, ere)
	if !ok {
		return false
	}
	if c.fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return false
	}
	re.Longest() // POSIX: the leftmost longest match
	c.rx = re
	c.tmpl, ok = sedTemplate(c.repl, c.delim)
	return ok
}

// apply returns line after c (compiled), and whether c prints it then
// (s's p flag where it replaced).
func (c sedCmd) apply(line string) (string, bool) {
	if c.p {
		return line, true
	}
	if c.y {
		var b strings.Builder
		for _, r := range line {
			if at := firstRune(c.from, r); at >= 0 {
				r = c.to[at]
			}
			b.WriteRune(r)
		}
		return b.String(), false
	}
	re, tmpl := c.rx, c.tmpl
	nth := max(c.nth, 1)
	var b strings.Builder
	last, n, replaced := 0, 0, false
	for _, m := range re.FindAllStringSubmatchIndex(line, -1) {
		if n++; n < nth || n > nth && !c.global {
			continue
		}
		b.WriteString(line[last:m[0]])
		b.Write(re.ExpandString(nil, tmpl, line, m))
		last, replaced = m[1], true
		if b.Len() > maxSedText {
			break // past what sedOutput reads
		}
	}
	b.WriteString(line[last:])
	return b.String(), c.print && replaced
}

// firstRune returns the index of the first r in rs.
func firstRune(rs []rune, r rune) int {
	for k, x := range rs {
		if x == r {
			return k
		}
	}
	return -1
}

// posixRegexp returns the Go regular expression of POSIX basic (or,
// ere, extended) one re, as sed and find -regex read it: the operators
// both read alike, literal characters quoted; delim is the character
// that ends an s command's expression, escaped in it. ok is false for what Go does not read as sed does: a
// back-reference, GNU's escapes (\w, \b, \<, \`), an equivalence class,
// an anchor inside the expression, an escaped delimiter that is an
// operator.
func posixRegexp(re string, delim byte, ere bool) (string, bool) {
	var b strings.Builder
	const ops = "(){}|+?"
	start := true // where ^ anchors and * is literal
	for k := 0; k < len(re); k++ {
		c, begins := re[k], false
		switch {
		case c == '\\' && k+1 < len(re):
			k++
			switch e := re[k]; {
			case e == delim && strings.IndexByte(`.*[]^$\+?(){}|`, e) >= 0:
				return "", false
			case !ere && strings.IndexByte(ops, e) >= 0:
				b.WriteByte(e)
				begins = e == '(' || e == '|'
			case e == delim || strings.IndexByte(`.*[]^$\/`, e) >= 0 || ere && strings.IndexByte(ops, e) >= 0:
				b.WriteString(regexp.QuoteMeta(string(e)))
			case e == 'n':
				b.WriteString(`\n`)
			case e == 't':
				b.WriteString(`\t`)
			default:
				return "", false
			}
		case c == '\\':
			return "", false
		case c == '[':
			end := bracketEnd(re, k)
			if end == k || strings.Contains(re[k:end], "[=") || strings.Contains(re[k:end], "[.") {
				return "", false // none, or an equivalence class
			}
			b.WriteString(strings.ReplaceAll(re[k:end+1], `\`, `\\`))
			k = end
		case c == '^' && start:
			b.WriteByte(c)
			begins = true
		case c == '$' && sedAnchorEnd(re[k+1:], ere):
			b.WriteByte(c)
		case c == '^' || c == '$':
			if ere {
				return "", false // an anchor inside the expression
			}
			b.WriteString(regexp.QuoteMeta(string(c)))
		case c == '*' && start:
			if ere {
				return "", false
			}
			b.WriteString(`\*`)
		case c == '.' || c == '*' || ere && strings.IndexByte(ops, c) >= 0:
			b.WriteByte(c)
			begins = ere && (c == '(' || c == '|')
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
		start = begins
	}
	return b.String(), true
}

// sedAnchorEnd says whether a $ followed by rest is an anchor: at the
// end of the expression, of a group or of an alternative.
func sedAnchorEnd(rest string, ere bool) bool {
	if ere {
		return rest == "" || rest[0] == ')' || rest[0] == '|'
	}
	return rest == "" || strings.HasPrefix(rest, `\)`) || strings.HasPrefix(rest, `\|`)
}

// sedInserted returns the text sed's scripts put in a file whatever it
// held: each s command's replacement and the text of a, i and c, one a
// line. known is false where one is only known at run time (a script
// word not written out, & or \1 of the match, an escape sedTemplate does
// not read) or a command sedCommands does not read (y, an address of a
// pattern): that edit keeps today's answer, unless its commands one by
// one are read (sedPieces).
func sedInserted(scripts []Word) (text string, known bool) {
	if text, known = sedInsertedIn(scripts); known {
		return text, known
	}
	if pieces, ok := sedPieces(scripts); ok {
		return sedInsertedIn(pieces)
	}
	return "", false
}

// sedPieces returns scripts cut into their commands, roughly, for
// sedInserted: GNU sed joins its scripts with newlines (sed -e '1i\' -e
// 'rm -rf ~'), a text command ends at its line's end, and others at a
// semicolon (s/x/y/;1i rm -rf ~), around { } of an address; commands
// that put no text in (x, G, d …) are left out. A piece cut wrong is one
// sedInsertedIn does not read, so that the edit keeps today's answer.
func sedPieces(scripts []Word) ([]Word, bool) {
	var all []string
	for _, w := range scripts {
		if !w.Literal {
			return nil, false
		}
		all = append(all, w.Text)
	}
	var out []Word
	lines := strings.Split(strings.Join(all, "\n"), "\n")
	for k := 0; k < len(lines); k++ {
		start := k
		for strings.HasSuffix(lines[k], "\\") && k+1 < len(lines) {
			k++
		}
		line := strings.Join(lines[start:k+1], "\n")
		if _, ok := sedAppended(line); ok {
			out = append(out, Word{Text: line, Literal: true})
			continue
		}
		for _, p := range strings.Split(line, ";") {
			p = strings.TrimSpace(p)
			if a, ok := sedTextAddress(p); ok && strings.HasPrefix(a, "{") {
				p = strings.TrimSpace(a[1:])
			}
			p = strings.TrimSpace(strings.TrimSuffix(p, "}"))
			if a, ok := sedTextAddress(p); p == "" || ok && len(a) == 1 && strings.Contains("xhHgGdDnNpPqQ=", a) {
				continue
			}
			out = append(out, Word{Text: p, Literal: true})
		}
	}
	return out, len(out) > 0
}

// sedInsertedIn is sedInserted of scripts as they stand.
func sedInsertedIn(scripts []Word) (text string, known bool) {
	var b strings.Builder
	for _, w := range scripts {
		if !w.Literal {
			return "", false
		}
		if t, ok := sedAppended(w.Text); ok {
			b.WriteString(t + "\n")
			continue
		}
		cmds, ok := sedCommands(w.Text)
		if !ok {
			return "", false
		}
		for _, c := range cmds {
			if c.y {
				return "", false
			}
			if c.p {
				continue
			}
			t, ok := sedTemplate(c.repl, c.delim)
			if !ok || strings.Contains(t, "${") {
				return "", false
			}
			b.WriteString(strings.ReplaceAll(t, "$$", "$") + "\n")
		}
	}
	return b.String(), b.Len() > 0
}

// sedAppended returns the text of script s when it is one a, i or c
// command, after a line's number or $ at most: GNU's one-line form (a
// text) or the classic one (a\ and the text on the next lines, each
// ending in a backslash but the last).
func sedAppended(s string) (string, bool) {
	s, ok := sedTextAddress(strings.TrimLeft(s, " \t\n"))
	if !ok || len(s) < 2 || strings.IndexByte("aic", s[0]) < 0 {
		return "", false
	}
	rest := s[1:]
	switch {
	case strings.HasPrefix(rest, "\\\n"):
		rest = rest[2:]
	case strings.HasPrefix(rest, "\\"):
		rest = rest[1:]
	case rest[0] == ' ' || rest[0] == '\t':
		rest = strings.TrimLeft(rest, " \t")
	default:
		return "", false
	}
	return strings.ReplaceAll(rest, "\\\n", "\n"), true
}

// sedTextAddress returns s after the address that starts it, as an a, i
// or c command's may be: none, a line's number, $ or /re/, a second one
// after a comma, then ! (sed -i '/x/a rm -rf ~' f appends after each
// line that holds x); ok is false for an address it does not read.
func sedTextAddress(s string) (string, bool) {
	one := func(s string) (string, bool) {
		if strings.HasPrefix(s, "/") {
			_, rest, ok := sedPart(s[1:], '/')
			return strings.TrimLeft(rest, " \t"), ok
		}
		if s == "" {
			return "", false
		}
		addr, rest := sedAddress(s)
		return rest, addr != 0 || rest != ""
	}
	s, ok := one(s)
	if ok && strings.HasPrefix(s, ",") {
		s, ok = one(strings.TrimLeft(s[1:], " \t"))
	}
	return strings.TrimLeft(strings.TrimPrefix(s, "!"), " \t"), ok
}

// sedTemplate returns replacement repl of an s command as a template of
// Regexp.Expand: & the match, \1 … \9 the groups. ok is false for GNU's
// case conversions (\U, \L …) and other escapes of a letter.
func sedTemplate(repl string, delim byte) (string, bool) {
	var b strings.Builder
	for k := 0; k < len(repl); k++ {
		switch c := repl[k]; {
		case c == '\\' && k+1 < len(repl):
			k++
			switch e := repl[k]; {
			case e >= '0' && e <= '9':
				b.WriteString("${" + strconv.Itoa(int(e-'0')) + "}")
			case e == 'n':
				b.WriteByte('\n')
			case e == 't':
				b.WriteByte('\t')
			case e == '$':
				b.WriteString("$$")
			case !isNameByte(e):
				b.WriteByte(e)
			default:
				return "", false
			}
		case c == '&':
			b.WriteString("${0}")
		case c == '$':
			b.WriteString("$$")
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
