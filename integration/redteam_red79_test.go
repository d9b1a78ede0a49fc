//go:build linux

package integration

// red79: the namespace issue's guarantees broken from inside. With
// --allow-unix-sockets the layer empties the home directory, where agents
// keep their sockets, but took it from $HOME alone: a run whose HOME named
// another directory (sudo -E, a CI job, a wrapper that sets it, as these
// tests do) left the home the user database gives the uid, and a host
// program's socket there, in reach.

import (
	"fmt"
	"os"
	osexec "os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// red79DatabaseHome is the user database's home directory for the test's
// uid, links resolved; the test skips where there is none to empty (none,
// /, a system directory, or one the layer empties anyway).
func red79DatabaseHome(t *testing.T) string {
	t.Helper()
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		t.Skip("no home directory in the user database")
	}
	home, err := filepath.EvalSymlinks(u.HomeDir)
	if err != nil {
		t.Skipf("the user database's home %s: %v", u.HomeDir, err)
	}
	for _, d := range []string{"/usr", "/bin", "/sbin", "/lib", "/etc", "/opt", "/tmp", "/run", "/var/tmp"} {
		if home == "/" || home == d || strings.HasPrefix(home, d+"/") {
			t.Skipf("the user database's home is %s", home)
		}
	}
	return home
}

// red79Ident is the device and inode of path as the host sees it.
func red79Ident(t *testing.T, path string) string {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d:%d", st.Dev, st.Ino)
}

// TestDatabaseHomeHiddenRed79: run with HOME set to another directory and
// --allow-unix-sockets, the command saw the host's home directory of its
// uid (as root, /root) and connected to a host program's socket there
// (python's socket.connect("/root/x.sock") got the host's answer). Now,
// under the layer, the user database's home is an empty file system of
// the sandbox's own, as $HOME's is. The neighbour: without
// --allow-unix-sockets (no pathname socket can be made) it stays the
// host's, as before.
func TestDatabaseHomeHiddenRed79(t *testing.T) {
	requireNamespaces(t)
	home := red79DatabaseHome(t)
	host := red79Ident(t, home)
	b := newGitBox(t)
	if b.home == home {
		t.Skip("the box's HOME is the user database's")
	}
	for _, tc := range []struct {
		flags  []string
		hidden bool
	}{
		{[]string{"--allow-unix-sockets"}, true},
		{nil, false},
	} {
		r := b.sh(`stat -L -c %d:%i '`+home+`'`+"\n", tc.flags...)
		got := strings.TrimSpace(r.stdout)
		if r.code != 0 || got == "" {
			t.Fatalf("%v: stat %s in the sandbox: exit %d\nstdout: %s\nstderr: %s", tc.flags, home, r.code, r.stdout, r.stderr)
		}
		if hidden := got != host; hidden != tc.hidden {
			t.Errorf("%v, HOME=%s: the user database's home %s in the sandbox is %s, the host's %s: hidden %v, want %v\nstderr: %s",
				tc.flags, b.home, home, got, host, hidden, tc.hidden, r.stderr)
		}
	}
	if _, err := os.Stat(home); err != nil {
		t.Errorf("the host's %s after the run: %v", home, err)
	}
}

// TestRunnerAfterCommandForOOMRed79: the runner had the command's
// oom_score_adj, 1000, and is larger than a command whose memory is in a
// memfd or a tmpfs, so the out-of-memory killer took it, and the process
// sharing its memory with it (which would undo the run after a SIGKILL):
// what the command planted stayed (TestOOMKillsCommandNotRunnerRed79).
// Now, once the command runs, the runner is below it (500), with the
// layer and without it; the command is still at 1000 (the neighbour,
// TestOOMKillerTakesTheSandboxFirst's promise).
func TestRunnerAfterCommandForOOMRed79(t *testing.T) {
	for _, flags := range sandboxModes(t) {
		b := newGitBox(t)
		args := append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", "cat /proc/self/oom_score_adj; exec sleep 5")
		cmd := b.command(b.root, nil, bin, args...)
		out, err := os.Create(filepath.Join(t.TempDir(), "out"))
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		said := func() string { b, _ := os.ReadFile(out.Name()); return string(b) }
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(said(), "\n") && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		runner, err := os.ReadFile(fmt.Sprintf("/proc/%d/oom_score_adj", cmd.Process.Pid))
		command := said()
		cmd.Process.Kill()
		cmd.Wait()
		if err != nil || command != "1000\n" {
			t.Fatalf("%v: the command's oom_score_adj %q, the runner's %q (%v): want the command at 1000", flags, command, runner, err)
		}
		if n, err := strconv.Atoi(strings.TrimSpace(string(runner))); err != nil || n >= 1000 {
			t.Errorf("%v: the runner's oom_score_adj %q while its command runs at 1000: want it below, so that the killer takes the command first", flags, runner)
		}
	}
}

