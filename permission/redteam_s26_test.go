package permission

import "testing"

// TestRedTeamDecisionsS26 is TestRedTeamDecisions for the S26 review of
// commands that delete, publish or install past the project without a
// danger the engine knew. testEnv: project /home/u/proj, home /home/u.
func TestRedTeamDecisionsS26(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	tests := []decisionRow{
		// A: archivers that delete what they archive (tar
		// --remove-files, zip -m) read their sources only: a delete of
		// the home directory or of .git passed in every mode.
		{"S26 A tar --remove-files of a home directory", D, nil, `tar -czf out.tgz --remove-files /home/u/Documents`, Ask},
		{"S26 A tar --remove-files outside the root in acceptEdits", A, nil, `tar -cf out.tar ../other --remove-files`, Ask},
		{"S26 A tar --remove-files of .git", Y, nil, `tar --remove-files -cf /tmp/g.tar .git`, Ask},
		{"S26 A tar --remove abbreviated", D, nil, `tar --remove -cf out.tar /home/u/Documents`, Ask},
		{"S26 A zip -m of a home directory", D, nil, `zip -rm out.zip /home/u/Documents`, Ask},
		{"S26 A zip --move of .git/hooks", Y, nil, `zip -r --move /tmp/h.zip .git/hooks`, Ask},
		{"S26 A neighbour: archives of the project", D, nil, `tar -czf out.tgz --remove-files build && zip -rm out.zip dist && tar -czf x.tgz /home/u/Documents && zip -r out.zip src`, Allow},
		// B: git commands that discard uncommitted work: git checkout
		// --pathspec-from-file (git checkout -- of the paths a file
		// names) and git rm -f (which deletes modified files git rm
		// alone refuses).
		{"S26 B git checkout --pathspec-from-file", D, nil, `git checkout --pathspec-from-file=list.txt`, Ask},
		{"S26 B git checkout --pathspec-from-file FILE", A, nil, `git checkout --pathspec-from-file list.txt HEAD`, Ask},
		{"S26 B git rm -f", D, nil, `git rm -f src/a.go`, Ask},
		{"S26 B git rm -rf", A, nil, `git rm -rf src`, Ask},
		{"S26 B neighbour: git rm, --cached, --pathspec-from-file of add and rm", D, nil, `git rm src/a.go && git rm -r --cached -f build && git add --pathspec-from-file=list.txt && git rm --pathspec-from-file=list.txt && git checkout main`, Allow},
		// C: gh and glab calls that change the repository on the forge as
		// a push does, or delete there.
		{"S26 C gh pr merge", D, nil, `gh pr merge 12 --squash --delete-branch`, Ask},
		{"S26 C gh pr merge in acceptEdits", A, nil, `gh pr merge`, Ask},
		{"S26 C glab mr merge", D, nil, `glab mr merge 3`, Ask},
		{"S26 C gh release create", D, nil, `gh release create v1.0 dist/*.tgz`, Ask},
		{"S26 C gh release delete", A, nil, `gh release delete v1.0 -y --cleanup-tag`, Ask},
		{"S26 C glab release create", D, nil, `glab release create v1.0`, Ask},
		{"S26 C gh repo delete", D, nil, `gh repo delete o/r --yes`, Ask},
		{"S26 C glab repo delete", D, nil, `glab repo delete o/r`, Ask},
		{"S26 C gh repo edit --visibility public", D, nil, `gh repo edit --visibility public --accept-visibility-change-consequences`, Ask},
		{"S26 C gh repo create --push", D, nil, `gh repo create o/r --public --source . --push`, Ask},
		{"S26 C gh api -X DELETE", D, nil, `gh api -X DELETE repos/o/r`, Ask},
		{"S26 C gh api --method=delete", A, nil, `gh api --method=delete repos/o/r/releases/1`, Ask},
		{"S26 C glab api -XDELETE", D, nil, `glab api -XDELETE projects/1`, Ask},
		{"S26 C gh pr merge passes in bypassPermissions", Y, nil, `gh pr merge 12`, Allow},
		{"S26 C neighbour: reading and local gh", D, nil, `gh pr list && gh pr view 12 && gh pr checkout 12 && gh release list && gh release view v1 && gh repo view && gh api repos/o/r && gh issue create -t x -b y && glab mr list && gh repo create o/r --private`, Allow},
		// D: publishing to a registry, which everyone installs from.
		{"S26 D npm publish", D, nil, `npm publish --access public`, Ask},
		{"S26 D npm unpublish", A, nil, `npm unpublish x@1.0.0`, Ask},
		{"S26 D pnpm publish", D, nil, `pnpm publish -r`, Ask},
		{"S26 D yarn npm publish", D, nil, `yarn npm publish`, Ask},
		{"S26 D cargo publish", D, nil, `cargo publish`, Ask},
		{"S26 D cargo yank", D, nil, `cargo yank --version 1.0.0`, Ask},
		{"S26 D twine upload", A, nil, `twine upload dist/*`, Ask},
		{"S26 D python -m twine upload", D, nil, `python3 -m twine upload dist/*`, Ask},
		{"S26 D poetry publish", D, nil, `poetry publish --build`, Ask},
		{"S26 D uv publish", D, nil, `uv publish`, Ask},
		{"S26 D gem push", D, nil, `gem push x-1.0.gem`, Ask},
		{"S26 D docker push", D, nil, `docker push registry.example.com/x:latest`, Ask},
		{"S26 D docker buildx build --push", A, nil, `docker buildx build --push -t x .`, Ask},
		{"S26 D dotnet nuget push", D, nil, `dotnet nuget push x.nupkg -s https://api.nuget.org/v3/index.json`, Ask},
		{"S26 D mvn deploy", D, nil, `mvn -B clean deploy`, Ask},
		{"S26 D ./gradlew publish", D, nil, `./gradlew publish`, Ask},
		{"S26 D npm publish passes in bypassPermissions", Y, nil, `npm publish`, Allow},
		{"S26 D neighbour: packing, dry runs and builds", D, nil, `npm pack && npm publish --dry-run && cargo package && cargo publish --dry-run && twine check dist/* && docker build -t x . && mvn package && ./gradlew build && ./gradlew publishToMavenLocal && poetry build`, Allow},
		// E: installers past the project: pip given the system's Python,
		// Homebrew, MacPorts, Nix profiles, Flatpak and conda's
		// environments outside the project.
		{"S26 E pip3 install --break-system-packages", D, nil, `pip3 install --break-system-packages x`, Ask},
		{"S26 E python3 -m pip install --break-system-packages", A, nil, `python3 -m pip install --break-system-packages x`, Ask},
		{"S26 E uv pip install --system", D, nil, `uv pip install --system x`, Ask},
		{"S26 E uv pip sync --system", A, nil, `uv pip sync --system requirements.txt`, Ask},
		{"S26 E brew install", D, nil, `brew install jq`, Ask},
		{"S26 E brew tap", D, nil, `brew tap o/r`, Ask},
		{"S26 E port install", D, nil, `port install jq`, Ask},
		{"S26 E nix-env -iA", D, nil, `nix-env -iA nixpkgs.jq`, Ask},
		{"S26 E nix profile install", A, nil, `nix profile install nixpkgs#jq`, Ask},
		{"S26 E flatpak install", D, nil, `flatpak install flathub x`, Ask},
		{"S26 E conda install", D, nil, `conda install -y numpy`, Ask},
		{"S26 E mamba create", A, nil, `mamba create -n x python`, Ask},
		{"S26 E neighbour: project installs and listings", D, nil, `pip install -r requirements.txt && uv pip install x && uv sync && brew list && brew info jq && conda list && conda install -p ./env numpy && nix develop -c make && nix-env -q && flatpak list`, Allow},
		// F: git commands that move or delete a branch as git reset and
		// git branch -D do, or delete the reflog that undoes them.
		{"S26 F git branch -f", D, nil, `git branch -f main HEAD~3`, Ask},
		{"S26 F git branch -M", A, nil, `git branch -M old`, Ask},
		{"S26 F git checkout -B", D, nil, `git checkout -B main origin/old`, Ask},
		{"S26 F git switch -C", A, nil, `git switch -C main HEAD~3`, Ask},
		{"S26 F git update-ref -d", D, nil, `git update-ref -d refs/heads/main`, Ask},
		{"S26 F git update-ref", D, nil, `git update-ref refs/heads/main HEAD~3`, Ask},
		{"S26 F git reflog expire", D, nil, `git reflog expire --expire=now --all && git gc --prune=now`, Ask},
		{"S26 F git reflog delete", A, nil, `git reflog delete HEAD@{1}`, Ask},
		{"S26 F git filter-repo", D, nil, `git filter-repo --path secrets --invert-paths`, Ask},
		{"S26 F git reflog expire passes in bypassPermissions", Y, nil, `git reflog expire --expire=now --all`, Allow},
		{"S26 F neighbour: branches made, renamed and listed, reflog read", D, nil, `git branch x && git branch -m a b && git checkout -b x && git switch -c x && git branch -d x && git branch --list && git branch -vv && git reflog && git reflog show main && git gc && git show-ref`, Allow},
		// G: false positive: git clean -n (--dry-run) only lists what
		// it would delete, and asked as git clean -f does.
		{"S26 G neighbour: git clean -n and --dry-run", D, nil, `git clean -n && git clean -nd && git clean -fdxn && git clean --dry-run -d && git clean --dry -x`, Allow},
		{"S26 G git clean -en excludes n", D, nil, `git clean -fd -en`, Ask},
		{"S26 G git clean -f -e n", D, nil, `git clean -f -e n`, Ask},
		{"S26 G git clean -n of a path only known at run time", D, nil, `git clean -fd "$d" -n`, Ask},
		// H: cpio -p copies what a list names at the paths the list
		// gives below its directory, ../ ones included; a list the
		// engine cannot read (a file, another program's output) chose
		// where it wrote.
		{"S26 H cpio -p < list", D, nil, `cpio -pdm out < list.txt`, Ask},
		{"S26 H cpio --pass-through < list", A, nil, `cpio --pass-through --make-directories out < list.txt`, Ask},
		{"S26 H cat list | cpio -p", D, nil, `cat list.txt | cpio -pdm out`, Ask},
		{"S26 H find .. | cpio -p", A, nil, `find ../.. -name '*.sh' | cpio -pdm out`, Ask},
		{"S26 H neighbour: cpio -p of find, git ls-files and echo; cpio -o of a list", D, nil, `find . -name '*.go' | cpio -pdm out && find src -type f | cpio -pdm out && git ls-files | cpio -pdm out && echo src | cpio -pdm out && cpio -o < list.txt > a.cpio && cpio -t < a.cpio`, Allow},
	}
	checkDecisions(t, tests)
}
