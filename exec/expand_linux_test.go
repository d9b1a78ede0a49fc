//go:build linux

package exec

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/landlock"
)

// raceTree builds a root with foo/ (a directory), foolink (a link to a
// directory outside every grant holding a secret), a.txt and .env, and
// returns the root and the outside directory.
func raceTree(t *testing.T) (root, outside string) {
	t.Helper()
	root = testRoot(t)
	outside = testRoot(t)
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("outside secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "foo"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"a.txt", ".env"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte(f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, "foolink")); err != nil {
		t.Fatal(err)
	}
	return root, outside
}

// flip exchanges a and b (RENAME_EXCHANGE) in a loop until stop is closed,
// as a sandboxed command in the same root can; it leaves them as found.
func flip(t *testing.T, a, b string, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	wg.Go(func() {
		n := 0
		for {
			select {
			case <-stop:
				if n%2 == 1 {
					unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
				}
				return
			default:
			}
			if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
				t.Errorf("renameat2: %v", err)
				return
			}
			n++
		}
	})
	return &wg
}

// TestDenyReadExpansionRace: while another process keeps exchanging a
// directory of the root with a link out of it, runs with a --deny-read
// path in the root (whose other entries are then granted one by one) never
// reach the link's target: the grant of the entry is for the directory the
// plan listed, and one swapped meanwhile refuses the run (125) instead.
// Before, the rule was opened by path, following the link, and about one
// run in four read (and, without the layer, wrote) outside every grant.
func TestDenyReadExpansionRace(t *testing.T) {
	requireSandbox(t)
	root, outside := raceTree(t)
	stop := make(chan struct{})
	flipping := flip(t, filepath.Join(root, "foo"), filepath.Join(root, "foolink"), stop)
	defer flipping.Wait()
	defer close(stop)

	script := `cat ` + filepath.Join(outside, "secret") + ` 2>/dev/null; echo x 2>/dev/null >> ` + filepath.Join(outside, "written") + `; exit 0`
	var runs, refused atomic.Int32
	deadline := time.Now().Add(4 * time.Second)
	for layer := range 2 {
		for i := 0; i < 40 && time.Now().Before(deadline); i++ {
			c := sh(root, script)
			c.Policy = c.Policy.WithDenyRead(filepath.Join(root, ".env"))
			c.Policy.NoNamespaces = layer == 1
			var out, stderr bytes.Buffer
			c.Stdout, c.Stderr = &out, &stderr
			status, err := c.Run(context.Background())
			runs.Add(1)
			switch {
			case status == StatusSandbox && errors.As(err, new(*landlock.ChangedError)):
				refused.Add(1)
			case status != 0 || err != nil:
				t.Fatalf("run %d: %d, %v\n%s", i, status, err, stderr.Bytes())
			}
			if strings.Contains(out.String(), "outside secret") {
				t.Fatalf("run %d (no namespaces: %v) read the link's target outside every grant", i, c.Policy.NoNamespaces)
			}
			if _, err := os.Lstat(filepath.Join(outside, "written")); err == nil {
				t.Fatalf("run %d (no namespaces: %v) wrote in the link's target outside every grant", i, c.Policy.NoNamespaces)
			}
		}
	}
	t.Logf("%d runs, %d refused", runs.Load(), refused.Load())
}

