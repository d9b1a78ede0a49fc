package permission

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Scripts written and run on the same line: printf 'rm -rf ~\n' > s.sh;
// bash s.sh runs what printf wrote, as printf … | bash does, and is
// judged as that pipe is (fedProgram): the text an echo, a printf or a
// cat (or tee) of a here-document wrote is the script's program,
// analysed as a nested shell's or as inline code of the interpreter
// that runs it. A script the line wrote with a text only known at run
// time (gen > s.sh; sh s.sh) is too complex to check, as bash -c "$x"
// is. A build file written on the line is the program of the runner
// that reads it by its default name (a Makefile's recipes for make, a
// package.json's scripts for npm run), and one in a language not read
// (a justfile, a Taskfile) is too complex. What a command writes by a
// path of its own (go build -o x; ./x) is not followed: that is the
// project's code.

// writtenFile is a file a command wrote by a redirection (or tee): the
// file as written, the directory it was opened in, and its text, when
// known.
type writtenFile struct {
	file  Word
	dir   string
	text  string
	known bool
	// was: the text, known, the line wrote to the file before a command
	// changed it by an operand of its own (operandsWritten), which is
	// still judged deny-only: shfmt -w keeps what rm -rf ~ does.
	was *writtenFile
}

// notesWritten records the files command i writes with its output: by
// its redirections, and tee's operands; their text is what an echo, a
// printf or a cat of a here-document writes (fedText), else unknown. An
// append adds to the text the line wrote before; to a file it did not
// write, what it appends is all the line adds to the project's own file,
// which a command runs as it would run the file alone.
func (z *analyzer) notesWritten(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	text, known, _ := z.fedText(i)
	if lowerName(c) == "echo" && !echoNoNewline(c) {
		text += "\n"
	}
	note := func(w Word, app bool) {
		valued := false
		if !w.Literal {
			if v, ok := z.valueOf(w, i); ok {
				w, valued = v, true // x=s.sh; echo 'rm -rf ~' > $x
			}
		}
		if w = z.fileWord(w); !w.Literal {
			return
		}
		f := writtenFile{file: w, dir: c.Dir, text: text, known: known}
		prev, ok := z.lastWritten(w.Text, c.Dir)
		if app && ok {
			f.text, f.known = prev.text+text, known && prev.known
		}
		if valued && ok {
			// The value may not be the one the shell gives x there (x
			// set by let, getopts, (( )), a function's local): what
			// the line wrote to the file before is judged still.
			f.was = keptPrior(f.was, prev)
		}
		z.noteWrite(f)
	}
	for _, r := range c.Redirects {
		if r.Write {
			note(r.Target, r.Op == ">>" || r.Op == "&>>")
		}
	}
	switch copierName(c) {
	case "cp", "mv", "install", "ln":
		// x=s.sh; ln -s $x t.sh copies by the value the line gave x,
		// as by the name written out.
		args := c.Args()
		if !slices.ContainsFunc(args, func(w Word) bool { return !w.Literal }) {
			z.copiesWritten(c, rs) // most copies: no value to read
			return
		}
		v, valued := z.valueWords(i)
		from := len(z.written)
		z.copiesWritten(v, rs)
		if valued && len(args) > 2 && slices.ContainsFunc(args[1:len(args)-1], func(w Word) bool { return !w.Literal }) {
			z.keepUnknown(from)
		}
		if valued {
			z.keepPriors(from) // ln -s u.sh $x, cp -t $x u.sh
		}
		return
	case "mkfifo", "mknod":
		z.fifosMade(c)
		return
	case "dd":
		z.ddWritten(c, rs)
		return
	case "sed", "gsed":
		z.sedEdited(c)
		return
	case "tee":
	default:
		z.operandsWritten(i, c, rs)
		return
	}
	text, known = "", false
	if feed, doc := fdDoc(rs, 0); feed == feedDoc && doc != nil {
		text, known = z.docProgram(doc)
	}
	app := false
	for _, w := range c.Args()[1:] {
		switch {
		case w.Literal && (w.Text == "-a" || w.Text == "--append"):
			app = true
		case w.Literal && strings.HasPrefix(w.Text, "-"):
		default:
			note(w, app)
		}
	}
}

// lastWritten returns what the line last wrote to file name opened in
// dir, if it wrote it.
//
// It looks among the files of name's base name only, and those whose
// base name is not theirs for sure (writtenIndex): a line of thousands
// of writes and reads (cat f > g; …) read all the writes before each,
// 0.2 s at 11 kB, minutes at 256 kB.
func (z *analyzer) lastWritten(name, dir string) (writtenFile, bool) {
	if len(z.written) == 0 {
		// Most lines write nothing, and every word of theirs may be
		// asked about (operandsWritten): no path to place for them.
		return writtenFile{}, false
	}
	name, dir = z.atHome(name), z.placedDir(dir)
	same := func(k int) bool {
		f := z.written[k]
		return sameFile(z.atHome(f.file.Text), z.placedDir(f.dir), name, dir)
	}
	if _, ok := plainBase(name); !ok {
		for k := len(z.written) - 1; k >= 0; k-- {
			if same(k) {
				return z.written[k], true
			}
		}
		return writtenFile{}, false
	}
	lists := z.indexWritten().lists(name, dir)
	last := -1
	for _, l := range lists {
		for j := len(l) - 1; j >= 0 && l[j] > last; j-- {
			if same(l[j]) {
				last = l[j]
				break
			}
		}
	}
	if last < 0 {
		return writtenFile{}, false
	}
	return z.written[last], true
}

// writtenIndex lists the files the line wrote (z.written), or those its
// readers run (z.readers: readLater), by their base
// name, where sameFile can only match a name of the same one (plainBase),
// and the others apart (odd), in the order written; indexed counts those
// listed. Those of a plain base name are also listed by the path sameFile
// joins (byPath), where it is known whenever they are looked up: not
// through ~, which atHome reads as the home only until the line sets
// HOME, nor in a directory known at run time only; the others by base
// name (loose). A lookup in a known directory reads those two, so that
// a line of thousands of writes of one base name (cp -a d n1; echo x >
// n1/f; …) is not read once for each (2 s at 128 kB, minutes at 1 MiB).
type writtenIndex struct {
	byBase, byPath, loose map[string][]int
	odd                   []int
	indexed               int
}

// indexWritten lists the files written since it last ran.
func (z *analyzer) indexWritten() *writtenIndex {
	x := &z.writtenIdx
	for ; x.indexed < len(z.written); x.indexed++ {
		f := z.written[x.indexed]
		z.indexFile(x, f.file.Text, f.dir)
	}
	return x
}

// indexFile lists file name, opened in dir, in x as its next entry.
func (z *analyzer) indexFile(x *writtenIndex, name, dir string) {
	base, ok := plainBase(name)
	if !ok {
		x.odd = append(x.odd, x.indexed)
		return
	}
	if x.byBase == nil {
		x.byBase, x.byPath, x.loose = map[string][]int{}, map[string][]int{}, map[string][]int{}
	}
	x.byBase[base] = append(x.byBase[base], x.indexed)
	if dir != "?" && !strings.HasPrefix(name, "~") && !strings.HasPrefix(dir, "~") {
		p := placedPath(name, z.placedDir(dir))
		x.byPath[p] = append(x.byPath[p], x.indexed)
	} else {
		x.loose[base] = append(x.loose[base], x.indexed)
	}
}

