package exec

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestGitPlaces: where the root's git opens files besides the root, read
// from git's pointer files: a linked worktree's git and common directory,
// the main working tree and the other worktrees; the top of the working
// tree a root below it lies in; nothing for a root with no repository.
func TestGitPlaces(t *testing.T) {
	t.Parallel()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	j := func(p string) string { return filepath.Join(base, p) }
	files := map[string]string{
		"main/.git/HEAD":                      "ref: refs/heads/main\n",
		"main/.git/worktrees/wt/commondir":    "../..\n",
		"main/.git/worktrees/wt/gitdir":       j("wt/.git") + "\n",
		"main/.git/worktrees/other/commondir": "../..\n",
		"main/.git/worktrees/other/gitdir":    j("other/.git") + "\n",
		"wt/.git":                             "gitdir: " + j("main/.git/worktrees/wt") + "\n",
		"other/.git":                          "gitdir: " + j("main/.git/worktrees/other") + "\n",
		"plain/x":                             "",
	}
	for p, c := range files {
		os.MkdirAll(filepath.Dir(j(p)), 0o755)
		if err := os.WriteFile(j(p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(j("main/sub"), 0o755)
	tests := []struct {
		root string
		want []string
	}{
		{j("wt"), []string{j("main/.git/worktrees/wt"), j("main/.git"), j("main"), j("other")}},
		{j("main"), []string{j("wt"), j("other")}},
		{j("main/sub"), []string{j("main"), j("main/.git"), j("wt"), j("other")}},
		{j("plain"), nil},
	}
	for _, tt := range tests {
		got := gitPlaces(tt.root, newResolver(16))
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("gitPlaces(%s) = %v, want %v", tt.root, got, tt.want)
		}
	}
}
