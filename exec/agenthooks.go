package exec

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// The scripts the held agents' hooks run are found on Linux and on macOS
// alike (agentHookPrograms): the namespace layer holds them
// (protectedPaths), and the Seatbelt profile denies writing them
// (planSeatbelt). readConfig, openShebang and dirNames, which read a file
// or a directory without opening a FIFO or a device, are the platform's.

// protectedPath is a path the layer binds read-only; a missing one marked
// placeholder is created, an empty directory, so that it cannot be created.
// Those under .git/ are taken in the root's git directory, wherever .git
// leads (see protect). On macOS only path and refuse are read, of
// agentHookPrograms' (planSeatbelt).
type protectedPath struct {
	path        string
	placeholder bool
	gitConfig   bool   // a repository's config: --allow-git-config leaves it writable
	hooks       bool   // a hooks directory: what its entries link to is protected too
	mustExist   bool   // a file git reads: missing in a writable tree, the run is refused
	program     string // mustExist's file is a program git runs, not config: the key naming it (core.fsmonitor)
	// gitmodules: mustExist's file is no program but the .gitmodules
	// that says where git runs program's (submodule.NAME.update's !cmd).
	gitmodules bool
	refuse     string // why the run is refused: what git runs cannot be known
	// commondir: a git directory's commondir, whose placeholder (where
	// placeholder is set) is a file naming the directory itself
	// (commondirSelf), not a directory; one found marked is held.
	commondir bool
	// creatable: one missing at the plan may be made, and is not moved
	// aside after the run (see nsLayer.unmade): git submodule add makes
	// .gitmodules, which runs nothing.
	creatable bool
	// hookConfig: a git hook manager's configuration or scripts, which
	// an installed hook runs at the next commit. Creatable where the
	// repository has no hook installed (pre-commit sample-config >
	// .pre-commit-config.yaml), moved aside like the others where it
	// has one (see protectedPaths).
	hookConfig bool
	// moduleDir: a Python script a hook runs as a file, whose directory
	// (its link target's) Python puts first on its path: a module the
	// command makes there (signal.py, which the standard library's
	// subprocess imports) runs in place of the standard library's or an
	// installed one at the agent's next hook. Or a module of a package
	// such a script imports from, whose directory Python searches for
	// the package's modules, an extension module (lib/util.so) before
	// the source. Held against new modules
	// on Linux (guard.holdModules); the script itself is protected as
	// any other path. Where the path is missing, so is its directory
	// perhaps: one made there during the run is held as an empty one
	// (a namespace package's, which Python searches for a submodule).
	moduleDir bool
	// moduleNames: with moduleDir, only the modules of these names
	// (before the first dot: __init__, hook) are held in the directory,
	// a package's of a module python3 -m runs, whose other modules it
	// never imports unnamed: tools/__init__.abi3.so, beside an existing
	// tools/__init__.py, ran first at python3 -m tools.hook (hk84), and
	// a command's tools/other.py stays its own.
	moduleNames []string
	// nodePackage: a package's name in a node_modules (node_modules/
	// lodash.js, or node_modules/lodash missing at the plan) that node
	// would load for a hook's bare require: held though node_modules is
	// otherwise left to the package manager (installed).
	nodePackage bool
}

var errTooMany = errors.New("too many entries")

// agentHookFile is a held settings file whose hooks an agent runs on its
// events (a session's start, each tool call) outside any sandbox: a script
// a hook's command names by its path in the project runs there as the
// settings file would, and is protected as it is (agentHookPrograms).
type agentHookFile struct {
	// path is relative to the root; one ending in /*.json stands for
	// each such file in the directory (Copilot CLI's .github/hooks).
	path string
	// keys are the top-level keys holding commands: a string value is one,
	// and in an object or array every cmd string below is one.
	keys []string
	cmd  string // the key of a hook's command line: "command" where ""
	// vars are the variables naming the project the agent sets for the
	// command ("$CLAUDE_PROJECT_DIR"/scripts/x.sh).
	vars []string
	// dirToo: a relative path is looked for from the file's directory as
	// well as from the root, the agent's documentation saying either.
	dirToo bool
}

// agentHookFiles are the held files whose hook format and project
// variable their agents' documentation gives: Claude Code's settings
// (hooks, its status line's command, apiKeyHelper), Gemini CLI's, Qwen
// Code's and Factory Droid's settings and hooks, Codex's hooks.json,
// Cursor's hooks.json and Copilot CLI's .github/hooks/*.json. Codex,
// Gemini and Qwen trust a project's hook by its definition, or the
// project by its path, not by what the script a hook names holds; the
// others by nothing.
func agentHookFiles() []agentHookFile {
	// The helpers Claude Code runs for credentials and telemetry headers
	// are commands in a settings file as apiKeyHelper is.
	claude := []string{"hooks", "statusLine", "subagentStatusLine", "fileSuggestion", "apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "otelHeadersHelper"}
	hooks := []string{"hooks"}
	gemini := []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}
	factory := []string{"FACTORY_PROJECT_DIR"}
	qwen := []string{"QWEN_PROJECT_DIR"}
	return []agentHookFile{
		{path: ".claude/settings.json", keys: claude, vars: []string{"CLAUDE_PROJECT_DIR"}},
		{path: ".claude/settings.local.json", keys: claude, vars: []string{"CLAUDE_PROJECT_DIR"}},
		{path: ".gemini/settings.json", keys: hooks, vars: gemini},
		{path: ".qwen/settings.json", keys: hooks, vars: qwen},
		{path: ".qwen/settings.local.json", keys: hooks, vars: qwen},
		{path: ".factory/settings.json", keys: hooks, vars: factory},
		{path: ".factory/settings.local.json", keys: hooks, vars: factory},
		{path: ".factory/hooks.json", keys: hooks, vars: factory},
		{path: ".factory/hooks/hooks.json", keys: hooks, vars: factory},
		{path: ".codex/hooks.json", keys: hooks},
		{path: ".cursor/hooks.json", keys: hooks, dirToo: true},
		{path: ".github/hooks/*.json", keys: hooks, cmd: "bash"},
	}
}

// maxHookCommands bounds the commands read from one agent's settings
// file (agentHookPrograms); a file with more is refused.
const maxHookCommands = 256

// hookCommand is one command a hook runs: its command line, and the
// directory it runs in where the hook gives one (Copilot CLI's cwd).
type hookCommand struct{ line, cwd string }

// agentHookPrograms returns the scripts inside root that the hooks of
// agentHookFiles run, as programPath finds a git config's program in a
// command line (sh scripts/x.sh, python3 -m tools.x, "$CLAUDE_PROJECT_DIR"
// /scripts/x.sh): each protected as the settings are, read-only where it
// exists, moved aside after the run where the command made it. A command
// Claude Code ran outside every sandbox at its next tool call was
// rewritten by a sandboxed echo > scripts/hooks/check.sh, under the layer
// and without it. Those out already protects (.claude/hooks/x.sh) are
// left out; so is a word the shell would expand (other variables, a
// glob). The files each script loads as its own code are protected as it
// is (sourcedFiles). A file whose hooks cannot all be followed (past
// maxConfigSize, not to be read, more than maxHookCommands commands, a
// line of more than maxSimpleCommands, a .github/hooks of more than
// maxHookEntries entries, a script past maxSourcedSize or not to be read,
// one loading files deeper than maxSourceDepth) is returned with refuse
// set: the
// agent would still run the hooks not followed (Claude Code reads a
// settings file of 2 MiB).
func agentHookPrograms(root, home string, out []protectedPath) []protectedPath {
	var progs []protectedPath
	for _, f := range agentHookFiles() {
		paths, why := hookFilePaths(root, f.path)
		if why != "" {
			progs = append(progs, protectedPath{path: filepath.Join(root, filepath.Dir(f.path)), refuse: why})
		}
		for _, path := range paths {
			v, why := readHookFile(path)
			if why != "" {
				progs = append(progs, protectedPath{path: path, refuse: why})
				continue
			}
			var cmds []hookCommand
			for _, k := range f.keys {
				hookCommands(v[k], cmp.Or(f.cmd, "command"), &cmds)
			}
			if len(cmds) > maxHookCommands {
				progs = append(progs, protectedPath{path: path, refuse: fmt.Sprintf("more than %d hook commands in it, too many to follow for the scripts they run: have fewer hooks run more in one script, or run outside the sandbox", maxHookCommands)})
				continue
			}
			for _, c := range cmds {
				line := expandProjectVars(c.line, root, f.vars)
				for _, base := range hookDirs(root, filepath.Dir(path), c.cwd, f.dirToo) {
					for _, p := range hookLineFiles(base, line, home, 0) {
						if p.refuse != "" {
							progs = refuseOnce(progs, path, p.refuse)
							continue
						}
						if installed(root, p.path) {
							continue
						}
						// Read where held already too (.claude/hooks/x.sh):
						// what it sources may lie elsewhere. Not a
						// placeholder, a directory (withByteCode's
						// __pycache__), which runs nothing itself.
						ps := []protectedPath{p}
						if !p.placeholder {
							ps = append(ps, sourcedFiles(p.path, base, root, f.vars, 0)...)
						}
						for _, p := range ps {
							if toHold(root, p, out, progs) {
								progs = append(progs, p)
							}
						}
					}
				}
			}
		}
	}
	return progs
}

