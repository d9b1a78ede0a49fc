//go:build linux

package integration

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWayModesRunnerKilled: a command made the root and .git writable by
// all (chmod 777), which the runner takes off once the command has ended
// (TestProtectedWayModes). A runner killed (SIGKILL) never did: they stayed
// so after the run, and any other user of the host could then rename
// .git/hooks away and make hooks of its own there, which the owner's next
// git commit runs. The process sharing the runner's memory now starts the
// binary again once the runner is gone and nothing of the command's runs,
// and it takes those bits off. So too in a run without the pre-forked
// child (--pass-fd), whose command is the runner's own child, waited for
// there, and here chmods in a loop until it is killed. The neighbours: a
// killed run whose command changed nothing leaves the modes as they were,
// a group write bit the owner had given .git before the run with them,
// and a directory off the ways keeps the command's mode.
func TestWayModesRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	b.file("sub/.keep", "", 0o644)
	mode := func(d string) os.FileMode { return permOf(t, filepath.Join(b.root, d)) }
	b.file("once.sh", "chmod 777 . .git sub\necho x > started\nexec sleep \"$1\"\n", 0o644)
	b.file("loop.sh", "chmod 777 . .git sub\necho x > started\nwhile :; do chmod 777 . .git; done\n", 0o644)
	b.file("idle.sh", "echo x > started\nexec sleep \"$1\"\n", 0o644)
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	for _, tc := range []struct {
		name, script string
		passFD       bool
		changes      bool
	}{
		{"idle", "idle.sh", false, false},
		{"chmod", "once.sh", false, true},
		{"chmod, --pass-fd", "once.sh", true, true},
		{"chmod in a loop, --pass-fd", "loop.sh", true, true},
	} {
		for d, m := range map[string]os.FileMode{".": 0o755, ".git": 0o775, "sub": 0o755} {
			if err := os.Chmod(filepath.Join(b.root, d), m); err != nil {
				t.Fatal(err)
			}
		}
		os.Remove(filepath.Join(b.root, "started"))
		arg := sleepArg()
		args := []string{"run", "--yolo", "--", "sh", tc.script, arg}
		var extra []*os.File
		if tc.passFD {
			args = []string{"run", "--yolo", "--pass-fd", "3", "--", "sh", tc.script, arg}
			extra = []*os.File{devNull}
		}
		s := b.startFiles(nil, extra, args...)
		waitFile(t, filepath.Join(b.root, "started"))
		if tc.changes && mode(".") != 0o777 {
			s.Process.Kill()
			t.Fatalf("%s: the command did not chmod the root (mode %o)", tc.name, mode("."))
		}
		s.Process.Signal(syscall.SIGKILL)
		s.wait(t, 10*time.Second)
		deadline := time.Now().Add(10 * time.Second)
		for mode(".") != 0o755 || mode(".git") != 0o775 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the root is %o and .git %o 10 s after the runner was killed, want 755 and 775 again", tc.name, mode("."), mode(".git"))
			}
			time.Sleep(5 * time.Millisecond)
		}
		noneLeft(t, "sleep\x00"+arg, tc.name)
		noneLeft(t, "sh\x00loop.sh\x00"+arg, tc.name)
		time.Sleep(100 * time.Millisecond)
		if mode(".") != 0o755 || mode(".git") != 0o775 {
			t.Errorf("%s: the root is %o and .git %o after the run's end, want 755 and 775", tc.name, mode("."), mode(".git"))
		}
		if want := map[bool]os.FileMode{true: 0o777, false: 0o755}[tc.changes]; mode("sub") != want {
			t.Errorf("%s: sub is %o, want %o (on no protected path's way)", tc.name, mode("sub"), want)
		}
	}
	b.git("status", "--short")
}

