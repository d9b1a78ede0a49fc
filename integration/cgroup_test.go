//go:build linux

package integration

// Cgroup limits (#6): where the runner's cgroup v2 hands down the pids and
// memory controllers, --limit-nproc and --limit-mem hold for the whole
// sandbox together, root included, which rlimits do not.

import (
	"os"
	"strconv"
	"strings"
	"testing"
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
	assertNoRunCgroups(t)
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

// assertNoRunCgroups fails if a run's cgroup of this process's runs is
// left (they are named mewsandbox-PID-N below the runner's cgroup).
func assertNoRunCgroups(t *testing.T) {
	t.Helper()
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if rel, ok := strings.CutPrefix(strings.TrimSpace(line), "0::"); ok {
			for _, mnt := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"} {
				left, _ := os.ReadDir(mnt + rel)
				for _, d := range left {
					if strings.HasPrefix(d.Name(), "mewsandbox-") {
						t.Errorf("cgroup %s/%s left after the runs", mnt+rel, d.Name())
					}
				}
			}
		}
	}
}
