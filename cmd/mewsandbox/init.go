package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// claudeTools are the tools the hook is installed for: every tool the
// permission engine models (a test checks that it knows each), and the
// unmodelledTools. Other tools (MCP servers, Task, WebSearch …) stay with
// Claude Code's own permissions.
var claudeTools = []string{"Bash", "Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Glob", "Grep", "LS", "WebFetch",
	"Monitor", "REPL", "PowerShell", "Artifact"} // the unmodelledTools, written out: an append would run as every process starts

// unmodelledTools are Claude Code's tools (2.1.197) that run a command or
// code, or publish a file, where no sandbox reaches, and that the engine
// does not model: Monitor runs a shell command whose output lines are
// events, REPL runs JavaScript in Claude Code's own process, PowerShell
// runs PowerShell, and Artifact publishes a local file as a web page.
// Left out of the matcher, they never reached the hook: under
// bypassPermissions Claude Code would run Monitor's rm -rf ~ unasked, past
// every rule the hook holds. The hook asks for each (denies under
// dontAsk), as for every tool it cannot analyse.
var unmodelledTools = []string{"Monitor", "REPL", "PowerShell", "Artifact"}

func cmdInit(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var root, audit string
	var printOnly bool
	var set hookSettings
	fs := newFlagSet("init", "mewsandbox init claude-code [--print] [--sandbox] [--dont-ask] [--root DIR] [--audit FILE]", stdout)
	fs.BoolVar(&printOnly, "print", false, "print the settings to merge instead of changing .claude/settings.json")
	fs.Var(setBool{&set.sandbox, &set.given.sandbox}, "sandbox", "install 'hook claude-code --sandbox': every allowed Bash command runs in the kernel sandbox (--sandbox=false takes it out)")
	fs.Var(setBool{&set.dontAsk, &set.given.dontAsk}, "dont-ask", "install 'hook claude-code --dont-ask': what mewsandbox would ask about is denied, so nothing runs unsandboxed on a prompt's answer (--dont-ask=false takes it out)")
	fs.StringVar(&root, "root", "", "project `DIR` whose .claude/settings.json to change (default: the git top-level of the working directory, else the working directory)")
	fs.StringVar(&audit, "audit", "", "make the hook append its decisions to `FILE` (written as an absolute path)")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseWithWord(fs, args, "claude-code"); err != nil {
		return err
	}
	if audit != "" {
		abs, err := filepath.Abs(audit)
		if err != nil {
			return usagef("--audit %s: %v", audit, err)
		}
		set.audit, set.given.audit = abs, true
	}
	bin, onPath, err := hookBinary()
	if err != nil {
		return err
	}
	if printOnly {
		command, err := hookCommand(bin, set)
		if err != nil {
			return err
		}
		out, err := formatJSON(jsonObject{{"hooks", mustMarshal(jsonObject{{"PreToolUse", mustMarshal([]jsonObject{hookGroup(command)})}})}}, "  ")
		if err != nil {
			return err
		}
		_, err = stdout.Write(out)
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("working directory: %w", err)
	}
	dir, err := projectRoot(nil, root, cwd)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, ".claude", "settings.json")
	carried := carryHookFlags(installedHookCommand(path), set)
	command, err := hookCommand(bin, carried.settings, carried.extra...)
	if err != nil {
		return err
	}
	res, err := installHook(path, hookGroup(command))
	if errors.Is(err, permission.ErrLink) {
		// .claude, or the file, a link: the user's to remove (2), as a
		// root init refuses is.
		return usageError{err}
	}
	if err != nil {
		return err
	}
	warnHooksDisabled(stderr, dir)
	switch {
	case res.backup == "" && !res.created:
		fmt.Fprintf(stdout, "mewsandbox: the hook is already installed in %s; nothing changed\n", path)
		trustHint(stdout, dir, cwd, carried.extra)
		return nil
	case res.created:
		fmt.Fprintf(stdout, "mewsandbox: created %s with the PreToolUse hook\n", path)
	case res.replaced:
		fmt.Fprintf(stdout, "mewsandbox: updated the PreToolUse hook in %s (backup: %s)\n", path, res.backup)
	default:
		fmt.Fprintf(stdout, "mewsandbox: added the PreToolUse hook to %s (backup: %s)\n", path, res.backup)
	}
	fmt.Fprintf(stdout, "  matcher: %s\n  command: %s\n", strings.Join(claudeTools, "|"), command)
	if res.replaced {
		carried.print(stdout)
	}
	if carried.settings.sandbox {
		fmt.Fprintf(stdout, "  allowed Bash commands now run through 'mewsandbox run' in the kernel sandbox\n")
	}
	trustHint(stdout, dir, cwd, carried.extra)
	if !onPath {
		fmt.Fprintf(stderr, "mewsandbox: warning: mewsandbox is not on PATH, so the hook names this binary by its absolute path; teammates sharing %s need it at the same path\n", path)
	}
	fmt.Fprintf(stdout, "  restart Claude Code (or open /hooks) for it to take effect\n")
	return nil
}

