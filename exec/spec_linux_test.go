//go:build linux && cgo

package exec

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mewsandbox/mewsandbox/seccomp"
)

// fullSpec has every field set, strings that are not UTF-8 among them.
func fullSpec() *spec {
	return &spec{
		Path:         "/bin/caf\xe9",
		Args:         []string{"caf\xe9", "", "\xff\xfe", "a b"},
		Env:          []string{"V=\xfe\x01", "EMPTY=", "PATH=/usr/bin:/bin"},
		BestEffort:   true,
		Ruleset:      os.Stdin, // marshalled as present; the descriptor travels beside
		Seccomp:      seccomp.Program{{Code: 0x20, K: 4}, {Code: 0x15, JT: 1, JF: 2, K: 0xc000003e}, {Code: 0x06, K: 0x7fff0000}},
		ResetSignals: 1<<63 | 1<<1,
		KeepCaps:     1<<10 | 1<<40,
		Limits:       []rlimit{{rlimitCPU, 3, 4}, {rlimitAS, 1 << 40, 1 << 40}},
		Pass:         []fdMove{{5, 7}, {6, 3}},
		Mounts: []mountStep{{Op: mountPrivate, Path: "/"}, {Op: mountBind, Path: "/tmp/caf\xe9"},
			// An identity after the path, the next step after it.
			{Op: mountWritableHost, Path: "/w/vol", Mount: mountIdentity{Major: 0xfe01, Minor: 1 << 20, Ino: 1<<63 | 2}},
			{Op: mountWritableHost, Path: "", Mount: mountIdentity{Major: 7}}, {Op: mountChdir, Path: "."}},
		PidNS:     true,
		Forward:   1<<14 | 1,
		TmpAccess: 1<<60 | 1<<3,
		TmpSize:   64 << 20,
		ShmAccess: 1<<59 | 1<<2,
		PtsAccess: 1<<58 | 1<<15,
		NetNS:     true,
	}
}

func marshalT(t testing.TB, s *spec) []byte {
	t.Helper()
	b, err := s.marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decode decodes the body of a marshalled spec with the child's decoder;
// a ruleset the spec announces comes back as os.Stdin.
func decode(t testing.TB, b []byte) (*spec, error) {
	t.Helper()
	if len(b) < headerSize || string(b[:len(specMagic)]) != specMagic {
		t.Fatalf("bad header %q", b)
	}
	if n := binary.LittleEndian.Uint32(b[len(specMagic):]); int(n) != len(b)-headerSize {
		t.Fatalf("header says %d bytes, the body has %d", n, len(b)-headerSize)
	}
	sp, ruleset, err := decodeSpec(b[headerSize:])
	if ruleset {
		sp.Ruleset = os.Stdin
	}
	return sp, err
}

func TestChildConstants(t *testing.T) {
	h := childConstants()
	if h.arg != childArg || h.probe != probeArg || h.magic != specMagic || h.maxSpec != maxSpecSize {
		t.Errorf("child_linux.h has %q, %q, %q, %d; the Go side %q, %q, %q, %d", h.arg, h.probe, h.magic, h.maxSpec, childArg, probeArg, specMagic, maxSpecSize)
	}
	dirs := len(hiddenDirs(Policy{Network: Network{UnixSockets: true}})) + 1 // and /dev/shm
	if h.procRefused != probeProcRefused || h.maxKept != dirs*maxKept || h.toAll != toAll {
		t.Errorf("child_linux.h's MEWS_PROBE_PROC_REFUSED, MEWS_MAX_KEPT, MEWS_TO_ALL are %d, %d, %d; the Go side's %d, %d×%d, %d",
			h.procRefused, h.maxKept, h.toAll, probeProcRefused, dirs, maxKept, toAll)
	}
	if h.mountIdentitySize != mountIdentitySize {
		t.Errorf("child_linux.h's MEWS_MOUNT_IDENTITY_SIZE is %d; the Go side's mountIdentitySize %d", h.mountIdentitySize, mountIdentitySize)
	}
	if h.releaseGraceMS != int(releaseGrace/time.Millisecond) {
		t.Errorf("child_linux.h's MEWS_RELEASE_GRACE_MS is %d; the Go side's releaseGrace %v", h.releaseGraceMS, releaseGrace)
	}
	if h.release != releaseArg || h.mark != placeholderMark || h.releaseSays != runOver+placeholderMade+placeholderHeld {
		t.Errorf("child_linux.h's MEWS_RELEASE_ARG, MEWS_PLACEHOLDER_MARK, MEWS_RUN_OVER+MEWS_MADE+MEWS_HELD are %q, %q, %q; the Go side's %q, %q, %q",
			h.release, h.mark, h.releaseSays, releaseArg, placeholderMark, runOver+placeholderMade+placeholderHeld)
	}
	if want := string([]byte{childArmed, childProcRefused, childNetNSRefused, childEnded}); h.says != want || h.netnsWhat != netnsWhat {
		t.Errorf("child_linux.h's MEWS_ARMED, MEWS_PROC_REFUSED, MEWS_NETNS_REFUSED, MEWS_ENDED, MEWS_NETNS_WHAT are %q, %q; the Go side's %q, %q", h.says, h.netnsWhat, want, netnsWhat)
	}
	want := []uint32{mountPrivate, mountBind, mountRdonlyTree, mountWritable, mountRdonly, mountChdir, mountProc, mountEmpty, mountKeep, mountPlace, mountHideFile, mountPrivateTmp, mountShm, mountPts, mountBindLink, mountMkdir, mountNodev, mountDevices, mountTmp, mountWritableHost, mountWritableHost}
	if !reflect.DeepEqual(h.mountOps, want) {
		t.Errorf("child_linux.h's mount steps %v, the Go side's %v (the last is MEWS_MOUNT_LAST)", h.mountOps, want)
	}
}

func TestSpecRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		sp   *spec
	}{
		{"every field", fullSpec()},
		{"zero", &spec{}},
		{"empty program: refused when loaded, not dropped", &spec{Path: "/bin/true", Seccomp: seccomp.Program{}}},
	} {
		b := marshalT(t, tt.sp)
		got, err := decode(t, b)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got, tt.sp) {
			t.Errorf("%s: decoded %+v, want %+v", tt.name, got, tt.sp)
		}
		if again := marshalT(t, got); !bytes.Equal(again, b) {
			t.Errorf("%s: marshalling the decoded spec gives other bytes", tt.name)
		}
	}
	if _, err := (&spec{Args: []string{"a\x00b"}}).marshal(); err == nil {
		t.Error("an argument with a NUL byte was marshalled")
	}
}

