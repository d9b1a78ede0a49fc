package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Preset grants what one toolchain needs outside the project root: its
// caches and configuration, never its credentials. Every grant is
// optional: a path this machine lacks is skipped.
type Preset struct {
	Name string
	// Doc says in a line what the preset is for.
	Doc   string
	paths []presetPath
}

// presetPath is one path a preset grants. It is the first entry of from
// that resolves: "~/sub" below the home directory, "$VAR" or "$VAR/sub"
// when VAR is set. A variable that is set decides even when its value is
// no absolute path (GOCACHE=off, GOENV=off): the toolchain then uses no
// path at all, and neither does the preset. A variable holding a list
// (GOPATH) counts with its first element, as the toolchains do.
type presetPath struct {
	access Access
	from   []string
	// create makes a missing directory before a run, as the toolchain
	// would on first use (go fails when it cannot make its build cache).
	create bool
	why    string
}

// The table never makes a path both writable and executable, and keeps
// read-only what a tool outside the sandbox runs or loads without checking
// it against anything: module sources, crates, installed toolchains,
// package managers, virtualenvs, npx's installs, Gradle's native
// libraries, and the caches from which installs copy code straight into a
// project (Yarn 1's, uv's). That is not enough to keep code from crossing
// over: a cache a preset makes writable is read by builds outside the
// sandbox too, and most hold code or say which code to fetch (GOCACHE's
// compiled packages, pip's wheels, Maven's jars and plugins, Gradle's
// caches). Each grant's why says so; the README lists them. Write is
// granted only where the tool cannot work without it.
var presets = []Preset{
	{Name: "go", Doc: "Go: the module cache read-only, the build cache read-write", paths: []presetPath{
		{Read | Exec, []string{"$GOMODCACHE", "$GOPATH/pkg/mod", "~/go/pkg/mod"}, false,
			"module cache: read, and execute for toolchains GOTOOLCHAIN keeps there; not write, as builds outside the sandbox trust it (downloading needs the network anyway)"},
		{Read | Write, []string{"$GOCACHE", "$XDG_CACHE_HOME/go-build", "~/.cache/go-build"}, true,
			"build cache: go cannot build without writing it; builds outside the sandbox link what it holds unchecked"},
		{Read, []string{"$GOENV", "$XDG_CONFIG_HOME/go/env", "~/.config/go/env"}, false,
			"settings made with go env -w"},
		{Read | Exec, []string{"$GOROOT"}, false,
			"a Go installed outside the system directories"},
		{Read | Exec, []string{"$GOBIN", "$GOPATH/bin", "~/go/bin"}, false,
			"tools installed with go install, which go generate runs"},
	}},
	{Name: "node", Doc: "Node.js: npm's cache and pnpm's store read-write, Yarn's cache, npx's installs and installed Node versions read-only; not ~/.npmrc (registry tokens)", paths: []presetPath{
		{Read | Write, []string{"$npm_config_cache/_cacache", "$NPM_CONFIG_CACHE/_cacache", "~/.npm/_cacache"}, true,
			"npm's cache: tarballs are checked against their integrity hashes, but the cached registry metadata decides what an install outside the sandbox without a lockfile fetches"},
		{Read | Write, []string{"$npm_config_cache/_logs", "$NPM_CONFIG_CACHE/_logs", "~/.npm/_logs"}, true,
			"npm's logs: nothing outside the sandbox runs them"},
		{Read, []string{"$npm_config_cache", "$NPM_CONFIG_CACHE", "~/.npm"}, false,
			"the rest of npm's directory, _npx included: read-only, as npx runs what it installed there outside the sandbox too"},
		{Read, []string{"$YARN_CACHE_FOLDER", "$XDG_CACHE_HOME/yarn", "~/.cache/yarn"}, false,
			"Yarn 1's cache: read-only, as installs copy its packages into projects unchecked"},
		{Read | Write, []string{"$npm_config_store_dir", "$XDG_DATA_HOME/pnpm/store", "~/.local/share/pnpm/store"}, false,
			"pnpm's store (pnpm 7 and later): installs outside the sandbox check its files against the store's index, which is writable too"},
		{Read | Write, []string{"~/.pnpm-store"}, false,
			"pnpm's store (pnpm 6 and earlier): installs outside the sandbox check its files against the store's index, which is writable too"},
		{Read | Exec, []string{"$NVM_DIR", "~/.nvm"}, false,
			"Node versions installed by nvm"},
		{Read | Exec, []string{"$VOLTA_HOME", "~/.volta"}, false,
			"Node versions installed by Volta"},
		{Read | Exec, []string{"$FNM_DIR", "$XDG_DATA_HOME/fnm", "~/.local/share/fnm"}, false,
			"Node versions installed by fnm"},
		{Read | Exec, []string{"$COREPACK_HOME", "$XDG_CACHE_HOME/node/corepack", "~/.cache/node/corepack"}, false,
			"package managers Corepack downloaded"},
	}},
	{Name: "python", Doc: "Python: pip's cache and Poetry's download caches read-write; uv's cache, Poetry's virtualenvs, pyenv, uv and user-installed Pythons and packages read-only; not pip.conf or ~/.pypirc (index credentials)", paths: []presetPath{
		{Read | Write, []string{"$PIP_CACHE_DIR", "$XDG_CACHE_HOME/pip", "~/.cache/pip"}, false,
			"pip's cache of downloads and built wheels: pip outside the sandbox installs a cached wheel unchecked unless --require-hashes"},
		{Read | Write, []string{"$POETRY_CACHE_DIR/cache", "$XDG_CACHE_HOME/pypoetry/cache", "~/.cache/pypoetry/cache"}, false,
			"Poetry's cache of package indexes: it decides what a lock made outside the sandbox pins"},
		{Read | Write, []string{"$POETRY_CACHE_DIR/artifacts", "$XDG_CACHE_HOME/pypoetry/artifacts", "~/.cache/pypoetry/artifacts"}, false,
			"Poetry's downloaded distributions: installs outside the sandbox check them against poetry.lock's hashes"},
		{Read | Exec, []string{"$POETRY_CACHE_DIR/virtualenvs", "$XDG_CACHE_HOME/pypoetry/virtualenvs", "~/.cache/pypoetry/virtualenvs"}, false,
			"virtualenvs Poetry made: read-only, as poetry run runs them outside the sandbox too"},
		{Read, []string{"$UV_CACHE_DIR", "$XDG_CACHE_HOME/uv", "~/.cache/uv"}, false,
			"uv's cache: read-only, as uv links its unpacked packages into environments unchecked"},
		{Read | Exec, []string{"$PYENV_ROOT", "~/.pyenv"}, false,
			"Pythons installed by pyenv, its shims and pyenv-virtualenv's environments"},
		{Read | Exec, []string{"$UV_PYTHON_INSTALL_DIR", "$XDG_DATA_HOME/uv/python", "~/.local/share/uv/python"}, false,
			"Pythons installed by uv"},
		{Read | Exec, []string{"$WORKON_HOME", "~/.virtualenvs"}, false,
			"virtualenvs made by virtualenvwrapper"},
		{Read | Exec, []string{"$PYTHONUSERBASE/lib", "~/.local/lib"}, false,
			"packages installed with pip install --user"},
		{Read | Exec, []string{"$PYTHONUSERBASE/bin", "~/.local/bin"}, false,
			"the scripts of those packages"},
	}},
	{Name: "rust", Doc: "Rust: cargo's registry and git checkouts and rustup's toolchains read-only; not credentials.toml (registry tokens)", paths: []presetPath{
		{Read | Exec, []string{"$CARGO_HOME/bin", "~/.cargo/bin"}, false,
			"cargo, rustc and the rustup proxies"},
		{Read, []string{"$CARGO_HOME/registry", "~/.cargo/registry"}, false,
			"downloaded crates and the registry index: read, as builds outside the sandbox trust them (downloading needs the network anyway)"},
		{Read, []string{"$CARGO_HOME/git", "~/.cargo/git"}, false,
			"crates checked out from git, likewise"},
		{Read, []string{"$CARGO_HOME/config.toml", "~/.cargo/config.toml"}, false,
			"cargo's configuration"},
		{Read | Exec, []string{"$RUSTUP_HOME", "~/.rustup"}, false,
			"toolchains installed by rustup"},
	}},
	{Name: "java", Doc: "Java: the Maven repository and Gradle's caches read-write, Gradle's native libraries and JDKs read-only, never the Gradle daemon's registry; not ~/.m2/settings.xml or ~/.gradle/gradle.properties (server passwords, signing keys)", paths: []presetPath{
		{Read | Write, []string{"~/.m2/repository"}, true,
			"Maven's local repository: mvn cannot resolve a dependency without writing it; builds outside the sandbox load its jars and plugins unchecked"},
		{Read | Write, []string{"$GRADLE_USER_HOME/caches", "~/.gradle/caches"}, false,
			"Gradle's dependency and build caches: builds outside the sandbox load what they hold (jars, compiled build scripts) unchecked"},
		{Read, []string{"$GRADLE_USER_HOME/native", "~/.gradle/native"}, false,
			"native libraries Gradle unpacked: read-only, as every Gradle outside the sandbox loads them"},
		{Read | Exec, []string{"$GRADLE_USER_HOME/wrapper", "~/.gradle/wrapper"}, false,
			"distributions the Gradle wrapper downloaded"},
		{Read | Exec, []string{"$JAVA_HOME"}, false,
			"a JDK installed outside the system directories"},
		{Read | Exec, []string{"$SDKMAN_DIR/candidates", "~/.sdkman/candidates"}, false,
			"JDKs and build tools installed by SDKMAN!"},
	}},
	{Name: "git", Doc: "git: the global configuration, ignore and attributes files; not ~/.git-credentials, ~/.config/git/credentials or ~/.ssh", paths: []presetPath{
		// The first gitConfigPaths entries are what HomeGrants grants.
		{Read, []string{"$GIT_CONFIG_GLOBAL", "~/.gitconfig"}, false, "global configuration"},
		{Read, []string{"$XDG_CONFIG_HOME/git/config", "~/.config/git/config"}, false, "global configuration, XDG location"},
		{Read, []string{"$XDG_CONFIG_HOME/git/ignore", "~/.config/git/ignore"}, false,
			"global ignore patterns (git warns when it cannot read them)"},
		{Read, []string{"$XDG_CONFIG_HOME/git/attributes", "~/.config/git/attributes"}, false,
			"global attributes (git warns when it cannot read them)"},
	}},
}

