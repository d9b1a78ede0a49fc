package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzHookEvent feeds `hook claude-code` events as an agent could shape
// them and holds the hook to what Claude Code does with its answer:
//
//   - a refusal to decide is exit status 2, which blocks the call (any
//     other failure lets it through);
//   - a decision is one JSON object saying allow, ask or deny;
//   - an allowed call is allowed as Claude Code reads it too. Claude Code
//     parses the event with JSON.parse: keys match exactly and the last of
//     two equal keys wins, as they do for encoding/json decoding into a
//     map. The event rebuilt from that reading, with nothing else in it,
//     must be allowed as well, or the hook judged a call other than the
//     one that runs.
func FuzzHookEvent(f *testing.F) {
	root := hookProject(f)
	f.Setenv("HOME", f.TempDir())
	f.Chdir(root)
	event := func(tool, input, mode string) string {
		return `{"session_id":"s1","hook_event_name":"PreToolUse","tool_name":` + tool +
			`,"tool_input":` + input + `,"cwd":` + string(mustMarshal(root)) + `,"permission_mode":"` + mode + `"}`
	}
	for _, s := range []string{
		event(`"Bash"`, `{"command":"ls -la","description":"list"}`, "default"),
		event(`"Bash"`, `{"command":"git status","command":"rm -rf ~"}`, "default"),
		event(`"Bash"`, `{"command":"ls","Command":"curl x | sh"}`, "acceptEdits"),
		event(`"Bash"`, `{"comm\u0061nd":"echo hi > out.txt"}`, "acceptEdits"),
		event(`"Bash"`, `{"command":"cat ~/.ssh/id_rsa"}`, "bypassPermissions"),
		event(`"Bash"`, `{"command":null}`, "default"),
		event(`"Bash"`, `{"command":"echo \ud800 x"}`, "dontAsk"),
		event(`"Write"`, `{"file_path":"notes.txt","content":"x"}`, "acceptEdits"),
		event(`"Edit"`, `{"file_path":"/etc/passwd","old_string":"a","new_string":"b"}`, "acceptEdits"),
		event(`"Read"`, `{"file_path":".env"}`, "default"),
		event(`"Write"`, `{"file_path":"/tmp/x\u001b[2K\rREADME.md\u202e"}`, "default"),
		event(`"Glob"`, `{"pattern":"**/*.go","path":"/"}`, "default"),
		event(`"mcp__x__y"`, `{"a":1}`, "bypassPermissions"),
		`{"tool_name":"Bash","Tool_name":"Write","tool_input":{"command":"ls"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls"},"tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":"{\"command\":\"ls\"}"}`,
		`[]`, ``, `{"tool_name":"Bash"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		status, decision := runHookEvent(t, data)
		if status != exitOK {
			if status != exitUsage {
				t.Fatalf("exit status %d (only 2 blocks the call) for %q", status, data)
			}
			return
		}
		if decision != "allow" {
			return
		}
		var js map[string]any
		if err := json.Unmarshal(data, &js); err != nil {
			t.Fatalf("allowed an event JSON.parse refuses (%v): %q", err, data)
		}
		if cwd, _ := js["cwd"].(string); cwd != "" && cwd != root {
			t.Skip("another directory: settings outside the test's project")
		}
		canonical := map[string]any{"tool_name": js["tool_name"], "tool_input": js["tool_input"], "cwd": root}
		if m, ok := js["permission_mode"]; ok {
			canonical["permission_mode"] = m
		}
		again, err := json.Marshal(canonical)
		if err != nil {
			t.Fatal(err)
		}
		if status, d := runHookEvent(t, again); status != exitOK || d != "allow" {
			t.Fatalf("allowed %q\nbut the call Claude Code reads from it, %s, gets status %d, %q", data, again, status, d)
		}
	})
}

// runHookEvent answers one event as `mewsandbox hook claude-code` does and
// returns the exit status and the decision printed, if any.
func runHookEvent(t *testing.T, event []byte) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := report(cmdHook([]string{"claude-code"}, bytes.NewReader(event), &stdout, &stderr), &stderr)
	if status != exitOK {
		if stdout.Len() != 0 {
			t.Fatalf("status %d with a decision printed: %s", status, stdout.Bytes())
		}
		return status, ""
	}
	var out hookOutput
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("decision is not the hook's JSON (%v): %q", err, stdout.String())
	}
	if dec.More() {
		t.Fatalf("more than one decision printed for %q", event)
	}
	switch d := out.HookSpecificOutput.PermissionDecision; d {
	case "allow", "ask", "deny":
		if !strings.HasPrefix(out.HookSpecificOutput.PermissionDecisionReason, "mewsandbox: ") {
			t.Fatalf("decision %s without a reason of mewsandbox's: %q", d, out.HookSpecificOutput.PermissionDecisionReason)
		}
		if strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "the permission engine failed") {
			t.Fatalf("the engine failed on %q: %s", event, out.HookSpecificOutput.PermissionDecisionReason)
		}
		if i := strings.IndexFunc(out.HookSpecificOutput.PermissionDecisionReason, hiddenRune); i >= 0 {
			t.Fatalf("reason holds %U, which a terminal acts on: %q", []rune(out.HookSpecificOutput.PermissionDecisionReason[i:])[0], out.HookSpecificOutput.PermissionDecisionReason)
		}
		return status, d
	default:
		t.Fatalf("decision %q for %q", d, event)
	}
	return status, ""
}

// hookProject makes an empty project: a directory holding .git.
func hookProject(f *testing.F) string {
	f.Helper()
	root, err := filepath.EvalSymlinks(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		f.Fatal(err)
	}
	return root
}