func TestSpecCorrupt(t *testing.T) {
	t.Parallel()
	b := marshalT(t, fullSpec())
	body := b[headerSize:]
	// Every truncation of the body is an error.
	for n := range len(body) {
		if _, _, err := decodeSpec(body[:n]); err == nil {
			t.Fatalf("a body cut to %d of %d bytes decoded", n, len(body))
		}
	}
	if _, _, err := decodeSpec(append(body[:len(body):len(body)], 0)); err == nil || !strings.Contains(err.Error(), "after the end") {
		t.Errorf("trailing byte: %v", err)
	}
	// A length or count claiming more than the body holds is refused before
	// it is used.
	huge := binary.LittleEndian.AppendUint32(nil, 0xffffffff)
	for _, tt := range []struct {
		name string
		body []byte
		want string
	}{
		{"path longer than the body", huge, "more items than bytes left"},
		{"path cut short", append(binary.LittleEndian.AppendUint32(nil, 2), 'x'), "more items than bytes left"},
		{"4G arguments", append(binary.LittleEndian.AppendUint32(nil, 0), huge...), "more items than bytes left"},
		{"a NUL in the path", append(binary.LittleEndian.AppendUint32(nil, 3), 'a', 0, 'b'), "NUL"},
		{"boolean 2", append(bytes.Repeat([]byte{0}, 12), 2), "neither 0 nor 1"},
		{"instructions without a filter", func() []byte {
			x := marshalT(t, &spec{})[headerSize:]
			// the seccomp flag (0) is followed by the count, then
			// ResetSignals, KeepCaps, the count of limits, of passed
			// descriptors and of mount steps, PidNS, Forward,
			// TmpAccess, TmpSize, ShmAccess, PtsAccess and NetNS
			i := len(x) - 1 - 8 - 8 - 8 - 8 - 8 - 1 - 4 - 4 - 4 - 8 - 8 - 4
			binary.LittleEndian.PutUint32(x[i:], 1)
			return append(x[:i+4:i+4], append(make([]byte, 8), x[i+4:]...)...)
		}(), "seccomp instructions without a filter"},
	} {
		_, _, err := decodeSpec(tt.body)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// FuzzSpec runs the sandbox child's decoder (C) on arbitrary bodies.
func FuzzSpec(f *testing.F) {
	f.Add(marshalT(f, fullSpec())[headerSize:])
	f.Add(marshalT(f, &spec{})[headerSize:])
	f.Fuzz(func(t *testing.T, body []byte) {
		sp, ruleset, err := decodeSpec(body)
		if err != nil {
			return
		}
		if ruleset {
			sp.Ruleset = os.Stdin
		}
		// Whatever decodes is canonical: it marshals back to the same bytes.
		if b := marshalT(t, sp); !bytes.Equal(b[headerSize:], body) {
			t.Errorf("%x decodes to %+v, which marshals to %x", body, sp, b[headerSize:])
		}
	})
}

// startChild starts the sandbox child (this test binary, re-executed) in dir
// and hands it raw as its spec, with the descriptor ruleset if not nil. It
// returns the child's exit status and its report.
func startChild(t *testing.T, dir string, raw []byte, ruleset *os.File, goAhead bool) (int, wireError) {
	t.Helper()
	return startChildWith(t, dir, raw, ruleset, goAhead, &syscall.SysProcAttr{Setsid: true})
}

// startChildWith is startChild with the child started as attr says (in
// namespaces of its own, say).
func startChildWith(t *testing.T, dir string, raw []byte, ruleset *os.File, goAhead bool, attr *syscall.SysProcAttr) (int, wireError) {
	t.Helper()
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	specR, specW := os.NewFile(uintptr(pair[0]), "spec"), os.NewFile(uintptr(pair[1]), "spec")
	defer specW.Close()
	statusR, statusW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer statusR.Close()
	cmd := &osexec.Cmd{Path: "/proc/self/exe", Args: []string{"mewsandbox", childArg}, Env: childEnv, Dir: dir,
		ExtraFiles: []*os.File{specR, statusW}, SysProcAttr: attr}
	err = cmd.Start()
	specR.Close()
	statusW.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := sendSpec(specW, raw, ruleset); err != nil {
		t.Log(err)
	}
	if goAhead {
		specW.Write([]byte{'g'}) // the go: a child that got this far runs the command
	}
	specW.Close()
	report, _ := io.ReadAll(statusR)
	cmd.Wait()
	var w wireError
	if len(report) > 0 {
		if err := json.Unmarshal(report, &w); err != nil {
			t.Fatalf("report %q: %v", report, err)
		}
	}
	return cmd.ProcessState.ExitCode(), w
}

// TestChildFailsClosed hands the sandbox child specs that are missing,
// corrupt or hold a corrupt filter (ANCHOR 47): it exits 125, says which
// stage failed, and the command never runs.
//
// Not parallel: its children are sandbox children started outside Run, and
// when a concurrent Run ends, the straggler reaper (rightly) takes such
// sandboxed children of the runner process for orphans and kills them.
func TestChildFailsClosed(t *testing.T) {
	root := testRoot(t)
	c := sh(root, `touch marker`)
	var tmp string
	good, _, serr := c.prepare(&tmp, false)
	if serr != nil {
		t.Fatal(serr)
	}
	with := func(f func(sp *spec)) []byte {
		sp := *good
		f(&sp)
		return marshalT(t, &sp)
	}
	valid := marshalT(t, good)
	badJump := seccomp.Program{{Code: 0x20}, {Code: 0x15, JT: 9, K: 1}, {Code: 0x06, K: 0x7fff0000}}
	for _, tt := range []struct {
		name      string
		raw       []byte
		wantStage string
	}{
		{"no spec", nil, StageSpec},
		{"a header only", valid[:headerSize], StageSpec},
		{"truncated", valid[:len(valid)-1], StageSpec},
		{"garbage", bytes.Repeat([]byte{0xa5}, 64), StageSpec},
		{"a flipped boolean", func() []byte {
			b := bytes.Clone(valid)
			b[len(b)-1-8-8-8-8-8-1-4-4-4-8-8-8*len(good.Seccomp)-4-1] = 7 // whether there is a filter (the program and its count, ResetSignals, KeepCaps, three counts, PidNS, Forward, TmpAccess, TmpSize, ShmAccess, PtsAccess and NetNS follow)
			return b
		}(), StageSpec},
		{"an empty filter", with(func(sp *spec) { sp.Seccomp = seccomp.Program{} }), StageSeccomp},
		{"a filter the kernel rejects", with(func(sp *spec) { sp.Seccomp = badJump }), StageSeccomp},
		{"no filter in a strict spec", with(func(sp *spec) { sp.Seccomp, sp.BestEffort = nil, false }), StageSeccomp},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, w := startChild(t, root, tt.raw, good.Ruleset, false)
			if status != StatusSandbox || w.Stage != tt.wantStage || w.Status != StatusSandbox {
				t.Errorf("child exited %d reporting %+v; want 125 and stage %s", status, w, tt.wantStage)
			}
			if err := os.Remove(filepath.Join(root, "marker")); err == nil {
				t.Error("the command ran")
			}
		})
	}
	// The ruleset and the spec must agree: a missing ruleset is not a
	// reason to run unrestricted.
	for _, tt := range []struct {
		name    string
		raw     []byte
		ruleset *os.File
	}{
		{"the announced ruleset missing", valid, nil},
		{"a ruleset the spec does not announce", with(func(sp *spec) { sp.Ruleset = nil }), good.Ruleset},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, w := startChild(t, root, tt.raw, tt.ruleset, false)
			if status != StatusSandbox || w.Stage != StageLandlock {
				t.Errorf("child exited %d reporting %+v; want 125 and stage %s", status, w, StageLandlock)
			}
			if err := os.Remove(filepath.Join(root, "marker")); err == nil {
				t.Error("the command ran")
			}
		})
	}
	// The same child runs the command from the spec it was built from.
	if status, w := startChild(t, root, valid, good.Ruleset, true); status != 0 || w.Stage != "" {
		t.Fatalf("valid spec: child exited %d reporting %+v", status, w)
	}
	if _, err := os.Stat(filepath.Join(root, "marker")); err != nil {
		t.Errorf("valid spec: the command did not run: %v", err)
	}
	good.Ruleset.Close()
	if tmp != "" {
		os.RemoveAll(tmp)
	}
}

