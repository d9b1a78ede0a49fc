package main

import (
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// TestSecretNamesAgree: the engine stops asking for a secret-named
// variable printed where the environment is scrubbed
// (Engine.EnvScrubbed), so every name permission.SecretVarName calls
// secret must be one exec's scrub drops; PGPASS was the engine's alone,
// and env printed it unasked under mewsandbox run. The scrub drops more
// (a provider's prefix, AWS_REGION; the variables that inject code,
// LD_PRELOAD), which the engine does not ask about printing.
func TestSecretNamesAgree(t *testing.T) {
	t.Parallel()
	scrubbed := func(name string) bool {
		_, dropped := exec.ScrubEnv([]string{name + "=x"}, nil)
		return len(dropped) == 1
	}
	for _, tt := range []struct {
		name         string
		engine, exec bool
	}{
		{"GITHUB_TOKEN", true, true}, {"AWS_SECRET_ACCESS_KEY", true, true}, {"NPM_TOKEN", true, true},
		{"ANTHROPIC_API_KEY", true, true}, {"OPENAI_API_KEY", true, true}, {"DATABASE_URL", true, true},
		{"TEST_DATABASE_URL", true, true}, {"X_PASSWORD", true, true}, {"PGPASSWORD", true, true},
		{"PGPASS", true, true}, {"MYSQL_PWD", true, true}, {"GITHUB_PAT", true, true}, {"CI_JOB_JWT", true, true},
		{"AWS_ACCESS_KEY_ID", true, true}, {"GOOGLE_APPLICATION_CREDENTIALS", true, true},
		{"BW_SESSION", true, true}, {"OP_SESSION_my", true, true}, {"SSHPASS", true, true},
		{"REDIS_URL", true, true}, {"MONGODB_URI", true, true}, {"github_token", true, true},
		{"HOME", false, false}, {"PATH", false, false}, {"GOPATH", false, false}, {"PWD", false, false},
		{"USER", false, false}, {"LANG", false, false}, {"NODE_ENV", false, false}, {"KEYBOARD", false, false},
		// The scrub's alone: a provider's prefix, code injection.
		{"AWS_REGION", false, true}, {"GH_HOST", false, true}, {"DOCKER_HOST", false, true}, {"LD_PRELOAD", false, true},
	} {
		if got := permission.SecretVarName(tt.name); got != tt.engine {
			t.Errorf("permission.SecretVarName(%q) = %v, want %v", tt.name, got, tt.engine)
		}
		if got := scrubbed(tt.name); got != tt.exec {
			t.Errorf("exec.ScrubEnv drops %q: %v, want %v", tt.name, got, tt.exec)
		}
	}
}
