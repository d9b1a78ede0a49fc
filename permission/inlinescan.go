package permission

import (
	"path"
	"strings"
)

// codeAct is what a call in inline code does with its arguments.
type codeAct uint8

const (
	actNone       codeAct = iota
	actShell              // its first argument is a shell command line
	actSystem             // one string: a shell command line; more: a command's words (Perl's, Ruby's system)
	actSubprocess         // Python's subprocess: a list is words, a string a command line with shell=True, else a program
	actSpawn              // node's spawn, execFile: a program and a list of arguments (with shell: true, a command line)
	actExecv              // Python's os.execv: words from the second argument
	actSystem2            // R's system2: a program and arguments joined into a command line
	actRmTree             // deletes its paths with what they hold
	actRemove             // deletes its paths
	actRmdir              // deletes its empty directories
	actFsRm               // node's fs.rm: with recursive: true, as actRmTree
	actWrite              // writes its first argument
	actRead               // reads its first argument
	actOpen               // opens its first argument by the mode that follows (Python, Ruby, PHP, Lua)
	actPerlOpen           // Perl's open: a mode, a file, or a command
	actCopy               // copies its first argument to its second
	actMove               // moves its first argument to its second
	actCommand            // Deno.Command: a program, and options whose args are its arguments
	actCmdList            // Bun.spawn, Deno.run: a list of words, or options whose cmd is one
	actLink               // writes its second argument: a link (os.symlink(src, dst)), a copy's mode
	actWriteList          // writes its arguments after a mode (chmod) or an owner's or times' two (chown, utime)
	actSysOpen            // opens a file by flags: a write unless they are O_RDONLY (os.open, Perl's sysopen)
	actExtract            // a method that unpacks into its own first argument or path= (extractall)
	actLogFile            // writes the file its filename= keyword names (logging.basicConfig)
	actChdir              // changes the code's working directory (os.chdir): its later relative paths are there
	actOpenCmd            // Perl's open2, open3: handles, then a command as system takes it
)

// scan reads the calls of the code.
func (s *codeScan) scan() {
	switch s.lang {
	case langPython:
		s.imports()
	case langJS:
		s.childProcess = s.childProcess || strings.Contains(s.src, "child_process")
		s.requires()
		for _, t := range s.toks {
			switch {
			case t.kind == tokName && (t.text == "fs" || strings.HasPrefix(t.text, "fs.") || t.text == "fsp" || strings.HasPrefix(t.text, "fsp.") || strings.HasPrefix(t.text, "Deno.")),
				t.kind == tokString && (strings.TrimPrefix(t.text, "node:") == "fs" || strings.TrimPrefix(t.text, "node:") == "fs/promises"):
				s.fsMentioned = true
			}
		}
	}
	s.bindings()
	s.valueBindings()
	s.credentialMentions()
	if s.lang == langJS {
		s.processThen()
	}
	s.envAliases()
	for i := 0; i < len(s.toks) && !s.tooLong; i++ {
		t := s.toks[i]
		if (t.kind == tokString || t.kind == tokRun) && !t.lit {
			s.interpolations(t)
			if s.lang == langPerl {
				s.perlEnvInString(t)
			}
		}
		if t.kind == tokName {
			s.envRead(i)
		}
		switch {
		case t.kind == tokRun:
			s.shell("backticks", s.src[t.from:t.to], t.text, t.lit, s.src[t.from:t.to])
		case t.kind == tokName && s.lang == langAppleScript && t.text == "do" && i+3 < len(s.toks) &&
			s.toks[i+1].text == "shell" && s.toks[i+2].text == "script":
			from, to := i+3, s.statementEnd(i+3)
			s.shellArg("do shell script", s.src[t.from:s.toks[to-1].to], from, to)
			i = to - 1
		case s.lang == langJS && s.childProcess && t.kind == tokPunct && t.text == "[" && s.jsChildMember(i):
			// x["exec"], x["ex" + "ec"]: a function of child_process,
			// reached from a name the reader does not follow.
			s.found = append(s.found, codeFound{name: "[…]", call: s.text(i, s.match[i]+1), unknown: whyNamed})
		case s.lang == langPHP && t.kind == tokString:
			if why := s.phpFunctionName(i); why != "" {
				s.found = append(s.found, codeFound{name: t.text, call: s.src[t.from:t.to], unknown: why})
			}
		case t.kind == tokName:
			if why := s.dynamic(i); why != "" {
				s.found = append(s.found, codeFound{name: t.text, call: s.src[t.from:t.to], unknown: why})
				continue
			}
			s.call(i)
		case s.lang == langAwk && t.kind == tokPunct && t.text == "|" && i+1 < len(s.toks) && s.toks[i+1].kind == tokString:
			// print | "cmd"
			s.shell("|", s.src[t.from:s.toks[i+1].to], s.toks[i+1].text, s.toks[i+1].lit, "")
		case s.lang == langAwk && t.kind == tokPunct && t.text == "|" && i+2 < len(s.toks) && s.toks[i+1].text == "&" && s.toks[i+2].kind == tokString:
			// print |& "cmd": gawk's coprocess
			s.shell("|&", s.src[t.from:s.toks[i+2].to], s.toks[i+2].text, s.toks[i+2].lit, "")
			i++
		case s.lang == langJS && t.kind == tokString && s.src[t.from] == '`' && s.bunShell(i):
			// Bun.$`cmd`, $`cmd`: Bun's shell.
			s.shell("Bun.$", s.src[s.toks[i-1].from:t.to], t.text, t.lit, s.src[t.from:t.to])
		case s.lang == langAwk && t.kind == tokPunct && t.text == ">" && i+1 < len(s.toks) && s.awkPrintTo(i):
			// print > "file", print >> "file"
			k := i + 1
			if s.toks[k].text == ">" && s.toks[k].from == t.to {
				k++
			}
			if k < len(s.toks) && s.toks[k].kind == tokString {
				to := s.statementEnd(k)
				v, ok := s.value(k, to)
				s.file("print >", s.src[t.from:s.toks[to-1].to], []string{"tee"}, v, ok, "")
				i = to - 1
			}
		case s.lang == langAwk && t.kind == tokPunct && t.text == "<" && i+1 < len(s.toks) &&
			(i >= 1 && s.toks[i-1].text == "getline" || i >= 2 && s.toks[i-2].text == "getline" && s.toks[i-1].kind == tokName):
			// getline < "file", getline var < "file": a read.
			from, to := i+1, i+2
			if s.toks[from].text == "(" && s.match[from] > from {
				from, to = from+1, s.match[from]
			}
			if s.toks[from].kind == tokString || to > from+1 {
				v, ok := s.value(from, to)
				s.file("getline <", s.src[t.from:s.toks[to-1].to], []string{"cat"}, v, ok, "")
			}
		case s.lang == langAwk && t.kind == tokString && i+2 < len(s.toks) && s.toks[i+1].text == "|" && s.toks[i+2].text == "getline":
			// "cmd" | getline
			s.shell("getline", s.src[t.from:s.toks[i+2].to], t.text, t.lit, "")
			i++
		}
	}
}

// bunShell says whether the template literal at token i is given to
// Bun's shell: Bun.$`…`, or $`…` in code that names bun.
func (s *codeScan) bunShell(i int) bool {
	if i < 1 || s.toks[i-1].text != "$" || s.toks[i-1].to != s.toks[i].from {
		return false
	}
	if i >= 3 && s.toks[i-2].text == "." && s.toks[i-3].text == "Bun" {
		return true
	}
	return strings.Contains(s.src, "bun")
}

