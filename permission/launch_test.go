package permission

import (
	"strings"
	"testing"
)

// TestLaunchersLookThrough checks that the command a language launcher
// runs is found behind its subcommand and options.
func TestLaunchersLookThrough(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src   string
		inner int    // index of the command in Words
		name  string // Name()
	}{
		{"uv run pytest", 2, "pytest"},
		{"uv run --with pytest-cov -p 3.12 pytest --cov", 6, "pytest"},
		{"uv run --python=3.12 --frozen -- python -V", 5, "python"},
		{"uv --directory sub run -q pytest", 5, "pytest"},
		{"uv tool run --from httpie http GET x", 5, "http"},
		{"uvx -w black ruff check .", 3, "ruff"},
		{"poetry -C sub run -v pytest", 5, "pytest"},
		{"pipenv run --clear python app.py", 3, "python"},
		{"pdm run --venv test -s pytest", 5, "pytest"},
		{"hatch -e test run pytest", 4, "pytest"},
		{"rye run pytest", 2, "pytest"},
		{"conda run -n env --cwd /x python", 6, "python"},
		{"micromamba run -p ./env -e A=1 python", 6, "python"},
		{"mamba run -n env pytest", 4, "pytest"},
		{"bundle exec --gemfile G rake test", 4, "rake"},
		{"bundle --no-color ex rspec", 3, "rspec"},
		{"npx -y -p typescript tsc --noEmit", 4, "tsc"},
		{"npx --package=cowsay -- cowsay hi", 3, "cowsay"},
		{"npm exec -- eslint .", 3, "eslint"},
		{"npm -w pkg x --yes -- vitest run", 6, "vitest"},
		{"pnpm --filter web exec vitest run", 4, "vitest"},
		{"pnpm dlx --package yo yo webapp", 4, "yo"},
		{"pnpx prettier --check .", 1, "prettier"},
		{"yarn dlx -p typescript tsc", 4, "tsc"},
		{"bunx --bun vite", 2, "vite"},
		{"bun x -p @angular/cli ng new", 4, "ng"},
		{"mise exec node@20 python@3.12 -- node app.js", 5, "node"},
		{"mise -C sub x -j 2 -- go test ./...", 7, "go"},
		{"asdf exec node --version", 2, "node"},
		{"direnv exec . make", 3, "make"},
		{"dotenv -e .env.test -v A=1 -- jest", 6, "jest"},
		{"dotenv node app.js", 1, "node"},
		{"cross-env NODE_ENV=test A=1 jest", 3, "jest"},
		{"rlwrap -aPassword: -H hist sqlite3 db", 4, "sqlite3"},
		{"nix develop .#ci --impure -c cargo test", 5, "cargo"},
		{"nix --option a b shell nixpkgs#hello --command hello", 7, "hello"},
		{"nice uv run nohup npx tsc", 5, "tsc"},
		// Subcommands that run nothing are the tool itself.
		{"uv sync", 0, "uv"},
		{"uv tool install ruff", 0, "uv"},
		{"npm run build", 0, "npm"},
		{"npm install -g x", 0, "npm"},
		{"bundle install", 0, "bundle"},
		{"mise exec node@20", 0, "mise"},
		{"nix develop", 0, "nix"},
		{"nix run nixpkgs#hello", 0, "nix"},
		{"dotenv -p NODE_ENV", 0, "dotenv"},
	}
	for _, tt := range tests {
		a := AnalyzeShell(tt.src)
		if len(a.Complex) > 0 || len(a.Commands) == 0 {
			t.Errorf("AnalyzeShell(%q): complex %q, %d commands", tt.src, a.Complex, len(a.Commands))
			continue
		}
		if c := a.Commands[0]; c.Inner != tt.inner || c.Name() != tt.name {
			t.Errorf("AnalyzeShell(%q): Inner %d Name %q, want %d %q", tt.src, c.Inner, c.Name(), tt.inner, tt.name)
		}
	}
}

// TestLaunchersNested checks the shell strings launchers run.
func TestLaunchersNested(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`npx -c 'rm -rf x'`,
		`npm exec --call='rm -rf x'`,
		`npm exec -c "rm -rf x"`,
		`mise exec node@20 -c 'rm -rf x'`,
		`nix-shell -p git --run 'rm -rf x'`,
		`yarn exec rm -rf x`,
		`bun exec "rm -rf x"`,
		`cross-env-shell A=1 "rm -rf x"`,
		`uv run sh -c 'rm -rf x'`,
		`bundle exec bash -c 'rm -rf x'`,
	} {
		a := AnalyzeShell(src)
		found := false
		for _, c := range a.Commands {
			found = found || c.Name() == "rm"
		}
		if len(a.Complex) > 0 || !found {
			t.Errorf("AnalyzeShell(%q): complex %q, rm found %v", src, a.Complex, found)
		}
	}
}

