package permission

import (
	"slices"
	"sort"
	"strings"
)

// handOnIndex lets handOn find, for a value, the commands that may take
// it and the reassignments that may end its reach without reading every
// command and every read on the line once per value: a line of thousands
// of reads and commands (read a <<< x; echo hi; … of 1 MiB) took time of
// their product, minutes. Both are built once, as handOn first asks, and
// extended as the copies it makes add commands and reads.
type handOnIndex struct {
	// placed maps a variable's name to the commands that may expand it
	// (expanderNames) and expand it in their own place, outside a
	// function, ascending; moved to the others: a copy, which expands it
	// where the command it copies does (pointOf), and a command in a
	// function, which runs where it is called. expanded counts the
	// commands indexed, z.a.Commands[:expanded].
	placed, moved map[string][]int
	expanded      int
	// replacers maps a shell, name and part of the line to the reads
	// there that surely replace the name's value outside a function (as
	// reaches asks), ordered by their place; replaced counts the reads
	// indexed, z.reads[:replaced].
	replacers map[replacerKey][]int
	replaced  int
	// latest maps a name to the last read of it in z.reads[:latestOf]
	// (latestRead).
	latest   map[string]int
	latestOf int
}

// latestRead returns the index in z.reads of the last read of name, as
// soleValue asks for each variable a word expands, without reading every
// read on the line back: set -- a b; echo "$@"; … asked for "$" each
// time, which no read sets, 6 s at 256 kB.
func (z *analyzer) latestRead(name string) (int, bool) {
	x := &z.handIdx
	if x.latestOf > len(z.reads) {
		x.latest, x.latestOf = nil, 0
	}
	if x.latest == nil {
		x.latest = map[string]int{}
	}
	for ; x.latestOf < len(z.reads); x.latestOf++ {
		for _, n := range z.reads[x.latestOf].names {
			x.latest[n] = x.latestOf
		}
	}
	ri, ok := x.latest[name]
	return ri, ok
}

// replacerKey is what a read must share with a value to end its reach.
type replacerKey struct {
	scope, cond int32
	name        string
}

// nextExpanding returns the index of the first command from k on that may
// expand one of names and may be reached by a value set at command lo-1
// and surely replaced at command hi, or len(z.a.Commands) when none
// does. It may return a command that does not (expandsAnyOf and reaches
// decide), never skip one that does: one in its own place is reached
// only between lo and hi (reachWindow).
func (z *analyzer) nextExpanding(names []string, k, lo, hi int) int {
	x := &z.handIdx
	if x.expanded > len(z.a.Commands) {
		*x = handOnIndex{}
	}
	for ; x.expanded < len(z.a.Commands); x.expanded++ {
		if x.placed == nil {
			x.placed, x.moved = map[string][]int{}, map[string][]int{}
		}
		into := x.placed
		if _, copied := z.copied[x.expanded]; copied || z.a.Commands[x.expanded].Func != "" {
			into = x.moved
		}
		for _, n := range expanderNames(z.a.Commands[x.expanded]) {
			if l := into[n]; len(l) == 0 || l[len(l)-1] != x.expanded {
				into[n] = append(l, x.expanded)
			}
		}
	}
	next := len(z.a.Commands)
	for _, n := range names {
		if !indexedName(n) {
			return k // a name expanderNames does not spell: every command may
		}
		placed, moved := x.placed[n], x.moved[n]
		if i, _ := slices.BinarySearch(placed, max(k, lo)); i < len(placed) && placed[i] <= hi {
			next = min(next, placed[i])
		}
		if i, _ := slices.BinarySearch(moved, k); i < len(moved) {
			next = min(next, moved[i])
		}
	}
	return next
}

// reachWindow returns the commands in their own place, outside a
// function, that the values of read r may reach (reaches): from the one
// after it to the first read in its shell that surely replaces one of its
// variables whatever part of the line runs, inclusive.
func (z *analyzer) reachWindow(r readCmd) (lo, hi int) {
	lo, hi = r.at+1, len(z.a.Commands)
	if r.fn != "" {
		return lo, hi
	}
	z.indexReplacers()
	for _, n := range r.names {
		if o, ok := z.firstReplacer(replacerKey{r.scope, 0, n}, r.at); ok {
			hi = min(hi, o)
		}
	}
	return lo, hi
}

// indexedName says whether expanderNames spells name as expandsValue
// matches it: a run of name bytes, or one other byte ($@, $*).
func indexedName(name string) bool {
	if len(name) == 1 {
		return true
	}
	for i := range len(name) {
		if !isNameByte(name[i]) {
			return false
		}
	}
	return name != ""
}

