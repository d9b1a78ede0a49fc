package permission

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"sync"
)

// pathIndex finds the path rules that may match an absolute path without
// trying every rule. Each rule is filed under the directory its pattern's
// literal start names once anchored (Read(./secret/**) under
// "/proj/secret/", Edit(*.lock) under "/proj/"), so a path only meets the
// rules filed under one of its ancestors. It is bound to one PathEnv and
// valid while the rule lists it was built from are unchanged.
type pathIndex struct {
	byDir [3]map[string][]int32
	// dirs are the keys of byDir, sorted, for the templates whose literal
	// start is a prefix of the directories they may meet.
	dirs [3][]string
	n    [3]int
	ptr  [3]*Rule
}

// boundIndex is an Engine's pathIndex, built on first use.
type boundIndex struct {
	once sync.Once
	ix   *pathIndex
}

func newPathIndex(rs *Rules, env PathEnv) *pathIndex {
	ix := &pathIndex{}
	for k := RuleAllow; k <= RuleDeny; k++ {
		l := *rs.kindList(k)
		ix.n[k] = len(l)
		if len(l) > 0 {
			ix.ptr[k] = &l[0]
		}
		ix.byDir[k] = map[string][]int32{}
		for i := range l {
			if dir, ok := l[i].literalDir(env); ok {
				ix.byDir[k][dir] = append(ix.byDir[k][dir], int32(i))
			}
		}
		ix.dirs[k] = slices.Sorted(maps.Keys(ix.byDir[k]))
	}
	return ix
}

// literalDir returns the directory, ending in "/", below which every path
// the rule matches lies, or false when the rule matches no absolute path.
func (r *Rule) literalDir(env PathEnv) (string, bool) {
	if r.Pattern == "" {
		return "/", r.Tool != "Bash" && r.Tool != "WebFetch"
	}
	m := r.matcher()
	if m == nil {
		// An uncompilable pattern: MatchPath treats it as matching for
		// deny and ask rules. File it under the root so every path meets
		// it.
		return "/", r.Kind != RuleAllow
	}
	if m.class != patPath {
		return "", false
	}
	dir := r.anchorDir(m, env)
	if dir == "" {
		return "", false
	}
	full := []byte(dir)
	if dir != "/" {
		full = append(full, '/')
	}
	lit := 0
	for lit < len(m.glob) && m.glob[lit].op == gLit {
		full = append(full, m.glob[lit].b)
		lit++
	}
	if slices.Equal(m.glob[lit:], optionalRest) {
		// The literal is a whole path: it and what lies below it match.
		full = append(full, '/')
	}
	return string(full[:bytes.LastIndexByte(full, '/')+1]), true
}

func (ix *pathIndex) validFor(rs *Rules) bool {
	for k := RuleAllow; k <= RuleDeny; k++ {
		l := *rs.kindList(k)
		if len(l) != ix.n[k] || len(l) > 0 && &l[0] != ix.ptr[k] {
			return false
		}
	}
	return true
}

// index returns the Engine's path index, or nil when the rules changed
// after it was built.
func (e *Engine) index() *pathIndex {
	e.paths.once.Do(func() { e.paths.ix = newPathIndex(&e.Rules, e.Env) })
	if !e.paths.ix.validFor(&e.Rules) {
		return nil
	}
	return e.paths.ix
}

// firstPathRule returns the first rule of kind, in source order, that
// applies to tool and matches the absolute, clean path abs.
func (e *Engine) firstPathRule(kind RuleKind, tool, abs string) *Rule {
	ix := e.index()
	if ix == nil {
		// The rules changed after the first Check: slower, still right.
		return e.Rules.FirstMatch(kind, tool, func(r *Rule) bool { return r.matchAbsPath(abs, e.Env) })
	}
	var buf [64]int32
	cand := buf[:0]
	// Every ancestor of abs, and abs itself as a directory: a rule on
	// "/proj/secret/" matches the path /proj/secret.
	p := abs + "/"
	for i := 0; i < len(p); i++ {
		if p[i] == '/' {
			cand = append(cand, ix.byDir[kind][p[:i+1]]...)
		}
	}
	return e.firstCandidate(kind, tool, cand, func(r *Rule) bool { return r.matchAbsPath(abs, e.Env) })
}

// firstTemplateRule returns the first rule of kind, in source order, that
// applies to tool and matches the path template t (pathTemplate): a path
// only known at run time, which deny and ask rules match when it could
// name a path they match.
//
// A template that starts with a known directory, "/proj/src/" in
// "/proj/src/<unknown>.key", names paths that all start with that literal
// text L, and a rule only matches paths at or below the directory D it is
// filed under. Both hold of one path only when D is a prefix of L (D is an
// ancestor of what L names) or L is a prefix of D (the unknown part may
// spell out the rest of D, any number of components deep). A template
// that starts with an unknown part may meet any rule.
//
// keep, when not nil, leaves out a rule it refuses.
func (e *Engine) firstTemplateRule(kind RuleKind, tool, t string, keep func(*Rule) bool) *Rule {
	match := func(r *Rule) bool { return (keep == nil || keep(r)) && r.matchTemplate(t, e.Env) }
	ix := e.index()
	lit := t
	if i := strings.IndexByte(t, pathWild); i >= 0 {
		lit = t[:i]
	}
	if ix == nil || !strings.HasPrefix(lit, "/") {
		return e.Rules.FirstMatch(kind, tool, match)
	}
	var buf [64]int32
	cand := buf[:0]
	// D a prefix of L: the directories L goes through.
	for i := 0; i < len(lit); i++ {
		if lit[i] == '/' {
			cand = append(cand, ix.byDir[kind][lit[:i+1]]...)
		}
	}
	// L a prefix of D (L itself, when it ends in '/', was taken above).
	dirs := ix.dirs[kind]
	i, _ := slices.BinarySearch(dirs, lit)
	for ; i < len(dirs) && strings.HasPrefix(dirs[i], lit); i++ {
		if dirs[i] != lit {
			cand = append(cand, ix.byDir[kind][dirs[i]]...)
		}
	}
	return e.firstCandidate(kind, tool, cand, match)
}

// firstCandidate returns the first rule among the candidates (indices in
// the list of kind) that applies to tool and matches.
func (e *Engine) firstCandidate(kind RuleKind, tool string, cand []int32, match func(*Rule) bool) *Rule {
	slices.Sort(cand)
	l := *e.Rules.kindList(kind)
	tool, _ = CanonicalTool(tool)
	for _, i := range cand {
		if r := &l[i]; r.AppliesTo(tool) && match(r) {
			return r
		}
	}
	return nil
}
