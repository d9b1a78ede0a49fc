package permission

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Engine decides on tool calls. An Engine is safe for concurrent use as
// long as its fields are not changed during a Check; it must not be copied
// after its first Check.
type Engine struct {
	Rules Rules
	Mode  Mode
	// Env holds the working directory, home and project root against which
	// paths resolve.
	Env PathEnv
	// PlanFile is the one file plan mode lets the edit tools write.
	PlanFile string
	// Session holds approvals remembered earlier and denial counts; nil
	// means none.
	Session *Session
	// Exists reports whether a path exists; it drives the new-file check.
	// Nil treats every path as new, which asks more, never less.
	Exists func(path string) bool
	// Follow returns an absolute path with its symbolic links resolved
	// the way the kernel follows them to open it, a dangling last link
	// included (writing through one creates its target), or "" when that
	// cannot be known (a loop). The file tools (Read, Write, Edit …) run
	// in the agent's own process, outside any sandbox, so a path is judged
	// as written and where it leads, the stricter decision winning: a link
	// h → .git/hooks in the root makes Write h/pre-commit a write there.
	// Nil judges the path as written only.
	Follow func(path string) string
	// FoldCase is set where file systems match names without regard to
	// case (macOS): .GIT/hooks and ~/.SSH are then the protected paths
	// .git/hooks and ~/.ssh, even where they do not exist yet.
	FoldCase bool
	// VirtualEnv is the Python virtual environment active where commands
	// run (VIRTUAL_ENV), absolute and clean, or "" when none is: pip
	// install then installs into the site-packages of the Python it
	// belongs to, outside the project root, and is asked for.
	VirtualEnv string
	// CondaPrefix is the conda environment active where commands run
	// (CONDA_PREFIX), absolute and clean, or "" when none is: conda
	// install without -n or -p installs there, and pip install too when
	// no virtual environment is active (VirtualEnv ""), both asked for
	// when it lies outside the project root.
	CondaPrefix string
	// AdditionalDirs are the working directories other than the project
	// root (permissions.additionalDirectories), absolute and clean:
	// acceptEdits accepts edits inside the root and these only, as Claude
	// Code's does, and asks for the rest.
	AdditionalDirs []string
	// EnvScrubbed is true where commands run with the variables that
	// look like secrets taken out of their environment (mewsandbox run,
	// the hook with --sandbox): echo $GITHUB_TOKEN or env prints none
	// there, and is not asked for as a secret printed.
	EnvScrubbed bool
	paths       boundIndex // path rules by directory, built on first use
}

// verdict is a decision on one subject (a command, a path) and what caused
// it.
type verdict struct {
	d      Decision
	reason string
	rule   *Rule
	// suggest is true when an allow rule could turn this verdict into
	// Allow: not for deny rules, critical paths or protected paths.
	suggest bool
}

func allow(reason string) verdict { return verdict{d: Allow, reason: reason} }

func byRule(r *Rule) verdict {
	v := verdict{rule: r}
	switch r.Kind {
	case RuleDeny:
		v.d, v.reason = Deny, "denied by rule "+r.Text
	case RuleAsk:
		v.d, v.reason = Ask, "rule "+r.Text+" asks for approval"
	default:
		v.d, v.reason = Allow, "allowed by rule "+r.Text
	}
	return v
}

// byTail is byRule for a deny or ask rule that matched c.Words[i:], what
// c's program, one the engine has no table for, may run.
//
// It is asked for, in every mode, a deny rule's too: that the program runs
// its arguments is a guess (apt-get install curl names curl and runs it
// not), and a deny would count toward the session's limit.
func byTail(r *Rule, c SimpleCommand, i int) verdict {
	v := byRule(r)
	v.d = Ask
	may := fmt.Sprintf("%s may run %q, which rule %s ", commandName(c), shorten(joinWords(c.Words[i:])), r.Text)
	if r.Kind == RuleDeny {
		v.reason = may + "denies"
	} else {
		v.reason = may + "asks approval for"
	}
	return v
}

// stricter returns the stricter verdict, the earlier one on a tie so that
// the first offending part names the reason.
func stricter(a, b verdict) verdict {
	if b.d > a.d {
		return b
	}
	return a
}

// Check decides on one tool call, following the order of DESIGN §3: deny
// rules and critical paths, plan mode, ask rules, bypassPermissions, allow
// rules, read-only tools, acceptEdits, built-in checks, then Allow; dontAsk
// turns Ask into Deny and a session approval turns Ask into Allow.
//
// A call the engine fails on (a panic: a bug of its own, or of a function
// the caller gave it, Follow or Exists) is denied, with the failure as
// the reason: the hook, check and run all answer through Check, and none
// of them may let through a call that was not judged, nor die with a
// stack trace the caller takes for the command's exit status.
func (e *Engine) Check(c Call) (res Result) {
	defer denyOnFailure(&res)
	return e.check(c)
}

// denyOnFailure, deferred, turns a panic into a denial with its reason.
func denyOnFailure(res *Result) {
	if p := recover(); p != nil {
		*res = Result{Decision: Deny, Reason: fmt.Sprintf("the permission engine failed while judging this call (%v): denied, since it was not judged; please report this with the call", p)}
	}
}

// check is Check without the guard against a failure.
func (e *Engine) check(c Call) Result {
	tool, kind := CanonicalTool(c.Tool)
	var res Result
	var v verdict
	switch {
	case hasNUL(c.Command, c.Path, c.Glob, c.URL):
		// No file name, URL or shell string a program is handed holds a
		// NUL: what runs would be cut at it, not what was checked.
		v = verdict{d: Deny, reason: "a NUL byte in the call, where no file name, URL or command line can hold one"}
	case kind == KindShell:
		v, res.Commands = e.checkShell(c.Command)
	case kind == KindRead || kind == KindEdit:
		if isSearch(tool) {
			v = e.checkSearch(tool, c.Path, c.Glob)
		} else {
			v = e.checkPath(tool, kind, c.Path)
		}
	case kind == KindFetch:
		v = e.checkFetch(c.URL)
	default:
		v = e.checkUnknown(tool)
	}
	res.Decision, res.Reason = v.d, v.reason
	if v.rule != nil {
		res.Rule, res.Source = v.rule.Text, v.rule.Source
	}

	if e.Session != nil && e.Session.LimitReached() && res.Decision != Deny {
		return Result{Decision: Deny, Reason: "denial limit reached: this session had too many denied calls; start a new session", Commands: res.Commands}
	}
	if res.Decision == Ask && e.Session != nil && e.Session.Approved(Key(c)) {
		res.Decision, res.Reason = Allow, "approved earlier in this session"
		res.Rule, res.Source = "", "session"
		return res
	}
	if res.Decision == Ask && e.Mode == ModeDontAsk {
		res.Decision, res.Reason = Deny, "dontAsk mode: "+res.Reason
	}
	if res.Decision != Allow && v.suggest {
		res.Suggestion = e.suggest(tool, kind, c, res.Commands)
	}
	return res
}

// hasNUL says whether any of ss holds a NUL byte.
func hasNUL(ss ...string) bool {
	for _, s := range ss {
		if strings.IndexByte(s, 0) >= 0 {
			return true
		}
	}
	return false
}

// Key is the session-whitelist key of a call: its canonical tool and exact
// normalised subject.
func Key(c Call) string {
	tool, kind := CanonicalTool(c.Tool)
	switch kind {
	case KindShell:
		return tool + ":" + strings.TrimSpace(c.Command)
	case KindFetch:
		return tool + ":" + c.URL
	}
	if c.Glob != "" {
		// No path holds a NUL, so "Grep:.\x00*.go" is no other call's key.
		return tool + ":" + c.Path + "\x00" + c.Glob
	}
	return tool + ":" + c.Path
}

// checkUnknown decides on a tool the engine does not model: only a rule
// naming it lets it through, and never a mode.
func (e *Engine) checkUnknown(tool string) verdict {
	whole := func(r *Rule) bool { return r.Pattern == "" }
	if r := e.Rules.FirstMatch(RuleDeny, tool, whole); r != nil {
		return byRule(r)
	}
	if r := e.Rules.FirstMatch(RuleAsk, tool, whole); r != nil {
		return byRule(r)
	}
	if e.Mode != ModePlan {
		if r := e.Rules.FirstMatch(RuleAllow, tool, whole); r != nil {
			return byRule(r)
		}
	}
	return verdict{d: Ask, reason: fmt.Sprintf("unknown tool %q: mewsandbox cannot tell what it does", tool), suggest: true}
}

// checkFetch decides on a WebFetch of raw, by the host a WHATWG URL
// parser reads in it (fetchHost), which is the one Claude Code fetches
// from.
func (e *Engine) checkFetch(raw string) verdict {
	const tool = "WebFetch"
	host, err := fetchHost(raw)
	if err != nil {
		return e.checkUnknownHost(raw, err)
	}
	match := func(r *Rule) bool { return r.MatchDomain(host) }
	if r := e.Rules.FirstMatch(RuleDeny, tool, match); r != nil {
		return byRule(r)
	}
	if r := e.Rules.FirstMatch(RuleAsk, tool, match); r != nil {
		return byRule(r)
	}
	if e.Mode == ModeBypassPermissions {
		return allow("bypassPermissions mode")
	}
	if r := e.Rules.FirstMatch(RuleAllow, tool, match); r != nil {
		return byRule(r)
	}
	return verdict{d: Ask, reason: "fetch from " + host + ", a domain no rule allows", suggest: true}
}

// checkUnknownHost decides on a fetch whose host fetchHost cannot be sure
// of: it could be any, so every deny and ask rule may name it and no
// allow rule does. A rule denying the whole tool denies it; one denying a
// domain asks, as the host may or may not be that domain; so does every
// mode but bypassPermissions without such rules.
func (e *Engine) checkUnknownHost(raw string, why error) verdict {
	const tool = "WebFetch"
	unknown := fmt.Sprintf("cannot tell the host of URL %q: %v", shorten(raw), why)
	if r := e.Rules.FirstMatch(RuleDeny, tool, func(r *Rule) bool { return r.Pattern == "" }); r != nil {
		return byRule(r)
	}
	if r := e.Rules.FirstMatch(RuleDeny, tool, func(*Rule) bool { return true }); r != nil {
		return verdict{d: Ask, reason: unknown + "; it may be what rule " + r.Text + " denies", rule: r}
	}
	if r := e.Rules.FirstMatch(RuleAsk, tool, func(*Rule) bool { return true }); r != nil {
		return verdict{d: Ask, reason: unknown + "; it may be what rule " + r.Text + " asks for", rule: r}
	}
	if e.Mode == ModeBypassPermissions {
		return allow("bypassPermissions mode")
	}
	// A rule allowing the whole tool asks no question of the host
	// (https://bücher.de/, which fetchHost does not map).
	if r := e.Rules.FirstMatch(RuleAllow, tool, func(r *Rule) bool { return r.Pattern == "" }); r != nil {
		return byRule(r)
	}
	return verdict{d: Ask, reason: unknown}
}

