package permission

import "testing"

// TestReviewCopiedLinkRunS53: a copy that keeps links (cp -a kit n) of a
// directory holding a link on disk to outside (kit/out → /tmp/x) judged
// the writes below the copy (S52e), but not a program run there: cp -a
// kit n && make -C n/out, or cd n/out && make, ran make in /tmp/x, where
// what it writes by names of its own lands. A directory a command runs
// in below the copy is now judged where the same directory below the
// source leads, as a write there is; so is a path through a ".." after
// the copied link (n/out/../f is /tmp/f, the kernel's walk).
func TestReviewCopiedLinkRunS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S53 A make -C below a copied link to outside", D, nil, `cp -a kit n && make -C n/out`, Ask},
		{"S53 A cd below a copied link, then make", A, nil, `cp -a kit n && cd n/out && make`, Ask},
		{"S53 A cd into the copy, then below the link", D, nil, `cp -a kit n && cd n && cd out && make`, Ask},
		{"S53 A rsync -a, then make -C", A, nil, `rsync -a kit/ n/ && make -C n/out/sub`, Ask},
		{"S53 A cp -a into a directory that exists, make -C n/kit/out", D, nil, `cp -a kit n && make -C n/kit/out`, Ask},
		{"S53 A make -C a copied link to the hooks", A, nil, `cp -a kit n && make -C n/hooks`, Ask},
		{"S53 A make -C a copied link, dontAsk", ModeDontAsk, nil, `cp -a kit n && make -C n/out`, Deny},
		{"S53 A git -C and npm --prefix below a copied link (asked already, as writes)", D, nil, `cp -a kit n && git -C n/out init; cp -a kit m && npm --prefix m/out install`, Ask},
		{"S53 A the copy of a link itself, then make -C below it (asked already)", A, nil, `cp -a out n && make -C n/out`, Ask},
		{"S53 A .. after a copied link, written", D, nil, `cp -a kit n && echo x > n/out/../f`, Ask},
		{"S53 A make -C .. after a copied link", A, nil, `cp -a kit n && make -C n/out/..`, Ask},
		{"S53 A neighbour: make in the copy, below a copied link that stays in the project, a read there", D, nil,
			`cp -a kit n && make -C n && cd n/lib && make && ls ../out && cat n/out/f`, Allow},
		{"S53 A neighbour: git -C and make -C in a copy of a directory with no link to outside", A, nil,
			`cp -a src k && make -C k && git -C k status && cd k && make`, Allow},
		{"S53 A neighbour: bypass runs in a copied link to outside", ModeBypassPermissions, nil, `cp -a kit n && make -C n/out`, Allow},
	})
}

// TestReviewPipNoVenvS53: pip install with no virtual environment active
// (no VIRTUAL_ENV where the command runs) installs into the site-packages
// of the Python it belongs to, and its programs into that Python's bin
// directory or ~/.local/bin, outside the project root, where they run
// later unsandboxed: it was allowed in every mode. It now asks (denied in
// dontAsk), as a write outside the root does; a venv in the project,
// active or run by its path, and a launcher that picks the project's
// environment (uv run, poetry run) keep their answer. (engine() gives the
// imagined machine an active venv in the project, /home/u/proj/.venv.)
func TestReviewPipNoVenvS53(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	rows := []struct {
		decisionRow
		venv string
	}{
		{decisionRow{"S53 D pip install, no venv", D, nil, `pip install requests`, Ask}, ""},
		{decisionRow{"S53 D pip3 install, no venv, acceptEdits", A, nil, `pip3 install requests`, Ask}, ""},
		{decisionRow{"S53 D python -m pip install, no venv", D, nil, `python -m pip install requests`, Ask}, ""},
		{decisionRow{"S53 D python3 -m pip install -r, no venv", A, nil, `python3 -m pip install -r requirements.txt`, Ask}, ""},
		{decisionRow{"S53 D pip uninstall, no venv", D, nil, `pip uninstall -y requests`, Ask}, ""},
		{decisionRow{"S53 D pip install, no venv, dontAsk", ModeDontAsk, nil, `pip install requests`, Deny}, ""},
		{decisionRow{"S53 D pip install behind env, no venv", D, nil, `env pip install requests`, Ask}, ""},
		{decisionRow{"S53 D pip install in a venv outside the root", D, nil, `pip install requests`, Ask}, "/home/u/.virtualenvs/x"},
		{decisionRow{"S53 D a venv outside the root activated on the line", A, nil, `source ~/.virtualenvs/x/bin/activate && pip install requests`, Ask}, ""},
		{decisionRow{"S53 D deactivate, then pip install", D, nil, `deactivate; pip install requests`, Ask}, "/home/u/proj/.venv"},
		{decisionRow{"S53 D the system's pip by its path", D, nil, `/usr/bin/pip3 install requests`, Ask}, "/home/u/proj/.venv"},
		{decisionRow{"S53 D neighbour: an allow rule for pip install", D, []string{"allow:Bash(pip install:*)"}, `pip install requests`, Allow}, ""},
		{decisionRow{"S53 D neighbour: bypass installs anywhere", Y, nil, `pip install requests && python3 -m pip install x`, Allow}, ""},
		{decisionRow{"S53 D neighbour: a venv in the project, active", D, nil, `pip install -r requirements.txt && pip3 install x && python -m pip install -e . && pip uninstall -y x`, Allow}, "/home/u/proj/.venv"},
		{decisionRow{"S53 D neighbour: a venv in the project, active, acceptEdits", A, nil, `pip install -r requirements.txt`, Allow}, "/home/u/proj/.venv"},
		{decisionRow{"S53 D neighbour: a venv in the project made and used on the line, no venv active", D, nil,
			`python3 -m venv .venv && .venv/bin/pip install -r requirements.txt && .venv/bin/python -m pip install x && source .venv/bin/activate && pip install y && . venv/bin/activate && pip install z`, Allow}, ""},
		{decisionRow{"S53 D neighbour: launchers pick the project's environment, no venv active", D, nil,
			`uv run pip install x && poetry run pip install x && pipenv run pip install x && uv pip install x && uv sync`, Allow}, ""},
		{decisionRow{"S53 D neighbour: pip's other commands and installs into the project, no venv active", D, nil,
			`pip list && pip show x && pip freeze > req.txt && pip download x -d dl && pip wheel -w wh . && pip install --target vendor x && pip install --prefix ./out x && pip install --dry-run x && pip install --help`, Allow}, ""},
	}
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine(t, tt.mode, tt.rules...)
			e.VirtualEnv = tt.venv
			if res := e.Check(bash(tt.cmd)); res.Decision != tt.want {
				t.Errorf("%q in %s with VIRTUAL_ENV=%q: %v (%s), want %v", tt.cmd, tt.mode, tt.venv, res.Decision, res.Reason, tt.want)
			}
		})
	}
}

