package permission

import (
	"net/netip"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// hiddenRun reports why c, a command behind its wrappers, runs a command
// given in one of its options or scripts, which the analysis does not read
// as a program: `ssh -o ProxyCommand=CMD`, `tar --to-command=CMD`, sed's e
// command, `make --eval`. "" when it runs none.
func hiddenRun(c SimpleCommand) string {
	args := c.Args()
	if len(args) == 0 {
		return ""
	}
	n := lowerName(c)
	switch n {
	case "rsync", "tar", "bsdtar", "gtar", "split", "gsplit", "man", "less", "more", "most", "vi", "vim", "nvim",
		"ex", "view", "vimdiff", "gvim", "evim", "rvim", "nvi", "elvis", "zip", "wget", "cpio", "sqlite3", "sqlite", "duckdb":
		// Their parsers below read options from literal words: one
		// only known at run time whose option is written out
		// (--to-command="$c", -TT"$c") is read as that option, its value
		// "$c" as it is written, which no check takes for harmless.
		args = literalOptions(args)
	}
	switch n {
	case "capsh":
		return "capsh runs a shell with arguments of its own: what it runs cannot be told"
	case "start-stop-daemon":
		return "start-stop-daemon starts a program as a daemon: what it runs cannot be told"
	case "ssh", "scp", "sftp", "autossh":
		return sshRuns(n, args[1:])
	case "rsync":
		return rsyncRuns(args[1:])
	case "tar", "bsdtar", "gtar":
		return tarRuns(n, args[1:])
	case "sed", "gsed":
		return sedRuns(n, args[1:])
	case "split", "gsplit":
		if w, _ := optionValue(args[1:], "", "abClnt", []string{"--filter"}); w != "" {
			return n + " " + shorten(w) + " runs a shell command on every piece"
		}
	case "man":
		if w, v := optionValue(args[1:], "PH", "CMLmpeSsRr", []string{"--pager", "--html"}); w != "" && !harmlessPager(v) {
			return "man " + shorten(w) + " names a program man runs"
		}
	case "less", "more", "most", "vi", "vim", "nvim", "ex", "view", "vimdiff", "gvim", "evim", "rvim", "nvi", "elvis":
		pager := n == "less" || n == "more" || n == "most"
		// +CMD runs a command of the pager's or the editor's, which may
		// run a shell command (less '+!cmd', vim '+!cmd'); a line number
		// or a search does not. less also reads a + inside an option
		// word (-R+!cmd).
		for _, w := range args[1:] {
			t := w.Text
			if w.Literal && t == "--" {
				break
			}
			plus := strings.HasPrefix(t, "+")
			if pager && strings.HasPrefix(t, "-") {
				if i := strings.IndexByte(t, '+'); i > 0 {
					plus, t = true, t[i:]
				}
			}
			if plus && (!w.Literal || !plusMoves(t[1:])) {
				return n + " " + shorten(w.Text) + " runs a command of " + n + "'s, which may run a shell command"
			}
		}
		if pager {
			if w, _ := optionValue(args[1:], "k", "bhjoOpPtTxyz#", []string{"--lesskey-file", "--lesskey-src", "--lesskey-content"}); w != "" {
				return n + " " + shorten(w) + " reads key bindings, which may run shell commands"
			}
			break
		}
		w, v := optionValue(args[1:], "cSsu", "TwWtiqrV", []string{"--cmd", "--remote-send", "--remote-expr"})
		if w != "" && !(strings.HasPrefix(w, "-u") && slices.Contains([]string{"NONE", "NORC", "DEFAULTS"}, v)) {
			return n + " " + shorten(w) + " runs commands of " + n + "'s, which may run a shell command"
		}
		if n == "ex" {
			return "ex runs the commands of its input, which may write files anywhere and run shell commands"
		}
	case "zip":
		for _, w := range args[1:] {
			t := w.Text
			if !w.Literal {
				continue
			}
			n, _, _ := strings.Cut(t, "=")
			if abbrevOf(n, []string{"--unzip-command"}) != "" || shortCluster(t) && strings.Contains(t, "TT") {
				return "zip " + shorten(t) + " names a program zip runs"
			}
		}
	case "wget":
		return wgetRuns(args[1:])
	case "tmux":
		return tmuxRuns(args[1:])
	case "screen":
		return screenRuns(args[1:])
	case "at", "batch":
		for _, w := range args[1:] {
			if w.Literal && shortCluster(w.Text) && strings.ContainsAny(w.Text, "ldrcV") {
				return "" // lists, removes or shows jobs
			}
		}
		return n + " schedules commands read from its input or a file: what it runs cannot be told"
	case "ed", "red":
		return n + " runs the commands of its input, which may run shell commands (!cmd)"
	case "tclsh", "wish", "jimsh", "expect":
		return tclRuns(n, args[1:])
	case "m4":
		return m4Runs(args[1:])
	case "ftp":
		return "ftp runs the commands of its input, which may run shell commands (!cmd) and put and get files anywhere"
	case "sbcl", "clisp", "guile":
		return lispRuns(n, args[1:])
	case "deno", "bun":
		if ops := plainOperands(args[1:]); len(ops) > 0 && ops[0].Literal && ops[0].Text == "run" &&
			slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && w.Text == "-" }) {
			return n + " run - runs a program read from its input, which the analysis cannot read"
		}
	case "emacs", "emacsclient":
		return emacsRuns(n, args[1:])
	case "dc":
		return dcRuns(args[1:])
	case "crontab":
		for _, w := range args[1:] {
			if w.Literal && shortCluster(w.Text) && strings.ContainsAny(w.Text, "lrV") {
				return "" // lists or removes (removal is asked for as it is)
			}
		}
		return "crontab installs commands cron runs later, outside the sandbox"
	case "sqlite3", "sqlite", "duckdb":
		return sqliteRuns(n, args[1:])
	case "psql":
		return sqlClientRuns(n, args[1:], "c", []string{"--command"}, psqlReach)
	case "mysql", "mariadb":
		return sqlClientRuns(n, args[1:], "e", []string{"--execute"}, mysqlReach)
	case "cpio":
		// An archive on another host (-F host:file) is reached through
		// --rsh-command's program.
		for _, w := range args[1:] {
			if n, _, _ := strings.Cut(w.Text, "="); w.Literal && len(n) > 4 && strings.HasPrefix("--rsh-command", n) {
				return "cpio " + shorten(w.Text) + " runs a command"
			}
		}
	case "cmake":
		if len(args) > 2 && args[1].Literal && args[1].Text == "-E" && args[2].Literal &&
			slices.Contains([]string{"env", "chdir", "time"}, args[2].Text) {
			return "cmake -E " + args[2].Text + " runs the command among its operands"
		}
	case "make", "gmake":
		// MAKEFILES set before it, or through env, is a hijack variable
		// (hijackVars); as make's own argument it works the same.
		// Set for it (VAR=x make, env VAR=x make) or as its own argument:
		// MAKEFILES=, :=, ::=, +=, ?=, != (an argument may hold spaces
		// before the operator).
		sets := c.EnvAssigns()
		for _, w := range args[1:] {
			sets = append(sets, w.Text)
		}
		for _, a := range sets {
			rest, ok := strings.CutPrefix(a, "MAKEFILES")
			if ok && strings.HasPrefix(strings.TrimLeft(strings.TrimLeft(rest, " \t"), ":+?!"), "=") {
				return n + " reads the makefiles MAKEFILES names first (" + shorten(a) + "), whose recipes are not checked"
			}
			if name, v, ok := strings.Cut(a, "="); ok && makeFlagsEval(strings.TrimRight(name, " \t:+?!"), v) {
				return n + " takes --eval from " + shorten(a) + ": it evaluates makefile text, which may run commands"
			}
		}
		return makeRuns(n, args[1:], fedInput(c))
	case "git":
		// git remote-ext runs the command its second operand names
		// (git-remote-ext the same, read as git remote-ext).
		if sub, rest, _, ok := gitArgs(c); ok && sub.Literal && sub.Text == "remote-ext" {
			return "git remote-ext runs the command its operand names: " + shorten(joinWords(rest))
		}
	default:
		if isCompiler(n) {
			return compilerRuns(n, args[1:])
		}
		if why := replRuns(n, args[1:]); why != "" {
			return why
		}
		for _, tcl := range []string{"tclsh", "wish"} {
			if v, ok := strings.CutPrefix(n, tcl); ok && v != "" && isDecimal(strings.ReplaceAll(v, ".", "")) {
				return tclRuns(tcl, args[1:]) // tclsh8.6
			}
		}
	}
	return ""
}

// m4Runs: m4 reads macros from its input when given no file (or "-"),
// and their syscmd and esyscmd run shell commands: what it is fed
// cannot be read. A file of macros is run as a script file is.
func m4Runs(args []Word) string {
	file := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal || t == "-":
			return "m4 " + shorten(t) + " runs macros read from its input or only known at run time, whose syscmd runs shell commands"
		case t == "--":
			file = file || i+1 < len(args)
			i = len(args)
		case strings.HasPrefix(t, "--"):
			n, _, eq := strings.Cut(t, "=")
			if !eq && slices.Contains([]string{"--define", "--undefine", "--include", "--debugfile", "--error-output", "--freeze-state",
				"--reload-state", "--trace", "--nesting-limit", "--hashsize", "--word-regexp", "--arglength"}, n) {
				i++
			}
		case len(t) > 1 && t[0] == '-':
			if k := strings.IndexAny(t[1:], "DUIlLtFRoHW"); k >= 0 && k+2 == len(t) {
				i++ // the value in the next word
			}
		default:
			file = true
		}
	}
	if !file {
		return "m4 runs macros read from its input, whose syscmd runs shell commands"
	}
	return ""
}

