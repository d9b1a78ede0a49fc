package exec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// gitIndexOf makes a repository (git init args), stages a file and a
// gitlink at each of links, runs each of then (git args) and returns its
// index; the test is skipped without git.
func gitIndexOf(t testing.TB, initArgs []string, links []string, then ...[]string) []byte {
	t.Helper()
	b, _ := gitRepoOf(t, initArgs, links, then...)
	return b
}

// gitRepoOf is gitIndexOf, with the repository's git directory.
func gitRepoOf(t testing.TB, initArgs []string, links []string, then ...[]string) ([]byte, string) {
	t.Helper()
	if _, err := osexec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		c := osexec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		c.Dir = dir
		out, err := c.CombinedOutput()
		if err != nil {
			t.Skipf("git %v: %v\n%s", args, err, out)
		}
		return string(bytes.TrimSpace(out))
	}
	git(append([]string{"init", "-q"}, initArgs...)...)
	os.WriteFile(filepath.Join(dir, "a"), []byte("a\n"), 0o644)
	git("add", "a")
	git("commit", "-qm", "a")
	head := git("rev-parse", "HEAD")
	for _, l := range links {
		git("update-index", "--add", "--cacheinfo", "160000,"+head+","+l)
	}
	for _, args := range then {
		git(args...)
	}
	b, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return b, filepath.Join(dir, ".git")
}

// TestIndexGitlinks: the gitlinks of git's own indexes, versions 2, 3
// (an intent-to-add entry's extended flags) and 4 (prefix-compressed
// paths), SHA-1 and SHA-256, with their extensions; and a split index's
// shared one named.
func TestIndexGitlinks(t *testing.T) {
	links := []string{"sub", "libs/a", "libs/ab", "z/very/long/path/to/a/submodule"}
	for _, tt := range []struct {
		name string
		init []string
		then [][]string
	}{
		{"v2", nil, [][]string{{"update-index", "--index-version", "2"}}},
		{"v4", nil, [][]string{{"update-index", "--index-version", "4"}}},
		{"v4 with a tree cache", nil, [][]string{{"commit", "-qm", "links"}, {"update-index", "--index-version", "4"}}},
		{"sha256", []string{"--object-format=sha256"}, nil},
		{"sha256 v4", []string{"--object-format=sha256"}, [][]string{{"update-index", "--index-version", "4"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ix, err := indexGitlinksAny(gitIndexOf(t, tt.init, links, tt.then...))
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(ix.gitlinks)
			want := slices.Sorted(slices.Values(links))
			if !slices.Equal(ix.gitlinks, want) || ix.shared != "" {
				t.Errorf("gitlinks %q shared %q, want %q", ix.gitlinks, ix.shared, want)
			}
		})
	}
	t.Run("split", func(t *testing.T) {
		b, git := gitRepoOf(t, nil, links[:1], []string{"update-index", "--split-index"}, []string{"update-index", "--add", "--cacheinfo", "160000,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,late"})
		ix, err := indexGitlinksAny(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(ix.shared) != len("sharedindex.")+40 {
			t.Fatalf("shared index %q, want sharedindex.<sha-1>", ix.shared)
		}
		sb, err := os.ReadFile(filepath.Join(git, ix.shared))
		if err != nil {
			t.Fatal(err)
		}
		shared, err := indexGitlinksAny(sb)
		if all := append(ix.gitlinks, shared.gitlinks...); err != nil || !slices.Contains(all, "late") || !slices.Contains(all, "sub") {
			t.Errorf("gitlinks %q and the shared index's %q (%v), want sub and late among them", ix.gitlinks, shared.gitlinks, err)
		}
	})
}

// TestIndexGitlinksExtendedV3: a version 3 entry with extended flags
// (intent-to-add) is read past its two more bytes.
func TestIndexGitlinksExtendedV3(t *testing.T) {
	if _, err := osexec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"update-index", "--add", "--cacheinfo", "160000,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,sub"}} {
		c := osexec.Command("git", args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.WriteFile(filepath.Join(dir, "new"), nil, 0o644)
	c := osexec.Command("git", "add", "-N", "new")
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("git add -N: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if v := binary.BigEndian.Uint32(b[4:]); v != 3 {
		t.Skipf("git wrote version %d for an intent-to-add entry", v)
	}
	ix, err := indexGitlinksAny(b)
	if err != nil || !slices.Equal(ix.gitlinks, []string{"sub"}) {
		t.Errorf("gitlinks %q (%v), want sub", ix.gitlinks, err)
	}
}

// TestIndexGitlinksMalformed: a malformed index is an error, never a
// panic nor a short list: bad signature or version, cut anywhere, an
// entry count the size cannot hold, a version 4 prefix longer than the
// path before, an unknown required extension.
func TestIndexGitlinksMalformed(t *testing.T) {
	good := gitIndexOf(t, nil, []string{"sub", "subdir"}, []string{"update-index", "--index-version", "4"})
	cases := map[string][]byte{
		"empty":         nil,
		"bad signature": append([]byte("DIRX"), good[4:]...),
		"version 5":     slices.Concat(good[:4], []byte{0, 0, 0, 5}, good[8:]),
		"huge count":    slices.Concat(good[:8], []byte{0xff, 0xff, 0xff, 0xff}, good[12:]),
		"required ext":  slices.Concat(good[:len(good)-20], []byte("abcd\x00\x00\x00\x00"), make([]byte, 20)),
		"v4 prefix":     v4StripTooLong(good),
	}
	for n := 1; n < len(good)-20; n += 7 {
		cases["cut at "+strconv.Itoa(n)] = good[:n]
	}
	for name, b := range cases {
		if ix, err := indexGitlinksAny(b); !errors.Is(err, errIndex) {
			t.Errorf("%s: %q, %v; want errIndex", name, ix.gitlinks, err)
		}
	}
	// What git refuses at once (verify_hdr) is no index at all: the run
	// need not fail for it.
	for _, name := range []string{"empty", "bad signature", "version 5"} {
		if _, err := indexGitlinksAny(cases[name]); !errors.Is(err, errNotIndex) {
			t.Errorf("%s: %v, want errNotIndex", name, err)
		}
	}
	if _, err := indexGitlinksAny(good[:20]); errors.Is(err, errNotIndex) {
		t.Errorf("a header cut short taken for no index: %v", err)
	}
}

// v4StripTooLong is a version 4 index whose first entry strips a byte
// from the empty path before it.
func v4StripTooLong(good []byte) []byte {
	b := slices.Clone(good)
	b[12+40+20+2] = 1 // the first entry's prefix length, after stat data, hash and flags
	return b
}

// FuzzIndexGitlinks: no input panics the reader or runs away with it;
// what it reads, it reads again the same.
func FuzzIndexGitlinks(f *testing.F) {
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00" + string(make([]byte, 20))))
	for _, v := range []string{"2", "4"} {
		f.Add(gitIndexOf(f, nil, []string{"sub", "sub2"}, []string{"update-index", "--index-version", v}))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := indexGitlinksAny(b)
		if err != nil && !errors.Is(err, errIndex) {
			t.Fatalf("an error not errIndex: %v", err)
		}
		if err == nil {
			again, _ := indexGitlinksAny(b)
			if !slices.Equal(ix.gitlinks, again.gitlinks) {
				t.Fatal("read two ways")
			}
		}
	})
}