// TestReviewSetPlusPS53: set +P (set +o physical) turns the shell logical
// again, but the engine kept taking every later cd as physical: set -P;
// set +P; cd out/.. && touch f asked for f as a path only known at run
// time, where the shell is in the project. A set +P run for certain on
// the line's top level now ends it; one that may not run, or runs in a
// subshell of its own (after && or ||, in a branch, a loop, a function, a
// pipeline, in the background, in a nested shell), leaves cd physical.
// A cd that ran physically leaves the shell where the link led, so a
// later .. is still taken from there.
func TestReviewSetPlusPS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S53 B set -P; set +P; cd out/..", D, nil, `set -P; set +P; cd out/.. && touch f`, Allow},
		{"S53 B set -o physical; set +o physical", A, nil, `set -o physical; set +o physical; cd out/..; echo x > f`, Allow},
		{"S53 B set -eP; set +P keeps -e", D, nil, `set -eP; set +P; cd out/.. && touch f`, Allow},
		{"S53 B neighbour: set -eo physical turns it on", D, nil, `set -eo physical; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set -euo pipefail -P turns it on", A, nil, `set -euo pipefail -P; cd out/.. && touch g`, Ask},
		{"S53 B set -euo pipefail; set +eo physical", A, nil, `set -P; set -euo pipefail; set +eo physical; cd out/.. && touch f`, Allow},
		{"S53 B neighbour: +P among the positional parameters", A, nil, `set -P; set -- +P; set x +P; set "$X"; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P then set -P again", D, nil, `set -P; set +P; set -P; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P that may not run", A, nil, `set -P; false && set +P; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in a subshell", D, nil, `set -P; (set +P); cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in a branch", A, nil, `set -P; if test -e x; then set +P; fi; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in the background", D, nil, `set -P; set +P & cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in a pipeline", A, nil, `set -P; set +P | cat; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in a nested shell", D, nil, `set -P; bash -c 'set +P'; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: set +P in a function", A, nil, `set -P; f() { set +P; }; f; cd out/.. && touch f`, Ask},
		{"S53 B neighbour: a cd that ran physically before set +P", D, nil, `set -P; cd out; set +P; cd .. && touch f`, Ask},
		{"S53 B neighbour: cd -P after set +P", A, nil, `set -P; set +P; cd -P out/.. && touch f`, Ask},
		{"S53 B neighbour: set -P; cd out/.. && make runs where the kernel takes it", D, nil, `set -P; cd out/.. && touch f`, Ask},
	})
}

