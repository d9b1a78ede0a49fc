package integration

import (
	"context"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The peers: mewsandbox beside Anthropic's sandbox-runtime (srt), codex's
// sandbox and bubblewrap, each given its fairest configuration for "an
// agent's command in this project: it writes only in the project, and has
// no network". One battery of attacks runs under each, in a fresh project
// each time, and every attack is judged from outside after the run (or,
// for what only lasts while the command runs, polled from outside during
// it), never from the command's own exit status. Only mewsandbox's columns
// are asserted; the peers' are measured and printed.
//
// Gated: MEWSANDBOX_PEERS=1, with the peers' programs named by
// MEWSANDBOX_PEER_SRT and MEWSANDBOX_PEER_CODEX (srt and codex as npm
// installs them, in node_modules/.bin) and bwrap looked for on PATH. A
// peer not given is skipped, and said so. `make peers` runs both tests.

// peerSandbox is one column: how to run argv in the project under it.
type peerSandbox struct {
	name string
	// argv is the whole command line that runs cmd in the sandbox, given
	// the project root and a directory outside it for configuration.
	argv func(root, cfg string, cmd ...string) []string
	// mewsandbox's columns are asserted.
	ours bool
	// control is the column without a sandbox: each attack should
	// succeed there, or it proves nothing.
	control bool
}

// peerEnv is the setting of one run: a fresh project (made by git init),
// a fake home holding a private key, a directory outside both, and a
// directory for the sandbox's configuration.
type peerEnv struct {
	root, home, out, cfg string
	files                []*os.File // handed to the sandbox from fd 3 on
	tty                  *os.File   // the controlling terminal, as stdio
	during               func()     // polled from outside while the command runs
}

// peerAttack is one row: an attack, or a neighbour each sandbox must allow.
type peerAttack struct {
	name      string
	neighbour bool
	needs     []string // programs the command needs on the host
	// prepare sets the run up and returns the command's script and the
	// outside check: whether the attack succeeded (the neighbour worked).
	prepare func(t *testing.T, e *peerEnv) (script string, judge func() bool)
	// withoutLayer is what the README documents for --no-namespaces: true
	// where the attack is not stopped without the namespace layer.
	withoutLayer bool
	// undoneWithoutLayer: without the layer the write goes through while
	// the command runs, and the runner undoes it once the command has
	// ended (README: Without the layer: detected and undone after the
	// run), so the check after the run finds nothing; the cell says so.
	undoneWithoutLayer bool
}

const pwned = "PWNED"

// fileHas is whether path holds s.
func fileHas(path, s string) bool {
	b, err := os.ReadFile(path)
	return err == nil && strings.Contains(string(b), s)
}

func peerAttacks() []peerAttack {
	return []peerAttack{
		{name: "write outside the root", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.out, "written")
			return fmt.Sprintf("echo %s > %s", pwned, p), func() bool { return fileHas(p, pwned) }
		}},
		{name: "write through a link in the root to outside", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			if err := os.Symlink(e.out, filepath.Join(e.root, "outlink")); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(e.out, "via-link")
			return fmt.Sprintf("echo %s > outlink/via-link", pwned), func() bool { return fileHas(p, pwned) }
		}},
		{name: "read ~/.ssh/id_ed25519", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, "leak")
			return "cat ~/.ssh/id_ed25519 > leak", func() bool { return fileHas(p, "PRIVATE KEY") }
		}},
		{name: "write .git/hooks/pre-commit", undoneWithoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, ".git/hooks/pre-commit")
			return fmt.Sprintf("printf '#!/bin/sh\\necho %s\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit", pwned),
				func() bool { return fileHas(p, pwned) }
		}},
		{name: "write .git/config (core.fsmonitor, core.hooksPath)", undoneWithoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, ".git/config")
			return fmt.Sprintf("printf '[core]\\n\\tfsmonitor = echo %s\\n\\thooksPath = /var/tmp/%s\\n' >> .git/config", pwned, pwned),
				func() bool { return fileHas(p, pwned) }
		}},
		{name: "create .claude/settings.json", undoneWithoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, ".claude/settings.json")
			return fmt.Sprintf(`mkdir -p .claude; echo '{"%s": 1}' > .claude/settings.json`, pwned), func() bool { return fileHas(p, pwned) }
		}},
		{name: "create .mewsandbox/settings.yaml", undoneWithoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, ".mewsandbox/settings.yaml")
			return fmt.Sprintf("mkdir -p .mewsandbox; echo '# %s' > .mewsandbox/settings.yaml", pwned), func() bool { return fileHas(p, pwned) }
		}},
		{name: "chmod a file outside the root", withoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.out, "mode")
			if err := os.WriteFile(p, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return "chmod 777 " + p, func() bool {
				fi, err := os.Stat(p)
				return err == nil && fi.Mode().Perm() != 0o600
			}
		}},
		{name: "touch -d a file outside the root", withoutLayer: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.out, "time")
			if err := os.WriteFile(p, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return "touch -d 2001-01-01 " + p, func() bool {
				fi, err := os.Stat(p)
				return err == nil && fi.ModTime().Year() == 2001
			}
		}},
		{name: "connect to a TCP listener on 127.0.0.1", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			l := listen(t)
			return fmt.Sprintf("exec 5<>/dev/tcp/127.0.0.1/%d && echo %s >&5\n"+
					`python3 -c 'import socket; socket.create_connection(("127.0.0.1", %d)).send(b"%s\n")'`, l.port, pwned, l.port, pwned),
				func() bool { return len(l.conns(t)) > 0 }
		}},
		{name: "connect to a unix socket in the host's /tmp", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := "/tmp/mwsbx-peer-" + uniq() + ".sock"
			got := unixListener(t, p)
			return fmt.Sprintf(`python3 -c 'import socket; s = socket.socket(socket.AF_UNIX); s.connect("%s"); s.send(b"%s")'`, p, pwned),
				func() bool { return heard(t, got) }
		}},
		{name: "connect to a host's abstract unix socket", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			name := "mwsbx-peer-" + uniq()
			got := unixListener(t, "@"+name)
			return fmt.Sprintf(`python3 -c 'import socket; s = socket.socket(socket.AF_UNIX); s.connect("\0%s"); s.send(b"%s")'`, name, pwned),
				func() bool { return heard(t, got) }
		}},
		{name: "bind an abstract unix socket name of the host's", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			name := "mwsbx-peer-" + uniq()
			var seen atomic.Bool
			e.during = func() {
				if b, err := os.ReadFile("/proc/net/unix"); err == nil && strings.Contains(string(b), " @"+name+"\n") {
					seen.Store(true)
				}
			}
			return fmt.Sprintf(`python3 -c 'import socket, time; s = socket.socket(socket.AF_UNIX); s.bind("\0%s"); time.sleep(1.5)'`, name),
				seen.Load
		}},
		{name: "TIOCSTI on the controlling terminal", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			_, slave := hostTerminal(t)
			s, err := os.OpenFile(slave, os.O_RDWR|unix.O_NOCTTY, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			e.tty = s
			return `python3 -c '
import fcntl, os, termios
fds = [0]
try:
    fds.insert(0, os.open("/dev/tty", os.O_RDWR))
except OSError:
    pass
for fd in fds:
    try:
        for c in b"echo ` + pwned + `\n":
            fcntl.ioctl(fd, termios.TIOCSTI, bytes([c]))
        break
    except OSError:
        pass
'`, func() bool {
					// What was pushed into the terminal's input is read
					// from its slave, as the shell holding it would.
					// (unix.Read, not an os.File's, which would wait.)
					fd, err := unix.Open(slave, unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
					if err != nil {
						return false
					}
					defer unix.Close(fd)
					buf := make([]byte, 256)
					n, _ := unix.Read(fd, buf)
					return n > 0 && strings.Contains(string(buf[:n]), pwned)
				}
		}},
		{name: "kill a process of the same user outside", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			pid := victim(t)
			// Killed is not at once ended on a loaded machine.
			return fmt.Sprintf("kill -9 %d", pid), func() bool { return disturbance(pid) != "" }
		}},
		{name: "ptrace a process of the same user outside", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			pid := victim(t)
			var seen atomic.Bool
			e.during = func() {
				b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
				if err == nil && !strings.Contains(string(b), "\nTracerPid:\t0\n") {
					seen.Store(true)
				}
			}
			return fmt.Sprintf(`python3 -c 'import ctypes, time; ctypes.CDLL(None).ptrace(16, %d, 0, 0); time.sleep(1.5)'`, pid), seen.Load
		}},
		{name: "leave a process running after the command exits", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			arg := "4242." + uniq()
			return fmt.Sprintf("(setsid sleep %s </dev/null >/dev/null 2>&1 &)\nsleep 0.2", arg), func() bool {
				// Killing them may take a loaded machine seconds.
				deadline := time.Now().Add(10 * time.Second)
				for {
					pids := sleepers(arg)
					if len(pids) == 0 {
						return false
					}
					if time.Now().After(deadline) {
						for _, p := range pids {
							syscall.Kill(p, syscall.SIGKILL)
						}
						return true
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
		}},
		{name: "write the host's System V shared memory", needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			key := 0x6f000000 | int(time.Now().UnixNano()&0xfffff)<<4
			id, err := unix.SysvShmGet(key, 4096, unix.IPC_CREAT|unix.IPC_EXCL|0o600)
			if err != nil {
				t.Skipf("System V shared memory: %v", err)
			}
			t.Cleanup(func() { unix.SysvShmCtl(id, unix.IPC_RMID, nil) })
			return fmt.Sprintf(`ipcs -m
python3 -c '
import ctypes
libc = ctypes.CDLL(None)
libc.shmat.restype = ctypes.c_void_p
for i in (libc.shmget(%d, 0, 0), %d):
    a = libc.shmat(i, None, 0) if i >= 0 else None
    if a not in (None, 2**64 - 1):
        ctypes.memmove(a, b"%s", 5)
'`, key, id, pwned), func() bool {
					mem, err := unix.SysvShmAttach(id, 0, 0)
					if err != nil {
						return false
					}
					defer unix.SysvShmDetach(mem)
					return string(mem[:len(pwned)]) == pwned
				}
		}},
		{name: "reopen an inherited read-only fd for writing", prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.out, "handed")
			if err := os.WriteFile(p, []byte("host's\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			e.files = []*os.File{f}
			return fmt.Sprintf("echo %s > /proc/self/fd/3", pwned), func() bool { return fileHas(p, pwned) }
		}},

		{name: "write a file in the project", neighbour: true, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, "made")
			return "echo ok > made", func() bool { return fileHas(p, "ok") }
		}},
		{name: "git init and git commit in the project", neighbour: true, needs: []string{"git"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			return "git init -q sub && cd sub && echo a > a && git add a && git -c user.name=t -c user.email=t@example.com commit -qm sub && cd .. &&\n" +
					"echo b > b && git add b && git -c user.name=t -c user.email=t@example.com commit -qm top", func() bool {
					out1, err1 := osexec.Command("git", "-C", filepath.Join(e.root, "sub"), "log", "--format=%s").Output()
					out2, err2 := osexec.Command("git", "-C", e.root, "log", "--format=%s").Output()
					return err1 == nil && err2 == nil && strings.TrimSpace(string(out1)) == "sub" && strings.TrimSpace(string(out2)) == "top"
				}
		}},
		{name: "cc builds and runs a program", neighbour: true, needs: []string{"cc"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, "cc.out")
			return `printf '#include <stdio.h>\nint main(void) { puts("built"); return 0; }\n' > hello.c && cc -o hello hello.c && ./hello > cc.out`,
				func() bool { return fileHas(p, "built") }
		}},
		{name: "python3 runs and writes", neighbour: true, needs: []string{"python3"}, prepare: func(t *testing.T, e *peerEnv) (string, func() bool) {
			p := filepath.Join(e.root, "py.out")
			return `python3 -c 'open("py.out", "w").write("ran")'`, func() bool { return fileHas(p, "ran") }
		}},
	}
}

