package permission

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
)

// RuleKind says what a matching rule does to a call.
type RuleKind int

// The kinds of rule, in the order of the decisions they lead to.
const (
	RuleAllow RuleKind = iota
	RuleAsk
	RuleDeny
)

func (k RuleKind) String() string {
	switch k {
	case RuleAllow:
		return "allow"
	case RuleAsk:
		return "ask"
	case RuleDeny:
		return "deny"
	}
	return fmt.Sprintf("RuleKind(%d)", int(k))
}

// ParseRuleKind returns the kind named s: "allow", "ask" or "deny".
func ParseRuleKind(s string) (RuleKind, error) {
	for k := RuleAllow; k <= RuleDeny; k++ {
		if s == k.String() {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown rule kind %q (want allow, ask or deny)", s)
}

// Rule is one permission rule: a tool, optionally narrowed by a pattern.
type Rule struct {
	Kind RuleKind
	// Tool is the canonical tool name (CanonicalTool); the rule text may
	// use an alias (run_shell(...)). Unknown names, MCP tools included, are
	// kept as written.
	Tool string
	// Pattern narrows the rule to some calls of the tool; "" means every
	// call (Bash(*) is Bash).
	Pattern string
	// Text is the rule as written, without surrounding blanks.
	Text string
	// Source says where the rule came from: "path/to/settings.yaml:12",
	// "command line", "session".
	Source string
	// Base is the project root that "/path" patterns are relative to: the
	// directory holding the settings file's .mewsandbox/ or .claude/
	// directory. The loader sets it; "" means PathEnv.Root.
	Base string

	// within, for an allow rule of an edit tool or the shell from a
	// project's own file the user did not trust (Settings.ConfineRules),
	// is the project root: the rule allows edits there only, and the
	// commands it allows write there only.
	within string

	m *ruleMatcher // compiled Pattern; nil when Pattern is ""
}

// String returns the rule's text.
func (r Rule) String() string { return r.Text }

// maxRuleLen bounds a rule's text so that matching stays cheap whatever a
// settings file holds.
const maxRuleLen = 4096

// hostTopDirs are top-level directories of Linux and macOS hosts that a
// project rarely has at its own top: a path rule starting with one of
// them after a single "/" (Read(/home/u/.ssh/**)) was meant for the host's.
var hostTopDirs = []string{"home", "Users", "root", "etc", "var", "usr", "opt", "private", "Volumes", "mnt", "srv", "proc", "sys", "dev", "run", "nix", "Library", "System", "Applications"}

// CheckProjectRelative refuses a deny or ask rule whose path pattern, a
// single "/" and then a top-level directory of the host's
// (Read(/home/u/.ssh/**)), reads as an absolute path but is, as in Claude
// Code, relative to the project the rule comes from, so that it would
// guard nothing the user meant: the rule is to be written with "//" for
// the host's path or "./" for the project's. base is that project's root
// ("" when not known). An allow rule that matches nothing allows nothing,
// and passes.
func CheckProjectRelative(r Rule, base string) error {
	if r.Kind == RuleAllow || r.m == nil || r.m.class != patPath || r.m.anchor != anchorBase {
		return nil
	}
	rest := strings.TrimPrefix(r.Pattern, "/")
	first, _, _ := strings.Cut(rest, "/")
	if !slices.Contains(hostTopDirs, first) {
		return nil
	}
	in := "the project root"
	if base != "" {
		in = base
	}
	return &RuleError{Text: r.Text, Msg: fmt.Sprintf("a path after a single \"/\" is relative to %s, as in Claude Code, not to / on the host: write %s(//%s) for /%s there, or %s(./%s) for the one in the project", in, r.Tool, rest, rest, r.Tool, rest)}
}

// RuleError is a malformed rule.
type RuleError struct {
	Text string // the rule as written
	Msg  string // what is wrong with it
}

func (e *RuleError) Error() string { return fmt.Sprintf("malformed rule %q: %s", e.Text, e.Msg) }

// ParseRule parses a rule written as Tool or Tool(pattern). Tool names are
// Claude Code's or the seed's aliases, in any case; other names (future
// tools, MCP tools such as mcp__server__tool) are accepted as written.
// The pattern is compiled here, so a malformed glob or an unbalanced
// parenthesis is reported when the settings load, not when a call is
// checked.
func ParseRule(kind RuleKind, text string) (Rule, error) {
	text = strings.TrimSpace(text)
	r := Rule{Kind: kind, Text: text}
	bad := func(format string, a ...any) (Rule, error) {
		return Rule{}, &RuleError{Text: text, Msg: fmt.Sprintf(format, a...)}
	}
	if kind < RuleAllow || kind > RuleDeny {
		return bad("unknown rule kind %d", int(kind))
	}
	if text == "" {
		return bad("empty rule")
	}
	if len(text) > maxRuleLen {
		return bad("longer than %d bytes", maxRuleLen)
	}
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < 0x20 || c == 0x7f {
			return bad("control character %q at byte %d", c, i)
		}
	}
	name, pat, hasPat := text, "", false
	if open := strings.IndexByte(text, '('); open >= 0 {
		name, hasPat = text[:open], true
		if !strings.HasSuffix(text, ")") {
			if strings.LastIndexByte(text, ')') > open {
				return bad("unexpected text after \")\"")
			}
			return bad("missing \")\"")
		}
		pat = text[open+1 : len(text)-1]
	} else if strings.IndexByte(text, ')') >= 0 {
		return bad("\")\" without \"(\"")
	}
	if name == "" {
		return bad("missing tool name before \"(\"")
	}
	for i := 0; i < len(name); i++ {
		if !isToolNameByte(name[i]) {
			return bad("invalid tool name %q: only letters, digits, '_', '-' and '.' are allowed", name)
		}
	}
	var tk Kind
	r.Tool, tk = CanonicalTool(name)
	if tk == KindUnknown && kind != RuleAllow {
		// A deny or ask rule for a tool no call names matches nothing.
		if meant := misspeltTool(name); meant != "" {
			return bad("unknown tool %q: did you mean %s? (a misspelt tool name would leave the rule matching nothing)", name, meant)
		}
	}
	if !hasPat {
		return r, nil
	}
	pat = strings.TrimSpace(pat)
	if pat == "" {
		return bad("empty pattern: write %s alone to match every call", name)
	}
	if pat == "*" {
		return r, nil // Tool(*) is Tool.
	}
	r.Pattern = pat
	m, err := compilePattern(r.Tool, pat)
	if err != nil {
		return bad("%s", err.Error())
	}
	r.m = m
	return r, nil
}

// misspeltTool returns the known tool name (Claude Code's or a seed
// alias) that name, an unknown one, misspells, or "". LS is too short to
// tell a typo from another tool (Claude Code's LSP), and MCP tools are
// names of their own.
func misspeltTool(name string) string {
	if strings.HasPrefix(name, "mcp__") {
		return ""
	}
	for _, k := range slices.Sorted(maps.Keys(tools.get())) {
		if len(k) >= 4 && misspelt(name, k) {
			if t := tools.get()[k]; strings.EqualFold(t.name, k) {
				return t.name
			}
			return k
		}
	}
	return ""
}

func isToolNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.'
}

// canonicalKinds maps canonical tool names to their kinds, so that
// AppliesTo need not lower-case names on every call.
var canonicalKinds = lazy[map[string]Kind]{build: func() map[string]Kind {
	m := make(map[string]Kind, len(tools.get()))
	for _, t := range tools.get() {
		m[t.name] = t.kind
	}
	return m
}}

// mcpServer returns "mcp__server" for a tool named "mcp__server__tool",
// else "".
func mcpServer(tool string) string {
	if !strings.HasPrefix(tool, "mcp__") {
		return ""
	}
	i := strings.Index(tool[len("mcp__"):], "__")
	if i <= 0 {
		return ""
	}
	return tool[:len("mcp__")+i]
}

// AppliesTo reports whether the rule governs calls of tool, a canonical
// tool name. Read rules govern every read tool (Read, Glob, Grep, LS),
// Edit rules every edit tool (Write, Edit, MultiEdit, NotebookEdit), a rule
// naming an MCP server (mcp__server) every tool of that server; other
// rules govern the tool they name.
func (r *Rule) AppliesTo(tool string) bool {
	if r.Tool == tool {
		return true
	}
	switch r.Tool {
	case "Read":
		return canonicalKinds.get()[tool] == KindRead
	case "Edit":
		return canonicalKinds.get()[tool] == KindEdit
	}
	return mcpServer(tool) == r.Tool && r.Tool != ""
}

// patternClass says which matcher a rule's pattern uses.
type patternClass uint8

const (
	patOther  patternClass = iota // a tool mewsandbox does not model: kept as text
	patShell                      // Bash
	patPath                       // the read and edit tools
	patDomain                     // WebFetch
)

