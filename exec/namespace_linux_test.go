package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// TestProtectedListsAgree: the Linux namespace layer and the macOS Seatbelt
// profile protect the same entries of the root (.git itself is handled by
// the layer as a mount of its own, see protect).
func TestProtectedListsAgree(t *testing.T) {
	linux := append(ProtectedInRoot(), ".git")
	for _, p := range seatbelt.ProtectedInRoot() {
		if !slices.Contains(linux, p) {
			t.Errorf("Seatbelt protects %s, the Linux layer does not", p)
		}
	}
	for _, p := range ProtectedInRoot() {
		if !slices.Contains(seatbelt.ProtectedInRoot(), p) {
			t.Errorf("the Linux layer protects %s, Seatbelt does not", p)
		}
	}
}

// TestKeptInside: what a hidden directory keeps, and when it is not hidden.
func TestKeptInside(t *testing.T) {
	d := t.TempDir()
	dir, err := filepath.EvalSymlinks(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a/b", "a/b/c", "x", "y/z"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("x", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	j := func(p string) string { return filepath.Join(dir, p) }
	tests := []struct {
		name        string
		keep, whole []string
		want        []string
		hide        bool
	}{
		{"nothing kept", nil, nil, nil, true},
		{"outermost only", []string{j("a/b/c"), j("a/b")}, nil, []string{j("a/b")}, true},
		{"links resolved, duplicates dropped", []string{j("link"), j("x")}, nil, []string{j("x")}, true},
		{"missing and outside paths left out", []string{j("gone"), "/usr", j("y/z")}, nil, []string{j("y/z")}, true},
		{"a read grant holding it", []string{"/"}, nil, nil, true},
		{"a writable grant holding it", []string{"/"}, []string{"/"}, nil, false},
		{"the directory itself", []string{dir}, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := keptInside(dir, tt.keep, tt.whole)
			if ok != tt.hide || !slices.Equal(got, tt.want) {
				t.Errorf("keptInside = %q, %v; want %q, %v", got, ok, tt.want, tt.hide)
			}
		})
	}
	many := make([]string, 0, maxKept+1)
	for i := range maxKept + 1 {
		p := j(fmt.Sprintf("many/%d", i))
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		many = append(many, p)
	}
	if _, ok := keptInside(dir, many, nil); ok {
		t.Errorf("%d paths kept: want the directory left visible (at most %d)", len(many), maxKept)
	}
}
