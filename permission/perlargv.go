package permission

import "strings"

// Perl's <> (the loop of -n and -p, <ARGV>, readline(ARGV)) opens each
// operand as two-argument open does, by what its name says: perl -ne
// print 'rm -rf ~|' runs rm -rf ~, and '>~/.bashrc' empties the file.
// A literal operand so written is judged as what it does: the command
// as a nested shell's, the file as written or read; one only known at
// run time that may hold a | or a > is too complex to check. In-place
// editing (-i) opens the operands as files, and so does <<>>.

// perlArgv judges what perl's <> does with c's operands, when c is a
// perl that reads them through it (a script, which may).
func (z *analyzer) perlArgv(c SimpleCommand) {
	n := lowerName(c)
	if n != "perl" && !strings.HasPrefix(n, "perl5") {
		return
	}
	ops, diamond := perlOperands(c.Args())
	if !diamond {
		return
	}
	for _, w := range ops {
		z.perlOpen(c, w)
	}
}

// perlOperands returns the operands of perl command args and whether
// its program may read them through <>: a -n or -p loop, code that
// names <> or ARGV, a script not read here; not with -i.
func perlOperands(args []Word) (ops []Word, diamond bool) {
	loop, inPlace, hasCode := false, false, false
	var code strings.Builder
	i := 1
options:
	for ; i < len(args); i++ {
		t := args[i].Text
		switch {
		case !args[i].Literal || t == "-" || !strings.HasPrefix(t, "-"):
			break options
		case t == "--":
			i++
			break options
		case strings.HasPrefix(t, "--"):
			continue
		}
	cluster:
		for k := 1; k < len(t); k++ {
			switch ch := t[k]; {
			case ch == 'n' || ch == 'p':
				loop = true
			case ch == 'i':
				inPlace = true
				break cluster // -i.bak: the rest is the backup's suffix
			case ch == 'e' || ch == 'E':
				hasCode = true
				if k+1 < len(t) {
					code.WriteString(t[k+1:])
				} else if i+1 < len(args) {
					i++
					code.WriteString(args[i].Text)
				}
				break cluster
			case ch == 'I' && k+1 == len(t):
				i++ // -I DIR
				break cluster
			case strings.IndexByte("IxCdDMmF", ch) >= 0:
				break cluster // their value is the rest of the word
			}
		}
	}
	if !hasCode {
		// perl SCRIPT ARGS: the script, unread, may read them through <>.
		if i+1 > len(args) {
			return nil, false
		}
		return args[i+1:], !inPlace
	}
	src := code.String()
	names := strings.Contains(strings.ReplaceAll(src, "<<>>", ""), "<>") || strings.Contains(src, "ARGV>") || strings.Contains(src, "readline")
	return args[i:], !inPlace && (loop || names)
}

// perlOpen judges operand w of perl command c as two-argument open
// takes it.
func (z *analyzer) perlOpen(c SimpleCommand, w Word) {
	if !w.Literal {
		if strings.ContainsAny(w.Text, "|>") {
			z.complex("perl's <> opens %s as two-argument open does, which may run a command or write a file: %s", shorten(w.Text), shorten(c.Text))
		}
		return
	}
	t := strings.TrimSpace(w.Text)
	what := "perl's <> operand " + shorten(w.Text)
	switch {
	case strings.HasSuffix(t, "|") || strings.HasPrefix(t, "|"):
		dir, scope := z.dir, z.fork()
		z.nested(strings.Trim(t, "| \t"), what)
		z.dir, z.scope = dir, scope
	case strings.HasPrefix(t, ">") || strings.HasPrefix(t, "+"):
		verb := []string{"tee"}
		if strings.HasPrefix(strings.TrimPrefix(t, "+"), ">>") {
			verb = append(verb, "-a")
		}
		z.perlFile(c, what, verb, t)
	case strings.HasPrefix(t, "<"):
		z.perlFile(c, what, []string{"cat"}, t)
	}
}

// perlFile adds the command verb makes of the file an operand t of
// perl's <> names after its mode (>>x, +<x, <x); a duplication of a
// descriptor (>&2) names none.
func (z *analyzer) perlFile(c SimpleCommand, what string, verb []string, t string) {
	p := strings.TrimSpace(strings.TrimLeft(t, "+<>"))
	if p == "" || strings.HasPrefix(p, "&") {
		return
	}
	ws := make([]Word, 0, len(verb)+2)
	for _, v := range append(verb, "--", p) {
		ws = append(ws, Word{Text: v, Literal: true})
	}
	z.finish(SimpleCommand{Text: what, Words: ws, Func: c.Func, Async: c.Async, Piped: c.Piped}, nil, nil, nil)
}
