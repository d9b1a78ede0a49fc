//go:build linux && cgo

package seccomp

import (
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCov75UnknownDeniedNameRefused: a name in the deny list that no
// architecture knows (a typo, a syscall renamed) fails the build, where
// skipping it would load a filter that lets the call through; the list
// without it builds and refuses what it names, and a name of other
// architectures only is skipped, its neighbours still refused.
func TestCov75UnknownDeniedNameRefused(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"getppid_typo", "GETPPID", ""} {
		cfg := Config{DenySyscalls: []string{"getppid", name}}
		if _, err := cfg.Build(); err == nil || !strings.Contains(err.Error(), "unknown syscall") {
			t.Errorf("deny list with %q: Build = %v, want an unknown syscall error", name, err)
			continue // Load would filter this test process
		}
		if err := cfg.Load(); err == nil || !strings.Contains(err.Error(), "unknown syscall") {
			t.Errorf("deny list with %q: Load = %v, want the build's error (and nothing loaded)", name, err)
		}
	}
	// socketcall is i386's and s390's alone: nothing to deny natively.
	checkOps(t, Config{DenySyscalls: []string{"getppid", "socketcall"}}, []named{
		{"getppid, denied by its name", op{Do: "syscall", Nr: unix.SYS_GETPPID, Want: "EPERM"}},
		{"getpid, its neighbour", op{Do: "syscall", Nr: unix.SYS_GETPID}},
	})
}
