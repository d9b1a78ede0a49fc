package permission

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Values read as data, then evaluated as arithmetic. bash takes a
// variable named in arithmetic ((( x )), $((x + 1)), let, [[ $x -gt 1
// ]], a subscript, a slice, declare -i) as an expression of its own, and
// expands the subscripts in it: with x=$(cat f) and f holding
// a[$(rm -rf ~)], (( x )) runs rm. A value the analysis cannot read (a
// command's output, a read from a file or a pipe, a loop over a glob or
// a substitution, printf -v of one) that the line names in arithmetic
// is too complex to check. Values the line writes out are read as
// written (x="a[$k]" is heldSubscripts'), and the output of a command
// that prints a number (wc, nproc, date +%s) or of $((…)) is not data.

// arithNames records the names arithmetic in stmts refers to, and the
// arrays declare -A makes associative (their keys are not arithmetic). It
// walks every node, and says whether the tree was shallow enough to walk
// whole (see walk).
func (z *analyzer) arithNames(stmts []*syntax.Stmt) (whole bool) {
	whole = true
	add := func(n string) {
		if (isName(n) || slices.Contains(positionalNames, n)) && !slices.Contains(z.arithVars, n) {
			z.arithVars = append(z.arithVars, n)
		}
	}
	for _, st := range stmts {
		whole = walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				if n.Name != nil {
					z.funcNames = append(z.funcNames, n.Name.Value)
				}
			case *syntax.ArithmCmd:
				namesIn(n.X, add)
			case *syntax.ArithmExp:
				namesIn(n.X, add)
			case *syntax.LetClause:
				for _, x := range n.Exprs {
					namesIn(x, add)
				}
			case *syntax.CStyleLoop:
				namesIn(n.Init, add)
				namesIn(n.Cond, add)
				namesIn(n.Post, add)
			case *syntax.ParamExp:
				if n.Index != nil && n.Param != nil && !wholeArray(n.Index) {
					z.arithIndexes = append(z.arithIndexes, arithIndex{n.Param.Value, n.Index})
				}
				if n.Slice != nil {
					namesIn(n.Slice.Offset, add)
					namesIn(n.Slice.Length, add)
				}
			case *syntax.Assign:
				if n.Index != nil && n.Name != nil {
					z.arithIndexes = append(z.arithIndexes, arithIndex{n.Name.Value, n.Index})
				}
			case *syntax.BinaryTest:
				if isArithTest(n.Op) {
					namesIn(n.X, add)
					namesIn(n.Y, add)
				}
			case *syntax.DeclClause:
				z.declNames(n, add)
			}
			return true
		}) && whole
	}
	return whole
}

// valueRef is a variable assigned a value that expands others.
type valueRef struct{ name, text string }

// arithIndex is a subscript, arithmetic unless its array is associative.
type arithIndex struct {
	array string
	x     syntax.ArithmExpr
}

// isArithTest says whether [[ X op Y ]] evaluates X and Y as arithmetic.
func isArithTest(op syntax.BinTestOperator) bool {
	switch op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
		return true
	}
	return false
}

// declNames records the arrays declare -A makes associative, and hands
// add the names declare -i makes integers: each value assigned to one is
// evaluated.
func (z *analyzer) declNames(d *syntax.DeclClause, add func(string)) {
	integer, assoc := false, false
	for _, as := range d.Args {
		if as.Naked && as.Value != nil {
			if o := as.Value.Lit(); strings.HasPrefix(o, "-") {
				integer = integer || strings.Contains(o, "i")
				assoc = assoc || strings.Contains(o, "A")
			}
			continue
		}
		if as.Name == nil {
			continue
		}
		if integer {
			add(as.Name.Value)
		}
		if assoc {
			z.assocNames = append(z.assocNames, as.Name.Value)
		}
	}
}

// namesIn hands add each name arithmetic (or a [[ ]] operand) x refers
// to: a bare name, or a parameter expanded in it, but not what a command
// substitution in it runs (walked as commands of its own).
func namesIn(x syntax.Node, add func(string)) {
	if x == nil {
		return
	}
	walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ParamExp:
			if n.Param != nil {
				add(n.Param.Value)
			}
		case *syntax.Lit:
			identifiers(n.Value, add)
		}
		return true
	})
}

