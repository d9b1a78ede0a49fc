package permission

import (
	"net/url"
	"path"
	"slices"
	"strings"
)

// readOnlyCommands is the set of commands that only read: plan mode lets
// them through, and `run` executes them with the root read-only. A nil
// check means any arguments; otherwise check vets the arguments (the words
// after the name) for options that write, delete or run other programs.
// Anything not here is not read-only.
var readOnlyCommands = lazy[map[string]func(args []Word) bool]{build: func() map[string]func(args []Word) bool {
	return map[string]func(args []Word) bool{
		// Listing and reading files.
		"ls": nil, "cat": nil, "head": nil, "tail": nil, "wc": nil, "nl": nil, "tac": nil,
		"less": noOpt("oO", "--log-file", "--LOG-FILE"),
		"more": nil,
		"grep": nil, "egrep": nil, "fgrep": nil,
		// rg --pre runs a program on every file.
		"rg": noOpt("", "--pre"),
		// find's actions that delete, run or write files.
		"find": noWord("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls"),
		"tree": noOpt("o"),
		"stat": nil, "du": nil, "df": nil, "readlink": nil, "realpath": nil,
		// file -C compiles a magic file.
		"file": noOpt("C", "--compile"),
		"diff": noOpt("", "--output"),
		"cmp":  nil,
		// sort -o writes; --compress-program runs a program.
		"sort": noOpt("o", "--output", "--compress-program"),
		// uniq's second operand is an output file.
		"uniq": maxOperands(1),
		"cut":  nil, "tr": nil, "basename": nil, "dirname": nil,
		"jq":  noOpt("i", "--in-place"),
		"sed": sedReadOnly,
		// Checksums (-c only reads the list).
		"md5sum": nil, "sha1sum": nil, "sha224sum": nil, "sha256sum": nil, "sha384sum": nil,
		"sha512sum": nil, "b2sum": nil, "cksum": nil,
		// Printing and tests.
		"pwd": nil, "echo": nil, "printf": nil, "true": nil, "false": nil, ":": nil,
		"test": nil, "[": nil,
		// Lookups.
		"which": nil, "type": nil, "whereis": nil,
		"command": commandLookup,
		// System information. date -s and hostname NAME set, not read.
		"date":     dateReadOnly,
		"hostname": maxOperands(0),
		"id":       nil, "whoami": nil, "groups": nil, "uname": nil, "arch": nil, "nproc": nil,
		"ps": nil, "printenv": nil,
		// env only reaches here without a command (env FOO=1 ls is ls).
		"env": nil,
		// Moving around changes only where later commands run.
		"cd": nil, "pushd": nil, "popd": nil,
		"git": gitReadOnly,
	}
}}

// IsReadOnly reports whether c only reads: its command is in the read-only
// set with no option that writes, it redirects output only to harmless
// devices, it sets no variable that hijacks later commands and no
// privileged wrapper runs it. A command with no words (a bare redirection
// or assignment) is read-only under the same conditions. A nested-shell
// command (bash -c 'ls') is read-only when it is a shell: its nested
// commands are checked on their own.
func IsReadOnly(c SimpleCommand) bool {
	for _, r := range c.Redirects {
		if r.Write && !(r.Target.Literal && harmlessDevice(path.Clean(r.Target.Text))) {
			return false
		}
		if mayNetRedirect(r.Target) {
			return false // a network connection, as curl's (netredir.go)
		}
	}
	if hijackAssign(c, "") != "" {
		return false
	}
	for _, p := range c.WrapperPaths {
		if p.Write {
			return false // time -o FILE ls
		}
	}
	if len(c.Words) == 0 {
		return true
	}
	for _, w := range c.Words[:min(c.Inner, len(c.Words))] {
		// A language launcher (uv run, npx) may install or sync what
		// it runs first: it writes even when its command only reads.
		if b := strings.ToLower(baseName(w.Text)); w.Literal && (slices.Contains(privilegedNames, b) || launcherOf(b) != nil) {
			return false
		}
	}
	n := c.Name()
	if c.Nested {
		return isShell(n) || n == "eval" || n == "watch" || n == "env"
	}
	check, ok := readOnlyCommands.get()[n]
	if !ok {
		return false
	}
	if check == nil {
		return true
	}
	return check(c.Args()[1:])
}

// noOpt returns a check refusing the short option letters and long options
// given, also abbreviated (sort --out=FILE is sort --output=FILE).
func noOpt(short string, long ...string) func([]Word) bool {
	return func(args []Word) bool {
		if hasOpt(args, short, long...) {
			return false
		}
		for _, w := range args {
			if w.Literal && w.Text == "--" {
				break
			}
			t, opt := optionText(w)
			if n, _, _ := strings.Cut(t, "="); opt && abbrevOf(n, long) != "" {
				return false
			}
		}
		return true
	}
}

// abbrevOf returns the option of long that n, a long option's name as
// written, stands for: itself, or the one it abbreviates. getopt_long and
// argp take any unambiguous prefix of a long option (sort --out=FILE, tar
// --dir=DIR), and refuse an ambiguous one; so a prefix of an option listed
// here either is that option or fails, as long as no option of the
// program's own is exactly n. The first match is returned; "" for none.
func abbrevOf(n string, long []string) string {
	if len(n) < 3 || !strings.HasPrefix(n, "--") {
		return ""
	}
	for _, l := range long {
		if l == n {
			return l
		}
	}
	for _, l := range long {
		if strings.HasPrefix(l, n) {
			return l
		}
	}
	return ""
}

// optionText returns the text to read w by as an option, and whether w
// is one: it starts with '-' and is not "-" alone. A word only known at
// run time is one when its option is written out before what expands: a
// long option's name and "=" (--output=$HOME/x), a short one's first
// letter (-o$HOME/x, -o"$OUT"). Its text is then the source's with the
// quotes off, and a value cut from it keeps w's Literal flag, for the
// path templates to resolve ($HOME/x is the home's x). Taking such a word
// for an operand hid the file its option names (sort
// --output=$HOME/.bashrc).
func optionText(w Word) (string, bool) {
	t := w.Text
	if !w.Literal {
		t = looseText(t)
		known := t[:writtenOut(t)]
		if strings.HasPrefix(known, "--") && !strings.Contains(known, "=") || len(known) < 2 {
			return t, false
		}
	}
	return t, len(t) > 1 && t[0] == '-'
}

// knownLetters returns how many of the letters of w, an option cluster
// read as optionText's t, are written out: all of a literal word's, and
// a word only known at run time's up to what expands (-x$y: one). The
// letters past them may be any option, one naming a file too.
func knownLetters(w Word, t string) int {
	if w.Literal {
		return len(t)
	}
	return writtenOut(t)
}

// writtenOut returns how much of t, a word's source text with the quotes
// off, is written out: up to its first expansion (a parameter, a
// substitution, a glob or a brace list), whose outcome is only known at
// run time.
func writtenOut(t string) int {
	if i := strings.IndexAny(t, "$`*?[{<>("); i >= 0 {
		return i
	}
	return len(t)
}

// noWord returns a check refusing any of the words.
func noWord(words ...string) func([]Word) bool {
	return func(args []Word) bool {
		for _, w := range args {
			if !w.Literal {
				continue
			}
			for _, x := range words {
				if w.Text == x {
					return false
				}
			}
		}
		return true
	}
}

// maxOperands returns a check allowing at most n operands.
func maxOperands(n int) func([]Word) bool {
	return func(args []Word) bool {
		ops := 0
		for i, w := range args {
			if w.Literal && w.Text == "--" {
				ops += len(args) - i - 1
				break
			}
			if !(w.Literal && strings.HasPrefix(w.Text, "-")) {
				ops++
			}
		}
		return ops <= n
	}
}

func commandLookup(args []Word) bool {
	return hasOpt(args, "vV")
}

func dateReadOnly(args []Word) bool {
	if hasOpt(args, "s", "--set") {
		return false
	}
	for _, w := range args {
		// An operand that is not +FORMAT sets the clock.
		if !w.Literal || !strings.HasPrefix(w.Text, "-") && !strings.HasPrefix(w.Text, "+") {
			return false
		}
	}
	return true
}

// sedReadOnly allows sed only to print lines by number (sed -n '1,20p'):
// its w, W, e and s///e commands write or run programs, and telling them
// apart from text in regular expressions needs a sed parser.
func sedReadOnly(args []Word) bool {
	scripts, ops := 0, 0
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !w.Literal {
			return false
		}
		t := w.Text
		switch {
		case t == "-n" || t == "--quiet" || t == "--silent" || t == "-E" || t == "-r" ||
			t == "--regexp-extended" || t == "-s" || t == "-u" || t == "-z":
		case t == "-e" || t == "--expression":
			if i+1 >= len(args) || !args[i+1].Literal || !sedPrintOnly(args[i+1].Text) {
				return false
			}
			scripts++
			i++
		case strings.HasPrefix(t, "-"):
			return false
		default:
			if scripts == 0 && ops == 0 {
				if !sedPrintOnly(t) {
					return false
				}
				scripts++
				continue
			}
			ops++
		}
	}
	return scripts > 0
}

// sedPrintOnly reports whether a sed script only prints lines by number.
func sedPrintOnly(s string) bool {
	return strings.Trim(s, "0123456789,$;p= \n") == "" && strings.ContainsAny(s, "p=")
}

// gitReadOnly allows git subcommands that only read the repository.
func gitReadOnly(args []Word) bool {
	c := SimpleCommand{Words: append([]Word{{Text: "git", Literal: true}}, args...)}
	sub, rest, cfg, _ := gitArgs(c)
	if !sub.Literal || slices.ContainsFunc(cfg, gitConfigRuns) {
		return false // git -c can set a pager or an ssh command
	}
	if hasOpt(args[:len(args)-len(rest)], "", "--exec-path") {
		return false
	}
	switch sub.Text {
	case "status", "log", "show", "diff", "rev-parse", "ls-files", "ls-tree", "blame",
		"describe", "shortlog", "cat-file", "show-ref", "rev-list", "merge-base",
		"name-rev", "for-each-ref", "count-objects", "grep", "whatchanged", "version", "help":
		// --output writes a file; --ext-diff runs a configured program.
		return !hasOpt(rest, "", "--output", "--ext-diff", "--open-files-in-pager")
	case "branch":
		return gitBranchList(rest)
	case "tag":
		return gitTagList(rest)
	case "remote":
		return len(rest) == 0 || len(rest) == 1 && rest[0].Literal && (rest[0].Text == "-v" || rest[0].Text == "--verbose") ||
			len(rest) == 2 && rest[0].Literal && rest[0].Text == "get-url"
	case "config":
		return hasOpt(rest, "l", "--get", "--get-all", "--get-regexp", "--list", "--get-urlmatch")
	case "reflog":
		return len(rest) == 0 || rest[0].Literal && (rest[0].Text == "show" || strings.HasPrefix(rest[0].Text, "-"))
	case "stash":
		return len(rest) > 0 && rest[0].Literal && (rest[0].Text == "list" || rest[0].Text == "show")
	}
	return false
}

// gitListOptions are options of git branch and git tag that only list,
// with whether they take an argument.
var gitListOptions = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"-a": false, "--all": false, "-r": false, "--remotes": false, "-v": false, "-vv": false,
		"--verbose": false, "-l": false, "--list": false, "--show-current": false, "-i": false,
		"--ignore-case": false, "--omit-empty": false, "-n": false, "--column": false,
		"--no-column": false, "--color": false, "--no-color": false, "-q": false, "--quiet": false,
		// --abbrev takes its value only attached (--abbrev=7): `git branch
		// --abbrev NAME` creates NAME.
		"--abbrev": false, "--no-abbrev": false,
		"--contains": true, "--no-contains": true, "--merged": true, "--no-merged": true,
		"--points-at": true, "--sort": true, "--format": true,
	}
}}

// gitListOnly reports whether args only list: known listing options, and
// operands only as patterns after --list.
func gitListOnly(args []Word, listFlag string) bool {
	list := false
	ops := 0
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !w.Literal {
			return false
		}
		name, _, eq := strings.Cut(w.Text, "=")
		if strings.HasPrefix(name, "-n") && name != "--no-merged" && name != "--no-contains" && name != "--no-column" && name != "--no-color" && name != "--no-abbrev" {
			name = "-n" // git tag -n5
		}
		takes, known := gitListOptions.get()[name]
		switch {
		case known:
			if name == "-l" || name == "--list" || name == listFlag {
				list = true
			}
			if takes && !eq {
				i++
			}
		case strings.HasPrefix(w.Text, "-"):
			return false
		default:
			ops++
		}
	}
	return ops == 0 || list
}

func gitBranchList(args []Word) bool { return gitListOnly(args, "") }

func gitTagList(args []Word) bool { return gitListOnly(args, "") }

// PathArg is a file a command reads or writes: an argument or a
// redirection target.
type PathArg struct {
	Word  Word
	Write bool // written, created or removed; false for read or listed
	// Reach: a path that later writes reach without naming it, protected
	// as written: ln's TARGET, which a write through the link changes (and
	// a read reads), and the directory of a cd only known at run time (cd
	// .g*/hooks), where later commands write by names of their own. Only
	// the link, or nothing, lands in the project.
	Reach bool
	// Key: an identity ssh, scp or sftp signs with (-i FILE, -o
	// IdentityFile=FILE). The program reads it to authenticate and sends
	// nothing of it away, so one in ~/.ssh is not asked for as a read of a
	// credential store; rules still apply.
	Key bool
	// Tree: read with all it holds when it is a directory (grep -r's and
	// rg's operands, a recursive copy's or an archive's sources): what
	// lies below it is checked as a Grep of it is. With Write: changed or
	// removed with all it holds (rm -r, find -delete, git clean, mv):
	// what lies below it is checked against the edit rules.
	Tree bool
	// Fills: of a tree written, one that may get new files anywhere
	// below it (a recursive copy's target, an extraction's, a move's),
	// and so reach the protected places there (cp -r x /etc/); a delete
	// (rm -r, find -delete) only removes.
	Fills bool
	// Unknown: an argument of a program the tables do not know, which
	// may read it or write it (pandoc -o ~/.bashrc, mkfifo
	// .git/hooks/pre-commit): a protected place it names is asked for as
	// a write.
	Unknown bool
}

// PathArgs returns the files c reads or writes, for sensitive-path and
// path-rule checks; it errs toward including. Redirection targets always
// count (`<>` as a write). Arguments count for the commands in pathSpecs,
// by what each does with them (git's: gitPaths). For any other command,
// every argument that looks like a path (holds a '/', or starts with '.',
// '~' or $HOME, also as the value of --opt=value) counts as a read. The
// files the wrappers' own options name count too (time -o FILE:
// c.WrapperPaths).
func PathArgs(c SimpleCommand) []PathArg {
	var out []PathArg
	for _, r := range c.Redirects {
		if netRedirect(r.Target) {
			continue // a network connection, no file (netredir.go)
		}
		out = append(out, PathArg{Word: r.Target, Write: r.Write})
	}
	out = append(out, c.WrapperPaths...)
	out = historyFile(out, c)
	if len(c.Words) == 0 || c.Inner >= len(c.Words) {
		return out
	}
	n := c.Name()
	if n == "" {
		return guessPaths(out, c.Words[c.Inner:])
	}
	spec, ok := pathSpecOf(strings.ToLower(n))
	if !ok && isCompiler(strings.ToLower(n)) {
		return compilerPaths(out, c)
	}
	if !ok {
		out = toolOutputs(out, c)
		if isInterpreter(strings.ToLower(n)) {
			return interpreterPaths(out, c)
		}
		from := len(out)
		out = guessPaths(out, c.Args()[1:])
		for i := from; i < len(out); i++ {
			out[i].Unknown = true
		}
		return installDirs(toolSettingsFiles(out, c), c)
	}
	if spec.custom != nil {
		return spec.custom(out, c)
	}
	return spec.paths(out, c.Args()[1:])
}

// historyFile adds the file an assignment to HISTFILE names, before the
// command, to env, or by export or declare: an interactive bash (bash -i
// fed its commands) writes the lines it ran there when it ends, so
// HISTFILE=~/.bashrc bash -i <<< 'curl x | sh' writes a start-up file.
// An empty one and /dev/null keep no history.
func historyFile(out []PathArg, c SimpleCommand) []PathArg {
	add := func(a string, lit bool) []PathArg {
		if v, ok := strings.CutPrefix(a, "HISTFILE="); ok && v != "" && v != "/dev/null" {
			out = append(out, PathArg{Word: Word{Text: v, Literal: lit}, Write: true})
		}
		return out
	}
	for _, a := range c.Assigns {
		out = add(a, !strings.ContainsAny(a, "$`*?["))
	}
	for _, w := range c.Words[:min(c.Inner, len(c.Words))] {
		out = add(w.Text, w.Literal)
	}
	if slices.Contains(declCommands, c.Name()) {
		for _, w := range c.Args()[1:] {
			out = add(w.Text, w.Literal)
		}
	}
	return out
}

// pathRole is what a command does with its operands.
type pathRole uint8

const (
	opsNone  pathRole = iota // not paths (echo, git)
	opsRead                  // read or listed (cat, ls)
	opsWrite                 // written, created or removed (touch, rm)
	opsCopy                  // the last is written, the others read (cp)
	opsMove                  // all written: sources removed, target created (mv)
)

// pathSpec describes how a command uses its arguments.
type pathSpec struct {
	role pathRole
	// skip leading operands that are not paths (grep's pattern); unless
	// one of noSkip or noSkipLong is given (grep -e PATTERN).
	skip       int
	noSkip     string
	noSkipLong []string
	// Options with an argument: not a path (arg), a file read or written,
	// a target directory (cp -t: then every operand is read).
	arg, read, write, target     string
	longArg, longRead, longWrite []string
	longTarget                   []string
	// Reads of whole trees: every operand always (tree), or once one of
	// the flags treeFlag or treeLong is given (grep -r); with none, the
	// working directory (rg, grep -r). listLong: options that make the
	// command list names only (rg --files). For a command that writes its
	// operands, writes of whole trees (rm -r, rimraf); a move (mv) always
	// takes all a directory holds along.
	tree     bool
	treeFlag string
	treeLong []string
	listLong []string
	// noAbbrev: long options match only whole (ripgrep's clap: --type is
	// not --type-list).
	noAbbrev bool
	// runs: the program runs commands some of its options give (ag's
	// and ack's --pager, ugrep's --filter): besides its paths, its words
	// are read as an unknown program's are (unknownProgram).
	runs   bool
	custom func(out []PathArg, c SimpleCommand) []PathArg
}

var (
	catSpec  = &pathSpec{role: opsRead}
	headSpec = &pathSpec{role: opsRead, arg: "nc", longArg: []string{"--lines", "--bytes"}}
	sumSpec  = &pathSpec{role: opsRead}
	grepSpec = &pathSpec{role: opsRead, skip: 1, noSkip: "ef", noSkipLong: grepNoSkipLong,
		arg: "eABCmdD", read: "f", longArg: grepLongArg, longRead: grepLongRead, treeFlag: "rR", treeLong: grepTreeLong}
	// rgrepSpec is grepSpec with tree (grep -r): TestRgrepSpec.
	rgrepSpec = &pathSpec{role: opsRead, skip: 1, noSkip: "ef", noSkipLong: grepNoSkipLong,
		arg: "eABCmdD", read: "f", longArg: grepLongArg, longRead: grepLongRead, treeFlag: "rR", treeLong: grepTreeLong, tree: true}
	ugrepSpec = &pathSpec{runs: true, role: opsRead, skip: 1, noSkip: "ef", noSkipLong: grepNoSkipLong,
		arg: "eABCmdDgOtKNJM", read: "f", longArg: grepLongArg, longRead: grepLongRead, treeFlag: "rR", treeLong: grepTreeLong}
	grepNoSkipLong = []string{"--regexp", "--file"}
	grepLongArg    = []string{"--regexp", "--max-count", "--after-context", "--before-context", "--context", "--devices", "--directories", "--label", "--exclude", "--include", "--exclude-dir"}
	grepLongRead   = []string{"--file", "--exclude-from"}
	grepTreeLong   = []string{"--recursive", "--dereference-recursive"}
	cpSpec         = &pathSpec{role: opsCopy, target: "t", arg: "S", longTarget: []string{"--target-directory"}, longArg: []string{"--suffix"}}
	mvSpec         = &pathSpec{role: opsMove, target: "t", arg: "S", longTarget: []string{"--target-directory"}, longArg: []string{"--suffix"}}
	rmSpec         = &pathSpec{role: opsWrite, treeFlag: "rR", treeLong: []string{"--recursive"}}
	noSpec         = &pathSpec{role: opsNone}
	renameSpec     = &pathSpec{role: opsWrite, skip: 1, noSkip: "e", arg: "e"}
	// trashSpec: a delete of whole trees (trash-put, gio trash).
	trashSpec = &pathSpec{role: opsWrite, tree: true, longArg: []string{"--trash-dir"}}
)

