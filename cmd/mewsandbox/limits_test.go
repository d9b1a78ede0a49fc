package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// TestLimitMessage: an end a limit explains is said, naming the flag or
// the file and line that set it; one no limit explains, or a limit not
// set, says nothing. SIGSEGV under --limit-mem (a program that cannot map
// what it needs to start: run --limit-mem 1K -- true) exited 139 without a
// word.
func TestLimitMessage(t *testing.T) {
	flag := permission.Origin{Flag: "--limit-mem"}
	file := permission.Origin{File: ".mewsandbox/settings.yaml", Line: 4, Scope: permission.ScopeProject}
	mem := permission.ResourceLimits{Mem: permission.Setting[permission.Size]{Value: 1 << 10, Origin: flag}}
	cpu := permission.ResourceLimits{CPU: permission.Setting[time.Duration]{Value: time.Second, Origin: file}}
	for _, tt := range []struct {
		name   string
		status int
		hit    exec.LimitsHit
		l      permission.ResourceLimits
		want   []string // "" wants nothing said
	}{
		{"SIGSEGV under --limit-mem", 139, exec.LimitsHit{}, mem, []string{"SIGSEGV", "--limit-mem 1K", "RLIMIT_AS", "larger limit"}},
		{"SIGSEGV without a limit", 139, exec.LimitsHit{}, permission.ResourceLimits{}, nil},
		{"exit 1 under --limit-mem", 1, exec.LimitsHit{}, mem, nil},
		{"killed at memory.max", 137, exec.LimitsHit{OOMKills: 1}, mem, []string{"reached the memory limit", "--limit-mem 1K"}},
		{"SIGXCPU set in a file", 128 + 24, exec.LimitsHit{}, cpu, []string{"CPU time", "sandbox.limits.cpu 1s at .mewsandbox/settings.yaml:4"}},
	} {
		var b strings.Builder
		limitMessage(&b, tt.status, tt.hit, tt.l)
		if tt.want == nil && b.Len() > 0 {
			t.Errorf("%s: said %q, want nothing", tt.name, b.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: %q does not say %q", tt.name, b.String(), w)
			}
		}
	}
}