// TestLaunchersTooComplex checks that options not known, which may take
// the next word, make the command too complex rather than mis-read.
func TestLaunchersTooComplex(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{"uv run --bogus x rm -rf /", "unknown option --bogus of uv run"},
		{"uv --bogus x run rm", "unknown option --bogus of uv"},
		{"conda -v run rm", "unknown option -v of conda"},
		{"npm --foo bar exec rm", "unknown option --foo of npm"},
		{"npx --registry-x y rm", "unknown option --registry-x of npx"},
		{"pnpm exec -c 'rm -rf /'", "unknown option -c of pnpm exec"},
		{"pnpm -c dlx 'rm -rf /'", "unknown option -c of pnpm"},
		{"dotenv -c -- rm -rf /", "unknown option -c of dotenv"},
		{"rlwrap -z filter rm", "unknown option -z of rlwrap"},
		{"nix-shell --command 'rm -rf /'", "unknown option --command of nix-shell"},
		{"nix develop --command=rm", "unknown option --command=rm of nix develop"},
		{"hatch run test:rm -rf /", "hatch run test:rm names its command"},
		{"hatch run +py=3.12 rm", "hatch run +py=3.12 names its command"},
		{"hatch run -py=3.12 rm", "unknown option -py=3.12 of hatch run"},
		{"bundle exec --bogus rm", "unknown option --bogus of bundle exec"},
		{"uv run $CMD", "non-literal command name $CMD"},
	}
	for _, tt := range tests {
		a := AnalyzeShell(tt.src)
		if !strings.Contains(strings.Join(a.Complex, "\n"), tt.want) {
			t.Errorf("AnalyzeShell(%q).Complex = %q, want %q", tt.src, a.Complex, tt.want)
		}
	}
}

// TestLaunchersEveryday holds everyday launcher commands that must stay
// allowed with no rules: false positives would make them ask.
func TestLaunchersEveryday(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault)
	for _, cmd := range []string{
		"uv run pytest",
		"uv run python -m pytest -q",
		"uv run --with pytest-cov pytest --cov",
		"uv run -p 3.12 python -V",
		"uv run --frozen -- pytest -x",
		"uv --directory sub run pytest",
		"uv sync && uv run ruff check .",
		"uvx ruff check .",
		"uvx --from httpie http --version",
		"uv tool run black --check .",
		"poetry run pytest",
		"poetry run python manage.py test",
		"poetry -C sub run pytest",
		"pipenv run python app.py",
		"pdm run pytest",
		"hatch run pytest",
		"hatch -e test run pytest",
		"rye run pytest",
		"conda run -n myenv python -V",
		"mamba run -n env pytest",
		"micromamba run -p ./env python x.py",
		"bundle exec rake test",
		"bundle exec rspec spec/models",
		"npx tsc --noEmit",
		"npx prettier --check .",
		"npx -y create-react-app my-app",
		"npx -p typescript tsc --version",
		"npm exec -- eslint .",
		"npm exec --yes -- prettier --write .",
		"npm -w pkg exec -- vitest run",
		"npm install && npm run build && npm test",
		"pnpm exec vitest run",
		"pnpm exec tsc --noEmit",
		"pnpm --filter web exec vitest run",
		"pnpm dlx create-next-app",
		"pnpx prettier --check .",
		"yarn dlx create-vite",
		"yarn dlx -p typescript tsc",
		"yarn exec tsc",
		"bunx prettier --check .",
		"bun x vite build",
		"mise exec -- go test ./...",
		"mise exec node@20 -- node app.js",
		"mise x python@3.12 -c 'python -V'",
		"asdf exec node --version",
		"direnv exec . make",
		"direnv exec . go test ./...",
		"dotenv -- node server.js",
		"dotenv -e .env.test -- jest",
		"cross-env NODE_ENV=test jest",
		"rlwrap node",
		"nix develop -c make test",
		"nix develop .#ci --command cargo test",
		"nix shell nixpkgs#hello -c hello",
		"nix-shell --run 'make test'",
		"nix-shell -p python3 --run 'python -V'",
	} {
		if res := e.Check(bash(cmd)); res.Decision != Allow {
			t.Errorf("%q: %v (%s), want allow", cmd, res.Decision, res.Reason)
		}
	}
}