// toHold says whether p, a file a hook loads, is one to add to those
// out and progs hold: one to refuse, or one in root neither holds (held)
// and no package manager replaces in ordinary work (installed), but for
// a package name node would load from a node_modules (nodePackage).
func toHold(root string, p protectedPath, out, progs []protectedPath) bool {
	return p.refuse != "" || (p.nodePackage || !installed(root, p.path)) && !held(root, p.path, out) && !held(root, p.path, progs)
}

// refuseOnce returns ps with path refused for why, unless it is already:
// each hook line past a bound, from each directory its hook may run in
// (hookDirs), says the same of its settings file, and it is said once.
func refuseOnce(ps []protectedPath, path, why string) []protectedPath {
	if slices.ContainsFunc(ps, func(p protectedPath) bool { return p.path == path && p.refuse == why }) {
		return ps
	}
	return append(ps, protectedPath{path: path, refuse: why})
}

// stripJSONComments returns settings file b without a leading byte order
// mark and with its comments (// to the line's end, /* */) blanked outside
// strings: Gemini CLI and Qwen Code read their settings so
// (strip-json-comments), and a hook in a commented file ran a script the
// command had rewritten, as Go's JSON parser took the file for none.
func stripJSONComments(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	out := slices.Clone(b)
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == '"':
			for i++; i < len(out) && out[i] != '"'; i++ {
				if out[i] == '\\' {
					i++
				}
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return b // unclosed: no JSON to the agent either
			}
			for j := i; j < i+2+end+2; j++ {
				if out[j] != '\n' {
					out[j] = ' '
				}
			}
			i += 2 + end + 1
		}
	}
	return out
}

// readHookFile returns the settings in hook file path, a link followed
// as the agent follows it (a settings file kept in conf/ and linked into
// .claude); nil where there is none. why says why the run is refused
// where the agent may read what the runner cannot: past maxConfigSize,
// or not to be read by the runner (another user's file, not a regular
// one). A file that is no JSON once comments are blanked is none: the
// agent rejects it too (Claude Code and Gemini CLI report it and run
// none of its hooks).
func readHookFile(path string) (v map[string]any, why string) {
	b, why := readHookBytes(path)
	if b == nil || json.Unmarshal(stripJSONComments(b), &v) != nil {
		return nil, why
	}
	return v, ""
}

// readHookBytes returns what hook file path holds (readConfig), nil
// where there is none; why says why the run is refused: a file past
// maxConfigSize, or one that cannot be read.
func readHookBytes(path string) (b []byte, why string) {
	b, err := readConfig(path)
	switch {
	case missing(err):
		// Nothing there, or a way of links that loops (the links are
		// followed): the agent reads no hooks from it either. A loop in
		// a protected directory's way (.claude) is refused as that.
		return nil, ""
	case errors.Is(err, errConfigTooLarge):
		return nil, fmt.Sprintf("more than %d bytes, too large to read for the scripts its hooks run: make it smaller, or run outside the sandbox", maxConfigSize)
	case err != nil:
		return nil, "reading it for the scripts its hooks run: " + err.Error() + ": make it a regular file the run's user can read, or run outside the sandbox"
	}
	return b, ""
}

// hookFilePaths returns the files agentHookFile path names in root: the
// one, or, for dir/*.json, those in dir; why says why the run is refused
// where dir holds more than maxHookEntries entries or cannot be read, and
// the agent may run hooks from a file not looked at.
func hookFilePaths(root, path string) (paths []string, why string) {
	dir, ok := strings.CutSuffix(path, "/*.json")
	if !ok {
		return []string{filepath.Join(root, path)}, ""
	}
	names, err := dirNames(filepath.Join(root, dir), maxHookEntries)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return nil, ""
	case errors.Is(err, errTooMany):
		return nil, fmt.Sprintf("more than %d entries in it, too many to read for the scripts their hooks run: keep fewer files there, or run outside the sandbox", maxHookEntries)
	case err != nil:
		return nil, "reading it for the hook files in it: " + err.Error() + ": make it a directory the run's user can read, or run outside the sandbox"
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".json") {
			paths = append(paths, filepath.Join(root, dir, n))
		}
	}
	return paths, ""
}

// hookDirs returns the directories a hook's relative program is looked
// for from: the one its cwd gives (relative to the root), else the root,
// and dir, the settings file's, where dirToo.
func hookDirs(root, dir, cwd string, dirToo bool) []string {
	base := root
	switch {
	case filepath.IsAbs(cwd):
		base = cwd
	case cwd != "":
		base = filepath.Join(root, cwd)
	}
	if dirToo {
		return []string{base, dir}
	}
	return []string{base}
}

// hookProgramFiles returns the files that protect the program command
// line c runs from directory dir, as programFiles and withByteCode do
// for git's, but none refused where missing: the agent's hook then fails
// to run, and one the command makes is moved aside after the run. None
// for a directory (node tools, python3 tools), which would hold all the
// project's code there read-only; what an installer replaces in
// ordinary work (./node_modules/.bin/prettier, .venv/bin/python) is left
// out by agentHookPrograms (installed), as a program npx or PATH finds
// there is not.
func hookProgramFiles(dir, c, home string) []protectedPath {
	files, known := commandProgramFiles(dir, c, home)
	if !known {
		return hookWordFiles(dir, c)
	}
	return files
}

// commandProgramFiles returns the files that protect the program command
// c runs from directory dir, as hookProgramFiles, where programPath knows
// it (known); none where it does not.
func commandProgramFiles(dir, c, home string) (files []protectedPath, known bool) {
	f, module := programPath(dir, c, home)
	if f == "" {
		return nil, false
	}
	if fi, err := os.Stat(f); err == nil && fi.IsDir() {
		return dirEntryFiles(f), true
	}
	if module == 0 {
		return []protectedPath{{path: f, moduleDir: pythonScript(f)}}, true
	}
	files = withByteCode(programFiles(f, module, ""), module)
	return append(files, moduleImports(files, dir)...), true
}

// dirEntryFiles returns the files of directory d, which a hook runs
// (node tools, python3 tools), that node or Python runs for it: its
// __main__.py, whose directory Python puts first on its path (moduleDir),
// and node's package.json, the file its "main" names, and the index files
// node tries, missing ones too (the first found is run). The rest of the
// directory stays the project's to write: a sandboxed echo >
// tools/index.js ran at the agent's next hook (red82).
func dirEntryFiles(d string) []protectedPath {
	files := []protectedPath{{path: d + "/__main__.py", moduleDir: true}, {path: d + "/package.json"}}
	if f, err := openShebang(d + "/package.json"); !missing(err) {
		var b []byte
		if err == nil {
			b, err = io.ReadAll(io.LimitReader(f, maxSourcedSize+1))
			f.Close()
		}
		var pkg struct {
			Main string `json:"main"`
		}
		switch {
		case err != nil || len(b) > maxSourcedSize:
			return append(files, protectedPath{path: d + "/package.json", refuse: fmt.Sprintf("a package.json of a directory a hook runs, unreadable or past %d bytes, whose \"main\" node runs: make it smaller, or run outside the sandbox", maxSourcedSize)})
		case json.Unmarshal(b, &pkg) == nil && pkg.Main != "" && !filepath.IsAbs(pkg.Main):
			files = append(files, nodeImports("require('./"+strings.TrimPrefix(pkg.Main, "./")+"')", d)...)
		}
	}
	for _, ext := range []string{".js", ".json", ".node"} {
		files = append(files, protectedPath{path: d + "/index" + ext})
	}
	return files
}

