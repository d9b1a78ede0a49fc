package permission

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Names handed on through a file: a find's or a lister's output written
// to a file and read back on the same command line (locate id_rsa > l;
// xargs cat < l; find ~ -name '*.pem' > l && cat $(cat l); xargs -a l
// cat; while read f; do cat "$f"; done < l) hands the command its names
// as a pipe would (locate id_rsa | xargs cat), and is judged as that
// pipe is (pipedDeletes): as find ROOTS -exec CMD {} +. So does a
// variable that holds them (a=$(find ~ …); cat $a, mapfile -t a < l;
// cat "${a[@]}"), for the commands and the for loops that expand it.

// fileInput is a compound command whose standard input is a file: the
// file as written, the directory it is opened in, and the commands of
// its body.
type fileInput struct {
	file Word
	dir  string
	body []int
}

// wordLoop is a for loop over words: the words as written, the commands
// of their substitutions and those of its body.
type wordLoop struct {
	words []string
	items []int
	body  []int
}

// nameHolder is a file or a variable that holds the names the commands
// src print, filled by the command at: a find's or a lister's output
// written to file (opened in dir), or the variable name set from them.
type nameHolder struct {
	src  []int
	at   int
	file Word
	dir  string
	name string
}

// same says whether w, opened in dir, may be the holder's file.
func (h nameHolder) same(w Word, dir string) bool {
	return h.name == "" && w.Literal && sameFile(h.file.Text, h.dir, w.Text, dir)
}

// noteFileInput records, for the compound command whose commands run
// from index from to at, and whose redirections redirectOnly just added
// at at, the file it reads its input from, if any. One whose input is a
// process substitution (while read f; do cat "$f"; done < <(locate
// id_rsa)) is handed the names its commands print, as a pipe would hand
// them.
func (z *analyzer) noteFileInput(from, at int) {
	if at <= from || at >= len(z.a.Commands) || len(z.a.Commands[at].Words) != 0 {
		return
	}
	r := z.a.Commands[at]
	body := indexRange(from, at)
	for _, red := range r.Redirects {
		switch {
		case !red.Read || red.Write:
		case red.Target.Literal:
			z.fileInputs = append(z.fileInputs, fileInput{file: red.Target, dir: r.Dir, body: body})
		case strings.HasPrefix(red.Target.Text, "<("):
			if in := z.fedBy(at); len(in) > 0 {
				z.pipedDeletes(Pipeline{in, body})
			}
		}
	}
}

// noteLoop records a for loop over words whose body runs from index
// bodyFrom, and items, the commands of the words' substitutions.
func (z *analyzer) noteLoop(cmd *syntax.ForClause, items []int, bodyFrom int) {
	l, ok := cmd.Loop.(*syntax.WordIter)
	if !ok || bodyFrom >= len(z.a.Commands) {
		return
	}
	w := wordLoop{items: items, body: indexRange(bodyFrom, len(z.a.Commands))}
	for _, it := range l.Items {
		w.words = append(w.words, z.nodeTextFull(it))
	}
	z.loops = append(z.loops, w)
}

// fedBy returns the commands of the substitutions in command j's words
// and redirections (feeds), or nil.
func (z *analyzer) fedBy(j int) []int {
	for k := len(z.a.Pipelines) - 1; k >= 0; k-- {
		if p := z.a.Pipelines[k]; len(p) == 2 && len(p[1]) == 1 && p[1][0] == j {
			return p[0]
		}
	}
	return nil
}

