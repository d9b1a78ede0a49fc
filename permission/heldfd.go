package permission

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Descriptors exec holds open: exec 3< l; xargs cat <&3 hands xargs the
// names in l as xargs cat < l does, and exec 3<<< ~/.ssh/id_rsa; xargs
// cat <&3 as xargs cat <<< ~/.ssh/id_rsa does; a loop that reads the
// descriptor (exec 3< l; while read -u 3 f; do …; done) is fed by l as
// one written … done 3< l is. Each later command is walked as if its
// statement carried the redirections exec made for the descriptors it
// does not redirect itself, and a duplication of one (<&3) as that
// redirection, so that every check of what feeds a command (fdDoc, the
// names handed through files, the programs a shell reads) sees them.

// heldFD is a descriptor exec opened for reading, and how.
type heldFD struct {
	fd string
	r  *syntax.Redirect
}

// redirFD returns the descriptor redirection r opens ("0" for an input's
// default, "1" for an output's).
func redirFD(r *syntax.Redirect) string {
	if r.N != nil {
		return r.N.Value
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
		return "0"
	}
	return "1"
}

// holdFDs records what exec's redirections rs (held ones already put in)
// leave open for reading: a file, a here-document or here-string; any
// other redirection of a descriptor (an output, a close) drops it.
func (z *analyzer) holdFDs(rs []*syntax.Redirect) {
	for _, r := range rs {
		fd := redirFD(r)
		if r.Op == syntax.DplIn && r.Word != nil {
			// exec 3<<< 'rm -rf ~' 4<&3: 4 holds what 3 does, as
			// withHeld has it for a later exec.
			if h := slices.IndexFunc(z.held, func(h heldFD) bool { return h.fd == r.Word.Lit() }); h >= 0 {
				d := *z.held[h].r
				d.N = r.N
				r = &d
			}
		}
		z.held = slices.DeleteFunc(z.held, func(h heldFD) bool { return h.fd == fd })
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.RdrIn, syntax.RdrInOut:
			z.held = append(z.held, heldFD{fd, r})
		}
	}
}

// withHeld returns the redirections of a statement rs as the shell
// applies them after exec held descriptors open: each held one rs does
// not redirect first, then rs, a duplication of a held descriptor (<&3)
// taken as the redirection that opened it.
func (z *analyzer) withHeld(rs []*syntax.Redirect) []*syntax.Redirect {
	if len(z.held) == 0 {
		return rs
	}
	out := make([]*syntax.Redirect, 0, len(z.held)+len(rs))
	for _, h := range z.held {
		if !slices.ContainsFunc(rs, func(r *syntax.Redirect) bool { return redirFD(r) == h.fd }) {
			out = append(out, h.r)
		}
	}
	for _, r := range rs {
		if r.Op == syntax.DplIn && r.Word != nil {
			src := r.Word.Lit()
			if src == "" {
				src = namedFD(z.nodeTextFull(r.Word)) // <&$fd after exec {fd}<…
			}
			if k := slices.IndexFunc(z.held, func(h heldFD) bool { return h.fd == src }); k >= 0 {
				d := *z.held[k].r
				d.N = r.N
				if d.N == nil && z.held[k].fd != "0" {
					d.N = &syntax.Lit{ValuePos: r.Pos(), ValueEnd: r.Pos(), Value: "0"}
				}
				out = append(out, &d)
				continue
			}
		}
		out = append(out, r)
	}
	return out
}

// namedFD returns the descriptor a word's source names as redirections
// do: {fd} for $fd, "$fd" or ${fd}, the variable exec {fd}<… sets to
// the descriptor it opens; other text as it is.
func namedFD(t string) string {
	v := looseText(t)
	name, ok := strings.CutPrefix(v, "$")
	if !ok {
		return t
	}
	if b, ok := strings.CutPrefix(name, "{"); ok {
		name, ok = strings.CutSuffix(b, "}")
		if !ok {
			return t
		}
	}
	if name == "" || strings.IndexFunc(name, func(r rune) bool { return !isNameByte(byte(r)) || r > 127 }) >= 0 {
		return t
	}
	return "{" + name + "}"
}

