//go:build !linux || !cgo

package seccomp

import (
	"errors"
	"io"
	"slices"
	"testing"
)

func TestStub(t *testing.T) {
	if Enabled {
		t.Fatal("Enabled in the stub")
	}
	for _, cfg := range []Config{{}, {DenySyscalls: []string{}}, {AllowInet: true, AllowUnix: true}} {
		if err := cfg.Load(); !errors.Is(err, ErrNotEnabled) {
			t.Errorf("%+v.Load() = %v, want ErrNotEnabled", cfg, err)
		}
	}
	if p, err := (Config{}).Build(); !errors.Is(err, ErrNotEnabled) || p != nil {
		t.Errorf("Build() = %d instructions, %v; want ErrNotEnabled", len(p), err)
	}
	if err := (Config{}).ExportBPF(io.Discard); !errors.Is(err, ErrNotEnabled) {
		t.Errorf("ExportBPF() = %v, want ErrNotEnabled", err)
	}
	if s := Probe(); !errors.Is(s.Err, ErrNotEnabled) || s.LibVersion != "" {
		t.Errorf("Probe() = %+v, want ErrNotEnabled and no library", s)
	}
	if !slices.Equal(DefaultDenied(), defaultDenied) {
		t.Error("DefaultDenied() differs from the full list")
	}
}
