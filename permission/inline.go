package permission

import (
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Inline code: the program an interpreter is given as text (python3 -c,
// node -e, perl -e, ruby -e, php -r, lua -e, Rscript -e, osascript -e,
// awk's program) or on its standard input (a here-document, a
// here-string, an echo piped in). It is read as text, not parsed: string
// literals and the names of the calls that run commands, delete, write or
// read files. What they do is added to the analysis as the shell commands
// they amount to (os.system("rm -rf ~") as the program `rm -rf ~`,
// shutil.rmtree("/") as `rm -rf /`, open(p, "w") as `tee p`), so the rules
// and checks that judge those judge them.

// codeLang is the language of inline code.
type codeLang uint8

const (
	langNone codeLang = iota
	langPython
	langJS
	langPerl
	langRuby
	langPHP
	langLua
	langR
	langAppleScript
	langAwk
)

// codeHole stands in inline code for what the shell fills in at run time
// ("$x" in python3 -c "print('$x')"); codeHome for the home directory
// named in a Perl string ("$ENV{HOME}/.ssh").
const (
	codeHole = '\x00'
	codeHome = '\x01'
)

// interpSpec says how an interpreter is given its program: the short
// options whose value is code, the long ones, the short options that take
// a value (attached, or the next word) and those that take the rest of
// their cluster only, the short options after which no program of the
// command line runs (python -m, node -c), and whether, given neither code
// nor a script, it reads its program from standard input.
type interpSpec struct {
	lang     codeLang
	code     string
	longCode []string
	value    string
	rest     string
	stop     string
	attached bool // a code option's value may be attached (-e'code')
	stdin    bool
}

// interpOf returns how the interpreter n (a lower-case name) takes its
// program; nil for a program that is none of them.
func interpOf(n string) *interpSpec {
	switch {
	case n == "python" || n == "python2" || n == "python3" || n == "pypy" || n == "pypy3" ||
		strings.HasPrefix(n, "python2.") || strings.HasPrefix(n, "python3."):
		return &interpSpec{lang: langPython, code: "c", value: "WXQ", stop: "m", attached: true, stdin: true}
	case n == "node" || n == "nodejs":
		return &interpSpec{lang: langJS, code: "ep", longCode: []string{"--eval", "--print"}, value: "rC", stop: "c", stdin: true}
	case n == "bun":
		return &interpSpec{lang: langJS, code: "ep", longCode: []string{"--eval", "--print"}, value: "r"}
	case n == "perl" || strings.HasPrefix(n, "perl5"):
		return &interpSpec{lang: langPerl, code: "eE", value: "I", rest: "ixCdDMmF", attached: true, stdin: true}
	case n == "ruby":
		return &interpSpec{lang: langRuby, code: "e", value: "rICE", rest: "iFx0WKT", attached: true, stdin: true}
	case n == "php" || strings.HasPrefix(n, "php") && isDecimal(strings.ReplaceAll(n[3:], ".", "")):
		return &interpSpec{lang: langPHP, code: "rBRE", value: "dcz", stop: "fFsl", attached: true, stdin: true}
	case n == "lua" || n == "luajit" || strings.HasPrefix(n, "lua5"):
		return &interpSpec{lang: langLua, code: "e", value: "l", attached: true, stdin: true}
	case n == "rscript":
		return &interpSpec{lang: langR, code: "e", stop: "f"}
	case n == "r":
		// R, given no file, reads its program from its input.
		return &interpSpec{lang: langR, code: "e", stop: "f", stdin: true}
	case n == "irb":
		return &interpSpec{lang: langRuby, value: "rI", stdin: true}
	case n == "osascript":
		return &interpSpec{lang: langAppleScript, code: "e", value: "ls", stdin: true}
	}
	return nil
}

// codeRef is where a piece of inline code lies: in c.Words[word], from
// byte from of its text on (0 for a whole word; past the option for code
// attached to it, -e'code' or --eval=CODE).
type codeRef struct{ word, from int }

// inlineProgram returns the language of the code c runs, where in c.Words
// it lies (several pieces for perl -e … -e …), and whether it reads its
// program from standard input instead. lang is langNone for a program
// that runs none of either (a script, a module).
func inlineProgram(c SimpleCommand) (lang codeLang, code []codeRef, stdin bool) {
	n := lowerName(c)
	args := c.Args()
	base := c.Inner
	switch n {
	case "awk", "gawk", "mawk", "nawk":
		// The program is -e's (--source's) or else the first operand,
		// unless -f names a file of it.
		file := false
		var ops []int
		for i := 1; i < len(args); i++ {
			t := args[i].Text
			switch {
			case !args[i].Literal || t == "-" || !strings.HasPrefix(t, "-"):
				ops = append(ops, i)
			case t == "--":
				for k := i + 1; k < len(args); k++ {
					ops = append(ops, k)
				}
				i = len(args)
			case t == "-e" || t == "--source" || t == "--exec":
				if i+1 < len(args) {
					code = append(code, codeRef{word: base + i + 1})
				}
				i++
			case strings.HasPrefix(t, "--source="):
				code = append(code, codeRef{word: base + i, from: len("--source=")})
			case t == "-f" || t == "--file" || t == "-E":
				file = true
				i++
			case strings.HasPrefix(t, "--"):
				if !strings.Contains(t, "=") && abbrevOf(t, awkTakes) != "" {
					i++
				}
			case len(t) == 2 && strings.IndexByte("FvilWo", t[1]) >= 0:
				i++ // the value follows
			}
		}
		if len(code) == 0 && !file && len(ops) > 0 {
			code = append(code, codeRef{word: base + ops[0]})
		}
		if len(code) == 0 {
			return langNone, nil, false
		}
		return langAwk, code, false
	case "deno":
		// deno eval [-p] CODE
		if len(args) < 3 || args[1].Text != "eval" {
			return langNone, nil, false
		}
		for i := 2; i < len(args); i++ {
			if t := args[i].Text; !args[i].Literal || !strings.HasPrefix(t, "-") {
				return langJS, []codeRef{{word: base + i}}, false
			}
		}
		return langNone, nil, false
	}
	spec := interpOf(n)
	if spec == nil {
		return langNone, nil, false
	}
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal && !strings.HasPrefix(t, "-"):
			if len(code) > 0 || strings.HasPrefix(t, "<(") {
				// python3 <(…): a program a process substitution
				// prints (scriptFromFD).
				return spec.lang, code, false
			}
			return langNone, nil, false // a script only known at run time
		case t == "-":
			return spec.lang, code, len(code) == 0 && (spec.stdin || n == "rscript")
		case t == "--":
			if len(code) == 0 && i+1 >= len(args) && spec.stdin {
				return spec.lang, nil, true
			}
			return spec.lang, code, false
		case strings.HasPrefix(t, "--"):
			name, _, eq := strings.Cut(t, "=")
			if containsString(spec.longCode, name) {
				if eq {
					code = append(code, codeRef{word: base + i, from: len(name) + 1})
					continue
				}
				if i+1 < len(args) {
					code = append(code, codeRef{word: base + i + 1})
				}
				i++
			}
		case len(t) > 1 && t[0] == '-':
		cluster:
			for k := 1; k < len(t); k++ {
				switch ch := t[k]; {
				case strings.IndexByte(spec.code, ch) >= 0:
					if k+1 < len(t) && spec.attached {
						// -e'code', -cCODE, -le'code': the rest of the
						// word is the code (a word the shell fills in
						// too, -c"$x", whose text is its source: the
						// option letters are as written).
						code = append(code, codeRef{word: base + i, from: k + 1})
						break cluster
					}
					if i+1 < len(args) {
						code = append(code, codeRef{word: base + i + 1})
					}
					i++
					if !spec.attached {
						continue // node -pe CODE: one value for both
					}
					break cluster
				case strings.IndexByte(spec.stop, ch) >= 0:
					if spec.lang == langPython && ch == 'm' {
						// python -m MOD: a module of the standard
						// library's whose arguments are code
						// (timeit's statements, pdb -c's commands).
						if code = pythonModuleCode(args, i, k, base); len(code) > 0 {
							return langPython, code, false
						}
					}
					return langNone, nil, false
				case strings.IndexByte(spec.value, ch) >= 0:
					if k+1 == len(t) {
						i++
					}
					break cluster
				case spec.lang == langPerl && (ch == 'l' || ch == '0'):
					// -l and -0 take digits only: -lne CODE.
					for k+1 < len(t) && (t[k+1] >= '0' && t[k+1] <= '9' || ch == '0' && strings.IndexByte("xabcdefABCDEF", t[k+1]) >= 0) {
						k++
					}
				case strings.IndexByte(spec.rest, ch) >= 0:
					break cluster
				}
			}
			if !spec.attached {
				// node -pe CODE took the next word once.
				if c := len(code); c >= 2 && code[c-1].word == code[c-2].word+1 && code[c-1].word == base+i {
					code = code[:c-1]
					i--
				}
			}
		default:
			// A script: what follows is its arguments. python3
			// /dev/stdin <<< CODE reads its program from standard input
			// as python3 - does.
			if fd, ok := fdPath(t); ok && fd == 0 && len(code) == 0 && spec.stdin {
				return spec.lang, nil, true
			}
			return spec.lang, code, false
		}
	}
	if len(code) > 0 {
		return spec.lang, code, false
	}
	return spec.lang, nil, spec.stdin
}

