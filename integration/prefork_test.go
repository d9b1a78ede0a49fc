//go:build linux

package integration

// The pre-forked sandbox child: the binary starts it for "mewsandbox run"
// before the Go runtime starts (the release link from its mews_entry entry
// point, any other from a constructor), and the runner adopts it or it
// goes.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// requirePrefork skips where runs get no pre-forked child: no namespace
// layer, or a binary that neither has the release entry point nor is
// linked with glibc (which alone passes a constructor the arguments),
// whose pid 1 is the re-executed child.
func requirePrefork(t *testing.T, b *box) {
	t.Helper()
	requireNamespaces(t)
	if !hasPrefork(t, b) {
		t.Skip("this binary has neither the release entry point (make build's -Wl,-e,mews_entry) nor glibc's constructor arguments: no pre-forked child")
	}
}

// hasPrefork says whether runs get a pre-forked child (see requirePrefork),
// where the namespace layer is available.
func hasPrefork(t *testing.T, b *box) bool {
	t.Helper()
	r := b.with(t).run("run", "--yolo", "--", "cat", "/proc/1/cmdline")
	if r.code != 0 {
		t.Fatalf("cat /proc/1/cmdline: exit %d, stderr %q", r.code, r.stderr)
	}
	return !strings.Contains(r.stdout, "__mewsandbox_child")
}

// TestPreforkAdopted: with the release binary, pid 1 of the command's
// namespace is the child forked at the runner's entry point (it carries
// the runner's argv[0] only: the flags, rules and paths of the command line
// are cleared), and the layer holds there as after a re-execution.
func TestPreforkAdopted(t *testing.T) {
	t.Parallel()
	b := newGitBox(t)
	requirePrefork(t, b)
	r := b.with(t).run("run", "--yolo", "--", "cat", "/proc/1/cmdline")
	if !strings.HasPrefix(r.stdout, bin+"\x00") || strings.Contains(r.stdout, "--yolo") {
		t.Errorf("pid 1 is %q, want the pre-forked runner, its arguments cleared", r.stdout)
	}
	o := b.check(protectedScript)
	for _, attack := range []string{"plant a hook", "create .claude settings", "move .git away and plant a new one"} {
		o.fails(t, attack)
	}
	o.ok(t, "write in the root")
	// Flags the pre-forked child does not fit get a child of their own
	// (re-executed: pid 1, or the command without a pid namespace).
	for _, flags := range [][]string{{"--pass-fd", "3"}, {"--pass-fd", "3", "--no-namespaces"}} {
		r := runPassingFD3(t, b, append(append([]string{"run", "--yolo"}, flags...), "--", "cat", "/proc/1/cmdline")...)
		if r.code != 0 || strings.HasPrefix(r.stdout, bin+"\x00") {
			t.Errorf("%v: exit %d, pid 1 is %q: the pre-forked child was used (stderr %q)", flags, r.code, r.stdout, r.stderr)
		}
	}
}

