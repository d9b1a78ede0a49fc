package permission

import "testing"

// TestMiseConfigAskedS59: mise trusts a project's config file by its path,
// not its content, and runs its env scripts, hooks and templates at the
// next prompt in the project; asdf runs a .tool-versions path: version.
// The namespace layer keeps them read-only where they exist (rt14), and
// the engine asks before writing them, as it does the agents' settings.
func TestMiseConfigAskedS59(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	rows := []toolRow{}
	for _, p := range []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml",
		".config/mise/config.toml", ".mise/config.toml", "mise/config.toml", ".tool-versions", "sub/mise.toml"} {
		rows = append(rows, toolRow{"S59 Write " + p, A, nil, w(p), Ask})
	}
	rows = append(rows,
		toolRow{"S59 Bash echo > mise.toml", A, nil, bash("echo '[env]' > mise.toml"), Ask},
		// Allowed before as the project's own choice of version (stop 27).
		toolRow{"S59 mise use --path .mise.local.toml", ModeDefault, nil, bash("mise use --path .mise.local.toml node@20"), Ask},
		toolRow{"S59 mise use -p sub/mise.toml", ModeDefault, nil, bash("mise use -p sub/mise.toml go@1.22"), Ask},
		toolRow{"S59 neighbour: Write config.toml", A, nil, w("config.toml"), Allow},
		toolRow{"S59 neighbour: Write src/config.toml", A, nil, w("src/config.toml"), Allow},
		toolRow{"S59 neighbour: Write docs/mise.md", A, nil, w("docs/mise.md"), Allow},
		toolRow{"S59 neighbour: Write .mise/tasks/build", A, nil, w(".mise/tasks/build"), Allow},
	)
	checkToolDecisions(t, rows)
}