// namesThroughFiles pairs each find or lister whose output goes to a
// file with the later commands on the line that take names from that
// file: one whose input it is (xargs CMD < l, a read loop's body), an
// xargs or a parallel that reads it by -a or ::::, a pipeline, a
// substitution or a for loop fed by a cat of it (cat $(cat l), cat $(<
// l), cat l | xargs cat), as if the lister stood there; and each
// variable set from such names with the later commands and for loops
// that expand it.
func (z *analyzer) namesThroughFiles() {
	// Each holder is looked for in every later command: past maxRunWith
	// pairs the line is asked for, not followed.
	pairs := 0
	hand := func(p Pipeline) bool {
		if pairs++; pairs > maxRunWith {
			z.complexOnce("names written to files are handed to more commands than the analysis follows")
			return false
		}
		z.pipedDeletes(p)
		return true
	}
	files, ok := z.nameFiles()
	if !ok {
		return
	}
	for _, h := range files {
		if !z.handFile(h, hand) {
			return
		}
	}
	for _, h := range z.nameVars(files) {
		for k := h.at + 1; k < len(z.a.Commands); k++ {
			if expandsAny(z.a.Commands[k], h.name) && !hand(Pipeline{h.src, {k}}) {
				return
			}
		}
		for _, l := range z.loops {
			if l.body[0] > h.at && slices.ContainsFunc(l.words, func(w string) bool { return expandsValue(w, h.name) }) && !hand(Pipeline{h.src, l.body}) {
				return
			}
		}
	}
}

// handFile hands the names in the file h to the later commands that
// read them from it.
func (z *analyzer) handFile(h nameHolder, hand func(Pipeline) bool) bool {
	for j := h.at + 1; j < len(z.a.Commands); j++ {
		d := z.a.Commands[j]
		reads := slices.ContainsFunc(d.Redirects, func(r Redirect) bool { return r.Read && !r.Write && h.same(r.Target, d.Dir) }) ||
			d.OpenArgs && slices.ContainsFunc(d.WrapperPaths, func(a PathArg) bool { return !a.Write && h.same(a.Word, d.Dir) }) ||
			tarNamesFile(d, func(w Word) bool { return h.same(w, d.Dir) })
		if reads && len(d.Words) > 0 && !hand(Pipeline{h.src, {j}}) {
			return false
		}
	}
	for _, in := range z.fileInputs {
		if in.body[0] > h.at && h.same(in.file, in.dir) && !hand(Pipeline{h.src, in.body}) {
			return false
		}
	}
	for _, p := range z.a.Pipelines {
		for k, stage := range p {
			if stage[0] <= h.at || !z.catStage(stage, h.same) {
				continue
			}
			q := slices.Clone(p)
			q[k] = h.src
			if !hand(q) {
				return false
			}
		}
	}
	for _, l := range z.loops {
		if len(l.items) > 0 && l.items[0] > h.at &&
			slices.ContainsFunc(l.items, func(k int) bool { return catOf(z.a.Commands[k], h.same) }) && !hand(Pipeline{h.src, l.body}) {
			return false
		}
	}
	return true
}

// catStage says whether the commands of stage print lines of the file
// same says is the one written: a cat of it, alone or piped through
// filters (cat $(cat l | head)).
func (z *analyzer) catStage(stage []int, same func(Word, string) bool) bool {
	if !catOf(z.a.Commands[stage[0]], same) {
		return false
	}
	for _, k := range stage[1:] {
		if !namesFilter(z.a.Commands[k]) {
			return false
		}
	}
	return true
}

