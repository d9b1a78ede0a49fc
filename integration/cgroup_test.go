//go:build linux

package integration

// Cgroup limits (#6): where the runner's cgroup v2 hands down the pids and
// memory controllers, --limit-nproc and --limit-mem hold for the whole
// sandbox together, root included, which rlimits do not.

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// requireCgroup skips, saying why, where a run with flag gets no cgroup
// (the runner warns that the limit is an rlimit only).
func requireCgroup(t *testing.T, b *box, flag, value string) {
	t.Helper()
	r := b.with(t).run("run", "--yolo", flag, value, "--", "true")
	if r.code != 0 {
		t.Fatalf("run %s %s -- true: exit %d, stderr %q", flag, value, r.code, r.stderr)
	}
	if i := strings.Index(r.stderr, "cgroup limits:"); i >= 0 {
		t.Skipf("no cgroup for %s here: %s", flag, strings.TrimSpace(r.stderr[i:]))
	}
}

// TestCgroupPidsLimit: a fork bomb under --limit-nproc stops at the limit,
// as root too (whom RLIMIT_NPROC does not stop), and the run says how many
// forks were refused; a command that stays under the limit runs as usual,
// and no cgroup is left behind.
func TestCgroupPidsLimit(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requireCgroup(t, b, "--limit-nproc", "30")
	// Forty sleeps at once: the shell gives up at the first fork refused.
	const bomb = `for i in $(seq 40); do sleep 2 & done; echo all started`
	r := b.with(t).run("run", "--yolo", "--limit-nproc", "30", "--", "sh", "-c", bomb)
	if r.code == 0 || strings.Contains(r.stdout, "all started") || !strings.Contains(r.stderr, "the process limit (--limit-nproc 30") {
		t.Errorf("a fork bomb under --limit-nproc 30: exit %d, stdout %q, stderr %q; want it stopped and the refused forks counted", r.code, r.stdout, r.stderr)
	}

	r = b.with(t).run("run", "--yolo", "--limit-nproc", "30", "--", "sh", "-c", "for i in 1 2 3 4 5; do sleep 0.1 & done; wait; echo fine")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "fine" || r.stderr != "" {
		t.Errorf("five processes under --limit-nproc 30: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// Exactly N: the pid namespace's init is not the command's to count.
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		args := append(append([]string{"run", "--yolo", "--limit-nproc", "2"}, flags...), "--", "sh", "-c", "true & wait; echo two")
		if r := b.with(t).run(args...); r.code != 0 || strings.TrimSpace(r.stdout) != "two" {
			t.Errorf("%v: two processes under --limit-nproc 2: exit %d, stdout %q, stderr %q", flags, r.code, r.stdout, r.stderr)
		}
		args = append(append([]string{"run", "--yolo", "--limit-nproc", "1"}, flags...), "--", "sh", "-c", "true & wait; echo two")
		if r := b.with(t).run(args...); r.code == 0 || r.code == 125 || !strings.Contains(r.stderr, "refused 1 fork") {
			t.Errorf("%v: two processes under --limit-nproc 1: exit %d, stderr %q; want the command's own failure and the fork counted", flags, r.code, r.stderr)
		}
	}
	assertNoRunCgroups(t)
}

// TestCgroupOfKilledRunner: the cgroup of a runner killed with SIGKILL is
// removed by the next run with a cgroup limit.
func TestCgroupOfKilledRunner(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requireCgroup(t, b, "--limit-nproc", "30")
	cmd := osexec.Command(bin, "run", "--yolo", "--limit-nproc", "30", "--", "sh", "-c", "echo up > up; sleep 30")
	cmd.Dir, cmd.Env = b.root, []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); !b.exists("up") && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	left := runCgroups(t, cmd.Process.Pid)
	if len(left) != 1 {
		t.Fatalf("the running runner's cgroups: %v, want one", left)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if r := b.with(t).run("run", "--yolo", "--limit-nproc", "30", "--", "true"); r.code != 0 {
		t.Fatalf("the next run: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(left[0]); err == nil {
		t.Errorf("%s is left after the next run", left[0])
	}
}

// TestCgroupMemoryLimit: processes that each stay under --limit-mem as an
// address space, but not together, are killed at the cgroup's memory.max,
// with exit 137 and a message; one of them alone runs.
func TestCgroupMemoryLimit(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	requireCgroup(t, b, "--limit-mem", "96M")
	// dd holds a 40 MiB block in memory while its reader sleeps.
	hog := func(n int) string {
		return "for i in $(seq " + strconv.Itoa(n) + "); do dd if=/dev/zero bs=40M count=1 2>/dev/null | (sleep 2; cat >/dev/null) & done; wait"
	}
	r := b.with(t).run("run", "--yolo", "--limit-mem", "96M", "--", "sh", "-c", hog(4))
	if !strings.Contains(r.stderr, "reached the memory limit (--limit-mem") {
		t.Errorf("160 MiB under --limit-mem 96M: exit %d, stderr %q, want the kill said", r.code, r.stderr)
	}
	if r := b.with(t).run("run", "--yolo", "--limit-mem", "96M", "--", "sh", "-c", hog(1)); r.code != 0 || r.stderr != "" {
		t.Errorf("40 MiB under --limit-mem 96M: exit %d, stderr %q", r.code, r.stderr)
	}
	assertNoRunCgroups(t)
}

// assertNoRunCgroups fails if a cgroup of a finished run is left.
func assertNoRunCgroups(t *testing.T) {
	t.Helper()
	for _, dir := range runCgroups(t, 0) {
		pid, _ := strconv.Atoi(strings.Split(strings.TrimPrefix(filepath.Base(dir), "mewsandbox-"), "-")[0])
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			t.Errorf("cgroup %s left after its runner ended", dir)
		}
	}
}

// runCgroups lists the runs' cgroups (named mewsandbox-PID-N below the
// runner's cgroup, which is this process's), of runner pid or, when 0, all.
func runCgroups(t *testing.T, pid int) []string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(b)) {
		rel, ok := strings.CutPrefix(strings.TrimSpace(line), "0::")
		if !ok {
			continue
		}
		for _, mnt := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"} {
			entries, _ := os.ReadDir(filepath.Join(mnt, rel))
			for _, d := range entries {
				prefix := "mewsandbox-"
				if pid != 0 {
					prefix += strconv.Itoa(pid) + "-"
				}
				if strings.HasPrefix(d.Name(), prefix) {
					out = append(out, filepath.Join(mnt, rel, d.Name()))
				}
			}
		}
	}
	return out
}