// heard is whether a unix listener received anything before the call
// (flushed: a late connection is not missed).
func heard(t *testing.T, in *inbox) bool {
	t.Helper()
	in.flush(t)
	return len(in.got) > 0
}

// victim starts a process of the test's user outside every sandbox, and
// returns its pid.
func victim(t *testing.T) int {
	t.Helper()
	cmd := osexec.Command("sleep", "1000")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd.Process.Pid
}

// sleepers are the pids of the host's processes running `sleep arg`.
func sleepers(arg string) []int {
	var pids []int
	ents, _ := os.ReadDir("/proc")
	for _, d := range ents {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + d.Name() + "/cmdline"); err == nil && string(b) == "sleep\x00"+arg+"\x00" {
			pids = append(pids, pid)
		}
	}
	return pids
}

// peerSandboxes are the columns: mewsandbox with and without its
// namespace layer, and each peer found, with the reasons the others are
// not there.
func peerSandboxes(t *testing.T) (boxes []peerSandbox, missing []string) {
	t.Helper()
	boxes = []peerSandbox{
		{name: "no sandbox", control: true, argv: func(root, cfg string, cmd ...string) []string { return cmd }},
		{name: "mewsandbox", ours: true, argv: func(root, cfg string, cmd ...string) []string {
			return append([]string{bin, "run", "--yolo", "--root", root, "--"}, cmd...)
		}},
		{name: "mewsandbox --no-namespaces", ours: true, argv: func(root, cfg string, cmd ...string) []string {
			return append([]string{bin, "run", "--yolo", "--no-namespaces", "--root", root, "--"}, cmd...)
		}},
	}
	if bwrap, err := osexec.LookPath("bwrap"); err == nil {
		boxes = append(boxes, peerSandbox{name: "bwrap", argv: func(root, cfg string, cmd ...string) []string {
			return append(bwrapCareful(bwrap, root), cmd...)
		}})
	} else {
		missing = append(missing, "bwrap: not on PATH")
	}
	if srt, why := peerProgram("MEWSANDBOX_PEER_SRT"); srt != "" {
		boxes = append(boxes, peerSandbox{name: "srt", argv: func(root, cfg string, cmd ...string) []string {
			return append([]string{srt, "--settings", srtSettings(t, root, cfg)}, cmd...)
		}})
	} else {
		missing = append(missing, "srt: "+why)
	}
	if native, _ := codexPrograms(t); native != "" {
		boxes = append(boxes, peerSandbox{name: "codex", argv: func(root, cfg string, cmd ...string) []string {
			return codexArgv(native, cmd...)
		}})
	} else {
		_, why := peerProgram("MEWSANDBOX_PEER_CODEX")
		missing = append(missing, "codex: "+why)
	}
	return boxes, missing
}

