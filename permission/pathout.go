package permission

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// What the commands that make a path of another print, where the
// analysis reads it: dirname, basename, realpath and readlink -f of
// literal operands, and tr of a known text with literal sets. A
// substitution of one is a value as one of echo is (feeds): p=$(dirname
// .git/hooks/x); cp x "$p"/pre-commit writes a hook, as cp x
// .git/hooks/pre-commit does.

// pathOutput returns what c prints where it is a dirname, basename,
// realpath or readlink -f (-e, -m) of literal operands: the paths it
// makes of them, one a line. A realpath's is the operand cleaned,
// below c's directory where a cd moved it: the file it names, which the
// checks resolve as the command's own words.
func pathOutput(c SimpleCommand) (string, bool) {
	args := c.Args()
	if len(args) < 2 || !allLiteral(args) {
		return "", false
	}
	var ops []string
	suffix, all := "", false
	canonical := false
	relTo, relative := "", false // realpath --relative-to=DIR
	for k := 1; k < len(args); k++ {
		t := args[k].Text
		switch {
		case t == "--":
			for _, w := range args[k+1:] {
				ops = append(ops, w.Text)
			}
			k = len(args)
		case !strings.HasPrefix(t, "-") || t == "-":
			ops = append(ops, t)
		case lowerName(c) == "basename" && (t == "-a" || t == "--multiple"):
			all = true
		case lowerName(c) == "basename" && (t == "-s" || t == "--suffix") && k+1 < len(args):
			k++
			suffix, all = args[k].Text, true
		case lowerName(c) == "basename" && strings.HasPrefix(t, "--suffix="):
			suffix, all = strings.TrimPrefix(t, "--suffix="), true
		case lowerName(c) == "readlink" && strings.Trim(t, "-fem") == "" && !strings.HasPrefix(t, "--") ||
			lowerName(c) == "readlink" && (t == "--canonicalize" || t == "--canonicalize-existing" || t == "--canonicalize-missing"):
			canonical = true
		case lowerName(c) == "realpath" && (strings.Trim(t, "-emsqLP") == "" && !strings.HasPrefix(t, "--") ||
			t == "--canonicalize-existing" || t == "--canonicalize-missing" || t == "--no-symlinks" || t == "--quiet" ||
			t == "--logical" || t == "--physical"):
		case lowerName(c) == "realpath" && strings.HasPrefix(t, "--relative-to="):
			relTo, relative = strings.TrimPrefix(t, "--relative-to="), true
		case lowerName(c) == "realpath" && t == "--relative-to" && k+1 < len(args):
			k++
			relTo, relative = args[k].Text, true
		default:
			return "", false // -z, --relative-base=…: another output
		}
	}
	if len(ops) == 0 {
		return "", false
	}
	var out []string
	switch lowerName(c) {
	case "dirname":
		for _, o := range ops {
			out = append(out, dirName(o))
		}
	case "basename":
		if !all && len(ops) == 2 {
			suffix, ops = ops[1], ops[:1]
		} else if !all && len(ops) > 2 {
			return "", false
		}
		for _, o := range ops {
			b := baseName(strings.TrimRight(o, "/"))
			if o != "" && strings.Trim(o, "/") == "" {
				b = "/"
			}
			if s, ok := strings.CutSuffix(b, suffix); ok && s != "" {
				b = s
			}
			out = append(out, b)
		}
	case "readlink", "realpath":
		if lowerName(c) == "readlink" && !canonical || c.Dir == "?" || strings.ContainsAny(c.Dir, "~$") {
			// readlink alone prints a link's target; a directory only
			// known at run time, or the home's, is no literal path.
			return "", false
		}
		for _, o := range ops {
			if !path.IsAbs(o) && c.Dir != "" {
				o = c.Dir + "/" + o
			}
			o = path.Clean(o)
			if relative {
				// Both below c's directory, or both absolute: the
				// path from one to the other.
				base := relTo
				if !path.IsAbs(base) && c.Dir != "" {
					base = c.Dir + "/" + base
				}
				rel, err := filepath.Rel(path.Clean(base), o)
				if err != nil || path.IsAbs(base) != path.IsAbs(o) {
					return "", false
				}
				o = rel
			}
			out = append(out, o)
		}
	default:
		return "", false
	}
	return strings.Join(out, "\n"), true
}

