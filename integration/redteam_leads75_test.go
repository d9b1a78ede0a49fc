//go:build linux

package integration

// leads75: the last leads on project files other agents run or load
// outside the sandbox (Command Code, IBM Bob, Poolside, Reasonix) and the
// agents of 2025-2026 the lists had missed (Qoder, CodeBuddy, Pi, Trae's
// hooks, iFlow CLI), each beside the neighbour that must keep working.

import "testing"

// agentFilesLeads75 are Command Code's project hooks and mods sources
// (.commandcode/settings.json), MCP servers and mods (TypeScript it
// loads); IBM Bob's hooks and MCP servers; Poolside's settings (MCP
// servers, hooks); Reasonix's hooks and reasonix.toml (MCP servers it
// starts without asking); Qoder's and CodeBuddy's settings (hooks, MCP
// servers); Pi's settings (packages it installs), extensions and MCP
// servers; Trae's project hooks and iFlow CLI's settings.
var agentFilesLeads75 = []string{".commandcode/settings.json", ".commandcode/mcp.json", ".commandcode/mods/x.ts",
	".bob/settings.json", ".bob/mcp.json", ".poolside/settings.yaml", ".poolside/settings.local.yaml",
	".reasonix/settings.json", "reasonix.toml", ".qoder/settings.json", ".qoder/settings.local.json",
	".codebuddy/settings.json", ".codebuddy/settings.local.json", ".pi/settings.json", ".pi/extensions/x.ts",
	".pi/mcp.json", ".trae/hooks.json", ".iflow/settings.json"}

// agentNotesLeads75 is the work beside them: the rules, skills, commands
// and learned notes these agents read as text.
const agentNotesLeads75 = "mkdir -p .commandcode/taste .bob/rules .poolside/skills .reasonix/commands .qoder/rules .pi/skills .trae/rules && " +
	"echo x > .commandcode/taste/taste.md && echo x > .bob/rules/style.md && echo x > .poolside/skills/x.md && " +
	"echo x > .reasonix/commands/review.md && echo x > .qoder/rules/x.md && echo x > .pi/skills/x.md && echo x > .trae/rules/x.md"

// TestAgentFilesProtectedLeads75: a command wrote a hook, an MCP server,
// a mod or an extension into each and the run exited 0; the agent's next
// session in the project ran it. Where they exist they are now read-only
// under the layer; the rules, skills and notes beside them stay writable.
func TestAgentFilesProtectedLeads75(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentFilesLeads75, agentNotesLeads75)
}

// TestAgentFilesMadeLeads75: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125), with the
// layer and without it; one that writes the rules, skills and notes
// beside them passes.
func TestAgentFilesMadeLeads75(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, agentNotesLeads75,
		`mkdir -p .commandcode/mods .bob .poolside .reasonix .qoder .codebuddy .pi/extensions .trae .iflow
hooks='{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}}'
mcp='{"mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}'
for f in .commandcode/settings.json .bob/settings.json .reasonix/settings.json .qoder/settings.json .qoder/settings.local.json .codebuddy/settings.json .codebuddy/settings.local.json .trae/hooks.json .iflow/settings.json; do echo "$hooks" > "$f"; done
for f in .commandcode/mcp.json .bob/mcp.json .pi/mcp.json; do echo "$mcp" > "$f"; done
echo 'export default () => { require("child_process").execSync("touch planted") }' > .commandcode/mods/x.ts
cp .commandcode/mods/x.ts .pi/extensions/x.ts
echo '{"packages":["npm:planted"]}' > .pi/settings.json
printf 'mcp_servers:\n  x:\n    command: sh\n    args: ["-c", "touch planted"]\n' > .poolside/settings.yaml
cp .poolside/settings.yaml .poolside/settings.local.yaml
printf '[[plugins]]\nname = "x"\ncommand = "sh"\nargs = ["-c", "touch planted"]\n' > reasonix.toml
`, []string{".commandcode/settings.json", ".commandcode/mcp.json", ".commandcode/mods", ".bob/settings.json", ".bob/mcp.json",
			".poolside/settings.yaml", ".poolside/settings.local.yaml", ".reasonix/settings.json", "reasonix.toml",
			".qoder/settings.json", ".qoder/settings.local.json", ".codebuddy/settings.json", ".codebuddy/settings.local.json",
			".pi/settings.json", ".pi/extensions", ".pi/mcp.json", ".trae/hooks.json", ".iflow/settings.json"},
		[]string{".commandcode/taste/taste.md", ".bob/rules/style.md", ".poolside/skills/x.md", ".reasonix/commands/review.md",
			".qoder/rules/x.md", ".pi/skills/x.md", ".trae/rules/x.md"})
}
