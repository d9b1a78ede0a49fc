package integration

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestExplainAndDoctor(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"secret.txt": "s", "ok.txt": "o"})

	r := run(t, invocation{args: []string{"explain", "--format", "json", "--allow-connect", "8080", "--deny-read", "secret.txt"}, dir: dir})
	if r.code != 0 {
		t.Fatalf("explain json: exit %d: %s", r.code, r.stderr)
	}
	var x struct {
		Mode  string `json:"mode"`
		Paths []struct {
			Path, Rights string
		} `json:"paths"`
		Refused          []string `json:"refusedSyscalls"`
		Notes            []string `json:"notes"`
		Sockets          string   `json:"sockets"`
		InheritedSockets string   `json:"inheritedSockets"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &x); err != nil {
		t.Fatalf("explain json: %v\n%s", err, r.stdout)
	}
	// The root itself may stay listable; what matters is that nothing
	// grants reading secret.txt.
	var sawOK, sawSecret bool
	for _, p := range x.Paths {
		sawOK = sawOK || strings.HasSuffix(p.Path, "/ok.txt")
		sawSecret = sawSecret || strings.HasSuffix(p.Path, "/secret.txt") || p.Path == dir && strings.Contains(p.Rights, "read_file")
	}
	if x.Mode != "default" || !sawOK || sawSecret || len(x.Refused) == 0 || len(x.Notes) == 0 {
		t.Errorf("explain json: mode %q, ok.txt granted %v, secret.txt or the whole root granted %v, %d refused syscalls, notes %q",
			x.Mode, sawOK, sawSecret, len(x.Refused), x.Notes)
	}

	// TCP ports: Fast Open refused, and a UDP or unix datagram socket
	// handed to the command refuses the run (TestInheritedUDP).
	if !strings.Contains(x.Sockets, "inet (TCP only)") || !strings.Contains(x.Sockets, "MSG_FASTOPEN") ||
		!strings.Contains(x.InheritedSockets, "UDP") || !strings.Contains(x.InheritedSockets, "unix datagram") {
		t.Errorf("explain json: sockets %q, inherited sockets %q", x.Sockets, x.InheritedSockets)
	}

	r = run(t, invocation{args: []string{"explain", "--format", "sbpl"}, dir: dir})
	if r.code != 0 || !strings.Contains(r.stdout, "(version 1)") || !strings.Contains(r.stdout, "(deny default)") || strings.Contains(r.stdout, "(allow default)") {
		t.Errorf("explain sbpl: exit %d, %.300s", r.code, r.stdout)
	}

	r = run(t, invocation{args: []string{"explain", "--format", "yaml"}, dir: dir})
	if r.code != 2 {
		t.Errorf("explain --format yaml: exit %d, want 2", r.code)
	}

	r = run(t, invocation{args: []string{"doctor", "--json"}, dir: dir})
	var d struct {
		LandlockABI int  `json:"landlockABI"`
		Ready       bool `json:"ready"`
		Settings    []struct {
			Path, Scope string
		} `json:"settings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil || r.code != 0 {
		t.Fatalf("doctor --json: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	if d.LandlockABI >= 6 && !d.Ready {
		t.Errorf("doctor: ABI %d but not ready", d.LandlockABI)
	}
	if len(d.Settings) == 0 {
		t.Error("doctor lists no settings files")
	}
}