// moduleImports returns the files in dir that the existing Python files
// of a module python3 -m runs from dir import (pythonImports): Python
// puts the working directory first on its path for -m, not the module's
// own, and a json.py the command made in the root ran at the agent's
// next python3 -m tools.check, which imports json. A module's relative
// imports (from . import helper) are taken from its package, its
// directory's dotted name from dir: a module -m runs has one (hk84). One
// not to be read, or past maxSourcedSize, refuses the run, as
// sourcedFiles does.
func moduleImports(files []protectedPath, dir string) []protectedPath {
	var out []protectedPath
	for _, p := range files {
		if !strings.HasSuffix(p.path, ".py") {
			continue
		}
		f, err := openShebang(p.path)
		if missing(err) {
			continue
		}
		var b []byte
		if err == nil {
			b, err = io.ReadAll(io.LimitReader(f, maxSourcedSize+1))
			f.Close()
		}
		switch {
		case err != nil:
			out = append(out, protectedPath{path: p.path, refuse: "reading a hook's module for the files it imports: " + err.Error() + ": make it a regular file the run's user can read, or run outside the sandbox"})
		case len(b) > maxSourcedSize:
			out = append(out, protectedPath{path: p.path, refuse: fmt.Sprintf("a hook's module of more than %d bytes, too large to read for the files it imports: make it smaller, or run outside the sandbox", maxSourcedSize)})
		default:
			pkg := ""
			if rel, err := filepath.Rel(dir, filepath.Dir(p.path)); err == nil && rel != "." {
				pkg = strings.ReplaceAll(rel, "/", ".")
			}
			out = append(out, pythonImports(string(b), dir, pkg)...)
		}
	}
	return out
}

// missing says whether err, opening a file, says there is none to read
// (no such file, a name through a file, a loop of links): the agent
// reads none either.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ELOOP)
}

// hookLineFiles returns the files that protect the programs of every
// simple command in hook command line c run from directory dir, not only
// the first one's: cd "$CLAUDE_PROJECT_DIR" && ./x.sh runs ./x.sh, from
// the directory cd names where it is known. A reserved word before a
// command (then ./x.sh, time ./x.sh) is passed over. A word holding a
// blank or an operator is read as a command line too, up to depth
// maxHookDepth: bash -c 'cd scripts && ./x.sh' runs ./x.sh from scripts,
// which programPath, following a shell's command line to its first
// command only, does not find. A line of more than maxSimpleCommands
// commands gives a path to refuse, with no path.
func hookLineFiles(dir, c, home string, depth int) []protectedPath {
	cmds, whole := simpleCommands(c, maxSimpleCommands)
	var out []protectedPath
	if !whole {
		// The path is the hook file's (agentHookPrograms).
		out = append(out, protectedPath{refuse: fmt.Sprintf("a hook command line of more than %d commands, too many to follow for the scripts it runs: move them into a script, or run outside the sandbox", maxSimpleCommands)})
	}
	for _, s := range cmds {
		s = withoutReservedWords(s)
		words := leadingWords(s)
		if len(words) == 2 && words[0] == "cd" && words[1] != "" {
			if !filepath.IsAbs(words[1]) {
				words[1] = dir + "/" + words[1]
			}
			dir = words[1]
			continue
		}
		out = append(out, hookProgramFiles(dir, s, home)...)
		if depth >= maxHookDepth {
			continue
		}
		for _, w := range words[:min(len(words), maxHookWords)] {
			if strings.ContainsAny(w, " \t\n;&|") {
				out = append(out, hookLineFiles(dir, w, home, depth+1)...)
			}
		}
	}
	return out
}

// maxHookDepth bounds the command lines within command lines
// hookLineFiles reads (sh -c 'bash -c "..."').
const maxHookDepth = 2

// maxSimpleCommands bounds the simple commands of a hook's command line
// hookLineFiles follows; one with more is refused.
const maxSimpleCommands = 32

// simpleCommands splits shell command line c at its operators (&&, ||, ;,
// |, &, a newline, parentheses) outside quotes, up to max commands; whole
// says whether the last holds no operator (lexically, quotes aside), that
// is, whether c was split whole. A comment's words may become commands
// of their own, protecting more, never less.
func simpleCommands(c string, max int) (cmds []string, whole bool) {
	var out []string
	start := 0
	var quote byte
	for i := 0; i < len(c) && len(out) < max-1; i++ {
		ch := c[i]
		switch {
		case quote == '\'':
			if ch == quote {
				quote = 0
			}
		case ch == '\\':
			i++ // quoted by the backslash, in double quotes too
		case quote == '"':
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case strings.IndexByte("\n|&;()", ch) >= 0:
			out = append(out, c[start:i])
			start = i + 1
		}
	}
	return append(out, c[start:]), len(out) < max-1 || !strings.ContainsAny(c[start:], "\n|&;()")
}

// withoutReservedWords returns simple command s without the shell's
// reserved words before its command (if, then, do, time, !, {).
func withoutReservedWords(s string) string {
	for {
		t := strings.TrimLeft(s, " \t")
		w, rest, _ := strings.Cut(t, " ")
		switch w {
		case "if", "then", "else", "elif", "do", "while", "until", "time", "!", "{":
			s = rest
		default:
			return t
		}
	}
}

// maxHookWords bounds the words of one command of a hook whose program
// is not known that hookWordFiles looks at.
const maxHookWords = 64

// hookWordFiles returns the regular files in the root that words of a
// hook command whose program is not known name, from directory dir: uv
// run x.py, npx tsx x.ts, bun x.ts run the script one of them names, and
// a runner not known here may as well. Not a directory.
func hookWordFiles(dir, c string) []protectedPath {
	var out []protectedPath
	words := leadingWords(c)
	for _, w := range words[:min(len(words), maxHookWords)] {
		if w == "" {
			continue // a word the shell expands
		}
		if !filepath.IsAbs(w) {
			w = dir + "/" + w
		}
		if fi, err := os.Stat(w); err == nil && fi.Mode().IsRegular() {
			out = append(out, protectedPath{path: w})
		}
	}
	return out
}

// maxSourcedSize bounds what sourcedFiles reads of a hook's script,
// which are small: one larger is refused.
const maxSourcedSize = 256 << 10

// maxSourceDepth bounds the files sourcedFiles follows: those a hook's
// shell script sources, and those they source.
const maxSourceDepth = 2

// sourcedFiles returns the files of its own code a hook's script path,
// run from directory dir, loads: those a shell script sources with . or
// source, and those they source in turn, up to maxSourceDepth (. ./scripts/lib.sh,
// source "$CLAUDE_PROJECT_DIR/scripts/lib.sh", with vars as the agent
// sets them for the hook, . "$(dirname "$0")/lib.sh", see scriptDirs);
// the sibling modules a Python script imports (pythonImports); the
// relative modules a JavaScript one requires or imports (nodeImports). A
// sandboxed echo > scripts/lib.sh ran at the agent's next hook outside
// every sandbox, as the script would. A shell's relative name is taken
// from dir, the hook's working directory (a cd in the script is not
// followed; nor is PATH, which bash searches first for a name without a
// slash); a word holding another variable, a command's output or a glob
// is not followed, as leadingWords leaves it unknown. The language is
// told by the script's name (.sh, .py, .js) or its #! line; a program
// in another one costs its open. One past maxSourcedSize is refused:
// what it loads past the bound would go unprotected.
func sourcedFiles(path, dir, root string, vars []string, depth int) []protectedPath {
	lang := scriptLanguage(path)
	if depth > 0 {
		lang = "sh" // sourced by a shell
	}
	if lang == "other" {
		return nil
	}
	f, err := openShebang(path)
	if missing(err) {
		return nil // held missing by its caller: nothing it loads
	}
	var b []byte
	if err == nil {
		b, err = io.ReadAll(io.LimitReader(f, maxSourcedSize+1))
		f.Close()
	}
	if err != nil {
		// The agent may still read it (another user's, a FIFO that
		// will be written): what it loads would go unprotected.
		return []protectedPath{{path: path, refuse: "reading a hook's script for the files it loads: " + err.Error() + ": make it a regular file the run's user can read, or run outside the sandbox"}}
	}
	if lang == "" {
		lang = shebangLanguage(b)
	}
	if lang == "" || lang == "py" && zipApp(b) {
		return nil
	}
	if len(b) > maxSourcedSize {
		return []protectedPath{{path: path, refuse: fmt.Sprintf("a hook's script of more than %d bytes, too large to read for the files it loads: make it smaller, or run outside the sandbox", maxSourcedSize)}}
	}
	switch lang {
	case "py":
		return pythonImports(string(b), scriptRealDir(path, root), "")
	case "js":
		dir := scriptRealDir(path, root)
		return append(nodeImports(string(b), dir), nodeModulesDirs(string(b), dir, root)...)
	}
	var out []protectedPath
	dirs := []string{dir}
	known := map[string]string{} // the script's variables naming a directory
	self, real := filepath.Dir(path), scriptRealDir(path, root)
	seen := map[string]bool{} // read once, however many lines name it
	for line := range strings.Lines(string(b)) {
		line = scriptDirs(expandProjectVars(line, root, vars), self, real)
		for name, value := range known {
			line = expandProjectVars(line, value, []string{name})
		}
		line = textSourced(line)
		if name, value, ok := dirAssignment(line); name != "" {
			delete(known, name)
			if ok && len(known) < maxScriptVars {
				known[name] = value
			}
		}
		// Bounded by maxSourcedSize: a pipeline of any length is split.
		cmds, _ := simpleCommands(line, len(line)+1)
		for _, s := range cmds {
			s = withoutReservedWords(s)
			words := leadingWords(s)
			switch {
			case len(words) == 2 && words[0] == "cd" && words[1] != "":
				dirs = scriptCd(dirs, words[1])
			case len(words) >= 2 && (words[0] == "." || words[0] == "source"):
				if words[1] != "" {
					out = append(out, scriptSourced(words[1], dirs, root, vars, depth, seen)...)
				}
			default:
				out = append(out, scriptCalled(s, dirs, root, vars, depth, seen)...)
			}
		}
	}
	return out
}