// checkPath decides on a read or edit tool acting on one path.
func (e *Engine) checkPath(tool string, kind Kind, p string) verdict {
	if p == "" {
		// Read names the one file it reads, as an edit does: a call
		// without one is malformed, and asked about, not taken for the
		// working directory as a search's.
		if kind == KindEdit || tool == "Read" {
			return verdict{d: Ask, reason: tool + " call without a file path"}
		}
		p = "." // Glob, Grep and LS default to the working directory.
	}
	v := e.checkOnePath(tool, kind, p)
	for _, r := range toolReadings(p) {
		if rv := e.checkOnePath(tool, kind, r.path); decides(v, rv) {
			rv.reason += fmt.Sprintf(" (%q, %s)", p, r.how)
			v = rv
		}
	}
	return v
}

// reading is another path a file tool may take a path it is given for,
// and how it comes to it.
type reading struct{ path, how string }

// toolReadings returns the paths other than p that Claude Code's file
// tools open for p (expandPath): p trimmed as JavaScript trims a string
// ("~/.bashrc\n" writes ~/.bashrc, " /home/u/.ssh/x" is no relative
// path), then NFC-normalised (donne\u0301es/x opens données/x, and
// \u212Aeys/x, with the Kelvin sign, Keys/x). A path is judged as given
// and as each of these, the stricter deciding.
func toolReadings(p string) []reading {
	var rs []reading
	t := strings.TrimFunc(p, jsSpace)
	if t == "" {
		return nil
	}
	if t != p {
		rs = append(rs, reading{t, "with the space around it trimmed"})
	}
	if n := norm.NFC.String(t); n != t {
		rs = append(rs, reading{n, "in Unicode's composed form (NFC), as the tool opens it"})
	}
	// The tools fold a ".." as text before they open the path
	// (path.normalize), where Resolve walks one after a link of /proc as
	// the kernel would: /proc/self/root/../fd/7 opens /proc/self/fd/7.
	if path.IsAbs(t) && hasDotDot(t) && (strings.Contains(t, "/proc/") || strings.Contains(t, "/dev/")) {
		if c := path.Clean(t); c != t {
			rs = append(rs, reading{c, "with its .. folded as text, as the tool folds it before it opens the path"})
		}
	}
	return rs
}

// decides reports whether verdict w, on another reading of the path v
// was given for, decides instead: when stricter, or as strict and for a
// reason no allow rule lifts (a protected path behind a link asks for
// that, not for creating a file through the link).
func decides(v, w verdict) bool {
	return w.d > v.d || w.d == v.d && v.d != Allow && v.suggest && !w.suggest
}

// jsSpace reports whether r is one of the characters JavaScript's trim
// removes: white space and line terminators, the byte order mark too.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// throughMagicLink reports whether absolute path p goes through a link
// of /proc or /dev/fd (a process's root or cwd, an open descriptor) at
// any step: followed here, it would be this process's, not the agent's.
// A directory that is only named dev or proc (~/dev/app) is none.
func throughMagicLink(p string) bool {
	magic := false
	walkSteps(p, func(at string, _ []string) (string, bool) {
		_, _, rest, ok := procLink(at)
		magic = ok && rest == ""
		return at, magic
	})
	return magic
}

// checkOnePath is checkPath for p as it is.
func (e *Engine) checkOnePath(tool string, kind Kind, p string) verdict {
	abs := e.toolEnv().Resolve(p)
	v := e.checkPathAt(tool, kind, abs)
	for _, real := range e.followedIn(e.toolEnv(), p, abs) {
		if real == "" {
			if v.d == Allow {
				v = verdict{d: Ask, reason: tool + " of " + abs + ": its symbolic links loop, where it leads cannot be known"}
			}
			continue
		}
		if rv := e.checkPathAt(tool, kind, real); decides(v, rv) {
			rv.reason += " (" + abs + " leads there through a symbolic link)"
			v = rv
		}
	}
	return v
}

// toolEnv is the environment of a file tool's path: Env, opened by the
// agent's own process.
func (e *Engine) toolEnv() PathEnv {
	env := e.Env
	env.AgentOpens = true
	return env
}

// followed returns where path p (abs as Resolve made it) may lead other
// than abs, links followed as the kernel follows them, "" for one whose
// links loop: the kernel's reading of p, whose ".." after a link is the
// parent of where the link leads, and the text's, abs, whose ".." were
// folded first (Claude Code's tools fold them so, then open what is
// left: x/../k opens k, a link to a key, wherever x leads). Each is
// written in terms of the home directory as Env names it (a home reached
// through a link, /home → /usr/home, is written as Env.Home, so that ~
// rules and the credential stores still match). None without Follow, for
// a path Resolve could not make absolute, or one in /proc or through an
// open descriptor's directory (Resolve has followed the links there that
// can be known; here they would be this process's).
func (e *Engine) followed(p, abs string) []string {
	return e.followedIn(e.Env, p, abs)
}

// followedIn is followed for a path opened in env: a file tool's
// (toolEnv) or a command's.
func (e *Engine) followedIn(env PathEnv, p, abs string) []string {
	if e.Follow == nil || !strings.HasPrefix(abs, "/") || strings.HasPrefix(abs, "/proc/") || throughMagicLink(abs) {
		return nil
	}
	home := ""
	if e.Env.Home != "" {
		home = e.Follow(e.Env.Home)
	}
	var out []string
	add := func(q string) {
		real := e.Follow(q)
		if real != "" && home != "" && home != e.Env.Home && within(real, home) {
			real = e.Env.Home + real[len(home):]
		}
		if real != abs && !slices.Contains(out, real) {
			out = append(out, real)
		}
	}
	add(abs)
	// The kernel's reading, where it differs; not through a link of
	// /proc or /dev/fd, which would be this process's, not the agent's.
	if j := env.joined(p); j != abs && !throughMagicLink(j) {
		add(j)
	}
	return out
}

// checkPathAt decides on a file tool's call on abs, a path as Resolve
// makes it.
func (e *Engine) checkPathAt(tool string, kind Kind, abs string) verdict {
	w := pathSubject{abs: abs}
	opaque, isOpaque := opaquePath(abs)
	unknown := "through a link to a directory that cannot be known"
	if !isOpaque && descriptorFile(abs) {
		// The agent's process opens whatever the descriptor or mapping
		// holds: any file, named by nothing in the path.
		opaque, isOpaque = string(rune(pathWild)), true
		unknown = "an open descriptor or mapped file of a process, whose file cannot be known"
	}
	switch {
	case !strings.HasPrefix(abs, "/"):
		// Without a working or home directory where the path lies is
		// unknown.
		w = pathSubject{tmpl: unrooted(abs)}
	case isOpaque:
		// Through another process's cwd or an open descriptor: any
		// directory.
		w = pathSubject{tmpl: opaque}
	}
	write := kind == KindEdit

	if v, ok := e.pathRules(tool, w, write, RuleDeny); ok {
		return v
	}
	if e.Mode == ModePlan && write {
		if plan := e.Env.Resolve(e.PlanFile); e.PlanFile != "" && (abs == plan || slices.Contains(e.followed(e.PlanFile, plan), abs)) {
			return allow("the plan file is writable in plan mode")
		}
		return verdict{d: Deny, reason: "plan mode: " + tool + " is not allowed (only the plan file may be written)"}
	}
	if v, ok := e.pathRules(tool, w, write, RuleAsk); ok {
		return v
	}
	protected := e.protected(abs, write)
	if isOpaque {
		protected = opaqueProtected(opaque, write)
	}
	if protected != "" {
		return verdict{d: Ask, reason: protected}
	}
	if isOpaque {
		// Before bypassPermissions: what cannot be known may be a
		// credential store or a protected file, which that mode asks for.
		return verdict{d: Ask, reason: tool + " of " + abs + ", " + unknown}
	}
	if e.Mode == ModeBypassPermissions {
		return allow("bypassPermissions mode")
	}
	if v, ok := e.pathRules(tool, w, write, RuleAllow); ok {
		return v
	}
	if !write {
		return allow(tool + " only reads")
	}
	if e.Mode == ModeAcceptEdits {
		if e.inWorkDirs(abs) {
			return allow("acceptEdits mode")
		}
		return verdict{d: Ask, reason: tool + " outside the working directories (the project root and additional directories), where acceptEdits accepts no edit: " + abs, suggest: true}
	}
	if e.Env.Root != "" && !within(abs, e.Env.Root) {
		return verdict{d: Ask, reason: tool + " outside the project root: " + abs, suggest: true}
	}
	if e.Exists == nil || !e.Exists(abs) {
		return verdict{d: Ask, reason: tool + " creates a new file: " + abs, suggest: true}
	}
	return allow(tool + " of an existing file inside the project root")
}

// inWorkDirs reports whether abs lies in the project root or one of the
// additional directories: where acceptEdits accepts edits. With no root
// known, nowhere.
func (e *Engine) inWorkDirs(abs string) bool {
	if e.Env.Root != "" && within(abs, e.Env.Root) {
		return true
	}
	return slices.ContainsFunc(e.AdditionalDirs, func(d string) bool { return d != "" && within(abs, d) })
}

// foldName lower-cases the name of the program c runs, for a file system
// that matches names without regard to case (FoldCase): CURL and
// /usr/bin/CURL run curl there, and a rule for curl, or for git push,
// must meet them (a red team's CURL got past deny Bash(curl:*) on macOS);
// git's subcommand too.
func foldName(c SimpleCommand) SimpleCommand {
	if c.Inner >= len(c.Words) || !c.Words[c.Inner].Literal {
		return c
	}
	c.Words = slices.Clone(c.Words)
	w := &c.Words[c.Inner]
	dir, base := path.Split(w.Text)
	w.Text = dir + foldCase(base)
	// git runs a subcommand it has no builtin for as git-SUB from its
	// directory, where git Push then finds git-push.
	if sub, rest, _, ok := gitArgs(c); ok && sub.Literal {
		at := len(c.Words) - len(rest) - 1
		c.Words[at].Text = foldCase(c.Words[at].Text)
	}
	return c
}

// protected reports why touching abs needs a person whatever the rules and
// mode say, or "".
func (e *Engine) protected(abs string, write bool) string {
	home, root := e.Env.Home, e.Env.Root
	if e.FoldCase {
		// The protected names are all lower case.
		abs, home, root = foldCase(abs), foldCase(home), foldCase(root)
	}
	// The host's places are listed by the names macOS links to /private
	// (/etc/sudoers): the real name, which no link leads from, is tried
	// as that name too.
	for _, p := range []string{abs, linkedHostName(abs)} {
		if p == "" {
			continue
		}
		if write {
			if why := sensitiveWrite(p, home); why != "" {
				return "write to a protected path: " + why
			}
		}
		if why := credentialRead(p, home); why != "" {
			return "access to a credential store: " + why
		}
	}
	if why := dotenvOutside(abs, root); why != "" {
		return "access to a credential store: " + why
	}
	return ""
}

