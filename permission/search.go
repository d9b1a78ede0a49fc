package permission

import (
	"cmp"
	"path"
	"strings"
	"unicode"
)

// isSearch reports whether a read tool searches a directory, reading or
// listing what lies below it, rather than reading the one file it names.
func isSearch(tool string) bool {
	return tool == "Grep" || tool == "Glob" || tool == "LS"
}

// checkSearch decides on a search tool (Grep, Glob, LS) over dir, the
// working directory when empty, narrowed to what glob names when it is
// not empty. Rules and protected paths apply to dir as to any read; what
// the glob names outright (secrets/* names secrets) is read as that path,
// so a deny rule covering it denies; and what a Grep, which reads what it
// finds, may reach below dir is asked for, in every mode and whatever an
// allow rule says, when it may be a credential store or a file a deny or
// ask rule covers that may exist (mayExist). Glob and LS only list names:
// a rule that forbids reading a file does not keep its name secret, and
// asking for every listing of a project with a denied .env would make the
// rule useless.
//
// A directory is searched as written, as the agent's tools read it
// (toolReadings), and where its links lead: ripgrep follows a link it is
// given (a review's Grep of hl, a link to the home directory, read a
// private key).
func (e *Engine) checkSearch(tool, dir, glob string) verdict {
	v := e.checkPath(tool, KindRead, dir)
	if v.d == Deny {
		return v
	}
	given := []string{cmp.Or(dir, ".")}
	for _, r := range toolReadings(dir) {
		given = append(given, r.path)
	}
	for _, d := range given {
		abs := e.toolEnv().Resolve(d)
		if v = e.searchBelow(tool, glob, abs, v); v.d == Deny {
			return v
		}
		for _, real := range e.followedIn(e.toolEnv(), d, abs) {
			if real == "" {
				continue // a loop: checkPath asked
			}
			if v = e.searchBelow(tool, glob, real, v); v.d == Deny {
				return v
			}
		}
	}
	return v
}

// searchBase is the directory abs names as a path template: through a
// link that cannot be known (/proc/self/cwd), or below a directory only
// known at run time, its known part and a wildcard.
func searchBase(abs string) string {
	if t, ok := opaquePath(abs); ok {
		return t
	}
	if !strings.HasPrefix(abs, "/") {
		return unrooted(abs)
	}
	return abs
}

// searchBelow adds to v, the verdict so far, what a search (checkSearch)
// of directory abs may read below it.
func (e *Engine) searchBelow(tool, glob, abs string, v verdict) verdict {
	base := searchBase(abs)
	globs := searchGlobs(glob)
	if base == abs {
		for _, g := range globs {
			for _, p := range globLiteralPaths(abs, e.Env.Home, g) {
				w := e.checkPath(tool, KindRead, p)
				if w.d != Allow {
					w.reason = tool + "'s glob " + glob + " in " + abs + " names " + p + ": " + w.reason
				}
				if w.d == Deny {
					return w
				}
				v = stricter(v, w)
			}
		}
	}
	if tool == "Glob" {
		return e.listsBelow(tool, glob, base, globs, v)
	}
	if tool != "Grep" {
		// LS lists names: what lies below is not read.
		return v
	}
	return e.readsBelow(tool+" of "+abs, tool, base, globs, v)
}

// listsBelow adds to v, the verdict so far, what a Glob of base narrowed
// by globs may list: every name in a tree a deny or ask rule of tool's
// covers (Read(./secrets/**) denied, a Glob of se?rets/*, s*/*, **/* or
// {secrets,x}/*), asked for. A glob whose last part is only a wildcard
// may list any name where it reaches; one narrowed to names of a kind
// (**/*.go) lists only those, as a rule that forbids reading a file does
// not keep its name secret, and is not asked for.
func (e *Engine) listsBelow(tool, glob, base string, globs []string, v verdict) verdict {
	wild := string(rune(pathWild))
	for _, t := range searchTemplates(base, globs) {
		if !strings.HasSuffix(t, wild) {
			continue
		}
		for _, kind := range [...]RuleKind{RuleDeny, RuleAsk} {
			if r := e.firstTemplateRule(kind, tool, t, e.coversTree); r != nil {
				v = stricter(v, verdict{d: Ask, rule: r, reason: tool + "'s pattern " + glob + " in " + base +
					" may list every name in a tree that rule " + r.Text + " covers; a pattern that leaves it out would not ask"})
			}
		}
	}
	return v
}

