package exec

import (
	"bytes"
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

// gitHooks returns the hooks in directory dir git runs: files of a hook's
// name that are executable, or, in husky's directory (one holding _,
// which git runs and which runs them with sh), of a hook's name. why says
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
		if !slices.Contains(hookNames, n) {
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

// hookManagerScripts returns the files inside root that the commands of
// the hook managers' configuration among out (hookConfig) run or load,
// read as an agent hook's command line (hookLineFiles) and a git hook's
// script (hookLoads): pre-commit's and prek's repo: local hooks' entry
// (with their args; a script hook's entry is a path from the root), and
// lefthook's commands' and jobs' run lines (from their root:), in each
// YAML file lefthook reads. The installed hook runs them at the next
// commit: a sandboxed echo >> scripts/lint.sh, a local hook's entry, ran
// there outside the sandbox. Read only where a hook is installed
// (protectedPaths): until one is, they run nothing. pygrep and fail
// hooks, whose entry is a pattern or a message, run nothing; nor do
// remote repositories' hooks run the project's files. A file past
// maxConfigSize, not to be read, or with more than maxHookCommands
// commands is returned with refuse set.
func hookManagerScripts(root, home string, out []protectedPath) []protectedPath {
	var progs []protectedPath
	for _, f := range out {
		var parse func(any, *[]hookCommand)
		name := filepath.Base(f.path)
		switch {
		case !f.hookConfig:
			continue
		case strings.HasPrefix(name, ".pre-commit-config."):
			parse = preCommitEntries
		case strings.Contains(name, "lefthook") && (strings.HasSuffix(name, ".yml") || strings.HasSuffix(name, ".yaml")):
			parse = lefthookRuns
		default:
			continue
		}
		path := f.path
		v, why := readYAMLHookFile(path)
		if why != "" {
			progs = append(progs, protectedPath{path: path, refuse: why})
			continue
		}
		var cmds []hookCommand
		parse(v, &cmds)
		if len(cmds) > maxHookCommands {
			progs = append(progs, protectedPath{path: path, refuse: fmt.Sprintf("more than %d hook commands in it, too many to follow for the scripts they run: have fewer hooks run more in one script, or run outside the sandbox", maxHookCommands)})
			continue
		}
		for _, c := range cmds {
			for _, p := range hookLineFiles(hookDirs(root, "", c.cwd, false)[0], c.line, home, 0) {
				if p.refuse != "" {
					progs = refuseOnce(progs, path, p.refuse)
					continue
				}
				if installed(root, p.path) {
					continue
				}
				for _, q := range append([]protectedPath{p}, hookLoads(p.path, root)...) {
					if toHold(root, q, out, progs) {
						progs = append(progs, q)
					}
				}
			}
		}
	}
	return progs
}

// readYAMLHookFile returns the configuration in YAML file path, nil
// where there is none or it is no YAML (the hook manager fails on it
// too); why says why the run is refused, as readHookFile's.
func readYAMLHookFile(path string) (v any, why string) {
	b, why := readHookBytes(path)
	if b == nil || yaml.Unmarshal(b, &v) != nil {
		return nil, why
	}
	return v, ""
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

// lefthookRuns appends to cmds the run lines of lefthook configuration
// v's hooks (hookNames): each command's, each job's and each of a job
// group's, with the root: each runs from, up to one past
// maxHookCommands.
func lefthookRuns(v any, cmds *[]hookCommand) {
	top, _ := v.(map[string]any)
	for _, name := range hookNames {
		hook, _ := top[name].(map[string]any)
		commands, _ := hook["commands"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(commands)) {
			lefthookJob(commands[k], cmds)
		}
		jobs, _ := hook["jobs"].([]any)
		for _, j := range jobs {
			lefthookJob(j, cmds)
		}
	}
}

// lefthookJob appends to cmds lefthook command or job v's run line, and
// those of the jobs of its group, up to one past maxHookCommands.
func lefthookJob(v any, cmds *[]hookCommand) {
	if len(*cmds) > maxHookCommands {
		return
	}
	j, _ := v.(map[string]any)
	dir, _ := j["root"].(string)
	if run, _ := j["run"].(string); run != "" {
		*cmds = append(*cmds, hookCommand{line: run, cwd: dir})
	}
	group, _ := j["group"].(map[string]any)
	jobs, _ := group["jobs"].([]any)
	for _, g := range jobs {
		lefthookJob(g, cmds)
	}
}
