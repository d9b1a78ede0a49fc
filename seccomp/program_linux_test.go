//go:build linux

package seccomp

import (
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// Classic BPF for hand-written programs.
const (
	ldAbs  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	jeqK   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	retK   = unix.BPF_RET | unix.BPF_K
	nrOff  = 0 // offsetof(struct seccomp_data, nr)
	eperm  = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	allow  = unix.SECCOMP_RET_ALLOW
	badOpc = 0xffff
)

// refuseGetppid is a program as another process would ship it: getppid
// fails with EPERM, everything else is allowed.
var refuseGetppid = Program{
	{Code: ldAbs, K: nrOff},
	{Code: jeqK, JT: 0, JF: 1, K: unix.SYS_GETPPID},
	{Code: retK, K: eperm},
	{Code: retK, K: allow},
}

// TestProgramLoad loads a hand-written program: it needs no libseccomp, so
// it also runs in a build without cgo.
func TestProgramLoad(t *testing.T) {
	t.Parallel()
	checkLoad(t, childSpec{Load: "program", Program: refuseGetppid}, []named{
		{"getppid", op{Do: "syscall", Nr: unix.SYS_GETPPID, Want: "EPERM"}},
		{"getpid", op{Do: "syscall", Nr: unix.SYS_GETPID}},
		{"a filter is installed", op{Do: "filtered", Want: "true"}},
	})
}

// TestProgramLoadRefusesCorrupt: a program that is missing, truncated or
// garbled is an error and installs nothing (ANCHOR 47: the sandbox child
// then fails closed).
func TestProgramLoadRefusesCorrupt(t *testing.T) {
	t.Parallel()
	long := make(Program, MaxInstructions+1)
	for i := range long {
		long[i] = Instruction{Code: retK, K: allow}
	}
	wrap := make(Program, 1<<16) // its length would wrap sock_fprog's uint16 to 0
	copy(wrap, long)
	tests := []struct {
		name    string
		prog    Program
		wantErr string
	}{
		{"nil", nil, "seccomp: empty filter program"},
		{"empty", Program{}, "seccomp: empty filter program"},
		{"too long", long, "more than the kernel's 4096"},
		{"length wraps to zero", wrap, "more than the kernel's 4096"},
		{"truncated: no return at the end", refuseGetppid[:2], "kernel rejected the program"},
		{"jump past the end", Program{{Code: ldAbs, K: nrOff}, {Code: jeqK, JT: 7, K: 1}, {Code: retK, K: allow}}, "kernel rejected the program"},
		{"unknown opcode", Program{{Code: badOpc}, {Code: retK, K: allow}}, "kernel rejected the program"},
		{"load beyond seccomp_data", Program{{Code: ldAbs, K: 4096}, {Code: retK, K: allow}}, "kernel rejected the program"},
		{"misaligned load", Program{{Code: ldAbs, K: 1}, {Code: retK, K: allow}}, "kernel rejected the program"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := runInChild(t, childSpec{Load: "program", Program: tt.prog, Ops: []op{
				{Do: "filtered"},
				{Do: "syscall", Nr: unix.SYS_GETPPID},
			}})
			if !strings.Contains(res.LoadErr, tt.wantErr) {
				t.Errorf("Load() error = %q, want it to contain %q", res.LoadErr, tt.wantErr)
			}
			if res.Got[0] != "false" || res.Got[1] != "" {
				t.Errorf("after a refused Load: filter installed %s, getppid %s; want none and success", res.Got[0], orSuccess(res.Got[1]))
			}
		})
	}
}

func TestDecodeProgram(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		raw     []byte
		want    int
		wantErr string
	}{
		{"one instruction", refuseGetppid[3:].bytes(), 1, ""},
		{"four", refuseGetppid.bytes(), 4, ""},
		{"empty", nil, 0, "empty filter program"},
		{"a partial instruction", refuseGetppid.bytes()[:12], 0, "not a whole number of instructions"},
	} {
		p, err := decodeProgram(tt.raw)
		if got := errName(err); !strings.Contains(got, tt.wantErr) || (tt.wantErr == "") != (err == nil) || (err == nil && len(p) != tt.want) {
			t.Errorf("%s: decodeProgram() = %d instructions, %v; want %d, %q", tt.name, len(p), err, tt.want, tt.wantErr)
		}
	}
	if p, _ := decodeProgram(refuseGetppid.bytes()); p[1] != refuseGetppid[1] {
		t.Errorf("round trip: %+v, want %+v", p[1], refuseGetppid[1])
	}
}