// textSourced returns shell script line with each form that runs a
// file's text as code rewritten as a . of the file: source <(cat X)
// (and . <(cat X)), eval "$(cat X)" (eval "$(< X)", eval $(cat X),
// eval "`cat X`"), and source /dev/stdin < X (. too): the shell runs X
// as it would source it, and a sandboxed echo > X ran at the agent's
// next hook. X is read as the word after the form's opening, up to its
// close; a word the shell expands stays unknown, as in a . line.
func textSourced(line string) string {
	if !strings.Contains(line, "cat ") && !strings.Contains(line, "<") {
		return line
	}
	forms := [...]struct{ open, close string }{
		{"source <(cat ", ")"}, {". <(cat ", ")"},
		{`eval "$(cat `, `)"`}, {`eval "$(< `, `)"`}, {`eval "$(<`, `)"`}, {"eval $(cat ", ")"}, {"eval \"`cat ", "`\""},
		{"source /dev/stdin < ", ""}, {". /dev/stdin < ", ""}, {"source /dev/stdin <", ""}, {". /dev/stdin <", ""},
	}
	for _, f := range forms {
		for from := 0; ; {
			i := strings.Index(line[from:], f.open)
			if i < 0 {
				break
			}
			i += from
			rest := line[i+len(f.open):]
			end := strings.IndexAny(rest, " \t\n;&|)")
			if f.close != "" {
				end = strings.Index(rest, f.close)
			}
			if end < 0 {
				end = len(rest)
			}
			word := strings.TrimSpace(rest[:end])
			after := rest[end:]
			if f.close != "" {
				after = rest[min(end+len(f.close), len(rest)):]
			}
			line = line[:i] + ". " + word + " " + after
			from = i + len(". ")
		}
	}
	return line
}

// zipApp says whether script b is a Python zip application (python3 -m
// zipapp, pex, shiv): a #! line, then a zip archive, which Python puts
// first on its path in place of the script's directory, and imports from
// within. It loads nothing of the directory, and past maxSourcedSize it
// refused the run (read83).
func zipApp(b []byte) bool {
	_, zip, ok := bytes.Cut(b, []byte("\n"))
	return ok && bytes.HasPrefix(b, []byte("#!")) && bytes.HasPrefix(zip, []byte("PK\x03\x04"))
}

// maxScriptVars bounds the variables of a hook's shell script naming a
// directory that sourcedFiles reads.
const maxScriptVars = 16

// dirAssignment returns the variable shell script line assigns, where it
// is one, and the directory it names where that is known (ok): a plain
// path, as scriptDirs and expandProjectVars leave the script's directory
// and the project's, or one a cd in a command substitution prints
// (SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"). Such
// a variable in a source line named a file left writable.
func dirAssignment(line string) (name, value string, ok bool) {
	t := strings.TrimSpace(line)
	for _, kw := range []string{"export ", "readonly ", "local ", "declare "} {
		t = strings.TrimLeft(strings.TrimPrefix(t, kw), " \t")
	}
	if !assignment(t) {
		return "", "", false
	}
	name, v, _ := strings.Cut(t, "=")
	v = strings.TrimSuffix(strings.TrimSpace(v), ";")
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	if body, ok := strings.CutPrefix(v, "$(cd "); ok && strings.HasSuffix(body, ")") {
		d, pwd, found := strings.Cut(strings.TrimSuffix(body, ")"), "&&")
		if !found {
			d, pwd, _ = strings.Cut(d, ";")
		}
		if p := strings.TrimSpace(pwd); p != "pwd" && p != "pwd -P" {
			return name, "", false
		}
		d = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(d, "-P ")), "-- "))
		v = strings.Trim(d, `"`)
	}
	return name, v, v != "" && plainPath(v)
}

// maxScriptDirs bounds the directories a hook's shell script cds to that
// sourcedFiles takes its relative names from.
const maxScriptDirs = 8

// scriptCd returns the directories a shell script's relative names are
// taken from after its cd to directory d: dirs and d, the cd being
// perhaps one not run (in a function, after a test). cd "$(dirname "$0")"
// && . ./lib.sh sourced scripts/hooks/lib.sh, which was left writable
// as the name was taken from the hook's directory alone.
func scriptCd(dirs []string, d string) []string {
	if len(dirs) >= maxScriptDirs {
		return dirs
	}
	if !filepath.IsAbs(d) {
		d = dirs[len(dirs)-1] + "/" + d
	}
	return append(dirs, d)
}

// loadedInTurn returns what shell script p, which a hook's script at
// depth loads, loads in turn (sourcedFiles), to maxSourceDepth; at the
// bound, a script that loads more of the project's files refuses the
// run rather than leave them writable. Past the bound (the look that
// refuses) nothing is read.
func loadedInTurn(p, dir, root string, vars []string, depth int) []protectedPath {
	switch {
	case depth+1 < maxSourceDepth:
		return sourcedFiles(p, dir, root, vars, depth+1)
	case depth+1 > maxSourceDepth:
		return nil
	}
	for _, q := range sourcedFiles(p, dir, root, vars, depth+1) {
		if q.refuse != "" || within(q.path, root) && !installed(root, q.path) {
			return []protectedPath{{path: p, refuse: fmt.Sprintf("a hook's script loads files that load others more than %d deep, too deep to follow: load them from the hook's script itself, or run outside the sandbox", maxSourceDepth)}}
		}
	}
	return nil
}

// scriptSourced returns the files that protect file name, which a hook's
// shell script sources, from each of dirs, and what it sources in turn
// (sourcedFiles); none of seen, which it adds to.
func scriptSourced(name string, dirs []string, root string, vars []string, depth int, seen map[string]bool) []protectedPath {
	var out []protectedPath
	for _, dir := range dirs {
		p := name
		if !filepath.IsAbs(p) {
			p = dir + "/" + p
		} else if dir != dirs[0] {
			break
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, protectedPath{path: p})
		if within(p, root) {
			out = append(out, loadedInTurn(p, dir, root, vars, depth)...)
		}
	}
	return out
}

// scriptCalled returns the files that protect the program of simple
// command s of a hook's shell script, from each of dirs, where the
// project holds it (bash scripts/next.sh, ./next.sh, exec ./next.sh):
// the script runs it as the hook would, and a sandboxed echo >
// scripts/next.sh ran at the agent's next hook. A shell script it runs
// is read for what it sources in turn, to maxSourceDepth. A program in
// PATH (cat README.md) protects nothing. None of seen, which it adds to.
func scriptCalled(s string, dirs []string, root string, vars []string, depth int, seen map[string]bool) []protectedPath {
	var out []protectedPath
	for _, dir := range dirs {
		files, _ := commandProgramFiles(dir, s, "")
		for _, p := range files {
			if seen[p.path] {
				continue
			}
			seen[p.path] = true
			out = append(out, p)
			if within(p.path, root) && scriptLanguage(p.path) == "sh" {
				out = append(out, loadedInTurn(p.path, dir, root, vars, depth)...)
			}
		}
	}
	return out
}

