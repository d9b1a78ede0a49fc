//go:build linux

package integration

// Red team rt12 (stop 57): what a run leaves on the host when its runner
// is killed, each beside the neighbour that must keep working.

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fillTmp fills the run's private TMPDIR: files, a tree with a directory
// and a file of mode 0, links out to $1; then says where it is in
// ./tmpdir and sleeps ($2).
const fillTmp = `d="$TMPDIR"
echo data > "$d/f"
mkdir -p "$d/a/b/c" && echo deep > "$d/a/b/c/g"
ln -s "$1" "$d/out"
ln -s "$1/kept" "$d/a/kept"
chmod 0 "$d/a/b/c/g" "$d/a/b"
echo "$d" > tmpdir
exec sleep "$2"
`

// TestPremadeTmpWithFilesAfterKill: the private TMPDIR of a --no-namespaces
// run is a directory on the host (/tmp/mewsandbox-N), removed by the
// runner after the run. When the runner was killed (SIGKILL: a caller's
// own timeout, an agent harness stopping a tool call), the process that
// made it removed it only if the command had left it empty: what the
// command wrote there (here a tree with a directory of mode 0 and links
// out) stayed in the host's /tmp past the run, where the command cannot
// write otherwise, and could fill its disk. It now goes whole, once
// nothing of the command's runs, as root and as an ordinary user, whose
// directory of mode 0 is opened up first; the links go, not what they
// name.
func TestPremadeTmpWithFilesAfterKill(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	outside := outsideTemp(t)
	kept := filepath.Join(outside, "kept")
	if err := os.WriteFile(kept, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, root string, cmd *osexec.Cmd) {
		arg := sleepArg()
		cmd.Args = append(cmd.Args, "run", "--yolo", "--no-namespaces", "--", "sh", "fill.sh", outside, arg)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		dir := strings.TrimSpace(waitFile(t, filepath.Join(root, "tmpdir")))
		if !strings.Contains(dir, "mewsandbox-") {
			cmd.Process.Kill()
			t.Fatalf("TMPDIR %q, want a private one", dir)
		}
		t.Cleanup(func() {
			filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { os.Chmod(p, 0o700); return nil })
			os.RemoveAll(dir)
		})
		if _, err := os.Lstat(filepath.Join(dir, "a", "b")); err != nil {
			cmd.Process.Kill()
			t.Fatalf("the command's files are not in %s: %v", dir, err)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("the runner outlived its SIGKILL by 5 s")
		}
		noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
		deadline := time.Now().Add(3 * time.Second)
		for {
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				break
			}
			if time.Now().After(deadline) {
				left, _ := os.ReadDir(dir)
				t.Fatalf("the private TMPDIR %s, with the command's %d entries, outlived the killed runner by 3 s", dir, len(left))
			}
			time.Sleep(5 * time.Millisecond)
		}
		if got, err := os.ReadFile(kept); err != nil || string(got) != "kept\n" {
			t.Errorf("the file a link in TMPDIR named: %q, %v; want it untouched", got, err)
		}
		if st, err := os.Stat(outside); err != nil || st.Mode().Perm() != 0o700 {
			t.Errorf("the directory a link in TMPDIR named: %v, %v; want it untouched (0700)", st, err)
		}
	}
	t.Run("root", func(t *testing.T) {
		b.file("fill.sh", fillTmp, 0o644)
		check(t, b.root, b.command(b.root, b.env, bin))
	})
	t.Run("user", func(t *testing.T) {
		u := newUserBox(t)
		u.write("fill.sh", fillTmp, 0o644)
		cmd := u.command()
		cmd.Args = cmd.Args[:1]
		check(t, u.root, cmd)
	})
}
