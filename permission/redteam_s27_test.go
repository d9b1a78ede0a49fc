package permission

import "testing"

// TestRedTeamDecisionsS27 is TestRedTeamDecisions for the S27 review of
// what S26 left allowed in default mode: changes on the forge past a
// merge or a release, credentials stored or printed, and tool-version
// managers that change what runs outside the project. testEnv: project
// /home/u/proj, home /home/u.
func TestRedTeamDecisionsS27(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	tests := []decisionRow{
		// A: gh and glab calls that change what the forge's workflows
		// read or run, or the keys that may push or sign there.
		{"S27 A gh secret set", D, nil, `gh secret set TOKEN -b x`, Ask},
		{"S27 A gh secret delete", A, nil, `gh secret delete TOKEN --env prod`, Ask},
		{"S27 A gh secret remove", D, nil, `gh secret remove TOKEN`, Ask},
		{"S27 A gh variable set", D, nil, `gh variable set DEPLOY --body yes`, Ask},
		{"S27 A gh variable delete", A, nil, `gh variable delete DEPLOY`, Ask},
		{"S27 A gh workflow run", D, nil, `gh workflow run deploy.yml -f env=prod`, Ask},
		{"S27 A gh workflow enable", D, nil, `gh workflow enable deploy.yml`, Ask},
		{"S27 A gh workflow disable", A, nil, `gh workflow disable ci.yml`, Ask},
		{"S27 A gh run rerun", D, nil, `gh run rerun 123 --failed`, Ask},
		{"S27 A gh run cancel", D, nil, `gh run cancel 123`, Ask},
		{"S27 A gh run delete", A, nil, `gh run delete 123`, Ask},
		{"S27 A gh repo deploy-key add", D, nil, `gh repo deploy-key add key.pub --allow-write`, Ask},
		{"S27 A gh repo deploy-key delete", D, nil, `gh repo deploy-key delete 42`, Ask},
		{"S27 A gh ssh-key add", A, nil, `gh ssh-key add key.pub`, Ask},
		{"S27 A gh ssh-key delete", D, nil, `gh ssh-key delete 42 --yes`, Ask},
		{"S27 A gh gpg-key add", D, nil, `gh gpg-key add key.asc`, Ask},
		{"S27 A gh gpg-key delete", D, nil, `gh gpg-key delete ABCD`, Ask},
		{"S27 A glab variable set", D, nil, `glab variable set TOKEN x`, Ask},
		{"S27 A glab variable delete", A, nil, `glab variable delete TOKEN`, Ask},
		{"S27 A glab ci run", D, nil, `glab ci run -b main`, Ask},
		{"S27 A glab ci retry", D, nil, `glab ci retry 99`, Ask},
		{"S27 A glab ci delete", A, nil, `glab ci delete 99`, Ask},
		{"S27 A gh api PUT a secret", D, nil, `gh api -X PUT repos/o/r/actions/secrets/TOKEN -f encrypted_value=x -f key_id=1`, Ask},
		{"S27 A gh api POST a variable", A, nil, `gh api repos/o/r/actions/variables -f name=X -f value=y`, Ask},
		{"S27 A gh api workflow dispatches", D, nil, `gh api repos/o/r/actions/workflows/deploy.yml/dispatches -f ref=main`, Ask},
		{"S27 A gh api repository dispatches", D, nil, `gh api repos/o/r/dispatches -f event_type=deploy`, Ask},
		{"S27 A gh api rerun", D, nil, `gh api -X POST repos/o/r/actions/runs/1/rerun`, Ask},
		{"S27 A gh api deploy key", A, nil, `gh api repos/o/r/keys -f key=@k.pub -F read_only=false`, Ask},
		{"S27 A gh api user/keys", D, nil, `gh api --method POST /user/keys -f key=x`, Ask},
		{"S27 A gh api user/gpg_keys", D, nil, `gh api user/gpg_keys -f armored_public_key=x`, Ask},
		{"S27 A glab api pipeline", D, nil, `glab api -X POST projects/1/pipeline -f ref=main`, Ask},
		{"S27 A glab api variables", A, nil, `glab api projects/1/variables -f key=X -f value=y`, Ask},
		{"S27 A gh secret set passes in bypassPermissions", Y, nil, `gh secret set TOKEN -b x`, Allow},
		{"S27 A neighbour: listings, views and the S22 api calls", D, nil, `gh secret list && gh variable list && gh workflow list && gh workflow view ci.yml && gh run list && gh run view 123 --log && gh run watch 123 && gh ssh-key list && gh repo deploy-key list && glab variable list && glab ci view && glab ci list && gh api repos/o/r/issues/1/comments -f body=x && gh api -X POST repos/o/r/issues -f title=x && gh api repos/o/r/actions/secrets && gh api repos/o/r/actions/runs/1 && gh api user/keys && gh api --method GET repos/o/r/actions/variables -f per_page=100 && glab api projects/1/pipelines`, Allow},
		// B: credentials stored for every later run of a program
		// (outside the project), removed, or printed into the
		// transcript.
		{"S27 B gh auth login", D, nil, `gh auth login --with-token < token.txt`, Ask},
		{"S27 B gh auth logout", A, nil, `gh auth logout`, Ask},
		{"S27 B gh auth refresh", D, nil, `gh auth refresh -s delete_repo`, Ask},
		{"S27 B gh auth token", D, nil, `gh auth token`, Ask},
		{"S27 B gh auth setup-git", A, nil, `gh auth setup-git`, Ask},
		{"S27 B glab auth login", D, nil, `glab auth login --token x`, Ask},
		{"S27 B npm login", D, nil, `npm login`, Ask},
		{"S27 B npm adduser", A, nil, `npm adduser --registry https://r.example`, Ask},
		{"S27 B npm logout", D, nil, `npm logout`, Ask},
		{"S27 B npm token create", D, nil, `npm token create --read-only`, Ask},
		{"S27 B npm token revoke", A, nil, `npm token revoke abc123`, Ask},
		{"S27 B yarn npm login", D, nil, `yarn npm login`, Ask},
		{"S27 B pnpm login", D, nil, `pnpm login`, Ask},
		{"S27 B docker login", D, nil, `docker login -u u --password-stdin ghcr.io < pw.txt`, Ask},
		{"S27 B docker logout", A, nil, `docker logout`, Ask},
		{"S27 B podman login", D, nil, `podman login quay.io`, Ask},
		{"S27 B cargo login", D, nil, `cargo login`, Ask},
		{"S27 B cargo logout", A, nil, `cargo logout`, Ask},
		{"S27 B gcloud auth login", D, nil, `gcloud auth login --no-launch-browser`, Ask},
		{"S27 B gcloud auth print-access-token", D, nil, `gcloud auth print-access-token`, Ask},
		{"S27 B gcloud auth application-default login", A, nil, `gcloud auth application-default login`, Ask},
		{"S27 B aws configure", D, nil, `aws configure`, Ask},
		{"S27 B aws configure set", D, nil, `aws configure set aws_secret_access_key x`, Ask},
		{"S27 B aws --profile p sso login", A, nil, `aws --profile dev sso login`, Ask},
		{"S27 B az login", D, nil, `az login --use-device-code`, Ask},
		{"S27 B heroku login", D, nil, `heroku login -i`, Ask},
		{"S27 B vault login", D, nil, `vault login -method=github`, Ask},
		{"S27 B vault token create", A, nil, `vault token create -policy=admin`, Ask},
		{"S27 B kubectl config set-credentials", D, nil, `kubectl config set-credentials admin --token=x`, Ask},
		{"S27 B docker -c CONTEXT login", D, nil, `docker -c prod login ghcr.io`, Ask},
		{"S27 B pnpm -C DIR login", A, nil, `pnpm -C sub login`, Ask},
		{"S27 B gh auth status --show-token", D, nil, `gh auth status --show-token`, Ask},
		{"S27 B gh auth status -t", A, nil, `gh auth status -t`, Ask},
		{"S27 B kubectl config view --raw", D, nil, `kubectl config view --raw`, Ask},
		{"S27 B docker-credential-secretservice get", D, nil, `echo https://index.docker.io/v1/ | docker-credential-secretservice get`, Ask},
		{"S27 B docker-credential-pass store", A, nil, `docker-credential-pass store < cred.json`, Ask},
		{"S27 B docker login passes in bypassPermissions", Y, nil, `docker login ghcr.io`, Allow},
		{"S27 B neighbour: who am I, and status", D, nil, `gh auth status && npm whoami && docker info && aws sts get-caller-identity && aws configure list && gcloud config list && gcloud auth list && npm token list && az account show && kubectl config view && kubectl config use-context dev && vault status && docker run --rm alpine login && docker-credential-pass list && docker-credential-pass version`, Allow},
		// C: tool-version managers that install or remove a toolchain
		// for the user, or change the version every later run outside
		// the project gets; choosing one for the project passes.
		{"S27 C rustup default", D, nil, `rustup default nightly`, Ask},
		{"S27 C rustup toolchain install", A, nil, `rustup toolchain install 1.70`, Ask},
		{"S27 C rustup toolchain uninstall", D, nil, `rustup toolchain uninstall stable`, Ask},
		{"S27 C rustup self uninstall", D, nil, `rustup self uninstall -y`, Ask},
		{"S27 C rustup update", A, nil, `rustup update`, Ask},
		{"S27 C nvm install", D, nil, `nvm install 20`, Ask},
		{"S27 C nvm alias default", D, nil, `nvm alias default 18`, Ask},
		{"S27 C nvm uninstall", A, nil, `nvm uninstall 16`, Ask},
		{"S27 C asdf install", D, nil, `asdf install nodejs 20.1.0`, Ask},
		{"S27 C asdf global", D, nil, `asdf global nodejs 20.1.0`, Ask},
		{"S27 C asdf uninstall", A, nil, `asdf uninstall nodejs 18.0.0`, Ask},
		{"S27 C mise use -g", D, nil, `mise use -g node@20`, Ask},
		{"S27 C mise use --global", A, nil, `mise use --global python@3.12`, Ask},
		{"S27 C mise use --path outside the project", D, nil, `mise use --path /tmp/mise.toml node@20`, Ask},
		{"S27 C mise install", D, nil, `mise install node@20`, Ask},
		{"S27 C volta install", D, nil, `volta install node@20`, Ask},
		{"S27 C corepack enable", A, nil, `corepack enable`, Ask},
		{"S27 C corepack disable", D, nil, `corepack disable pnpm`, Ask},
		{"S27 C sdk install", D, nil, `sdk install java 21-tem`, Ask},
		{"S27 C sdk default", A, nil, `sdk default java 17-tem`, Ask},
		{"S27 C pyenv install", D, nil, `pyenv install 3.12.1`, Ask},
		{"S27 C pyenv global", D, nil, `pyenv global 3.11`, Ask},
		{"S27 C rbenv install", A, nil, `rbenv install 3.3.0`, Ask},
		{"S27 C rbenv global", D, nil, `rbenv global 3.3.0`, Ask},
		{"S27 C goenv install", D, nil, `goenv install 1.22.0`, Ask},
		{"S27 C goenv global", A, nil, `goenv global 1.22.0`, Ask},
		{"S27 C pyenv global passes in bypassPermissions", Y, nil, `pyenv global 3.11`, Allow},
		{"S27 C neighbour: listings, the current version and the project's own", D, nil, `rustup show && rustup toolchain list && nvm ls && nvm use 20 && asdf list && asdf current && pyenv versions && pyenv local 3.12 && pyenv global && rbenv local 3.3.0 && rustup default && volta pin node@20 && mise use node@20 && mise ls && corepack --version && sdk list java`, Allow},
	}
	checkDecisions(t, tests)
}