// lists returns the lists of x's entries among which one sameFile
// matches with file name opened in dir, both as atHome and placedDir
// make them: a file of a known directory is that path (byPath), or one
// sameFile matches by base name or with ~ (loose).
func (x *writtenIndex) lists(name, dir string) [][]int {
	base, ok := plainBase(name)
	switch {
	case !ok:
		return nil
	case dir != "?":
		return [][]int{x.byPath[placedPath(name, dir)], x.loose[base], x.odd}
	}
	return [][]int{x.byBase[base], x.odd}
}

// plainBase returns the last name of file name p, when it is one that
// neither atHome nor sameFile's joining and cleaning change: not ~, .,
// .. or /, so that two paths sameFile matches share it.
func plainBase(p string) (string, bool) {
	b := path.Base(p)
	switch b {
	case ".", "..", "/", "~":
		return "", false
	}
	return b, p != ""
}

// placedDir returns dir, as SimpleCommand.Dir writes it, taken from the
// directory the line starts in where the analysis knows it ("" is that
// directory): > /src/app/s.sh; bash s.sh, run in /src/app, runs what the
// line wrote.
func (z *analyzer) placedDir(dir string) string {
	dir = z.atHome(dir)
	if z.cwd == "" || dir == "?" || path.IsAbs(dir) {
		return dir
	}
	return path.Join(z.cwd, dir)
}

// atHome returns p, a file's name or a directory as SimpleCommand.Dir
// writes it, with a leading ~ made the home directory where it is known
// and the line did not set HOME: > /root/s.sh; bash ~/s.sh runs what the
// line wrote when the home is /root, and cd ~ && > s.sh; bash
// /root/s.sh too.
func (z *analyzer) atHome(p string) string {
	if z.home == "" || z.homeSet {
		return p
	}
	if rest, ok := strings.CutPrefix(p, "~"); ok && (rest == "" || rest[0] == '/') {
		return z.home + rest
	}
	return p
}

// fileWord is homeWord, and a name below the shell's own directory
// (~+/s.sh, "$PWD/s.sh") made relative to it, unless the line set PWD.
func (z *analyzer) fileWord(w Word) Word {
	if w = homeWord(w); w.Literal || z.pwdSet {
		return w
	}
	t := looseText(w.Text)
	for _, prefix := range [...]string{"~+/", "$PWD/", "${PWD}/"} {
		if rest, ok := strings.CutPrefix(t, prefix); ok && rest != "" && !strings.ContainsAny(rest, "$`*?[{~") {
			return Word{Text: rest, Literal: true}
		}
	}
	return w
}

// runsWritten: command i runs as a program (programFiles: a script, a
// shell's input, awk's, sed's or make's -f) a file the line wrote: its
// text is analysed as the program of the shell or the interpreter that
// runs it, or of the one its #! line names when run by its path; one
// only known at run time, or in another language, is too complex to
// check.
func (z *analyzer) runsWritten(i int) {
	c := z.filesNamed(i)
	if z.async || z.loopDepth > 0 || z.fn != "" || forksAway(c) {
		z.noteReader(i, c)
	}
	if len(z.written)+len(z.inserted)+len(z.filled) == 0 {
		return
	}
	z.runAt = i
	globbed, ok := z.globbedFiles(c)
	if !ok {
		z.complexOnce("files a glob matches, written on the line, more than the analysis follows")
	}
	for _, g := range globbed {
		z.runsWrittenAs(g)
	}
	z.runsWrittenAs(c)
}

// forksAway says whether a wrapper of c may run it in the background
// and return at once: setsid does with -f, and without it where it
// leads its process group (under set -m), unless -w waits for it; tsp
// (task spooler) and sem (GNU parallel's) queue it and return, unless
// tsp -f or sem --fg runs it in the foreground, as parallel
// --semaphore is sem; systemd-run starts a unit and returns, unless
// --wait, --pipe (-P), --pty (-t) or --scope keep it. So setsid -f sh
// s.sh; echo 'rm -rf ~' > s.sh runs what echo writes, as sh s.sh & …
// does.
func forksAway(c SimpleCommand) bool {
	for k := 0; k < c.Inner && k < len(c.Words); k++ {
		w := c.Words[k]
		if !w.Literal {
			continue
		}
		var waits func(o Word) bool
		switch path.Base(w.Text) {
		case "setsid":
			waits = func(o Word) bool { return o.Text == "--wait" || shortOption(o.Text, 'w') }
		case "tsp":
			waits = func(o Word) bool { return shortOption(o.Text, 'f') }
		case "sem":
			waits = func(o Word) bool { return o.Text == "--fg" }
		case "parallel":
			if !slices.ContainsFunc(c.Words[k+1:c.Inner], func(o Word) bool { return o.Text == "--semaphore" }) {
				continue
			}
			waits = func(o Word) bool { return o.Text == "--fg" }
		case "systemd-run":
			waits = func(o Word) bool {
				return slices.Contains([]string{"--wait", "--pipe", "--pty", "--scope"}, o.Text) || shortOption(o.Text, 'P') || shortOption(o.Text, 't')
			}
		default:
			continue
		}
		return !slices.ContainsFunc(c.Words[k+1:c.Inner], waits)
	}
	return false
}

// shortOption says whether word t is a cluster of short options that
// holds option o.
func shortOption(t string, o byte) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.IndexByte(t, o) > 0
}

// filesNamed returns command i with its words as the line's files name
// them (fileWord, plainWord): f=s.sh; . "$f" runs s.sh.
func (z *analyzer) filesNamed(i int) SimpleCommand {
	c := z.a.Commands[i]
	if slices.ContainsFunc(c.Words, func(w Word) bool { return !w.Literal }) {
		// A word written out is its file's name as it stands.
		c.Words = slices.Clone(c.Words)
		for k, w := range c.Words {
			c.Words[k] = plainWord(z.fileWord(w))
		}
	}
	return c
}

// programReader is command at of the line (filesNamed), which runs file
// name, opened in its directory, as a program, walked in directory dir.
type programReader struct {
	name string
	at   int
	dir  string
}

// noteReader records command i, c as runsWritten names its files, as a
// reader of the files it runs as a program, for a write later on the
// line (readLater): c runs in the background (sh < p &), in a loop, or
// in a function's body, any of which may read what the line writes
// after it. One reader of each name and file is kept.
func (z *analyzer) noteReader(i int, c SimpleCommand) {
	for _, name := range slices.Concat(programFiles(c), runnerFiles(c)) {
		key := [3]string{lowerName(c), c.Dir, name}
		if z.readerSeen[key] {
			continue
		}
		if z.readerSeen == nil {
			z.readerSeen = map[[3]string]bool{}
		}
		z.readerSeen[key] = true
		z.readers = append(z.readers, programReader{name, i, z.dir})
	}
	if readsGlob(c) && !z.globSeen[i] {
		// bash *.sh &: the files the glob matches when it runs.
		if z.globSeen == nil {
			z.globSeen = map[int]bool{}
		}
		z.globSeen[i] = true
		z.globReaders = append(z.globReaders, programReader{"", i, z.dir})
	}
}

