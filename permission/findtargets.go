package permission

import (
	"regexp"
	"slices"
	"strings"
)

// What find's {} may be: any path below its start paths that its tests
// match, only known at run time. Where a name or path test picks out a
// name a protected place holds (find . -name pre-commit is
// ./.git/hooks/pre-commit too), those protected paths are handed on to
// what -exec runs, and to what -delete deletes, as one more copy each
// to judge. A test every name matches (none, -type f, '*.go' and other
// names no protected place holds) hands nothing on: a find over the
// project that changes every file (-exec chmod 644 {} +) is judged as
// before, by its start paths.

// findInside are the names a protected directory (sensitiveWriteDirs)
// holds that a write changes what runs: git's configuration and hooks,
// the agents' and editors' settings, tasks and servers. Each is tried
// in each protected directory, and git's hooks (gitHookNames) there and
// in its hooks/. A literal, not a slice built at the start: the package
// makes nothing when the program starts (TestStartupDoesNoWork).
var findInside = []string{
	"config", "hooks", "settings.json", "settings.local.json", "settings.yaml", "settings.yml",
	"tasks.json", "launch.json", "extensions.json", "mcp.json", "devcontainer.json",
}

// gitHookNames are the hooks git runs (githooks(5)).
var gitHookNames = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite",
	"sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
	"p4-post-changelist", "p4-pre-submit", "post-index-change",
}

// maxFindTargets bounds the protected paths handed on for one find: one
// asks already, a few more meet a deny rule on another.
const maxFindTargets = 8

// findTargets returns the protected paths below find's start paths that
// a name, path or regular expression test of its expression (args, after find's name) picks
// out: each start's protected names (./.bashrc, ./.git), and the names
// of findInside in its protected directories (./.git/config,
// ./.git/hooks/pre-commit). A test under ! or -not, one only known at
// run time and a start path only known at run time add none.
func findTargets(args []Word) []string {
	starts, expr := findStarts(args)
	// A name test reads a candidate's last name alone, which needs no
	// path built: most finds test names only, and a line may hold
	// thousands of them.
	var names, tests []func(p string) bool
	for j := 0; j+1 < len(expr); j++ {
		w := expr[j]
		if !w.Literal {
			continue
		}
		if w.Text == "!" || w.Text == "-not" {
			j++ // a test of what is left out
			if j+1 < len(expr) && expr[j].Literal && strings.HasPrefix(expr[j].Text, "-") {
				j++ // and its argument
			}
			continue
		}
		pat := expr[j+1]
		if !pat.Literal {
			continue
		}
		switch w.Text {
		case "-name", "-iname":
			names = append(names, fnmatchPath(pat.Text, w.Text == "-iname"))
		case "-path", "-ipath", "-wholename", "-iwholename":
			tests = append(tests, fnmatchPath(pat.Text, w.Text == "-ipath" || w.Text == "-iwholename"))
		case "-regex", "-iregex":
			if re := findRegexp(pat.Text, w.Text == "-iregex", expr); re != nil {
				tests = append(tests, re.MatchString)
			}
		default:
			continue
		}
		j++
	}
	if len(names) == 0 && len(tests) == 0 {
		return nil
	}
	var out []string
	for _, s := range starts {
		if !s.Literal {
			continue
		}
		prefix := s.Text + "/"
		if strings.HasSuffix(s.Text, "/") {
			prefix = s.Text
		}
		cs := findCandidates.get()
		for _, name := range cs.names {
			if len(names) == 0 {
				break
			}
			if !slices.ContainsFunc(names, func(t func(string) bool) bool { return t(name) }) {
				continue
			}
			for _, c := range cs.byName[name] {
				if len(out) == maxFindTargets {
					return out
				}
				out = append(out, prefix+c)
			}
		}
		for _, c := range cs.all {
			if len(tests) == 0 || len(out) == maxFindTargets {
				break
			}
			if p := prefix + c; !slices.Contains(out, p) && slices.ContainsFunc(tests, func(t func(string) bool) bool { return t(p) }) {
				out = append(out, p)
			}
		}
	}
	return out
}

// findCandidateSet is what a find below a start may print of the
// protected paths, relative to the start: all of them, their last names
// in order, and for each name the paths that end in it.
type findCandidateSet struct {
	all    []string
	names  []string
	byName map[string][]string
}

