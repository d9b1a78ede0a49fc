package integration

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	osexec "os/exec"

	"golang.org/x/sys/unix"
)

// What a command leaves in the root is the next run's to read, and its
// runner is often root: a review planted these for it (helper of stop 16).
// Each test plants what an earlier sandboxed command could write in the
// root, runs the next command, and checks that the runner read nothing
// through it and did not hang on it, beside a run that still works.

// TestPlantedCommondirLink: a .git/commondir that is a link to a file
// outside the root was read as a path, and a placeholder named after the
// file's content made in .git, where the command could list it: a secret
// the command cannot read leaked a component at a time. It is no regular
// file now, and the run is refused, naming nothing of the file.
func TestPlantedCommondirLink(t *testing.T) {
	b := newBox(t, nil)
	secret := "SECRET-TOKEN-" + uniq()
	target := filepath.Join(b.out, "secret")
	if err := os.WriteFile(target, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(b.root, ".git", "commondir")); err != nil {
		t.Fatal(err)
	}
	r := b.run("run", "--yolo", "--", "ls", "-a", ".git")
	if r.code != 125 || !strings.Contains(r.stderr, "commondir") {
		t.Errorf("exit %d, stderr %q; want 125 naming .git/commondir", r.code, r.stderr)
	}
	if strings.Contains(r.stdout+r.stderr, secret) {
		t.Errorf("the secret reached the run's output: %q %q", r.stdout, r.stderr)
	}
	entries, _ := os.ReadDir(filepath.Join(b.root, ".git"))
	for _, e := range entries {
		if strings.Contains(e.Name(), "SECRET") {
			t.Errorf("a placeholder named after the secret is in .git: %s", e.Name())
		}
	}
	// The neighbour: a regular commondir is still read, as git writes one.
	os.Remove(filepath.Join(b.root, ".git", "commondir"))
	if r := b.run("run", "--yolo", "--", "true"); r.code != 0 {
		t.Errorf("without the link: exit %d, %s", r.code, r.stderr)
	}
}

// TestPlantedGitmodulesLink: a .gitmodules that is a link is not read
// through: the file it leads to would name the submodule paths the runner
// makes placeholders for. git reads one at run time, so the layer cannot
// protect the submodules it names: the run is refused, naming the file
// and nothing of what it leads to.
func TestPlantedGitmodulesLink(t *testing.T) {
	b := newBox(t, nil)
	leak := "LEAKED" + uniq()
	target := filepath.Join(b.out, "modules")
	if err := os.WriteFile(target, []byte("[submodule \"x\"]\n\tpath = "+leak+"\n\turl = ./x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(b.root, ".gitmodules")); err != nil {
		t.Fatal(err)
	}
	r := b.run("run", "--yolo", "--", "ls", "-a")
	if r.code != 125 || !strings.Contains(r.stderr, ".gitmodules") {
		t.Errorf("exit %d, %q; want 125 naming .gitmodules", r.code, r.stderr)
	}
	if strings.Contains(r.stdout+r.stderr, leak) || b.exists(leak) {
		t.Errorf("what the link leads to was read for a submodule path: %q, %q", r.stdout, r.stderr)
	}
}

// TestPlantedFIFOExecutable: a FIFO with execute bits in the command's
// name (mkfifo -m 755 gradlew) held the runner for good, reading it for a
// #! line, past --timeout and SIGTERM. It ends now, refused or failed.
func TestPlantedFIFOExecutable(t *testing.T) {
	b := newBox(t, nil)
	fifo := filepath.Join(b.root, "gradlew")
	if err := unix.Mkfifo(fifo, 0o755); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	os.Chmod(fifo, 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := osexec.CommandContext(ctx, bin, "run", "--yolo", "--timeout", "3s", "--", "./gradlew")
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the run still hung after %v: %s", time.Since(start).Round(time.Second), out)
	}
	if cmd.ProcessState.ExitCode() == 0 {
		t.Errorf("./gradlew, a FIFO, ran: %s", out)
	}
	// The neighbour: a real script there runs.
	os.Remove(fifo)
	b.file("gradlew", "#!/bin/sh\necho built\n", 0o755)
	if r := b.run("run", "--yolo", "--", "./gradlew"); r.code != 0 || !strings.Contains(r.stdout, "built") {
		t.Errorf("a script ./gradlew: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
}

// TestPlantedKernelFileInclude: an include.path naming a file of /proc
// was read by the next run's runner (root): /proc/kmsg, whose reads take
// the kernel's log from its other readers. Such a file is refused, as a
// FIFO is (the test names the harmless /proc/version).
func TestPlantedKernelFileInclude(t *testing.T) {
	b := newBox(t, nil)
	orig := []byte("[core]\n\trepositoryformatversion = 0\n")
	config := b.file(".git/config", string(orig)+"[include]\n\tpath = /proc/version\n", 0o644)
	r := b.run("run", "--yolo", "--", "true")
	if r.code != 125 || !strings.Contains(r.stderr, "/proc/version") {
		t.Errorf("exit %d, %q; want 125 naming /proc/version", r.code, r.stderr)
	}
	// The neighbour: an include of an ordinary file is read, and the run goes on.
	b.file("extra.gitconfig", "[user]\n\tname = x\n", 0o644)
	if err := os.WriteFile(config, append(orig, "[include]\n\tpath = ../extra.gitconfig\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := b.run("run", "--yolo", "--", "true"); r.code != 0 {
		t.Errorf("an include of an ordinary file: exit %d, %s", r.code, r.stderr)
	}
}
