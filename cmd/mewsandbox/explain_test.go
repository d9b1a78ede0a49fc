package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/seccomp"
	"golang.org/x/sys/unix"
)

// TestSocketsLine: explain says a run under network none, with unix sockets
// or without, gets a network namespace of its own under the layer, and no
// other run does.
func TestSocketsLine(t *testing.T) {
	const own = "a network namespace of its own"
	for _, tt := range []struct {
		name string
		pol  exec.Policy
		want bool
	}{
		{"unix sockets alone", exec.Policy{Network: exec.Network{UnixSockets: true}}, true},
		{"unix sockets without the layer", exec.Policy{Network: exec.Network{UnixSockets: true}, NoNamespaces: true}, false},
		{"unix sockets and a TCP port", exec.Policy{Network: exec.Network{UnixSockets: true, Connect: []uint16{443}}}, false},
		{"unix sockets and all the network", exec.Policy{Network: exec.Network{UnixSockets: true, Mode: exec.NetworkAll}}, false},
		{"no network", exec.Policy{}, true},
		{"no network without the layer", exec.Policy{NoNamespaces: true}, false},
	} {
		e := exec.Enforcement{Seccomp: seccomp.Config{AllowUnix: tt.pol.Network.UnixSockets}}
		if got := strings.Contains(socketsLine(e, tt.pol.OwnNetwork(), given), own); got != tt.want {
			t.Errorf("%s: the sockets line says %q; want the namespace said: %v", tt.name, socketsLine(e, tt.pol.OwnNetwork(), given), tt.want)
		}
	}
	// Where the kernel refuses it, the line says so and what is lost, in
	// the words of the refusal; without the layer, as before.
	e := exec.Enforcement{Seccomp: seccomp.Config{AllowUnix: true}}
	refused := func() (string, error) { return "", errors.New("the kernel refused a network namespace: lost") }
	if l := socketsLine(e, true, refused); strings.Contains(l, own) || !strings.Contains(l, "no network namespace of its own: the kernel refused a network namespace: lost") {
		t.Errorf("refused: the sockets line says %q", l)
	}
	noLayer := func() (string, error) { return "", exec.ErrNoNamespaceLayer }
	if l := socketsLine(e, true, noLayer); !strings.Contains(l, "with the namespace layer a network namespace of its own") {
		t.Errorf("no layer: the sockets line says %q", l)
	}
	// Netlink route is named where the filter opens it.
	e = exec.Enforcement{Seccomp: seccomp.Config{AllowInet: true, AllowNetlinkRoute: true}}
	if l := socketsLine(e, false, given); !strings.Contains(l, "inet (all types), netlink (NETLINK_ROUTE only") {
		t.Errorf("netlink route: the sockets line says %q", l)
	}
	e = exec.Enforcement{Seccomp: seccomp.Config{AllowInet: true}}
	if l := socketsLine(e, false, given); strings.Contains(l, "netlink") {
		t.Errorf("no netlink: the sockets line says %q", l)
	}
}

// given is exec.NetworkNamespace where the kernel gives one.
func given() (string, error) { return "one of its own", nil }

// TestSysVIPCLine: explain says what a run does with System V IPC: allowed
// in the layer's IPC namespace without --limit-mem; under it refused where
// no cgroup of the run's can get memory.max (and listed as refused),
// allowed where the runner's cgroup hands the memory controller down, and
// refused unless the run's cgroup gets memory.max where only the run's try
// can tell; nothing to say where the filter refuses them whatever.
func TestSysVIPCLine(t *testing.T) {
	noCgroup := func() (bool, error) { return false, errors.New("no memory controller here") }
	handed := func() (bool, error) { return true, nil }
	untold := func() (bool, error) { return false, nil }
	mem := exec.Policy{Limits: exec.Limits{Mem: 64 << 20}}
	for _, tt := range []struct {
		name      string
		pol       exec.Policy
		layer     bool
		memoryMax func() (bool, error)
		prefix    string
		refused   bool // shmget among the refused syscalls
	}{
		{"no limit", exec.Policy{}, true, noCgroup, "System V IPC (shm*, msg*, sem*) allowed:", false},
		{"--limit-mem without memory.max", mem, true, noCgroup, "System V IPC (shm*, msg*, sem*) refused: under --limit-mem", true},
		{"--limit-mem, memory handed down", mem, true, handed, "System V IPC (shm*, msg*, sem*) allowed:", false},
		{"--limit-mem, only the run can tell", mem, true, untold, "System V IPC (shm*, msg*, sem*) refused unless the run's cgroup gets memory.max", false},
		{"no layer", mem, false, noCgroup, "", true},
	} {
		e := exec.Enforcement{Seccomp: seccomp.Config{AllowSysVIPC: tt.layer}}
		e.Seccomp.DenySyscalls = e.Seccomp.Denied()
		l := sysVIPCLine(tt.pol, &e, tt.memoryMax)
		if tt.prefix == "" && l != "" || !strings.HasPrefix(l, tt.prefix) {
			t.Errorf("%s: %q; want it to begin %q", tt.name, l, tt.prefix)
		}
		if got := slices.Contains(e.Seccomp.DenySyscalls, "shmget"); got != tt.refused {
			t.Errorf("%s: shmget among the refused syscalls: %v, want %v", tt.name, got, tt.refused)
		}
	}
}

// TestPtraceLine: explain says tracing is allowed where the plan's filter
// leaves it open (the layer, no CAP_SYS_PTRACE kept), and nothing where
// the refused syscalls list it.
func TestPtraceLine(t *testing.T) {
	for _, open := range []bool{true, false} {
		e := exec.Enforcement{Seccomp: seccomp.Config{AllowPtrace: open}}
		e.Seccomp.DenySyscalls = e.Seccomp.Denied()
		l := ptraceLine(e)
		if open != strings.HasPrefix(l, "tracing of the command's own processes") || open == (l == "") {
			t.Errorf("AllowPtrace %v: %q", open, l)
		}
		if slices.Contains(e.Seccomp.DenySyscalls, "ptrace") == open {
			t.Errorf("AllowPtrace %v: refused %v", open, e.Seccomp.DenySyscalls)
		}
	}
}

// TestLimitsLineHardLimit: a limit above the hard limit the runner has is
// said to be that one (the child can only lower what it inherits); one
// below it is shown as asked.
func TestLimitsLineHardLimit(t *testing.T) {
	var r unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &r); err != nil || r.Max == unix.RLIM_INFINITY {
		t.Skip("no finite hard limit of open files here")
	}
	above := limitsLine(exec.Limits{NoFile: uint64(r.Max) + 1})
	if !strings.Contains(above, fmt.Sprintf("hard limit, %d,", r.Max)) {
		t.Errorf("nofile %d above the hard limit %d: %q", uint64(r.Max)+1, r.Max, above)
	}
	if below := limitsLine(exec.Limits{NoFile: 64}); below != "nofile 64" {
		t.Errorf("nofile 64: %q", below)
	}
}
