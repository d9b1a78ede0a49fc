package integration

// Black-box tests of the toolchain presets (--preset NAME): per preset, a
// tiny project of that toolchain builds or runs inside the sandbox with a
// fresh HOME, and fails without the preset where the preset is what makes
// it work; beside it, the preset's attack neighbours: the credentials next
// to the caches stay unreadable, and what the preset grants read-only
// stays unwritable. A toolchain that is not installed skips its test.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// defaultPath is the PATH run gives the binary.
const defaultPath = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"

// toolPath returns a PATH that finds every program named, looked up in
// defaultPath and then in the test's own PATH; it skips the test, naming
// the program, when one is not installed.
func toolPath(t *testing.T, progs ...string) string {
	t.Helper()
	dirs := []string{}
	for _, prog := range progs {
		p, err := lookPathIn(prog, defaultPath)
		if err != nil {
			if p, err = osexec.LookPath(prog); err != nil {
				t.Skipf("%s is not installed: this preset's test needs it", prog)
			}
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	return strings.Join(append(dirs, defaultPath), ":")
}

func lookPathIn(prog, path string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, prog)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not in %s", prog, path)
}

// toolBox is newBox for a toolchain found on path: HOME and
// XDG_CONFIG_HOME both in the box's fresh home, as a user's would be.
func toolBox(t *testing.T, path string, files map[string]string) *box {
	t.Helper()
	b := newBox(t, files)
	b.env = []string{"PATH=" + path, "XDG_CONFIG_HOME=" + filepath.Join(b.home, ".config")}
	return b
}

// expect fails the test unless r exited with code, showing what it printed.
func expect(t *testing.T, what string, r result, code int) {
	t.Helper()
	if r.code != code {
		t.Errorf("%s: exit %d, want %d\nstdout: %.2000s\nstderr: %.2000s", what, r.code, code, r.stdout, r.stderr)
	}
}

// TestPresetGo builds a module with a fresh HOME: without the preset go
// cannot make its build cache; with it the build works, the cache is made
// and written, a dependency is read from the module cache GOMODCACHE names,
// and the module cache, ~/go/bin, ~/.ssh and the rest of the home stay
// shut.
func TestPresetGo(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "go")
	b := toolBox(t, path, map[string]string{
		"go.mod":  "module example.com/hello\n\ngo 1.21\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello from the sandbox\") }\n",
	})
	// The project's .git is empty: VCS stamping would fail on it. GOPROXY
	// off: nothing may come from the network.
	b.env = append(b.env, "GOFLAGS=-buildvcs=false", "GOPROXY=off", "GOTOOLCHAIN=local", "GOTELEMETRY=off")

	r := b.run("run", "--yolo", "--", "go", "build", "-o", "hello", ".")
	if r.code == 0 || !strings.Contains(r.stderr, "go-build") {
		t.Errorf("go build without the preset: exit %d, want a failure to make the build cache\nstderr: %s", r.code, r.stderr)
	}
	r = b.run("run", "--yolo", "--preset", "go", "--", "go", "build", "-o", "hello", ".")
	expect(t, "go build --preset go", r, 0)
	if out, err := osexec.Command(filepath.Join(b.root, "hello")).Output(); err != nil || string(out) != "hello from the sandbox\n" {
		t.Errorf("the built program: %q, %v", out, err)
	}
	if ents, err := os.ReadDir(filepath.Join(b.home, ".cache", "go-build")); err != nil || len(ents) == 0 {
		t.Errorf("the build cache was not made and filled: %v", err)
	}

	t.Run("a dependency from GOMODCACHE", func(t *testing.T) {
		modcache, version, sums := cachedYAML(t)
		d := b.with(t)
		d.root = project(t, map[string]string{
			"go.mod":  "module example.com/dep\n\ngo 1.21\n\nrequire gopkg.in/yaml.v3 " + version + "\n",
			"go.sum":  sums,
			"main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"gopkg.in/yaml.v3\"\n)\n\nfunc main() {\n\tb, _ := yaml.Marshal(map[string]int{\"a\": 1})\n\tfmt.Print(string(b))\n}\n",
		})
		d.env = append(d.env, "GOMODCACHE="+modcache)
		r := d.runIn(d.root, "", "run", "--yolo", "--preset", "go", "--", "go", "run", ".")
		expect(t, "go run with a cached dependency", r, 0)
		if r.stdout != "a: 1\n" {
			t.Errorf("go run printed %q", r.stdout)
		}
	})

	t.Run("attack neighbours", func(t *testing.T) {
		d := b.with(t)
		fakeModcache := filepath.Join(d.out, "modcache")
		d.file(filepath.Join(fakeModcache, "example.com", "m@v1.0.0", "m.go"), "package m\n", 0o444)
		d.file(filepath.Join(d.home, ".ssh", "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----\n", 0o600)
		d.file(filepath.Join(d.home, "go", "bin", "tool"), "#!/bin/sh\necho tool\n", 0o755)
		d.file(filepath.Join(d.home, ".config", "go", "env"), "GOFLAGS=-buildvcs=false\n", 0o644)
		d.env = append(d.env, "GOMODCACHE="+fakeModcache)
		o := d.check(`
c read-modcache cat "$GOMODCACHE/example.com/m@v1.0.0/m.go"
c write-modcache sh -c 'echo planted > "$GOMODCACHE/example.com/planted.go"'
c replace-module sh -c 'chmod u+w "$GOMODCACHE/example.com/m@v1.0.0/m.go"; echo package evil > "$GOMODCACHE/example.com/m@v1.0.0/m.go"'
c write-cache sh -c 'echo x > "$HOME/.cache/go-build/probe"'
c read-goenv cat "$HOME/.config/go/env"
c write-goenv sh -c 'echo GOFLAGS=-toolexec=evil >> "$HOME/.config/go/env"'
c run-gobin "$HOME/go/bin/tool"
c write-gobin sh -c 'echo planted > "$HOME/go/bin/go"'
c read-ssh cat "$HOME/.ssh/id_rsa"
c list-home ls "$HOME"
c write-home sh -c 'echo x > "$HOME/planted"'
c write-outside sh -c 'echo x > `+d.out+`/planted'
`, "--preset", "go")
		for _, l := range []string{"read-modcache", "write-cache", "read-goenv", "run-gobin"} {
			o.ok(t, l)
		}
		for _, l := range []string{"write-modcache", "replace-module", "write-goenv", "write-gobin", "read-ssh", "list-home", "write-home", "write-outside"} {
			o.fails(t, l)
		}
		if got := d.read(filepath.Join(fakeModcache, "example.com", "m@v1.0.0", "m.go")); got != "package m\n" {
			t.Errorf("the module source now reads %q", got)
		}
	})
}

// cachedYAML returns the module cache holding gopkg.in/yaml.v3 (which
// building mewsandbox put there), the version this repository requires and
// this repository's go.sum (yaml.v3's module graph reaches further than
// yaml.v3); it skips the test when the module is not cached.
func cachedYAML(t *testing.T) (modcache, version, sums string) {
	t.Helper()
	out, err := osexec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skipf("go env GOMODCACHE: %v", err)
	}
	modcache = strings.TrimSpace(string(out))
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Skipf("the repository's go.sum: %v", err)
	}
	for s := bufio.NewScanner(strings.NewReader(string(sum))); s.Scan(); {
		if f := strings.Fields(s.Text()); len(f) == 3 && f[0] == "gopkg.in/yaml.v3" {
			version = strings.TrimSuffix(f[1], "/go.mod")
			break
		}
	}
	if version == "" {
		t.Skip("this repository no longer requires gopkg.in/yaml.v3")
	}
	if _, err := os.Stat(filepath.Join(modcache, "gopkg.in", "yaml.v3@"+version)); err != nil {
		t.Skipf("gopkg.in/yaml.v3@%s is not in the module cache %s", version, modcache)
	}
	return modcache, version, string(sum)
}

