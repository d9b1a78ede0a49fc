package permission

import (
	"strings"
	"testing"
)

// TestReviewDecisionsS40 is TestRedTeamDecisions for the S40 review of
// what stop 26 left open in the engine: a package manager's action given
// as an option only known at run time (dpkg "$op"), nix's command or
// profile's subcommand only known at run time, the forge's merges and
// deletions made through gh api (the REST merge endpoint, GraphQL
// mutations, a query read from a file), and aws configure set of the
// settings that send its signed requests elsewhere or change as whom it
// acts. testEnv: project /home/u/proj, home /home/u.
func TestReviewDecisionsS40(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		{"S40 dpkg $op foo.deb", D, nil, `dpkg "$op" foo.deb`, Ask},
		{"S40 dpkg --install=$deb", A, nil, `dpkg --install="$deb"`, Ask},
		{"S40 rpm $op foo.rpm", D, nil, `rpm "$op" foo.rpm`, Ask},
		{"S40 pacman $op foo", D, nil, `pacman "$op" foo`, Ask},
		{"S40 nix-env $op hello", D, nil, `nix-env "$op" hello`, Ask},
		{"S40 nix profile $x", D, nil, `nix profile "$x" nixpkgs#hello`, Ask},
		{"S40 nix $x install", A, nil, `nix "$x" install nixpkgs#hello`, Ask},
		{"S40 gh api graphql deleteRepository", D, nil, `gh api graphql -f query='mutation { deleteRepository(input:{repositoryId:"R_1"}) { clientMutationId } }'`, Ask},
		{"S40 gh api graphql mergePullRequest", A, nil, `gh api graphql -f query='mutation { mergePullRequest(input:{pullRequestId:"PR_1"}) { clientMutationId } }'`, Ask},
		{"S40 gh api graphql enablePullRequestAutoMerge", D, nil, `gh api graphql -f query='mutation { enablePullRequestAutoMerge(input:{pullRequestId:"PR_1"}) { clientMutationId } }'`, Ask},
		{"S40 gh api graphql deleteBranchProtectionRule", D, nil, `gh api graphql -f query='mutation { deleteBranchProtectionRule(input:{branchProtectionRuleId:"B"}) { clientMutationId } }'`, Ask},
		{"S40 gh api graphql -F query=@file", D, nil, `gh api graphql -F query=@q.graphql -f owner=o`, Ask},
		{"S40 gh api graphql --input", D, nil, `gh api graphql --input q.json`, Ask},
		{"S40 gh api graphql -Fquery=@file, attached", D, nil, `gh api graphql -Fquery=@q.graphql`, Ask},
		{"S40 gh api graphql --field=query=@file, attached", A, nil, `gh api graphql --field=query=@q.graphql`, Ask},
		{"S40 gh api PUT pulls/N/merge", D, nil, `gh api -X PUT repos/o/r/pulls/1/merge`, Ask},
		{"S40 gh api --method=PUT pulls/N/merge", A, nil, `gh api --method=PUT /repos/o/r/pulls/1/merge -f merge_method=squash`, Ask},
		{"S40 glab api PUT merge_requests/N/merge", D, nil, `glab api -X PUT projects/1/merge_requests/2/merge`, Ask},
		// A full URL names the endpoint its path does (a review's).
		{"S40 gh api PUT full URL merge", D, nil, `gh api https://api.github.com/repos/o/r/pulls/1/merge -X PUT`, Ask},
		{"S40 gh api full URL graphql mutation", D, nil, `gh api https://api.github.com/graphql -f query='mutation { deleteRepository(input:{repositoryId:"R_1"}) { clientMutationId } }'`, Ask},
		{"S40 gh api GHE URL DELETE", A, nil, `gh api -X PATCH https://ghe.example.com/api/v3/repos/o/r -f private=false`, Ask},
		{"S40 gh api full URL secrets", D, nil, `gh api -X PUT https://api.github.com/repos/o/r/actions/secrets/X -f encrypted_value=y`, Ask},
		{"S40 aws configure set endpoint_url", D, nil, `aws configure set endpoint_url http://127.0.0.1:9000`, Ask},
		{"S40 aws configure set s3.endpoint_url", D, nil, `aws configure set s3.endpoint_url http://127.0.0.1:9000`, Ask},
		{"S40 aws configure set ca_bundle", D, nil, `aws configure set ca_bundle /home/u/proj/ca.pem`, Ask},
		{"S40 aws configure set profile.P.role_arn", A, nil, `aws configure set profile.dev.role_arn arn:aws:iam::1:role/x`, Ask},
		{"S40 aws configure set source_profile", D, nil, `aws --profile dev configure set source_profile admin`, Ask},
		{"S40 aws configure set external_id", D, nil, `aws configure set profile.dev.external_id x && aws configure set mfa_serial arn:aws:iam::1:mfa/u`, Ask},
		// Neighbours: a literal mode option first names the action, and
		// what follows is its operands; a query, a comment, a GET.
		{"S40 neighbour: package queries of a name known at run time", D, nil, `dpkg -l "$pkg" && dpkg -L "$pkg" && rpm -q "$p" && rpm -qf "$f" && pacman -Qi "$p" && pacman -Ss "$q" && nix-env -q && dpkg --print-architecture`, Allow},
		{"S40 neighbour: nix commands that install nothing", D, nil, `nix build "$x" && nix --extra-experimental-features "$f" build . && nix profile list && nix eval --raw "$e"`, Allow},
		{"S40 neighbour: gh api reads and comments", D, nil, `gh api graphql -f query='query { viewer { login } }' && gh api graphql -f query=@q.graphql && gh api graphql -f query='mutation { addComment(input:{subjectId:"I_1",body:"hi"}) { clientMutationId } }' && gh api repos/o/r/pulls/1/merge && gh api https://api.github.com/repos/o/r/pulls/1`, Allow},
		{"S40 neighbour: aws configure set of a setting", D, nil, `aws configure set region eu-west-1 && aws configure set output json && aws configure set default.s3.max_concurrent_requests 20`, Allow},
	}
	checkDecisions(t, tests)
}

