//go:build linux

package integration

// Red team rt12 (stop 57): what a run leaves on the host when its runner
// is killed, each beside the neighbour that must keep working.

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPremadeTmpWithFilesAfterKill: the private TMPDIR of a --no-namespaces
// run is a directory on the host (/tmp/mewsandbox-N), removed by the
// runner after the run. When the runner was killed (SIGKILL: a caller's
// own timeout, an agent harness stopping a tool call), the process that
// made it removed it only if the command had left it empty: what the
// command wrote there (here a tree with a directory of mode 0 and a link
// out) stayed in the host's /tmp past the run, where the command cannot
// write otherwise, and filled its disk as it liked. It now goes whole,
// once nothing of the command's runs; the link goes, not what it names.
func TestPremadeTmpWithFilesAfterKill(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	outside := outsideTemp(t)
	kept := filepath.Join(outside, "kept")
	if err := os.WriteFile(kept, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	arg := sleepArg()
	b.file("fill.sh", `d="$TMPDIR"
echo data > "$d/f"
mkdir -p "$d/a/b/c" && echo deep > "$d/a/b/c/g"
ln -s "$1" "$d/out"
ln -s "$1/kept" "$d/a/kept"
chmod 0 "$d/a/b/c/g" "$d/a/b"
echo "$d" > tmpdir
exec sleep "$2"
`, 0o644)
	s := b.start("run", "--yolo", "--no-namespaces", "--", "sh", "fill.sh", outside, arg)
	dir := strings.TrimSpace(waitFile(t, filepath.Join(b.root, "tmpdir")))
	if !strings.Contains(dir, "mewsandbox-") {
		t.Fatalf("TMPDIR %q, want a private one", dir)
	}
	t.Cleanup(func() {
		filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { os.Chmod(p, 0o700); return nil })
		os.RemoveAll(dir)
	})
	if !b.exists(filepath.Join(dir, "a")) {
		t.Fatalf("the command's files are not in %s", dir)
	}
	s.Process.Signal(syscall.SIGKILL)
	s.wait(t, 5*time.Second)
	noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
	deadline := time.Now().Add(3 * time.Second)
	for b.exists(dir) {
		if time.Now().After(deadline) {
			left, _ := os.ReadDir(dir)
			t.Fatalf("the private TMPDIR %s, with the command's %d entries, outlived the killed runner by 3 s", dir, len(left))
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got, err := os.ReadFile(kept); err != nil || string(got) != "kept\n" {
		t.Errorf("the file a link in TMPDIR named: %q, %v; want it untouched", got, err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the directory a link in TMPDIR named: %v", err)
	}
}
