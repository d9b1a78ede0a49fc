package permission

import "testing"

// TestEditorRCsAndAgentSettingsAskedRed71: Neovim's and Vim's project
// start-up files (sourced where 'exrc' is set), Mistral Vibe's project
// settings, Augment's hooks, Amp's and Trae's MCP servers and OpenHands'
// setup script run commands outside the sandbox when the editor or the
// agent next starts in the project, so the engine asks before writing
// them, as it does .vimrc and .exrc; the rules, notes and sources beside
// them stay the project's to edit.
func TestEditorRCsAndAgentSettingsAskedRed71(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write .nvim.lua", A, nil, w(".nvim.lua"), Ask},
		{"Write .nvimrc", A, nil, w(".nvimrc"), Ask},
		{"Write .gvimrc", A, nil, w(".gvimrc"), Ask},
		{"Write .lazy.lua", A, nil, w(".lazy.lua"), Ask},
		{"Write .vibe/config.toml", A, nil, w(".vibe/config.toml"), Ask},
		{"Write .vibe/tools/x.py", A, nil, w(".vibe/tools/x.py"), Ask},
		{"Write .augment/settings.json", A, nil, w(".augment/settings.json"), Ask},
		{"Write .augment/settings.local.json", A, nil, w(".augment/settings.local.json"), Ask},
		{"Write .amp/settings.json", A, nil, w(".amp/settings.json"), Ask},
		{"Write .trae/mcp.json", A, nil, w(".trae/mcp.json"), Ask},
		{"Write .openhands/setup.sh", A, nil, w(".openhands/setup.sh"), Ask},
		{"Bash echo > .nvim.lua", ModeBypassPermissions, nil, bash(`echo 'os.execute("touch x")' > .nvim.lua`), Ask},
		{"Bash printf > .trae/mcp.json", ModeBypassPermissions, nil, bash(`mkdir -p .trae && printf '{"mcpServers":{}}' > .trae/mcp.json`), Ask},
		{"neighbour: Write .vimrc (asked before)", A, nil, w(".vimrc"), Ask},
		{"neighbour: Write nvim/init.lua", A, nil, w("nvim/init.lua"), Allow},
		{"neighbour: Write lua/lazy.lua", A, nil, w("lua/lazy.lua"), Allow},
		{"neighbour: Write src/main.lua", A, nil, w("src/main.lua"), Allow},
		{"neighbour: Write .augment/rules/style.md", A, nil, w(".augment/rules/style.md"), Allow},
		{"neighbour: Write .openhands/microagents/repo.md", A, nil, w(".openhands/microagents/repo.md"), Allow},
		{"neighbour: Write .trae/rules/project_rules.md", A, nil, w(".trae/rules/project_rules.md"), Allow},
		{"neighbour: Write amp/settings.json", A, nil, w("amp/settings.json"), Allow},
		{"neighbour: Write setup.sh", A, nil, w("setup.sh"), Allow},
		{"neighbour: Bash echo > notes.lua", ModeBypassPermissions, nil, bash(`echo 'x = 1' > notes.lua`), Allow},
	})
}

// TestAgentHooksAskedRed71: Devin CLI's, Letta Code's and Tabnine CLI's
// project hooks and Junie's project MCP servers run commands when the
// agent next works in the project, so the engine asks before writing
// them; Junie's guidelines and Tabnine's other files stay the project's.
func TestAgentHooksAskedRed71(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write .devin/hooks.v1.json", A, nil, w(".devin/hooks.v1.json"), Ask},
		{"Write .devin/config.json", A, nil, w(".devin/config.json"), Ask},
		{"Write .letta/settings.json", A, nil, w(".letta/settings.json"), Ask},
		{"Write .letta/settings.local.json", A, nil, w(".letta/settings.local.json"), Ask},
		{"Write .tabnine/agent/settings.json", A, nil, w(".tabnine/agent/settings.json"), Ask},
		{"Write .junie/mcp/mcp.json", A, nil, w(".junie/mcp/mcp.json"), Ask},
		{"Bash echo > .devin/hooks.v1.json", ModeBypassPermissions, nil, bash(`mkdir -p .devin && echo '{}' > .devin/hooks.v1.json`), Ask},
		{"neighbour: Write .junie/guidelines.md", A, nil, w(".junie/guidelines.md"), Allow},
		{"neighbour: Write .tabnine/agent/notes.md", A, nil, w(".tabnine/agent/notes.md"), Allow},
		{"neighbour: Write .letta/notes.md", A, nil, w(".letta/notes.md"), Allow},
		{"neighbour: Write devin/config.json", A, nil, w("devin/config.json"), Allow},
	})
}