// trustHint says what dir's own settings ask for that the hook will
// ignore until the user trusts the project: the hook's warnings go to
// Claude Code, which shows them to no one, so a project's presets or
// network would otherwise be missing from its runs without a word. It
// judges them as the hook does, with extra, the flags init kept of the
// installed hook: under --trust-project nothing is ignored, and under
// --no-user-settings a trustedProjects line in them would change nothing.
func trustHint(w io.Writer, dir, cwd string, extra []string) {
	var o options
	var sandbox bool
	if err := hookFlags(&o, &sandbox, io.Discard).Parse(extra); err != nil {
		return // init kept only the hook's own flags
	}
	if o.root == "" {
		o.root = dir
	}
	p, err := o.resolve(cwd)
	if err != nil {
		fmt.Fprintf(w, "  the hook will refuse every call until the settings load: %v\n", err)
		return
	}
	if len(p.config.Untrusted) == 0 {
		return
	}
	fmt.Fprintf(w, "  this project's own settings ask for what applies only to a project you trust, which the hook ignores until then:\n")
	for _, u := range p.config.Untrusted {
		fmt.Fprintf(w, "    %s\n", u)
	}
	if o.noUserSettings {
		fmt.Fprintf(w, "  if you trust it, add --trust-project to the hook's command: it reads no user settings (--no-user-settings), where trustedProjects would name it\n")
		return
	}
	fmt.Fprintf(w, "  if you trust it, add it to trustedProjects in your user settings (%s):\n    trustedProjects: [%s]\n",
		filepath.Join(configHome(exec.UserHome()), "mewsandbox", "settings.yaml"), yamlFlowItem(p.root))
}

// claudeManagedSettings are the places of Claude Code's managed settings,
// on Linux and on macOS.
var claudeManagedSettings = []string{"/etc/claude-code/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-settings.json"}

// warnHooksDisabled says which of the Claude Code settings files merged
// for the project at dir keeps Claude Code from running its hooks, this
// one included: disableAllHooks in any of them, or allowManagedHooksOnly
// in the managed ones. Every call would go through unchecked while the
// person believes the hook installed.
func warnHooksDisabled(w io.Writer, dir string) {
	files := []string{filepath.Join(dir, ".claude", "settings.json"), filepath.Join(dir, ".claude", "settings.local.json")}
	if home := exec.UserHome(); home != "" {
		files = append(files, filepath.Join(home, ".claude", "settings.json"))
	}
	files = append(files, claudeManagedSettings...)
	for _, f := range files {
		keys := []string{"disableAllHooks"}
		if slices.Contains(claudeManagedSettings, f) {
			keys = append(keys, "allowManagedHooksOnly")
		}
		for _, k := range keys {
			if settingTrue(f, k) {
				fmt.Fprintf(w, "mewsandbox: warning: %s sets %s: Claude Code runs no hook of the project's, this one included, and every call goes through unchecked; remove it for the hook to run\n", f, k)
			}
		}
	}
}

// settingTrue reports whether the JSON settings file at path sets key to
// true (the last of two, as Claude Code reads it); false when it cannot
// be read.
func settingTrue(path, key string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	doc, err := parseObject(data)
	if err != nil {
		return false
	}
	v, ok := doc.get(key)
	return ok && string(bytes.TrimSpace(v)) == "true"
}

// yamlFlowItem writes path as an item of a YAML flow sequence, quoted
// where YAML would read it otherwise: a comma ends the item, " #" starts
// a comment, ":" before a space or the end a mapping, and brackets,
// braces and quotes have meanings of their own. A JSON string is a YAML
// double-quoted one.
func yamlFlowItem(path string) string {
	if !strings.ContainsAny(path, ",[]{}\"'\\#\t") && !strings.Contains(path, ":") {
		return path
	}
	q, _ := json.Marshal(path)
	return string(q)
}