// TestLaunchersRules checks how rules see a launched command: deny and
// ask rules match the command behind the launcher, allow rules the whole
// line only, since the launcher may first install what it runs.
func TestLaunchersRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule string
		cmd  string
		want Decision
	}{
		{"allow:Bash(uv run:*)", "uv run rm x", Allow},
		{"allow:Bash(uv run rm x)", "uv run rm x", Allow},
		{"allow:Bash(npx rimraf:*)", "npx rimraf dist", Allow},
		{"allow:Bash(rm:*)", "uv run rm x", Ask},
		{"allow:Bash(rm:*)", "timeout 5 uv run rm x", Ask},
		// Behind harmless wrappers allow rules match from the launcher
		// on, as they did before launchers were looked through; a rule
		// for the wrapper covers no launched command, as it covers no
		// other (Bash(timeout:*) does not allow timeout 5 rm x).
		{"allow:Bash(uv run:*)", "timeout 5 uv run rm x", Allow},
		{"allow:Bash(npx rm:*)", "nice -n 5 npx rm dist", Allow},
		{"allow:Bash(uv run:*)", "nice uv run nohup rm x", Allow},
		{"allow:Bash(timeout:*)", "timeout 5 uv run rm x", Ask},
		{"allow:Bash(nice:*)", "nice npx rm x", Ask},
		{"allow:Bash(timeout 5 uv run:*)", "timeout 5 uv run rm x", Ask},
		{"allow:Bash(uv run:*)", "env A=1 uv run rm x", Ask},
		// A launcher's option value is no launcher: time -o npx writes
		// the file npx and runs rm.
		{"allow:Bash(npx:*)", "stdbuf -o npx rm x", Ask},
		{"allow:Bash(uv run:*)", "uv run sudo rm x", Ask},
		{"allow:Bash(uv run:*)", "uv run rm -rf /", Deny},
		{"deny:Bash(rm:*)", "uv run rm x", Deny},
		{"deny:Bash(rm:*)", "npx rm x", Deny},
		{"deny:Bash(rm:*)", "nice uv run --with a rm x", Deny},
		// Deny and ask rules for the launcher itself match it behind
		// any wrapper, as before launchers were looked through.
		{"deny:Bash(npx:*)", "env npx cowsay", Deny},
		{"deny:Bash(npx:*)", "nice npx cowsay", Deny},
		{"deny:Bash(npx:*)", "xargs npx cowsay", Deny},
		{"deny:Bash(npx:*)", "sudo npx cowsay", Deny},
		{"deny:Bash(npx:*)", "nice /usr/local/bin/npx cowsay", Deny},
		{"deny:Bash(uv run:*)", "timeout 5 uv run pytest", Deny},
		{"deny:Bash(uv run:*)", "npx uv run pytest", Deny},
		{"ask:Bash(npx:*)", "env CI=1 npx jest", Ask},
		{"deny:Bash(git push:*)", "poetry run git push", Deny},
		{"ask:Bash(curl:*)", "bundle exec curl x", Ask},
		{"deny:Bash(rm:*)", "uv run pytest", Allow},
	}
	for _, tt := range tests {
		if res := engine(t, ModeDefault, tt.rule).Check(bash(tt.cmd)); res.Decision != tt.want {
			t.Errorf("%s on %q: %v (%s), want %v", tt.rule, tt.cmd, res.Decision, res.Reason, tt.want)
		}
	}
	for cmd, want := range map[string]string{
		"uv run rm x":           "Bash(uv run rm x:*)",
		"timeout 5 uv run rm x": "Bash(uv run rm x:*)",
	} {
		if res := engine(t, ModeDefault).Check(bash(cmd)); res.Suggestion != want {
			t.Errorf("suggestion for %s: %q, want %q", cmd, res.Suggestion, want)
		}
	}
}

// TestTableNames: every command of the wrapper and launcher tables is
// found through the switches in front of them (wrapperSpecOf, launcherOf),
// and a command in neither is found in neither.
func TestTableNames(t *testing.T) {
	for name, spec := range wrapperSpecs.get() {
		if wrapperSpecOf(name) != spec {
			t.Errorf("wrapper %q is in wrapperSpecs but not in wrapperSpecOf's switch", name)
		}
	}
	for name, l := range launchers.get() {
		if launcherOf(name) != l {
			t.Errorf("launcher %q is in launchers but not in launcherOf's switch", name)
		}
	}
	for _, name := range []string{"true", "git", "ls", "rm"} {
		if wrapperSpecOf(name) != nil || launcherOf(name) != nil {
			t.Errorf("%q found as a wrapper or launcher", name)
		}
	}
}