// TestPresetGit commits with a user whose global configuration has an
// ignore file: git refuses to work without the preset ("cannot use … as
// an exclude file"), and with it commits, honouring the ignore file, while
// the credential stores beside the configuration stay unreadable and the
// configuration itself unwritable.
func TestPresetGit(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "git")
	b := toolBox(t, path, map[string]string{"hello.txt": "hello\n", "debug.log": "noise\n"})
	b.file(filepath.Join(b.home, ".gitconfig"), "[user]\n\tname = Sandbox Test\n\temail = sandbox@example.com\n", 0o644)
	b.file(filepath.Join(b.home, ".config", "git", "ignore"), "*.log\n", 0o644)
	b.file(filepath.Join(b.home, ".config", "git", "attributes"), "*.bin binary\n", 0o644)
	b.file(filepath.Join(b.home, ".git-credentials"), "https://user:SECRET@example.com\n", 0o600)
	b.file(filepath.Join(b.home, ".config", "git", "credentials"), "https://user:SECRET@example.com\n", 0o600)
	if err := os.RemoveAll(filepath.Join(b.root, ".git")); err != nil {
		t.Fatal(err)
	}
	const commit = "git init -q . && git add -A && git commit -q -m first && git status --porcelain --ignored && git log --format=%an:%s\n"

	r := b.runIn(b.root, commit, "run", "--yolo", "--", "sh", "-s")
	if r.code == 0 || !strings.Contains(r.stderr, "config/git/ignore") {
		t.Errorf("git without the preset: exit %d, want it to stop at the unreadable ignore file\nstderr: %s", r.code, r.stderr)
	}
	if err := os.RemoveAll(filepath.Join(b.root, ".git")); err != nil {
		t.Fatal(err)
	}
	r = b.runIn(b.root, commit, "run", "--yolo", "--preset", "git", "--", "sh", "-s")
	expect(t, "git commit --preset git", r, 0)
	if !strings.Contains(r.stdout, "!! debug.log") || !strings.Contains(r.stdout, "Sandbox Test:first") {
		t.Errorf("git status and log: %q, want debug.log ignored and the commit by the configured user", r.stdout)
	}
	if strings.Contains(r.stderr, "unable to access") {
		t.Errorf("git still warned: %s", r.stderr)
	}

	o := b.check(`
c read-config git config --global user.name
c write-config git config --global user.name Mallory
c read-credentials cat "$HOME/.git-credentials"
c read-xdg-credentials cat "$HOME/.config/git/credentials"
c list-config-dir ls "$HOME/.config/git"
`, "--preset", "git")
	o.ok(t, "read-config")
	for _, l := range []string{"write-config", "read-credentials", "read-xdg-credentials", "list-config-dir"} {
		o.fails(t, l)
	}
	if got := b.read(filepath.Join(b.home, ".gitconfig")); strings.Contains(got, "Mallory") {
		t.Errorf("~/.gitconfig was changed: %q", got)
	}
}