// pythonModuleCode returns where the code lies that python -m MOD (the
// m at byte k of args[i]) runs from its arguments: timeit's statements
// and -s (--setup) values, and pdb's -c commands, which pdb runs as Python
// statements when they are none of its own; cProfile, profile and pdb
// run another module with -m, followed.
func pythonModuleCode(args []Word, i, k, base int) []codeRef {
	var code []codeRef
	for hops := 0; hops < 4; hops++ {
		mod, next := "", i+1
		if t := args[i].Text; k+1 < len(t) {
			mod = t[k+1:]
		} else if i+1 < len(args) {
			mod, next = args[i+1].Text, i+2
		}
		if i+1 < len(args) && k+1 >= len(args[i].Text) && !args[i+1].Literal {
			return code
		}
		switch mod {
		case "timeit":
			// getopt "n:u:s:r:pvh": the statements follow the options.
			for j := next; j < len(args); j++ {
				t := args[j].Text
				switch {
				case t == "--":
					for j++; j < len(args); j++ {
						code = append(code, codeRef{word: base + j})
					}
				case t == "-s" || t == "--setup" || abbrevOf(t, []string{"--setup"}) == "--setup":
					if j+1 < len(args) {
						code = append(code, codeRef{word: base + j + 1})
					}
					j++
				case strings.HasPrefix(t, "--setup="):
					code = append(code, codeRef{word: base + j, from: len("--setup=")})
				case strings.HasPrefix(t, "-s") && len(t) > 2:
					code = append(code, codeRef{word: base + j, from: 2})
				case len(t) == 2 && strings.IndexByte("nur", t[1]) >= 0 && t[0] == '-',
					t == "--number" || t == "--repeat" || t == "--unit":
					j++
				case strings.HasPrefix(t, "-") && len(t) > 1:
				default:
					code = append(code, codeRef{word: base + j})
				}
			}
			return code
		case "pdb", "cProfile", "profile":
			// pdb [-c CMD] (-m MOD | FILE); cProfile [-o F] [-s S] (-m MOD | FILE)
			found := false
			for j := next; j < len(args) && !found; j++ {
				t := args[j].Text
				switch {
				case mod == "pdb" && (t == "-c" || t == "--command"):
					if j+1 < len(args) {
						code = append(code, codeRef{word: base + j + 1})
					}
					j++
				case mod == "pdb" && strings.HasPrefix(t, "--command="):
					code = append(code, codeRef{word: base + j, from: len("--command=")})
				case mod == "pdb" && strings.HasPrefix(t, "-c") && len(t) > 2:
					code = append(code, codeRef{word: base + j, from: 2})
				case t == "-o" || t == "-s" || t == "--outfile" || t == "--sort":
					j++
				case t == "-m" || strings.HasPrefix(t, "-m") && len(t) > 2 && t[1] == 'm':
					i, k, found = j, 1, true
				case !strings.HasPrefix(t, "-") || t == "-" || t == "--":
					return code // a script
				}
			}
			if !found {
				return code
			}
		default:
			return code
		}
	}
	return code
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// holedText returns the text of w as the program it gives is read, with
// codeHole where the shell fills in what is only known at run time, and
// codeHome where it puts the home directory ($HOME, a leading ~).
func holedText(w *syntax.Word) string {
	var b strings.Builder
	hole := func(p syntax.WordPart) { b.WriteByte(holeFor(p)) }
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && (v == "~" || strings.HasPrefix(v, "~/")) {
				b.WriteByte(codeHome)
				v = v[1:]
			}
			unescapeUnquoted(&b, v)
		case *syntax.SglQuoted, *syntax.DblQuoted:
			writeQuoted(&b, p, hole)
		default:
			hole(p)
		}
	}
	return b.String()
}

// holeFor returns what part, which the shell fills in, stands for in
// inline code: codeHome for $HOME, which names the home directory
// whatever else the line does (one it sets to another is asked for the
// home's paths, not let through), codeHole for the others.
func holeFor(part syntax.WordPart) byte {
	p, ok := part.(*syntax.ParamExp)
	if ok && p.Param != nil && p.Param.Value == "HOME" && !p.Excl && !p.Length && !p.Width &&
		p.Index == nil && p.Slice == nil && p.Repl == nil && p.Names == 0 && p.Exp == nil {
		return codeHome
	}
	return codeHole
}

