package permission

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Settings is what one settings file says about permissions.
type Settings struct {
	// Path is the file's path, as given to ParseSettings.
	Path string
	// Rules holds the file's rules; each rule's Source is "Path:line" and
	// its Base the base given to ParseSettings.
	Rules Rules
	// DefaultMode is permissions.defaultMode, "" when unset.
	DefaultMode Mode
	// DisableBypass is true when permissions.disableBypassPermissionsMode
	// is "disable".
	DisableBypass bool
	// AdditionalDirectories is permissions.additionalDirectories, as
	// written.
	AdditionalDirectories []string
	// Sandbox is the sandbox section, its paths as written.
	Sandbox Sandbox
	// Audit is the audit key: the audit log file, as written.
	Audit Setting[string]
	// TrustedProjects is the trustedProjects key: the projects whose own
	// files apply in full, as --trust-project has them, each absolute or
	// in the home directory, and with a trailing /** every project below
	// it. Load reads it from the user's and the managed files only.
	TrustedProjects []Setting[string]
	// Warnings are problems that do not stop the file from loading
	// (unknown keys), each as "Path:line: message".
	Warnings []string
}

// DropSwitchOff drops from s, a project's file, what switches the
// engine off rather than tuning it: defaultMode bypassPermissions, and
// allow rules for every shell command (Bash, Bash(*), Bash(* *), and any
// other pattern that does not begin with the program it allows:
// Rule.namesNoCommand). A
// repository an agent is asked to work on, cloned in CI, holds its own
// .mewsandbox/settings.yaml (and may commit settings.local.yaml), and
// either made mewsandbox allow whatever the agent ran. Claude Code keeps
// its project files from skipping the bypass mode's prompt for the same
// reason. Narrower allow rules (Bash(npm test:*)) and every other mode
// stay. It returns the keys dropped, in the file's terms.
func (s *Settings) DropSwitchOff() (dropped []string) {
	if s.DefaultMode == ModeBypassPermissions {
		s.DefaultMode = ""
		dropped = append(dropped, "permissions.defaultMode bypassPermissions")
	}
	kept := s.Rules.Allow[:0:0]
	for _, r := range s.Rules.Allow {
		if r.Tool == "Bash" && r.namesNoCommand() {
			dropped = append(dropped, "permissions.allow "+r.Text)
			continue
		}
		kept = append(kept, r)
	}
	if len(kept) < len(s.Rules.Allow) {
		s.Rules.Allow = kept
	}
	return dropped
}

// keepMode drops s's defaultMode, a project's own, where it is looser
// than theirs, the mode the user's or the managed settings set ("" for
// none): acceptEdits over any other, default over plan or dontAsk.
// Merged, a project's replaces theirs, and a cloned repository's
// acceptEdits turned the user's dontAsk, which denies what it would ask,
// into writing new files unasked, and its default the user's plan into
// running any command. plan and dontAsk, which deny more, stay. It
// returns the key dropped.
func (s *Settings) keepMode(theirs Mode) (dropped []string) {
	m := s.DefaultMode
	if theirs == "" || m == theirs || m != ModeAcceptEdits && (m != ModeDefault || theirs != ModePlan && theirs != ModeDontAsk) {
		return nil
	}
	s.DefaultMode = ""
	return []string{"permissions.defaultMode " + string(m)}
}

