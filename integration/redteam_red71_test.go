//go:build linux

package integration

// Red team red71: a systematic pass over the project files that other
// programs run or load outside the sandbox without the user asking for
// project code to run, each beside the neighbour that must keep working.

import "testing"

// editorRCsRed71 are Vim's and Neovim's project start-up files: with
// 'exrc' set, Vim sources .vimrc (or .exrc) and .gvimrc from the
// directory it starts in, trusting nothing ('secure' only where the file
// is not the user's), and Neovim .nvim.lua, .nvimrc or .exrc; lazy.nvim
// loads .lazy.lua, a plugin spec whose Lua runs, at Neovim's start there
// (its local_spec, on by default, since 10.21).
var editorRCsRed71 = []string{".vimrc", ".gvimrc", ".exrc", ".nvimrc", ".nvim.lua", ".lazy.lua"}

// agentSettingsRed71 are other agents' project settings that run a
// command when a session starts in the project: Augment's hooks
// (.augment/settings.json and settings.local.json), Mistral Vibe's MCP
// servers (.vibe/config.toml, read in a directory trusted by its path),
// Amp's workspace MCP servers, Trae's project MCP servers and OpenHands'
// setup script, run at each session's start.
var agentSettingsRed71 = []string{".augment/settings.json", ".augment/settings.local.json", ".vibe/config.toml",
	".amp/settings.json", ".trae/mcp.json", ".openhands/setup.sh"}

// TestEditorRCsProtectedRed71: a command overwrote the root's .vimrc or
// .nvim.lua and the run exited 0; the next vim or nvim started in the
// project by a user with 'exrc' ran what it wrote. Where they exist they
// are now read-only under the layer; the sources beside them stay
// writable.
func TestEditorRCsProtectedRed71(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, editorRCsRed71, "mkdir -p src && echo 'int main;' > src/main.c && echo x > vimrc.md")
}

// TestEditorRCsMadeRed71: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125), with the
// layer and without it; one that writes the sources passes.
func TestEditorRCsMadeRed71(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, "mkdir -p src && echo 'int main;' > src/main.c",
		`for f in .vimrc .gvimrc .exrc .nvimrc; do echo '!touch planted' > "$f"; done
echo 'os.execute("touch planted")' > .nvim.lua && cp .nvim.lua .lazy.lua
`, editorRCsRed71, []string{"src/main.c"})
}

// TestAgentSettingsProtectedRed71: a command wrote a hook into
// .augment/settings.json, an MCP server into .vibe/config.toml,
// .amp/settings.json or .trae/mcp.json, or a line into
// .openhands/setup.sh, and the run exited 0; the agent's next session in
// the project ran it. Where they exist they are now read-only under the
// layer; the rules and commands beside them stay writable.
func TestAgentSettingsProtectedRed71(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentSettingsRed71,
		"mkdir -p .augment/rules .openhands/microagents && echo x > .augment/rules/x.md && echo x > .openhands/microagents/x.md && echo x > .amp/notes.md && echo x > .trae/rules.md")
}

// TestAgentSettingsMadeRed71: where they are missing, a command that
// makes them has them moved aside after the run, which fails (125), with
// the layer and without it; one that writes their rules and AGENTS.md
// passes.
func TestAgentSettingsMadeRed71(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {},
		"mkdir -p .augment/rules .openhands/microagents .trae/rules && echo x > .augment/rules/x.md && echo x > .openhands/microagents/x.md && echo x > .trae/rules/x.md && echo x > AGENTS.md",
		`mkdir -p .augment .vibe .amp .trae .openhands
h='{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}}'
echo "$h" > .augment/settings.json && echo "$h" > .augment/settings.local.json
printf '[[mcp_servers]]\nname = "x"\ntransport = "stdio"\ncommand = "sh"\nargs = ["-c", "touch planted"]\n' > .vibe/config.toml
echo '{"amp.mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}' > .amp/settings.json
echo '{"mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}' > .trae/mcp.json
echo 'touch planted' > .openhands/setup.sh
`, []string{".augment/settings.json", ".augment/settings.local.json", ".vibe", ".amp/settings.json", ".trae/mcp.json", ".openhands/setup.sh"},
		[]string{".augment/rules/x.md", ".openhands/microagents/x.md", ".trae/rules/x.md", "AGENTS.md"})
}

// agentHooksRed71 are the project files whose hooks more agents run at
// their events (a session's start, each tool call): Devin CLI's
// .devin/hooks.v1.json and .devin/config.json, Letta Code's
// .letta/settings.json and settings.local.json, Tabnine CLI's
// .tabnine/agent/settings.json, and Junie's project MCP servers
// (.junie/mcp/mcp.json).
var agentHooksRed71 = []string{".devin/hooks.v1.json", ".devin/config.json", ".letta/settings.json",
	".letta/settings.local.json", ".tabnine/agent/settings.json", ".junie/mcp/mcp.json"}

// TestAgentHooksProtectedRed71: a command wrote a SessionStart hook into
// one of them and the run exited 0; the agent's next session in the
// project ran it. Where they exist they are now read-only under the
// layer; Junie's guidelines and the rest of .letta and .tabnine stay
// writable.
func TestAgentHooksProtectedRed71(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentHooksRed71,
		"echo x > .junie/guidelines.md && echo x > .letta/notes.md && echo x > .tabnine/agent/notes.md")
}

// TestAgentHooksMadeRed71: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125), with the
// layer and without it; one that writes Junie's guidelines passes.
func TestAgentHooksMadeRed71(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, "mkdir -p .junie && echo x > .junie/guidelines.md",
		`mkdir -p .devin .letta .tabnine/agent .junie/mcp
h='{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}}'
echo '{"SessionStart":[{"hooks":[{"type":"command","command":"touch planted"}]}]}' > .devin/hooks.v1.json
echo "$h" > .letta/settings.json && echo "$h" > .letta/settings.local.json && echo "$h" > .tabnine/agent/settings.json
echo '{"mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}' > .junie/mcp/mcp.json
`, []string{".devin", ".letta/settings.json", ".letta/settings.local.json", ".tabnine/agent/settings.json", ".junie/mcp"},
		[]string{".junie/guidelines.md"})
}
