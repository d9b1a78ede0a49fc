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

// TestRustToolchainAsked: rustup runs the rustc and cargo of the
// directory a toolchain file's [toolchain] path names (a prompt's rustc
// --version), so the engine asks before writing one, as it does mise's
// config and .tool-versions; Cargo.toml and the sources stay the
// project's to edit.
func TestRustToolchainAsked(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"Write rust-toolchain.toml", A, nil, w("rust-toolchain.toml"), Ask},
		{"Write rust-toolchain", A, nil, w("rust-toolchain"), Ask},
		{"Write crates/x/rust-toolchain.toml", A, nil, w("crates/x/rust-toolchain.toml"), Ask},
		{"Bash printf > rust-toolchain.toml", ModeBypassPermissions, nil, bash(`printf '[toolchain]\npath = "/tmp/tc"\n' > rust-toolchain.toml`), Ask},
		{"neighbour: Write Cargo.toml", A, nil, w("Cargo.toml"), Allow},
		{"neighbour: Write src/main.rs", A, nil, w("src/main.rs"), Allow},
		{"neighbour: Write docs/rust-toolchain.md", A, nil, w("docs/rust-toolchain.md"), Allow},
	})
}