// hookSettings are the flags init writes into the hook command, and which
// of them were given to init (the others come from the installed hook).
type hookSettings struct {
	sandbox, dontAsk bool
	audit            string // absolute, "" for none
	given            struct{ sandbox, dontAsk, audit bool }
}

// hookBinary is how the hook command names mewsandbox: by its name when
// that is on PATH (the settings file is shared with a team), else by this
// binary's absolute path.
func hookBinary() (bin string, onPath bool, err error) {
	self, err := os.Executable()
	if err != nil {
		return "", false, fmt.Errorf("finding this binary: %w", err)
	}
	if found, err := osexec.LookPath("mewsandbox"); err == nil && sameFile(found, self) {
		return "mewsandbox", true, nil
	}
	return self, false, nil
}

// hookCommand is the shell command Claude Code runs for the hook: bin
// with the flags of set, then the extra words (flags carried over).
// "|| exit 2" makes a hook that cannot start (mewsandbox missing) block
// the call: Claude Code lets a call through on any other failing status.
func hookCommand(bin string, set hookSettings, extra ...string) (string, error) {
	argv := []string{bin, "hook", "claude-code"}
	if set.sandbox {
		argv = append(argv, "--sandbox")
	}
	if set.dontAsk {
		argv = append(argv, "--dont-ask")
	}
	if set.audit != "" {
		argv = append(argv, "--audit", set.audit)
	}
	argv = append(argv, extra...)
	// The command must parse as the hook's own command line, or every
	// call would be blocked.
	var o options
	var sandbox bool
	if err := parseWithWord(hookFlags(&o, &sandbox, io.Discard), argv[2:], "claude-code"); err != nil {
		return "", fmt.Errorf("the hook command would not run: %w", err)
	}
	cmd, err := quoteArgv(argv)
	return cmd + " || exit 2", err
}

// carriedFlags is what init keeps of the hook command it replaces.
type carriedFlags struct {
	settings hookSettings
	// extra are the words of the other flags, as they were written.
	extra []string
	// kept, replaced and dropped say what became of the old flags, for
	// the person to see.
	kept, replaced, dropped []string
}

// carryHookFlags reads the flags of old, the command of an installed
// mewsandbox hook ("" for none), and returns set completed with them:
// init's own flags (--sandbox, --dont-ask, --audit) keep their old value
// unless init was given them; every other flag of 'hook claude-code' is
// kept as written, except the mode flags when --dont-ask is given (they
// would conflict); anything else is dropped, and listed.
func carryHookFlags(old string, set hookSettings) carriedFlags {
	c := carriedFlags{settings: set}
	if old == "" {
		return c
	}
	args, ok := hookArgs(old)
	if !ok {
		c.dropped = append(c.dropped, old+" (not a plain 'mewsandbox hook claude-code' command line)")
		return c
	}
	var o options
	var sandbox bool
	fs := hookFlags(&o, &sandbox, io.Discard)
	for i := 0; i < len(args); i++ {
		name, value, hasValue := splitFlag(args[i])
		f := fs.Lookup(name)
		if f == nil {
			c.dropped = append(c.dropped, args[i])
			continue
		}
		words := []string{args[i]}
		if b, isBool := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && (!isBool || !b.IsBoolFlag()) {
			if i+1 == len(args) {
				c.dropped = append(c.dropped, args[i])
				continue
			}
			i++
			value = args[i]
			words = append(words, value)
		}
		if !hasValue && len(words) == 1 {
			value = "true"
		}
		written := strings.Join(words, " ")
		b, _ := strconv.ParseBool(value)
		switch {
		case name == "sandbox" && !set.given.sandbox:
			c.settings.sandbox = b
			c.kept = append(c.kept, written)
		case name == "dont-ask" && !set.given.dontAsk:
			c.settings.dontAsk = b
			c.kept = append(c.kept, written)
		case name == "audit" && !set.given.audit:
			c.settings.audit = value
			c.kept = append(c.kept, written)
		case name == "sandbox" && b == set.sandbox, name == "dont-ask" && b == set.dontAsk, name == "audit" && value == set.audit:
			// Given to init again, as it was.
		case name == "sandbox" || name == "dont-ask" || name == "audit":
			c.replaced = append(c.replaced, written)
		case set.given.dontAsk && set.dontAsk && (name == "mode" || name == "yolo" || name == "plan" || name == "accept-edits"):
			c.replaced = append(c.replaced, written+" (by --dont-ask)")
		default:
			c.extra = append(c.extra, words...)
			c.kept = append(c.kept, written)
		}
	}
	return c
}