// readsBelow adds to v, the verdict so far, what a read of everything
// below base (a directory or a path template, narrowed by globs when there
// are any) may reach, as who says it (Grep of DIR, grep -r of DIR): a
// credential store, or a file a deny or ask rule of tool's covers that may
// exist (mayExist), each asked for. Hidden names count: ripgrep's and fd's
// defaults leave them out, but a glob, a type or ignore-file whitelist, a
// .ignore file or a configuration file lets them in again.
func (e *Engine) readsBelow(who, tool, base string, globs []string, v verdict) verdict {
	for _, t := range searchTemplates(base, globs) {
		if why := e.mayReachCredential(t); why != "" {
			v = stricter(v, verdict{d: Ask, reason: who + " may read a credential store below it: " + why})
		}
		if r := e.firstTemplateRule(RuleDeny, tool, t, e.mayExist); r != nil {
			v = stricter(v, verdict{d: Ask, rule: r, reason: who + " may read files below it that rule " + r.Text +
				" denies reading; a path or glob that leaves them out would not ask"})
		}
		if r := e.firstTemplateRule(RuleAsk, tool, t, e.mayExist); r != nil {
			v = stricter(v, verdict{d: Ask, rule: r, reason: who + " may read files below it that rule " + r.Text + " asks before reading"})
		}
	}
	return v
}

// coversTree reports whether path rule r covers a whole tree, every
// name in it (./secrets/**, ./secrets/*, ./secrets/), where one may exist
// (mayExist): a rule naming a file (.env) or files of a kind
// (secrets/*.pem) does not.
func (e *Engine) coversTree(r *Rule) bool {
	p := strings.TrimSuffix(strings.TrimSuffix(r.Pattern, "/**"), "/*")
	if p == r.Pattern && !strings.HasSuffix(p, "/") {
		return false
	}
	return !strings.ContainsAny(path.Base(p), globMeta) && e.mayExist(r)
}

// mayExist reports whether what path rule r covers may exist: false only
// when the path its pattern names before any wildcard is known to be
// missing, so that Read(./.env) denied does not make every Grep of a
// project without a .env ask (a review found each one asked).
func (e *Engine) mayExist(r *Rule) bool {
	if e.Exists == nil {
		return true
	}
	p, ok := r.literalPath(e.Env)
	return !ok || e.Exists(p)
}

// exists reports whether what path rule r covers is known to exist: the
// path its pattern names before any wildcard does (where nothing can
// tell, as in tests without Exists, it may).
func (e *Engine) exists(r *Rule) bool {
	p, ok := r.literalPath(e.Env)
	return ok && (e.Exists == nil || e.Exists(p))
}

// searchGlobs splits a search's glob into the globs it may stand for:
// Claude Code's Grep passes each word of it, and each comma-separated
// part of a word without braces, as a glob of its own, and the whole is
// tried as well, as another tool may take it as one glob. It returns nil,
// the whole directory, when there is no glob or one excludes (!x): what
// such a search reads is everything else.
func searchGlobs(glob string) []string {
	if strings.TrimSpace(glob) == "" {
		return nil
	}
	globs := []string{glob}
	for _, w := range strings.FieldsFunc(glob, unicode.IsSpace) {
		parts := []string{w}
		if !strings.Contains(w, "{") || !strings.Contains(w, "}") {
			parts = strings.Split(w, ",")
		}
		for _, p := range parts {
			if p != "" && p != glob {
				globs = append(globs, p)
			}
		}
	}
	for _, g := range globs {
		if strings.HasPrefix(g, "!") {
			return nil
		}
	}
	return globs
}

