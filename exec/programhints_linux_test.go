//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProgramHints: a failed command line that names a program a git
// config has git run (read-only under the layer, with EROFS as the only
// word) is told why and what to do; one that names none is told nothing.
func TestProgramHints(t *testing.T) {
	progs := []configProgram{{key: "diff.tidy.textconv", value: "/r/tools/textconv"}}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"relative", []string{"sh", "-c", "echo x >> tools/textconv"}, "diff.tidy.textconv"},
		{"absolute", []string{"sed", "-i", "s/a/b/", "/r/tools/textconv"}, "edit it outside the sandbox"},
		{"another file", []string{"sh", "-c", "echo x >> tools/textconv2"}, ""},
		{"nothing named", []string{"make", "test"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := programHints(tt.args, "/r", progs)
			if tt.want == "" && len(got) != 0 || tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want) || !strings.Contains(got[0], "/r/tools/textconv")) {
				t.Errorf("programHints = %q, want one hint with %q: %v", got, tt.want, tt.want != "")
			}
		})
	}
}

// TestHeldHints: a failed command line that names a file the layer keeps
// read-only for a hook outside the sandbox (a script git's hook runs, a
// hook's package.json, what lies in a held directory), or a package
// manager, which writes package.json unnamed, is told why its write
// failed; a line naming none, a file in .git (said elsewhere) or a
// program programHints names is told nothing here.
func TestHeldHints(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"scripts", ".claude/hooks", ".git/hooks", "tools"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	held := []string{root + "/scripts/lint.sh", root + "/package.json", root + "/.claude", root + "/.git/hooks", root + "/tools/textconv"}
	for _, f := range []string{"scripts/lint.sh", "package.json", "tools/textconv"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	progs := []configProgram{{key: "diff.tidy.textconv", value: root + "/tools/textconv"}}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"a hook's script, relative", []string{"sh", "-c", "echo x >> scripts/lint.sh"}, "/scripts/lint.sh"},
		{"absolute", []string{"sed", "-i", "s/a/b/", root + "/scripts/lint.sh"}, "/scripts/lint.sh"},
		{"in a held directory", []string{"sh", "-c", "echo {} > .claude/hooks/x.json"}, "/.claude"},
		{"a package manager", []string{"npm", "install", "left-pad"}, "/package.json"},
		{"package.json named", []string{"sh", "-c", "jq . package.json > p && mv p package.json"}, "/package.json"},
		{"another file", []string{"sh", "-c", "echo x >> scripts/lint.sh2"}, ""},
		{"a held directory's neighbour", []string{"sh", "-c", "echo x > .claudex/y"}, ""},
		{"in .git", []string{"sh", "-c", "echo x > .git/hooks/pre-commit"}, ""},
		{"a program git runs", []string{"sh", "-c", "echo x >> tools/textconv"}, ""},
		{"nothing named", []string{"make", "test"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := heldHints(tt.args, root, held, progs)
			if tt.want == "" && len(got) != 0 || tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], root+tt.want+" (") || !strings.Contains(got[0], "change it outside the sandbox")) {
				t.Errorf("heldHints = %q, want one hint naming %q: %v", got, tt.want, tt.want != "")
			}
		})
	}
}