// ConfineRules confines s's allow rules to root, a project's own file's
// project, whose links real resolves (nil: none); home is the home
// directory ~ patterns name. The rules for the edit tools (Edit, Write,
// MultiEdit, NotebookEdit; a shell command's writes meet them too) and for
// the shell allow in root only: a cloned repository's allow:
// [Edit(~/**)] had the agent's edits anywhere in the home directory made
// unasked, and its allow: [Bash(rm:*)] the command rm -rf ~/work. A
// confined shell rule keeps the files the command names, and the
// directory it runs in, inside root (checkWrites, runsOutside). It returns
// the edit rules whose pattern names a place outside root, which then
// allow nothing (outside).
//
// The rules for tools whose reach neither the engine nor the sandbox
// bounds by the project are removed and returned (beyond): WebFetch,
// whose request carries what the agent puts in its address to the
// domain's owner, and every tool mewsandbox does not model (WebSearch,
// an MCP server's tools, which act with the user's rights wherever the
// server reaches). A cloned repository's allow: [WebFetch(domain:its.site),
// mcp__github] had the agent send what it read to that site, or act on
// the user's GitHub account, unasked.
func (s *Settings) ConfineRules(root, home string, real func(string) string) (outside, beyond []string) {
	root = orAsWritten(real)(root)
	env := PathEnv{Cwd: root, Root: root, Home: home}
	kept := s.Rules.Allow[:0:0]
	for _, r := range s.Rules.Allow {
		switch canonicalKinds.get()[r.Tool] {
		case KindShell:
			r.within = root
		case KindEdit:
			r.within = root
			if p, ok := r.literalPath(env); ok && !within(p, root) {
				outside = append(outside, "permissions.allow "+r.Text)
			}
		case KindFetch, KindUnknown:
			beyond = append(beyond, "permissions.allow "+r.Text)
			continue
		}
		kept = append(kept, r)
	}
	s.Rules.Allow = kept
	return outside, beyond
}

// dropDirsOutside drops s's additional directories, resolved in env, that
// lie outside root once real (nil: none) resolves their links: in
// acceptEdits mode edits there are accepted unasked. It returns the
// directories dropped.
func (s *Settings) dropDirsOutside(root string, env PathEnv, real func(string) string) (dropped []string) {
	real = orAsWritten(real)
	root = real(root)
	kept := s.AdditionalDirectories[:0:0]
	for _, dir := range s.AdditionalDirectories {
		if abs := env.Resolve(dir); !path.IsAbs(abs) || !within(real(abs), root) {
			dropped = append(dropped, "permissions.additionalDirectories "+dir)
			continue
		}
		kept = append(kept, dir)
	}
	s.AdditionalDirectories = kept
	return dropped
}

// KeepRestrictions drops from s whatever could allow more than the other
// sources do without s: allow rules, the mode (it replaces the user's),
// additional directories, sandbox grants (paths, and what dropReach
// drops), the timeout and limits (which replace the user's, larger ones
// too), and the audit file (the runner writes it, wherever it is). Deny
// and ask rules, network none, denyRead and dropped variables stay. It
// returns the keys dropped, in the file's terms.
func (s *Settings) KeepRestrictions() (dropped []string) {
	drop := func(key string, set bool) bool {
		if set {
			dropped = append(dropped, key)
		}
		return set
	}
	if drop("permissions.allow", len(s.Rules.Allow) > 0) {
		s.Rules.Allow = nil
	}
	// Any mode: a project's replaces the user's, plan by default say.
	if drop("permissions.defaultMode "+string(s.DefaultMode), s.DefaultMode != "") {
		s.DefaultMode = ""
	}
	if drop("permissions.additionalDirectories", len(s.AdditionalDirectories) > 0) {
		s.AdditionalDirectories = nil
	}
	b := &s.Sandbox
	if drop("sandbox.filesystem.allowRead", len(b.AllowRead) > 0) {
		b.AllowRead = nil
	}
	if drop("sandbox.filesystem.allowWrite", len(b.AllowWrite) > 0) {
		b.AllowWrite = nil
	}
	dropped = append(dropped, b.dropReach()...)
	if drop("sandbox.lockFilesystem", b.LockFilesystem.IsSet()) {
		b.LockFilesystem = Setting[bool]{}
	}
	// A timeout or limit replaces the user's: it may be longer or larger.
	if drop("sandbox.timeout", b.Timeout.IsSet()) {
		b.Timeout = Setting[time.Duration]{}
	}
	l := b.Limits
	if drop("sandbox.limits", l.Mem.IsSet() || l.CPU.IsSet() || l.NProc.IsSet() || l.FSize.IsSet() || l.NoFile.IsSet()) {
		b.Limits = ResourceLimits{}
	}
	if drop("audit", s.Audit.IsSet()) {
		s.Audit = Setting[string]{}
	}
	return dropped
}

// SettingsError is an invalid settings file. It prints as
// "path:line: message".
type SettingsError struct {
	Path string
	Line int // 0 when the problem has no line
	Err  error
	// shown says that Err quotes nothing that needs redacting: a key
	// misspelling one of mewsandbox's own, and that key.
	shown bool
}

