package exec

import (
	"path"
	"slices"
	"strings"
)

// matchKind is how a scrubEnv entry matches a variable name.
type matchKind uint8

const (
	exact matchKind = iota
	prefix
	suffix
	contains
)

// scrubTable lists the environment variables ScrubEnv drops. Names are
// matched upper-cased, so github_token goes the way of GITHUB_TOKEN.
var scrubTable = []struct {
	kind    matchKind
	pattern string
	why     string
}{
	// Secrets by shape.
	{contains, "TOKEN", "API and session tokens (GITHUB_TOKEN, NPM_TOKEN, AWS_SESSION_TOKEN)"},
	{contains, "SECRET", "client secrets"},
	{contains, "PASSWORD", "passwords"},
	{contains, "PASSWD", "passwords"},
	{contains, "PASSPHRASE", "key passphrases"},
	{contains, "APIKEY", "API keys"},
	{contains, "CREDENTIAL", "credential files and values (GOOGLE_APPLICATION_CREDENTIALS)"},
	{suffix, "_KEY", "keys (OPENAI_API_KEY, STRIPE_KEY)"},
	{contains, "_KEY_", "keys (AWS_ACCESS_KEY_ID, AWS_SECRET_KEY_ID)"},
	{suffix, "_PAT", "personal access tokens (GITHUB_PAT)"},
	{suffix, "_PWD", "passwords (MYSQL_PWD); PWD itself, the working directory, stays"},
	{contains, "JWT", "signed tokens (CI_JOB_JWT, CI_JOB_JWT_V2)"},
	{exact, "BW_SESSION", "Bitwarden's unlocked session"},
	{prefix, "OP_SESSION_", "1Password's unlocked sessions"},
	{exact, "SSHPASS", "the password sshpass types"},
	{exact, "PGPASS", "a PostgreSQL password (the engine's secret names are a subset of these: TestSecretNamesAgree)"},
	{suffix, "DATABASE_URL", "database addresses, which carry the password (DATABASE_URL, TEST_DATABASE_URL)"},
	{exact, "REDIS_URL", "a Redis address, which carries the password"},
	{exact, "MONGODB_URI", "a MongoDB address, which carries the password"},
	// Secrets by provider.
	{prefix, "AWS_", "AWS credentials and profiles"},
	{prefix, "AZURE_", "Azure credentials"},
	{prefix, "GH_", "GitHub CLI tokens and hosts"},
	{prefix, "VAULT_", "HashiCorp Vault address and token"},
	{prefix, "DOCKER_", "Docker daemon access (DOCKER_HOST) and its credentials (DOCKER_CONFIG)"},
	{exact, "KUBECONFIG", "Kubernetes cluster credentials"},
	// Agents that hold keys.
	{exact, "SSH_AUTH_SOCK", "ssh-agent: signs with the user's keys"},
	{exact, "GPG_AGENT_INFO", "gpg-agent: decrypts and signs with the user's keys"},
	// Execution hijackers: code that runs inside every program or shell.
	{exact, "LD_PRELOAD", "loads a library into every dynamically linked program"},
	{exact, "LD_LIBRARY_PATH", "replaces the libraries programs load"},
	{exact, "LD_AUDIT", "loads an audit library into every program"},
	{prefix, "DYLD_", "macOS dynamic loader injection"},
	{exact, "BASH_ENV", "a script every non-interactive bash runs first"},
	{exact, "ENV", "a script every interactive POSIX sh runs first"},
	{exact, "PROMPT_COMMAND", "a command bash runs before each prompt"},
	{exact, "NODE_OPTIONS", "can --require code into every node process"},
	{exact, "PYTHONSTARTUP", "a script interactive python runs first"},
	{exact, "PERL5OPT", "can -M load code into every perl process"},
	{exact, "RUBYOPT", "can -r load code into every ruby process"},
}

// ScrubEnv returns env without the variables that look like secrets or that
// would inject code into the command (the table above: *TOKEN*, *SECRET*,
// *PASSWORD*, *_KEY, AWS_*, SSH_AUTH_SOCK, LD_PRELOAD, BASH_ENV …), keeping
// any whose exact name is in pass. dropped holds the names removed, sorted
// and without repeats.
func ScrubEnv(env []string, pass []string) (kept []string, dropped []string) {
	return EnvFilter{Pass: pass}.Apply(env)
}

// EnvFilter says which variables a command gets: all but those the scrub
// table names and those Drop names, except that Pass keeps a variable the
// table would drop. Pass holds exact names; Drop holds names with *
// wildcards (path.Match syntax) and wins over Pass.
type EnvFilter struct {
	Pass, Drop []string
}

// Apply returns env filtered, and the names removed, sorted and without
// repeats.
func (f EnvFilter) Apply(env []string) (kept []string, dropped []string) {
	kept = make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if f.drops(name) {
			dropped = append(dropped, name)
			continue
		}
		kept = append(kept, kv)
	}
	slices.Sort(dropped)
	return kept, slices.Compact(dropped)
}

func (f EnvFilter) drops(name string) bool {
	for _, pattern := range f.Drop {
		if ok, _ := path.Match(pattern, name); ok {
			return true
		}
	}
	return !slices.Contains(f.Pass, name) && secretName(name)
}

// secretName reports whether a variable of that name is dropped by default.
func secretName(name string) bool {
	n := strings.ToUpper(name)
	for _, e := range scrubTable {
		var hit bool
		switch e.kind {
		case exact:
			hit = n == e.pattern
		case prefix:
			hit = strings.HasPrefix(n, e.pattern)
		case suffix:
			hit = strings.HasSuffix(n, e.pattern)
		case contains:
			hit = strings.Contains(n, e.pattern)
		}
		if hit {
			return true
		}
	}
	return false
}

// setEnv returns env with key set to value, replacing every earlier entry.
func setEnv(env []string, key, value string) []string {
	env = slices.DeleteFunc(env, func(kv string) bool {
		return kv == key || strings.HasPrefix(kv, key) && kv[len(key)] == '='
	})
	return append(env, key+"="+value)
}

// dedupEnv keeps the last entry of each name, as execve callers expect
// (os/exec does the same; Run calls execve directly).
func dedupEnv(env []string) []string {
	last := make(map[string]int, len(env))
	for i, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		last[name] = i
	}
	if len(last) == len(env) {
		return env
	}
	out := make([]string, 0, len(last))
	for i, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if last[name] == i {
			out = append(out, kv)
		}
	}
	return out
}