// catReader records shell i, fed by command from, as a reader of the
// file from is a cat of (cat p | sh), where it may read a write later
// on the line (noteReader): mkfifo p; cat p | sh & echo 'rm -rf ~' > p.
func (z *analyzer) catReader(i, from int) {
	if !z.async && z.loopDepth == 0 && z.fn == "" || lowerName(z.a.Commands[from]) != "cat" {
		return
	}
	c := z.a.Commands[from]
	ops, ok := filterOperands(c)
	name := ""
	switch {
	case !ok:
	case len(ops) == 1 && ops[0].Text != "-":
		name = ops[0].Text
	case len(ops) == 0:
		// cat < p
		for _, r := range c.Redirects {
			if r.Op == "<" && r.Target.Literal {
				name = r.Target.Text
			}
		}
	}
	if name != "" {
		z.readers = append(z.readers, programReader{name, i, z.dir})
	}
}

// noteWrite records f, a file the line writes, and judges it as the
// program of the readers before it that may run after it (readLater).
func (z *analyzer) noteWrite(f writtenFile) {
	z.written = append(z.written, f)
	z.readLater(f)
	z.linkedWrite(f)
}

// linkedWrite notes f, a file the line writes, as written to each name
// a link the line made joins to it, and to theirs in turn (one of each
// name): ln -s s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh runs what
// echo writes. The links' ends are looked up by base name (writtenIndex),
// as lastWritten's writes are: a line of thousands of links and writes
// (ln -s /etc lN; echo x > yN; …) matched each write with every link.
func (z *analyzer) linkedWrite(f writtenFile) {
	if len(z.links) == 0 || z.linking {
		return
	}
	z.linking = true
	defer func() { z.linking = false }()
	x := z.linkIndex()
	same := func(a, b writtenFile) bool {
		return sameFile(z.atHome(a.file.Text), z.placedDir(a.dir), z.atHome(b.file.Text), z.placedDir(b.dir))
	}
	done := []writtenFile{f}
	for k := 0; k < len(done); k++ {
		if k == maxLinked {
			// A later link of the chain may be run: the write is not
			// followed to it.
			z.complexOnce("a file written through more links than the analysis follows")
			return
		}
		name, dir := z.atHome(done[k].file.Text), z.placedDir(done[k].dir)
		lists := x.lists(name, dir)
		if _, ok := plainBase(name); !ok {
			lists = [][]int{indexRange(0, 2*len(z.links))}
		}
		for _, l := range lists {
			for _, e := range l {
				to := z.links[e/2][1-e%2]
				if !same(z.links[e/2][e%2], done[k]) || slices.ContainsFunc(done, func(d writtenFile) bool { return same(d, to) }) {
					continue
				}
				g := done[k]
				g.file, g.dir = to.file, to.dir
				done = append(done, g)
				z.noteWrite(g)
			}
		}
	}
}

// linkIndex returns the index of the links' ends, 2k and 2k+1 for link
// k, indexed up to the last link made.
func (z *analyzer) linkIndex() *writtenIndex {
	x := &z.linkIdx
	for ; x.indexed < 2*len(z.links); x.indexed++ {
		end := z.links[x.indexed/2][x.indexed%2]
		z.indexFile(x, end.file.Text, end.dir)
	}
	return x
}

// writtenThrough is lastWritten, and for a file the line did not write
// by name, what it wrote by another name of it that a link to a
// directory above it makes (ln -s d e; echo 'rm -rf ~' > d/s.sh; sh
// e/s.sh runs what echo wrote), which linkedWrite, matching whole
// names, does not follow.
func (z *analyzer) writtenThrough(name, dir string) (writtenFile, bool) {
	if f, ok := z.lastWritten(name, dir); ok || len(z.links) == 0 {
		return f, ok
	}
	x, name := z.linkIndex(), path.Clean(name)
	at := z.placedDir(dir)
	for up := path.Dir(name); up != "." && up != "/"; up = path.Dir(up) {
		rest := strings.TrimPrefix(name, up+"/")
		for _, l := range x.lists(z.atHome(up), at) {
			for _, e := range l {
				end, to := z.links[e/2][e%2], z.links[e/2][1-e%2]
				if !sameFile(z.atHome(end.file.Text), z.placedDir(end.dir), z.atHome(up), at) {
					continue
				}
				if f, ok := z.lastWritten(path.Join(to.file.Text, rest), to.dir); ok {
					return f, true
				}
			}
		}
	}
	return writtenFile{}, false
}

// maxLinked bounds the names linkedWrite follows a file to, past which
// the line is too complex.
const maxLinked = 64

// ddWritten: dd of=FILE writes its input to FILE, as tee FILE does: a
// here-document's or here-string's text, or what the line wrote to its
// if= file, when it copies all of it (no skip=, count=, conv= …); else
// what is only known at run time.
func (z *analyzer) ddWritten(c SimpleCommand, rs []*syntax.Redirect) {
	var f writtenFile
	from, whole := "", true
	for _, w := range c.Args()[1:] {
		key, val, _ := strings.Cut(w.Text, "=")
		switch {
		case !w.Literal:
			whole = false
		case key == "of":
			f = writtenFile{file: Word{Text: val, Literal: true}, dir: c.Dir}
		case key == "if":
			from = val
		case key != "bs" && key != "ibs" && key != "obs" && key != "status":
			whole = false
		}
	}
	switch {
	case f.file.Text == "":
		return
	case !whole:
	case from != "":
		if prev, ok := z.lastWritten(from, c.Dir); ok {
			f.text, f.known = prev.text, prev.known
		}
	default:
		if feed, doc := fdDoc(rs, 0); feed == feedDoc && doc != nil {
			f.text, f.known = z.docProgram(doc)
		}
	}
	z.noteWrite(f)
}