// ruleMatcher is a compiled pattern. It holds plain values only, so that
// rules compare with reflect.DeepEqual.
type ruleMatcher struct {
	class patternClass

	// Shell patterns, as symbols: literal bytes, shSep between words and
	// shStar for an unquoted '*'.
	sh []byte
	// shTail is sh followed by an optional " *" (a trailing " *" or ":*"
	// in the rule), tried when sh alone does not match; nil otherwise.
	shTail []byte
	// first is the pattern's first word when firstLit: a word without
	// wildcards that the command's first word must equal. Rules are
	// indexed by it.
	first    string
	firstLit bool
	// opts are the options a shell pattern of literal words names, one
	// for each letter of a cluster of short ones (-r, -f) and each long
	// one whole (--force); plain its other words in order, and optTail
	// whether a rest may follow them. A deny or ask rule meets a command
	// with those options in any order or spelling of clusters after the
	// same words (optionsMatch): Bash(rm -rf:*) meets rm -fr x and rm -r
	// -f x, Bash(git push --force:*) git push origin main --force.
	opts    []string
	plain   []string
	optTail bool

	// Path patterns: the directory the pattern is anchored at, how many
	// ".." steps above it, and the glob below it (with the optional
	// "/anything" tail appended); lit, the components before its first
	// wildcard, joined, unless the pattern floats (a name without /
	// matches at any depth).
	anchor   pathAnchor
	up       int
	glob     []gtok
	lit      string
	floating bool

	// Domain patterns: the domain and whether only its subdomains match.
	domain  string
	subOnly bool
}

func compilePattern(tool, pat string) (*ruleMatcher, error) {
	switch tool {
	case "Bash":
		return compileShell(pat)
	case "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "Glob", "Grep", "LS":
		return compilePath(pat)
	case "WebFetch":
		return compileDomain(pat)
	}
	if err := checkParens(pat, false); err != nil {
		return nil, err
	}
	return &ruleMatcher{class: patOther}, nil
}

// checkParens reports unbalanced parentheses; in shell patterns quoted and
// escaped ones do not count.
func checkParens(pat string, shellQuotes bool) error {
	depth := 0
	var quote byte
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if shellQuotes {
			switch {
			case quote == '\'':
				if c == '\'' {
					quote = 0
				}
				continue
			case c == '\\':
				i++
				continue
			case quote == '"':
				if c == '"' {
					quote = 0
				}
				continue
			case c == '\'' || c == '"':
				quote = c
				continue
			}
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return fmt.Errorf("unbalanced parentheses: \")\" at byte %d has no \"(\"", i)
			}
		}
	}
	if quote != 0 {
		return fmt.Errorf("unterminated %c quote", quote)
	}
	if depth > 0 {
		return fmt.Errorf("unbalanced parentheses: %d \"(\" not closed", depth)
	}
	return nil
}

// ---- Shell patterns -----------------------------------------------------

// Symbols of shell patterns and subjects. Rule text holds no control
// characters and literal subject words holding one are treated as unknown,
// so these never collide with text.
const (
	shSep  = 0x00 // between two words
	shStar = 0x01 // pattern: any text, spaces included
	shWild = 0x02 // subject: a word whose value is unknown
	shOpen = 0x03 // subject: unknown words appended at run time (xargs)
)

// namesNoCommand reports whether r, a Bash rule, allows commands
// whatever program they run: it has no pattern, or one that begins with
// a wildcard (*-*, *build: any program whose line has a dash, or ends in
// build) or holds no literal character, which meets every command (*,
// * *, and *"" or ""*, whose empty quotes leave a lone *) or every one
// with an argument (* ""*). Judged on the compiled pattern, not its text,
// which can spell a wildcard in more ways than a list of them holds.
func (r *Rule) namesNoCommand() bool {
	if r.m == nil {
		return true
	}
	sh := r.m.sh
	return len(sh) > 0 && sh[0] == shStar || len(bytes.Trim(sh, string([]byte{shSep, shStar}))) == 0
}

