//go:build linux

package exec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// spec is what the parent hands the child on fd 3.
type spec struct {
	Path       string
	Args       []string
	Env        []string
	Landlock   landlock.Config
	Seccomp    seccomp.Program // nil: not loaded (best effort without seccomp)
	BestEffort bool
	// ResetSignals has bit N-1 set for each signal N the child resets to
	// its default disposition before execve: those the parent relays,
	// whatever the child inherited (see supervise).
	ResetSignals uint64
}

// The spec travels as a header, specMagic and the body's length (uint32,
// little-endian), then the body: every field in the order of spec, strings
// and lists as a uint32 length (count) and their bytes (items). The bytes of
// strings are copied as they are: arguments, environment and paths need not
// be UTF-8. The encoding is private to one binary talking to itself, so it
// has no versioning beyond the magic.
const (
	specMagic  = "mews"
	headerSize = len(specMagic) + 4
	// maxSpecSize bounds what the child reads and allocates: execve takes at
	// most 6 MiB of arguments and environment, and Landlock rules are paths.
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
	ll := &s.Landlock
	e.count(len(ll.Paths))
	for _, r := range ll.Paths {
		e.str(r.Path)
		e.b = binary.LittleEndian.AppendUint64(e.b, uint64(r.Access))
		e.bool(r.Optional)
	}
	e.bool(ll.HandleNet)
	e.ports(ll.ConnectPorts)
	e.ports(ll.BindPorts)
	e.bool(ll.ScopeSignals)
	e.bool(ll.ScopeAbstractUnix)
	e.bool(s.Seccomp != nil)
	e.count(len(s.Seccomp))
	for _, in := range s.Seccomp {
		e.b = binary.LittleEndian.AppendUint16(e.b, in.Code)
		e.b = append(e.b, in.JT, in.JF)
		e.b = binary.LittleEndian.AppendUint32(e.b, in.K)
	}
	e.b = binary.LittleEndian.AppendUint64(e.b, s.ResetSignals)
	if e.err != nil {
		return nil, e.err
	}
	if len(e.b) > maxSpecSize {
		return nil, fmt.Errorf("the command line, environment and rules take %d bytes, more than %d", len(e.b), maxSpecSize)
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
	e.count(len(s))
	e.b = append(e.b, s...)
}

func (e *encoder) strs(l []string) {
	e.count(len(l))
	for _, s := range l {
		e.str(s)
	}
}

func (e *encoder) ports(l []uint16) {
	e.count(len(l))
	for _, p := range l {
		e.b = binary.LittleEndian.AppendUint16(e.b, p)
	}
}

func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// specBodySize checks a header and returns the length of the body after it.
func specBodySize(h []byte) (int, error) {
	if len(h) != headerSize || string(h[:len(specMagic)]) != specMagic {
		return 0, fmt.Errorf("not a spec: header %q", h)
	}
	n := binary.LittleEndian.Uint32(h[len(specMagic):])
	if n > maxSpecSize-uint32(headerSize) {
		return 0, fmt.Errorf("a spec of %d bytes, more than %d", n, maxSpecSize)
	}
	return int(n), nil
}

// unmarshalSpec decodes a body. Every length is checked against the bytes
// that remain before anything is allocated, so a corrupt body is an error,
// never a large allocation or a panic.
func unmarshalSpec(body []byte) (*spec, error) {
	d := decoder{b: body}
	s := new(spec)
	s.Path = d.str()
	s.Args = d.strs()
	s.Env = d.strs()
	s.BestEffort = d.bool()
	ll := &s.Landlock
	if n := d.count(4 + 8 + 1); n > 0 {
		ll.Paths = make([]landlock.PathRule, n)
		for i := range ll.Paths {
			ll.Paths[i] = landlock.PathRule{Path: d.str(), Access: landlock.AccessFS(d.u64()), Optional: d.bool()}
		}
	}
	ll.HandleNet = d.bool()
	ll.ConnectPorts = d.ports()
	ll.BindPorts = d.ports()
	ll.ScopeSignals = d.bool()
	ll.ScopeAbstractUnix = d.bool()
	hasSeccomp := d.bool()
	n := d.count(8)
	if hasSeccomp {
		// An empty program stays non-nil: loading it fails, closed.
		s.Seccomp = make(seccomp.Program, n)
	} else if n > 0 && d.err == nil {
		d.err = errors.New("seccomp instructions without a filter")
	}
	for i := range s.Seccomp {
		s.Seccomp[i] = seccomp.Instruction{Code: d.u16(), JT: d.u8(), JF: d.u8(), K: d.u32()}
	}
	s.ResetSignals = d.u64()
	if d.err == nil && len(d.b) > 0 {
		d.err = fmt.Errorf("%d bytes after the end", len(d.b))
	}
	if d.err != nil {
		return nil, fmt.Errorf("corrupt spec: %w", d.err)
	}
	return s, nil
}

// decoder consumes b, recording the first error; after one it returns zero
// values.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n > len(d.b) {
		d.err = fmt.Errorf("%d bytes needed, %d left", n, len(d.b))
		return nil
	}
	v := d.b[:n:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) u8() uint8 {
	if b := d.take(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) u16() uint16 {
	if b := d.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (d *decoder) u32() uint32 {
	if b := d.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if b := d.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (d *decoder) bool() bool {
	switch v := d.u8(); v {
	case 0:
		return false
	case 1:
		return true
	default:
		if d.err == nil {
			d.err = fmt.Errorf("boolean %d", v)
		}
		return false
	}
}

// count reads a count of items taking at least size bytes each, which must
// all fit in what is left.
func (d *decoder) count(size int) int {
	n := d.u32()
	if d.err == nil && uint64(n)*uint64(size) > uint64(len(d.b)) {
		d.err = fmt.Errorf("%d items of at least %d bytes, %d bytes left", n, size, len(d.b))
		return 0
	}
	return int(n)
}

func (d *decoder) str() string {
	return string(d.take(d.count(1)))
}

func (d *decoder) strs() []string {
	n := d.count(4)
	if n == 0 {
		return nil
	}
	l := make([]string, n)
	for i := range l {
		l[i] = d.str()
	}
	return l
}

func (d *decoder) ports() []uint16 {
	n := d.count(2)
	if n == 0 {
		return nil
	}
	l := make([]uint16, n)
	for i := range l {
		l[i] = d.u16()
	}
	return l
}