// peerProgram is the program an environment variable names, or why there
// is none.
func peerProgram(name string) (string, string) {
	p := os.Getenv(name)
	if p == "" {
		return "", name + " not set"
	}
	if _, err := osexec.LookPath(p); err != nil {
		return "", fmt.Sprintf("%s: %v", name, err)
	}
	return p, ""
}

// bwrapCareful is bubblewrap as a careful user writes it for "writes only
// in this project, no network": everything read-only, the project bound
// writable, its own /dev and /proc, every namespace unshared, dying with
// its parent, in a new session (against TIOCSTI).
func bwrapCareful(bwrap, root string) []string {
	return []string{bwrap, "--ro-bind", "/", "/", "--bind", root, root, "--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent", "--new-session"}
}

// srtSettings writes srt's settings for "writes only in this project, no
// network" (its README's example, with the project named: the settings
// file's "." would be srt's working directory) and returns its path.
func srtSettings(t *testing.T, root, cfg string) string {
	t.Helper()
	p := filepath.Join(cfg, "srt-settings.json")
	s := fmt.Sprintf(`{"filesystem": {"denyRead": [], "allowWrite": [%q], "denyWrite": []}, "network": {"allowedDomains": [], "deniedDomains": []}}`, root)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// codexArgv is `codex sandbox` in workspace-write mode with the network
// off and neither /tmp nor $TMPDIR writable: writes in the working
// directory (the project) only.
func codexArgv(codex string, cmd ...string) []string {
	return append([]string{codex, "sandbox",
		"-c", `sandbox_mode="workspace-write"`,
		"-c", "sandbox_workspace_write.network_access=false",
		"-c", "sandbox_workspace_write.exclude_slash_tmp=true",
		"-c", "sandbox_workspace_write.exclude_tmpdir_env_var=true",
		"--"}, cmd...)
}

// codexPrograms finds codex from MEWSANDBOX_PEER_CODEX: its native binary
// (the platform package npm installs beside the launcher) and its Node.js
// launcher. Either may be "" when not there.
func codexPrograms(t *testing.T) (native, launcher string) {
	p, _ := peerProgram("MEWSANDBOX_PEER_CODEX")
	if p == "" {
		return "", ""
	}
	if b, err := os.ReadFile(p); err == nil && strings.HasPrefix(string(b), "\x7fELF") {
		return p, ""
	}
	launcher = p
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Logf("codex: %v", err)
		return "", ""
	}
	// node_modules/@openai/codex/bin/codex.js → node_modules/@openai/codex-linux-*/vendor/*/bin/codex
	found, _ := filepath.Glob(filepath.Join(filepath.Dir(real), "..", "..", "codex-linux-*", "vendor", "*", "bin", "codex"))
	if len(found) == 0 {
		t.Logf("codex: no native binary beside %s", real)
		return launcher, launcher
	}
	return found[0], launcher
}