// compileShell splits a shell pattern into words the way the shell would
// (quotes and backslashes group and escape), so that a pattern is compared
// word by word with a command and a quoted space in a command can never
// pass for a word boundary.
func compileShell(pat string) (*ruleMatcher, error) {
	if err := checkParens(pat, true); err != nil {
		return nil, err
	}
	var words [][]byte
	var cur []byte
	inWord := false
	var quote byte
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur = append(cur, c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(pat) && strings.IndexByte("$`\"\\", pat[i+1]) >= 0:
				i++
				cur = append(cur, pat[i])
			default:
				cur = append(cur, c)
			}
		case c == ' ':
			if inWord {
				words = append(words, cur)
				cur, inWord = nil, false
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\':
			inWord = true
			if i+1 < len(pat) {
				i++
				cur = append(cur, pat[i])
			} else {
				cur = append(cur, c)
			}
		case c == '*':
			inWord = true
			cur = append(cur, shStar)
		default:
			inWord = true
			cur = append(cur, c)
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if inWord {
		words = append(words, cur)
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty pattern")
	}
	m := &ruleMatcher{class: patShell}
	// A trailing " *" or ":*" is an optional rest of the command that must
	// start at a word boundary: "ls *" and "ls:*" match ls and ls -la, not
	// lsof.
	tail := false
	if n := len(words); n > 1 && len(words[n-1]) == 1 && words[n-1][0] == shStar {
		words, tail = words[:n-1], true
	} else if last := words[n-1]; len(last) >= 2 && last[len(last)-1] == shStar && last[len(last)-2] == ':' {
		words[n-1], tail = last[:len(last)-2], true
		if len(words[n-1]) == 0 {
			words = words[:n-1]
			if len(words) == 0 {
				return nil, fmt.Errorf("empty command before \":*\"")
			}
		}
	}
	for i, w := range words {
		if i > 0 {
			m.sh = append(m.sh, shSep)
		}
		m.sh = append(m.sh, w...)
	}
	if m.sh == nil {
		m.sh = []byte{}
	}
	if tail {
		m.shTail = append(append(append([]byte{}, m.sh...), shSep), shStar)
	}
	if len(words) > 0 && len(words[0]) > 0 && strings.IndexByte(string(words[0]), shStar) < 0 {
		m.first, m.firstLit = string(words[0]), true
	}
	if m.firstLit && bytes.IndexByte(m.sh, shStar) < 0 {
		ended := false
		for _, w := range words {
			switch t := string(w); {
			case !ended && t == "--":
				ended = true
			case ended || len(t) < 2 || t[0] != '-':
				m.plain = append(m.plain, t)
			case t[1] == '-':
				name, _, _ := strings.Cut(t, "=")
				m.opts = append(m.opts, name)
			default:
				for k := 1; k < len(t); k++ {
					m.opts = append(m.opts, "-"+t[k:k+1])
				}
			}
		}
		if len(m.opts) == 0 {
			m.plain = nil
		}
		m.optTail = tail
	}
	return m, nil
}

// optionsMatch reports whether v, a subject's variant, holds m's options
// (opts) in any order, short ones in any cluster, after m's other words
// (plain) in order, as the only words not options up to where the rule
// ends (optTail lets more follow). A variant with a word only known at
// run time or words appended at run time is left to the plain match.
func (m *ruleMatcher) optionsMatch(v []byte) bool {
	if len(m.opts) == 0 || bytes.IndexByte(v, shWild) >= 0 || bytes.IndexByte(v, shOpen) >= 0 {
		return false
	}
	k := 0
	ended := false
	for w := range bytes.SplitSeq(v, []byte{shSep}) {
		switch {
		case !ended && string(w) == "--":
			ended = true
		case ended || len(w) < 2 || w[0] != '-':
			if k == len(m.plain) {
				if !m.optTail {
					return false
				}
			} else if string(w) != m.plain[k] {
				return false
			} else {
				k++
			}
		}
	}
	if k < len(m.plain) {
		return false
	}
	for _, o := range m.opts {
		if !hasOption(v, o) && !slices.ContainsFunc(optionSynonyms(m.plain, o), func(s string) bool { return hasOption(v, s) }) {
			return false
		}
	}
	return true
}

// optionSynonyms returns the other spellings of option o of the command
// whose first words are plain, for programs whose short and long
// options are known: a deny or ask rule that names one meets them all
// (Bash(rm -rf:*) denies rm -R --force x, Bash(git push --force:*) git
// push -f and git push origin +main, "+" standing for a refspec that
// forces). It may match more than the program would take as the same
// (--force-with-lease forces only when the remote is as expected): that
// only fails safe, and allow rules never read it.
func optionSynonyms(plain []string, o string) []string {
	if len(plain) == 0 {
		return nil
	}
	cmd := plain[0]
	if cmd == "git" && len(plain) > 1 {
		cmd += " " + plain[1]
	}
	for _, e := range synonymTable {
		if e.cmd != cmd {
			continue
		}
		for _, g := range e.groups {
			if slices.Contains(g, o) {
				return g
			}
		}
	}
	return nil
}

// synonymTable: the spellings, short and long, of the options of the
// commands deny rules are most often written for.
var synonymTable = [...]struct {
	cmd    string
	groups [][]string
}{
	{"rm", [][]string{{"-r", "-R", "--recursive"}, {"-f", "--force"}}},
	{"cp", [][]string{{"-r", "-R", "--recursive"}, {"-f", "--force"}}},
	{"mv", [][]string{{"-f", "--force"}}},
	{"ln", [][]string{{"-s", "--symbolic"}, {"-f", "--force"}}},
	{"chmod", [][]string{{"-R", "--recursive"}}},
	{"chown", [][]string{{"-R", "--recursive"}}},
	{"chgrp", [][]string{{"-R", "--recursive"}}},
	{"git push", [][]string{{"-f", "--force", "--force-with-lease", "--force-if-includes", "--mirror", "+"}, {"-d", "--delete"}}},
	{"git clean", [][]string{{"-f", "--force"}}},
	{"git checkout", [][]string{{"-f", "--force"}}},
	{"git add", [][]string{{"-A", "--all"}, {"-f", "--force"}}},
	{"git commit", [][]string{{"-a", "--all"}, {"-n", "--no-verify"}}},
	{"git branch", [][]string{{"-D", "-d", "--delete"}, {"-f", "--force"}}},
}

// hasOption reports whether v, a subject's variant, holds option o before
// any "--": a long one whole or with "=VALUE", a short one's letter in a
// cluster.
func hasOption(v []byte, o string) bool {
	for w := range bytes.SplitSeq(v, []byte{shSep}) {
		switch {
		case o == "+":
			if len(w) > 1 && w[0] == '+' {
				return true // git push origin +main
			}
		case string(w) == "--":
			return false
		case len(o) > 2:
			name, _, _ := bytes.Cut(w, []byte("="))
			if len(name) > 2 && name[0] == '-' && name[1] == '-' && strings.HasPrefix(o, string(name)) {
				return true // whole, or abbreviated as getopt and git take it (--forc)
			}
		case len(w) >= 2 && w[0] == '-' && w[1] != '-':
			if bytes.IndexByte(w[1:], o[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// RuleWouldAllow reports whether allow rule text, added to e's rules,
// has e allow c with no session's approvals: whether an "always" approval
// written as that rule lets c run unasked in a later session. It does not
// where a word of c is only known at run time (rm *.tmp: allow rules
// match only words they can prove) or a check asks whatever an allow rule
// says. within, when not "", is the project root the rule will be
// confined to: the prompt writes it to the project's local file, which an
// untrusted project's loading confines (Settings.ConfineRules), so that
// rm -rf ~/work or git push approved "always" there would ask again.
func (e *Engine) RuleWouldAllow(text string, c Call, within string) bool {
	r, err := ParseRule(RuleAllow, text)
	if err != nil {
		return false
	}
	r.within = within
	later := Engine{
		Rules:    Rules{Allow: append(slices.Clip(e.Rules.Allow), r), Ask: e.Rules.Ask, Deny: e.Rules.Deny},
		Mode:     e.Mode,
		Env:      e.Env,
		PlanFile: e.PlanFile,
		Exists:   e.Exists,
		Follow:   e.Follow,
		FoldCase: e.FoldCase,
	}
	return later.Check(c).Decision == Allow
}

// ExactShellRule returns the Bash rule that matches command as written and
// nothing more: an approval given "always" at a terminal. In a rule an
// unquoted '*' is any text, spaces included, so "rm *.tmp" written as it
// is would allow "rm -rf work x.tmp"; here every '*' outside quotes is
// escaped, as compileShell reads it, and the shell's own quoting, which
// rules read as the shell does, is kept.
func ExactShellRule(command string) string {
	var b strings.Builder
	b.WriteString("Bash(")
	var quote byte
	for i := 0; i < len(command); i++ {
		c := command[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote == '"':
			if c == '"' {
				quote = 0
			} else if c == '\\' && i+1 < len(command) {
				b.WriteByte(c)
				i++
				c = command[i]
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\' && i+1 < len(command):
			b.WriteByte(c)
			i++
			c = command[i]
		case c == '*':
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	b.WriteByte(')')
	return b.String()
}

// shellMatch reports whether pattern p matches subject s. With could set
// (deny and ask rules) an unknown subject word matches any text and
// unknown appended words may be anything; without it (allow rules) the
// match must hold whatever their values are, so only a '*' of the pattern
// may cover them.
func shellMatch(p, s []byte, unknown, could bool) bool {
	if !unknown {
		return globBytes(p, s)
	}
	return shellDP(p, s, could)
}

// globBytes matches a pattern whose only wildcard is shStar against a
// fully literal subject, in linear time for the common case.
func globBytes(p, s []byte) bool {
	pi, si := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == shStar:
			starP, starS = pi, si
			pi++
		case pi < len(p) && p[pi] == s[si]:
			pi++
			si++
		case starP >= 0:
			pi = starP + 1
			starS++
			si = starS
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == shStar {
		pi++
	}
	return pi == len(p)
}

// shellDP matches a pattern against a subject holding unknown words: a
// breadth-first walk over pattern positions, one subject symbol at a time.
func shellDP(p, s []byte, could bool) bool {
	var bufA, bufB [128]bool
	cur, next := bufA[:], bufB[:]
	if len(p)+1 > len(bufA) {
		cur, next = make([]bool, len(p)+1), make([]bool, len(p)+1)
	}
	cur, next = cur[:len(p)+1], next[:len(p)+1]
	clear(cur)
	cur[0] = true
	for j := 0; ; j++ {
		wild := could && j < len(s) && s[j] == shWild
		for i := 0; i < len(p); i++ {
			// A star may match nothing; an unknown word may stand for
			// any part of the pattern.
			if cur[i] && (p[i] == shStar || wild) {
				cur[i+1] = true
			}
		}
		if j == len(s) {
			return cur[len(p)]
		}
		sj := s[j]
		if sj == shOpen && could {
			// Unknown words may follow: a match if the pattern can end
			// here or go on at a word boundary or a star.
			for i := 0; i <= len(p); i++ {
				if cur[i] && (i == len(p) || p[i] == shSep || p[i] == shStar) {
					return true
				}
			}
			return false
		}
		clear(next)
		alive := false
		for i := 0; i <= len(p); i++ {
			if !cur[i] {
				continue
			}
			if wild {
				next[i], alive = true, true // the unknown word ends here
				continue
			}
			if i < len(p) && p[i] == shStar {
				next[i], alive = true, true // a star covers s[j], whatever it is
			}
			if i < len(p) && p[i] == sj && sj != shWild && sj != shOpen {
				next[i+1], alive = true, true
			}
			if could && sj == shSep && (j > 0 && s[j-1] == shWild || j+1 < len(s) && s[j+1] == shWild) {
				// An unquoted unknown word may expand to nothing,
				// taking a word boundary with it.
				next[i], alive = true, true
			}
		}
		if !alive {
			return false
		}
		cur, next = next, cur
	}
}

// harmlessWrappers run the command they wrap with nothing but timing,
// priority or buffering changed, so an allow rule for the command also
// allows it behind them. sudo, doas, env, exec and xargs change who runs
// it, its environment or its arguments: an allow rule never reaches
// through them.
var harmlessWrappers = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"timeout": true, "nice": true, "nohup": true, "time": true, "stdbuf": true}
}}

// otherWrapper reports whether b, a word's base name, names a wrapper the
// shell analysis looks through (wrapperSpecOf) that is not harmless.
func otherWrapper(b string) bool {
	return !harmlessWrappers.get()[b] && wrapperSpecOf(strings.ToLower(b)) != nil
}

// cmdSubject is a simple command encoded for shell matching, once for all
// the rules it is matched against.
type cmdSubject struct {
	// variants: 0 the full command, 1 the full command with its name's
	// directory dropped, 2 the command behind wrappers, 3 the same with its
	// directory dropped, 4 git behind wrappers with its global options
	// removed (`git -C . push` as `git push`; deny and ask rules only);
	// then, for each language launcher behind a wrapper (c.Launchers),
	// the command from the launcher on, and the same with its directory
	// dropped (`env npx cowsay` as `npx cowsay`). nil when absent or equal
	// to an earlier one.
	v       [][]byte
	unknown []bool // the variant holds shWild or shOpen
	first   []string
	firstOK []bool // first is a literal word
	// allowVariant is the variant allow rules match (0, 2, or a
	// launcher's: see allowStart), -1 for none.
	allowVariant int
	// The slices above for up to one launcher, in the subject itself: one
	// allocation per command, as before launchers.
	vs  [7][]byte
	uns [7]bool
	fs  [7]string
	fok [7]bool
}

// launchVariant is the variant of cmdSubject that encodes c.Words[l:] for
// c.Launchers[k] = l (k+1 with its directory dropped).
func launchVariant(k int) int { return 5 + 2*k }

func newCmdSubject(c SimpleCommand) *cmdSubject {
	n := launchVariant(len(c.Launchers))
	s := &cmdSubject{allowVariant: -1}
	if n <= len(s.vs) {
		s.v, s.unknown, s.first, s.firstOK = s.vs[:n], s.uns[:n], s.fs[:n], s.fok[:n]
	} else {
		s.v, s.unknown, s.first, s.firstOK = make([][]byte, n), make([]bool, n), make([]string, n), make([]bool, n)
	}
	inner := c.Inner
	if inner > len(c.Words) {
		inner = len(c.Words)
	}
	size := 8
	for _, w := range c.Words {
		size += len(w.Text) + 1
	}
	buf := make([]byte, 0, n*size)
	enc := func(i int, words []Word, base bool) {
		start := len(buf)
		unknown := false
		for k, w := range words {
			if k > 0 {
				buf = append(buf, shSep)
			}
			t := w.Text
			if k == 0 && base {
				t = baseName(t)
			}
			if !w.Literal || hasSymbolByte(t) {
				buf = append(buf, shWild)
				unknown = true
				continue
			}
			buf = append(buf, t...)
			if k == 0 {
				s.first[i], s.firstOK[i] = t, true
			}
		}
		if c.OpenArgs {
			buf = append(buf, shOpen)
			unknown = true
		}
		s.v[i] = buf[start:len(buf):len(buf)]
		s.unknown[i] = unknown
	}
	hasDir := func(w Word) bool { return w.Literal && strings.IndexByte(w.Text, '/') >= 0 }
	enc(0, c.Words, false)
	if len(c.Words) > 0 && hasDir(c.Words[0]) {
		enc(1, c.Words, true)
	}
	if inner > 0 {
		enc(2, c.Words[inner:], false)
		if inner < len(c.Words) && hasDir(c.Words[inner]) {
			enc(3, c.Words[inner:], true)
		}
	}
	if sub, rest, _, ok := gitArgs(c); ok && inner < len(c.Words) && sub.Text != "" && len(rest)+2 < len(c.Words)-inner {
		// One implementation of git's global options: gitArgs.
		ws := make([]Word, 0, len(rest)+2)
		ws = append(ws, Word{Text: "git", Literal: true}, sub)
		enc(4, append(ws, rest...), false)
	}
	for k, l := range c.Launchers {
		if l > 0 && l < inner {
			enc(launchVariant(k), c.Words[l:], false)
			if hasDir(c.Words[l]) {
				enc(launchVariant(k)+1, c.Words[l:], true)
			}
		}
	}
	switch a := allowStart(c); {
	case a == 0:
		s.allowVariant = 0
	case a == inner:
		s.allowVariant = 2
	case a > 0 && len(c.Launchers) > 0 && a == c.Launchers[0]:
		s.allowVariant = launchVariant(0)
	}
	return s
}

// allowStart is the index of the word where allow rules match c: 0, the
// whole command, when no wrapper runs it; Inner behind harmless wrappers;
// the first language launcher's (c.Launchers[0]) where only harmless
// wrappers come before it and only launchers and harmless wrappers after
// (`Bash(uv run:*)` matches `uv run pytest` and `timeout 5 uv run pytest`,
// and `Bash(pytest:*)` does not: uv may install what runs; nor does
// `Bash(timeout:*)`, which covers no command timeout runs); -1 behind any
// other.
func allowStart(c SimpleCommand) int {
	inner := min(c.Inner, len(c.Words))
	switch {
	case inner == 0:
		return 0
	case harmlessPrefix(c.Words[:inner]):
		return inner
	case len(c.Launchers) > 0:
		if l := c.Launchers[0]; l < inner && harmlessPrefix(c.Words[:l]) && launchedPrefix(c.Words[l:inner]) {
			return l
		}
	}
	return -1
}

// launchedPrefix reports whether the words before a command, from a
// language launcher on, are language launchers (uv run, npx) and harmless
// wrappers with their options, the first a launcher, no word naming
// another wrapper.
func launchedPrefix(ws []Word) bool {
	for i, w := range ws {
		if !w.Literal {
			return false
		}
		b := strings.ToLower(baseName(w.Text))
		if i == 0 && launcherOf(b) == nil {
			return false
		}
		if otherWrapper(b) || slices.Contains(privilegedNames, b) {
			return false
		}
	}
	return true
}

func hasSymbolByte(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] <= shOpen {
			return true
		}
	}
	return false
}

// harmlessPrefix reports whether the wrapper words before a command are
// harmless wrappers with their options: every word literal, the first a
// harmless wrapper, and no word naming a wrapper that is not harmless
// (timeout 5 sudo rm is not harmless).
func harmlessPrefix(ws []Word) bool {
	if len(ws) == 0 {
		return true
	}
	for i, w := range ws {
		if !w.Literal {
			return false
		}
		b := baseName(w.Text)
		if i == 0 && !harmlessWrappers.get()[b] {
			return false
		}
		if otherWrapper(b) || launcherOf(strings.ToLower(b)) != nil {
			return false
		}
	}
	return true
}

// MatchCommand reports whether the rule matches the simple command c. A
// Bash rule without a pattern matches every command; a rule for another
// tool none.
//
// Deny and ask rules match when the command could be what the pattern
// says: an unknown word ($DIR, $(cmd)) may stand for any text, arguments
// xargs appends may be anything, and they are tried on the command as
// written, behind its wrappers (sudo rm) and with the command name's
// directory dropped (/bin/rm). Allow rules match only when the command
// provably is what the pattern says: every word literal, or covered by a
// '*' of the pattern; they look behind harmless wrappers only (timeout,
// nice, nohup, time, stdbuf), never behind sudo, doas, env, exec or xargs.
func (r *Rule) MatchCommand(c SimpleCommand) bool {
	if r.Tool != "Bash" {
		return false
	}
	if r.Pattern == "" {
		return true
	}
	m := r.matcher()
	if m == nil {
		return r.Kind != RuleAllow
	}
	// Most rules name a different command: reject them before encoding.
	if m.firstLit && !firstWordMayBe(c, m.first, r.Kind != RuleAllow) {
		return false
	}
	return r.matchSubject(m, newCmdSubject(c))
}

// firstWordMayBe reports whether a variant of c may start with the word
// first.
func firstWordMayBe(c SimpleCommand, first string, could bool) bool {
	check := func(i int, base bool) bool {
		if i >= len(c.Words) {
			return c.OpenArgs && could
		}
		w := c.Words[i]
		if !w.Literal {
			return could
		}
		if w.Text == first {
			return true
		}
		return base && baseName(w.Text) == first
	}
	if !could {
		if s := allowStart(c); s >= 0 {
			return check(s, false)
		}
		return false
	}
	if check(0, true) || c.Inner > 0 && check(c.Inner, true) {
		return true
	}
	for _, l := range c.Launchers {
		if l > 0 && l < c.Inner && check(l, true) {
			return true
		}
	}
	return false
}

func (r *Rule) matchSubject(m *ruleMatcher, s *cmdSubject) bool {
	try := func(i int, could bool) bool {
		if shellMatch(m.sh, s.v[i], s.unknown[i], could) {
			return true
		}
		return m.shTail != nil && shellMatch(m.shTail, s.v[i], s.unknown[i], could)
	}
	if r.Kind == RuleAllow {
		return s.allowVariant >= 0 && s.v[s.allowVariant] != nil && try(s.allowVariant, false)
	}
	for i := range s.v {
		if s.v[i] != nil && (try(i, true) || m.optionsMatch(s.v[i])) {
			return true
		}
	}
	return false
}

// matcher returns the compiled pattern, compiling it when the rule was
// built by hand rather than by ParseRule; nil when it does not compile.
func (r *Rule) matcher() *ruleMatcher {
	if r.m != nil || r.Pattern == "" {
		return r.m
	}
	m, err := compilePattern(r.Tool, r.Pattern)
	if err != nil {
		return nil
	}
	return m
}

// ---- Path patterns ------------------------------------------------------

// pathAnchor says which directory a path pattern is relative to.
type pathAnchor uint8

const (
	anchorCwd  pathAnchor = iota // "./path" or "path": the working directory
	anchorAbs                    // "//path": the file system root
	anchorHome                   // "~/path": the home directory
	anchorBase                   // "/path": the settings file's project
)

// Glob token operations.
const (
	gLit   uint8 = iota // the byte b
	gStar               // any bytes but '/'
	gDStar              // any bytes
	gQ                  // one byte but '/'
	gClass              // one byte but '/' in the set
	gSkip               // an optional group: the next n tokens may be skipped
)

// gtok is one token of a compiled path glob.
type gtok struct {
	op  uint8
	b   byte
	n   uint8     // gSkip: the group's length
	neg bool      // gClass: the set is negated
	set *[32]byte // gClass: a bit per byte value
}

// optionalRest is "(/anything)?": appended to every path glob, because a
// pattern that matches a directory matches everything below it.
var optionalRest = []gtok{{op: gSkip, n: 2}, {op: gLit, b: '/'}, {op: gDStar}}

// anyDirs is "(anything/)?", what "**/" matches.
var anyDirs = []gtok{{op: gSkip, n: 2}, {op: gDStar}, {op: gLit, b: '/'}}

// compilePath compiles a gitignore-style path pattern: '*' and '?' within
// a path component, '[...]' sets, '**' for any number of components. A
// pattern without a '/' and without an anchor matches that name at any
// depth, like a .gitignore line.
func compilePath(pat string) (*ruleMatcher, error) {
	if err := checkParens(pat, false); err != nil {
		return nil, err
	}
	m := &ruleMatcher{class: patPath}
	rest := pat
	switch {
	case strings.HasPrefix(pat, "//"):
		m.anchor, rest = anchorAbs, pat[2:]
	case pat == "~" || strings.HasPrefix(pat, "~/"):
		m.anchor, rest = anchorHome, strings.TrimPrefix(pat[1:], "/")
	case strings.HasPrefix(pat, "/"):
		m.anchor, rest = anchorBase, pat[1:]
	case pat == "." || strings.HasPrefix(pat, "./"):
		m.anchor, rest = anchorCwd, strings.TrimPrefix(pat[1:], "/")
	default:
		m.anchor = anchorCwd
	}
	trimmed := strings.TrimRight(rest, "/")
	floating := rest == pat && strings.IndexByte(trimmed, '/') < 0 && trimmed != ".."
	var segs []string
	for _, seg := range strings.Split(trimmed, "/") {
		switch {
		case seg == "" || seg == ".":
		case seg == "..":
			if len(segs) == 0 {
				m.up++
				continue
			}
			if prev := segs[len(segs)-1]; hasGlobMeta(prev) {
				return nil, fmt.Errorf("invalid glob: \"..\" after the wildcard component %q", prev)
			}
			segs = segs[:len(segs)-1]
		default:
			segs = append(segs, seg)
		}
	}
	// "dir/**" is the directory and everything below it, which the
	// optional rest appended to every pattern already says.
	for len(segs) > 0 && segs[len(segs)-1] == "**" {
		segs = segs[:len(segs)-1]
	}
	m.floating = floating
	for _, seg := range segs {
		if hasGlobMeta(seg) {
			break
		}
		m.lit = path.Join(m.lit, seg)
	}
	if len(segs) == 0 {
		return m, nil // the anchor directory and everything below it
	}
	var toks []gtok
	if floating {
		toks = append(toks, anyDirs...)
	}
	for i, seg := range segs {
		if seg == "**" {
			toks = append(toks, anyDirs...)
			continue
		}
		t, err := compileSegment(seg)
		if err != nil {
			return nil, err
		}
		toks = append(toks, t...)
		if i < len(segs)-1 {
			toks = append(toks, gtok{op: gLit, b: '/'})
		}
	}
	if len(toks) > 0 {
		m.glob = append(toks, optionalRest...)
	}
	return m, nil
}

func hasGlobMeta(s string) bool { return strings.ContainsAny(s, "*?[\\") }

// compileSegment compiles one path component of a glob.
func compileSegment(seg string) ([]gtok, error) {
	var toks []gtok
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		switch c {
		case '*':
			// "**" inside a component is a plain '*', as in .gitignore.
			for i+1 < len(seg) && seg[i+1] == '*' {
				i++
			}
			toks = append(toks, gtok{op: gStar})
		case '?':
			toks = append(toks, gtok{op: gQ})
		case '\\':
			if i+1 == len(seg) {
				return nil, fmt.Errorf("invalid glob: trailing backslash in %q", seg)
			}
			i++
			toks = append(toks, gtok{op: gLit, b: seg[i]})
		case '[':
			t, n, err := compileClass(seg[i:])
			if err != nil {
				return nil, fmt.Errorf("invalid glob %q: %w", seg, err)
			}
			toks = append(toks, t)
			i += n - 1
		default:
			toks = append(toks, gtok{op: gLit, b: c})
		}
	}
	return toks, nil
}

// compileClass compiles a "[...]" set at the start of s and returns it
// with the number of bytes it spans.
func compileClass(s string) (gtok, int, error) {
	t := gtok{op: gClass, set: new([32]byte)}
	i := 1
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		t.neg = true
		i++
	}
	first := true
	for {
		if i >= len(s) {
			return t, 0, fmt.Errorf("missing \"]\"")
		}
		c := s[i]
		if c == ']' && !first {
			return t, i + 1, nil
		}
		first = false
		if c == '\\' {
			if i+1 >= len(s) {
				return t, 0, fmt.Errorf("missing \"]\"")
			}
			i++
			c = s[i]
		}
		lo, hi := c, c
		if i+2 < len(s) && s[i+1] == '-' && s[i+2] != ']' {
			hi = s[i+2]
			if hi == '\\' {
				if i+3 >= len(s) {
					return t, 0, fmt.Errorf("missing \"]\"")
				}
				hi = s[i+3]
				i++
			}
			i += 2
			if hi < lo {
				return t, 0, fmt.Errorf("range %c-%c is backwards", lo, hi)
			}
		}
		for b := int(lo); b <= int(hi); b++ {
			t.set[b/8] |= 1 << (b % 8)
		}
		i++
	}
}

func (t *gtok) classHas(c byte) bool {
	return t.set[c/8]&(1<<(c%8)) != 0 != t.neg
}

// pathWild stands for an unknown part of a path in a subject; it may be
// any text, '/' included.
const pathWild = 0x02

// advance moves state i of a glob automaton past byte c on token t,
// marking the states it reaches in next; it reports whether any.
func (t *gtok) advance(c byte, i int, next []bool) bool {
	switch t.op {
	case gLit:
		if t.b != c {
			return false
		}
		next[i+1] = true
	case gStar:
		if c == '/' {
			return false
		}
		next[i] = true
	case gDStar:
		next[i] = true
	case gQ:
		if c == '/' {
			return false
		}
		next[i+1] = true
	case gClass:
		if c == '/' || !t.classHas(c) {
			return false
		}
		next[i+1] = true
	default:
		return false
	}
	return true
}

// globMatch reports whether the tokens match s. With could set, pathWild
// bytes of s stand for any text.
func globMatch(toks []gtok, s string, could bool) bool {
	var bufA, bufB [96]bool
	cur, next := bufA[:], bufB[:]
	if len(toks)+1 > len(bufA) {
		cur, next = make([]bool, len(toks)+1), make([]bool, len(toks)+1)
	}
	cur, next = cur[:len(toks)+1], next[:len(toks)+1]
	clear(cur)
	cur[0] = true
	for j := 0; ; j++ {
		wild := could && j < len(s) && s[j] == pathWild
		for i, t := range toks {
			if !cur[i] {
				continue
			}
			switch {
			case wild || t.op == gStar || t.op == gDStar:
				cur[i+1] = true
			case t.op == gSkip:
				cur[i+1] = true
				cur[i+1+int(t.n)] = true
			}
		}
		if j == len(s) {
			return cur[len(toks)]
		}
		if wild {
			continue // the unknown part ends here, having covered cur
		}
		c := s[j]
		clear(next)
		alive := false
		for i, t := range toks {
			if !cur[i] {
				continue
			}
			if t.advance(c, i, next) {
				alive = true
			}
		}
		if !alive {
			return false
		}
		cur, next = next, cur
	}
}

// globMatchPrefixed reports whether the literal dir, followed by a '/'
// when slash is set, then the tokens, match the template s, whose pathWild
// bytes stand for any text. It is globMatch on the tokens that spell the
// literal out, without building them.
func globMatchPrefixed(dir string, slash bool, toks []gtok, s string) bool {
	n := len(dir)
	if slash {
		n++
	}
	lit := func(i int) byte {
		if i < len(dir) {
			return dir[i]
		}
		return '/'
	}
	// Up to the template's first unknown part, each byte must be the
	// literal's.
	k := 0
	for k < len(s) && k < n && s[k] != pathWild {
		if s[k] != lit(k) {
			return false
		}
		k++
	}
	if k == n {
		return globMatch(toks, s[n:], true)
	}
	if k == len(s) {
		return false // the literal goes on, the template ends
	}
	// An unknown part within the literal: match the rest of the literal
	// and the tokens together, by the same walk as globMatch. Position i
	// < n is the literal's byte i; i >= n is toks[i-n].
	total := n + len(toks)
	var bufA, bufB [256]bool
	cur, next := bufA[:], bufB[:]
	if total+1 > len(bufA) {
		cur, next = make([]bool, total+1), make([]bool, total+1)
	}
	cur, next = cur[:total+1], next[:total+1]
	clear(cur)
	cur[k] = true
	for j := k; ; j++ {
		wild := j < len(s) && s[j] == pathWild
		for i := k; i < total; i++ {
			if !cur[i] {
				continue
			}
			if wild {
				cur[i+1] = true
				continue
			}
			if i < n {
				continue
			}
			switch t := &toks[i-n]; t.op {
			case gStar, gDStar:
				cur[i+1] = true
			case gSkip:
				cur[i+1] = true
				cur[i+1+int(t.n)] = true
			}
		}
		if j == len(s) {
			return cur[total]
		}
		if wild {
			continue
		}
		c := s[j]
		clear(next)
		alive := false
		for i := k; i < total; i++ {
			if !cur[i] {
				continue
			}
			if i < n {
				if lit(i) == c {
					next[i+1], alive = true, true
				}
				continue
			}
			if toks[i-n].advance(c, i, next) {
				alive = true
			}
		}
		if !alive {
			return false
		}
		cur, next = next, cur
	}
}

// anchorDir returns the absolute directory the pattern is relative to, or
// "" when env does not say.
func (r *Rule) anchorDir(m *ruleMatcher, env PathEnv) string {
	var dir string
	switch m.anchor {
	case anchorAbs:
		dir = "/"
	case anchorHome:
		dir = env.Home
	case anchorBase:
		dir = r.Base
		if dir == "" {
			dir = env.Root
		}
		if dir == "" {
			dir = env.Cwd
		}
	default:
		dir = env.Cwd
	}
	if !strings.HasPrefix(dir, "/") {
		return ""
	}
	if m.up > 0 || !isClean(dir) {
		dir = path.Clean(dir)
	}
	for range m.up {
		dir = path.Dir(dir)
	}
	return dir
}

// isClean reports, cheaply, whether the absolute path p is what path.Clean
// would return: no "//", no "." or ".." element, no trailing slash.
func isClean(p string) bool {
	if p == "/" {
		return true
	}
	if p[len(p)-1] == '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		rest := p[i+1:]
		if rest == "" || rest[0] == '/' || rest == "." || rest == ".." ||
			strings.HasPrefix(rest, "./") || strings.HasPrefix(rest, "../") {
			return false
		}
	}
	return true
}

// MatchPath reports whether the rule matches the path w names, resolved
// against env. A literal word is resolved to a clean absolute path first,
// so "src/../../etc/passwd" is /etc/passwd whatever the rule. A word only
// known at run time ($DIR/x, $(pwd)/x, *.key) matches a deny or ask rule
// when it could name a matching path, and never matches an allow rule.
// A rule for a tool without paths matches no path; a rule without a
// pattern matches every path.
func (r *Rule) MatchPath(w Word, env PathEnv) bool {
	if !w.Literal {
		return r.matchTemplate(pathTemplate(w.Text, env), env)
	}
	p := env.Resolve(w.Text)
	if strings.HasPrefix(p, "/") {
		return r.matchAbsPath(p, env)
	}
	// Without a working or home directory where the path lies is unknown.
	return r.matchTemplate(unrooted(p), env)
}

// matchTemplate is MatchPath for a word that is not a known absolute path,
// given as its template (pathTemplate, unrooted): the engine builds the
// template of each word once and tries it against many rules. Rules still
// anchor at env.
func (r *Rule) matchTemplate(t string, env PathEnv) bool {
	if r.Pattern == "" {
		return r.Tool != "Bash" && r.Tool != "WebFetch"
	}
	m := r.matcher()
	if m == nil {
		return r.Kind != RuleAllow
	}
	if m.class != patPath || r.Kind == RuleAllow {
		return false
	}
	dir := r.anchorDir(m, env)
	switch {
	case dir == "":
		return false
	case m.glob != nil:
		// The pattern with its anchor spelled out, matched against the
		// template in full.
		return globMatchPrefixed(dir, dir != "/", m.glob, t)
	case dir == "/":
		return strings.HasPrefix(t, "/") || strings.HasPrefix(t, string(rune(pathWild)))
	}
	// The directory itself, or anything below it.
	return globMatchPrefixed(dir, false, optionalRest, t)
}

// literalPath returns the path a path rule names before its first
// wildcard, anchored in env (./secrets/** the working directory's
// secrets); false for a rule that is no path rule or floats.
func (r *Rule) literalPath(env PathEnv) (string, bool) {
	m := r.matcher()
	if m == nil || m.class != patPath || m.floating {
		return "", false
	}
	dir := r.anchorDir(m, env)
	if dir == "" {
		return "", false
	}
	return path.Join(dir, m.lit), true
}

// keeps reports whether the rule lets a command it allows write the file
// abs (a clean absolute path; "" for one only known at run time): any
// file, but for a project's own rule (within) those in the project only.
func (r *Rule) keeps(abs string) bool {
	return r.within == "" || abs != "" && within(abs, r.within)
}

// matchAbsPath is MatchPath for a literal word already resolved to the
// absolute, clean path p: the engine resolves each path once and tries it
// against many rules.
func (r *Rule) matchAbsPath(p string, env PathEnv) bool {
	if !r.keeps(p) {
		return false
	}
	if r.Pattern == "" {
		return r.Tool != "Bash" && r.Tool != "WebFetch"
	}
	m := r.matcher()
	if m == nil {
		return r.Kind != RuleAllow
	}
	if m.class != patPath {
		return false
	}
	dir := r.anchorDir(m, env)
	return dir != "" && matchBelow(m, dir, p)
}

// matchBelow matches the absolute path p against a path pattern anchored
// at dir.
func matchBelow(m *ruleMatcher, dir, p string) bool {
	var rel string
	switch {
	case dir == "/":
		rel = p[1:]
	case p == dir:
	case strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/':
		rel = p[len(dir)+1:]
	default:
		return false
	}
	return m.glob == nil || globMatch(m.glob, rel, false)
}

// pathTemplate turns the source text of a non-literal word into an
// absolute path in which pathWild marks each part only known at run time
// (a parameter, a substitution, a glob). $HOME, ${HOME} and ~ at the start
// are known and expanded.
func pathTemplate(src string, env PathEnv) string {
	var b []byte
	wild := func() {
		if len(b) == 0 || b[len(b)-1] != pathWild {
			b = append(b, pathWild)
		}
	}
	home := func() {
		if env.Home != "" {
			b = append(b, env.Home...)
		} else {
			wild()
		}
	}
	dq := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			end := strings.IndexByte(src[i+1:], '\'')
			if end < 0 {
				end = len(src) - i - 1
			}
			b = appendLiteral(b, src[i+1:i+1+end])
			i += end + 1
		case c == '\\':
			if i+1 < len(src) {
				i++
				if dq && strings.IndexByte("$`\"\\", src[i]) < 0 {
					b = append(b, '\\')
				}
				b = appendLiteral(b, src[i:i+1])
			}
		case c == '~' && i == 0 && !dq && (len(src) == 1 || src[1] == '/'):
			home()
		case c == '~' && i == 0 && !dq && len(src) > 1 && src[1] == '+' && (len(src) == 2 || src[2] == '/'):
			// ~+ is $PWD.
			if env.Cwd != "" {
				b = append(b, env.Cwd...)
			} else {
				wild()
			}
			i++
		case c == '~' && i == 0 && !dq:
			// ~user, ~-: a directory not known here (~root is /root).
			wild()
			for i+1 < len(src) && src[i+1] != '/' {
				i++
			}
		case c == '$' && i+1 < len(src):
			name, n := paramAt(src[i:])
			switch {
			case len(b) == 0 && name == "HOME":
				home()
			case len(b) == 0 && name == "PWD" && env.Cwd != "":
				b = append(b, env.Cwd...)
			default:
				wild()
			}
			i += n - 1
		case c == '`':
			end := strings.IndexByte(src[i+1:], '`')
			if end < 0 {
				end = len(src) - i - 1
			}
			wild()
			i += end + 1
		case !dq && (c == '*' || c == '?' || c == '[' || c == '{'):
			wild()
			closer := byte(0)
			switch c {
			case '[':
				closer = ']'
			case '{':
				closer = '}'
			}
			if closer != 0 {
				if end := strings.IndexByte(src[i+1:], closer); end >= 0 {
					i += end + 1
				}
			}
		default:
			b = appendLiteral(b, src[i:i+1])
		}
	}
	t := string(b)
	first := strings.IndexByte(t, pathWild)
	if first < 0 {
		return unrooted(env.Resolve(t))
	}
	if tail, ok := climbed(t[first:]); ok {
		return climbTemplate(t, tail)
	}
	if first == 0 {
		return t // an unknown start may be any path, absolute or not
	}
	return unrooted(env.Resolve(t))
}