// TestPresetNode runs npm test: with the preset npm keeps its cache and
// logs in ~/.npm, which is made for it; ~/.npmrc (registry tokens) stays
// unreadable, and what runs outside the sandbox unchecked stays
// unwritable: the Node versions nvm installed, npx's installs in
// ~/.npm/_npx, Yarn 1's cache.
func TestPresetNode(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "node", "npm")
	b := toolBox(t, path, map[string]string{
		"package.json": `{"name": "sandboxed", "version": "1.0.0", "scripts": {"test": "node test.js"}}`,
		"test.js":      "console.log('tests pass: ' + (6 * 7));\n",
	})
	b.env = append(b.env, "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	b.file(filepath.Join(b.home, ".npmrc"), "//registry.npmjs.org/:_authToken=npm_SECRET\n", 0o600)
	b.file(filepath.Join(b.home, ".nvm", "versions", "node", "v0", "bin", "node"), "#!/bin/sh\n", 0o755)
	b.file(filepath.Join(b.home, ".cache", "yarn", "v6", "README"), "yarn cache\n", 0o644)

	r := b.run("run", "--yolo", "--preset", "node", "--", "npm", "test")
	expect(t, "npm test --preset node", r, 0)
	if !strings.Contains(r.stdout, "tests pass: 42") {
		t.Errorf("npm test printed %q", r.stdout)
	}
	if _, err := os.Stat(filepath.Join(b.home, ".npm", "_logs")); err != nil {
		t.Errorf("npm kept no logs in the ~/.npm the preset made: %v", err)
	}
	o := b.check(`
c write-cache sh -c 'echo x > "$HOME/.npm/_cacache/probe"'
c read-logs ls "$HOME/.npm/_logs"
c plant-npx sh -c 'mkdir -p "$HOME/.npm/_npx/0/node_modules" && echo planted > "$HOME/.npm/_npx/0/node_modules/x.js"'
c write-npm-dir sh -c 'echo x > "$HOME/.npm/probe"'
c read-yarn-cache cat "$HOME/.cache/yarn/v6/README"
c write-yarn-cache sh -c 'echo planted > "$HOME/.cache/yarn/v6/x.js"'
c read-nvm ls "$HOME/.nvm/versions/node"
c write-nvm sh -c 'echo planted > "$HOME/.nvm/versions/node/v0/bin/node"'
c read-npmrc cat "$HOME/.npmrc"
`, "--preset", "node")
	for _, l := range []string{"write-cache", "read-logs", "read-yarn-cache", "read-nvm"} {
		o.ok(t, l)
	}
	for _, l := range []string{"plant-npx", "write-npm-dir", "write-yarn-cache", "write-nvm", "read-npmrc"} {
		o.fails(t, l)
	}
}