// mayBeProtected reports why a word only known at run time may name a
// protected path, or "": each member of its brace list, with what is
// only known at run time taken as empty or as its default
// (~/.bashrc$x may be ~/.bashrc, ${x:-.git} .git), and with each glob among
// its names tried against the protected names (.g*/hooks is .git/hooks,
// ~/.bashr? ~/.bashrc). env is where the command runs. A word with more
// globs than any real path needs is asked for.
func (e *Engine) mayBeProtected(w Word, write bool, env PathEnv) string {
	text := looseText(w.Text)
	if procSecret(text) {
		return "access to a credential store: " + w.Text + " may be a process's environment or memory, the agent's own tokens among them"
	}
	if !strings.ContainsAny(text, "*?[{") && !slices.ContainsFunc(protectedNames.get(), func(n string) bool { return strings.Contains(text, n) }) {
		return "" // no protected name in it, and no glob or brace list to make one
	}
	alts := []string{text}
	if strings.Contains(text, "{") {
		alts = expandBraces(text, 64)
	}
	// What a command substitution prints may be any word written in it
	// (cat $(find ~/.aws -name credentials), $(basename ~/.ssh/id_rsa),
	// $(cat <<< ~/.ssh/id_rsa)): each is tried as the path.
	words, over := substWords(text)
	if over {
		return "a path with more words in its substitutions than it can check: " + shorten(w.Text)
	}
	alts = append(alts, words...)
	for k := 0; k < len(alts); k++ {
		cand := withoutExpansions(alts[k])
		if cand == "" {
			continue
		}
		if !strings.ContainsAny(cand, "*?[") {
			if why := e.protected(env.Resolve(cand), write); why != "" {
				return why + " (" + w.Text + " may name it)"
			}
			continue
		}
		// Only an absolute path with a glob within the home's length, or
		// one that climbs with .., can glob the home (a glob below it,
		// ./docs/*.md, cannot).
		if g := strings.IndexAny(cand, "*?["); e.Env.Home != "" && (cand[0] == '/' && g <= len(e.Env.Home) || strings.Contains(cand, "..")) {
			if h := globHome(env.Resolve(cand), e.Env.Home); h != "" && !slices.Contains(alts, h) {
				// /home/*/.ssh/id_rsa: the glob matches the home directory.
				alts = append(alts, h)
			}
		}
		segs := strings.Split(cand, "/")
		if strings.Count(cand, "*")+strings.Count(cand, "?")+strings.Count(cand, "[") > 32 {
			return "a path with more globs than it can check: " + shorten(w.Text)
		}
		for i, seg := range segs {
			if !strings.ContainsAny(seg, "*?[") {
				continue
			}
			// path.Match reads [^…] as a negation; bash takes [!…] too.
			pattern := strings.ReplaceAll(seg, "[!", "[^")
			head, tail := globEnds(pattern)
			for _, name := range protectedNames.get() {
				// A glob matches a leading dot only written out (bash
				// without dotglob): build/* is not build/.git. What
				// does not start and end as it must is not matched
				// (globEnds), a twentieth of path.Match's time.
				if !strings.HasPrefix(name, head) || !strings.HasSuffix(name, tail) {
					continue
				}
				if ok, _ := path.Match(pattern, name); !ok || name[0] == '.' && seg[0] != '.' {
					continue
				}
				if name[0] != '.' && strings.ContainsRune("*?[", rune(seg[0])) && slices.Contains(sensitiveWriteNames, name) {
					// A name protected at any depth without a leading
					// dot (lefthook.yml) is one a glob that starts with
					// a wildcard makes in any directory: every `rm -rf
					// build/*` would ask. It is met where the glob
					// spells its start (lefthook.y*).
					continue
				}
				try := slices.Clone(segs)
				try[i] = name
				if why := e.protected(env.Resolve(strings.Join(try, "/")), write); why != "" {
					return why + " (" + w.Text + " may match it)"
				}
			}
		}
	}
	return ""
}

// globHome returns abs, an absolute path with globs, with its start
// that a glob makes the home directory written as home ("/home/*/.ssh/x"
// is "/home/u/.ssh/x", "/*/*/.aws/x" too, and with globstar
// "/**/.ssh/x"), or "" when no glob there can match the home: the
// credential stores and protected places below it are then tried as for
// any path (mayBeProtected).
func globHome(abs, home string) string {
	if home == "" || home == "/" || !strings.HasPrefix(abs, "/") || !strings.ContainsAny(abs, "*?[") {
		return ""
	}
	hs, as := strings.Split(home, "/"), strings.Split(abs, "/")
	globbed := false
	for j := 1; j < len(hs); j++ {
		if j >= len(as) {
			return ""
		}
		if as[j] == "**" {
			// globstar: any number of directories, the home's rest too.
			return home + "/" + strings.Join(as[j+1:], "/")
		}
		if as[j] == hs[j] {
			continue
		}
		if !strings.ContainsAny(as[j], "*?[") {
			return ""
		}
		pattern := strings.ReplaceAll(as[j], "[!", "[^")
		if ok, _ := path.Match(pattern, hs[j]); !ok || hs[j][0] == '.' && as[j][0] != '.' {
			return ""
		}
		globbed = true
	}
	if !globbed || len(as) == len(hs) {
		return ""
	}
	return home + "/" + strings.Join(as[len(hs):], "/")
}

// protectedNames are the names a glob is tried against (mayBeProtected):
// the protected directories and files, the first names of the credential
// stores and protected places below the home, and the host's secrets.
var protectedNames = lazy[[]string]{build: func() []string {
	names := slices.Concat(sensitiveWriteDirs, sensitiveWriteNames)
	for _, rel := range slices.Concat(credentialPaths, sensitiveWriteHome) {
		first, _, _ := strings.Cut(rel, "/")
		names = append(names, first)
	}
	for _, c := range hostCredentials {
		names = append(names, path.Base(c))
	}
	return append(names, "ssh", "ssh_host_rsa_key", "ssh_host_ecdsa_key", "ssh_host_ed25519_key")
}}

// withoutExpansions is s with its parameter expansions, command
// substitutions and backquotes taken out: what it is when they are empty.
func withoutExpansions(s string) string {
	if !strings.ContainsAny(s, "$`") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '`':
			if j := strings.IndexByte(s[i+1:], '`'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case s[i] == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '('):
			open, end := s[i+1], byte('}')
			if open == '(' {
				end = ')'
			}
			depth, from := 0, i+2
			for i++; i < len(s); i++ {
				if s[i] == open {
					depth++
				} else if s[i] == end {
					if depth--; depth == 0 {
						break
					}
				}
			}
			// ${x:-word}, ${x-word}, ${x:=word}, ${x:+word}: the word.
			if open == '{' && i <= len(s) {
				inner := s[from:min(i, len(s))]
				if j := strings.IndexAny(inner, ":-=+"); j > 0 {
					b.WriteString(strings.TrimLeft(inner[j:], ":-=+"))
				}
			}
		case s[i] == '$' && i+1 < len(s):
			i++
			if c := s[i]; c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				for i+1 < len(s) && (s[i+1] == '_' || s[i+1] >= 'a' && s[i+1] <= 'z' || s[i+1] >= 'A' && s[i+1] <= 'Z' || s[i+1] >= '0' && s[i+1] <= '9') {
					i++
				}
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// maxSubstWords bounds the words substWords returns.
const maxSubstWords = 64

// substWords returns the words written in the command substitutions of
// s, a word's text ($(…), `…`), split where a command line splits words
// and commands, $HOME written as ~: those that may name a protected path
// (with a /, a ~, a glob or a protected name in them), each once; nil
// when s holds none. over is true when there are more than
// maxSubstWords of them.
func substWords(s string) (out []string, over bool) {
	if !strings.Contains(s, "$(") && strings.IndexByte(s, '`') < 0 {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		var body string
		switch {
		case s[i] == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				j = len(s) - i - 1
			}
			body, i = s[i+1:i+1+j], i+1+j
		case s[i] == '$' && i+1 < len(s) && s[i+1] == '(':
			depth, from := 0, i+2
			for i++; i < len(s); i++ {
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			body = s[from:min(i, len(s))]
		default:
			continue
		}
		if strings.Contains(body, "HOME") {
			body = strings.ReplaceAll(strings.ReplaceAll(body, "${HOME}", "~"), "$HOME", "~")
		}
		for _, f := range strings.FieldsFunc(body, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("()`;|&<>$", r) }) {
			if slices.Contains(out, f) || !strings.ContainsAny(f, "/~*?[{") && !slices.ContainsFunc(protectedNames.get(), func(n string) bool { return strings.Contains(f, n) }) {
				continue
			}
			if len(out) == maxSubstWords {
				return out, true
			}
			out = append(out, f)
		}
	}
	return out, false
}

// leavesCwd says whether a cd to dir (SimpleCommand.Dir) may leave the
// working directory's tree: not "" or "?", and not a plain relative path
// below it (cd src).
func leavesCwd(dir string) bool {
	if dir == "" || dir == "?" {
		return false
	}
	return strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || strings.ContainsAny(dir, "$`") ||
		dir == ".." || strings.HasPrefix(dir, "../") || strings.Contains(dir, "/..")
}

// protectedDir reports why a directory c runs in is protected to write
// in, or "": one an earlier cd on the line moved to (each it may be), one
// its own -C, --directory or --chdir names (git -C, make -C, env -C), and
// the home directory, where what it writes may be a shell's start-up file.
func (e *Engine) protectedDir(c SimpleCommand) string {
	why := ""
	eachDir(c, func(d string) bool {
		plain := !strings.ContainsAny(d, "*?[{$~") && !strings.HasPrefix(d, "/") && !strings.Contains(d, "..")
		if plain && !slices.ContainsFunc(sensitiveWriteDirs, func(n string) bool { return strings.Contains(d, n) }) {
			return true // below the working directory, through no protected name (cd src)
		}
		if w := e.mayBeProtected(Word{Text: d + "/x"}, true, e.Env); w != "" {
			why = "runs in " + d + ", where what it writes is protected: " + w
		} else if cwd := e.Env.In(d).Cwd; cwd != "" && cwd == e.Env.Home {
			why = "runs in your home directory, where what it writes by names of its own may be a shell's start-up file"
		}
		return why == ""
	})
	return why
}