// TestExplainSysVIPCUnderLimitMem: explain says what run does with System
// V IPC, with and without --limit-mem: without it,
// allowed under the layer, and a run makes a segment; with it, refused
// where no cgroup of the run's can get memory.max (this machine's memory
// controller is cgroup v1's), and a run is refused one; allowed where the
// runner's cgroup hands the controller down, and a run makes one; where
// only the run's try can tell, it says which case applies. (That explain
// makes no cgroup: exec.MemoryMax only reads.)
func TestExplainSysVIPCUnderLimitMem(t *testing.T) {
	requireNamespaces(t)
	if _, err := osexec.LookPath("ipcmk"); err != nil {
		t.Skip("no ipcmk (util-linux) to make a segment with")
	}
	b := newBox(t, nil)
	const allowed, refused, unless = "System V IPC (shm*, msg*, sem*) allowed:", "System V IPC (shm*, msg*, sem*) refused:", "System V IPC (shm*, msg*, sem*) refused unless the run's cgroup gets memory.max"
	for _, flags := range [][]string{nil, {"--limit-mem", "64M"}} {
		x := b.run(append([]string{"explain"}, flags...)...)
		if x.code != 0 {
			t.Fatalf("explain %v: exit %d, %s", flags, x.code, x.stderr)
		}
		r := b.run(append(append([]string{"run", "--yolo"}, flags...), "--", "ipcmk", "-M", "4096")...)
		made := r.code == 0 && strings.Contains(r.stdout, "Shared memory id")
		if made {
			if id := strings.TrimSpace(r.stdout[strings.LastIndex(r.stdout, ":")+1:]); id != "" {
				osexec.Command("ipcrm", "-m", id).Run() // in the run's IPC namespace, gone already
			}
		}
		switch {
		case flags == nil && (!strings.Contains(x.stdout, allowed) || !made):
			t.Errorf("without --limit-mem: explain %q; the run made a segment: %v (%q %q); want both", line(x.stdout, "System V"), made, r.stdout, r.stderr)
		case strings.Contains(x.stdout, allowed) && !made, strings.Contains(x.stdout, refused) && made:
			t.Errorf("%v: explain says %q, but the run made a segment: %v (%q %q)", flags, line(x.stdout, "System V"), made, r.stdout, r.stderr)
		case flags != nil && !strings.Contains(x.stdout, allowed) && !strings.Contains(x.stdout, refused) && !strings.Contains(x.stdout, unless):
			t.Errorf("%v: explain says nothing of System V IPC: %q", flags, x.stdout)
		case strings.Contains(x.stdout, refused) && !strings.Contains(line(x.stdout, "syscalls refused"), " shmget "):
			t.Errorf("%v: System V IPC refused, but not among the refused syscalls: %q", flags, line(x.stdout, "syscalls refused"))
		}
	}
}

// line is the first line of out that holds s.
func line(out, s string) string {
	for l := range strings.Lines(out) {
		if strings.Contains(l, s) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}
