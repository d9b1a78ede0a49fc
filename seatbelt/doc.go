// Package seatbelt renders the sandbox policy as a macOS Seatbelt profile
// (SBPL), the language sandbox-exec(1) reads:
//
//	sandbox-exec -p PROFILE -D NAME=VALUE ... -- CMD ARGS
//
// The package is pure text and path handling: it runs and is tested on any
// system, and only the profile it produces needs macOS.
//
// What the profile relies on:
//
//   - (deny default) first, then allows. When several rules match an
//     operation the last one wins, so every deny (protected paths,
//     credential stores, --deny-read) comes after the allows it narrows.
//   - Seatbelt matches the path the kernel resolved, symbolic links
//     followed and /tmp, /var and /etc spelt /private/tmp, /private/var and
//     /private/etc. A rule naming a symbolic link never matches what it
//     points to; Canonical spells every path the way Seatbelt will see it.
//   - No path that comes from the policy is written into the profile. Each
//     is a -D parameter the profile names with (param "NAME"), so a path
//     holding ", \, ) or (allow default) is a value, never syntax. The few
//     string literals are this package's own constants, written by quote.
package seatbelt
