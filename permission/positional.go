package permission

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// posSegment is a stretch of a function's body and the positional
// parameters ($1 …) it runs with: the call's arguments, args[0] the
// function's name, as the shifts and set -- before it left them.
type posSegment struct {
	text string
	args []Word
}

// positionalSegments splits body, a function's source, after each
// statement of its top level (or of an && list there) that gives the
// positional parameters new values the analysis computes, so that the
// copy of each stretch is written with the arguments it sees: shift,
// shift 2, shift $n (n a digit the body set just before, or one value
// the line gives it at the call, known) and set -- of literal words,
// "$2" and "$@". So the copy of f() { set -- "$2"; rm -rf "$1"; }; f x ~
// deletes ~, as bash does. At the first statement that may change them
// otherwise (a shift the call has too few arguments for, one in an if
// or after ||, set -- "$(…)", eval, source) the split stops: the rest
// is written with the arguments before it, as the whole body was, and
// the body as written, judged still, asks for what "$1" may be.
func positionalSegments(body string, args []Word, known func(string) (string, bool)) []posSegment {
	whole := []posSegment{{text: body, args: args}}
	if !strings.Contains(body, "shift") && !strings.Contains(body, "set") {
		return whole
	}
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(body), "")
	parsers.Put(p)
	if err != nil {
		return whole
	}
	ps := posSplitter{body: body, args: args, known: known, vars: map[string]string{}}
	// An empty word may be one bash does not have: a copy's call is
	// written with an unquoted parameter of no value as '' and "$@" of
	// none as "" (g() { f "$@" y ~; }; g runs f y ~), so that past it
	// the positions are not known; the shifts the body opens with are
	// computed still, as they were before the split.
	ps.leadingOnly = slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && w.Text == "" })
	for _, st := range f.Stmts {
		if !ps.step(st) {
			break
		}
	}
	return append(ps.segs, posSegment{text: body[ps.from:], args: ps.args})
}

// posSplitter is positionalSegments' state: the segments cut so far,
// where the next starts, the arguments it runs with, and the literal
// values the body gave names on the way (n=1, local n=2).
type posSplitter struct {
	body  string
	segs  []posSegment
	from  int
	at    int // where the statement step reads starts
	args  []Word
	known func(string) (string, bool)
	vars  map[string]string
	// leadingOnly: only shifts of a count written, before anything
	// else in the body, are computed.
	leadingOnly bool
}

// step reads statement st of the body's top level, cutting a segment
// after it where it sets the positional parameters to values computed;
// it returns false where st may set them otherwise, which ends the
// split.
func (ps *posSplitter) step(st *syntax.Stmt) bool {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt && plainStmt(st) {
		if !ps.step(b.X) {
			return false
		}
		if !setsAll(b.X) {
			// false && set -- x: the set may not run, so what
			// follows may have the parameters of before or after.
			ps.forget(b.Y)
			return !mayMovePositional(b.Y)
		}
		return ps.step(b.Y)
	}
	if d, ok := st.Cmd.(*syntax.DeclClause); ok && plainStmt(st) {
		// local n=1: a literal value for shift $n; not declare -i
		// n=010, which is 8.
		flags := slices.ContainsFunc(d.Args, func(a *syntax.Assign) bool { return a.Name == nil })
		for _, a := range d.Args {
			if flags {
				ps.forget(a)
				continue
			}
			if a.Name == nil || a.Naked {
				ps.forget(a)
				continue
			}
			ps.assign(a.Name.Value, a.Value, a.Append || a.Array != nil || a.Index != nil)
		}
		return !mayMovePositional(st)
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || !plainStmt(st) {
		ps.forget(st)
		return !mayMovePositional(st)
	}
	if len(ce.Args) == 0 {
		ps.assigns(ce) // n=2
		return true
	}
	ps.at = int(st.Pos().Offset())
	var next []Word
	switch ce.Args[0].Lit() {
	case "shift":
		if ps.leadingOnly && (strings.TrimSpace(ps.body[ps.from:ps.at]) != "" || len(ce.Args) > 1 && ce.Args[1].Lit() == "") {
			return false
		}
		n, ok := ps.shiftCount(ce.Args[1:])
		if !ok || n > len(ps.args)-1 {
			return false // bash's shift fails, leaving them: not followed
		}
		next = append(ps.args[:1:1], ps.args[1+n:]...)
	case "set":
		if ps.leadingOnly || len(ce.Args) < 2 || ce.Args[1].Lit() != "--" {
			ps.forget(st)
			return !mayMovePositional(st)
		}
		if next, ok = ps.setWords(ce.Args[2:]); !ok {
			return false
		}
	default:
		ps.assigns(ce)
		return !mayMovePositional(st)
	}
	// The statement is left out of the copy, with the ; or && after it,
	// as its work is done in the arguments: the copy of f() { shift;
	// echo "$1"; } is a printer's (fnCopyOutput).
	start, end := int(st.Pos().Offset()), int(st.Cmd.End().Offset()) // st.End() is past its ;
	rest := strings.TrimLeft(ps.body[end:], " \t")
	if after, ok := cutSeparator(rest); ok {
		end = len(ps.body) - len(after)
	} else {
		start = end
	}
	ps.segs = append(ps.segs, posSegment{text: ps.body[ps.from:start], args: ps.args})
	ps.from, ps.args = end, next
	return true
}

// cutSeparator returns rest past the ;, newline or && it opens with, or
// rest where it is empty.
func cutSeparator(rest string) (string, bool) {
	if rest == "" {
		return rest, true
	}
	for _, sep := range []string{"&&", "\n", ";"} {
		if after, ok := strings.CutPrefix(rest, sep); ok && !strings.HasPrefix(after, ";") && !strings.HasPrefix(after, "&") {
			return after, true
		}
	}
	return rest, false
}

// setsAll says whether st is only shifts and set -- joined by &&,
// which, where step computed them, all succeed: shift 2 && set -- x.
func setsAll(st *syntax.Stmt) bool {
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		return x.Op == syntax.AndStmt && setsAll(x.X) && setsAll(x.Y)
	case *syntax.CallExpr:
		return len(x.Args) > 0 && (x.Args[0].Lit() == "shift" || x.Args[0].Lit() == "set" && len(x.Args) > 1 && x.Args[1].Lit() == "--")
	}
	return false
}

