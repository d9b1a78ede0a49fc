package permission

import "testing"

// TestAgentFilesAskedLead76: Oh My Pi's project MCP servers (its own and
// the root's mcp.json), hooks, custom tools, extensions and settings,
// Windsurf's project MCP servers (which Oh My Pi starts) and Copilot
// CLI's shared project MCP servers run commands or load code at the
// agent's next session in the project, without asking, so the engine
// asks before writing them; Oh My Pi's skills, rules and commands stay
// the project's to edit.
func TestAgentFilesAskedLead76(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write .omp/mcp.json", A, nil, w(".omp/mcp.json"), Ask},
		{"Write .omp/.mcp.json", A, nil, w(".omp/.mcp.json"), Ask},
		{"Write .omp/hooks/pre/x.ts", A, nil, w(".omp/hooks/pre/x.ts"), Ask},
		{"Write .omp/tools/x.ts", A, nil, w(".omp/tools/x.ts"), Ask},
		{"Write .omp/extensions/x/index.ts", A, nil, w(".omp/extensions/x/index.ts"), Ask},
		{"Write .omp/settings.json", A, nil, w(".omp/settings.json"), Ask},
		{"Write .omp/config.yml", A, nil, w(".omp/config.yml"), Ask},
		{"Write mcp.json", A, nil, w("mcp.json"), Ask},
		{"Write .windsurf/mcp_config.json", A, nil, w(".windsurf/mcp_config.json"), Ask},
		{"Write .github/mcp.json", A, nil, w(".github/mcp.json"), Ask},
		{"Bash echo > .omp/mcp.json", ModeBypassPermissions, nil, bash(`mkdir -p .omp && echo '{}' > .omp/mcp.json`), Ask},
		{"Bash echo > .github/mcp.json", ModeBypassPermissions, nil, bash(`echo '{}' > .github/mcp.json`), Ask},
		{"neighbour: Write .omp/skills/x/SKILL.md", A, nil, w(".omp/skills/x/SKILL.md"), Allow},
		{"neighbour: Write .omp/rules/x.md", A, nil, w(".omp/rules/x.md"), Allow},
		{"neighbour: Write .omp/AGENTS.md", A, nil, w(".omp/AGENTS.md"), Allow},
		{"neighbour: Write .github/workflows/ci.yml", A, nil, w(".github/workflows/ci.yml"), Allow},
		{"neighbour: Write omp/tools/x.ts", A, nil, w("omp/tools/x.ts"), Allow},
		{"neighbour: Write mcp.md", A, nil, w("mcp.md"), Allow},
	})
}
