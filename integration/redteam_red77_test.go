//go:build linux

package integration

// red77: the scripts a held agent's hook runs that lead76's reading of
// the hook files missed: a command after the first (cd "$CLAUDE_PROJECT_DIR"
// && ./x.sh), a runner it does not know (uv run x.py, npx tsx x.ts),
// Claude Code's other helpers (awsAuthRefresh, otelHeadersHelper), a
// settings file that is a link, and one with comments or a byte order
// mark, which Gemini CLI and Qwen Code read.

import (
	"os"
	"path/filepath"
	"testing"
)

// red77Hook is a Claude Code settings file whose one hook runs command.
func red77Hook(command string) string {
	return `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":` + command + `}]}]}}`
}

// TestAgentHookScriptsMissedRed77: a command rewrote the script each
// hook runs and the run exited 0; the agent ran it outside every sandbox
// at its next tool call. Now each stays as it was, with the layer and
// without it (125); the neighbour, a hook running only a program in
// PATH on the directory, leaves the project's scripts writable.
func TestAgentHookScriptsMissedRed77(t *testing.T) {
	requireSandbox(t)
	for _, tc := range []struct {
		name, settings, script string
		link                   bool // the settings file is a link to conf/settings.json
	}{
		{".claude/settings.json", red77Hook(`"cd \"$CLAUDE_PROJECT_DIR\" && ./scripts/x.sh"`), "scripts/x.sh", false},
		{".claude/settings.json", red77Hook(`"cd scripts && ./x.sh"`), "scripts/x.sh", false},
		{".claude/settings.json", red77Hook(`"bash -c 'cd scripts && ./x.sh'"`), "scripts/x.sh", false},
		{".claude/settings.json", red77Hook(`"time ./scripts/x.sh"`), "scripts/x.sh", false},
		{".claude/settings.json", red77Hook(`"uv run scripts/x.py"`), "scripts/x.py", false},
		{".claude/settings.json", red77Hook(`"npx tsx scripts/x.ts"`), "scripts/x.ts", false},
		{".claude/settings.json", `{"awsAuthRefresh":"bash scripts/x.sh"}`, "scripts/x.sh", false},
		{".claude/settings.json", `{"otelHeadersHelper":"./scripts/x.sh"}`, "scripts/x.sh", false},
		{".claude/settings.json", red77Hook(`"bash scripts/x.sh"`), "scripts/x.sh", true},
		{".claude/settings.json", "\uFEFF" + red77Hook(`"bash scripts/x.sh"`), "scripts/x.sh", false},
		{".gemini/settings.json", "{\n // lint before each shell command\n" + `"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"bash scripts/x.sh"}]}]}}`, "scripts/x.sh", false},
	} {
		for _, flags := range sandboxModes(t) {
			b := newGitBox(t)
			for _, f := range []string{"scripts/x.sh", "scripts/x.py", "scripts/x.ts", "scripts/other.sh"} {
				b.file(f, "original\n", 0o755)
			}
			path := b.file(tc.name, tc.settings, 0o644)
			if tc.link {
				b.file("conf/settings.json", tc.settings, 0o644)
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join("..", "conf", "settings.json"), path); err != nil {
					t.Fatal(err)
				}
			}
			r := b.sh("echo evil > "+tc.script+"; echo work >> scripts/other.sh; exit 0\n", flags...)
			if flags != nil && r.code != 125 {
				t.Errorf("%s %q %v: a run that rewrote %s: exit %d, want 125\nstderr: %s", tc.name, tc.settings, flags, tc.script, r.code, r.stderr)
			}
			if got := b.read(tc.script); got != "original\n" {
				t.Errorf("%s %q %v: %s on the host after the run: %q, want it unchanged\nstderr: %s", tc.name, tc.settings, flags, tc.script, got, r.stderr)
			}
			if got := b.read("scripts/other.sh"); got != "original\nwork\n" {
				t.Errorf("%s %q %v: scripts/other.sh, which no hook names: %q, want the command's write", tc.name, tc.settings, flags, got)
			}
		}
	}
}

// TestAgentHookPathProgramRed77: the neighbour, a hook that runs only a
// program in PATH on a directory (npx prettier --check .), protects no
// file of the project: a command that rewrites the scripts exits 0 and
// its writes stay, with the layer and without it.
func TestAgentHookPathProgramRed77(t *testing.T) {
	requireSandbox(t)
	for _, flags := range sandboxModes(t) {
		b := newGitBox(t)
		b.file("scripts/x.sh", "original\n", 0o755)
		b.file(".claude/settings.json", red77Hook(`"npx prettier --check . && npm run lint"`), 0o644)
		if r := b.sh("echo work >> scripts/x.sh && echo '{}' > package.json", flags...); r.code != 0 {
			t.Fatalf("%v: exit %d\nstderr: %s", flags, r.code, r.stderr)
		}
		if got := b.read("scripts/x.sh"); got != "original\nwork\n" {
			t.Errorf("%v: scripts/x.sh: %q, want the command's write", flags, got)
		}
	}
}
