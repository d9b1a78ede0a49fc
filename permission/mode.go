package permission

import (
	"fmt"
	"strings"
)

// Mode is the permission mode a session runs in.
type Mode string

// The permission modes.
const (
	// ModeDefault asks before dangerous commands and new files.
	ModeDefault Mode = "default"
	// ModePlan allows reads and read-only commands only (and the plan file).
	ModePlan Mode = "plan"
	// ModeAcceptEdits allows file edits without asking.
	ModeAcceptEdits Mode = "acceptEdits"
	// ModeBypassPermissions allows everything no deny or ask rule stops,
	// except writes to sensitive paths.
	ModeBypassPermissions Mode = "bypassPermissions"
	// ModeDontAsk turns every Ask into Deny, for non-interactive use.
	ModeDontAsk Mode = "dontAsk"
)

// Modes lists every mode in documentation order.
var Modes = []Mode{ModeDefault, ModePlan, ModeAcceptEdits, ModeBypassPermissions, ModeDontAsk}

// ParseMode returns the mode named s. Matching ignores case so that
// "acceptedits" from a hand-written file still works.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
	}
	names := make([]string, len(Modes))
	for i, m := range Modes {
		names[i] = string(m)
	}
	return "", fmt.Errorf("unknown mode %q (want one of %s)", s, strings.Join(names, ", "))
}