// peerRun runs one attack under one sandbox in a fresh setting, and says
// whether it succeeded, or why it could not run.
func peerRun(t *testing.T, s peerSandbox, a peerAttack) (succeeded bool, why string) {
	for _, p := range a.needs {
		if _, err := osexec.LookPath(p); err != nil {
			return false, "no " + p
		}
	}
	e := &peerEnv{root: outsideTemp(t), home: outsideTemp(t), out: outsideTemp(t), cfg: outsideTemp(t)}
	if out, err := osexec.Command("git", "init", "-q", e.root).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	if err := os.MkdirAll(filepath.Join(e.home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	key := "-----BEGIN OPENSSH PRIVATE KEY-----\nthe host's key\n-----END OPENSSH PRIVATE KEY-----\n"
	if err := os.WriteFile(filepath.Join(e.home, ".ssh", "id_ed25519"), []byte(key), 0o600); err != nil {
		t.Fatal(err)
	}
	// Temporary files in the project: bubblewrap's and codex's /tmp are
	// not writable in the configurations above, and cc needs some.
	if err := os.Mkdir(filepath.Join(e.root, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	script, judge := a.prepare(t, e)
	// The first line leaves a mark in the project: a run that never
	// started its command stopped nothing.
	if err := os.WriteFile(filepath.Join(e.root, "attack.sh"), []byte("echo ran > .ran\n"+script+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	argv := s.argv(e.root, e.cfg, "/bin/bash", "attack.sh")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := osexec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = e.root
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + e.home, "LANG=C", "TMPDIR=" + filepath.Join(e.root, ".tmp")}
	cmd.ExtraFiles = e.files
	var out strings.Builder
	if e.tty != nil {
		cmd.Stdin, cmd.Stdout, cmd.Stderr = e.tty, e.tty, e.tty
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	} else {
		cmd.Stdout, cmd.Stderr = &out, &out
	}
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return false, err.Error()
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	for waiting := true; waiting; {
		if e.during != nil {
			e.during()
		}
		select {
		case err = <-done:
			waiting = false
		case <-time.After(10 * time.Millisecond):
		}
	}
	if _, serr := os.Stat(filepath.Join(e.root, ".ran")); serr != nil {
		return false, fmt.Sprintf("the command never started (%v): %.200s", err, strings.TrimSpace(out.String()))
	}
	ok := judge()
	if testing.Verbose() && ok != a.neighbour && !s.control {
		t.Logf("%s under %s (%v): %.300s", a.name, s.name, err, strings.TrimSpace(out.String()))
	}
	return ok, ""
}

// TestPeersSecurity runs the battery under each sandbox and prints the
// table; it asserts mewsandbox's columns only.
func TestPeersSecurity(t *testing.T) {
	if os.Getenv("MEWSANDBOX_PEERS") == "" {
		t.Skip("set MEWSANDBOX_PEERS=1 (make peers) to run the attacks under mewsandbox and its peers")
	}
	requireSandbox(t)
	boxes, missing := peerSandboxes(t)
	for _, m := range missing {
		fmt.Printf("skipped peer: %s\n", m)
	}
	attacks := peerAttacks()
	cells := make([][]string, len(attacks))
	for i, a := range attacks {
		for _, s := range boxes {
			ok, why := false, "left out by -run"
			t.Run(a.name+"/"+s.name, func(t *testing.T) {
				ok, why = peerRun(t, s, a)
				if why == "" && s.ours {
					want := a.neighbour || (a.withoutLayer && strings.Contains(s.name, "--no-namespaces"))
					if ok != want {
						t.Errorf("%s under %s: %s, want %s", a.name, s.name, cell(a, ok, ""), cell(a, want, ""))
					}
				}
			})
			c := cell(a, ok, why)
			if s.ours && a.undoneWithoutLayer && strings.Contains(s.name, "--no-namespaces") && why == "" && !ok {
				c = "undone after the run"
			}
			if s.control && why == "" && !a.neighbour && !ok {
				c = "FAILED: proves nothing"
			}
			cells[i] = append(cells[i], c)
		}
	}
	width := make([]int, len(boxes))
	for j, s := range boxes {
		width[j] = len(s.name)
		for i := range attacks {
			width[j] = max(width[j], len(cells[i][j]))
		}
	}
	fmt.Printf("\n%-51s", "attack / neighbour")
	for j, s := range boxes {
		fmt.Printf(" | %-*s", width[j], s.name)
	}
	fmt.Println()
	for i, a := range attacks {
		fmt.Printf("%-51s", a.name)
		for j, c := range cells[i] {
			fmt.Printf(" | %-*s", width[j], c)
		}
		fmt.Println()
	}
}

// cell is a table entry: an attack stopped or not, a neighbour working or
// not, or why it could not run.
func cell(a peerAttack, succeeded bool, why string) string {
	switch {
	case why != "":
		return "could not run (" + why + ")"
	case a.neighbour && succeeded:
		return "works"
	case a.neighbour:
		return "FAILS"
	case succeeded:
		return "NOT stopped"
	default:
		return "stopped"
	}
}

// TestPeersSpeed times /bin/true bare and under each sandbox in
// interleaved, shuffled rounds (timeRounds, as make bench does) and prints
// medians with ratios to bubblewrap, in the benchmark's configuration and
// the careful one the security table used.
func TestPeersSpeed(t *testing.T) {
	if os.Getenv("MEWSANDBOX_PEERS") == "" {
		t.Skip("set MEWSANDBOX_PEERS=1 (make peers) to time mewsandbox beside its peers")
	}
	const rounds = 100
	dir := outsideTemp(t)
	cfg := outsideTemp(t)
	home := outsideTemp(t)
	rows := []*benchRow{
		{name: "bare /bin/true", argv: []string{"/bin/true"}},
		{name: "mewsandbox run -- /bin/true", argv: []string{bin, "run", "--", "/bin/true"}},
		{name: "run --no-namespaces -- /bin/true", argv: []string{bin, "run", "--no-namespaces", "--", "/bin/true"}},
	}
	bwrap, err := osexec.LookPath("bwrap")
	if err != nil {
		t.Skip("bubblewrap not installed: the ratios are to it")
	}
	rows = append(rows,
		&benchRow{name: "bwrap (the benchmark's)", argv: append(bwrapBench(bwrap), "/bin/true")},
		&benchRow{name: "bwrap (careful)", argv: append(bwrapCareful(bwrap, dir), "/bin/true")})
	if srt, why := peerProgram("MEWSANDBOX_PEER_SRT"); srt != "" {
		rows = append(rows, &benchRow{name: "srt /bin/true", argv: []string{srt, "--settings", srtSettings(t, dir, cfg), "/bin/true"}})
	} else {
		fmt.Println("skipped peer: srt: " + why)
	}
	native, launcher := codexPrograms(t)
	if native != "" && native != launcher {
		rows = append(rows, &benchRow{name: "codex sandbox (native binary)", argv: codexArgv(native, "/bin/true")})
	}
	if launcher != "" {
		rows = append(rows, &benchRow{name: "codex sandbox (Node.js launcher)", argv: codexArgv(launcher, "/bin/true")})
	}
	if native == "" && launcher == "" {
		_, why := peerProgram("MEWSANDBOX_PEER_CODEX")
		fmt.Println("skipped peer: codex: " + why)
	}
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "LANG=C"}
	readFromDisk(t, bin)
	printMachine(t)
	timeRounds(t, rows, rounds, dir, env)
	fmt.Printf("\nwhole-process medians over %d interleaved rounds, each in a shuffled order, with ratios to bubblewrap (90%% intervals)\n", rounds)
	fmt.Printf("%-36s %10s %24s %24s\n", "command", "median", "vs bwrap (benchmark's)", "vs bwrap (careful)")
	for _, r := range rows {
		fmt.Printf("%-36s %10s %24s %24s\n", r.name, median(r.times).Round(10*time.Microsecond), ratioInterval(r.times, rows[3].times), ratioInterval(r.times, rows[4].times))
	}
}