// gioPaths: gio's remove and trash delete their operands, a directory
// with all it holds (gio remove only an empty one, but as rm it is
// judged); save and mkdir write theirs; copy and move are cp and mv. For any other command the
// path-like words are guessed as an unknown program's are.
func gioPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if len(args) > 0 && args[0].Literal {
		switch rest := args[1:]; args[0].Text {
		case "remove", "trash":
			return trashSpec.paths(out, rest)
		case "save", "mkdir":
			return (&pathSpec{role: opsWrite}).paths(out, rest)
		case "copy":
			return cpSpec.paths(out, rest)
		case "move":
			return mvSpec.paths(out, rest)
		}
	}
	from := len(out)
	out = guessPaths(out, args)
	for i := from; i < len(out); i++ {
		out[i].Unknown = true
	}
	return out
}

// fdPaths: fd searches the paths after its pattern (the working
// directory when none, and --search-path's, below --base-directory), and
// lists names: only what -x or -X runs is handed every file found, so then
// they are read with all they hold, as find's are with -exec. fd reads
// its own options and paths again after the command's ";", and an option
// only known at run time (--base-directory=$HOME) is taken for a root.
func fdPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	var ops, roots []Word
	var base *Word
	exec, inCmd := false, false
	// value returns option name's value in args[*i:], moving *i past it.
	value := func(i *int, t, name string) (Word, bool) {
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return Word{Text: v, Literal: args[*i].Literal}, true
		}
		if t == name && *i+1 < len(args) {
			*i++
			return args[*i], true
		}
		return Word{}, false
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if inCmd {
			inCmd = !(w.Literal && t == ";")
			continue
		}
		switch {
		case strings.HasPrefix(t, "--base-directory"):
			if v, ok := value(&i, t, "--base-directory"); ok {
				base = &v // fd searches from there, paths relative to it
			}
		case strings.HasPrefix(t, "--search-path"):
			if v, ok := value(&i, t, "--search-path"); ok {
				roots = append(roots, v)
			}
		case !w.Literal:
			ops = append(ops, w)
		case len(t) < 2 || t[0] != '-':
			ops = append(ops, w)
		case t == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		default:
			_, skip, starts := fdExec(t)
			exec = exec || starts
			inCmd = starts
			i += skip
		}
	}
	if len(ops) > 1 {
		roots = append(roots, ops[1:]...)
	}
	if len(roots) == 0 {
		roots = []Word{{Text: ".", Literal: true}}
	}
	for _, r := range roots {
		if base != nil {
			r = underDir(*base, r)
		}
		out = append(out, PathArg{Word: r, Tree: exec})
	}
	return out
}

// pathSpecOf returns how the command named n (lower case) uses its
// arguments: pathSpecs' entry, or false.
func pathSpecOf(n string) (*pathSpec, bool) {
	for i := range pathSpecs {
		if pathSpecs[i].name == n {
			return pathSpecs[i].spec, true
		}
	}
	return nil, false
}

// namedPathSpec is a row of pathSpecs.
type namedPathSpec struct {
	name string
	spec *pathSpec
}

// pathSpecs maps command names (lower case) to how they use their
// arguments, one row a name (TestPathSpecsUnique). It is a table the
// compiler lays out in the binary's data, read where a check looks, not a
// map built as the program runs: built, it took 48 KB of heap in some 20
// fresh pages, a run of /bin/true's largest allocation.
var pathSpecs = [...]namedPathSpec{
	// Readers.
	{"cat", catSpec}, {"tac", catSpec}, {"nl", catSpec}, {"more", catSpec}, {"wc", catSpec},
	{"bat", catSpec}, {"batcat", catSpec}, {"shellcheck", catSpec}, // their option values read as paths: harmless
	// Viewers, of diffs (delta, difft), bytes and JSON: they only
	// read. (Not glow, whose glow config starts an editor.)
	{"delta", catSpec}, {"difft", catSpec}, {"hexyl", catSpec}, {"jless", catSpec},
	{"head", headSpec}, {"tail", &pathSpec{role: opsRead, arg: "ncs", longArg: []string{"--lines", "--bytes", "--sleep-interval", "--pid"}}},
	{"less", &pathSpec{role: opsRead, arg: "bhjpPtxyz", read: "kT", write: "oO", longWrite: []string{"--log-file", "--LOG-FILE"}}},
	{"grep", grepSpec}, {"egrep", grepSpec}, {"fgrep", grepSpec},
	{"rgrep", rgrepSpec}, // grep -r
	{"rg", &pathSpec{role: opsRead, skip: 1, noSkip: "ef", noSkipLong: []string{"--regexp", "--file", "--files", "--type-list"},
		arg: "ABCeEgjmMrtT", read: "f", longRead: []string{"--file", "--ignore-file"}, tree: true, noAbbrev: true, listLong: []string{"--files", "--type-list"},
		longArg: []string{"--regexp", "--after-context", "--before-context", "--context", "--glob", "--iglob", "--threads", "--max-count", "--max-columns", "--replace", "--type", "--type-not", "--type-add", "--encoding", "--pre", "--pre-glob", "--sort", "--sortr", "--max-depth", "--max-filesize", "--colors", "--context-separator", "--path-separator"}}},
	// Other searchers that read whole trees, the working directory when
	// given no path (ag, ack, ripgrep-all), or as grep does with -r
	// (ugrep; ug is it with a configuration file).
	{"rga", &pathSpec{role: opsRead, skip: 1, noSkip: "ef", noSkipLong: []string{"--regexp", "--file", "--files", "--type-list"},
		arg: "ABCeEgjmMrtT", read: "f", longRead: []string{"--file", "--ignore-file"}, tree: true, noAbbrev: true, listLong: []string{"--files", "--type-list"}, runs: true}},
	{"ag", &pathSpec{runs: true, role: opsRead, skip: 1, arg: "ABCGgmW", read: "p", tree: true, longRead: []string{"--path-to-ignore"},
		longArg: []string{"--after", "--before", "--context", "--file-search-regex", "--max-count", "--ignore", "--ignore-dir", "--depth", "--pager", "--width"}}},
	{"ack", &pathSpec{runs: true, role: opsRead, skip: 1, arg: "ABCgm", tree: true, longRead: []string{"--ignore-ack-defaults", "--ackrc"},
		longArg: []string{"--after-context", "--before-context", "--context", "--max-count", "--type", "--ignore-dir", "--noignore-dir", "--ignore-file", "--match", "--output", "--pager", "--type-add", "--type-set", "--type-del"}}},
	{"ugrep", ugrepSpec}, {"ug", ugrepSpec},
	{"sort", &pathSpec{role: opsRead, arg: "kStT", write: "o", longWrite: []string{"--output"}, longRead: []string{"--files0-from"},
		longArg: []string{"--key", "--field-separator", "--buffer-size", "--temporary-directory", "--parallel", "--batch-size", "--compress-program"}}},
	{"uniq", &pathSpec{custom: uniqPaths}},
	{"diff", &pathSpec{role: opsRead, arg: "xIFLCUD", read: "X", longRead: []string{"--exclude-from"}, treeFlag: "r", treeLong: []string{"--recursive"}}},
	{"cmp", &pathSpec{role: opsRead, arg: "in"}},
	{"file", &pathSpec{role: opsRead, arg: "FeP", read: "fm"}},
	{"stat", &pathSpec{role: opsRead, arg: "c", longArg: []string{"--format", "--printf"}}},
	{"ls", &pathSpec{role: opsRead, arg: "wIT", longArg: []string{"--width", "--ignore", "--tabsize", "--hide"}}},
	{"du", &pathSpec{role: opsRead, arg: "dBt", read: "X", longRead: []string{"--exclude-from", "--files0-from"}}},
	{"df", &pathSpec{role: opsRead, arg: "Bt"}},
	{"tree", &pathSpec{role: opsRead, arg: "LPITH", write: "o"}},
	{"readlink", catSpec}, {"realpath", catSpec},
	{"base64", &pathSpec{role: opsRead, arg: "wb", write: "o", longWrite: []string{"--output"}}}, // macOS's -o "od": {role: opsRead, arg: "AjNSstw"},
	{"strings", &pathSpec{role: opsRead, arg: "nte"}}, {"hexdump", &pathSpec{role: opsRead, arg: "eEfns"}},
	{"xxd", &pathSpec{custom: uniqPaths}},
	{"md5sum", sumSpec}, {"sha1sum", sumSpec}, {"sha224sum", sumSpec}, {"sha256sum", sumSpec},
	{"sha384sum", sumSpec}, {"sha512sum", sumSpec}, {"b2sum", sumSpec}, {"cksum", sumSpec},
	{"source", &pathSpec{custom: interpreterPaths}}, {".", &pathSpec{custom: interpreterPaths}},
	{"jq", &pathSpec{custom: jqPaths}},
	{"find", &pathSpec{custom: findPaths}},
	{"sqlite3", &pathSpec{custom: sqlitePaths}},
	{"psql", &pathSpec{custom: psqlPaths}},
	{"fd", &pathSpec{custom: fdPaths}}, {"fdfind", &pathSpec{custom: fdPaths}},
	// cd changes where later relative paths point; entering a directory
	// counts as reading it.
	{"cd", &pathSpec{custom: cdPaths}}, {"pushd", &pathSpec{custom: cdPaths}},
	// Writers.
	{"cp", &pathSpec{custom: cpPaths}},
	{"install", &pathSpec{custom: installPaths}},
	{"mv", mvSpec},
	{"ln", &pathSpec{custom: lnPaths}}, {"link", &pathSpec{custom: lnPaths}},
	{"touch", &pathSpec{role: opsWrite, arg: "dt", read: "r", longRead: []string{"--reference"}, longArg: []string{"--date"}}},
	{"mkdir", &pathSpec{role: opsWrite, arg: "m", longArg: []string{"--mode", "--context"}}},
	{"rm", rmSpec}, {"rmdir", rmSpec}, {"unlink", rmSpec}, {"del", rmSpec}, {"remove-item", rmSpec}, {"rimraf", &pathSpec{role: opsWrite, tree: true}},
	// trash-cli's trash-put (and its trash) moves what it is given,
	// directories whole, out of reach: a delete. gio's remove, trash,
	// copy and move: gioPaths.
	{"trash", trashSpec}, {"trash-put", trashSpec}, {"gio", &pathSpec{custom: gioPaths}},
	// rename (perl's and util-linux's) renames the files after its
	// expression (or -e's): they are written.
	{"rename", renameSpec}, {"prename", renameSpec}, {"file-rename", renameSpec},
	{"shred", &pathSpec{role: opsWrite, arg: "ns", longArg: []string{"--iterations", "--size"}}},
	// Special files made, attributes and ACLs changed, binaries
	// stripped in place (or to -o FILE), dumps written to -f FILE.
	{"mkfifo", &pathSpec{role: opsWrite, arg: "mZ", longArg: []string{"--mode", "--context"}}},
	// Downloaders whose operands are URLs: what they write goes below
	// -d DIR (aria2c) or -P PATH (yt-dlp), at -o, and to their logs.
	{"aria2c", &pathSpec{role: opsNone, arg: "sxkjmtU", read: "iTM", write: "dol",
		longRead:  []string{"--input-file", "--torrent-file", "--metalink-file", "--conf-path", "--load-cookies"},
		longWrite: []string{"--dir", "--out", "--log", "--save-session", "--save-cookies", "--dht-file-path", "--dht-file-path6"}}},
	{"youtube-dl", &pathSpec{role: opsNone, arg: "frR", read: "a", write: "o", longRead: []string{"--batch-file", "--config-location"},
		longWrite: []string{"--output", "--download-archive", "--cookies", "--cache-dir", "--load-info-json"}}},
	{"yt-dlp", &pathSpec{role: opsNone, arg: "fSrRNI", read: "a", write: "oP",
		longRead:  []string{"--batch-file", "--config-locations"},
		longWrite: []string{"--output", "--paths", "--download-archive", "--cookies", "--cache-dir", "--load-info-json", "--print-to-file"}}},
	{"mknod", &pathSpec{role: opsWrite, arg: "mZ", longArg: []string{"--mode", "--context"}}},
	{"chattr", &pathSpec{role: opsWrite, arg: "pv", treeFlag: "R"}},
	{"setfacl", &pathSpec{role: opsWrite, arg: "mx", read: "MX", longArg: []string{"--modify", "--remove", "--set"},
		longRead: []string{"--modify-file", "--remove-file", "--set-file"}, treeFlag: "R", treeLong: []string{"--recursive"}}},
	{"setfattr", &pathSpec{role: opsWrite, arg: "nvx", longArg: []string{"--name", "--value", "--remove"}}},
	{"strip", &pathSpec{role: opsWrite, arg: "FIOKNRjw", write: "o"}},
	{"objcopy", &pathSpec{role: opsWrite, arg: "IOBFjRKNGLWbi"}},
	{"pg_dump", &pathSpec{role: opsNone, arg: "dhpUnNtTEFjZS", write: "f", longWrite: []string{"--file"}}},
	{"pg_dumpall", &pathSpec{role: opsNone, arg: "dhpUlS", write: "f", longWrite: []string{"--file"}}},
	{"mysqldump", &pathSpec{role: opsNone, arg: "uhPSw", write: "r", longWrite: []string{"--result-file"}}},
	{"truncate", &pathSpec{role: opsWrite, arg: "s", read: "r", longArg: []string{"--size"}, longRead: []string{"--reference"}}},
	// fallocate gives its file space (or punches, collapses, zeroes it).
	{"fallocate", &pathSpec{role: opsWrite, arg: "lo", longArg: []string{"--length", "--offset"}}},
	{"tee", rmSpec},
	{"sponge", &pathSpec{role: opsWrite}}, // moreutils: soaks up its input, then writes the file
	{"chmod", &pathSpec{custom: chmodPaths}}, {"chown", &pathSpec{custom: chmodPaths}}, {"chgrp", &pathSpec{custom: chmodPaths}},
	{"sed", &pathSpec{custom: sedPaths}},
	// perl and ruby: -i edits in place the files named after the
	// program; -e, -I and kin take a value, attached or next.
	{"perl", &pathSpec{custom: perlPaths}},
	{"ruby", &pathSpec{custom: rubyPaths}},
	{"awk", &pathSpec{custom: awkPaths}}, {"gawk", &pathSpec{custom: awkPaths}},
	{"dd", &pathSpec{custom: ddPaths}},
	{"tar", &pathSpec{custom: tarPaths}}, {"bsdtar", &pathSpec{custom: tarPaths}}, {"gtar", &pathSpec{custom: tarPaths}},
	// ed edits its file (and runs its input's commands: hiddenRun).
	{"ed", rmSpec}, {"red", rmSpec},
	{"dpkg-deb", &pathSpec{custom: dpkgDebPaths}},
	{"cmake", &pathSpec{custom: cmakePaths}},
	{"7z", &pathSpec{custom: sevenZipPaths}}, {"7za", &pathSpec{custom: sevenZipPaths}}, {"7zz", &pathSpec{custom: sevenZipPaths}},
	// Formatters and fixers that rewrite the files and trees they
	// are given (formatterPaths).
	{"prettier", &pathSpec{custom: formatterPaths}}, {"gofmt", &pathSpec{custom: formatterPaths}}, {"goimports", &pathSpec{custom: formatterPaths}},
	{"shfmt", &pathSpec{custom: formatterPaths}}, {"clang-format", &pathSpec{custom: formatterPaths}}, {"autopep8", &pathSpec{custom: formatterPaths}},
	{"black", &pathSpec{custom: formatterPaths}}, {"isort", &pathSpec{custom: formatterPaths}}, {"rustfmt", &pathSpec{custom: formatterPaths}},
	{"stylua", &pathSpec{custom: formatterPaths}}, {"dos2unix", &pathSpec{custom: formatterPaths}}, {"unix2dos", &pathSpec{custom: formatterPaths}},
	{"ruff", &pathSpec{custom: formatterPaths}}, {"eslint", &pathSpec{custom: formatterPaths}}, {"terraform", &pathSpec{custom: formatterPaths}},
	{"tofu", &pathSpec{custom: formatterPaths}}, {"biome", &pathSpec{custom: formatterPaths}}, {"yq", &pathSpec{custom: formatterPaths}},
	{"sops", &pathSpec{custom: formatterPaths}},
	// Converters and encrypters whose -o FILE is written.
	{"iconv", &pathSpec{custom: outputPaths}}, {"gpg", &pathSpec{custom: outputPaths}}, {"gpg2", &pathSpec{custom: outputPaths}},
	{"age", &pathSpec{custom: outputPaths}},
	// shuf's, pandoc's and xsltproc's -o FILE is written as well.
	{"shuf", &pathSpec{custom: outputPaths}}, {"pandoc", &pathSpec{custom: outputPaths}}, {"xsltproc", &pathSpec{custom: outputPaths}},
	// ffmpeg writes its outputs, ImageMagick its last operand (mogrify
	// all in place), jar the archive it creates, mmv its target pattern.
	{"ffmpeg", &pathSpec{custom: ffmpegPaths}}, {"convert", &pathSpec{custom: lastOutputPaths}}, {"magick", &pathSpec{custom: lastOutputPaths}},
	{"jar", &pathSpec{custom: jarPaths}}, {"mmv", &pathSpec{role: opsCopy}},
	{"mogrify", &pathSpec{custom: func(out []PathArg, c SimpleCommand) []PathArg { return mogrifyPaths(out, c.Args()[1:]) }}},
	{"cpio", &pathSpec{custom: cpioPaths}},
	{"unrar", &pathSpec{custom: unrarPaths}},
	{"ar", &pathSpec{custom: arPaths}},
	// script writes its typescript to the operand (and -c runs a
	// command, analysed as a nested shell).
	{"script", &pathSpec{role: opsWrite, arg: "cEm", write: "IOBT", longArg: []string{"--command", "--echo", "--logging-format"},
		longWrite: []string{"--log-io", "--log-in", "--log-out", "--log-timing"}}},
	{"openssl", &pathSpec{custom: opensslPaths}},
	{"patch", &pathSpec{role: opsWrite, arg: "pFBDgVYzr", read: "i", write: "o", longRead: []string{"--input"}, longWrite: []string{"--output"}}},
	{"gzip", &pathSpec{custom: compressPaths}}, {"gunzip", &pathSpec{custom: compressPaths}}, {"bzip2", &pathSpec{custom: compressPaths}},
	{"bunzip2", &pathSpec{custom: compressPaths}}, {"xz", &pathSpec{custom: compressPaths}}, {"unxz", &pathSpec{custom: compressPaths}},
	{"zstd", &pathSpec{custom: compressPaths}},
	{"zip", &pathSpec{custom: zipPaths}},
	{"unzip", &pathSpec{custom: unzipPaths}},
	{"go", &pathSpec{custom: goPaths}},
	{"ssh-keygen", &pathSpec{custom: sshKeygenPaths}},
	{"vi", rmSpec}, {"vim", rmSpec}, {"nvim", rmSpec}, {"nano", rmSpec}, {"emacs", rmSpec}, {"code", rmSpec},
	{"curl", &pathSpec{custom: curlPaths}},
	{"split", &pathSpec{custom: splitPaths}}, {"gsplit", &pathSpec{custom: splitPaths}}, {"csplit", &pathSpec{custom: splitPaths}},
	{"wget", &pathSpec{custom: wgetPaths}},
	{"http", &pathSpec{custom: httpiePaths}}, {"https", &pathSpec{custom: httpiePaths}}, {"xh", &pathSpec{custom: httpiePaths}}, {"xhs", &pathSpec{custom: httpiePaths}},
	{"scp", &pathSpec{custom: remoteCopyPaths}}, {"rsync", &pathSpec{custom: remoteCopyPaths}},
	{"ssh", &pathSpec{custom: sshPaths}}, {"sftp", &pathSpec{custom: sshPaths}}, {"autossh", &pathSpec{custom: sshPaths}},
	// Not path commands: their words are text, names or revisions.
	{"echo", noSpec}, {"printf", noSpec}, {"pwd", noSpec}, {"true", noSpec}, {"false", noSpec}, {":", noSpec},
	{"date", noSpec}, {"id", noSpec}, {"whoami", noSpec}, {"uname", noSpec}, {"hostname", noSpec},
	{"which", noSpec}, {"type", noSpec}, {"whereis", noSpec}, {"command", noSpec}, {"basename", noSpec},
	{"dirname", noSpec}, {"kill", noSpec}, {"pkill", noSpec}, {"killall", noSpec}, {"sleep", noSpec},
	{"export", noSpec}, {"declare", noSpec}, {"local", noSpec}, {"readonly", noSpec}, {"typeset", noSpec},
	{"unset", noSpec}, {"set", noSpec}, {"shift", noSpec}, {"exit", noSpec}, {"return", noSpec},
	{"git", &pathSpec{custom: gitPaths}}, {"ps", noSpec}, {"env", noSpec}, {"printenv", noSpec}, {"alias", noSpec}, {"trap", noSpec},
	{"eval", noSpec}, {"test", noSpec}, {"[", noSpec}, {"seq", noSpec}, {"expr", noSpec}, {"cut", &pathSpec{role: opsRead, arg: "bcdf"}}, {"tr", noSpec},
}

