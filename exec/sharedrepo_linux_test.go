//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
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

// TestUnfinishedInit: a .git that git init --shared began (templates
// copied, the hooks directory made, no HEAD or config) is one; an empty
// .git kept as a project marker, or one holding only the layer's
// placeholder hooks directory, is none: told to remove it, the user
// would lose a marker git never made.
func TestUnfinishedInit(t *testing.T) {
	for _, tt := range []struct {
		name string
		make []string // directories (ending in /) and files under the root
		want bool
	}{
		{"half-made by git init --shared", []string{".git/", ".git/hooks/", ".git/description", ".git/info/"}, true},
		{"an empty marker", []string{".git/"}, false},
		{"a repository", []string{".git/", ".git/hooks/", ".git/HEAD", ".git/config"}, false},
		{"no .git", nil, false},
		{"a marker with the layer's placeholder hooks", []string{".git/", ".git/hooks/"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for _, p := range tt.make {
				var err error
				if strings.HasSuffix(p, "/") {
					err = os.MkdirAll(filepath.Join(root, p), 0o755)
				} else {
					err = os.WriteFile(filepath.Join(root, p), nil, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if strings.HasPrefix(tt.name, "a marker with") {
				if err := unix.Setxattr(filepath.Join(root, ".git/hooks"), placeholderMark, nil, 0); err != nil {
					t.Skipf("no extended attributes here: %v", err)
				}
			}
			if got := unfinishedInit(root, root); (got != "") != tt.want {
				t.Errorf("unfinishedInit = %q, want one: %v", got, tt.want)
			}
		})
	}
}
