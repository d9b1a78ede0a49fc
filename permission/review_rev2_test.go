package permission

import "testing"

// TestReviewVenvSurelyActiveRev2: an activation on the line counted for a
// later pip install wherever it stood, as if it had run: false && .
// .venv/bin/activate; pip install x, one in an if's branch, a loop's body
// or a case's item that did not run, and a source of a venv that is not
// there (. venv/bin/activate; pip install x: the source fails, the line
// goes on) passed while pip was the system's; so did a deactivate in a
// trap (trap deactivate DEBUG runs it before the pip). An activation now
// counts only where it surely ran before the pip (in the same part of
// the line or one holding it), and, unless the pip runs only if it
// succeeded (&&), where what it reads is there; a trap's commands run in
// the line's shell, their deactivate taken as run.
func TestReviewVenvSurelyActiveRev2(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const in, conda = "/home/u/proj/.venv", "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"R2 V false && activate; pip install", D, nil, `false && source .venv/bin/activate; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation in an if's branch", A, nil, `if false; then . .venv/bin/activate; fi; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation in an else", D, nil, `if true; then :; else . .venv/bin/activate; fi; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation in a loop's body", A, nil, `for f in; do . .venv/bin/activate; done; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation in a while's body", D, nil, `while false; do . .venv/bin/activate; done; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation in a case's item", D, nil, `case a in b) . .venv/bin/activate;; esac; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V an activation after ||", A, nil, `true || . .venv/bin/activate; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V a missing venv sourced, then pip", D, nil, `. venv/bin/activate; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V a missing venv sourced in a subshell", A, nil, `(source venv/bin/activate; pip install x)`, Ask}, "", ""},
		{decisionRow{"R2 V a missing venv, dontAsk", ModeDontAsk, nil, `source env/bin/activate; pip3 install x`, Deny}, "", ""},
		{decisionRow{"R2 V a trap deactivates before pip", D, nil, `. .venv/bin/activate; trap deactivate DEBUG; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 V a trap's activation", A, nil, `trap '. .venv/bin/activate' DEBUG; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 C a conda activation that did not run", D, nil, `false && conda activate ./.conda; conda install x`, Ask}, "", ""},
		{decisionRow{"R2 V neighbour: an activation of a venv there, then pip", D, nil, `. .venv/bin/activate; pip install x`, Allow}, "", ""},
		{decisionRow{"R2 V neighbour: activated and used in the same branch", A, nil,
			`if [ -d .venv ]; then . .venv/bin/activate; pip install x; fi; for r in a; do source .venv/bin/activate && pip install -r requirements.txt; done`, Allow}, "", ""},
		{decisionRow{"R2 V neighbour: a venv made, activated and used with &&", D, nil,
			`python3 -m venv v2 && . v2/bin/activate && pip install x && (cd sub && pip install -e .) && echo $(pip install y)`, Allow}, "", ""},
		{decisionRow{"R2 V neighbour: after a || the chain goes on with &&", A, nil, `[ -d v3 ] || python3 -m venv v3 && . v3/bin/activate && pip install x`, Allow}, "", ""},
		{decisionRow{"R2 V neighbour: a deactivate in a trap, a venv active", D, nil, `trap 'echo done' EXIT; pip install x`, Allow}, in, ""},
		{decisionRow{"R2 C neighbour: conda activate of one there, and its install", D, nil, `conda activate ./.conda && conda install x && pip install y`, Allow}, "", conda},
	})
}

// TestReviewCommandDefaultPathRev2: command -p looks the command up in
// the system's default PATH (/bin:/usr/bin), not the shell's, which an
// active venv leads with its bin directory: command -p pip install x ran
// the system's pip, allowed where a venv in the project was active.
func TestReviewCommandDefaultPathRev2(t *testing.T) {
	t.Parallel()
	const in = "/home/u/proj/.venv"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"R2 P command -p pip install", ModeDefault, nil, `command -p pip install x`, Ask}, in, ""},
		{decisionRow{"R2 P activated, then command -p pip3", ModeAcceptEdits, nil, `. .venv/bin/activate && command -p pip3 install x`, Ask}, "", ""},
		{decisionRow{"R2 P command -p python3 -m pip, command -p --", ModeDefault, nil, `command -p python3 -m pip install x || command -p -- pip install y`, Ask}, in, ""},
		{decisionRow{"R2 P neighbour: command pip install, a venv active", ModeDefault, nil, `command pip install x && command -- pip install y`, Allow}, in, ""},
	})
}