// nameFiles returns the files finds and listers write their names to:
// by a redirection of their own, or of a filter a pipe hands them to
// (find ~ | sort > l, locate id_rsa | tee l). Past maxRunWith of them
// the line is asked for, and ok is false.
func (z *analyzer) nameFiles() (hs []nameHolder, ok bool) {
	add := func(src []int, at int, w Word, dir string) bool {
		if !w.Literal {
			return true
		}
		if len(hs) >= maxRunWith {
			z.complexOnce("more finds and listers write to files than the analysis follows")
			return false
		}
		hs = append(hs, nameHolder{src: src, at: at, file: w, dir: dir})
		return true
	}
	for i, c := range z.a.Commands {
		if !isLister(c) {
			continue
		}
		for _, out := range c.Redirects {
			if out.Write && !add([]int{i}, i, out.Target, c.Dir) {
				return nil, false
			}
		}
		for _, w := range findPrintFiles(c) {
			if !add([]int{i}, i, w, c.Dir) {
				return nil, false
			}
		}
	}
	for _, p := range z.a.Pipelines {
		var src []int
		for _, stage := range p {
			if len(stage) != 1 {
				src = nil
				continue
			}
			c := z.a.Commands[stage[0]]
			switch {
			case isLister(c):
				src = stage
			case src == nil || !namesFilter(c):
				src = nil
			default:
				for _, out := range c.Redirects {
					if out.Write && !add(src, stage[0], out.Target, c.Dir) {
						return nil, false
					}
				}
				if lowerName(c) == "tee" {
					for _, w := range operandWords(c) {
						if !add(src, stage[0], w, c.Dir) {
							return nil, false
						}
					}
				}
			}
		}
	}
	// Copies of such a file hold the names too: cat l > m, sort l > m,
	// cp l m, mv l m (and copies of those).
	for x := 0; x < len(hs); x++ {
		h := hs[x]
		for j := h.at + 1; j < len(z.a.Commands); j++ {
			c := z.a.Commands[j]
			if catOf(c, h.same) {
				for _, out := range c.Redirects {
					if out.Write && !add(h.src, j, out.Target, c.Dir) {
						return nil, false
					}
				}
			}
			switch lowerName(c) {
			case "cp", "mv":
				if ops := operandWords(c); len(ops) == 2 && h.same(ops[0], c.Dir) && !add(h.src, j, ops[1], c.Dir) {
					return nil, false
				}
			}
		}
	}
	return hs, true
}

// findPrintFiles returns the files a find prints its names to by its
// own actions (-fprint FILE, -fprint0, -fprintf FILE FORMAT, -fls).
func findPrintFiles(c SimpleCommand) []Word {
	if !isFind(c) {
		return nil
	}
	var ws []Word
	for k := 1; k+1 < len(c.Words); k++ {
		switch c.Words[k].Text {
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			ws = append(ws, c.Words[k+1])
		}
	}
	return ws
}

// anyWord is true of every word.
func anyWord(Word) bool { return true }

// isLister says whether c prints names of files: a find, or a lister
// (listedRoots).
func isLister(c SimpleCommand) bool {
	_, ok := listedRoots(c)
	return ok || isFind(c)
}

// namesFilter says whether c, a pipeline's stage, prints lines of its
// input as they came, or some of them: names stay names.
func namesFilter(c SimpleCommand) bool {
	switch lowerName(c) {
	case "sort", "uniq", "head", "tail", "grep", "egrep", "fgrep", "tee", "cat", "sed", "awk", "gawk", "mawk":
		return true
	}
	return false
}

// nameVars returns the variables set from names: by mapfile, readarray
// or read from a file of files or a lister's process substitution
// (mapfile -t a < l, mapfile -t a < <(find ~ …)), or assigned a lister's
// substitution or a cat of such a file (a=$(find ~ …), a=($(< l))).
func (z *analyzer) nameVars(files []nameHolder) []nameHolder {
	var vs []nameHolder
	// The pipelines by their last stage and by their first, looked up
	// once per command (a line of many a=$(…) stays linear).
	fed, from := map[int][]int{}, map[int]Pipeline{}
	for _, p := range z.a.Pipelines {
		if len(p) == 2 && len(p[1]) == 1 {
			fed[p[1][0]] = p[0]
		}
		if len(p) >= 2 && len(p[0]) == 1 {
			from[p[0][0]] = p
		}
	}
	add := func(src []int, j int, name string) bool {
		if len(vs) >= maxRunWith {
			z.complexOnce("more variables hold names of files than the analysis follows")
			return false
		}
		vs = append(vs, nameHolder{src: src, at: j, name: name})
		return true
	}
	for j, c := range z.a.Commands {
		// g=$f, g=("${a[@]}"): a copy of a variable that holds names.
		for _, a := range assignsOf(c) {
			name, v, _ := strings.Cut(a, "=")
			for _, h := range vs {
				if h.at < j && expandsValue(v, h.name) && !add(h.src, j, assignedName(name)) {
					return vs
				}
			}
		}
		names := setVars(c)
		if len(names) == 0 {
			continue
		}
		src := z.namesInto(j, c, files, fed[j], from)
		if src == nil {
			continue
		}
		for _, name := range names {
			if !add(src, j, name) {
				return vs
			}
		}
	}
	return vs
}