// copiedCode reads the inline code of n, a copy readValues made of a
// command with a value the line assigned in place of its variable
// (export K=~/.ssh/id_rsa; python3 -c "open('$K')"): its words are the
// source with the value written in, parsed again for the reader. It
// says false where it left the code unread, past maxRunWith.
func (z *analyzer) copiedCode(n SimpleCommand) bool {
	if lang, code, _ := inlineProgram(n); lang == langNone || len(code) == 0 {
		return true
	}
	if z.copySpent() {
		return false
	}
	args := make([]*syntax.Word, len(n.Words))
	for j, w := range n.Words {
		if !w.Literal {
			args[j] = parseWord(w.Text)
		}
	}
	dir := z.dir
	if z.dir = n.Dir; n.Dirs != nil {
		z.dir = dirSetOf(slices.Clone(n.Dirs))
	}
	z.inlineCode(n, args, nil)
	z.dir = dir
	return true
}

// parseWord parses src as one shell word; nil when it is not one.
func parseWord(src string) *syntax.Word {
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	f, err := p.Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 {
		return nil
	}
	return call.Args[0]
}

// inlineCode reads the code command c runs, given on its command line
// (args are its syntax words, nil for a command the analysis made) or
// by a here-document or here-string on its input (rs).
func (z *analyzer) inlineCode(c SimpleCommand, args []*syntax.Word, rs []*syntax.Redirect) {
	lang, code, stdin := inlineProgram(c)
	if lang == langNone {
		return
	}
	what := c.Name()
	if !stdin && len(code) == 0 {
		z.scriptFromFD(c, lang, rs)
		return
	}
	if stdin {
		if feed, doc := fdDoc(rs, 0); feed == feedDoc {
			text, _ := z.docText(doc, true)
			z.readCode(c, lang, text, what+" here-document")
		}
		return
	}
	if len(code) == 0 {
		return
	}
	var b strings.Builder
	for k, ref := range code {
		if k > 0 {
			b.WriteByte('\n')
		}
		switch i, w := ref.word, c.Words[ref.word]; {
		case w.Literal:
			b.WriteString(w.Text[ref.from:])
		case args != nil && i < len(args) && len(args) == len(c.Words) && args[i] != nil:
			if t := holedText(args[i]); ref.from <= len(t) {
				b.WriteString(t[ref.from:])
				break
			}
			b.WriteByte(codeHole)
		default:
			b.WriteByte(codeHole)
		}
	}
	opt := "code"
	switch ref := code[0]; {
	case ref.from > 0:
		opt = c.Words[ref.word].Text[:ref.from]
	case lang != langAwk && ref.word > 0:
		opt = c.Words[ref.word-1].Text
	}
	z.readCode(c, lang, b.String(), what+" "+opt)
}

// scriptFromFD reads the program of c, an interpreter given a script,
// when the script is a descriptor: a here-document's (python3 /dev/fd/3
// 3<<'E'), whose code is read, or a process substitution's (python3
// <(curl …)) or another descriptor's, whose code the analysis cannot
// see: too complex, as bash <(…) is.
func (z *analyzer) scriptFromFD(c SimpleCommand, lang codeLang, rs []*syntax.Redirect) {
	args := c.Args()
	for i := 1; i < len(args); i++ {
		w := args[i]
		if w.Literal && strings.HasPrefix(w.Text, "-") {
			continue // an option: inlineProgram found no code in them
		}
		if !w.Literal {
			if strings.HasPrefix(w.Text, "<(") {
				z.complex("%s runs a program a process substitution prints, which is not checked: %s", c.Name(), shorten(c.Text))
			}
			return
		}
		fd, ok := fdPath(w.Text)
		if !ok || fd == 0 {
			return
		}
		if feed, doc := fdDoc(rs, fd); feed == feedDoc {
			text, _ := z.docText(doc, true)
			z.readCode(c, lang, text, c.Name()+" here-document")
			return
		}
		z.complex("%s runs a program read from descriptor %d, which is not checked: %s", c.Name(), fd, shorten(c.Text))
		return
	}
}

// readCode adds to the analysis what code, the program of command c in
// lang, runs, deletes, writes and reads. what names where the code comes
// from ("python3 -c").
func (z *analyzer) readCode(c SimpleCommand, lang codeLang, code, what string) {
	if strings.Trim(code, "\x00 \t\n") == "" && strings.IndexByte(code, codeHole) >= 0 {
		z.complex("%s code only known at run time: %s", what, shorten(c.Text))
		return
	}
	s := codeScan{lang: lang, src: code}
	s.lex()
	if s.hole {
		z.complex("%s code holds what the shell fills in at run time outside a string, which may be any code: %s", what, shorten(c.Text))
	}
	s.scan()
	if s.tooLong {
		z.complex("%s: too long to read: %s", what, shorten(c.Text))
		return
	}
	if s.unread != "" {
		z.complex("%s holds %s, not read: %s", what, s.unread, shorten(c.Text))
		return
	}
	// The code's own chdir (read as cd) moves its later calls, not the
	// shell's later commands.
	dir, oldPwd := z.dir, z.oldPwd
	defer func() { z.dir, z.oldPwd = dir, oldPwd }()
	for _, f := range s.found {
		n0, p0 := len(z.a.Commands), len(z.a.Pipelines)
		at := z.dir
		if f.dir != "" {
			z.dir = movedDir(z.dir, f.dir)
		}
		switch {
		case f.unknown != "":
			z.complex("%s passes %s %s", what, codeShow(f.call), f.unknown)
		case f.shell:
			dir := z.dir
			z.nested(f.words[0], what+" code's "+f.name+" string")
			z.dir = dir
		default:
			ws := make([]Word, len(f.words))
			for k, t := range f.words {
				ws[k] = Word{Text: t, Literal: true}
			}
			if f.path >= 0 && !f.known {
				// A delete of a path the code computes: as rm -rf "$x".
				ws[f.path] = Word{Text: "`" + codeShow(f.expr) + "`"}
				if f.env != "" {
					ws[f.path] = envValue(c, f.env)
				}
			}
			z.finish(SimpleCommand{Text: what + " code: " + codeShow(f.call), Words: ws, Func: c.Func, Async: c.Async, Piped: c.Piped}, nil, nil, nil)
		}
		if f.dir != "" {
			z.dir = at
		}
		if n := z.codeFedProgram(n0, p0); n != "" {
			z.complex("%s runs %s, which reads its program from its standard input, where the code may write anything: %s", what, n, codeShow(f.call))
		}
	}
}

