package exec

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Limits are resource limits set on the command (setrlimit in the sandbox
// child, before execve; they pass to its descendants). Zero leaves a limit
// as the runner has it. A limit above the runner's own hard limit is
// lowered to it: a sandbox only ever tightens.
type Limits struct {
	Mem    uint64        `json:"mem,omitempty"`    // address space, bytes (RLIMIT_AS): allocations beyond fail; on Linux also the sandbox's memory together, where a cgroup is available (memory.max): the kernel kills at it
	CPU    time.Duration `json:"cpu,omitempty"`    // CPU time (RLIMIT_CPU, whole seconds, rounded up): SIGXCPU, then SIGKILL a second later
	NProc  uint64        `json:"nproc,omitempty"`  // processes and threads of the user (RLIMIT_NPROC): fork fails with EAGAIN; on Linux also the sandbox's together, where a cgroup is available (pids.max)
	FSize  uint64        `json:"fsize,omitempty"`  // largest file written, bytes (RLIMIT_FSIZE): SIGXFSZ, or EFBIG when caught
	NoFile uint64        `json:"nofile,omitempty"` // open descriptors (RLIMIT_NOFILE): open fails with EMFILE
}

// LimitsHit says what the cgroup limits of a run refused (Cmd.LimitsHit).
type LimitsHit struct {
	// Cgroup is the run's cgroup directory, "" when it had none (no limit
	// asked for one, or none was available: Cmd.Warn said why).
	Cgroup string
	// OOMKills counts the processes the kernel killed at memory.max.
	OOMKills uint64
	// ForksRefused counts the forks refused at pids.max (EAGAIN).
	ForksRefused uint64
}

// IsZero reports whether l limits nothing.
func (l Limits) IsZero() bool { return l == Limits{} }

// rlimits lists l as the kernel's limits.
func (l Limits) rlimits() []rlimit {
	var out []rlimit
	add := func(res int, soft, hard uint64) {
		if soft > 0 {
			out = append(out, rlimit{resource: res, soft: soft, hard: hard})
		}
	}
	// At the soft CPU limit the kernel sends SIGXCPU; at the hard one,
	// SIGKILL: a second apart, so that the first says why.
	cpu := uint64(math.Ceil(l.CPU.Seconds()))
	add(rlimitCPU, cpu, cpu+1)
	add(rlimitFSize, l.FSize, l.FSize)
	add(rlimitNProc, l.NProc, l.NProc)
	add(rlimitNoFile, l.NoFile, l.NoFile)
	add(rlimitAS, l.Mem, l.Mem)
	return out
}

// rlimit is one limit for the child (setrlimit's resource and values). The
// child lowers either value to the hard limit it inherited, when lower.
type rlimit struct {
	resource   int
	soft, hard uint64
}

// The RLIMIT_* numbers, the same on every Linux architecture this runs on.
const (
	rlimitCPU    = 0
	rlimitFSize  = 1
	rlimitCore   = 4
	rlimitNProc  = 6
	rlimitNoFile = 7
	rlimitAS     = 9
)

// capabilityNames are the Linux capabilities by number (capability.h).
var capabilityNames = []string{
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_DAC_READ_SEARCH", "CAP_FOWNER", "CAP_FSETID",
	"CAP_KILL", "CAP_SETGID", "CAP_SETUID", "CAP_SETPCAP", "CAP_LINUX_IMMUTABLE",
	"CAP_NET_BIND_SERVICE", "CAP_NET_BROADCAST", "CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_IPC_LOCK",
	"CAP_IPC_OWNER", "CAP_SYS_MODULE", "CAP_SYS_RAWIO", "CAP_SYS_CHROOT", "CAP_SYS_PTRACE",
	"CAP_SYS_PACCT", "CAP_SYS_ADMIN", "CAP_SYS_BOOT", "CAP_SYS_NICE", "CAP_SYS_RESOURCE",
	"CAP_SYS_TIME", "CAP_SYS_TTY_CONFIG", "CAP_MKNOD", "CAP_LEASE", "CAP_AUDIT_WRITE",
	"CAP_AUDIT_CONTROL", "CAP_SETFCAP", "CAP_MAC_OVERRIDE", "CAP_MAC_ADMIN", "CAP_SYSLOG",
	"CAP_WAKE_ALARM", "CAP_BLOCK_SUSPEND", "CAP_AUDIT_READ", "CAP_PERFMON", "CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
}

// ParseCapability reads a capability name, with or without the CAP_
// prefix, in any case ("net_bind_service", "CAP_NET_RAW").
func ParseCapability(s string) (int, error) {
	name := strings.ToUpper(strings.TrimSpace(s))
	if !strings.HasPrefix(name, "CAP_") {
		name = "CAP_" + name
	}
	if i := slices.Index(capabilityNames, name); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("unknown capability %q (want a name from capabilities(7), e.g. CAP_NET_BIND_SERVICE)", s)
}

// capabilityMask turns names into a bit mask (bit N for capability N).
func capabilityMask(names []string) (uint64, error) {
	var m uint64
	for _, n := range names {
		c, err := ParseCapability(n)
		if err != nil {
			return 0, err
		}
		m |= 1 << c
	}
	return m, nil
}