func (e *SettingsError) Error() string {
	msg := e.Err.Error()
	if !e.shown {
		msg = redact(msg)
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, msg)
}

// quoted matches what a message quotes: Go's "…" (%q) and YAML's '…'.
var quoted = lazy[*regexp.Regexp]{build: func() *regexp.Regexp {
	return regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
}}

// redact replaces what msg quotes from a settings file by its length
// where it is longer than a short line: a settings file can be a link to
// any file the user can read, such as a key, and its messages reach
// whoever started the run (see quotable).
func redact(msg string) string {
	if !strings.ContainsAny(msg, "\"'") {
		return msg
	}
	return quoted.get().ReplaceAllStringFunc(msg, func(q string) string {
		if quotable(q[1 : len(q)-1]) {
			return q
		}
		return fmt.Sprintf("%c…%c (%d bytes, not shown)", q[0], q[0], len(q)-2)
	})
}

func (e *SettingsError) Unwrap() error { return e.Err }

// Limits on a settings file. Real files are a few kilobytes; the limits
// keep a hostile file (a repository's .claude/settings.json is anyone's)
// from costing memory or time.
const (
	maxSettingsSize  = 512 << 10
	maxSettingsNodes = 100_000 // after alias expansion
)

// knownSettingsKeys are Claude Code's top-level settings keys (and
// mewsandbox's own) that this package does not read; they are accepted
// silently so that one file can serve both programs.
var knownSettingsKeys = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"$schema": true, "apiKeyHelper": true, "attribution": true, "autoUpdates": true,
		"autoUpdatesChannel": true, "awsAuthRefresh": true, "awsCredentialExport": true,
		"cleanupPeriodDays": true, "companyAnnouncements": true, "disableAllHooks": true,
		"enableAllProjectMcpServers": true, "enabledMcpjsonServers": true, "disabledMcpjsonServers": true,
		"allowedMcpServers": true, "deniedMcpServers": true, "enabledPlugins": true, "env": true,
		"extraKnownMarketplaces": true, "forceLoginMethod": true, "forceLoginOrgUUID": true, "hooks": true,
		"includeCoAuthoredBy": true, "language": true, "model": true, "otelHeadersHelper": true,
		"outputStyle": true, "preferredNotifChannel": true, "spinnerTipsEnabled": true,
		"statusLine": true, "subagentStatusLine": true, "theme": true, "verbose": true,
		"alwaysThinkingEnabled": true, "respectGitignore": true, "fileSuggestion": true,
		"skipWebFetchPreflight": true, "plansDirectory": true, "effortLevel": true, "editorMode": true,
		"showTurnDuration": true, "autoCompactEnabled": true, "availableModels": true,
		"disableAutoMode": true, "allowManagedHooksOnly": true, "allowManagedPermissionRulesOnly": true,
		"strictKnownMarketplaces": true, "skippedMarketplaces": true, "skippedPlugins": true,
		"pluginConfigs": true, "permissionsExplainerEnabled": true,
	}
}}

// yamlLineError matches the errors yaml.v3 reports with a line.
var yamlLineError = lazy[*regexp.Regexp]{build: func() *regexp.Regexp {
	return regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
}}

// ParseSettings parses one settings file, YAML or JSON, in Claude Code's
// shape:
//
//	permissions:
//	  allow: [RULE, ...]
//	  ask: [RULE, ...]
//	  deny: [RULE, ...]
//	  defaultMode: MODE
//	  disableBypassPermissionsMode: disable
//	  additionalDirectories: [DIR, ...]
//	sandbox: {...}   # see Sandbox
//	audit: FILE
//
// path names the file in errors, warnings and rule sources; base is the
// project root that the rules' "/path" patterns are relative to. An empty
// file has no rules. Every error is a *SettingsError naming path and, when
// it has one, the line.
func ParseSettings(path string, data []byte, base string) (s *Settings, err error) {
	defer func() {
		// yaml.v3 has panicked on crafted input before; a settings file
		// must never take the program down.
		if p := recover(); p != nil {
			s, err = nil, &SettingsError{Path: path, Err: fmt.Errorf("BUG(mewsandbox): YAML parser panicked: %v", p)}
		}
	}()
	p := &settingsParser{path: path, base: base, s: &Settings{Path: path}}
	if err := p.parse(data); err != nil {
		return nil, err
	}
	return p.s, nil
}

