package permission

import "fmt"

// Decision is the outcome of a permission check.
type Decision int

// The decisions, ordered from the most to the least permissive so that the
// strictest of several is their maximum.
const (
	Allow Decision = iota
	Ask
	Deny
)

func (d Decision) String() string {
	switch d {
	case Allow:
		return "allow"
	case Ask:
		return "ask"
	case Deny:
		return "deny"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// MarshalText renders the decision as "allow", "ask" or "deny".
func (d Decision) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Stricter returns the stricter of d and o.
func (d Decision) Stricter(o Decision) Decision { return max(d, o) }

// Result is a decision with everything a person or a program needs to act on
// it.
type Result struct {
	Decision Decision `json:"decision"`
	// Reason says, in one sentence, why.
	Reason string `json:"reason"`
	// Rule is the text of the rule that decided, if one did.
	Rule string `json:"rule"`
	// Source is where that rule came from ("path/to/settings.yaml:12",
	// "command line", "session"), empty when no rule decided.
	Source string `json:"source"`
	// Commands holds the decision for each simple command of a shell
	// command line, in source order.
	Commands []CommandResult `json:"commands"`
	// Suggestion is a rule the user could add to allow this call next time;
	// set only for Ask and for Deny that no deny rule caused.
	Suggestion string `json:"suggestion"`
	// Warnings are things the caller should print (repeated denials).
	Warnings []string `json:"warnings,omitempty"`
}

// CommandResult is the decision for one simple command of a shell command.
type CommandResult struct {
	Command  string   `json:"command"`
	Decision Decision `json:"decision"`
	Reason   string   `json:"reason"`
	Rule     string   `json:"rule,omitempty"`
	Source   string   `json:"source,omitempty"`
}
