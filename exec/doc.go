// Package exec runs one command under a sandbox policy and returns its exit
// status.
//
// A Policy says what the command may touch: the project root, other granted
// paths, paths that must stay unreadable, the network. Policy.Plan translates
// it for the running kernel into a Landlock ruleset and a seccomp filter and
// names what the kernel cannot enforce. Cmd.Run enforces it.
//
// On Linux, Run re-executes the running binary (/proc/self/exe) with a private
// marker argument, first thing, and works out the rest while that child
// starts: the policy for this kernel, the binary, and the seccomp filter,
// compiled to BPF. The child, entered from this package's init, locks its OS
// thread, reads the command's spec from fd 3, marks every other descriptor
// close-on-exec, sets no_new_privs, restricts itself with Landlock, loads the
// compiled filter last and execve's the command from the same thread. A
// failure on the way is reported as JSON on fd 4, a close-on-exec pipe, so a
// parent that reads EOF without data knows the execve succeeded. Init is
// kept for programs that call it first thing in main (and in TestMain); it
// has nothing left to do.
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