// lispRuns: sbcl, clisp and guile read Lisp from their input when given
// no script, and evaluate --eval's, -x's and -c's: the analysis reads
// neither. A script file (sbcl --script FILE, clisp FILE, guile FILE or
// -s FILE, sbcl --non-interactive --load FILE) is run as python3's is.
func lispRuns(n string, args []Word) string {
	code := map[string][]string{"sbcl": {"--eval"}, "clisp": {"-x"}, "guile": {"-c"}}[n]
	script := map[string][]string{"sbcl": {"--script"}, "clisp": nil, "guile": {"-s"}}[n]
	nonInteractive := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal:
			return n + " " + shorten(t) + " runs Lisp only known at run time, which the analysis cannot read"
		case slices.Contains(code, t):
			return n + " " + t + " evaluates Lisp, which the analysis cannot read"
		case t == "--version" || t == "--help" || t == "-h" || t == "-v" && n == "guile":
			return ""
		case n == "sbcl" && t == "--non-interactive":
			nonInteractive = true
		case slices.Contains(script, t):
			if i+1 < len(args) && args[i+1].Literal && args[i+1].Text != "-" {
				return ""
			}
		case n == "sbcl" && slices.Contains([]string{"--load", "--core", "--dynamic-space-size", "--control-stack-size", "--userinit", "--sysinit"}, t),
			n == "clisp" && len(t) == 2 && strings.Contains("BMmLNEpi", t[1:]),
			n == "guile" && (t == "-l" || t == "-e" || t == "-L" || t == "-C" || t == "-x"):
			i++
		case strings.HasPrefix(t, "-"):
		case n != "sbcl":
			return "" // a script file
		}
	}
	if nonInteractive {
		return "" // it loads its files, then quits: its input is not read
	}
	return n + " runs Lisp read from its input, which the analysis cannot read"
}

// tclRuns finds Tcl code a Tcl shell runs from its input, which the
// analysis does not read: exec, spawn, file delete and open … w run
// commands and write files wherever they name (echo 'file delete
// /tmp/x' | tclsh, expect -f - <<E). A script
// file is run as python3's is. expect's -f takes a value, tclsh's
// -encoding; wish's options before the script are left to name one.
// expect -c's code is left to the critical-deletion check of what it
// spawns (S20 G), as scripts of expect -c 'spawn ssh host' are everyday.
func tclRuns(n string, args []Word) string {
	code := false // expect -c CODE: read by expectCode; no commands are read from the input after it
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal || t == "-":
			return n + " " + shorten(t) + " runs Tcl code read from its input or only known at run time, which may run commands and write files"
		case t == "--":
			if i+1 >= len(args) || !args[i+1].Literal || args[i+1].Text == "-" {
				return n + " runs Tcl code read from its input, which may run commands and write files"
			}
			return ""
		case n == "expect" && shortCluster(t):
			if strings.Contains(t, "i") {
				return n + " " + shorten(t) + " reads Tcl commands from its input, which may run commands and write files"
			}
			switch t[len(t)-1] {
			case 'c':
				code = true
				i++
			case 'D':
				i++
			case 'f':
				if i++; i < len(args) && args[i].Literal && args[i].Text != "-" {
					return "" // a script file
				}
				return n + " " + shorten(t) + " runs Tcl code read from its input or only known at run time, which may run commands and write files"
			}
		case n == "tclsh" && t == "-encoding":
			i++
		case strings.HasPrefix(t, "-"):
		default:
			return "" // a script file
		}
	}
	if code {
		return ""
	}
	return n + " runs Tcl code read from its input, which may run commands and write files"
}

// expectTalk are the expect commands of a script that only talks to what
// it spawned, waits or sets its own variables.
var expectTalk = []string{
	"expect", "send", "exp_send", "send_user", "send_error", "interact", "exit", "set", "puts", "sleep",
	"wait", "close", "log_user", "exp_continue", "expect_after", "expect_before", "match_max", "exp_internal",
}

// expectCode reads the Tcl code of expect -c as far as the everyday
// script goes: what spawn, exec and system run is analysed as a nested
// shell's program (expect -c 'spawn ssh host; expect eof'), and the
// commands that only talk to it pass. Anything else (file delete, open …
// w, a [command substitution], a {braced} word) is too complex to check.
func (z *analyzer) expectCode(c SimpleCommand) {
	args := c.Args()
	for i := 1; i < len(args); i++ {
		t := args[i].Text
		if !args[i].Literal || !shortCluster(t) {
			return // the script and its arguments, or --
		}
		last := t[len(t)-1]
		if last != 'c' && last != 'f' && last != 'D' {
			continue
		}
		if i++; i >= len(args) || last != 'c' {
			continue // -f's script, -D's level
		}
		if !args[i].Literal {
			z.complex("expect %s %s: Tcl code only known at run time", t, shorten(args[i].Text))
			continue
		}
		for _, st := range strings.FieldsFunc(args[i].Text, func(r rune) bool { return r == ';' || r == '\n' }) {
			f := strings.Fields(st)
			switch {
			case len(f) == 0 || strings.HasPrefix(f[0], "#"):
			case strings.ContainsAny(st, "[{"):
				z.complex("expect %s runs Tcl the analysis does not read: %s", t, shorten(st))
			case f[0] == "spawn" || f[0] == "exec" || f[0] == "system":
				rest := f[1:]
				for len(rest) > 0 && strings.HasPrefix(rest[0], "-") && f[0] != "system" {
					if rest[0] == "-ignore" && len(rest) > 1 {
						rest = rest[1:]
					}
					rest = rest[1:]
				}
				dir := z.dir
				z.nested(strings.Join(rest, " "), "expect "+f[0])
				z.dir = dir
			case !slices.Contains(expectTalk, f[0]):
				z.complex("expect %s runs Tcl the analysis does not read: %s", t, shorten(st))
			}
		}
	}
}

// emacsRuns finds Lisp emacs evaluates from its command line (emacs
// --batch --eval '(delete-file "/tmp/x")'), which the analysis does not
// read; emacsclient's -e evaluates its operands in the user's running
// Emacs, outside any sandbox. A file it loads is run as a script is.
func emacsRuns(n string, args []Word) string {
	for _, w := range args {
		t := w.Text
		if !w.Literal || t == "--" {
			break
		}
		name, _, _ := strings.Cut(t, "=")
		switch {
		case n == "emacs" && (name == "-eval" || name == "-execute" || abbrevOf(name, []string{"--eval", "--execute"}) != ""),
			n == "emacsclient" && (abbrevOf(name, []string{"--eval"}) != "" || shortCluster(t) && strings.Contains(strings.SplitN(t, "a", 2)[0], "e")):
			return n + " " + shorten(t) + " evaluates Lisp, which may run commands and write files: it is not read"
		}
	}
	return ""
}

// dcRuns finds dc's ! command, which runs the rest of its line as a shell
// command (dc -e '!rm -rf /tmp/x'), in an -e expression; one only known at
// run time may hold it.
func dcRuns(args []Word) string {
	for i, w := range args {
		t := w.Text
		if !w.Literal {
			continue
		}
		v, ok, shown := Word{}, true, t
		switch {
		case t == "--":
			return ""
		case (t == "-e" || t == "--expression") && i+1 < len(args):
			v, shown = args[i+1], t+" "+args[i+1].Text
		case strings.HasPrefix(t, "--expression="):
			v = Word{Text: t[len("--expression="):], Literal: true}
		case strings.HasPrefix(t, "-e") && len(t) > 2:
			v = Word{Text: t[2:], Literal: true}
		default:
			ok = false
		}
		if ok && (!v.Literal || strings.Contains(v.Text, "!")) {
			return "dc " + shorten(shown) + ": dc's ! runs a shell command"
		}
	}
	return ""
}

// compilerRuns finds what a compiler driver, assembler or linker is told
// to run or read that the analysis does not see: gcc's -wrapper runs
// every compiler pass under the program it names (-wrapper git,push), and
// an @FILE argument (also one -Wl, or -Xlinker passes on) reads more
// options from FILE, a -wrapper or an -o among them.
func compilerRuns(n string, args []Word) string {
	for i, w := range args {
		t := w.Text
		switch {
		case w.Literal && (t == "-wrapper" || t == "--wrapper"):
			v := ""
			if i+1 < len(args) {
				v = " " + args[i+1].Text
			}
			return n + " " + shorten(t+v) + " runs the compiler's passes under the program it names"
		case strings.HasPrefix(t, "@") && len(t) > 1,
			w.Literal && strings.HasPrefix(t, "-Wl,") && slices.ContainsFunc(strings.Split(t[4:], ","), func(a string) bool { return strings.HasPrefix(a, "@") }):
			return n + " " + shorten(t) + " reads more options from a file, which may run a program (-wrapper) or write anywhere (-o): they are not checked"
		}
	}
	return ""
}