// namesInto returns the commands whose names command j takes in: those
// that wrote the file it reads, or those of its substitution, in, when
// that is a lister alone, or piped through filters, or a cat of such a
// file. from are the pipelines by their first stage.
func (z *analyzer) namesInto(j int, c SimpleCommand, files []nameHolder, in []int, from map[int]Pipeline) []int {
	for _, h := range files {
		if h.at < j && slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return r.Read && !r.Write && h.same(r.Target, c.Dir) }) {
			return h.src
		}
	}
	if len(in) > 1 {
		// a=$(find ~ … | sort): a lister piped through filters.
		return z.filteredLister(in, from[in[0]])
	}
	if len(in) != 1 {
		return nil
	}
	s := z.a.Commands[in[0]]
	if isLister(s) {
		return in
	}
	for _, h := range files {
		if h.at < j && catOf(s, h.same) {
			return h.src
		}
	}
	return nil
}

// filteredLister returns the lister whose names the commands in print
// when they are p, a pipeline whose first stage is a lister and whose
// others are filters (find ~ … | sort | head -1), or nil.
func (z *analyzer) filteredLister(in []int, p Pipeline) []int {
	if len(p) != len(in) || !isLister(z.a.Commands[in[0]]) {
		return nil
	}
	for _, stage := range p[1:] {
		if len(stage) != 1 || !namesFilter(z.a.Commands[stage[0]]) {
			return nil
		}
	}
	return p[0]
}

// setVars returns the variables c sets from its input or its
// substitutions: mapfile's and readarray's array (MAPFILE unnamed),
// read's names (REPLY unnamed, -a ARRAY), and assignments of a
// substitution (a=$(…), a=($(…)), local a=$(…)).
func setVars(c SimpleCommand) []string {
	if as := assignsOf(c); len(as) > 0 {
		return substAssigns(as)
	}
	if len(c.Words) == 0 || !c.Words[0].Literal {
		return nil
	}
	switch name := c.Words[0].Text; name {
	case "mapfile", "readarray":
		_, ops := builtinOperands(c.Words[1:], "dnOsuCc", 0)
		if len(ops) > 0 {
			return ops[:1]
		}
		return []string{"MAPFILE"}
	case "read":
		arr, ops := builtinOperands(c.Words[1:], "adinNptu", 'a')
		if arr != "" {
			return []string{arr}
		}
		if len(ops) > 0 {
			return ops
		}
		return []string{"REPLY"}
	}
	return nil
}

// assignsOf returns the assignments (NAME=VALUE) a command of only
// assignments, or a declaration (local, declare, export …), makes.
func assignsOf(c SimpleCommand) []string {
	if len(c.Words) == 0 {
		return c.Assigns
	}
	if !c.Words[0].Literal {
		return nil
	}
	switch c.Words[0].Text {
	case "local", "declare", "typeset", "export", "readonly":
		var as []string
		for _, w := range c.Words[1:] {
			if strings.Contains(w.Text, "=") {
				as = append(as, w.Text)
			}
		}
		return as
	}
	return nil
}

// assignedName returns the variable an assignment's NAME sets: a+= and
// a[0]= set a.
func assignedName(name string) string {
	name, _, _ = strings.Cut(strings.TrimSuffix(name, "+"), "[")
	return name
}