// paths applies the spec to args (the words after the command name).
func (s *pathSpec) paths(out []PathArg, args []Word) []PathArg {
	var ops []Word
	noSkip := false
	targeted := false
	tree, list := s.tree, false
	add := func(w Word, write bool) { out = append(out, PathArg{Word: w, Write: write}) }
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w)
		if !opt {
			ops = append(ops, w)
			continue
		}
		if t == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			if s.noAbbrev && slices.Contains(s.noSkipLong, n) || !s.noAbbrev && abbrevOf(n, s.noSkipLong) != "" {
				noSkip = true
			}
			// grep -d recurse, --directories=recurse, --dir recurse.
			dirs := s.treeFlag != "" && abbrevOf(n, []string{"--directories"}) != ""
			tree = tree || abbrevOf(n, s.treeLong) != "" || dirs && (recurseValue(v) || !eq && i+1 < len(args) && recurseValue(args[i+1].Text))
			list = list || slices.Contains(s.listLong, n) // rg takes no abbreviations
			// Options that name a file are matched abbreviated too (grep
			// --fil=F, cp --target=D); those merely taking a value only
			// whole, since taking a flag for one of them would pass over
			// the operand after it.
			read, write, target := abbrevOf(n, s.longRead) != "", abbrevOf(n, s.longWrite) != "", abbrevOf(n, s.longTarget) != ""
			if slices.Contains(s.longArg, n) {
				// Whole, an option taking a value that names no file wins
				// over one it abbreviates: grep --exclude, not
				// --exclude-from.
				read, write, target = false, false, false
			}
			if !read && !write && !target && !slices.Contains(s.longArg, n) {
				// One the table does not list, given what looks like a
				// path after an =, may read it: wc
				// --files0-from=~/.ssh/id_rsa, diff --from-file=FILE.
				if eq && looksLikePath(v) {
					add(Word{Text: v, Literal: w.Literal}, false)
				}
				continue
			}
			arg, ok := Word{Text: v, Literal: w.Literal}, eq
			if !eq && i+1 < len(args) {
				arg, ok = args[i+1], true
				i++
			}
			if ok && (read || write || target) {
				add(arg, write || target)
				targeted = targeted || target
				markMoveTarget(out, s.role, target)
			}
			continue
		}
		for k := 1; k < len(t); k++ {
			if k == knownLetters(w, t) {
				// -x$y: the rest is only known at run time, and so
				// taken for an operand, as such a word is.
				ops = append(ops, w)
				break
			}
			ch := t[k]
			if strings.IndexByte(s.noSkip, ch) >= 0 {
				noSkip = true
			}
			if strings.IndexByte(s.treeFlag, ch) >= 0 {
				tree = true
			}
			if s.treeFlag != "" && ch == 'd' && (recurseValue(t[k+1:]) || k+1 == len(t) && i+1 < len(args) && recurseValue(args[i+1].Text)) {
				tree = true // grep -d recurse
			}
			read, write, target := strings.IndexByte(s.read, ch) >= 0, strings.IndexByte(s.write, ch) >= 0, strings.IndexByte(s.target, ch) >= 0
			if !read && !write && !target && strings.IndexByte(s.arg, ch) < 0 {
				continue
			}
			arg, ok := Word{Text: t[k+1:], Literal: w.Literal}, k+1 < len(t)
			if !ok && i+1 < len(args) {
				arg, ok = args[i+1], true
				i++
			}
			if ok && (read || write || target) {
				add(arg, write || target)
				targeted = targeted || target
				markMoveTarget(out, s.role, target)
			}
			break
		}
	}
	if !noSkip {
		ops = ops[min(s.skip, len(ops)):]
	}
	tree = tree && !list
	if tree && s.role == opsRead && len(ops) == 0 {
		// rg, grep -r: the working directory.
		out = append(out, PathArg{Word: Word{Text: ".", Literal: true}, Tree: true})
	}
	for i, w := range ops {
		switch s.role {
		case opsRead:
			add(w, false)
			out[len(out)-1].Tree = tree
		case opsWrite, opsMove:
			add(w, true)
			out[len(out)-1].Tree = tree || s.role == opsMove
			out[len(out)-1].Fills = s.role == opsMove
		case opsCopy:
			add(w, !targeted && i == len(ops)-1)
		}
	}
	return out
}

// markMoveTarget marks the path just added, a move's target directory
// (mv -t DIR), as filled with all that is moved into it (PathArg.Fills).
func markMoveTarget(out []PathArg, role pathRole, target bool) {
	if role == opsMove && target && len(out) > 0 {
		out[len(out)-1].Tree, out[len(out)-1].Fills = true, true
	}
}

// looksLikePath reports whether an argument of an unknown command may
// name a file.
func looksLikePath(t string) bool {
	t = looseText(t)
	return strings.Contains(t, "/") || strings.HasPrefix(t, ".") || strings.HasPrefix(t, "~") ||
		strings.HasPrefix(t, "$HOME") || strings.HasPrefix(t, "${HOME}")
}

// guessPaths adds the path-like words of an unknown command as reads,
// looking into --opt=value, and into a short option's value attached
// when it is relative, absolute or below $HOME (-o.git/hooks/pre-commit,
// -o/etc/profile.d/x.sh, -o$HOME/.bashrc; but the search paths of -I, -L
// and -F, -I/usr/include -L/usr/lib, common, which write nothing there,
// and a ~, not expanded after -o).
func guessPaths(out []PathArg, args []Word) []PathArg {
	for _, w := range args {
		t := w.Text
		if strings.HasPrefix(t, "-") {
			_, v, ok := strings.Cut(t, "=")
			if !ok {
				v = t[min(2, len(t)):]
				lv := looseText(v)
				abs := strings.HasPrefix(lv, "/") && len(t) > 1 && strings.IndexByte("ILF", t[1]) < 0
				if len(t) < 3 || t[1] == '-' || !abs && !strings.HasPrefix(lv, ".") && !strings.HasPrefix(lv, "$HOME") && !strings.HasPrefix(lv, "${HOME}") {
					continue
				}
			}
			w = Word{Text: v, Literal: w.Literal}
			t = v
		}
		if looksLikePath(t) {
			out = append(out, PathArg{Word: w})
		}
	}
	return out
}

// splitOps returns the operands of args, read as getopt does: an option
// in argOpts takes the rest of its cluster or the next word (-uf 1, -f1,
// -qb DIR), and a long one in longArgs, abbreviated or not, the next
// word when it has no "=".
func splitOps(args []Word, argOpts string, longArgs ...string) []Word {
	var ops []Word
	getopt(args, argOpts, "", longArgs, longArgs, func(string, Word, bool) {}, func(w Word) { ops = append(ops, w) })
	return ops
}

// optArg returns the argument of short option o or long option lo in
// args (-oFILE, -o FILE, --long=FILE, --long FILE).
func optArg(args []Word, o byte, lo string) (Word, bool) {
	for i, w := range args {
		t, opt := optionText(w)
		if !opt {
			continue
		}
		if t == "--" {
			break
		}
		if lo != "" {
			if v, ok := strings.CutPrefix(t, lo+"="); ok {
				return Word{Text: v, Literal: w.Literal}, true
			}
			if t == lo && i+1 < len(args) {
				return args[i+1], true
			}
		}
		if o != 0 && len(t) >= 2 && t[0] == '-' && t[1] == o {
			if len(t) > 2 {
				return Word{Text: t[2:], Literal: w.Literal}, true
			}
			if i+1 < len(args) {
				return args[i+1], true
			}
		}
	}
	return Word{}, false
}

// gitMessageSubs are the git subcommands whose -m and --message take a
// message, not a file.
var gitMessageSubs = []string{"commit", "tag", "merge", "notes", "stash", "revert", "cherry-pick", "am", "rebase"}

// gitPaths: git reads the files its operands name (`git diff --no-index
// ~/.ssh/id_rsa /dev/null`, `git blame .env`, `git show HEAD:.env` from
// history): every operand and `REV:PATH` counts as a read, as the
// argument of an option with =value does where it looks like a path, a
// commit message aside. It writes the file or directory of --output,
// --output-directory, archive's and format-patch's -o, bundle create FILE,
// config -f FILE (unless reading), and rm's and mv's operands. Taken in
// the directories of git's -C options.
func gitPaths(out []PathArg, c SimpleCommand) []PathArg {
	sub, rest, _, ok := gitArgs(c)
	if !ok {
		return out
	}
	var dir *Word
	args := c.Args()[1 : len(c.Args())-len(rest)]
	// The working tree another than the repository's: checkouts write
	// there, and a subcommand that rewrites or cleans the working tree
	// does so with all it holds (gitTreeWrites) from outside it, as
	// from the project: git --work-tree=/etc clean -fdx removes the
	// untracked files of /etc.
	tree := func(w Word) {
		p := PathArg{Word: w, Write: true}
		if sub.Literal && gitTreeWrites(sub.Text) {
			p.Tree, p.Fills = true, sub.Text != "clean"
		}
		out = append(out, p)
	}
	for _, a := range c.EnvAssigns() {
		if v, ok := strings.CutPrefix(a, "GIT_WORK_TREE="); ok {
			tree(Word{Text: v, Literal: !strings.ContainsAny(v, "$`\"'\\")})
		}
	}
	for i := 0; i < len(args); i++ {
		switch t := args[i].Text; {
		case !args[i].Literal:
			if o, v, ok := strings.Cut(looseText(t), "="); ok && o == "--work-tree" {
				tree(Word{Text: v}) // --work-tree="$x"
			}
		case t == "-C" && i+1 < len(args):
			d := args[i+1]
			if dir != nil {
				d = underDir(*dir, d)
			}
			dir = &d
			out = append(out, PathArg{Word: d})
			i++
		case t == "--work-tree" && i+1 < len(args):
			tree(args[i+1])
			i++
		case strings.HasPrefix(t, "--work-tree="):
			tree(Word{Text: strings.TrimPrefix(t, "--work-tree="), Literal: true})
		}
	}
	add := func(w Word, write bool) {
		if dir != nil {
			w = underDir(*dir, w)
		}
		out = append(out, PathArg{Word: w, Write: write})
	}
	if !sub.Literal {
		for _, w := range rest {
			add(w, false)
		}
		return out
	}
	if gitMakes(sub.Text, rest, add) {
		return out // its own options and operands, read once
	}
	var ops []Word
	message := slices.Contains(gitMessageSubs, sub.Text)
	configRead := sub.Text == "config" && !gitConfigWrites(rest)
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		t := w.Text
		// value returns the option's argument: the rest of the word, else
		// the next word.
		value := func(attached string, has bool) (Word, bool) {
			if has {
				return Word{Text: attached, Literal: w.Literal}, true
			}
			if i+1 < len(rest) {
				i++
				return rest[i], true
			}
			return Word{}, false
		}
		switch {
		case !w.Literal || len(t) < 2 || t[0] != '-':
			ops = append(ops, w)
		case t == "--":
			ops = append(ops, rest[i+1:]...)
			i = len(rest)
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			switch {
			case abbrevOf(n, []string{"--output", "--output-directory", "--export-marks"}) != "",
				sub.Text == "checkout-index" && n == "--prefix",
				(sub.Text == "commit-graph" || sub.Text == "multi-pack-index") && n == "--object-dir":
				// checkout-index --prefix=.git/hooks/ writes every
				// file of the index below that prefix.
				if f, ok := value(v, eq); ok {
					add(f, true)
				}
			case (sub.Text == "apply" || sub.Text == "am") && abbrevOf(n, []string{"--directory"}) != "":
				// The patch's files are written below it, by names the
				// patch chooses, as an extraction's are.
				if f, ok := value(v, eq); ok {
					add(f, true)
					out[len(out)-1].Tree, out[len(out)-1].Fills = true, true
				}
			case sub.Text == "config" && !eq && abbrevOf(n, []string{"--global", "--system"}) != "" && !strings.HasPrefix("--get", n):
				// The user's or the machine's configuration, which
				// every later git obeys (url.*.insteadOf, core.pager);
				// git takes --glob for --global.
				f := "~/.gitconfig"
				if abbrevOf(n, []string{"--global", "--system"}) == "--system" {
					f = "/etc/gitconfig"
				}
				add(Word{Text: f, Literal: true}, !configRead)
			case sub.Text == "config" && abbrevOf(n, []string{"--file", "--blob"}) != "":
				// Abbreviated too: git config --fil F is --file F.
				if f, ok := value(v, eq); ok && abbrevOf(n, []string{"--file"}) != "" {
					add(f, !configRead)
				}
			case message && n == "--message", sub.Text == "clean" && abbrevOf(n, []string{"--exclude"}) != "":
				value(v, eq) // a message, a pattern: no path
			case eq:
				out = guessPaths(out, []Word{{Text: v, Literal: w.Literal}})
			}
		default:
			for k := 1; k < len(t); k++ {
				ch := t[k]
				write := ch == 'o' && slices.Contains([]string{"archive", "format-patch", "bugreport", "diagnose", "mailsplit", "index-pack"}, sub.Text)
				file := ch == 'f' && sub.Text == "config"
				// git clean -e takes an exclude pattern: no path.
				msg := ch == 'm' && message || ch == 'e' && sub.Text == "clean"
				if !write && !file && !msg {
					continue
				}
				if f, ok := value(t[k+1:], k+1 < len(t)); ok && !msg {
					add(f, write || !configRead)
				}
				break
			}
		}
	}
	from := len(out)
	if sub.Text == "maintenance" && len(ops) > 0 && ops[0].Literal && slices.Contains([]string{"register", "unregister", "start", "stop"}, ops[0].Text) {
		// They change the user's configuration (and start's, the
		// scheduler's: a crontab, a systemd timer) as --global would.
		add(Word{Text: "~/.gitconfig", Literal: true}, true)
	}
	if sub.Text == "clean" && len(ops) == 0 {
		// The untracked files of the whole working tree, from here down.
		ops = append(ops, Word{Text: ".", Literal: true})
	}
	mergeFile := sub.Text == "merge-file" && !hasOpt(rest, "p", "--stdout")
	for i, w := range ops {
		switch {
		case mergeFile && i == 0:
			add(w, true) // the merge lands in the first file
		case sub.Text == "bundle" && i == 1 && ops[0].Literal && ops[0].Text == "create":
			add(w, true)
		case gitWritesOperands(sub.Text) && w.Literal:
			// Pathspecs whose files the subcommand removes, moves or
			// overwrites, with all a directory holds (git clean -fdx
			// infra, git checkout -- infra).
			add(w, true)
			out[len(out)-1].Tree = true
		default:
			add(w, false)
			if r, p, ok := strings.Cut(w.Text, ":"); ok && p != "" && !strings.HasPrefix(p, "//") {
				// HEAD:path, origin/main:path, :path and :2:path (the
				// index, a stage of it): the file's content, from history.
				if r == "" && len(p) > 2 && p[0] >= '0' && p[0] <= '3' && p[1] == ':' {
					p = p[2:]
				}
				add(Word{Text: p, Literal: w.Literal}, false)
			}
		}
	}
	if sub.Text == "grep" {
		// What it searches, the working directory when nothing narrows
		// it, is read with all it holds.
		add(Word{Text: ".", Literal: true}, false)
		markTrees(out, from)
	}
	return out
}

// gitTreeWrites says whether git subcommand sub may rewrite or clean the
// whole working tree: check out, reset, merge, apply or clean it.
func gitTreeWrites(sub string) bool {
	switch sub {
	case "clean", "checkout", "switch", "restore", "reset", "stash", "merge", "pull", "rebase", "cherry-pick",
		"revert", "am", "apply", "read-tree", "checkout-index", "sparse-checkout", "rm", "mv":
		return true
	}
	return false
}

// gitWritesOperands says whether git subcommand sub removes, moves or
// overwrites the files its operands name: rm and mv, clean, restore, and
// checkout's pathspecs (a branch name taken for one asks at worst).
func gitWritesOperands(sub string) bool {
	switch sub {
	case "rm", "mv", "clean", "restore", "checkout":
		return true
	}
	return false
}

// gitMakes handles the git subcommands that make a repository or a
// working tree where their operands say: init DIR, clone REPO DIR (DIR
// from REPO's name when absent), submodule add REPO PATH (the same),
// worktree add PATH, move and remove; their --separate-git-dir is
// written too. Their options that take a value in
// the next word are listed, so that the value is not taken for an
// operand (git's parse-options, which also takes long ones abbreviated).
// It adds what it finds with add, and is false for any other subcommand.
func gitMakes(sub string, rest []Word, add func(w Word, write bool)) bool {
	var short string
	var long []string
	switch sub {
	case "init":
		short, long = "b", []string{"--template", "--separate-git-dir", "--initial-branch", "--object-format", "--ref-format"}
	case "clone":
		short, long = "obucj", []string{"--origin", "--branch", "--upload-pack", "--reference", "--reference-if-able",
			"--separate-git-dir", "--depth", "--shallow-since", "--shallow-exclude", "--config", "--server-option", "--jobs",
			"--template", "--filter", "--bundle-uri", "--ref-format", "--revision"}
	case "worktree":
		short, long = "bB", []string{"--reason"}
	case "submodule":
		short, long = "b", []string{"--branch", "--name", "--reference", "--depth"}
	default:
		return false
	}
	var ops []Word
	template := false
	value := func(name string, v Word) {
		switch name {
		case "--separate-git-dir":
			add(v, true)
		case "--template":
			template = template || v.Text != "" || !v.Literal
			add(v, false)
		case "--reference", "--reference-if-able":
			add(v, false)
		}
	}
	// made is a repository made at w: a template's files are copied into
	// its .git, hooks/ among them, which git runs at the next commit
	// (git init --template=t in the project writes .git/hooks/pre-commit).
	made := func(w Word) {
		add(w, true)
		if template {
			add(Word{Text: path.Join(w.Text, ".git", "hooks"), Literal: w.Literal}, true)
		}
	}
	for i := 0; i < len(rest); i++ {
		w, t := rest[i], rest[i].Text
		switch {
		case !w.Literal || t == "-" || !strings.HasPrefix(t, "-"):
			ops = append(ops, w)
		case t == "--":
			ops = append(ops, rest[i+1:]...)
			i = len(rest)
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			name := abbrevOf(n, long)
			switch {
			case name != "" && eq:
				value(name, Word{Text: v, Literal: true})
			case name != "" && i+1 < len(rest):
				i++
				value(name, rest[i])
			}
		default:
			// A bundle of short options; one that takes a value takes the
			// rest of the word, else the next word.
			for k := 1; k < len(t); k++ {
				if strings.IndexByte(short, t[k]) < 0 {
					continue
				}
				if k+1 == len(t) {
					i++
				}
				break
			}
		}
	}
	switch {
	case sub == "init":
		if len(ops) == 0 {
			ops = []Word{{Text: ".", Literal: true}} // the working directory, or -C's
		}
		for _, w := range ops {
			made(w)
		}
	case sub == "clone" && len(ops) > 0:
		add(ops[0], false) // the repository: a URL, or a path read
		if len(ops) > 1 {
			made(ops[1])
		} else {
			made(cloneDir(ops[0]))
		}
	case sub == "submodule" && len(ops) > 1 && ops[0].Literal && ops[0].Text == "add":
		// A clone of REPO at PATH, or at the directory its name gives.
		add(ops[1], false)
		if len(ops) > 2 {
			made(ops[2])
		} else {
			made(cloneDir(ops[1]))
		}
	case sub == "worktree" && len(ops) > 1 && ops[0].Literal:
		switch ops[0].Text {
		case "add", "remove":
			add(ops[1], true) // add's second operand is a commit
		case "move":
			for _, w := range ops[1:] {
				add(w, true)
			}
		default:
			for _, w := range ops[1:] {
				add(w, false)
			}
		}
	}
	return true
}

// cloneDir is the directory git clone makes when given none: the
// repository's last name, without ".git" (git's guess_dir_name), in the
// working directory; the working directory itself when that is not known.
func cloneDir(repo Word) Word {
	if !repo.Literal {
		return Word{Text: ".", Literal: true}
	}
	t := strings.TrimRight(repo.Text, "/")
	t = strings.TrimSuffix(strings.TrimSuffix(t, "/.git"), ".git")
	if i := strings.LastIndexAny(t, "/:"); i >= 0 {
		t = t[i+1:]
	}
	if t == "" || t == "." || t == ".." {
		return Word{Text: ".", Literal: true}
	}
	return Word{Text: t, Literal: true}
}

// gitConfigWrites reports whether git config's arguments (after the
// subcommand) may write a value: not a read (--get, -l, get, list …).
func gitConfigWrites(rest []Word) bool {
	if hasOpt(rest, "l", "--get", "--get-all", "--get-regexp", "--list", "--get-urlmatch", "--get-color", "--get-colorbool") {
		return false
	}
	if hasOpt(rest, "e", "--edit", "--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section") {
		return true
	}
	var ops []Word
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w.Literal && strings.HasPrefix(w.Text, "-") {
			if slices.Contains([]string{"-f", "--file", "--blob", "--type", "--default", "--comment", "--value"}, w.Text) {
				i++ // its value
			}
			continue
		}
		ops = append(ops, w)
	}
	switch {
	case len(ops) == 0:
		return false
	case !ops[0].Literal:
		return true
	case slices.Contains([]string{"get", "list", "get-color", "get-colorbool", "get-urlmatch"}, ops[0].Text):
		return false
	case slices.Contains([]string{"set", "unset", "rename-section", "remove-section", "edit"}, ops[0].Text):
		return true
	}
	// The old form: git config KEY reads, git config KEY VALUE writes.
	return len(ops) >= 2
}

