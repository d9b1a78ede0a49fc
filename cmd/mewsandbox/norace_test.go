//go:build !race

package main

// slowdown: see race_test.go.
const slowdown = 1