type settingsParser struct {
	path, base string
	s          *Settings
}

func (p *settingsParser) errorf(line int, format string, a ...any) error {
	return &SettingsError{Path: p.path, Line: line, Err: fmt.Errorf(format, a...)}
}

func (p *settingsParser) warnf(line int, format string, a ...any) {
	p.s.Warnings = append(p.s.Warnings, fmt.Sprintf("%s:%d: %s", p.path, line, redact(fmt.Sprintf(format, a...))))
}

func (p *settingsParser) parse(data []byte) error {
	if len(data) > maxSettingsSize {
		return p.errorf(0, "file is too large (%d bytes; the limit is %d)", len(data), maxSettingsSize)
	}
	if err := p.checkText(data); err != nil {
		return err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	// JSON is read by the YAML parser, for its line numbers, but checked
	// by the JSON one too: yaml.v3 reports the line where the enclosing
	// construct began, not where the mistake is.
	var jsonErr error
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		jsonErr = json.Unmarshal(data, new(json.RawMessage))
		data = jsonForYAML(data)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty, or comments only
		}
		if jsonErr != nil {
			return p.jsonError(data, jsonErr)
		}
		return p.yamlError(err)
	}
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		return p.errorf(more.Line, "a second YAML document: a settings file holds one")
	} else if !errors.Is(err, io.EOF) {
		return p.yamlError(err)
	}
	if err := p.checkSize(&doc); err != nil {
		return err
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return nil
		}
		root = root.Content[0]
	}
	root = resolveAlias(root)
	if isNull(root) {
		return nil
	}
	if root.Kind != yaml.MappingNode {
		return p.errorf(root.Line, "settings must be a mapping of keys to values, not %s", describeKind(root))
	}
	return p.eachKey(root, "", func(key string, k, v *yaml.Node) error {
		switch {
		case key == "permissions":
			return p.permissions(v)
		case key == "sandbox":
			return p.sandbox(v)
		case key == "audit":
			return p.audit(v)
		case key == "trustedProjects":
			return p.trustedProjects(v)
		case knownSettingsKeys.get()[key]:
			return nil
		}
		return p.unknownKey(k, "", "permissions", "sandbox")
	})
}

// checkText rejects what no YAML or JSON file holds, with the line it is
// on: yaml.v3 reports these without one.
func (p *settingsParser) checkText(data []byte) error {
	line := 1
	for i := 0; i < len(data); {
		c := data[i]
		if c == '\n' {
			line++
		}
		if c == 0 {
			return p.errorf(line, "NUL byte: not a text file")
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return p.errorf(line, "invalid UTF-8")
		}
		i += size
	}
	return nil
}

func (p *settingsParser) jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset > 0 && se.Offset <= int64(len(data)) {
		line := 1 + bytes.Count(data[:se.Offset-1], []byte("\n"))
		return &SettingsError{Path: p.path, Line: line, Err: fmt.Errorf("invalid JSON: %v", err)}
	}
	return &SettingsError{Path: p.path, Err: fmt.Errorf("invalid JSON: %v", err)}
}

func (p *settingsParser) yamlError(err error) error {
	msg := err.Error()
	if m := yamlLineError.get().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &SettingsError{Path: p.path, Line: line, Err: fmt.Errorf("invalid YAML or JSON: %s", m[2])}
	}
	return &SettingsError{Path: p.path, Err: fmt.Errorf("invalid YAML or JSON: %s", strings.TrimPrefix(msg, "yaml: "))}
}

