package permission

import (
	"strings"
	"testing"
)

// TestReviewDecisionsS34 is TestRedTeamDecisions for the S34 review of
// the subcommand rows: a subcommand only known at run time. testEnv: project /home/u/proj, home
// /home/u.
func TestReviewDecisionsS34(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		// A word only known at run time where a row's subcommand would
		// be may be that subcommand, as git "$x" is.
		{"S34 gh $x", D, nil, `gh "$x"`, Ask},
		{"S34 gh auth $x", A, nil, `gh auth "$x"`, Ask},
		{"S34 gh -R o/r auth $x", D, nil, `gh -R o/r auth "$x"`, Ask},
		{"S34 docker $c login", D, nil, `docker "$c" login`, Ask},
		{"S34 podman $c", D, nil, `podman "$c"`, Ask},
		{"S34 npm $cmd", D, nil, `npm "$cmd"`, Ask},
		{"S34 npm token $x", A, nil, `npm token "$x"`, Ask},
		{"S34 rustup $s default x", D, nil, `rustup $s default x`, Ask},
		{"S34 rustup toolchain $x", D, nil, `rustup toolchain "$x" nightly`, Ask},
		{"S34 cargo $c", D, nil, `cargo "$c"`, Ask},
		{"S34 pyenv $x 3.12", D, nil, `pyenv "$x" 3.12.1`, Ask},
		{"S34 aws configure $x", D, nil, `aws configure "$x"`, Ask},
		{"S34 gcloud auth $(…)", D, nil, `gcloud auth $(echo login)`, Ask},
		{"S34 neighbour: a word known at run time after a subcommand no row names", D, nil, `gh pr view "$n" && gh issue list --label "$l" && npm run "$script" && cargo build --bin "$b" && cargo test "$t" && rustup run "$tc" cargo build && pyenv local "$v" && kubectl --namespace="$ns" get pods && kubectl logs "$pod" && aws --profile "$p" s3 ls`, Allow},
	}
	checkDecisions(t, tests)
}

// TestReviewReasonsS34: a subcommand only known at run time asks for
// what the row it may be does.
func TestReviewReasonsS34(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, reason string }{
		{`gh auth "$x"`, `gh auth "$x": the subcommand is only known at run time and may be one that stores a credential`},
		{`rustup $s default x`, `rustup $s: the subcommand is only known at run time and may be one that changes the version`},
		{`cargo "$c"`, `cargo "$c": the subcommand is only known at run time and may be one that stores a credential`},
	} {
		res := engine(t, ModeDefault).Check(bash(tt.cmd))
		if res.Decision != Ask || !strings.Contains(res.Reason, tt.reason) {
			t.Errorf("%q: %v (%s), want Ask for %q", tt.cmd, res.Decision, res.Reason, tt.reason)
		}
	}
}
