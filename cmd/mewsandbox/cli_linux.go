//go:build linux && cgo

package main

// mews_cli marks this program as the mewsandbox CLI for the exec
// package's C code (child_linux.c), which every program linking exec
// carries: its constructor starts the sharer, and a pre-forked child, for
// "mewsandbox run" in this program alone, not in another whose first
// argument is "run" too.

// const int mews_cli = 1;
import "C"