// movedDir returns the directory, as SimpleCommand.Dir writes it, that
// d (as written; "?" when only known at run time) names from dir.
func movedDir(dir, d string) string {
	switch {
	case d == "?" || dir == "?" || strings.Contains(dir, dirSetMark):
		return "?"
	case path.IsAbs(d) || d == "~" || strings.HasPrefix(d, "~/") || dir == "":
		return d
	}
	return dir + "/" + d
}

// codeFedProgram returns the name of a shell or interpreter among the
// commands from n0 on, which inline code runs, that reads its program
// from its standard input (sh, bash -s, python3 -): the code's to write
// (awk's print | "sh", Perl's open(F, "|sh"), os.popen("sh", "w"),
// subprocess.run("sh", input=…)), which the engine does not follow; a
// stage a pipe of the command line feeds, or one whose input is
// redirected, is the shell analysis's own. "" when there is none.
func (z *analyzer) codeFedProgram(n0, p0 int) string {
	for i := n0; i < len(z.a.Commands); i++ {
		c := z.a.Commands[i]
		n := lowerName(c)
		if c.Nested || !isInterpreter(n) || !readsProgramFromFeed(c) ||
			slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return r.Read && !r.Write }) {
			continue
		}
		fed := false
		for _, p := range z.a.Pipelines[p0:] {
			for _, stage := range p[min(1, len(p)):] {
				fed = fed || slices.Contains(stage, i)
			}
		}
		if !fed {
			return n
		}
	}
	return ""
}

// codeFound is what a call in inline code amounts to: a shell program
// (shell, words[0]), a command's words, or something not known (unknown
// says what).
type codeFound struct {
	name  string // the call's name: os.system
	call  string // the call as written
	shell bool
	words []string
	path  int    // for a delete, the index in words of its path; -1 else
	known bool   // the path is known
	expr  string // the path's expression, as written, when not known
	// env is the variable whose value the path is, when expr reads one
	// by a name written out (open(os.environ["K"])).
	env     string
	unknown string
	// dir is where a command the code runs runs, as written, when the
	// call names one (subprocess's cwd=, child_process's {cwd: …}); "?"
	// when it is only known at run time.
	dir string
}

// tokKind is the kind of a token of inline code.
type tokKind uint8

const (
	tokName   tokKind = iota + 1 // a name, dotted: os.system, $ENV, File::Path::rmtree
	tokString                    // a string literal
	tokRun                       // a command literal: backticks, qx{}, %x()
	tokWords                     // a word list: qw(), %w()
	tokPunct                     // one byte of punctuation, or a newline
	tokOther                     // a number, a hole
)

type token struct {
	kind     tokKind
	text     string // a name, a punctuation byte, a string's value
	lit      bool   // a string's value is known: it interpolates nothing
	from, to int    // where it is in the code
}

// codeScan lexes and reads inline code.
type codeScan struct {
	lang  codeLang
	src   string
	toks  []token
	match []int // for each bracket, the index of the one that closes it
	hole  bool  // a codeHole outside a string
	found []codeFound
	// aliases are the names bound to others: Python's imports that
	// rename (import subprocess as sp, from os import system) and the
	// bindings of calls (p = os.system), each name to its full name. The
	// first binding of a name counts.
	aliases map[string]string
	// childProcess, fsMentioned: JavaScript code that names
	// child_process, or fs: only then are exec(…) and rm(…) theirs.
	childProcess, fsMentioned bool
	// dynRequire: JavaScript code that requires a module only known
	// at run time.
	dynRequire bool
	dynNames   []string // the names such a module is bound to
	// cpNames: JavaScript names bound to a required module (cp =
	// require(…)), whose computed members (cp["exec"]) may be
	// child_process's.
	cpNames []string
	// stars: Python modules imported whole (from os import *).
	stars []string
	// vals: names the code binds once to a string the reader evaluates
	// (p = ".git/hooks/pre-commit"; open(p, "w")); "" for a name bound
	// more than once (valueBindings).
	vals map[string]string
	// imported: the tokens of the names Python's import statements
	// name (imports).
	imported map[int]bool
	// envCopies are the names assigned a copy of the environment (e =
	// os.environ.copy(), const e = {...process.env}), judged as the
	// environment is; envCopied the tokens of the tables so copied and
	// of the names so assigned (envAliases).
	envCopies map[string]bool
	envCopied map[int]bool
	depth     int // how deep in eval'd strings this code is
	// work counts the steps spent beyond one pass (spend); tooLong is
	// set past maxCodeWork.
	work    int
	tooLong bool
	// regexFrom-1, regexTo: the last / regexAt looked at, and its end.
	regexFrom, regexTo int
	// unread says what in the code the reader does not follow, which
	// makes it too complex to check: a here-document.
	unread string
}

// heredoc says whether the << at i starts a here-document of Ruby's or
// Perl's (<<~E, <<-E, <<E, <<"E", <<'E', <<`E`, Perl's <<\E and << "E")
// or PHP's (<<<E). Its delimiter may be any name, in lower case too
// (<<~eos), which was taken for a shift, so that the quotes of the text
// opened strings that swallowed the code after it. Only Ruby's class
// <<self is no here-document; a shift of a name (x <<y) may be one, and
// counts as one.
func (s *codeScan) heredoc(i int) bool {
	src := s.src
	if !strings.HasPrefix(src[i:], "<<") {
		return false
	}
	j := i + 2
	switch s.lang {
	case langRuby:
		if n := len(s.toks); n > 0 && s.toks[n-1].kind == tokName && s.toks[n-1].text == "class" {
			return false
		}
		if j < len(src) && (src[j] == '~' || src[j] == '-') {
			j++
		}
	case langPerl:
		switch {
		case j < len(src) && src[j] == '~':
			j++
		case j < len(src) && src[j] == '\\':
			return j+1 < len(src) && isCodeNameStart(src[j+1])
		}
		if k := j + len(src[j:]) - len(strings.TrimLeft(src[j:], " \t")); k > j && k < len(src) && (src[k] == '"' || src[k] == '\'' || src[k] == '`') {
			return true // << "E": spaces before a quoted delimiter
		}
	case langPHP:
		if j >= len(src) || src[j] != '<' {
			return false
		}
		j++
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
	default:
		return false
	}
	return j < len(src) && (src[j] == '"' || src[j] == '\'' || src[j] == '`' || isCodeNameStart(src[j]))
}

func isCodeNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isCodeNameByte(c byte) bool { return isCodeNameStart(c) || c >= '0' && c <= '9' }

// tokenEstimate is about how many tokens src holds, so that the lexer's
// list of them is made once: each bracket, comma, semicolon or newline
// is one, and the rest about one in eight bytes. Grown by append instead,
// the list of code of 100,000 brackets was copied into five times its
// size, which with the collection of it took most of the reading's time.
func tokenEstimate(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', ')', '[', ']', '{', '}', ',', ';', '\n':
			n++
		}
	}
	return n + len(src)/8 + 8
}