// TestOneSharer: a runner starts one process sharing its memory (its
// only child of its own command line), however its C code was entered. The
// release binary runs its entry point and then the C library's
// constructors: when the constructor, a plain build's way in, learnt to
// start the sharer too, the release binary started two, each forking a
// child, until the constructor stood aside there. The run's neighbour:
// the command runs, and goes with a killed runner.
func TestOneSharer(t *testing.T) {
	t.Parallel()
	for _, build := range []struct {
		name string
		bin  func(*testing.T) string
	}{{"release", func(*testing.T) string { return bin }}, {"plain", plainBin}} {
		for _, flags := range [][]string{nil, {"--no-namespaces"}} {
			t.Run(strings.Join(append([]string{build.name}, flags...), " "), func(t *testing.T) {
				t.Parallel()
				if build.name == "release" && !releaseEntry(t) {
					t.Skip("the binary under test was built without the release link (make build's -Wl,-e,mews_entry): the plain subtest covers it")
				}
				b := newBox(t, nil)
				mark, arg := filepath.Join(b.root, "started-"+uniq()), sleepArg()
				args := append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", "echo > "+mark+"; exec sleep "+arg)
				cmd := b.command(b.root, nil, build.bin(t), args...)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer func() {
					cmd.Process.Kill()
					cmd.Wait()
					noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
				}()
				waitFile(t, mark)
				runner := fmt.Sprint(cmd.Process.Pid)
				own, err := os.ReadFile("/proc/" + runner + "/cmdline")
				if err != nil {
					t.Fatal(err)
				}
				var sharers []string
				lists, _ := filepath.Glob("/proc/" + runner + "/task/*/children")
				for _, l := range lists {
					kids, _ := os.ReadFile(l)
					for _, k := range strings.Fields(string(kids)) {
						if line, err := os.ReadFile("/proc/" + k + "/cmdline"); err == nil && bytes.Equal(line, own) {
							sharers = append(sharers, k)
						}
					}
				}
				if len(sharers) != 1 {
					t.Errorf("the runner's children of its own command line: %v, want the one sharer", sharers)
				}
			})
		}
	}
}

// grandparentScript prints the command line of the command's parent's
// parent: the runner's when the command is the pre-forked child (its
// parent is the process sharing the runner's memory), the test's own when
// the runner started the child itself.
const grandparentScript = `pp=$(sed -n "s/^PPid:\t//p" /proc/$PPID/status); tr "\0" " " < /proc/$pp/cmdline`

// TestPreforkNoNamespaces: with --no-namespaces the entry point forks the
// child without namespaces, and the runner adopts it: the command's
// grandparent is the runner. The sandbox holds as after a re-execution,
// and stragglers that leave the command's session still go with the run
// (the process sharing the runner's memory is the nearest subreaper above
// the child, and kills them). A flag that only
// looks like --no-namespaces to the entry point does not get that child.
func TestPreforkNoNamespaces(t *testing.T) {
	t.Parallel()
	b := newGitBox(t)
	requirePrefork(t, b)
	r := b.with(t).run("run", "--yolo", "--no-namespaces", "-c", grandparentScript)
	if r.code != 0 || !strings.HasPrefix(r.stdout, bin+" run --yolo --no-namespaces") {
		t.Errorf("exit %d, the command's grandparent is %q, want the runner (stderr %q)", r.code, r.stdout, r.stderr)
	}
	// As a flag's value, --no-namespaces is no flag: the entry point's
	// guess is wrong, and the runner starts a namespaced child itself.
	r = b.with(t).run("run", "--yolo", "--deny-read", "--no-namespaces", "--", "cat", "/proc/1/cmdline")
	if r.code != 0 || !strings.Contains(r.stdout, "__mewsandbox_child") {
		t.Errorf("--deny-read --no-namespaces: exit %d, pid 1 is %q, want a re-executed child (stderr %q)", r.code, r.stdout, r.stderr)
	}
	o := b.check(`
c "write in the root" sh -c 'echo work > work.txt'
c "git add and commit" sh -c 'env `+gitEnv+` git add work.txt && env `+gitEnv+` git commit -qm work'
`, "--no-namespaces")
	o.ok(t, "write in the root")
	o.ok(t, "git add and commit")
	outside := filepath.Join(t.TempDir(), "outside")
	r = b.with(t).run("run", "--no-namespaces", "--", "touch", outside)
	if r.code == 0 {
		t.Errorf("touch outside the root: exit 0")
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("a pre-forked --no-namespaces run wrote outside the root")
	}
	arg := sleepArg()
	start := time.Now()
	r = b.run("run", "--yolo", "--no-namespaces", "-c", fmt.Sprintf(`setsid sh -c 'echo > ready; exec sleep %s' >/dev/null 2>&1 & until test -e ready; do sleep 0.01; done; exit 5`, arg))
	if r.code != 5 {
		t.Errorf("straggler: exit %d, want 5; stderr: %s", r.code, r.stderr)
	}
	if d := time.Since(start); d > 10*time.Second { // it would hold it 30 s
		t.Errorf("took %v: the straggler held the run", d)
	}
	noneLeft(t, "sleep\x00"+arg, "straggler")
}

