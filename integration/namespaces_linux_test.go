package integration

import (
	"os"
	osexec "os/exec"
	"syscall"
)

// namespacesAvailable says why a mount namespace cannot be had here (then
// runs go without the namespace layer), nil when it can.
func namespacesAvailable() error {
	cmd := osexec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNS}
	if os.Geteuid() != 0 {
		cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWUSER
	}
	return cmd.Run()
}
