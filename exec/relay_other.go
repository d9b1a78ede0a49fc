//go:build (linux || darwin) && !(linux && cgo)

package exec

import "os"

// relaySignals: without cgo on Linux, and on macOS, catching is
// os/signal's (see relay_cgo_linux.go).
func relaySignals(chan<- os.Signal, []os.Signal) (stop, relay func()) { return nil, nil }
