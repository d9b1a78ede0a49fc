package permission

import "testing"

// TestBypassAsksForPrintedCredentials: in bypassPermissions a command
// that prints a credential kept outside the project ran unasked, where a
// read of the store it comes from (cat ~/.aws/credentials) is asked for
// in every mode; now it is asked for too, and dontAsk denies it as
// before. Neighbours: storing or removing a login, and the same
// programs' other subcommands, stay bypassPermissions'; a critical
// delete beside one is still denied.
func TestBypassAsksForPrintedCredentials(t *testing.T) {
	t.Parallel()
	Y, N := ModeBypassPermissions, ModeDontAsk
	rows := []decisionRow{
		{"neighbour: gh auth login", Y, nil, `gh auth login`, Allow},
		{"neighbour: aws configure list", Y, nil, `aws configure list`, Allow},
		{"neighbour: gh pr list", Y, nil, `gh pr list && kubectl config view`, Allow},
		{"neighbour: a critical delete beside", Y, nil, `gh auth token; rm -rf /`, Deny},
		{"dontAsk denies", N, nil, `gh auth token`, Deny},
	}
	for _, cmd := range []string{
		`gh auth token`, `glab auth status --show-token`, `aws configure get aws_secret_access_key`,
		`aws configure export-credentials`, `gcloud auth print-access-token`, `az account get-access-token`,
		`kubectl config view --raw`, `gpg --export-secret-keys`, `git credential fill`,
		`security find-generic-password -wa x`, `secret-tool lookup x y`, `pass show x`,
		`op read op://x/y/z`, `vault kv get x`, `docker-credential-desktop get`,
		`echo $(gh auth token) > t`, `TOKEN=$(gh auth token) sh -c 'echo ok'`,
	} {
		rows = append(rows, decisionRow{cmd, Y, nil, cmd, Ask})
	}
	checkDecisions(t, rows)
}

// TestDangerSecret: Danger.Secret is set for the credential rows'
// printing matches alone.
func TestDangerSecret(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		`gh auth token`: true, `git credential fill`: true, `pass show x`: true,
		`gh auth login`: false, `gh auth logout`: false, `rm -rf build`: false, `sudo ls`: false,
	} {
		d, ok := worstDanger(cmd, dangerEnv)
		if !ok || d.Secret != want {
			t.Errorf("%s: danger %v (%+v), Secret want %v", cmd, ok, d, want)
		}
	}
}

// TestOtherUsersCredentials: another user's credential stores (a
// root-run agent reads every home: /home/bob/.ssh, /root/.aws, macOS's
// /Users/bob/.netrc, a glob for the user) are asked for as the user's
// own are, in every mode; before, only the engine's own home's were, and
// cat /home/bob/.ssh/id_rsa passed even in default mode. Neighbours:
// other files in those homes, a project below one searched, and a
// listing of /home. A whole home read (tar, cp -r, grep -r of /home) is
// asked for as a read of ~ is.
func TestOtherUsersCredentials(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"bob's key", D, nil, `cat /home/bob/.ssh/id_rsa`, Ask},
		{"bob's key, bypass", Y, nil, `cat /home/bob/.ssh/id_rsa`, Ask},
		{"any user's key", Y, nil, `cat /home/*/.ssh/id_rsa`, Ask},
		{"root's aws", Y, nil, `cp /root/.aws/credentials x`, Ask},
		{"macOS home", D, nil, `cat /Users/bob/.netrc`, Ask},
		{"a gnupg copied", Y, nil, `cp -r /home/bob/.gnupg /tmp/g`, Ask},
		{"bob's home archived", Y, nil, `tar czf /tmp/b.tgz /home/bob`, Ask},
		{"bob's home copied", Y, nil, `cp -r /home/bob /tmp/x`, Ask},
		{"every home searched", Y, nil, `grep -r password /home`, Ask},
		{"root's home archived", Y, nil, `tar czf x.tgz /root`, Ask},
		{"neighbour: bob's notes", D, nil, `cat /home/bob/notes.txt && ls /home`, Allow},
		{"neighbour: a project in bob's home searched", D, nil, `grep -r TODO /home/bob/proj && find /home -name '*.go'`, Allow},
	})
	checkToolDecisions(t, []toolRow{
		{"Read bob's key", Y, nil, Call{Tool: "Read", Path: "/home/bob/.ssh/id_ed25519"}, Ask},
		{"neighbour: Read bob's README", D, nil, Call{Tool: "Read", Path: "/home/bob/README.md"}, Allow},
	})
}

// TestBypassSecretRules: a subcommand only known at run time that may
// print one is asked for too (gh auth "$c"), and an allow rule for the
// command lifts the ask in bypassPermissions as in the other modes.
func TestBypassSecretRules(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"unknown subcommand", Y, nil, `gh auth "$c"`, Ask},
		{"unknown subcommand by a value", Y, nil, `c=token; gh auth $c`, Ask},
		{"allowed by a rule, bypass", Y, []string{"allow:Bash(gh auth token)"}, `gh auth token`, Allow},
		{"allowed by a rule, default", D, []string{"allow:Bash(gh auth token)"}, `gh auth token`, Allow},
		{"another command not lifted", Y, []string{"allow:Bash(gh auth token)"}, `aws configure get aws_secret_access_key`, Ask},
	})
}
