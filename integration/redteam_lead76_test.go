//go:build linux

package integration

// lead76: the scripts a held agent's hook names by its path elsewhere in
// the project, which the agent runs outside every sandbox as it runs the
// hook; and the agents' project files leads75 left unchecked (Oh My Pi's
// .omp, Copilot CLI's .github/mcp.json).

import (
	"strings"
	"testing"
)

// hookSettingsLead76 are agents' held settings files whose hooks name
// scripts in the project: Claude Code's (an interpreter's script, the
// project variable, its status line, a python module), Gemini CLI's,
// Codex's, Cursor's, Qwen Code's (a program and its args, run without a
// shell), Factory Droid's and Copilot CLI's (a command run in its cwd).
var hookSettingsLead76 = map[string]string{
	".claude/settings.json": `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"bash scripts/hooks/check.sh"}]}],
 "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/scripts/hooks/pre.sh"},{"type":"command","command":"bash scripts/hooks/missing.sh"}]}]},
 "statusLine":{"type":"command","command":"./tools/status.sh"}}`,
	".claude/settings.local.json": `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"python3 -m tools.lint"}]}]}}`,
	".gemini/settings.json":       `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"node \"${GEMINI_PROJECT_DIR}/scripts/gem.js\""}]}]}}`,
	".codex/hooks.json":           `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"sh -c 'scripts/codex.sh \"$@\"' sh"}]}]}}`,
	".cursor/hooks.json":          `{"version":1,"hooks":{"afterFileEdit":[{"command":"bash scripts/cursor.sh"}]}}`,
	".qwen/settings.json":         `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"node","args":["scripts/qwen.cjs"]}]}]}}`,
	".factory/settings.json":      `{"hooks":{"PreToolUse":[{"matcher":"Execute","hooks":[{"type":"command","command":"\"$FACTORY_PROJECT_DIR\"/scripts/droid.sh"}]}]}}`,
	".github/hooks/check.json":    `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"./copilot.sh","cwd":"scripts"}]}}`,
}

// hookScriptsLead76 are the scripts those hooks run, which exist;
// scripts/hooks/missing.sh, which one names, does not.
var hookScriptsLead76 = []string{"scripts/hooks/check.sh", "scripts/hooks/pre.sh", "tools/status.sh", "tools/lint.py",
	"scripts/gem.js", "scripts/codex.sh", "scripts/cursor.sh", "scripts/qwen.cjs", "scripts/droid.sh", "scripts/copilot.sh"}

// lead76Box is a git project with hookSettingsLead76 and the scripts they
// name, and two scripts beside them that no hook names.
func lead76Box(t *testing.T) *box {
	b := newGitBox(t)
	for f, c := range hookSettingsLead76 {
		b.file(f, c, 0o644)
	}
	for _, f := range append(hookScriptsLead76, "scripts/other.sh", "scripts/hooks/notahook.sh") {
		b.file(f, "original\n", 0o755)
	}
	return b
}

// TestAgentHookScriptsProtectedLead76: a command rewrote each script a
// held agent's hook names (echo 'curl … | sh' > scripts/hooks/check.sh)
// and the run exited 0; the agent ran it outside every sandbox at its
// next session or tool call. Now each stays as it was, read-only under
// the layer, put back after the run without it (125); the scripts beside
// them stay the command's to write.
func TestAgentHookScriptsProtectedLead76(t *testing.T) {
	requireSandbox(t)
	for _, flags := range sandboxModes(t) {
		b := lead76Box(t)
		if r := b.sh("echo work >> scripts/other.sh && echo work >> scripts/hooks/notahook.sh", flags...); r.code != 0 {
			t.Fatalf("%v: the neighbour run: exit %d\nstderr: %s", flags, r.code, r.stderr)
		}
		for _, f := range []string{"scripts/other.sh", "scripts/hooks/notahook.sh"} {
			if got := b.read(f); got != "original\nwork\n" {
				t.Errorf("%v: %s, which no hook names: %q, want the command's write", flags, f, got)
			}
		}
		script := ""
		for _, f := range hookScriptsLead76 {
			script += "echo evil > " + f + "\n"
		}
		r := b.sh(script+"exit 0\n", flags...)
		if flags != nil && r.code != 125 {
			t.Errorf("%v: a run that rewrote the hooks' scripts: exit %d, want 125\nstderr: %s", flags, r.code, r.stderr)
		}
		for _, f := range hookScriptsLead76 {
			if got := b.read(f); got != "original\n" {
				t.Errorf("%v: %s on the host after the run: %q, want it unchanged\nstderr: %s", flags, f, got, r.stderr)
			}
		}
	}
}

