package permission

import (
	"strings"
	"testing"
)

// TestReviewDecisionsS33 is TestRedTeamDecisions for the S33 review of
// S26 and S27's rows: spellings of a package install, a credential or a
// forge change that slipped past them, and reads they asked for. testEnv:
// project /home/u/proj, home /home/u.
func TestReviewDecisionsS33(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		// pip given the system's Python: any pip or python by its
		// versioned name (pip3.12, python3.12 -m pip), told so by the
		// environment (PIP_BREAK_SYSTEM_PACKAGES, uv's UV_SYSTEM_PYTHON),
		// and uv pip after uv's own options.
		{"S33 pip3.12 --break-system-packages", D, nil, `pip3.12 install --break-system-packages x`, Ask},
		{"S33 python3.12 -m pip --break-system-packages", A, nil, `python3.12 -m pip install --break-system-packages x`, Ask},
		{"S33 python3 -I -m pip --break-system-packages", D, nil, `python3 -I -m pip install --break-system-packages x`, Ask},
		{"S33 python3 -mpip --break-system-packages", D, nil, `python3 -mpip install --break-system-packages x`, Ask},
		{"S33 PIP_BREAK_SYSTEM_PACKAGES=1 pip", D, nil, `PIP_BREAK_SYSTEM_PACKAGES=1 pip install x`, Ask},
		{"S33 env PIP_BREAK_SYSTEM_PACKAGES=1 pip", A, nil, `env PIP_BREAK_SYSTEM_PACKAGES=1 pip3 install x`, Ask},
		{"S33 PIP_BREAK_SYSTEM_PACKAGES=yes python3 -m pip", D, nil, `PIP_BREAK_SYSTEM_PACKAGES=yes python3 -m pip install x`, Ask},
		{"S33 uv --quiet pip --system", D, nil, `uv --quiet pip install --system x`, Ask},
		{"S33 uv -n --directory pip --system", A, nil, `uv -n --directory d pip install --system x`, Ask},
		{"S33 UV_SYSTEM_PYTHON=1 uv pip", D, nil, `UV_SYSTEM_PYTHON=1 uv pip install x`, Ask},
		{"S33 pip3.12 config set", D, nil, `pip3.12 config set global.index-url https://i.example`, Ask},
		{"S33 python3 -m pip config set", D, nil, `python3 -m pip config set global.index-url https://i.example`, Ask},
		{"S33 neighbour: versioned pips into the project's environment", D, nil, `pip3.12 install -r requirements.txt && python3.12 -m pip install x && python3 -I -m pip list && PIP_BREAK_SYSTEM_PACKAGES=0 pip install x && env PIP_BREAK_SYSTEM_PACKAGES=false pip install x && uv --quiet pip install x && UV_SYSTEM_PYTHON=0 uv pip install x && pip3.12 config list && python3 tool.py -m pip --break-system-packages`, Allow},
		// A system package manager's options before its subcommand
		// (apt's -o and -t, nix's settings, dnf's --setopt) hid it: their
		// value was read as the subcommand.
		{"S33 nix --extra-experimental-features profile install", D, nil, `nix --extra-experimental-features flakes profile install nixpkgs#jq`, Ask},
		{"S33 nix --option profile install", A, nil, `nix --option substitute false profile install nixpkgs#jq`, Ask},
		{"S33 nix --SETTING profile remove", D, nil, `nix --extra-substituters https://c.example profile remove jq`, Ask},
		{"S33 nix --max-jobs profile upgrade", D, nil, `nix --log-format raw --max-jobs 4 profile upgrade '.*'`, Ask},
		{"S33 apt-get -o install", D, nil, `apt-get -o Dpkg::Options::=--force-confnew install jq`, Ask},
		{"S33 apt -t install", A, nil, `apt -t bookworm-backports install jq`, Ask},
		{"S33 dnf --setopt install", D, nil, `dnf --setopt install_weak_deps=False install jq`, Ask},
		{"S33 apk -X add", D, nil, `apk -X https://r.example add jq`, Ask},
		// zypper -n is --non-interactive and flatpak --user a flag,
		// not the options with a value other programs have: their next
		// word stays the subcommand, as before.
		{"S33 zypper -n install", D, nil, `zypper -n install jq`, Ask},
		{"S33 dnf -C install", D, nil, `dnf -C install jq`, Ask},
		{"S33 port -n install", D, nil, `port -n install jq`, Ask},
		{"S33 flatpak --user install", D, nil, `flatpak --user install flathub org.x.App`, Ask},
		{"S33 neighbour: the same options before reads", D, nil, `nix --extra-experimental-features flakes profile list && nix --option substitute false build .#x && nix run nixpkgs#hello -- profile install && apt-get -o Debug::pkgProblemResolver=1 -s check && apt -t bookworm-backports list jq && dnf --setopt x=y list jq && apk -X https://r.example search jq && zypper -n search jq`, Allow},
		// gh's and kubectl's boolean options may be given a value.
		{"S33 gh auth status --show-token=true", D, nil, `gh auth status --show-token=true`, Ask},
		{"S33 glab auth status --show-token=1", A, nil, `glab auth status --show-token=1`, Ask},
		{"S33 kubectl config view --raw=true", D, nil, `kubectl config view --raw=true`, Ask},
		{"S33 kubectl config view --raw=$X", D, nil, `kubectl config view "--raw=$X"`, Ask},
		{"S33 neighbour: the options turned off", D, nil, `gh auth status --show-token=false && kubectl config view --raw=false && kubectl config view --minify=true`, Allow},
		// gh api and glab api doing what gh repo edit --visibility does:
		// a request other than a GET to the repository itself or to its
		// settings of who may see or push to it.
		{"S33 gh api --method PATCH repos/o/r", D, nil, `gh api --method PATCH repos/o/r -f visibility=public`, Ask},
		{"S33 gh api -X PATCH repos/{owner}/{repo}", A, nil, `gh api -X PATCH repos/{owner}/{repo} -F private=false`, Ask},
		{"S33 gh api -XPUT branch protection", D, nil, `gh api -XPUT repos/o/r/branches/main/protection --input p.json`, Ask},
		{"S33 gh api -X PUT collaborators", D, nil, `gh api -X PUT repos/o/r/collaborators/someone -f permission=admin`, Ask},
		{"S33 gh api POST rulesets", A, nil, `gh api repos/o/r/rulesets --input r.json`, Ask},
		{"S33 gh api POST hooks", D, nil, `gh api repos/o/r/hooks -f name=web -f config[url]=https://h.example`, Ask},
		{"S33 glab api -X PUT projects/ID", D, nil, `glab api -X PUT projects/1 -f visibility=public`, Ask},
		{"S33 glab api POST members", D, nil, `glab api projects/1/members -f user_id=2 -f access_level=40`, Ask},
		{"S33 neighbour: reads, and the S22 writes to issues and pulls", D, nil, `gh api repos/o/r && gh api repos/{owner}/{repo} --jq .visibility && gh api repos/o/r/branches/main/protection && gh api --method GET repos/o/r/collaborators && gh api repos/o/r/issues/1/comments -f body=x && gh api -X POST repos/o/r/issues -f title=x && gh api -X PATCH repos/o/r/issues/1 -f state=closed && gh api -X PATCH repos/o/r/pulls/2 -f title=y && glab api projects/1 && glab api projects/1/issues -f title=x`, Allow},
		// Reads S27's rows asked for: a listing of the versions one can
		// install, a dry run, and a setting that is no credential.
		{"S33 pyenv install 3.12 still asks", D, nil, `pyenv install 3.12.1`, Ask},
		{"S33 mise install still asks", D, nil, `mise install node@20`, Ask},
		{"S33 aws configure get aws_secret_access_key", D, nil, `aws configure get aws_secret_access_key`, Ask},
		{"S33 aws configure get profile.P.aws_session_token", A, nil, `aws --profile dev configure get profile.dev.aws_session_token`, Ask},
		{"S33 aws configure get $KEY", D, nil, `aws configure get "$KEY"`, Ask},
		{"S33 aws configure export-credentials", D, nil, `aws configure export-credentials --format env`, Ask},
		{"S33 neighbour: pyenv install --list", D, nil, `pyenv install --list && pyenv install -l && rbenv install -L && nodenv install --list && goenv install -l`, Allow},
		{"S33 neighbour: aws configure get region", D, nil, `aws configure get region && aws --profile dev configure get output && aws configure get profile.dev.region`, Allow},
		{"S33 neighbour: mise install -n", D, nil, `mise install -n && mise install --dry-run node@20 && mise i -n && mise uninstall --dry-run node@18`, Allow},
	}
	checkDecisions(t, tests)
}

// TestReviewReasonsS33: aws configure get asks because it prints a
// credential, not because it stores one (S27's aws configure row).
func TestReviewReasonsS33(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, reason string }{
		{`aws configure get aws_secret_access_key`, "aws configure get aws_secret_access_key prints a credential"},
		{`aws configure export-credentials`, "aws configure export-credentials prints a credential"},
		{`PIP_BREAK_SYSTEM_PACKAGES=1 pip install x`, "pip with PIP_BREAK_SYSTEM_PACKAGES=1 installs or removes packages of the system's Python"},
		{`gh api --method PATCH repos/o/r -f visibility=public`, "gh api changes the repository's settings on the remote"},
	} {
		res := engine(t, ModeDefault).Check(bash(tt.cmd))
		if res.Decision != Ask || !strings.Contains(res.Reason, tt.reason) {
			t.Errorf("%q: %v (%s), want Ask for %q", tt.cmd, res.Decision, res.Reason, tt.reason)
		}
	}
}