// checkSize rejects documents whose aliases expand to more nodes than a
// settings file can need (a "billion laughs" bomb) and aliases that
// contain themselves. Sizes are memoised, so the check is linear in the
// document.
func (p *settingsParser) checkSize(doc *yaml.Node) error {
	const inProgress = -1
	memo := map[*yaml.Node]int{}
	var size func(n *yaml.Node) (int, error)
	size = func(n *yaml.Node) (int, error) {
		if n == nil {
			return 0, nil
		}
		switch v, ok := memo[n]; {
		case ok && v == inProgress:
			return 0, p.errorf(n.Line, "alias %q refers to a node that contains it", n.Value)
		case ok:
			return v, nil
		}
		memo[n] = inProgress
		total := 1
		if n.Kind == yaml.AliasNode {
			t, err := size(n.Alias)
			if err != nil {
				return 0, err
			}
			total += t
		}
		for _, c := range n.Content {
			t, err := size(c)
			if err != nil {
				return 0, err
			}
			total += t
			if total > maxSettingsNodes {
				return 0, p.errorf(n.Line, "the document expands to more than %d nodes through aliases", maxSettingsNodes)
			}
		}
		if total > maxSettingsNodes {
			return 0, p.errorf(n.Line, "the document expands to more than %d nodes through aliases", maxSettingsNodes)
		}
		memo[n] = total
		return total, nil
	}
	_, err := size(doc)
	return err
}

// eachKey calls f for each key of a mapping, rejecting keys that are not
// strings and keys given twice (JSON parsers keep the last, YAML ones
// differ; a duplicated deny list must not go unnoticed).
func (p *settingsParser) eachKey(m *yaml.Node, prefix string, f func(key string, k, v *yaml.Node) error) error {
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := resolveAlias(m.Content[i]), resolveAlias(m.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k.Line, "%skey must be a string, not %s", prefix, describeNode(k))
		}
		if k.Tag == "!!merge" {
			// yaml.v3 hands the merge key over as it is written: what it
			// merges would be dropped unread.
			return p.errorf(k.Line, "%s<<: YAML merge keys are not read: write the keys out", prefix)
		}
		if first, dup := seen[k.Value]; dup {
			return p.errorf(k.Line, "key %q given twice (first at line %d)", prefix+k.Value, first)
		}
		seen[k.Value] = k.Line
		if err := f(k.Value, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *settingsParser) permissions(v *yaml.Node) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return p.errorf(v.Line, "permissions must be a mapping, not %s", describeNode(v))
	}
	return p.eachKey(v, "permissions.", func(key string, k, v *yaml.Node) error {
		switch key {
		case "allow":
			return p.rules(RuleAllow, key, v)
		case "ask":
			return p.rules(RuleAsk, key, v)
		case "deny":
			return p.rules(RuleDeny, key, v)
		case "defaultMode":
			s, err := p.str("permissions.defaultMode", v)
			if err != nil || s == "" {
				return err
			}
			m, err := ParseMode(s)
			if err != nil {
				return &SettingsError{Path: p.path, Line: v.Line, Err: err}
			}
			p.s.DefaultMode = m
		case "disableBypassPermissionsMode":
			s, err := p.str("permissions.disableBypassPermissionsMode", v)
			if err != nil {
				return err
			}
			switch s {
			case "disable":
				p.s.DisableBypass = true
			case "":
			default:
				return p.errorf(v.Line, "permissions.disableBypassPermissionsMode: unknown value %q (want \"disable\")", s)
			}
		case "additionalDirectories":
			return p.stringList("permissions.additionalDirectories", "additionalDirectories", v, func(_ int, s string, _ *yaml.Node) error {
				p.s.AdditionalDirectories = append(p.s.AdditionalDirectories, s)
				return nil
			})
		default:
			return p.unknownKey(k, " in permissions", "deny", "ask", "disableBypassPermissionsMode", "defaultMode")
		}
		return nil
	})
}

// unknownKey reports key k of a mapping (where says which) that the
// parser does not read: a warning, but an error when it is a misspelling
// of one of strict (a case variant, or a letter or two off: Deny,
// permisions), keys whose loss would silently drop deny rules or
// restrictions the user wrote.
func (p *settingsParser) unknownKey(k *yaml.Node, where string, strict ...string) error {
	for _, want := range strict {
		if misspelt(k.Value, want) {
			// Both are shown, however long: the key is a letter or two
			// from want, which is mewsandbox's own.
			return &SettingsError{Path: p.path, Line: k.Line, shown: true,
				Err: fmt.Errorf("unknown key %q%s: want %q (a misspelt key would silently drop what it holds)", k.Value, where, want)}
		}
	}
	p.warnf(k.Line, "unknown key %q%s", k.Value, where)
	return nil
}

