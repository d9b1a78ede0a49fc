//go:build linux

package exec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// openFDs lists the calling process's descriptors with what they point at.
func openFDs(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil {
			continue // the directory's own descriptor, closed by now
		}
		out = append(out, e.Name()+" -> "+target)
	}
	return out
}

// ownChildren lists the calling process's children (any thread's), zombies
// included.
func ownChildren() []string {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	var out []string
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		for _, pid := range strings.Fields(string(b)) {
			comm, _ := os.ReadFile("/proc/" + pid + "/comm")
			out = append(out, pid+" "+strings.TrimSpace(string(comm))+" "+string(state(atoi(pid))))
		}
	}
	return out
}

// privateTmps lists the host's private temp dirs of runs.
func privateTmps() []string {
	m, _ := filepath.Glob(filepath.Join(os.TempDir(), "mewsandbox-*"))
	return m
}

// tree lists what lies below root with its mode and size, for a root that
// must be left as it was.
func tree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // a placeholder going as the walk reads it
		} else if err != nil {
			return err
		}
		fi, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		} else if err != nil {
			return err
		}
		size := fi.Size()
		if fi.IsDir() {
			size = 0
		}
		out = append(out, fmt.Sprintf("%s %v %d", strings.TrimPrefix(p, root), fi.Mode(), size))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRunManyAtOnce: one program runs 24 sandboxed commands at once, some