// globMeta are the bytes that make a glob match more than one name; a
// backslash escapes the next.
const globMeta = `*?[{\`

// globLiteralPaths returns the paths a glob names before its first
// wildcard, searched from dir: dir/secrets for secrets/*, dir/shadow for
// shadow. A glob starting with / is tried from dir, as ripgrep anchors
// it, and from the root, as a glob library reads it; one starting with
// ~/ or $HOME/ from home as well. The search reads these or what lies
// below them.
func globLiteralPaths(dir, home, g string) []string {
	g = strings.TrimSuffix(g, "/")
	if rest, ok := homeRest(g); ok && home != "" {
		// ~/.ssh/*: a tool may expand ~ in its pattern as in a path.
		return append(globLiteralPaths(dir, "", g), globLiteralPaths(home, "", rest)...)
	}
	var lit []string
	for _, seg := range strings.Split(strings.TrimPrefix(g, "/"), "/") {
		if strings.ContainsAny(seg, globMeta) {
			break
		}
		lit = append(lit, seg)
	}
	if len(lit) == 0 || lit[0] == "" {
		return nil
	}
	rel := strings.Join(lit, "/")
	ps := []string{path.Join(dir, rel)}
	if strings.HasPrefix(g, "/") {
		ps = append(ps, path.Clean("/"+rel))
	}
	return ps
}

// searchTemplates returns the path templates (pathTemplate) of what a
// search of base, a path or a template, may read: everything below it
// without a glob; with one, what each glob may match. A glob without a /
// matches a name at any depth (ripgrep reads globs as .gitignore does),
// one with a / from base, or from the root as well when it starts
// with one.
func searchTemplates(base string, globs []string) []string {
	wild := string(rune(pathWild))
	if len(globs) == 0 {
		return []string{cleanTemplate(base + "/" + wild)}
	}
	var ts []string
	for _, g := range globs {
		g = strings.TrimSuffix(g, "/")
		t := globTemplate(strings.TrimPrefix(g, "/"))
		if !strings.Contains(g, "/") {
			ts = append(ts, cleanTemplate(base+"/"+wild+t))
			continue
		}
		ts = append(ts, cleanTemplate(base+"/"+t))
		if strings.HasPrefix(g, "/") {
			ts = append(ts, cleanTemplate("/"+t))
		}
	}
	return ts
}

// globTemplate turns a glob into a template in which pathWild stands for
// what its wildcards match. From a [...] set or a {a,b} list on, which
// may hold a / or nest, all of it is taken as unknown: a template may
// name more than the glob matches, never less.
func globTemplate(g string) string {
	var b []byte
	for i := 0; i < len(g); i++ {
		switch c := g[i]; c {
		case '*', '?', '\\':
			if len(b) == 0 || b[len(b)-1] != pathWild {
				b = append(b, pathWild)
			}
			if c == '\\' {
				i++ // the escaped byte
			}
		case '[', '{':
			return string(append(b, pathWild))
		default:
			b = appendLiteral(b, g[i:i+1])
		}
	}
	return string(b)
}

// cleanTemplate cleans the known part of a template; a ".." after an
// unknown part could climb anywhere.
func cleanTemplate(t string) string {
	first := strings.IndexByte(t, pathWild)
	if first < 0 {
		return path.Clean(t)
	}
	for _, seg := range strings.Split(t[first:], "/") {
		if seg == ".." {
			return string(rune(pathWild))
		}
	}
	return path.Clean(t)
}

// credentialRule is a credential store as a Read rule, to match what a
// search may read against, and why it is one.
type credentialRule struct {
	rule Rule
	why  string
}

// credentialRules are the stores credentialRead knows: the host's, and
// those below the home directory, which the rules anchor at the
// Engine's.
var credentialRules = lazy[[]credentialRule]{build: func() []credentialRule {
	var crs []credentialRule
	add := func(pattern, why string) {
		r, err := ParseRule(RuleDeny, "Read("+pattern+")")
		if err != nil {
			panic("BUG(mewsandbox): credential store " + pattern + ": " + err.Error())
		}
		crs = append(crs, credentialRule{r, why})
	}
	for _, c := range hostCredentials {
		add("/"+c, c+" holds the host's credentials")
		if name := "/private" + c; linkedHostName(name) != "" {
			// macOS's real name of it (linkedHostName).
			add("/"+name, c+" holds the host's credentials")
		}
	}
	add("//etc/ssh/ssh_host_*_key", "/etc/ssh holds the host's private keys")
	add("//private/etc/ssh/ssh_host_*_key", "/etc/ssh holds the host's private keys")
	for _, rel := range credentialPaths {
		add("~/"+rel, "~/"+rel+" holds credentials")
	}
	for _, p := range []string{"//proc/*/environ", "//proc/*/mem", "//proc/*/task/*/environ", "//proc/*/task/*/mem"} {
		add(p, "/proc holds every process's environment and memory, the agent's own tokens among them")
	}
	return crs
}}

// mayReachCredential reports why the path template t may name a
// credential store or a path inside one, or "": one of the home
// directory's, the host's, or one in another user's home (tar czf b.tgz
// /home/bob, grep -r password /home), which a root-run agent reads as
// its own.
func (e *Engine) mayReachCredential(t string) string {
	for _, cr := range credentialRules.get() {
		if cr.rule.matchTemplate(t, e.Env) {
			return cr.why
		}
	}
	if own := e.asOwnHome(t); own != "" {
		for _, cr := range credentialRules.get() {
			if cr.rule.matchTemplate(own, e.Env) {
				return "another user's home, where " + cr.why
			}
		}
	}
	return ""
}

// asOwnHome returns template t, a path below another user's home
// (/home/USER, /Users/USER, /var/home/USER, /root, /var/root; the user
// may be a wildcard), as the same path below the home directory, or ""
// for any other t.
func (e *Engine) asOwnHome(t string) string {
	if e.Env.Home == "" {
		return ""
	}
	for _, h := range [...]string{"/root", "/var/root"} {
		if rest, ok := strings.CutPrefix(t, h); ok && (rest == "" || rest[0] == '/' || rest[0] == pathWild) {
			return e.Env.Home + rest
		}
	}
	for _, homes := range [...]string{"/home/", "/Users/", "/var/home/"} {
		rest, ok := strings.CutPrefix(t, homes)
		if !ok {
			continue
		}
		if rest != "" && rest[0] == pathWild {
			// /home/* and below: any user's home and what it holds.
			return e.Env.Home + "/" + rest
		}
		if i := strings.IndexByte(rest, '/'); i > 0 {
			return e.Env.Home + rest[i:]
		}
		if i := strings.IndexByte(rest, pathWild); i > 0 {
			return e.Env.Home + "/" + rest[i:]
		}
	}
	return ""
}