// lex splits the code into tokens.
func (s *codeScan) lex() {
	src := s.src
	s.toks = make([]token, 0, tokenEstimate(src))
	add := func(k tokKind, text string, lit bool, from, to int) {
		s.toks = append(s.toks, token{kind: k, text: text, lit: lit, from: from, to: to})
	}
	for i := 0; i < len(src) && !s.tooLong; {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '\n' || c == ';':
			add(tokPunct, src[i:i+1], false, i, i+1)
			i++
		case c == codeHole || c == codeHome:
			// $HOME outside a string is code as much as any value.
			s.hole = true
			add(tokOther, "", false, i, i+1)
			i++
		case c == '/' && s.regexAt(i) > i:
			end := s.regexAt(i)
			add(tokOther, "", false, i, end)
			i = end
		case s.comment(i) > i:
			i = s.comment(i)
		case c == '\'' || c == '"' || c == '`':
			end, val, lit := s.quoted(i, "")
			k := tokString
			switch {
			case c == '`' && (s.lang == langPerl || s.lang == langRuby || s.lang == langPHP):
				k = tokRun
			case c == '`' && s.lang == langR:
				k = tokName
			case c != '"' && (s.lang == langAwk || s.lang == langAppleScript):
				k = tokOther
			}
			add(k, val, lit, i, end)
			i = end
		case s.lang == langLua && c == '[' && luaLongOpen(src[i:]) > 0:
			n := luaLongOpen(src[i:])
			close := "]" + strings.Repeat("=", n-2) + "]"
			end := strings.Index(src[i+n:], close)
			if end < 0 {
				end = len(src) - i - n
			}
			add(tokString, src[i+n:i+n+end], true, i, min(len(src), i+n+end+len(close)))
			i = min(len(src), i+n+end+len(close))
		case s.lang == langRuby && c == '?' && i+1 < len(src) && strings.IndexByte("\"'`", src[i+1]) >= 0 && (i+2 == len(src) || !isCodeNameByte(src[i+2])):
			// ?" : a character literal, no string's start
			add(tokString, src[i+1:i+2], true, i, i+2)
			i += 2
		case c == '<' && s.heredoc(i):
			// A here-document inside the code: its text, whose quotes
			// open nothing, is not told from the code.
			s.unread = "a here-document inside the code"
			i += 2
		case s.lang == langRuby && c == '%' && i+1 < len(src) && rubyPercent(src[i+1:]) > 0:
			i = s.percent(i)
		case isCodeNameStart(c) || (c == '$' || c == '@') && (s.lang == langPerl || s.lang == langPHP || s.lang == langRuby) && i+1 < len(src):
			j := i + 1
			switch {
			case c == '$' && (src[i+1] == '#' || src[i+1] == '$'):
				j++
			case c == '$' && (s.lang == langPerl || s.lang == langRuby) && strings.IndexByte("\"'`/\\,;!@&.0<>", src[i+1]) >= 0:
				// A punctuation variable: $" $/ $' $, …
				add(tokName, src[i:i+2], false, i, i+2)
				i += 2
				continue
			}
			for j < len(src) {
				switch {
				case isCodeNameByte(src[j]):
					j++
					continue
				case src[j] == '.' && j+1 < len(src) && isCodeNameStart(src[j+1]) && s.lang != langPerl && s.lang != langPHP && s.lang != langAwk:
					j++
					continue
				case src[j] == ':' && j+2 < len(src) && src[j+1] == ':' && isCodeNameStart(src[j+2]) && (s.lang == langPerl || s.lang == langRuby || s.lang == langPHP):
					j += 2
					continue
				}
				break
			}
			name := src[i:j]
			if s.lang == langPython && j < len(src) && (src[j] == '\'' || src[j] == '"') && len(name) <= 2 && strings.Trim(strings.ToLower(name), "rbuf") == "" {
				end, val, lit := s.quoted(j, strings.ToLower(name))
				add(tokString, val, lit, i, end)
				i = end
				continue
			}
			if s.lang == langPerl && j < len(src) && perlQuoteOp(name) && perlDelim(src[j]) && !(len(s.toks) > 0 && s.toks[len(s.toks)-1].text == "{") {
				i = s.perlQuote(i, j, name)
				continue
			}
			if n := len(s.toks); n >= 2 && s.toks[n-1].text == "." && s.toks[n-1].kind == tokPunct && s.toks[n-2].kind == tokName &&
				(s.lang == langPython || s.lang == langJS || s.lang == langRuby || s.lang == langLua) && s.toks[n-2].text != "from" && name != "import" &&
				len(s.toks[n-2].text) < 256 {
				// os . system, a name split at its dots by spaces or
				// lines: one dotted name.
				prev := s.toks[n-2]
				s.toks = s.toks[:n-2]
				add(tokName, prev.text+"."+name, false, prev.from, j)
				i = j
				continue
			}
			add(tokName, name, false, i, j)
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(src) && isCodeNameByte(src[j]) {
				j++
			}
			add(tokOther, src[i:j], false, i, j)
			i = j
		default:
			add(tokPunct, src[i:i+1], false, i, i+1)
			i++
		}
	}
	// Brackets, matched.
	s.match = make([]int, len(s.toks))
	var stack []int
	for k, t := range s.toks {
		s.match[k] = -1
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			stack = append(stack, k)
		case ")", "]", "}":
			if n := len(stack); n > 0 {
				s.match[stack[n-1]] = k
				s.match[k] = stack[n-1]
				stack = stack[:n-1]
			}
		}
	}
}

// regexAt returns where the regular expression literal (JavaScript's,
// Ruby's, awk's, Perl's bare /…/) that the / at i starts ends; -1 when
// the / divides. It starts one where a value cannot end: after an
// operator, an opening bracket, a comma, the start of the code or a
// keyword. A literal read as a division would have its quotes open
// strings that swallow the code after them (x.replace(/"/g, "")). The
// end is remembered for the lexer's second call at the same i.
func (s *codeScan) regexAt(i int) int {
	if s.regexFrom == i+1 {
		return s.regexTo
	}
	end := -1
	if s.regexStarts(i) {
		var scanned int
		end, scanned = regexEnd(s.src, i)
		s.spend(scanned)
	}
	s.regexFrom, s.regexTo = i+1, end
	return end
}

// spend counts n steps of work against the code's budget; past it, the
// code is too long to read (tooLong) and reading stops.
func (s *codeScan) spend(n int) {
	s.work += n
	if s.work > maxCodeWork {
		s.tooLong = true
	}
}