// makeRuns finds the makefile text make is given that the analysis does
// not read: --eval's (-E), and a makefile read from standard input (-f -,
// --file=/dev/stdin), a here-document's say, whose recipes run as
// commands. A makefile named by its path is a file, not read, as sed -f's
// is not.
func makeRuns(n string, args []Word, fed bool) string {
	// stdin says whether makefile v is one make reads from a descriptor
	// (standard input, a process substitution's), however the name is
	// spelled: -, //dev/stdin, /dev/./stdin, /dev/fd/3, /proc/self/fd/0.
	// One only known at run time may be any of them where make is fed
	// an input (make -f "$m" <<E).
	stdin := func(v Word) bool {
		if !v.Literal {
			return fed || strings.HasPrefix(v.Text, "<(")
		}
		if v.Text == "-" {
			return true
		}
		p := path.Clean(v.Text)
		return p == "/dev/stdin" || strings.HasPrefix(p, "/dev/fd/") ||
			strings.HasPrefix(p, "/proc/") && strings.Contains(p, "/fd/")
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w) // -f"$m", --file=$m: an option all the same
		if !opt {
			continue
		}
		if t == "--" && w.Literal {
			break
		}
		next := func() Word {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return Word{}
		}
		if strings.HasPrefix(t, "--") {
			name, v, eq := strings.Cut(t, "=")
			switch abbrevOf(name, []string{"--eval", "--file", "--makefile"}) {
			case "--eval":
				if len(name) >= 4 {
					return n + " " + shorten(t) + " evaluates makefile text, which may run commands"
				}
			case "--file", "--makefile":
				val := Word{Text: v, Literal: w.Literal}
				if !eq {
					val = next()
				}
				if stdin(val) {
					return n + " " + shorten(t) + " reads a makefile from standard input, whose recipes are not checked"
				}
			}
			continue
		}
		if !shortCluster(t) {
			continue
		}
		// A cluster: a letter that takes an argument takes the rest of
		// the word, or the next one (-Cf is -C f).
		for k := 1; k < knownLetters(w, t); k++ {
			// (Past the letters written out, -j$(nproc)'s, nothing is
			// known.)
			c := t[k]
			if !strings.ContainsRune("CfIoWE", rune(c)) {
				continue
			}
			val := Word{Text: t[k+1:], Literal: w.Literal}
			if val.Text == "" {
				val = next()
			}
			switch {
			case c == 'E':
				return n + " " + shorten(t) + " evaluates makefile text, which may run commands"
			case c == 'f' && stdin(val):
				return n + " " + shorten(t) + " reads a makefile from standard input, whose recipes are not checked"
			}
			break
		}
	}
	return ""
}

// makeFlagsEval says whether NAME=v sets MAKEFLAGS or GNUMAKEFLAGS, whose
// options make takes as its own, to a value holding --eval (-E, --ev…):
// make evaluates its text, whose recipes run (MAKEFLAGS='--eval=all:;rm
// -rf ~' make). -f and -C are not taken from there; -j$(nproc) passes.
func makeFlagsEval(name, v string) bool {
	if name != "MAKEFLAGS" && name != "GNUMAKEFLAGS" {
		return false
	}
	for i, f := range strings.Fields(looseText(v)) {
		f = f[:writtenOut(f)]
		switch {
		case strings.HasPrefix(f, "--"):
			if n, _, _ := strings.Cut(f, "="); len(n) >= 4 && strings.HasPrefix("--eval", n) {
				return true
			}
		case strings.HasPrefix(f, "-") || i == 0 && !strings.Contains(f, "="):
			// A cluster (-sE…), or make's own form: the first word's
			// letters without a dash (MAKEFLAGS=sE…).
			if strings.ContainsRune(f, 'E') {
				return true
			}
		}
	}
	return false
}

// literalOptions returns args with each word only known at run time
// whose option is written out (optionText: -TT"$c", --to-command=$c)
// turned into a literal word of its text as written, quotes off; the
// expansion in it ($c) stays in the text, where the checks reading a
// value find it no harmless one.
func literalOptions(args []Word) []Word {
	var out []Word
	for i, w := range args {
		if t, opt := optionText(w); opt && !w.Literal {
			if out == nil {
				out = slices.Clone(args)
			}
			out[i] = Word{Text: t, Literal: true}
		}
	}
	if out == nil {
		return args
	}
	return out
}

// fedInput says whether c is given an input to read by a redirection
// (a here-document, a here-string, a file or descriptor opened for
// reading) or runs as a stage of a pipeline, which may feed it.
func fedInput(c SimpleCommand) bool {
	if c.Async {
		return true
	}
	return slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return strings.HasPrefix(r.Op, "<") || r.Read })
}

// plusMoves says whether t, what follows the + of a pager's or an
// editor's +CMD, only moves: a line number, a search (/pattern,
// ?pattern, with no second delimiter, after which vim takes a command,
// and no line break, after which less reads another), or a number and one
// of less's G, g, F, p, %.
func plusMoves(t string) bool {
	if strings.ContainsAny(t, "\n\r|") {
		return false
	}
	if t == "" {
		return true
	}
	if t[0] == '/' || t[0] == '?' {
		return !strings.ContainsAny(t[1:], "/?")
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i == len(t) || i == len(t)-1 && strings.IndexByte("GgFp%", t[i]) >= 0
}

// tmuxQuiet are tmux's commands that run nothing of the command line's:
// attaching, listing, asking, killing, capturing. Every other one may
// (new-session CMD, send-keys, run-shell, set default-command, a #(…)
// in a format), as may a unique prefix of one (tmux split): asked.
var tmuxQuiet = []string{
	"attach-session", "attach", "a", "list-sessions", "ls", "list-windows", "lsw", "list-panes", "lsp",
	"list-clients", "lsc", "list-commands", "lscm", "list-keys", "lsk", "list-buffers", "lsb",
	"has-session", "has", "kill-session", "kill-server", "kill-window", "killw", "kill-pane", "killp",
	"capture-pane", "capturep", "detach-client", "detach", "info", "show-options", "show", "show-buffer", "showb",
}

// tmuxRuns: tmux with a command other than the quiet ones, or -c CMD or
// -f FILE, may run a command of the command line's.
func tmuxRuns(args []Word) string {
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		switch {
		case !w.Literal:
			return "tmux " + shorten(t) + ": a command only known at run time"
		case t == "-c" || t == "-f" || shortCluster(t) && strings.ContainsAny(t, "cf"):
			return "tmux " + t + " runs commands of its own: what it runs cannot be told"
		case t == "-L" || t == "-S" || t == "-T":
			i++ // a socket name or path, or features
		case strings.HasPrefix(t, "-"):
		case slices.Contains(tmuxQuiet, t):
			return ""
		default:
			return "tmux " + shorten(t) + " may run commands in a terminal of its own: what it runs cannot be told"
		}
	}
	return "" // tmux alone: a new session of the user's shell
}

// wgetRuns finds a wget option that names a program wget runs:
// --use-askpass, or a wgetrc command given with -e that sets it.
func wgetRuns(args []Word) string {
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal {
			continue
		}
		if t == "--" {
			break
		}
		n, v, eq := strings.Cut(t, "=")
		switch {
		case abbrevOf(n, []string{"--use-askpass"}) != "":
			return "wget " + shorten(t) + " names a program wget runs"
		case abbrevOf(n, []string{"--execute"}) != "" || shortCluster(t) && strings.HasSuffix(t, "e"):
			cmd := v
			if !eq {
				if i+1 == len(args) {
					break
				}
				i++
				cmd = args[i].Text
				if !args[i].Literal {
					return "wget " + shorten(t) + " runs a wgetrc command only known at run time"
				}
			}
			if strings.Contains(strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(cmd)), "askpass") || strings.ContainsAny(cmd, "$`") {
				return "wget " + shorten(cmd) + " names a program wget runs"
			}
		case shortCluster(t) && strings.Contains(t, "e"):
			// -eCMD: the rest of the cluster is the command.
			if _, cmd, _ := strings.Cut(t, "e"); strings.Contains(strings.ToLower(cmd), "askpass") || strings.ContainsAny(cmd, "$`") {
				return "wget " + shorten(t) + " names a program wget runs"
			}
		}
	}
	return ""
}

// screenRuns finds what makes screen run a command: an operand (the
// command of its new window), -X (a screen command), -c (a configuration
// file) or -s (the shell). -r, -R, -x, -ls and -wipe, with an optional
// session name, attach or list.
func screenRuns(args []Word) string {
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		switch {
		case !w.Literal:
			return "screen runs " + shorten(t) + ": what it runs cannot be told"
		case slices.Contains([]string{"-r", "-R", "-x", "-ls", "-list", "-wipe", "-RR", "-D", "-d"}, t):
			if t != "-d" && t != "-D" {
				return ""
			}
		case t == "-X" || t == "-c" || t == "-s":
			return "screen " + t + " runs commands of its own: what it runs cannot be told"
		case strings.HasPrefix(t, "-"):
			// A cluster (-dmS) whose last letter takes a value: the next
			// word is it.
			if strings.IndexByte("ehpStT", t[len(t)-1]) >= 0 || t == "-Logfile" {
				i++
			}
		default:
			return "screen runs " + shorten(t) + " in a terminal of its own"
		}
	}
	return ""
}