// TestReviewReasonsS40: each asks for what the command does, naming the
// word only known at run time where one decided.
func TestReviewReasonsS40(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, reason string }{
		{`dpkg "$op" foo.deb`, `dpkg "$op": the action is only known at run time and may be one that installs or removes packages for the whole system`},
		{`dpkg --install="$deb"`, `dpkg --install installs or removes packages for the whole system`},
		{`nix profile "$x" nixpkgs#hello`, `nix profile "$x": the subcommand is only known at run time and may be one that installs or removes packages`},
		{`nix "$x" install nixpkgs#hello`, `nix "$x": the subcommand is only known at run time and may be one that installs or removes packages`},
		{`gh api graphql -f query='mutation { deleteRepository(input:{repositoryId:"R_1"}) { clientMutationId } }'`, `gh api graphql deletes the repository on the remote, as gh repo delete does`},
		{`gh api graphql -f query='mutation { mergePullRequest(input:{pullRequestId:"PR_1"}) { clientMutationId } }'`, `gh api graphql merges into the base branch on the remote, as gh pr merge does`},
		{`gh api graphql -F query=@q.graphql`, `gh api graphql sends a query read from a file, which may be a mutation`},
		{`gh api -X PUT repos/o/r/pulls/1/merge`, `gh api merges into the base branch on the remote, as gh pr merge does`},
		{`aws configure set endpoint_url http://127.0.0.1:9000`, `aws configure set endpoint_url sends every later run of aws's requests, signed with the user's credentials, to a server of its choosing`},
		{`aws configure set profile.dev.role_arn arn:aws:iam::1:role/x`, `aws configure set profile.dev.role_arn changes as whom every later run of aws acts`},
		// Unchanged: an action known as written.
		{`dpkg -i foo.deb`, `dpkg -i installs or removes packages for the whole system`},
		{`nix profile install nixpkgs#hello`, `nix profile install installs or removes packages for the whole system`},
	} {
		res := engine(t, ModeDefault).Check(bash(tt.cmd))
		if res.Decision != Ask || !strings.Contains(res.Reason, tt.reason) {
			t.Errorf("%q: %v (%s), want Ask for %q", tt.cmd, res.Decision, res.Reason, tt.reason)
		}
	}
}