// eachDir calls f with each directory c may run in other than the working
// directory, until f returns false: where an earlier cd on the line moved
// it (each it may be), what its words name with -C, --directory or
// --chdir, attached or not, wrappers' included (git -C, make -C, env -C),
// and what its wrappers' own options name (sudo -D, unshare --wd:
// c.WrapperDirs), and the options of its own that toolDirOptions lists
// (yarn --cwd, just -d, cmake --build).
func eachDir(c SimpleCommand, f func(dir string) bool) {
	if c.Dir != "?" && c.Dir != "" && !f(c.Dir) {
		return
	}
	for _, d := range c.Dirs {
		if d != "" && d != "?" && !f(d) {
			return
		}
	}
	for _, d := range c.WrapperDirs {
		if d != "" && !f(d) {
			return
		}
	}
	for i, w := range c.Words {
		t := w.Text
		d := ""
		switch {
		case !w.Literal:
		case (t == "-C" || t == "--directory" || t == "--chdir") && i+1 < len(c.Words):
			d = c.Words[i+1].Text
		case strings.HasPrefix(t, "--directory=") || strings.HasPrefix(t, "--chdir="):
			_, d, _ = strings.Cut(t, "=")
		case len(t) > 2 && strings.HasPrefix(t, "-C") && !strings.HasPrefix(t, "--"):
			d = t[2:]
		}
		if d != "" && !f(d) {
			return
		}
	}
	n := lowerName(c)
	if k := slices.IndexFunc(toolDirOptions[:], func(o toolDirOption) bool { return o.name == n }); k >= 0 {
		opts, args := toolDirOptions[k].opts, c.Args()
		for i := 1; i < len(args); i++ {
			w, t := args[i], args[i].Text
			if !w.Literal || !strings.HasPrefix(t, "-") {
				continue
			}
			d := ""
			n, v, eq := strings.Cut(t, "=")
			switch {
			case !slices.Contains(opts, n):
				if s := opts[0]; len(s) == 2 && len(t) > 2 && !strings.HasPrefix(t, "--") && t[:2] == s {
					d = t[2:] // -d/tmp/x
				}
			case eq:
				d = v
			case i+1 < len(args):
				d, i = args[i+1].Text, i+1
			}
			if d != "" && !f(d) {
				return
			}
		}
	}
}

// buildOutside returns the directory outside the project root a build
// tool c (buildRunners) runs in, moved there by an earlier cd or by an
// option of its own (eachDir), or "": a directory only known at run time
// counts as outside when its option names it (make -C "$X"), not when a
// cd earlier on the line does (cd "$(git rev-parse --show-toplevel)").
func (e *Engine) buildOutside(c SimpleCommand) string {
	if e.Env.Root == "" || !slices.Contains(buildRunners, lowerName(c)) {
		return ""
	}
	outside := ""
	eachDir(c, func(d string) bool {
		if !leavesCwd(d) {
			return true
		}
		if cwd := e.Env.In(d).Cwd; cwd == "" || !path.IsAbs(cwd) || !within(cwd, e.Env.Root) {
			outside = cmp.Or(cwd, d)
		}
		return outside == ""
	})
	return outside
}

// toolDirOptions are, for each build tool or package manager, the
// options of its own that name the directory it works in, whose build
// files or package scripts it runs and where it writes, as make -C does;
// a short one first, when it has one (npm's -C is its --prefix): yarn
// --cwd /tmp/x install was allowed where cd /tmp/x && yarn install asked.
var toolDirOptions = [...]toolDirOption{
	{"yarn", []string{"--cwd"}}, {"bun", []string{"--cwd"}}, {"deno", []string{"--cwd"}},
	{"just", []string{"-d", "--working-directory"}}, {"task", []string{"-d", "--dir"}},
	{"composer", []string{"-d", "--working-dir"}}, {"cmake", []string{"--build"}}, {"npm", []string{"-C", "--prefix"}},
}

type toolDirOption struct {
	name string
	opts []string
}

// isUserHome says whether word, whose path is the template tmpl, is a
// user's home directory itself (~root, ~bob/).
func isUserHome(word, tmpl string) bool {
	return strings.HasPrefix(word, "~") && strings.TrimSuffix(tmpl, "/") == string(rune(pathWild))
}

// unknownStartProtected reports why a path whose start is unknown (~user,
// $DIR) may be protected: its known tail names a credential store or a
// protected file, as in ~root/.ssh/id_rsa.
func unknownStartProtected(tmpl string, write bool) string {
	if !strings.HasPrefix(tmpl, string(rune(pathWild))) {
		return ""
	}
	tail := tmpl[1:]
	for _, rel := range credentialPaths {
		if relBelow(tail, rel) {
			return "access to what may be a credential store: ~" + tail
		}
	}
	if slices.Contains(privateKeyNames, path.Base(tail)) && !strings.ContainsRune(path.Base(tail), pathWild) {
		return "access to what may be a private key in ~/.ssh: " + strings.TrimPrefix(tail, "/")
	}
	if write {
		for _, rel := range sensitiveWriteHome {
			if relBelow(tail, rel) {
				return "write to what may be a protected location: ~" + tail
			}
		}
		if why := sensitiveWrite("/x"+tail, ""); why != "" {
			return "write to a protected path: " + why
		}
	}
	return ""
}

// relBelow says whether tail, a path from a directory on (/a/b), is rel
// there or below it: as strings.HasPrefix(tail, "/"+rel+"/") || tail ==
// "/"+rel, without building both for each name of the lists, once per
// path of each command, most of the time of a line of thousands of cds
// (cd a; cd a; …), whose paths all start from an unknown directory.
func relBelow(tail, rel string) bool {
	r, ok := strings.CutPrefix(tail, "/")
	if !ok {
		return false
	}
	r, ok = strings.CutPrefix(r, rel)
	return ok && (r == "" || r[0] == '/')
}

// opaqueProtected is unknownStartProtected for the template of a path
// through a link to an unknown directory (opaquePath): that directory may
// be / or a home, so a credential store may start anywhere in the known
// tail (/proc/1/cwd/root/.ssh/id_rsa).
func opaqueProtected(tmpl string, write bool) string {
	tail := tmpl[1:]
	for {
		if why := unknownStartProtected(string(rune(pathWild))+tail, write); why != "" {
			return why
		}
		i := strings.IndexByte(tail[min(1, len(tail)):], '/')
		if i < 0 {
			return ""
		}
		tail = tail[i+1:]
	}
}

// knownDir returns the directory a template's known start names, "" when
// it names none below the root directory.
func knownDir(tmpl string) string {
	i := strings.IndexByte(tmpl, pathWild)
	if i < 0 || !strings.HasPrefix(tmpl, "/") {
		return ""
	}
	dir := tmpl[:strings.LastIndexByte(tmpl[:i], '/')+1]
	if dir == "/" {
		return ""
	}
	return path.Clean(dir)
}

// pathSubject is a path as the path rules see it: abs, absolute and clean,
// when it is known; otherwise tmpl, its template (pathTemplate), in which
// pathWild marks what is only known at run time.
type pathSubject struct {
	abs  string
	tmpl string
}

// pathRules finds the first rule of the given kind that matches a path the
// call reads or (when write) writes. A write meets the edit rules and the
// Read deny rules too: a path too secret to read is too secret to
// overwrite.
func (e *Engine) pathRules(tool string, p pathSubject, write bool, kind RuleKind) (verdict, bool) {
	first := func(tool string) *Rule {
		var r *Rule
		if p.abs != "" {
			r = e.firstPathRule(kind, tool, p.abs)
		} else {
			r = e.firstTemplateRule(kind, tool, p.tmpl, nil)
		}
		if r == nil && e.FoldCase && kind != RuleAllow {
			r = e.firstFoldedPathRule(kind, tool, p)
		}
		return r
	}
	if write {
		if r := first(editToolFor(tool)); r != nil {
			return byRule(r), true
		}
		if kind != RuleDeny {
			return verdict{}, false
		}
	}
	// A read tool meets its own rules (Grep(./secrets/**)) and the Read
	// rules, which govern every read tool; any other tool the Read rules.
	readTool := "Read"
	if _, k := CanonicalTool(tool); k == KindRead {
		readTool = tool
	}
	if r := first(readTool); r != nil {
		return byRule(r), true
	}
	return verdict{}, false
}

// firstFoldedPathRule returns the first deny or ask rule of kind that
// applies to tool and matches p where the file system folds case
// (FoldCase): the rule, the path and the directories rules are anchored
// at all folded (foldCase), so that with Read(.env) denied Read .ENV,
// the same file there, is denied too. An allow rule is not folded: it
// matches only as written, the uncertainty resolved toward safety.
func (e *Engine) firstFoldedPathRule(kind RuleKind, tool string, p pathSubject) *Rule {
	env := PathEnv{Cwd: foldCase(e.Env.Cwd), Home: foldCase(e.Env.Home), Root: foldCase(e.Env.Root), Pwd: foldCase(e.Env.Pwd)}
	abs, tmpl := foldCase(p.abs), foldCase(p.tmpl)
	return e.Rules.FirstMatch(kind, tool, func(r *Rule) bool {
		if r.Pattern == "" {
			return false // matched as written already
		}
		f := Rule{Kind: r.Kind, Tool: r.Tool, Pattern: foldCase(r.Pattern), Base: foldCase(r.Base)}
		if abs != "" {
			return f.matchAbsPath(abs, env)
		}
		return f.matchTemplate(tmpl, env)
	})
}

// foldCase folds s as a file system that matches names without regard to
// case does (FoldCase): lower case, and Unicode's folding beyond it, so
// that U+017F, the long s, is s (.ſsh is .ssh) and U+212A, the Kelvin
// sign, is k, and ß is ss. A name folded together with one the file
// system keeps apart (ı, dotless, with i) is at worst asked about.
func foldCase(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 'ß' || r == 'ẞ' {
			b.WriteString("ss")
			continue
		}
		b.WriteRune(unicode.ToLower(unicode.ToUpper(r)))
	}
	return b.String()
}

// editToolFor maps a write to the tool whose rules govern it: a shell
// redirect is an Edit, an edit tool is itself.
func editToolFor(tool string) string {
	if tool == "Bash" || tool == "Read" {
		return "Edit"
	}
	return tool
}

