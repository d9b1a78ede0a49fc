package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestConfigWatch(t *testing.T) {
	for _, tc := range []struct {
		name string
		made []string // made below the git directory after the watch began
		want []string // the configs tried, below the git directory
	}{
		{"nothing made", nil, nil},
		{"other lock files", []string{"index.lock", "HEAD.lock", "xconfig.lock", "modules/sub/index.lock", "modules/sub/config.worktree.lock"}, nil},
		{"config.lock among others", []string{"index.lock", "config.lock", "HEAD.lock"}, []string{"config"}},
		// git config --worktree, under extensions.worktreeConfig.
		{"config.worktree.lock", []string{"config.worktree.lock"}, []string{"config.worktree"}},
		// git -C sub config x y, in the submodule's git directory.
		{"a submodule's config.lock", []string{"modules/sub/config.lock"}, []string{"modules/sub/config"}},
		{"each once, in order", []string{"modules/sub/config.lock", "config.lock", "modules/sub/config.lock", "config.lock"},
			[]string{"modules/sub/config", "config"}},
		// A queue with many events before it: the reader goes through
		// more than one buffer's worth.
		{"config.lock after thousands", append(manyNames(3000), "config.lock"), []string{"config"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			git := t.TempDir()
			if err := os.MkdirAll(filepath.Join(git, "modules", "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			var configs []string
			for _, c := range []string{"config", "config.worktree", "modules/sub/config"} {
				configs = append(configs, filepath.Join(git, c))
				if err := os.WriteFile(filepath.Join(git, c), []byte("[core]\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(git, "config.lock"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(git, "config.lock")) // before the watch: not seen
			w := watchConfig(configs)
			if w == nil {
				t.Skip("no inotify here")
			}
			defer w.close()
			// Read, and opened for reading and writing: no lock made.
			for _, c := range configs {
				if _, err := os.ReadFile(c); err != nil {
					t.Fatal(err)
				}
				f, err := os.OpenFile(c, os.O_RDWR, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			for _, n := range tc.made {
				if err := os.WriteFile(filepath.Join(git, n), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var want []string
			for _, c := range tc.want {
				want = append(want, filepath.Join(git, c))
			}
			if got := w.tried(); !slices.Equal(got, want) {
				t.Errorf("tried() = %q, want %q", got, want)
			}
		})
	}
	if watchConfig(nil) != nil {
		t.Error("a watch without a config")
	}
	var none *configWatch
	if none.tried() != nil {
		t.Error("a nil watch tried")
	}
	none.close()
	for _, succeeded := range []bool{false, true} {
		m := configMessage("/p/.git/config", succeeded)
		if !strings.Contains(m, "/p/.git/config") || !strings.Contains(m, "--allow-git-config") || strings.Contains(m, "exited 0 without that write") != succeeded {
			t.Errorf("configMessage(succeeded %v) = %q", succeeded, m)
		}
	}
}

// TestConfigWatchBounded: past maxConfigWatches directories the rest are
// not watched, and the watch still works for those that are.
func TestConfigWatchBounded(t *testing.T) {
	base := t.TempDir()
	var configs []string
	for i := range maxConfigWatches + 3 {
		d := filepath.Join(base, fmt.Sprint(i))
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		configs = append(configs, filepath.Join(d, "config"))
	}
	w := watchConfig(configs)
	if w == nil {
		t.Skip("no inotify here")
	}
	defer w.close()
	if len(w.locks) != maxConfigWatches {
		t.Errorf("%d directories watched, want %d", len(w.locks), maxConfigWatches)
	}
	for _, i := range []int{0, maxConfigWatches + 2} {
		if err := os.WriteFile(configs[i]+".lock", nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.tried(); !slices.Equal(got, configs[:1]) {
		t.Errorf("tried() = %q, want %q", got, configs[:1])
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
