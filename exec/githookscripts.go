package exec

import (
	"bytes"
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

	"gopkg.in/yaml.v3"
)

// The project's scripts a git hook runs or loads are found on Linux and
// on macOS alike (gitHookScripts): the namespace layer holds them
// (protectedPaths), and the Seatbelt profile denies writing them
// (planSeatbelt), as it does an agent hook's (agentHookPrograms).

// hookNames are the hooks git runs (githooks(5)), the same list as
// permission's gitHookNames, which exec may not import
// (TestHookNamesAsPermissions holds them equal): a file of another name
// in a hooks directory runs only where a hook runs it, which
// gitHookScripts reads. A literal, not a slice built at the start
// (TestStartupDoesNoWork).
var hookNames = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite",
	"sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
	"p4-post-changelist", "p4-pre-submit", "post-index-change",
}

// gitHookScripts returns the files inside root that the git hooks in dirs
// (the repository's hooks directory, those core.hooksPath names) run or
// load, read as sourcedFiles reads an agent hook's script, from the root,
// where git runs a hook: ./scripts/lint.sh, bash scripts/x.sh, a file it
// sources (. "$(dirname "$0")/lib.sh"), a module python3 -m runs, and
// the sibling modules a Python or JavaScript program it runs imports. A
// sandboxed echo >> scripts/lint.sh ran at the next git commit outside
// the sandbox, the hooks directory being read-only but not what its
// hooks call. Each is held as an agent hook's script is: read-only where
// it exists, moved aside after the run where the command made it. A
// program found in PATH (npm test, make, pre-commit's own python3 -m
// pre_commit) holds nothing of the project's but a module of that name
// in the root, which python3 -m would run first; package.json's scripts
// and a Makefile stay writable. Those out holds already (.husky/lib.sh)
// and those in node_modules or a .venv are left out. A hook git would not
// run (not executable) is not read, but in husky's directory, whose
// scripts husky runs with sh. A directory or a hook that cannot be
// followed (too many entries, a hook past maxSourcedSize
// or not to be read, one loading files deeper than maxSourceDepth) is
// returned with refuse set.
func gitHookScripts(root string, dirs []string, out []protectedPath) []protectedPath {
	var progs []protectedPath
	for _, dir := range dirs {
		hooks, why := gitHooks(dir)
		if why != "" {
			progs = append(progs, protectedPath{path: dir, refuse: why})
		}
		for _, h := range hooks {
			for _, p := range hookLoads(h, root) {
				if toHold(root, p, out, progs) {
					progs = append(progs, p)
				}
			}
		}
	}
	return progs
}

// hookInstalled says whether one of the hooks directories dirs holds
// anything but git's samples: any hook there may be a hook manager's,
// whose configuration is then read (hookManagerScripts), as is what a
// submodule's or a linked worktree's hooks run (protectTreeHooks on
// Linux). One that cannot be read counts as holding one.
func hookInstalled(dirs []string) bool {
	for _, d := range dirs {
		names, err := dirNames(d, maxHookEntries)
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return true
		}
		if slices.ContainsFunc(names, func(n string) bool { return !strings.HasSuffix(n, ".sample") }) {
			return true
		}
	}
	return false
}

// gitHooks returns the hooks in directory dir git runs: files of a hook's
// name that are executable, or, in husky's directory (one holding _,
// which git runs and which runs them with sh), of a hook's name; and
// the executable NAME.legacy pre-commit's hook runs. why says
// why the run is refused where dir cannot be read or holds more than
// twice maxHookEntries entries, git's samples among them (protectHooks
// refuses more than maxHookEntries others).
func gitHooks(dir string) (hooks []string, why string) {
	names, err := dirNames(dir, 2*maxHookEntries)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return nil, ""
	case errors.Is(err, errTooMany):
		return nil, fmt.Sprintf("more than %d entries in it, too many to read for the scripts its hooks run: keep fewer files there, or run outside the sandbox", 2*maxHookEntries)
	case err != nil:
		return nil, "reading it for the scripts its hooks run: " + err.Error() + ": make it a directory the run's user can read, or run outside the sandbox"
	}
	husky := slices.Contains(names, "_")
	for _, n := range names {
		// pre-commit's hook runs the one it replaced, NAME.legacy, where
		// executable (pre-commit install without -f).
		if !slices.Contains(hookNames, strings.TrimSuffix(n, ".legacy")) || husky && n != strings.TrimSuffix(n, ".legacy") {
			continue
		}
		p := dir + "/" + n
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && (husky || fi.Mode()&0o111 != 0) {
			hooks = append(hooks, p)
		}
	}
	return hooks, ""
}