// pwdOutput returns what c prints where it is a pwd (-L, -P) in a
// directory a cd on the line moved to, or the one the line starts in
// (cwd, "" when not known): the directory, below cwd where that is
// known, as written where not (the checks resolve a relative value from
// the directory of the command that expands it, the line's where no cd
// came between). p=$(cd .git && pwd)/config is the config.
func pwdOutput(c SimpleCommand, cwd string) (string, bool) {
	args := c.Args()
	if lowerName(c) != "pwd" || !allLiteral(args) || len(c.Redirects) > 0 ||
		c.Dir == "?" || strings.ContainsAny(c.Dir, "~$"+dirSetMark) {
		return "", false
	}
	for _, w := range args[1:] {
		if w.Text != "-L" && w.Text != "-P" {
			return "", false
		}
	}
	switch {
	case path.IsAbs(c.Dir):
		return path.Clean(c.Dir), true
	case cwd != "":
		return path.Join(cwd, c.Dir), true
	case c.Dir != "":
		return path.Clean(c.Dir), true
	}
	return "", false
}

// dirName returns what dirname prints for p: p without its last name
// and the slashes before it, "." for a name alone, / for /.
func dirName(p string) string {
	t := strings.TrimRight(p, "/")
	if t == "" {
		if p == "" {
			return "."
		}
		return "/"
	}
	at := strings.LastIndexByte(t, '/')
	if at < 0 {
		return "."
	}
	if t = strings.TrimRight(t[:at], "/"); t == "" {
		return "/"
	}
	return t
}

// trText returns what tr with arguments args (its options and sets)
// prints of text in: its characters translated, deleted (-d) or
// squeezed (-s) as the sets, written out, say. Where the sets are not
// read (a complement, a class but upper and lower, a repeat, a value only
// known at run time), text comes back in lower case: tr's use that makes
// a protected name (.GIT to .git) is a change of case, and every
// protected name is lower case.
func trText(args []Word, in string) string {
	var sets []string
	del, squeeze := false, false
	for _, w := range args {
		switch t := w.Text; {
		case !w.Literal:
			return strings.ToLower(in)
		case len(sets) == 0 && len(t) > 1 && t[0] == '-' && strings.Trim(t[1:], "ds") == "":
			del = del || strings.Contains(t, "d")
			squeeze = squeeze || strings.Contains(t, "s")
		case len(sets) == 0 && t == "--":
		case len(sets) == 0 && strings.HasPrefix(t, "-"):
			return strings.ToLower(in) // -c, -t: the sets taken otherwise
		default:
			s, ok := trSet(t)
			if !ok {
				return strings.ToLower(in)
			}
			sets = append(sets, s)
		}
	}
	if len(sets) == 0 || len(sets) > 2 || !del && !squeeze && len(sets) != 2 {
		return strings.ToLower(in)
	}
	// Where each character of set1 is, the later of one twice (it
	// wins), and set2's: looked up once a character, however long the
	// sets.
	from := map[rune]int{}
	for k, r := range []rune(sets[0]) {
		from[r] = k
	}
	var b strings.Builder
	switch {
	case del:
		for _, r := range in {
			if _, ok := from[r]; !ok {
				b.WriteRune(r)
			}
		}
	case len(sets) == 2:
		to := []rune(sets[1])
		if len(to) == 0 {
			return strings.ToLower(in)
		}
		for _, r := range in {
			// set2 is padded with its last character.
			if at, ok := from[r]; ok {
				b.WriteRune(to[min(at, len(to)-1)])
				continue
			}
			b.WriteRune(r)
		}
	default:
		b.WriteString(in)
	}
	out := b.String()
	if squeeze {
		set := map[rune]bool{}
		for _, r := range sets[len(sets)-1] {
			set[r] = true
		}
		var s strings.Builder
		var last rune = -1
		for _, r := range out {
			if r == last && set[r] {
				continue
			}
			s.WriteRune(r)
			last = r
		}
		out = s.String()
	}
	return out
}