// ending well, some failing, killed by a signal, timed out or cancelled,
// with and without the namespace layer and a private temp dir. Each run
// gets its own status and output and sees no other run's root; afterwards
// the program has the descriptors it had, no child, and the host no
// private temp dir and no placeholder. Not parallel: it counts the
// process's descriptors and children.
func TestRunManyAtOnce(t *testing.T) {
	requireSandbox(t)
	settle(t)
	const runs = 24
	// A temp dir of the test's own: other programs on the machine make
	// theirs in /tmp.
	t.Setenv("TMPDIR", testRoot(t))
	tmpsBefore := privateTmps()
	roots := make([]string, runs)
	for i := range roots {
		roots[i] = testRoot(t)
		os.WriteFile(filepath.Join(roots[i], "secret"), []byte(strconv.Itoa(i)), 0o644)
	}
	outFiles := make([]*os.File, runs)
	for i := range outFiles {
		f, err := os.Create(filepath.Join(t.TempDir(), "out"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		outFiles[i] = f
	}
	fdsBefore := openFDs(t)

	type result struct {
		status int
		err    error
		stdout string
		stderr string
		took   time.Duration
	}
	results := make([]result, runs)
	wants := make([]int, runs)
	var wg sync.WaitGroup
	for i := 0; i < runs; i++ {
		other := roots[(i+1)%runs]
		// Each run: its own marker, its own line out, an attempt at the
		// next run's root, then its kind's ending.
		script := fmt.Sprintf(`echo %d > marker; echo "out %d"; echo "err %d" >&2; cat %s/secret %s/marker 2>/dev/null && echo SAW-OTHER; ls %s >/dev/null 2>&1 && echo LISTED-OTHER; `, i, i, i, other, other, other)
		c := sh(roots[i], "")
		c.Grace = 300 * time.Millisecond
		c.Policy.NoNamespaces = i%4 == 3
		c.PrivateTmp = i%3 == 0
		ctx := context.Background()
		var cancel context.CancelFunc = func() {}
		switch i % 6 {
		case 0:
			script += `test -n "$TMPDIR" && echo tmp > "$TMPDIR/x" && test -s "$TMPDIR/x" || exit 99; exit ` + strconv.Itoa(i%50)
			wants[i] = i % 50
		case 1:
			script += "exit 3"
			wants[i] = 3
		case 2:
			script += "kill -KILL $$"
			wants[i] = 128 + 9
		case 3:
			// Long enough for 24 runs to start on a loaded machine before
			// the timeout, whose clock starts with Run.
			script += `trap "" TERM; sleep 30; exit 0`
			c.Timeout = 2 * time.Second
			wants[i] = StatusTimeout
		case 4:
			// Cancelled once the command has written its lines: a timer
			// from here fired before it had on a loaded machine.
			script += ": > ready; sleep 30; exit 0"
			ctx, cancel = context.WithCancel(ctx)
			go cancelWhenExists(ctx, filepath.Join(roots[i], "ready"), cancel)
			wants[i] = 128 + 15
		case 5:
			script += "sleep 0.2; exit 0"
			wants[i] = 0
		}
		c.Args[2] = script
		var stdout, stderr bytes.Buffer
		if i%2 == 0 {
			c.Stdout, c.Stderr = &stdout, &stderr
		} else {
			c.Stdout, c.Stderr = outFiles[i], &stderr
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer cancel()
			start := time.Now()
			status, err := c.Run(ctx)
			r := result{status: status, err: err, stdout: stdout.String(), stderr: stderr.String(), took: time.Since(start)}
			if i%2 == 1 {
				b, _ := os.ReadFile(outFiles[i].Name())
				r.stdout = string(b)
			}
			results[i] = r
		}()
	}
	wg.Wait()

	for i, r := range results {
		if r.status != wants[i] || r.err != nil {
			t.Errorf("run %d (kind %d): Run = %d, %v; want %d (stderr %q)", i, i%6, r.status, r.err, wants[i], r.stderr)
		}
		if r.stdout != fmt.Sprintf("out %d\n", i) {
			t.Errorf("run %d: stdout %q, want only its own line", i, r.stdout)
		}
		if r.stderr != fmt.Sprintf("err %d\n", i) {
			t.Errorf("run %d: stderr %q, want only its own line", i, r.stderr)
		}
		if b, err := os.ReadFile(filepath.Join(roots[i], "marker")); err != nil || string(b) != fmt.Sprintf("%d\n", i) {
			t.Errorf("run %d: its marker %q, %v", i, b, err)
		}
		if r.took > 20*time.Second {
			t.Errorf("run %d took %v", i, r.took)
		}
	}

	// The release helpers (placeholders) and the last reaping may still be
	// on their way for a moment after Run returned.
	deadline := time.Now().Add(10 * time.Second)
	for {
		kids, left := ownChildren(), []string(nil)
		for _, root := range roots {
			for _, p := range placeholderDirs() {
				if _, err := os.Lstat(filepath.Join(root, p)); err == nil {
					left = append(left, filepath.Join(root, p))
				}
			}
		}
		fdsAfter := openFDs(t)
		tmps := privateTmps()
		if len(kids) == 0 && len(left) == 0 && slices.Equal(fdsBefore, fdsAfter) && slices.Equal(tmps, tmpsBefore) {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("children of the caller left: %v", kids)
			t.Errorf("placeholders left: %v", left)
			if !slices.Equal(fdsBefore, fdsAfter) {
				t.Errorf("descriptors before %v\nafter %v", fdsBefore, fdsAfter)
			}
			if !slices.Equal(tmps, tmpsBefore) {
				t.Errorf("private temp dirs before %v, after %v", tmpsBefore, tmps)
			}
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	noneRunning(t, roots)
}

// cancelWhenExists calls cancel once path exists, or gives up when ctx
// is done.
func cancelWhenExists(ctx context.Context, path string, cancel context.CancelFunc) {
	for ctx.Err() == nil {
		if _, err := os.Lstat(path); err == nil {
			cancel()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// settle waits for the release helpers of earlier runs (which outlive
// their run by releaseGrace) to be gone, with their descriptors.
func settle(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(ownChildren()) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("children of the caller left: %v", ownChildren())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The helper's reaper closes its pidfd after the wait: a fixed 20 ms
	// for it was outlasted on a loaded machine, and the descriptors
	// counted next then differed from the test's later count.
	for slices.ContainsFunc(openFDs(t), func(fd string) bool { return strings.Contains(fd, "pidfd") }) {
		if time.Now().After(deadline) {
			t.Fatalf("a pidfd is still open 10 s on: %v", openFDs(t))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// noneRunning fails when a process still runs in one of the roots.
func noneRunning(t *testing.T, roots []string) {
	t.Helper()
	procs, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, p := range procs {
		cwd, err := os.Readlink(p)
		if err != nil {
			continue
		}
		for _, root := range roots {
			if cwd == root {
				comm, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "comm"))
				t.Errorf("%s (%s) still runs in %s", filepath.Dir(p), strings.TrimSpace(string(comm)), root)
			}
		}
	}
}

// TestRunSameRootAtOnce: two runs in one git root at once, each with a
// private temp dir, both succeed and leave the root as it was
// (placeholders, the commondir, nothing of theirs).
func TestRunSameRootAtOnce(t *testing.T) {
	requireSandbox(t)
	root := testRoot(t)
	for _, d := range []string{".git/objects", ".git/refs/heads"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\trepositoryformatversion = 0\n"), 0o644)
	os.WriteFile(filepath.Join(root, "file"), []byte("x"), 0o644)
	before := tree(t, root)
	for round := 0; round < 5; round++ {
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		errs := make([]error, 2)
		outs := make([]bytes.Buffer, 2)
		for i := range 2 {
			c := sh(root, fmt.Sprintf(`echo %d > "$TMPDIR/mine"; sleep 0.%d; test "$(cat "$TMPDIR/mine")" = %d && cat file && test ! -e .git/hooks/x && exit %d`, i, 1+i*2, i, 10+i))
			c.PrivateTmp = true
			c.Policy.NoNamespaces = round%2 == 1
			c.Stdout = &outs[i]
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i], errs[i] = c.Run(context.Background())
			}()
		}
		wg.Wait()
		for i := range 2 {
			if statuses[i] != 10+i || errs[i] != nil || outs[i].String() != "x" {
				t.Errorf("round %d, run %d: Run = %d, %v, stdout %q; want %d and the file", round, i, statuses[i], errs[i], outs[i].String(), 10+i)
			}
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			after := tree(t, root)
			if slices.Equal(before, after) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the root changed:\nbefore %q\nafter  %q", round, before, after)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	settle(t)
}

// TestInterruptedBeforeRun: a signal caught between Prespawn (with
// EarlySignals) and Run is seen by Interrupted, which leaves it for the
// command: Run relays it once the command starts. Not parallel: it
// signals the test process.
func TestInterruptedBeforeRun(t *testing.T) {
	root := testRoot(t)
	c := sh(root, `trap 'exit 42' HUP; echo up > up; while :; do sleep 0.01; done`)
	c.EarlySignals = true
	c.Prespawn()
	c.pre.launch.notifying.Wait() // catching, in the background
	if sig := c.Interrupted(); sig != nil {
		t.Fatalf("Interrupted = %v before any signal", sig)
	}
	syscall.Kill(os.Getpid(), syscall.SIGWINCH) // not one that ends a program
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	var sig os.Signal
	for deadline := time.Now().Add(10 * time.Second); sig == nil && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		sig = c.Interrupted()
	}
	if sig != syscall.SIGHUP {
		t.Errorf("Interrupted = %v, want hangup", sig)
	}
	if again := c.Interrupted(); again != syscall.SIGHUP {
		t.Errorf("Interrupted a second time = %v: the signal was taken from the command", again)
	}
	status, err := c.Run(context.Background())
	if status != 42 && status != 128+int(syscall.SIGHUP) || err != nil {
		t.Errorf("Run = %d, %v; want the hangup relayed to the command (42, or 129 before its trap was set)", status, err)
	}
	if got := c.Interrupted(); got != nil {
		t.Errorf("Interrupted after Run = %v", got)
	}
}