// checkShell decides on a shell command line: each simple command on its
// own, the strictest wins.
func (e *Engine) checkShell(src string) (verdict, []CommandResult) {
	if strings.TrimSpace(src) == "" {
		return verdict{d: Deny, reason: "empty command: nothing to run"}, nil
	}
	a := analyzeShell(src, e.Env.Home, e.Env.Cwd)
	parts := make([]CommandResult, 0, len(a.Commands))
	var worst verdict
	for i, c := range a.Commands {
		v := e.checkSimple(c)
		// pip install with no virtual environment in the project, and
		// conda install with no conda environment there, install outside
		// the root; an allow rule for them holds.
		if v.d == Allow && v.rule == nil && e.Mode != ModeBypassPermissions && !c.DenyOnly {
			if why := cmp.Or(e.pipOutside(&a, i), e.condaOutside(&a, i)); why != "" {
				v = verdict{d: Ask, reason: why, suggest: true}
			}
		}
		cr := CommandResult{Command: c.Text, Decision: v.d, Reason: v.reason}
		if v.rule != nil {
			cr.Rule, cr.Source = v.rule.Text, v.rule.Source
		}
		parts = append(parts, cr)
		if len(parts) == 1 {
			worst = v
		} else {
			worst = stricter(worst, v)
		}
	}
	for _, p := range CheckPipelines(a) {
		if e.EnvScrubbed && p.Rule == secretVariableRow {
			continue
		}
		worst = stricter(worst, e.dangerVerdict(p))
	}
	// A link made on the line to a place outside the root, then written
	// through by its name (ln -s /etc/x l && echo hi > l): each command
	// alone writes in the project. bypassPermissions allows writes outside.
	if links := e.linksOut(a.Commands); len(links) > 0 {
		x := newLinkIndex(links)
		for i, c := range a.Commands {
			if why := e.throughLink(i, c, x); why != "" && e.Mode != ModeBypassPermissions {
				worst = stricter(worst, verdict{d: Ask, reason: why, suggest: true})
				break
			}
		}
	}
	// What an archive or a copy on the line filled a directory with may
	// hold links too, made where the engine cannot see them.
	if trees := e.filledTrees(a.Commands); len(trees) > 0 && e.Mode != ModeBypassPermissions {
		if why := e.belowFilled(a.Commands, trees); why != "" {
			worst = stricter(worst, verdict{d: Ask, reason: why, suggest: true})
		}
	}
	// A copy on the line of a link on disk (cp -a d n of d/lnk) leads
	// where that link does, though the copy is not on disk yet.
	worst = stricter(worst, e.belowCopied(a.Commands))
	if why := e.defaultInstall(a.Commands); why != "" && e.Mode != ModeBypassPermissions {
		worst = stricter(worst, verdict{d: Ask, reason: why, suggest: true})
	}
	if why := e.downloadedRun(a); why != "" {
		worst = stricter(worst, e.dangerVerdict(Danger{Rule: "curl | sh", Reason: why}))
	}
	// What the analysis could not see is asked for in bypassPermissions
	// mode too: a deny rule or an rm of a critical path may hide in it,
	// and those hold in every mode.
	if len(a.Complex) > 0 && worst.d < Deny {
		complex := verdict{d: Ask, reason: "too complex to check: " + strings.Join(a.Complex, "; ")}
		if e.Mode == ModePlan {
			complex.d, complex.reason = Deny, "plan mode: "+complex.reason
		}
		worst = stricter(worst, complex)
	}
	if len(parts) == 0 && len(a.Complex) == 0 {
		return verdict{d: Allow, reason: "no command to run"}, parts
	}
	return worst, parts
}

// downloadedRun: a file a downloader on the line writes (curl -o x.sh
// URL, curl URL > x.sh, wget URL) that a later command of the line runs,
// by its path (./x.sh) or as the script of a shell or an interpreter
// (bash x.sh, python3 x.py, . x.sh): downloaded code runs unseen, as
// with curl | sh. Returns why, or "".
//
// A repository git clone fetches is a tree of such code: a later command
// that runs a file in it (git clone URL x && bash x/install.sh, cd x &&
// ./configure), or a build tool that runs its recipes or install scripts
// there (cd x && make, make -C x, pip install ./x, npm install in it),
// runs the fetched code unseen too. So is one gh repo clone, hg clone or
// svn checkout fetches, and the directory an archive a download gives is
// unpacked in (curl URL | tar xz, curl -o a.tgz URL && tar xzf a.tgz).
func (e *Engine) downloadedRun(a Analysis) string {
	cmds := a.Commands
	var got []string // where the downloads land, absolute
	var by []string
	var trees []string // where clones land, absolute
	var treeBy []string
	inTree := func(p string) string {
		for _, t := range trees {
			if p != "" && within(p, t) {
				return t
			}
		}
		return ""
	}
	fetcher := func(t string) string {
		return treeBy[slices.Index(trees, t)] + " fetches " + t
	}
	fedAll := fedByDownloads(a)
	fedByDownload := func(i int) string {
		if fedAll == nil {
			return ""
		}
		return fedAll[i]
	}
	for i, c := range cmds {
		if len(got)+len(trees) > 0 && c.Dir != "?" {
			for _, w := range programFiles(c) {
				p := e.Env.In(c.Dir).Resolve(w)
				if k := slices.Index(got, p); k >= 0 {
					return by[k] + " downloads " + w + ", which " + c.Name() + " then runs: downloaded code runs unseen"
				}
				if t := inTree(p); t != "" {
					return fetcher(t) + ", and a later command runs " + w + " from it: fetched code runs unseen"
				}
			}
			if t := e.buildsInTree(c, inTree); t != "" {
				return fetcher(t) + ", where " + c.Name() + " then runs its build files or install scripts: fetched code runs unseen"
			}
		}
		if sub, _, _, ok := gitArgs(c); ok && sub.Literal && sub.Text == "clone" {
			for _, t := range e.touches(c) {
				if t.write && t.path.abs != "" {
					trees, treeBy = append(trees, t.path.abs), append(treeBy, "git clone")
				}
			}
			continue
		}
		if d, verb := cloneDest(c); verb != "" {
			if d != "" && c.Dir != "?" {
				trees, treeBy = append(trees, e.Env.In(c.Dir).Resolve(d)), append(treeBy, verb)
			}
			continue
		}
		if extractor(c) {
			dl := fedByDownload(i)
			if dl != "" {
				dl += " | " + c.Name()
			}
			for _, t := range e.touches(c) {
				if !t.write && dl == "" {
					if k := slices.Index(got, t.path.abs); k >= 0 && t.path.abs != "" {
						dl = by[k] + " then " + c.Name()
					}
				}
			}
			if dl != "" {
				for _, t := range e.touches(c) {
					if t.write && t.fills && t.path.abs != "" {
						trees, treeBy = append(trees, t.path.abs), append(treeBy, dl)
					}
				}
			}
			continue
		}
		if !downloads(c) {
			// What a command copies, moves or decodes a download into is
			// the download too: curl URL -o x && mv x y.sh && sh y.sh,
			// curl URL | tee x.sh; sh x.sh, curl URL | base64 -d > x.sh.
			from := fedByDownload(i)
			if from == "" && len(got) == 0 {
				continue
			}
			ts := e.touches(c)
			for _, t := range ts {
				if k := slices.Index(got, t.path.abs); from == "" && k >= 0 && t.path.abs != "" {
					from = by[k]
				}
			}
			for _, t := range ts {
				if from != "" && t.write && t.path.abs != "" && !harmlessDevice(t.path.abs) {
					got, by = append(got, t.path.abs), append(by, from+" then "+c.Name())
				}
			}
			continue
		}
		for _, t := range e.touches(c) {
			if t.write && t.path.abs != "" {
				got, by = append(got, t.path.abs), append(by, c.Name())
				if slices.Contains(buildFileNames, path.Base(t.path.abs)) {
					// A build file downloaded beside the project's
					// (curl -o Makefile URL && make): a build there
					// runs it, as in a tree a clone fetches.
					trees, treeBy = append(trees, path.Dir(t.path.abs)), append(treeBy, c.Name()+" -o "+path.Base(t.path.abs))
				}
			}
		}
	}
	return ""
}

// fedByDownloads returns, for each command of a, the name of the
// downloader whose output feeds it through a pipe (curl URL | tar xz), or
// "": the first pipeline's that does. nil when no pipeline holds a
// download. Worked out once for the line: each substitution is a
// pipeline of its own, and a command nested 400 deep
// ($(echo $(echo …))) made asking it for each command take seconds.
func fedByDownloads(a Analysis) []string {
	var fed []string
	for _, p := range a.Pipelines {
		dl := ""
		for _, stage := range p {
			if dl != "" {
				if fed == nil {
					fed = make([]string, len(a.Commands))
				}
				for _, i := range stage {
					if i >= 0 && i < len(fed) && fed[i] == "" {
						fed[i] = dl
					}
				}
			}
			if dl == "" {
				dl, _ = stageHas(a, stage, downloads)
			}
		}
	}
	return fed
}

// cloneOperands returns a clone's words by another tool than git (gh repo
// clone, hg clone, svn checkout, co or export) and its operands after
// them, the options and their values left out; "", nil for any other
// command.
func cloneOperands(c SimpleCommand) (string, []Word) {
	args := c.Args()
	var verb string
	var takes []string // options that take the next word
	k := 2
	switch n := lowerName(c); {
	case n == "gh" && len(args) > 2 && args[1].Text == "repo" && args[2].Text == "clone":
		verb, takes, k = "gh repo clone", []string{"-u", "--upstream-remote-name"}, 3
	case n == "hg" && len(args) > 1 && args[1].Text == "clone":
		verb, takes = "hg clone", []string{"-r", "--rev", "-b", "--branch", "-u", "--updaterev", "-e", "--ssh", "--remotecmd"}
	case n == "svn" && len(args) > 1 && (args[1].Text == "checkout" || args[1].Text == "co" || args[1].Text == "export"):
		verb, takes = "svn checkout", []string{"-r", "--revision", "--depth", "--username", "--password", "--config-dir", "--config-option"}
	default:
		return "", nil
	}
	var pos []Word
	for i := k; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--":
			i = len(args) // gh passes the rest to git clone
		case args[i].Literal && slices.Contains(takes, t):
			i++
		case args[i].Literal && strings.HasPrefix(t, "-") && len(t) > 1:
		default:
			pos = append(pos, args[i])
		}
	}
	return verb, pos
}

// cloneDest reads a clone by another tool than git (gh repo clone REPO
// [DIR], hg clone SRC [DEST], svn checkout URL [PATH]): the directory it
// fetches into as written ("" when only known at run time) and the
// clone's words; "", "" for any other command.
func cloneDest(c SimpleCommand) (string, string) {
	verb, pos := cloneOperands(c)
	if verb == "" {
		return "", ""
	}
	switch {
	case len(pos) == 0:
		return "", verb
	case len(pos) > 1:
		if w := pos[len(pos)-1]; w.Literal {
			return w.Text, verb
		}
		return "", verb
	case !pos[0].Literal:
		return "", verb
	}
	// The last part of the source's path, without .git.
	src := strings.TrimRight(pos[0].Text, "/")
	src = strings.TrimSuffix(src[strings.LastIndexAny(src, "/:")+1:], ".git")
	if src == "" || src == "." || src == ".." {
		return "", verb
	}
	return src, verb
}

// buildRunners run the code of the tree they build or install from:
// makefiles' recipes, setup.py, package scripts, build.rs.
var buildRunners = []string{"make", "gmake", "bmake", "cmake", "ninja", "just", "rake", "npm", "yarn", "pnpm", "bun",
	"pip", "pip3", "uv", "poetry", "pipx", "cargo", "mvn", "gradle", "tox", "nox", "meson", "bundle", "composer", "pytest", "task"}

