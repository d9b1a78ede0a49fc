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
	"strings"
	"sync"
	"time"
)

// claudeTools are the tools the hook is installed for: every tool the
// permission engine models (a test checks that it knows each). Other tools
// (MCP servers, Task, WebSearch …) stay with Claude Code's own permissions.
var claudeTools = []string{"Bash", "Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Glob", "Grep", "LS", "WebFetch"}

func cmdInit(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var root, audit string
	var printOnly, sandbox bool
	fs := newFlagSet("init", "mewsandbox init claude-code [--print] [--sandbox] [--root DIR] [--audit FILE]", stdout)
	fs.BoolVar(&printOnly, "print", false, "print the settings to merge instead of changing .claude/settings.json")
	fs.BoolVar(&sandbox, "sandbox", false, "install 'hook claude-code --sandbox': every allowed Bash command runs in the kernel sandbox")
	fs.StringVar(&root, "root", "", "project `DIR` whose .claude/settings.json to change (default: the git top-level of the working directory, else the working directory)")
	fs.StringVar(&audit, "audit", "", "make the hook append its decisions to `FILE` (written as an absolute path)")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseWithWord(fs, args, "claude-code"); err != nil {
		return err
	}
	command, onPath, err := hookCommand(sandbox, audit)
	if err != nil {
		return err
	}
	group := hookGroup(command)
	if printOnly {
		out, err := formatJSON(jsonObject{{"hooks", mustMarshal(jsonObject{{"PreToolUse", mustMarshal([]jsonObject{group})}})}}, "  ")
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
	dir, err := projectRoot(root, cwd)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, ".claude", "settings.json")
	res, err := installHook(path, group)
	if err != nil {
		return err
	}
	switch {
	case res.backup == "" && !res.created:
		fmt.Fprintf(stdout, "mewsandbox: the hook is already installed in %s; nothing changed\n", path)
		return nil
	case res.created:
		fmt.Fprintf(stdout, "mewsandbox: created %s with the PreToolUse hook\n", path)
	case res.replaced:
		fmt.Fprintf(stdout, "mewsandbox: updated the PreToolUse hook in %s (backup: %s)\n", path, res.backup)
	default:
		fmt.Fprintf(stdout, "mewsandbox: added the PreToolUse hook to %s (backup: %s)\n", path, res.backup)
	}
	fmt.Fprintf(stdout, "  matcher: %s\n  command: %s\n", strings.Join(claudeTools, "|"), command)
	if sandbox {
		fmt.Fprintf(stdout, "  allowed Bash commands now run through 'mewsandbox run' in the kernel sandbox\n")
	}
	if !onPath {
		fmt.Fprintf(stderr, "mewsandbox: warning: mewsandbox is not on PATH, so the hook names this binary by its absolute path; teammates sharing %s need it at the same path\n", path)
	}
	fmt.Fprintf(stdout, "  restart Claude Code (or open /hooks) for it to take effect\n")
	return nil
}

// hookCommand is the shell command Claude Code runs for the hook. It names
// mewsandbox by its name when that is on PATH (the settings file is shared
// with a team), else by this binary's absolute path. "|| exit 2" makes a
// hook that cannot start (mewsandbox missing) block the call: Claude Code
// lets a call through on any other failing status.
func hookCommand(sandbox bool, audit string) (cmd string, onPath bool, err error) {
	self, err := os.Executable()
	if err != nil {
		return "", false, fmt.Errorf("finding this binary: %w", err)
	}
	bin := self
	if found, err := osexec.LookPath("mewsandbox"); err == nil && sameFile(found, self) {
		bin, onPath = "mewsandbox", true
	}
	argv := []string{bin, "hook", "claude-code"}
	if sandbox {
		argv = append(argv, "--sandbox")
	}
	if audit != "" {
		abs, err := filepath.Abs(audit)
		if err != nil {
			return "", false, usagef("--audit %s: %v", audit, err)
		}
		argv = append(argv, "--audit", abs)
	}
	cmd, err = quoteArgv(argv)
	return cmd + " || exit 2", onPath, err
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

// mewsandboxHook matches the command of a hook mewsandbox installed, with
// or without flags, by name or by (quoted) path. Compiled on first use.
var mewsandboxHook = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`mewsandbox['"]?\s+hook\s+claude-code\b`) })

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
func installHook(path string, group jsonObject) (installResult, error) {
	var res installResult
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // change the file a symlink points at, keep the link
	}
	data, err := os.ReadFile(path)
	perm := fs.FileMode(0o644)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.created = true
	case err != nil:
		return res, fmt.Errorf("reading %s: %w", path, err)
	default:
		if fi, err := os.Stat(path); err == nil {
			perm = fi.Mode().Perm()
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
	if res.created {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return res, err
		}
	} else if res.backup, err = backupFile(path, data, perm); err != nil {
		return res, err
	}
	return res, writeFileAtomic(path, out, perm)
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

// backupFile copies data next to path as path.TIMESTAMP.bak, never over an
// existing file.
func backupFile(path string, data []byte, perm fs.FileMode) (string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	for i := 0; i < 100; i++ {
		name := fmt.Sprintf("%s.%s.bak", path, stamp)
		if i > 0 {
			name = fmt.Sprintf("%s.%s-%d.bak", path, stamp, i)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("backing up %s: %w", path, err)
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(name)
			return "", fmt.Errorf("backing up %s: %w", path, err)
		}
		return name, nil
	}
	return "", fmt.Errorf("backing up %s: 100 backups from this second already exist", path)
}

// writeFileAtomic replaces path with data: a reader sees the old file or
// the new one, never part of either.
func writeFileAtomic(path string, data []byte, perm fs.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
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