// trSet returns the characters tr's set s stands for: ranges (a-z),
// [:upper:] and [:lower:], and escapes (\n, \\, \/). ok is false for
// another class, an equivalence class, a repeat, and more than
// maxTrSet characters.
func trSet(s string) (string, bool) {
	var rs []rune
	src := []rune(s)
	for k := 0; k < len(src); k++ {
		r := src[k]
		switch {
		case r == '[' && strings.HasPrefix(string(src[k:]), "[:upper:]"):
			for c := 'A'; c <= 'Z'; c++ {
				rs = append(rs, c)
			}
			k += len("[:upper:]") - 1
			continue
		case r == '[' && strings.HasPrefix(string(src[k:]), "[:lower:]"):
			for c := 'a'; c <= 'z'; c++ {
				rs = append(rs, c)
			}
			k += len("[:lower:]") - 1
			continue
		case r == '[' && k+1 < len(src) && (src[k+1] == ':' || src[k+1] == '=') || r == '*' && k > 0 && src[k-1] != '\\':
			return "", false
		case r == '\\' && k+1 < len(src):
			k++
			switch src[k] {
			case 'n':
				r = '\n'
			case 't':
				r = '\t'
			case '0', '1', '2', '3', '4', '5', '6', '7', 'a', 'b', 'f', 'r', 'v':
				return "", false
			default:
				r = src[k]
			}
		}
		if k+2 < len(src) && src[k+1] == '-' {
			hi := src[k+2]
			if hi == '\\' || hi < r || hi-r > 0x2000 {
				return "", false
			}
			for c := r; c <= hi; c++ {
				rs = append(rs, c)
			}
			k += 2
		} else {
			rs = append(rs, r)
		}
		if len(rs) > maxTrSet {
			return "", false // many ranges: no name's letters
		}
	}
	return string(rs), true
}

// maxTrSet bounds the characters a tr set stands for, each range
// written out: a set of a few kB of ranges would be hundreds of MB.
const maxTrSet = 1 << 14

// filterOutput returns what c prints of text in where it is a tr or a
// sed that only changes its input (trText, sedOutput), a decoder
// (decodedOutput), a rev, a tee, a
// paste (pasteOutput), or a filter that prints some of its lines or all
// in another order (head, sort …), whose lines are all taken, as they
// are of a file the line wrote (filterOf).
func filterOutput(c SimpleCommand, in string) (string, bool) {
	switch lowerName(c) {
	case "tr":
		return trText(c.Args()[1:], in), true
	case "sed", "gsed":
		return sedOutput(c.Args()[1:], in)
	case "tee":
		return in, true // and writes it to its files, judged as such
	case "head", "tail", "sort", "tac", "uniq":
		ops, ok := filterOperands(c)
		return in, ok && len(ops) == 0
	case "cut":
		return cutOutput(c.Args()[1:], in)
	case "paste":
		return pasteOutput(c.Args()[1:], in)
	case "awk", "gawk", "mawk":
		return awkOutput(c.Args()[1:], in, true)
	case "xargs", "echo", "printf":
		opts, args, ok := xargsOptions(c)
		if !ok {
			return xargsPrintf(c, in)
		}
		return xargsEchoed(opts, args, in)
	case "grep":
		return grepOutput(c.Args()[1:], in)
	case "base64", "base32", "xxd":
		return decodedOutput(c, in) // echo cm0gLXJmIH4= | base64 -d | sh
	case "cat":
		// cat, cat -: its input as it is.
		return in, !slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return !w.Literal || w.Text != "-" })
	case "rev":
		if len(c.Args()) > 1 {
			return "", false
		}
		lines := strings.Split(in, "\n")
		for k, l := range lines {
			rs := []rune(l)
			slices.Reverse(rs)
			lines[k] = string(rs)
		}
		return strings.Join(lines, "\n"), true
	}
	return "", false
}

