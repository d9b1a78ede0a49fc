// Package exec runs one command under a sandbox policy and returns its exit
// status.
//
// A Policy says what the command may touch: the project root, other granted
// paths, paths that must stay unreadable, the network. Policy.Plan translates
// it for the running kernel into a Landlock ruleset and a seccomp filter and
// names what the kernel cannot enforce. Cmd.Run enforces it.
//
// On Linux the sandbox child is C (child_linux.c), run before the C library
// and the Go runtime start: Run re-executes the running binary
// (/proc/self/exe) with a private marker argument, or, in the release
// binary, adopts the child its entry point forked for "mewsandbox run".
// While the child starts, the parent works out the rest: the policy for
// this kernel, the binary, the namespace layer's mounts, the Landlock
// ruleset (sent as a descriptor) and the seccomp filter, compiled to BPF;
// and it refuses to hand the command a socket, as stdio or passed, through
// which it could reach what the network policy does not grant
// (sockets_linux.go).
// The child reads that spec from fd 3, marks every other descriptor
// close-on-exec, makes the layer's mounts, sets no_new_privs, restricts
// itself with Landlock, drops its capabilities, loads the filter last and,
// at the parent's go, execve's the command; in a pid namespace it forks the
// command and stays as its init, which ends the namespace as the command
// ends and reports the status. A failure on the way is reported as JSON on
// fd 4, a close-on-exec pipe, so a parent that reads EOF without data knows
// the execve succeeded. Init is kept for programs that call it first thing
// in main (and in TestMain); it has nothing left to do.
//
// On macOS, Run renders the policy as a Seatbelt profile (package seatbelt)
// and runs /usr/bin/sandbox-exec -p PROFILE -D NAME=VALUE ... -- PATH ARGS,
// which applies the profile and execve's the command in place; Plan checks
// the policy renders, and Init does nothing. Signals, the timeout, the
// session and the exit statuses are the same on both (supervise.go); what
// macOS lacks (a parent-death signal, a child subreaper, a TIOCSTI filter)
// is listed in run_darwin.go.
//
// Exit statuses follow the shell: the command's own, 128+N when a signal N
// killed it, 124 on timeout, and for a *StageError 125 (the sandbox could not
// be applied), 126 (not executable) or 127 (not found).
package exec