// Descriptors the line did not open: cat /proc/self/fd/5, /dev/fd/5 or
// <&5 reads what the shell inherited as descriptor 5, which may be any
// file (a key the agent holds open), as cat /proc/1/fd/5 reads another
// process's. Stdin, stdout and stderr, a descriptor a redirection of the
// command opens (cat /dev/fd/3 3< f), one of a compound command around
// it ({ cat /dev/fd/3; } 3< f) and one an exec opened earlier on the line
// (exec 3< f; cat <&3) are the line's own; a named one (exec {fd}< f)
// may be any number.

// execOpens records the descriptors above stderr exec's redirections rs
// open, and forgets those they close.
func (z *analyzer) execOpens(rs []*syntax.Redirect) {
	for _, r := range rs {
		fd := redirFD(r)
		z.execFDs = slices.DeleteFunc(z.execFDs, func(s string) bool { return s == fd })
		if !closesFD(r) {
			z.execFDs = append(z.execFDs, fd)
		}
	}
}

// closesFD says whether r closes its descriptor (3<&-, 3>&-).
func closesFD(r *syntax.Redirect) bool {
	return (r.Op == syntax.DplIn || r.Op == syntax.DplOut) && r.Word != nil && r.Word.Lit() == "-"
}

// strayFD returns the first descriptor above stderr command c, whose
// redirections are rs, uses without the line having opened it: a
// duplication of it (<&5, >&5) or a path to it (SimpleCommand.StrayFD).
func (z *analyzer) strayFD(c SimpleCommand, rs []*syntax.Redirect) string {
	for _, r := range rs {
		if (r.Op == syntax.DplIn || r.Op == syntax.DplOut) && r.Word != nil {
			if n := r.Word.Lit(); isDigits(n) && !stdFD(n) && !z.fdOpen(n, rs) {
				return z.nodeTextFull(r)
			}
		}
	}
	words := slices.Clone(c.Words)
	for _, r := range c.Redirects {
		words = append(words, r.Target)
	}
	dir, _ := exportDir(z.dir)
	for _, w := range words {
		if n, ok := ownFDPath(w, dir); ok && !z.fdOpen(n, rs) {
			return w.Text
		}
	}
	return ""
}

// stdFD says whether n is stdin, stdout or stderr.
func stdFD(n string) bool {
	n = strings.TrimLeft(n, "0")
	return n == "" || n == "1" || n == "2"
}

// ownFDPath returns the descriptor above stderr a literal word names as
// a path to one of the process's own (/dev/fd/5, /proc/self/fd/5,
// /proc/thread-self/fd/5), taken in dir (SimpleCommand.Dir) when
// relative and dir is absolute.
func ownFDPath(w Word, dir string) (string, bool) {
	if !w.Literal {
		return "", false
	}
	p := w.Text
	if !path.IsAbs(p) {
		if !path.IsAbs(dir) {
			return "", false
		}
		p = path.Join(dir, p)
	}
	if !strings.Contains(p, "fd") {
		return "", false
	}
	p = path.Clean(p)
	kind, self, rest, ok := procLink(p)
	n := path.Base(p)
	if !ok || kind != "fd" || !self || rest != "" || !isDigits(n) || stdFD(n) {
		return "", false
	}
	return n, true
}

// fdOpen says whether descriptor n is the line's own for a command whose
// redirections are rs.
func (z *analyzer) fdOpen(n string, rs []*syntax.Redirect) bool {
	n = strings.TrimLeft(n, "0")
	mine := func(rs []*syntax.Redirect) bool {
		return slices.ContainsFunc(rs, func(r *syntax.Redirect) bool {
			fd := redirFD(r)
			return !closesFD(r) && (strings.TrimLeft(fd, "0") == n || strings.HasPrefix(fd, "{"))
		})
	}
	if mine(rs) || slices.ContainsFunc(z.fdScopes, mine) {
		return true
	}
	return slices.ContainsFunc(z.execFDs, func(fd string) bool { return strings.TrimLeft(fd, "0") == n || strings.HasPrefix(fd, "{") })
}

// A function's body uses the descriptors its calls open: f() { echo x
// >&3; }; f 3>log writes to log. A descriptor a command of a function's
// body uses without opening it is the line's own when every call of
// the function on the line opens it (none: the body never runs); one
// call that does not (f; f 3>log) leaves it asked for.