// maxCodeWork bounds the steps that reading one piece of inline code may
// take beyond lexing it: a regular expression's end looked for on a long
// line, an awk > looked back from, the tokens of an argument evaluated or
// of a statement looked through, which nested calls look at again for
// each call (os.system(os.system(…)) of 4,000 took a second): ≈ tens of
// milliseconds.
const maxCodeWork = 1 << 20

// regexStarts says whether the / at i may start a regular expression
// literal, by what comes before it (see regexAt).
func (s *codeScan) regexStarts(i int) bool {
	switch s.lang {
	case langJS, langRuby, langPerl, langAwk:
	default:
		return false
	}
	src := s.src
	if i+1 >= len(src) || src[i+1] == '\n' || s.lang == langJS && (src[i+1] == '/' || src[i+1] == '*') {
		return false
	}
	if len(s.toks) == 0 {
		return true
	}
	p := s.toks[len(s.toks)-1]
	switch p.kind {
	case tokPunct:
		switch p.text {
		case ")":
			// if (x) /re/.test(s)
			return s.lang == langJS && s.jsControlParen(len(s.toks)-1)
		case "]":
			return false
		case "}":
			return s.lang == langAwk || s.lang == langJS && s.jsBlockEnd(len(s.toks)-1) || s.lang == langPerl && s.perlBlockEnd(len(s.toks)-1)
		case "+", "-":
			// x++ / 2 divides.
			n := len(s.toks)
			return n < 2 || s.toks[n-2].text != p.text || s.toks[n-2].to != p.from
		}
		return true
	case tokName:
		switch p.text {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
			"if", "unless", "and", "or", "not", "split", "grep", "map", "when", "while", "until", "x", "eq", "ne", "lt", "gt", "le", "ge", "cmp", "puts", "print", "printf":
			return true
		}
	}
	return false
}

// openerOf returns the index of the token that opens the bracket that
// token k closes, -1 when none does (or reading is too long). It looks
// back: the lexer has not matched brackets yet.
func (s *codeScan) openerOf(k int) int {
	depth := 0
	for j := k; j >= 0; j-- {
		if s.spend(1); s.tooLong {
			return -1
		}
		if s.toks[j].kind != tokPunct {
			continue
		}
		switch s.toks[j].text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// jsControlParen says whether the ) at token k closes the condition of
// an if, while, for or with, after which a / starts a regular
// expression: a statement follows, not an operator.
func (s *codeScan) jsControlParen(k int) bool {
	o := s.openerOf(k)
	if o < 1 || s.toks[o-1].kind != tokName {
		return false
	}
	switch s.toks[o-1].text {
	case "if", "while", "for", "with":
		return true
	}
	return false
}

// jsBlockEnd says whether the } at token k ends a block statement (of an
// if, else, loop, try or a bare one), after which a / starts a regular
// expression; the } of an object literal or a function expression is a
// value, which a / divides.
func (s *codeScan) jsBlockEnd(k int) bool {
	o := s.openerOf(k)
	switch {
	case o < 0:
		return false
	case o == 0:
		return true
	}
	switch p := s.toks[o-1]; p.text {
	case ")":
		return s.jsControlParen(o - 1)
	case "else", "try", "finally", "do", ";", "{", "}":
		return true
	}
	return false
}

// perlBlockEnd says whether the } at token k ends a block (of an if, a
// loop, a sub, map, grep or sort, or a bare one), after which a / starts
// a regular expression; the } of a subscript ($h{a}, $r->{a}, @{$x}), an
// anonymous hash, or the block of do, eval or sub, which are values, is
// divided by a /.
func (s *codeScan) perlBlockEnd(k int) bool {
	o := s.openerOf(k)
	if o < 0 {
		return false
	}
	j := o - 1
	for j >= 0 && s.toks[j].text == "\n" {
		j--
	}
	if j < 0 {
		return true
	}
	switch p := s.toks[j]; {
	case p.kind == tokName:
		switch p.text[0] {
		case '$', '@', '%', '&':
			return false
		}
		return p.text != "do" && p.text != "eval" && p.text != "sub" && p.text != "return"
	case p.kind == tokPunct:
		return p.text == ")" || p.text == ";" || p.text == "{"
	}
	return false
}

// regexEnd returns where the regular expression literal whose opening /
// is at i ends, past its flags; -1 when no / closes it on its line.
// scanned is how many bytes it looked at.
func regexEnd(src string, i int) (end, scanned int) {
	class := false
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '\n':
			return -1, j - i
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if class {
				continue
			}
			j++
			for j < len(src) && isCodeNameByte(src[j]) {
				j++
			}
			return j, j - i
		}
	}
	return -1, len(src) - i
}

// comment returns where a comment that starts at i ends, i when none
// does.
func (s *codeScan) comment(i int) int {
	src := s.src
	rest := src[i:]
	lineEnd := func() int {
		if e := strings.IndexByte(rest, '\n'); e >= 0 {
			return i + e
		}
		return len(src)
	}
	blockEnd := func(open, close string) int {
		if e := strings.Index(rest[len(open):], close); e >= 0 {
			return i + len(open) + e + len(close)
		}
		return len(src)
	}
	lineStart := i == 0 || src[i-1] == '\n'
	switch {
	case s.lang == langRuby && lineStart && strings.HasPrefix(rest, "=begin") && (len(rest) == 6 || !isCodeNameByte(rest[6])):
		// =begin … =end
		return docEnd(src, i, "=end")
	case s.lang == langPerl && lineStart && len(rest) > 1 && rest[0] == '=' && isCodeNameStart(rest[1]):
		// POD: =pod, =head1 … =cut
		return docEnd(src, i, "=cut")
	case s.lang == langPerl && lineStart && (strings.HasPrefix(rest, "__END__") || strings.HasPrefix(rest, "__DATA__")),
		s.lang == langRuby && lineStart && strings.HasPrefix(rest, "__END__"):
		return len(src) // what follows is data
	}
	switch s.lang {
	case langPython, langPerl, langRuby, langR, langAwk:
		if rest[0] == '#' {
			return lineEnd()
		}
	case langJS, langPHP:
		switch {
		case strings.HasPrefix(rest, "//"), s.lang == langPHP && rest[0] == '#' && !strings.HasPrefix(rest, "#["),
			i == 0 && strings.HasPrefix(rest, "#!"):
			return lineEnd()
		case strings.HasPrefix(rest, "/*"):
			return blockEnd("/*", "*/")
		}
	case langLua:
		if strings.HasPrefix(rest, "--") {
			if n := luaLongOpen(rest[2:]); n > 0 {
				return blockEnd("--"+rest[2:2+n], "]"+strings.Repeat("=", n-2)+"]")
			}
			return lineEnd()
		}
	case langAppleScript:
		switch {
		case strings.HasPrefix(rest, "--"), rest[0] == '#':
			return lineEnd()
		case strings.HasPrefix(rest, "(*"):
			return blockEnd("(*", "*)")
		}
	}
	return i
}

