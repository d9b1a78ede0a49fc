//go:build !linux

package integration

import "testing"

// hasPrefork: only the Linux release binary pre-forks its sandbox child.
func hasPrefork(*testing.T, *box) bool { return false }
