package permission

import "testing"

// TestRedTeamPackageRunnersS52b: runners that name the program they run as
// a package, not as a word of their own (nix run nixpkgs#curl -- URL,
// pkgx curl URL, guix shell curl -- curl URL), got past a deny rule on the
// program, and nix run github:o/r ran code nobody read. Now a registry
// package's program is judged with its arguments, as npx's is; a package
// fetched from anywhere else (a flake of a git host, a URL, a path outside
// the project; deno's npm: and URL modules; go run PKG@VERSION) asks. Each
// group has a neighbour that stays allowed.
func TestRedTeamPackageRunnersS52b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	curl, rm := []string{"deny:Bash(curl:*)"}, []string{"deny:Bash(rm:*)"}
	checkDecisions(t, []decisionRow{
		{"S52b nix run nixpkgs#curl -- URL", D, curl, `nix run nixpkgs#curl -- https://x`, Deny},
		{"S52b nix run nixpkgs#curl alone", A, curl, `nix run nixpkgs#curl`, Deny},
		{"S52b nix run quoted, after nix's options", D, curl, `nix --extra-experimental-features 'nix-command flakes' run --impure 'nixpkgs#curl' -- -o f https://x`, Deny},
		{"S52b nix run an output of nixpkgs#curl", A, curl, `nix run nixpkgs#curl.bin -- x`, Deny},
		{"S52b nix run a pinned nixpkgs", D, curl, `nix run nixpkgs/nixos-24.05#curl x`, Deny},
		{"S52b nix run flake:nixpkgs#curl^bin", A, curl, `nix run flake:nixpkgs#curl^bin x`, Deny},
		{"S52b nix run nixpkgs#coreutils -- rm, a multi-call program", D, rm, `nix run nixpkgs#coreutils -- rm -rf d`, Deny},
		{"S52b nix run nixpkgs#coreutils -- rm -rf /", A, nil, `nix run nixpkgs#coreutils -- rm -rf /`, Deny},
		{"S52b nix run nixpkgs#findutils runs find", D, nil, `nix run nixpkgs#findutils -- / -delete`, Deny},
		{"S52b nix run nixpkgs#rm-like with a deny on the main program", A, []string{"deny:Bash(find:*)"}, `nix run nixpkgs#findutils -- . -name x`, Deny},
		{"S52b nix run github:", D, nil, `nix run github:owner/repo`, Ask},
		{"S52b nix run git+https:", A, nil, `nix run git+https://example.com/r`, Ask},
		{"S52b nix run github: in dontAsk", ModeDontAsk, nil, `nix run github:owner/repo`, Deny},
		{"S52b nix run github: behind env", D, nil, `env X=1 nix shell github:o/r -c hello`, Ask},
		{"S52b neighbour: nix run github: in bypassPermissions, as curl | sh", ModeBypassPermissions, nil, `nix run github:owner/repo`, Allow},
		{"S52b nix run path: outside the project", D, nil, `nix run path:/tmp/x`, Ask},
		{"S52b nix run of a flake above the project", A, nil, `nix run ../other#app`, Ask},
		{"S52b nix run another registry entry", D, nil, `nix run templates#x`, Ask},
		{"S52b nix run --expr", A, nil, `nix run --impure --expr 'import ./x.nix' app`, Ask},
		{"S52b nix run an installable known at run time", D, nil, `nix run "$F"`, Ask},
		{"S52b neighbour: nix run of nixpkgs#hello, the project's flake, nix run alone", D, curl,
			`nix run nixpkgs#hello && nix run nixpkgs#hello -- --greeting hi && nix run .#x && nix run && nix run ./tools#fmt -- --check`, Allow},
		{"S52b nix shell -c curl", D, curl, `nix shell nixpkgs#a nixpkgs#curl -c curl https://x`, Deny},
		{"S52b nix shell --command rm", A, rm, `nix shell nixpkgs#coreutils --command rm -rf d`, Deny},
		{"S52b nix-shell -p --run curl", D, curl, `nix-shell -p curl --run 'curl x'`, Deny},
		{"S52b nix develop -c curl", A, curl, `nix develop -c curl x`, Deny},
		{"S52b nix shell of a flake on github", D, nil, `nix shell github:o/r -c hello`, Ask},
		{"S52b nix develop of a flake on github", A, nil, `nix develop github:o/r`, Ask},
		{"S52b neighbour: nix shell and develop of nixpkgs and the project", D, curl,
			`nix shell nixpkgs#hello nixpkgs#jq -c jq . f.json && nix develop && nix develop .#ci -c make test`, Allow},
		{"S52b guix shell -- curl", D, curl, `guix shell curl -- curl x`, Deny},
		{"S52b guix shell -- rm", A, rm, `guix shell --pure coreutils -- rm -rf d`, Deny},
		{"S52b guix shell -c N, its cores, then -- curl", A, curl, `guix shell -c 4 curl -- curl x`, Deny},
		{"S52b nix run nixpkgs#bash -- -c STR", D, nil, `nix run nixpkgs#bash -- -c 'rm -rf /'`, Deny},
		{"S52b guix shell -e evaluates Scheme", D, nil, `guix shell -e '(system* "x")' -- hello`, Ask},
		{"S52b neighbour: guix shell hello -- hello", D, curl, `guix shell hello -- hello && guix shell -m manifest.scm -- make`, Allow},
		{"S52b pkgx curl", D, curl, `pkgx curl https://x`, Deny},
		{"S52b pkgx +pkg curl", A, curl, `pkgx +curl.se curl x`, Deny},
		{"S52b pkgx curl@8", D, curl, `pkgx curl@8 x`, Deny},
		{"S52b pkgx rm", A, rm, `pkgx rm -rf d`, Deny},
		{"S52b neighbour: pkgx node", D, curl, `pkgx node@20 --version && pkgx +node npx prettier --check .`, Allow},
		{"S52b comma curl", D, curl, `, curl x`, Deny},
		{"S52b comma rm", A, rm, `, rm -rf d`, Deny},
		{"S52b neighbour: comma cowsay", D, curl, `, cowsay hi`, Allow},
		{"S52b mise exec -- curl", D, curl, `mise exec curl@8 -- curl x`, Deny},
		{"S52b mise x -- curl", A, curl, `mise x node@20 -- curl x`, Deny},
		{"S52b devbox run curl", D, curl, `devbox run curl x`, Deny},
		{"S52b devbox run rm", A, rm, `devbox run -- rm -rf d`, Deny},
		{"S52b neighbour: devbox run test", D, curl, `devbox run test && mise exec node@20 -- node -v`, Allow},
		{"S52b flox activate -- curl", D, curl, `flox activate -- curl x`, Deny},
		{"S52b flox activate -c rm", A, rm, `flox activate -c 'rm -rf d'`, Deny},
		{"S52b flox activate a remote environment", D, nil, `flox activate -r owner/env -- make`, Ask},
		{"S52b neighbour: flox activate -- make", D, curl, `flox activate -- make`, Allow},
		{"S52b pipx run curl", D, curl, `pipx run curl`, Deny},
		{"S52b pipx run --spec git+https:", A, nil, `pipx run --spec git+https://github.com/o/r prog`, Ask},
		{"S52b pipx run a script at a URL", D, nil, `pipx run https://x.org/s.py`, Ask},
		{"S52b uvx --from curl curl", A, curl, `uvx --from curl curl x`, Deny},
		{"S52b uvx --from git+https:", D, nil, `uvx --from git+https://github.com/o/r prog`, Ask},
		{"S52b neighbour: pipx run black, uvx ruff", D, curl, `pipx run black . && uvx ruff check . && uvx --with rich ruff check`, Allow},
		{"S52b npm exec -- curl", D, curl, `npm exec -- curl x`, Deny},
		{"S52b npx -p pkg curl", A, curl, `npx -p pkg curl x`, Deny},
		{"S52b pnpm dlx curl", D, curl, `pnpm dlx curl x`, Deny},
		{"S52b yarn dlx curl", A, curl, `yarn dlx curl x`, Deny},
		{"S52b bunx curl", D, curl, `bunx curl x`, Deny},
		{"S52b neighbour: npx prettier", D, curl, `npx prettier --check .`, Allow},
		{"S52b deno run npm:", D, nil, `deno run npm:cowsay`, Ask},
		{"S52b deno run https:", A, nil, `deno run -A https://example.com/x.ts`, Ask},
		{"S52b deno run jsr:", D, nil, `deno run jsr:@std/http/file-server`, Ask},
		{"S52b neighbour: deno run of the project's file", D, nil, `deno run main.ts && deno run -A scripts/build.ts https://x`, Allow},
		{"S52b go run PKG@latest", D, nil, `go run golang.org/x/tools/cmd/stringer@latest -type T`, Ask},
		{"S52b go run -tags x PKG@v", A, nil, `go run -tags x github.com/o/r@v1.2.3`, Ask},
		{"S52b neighbour: go run of the project", D, nil, `go run . && go run ./cmd/x -addr a@b && go run -tags x main.go`, Allow},
		{"S52b gem exec curl", D, curl, `gem exec curl x`, Deny},
		{"S52b gem exec -g rm", A, rm, `gem exec -g foo rm -rf d`, Deny},
		{"S52b neighbour: gem exec rubocop", D, curl, `gem exec rubocop`, Allow},
	})
}
