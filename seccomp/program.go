package seccomp

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// instructionSize is the size of struct sock_filter.
const instructionSize = 8

// decodeProgram reads struct sock_filter records in native endianness, as
// libseccomp exports them.
func decodeProgram(raw []byte) (Program, error) {
	if len(raw)%instructionSize != 0 {
		return nil, fmt.Errorf("seccomp: a BPF program of %d bytes is not a whole number of instructions", len(raw))
	}
	p := make(Program, len(raw)/instructionSize)
	for i := range p {
		b := raw[i*instructionSize:]
		p[i] = Instruction{
			Code: binary.NativeEndian.Uint16(b),
			JT:   b[2],
			JF:   b[3],
			K:    binary.NativeEndian.Uint32(b[4:]),
		}
	}
	return p, p.check()
}

// bytes returns p as struct sock_filter records in native endianness.
func (p Program) bytes() []byte {
	b := make([]byte, 0, len(p)*instructionSize)
	for _, in := range p {
		b = binary.NativeEndian.AppendUint16(b, in.Code)
		b = append(b, in.JT, in.JF)
		b = binary.NativeEndian.AppendUint32(b, in.K)
	}
	return b
}

// check refuses what the kernel cannot take before asking it: a program
// that is empty (refusing nothing is never what a caller meant) or longer
// than the kernel's limit, which would not even fit sock_fprog's length.
// The kernel verifies the instructions themselves when Load installs it.
func (p Program) check() error {
	switch {
	case len(p) == 0:
		return errors.New("seccomp: empty filter program")
	case len(p) > MaxInstructions:
		return fmt.Errorf("seccomp: filter program of %d instructions, more than the kernel's %d", len(p), MaxInstructions)
	}
	return nil
}
