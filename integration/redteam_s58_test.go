//go:build linux

package integration

// Red team rt13 (stop 58): files in the root that a host tool runs or
// trusts later, and file-system primitives across the boundary, each
// beside the neighbour that must keep working.

import (
	"testing"
)

// TestMoreAgentsAndEditorsSettingsProtected: stop 56 made the other
// agents' project settings read-only where they exist, but not every
// agent's, nor an editor that starts what its workspace settings name: a
// command wrote an MCP server into Qwen Code's .qwen/settings.json (its
// default scope for qwen mcp add), Amazon Q's .amazonq/mcp.json, Kilo
// Code's .kilocode/mcp.json and kilo.jsonc, and Crush's crush.json, each
// started by that agent when the user next opens the project in it, and a
// language server into Helix's .helix/languages.toml, which Helix starts
// on opening a file of the project (a trusted workspace is trusted by its
// path, whatever .helix then holds). Where they exist they are read-only
// now, as .gemini is; beside them the project's own files stay writable.
func TestMoreAgentsAndEditorsSettingsProtected(t *testing.T) {
	requireNamespaces(t)
	files := []string{".qwen/settings.json", ".amazonq/mcp.json", ".kilocode/mcp.json", ".kilo/kilo.jsonc", "kilo.json", "kilo.jsonc", "crush.json", ".crush.json", ".helix/languages.toml"}
	b := newGitBox(t)
	for _, f := range files {
		b.file(f, "original\n", 0o644)
	}
	script := ""
	for _, f := range files {
		script += "c " + shellQuoteTest("overwrite "+f) + " sh -c " + shellQuoteTest("echo evil > "+f) + "\n"
	}
	script += `c "write in the root" sh -c 'echo work > work.txt'
c "write beside them" sh -c 'echo notes > .qwen-notes.txt && echo x > crush.json.txt && mkdir -p docs/.helix-notes'
`
	o := b.check(script)
	for _, f := range files {
		o.fails(t, "overwrite "+f)
		if got := b.read(f); got != "original\n" {
			t.Errorf("%s on the host: %q, want it unchanged", f, got)
		}
	}
	o.ok(t, "write in the root")
	o.ok(t, "write beside them")
}