// print lists what init kept and dropped of the hook command it replaced.
func (c carriedFlags) print(w io.Writer) {
	for _, l := range []struct {
		what  string
		words []string
	}{{"kept from the installed hook", c.kept}, {"replaced", c.replaced}, {"dropped (not flags of 'hook claude-code')", c.dropped}} {
		if len(l.words) > 0 {
			fmt.Fprintf(w, "  %s: %s\n", l.what, strings.Join(l.words, " "))
		}
	}
}

// splitFlag splits "-name", "--name" or "--name=value"; name is "" for a
// word that is not a flag.
func splitFlag(s string) (name, value string, hasValue bool) {
	if len(s) < 2 || s[0] != '-' || s == "--" {
		return "", "", false
	}
	s = strings.TrimPrefix(s[1:], "-")
	name, value, hasValue = strings.Cut(s, "=")
	return name, value, hasValue
}

// hookArgs returns the words after 'claude-code' of a hook command
// mewsandbox installed ("BIN hook claude-code FLAGS... || exit 2"), false
// when it holds anything it cannot read as literal words.
func hookArgs(command string) ([]string, bool) {
	a := permission.AnalyzeShell(command)
	if len(a.Complex) > 0 {
		return nil, false
	}
	for _, c := range a.Commands {
		w := c.Words
		if len(w) < 3 || !strings.HasSuffix(w[0].Text, "mewsandbox") || w[1].Text != "hook" || w[2].Text != "claude-code" {
			continue
		}
		var args []string
		for _, word := range w[3:] {
			if !word.Literal {
				return nil, false
			}
			args = append(args, word.Text)
		}
		return args, true
	}
	return nil, false
}

// installedHookCommand returns the command of the first mewsandbox hook in
// the Claude Code settings file at path, "" when there is none or the
// file cannot be read (installHook reports why).
func installedHookCommand(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	doc, err := parseObject(data)
	if err != nil {
		return ""
	}
	raw, _ := doc.get("hooks")
	hooks, err := parseObject(raw)
	if err != nil {
		return ""
	}
	var groups []json.RawMessage
	if raw, ok := hooks.get("PreToolUse"); !ok || json.Unmarshal(raw, &groups) != nil {
		return ""
	}
	for _, g := range groups {
		var group struct {
			Hooks []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		}
		if json.Unmarshal(g, &group) != nil {
			continue
		}
		for _, h := range group.Hooks {
			if mewsandboxHook().MatchString(h.Command) {
				return h.Command
			}
		}
	}
	return ""
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// hookGroup is the PreToolUse matcher group that runs command.
func hookGroup(command string) jsonObject {
	hook := jsonObject{{"type", mustMarshal("command")}, {"command", mustMarshal(command)}}
	return jsonObject{
		{"matcher", mustMarshal(strings.Join(claudeTools, "|"))},
		{"hooks", mustMarshal([]jsonObject{hook})},
	}
}

// mewsandboxHookRE matches the command of a hook mewsandbox installed,
// with or without flags, by name or by (quoted) path. Compiled on first
// use; the zero value is static data, so declaring it runs no code.
var mewsandboxHookRE struct {
	once sync.Once
	re   *regexp.Regexp
}

func mewsandboxHook() *regexp.Regexp {
	mewsandboxHookRE.once.Do(func() { mewsandboxHookRE.re = regexp.MustCompile(`mewsandbox['"]?\s+hook\s+claude-code\b`) })
	return mewsandboxHookRE.re
}

// installResult says what installHook did.
type installResult struct {
	created  bool   // the file did not exist
	replaced bool   // an older mewsandbox hook was replaced
	backup   string // the copy of the file as it was; "" when unchanged or created
}

// installHook merges group into the PreToolUse hooks of the Claude Code
// settings file at path, replacing any mewsandbox hook already there and
// keeping everything else — key order and formatting included where the
// file was consistently indented. The old file is backed up first; the new
// one replaces it atomically. A file that is not a JSON object is an error
// and is left as it was.
//
// The file is the project's, which a sandboxed command may write where the
// namespace layer does not protect it (--no-namespaces): a link there, at
// .claude or at the file, is refused, not written through (a review had
// init rewrite a file outside the project so), and the directory is held
// by a descriptor while the file is read, backed up and replaced in it.
func installHook(path string, group jsonObject) (installResult, error) {
	var res installResult
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return res, err
	}
	dir, err := permission.OpenDir(filepath.Dir(path))
	if err != nil {
		return res, err
	}
	defer dir.Close()
	name := filepath.Base(path)
	data, err := dir.ReadFile(name)
	perm := fs.FileMode(0o644)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.created = true
	case err != nil:
		return res, fmt.Errorf("reading %s: %w", path, err)
	default:
		if m, err := dir.Mode(name); err == nil {
			perm = m
		}
	}
	doc := jsonObject{}
	if len(bytes.TrimSpace(data)) > 0 {
		if doc, err = parseObject(data); err != nil {
			return res, usagef("%s: %v; fix it (or move it away) and run init again — it was left unchanged", path, err)
		}
	}
	changed, replaced, err := mergeHookGroup(&doc, group)
	if err != nil {
		return res, usagef("%s: %v; it was left unchanged", path, err)
	}
	if !changed {
		return res, nil
	}
	res.replaced = replaced
	indent := detectIndent(data)
	out, err := formatJSON(doc, indent)
	if err != nil {
		return res, fmt.Errorf("BUG(mewsandbox): re-encoding %s: %w", path, err)
	}
	if len(data) > 0 && !bytes.HasSuffix(data, []byte("\n")) {
		out = bytes.TrimSuffix(out, []byte("\n"))
	}
	if !res.created {
		if res.backup, err = backupFile(dir, name, data, perm); err != nil {
			return res, err
		}
	}
	if err := dir.WriteFileAtomic(name, out, perm); err != nil {
		return res, fmt.Errorf("writing %s: %w", path, err)
	}
	return res, nil
}