// runPassingFD3 runs mewsandbox ARGS in the box's root with /dev/null open
// at descriptor 3, for --pass-fd 3: a run the pre-forked child does not
// fit.
func runPassingFD3(t *testing.T, b *box, args ...string) result {
	t.Helper()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	cmd := b.command(b.root, nil, bin, args...)
	cmd.ExtraFiles = []*os.File{devnull}
	return runCommand(t, cmd)
}

// TestPreforkLeavesNothing: a pre-forked child its runner never adopts (a
// usage error) or discards (a denied command) does not outlive the run;
// nor does the runner adopt one when a standard descriptor was closed at
// its start (the child's socket took its number), and the command gets
// /dev/null there as without a pre-forked child.
func TestPreforkLeavesNothing(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	for i, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"a bad flag value", []string{"run", "--limit-mem", "lots", "--", "true"}, 2},
		{"a denied command", []string{"run", "--deny", "Bash(true:*)", "--", "true"}, 77},
		{"a failed audit log", []string{"run", "--audit", "log.jsonl", "--", "true"}, 2},
	} {
		// The child keeps the runner's argv[0] only: the marker goes there.
		marker := fmt.Sprintf("mewsandbox-prefork-marker-%d", i)
		cmd := &osexec.Cmd{Path: bin, Args: append([]string{marker}, tt.args...), Dir: b.root,
			Env: []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}}
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code {
			t.Errorf("%s: exit %d (%v), want %d", tt.name, code, err, tt.code)
		}
		noneLeft(t, marker, tt.name)
	}
	cmd := osexec.Command("sh", "-c", `exec "$0" run --yolo -- sh -c 'readlink /proc/self/fd/0' 0<&-`, bin)
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	out, err := cmd.Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != "/dev/null" {
		t.Errorf("stdin closed at the start: the command's fd 0 is %q (%v), want /dev/null", got, err)
	}
}

