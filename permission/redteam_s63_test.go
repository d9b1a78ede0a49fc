package permission

import (
	"strconv"
	"testing"
)

// TestInlineShellValuesS63: what the shell fills in inside double-quoted
// inline code was a hole the reader passed over, so python3 -c
// "print(open(\"$HOME/.ssh/id_rsa\").read())" read the key unasked where
// cat ~/.ssh/id_rsa asks, and so did a value the line assigned (export
// K=~/.ssh/id_rsa; python3 -c "…open(\"$K\")…") and a here-document's
// $HOME. $HOME and ~ are now the home directory in the code, and a value
// the line assigns is put in its place as the shell's commands are
// given it; a read of a path only known at run time still passes, as cat
// "$X/a" does.
func TestInlineShellValuesS63(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S63 python3 -c open($HOME/.ssh/id_rsa)", D, nil, `python3 -c "print(open(\"$HOME/.ssh/id_rsa\").read())"`, Ask},
		{"S63 python3 -c open(${HOME}/.ssh/id_rsa) (yolo)", Y, nil, `python3 -c "print(open('${HOME}/.ssh/id_rsa').read())"`, Ask},
		{"S63 export K=~/.ssh/id_rsa; python3 -c open($K)", D, nil, `export K=~/.ssh/id_rsa; python3 -c "print(open(\"$K\").read())"`, Ask},
		{"S63 K=$HOME/.aws/credentials; python3 -c", D, nil, `K=$HOME/.aws/credentials; python3 -c "print(open('$K').read())"`, Ask},
		{"S63 node -e readFileSync($HOME/.aws/credentials)", D, nil, `node -e "console.log(require('fs').readFileSync('$HOME/.aws/credentials','utf8'))"`, Ask},
		{"S63 ruby -e File.read($HOME/.ssh/id_rsa)", D, nil, `ruby -e "puts File.read('$HOME/.ssh/id_rsa')"`, Ask},
		{"S63 perl -e open($HOME/.netrc)", D, nil, `perl -e "open(F, '<', '$HOME/.netrc'); print <F>"`, Ask},
		{"S63 python3 -c os.system(rm -rf $HOME)", D, nil, `python3 -c "import os; os.system('rm -rf $HOME')"`, Deny},
		{"S63 python3 <<EOF open($HOME/.ssh/id_rsa)", D, nil, "python3 <<EOF\nprint(open(\"$HOME/.ssh/id_rsa\").read())\nEOF", Ask},
		{"S63 python3 -c write($HOME/.bashrc) (yolo)", Y, nil, `python3 -c "open('$HOME/.bashrc', 'a').write('x')"`, Ask},
		{"S63 for k in ~/.ssh/id_rsa; node -e", D, nil, `for k in ~/.ssh/id_rsa; do node -e "console.log(require('fs').readFileSync('$k','utf8'))"; done`, Ask},
		{"S63 still: python3 -c write(x$HOME/a)", D, nil, `python3 -c "open('x$HOME/a', 'w').write('x')"`, Ask},
		{"S63 neighbour: os.getcwd()", D, nil, `python3 -c "import os; print(os.getcwd())"`, Allow},
		{"S63 neighbour: print($PWD)", D, nil, `python3 -c "print(\"$PWD\")"`, Allow},
		{"S63 neighbour: console.log($USER)", D, nil, `node -e "console.log('$USER')"`, Allow},
		{"S63 neighbour: print($HOME)", D, nil, `python3 -c "print('$HOME')"`, Allow},
		{"S63 neighbour: open($HOME/notes.txt)", D, nil, `python3 -c "print(open('$HOME/notes.txt').read())"`, Allow},
		{"S63 neighbour: K=README.md; python3 -c open($K)", D, nil, `K=README.md; python3 -c "print(open('$K').read())"`, Allow},
		{"S63 neighbour: open($X/a) read", D, nil, `python3 -c "print(open('$X/a').read())"`, Allow},
	})
}

// TestSubscriptValueEchoedS63: a value that holds an expansion inside
// brackets (msg="item[$i]") was asked for wherever it was assigned,
// though bash expands such a subscript once more only where it takes the
// value as a name or arithmetic; echo "$msg" does not. It is now asked
// for on a line that has such a place, as before, and passes on the
// others.
func TestSubscriptValueEchoedS63(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	k := `k='$(rm -rf build)'; `
	checkDecisions(t, []decisionRow{
		{"S63 neighbour: msg=item[$i]; echo $msg", D, nil, `msg="item[$i]"; echo "$msg"`, Allow},
		{"S63 neighbour: loop msg=item[$i]; echo", D, nil, `for i in 1 2 3; do msg="item[$i]"; echo "$msg"; done`, Allow},
		{"S63 still: x=a[$k]; (( x ))", D, nil, k + `x="a[$k]"; (( x ))`, Ask},
		{"S63 still: x=a[$k]; echo $(( x ))", D, nil, k + `x="a[$k]"; echo $(( x + 1 ))`, Ask},
		{"S63 still: x=a[$k]; y=$x; (( y ))", D, nil, k + `x="a[$k]"; y=$x; (( y ))`, Ask},
		{"S63 still: x=a[$k]; [[ x -eq 1 ]]", D, nil, k + `x="a[$k]"; [[ x -eq 1 ]]`, Ask},
		{"S63 still: x=a[$k]; test -v $x", D, nil, k + `x="a[$k]"; test -v "$x"`, Ask},
		{"S63 still: x=a[$k]; printf -v $x", D, nil, k + `x="a[$k]"; printf -v "$x" 1`, Ask},
		{"S63 still: x=a[$k]; ${!x}", D, nil, k + `x="a[$k]"; echo "${!x}"`, Ask},
		{"S63 still: x=a[$k]; ${s:x}", D, nil, k + `x="a[$k]"; s=abc; echo "${s:x}"`, Ask},
		{"S63 still: x=a[$k]; b[x]=1", D, nil, k + `x="a[$k]"; b[x]=1`, Ask},
		{"S63 still: x=a[$k]; f() { (( $1 )); }; f $x", D, nil, k + `x="a[$k]"; f() { (( $1 )); }; f "$x"`, Ask},
		{"S63 still: x=a[$k]; export x; bash -c", D, nil, k + `x="a[$k]"; export x; bash -c '(( x ))'`, Ask},
		{"S63 still: x=a[$k]; eval", D, nil, k + `x="a[$k]"; eval 'echo $x'`, Ask},
		{"S63 still: bash -c 'x=a[$k]; echo $x'", D, nil, `bash -c 'x="a[$k]"; (( x ))'`, Ask},
		{"S63 still: let a[$k]", D, nil, k + `let "a[$k]"`, Ask},
	})
}

// TestLongWordLoopS63: a for loop over more than 32 words was asked for
// as handing values to more commands than the analysis follows; the
// bound on the copies values make is now maxValueCopies (256), and
// inline code is read in maxRunWith (32) of them, past which the line is
// asked for.
func TestLongWordLoopS63(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	var ws, many string
	for i := 1; i <= 40; i++ {
		ws += " " + strconv.Itoa(i)
	}
	for i := 1; i <= maxValueCopies+1; i++ {
		many += " " + strconv.Itoa(i)
	}
	checkDecisions(t, []decisionRow{
		{"S63 neighbour: for i in 1..40; echo $i", D, nil, `for i in` + ws + `; do echo $i; done`, Allow},
		{"S63 still: for f in 1..40 ~/.ssh/id_rsa; cat", D, nil, `for f in` + ws + ` ~/.ssh/id_rsa; do cat "$f"; done`, Ask},
		{"S63 still: past the bound", D, nil, `for i in` + many + `; do echo $i; done`, Ask},
		{"S63 still: inline code past its bound", D, nil, `for k in` + ws + ` ~/.ssh/id_rsa; do python3 -c "print(open('$k').read())"; done`, Ask},
		{"S63 neighbour: inline code within its bound", D, nil, `for k in 1 2 3; do python3 -c "print('$k')"; done`, Allow},
	})
}

// TestNodeDynamicImportEnvS63: node's dynamic import of process reached
// the environment unasked where require("process").env asks (fafb341
// covered require and the static import): import("process").then(p =>
// p.env), const p = await import("node:process"); p.env, (await
// import("process")).env and the namespace's default. Each is now the
// table, judged where it is used.
func TestNodeDynamicImportEnvS63(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	m := `node --input-type=module -e `
	checkDecisions(t, []decisionRow{
		{"S63 import(process).then(p => p.env)", D, nil, `node -e 'import("process").then(p => console.log(p.env))'`, Ask},
		{"S63 import(node:process).then((p) => p.default.env)", D, nil, `node -e 'import("node:process").then((p) => console.log(p.default.env))'`, Ask},
		{"S63 import(process).then(({env}) => env)", D, nil, `node -e 'import("process").then(({env}) => console.log(env))'`, Ask},
		{"S63 const p = await import(node:process)", D, nil, m + `'const p = await import("node:process"); console.log(p.env)'`, Ask},
		{"S63 const {env} = await import(process)", D, nil, m + `'const {env} = await import("process"); console.log(env)'`, Ask},
		{"S63 (await import(process)).env", D, nil, m + `'console.log((await import("process")).env)'`, Ask},
		{"S63 (await import(process)).default.env", D, nil, m + `'console.log((await import("node:process")).default.env)'`, Ask},
		{"S63 neighbour: import(process).then(p => p.argv)", D, nil, `node -e 'import("process").then(p => console.log(p.argv))'`, Allow},
		{"S63 neighbour: (await import(process)).env.HOME", D, nil, m + `'console.log((await import("process")).env.HOME)'`, Allow},
		{"S63 neighbour: const p = await import(process); p.cwd()", D, nil, m + `'const p = await import("process"); console.log(p.cwd())'`, Allow},
		{"S63 neighbour: import(fs).then(f => f.readFileSync)", D, nil, `node -e 'import("fs").then(f => console.log(f.readFileSync("README.md", "utf8")))'`, Allow},
	})
}

// TestWrittenBuildFileS63: a build file the line wrote ran unseen when a
// runner read it by its default name: printf 'all:\n\trm -rf ~\n' >
// Makefile; make deleted the home directory, allowed (make -f s.mk was
// asked for as a file in a language not read), and so did a
// package.json's script run by npm run. A makefile's recipes and a
// package.json's scripts are now the programs of those runners, judged
// as a script written and run is; what the analysis does not read (make
// expansions, a justfile, a Taskfile) is asked for.
func TestWrittenBuildFileS63(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	pkg := `echo '{"scripts": {"x": "rm -rf ~", "test": "echo ok"}}' > package.json; `
	checkDecisions(t, []decisionRow{
		{"S63 printf > Makefile; make", D, nil, `printf 'all:\n\trm -rf ~\n' > Makefile; make`, Deny},
		{"S63 printf > Makefile; make (yolo)", Y, nil, `printf 'all:\n\trm -rf ~\n' > Makefile; make`, Deny},
		{"S63 printf > makefile; make all", D, nil, `printf 'all:\n\t@cat ~/.ssh/id_rsa\n' > makefile; make all`, Ask},
		{"S63 echo 'all:; rm' > GNUmakefile; gmake", D, nil, `echo 'all: ; rm -rf ~' > GNUmakefile; gmake`, Deny},
		{"S63 cat > Makefile <<EOF; make", D, nil, "cat > Makefile <<'EOF'\nall:\n\t-rm -rf ~\nEOF\nmake", Deny},
		{"S63 mkdir d; printf > d/Makefile; make -C d", D, nil, `mkdir -p d; printf 'all:\n\trm -rf ~\n' > d/Makefile; make -C d`, Deny},
		{"S63 printf > Makefile; make $(X)", D, nil, `printf 'X=~\nall:\n\trm -rf $(X)\n' > Makefile; make`, Ask},
		{"S63 printf > Makefile; make SHELL", D, nil, `printf 'SHELL=./evil\nall:\n\techo hi\n' > Makefile; make`, Ask},
		{"S63 make -f s.mk reads it too (yolo)", Y, nil, `echo 'all:; rm -rf ~' > s.mk; make -f s.mk`, Deny},
		{"S63 package.json; npm run x", D, nil, pkg + `npm run x`, Deny},
		{"S63 package.json; npm test (yolo)", Y, nil, pkg + `npm test`, Deny},
		{"S63 package.json; yarn x", D, nil, pkg + `yarn x`, Deny},
		{"S63 package.json not JSON; npm run x", D, nil, `echo '{scripts' > package.json; npm run x`, Ask},
		{"S63 justfile; just", D, nil, `printf 'x:\n\trm -rf ~\n' > justfile; just x`, Ask},
		{"S63 Taskfile.yml; task", D, nil, `printf 'tasks:\n  x:\n    cmds: [rm -rf ~]\n' > Taskfile.yml; task x`, Ask},
		{"S63 neighbour: printf > Makefile; make", D, nil, `printf 'all:\n\techo hi\n' > Makefile; make`, Allow},
		{"S63 neighbour: Makefile with $$ and .PHONY", D, nil, `printf '.PHONY: all\nCC = gcc\nall: main.c\n\tfor f in *.c; do echo $$f; done\n' > Makefile; make`, Allow},
		{"S63 neighbour: package.json; npm test", D, nil, `echo '{"name": "x", "scripts": {"test": "echo ok"}}' > package.json; npm test`, Allow},
		{"S63 neighbour: make", D, nil, `make`, Allow},
		{"S63 neighbour: echo > notes.txt; make", D, nil, `echo hi > notes.txt; make`, Allow},
	})
}

// TestHeldAndWrittenModesS63 pins, in default, bypassPermissions and
// acceptEdits, lines that already asked or were denied in default (exec
// {fd}<~/.ssh/id_rsa, exec {fd}<l; xargs rm <&$fd, a script written by
// inline code then run, > "$HOME/s.sh"; bash "$HOME/s.sh"), and fixes
// what bypass let through where default asks for a reason bypass keeps:
// a script written to "$HOME/s.sh" and run as ~/s.sh (or sourced) ran
// unread, its rm -rf ~ allowed in bypassPermissions, and a descriptor
// exec {fd}< opened, duplicated as <&$fd or read with read -u $fd, was
// not the file it held, so the names in it passed (xargs cat <&$fd of a
// key's name, in every mode).
func TestHeldAndWrittenModesS63(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, m := range []Mode{ModeDefault, ModeBypassPermissions, ModeAcceptEdits} {
		ms := " (" + string(m) + ")"
		// exec {fd}<l; xargs rm <&$fd: a delete of names only known at
		// run time, which bypassPermissions allows as it does xargs rm < l.
		rm := Ask
		if m == ModeBypassPermissions {
			rm = Allow
		}
		rows = append(rows, []decisionRow{
			{"S63 exec {fd}<~/.ssh/id_rsa" + ms, m, nil, `exec {fd}<~/.ssh/id_rsa`, Ask},
			{"S63 exec {fd}<~/.ssh/id_rsa; cat <&$fd" + ms, m, nil, `exec {fd}<~/.ssh/id_rsa; cat <&$fd`, Ask},
			{"S63 exec {fd}<l; xargs rm <&$fd" + ms, m, nil, `exec {fd}<l; xargs rm <&$fd`, rm},
			{"S63 echo key > l; exec {fd}<l; xargs cat <&$fd" + ms, m, nil, `echo ~/.ssh/id_rsa > l; exec {fd}<l; xargs cat <&$fd`, Ask},
			{"S63 echo key > l; exec {fd}<l; xargs cat <&\"${fd}\"" + ms, m, nil, `echo ~/.ssh/id_rsa > l; exec {fd}<l; xargs cat <&"${fd}"`, Ask},
			{"S63 echo ~/.bashrc > l; exec {fd}<l; read -u $fd" + ms, m, nil, `echo ~/.bashrc > l; exec {fd}<l; while read -u $fd f; do echo x >> "$f"; done`, Ask},
			{"S63 python3 writes s.sh; bash s.sh" + ms, m, nil, `python3 -c "open('s.sh','w').write('rm -rf ~')"; bash s.sh`, Ask},
			{"S63 python3 writes $HOME/s.sh; bash ~/s.sh" + ms, m, nil, `python3 -c "open('$HOME/s.sh','w').write('rm -rf ~')"; bash ~/s.sh`, Ask},
			{"S63 > $HOME/s.sh; bash $HOME/s.sh" + ms, m, nil, `echo 'rm -rf ~' > "$HOME/s.sh"; bash "$HOME/s.sh"`, Deny},
			{"S63 > $HOME/s.sh; bash ~/s.sh" + ms, m, nil, `echo 'rm -rf ~' > "$HOME/s.sh"; bash ~/s.sh`, Deny},
			{"S63 > $HOME/s.sh; source $HOME/s.sh" + ms, m, nil, `echo 'rm -rf ~' > "$HOME/s.sh"; source "$HOME/s.sh"`, Deny},
			{"S63 > $HOME/s.sh (cat key); sh ~/s.sh" + ms, m, nil, `echo 'cat ~/.ssh/id_rsa' > "$HOME/s.sh"; sh ~/s.sh`, Ask},
			{"S63 neighbour: exec 3<README.md; cat <&3" + ms, m, nil, `exec 3<README.md; cat <&3`, Allow},
			{"S63 neighbour: exec {fd}<README.md; cat <&$fd" + ms, m, nil, `exec {fd}<README.md; cat <&$fd`, Allow},
			{"S63 neighbour: echo > s.sh; bash s.sh" + ms, m, nil, `echo 'echo hi' > s.sh; bash s.sh`, Allow},
		}...)
	}
	checkDecisions(t, rows)
}

// TestMapfileNamesS63: mapfile with more than one name (FuzzAnalyzeShell
// found mapfile 0 c<<<0; "" $c) crashed the engine, the check and the
// hook with it: it was given a value a line for each name, where bash
// sets the first name alone. It takes the first, as read -a does.
func TestMapfileNamesS63(t *testing.T) {
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"S63 mapfile 0 c, then $c", D, nil, `mapfile 0 c<<<0;"" $c`, Allow},
		{"S63 mapfile a b <<< key; cat ${a[0]}", D, nil, `mapfile a b <<< ~/.ssh/id_rsa; cat "${a[0]}"`, Ask},
		{"S63 neighbour: mapfile a b <<< README.md", D, nil, `mapfile a b <<< README.md; cat "${a[0]}" "$b"`, Allow},
	})
}
