package permission

import (
	"slices"
	"strings"
)

// madeLink is a link a command line makes (ln, link) to a place that may
// lie outside the project root: what other commands of the line write at
// or below link, by the link's name, lands there.
type madeLink struct {
	by     int    // the index of the ln command in Analysis.Commands
	link   string // absolute, clean
	target string // as written, for messages
}

// linksOut returns the links the commands of a line make to places that
// may lie outside the project root (ln -s /etc/x l; ln ~/.bashrc in; cp
// -s /etc/x l; a target only known at run time). The link itself lands in
// the project, so each command on its own passes; nil when no command of
// the line makes a link, without allocating.
func (e *Engine) linksOut(cmds []SimpleCommand) []madeLink {
	var out []madeLink
	for i, c := range cmds {
		n := lowerName(c)
		cp := n == "cp" && cpLinks(c)
		// A copy of a link made earlier may be a link too (cp -a, -P, -d).
		again := n == "cp" && len(out) > 0
		if n != "ln" && n != "link" && !cp && !again {
			continue
		}
		ts := e.touches(c)
		var target string
		for _, t := range ts {
			// ln's targets are reached through its links; cp -s's and cp
			// -l's sources are.
			if (t.reach || cp) && !t.write && (t.path.abs == "" || e.Env.Root != "" && !within(t.path.abs, e.Env.Root)) {
				target = t.word.Text
				break
			}
			if again && !t.write && t.path.abs != "" {
				if k := slices.IndexFunc(out, func(l madeLink) bool { return within(t.path.abs, l.link) }); k >= 0 {
					target = out[k].target
					break
				}
			}
		}
		if target == "" {
			continue
		}
		for _, t := range ts {
			if t.write && t.path.abs != "" {
				out = append(out, madeLink{by: i, link: t.path.abs, target: target})
			}
		}
	}
	return out
}

// cpLinks says whether cp c makes links to its sources instead of copies
// (-s, --symbolic-link, -l, --link, in a cluster too: cp -sf).
func cpLinks(c SimpleCommand) bool {
	return slices.ContainsFunc(c.Args()[1:], func(w Word) bool {
		return w.Literal && (w.Text == "--symbolic-link" || w.Text == "--link" ||
			shortCluster(w.Text) && strings.ContainsAny(w.Text, "sl"))
	})
}

// throughLink reports why c, command i of the line, writes through one of
// links, or "": a path it writes at or below a link (echo hi > l, cp f l,
// touch l/x) or a directory it runs in there (cd l && make, tar -x -C l)
// is written where the link leads.
func (e *Engine) throughLink(i int, c SimpleCommand, links []madeLink) string {
	for _, l := range links {
		if l.by == i {
			continue
		}
		for _, t := range e.touches(c) {
			if t.write && t.path.abs != "" && within(t.path.abs, l.link) {
				return commandName(c) + " writes " + t.word.Text + " through the link " + l.link + " made on the line, which leads to " + l.target + ", outside the project root"
			}
		}
		why := ""
		if !IsReadOnly(c) {
			eachDir(c, func(d string) bool {
				if abs := e.Env.In(d).Cwd; abs != "" && within(abs, l.link) {
					why = commandName(c) + " runs in " + d + ", through the link " + l.link + " made on the line, which leads to " + l.target + ", outside the project root"
				}
				return why == ""
			})
		}
		if why != "" {
			return why
		}
	}
	return ""
}