// mergeHookGroup puts group into doc's hooks.PreToolUse: in place of the
// first group holding a mewsandbox hook, else at the end. Every other
// mewsandbox hook is removed (and a group left empty by that). It reports
// no change when group is already there and is the only mewsandbox hook.
func mergeHookGroup(doc *jsonObject, group jsonObject) (changed, replaced bool, err error) {
	hooks := jsonObject{}
	if raw, ok := doc.get("hooks"); ok {
		if hooks, err = parseObject(raw); err != nil {
			return false, false, fmt.Errorf(`"hooks" is not an object`)
		}
	}
	var groups []json.RawMessage
	if raw, ok := hooks.get("PreToolUse"); ok {
		if err := json.Unmarshal(raw, &groups); err != nil {
			return false, false, fmt.Errorf(`"hooks.PreToolUse" is not an array`)
		}
	}
	ours := mustMarshal(group)
	var kept []json.RawMessage
	at, found, exact := -1, 0, false
	for _, g := range groups {
		if jsonEqual(g, ours) {
			exact, found = true, found+1
			if at < 0 {
				at = len(kept)
			}
			continue
		}
		rest, removed := withoutMewsandboxHooks(g)
		if removed > 0 && at < 0 {
			at = len(kept)
		}
		found += removed
		if rest != nil {
			kept = append(kept, rest)
		}
	}
	if exact && found == 1 {
		return false, false, nil
	}
	if at < 0 {
		at = len(kept)
	}
	kept = append(kept[:at], append([]json.RawMessage{ours}, kept[at:]...)...)
	hooks.set("PreToolUse", mustMarshal(kept))
	doc.set("hooks", mustMarshal(hooks))
	return true, found > 0, nil
}

// withoutMewsandboxHooks returns the matcher group g without the hooks
// that run mewsandbox, nil when none is left, and how many it removed. A
// group it cannot read is kept as it is.
func withoutMewsandboxHooks(g json.RawMessage) (json.RawMessage, int) {
	obj, err := parseObject(g)
	if err != nil {
		return g, 0
	}
	raw, ok := obj.get("hooks")
	var list []json.RawMessage
	if !ok || json.Unmarshal(raw, &list) != nil {
		return g, 0
	}
	var rest []json.RawMessage
	for _, h := range list {
		var hook struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(h, &hook) == nil && mewsandboxHook().MatchString(hook.Command) {
			continue
		}
		rest = append(rest, h)
	}
	removed := len(list) - len(rest)
	switch {
	case removed == 0:
		return g, 0
	case len(rest) == 0:
		return nil, removed
	}
	obj.set("hooks", mustMarshal(rest))
	return mustMarshal(obj), removed
}