// climbed returns, for the part of a template from its first unknown
// part on, what follows its last ".." ("" or starting with /), and
// whether it has one.
func climbed(t string) (string, bool) {
	segs := strings.Split(t, "/")
	for k := len(segs) - 1; k >= 0; k-- {
		if segs[k] == ".." {
			return slashRest(strings.Join(segs[k+1:], "/")), true
		}
	}
	return "", false
}

// climbTemplate is the template of t, in which a ".." follows an unknown
// part: that part may be any path, so the ".." may climb anywhere, and
// what follows the last one is all that is known: any directory, then
// tail ("$d/../.ssh/id_rsa" may be ~/.ssh/id_rsa, where the whole path
// taken for any path let a read of it pass). Below /proc or /dev the
// unknown part may be a process ahead of a link the kernel follows
// (/proc/$$/cwd/../root/.ssh/id_rsa, /proc/$PPID/root/..): it is taken
// as a path through another process's working directory, which
// opaquePath reads as /proc/1/cwd/x is read.
func climbTemplate(t, tail string) string {
	if strings.HasPrefix(t, "/proc/") || strings.HasPrefix(t, "/dev/") {
		return "/proc/" + string(rune(pathWild)) + "/cwd" + tail
	}
	return string(rune(pathWild)) + tail
}