// TestPresetPython imports a package installed with pip install --user,
// which only the preset makes readable, and uses pip's cache; ~/.pypirc
// and pip.conf (index credentials) stay unreadable. With pyenv installed,
// its Python runs through its shims from PYENV_ROOT.
func TestPresetPython(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "python3")
	py, _ := lookPathIn("python3", path)
	out, err := osexec.Command(py, "-c", "import sys; print('%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Skipf("%s does not run: %v", py, err)
	}
	version := strings.TrimSpace(string(out))
	b := toolBox(t, path, map[string]string{"main.py": "import sbxmod\nprint(sbxmod.GREETING)\n"})
	b.file(filepath.Join(b.home, ".local", "lib", "python"+version, "site-packages", "sbxmod.py"), "GREETING = 'user site works'\n", 0o644)
	b.file(filepath.Join(b.home, ".cache", "pip", "README"), "pip cache\n", 0o644)
	b.file(filepath.Join(b.home, ".cache", "uv", "README"), "uv cache\n", 0o644)
	for _, d := range []string{"cache", "artifacts", "virtualenvs/app-py3.12/lib"} {
		b.file(filepath.Join(b.home, ".cache", "pypoetry", d, "README"), d+"\n", 0o644)
	}
	b.file(filepath.Join(b.home, ".pypirc"), "[pypi]\npassword = pypi-SECRET\n", 0o600)
	b.file(filepath.Join(b.home, ".config", "pip", "pip.conf"), "[global]\nindex-url = https://user:SECRET@pypi.example.com/simple\n", 0o600)

	r := b.run("run", "--yolo", "--", "python3", "main.py")
	if r.code == 0 {
		t.Errorf("the user site was importable without the preset: %s", r.stdout)
	}
	r = b.run("run", "--yolo", "--preset", "python", "--", "python3", "main.py")
	expect(t, "python3 --preset python", r, 0)
	if r.stdout != "user site works\n" {
		t.Errorf("python3 printed %q", r.stdout)
	}
	o := b.check(`
c write-pip-cache sh -c 'echo x > "$HOME/.cache/pip/probe"'
c write-poetry-cache sh -c 'echo x > "$HOME/.cache/pypoetry/cache/probe" && echo x > "$HOME/.cache/pypoetry/artifacts/probe"'
c read-poetry-venv cat "$HOME/.cache/pypoetry/virtualenvs/app-py3.12/lib/README"
c plant-poetry-venv sh -c 'echo planted > "$HOME/.cache/pypoetry/virtualenvs/app-py3.12/lib/sitecustomize.py"'
c read-uv-cache cat "$HOME/.cache/uv/README"
c plant-uv-cache sh -c 'echo planted > "$HOME/.cache/uv/x.py"'
c write-user-site sh -c 'echo "GREETING = 1" > "$HOME/.local/lib/python`+version+`/site-packages/sbxmod.py"'
c read-pypirc cat "$HOME/.pypirc"
c read-pip-conf cat "$HOME/.config/pip/pip.conf"
`, "--preset", "python")
	for _, l := range []string{"write-pip-cache", "write-poetry-cache", "read-poetry-venv", "read-uv-cache"} {
		o.ok(t, l)
	}
	for _, l := range []string{"plant-poetry-venv", "plant-uv-cache", "write-user-site", "read-pypirc", "read-pip-conf"} {
		o.fails(t, l)
	}

	t.Run("pyenv", func(t *testing.T) {
		root := os.Getenv("PYENV_ROOT")
		if root == "" {
			if h, err := os.UserHomeDir(); err == nil {
				root = filepath.Join(h, ".pyenv")
			}
		}
		if _, err := os.Stat(filepath.Join(root, "shims", "python3")); err != nil {
			t.Skipf("pyenv is not installed (no %s/shims/python3)", root)
		}
		d := b.with(t)
		d.env = append(d.env, "PYENV_ROOT="+root, "PATH="+filepath.Join(root, "shims")+":"+filepath.Join(root, "bin")+":"+path)
		r := d.run("run", "--yolo", "--", "python3", "-c", "print('pyenv')")
		if r.code == 0 {
			t.Errorf("pyenv's python ran without the preset")
		}
		r = d.run("run", "--yolo", "--preset", "python", "--", "python3", "-c", "import sys; print(sys.prefix)")
		expect(t, "pyenv python3 --preset python", r, 0)
		if !strings.HasPrefix(r.stdout, root) {
			t.Errorf("python3 ran from %q, want pyenv's under %s", r.stdout, root)
		}
	})
}