// gitConfigPaths is how many of the git preset's first paths are git's
// global configuration. git aborts when it may not read it ("unknown error
// occurred while reading the configuration files"), so every policy
// grants it (HomeGrants), not only the git preset.
const gitConfigPaths = 2

// PresetNames returns the names of the presets, in table order.
func PresetNames() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
	}
	return names
}

// LookupPreset returns the named preset, or an error listing the presets
// there are.
func LookupPreset(name string) (Preset, error) {
	for _, p := range presets {
		if p.Name == name {
			return p, nil
		}
	}
	return Preset{}, fmt.Errorf("unknown preset %q (want one of %s)", name, strings.Join(PresetNames(), ", "))
}

// PresetGrant is a grant a preset makes, and why.
type PresetGrant struct {
	Grant
	Why string `json:"why"`
}

// Grants returns what the preset grants a user whose home directory is
// home, reading variables with getenv. Paths that do not resolve are left
// out; paths that do are listed whether they exist or not, and are
// optional.
func (p Preset) Grants(home string, getenv func(string) string) []PresetGrant {
	return resolvePresetPaths(p.paths, home, getenv)
}

// HomeGrants returns the grants every policy needs in the home directory:
// git's global configuration, read-only.
func HomeGrants(home string, getenv func(string) string) []Grant {
	git, err := LookupPreset("git")
	if err != nil {
		panic("BUG(mewsandbox): no git preset")
	}
	var out []Grant
	for _, g := range resolvePresetPaths(git.paths[:gitConfigPaths], home, getenv) {
		out = append(out, g.Grant)
	}
	return out
}

