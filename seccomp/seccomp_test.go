package seccomp

import (
	"slices"
	"testing"
)

// TestDefaultDeniedCoversDesign pins the names DESIGN §4 refuses.
func TestDefaultDeniedCoversDesign(t *testing.T) {
	t.Parallel()
	design := []string{
		"ptrace", "process_vm_readv", "process_vm_writev",
		"mount", "umount2", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
		"pivot_root", "chroot", "unshare", "setns",
		"kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
		"bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
		"io_uring_setup", "io_uring_enter", "io_uring_register",
		"acct", "swapon", "swapoff", "reboot", "syslog", "iopl", "ioperm", "open_by_handle_at",
		"settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
	}
	// Beyond §4's list: the kernel's attack surface no build needs
	// (x86's CPU emulation: vm86, the caller's own LDT).
	design = append(design, "vm86", "vm86old", "modify_ldt")
	for _, name := range design {
		if !slices.Contains(defaultDenied, name) {
			t.Errorf("defaultDenied lacks %s", name)
		}
	}
	for i, name := range defaultDenied {
		if slices.Contains(defaultDenied[:i], name) {
			t.Errorf("defaultDenied lists %s twice", name)
		}
	}
	// Refusing these would break ordinary programs; the fixed rules cover
	// their dangerous uses.
	for _, name := range []string{"clone", "clone3", "ioctl", "socket", "socketpair", "execve", "personality", "seccomp", "landlock_restrict_self"} {
		if slices.Contains(defaultDenied, name) {
			t.Errorf("defaultDenied refuses %s outright", name)
		}
	}
}

// TestDefaultDeniedCoversReach pins the calls on other processes and on
// System V IPC objects that are refused outright (see the package comment);
// the rest of the family is refused by argument.
func TestDefaultDeniedCoversReach(t *testing.T) {
	t.Parallel()
	for _, name := range []string{
		"kcmp", "process_mrelease",
		"shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl",
		"semget", "semop", "semtimedop", "semtimedop_time64", "semctl", "ipc",
	} {
		if !slices.Contains(defaultDenied, name) {
			t.Errorf("defaultDenied lacks %s", name)
		}
	}
	// What AllowSysVIPC leaves open is System V IPC, all of it, and
	// nothing else: POSIX message queues stay refused.
	for _, name := range sysvIPC {
		if !slices.Contains(defaultDenied, name) {
			t.Errorf("defaultDenied lacks %s", name)
		}
	}
	open := Config{AllowSysVIPC: true, DenySyscalls: defaultDenied}.Denied()
	if len(open) != len(defaultDenied)-len(sysvIPC) {
		t.Errorf("AllowSysVIPC refuses %d calls, want %d", len(open), len(defaultDenied)-len(sysvIPC))
	}
	for _, name := range []string{"mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr", "keyctl", "ptrace"} {
		if !slices.Contains(open, name) {
			t.Errorf("AllowSysVIPC opens %s", name)
		}
	}
	// What AllowPtrace leaves open is what ptrace_may_access checks, which
	// Landlock confines: not process_madvise nor process_mrelease, nor
	// System V IPC.
	traced := Config{AllowPtrace: true, DenySyscalls: defaultDenied}.Denied()
	for _, name := range []string{"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp"} {
		if slices.Contains(traced, name) || !slices.Contains(defaultDenied, name) {
			t.Errorf("AllowPtrace: %s refused %v, by default %v", name, slices.Contains(traced, name), slices.Contains(defaultDenied, name))
		}
	}
	if len(traced) != len(defaultDenied)-len(ptraceCalls) || !slices.Contains(traced, "process_madvise") || !slices.Contains(traced, "process_mrelease") || !slices.Contains(traced, "shmget") {
		t.Errorf("AllowPtrace refuses %v", traced)
	}
	// Refused only on another process; refusing them outright would break
	// nice, taskset, chrt, ionice and ulimit.
	for _, name := range []string{"setpriority", "sched_setaffinity", "sched_setscheduler", "sched_setparam", "sched_setattr", "ioprio_set", "prlimit64", "move_pages", "migrate_pages", "pidfd_open"} {
		if slices.Contains(defaultDenied, name) {
			t.Errorf("defaultDenied refuses %s outright", name)
		}
	}
}
