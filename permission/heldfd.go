package permission

import (
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