// red79MemoryCgroup makes a cgroup v1 memory cgroup of limit bytes below
// the test's own and returns its cgroup.procs; the test skips where it
// cannot (cgroup v2, no write access).
func red79MemoryCgroup(t *testing.T, limit string) string {
	t.Helper()
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Skip(err)
	}
	for line := range strings.Lines(string(self)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 || !slices.Contains(strings.Split(f[1], ","), "memory") {
			continue
		}
		dir := filepath.Join("/sys/fs/cgroup/memory", f[2], "red79-"+uniq())
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Skipf("no memory cgroup of the test's own: %v", err)
		}
		t.Cleanup(func() {
			for range 50 {
				if os.Remove(dir) == nil {
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
		if err := os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), []byte(limit), 0o644); err != nil {
			t.Skipf("memory.limit_in_bytes: %v", err)
		}
		// No swap to spill to, where the kernel accounts it.
		os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), []byte(limit), 0o644)
		return filepath.Join(dir, "cgroup.procs")
	}
	t.Skip("no cgroup v1 memory controller here")
	return ""
}

// red79Memhog writes memory into a memfd it never maps until it is
// killed: memory no process's size counts.
const red79Memhog = `#define _GNU_SOURCE
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>
int main(void) {
	static char buf[1 << 20];
	int fd = memfd_create("hog", 0);
	memset(buf, 'x', sizeof buf);
	for (;;) {
		if (write(fd, buf, sizeof buf) < 0) {
			pause();
		}
	}
}
`

// TestOOMKillsCommandNotRunnerRed79: a command wrote a git hook and an
// agent's .mcp.json, then filled a memfd until the out-of-memory killer
// (here a memory cgroup's, the runner in it) acted: it took the runner,
// the largest at the same oom_score_adj, and the process sharing its
// memory with it, and both files stayed on the host (exit 137), with the
// layer and without it. Now the killer takes the command, and the runner
// undoes the run (125). The neighbour: a command that writes a file of
// the project and then fills the memory ends with 137, its file kept.
func TestOOMKillsCommandNotRunnerRed79(t *testing.T) {
	requireSandbox(t)
	if os.Geteuid() != 0 {
		t.Skip("a memory cgroup of the test's own needs root here")
	}
	if _, err := osexec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	src := filepath.Join(t.TempDir(), "memhog.c")
	if err := os.WriteFile(src, []byte(red79Memhog), 0o644); err != nil {
		t.Fatal(err)
	}
	hog := filepath.Join(filepath.Dir(src), "memhog")
	if out, err := osexec.Command("gcc", "-O1", "-o", hog, src).CombinedOutput(); err != nil {
		t.Skipf("gcc: %v\n%s", err, out)
	}
	code, err := os.ReadFile(hog)
	if err != nil {
		t.Fatal(err)
	}
	procs := red79MemoryCgroup(t, "256M")
	const plant = "d=.g; d=${d}it; printf '#!/bin/sh\\necho planted\\n' > $d/hooks/pre-commit; chmod +x $d/hooks/pre-commit; echo '{\"mcpServers\":{}}' > .mcp.json; "
	for _, flags := range sandboxModes(t) {
		for _, tc := range []struct {
			script string
			want   int
		}{
			{plant + "exec ./memhog", 125},
			{"echo work > work.txt; exec ./memhog", 137},
		} {
			b := newGitBox(t)
			b.file("memhog", string(code), 0o755)
			b.file("attack.sh", "#!/bin/sh\n"+tc.script+"\n", 0o755)
			args := append(append([]string{"run", "--yolo", "--timeout", "60s"}, flags...), "--", "./attack.sh")
			wrap := `echo $$ > "$1" && shift && exec "$@"`
			r := runCommand(t, b.command(b.root, nil, "sh", append([]string{"-c", wrap, "sh", procs, bin}, args...)...))
			if r.code != tc.want {
				t.Errorf("%v %q: exit %d, want %d\nstderr: %s", flags, tc.script, r.code, tc.want, r.stderr)
			}
			for _, p := range []string{".git/hooks/pre-commit", ".mcp.json"} {
				if b.exists(p) {
					t.Errorf("%v %q: %s left on the host after the run", flags, tc.script, p)
				}
			}
			if tc.want == 137 && b.read("work.txt") != "work\n" {
				t.Errorf("%v %q: work.txt is %q, want the command's write", flags, tc.script, b.read("work.txt"))
			}
		}
	}
}