// unrooted turns what Resolve could not make absolute (no Cwd, no Home)
// into a template whose unknown start may be any directory.
func unrooted(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	for _, home := range [...]string{"~", "${HOME}", "$HOME"} {
		if rest, ok := strings.CutPrefix(p, home); ok && (rest == "" || rest[0] == '/') {
			return string(rune(pathWild)) + rest
		}
	}
	return string(rune(pathWild)) + "/" + p
}

// appendLiteral appends known text to a path template; bytes that would
// read as pathWild become pathWild, which only widens what may match.
func appendLiteral(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] <= shOpen {
			if len(b) == 0 || b[len(b)-1] != pathWild {
				b = append(b, pathWild)
			}
			continue
		}
		b = append(b, s[i])
	}
	return b
}

// paramAt reads the parameter expansion or substitution at the start of s
// ("$X", "${X...}", "$(...)", "$((...))", "$'...'") and returns the name
// of a plain parameter ("" otherwise) and its length in bytes.
func paramAt(s string) (string, int) {
	if len(s) < 2 {
		return "", len(s)
	}
	switch c := s[1]; {
	case c == '(' || c == '{':
		closer := byte(')')
		if c == '{' {
			closer = '}'
		}
		depth := 0
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case c:
				depth++
			case closer:
				depth--
				if depth == 0 {
					name := ""
					if c == '{' {
						name = s[2:i]
					}
					return name, i + 1
				}
			}
		}
		return "", len(s)
	case c == '\'':
		end := strings.IndexByte(s[2:], '\'')
		if end < 0 {
			return "", len(s)
		}
		return "", end + 3
	case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		i := 2
		for i < len(s) && (s[i] == '_' || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z' || '0' <= s[i] && s[i] <= '9') {
			i++
		}
		return s[1:i], i
	default:
		return "", 2 // $1, $@, $?, ...
	}
}

