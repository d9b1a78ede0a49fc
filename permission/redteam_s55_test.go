package permission

import "testing"

// TestRedTeamGitForeignDirS55: git run in a directory outside the project
// (git -C /tmp/x status, cd /tmp/x && git log) reads the configuration of
// the repository there, whose core.fsmonitor, core.pager and hooks it
// runs: a repository someone else made ran its programs on the host,
// allowed, where git --git-dir=/tmp/x/.git asked. It is now asked for;
// a -C only known at run time too, as GIT_DIR=$X is.
func TestRedTeamGitForeignDirS55(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55rt A git -C /tmp/x status", D, nil, `git -C /tmp/x status`, Ask},
		{"S55rt A git -C /tmp/x log", A, nil, `git -C /tmp/x log --oneline`, Ask},
		{"S55rt A git -C /tmp/x diff", A, nil, `git -C /tmp/x diff`, Ask},
		{"S55rt A git -C ~/other status", D, nil, `git -C ~/other status`, Ask},
		{"S55rt A cd /tmp/x && git status", A, nil, `cd /tmp/x && git status`, Ask},
		{"S55rt A cd /tmp/x; git log", D, nil, `cd /tmp/x; git log`, Ask},
		{"S55rt A a subshell's cd", A, nil, `(cd /tmp/x && git diff)`, Ask},
		{"S55rt A -C .. twice leaves the project", D, nil, `cd sub && git -C ../.. status`, Ask},
		{"S55rt A -C only known at run time", A, nil, `git -C "$X" status`, Ask},
		{"S55rt A dontAsk", ModeDontAsk, nil, `git -C /tmp/x status`, Deny},
		{"S55rt A neighbour: git in the project and its directories", A, nil,
			`git status && git -C sub status && git -C /home/u/proj log && cd sub && git diff && git -C "$PWD/sub" log`, Allow},
		{"S55rt A neighbour: in default mode, after cd to the root", D, nil, `cd /home/u/proj && git status && git log -3`, Allow},
		{"S55rt A neighbour: a cd only known at run time is left", D, nil, `cd "$(git rev-parse --show-toplevel)" && git status`, Allow},
	})
}
