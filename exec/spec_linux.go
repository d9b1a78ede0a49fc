//go:build linux

package exec

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// spec is what the parent hands the sandbox child (child_linux.c) on fd 3.
type spec struct {
	Path       string
	Args       []string
	Env        []string
	BestEffort bool
	// Ruleset is the Landlock ruleset the parent built; it travels with the
	// spec as a descriptor (SCM_RIGHTS), the spec only says it is there.
	// Nil: none (best effort on a kernel without Landlock).
	Ruleset *os.File
	Seccomp seccomp.Program // nil: not loaded (best effort without seccomp)
	// ResetSignals has bit N-1 set for each signal N the child resets to
	// its default disposition before execve: those the parent relays,
	// whatever the child inherited (see supervise).
	ResetSignals uint64
	// KeepCaps has bit N set for each capability N the command keeps;
	// the child drops every other one from all its sets.
	KeepCaps uint64
	Limits   []rlimit
	// Pass are the descriptors the command is handed: From is where the
	// runner placed one in the child (5 and up), To the number the command
	// gets it at.
	Pass []fdMove
	// Mounts are the namespace layer's steps (see namespace_linux.go),
	// none when the child is not in a mount namespace of its own.
	Mounts []mountStep
	// PidNS says the child is pid 1 of a pid namespace of its own: it forks
	// the command and stays as its init, passing on the signals in Forward
	// (bit N-1 for signal N).
	PidNS   bool
	Forward uint64
	// TmpAccess is the Landlock rights the child grants beneath the
	// private temporary directory a mountPrivateTmp step makes, and
	// TmpSize its size in bytes, and the mountShm step's (0: the kernel's
	// default, half the memory).
	TmpAccess uint64
	TmpSize   uint64
	// ShmAccess and PtsAccess are the Landlock rights the child grants
	// beneath the file systems of its own the mountShm and mountPts steps
	// mount (what the Landlock plan grants the host's there: devAccess).
	ShmAccess uint64
	PtsAccess uint64
	// NetNS says the child, under the layer, unshares a network namespace
	// of its own before it restricts itself (see OwnNetwork).
	NetNS bool

	// filter is the configuration Seccomp was built from, not sent: one
	// that leaves System V IPC open is built anew without it when the
	// child did not get its IPC namespace.
	filter seccomp.Config

	// layer is the namespace layer planned for the run, not sent: its
	// steps become Mounts once the child is known to be in its namespaces.
	layer *nsLayer
	// unlayered is the snapshot of what the layer would protect, for a
	// run without it (planUnlayered), not sent; nil with the layer.
	unlayered *snapshot
	// execRules are the Landlock plan's rules, not sent: they explain an
	// execve Landlock refused (spawning.explain).
	execRules []landlock.PathRule
}

// fdMove is a descriptor handed to the command (see spec.Pass).
type fdMove struct{ From, To int }

// The spec travels as a header, specMagic and the body's length (uint32,
// little-endian), then the body: every field in the order of spec, strings
// and lists as a uint32 length (count) and their bytes (items), booleans as
// one byte 0 or 1, the filter as a presence flag, a count and 8 bytes per
// instruction (code uint16, jt, jf, k uint32), the limits as a count and
// (resource uint32, soft, hard uint64) triples, the passed descriptors as a count
// and (from, to uint32) pairs, the mount steps as a count and (op uint32,
// path string) pairs, a mountWritableHost step followed by its mount's
// identity (major, minor uint32, inode uint64), then PidNS and Forward, the
// access and sizes that follow them, and NetNS. Strings are copied as they
// are (arguments, environment and paths need not be UTF-8) but may not hold
// NUL, which execve cannot take. The encoding is private to one binary
// talking to itself, so it has no versioning beyond the magic. Keep
// child_linux.h and child_linux.c in step.
const (
	specMagic  = "mews"
	headerSize = len(specMagic) + 4
	// maxSpecSize bounds what the child reads and maps: execve takes at
	// most 6 MiB of arguments and environment.
	maxSpecSize = 64 << 20
)

// marshal encodes s, header included.
func (s *spec) marshal() ([]byte, error) {
	var e encoder
	e.b = make([]byte, headerSize, 4<<10)
	copy(e.b, specMagic)
	e.str(s.Path)
	e.strs(s.Args)
	e.strs(s.Env)
	e.bool(s.BestEffort)
	e.bool(s.Ruleset != nil)
	e.bool(s.Seccomp != nil)
	e.count(len(s.Seccomp))
	for _, in := range s.Seccomp {
		e.b = binary.LittleEndian.AppendUint16(e.b, in.Code)
		e.b = append(e.b, in.JT, in.JF)
		e.b = binary.LittleEndian.AppendUint32(e.b, in.K)
	}
	e.b = binary.LittleEndian.AppendUint64(e.b, s.ResetSignals)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.KeepCaps)
	e.count(len(s.Limits))
	for _, l := range s.Limits {
		e.b = binary.LittleEndian.AppendUint32(e.b, uint32(l.resource))
		e.b = binary.LittleEndian.AppendUint64(e.b, l.soft)
		e.b = binary.LittleEndian.AppendUint64(e.b, l.hard)
	}
	e.count(len(s.Pass))
	for _, m := range s.Pass {
		e.b = binary.LittleEndian.AppendUint32(e.b, uint32(m.From))
		e.b = binary.LittleEndian.AppendUint32(e.b, uint32(m.To))
	}
	e.count(len(s.Mounts))
	for _, m := range s.Mounts {
		e.b = binary.LittleEndian.AppendUint32(e.b, m.Op)
		e.str(m.Path)
		if m.Op == mountWritableHost {
			e.b = binary.LittleEndian.AppendUint32(e.b, m.Mount.Major)
			e.b = binary.LittleEndian.AppendUint32(e.b, m.Mount.Minor)
			e.b = binary.LittleEndian.AppendUint64(e.b, m.Mount.Ino)
		}
	}
	e.bool(s.PidNS)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.Forward)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.TmpAccess)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.TmpSize)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.ShmAccess)
	e.b = binary.LittleEndian.AppendUint64(e.b, s.PtsAccess)
	e.bool(s.NetNS)
	if e.err != nil {
		return nil, e.err
	}
	if len(e.b) > maxSpecSize {
		return nil, fmt.Errorf("the command line and environment take %d bytes, more than %d", len(e.b), maxSpecSize)
	}
	binary.LittleEndian.PutUint32(e.b[len(specMagic):], uint32(len(e.b)-headerSize))
	return e.b, nil
}

type encoder struct {
	b   []byte
	err error
}

func (e *encoder) count(n int) {
	if n > math.MaxUint32 {
		e.err = fmt.Errorf("%d items or bytes do not fit the spec", n)
		n = 0
	}
	e.b = binary.LittleEndian.AppendUint32(e.b, uint32(n))
}

func (e *encoder) str(s string) {
	if strings.IndexByte(s, 0) >= 0 && e.err == nil {
		e.err = fmt.Errorf("%q holds a NUL byte, which execve cannot take", s)
	}
	e.count(len(s))
	e.b = append(e.b, s...)
}

func (e *encoder) strs(l []string) {
	e.count(len(l))
	for _, s := range l {
		e.str(s)
	}
}

func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}
