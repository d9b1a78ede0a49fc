//go:build !linux

package integration

// subreaperMain: child subreapers are Linux's (TestLeftForInit).
func subreaperMain(string) int { return 1 }