// sedEdited: sed -i edits its files in place: one the line wrote, with
// a known text, becomes what sed makes of it where the analysis
// computes it as it does sed's output in a pipe (sedOutput); one whose
// text or edit is not known becomes what is only known at run time, so
// that a script the line wrote and edited before it runs is too complex
// to check. A file the line did not write is left as it is: its text was
// not known before the edit either, unless sed reads into it a file the
// line gave (sedNamed). Files its scripts write (w) are sedNamed's too.
func (z *analyzer) sedEdited(c SimpleCommand) {
	a := parseSed(c.Args()[1:])
	reads := z.sedNamed(c, a.scripts)
	if !a.inPlace {
		return
	}
	// The script alone, as sedOutput reads a filter's.
	var script []Word
	for _, s := range a.scripts {
		script = append(script, Word{Text: "-e", Literal: true}, s)
	}
	for _, o := range a.options {
		if o != "-s" && o != "--separate" { // -i implies -s
			script = append(script, Word{Text: o, Literal: true})
		}
	}
	for _, w := range a.files {
		if w = z.fileWord(w); !w.Literal {
			continue
		}
		prev, ok := z.lastWritten(w.Text, c.Dir)
		if !ok && reads {
			// sed -i '1r x' build.sh puts in it what the line wrote to x.
			z.noteWrite(writtenFile{file: w, dir: c.Dir})
			continue
		}
		if !ok {
			// The project's own file, its text unknown before as after:
			// sed -i 's/1.0/1.1/' Makefile && make runs it as make alone
			// would, but for the text sed puts in it, judged deny-only
			// (runInserted).
			if text, known := sedInserted(a.scripts); known && len(a.scriptFiles) == 0 {
				z.inserted = append(z.inserted, writtenFile{file: w, dir: c.Dir, text: text, known: true})
			}
			continue
		}
		f := writtenFile{file: w, dir: c.Dir}
		if prev.known && len(a.scriptFiles) == 0 {
			text, exact, ok := sedEdit(script, prev.text)
			f.text, f.known = text, exact && ok
		}
		z.noteWrite(f)
	}
}

// sedNamed notes the files sed's scripts write (w, W, the s command's w
// flag: sed -n 'w t.sh' <<< 'rm -rf ~'; sh t.sh) as written with what
// is only known at run time, and says whether they read (r, R) a file
// the line wrote or sed's input, whose text the edit puts in a file.
func (z *analyzer) sedNamed(c SimpleCommand, scripts []Word) (reads bool) {
	for _, sc := range scripts {
		scanSed(sedText(sc), func(name string, write bool) {
			w := Word{Text: name, Literal: sc.Literal}
			switch {
			case write && w.Literal:
				z.noteWrite(writtenFile{file: w, dir: c.Dir})
			case write:
			case !w.Literal || strings.HasPrefix(name, "/dev/"):
				reads = true
			default:
				_, ok := z.lastWritten(name, c.Dir)
				reads = reads || ok
			}
		})
	}
	return reads
}

// maxReadLater bounds the text of the writes readLater judges, each
// walked as a program once for each reader: sh < p & echo … > p; echo
// … > p; … of a megabyte walked them all, 2 s where a write read before
// its reader took 1.
const maxReadLater = 64 << 10

// readLater judges f, a file the line writes, as the program of each
// reader of it noteReader recorded before it (one of each name): mkfifo
// p; sh < p & echo 'rm -rf ~' > p runs what echo writes, as echo … > p;
// sh < p does, though the write comes after the read.
func (z *analyzer) readLater(f writtenFile) {
	z.globLater(f)
	if len(z.readers) == 0 || z.readLaterBytes > maxReadLater {
		return
	}
	x := &z.readerIdx
	for ; x.indexed < len(z.readers); x.indexed++ {
		r := z.readers[x.indexed]
		z.indexFile(x, r.name, z.a.Commands[r.at].Dir)
	}
	name, dir := z.atHome(f.file.Text), z.placedDir(f.dir)
	lists := x.lists(name, dir)
	if _, ok := plainBase(name); !ok {
		lists = [][]int{indexRange(0, len(z.readers))}
	}
	var judged []string
	for _, l := range lists {
		for _, k := range l {
			r := z.readers[k]
			c := z.a.Commands[r.at]
			n := lowerName(c)
			if slices.Contains(judged, n) || !sameFile(z.atHome(r.name), z.placedDir(c.Dir), name, dir) {
				continue
			}
			judged = append(judged, n)
			if z.readLaterBytes += len(f.text); z.readLaterBytes > maxReadLater {
				z.complexOnce("files written after a reader of them more often than the analysis follows")
				return
			}
			at, d := z.runAt, z.dir
			z.runAt, z.dir = r.at, r.dir
			z.runWritten(z.filesNamed(r.at), r.name, f)
			z.runAt, z.dir = at, d
		}
	}
}

// maxGlobReaders bounds the readers of a glob globLater matches each
// later write with, past which a write is too complex.
const maxGlobReaders = 64

// globLater judges f, a file the line writes, as the program of each
// reader before it whose glob matches it (globReaderAt) where it then
// runs f as a program, as readLater does a reader of its name: bash
// *.sh & echo 'rm -rf ~' > s.sh runs what echo writes.
func (z *analyzer) globLater(f writtenFile) {
	if len(z.globReaders) > maxGlobReaders {
		// Each write is matched against each glob: a megabyte of them
		// would be quadratic.
		z.complexOnce("files written after more readers of a glob than the analysis follows")
		return
	}
	gf := newGlobFile(f, 0)
	for j, r := range z.globReaders {
		if z.readLaterBytes > maxReadLater {
			return
		}
		ng := z.globReaderAt(j)
		for _, wg := range ng.globs {
			if !z.globMatches(wg, ng.c.Dir, gf) {
				continue
			}
			name := z.globName(ng.c.Dir, gf)
			g := globbedAs(ng.c, wg, name)
			if !slices.Contains(programFiles(g), name) && !slices.Contains(runnerFiles(g), name) {
				continue // cat *.sh &: not its program
			}
			if z.readLaterBytes += len(f.text); z.readLaterBytes > maxReadLater {
				z.complexOnce("files written after a reader of them more often than the analysis follows")
				return
			}
			at, d := z.runAt, z.dir
			z.runAt, z.dir = r.at, r.dir
			z.runWritten(g, name, f)
			z.runAt, z.dir = at, d
		}
	}
}

// fifosMade records the FIFOs (and other nodes) mkfifo or mknod c makes
// as files the line writes with what is only known at run time: any
// later command may write one, by a path of its own, while a reader of
// it runs, so a program read from one is too complex to check.
func (z *analyzer) fifosMade(c SimpleCommand) {
	args := c.Args()[1:]
	for k := 0; k < len(args); k++ {
		w := args[k]
		switch t := w.Text; {
		case !w.Literal:
		case t == "-m" || t == "--mode":
			k++ // its value
		case strings.HasPrefix(t, "-"):
		default:
			z.noteWrite(writtenFile{file: w, dir: c.Dir})
			if lowerName(c) == "mknod" {
				return // mknod p p: its type and numbers follow
			}
		}
	}
}

// runsWrittenAs is runsWritten for command c, its words as the line's
// files name them; a file the line did not write but sed -i put text in
// is runInserted's, and the search goes on past it: make -f a.mk -f
// b.mk reads b.mk, which the line may have written, after a.mk.
func (z *analyzer) runsWrittenAs(c SimpleCommand) {
	for _, name := range programFiles(c) {
		if f, ok := z.writtenThrough(name, c.Dir); ok {
			z.runWritten(c, name, f)
			return
		} else if f, ok := z.fillsWritten(name, c.Dir); ok {
			z.runWritten(c, name, f)
			return
		} else if f, ok := z.lastInserted(name, c.Dir); ok {
			z.runInserted(c, name, f)
		}
	}
	for _, name := range runnerFiles(c) {
		if f, ok := z.writtenThrough(name, c.Dir); ok {
			z.runWritten(c, name, f)
		} else if f, ok := z.fillsWritten(name, c.Dir); ok {
			z.runWritten(c, name, f)
		} else if f, ok := z.lastInserted(name, c.Dir); ok {
			z.runInserted(c, name, f)
		}
	}
}

