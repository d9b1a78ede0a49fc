package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// TestSocketsLine: explain says a run with unix sockets alone gets a
// network namespace of its own under the layer, and no other run does.
func TestSocketsLine(t *testing.T) {
	const own = "a network namespace of its own"
	for _, tt := range []struct {
		name string
		pol  exec.Policy
		want bool
	}{
		{"unix sockets alone", exec.Policy{Network: exec.Network{UnixSockets: true}}, true},
		{"unix sockets without the layer", exec.Policy{Network: exec.Network{UnixSockets: true}, NoNamespaces: true}, false},
		{"unix sockets and a TCP port", exec.Policy{Network: exec.Network{UnixSockets: true, Connect: []uint16{443}}}, false},
		{"unix sockets and all the network", exec.Policy{Network: exec.Network{UnixSockets: true, Mode: exec.NetworkAll}}, false},
		{"no network", exec.Policy{}, false},
	} {
		e := exec.Enforcement{Seccomp: seccomp.Config{AllowUnix: tt.pol.Network.UnixSockets}}
		if got := strings.Contains(socketsLine(e, tt.pol.OwnNetwork(), given), own); got != tt.want {
			t.Errorf("%s: the sockets line says %q; want the namespace said: %v", tt.name, socketsLine(e, tt.pol.OwnNetwork(), given), tt.want)
		}
	}
	// Where the kernel refuses it, the line says so and what is lost, in
	// the words of the refusal; without the layer, as before.
	e := exec.Enforcement{Seccomp: seccomp.Config{AllowUnix: true}}
	refused := func() (string, error) { return "", errors.New("the kernel refused a network namespace: lost") }
	if l := socketsLine(e, true, refused); strings.Contains(l, own) || !strings.Contains(l, "no network namespace of its own: the kernel refused a network namespace: lost") {
		t.Errorf("refused: the sockets line says %q", l)
	}
	noLayer := func() (string, error) { return "", exec.ErrNoNamespaceLayer }
	if l := socketsLine(e, true, noLayer); !strings.Contains(l, "with the namespace layer a network namespace of its own") {
		t.Errorf("no layer: the sockets line says %q", l)
	}
}

// given is exec.NetworkNamespace where the kernel gives one.
func given() (string, error) { return "one of its own", nil }
