//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSharedRepository(t *testing.T) {
	for _, tt := range []struct {
		name, config, want string
	}{
		{"unset", "[core]\n\tbare = false\n", ""},
		{"group, as git init --shared=group writes it", "[core]\n\tsharedrepository = 1\n", "1"},
		{"a word", "[core]\n\tsharedRepository = group\n", "group"},
		{"a bare key is true", "[core]\n\tsharedRepository\n", "true"},
		{"a mode", "[core]\n\tsharedRepository = 0660\n", "0660"},
		{"umask", "[core]\n\tsharedRepository = umask\n", ""},
		{"false", "[core]\n\tsharedRepository = false\n", ""},
		{"zero", "[core]\n\tsharedRepository = 00\n", ""},
		{"the last one counts", "[core]\n\tsharedRepository = group\n\tsharedRepository = umask\n", ""},
		{"no word is not quoted", "[core]\n\tsharedRepository = \"a b/c\"\n", "set"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			os.Mkdir(filepath.Join(root, ".git"), 0o755)
			os.WriteFile(filepath.Join(root, ".git", "config"), []byte(tt.config), 0o644)
			if got := sharedRepository(root); got != tt.want {
				t.Errorf("sharedRepository = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("a config reached through a link is not read", func(t *testing.T) {
		root, other := t.TempDir(), t.TempDir()
		os.WriteFile(filepath.Join(other, "config"), []byte("[core]\n\tsharedRepository = group\n"), 0o644)
		os.Symlink(other, filepath.Join(root, ".git"))
		if got := sharedRepository(root); got != "" {
			t.Errorf(".git a link: %q, want nothing", got)
		}
		os.Remove(filepath.Join(root, ".git"))
		os.Mkdir(filepath.Join(root, ".git"), 0o755)
		os.Symlink(filepath.Join(other, "config"), filepath.Join(root, ".git", "config"))
		if got := sharedRepository(root); got != "" {
			t.Errorf(".git/config a link: %q, want nothing", got)
		}
	})
}

// TestUnfinishedInit: a .git that git init began (its templates'
// description, no HEAD or config) is one; an empty .git, a project
// marker, or a repository is not (a failed command in a project marked so
// was told about git init --shared).
func TestUnfinishedInit(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files []string
		want  bool
	}{
		{"begun by git init", []string{"description", "hooks/"}, true},
		{"an empty marker", nil, false},
		{"a repository", []string{"description", "HEAD", "config"}, false},
		{"a config but no HEAD", []string{"description", "config"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			git := filepath.Join(root, ".git")
			if err := os.Mkdir(git, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range tt.files {
				var err error
				if strings.HasSuffix(f, "/") {
					err = os.Mkdir(filepath.Join(git, f), 0o755)
				} else {
					err = os.WriteFile(filepath.Join(git, f), nil, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := unfinishedInit(root, root); (got == git) != tt.want || got != "" && got != git {
				t.Errorf("unfinishedInit = %q, want found %v", got, tt.want)
			}
		})
	}
}
