package landlock

import (
	"fmt"
	"strings"
)

// PathRule grants Access beneath Path (or on Path alone when it is not a
// directory).
type PathRule struct {
	Path     string
	Access   AccessFS
	Optional bool // a missing path is skipped instead of an error
	// Exact, when set, is the file the rule is for: a symbolic link at
	// Path, or any file but this one, fails the build with a
	// *ChangedError instead of being granted. For a path in a tree that a
	// (sandboxed) process may change between the plan and the rule: it
	// could swap the entry for a link out of every grant.
	Exact *FileID `json:",omitempty"`
}

// FileID names a file: its device and inode numbers, as stat gives them.
type FileID struct {
	Dev uint64
	Ino uint64
}

// ChangedError is a rule's path that no longer names the file planned
// (PathRule.Exact): another process renamed or replaced it meanwhile.
// Nothing was granted there; building again from a new plan may succeed.
type ChangedError struct {
	Path string
	Now  string // what stands there now: "a symbolic link", "another file"…
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("%s changed while the run was being prepared (it is now %s): another process is renaming files there, and nothing is granted that was not planned", e.Path, e.Now)
}

// Config is a Landlock policy. Everything it does not grant is denied: the
// ruleset handles every right the kernel knows.
type Config struct {
	Paths []PathRule

	// HandleNet restricts TCP bind and connect (ABI 4) to the ports below;
	// without it Landlock leaves the network alone. UDP and other protocols
	// are never mediated by Landlock: seccomp guards socket().
	HandleNet    bool
	ConnectPorts []uint16
	BindPorts    []uint16

	ScopeSignals      bool // ABI 6: no signals to processes outside the domain
	ScopeAbstractUnix bool // ABI 6: no connect to abstract unix sockets outside the domain
}

// Unsupported lists, in words a user understands, what the given ABI cannot
// enforce of c. It is empty when everything is enforceable.
//
// A right that only makes an older kernel stricter is not listed: ABI 1 lacks
// refer but always denies renaming and linking across directories.
func (c Config) Unsupported(abi int) []string {
	have := "kernel has no Landlock"
	if abi > 0 {
		have = fmt.Sprintf("kernel has %d", abi)
	}
	var out []string
	if abi < 1 {
		out = append(out, "filesystem restriction needs Landlock ABI 1, "+have)
	} else {
		if abi < 3 {
			// Before ABI 3 truncate(2) and open(O_TRUNC) are unchecked, so
			// even files granted read-only can be emptied.
			out = append(out, "restricting file truncation (truncate, O_TRUNC) needs Landlock ABI 3, "+have)
		}
		if abi < 5 {
			if devs := c.devicesWithoutIoctl(); len(devs) > 0 {
				out = append(out, fmt.Sprintf("restricting ioctl on device files (%s) needs Landlock ABI 5, %s",
					strings.Join(devs, ", "), have))
			}
		}
	}
	if c.HandleNet && abi < 4 {
		out = append(out, "TCP connect/bind restriction needs Landlock ABI 4, "+have)
	}
	if c.ScopeSignals && abi < 6 {
		out = append(out, "blocking signals to processes outside the sandbox needs Landlock ABI 6, "+have)
	}
	if c.ScopeAbstractUnix && abi < 6 {
		out = append(out, "blocking connections to abstract unix sockets outside the sandbox needs Landlock ABI 6, "+have)
	}
	return out
}

// devicesWithoutIoctl returns the paths under /dev that c opens for reading or
// writing without granting ioctl. Device nodes live under /dev (a sandboxed
// command can never create one), and IoctlDev only concerns device nodes, so
// this is where an ABI before 5 loses something the policy asked for.
func (c Config) devicesWithoutIoctl() []string {
	var out []string
	for _, r := range c.Paths {
		if r.Access&(ReadFile|WriteFile) == 0 || r.Access&IoctlDev != 0 {
			continue
		}
		if r.Path == "/dev" || strings.HasPrefix(r.Path, "/dev/") {
			out = append(out, r.Path)
		}
	}
	return out
}

// UnsupportedError is returned by Restrict in strict mode when the kernel
// cannot enforce all of the policy; nothing has been applied.
type UnsupportedError struct {
	ABI     int      // the kernel's Landlock ABI, 0 when unavailable
	Missing []string // as returned by Config.Unsupported
}

func (e *UnsupportedError) Error() string {
	return "landlock: the kernel cannot enforce the policy: " + strings.Join(e.Missing, "; ") +
		" (upgrade the kernel, or run in best-effort mode to accept this)"
}
