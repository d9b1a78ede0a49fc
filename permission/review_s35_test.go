package permission

import (
	"strings"
	"testing"
)

// TestReviewDecisionsS35 is TestRedTeamDecisions for the S35 review of
// the checks written as switches of a program's subcommand
// (checkForgeChange, checkPublish, checkPackageInstall): a subcommand
// only known at run time. testEnv: project /home/u/proj, home /home/u.
func TestReviewDecisionsS35(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		// A word only known at run time where a guarded subcommand
		// would be may be that subcommand, as in matchSubcommand's rows.
		{"S35 gh release $x v1", D, nil, `gh release "$x" v1`, Ask},
		{"S35 glab mr $x 1", D, nil, `glab mr "$x" 1`, Ask},
		{"S35 gh repo deploy-key $x", A, nil, `gh repo deploy-key "$x" key.pub`, Ask},
		{"S35 gh secret $x FOO", D, nil, `gh secret "$x" FOO`, Ask},
		{"S35 apt-get $x jq", D, nil, `apt-get "$x" jq`, Ask},
		{"S35 apt-get -y $x jq", A, nil, `apt-get -y "$x" jq`, Ask},
		{"S35 dnf $x jq", D, nil, `dnf "$x" jq`, Ask},
		{"S35 brew $x jq", D, nil, `brew "$x" jq`, Ask},
		{"S35 twine $x dist/*", D, nil, `twine "$x" dist/*`, Ask},
		{"S35 python -m twine $x", D, nil, `python3 -m twine "$x" dist/*`, Ask},
		{"S35 gem $x pkg.gem", D, nil, `gem "$x" pkg.gem`, Ask},
		{"S35 docker image $x img", D, nil, `docker image "$x" img`, Ask},
		{"S35 docker $x img", D, nil, `docker "$x" img`, Ask},
		{"S35 cargo $x (kept)", D, nil, `cargo "$x"`, Ask},
		{"S35 npm $x x (kept)", D, nil, `npm "$x" x`, Ask},
		// Kept as they were.
		{"S35 neighbour: apt-get install -y $pkg", D, nil, `apt-get install -y "$pkg"`, Ask},
		{"S35 neighbour: docker run $img", D, nil, `docker run "$img"`, Ask},
		{"S35 neighbour: a word known at run time after a subcommand no switch guards", D, nil, `gh pr view "$n" && gh issue list --label "$l" && gh release view "$t" && glab mr view "$n" && brew list "$x" && npm run "$s" && twine check "$f" && dnf info "$p" && gem list "$g" && docker image ls "$r" && yarn workspace "$w" build`, Allow},
	}
	checkDecisions(t, tests)
}

// TestReviewReasonsS35: a subcommand only known at run time asks for
// what the subcommand it may be does.
func TestReviewReasonsS35(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, reason string }{
		{`gh release "$x" v1`, `gh release "$x": the subcommand is only known at run time and may be one that changes a release (and its tag) on the remote`},
		{`glab mr "$x" 1`, `glab mr "$x": the subcommand is only known at run time and may be one that merges into the base branch on the remote`},
		{`apt-get "$x" jq`, `apt-get "$x": the subcommand is only known at run time and may be one that installs or removes packages for the whole system`},
		{`brew "$x" jq`, `brew "$x": the subcommand is only known at run time and may be one that installs or removes packages`},
		{`twine "$x" dist/*`, `twine "$x": the subcommand is only known at run time and may be one that publishes to a registry`},
		{`docker image "$x" img`, `docker image "$x": the subcommand is only known at run time and may be one that publishes to a registry`},
		// Unchanged: a subcommand known as written.
		{`gh release delete v1`, `gh release delete changes a release (and its tag) on the remote`},
		{`twine upload dist/*`, `twine upload publishes to a registry`},
		{`apt-get install jq`, `apt-get install installs or removes packages for the whole system`},
	} {
		res := engine(t, ModeDefault).Check(bash(tt.cmd))
		if res.Decision != Ask || !strings.Contains(res.Reason, tt.reason) {
			t.Errorf("%q: %v (%s), want Ask for %q", tt.cmd, res.Decision, res.Reason, tt.reason)
		}
	}
}
