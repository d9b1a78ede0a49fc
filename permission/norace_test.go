//go:build !race

package permission

// slowdown: see race_test.go.
const slowdown = 1
