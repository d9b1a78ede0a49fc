package integration

// Black-box tests of sandbox.limits and sandbox.keepCaps in the settings
// files: a file's limits reach the command (each shown against the same
// run without the file), a flag overrides them, explain names the line
// each came from, and a bad value is refused with exit 2 naming the file
// and line. That a managed limit is a ceiling is tested in the permission
// package, which can put the managed file somewhere other than /etc.

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestSettingsLimits: limits.cpu in .mewsandbox/settings.yaml ends a busy
// loop with SIGXCPU (exit 152, and a message naming the file and line);
// limits.nofile, from there or from .claude/settings.json, is what
// `ulimit -n` reports inside; --limit-nofile overrides the file; as root,
// keepCaps keeps a capability.
func TestSettingsLimits(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	nofile := func(t *testing.T, flags ...string) string {
		t.Helper()
		args := append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-c", "ulimit -n")
		r := b.with(t).run(args...)
		if r.code != 0 {
			t.Fatalf("ulimit -n: exit %d, stderr %q", r.code, r.stderr)
		}
		return strings.TrimSpace(r.stdout)
	}
	without := nofile(t)
	if without == "77" || without == "99" {
		t.Skipf("the runner's own descriptor limit is %s, the value this test sets", without)
	}

	settings := b.settingsFile(".mewsandbox/settings.yaml", "sandbox:\n  limits:\n    cpu: 1s\n    nofile: 77\n    mem: 4G\n")
	t.Run("nofile", func(t *testing.T) {
		if got := nofile(t); got != "77" {
			t.Errorf("ulimit -n = %s with limits.nofile: 77 (%s without the file)", got, without)
		}
		if got := nofile(t, "--limit-nofile", "99"); got != "99" {
			t.Errorf("ulimit -n = %s with --limit-nofile 99 over the file's 77", got)
		}
	})
	t.Run("cpu", func(t *testing.T) {
		// The script on stdin: the engine sees "sh -s".
		r := b.with(t).runIn(b.root, "while :; do :; done", "run", "--yolo", "--", "sh", "-s")
		if r.code != 152 {
			t.Errorf("busy loop under limits.cpu: 1s: exit %d, want 152 (SIGXCPU); stderr %q", r.code, r.stderr)
		}
		if want := "sandbox.limits.cpu 1s at " + settings + ":3"; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q does not name %s", r.stderr, want)
		}
		// The neighbour: a short command under the same limit is not
		// disturbed.
		if r := b.with(t).run("run", "--yolo", "--", "true"); r.code != 0 {
			t.Errorf("true under limits.cpu: 1s: exit %d, stderr %q", r.code, r.stderr)
		}
	})
	t.Run("explain", func(t *testing.T) {
		r := b.with(t).run("explain", "--format", "json", "--limit-mem", "1G")
		var x struct {
			Policy struct {
				Limits struct {
					Mem    uint64 `json:"mem"`
					CPU    int64  `json:"cpu"`
					NoFile uint64 `json:"nofile"`
				} `json:"limits"`
			} `json:"policy"`
			Sandbox struct {
				Limits map[string]struct {
					Origin struct {
						File string `json:"file"`
						Line int    `json:"line"`
						Flag string `json:"flag"`
					} `json:"origin"`
				} `json:"limits"`
			} `json:"sandboxSettings"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &x); err != nil {
			t.Fatalf("explain: %v: %s%s", err, r.stdout, r.stderr)
		}
		if l := x.Policy.Limits; l.Mem != 1<<30 || l.CPU != 1e9 || l.NoFile != 77 {
			t.Errorf("explain's policy limits = %+v, want mem 1G (the flag), cpu 1s, nofile 77", l)
		}
		for key, want := range map[string]string{"cpu": settings + ":3", "nofile": settings + ":4", "mem": "--limit-mem"} {
			o := x.Sandbox.Limits[key].Origin
			got := o.Flag
			if got == "" {
				got = fmt.Sprintf("%s:%d", o.File, o.Line)
			}
			if got != want {
				t.Errorf("explain: limits.%s from %s, want %s", key, got, want)
			}
		}
		text := b.with(t).run("explain")
		if want := "limits.nofile      77"; !strings.Contains(text.stdout, want) || !strings.Contains(text.stdout, settings+":4") {
			t.Errorf("explain does not show limits.nofile with its line:\n%s", text.stdout)
		}
	})
	t.Run("JSON", func(t *testing.T) {
		b := b.with(t)
		b.settingsFile(".mewsandbox/settings.yaml", "sandbox: {}\n")
		claude := b.settingsFile(".claude/settings.json", `{"sandbox": {"limits": {"nofile": 99}}}`)
		if got := nofile(t); got != "99" {
			t.Errorf("ulimit -n = %s with limits.nofile: 99 in %s", got, claude)
		}
		b.settingsFile(".claude/settings.json", "{}")
	})
	t.Run("keepCaps", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("not root: a command of an unprivileged runner has no capabilities to keep")
		}
		b := b.with(t)
		capEff := func() string {
			r := b.run("run", "--yolo", "--trust-project", "--", "grep", "^CapEff:", "/proc/self/status")
			if r.code != 0 {
				t.Fatalf("grep CapEff: exit %d, stderr %q", r.code, r.stderr)
			}
			return strings.Join(strings.Fields(r.stdout), " ")
		}
		b.settingsFile(".mewsandbox/settings.yaml", "sandbox:\n  keepCaps: [chown]\n")
		if got := capEff(); got != "CapEff: 0000000000000001" {
			t.Errorf("with keepCaps: [chown]: %s, want CAP_CHOWN alone", got)
		}
		b.settingsFile(".mewsandbox/settings.yaml", "sandbox: {}\n")
		if got := capEff(); got != "CapEff: 0000000000000000" {
			t.Errorf("without keepCaps: %s, want none", got)
		}
	})
	t.Run("invalid", func(t *testing.T) {
		b := b.with(t)
		for _, tt := range []struct{ content, want string }{
			{"sandbox:\n  limits:\n    mem: lots\n", ":3: sandbox.limits.mem: size \"lots\": want a positive whole number"},
			{"sandbox:\n  limits:\n    nofile: 0\n", ":3: sandbox.limits.nofile \"0\": want a positive whole number"},
			{"sandbox:\n  limits:\n    cpu: soon\n", ":3: sandbox.limits.cpu \"soon\": want a duration"},
			{"sandbox:\n  keepCaps: [CAP_FLY]\n", ":2: sandbox.keepCaps: unknown capability \"CAP_FLY\""},
		} {
			file := b.settingsFile(".mewsandbox/settings.yaml", tt.content)
			if r := b.run("run", "--yolo", "--trust-project", "--", "true"); r.code != 2 || !strings.Contains(r.stderr, file+tt.want) {
				t.Errorf("%q: exit %d, stderr %q; want 2 and %s%s", tt.content, r.code, r.stderr, file, tt.want)
			}
		}
		b.settingsFile(".mewsandbox/settings.yaml", "sandbox: {}\n")
	})
}