// fnCall is a command named name and the descriptors open at it: its
// redirections', those of the compounds around it and exec's.
type fnCall struct {
	name string
	fds  []string
	data bool // an argument is data the analysis cannot read (arithData)
}

// noteCall records command c, whose redirections are rs, as a call.
func (z *analyzer) noteCall(c SimpleCommand, rs []*syntax.Redirect) {
	if len(c.Words) == 0 || !c.Words[0].Literal {
		return
	}
	call := fnCall{name: c.Words[0].Text, fds: slices.Clone(z.execFDs)}
	call.data = slices.ContainsFunc(c.Words[1:], func(w Word) bool {
		return !knownValue(w) || !w.Literal && slices.ContainsFunc(z.dataVars, func(n string) bool { return expandsValue(w.Text, n) })
	})
	for _, s := range z.fdScopes {
		call.fds = openedFDs(call.fds, s)
	}
	call.fds = openedFDs(call.fds, rs)
	z.fnCalls = append(z.fnCalls, call)
}

// openedFDs appends to fds the descriptors redirections rs open.
func openedFDs(fds []string, rs []*syntax.Redirect) []string {
	for _, r := range rs {
		if !closesFD(r) {
			fds = append(fds, redirFD(r))
		}
	}
	return fds
}

// funcFDs clears the stray descriptor of each command of a function's
// body that every call of the function opens.
func (z *analyzer) funcFDs() {
	for k := range z.a.Commands {
		c := &z.a.Commands[k]
		if c.StrayFD == "" || c.Func == "" {
			continue
		}
		n := strayNum(c.StrayFD)
		if n == "" {
			continue
		}
		opens := true
		for _, call := range z.fnCalls {
			if call.name == c.Func && !slices.ContainsFunc(call.fds, func(fd string) bool {
				return strings.TrimLeft(fd, "0") == n || strings.HasPrefix(fd, "{")
			}) {
				opens = false
				break
			}
		}
		if opens {
			c.StrayFD = ""
		}
	}
}

// strayNum returns the descriptor a stray use names (>&3, <&5,
// /dev/fd/3), leading zeros dropped; "" when it is not written out.
func strayNum(t string) string {
	if i := strings.LastIndexByte(t, '&'); i >= 0 {
		t = t[i+1:]
	} else {
		t = path.Base(t)
	}
	if !isDigits(t) {
		return ""
	}
	return strings.TrimLeft(t, "0")
}

// maxScopeFed bounds the text of compounds' inputs handed again to a
// further reader of code in them (scopeInput), each walked once more
// for it: { sh; sh; …; } < <(…) would walk the substitution for each sh.
const maxScopeFed = 64 << 10

// scopeInput returns rs, the redirections of command c, with the input
// of the compound commands around it first where c is a reader of code
// from its input (sh, python3 -, source /dev/stdin) or xargs, that does
// not redirect descriptor 0 itself: { sh; } <<< 'rm -rf ~' and while
// read l; do sh; done < <(curl x) run what sh <<< 'rm -rf ~' and sh <
// <(curl x) run, which a compound's redirection (redirectOnly) alone
// never showed the program checks. The innermost compound that
// redirects descriptor 0 is the one read (scopeStdin). Each input is
// handed once freely, again within maxScopeFed, past which the line
// fails closed.
func (z *analyzer) scopeInput(c SimpleCommand, rs []*syntax.Redirect) []*syntax.Redirect {
	// { sh < /dev/stdin; } <<< …: the compound's input reopened.
	if len(z.fdScopes) == 0 || slices.ContainsFunc(rs, func(r *syntax.Redirect) bool {
		src, ok := reopenedFD(r)
		return redirFD(r) == "0" && !(ok && src == "0")
	}) {
		return rs
	}
	from, in := z.scopeStdin()
	// xargs runs its input's names: { xargs rm -rf; } <<< ~. A filter
	// of a here-document, a here-string or a file writes it ({ cat; }
	// <<< 'rm -rf ~' | sh, { cat; } < s.sh | sh), for catDoc, as cat
	// <<< … does; so does one that computes a here-string's
	// (docFilter: { head -1 | sh; } <<< 'rm -rf ~').
	if in == nil || lowerName(c) != "xargs" && !readsCodeFromInput(c) && !(inputFilter(c) && (fedDocIn(in) || in.Op == syntax.RdrIn)) && !(docFilter(c) && fedDocIn(in)) {
		return rs
	}
	if z.scopeFed[from] {
		if z.scopeFedBytes += redirLen(from); z.scopeFedBytes > maxScopeFed {
			z.complexOnce("programs read from a compound command's input more often than the analysis follows")
			return rs
		}
	}
	if z.scopeFed == nil {
		z.scopeFed = map[*syntax.Redirect]bool{}
	}
	z.scopeFed[from] = true
	return append([]*syntax.Redirect{in}, rs...)
}

