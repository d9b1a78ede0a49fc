package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigWatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		made  []string // made in the git directory after the watch began
		wantT bool
	}{
		{"nothing made", nil, false},
		{"other lock files", []string{"index.lock", "HEAD.lock", "config.worktree.lock", "xconfig.lock"}, false},
		{"config.lock among others", []string{"index.lock", "config.lock", "HEAD.lock"}, true},
		// A queue with many events before it: the reader goes through
		// more than one buffer's worth.
		{"config.lock after thousands", append(manyNames(3000), "config.lock"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			git := t.TempDir()
			config := filepath.Join(git, "config")
			if err := os.WriteFile(config, []byte("[core]\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(git, "config.lock"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(git, "config.lock")) // before the watch: not seen
			w := watchConfig(config)
			if w == nil {
				t.Skip("no inotify here")
			}
			defer w.close()
			for _, n := range tc.made {
				if err := os.WriteFile(filepath.Join(git, n), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := w.tried(); got != tc.wantT {
				t.Errorf("tried() = %v, want %v", got, tc.wantT)
			}
		})
	}
	if watchConfig("") != nil {
		t.Error("a watch without a config")
	}
	var none *configWatch
	if none.tried() {
		t.Error("a nil watch tried")
	}
	none.close()
	if m := configMessage("/p/.git/config"); !strings.Contains(m, "/p/.git/config") || !strings.Contains(m, "--allow-git-config") {
		t.Errorf("configMessage = %q", m)
	}
}

// manyNames are n distinct names of files to make.
func manyNames(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprintf("f%04d-%s", i, strings.Repeat("x", i%40))
	}
	return s
}