func resolvePresetPaths(paths []presetPath, home string, getenv func(string) string) []PresetGrant {
	var out []PresetGrant
	for _, pp := range paths {
		if path, ok := resolvePresetPath(pp.from, home, getenv); ok {
			out = append(out, PresetGrant{
				Grant: Grant{Path: path, Access: pp.access, Optional: true, Create: pp.create},
				Why:   pp.why,
			})
		}
	}
	return out
}

// resolvePresetPath returns the first candidate of from that resolves (see
// presetPath), and false when none does or when a variable that decides
// does not hold an absolute path.
func resolvePresetPath(from []string, home string, getenv func(string) string) (string, bool) {
	for _, c := range from {
		var base, rest string
		if r, ok := strings.CutPrefix(c, "~/"); ok {
			if !filepath.IsAbs(home) {
				continue
			}
			base, rest = home, r
		} else {
			name, r, _ := strings.Cut(strings.TrimPrefix(c, "$"), "/")
			v := getenv(name)
			if v == "" {
				continue
			}
			v, _, _ = strings.Cut(v, string(os.PathListSeparator))
			if !filepath.IsAbs(v) {
				return "", false
			}
			base, rest = v, r
		}
		return filepath.Join(base, rest), true
	}
	return "", false
}

// presetExecuting names the first preset that grants executing real (a
// real path) to a user whose home directory is home, or "": a program
// installed in the home directory (~/.cargo/bin, a pyenv shim) is refused
// for want of the preset, which the message can then name.
func presetExecuting(real, home string, getenv func(string) string) string {
	for _, p := range presets {
		for _, g := range p.Grants(home, getenv) {
			if g.Access&Exec == 0 {
				continue
			}
			if gr, err := filepath.EvalSymlinks(g.Path); err == nil && within(real, gr) {
				return p.Name
			}
		}
	}
	return ""
}