// fedDocIn says whether in, descriptor 0's redirection, is a
// here-document or a here-string.
func fedDocIn(in *syntax.Redirect) bool {
	feed, _ := fdDoc([]*syntax.Redirect{in}, 0)
	return feed == feedDoc
}

// scopeStdin returns the input of the innermost compound around the
// command walked that redirects descriptor 0, as from, the redirection
// that opened it, and in, that redirection as descriptor 0's: a
// duplication (<&3) is taken as the redirection of descriptor 3 that
// compound, one around it or exec (held) made. in is nil where that
// input is none the analysis reads (<&-, 0>f, <&3 of a descriptor
// inherited, a pipeline's stage after the first, whose input is the
// pipe).
func (z *analyzer) scopeStdin() (from, in *syntax.Redirect) {
	for k := len(z.fdScopes) - 1; k >= 0; k-- {
		s := z.fdScopes[k]
		for i := len(s) - 1; i >= 0; i-- {
			r := s[i]
			if redirFD(r) != "0" {
				continue
			}
			if r.Op == syntax.DplIn {
				if r = z.scopeFD(k, r); r == nil {
					return nil, nil
				}
			}
			switch r.Op {
			case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.RdrIn, syntax.RdrInOut:
			default:
				return nil, nil
			}
			in := r
			if r.N != nil {
				d := *r
				d.N = nil
				in = &d
			}
			return r, in
		}
	}
	return nil, nil
}

// maxDupChain bounds the duplications scopeFD follows back (5<&4 4<&3),
// past which the line fails closed.
const maxDupChain = 16

// scopeFD returns the redirection that opened descriptor d's word (3 of
// <&3), one the compound z.fdScopes[k], one around it or exec (held)
// made, a duplication of another (4<&3, 4<&0) followed back to the one
// that opened that, or nil where none did: { sh; } 3<<< 'rm -rf ~' 4<&3
// <&4 runs sh <<< 'rm -rf ~'.
func (z *analyzer) scopeFD(k int, d *syntax.Redirect) *syntax.Redirect {
	seen := []*syntax.Redirect{d} // 3<&4 4<&3: each followed once
	for d.Op == syntax.DplIn {
		if len(seen) > maxDupChain {
			z.complexOnce("descriptors are duplicated more often than the analysis follows")
			return nil
		}
		if d = z.scopeOpened(k, d, seen); d == nil {
			return nil
		}
		seen = append(seen, d)
	}
	return d
}

// scopeOpened returns the last redirection of descriptor d's word
// that the compound z.fdScopes[k], one around it or exec (held) made,
// other than those seen, or nil where none did.
func (z *analyzer) scopeOpened(k int, d *syntax.Redirect, seen []*syntax.Redirect) *syntax.Redirect {
	if d.Word == nil {
		return nil // a pipeline's stage's input
	}
	src := d.Word.Lit()
	if src == "" {
		return nil
	}
	for ; k >= 0; k-- {
		for i := len(z.fdScopes[k]) - 1; i >= 0; i-- {
			if r := z.fdScopes[k][i]; redirFD(r) == src && !slices.Contains(seen, r) {
				return r
			}
		}
	}
	if h := slices.IndexFunc(z.held, func(h heldFD) bool { return h.fd == src }); h >= 0 {
		return z.held[h].r
	}
	return nil
}

// inputRedirected says whether rs, a command's redirections, or the
// compounds' around it redirect descriptor 0.
func (z *analyzer) inputRedirected(rs []*syntax.Redirect) bool {
	in := func(rs []*syntax.Redirect) bool {
		return slices.ContainsFunc(rs, func(r *syntax.Redirect) bool { return redirFD(r) == "0" })
	}
	return in(rs) || slices.ContainsFunc(z.fdScopes, in)
}

