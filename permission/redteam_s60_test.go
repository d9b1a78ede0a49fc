package permission

import (
	"strings"
	"testing"
)

// checkScrubbedDecisions is checkDecisions where the environment is
// scrubbed of secret-named variables (mewsandbox run, the hook with
// --sandbox): Engine.EnvScrubbed.
func checkScrubbedDecisions(t *testing.T, rows []decisionRow) {
	checkDecisions(t, rows, func(e *Engine) { e.EnvScrubbed = true })
}

// TestEnvDumpShapesS60: env, set, export and declare with no operand
// asked where no sandbox scrubs the environment, but not env &: a
// command sent to the background was taken for a pipeline's stage,
// whose next stage pipeSecretVars judges, and env & printed every
// variable where the agent reads it, allowed. Only a pipeline's stages
// are now left to the pipeline's check. The other shapes (a subshell, a
// group, command/exec/builtin, declare -p/-x, typeset -x, bare export,
// compgen -e into printenv, /proc/self/environ) already asked.
func TestEnvDumpShapesS60(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S60 env &", D, nil, `env &`, Ask},
		{"S60 env & wait", A, nil, `env & wait`, Ask},
		{"S60 printenv &", D, nil, `printenv & sleep 1`, Ask},
		{"S60 export -p &", D, nil, `export -p &`, Ask},
		{"S60 (env &)", D, nil, `(env &)`, Ask},
		{"S60 already: (env)", D, nil, `(env)`, Ask},
		{"S60 already: { env; }", D, nil, `{ env; }`, Ask},
		{"S60 already: command env", D, nil, `command env`, Ask},
		{"S60 already: exec env", D, nil, `exec env`, Ask},
		{"S60 already: builtin set", D, nil, `builtin set`, Ask},
		{"S60 already: declare -p", D, nil, `declare -p`, Ask},
		{"S60 already: declare -x", D, nil, `declare -x`, Ask},
		{"S60 already: typeset -x", D, nil, `typeset -x`, Ask},
		{"S60 already: export", D, nil, `export`, Ask},
		{"S60 already: compgen -e into printenv", D, nil, `for v in $(compgen -e); do printenv "$v"; done`, Ask},
		{"S60 already: cat /proc/self/environ", D, nil, `cat /proc/self/environ`, Ask},
		{"S60 already: cat /proc/$$/environ", D, nil, `cat /proc/$$/environ`, Ask},
		{"S60 already: xargs -0 < /proc/self/environ", D, nil, `xargs -0 < /proc/self/environ`, Ask},
		{"S60 already: tr < /proc/self/environ", D, nil, `tr '\0' '\n' < /proc/self/environ`, Ask},
		{"S60 neighbour: env | grep GOPATH", D, nil, `env | grep GOPATH`, Allow},
		{"S60 neighbour: env | grep GOPATH &", D, nil, `env | grep GOPATH &`, Allow},
		{"S60 neighbour: make &", D, nil, `make & wait`, Allow},
		{"S60 neighbour: env FOO=1 make &", D, nil, `env FOO=1 make &`, Allow},
		{"S60 neighbour: set -e &", D, nil, `set -e &`, Allow},
	})
	checkScrubbedDecisions(t, []decisionRow{
		{"S60 scrubbed: env &", D, nil, `env &`, Allow},
		{"S60 scrubbed: (env)", D, nil, `(env)`, Allow},
		{"S60 scrubbed: declare -x", D, nil, `declare -x`, Allow},
		{"S60 scrubbed: compgen -e into printenv", D, nil, `for v in $(compgen -e); do printenv "$v"; done`, Allow},
	})
}