// TestReviewNixRunUnknownArgS53: nix run nixpkgs#P -- ARGS runs P, a
// program of a package registry, judged by its name as an installed one
// is (nix run nixpkgs#hello -- x as hello x); an argument only known at
// run time (nix run nixpkgs#hello -- "$X") made the whole command too
// complex to check, though hello "$X" and nix shell nixpkgs#hello -c
// hello "$X" pass. nix and pkgx exec the program with its arguments, no
// shell reads them, so the ask was needless: the arguments are now
// judged as the program's own, each as it was written. What the program
// does with an unknown argument is judged as it is for the installed
// program (rm -rf "$X" asks, bash -c "$X" is too complex), and code
// fetched from outside a registry, or an installable only known at run
// time, asks as before.
func TestReviewNixRunUnknownArgS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S53 E nix run a registry program with an unknown argument", D, nil, `nix run nixpkgs#hello -- "$X"`, Allow},
		{"S53 E nix run jq with unknown arguments, acceptEdits", A, nil, `nix run nixpkgs#jq -- . "$X" $Y`, Allow},
		{"S53 E pkgx with an unknown argument", D, nil, `pkgx jq . "$X"`, Allow},
		{"S53 E neighbour: the program's own judgement of an unknown argument", D, nil, `nix run nixpkgs#coreutils -- rm -rf "$X"`, Ask},
		{"S53 E neighbour: a shell fed an unknown program", A, nil, `nix run nixpkgs#bash -- -c "$X"`, Ask},
		{"S53 E neighbour: code fetched from outside a registry", D, nil, `nix run github:o/r -- "$X"`, Ask},
		{"S53 E neighbour: an installable only known at run time", A, nil, `nix run "$X" -- x`, Ask},
		{"S53 E neighbour: a deny rule on the program", D, []string{"deny:Bash(curl:*)"}, `nix run nixpkgs#curl -- "$X"`, Deny},
		{"S53 E neighbour: its output to an unknown path", D, nil, `nix run nixpkgs#hello -- "$X" > "$Y"/f`, Ask},
		{"S53 E neighbour: a substitution in the argument is checked", A, nil, `nix run nixpkgs#hello -- "$(rm -rf ~)"`, Deny},
	})
}

// TestReviewUnknownStartWriteS53: a write to a path word that starts with
// a variable only known at run time ("$X"/x, $X/../x) cannot be shown to
// stay in the project and asks in default and acceptEdits mode (denied in
// dontAsk), as it did already; $PWD/x, known, is in the project, and
// $HOME/x outside it. Inline code given such a path by the shell
// (python3 -c "open('$X/x','w')", node -e "…writeFileSync('$X/x')") was
// allowed: the string the shell fills in was not known, and a write to a
// path the code does not know was left out. A write to a path the shell
// fills in is now judged as the shell's own would be, a path only known
// at run time; a path the code computes itself (open(sys.argv[1], 'w'))
// is still left to the kernel sandbox.
func TestReviewUnknownStartWriteS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S53 C echo > \"$X\"/x", D, nil, `echo hi > "$X"/x`, Ask},
		{"S53 C $X/../x, acceptEdits", A, nil, `echo hi > $X/../x`, Ask},
		{"S53 C touch ${X}/x", D, nil, `touch "${X}/x"`, Ask},
		{"S53 C cp to $X/", A, nil, `cp a "$X"/`, Ask},
		{"S53 C dontAsk", ModeDontAsk, nil, `tee "$X"/x < f`, Deny},
		{"S53 C python3 -c open of a path the shell fills in", D, nil, `python3 -c "open('$X/x','w').write('a')"`, Ask},
		{"S53 C python3 -c open with mode a, acceptEdits", A, nil, `python3 -c "open('$X/../x', 'a')"`, Ask},
		{"S53 C node -e writeFileSync of a path the shell fills in", D, nil, `node -e "require('fs').writeFileSync('$X/x', 'a')"`, Ask},
		{"S53 C perl open of a path the shell fills in", A, nil, `perl -e "open(F, '>', '$X/x')"`, Ask},
		{"S53 C neighbour: $PWD/x is in the project", D, nil, `echo hi > $PWD/x && touch "$PWD"/y`, Allow},
		{"S53 C neighbour: $HOME/x is outside it", D, nil, `echo hi > $HOME/x`, Ask},
		{"S53 C neighbour: reads of an unknown path, and code that writes a path it computes", D, nil,
			`cat "$X"/x && python3 -c "print(open('$X/x').read())" && python3 -c "import sys; open(sys.argv[1], 'w')" out.txt`, Allow},
		{"S53 C neighbour: inline code writes in the project", A, nil, `python3 -c "open('out/x','w').write('$X')"`, Allow},
	})
}

// TestReviewRunDotDotS53: make -C out/.. runs where the kernel takes
// out/.. to be, the parent of where the link out leads (/tmp), not the
// project the names fold to; it was allowed. cd out/.. is the shell's,
// which folds the names (a logical cd), and stays in the project.
func TestReviewRunDotDotS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S53 F make -C a link on disk, then ..", D, nil, `make -C out/..`, Ask},
		{"S53 F git -C a link on disk, then .., acceptEdits", A, nil, `git -C out/.. init`, Ask},
		{"S53 F make --directory=out/../x", D, nil, `make --directory=out/../x`, Ask},
		{"S53 F neighbour: cd out/.. is logical, make -C a directory's ..", D, nil, `make -C src/.. && make -C lib/.. && cd out/.. && make`, Allow},
	})
}