// scriptRealDir returns the directory of the file hook script path links
// to, in root's terms where it lies there: Python puts that directory
// first on its path, and node takes relative modules from it, not from
// the link's (scripts/hooks/check.py -> ../../tools/check.py imports
// tools/helpers.py).
func scriptRealDir(path, root string) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return filepath.Dir(path)
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		if rel, ok := strings.CutPrefix(real, r+"/"); ok {
			real = root + "/" + rel // the root's own links kept (/tmp on macOS)
		}
	}
	return filepath.Dir(real)
}

// pythonScript says whether program path, which a command runs as a
// file, is a Python script by its name or its #! line (scriptLanguage).
func pythonScript(path string) bool {
	switch scriptLanguage(path) {
	case "py":
		return true
	case "":
		f, err := openShebang(path)
		if err != nil {
			return false
		}
		defer f.Close()
		var b [256]byte
		n, _ := io.ReadFull(f, b[:])
		return shebangLanguage(b[:n]) == "py"
	}
	return false
}

// scriptLanguage tells the language of hook script path by its name:
// "sh", "py", "js", "other" for another's (not opened), "" where its #!
// line tells (shebangLanguage).
func scriptLanguage(path string) string {
	switch filepath.Ext(path) {
	case ".sh", ".bash":
		return "sh"
	case ".py":
		return "py"
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return "js"
	case ".rb", ".pl", ".php", ".lua", ".exe":
		return "other"
	}
	return ""
}

// shebangLanguage tells the language of a script whose first bytes are
// b by its #! line (#!/bin/sh, #!/usr/bin/env python3): as
// scriptLanguage, "" for none known.
func shebangLanguage(b []byte) string {
	line, ok := bytes.CutPrefix(b, []byte("#!"))
	if !ok {
		return ""
	}
	line, _, _ = bytes.Cut(line, []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) > 1 && filepath.Base(fields[0]) == "env" {
		fields = fields[1:]
		if fields[0] == "-S" && len(fields) > 1 {
			fields = fields[1:]
		}
	}
	if len(fields) == 0 {
		return ""
	}
	switch name := filepath.Base(fields[0]); {
	case slices.Contains([]string{"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"}, name):
		return "sh"
	case name == "python" || versionedPython(name):
		return "py"
	case name == "node" || name == "bun" || name == "deno" || name == "tsx":
		return "js"
	}
	return ""
}

// pythonImports returns the files in dir, a hook's Python script's
// directory, which Python puts first on its path, that the script's
// import lines may load (import helpers, from lib.util import x): each
// name's helpers.py and helpers/__init__.py, those of the packages it
// lies in, and the byte code directories beside them (withByteCode);
// the packages' directories are held against new modules (moduleDir),
// an extension module made there (lib/util.so) being imported before
// the project's source (red82).
// Missing ones too: scripts/json.py, made by the command, would be
// imported for the standard library's json. Imports in the modules
// themselves are not followed. A relative import (from . import x,
// from .lib import util) is taken from pkg, the dotted name of the
// module's package, which python3 -m gives it; a script run as a file
// has none ("") and cannot make one.
func pythonImports(src, dir, pkg string) []protectedPath {
	var names []string
	open := "" // the package of a from … import ( not closed yet
	for line := range strings.Lines(src) {
		line, _, _ = strings.Cut(line, "#")
		if open != "" {
			// The names of a parenthesized import, a line each as black
			// writes them (from lib import (\n    util,\n)).
			items, closed := strings.CutSuffix(strings.TrimSpace(line), ")")
			if i := strings.IndexByte(items, ')'); i >= 0 {
				items, closed = items[:i], true
			}
			names = append(names, importedNames("from "+open+" import "+items)...)
			if closed {
				open = ""
			}
			continue
		}
		// A statement after another (import os; import helpers) or after
		// a compound statement's colon (try: import helpers) imports as
		// one of its own does.
		for stmt := range strings.FieldsFuncSeq(line, func(r rune) bool { return r == ';' || r == ':' }) {
			stmt = strings.TrimSpace(strings.ReplaceAll(stmt, "\t", " "))
			names = append(names, importedNames(stmt)...)
			if f := strings.Fields(stmt); len(f) >= 3 && f[0] == "from" && strings.HasPrefix(f[2], "import") && strings.Contains(stmt, "(") && !strings.Contains(stmt, ")") {
				open = f[1]
			}
		}
	}
	var out []protectedPath
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			n = absoluteImport(n, pkg)
		}
		if !moduleName(n) {
			continue
		}
		p := dir
		for part := range strings.SplitSeq(n, ".") {
			p += "/" + part
			for _, f := range []string{p + ".py", p + "/__init__.py"} {
				if !slices.ContainsFunc(out, func(pr protectedPath) bool { return pr.path == f }) {
					// A package's directory is held against new modules
					// as the script's is: Python takes an extension module
					// (lib/util.so, lib/__init__.abi3.so) before the
					// source it holds.
					out = append(out, protectedPath{path: f, moduleDir: filepath.Dir(f) != dir})
				}
			}
		}
	}
	return withByteCode(out, 1)
}

// absoluteImport returns relative import name n (.helper, ..lib.util,
// .) of a module in package pkg (tools.sub) as absolute (tools.helper,
// lib.util, tools.sub); "" where pkg has no such parent.
func absoluteImport(n, pkg string) string {
	rest := strings.TrimLeft(n, ".")
	up := len(n) - len(rest) - 1
	parts := strings.Split(pkg, ".")
	if pkg == "" || up >= len(parts) {
		return ""
	}
	base := strings.Join(parts[:len(parts)-up], ".")
	if rest == "" {
		return base
	}
	return base + "." + rest
}

// importedNames returns the modules Python statement stmt imports
// (import a, b.c as d; from lib import util, x: lib and lib.util,
// lib.x, any of which may be a module), none for another statement.
func importedNames(stmt string) []string {
	var names []string
	if rest, ok := strings.CutPrefix(stmt, "import "); ok {
		for item := range strings.SplitSeq(rest, ",") {
			if f := strings.Fields(item); len(f) > 0 {
				names = append(names, f[0])
			}
		}
		return names
	}
	rest, ok := strings.CutPrefix(stmt, "from ")
	f := strings.Fields(rest)
	if !ok || len(f) < 3 || f[1] != "import" {
		return nil
	}
	names = append(names, f[0])
	for item := range strings.SplitSeq(strings.Join(f[2:], " "), ",") {
		if g := strings.Fields(strings.Trim(item, "() ")); len(g) > 0 && g[0] != "*" {
			sep := "."
			if strings.HasSuffix(f[0], ".") {
				sep = "" // from . import x, from .. import x
			}
			names = append(names, f[0]+sep+g[0]) // a module of the package
		}
	}
	return names
}

// nodeImports returns the files in dir, a hook's JavaScript script's
// directory, that the relative modules it requires or imports name
// (require('./lib'), import x from "../lib.js", import('./lib')): the
// name itself, and without an extension node loads as it is
// (nodeTriesExtensions) those node then tries (lib.js, lib.json,
// lib.node, an addon a command builds with gcc -shared, lib/index.js …),
// missing ones too (the first found is run). Modules in node_modules are
// nodeModulesDirs', not what the modules load.
func nodeImports(src, dir string) []protectedPath {
	var out []protectedPath
	for _, spec := range nodeSpecs(src) {
		if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") || strings.ContainsAny(spec, "$*") {
			continue
		}
		p := dir + "/" + spec
		files := []string{p}
		if nodeTriesExtensions(spec) {
			files = append(files, p+".js", p+".json", p+".node", p+".cjs", p+".mjs", p+".ts", p+"/index.js", p+"/index.json", p+"/index.node", p+"/package.json")
		}
		for _, f := range files {
			if !slices.ContainsFunc(out, func(pr protectedPath) bool { return pr.path == f }) {
				out = append(out, protectedPath{path: f})
			}
		}
	}
	return out
}