// buildsInTree returns the tree (by inTree) a build tool c runs in or
// is given a path in, or "".
func (e *Engine) buildsInTree(c SimpleCommand, inTree func(string) string) string {
	if !slices.Contains(buildRunners, lowerName(c)) {
		return ""
	}
	env := e.Env.In(c.Dir)
	if t := inTree(env.Cwd); t != "" {
		return t
	}
	found := ""
	eachDir(c, func(d string) bool {
		found = inTree(env.Resolve(d))
		return found == ""
	})
	if found != "" {
		return found
	}
	for _, w := range c.Args()[1:] {
		if !w.Literal || !strings.Contains(w.Text, "/") {
			continue
		}
		t := w.Text
		if _, v, ok := strings.Cut(t, "="); ok && strings.HasPrefix(t, "-") {
			t = v // --file=x/Makefile
		}
		if found = inTree(env.Resolve(t)); found != "" {
			return found
		}
	}
	return ""
}

// buildFileNames are the files a build tool or a test runner reads its
// recipes, scripts or hooks from in the directory it runs in (make's
// Makefile, npm's package.json and .npmrc, pytest's conftest.py, cargo's
// build.rs …): one downloaded there is run by the next build.
var buildFileNames = []string{
	"Makefile", "makefile", "GNUmakefile", "package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", "conftest.py",
	"pytest.ini", "setup.py", "setup.cfg", "pyproject.toml", "tox.ini", "noxfile.py", "Justfile", "justfile", ".justfile",
	"build.rs", "Cargo.toml", "CMakeLists.txt", "Rakefile", "Gemfile", "build.gradle", "build.gradle.kts",
	"settings.gradle", "settings.gradle.kts", "pom.xml", "composer.json", "meson.build", "Taskfile.yml", "Taskfile.yaml",
}

// programFiles returns the files c runs as its program: runsFile's, the
// file a shell or an interpreter reading its program from its input is
// given on it (sh < x.sh), and the program files of awk's, sed's and
// make's -f (awk -f x.awk).
func programFiles(c SimpleCommand) []string {
	var out []string
	if w := runsFile(c); w != "" {
		out = append(out, w)
	}
	n := lowerName(c)
	if isInterpreter(n) && readsProgramFromFeed(c) || containerStdinShell(c) >= 0 {
		for _, r := range c.Redirects {
			if r.Op == "<" && r.Target.Literal {
				out = append(out, r.Target.Text)
			}
		}
	}
	switch n {
	case "awk", "gawk", "mawk", "nawk", "busybox", "sed", "gsed", "make", "gmake", "bmake":
		args := c.Args()
		for i := 1; i < len(args); i++ {
			t := args[i].Text
			switch {
			case !args[i].Literal:
			case t == "-f" || t == "--file" || t == "--makefile":
				if i+1 < len(args) && args[i+1].Literal {
					out = append(out, args[i+1].Text)
				}
			case strings.HasPrefix(t, "--file=") || strings.HasPrefix(t, "--makefile="):
				_, v, _ := strings.Cut(t, "=")
				out = append(out, v)
			case strings.HasPrefix(t, "-f") && len(t) > 2 && !strings.HasPrefix(t, "--"):
				out = append(out, t[2:])
			}
		}
	}
	return out
}

// runsFile returns the file c runs as a program, named by a path
// (./x.sh, bin/x), or as the script of a shell or an interpreter (bash
// x.sh, python3 x.py, . x.sh); "" when it runs none, or code given on
// its command line (bash -c, python3 -m).
func runsFile(c SimpleCommand) string {
	args := c.Args()
	if len(args) == 0 || !args[0].Literal {
		return ""
	}
	if strings.Contains(args[0].Text, "/") {
		return args[0].Text
	}
	n := lowerName(c)
	if !isInterpreter(n) {
		return ""
	}
	// A shell's program is on the command line with -c, and read from
	// its input with -s (bash -e s.sh, sh -eu s.sh run s.sh); the other
	// interpreters' with -c, -e, -m or -r (python3 -m, node -e, ruby -r).
	code := "cemr"
	if isShell(n) {
		code = "cs"
	}
	for k := 1; k < len(args); k++ {
		w := args[k]
		t := w.Text
		switch {
		case !w.Literal:
			return ""
		case t == "--":
			continue
		case (strings.HasPrefix(t, "-") || isShell(n) && strings.HasPrefix(t, "+")) && len(t) > 1:
			if strings.ContainsAny(t[1:], code) && !strings.HasPrefix(t, "--") {
				return "" // the program is on the command line
			}
			if isShell(n) {
				k += shellOptionValues(t) // bash -o pipefail s.sh
			}
			continue
		}
		return t
	}
	return ""
}

// dangerVerdict turns a built-in danger into a verdict for the current mode.
func (e *Engine) dangerVerdict(d Danger) verdict {
	switch {
	case d.Critical:
		return verdict{d: Deny, reason: d.Reason}
	case e.Mode == ModePlan:
		return verdict{d: Deny, reason: "plan mode: " + d.Reason}
	case e.Mode == ModeBypassPermissions:
		return allow("bypassPermissions mode")
	}
	return verdict{d: Ask, reason: d.Reason, suggest: true}
}

// touch is one path a simple command reads or writes.
type touch struct {
	word     Word // as written, for messages
	path     pathSubject
	write    bool
	redirect bool // a redirection target, not a file argument
	key      bool // an ssh identity signed with (PathArg.Key)
	reach    bool // reached by later writes (PathArg.Reach): protected as written
	unknown  bool // of a program the tables do not know (PathArg.Unknown): protected as written
	tree     bool // read with all it holds (PathArg.Tree)
	treeW    bool // changed or removed with all it holds (PathArg.Tree of a write)
	fills    bool // and may get new files anywhere below (PathArg.Fills)
	// opaque: the path goes through a link to a directory that cannot be
	// known (/proc/1/cwd, /dev/fd/3/x); path.tmpl starts unknown.
	opaque bool
	// link is the path as written when this touch is where it leads
	// through links on disk (Engine.onDisk), "" otherwise.
	link string
	// raw is the literal path made absolute but not cleaned, set only
	// where it holds a "..": path.abs folded it away (t/../x is x), but
	// the kernel follows t first, to wherever t leads.
	raw string
	// runs: not a path written but a directory a command runs in
	// (belowCopied), where it writes by names of its own.
	runs bool
}

// hasDotDot reports whether path p has a ".." component (./... has
// none).
func hasDotDot(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../")
}

// via reports whether the kernel, walking t's path, goes through link
// (or below it): t/x and t/../x do, x does not.
func (t touch) via(link string) bool {
	if t.path.abs != "" && within(t.path.abs, link) {
		return true
	}
	if t.raw == "" {
		return false
	}
	hit := false
	walkSteps(t.raw, func(at string, _ []string) (string, bool) {
		hit = within(at, link)
		return at, hit
	})
	return hit
}

// touches resolves the paths c reads and writes once, for every check
// that follows. An earlier cd in the same line moved c: its relative paths
// resolve in c.Dir, or in each directory of c.Dirs, which makes one touch
// per directory; when the directory is unknown a relative path may lie
// anywhere.
func (e *Engine) touches(c SimpleCommand) []touch {
	args := PathArgs(c)
	if c.OpenArgs && !c.FromFind && appendsInput(c) {
		// xargs touch < list: the words xargs appends are operands too,
		// read or written as the command's own would be, at paths only
		// known at run time. (find -exec's are under find's start paths;
		// xargs -I puts them in place of its string, not after.)
		c.Words = append(c.Words[:len(c.Words):len(c.Words)], Word{Text: "$XARGS_INPUT"})
		args = PathArgs(c)
	}
	if len(args) == 0 {
		return nil
	}
	dirs := []string{c.Dir}
	if c.Dir == "?" && len(c.Dirs) > 0 {
		dirs = c.Dirs
	}
	if len(c.WrapperDirs) > 0 {
		// env -C infra touch y: the command's relative paths are in
		// the wrappers' directory; the wrappers' own paths (time -o) may
		// be where the line runs, so both count.
		for _, d := range dirs[:len(dirs):len(dirs)] {
			for _, wd := range c.WrapperDirs {
				d = wrapperDir(d, wd)
			}
			if !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
	}
	ts := make([]touch, 0, len(args)*len(dirs))
	for _, a := range args {
		first := len(ts)
		for _, dir := range dirs {
			env := e.Env.In(dir)
			t := touch{word: a.Word, write: a.Write, key: a.Key, reach: a.Reach, unknown: a.Unknown, tree: a.Tree && !a.Write, treeW: a.Tree && a.Write, fills: a.Fills, redirect: isRedirectTarget(c, a.Word)}
			switch abs := env.Resolve(a.Word.Text); {
			case !a.Word.Literal:
				t.path.tmpl = pathTemplate(a.Word.Text, env)
				if strings.HasPrefix(t.path.tmpl, "/") && strings.IndexByte(t.path.tmpl, pathWild) < 0 {
					// Only known variables ($HOME): as good as literal.
					t.path.abs, t.path.tmpl = path.Clean(t.path.tmpl), ""
				}
			case strings.HasPrefix(abs, "/"):
				t.path.abs = abs
				if hasDotDot(a.Word.Text) {
					t.raw = env.joined(a.Word.Text)
				}
			default:
				// Relative to a directory only known at run time (cd $X).
				t.path.tmpl = unrooted(abs)
			}
			if p := cmp.Or(t.path.abs, t.path.tmpl); strings.HasPrefix(p, "/") {
				if tmpl, ok := opaquePath(p); ok {
					t.path, t.opaque = pathSubject{tmpl: tmpl}, true
				}
			}
			if !slices.ContainsFunc(ts[first:], func(o touch) bool { return o.path == t.path }) {
				ts = append(ts, t)
			}
			for _, real := range e.onDisk(c, t) {
				if real == "" && !t.write {
					continue
				}
				l := t
				l.path, l.raw, l.link = pathSubject{abs: real}, "", cmp.Or(t.raw, t.path.abs)
				if real == "" {
					l.path = pathSubject{tmpl: unrooted("")}
				}
				if !slices.ContainsFunc(ts[first:], func(o touch) bool { return o.path == l.path }) {
					ts = append(ts, l)
				}
			}
		}
	}
	return ts
}

// onDisk returns where touch t leads through symbolic links
// that already exist (Engine.Follow), other than t's own path, "" for
// links that loop: a link out → /tmp made earlier makes echo hi > out,
// cp f out/ and tee out writes in /tmp, which each alone reads as one in
// the project. A path in the root reached through a link to the root
// itself is written as in Env.Root, so that rules and the root check
// still match. rm, unlink, rmdir, mv, ln and git act on a link they are
// named, not on where it leads, so only the directories above their
// arguments are followed (the kernel always follows those); a
// redirection's target is opened, and followed, whatever the command.
// None without Follow, for a path only known at run time, or one of /dev
// or /proc, whose links are this process's.
func (e *Engine) onDisk(c SimpleCommand, t touch) []string {
	abs := t.path.abs
	if e.Follow == nil || abs == "" || t.opaque || !strings.HasPrefix(abs, "/") ||
		strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/") || throughMagicLink(abs) {
		return nil
	}
	reals := e.followed(cmp.Or(t.raw, abs), abs)
	if !t.redirect {
		switch n := lowerName(c); n {
		case "rm", "unlink", "rmdir", "mv", "ln", "git":
			if (n == "mv" || n == "ln") && intoDest(c, t.word) {
				break // mv f out, ln -s x out: into the directory out leads to
			}
			reals = reals[:0]
			dir, base := path.Split(abs)
			if d := e.Follow(path.Clean(dir)); d == "" {
				reals = append(reals, "")
			} else if q := path.Join(d, base); q != abs {
				reals = append(reals, q)
			}
		}
	}
	if len(reals) == 0 || e.Env.Root == "" {
		return reals
	}
	root := e.Follow(e.Env.Root)
	for i, r := range reals {
		if root != "" && root != e.Env.Root && within(r, root) {
			reals[i] = e.Env.Root + r[len(root):]
		}
	}
	return slices.DeleteFunc(reals, func(r string) bool { return r == abs })
}