// plainStmt says whether st runs in the shell in the foreground, as
// written: no &, !, coprocess or redirection.
func plainStmt(st *syntax.Stmt) bool {
	return !st.Background && !st.Negated && !st.Coprocess && len(st.Redirs) == 0
}

// shiftCount returns how many parameters shift with args shifts: 1, a
// number written, or that of $n, n a name the body or the line gives a
// number.
func (ps *posSplitter) shiftCount(args []*syntax.Word) (int, bool) {
	if len(args) == 0 {
		return 1, true
	}
	if len(args) > 1 {
		return 0, false
	}
	t := args[0].Lit()
	if t == "" {
		name, ok := plainParam(args[0])
		if !ok {
			return 0, false
		}
		if k, err := strconv.Atoi(name); err == nil && k >= 1 && k < len(ps.args) && ps.args[k].Literal {
			t, ok = ps.args[k].Text, true // shift "$1"
		} else if t, ok = ps.vars[name]; !ok {
			if t, ok = ps.known(name); !ok || strings.Contains(ps.body[:ps.at], name) {
				return 0, false
			}
		}
	}
	if len(t) > 3 || strings.Trim(t, "0123456789") != "" || t == "" {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	return n, err == nil
}

// plainParam returns name where w is $name or ${name}, quoted or not.
func plainParam(w *syntax.Word) (string, bool) {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return "", false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil {
		return "", false
	}
	return pe.Param.Value, true
}

// setWords returns the parameters set -- words gives: a literal word
// as it is, "$k" and "${k}" the argument k the segment runs with,
// "$@" all of them.
func (ps *posSplitter) setWords(words []*syntax.Word) ([]Word, bool) {
	out := []Word{ps.args[0]}
	for _, w := range words {
		if lit, ok := literalWord(w); ok {
			out = append(out, lit)
			continue
		}
		name, ok := plainParam(w)
		if _, quoted := w.Parts[0].(*syntax.DblQuoted); !ok || !quoted {
			return nil, false
		}
		switch k, err := strconv.Atoi(name); {
		case name == "@":
			out = append(out, ps.args[1:]...)
		case err == nil && k >= 1 && k <= maxFnArgs:
			v := Word{Literal: true} // "$3" of two: empty
			if k < len(ps.args) {
				v = ps.args[k]
			}
			out = append(out, v)
		default:
			return nil, false
		}
	}
	return out, len(out) <= maxFnArgs+1
}

// literalWord returns w's value where it is plain text, unquoted or in
// single quotes, without a glob, escape or expansion but a leading ~ or
// ~/, which stands as a call's literal ~ does.
func literalWord(w *syntax.Word) (Word, bool) {
	var b strings.Builder
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && (v == "~" || strings.HasPrefix(v, "~/")) {
				b.WriteByte('~')
				v = v[1:]
			}
			if strings.ContainsAny(v, "\\*?[]{}~") {
				return Word{}, false
			}
			b.WriteString(v)
		case *syntax.SglQuoted:
			if p.Dollar {
				return Word{}, false
			}
			b.WriteString(p.Value)
		default:
			return Word{}, false
		}
	}
	return Word{Text: b.String(), Literal: true}, true
}

// assigns records the names call ce, assignments alone, gives a
// literal value (n=1), and forgets those it gives another or a
// command's names.
func (ps *posSplitter) assigns(ce *syntax.CallExpr) {
	if len(ce.Args) > 0 {
		ps.forget(ce) // n=2 cmd: for cmd alone
		return
	}
	for _, a := range ce.Assigns {
		ps.assign(a.Name.Value, a.Value, a.Append || a.Array != nil || a.Index != nil)
	}
}

// assign records name=v, a literal value, or forgets name.
func (ps *posSplitter) assign(name string, v *syntax.Word, other bool) {
	if v != nil && !other && v.Lit() != "" {
		ps.vars[name] = v.Lit()
		return
	}
	delete(ps.vars, name)
}

// forget drops the values of the names node's text holds: what it does
// with them is not read.
func (ps *posSplitter) forget(node syntax.Node) {
	text := ps.body[node.Pos().Offset():node.End().Offset()]
	for name := range ps.vars {
		if strings.Contains(text, name) {
			delete(ps.vars, name)
		}
	}
}

// mayMovePositional says whether st may change the positional
// parameters in a way step does not compute: a shift or set anywhere in
// it, a command that runs code (eval, source), or one that makes shift
// or set other than the builtins (a function of the name, enable, alias).
func mayMovePositional(st *syntax.Stmt) bool {
	moves := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				switch x.Args[0].Lit() {
				case "shift", "set", "eval", "source", ".", "", "enable", "alias":
					// enable -n shift, alias shift=: make the
					// shifts after it not the builtin's.
					moves = true
				}
			}
		case *syntax.FuncDecl:
			// shift() { :; }: the shifts after it are its calls.
			moves = x.Name.Value == "shift" || x.Name.Value == "set"
		}
		return !moves
	})
	return moves
}
