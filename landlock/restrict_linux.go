//go:build linux

package landlock

import (
	"errors"
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// ruleNetPort is LANDLOCK_RULE_NET_PORT (ABI 4), which x/sys/unix lacks.
const ruleNetPort = 2

// rulesetAttr is struct landlock_ruleset_attr up to the scoped field (ABI 6).
// unix.LandlockRulesetAttr carries fields of kernels newer than ours; the
// kernel reads only the size passed, so this prefix is all it sees.
type rulesetAttr struct {
	handledAccessFS  uint64
	handledAccessNet uint64 // ABI 4
	scoped           uint64 // ABI 6
}

// netPortAttr is struct landlock_net_port_attr (packed, 16 bytes).
type netPortAttr struct {
	allowedAccess uint64
	port          uint64
}

// kernelABI is ABI, replaced in tests to apply an older ABI's ruleset.
var kernelABI = ABI

// ABI returns the Landlock ABI version the kernel offers, 0 when Landlock is
// unavailable (not built in, not in the lsm= list, or disabled).
func ABI() int {
	v, _, errno := unix.RawSyscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0 // ENOSYS, EOPNOTSUPP
	}
	return int(v)
}

// Restrict applies c to the calling thread. The caller must have locked its OS
// thread and set no_new_privs; Restrict starts no goroutine. Before ABI 8 the
// domain covers this thread only (and what it forks or execs), so call it on
// the thread that will execve.
//
// In strict mode (bestEffort false) a policy the kernel cannot fully enforce
// is refused with an *UnsupportedError before anything is applied. In
// best-effort mode the part the kernel supports is applied and the rest is
// returned as notEnforced (all of it when Landlock is unavailable).
func (c Config) Restrict(bestEffort bool) (notEnforced []string, err error) {
	rs, notEnforced, err := c.Build(bestEffort)
	if err != nil || rs == nil {
		return notEnforced, err
	}
	defer rs.Close()
	if err := restrictSelf(int(rs.Fd())); err != nil {
		return nil, err
	}
	return notEnforced, nil
}

// Build creates c's ruleset for this kernel without applying it: another
// process (the sandbox child) applies it with landlock_restrict_self on the
// descriptor. The ruleset is nil when the kernel has no Landlock; strict and
// best-effort mode and notEnforced are as for Restrict. Paths are opened
// here, with the caller's view of the filesystem.
func (c Config) Build(bestEffort bool) (ruleset *os.File, notEnforced []string, err error) {
	abi := kernelABI()
	missing := c.Unsupported(abi)
	if len(missing) > 0 && !bestEffort {
		return nil, nil, &UnsupportedError{ABI: abi, Missing: missing}
	}
	if abi < 1 {
		// Nothing to apply, but a required path that does not exist is an
		// error on every kernel.
		if err := c.checkPaths(); err != nil {
			return nil, nil, err
		}
		return nil, missing, nil
	}
	fd, err := c.buildRuleset(abi)
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fd), "landlock-ruleset"), missing, nil
}

// restrictSelf applies the ruleset fd to the calling thread (and what it
// forks or execs). Flags 0: ABI 7's logging defaults (denials audited for
// the restricting program, not after its execve) and, before ABI 8's TSYNC,
// this thread only.
func restrictSelf(fd int) error {
	if _, _, errno := unix.RawSyscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(fd), 0, 0); errno != 0 {
		if errno == unix.EPERM {
			return fmt.Errorf("landlock_restrict_self: %w (no_new_privs must be set first)", errno)
		}
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return nil
}

// buildRuleset creates a ruleset handling every right of abi that this package
// knows, adds c's rules and returns its file descriptor (close-on-exec). It
// does not restrict anything.
func (c Config) buildRuleset(abi int) (fd int, err error) {
	f := features(abi)
	attr := rulesetAttr{handledAccessFS: uint64(f.fs)}
	size := unsafe.Sizeof(attr.handledAccessFS)
	if f.net != 0 {
		size = unsafe.Offsetof(attr.scoped)
		if c.HandleNet {
			attr.handledAccessNet = f.net
		}
	}
	if f.scoped != 0 {
		size = unsafe.Sizeof(attr)
		if c.ScopeSignals {
			attr.scoped |= scopeSignal
		}
		if c.ScopeAbstractUnix {
			attr.scoped |= scopeAbstractUnix
		}
	}
	r, _, errno := unix.RawSyscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return -1, fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	fd = int(r)
	defer func() {
		if err != nil {
			unix.Close(fd)
			fd = -1
		}
	}()

	for _, rule := range c.Paths {
		if err := addPathRule(fd, rule, f.fs); err != nil {
			return -1, err
		}
	}
	if attr.handledAccessNet != 0 {
		for _, p := range c.BindPorts {
			if err := addPortRule(fd, p, netBindTCP, "bind"); err != nil {
				return -1, err
			}
		}
		for _, p := range c.ConnectPorts {
			if err := addPortRule(fd, p, netConnectTCP, "connect"); err != nil {
				return -1, err
			}
		}
	}
	return fd, nil
}