// hookLoads returns what git hook h, run from root, runs or loads
// (sourcedFiles), and the files each Python or JavaScript program among
// them imports: a hook's own shell script runs them as an agent hook's
// command line does. A hook without a #! line, an extension or an
// executable's header runs as a shell script (git runs it with sh where
// exec fails, husky with sh -e): it is read as one sourced, a level
// nearer maxSourceDepth.
func hookLoads(h, root string) []protectedPath {
	depth := 0
	if scriptLanguage(h) == "" && shellScript(h) {
		depth = 1
	}
	ps := sourcedFiles(h, root, root, nil, depth)
	for _, p := range ps {
		if p.refuse == "" && within(p.path, root) && !installed(root, p.path) {
			if l := scriptLanguage(p.path); l == "py" || l == "js" {
				ps = append(ps, sourcedFiles(p.path, root, root, nil, 0)...)
			}
		}
	}
	return ps
}

// shellScript says whether file path, which exec would refuse, runs as
// a shell script: it has no #! line and is no ELF executable (a compiled
// hook, ./target/release/check, read as a shell script past
// maxSourcedSize refused the run). False where it cannot be read, which
// sourcedFiles then refuses.
func shellScript(path string) bool {
	f, err := openShebang(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [4]byte
	n, err := io.ReadFull(f, b[:])
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return false
	}
	return !bytes.HasPrefix(b[:n], []byte("#!")) && string(b[:n]) != "\x7fELF"
}

// maxWorktrees bounds the entries of a common directory's worktrees/ that
// protectWorktrees examines.
const maxWorktrees = 64

// worktreeOf returns the working tree of linked worktree entry (its gitdir
// file names the worktree's .git), links resolved, or "" where it names
// none that exists.
func worktreeOf(entry string) string {
	b, err := readPointer(entry + "/gitdir")
	if err != nil {
		return ""
	}
	p := strings.TrimRight(string(b), "\r\n")
	if p == "" {
		return ""
	}
	if !filepath.IsAbs(p) {
		p = entry + "/" + p // worktree.useRelativePaths: relative to the entry
	}
	tree, err := filepath.EvalSymlinks(filepath.Dir(p))
	if err != nil {
		return ""
	}
	return tree
}

// rootWorktrees returns the working trees (links resolved) below root
// of the linked worktrees registered in git directory common
// (worktrees/NAME), up to maxWorktrees: a commit there runs the common
// hooks from there.
func rootWorktrees(root, common string) []string {
	names, _ := dirNames(common+"/worktrees", maxWorktrees)
	var trees []string
	for _, n := range names {
		if tree := worktreeOf(common + "/worktrees/" + n); tree != root && within(tree, root) {
			trees = append(trees, tree)
		}
	}
	return trees
}