// perlPaths and rubyPaths are inPlacePaths of perl's and ruby's options
// (functions, not its closures, so that pathSpecs stays static data).
func perlPaths(out []PathArg, c SimpleCommand) []PathArg {
	return inPlacePaths("eEMmI", "dDFlx0C")(out, c)
}

func rubyPaths(out []PathArg, c SimpleCommand) []PathArg {
	return inPlacePaths("erICEF", "xlK0W")(out, c)
}

// inPlacePaths returns the paths of an interpreter run as `NAME
// [switches] [--] [programfile] [arguments]` (perl, ruby), whose switches
// with a value are withValue (attached, or the next word) and whose
// switches with an optional value attached are rest (-d:Trace, -l0, ruby's
// -x/dir): the program file, unless -e gives the program, is read; the
// arguments are written with -i (edited in place), else read where they
// look like paths. In a bundle -i takes the rest of the word as its backup
// suffix (perl -pie 'x' f: the suffix is "e", and 'x' the program file).
// ruby's -C DIR runs in DIR: the files are taken from there.
func inPlacePaths(withValue, rest string) func(out []PathArg, c SimpleCommand) []PathArg {
	return func(out []PathArg, c SimpleCommand) []PathArg {
		args := c.Args()[1:]
		inPlace, program := false, false
		var dir *Word
		i := 0
	switches:
		for ; i < len(args); i++ {
			w, t := args[i], args[i].Text
			switch {
			case !w.Literal || len(t) < 2 || t[0] != '-':
				break switches
			case t == "--":
				i++
				break switches
			case strings.HasPrefix(t, "--"):
				continue // --version, --help, ruby's --enable=…
			}
			for k := 1; k < len(t); k++ {
				ch := t[k]
				if ch == 'i' {
					inPlace = true
					break
				}
				if strings.IndexByte(rest, ch) >= 0 {
					break
				}
				if strings.IndexByte(withValue, ch) >= 0 {
					program = program || ch == 'e' || ch == 'E' // ruby's -E is an encoding: its program file is then read as an argument
					v := Word{Text: t[k+1:], Literal: true}
					if k+1 == len(t) && i+1 < len(args) {
						i++ // the value is the next word
						v = args[i]
					}
					if ch == 'C' && c.Name() != "perl" {
						dir = &v
					}
					break
				}
			}
		}
		ops := args[min(i, len(args)):]
		if dir != nil {
			moved := make([]Word, len(ops))
			for j, w := range ops {
				moved[j] = underDir(*dir, w)
			}
			ops = moved
		}
		if !program && len(ops) > 0 {
			out = append(out, PathArg{Word: ops[0]})
			ops = ops[1:]
		}
		if !inPlace {
			return guessPaths(out, ops)
		}
		for _, w := range ops {
			out = append(out, PathArg{Word: w, Write: true})
		}
		return out
	}
}

// awkLong are gawk's long options, for their abbreviations; awkTakes
// those that take a value, the next word or after "=".
var (
	awkLong = []string{"--field-separator", "--file", "--assign", "--source", "--exec", "--include", "--load", "--locale",
		"--dump-variables", "--debug", "--lint", "--pretty-print", "--profile", "--characters-as-bytes", "--traditional",
		"--copyright", "--gen-pot", "--help", "--no-optimize", "--optimize", "--bignum", "--use-lc-numeric",
		"--non-decimal-data", "--posix", "--re-interval", "--sandbox", "--version", "--csv", "--persist"}
	awkTakes = []string{"--field-separator", "--file", "--assign", "--source", "--exec", "--include", "--load", "--locale"}
)

// awkPaths: gawk's inplace extension (-i inplace, --include=inplace)
// edits in place the files after the program, as sed -i does; -f, -E and
// another -i name program files read, and -o, -p and -d with a value
// (-oFILE, --pretty-print=FILE …) files written. An operand NAME=value
// is an assignment. Without inplace the operands are guessed as an
// unknown command's are, the program text among them. awk is often gawk.
func awkPaths(out []PathArg, c SimpleCommand) []PathArg {
	inPlace, program := false, false
	var ops []Word
	getopt(c.Args()[1:], "FfvWeEilZ", "dDLop", awkLong, awkTakes,
		func(name string, val Word, ok bool) {
			switch name {
			case "-i", "--include":
				// A name only known at run time may be inplace.
				if v := strings.TrimSuffix(val.Text, ".awk"); ok && (v == "inplace" || !val.Literal) {
					inPlace = true
				} else if ok {
					out = append(out, PathArg{Word: val})
				}
			case "-f", "--file", "-E", "--exec":
				program = true
				if ok {
					out = append(out, PathArg{Word: val})
				}
			case "-e", "--source":
				program = true
			case "-o", "--pretty-print", "-p", "--profile", "-d", "--dump-variables":
				if ok && val.Text != "" {
					out = append(out, PathArg{Word: val, Write: true})
				}
			}
		},
		func(w Word) { ops = append(ops, w) })
	if !inPlace {
		return guessPaths(out, ops)
	}
	if !program && len(ops) > 0 {
		ops = ops[1:] // the program text
	}
	for _, w := range ops {
		if !(w.Literal && isEnvAssign(w.Text)) {
			out = append(out, PathArg{Word: w, Write: true})
		}
	}
	return out
}

// uniqPaths: uniq [OPTION]... [INPUT [OUTPUT]] writes OUTPUT. Of its
// options only -f, -s and -w (and their long names) take a value: -c
// counts.
func uniqPaths(out []PathArg, c SimpleCommand) []PathArg {
	ops := splitOps(c.Args()[1:], "fsw", "--skip-fields", "--skip-chars", "--check-chars")
	for i, w := range ops {
		out = append(out, PathArg{Word: w, Write: i == 1})
	}
	return out
}

func installPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if hasOpt(args, "d", "--directory") {
		ops := splitOps(args, "gmoSt")
		for _, w := range ops {
			out = append(out, PathArg{Word: w, Write: true})
		}
		return out
	}
	from := len(out)
	out = (&pathSpec{role: opsCopy, arg: "gmoSl", target: "t", longTarget: []string{"--target-directory"}}).paths(out, args)
	if hasOpt(args, "l") {
		// BSD's install -l s|h|r|a links to its sources, as cp -s does.
		for i := from; i < len(out); i++ {
			out[i].Reach = !out[i].Write
		}
	}
	return out
}

// lnPaths: ln [OPTION]... TARGET... LINK (or -t DIR TARGET...) writes LINK.
// Each TARGET is what a link leads to, which a write through the link
// changes and a read through it reads: Reach, so that a link to a protected
// path or a credential store is asked for as that write or read would be.
// A symbolic link's relative target is relative to the link's directory,
// not to where ln runs: it counts from beside the link and from LINK as a
// directory (ln -s ../x dir/ makes dir/x); with -r, ln makes it so from
// where ln runs (ln -sr ../x dir/l), and a link named only at run time
// may be there too.
func lnPaths(out []PathArg, c SimpleCommand) []PathArg {
	var ops []Word
	var dir Word // the link, or the directory links are made in (inDir)
	inDir, symbolic, relative := false, false, false
	getopt(c.Args()[1:], "St", "", lnLong, []string{"--suffix", "--target-directory"},
		func(name string, val Word, ok bool) {
			switch name {
			case "-s", "--symbolic":
				symbolic = true
			case "-r", "--relative":
				relative = true
			case "-t", "--target-directory":
				inDir, dir = ok, val
			}
		},
		func(w Word) { ops = append(ops, w) })
	targets := ops
	switch {
	case inDir:
		out = append(out, PathArg{Word: dir, Write: true})
	case len(ops) > 1:
		targets, dir = ops[:len(ops)-1], ops[len(ops)-1]
		out = append(out, PathArg{Word: dir, Write: true})
	case len(ops) == 1 && ops[0].Literal:
		// ln -s /x/y makes ./y.
		out = append(out, PathArg{Word: Word{Text: path.Base(ops[0].Text), Literal: true}, Write: true})
	}
	for _, t := range targets {
		if !symbolic || relative || !t.Literal || dir.Text == "" || path.IsAbs(t.Text) || strings.HasPrefix(t.Text, "~") {
			out = append(out, PathArg{Word: t, Reach: true})
			continue
		}
		// Beside the link first (ln -s ../x sub/link), then in LINK as
		// a directory. A link named only at run time ("$HOME/k") makes
		// the target's names so too, and may be where ln runs.
		d := dir.Text
		dirs := []string{path.Dir(d), d}
		if !dir.Literal {
			d = looseText(d)
			dirs = []string{path.Dir(d), d, "."}
		}
		if inDir {
			dirs = dirs[1:]
		}
		var seen []string
		for i, from := range dirs {
			p := path.Join(from, t.Text)
			if hasDotDot(t.Text) {
				// Uncleaned: the kernel follows a link before the ".."
				// after it (ln -s t/.. u, t a link made on the line).
				p = from + "/" + t.Text
			}
			if !slices.Contains(seen, p) {
				seen = append(seen, p)
				out = append(out, PathArg{Word: Word{Text: p, Literal: dir.Literal || i == len(dirs)-1}, Reach: true})
			}
		}
	}
	return out
}

// cpLinks says whether cp given args links to its sources instead of
// copying them (-s, -l, --symbolic-link, --link, abbreviated or not).
func cpLinks(args []Word) bool {
	return slices.ContainsFunc(args, func(w Word) bool {
		n, _, _ := strings.Cut(w.Text, "=")
		return w.Literal && abbrevOf(n, []string{"--link", "--symbolic-link"}) != ""
	}) || hasOpt(args, "sl")
}

// lnLong are ln's long options, for their abbreviations.
var lnLong = []string{"--symbolic", "--suffix", "--target-directory", "--backup", "--directory", "--force",
	"--interactive", "--logical", "--no-dereference", "--no-target-directory", "--physical",
	"--relative", "--verbose", "--help", "--version"}

// getopt walks args as getopt_long does, calling op with each operand and
// opt with each option (-x, or a long one by its full name when long holds
// it, abbreviated or not) and its value: attached or the next word for the
// short options in takes and the long ones in takesLong, attached only
// for those in optional and for other long ones (--opt=value); ok says
// there is one. Options end at "--"; a word only known at run time is an
// operand.
func getopt(args []Word, takes, optional string, long, takesLong []string, opt func(name string, val Word, ok bool), op func(Word)) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, isOpt := optionText(w)
		switch {
		case !isOpt:
			op(w)
		case t == "--":
			for _, rest := range args[i+1:] {
				op(rest)
			}
			return
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			if full := abbrevOf(n, long); full != "" {
				n = full
			}
			val, ok := Word{Text: v, Literal: w.Literal}, eq
			if !eq && slices.Contains(takesLong, n) && i+1 < len(args) {
				val, ok = args[i+1], true
				i++
			}
			opt(n, val, ok)
		default:
			for k := 1; k < len(t); k++ {
				if k == knownLetters(w, t) {
					op(w) // -x$y: as pathSpec.paths takes it
					break
				}
				name := "-" + t[k:k+1]
				if strings.IndexByte(takes+optional, t[k]) < 0 {
					opt(name, Word{}, false)
					continue
				}
				val, ok := Word{Text: t[k+1:], Literal: w.Literal}, k+1 < len(t)
				if !ok && strings.IndexByte(takes, t[k]) >= 0 && i+1 < len(args) {
					val, ok = args[i+1], true
					i++
				}
				opt(name, val, ok)
				break
			}
		}
	}
}

// cpPaths: cp copies its sources to the last operand (or -t DIR); with
// -s or -l it links to them instead, so that they are Reach, as ln's are
// (cp -s .git/config c).
func cpPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	from := len(out)
	out = cpSpec.paths(out, args)
	if cpLinks(args) {
		for i := from; i < len(out); i++ {
			out[i].Reach = !out[i].Write
		}
	}
	if hasOpt(args, "rRa") || hasLong(args, "--recursive", "--archive") {
		// The sources read, and the target written, with all they hold.
		for i := from; i < len(out); i++ {
			out[i].Tree, out[i].Fills = true, out[i].Write
		}
	}
	// A target that is a directory (-t DIR, DIR/, or more than one
	// source) gets new files by the sources' names: cp evil/profile /etc/.
	var ops int
	for _, a := range out[from:] {
		if !a.Write {
			ops++
		}
	}
	intoDir := hasOpt(args, "t") || hasLong(args, "--target-directory") || ops > 1
	for i := from; i < len(out); i++ {
		// (A target only known at run time stays a plain write: cp a
		// "$DEST/" writes one file there, not a tree.)
		if out[i].Write && out[i].Word.Literal && (intoDir || strings.HasSuffix(out[i].Word.Text, "/")) {
			out[i].Fills = true
			out[i].Tree = true
		}
	}
	return out
}

// hasLong reports whether args, up to "--", hold one of the long
// options, whole or abbreviated (getopt_long: cp --rec is --recursive).
func hasLong(args []Word, long ...string) bool {
	for _, w := range args {
		if w.Literal && w.Text == "--" {
			return false
		}
		t, opt := optionText(w)
		if n, _, _ := strings.Cut(t, "="); opt && abbrevOf(n, long) != "" {
			return true
		}
	}
	return false
}

// recurseValue says whether v is grep's "recurse" action, as argmatch
// takes it: whole or shortened to "rec" and more.
func recurseValue(v string) bool { return len(v) >= 3 && strings.HasPrefix("recurse", v) }

// markTrees marks the paths out[from:] reads as read with all they hold
// (PathArg.Tree).
func markTrees(out []PathArg, from int) {
	for i := from; i < len(out); i++ {
		out[i].Tree = !out[i].Write
	}
}

// unzipPaths: unzip reads the archive and writes what it extracts below
// -d DIR (else the working directory): the members its operands name, or
// all of it (a tree written). Listing, testing and printing (-l, -t, -v,
// -Z, -p, -c) write nothing; -x's names are left out, not written.
func unzipPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	var ops []Word
	dir := Word{Text: ".", Literal: true}
	extracts := true
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w) // -d"$x" is -d all the same
		switch {
		case !opt:
			ops = append(ops, w)
		case w.Literal && t == "-x":
			// Exclusions, to the next option.
			for i+1 < len(args) && !strings.HasPrefix(args[i+1].Text, "-") {
				i++
			}
		case shortCluster(t):
			// A cluster (-oqd DIR): d and P take the rest of the word,
			// or the next one.
			for k := 1; k < len(t); k++ {
				if k == knownLetters(w, t) {
					// -o$y: the rest is only known at run time, and may
					// be d with the directory.
					dir = w
					break
				}
				ch := t[k]
				if strings.IndexByte("ltvZpc", ch) >= 0 {
					extracts = false
				}
				if ch != 'd' && ch != 'P' {
					continue
				}
				v := Word{Text: t[k+1:], Literal: w.Literal}
				if v.Text == "" && i+1 < len(args) {
					i++
					v = args[i]
				}
				if ch == 'd' {
					dir = v
				}
				break
			}
		}
	}
	if len(ops) == 0 {
		return out
	}
	out = append(out, PathArg{Word: ops[0]})
	if !extracts {
		return out
	}
	if len(ops) == 1 {
		return append(out, PathArg{Word: dir, Write: true, Tree: true, Fills: true})
	}
	for _, m := range ops[1:] {
		out = append(out, PathArg{Word: underDir(dir, m), Write: true, Tree: true, Fills: true})
	}
	return out
}

// compilers are the C and kin compilers, assemblers and linkers whose -o
// names the file they write (isCompiler).
var compilers = []string{
	"gcc", "g++", "cc", "c++", "c89", "c99", "clang", "clang++", "tcc", "icc", "icx", "gfortran", "cpp",
	"cc1", "cc1plus", "cc1obj", "collect2", // gcc's own passes, run by their paths
	"ld", "ld.bfd", "ld.gold", "ld.lld", "lld", "mold", "as", "nasm", "yasm",
	"rustc",
}

// isCompiler says whether program n (lower case) is one of compilers,
// also with a target before it and a version after it
// (x86_64-linux-gnu-gcc-12, clang-17).
func isCompiler(n string) bool {
	return compilerOf(n) != ""
}

// compilerOf returns which of compilers program n (lower case) is, its
// target and version taken off, or "".
func compilerOf(n string) string {
	if i := strings.LastIndexByte(n, '-'); i > 0 && strings.Trim(n[i+1:], "0123456789.") == "" {
		n = n[:i]
	}
	for _, c := range compilers {
		if n == c || strings.HasSuffix(n, "-"+c) {
			return c
		}
	}
	return ""
}

// compilerValued are the compiler driver's options whose value is the
// next word (-I DIR, -include FILE), so that it is not taken for an
// operand.
var compilerValued = []string{"-o", "-I", "-D", "-U", "-include", "-imacros", "-iquote", "-isystem", "-idirafter",
	"-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-imultilib", "-MF", "-MT", "-MQ", "-x", "-A",
	"-Xpreprocessor", "-Xlinker", "-Xassembler", "-aux-info", "-L", "-T", "-u", "-z", "-e", "--param", "-wrapper"}

// compilerPaths: a compiler's, assembler's or linker's -o FILE (-oFILE,
// --output=FILE), -MF FILE and what -Wl passes the linker as -o are
// written, and so is cpp's second operand (cpp IN OUT); every other
// argument that looks like a path is read.
func compilerPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if compilerOf(strings.ToLower(c.Name())) == "cpp" {
		var ops []int
		for i := 0; i < len(args); i++ {
			switch w := args[i]; {
			case w.Literal && slices.Contains(compilerValued, w.Text):
				i++
			case !w.Literal || !strings.HasPrefix(w.Text, "-") || w.Text == "-":
				ops = append(ops, i)
			}
		}
		if len(ops) > 1 {
			out = append(out, PathArg{Word: args[ops[1]], Write: true})
			args = slices.Delete(slices.Clone(args), ops[1], ops[1]+1)
		}
	}
	var linker []Word
	for i, w := range args {
		t, opt := optionText(w)
		if l, ok := strings.CutPrefix(t, "-Wl,"); ok && opt {
			for _, a := range strings.Split(l, ",") {
				linker = append(linker, Word{Text: a, Literal: w.Literal})
			}
		}
		if w.Literal && w.Text == "-Xlinker" && i+1 < len(args) {
			linker = append(linker, args[i+1]) // -Xlinker -o -Xlinker FILE
		}
	}
	out = outputOption(out, linker, []string{"-o", "--output"}, true)
	return outputOption(out, args, []string{"-o", "-MF", "--output"}, true)
}

// goPaths: go's -o FILE (go build, go test -c; -o=FILE and --o as Go's
// flag package takes them) is written; every other argument that looks
// like a path is read.
//
// Under -C DIR (go's first flag, or a build's) -o is relative to DIR.
func goPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	from := len(out)
	out = outputOption(out, args, []string{"-o", "--o"}, false) // -overlay is no -o
	if ops := operandTexts(c.Args()); len(ops) > 0 && ops[0] == "env" && slices.ContainsFunc(args, func(w Word) bool {
		n, _, _ := strings.Cut(w.Text, "=")
		return w.Literal && slices.Contains([]string{"-w", "--w", "-u", "--u"}, n)
	}) {
		// go env -w and -u rewrite the user's go env file, which every
		// later go command obeys (GOFLAGS=-toolexec=…, CC).
		out = append(out, PathArg{Word: Word{Text: "~/.config/go/env", Literal: true}, Write: true})
	}
	for i, w := range args {
		var dir Word
		switch {
		case !w.Literal:
			continue
		case (w.Text == "-C" || w.Text == "--C") && i+1 < len(args):
			dir = args[i+1]
		case strings.HasPrefix(w.Text, "-C="):
			dir = Word{Text: w.Text[3:], Literal: true}
		default:
			continue
		}
		for k := from; k < len(out); k++ {
			if out[k].Write {
				out[k].Word = underDir(dir, out[k].Word)
			}
		}
		break
	}
	// (After -C: the install directory is absolute.)
	return installDirs(out, c)
}