// lastInserted returns the text sed -i last put in file name, opened in
// dir, that the line did not write (z.inserted).
func (z *analyzer) lastInserted(name, dir string) (writtenFile, bool) {
	name, dir = z.atHome(name), z.placedDir(dir)
	for k := len(z.inserted) - 1; k >= 0; k-- {
		f := z.inserted[k]
		if sameFile(z.atHome(f.file.Text), z.placedDir(f.dir), name, dir) {
			return f, true
		}
	}
	return writtenFile{}, false
}

// runInserted judges the text sed -i put in file name, which the line did
// not write, as an append to it (echo 'rm -rf ~' >> build.sh; ./build.sh
// is denied), but deny-only: the rest of the file is not known, and a
// harmless edit (s/1.0/1.1/ in a Makefile, s/hi/ho/ in s.sh) is no
// program alone, so that what is too complex or asked for in it keeps
// the line's answer (SimpleCommand.DenyOnly).
//
// A bound reached in the text is kept, though: it is reported once
// (tooDeep) or leaves later writes unjudged (readLaterBytes), so that
// cutting its report would let what follows on the line pass unseen.
func (z *analyzer) runInserted(c SimpleCommand, name string, f writtenFile) {
	z.denyOnly(func() { z.runWritten(c, name, f) }, false)
}

// denyOnly runs judge, which walks a text as a program, and makes the
// commands it adds deny-only (SimpleCommand.DenyOnly; asks, where a deny
// is only asked for: DenyAsks) and drops what it found too complex,
// but a bound it reached (runInserted).
func (z *analyzer) denyOnly(judge func(), asks bool) {
	start, complex := len(z.a.Commands), len(z.a.Complex)
	tooDeep, spent, copies := z.tooDeep, z.readLaterBytes > maxReadLater, z.codeCopies > maxRunWith
	judge()
	if z.tooDeep == tooDeep && (z.readLaterBytes > maxReadLater) == spent && (z.codeCopies > maxRunWith) == copies {
		z.a.Complex = z.a.Complex[:complex]
	}
	for k := start; k < len(z.a.Commands); k++ {
		z.a.Commands[k].DenyOnly = true
		z.a.Commands[k].DenyAsks = asks
	}
}

// plainWord returns w as a literal when its text is a name in quotes,
// as readValues writes a value in place: f=s.sh; . "$f" runs s.sh.
func plainWord(w Word) Word {
	if w.Literal {
		return w
	}
	if t := looseText(w.Text); t != "" && !strings.ContainsAny(t, "$`*?[{~(<>") {
		return Word{Text: t, Literal: true}
	}
	return w
}

// homeWord returns w, a file's name, as ~/… when it is $HOME/… (or
// "$HOME"/…) with nothing else only known at run time: > "$HOME/s.sh";
// bash ~/s.sh runs what the line wrote.
func homeWord(w Word) Word {
	if w.Literal {
		return w
	}
	rest, ok := homeRest(looseText(w.Text))
	if !ok || rest == "" || strings.ContainsAny(rest, "$`*?[{~") {
		return w
	}
	return Word{Text: "~/" + rest, Literal: true}
}

// globPattern returns the pattern word w of command c matches the
// files of, and whether it is one: a glob or a brace list ({a,b}.sh)
// with nothing known only at run time, or find -exec's {}, any file
// found.
func globPattern(c SimpleCommand, w Word) (string, bool) {
	t := looseText(w.Text)
	if c.FromFind && !w.Literal && t == "{}" {
		// find . -exec bash {} \;: the name of any file found, a
		// script the line wrote among them.
		return "*", true
	}
	pattern := strings.ContainsAny(t, "*?[") || strings.Contains(t, "{") && len(expandBraces(t, 64)) > 1
	return t, !w.Literal && pattern && !strings.ContainsAny(t, "$`~")
}

// runnerFiles returns the files a build runner c reads its recipes or
// scripts from by their default names, in the directory it runs in
// (make -C DIR's): make's makefiles (unless -f names one: programFiles),
// a package manager's package.json and .npmrc, just's justfile, task's
// Taskfile. Each one the line wrote is judged, whichever the runner
// would pick.
func runnerFiles(c SimpleCommand) []string {
	args := c.Args()
	var names []string
	dir := "."
	switch lowerName(c) {
	case "make", "gmake", "bmake":
		for i := 1; i < len(args); i++ {
			t := args[i].Text
			switch {
			case !args[i].Literal:
				return nil
			case t == "-f" || t == "--file" || t == "--makefile" || strings.HasPrefix(t, "--file=") ||
				strings.HasPrefix(t, "--makefile=") || strings.HasPrefix(t, "-f") && len(t) > 2 && !strings.HasPrefix(t, "--"):
				return nil // programFiles
			case (t == "-C" || t == "--directory") && i+1 < len(args):
				dir = path.Join(dir, args[i+1].Text)
				i++
			case strings.HasPrefix(t, "--directory="):
				dir = path.Join(dir, t[len("--directory="):])
			case strings.HasPrefix(t, "-C") && len(t) > 2:
				dir = path.Join(dir, t[2:])
			}
		}
		names = []string{"GNUmakefile", "makefile", "Makefile"}
	case "npm", "pnpm", "yarn", "bun":
		names = []string{"package.json", ".npmrc", ".yarnrc", ".yarnrc.yml"}
	case "just":
		names = []string{"justfile", "Justfile", ".justfile"}
	case "task":
		names = []string{"Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"}
	}
	for k, n := range names {
		names[k] = path.Join(dir, n)
	}
	return names
}

// runWritten: command c runs as a program the file name, which the line
// wrote as f.
func (z *analyzer) runWritten(c SimpleCommand, name string, f writtenFile) {
	if !f.known {
		z.complex("%s runs %s, which the line wrote with what is only known at run time", c.Name(), shorten(name))
		if f.was != nil {
			z.runInserted(c, name, *f.was)
		}
		return
	}
	if f.was != nil {
		// A write to a variable's value: what the line wrote to the
		// file before, deny-only (keptPrior).
		z.runInserted(c, name, *f.was)
	}
	if containerStdinShell(c) >= 0 {
		// echo 'rm -rf /' > s; docker run -i alpine sh < s: the
		// container's shell runs it, judged as given it by -c.
		z.containerFed(c, f.text)
		return
	}
	n := lowerName(c)
	if args := c.Args(); args[0].Text == name {
		n = shebang(f.text)
	}
	what := c.Name() + " " + name + " as the line wrote it"
	switch base := path.Base(name); {
	case n == "make" || n == "gmake" || n == "bmake":
		lines, ok := makeRecipes(f.text)
		z.runScripts(c, name, what, lines, ok)
		return
	case base == "package.json":
		lines, ok := packageScripts(f.text)
		z.runScripts(c, name, what, lines, ok)
		return
	}
	switch spec := interpOf(n); {
	case isShell(n) || n == "source" || n == ".":
		dir, scope := z.dir, z.fork()
		if args := c.Args(); z.runAt >= 0 && z.runAt < len(z.a.Commands) {
			// sh s.sh .git/config: the words from the script's name on
			// are its $0, $1 …, as sh -c's after the program.
			if k := slices.IndexFunc(args, func(w Word) bool { return w.Text == name }); k >= 0 {
				z.notePositional(z.runAt, c, args[k:], strings.Contains(f.text, "shift"))
			}
		}
		z.nested(f.text, what)
		z.dir, z.scope = dir, scope
	case spec != nil:
		z.readCode(c, spec.lang, f.text, what)
	default:
		z.complex("%s runs %s, which the line wrote, in a language the analysis does not read", c.Name(), shorten(name))
	}
}