// findCandidates are each protected name, each protected directory and
// the names of findInside and git's hooks in it and in its hooks/. Built
// at first use (lazy), once; a find's name tests then read some seventy
// names, not a thousand paths (a line may hold thousands of finds).
var findCandidates = lazy[findCandidateSet]{build: func() findCandidateSet {
	var cs findCandidateSet
	for _, d := range sensitiveWriteDirs {
		cs.all = append(cs.all, d)
		for _, n := range findInside {
			cs.all = append(cs.all, d+"/"+n)
		}
		for _, h := range gitHookNames {
			cs.all = append(cs.all, d+"/"+h, d+"/hooks/"+h)
		}
	}
	cs.all = append(cs.all, sensitiveWriteNames...)
	cs.byName = map[string][]string{}
	for _, c := range cs.all {
		name := baseName(c)
		if _, ok := cs.byName[name]; !ok {
			cs.names = append(cs.names, name)
		}
		cs.byName[name] = append(cs.byName[name], c)
	}
	return cs
}}

// findTargetCopies appends, for command i, a find, one more copy of
// each command its -exec (-execdir, -ok, -okdir) runs for each protected
// path its tests pick out (findTargets), that path in the place of {},
// and an rm of it where -delete deletes what it matches: find . -name
// pre-commit -exec cp x {} \; writes the hook, as cp x
// ./.git/hooks/pre-commit does. Command i is the find as written, or a
// copy of it with a value in the place of a variable (readValues): n=pre-commit;
// find . -name "$n" -exec cp x {} \; is the same find.
func (z *analyzer) findTargetCopies(i int) {
	c := z.a.Commands[i]
	args := c.Words[min(c.Inner+1, len(c.Words)):]
	deletes := slices.ContainsFunc(args, func(w Word) bool { return w.Literal && w.Text == "-delete" })
	spans := findExecSpans(c)
	if len(spans) == 0 && !deletes {
		return // a find that only prints: its targets would go nowhere
	}
	targets := findTargets(args)
	for _, t := range targets {
		plain := !strings.ContainsFunc(t, func(r rune) bool { return !isPlainPathRune(r) })
		for _, span := range spans {
			ws := slices.Clone(c.Words[span[0]:span[1]])
			changed := false
			for k, w := range ws {
				// A word the shell expands takes the path in its source.
				if strings.Contains(w.Text, "{}") && (w.Literal || plain) {
					ws[k].Text, changed = strings.ReplaceAll(w.Text, "{}", t), true
				}
			}
			if changed {
				z.findCopy(c, ws, true)
			}
		}
		if deletes {
			z.findCopy(c, []Word{{Text: "rm", Literal: true}, {Text: "--", Literal: true}, {Text: t, Literal: true}}, false)
		}
	}
}

// findCopy appends ws, a command find (c) runs on what it finds, and
// analyses what it runs; open: more names are appended at run time.
func (z *analyzer) findCopy(c SimpleCommand, ws []Word, open bool) {
	z.finish(SimpleCommand{Text: joinWords(ws), Words: ws, OpenArgs: open, FromFind: true, Func: c.Func, Async: c.Async, Piped: c.Piped}, nil, nil, nil)
}

// findRegexp returns the expression of find's -regex pat (-iregex:
// fold), which matches the whole path: emacs' syntax, find's default,
// read as POSIX extended, which writes its operators (. * + ? [ ]) alike;
// a group or an alternative (\( \|) then stands for itself, matching no
// protected path. nil where expr (find's) chooses another type with
// -regextype, or pat is not read.
func findRegexp(pat string, fold bool, expr []Word) *regexp.Regexp {
	for k, w := range expr {
		if w.Text == "-regextype" && (k+1 >= len(expr) || !slices.Contains([]string{"emacs", "posix-extended", "posix-egrep", "egrep", "findutils-default"}, expr[k+1].Text)) {
			return nil
		}
	}
	src, ok := posixRegexp(pat, 0, true)
	if !ok {
		return nil
	}
	if fold {
		src = "(?i)" + src
	}
	re, err := regexp.Compile("^(?:" + src + ")$")
	if err != nil {
		return nil
	}
	return re
}