// addPathRule grants rule.Access ∩ handled beneath rule.Path. The path is
// opened once, following symlinks unless the rule is Exact, and the rule
// kind is chosen on that very file, so a path swapped between the check
// and the rule cannot widen it. An Exact rule's file must be the one
// planned: a link or another file there is a *ChangedError (wrapped).
func addPathRule(rulesetFD int, rule PathRule, handled AccessFS) error {
	if err := checkPath(rule.Path); err != nil {
		return err
	}
	pfd, err := openRule(rule)
	if err != nil {
		if rule.Optional && (err == unix.ENOENT || rule.Exact == nil && isMissing(err)) {
			return nil // removed since the plan: nothing to grant
		}
		if rule.Exact != nil && err == unix.ELOOP {
			return fmt.Errorf("landlock: %w", &ChangedError{Path: rule.Path, Now: "reached through a symbolic link"})
		}
		if rule.Exact != nil && err == unix.ENOTDIR {
			return fmt.Errorf("landlock: %w", &ChangedError{Path: rule.Path, Now: "below a file that is no longer a directory"})
		}
		return fmt.Errorf("landlock: open %s: %w", rule.Path, err)
	}
	defer unix.Close(pfd)
	var st unix.Stat_t
	if err := unix.Fstat(pfd, &st); err != nil {
		return fmt.Errorf("landlock: fstat %s: %w", rule.Path, err)
	}
	if x := rule.Exact; x != nil {
		switch {
		case st.Mode&unix.S_IFMT == unix.S_IFLNK:
			return fmt.Errorf("landlock: %w", &ChangedError{Path: rule.Path, Now: "a symbolic link"})
		case uint64(st.Dev) != x.Dev || uint64(st.Ino) != x.Ino:
			return fmt.Errorf("landlock: %w", &ChangedError{Path: rule.Path, Now: "another file"})
		}
	}
	access := rule.Access & handled
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		// The kernel refuses directory-only rights on a file (EINVAL).
		access &= fileRights
	}
	if access == 0 {
		return nil // nothing to grant; the kernel would refuse an empty rule (ENOMSG)
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: uint64(access), Parent_fd: int32(pfd)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rulesetFD),
		unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_add_rule %s (%s): %w", rule.Path, access, errno)
	}
	return nil
}

// openRule opens rule.Path as an O_PATH descriptor, an Exact rule's not
// following a link at its end (the link is opened itself, for the caller
// to refuse). A link on an Exact rule's way is followed: the file reached
// must be the planned one anyway, and Landlock grants that file, not a
// name.
func openRule(rule PathRule) (int, error) {
	flags := unix.O_PATH | unix.O_CLOEXEC
	if rule.Exact != nil {
		flags |= unix.O_NOFOLLOW
	}
	return unix.Open(rule.Path, flags, 0)
}

func addPortRule(rulesetFD int, port uint16, access uint64, what string) error {
	attr := netPortAttr{allowedAccess: access, port: uint64(port)}
	if _, _, errno := unix.RawSyscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rulesetFD),
		ruleNetPort, uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_add_rule tcp %s port %d: %w", what, port, errno)
	}
	return nil
}

// checkPaths reports the first required path that is missing, for kernels
// where no ruleset is built.
func (c Config) checkPaths() error {
	for _, rule := range c.Paths {
		if err := checkPath(rule.Path); err != nil {
			return err
		}
		var st unix.Stat_t
		if err := unix.Stat(rule.Path, &st); err != nil && !(rule.Optional && isMissing(err)) {
			return fmt.Errorf("landlock: stat %s: %w", rule.Path, err)
		}
	}
	return nil
}

// checkPath refuses relative paths: they would depend on the working
// directory at the moment of restriction.
func checkPath(p string) error {
	if len(p) == 0 || p[0] != '/' {
		return fmt.Errorf("landlock: path %q is not absolute", p)
	}
	return nil
}

func isMissing(err error) bool {
	return errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR)
}
