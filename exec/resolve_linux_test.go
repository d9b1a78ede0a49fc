//go:build linux

package exec

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestResolverList: a name missing from a directory read whole is
// answered missing, as os.Lstat answers it, without a look of its own; a
// name there, a directory too large to read whole, and a path given
// otherwise (unclean, relative) are looked at as before.
func TestResolverList(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b.json", ".claude"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxListed + 1 {
		if err := os.WriteFile(filepath.Join(big, fmt.Sprintf("entry-%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := newResolver(8)
	r.list(dir)
	r.list(big)
	if _, ok := r.listed[dir]; !ok {
		t.Fatalf("%s was not read whole", dir)
	}
	if _, ok := r.listed[big]; ok {
		t.Errorf("%s, more than %d names, was read whole", big, maxListed)
	}
	// Made after the listing: a plan takes the directory as it found it.
	if err := os.WriteFile(filepath.Join(dir, "later"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path    string
		missing bool
		looked  bool // answered by os.Lstat
	}{
		{dir + "/a", false, true},
		{dir + "/.claude", false, true},
		{dir + "/.mcp.json", true, false},
		{dir + "/later", true, false},
		{dir + "/big/entry-0000", false, true},
		{dir + "/big/entry-x", true, true},
		{dir + "/./.mcp.json", true, true},
		{dir + "//.mcp.json", true, true},
		{dir + "/.mcp.json/x", true, true},
	} {
		fi, err := r.lstat(tt.path)
		if missing := errors.Is(err, fs.ErrNotExist); missing != tt.missing || (err == nil) == tt.missing {
			t.Errorf("lstat(%s) = %v, %v; want missing %v", tt.path, fi, err, tt.missing)
		}
		if tt.missing && !tt.looked {
			var pe *os.PathError
			if !errors.As(err, &pe) || pe.Op != "lstat" || pe.Path != tt.path || pe.Err != syscall.ENOENT {
				t.Errorf("lstat(%s) = %#v, want os.Lstat's own error", tt.path, err)
			}
		}
		if tt.looked {
			_, want := os.Lstat(tt.path)
			if (err == nil) != (want == nil) {
				t.Errorf("lstat(%s): %v, os.Lstat %v", tt.path, err, want)
			}
		}
	}
}
