//go:build linux

package exec

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/landlock"
)

// TestHeldAliases: the kernel's file systems under another name than
// /proc, /sys and /dev count where a rule lets files be written below
// them or in them (device nodes: read too); those in their own places
// count only where a rule lying in that directory holds them below.
func TestHeldAliases(t *testing.T) {
	info := []byte(`22 27 0:21 / /proc rw,relatime - proc proc rw
23 27 0:22 / /sys rw,relatime - sysfs sysfs rw
24 27 0:5 / /dev rw,nosuid - devtmpfs devtmpfs rw
25 24 0:23 / /dev/pts rw,nosuid,noexec - devpts devpts rw
26 24 0:24 / /dev/shm rw,nosuid,nodev - tmpfs tmpfs rw
27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
40 27 0:21 / /srv/root\040alias/proc rw,relatime - proc proc rw
41 27 0:5 / /srv/root\040alias/dev rw,nosuid - devtmpfs devtmpfs rw
42 26 0:21 / /dev/shm/x/proc rw,relatime - proc proc rw
43 27 0:30 / /home/u/proj/mnt rw,relatime shared:1 - ext4 /dev/vdb rw
`)
	rw := landlock.ReadFile | landlock.WriteFile | landlock.ReadDir
	ro := landlock.ReadFile | landlock.ReadDir
	for _, tt := range []struct {
		name  string
		rules []landlock.PathRule
		want  []string
	}{
		{"the default's rules", []landlock.PathRule{{Path: "/home/u/proj", Access: rw}, {Path: "/usr", Access: ro}, {Path: "/proc", Access: ro}, {Path: "/sys", Access: ro}, {Path: "/dev/null", Access: rw}, {Path: "/dev/pts", Access: rw}}, nil},
		{"a write grant holding the alias", []landlock.PathRule{{Path: "/srv", Access: rw}}, []string{"/srv/root alias/proc (proc)", "/srv/root alias/dev (devtmpfs)"}},
		{"a read grant: device nodes only", []landlock.PathRule{{Path: "/srv/root alias", Access: ro}}, []string{"/srv/root alias/dev (devtmpfs)"}},
		{"a grant inside the alias", []landlock.PathRule{{Path: "/srv/root alias/proc/sys", Access: rw}}, []string{"/srv/root alias/proc (proc)"}},
		{"a listing only", []landlock.PathRule{{Path: "/srv", Access: landlock.ReadDir}}, nil},
		{"/dev/shm holding a bind", []landlock.PathRule{{Path: "/dev/shm", Access: rw}}, []string{"/dev/shm/x/proc (proc)"}},
	} {
		if got := heldAliases(info, tt.rules); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestMountsHeldUnreadable: a mount table the runner cannot read holds
// what it cannot see: the run is refused (unless best effort), not judged
// on nothing.
func TestMountsHeldUnreadable(t *testing.T) {
	rules := []landlock.PathRule{{Path: "/home/u/proj", Access: landlock.ReadFile | landlock.WriteFile}}
	got := mountsHeld(filepath.Join(t.TempDir(), "missing"), rules)
	if len(got) != 1 || !strings.Contains(got[0], "mounts the runner cannot list") {
		t.Errorf("mountsHeld of a missing table = %q, want it held as unlisted", got)
	}
	if got := mountsHeld("/proc/self/mountinfo", rules); len(got) != 0 {
		t.Errorf("mountsHeld of this process's table, the project's rule only = %q, want none", got)
	}
}

// TestKernelDebugMounts: the kernel's debugging and firmware file systems
// mounted in /sys are found in the mount table, outermost only (debugfs's
// tracing with debugfs); elsewhere, or other file systems in /sys (the
// cgroups), they are not.
func TestKernelDebugMounts(t *testing.T) {
	info := []byte(`22 27 0:21 / /proc rw,relatime - proc proc rw
23 27 0:22 / /sys rw,relatime - sysfs sysfs rw
30 23 0:27 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw
31 23 0:7 / /sys/kernel/debug rw,relatime - debugfs debugfs rw
32 31 0:13 / /sys/kernel/debug/tracing rw,relatime - tracefs tracefs rw
33 23 0:13 / /sys/kernel/tracing rw,relatime - tracefs tracefs rw
34 23 0:8 / /sys/kernel/security rw,relatime - securityfs securityfs rw
35 23 0:9 / /sys/firmware/efi/efivars rw,relatime - efivarfs efivarfs rw
36 23 0:10 / /sys/fs/pstore rw,relatime - pstore pstore rw
37 23 0:11 / /sys/fs/bpf rw,relatime - bpf bpf rw
38 27 0:13 / /srv/trace\040s rw,relatime - tracefs tracefs rw
39 23 0:28 / /sys/kernel/config rw,relatime - configfs configfs rw
`)
	want := []string{"/sys/kernel/debug", "/sys/kernel/tracing", "/sys/kernel/security", "/sys/firmware/efi/efivars", "/sys/fs/pstore", "/sys/fs/bpf"}
	if got := kernelDebugMounts(info); !slices.Equal(got, want) {
		t.Errorf("kernelDebugMounts = %q, want %q", got, want)
	}
	if got := kernelDebugMounts(nil); got != nil {
		t.Errorf("kernelDebugMounts of no table = %q, want none", got)
	}
}