// sqliteArgs splits sqlite3's arguments: the database (the first operand,
// nil for none), the commands (the operands after it and each -cmd's
// value, SQL or dot-commands) and -init's file (nil for none).
func sqliteArgs(args []Word) (db *Word, cmds []Word, init *Word) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := strings.TrimSpace(w.Text)
		if w.Literal && strings.HasPrefix(t, "-") && len(t) > 1 {
			switch strings.TrimPrefix(t[1:], "-") {
			case "init":
				if i+1 < len(args) {
					i++
					init = &args[i]
				}
			case "cmd", "c", "s": // duckdb's -c and -s run one and quit
				if i+1 < len(args) {
					i++
					cmds = append(cmds, args[i])
				}
			case "separator", "newline", "nullvalue", "vfs", "mmap", "pagecache", "lookaside", "heap", "maxsize", "zip":
				i++ // a value, not a command
			}
			continue
		}
		if db == nil {
			db = &args[i]
			continue
		}
		cmds = append(cmds, w)
	}
	return db, cmds, init
}

// sqliteRuns finds what makes sqlite3 run a shell command or reach a file
// the analysis cannot follow: -init's file of commands; a dot-command that
// runs one (.shell, .system, any given a |pipe, .once -e/-x, .excel), runs
// the commands of a file (.read), extracts an archive (.archive), moves
// where later names lead (.cd) or loads code (.load), or one whose name
// stands for several (sqliteDot); SQL calling edit(), which runs an editor
// of its arguments' choosing, or a file function. The files the other
// dot-commands read and write are paths of the command (sqlitePaths).
func sqliteRuns(n string, args []Word) string {
	_, cmds, init := sqliteArgs(args)
	if init != nil {
		return n + " -init " + shorten(init.Text) + " runs the commands of a file"
	}
	for _, w := range args {
		if w.Literal && (strings.HasPrefix(w.Text, "-A") || strings.HasPrefix(w.Text, "--A")) {
			// -A is .archive: -AxC DIR extracts what an archive names.
			return n + " " + shorten(w.Text) + " extracts or writes files an archive names"
		}
	}
	for _, w := range cmds {
		if !w.Literal {
			return n + " " + shorten(w.Text) + ": a command only known at run time"
		}
		if why := sqliteCommandRuns(n, w.Text); why != "" {
			return why
		}
		if why := duckdbReach(w.Text); n == "duckdb" && why != "" {
			return n + " " + shorten(w.Text) + ": " + why
		}
	}
	return ""
}

// duckdbReach says why SQL for duckdb reaches past its database, or "":
// COPY … TO and EXPORT DATABASE write files the SQL names, wherever they
// are, ATTACH opens one, INSTALL and LOAD fetch and load an extension's
// code, and a URL is read over the network (httpfs). Its keywords are
// words of the SQL, not of its strings (where name = 'load'), when
// single quotes are all that quotes it: a backslash (an escape string's
// quote), a dollar quote, a double-quoted name or a comment may hide a
// quote from sqlStrings, and query() runs a string as SQL, so then every
// word counts.
func duckdbReach(t string) string {
	l := strings.ToLower(t)
	if strings.Contains(l, "://") {
		return "a URL is reached over the network"
	}
	notWord := func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' }
	code := l
	if !strings.ContainsAny(l, "\\$\"") && !strings.Contains(l, "--") && !strings.Contains(l, "/*") {
		_, code = sqlStrings(l)
	}
	words := strings.FieldsFunc(code, notWord)
	if slices.Contains(words, "query") || slices.Contains(words, "query_table") {
		words = strings.FieldsFunc(l, notWord)
	}
	for _, f := range words {
		switch f {
		case "copy", "export", "import", "attach", "install", "load":
			return strings.ToUpper(f) + " reaches files or code the SQL names, wherever they are"
		}
	}
	return ""
}

// sqliteCommandRuns is sqliteRuns for one command t.
func sqliteCommandRuns(n, t string) string {
	t = strings.TrimSpace(t)
	switch {
	case strings.HasPrefix(t, ".sh") || strings.HasPrefix(t, ".sy") || strings.HasPrefix(t, ".") && strings.Contains(t, "|"):
		return n + " " + shorten(t) + " runs a shell command"
	case strings.Contains(strings.ToLower(t), "edit("):
		return n + " " + shorten(t) + ": edit() runs an editor the SQL names"
	case sqlFileAccess(t):
		return n + " " + shorten(t) + ": readfile(), writefile(), load_extension(), ATTACH and VACUUM INTO reach files the SQL names, wherever they are"
	case strings.HasPrefix(t, ".lo"):
		return n + " " + shorten(t) + " loads the code of a library the dot-command names"
	}
	if d, ok := sqliteDot(t); ok && d.why != "" {
		return n + " " + shorten(t) + " " + d.why
	}
	return ""
}

// sqlDocRuns says what psql or mysql (n) does beyond SQL with the
// commands of a here-document doc fed to it, as its command-line ones are
// judged; "" for nothing. (sqlite3's lines are operands of a command of
// their own: see the analysis.)
func sqlDocRuns(n, doc string) string {
	switch n {
	case "psql":
		if why := psqlReach(doc); why != "" {
			return n + " here-document: " + why
		}
	default:
		if why := mysqlReach(doc); why != "" {
			return n + " here-document: " + why
		}
	}
	return ""
}

// sqliteDotCommand is a dot-command of the sqlite3 shell that names a file
// or a program.
type sqliteDotCommand struct {
	name string
	why  string // the command is too complex to check, and why; "" if its files are paths
	// files says which of its words (after the name, options left out)
	// are files, and whether each is written.
	files func(words []string) []PathArg
}

// sqliteDotCommands are the sqlite3 shell's dot-commands that read or
// write a file they name, or run a program.
var sqliteDotCommands = []sqliteDotCommand{
	{name: "archive", why: "extracts or writes files an archive names"},
	{name: "ar", why: "extracts or writes files an archive names"},
	{name: "backup", files: lastWritten},
	{name: "save", files: lastWritten},
	{name: "clone", files: firstWritten},
	{name: "cd", why: "moves where the names of later commands lead"},
	{name: "excel", why: "opens its output in a spreadsheet program"},
	{name: "import", files: firstRead},
	{name: "iotrace", files: firstWritten},
	{name: "trace", files: firstWritten},
	{name: "once", files: firstWritten},
	{name: "output", files: firstWritten},
	{name: "open", files: lastWritten},
	{name: "read", why: "runs the commands of a file, which are not read"},
	{name: "restore", files: lastRead},
	{name: "testcase", files: testcaseOut},
}

// The files of sqliteDotCommands: the first or the last of a
// dot-command's words, read or written. Functions, not closures, so that
// the table is built by the compiler, not as the program starts.
func firstRead(ws []string) []PathArg    { return nthFile(ws, 0, false) }
func firstWritten(ws []string) []PathArg { return nthFile(ws, 0, true) }
func lastRead(ws []string) []PathArg     { return nthFile(ws, len(ws)-1, false) }
func lastWritten(ws []string) []PathArg  { return nthFile(ws, len(ws)-1, true) }

func nthFile(ws []string, i int, write bool) []PathArg {
	if i < 0 || i >= len(ws) {
		return nil
	}
	return []PathArg{{Word: Word{Text: ws[i], Literal: true}, Write: write}}
}

// testcaseOut is what .testcase writes: testcase-out.txt, here.
func testcaseOut([]string) []PathArg {
	return []PathArg{{Word: Word{Text: "testcase-out.txt", Literal: true}, Write: true}}
}

// sqliteDotArgs are the options of the file dot-commands that take a
// value (.import --skip N, .open --maxsize N).
var sqliteDotArgs = []string{"--skip", "--schema", "--maxsize"}

// sqliteDotFound is a dot-command found in a command string: which one,
// why it is too complex to check ("" when it is not), and its files.
type sqliteDotFound struct {
	why   string
	files []PathArg
}

// sqliteDot reads a command string t of sqlite3's as a dot-command that
// names a file or a program; ok is false for any other (SQL, .tables).
// The shell takes a command by a prefix of its name (.out for .output):
// a prefix of several (.o) is too complex to check, as are options that
// open the file in a program (.once -x) and quotes the shell's own
// tokenizer reads otherwise than words.
func sqliteDot(t string) (d sqliteDotFound, ok bool) {
	rest, isDot := strings.CutPrefix(t, ".")
	if !isDot {
		return d, false
	}
	words := strings.Fields(rest)
	if len(words) == 0 {
		return d, false
	}
	name := strings.ToLower(words[0])
	var found []sqliteDotCommand
	for _, c := range sqliteDotCommands {
		if strings.HasPrefix(c.name, name) {
			found = append(found, c)
		}
	}
	switch {
	case len(found) == 0:
		return d, false
	case len(found) > 1:
		return sqliteDotFound{why: "stands for several dot-commands that reach files"}, true
	case found[0].why != "":
		return sqliteDotFound{why: found[0].why}, true
	case strings.ContainsAny(rest, "'\"\\"):
		return sqliteDotFound{why: "names its file in quotes, read by the shell's own rules"}, true
	}
	var files []string
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "-") && (strings.TrimLeft(w, "-") == "e" || strings.TrimLeft(w, "-") == "x"):
			// -x and --x alike: the shell takes either.
			return sqliteDotFound{why: "opens its output in a program"}, true
		case slices.Contains(sqliteDotArgs, w):
			i++
		case strings.HasPrefix(w, "-"):
		default:
			files = append(files, w)
		}
	}
	return sqliteDotFound{files: found[0].files(files)}, true
}