// pasteOutput returns what paste prints of its input in: its lines in
// rows, all of them with -s, else one for each - (each reads a line in
// turn), joined by -d's characters in turn (pasteDelims, a tab by
// default) from the first again in each row. ok is false for another
// option and a file operand.
func pasteOutput(args []Word, in string) (string, bool) {
	serial, delims, inputs := false, "\t", 0
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if !args[k].Literal {
			return "", false
		}
		switch {
		case t == "-":
			inputs++
		case t == "--serial":
			serial = true
		case strings.HasPrefix(t, "--delimiters="):
			delims = t[len("--delimiters="):]
		case len(t) > 1 && t[0] == '-' && t[1] != '-':
			for j := 1; j < len(t); j++ {
				if t[j] == 's' {
					serial = true
					continue
				}
				if t[j] != 'd' {
					return "", false
				}
				if delims = t[j+1:]; delims == "" {
					if k++; k == len(args) || !args[k].Literal {
						return "", false
					}
					delims = args[k].Text
				}
				break
			}
		default:
			return "", false // a file, --delimiters LIST
		}
	}
	ds, ok := pasteDelims(delims)
	if !ok || serial && inputs > 1 {
		return "", false // paste -s - -: an empty line for each later -
	}
	lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	row := len(lines)
	if !serial {
		if in == "" {
			return "", true
		}
		row = max(inputs, 1)
	}
	var b strings.Builder
	for r := 0; r < len(lines); r += row {
		for k := range row {
			if k > 0 && len(ds) > 0 {
				b.WriteString(ds[(k-1)%len(ds)])
			}
			if r+k < len(lines) {
				b.WriteString(lines[r+k])
			}
		}
		b.WriteByte('\n')
		if b.Len() > maxFilterOutput {
			return "", false
		}
	}
	return b.String(), true
}

// pasteDelims returns the delimiters of paste's -d list, "" for \0 (no
// delimiter): \n, \t and \\ as GNU's and BSD's paste read them, and a
// backslash before another character that character. ok is false for
// \b, \f, \r and \v, control characters to GNU's paste and letters to
// BSD's, for a backslash at the end, which GNU's paste fails on, and for
// a character past ASCII, whose bytes GNU's paste takes in turn.
func pasteDelims(list string) ([]string, bool) {
	var ds []string
	for k := 0; k < len(list); k++ {
		c := list[k]
		if c == '\\' {
			if k++; k == len(list) {
				return nil, false
			}
			switch c = list[k]; c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case '0':
				ds = append(ds, "")
				continue
			case 'b', 'f', 'r', 'v':
				return nil, false
			}
		}
		if c >= utf8.RuneSelf {
			return nil, false
		}
		ds = append(ds, string(c))
	}
	return ds, true
}

// cutOutput returns what cut with arguments args prints of text in: the
// fields (-f, split at -d's character, a tab by default) or the
// characters (-c) or bytes (-b) its list picks out of each line. ok is
// false for another option, a list not read, a file operand, and -c of
// text past ASCII: GNU's cut counts bytes there, BSD's characters (cut
// -c3- <<< 'érm -rf ~' prints rm -rf ~ on Linux).
func cutOutput(args []Word, in string) (string, bool) {
	delim, list, fields, only, bytes := "\t", "", false, false, false
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if !args[k].Literal || !strings.HasPrefix(t, "-") || len(t) < 2 {
			return "", false
		}
		opt, v := t[:2], t[2:]
		switch {
		case t == "-s" || t == "--only-delimited":
			only = true
			continue
		case strings.HasPrefix(t, "--delimiter="):
			opt, v = "-d", strings.TrimPrefix(t, "--delimiter=")
		case strings.HasPrefix(t, "--fields="):
			opt, v = "-f", strings.TrimPrefix(t, "--fields=")
		case strings.HasPrefix(t, "--characters="):
			opt, v = "-c", strings.TrimPrefix(t, "--characters=")
		case strings.HasPrefix(t, "--bytes="):
			opt, v = "-b", strings.TrimPrefix(t, "--bytes=")
		case strings.IndexByte("dfcb", t[1]) < 0:
			return "", false
		}
		if v == "" && !strings.HasPrefix(t, "--") {
			if k++; k >= len(args) || !args[k].Literal {
				return "", false
			}
			v = args[k].Text
		}
		switch opt {
		case "-d":
			if utf8.RuneCountInString(v) != 1 {
				return "", false
			}
			delim = v
		case "-f":
			list, fields = v, true
		case "-c", "-b":
			list, fields, bytes = v, false, opt == "-b"
		default:
			return "", false
		}
	}
	spans, ok := cutSpans(list)
	if !ok || !fields && !bytes && strings.IndexFunc(in, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
		return "", false
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		var parts []string
		if fields {
			if !strings.Contains(l, delim) {
				if !only {
					lines = append(lines, l)
				}
				continue
			}
			parts = strings.Split(l, delim)
		} else if bytes {
			for k := range len(l) {
				parts = append(parts, l[k:k+1])
			}
			delim = ""
		} else {
			for _, r := range l {
				parts = append(parts, string(r))
			}
			delim = ""
		}
		var picked []string
		at := 0 // spans are sorted and apart: n only grows
		for n, part := range parts {
			for at < len(spans) && spans[at][1] < n+1 {
				at++
			}
			if at < len(spans) && spans[at][0] <= n+1 {
				picked = append(picked, part)
			}
		}
		lines = append(lines, strings.Join(picked, delim))
	}
	out := strings.Join(lines, "\n")
	if strings.HasSuffix(in, "\n") {
		out += "\n"
	}
	return out, true
}