// TestMemorySharer: for a run, the release binary's entry point starts a
// process that shares the runner's memory and nothing else (child_linux.c's
// sharer), which forks the sandbox child and unmaps the memory after the
// runner's exit instead of the runner: it holds no descriptor but pidfds of
// the runner and of the child (the runner's output ends with the runner)
// and the receiving end of the runner's lock queue, a socket the runner
// holds too (child_linux.c's lockq),
// blocks every signal (a ^C is the runner's), and is gone once the runner
// is, the child reaped.
func TestMemorySharer(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	cmd := osexec.Command(bin, "run", "--yolo", "--", "sh", "-c", "echo started; cat >/dev/null")
	cmd.Dir, cmd.Env = b.root, append(os.Environ(), "HOME="+b.home)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "started\n" {
		t.Fatalf("the command said %q, %v", line, err)
	}
	sharer := sharerOf(t, cmd.Process.Pid)
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", sharer))
	if err != nil {
		t.Fatal(err)
	}
	runners := map[string]bool{}
	if rfds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", cmd.Process.Pid)); err == nil {
		for _, fd := range rfds {
			l, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", cmd.Process.Pid, fd.Name()))
			runners[l] = true
		}
	}
	queue := 0
	for _, fd := range fds {
		l, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", sharer, fd.Name()))
		switch {
		case l == "anon_inode:[pidfd]":
		case strings.HasPrefix(l, "socket:") && runners[l]:
			queue++
		default:
			t.Errorf("the sharer holds descriptor %s: %s", fd.Name(), l)
		}
	}
	if len(fds) != 3 || queue != 1 {
		t.Errorf("the sharer holds %d descriptors (%d of the runner's sockets), want its pidfds of the runner and of the sandbox child and the lock queue's end", len(fds), queue)
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", sharer))
	if err != nil {
		t.Fatal(err)
	}
	blocked, _ := strconv.ParseUint(statusField(string(status), "SigBlk"), 16, 64)
	// Moved to the runner's other cores for its fork, it has them all
	// back once the runner took the child.
	runner, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	if cpus := statusField(string(status), "Cpus_allowed_list"); err != nil || cpus != statusField(string(runner), "Cpus_allowed_list") {
		t.Errorf("the sharer may run on CPUs %q, not the runner's (%v)", cpus, err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGTSTP} {
		if blocked&(1<<(sig-1)) == 0 {
			t.Errorf("the sharer does not block %v (SigBlk %#x)", sig, blocked)
		}
	}
	stdin.Close()
	if _, err := io.ReadAll(stdout); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", sharer))
		if err != nil || strings.Contains(string(st), ") Z ") {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(sharer, syscall.SIGKILL)
			t.Fatalf("the sharer %d outlived the runner by 10 s", sharer)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestPreforkKeepsCPUs: the sharer forks the sandbox child from another
// core than the runner's, pinned there for a moment; the command still
// runs on every core the runner may use.
func TestPreforkKeepsCPUs(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	mine, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	r := b.run("run", "--yolo", "--", "cat", "/proc/self/status")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if got, want := statusField(r.stdout, "Cpus_allowed_list"), statusField(string(mine), "Cpus_allowed_list"); got == "" || got != want {
		t.Errorf("the command may run on CPUs %q, the runner on %q", got, want)
	}
}

// sharerOf is the one child of the runner that shares its memory.
func sharerOf(t *testing.T, runner int) int {
	t.Helper()
	// A child the runner starts with os/exec (the placeholders' release
	// helper) shares its memory too, as vfork's do, until its execve: a
	// look that finds two looks again.
	// Looks for 10 s: a loaded machine may hold the helper before its
	// execve that long.
	var sharers []int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if sharers = memorySharers(runner); len(sharers) == 1 {
			return sharers[0]
		}
	}
	t.Fatalf("the runner's children sharing its memory: %v, want one", sharers)
	return 0
}

// memorySharers returns the runner's children that share its memory.
func memorySharers(runner int) []int {
	var sharers, unknown []int
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", runner))
	for _, task := range tasks {
		kids, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", runner, task.Name()))
		for _, f := range strings.Fields(string(kids)) {
			kid, _ := strconv.Atoi(f)
			// kcmp(KCMP_VM) is 0 for two processes with one memory. A
			// runner whose memory a --no-namespaces child shares is
			// undumpable, so not to be compared without CAP_SYS_PTRACE:
			// then its only child is taken.
			r, _, errno := syscall.Syscall6(unix.SYS_KCMP, uintptr(runner), uintptr(kid), 1, 0, 0, 0)
			switch {
			case errno == 0 && r == 0:
				sharers = append(sharers, kid)
			case errno == syscall.EPERM:
				unknown = append(unknown, kid)
			}
		}
	}
	if len(sharers) == 0 && len(unknown) == 1 {
		sharers = unknown
	}
	return sharers
}

// TestSharerKilled: the sharer killed while the command runs takes the
// sandbox with it (the child's parent-death signal), and the runner, which
// waits for the sharer's word on the child, learns so and ends (137)
// instead of waiting for ever.
func TestSharerKilled(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	arg := sleepArg()
	s := b.start("run", "--yolo", "--", "sleep", arg)
	// The command itself, not the runner's command line (nor the
	// sharer's, the same memory): killed before the command runs, the
	// sharer takes only the pre-forked child along, and the runner starts
	// one of its own.
	deadline := time.Now().Add(10 * time.Second)
	for {
		running := false
		for _, p := range withMarker("sleep\x00" + arg) {
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p))
			running = running || bytes.HasPrefix(cmdline, []byte("sleep\x00"))
		}
		if running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command never started sleeping")
		}
		time.Sleep(5 * time.Millisecond)
	}
	syscall.Kill(sharerOf(t, s.Process.Pid), syscall.SIGKILL)
	if code := s.wait(t, 10*time.Second); code != 137 {
		t.Errorf("exit %d, want 137; stderr: %s", code, s.stderr.String())
	}
	noneLeft(t, "sleep\x00"+arg, "the command after the sharer was killed")
}