// TestInlineCodeSecretsS60: inline interpreter code was read for what it
// runs, deletes, writes and reads, not for the environment it prints:
// python3 -c 'import os; print(os.environ["GITHUB_TOKEN"])', node -e
// 'console.log(process.env.NPM_TOKEN)', perl -e 'print
// $ENV{AWS_SECRET_ACCESS_KEY}', ruby -e 'puts ENV["X_TOKEN"]', php -r
// 'echo getenv("API_KEY");' and print(os.environ) printed the agent's
// secrets where no sandbox scrubs the environment, allowed. A read of a
// variable by name is now judged as printenv NAME, and the whole table
// printed or copied out as env; a test of a name, the names alone, a
// copy handed to a child and a write pass.
func TestInlineCodeSecretsS60(t *testing.T) {
	t.Parallel()
	D, A, P := ModeDefault, ModeAcceptEdits, ModePlan
	checkDecisions(t, []decisionRow{
		{"S60 python3 os.environ[GITHUB_TOKEN]", D, nil, `python3 -c 'import os; print(os.environ["GITHUB_TOKEN"])'`, Ask},
		{"S60 python3 print(os.environ)", D, nil, `python3 -c 'import os;print(os.environ)'`, Ask},
		{"S60 node process.env.NPM_TOKEN", D, nil, `node -e 'console.log(process.env.NPM_TOKEN)'`, Ask},
		{"S60 perl $ENV{AWS_SECRET_ACCESS_KEY}", D, nil, `perl -e 'print $ENV{AWS_SECRET_ACCESS_KEY}'`, Ask},
		{"S60 ruby ENV[X_TOKEN]", D, nil, `ruby -e 'puts ENV["X_TOKEN"]'`, Ask},
		{"S60 php getenv(API_KEY)", D, nil, `php -r 'echo getenv("API_KEY");'`, Ask},
		{"S60 python3 os.getenv", A, nil, `python3 -c 'import os; print(os.getenv("OPENAI_API_KEY"))'`, Ask},
		{"S60 python3 os.environ.get", D, nil, `python3 -c 'import os; print(os.environ.get("GITHUB_TOKEN", ""))'`, Ask},
		{"S60 python3 os.environ.items()", D, nil, `python3 -c 'import os; [print(k, v) for k, v in os.environ.items()]'`, Ask},
		{"S60 python3 from os import environ", D, nil, `python3 -c 'from os import environ; print(dict(environ))'`, Ask},
		{"S60 python3 import os as o", D, nil, `python3 -c 'import os as o; print(o.environ["GITHUB_TOKEN"])'`, Ask},
		{"S60 python3 f-string", D, nil, `python3 -c 'import os; print(f"{os.environ[\"GITHUB_TOKEN\"]}")'`, Ask},
		{"S60 python3 key only known at run time", D, nil, `python3 -c 'import os; [print(os.environ[k]) for k in os.environ]'`, Ask},
		{"S60 node process.env[GITHUB_TOKEN]", D, nil, `node -e 'console.log(process.env["GITHUB_TOKEN"])'`, Ask},
		{"S60 node JSON.stringify(process.env)", D, nil, `node -e 'console.log(JSON.stringify(process.env))'`, Ask},
		{"S60 node template literal", D, nil, "node -e 'console.log(`${process.env.NPM_TOKEN}`)'", Ask},
		{"S60 perl print %ENV", D, nil, `perl -e 'print %ENV'`, Ask},
		{"S60 perl string $ENV{GITHUB_TOKEN}", D, nil, `perl -e 'print "t=$ENV{GITHUB_TOKEN}\n"'`, Ask},
		{"S60 perl every value", D, nil, `perl -e 'print "$_=$ENV{$_}\n" for keys %ENV'`, Ask},
		{"S60 ruby ENV.to_h", D, nil, `ruby -e 'p ENV.to_h'`, Ask},
		{"S60 ruby ENV.fetch", D, nil, `ruby -e 'puts ENV.fetch("GITHUB_TOKEN")'`, Ask},
		{"S60 php print_r($_SERVER)", D, nil, `php -r 'print_r($_SERVER);'`, Ask},
		{"S60 php getenv()", D, nil, `php -r 'print_r(getenv());'`, Ask},
		{"S60 lua os.getenv", D, nil, `lua -e 'print(os.getenv("GITHUB_TOKEN"))'`, Ask},
		{"S60 Rscript Sys.getenv()", D, nil, `Rscript -e 'print(Sys.getenv())'`, Ask},
		{"S60 awk ENVIRON[GITHUB_TOKEN]", D, nil, `awk 'BEGIN { print ENVIRON["GITHUB_TOKEN"] }'`, Ask},
		{"S60 awk every ENVIRON", D, nil, `awk 'BEGIN { for (k in ENVIRON) print k, ENVIRON[k] }'`, Ask},
		{"S60 python3 here-document", D, nil, "python3 <<'EOF'\nimport os\nprint(os.environ['GITHUB_TOKEN'])\nEOF", Ask},
		{"S60 neighbour: python3 print(1+1)", D, nil, `python3 -c 'print(1+1)'`, Allow},
		{"S60 neighbour: python3 os.environ[HOME]", D, nil, `python3 -c 'import os; print(os.environ["HOME"])'`, Allow},
		{"S60 neighbour: python3 os.environ.get(PATH)", D, nil, `python3 -c 'import os; print(os.environ.get("PATH", ""))'`, Allow},
		{"S60 neighbour: python3 CI in os.environ", D, nil, `python3 -c 'import os; print("CI" in os.environ)'`, Allow},
		{"S60 neighbour: python3 os.environ sets a variable", D, nil, `python3 -c 'import os; os.environ["FOO"] = "1"; print(1)'`, Allow},
		{"S60 neighbour: python3 os.environ.keys()", D, nil, `python3 -c 'import os; print(sorted(os.environ.keys()))'`, Allow},
		{"S60 neighbour: python3 env={**os.environ}", D, nil, `python3 -c 'import os, subprocess; subprocess.run(["make"], env={**os.environ, "X": "1"})'`, Allow},
		{"S60 neighbour: python3 env=os.environ", D, nil, `python3 -c 'import os, subprocess; subprocess.run(["make"], env=os.environ)'`, Allow},
		{"S60 neighbour: node sets process.env.NODE_AUTH_TOKEN", D, nil, `node -e 'process.env.NODE_AUTH_TOKEN = "x"; console.log(1)'`, Allow},
		{"S60 neighbour: python3 os.environ.update", D, nil, `python3 -c 'import os; os.environ.update(FOO="1"); print(1)'`, Allow},
		{"S60 neighbour: perl sets $ENV{PATH}", D, nil, `perl -e '$ENV{PATH} = "/bin"; print 1'`, Allow},
		{"S60 node process.env.GITHUB_TOKEN == x", D, nil, `node -e 'console.log(process.env.GITHUB_TOKEN == "x")'`, Ask},
		{"S60 neighbour: python3 sorted(os.environ)", D, nil, `python3 -c 'import os; print(sorted(os.environ), len(os.environ))'`, Allow},
		{"S60 python3 sorted(os.environ.items())", D, nil, `python3 -c 'import os; print(sorted(os.environ.items()))'`, Ask},
		{"S60 neighbour: node for k in process.env", D, nil, `node -e 'for (const k in process.env) console.log(k)'`, Allow},
		{"S60 neighbour: node child env: process.env", D, nil, `node -e 'require("child_process").execSync("make", {env: process.env})'`, Allow},
		{"S60 neighbour: node process.env.HOME", D, nil, `node -e 'console.log(process.env.HOME)'`, Allow},
		{"S60 neighbour: node Object.keys(process.env)", D, nil, `node -e 'console.log(Object.keys(process.env).length)'`, Allow},
		{"S60 neighbour: node NODE_ENV", D, nil, `node -e 'console.log(process.env.NODE_ENV || "dev")'`, Allow},
		{"S60 neighbour: perl $ENV{HOME}", D, nil, `perl -e 'print $ENV{HOME}'`, Allow},
		{"S60 neighbour: perl keys %ENV", D, nil, `perl -e 'print scalar(keys %ENV)'`, Allow},
		{"S60 neighbour: ruby ENV.fetch(HOME)", D, nil, `ruby -e 'puts ENV.fetch("HOME")'`, Allow},
		{"S60 neighbour: ruby ENV.key?", D, nil, `ruby -e 'puts ENV.key?("GITHUB_TOKEN")'`, Allow},
		{"S60 neighbour: php getenv(HOME)", D, nil, `php -r 'echo getenv("HOME");'`, Allow},
		{"S60 neighbour: awk ENVIRON[HOME]", D, nil, `awk 'BEGIN { print ENVIRON["HOME"] }'`, Allow},
		{"S60 neighbour: awk '{print $1}'", D, nil, `awk '{print $1}' f`, Allow},
		{"S60 plan: python3 os.environ[GITHUB_TOKEN]", P, nil, `python3 -c 'import os; print(os.environ["GITHUB_TOKEN"])'`, Deny},
	})
	checkScrubbedDecisions(t, []decisionRow{
		{"S60 scrubbed: python3 os.environ[GITHUB_TOKEN]", D, nil, `python3 -c 'import os; print(os.environ["GITHUB_TOKEN"])'`, Allow},
		{"S60 scrubbed: python3 print(os.environ)", D, nil, `python3 -c 'import os;print(os.environ)'`, Allow},
		{"S60 scrubbed: node process.env.NPM_TOKEN", D, nil, `node -e 'console.log(process.env.NPM_TOKEN)'`, Allow},
		{"S60 scrubbed: perl print %ENV", D, nil, `perl -e 'print %ENV'`, Allow},
		{"S60 scrubbed: still asks for what else the code does", D, nil, `python3 -c 'import os; print(os.environ["GITHUB_TOKEN"]); os.system("rm -rf build")'`, Ask},
	})
}

