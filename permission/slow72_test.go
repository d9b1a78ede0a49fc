package permission

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// slow72: the engine's last slow lines, each of 256 kB of one construct
// repeated, to be checked in a second (checkFast) with the decision it
// had.

// checkQuick checks each row in mode, and fails one that takes longer
// than budget(limit) in the quickest of its runs (quickestRun),
// or gets another decision than the row's.
func checkQuick(t *testing.T, mode Mode, limit time.Duration, rows []slowRow) {
	t.Helper()
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			var d Decision
			limit := budget(limit)
			if took := quickestRun(limit, func() { d = engine(t, mode).Check(bash(tt.cmd)).Decision }); took > limit {
				t.Errorf("%.80q: checked in %v, want %v at most", tt.cmd, took, limit)
			}
			if d != tt.want {
				t.Errorf("%.80q: %v, want %v", tt.cmd, d, tt.want)
			}
		})
	}
}

// numbered returns unit repeated to size bytes, each N in it the count
// of units before.
func numbered(unit string, size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		b.WriteString(strings.ReplaceAll(unit, "N", strconv.Itoa(i)))
	}
	return b.String()
}

// TestSlow72ActivationsBack: pythonEnvs read every activation before a
// pip, and resolved its path again, for each pip: . .venv/bin/activate;
// pip install x; … of 256 kB took 13 to 19 s. The latest that ran for the
// pip is looked for back from it among those of its shells, parts of the
// line and function (activationIndex), one of a file not there only
// where it surely ran, and past maxActivationReads the pip's
// environment is not known. Neighbours: an activation in a
// subshell, one in an if, a deactivate, a conda activate, and a venv
// activated after conda are judged as before.
func TestSlow72ActivationsBack(t *testing.T) {
	t.Parallel()
	const size = 256 << 10
	checkQuick(t, ModeDefault, time.Second, []slowRow{
		{"an activation and a pip many times", numbered(". .venv/bin/activate; pip install x; ", size), Allow},
		{"an activation in a subshell and a pip many times", "deactivate; " + numbered("(. .venv/bin/activate); pip install x; ", size), Ask},
		{"an activation in an if and a pip many times", "deactivate; " + numbered("if c; then . .venv/bin/activate; fi; pip install x; ", size), Ask},
		{"conda, a pip, a deactivate and a pip many times", numbered("conda activate ./e; pip install x; deactivate; pip install x; ", size), Ask},
		{"a venv made, activated and a pip many times", numbered("python3 -m venv .vN; . .vN/bin/activate; pip install x; ", size), Allow},
		{"a venv made, activated and a pip many times, after a deactivate", "deactivate; " + numbered("python3 -m venv .vN; . .vN/bin/activate; pip install x; ", size), Ask},
		{"an activation in a function and a pip many times", "deactivate; " + numbered("fN() { . .venv/bin/activate; }; pip install x; ", size), Ask},
		{"neighbour: a venv made and activated", `deactivate; python3 -m venv .v; . .v/bin/activate; pip install x`, Ask},
		{"neighbour: a venv made and surely activated", `deactivate; python3 -m venv .v && . .v/bin/activate && pip install x`, Allow},
		{"neighbour: a venv made and surely activated, in an if", `deactivate; if c; then python3 -m venv .v && . .v/bin/activate && pip install x; fi`, Allow},
		{"neighbour: an activation and a pip in a function", `deactivate; f() { . .venv/bin/activate; pip install x; }; f`, Allow},
		{"neighbour: an activation", `. .venv/bin/activate; pip install x`, Allow},
		{"neighbour: an activation in a subshell", `deactivate; (. .venv/bin/activate); pip install x`, Ask},
		{"neighbour: an activation in an if", `deactivate; if c; then . .venv/bin/activate; fi; pip install x`, Ask},
		{"neighbour: an activation in a function", `deactivate; f() { . .venv/bin/activate; }; f; pip install x`, Ask},
		{"neighbour: an activation after a deactivate", `deactivate; . .venv/bin/activate; pip install x`, Allow},
		{"neighbour: a deactivate in a subshell", `(deactivate); pip install x`, Allow},
		{"neighbour: a deactivate", `. .venv/bin/activate; deactivate; pip install x`, Ask},
		{"neighbour: a deactivate after conda in the project", `conda activate ./e && . .venv/bin/activate && deactivate && pip install x`, Allow},
		{"neighbour: a deactivate after conda outside", `conda activate /opt/e; . .venv/bin/activate; deactivate; pip install x`, Ask},
		{"neighbour: a venv after conda outside", `conda activate /opt/e; . .venv/bin/activate; pip install x`, Allow},
		{"neighbour: conda outside after a venv", `. .venv/bin/activate; conda activate /opt/e; pip install x`, Ask},
		{"neighbour: conda install after a venv and conda in the project", `conda activate ./e && . .venv/bin/activate && conda install x`, Allow},
		{"neighbour: conda install after conda outside and a venv", `conda activate /opt/e; . .venv/bin/activate; conda install x`, Ask},
		{"neighbour: an activation in the nested shell", `bash -c '. .venv/bin/activate; sh -c "pip install x"'`, Allow},
	})
}