// hookManagerScripts returns the files inside root that the commands of
// the hook managers' configuration among out (hookConfig) run or load,
// read as an agent hook's command line (hookLineFiles) and a git hook's
// script (hookLoads): pre-commit's and prek's repo: local hooks' entry
// (with their args; a script hook's entry is a path from the root), and
// lefthook's commands' and jobs' run lines (from their root:), in each
// file lefthook reads (YAML, JSON, TOML), with the scripts in its
// source_dir and source_dir_local (lefthookScripts) and its rc: file. The installed hook
// runs them at the next commit: a sandboxed echo >> scripts/lint.sh, a
// local hook's entry, ran there outside the sandbox. With them, the
// configuration out does not hold, to be held as it is: the pre-commit
// configuration an installed hook in dirs names (--config, preCommitConfigs),
// the files lefthook's extends: names, its source_dir and
// source_dir_local. Read only where a hook is installed (protectedPaths):
// until one is, they run nothing. pygrep and fail hooks, whose entry is a
// pattern or a message, run nothing; nor do remote repositories' hooks
// run the project's files. A file past maxConfigSize, not to be read,
// with more than maxHookCommands commands, or past maxHookConfigs files,
// is returned with refuse set.
func hookManagerScripts(root, home string, dirs []string, out []protectedPath) []protectedPath {
	var progs []protectedPath
	var todo []hookConfigFile
	for _, f := range out {
		if f.hookConfig {
			todo = append(todo, hookConfigFile{path: f.path, kind: hookConfigKind(filepath.Base(f.path))})
		}
	}
	for _, p := range preCommitConfigs(root, dirs) {
		if p.refuse != "" || !slices.ContainsFunc(todo, func(f hookConfigFile) bool { return f.path == p.path }) {
			if p.refuse != "" || within(p.path, root) {
				progs = append(progs, p)
			}
			todo = append(todo, hookConfigFile{path: p.path, kind: "pre-commit"})
		}
	}
	sourceDirs := []string{filepath.Join(root, ".lefthook"), filepath.Join(root, ".lefthook-local")}
	lefthook, read, globBudget := false, 0, maxGlobNames
	for i := 0; i < len(todo); i++ {
		f := todo[i]
		if f.kind == "" || f.path == "" {
			continue
		}
		if read++; read > maxHookConfigs {
			progs = append(progs, protectedPath{path: f.path, refuse: fmt.Sprintf("more than %d hook managers' configuration files to read, with those lefthook's extends: names: name fewer, or run outside the sandbox", maxHookConfigs)})
			break
		}
		v, why := readHookConfig(f.path)
		if why != "" {
			progs = append(progs, protectedPath{path: f.path, refuse: why})
			continue
		}
		var cmds []hookCommand
		if f.kind == "pre-commit" {
			preCommitEntries(v, &cmds)
		} else {
			lefthook = lefthook || v != nil
			lefthookRuns(v, &cmds)
			top, _ := v.(map[string]any)
			for _, k := range []string{"source_dir", "source_dir_local"} {
				if d, _ := top[k].(string); managerPath(root, home, d) != "" {
					d = managerPath(root, home, d)
					if within(d, root) {
						progs = append(progs, protectedPath{path: d, hookConfig: true})
					}
					sourceDirs = append(sourceDirs, d)
				}
			}
			// Its rc: file, which lefthook sources before each command.
			if rc, _ := top["rc"].(string); managerPath(root, home, rc) != "" {
				progs = appendLoads(root, protectedPath{path: managerPath(root, home, rc)}, out, progs)
			}
			ext, globDirs, why := lefthookExtends(root, home, top["extends"], &globBudget)
			if why != "" {
				progs = append(progs, protectedPath{path: f.path, refuse: why})
			}
			for _, d := range globDirs {
				// Not the root, which would hold the project (rev87:
				// extends: lefthook-*.yml made every file read-only).
				if within(d, root) && d != root && !slices.ContainsFunc(progs, func(p protectedPath) bool { return p.path == d }) {
					progs = append(progs, protectedPath{path: d, hookConfig: true})
				}
			}
			for _, e := range ext {
				if !slices.ContainsFunc(todo, func(f hookConfigFile) bool { return f.path == e }) {
					todo = append(todo, hookConfigFile{path: e, kind: "lefthook"})
					if within(e, root) {
						progs = append(progs, protectedPath{path: e, hookConfig: true})
					}
				}
			}
		}
		if len(cmds) > maxHookCommands {
			progs = append(progs, protectedPath{path: f.path, refuse: fmt.Sprintf("more than %d hook commands in it, too many to follow for the scripts they run: have fewer hooks run more in one script, or run outside the sandbox", maxHookCommands)})
			continue
		}
		for _, c := range cmds {
			for _, p := range hookLineFiles(hookDirs(root, "", c.cwd, false)[0], c.line, home, 0) {
				if p.refuse != "" {
					progs = refuseOnce(progs, f.path, p.refuse)
					continue
				}
				progs = appendLoads(root, p, out, progs)
			}
		}
	}
	if lefthook {
		for _, d := range slices.Compact(sourceDirs) {
			for _, p := range lefthookScripts(d) {
				progs = appendLoads(root, p, out, progs)
			}
		}
	}
	return progs
}