// toolSettingsFiles: direnv allow and mise trust write their approvals,
// gh config set and gh alias set gh's settings; npm's, pnpm's and yarn's
// config set (pkgConfigSet)
// write the user's settings file, which names programs every later run
// starts (script-shell, node-options, yarn-path): npm's ~/.npmrc, pnpm's
// rc (and ~/.npmrc, older pnpm's), yarn 1's ~/.yarnrc and, with -H,
// yarn 2's ~/.yarnrc.yml. A project's (--location=project) is the
// project's own file; a global one (-g) lies outside the root and the
// danger row asks for it.
func toolSettingsFiles(out []PathArg, c SimpleCommand) []PathArg {
	ops := operandTexts(c.Args())
	file := ""
	switch n := lowerName(c); {
	case len(ops) == 0:
	case n == "direnv" && slices.Contains([]string{"allow", "permit", "grant"}, ops[0]):
		// direnv allow records its approval of an .envrc, which then
		// runs in the user's shell at the next cd; mise trust its of a
		// mise.toml's hooks and env scripts.
		file = "~/.local/share/direnv/allow"
	case n == "mise" && ops[0] == "trust":
		file = "~/.local/state/mise/trusted-configs"
	case n == "gh" && (ops[0] == "config" || ops[0] == "alias") && len(ops) > 1 && slices.Contains([]string{"set", "import", "delete"}, ops[1]):
		// gh's pager, editor and browser, and its shell aliases.
		file = "~/.config/gh/config.yml"
	}
	if file != "" {
		return append(out, PathArg{Word: Word{Text: file, Literal: true}, Write: true})
	}
	if !pkgConfigSet(c) {
		return out
	}
	args := c.Args()[1:]
	loc := ""
	for i, w := range args {
		switch {
		case !w.Literal:
		case strings.HasPrefix(w.Text, "--location="):
			loc = strings.TrimPrefix(w.Text, "--location=")
		case w.Text == "--location" && i+1 < len(args):
			loc = args[i+1].Text
		case w.Text == "-g" || w.Text == "--global":
			loc = "global"
		}
	}
	if loc == "project" {
		return out
	}
	var files []string
	switch lowerName(c) {
	case "npm":
		files = []string{"~/.npmrc"}
		if loc == "global" {
			// The global npmrc, in npm's prefix: Debian's, a build
			// installed in /usr or /usr/local (or a version manager's,
			// protected whole).
			files = globalNpmrc
		}
	case "pnpm":
		files = []string{"~/.config/pnpm/rc", "~/Library/Preferences/pnpm/rc", "~/.npmrc"}
	case "yarn":
		files = []string{"~/.yarnrc"}
		if slices.ContainsFunc(args, func(w Word) bool { return w.Text == "-H" || w.Text == "--home" }) {
			files = append(files, "~/.yarnrc.yml")
		}
	}
	for _, f := range files {
		out = append(out, PathArg{Word: Word{Text: f, Literal: true}, Write: true})
	}
	return out
}

// installers are the programs installDirs knows.
var installers = []string{"go", "cargo", "pip", "pip3", "pipx", "uv", "npm", "pnpm", "yarn", "bun", "deno", "dotnet", "stack", "cabal",
	"gem", "composer", "luarocks", "opam", "nimble", "make", "gmake"}

// makeInstallVars are the variables by which a makefile's install
// targets are told where to put what they build (GNU's directory
// variables, DESTDIR's staging root and qmake's, INSTALL_ROOT, and the
// common spellings of them). The staging roots come first.
var makeInstallVars = []string{"DESTDIR", "INSTALL_ROOT", "PREFIX", "prefix", "exec_prefix", "BINDIR", "bindir", "SBINDIR", "sbindir",
	"LIBDIR", "libdir", "DATADIR", "datadir", "MANDIR", "mandir", "INCLUDEDIR", "includedir", "SYSCONFDIR", "sysconfdir",
	"INSTALL_PREFIX", "INSTALL_DIR", "INSTALLDIR", "DESTINATION"}

// asPip returns python -m pip … as pip … (python -m ensurepip … as pip
// install …), and the lower-case name of
// the command it returns.
func asPip(c SimpleCommand) (SimpleCommand, string) {
	n := lowerName(c)
	if args := c.Args(); strings.HasPrefix(n, "python") && len(args) > 2 && args[1].Text == "-m" && args[2].Text == "pip" {
		c.Words = slices.Concat(c.Words[:c.Inner], []Word{{Text: "pip", Literal: true}}, args[3:])
		n = "pip"
	} else if strings.HasPrefix(n, "python") && len(args) > 2 && args[1].Text == "-m" && args[2].Text == "ensurepip" && !ensurepipQuery(args[3:]) {
		// python -m ensurepip [--user] [--root DIR]: pip install pip.
		c.Words = slices.Concat(c.Words[:c.Inner], []Word{{Text: "pip", Literal: true}, {Text: "install", Literal: true}}, args[3:])
		n = "pip"
	}
	return c, n
}

// installDirs: the directory an installer puts the programs it builds or
// fetches in, on the user's PATH, where they later run outside the
// sandbox: go install's GOBIN (else GOPATH's bin, else ~/go/bin), cargo
// install's and binstall's --root (else CARGO_INSTALL_ROOT, CARGO_HOME,
// ~/.cargo) bin, pip install's --user (~/.local/bin) and --prefix bin and
// --root tree, pipx's and uv tool's ~/.local/bin (and the shell start-up
// files their ensurepath and update-shell rewrite), a global npm or pnpm
// install's --prefix bin (else npm's default prefix, /usr/local, and
// pnpm's PNPM_HOME; npm link with no package links the package's own
// programs there), yarn global's ~/.yarn/bin, bun's and deno's global
// installs' ~/.bun/bin and ~/.deno/bin, dotnet's global tools, stack
// install's ~/.local/bin and cabal install's, gem install's --bindir
// (else GEM_HOME's or --install-dir's bin, --user-install's ~/.gem, or
// Ruby's own bin directory, taken for /usr/local/bin), composer global's
// vendor/bin, luarocks install's and make's tree (--tree, --local's
// ~/.luarocks, else the system's /usr/local), opam's root (OPAMROOT, else
// ~/.opam) and nimble install's ~/.nimble/bin. python -m pip is pip. Each
// is written, so the protected places there ask even in
// bypassPermissions, and a prefix in the project passes.
func installDirs(out []PathArg, c SimpleCommand) []PathArg {
	c, n := asPip(c)
	if !slices.Contains(installers, n) {
		return out
	}
	if (n == "make" || n == "gmake") && !slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return strings.HasPrefix(w.Text, "install") }) {
		return out // make build: nothing installed, nothing more to read
	}
	args := c.Args()
	ops := operandTexts(args)
	if len(ops) == 0 {
		return out
	}
	// env returns what the line sets name to for c, "" for nothing.
	env := func(name string) string {
		for _, a := range c.EnvAssigns() {
			if v, ok := strings.CutPrefix(a, name+"="); ok && v != "" {
				return v
			}
		}
		return ""
	}
	// value returns the value of option o (o VALUE, o=VALUE), if given.
	value := func(o string) (Word, bool) {
		for i, w := range args[1:] {
			if v, ok := strings.CutPrefix(w.Text, o+"="); ok && w.Literal {
				return Word{Text: v, Literal: true}, true
			}
			if w.Literal && w.Text == o && i+2 < len(args) {
				return args[i+2], true
			}
		}
		return Word{}, false
	}
	has := func(opts ...string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && slices.Contains(opts, w.Text) })
	}
	word := func(v string) Word { return Word{Text: v, Literal: !strings.ContainsAny(v, "$`\"'\\")} }
	bin := func(dir Word) Word { return underDir(dir, Word{Text: "bin", Literal: true}) }
	var dirs []Word
	switch {
	case n == "go":
		if ops[0] == "install" || len(ops) > 1 && ops[1] == "install" && (args[1].Text == "-C" || args[1].Text == "--C") {
			switch gopath, _, _ := strings.Cut(env("GOPATH"), ":"); {
			case env("GOBIN") != "":
				dirs = append(dirs, word(env("GOBIN")))
			case gopath != "":
				dirs = append(dirs, bin(word(gopath)))
			default:
				dirs = append(dirs, Word{Text: "~/go/bin", Literal: true})
			}
		}
	case n == "cargo" && (ops[0] == "install" || ops[0] == "binstall") && !has("--list"):
		root, ok := value("--root")
		switch {
		case ok:
		case env("CARGO_INSTALL_ROOT") != "":
			root = word(env("CARGO_INSTALL_ROOT"))
		case env("CARGO_HOME") != "":
			root = word(env("CARGO_HOME"))
		default:
			root = Word{Text: "~/.cargo", Literal: true}
		}
		dirs = append(dirs, bin(root))
	case (n == "pip" || n == "pip3") && ops[0] == "install":
		if has("--user") {
			dirs = append(dirs, Word{Text: "~/.local/bin", Literal: true})
		}
		if p, ok := value("--prefix"); ok {
			dirs = append(dirs, bin(p))
		}
		for _, o := range []string{"--root", "--target", "-t"} {
			if r, ok := value(o); ok {
				out = append(out, PathArg{Word: r, Write: true, Tree: true, Fills: true})
			}
		}
	case n == "pipx" && slices.Contains([]string{"install", "upgrade", "reinstall", "reinstall-all", "upgrade-all", "inject"}, ops[0]),
		n == "uv" && ops[0] == "tool" && len(ops) > 1 && slices.Contains([]string{"install", "upgrade"}, ops[1]):
		dirs = append(dirs, Word{Text: "~/.local/bin", Literal: true})
	case n == "pipx" && ops[0] == "ensurepath", n == "uv" && ops[0] == "tool" && len(ops) > 1 && ops[1] == "update-shell":
		for _, f := range []string{"~/.profile", "~/.bashrc", "~/.zshrc"} {
			dirs = append(dirs, Word{Text: f, Literal: true})
		}
	case (n == "npm" || n == "pnpm") && slices.Contains([]string{"install", "i", "add", "update", "up", "link", "ln"}, ops[0]) &&
		(has("-g", "--global", "--location=global") || env("npm_config_global") == "true"),
		n == "npm" && (ops[0] == "link" || ops[0] == "ln") && len(ops) == 1: // the package's own programs
		p, ok := value("--prefix")
		switch {
		case ok:
			dirs = append(dirs, bin(p))
		case n == "pnpm":
			dirs = append(dirs, Word{Text: "~/.local/share/pnpm", Literal: true})
		case env("NPM_CONFIG_PREFIX") != "":
			dirs = append(dirs, bin(word(env("NPM_CONFIG_PREFIX"))))
		default:
			dirs = append(dirs, Word{Text: "/usr/local/bin", Literal: true})
		}
	case n == "yarn" && ops[0] == "global" && len(ops) > 1 && (ops[1] == "add" || ops[1] == "upgrade"):
		dirs = append(dirs, Word{Text: "~/.yarn/bin", Literal: true})
	case n == "bun" && slices.Contains([]string{"add", "a", "install", "i", "link"}, ops[0]) && has("-g", "--global"):
		root := Word{Text: "~/.bun", Literal: true}
		if v := env("BUN_INSTALL"); v != "" {
			root = word(v)
		}
		dirs = append(dirs, bin(root))
	case n == "deno" && ops[0] == "install" && !slices.ContainsFunc(args[1:], func(w Word) bool { return strings.HasPrefix(w.Text, "--root") }) &&
		slices.ContainsFunc(args[1:], func(w Word) bool {
			return w.Literal && (w.Text == "--global" || len(w.Text) > 1 && w.Text[1] != '-' && w.Text[0] == '-' && strings.Contains(w.Text, "g"))
		}):
		// (--root DIR: buildOutputs.)
		root := Word{Text: "~/.deno", Literal: true}
		if v := env("DENO_INSTALL_ROOT"); v != "" {
			root = word(v)
		}
		dirs = append(dirs, bin(root))
	case n == "dotnet" && ops[0] == "tool" && len(ops) > 1 && (ops[1] == "install" || ops[1] == "update"):
		if p, ok := value("--tool-path"); ok {
			dirs = append(dirs, p)
		} else if has("-g", "--global") {
			dirs = append(dirs, Word{Text: "~/.dotnet/tools", Literal: true})
		}
	case n == "stack" && (ops[0] == "install" || ops[0] == "build" && has("--copy-bins")):
		if p, ok := value("--local-bin-path"); ok {
			dirs = append(dirs, p)
		} else {
			dirs = append(dirs, Word{Text: "~/.local/bin", Literal: true})
		}
	case n == "gem" && slices.Contains([]string{"install", "i", "update"}, ops[0]):
		bindir, ok := value("--bindir")
		if !ok {
			bindir, ok = value("-n")
		}
		home, homeOK := value("--install-dir")
		if !homeOK {
			home, homeOK = value("-i")
		}
		switch {
		case ok:
			dirs = append(dirs, bindir)
		case homeOK:
			dirs = append(dirs, bin(home))
		case env("GEM_HOME") != "":
			dirs = append(dirs, bin(word(env("GEM_HOME"))))
		case has("--user-install"):
			dirs = append(dirs, Word{Text: "~/.gem", Literal: true}, Word{Text: "~/.local/share/gem", Literal: true})
		default:
			dirs = append(dirs, Word{Text: "/usr/local/bin", Literal: true})
		}
	case n == "composer" && ops[0] == "global" && len(ops) > 1 && slices.Contains([]string{"require", "install", "update", "upgrade", "u"}, ops[1]):
		if v := env("COMPOSER_HOME"); v != "" {
			dirs = append(dirs, underDir(word(v), Word{Text: "vendor/bin", Literal: true}))
		} else {
			dirs = append(dirs, Word{Text: "~/.config/composer/vendor/bin", Literal: true}, Word{Text: "~/.composer/vendor/bin", Literal: true})
		}
	case n == "luarocks" && (ops[0] == "install" || ops[0] == "make"):
		switch tree, ok := value("--tree"); {
		case ok:
			dirs = append(dirs, bin(tree))
		case has("--local"):
			dirs = append(dirs, Word{Text: "~/.luarocks/bin", Literal: true})
		default:
			dirs = append(dirs, Word{Text: "/usr/local/bin", Literal: true})
		}
	case n == "opam" && slices.Contains([]string{"install", "reinstall", "upgrade", "pin"}, ops[0]):
		root := Word{Text: "~/.opam", Literal: true}
		if v := env("OPAMROOT"); v != "" {
			root = word(v)
		}
		dirs = append(dirs, root)
	case n == "nimble" && ops[0] == "install" && !has("-d", "--depsOnly"):
		dirs = append(dirs, Word{Text: "~/.nimble/bin", Literal: true})
	case (n == "make" || n == "gmake") && slices.ContainsFunc(ops, func(o string) bool { return strings.HasPrefix(o, "install") }):
		// make install PREFIX=/x, DESTDIR=/x make install: the directories
		// set for it are written; one left to the makefile is not known.
		// Below DESTDIR, when it is set, go all the others.
		for _, v := range makeInstallVars {
			if d, ok := value(v); ok {
				dirs = append(dirs, d)
			} else if e := env(v); e != "" {
				dirs = append(dirs, word(e))
			}
			if (v == "DESTDIR" || v == "INSTALL_ROOT") && len(dirs) > 0 {
				break
			}
		}
	case n == "cabal" && ops[0] == "install" && !has("--lib", "--only-dependencies", "--dependencies-only"):
		if p, ok := value("--installdir"); ok {
			dirs = append(dirs, p)
		} else {
			dirs = append(dirs, Word{Text: "~/.cabal/bin", Literal: true}, Word{Text: "~/.local/bin", Literal: true})
		}
	}
	for _, d := range dirs {
		out = append(out, PathArg{Word: d, Write: true})
	}
	return out
}

// defaultInstall returns why a command of cmds, a line, installs under
// the prefix its build chose for itself, or "": make install, cmake
// --install (or --build … --target install), ninja install and meson
// install with no prefix or staging root given to them (makeInstallVars,
// --prefix, DESTDIR, literal or not: installDirs judges them) put files in /usr/local, or wherever the build was configured
// for in an earlier call, outside the project root as a rule. An earlier
// command of the line that configured the build for a prefix in the
// project (./configure --prefix=$PWD/out, cmake
// -DCMAKE_INSTALL_PREFIX=inst, meson setup --prefix …) names it.
func (e *Engine) defaultInstall(cmds []SimpleCommand) string {
	configured := false
	for _, c := range cmds {
		n := lowerName(c)
		if n != "make" && n != "gmake" && n != "cmake" && n != "ninja" && n != "meson" && n != "configure" {
			continue
		}
		args := c.Args()
		if e.configuresPrefix(c, n) {
			configured = true
			continue
		}
		// operand reports whether an operand (no option) is one the
		// install target's names.
		operand := func(install func(string) bool) bool {
			return slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && !strings.HasPrefix(w.Text, "-") && install(w.Text) })
		}
		has := func(opts ...string) bool {
			return slices.ContainsFunc(args[1:], func(w Word) bool {
				n, _, _ := strings.Cut(w.Text, "=")
				return slices.Contains(opts, n)
			})
		}
		staged := func() bool {
			return slices.ContainsFunc(c.EnvAssigns(), func(a string) bool { return strings.HasPrefix(a, "DESTDIR=") })
		}
		installs := false
		switch n {
		case "make", "gmake":
			installs = operand(func(o string) bool { return o == "install" || strings.HasPrefix(o, "install-") }) &&
				!slices.ContainsFunc(makeInstallVars, func(v string) bool {
					set := func(w string) bool { return strings.HasPrefix(w, v+"=") }
					return slices.ContainsFunc(args[1:], func(w Word) bool { return set(w.Text) }) || slices.ContainsFunc(c.EnvAssigns(), set)
				}) && !hasOpt(args[1:], "nq", "--dry-run", "--just-print", "--recon", "--question")
		case "cmake":
			installs = (has("--install") || has("--build") && slices.ContainsFunc(args[1:], func(w Word) bool { return w.Text == "install" || w.Text == "--target=install" })) &&
				!has("--prefix") && !staged()
		case "ninja":
			installs = operand(func(o string) bool { return o == "install" }) && !hasOpt(args[1:], "n", "--dry-run") && !staged()
		case "meson":
			installs = len(args) > 1 && args[1].Text == "install" && !has("--destdir", "--dry-run", "-n") && !staged()
		}
		if installs && !configured {
			return commandName(c) + " installs under the prefix the build chose (/usr/local unless it was told otherwise), outside the project root; give it one (PREFIX=, DESTDIR=, --prefix) to install in the project"
		}
	}
	return ""
}

// configuresPrefix reports whether c, named n, configures a build to
// install in the project: ./configure --prefix=P, cmake
// -DCMAKE_INSTALL_PREFIX=P or --install-prefix P, meson setup or
// configure --prefix P or -Dprefix=P, with P in the root (or in the
// working directory as $PWD or $(pwd) names it).
func (e *Engine) configuresPrefix(c SimpleCommand, n string) bool {
	args := c.Args()
	env := e.Env.In(c.Dir)
	for i, w := range args {
		if i == 0 {
			continue
		}
		var val Word
		switch name, v, eq := strings.Cut(w.Text, "="); {
		case n == "configure" && name == "--prefix", n == "cmake" && name == "--install-prefix", n == "meson" && name == "--prefix":
			if eq {
				val = Word{Text: v, Literal: w.Literal}
			} else if i+1 < len(args) {
				val = args[i+1]
			}
		case n == "cmake" && eq && (name == "-DCMAKE_INSTALL_PREFIX" || strings.HasPrefix(name, "-DCMAKE_INSTALL_PREFIX:")),
			n == "meson" && eq && name == "-Dprefix":
			val = Word{Text: v, Literal: w.Literal}
		default:
			continue
		}
		if val.Text == "" {
			return false
		}
		if !val.Literal {
			for _, pwd := range [...]string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
				if rest, ok := strings.CutPrefix(val.Text, pwd); ok && (rest == "" || rest[0] == '/') && !strings.ContainsAny(rest, "$`") && !hasDotDot(rest) {
					return env.Cwd != "" && e.Env.Root != "" && within(env.Cwd, e.Env.Root)
				}
			}
			return false
		}
		abs := env.Resolve(val.Text)
		return e.Env.Root != "" && strings.HasPrefix(abs, "/") && within(abs, e.Env.Root)
	}
	return false
}

// sshKeygenPaths: ssh-keygen -f FILE writes FILE and FILE.pub (a new key,
// a changed passphrase or comment, a known_hosts entry removed); where it
// only reads it (-l, -y) the write asks at worst. In a cluster (-qf FILE)
// f takes the rest of the word or the next one.
func sshKeygenPaths(out []PathArg, c SimpleCommand) []PathArg {
	from := len(out)
	args := slices.Clone(c.Args()[1:])
	for i, w := range args {
		if k := strings.IndexByte(w.Text, 'f'); w.Literal && shortCluster(w.Text) && k > 1 {
			args[i].Text = "-" + w.Text[k:] // -qf FILE as -f FILE
		}
	}
	out = outputOption(out, args, []string{"-f"}, true)
	// -l, -y, -B and -e (and -i) only read FILE: a fingerprint, the public
	// key, an export.
	reads := false
	orig := c.Args()[1:]
	for i := 0; i < len(orig); i++ {
		w := orig[i]
		if !w.Literal || !shortCluster(w.Text) {
			continue
		}
		for k := 1; k < len(w.Text); k++ {
			ch := w.Text[k]
			if strings.IndexByte("lyBei", ch) >= 0 {
				reads = true
			}
			// A letter that takes a value takes the rest of the word
			// or the next one (-C -y is a comment, not -y).
			if strings.IndexByte("abCDEFfGIJjMmNnOPRrsTtVwYZz", ch) >= 0 {
				if k+1 == len(w.Text) {
					i++
				}
				break
			}
		}
	}
	if reads {
		for i := from; i < len(out); i++ {
			out[i].Write = false
		}
		return out
	}
	for _, a := range out[from:] {
		if a.Write {
			out = append(out, PathArg{Word: Word{Text: a.Word.Text + ".pub", Literal: a.Word.Literal}, Write: true})
		}
	}
	return out
}