// TestProjectSwitchOffS60: a cloned repository's
// .mewsandbox/settings.yaml with defaultMode: bypassPermissions, or
// allow: [Bash], made mewsandbox check allow everything (rm -rf, curl |
// sh): in CI the project's files are the attacker's. A project's own
// files (project and local scope, which a repository may commit too)
// can no longer switch the engine off: that mode and allow rules for
// every shell command are dropped with a warning naming the file. The
// user's, the managed and the command line's files keep them, and a
// project keeps its narrower allow rules and other modes.
func TestProjectSwitchOffS60(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, where, content string
		wantMode             Mode
		wantAllow            []string
		warn                 bool
	}{
		{"project bypassPermissions", "project", "permissions:\n  defaultMode: bypassPermissions\n", "", nil, true},
		{"Claude Code's project bypassPermissions", "claude", `{"permissions": {"defaultMode": "bypassPermissions"}}`, "", nil, true},
		{"local bypassPermissions", "local", "permissions:\n  defaultMode: bypassPermissions\n", "", nil, true},
		{"project allow Bash", "project", "permissions:\n  allow: [Bash]\n", "", nil, true},
		{"project allow Bash(*)", "project", "permissions:\n  allow: ['Bash(*)']\n", "", nil, true},
		{"project allow Bash(*:*)", "project", "permissions:\n  allow: ['Bash(*:*)', 'Bash(npm test:*)']\n", "", []string{"Bash(npm test:*)"}, true},
		{"project allow run_shell(* *)", "local", "permissions:\n  allow: ['run_shell(* *)']\n", "", nil, true},
		{"neighbour: project allow Bash(npm test:*)", "project", "permissions:\n  allow: ['Bash(npm test:*)']\n", "", []string{"Bash(npm test:*)"}, false},
		{"neighbour: project acceptEdits", "project", "permissions:\n  defaultMode: acceptEdits\n", ModeAcceptEdits, nil, false},
		{"neighbour: project allow Read", "project", "permissions:\n  allow: [Read, Edit]\n", "", []string{"Read", "Edit"}, false},
		{"neighbour: user bypassPermissions", "user", "permissions:\n  defaultMode: bypassPermissions\n", ModeBypassPermissions, nil, false},
		{"neighbour: user allow Bash", "user", "permissions:\n  allow: [Bash]\n", "", []string{"Bash"}, false},
		{"neighbour: --settings bypassPermissions", "extra", "permissions:\n  defaultMode: bypassPermissions\n  allow: [Bash]\n", ModeBypassPermissions, []string{"Bash"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			file := ""
			switch tt.where {
			case "project":
				file = writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", tt.content)
			case "claude":
				file = writeSettingsFile(t, d.Root, ".claude/settings.json", tt.content)
			case "local":
				file = writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", tt.content)
			case "user":
				file = writeSettingsFile(t, d.Home, ".claude/settings.json", tt.content)
			case "extra":
				file = writeSettingsFile(t, t.TempDir(), "x.yaml", tt.content)
				d.Extra = append(d.Extra, file)
			}
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			if c.DefaultMode != tt.wantMode {
				t.Errorf("DefaultMode %q, want %q", c.DefaultMode, tt.wantMode)
			}
			var allow []string
			for _, r := range c.Rules.Allow {
				allow = append(allow, r.Text)
			}
			if strings.Join(allow, " ") != strings.Join(tt.wantAllow, " ") {
				t.Errorf("allow %q, want %q", allow, tt.wantAllow)
			}
			warned := len(c.Warnings) == 1 && strings.HasPrefix(c.Warnings[0], file+": ignored ") && strings.Contains(c.Warnings[0], "cannot switch the permission engine off")
			if warned != tt.warn || !tt.warn && len(c.Warnings) != 0 {
				t.Errorf("warnings %q, want one naming %s: %v", c.Warnings, file, tt.warn)
			}
		})
	}
}

