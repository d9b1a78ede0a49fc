package permission

import "testing"

// checkScrubbedDecisions is checkDecisions where the environment is
// scrubbed of secret-named variables (mewsandbox run, the hook with
// --sandbox): Engine.EnvScrubbed.
func checkScrubbedDecisions(t *testing.T, rows []decisionRow) {
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine(t, tt.mode, tt.rules...)
			e.EnvScrubbed = true
			if res := e.Check(bash(tt.cmd)); res.Decision != tt.want {
				t.Errorf("%q in %s, environment scrubbed: %v (%s), want %v", tt.cmd, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
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