// docEnd returns where the block of documentation that starts at the
// line at i ends: past the line that starts with end, or at the end of
// the code.
func docEnd(src string, i int, end string) int {
	for j := i; ; {
		k := strings.IndexByte(src[j:], '\n')
		if k < 0 {
			return len(src)
		}
		j += k + 1
		if strings.HasPrefix(src[j:], end) {
			if e := strings.IndexByte(src[j:], '\n'); e >= 0 {
				return j + e
			}
			return len(src)
		}
	}
}

// luaLongOpen returns the length of the [[ or [==[ that s starts with, 0
// when it starts with none.
func luaLongOpen(s string) int {
	if len(s) < 2 || s[0] != '[' {
		return 0
	}
	n := 1
	for n < len(s) && s[n] == '=' {
		n++
	}
	if n < len(s) && s[n] == '[' {
		return n + 1
	}
	return 0
}

// quoted reads the string whose opening quote is at i. prefix holds
// Python's string prefix letters (r, b, f, u). It returns where the string
// ends, its value and whether that is known.
func (s *codeScan) quoted(i int, prefix string) (end int, val string, lit bool) {
	src := s.src
	q := src[i : i+1]
	if s.lang == langPython && strings.HasPrefix(src[i:], q+q+q) {
		q = q + q + q
	}
	raw := strings.Contains(prefix, "r")
	start := i + len(q)
	j := start
	if s.lang == langJS && q == "`" {
		// A template's ${…} may hold strings and templates of its own.
		j = templateEnd(src, i) - 1
	}
	fString := s.lang == langPython && strings.Contains(prefix, "f")
	for j < len(src) && !strings.HasPrefix(src[j:], q) {
		switch {
		case src[j] == '\\':
			j++
		case s.lang == langRuby && q != "'" && src[j] == '#' && j+1 < len(src) && src[j+1] == '{':
			// "#{…}" may hold strings of its own: "#{system("ls")}".
			j = templateExprEnd(src, j+2) - 1
		case fString && src[j] == '{' && j+1 < len(src) && src[j+1] == '{':
			j++ // {{ is a brace
		case fString && src[j] == '{':
			// f"{x["a"]}": Python 3.12 reads the strings in a {…}.
			j = templateExprEnd(src, j+1) - 1
		}
		j++
	}
	body := src[start:min(j, len(src))]
	end = min(len(src), j+len(q))
	if q == "'" && (s.lang == langPerl || s.lang == langRuby || s.lang == langPHP) {
		// Only \\ and \' are escapes.
		return end, singleQuoted(body, '\''), strings.IndexByte(body, codeHole) < 0
	}
	val, lit = s.unescape(body, raw)
	if lit {
		lit = !s.interpolates(body, q[0], prefix)
	}
	if s.lang == langPerl && q == `"` {
		val = perlHome(val)
	}
	return end, val, lit && strings.IndexByte(val, codeHole) < 0
}

// templateEnd returns where the JavaScript template literal whose
// opening backtick is at i ends, past its closing one: the strings and
// templates in its ${…} expressions are skipped as such, so their quotes
// close nothing (`a${`"`}b`). It returns len(src)+1 for one not closed.
func templateEnd(src string, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '`':
			return j + 1
		case '$':
			if j+1 < len(src) && src[j+1] == '{' {
				j = templateExprEnd(src, j+2) - 1
			}
		}
	}
	return len(src) + 1
}

// templateExprEnd returns where the ${…} expression of a template whose
// text starts at j ends, past its closing brace.
func templateExprEnd(src string, j int) int {
	depth := 1
	for ; j < len(src); j++ {
		switch c := src[j]; c {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j + 1
			}
		case '`':
			j = templateEnd(src, j) - 1
		case '"', '\'':
			for j++; j < len(src) && src[j] != c && src[j] != '\n'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
		}
	}
	return len(src)
}

// singleQuoted is the value of a single-quoted string whose only escapes
// are \\ and \<quote>.
func singleQuoted(body string, q byte) string {
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		if body[j] == '\\' && j+1 < len(body) && (body[j+1] == '\\' || body[j+1] == q) {
			j++
		}
		b.WriteByte(body[j])
	}
	return b.String()
}

// interpolates says whether a string's body, between quotes q, holds
// what the language fills in at run time.
func (s *codeScan) interpolates(body string, q byte, prefix string) bool {
	switch s.lang {
	case langPython:
		return strings.Contains(prefix, "f") && strings.Contains(strings.ReplaceAll(body, "{{", ""), "{")
	case langJS:
		return q == '`' && strings.Contains(body, "${")
	case langRuby:
		return strings.Contains(body, "#{") || strings.Contains(body, "#$") || strings.Contains(body, "#@")
	case langPHP:
		for j := 0; j+1 < len(body); j++ {
			if body[j] == '\\' {
				j++
				continue
			}
			if body[j] == '$' && isCodeNameStart(body[j+1]) || body[j] == '{' && body[j+1] == '$' {
				return true
			}
		}
	case langPerl:
		body = perlHome(body)
		for j := 0; j+1 < len(body); j++ {
			if body[j] == '\\' {
				j++
				continue
			}
			if body[j] == '$' && body[j+1] != ' ' || body[j] == '@' && (isCodeNameStart(body[j+1]) || body[j+1] == '{') {
				return true
			}
		}
	}
	return false
}

// perlHome puts codeHome for $ENV{HOME} in the value of a Perl string.
func perlHome(v string) string {
	if !strings.Contains(v, "$ENV{") {
		return v
	}
	for _, h := range [...]string{`$ENV{HOME}`, `$ENV{'HOME'}`, `$ENV{"HOME"}`} {
		v = strings.ReplaceAll(v, h, string(rune(codeHome)))
	}
	return v
}

// unescape returns the value of a string body with its backslash
// escapes: those of C, as bash's $'…' decodes them (decodeANSIC), and the
// ones that keep a character of the language's own syntax (\$, \`, \@,
// \{) or join lines. lit is false for one it cannot decode, or that the
// language decodes otherwise (sameEscape).
func (s *codeScan) unescape(body string, raw bool) (string, bool) {
	if raw || strings.IndexByte(body, '\\') < 0 {
		return body, true
	}
	var b strings.Builder
	start := 0
	for j := 0; j+1 < len(body); j++ {
		if body[j] != '\\' {
			continue
		}
		e := body[j+1]
		if strings.IndexByte("$`@/{}\n", e) < 0 {
			if !sameEscape(s.lang, body[j+1:]) {
				return body, false
			}
			j++ // the escaped character, a backslash too
			continue
		}
		decodeANSIC(&b, body[start:j])
		if e != '\n' {
			b.WriteByte(e)
		}
		j++
		start = j + 1
	}
	decodeANSIC(&b, body[start:])
	if !utf8.ValidString(b.String()) {
		return body, false
	}
	return b.String(), true
}

