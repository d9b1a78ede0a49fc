package exec

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPresetExecuting(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{".cargo/bin", ".pyenv/shims", ".cargo/registry", "bin", "cargo-home/bin"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, tc := range []struct {
		name string
		path string
		vars map[string]string
		want string
	}{
		{"rustup's bin", ".cargo/bin/cargo", nil, "rust"},
		{"a pyenv shim", ".pyenv/shims/python3", nil, "python"},
		{"a crate is read, not executed", ".cargo/registry/x", nil, ""},
		{"no preset's", "bin/tool", nil, ""},
		{"CARGO_HOME decides", ".cargo/bin/cargo", map[string]string{"CARGO_HOME": filepath.Join(home, "cargo-home")}, ""},
		{"in CARGO_HOME", "cargo-home/bin/cargo", map[string]string{"CARGO_HOME": filepath.Join(home, "cargo-home")}, "rust"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := presetExecuting(filepath.Join(home, tc.path), home, env(tc.vars)); got != tc.want {
				t.Errorf("presetExecuting(%s) = %q, want %q", tc.path, got, tc.want)
			}
		})
	}
}
