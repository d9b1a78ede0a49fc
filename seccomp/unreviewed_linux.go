//go:build linux && cgo

package seccomp

// lastReviewedSyscall is the highest system call number whose call has
// been judged against the sandbox's guarantees: file_setattr, 469, Linux
// 6.17's, the last of 6.18 (reviewed call by call from inside the sandbox
// in stop 31: integration's TestFilesAcrossTheRootEdge and its
// neighbours). Since Linux 5.1 a new system call has one number on every
// architecture but alpha and the MIPS ABIs.
const lastReviewedSyscall = 469

// auditArch is the AUDIT_ARCH_ value of the architectures whose numbers
// lastReviewedSyscall counts in, 0 for the others.
func auditArch(goarch string) uint32 {
	switch goarch {
	case "amd64":
		return 0xc000003e // AUDIT_ARCH_X86_64
	case "arm64":
		return 0xc00000b7 // AUDIT_ARCH_AARCH64
	case "riscv64":
		return 0xc00000f3 // AUDIT_ARCH_RISCV64
	}
	return 0
}

// Classic BPF opcodes and seccomp's return values the prefix needs.
const (
	bpfLdWAbs  = 0x20 // BPF_LD | BPF_W | BPF_ABS
	bpfJeqK    = 0x15 // BPF_JMP | BPF_JEQ | BPF_K
	bpfJgtK    = 0x25 // BPF_JMP | BPF_JGT | BPF_K
	bpfJgeK    = 0x35 // BPF_JMP | BPF_JGE | BPF_K
	bpfRetK    = 0x06 // BPF_RET | BPF_K
	retErrno   = 0x00050000
	enosys     = 38
	x32Bit     = 0x40000000 // __X32_SYSCALL_BIT
	offsetNr   = 0          // struct seccomp_data's nr
	offsetArch = 4          // and arch
)

// refuseUnreviewed returns p behind a prefix that answers ENOSYS to a
// system call numbered above last on the native architecture: the deny
// list names calls, and a call a later kernel adds would otherwise pass
// unjudged, as open_tree_attr (Linux 6.15: a mount's clone with its
// read-only flag cleared) passed a deny list of libseccomp 2.5.4's names
// until it was named by number. ENOSYS is what
// the C library and programs take for a kernel too old, and fall back
// from. An x32 call (its bit set) is left to p, which kills it; another
// architecture's call too. p is unchanged on an architecture auditArch
// does not know.
func refuseUnreviewed(p Program, goarch string, last uint32) Program {
	arch := auditArch(goarch)
	if arch == 0 {
		return p
	}
	prefix := Program{
		{Code: bpfLdWAbs, K: offsetArch},
		{Code: bpfJeqK, K: arch, JF: 4}, // another architecture: p
		{Code: bpfLdWAbs, K: offsetNr},
		{Code: bpfJgtK, K: last, JF: 2},   // reviewed: p
		{Code: bpfJgeK, K: x32Bit, JT: 1}, // x32: p
		{Code: bpfRetK, K: retErrno | enosys},
	}
	return append(prefix, p...)
}
