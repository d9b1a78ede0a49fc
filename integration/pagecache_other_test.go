//go:build !linux

package integration

import "testing"

// readFromDisk: the page cache's pieces are measured on Linux only.
func readFromDisk(*testing.T, string) {}