// outputOption adds the values of the options opts as files written: in
// the next word, after "=" (--output=FILE, Go's -o=FILE), or attached
// to a short one where the program takes that (attached: -oFILE,
// -MFFILE); it guesses the other words' paths.
func outputOption(out []PathArg, args []Word, opts []string, attached bool) []PathArg {
	var rest []Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w)
		matched := false
		for _, o := range opts {
			switch {
			case !opt:
			case t == o && i+1 < len(args):
				i++
				out = append(out, PathArg{Word: args[i], Write: true})
				matched = true
			case strings.HasPrefix(t, o+"="):
				out = append(out, PathArg{Word: Word{Text: t[len(o)+1:], Literal: w.Literal}, Write: true})
				matched = true
			case attached && !strings.HasPrefix(o, "--") && strings.HasPrefix(t, o) && len(t) > len(o):
				out = append(out, PathArg{Word: Word{Text: t[len(o):], Literal: w.Literal}, Write: true})
				matched = true
			}
			if matched {
				break
			}
		}
		if !matched {
			rest = append(rest, w)
		}
	}
	return guessPaths(out, rest)
}

// cdPaths: cd reads the directory it enters. One the analysis cannot
// follow the commands after it to (a glob, a brace list, a variable: see
// homeTarget) is also where they write by names of their own (cd
// .g*/hooks && curl -O URL): Reach. Those it follows, protectedDir checks.
func cdPaths(out []PathArg, c SimpleCommand) []PathArg {
	from := len(out)
	out = catSpec.paths(out, c.Args()[1:])
	for i := from; i < len(out); i++ {
		_, followed := homeTarget(out[i].Word)
		out[i].Reach = !out[i].Word.Literal && !followed
	}
	return out
}

func chmodPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if ref, ok := optArg(args, 0, "--reference"); ok {
		out = append(out, PathArg{Word: ref})
		for _, w := range modeOperands(c) {
			out = append(out, PathArg{Word: w, Write: true})
		}
		return out
	}
	ops := modeOperands(c)
	for i, w := range ops {
		if i > 0 {
			out = append(out, PathArg{Word: w, Write: true})
		}
	}
	return out
}

func sedPaths(out []PathArg, c SimpleCommand) []PathArg {
	a := parseSed(c.Args()[1:])
	for _, f := range a.scriptFiles {
		out = append(out, PathArg{Word: f})
	}
	for _, w := range a.files {
		out = append(out, PathArg{Word: w, Write: a.inPlace})
	}
	// The files its scripts name: sed '1r ~/.ssh/id_rsa', sed -n 'w FILE'.
	for _, sc := range a.scripts {
		scanSed(sedText(sc), func(name string, write bool) {
			out = append(out, PathArg{Word: Word{Text: name, Literal: sc.Literal}, Write: write})
		})
	}
	return out
}

func ddPaths(out []PathArg, c SimpleCommand) []PathArg {
	for _, w := range c.Args()[1:] {
		if v, ok := strings.CutPrefix(w.Text, "if="); ok {
			out = append(out, PathArg{Word: Word{Text: v, Literal: w.Literal}})
		}
		if v, ok := strings.CutPrefix(w.Text, "of="); ok {
			out = append(out, PathArg{Word: Word{Text: v, Literal: w.Literal}, Write: true})
		}
	}
	return out
}

// dpkgDebPaths: dpkg-deb -x/-X/-R DEB DIR (--extract, --vextract,
// --raw-extract) and -e DEB DIR (--control) write DIR; -b/--build DIR
// [DEB] writes DEB; the rest read.
func dpkgDebPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	writes := hasOpt(args, "xXRbe", "--extract", "--vextract", "--raw-extract", "--build", "--control")
	ops := splitOps(args, "zZS")
	for i, w := range ops {
		out = append(out, PathArg{Word: w, Write: writes && i == 1})
	}
	return out
}

// sevenZipPaths: 7z's -oDIR (attached, either case) is where x and e
// extract; a command's archive is read or, for a, u, d and rn, written,
// and with -sdel the files added are deleted; files after it are read.
// Commands and switches are taken in either case.
func sevenZipPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	var ops []Word
	var dir *Word
	sdel := false
	for _, w := range args {
		lower := strings.ToLower(w.Text)
		switch {
		case strings.HasPrefix(lower, "-o") && len(lower) > 2:
			dir = &Word{Text: w.Text[2:], Literal: w.Literal}
		case lower == "-sdel":
			sdel = true
		case w.Literal && strings.HasPrefix(lower, "-"):
		default:
			ops = append(ops, w)
		}
	}
	// x and e extract below -o DIR (else the working directory) what the
	// archive holds, with all it holds.
	if len(ops) > 0 && (!ops[0].Literal || slices.Contains([]string{"x", "e"}, strings.ToLower(ops[0].Text))) {
		out = append(out, extractedTo(dir))
	} else if dir != nil {
		out = append(out, PathArg{Word: *dir, Write: true})
	}
	writes := len(ops) > 0 && (!ops[0].Literal || slices.Contains([]string{"a", "u", "d", "rn"}, strings.ToLower(ops[0].Text)))
	for i, w := range ops {
		if i == 0 {
			continue // the command letter
		}
		out = append(out, PathArg{Word: w, Write: writes && i == 1 || sdel && i > 1})
	}
	return out
}

// formatter says how a formatter or fixer rewrites its operands: only with
// one of the options write (prettier --write), or always but with one of
// check (black --check); sub, when set, is the subcommand that formats
// (ruff format, terraform fmt), and fix the options that make another
// subcommand rewrite too (ruff check --fix). dir: it formats the working
// directory when given no operand.
type formatter struct {
	write, check, fix []string
	sub               []string
	dir               bool
}

// formatters are formatterPaths' programs. Each rewrites in place the
// files it is given, and every file below a directory it is given: an
// Edit deny rule on infra/** must stop `black infra` as it stops
// `sed -i … infra/main.tf`.
func formatterOf(n string) (formatter, bool) {
	switch n {
	case "prettier", "biome":
		return formatter{write: []string{"--write", "-w", "--fix", "--apply", "--apply-unsafe"}}, true
	case "gofmt", "goimports", "shfmt":
		return formatter{write: []string{"-w", "--write"}}, true
	case "clang-format":
		return formatter{write: []string{"-i"}}, true
	case "autopep8":
		return formatter{write: []string{"-i", "--in-place"}}, true
	case "black", "isort":
		return formatter{check: []string{"--check", "--check-only", "-c", "--diff"}}, true
	case "rustfmt", "stylua":
		return formatter{check: []string{"--check", "-c"}}, true
	case "dos2unix", "unix2dos":
		return formatter{check: []string{"-i", "--info"}}, true
	case "ruff":
		return formatter{sub: []string{"format"}, check: []string{"--check", "--diff"}, fix: []string{"--fix", "--fix-only", "--unsafe-fixes"}, dir: true}, true
	case "deno":
		// deno fmt, deno lint --fix (interpreterPaths sends them here).
		return formatter{sub: []string{"fmt"}, check: []string{"--check"}, fix: []string{"--fix"}, dir: true}, true
	case "eslint":
		return formatter{write: []string{"--fix"}}, true
	case "yq", "sops":
		// yq -i EXPR FILE: the expression is taken for a path too.
		return formatter{write: []string{"-i", "--inplace", "--in-place"}}, true
	case "terraform", "tofu":
		return formatter{sub: []string{"fmt"}, check: []string{"-check", "--check", "-write=false", "--write=false"}, dir: true}, true
	}
	return formatter{}, false
}

// formatterPaths: a formatter's operands are rewritten, with all a
// directory holds, where it writes (formatterOf); otherwise read. Option
// values are taken for operands too, which errs on the side of a write.
func formatterPaths(out []PathArg, c SimpleCommand) []PathArg {
	f, _ := formatterOf(strings.ToLower(c.Name()))
	args := c.Args()[1:]
	has := func(opts []string) bool {
		return slices.ContainsFunc(args, func(w Word) bool {
			n, _, _ := strings.Cut(w.Text, "=")
			return w.Literal && (slices.Contains(opts, w.Text) || slices.Contains(opts, n))
		})
	}
	// writing is has for the options that write, also spelt as the
	// programs' parsers take them: a letter after two dashes (Go's flag
	// package and LLVM's read gofmt --w, clang-format --i), in a cluster
	// (argparse's autopep8 -ia, yq -Pi), or a long option abbreviated
	// (autopep8 --in-pl). Taking a spelling one program refuses for a
	// write only asks more.
	writing := func(opts []string) bool {
		return has(opts) || slices.ContainsFunc(args, func(w Word) bool {
			t, opt := optionText(w)
			if !opt {
				return false
			}
			n, _, _ := strings.Cut(t, "=")
			if abbrevOf(n, opts) != "" {
				return true
			}
			letters := t[1:knownLetters(w, t)]
			cluster := shortCluster(t) && strings.Trim(letters, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
			return slices.ContainsFunc(opts, func(o string) bool {
				short := len(o) == 2 && o[0] == '-'
				return short && (n == "-"+o || cluster && strings.Contains(letters, o[1:]))
			})
		})
	}
	var ops []Word
	for _, w := range args {
		if !(w.Literal && strings.HasPrefix(w.Text, "-") && w.Text != "-") {
			ops = append(ops, w)
		}
	}
	writes := len(f.write) > 0 && writing(f.write) || len(f.write) == 0 && !has(f.check)
	if len(f.sub) > 0 {
		// The subcommand is the first operand: it writes when it formats
		// (without a check option), or fixes.
		if len(ops) == 0 || !ops[0].Literal {
			return guessPaths(out, ops)
		}
		formats := slices.Contains(f.sub, ops[0].Text)
		writes = formats && !has(f.check) || len(f.fix) > 0 && writing(f.fix)
		ops = ops[1:]
	}
	if !writes {
		return guessPaths(out, ops)
	}
	if len(ops) == 0 && f.dir {
		ops = []Word{{Text: ".", Literal: true}}
	}
	for _, w := range ops {
		out = append(out, PathArg{Word: w, Write: true, Tree: true})
	}
	return out
}

// outputPaths: iconv's, gpg's, age's, shuf's, pandoc's and xsltproc's -o
// FILE (-oFILE, --output FILE, --output=FILE) is written; every other
// argument that looks like a path is read.
func outputPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	for i, w := range args {
		// -ao FILE, -zoFILE: flags bundled before -o, which takes the
		// rest of the cluster or the next word.
		if k := strings.IndexByte(w.Text, 'o'); w.Literal && shortCluster(w.Text) && k > 1 && isLetters(w.Text[1:k]) {
			args = slices.Clone(args)
			args[i] = Word{Text: "-" + w.Text[k:], Literal: true}
		}
	}
	return outputOption(out, args, []string{"-o", "--output"}, true)
}

// isLetters reports whether t is made of ASCII letters only.
func isLetters(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// extractedTo is the directory an extraction writes below, dir or else
// the working directory: written with all it holds, and filled with
// names the archive chooses.
func extractedTo(dir *Word) PathArg {
	d := Word{Text: ".", Literal: true}
	if dir != nil {
		d = *dir
	}
	return PathArg{Word: d, Write: true, Tree: true, Fills: true}
}

// cpioPaths: cpio -i extracts what the archive holds below -D DIR (else
// the working directory), and -p copies the files it is given below its
// operand, the same way; -o writes the archive -F or -O names. The
// archive read (-F, -I) and a pattern file (-E) are read. Listing (-t)
// and extracting to standard output write nothing.
func cpioPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	var mode byte
	list := false
	var dir, archive *Word
	var ops []Word
	set := func(opt byte, v Word) {
		switch opt {
		case 'D':
			dir = &v
		case 'F', 'O', 'I':
			archive = &v
		case 'E':
			out = append(out, PathArg{Word: v})
		}
	}
	long := []string{"--extract", "--create", "--pass-through", "--list", "--to-stdout", "--directory", "--file",
		"--pattern-file", "--format", "--owner", "--message", "--io-size", "--block-size", "--rsh-command"}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w) // -D"$x", --directory=$x: options all the same
		switch {
		case !opt:
			ops = append(ops, w)
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			o := abbrevOf(n, long)
			switch o {
			case "--extract", "--create", "--pass-through":
				mode = map[string]byte{"--extract": 'i', "--create": 'o', "--pass-through": 'p'}[o]
			case "--list", "--to-stdout":
				list = true
			case "", "--block-size":
				// a flag, or a value only after "="
			default:
				val := Word{Text: v, Literal: w.Literal}
				if !eq && i+1 < len(args) {
					i++
					val = args[i]
				}
				set(map[string]byte{"--directory": 'D', "--file": 'F', "--pattern-file": 'E'}[o], val)
			}
		default:
			// A cluster (-idmD DIR): a letter that takes a value takes
			// the rest of the word, or the next one.
			for k := 1; k < len(t); k++ {
				if k == knownLetters(w, t) {
					// -i$y: the rest is only known at run time, and may
					// be D with the directory.
					set('D', w)
					break
				}
				ch := t[k]
				switch {
				case ch == 'i' || ch == 'o' || ch == 'p':
					mode = ch
				case ch == 't':
					list = true
				}
				if strings.IndexByte("DFOIEHRMC", ch) < 0 {
					continue
				}
				v := Word{Text: t[k+1:], Literal: w.Literal}
				if v.Text == "" && i+1 < len(args) {
					i++
					v = args[i]
				}
				set(ch, v)
				break
			}
		}
	}
	if archive != nil {
		out = append(out, PathArg{Word: *archive, Write: mode == 'o'})
	}
	switch {
	case mode == 'i' && !list:
		out = append(out, extractedTo(dir))
		return guessPaths(out, ops) // the patterns
	case mode == 'p' && len(ops) > 0:
		// The names it copies come from its input: pipedArgs adds those
		// written on the line after the directory. Each is read where it
		// is and written at DIR/NAME, a ../ or a leading / in it included
		// (echo ../../x | cpio -p out writes out/../../x).
		out = append(out, extractedTo(&ops[0]))
		for _, w := range ops[1:] {
			to := Word{Text: strings.TrimSuffix(ops[0].Text, "/") + "/" + w.Text, Literal: ops[0].Literal && w.Literal}
			out = append(out, PathArg{Word: to, Write: true})
		}
		return guessPaths(out, ops[1:])
	}
	return guessPaths(out, ops)
}

// unrarPaths: unrar x and e extract what the archive (the first operand)
// holds below the destination, an operand that ends with a slash (else
// the working directory), with all it holds; the other operands name
// members. Every other command reads.
func unrarPaths(out []PathArg, c SimpleCommand) []PathArg {
	var ops []Word
	for _, w := range c.Args()[1:] {
		if !(w.Literal && strings.HasPrefix(w.Text, "-")) {
			ops = append(ops, w)
		}
	}
	if len(ops) < 2 {
		return guessPaths(out, ops)
	}
	if !ops[0].Literal || !slices.Contains([]string{"x", "e"}, strings.ToLower(ops[0].Text)) {
		return guessPaths(out, ops[1:])
	}
	out = append(out, PathArg{Word: ops[1]})
	var dir *Word
	if last := ops[len(ops)-1]; len(ops) > 2 && (!last.Literal || strings.HasSuffix(last.Text, "/")) {
		dir = &last
	}
	return append(out, extractedTo(dir))
}

// arPaths: ar x extracts the archive's members into the working
// directory (GNU ar's --output DIR elsewhere), with names the archive
// chooses; r, q, d and m change the archive, which follows the
// operation (and a position member of a, b, i). The rest reads.
func arPaths(out []PathArg, c SimpleCommand) []PathArg {
	var ops []Word
	var dir *Word
	args := c.Args()[1:]
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		switch {
		case w.Literal && (t == "--output" || t == "--plugin" || t == "--target") && i+1 < len(args):
			i++
			if t == "--output" {
				dir = &args[i]
			}
		case w.Literal && strings.HasPrefix(t, "--output="):
			dir = &Word{Text: t[len("--output="):], Literal: true}
		case w.Literal && strings.HasPrefix(t, "--"):
		case len(ops) == 0 || !(w.Literal && strings.HasPrefix(t, "-")):
			ops = append(ops, w)
		}
	}
	if len(ops) < 2 {
		return guessPaths(out, ops)
	}
	key := strings.TrimPrefix(ops[0].Text, "-")
	archive := 1
	if strings.ContainsAny(key, "abi") && len(ops) > 2 {
		archive = 2 // the position member comes first
	}
	switch {
	case !ops[0].Literal:
		return guessPaths(out, ops)
	case strings.ContainsRune(key, 'x'):
		out = append(out, PathArg{Word: ops[archive]}, extractedTo(dir))
	case strings.ContainsAny(key, "rqdms"):
		out = append(out, PathArg{Word: ops[archive], Write: true})
	default:
		out = append(out, PathArg{Word: ops[archive]})
	}
	return guessPaths(out, ops[archive+1:])
}

// cmakePaths: cmake -E's file commands write what they make, copy to,
// rename or remove (rm, remove, remove_directory, make_directory, touch:
// every operand; copy and kin, rename, create_symlink and
// create_hardlink: the last), and read the rest, or reach it through the
// link they make.
func cmakePaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if len(args) < 2 || !args[0].Literal || args[0].Text != "-E" || !args[1].Literal {
		// -B DIR (or -BDIR) is the build tree cmake writes, --install's
		// --prefix the tree it installs to.
		for i, w := range args {
			switch {
			case !w.Literal:
			case (w.Text == "-B" || w.Text == "--prefix") && i+1 < len(args):
				out = append(out, PathArg{Word: args[i+1], Write: true})
			case len(w.Text) > 2 && strings.HasPrefix(w.Text, "-B"):
				out = append(out, PathArg{Word: Word{Text: w.Text[2:], Literal: true}, Write: true})
			case strings.HasPrefix(w.Text, "--prefix="):
				out = append(out, PathArg{Word: Word{Text: strings.TrimPrefix(w.Text, "--prefix="), Literal: true}, Write: true})
			}
		}
		return guessPaths(out, args)
	}
	var ops []Word
	for _, w := range args[2:] {
		if !(w.Literal && strings.HasPrefix(w.Text, "-")) {
			ops = append(ops, w)
		}
	}
	all := slices.Contains([]string{"rm", "remove", "remove_directory", "make_directory", "touch", "touch_nocreate"}, args[1].Text)
	last := slices.Contains([]string{"copy", "copy_directory", "copy_directory_if_different", "copy_if_different", "copy_if_newer",
		"copy_directory_if_newer", "rename", "create_symlink", "create_hardlink"}, args[1].Text)
	// create_symlink's and create_hardlink's target is reached through
	// the link, as ln's is.
	link := args[1].Text == "create_symlink" || args[1].Text == "create_hardlink"
	for i, w := range ops {
		out = append(out, PathArg{Word: w, Write: all || last && i == len(ops)-1, Reach: link && i == 0 && len(ops) > 1})
	}
	return out
}

