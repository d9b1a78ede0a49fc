package integration

import (
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
)

// ownTmp says whether a run in b's root with the layer gets a writable /tmp
// of its own: not where the root lies in /tmp (TestOwnTmp). Here, for
// sandbox_test.go, which builds on every system.
func ownTmp(b *box) bool {
	return namespacesAvailable() == nil && !strings.HasPrefix(b.root+"/", "/tmp/")
}

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