// expanderNames returns the names c may expand where expandsAnyOf looks,
// in its arguments and the files of its redirections: after each $ (and
// ${, ${!), the longest run of name bytes, or the one byte there.
func expanderNames(c SimpleCommand) []string {
	var names []string
	add := func(t string) {
		for i := 0; i < len(t); i++ {
			if t[i] != '$' {
				continue
			}
			j := i + 1
			if j < len(t) && t[j] == '{' {
				j++
				if j < len(t) && t[j] == '!' {
					names = append(names, "!")
					j++
				}
			}
			end := j
			for end < len(t) && isNameByte(t[end]) {
				end++
			}
			if end == j && j < len(t) {
				end++
			}
			if end > j {
				names = append(names, t[j:end])
			}
		}
	}
	if len(c.Words) > 1 {
		for _, w := range c.Words[1:] {
			if !w.Literal {
				add(w.Text)
			}
		}
	}
	for _, r := range c.Redirects {
		if !r.Target.Literal {
			add(r.Target.Text)
		}
	}
	return names
}

// replacedBetween says whether a read in r's shell, outside a function,
// surely replaces one of r's variables after r and before c, in a part of
// the line that runs whenever c does (the whole line, or c's own).
func (z *analyzer) replacedBetween(r readCmd, c point) bool {
	if r.fn != "" {
		return false
	}
	z.indexReplacers()
	conds := []int32{0}
	if c.cond != 0 {
		conds = append(conds, c.cond)
	}
	for _, n := range r.names {
		for _, cond := range conds {
			if o, ok := z.firstReplacer(replacerKey{r.scope, cond, n}, r.at); ok && o < c.at {
				return true
			}
		}
	}
	return false
}

// firstReplacer returns the place of the first read of key after at.
func (z *analyzer) firstReplacer(key replacerKey, at int) (int, bool) {
	l := z.handIdx.replacers[key]
	i := sort.Search(len(l), func(i int) bool { return z.reads[l[i]].at > at })
	if i == len(l) {
		return 0, false
	}
	return z.reads[l[i]].at, true
}

// indexReplacers indexes the reads added since it last ran.
func (z *analyzer) indexReplacers() {
	x := &z.handIdx
	if x.replaced > len(z.reads) {
		x.replacers, x.replaced = nil, 0
	}
	for ; x.replaced < len(z.reads); x.replaced++ {
		o := z.reads[x.replaced]
		if !o.replaces || o.fn != "" {
			continue
		}
		if x.replacers == nil {
			x.replacers = map[replacerKey][]int{}
		}
		for _, n := range o.names {
			key := replacerKey{o.scope, o.cond, n}
			l := x.replacers[key]
			i := sort.Search(len(l), func(i int) bool { return z.reads[l[i]].at > o.at })
			x.replacers[key] = slices.Insert(l, i, x.replaced)
		}
	}
}

// maxCopiedBytes bounds the text of the copies handOn and runWith make
// of commands with a value in place of each of its expansions: a copy
// is as long as the command and each value it puts in, so that f=aaa…;
// echo $f$f… of 10 kB, or echo aaa… | xargs -I{} cp {}{}… x, made a
// copy of 12 MB (a 1 MiB line, of a hundred GB), read as every command
// is. Past it the line is too complex. 8 MiB is read in well under a
// second, and everyday copies are a few hundred bytes each, at most
// maxValueCopies of them.
const maxCopiedBytes = 8 << 20

// copyFits counts a copy of size bytes against maxCopiedBytes: false,
// the line too complex and the copy left unmade, where it would go past
// it. That copy is not counted, and the shorter ones after it are still
// made: one long copy stopped all, so that d=~; rm -rf "$d"; f=aaa…;
// echo $f$f… was asked for, not denied, as ~ was never handed to rm.
func (z *analyzer) copyFits(size int) bool {
	if z.copiedBytes+size > maxCopiedBytes {
		z.complexOnce("values read or assigned on the line make copies of commands longer than the analysis follows")
		return false
	}
	z.copiedBytes += size
	return true
}

// copySize returns about how long c is with each expansion in its
// arguments and redirections replaced by the longest of values, quoted.
func copySize(c SimpleCommand, values []Word) int {
	longest := 0
	for _, v := range values {
		longest = max(longest, len(v.Text))
	}
	size, refs := 0, 0
	for _, w := range c.Words {
		size, refs = size+len(w.Text)+1, refs+strings.Count(w.Text, "$")
	}
	for _, r := range c.Redirects {
		size, refs = size+len(r.Target.Text)+1, refs+strings.Count(r.Target.Text, "$")
	}
	return size + refs*(2*longest+2)
}