// shebang returns the program a script's #! line names (env's operand
// for #!/usr/bin/env python3), or sh, which runs a file without one.
func shebang(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(line, "#!")
	if !ok {
		return "sh"
	}
	fs := strings.Fields(rest)
	if len(fs) == 0 {
		return "sh"
	}
	n := path.Base(fs[0])
	if n == "env" {
		n = ""
		for _, f := range fs[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				n = path.Base(f)
				break
			}
		}
	}
	return strings.ToLower(n)
}

// echoNoNewline says whether echo c ends its output without a newline
// (-n among its leading options).
func echoNoNewline(c SimpleCommand) bool {
	for _, w := range c.Args()[1:] {
		if !w.Literal || len(w.Text) < 2 || w.Text[0] != '-' || strings.Trim(w.Text, "-neE") != "" {
			return false
		}
		if strings.Contains(w.Text, "n") {
			return true
		}
	}
	return false
}

// copiesWritten: cp s.sh t.sh (mv, install, ln) copies what the line
// wrote to s.sh to t.sh, whose later run is judged by it too; cp -t DIR
// s.sh, cp s.sh a.sh DIR and cp s.sh DIR/ copy it to DIR/s.sh. A link
// (ln, cp -s, cp -l) joins the two names for the line's later writes
// too (linkedWrite).
func (z *analyzer) copiesWritten(c SimpleCommand, rs []*syntax.Redirect) {
	var ops []Word
	var dir *Word                  // -t's
	args, valued := c.Args(), "St" // the short options that take a value
	n := copierName(c)
	if n == "install" {
		valued = "mogSt"
	}
	link, symbolic, relative := n == "ln", false, false
	for k := 1; k < len(args); k++ {
		w := args[k]
		switch t := w.Text; {
		case !w.Literal || !strings.HasPrefix(t, "-"):
			ops = append(ops, w)
		case strings.HasPrefix(t, "--target-directory="):
			dir = &Word{Text: strings.TrimPrefix(t, "--target-directory="), Literal: true}
		case t == "--target-directory" && k+1 < len(args):
			k++
			dir = &args[k]
		case t == "--suffix" || t == "--mode" || t == "--owner" || t == "--group" || t == "--strip-program":
			// cp --suffix .b s.sh t.sh: the value is no file.
			k++
		case t == "--symbolic" || t == "--symbolic-link":
			link, symbolic = true, true
		case t == "--link":
			link = true
		case t == "--relative":
			relative = true
		case len(t) > 1 && t[1] != '-':
			j := 1 + strings.IndexAny(t[1:], valued)
			flags := t
			if j > 0 {
				flags = t[:j]
			}
			link = link || n == "cp" && strings.ContainsAny(flags, "sl")
			symbolic = symbolic || (n == "cp" || n == "ln") && strings.Contains(flags, "s")
			relative = relative || n == "ln" && strings.Contains(flags, "r")
			if j == 0 {
				continue
			}
			// install -m 755 t s.sh: the option's value is the rest of
			// the word or the next word, not a file.
			val := Word{Text: t[j+1:], Literal: true}
			if val.Text == "" && k+1 < len(args) {
				k++
				val = args[k]
			}
			if t[j] == 't' {
				dir = &val
			}
		}
	}
	if dir == nil && len(ops) == 2 && !ops[0].Literal && ops[1].Literal && len(z.written) > 0 {
		// cp "$f" t.sh: any file the line wrote may be the one copied.
		z.noteWrite(writtenFile{file: ops[1], dir: c.Dir})
	}
	if dir == nil && len(ops) == 2 && ops[0].Literal && ops[1].Literal && !strings.HasSuffix(ops[1].Text, "/") {
		if z.devCopied(c, ops, rs) {
			return
		}
		z.copyWritten(c, ops[0], ops[1], link, symbolic && !relative)
		if n == "ln" || n == "cp" || n == "mv" {
			// cp s.sh build, where build is a directory: build/s.sh.
			z.copyWritten(c, ops[0], Word{Text: path.Join(ops[1].Text, path.Base(ops[0].Text)), Literal: true}, link, symbolic && !relative)
		}
		return
	}
	if dir == nil && len(ops) > 1 {
		dir, ops = &ops[len(ops)-1], ops[:len(ops)-1]
	}
	if dir == nil || !dir.Literal {
		return
	}
	for _, src := range ops {
		if src.Literal {
			z.copyWritten(c, src, Word{Text: path.Join(dir.Text, path.Base(src.Text)), Literal: true}, link, symbolic && !relative)
		}
	}
}

// treeCopied: cp -r d e and mv d e copy what the line wrote below
// directory d to the same names below e (echo 'rm -rf ~' > d/s.sh; cp
// -r d e; sh e/s.sh). A copy of a directory the line wrote below
// (writesBelow) looks at every write before it, at most maxTreeWork in
// all for the line: past it, a write below a directory copied is not
// followed, and the line is too complex to check.
func (z *analyzer) treeCopied(c SimpleCommand, src, dst Word) {
	from := placedPath(z.atHome(src.Text), z.placedDir(c.Dir))
	n := len(z.written)
	if !z.writesBelow(from) {
		return
	}
	if z.treeWork += n; z.treeWork > maxTreeWork {
		z.complexOnce("more copies of directories the line wrote in than the analysis follows")
		return
	}
	for k := range n {
		f := z.written[k]
		rest, ok := strings.CutPrefix(placedPath(z.atHome(f.file.Text), z.placedDir(f.dir)), from+"/")
		if !ok || from == "/" {
			continue
		}
		f.file, f.dir = Word{Text: path.Join(dst.Text, rest), Literal: true}, c.Dir
		z.noteWrite(f)
	}
}

// writesBelow says whether the line wrote a file below directory dir,
// as placedPath makes both: the directories above each write are listed
// once (z.writtenDirs), so that a line of thousands of copies and
// writes (cp -a d nN; echo x > nN/f) does not read its writes for each.
func (z *analyzer) writesBelow(dir string) bool {
	for ; z.dirsIndexed < len(z.written); z.dirsIndexed++ {
		f := z.written[z.dirsIndexed]
		d := path.Dir(placedPath(z.atHome(f.file.Text), z.placedDir(f.dir)))
		for ; d != "." && d != "/" && !z.writtenDirs[d]; d = path.Dir(d) {
			if z.writtenDirs == nil {
				z.writtenDirs = map[string]bool{}
			}
			z.writtenDirs[d] = true
		}
	}
	return z.writtenDirs[dir]
}