// TestPresetRust builds a crate with the cargo and toolchain that
// CARGO_HOME and RUSTUP_HOME name: without the preset cargo cannot even be
// executed; with it the build works, and CARGO_HOME's own files (where
// credentials.toml lives) and its registry stay shut.
func TestPresetRust(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "cargo")
	cargo, _ := lookPathIn("cargo", path)
	cargoHome := os.Getenv("CARGO_HOME")
	if cargoHome == "" {
		cargoHome = filepath.Dir(filepath.Dir(cargo))
	}
	rustupHome := os.Getenv("RUSTUP_HOME")
	if rustupHome == "" {
		rustupHome = filepath.Join(filepath.Dir(cargoHome), ".rustup")
	}
	b := toolBox(t, path, map[string]string{
		"Cargo.toml":  "[package]\nname = \"hello\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"src/main.rs": "fn main() { println!(\"hello from the sandbox\"); }\n",
	})
	b.env = append(b.env, "CARGO_HOME="+cargoHome, "CARGO_TERM_COLOR=never")
	if fi, err := os.Stat(rustupHome); err == nil && fi.IsDir() {
		b.env = append(b.env, "RUSTUP_HOME="+rustupHome)
	}

	r := b.run("run", "--yolo", "--", "cargo", "build", "--offline")
	if r.code == 0 {
		t.Errorf("cargo ran without the preset")
	}
	r = b.run("run", "--yolo", "--preset", "rust", "--", "cargo", "run", "--offline", "-q")
	expect(t, "cargo run --preset rust", r, 0)
	if r.stdout != "hello from the sandbox\n" {
		t.Errorf("cargo run printed %q", r.stdout)
	}
	tag := uniq()
	probes := []string{filepath.Join(cargoHome, "bin", "mwsbx-"+tag), filepath.Join(cargoHome, "mwsbx-"+tag)}
	t.Cleanup(func() { // only there if the sandbox failed
		for _, p := range probes {
			os.Remove(p)
		}
	})
	o := b.check(`
c list-cargo-home ls "$CARGO_HOME"
c write-cargo-bin sh -c 'echo planted > "`+probes[0]+`"'
c write-cargo-home sh -c 'echo planted > "`+probes[1]+`"'
`, "--preset", "rust")
	for _, l := range []string{"list-cargo-home", "write-cargo-bin", "write-cargo-home"} {
		o.fails(t, l)
	}
}

// TestPresetJava compiles and runs a class, and runs Maven offline: with
// the preset Maven gets the local repository it needs (made for it);
// without it Maven cannot make one. The Maven and Gradle files that hold
// passwords stay unreadable.
func TestPresetJava(t *testing.T) {
	t.Parallel()
	path := toolPath(t, "javac", "java")
	b := toolBox(t, path, map[string]string{
		"Hello.java": "public class Hello { public static void main(String[] a) { System.out.println(\"hello from the sandbox\"); } }\n",
		"pom.xml":    "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>t</artifactId><version>1</version></project>\n",
	})
	// Java takes user.home from the user database, not $HOME.
	b.env = append(b.env, "MAVEN_OPTS=-Duser.home="+b.home)
	r := b.runIn(b.root, "javac Hello.java && java Hello\n", "run", "--yolo", "--preset", "java", "--", "sh", "-s")
	expect(t, "javac and java --preset java", r, 0)
	if !strings.Contains(r.stdout, "hello from the sandbox") {
		t.Errorf("java printed %q", r.stdout)
	}

	t.Run("maven", func(t *testing.T) {
		toolPath(t, "mvn")
		d := b.with(t)
		// Without the ~/.m2/repository the run above made; not in /tmp,
		// which under the layer is the command's own and writable.
		d.home = outsideTemp(t)
		d.env = append(d.env, "XDG_CONFIG_HOME="+filepath.Join(d.home, ".config"), "MAVEN_OPTS=-Duser.home="+d.home)
		r := d.run("run", "--yolo", "--", "mvn", "-q", "-o", "validate")
		if r.code == 0 {
			t.Errorf("mvn made its repository without the preset")
		}
		r = d.run("run", "--yolo", "--preset", "java", "--", "mvn", "-q", "-o", "validate")
		expect(t, "mvn validate --preset java", r, 0)
		if _, err := os.Stat(filepath.Join(d.home, ".m2", "repository")); err != nil {
			t.Errorf("~/.m2/repository was not made: %v", err)
		}
	})

	t.Run("secrets", func(t *testing.T) {
		d := b.with(t)
		d.file(filepath.Join(d.home, ".m2", "repository", "org", "x.jar"), "jar\n", 0o644)
		d.file(filepath.Join(d.home, ".m2", "settings.xml"), "<settings><servers><server><password>SECRET</password></server></servers></settings>\n", 0o600)
		d.file(filepath.Join(d.home, ".gradle", "gradle.properties"), "signing.password=SECRET\n", 0o600)
		d.file(filepath.Join(d.home, ".gradle", "caches", "README"), "caches\n", 0o644)
		d.file(filepath.Join(d.home, ".gradle", "native", "x", "libnative-platform.so"), "so\n", 0o644)
		d.file(filepath.Join(d.home, ".gradle", "daemon", "8.5", "registry.bin"), "port and token\n", 0o600)
		o := d.check(`
c read-repository cat "$HOME/.m2/repository/org/x.jar"
c write-repository sh -c 'echo x > "$HOME/.m2/repository/org/y.jar"'
c write-gradle-cache sh -c 'echo x > "$HOME/.gradle/caches/probe"'
c read-gradle-native cat "$HOME/.gradle/native/x/libnative-platform.so"
c plant-gradle-native sh -c 'echo planted > "$HOME/.gradle/native/x/libnative-platform.so"'
c read-gradle-daemon cat "$HOME/.gradle/daemon/8.5/registry.bin"
c write-gradle-daemon sh -c 'echo x > "$HOME/.gradle/daemon/8.5/registry.bin"'
c read-m2-settings cat "$HOME/.m2/settings.xml"
c read-gradle-properties cat "$HOME/.gradle/gradle.properties"
`, "--preset", "java")
		for _, l := range []string{"read-repository", "write-repository", "write-gradle-cache", "read-gradle-native"} {
			o.ok(t, l)
		}
		for _, l := range []string{"plant-gradle-native", "read-gradle-daemon", "write-gradle-daemon", "read-m2-settings", "read-gradle-properties"} {
			o.fails(t, l)
		}
	})
}

// TestPresetUnknown: a preset name that does not exist, on the command
// line or in a settings file, is an error (exit 2) listing the valid ones
// and, for the file, naming its line.
func TestPresetUnknown(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	const valid = "want one of go, node, python, rust, java, git"
	r := run(t, invocation{args: []string{"run", "--preset", "golang", "--", "true"}, dir: dir})
	if r.code != 2 || !strings.Contains(r.stderr, `--preset: unknown preset "golang" (`+valid+`)`) {
		t.Errorf("run --preset golang: exit %d, stderr %q", r.code, r.stderr)
	}
	r = run(t, invocation{args: []string{"explain", "--preset", "nope"}, dir: dir})
	if r.code != 2 || !strings.Contains(r.stderr, valid) {
		t.Errorf("explain --preset nope: exit %d, stderr %q", r.code, r.stderr)
	}
	dir = project(t, map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  presets:\n    - go\n    - ruby\n"})
	want := filepath.Join(dir, ".mewsandbox", "settings.yaml") + `:4: sandbox.presets: unknown preset "ruby" (` + valid + `)`
	// Every command that loads the settings says so, not only those that
	// build a sandbox: check and the hook without --sandbox would
	// otherwise accept the typo for good. (The project is trusted: an
	// untrusted project's presets are dropped unread,
	// TestProjectCannotWidenSandboxS61.)
	ev := event(dir, "default", "Bash", map[string]string{"command": "ls"})
	for _, inv := range []invocation{
		{args: []string{"run", "--trust-project", "--", "true"}},
		{args: []string{"check", "--trust-project", "-c", "ls"}},
		{args: []string{"hook", "claude-code", "--trust-project"}, stdin: ev},
		{args: []string{"explain", "--trust-project"}},
	} {
		inv.dir = dir
		r = run(t, inv)
		if r.code != 2 || !strings.Contains(r.stderr, want) || strings.Contains(r.stdout, "allow") {
			t.Errorf("%s with presets: [ruby] in settings: exit %d, stdout %q, stderr %q, want 2 and %q", inv.args[0], r.code, r.stdout, r.stderr, want)
		}
	}
}

// TestExplainPreset: explain --preset go shows what the preset adds, in
// text and JSON, with where the preset came from.
func TestExplainPreset(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	home := realTemp(t)
	env := []string{"HOME=" + home, "GOCACHE=" + filepath.Join(home, "gocache")}
	r := run(t, invocation{args: []string{"explain", "--preset", "go"}, dir: dir, env: env})
	expect(t, "explain --preset go", r, 0)
	for _, want := range []string{
		"preset go (--preset): Go:",
		"rw  " + filepath.Join(home, "gocache"),
		"rx  " + filepath.Join(home, "go", "pkg", "mod"),
		"[missing: made before the run]",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("explain text lacks %q:\n%s", want, r.stdout)
		}
	}
	if !regexp.MustCompile(`(?m)^  presets +go +--preset$`).MatchString(r.stdout) {
		t.Errorf("explain text does not say the preset came from --preset:\n%s", r.stdout)
	}
	if _, err := os.Stat(filepath.Join(home, "gocache")); err == nil {
		t.Error("explain made the build cache; only run may")
	}

	r = run(t, invocation{args: []string{"explain", "--format", "json", "--preset", "go", "--preset", "git"}, dir: dir, env: env})
	expect(t, "explain --format json --preset go", r, 0)
	var x struct {
		Presets []struct {
			Name, Source string
			Grants       []struct {
				Path, Access, Why string
				Create, Exists    bool
			}
		} `json:"presets"`
		Sandbox struct {
			Presets []struct {
				Value  string
				Origin struct{ Flag, Scope string }
			} `json:"presets"`
		} `json:"sandboxSettings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &x); err != nil {
		t.Fatalf("explain json: %v\n%s", err, r.stdout)
	}
	if len(x.Presets) != 2 || x.Presets[0].Name != "go" || x.Presets[1].Name != "git" || x.Presets[0].Source != "--preset" {
		t.Fatalf("presets = %+v", x.Presets)
	}
	var cache bool
	for _, g := range x.Presets[0].Grants {
		if g.Path == filepath.Join(home, "gocache") {
			cache = g.Access == "rw" && g.Create && !g.Exists && g.Why != ""
		}
	}
	if !cache {
		t.Errorf("the go preset's build cache grant is missing or wrong: %+v", x.Presets[0].Grants)
	}
	if len(x.Sandbox.Presets) != 2 || x.Sandbox.Presets[0].Origin.Flag != "--preset" || x.Sandbox.Presets[0].Origin.Scope != "command line" {
		t.Errorf("sandboxSettings.presets = %+v", x.Sandbox.Presets)
	}
}
