//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCgroupDir(t *testing.T) {
	const unified = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
	const hybrid = "24 23 0:21 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n" +
		"35 23 0:30 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
	tests := []struct {
		name, self, mountinfo, want, err string
	}{
		{"unified", "0::/user.slice/user-1000.slice/session-2.scope\n", unified, "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope", ""},
		{"root", "0::/\n", unified, "/sys/fs/cgroup", ""},
		{"hybrid", "9:name=systemd:/\n4:memory:/x\n0::/\n", hybrid, "/sys/fs/cgroup/unified", ""},
		{"a container's bind of its part", "0::/docker/abc/sub\n",
			"40 30 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n", "/sys/fs/cgroup/sub", ""},
		{"a bind of another part", "0::/other\n",
			"40 30 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n", "", "no cgroup2 file system"},
		{"an escaped mount point", "0::/a\n",
			`40 30 0:26 / /mnt/my\040cgroups rw - cgroup2 cgroup2 rw` + "\n", "/mnt/my cgroups/a", ""},
		{"cgroup v1 only", "4:memory:/x\n1:cpu:/\n", hybrid, "", "no cgroup v2 hierarchy"},
		{"not mounted", "0::/\n", "24 23 0:21 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n", "", "no cgroup2 file system"},
		{"a cut line", "0::/\n", "35 23 0:30 /\n", "", "no cgroup2 file system"},
	}
	for _, tt := range tests {
		got, err := cgroupDir([]byte(tt.self), []byte(tt.mountinfo))
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: cgroupDir = %q, %v; want an error saying %q", tt.name, got, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%s: cgroupDir = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// fakeCgroup is a directory laid out as a cgroup that has controllers and
// hands down those of subtree.
func fakeCgroup(t *testing.T, controllers, subtree string) string {
	t.Helper()
	dir := t.TempDir()
	for name, v := range map[string]string{"cgroup.controllers": controllers, "cgroup.subtree_control": subtree} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCanHandDown(t *testing.T) {
	if err := canHandDown(fakeCgroup(t, "cpu memory pids", "memory pids"), "memory", true); err != nil {
		t.Errorf("handed down already: %v", err)
	}
	if err := canHandDown(fakeCgroup(t, "cpu hugetlb pids", "pids"), "memory", true); err == nil || !strings.Contains(err.Error(), "no memory controller") {
		t.Errorf("no memory controller: %v", err)
	}
	dir := fakeCgroup(t, "memory pids", "pids")
	if err := canHandDown(dir, "memory", false); err != nil {
		t.Errorf("a writable subtree_control, checked only: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control")); string(b) != "pids\n" {
		t.Errorf("a check wrote %q", b)
	}
	if err := canHandDown(dir, "memory", true); err != nil {
		t.Errorf("handing down: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control")); string(b) != "+memory" {
		t.Errorf("handing down memory wrote %q, want +memory", b)
	}
	if err := canHandDown(t.TempDir(), "pids", true); err == nil {
		t.Error("a directory that is no cgroup: no error")
	}
}

func TestMakeRunCgroup(t *testing.T) {
	parent := t.TempDir()
	// A real cgroup has its files the moment it is made; a plain
	// directory has none, so setting a limit fails, and nothing is left.
	if g, err := makeRunCgroup(parent, "run", Limits{NProc: 10}); err == nil || g != nil {
		t.Errorf("makeRunCgroup in a plain directory = %v, %v; want an error", g, err)
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("left %v", left)
	}
	if _, err := makeRunCgroup(filepath.Join(parent, "missing"), "run", Limits{NProc: 10}); err == nil {
		t.Error("makeRunCgroup below a missing directory: no error")
	}
	if g, err := newRunCgroup(Limits{CPU: 1, NoFile: 10}, true); g != nil || err != nil {
		t.Errorf("limits without mem or nproc got a cgroup: %v, %v", g, err)
	}
}

func TestCgroupCounter(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "memory.events"), []byte("low 0\nhigh 0\nmax 12\noom 2\noom_kill 2\noom_group_kill 0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "pids.events"), []byte("max 7\n"), 0o644)
	g := &runCgroup{dir: dir}
	if h := g.hits(); h.OOMKills != 2 || h.ForksRefused != 7 || h.Cgroup != dir {
		t.Errorf("hits = %+v; want 2 OOM kills, 7 forks refused", h)
	}
	if n := cgroupCounter(dir, "missing.events", "max"); n != 0 {
		t.Errorf("a missing file counts %d", n)
	}
}

// FuzzCgroupDir: any /proc/self/cgroup and mountinfo give an absolute
// directory in the cgroup2 mount they name, or an error; never a panic.
func FuzzCgroupDir(f *testing.F) {
	f.Add("0::/a/b\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n")
	f.Add("0::/docker/x\n", "40 30 0:26 /docker /sys/fs/cgroup rw shared:1 - cgroup2 cgroup2 rw\n")
	f.Add("0::/\n", `1 2 3:4 / /m\040n\134 rw - cgroup2 c rw`)
	f.Fuzz(func(t *testing.T, self, mountinfo string) {
		dir, err := cgroupDir([]byte(self), []byte(mountinfo))
		if err != nil {
			return
		}
		if !filepath.IsAbs(dir) || !strings.Contains(mountinfo, "cgroup2") {
			t.Errorf("cgroupDir = %q: not an absolute path, or from a mountinfo without cgroup2", dir)
		}
	})
}