// tarPaths: -f names the archive (written by -c/-r/-u/-A, else read); -C
// the directory extracted to; the operands are the members added (read,
// and removed by --remove-files) or extracted (written). GNU tar applies each -C to the operands after
// it: they are taken in that directory (`tar -C /x -cf - sec` reads
// /x/sec), and in the last one too, where an extraction writes.
func tarPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := append([]Word(nil), c.Args()[1:]...)
	// Old style: the first word is a cluster without a dash (tar xzf a.tgz),
	// whose letters that take an argument take the next words in turn
	// (tar xfC a.tar DIR: f a.tar, C DIR).
	if len(args) > 0 && args[0].Literal && args[0].Text != "" && args[0].Text[0] != '-' &&
		strings.Trim(args[0].Text, "AcdrtuxzjJvfpkmoOwBCGhilnMPsSWZUa") == "" {
		rest := args[1:]
		var opts []Word
		for _, ch := range args[0].Text {
			opts = append(opts, Word{Text: "-" + string(ch), Literal: true})
			if strings.ContainsRune("fCbTXKNgLVH", ch) && len(rest) > 0 {
				opts, rest = append(opts, rest[0]), rest[1:]
			}
		}
		args = append(opts, rest...)
	}
	type operand struct {
		w   Word
		dir int // index in dirs of the -C before it, -1 for none
	}
	// remove: --remove-files deletes what it archives, with all it holds.
	create, extract, remove := false, false, false
	var ops []operand
	var dirs []Word
	var archive *Word
	addOps := func(ws []Word) {
		for _, w := range ws {
			ops = append(ops, operand{w, len(dirs) - 1})
		}
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w)
		switch {
		case !opt:
			addOps(args[i : i+1])
		case t == "--":
			addOps(args[i+1:])
			i = len(args)
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			// tar (argp) takes abbreviations: --dir=D is --directory=D.
			if l := abbrevOf(n, []string{"--create", "--append", "--update", "--concatenate", "--file", "--directory", "--extract", "--get", "--one-top-level", "--remove-files"}); l != "" {
				n = l
			}
			switch n {
			case "--create", "--append", "--update", "--concatenate":
				create = true
			case "--remove-files":
				remove = true
			case "--extract", "--get":
				extract = true
			case "--one-top-level":
				// Extracts below DIR (=DIR only; bare, a name of the
				// archive's, in the working directory).
				if eq {
					dirs = append(dirs, Word{Text: v, Literal: w.Literal})
				}
			case "--file", "--directory":
				arg := Word{Text: v, Literal: w.Literal}
				if !eq && i+1 < len(args) {
					arg = args[i+1]
					i++
				}
				if n == "--file" {
					archive = &arg
				} else {
					dirs = append(dirs, arg)
				}
			}
		default:
			for k := 1; k < len(t); k++ {
				if k == knownLetters(w, t) {
					addOps(args[i : i+1]) // -x$y: as pathSpec.paths takes it
					break
				}
				ch := t[k]
				if strings.IndexByte("cruA", ch) >= 0 {
					create = true
				}
				extract = extract || ch == 'x'

				if ch == 'f' || ch == 'C' || ch == 'b' || ch == 'T' || ch == 'X' || ch == 'K' || ch == 'N' || ch == 'g' || ch == 'L' || ch == 'V' || ch == 'H' {
					arg, ok := Word{Text: t[k+1:], Literal: w.Literal}, k+1 < len(t)
					if !ok && i+1 < len(args) {
						arg, ok = args[i+1], true
						i++
					}
					if ok {
						switch ch {
						case 'f':
							archive = &arg
						case 'C':
							dirs = append(dirs, arg)
						case 'T', 'X':
							out = append(out, PathArg{Word: arg})
						}
					}
					break
				}
			}
		}
	}
	if archive != nil {
		out = append(out, PathArg{Word: *archive, Write: create})
	}
	// An extraction writes what the archive holds below where it
	// extracts: with all it holds (a member named .git/hooks/x lands
	// there).
	extract = extract && !create
	for _, d := range dirs {
		out = append(out, PathArg{Word: d, Write: !create, Tree: extract, Fills: extract})
	}
	if extract && len(dirs) == 0 && len(ops) == 0 {
		out = append(out, PathArg{Word: Word{Text: ".", Literal: true}, Write: true, Tree: true, Fills: true})
	}
	for _, o := range ops {
		at := []int{o.dir}
		if last := len(dirs) - 1; last != o.dir {
			at = append(at, last)
		}
		for _, d := range at {
			w := o.w
			if d >= 0 {
				w = underDir(dirs[d], w)
			}
			out = append(out, PathArg{Word: w, Write: !create || remove, Tree: create})
		}
	}
	return out
}

// underDir returns the path w names when taken in directory dir: w when
// absolute or in the home directory (~/x, "$HOME"/x: go -C sub build -o
// ~/go/bin/x writes there, not in sub/~), dir/w otherwise.
func underDir(dir, w Word) Word {
	if t := looseText(w.Text); strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") ||
		strings.HasPrefix(t, "$HOME") && (len(t) == 5 || !isNameByte(t[5])) || strings.HasPrefix(t, "${HOME}") {
		return w
	}
	return Word{Text: strings.TrimSuffix(dir.Text, "/") + "/" + w.Text, Literal: dir.Literal && w.Literal}
}

// opensslReads and opensslWrites are openssl's options naming a file read
// or written, whatever the subcommand.
var (
	opensslReads = []string{"-in", "-key", "-inkey", "-CA", "-CAkey", "-CAfile", "-config", "-signkey", "-extfile",
		"-certfile", "-sigfile", "-kfile", "-keyfile", "-cert", "-peerkey", "-infiles", "-untrusted"}
	opensslWrites = []string{"-out", "-keyout", "-certout", "-outdir", "-CAserial", "-msgfile", "-signature", "-reqout", "-rspout"}
)

// opensslPaths: -out FILE and its kin are written, -in FILE and its kin
// read; other words are guessed as for an unknown command.
func opensslPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	var rest []Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		read, write := slices.Contains(opensslReads, w.Text), slices.Contains(opensslWrites, w.Text)
		if !w.Literal || !(read || write) || i+1 >= len(args) {
			rest = append(rest, w)
			continue
		}
		out = append(out, PathArg{Word: args[i+1], Write: write})
		i++
	}
	return guessPaths(out, rest)
}

func zipPaths(out []PathArg, c SimpleCommand) []PathArg {
	ops := splitOps(c.Args()[1:], "bnPtxi")
	tree := hasOpt(c.Args()[1:], "rR", "--recurse-paths", "--recurse-patterns")
	move := hasOpt(c.Args()[1:], "m", "--move") // deletes what it archives
	for i, w := range ops {
		out = append(out, PathArg{Word: w, Write: i == 0 || move, Tree: tree && i > 0})
	}
	return out
}

// jqPaths: the first operand is the filter unless -f/--from-file gives
// it; --slurpfile and --rawfile read a file; after --args the operands
// are not files.
func jqPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	filterGiven := false
	var ops []Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal || len(t) < 2 || t[0] != '-' {
			ops = append(ops, w)
			continue
		}
		switch t {
		case "--args", "--jsonargs":
			i = len(args)
		case "-f", "--from-file":
			filterGiven = true
			if i+1 < len(args) {
				out = append(out, PathArg{Word: args[i+1]})
				i++
			}
		case "--arg", "--argjson":
			i += 2
		case "--slurpfile", "--rawfile":
			if i+2 < len(args) {
				out = append(out, PathArg{Word: args[i+2]})
			}
			i += 2
		case "--indent", "-L":
			i++
		}
	}
	if !filterGiven && len(ops) > 0 {
		ops = ops[1:]
	}
	for _, w := range ops {
		out = append(out, PathArg{Word: w})
	}
	return out
}

// findPaths: the start paths are read; -fprint* and -fls write a file;
// -newer and its kin read one.
func findPaths(out []PathArg, c SimpleCommand) []PathArg {
	starts, expr := findStarts(c.Args()[1:])
	// What -exec and kin run is handed every file found, to read; what
	// -delete or an -exec rm matches is removed (a tree written).
	tree := slices.ContainsFunc(expr, func(w Word) bool {
		return w.Literal && slices.Contains([]string{"-exec", "-execdir", "-ok", "-okdir"}, w.Text)
	})
	for _, s := range starts {
		out = append(out, PathArg{Word: s, Tree: tree})
	}
	if findDeletes(expr) {
		// What it deletes lies anywhere below each start (a -name test
		// narrows it, but edit rules are not matched against names).
		for _, s := range starts {
			out = append(out, PathArg{Word: s, Write: true, Tree: true})
		}
	}
	for i := 0; i+1 < len(expr); i++ {
		switch expr[i].Text {
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			out = append(out, PathArg{Word: expr[i+1], Write: true})
		case "-newer", "-anewer", "-cnewer", "-samefile":
			out = append(out, PathArg{Word: expr[i+1]})
		}
	}
	return out
}

// nodeWrites are node's options whose value names a directory it writes
// files in (profiles, heap snapshots, diagnostic reports) or a file it
// writes (--redirect-warnings).
var nodeWrites = []string{"--cpu-prof-dir", "--heap-prof-dir", "--diagnostic-dir", "--report-directory",
	"--report-dir", "--redirect-warnings"}

// interpreterPaths: the script an interpreter runs is read (none with -c,
// -e or -m); the script's own arguments are guessed like an unknown
// command's. node's and bun's --env-file (and node's
// --env-file-if-exists) read the file they name, the next word or after
// "=".
func interpreterPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	n := strings.ToLower(c.Name())
	if strings.HasPrefix(n, "python") {
		out = installDirs(out, c) // python -m pip install --user
	}
	if n == "deno" && len(args) > 0 && args[0].Literal && (args[0].Text == "fmt" || args[0].Text == "lint") {
		// deno fmt and deno lint --fix rewrite their operands.
		return formatterPaths(out, c)
	}
	if len(args) > 0 && args[0].Literal && (n == "deno" || n == "bun") {
		out = installDirs(out, c)
		if p, ok := buildOutputs(out, n, args[0].Text, args[1:]); ok {
			return p
		}
	}
	if n == "source" || n == "." {
		if len(args) > 0 {
			out = append(out, PathArg{Word: args[0]})
			return guessPaths(out, args[1:])
		}
		return out
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal || len(t) < 2 || t[0] != '-' && t[0] != '+' {
			out = append(out, PathArg{Word: w})
			return guessPaths(out, args[i+1:])
		}
		switch {
		case t == "--":
			if i+1 < len(args) {
				out = append(out, PathArg{Word: args[i+1]})
				return guessPaths(out, args[i+2:])
			}
			return out
		case t == "-c" || t == "-e" || t == "-E" || t == "-m" || t == "-r" || t == "--eval" || t == "--command" ||
			isShell(n) && t[0] == '-' && !strings.HasPrefix(t, "--") && strings.Contains(t, "c"):
			// The program (or module) is the next word, after the values
			// of a shell's o's (-co errexit CMD); what follows are its
			// arguments.
			if isShell(n) {
				i += shellOptionValues(t)
			}
			if t == "-m" && i+1 < len(args) && args[i+1].Literal {
				if p, ok := pythonModulePaths(out, args[i+1].Text, args[i+2:]); ok {
					return p
				}
			}
			from := len(out)
			out = guessPaths(out, args[min(i+2, len(args)):])
			if t == "-m" {
				// A module run as a program (python -m venv DIR, -m
				// zipfile -e A DIR) does with its arguments what the
				// engine does not know, as an unknown program does.
				for k := from; k < len(out); k++ {
					out[k].Unknown = true
				}
			}
			return out
		case (n == "node" || n == "nodejs") && slices.Contains(nodeWrites, strings.SplitN(t, "=", 2)[0]):
			// Where node writes its profiles, reports and warnings.
			_, v, eq := strings.Cut(t, "=")
			val := Word{Text: v, Literal: true}
			if !eq && i+1 < len(args) {
				i++
				val = args[i]
			}
			if val.Text != "" {
				out = append(out, PathArg{Word: val, Write: true})
			}
		case strings.HasPrefix(t, "--env-file=") || strings.HasPrefix(t, "--env-file-if-exists="):
			_, v, _ := strings.Cut(t, "=")
			out = append(out, PathArg{Word: Word{Text: v, Literal: true}})
		case (t == "--env-file" || t == "--env-file-if-exists") && i+1 < len(args):
			i++
			out = append(out, PathArg{Word: args[i]})
		case isShell(n) && shellOptionValues(t) > 1:
			i += shellOptionValues(t) - 1 // -euoo a b: the last one below
			fallthrough
		case isShell(n) && shellOptionValues(t) > 0,
			t == "-o" || t == "+o" || t == "-O" || t == "+O" || t == "-W" || t == "-X" || t == "-I" || t == "--rcfile" || t == "--init-file":
			if (t == "--rcfile" || t == "--init-file") && i+1 < len(args) {
				out = append(out, PathArg{Word: args[i+1]})
			}
			i++
		}
	}
	return out
}

// pythonModulePaths: what the standard library's modules run as
// programs (python -m MOD ARGS) write: zipfile's and tarfile's archive
// (-c) and the directory they extract to (-e), json.tool's second
// operand, cProfile's and profile's -o, trace's --file and --coverdir,
// the files and directories compileall and py_compile compile (their
// __pycache__ beside them), the files gzip compresses or decompresses
// (beside them) and the directory venv makes; their other operands are
// read. ok is false for another module.
func pythonModulePaths(out []PathArg, mod string, args []Word) ([]PathArg, bool) {
	var writeOpts, valueOpts []string           // options whose value is written; that take one
	operands := func(int) bool { return false } // whether operand k is written
	switch mod {
	case "zipfile", "tarfile":
		// -e ARCHIVE DIR, -c ARCHIVE FILE…, -l and -t ARCHIVE.
		create := slices.ContainsFunc(args, func(w Word) bool { return w.Text == "-c" || w.Text == "--create" })
		extract := slices.ContainsFunc(args, func(w Word) bool { return w.Text == "-e" || w.Text == "--extract" })
		operands = func(k int) bool { return create && k == 0 || extract && k == 1 }
		if !extract && !create {
			operands = func(int) bool { return false }
		}
		valueOpts = []string{"--filter"}
	case "json.tool":
		operands = func(k int) bool { return k == 1 }
		valueOpts = []string{"--indent"}
	case "cProfile", "profile":
		writeOpts, valueOpts = []string{"-o", "--outfile"}, []string{"-s", "--sort"}
	case "trace":
		writeOpts, valueOpts = []string{"-f", "--file", "-C", "--coverdir"}, []string{"--ignore-module", "--ignore-dir"}
	case "compileall":
		operands = func(int) bool { return true }
		valueOpts = []string{"-r", "-x", "-i", "-d", "-s", "-p", "-o", "-j", "-e", "--invalidation-mode"}
	case "py_compile", "gzip", "venv":
		operands = func(int) bool { return true }
		valueOpts = []string{"--prompt"}
	default:
		return out, false
	}
	operand := func(w Word, k int) PathArg {
		// An extraction's directory and a venv get new files anywhere below.
		fills := operands(k) && (mod == "venv" || mod == "zipfile" || mod == "tarfile")
		return PathArg{Word: w, Write: operands(k), Tree: fills, Fills: fills}
	}
	k := 0
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		name, _, eq := strings.Cut(t, "=")
		switch {
		case (!w.Literal || !strings.HasPrefix(t, "-")) && (mod == "cProfile" || mod == "profile" || mod == "trace"):
			// The script (or -m's module), whose arguments follow:
			// what it does with them is not known.
			out = append(out, PathArg{Word: w})
			from := len(out)
			out = guessPaths(out, args[i+1:])
			for k := from; k < len(out); k++ {
				out[k].Unknown = true
			}
			return out, true
		case !w.Literal || t == "-" || !strings.HasPrefix(t, "-"):
			out = append(out, operand(w, k))
			k++
		case t == "--":
			for _, w := range args[i+1:] {
				out = append(out, operand(w, k))
				k++
			}
			return out, true
		case slices.Contains(writeOpts, name):
			if eq {
				_, v, _ := strings.Cut(t, "=")
				out = append(out, PathArg{Word: Word{Text: v, Literal: true}, Write: true})
			} else if i+1 < len(args) {
				i++
				out = append(out, PathArg{Word: args[i], Write: true})
			}
		case len(t) > 2 && t[1] != '-' && slices.Contains(writeOpts, t[:2]):
			out = append(out, PathArg{Word: Word{Text: t[2:], Literal: true}, Write: true}) // -oFILE
		case slices.Contains(valueOpts, name) && !eq:
			i++
		}
	}
	return out, true
}

// buildOutputs: what deno's and bun's subcommands that build or install
// write. deno compile's -o FILE (an executable), vendor's, doc's and
// coverage's --output; deno install's --root DIR, whose bin directory
// gets the commands it installs (without, ~/.deno/bin, which a rule may
// only name); bun build's --outfile FILE and --outdir DIR. ok is false
// for the other subcommands, which run a script.
func buildOutputs(out []PathArg, n, sub string, args []Word) ([]PathArg, bool) {
	switch {
	case n == "deno" && (sub == "compile" || sub == "vendor" || sub == "doc" || sub == "coverage"):
		return outputOption(out, args, []string{"-o", "--output"}, false), true
	case n == "deno" && sub == "install":
		from := len(out)
		out = outputOption(out, args, []string{"--root"}, false)
		for i := from; i < len(out); i++ {
			if out[i].Write {
				out[i] = PathArg{Word: underDir(out[i].Word, Word{Text: "bin", Literal: true}), Write: true, Tree: true, Fills: true}
			}
		}
		return out, true
	case n == "bun" && sub == "build":
		from := len(out)
		out = outputOption(out, args, []string{"--outfile", "--outdir"}, false)
		for i := from; i < len(out); i++ {
			w := out[i].Word
			if out[i].Write && !strings.HasSuffix(w.Text, ".js") && !strings.HasSuffix(w.Text, ".mjs") && !strings.HasSuffix(w.Text, ".cjs") {
				// (An --outdir's tree, or an --outfile's executable.)
				out[i].Tree, out[i].Fills = true, true
			}
		}
		return out, true
	}
	return out, false
}

// curlArgs says what the argument of each curl option that takes one is:
// 'w' a file written, 'r' a file read, 'd' data that may name a file
// (@file, name=@file), 'b' a cookie string or a cookie file, 0 anything
// else; 'h' a header, or a file of them (@file).
var (
	curlShort = lazy[map[byte]byte]{build: func() map[byte]byte {
		return map[byte]byte{
			'o': 'w', 'c': 'w', 'D': 'w', 'T': 'r', 'K': 'r', 'E': 'r', 'd': 'd', 'F': 'd', 'b': 'b',
			'A': 0, 'C': 0, 'e': 0, 'H': 'h', 'm': 0, 'P': 0, 'Q': 0, 'r': 0, 'u': 0, 'U': 0, 'w': 'W',
			'x': 0, 'X': 0, 'y': 0, 'Y': 0, 'z': 0,
		}
	}}
	curlLong = lazy[map[string]byte]{build: func() map[string]byte {
		return map[string]byte{
			"--output": 'w', "--cookie-jar": 'w', "--dump-header": 'w', "--trace": 'w', "--trace-ascii": 'w',
			"--stderr": 'w', "--output-dir": 'w', "--upload-file": 'r', "--config": 'r', "--cert": 'r',
			"--cacert": 'r', "--key": 'r', "--netrc-file": 'r', "--data": 'd', "--data-binary": 'd',
			"--data-ascii": 'd', "--data-urlencode": 'd', "--json": 'd', "--form": 'd', "--cookie": 'b',
			"--header": 'h', "--proxy-header": 'h', "--variable": 'd', "--url-query": 'd', "--request": 0, "--user": 0, "--user-agent": 0, "--referer": 0, "--max-time": 0,
			"--proxy": 0, "--write-out": 'W', "--range": 0, "--url": 'u', "--connect-timeout": 0, "--retry": 0,
			"--resolve": 0, "--connect-to": 0,
			// Caches curl reads and rewrites, and the C program --libcurl
			// writes.
			"--etag-save": 'w', "--etag-compare": 'r', "--hsts": 'w', "--alt-svc": 'w', "--libcurl": 'w',
		}
	}}
)

// curlAbbrev returns what an abbreviated curl option (curl before 8 takes
// an unambiguous prefix: --out FILE is --output FILE) does with its
// argument, when it abbreviates options that name files only: a prefix
// of an option merely taking a value may be a flag of curl's own (--head,
// not --header), whose next word is no argument.
func curlAbbrev(n string) (byte, bool) {
	if len(n) < 3 {
		return 0, false
	}
	kind, found := byte(0), false
	for l, k := range curlLong.get() {
		if !strings.HasPrefix(l, n) {
			continue
		}
		if k == 0 || k == 'h' {
			return 0, false
		}
		// The strictest of several: a file written, then read.
		if !found || k == 'w' || k == 'r' && kind != 'w' {
			kind, found = k, true
		}
	}
	return kind, found
}

// curlPaths: files curl writes (-o, -c, -D, --trace) or sends (-T, -d
// @file, -F name=@file, -K).
func curlPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	// -O and kin name the file after the URL's last part, -J after what
	// the server says.
	remote := hasOpt(args, "O") || hasLong(args, "--remote-name", "--remote-name-all")
	// -J: the server names the file; -K: a configuration file, which may
	// name any (output = …).
	if hasOpt(args, "JK") || hasLong(args, "--remote-header-name", "--config") {
		out = append(out, PathArg{Word: Word{Text: "*"}, Write: true})
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w)
		if !opt {
			out = fileURLPath(out, w)
			if remote {
				out = curlRemoteName(out, w)
			}
			continue
		}
		var kind byte
		var arg Word
		has := false
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			k, ok := curlLong.get()[n]
			if !ok {
				k, ok = curlAbbrev(n)
			}
			if !ok {
				continue
			}
			kind = k
			if eq {
				arg, has = Word{Text: v, Literal: w.Literal}, true
			} else if i+1 < len(args) {
				arg, has = args[i+1], true
				i++
			}
		} else {
			for j := 1; j < len(t); j++ {
				if j == knownLetters(w, t) {
					// -s$x: the rest is only known at run time, and may
					// be -o FILE; it is taken for a file written.
					out = append(out, PathArg{Word: w, Write: true})
					break
				}
				k, ok := curlShort.get()[t[j]]
				if !ok {
					continue
				}
				kind = k
				if j+1 < len(t) {
					arg, has = Word{Text: t[j+1:], Literal: w.Literal}, true
				} else if i+1 < len(args) {
					arg, has = args[i+1], true
					i++
				}
				break
			}
		}
		if !has || arg.Text == "-" {
			continue
		}
		switch kind {
		case 'u':
			out = fileURLPath(out, arg)
			if remote {
				out = curlRemoteName(out, arg)
			}
		case 'w':
			out = append(out, PathArg{Word: arg, Write: true})
		case 'r':
			out = append(out, PathArg{Word: arg})
		case 'W':
			out = curlWriteOut(out, arg)
		case 'b':
			if !strings.Contains(arg.Text, "=") {
				out = append(out, PathArg{Word: arg})
			}
		case 'h':
			// -H @file: headers read from the file, and sent.
			if v, ok := strings.CutPrefix(arg.Text, "@"); ok && v != "" && v != "-" {
				out = append(out, PathArg{Word: Word{Text: v, Literal: arg.Literal}})
			}
		case 'd':
			// @file, name@file (--data-urlencode), name=@file and
			// name=<file (-F), up to a ;type= suffix.
			if i := strings.IndexAny(arg.Text, "@<"); i >= 0 {
				v, _, _ := strings.Cut(arg.Text[i+1:], ";")
				if v != "" && v != "-" {
					out = append(out, PathArg{Word: Word{Text: v, Literal: arg.Literal}})
				}
			}
		}
	}
	return out
}