// managerPath returns path p a hook manager's configuration names (a
// configuration file, a scripts directory), from root where relative;
// "" where it names none known (~user), or the root itself, which is no
// file of the manager's to hold.
func managerPath(root, home, p string) string {
	if p = expandHome(p, home); p == "" {
		return ""
	}
	if !filepath.IsAbs(p) {
		p = root + "/" + p
	}
	if p = filepath.Clean(p); p == root {
		return ""
	}
	return p
}

// appendLoads appends to progs script p, found inside root, and what it
// loads (hookLoads), but those held already (by out, by progs) and those
// a package manager installs.
func appendLoads(root string, p protectedPath, out, progs []protectedPath) []protectedPath {
	if p.refuse != "" {
		return append(progs, p)
	}
	if installed(root, p.path) {
		return progs
	}
	qs := []protectedPath{p}
	if !p.placeholder { // withByteCode's __pycache__ runs nothing itself
		qs = append(qs, hookLoads(p.path, root)...)
	}
	for _, q := range qs {
		if toHold(root, q, out, progs) {
			progs = append(progs, q)
		}
	}
	return progs
}

// maxHookConfigs bounds the hook managers' configuration files
// hookManagerScripts reads: the ones of their names and those lefthook's
// extends: names.
const maxHookConfigs = 128

// hookConfigFile is a hook manager's configuration file, of kind
// "pre-commit" (prek's too) or "lefthook".
type hookConfigFile struct{ path, kind string }

// hookConfigKind returns the kind of hook manager configuration file
// name (hookManagerFiles'), "" for none that runs commands (.husky's
// scripts are git hooks, read as those).
func hookConfigKind(name string) string {
	switch {
	case strings.HasPrefix(name, ".pre-commit-config.") || name == "prek.toml":
		return "pre-commit"
	case strings.Contains(name, "lefthook") && slices.Contains([]string{".yml", ".yaml", ".toml", ".json", ".jsonc"}, filepath.Ext(name)):
		return "lefthook"
	}
	return ""
}

// readHookConfig returns the configuration in file path, by its
// extension TOML (parseTOML), JSON (with comments, stripJSONComments) or
// else YAML; nil where there is none; why says why the run is refused, as
// readHookFile's, where it does not parse (unreadConfig) and where a TOML
// form is not read (parseTOML).
func readHookConfig(path string) (v any, why string) {
	b, why := readHookBytes(path)
	if b == nil {
		return nil, why
	}
	switch filepath.Ext(path) {
	case ".toml":
		t, err := parseTOML(string(b))
		if err != nil {
			return nil, "reading it for the scripts its hooks run: " + err.Error() + ": a TOML form not read here; write it as YAML, or run outside the sandbox"
		}
		return t, ""
	case ".json", ".jsonc":
		if err := json.Unmarshal(stripJSONComments(b), &v); err != nil {
			return nil, unreadConfig(err)
		}
		return v, ""
	}
	// Into a node first: yaml.v3's decoding compares each mapping's keys
	// pairwise and writes a message per pair alike, so that 5,000 equal
	// keys (25 KB) took 2 GB, and a 1 MiB file ran the runner out of
	// memory at the next run's plan.
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, unreadConfig(err)
	}
	if line := yamlLastKeys(&n); line != 0 {
		return nil, fmt.Sprintf("reading it for the scripts its hooks run: line %d: a mapping of more than %d keys, too many to read: have fewer, or run outside the sandbox", line, maxYAMLKeys)
	}
	if err := n.Decode(&v); err != nil {
		return nil, unreadConfig(err)
	}
	return v, ""
}

