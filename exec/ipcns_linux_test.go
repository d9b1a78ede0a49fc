//go:build linux

package exec

import (
	"slices"
	"syscall"
	"testing"

	"github.com/mewsandbox/mewsandbox/seccomp"
)

// TestNamespaceAttrsIPC: the layer's child starts in an IPC namespace, and
// where the kernel refuses one (or a pid namespace) without it, the mount
// namespace always kept.
func TestNamespaceAttrsIPC(t *testing.T) {
	attrs := namespaceAttrs()
	const pid, ipc = syscall.CLONE_NEWPID, syscall.CLONE_NEWIPC
	var got []uintptr
	for _, a := range attrs {
		if a.Cloneflags&syscall.CLONE_NEWNS == 0 {
			t.Errorf("flags %#x: no mount namespace", a.Cloneflags)
		}
		got = append(got, a.Cloneflags&(pid|ipc))
	}
	if want := []uintptr{pid | ipc, ipc, pid, 0}; !slices.Equal(got, want) {
		t.Errorf("pid and IPC flags, in order: %#x, want %#x", got, want)
	}
}

// TestWithoutIPCNamespace: a filter built for the layer's IPC namespace is
// built anew, refusing System V IPC, for a child that did not get one; one
// built without it stays.
func TestWithoutIPCNamespace(t *testing.T) {
	if !seccomp.Enabled {
		t.Skip("no seccomp in this build")
	}
	build := func(c seccomp.Config) seccomp.Program {
		p, err := c.Build()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	open := seccomp.Config{AllowUnix: true, AllowSysVIPC: true}
	closed := seccomp.Config{AllowUnix: true}
	sp := &spec{filter: open, Seccomp: build(open)}
	if serr := sp.withoutIPCNamespace(); serr != nil {
		t.Fatal(serr)
	}
	if sp.filter.AllowSysVIPC || !sp.filter.AllowUnix || !slices.Equal(sp.Seccomp, build(closed)) {
		t.Errorf("after withoutIPCNamespace: %+v, not the filter without System V IPC", sp.filter)
	}
	if slices.Equal(build(open), build(closed)) {
		t.Error("the two filters are the same program")
	}
	none := &spec{filter: open}
	if serr := none.withoutIPCNamespace(); serr != nil || none.Seccomp != nil {
		t.Errorf("without a filter: %v, %v", serr, none.Seccomp)
	}
}

// TestSysVIPCCounted: under --limit-mem, a filter that leaves System V IPC
// open (prepare took memoryCgroupAvailable's word) is built anew refusing
// it when the run's cgroup did not get memory.max: a runner in a cgroup
// with processes of its own (a desktop terminal's scope) passes the check,
// whose subtree_control is writable, and then fails to hand the memory
// controller down (EBUSY); the segments would escape RLIMIT_AS. With the
// cgroup's memory.max, or without --limit-mem, the filter stays open.
func TestSysVIPCCounted(t *testing.T) {
	if !seccomp.Enabled {
		t.Skip("no seccomp in this build")
	}
	open := seccomp.Config{AllowSysVIPC: true}
	p, err := open.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		mem      uint64
		g        *runCgroup
		wantOpen bool
	}{
		{"--limit-mem, no cgroup", 64 << 20, nil, false},
		{"--limit-mem, a cgroup for pids.max only", 64 << 20, &runCgroup{dir: "x"}, false},
		{"--limit-mem, memory.max", 64 << 20, &runCgroup{dir: "x", mem: true}, true},
		{"no --limit-mem, no cgroup", 0, nil, true},
	} {
		sp := &spec{filter: open, Seccomp: p}
		if serr := sp.sysVIPCCounted(tc.mem, tc.g); serr != nil {
			t.Fatalf("%s: %v", tc.name, serr)
		}
		if sp.filter.AllowSysVIPC != tc.wantOpen || slices.Equal(sp.Seccomp, p) != tc.wantOpen {
			t.Errorf("%s: System V IPC open %v (program unchanged %v), want %v", tc.name, sp.filter.AllowSysVIPC, slices.Equal(sp.Seccomp, p), tc.wantOpen)
		}
	}
}