func jsonEqual(a, b []byte) bool {
	var va, vb any
	return json.Unmarshal(a, &va) == nil && json.Unmarshal(b, &vb) == nil && reflect.DeepEqual(va, vb)
}

// backupFile copies data beside file name in dir as name.TIMESTAMP.bak,
// never over an existing file (or through a link), and returns its path.
func backupFile(dir *permission.Dir, name string, data []byte, perm fs.FileMode) (string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	for i := 0; i < 100; i++ {
		bak := fmt.Sprintf("%s.%s.bak", name, stamp)
		if i > 0 {
			bak = fmt.Sprintf("%s.%s-%d.bak", name, stamp, i)
		}
		f, err := dir.Create(bak, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("backing up %s: %w", name, err)
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			dir.Remove(bak)
			return "", fmt.Errorf("backing up %s: %w", name, err)
		}
		return f.Name(), nil
	}
	return "", fmt.Errorf("backing up %s: too many backups from this second", name)
}

// jsonObject is a JSON object that keeps its members in order and their
// values as written, so one member can change and the rest be written back
// as they were.
type jsonObject []jsonMember

type jsonMember struct {
	Key   string
	Value json.RawMessage
}

// parseObject reads one JSON object, and nothing after it.
func parseObject(data []byte) (jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return nil, jsonSyntax(data, dec, err)
	} else if tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object (it starts with %v)", tok)
	}
	obj := jsonObject{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonSyntax(data, dec, err)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, jsonSyntax(data, dec, err)
		}
		obj = append(obj, jsonMember{tok.(string), v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonSyntax(data, dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, jsonSyntax(data, dec, fmt.Errorf("more after the object"))
	}
	return obj, nil
}

// jsonSyntax names the line and column of a JSON error.
func jsonSyntax(data []byte, dec *json.Decoder, err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	off := int(dec.InputOffset())
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset)
	}
	off = min(off, len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("not valid JSON at line %d, column %d: %v", line, col, err)
}

// get returns the value of key; with duplicate keys, the last, as JSON
// parsers read it.
func (o jsonObject) get(key string) (json.RawMessage, bool) {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return o[i].Value, true
		}
	}
	return nil, false
}

// set replaces the value of key (the last, with duplicates) or appends it.
func (o *jsonObject) set(key string, v json.RawMessage) {
	for i := len(*o) - 1; i >= 0; i-- {
		if (*o)[i].Key == key {
			(*o)[i].Value = v
			return
		}
	}
	*o = append(*o, jsonMember{key, v})
}

// MarshalJSON writes the members in order, each value as it was read.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := encodeLine(m.Key)
		if err != nil {
			return nil, err
		}
		b.Write(bytes.TrimSuffix(k, []byte("\n")))
		b.WriteByte(':')
		b.Write(m.Value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// mustMarshal encodes values that cannot fail to encode: strings, and
// objects and arrays of valid JSON.
func mustMarshal(v any) json.RawMessage {
	b, err := encodeLine(v)
	if err != nil {
		panic("BUG(mewsandbox): " + err.Error())
	}
	return bytes.TrimSuffix(b, []byte("\n"))
}

// formatJSON writes v indented by indent per level ("" for one line),
// ending with a newline. Values are re-indented, never re-encoded: strings
// and numbers keep their exact text.
func formatJSON(v any, indent string) ([]byte, error) {
	raw, err := encodeLine(v) // encodeLine: no HTML escaping of "&&" and the like
	if err != nil {
		return nil, err
	}
	raw = bytes.TrimSuffix(raw, []byte("\n"))
	var b bytes.Buffer
	if indent == "" {
		err = json.Compact(&b, raw)
	} else {
		err = json.Indent(&b, raw, "", indent)
	}
	b.WriteByte('\n')
	return b.Bytes(), err
}

// detectIndent returns the indentation of a JSON document's first member:
// "" when it is all on one line, two spaces when there is no member to go
// by.
func detectIndent(data []byte) string {
	s := strings.TrimLeft(string(data), " \t\r\n")
	if !strings.HasPrefix(s, "{") {
		return "  "
	}
	s = s[1:]
	body := strings.TrimLeft(s, " \t\r\n")
	if body == "" || body[0] == '}' {
		return "  "
	}
	ws := s[:len(s)-len(body)]
	nl := strings.LastIndexByte(ws, '\n')
	if nl < 0 {
		return ""
	}
	return ws[nl+1:]
}
