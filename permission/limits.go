package permission

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// ResourceLimits is the sandbox.limits section: resource limits on the
// command, which the CLI hands to the exec package. An unset limit leaves
// the runner's own.
type ResourceLimits struct {
	Mem    Setting[Size]          `json:"mem,omitzero"`    // address space
	CPU    Setting[time.Duration] `json:"cpu,omitzero"`    // CPU time
	NProc  Setting[uint64]        `json:"nproc,omitzero"`  // processes and threads of the user
	FSize  Setting[Size]          `json:"fsize,omitzero"`  // largest file written
	NoFile Setting[uint64]        `json:"nofile,omitzero"` // open descriptors
}

// Size is a byte count.
type Size uint64

// sizeUnits are the units ParseSize reads and String writes, largest first.
var sizeUnits = []struct {
	name  string
	shift uint
}{{"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}}

// ParseSize reads a byte count: a whole number with an optional unit, K, M,
// G or T (powers of 1024; KB, KiB and so on mean the same), e.g. "512M".
// It is the one parser of sizes, for the settings files and the flags.
func ParseSize(s string) (Size, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	var shift uint
	for _, u := range sizeUnits {
		if n, ok := cutAnySuffix(t, u.name+"IB", u.name+"B", u.name); ok {
			t, shift = n, u.shift
			break
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil || v == 0 {
		return 0, fmt.Errorf("size %q: want a positive whole number with an optional unit K, M, G or T", s)
	}
	if v > math.MaxUint64>>shift {
		return 0, fmt.Errorf("size %q: too large", s)
	}
	return Size(v << shift), nil
}

// String renders the size in the largest unit that divides it: "2G",
// "1536M", "100".
func (s Size) String() string {
	for _, u := range sizeUnits {
		if s != 0 && s%(1<<u.shift) == 0 {
			return strconv.FormatUint(uint64(s>>u.shift), 10) + u.name
		}
	}
	return strconv.FormatUint(uint64(s), 10)
}

// cutAnySuffix removes the first of the suffixes s ends with.
func cutAnySuffix(s string, suffixes ...string) (string, bool) {
	for _, suf := range suffixes {
		if t, ok := strings.CutSuffix(s, suf); ok {
			return t, true
		}
	}
	return s, false
}

// CapabilityName returns a capability name as the kernel's headers spell
// it, CAP_ and upper case ("net_raw" is CAP_NET_RAW), refusing what cannot
// be one. Whether the kernel knows the name is the exec package's to say.
func CapabilityName(s string) (string, error) {
	name := strings.ToUpper(strings.TrimSpace(s))
	if !strings.HasPrefix(name, "CAP_") {
		name = "CAP_" + name
	}
	rest := name[len("CAP_"):]
	if rest == "" || strings.Trim(rest, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
		return "", fmt.Errorf("%q is not a capability name (want one from capabilities(7), e.g. CAP_NET_BIND_SERVICE)", s)
	}
	return name, nil
}

// limits parses one key of sandbox.limits.
func (p *settingsParser) limits(key string, k, v *yaml.Node) error {
	l := &p.s.Sandbox.Limits
	name := "sandbox.limits." + key
	switch key {
	case "mem":
		return p.size(name, v, &l.Mem)
	case "fsize":
		return p.size(name, v, &l.FSize)
	case "nproc":
		return p.count(name, v, &l.NProc)
	case "nofile":
		if err := p.count(name, v, &l.NoFile); err != nil {
			return err
		}
		if n := l.NoFile.Value; n != 0 && n < MinNoFile {
			return p.errorf(v.Line, "%s %q: want %d or more (%s)", name, v.Value, MinNoFile, MinNoFileWhy)
		}
		return nil
	case "cpu":
		d, err := p.duration(name, v)
		if err != nil || d == 0 {
			return err
		}
		l.CPU = Setting[time.Duration]{Value: d, Origin: p.origin(v)}
		return nil
	}
	for _, want := range []string{"mem", "cpu", "nproc", "fsize", "nofile"} {
		if misspelt(key, want) {
			return p.unknownKey(k, " in sandbox.limits", want)
		}
	}
	p.warnf(k.Line, "unknown key %q in sandbox.limits (the limits are mem, cpu, nproc, fsize and nofile)", key)
	return nil
}

// size sets dst from a byte count: a number of bytes, or a string with a
// unit ("512M").
func (p *settingsParser) size(name string, v *yaml.Node, dst *Setting[Size]) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" && v.ShortTag() != "!!str" {
		return p.errorf(v.Line, "%s must be a size such as 512M or 2G, not %s", name, describeNode(v))
	}
	n, err := ParseSize(v.Value)
	if err != nil {
		return p.errorf(v.Line, "%s: %v", name, err)
	}
	*dst = Setting[Size]{Value: n, Origin: p.origin(v)}
	return nil
}

// MinNoFile is the lowest open descriptor limit: stdio holds 0 to 2 and
// a program opens its libraries at 3; below it, nothing starts, and the
// sandbox's own init, which may poll three descriptors (ppoll's count is
// bounded by the limit), could not wait for the command.
const MinNoFile = 4

// MinNoFileWhy says why, for the messages.
const MinNoFileWhy = "stdin, stdout and stderr take 0 to 2 and a program opens its libraries at 3"

// count sets dst from a positive whole number.
func (p *settingsParser) count(name string, v *yaml.Node, dst *Setting[uint64]) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" {
		return p.errorf(v.Line, "%s must be a whole number, not %s", name, describeNode(v))
	}
	var n uint64
	if err := v.Decode(&n); err != nil || n == 0 {
		return p.errorf(v.Line, "%s %q: want a positive whole number", name, v.Value)
	}
	*dst = Setting[uint64]{Value: n, Origin: p.origin(v)}
	return nil
}

