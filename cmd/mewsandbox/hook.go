package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// maxHookEvent bounds a hook event read from stdin.
const maxHookEvent = 8 << 20

// preToolUse is the part of Claude Code's PreToolUse event we read.
type preToolUse struct {
	SessionID      string          `json:"session_id"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
}

// hookEventKeys are the keys of preToolUse, as its json tags name them.
var hookEventKeys = []string{"session_id", "hook_event_name", "tool_name", "tool_input", "cwd", "permission_mode"}

// hookOutput is Claude Code's PreToolUse decision: "allow" skips its
// permission prompt, "ask" shows it, "deny" blocks the call and tells
// Claude the reason. updatedInput replaces the tool's whole input.
type hookOutput struct {
	HookSpecificOutput hookDecision `json:"hookSpecificOutput"`
}

type hookDecision struct {
	HookEventName            string          `json:"hookEventName"`
	PermissionDecision       string          `json:"permissionDecision"`
	PermissionDecisionReason string          `json:"permissionDecisionReason"`
	UpdatedInput             json.RawMessage `json:"updatedInput,omitempty"`
}

// hookDeadline bounds one decision of the hook (a review's link loop held
// it for minutes, and Claude Code then let the call through).
const hookDeadline = 20 * time.Second

// cmdHook answers one PreToolUse event. Every failure exits 2, which
// Claude Code treats as a block: on any other status it would let the call
// through, unchecked and, under --sandbox, unsandboxed.
func cmdHook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	// Claude Code lets a call through when its hook times out (after 60 s
	// in older versions): a decision not made by hookDeadline blocks.
	watchdog := time.AfterFunc(hookDeadline, func() {
		fmt.Fprintf(stderr, "mewsandbox: hook claude-code: no decision after %v: blocked\n", hookDeadline)
		os.Exit(2)
	})
	defer watchdog.Stop()
	err := hook(args, stdin, stdout, stderr)
	var ee exitError
	var ue usageError
	switch {
	case err == nil, errors.As(err, &ee) && ee.status == exitOK:
		return err
	case errors.As(err, &ue) && !errors.As(err, &ee):
		return err
	}
	return usageError{fmt.Errorf("hook claude-code: %v", err)}
}

// hookFlags registers the flags of `hook claude-code` on a new flag set:
// those of run, check and explain that shape the decision and the sandbox,
// and --sandbox.
func hookFlags(o *options, sandbox *bool, w io.Writer) *flag.FlagSet {
	fs := newFlagSet("hook", "mewsandbox hook claude-code [--sandbox] [flags] < event.json", w)
	o.permissionFlags(fs)
	o.auditFlag(fs)
	fs.BoolVar(sandbox, "sandbox", false, "answer an allowed Bash call with its command rewritten to run through 'mewsandbox run' in the kernel sandbox")
	o.sandboxFlags(fs)
	return fs
}

func hook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var o options
	var sandbox bool
	fs := hookFlags(&o, &sandbox, stdout)
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseWithWord(fs, args, "claude-code"); err != nil {
		return err
	}
	if name := sandboxFlagSet(fs); name != "" && !sandbox {
		return usagef("hook: --%s shapes the sandbox, which only --sandbox uses; add --sandbox or drop it", name)
	}
	ev, err := readHookEvent(stdin)
	if err != nil {
		return usageError{fmt.Errorf("hook claude-code: %w", err)}
	}
	if o.mode == "" && !o.yolo && !o.plan && !o.acceptEdits && !o.dontAsk {
		o.mode = hookMode(ev.PermissionMode, stderr)
	}
	call, err := permission.CallFromInput(ev.ToolName, ev.ToolInput)
	var ambiguous *permission.AmbiguousInputError
	if err != nil && !errors.As(err, &ambiguous) {
		return usageError{fmt.Errorf("hook claude-code: %w", err)}
	}
	_, kind := permission.CanonicalTool(call.Tool)
	if kind == permission.KindShell && ambiguous == nil {
		if err := validCommand(call.Command); err != nil {
			return usageError{fmt.Errorf("hook claude-code: %w", err)}
		}
	}
	go permission.Warm(call.Tool)
	p, err := o.resolve(ev.Cwd)
	if err != nil {
		return err
	}
	printWarnings(stderr, p.config.Warnings)
	var pol exec.Policy
	writable := []string{p.root}
	if sandbox {
		// Built now so that a policy that cannot be built blocks every
		// call, rather than failing inside each rewritten command.
		if pol, _, err = o.policy(p, stderr); err != nil {
			return err
		}
		writable = writableDirs(pol)
		if err := hookBinaryOutOfReach(writable); err != nil {
			return err
		}
	}
	audit, err := openAudit("hook", cmp.Or(o.session, ev.SessionID), auditTargets(o.audit, p.config), writable)
	if err != nil {
		return err
	}
	defer audit.Close()

	var res permission.Result
	// With --sandbox the command runs with its environment scrubbed.
	p.engine.EnvScrubbed = sandbox
	switch {
	case ambiguous != nil:
		res = ambiguousResult(ambiguous, p.engine.Mode)
	default:
		res = p.engine.Check(call)
	}
	if kind == permission.KindUnknown {
		// No allow rule makes the hook allow it (below): suggesting one
		// would send the person after an answer that never comes.
		res.Suggestion = ""
	}
	if kind == permission.KindUnknown && res.Decision == permission.Allow {
		// What mewsandbox cannot see into it does not vouch for, whatever
		// a rule says: the person decides.
		res.Decision = permission.Ask
		res.Reason = fmt.Sprintf("unknown tool %q: the hook never allows a tool mewsandbox cannot analyse (%s)", call.Tool, res.Reason)
		if p.engine.Mode == permission.ModeDontAsk {
			// Under dontAsk no call may reach Claude Code's prompt, whose
			// yes would run it outside any sandbox.
			res.Decision = permission.Deny
			res.Reason = "dontAsk mode: " + res.Reason
		}
	}
	out := hookDecision{
		HookEventName:            "PreToolUse",
		PermissionDecision:       res.Decision.String(),
		PermissionDecisionReason: hookReason(res),
	}
	if sandbox && kind == permission.KindShell && res.Decision == permission.Allow {
		session := ""
		if o.session == "" && permission.ValidSessionID(ev.SessionID) == nil {
			session = ev.SessionID
		}
		command, err := sandboxedCommand(fs, p, call.Command, session)
		if err != nil {
			return err
		}
		if out.UpdatedInput, err = withCommand(ev.ToolInput, command); err != nil {
			return err
		}
		out.PermissionDecisionReason += "; runs in the mewsandbox sandbox (" + policyLine(pol) + ")"
	}
	if err := audit.decision(call, res); err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(hookOutput{out})
}

// ambiguousResult is the decision on a tool input that does not say one
// thing: Ask (Deny in dontAsk mode), never Allow, whatever the rules say,
// since the call mewsandbox would judge may not be the one that runs.
func ambiguousResult(err *permission.AmbiguousInputError, mode permission.Mode) permission.Result {
	res := permission.Result{
		Decision: permission.Ask,
		Reason:   err.Error() + ": the call could be read as more than one call, so it is never allowed without asking",
	}
	if mode == permission.ModeDontAsk {
		res.Decision = permission.Deny
		res.Reason += " (dontAsk mode: denied)"
	}
	return res
}

// policyLine sums up a sandbox policy in a few words.
func policyLine(pol exec.Policy) string {
	root := "project root " + pol.Root
	if pol.ReadOnlyRoot {
		root += " read-only"
	}
	return fmt.Sprintf("%s, %d path grants, network %s", root, len(pol.Grants), cmp.Or(pol.Network.Mode, exec.NetworkNone))
}

// hookBinaryOutOfReach refuses a sandbox whose commands could replace the
// mewsandbox that Claude Code runs outside it: this binary, which every
// rewritten command names, or one put where the shell's PATH lookup of
// the hook's command would find it first. A command that replaced it would
// have the next hook call, or the next rewritten command, run what it put
// there, with none of the sandbox around it.
func hookBinaryOutOfReach(writable []string) error {
	const fix = "nothing was run: install mewsandbox outside the project and the writable grants (sudo make install puts it in /usr/local/bin) and name it in the hook's command"
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this binary, which the rewritten commands name: %w", err)
	}
	if dir, ok := writableHolder(self, writable); ok {
		return usagef("hook: this binary %s lies in %s, which sandboxed commands can write: one could replace it, and the next hook call or rewritten command would run its replacement outside the sandbox; %s", self, dir, fix)
	}
	name := os.Args[0]
	if strings.ContainsRune(name, '/') {
		// Named by its path, not looked up: the next hook call takes the
		// same way, through whatever links are on it then.
		abs, err := filepath.Abs(name)
		if err != nil {
			return fmt.Errorf("finding this binary's path %q: %w", name, err)
		}
		if dir, ok := writableHolder(abs, writable); ok {
			return usagef("hook: this binary, named %s, lies in or is reached through a symbolic link in %s, which sandboxed commands can write: one could replace it or repoint the link, and the next hook call would run what it put there outside the sandbox; %s", abs, dir, fix)
		}
		return nil
	}
	selfInfo, err := os.Stat(self)
	if err != nil {
		return fmt.Errorf("finding this binary, which the rewritten commands name: %w", err)
	}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		abs, err := filepath.Abs(cmp.Or(d, "."))
		if err != nil {
			return fmt.Errorf("PATH directory %q: %w", d, err)
		}
		candidate := filepath.Join(abs, name)
		if dir, ok := writableHolder(candidate, writable); ok {
			return usagef("hook: PATH directory %s, searched for %q before this binary %s, lies in %s, which sandboxed commands can write: one could put a %s there that the next hook call runs outside the sandbox; %s by its absolute path, or take that directory off PATH",
				abs, name, self, dir, name, fix)
		}
		if fi, err := os.Stat(candidate); err == nil && os.SameFile(fi, selfInfo) {
			return nil
		}
	}
	return nil
}

// sandboxFlagSet returns the name of a sandbox-shaping flag given on the
// command line, or "".
func sandboxFlagSet(fs *flag.FlagSet) string {
	probe := flag.NewFlagSet("", flag.ContinueOnError)
	new(options).sandboxFlags(probe)
	name := ""
	fs.Visit(func(f *flag.Flag) {
		if name == "" && probe.Lookup(f.Name) != nil {
			name = f.Name
		}
	})
	return name
}

// hookOnlyFlag reports whether the hook's flag name is one run gets
// differently, or not at all: --root and --mode are passed as the hook
// resolved them, --session as the hook's session.
func hookOnlyFlag(name string) bool {
	switch name {
	case "root", "mode", "yolo", "plan", "accept-edits", "dont-ask", "sandbox":
		return true
	}
	return false
}

// sandboxedCommand is the shell command line that runs command through
// `mewsandbox run` (this binary, by absolute path) with the hook's flags:
// the same settings, rules, session, root and mode decide again, and the
// sandbox applies what they allow. session, when not "", is Claude Code's
// session for run's audit records and denial counts. --from-hook marks
// run's decision as the recheck of the one the hook records. command
// reaches run as one -c argument, quoted so that no character in it can
// change the outer command.
func sandboxedCommand(fs *flag.FlagSet, p *project, command, session string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding this binary for the rewritten command: %w", err)
	}
	argv := []string{self, "run", "--root=" + p.root, "--mode=" + string(p.engine.Mode), "--from-hook"}
	if session != "" {
		argv = append(argv, "--session="+session)
	}
	fs.Visit(func(f *flag.Flag) {
		if hookOnlyFlag(f.Name) {
			return
		}
		for _, v := range flagValues(f) {
			argv = append(argv, "--"+f.Name+"="+absFlagPath(f.Name, v, p.cwd))
		}
	})
	argv = append(argv, "-c", command)
	return quoteArgv(argv)
}

// flagValues are the values a flag was given, one per time for a
// repeatable one.
func flagValues(f *flag.Flag) []string {
	switch v := f.Value.(type) {
	case *listFlag:
		return *v
	case *portsFlag:
		var values []string
		for _, port := range *v {
			values = append(values, strconv.Itoa(int(port)))
		}
		return values
	}
	return []string{f.Value.String()}
}

// absFlagPath makes the value of a path flag absolute, since the rewritten
// command may run in another directory: against cwd, the event's, for the
// paths the hook resolved there; against the hook's own working directory
// for --settings and --audit. Other values, and ~/ paths (run expands
// those), pass unchanged.
func absFlagPath(name, v, cwd string) string {
	if v == "" || filepath.IsAbs(v) || v == "~" || strings.HasPrefix(v, "~/") {
		return v
	}
	switch name {
	case "plan-file", "allow-read", "allow-write", "deny-read":
		return filepath.Join(cwd, v)
	case "settings", "audit":
		if abs, err := filepath.Abs(v); err == nil {
			return abs
		}
	}
	return v
}

// withCommand returns the tool input with its command replaced and every
// other member as it was, in order.
func withCommand(input json.RawMessage, command string) (json.RawMessage, error) {
	obj, err := parseObject(input)
	if err != nil {
		return nil, fmt.Errorf("tool_input: %w", err)
	}
	replaced := false
	for i := range obj {
		if obj[i].Key == "command" { // every one: a duplicate must not smuggle the original through
			obj[i].Value, replaced = mustMarshal(command), true
		}
	}
	if !replaced {
		return nil, fmt.Errorf("BUG(mewsandbox): tool_input has no command to rewrite")
	}
	return mustMarshal(obj), nil
}

// readHookEvent reads and validates one PreToolUse event.
func readHookEvent(r io.Reader) (preToolUse, error) {
	var ev preToolUse
	data, err := io.ReadAll(io.LimitReader(r, maxHookEvent+1))
	if err != nil {
		return ev, fmt.Errorf("reading the event on stdin: %w", err)
	}
	if len(data) > maxHookEvent {
		return ev, fmt.Errorf("event on stdin is over %d bytes", maxHookEvent)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return ev, fmt.Errorf("no event on stdin (want Claude Code's PreToolUse JSON)")
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return ev, fmt.Errorf("event on stdin is not valid JSON: %w", err)
	}
	// Unmarshal took "Tool_name" for tool_name, the last of two: Claude
	// Code reads its own keys exactly, and could run one tool while this
	// decided on another.
	if key, known, ok := permission.AmbiguousKey(data, hookEventKeys); ok {
		if known == "" {
			return ev, fmt.Errorf("event on stdin gives %q twice", key)
		}
		return ev, fmt.Errorf("event on stdin has %q, a case variant of %q", key, known)
	}
	if ev.HookEventName != "" && ev.HookEventName != "PreToolUse" {
		return ev, fmt.Errorf("hook_event_name is %q; install the hook under PreToolUse", ev.HookEventName)
	}
	if ev.ToolName == "" {
		return ev, fmt.Errorf("event has no tool_name")
	}
	if ev.Cwd != "" && !filepath.IsAbs(ev.Cwd) {
		return ev, fmt.Errorf("event cwd %q is not an absolute path", ev.Cwd)
	}
	return ev, nil
}

// hookMode maps Claude Code's permission_mode onto ours. A mode we do not
// know falls back to default, which asks for anything risky.
func hookMode(pm string, stderr io.Writer) string {
	if pm == "" {
		return string(permission.ModeDefault)
	}
	m, err := permission.ParseMode(pm)
	if err != nil {
		fmt.Fprintf(stderr, "mewsandbox: warning: permission_mode %q is unknown; deciding as in default mode\n", pm)
		return string(permission.ModeDefault)
	}
	return string(m)
}

// hookReason is the reason Claude Code shows: with the rule and, for a call
// that was not allowed, the rule that would allow it. It carries the
// agent's path or command as written, so what a terminal would act on
// shows as its escape (visible).
func hookReason(res permission.Result) string {
	s := "mewsandbox: " + res.Reason
	if res.Source != "" && res.Rule != "" {
		s += " (" + res.Source + ")"
	}
	if res.Suggestion != "" {
		s += fmt.Sprintf("; to allow it, add %q to permissions.allow", res.Suggestion)
	}
	return visible(s, false)
}

// visible returns s with each character a terminal would act on rather
// than show written as its Go escape (\x1b, \r, \u202e): an escape
// sequence, a carriage return or a right-to-left override in an agent's
// path or command would otherwise redraw the question put to the person,
// hiding what it asks about. Newlines and tabs stay when keepLines.
func visible(s string, keepLines bool) string {
	if strings.IndexFunc(s, hiddenRune) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case keepLines && (r == '\n' || r == '\t'), !hiddenRune(r):
			b.WriteRune(r)
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

// hiddenRune reports whether a terminal acts on r rather than showing it:
// a control character (C0, DEL, C1) or an invisible format one (bidi
// controls, zero-width characters, the byte order mark).
func hiddenRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}