// unreadConfig says why a hook manager's configuration that does not
// parse refuses the run: another reader (pre-commit's PyYAML) may take
// what this one does not, and run the scripts it names, which would then
// go unheld (rev86: yaml.v3 refused a repos: given twice, which PyYAML
// reads as the last, so that none of its scripts were held before red85).
func unreadConfig(err error) string {
	return "reading it for the scripts its hooks run: " + err.Error() + ": fix it (your hook manager may read it otherwise, or not at all), or run outside the sandbox"
}

// maxYAMLKeys bounds the keys of one mapping readHookConfig decodes,
// which yaml.v3 compares pairwise: more than maxHookCommands' hooks
// refuse the run anyway.
const maxYAMLKeys = 256

// yamlLastKeys keeps in each mapping below n only the last of the keys
// that are alike, as PyYAML, pre-commit's reader, takes them (yaml.v3
// fails on them, and lefthook with it), and returns the line of a
// mapping of more than maxYAMLKeys keys, 0 where there is none. An
// alias is read where its anchor is.
func yamlLastKeys(n *yaml.Node) int {
	if n.Kind == yaml.MappingNode {
		type key struct {
			kind  yaml.Kind
			value string
		}
		last := make(map[key]int, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			last[key{n.Content[i].Kind, n.Content[i].Value}] = i
		}
		if len(last) < len(n.Content)/2 {
			var kept []*yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if last[key{n.Content[i].Kind, n.Content[i].Value}] == i {
					kept = append(kept, n.Content[i], n.Content[i+1])
				}
			}
			n.Content = kept
		}
		if len(last) > maxYAMLKeys {
			return n.Line
		}
	}
	for _, c := range n.Content {
		if line := yamlLastKeys(c); line != 0 {
			return line
		}
	}
	return 0
}

// lefthookExtends returns the files lefthook configuration value v
// (its extends:) names, from root, a glob's matches (globFiles, spending
// budget), and the directories of its globs whose directory is named
// whole (configs/ of configs/*.yml), which a match the command makes
// there would join at the next commit: held, as the files are (rev86;
// one of a glob's own, packages/*/lefthook.yml, and the root, of
// lefthook-*.yml, are not: that would hold the project). why says why the run is refused where a glob is malformed,
// holds ** (not read here), matches more than maxHookConfigs, or reads
// more than the budget left.
func lefthookExtends(root, home string, v any, budget *int) (files, dirs []string, why string) {
	list, _ := v.([]any)
	if s, ok := v.(string); ok {
		list = []any{s}
	}
	for _, e := range list {
		e, _ := e.(string)
		if e == "" {
			continue
		}
		p := managerPath(root, home, e)
		if p == "" {
			continue
		}
		if !strings.ContainsAny(e, "*?[") {
			files = append(files, p)
			continue
		}
		if d := filepath.Dir(p); !strings.ContainsAny(d, "*?[") {
			dirs = append(dirs, d)
		}
		// globFiles has no **, which a glob of lefthook's may hold.
		var m []string
		var err error
		if !strings.Contains(e, "**") {
			m, err = globFiles(p, budget)
		}
		if errors.Is(err, errTooMany) {
			return files, dirs, fmt.Sprintf("its extends: %q reads more than %d directory entries, with the other globs of lefthook's files: name the files, or run outside the sandbox", e, maxGlobNames)
		}
		if err != nil || strings.Contains(e, "**") || len(files)+len(m) > maxHookConfigs {
			return files, dirs, fmt.Sprintf("its extends: %q matches more than %d files, holds ** or is no glob: name the files, or run outside the sandbox", e, maxHookConfigs)
		}
		files = append(files, m...)
	}
	return files, dirs, ""
}

// maxGlobNames bounds the directory entries the globs of lefthook's
// extends: read at one plan (globFiles): matched whole first, 200 globs
// matching nothing below 4,096 directories, in a configuration the
// command wrote, took the next plan seconds.
const maxGlobNames = 4096