// appendsInput reports whether c runs behind xargs, which appends the
// words of its input to it, not with -I (-i, --replace), which puts them
// in place of a string of its words (a non-literal word, as the analysis
// leaves it).
func appendsInput(c SimpleCommand) bool {
	xargs := false
	for _, w := range c.Words[:c.Inner] {
		switch {
		case baseName(w.Text) == "xargs":
			xargs = true
		case xargs && (strings.HasPrefix(w.Text, "-I") || strings.HasPrefix(w.Text, "-i") || strings.HasPrefix(w.Text, "--replace")):
			return false
		}
	}
	return xargs
}

// intoDest reports whether w is the destination of mv or ln c (its last
// operand, or -t's), which they move or link into when it is a directory,
// through a link to one too, unless -T (--no-target-directory) or ln's -n
// (--no-dereference) treats it as a name.
func intoDest(c SimpleCommand, w Word) bool {
	args := c.Args()[1:]
	name := "T" // (mv -n is --no-clobber)
	if lowerName(c) == "ln" {
		name = "Tn"
	}
	if len(args) == 0 || hasOpt(args, name, "--no-target-directory", "--no-dereference") && !hasOpt(args, "t", "--target-directory") {
		return false
	}
	for i, a := range args {
		if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			return v == w.Text
		}
		if (a.Text == "-t" || a.Text == "--target-directory") && i+1 < len(args) {
			return args[i+1] == w
		}
	}
	return args[len(args)-1] == w
}

// wrapperDir is the directory a wrapper's dir option wd (env -C wd, sudo
// -D wd) moves a command to from d, a SimpleCommand.Dir: "?" when either
// is only known at run time.
func wrapperDir(d, wd string) string {
	switch {
	case strings.ContainsAny(wd, "$`") || wd == "":
		return "?"
	case strings.HasPrefix(wd, "/") || strings.HasPrefix(wd, "~"):
		return wd
	case d == "":
		return wd
	case d == "?":
		return "?"
	}
	return path.Join(d, wd)
}

// denied is checkSimple's first step: deny rules, on the command and on
// every path it touches, and a critical danger (rm of a critical path),
// which hold in every mode; a shell string a rule may match is asked for.
func (e *Engine) denied(c SimpleCommand, subject *cmdSubject, paths []touch, danger Danger, dangerous bool) (verdict, bool) {
	if r := e.Rules.firstCommandMatch(RuleDeny, c, subject); r != nil {
		return byRule(r), true
	}
	if r, i := e.Rules.firstTailMatch(RuleDeny, c); r != nil {
		return byTail(r, c, i), true
	}
	if i := e.Rules.shellTail(c); i > 0 && !c.DenyOnly {
		return verdict{d: Ask, reason: fmt.Sprintf("%s may run %q, a shell string mewsandbox does not open, which a deny or ask rule may forbid", commandName(c), shorten(joinWords(c.Words[i:])))}, true
	}
	for _, p := range paths {
		if v, ok := e.pathRules("Bash", p.path, p.write, RuleDeny); ok {
			return v, true
		}
	}
	if dangerous && danger.Critical {
		return e.dangerVerdict(danger), true
	}
	return verdict{}, false
}

// checkSimple decides on one simple command and the paths it touches.
func (e *Engine) checkSimple(c SimpleCommand) verdict {
	if e.FoldCase {
		c = foldName(c)
	}
	paths := e.touches(c)
	danger, dangerous := CheckDanger(c, e.Env)
	if dangerous && e.EnvScrubbed && danger.Rule == secretVariableRow {
		dangerous = false
	}
	subject := newCmdSubject(c) // for the three kinds of rule

	// 1. Deny rules, on the command and on every path it touches; rm of a
	// critical path.
	if v, ok := e.denied(c, subject, paths, danger, dangerous); ok {
		if c.DenyAsks {
			return verdict{d: Ask, reason: "a shell may be fed it through a program whose output is not computed: " + v.reason}
		}
		return v
	}
	if c.DenyOnly {
		return allow("only a deny judges text sed put in a file the line did not write")
	}
	// 2. Plan mode lets read-only commands through, nothing else.
	if e.Mode == ModePlan && !c.Added && !IsReadOnly(c) {
		return verdict{d: Deny, reason: "plan mode: " + commandName(c) + " is not a read-only command"}
	}
	// 3. Ask rules, in every mode.
	if r := e.Rules.firstCommandMatch(RuleAsk, c, subject); r != nil {
		return byRule(r)
	}
	if r, i := e.Rules.firstTailMatch(RuleAsk, c); r != nil {
		return byTail(r, c, i)
	}
	for _, p := range paths {
		if v, ok := e.pathRules("Bash", p.path, p.write, RuleAsk); ok {
			return v
		}
	}
	// What a recursive read reaches below the directories it names, as for
	// a Grep of them: asked for in every mode, whatever an allow rule says.
	for _, p := range paths {
		if p.tree {
			if v := e.treeBelow(c, p); v.d != Allow {
				return v
			}
		}
		if p.treeW {
			if v := e.writesBelow(c, p); v.d != Allow {
				return v
			}
		}
	}
	// Protected paths are asked for even in bypassPermissions mode and
	// whatever an allow rule says.
	for _, p := range paths {
		known := p.path.abs
		write := p.write || p.reach || p.unknown
		if known == "" {
			// What a brace list, a glob or a variable that may be empty
			// can make of the word: tee .{git,x}/config, .g*/hooks,
			// ~/.bashrc$x.
			if why := e.mayBeProtected(p.word, write, e.Env.In(c.Dir)); why != "" {
				return verdict{d: Ask, reason: why}
			}
			// A path only partly known is protected when the directory
			// its known start names is: ~/.aws/* reads credentials.
			known = knownDir(p.path.tmpl)
			if known != "" && known == e.Env.Home && !p.reach && !p.write {
				// Its first name below the home only known at run time
				// (x=.ssh; cat ~/$x/id_rsa, ~/.$x/credentials): any of
				// the credential stores there.
				return verdict{d: Ask, reason: "access to what may be a credential store: " + p.word.Text + " names a file below your home directory by a name only known at run time"}
			}
		}
		if known == "" {
			why := unknownStartProtected(p.path.tmpl, write)
			if p.opaque {
				why = opaqueProtected(p.path.tmpl, write)
			}
			if n := lowerName(c); why == "" && p.reach && n != "cd" && n != "pushd" && isUserHome(p.word.Text, p.path.tmpl) {
				why = commandName(c) + " reaches " + p.word.Text + ", a home directory, which holds a shell's start-up files"
			}
			if why != "" {
				return verdict{d: Ask, reason: why}
			}
			continue
		}
		if p.key && !p.write && e.Env.Home != "" && within(known, e.Env.Home+"/.ssh") {
			continue // ssh -i ~/.ssh/id_ed25519: used, not read out
		}
		why := e.protected(known, write)
		if p.reach && !p.write && systemProgram(known) {
			// A link to a program of the host's (ln -s /usr/bin/python3
			// .venv/bin/python) is how virtual environments are made;
			// the kernel layers keep the program itself read-only.
			why = ""
		}
		if why == "" && p.reach && p.path.abs != "" && e.Env.Home != "" && within(e.Env.Home, p.path.abs) {
			// The home directory or one above it (ln -s / r): what is
			// below it is reached by names no check sees as the home's.
			why = "it holds your home directory, and its shell start-up files and credential stores"
		}
		if why != "" {
			switch n := lowerName(c); {
			case p.unknown && !p.write:
				why = commandName(c) + " may write " + p.word.Text + ", as the engine does not know what it does with its arguments: " + why
				if dangerous {
					// A danger row says what the command does (mkfs.ext4
					// /dev/sdb1 destroys the device's data): its reason,
					// where it is as strict as the guess at a write.
					return stricter(e.dangerVerdict(danger), verdict{d: Ask, reason: why})
				}
			case p.write || !p.reach:
			case n == "cd" || n == "pushd":
				why = n + " moves into " + known + ", where later commands write by names of their own: " + why
			default:
				why = n + " links to " + known + ", which a write through the link changes: " + why
			}
			return verdict{d: Ask, reason: why}
		}
	}
	// A command that may write, run in a protected directory an earlier
	// cd moved to, may write there by names it makes itself (cd .git/hooks
	// && curl -O URL, tar x, unzip): asked for, as a write there is.
	if why := e.protectedDir(c); why != "" && !c.Added && !IsReadOnly(c) {
		return verdict{d: Ask, reason: why}
	}
	// A critical path that may hide in what is only known at run time is
	// asked for in every mode, whatever an allow rule says, as what the
	// analysis cannot see is.
	if dangerous && danger.Unseen {
		return verdict{d: Ask, reason: danger.Reason}
	}
	// A credential printed is asked for in bypassPermissions, where the
	// other dangers pass, unless an allow rule names the command, as in
	// the other modes: gh auth token reads out what cat
	// ~/.config/gh/hosts.yml, asked for in every mode, would.
	if dangerous && danger.Secret && e.Mode == ModeBypassPermissions && e.Rules.firstCommandMatch(RuleAllow, c, subject) == nil {
		return verdict{d: Ask, reason: danger.Reason}
	}
	// 4. bypassPermissions.
	if e.Mode == ModeBypassPermissions {
		return allow("bypassPermissions mode")
	}
	// 5. Allow rules: the command's words, and every path it writes must be
	// inside the root or allowed by an Edit rule.
	allowedBy := e.Rules.firstCommandMatch(RuleAllow, c, subject)
	if w, ok := e.checkWrites(paths, allowedBy); !ok {
		return w
	}
	if allowedBy != nil {
		// A project's own rule (Settings.ConfineRules) allows the command
		// in the project: not cd ~/work && tar xf x.tar.
		if allowedBy.within != "" {
			if v, ok := e.runsOutside(c); !ok {
				return v
			}
			// Nor beyond any project: Bash(kill:*) does not cover
			// kill -9 -1, nor Bash(docker:*) docker run -v /:/h, nor
			// Bash(gh:*) gh auth token.
			if dangerous && danger.Host {
				return e.dangerVerdict(danger)
			}
		}
		// A rule matches the command's words; the variables set for it
		// are not among them, and some choose what code it runs:
		// Bash(git status:*) does not cover LD_PRELOAD=x git status.
		if n := envHijack(c, e.Env.Home); n != "" {
			return e.dangerVerdict(Danger{Rule: "hijack variable",
				Reason: "sets " + n + ", which decides what code later programs run; rule " + allowedBy.Text + " does not cover it"})
		}
		// So do some of the command's own options, past the words a
		// prefix rule names: Bash(npm run:*) does not cover npm run build
		// --script-shell=./x.
		if o := hijackOption(c); o != "" && !strings.Contains(allowedBy.Text, o) {
			return e.dangerVerdict(Danger{Rule: "hijack option",
				Reason: commandName(c) + " " + o + " decides what code it runs; rule " + allowedBy.Text + " does not cover it"})
		}
		// So does the directory a build tool runs in, whose build files
		// and package scripts it runs: Bash(npm run test:*) does not
		// cover cd /tmp/x && npm run test, nor npm run test --prefix
		// /tmp/x.
		if d := e.buildOutside(c); d != "" {
			return e.dangerVerdict(Danger{Rule: "build outside the project",
				Reason: commandName(c) + " runs in " + d + ", outside the project, whose build files choose what it runs; rule " + allowedBy.Text + " does not cover it"})
		}
		return byRule(allowedBy)
	}
	// 8. Built-in checks.
	for _, p := range paths {
		if p.opaque {
			return verdict{d: Ask, reason: commandName(c) + " uses " + p.word.Text + ", through a link to a directory that cannot be known", suggest: true}
		}
	}
	if c.StrayFD != "" {
		return verdict{d: Ask, reason: commandName(c) + " uses " + c.StrayFD + ", a descriptor the line did not open: one the shell inherited may be any file", suggest: true}
	}
	if v, ok := e.runsOutside(c); !ok {
		return v
	}
	if dangerous {
		return e.dangerVerdict(danger)
	}
	if len(c.Words) == 0 {
		return allow("redirection only")
	}
	return allow(commandName(c) + " is not a known dangerous command")
}

