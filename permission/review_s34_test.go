package permission

import (
	"strings"
	"testing"
)

// TestReviewDecisionsS34 is TestRedTeamDecisions for the S34 review of
// the subcommand rows: a subcommand only known at run time, an aws
// setting that is no credential, and pip told by a variable exported
// earlier in the command line. testEnv: project /home/u/proj, home
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
		// aws configure set stores one setting: a credential only for
		// the keys of one (as aws configure get prints one), and a
		// program to run for one.
		{"S34 aws configure set aws_secret_access_key", D, nil, `aws configure set aws_secret_access_key s3cr3t`, Ask},
		{"S34 aws configure set profile.P.aws_access_key_id", A, nil, `aws configure set profile.dev.aws_access_key_id AKIA`, Ask},
		{"S34 aws configure set aws_session_token", D, nil, `aws --profile dev configure set aws_session_token t`, Ask},
		{"S34 aws configure set $KEY", D, nil, `aws configure set "$KEY" v`, Ask},
		{"S34 aws configure set credential_process", D, nil, `aws configure set credential_process /home/u/proj/x.sh`, Ask},
		{"S34 aws configure still asks", D, nil, `aws configure`, Ask},
		{"S34 aws configure import still asks", D, nil, `aws configure import --csv file://k.csv`, Ask},
		{"S34 neighbour: aws configure set of a setting", D, nil, `aws configure set region eu-west-1 && aws configure set output json && aws --profile dev configure set profile.dev.region "$r" && aws configure set default.s3.max_concurrent_requests 20`, Allow},
		// A variable exported earlier in the command line, as pip reads
		// it, as git's are (export GIT_WORK_TREE=/etc; git clean).
		{"S34 export PIP_BREAK_SYSTEM_PACKAGES=1; pip install", D, nil, `export PIP_BREAK_SYSTEM_PACKAGES=1; pip install x`, Ask},
		{"S34 export PIP_BREAK_SYSTEM_PACKAGES=1 && python3 -m pip", A, nil, `export PIP_BREAK_SYSTEM_PACKAGES=1 && python3 -m pip install x`, Ask},
		{"S34 declare -x PIP_BREAK_SYSTEM_PACKAGES=yes; pip3", D, nil, `declare -x PIP_BREAK_SYSTEM_PACKAGES=yes; pip3 install x`, Ask},
		{"S34 export UV_SYSTEM_PYTHON=1; uv pip", D, nil, `export UV_SYSTEM_PYTHON=1; uv pip install x`, Ask},
		{"S34 export PIP_BREAK_SYSTEM_PACKAGES=1 in bash -c", D, nil, `bash -c 'export PIP_BREAK_SYSTEM_PACKAGES=1; pip install x'`, Ask},
		{"S34 neighbour: exported off, or set for pip itself", D, nil, `export PIP_BREAK_SYSTEM_PACKAGES=0; pip install x && export UV_SYSTEM_PYTHON=false; uv pip install x`, Allow},
		{"S34 neighbour: the variable set for one command before pip", D, nil, `PIP_BREAK_SYSTEM_PACKAGES=1 true; pip install x`, Allow},
		{"S34 neighbour: turned off for pip itself", D, nil, `export PIP_BREAK_SYSTEM_PACKAGES=1; PIP_BREAK_SYSTEM_PACKAGES=0 pip install x`, Allow},
	}
	checkDecisions(t, tests)
}

// TestReviewReasonsS34: a subcommand only known at run time asks for
// what the row it may be does; aws configure set asks for a credential
// key only; an exported variable is named as set for pip.
func TestReviewReasonsS34(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, reason string }{
		{`gh auth "$x"`, `gh auth "$x": the subcommand is only known at run time and may be one that stores a credential`},
		{`rustup $s default x`, `rustup $s: the subcommand is only known at run time and may be one that changes the version`},
		{`cargo "$c"`, `cargo "$c": the subcommand is only known at run time and may be one that stores a credential`},
		{`aws configure set aws_secret_access_key s`, "aws configure set aws_secret_access_key stores a credential"},
		{`aws configure set credential_process x`, "aws configure set credential_process names a program every later run of aws runs"},
		{`export PIP_BREAK_SYSTEM_PACKAGES=1; pip install x`, "pip with PIP_BREAK_SYSTEM_PACKAGES=1 installs or removes packages of the system's Python"},
	} {
		res := engine(t, ModeDefault).Check(bash(tt.cmd))
		if res.Decision != Ask || !strings.Contains(res.Reason, tt.reason) {
			t.Errorf("%q: %v (%s), want Ask for %q", tt.cmd, res.Decision, res.Reason, tt.reason)
		}
	}
}
