//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFloodedParentFix76: without the layer, under --allow-write .., a
// command that renamed the root into a directory it filled and left a
// link to a planted copy at its name had the runner look through every
// entry it made for the root (findDir): 7.7 s for a million files in
// 4000 directories, and 4096 directories of 65536 entries each kept it
// going for hours, the run not ending. The search now stops at 65536
// entries or 0.5 s: the link still goes aside, the run fails (125) and
// says to find the root by hand (on b45507f's binary no row says so: one
// directory past 65536 entries was skipped unsaid, and 75,000 entries in
// 150 directories were all looked through, the root one level below). The neighbour, the root renamed into a
// small directory, is found and put back.
func TestFloodedParentFix76(t *testing.T) {
	const swap = "n=$(basename \"$PWD\")\ncd ..\nmkdir f\n"
	const plant = "mv \"$n\" \"$AT/$n.x\" && cp -a \"$AT/$n.x\" q && ln -s q \"$n\"\ngit -C q config core.fsmonitor 'touch MARK; false'\n"
	rows := []struct {
		name, flood, at string
		found           bool
	}{
		{"one directory of 70000", "(cd f && seq 1 70000 | xargs touch)\n", "f", false},
		{"150 directories of 500", "(cd f && seq 1 150 | xargs mkdir && for d in $(seq 1 150); do (cd $d && seq 1 500 | xargs touch); done; mkdir 150/s)\n", "f/150/s", false},
		{"neighbour", "(cd f && seq 1 10 | xargs mkdir)\n", "f/10", true},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			p := newRT20Project(t, false)
			var before syscall.Stat_t
			if err := syscall.Stat(p.root, &before); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			r := red75Run(t, p, swap+row.flood+"AT="+row.at+"\n"+plant, false, true)
			t.Logf("the run took %v", time.Since(start))
			if r.code != 125 {
				t.Errorf("exit %d, want 125 naming the root replaced\nstderr: %s", r.code, r.stderr)
			}
			if fi, err := os.Lstat(p.root); err != nil || fi.Mode()&os.ModeSymlink != 0 {
				t.Errorf("the link to the planted copy is still at the root's name (%v)\nstderr: %s", err, r.stderr)
			}
			var after syscall.Stat_t
			put := syscall.Lstat(p.root, &after) == nil && after.Dev == before.Dev && after.Ino == before.Ino
			if put != row.found {
				t.Errorf("the root put back: %v, want %v\nstderr: %s", put, row.found, r.stderr)
			}
			if byHand := strings.Contains(r.stderr, "find it by hand (find "+filepath.Dir(p.root)); byHand == row.found {
				t.Errorf("the run says to find the root by hand: %v, want %v\nstderr: %s", byHand, !row.found, r.stderr)
			}
			gitReturns(t, p.root, p.cred, "status")
			if _, err := os.Stat(p.mark); err == nil {
				t.Errorf("the host's git in the project ran what the command planted in the copy\nstderr: %s", r.stderr)
			}
		})
	}
}

// TestGrantOverDeepRepositoryWarnsFix76: a write grant holding the root
// two levels or more above it (--allow-write ~ with the project at
// ~/a/b/p) and another repository beside the root's way (~/a/other/.git)
// or below one of the grant's directories (~/x/y/.git) was allowed
// unwarned on b45507f: red75 looked only between the grant's top and the
// root and at that top. Every repository there is the command's to plant
// core.fsmonitor or a hook in, which the user's next git there runs; one
// warning names the first found and counts the others. Neighbour: the
// same grant with no repository but the root's is not warned of.
func TestGrantOverDeepRepositoryWarnsFix76(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		repos []string
		want  string
	}{
		{"beside the way", []string{"a/other"}, "covers the git directory TOP/a/other/.git:"},
		{"deep", []string{"x/y"}, "covers the git directory TOP/x/y/.git:"},
		{"two", []string{"a/b/other", "x/y"}, "covers the git directory TOP/a/b/other/.git and 1 more below it:"},
		{"neighbour", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			top := realTemp(t)
			root := filepath.Join(top, "a", "b", "p")
			for _, d := range []string{filepath.Join(root, ".git", "hooks"), filepath.Join(top, "a", "notes"), filepath.Join(top, "x", "y", "src")} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, r := range tc.repos {
				if err := os.MkdirAll(filepath.Join(top, r, ".git", "hooks"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			r := run(t, invocation{args: []string{"explain", "--no-user-settings", "--settings", "/dev/null", "--allow-write", top}, dir: root})
			want := strings.ReplaceAll(tc.want, "TOP", top)
			switch {
			case r.code != 0:
				t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
			case want != "" && strings.Count(r.stderr, want) != 1:
				t.Errorf("--allow-write %s holding %v: stderr\n%s\nwant %q once", top, tc.repos, r.stderr, want)
			case want == "" && strings.Contains(r.stderr, "covers the git directory"):
				t.Errorf("--allow-write %s with no repository but the root's warned: %s", top, r.stderr)
			}
		})
	}
}