// runsOutside asks for a command that may write run outside the project
// root, where an earlier cd moved it: it writes by names of its own there
// too (cd /tmp && tar xf a.tar).
func (e *Engine) runsOutside(c SimpleCommand) (verdict, bool) {
	if len(c.Words) == 0 || e.Env.Root == "" || c.Added || IsReadOnly(c) {
		return verdict{}, true
	}
	outside := ""
	eachDir(c, func(d string) bool {
		if !leavesCwd(d) && e.Follow == nil {
			return true
		}
		cwd := e.Env.In(d).Cwd
		switch {
		case cwd == "":
		case leavesCwd(d) && !within(cwd, e.Env.Root):
			outside = cwd
		case e.Follow != nil:
			// cd out && make, make -C out, where out is a link on disk
			// to outside; make -C out/.., which the kernel takes from
			// where out leads (cd out/.. is the shell's, cleaned as
			// written).
			if d != c.Dir && !slices.Contains(c.Dirs, d) && hasDotDot(d) {
				if raw := e.Env.In(c.Dir).joined(d); path.IsAbs(raw) {
					cwd = raw
				}
			}
			if real := e.Follow(cwd); real == "" || !within(real, e.Env.Root) && !within(real, cmp.Or(e.Follow(e.Env.Root), e.Env.Root)) {
				outside = cmp.Or(real, "an unknown directory") + " (where " + cwd + " leads through symbolic links)"
			}
		}
		return outside == ""
	})
	if outside == "" {
		return verdict{}, true
	}
	return verdict{d: Ask, reason: commandName(c) + " runs in " + outside + ", outside the project root, where what it writes lands", suggest: true}, false
}

// treeBelow decides on what command c may read below p, a path it reads
// with all it holds (grep -r ~, tar czf x.tgz .): a credential store, or
// a file a deny or ask rule covers, asked for as a Grep of it would be;
// where links lead too, as ripgrep and grep -R follow them.
func (e *Engine) treeBelow(c SimpleCommand, p touch) verdict {
	dir := cmp.Or(p.path.abs, p.path.tmpl)
	who := shorten(cmp.Or(c.Text, joinWords(c.Words))) + " reads all of " + p.word.Text + " and"
	v := e.readsBelow(who, "Read", searchBase(dir), nil, verdict{d: Allow})
	if p.path.abs != "" {
		for _, real := range e.followed(p.path.abs, p.path.abs) {
			if real != "" {
				v = e.readsBelow(who+" (at "+real+")", "Read", real, nil, v)
			}
		}
	}
	return v
}

// writesBelow is treeBelow for a recursive write or delete (rm -r, find
// -delete, git clean, mv of a directory, an extraction into it): the
// files below the directory that a rule denies (an edit rule, or a read
// rule, which stops writes too) or asks before editing would change with
// it, and so would the protected places of the host and the home
// directory below it (tar -xf a.tar -C /etc). rm -rf deploy removes
// deploy/prod/main.tf, which Edit(/deploy/prod/**) denies on its own.
//
// Only a rule for a path that exists counts: one for a name at any depth
// (Edit(.env)), which cannot be looked for, would have every rm -rf
// node_modules ask. The kernel sandbox, not this, keeps such files.
func (e *Engine) writesBelow(c SimpleCommand, p touch) verdict {
	dir := cmp.Or(p.path.abs, p.path.tmpl)
	who := shorten(cmp.Or(c.Text, joinWords(c.Words))) + " changes or removes all of " + p.word.Text + " and"
	v := verdict{d: Allow}
	switch {
	case p.fills && p.path.abs == "":
		// cp -r x "$d", tar -xf a.tar -C ~root: where it is only known
		// at run time it may hold them.
		return verdict{d: Ask, reason: who + " is only known at run time: the host's or the home directory's protected places may lie below it"}
	case p.fills:
		if why := sensitiveBelow(p.path.abs, e.Env.Home); why != "" {
			return verdict{d: Ask, reason: who + " may write a protected path below it: " + why}
		}
	}
	// A Read deny rule stops writes too, as for a file named; but only a
	// delete is counted against one (git clean -fdx removes .env): an
	// extraction or a copy into the root would otherwise ask wherever
	// Read(./.env) is denied.
	tools := []string{"Edit", "Read"}
	if p.fills {
		tools = tools[:1]
	}
	for _, t := range searchTemplates(searchBase(dir), nil) {
		for _, tool := range tools {
			if r := e.firstTemplateRule(RuleDeny, tool, t, e.exists); r != nil {
				v = stricter(v, verdict{d: Ask, rule: r, reason: who + " may change files below it that rule " + r.Text +
					" denies; a path that leaves them out would not ask"})
			}
		}
		if r := e.firstTemplateRule(RuleAsk, "Edit", t, e.exists); r != nil {
			v = stricter(v, verdict{d: Ask, rule: r, reason: who + " may change files below it that rule " + r.Text + " asks before editing"})
		}
	}
	return v
}

// checkWrites asks for writes the command makes outside the project root.
// A command allowed by rule allowedBy (nil: none) keeps its file arguments
// (the user allowed it knowing them) but not its redirections; by a
// project's own rule, those inside the project only (Settings.ConfineRules:
// its Bash(rm:*) allowed rm -rf ~/work).
func (e *Engine) checkWrites(paths []touch, allowedBy *Rule) (verdict, bool) {
	for _, p := range paths {
		if !p.write || allowedBy != nil && !p.redirect && allowedBy.keeps(p.path.abs) {
			continue
		}
		if _, ok := e.pathRules("Bash", p.path, true, RuleAllow); ok {
			continue
		}
		if p.path.abs == "" && p.link != "" {
			return verdict{d: Ask, reason: "writes through " + p.link + ", whose symbolic links loop: where it leads cannot be known", suggest: true}, false
		}
		if p.path.abs == "" {
			return verdict{d: Ask, reason: "writes to a path only known at run time: " + p.word.Text, suggest: true}, false
		}
		if harmlessDevice(p.path.abs) {
			continue
		}
		if e.Env.Root != "" && !within(p.path.abs, e.Env.Root) {
			why := "writes outside the project root: " + p.path.abs
			if p.link != "" {
				why += " (" + p.link + " leads there through a symbolic link)"
			}
			return verdict{d: Ask, reason: why, suggest: true}, false
		}
	}
	return verdict{}, true
}

func isRedirectTarget(c SimpleCommand, w Word) bool {
	for _, r := range c.Redirects {
		if r.Target == w {
			return true
		}
	}
	return false
}

// commandName names a command for messages.
func commandName(c SimpleCommand) string {
	if n := c.Name(); n != "" {
		return n
	}
	if len(c.Words) > 0 {
		return c.Words[0].Text
	}
	return "redirection"
}

// suggest proposes a rule that would allow the call next time.
func (e *Engine) suggest(tool string, kind Kind, c Call, parts []CommandResult) string {
	switch kind {
	case KindShell:
		for _, p := range parts {
			if p.Decision == Allow {
				continue
			}
			a := AnalyzeShell(p.Command)
			if len(a.Commands) == 0 {
				continue
			}
			c0 := a.Commands[0]
			var lit []string
			if s := allowStart(c0); s >= 0 && s < c0.Inner {
				// Behind a language launcher allow rules match from
				// the launcher on: Bash(uv run rm x:*).
				for _, w := range c0.Words[s:c0.Inner] {
					lit = append(lit, w.Text)
				}
			}
			limit := len(lit) + 2
			for _, w := range c0.Args() {
				if !w.Literal || strings.HasPrefix(w.Text, "-") || len(lit) == limit {
					break
				}
				lit = append(lit, w.Text)
			}
			if len(lit) == 0 {
				return ""
			}
			return "Bash(" + strings.Join(lit, " ") + ":*)"
		}
	case KindRead, KindEdit:
		if c.Path == "" {
			return ""
		}
		rel := e.Env.Resolve(c.Path)
		if e.Env.Root != "" && within(rel, e.Env.Root) && rel != e.Env.Root {
			rel = "/" + strings.TrimPrefix(rel, e.Env.Root+"/")
		} else {
			rel = "/" + rel // "//abs/path"
		}
		return tool + "(" + rel + ")"
	case KindFetch:
		// An IPv6 address cannot be written as a domain rule.
		if host, err := fetchHost(c.URL); err == nil && !strings.HasPrefix(host, "[") {
			return "WebFetch(domain:" + host + ")"
		}
	default:
		return tool
	}
	return ""
}