// maxTreeWork bounds the writes treeCopied looks at for a line: 64
// copies after a thousand writes.
const maxTreeWork = 64 << 10

// keepUnknown makes the writes from index from on of z.written, a copy
// by a variable's value (cp $x t.sh), files of a text not known that
// was the copy's, judged deny-only (runWritten): read by its name alone
// the copy was of any file the line wrote, which a script run asks for,
// and reading the value must not make that laxer.
func (z *analyzer) keepUnknown(from int) {
	for k := from; k < len(z.written); k++ {
		if f := z.written[k]; f.known {
			z.written[k] = writtenFile{file: f.file, dir: f.dir, was: &f}
		}
	}
}

// keepPriors keeps judged, deny-only, what the line wrote before to
// each file written from index from on of z.written, a copy to a
// variable's value (cp u.sh $x): the value read may not be the one the
// shell gives the variable there (let, getopts, (( )) and a function's
// local set it unseen), and the file the line wrote before, not
// replaced then, must not pass as replaced. It looks at every write
// before them, within treeCopied's bound (maxTreeWork), past which the
// line is too complex to check.
func (z *analyzer) keepPriors(from int) {
	if z.treeWork += from * (len(z.written) - from); z.treeWork > maxTreeWork {
		z.complexOnce("more copies to variables' values after the line's writes than the analysis follows")
		return
	}
	for k := from; k < len(z.written); k++ {
		f := z.written[k]
		for j := from - 1; j >= 0; j-- {
			p := z.written[j]
			if sameFile(z.atHome(p.file.Text), z.placedDir(p.dir), z.atHome(f.file.Text), z.placedDir(f.dir)) {
				z.written[k].was = keptPrior(f.was, p)
				break
			}
		}
	}
}

// keptPrior returns was, the chain of texts a file held that are judged
// deny-only (runInserted), with prior at its end.
func keptPrior(was *writtenFile, prior writtenFile) *writtenFile {
	if was == nil {
		return &prior
	}
	w := *was
	w.was = keptPrior(w.was, prior)
	return &w
}

// copierName is the name of c, a copy or a link (notesWritten), as
// copiesWritten reads it: GNU's without the g that Homebrew puts before
// it (gcp, gln), and link, ln of two files with no option, as ln.
func copierName(c SimpleCommand) string {
	switch n := lowerName(c); n {
	case "gcp", "gmv", "ginstall", "gln":
		return n[1:]
	case "link":
		return "ln"
	default:
		return n
	}
}

// devCopied: cp /dev/stdin s.sh <<< 'rm -rf ~' copies its input: what a
// here-document or here-string says; a stream, a descriptor or another
// device what is not known. It says whether ops[0] is such a file.
func (z *analyzer) devCopied(c SimpleCommand, ops []Word, rs []*syntax.Redirect) bool {
	src := path.Clean(ops[0].Text)
	if !strings.HasPrefix(src, "/dev/") && !strings.HasPrefix(src, "/proc/") {
		return false
	}
	f := writtenFile{file: ops[1], dir: c.Dir}
	stdin := src == "/dev/stdin" || src == "/dev/fd/0" || src == "/proc/self/fd/0"
	if feed, doc := fdDoc(rs, 0); stdin && feed == feedDoc && doc != nil {
		f.text, f.known = z.docProgram(doc)
	}
	z.noteWrite(f)
	return true
}

// copyWritten: command c copies (or links) file src to dst: what the
// line wrote to src is written to dst, and a link joins the two for
// the line's later writes; a symbolic one's src is a name from dst's
// directory (ln -s s.sh d/t.sh links to d/s.sh), unless ln -r.
func (z *analyzer) copyWritten(c SimpleCommand, src, dst Word, link, fromDst bool) {
	if f, ok := z.lastWritten(src.Text, c.Dir); ok {
		f.file, f.dir = dst, c.Dir
		z.noteWrite(f)
	}
	if n := copierName(c); !link && (n == "cp" || n == "mv") {
		z.treeCopied(c, src, dst)
	}
	if !link {
		return
	}
	if fromDst && !path.IsAbs(src.Text) && !strings.HasPrefix(src.Text, "~") {
		src.Text = path.Join(path.Dir(dst.Text), src.Text)
	}
	z.links = append(z.links, [2]writtenFile{{file: src, dir: c.Dir}, {file: dst, dir: c.Dir}})
}

// runScripts analyses the shell command lines a build file the line
// wrote gives its runner c; ok false: the file holds what the analysis
// does not read.
func (z *analyzer) runScripts(c SimpleCommand, name, what string, lines []string, ok bool) {
	if !ok {
		z.complex("%s runs %s, which the line wrote, with what the analysis does not read", c.Name(), shorten(name))
		return
	}
	for _, l := range lines {
		dir, scope := z.dir, z.fork()
		z.nested(l, what)
		z.dir, z.scope = dir, scope
	}
}

// makeRecipes returns the recipes of a makefile's text, each a shell
// command line ($$ a $ of the shell's); ok is false for one that holds
// what make expands or runs itself ($(X), $(shell …), X != cmd), a
// directive (include, ifeq, define …), or a setting of the shell or of
// make's flags.
func makeRecipes(text string) (lines []string, ok bool) {
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, l := range strings.Split(text, "\n") {
		recipe, isRecipe := strings.CutPrefix(l, "\t")
		if t := strings.TrimSpace(l); !isRecipe && t != "" && !strings.HasPrefix(t, "#") {
			if recipe, isRecipe, ok = makeLine(t); !ok {
				return nil, false
			}
		}
		if !isRecipe {
			continue
		}
		recipe = strings.TrimLeft(recipe, "@+- \t")
		if strings.Contains(strings.ReplaceAll(recipe, "$$", ""), "$") {
			return nil, false
		}
		lines = append(lines, strings.ReplaceAll(recipe, "$$", "$"))
	}
	return lines, true
}

// makeLine reads line t of a makefile that is no recipe line: a
// variable's assignment or a rule, with its recipe after a ; (all: ;
// cmd); ok is false for anything else, and for what makeRecipes does
// not read.
func makeLine(t string) (recipe string, isRecipe, ok bool) {
	eq := strings.IndexByte(t, '=')
	colon := strings.IndexByte(t, ':')
	switch {
	case strings.Contains(t, "!="):
		return "", false, false // X != cmd runs cmd
	case eq > 0 && (colon < 0 || colon > eq || colon == eq-1 || colon == eq-2 && t[eq-1] == ':'):
		// X = v, X := v, X ::= v, X ?= v, X += v
		name := strings.TrimSpace(strings.TrimRight(t[:eq], ":?+"))
		if strings.ContainsAny(name, " \t$") || slices.Contains([]string{"SHELL", ".SHELLFLAGS", "MAKEFLAGS", "MFLAGS"}, name) {
			return "", false, false
		}
		return "", false, !strings.Contains(t[eq:], "$")
	case colon > 0:
		head, rest, semi := strings.Cut(t, ";")
		if strings.Contains(head, "$") {
			return "", false, false
		}
		return rest, semi, true
	}
	return "", false, false
}

