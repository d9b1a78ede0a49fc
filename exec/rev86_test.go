//go:build linux

package exec

import "testing"

// TestUnreadHookConfigRev86: a hook manager's configuration that does not
// parse held nothing of what it names, where a hook is installed: a
// reader other than this one (pre-commit's PyYAML) may take it, and run
// the scripts it names, unheld (yaml.v3 refused a repos: given twice,
// which PyYAML reads as the last: red85). It refuses the run now, naming
// the file; with no hook installed it is not read.
func TestUnreadHookConfigRev86(t *testing.T) {
	for _, tc := range []struct{ name, file, content string }{
		{"YAML", ".pre-commit-config.yaml", "repos:\n- repo: local\n  hooks: [\n"},
		{"JSON", "lefthook.json", `{"pre-commit": {"commands": {"lint": {"run": "./scripts/lint.sh"}}`},
		{"YAML of another shape", "lefthook.yml", "pre-commit: !!binary x\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := red85Root(t, red85Lefthook)
			writeGh81(t, root, tc.file, tc.content, 0o644)
			checkGh81(t, root, nil, tc.file+": reading it for the scripts its hooks run: ")
			root = red85Root(t, "")
			writeGh81(t, root, tc.file, tc.content, 0o644)
			checkGh81(t, root, nil, "")
		})
	}
}

// TestLefthookExtendsGlobDirRev86: a file the command made that a
// lefthook extends: glob matches at the next commit (configs/b.yml for
// configs/*.yml) was not held, the plan holding the glob's matches only.
// The glob's directory is held now where it is named whole; one of a
// glob's own (packages/*/lefthook.yml) is not (left open: holding
// packages/ would hold the project).
func TestLefthookExtendsGlobDirRev86(t *testing.T) {
	root := red85Root(t, red85Lefthook)
	writeGh81(t, root, "lefthook.yml", "extends:\n  - configs/*.yml\n  - packages/*/lefthook.yml\n", 0o644)
	writeGh81(t, root, "configs/a.yml", "pre-commit:\n  commands: {}\n", 0o644)
	writeGh81(t, root, "packages/p/lefthook.yml", "pre-commit:\n  commands: {}\n", 0o644)
	checkGh81(t, root, []string{"configs", "configs/a.yml", "packages/p/lefthook.yml"}, "")
	// Not the root, for a glob there (rev87: it held the project).
	root = red85Root(t, red85Lefthook)
	writeGh81(t, root, "lefthook.yml", "extends: lefthook-*.yml\n", 0o644)
	writeGh81(t, root, "lefthook-a.yml", "pre-commit:\n  commands: {}\n", 0o644)
	checkGh81(t, root, []string{"lefthook-a.yml"}, "")
}
