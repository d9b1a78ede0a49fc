package permission

import "testing"

// TestAgentHooksAskedRed72: Cline's project hooks and plugins, Cortex
// Code's project hooks, Kimi Code's project MCP servers, OpenHands'
// project hooks, Crush's crushrc and the Go opencode's .opencode.json run
// commands or load code when the agent next starts in the project, so
// the engine asks before writing them; the rules, hints and notes beside
// them, and the files red72 found run nothing (.roomodes, .goosehints),
// stay the project's to edit.
func TestAgentHooksAskedRed72(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write .cline/hooks/TaskStart", A, nil, w(".cline/hooks/TaskStart"), Ask},
		{"Write .cline/plugins/x.ts", A, nil, w(".cline/plugins/x.ts"), Ask},
		{"Write .cortex/settings.json", A, nil, w(".cortex/settings.json"), Ask},
		{"Write .kimi-code/mcp.json", A, nil, w(".kimi-code/mcp.json"), Ask},
		{"Write .openhands/hooks.json", A, nil, w(".openhands/hooks.json"), Ask},
		{"Write .crushrc", A, nil, w(".crushrc"), Ask},
		{"Write crushrc", A, nil, w("crushrc"), Ask},
		{"Write .opencode.json", A, nil, w(".opencode.json"), Ask},
		{"Bash printf > .cline/hooks/TaskStart", ModeBypassPermissions, nil, bash(`mkdir -p .cline/hooks && printf '#!/bin/sh\ntouch x\n' > .cline/hooks/TaskStart`), Ask},
		{"Bash echo > .crushrc", ModeBypassPermissions, nil, bash(`echo 'touch x' > .crushrc`), Ask},
		{"Bash echo > .kimi-code/mcp.json", ModeBypassPermissions, nil, bash(`mkdir -p .kimi-code && echo '{}' > .kimi-code/mcp.json`), Ask},
		{"neighbour: Write .clinerules/style.md", A, nil, w(".clinerules/style.md"), Allow},
		{"neighbour: Write .openhands/microagents/repo.md", A, nil, w(".openhands/microagents/repo.md"), Allow},
		{"neighbour: Write .kimi-code/notes.md", A, nil, w(".kimi-code/notes.md"), Allow},
		{"neighbour: Write cline/hooks/TaskStart", A, nil, w("cline/hooks/TaskStart"), Allow},
		{"neighbour: Write docs/cortex/settings.json", A, nil, w("docs/cortex/settings.json"), Allow},
		{"neighbour: Write crush.md", A, nil, w("crush.md"), Allow},
		{"neighbour: Write opencode.md", A, nil, w("opencode.md"), Allow},
		{"neighbour: Write .roomodes", A, nil, w(".roomodes"), Allow},
		{"neighbour: Write .goosehints", A, nil, w(".goosehints"), Allow},
		{"neighbour: Write hooks.json", A, nil, w("hooks.json"), Allow},
		{"neighbour: Bash echo > notes.rc", ModeBypassPermissions, nil, bash(`echo x > notes.rc`), Allow},
	})
}
