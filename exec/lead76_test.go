//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAgentHookProgramsLead76: the scripts a held agent's hook command
// names in the project are protected (agentHookPrograms), found as git's
// programs are; what the command line does not name surely, or names
// outside the root or in a held directory, is not.
func TestAgentHookProgramsLead76(t *testing.T) {
	for _, tc := range []struct {
		name, command string
		want          []string // relative to the root
	}{
		{"an interpreter's script", "bash scripts/hooks/check.sh", []string{"scripts/hooks/check.sh"}},
		{"the project variable, quoted", `"$CLAUDE_PROJECT_DIR"/scripts/x.sh --fast`, []string{"scripts/x.sh"}},
		{"the project variable in braces", `python3 "${CLAUDE_PROJECT_DIR}/tools/h.py"`, []string{"tools/h.py"}},
		{"a relative program", "./tools/h.py", []string{"tools/h.py"}},
		{"a shell's command line", `sh -c 'scripts/x.sh "$0"' a`, []string{"scripts/x.sh"}},
		{"a python module", "python3 -m tools.lint", []string{"tools/lint.py", "tools/lint/__main__.py", "tools/lint/__init__.py", "tools/__init__.py", "tools.py"}},
		{"after a variable assignment", "A=1 node scripts/x.js", []string{"scripts/x.js"}},
		// red77: commands past the first, reserved words, runners not known
		{"after cd to the project", `cd "$CLAUDE_PROJECT_DIR" && ./scripts/x.sh`, []string{"scripts/x.sh"}},
		{"after cd to a directory", "cd scripts; ./x.sh", []string{"scripts/x.sh"}},
		{"each command of a list", "bash scripts/a.sh || bash scripts/x.sh | cat", []string{"scripts/a.sh", "scripts/x.sh"}},
		{"a reserved word first", "if true; then ./scripts/x.sh; fi", []string{"scripts/x.sh"}},
		{"time", "time ./scripts/x.sh", []string{"scripts/x.sh"}},
		{"a runner not known", "uv run scripts/x.py --fast", []string{"scripts/x.py"}},
		{"npx's runner", "npx tsx scripts/x.ts", []string{"scripts/x.ts"}},
		{"a shell's command line past its first command", `bash -c 'cd scripts && ./x.sh'`, []string{"scripts/x.sh"}},
		{"a shell's command line's second program", `sh -c "bash scripts/a.sh; ./scripts/x.sh"`, []string{"scripts/a.sh", "scripts/x.sh"}},
		{"an operator quoted", `bash 'scripts/a.sh' "a && b"`, []string{"scripts/a.sh"}},
		// red85: a venv's python runs the project's script as python3 does;
		// the venv's own files stay writable.
		{"a virtualenv's python", ".venv/bin/python scripts/x.py", []string{"scripts/x.py"}},
		// neighbours: nothing the run could protect
		{"a runner not known on a missing file", "uv run scripts/missing.py", nil},
		{"a package's script", "npm run lint && make check", nil},
		{"a program in PATH", "npx prettier --write .", nil},
		{"another variable", `"$HOME"/bin/x.sh`, nil},
		{"a longer variable's name", `"$CLAUDE_PROJECT_DIRS"/x.sh`, nil},
		{"outside the root", "bash /usr/local/bin/x.sh", nil},
		{"in a held directory already", "bash .claude/hooks/x.sh", nil},
		{"code, no file", `python3 -c 'print(1)'`, nil},
		{"the root itself", `"$CLAUDE_PROJECT_DIR"`, nil},
		// red82: its entry files only, not the directory.
		{"a directory", "node tools", []string{"tools/__main__.py", "tools/package.json", "tools/index.js", "tools/index.json", "tools/index.node"}},
		{"an installed program", "./node_modules/.bin/prettier --write .", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			settings := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":` + jsonString(tc.command) + `}]}]}}`
			writeLead76(t, root, ".claude/settings.json", settings)
			writeLead76(t, root, "tools/index.js", "")
			for _, f := range []string{"scripts/x.sh", "scripts/a.sh", "scripts/x.py", "scripts/x.ts", "package.json", "Makefile"} {
				writeLead76(t, root, f, "")
			}
			var got []string
			for _, p := range agentHookPrograms(root, "/nonexistent", []protectedPath{{path: root + "/.claude", placeholder: true}}) {
				got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: protected %q, want %q", tc.command, got, tc.want)
			}
		})
	}
}