// awkPrintTo says whether the > at token i sends a print's output to a
// file: it is in a statement that starts with print or printf, outside
// parentheses (where it compares).
func (s *codeScan) awkPrintTo(i int) bool {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		if s.spend(1); s.tooLong {
			return false
		}
		t := s.toks[k]
		switch {
		case t.kind == tokPunct && (t.text == ")" || t.text == "]"):
			depth++
		case t.kind == tokPunct && (t.text == "(" || t.text == "["):
			if depth == 0 {
				return false
			}
			depth--
		case t.kind == tokPunct && (t.text == ";" || t.text == "\n" || t.text == "{" || t.text == "}"):
			return false
		case t.kind == tokName && (t.text == "print" || t.text == "printf"):
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// requires reads JavaScript's requires of a module named by an
// expression: one that gives child_process is as if named; one only known
// at run time (require(m)) may be child_process, and then exec(…) and
// spawn(…) are too complex to check (dynRequire).
func (s *codeScan) requires() {
	for i := 0; i+1 < len(s.toks); i++ {
		t := s.toks[i]
		if t.kind != tokName || t.text != "require" && t.text != "import" || s.toks[i+1].text != "(" || s.match[i+1] < 0 {
			continue
		}
		close := s.match[i+1]
		if close == i+3 && s.toks[i+2].kind == tokString && s.toks[i+2].lit {
			continue
		}
		switch v, ok := s.value(i+2, close); {
		case !ok:
			s.dynRequire = true
			if i >= 2 && s.toks[i-1].text == "=" && s.toks[i-2].kind == tokName {
				// m = require(x): m's calls are the module's.
				s.dynNames = append(s.dynNames, s.toks[i-2].text)
			}
		case strings.TrimPrefix(v, "node:") == "child_process":
			s.childProcess = true
		}
	}
}

// bindings records the names code binds to a call that runs, deletes,
// writes or reads, as aliases: p = os.system, local p = os.execute,
// const run = execSync, const {execSync: x} = require("child_process"),
// const x = require("child_process").execSync.
func (s *codeScan) bindings() {
	for i := 0; i < len(s.toks); i++ {
		if i > 0 && s.toks[i-1].text != "\n" && s.toks[i-1].text != ";" {
			continue
		}
		k := i
		if k < len(s.toks) && s.toks[k].kind == tokName {
			switch s.toks[k].text {
			case "const", "let", "var", "local", "my":
				k++
			}
		}
		if k+2 >= len(s.toks) {
			continue
		}
		lhs := s.toks[k]
		switch {
		case lhs.text == "{" && s.lang == langJS && s.match[k] > k && s.match[k]+1 < len(s.toks) && s.toks[s.match[k]+1].text == "=":
			// const {execSync: x, spawn: y} = …
			for _, a := range s.split(k+1, s.match[k]) {
				if a[1]-a[0] == 3 && s.toks[a[0]+1].text == ":" && s.toks[a[0]].kind == tokName && s.toks[a[0]+2].kind == tokName {
					s.alias(s.toks[a[0]+2].text, s.toks[a[0]].text)
				}
			}
		case lhs.kind == tokName && s.toks[k+1].text == "=":
			if s.toks[k+2].text == "=" {
				continue // ==
			}
			end := s.statementEnd(k + 2)
			rhs := s.toks[k+2]
			if s.lang == langJS && s.jsModuleAt(k+2) {
				s.cpNames = append(s.cpNames, lhs.text)
			}
			switch {
			case end == k+3 && rhs.kind == tokName && rhs.text != lhs.text:
				// p = os.system; m = os
				if s.action(s.resolve(rhs.text), false) != actNone || s.lang == langPython && pyRisky(s.resolve(rhs.text)) {
					s.alias(lhs.text, s.resolve(rhs.text))
				}
			case s.lang == langJS && rhs.text == "require" && end >= k+7 && s.toks[end-2].text == "." && s.toks[end-1].kind == tokName && s.match[k+3] == end-3:
				// x = require("child_process").execSync
				s.alias(lhs.text, s.toks[end-1].text)
			}
		}
	}
}

// valueBindings records the names the code binds to a string the
// reader evaluates, at the start of a statement (p = "~/.bashrc", const
// p = path.join(h, ".git/hooks/x"), my $p = "…"), so that a call given
// the name is judged on the string. A name bound twice, or bound
// otherwise too (p += …, a loop's), is left: its value depends on the
// path taken.
func (s *codeScan) valueBindings() {
	for i := 0; i < len(s.toks); i++ {
		// Perl's list assignment of one name, my ($p) = glob("~/x"),
		// binds it to the list's first value: the one string here.
		at, eq := i, i+1
		if s.lang == langPerl && s.toks[i].text == "(" && s.match[i] == i+2 && s.toks[i+1].kind == tokName {
			at, eq = i+1, i+3
		}
		t := s.toks[at]
		if t.kind != tokName || eq >= len(s.toks) {
			continue
		}
		start := i == 0 || s.toks[i-1].text == "\n" || s.toks[i-1].text == ";" ||
			(s.toks[i-1].text == "const" || s.toks[i-1].text == "let" || s.toks[i-1].text == "var" || s.toks[i-1].text == "my" || s.toks[i-1].text == "our" || s.toks[i-1].text == "local") &&
				(i == 1 || s.toks[i-2].text == "\n" || s.toks[i-2].text == ";")
		if s.toks[eq].text != "=" || eq+1 < len(s.toks) && s.toks[eq+1].text == "=" || !start {
			if _, seen := s.vals[t.text]; seen && strings.HasSuffix(s.toks[eq].text, "=") && s.toks[eq].text != "==" {
				s.vals[t.text] = "" // p += …
			}
			continue
		}
		i = eq - 1
		if s.vals == nil {
			s.vals = map[string]string{}
		}
		if _, seen := s.vals[t.text]; seen {
			s.vals[t.text] = ""
			continue
		}
		end := s.statementEnd(i + 2)
		v, ok := s.value(i+2, end)
		if !ok {
			v = ""
		}
		s.vals[t.text] = v
	}
}

// imports records Python's imports that rename: import subprocess as
// sp; from os import system; from shutil import rmtree as rm.
func (s *codeScan) imports() {
	for i := 0; i < len(s.toks); i++ {
		t := s.toks[i]
		if t.kind != tokName || i > 0 && s.toks[i-1].text != "\n" && s.toks[i-1].text != ";" {
			continue
		}
		from := ""
		switch {
		case t.text == "from" && i+2 < len(s.toks) && s.toks[i+2].text == "import":
			from = s.toks[i+1].text + "."
			s.importName(i + 1)
			i += 3
		case t.text == "import":
			i++
		default:
			continue
		}
		parens := false
		for ; i < len(s.toks); i++ {
			n := s.toks[i]
			if n.text == "(" || n.text == ")" || n.text == "," || n.text == "\n" && parens {
				parens = n.text == "(" || parens && n.text != ")"
				continue
			}
			if n.kind != tokName {
				if from != "" && n.text == "*" {
					s.stars = append(s.stars, strings.TrimSuffix(from, "."))
				}
				break
			}
			s.importName(i)
			alias := n.text
			if i+2 < len(s.toks) && s.toks[i+1].text == "as" {
				alias = s.toks[i+2].text
				s.importName(i + 2)
				i += 2
			}
			if from != "" || alias != n.text {
				s.alias(alias, from+n.text)
			}
		}
	}
}

// importName records that the name at token i is one an import
// statement names (os of import os, system of from os import system):
// no use of it as a value.
func (s *codeScan) importName(i int) {
	if s.imported == nil {
		s.imported = make(map[int]bool)
	}
	s.imported[i] = true
}

// resolve returns a Python name with its first part's import alias
// replaced (sp.run → subprocess.run).
func (s *codeScan) resolve(name string) string {
	first, rest, dotted := strings.Cut(name, ".")
	full, ok := s.aliases[first]
	switch {
	case !ok:
		return name
	case dotted:
		return full + "." + rest
	}
	return full
}

// alias binds name to full, unless name is bound already.
func (s *codeScan) alias(name, full string) {
	if s.aliases == nil {
		s.aliases = make(map[string]string)
	}
	if _, ok := s.aliases[name]; !ok {
		s.aliases[name] = full
	}
}

// action says what the call named name does; method is true for a call
// on a value (Path(p).unlink(), require("fs").rmSync(…)).
func (s *codeScan) action(name string, method bool) codeAct {
	last := lastPart(name)
	t := codeCalls.get()
	switch s.lang {
	case langPython:
		if method {
			return t.pyMethods[last]
		}
	case langJS:
		return s.jsAction(name, last)
	case langPerl:
		name = strings.TrimPrefix(name, "CORE::")
	case langRuby:
		name = strings.TrimPrefix(name, "Kernel.")
	case langPHP:
		name = strings.ToLower(strings.TrimPrefix(name, "\\"))
	case langAppleScript:
		if last == "doShellScript" {
			return actShell
		}
		return actNone
	}
	return t.byName[s.lang][name]
}

// jsAction is action for JavaScript: exec(…) and spawn(…) are
// child_process's only in code that names it, and rm(…) or
// writeFile(…) fs's only in code that names fs (or Deno's).
func (s *codeScan) jsAction(name, last string) codeAct {
	t := codeCalls.get()
	if a := t.byName[langJS][name]; a != actNone {
		return a
	}
	if s.childProcess {
		if a := t.jsChild[last]; a != actNone {
			return a
		}
	}
	prefix := strings.TrimSuffix(strings.TrimSuffix(name, last), ".")
	// A name bound to a module in code that names fs may be fs (const p
	// = require("fs/promises"); p.writeFile(…)), as fs.promises is
	// (require("fs").promises.writeFile(…)).
	base := strings.TrimSuffix(prefix, ".promises")
	if s.fsMentioned && (prefix == "" || prefix == "fs" || prefix == "fsp" || prefix == "promises" || strings.HasSuffix(prefix, ".promises") ||
		prefix == "Deno" || containsString(s.cpNames, base)) {
		return t.jsFs[last]
	}
	return actNone
}

// lastPart is the last part of a dotted (or ::) name: system of
// os.system.
func lastPart(name string) string {
	if k := strings.LastIndexAny(name, ".:"); k >= 0 {
		return name[k+1:]
	}
	return name
}

// callTables says what the calls of inline code that run, delete, write
// or read do, by their names.
type callTables struct {
	// byName holds, for each language, its calls by their full names
	// (Perl's without CORE::, Ruby's without Kernel., PHP's in lower
	// case without a leading \).
	byName [langAwk + 1]map[string]codeAct
	// pyMethods: Python's methods of a path, Path(p).unlink().
	pyMethods map[string]codeAct
	// jsChild: child_process's functions; jsFs: fs's, fs/promises'
	// and Deno's, by their last names.
	jsChild, jsFs map[string]codeAct
	// pyLast: the last names of Python's calls and methods (system of
	// os.system), which a name given as a string may reach.
	pyLast map[string]bool
}

// codeCalls is the table of what calls do: one row an action, its
// names separated by spaces.
var codeCalls = lazy[*callTables]{build: func() *callTables {
	t := &callTables{
		pyMethods: actTable(map[codeAct]string{
			actRemove:  "unlink",
			actRmdir:   "rmdir",
			actWrite:   "write_text write_bytes touch mkdir chmod lchmod symlink_to hardlink_to",
			actMove:    "rename replace",
			actExtract: "extractall",
			actRead:    "read_text read_bytes",
			actOpen:    "open",
		}),
		jsChild: actTable(map[codeAct]string{
			actShell: "exec execSync",
			actSpawn: "spawn spawnSync execFile execFileSync",
		}),
		jsFs: actTable(map[codeAct]string{
			actFsRm:   "rm rmSync remove removeSync",
			actRmdir:  "rmdir rmdirSync",
			actRemove: "unlink unlinkSync",
			actWrite: "writeFile writeFileSync appendFile appendFileSync createWriteStream writeTextFile writeTextFileSync " +
				"mkdir mkdirSync chmod chmodSync chown chownSync lchown lchownSync utimes utimesSync truncate truncateSync " +
				"lutimes lutimesSync lchmod lchmodSync mkdtemp mkdtempSync",
			actRead: "readFile readFileSync createReadStream readTextFile readTextFileSync",
			actCopy: "copyFile copyFileSync cp cpSync",
			actMove: "rename renameSync",
			actLink: "symlink symlinkSync link linkSync",
			actOpen: "open openSync",
		}),
	}
	t.byName[langPython] = actTable(map[codeAct]string{
		actShell: "os.system os.popen commands.getoutput commands.getstatusoutput subprocess.getoutput subprocess.getstatusoutput " +
			"asyncio.create_subprocess_shell platform.popen",
		actSystem:     "asyncio.create_subprocess_exec",
		actSubprocess: "subprocess.run subprocess.call subprocess.check_call subprocess.check_output subprocess.Popen pty.spawn",
		actExecv:      "os.execv os.execve os.execvp os.execvpe os.execl os.execle os.execlp os.execlpe os.posix_spawn os.posix_spawnp",
		actRmTree:     "shutil.rmtree",
		actRemove:     "os.remove os.unlink",
		actRmdir:      "os.rmdir os.removedirs",
		actOpen: "open io.open codecs.open zipfile.ZipFile tarfile.open tarfile.TarFile gzip.open bz2.open lzma.open " +
			"zipfile.PyZipFile",
		actCopy: "shutil.copy shutil.copy2 shutil.copyfile shutil.copytree shutil.unpack_archive urllib.request.urlretrieve",
		actWrite: "os.makedirs os.mkdir os.chmod os.lchmod os.chown os.lchown os.utime os.truncate os.mkfifo " +
			"sqlite3.connect shutil.make_archive os.mknod shutil.chown logging.FileHandler logging.handlers.RotatingFileHandler " +
			"logging.handlers.TimedRotatingFileHandler logging.handlers.WatchedFileHandler",
		actMove:    "shutil.move os.rename os.replace",
		actLink:    "os.link os.symlink shutil.copymode shutil.copystat",
		actSysOpen: "os.open",
		actLogFile: "logging.basicConfig",
		actChdir:   "os.chdir",
	})
	t.byName[langJS] = actTable(map[codeAct]string{
		actCommand: "Deno.Command",
		actChdir:   "process.chdir Deno.chdir",
		actCmdList: "Deno.run Bun.spawn Bun.spawnSync",
	})
	t.byName[langPerl] = actTable(map[codeAct]string{
		actSystem:    "system exec POSIX::system",
		actShell:     "readpipe",
		actPerlOpen:  "open",
		actRemove:    "unlink",
		actRmdir:     "rmdir",
		actRmTree:    "rmtree remove_tree File::Path::rmtree File::Path::remove_tree",
		actMove:      "rename move File::Copy::move",
		actCopy:      "copy File::Copy::copy",
		actWrite:     "mkdir make_path mkpath File::Path::make_path File::Path::mkpath truncate POSIX::mkfifo",
		actLink:      "symlink link",
		actWriteList: "chmod chown utime",
		actSysOpen:   "sysopen",
		actChdir:     "chdir",
		actOpenCmd:   "open2 open3 IPC::Open2::open2 IPC::Open3::open3",
	})
	t.byName[langRuby] = actTable(map[codeAct]string{
		actSystem: "system exec spawn Process.spawn IO.popen Open3.popen3 Open3.popen2 Open3.popen2e Open3.capture2 Open3.capture2e Open3.capture3 " +
			"Process.exec PTY.spawn PTY.getpty Open3.pipeline Open3.pipeline_r Open3.pipeline_w Open3.pipeline_rw Open3.pipeline_start",
		actOpen:   "open File.open File.new IO.sysopen",
		actRmTree: "FileUtils.rm_rf FileUtils.rm_r FileUtils.remove_dir FileUtils.remove_entry FileUtils.remove_entry_secure FileUtils.rmtree",
		actRemove: "FileUtils.rm FileUtils.rm_f FileUtils.remove FileUtils.safe_unlink File.delete File.unlink",
		actRmdir:  "Dir.rmdir Dir.delete Dir.unlink FileUtils.rmdir",
		actWrite: "File.write File.binwrite IO.write IO.binwrite Dir.mkdir FileUtils.mkdir FileUtils.mkdir_p " +
			"FileUtils.makedirs FileUtils.mkpath FileUtils.touch File.truncate File.mkfifo",
		actRead:  "File.read File.readlines File.binread File.foreach IO.read IO.readlines IO.binread IO.foreach",
		actCopy:  "FileUtils.cp FileUtils.copy FileUtils.cp_r FileUtils.copy_file IO.copy_stream FileUtils.copy_entry",
		actMove:  "FileUtils.mv FileUtils.move File.rename",
		actChdir: "Dir.chdir FileUtils.cd FileUtils.chdir",
		actLink: "File.symlink File.link FileUtils.ln FileUtils.ln_s FileUtils.ln_sf FileUtils.symlink FileUtils.link " +
			"FileUtils.install",
		actWriteList: "File.chmod File.lchmod FileUtils.chmod FileUtils.chmod_R File.chown File.lchown FileUtils.chown " +
			"FileUtils.chown_R File.utime",
	})
	t.byName[langPHP] = actTable(map[codeAct]string{
		actShell:  "system exec shell_exec passthru popen",
		actSystem: "proc_open",
		actRemove: "unlink",
		actRmdir:  "rmdir",
		actWrite:  "file_put_contents chmod chown chgrp touch mkdir lchown lchgrp",
		actChdir:  "chdir",
		actLink:   "symlink link",
		actRead:   "file_get_contents readfile file",
		actOpen:   "fopen",
		actCopy:   "copy",
		actMove:   "rename",
	})
	t.byName[langLua] = actTable(map[codeAct]string{
		actShell:  "os.execute io.popen",
		actRemove: "os.remove",
		actOpen:   "io.open",
		actRead:   "io.lines",
		actMove:   "os.rename",
		actWrite:  "io.output lfs.mkdir lfs.touch",
		actLink:   "lfs.link",
		actChdir:  "lfs.chdir",
		actRmdir:  "lfs.rmdir",
	})
	t.byName[langR] = actTable(map[codeAct]string{
		actShell:   "system shell",
		actSystem2: "system2",
		actFsRm:    "unlink",
		actRemove:  "file.remove",
		actRead:    "readLines",
		actCopy:    "file.copy",
		actMove:    "file.rename",
		actWrite:   "file.create dir.create Sys.chmod Sys.setFileTime file.append sink",
		actLink:    "file.symlink file.link writeLines saveRDS write.csv write.table",
		actChdir:   "setwd",
	})
	t.byName[langAwk] = actTable(map[codeAct]string{actShell: "system"})
	t.pyLast = make(map[string]bool)
	for _, m := range []map[string]codeAct{t.byName[langPython], t.pyMethods} {
		for n := range m {
			t.pyLast[lastPart(n)] = true
		}
	}
	return t
}}

// actTable turns rows of an action and its names into a map from each
// name to its action.
func actTable(rows map[codeAct]string) map[string]codeAct {
	m := make(map[string]codeAct)
	for act, names := range rows {
		for _, n := range strings.Fields(names) {
			if _, dup := m[n]; dup {
				panic("BUG(mewsandbox): " + n + " has two actions in a table of inline code's calls")
			}
			m[n] = act
		}
	}
	return m
}

// call reads the call whose name is token i, if it is one that runs,
// deletes, writes or reads.
func (s *codeScan) call(i int) {
	t := s.toks[i]
	name := s.resolve(t.text)
	method := i > 0 && s.toks[i-1].text == "."
	if method && (s.lang == langPerl || s.lang == langPHP) {
		return // concatenation, not a method
	}
	if i > 1 && s.toks[i-1].text == ">" && s.toks[i-2].text == "-" {
		return // $obj->system(…): a method of an object
	}
	act := s.action(name, method)
	if act == actNone && !method && !strings.Contains(name, ".") {
		// from os import *; system(…)
		for _, m := range s.stars {
			if a := s.action(m+"."+name, false); a != actNone {
				name, act = m+"."+name, a
				break
			}
		}
	}
	if act == actNone && s.lang == langJS && s.dynRequire && !s.childProcess {
		k := strings.LastIndexByte(name, '.')
		switch name[k+1:] {
		case "exec", "execSync", "spawn", "spawnSync", "execFile", "execFileSync":
			// A call on the module (m.exec, require(x).exec) or by a
			// bare name (destructured from it), not on a value (re.exec).
			if i+1 >= len(s.toks) || s.toks[i+1].text != "(" {
				break
			}
			if k < 0 && !method || k >= 0 && containsString(s.dynNames, name[:k]) || k < 0 && method && i > 2 && s.toks[i-2].text == ")" && s.match[i-2] > 0 && s.toks[s.match[i-2]-1].text == "require" {
				s.found = append(s.found, codeFound{name: name, call: s.src[t.from:t.to], unknown: "of a module only known at run time, which may be child_process"})
			}
		}
		return
	}
	if act == actNone {
		return
	}
	if act == actChdir && s.chdirHome(i, name) {
		// Perl's chdir and Ruby's Dir.chdir with no directory go to
		// $HOME, as cd does.
		s.words(name, s.src[t.from:t.to], []string{"cd", "~"})
		return
	}
	var args [][2]int
	var end int
	switch {
	case i+1 < len(s.toks) && s.toks[i+1].text == "(" && s.match[i+1] > i:
		end = s.match[i+1] + 1
		args = s.split(i+2, end-1)
	case s.lang == langLua && i+1 < len(s.toks) && s.toks[i+1].kind == tokString:
		// os.execute "cmd", os.execute [[cmd]]: one argument
		end = i + 2
		args = [][2]int{{i + 1, i + 2}}
	case s.lang == langPerl || s.lang == langRuby:
		// Perl's open also takes a bareword handle first (open F, ">x";
		// open my $f, ">", $p).
		// Perl's arguments may also start with a call (unlink
		// glob("*")) or its glob operator (unlink <*>).
		// unlink glob "~/*": glob's own argument without parentheses.
		perlArg := s.lang == langPerl && i+1 < len(s.toks) && (s.toks[i+1].kind == tokName && i+2 < len(s.toks) && s.toks[i+2].text == "(" ||
			s.toks[i+1].kind == tokPunct && s.toks[i+1].text == "<" || s.toks[i+1].kind == tokName && s.toks[i+1].text == "glob")
		if i+1 >= len(s.toks) || !s.argStart(s.toks[i+1]) && !perlArg && (act != actPerlOpen && act != actSysOpen || s.toks[i+1].kind != tokName) &&
			(act != actWriteList || s.toks[i+1].kind != tokOther) {
			return
		}
		end = s.statementEnd(i + 1)
		args = s.split(i+1, end)
	default:
		return
	}
	call := s.src[t.from:s.toks[end-1].to]
	if method && s.lang == langPython && act != actExtract {
		// A method of a path (Path(p).unlink()): the path is the first
		// argument.
		from, to := s.receiver(i - 1)
		if from < 0 {
			return
		}
		if act == actMove && !s.pathCall(from) {
			return // "a-b".replace("-", "/"), df.rename(…): not a path's
		}
		call = s.src[s.toks[from].from:s.toks[end-1].to]
		args = append([][2]int{{from, to}}, args...)
	}
	s.act(act, name, call, args)
}

// chdirHome says whether the chdir call whose name is token i names no
// directory, so goes to $HOME: Perl's chdir, chdir() and Ruby's
// Dir.chdir, Dir.chdir { … }.
func (s *codeScan) chdirHome(i int, name string) bool {
	if s.lang != langPerl && (s.lang != langRuby || name != "Dir.chdir") {
		return false
	}
	if i+1 >= len(s.toks) {
		return true
	}
	n := s.toks[i+1]
	if n.text == "(" {
		return s.match[i+1] == i+2
	}
	if s.lang == langRuby && n.text == "{" || n.text == "do" {
		return true
	}
	return !s.argStart(n)
}

// pathCall says whether the tokens from from are a call of Path (or
// PurePath, PosixPath), as a method's receiver: Path("a").rename(…).
func (s *codeScan) pathCall(from int) bool {
	t := s.toks[from]
	if t.kind != tokName || from+1 >= len(s.toks) || s.toks[from+1].text != "(" {
		return false
	}
	switch lastPart(s.resolve(t.text)) {
	case "Path", "PurePath", "PosixPath":
		return true
	}
	return false
}

// argStart says whether t may start the arguments of a call written
// without parentheses (system "cmd", unlink $f).
func (s *codeScan) argStart(t token) bool {
	switch t.kind {
	case tokString, tokRun, tokWords:
		return true
	case tokName:
		switch t.text {
		case "or", "and", "if", "unless", "do", "x", "eq", "ne":
			return false
		}
		return s.lang == langPerl && (t.text[0] == '$' || t.text[0] == '@') || s.lang == langRuby
	case tokPunct:
		return t.text == "[" || t.text == "{" && s.lang == langRuby
	}
	return false
}

// statementEnd returns the index of the token that ends the statement
// starting at i: a ; or a newline, a closing bracket, or a low-precedence
// operator.
func (s *codeScan) statementEnd(i int) int {
	for k := i; k < len(s.toks); k++ {
		if s.spend(1); s.tooLong {
			return len(s.toks)
		}
		t := s.toks[k]
		switch {
		case t.kind == tokPunct && (t.text == ";" || t.text == "\n" || t.text == ")" || t.text == "]" || t.text == "}"):
			return k
		case t.kind == tokPunct && (t.text == "(" || t.text == "[" || t.text == "{") && s.match[k] > k:
			k = s.match[k]
		case t.kind == tokName && (t.text == "or" || t.text == "and" || t.text == "if" || t.text == "unless" || t.text == "do"):
			return k
		case t.kind == tokPunct && (t.text == "|" || t.text == "&") && k+1 < len(s.toks) && s.toks[k+1].text == t.text:
			return k
		}
	}
	return len(s.toks)
}

// split returns the arguments between tokens from and to, split at
// commas outside brackets (Perl's and Ruby's => too, as a comma).
func (s *codeScan) split(from, to int) [][2]int {
	var out [][2]int
	start := from
	for k := from; k <= to; k++ {
		if s.spend(1); s.tooLong {
			return nil
		}
		sep := 1
		if k < to {
			t := s.toks[k]
			if t.kind == tokPunct && (t.text == "(" || t.text == "[" || t.text == "{") && s.match[k] > k && s.match[k] < to {
				k = s.match[k]
				continue
			}
			switch {
			case s.fatComma(k, from, to):
				sep = 2 // Perl's => is a comma too: open F => ">x"
			case t.kind != tokPunct || t.text != ",":
				continue
			}
		}
		a, b := start, k
		for a < b && s.toks[a].text == "\n" {
			a++
		}
		for b > a && s.toks[b-1].text == "\n" {
			b--
		}
		if a < b {
			out = append(out, [2]int{a, b})
		}
		start = k + sep
		k += sep - 1
	}
	return out
}

// fatComma says whether the tokens at k, between from and to, are Perl's
// =>, an = and a > side by side (not <=> or ==>).
func (s *codeScan) fatComma(k, from, to int) bool {
	t := s.toks[k]
	if s.lang != langPerl || t.kind != tokPunct || t.text != "=" || k+1 >= to {
		return false
	}
	n := s.toks[k+1]
	if n.kind != tokPunct || n.text != ">" || n.from != t.to {
		return false
	}
	if k > from {
		p := s.toks[k-1]
		return p.to != t.from || p.kind != tokPunct || p.text != "<" && p.text != "=" && p.text != "!"
	}
	return true
}

// receiver returns the tokens of the value a method is called on, the
// value that ends at token dot-1: a call (Path(p)), a parenthesised
// expression, or a string; from is -1 when it is none of them.
func (s *codeScan) receiver(dot int) (from, to int) {
	k := dot - 1
	if k < 0 {
		return -1, 0
	}
	switch t := s.toks[k]; {
	case t.kind == tokString:
		return k, dot
	case t.text == ")" && s.match[k] >= 0:
		open := s.match[k]
		for open > 0 && s.toks[open-1].kind == tokName {
			// Path(p), or a chain: Path(p).expanduser()
			open--
			if open > 1 && s.toks[open-1].text == "." && s.toks[open-2].text == ")" && s.match[open-2] >= 0 {
				open = s.match[open-2]
				continue
			}
			break
		}
		return open, dot
	case t.kind == tokName:
		return k, dot
	}
	return -1, 0
}

// value evaluates the expression in tokens from to to as a string: string
// literals, joined (+, Perl's and PHP's ., Lua's .., Python's / of
// paths, Python's and awk's juxtaposition), the home directory's names
// (os.path.expanduser("~"), Path.home(), process.env.HOME, Dir.home,
// $ENV{HOME}: codeHome), and path joins (os.path.join, path.join,
// File.join, Path(a, b)). ok is false for any other.
func (s *codeScan) value(from, to int) (string, bool) {
	var b strings.Builder
	term, join := true, false
	for i := from; i < to; {
		if s.spend(1); s.tooLong {
			return "", false
		}
		t := s.toks[i]
		if !term {
			switch {
			case t.text == "+" && (s.lang == langPython || s.lang == langJS || s.lang == langRuby):
			case t.text == "." && (s.lang == langPerl || s.lang == langPHP):
			case t.text == "&" && s.lang == langAppleScript:
			case t.text == "." && s.lang == langLua && i+1 < to && s.toks[i+1].text == ".":
				i++
			case t.text == "/" && s.lang == langPython:
				join = true
			case t.kind == tokString && (s.lang == langPython || s.lang == langAwk):
				term = true
				continue
			default:
				return "", false
			}
			term = true
			i++
			continue
		}
		v, next, ok := s.term(i, to)
		if !ok {
			return "", false
		}
		if join {
			v = joinCodePath(b.String(), v)
			b.Reset()
		}
		b.WriteString(v)
		term, join, i = false, false, next
	}
	return b.String(), !term
}

// joinCodePath joins b to a as a path join does: an absolute b replaces
// a.
func joinCodePath(a, b string) string {
	switch {
	case a == "":
		return b
	case b != "" && (b[0] == '/' || b[0] == codeHome):
		return b
	case strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}

// expandHome is os.path.expanduser: a leading ~ names the home directory.
func expandHome(v string) string {
	if v == "~" || strings.HasPrefix(v, "~/") {
		return string(rune(codeHome)) + v[1:]
	}
	return v
}

// perlGlobOp evaluates Perl's glob operator at token i, <~/.bashrc>: as
// glob("~/.bashrc"), the one name a pattern without wildcards gives.
// <F>, <$f> and <> read a handle instead, and are no value.
func (s *codeScan) perlGlobOp(i, to int) (v string, next int, ok bool) {
	for j := i + 1; j < to; j++ {
		if s.toks[j].text != ">" {
			continue
		}
		pat := s.src[s.toks[i].to:s.toks[j].from]
		name := strings.TrimPrefix(pat, "$")
		if name == "" || isName(name) || strings.ContainsAny(pat, "*?[{ \t") {
			return "", 0, false
		}
		return expandHome(pat), j + 1, true
	}
	return "", 0, false
}

// term evaluates the term of an expression at token i; next is the
// token after it.
func (s *codeScan) term(i, to int) (v string, next int, ok bool) {
	t := s.toks[i]
	switch {
	case t.kind == tokString:
		return t.text, i + 1, t.lit
	case t.text == "(" && s.match[i] > i && s.match[i] < to:
		v, ok := s.value(i+1, s.match[i])
		return v, s.match[i] + 1, ok
	case s.lang == langPerl && t.kind == tokPunct && t.text == "<":
		return s.perlGlobOp(i, to)
	case t.kind != tokName:
		return "", 0, false
	}
	home := string(rune(codeHome))
	if v, ok := s.vals[t.text]; ok && v != "" && (i+1 >= to || s.toks[i+1].text != "(" && s.toks[i+1].text != "[") {
		return v, i + 1, true // a name bound to a string
	}
	switch t.text {
	case "process.env.HOME", "Bun.env.HOME", "Dir.home":
		if t.text != "Dir.home" || i+1 >= to || s.toks[i+1].text != "(" {
			return home, i + 1, true
		}
	}
	if i+1 >= to {
		return "", 0, false
	}
	open := i + 1
	close := s.match[open]
	if close < 0 || close >= to {
		return "", 0, false
	}
	switch s.toks[open].text {
	case "[", "{":
		// os.environ["HOME"], process.env["HOME"], ENV['HOME'],
		// $ENV{HOME}, $_SERVER['HOME']
		switch t.text {
		case "os.environ", "process.env", "ENV", "$ENV", "$_SERVER", "$_ENV":
			if close == open+2 && (s.toks[open+1].text == "HOME" && s.toks[open+1].lit || s.toks[open+1].kind == tokName && s.toks[open+1].text == "HOME" && t.text == "$ENV") {
				return home, close + 1, true
			}
		}
		return "", 0, false
	case "(":
	default:
		return "", 0, false
	}
	args := s.split(open+1, close)
	vals := make([]string, 0, len(args))
	for _, a := range args {
		if a[1]-a[0] >= 2 && s.toks[a[0]+1].text == "=" {
			continue // a keyword argument
		}
		v, ok := s.value(a[0], a[1])
		if !ok {
			return "", 0, false
		}
		vals = append(vals, v)
	}
	next = close + 1
	name := t.text
	if s.lang == langPython {
		name = s.resolve(name)
	}
	last := name
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		last = name[k+1:]
	}
	switch {
	case len(vals) == 0 && (name == "Path.home" || name == "pathlib.Path.home" || last == "homedir" || name == "Dir.home"):
		v = home
	case len(vals) == 1 && name == "require" && (vals[0] == "os" || vals[0] == "node:os") &&
		next+3 < to && s.toks[next].text == "." && s.toks[next+1].text == "homedir" && s.match[next+2] == next+3:
		// require("os").homedir()
		v, next = home, next+4
	case len(vals) == 1 && vals[0] == "HOME" && (name == "os.getenv" || name == "os.environ.get" || name == "getenv" || name == "ENV.fetch" || name == "Sys.getenv" || name == "Deno.env.get"):
		v = home
	case len(vals) == 1 && (name == "os.path.expanduser" || name == "File.expand_path" || name == "path.expand"):
		v = expandHome(vals[0])
	case len(vals) == 1 && s.lang == langPerl && name == "glob" && !strings.ContainsAny(vals[0], "*?[{ \t"):
		// Perl's glob expands a leading ~ as the shell does; a pattern
		// without wildcards or spaces is the one name it returns:
		// open(F, ">>", glob("~/.bashrc")).
		v = expandHome(vals[0])
	case len(vals) == 1 && (name == "str" || name == "String" || name == "os.fspath" || name == "os.path.abspath" || name == "os.path.normpath" || name == "os.path.realpath" || name == "normalizePath"):
		v = vals[0]
	case len(vals) > 0 && (name == "os.path.join" || name == "path.join" || name == "path.resolve" || name == "File.join" || name == "file.path" ||
		last == "Path" || last == "PurePath" || last == "PosixPath"):
		for _, x := range vals {
			v = joinCodePath(v, x)
		}
	default:
		return "", 0, false
	}
	return s.methods(v, next, to)
}

// methods follows the methods called on the path v that keep it a path:
// Path(p).expanduser(), .resolve(), .absolute(), .joinpath(a, b). next
// is the token after v.
func (s *codeScan) methods(v string, next, to int) (string, int, bool) {
	for next+3 < to && s.toks[next].text == "." && s.toks[next+2].text == "(" && s.match[next+2] > next+2 && s.match[next+2] < to {
		close := s.match[next+2]
		switch s.toks[next+1].text {
		case "expanduser":
			v = expandHome(v)
		case "resolve", "absolute":
		case "joinpath":
			for _, a := range s.split(next+3, close) {
				x, ok := s.value(a[0], a[1])
				if !ok {
					return "", 0, false
				}
				v = joinCodePath(v, x)
			}
		default:
			return v, next, true
		}
		next = close + 1
	}
	return v, next, true
}

// list evaluates a list of strings ([a, b], qw(a b), %w(a b), c(a, b),
// array(a, b)) in tokens from to to; isList is false for what is not
// written as a list.
func (s *codeScan) list(from, to int) (words []string, isList, ok bool) {
	t := s.toks[from]
	switch {
	case to-from == 1 && t.kind == tokWords:
		return strings.Fields(t.text), true, t.lit
	case (t.text == "[" || t.text == "(" && s.lang == langPerl) && s.match[from] == to-1:
	case t.kind == tokName && (t.text == "c" && s.lang == langR || t.text == "array" && s.lang == langPHP) && from+1 < to && s.match[from+1] == to-1:
		from++
	default:
		return nil, false, false
	}
	for _, a := range s.split(from+1, to-1) {
		if l, isList, ok := s.list(a[0], a[1]); isList {
			if !ok {
				return nil, true, false
			}
			words = append(words, l...)
			continue
		}
		v, ok := s.value(a[0], a[1])
		if !ok {
			return nil, true, false
		}
		words = append(words, v)
	}
	return words, true, true
}

// text returns the source of tokens from to to.
func (s *codeScan) text(from, to int) string {
	if from >= to {
		return ""
	}
	return s.src[s.toks[from].from:s.toks[to-1].to]
}

// shellText is a command line with the home directory named as ~.
func shellText(v string) string {
	return strings.ReplaceAll(v, string(rune(codeHome)), "~")
}

// shell records a shell command line the code runs; expr is what gave
// it, when it is not known.
func (s *codeScan) shell(name, call, v string, lit bool, expr string) {
	if !lit {
		s.unknownCommand(name, call, expr)
		return
	}
	s.found = append(s.found, codeFound{name: name, call: call, shell: true, words: []string{shellText(v)}})
}

// shellArg records the shell command line that tokens from to to give.
func (s *codeScan) shellArg(name, call string, from, to int) {
	v, ok := s.value(from, to)
	s.shell(name, call, v, ok, s.text(from, to))
}

// words records a command's words the code runs.
func (s *codeScan) words(name, call string, ws []string) {
	if len(ws) == 0 {
		return
	}
	for k := range ws {
		ws[k] = shellText(ws[k])
	}
	s.found = append(s.found, codeFound{name: name, call: call, words: ws, path: -1})
}

// argWords evaluates arguments as a command's words, a list among them
// spread; ok is false when one is not known.
func (s *codeScan) argWords(args [][2]int) ([]string, bool) {
	var out []string
	for _, a := range args {
		if l, isList, ok := s.list(a[0], a[1]); isList {
			if !ok {
				return nil, false
			}
			out = append(out, l...)
			continue
		}
		v, ok := s.value(a[0], a[1])
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// flag says whether a keyword argument or an option among args is set
// true: shell=True, {recursive: true}, recursive = TRUE.
func (s *codeScan) flag(args [][2]int, key string) bool {
	for _, a := range args {
		for k := a[0]; k+2 < a[1]; k++ {
			if s.toks[k].kind == tokName && s.toks[k].text == key && (s.toks[k+1].text == "=" || s.toks[k+1].text == ":") {
				switch s.toks[k+2].text {
				case "True", "true", "TRUE", "T", "1":
					return true
				}
			}
		}
	}
	return false
}

// keyword says whether a keyword argument key=… is among args.
func (s *codeScan) keyword(args [][2]int, key string) bool {
	for _, a := range args {
		if a[1]-a[0] >= 2 && s.toks[a[0]].text == key && s.toks[a[0]+1].text == "=" {
			return true
		}
	}
	return false
}

// positional drops keyword arguments (name=value) and leading option
// hashes (Ruby's system({"A" => "b"}, …)).
func (s *codeScan) positional(args [][2]int) [][2]int {
	out := args[:0:0]
	for _, a := range args {
		t := s.toks[a[0]]
		if a[1]-a[0] >= 2 && t.kind == tokName && s.toks[a[0]+1].text == "=" && s.lang != langPerl {
			continue
		}
		if len(out) == 0 && s.lang == langRuby && t.text == "{" && s.match[a[0]] == a[1]-1 {
			continue
		}
		out = append(out, a)
	}
	return out
}

// codeCall is a call of inline code that runs, deletes, writes or reads:
// its name (os.system), its text as written, and its arguments as token
// ranges, the positional ones (args, never empty) and all of them (all).
type codeCall struct {
	name, call string
	args, all  [][2]int
}

// act records what a call does with its arguments.
func (s *codeScan) act(act codeAct, name, call string, all [][2]int) {
	args := s.positional(all)
	if act == actLogFile || act == actExtract && len(args) == 0 {
		// logging.basicConfig(filename=…), extractall(path=…): the file
		// by keyword; none, the standard error or the working directory.
		key := "filename"
		if act == actExtract {
			key = "path"
		}
		if a, ok := s.keywordArg(all, key); ok {
			v, ok := s.value(a[0], a[1])
			s.file(name, call, []string{"tee"}, v, ok, s.text(a[0], a[1]))
		}
		return
	}
	if s.lang == langPython && (len(args) == 0 && len(all) > 0 || act == actSubprocess && s.keyword(all, "executable")) {
		// subprocess.run(args=[…]), shutil.rmtree(path="/"), or a
		// program named apart from its words (executable=…).
		s.found = append(s.found, codeFound{name: name, call: call, unknown: "arguments by keyword, not read"})
		return
	}
	if len(args) == 0 {
		return
	}
	c := codeCall{name: name, call: call, args: args, all: all}
	if act == actOpenCmd {
		// open3($in, $out, $err, CMD…), open2($out, $in, CMD…): the
		// command after the handles, judged as system's.
		skip := 2
		if strings.HasSuffix(name, "3") {
			skip = 3
		}
		if len(args) <= skip {
			return
		}
		c.args, act = args[skip:], actSystem
	}
	switch act {
	case actShell, actSystem, actSubprocess, actSpawn, actExecv, actSystem2:
		n0 := len(s.found)
		if act == actShell {
			s.shellArg(name, call, args[0][0], args[0][1])
		} else {
			s.runs(act, c)
		}
		// subprocess.run(…, cwd="/tmp"), execSync(…, {cwd: "/tmp"}):
		// the command runs there.
		if d := s.runDir(c); d != "" {
			for k := n0; k < len(s.found); k++ {
				s.found[k].dir = d
			}
		}
	case actRmTree, actRemove, actRmdir, actFsRm:
		s.deletes(act, c)
	case actWrite, actRead:
		verb := []string{"tee"}
		if act == actRead {
			verb = []string{"cat"}
		}
		v, ok := s.value(args[0][0], args[0][1])
		s.file(name, call, verb, v, ok, s.text(args[0][0], args[0][1]))
	case actOpen:
		s.opens(c)
	case actPerlOpen:
		s.perlOpen(c)
	case actCommand, actCmdList:
		s.spawnsOptions(act, c)
	case actCopy, actMove:
		s.copies(act, c)
	case actExtract:
		v, ok := s.value(args[0][0], args[0][1])
		s.file(name, call, []string{"tee"}, v, ok, s.text(args[0][0], args[0][1]))
	case actLink, actWriteList, actSysOpen:
		s.writesAfter(act, c)
	case actChdir:
		// As cd: the analysis takes the later relative paths of the
		// code's calls from there (os.chdir("/tmp"); open("x", "w")
		// writes /tmp/x), and from nowhere known for a directory only
		// known at run time.
		v, ok := s.value(args[0][0], args[0][1])
		if p, known := codePath(v); ok && known {
			s.words(name, call, []string{"cd", p})
			return
		}
		s.found = append(s.found, codeFound{name: name, call: call, words: []string{"cd", ""}, path: 1, expr: s.text(args[0][0], args[0][1])})
	}
}

// writesAfter records the writes of a call whose written paths follow
// other arguments: a link's (actLink: os.symlink(src, dst)), the list
// after chmod's mode or chown's and utime's two (actWriteList), and a
// file sysopen or os.open opens by flags that write (actSysOpen).
func (s *codeScan) writesAfter(act codeAct, c codeCall) {
	args := c.args
	switch act {
	case actLink:
		if len(args) < 2 {
			return
		}
		if last := strings.ToLower(lastPart(c.name)); strings.Contains(last, "link") || strings.HasPrefix(last, "ln") {
			// A link, as ln makes it: ln -s judges where it leads.
			src, ok1 := s.value(args[0][0], args[0][1])
			dst, ok2 := s.value(args[1][0], args[1][1])
			p1, ok3 := codePath(src)
			p2, ok4 := codePath(dst)
			if ok1 && ok2 && ok3 && ok4 {
				verb := []string{"ln", "-s"}
				if !strings.Contains(last, "sym") && last != "ln_s" && last != "ln_sf" {
					verb = verb[:1] // a hard link
				}
				s.words(c.name, c.call, append(verb, "--", p1, p2))
				return
			}
		}
		args = args[1:2]
	case actWriteList:
		skip := 1
		if strings.Contains(c.name, "chown") || strings.Contains(c.name, "utime") {
			skip = 2
		}
		args = args[min(skip, len(args)):]
	case actSysOpen:
		file := 0
		if s.lang == langPerl {
			file = 1 // sysopen(FH, path, flags)
		}
		if len(args) < file+2 || sysOpenReads(s.text(args[file+1][0], args[file+1][1])) {
			return
		}
		args = args[file : file+1]
	}
	for _, a := range args {
		if l, isList, ok := s.list(a[0], a[1]); isList && ok {
			for _, p := range l {
				s.file(c.name, c.call, []string{"tee"}, p, true, "")
			}
			continue
		}
		v, ok := s.value(a[0], a[1])
		s.file(c.name, c.call, []string{"tee"}, v, ok, s.text(a[0], a[1]))
	}
}

// sysOpenReads says whether the flags of os.open or sysopen, as written,
// open for reading only: O_RDONLY (os.O_RDONLY, Fcntl's) or 0.
func sysOpenReads(flags string) bool {
	switch strings.TrimSpace(flags) {
	case "0", "O_RDONLY", "os.O_RDONLY", "Fcntl::O_RDONLY", "O_RDONLY()":
		return true
	}
	return false
}

// keywordArg returns the value of the keyword argument key=… among
// args.
func (s *codeScan) keywordArg(args [][2]int, key string) ([2]int, bool) {
	for _, a := range args {
		if a[1]-a[0] >= 3 && s.toks[a[0]].text == key && s.toks[a[0]+1].text == "=" {
			return [2]int{a[0] + 2, a[1]}, true
		}
	}
	return [2]int{}, false
}

// runs records the command a call that runs one gives (actSystem,
// actSubprocess, actSpawn, actExecv, actSystem2): a list of words, a
// command line, or a program and its arguments.
func (s *codeScan) runs(act codeAct, c codeCall) {
	name, call, args := c.name, c.call, c.args
	a0 := args[0]
	if act == actExecv {
		args = args[1:]
		if len(args) == 0 {
			return
		}
	}
	if l, isList, ok := s.list(args[0][0], args[0][1]); act != actSpawn && act != actSystem2 && isList {
		if !ok {
			s.unknownCommand(name, call, s.text(args[0][0], args[0][1]))
			return
		}
		s.words(name, call, l)
		return
	}
	if act == actSystem && (len(args) == 1 || name == "IO.popen") || act == actSubprocess && s.flag(c.all, "shell") {
		// IO.popen(cmd, mode): the second argument is the mode, not a word.
		s.shellArg(name, call, a0[0], a0[1])
		return
	}
	if act == actSpawn && len(args) > 1 {
		// spawn(program, [args], {options}, callback): the options
		// and the callback are no words.
		n := 2
		if t := s.toks[args[1][0]]; t.text == "{" && s.match[args[1][0]] == args[1][1]-1 {
			n = 1
		}
		args = args[:n]
	}
	ws, ok := s.argWords(args)
	if act == actSubprocess {
		ws, ok = s.argWords(args[:1])
	}
	if !ok {
		s.unknownCommand(name, call, s.text(a0[0], args[len(args)-1][1]))
		return
	}
	if act == actSystem2 || act == actSpawn && s.flag(c.all, "shell") {
		s.shell(name, call, strings.Join(ws, " "), true, "")
		return
	}
	s.words(name, call, ws)
}

// runDir returns the directory a call that runs a command names for
// it, as written (Python's cwd=, an options object's cwd:), "?" when it
// is only known at run time, "" when it names none.
func (s *codeScan) runDir(c codeCall) string {
	var at [2]int
	found := false
	switch s.lang {
	case langPython:
		at, found = s.keywordArg(c.all, "cwd")
	case langJS:
		for _, a := range c.args {
			if s.toks[a[0]].text != "{" || s.match[a[0]] != a[1]-1 {
				continue
			}
			for _, e := range s.split(a[0]+1, a[1]-1) {
				if e[1]-e[0] >= 3 && s.toks[e[0]].text == "cwd" && s.toks[e[0]+1].text == ":" {
					at, found = [2]int{e[0] + 2, e[1]}, true
				}
			}
		}
	}
	if !found {
		return ""
	}
	v, ok := s.value(at[0], at[1])
	if p, known := codePath(v); ok && known {
		return p
	}
	return "?"
}

// deletes records the deletes of a call that deletes its paths
// (actRmTree, actRemove, actRmdir, actFsRm) as rm -rf, rm -f or rmdir
// of them. Python's, JavaScript's, R's, Lua's and PHP's delete their
// first argument only; the others are options.
func (s *codeScan) deletes(act codeAct, c codeCall) {
	verb := []string{"rm", "-f"}
	switch {
	case act == actRmTree || act == actFsRm && s.flag(c.all, "recursive"):
		verb = []string{"rm", "-rf"}
	case act == actRmdir:
		verb = []string{"rmdir"}
	}
	for _, a := range c.args {
		if l, isList, ok := s.list(a[0], a[1]); isList && ok {
			for _, p := range l {
				s.file(c.name, c.call, verb, p, true, "")
			}
			continue
		}
		v, ok := s.value(a[0], a[1])
		s.file(c.name, c.call, verb, v, ok, s.text(a[0], a[1]))
		if s.lang == langPython || s.lang == langJS || s.lang == langR || s.lang == langLua || s.lang == langPHP {
			break
		}
	}
}

// opens records an open of a file (actOpen) as a read (cat) or, by a
// mode that writes, appends or updates, a write (tee); Ruby's
// open("|cmd") runs a command line.
func (s *codeScan) opens(c codeCall) {
	a0 := c.args[0]
	v, ok := s.value(a0[0], a0[1])
	mode := ""
	if len(c.args) > 1 {
		mode, _ = s.value(c.args[1][0], c.args[1][1])
	}
	for _, a := range c.all {
		if a[1]-a[0] == 3 && s.toks[a[0]].text == "mode" && s.toks[a[0]+1].text == "=" {
			mode, _ = s.value(a[0]+2, a[1])
		}
	}
	if s.lang == langRuby && c.name == "open" && strings.HasPrefix(v, "|") {
		s.shell(c.name, c.call, strings.TrimPrefix(v, "|"), ok, s.text(a0[0], a0[1]))
		return
	}
	verb := []string{"cat"}
	if strings.ContainsAny(mode, "wax+") {
		verb = []string{"tee"}
	}
	s.file(c.name, c.call, verb, v, ok, s.text(a0[0], a0[1]))
}

// perlOpen records Perl's open: of two arguments, by the mode written
// in the second (open(F, "cmd|"), open(F, ">file")); of three or more,
// by the mode apart (open(F, "-|", "cmd", @args), open(F, ">", $file)).
func (s *codeScan) perlOpen(c codeCall) {
	args := c.args
	if len(args) < 2 {
		return
	}
	v, ok := s.value(args[1][0], args[1][1])
	if !ok && len(args) == 2 && args[1][0] < args[1][1] {
		// Part of it only known at run time (open(F, ">$X/x"), open(F,
		// ">" . $f)): the mode is still written where it starts, or a
		// pipe's where it ends.
		first, last := s.toks[args[1][0]], s.toks[args[1][1]-1]
		expr := s.text(args[1][0], args[1][1])
		switch {
		case first.kind == tokString && strings.HasPrefix(strings.TrimSpace(first.text), "|"),
			last.kind == tokString && strings.HasSuffix(strings.TrimSpace(last.text), "|"):
			s.shell(c.name, c.call, "", false, expr)
		case first.kind == tokString && (strings.HasPrefix(strings.TrimSpace(first.text), ">") || strings.HasPrefix(strings.TrimSpace(first.text), "+")):
			s.file(c.name, c.call, []string{"tee"}, "", false, expr)
		case first.kind != tokString && last.kind != tokString:
			// Wholly only known at run time (open(F, $ENV{K}),
			// open(F, $ARGV[0])): its mode is in it, and 'rm -rf ~|'
			// runs rm.
			s.shell(c.name, c.call, "", false, expr)
		}
		return
	}
	if !ok {
		return
	}
	if len(args) == 2 {
		t := strings.TrimSpace(v)
		switch {
		case strings.HasPrefix(t, "|"):
			s.shell(c.name, c.call, t[1:], true, "")
		case strings.HasSuffix(t, "|"):
			s.shell(c.name, c.call, strings.TrimSuffix(t, "|"), true, "")
		case strings.HasPrefix(t, ">") || strings.HasPrefix(t, "+"):
			s.file(c.name, c.call, []string{"tee"}, strings.TrimSpace(strings.TrimLeft(t, "+<>")), true, "")
		default:
			s.file(c.name, c.call, []string{"cat"}, strings.TrimSpace(strings.TrimPrefix(t, "<")), true, "")
		}
		return
	}
	rest := args[2:]
	if mode := strings.TrimSpace(v); mode != "-|" && mode != "|-" {
		p, ok := s.value(rest[0][0], rest[0][1])
		verb := []string{"cat"}
		if strings.ContainsAny(mode, ">+") {
			verb = []string{"tee"}
		}
		s.file(c.name, c.call, verb, p, ok, s.text(rest[0][0], rest[0][1]))
		return
	}
	if len(rest) == 1 {
		s.shellArg(c.name, c.call, rest[0][0], rest[0][1])
		return
	}
	ws, ok := s.argWords(rest)
	if !ok {
		s.unknownCommand(c.name, c.call, s.text(rest[0][0], rest[len(rest)-1][1]))
		return
	}
	s.words(c.name, c.call, ws)
}

// spawnsOptions records the words of new Deno.Command(program, {args:
// [...]}) (actCommand), and of Bun.spawn([...]), Bun.spawn({cmd: [...]})
// or Deno.run({cmd: [...]}) (actCmdList).
func (s *codeScan) spawnsOptions(act codeAct, c codeCall) {
	a0 := c.args[0]
	var ws []string
	ok := true
	if act == actCommand {
		var p string
		p, ok = s.value(a0[0], a0[1])
		ws = append(ws, p)
		if ok && len(c.args) > 1 {
			l, has, lok := s.option(c.args[1], "args")
			ok = lok
			if has {
				ws = append(ws, l...)
			}
		}
	} else if l, isList, lok := s.list(a0[0], a0[1]); isList {
		ws, ok = l, lok
	} else {
		l, has, lok := s.option(a0, "cmd")
		ws, ok = l, lok && has
	}
	if !ok {
		s.unknownCommand(c.name, c.call, s.text(a0[0], c.args[len(c.args)-1][1]))
		return
	}
	s.words(c.name, c.call, ws)
}

// copies records a copy (actCopy) or a move (actMove) of known paths
// as cp, cp -r or mv of them; one of a path not known is left.
func (s *codeScan) copies(act codeAct, c codeCall) {
	if len(c.args) < 2 {
		return
	}
	src, ok1 := s.value(c.args[0][0], c.args[0][1])
	dst, ok2 := s.value(c.args[1][0], c.args[1][1])
	if !ok1 || !ok2 {
		return
	}
	verb := "mv"
	if act == actCopy {
		verb = "cp"
		if c.name == "shutil.copytree" || strings.HasSuffix(c.name, "cp_r") || s.flag(c.all, "recursive") {
			verb = "cp -r"
		}
	}
	p1, ok1 := codePath(src)
	p2, ok2 := codePath(dst)
	if ok1 && ok2 {
		s.words(c.name, c.call, append(strings.Fields(verb), "--", p1, p2))
	}
}

// option returns the list that key names in the object literal a ({args:
// [...]}): has is false when a names none, ok false when a is no object
// literal or the list is not known.
func (s *codeScan) option(a [2]int, key string) (words []string, has, ok bool) {
	if s.toks[a[0]].text != "{" || s.match[a[0]] != a[1]-1 {
		return nil, false, false
	}
	for _, e := range s.split(a[0]+1, a[1]-1) {
		if e[1]-e[0] >= 3 && s.toks[e[0]+1].text == ":" && s.toks[e[0]].text == key {
			l, isList, ok := s.list(e[0]+2, e[1])
			return l, true, isList && ok
		}
	}
	return nil, false, true
}

// codePath returns the path a string in code names, as the shell would
// write it: the home directory as ~, and a leading ~ of the string itself
// (which the code does not expand) as ./~.
func codePath(v string) (string, bool) {
	if v == "" || strings.IndexByte(v[1:], codeHome) >= 0 {
		return "", false
	}
	switch v[0] {
	case '~':
		return "./" + path.Clean(v), true
	case codeHome:
		return path.Clean("~" + v[1:]), true
	}
	return path.Clean(v), true
}

// file records a command on the path v (known when ok) that the code
// amounts to: verb's words then the path. A recursive delete of a path
// not known is recorded with its expression, expr, and so is a write to
// one the shell fills in ('$X/x' in python3 -c "open('$X/x', 'w')"), as
// the shell's echo > "$X"/x would be; the others are left: a path the
// code computes itself (open(sys.argv[1], 'w')) is the kernel's to hold.
func (s *codeScan) file(name, call string, verb []string, v string, ok bool, expr string) {
	if s.lang == langR {
		v = expandHome(v) // R expands a leading ~ in file names
	}
	p, known := codePath(v)
	if !ok || !known {
		// A write of a path partly filled in by the shell, and a delete
		// of one only known at run time, are kept, as rm -f "$x" asks:
		// perl -e 'unlink glob("*")' empties the directory.
		filled := verb[0] == "tee" && strings.ContainsAny(expr, string([]byte{codeHole, codeHome}))
		env := s.envPathKey(expr)
		if !filled && env == "" && (verb[0] != "rm" && verb[0] != "rmdir" || expr == "") {
			return
		}
		s.found = append(s.found, codeFound{name: name, call: call, words: append(verb, "--", ""), path: len(verb) + 1, expr: expr, env: env})
		return
	}
	s.found = append(s.found, codeFound{name: name, call: call, words: append(verb, "--", p), path: len(verb) + 1, known: true})
}

// codeShow shortens code for a message, what the shell fills in at run
// time shown as $….
func codeShow(code string) string {
	return shorten(strings.ReplaceAll(code, string(rune(codeHole)), "$…"))
}

// Why a name makes inline code too complex to check (see dynamic).
const (
	whyRunsCode = "code held in a string, which may be any code"
	whyNamed    = "a function named at run time, which may run anything"
)

// nameSite is a name in inline code where it is used: its token (i),
// its text and last part (os.system, system), whether it names a method
// (after a .) and whether it is called (a ( follows).
type nameSite struct {
	i              int
	name, last     string
	method, called bool
}

// dynamic says why the name at token i makes the code too complex to
// check ("" when it does not): it runs code held in a string (eval,
// exec, new Function, load), calls a function named at run time
// (getattr, send, call_user_func, $f(…)), reaches a module or a
// function by a way the reader does not follow (__import__,
// process.binding, vm), or passes a call that runs, deletes, writes or
// reads as a value ((os.system)(…), f.call(…)). eval and its kin of a
// string literal read that string as code instead.
func (s *codeScan) dynamic(i int) string {
	name := s.toks[i].text
	n := nameSite{
		i:      i,
		name:   name,
		last:   lastPart(name),
		method: i > 0 && s.toks[i-1].text == ".",
		called: i+1 < len(s.toks) && s.toks[i+1].text == "(",
	}
	// A call that runs, deletes, writes or reads, called by .call,
	// .apply, .bind (JavaScript), .call (Ruby's method(:x).call).
	if prefix, ok := strings.CutSuffix(name, "."+n.last); ok && (n.last == "call" || n.last == "apply" || n.last == "bind") {
		if s.action(s.resolve(prefix), false) != actNone {
			return whyNamed
		}
	}
	switch s.lang {
	case langPython:
		return s.dynamicPython(n)
	case langJS:
		return s.dynamicJS(n)
	case langRuby:
		return s.dynamicRuby(n)
	case langPerl:
		return s.dynamicPerl(n)
	case langPHP:
		return s.dynamicPHP(n)
	case langLua:
		return s.dynamicLua(n)
	case langR:
		switch n.last {
		case "eval", "evalq", "do.call", "match.fun", "get", "get0", "mget":
			if n.called {
				return whyNamed
			}
		}
	case langAppleScript:
		if name == "run" && i+1 < len(s.toks) && s.toks[i+1].text == "script" {
			return whyRunsCode
		}
	}
	return ""
}

// dynamicPython is dynamic for Python: exec, eval, compile, runpy;
// __import__ and importlib of a module that may be os or subprocess;
// getattr, globals(), __builtins__; os.spawn*; os.system as a value.
func (s *codeScan) dynamicPython(n nameSite) string {
	i, name, called := n.i, n.name, n.called
	switch {
	case n.method:
	case (name == "exec" || name == "eval") && called:
		return s.evalString(i+1, whyRunsCode)
	case (name == "exec" || name == "eval") && (i+1 >= len(s.toks) || s.toks[i+1].text != "="):
		// exec as a value: map(exec, sys.stdin), f = exec.
		return whyRunsCode
	case pyForeignCode(s.resolve(name)) || s.starForeign(name):
		return "a C library's functions (system, execv, unlink), which may do anything"
	case name == "compile" && called, name == "execfile" && called, name == "runpy.run_path", name == "runpy.run_module":
		return whyRunsCode
	case (name == "__import__" || s.resolve(name) == "importlib.import_module") && called:
		if v, ok := s.value(i+2, max(i+2, s.match[i+1])); ok && !pyRisky(v) {
			return ""
		}
		return "a module only known at run time, which may be os or subprocess"
	case name == "getattr" && called:
		args := s.split(i+2, max(i+2, s.match[i+1]))
		if len(args) >= 2 && args[0][1]-args[0][0] == 1 && s.toks[args[0][0]].kind == tokName && !pyRisky(s.resolve(s.toks[args[0][0]].text)) {
			if _, ok := s.value(args[1][0], args[1][1]); ok {
				return ""
			}
		}
		return whyNamed
	case name == "globals" || name == "locals" || name == "vars" || name == "sys.modules" ||
		name == "__builtins__" || strings.HasPrefix(name, "__builtins__.") || strings.HasPrefix(name, "builtins.") || strings.Contains(name, "__dict__"):
		return whyNamed
	case (strings.Contains(name, ".__getattr") || strings.Contains(name, ".__call__")) && pyRisky(s.resolve(name)):
		// os.__getattribute__("system"), os.system.__call__
		return whyNamed
	case strings.HasPrefix(s.resolve(name), "os.spawn"):
		return "a command os.spawn runs, not read"
	case (s.resolve(name) == "operator.methodcaller" || s.resolve(name) == "operator.attrgetter") && called:
		// operator.attrgetter("system")(os)
		for _, a := range s.split(i+2, max(i+2, s.match[i+1])) {
			if v, ok := s.value(a[0], a[1]); ok && codeCalls.get().pyLast[lastPart(v)] {
				return whyNamed
			}
		}
	case called || s.imported[i] || i+2 < len(s.toks) && s.toks[i+1].text == "=" && s.toks[i+2].text != "=" || s.boundHere(i):
	case strings.Contains(s.resolve(name), ".") && s.action(s.resolve(name), false) != actNone:
		// (os.system)(…), [os.system][0](…), map(os.system, …), and
		// names bound to it: f = os.system; map(f, …)
		return whyNamed
	case !strings.Contains(s.resolve(name), ".") && pyRisky(s.resolve(name)):
		// [os][0].system(…), (lambda: os)().system(…)
		return "the module " + s.resolve(name) + " as a value, whose functions run commands, delete or write"
	}
	return ""
}

// dynamicJS is dynamic for JavaScript: eval, Function, node's vm,
// process.binding, and computed members of child_process
// (require("child_process")["exec"], cp[x]).
func (s *codeScan) dynamicJS(n nameSite) string {
	i, name, last := n.i, n.name, n.last
	switch {
	case name == "eval" && n.called && !n.method:
		return s.evalString(i+1, whyRunsCode)
	case (name == "eval" || name == "globalThis.eval" || name == "global.eval" || name == "window.eval" || name == "self.eval") &&
		!n.method && (i+1 >= len(s.toks) || s.toks[i+1].text != ":"):
		// eval as a value: fetch(u).then(r => r.text()).then(eval),
		// (0, eval)(code), globalThis.eval(code).
		return whyRunsCode
	case last == "Worker" && n.called && s.flag(s.split(i+2, max(i+2, s.match[i+1])), "eval"):
		// new Worker(code, {eval: true}): worker_threads runs the string.
		return whyRunsCode
	case name == "Function" && n.called, name == "new" && i+1 < len(s.toks) && s.toks[i+1].text == "Function":
		return whyRunsCode
	case last == "runInThisContext" || last == "runInNewContext" || last == "runInContext" || last == "compileFunction" || name == "vm.Script":
		return whyRunsCode
	case name == "process.binding" || name == "process._linkedBinding" || name == "process.dlopen":
		return "a binding of node's internals, which may spawn"
	case s.childProcess && i+1 < len(s.toks) && s.toks[i+1].text == "[" && (name == "require" || containsString(s.cpNames, name)):
		return whyNamed
	case (name == "require" || name == "import") && n.called && (s.childProcess || s.fsMentioned):
		// require("child_process")[x], (await import("child_process"))[x],
		// import("child_process").then(m => m[x]).
		k := s.match[i+1] + 1
		for k > 0 && k < len(s.toks) && s.toks[k].text == ")" {
			k++
		}
		switch {
		case k <= 0 || k >= len(s.toks):
		case s.toks[k].text == "[" && s.childProcess:
			return whyNamed
		case k+2 < len(s.toks) && s.toks[k].text == "." && s.toks[k+1].text == "then" && s.toks[k+2].text == "(":
			s.thenParam(k + 3)
		}
	}
	return ""
}

// jsChildMember says whether the [ at token i, in code that names
// child_process, subscripts a value with the name of one of its
// functions.
func (s *codeScan) jsChildMember(i int) bool {
	if s.match[i] <= i+1 {
		return false
	}
	v, ok := s.value(i+1, s.match[i])
	_, child := codeCalls.get().jsChild[v]
	return ok && (child || v == "fork")
}

// jsModuleAt says whether the expression at token k gives a module:
// require(…), import(…), await import(…).
func (s *codeScan) jsModuleAt(k int) bool {
	if k+1 < len(s.toks) && s.toks[k].text == "await" {
		k++
	}
	return s.toks[k].text == "require" || s.toks[k].text == "import" && k+1 < len(s.toks) && s.toks[k+1].text == "("
}

// thenParam records the parameter of the function at token k, given to
// .then of an import(…), as a name bound to a module (cpNames): m of m
// => …, (m) => …, async (m) => …, function (m) { … }.
func (s *codeScan) thenParam(k int) {
	for k < len(s.toks) && (s.toks[k].text == "async" || s.toks[k].text == "function" || s.toks[k].text == "(") {
		k++
	}
	if k < len(s.toks) && s.toks[k].kind == tokName {
		s.cpNames = append(s.cpNames, s.toks[k].text)
	}
}

// dynamicRuby is dynamic for Ruby: eval and its kin, and send or
// method of a name that runs, deletes, writes or reads, or of one only
// known at run time.
func (s *codeScan) dynamicRuby(n nameSite) string {
	switch last := n.last; {
	case (n.name == "eval" || last == "instance_eval" || last == "class_eval" || last == "module_eval" || last == "instance_exec") && !n.method:
		return s.evalString(n.i+1, whyRunsCode)
	case last == "send" || last == "public_send" || last == "__send__" || last == "method" || last == "instance_method":
		return s.rubySend(n)
	}
	return ""
}

// rubySend is dynamicRuby for send(:name, …), method(:name) and their
// kin.
func (s *codeScan) rubySend(n nameSite) string {
	k := n.i + 1
	if k < len(s.toks) && s.toks[k].text == "(" {
		k++
	}
	sent := ""
	switch {
	case k+1 < len(s.toks) && s.toks[k].text == ":" && s.toks[k+1].kind == tokName && s.toks[k+1].from == s.toks[k].to:
		sent = s.toks[k+1].text
	case k < len(s.toks) && s.toks[k].kind == tokString && s.toks[k].lit:
		sent = s.toks[k].text
	case k+1 < len(s.toks) && s.toks[k].text == ":" && s.toks[k+1].kind == tokPunct && s.toks[k+1].from == s.toks[k].to:
		return "" // an operator's symbol, :+
	case n.last == "method" && !n.called:
		return "" // a method named method
	default:
		return whyNamed
	}
	switch sent {
	case "eval", "send", "public_send", "__send__", "syscall", "instance_eval":
		return whyNamed
	}
	if s.action(sent, false) != actNone {
		return whyNamed
	}
	return ""
}

// dynamicPerl is dynamic for Perl: eval of a string, do and require of
// a file, and system { program } words.
func (s *codeScan) dynamicPerl(n nameSite) string {
	i, name := n.i, n.name
	next := ""
	if i+1 < len(s.toks) {
		next = s.toks[i+1].text
	}
	switch {
	case n.method:
	case name == "eval" && next != "{" && next != "":
		return s.evalString(i+1, whyRunsCode)
	case (name == "do" || name == "require") && i+1 < len(s.toks) && (s.toks[i+1].kind == tokString || strings.HasPrefix(next, "$") || next == "(" && name == "do"):
		return "a Perl file only known at run time"
	case (name == "system" || name == "exec" || name == "CORE::system" || name == "CORE::exec") && next == "{":
		return "a program named apart from its words (system { … } …)"
	case i > 0 && s.toks[i-1].text == "&" && s.toks[i-1].to == s.toks[i].from && s.action(name, false) != actNone:
		// \&CORE::system: a reference to it, called later
		return whyNamed
	}
	return ""
}

// dynamicPHP is dynamic for PHP: eval and assert of a string,
// create_function, call_user_func, pcntl_exec, and $f(…).
func (s *codeScan) dynamicPHP(n nameSite) string {
	i, name := n.i, n.name
	lower := strings.ToLower(strings.TrimPrefix(name, "\\"))
	switch {
	case n.method:
	case (lower == "eval" || lower == "assert") && n.called:
		return s.evalString(i+1, whyRunsCode)
	case lower == "create_function" || lower == "call_user_func" || lower == "call_user_func_array" || lower == "pcntl_exec":
		return whyNamed
	case name[0] == '$' && n.called && (i == 0 || s.toks[i-1].text != ">"):
		return whyNamed
	case n.called && s.phpCallbackNamed(i, lower):
		return whyNamed
	}
	return ""
}

// phpCallbacks: PHP's functions that call a function they are given,
// each with the index of the argument that gives it.
var phpCallbacks = lazy[map[string]int]{build: func() map[string]int {
	return map[string]int{
		"array_map": 0, "array_filter": 1, "array_walk": 1, "array_walk_recursive": 1, "array_reduce": 1,
		"usort": 1, "uasort": 1, "uksort": 1, "preg_replace_callback": 1, "iterator_apply": 1,
		"register_shutdown_function": 0, "register_tick_function": 0, "set_error_handler": 0,
		"set_exception_handler": 0, "spl_autoload_register": 0, "ob_start": 0, "header_register_callback": 0,
		"forward_static_call": 0, "forward_static_call_array": 0,
	}
}}

// phpCallbackNamed says whether the call at token i of lower, one of
// phpCallbacks, is given a function only known at run time
// (array_map($f, …)): one that is no closure (function, fn, static),
// method ([$o, 'm']), null, or string, whose name phpFunctionName reads.
func (s *codeScan) phpCallbackNamed(i int, lower string) bool {
	k, ok := phpCallbacks.get()[lower]
	if !ok || s.match[i+1] < 0 {
		return false
	}
	args := s.split(i+2, s.match[i+1])
	if k >= len(args) {
		return false
	}
	switch t := s.toks[args[k][0]]; {
	case t.kind == tokString, t.text == "[":
		return false
	case t.kind == tokName:
		switch strings.ToLower(t.text) {
		case "function", "fn", "static", "null":
			return false
		}
	}
	return true
}

// phpFunctionName says why the string at token i, or the concatenation
// of strings it starts ('sys'.'tem'), makes PHP code too complex to
// check: it names a function that runs a command, deletes or writes, or
// one that calls a function by its name, which PHP calls by that name
// wherever a function goes (array_map('system', …), $f = 'exec'; $f(…),
// 'system'(…)). As the argument of function_exists or is_callable it
// only asks whether that function exists.
func (s *codeScan) phpFunctionName(i int) string {
	if i > 0 && s.toks[i-1].text == "." {
		return "" // read from the concatenation's first string
	}
	j := i + 1
	for j+1 < len(s.toks) && s.toks[j].text == "." && s.toks[j+1].kind == tokString {
		j += 2
	}
	v, ok := s.value(i, j)
	if !ok {
		return ""
	}
	lower := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(v), "\\"))
	_, callback := phpCallbacks.get()[lower]
	switch act := codeCalls.get().byName[langPHP][lower]; {
	case act != actNone && act != actRead, callback:
	case lower == "assert" || lower == "create_function" || lower == "pcntl_exec" || lower == "call_user_func" || lower == "call_user_func_array":
	default:
		return ""
	}
	if i >= 2 && s.toks[i-1].text == "(" && j < len(s.toks) && s.toks[j].text == ")" {
		switch strings.ToLower(strings.TrimPrefix(s.toks[i-2].text, "\\")) {
		case "function_exists", "is_callable":
			return ""
		}
	}
	return "the name of a function that runs a command, deletes or writes, which PHP calls by its name (array_map('system', …))"
}

// dynamicLua is dynamic for Lua: load and loadstring of a string,
// dofile, loadfile and require of a file, os[…] and io[…], and
// os.execute as a value.
func (s *codeScan) dynamicLua(n nameSite) string {
	i, name := n.i, n.name
	switch {
	case (name == "load" || name == "loadstring") && n.called:
		return s.evalString(i+1, whyRunsCode)
	case name == "dofile" || name == "loadfile" || name == "require" && !n.called && i+1 < len(s.toks) && s.toks[i+1].kind != tokString:
		return "a Lua file only known at run time"
	case (name == "os" || name == "io") && i+1 < len(s.toks) && s.toks[i+1].text == "[":
		return whyNamed
	case strings.Contains(name, ".") && !n.called && s.action(name, false) != actNone && !s.boundHere(i) &&
		!(i+1 < len(s.toks) && s.toks[i+1].kind == tokString):
		return whyNamed
	}
	return ""
}

// interpolations reads, as code, what the string at token t fills in
// when it runs: JavaScript's `${…}`, Ruby's "#{…}", Python's f"{…}",
// Perl's "@{[ … ]}" and "${\ …}", PHP's "{$…}" and "${…}". A call in
// them runs as one outside a string does: f"{os.system('rm -rf ~')}".
func (s *codeScan) interpolations(t token) {
	raw := s.src[t.from:t.to]
	fString := false
	if s.lang == langPython {
		if q := strings.IndexAny(raw, "'\""); q > 0 {
			fString = strings.ContainsAny(raw[:q], "fF")
		}
		if !fString {
			return
		}
	}
	if s.lang == langJS && raw[0] != '`' {
		return
	}
	for j := 0; j+1 < len(raw); j++ {
		c, next := raw[j], raw[j+1]
		from := -1
		switch {
		case c == '\\':
			j++
		case s.lang == langJS && c == '$' && next == '{',
			s.lang == langRuby && c == '#' && next == '{',
			s.lang == langPerl && (c == '@' || c == '$') && next == '{',
			s.lang == langPHP && c == '$' && next == '{':
			from = j + 2
		case s.lang == langPython && c == '{' && next == '{':
			j++
		case s.lang == langPython && c == '{', s.lang == langPHP && c == '{' && next == '$':
			from = j + 1
		}
		if from < 0 {
			continue
		}
		end := templateExprEnd(raw, from)
		to := end
		if end > from && raw[end-1] == '}' {
			to = end - 1
		}
		s.subScan(raw[from:to])
		j = end - 1
		if s.tooLong {
			return
		}
	}
}

// subScan reads code that the code holds in a string and runs (a
// string's interpolation, eval's literal) as the code around it is read,
// with the names the code around it binds.
func (s *codeScan) subScan(src string) {
	if s.depth >= 4 {
		s.unread = "strings nested too deep in code"
		return
	}
	sub := codeScan{lang: s.lang, src: src, depth: s.depth + 1, work: s.work, aliases: s.aliases,
		childProcess: s.childProcess, fsMentioned: s.fsMentioned, dynRequire: s.dynRequire,
		dynNames: s.dynNames, cpNames: s.cpNames, stars: s.stars, envCopies: s.envCopies}
	sub.lex()
	if sub.hole {
		s.found = append(s.found, codeFound{name: "interpolation", call: src, unknown: "what the shell fills in at run time into code in a string, which may be any code"})
	}
	sub.scan()
	s.found = append(s.found, sub.found...)
	if sub.unread != "" {
		s.unread = sub.unread
	}
	if s.work = sub.work; sub.tooLong {
		s.tooLong = true
	}
}

// evalString reads the code that eval and its kin at the ( or string at
// token k run: a string literal is read as code, as the code around it
// is; anything else is too complex to check (why).
func (s *codeScan) evalString(k int, why string) string {
	from, to := k, k+1
	if k < len(s.toks) && s.toks[k].text == "(" && s.match[k] > k {
		from, to = k+1, s.match[k]
	}
	if to != from+1 || from >= len(s.toks) || s.toks[from].kind != tokString || !s.toks[from].lit || s.depth >= 4 {
		return why
	}
	sub := codeScan{lang: s.lang, src: s.toks[from].text, depth: s.depth + 1, work: s.work}
	sub.lex()
	sub.scan()
	s.found = append(s.found, sub.found...)
	if sub.unread != "" {
		s.unread = sub.unread
	}
	if s.work = sub.work; sub.tooLong {
		s.tooLong = true
	}
	return ""
}

// pyForeignCode says whether a Python name loads a C library whose
// functions the code may call: ctypes.CDLL(None).system(b"…"),
// cffi's FFI().dlopen(None).
func pyForeignCode(name string) bool {
	switch {
	case strings.HasPrefix(name, "ctypes.") || strings.HasPrefix(name, "_ctypes."):
		rest := name[strings.IndexByte(name, '.')+1:]
		first, _, _ := strings.Cut(rest, ".")
		switch first {
		case "CDLL", "PyDLL", "cdll", "pydll", "LibraryLoader", "pythonapi", "WinDLL", "windll", "OleDLL", "oledll", "dlopen", "CFUNCTYPE", "PYFUNCTYPE", "cast":
			return true
		}
	case strings.HasPrefix(name, "cffi.") || strings.HasSuffix(name, ".dlopen"):
		return true
	}
	return false
}

// starForeign says whether a name is, or starts with, one a star import
// gave the code from ctypes or cffi (from ctypes import *; CDLL(None),
// cdll.LoadLibrary), as pyForeignCode judges ctypes.CDLL.
func (s *codeScan) starForeign(name string) bool {
	for _, m := range s.stars {
		if pyForeignCode(m + "." + name) {
			return true
		}
	}
	return false
}

// pyRisky says whether a Python module (or a name bound to one) is one
// whose functions run, delete, write or read, or reach those that do.
func pyRisky(m string) bool {
	first, _, _ := strings.Cut(m, ".")
	switch first {
	case "os", "subprocess", "shutil", "pty", "posix", "commands", "importlib", "builtins", "__builtins__", "pathlib", "io", "codecs", "ctypes", "runpy":
		return true
	}
	return false
}

// boundHere says whether the name at token i is the right-hand side of a
// binding that bindings records: p = os.system.
func (s *codeScan) boundHere(i int) bool {
	return i >= 2 && s.toks[i-1].text == "=" && s.toks[i-2].kind == tokName &&
		(i+1 == len(s.toks) || s.toks[i+1].text == ";" || s.toks[i+1].text == "\n")
}

// unknownCommand records a command the code runs that is only known at
// run time; expr is the code that gives it.
func (s *codeScan) unknownCommand(name, call, expr string) {
	s.found = append(s.found, codeFound{name: name, call: call, unknown: "a command only known at run time: " + codeShow(expr)})
}
