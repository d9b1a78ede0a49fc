package permission

import (
	"strings"
	"testing"
)

// TestRev71LongCopySkipped: one copy past maxCopiedBytes stopped every
// copy after it, of handOn and of runWith, so that a long value
// expanded many times made a later rm -rf of ~ an ask (too complex)
// where, before copies were bounded, it was denied. That copy alone is
// left unmade now. Neighbours: the long copy still makes the line too
// complex, and the short ones are read as before.
func TestRev71LongCopySkipped(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	long := strings.Repeat("a", 5000)
	refs := strings.Repeat(" $f", 1000)
	braces := strings.Repeat("{}", 2000)
	checkDecisions(t, []decisionRow{
		{"a long copy before ~ handed to rm", D, nil, `d=~; rm -rf "$d"; f=` + long + `; echo` + refs, Deny},
		{"a long copy before ~ handed to rm, bypassPermissions", Y, nil, `d=~; rm -rf "$d"; f=` + long + `; echo` + refs, Deny},
		{"xargs: a long word before ~", Y, nil, `printf '%s\n' ` + long + ` '~' | xargs -I{} rm -rf {} ` + braces, Deny},
		{"neighbour: the long copy alone", Y, nil, `f=` + long + `; echo` + refs, Ask},
		{"neighbour: xargs of a long word alone", Y, nil, `printf '%s\n' ` + long + ` | xargs -I{} echo {} ` + braces, Ask},
		{"neighbour: a short value handed on", D, nil, `d=src; ls "$d"; f=x; echo` + refs, Allow},
	})
}