// globFiles returns the paths glob p (absolute, filepath.Match's syntax)
// matches, sorted, as filepath.Glob does, reading at most *budget
// directory entries, which it spends: errTooMany past them.
func globFiles(p string, budget *int) ([]string, error) {
	paths := []string{"/"}
	for _, elem := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		if _, err := filepath.Match(elem, ""); err != nil {
			return nil, err
		}
		var next []string
		for _, d := range paths {
			if !strings.ContainsAny(elem, `*?[\`) {
				next = append(next, filepath.Join(d, elem))
				continue
			}
			names, err := dirNames(d, *budget)
			if errors.Is(err, errTooMany) {
				return nil, err
			}
			*budget -= len(names)
			slices.Sort(names)
			for _, n := range names {
				if ok, _ := filepath.Match(elem, n); ok {
					next = append(next, filepath.Join(d, n))
				}
			}
		}
		paths = next
	}
	return slices.DeleteFunc(paths, func(p string) bool {
		_, err := os.Lstat(p)
		return err != nil
	}), nil
}

// lefthookScripts returns the scripts in lefthook source directory dir
// (.lefthook, a source_dir): those in the directory of each hook's name,
// which lefthook runs where the configuration lists them (scripts:),
// each read as a hook is. A directory that cannot be read, or holds more
// than maxHookEntries, is returned with refuse set.
func lefthookScripts(dir string) []protectedPath {
	var out []protectedPath
	for _, h := range hookNames {
		d := dir + "/" + h
		names, err := dirNames(d, maxHookEntries)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			continue
		case errors.Is(err, errTooMany):
			return append(out, protectedPath{path: d, refuse: fmt.Sprintf("more than %d entries in it, too many to read for the scripts lefthook runs: keep fewer files there, or run outside the sandbox", maxHookEntries)})
		case err != nil:
			return append(out, protectedPath{path: d, refuse: "reading it for the scripts lefthook runs: " + err.Error() + ": make it a directory the run's user can read, or run outside the sandbox"})
		}
		for _, n := range names {
			if fi, err := os.Stat(d + "/" + n); err == nil && fi.Mode().IsRegular() {
				out = append(out, protectedPath{path: d + "/" + n})
			}
		}
	}
	return out
}

// preCommitConfigs returns the configuration files the installed
// pre-commit (or prek) hooks in dirs name (hook-impl's --config, from
// the root, where git runs the hook; pre-commit install -c conf.yaml):
// a hook manager's configuration as .pre-commit-config.yaml is, held
// (inside the root) and read for its repo: local hooks. One not to be told (a variable)
// refuses the run.
func preCommitConfigs(root string, dirs []string) []protectedPath {
	var out []protectedPath
	for _, dir := range dirs {
		hooks, _ := gitHooks(dir) // refused by gitHookScripts
		for _, h := range hooks {
			b, _ := readHookBytes(h)
			for line := range strings.Lines(string(b)) {
				// pre-commit 1's hook, a Python script, names it so.
				if c, ok := strings.CutPrefix(strings.TrimSpace(line), "CONFIG = "); ok && strings.Contains(string(b), "File generated by pre-commit") {
					line = "hook-impl --config=" + c
				}
				if !strings.Contains(line, "hook-impl") {
					continue
				}
				line, _ = strings.CutPrefix(strings.TrimSpace(line), "ARGS=(")
				words := leadingWords(line)
				named := false
				for i, w := range words {
					c, ok := strings.CutPrefix(w, "--config=")
					if !ok && (w == "--config" || w == "-c") && i+1 < len(words) {
						c, ok = words[i+1], true
					}
					if ok && c != "" {
						named = true
						if p := managerPath(root, "", c); p != "" {
							out = append(out, protectedPath{path: p, hookConfig: true})
						}
					}
				}
				// A word not to be told (a variable) may be the
				// configuration, or name it.
				if !named && slices.Contains(words, "") && (strings.Contains(line, "--config") || slices.Contains(strings.Fields(line), "-c")) {
					out = append(out, protectedPath{path: h, refuse: "its pre-commit configuration (--config) is not to be told, and the scripts it runs not to be held: name it literally, or run outside the sandbox"})
				}
			}
		}
	}
	return out
}

// preCommitEntries appends to cmds the command lines of pre-commit
// configuration v's repo: local hooks, up to one past maxHookCommands.
func preCommitEntries(v any, cmds *[]hookCommand) {
	top, _ := v.(map[string]any)
	repos, _ := top["repos"].([]any)
	for _, r := range repos {
		r, _ := r.(map[string]any)
		if r["repo"] != "local" {
			continue
		}
		hooks, _ := r["hooks"].([]any)
		for _, h := range hooks {
			h, _ := h.(map[string]any)
			entry, _ := h["entry"].(string)
			lang, _ := h["language"].(string)
			if entry == "" || lang == "pygrep" || lang == "fail" || len(*cmds) > maxHookCommands {
				continue
			}
			if w := leadingWords(entry); lang == "script" && len(w) > 0 && !strings.Contains(w[0], "/") {
				entry = "./" + entry // a script's path, from the root
			}
			args, _ := h["args"].([]any)
			for _, a := range args {
				if a, ok := a.(string); ok {
					entry += " " + shellQuote(a)
				}
			}
			*cmds = append(*cmds, hookCommand{line: entry})
		}
	}
}

// lefthookRuns appends to cmds the command lines of lefthook
// configuration v: its hooks' (hookNames) and each of their commands',
// jobs' (a job group's too) and scripts' (lefthookLines), with the root:
// each runs from, and its templates: values, which a run: line's
// {name} stands for (lefthook-local's may stand in another file's
// line), up to one past maxHookCommands.
func lefthookRuns(v any, cmds *[]hookCommand) {
	top, _ := v.(map[string]any)
	templates, _ := top["templates"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(templates)) {
		if t, _ := templates[k].(string); t != "" && len(*cmds) <= maxHookCommands {
			*cmds = append(*cmds, hookCommand{line: t})
		}
	}
	for _, name := range hookNames {
		hook, _ := top[name].(map[string]any)
		lefthookLines(hook, cmds)
		for _, kind := range []string{"commands", "scripts"} {
			m, _ := hook[kind].(map[string]any)
			for _, k := range slices.Sorted(maps.Keys(m)) {
				lefthookJob(m[k], cmds)
			}
		}
		jobs, _ := hook["jobs"].([]any)
		for _, j := range jobs {
			lefthookJob(j, cmds)
		}
	}
}

// lefthookLines appends to cmds the shell commands lefthook runs for
// hook, command, job or script j from the root, besides its run: line:
// its files: (the command listing the files), its skip: and only:
// conditions' run:, and a script's runner:, up to one past
// maxHookCommands.
func lefthookLines(j map[string]any, cmds *[]hookCommand) {
	var lines []string
	for _, k := range []string{"files", "runner"} {
		if l, _ := j[k].(string); l != "" {
			lines = append(lines, l)
		}
	}
	for _, k := range []string{"skip", "only"} {
		conds, _ := j[k].([]any)
		if c, ok := j[k].(map[string]any); ok {
			conds = []any{c}
		}
		for _, c := range conds {
			c, _ := c.(map[string]any)
			if l, _ := c["run"].(string); l != "" {
				lines = append(lines, l)
			}
		}
	}
	for _, l := range lines {
		if len(*cmds) <= maxHookCommands {
			*cmds = append(*cmds, hookCommand{line: l})
		}
	}
}

// lefthookJob appends to cmds lefthook command, job or script v's
// command lines (its run: and lefthookLines'), and those of the jobs of
// its group, up to one past maxHookCommands.
func lefthookJob(v any, cmds *[]hookCommand) {
	if len(*cmds) > maxHookCommands {
		return
	}
	j, _ := v.(map[string]any)
	dir, _ := j["root"].(string)
	if run, _ := j["run"].(string); run != "" {
		*cmds = append(*cmds, hookCommand{line: run, cwd: dir})
	}
	lefthookLines(j, cmds)
	group, _ := j["group"].(map[string]any)
	jobs, _ := group["jobs"].([]any)
	for _, g := range jobs {
		lefthookJob(g, cmds)
	}
}