// substAssigns returns the names of the assignments (NAME=VALUE) whose
// value holds a command substitution.
func substAssigns(as []string) []string {
	var names []string
	for _, a := range as {
		name, v, ok := strings.Cut(a, "=")
		if ok && (strings.Contains(v, "$(") || strings.Contains(v, "`")) {
			names = append(names, assignedName(name))
		}
	}
	return names
}

// builtinOperands reads a builtin's words: options whose letters in
// withArg take a value, and operands. It returns the value of the
// option named by want, if any, and the literal operands.
func builtinOperands(ws []Word, withArg string, want byte) (val string, ops []string) {
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.Literal {
			continue
		}
		if w.Text == "--" {
			for _, o := range ws[i+1:] {
				if o.Literal {
					ops = append(ops, o.Text)
				}
			}
			return val, ops
		}
		if len(w.Text) < 2 || w.Text[0] != '-' {
			ops = append(ops, w.Text)
			continue
		}
		for k := 1; k < len(w.Text); k++ {
			if !strings.ContainsRune(withArg, rune(w.Text[k])) {
				continue
			}
			v := w.Text[k+1:]
			if v == "" && i+1 < len(ws) {
				i++
				v = ws[i].Text
			}
			if w.Text[k] == want {
				val = v
			}
			break
		}
	}
	return val, ops
}

// expandsAny says whether a word of c after its name expands the
// value of the variable name.
func expandsAny(c SimpleCommand, name string) bool {
	return len(c.Words) > 1 && slices.ContainsFunc(c.Words[1:], func(w Word) bool { return !w.Literal && expandsValue(w.Text, name) })
}

// expandsValue is expandsVar for the variable's value: ${#a[@]} (its
// length) and ${!a[@]} (its indices) hold no name; ${!q}, the variable
// q names, is q's value put to use.
func expandsValue(t, name string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] != '$' {
			continue
		}
		rest := t[i+1:]
		rest, braced := strings.CutPrefix(rest, "{")
		if r, ok := strings.CutPrefix(rest, name); ok && (r == "" || !isNameByte(r[0])) {
			return true
		}
		if r, ok := strings.CutPrefix(rest, "!"+name); ok && braced && r != "" && strings.IndexByte("}%#/,^:-=?", r[0]) >= 0 {
			return true
		}
	}
	return false
}

// isFind says whether c is a find.
func isFind(c SimpleCommand) bool {
	switch lowerName(c) {
	case "find", "gfind", "bfs":
		return true
	}
	return false
}

// catOf says whether c prints the lines of a file that same says is the
// one written: cat l, sort l, head -n 5 l, cat < l, or bash's $(< l), a
// substitution of only a redirection, which reads the file as cat does.
func catOf(c SimpleCommand, same func(Word, string) bool) bool {
	if len(c.Words) != 0 && (lowerName(c) == "tee" || !namesFilter(c)) {
		return false
	}
	isIt := func(w Word) bool { return same(w, c.Dir) }
	var ops []Word
	if len(c.Words) != 0 {
		ops = operandWords(c)
	}
	if len(ops) == 0 {
		return slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return r.Read && !r.Write && isIt(r.Target) })
	}
	return slices.ContainsFunc(ops, isIt)
}

// sameFile says whether the file a, opened in directory da, may be the
// file b, opened in db (directories as SimpleCommand.Dir writes them):
// the same path once joined to its directory, or a relative one where a
// directory is only known at run time.
func sameFile(a, da, b, db string) bool {
	if da == "?" || db == "?" {
		return path.Base(a) == path.Base(b)
	}
	return placedPath(a, da) == placedPath(b, db)
}

// placedPath returns file p, opened in directory d (not "?"), as sameFile
// compares it: joined to d, and clean.
func placedPath(p, d string) string {
	if path.IsAbs(p) || d == "" {
		return path.Clean(p)
	}
	return path.Join(d, p)
}
