//go:build linux && cgo

package seccomp

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestRefuseUnreviewed: a system call numbered above the last reviewed one
// gets ENOSYS, whatever the deny list says, while the calls below it keep
// their answers. Shown with the limit lowered to 467, so that a call this
// kernel has (file_getattr, 468, Linux 6.17) stands for one a later kernel
// adds: without the prefix it reaches the kernel, with it ENOSYS.
func TestRefuseUnreviewed(t *testing.T) {
	t.Parallel()
	if auditArch(runtime.GOARCH) == 0 {
		t.Skipf("no prefix on %s", runtime.GOARCH)
	}
	const fileGetattr = 468
	badFd := [6]uint64{1 << 30, 0, 0, 0, 0, 0} // file_getattr(bad fd, NULL, …)
	base := runInChild(t, childSpec{Load: "none", Ops: []op{{Do: "syscall", Nr: fileGetattr, Args: badFd}}})
	if base.LoadErr != "" || len(base.Got) != 1 {
		t.Fatalf("unfiltered child: %+v", base)
	}
	if base.Got[0] == "ENOSYS" {
		t.Skipf("this kernel has no file_getattr (%s): nothing above the lowered limit to stand for a newer call", base.Got[0])
	}
	p, err := Config{}.compile()
	if err != nil {
		t.Fatal(err)
	}
	checkLoad(t, childSpec{Load: "program", Program: refuseUnreviewed(p, runtime.GOARCH, fileGetattr-1)}, []named{
		{"file_getattr above the limit", op{Do: "syscall", Nr: fileGetattr, Args: badFd, Want: "ENOSYS"}},
		{"getpid below it", op{Do: "syscall", Nr: unix.SYS_GETPID, Want: ""}},
		{"open_tree_attr below it, refused by the deny list", op{Do: "syscall", Nr: 467, Args: [6]uint64{1 << 30}, Want: "EPERM"}},
	})
	// At the reviewed limit, file_getattr reaches the kernel as unfiltered.
	checkOps(t, Config{}, []named{
		{"file_getattr at the reviewed limit", op{Do: "syscall", Nr: fileGetattr, Args: badFd, Want: base.Got[0]}},
		{"a number past the reviewed limit", op{Do: "syscall", Nr: lastReviewedSyscall + 1, Want: "ENOSYS"}},
		// Below the limit but past libseccomp 2.5.4's names: refused by
		// its number, as writing /proc/self/attr is by Landlock.
		{"lsm_set_self_attr", op{Do: "syscall", Nr: 460, Args: [6]uint64{1, 0, 0, 0}, Want: "EPERM"}},
	})
}