// keepCaps parses sandbox.keepCaps: capability names, stored as
// CapabilityName spells them. The key's own origin is kept even for an
// empty list, which in the managed file means that nothing may be kept.
func (p *settingsParser) keepCaps(v *yaml.Node) error {
	const name = "sandbox.keepCaps"
	sb := &p.s.Sandbox
	err := p.stringList(name, name, v, func(i int, s string, item *yaml.Node) error {
		c, err := CapabilityName(s)
		if err != nil {
			return p.errorf(item.Line, "%s[%d]: %v", name, i, err)
		}
		sb.KeepCaps = append(sb.KeepCaps, Setting[string]{Value: c, Origin: p.origin(item)})
		return nil
	})
	if err == nil && !isNull(v) {
		sb.keepCapsKey = p.origin(v)
	}
	return err
}

// origins returns the origins of the limits that are set.
func (l *ResourceLimits) origins() []*Origin {
	var out []*Origin
	for _, o := range []*Origin{&l.Mem.Origin, &l.CPU.Origin, &l.NProc.Origin, &l.FSize.Origin, &l.NoFile.Origin} {
		if *o != (Origin{}) {
			out = append(out, o)
		}
	}
	return out
}

// merge sets the limits that in, from a higher-precedence source, sets by
// the rules of MergeSandbox: each is a scalar, and a managed one (in
// floor) a ceiling.
func (l *ResourceLimits) merge(in, floor *ResourceLimits) error {
	if err := mergeScalar(&l.Mem, in.Mem, floor.Mem, "sandbox.limits.mem", greater[Size]); err != nil {
		return err
	}
	if err := mergeScalar(&l.CPU, in.CPU, floor.CPU, "sandbox.limits.cpu", greater[time.Duration]); err != nil {
		return err
	}
	if err := mergeScalar(&l.NProc, in.NProc, floor.NProc, "sandbox.limits.nproc", greater[uint64]); err != nil {
		return err
	}
	if err := mergeScalar(&l.FSize, in.FSize, floor.FSize, "sandbox.limits.fsize", greater[Size]); err != nil {
		return err
	}
	return mergeScalar(&l.NoFile, in.NoFile, floor.NoFile, "sandbox.limits.nofile", greater[uint64])
}

// dropLooser drops from s, a project's own file's sandbox section, a
// timeout or limit looser than the one cur, the user's and the managed
// files' sections merged, holds: merged, a project's replaces theirs, and
// a cloned repository's timeout: 1h and nofile: 4096 outlasted and outgrew
// the user's 2s and 64. cur is never what a project's file made of them
// (Load): its settings.yaml tightening the user's 2s to 1s would have let
// its settings.local.yaml set 1h. Tighter ones stay, as do those where
// the user set none. It returns the keys dropped.
func (s *Sandbox) dropLooser(cur *Sandbox) (dropped []string) {
	dropped = dropScalar(&s.Timeout, cur.Timeout, "sandbox.timeout", dropped)
	l, c := &s.Limits, &cur.Limits
	dropped = dropScalar(&l.Mem, c.Mem, "sandbox.limits.mem", dropped)
	dropped = dropScalar(&l.CPU, c.CPU, "sandbox.limits.cpu", dropped)
	dropped = dropScalar(&l.NProc, c.NProc, "sandbox.limits.nproc", dropped)
	dropped = dropScalar(&l.FSize, c.FSize, "sandbox.limits.fsize", dropped)
	return dropScalar(&l.NoFile, c.NoFile, "sandbox.limits.nofile", dropped)
}

// dropScalar unsets *in when it is larger than cur, set by a source the
// user trusts (not a project's own file), adding key and both values to
// dropped.
func dropScalar[T cmp.Ordered](in *Setting[T], cur Setting[T], key string, dropped []string) []string {
	if !in.IsSet() || !cur.IsSet() || cur.Origin.Scope == ScopeProject || cur.Origin.Scope == ScopeLocal || !greater(in.Value, cur.Value) {
		return dropped
	}
	dropped = append(dropped, fmt.Sprintf("%s %v (looser than %v at %s)", key, in.Value, cur.Value, cur.Origin))
	*in = Setting[T]{}
	return dropped
}

// greater is the looser test of a limit: a larger value relaxes it.
func greater[T cmp.Ordered](v, ceiling T) bool { return v > ceiling }

// refusesCaps returns an error for the first capability in, from another
// source than the managed file m, that m's keepCaps, when it sets the key,
// does not list.
func (m *Sandbox) refusesCaps(in *Sandbox) error {
	key := m.keepCapsKey
	if key == (Origin{}) {
		return nil
	}
	e, ok := firstNew(in.KeepCaps, m.KeepCaps)
	if !ok {
		return nil
	}
	allowed := "none"
	if len(m.KeepCaps) > 0 {
		var names []string
		for _, c := range m.KeepCaps {
			names = append(names, c.Value)
		}
		allowed = "only " + strings.Join(names, ", ")
	}
	return e.Origin.errorf("%s %s: the managed settings at %s let commands keep %s",
		e.Origin.label("sandbox.keepCaps"), e.Value, key, allowed)
}
