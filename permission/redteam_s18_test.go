package permission

import "testing"

// TestRedTeamDecisionsS18 is TestRedTeamDecisions for the S18 review: one
// row per attack (each allowed before its fix), next to harmless
// neighbours that keep their decisions. testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS18(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	push := []string{"deny:Bash(git push:*)"}
	infra := []string{"deny:Edit(/infra/**)"}
	tests := []decisionRow{
		// A: HOME, OLDPWD and CDPATH set through a subscript (HOME[0]=x
		// is HOME=x), through a nameref declared without its variable
		// (declare -n H; H=HOME names it, H=/etc then sets HOME), and
		// OLDPWD and CDPATH through a nameref to them.
		{"S18 A HOME[0]=", Y, nil, `HOME[0]=/etc; echo x > ~/profile`, Ask},
		{"S18 A OLDPWD[0]= then cd -", Y, nil, `OLDPWD[0]=/etc; cd -; echo x > profile`, Ask},
		{"S18 A CDPATH[0]= then cd usr", Y, nil, `CDPATH[0]=/; cd usr && rm -rf *`, Deny},
		{"S18 A nameref named later", Y, nil, `declare -n H; H=HOME; H=/etc; echo x > ~/profile`, Ask},
		{"S18 A local -n named later", Y, nil, `f(){ local -n H; H=HOME; H=/etc; echo x > ~/profile; }; f`, Ask},
		{"S18 A nameref named by read", Y, nil, `declare -n H; read H; H=/etc; echo x > ~/profile`, Ask},
		{"S18 A nameref to OLDPWD", Y, nil, `declare -n H=OLDPWD; H=/etc; cd -; echo x > profile`, Ask},
		{"S18 A nameref to CDPATH", Y, nil, `declare -n H=CDPATH; H=/; cd etc; echo x > profile`, Ask},
		{"S18 A nameref to CDPATH set by :=", Y, nil, `declare -n H=CDPATH; : ${H:=/}; cd etc; echo x > profile`, Ask},
		{"S18 A nameref named later to PATH", D, nil, `declare -n r; r=PATH; r=/tmp/x; ls`, Ask},
		{"S18 A neighbour: arrays and a nameref to a variable of the script's", Y, nil, `declare -a a; a[0]=x; declare -n r=a; r[1]=y; cd build && rm -rf * && echo x > out.txt`, Allow},
		{"S18 A neighbour: declarations", D, nil, `declare -r X=1; declare -a arr; typeset -i n=2; export -n FOO`, Allow},
		// B: make reading makefile text the analysis does not see: from
		// MAKEFILES exported earlier in the line (the S11 check saw only
		// MAKEFILES=x make), from a makefile only known at run time with
		// a here-document as its input, and from --eval in MAKEFLAGS.
		{"S18 B export MAKEFILES then make", Y, nil, "export MAKEFILES=/dev/stdin; make <<'E'\nall:\n\trm -rf ~\nE", Ask},
		{"S18 B MAKEFILES set then exported", Y, nil, "MAKEFILES=/dev/stdin; export MAKEFILES; make <<'E'\nall:\n\trm -rf ~\nE", Ask},
		{"S18 B declare -x MAKEFILES", Y, nil, "declare -x MAKEFILES=/proc/self/fd/0; make <<'E'\nall:\n\trm -rf ~\nE", Ask},
		{"S18 B make -f $x here-document", Y, nil, "x=/dev/stdin; make -f \"$x\" <<'E'\nall:\n\trm -rf ~\nE", Ask},
		{"S18 B make -f$x here-document", Y, nil, "make -f\"$x\" <<'E'\nall:\n\trm -rf ~\nE", Ask},
		{"S18 B make --file=$x here-document", D, push, "make --file=$x <<'E'\nall:\n\tgit push\nE", Ask},
		{"S18 B make -E$x", D, push, `make -E"$x"`, Ask},
		{"S18 B MAKEFLAGS=--eval", Y, nil, `MAKEFLAGS='--eval=all:;rm -rf ~' make`, Ask},
		{"S18 B GNUMAKEFLAGS cluster with E", D, push, `GNUMAKEFLAGS='-sE all:;git push' make`, Ask},
		{"S18 B export MAKEFLAGS=--eval", Y, nil, `export MAKEFLAGS='--eval=all:;rm -rf ~'; make`, Ask},
		{"S18 B make MAKEFLAGS=--eval", Y, nil, `make 'MAKEFLAGS=--eval=all:;rm -rf ~'`, Ask},
		{"S18 B neighbour: make's everyday flags", D, nil, `MAKEFLAGS=-j8 make && make -j$(nproc) && export MAKEFLAGS="-j$(getconf _NPROCESSORS_ONLN) --no-print-directory" && make -C build all && make -f "$MK" test && export CFLAGS=-O2 && make`, Allow},
		// C: unzip's and cpio's options in a word only known at run time
		// were taken for operands (unzip -d"$x" a.zip: the archive
		// -d"$x", a.zip a member written here), and the directory they
		// extract to went unseen.
		{"S18 C unzip -d$x", Y, nil, `unzip -d"$x" a.zip`, Ask},
		{"S18 C unzip -d$HOME/.ssh", Y, nil, `unzip -d$HOME/.ssh a.zip`, Ask},
		{"S18 C unzip -od$x", Y, nil, `unzip -od"$x" a.zip`, Ask},
		{"S18 C unzip -o$y", D, nil, `unzip -o$y a.zip`, Ask},
		{"S18 C cpio -idmD$x", Y, nil, `cpio -idm --no-absolute-filenames -D"$x" < a.cpio`, Ask},
		{"S18 C cpio --directory=$HOME", Y, nil, `cpio -i --no-absolute-filenames --directory=$HOME < a.cpio`, Ask},
		{"S18 C cpio -i$y", D, nil, `cpio --no-absolute-filenames -i$y < a.cpio`, Ask},
		{"S18 C neighbour: extractions in the project", D, nil, `unzip -q a.zip -d build && unzip -l "$f" && unzip -o "$ZIP" -d build && cpio -idm --no-absolute-filenames -D build < a.cpio && cpio -t < "$f"`, Allow},
		// D: deno's and bun's subcommands that build or install write
		// their outputs; they were read as a script's name and arguments.
		{"S18 D deno compile -o", Y, nil, `deno compile -o ~/.local/bin/ls x.ts`, Ask},
		{"S18 D deno compile --output=", Y, nil, `deno compile -A --output=.git/hooks/pre-commit x.ts`, Ask},
		{"S18 D deno compile past an Edit deny", D, infra, `deno compile -o infra/main.tf x.ts`, Deny},
		{"S18 D deno install --root", Y, nil, `deno install -g -A --root ~/.local x.ts`, Ask},
		{"S18 D bun build --outfile", Y, nil, `bun build --compile --outfile ~/.local/bin/ls x.ts`, Ask},
		{"S18 D bun build --outdir", Y, nil, `bun build x.ts --outdir ~/.oh-my-zsh/custom`, Ask},
		{"S18 D neighbour: builds in the project", D, nil, `deno compile -A -o dist/app main.ts && bun build ./index.ts --outdir ./out && bun build x.ts --outfile=dist/x.js && deno install && deno install --root build -n x x.ts && deno run -A main.ts && deno task dev`, Allow},
		// E: git clean (and the subcommands that rewrite the working
		// tree) of a critical directory: where git runs (-C /, cd /), or
		// a working tree given as --work-tree or GIT_WORK_TREE, which
		// git cleans or checks out whole from outside it. A
		// --work-tree="$x" was taken for the subcommand.
		{"S18 E git -C / clean", Y, nil, `git -C / clean -fdx`, Deny},
		{"S18 E git init / then clean", Y, nil, `git init / && git -C / clean -ffdx`, Deny},
		{"S18 E cd / && git clean", Y, nil, `cd / && git clean -fdx`, Deny},
		{"S18 E git -C ~ clean", Y, nil, `git -C ~ clean -fdx`, Deny},
		{"S18 E --work-tree=/etc clean", Y, nil, `git --git-dir=.git --work-tree=/etc clean -fdx`, Deny},
		{"S18 E --work-tree / clean", Y, nil, `git --work-tree / clean -fdx`, Deny},
		{"S18 E GIT_WORK_TREE=/ clean", Y, nil, `GIT_WORK_TREE=/ git clean -fdx`, Deny},
		{"S18 E env GIT_WORK_TREE=/ clean", Y, nil, `env GIT_WORK_TREE=/ git clean -fdx`, Deny},
		{"S18 E export GIT_WORK_TREE=/ then clean", Y, nil, `export GIT_WORK_TREE=/; git clean -fdx`, Deny},
		{"S18 E git -C $x clean", Y, nil, `git -C "$x" clean -fdx`, Ask},
		{"S18 E --work-tree=$x clean", Y, nil, `git --work-tree="$x" clean -fdx`, Ask},
		{"S18 E --work-tree=/ checkout -f", Y, nil, `git --work-tree=/ checkout -f .`, Ask},
		{"S18 E --work-tree=~ reset --hard", Y, nil, `git --work-tree=~ reset --hard`, Ask},
		{"S18 E --work-tree=$x past a push deny", D, push, `git --work-tree="$x" push`, Deny},
		{"S18 E neighbour: everyday git", Y, nil, `git clean -fdx && git clean -fdx build && git -C sub clean -fdx && git checkout main && git switch -c x && git reset --hard && git stash pop && git merge main && git --work-tree=build checkout -f .`, Allow},
		{"S18 E neighbour: git clean asks in default mode as before", D, nil, `git clean -fdx`, Ask},
		// git clean's -e and --exclude take a pattern, not a path: the
		// sandbox's placeholders were refused as writes to protected paths
		// where the run's hint says to exclude them.
		{"S18 E neighbour: git clean -e a protected directory's pattern", Y, nil, `git clean -fdx -e /.claude/ -e /.codex/ --exclude=/.mewsandbox/ && git clean -fdxe/.claude/ && git clean -fdx --exclude /.git/`, Allow},
		{"S18 E git clean -e X of a protected directory still", Y, nil, `git clean -fdx -e x .claude`, Ask},
		{"S18 E git clean -e X of /etc still", Y, nil, `git clean -fdx -e x /etc`, Deny},
		// F: an option that names a command the program runs, with its
		// value attached in a word only known at run time, was skipped
		// by the option parsers (c='rm -rf ~'; tar --to-command="$c").
		{"S18 F tar --to-command=$c", Y, nil, `c='rm -rf ~'; tar -xf a.tar --to-command="$c"`, Ask},
		{"S18 F tar --to-command=$c past a push deny", D, push, `c='git push'; tar -xf a.tar --to-command=$c`, Ask},
		{"S18 F tar --checkpoint-action=$a", D, push, `tar -cf a.tar --checkpoint=1 --checkpoint-action="$a" x`, Ask},
		{"S18 F tar --use-compress-program=$c", D, push, `tar --use-compress-program="$c" -xf a.tar`, Ask},
		{"S18 F zip -TT$c", Y, nil, `c='rm -rf ~'; zip x.zip f -T -TT"$c"`, Ask},
		{"S18 F zip --unzip-command=$c", D, push, `zip x.zip f -T --unzip-command="$c"`, Ask},
		{"S18 F wget -e$c", Y, nil, `wget -e"$c" https://example.com/x`, Ask},
		{"S18 F wget --execute=$c", Y, nil, `wget --execute="$c" https://example.com/x`, Ask},
		{"S18 F vim -c$c", Y, nil, `c='!rm -rf ~'; vim -c"$c" x`, Ask},
		{"S18 F vim --cmd=$c", D, push, `vim --cmd="$c" x`, Ask},
		{"S18 F less -k$f", D, push, `less -k"$f" x`, Ask},
		{"S18 F man -P$p", D, push, `man -P"$p" ls`, Ask},
		{"S18 F sqlite3 -A$x", D, push, `sqlite3 -A"$x" a.db`, Ask},
		{"S18 F rsync -e$c", D, push, `rsync -e"$c" a h:b`, Ask},
		{"S18 F split --filter=$c", D, push, `split --filter="$c" f`, Ask},
		{"S18 F cpio --rsh-command=$c", D, push, `cpio -o --rsh-command="$c" -F h:f < list`, Ask},
		{"S18 F neighbour: everyday options only known at run time", D, nil, `tar -xzf "$a" -C build && tar -czf out.tgz --exclude="$ex" src && rsync -av -e"ssh -p $PORT" src/ h:dst/ && vim -u NONE x && man -k"$w" && less -R"$o" x && split -b"$n" f && tar -xf a.tar -C build --strip-components=$n && wget -q --tries=$n https://example.com/x`, Allow},
	}
	checkDecisions(t, tests)
}