// nodeTriesExtensions says whether node, given relative module spec
// with no file of that name, tries it with its extensions: unless it
// ends in one node loads as it is. A spec with another dot
// (./hook.config) is tried too: node loads hook.config.js for it, which
// a sandboxed echo > tools/hook.config.js rewrote (red82).
func nodeTriesExtensions(spec string) bool {
	switch filepath.Ext(spec) {
	case ".js", ".json", ".node", ".cjs", ".mjs":
		return false
	}
	return true
}

// nodeSpecs returns the quoted module names JavaScript source src
// requires or imports (require('x'), import('x'), from "x", import "x"),
// by key, in the order found.
func nodeSpecs(src string) []string {
	// A long one is printed on the next line (prettier's require(\n).
	src = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, src)
	var specs []string
	for _, key := range []string{"require(", "import(", "from ", "import "} {
		for rest := src; ; {
			i := strings.Index(rest, key)
			if i < 0 {
				break
			}
			rest = strings.TrimLeft(rest[i+len(key):], " \t")
			if rest == "" || !strings.ContainsRune("'\"`", rune(rest[0])) {
				continue
			}
			end := strings.IndexByte(rest[1:], rest[0])
			if end < 0 {
				break
			}
			specs = append(specs, rest[1:1+end])
		}
	}
	return specs
}

// nodeBuiltins are the modules node finds in itself before any
// node_modules, each followed by a space (fs, and fs/promises by its
// first part).
const nodeBuiltins = "assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib "

// nodeModulesDirs returns what node reads, from dir, a hook's
// JavaScript script's directory, up to root, to find the bare names src
// requires or imports that are not node's own (require('lodash'), '#lib'
// of package.json's imports); a command that made or changed one of
// them ran its code at the agent's next hook (hk84):
//   - the package.json nearest to dir, and each missing nearer, which
//     would take its place: node loads the package's own name through
//     its "name" and "exports" (lodash, ./e.js) before any node_modules,
//     and a # name through its "imports";
//   - the node_modules missing in dir and in each directory above it:
//     node looks for a name in each, nearest first;
//   - in each node_modules there, up to the one holding the package, the
//     package's name missing (node_modules/lodash/index.js made), and
//     the files node tries there before an installed package's
//     directory without "exports" (node_modules/lodash.js).
//
// What is installed at the plan, which npm replaces in ordinary work, is
// left writable: a package's own files rewritten still run at the next
// hook.
func nodeModulesDirs(src, dir, root string) []protectedPath {
	var pkgs []string
	bare := false
	for _, spec := range nodeSpecs(src) {
		name, _, _ := strings.Cut(spec, "/")
		if spec == "" || spec[0] == '.' || spec[0] == '/' || strings.HasPrefix(spec, "node:") || strings.ContainsAny(spec, "$*") || strings.Contains(nodeBuiltins, name+" ") {
			continue
		}
		bare = true
		if pkg := nodePackageName(spec); pkg != "" && !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	if !bare || !within(dir, root) {
		return nil
	}
	var out []protectedPath
	scope := false // the nearest package.json found
	for d := dir; ; d = filepath.Dir(d) {
		if !scope {
			out = append(out, protectedPath{path: d + "/package.json"})
			_, err := os.Lstat(d + "/package.json")
			scope = !errors.Is(err, fs.ErrNotExist)
		}
		switch _, err := os.Lstat(d + "/node_modules"); {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, protectedPath{path: d + "/node_modules"})
		case err == nil:
			var left []string
			for _, pkg := range pkgs {
				p := d + "/node_modules/" + pkg
				for _, f := range []string{p + ".js", p + ".json", p + ".node"} {
					out = append(out, protectedPath{path: f, nodePackage: true})
				}
				if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
					out = append(out, protectedPath{path: p, nodePackage: true})
					left = append(left, pkg)
				}
			}
			pkgs = left // node stops at an installed one
		}
		if d == root || !within(d, root) {
			return out
		}
	}
}

// nodePackageName returns the package bare module spec names in
// node_modules (lodash for lodash/fp, @scope/x for @scope/x/y); "" for a
// # name, which package.json's imports map.
func nodePackageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	n := 1
	if spec[0] == '@' {
		n = 2
	}
	if spec[0] == '#' || len(parts) < n || slices.ContainsFunc(parts[:n], func(p string) bool { return p == "" || p == "." || p == ".." }) {
		return ""
	}
	return strings.Join(parts[:n], "/")
}

// scriptDirs returns a line of a shell script in directory dir with the
// forms of the script's own directory that sourcing scripts use
// ($(dirname "$0"), ${BASH_SOURCE%/*}) replaced by it, where the shell
// would take it as it is (plainPath). $0 is the script's at the first level only; it is
// the hook's still in a file the script sources, where this takes it
// for that file's, as BASH_SOURCE is. real, the directory of what the
// script links to (scriptRealDir), stands for $(dirname "$(readlink -f
// "$0")") and realpath's.
func scriptDirs(line, dir, real string) string {
	if !strings.Contains(line, "$0") && !strings.Contains(line, "BASH_SOURCE") {
		return line
	}
	if !plainPath(dir) || !plainPath(real) {
		return line
	}
	var args []string
	for _, self := range []string{`"$0"`, `$0`, `"${0}"`, `"${BASH_SOURCE[0]}"`, `"$BASH_SOURCE"`, `${BASH_SOURCE[0]}`, `$BASH_SOURCE`} {
		for _, resolve := range []string{"readlink -f ", "realpath "} {
			args = append(args, `$(dirname "$(`+resolve+self+`)")`, real)
		}
		args = append(args, `$(dirname `+self+`)`, dir, "`dirname "+self+"`", dir)
	}
	args = append(args, `${0%/*}`, dir, `${BASH_SOURCE%/*}`, dir, `${BASH_SOURCE[0]%/*}`, dir)
	return strings.NewReplacer(args...).Replace(line)
}

// installed says whether path lies, below root, in a directory a
// package manager makes and replaces whole: node_modules, a .venv. A
// root that itself lies in one (a package's checkout under
// node_modules) protects its hooks' scripts as any other does; so is a
// missing node_modules itself (nodeModulesDirs).
func installed(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		rel = path
	}
	for part := range strings.SplitSeq(filepath.Dir(rel), "/") {
		if part == "node_modules" || part == ".venv" {
			return true
		}
	}
	return false
}

// held says whether path lies outside root (nothing of the run's to
// protect) or in one of ps already.
func held(root, path string, ps []protectedPath) bool {
	p := filepath.Clean(path)
	if p == root || !within(p, root) {
		return true
	}
	return slices.ContainsFunc(ps, func(pr protectedPath) bool { return within(p, filepath.Clean(pr.path)) })
}

// hookCommands appends to cmds the commands in settings value v: v
// itself where a string, else every key string in it, with the words of
// an args array beside it, which the agent passes to it without a shell
// (Qwen Code's "command": "node", "args": ["x.js"]), in the order of the
// keys, up to one past maxHookCommands (which the caller refuses).
func hookCommands(v any, key string, cmds *[]hookCommand) {
	if len(*cmds) > maxHookCommands {
		return
	}
	switch v := v.(type) {
	case string:
		*cmds = append(*cmds, hookCommand{line: v})
	case []any:
		for _, e := range v {
			if _, ok := e.(string); !ok {
				hookCommands(e, key, cmds)
			}
		}
	case map[string]any:
		if line, ok := v[key].(string); ok {
			args, _ := v["args"].([]any)
			for _, a := range args {
				if a, ok := a.(string); ok {
					line += " " + shellQuote(a)
				}
			}
			cwd, _ := v["cwd"].(string)
			*cmds = append(*cmds, hookCommand{line: line, cwd: cwd})
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if _, ok := v[k].(string); !ok && k != "args" {
				hookCommands(v[k], key, cmds)
			}
		}
	}
}

// expandProjectVars replaces in command line c the variables of vars
// ($V, ${V}), which the agent sets to the project's directory, by root,
// where root holds no character the shell would treat specially in
// double quotes or out of them. Where it holds one only out of them (a
// blank: /home/u/My Projects), a variable opening a double-quoted string
// ("$V"/x.sh, "${V}/x.sh") is replaced still, the shell taking root as it
// is there. c as it is otherwise, in which leadingWords then takes such a
// word for one the shell expands.
func expandProjectVars(c, root string, vars []string) string {
	if !plainPath(root) {
		if strings.ContainsAny(root, "$`\\\"!\n") {
			return c
		}
		for _, v := range vars {
			c = strings.ReplaceAll(c, `"${`+v+`}`, `"`+root)
			c = replaceVar(c, `"$`+v, `"`+root)
		}
		return c
	}
	for _, v := range vars {
		c = strings.ReplaceAll(c, "${"+v+"}", root)
		c = replaceVar(c, "$"+v, root)
	}
	return c
}