// TestAgentHookFilesLead76: each agent's file (Qwen's args, Copilot's
// bash in its cwd) is read with its own variable and from its own
// directories (Cursor's relative paths from .cursor too); a file that is
// no JSON protects nothing, and one past maxConfigSize is refused
// (lead79: it protected nothing).
func TestAgentHookFilesLead76(t *testing.T) {
	root := t.TempDir()
	writeLead76(t, root, ".gemini/settings.json", `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"node $GEMINI_PROJECT_DIR/scripts/gem.js"}]}]}}`)
	writeLead76(t, root, ".codex/hooks.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"sh scripts/codex.sh"}]}]}}`)
	writeLead76(t, root, ".cursor/hooks.json", `{"version":1,"hooks":{"stop":[{"command":"bash ../scripts/cursor.sh"}]}}`)
	writeLead76(t, root, ".qwen/settings.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node","args":["scripts/qwen.cjs","--x"]}]}]}}`)
	writeLead76(t, root, ".factory/hooks.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"\"$FACTORY_PROJECT_DIR\"/scripts/droid.sh"}]}]}}`)
	writeLead76(t, root, ".github/hooks/a.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"./copilot.sh","powershell":"./ps.ps1","cwd":"scripts"}]}}`)
	writeLead76(t, root, ".github/hooks/b.txt", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"./not-json-named.sh"}]}}`)
	writeLead76(t, root, ".claude/settings.local.json", `{"hooks": not json`)
	writeLead76(t, root, ".claude/settings.json", `{"statusLine":{"type":"command","command":"bash scripts/status.sh"},"apiKeyHelper":"./scripts/key.sh","permissions":{"allow":["Bash(bash scripts/allowed.sh)"]},`+
		`"hooks":{"x":[{"hooks":[{"command":"bash scripts/`+strings.Repeat("x", maxConfigSize)+`.sh"}]}]}}`)
	var got []string
	for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
		got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
	}
	want := []string{".claude/settings.json", "scripts/gem.js", "scripts/qwen.cjs", "scripts/droid.sh", "scripts/codex.sh", "scripts/cursor.sh", "scripts/copilot.sh"}
	if !slices.Equal(got, want) {
		t.Errorf("protected %q, want %q", got, want)
	}
	// The same settings file within the bound: its status line and key
	// helper, never a permission rule's command.
	writeLead76(t, root, ".claude/settings.json", `{"statusLine":{"type":"command","command":"bash scripts/status.sh"},"apiKeyHelper":"./scripts/key.sh","permissions":{"allow":["Bash(bash scripts/allowed.sh)"]}}`)
	got = got[:0]
	for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
		got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
	}
	want = []string{"scripts/status.sh", "scripts/key.sh", "scripts/gem.js", "scripts/qwen.cjs", "scripts/droid.sh", "scripts/codex.sh", "scripts/cursor.sh", "scripts/copilot.sh"}
	if !slices.Equal(got, want) {
		t.Errorf("protected %q, want %q", got, want)
	}
}

// TestAgentHookFileFormsRed77: a settings file that is a link, or holds
// comments or a byte order mark (Gemini CLI and Qwen Code strip them), is
// read as the agent reads it; Claude Code's credential and telemetry
// helpers are commands too. A file that is still no JSON protects
// nothing.
func TestAgentHookFileFormsRed77(t *testing.T) {
	root := t.TempDir()
	writeLead76(t, root, "conf/claude.json", `{"awsAuthRefresh":"bash scripts/aws.sh","awsCredentialExport":"./scripts/cred.sh","otelHeadersHelper":"./scripts/otel.sh"}`)
	if err := os.MkdirAll(root+"/.claude", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../conf/claude.json", root+"/.claude/settings.json"); err != nil {
		t.Fatal(err)
	}
	writeLead76(t, root, ".claude/settings.local.json", "\uFEFF"+`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"bash scripts/bom.sh"}]}]}}`)
	writeLead76(t, root, ".gemini/settings.json", "{\n// a comment \"with quotes\"\n\"hooks\":/* hooks */{\"x\":[{\"hooks\":[{\"command\":\"bash scripts/gem.sh // not a comment\"}]}]}}")
	writeLead76(t, root, ".qwen/settings.json", `{"hooks": /* unclosed {"x":[{"hooks":[{"command":"bash scripts/qwen.sh"}]}]}}`)
	var got []string
	for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
		got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
	}
	want := []string{"scripts/aws.sh", "scripts/cred.sh", "scripts/otel.sh", "scripts/bom.sh", "scripts/gem.sh"}
	if !slices.Equal(got, want) {
		t.Errorf("protected %q, want %q", got, want)
	}
}

// TestAgentHookRootWithBlankRed77: in a root whose path holds a blank
// (/home/u/My Projects), "$CLAUDE_PROJECT_DIR"/scripts/x.sh names
// scripts/x.sh as in any other; the unquoted variable, which the shell
// would split, names nothing.
func TestAgentHookRootWithBlankRed77(t *testing.T) {
	root := t.TempDir() + "/my project"
	writeLead76(t, root, ".claude/settings.json", `{"hooks":{"Stop":[{"hooks":[{"command":"\"$CLAUDE_PROJECT_DIR\"/scripts/x.sh"},{"command":"bash $CLAUDE_PROJECT_DIR/scripts/y.sh"}]}]}}`)
	writeLead76(t, root, "scripts/x.sh", "")
	writeLead76(t, root, "scripts/y.sh", "")
	var got []string
	for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
		got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
	}
	if want := []string{"scripts/x.sh"}; !slices.Equal(got, want) {
		t.Errorf("protected %q, want %q", got, want)
	}
}

// TestExpandProjectVarsLead76: a root the shell would change is not put
// into the command line, which then names no program known.
func TestExpandProjectVarsLead76(t *testing.T) {
	if got := expandProjectVars(`"$P"/x.sh $P/y ${P}/z $PX`, "/r", []string{"P"}); got != `"/r"/x.sh /r/y /r/z $PX` {
		t.Errorf("got %q", got)
	}
	// red77: a blank is the shell's own in double quotes, not a $ or a ".
	if got := expandProjectVars(`"$P"/x.sh "${P}/y" $P/z "$PX"`, "/my project", []string{"P"}); got != `"/my project"/x.sh "/my project/y" $P/z "$PX"` {
		t.Errorf("a root with a blank: got %q, want the variables opening a double-quoted string replaced", got)
	}
	for _, root := range []string{"/my $project", `/my "project`, "/my`project`"} {
		if got := expandProjectVars(`"$P"/x.sh`, root, []string{"P"}); got != `"$P"/x.sh` {
			t.Errorf("a root %q: got %q, want the command line as it was", root, got)
		}
	}
}

func writeLead76(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// jsonString quotes s as a JSON string.
func jsonString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}

// TestAgentHookHelpersAndInstalledRoot: Claude Code runs the commands of
// subagentStatusLine and fileSuggestion as it does the status line's, so
// the scripts they name are protected too; and a project that itself lies
// under a node_modules or .venv directory protects its hooks' scripts
// (installed looks below the root only), while its own node_modules
// stays writable.
func TestAgentHookHelpersAndInstalledRoot(t *testing.T) {
	for _, under := range []string{"", "node_modules/pkg", ".venv/src/p"} {
		root := filepath.Join(t.TempDir(), under)
		writeLead76(t, root, ".claude/settings.json", `{"subagentStatusLine":{"type":"command","command":"bash scripts/sub.sh"},`+
			`"fileSuggestion":{"type":"command","command":"./scripts/files.sh"},"hooks":{"Stop":[{"hooks":[{"type":"command","command":"./node_modules/.bin/x scripts/x.sh"}]}]}}`)
		for _, f := range []string{"scripts/sub.sh", "scripts/files.sh", "node_modules/.bin/x"} {
			writeLead76(t, root, f, "")
		}
		var got []string
		for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
			got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
		}
		if want := []string{"scripts/sub.sh", "scripts/files.sh"}; !slices.Equal(got, want) {
			t.Errorf("root under %q: protected %q, want %q", under, got, want)
		}
	}
}

// TestDirEntryFilesRed82: a directory a hook runs holds its entry files,
// the one its package.json's "main" names too (with the names node tries
// for it), and refuses the run where that package.json cannot be read
// whole; the directory's other files are not held.
func TestDirEntryFilesRed82(t *testing.T) {
	root := t.TempDir()
	writeLead76(t, root, "tools/package.json", `{"name":"t","main":"./lib/start"}`)
	writeLead76(t, root, "tools/other.js", "")
	var got []string
	for _, p := range dirEntryFiles(root + "/tools") {
		if p.refuse != "" {
			t.Errorf("refused %s: %s", p.path, p.refuse)
		}
		got = append(got, strings.TrimPrefix(filepath.Clean(p.path), root+"/"))
	}
	for _, want := range []string{"tools/__main__.py", "tools/package.json", "tools/lib/start", "tools/lib/start.js", "tools/index.js"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s not held: %q", want, got)
		}
	}
	if slices.Contains(got, "tools/other.js") {
		t.Errorf("tools/other.js held: %q", got)
	}
	writeLead76(t, root, "tools/package.json", strings.Repeat(" ", maxSourcedSize+1))
	if ps := dirEntryFiles(root + "/tools"); !slices.ContainsFunc(ps, func(p protectedPath) bool { return p.refuse != "" }) {
		t.Errorf("a package.json past maxSourcedSize: %+v, want the run refused", ps)
	}
}
