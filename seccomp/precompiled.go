//go:build linux && cgo

package seccomp

import (
	"fmt"
	"strconv"
	"sync"

	libseccomp "github.com/seccomp/libseccomp-golang"
)

// precompiledProgram is a filter libseccomp compiled ahead of time, by
//
//	go test ./seccomp -run TestPrecompiled -update
//
// on the architecture it is for; the same test, run without -update, fails
// when libseccomp would now compile the configuration differently (a rule
// changed and the programs were not regenerated).
type precompiledProgram struct {
	key string // Config.precompiledKey
	bpf string // struct sock_filter, native endianness
}

// precompiledConfigs are the configurations compiled ahead of time: the
// default deny list with every socket policy the sandbox runner uses, with
// System V IPC open (the namespace layer's IPC namespace) and refused
// (without the layer, or under --limit-mem where the run's cgroup cannot
// count their memory), tracing open (the layer's pid namespace) and
// refused (without it, or with CAP_SYS_PTRACE kept), and RLIMIT_CORE
// locked (a core_pattern that pipes to a program) and not.
func precompiledConfigs() []Config {
	var l []Config
	for _, core := range []bool{false, true} {
		for _, ptrace := range []bool{false, true} {
			for _, ipc := range []bool{false, true} {
				for _, unix := range []bool{false, true} {
					// Netlink route: under network none in the
					// layer's network namespace, which its IPC or
					// pid namespace tells from a run without the
					// layer (both refused there); with TCP ports or
					// the whole network unless CAP_NET_ADMIN is kept.
					c := Config{AllowUnix: unix, AllowSysVIPC: ipc, AllowPtrace: ptrace, LockCoreLimit: core, AllowNetlinkRoute: ipc || ptrace}
					stream, inet := c, c
					stream.AllowInetStream, stream.AllowNetlinkRoute = true, true
					inet.AllowInet, inet.AllowNetlinkRoute = true, true
					l = append(l, c, stream, inet)
				}
			}
		}
	}
	return l
}

// precompiledKey names c among precompiledConfigs, "" when c is not one of
// them (a deny list of its own).
func (c Config) precompiledKey() string {
	if c.DenySyscalls != nil {
		return ""
	}
	return "inet=" + strconv.FormatBool(c.AllowInet) +
		" inetstream=" + strconv.FormatBool(c.AllowInetStream) +
		" unix=" + strconv.FormatBool(c.AllowUnix) +
		" netlinkroute=" + strconv.FormatBool(c.AllowNetlinkRoute) +
		" sysvipc=" + strconv.FormatBool(c.AllowSysVIPC) +
		" lockcore=" + strconv.FormatBool(c.LockCoreLimit) +
		" ptrace=" + strconv.FormatBool(c.AllowPtrace)
}

// linkedLibVersion is the version of the libseccomp this binary uses.
var linkedLibVersion = sync.OnceValue(func() string {
	major, minor, micro := libseccomp.GetLibraryVersion()
	return fmt.Sprintf("%d.%d.%d", major, minor, micro)
})

// precompiledFor returns c's program compiled ahead of time, if there is one
// compiled by the libseccomp this binary uses: another version may know
// other syscalls by name, and so compile another filter.
func precompiledFor(c Config) (Program, bool) {
	k := c.precompiledKey()
	if k == "" || linkedLibVersion() != precompiledLibVersion {
		return nil, false
	}
	for _, p := range precompiled {
		if p.key == k {
			prog, err := decodeProgram([]byte(p.bpf))
			return prog, err == nil
		}
	}
	return nil, false
}