// plainPath says whether path holds only characters the shell takes as
// they are, in double quotes or out of them.
func plainPath(path string) bool {
	return strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-,:@%") == ""
}

// replaceVar replaces in c each ref, a variable's $NAME (with what comes
// before it), by value, but where a name's character follows it
// ($CLAUDE_PROJECT_DIRS is another variable).
func replaceVar(c, ref, value string) string {
	var b strings.Builder
	for {
		i := strings.Index(c, ref)
		if i < 0 {
			break
		}
		end := i + len(ref)
		if end < len(c) && (c[end] == '_' || c[end] >= '0' && c[end] <= '9' || c[end] >= 'a' && c[end] <= 'z' || c[end] >= 'A' && c[end] <= 'Z') {
			b.WriteString(c[:end]) // another variable ($CLAUDE_PROJECT_DIRS)
		} else {
			b.WriteString(c[:i] + value)
		}
		c = c[end:]
	}
	return b.String() + c
}

// withByteCode adds to a module's files (programFiles, module > 0) the
// __pycache__ directory beside each that exists: python3 -m runs the
// byte code it finds there (tools/__pycache__/x.cpython-311.pyc) instead
// of the source whenever its header names the source's modification time
// and size, which the command can read. A command planted one for
// tools/x.py, read-only, and the host's git diff ran it. Made where
// missing (a placeholder), so that the command cannot make it either;
// python in the sandbox then only writes no byte code there.
func withByteCode(files []protectedPath, module int) []protectedPath {
	if module == 0 {
		return files
	}
	var dirs []string
	for _, p := range files {
		if !strings.HasSuffix(p.path, ".py") {
			continue
		}
		if fi, err := os.Stat(p.path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if d := filepath.Dir(p.path) + "/__pycache__"; !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		files = append(files, protectedPath{path: d, placeholder: true})
	}
	return files
}

// programPath returns the program command line v (programOf) runs
// where it may lie in the root (tools/fsmonitor-watchman for
// core.fsmonitor): git runs it from the working tree, outside the
// sandbox, as it runs a hook; "" for none. Git expands a leading ~, runs v
// through the shell where it holds a shell's special character (the
// program is then its first word, up to a blank or an operator), and
// looks a name without a slash up in PATH. The shell only unquotes a
// quoted word without $, ` or \ ("tools/my fsmon"); a word it would
// expand ($X/x, *) is not known here; nor is a relative one where root,
// the working tree, is "". Where the first word is an interpreter or a
// wrapper found in PATH (python3 tools/textconv.py, sh x.sh, env A=1
// tools/x, A=1 tools/x) the program is the script it runs, which a
// command could rewrite as well as a program; found past the runner's
// options and their arguments (runner), and in a shell's -c command line
// with its $0. A module python3 -m runs (python3 -m tools.textconv) is
// found from the working tree, where git runs it and python looks first:
// module is then the number of names in its dotted name (2 for
// tools.textconv), 0 for a program, and the path has no extension
// (/r/tools/textconv), the module's files being programFiles'.
func programPath(root, v, home string) (prog string, module int) {
	return programPathIn(root, v, home, 0)
}

// programFiles are the paths that protect program f, as programPath
// found it: f itself, refused where missing (the command could make it),
// or a module's files (tools/textconv.py, a package's
// tools/textconv/__main__.py) only where they exist: python3 -m pip runs
// an installed module when the project has none of its name. Python
// imports the packages a module lies in before it runs the module, and a
// package it runs (-m tools.pkg) before its __main__.py: their
// __init__.py run as the module does (tools/__init__.py,
// tools/pkg/__init__.py), and are protected where they exist too; so is
// a module of a package's name (tools.py), which Python takes before a
// namespace package, a directory without __init__.py. Each is marked
// moduleDir, those below the working directory with moduleNames (see
// there).
func programFiles(f string, module int, key string) []protectedPath {
	if module == 0 {
		return []protectedPath{{path: f, mustExist: true, program: key}}
	}
	out := []protectedPath{{path: f + ".py", program: key}, {path: f + "/__main__.py", program: key}, {path: f + "/__init__.py", program: key}}
	dir := f
	for ; module > 1; module-- {
		dir = filepath.Dir(dir)
		out = append(out, protectedPath{path: dir + "/__init__.py", program: key}, protectedPath{path: dir + ".py", program: key})
	}
	// The working directory, first on Python's path for -m, is held
	// against new modules (moduleDir) through the files in it: a
	// signal.py the command made in the root ran at python3 -m
	// tools.hook's import subprocess, and a tools/__init__.abi3.so made
	// the namespace package tools one of the command's (hk84). A
	// package's directory is held against new modules of the names
	// Python imports there: its __init__ and the next of the module's
	// (moduleNames).
	for i := range out {
		out[i].moduleDir = true
		if filepath.Dir(out[i].path) != filepath.Dir(dir) {
			out[i].moduleNames = []string{"__init__"}
			if name := strings.TrimSuffix(filepath.Base(out[i].path), ".py"); name != "__init__" {
				out[i].moduleNames = append(out[i].moduleNames, name)
			}
		}
	}
	return out
}

// maxCommandLines bounds the command lines in command lines (sh -c
// '"$0" "$@"' sh -c ...) programPath follows: each costs the length of
// the value, which may be a megabyte. Past it, as for a word the shell
// expands, the program is not known.
const maxCommandLines = 8

// programPathIn is programPath for a command line depth deep in others.
func programPathIn(root, v, home string, depth int) (string, int) {
	if depth > maxCommandLines {
		return "", 0
	}
	if strings.HasPrefix(v, "~") {
		if v = expandHome(v, home); v == "" {
			return "", 0
		}
	}
	words := leadingWords(v)
	script := false // the word is an interpreter's script: no PATH lookup
	for len(words) > 0 && assignment(words[0]) {
		words = words[1:]
	}
	for len(words) > 0 {
		name := words[0]
		if strings.Contains(name, "/") {
			// A venv's interpreter (.venv/bin/python) runs the
			// project's script as the system's does.
			if !systemProgram(name) && !installed(root, name) {
				break // the project's own (tools/python3): the program
			}
			name = filepath.Base(name)
		}
		r, ok := runners[name]
		if !ok && versionedPython(name) {
			r, ok = runners["python3"], true
		}
		if !ok {
			break
		}
		rest, line, code := r.operands(words[1:])
		switch {
		case code && line != "" && r.module:
			if root == "" || !moduleName(line) {
				return "", 0 // an installed module's, or none known
			}
			return root + "/" + strings.ReplaceAll(line, ".", "/"), strings.Count(line, ".") + 1
		case code && line != "":
			return programPathIn(root, line, home, depth+1) // sh -c's, env -S's command line
		case code:
			return "", 0 // code on the command line (python3 -c, perl -pe): no file
		}
		words = rest
		script = r.interpreter || script
	}
	if len(words) == 0 {
		return "", 0
	}
	prog := words[0]
	if prog == "" || !script && !strings.Contains(prog, "/") {
		return "", 0 // looked up in PATH, or a word the shell changes
	}
	if !filepath.IsAbs(prog) {
		if root == "" {
			return "", 0 // no working tree known: git runs none there
		}
		prog = root + "/" + prog // not cleaned, as hooksDir
	}
	if filepath.Clean(prog) == filepath.Clean(root) {
		return "", 0 // no program: the root stays writable
	}
	return prog, 0
}

// versionedPython says whether name is a python of a version
// (python3.12, python2.7), the same runner as python3.
func versionedPython(name string) bool {
	v, ok := strings.CutPrefix(name, "python")
	major, minor, _ := strings.Cut(v, ".")
	return ok && major != "" && strings.Trim(major, "0123456789") == "" && strings.Trim(minor, "0123456789") == ""
}

// moduleName says whether m is a dotted name of python modules
// (tools.textconv), which python finds as a path.
func moduleName(m string) bool {
	for part := range strings.SplitSeq(m, ".") {
		if part == "" || part[0] >= '0' && part[0] <= '9' || strings.Trim(part, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
			return false
		}
	}
	return true
}

// runner is a program found in PATH whose operand is the program that
// runs: an interpreter's script or a wrapper's command. Options are read
// as its own parser reads them, so that an option's argument (python3 -W
// ignore, perl -I lib, node --require ./x) is not taken for the script,
// which would be left writable while the argument is made read-only, or
// refuses the run when missing.
type runner struct {
	interpreter bool   // its operand is a script, not looked up in PATH
	code        string // short options giving code, not a file (python3 -c, -m), or a command line (sh -c, env -S: line)
	line        bool   // the code option's argument is a command line whose program runs (sh -c, env -S)
	module      bool   // the code option m's argument is a module whose file runs (python3 -m)
	args        string // short options taking an argument, attached or the next word
	long        string // long options taking the next word as argument, each followed by a space
	longCode    string // long options giving code (node --eval)
	file        string // short options whose argument is the script (php -f)
	skip        int    // operands before the command (timeout's duration)
}

// runners are the runners by name. An option missing here that takes an
// argument makes that argument the program: protected if it exists (or
// the run refused if it does not), its script left writable.
var runners = map[string]runner{
	"sh":      {interpreter: true, code: "c", line: true, args: "oO"},
	"dash":    {interpreter: true, code: "c", line: true, args: "oO"},
	"ksh":     {interpreter: true, code: "c", line: true, args: "oO"},
	"zsh":     {interpreter: true, code: "c", line: true, args: "oO"},
	"bash":    {interpreter: true, code: "c", line: true, args: "oO", long: "--rcfile --init-file "},
	"python":  {interpreter: true, code: "cm", module: true, args: "WXQ"},
	"python3": {interpreter: true, code: "cm", module: true, args: "WXQ"},
	"perl":    {interpreter: true, code: "eE", args: "IM"}, // perl -c compiles the script, running its BEGIN blocks
	"ruby":    {interpreter: true, code: "e", args: "IrCE"},
	"node":    {interpreter: true, code: "ep", args: "rC", long: "--require --import --loader --experimental-loader --conditions --input-type --title --env-file ", longCode: "--eval --print "},
	"php":     {interpreter: true, code: "rBRE", args: "cdztS", file: "fF"},
	"env":     {code: "S", line: true, args: "uC", long: "--unset --chdir "},
	"exec":    {args: "a"},
	"command": {code: "vV"}, // command -v prints where a program is, runs none
	"nice":    {args: "n", long: "--adjustment "},
	"nohup":   {},
	"setsid":  {},
	"stdbuf":  {args: "ioe", long: "--input --output --error "},
	"timeout": {args: "ks", long: "--kill-after --signal ", skip: 1},
}

// operands reads runner r's options in words, returning the words from
// its program on, or, where an option gives code (code), the command
// line that code runs where r's is one (line), else "". Shell variable
// assignments (env A=1 tools/x) are skipped as options.
func (r runner) operands(words []string) (rest []string, line string, code bool) {
	for len(words) > 0 {
		w := words[0]
		if assignment(w) {
			words = words[1:]
			continue
		}
		if w == "--" {
			words = words[1:]
			break
		}
		if strings.HasPrefix(w, "--") {
			name, _, eq := strings.Cut(w, "=")
			words = words[1:]
			switch {
			case strings.Contains(r.longCode, name+" "):
				return nil, "", true
			case r.line && name == "--split-string":
				return nil, splitLine(w, eq, words), true
			case !eq && strings.Contains(r.long, name+" ") && len(words) > 0:
				words = words[1:]
			}
			continue
		}
		if len(w) < 2 || w[0] != '-' && (w[0] != '+' || r.code != "c") {
			break // an operand ("-" too: the script from stdin)
		}
		words = words[1:]
		for i := 1; i < len(w); i++ {
			c := w[i]
			switch {
			case strings.IndexByte(r.file, c) >= 0:
				if i < len(w)-1 {
					return []string{w[i+1:]}, "", false
				}
				return words, "", false
			case strings.IndexByte(r.code, c) >= 0:
				if r.module && c == 'm' {
					if i < len(w)-1 {
						return nil, w[i+1:], true // -mtools.x
					}
					if len(words) == 0 {
						return nil, "", true
					}
					return nil, words[0], true
				}
				if !r.line {
					return nil, "", true
				}
				if i < len(w)-1 && r.code == "S" {
					return nil, w[i+1:], true // env -S'tools/x a'
				}
				if len(words) == 0 {
					return nil, "", true
				}
				// the shell's $0 and $@ are the words after its command line
				return nil, shellArgs(words[0], words[1:]), true
			case strings.IndexByte(r.args, c) >= 0:
				if i == len(w)-1 && len(words) > 0 {
					words = words[1:] // its argument, the next word
				}
				i = len(w) // or the rest of this one
			}
		}
	}
	if r.skip > 0 && len(words) > 0 {
		words = words[min(r.skip, len(words)):]
	}
	return words, "", false
}

// splitLine returns the command line long option w gives, after its =
// (eq) or in the next of words.
func splitLine(w string, eq bool, words []string) string {
	if eq {
		_, v, _ := strings.Cut(w, "=")
		return v
	}
	if len(words) > 0 {
		return words[0]
	}
	return ""
}

// shellArgs returns shell command line line with a leading $0, and a $@
// or $* after it, replaced by the words the shell gives them (sh -c
// '"$0" "$@"' tools/x): the program it runs is then known.
func shellArgs(line string, args []string) string {
	if len(args) == 0 {
		return line
	}
	t := strings.TrimLeft(line, " \t")
	prefix := ""
	if after, ok := strings.CutPrefix(t, "exec "); ok {
		prefix, t = "exec ", strings.TrimLeft(after, " \t")
	}
	var after string
	var ok bool
	for _, z := range []string{`"$0"`, `$0`, `"${0}"`, `${0}`} {
		if after, ok = strings.CutPrefix(t, z); ok {
			break
		}
	}
	if !ok || after != "" && strings.IndexByte(" \t;|&\n", after[0]) < 0 {
		return line
	}
	// enough words to find the program in, whatever the value's length
	args = args[:min(len(args), 32)]
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	rest := strings.TrimLeft(after, " \t")
	for _, z := range []string{`"$@"`, `$@`, `"$*"`, `$*`, `"${@}"`, `${@}`} {
		if r, ok := strings.CutPrefix(rest, z); ok && (r == "" || strings.IndexByte(" \t;|&\n", r[0]) >= 0) {
			return prefix + strings.Join(quoted, " ") + r
		}
	}
	return prefix + quoted[0] + after
}

// systemProgram says whether path is a program of the installation's
// (/usr/bin/env), not one a project may hold.
func systemProgram(path string) bool {
	dir := filepath.Dir(path)
	return dir == "/bin" || dir == "/usr/bin" || dir == "/usr/local/bin"
}

// assignment says whether shell word w is a variable assignment (LESS=R).
func assignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == "" && (name[0] < '0' || name[0] > '9')
}