// ---- Domain patterns ----------------------------------------------------

// compileDomain compiles "domain:example.com" or "domain:*.example.com".
func compileDomain(pat string) (*ruleMatcher, error) {
	if err := checkParens(pat, false); err != nil {
		return nil, err
	}
	const prefix = "domain:"
	if len(pat) < len(prefix) || !strings.EqualFold(pat[:len(prefix)], prefix) {
		return nil, fmt.Errorf("WebFetch pattern must be domain:HOST")
	}
	d := strings.ToLower(strings.TrimSpace(pat[len(prefix):]))
	m := &ruleMatcher{class: patDomain}
	if strings.HasPrefix(d, "*.") {
		m.subOnly, d = true, d[2:]
	}
	d = strings.TrimSuffix(d, ".")
	if d == "" {
		return nil, fmt.Errorf("empty domain")
	}
	// Written as fetchHost writes a URL's host, so that the rule meets
	// it: domain:127.1 is 127.0.0.1, domain:[::1] and domain:::1 [::1].
	if !m.subOnly {
		if strings.Contains(d, ":") {
			if h, port, ok := strings.Cut(d, ":"); ok && !strings.Contains(port, ":") && !strings.HasPrefix(d, "[") {
				return nil, fmt.Errorf("domain %q: a rule names a host, not a port (write domain:%s)", d, h)
			}
			if strings.HasPrefix(d, "[") != strings.HasSuffix(d, "]") {
				return nil, fmt.Errorf("domain %q: an IPv6 address's brackets do not match", d)
			}
			h, err := ipv6Host("[" + strings.Trim(d, "[]") + "]")
			if err != nil {
				return nil, fmt.Errorf("domain %q: %v", d, err)
			}
			m.domain = strings.Trim(h, "[]") // as normalizeHost writes a host
			return m, nil
		}
		if h, err := domainHost(d); err == nil {
			d = h
		}
	}
	for _, label := range strings.Split(d, ".") {
		if label == "" {
			return nil, fmt.Errorf("empty label in domain %q", d)
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return nil, fmt.Errorf("invalid character %q in domain %q", c, d)
			}
		}
	}
	m.domain = d
	return m, nil
}