// TestCommondirPlantedRunnerKilledPassFD: in a run without the pre-forked
// child (--pass-fd), the command is the runner's own child, which the
// kernel kills as the runner dies (its parent-death signal). The process
// the sharer starts once the runner is gone waits for that child to be
// gone before it moves a planted commondir aside, so that a command that
// plants it again in a loop cannot do so after the move. (The sharer had
// moved it at once, and the kernel's kill had won that race in every run
// here: this test passes on the code before too, and guards the new way.)
// A killed run that plants nothing leaves the submodule's git directory
// as it was.
func TestCommondirPlantedRunnerKilledPassFD(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	requirePrefork(t, b)
	const planted = ".git/modules/sub/commondir"
	b.file("plant.sh", "mkdir -p evil\necho planted > started\nexec python3 -c '\nimport os\nwhile True:\n    with open(\""+planted+".x\", \"w\") as f: f.write(\"../../../evil\\n\")\n    os.replace(\""+planted+".x\", \""+planted+"\")\n' \"$1\"\n", 0o644)
	b.file("idle.sh", "echo idle > started\nexec sleep \"$1\"\n", 0o644)
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	for _, tc := range []struct {
		script string
		plants bool
	}{{"idle.sh", false}, {"plant.sh", true}} {
		os.Remove(filepath.Join(b.root, "started"))
		arg := sleepArg()
		s := b.startFiles(nil, []*os.File{devNull}, "run", "--yolo", "--pass-fd", "3", "--", "sh", tc.script, arg)
		waitFile(t, filepath.Join(b.root, "started"))
		deadline := time.Now().Add(10 * time.Second)
		for tc.plants && !b.exists(planted) {
			if time.Now().After(deadline) {
				s.Process.Kill()
				t.Fatalf("the command did not plant %s", planted)
			}
			time.Sleep(time.Millisecond)
		}
		s.Process.Signal(syscall.SIGKILL)
		s.wait(t, 10*time.Second)
		noneLeft(t, "sh\x00"+tc.script+"\x00"+arg, tc.script)
		deadline = time.Now().Add(10 * time.Second)
		for b.exists(planted) {
			if time.Now().After(deadline) {
				t.Fatalf("%s, planted by the command of a killed runner, is still there 10 s on: %q", planted, b.read(planted))
			}
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond)
		if b.exists(planted) {
			t.Fatalf("%s: %s is there again after it was moved aside", tc.script, planted)
		}
		if got := b.exists(planted + ".mewsandbox-planted"); got != tc.plants {
			t.Errorf("%s: %s.mewsandbox-planted there: %v, want %v", tc.script, planted, got, tc.plants)
		}
		b.git("-C", "sub", "status", "--short")
	}
}

// TestWayModesRunnerKilledAsUser is TestWayModesRunnerKilled's chmod as
// an ordinary user, whose run's child is in a user namespace of its own.
func TestWayModesRunnerKilledAsUser(t *testing.T) {
	requirePrefork(t, newBox(t, nil))
	u := newUserBox(t)
	u.write("once.sh", "chmod 777 . .git\necho x > started\nexec sleep \"$1\"\n", 0o644)
	mode := func(d string) os.FileMode { return permOf(t, filepath.Join(u.root, d)) }
	for _, d := range []string{".", ".git"} {
		if err := os.Chmod(filepath.Join(u.root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	arg := sleepArg()
	cmd := u.command("run", "--yolo", "--", "sh", "once.sh", arg)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	waitFile(t, filepath.Join(u.root, "started"))
	if mode(".") != 0o777 {
		cmd.Process.Kill()
		t.Fatalf("the command did not chmod the root (mode %o)", mode("."))
	}
	killRunner(t, cmd, done)
	noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
	deadline := time.Now().Add(10 * time.Second)
	for mode(".") != 0o755 || mode(".git") != 0o755 {
		if time.Now().After(deadline) {
			t.Fatalf("the root is %o and .git %o 10 s after the runner was killed, want 755 again", mode("."), mode(".git"))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// permOf is path's permission bits, not following a link.
func permOf(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// killRunner sends the runner cmd SIGKILL and waits up to 10 s for done,
// its Wait's result.
func killRunner(t *testing.T, cmd *osexec.Cmd, done <-chan error) {
	t.Helper()
	cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the runner outlived its SIGKILL by 10 s")
	}
}

// runThenKill runs script (which writes "started" in the root once it has
// done its work, then execs sleep "$1") under run --yolo with flags,
// sends the runner SIGKILL once the command has started, and waits for
// it and the command to be gone.
func (b *box) runThenKill(t *testing.T, script string, flags ...string) {
	t.Helper()
	arg := sleepArg()
	s := b.start(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", script, arg)...)
	waitFile(t, filepath.Join(b.root, "started"))
	s.Process.Signal(syscall.SIGKILL)
	s.wait(t, 10*time.Second)
	noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
}

// TestRebaseTodoRunnerKilled: exec lines a command added to git's todo
// list (TestRebaseTodoExecPlanted) are commented out when the runner is
// killed while the command runs, by the process started in its place.
func TestRebaseTodoRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := rebaseBox(t)
	requirePrefork(t, b)
	marker := filepath.Join(b.out, "MARKER")
	b.file("plant.sh", stopRebase("touch "+marker)+"\necho x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "plant.sh")
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(b.read(".git/rebase-merge/git-rebase-todo"), "# mewsandbox: exec") != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the todo list 10 s after the runner was killed: %q; want both exec lines commented out", b.read(".git/rebase-merge/git-rebase-todo"))
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.git("rebase", "--continue")
	if b.exists(marker) {
		t.Fatal("git rebase --continue outside the sandbox ran the command's exec line")
	}
}

// waitGone waits up to 10 s for path, in the root, to be gone: moved aside
// by the process a killed runner's sharer starts (runThenKill).
func (b *box) waitGone(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for b.exists(path) {
		if time.Now().After(deadline) {
			t.Fatalf("%s is still in the root 10 s after the runner was killed", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
