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

// TestWithoutNamespaces: a filter built for the layer's IPC and pid
// namespaces is built anew, refusing System V IPC for a child that did not
// get the IPC namespace and tracing for one that did not get the pid
// namespace, each alone; one built without them stays.
func TestWithoutNamespaces(t *testing.T) {
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
	open := seccomp.Config{AllowUnix: true, AllowSysVIPC: true, AllowPtrace: true}
	for _, tc := range []struct {
		ipc, pid bool
		want     seccomp.Config
	}{
		{true, false, seccomp.Config{AllowUnix: true, AllowPtrace: true}},
		{false, true, seccomp.Config{AllowUnix: true, AllowSysVIPC: true}},
		{true, true, seccomp.Config{AllowUnix: true}},
		{false, false, open},
	} {
		sp := &spec{filter: open, Seccomp: build(open)}
		if serr := sp.withoutNamespaces(tc.ipc, tc.pid, false); serr != nil {
			t.Fatal(serr)
		}
		if sp.filter.AllowSysVIPC != tc.want.AllowSysVIPC || sp.filter.AllowPtrace != tc.want.AllowPtrace || !slices.Equal(sp.Seccomp, build(tc.want)) {
			t.Errorf("without the IPC namespace %v, the pid namespace %v: %+v, want %+v", tc.ipc, tc.pid, sp.filter, tc.want)
		}
	}
	if slices.Equal(build(open), build(seccomp.Config{AllowUnix: true, AllowSysVIPC: true})) {
		t.Error("the filters with and without tracing are the same program")
	}
	none := &spec{filter: open}
	if serr := none.withoutNamespaces(true, true, true); serr != nil || none.Seccomp != nil {
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