// cutSpans returns the ranges cut's list (1,3-4,6-) picks out, sorted
// and merged, so that a line's fields are matched in one pass however
// long the list; ok is false for a list not read.
func cutSpans(list string) ([][2]int, bool) {
	if list == "" {
		return nil, false
	}
	var spans [][2]int
	for _, r := range strings.Split(list, ",") {
		lo, hi, span := strings.Cut(r, "-")
		a, b := 1, 1<<30
		var err error
		if lo != "" {
			if a, err = strconv.Atoi(lo); err != nil || a < 1 {
				return nil, false
			}
		}
		if !span {
			b = a
		} else if hi != "" {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, false
			}
		}
		if lo == "" && hi == "" {
			return nil, false
		}
		spans = append(spans, [2]int{a, b})
	}
	slices.SortFunc(spans, func(x, y [2]int) int { return x[0] - y[0] })
	merged := spans[:1]
	for _, s := range spans[1:] {
		if last := &merged[len(merged)-1]; s[0] <= last[1] {
			last[1] = max(last[1], s[1])
		} else {
			merged = append(merged, s)
		}
	}
	return merged, true
}

// pipedFilters records in catDocs what each filter stage of pipeline p
// (tr, sed, cut, awk, xargs, grep, cat … : filterOutput) prints where
// what the stage before it writes is known (echo .GIT | tr A-Z a-z, {
// echo .G; echo IT; } | tr -d '\n': stageDoc), so that a substitution of the pipeline
// is a value (feeds), and a stage after it is fed it. What is made of a
// copy's text (d=.GIT; echo "$d" | tr A-Z a-z), or by a filter whose
// output only copies are made of (filterCopies), is a copy too. stmts
// are the stages' statements.
func (z *analyzer) pipedFilters(p Pipeline, stmts []*syntax.Stmt) {
	for k := 1; k < len(p); k++ {
		if len(p[k]) != 1 {
			continue
		}
		c := z.a.Commands[p[k][0]]
		if len(c.Redirects) > 0 {
			continue
		}
		d, known := z.stageDoc(p[k-1], stmts[k-1])
		if !known {
			continue
		}
		if out, ok := filterOutput(c, d.text); ok {
			copied := d.copy
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[p[k][0]] = fedDoc{out, true, copied || slices.Contains(filterCopies, lowerName(c)) || xargsCopy(c)}
		}
	}
}

// filterCopies are the filters whose output pipedFilters reads for the
// copies a substitution makes alone: what a shell is fed from them stays
// a program only known at run time, as it was before they were read.
var filterCopies = []string{"awk", "gawk", "mawk", "xargs", "cat", "grep"}

// xargsCopy says whether c is xargs alone, xargs echo or xargs printf
// (filterCopies).
func xargsCopy(c SimpleCommand) bool {
	_, _, ok := xargsOptions(c)
	return ok || c.Inner > 0 && lowerName(c) == "printf" && c.Words[0].Literal && baseName(c.Words[0].Text) == "xargs"
}

// pipedSubst says whether substitution sub is one pipeline whose last
// stage is the last of the commands walked (a tr a pipe feeds: what
// pipedFilters records is what the substitution prints).
func pipedSubst(sub subst) bool {
	if len(sub.stmts) != 1 {
		return false
	}
	b, ok := sub.stmts[0].Cmd.(*syntax.BinaryCmd)
	return ok && isPipe(b.Op) && !sub.stmts[0].Negated && len(sub.stmts[0].Redirs) == 0
}
