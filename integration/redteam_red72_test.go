//go:build linux

package integration

// Red team red72: the last leads on project files other agents run or
// load outside the sandbox when the user next works in the project with
// them, each beside the neighbour that must keep working.

import "testing"

// agentFilesRed72 are Cline's project hooks (.cline/hooks, scripts run at
// its events) and plugins (.cline/plugins, modules loaded at a session's
// start), Cortex Code's project hooks (.cortex/settings.json), Kimi
// Code's project MCP servers (.kimi-code/mcp.json, started at a
// session's start), OpenHands' project hooks (.openhands/hooks.json),
// Crush's crushrc (Bash it runs at its start, .crushrc before crushrc)
// and the Go opencode's .opencode.json (MCP and language servers).
var agentFilesRed72 = []string{".cline/hooks/TaskStart", ".cline/plugins/x.ts", ".cortex/settings.json",
	".kimi-code/mcp.json", ".openhands/hooks.json", ".crushrc", "crushrc", ".opencode.json"}

// TestAgentFilesProtectedRed72: a command wrote a hook, a plugin, an MCP
// server or a line of Bash into each and the run exited 0; the agent's
// next session in the project ran it. Where they exist they are now
// read-only under the layer; Cline's rules, OpenHands' microagents and
// the rest of .kimi-code stay writable.
func TestAgentFilesProtectedRed72(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentFilesRed72,
		"mkdir -p .clinerules .openhands/microagents && echo x > .clinerules/style.md && echo x > .openhands/microagents/x.md && echo x > .kimi-code/notes.md")
}

// TestAgentFilesMadeRed72: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125), with the
// layer and without it; one that writes Cline's rules, OpenHands'
// microagents and AGENTS.md passes.
func TestAgentFilesMadeRed72(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {},
		"mkdir -p .clinerules .openhands/microagents && echo x > .clinerules/style.md && echo x > .openhands/microagents/x.md && echo x > AGENTS.md",
		`mkdir -p .cline/hooks .cortex .kimi-code .openhands
printf '#!/bin/sh\ntouch planted\n' > .cline/hooks/TaskStart && chmod +x .cline/hooks/TaskStart
echo '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}}' > .cortex/settings.json
echo '{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}' > .openhands/hooks.json
echo '{"mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}' > .kimi-code/mcp.json
echo 'x=$(touch planted)' > .crushrc && cp .crushrc crushrc
echo '{"mcpServers":{"x":{"type":"stdio","command":"sh","args":["-c","touch planted"]}}}' > .opencode.json
`, []string{".cline", ".cortex", ".kimi-code/mcp.json", ".openhands/hooks.json", ".crushrc", "crushrc", ".opencode.json"},
		[]string{".clinerules/style.md", ".openhands/microagents/x.md", "AGENTS.md"})
}