// statusField is the value of a field of a /proc/PID/status text, "" if
// it has none.
func statusField(status, key string) string {
	for _, line := range strings.Split(status, "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// TestPremadeMounts: the file systems the pre-forked child makes while it
// waits for its spec (/proc, /dev/pts, /dev/shm, the empty tmpfs over /tmp
// and /run) are mounted as a child of the runner's own mounts them: the
// same types, sources, attributes and options.
func TestPremadeMounts(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	mounts := func(flags ...string) []string {
		r := runPassingFD3(t, b, append(append([]string{"run", "--yolo"}, flags...), "--", "cat", "/proc/self/mountinfo")...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", flags, r.code, r.stderr)
		}
		var out []string
		for _, line := range strings.Split(r.stdout, "\n") {
			// ID PARENT MAJ:MIN ROOT POINT ATTRS [OPTIONAL...] - TYPE SOURCE OPTIONS
			f := strings.Fields(line)
			sep := slices.Index(f, "-")
			if len(f) < 6 || sep < 6 || sep+3 >= len(f)+1 {
				continue
			}
			switch f[4] {
			case "/proc", "/dev/pts", "/dev/ptmx", "/dev/shm", "/tmp", "/run":
				out = append(out, strings.Join(append([]string{f[4], f[5]}, f[sep+1:]...), " "))
			}
		}
		slices.Sort(out)
		return out
	}
	premade, own := mounts(), mounts("--pass-fd", "3")
	if len(premade) < 6 || !slices.Equal(premade, own) {
		t.Errorf("mounts with the pre-forked child:\n%s\nwith a child of the runner's own:\n%s", strings.Join(premade, "\n"), strings.Join(own, "\n"))
	}
}

// TestPremadeNetNS: the pre-forked child makes the network namespace of a
// run without TCP ports while it waits for its spec (child_linux.c's
// premake_netns), and enters it once the spec says so, instead of making
// it then: strace shows a setns to it and no namespace made after the
// spec. A run the settings grant a port to (which the entry point cannot
// tell from the flags) has the host's namespace, the premade one closed
// unused: the command holds no descriptor of it. A run the flags grant a
// port or the network to makes none; --network none is the default.
func TestPremadeNetNS(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	if _, err := osexec.LookPath("strace"); err != nil {
		t.Skip("strace is not installed (make test installs it)")
	}
	host, err := os.Readlink("/proc/self/ns/net")
	if err != nil {
		t.Fatal(err)
	}
	// traced runs the command under strace, which records the namespace
	// calls of the runner and every process it starts.
	traced := func(t *testing.T, env []string, flags ...string) (netns, fds string, calls []string) {
		log := filepath.Join(t.TempDir(), "strace")
		args := append([]string{"-f", "-qq", "-e", "trace=setns,unshare", "-e", "signal=none", "-o", log, bin, "run", "--yolo"}, flags...)
		args = append(args, "--", "sh", "-c", "readlink /proc/self/ns/net; ls /proc/self/fd | tr '\\n' ' '")
		cmd := b.command(b.root, env, "strace", args...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("strace %v: %v\n%s", flags, err, out)
		}
		lines := strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)
		if len(lines) != 2 {
			t.Fatalf("%v: output %q", flags, out)
		}
		trace, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(trace), "\n") {
			if strings.Contains(l, "CLONE_NEWNET") {
				calls = append(calls, strings.Join(strings.Fields(l)[1:], " "))
			}
		}
		return lines[0], strings.TrimSpace(lines[1]), calls
	}
	for _, flags := range [][]string{nil, {"--network", "none"}, {"--network=none"}} {
		t.Run(strings.Join(append([]string{"none"}, flags...), " "), func(t *testing.T) {
			netns, fds, calls := traced(t, nil, flags...)
			if netns == host {
				t.Errorf("the command is in the host's network namespace %s", host)
			}
			// The descriptor's number is the child's to choose.
			if len(calls) != 2 || calls[0] != "unshare(CLONE_NEWNET) = 0" || !strings.HasPrefix(calls[1], "setns(") || !strings.HasSuffix(calls[1], ", CLONE_NEWNET) = 0") {
				t.Errorf("namespace calls %q, want the premade namespace made and entered: unshare(CLONE_NEWNET) = 0, setns(FD, CLONE_NEWNET) = 0", calls)
			}
			if fds != "0 1 2 3" {
				t.Errorf("the command's descriptors are %q, want 0 1 2 (and ls's 3)", fds)
			}
		})
	}
	t.Run("settings grant a port", func(t *testing.T) {
		settings := b.file(filepath.Join(b.home, ".config/mewsandbox/settings.yaml"), "sandbox:\n  network:\n    allowConnect: [9]\n", 0o644)
		t.Cleanup(func() { os.Remove(settings) })
		netns, fds, calls := traced(t, nil)
		if netns != host {
			t.Errorf("the command is in network namespace %s, want the host's %s", netns, host)
		}
		if len(calls) != 1 || calls[0] != "unshare(CLONE_NEWNET) = 0" {
			t.Errorf("namespace calls %q, want the premade namespace made and not entered", calls)
		}
		if fds != "0 1 2 3" {
			t.Errorf("the command's descriptors are %q, want 0 1 2 (and ls's 3): the premade namespace's leaked", fds)
		}
	})
	for _, flags := range [][]string{{"--allow-connect", "9"}, {"--allow-bind=9"}, {"--network", "all"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			netns, _, calls := traced(t, nil, flags...)
			if netns != host || len(calls) != 0 {
				t.Errorf("network namespace %s (host %s), calls %q: want the host's, and none made", netns, host, calls)
			}
		})
	}
}