// TestAgentHookScriptMadeLead76: a script a hook names that is missing,
// made by the command, is moved aside after the run, which fails (125),
// with the layer and without it.
func TestAgentHookScriptMadeLead76(t *testing.T) {
	requireSandbox(t)
	for _, flags := range sandboxModes(t) {
		b := lead76Box(t)
		r := b.sh("echo evil > scripts/hooks/missing.sh && echo work > scripts/hooks/new.sh", flags...)
		if r.code != 125 || !strings.Contains(r.stderr, "moved aside") {
			t.Errorf("%v: a run that made scripts/hooks/missing.sh: exit %d, want 125\nstderr: %s", flags, r.code, r.stderr)
		}
		if b.exists("scripts/hooks/missing.sh") || !b.exists("scripts/hooks/missing.sh.mewsandbox-planted") {
			t.Errorf("%v: scripts/hooks/missing.sh was not moved aside\nstderr: %s", flags, r.stderr)
		}
		if got := b.read("scripts/hooks/new.sh"); got != "work\n" {
			t.Errorf("%v: scripts/hooks/new.sh, which no hook names: %q, want the command's", flags, got)
		}
	}
}

// agentFilesLead76 are the files leads75 left unchecked that run without
// asking: Oh My Pi's project MCP servers (.omp/mcp.json, .omp/.mcp.json,
// the root's mcp.json), hooks and custom tools (modules it imports),
// extensions and settings; Windsurf's project MCP servers, which Oh My
// Pi starts; and GitHub Copilot CLI's shared project MCP servers.
var agentFilesLead76 = []string{".omp/mcp.json", ".omp/.mcp.json", ".omp/hooks/pre/x.ts", ".omp/tools/x.ts",
	".omp/extensions/x.ts", ".omp/settings.json", ".omp/config.yml", "mcp.json", ".windsurf/mcp_config.json", ".github/mcp.json"}

// agentNotesLead76 is the work beside them: Oh My Pi's skills, rules and
// commands, .github's workflows.
const agentNotesLead76 = "mkdir -p .omp/skills/x .omp/rules .omp/commands .github/workflows && echo x > .omp/skills/x/SKILL.md && " +
	"echo x > .omp/rules/x.md && echo x > .omp/commands/x.md && echo x > .omp/AGENTS.md && echo x > .github/workflows/ci.yml"

// TestAgentFilesProtectedLead76: a command wrote an MCP server, a hook or
// an extension into each and the run exited 0; Oh My Pi's or Copilot
// CLI's next session in the project ran it. Where they exist they are
// now read-only under the layer; the skills, rules and workflows beside
// them stay writable.
func TestAgentFilesProtectedLead76(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentFilesLead76, agentNotesLead76)
}

// TestAgentFilesMadeLead76: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125), with the
// layer and without it.
func TestAgentFilesMadeLead76(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, agentNotesLead76,
		`mkdir -p .omp/hooks/pre .omp/tools .omp/extensions .windsurf .github
mcp='{"mcpServers":{"x":{"command":"sh","args":["-c","touch planted"]}}}'
for f in .omp/mcp.json .omp/.mcp.json mcp.json .windsurf/mcp_config.json .github/mcp.json; do echo "$mcp" > "$f"; done
echo 'export default () => { require("child_process").execSync("touch planted") }' > .omp/extensions/x.ts
cp .omp/extensions/x.ts .omp/hooks/pre/x.ts && cp .omp/extensions/x.ts .omp/tools/x.ts
echo '{"extensions":["./x.ts"]}' > .omp/settings.json
`, []string{".omp/mcp.json", ".omp/.mcp.json", "mcp.json", ".windsurf/mcp_config.json", ".github/mcp.json",
			".omp/hooks", ".omp/tools", ".omp/extensions", ".omp/settings.json"},
		[]string{".omp/skills/x/SKILL.md", ".omp/rules/x.md", ".github/workflows/ci.yml"})
}
