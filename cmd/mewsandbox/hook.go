package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

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

type hookOutput struct {
	HookSpecificOutput struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	} `json:"hookSpecificOutput"`
}

func cmdHook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var o options
	fs := newFlagSet("hook", "mewsandbox hook claude-code [flags] < event.json", stdout)
	o.permissionFlags(fs)
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 || fs.Arg(0) != "claude-code" {
		return usagef("hook: want 'mewsandbox hook claude-code' (the only agent supported)")
	}
	ev, err := readHookEvent(stdin)
	if err != nil {
		// Exit 2 makes Claude Code block the call: a broken hook must
		// never let a call through.
		return usageError{fmt.Errorf("hook claude-code: %w", err)}
	}
	if o.mode == "" && !o.yolo && !o.plan && !o.acceptEdits && !o.dontAsk {
		o.mode = hookMode(ev.PermissionMode, stderr)
	}
	call, err := permission.CallFromInput(ev.ToolName, ev.ToolInput)
	if err != nil {
		return usageError{fmt.Errorf("hook claude-code: %w", err)}
	}
	if _, kind := permission.CanonicalTool(call.Tool); kind == permission.KindShell {
		if err := validCommand(call.Command); err != nil {
			return usageError{fmt.Errorf("hook claude-code: %w", err)}
		}
	}
	p, err := o.resolve(ev.Cwd)
	if err != nil {
		return err
	}
	printWarnings(stderr, p.config.Warnings)
	res := p.engine.Check(call)

	var out hookOutput
	out.HookSpecificOutput.HookEventName = "PreToolUse"
	out.HookSpecificOutput.PermissionDecision = res.Decision.String()
	out.HookSpecificOutput.PermissionDecisionReason = hookReason(res)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
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
// that was not allowed, the rule that would allow it.
func hookReason(res permission.Result) string {
	s := "mewsandbox: " + res.Reason
	if res.Source != "" && res.Rule != "" {
		s += " (" + res.Source + ")"
	}
	if res.Suggestion != "" {
		s += fmt.Sprintf("; to allow it, add %q to permissions.allow", res.Suggestion)
	}
	return s
}
