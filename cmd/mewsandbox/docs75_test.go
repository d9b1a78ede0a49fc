package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocs75HookUnknownToolAnswers holds the hook's answer for a tool
// mewsandbox does not model (Monitor, REPL, an MCP tool) to what README
// says of it: asked for in every mode, denied under dontAsk — even where
// an allow rule names the tool, since the hook never allows one — and its
// reason never tells the person to add an allow rule the hook ignores.
// Before, `hook claude-code --dont-ask --allow REPL` answered ask, which
// Claude Code shows as a prompt whose yes runs the call outside any
// sandbox, what `init --sandbox --dont-ask` is installed to prevent.
func TestDocs75HookUnknownToolAnswers(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Chdir(root)
	event := func(tool, input, mode string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + input +
			`,"cwd":` + string(mustMarshal(root)) + `,"permission_mode":"` + mode + `"}`
	}
	for _, tc := range []struct {
		name, event string
		flags       []string
		want        string
	}{
		// The attacks: an allow rule for the tool under dontAsk.
		{"dontAsk flag, allow rule", event("REPL", `{"code":"1"}`, "default"), []string{"--dont-ask", "--allow", "REPL"}, "deny"},
		{"dontAsk mode, allow rule", event("mcp__a__b", `{}`, "dontAsk"), []string{"--allow", "mcp__a__b"}, "deny"},
		// Neighbours: the same rule in default mode still asks, and a
		// modelled tool's allow rule still allows under dontAsk.
		{"default mode, allow rule", event("Monitor", `{"command":"ls"}`, "default"), []string{"--allow", "Monitor"}, "ask"},
		{"dontAsk, no rule", event("Monitor", `{"command":"ls"}`, "dontAsk"), nil, "deny"},
		{"default, no rule", event("Monitor", `{"command":"ls"}`, "bypassPermissions"), nil, "ask"},
		{"dontAsk, a modelled tool allowed", event("Bash", `{"command":"npm test"}`, "dontAsk"), []string{"--allow", "Bash(npm test:*)"}, "allow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"claude-code", "--no-user-settings"}, tc.flags...)
			if status := report(cmdHook(args, strings.NewReader(tc.event), &stdout, &stderr), &stderr); status != exitOK {
				t.Fatalf("exit status %d: %s", status, stderr.String())
			}
			var out hookOutput
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
				t.Fatalf("%v: %q", err, stdout.String())
			}
			d, reason := out.HookSpecificOutput.PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason
			if d != tc.want {
				t.Errorf("decision %s, want %s: %s", d, tc.want, reason)
			}
			if strings.Contains(tc.event, `"Bash"`) {
				return
			}
			if strings.Contains(reason, "permissions.allow") {
				t.Errorf("the reason suggests an allow rule the hook never honours for this tool: %s", reason)
			}
		})
	}
}

// TestDocs75HelpOfEveryCommand holds 'mewsandbox help COMMAND' and
// 'COMMAND -h', which the usage says give a command's help, to exit 0 for
// every command: 'help version' ran 'version -h' and failed with
// "version takes no arguments" (exit 2), and 'help -h' took -h for an
// unknown command.
func TestDocs75HelpOfEveryCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"help", "version"}, exitOK},
		{[]string{"version", "-h"}, exitOK},
		{[]string{"version", "--help"}, exitOK},
		{[]string{"help", "-h"}, exitOK},
		{[]string{"help", "help"}, exitOK},
		// Neighbours: what is not a request for help stays an error.
		{[]string{"version", "x"}, exitUsage},
		{[]string{"help", "bogus"}, exitUsage},
		{[]string{"help", "run"}, exitOK},
		{[]string{"version"}, exitOK},
	} {
		var stdout, stderr bytes.Buffer
		if got := realMain(tc.args, strings.NewReader(""), &stdout, &stderr); got != tc.want {
			t.Errorf("mewsandbox %s: exit %d, want %d: %s", strings.Join(tc.args, " "), got, tc.want, stderr.String())
		}
	}
}

// TestJSONOnlyWhereItPrints: --json is a flag of the commands that print
// a decision or a plan. run and the hook accepted it and printed what
// they always print (docs75): a CI job's `run --json` got the command's
// output, not JSON, and was told nothing. Now they refuse it (exit 2).
func TestJSONOnlyWhereItPrints(t *testing.T) {
	for _, args := range [][]string{
		{"run", "--json", "--", "true"},
		{"hook", "claude-code", "--json"},
	} {
		var stdout, stderr bytes.Buffer
		if code := realMain(args, strings.NewReader("{}"), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-json") {
			t.Errorf("%q: exit %d, stderr %q; want 2 naming -json", args, code, stderr.String())
		}
	}
	for _, args := range [][]string{
		{"check", "--json", "-c", "ls"},
		{"explain", "--json"},
	} {
		var stdout, stderr bytes.Buffer
		if code := realMain(args, strings.NewReader(""), &stdout, &stderr); code != 0 || !strings.HasPrefix(strings.TrimSpace(stdout.String()), "{") {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q; want 0 and JSON", args, code, stdout.String(), stderr.String())
		}
	}
}
