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
		killRunner(t, cmd, done)
		noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
		deadline := time.Now().Add(10 * time.Second)
		for {
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				break
			}
			if time.Now().After(deadline) {
				left, _ := os.ReadDir(dir)
				t.Fatalf("the private TMPDIR %s, with the command's %d entries, outlived the killed runner by 10 s", dir, len(left))
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

// TestCommondirPlantedRunnerKilled: a command made a submodule's missing
// .git/modules/sub/commondir naming a git directory of its own; the runner
// moves it aside once the command has ended (TestCommondirSubmodulePlanted),
// but a runner killed (SIGKILL) never did: it stayed, and the person's next
// git status in the superproject ran the core.fsmonitor that directory's
// config names, on the host (a red team's command ran its pre-commit hook
// so too). The process sharing the runner's memory now moves it aside once
// the runner is gone and nothing of the command's runs. A run whose command
// plants nothing and is killed leaves the submodule's git directory as it
// was, and git works there.
func TestCommondirPlantedRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	requirePrefork(t, b)
	marker := filepath.Join(b.out, "MARKER")
	const planted = ".git/modules/sub/commondir"
	b.file("plant.sh", evilRepo("evil", marker)+`
printf '%s\n' ../../../evil > `+planted+`
echo planted > planted-marker
exec sleep "$1"
`, 0o644)
	b.file("idle.sh", "echo idle > planted-marker\nexec sleep \"$1\"\n", 0o644)
	for _, tc := range []struct {
		script string
		plants bool
	}{{"idle.sh", false}, {"plant.sh", true}} {
		os.Remove(filepath.Join(b.root, "planted-marker"))
		arg := sleepArg()
		s := b.start("run", "--yolo", "--", "sh", tc.script, arg)
		waitFile(t, filepath.Join(b.root, "planted-marker"))
		if tc.plants && !b.exists(planted) {
			s.Process.Kill()
			t.Fatalf("the command did not plant %s", planted)
		}
		s.Process.Signal(syscall.SIGKILL)
		s.wait(t, 10*time.Second)
		noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
		deadline := time.Now().Add(10 * time.Second)
		for b.exists(planted) {
			if time.Now().After(deadline) {
				t.Fatalf("%s, planted by the command of a killed runner, is still there 10 s on: %q", planted, b.read(planted))
			}
			time.Sleep(5 * time.Millisecond)
		}
		if got := b.read(planted + ".mewsandbox-planted"); tc.plants && got != "../../../evil\n" {
			t.Errorf("%s.mewsandbox-planted holds %q, want what the command wrote", planted, got)
		} else if !tc.plants && b.exists(planted+".mewsandbox-planted") {
			t.Errorf("%s: a run that planted nothing left %q", tc.script, got)
		}
		b.git("status", "--short")
		b.git("-C", "sub", "status", "--short")
		if b.exists(marker) {
			t.Fatalf("%s: git status outside the sandbox ran the planted core.fsmonitor", tc.script)
		}
	}
}
