package exec

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCorePipesAt: the core limit is locked where core_pattern hands dumps
// to a program or a socket, and where it cannot be read (fail closed); a
// pattern of a file, or an empty one, leaves it the command's own.
func TestCorePipesAt(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		pattern string
		want    bool
	}{
		{"|/usr/share/apport/apport -p%p -s%s -c%c\n", true},
		{"@/run/systemd/coredump.socket\n", true},
		{"core\n", false},
		{"/var/crash/core.%e.%p\n", false},
		{"", false},
	} {
		path := filepath.Join(dir, "core_pattern")
		if err := os.WriteFile(path, []byte(c.pattern), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := corePipesAt(path); got != c.want {
			t.Errorf("core_pattern %q: locked %v, want %v", c.pattern, got, c.want)
		}
	}
	if !corePipesAt(filepath.Join(dir, "missing")) {
		t.Error("an unreadable core_pattern left the core limit unlocked; want it locked")
	}
	// A directory: opened, but its read fails.
	if !corePipesAt(dir) {
		t.Error("a core_pattern whose read fails left the core limit unlocked; want it locked")
	}
}