// TestRunSpecCarriesProgram checks that the parent compiles the filter and
// ships it: the child has no libseccomp work to do.
func TestRunSpecCarriesProgram(t *testing.T) {
	t.Parallel()
	if !seccomp.Enabled || !probeKernel().seccomp.Supported {
		t.Skip("no seccomp here")
	}
	c := sh(testRoot(t), "")
	var tmp string
	sp, _, serr := c.prepare(&tmp, true)
	if serr != nil {
		t.Fatal(serr)
	}
	if len(sp.Seccomp) == 0 {
		t.Error("no filter program in the spec")
	}
	if status, err := c.Run(context.Background()); status != 0 || err != nil {
		t.Errorf("Run = %d, %v", status, err)
	}
}

// TestChildIsFreestanding compiles the sandbox child as cgo does and checks
// that it refers to nothing outside itself but _start: it runs before the C
// library starts, when none of the library's functions may be called.
func TestChildIsFreestanding(t *testing.T) {
	cc, err := osexec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler: cannot inspect the child's object")
	}
	nm, err := osexec.LookPath("nm")
	if err != nil {
		t.Skip("no nm: cannot inspect the child's object")
	}
	src, err := os.ReadFile("child_cgo_linux.go")
	if err != nil {
		t.Fatal(err)
	}
	var flags []string
	for _, l := range strings.Split(string(src), "\n") {
		if f, ok := strings.CutPrefix(l, "// #cgo CFLAGS:"); ok {
			flags = append(flags, strings.Fields(f)...)
		}
	}
	if len(flags) == 0 {
		t.Fatal("no #cgo CFLAGS in child_cgo_linux.go")
	}
	obj := filepath.Join(t.TempDir(), "child.o")
	for _, opt := range []string{"-O2", "-O3", "-Os"} { // cgo's default is -O2; any level must hold
		args := append([]string{"-c", opt, "-g", "-o", obj, "child_linux.c"}, flags...)
		if out, err := osexec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("cc %v: %v\n%s", args, err, out)
		}
		out, err := osexec.Command(nm, "-u", obj).Output()
		if err != nil {
			t.Fatal(err)
		}
		var refs []string
		for _, f := range strings.Fields(string(out)) {
			// _start is where the entry point goes on; __ehdr_start and
			// __data_start are addresses the linker and the C library's
			// start file mark the binary's segments with (sharer).
			// mews_cli, weak ("w"), is the CLI's mark, read through the
			// global offset table by the constructor alone, once the C
			// library has started.
			switch f {
			case "U", "w", "_start", "__ehdr_start", "__data_start", "mews_cli", "_GLOBAL_OFFSET_TABLE_":
			default:
				refs = append(refs, f)
			}
		}
		if len(refs) > 0 {
			t.Errorf("%s: the child calls %v, outside itself", opt, refs)
		}
	}
}
