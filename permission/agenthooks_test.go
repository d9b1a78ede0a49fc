package permission

import "testing"

// TestOtherAgentsHooksAsked: GitHub Copilot CLI runs .github/hooks/*.json,
// Cline .clinerules/hooks, Windsurf .windsurf/hooks.json and Factory Droid
// what .factory names, at their next session, outside any sandbox; the
// namespace layer keeps them read-only (red70), and the engine asks before
// writing them as it does the other agents' settings. Workflows and rules
// beside them stay the project's to edit.
func TestOtherAgentsHooksAsked(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	rows := []toolRow{}
	for _, p := range []string{".github/hooks/pwn.json", ".clinerules/hooks/PreToolUse", ".windsurf/hooks.json",
		".factory/settings.json", ".factory/hooks/x.sh", "sub/.github/hooks/a.json"} {
		rows = append(rows, toolRow{"Write " + p, A, nil, w(p), Ask})
	}
	rows = append(rows,
		toolRow{"Bash echo > .github/hooks", A, nil, bash(`mkdir -p .github/hooks && echo '{"hooks":{}}' > .github/hooks/a.json`), Ask},
		toolRow{"Bash cp into .windsurf/hooks.json", ModeBypassPermissions, nil, bash("cp x.json .windsurf/hooks.json"), Ask},
		toolRow{"neighbour: Write .github/workflows/ci.yml", A, nil, w(".github/workflows/ci.yml"), Allow},
		toolRow{"neighbour: Write .clinerules/style.md", A, nil, w(".clinerules/style.md"), Allow},
		toolRow{"neighbour: Write .windsurf/rules/x.md", A, nil, w(".windsurf/rules/x.md"), Allow},
		toolRow{"neighbour: Write src/hooks/useThing.ts", A, nil, w("src/hooks/useThing.ts"), Allow},
		toolRow{"neighbour: Write hooks.json", A, nil, w("hooks.json"), Allow},
	)
	checkToolDecisions(t, rows)
}