// TestReviewShadowedByFunctionRev2: a function the line defines runs in
// place of the command of its name: source() { :; }; source
// .venv/bin/activate; pip install x activated nothing, and pip() {
// /usr/bin/pip "$@"; } ran the system's pip, both allowed as if the
// venv's pip ran.
func TestReviewShadowedByFunctionRev2(t *testing.T) {
	t.Parallel()
	const in, conda = "/home/u/proj/.venv", "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"R2 F source a function of the line's", ModeDefault, nil, `source() { :; }; source .venv/bin/activate; pip install x`, Ask}, "", ""},
		{decisionRow{"R2 F . a function of the line's", ModeAcceptEdits, nil, `.() { :; }; . .venv/bin/activate && pip install x`, Ask}, "", ""},
		{decisionRow{"R2 F pip a function of the line's", ModeDefault, nil, `pip() { /usr/bin/pip "$@"; }; pip install x`, Ask}, in, ""},
		{decisionRow{"R2 F python3 a function of the line's", ModeAcceptEdits, nil, `python3() { /usr/bin/python3 "$@"; }; python3 -m pip install x`, Ask}, in, ""},
		{decisionRow{"R2 F conda a function of the line's", ModeDefault, nil, `conda() { /opt/conda/bin/conda "$@"; }; conda install x`, Ask}, "", conda},
		{decisionRow{"R2 F neighbour: functions of other names", ModeDefault, nil, `setup() { . .venv/bin/activate; pip install x; }; setup; pip install y`, Allow}, in, ""},
	})
}

// TestReviewPerlFatCommaRev2: Perl's => is a comma (that quotes a
// bareword before it): open F => ">/etc/x" and open(F => ">", "/etc/x")
// wrote outside the project, allowed, where open F, ">/etc/x" asked.
func TestReviewPerlFatCommaRev2(t *testing.T) {
	t.Parallel()
	A := ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"R2 P open F => two arguments", A, nil, `perl -e 'open F => ">/etc/x"'`, Ask},
		{"R2 P open(F => three arguments)", A, nil, `perl -e 'open(F => ">", "/etc/x")'`, Ask},
		{"R2 P open my $f => pipe", ModeDefault, nil, `perl -e 'open my $f => "|-", "rm -rf /tmp/x"'`, Ask},
		{"R2 P neighbour: => in a hash, open in the project", A, nil, `perl -e 'my %h = (a => 1); open F => ">out.txt"; print F $h{a}'`, Allow},
	})
}

// TestReviewPipEnvOptionsRev2: pip reads each of its options from a
// PIP_ variable too: PIP_PYTHON=/usr/bin/python3 pip install x installed
// into the system's Python, PIP_TARGET, PIP_PREFIX and PIP_ROOT where
// they name, PIP_USER=1 into the user's site, and PIP_CONFIG_FILE
// wherever that file says, all allowed with a venv in the project active,
// where --python, --target, --prefix, --root and --user asked.
func TestReviewPipEnvOptionsRev2(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const in = "/home/u/proj/.venv"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"R2 E PIP_PYTHON", D, nil, `PIP_PYTHON=/usr/bin/python3 pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_PYTHON exported earlier", A, nil, `export PIP_PYTHON=/usr/bin/python3; pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_TARGET by env", D, nil, `env PIP_TARGET=/usr/lib/python3/dist-packages pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_PREFIX, python -m pip", A, nil, `PIP_PREFIX=/usr/local python3 -m pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_ROOT", D, nil, `PIP_ROOT=/ pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_USER", A, nil, `PIP_USER=1 pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E PIP_CONFIG_FILE", D, nil, `PIP_CONFIG_FILE=./pip.conf pip install x`, Ask}, in, ""},
		{decisionRow{"R2 E neighbour: an index, a target in the project, PIP_USER off", D, nil,
			`PIP_INDEX_URL=https://pypi.org/simple pip install x && PIP_TARGET=./vendor pip install y && PIP_USER=0 pip install z && PIP_PYTHON=.venv/bin/python pip install w`, Allow}, in, ""},
	})
}
