// Package permission decides whether a tool call (a shell command, a file
// read, write or edit, a web fetch) is allowed, denied or needs a person to
// approve it.
//
// The decision comes from rules (allow, ask and deny lists gathered from
// settings files, the command line and the session), the permission mode,
// built-in danger checks on the analysed shell command and a session
// whitelist. Deny always wins: no mode and no allow rule lifts it.
//
// The package holds decision logic only. It reads settings and session files
// but knows nothing of kernels or sandboxes; the exec package runs what this
// package allowed.
package permission
