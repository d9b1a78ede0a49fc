//go:build linux

package exec

import (
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