// curlRemoteName adds the file curl -O writes for URL u: its last part,
// or any name when curl's globbing ({a,b}, [1-3]) may make it.
func curlRemoteName(out []PathArg, u Word) []PathArg {
	p, _, _ := strings.Cut(u.Text, "?")
	p, _, _ = strings.Cut(p, "#")
	if _, after, ok := strings.Cut(p, "://"); ok {
		p = after
	}
	if strings.ContainsAny(p, "{[") || !u.Literal {
		// curl's globbing, or a URL only known at run time.
		return append(out, PathArg{Word: Word{Text: "*"}, Write: true})
	}
	if k := strings.LastIndexByte(p, '/'); k >= 0 && k+1 < len(p) {
		out = append(out, PathArg{Word: Word{Text: p[k+1:], Literal: u.Literal}, Write: true})
	}
	return out
}

// curlWriteOut adds what a -w/--write-out format names: @FILE, read for
// the format, and the files its %output{FILE} and %output{>>FILE} write
// (curl 8.3).
func curlWriteOut(out []PathArg, arg Word) []PathArg {
	if f, ok := strings.CutPrefix(arg.Text, "@"); ok {
		if f != "" && f != "-" {
			out = append(out, PathArg{Word: Word{Text: f, Literal: arg.Literal}})
		}
		return out
	}
	rest := arg.Text
	for {
		_, after, ok := strings.Cut(rest, "%output{")
		if !ok {
			return out
		}
		name, tail, _ := strings.Cut(after, "}")
		if name = strings.TrimPrefix(name, ">>"); name != "" {
			out = append(out, PathArg{Word: Word{Text: name, Literal: arg.Literal}, Write: true})
		}
		rest = tail
	}
}

// fileURLPath adds the file a file: URL names (curl file:///etc/passwd,
// file://localhost/x), as a read; curl decodes its %XX escapes, and
// expands {a,b} and [1-3] unless told not to, so a URL with either is
// taken as a path only known at run time, whose every expansion counts.
func fileURLPath(out []PathArg, w Word) []PathArg {
	t := w.Text
	if !w.Literal {
		t = looseText(t)
	}
	if len(t) < 5 || !strings.EqualFold(t[:5], "file:") {
		return out
	}
	p := t[5:]
	if rest, ok := strings.CutPrefix(p, "//"); ok {
		// The host, unless a variable there makes the path
		// (file://$HOME/.ssh/id_rsa).
		if host, _, _ := strings.Cut(rest, "/"); !strings.HasPrefix(host, "$") {
			rest = rest[len(host):]
		}
		p = rest
	}
	// curl sends a file: URL's query and fragment nowhere.
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if p == "" {
		return out
	}
	// curl expands a set of one ({h}), which bash leaves as it is.
	p = curlSingleSets(p)
	return append(out, PathArg{Word: Word{Text: p, Literal: w.Literal && !strings.ContainsAny(p, "{[")}})
}

// curlSingleSets drops the braces of each {x} in p that holds no comma or
// other brace: curl's globbing makes it x.
func curlSingleSets(p string) string {
	for i := 0; i < len(p); i++ {
		if p[i] != '{' {
			continue
		}
		j := strings.IndexAny(p[i+1:], "{},")
		if j >= 0 && p[i+1+j] == '}' {
			p = p[:i] + p[i+1:i+1+j] + p[i+2+j:]
		}
	}
	return p
}

// wgetPaths: files wget writes (-O, -o, -a, -P) or reads (-i,
// --post-file, --body-file, --load-cookies).
func wgetPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	longs := map[string]bool{ // true: written
		"--output-document": true, "--output-file": true, "--append-output": true, "--directory-prefix": true,
		"--save-cookies": true, "--input-file": false, "--post-file": false, "--body-file": false,
		"--load-cookies": false, "--certificate": false, "--ca-certificate": false, "--private-key": false,
	}
	shortWrite, shortRead, shortArg := "OoaP", "i", "eBtTwQUlARDIX"
	var urls []Word
	named := false // -O names the file
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal || len(t) < 2 || t[0] != '-' {
			urls = append(urls, w)
			continue
		}
		named = named || strings.HasPrefix(t, "--output-d") || !strings.HasPrefix(t, "--") && strings.ContainsRune(strings.TrimRight(t[1:], shortArg+shortRead+"oaP"), 'O')
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			write, ok := longs[n]
			if !ok && len(n) >= 3 {
				// getopt_long's abbreviations: --output-d=F.
				for l, wr := range longs {
					if strings.HasPrefix(l, n) {
						write, ok = write || wr, true
					}
				}
			}
			if !ok {
				continue
			}
			arg := Word{Text: v, Literal: true}
			if !eq {
				if i+1 >= len(args) {
					continue
				}
				arg = args[i+1]
				i++
			}
			if arg.Text != "-" {
				out = append(out, PathArg{Word: arg, Write: write})
			}
			continue
		}
		for k := 1; k < len(t); k++ {
			ch := t[k]
			if strings.IndexByte(shortWrite+shortRead+shortArg, ch) < 0 {
				continue
			}
			arg, ok := Word{Text: t[k+1:], Literal: true}, k+1 < len(t)
			if !ok && i+1 < len(args) {
				arg, ok = args[i+1], true
				i++
			}
			if ok && arg.Text != "-" && strings.IndexByte(shortArg, ch) < 0 {
				out = append(out, PathArg{Word: arg, Write: strings.IndexByte(shortWrite, ch) >= 0})
			}
			break
		}
	}
	if named {
		return out
	}
	// Without -O, wget names the file after the URL: its last part, or
	// with -x, -r, -m or -p the whole path, below the host's name unless
	// -nH, less what --cut-dirs cuts: every tail of the path is taken,
	// below -P's directory when there is one (added above, as written).
	dirs := (hasOpt(args, "xrmp") || hasLong(args, "--force-directories", "--recursive", "--mirror", "--page-requisites")) &&
		!slices.ContainsFunc(args, func(w Word) bool { return w.Literal && (w.Text == "-nd" || w.Text == "--no-directories") })
	prefix := ""
	if w, v := optionValue(args, "P", shortArg+shortRead+"oaO", []string{"--directory-prefix"}); w != "" {
		prefix = strings.TrimSuffix(v, "/") + "/"
	}
	flat := slices.ContainsFunc(args, func(w Word) bool {
		return w.Literal && (w.Text == "-nH" || w.Text == "-nd" || strings.HasPrefix(w.Text, "--cut-dirs"))
	}) || hasLong(args, "--no-host-directories", "--no-directories")
	if w, v := optionValue(args, "", shortArg+shortRead+"oaOP", []string{"--default-page"}); w != "" && v != "" {
		out = append(out, PathArg{Word: Word{Text: prefix + v, Literal: true}, Write: true})
	} else if slices.ContainsFunc(args, func(w Word) bool { return !w.Literal && strings.HasPrefix(w.Text, "--default-page") }) {
		out = append(out, PathArg{Word: Word{Text: prefix + "*"}, Write: true}) // a name only known at run time
	}
	// Names the server chooses (--content-disposition, a recursive
	// download not below the host's name), URLs read from a file (-i),
	// and wgetrc commands (-e output_document=…, dir_prefix=…), which may
	// name any file: a path only known at run time.
	if hasLong(args, "--content-disposition", "--trust-server-names", "--input-file", "--execute", "--config") || hasOpt(args, "ie") ||
		flat && (hasOpt(args, "rm") || hasLong(args, "--recursive", "--mirror")) {
		// The server names the files: with the content's names, or in a
		// recursive download not below the host's name, what its links
		// name (.git/hooks/pre-commit).
		out = append(out, PathArg{Word: Word{Text: prefix + "*"}, Write: true})
	}
	for _, u := range urls {
		rest := u.Text
		if _, after, ok := strings.Cut(rest, "://"); ok {
			rest = after
		}
		host, p, _ := strings.Cut(rest, "/")
		p, _, _ = strings.Cut(p, "#")
		p, _, _ = strings.Cut(p, "?")
		parts := strings.Split(p, "/")
		if !dirs {
			parts = parts[len(parts)-1:]
		}
		add := func(name string) {
			if name != "" && !strings.HasSuffix(name, "/") {
				out = append(out, PathArg{Word: Word{Text: prefix + name, Literal: u.Literal}, Write: true})
			}
		}
		for k := range parts {
			add(strings.Join(parts[k:], "/"))
		}
		if dirs {
			add(host + "/" + p)
		}
	}
	return out
}

// compressPaths: gzip and its kin replace each operand (rmSpec's) with
// its compressed or decompressed copy: gunzip s.gz (gzip -d, unxz …)
// writes s, whose name is the operand's without the suffix (bunzip2
// too; x.tgz gives x.tar); a -c (--stdout) writes neither.
func compressPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	out = rmSpec.paths(out, args)
	n := strings.TrimPrefix(strings.TrimPrefix(lowerName(c), "g"), "b")
	if !strings.HasPrefix(n, "un") && !hasOpt(args, "d", "--decompress", "--uncompress") || hasOpt(args, "c", "--stdout", "--to-stdout") {
		return out
	}
	for _, w := range splitOps(args, "SbT", "--suffix", "--threads", "--memlimit") {
		for _, suf := range [...]string{".tgz", ".tbz2", ".tbz", ".txz"} {
			if t, ok := strings.CutSuffix(w.Text, suf); ok && t != "" {
				out = append(out, PathArg{Word: Word{Text: t + ".tar", Literal: w.Literal}, Write: true})
			}
		}
		for _, suf := range [...]string{".gz", ".z", ".xz", ".lzma", ".bz2", ".zst"} {
			if t, ok := strings.CutSuffix(w.Text, suf); ok && t != "" {
				out = append(out, PathArg{Word: Word{Text: t, Literal: w.Literal}, Write: true})
				break
			}
		}
	}
	return out
}

// splitPaths: split and csplit read FILE and write pieces named PREFIX
// and a suffix (split's default x, csplit's xx, -f PREFIX): the prefix as
// written, for where it lies (.git/confi, /tmp/x), and a glob of it when
// its last part begins a protected name (split -a1 -n3 payload .bashr
// makes .bashrc), which the protected-path check then meets.
func splitPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	csplit := strings.Contains(lowerName(c), "csplit")
	valued, prefix := "abClnt", "x"
	if csplit {
		valued, prefix = "fbn", "xx"
		if _, v := optionValue(args, "", valued, []string{"--prefix"}); v != "" {
			prefix = v
		} else if _, v := optionValue(args, "f", "bn", nil); v != "" {
			prefix = v
		}
	}
	longValued := []string{"--bytes", "--line-bytes", "--lines", "--number", "--suffix-length", "--additional-suffix", "--separator", "--filter"}
	if csplit {
		longValued = []string{"--prefix", "--suffix-format", "--digits"}
	}
	ops := splitOps(args, valued, longValued...)
	if len(ops) > 0 {
		out = append(out, PathArg{Word: ops[0]})
	}
	lit := true
	if !csplit && len(ops) > 1 {
		prefix, lit = ops[1].Text, ops[1].Literal
	}
	out = append(out, PathArg{Word: Word{Text: prefix, Literal: lit}, Write: true})
	base := path.Base(prefix)
	if slices.ContainsFunc(protectedNames.get(), func(n string) bool { return len(n) > len(base) && strings.HasPrefix(n, base) }) {
		out = append(out, PathArg{Word: Word{Text: prefix + "*"}, Write: true})
	}
	return out
}

// remoteCopyPaths: scp and rsync read local sources and write a local
// destination; host:path operands are remote and skipped.
func remoteCopyPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if id, ok := optArg(args, 'i', ""); ok && strings.ToLower(c.Name()) == "scp" {
		out = append(out, PathArg{Word: id, Key: true})
	}
	if f, ok := optArg(args, 0, "--files-from"); ok {
		out = append(out, PathArg{Word: f})
	}
	if f, ok := optArg(args, 0, "--password-file"); ok {
		out = append(out, PathArg{Word: f})
	}
	var ops []Word
	if strings.ToLower(c.Name()) == "rsync" {
		out, ops = rsyncOptionPaths(out, args)
	} else {
		ops = splitOps(args, "iFPoclSJefBT")
	}
	tree := hasOpt(args, "rRa", "--recursive", "--archive")
	for i, w := range ops {
		if remote(w.Text) {
			// One on this very host (localhost:.bashrc, 127.0.0.1:~/.ssh)
			// is a path of the home directory's here, as ssh localhost's
			// commands are this host's: scp x localhost:.bashrc wrote
			// it, allowed.
			lw, ok := thisHostPath(w)
			if !ok {
				continue
			}
			w = lw
		}
		write := i == len(ops)-1 && len(ops) > 1
		out = append(out, PathArg{Word: w, Write: write, Tree: tree, Fills: tree && write}) // the target written with all a copy puts below it
	}
	return out
}

// httpieValued are the options of HTTPie (http, https) and xh that take
// a value, in the next word when it has no "=".
var httpieValued = []string{"--output", "--session", "--session-read-only", "--cert", "--cert-key",
	"--cert-key-pass", "--verify", "--auth", "--auth-type", "--proxy", "--print", "--history-print",
	"--pretty", "--style", "--format-options", "--response-charset", "--response-mime", "--timeout",
	"--max-redirects", "--max-headers", "--ssl", "--ciphers", "--default-scheme", "--boundary",
	"--unsorted", "--sorted", "--bearer", "--interface", "--resolve", "--http-version", "--body"}

// httpiePaths: http, https and xh send the files their request items
// name: a field's file (field@FILE), a value or JSON read from one
// (field=@FILE, field:=@FILE) and a header's (Header:@FILE); -o/--output
// writes, --session reads and writes a session file named by a path,
// --session-read-only, --cert and --cert-key read theirs.
func httpiePaths(out []PathArg, c SimpleCommand) []PathArg {
	getopt(c.Args()[1:], "opavP", "", httpieValued, httpieValued, func(name string, val Word, ok bool) {
		if !ok {
			return
		}
		switch name {
		case "-o", "--output":
			out = append(out, PathArg{Word: val, Write: true})
		case "--session":
			if strings.Contains(val.Text, "/") {
				out = append(out, PathArg{Word: val, Write: true})
			}
		case "--session-read-only", "--cert", "--verify":
			if strings.Contains(val.Text, "/") || name != "--verify" {
				out = append(out, PathArg{Word: val})
			}
		case "--cert-key":
			out = append(out, PathArg{Word: val, Key: true})
		}
	}, func(w Word) {
		// The first of : = @ in a request item says what it is; an @
		// there, or right after it, names a file.
		t := looseText(w.Text)
		k := strings.IndexAny(t, ":=@")
		if k < 0 {
			return
		}
		rest := t[k:]
		for _, sep := range []string{"@", "=@", ":=@", ":@", "==@"} {
			if f, ok := strings.CutPrefix(rest, sep); ok && f != "" {
				f, _, _ = strings.Cut(f, ";") // field@FILE;type=MIME
				out = append(out, PathArg{Word: Word{Text: f, Literal: w.Literal}})
				return
			}
		}
	})
	return out
}

// rsyncValued are rsync's long options that take a value, in the next
// word when it has no "=" (rsync --log-file x SRC DST): a value is no
// operand.
var rsyncValued = []string{"--rsh", "--rsync-path", "--filter", "--exclude", "--include", "--exclude-from",
	"--include-from", "--files-from", "--log-file", "--log-file-format", "--out-format", "--password-file",
	"--write-batch", "--only-write-batch", "--read-batch", "--backup-dir", "--suffix", "--temp-dir",
	"--partial-dir", "--compare-dest", "--copy-dest", "--link-dest", "--chmod", "--chown", "--usermap",
	"--groupmap", "--block-size", "--checksum-choice", "--cc", "--compress-choice", "--zc",
	"--compress-level", "--zl", "--skip-compress", "--max-delete", "--max-size", "--min-size", "--max-alloc",
	"--modify-window", "--timeout", "--contimeout", "--bwlimit", "--port", "--sockopts", "--address",
	"--info", "--debug", "--iconv", "--protocol", "--checksum-seed", "--outbuf", "--remote-option",
	"--stop-after", "--stop-at", "--time-limit", "--copy-as", "--early-input", "--mkpath-mode"}

// rsyncOptionPaths reads rsync's options (-e, -f, -B, -T, -M and -@ take
// a value, and the long ones of rsyncValued) and returns its operands.
// The files its options name are read (--exclude-from, --read-batch …)
// or written: --log-file, --write-batch and --only-write-batch (FILE and
// the FILE.sh that replays it), and the directories --backup-dir,
// --temp-dir and --partial-dir put files in.
func rsyncOptionPaths(out []PathArg, args []Word) ([]PathArg, []Word) {
	var ops []Word
	getopt(args, "efBTM@", "", rsyncValued, rsyncValued, func(name string, val Word, ok bool) {
		if !ok {
			return
		}
		switch name {
		case "--exclude-from", "--include-from", "--read-batch":
			out = append(out, PathArg{Word: val})
		case "--log-file", "--backup-dir", "--temp-dir", "-T", "--partial-dir":
			out = append(out, PathArg{Word: val, Write: true})
		case "--write-batch", "--only-write-batch":
			out = append(out, PathArg{Word: val, Write: true}, PathArg{Word: Word{Text: val.Text + ".sh", Literal: val.Literal}, Write: true})
		}
	}, func(w Word) { ops = append(ops, w) })
	return out, ops
}

// sshPaths: ssh, sftp and autossh sign with the identity files of -i FILE
// and -o IdentityFile=FILE (Key); the arguments of their other options,
// and every other word, are guessed as for an unknown command (-F FILE,
// a remote command's ~/x, expanded here).
func sshPaths(out []PathArg, c SimpleCommand) []PathArg {
	argOpts := sshArgOpts(strings.ToLower(c.Name()))
	args := c.Args()[1:]
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if w.Literal && t == "--" {
			return guessPaths(out, args[i+1:])
		}
		if !w.Literal || !shortCluster(t) {
			out = guessPaths(out, args[i:i+1])
			continue
		}
		switch ch, val, ok := sshOptArg(t, args, &i, argOpts); {
		case !ok:
		case ch == 'i':
			out = append(out, PathArg{Word: val, Key: true})
		case ch == 'o' && val.Literal:
			if key, v := sshOption(val.Text); strings.EqualFold(key, "IdentityFile") {
				out = append(out, PathArg{Word: Word{Text: v, Literal: true}, Key: true})
			} else {
				out = guessPaths(out, []Word{{Text: v, Literal: true}})
			}
		default:
			out = guessPaths(out, []Word{val})
		}
	}
	return out
}

// thisHostPath returns the local path a remote operand HOST:PATH of scp
// or rsync names when HOST is this host (localHost), as a path of the
// home directory where PATH is relative, as the remote side takes it;
// ok is false for another host. An rsync daemon's HOST::MODULE is no
// path.
func thisHostPath(w Word) (Word, bool) {
	host, p, _ := strings.Cut(w.Text, ":")
	if i := strings.Index(w.Text, "]:"); strings.HasPrefix(w.Text, "[") || strings.Contains(host, "@[") {
		if i < 0 {
			return w, false
		}
		host, p = w.Text[:i+1], w.Text[i+2:] // [::1]:.aws
	}
	// Not literal only for the brackets bash may read as a glob: [::1].
	if !w.Literal && strings.ContainsAny(w.Text, "$`*?\\'\"") || strings.HasPrefix(p, ":") || !localHost(host) {
		return w, false
	}
	switch {
	case p == "":
		p = "~"
	case !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~"):
		p = "~/" + p
	}
	return Word{Text: p, Literal: true}, true
}

// remote reports whether a scp/rsync operand names another host
// (host:path, user@host:path, rsync://…).
func remote(t string) bool {
	colon := strings.IndexByte(t, ':')
	slash := strings.IndexByte(t, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}