// sqlitePaths: sqlite3's database, written (the shell opens it for
// reading and writing, and creates it) unless -readonly or named at run
// time, and the files its dot-commands read and write.
func sqlitePaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	db, cmds, _ := sqliteArgs(args)
	if db != nil && db.Text != ":memory:" && db.Text != "" {
		readonly := slices.ContainsFunc(args, func(w Word) bool { return w.Literal && strings.TrimLeft(w.Text, "-") == "readonly" })
		// One named at run time ("$DB") stays a read: asking for every
		// such write would ask for most scripts' queries. A URI names the
		// file after file: (file:data.db?mode=ro).
		w := *db
		if rest, ok := strings.CutPrefix(w.Text, "file:"); ok && w.Literal {
			rest, _, _ = strings.Cut(rest, "?")
			rest, _, _ = strings.Cut(rest, "#")
			rest = strings.TrimPrefix(rest, "//localhost")
			if dec, err := url.PathUnescape(rest); err == nil {
				rest = dec // file:.git%2Fconfig is .git/config
			}
			w.Text = rest
		}
		out = append(out, PathArg{Word: w, Write: !readonly && db.Literal})
	}
	duck := lowerName(c) == "duckdb"
	for _, w := range cmds {
		if d, ok := sqliteDot(strings.TrimSpace(w.Text)); ok && w.Literal {
			out = append(out, d.files...)
		} else if duck && w.Literal {
			// duckdb reads the files its SQL names in strings
			// (read_csv('~/.aws/credentials'), FROM 'f.parquet').
			strs, _ := sqlStrings(w.Text)
			out = guessPaths(out, strs)
		}
	}
	return out
}

// sqlStrings returns the single-quoted string literals of SQL text t, a
// doubled quote inside one read as one quote, and the text around them
// (the SQL's words), each literal left as a space.
func sqlStrings(t string) (strs []Word, code string) {
	var c strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '\'' {
			c.WriteByte(t[i])
			continue
		}
		c.WriteByte(' ')
		var b strings.Builder
		for i++; i < len(t); i++ {
			if t[i] == '\'' {
				if i+1 < len(t) && t[i+1] == '\'' {
					i++
				} else {
					break
				}
			}
			b.WriteByte(t[i])
		}
		strs = append(strs, Word{Text: b.String(), Literal: true})
	}
	return strs, c.String()
}

// sqlFileAccess says whether SQL for sqlite3 reaches a file by name: its
// file functions and statements, found with the case, spaces and comments
// between a name and its parenthesis that SQL allows taken out.
func sqlFileAccess(t string) bool {
	var b strings.Builder
	l := strings.ToLower(t)
	for i := 0; i < len(l); i++ {
		switch {
		case strings.HasPrefix(l[i:], "/*"):
			if j := strings.Index(l[i+2:], "*/"); j >= 0 {
				i += j + 3
			} else {
				i = len(l)
			}
		case strings.HasPrefix(l[i:], "--"):
			if j := strings.IndexByte(l[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(l)
			}
		case l[i] == ' ' || l[i] == '\t' || l[i] == '\n' || l[i] == '\r':
		default:
			b.WriteByte(l[i])
		}
	}
	c := b.String()
	for _, f := range []string{"readfile(", "writefile(", "load_extension(", "fts5_tokenizer(", "vacuuminto", "attach"} {
		if strings.Contains(c, f) {
			return true
		}
	}
	return false
}

// psqlReach says what a psql command string does beyond SQL: a shell
// command run by \! or by a backquoted argument of any meta-command
// (psql hands `…` to the shell), output piped to one, an editor run, or a
// file read or written by a name of its own; "" for none. \g and \gx
// only with an argument (a file, or |CMD): alone they send the query.
func psqlReach(t string) string {
	if strings.Contains(t, "`") {
		return "a backquoted meta-command argument runs a shell command"
	}
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' {
			continue
		}
		j := i + 1
		for j < len(t) && (t[j] >= 'a' && t[j] <= 'z' || t[j] >= 'A' && t[j] <= 'Z' || t[j] == '_' || t[j] == '!') {
			j++
		}
		cmd, rest := strings.ToLower(t[i+1:j]), strings.TrimLeft(t[j:], " \t")
		switch cmd {
		case "!":
			return "\\! runs a shell command"
		case "e", "edit", "ef", "ev":
			return "\\" + cmd + " runs an editor"
		case "copy":
			// \copy … from stdin, to stdout (and pstdin, pstdout) reach
			// no file.
			f := strings.Fields(strings.ToLower(rest))
			k := slices.IndexFunc(f, func(w string) bool { return w == "from" || w == "to" })
			if k < 0 || k+1 >= len(f) || !slices.Contains([]string{"stdin", "stdout", "pstdin", "pstdout"}, strings.TrimRight(f[k+1], ";")) {
				return "\\copy reaches a file, or a program, by a name of its own"
			}
		case "o", "out", "w", "write", "i", "include", "ir", "include_relative", "lo_import", "lo_export", "s", "cd", "setenv":
			return "\\" + cmd + " reaches a file, or a program, by a name of its own"
		case "g", "gx":
			if rest != "" && rest[0] != '\n' && rest[0] != ';' && rest[0] != '\\' {
				return "\\" + cmd + " " + shorten(rest) + " writes its output to a file or a program"
			}
		}
		i = max(i, j-1)
	}
	return ""
}

// psqlPaths: psql writes the files of -o/--output and -L/--log-file
// (creating them before it connects) and reads -f/--file's; its operands
// (a database, a user) are no paths.
func psqlPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal || !strings.HasPrefix(t, "-") || t == "--" {
			continue
		}
		var file *Word
		write := false
		if name, v, eq := strings.Cut(t, "="); strings.HasPrefix(t, "--") {
			switch abbrevOf(name, []string{"--output", "--log-file", "--file"}) {
			case "--output", "--log-file":
				write = true
			case "--file":
			default:
				continue
			}
			if eq {
				file = &Word{Text: v, Literal: true}
			} else if i+1 < len(args) {
				i++
				file = &args[i]
			}
		} else {
			// A cluster: o, L and f take the rest of the word or the
			// next one; so do the other letters with a value (c, d, h …),
			// which end the cluster.
			for k := 1; k < len(t); k++ {
				ch := t[k]
				if strings.IndexByte("cdhpUvPFRTf oL", ch) < 0 {
					continue
				}
				v := Word{Text: t[k+1:], Literal: true}
				if v.Text == "" && i+1 < len(args) {
					i++
					v = args[i]
				}
				if ch == 'o' || ch == 'L' || ch == 'f' {
					file, write = &v, ch != 'f'
				}
				break
			}
		}
		if file != nil && file.Text != "-" {
			out = append(out, PathArg{Word: *file, Write: write})
		}
	}
	return out
}

// mysqlReach says what a mysql client command string does beyond SQL:
// the client's commands that run a shell command or a program (system,
// \!, pager, \P, edit, \e) or reach a file (tee, \T, source, \.), ""
// for none.
func mysqlReach(t string) string {
	for _, st := range strings.Split(t, ";") {
		st = strings.TrimSpace(st)
		l := strings.ToLower(st)
		for _, c := range []string{"system", "pager", "edit", "tee", "source"} {
			if l == c || strings.HasPrefix(l, c+" ") || strings.HasPrefix(l, c+"\t") {
				return "the client's " + c + " runs a program or reaches a file by a name of its own"
			}
		}
		// The one-letter forms are case-sensitive: \p prints the query,
		// \P sets the pager.
		for _, c := range []string{"\\!", "\\P", "\\e", "\\T", "\\."} {
			if strings.Contains(st, c) {
				return "the client's " + c + " runs a program or reaches a file by a name of its own"
			}
		}
	}
	return ""
}

// sqlClientRuns finds the command strings of a SQL client's option (short
// letter in a cluster, with its value attached or next; long, maybe
// abbreviated) that do more than SQL (reach says what). Scripts from a
// file (-f) are not read, as sed -f's are not.
func sqlClientRuns(n string, args []Word, short string, long []string, reach func(string) string) string {
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal || !strings.HasPrefix(t, "-") || t == "--" {
			continue
		}
		var cmd *Word
		if name, v, eq := strings.Cut(t, "="); strings.HasPrefix(t, "--") && abbrevOf(name, long) != "" {
			if eq {
				cmd = &Word{Text: v, Literal: true}
			} else if i+1 < len(args) {
				i++
				cmd = &args[i]
			}
		} else if !strings.HasPrefix(t, "--") {
			if k := strings.Index(t, short); k > 0 {
				if rest := t[k+1:]; rest != "" {
					cmd = &Word{Text: rest, Literal: true}
				} else if i+1 < len(args) {
					i++
					cmd = &args[i]
				}
			}
		}
		if cmd == nil {
			continue
		}
		if !cmd.Literal {
			return n + " " + shorten(cmd.Text) + ": a command only known at run time"
		}
		if why := reach(cmd.Text); why != "" {
			return n + " " + shorten(cmd.Text) + ": " + why
		}
	}
	return ""
}

// optionValue is optionIn for options with a value: the first of args,
// up to "--", that is one of the short options (in a cluster, before any
// letter of valued, which takes the rest of the word) or one of the long
// ones, and its value (the rest of the word, or the next word).
func optionValue(args []Word, short, valued string, long []string) (opt, value string) {
	for i, w := range args {
		t := w.Text
		switch {
		case !w.Literal || len(t) < 2 || t[0] != '-':
		case t == "--":
			return "", ""
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			if abbrevOf(n, long) != "" {
				if !eq && i+1 < len(args) {
					v = args[i+1].Text
				}
				return t, v
			}
		default:
			for k := 1; k < len(t); k++ {
				if strings.IndexByte(short, t[k]) >= 0 {
					v := t[k+1:]
					if v == "" && i+1 < len(args) {
						v = args[i+1].Text
					}
					return t, v
				}
				if strings.IndexByte(valued, t[k]) >= 0 {
					break // the rest is that option's value
				}
			}
		}
	}
	return "", ""
}