// identifiers hands add each shell name in s that does not start within
// a number (0x1f, 16#ff).
func identifiers(s string, add func(string)) {
	nameRuns(s, func(i, j int) bool {
		if s[i] < '0' || s[i] > '9' {
			add(s[i:j])
		}
		return true
	})
}

// nameRuns hands f the bounds of each run of name bytes in s, a number's
// digits included, in order, until f says stop.
func nameRuns(s string, f func(i, j int) bool) {
	for i := 0; i < len(s); {
		if !isNameByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		if !f(i, j) {
			return
		}
		i = j
	}
}

// noteData records the names a command sets from data the analysis
// cannot read.
func (z *analyzer) noteData(names ...string) {
	for _, n := range names {
		if !slices.Contains(z.dataVars, n) {
			z.dataVars = append(z.dataVars, n)
		}
	}
}

// arithData asks for the line when arithmetic on it names a variable
// the line sets from data the analysis cannot read.
func (z *analyzer) arithData() {
	if len(z.dataVars) == 0 && !slices.ContainsFunc(z.fnCalls, func(c fnCall) bool { return c.data }) {
		return
	}
	add := func(n string) {
		if !slices.Contains(z.arithVars, n) {
			z.arithVars = append(z.arithVars, n)
		}
	}
	for _, ix := range z.arithIndexes {
		if !slices.Contains(z.assocNames, ix.array) {
			namesIn(ix.x, add)
		}
	}
	for _, call := range z.fnCalls {
		// f() { (( $1 )); }; f "$(cat f)": the function's arguments.
		if call.data && slices.Contains(z.funcNames, call.name) {
			z.noteData(positionalNames...)
		}
	}
	for changed := true; changed; {
		// n=$1; y=$n: data where what they expand is.
		changed = false
		for _, r := range z.valueRefs {
			if !slices.Contains(z.dataVars, r.name) && slices.ContainsFunc(z.dataVars, func(n string) bool { return expandsValue(r.text, n) }) {
				z.dataVars = append(z.dataVars, r.name)
				changed = true
			}
		}
	}
	for _, n := range z.dataVars {
		if slices.Contains(z.arithVars, n) {
			z.complexOnce("a value read as data (a command's output, a read) evaluated as arithmetic, where bash runs a substitution in a subscript it holds: " + n)
			return
		}
	}
}

// numericWord says whether w, a value with substitutions, expands to a
// number: $((…)), or the output of a command that prints one (wc, nproc,
// getconf, date +%s), alone or at the end of a pipeline.
func numericWord(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	ok := true
	walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ArithmExp:
			return false
		case *syntax.CmdSubst:
			ok = ok && len(n.Stmts) == 1 && printsNumber(n.Stmts[0].Cmd)
			return false
		case *syntax.ProcSubst:
			ok = false
		case *syntax.ParamExp:
			ok = false
		}
		return ok
	})
	return ok
}

// printsNumber says whether cmd, or the last command of its pipeline,
// prints a number alone: wc reading its input (wc -l < f, … | wc -l),
// nproc, getconf NAME, date +%s.
func printsNumber(cmd syntax.Command) bool {
	for {
		b, ok := cmd.(*syntax.BinaryCmd)
		if !ok || (b.Op != syntax.Pipe && b.Op != syntax.PipeAll) {
			break
		}
		cmd = b.Y.Cmd
	}
	c, ok := cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || len(c.Assigns) > 0 {
		return false
	}
	var args []string
	for _, a := range c.Args {
		l := a.Lit()
		if l == "" {
			return false
		}
		args = append(args, l)
	}
	switch args[0] {
	case "wc":
		// wc -l f prints the name beside the count; from its input, the count.
		return !slices.ContainsFunc(args[1:], func(a string) bool { return !strings.HasPrefix(a, "-") })
	case "nproc", "getconf":
		return true
	case "date":
		return len(args) == 2 && args[1] == "+%s"
	}
	return false
}

// numericAssign says whether each value as assigns expands to a number.
func numericAssign(as *syntax.Assign) bool {
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			if !numericWord(e.Value) {
				return false
			}
		}
		return true
	}
	return numericWord(as.Value)
}

// hasGlob says whether w holds an unquoted pattern character, which
// bash replaces with the names of files.
func hasGlob(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "*?[") {
			return true
		}
	}
	return false
}