// misspelt says whether key, which is not want, is want in another case
// or at most one edit away from it (two for a key of eight letters or
// more): an insertion, a deletion, a substitution or two letters swapped.
func misspelt(key, want string) bool {
	a, b := strings.ToLower(key), strings.ToLower(want)
	if a == b {
		return true
	}
	limit := 1
	if len(b) >= 8 {
		limit = 2
	}
	if d := len(a) - len(b); d > limit || -d > limit {
		return false
	}
	// Optimal string alignment distance, two rows and the one before.
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)] <= limit
}

func (p *settingsParser) rules(kind RuleKind, key string, v *yaml.Node) error {
	return p.stringList("permissions."+key, key, v, func(i int, text string, item *yaml.Node) error {
		r, err := ParseRule(kind, text)
		if err == nil {
			err = CheckProjectRelative(r, p.base)
		}
		if err != nil {
			return &SettingsError{Path: p.path, Line: item.Line, Err: fmt.Errorf("%s[%d]: %w", key, i, err)}
		}
		r.Source = fmt.Sprintf("%s:%d", p.path, item.Line)
		r.Base = p.base
		p.s.Rules.Add(r)
		return nil
	})
}

// stringList calls f for each string of a list; null is an empty list.
func (p *settingsParser) stringList(name, short string, v *yaml.Node, f func(int, string, *yaml.Node) error) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		return p.errorf(v.Line, "%s must be a list of strings, not %s", name, describeNode(v))
	}
	for i, item := range v.Content {
		item = resolveAlias(item)
		if !isString(item) {
			return p.errorf(item.Line, "%s[%d]: want a string, not %s", short, i, describeNode(item))
		}
		if err := f(i, item.Value, item); err != nil {
			return err
		}
	}
	return nil
}

// str returns a string value; null is "".
func (p *settingsParser) str(name string, v *yaml.Node) (string, error) {
	if isNull(v) {
		return "", nil
	}
	if !isString(v) {
		return "", p.errorf(v.Line, "%s must be a string, not %s", name, describeNode(v))
	}
	return v.Value, nil
}

// resolveAlias follows aliases to the node they name. checkSize has
// rejected cycles; the bound is a second guard.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == 0 || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func isString(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// describeNode names a node's type for messages: "a list", "the number 3".
func describeNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!bool":
			return "the boolean " + n.Value
		case "!!int", "!!float":
			return "the number " + n.Value
		case "!!str":
			if quotable(n.Value) {
				return fmt.Sprintf("the string %q", n.Value)
			}
			return fmt.Sprintf("a string of %d bytes", len(n.Value))
		}
		if quotable(n.Value) {
			return fmt.Sprintf("%s %q", n.ShortTag(), n.Value)
		}
		return fmt.Sprintf("a %s of %d bytes", n.ShortTag(), len(n.Value))
	}
	return "nothing"
}

// quotable says whether a message may quote a value: a short line,
// shorter than the 40 characters of a GitHub token or an AWS secret key. A
// settings file can be a link to any file the user can read, such as a
// key, and its messages reach whoever started the run.
func quotable(v string) bool {
	return len(v) <= 24 && !strings.ContainsAny(v, "\n\r")
}

// describeKind names a node's type only, for the whole document: a file
// that is not a mapping may not be settings at all.
func describeKind(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!str":
			return "a string"
		}
		return "a scalar (" + n.ShortTag() + ")"
	}
	return describeNode(n)
}

// jsonForYAML rewrites the one JSON escape YAML does not know, "\/", as
// "/"; everything else JSON allows is YAML flow syntax already. Line
// numbers are kept.
func jsonForYAML(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\/`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case !inString:
			inString = c == '"'
		case c == '\\' && i+1 < len(data):
			if data[i+1] == '/' {
				out = append(out, '/')
				i++
				continue
			}
			out = append(out, c)
			i++
			c = data[i]
		case c == '"':
			inString = false
		}
		out = append(out, c)
	}
	return out
}
