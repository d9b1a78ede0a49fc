package permission

import "testing"

// TestAgentFilesAskedLeads75: Command Code's, IBM Bob's, Poolside's,
// Reasonix's, Qoder's, CodeBuddy's, Pi's, Trae's and iFlow CLI's project
// hooks, MCP servers, mods and extensions run commands or load code when
// the agent next starts in the project, so the engine asks before writing
// them; the rules, skills, commands and notes beside them stay the
// project's to edit.
func TestAgentFilesAskedLeads75(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write .commandcode/settings.json", A, nil, w(".commandcode/settings.json"), Ask},
		{"Write .commandcode/mcp.json", A, nil, w(".commandcode/mcp.json"), Ask},
		{"Write .commandcode/mods/x.ts", A, nil, w(".commandcode/mods/x.ts"), Ask},
		{"Write .bob/settings.json", A, nil, w(".bob/settings.json"), Ask},
		{"Write .bob/mcp.json", A, nil, w(".bob/mcp.json"), Ask},
		{"Write .poolside/settings.yaml", A, nil, w(".poolside/settings.yaml"), Ask},
		{"Write .poolside/settings.local.yaml", A, nil, w(".poolside/settings.local.yaml"), Ask},
		{"Write .reasonix/settings.json", A, nil, w(".reasonix/settings.json"), Ask},
		{"Write reasonix.toml", A, nil, w("reasonix.toml"), Ask},
		{"Write .qoder/settings.json", A, nil, w(".qoder/settings.json"), Ask},
		{"Write .qoder/settings.local.json", A, nil, w(".qoder/settings.local.json"), Ask},
		{"Write .codebuddy/settings.json", A, nil, w(".codebuddy/settings.json"), Ask},
		{"Write .codebuddy/settings.local.json", A, nil, w(".codebuddy/settings.local.json"), Ask},
		{"Write .pi/settings.json", A, nil, w(".pi/settings.json"), Ask},
		{"Write .pi/extensions/x.ts", A, nil, w(".pi/extensions/x.ts"), Ask},
		{"Write .pi/mcp.json", A, nil, w(".pi/mcp.json"), Ask},
		{"Write .trae/hooks.json", A, nil, w(".trae/hooks.json"), Ask},
		{"Write .iflow/settings.json", A, nil, w(".iflow/settings.json"), Ask},
		{"Bash echo > .pi/extensions/x.ts", ModeBypassPermissions, nil, bash(`mkdir -p .pi/extensions && echo 'export default () => {}' > .pi/extensions/x.ts`), Ask},
		{"Bash echo > reasonix.toml", ModeBypassPermissions, nil, bash(`printf '[[plugins]]\nname = "x"\ncommand = "sh"\n' > reasonix.toml`), Ask},
		{"Bash echo > .bob/mcp.json", ModeBypassPermissions, nil, bash(`mkdir -p .bob && echo '{}' > .bob/mcp.json`), Ask},
		{"neighbour: Write .commandcode/taste/taste.md", A, nil, w(".commandcode/taste/taste.md"), Allow},
		{"neighbour: Write .bob/rules/style.md", A, nil, w(".bob/rules/style.md"), Allow},
		{"neighbour: Write .poolside/skills/x/SKILL.md", A, nil, w(".poolside/skills/x/SKILL.md"), Allow},
		{"neighbour: Write .reasonix/commands/review.md", A, nil, w(".reasonix/commands/review.md"), Allow},
		{"neighbour: Write .qoder/rules/x.md", A, nil, w(".qoder/rules/x.md"), Allow},
		{"neighbour: Write .pi/skills/x/SKILL.md", A, nil, w(".pi/skills/x/SKILL.md"), Allow},
		{"neighbour: Write .trae/rules/x.md", A, nil, w(".trae/rules/x.md"), Allow},
		{"neighbour: Write pi/extensions/x.ts", A, nil, w("pi/extensions/x.ts"), Allow},
		{"neighbour: Write reasonix.md", A, nil, w("reasonix.md"), Allow},
		{"neighbour: Write settings.yaml", A, nil, w("settings.yaml"), Allow},
		{"neighbour: Bash echo > .bob/notes.md", ModeBypassPermissions, nil, bash(`mkdir -p .bob && echo x > .bob/notes.md`), Allow},
	})
}
