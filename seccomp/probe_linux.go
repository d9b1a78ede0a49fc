//go:build linux

package seccomp

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// kernelStatus asks the kernel, without libseccomp, whether filters with the
// actions Load uses are accepted and whether one is already installed.
func kernelStatus() Status {
	var s Status
	mode, err := unix.PrctlRetInt(unix.PR_GET_SECCOMP, 0, 0, 0, 0)
	switch {
	case err == unix.EINVAL:
		s.Err = fmt.Errorf("seccomp: kernel built without CONFIG_SECCOMP")
		return s
	case err != nil:
		// A filter may refuse prctl itself; /proc says the same.
		mode = statusSeccompMode()
	}
	s.AlreadyFiltered = mode == unix.SECCOMP_MODE_FILTER
	// SECCOMP_GET_ACTION_AVAIL exists since Linux 4.14, as does the
	// KILL_PROCESS action used for foreign architectures.
	for _, action := range []uint32{unix.SECCOMP_RET_ERRNO, unix.SECCOMP_RET_KILL_PROCESS} {
		if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_GET_ACTION_AVAIL, 0, uintptr(unsafe.Pointer(&action))); errno != 0 {
			s.Err = fmt.Errorf("seccomp: kernel lacks filter action %#x (needs Linux 4.14): %w", action, errno)
			return s
		}
	}
	s.Supported = true
	return s
}

// statusSeccompMode reads the "Seccomp:" line of /proc/self/status, -1 if
// absent.
func statusSeccompMode() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Seccomp:"); ok {
			var mode int
			if _, err := fmt.Sscan(v, &mode); err == nil {
				return mode
			}
		}
	}
	return -1
}