// readsCodeFromInput says whether c, its wrappers unwrapped or not yet,
// runs what it may read from its input: a program (a shell or an
// interpreter with no script, sh, python3 -; source /dev/stdin; awk -f
// /dev/stdin), commands (inputCommands: sftp, gdb, parallel) or a
// container's shell (containerStdinShell: docker run -i alpine sh).
func readsCodeFromInput(c SimpleCommand) bool {
	if c.Inner == 0 && len(c.Words) > 0 {
		c.Inner = unwrap(c.Words).inner // env sh, timeout 5 sh
	}
	n := lowerName(c)
	if _, _, stdin := inlineProgram(c); stdin || inputCommands(c) != "" {
		return true
	}
	return (isInterpreter(n) || n == "source" || n == ".") && readsProgramFromFeed(c) || containerStdinShell(c) >= 0
}

// noteFnReadsCode records whether the body of function name, whose
// commands as written run from index start on, holds a reader of code
// from its input, or a call of a function that does (fnReadsCode); the
// names it calls otherwise are kept (fnCallers), for bash looks a
// function up when it is called: g() { f; }; f() { sh; }; g <<< 'rm -rf
// ~' runs sh <<< 'rm -rf ~'.
func (z *analyzer) noteFnReadsCode(name string, start int) {
	delete(z.fnReadsCode, name)
	delete(z.fnXargs, name)
	reads, xargs := false, false
	for _, c := range z.a.Commands[start:] {
		n := c.Name()
		if len(c.Words) > 0 && c.Words[0].Literal && c.Words[0].Text == "xargs" || z.fnXargs[n] { // xargs's command walked as the name
			xargs = true
		}
		switch {
		case readsCodeFromInput(c) || z.fnReadsCode[n]:
			reads = true
		case n != "" && n != name:
			if z.fnCallers == nil {
				z.fnCallers = map[string][]string{}
			}
			z.fnCallers[n] = append(z.fnCallers[n], name)
		}
	}
	if reads {
		z.fnReadsCode = z.markCallers(z.fnReadsCode, name)
	}
	if xargs {
		// g() { f; }; f() { xargs rm -rf; }; g <<< ~ runs xargs rm -rf
		// <<< ~ as f <<< ~ does.
		z.fnXargs = z.markCallers(z.fnXargs, name)
	}
}

// markCallers marks function name in set, and those declared before
// that call it (fnCallers), each once, and returns set, made if nil: a
// function that reads code from its input (fnReadsCode) or runs xargs
// (fnXargs) makes its callers do so.
func (z *analyzer) markCallers(set map[string]bool, name string) map[string]bool {
	if set == nil {
		set = map[string]bool{}
	}
	for todo := []string{name}; len(todo) > 0; {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if !set[n] {
			set[n] = true
			todo = append(todo, z.fnCallers[n]...)
		}
	}
	return set
}

// redirLen returns the length of redirection r's source, its
// here-document's body included.
func redirLen(r *syntax.Redirect) int {
	n := int(redirEnd(r).Offset() - r.Pos().Offset())
	if r.Hdoc != nil {
		n += int(r.Hdoc.End().Offset() - r.Hdoc.Pos().Offset())
	}
	return n
}

// programInput returns, as a compound's redirections, the input that
// command c, whose redirections are rs, gives the program it runs (eval
// sh <<< …, sh -c sh <<< …), and whether it redirects one: only
// descriptor 0, so that the program's use of another is strayFD's as
// before; one the analysis does not read is a pipe's (nothing known).
func (z *analyzer) programInput(c SimpleCommand, rs []*syntax.Redirect) ([]*syntax.Redirect, bool) {
	if n := lowerName(c); n == "trap" || n == "bind" || !slices.ContainsFunc(rs, func(r *syntax.Redirect) bool { return redirFD(r) == "0" }) {
		return nil, false
	}
	z.fdScopes = append(z.fdScopes, rs)
	_, in := z.scopeStdin()
	z.fdScopes = z.fdScopes[:len(z.fdScopes)-1]
	if in == nil {
		in = &syntax.Redirect{Op: syntax.DplIn}
	}
	return []*syntax.Redirect{in}, true
}