// packageScripts returns the scripts of a package.json's text, which npm
// run, npm test, npm install (its lifecycle scripts) and their kin run
// through a shell; ok is false for text that is not JSON.
func packageScripts(text string) (lines []string, ok bool) {
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return nil, false
	}
	for _, k := range slices.Sorted(maps.Keys(pkg.Scripts)) {
		lines = append(lines, pkg.Scripts[k])
	}
	return lines, true
}

// operandsWritten: command i, c, writes files by operands of its own,
// those PathArgs (the path checks' list) says it writes (sort -o t s,
// uniq s t, rsync s t, split, patch s p, git checkout -- s, a -c code's
// open('t', 'w')), with what is only known at run time, where that may
// be the line's: c reads a file the line wrote, or one only known at run
// time after a write, or input a pipe or a here-document gives, or is
// an interpreter's inline code; else it is the project's own text, as a
// compiler's output is (written.go's header). A file the line wrote with
// a known text keeps it judged deny-only (runInserted) beside the
// unknown. An extraction (tar -x, unzip, cpio -i) fills its directory:
// any file below it run later (fillsWritten). What only sets a file's
// attributes, times or place (chmod, touch, rm) leaves its text as it
// was; a target only known at run time is asked for by the path checks
// already.
func (z *analyzer) operandsWritten(i int, c SimpleCommand, rs []*syntax.Redirect) {
	if len(c.Words) == 0 || keepsText(lowerName(c)) || isCompiler(lowerName(c)) || lowerName(c) == "go" {
		return
	}
	// A pipe may bring the line's text (echo … | sort -o t) or the
	// project's (cat deps.tar | tar x): its file is followed, not a
	// directory it fills or a file only known at run time.
	byPipe := false
	lines, paths := z.linesText(i, c, rs)
	if !lines {
		if feed, _ := fdDoc(rs, 0); feed != feedNone || !z.pipedIn() {
			return
		}
		byPipe = true
	}
	if paths == nil {
		c.Redirects = nil // notesWritten's, their text known
		paths = PathArgs(c)
	} else {
		// linesText's, read once: the redirections' files, first
		// (PathArgs), are notesWritten's.
		paths = paths[redirPaths(c):]
	}
	for _, p := range paths {
		w := z.fileWord(p.Word)
		if !p.Write || p.Unknown || p.Reach {
			continue
		}
		if n := lowerName(c); w.Literal && (n == "split" || n == "gsplit" || n == "csplit") {
			// The pieces are named by the prefix and a suffix.
			w = Word{Text: w.Text + "*"}
		}
		if !w.Literal || p.Tree && p.Fills {
			if byPipe {
				continue
			}
			z.filled = append(z.filled, writtenFile{file: w, dir: c.Dir})
			continue
		}
		f := writtenFile{file: w, dir: c.Dir}
		if prev, ok := z.lastWritten(w.Text, c.Dir); ok {
			if prev.known {
				f.was = &prev
			} else {
				f.was = prev.was
			}
		}
		z.noteWrite(f)
	}
}

// redirPaths is how many of PathArgs(c) are its redirections' files,
// which it lists first.
func redirPaths(c SimpleCommand) int {
	n := 0
	for _, r := range c.Redirects {
		if !netRedirect(r.Target) {
			n++
		}
	}
	return n
}

// linesText says whether what command i, c, writes by its operands (its
// PathArgs) may be the line's, besides a pipe: operandsWritten. paths
// are c's PathArgs where it computed them, so that they are not again.
func (z *analyzer) linesText(i int, c SimpleCommand, rs []*syntax.Redirect) (lines bool, paths []PathArg) {
	if strings.Contains(c.Text, " code: ") || c.Piped || z.fedBy(i) != nil {
		return true, nil
	}
	if feed, _ := fdDoc(rs, 0); feed == feedDoc || feed == feedOther {
		return true, nil
	}
	if len(z.written) == 0 {
		return false, nil // no file of the line's to read (most lines)
	}
	// Its words as well as its paths, which name the files read only
	// where they are protected or may be (shuf -o t s lists t alone).
	for _, w := range c.Args()[1:] {
		if w = z.fileWord(w); w.Literal && w.Text != "" {
			if _, ok := z.writtenThrough(w.Text, c.Dir); ok {
				return true, nil
			}
		}
	}
	// PathArgs holds the redirections' files: cpio -i < a.cpio.
	paths = PathArgs(c)
	for _, p := range paths {
		w := z.fileWord(p.Word)
		if !w.Literal {
			// sort -o t "$f": any file the line wrote may be the one read.
			if !p.Write {
				return true, paths
			}
			continue
		}
		if _, ok := z.writtenThrough(w.Text, c.Dir); ok {
			return true, paths
		}
	}
	return false, paths
}

// pipedIn says whether the command walked reads a pipe on its standard
// input: a later stage of a pipeline (echo … | sort -o t), whose input
// the pipeline's walk holds as a duplication of nothing known.
func (z *analyzer) pipedIn() bool {
	for k := len(z.fdScopes) - 1; k >= 0; k-- {
		s := z.fdScopes[k]
		for i := len(s) - 1; i >= 0; i-- {
			if r := s[i]; redirFD(r) == "0" {
				return r.Op == syntax.DplIn && r.Word == nil
			}
		}
	}
	return false
}

// keepsText says whether program n writes the files it names only in
// their attributes, times, place or existence, not their text: chmod
// +x s.sh; ./s.sh runs what the line wrote to s.sh, as it stood.
func keepsText(n string) bool {
	switch n {
	case "chmod", "chown", "chgrp", "touch", "mkdir", "rmdir", "rm", "unlink", "chattr", "setfacl", "setfattr", "truncate", "fallocate", "shred":
		return true
	}
	return false
}

// fillsWritten returns a file operandsWritten's writes by a name not
// known (z.filled) may have written as name, opened in dir: one below
// the directory an extraction of what the line wrote fills (tar -xf
// a.tar after tar -cf a.tar d), one a glob of pieces matches (split s
// p: p*), any for a target only known at run time (sort -o "$f").
func (z *analyzer) fillsWritten(name, dir string) (writtenFile, bool) {
	p := placedPath(z.atHome(name), z.placedDir(dir))
	for k := len(z.filled) - 1; k >= 0; k-- {
		f := z.filled[k]
		t := looseText(f.file.Text)
		d := placedPath(z.atHome(t), z.placedDir(f.dir))
		var in bool
		switch {
		case f.file.Literal:
			in = d == "/" || strings.HasPrefix(p, d+"/")
		case strings.ContainsAny(t, "$`"):
			// sort -o "$f": any file.
			in = true
		default:
			// split s p: p*, a glob of the pieces.
			in, _ = path.Match(d, p)
		}
		if in {
			return writtenFile{file: Word{Text: name, Literal: true}, dir: dir}, true
		}
	}
	return writtenFile{}, false
}
