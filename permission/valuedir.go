package permission

import "slices"

// printedWords returns command i with each word only known at run time
// after its name given what the substitutions in it print (z.printed,
// withPrinted); ok is false where one is left or none is given.
func (z *analyzer) printedWords(i int) (SimpleCommand, bool) {
	c := z.a.Commands[i]
	if z.printedAt != i || len(z.printed) == 0 {
		return c, false
	}
	ws := slices.Clone(c.Words)
	for k := c.Inner + 1; k < len(ws); k++ {
		if ws[k].Literal {
			continue
		}
		w, ok := withPrinted(ws[k].Text, z.printed)
		if !ok {
			return c, false
		}
		ws[k] = w
	}
	c.Words = ws
	return c, true
}

// dirCopy is a command walked where the directory is only known at run
// time, and where it runs for a cd to a value the line gives (valuedCd).
type dirCopy struct {
	at  int
	dir string
}

// valuedCd follows cd or pushd, command i, to a variable the line
// surely gives one value (d=.git/hooks; cd "$d"), and any cd after
// one such, into z.valDir: where the commands after it run if the value
// holds, beside z.dir, which leaves that unknown as before. from is
// z.dir before c. The commands walked there are judged again there, in
// copies (valueDirCopies), so no decision gets laxer.
func (z *analyzer) valuedCd(i int, c SimpleCommand, from string) {
	n := lowerName(c)
	if z.fn != "" || n != "cd" && n != "pushd" && n != "popd" && !z.cdFuncs[c.Name()] && n != "source" && n != "." {
		return
	}
	base := z.valueDirAt(c)
	v := c
	if vc, ok := z.valueWords(i); ok {
		v = vc
	} else if vc, ok := z.printedWords(i); ok {
		v = vc // cd "$(echo .GIT | tr A-Z a-z)"
	} else if base == "" {
		return
	}
	if base == "" {
		base = from
	}
	dir, oldPwd, physical := z.dir, z.oldPwd, z.wentPhysical
	z.dir = base
	z.changeDir(v)
	got := z.dir
	z.dir, z.oldPwd, z.wentPhysical = dir, oldPwd, physical
	switch {
	case got == "?" || got == dir:
		z.valDir = ""
	case got != z.valDir:
		z.valDir, z.valScope = got, z.scope
	}
}

// valueDirAt returns where command c runs for a cd to a value
// (valuedCd), or "" where that is not known apart from c.Dir.
func (z *analyzer) valueDirAt(c SimpleCommand) string {
	if z.valDir == "" || z.fn != "" || c.Dir != "?" || !z.within(z.scope, z.valScope) {
		return ""
	}
	return z.valDir
}

// noteValueDir notes command i, just added, for a copy where it runs
// for a cd to a value (valuedCd).
func (z *analyzer) noteValueDir(i int) {
	if d := z.valueDirAt(z.a.Commands[i]); d != "" {
		z.dirCopy = append(z.dirCopy, dirCopy{i, d})
	}
}

// valueDirCopies adds the copies noteValueDir noted: each command as
// walked, run where a cd to a value leads. One at most for each command
// walked, and before readValues, which hands values on to them in turn
// (d=.git; f=config; cd "$d"; echo x >> "$f").
func (z *analyzer) valueDirCopies() {
	for _, dc := range z.dirCopy {
		n := z.a.Commands[dc.at]
		n.Dir, n.Dirs = exportDir(dc.dir)
		n.Words, n.Redirects = slices.Clone(n.Words), slices.Clone(n.Redirects)
		if z.copied == nil {
			z.copied = map[int]point{}
		}
		at := len(z.a.Commands)
		z.copied[at] = z.pointOf(dc.at)
		z.a.Commands = append(z.a.Commands, n)
		z.copiedCode(n)
	}
}
