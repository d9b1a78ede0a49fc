//go:build linux

package exec

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// lead79Programs returns, relative to root, the paths agentHookPrograms
// protects and those whose run it refuses, with why.
func lead79Programs(t *testing.T, root string) (protected, refused []string) {
	t.Helper()
	for _, p := range agentHookPrograms(root, "/nonexistent", nil) {
		rel := strings.TrimPrefix(filepath.Clean(p.path), root+"/")
		if p.refuse != "" {
			refused = append(refused, rel+": "+p.refuse)
		} else {
			protected = append(protected, rel)
		}
	}
	return protected, refused
}

// lead79Hooks is a Claude Code or Gemini CLI settings file whose
// BeforeTool hooks run commands.
func lead79Hooks(commands ...string) string {
	var hooks []string
	for _, c := range commands {
		hooks = append(hooks, `{"type":"command","command":`+jsonString(c)+`}`)
	}
	return `{"hooks":{"BeforeTool":[{"hooks":[` + strings.Join(hooks, ",") + `]}]}}`
}

// TestAgentHookBoundsLead79: a hook file the runner could not follow
// whole (past maxConfigSize, not a regular file, more than
// maxHookCommands commands, a .github/hooks of more than maxHookEntries
// entries) protected nothing past the bound, and the run went on: a
// sandboxed echo > scripts/x.sh ran at the agent's next tool call. Each
// now refuses the run, naming the file and the bound; the neighbours,
// files within the bounds and one that is no JSON (the agent rejects it
// too), protect their scripts and refuse nothing.
func TestAgentHookBoundsLead79(t *testing.T) {
	many := func(n int) string {
		return lead79Hooks(append(slices.Repeat([]string{"true"}, n-1), "bash scripts/x.sh")...)
	}
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, root string)
		want    []string // protected
		refused string   // the refused path and a word of why, "" for none
	}{
		{"past maxConfigSize", func(t *testing.T, root string) {
			writeLead76(t, root, ".gemini/settings.json", `{"pad":"`+strings.Repeat("x", maxConfigSize)+`",`+lead79Hooks("bash scripts/x.sh")[1:])
		}, nil, ".gemini/settings.json: more than 1048576 bytes"},
		{"not a regular file", func(t *testing.T, root string) {
			writeLead76(t, root, ".codex/keep", "")
			if err := unix.Mkfifo(root+"/.codex/hooks.json", 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, ".codex/hooks.json: reading it"},
		{"more than maxHookCommands", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", many(maxHookCommands+1))
		}, nil, fmt.Sprintf(".claude/settings.json: more than %d hook commands", maxHookCommands)},
		{"more than maxHookEntries in .github/hooks", func(t *testing.T, root string) {
			for i := range maxHookEntries {
				writeLead76(t, root, fmt.Sprintf(".github/hooks/a%02d.json", i), "{}")
			}
			writeLead76(t, root, ".github/hooks/z.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"bash scripts/x.sh"}]}}`)
		}, nil, fmt.Sprintf(".github/hooks: more than %d entries", maxHookEntries)},
		// neighbours
		{"maxHookCommands", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", many(maxHookCommands))
		}, []string{"scripts/x.sh"}, ""},
		{"maxHookEntries in .github/hooks", func(t *testing.T, root string) {
			for i := range maxHookEntries - 1 {
				writeLead76(t, root, fmt.Sprintf(".github/hooks/a%02d.json", i), "{}")
			}
			writeLead76(t, root, ".github/hooks/z.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"bash scripts/x.sh"}]}}`)
		}, []string{"scripts/x.sh"}, ""},
		{"no JSON", func(t *testing.T, root string) {
			writeLead76(t, root, ".gemini/settings.json", `{"hooks": {"BeforeTool": [bash scripts/x.sh]}}`)
		}, nil, ""},
		{"a settings file of some size", func(t *testing.T, root string) {
			writeLead76(t, root, ".claude/settings.json", `{"pad":"`+strings.Repeat("x", 64<<10)+`",`+lead79Hooks("bash scripts/x.sh")[1:])
		}, []string{"scripts/x.sh"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeLead76(t, root, "scripts/x.sh", "")
			tc.setup(t, root)
			protected, refused := lead79Programs(t, root)
			if !slices.Equal(protected, tc.want) {
				t.Errorf("protected %q, want %q", protected, tc.want)
			}
			switch {
			case tc.refused == "" && len(refused) > 0:
				t.Errorf("refused %q, want none", refused)
			case tc.refused != "" && (len(refused) != 1 || !strings.HasPrefix(refused[0], tc.refused)):
				t.Errorf("refused %q, want one starting %q", refused, tc.refused)
			}
		})
	}
}