// TestSlow72NestedSourcesIndexed: activatedInNested read every command
// before a pip in a nested shell started without PATH for the source of
// its environment: env -i bash -c '. .venv/bin/activate && pip install
// x'; … of 256 kB took 1 s, 4 s at 512 kB. The first source of each
// file in each shell is indexed. Neighbours: one in another shell, or
// after the pip, does not count.
func TestSlow72NestedSourcesIndexed(t *testing.T) {
	t.Parallel()
	checkQuick(t, ModeDefault, time.Second, []slowRow{
		{"nested activations and pips many times", numbered(`env -i bash -c ". .venv/bin/activate && pip install x"; `, 512<<10), Allow},
		{"neighbour: a nested activation and pip", `env -i bash -c '. .venv/bin/activate && pip install x'`, Allow},
		{"neighbour: a nested pip", `env -i bash -c 'pip install x'`, Ask},
		{"neighbour: an activation outside", `. .venv/bin/activate; env -i bash -c 'pip install x'`, Ask},
		{"neighbour: an activation in another nested shell", `env -i bash -c '. .venv/bin/activate'; env -i bash -c 'pip install x'`, Ask},
		{"neighbour: an activation after the pip", `env -i bash -c 'pip install x; . .venv/bin/activate'`, Ask},
	})
}

// TestSlow72LinksIndexed: throughLink read every link the line made for
// each command: ln -s /etc lN; echo x > yN; … of 256 kB took 8 to 13 s.
// The links a path lies below are looked up by its directories.
// Neighbours: a write below a link, a run in it, through it by .., and
// by the command that made it are judged as before.
func TestSlow72LinksIndexed(t *testing.T) {
	t.Parallel()
	const size = 256 << 10
	checkQuick(t, ModeDefault, time.Second, []slowRow{
		{"links and writes many times", numbered("ln -s /etc lN; echo x > yN; ", size), Allow},
		{"links and writes through them many times", numbered("ln -s /etc lN; echo x > lN/y; ", size), Ask},
		{"neighbour: a write through a link", `ln -s /etc l; echo x > l/passwd`, Ask},
		{"neighbour: a write through a link by ..", `ln -s /etc l; echo x > l/../y`, Ask},
		{"neighbour: a run in a link", `ln -s /etc l; make -C l`, Ask},
		{"neighbour: a run below a link by ..", `ln -s /etc l; make -C l/../x`, Ask},
		{"neighbour: a write beside a link", `ln -s /etc l; echo x > l2`, Allow},
		{"neighbour: the link alone", `ln -s /etc l`, Allow},
	})
}

// TestSlow72PositionalLatest: soleValue read every read on the line
// back for each variable a word expands, "$" for "$@", which no read
// sets: set -- a b; echo "$@"; … of 256 kB took 4 to 6 s. The latest
// read of each name is indexed. Neighbours: positional parameters still
// carry their values.
func TestSlow72PositionalLatest(t *testing.T) {
	t.Parallel()
	const size = 256 << 10
	checkQuick(t, ModeBypassPermissions, 2*time.Second, []slowRow{
		{"set -- and \"$@\" many times", numbered(`set -- a b; echo "$@"; `, size), Ask},
		{"neighbour: set -- of a key, then cat \"$1\"", `set -- ~/.ssh/id_rsa; cat "$1"`, Ask},
		{"neighbour: set -- of a project file, then cat \"$1\"", `set -- src/a.go; cat "$1"`, Allow},
		{"neighbour: a heredoc of $1", "set -- .git/config; cat <<EOF > x\n$1\nEOF\nsh x", Ask},
	})
}

// TestSlow72CommandsPresized: the commands of a line grew by doubling,
// each of 300 bytes copied about twice: 2,100 bytes allocated a command
// of a line of echo hi; … (0.4 s of the 1.8 of 1 MiB). They are given
// room for as many as the line has operators that end one
// (commandsHint): under 1,600. Neighbour: a line of one command with
// its operators quoted is still read whole.
func TestSlow72CommandsPresized(t *testing.T) {
	if slowdown > 1 {
		t.Skip("the race detector allocates more of its own")
	}
	if per := allocatedPerCommand(t, repeated("echo hi", "; ", maxCommands), maxCommands); per > 1600 {
		t.Errorf("%d bytes allocated a command, want at most 1600", per)
	}
	checkDecisions(t, []decisionRow{
		{"neighbour: one command of quoted operators, then a write of .git/config", ModeDefault, nil,
			`echo '` + strings.Repeat(";|&", 10000) + `'; echo x >> .git/config`, Ask},
	})
}