// shortCluster reports whether t is a cluster of short options (-xvf).
func shortCluster(t string) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-'
}

// sshCommandKeys are ssh options (-o KEY=VALUE) whose value ssh runs as a
// local command, or that pull in configuration that may set one.
var sshCommandKeys = []string{"proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "include", "match"}

// sshArgOpts are the short options of ssh, scp or sftp (n) that take an
// argument. A switch, not a map: nothing to build as the program starts.
func sshArgOpts(n string) string {
	switch n {
	case "ssh":
		return "BbcDEeFIiJLlmOoPpQRSWw"
	case "autossh":
		return "BbcDEeFIiJLlmOoPpQRSWwM"
	case "scp":
		return "cDFiJloPSX"
	case "sftp":
		return "BbcDFiJloPRSX"
	}
	return ""
}

// sshRuns finds an ssh, scp or sftp option that runs a local command:
// -o ProxyCommand=…, -F FILE (a configuration with its own), scp and sftp
// -S PROGRAM, sftp -D PROGRAM.
func sshRuns(n string, args []Word) string {
	argOpts := sshArgOpts(n)
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal {
			if l := looseText(t); l == "" || l[0] == '$' || l[0] == '`' || l[0] == '-' {
				return n + " " + shorten(t) + ": an option only known at run time may run a command"
			}
			continue
		}
		if t == "--" {
			return ""
		}
		if !shortCluster(t) {
			continue
		}
		switch ch, val, ok := sshOptArg(t, args, &i, argOpts); {
		case !ok:
		case ch == 'o':
			if key, _ := sshOption(val.Text); !val.Literal || slices.Contains(sshCommandKeys, strings.ToLower(key)) {
				return n + " -o " + shorten(val.Text) + " runs a local command"
			}
		case ch == 'F':
			return n + " -F " + shorten(val.Text) + ": a configuration file may run local commands"
		case ch == 'S' && n != "ssh" && n != "autossh", ch == 'D' && n == "sftp":
			return n + " -" + string(ch) + " " + shorten(val.Text) + " runs a program"
		}
	}
	return ""
}

// sshOptArg finds the first option of t, a cluster of short options of
// ssh, scp or sftp, that takes an argument (argOpts): the option and its
// argument, the rest of t or else the next word, which *i then passes;
// ok is false when no option of t takes one, or its argument is missing.
func sshOptArg(t string, args []Word, i *int, argOpts string) (ch byte, val Word, ok bool) {
	for k := 1; k < len(t); k++ {
		switch {
		case strings.IndexByte(argOpts, t[k]) < 0:
			continue
		case k+1 < len(t):
			return t[k], Word{Text: t[k+1:], Literal: true}, true
		case *i+1 < len(args):
			*i++
			return t[k], args[*i], true
		}
		return t[k], Word{}, false
	}
	return 0, Word{}, false
}

// sshLocalCommand returns the command ssh (or autossh) n is given to run
// on this very host (localhost, 127.0.0.1, ::1), or perhaps on it (a
// destination only known at run time: "$h", a glob): the remote words,
// joined with spaces as ssh joins them for the remote shell, run outside
// any sandbox here, so they are checked as a program of the command
// line's own (a red team's `ssh localhost 'rm -rf /'` was allowed). -o
// HostName=H names the host to connect to instead of the destination
// (%h is the destination's). Given no command, its login shell runs
// ssh's input: prog is sh, which reads it. ok is false for another
// host, or no shell; lit is false when a word is only known at run time.
func sshLocalCommand(n string, args []Word) (prog string, lit, ok bool) {
	argOpts := sshArgOpts(n)
	var hostName *Word
	noShell := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		if w.Literal && w.Text == "--" {
			continue
		}
		if w.Literal && shortCluster(w.Text) {
			ch, val, ok := sshOptArg(w.Text, args, &i, argOpts)
			noShell = noShell || sshNoShell(w.Text, ch, argOpts)
			if key, v := sshOption(val.Text); ok && ch == 'o' && strings.EqualFold(key, "hostname") && hostName == nil {
				// The first value given is the one ssh keeps.
				hostName = &Word{Text: v, Literal: val.Literal}
			}
			continue
		}
		local := !w.Literal || localHost(w.Text)
		if h := hostName; h != nil {
			local = !h.Literal || !w.Literal && strings.Contains(h.Text, "%h") || localHost(strings.ReplaceAll(h.Text, "%h", w.Text))
		}
		if !local {
			return "", false, false
		}
		if i+1 >= len(args) {
			// No command: the login shell runs the commands of ssh's
			// input (ssh localhost <<< 'rm -rf ~'), as sh does, unless
			// an option keeps it from starting one (sshNoShell).
			if noShell {
				return "", false, false
			}
			return "sh", true, true
		}
		rest := args[i+1:]
		return joinWords(rest), allLiteral(rest), true
	}
	return "", false, false
}

// sshNoShell says whether t, a cluster of ssh's short options whose
// first that takes an argument is ch (sshOptArg, 0 for none), starts no
// remote shell: -G (print the configuration), -N (no command), -W (a
// forwarding of its input) or -O (a control command to a master). The
// letters of an argument are not options: ssh -lNobody localhost runs
// its input.
func sshNoShell(t string, ch byte, argOpts string) bool {
	flags := t[1:]
	if k := strings.IndexAny(flags, argOpts); k >= 0 {
		flags = flags[:k]
	}
	return strings.ContainsAny(flags, "GN") || ch == 'W' || ch == 'O'
}

// localHost says whether ssh destination d ([user@]host, or
// ssh://[user@]host[:port]) is this host: a name for it, or an address
// of the loopback or unspecified kind in any spelling the resolver takes
// (127.1, 0x7f000001, ::ffff:127.0.0.1).
func localHost(d string) bool {
	d = strings.TrimPrefix(d, "ssh://")
	if i := strings.LastIndexByte(d, '@'); i >= 0 {
		d = d[i+1:]
	}
	if strings.HasPrefix(d, "[") {
		d, _, _ = strings.Cut(d[1:], "]")
	} else if h, _, ok := strings.Cut(d, ":"); ok && strings.Count(d, ":") == 1 {
		d = h
	}
	d = strings.ToLower(strings.TrimSuffix(d, "."))
	if d == "localhost" || strings.HasSuffix(d, ".localhost") || d == "localhost.localdomain" || d == "ip6-localhost" || d == "ip6-loopback" {
		return true
	}
	ip, ok := numericIPv4(strings.Split(d, "."))
	if !ok {
		var err error
		if ip, err = netip.ParseAddr(d); err != nil {
			return false
		}
		ip = ip.WithZone("").Unmap() // ::1%lo, ::ffff:127.0.0.1
	}
	return ip.IsLoopback() || ip.IsUnspecified()
}

// sshOption splits the argument of -o, Key=Value or "Key Value".
func sshOption(s string) (key, value string) {
	key = strings.TrimSpace(s)
	if j := strings.IndexAny(key, "= \t"); j >= 0 {
		key, value = key[:j], strings.TrimLeft(key[j+1:], "= \t")
	}
	return key, value
}

// rsyncRuns finds rsync's -e/--rsh program, which rsync runs locally: only
// a plain ssh without command options passes.
func rsyncRuns(args []Word) string {
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal {
			continue
		}
		if t == "--" {
			return ""
		}
		var val Word
		ok := false
		switch {
		case strings.HasPrefix(t, "--rsh=") || strings.HasPrefix(t, "--rsync-path="):
			_, v, _ := strings.Cut(t, "=")
			val, ok = Word{Text: v, Literal: true}, true
		case t == "--rsh" || t == "--rsync-path":
			if i+1 < len(args) {
				val, ok = args[i+1], true
				i++
			}
		case shortCluster(t):
			if k := strings.IndexByte(t, 'e'); k > 0 {
				if k+1 < len(t) {
					val, ok = Word{Text: t[k+1:], Literal: true}, true
				} else if i+1 < len(args) {
					val, ok = args[i+1], true
					i++
				}
			}
		}
		if !ok {
			continue
		}
		if strings.HasPrefix(t, "--rsync-path") {
			continue // runs on the remote side
		}
		fields := strings.Fields(val.Text)
		if !val.Literal || len(fields) == 0 || baseName(fields[0]) != "ssh" {
			return "rsync -e " + shorten(val.Text) + " runs a local program"
		}
		ws := make([]Word, 0, len(fields)-1)
		for _, f := range fields[1:] {
			ws = append(ws, Word{Text: f, Literal: true})
		}
		if why := sshRuns("ssh", ws); why != "" {
			return "rsync -e: " + why
		}
	}
	return ""
}