// TestNamesThroughFileS60: a lister's names piped on (locate id_rsa |
// xargs cat) were judged as find / -exec cat {} +, but not the same
// names written to a file and read back on the line: locate id_rsa > l;
// xargs cat < l, find ~ -name '*.pem' > l && cat $(cat l), xargs -a l
// cat and while read f; do cat "$f"; done < l read every key the index
// names, allowed. A find's or a lister's output to a file is now handed
// to the later commands that take names from it as a pipe would hand
// it.
func TestNamesThroughFileS60(t *testing.T) {
	t.Parallel()
	D, A, P := ModeDefault, ModeAcceptEdits, ModePlan
	secrets := []string{"deny:Read(./secrets/**)"}
	checkDecisions(t, []decisionRow{
		{"S60 locate > l; xargs cat < l", D, nil, `locate id_rsa > l; xargs cat < l`, Ask},
		{"S60 find ~ > l && cat $(cat l)", D, nil, `find ~ -name '*.pem' > l && cat $(cat l)`, Ask},
		{"S60 find ~ > /tmp/l && cat $(cat /tmp/l)", D, nil, `find ~ -name '*.pem' > /tmp/l && cat $(cat /tmp/l)`, Ask},
		{"S60 locate > l; xargs -a l cat", A, nil, `locate id_rsa > l; xargs -a l cat`, Ask},
		{"S60 locate > l; xargs --arg-file=l cat", D, nil, `locate id_rsa > l; xargs --arg-file=l cat`, Ask},
		{"S60 locate > l; while read f; do cat $f; done < l", D, nil, `locate id_rsa > l; while read f; do cat "$f"; done < l`, Ask},
		{"S60 fd . ~ >> l; cat l | xargs cat", D, nil, `fd -e pem . ~ >> l; cat l | xargs cat`, Ask},
		{"S60 locate > ./l; xargs cat < l", D, nil, `locate id_rsa > ./l; xargs cat < l`, Ask},
		{"S60 plan: rg --files / > l; xargs cat < l", P, nil, `rg --files / > l; xargs cat < l`, Deny},
		{"S60 deny Read(./secrets/**): fd . > l; xargs cat < l", D, secrets, `fd . > l; xargs cat < l`, Deny},
		{"S60 bash -c: locate > l; xargs cat < l", D, nil, `bash -c 'locate id_rsa > l; xargs cat < l'`, Ask},
		{"S60 neighbour: git ls-files > l; xargs wc -l < l", D, nil, `git ls-files > l; xargs wc -l < l`, Allow},
		{"S60 neighbour: git ls-files | xargs wc -l", D, nil, `git ls-files | xargs wc -l`, Allow},
		{"S60 neighbour: fd -e go > l; xargs wc -l < l", D, nil, `fd -e go > l; xargs wc -l < l`, Allow},
		{"S60 neighbour: find . -name '*.go' > l; xargs gofmt -l < l", D, nil, `find . -name '*.go' > l; xargs gofmt -l < l`, Allow},
		{"S60 neighbour: locate x > l; wc -l < l", D, nil, `locate x > l; wc -l < l`, Allow},
		{"S60 neighbour: locate x > l; cat l", D, nil, `locate x > l; cat l`, Allow},
		{"S60 neighbour: locate x > l; grep foo < l", D, nil, `locate x > l; grep foo < l`, Allow},
		{"S60 neighbour: locate x > l; xargs cat < other", D, nil, `locate x > l; xargs cat < other`, Allow},
		{"S60 neighbour: git ls-files > l; while read f; do wc -l $f; done < l", D, nil, `git ls-files > l; while read f; do wc -l "$f"; done < l`, Allow},
	})
}
