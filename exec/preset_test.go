package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// envOf returns a getenv over a fixed set of variables.
func envOf(kv ...string) func(string) string {
	m := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		m[k] = v
	}
	return func(k string) string { return m[k] }
}

// grantStrings renders grants as "rwx /path", marking created ones with +.
func grantStrings(gs []PresetGrant) []string {
	var out []string
	for _, g := range gs {
		s := g.Access.String() + " " + g.Path
		if g.Create {
			s += " +"
		}
		out = append(out, s)
	}
	return out
}

func TestPresetNames(t *testing.T) {
	t.Parallel()
	if got, want := PresetNames(), []string{"go", "node", "python", "rust", "java", "git"}; !slices.Equal(got, want) {
		t.Errorf("PresetNames() = %q, want %q", got, want)
	}
	for _, name := range PresetNames() {
		if p, err := LookupPreset(name); err != nil || p.Name != name || p.Doc == "" {
			t.Errorf("LookupPreset(%q) = %+v, %v", name, p, err)
		}
	}
	_, err := LookupPreset("golang")
	if err == nil || err.Error() != `unknown preset "golang" (want one of go, node, python, rust, java, git)` {
		t.Errorf("LookupPreset(golang) error = %v", err)
	}
}

func TestPresetGrants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		preset string
		home   string
		env    []string
		want   []string
	}{
		{"go by default", "go", "/h", nil, []string{
			"rx /h/go/pkg/mod", "rw /h/.cache/go-build +", "r /h/.config/go/env", "rx /h/go/bin"}},
		{"go honours GOMODCACHE, GOCACHE, GOENV, GOROOT and GOBIN", "go", "/h",
			[]string{"GOMODCACHE=/m", "GOCACHE=/c", "GOENV=/e/env", "GOROOT=/sdk/go", "GOBIN=/b", "GOPATH=/g"}, []string{
				"rx /m", "rw /c +", "r /e/env", "rx /sdk/go", "rx /b"}},
		{"go takes the module cache and bin from the first GOPATH entry", "go", "/h",
			[]string{"GOPATH=/g1:/g2", "XDG_CACHE_HOME=/xc", "XDG_CONFIG_HOME=/xf"}, []string{
				"rx /g1/pkg/mod", "rw /xc/go-build +", "r /xf/go/env", "rx /g1/bin"}},
		{"GOCACHE=off and GOENV=off grant nothing, not the default", "go", "/h",
			[]string{"GOCACHE=off", "GOENV=off"}, []string{"rx /h/go/pkg/mod", "rx /h/go/bin"}},
		{"a relative variable grants nothing", "go", "/h", []string{"GOMODCACHE=rel/mod"}, []string{
			"rw /h/.cache/go-build +", "r /h/.config/go/env", "rx /h/go/bin"}},
		{"without a home only variables resolve", "go", "", []string{"GOCACHE=/c"}, []string{"rw /c +"}},
		{"node", "node", "/h", nil, []string{
			"rw /h/.npm/_cacache +", "rw /h/.npm/_logs +", "r /h/.npm", "r /h/.cache/yarn", "rw /h/.local/share/pnpm/store", "rw /h/.pnpm-store",
			"rx /h/.nvm", "rx /h/.volta", "rx /h/.local/share/fnm", "rx /h/.cache/node/corepack"}},
		{"node honours npm_config_cache and NVM_DIR", "node", "/h", []string{"npm_config_cache=/nc", "NVM_DIR=/nvm"}, []string{
			"rw /nc/_cacache +", "rw /nc/_logs +", "r /nc", "r /h/.cache/yarn", "rw /h/.local/share/pnpm/store", "rw /h/.pnpm-store",
			"rx /nvm", "rx /h/.volta", "rx /h/.local/share/fnm", "rx /h/.cache/node/corepack"}},
		{"python", "python", "/h", nil, []string{
			"rw /h/.cache/pip", "rw /h/.cache/pypoetry/cache", "rw /h/.cache/pypoetry/artifacts", "rx /h/.cache/pypoetry/virtualenvs",
			"r /h/.cache/uv", "rx /h/.pyenv", "rx /h/.local/share/uv/python", "rx /h/.virtualenvs", "rx /h/.local/lib", "rx /h/.local/bin"}},
		{"python honours PIP_CACHE_DIR, POETRY_CACHE_DIR, PYENV_ROOT and PYTHONUSERBASE", "python", "/h",
			[]string{"PIP_CACHE_DIR=/pc", "POETRY_CACHE_DIR=/po", "PYENV_ROOT=/pyenv", "PYTHONUSERBASE=/ub"}, []string{
				"rw /pc", "rw /po/cache", "rw /po/artifacts", "rx /po/virtualenvs", "r /h/.cache/uv", "rx /pyenv", "rx /h/.local/share/uv/python",
				"rx /h/.virtualenvs", "rx /ub/lib", "rx /ub/bin"}},
		{"rust", "rust", "/h", nil, []string{
			"rx /h/.cargo/bin", "r /h/.cargo/registry", "r /h/.cargo/git", "r /h/.cargo/config.toml", "rx /h/.rustup"}},
		{"rust honours CARGO_HOME and RUSTUP_HOME", "rust", "/h", []string{"CARGO_HOME=/ch", "RUSTUP_HOME=/rh"}, []string{
			"rx /ch/bin", "r /ch/registry", "r /ch/git", "r /ch/config.toml", "rx /rh"}},
		{"java", "java", "/h", nil, []string{
			"rw /h/.m2/repository +", "rw /h/.gradle/caches", "r /h/.gradle/native",
			"rx /h/.gradle/wrapper", "rx /h/.sdkman/candidates"}},
		{"java honours GRADLE_USER_HOME and JAVA_HOME", "java", "/h", []string{"GRADLE_USER_HOME=/gu", "JAVA_HOME=/jdk"}, []string{
			"rw /h/.m2/repository +", "rw /gu/caches", "r /gu/native", "rx /gu/wrapper", "rx /jdk", "rx /h/.sdkman/candidates"}},
		{"git", "git", "/h", nil, []string{
			"r /h/.gitconfig", "r /h/.config/git/config", "r /h/.config/git/ignore", "r /h/.config/git/attributes"}},
		{"git honours GIT_CONFIG_GLOBAL and XDG_CONFIG_HOME", "git", "/h", []string{"GIT_CONFIG_GLOBAL=/gc", "XDG_CONFIG_HOME=/x"}, []string{
			"r /gc", "r /x/git/config", "r /x/git/ignore", "r /x/git/attributes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, err := LookupPreset(tt.preset)
			if err != nil {
				t.Fatal(err)
			}
			if got := grantStrings(p.Grants(tt.home, envOf(tt.env...))); !slices.Equal(got, tt.want) {
				t.Errorf("grants:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestPresetsGrantNothingSecret holds every preset to the rules of the
// table: no credential store is reachable, nothing is both writable and
// executable (a sandboxed command could plant a program that later runs
// outside the sandbox), nothing that tools outside the sandbox run or load
// unchecked is writable, no grant is a whole home, config or data
// directory, and every grant is optional and says why.
func TestPresetsGrantNothingSecret(t *testing.T) {
	t.Parallel()
	const home = "/h"
	secrets := []string{
		".ssh", ".aws", ".gnupg", ".kube", ".docker", ".netrc", ".git-credentials", ".config/git/credentials",
		".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".config/pip", ".pip", ".cargo/credentials", ".cargo/credentials.toml",
		".m2/settings.xml", ".m2/settings-security.xml", ".gradle/gradle.properties", ".config/gh", ".config/gcloud",
		".local/share/keyrings", ".password-store", ".config/go/telemetry",
		// The Gradle daemon's registry: the port and token of a daemon
		// that runs builds outside the sandbox.
		".gradle/daemon",
	}
	// Code that runs outside the sandbox, as it is.
	planted := []string{
		".npm/_npx", ".cache/yarn", ".cache/uv", ".cache/pypoetry/virtualenvs", ".gradle/native",
		".nvm", ".pyenv", ".cargo/bin", ".rustup", "go/bin", "go/pkg/mod", ".local/lib", ".local/bin",
	}
	broad := []string{home, home + "/.config", home + "/.local", home + "/.local/share", home + "/.cache", home + "/.cargo", home + "/.m2", home + "/.gradle", home + "/go"}
	for _, name := range PresetNames() {
		p, _ := LookupPreset(name)
		grants := p.Grants(home, envOf())
		if len(grants) == 0 {
			t.Errorf("preset %s grants nothing", name)
		}
		for _, g := range grants {
			for _, s := range secrets {
				secret := filepath.Join(home, s)
				if within(secret, g.Path) {
					t.Errorf("preset %s: %s reaches the secret %s", name, g, secret)
				}
			}
			if slices.Contains(broad, g.Path) {
				t.Errorf("preset %s: %s grants a whole directory of unrelated things", name, g)
			}
			if g.Access&Write != 0 && g.Access&Exec != 0 {
				t.Errorf("preset %s: %s is writable and executable", name, g)
			}
			for _, p := range planted {
				if p := filepath.Join(home, p); g.Access&Write != 0 && (within(p, g.Path) || within(g.Path, p)) {
					t.Errorf("preset %s: %s makes %s writable, which runs outside the sandbox unchecked", name, g, p)
				}
			}
			if g.Access&Write != 0 && !strings.Contains(g.Why, "outside the sandbox") {
				t.Errorf("preset %s: %s is writable, and its why does not say what tools outside the sandbox make of it: %q", name, g, g.Why)
			}
			if !g.Optional || g.Why == "" || g.check() != nil {
				t.Errorf("preset %s: %s: optional %v, why %q, check %v", name, g, g.Optional, g.Why, g.check())
			}
			if g.Create && g.Access&Write == 0 {
				t.Errorf("preset %s: %s is created but not writable", name, g)
			}
		}
	}
}

func TestHomeGrants(t *testing.T) {
	t.Parallel()
	var got []string
	for _, g := range HomeGrants("/h", envOf()) {
		got = append(got, g.String())
	}
	if want := []string{"r /h/.gitconfig (optional)", "r /h/.config/git/config (optional)"}; !slices.Equal(got, want) {
		t.Errorf("HomeGrants = %q, want %q", got, want)
	}
	if g := HomeGrants("", envOf()); len(g) != 0 {
		t.Errorf("HomeGrants without a home = %v", g)
	}
}

func TestMakeDirsSaysWhatToDo(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	p := Policy{Grants: []Grant{{Path: filepath.Join(file, "cache"), Access: Read | Write, Optional: true, Create: true}}}
	err := p.MakeDirs()
	if err == nil || !strings.Contains(err.Error(), file+"/cache") || !strings.Contains(err.Error(), "create it yourself, fix the permissions of its parent, or point the tool's variable") {
		t.Errorf("MakeDirs = %v, want an error naming the path and what to do", err)
	}
}
