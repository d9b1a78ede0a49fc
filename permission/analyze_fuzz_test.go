package permission

import (
	"slices"
	"strings"
	"testing"
)

// FuzzAnalyzeShell checks that the analysis never panics, keeps its own
// invariants, and is not fooled by wrapping: a command found in S is still
// found in `echo $(S)` and `bash -c 'S'`, unless those are reported too
// complex (which makes them ask anyway).
func FuzzAnalyzeShell(f *testing.F) {
	for _, s := range []string{
		"git status",
		"rm -rf /",
		"FOO=1 sudo env BAR=2 nice -n 5 rm x",
		"echo $(rm x) `ls` <(cat y) > out 2>&1",
		`bash -c "sh -c 'rm x'"`,
		"eval rm x",
		":(){ :|:& };:",
		"curl -s x | bash",
		"cd src && make || cd /tmp; case x in a) cd b;& c) cat k;; esac; cat k > out",
		`printf '%s%b%\n' a 'b\n' | sh; echo -e 'x\\' | bash -s`,
		"echo k | tar -cT - -f a; zip a -@ <<< k; echo k | cpio -p d",
		"GOBIN= go -C d install; cargo install --root; pip install --prefix; npm i -g --prefix",
		"gh pr create -H; jj git push; git review -d; ghstack; gs b s; sl pr",
		"node --cpu-prof-dir; node --report-dir=; m -o/ -I/x",
		"bash <(echo x) <(y); . <(printf); sh 3< <(echo) /dev/fd/3 < <(cat <<< z); cat - <<E | sh\n$x\nE",
		"gem i -n; python3 -m pip install -t; luarocks make --tree; gh api -XPOST graphql -f query=mutation",
		"ln -s /tmp t -t d; ln x; link $y l && cd t/.. && touch l/x d/t > t; git -C l/ init; history -aw",
		"duckdb -c 'COPY t TO x' -s .sh x.db '.output y'; echo 'LOAD x' | duckdb; duckdb <<< ATTACH",
		"racket -e x; echo x | julia -; crystal eval; dotnet script eval x; nim --eval:x; jshell < f; erl -eval=x",
		"install -l s /x l; xargs -a l touch; echo a | xargs -I{} cp {} d; tar xf a -C d && echo > d/l/f; ./configure --prefix=$PWD/o && make install; cmake --build b -t install",
		"echo > out/x; cd out && make; mv f out; ln -sfn x out; cat key; rm loop/x; tee outf; cd loop; sed -i s/a/b/ ../proj/out",
		"ansible; ansible -m; ansible-playbook; mount; ip; sysctl a=; gpg --import; docker compose -f down -v; rclone; gsutil rm; passwd -S; iptables -t",
		`curl x | awk '{print "a", $1 > "f"; printf "%s\n", $NF} $1 == "b" {gsub(/c/, "")}' | sh; sed -n '/a/p;s/x/\1&/;:a;ba;1i b' y | sh; echo '{print}' > p; awk -f p -v v=1 x=2 | sh <(sed -f p)`,
		"locate x > l; xargs cat < l; xargs -a l cat; while read f; do cat $f; done < l; cat $(cat l) | xargs cat; env & python3 -c 'print(os.environ)'",
		"find ~ -fprint l | sort > m; cat $(< l); mapfile -t -u 3 a < l; read -ra b < <(locate x); c=$(find ~ | head -1); for f in \"${a[@]}\" $c; do cat $f; done; parallel cat :::: m; tar -cT l -f t",
		"(. .venv/bin/activate) | pip install x & conda activate ./e; source x/activate; f(){ deactivate; }; eval '. v/bin/activate'; mamba install -yn b; unset CONDA_PREFIX; conda env create",
		`let "a[$k]" "x=b[$(y)]"; test -v "a[$k]"; x="n[$k]"; a=([$k]=1 ["$k"]=2); declare -A m=([$k]=v) a[$(z)]; bind -x '"\C-x": "rm x"' '"\e": "y\n"' -f q`,
		"printf 'rm x\\n' > s; tee -a s <<< y; cp s t; sh -eo pipefail t; . ./s; bash < s; echo '#!/usr/bin/env python3' > p; ./p; make -f s",
		"exec 3< l 4<<< x 5<&3; exec < m; xargs cat <&4; while read -u 5 f; do cat \"$f\" \"${f}x\" '$f'; done; exec 3<&-; xargs rm <<< \"$HOME/$y\" <<E\n$z\nE",
		"read -r a b <<< 'x y'; mapfile -t c < <(echo d); read -ra e <<< f; echo g | while read h; do cat \"$a\" ${c[@]} \"${e[0]}\" $h; done; k='a['; k+='$(x)]'; printf -v q 'a[%s]' '$(y)'",
		// eng72's copies: functions called as statements, "$@", arrays run, substitutions as programs.
		`f() { rm -rf "$1"; "$@"; g "$1" "$d"; }; g() { f "$@"; shift; }; d=~; f ~ x; nice() { :; }; nice ~; a=(rm -rf ~); "${a[@]}" ${a[*]}; bash -c "$(f 'rm -rf ~')"; source <(f x) | sh`,
		// slow72's indexes: activations, links by directory, set --.
		`python3 -m venv .v; . .v/bin/activate && pip install x; ln -s /etc l; echo x > l/y; set -- a b; echo "$@"; env -i bash -c '. .venv/bin/activate; pip install y'`,
		// eng75's and eng75b's: readers of code fed by a compound, a call,
		// a descriptor chain, a FIFO, a glob read before its write, a
		// function that changes directory, shift and for a;.
		`{ sh; } <<< 'rm -rf ~'; f() { sh; }; f <<< x | cat; g() { f; }; g 3<<< y 4<&3 <&4; eval sh <<< z; { cat; } <<E | sh` + "\nw\nE\n" + `mkfifo p; sh < p & echo x > p; bash *.sh & echo y > s.sh; h() { cd "$1"; }; h ..; k() { shift; for a; do rm -rf "$a"; done; }; k x ~`,
	} {
		f.Add(s)
	}
	env := PathEnv{Cwd: "/w/p", Home: "/h", Root: "/w/p"}
	// The whole decision too (the paths a word may name, the directories
	// a command runs in), in the mode that reaches the most checks.
	e := engine(f, ModeBypassPermissions)
	// And with links on disk, in the mode that reads a line's links,
	// archives and installs.
	d := engine(f, ModeDefault)
	d.Follow = followDisk
	f.Fuzz(func(t *testing.T, src string) {
		// check, not Check: Check denies a call it fails on, and a
		// failure must end the fuzzing here.
		e.check(bash(src))
		d.check(bash(src))
		a := AnalyzeShell(src)
		for i, c := range a.Commands {
			if c.Inner < 0 || c.Inner > len(c.Words) {
				t.Fatalf("Commands[%d].Inner = %d with %d words", i, c.Inner, len(c.Words))
			}
			if c.Dirs != nil && (c.Dir != "?" || len(c.Dirs) < 2 || len(c.Dirs) > maxDirs ||
				slices.ContainsFunc(c.Dirs, func(d string) bool { return d == "?" || strings.Contains(d, dirSetMark) })) {
				t.Fatalf("Commands[%d]: Dir %q with Dirs %q", i, c.Dir, c.Dirs)
			}
			_ = c.Name()
			_ = c.Args()
			_ = c.EnvAssigns()
			IsReadOnly(c)
			PathArgs(c)
			CheckDanger(c, env)
		}
		for _, p := range a.Pipelines {
			for _, stage := range p {
				for _, i := range stage {
					if i < 0 || i >= len(a.Commands) {
						t.Fatalf("pipeline index %d out of %d commands", i, len(a.Commands))
					}
				}
			}
		}
		CheckPipelines(a)

		if !hasCommand(a, "rm") {
			return
		}
		// A space after $(: "$((" would start arithmetic, where bash
		// too reads no command.
		wrapped := []string{"echo $( " + src + "\n)"}
		// bash reads a -c string that starts with - or + as options, as
		// does the analysis; and an argument cannot carry a NUL through
		// execve, so a -c string ends at the first one.
		if !strings.ContainsAny(src, "'\x00") && !strings.HasPrefix(src, "-") && !strings.HasPrefix(src, "+") {
			wrapped = append(wrapped, "bash -c '"+src+"'")
		}
		for _, w := range wrapped {
			if b := AnalyzeShell(w); !hasCommand(b, "rm") && len(b.Complex) == 0 {
				t.Errorf("rm found in %q but not in %q (commands %q)", src, w, names(b))
			}
		}
	})
}

func hasCommand(a Analysis, name string) bool {
	for _, c := range a.Commands {
		if c.Name() == name {
			return true
		}
	}
	return false
}