// MatchDomain reports whether the rule matches a fetch from host: the
// domain itself or any subdomain (api.example.com meets
// domain:example.com); domain:*.example.com matches subdomains only. An
// empty host (a URL that did not parse) could be anything: it matches deny
// and ask rules, never allow rules.
func (r *Rule) MatchDomain(host string) bool {
	if r.Tool != "WebFetch" {
		return false
	}
	if r.Pattern == "" {
		return true
	}
	m := r.matcher()
	if m == nil || m.class != patDomain {
		return r.Kind != RuleAllow
	}
	h := normalizeHost(host)
	if h == "" {
		return r.Kind != RuleAllow
	}
	if h == m.domain {
		return !m.subOnly
	}
	return len(h) > len(m.domain) && strings.HasSuffix(h, m.domain) && h[len(h)-len(m.domain)-1] == '.'
}

// normalizeHost lower-cases a host and drops a port and a trailing dot.
func normalizeHost(h string) string {
	if strings.HasPrefix(h, "[") {
		if end := strings.IndexByte(h, ']'); end > 0 {
			h = h[1:end]
		}
	} else if i := strings.LastIndexByte(h, ':'); i >= 0 && strings.Count(h, ":") == 1 {
		h = h[:i]
	}
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// ---- Rule sets ----------------------------------------------------------

// Rules are the allow, ask and deny rules from every source, each list in
// source order (managed, user, project, local, command line, session), so
// that the first rule that matches is the one to report. Add and Merge
// keep an index that makes FirstMatch and FirstCommandMatch cheap; rules
// appended to the lists directly are still found, by a slower scan.
// Copies share the index: add rules to one copy only, or Clone first.
type Rules struct {
	Allow, Ask, Deny []Rule

	idx *ruleIndex
}

// ruleIndex finds the rules that may match a call without trying them
// all. It is valid while the lists it was built for are unchanged.
type ruleIndex struct {
	n      [3]int
	ptr    [3]*Rule
	byTool [3]map[string][]int32
	// Bash rules by their pattern's first word; shAny holds those without
	// a pattern or whose first word has a wildcard.
	shFirst [3]map[string][]int32
	shAny   [3][]int32
}

func (rs *Rules) kindList(k RuleKind) *[]Rule {
	switch k {
	case RuleDeny:
		return &rs.Deny
	case RuleAsk:
		return &rs.Ask
	}
	return &rs.Allow
}

// Add appends r to the list of its kind, compiling its pattern if it was
// not built by ParseRule.
func (rs *Rules) Add(r Rule) {
	if r.Kind < RuleAllow || r.Kind > RuleDeny {
		r.Kind = RuleDeny // an unknown kind is the caller's bug: be strict
	}
	if r.m == nil && r.Pattern != "" {
		r.m, _ = compilePattern(r.Tool, r.Pattern)
	}
	l := rs.kindList(r.Kind)
	fresh := rs.idx != nil && rs.idx.validFor(rs, r.Kind)
	*l = append(*l, r)
	if !fresh {
		rs.rebuild()
		return
	}
	rs.idx.add(r.Kind, len(*l)-1, &(*l)[len(*l)-1])
	rs.idx.n[r.Kind], rs.idx.ptr[r.Kind] = len(*l), &(*l)[0]
}

// Merge appends every rule of o, keeping its order; a rule lands in the
// list it is in in o.
func (rs *Rules) Merge(o Rules) {
	for _, k := range []RuleKind{RuleAllow, RuleAsk, RuleDeny} {
		for _, r := range *o.kindList(k) {
			r.Kind = k
			rs.Add(r)
		}
	}
}

// Clone returns a copy that shares nothing with rs.
func (rs *Rules) Clone() Rules {
	var c Rules
	c.Merge(*rs)
	return c
}

// Len returns the number of rules of every kind.
func (rs *Rules) Len() int { return len(rs.Allow) + len(rs.Ask) + len(rs.Deny) }

func (rs *Rules) rebuild() {
	ix := &ruleIndex{}
	for k := RuleAllow; k <= RuleDeny; k++ {
		l := *rs.kindList(k)
		ix.byTool[k] = map[string][]int32{}
		ix.shFirst[k] = map[string][]int32{}
		for i := range l {
			ix.add(k, i, &l[i])
		}
		ix.n[k] = len(l)
		if len(l) > 0 {
			ix.ptr[k] = &l[0]
		}
	}
	rs.idx = ix
}

func (ix *ruleIndex) add(k RuleKind, i int, r *Rule) {
	ix.byTool[k][r.Tool] = append(ix.byTool[k][r.Tool], int32(i))
	if r.Tool != "Bash" {
		return
	}
	if m := r.matcher(); r.Pattern != "" && m != nil && m.firstLit {
		ix.shFirst[k][m.first] = append(ix.shFirst[k][m.first], int32(i))
	} else {
		ix.shAny[k] = append(ix.shAny[k], int32(i))
	}
}

func (ix *ruleIndex) validFor(rs *Rules, k RuleKind) bool {
	l := *rs.kindList(k)
	if len(l) != ix.n[k] {
		return false
	}
	return len(l) == 0 || &l[0] == ix.ptr[k]
}

// index returns the index for the rules of kind k, or nil when the lists
// changed behind Add's back.
func (rs *Rules) index(k RuleKind) *ruleIndex {
	if rs.idx == nil || !rs.idx.validFor(rs, k) {
		return nil
	}
	return rs.idx
}

// eachInOrder calls f with the union of sorted index lists in increasing
// order until f returns true, and returns that index, or -1.
func eachInOrder(lists [][]int32, f func(int) bool) int {
	var pos [8]int
	for {
		best := int32(-1)
		for li, l := range lists {
			if pos[li] < len(l) && (best < 0 || l[pos[li]] < best) {
				best = l[pos[li]]
			}
		}
		if best < 0 {
			return -1
		}
		for li, l := range lists {
			if pos[li] < len(l) && l[pos[li]] == best {
				pos[li]++
			}
		}
		if f(int(best)) {
			return int(best)
		}
	}
}

// FirstMatch returns the first rule of kind, in source order, that
// applies to tool (any name CanonicalTool accepts) and for which match
// returns true, or nil.
func (rs *Rules) FirstMatch(kind RuleKind, tool string, match func(*Rule) bool) *Rule {
	tool, tk := CanonicalTool(tool)
	l := *rs.kindList(kind)
	ix := rs.index(kind)
	if ix == nil {
		for i := range l {
			if l[i].AppliesTo(tool) && match(&l[i]) {
				return &l[i]
			}
		}
		return nil
	}
	var buf [4][]int32
	lists := append(buf[:0], ix.byTool[kind][tool])
	switch {
	case tk == KindRead && tool != "Read":
		lists = append(lists, ix.byTool[kind]["Read"])
	case tk == KindEdit && tool != "Edit":
		lists = append(lists, ix.byTool[kind]["Edit"])
	}
	if srv := mcpServer(tool); srv != "" {
		lists = append(lists, ix.byTool[kind][srv])
	}
	if i := eachInOrder(lists, func(i int) bool { return match(&l[i]) }); i >= 0 {
		return &l[i]
	}
	return nil
}

// firstTailMatch returns the first deny or ask rule (kind) that matches
// what c's program may run when the engine has no table for it
// (unknownProgram): each tail of its words, from a literal word that is
// not an option on (`chronic git push` as `git push`, `foo --x git push`
// too). It returns the rule and the index in c.Words where the tail
// starts. Allow rules never match a tail: an allow rule must not match
// more than the command.
func (rs *Rules) firstTailMatch(kind RuleKind, c SimpleCommand) (*Rule, int) {
	if kind == RuleAllow || len(c.Words)-c.Inner < 2 {
		return nil, 0
	}
	ix := rs.index(kind)
	if ix != nil && len(ix.byTool[kind]["Bash"]) == 0 || !unknownProgram(c) {
		return nil, 0
	}
	for i := c.Inner + 1; i < len(c.Words); i++ {
		w := c.Words[i]
		// A relative path (./pkg/curl, github.com/x/curl) is no program
		// found on PATH: not the curl a rule names (~/bin/git may be).
		if !w.Literal || strings.HasPrefix(w.Text, "-") || strings.Contains(w.Text, "/") && !strings.HasPrefix(w.Text, "/") && !strings.HasPrefix(w.Text, "~/") {
			continue
		}
		if ix != nil && len(ix.shAny[kind]) == 0 && len(ix.shFirst[kind][w.Text]) == 0 && len(ix.shFirst[kind][baseName(w.Text)]) == 0 {
			continue // no rule starts with this word
		}
		if r := rs.firstCommandMatch(kind, SimpleCommand{Words: c.Words[i:], OpenArgs: c.OpenArgs}, nil); r != nil {
			return r, i
		}
	}
	return nil, 0
}

// shellTail returns the index of a word of c, a command an unknown
// program may run, that is a shell or eval, given a string to run (foo
// bash -c "git push"), which the tails of firstTailMatch do not open: a
// deny or ask rule may meet what it runs. 0 when there is none, or no
// Bash deny or ask rule to meet.
func (rs *Rules) shellTail(c SimpleCommand) int {
	if len(c.Words)-c.Inner < 2 || !unknownProgram(c) {
		return 0
	}
	rules := false
	for _, k := range [...]RuleKind{RuleDeny, RuleAsk} {
		rules = rules || slices.ContainsFunc(*rs.kindList(k), func(r Rule) bool { return r.Tool == "Bash" })
	}
	if !rules {
		return 0
	}
	for i := c.Inner + 1; i < len(c.Words); i++ {
		if w := c.Words[i]; w.Literal && (isShell(baseName(w.Text)) || w.Text == "eval") {
			return i
		}
	}
	return 0
}

// FirstCommandMatch returns the first Bash rule of kind, in source order,
// that matches the simple command c (see Rule.MatchCommand), or nil. It
// encodes c once and tries only the rules whose first word c could start
// with.
func (rs *Rules) FirstCommandMatch(kind RuleKind, c SimpleCommand) *Rule {
	return rs.firstCommandMatch(kind, c, nil)
}

// firstCommandMatch is FirstCommandMatch with c already encoded as s, or
// s nil: the engine encodes each command once for its three kinds of rule.
func (rs *Rules) firstCommandMatch(kind RuleKind, c SimpleCommand, s *cmdSubject) *Rule {
	l := *rs.kindList(kind)
	try := func(i int) bool {
		r := &l[i]
		if r.Tool != "Bash" {
			return false
		}
		if r.Pattern == "" {
			return true
		}
		m := r.matcher()
		if m == nil {
			return r.Kind != RuleAllow
		}
		if s == nil {
			s = newCmdSubject(c)
		}
		return r.matchSubject(m, s)
	}
	ix := rs.index(kind)
	if ix == nil {
		for i := range l {
			if try(i) {
				return &l[i]
			}
		}
		return nil
	}
	if s == nil {
		s = newCmdSubject(c)
	}
	var buf [6][]int32
	lists := append(buf[:0], ix.shAny[kind])
	for v := range s.v {
		if kind == RuleAllow && v != s.allowVariant {
			continue
		}
		if s.v[v] == nil {
			continue
		}
		if !s.firstOK[v] {
			if kind != RuleAllow {
				// An unknown command name could be any command.
				lists = append(lists[:0], ix.byTool[kind]["Bash"])
				break
			}
			continue
		}
		lists = append(lists, ix.shFirst[kind][s.first[v]])
	}
	if i := eachInOrder(lists, try); i >= 0 {
		return &l[i]
	}
	return nil
}