// TestDenyReadExpansionExact: every rule the expansion adds is for the file
// it listed; a granted entry swapped for a link, or for another directory,
// between the plan and the ruleset fails the build with a
// *landlock.ChangedError, and so does the plan when the denied file is no
// longer the one it found.
func TestDenyReadExpansionExact(t *testing.T) {
	t.Parallel()
	if landlock.ABI() < 1 {
		t.Skip("needs Landlock")
	}
	root, _ := raceTree(t)
	if err := os.Mkdir(filepath.Join(root, "bar"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := DefaultPolicy(root).WithDenyRead(filepath.Join(root, ".env"))
	e, err := p.plan(fullKernel)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range e.Landlock.Paths {
		if within(r.Path, root) && r.Exact == nil {
			t.Errorf("rule %s: not Exact", r.Path)
		}
		if r.Path == filepath.Join(root, "foolink") {
			t.Errorf("the link %s is granted", r.Path)
		}
	}
	exchange := func(a, b string) {
		t.Helper()
		if err := unix.Renameat2(unix.AT_FDCWD, filepath.Join(root, a), unix.AT_FDCWD, filepath.Join(root, b), unix.RENAME_EXCHANGE); err != nil {
			t.Fatal(err)
		}
	}
	for _, other := range []string{"foolink", "bar"} {
		exchange("foo", other)
		rs, _, err := e.Landlock.Build(false)
		var ce *landlock.ChangedError
		if !errors.As(err, &ce) {
			t.Errorf("foo exchanged with %s after the plan: Build = %v, want a *landlock.ChangedError", other, err)
		}
		if rs != nil {
			rs.Close()
		}
		exchange("foo", other)
	}
	rs, _, err := e.Landlock.Build(false)
	if err != nil {
		t.Fatalf("as planned: Build = %v", err)
	}
	rs.Close()

	// The denied file exchanged with a sibling after it was found: the
	// sibling's name, which would be granted, holds it.
	x := expander{access: Read, fs: Read.landlock(), denies: []deny{{path: filepath.Join(root, ".env"), real: filepath.Join(root, ".env")}}, seen: make([]bool, 1)}
	fi, err := os.Lstat(filepath.Join(root, "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	x.denies[0].id = fileID(fi)
	if err := x.expandAt(root); !errors.As(err, new(*landlock.ChangedError)) {
		t.Errorf("denied file not the one found: expand = %v, want a *landlock.ChangedError", err)
	}
}

// TestPinnedGrant: the private temp dir the runner made is granted as the
// plan found it: swapped for a link before the plan, the plan fails; for
// another directory after it, the build does, each with a
// *landlock.ChangedError. The root is pinned the same way.
func TestPinnedGrant(t *testing.T) {
	t.Parallel()
	if landlock.ABI() < 1 {
		t.Skip("needs Landlock")
	}
	root, outside := raceTree(t)
	tmp := filepath.Join(root, "tmp-made")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	p := DefaultPolicy(root).WithGrant(Grant{Path: tmp, Access: privateTmpAccess, pinned: true})
	e, err := p.plan(fullKernel)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range e.Landlock.Paths {
		if (r.Path == tmp || r.Path == root) && r.Exact == nil {
			t.Errorf("%s: not Exact", r.Path)
		}
	}
	exchange := func(a, b string) {
		t.Helper()
		if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
			t.Fatal(err)
		}
	}
	foo := filepath.Join(root, "foo")
	exchange(tmp, foo)
	if rs, _, err := e.Landlock.Build(false); !errors.As(err, new(*landlock.ChangedError)) {
		t.Errorf("swapped for another directory after the plan: Build = %v, want a *landlock.ChangedError", err)
		if rs != nil {
			rs.Close()
		}
	}
	exchange(tmp, foo)

	link := filepath.Join(root, "foolink")
	exchange(tmp, link) // the temp dir's name is now a link to outside
	if _, err := p.plan(fullKernel); !errors.As(err, new(*landlock.ChangedError)) || !strings.Contains(err.Error(), tmp) {
		t.Errorf("a link to %s before the plan: plan = %v, want a *landlock.ChangedError naming %s", outside, err, tmp)
	}
	exchange(tmp, link)
}

// TestDenyReadStillWorks: without anyone renaming, a --deny-read file in
// the root stays unreadable, with or without the namespace layer, while
// its siblings, the directories beside it and the files in them stay
// readable and writable, and links in the root lead nowhere new.
func TestDenyReadStillWorks(t *testing.T) {
	requireSandbox(t)
	root, _ := raceTree(t)
	if err := os.WriteFile(filepath.Join(root, "foo", "in"), []byte("in foo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, noNS := range []bool{false, true} {
		c := sh(root, `cat .env 2>/dev/null && echo READ-ENV; cat a.txt foo/in; echo new > foo/new && cat foo/new; cat foolink/secret 2>/dev/null && echo READ-OUTSIDE; exit 0`)
		c.Policy = c.Policy.WithDenyRead(filepath.Join(root, ".env"))
		c.Policy.NoNamespaces = noNS
		var out, stderr bytes.Buffer
		c.Stdout, c.Stderr = &out, &stderr
		if status, err := c.Run(context.Background()); status != 0 || err != nil {
			t.Fatalf("no namespaces %v: %d, %v\n%s", noNS, status, err, stderr.Bytes())
		}
		if got, want := out.String(), "a.txt\nin foo\nnew\n"; got != want {
			t.Errorf("no namespaces %v: output %q, want %q", noNS, got, want)
		}
		os.Remove(filepath.Join(root, "foo", "new"))
	}
}

// BenchmarkPlanDenyRead plans and builds the ruleset of a default policy
// whose root of 64 entries holds a --deny-read file: the expansion, and
// the opening of every rule, on the critical path of such a run.
func BenchmarkPlanDenyRead(b *testing.B) {
	root := testRoot(b)
	for i := range 32 {
		if err := os.WriteFile(filepath.Join(root, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.Mkdir(filepath.Join(root, "d"+strconv.Itoa(i)), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".env"), nil, 0o600); err != nil {
		b.Fatal(err)
	}
	p := DefaultPolicy(root).WithDenyRead(filepath.Join(root, ".env"))
	b.ReportAllocs()
	for b.Loop() {
		e, err := p.plan(probeKernel())
		if err != nil {
			b.Fatal(err)
		}
		rs, _, err := e.Landlock.Build(true)
		if err != nil {
			b.Fatal(err)
		}
		if rs != nil {
			rs.Close()
		}
	}
}

// BenchmarkPlanDefault plans a default policy's Landlock rules, as every
// run does beside the layer's plan: the grants' link checks included.
func BenchmarkPlanDefault(b *testing.B) {
	p := DefaultPolicy(testRoot(b))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.plan(probeKernel()); err != nil {
			b.Fatal(err)
		}
	}
}