// tarRuns finds a tar option that runs a command: --to-command,
// --checkpoint-action=exec=, --use-compress-program (-I), --info-script
// and --new-volume-script (-F), --rsh-command. GNU tar takes unambiguous
// abbreviations of long options.
func tarRuns(n string, args []Word) string {
	long := []string{"--to-command", "--use-compress-program", "--info-script", "--new-volume-script", "--rsh-command"}
	for i, w := range args {
		t := w.Text
		if !w.Literal {
			continue
		}
		if t == "--" {
			return ""
		}
		if strings.HasPrefix(t, "--") {
			name, val, _ := strings.Cut(t, "=")
			if len(name) > len("--checkpoint") && strings.HasPrefix("--checkpoint-action", name) {
				if val == "" && i+1 < len(args) {
					val = args[i+1].Text
				}
				if strings.Contains(val, "exec") || strings.ContainsAny(val, "$`") || !args[min(i+1, len(args)-1)].Literal {
					return n + " " + shorten(t) + " runs a command"
				}
				continue
			}
			for _, l := range long {
				if len(name) >= 5 && strings.HasPrefix(l, name) {
					return n + " " + shorten(t) + " runs a command"
				}
			}
			continue
		}
		// Old style: the first word is a cluster without a dash.
		cluster := shortCluster(t) || i == 0 && t != "" && t[0] != '-' &&
			strings.Trim(t, "AcdrtuxzjJvfpkmoOwBCGhilnMPsSWZIF") == ""
		if !cluster {
			continue
		}
		for k := 0; k < len(t); k++ {
			switch t[k] {
			case 'I', 'F':
				return n + " -" + string(t[k]) + " runs a command"
			case 'f', 'C', 'b', 'T', 'X', 'K', 'N', 'g', 'L', 'V', 'H':
				if t[0] == '-' {
					k = len(t) // the rest is the argument
				}
			}
		}
	}
	return ""
}

// sedRuns finds sed's e command or s///e flag in its scripts, which run a
// shell command. A script in a file (-f) is not read.
func sedRuns(n string, args []Word) string {
	for _, s := range parseSed(args).scripts {
		if scanSed(sedText(s), nil) {
			return n + " script " + shorten(s.Text) + " runs a shell command (e)"
		}
	}
	return ""
}

// sedArgs is what sed's arguments say, as getopt_long reads them: its
// scripts (those of -e, and its first operand when no -e or -f came before
// it: with POSIXLY_CORRECT options end at the first operand, so both count),
// its script files (-f), the files it reads or, with -i, edits in place.
type sedArgs struct {
	scripts, scriptFiles, files []Word
	inPlace                     bool
	// options: the other options given, by name (-n, --posix).
	options []string
}

// sedLong are sed's long options, for their abbreviations.
var sedLong = []string{"--expression", "--file", "--in-place", "--line-length", "--quiet", "--silent",
	"--debug", "--posix", "--regexp-extended", "--separate", "--sandbox", "--unbuffered",
	"--null-data", "--zero-terminated", "--follow-symlinks", "--help", "--version"}

func parseSed(args []Word) sedArgs {
	var a sedArgs
	var ops []Word
	explicit, firstIsScript := false, false
	getopt(args, "efl", "i", sedLong, []string{"--expression", "--file", "--line-length"},
		func(name string, val Word, ok bool) {
			switch name {
			case "-e", "--expression", "-f", "--file":
				explicit = true
				switch {
				case !ok:
				case name == "-e" || name == "--expression":
					a.scripts = append(a.scripts, val)
				default:
					a.scriptFiles = append(a.scriptFiles, val)
				}
			case "-i", "--in-place":
				a.inPlace = true
			default:
				a.options = append(a.options, name)
			}
		},
		func(w Word) {
			if len(ops) == 0 && !explicit {
				firstIsScript = true
				a.scripts = append(a.scripts, w)
			}
			ops = append(ops, w)
		})
	if !explicit && firstIsScript {
		ops = ops[1:]
	}
	a.files = ops
	return a
}

// sedText is a script's text; a script only partly known at run time is
// read as if its unknown parts were empty.
func sedText(s Word) string {
	if !s.Literal {
		return looseText(s.Text)
	}
	return s.Text
}

// scanSed reports whether a sed script holds an e command or an s command
// with the e flag, and calls file (when not nil) with each file it reads
// by name (r, R) or writes (w, W, the s command's w flag), which GNU sed
// takes to the end of the line. It follows GNU sed's grammar roughly:
// addresses, then a command letter and its arguments; text it cannot
// place is skipped a byte at a time, which may find an e or a file where
// there is none (an ask too many) but not miss one that sed runs.
func scanSed(s string, file func(name string, write bool)) bool {
	i := 0
	toEOL := func() {
		for i < len(s) && s[i] != '\n' {
			if s[i] == '\\' && i+1 < len(s) {
				i++
			}
			i++
		}
	}
	// named reads the file name of command or flag c, i after the letter.
	named := func(c byte) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		toEOL()
		if file != nil && i > start {
			file(s[start:i], c == 'w' || c == 'W')
		}
	}
	// delimited skips a delimited part, i at its first byte; it ends after
	// the closing delimiter. In a regex (re), a bracket expression holds
	// the delimiter as a plain character (/[/]/), and a backslash there is
	// a plain one too.
	delimited := func(d byte, re bool) {
		for i < len(s) && s[i] != d {
			switch {
			case s[i] == '\\' && i+1 < len(s):
				i++
			case re && s[i] == '[' && d != '[':
				if end := bracketEnd(s, i); end > i {
					i = end
				}
			}
			i++
		}
		i++
	}
	// label skips a label (b, t, T, :) or a version (v), which ends at a
	// blank, a semicolon or a newline.
	label := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		for i < len(s) && !strings.ContainsRune(" \t;\n}#", rune(s[i])) {
			i++
		}
	}
	for i < len(s) {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' || c == '}' || c == '!':
			i++
			continue
		case c == '#':
			toEOL()
			continue
		case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+':
			i++
			continue
		case c == '/':
			i++
			delimited('/', true)
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
			continue
		case c == '\\':
			if i+1 < len(s) {
				d := s[i+1]
				i += 2
				delimited(d, true)
				for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
					i++
				}
				continue
			}
			i++
			continue
		case c == 'e':
			return true
		case c == 's' || c == 'y':
			if i+1 >= len(s) {
				return false
			}
			d := s[i+1]
			if d == '\n' || d == '\\' {
				return true // not valid sed; do not guess
			}
			i += 2
			delimited(d, c == 's')
			delimited(d, false)
			if c == 'y' {
				continue
			}
			// The flags end at ; newline } or #; w takes a file name to
			// the end of the line.
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' && s[i] != '#' {
				switch s[i] {
				case 'e':
					return true
				case 'w':
					i++
					named('w')
					continue
				}
				i++
			}
			continue
		case c == 'r' || c == 'R' || c == 'w' || c == 'W':
			i++
			named(c)
			continue
		case c == 'a' || c == 'i' || c == 'c':
			toEOL()
			continue
		case c == ':' || c == 'b' || c == 't' || c == 'T' || c == 'v':
			i++
			label()
			continue
		default:
			i++
		}
	}
	return false
}

// bracketEnd returns the index of the ] that closes the bracket expression
// opening at s[i], or i when there is none: a ] first (after a ^) is a
// plain one, and [:class:], [.x.] and [=x=] hold a ] of their own.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) && s[j] != '\n' {
		switch {
		case s[j] == ']':
			return j
		case s[j] == '[' && j+1 < len(s) && strings.IndexByte(":.=", s[j+1]) >= 0:
			if k := strings.Index(s[j+2:], string(s[j+1])+"]"); k >= 0 {
				j += 2 + k + 1
			}
		}
		j++
	}
	return i
}

// setsKeyword reports whether set (or a shell's options) turns on the
// keyword option, -k or -o keyword: every NAME=value word then becomes an
// assignment for the command wherever it stands (`bash -c :
// BASH_ENV=/dev/stdin`), which the analysis does not model. A word only
// known at run time among the options may be -k too. shell is true for a
// shell's own options, which end at its first operand.
func setsKeyword(args []Word, shell bool) string {
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal {
			if l := looseText(t); l == "" || l[0] == '$' || l[0] == '`' || l[0] == '-' || l[0] == '+' {
				return "a word only known at run time among the options of " + shorten(args[0].Text) + ": " + shorten(t)
			}
			if shell {
				return ""
			}
			continue
		}
		switch {
		case t == "--" || t == "-":
			return ""
		case t == "-o" || t == "+o":
			if i+1 < len(args) && (!args[i+1].Literal || args[i+1].Text == "keyword") {
				return shorten(args[0].Text) + " -o " + shorten(args[i+1].Text) + " turns on keyword assignments anywhere in a command"
			}
			i++
		case len(t) > 1 && (t[0] == '-' || t[0] == '+') && t[1] != '-':
			if strings.IndexByte(t, 'k') > 0 {
				return shorten(args[0].Text) + " " + shorten(t) + " turns on keyword assignments anywhere in a command"
			}
			if shell && t[0] == '-' && strings.IndexByte(t, 'c') > 0 {
				// The program, then its arguments.
				return ""
			}
			if !shell {
				break
			}
			// -eo keyword: the cluster's o's take the next words.
			for k := 0; k < shellOptionValues(t) && i+1 < len(args); k++ {
				i++
				if !args[i].Literal || args[i].Text == "keyword" {
					return shorten(args[0].Text) + " " + shorten(t) + " " + shorten(args[i].Text) + " turns on keyword assignments anywhere in a command"
				}
			}
		case strings.HasPrefix(t, "--"):
			if shell {
				i += shellOptionValues(t)
			}
		default:
			if shell {
				return ""
			}
		}
	}
	return ""
}

