package main

import (
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
)

// TestPythonEnvs: VIRTUAL_ENV and CONDA_PREFIX are read for the engine;
// with both set, the venv is pip's only when its bin directory comes
// before conda's in PATH (conda activate after source activate puts
// conda's first).
func TestPythonEnvs(t *testing.T) {
	for _, tt := range []struct {
		name, venv, conda, path string
		wantVenv, wantConda     string
	}{
		{"none", "", "", "/usr/bin", "", ""},
		{"venv only", "/nonexistent/p/.venv", "", "/usr/bin", "/nonexistent/p/.venv", ""},
		{"conda only", "", "/nonexistent/conda", "/usr/bin", "", "/nonexistent/conda"},
		{"relative ones are left out", "x/.venv", "y", "/usr/bin", "", ""},
		{"venv first in PATH", "/nonexistent/p/.venv", "/nonexistent/conda", "/nonexistent/p/.venv/bin:/nonexistent/conda/bin:/usr/bin", "/nonexistent/p/.venv", "/nonexistent/conda"},
		{"conda first in PATH", "/nonexistent/p/.venv", "/nonexistent/conda", "/nonexistent/conda/bin:/nonexistent/p/.venv/bin:/usr/bin", "", "/nonexistent/conda"},
		{"conda's bin only in PATH", "/nonexistent/p/.venv", "/nonexistent/conda", "/nonexistent/conda/bin/:/usr/bin", "", "/nonexistent/conda"},
		{"neither bin in PATH", "/nonexistent/p/.venv", "/nonexistent/conda", "/usr/bin", "/nonexistent/p/.venv", "/nonexistent/conda"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("VIRTUAL_ENV", tt.venv)
			t.Setenv("CONDA_PREFIX", tt.conda)
			t.Setenv("PATH", tt.path)
			venv, conda := pythonEnvs(exec.NewResolver())
			if venv != tt.wantVenv || conda != tt.wantConda {
				t.Errorf("pythonEnvs: %q, %q; want %q, %q", venv, conda, tt.wantVenv, tt.wantConda)
			}
		})
	}
}