// leadingWords returns the words of the first simple command of shell
// command line v, up to an operator or a comment, unquoted; a word the
// shell would expand (a variable, a glob, a backslash in double quotes or
// at the end, an unclosed quote) is "".
func leadingWords(v string) []string {
	var words []string
	var w strings.Builder
	in, known := false, true
	end := func() {
		if in {
			if !known {
				w.Reset()
			}
			words = append(words, w.String())
		}
		w.Reset()
		in, known = false, true
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ' ' || c == '\t':
			end()
		case strings.IndexByte("\n|&;<>()", c) >= 0 || c == '#' && !in:
			end()
			return words
		case c == '\'' || c == '"':
			j := strings.IndexByte(v[i+1:], c)
			if j < 0 {
				known = false
				i = len(v)
				continue
			}
			q := v[i+1 : i+1+j]
			if c == '"' && strings.ContainsAny(q, "$`\\") {
				known = false
			}
			w.WriteString(q)
			in = true
			i += j + 1
		case c == '\\' && i+1 < len(v) && v[i+1] != '\n':
			w.WriteByte(v[i+1]) // quoted by the backslash
			in = true
			i++
		case strings.IndexByte("$`\\*?[", c) >= 0 || c == '~' && !in:
			known, in = false, true // ~ only at a word's start
		default:
			w.WriteByte(c)
			in = true
		}
	}
	end()
	return words
}

// maxHookEntries bounds the entries of a hooks directory protectHooks
// examines (its samples aside), and those of .github/hooks hookFilePaths
// reads: hooks directories are small.
const maxHookEntries = 64

// shellQuote quotes s for a shell command the user is told to run.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