// subscriptSubst reports whether s, a string known before the command
// runs, holds an array element whose subscript runs a command: a name
// immediately followed by [ … ] with $( or ` (or a prompt expansion, @P)
// inside. bash evaluates such a string as arithmetic wherever it meets
// one (let, $((x)), [[ x -eq 1 ]], test -v, printf -v …), through any
// variable it was put in: `for x in 'a[$(rm -rf ~)]'; do let x; done`.
// So does the tail of one, a substitution before a ] that closes no [:
// k='a['; k+='$(rm -rf ~)]' builds the element across two words.
func subscriptSubst(s string) bool {
	return subscriptTail(s) || subscriptHead(s)
}

// subscriptTail reports whether s holds a substitution before a ] that
// closes no [ of s's.
func subscriptTail(s string) bool {
	depth := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return holdsSubst(s[:j])
			}
			depth--
		}
	}
	return false
}

// subscriptHead is subscriptSubst for elements that open in s.
func subscriptHead(s string) bool {
	for {
		i := strings.IndexByte(s, '[')
		if i < 0 {
			return false
		}
		if i > 0 && isNameByte(s[i-1]) {
			end, depth := len(s), 0
		scan:
			for j := i; j < len(s); j++ {
				switch s[j] {
				case '[':
					depth++
				case ']':
					depth--
					if depth == 0 {
						end = j
						break scan
					}
				}
			}
			if in := s[i+1 : end]; holdsSubst(in) || strings.Contains(in, "@P") {
				return true
			}
		}
		s = s[i+1:]
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// programTextCommands take a program in their own language as an
// argument, where NAME[$(…)] is common and means nothing to bash (awk's
// count[$(NF)]); such a string is not looked for in their words.
var programTextCommands = []string{"awk", "gawk", "mawk", "nawk", "busybox", "perl", "python", "python3", "ruby", "node", "php", "jq", "gojq", "yq"}

// isName says whether s is a shell variable's name (HOME, _x1).
func isName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// containerStdinShell returns the index, in c's arguments, of a shell
// that reads its program on its input in a container c runs with its
// input attached: docker, podman or nerdctl run -i or exec -i (container
// run, container exec), kubectl exec -i or run -i, compose's run or exec
// (docker compose, docker-compose, podman-compose), which keep the input
// open without -i, -T (--no-TTY) or not, unless --interactive=false, as
// lxc exec and incus exec do; oc (OpenShift's) is kubectl. The
// text fed to c is that shell's program, to be judged as c given it as
// sh -c's string (containerFed). -1 for any other command.
func containerStdinShell(c SimpleCommand) int {
	n := lowerName(c)
	compose := n == "docker-compose" || n == "podman-compose" || n == "lxc" || n == "incus"
	switch {
	case compose, n == "docker", n == "podman", n == "nerdctl", n == "kubectl", n == "oc":
	default:
		return -1
	}
	args := c.Args()
	sub := -1
	for k := 1; k < len(args) && sub < 0; k++ {
		switch t := args[k].Text; {
		case !args[k].Literal:
			return -1
		case t == "run" || t == "exec":
			sub = k
		case strings.HasPrefix(t, "-") || t == "container":
		case t == "compose":
			compose = true
		case !containerGlobalValue(args[k-1]):
			// docker compose -f x.yml exec: a global option's value.
			return -1
		}
	}
	interactive := compose
	for k := sub + 1; sub > 0 && k < len(args); k++ {
		w := args[k]
		t := w.Text
		switch {
		case !w.Literal:
		case compose && interactiveOff(t):
			interactive = false
		case t == "--interactive" || t == "--stdin" || strings.HasPrefix(t, "--interactive=t") || strings.HasPrefix(t, "--stdin=t"):
			interactive = true
		case shortCluster(t) && strings.Contains(strings.SplitN(t, "=", 2)[0], "i"):
			interactive = true
		case t == "--entrypoint" || strings.HasPrefix(t, "--entrypoint="):
			// docker run -i --entrypoint sh alpine: the shell is the
			// entrypoint, the words after the image its arguments.
			if at := entrypointShell(args, k, interactive); at >= 0 {
				return at
			}
		case isShell(strings.ToLower(baseName(t))) && interactive && feedShell(args[k:]):
			// A shell's name that is an option's value or the image
			// (docker exec -i sh sh, --name bash, -v x:/sh) does not
			// end the search: the shell run may come after it.
			return k
		}
	}
	return -1
}

// isShellWord says whether w names a shell as written (sh, /bin/bash).
func isShellWord(w Word) bool {
	return w.Literal && isShell(strings.ToLower(baseName(w.Text)))
}

// entrypointShell returns, for args whose word k is run's or exec's
// --entrypoint (or --entrypoint=NAME) naming a shell, the index of the
// image (compose's service), after which come the shell's arguments,
// when that shell reads its program on its input (feedShell); -1
// otherwise. The image is the first word after the options, a word
// after an option not known to take none (containerBoolFlags) taken as
// its value; a word only known at run time before it fails closed to -1
// (today's answer).
func entrypointShell(args []Word, k int, interactive bool) int {
	t := args[k].Text
	name, inline := strings.CutPrefix(t, "--entrypoint=")
	next := k + 1
	if !inline {
		if next >= len(args) {
			return -1
		}
		name, next = args[next].Text, next+1
		if !args[k+1].Literal {
			return -1
		}
	}
	if !isShell(strings.ToLower(baseName(name))) {
		return -1
	}
	valued := false
	for j := next; j < len(args); j++ {
		w := args[j]
		switch o := w.Text; {
		case !w.Literal:
			return -1
		case o == "--interactive" || o == "--stdin" || shortCluster(o) && strings.Contains(strings.SplitN(o, "=", 2)[0], "i"):
			interactive, valued = true, false
		case strings.HasPrefix(o, "-"):
			valued = !strings.Contains(o, "=") && !slices.Contains(containerBoolFlags, o) && !boolCluster(o)
		case valued:
			valued = false
		default:
			sh := append([]Word{{Text: name, Literal: true}}, args[j+1:]...)
			if interactive && feedShell(sh) {
				return j
			}
			return -1
		}
	}
	return -1
}

// containerBoolFlags are options of docker's (podman's, compose's) run
// and exec that take no value, so that the word after one is the image.
var containerBoolFlags = []string{
	"--rm", "--init", "--privileged", "--read-only", "--interactive", "--tty", "--detach",
	"--publish-all", "--no-healthcheck", "--oom-kill-disable", "--sig-proxy", "--no-TTY",
	"--no-deps", "--service-ports", "--use-aliases", "--build", "--remove-orphans", "--quiet-pull",
}

// boolCluster says whether t is a cluster of run's short options that
// take no value (-it, -d, -P, -T).
func boolCluster(t string) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.Trim(t[1:], "itdPT") == ""
}

// feedShell says whether shell words ws (sh, sh -s, sh -c sh) read their
// program on their input: readsProgramFromFeed, or a -c string that is
// itself such a shell's words alone (sh -c sh, bash -c 'bash -s'), as
// sh -c sh <<< 'rm -rf /' runs the here-string on the host; one that
// names a shell among other words (sh -c 'exec sh', sh -c 'cat | sh')
// may, and is taken to.
func feedShell(ws []Word) bool {
	if readsProgramFromFeed(SimpleCommand{Words: ws}) {
		return true
	}
	for k := 1; k+1 < len(ws); k++ {
		t := ws[k].Text
		if !ws[k].Literal || !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "--") {
			return false
		}
		if !strings.Contains(t, "c") || shellOptionValues(t) > 0 {
			continue
		}
		prog := ws[k+1]
		if !prog.Literal {
			return false
		}
		if strings.ContainsAny(prog.Text, "$`;&|<>()'\"\\{}*?[~#=") {
			return slices.ContainsFunc(strings.FieldsFunc(prog.Text, func(r rune) bool {
				return strings.ContainsRune(" \t\n;&|()<>`$'\"{}", r)
			}), func(f string) bool { return isShell(strings.ToLower(baseName(f))) })
		}
		inner := literalWords(strings.Fields(prog.Text))
		if len(inner) > 1 && inner[0].Text == "exec" {
			inner = inner[1:]
		}
		return len(inner) > 0 && isShellWord(inner[0]) && feedShell(inner)
	}
	return false
}

// containerGlobalValue says whether w, a word before a container
// command's subcommand, is an option that takes the next word as its
// value (docker compose -f x.yml, kubectl -n ns): every one not
// containerGlobalFlags' and not given it after an =.
func containerGlobalValue(w Word) bool {
	return w.Literal && strings.HasPrefix(w.Text, "-") && !strings.Contains(w.Text, "=") && !slices.Contains(containerGlobalFlags, w.Text)
}

// interactiveOff says whether option t turns compose's input off
// (--interactive=false, -i=0), which compose keeps open by default.
func interactiveOff(t string) bool {
	name, v, ok := strings.Cut(t, "=")
	off, err := strconv.ParseBool(v)
	return ok && (name == "--interactive" || name == "-i") && err == nil && !off
}

// containerFed judges text, fed to container command c whose shell reads
// it (containerStdinShell: docker run -i alpine sh <<< 'rm -rf /'), as c
// given it as that shell's -c string, which the command's own checks read
// (docker run alpine sh -c 'rm -rf /' asks as a delete given to run).
func (z *analyzer) containerFed(c SimpleCommand, text string) {
	k := containerStdinShell(c)
	if k < 0 {
		return
	}
	ws := append(slices.Clone(c.Words[:c.Inner+k+1]), Word{Text: "-c", Literal: true}, Word{Text: text, Literal: true})
	z.finishAs(c, ws)
}