// TestPremadeTmp: for a --no-namespaces run the entry point makes the
// private TMPDIR beside the runtime's start (child_linux.c's make_tmp), in
// the runner's TMPDIR. The command gets it, writable; it is gone after the
// run, and after every run that does not take it: a command denied, flags
// the runner reads otherwise, a usage error, --help.
func TestPremadeTmp(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	tmp := outsideTemp(t)
	b.env = append(b.env, "TMPDIR="+tmp)
	r := b.run("run", "--yolo", "--no-namespaces", "-c", `echo "$TMPDIR"; echo x > "$TMPDIR/f" && cat "$TMPDIR/f"`)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 2 || filepath.Dir(lines[0]) != tmp || !strings.HasPrefix(filepath.Base(lines[0]), "mewsandbox-") || lines[1] != "x" {
		t.Errorf("exit %d, stdout %q, stderr %q; want a writable mewsandbox-N in %s", r.code, r.stdout, r.stderr, tmp)
	}
	for _, args := range [][]string{
		{"run", "--no-namespaces", "--yolo", "--", "true"},
		{"run", "--no-namespaces", "--", "touch", filepath.Join(b.out, "denied-marker")}, // asked, so denied without a terminal
		{"run", "--no-namespaces=false", "--yolo", "--", "true"},
		{"run", "--no-namespaces", "--no-such-flag", "--", "true"},
		{"run", "--no-namespaces", "-h"},
	} {
		r := b.run(args...)
		if r.code == 125 || r.code == 1 {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		if b.exists(filepath.Join(b.out, "denied-marker")) {
			t.Fatalf("%v: the denied command ran", args)
		}
		// The sharer removes one the runner never took as the runner
		// exits: a moment after, at most (seconds on a loaded machine).
		deadline := time.Now().Add(10 * time.Second)
		for {
			left, err := os.ReadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if len(left) == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%v: %s left behind in TMPDIR", args, left[0].Name())
				for _, e := range left {
					os.RemoveAll(filepath.Join(tmp, e.Name()))
				}
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// TestPremadeTmpAfterKill: the private TMPDIR of a --no-namespaces run is
// on the host; when the runner is killed (SIGKILL), the process that made
// it at the entry point removes it, left empty, once the runner is gone.
func TestPremadeTmpAfterKill(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requirePrefork(t, b)
	arg := sleepArg()
	s := b.start("run", "--yolo", "--no-namespaces", "-c", `echo "$TMPDIR" > tmpdir; exec sleep `+arg)
	dir := strings.TrimSpace(waitFile(t, filepath.Join(b.root, "tmpdir")))
	if !strings.Contains(dir, "mewsandbox-") {
		t.Fatalf("TMPDIR %q, want a private one", dir)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s.Process.Signal(syscall.SIGKILL)
	s.wait(t, 10*time.Second)
	noneLeft(t, "sleep\x00"+arg, "the command after SIGKILL of mewsandbox")
	deadline := time.Now().Add(10 * time.Second)
	for b.exists(dir) {
		if time.Now().After(deadline) {
			t.Fatalf("the private TMPDIR %s outlived the killed runner by 10 s", dir)
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Before the root goes with the test: the process started in the
	// runner's place compares what a run without the layer recorded, and
	// took the clean-up's removal of .git for the command's (it put it
	// back, and t.TempDir's removal failed).
	afterKilledGone(t, b.root, arg)
}

// TestPreforkChildDumpsNothing: the --no-namespaces child shares the
// runner's memory until its execve, so a core dump of it would hold the
// runner's (its whole environment, which the command does not get, its
// settings and policy), written where the command can read it. A
// core-dumping signal while the child waits for the go, here while the
// runner asks at the terminal with core dumps allowed, ends the child and
// dumps nothing; the runner goes on.
func TestPreforkChildDumpsNothing(t *testing.T) {
	t.Parallel()
	pattern, err := os.ReadFile("/proc/sys/kernel/core_pattern")
	if err != nil || !strings.HasPrefix(string(pattern), "core") {
		t.Skipf("core_pattern is %q (%v): a core dump does not land in the working directory to be looked for", pattern, err)
	}
	b := newGitBox(t)
	requirePrefork(t, b)
	master, slave := hostTerminal(t)
	pts, err := os.OpenFile(slave, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer pts.Close()
	outside := filepath.Join(t.TempDir(), "x")
	cmd := b.command(b.root, []string{"SECRET_IN_RUNNER=s3cr3t-marker"}, "sh", "-c", `ulimit -c unlimited && exec "$0" run --no-namespaces -- touch "$1"`, bin, outside)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer cmd.Process.Kill()
	var said string
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(said, "Allow?"); {
		if time.Now().After(deadline) {
			t.Fatalf("no question at the terminal; it said %q", said)
		}
		said += readAvailable(master)
	}
	// The child: the sharer's child, once it has taken the sandbox and
	// unblocked its signals to wait for the go.
	sharer := sharerOf(t, cmd.Process.Pid)
	child := 0
	for deadline := time.Now().Add(10 * time.Second); child == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the pre-forked child never waited for the go with its signals unblocked")
		}
		kids, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", sharer, sharer))
		for _, f := range strings.Fields(string(kids)) {
			pid, _ := strconv.Atoi(f)
			if status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil && strings.Contains(string(status), "\nSigBlk:\t0000000000000000\n") {
				child = pid
			}
		}
	}
	if err := syscall.Kill(child, syscall.SIGQUIT); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d/status", child)); err != nil || time.Now().After(deadline) {
			break
		}
		if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child)); bytes.Contains(b, []byte(") Z ")) {
			break
		}
	}
	if _, err := master.Write([]byte("n\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the runner did not end after the answer")
	}
	if code := cmd.ProcessState.ExitCode(); code == 0 {
		t.Errorf("the refused command exited 0")
	}
	cores, _ := filepath.Glob(filepath.Join(b.root, "core*"))
	for _, c := range cores {
		content, _ := os.ReadFile(c)
		t.Errorf("the child dumped %s (%d bytes; the runner's environment in it: %v)", c, len(content), bytes.Contains(content, []byte("s3cr3t-marker")))
		os.Remove(c)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("the refused command ran")
	}
}

// monitorSlack is the timer slack exec/slack_linux.c gives the Go
// runtime's monitor thread.
const monitorSlack = "2000000"

// TestMonitorSlack: the release binary gives one of the runner's threads,
// the Go runtime's monitor, a looser timer slack, and nothing else: the
// runner's other threads, and the command, keep the slack mewsandbox was
// started with, with or without the namespace layer, whether the entry
// point pre-forked the child or the runner forked one itself (--pass-fd).
// (TestMonitorSlackWrapper in exec covers a thread the monitor makes,
// which a run hardly ever has.)
func TestMonitorSlack(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("reading another process's timer slack needs CAP_SYS_NICE: run as root")
	}
	if !releaseEntry(t) {
		t.Skip("this binary was built without the release link (make build's -Wl,--wrap=pthread_create): no thread's slack is loosened")
	}
	b := newGitBox(t)
	requirePrefork(t, b)
	own, err := os.ReadFile("/proc/self/timerslack_ns")
	if err != nil {
		t.Fatal(err)
	}
	base := strings.TrimSpace(string(own))
	if base == monitorSlack {
		t.Skipf("the test itself runs with a timer slack of %s ns: nothing to tell apart", base)
	}
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"layer", nil},
		{"no-namespaces", []string{"--no-namespaces"}},
		{"forked by the runner", []string{"--pass-fd", "3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mark := filepath.Join(b.root, "slack-"+strings.ReplaceAll(tc.name, " ", "-")) // no quote: it goes into sh -c
			args := append(append([]string{"run", "--yolo"}, tc.flags...), "--", "sh", "-c", "cat /proc/self/timerslack_ns > "+mark+"; sleep 5")
			devnull, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			defer devnull.Close()
			cmd := b.command(b.root, nil, bin, args...)
			cmd.ExtraFiles = []*os.File{devnull}                 // fd 3, for --pass-fd; unused otherwise
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no terminal, as in CI
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			waited := false
			t.Cleanup(func() {
				if !waited {
					cmd.Process.Kill()
					<-done
				}
			})
			if got := waitFile(t, mark); got != base {
				t.Errorf("the command's timer slack is %s ns, want %s (mewsandbox's own)", got, base)
			}
			// A thread has its creator's slack until it first runs: the
			// monitor the main thread's, one the monitor makes the
			// monitor's. On a busy machine the monitor may not have run
			// yet when the command has (seen in CI): wait for it.
			var slowed, read int
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				slowed, read = runnerSlacks(t, cmd.Process.Pid, base)
				if slowed == 1 || time.Now().After(deadline) {
					break
				}
			}
			if read < 2 {
				t.Fatalf("read the timer slack of %d of the runner's threads: a Go program has more", read)
			}
			if slowed != 1 {
				t.Errorf("%d of the runner's %d threads have the monitor's slack, want 1 (a binary linked without make build's -Wl,--wrap=pthread_create has none)", slowed, read)
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			<-done
			waited = true
		})
	}
}

// runnerSlacks reads the timer slack of each thread of process pid: how
// many have the monitor's and how many were read (a thread that ended
// meanwhile is not); one with neither the monitor's nor base fails t.
func runnerSlacks(t *testing.T, pid int, base string) (slowed, read int) {
	t.Helper()
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		// The thread's own file: /proc/PID/task/TID has none.
		v, err := os.ReadFile("/proc/" + task.Name() + "/timerslack_ns")
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ESRCH) {
			continue // ended since
		}
		if err != nil {
			t.Fatalf("runner thread %s: %v", task.Name(), err)
		}
		read++
		switch got := strings.TrimSpace(string(v)); got {
		case monitorSlack:
			slowed++
		case base:
		default:
			t.Errorf("runner thread %s: timer slack %s ns, want %s or, for the monitor, %s", task.Name(), got, base, monitorSlack)
		}
	}
	return slowed, read
}