// sameEscape says whether the escape whose text after the backslash is
// rest means in a string of lang what decodeANSIC makes of it: \n, \t,
// \r, a backslash, a quote, an octal number up to \377 and \xHH
// everywhere, \uHHHH in Python and JavaScript. Others are told apart by
// language (Python's \N{SEMICOLON}, Perl's \x{6d}, \L and \u,
// JavaScript's \u{6d}, Ruby's \s), and a text of them computed as bash
// would decode it is not the one the program prints: perl -e 'print
// "r\x{6d} -rf ~"' | sh (rev86). So are an octal number past \377 (bash
// keeps its low byte, Python and Perl the character, JavaScript reads
// \447 as \44 and 7: \447 was a quote to the analysis and ended the
// shell's quote in what the program printed: rev87) and a NUL, where
// bash ends the text and the languages and the shell reading it go on.
func sameEscape(lang codeLang, rest string) bool {
	digits := func(base, most int) (n uint64, count int) {
		for count < most && count+1 < len(rest) && isDigitIn(rest[count+1], base) {
			n = n*uint64(base) + uint64(strings.IndexByte("0123456789abcdef", rest[count+1]|0x20))
			count++
		}
		return n, count
	}
	switch e := rest[0]; {
	case strings.IndexByte("ntr\\\"'", e) >= 0:
		return true
	case e >= '0' && e <= '7':
		n, count := 0, 0
		for count < 3 && count < len(rest) && rest[count] >= '0' && rest[count] <= '7' {
			n = n*8 + int(rest[count]-'0')
			count++
		}
		return n != 0 && n <= 0o377
	case e == 'x':
		n, count := digits(16, 2)
		return count > 0 && n != 0
	case e == 'u' && (lang == langPython || lang == langJS):
		n, count := digits(16, 4)
		return count == 4 && n != 0
	}
	return false
}

// perlQuoteOp: Perl's quote-like operators.
func perlQuoteOp(n string) bool {
	switch n {
	case "q", "qq", "qw", "qx", "m", "qr", "s", "tr", "y":
		return true
	}
	return false
}

// perlDelim says whether c may open a quote-like operator's text.
func perlDelim(c byte) bool {
	return c != '=' && c != ',' && c != ';' && c != ')' && c != ' ' && c != '\t' && c != '\n' && c != '}' && !isCodeNameByte(c)
}

// closer is the delimiter that closes one opened by c.
func closer(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

// delimited returns the text between the delimiter at i and its closer
// (nested when it is a bracket), and where it ends.
func delimited(src string, i int) (body string, end int) {
	open, close := src[i], closer(src[i])
	depth := 1
	j := i + 1
	for ; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
			continue
		case close:
			depth--
		case open:
			depth++
		}
		if depth == 0 {
			return src[i+1 : j], j + 1
		}
	}
	return src[i+1:], len(src)
}

// perlQuote reads a quote-like operator (q{…}, qx{…}, s/…/…/) whose name
// is src[i:j]; it returns where it ends.
func (s *codeScan) perlQuote(i, j int, name string) int {
	body, end := delimited(s.src, j)
	switch name {
	case "s", "tr", "y":
		// A second part: after the first for a slash, or its own
		// delimiters for brackets.
		if closer(s.src[j]) == s.src[j] {
			_, end = delimited(s.src, end-1)
		} else {
			k := end
			for k < len(s.src) && (s.src[k] == ' ' || s.src[k] == '\t' || s.src[k] == '\n') {
				k++
			}
			if k < len(s.src) && perlDelim(s.src[k]) {
				_, end = delimited(s.src, k)
			}
		}
		s.toks = append(s.toks, token{kind: tokOther, from: i, to: end})
	case "m", "qr":
		s.toks = append(s.toks, token{kind: tokOther, from: i, to: end})
	case "q":
		s.toks = append(s.toks, token{kind: tokString, text: singleQuoted(body, s.src[j]), lit: strings.IndexByte(body, codeHole) < 0, from: i, to: end})
	case "qw":
		s.toks = append(s.toks, token{kind: tokWords, text: body, lit: strings.IndexByte(body, codeHole) < 0, from: i, to: end})
	default: // qq, qx
		val, lit := s.unescape(body, s.src[j] == '\'')
		lit = lit && s.src[j] == '\'' || lit && !s.interpolates(body, '"', "")
		k := tokString
		if name == "qx" {
			k = tokRun
		}
		s.toks = append(s.toks, token{kind: k, text: perlHome(val), lit: lit && strings.IndexByte(val, codeHole) < 0, from: i, to: end})
	}
	return end
}

// rubyPercent returns the length of a Ruby %-literal's head (%q, %w, %x,
// %(, …) at the start of s, which follows the %; 0 when none starts there.
func rubyPercent(s string) int {
	switch {
	case len(s) >= 2 && strings.IndexByte("qQwWiIx", s[0]) >= 0 && strings.IndexByte("([{<|!/", s[1]) >= 0:
		return 2
	case len(s) >= 1 && strings.IndexByte("([{", s[0]) >= 0:
		return 1
	}
	return 0
}

// percent reads a Ruby %-literal at i; it returns where it ends.
func (s *codeScan) percent(i int) int {
	n := rubyPercent(s.src[i+1:])
	kind := byte('Q')
	if n == 2 {
		kind = s.src[i+1]
	}
	body, end := delimited(s.src, i+n)
	t := token{kind: tokString, from: i, to: end}
	switch kind {
	case 'q':
		t.text, t.lit = singleQuoted(body, closer(s.src[i+n])), true
	case 'w', 'W', 'i', 'I':
		t.kind, t.text, t.lit = tokWords, body, !strings.Contains(body, "#{")
	default:
		t.text, t.lit = s.unescape(body, false)
		t.lit = t.lit && !s.interpolates(body, '"', "")
		if kind == 'x' {
			t.kind = tokRun
		}
	}
	t.lit = t.lit && strings.IndexByte(t.text, codeHole) < 0
	s.toks = append(s.toks, t)
	return end
}

// fedCode reads the code that command from, an echo, a printf or a cat of
// a here-document, writes to interpreter c: echo '…' | python3. Code only
// known at run time is too complex to check, as echo "$x" | sh is.
func (z *analyzer) fedCode(c SimpleCommand, lang codeLang, from int) {
	text, known, printer := z.fedText(from)
	switch {
	case !printer:
	case !known:
		z.complex("%s runs code %s writes, only known at run time: %s", c.Name(), z.a.Commands[from].Name(), shorten(z.a.Commands[from].Text))
	default:
		z.readCode(c, lang, text, c.Name()+" input")
	}
}
