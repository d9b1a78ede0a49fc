package permission

import (
	"strings"
	"testing"
	"time"
)

// TestReviewRev73ActivationPartsLookedUp: latestActivations looked up
// every key of every part a pip lies in (an if in an if …), in each of
// its shells and functions, for each pip of the line, where pythonEnvs
// read its few activations: a line of pips nested 62 deep in a function
// of a nested shell took four times the time it took before
// activationIndex (1.1 s at 256 kB, 0.3 before; 4.6 s at 1 MiB, 1.1).
// Neighbours: an activation in such a part, or outside the nested
// shell, is judged as before.
func TestReviewRev73ActivationPartsLookedUp(t *testing.T) {
	t.Parallel()
	open, shut := strings.Repeat("if c; then ", 62), strings.Repeat("fi; ", 61)+"fi"
	// 448 kB of pips: under maxCommands (eng79), past which a line asks.
	checkQuick(t, ModeDefault, time.Second, []slowRow{
		{"pips nested deep in a function of a nested shell", `. .venv/bin/activate; bash -c 'sh -c "f() { ` + open +
			numbered("pip install x; ", 448<<10) + shut + `; }"'`, Allow},
		{"neighbour: a deep pip after a deactivate", `deactivate; bash -c 'sh -c "f() { ` + open + `pip install x; ` + shut + `; }"'`, Ask},
		{"neighbour: a deep pip after an activation beside it", `deactivate; bash -c 'sh -c "f() { ` + open + `. .venv/bin/activate; pip install x; ` + shut + `; }"'`, Allow},
		{"neighbour: a deep pip after an activation in an if beside it", `deactivate; bash -c 'sh -c "f() { ` + open + `if c; then . .venv/bin/activate; fi; pip install x; ` + shut + `; }"'`, Ask},
		{"neighbour: a deep pip after an activation outside", `deactivate; . .venv/bin/activate; bash -c 'sh -c "f() { ` + open + `pip install x; ` + shut + `; }"'`, Allow},
	})
}
