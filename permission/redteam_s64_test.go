package permission

import "testing"

// TestUnknownPidLinkS64: /proc/1/cwd/x was asked for as a path through a
// link to a directory that cannot be known, but a pid only known at run
// time ($$, $PPID, $!, $(pgrep x), a glob) followed by a ".." made the
// whole path any path, which a read passes: cat
// /proc/$$/cwd/../root/.ssh/id_rsa read a key unasked. The ".." is now
// taken below the link, as for a pid written out, so the tail names the
// key and asks.
func TestUnknownPidLinkS64(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 /proc/$$/cwd/../u/.ssh/id_rsa", D, nil, `cat /proc/$$/cwd/../u/.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/cwd/../root/.ssh/id_rsa", D, nil, `cat /proc/$$/cwd/../root/.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/cwd/../root/.ssh/id_rsa (yolo)", Y, nil, `cat /proc/$$/cwd/../root/.ssh/id_rsa`, Ask},
		{"S64 /proc/$PPID/cwd/../../root/.aws/credentials", A, nil, `cat /proc/$PPID/cwd/../../root/.aws/credentials`, Ask},
		{"S64 /proc/$!/root/../x/../u/.ssh/id_rsa", D, nil, `sleep 9 & cat /proc/$!/cwd/x/../../u/.ssh/id_rsa`, Ask},
		{"S64 /proc/$(pgrep x)/cwd/..", D, nil, `cat "/proc/$(pgrep node)/cwd/../root/.ssh/id_rsa"`, Ask},
		{"S64 /proc/*/cwd/..", D, nil, `cat /proc/*/cwd/../root/.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/task/$$/cwd/..", D, nil, `cat /proc/$$/task/$$/cwd/../root/.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/fd/3/../.ssh/id_rsa", D, nil, `cat /proc/$$/fd/3/../.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/cwd/../x (any dir)", D, nil, `cat /proc/$$/cwd/../x`, Ask},
		{"S64 echo > /proc/$$/cwd/../u/.bashrc (yolo)", Y, nil, `echo x > /proc/$$/cwd/../u/.bashrc`, Ask},
		{"S64 already: /proc/1/cwd/../root/.ssh/id_rsa", D, nil, `cat /proc/1/cwd/../root/.ssh/id_rsa`, Ask},
		{"S64 /proc/$$/root/../home/u/.ssh/id_rsa", D, nil, `cat /proc/$$/root/../home/u/.ssh/id_rsa`, Ask},
		{"S64 neighbour: /proc/$$/status", D, nil, `cat /proc/$$/status`, Allow},
		{"S64 neighbour: /proc/$$/root/etc/hostname", D, nil, `cat /proc/$$/root/etc/hostname`, Allow},
		{"S64 $d/../.ssh/id_rsa", D, nil, `cat "$d/../.ssh/id_rsa"`, Ask},
		{"S64 $d/../.aws/credentials (yolo)", Y, nil, `cat "$d/../.aws/credentials"`, Ask},
		{"S64 $d/x/../../.ssh/id_ed25519", D, nil, `cat "$d"/x/../../.ssh/id_ed25519`, Ask},
		{"S64 neighbour: ls /proc/self/fd", D, nil, `ls /proc/self/fd`, Allow},
		{"S64 neighbour: cat /proc/self/status", D, nil, `cat /proc/self/status`, Allow},
		{"S64 neighbour: cat /proc/cpuinfo", D, nil, `cat /proc/cpuinfo`, Allow},
		{"S64 neighbour: cat $d/../x", D, nil, `cat "$d/../README.md"`, Allow},
	})
}

// TestStrayDescriptorS64: cat /proc/1/fd/5 and cat /proc/self/fd/3,
// with nothing on the line opening 3, were allowed: another process's
// descriptor, or one the shell inherited, may be any file (a key the
// agent holds open), where /proc/1/cwd/x already asked. A descriptor
// above stderr that another process holds, or that the line did not
// open (a path to it, or <&5, >&5), is now asked for; stdin, stdout and
// stderr, and the descriptors the line opens (3< f on the command, a
// compound's, an exec's, a named one), pass.
func TestStrayDescriptorS64(t *testing.T) {
	t.Parallel()
	D, K := ModeDefault, ModeDontAsk
	checkDecisions(t, []decisionRow{
		{"S64 cat /proc/1/fd/5", D, nil, `cat /proc/1/fd/5`, Ask},
		{"S64 cat /proc/$PPID/fd/7", D, nil, `cat /proc/$PPID/fd/7`, Ask},
		{"S64 cat /proc/1/fd/$n", D, nil, `cat /proc/1/fd/$n`, Ask},
		{"S64 cat /proc/self/fd/3", D, nil, `cat /proc/self/fd/3`, Ask},
		{"S64 cat /proc/self/fd/3 (dontAsk)", K, nil, `cat /proc/self/fd/3`, Deny},
		{"S64 cat /dev/fd/5", D, nil, `cat /dev/fd/5`, Ask},
		{"S64 cat /proc/thread-self/fd/4", D, nil, `cat /proc/thread-self/fd/4`, Ask},
		{"S64 cat < /dev/fd/9", D, nil, `cat < /dev/fd/9`, Ask},
		{"S64 cat <&5", D, nil, `cat <&5`, Ask},
		{"S64 base64 0<&7", D, nil, `base64 0<&7`, Ask},
		{"S64 cd /dev/fd && cat 5", D, nil, `cd /dev/fd && cat 5`, Ask},
		{"S64 opened after: cat /dev/fd/3; exec 3< f", D, nil, `cat /dev/fd/3; exec 3<README.md`, Ask},
		{"S64 closed: exec 3< f; exec 3<&-; cat /dev/fd/3", D, nil, `exec 3<README.md; exec 3<&-; cat /dev/fd/3`, Ask},
		{"S64 neighbour: cat /dev/stdin", D, nil, `cat /dev/stdin`, Allow},
		{"S64 neighbour: cat /dev/fd/0", D, nil, `cat /dev/fd/0`, Allow},
		{"S64 neighbour: echo > /dev/fd/2", D, nil, `echo x > /dev/fd/2`, Allow},
		{"S64 neighbour: echo >&2", D, nil, `echo x >&2`, Allow},
		{"S64 neighbour: diff <(sort a) <(sort b)", D, nil, `diff <(sort a) <(sort b)`, Allow},
		{"S64 neighbour: exec 3<README.md; cat <&3", D, nil, `exec 3<README.md; cat <&3`, Allow},
		{"S64 neighbour: exec 3<README.md; cat /dev/fd/3", D, nil, `exec 3<README.md; cat /dev/fd/3`, Allow},
		{"S64 neighbour: exec 3>log; echo >&3", D, nil, `exec 3>log; echo hi >&3`, Allow},
		{"S64 neighbour: cat /dev/fd/3 3<README.md", D, nil, `cat /dev/fd/3 3<README.md`, Allow},
		{"S64 neighbour: { cat /dev/fd/3; } 3<README.md", D, nil, `{ cat /dev/fd/3; } 3<README.md`, Allow},
		{"S64 neighbour: while read -u 3 l; done 3<f", D, nil, `while read -u 3 l; do echo "$l"; done 3<README.md`, Allow},
		{"S64 neighbour: swap 3>&1 1>&2 2>&3", D, nil, `{ make 2>&1 1>&3 | grep err; } 3>&1`, Allow},
		{"S64 neighbour: exec {fd}<f; cat /dev/fd/4", D, nil, `exec {fd}<README.md; cat /dev/fd/$fd`, Allow},
		{"S64 neighbour: ls /proc/self/fd", D, nil, `ls /proc/self/fd`, Allow},
		{"S64 neighbour: ls -l /proc/1/fd", D, nil, `ls -l /proc/1/fd`, Allow},
	})
}

// TestWrittenAtHomeS64: a script written to the home directory by its
// path (> /home/u/s.sh) and run by ~ (bash ~/s.sh), or the other way
// round, was not taken for the one the line wrote, as the analysis did
// not know which directory ~ is: in bypassPermissions the script's rm
// -rf ~ ran unasked. The analysis is now given the home, and the line's
// files are compared with ~ made it.
func TestWrittenAtHomeS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 > /home/u/s.sh; bash ~/s.sh (yolo)", Y, nil, `echo 'rm -rf ~' > /home/u/s.sh; bash ~/s.sh`, Deny},
		{"S64 > ~/s.sh; bash /home/u/s.sh (yolo)", Y, nil, `echo 'rm -rf ~' > ~/s.sh; bash /home/u/s.sh`, Deny},
		{"S64 cd ~ && > s.sh; bash /home/u/s.sh (yolo)", Y, nil, `cd ~ && echo 'rm -rf ~' > s.sh; bash /home/u/s.sh`, Deny},
		{"S64 cd /home/u && > s.sh; sh ~/s.sh (yolo)", Y, nil, `cd /home/u && echo 'rm -rf ~' > s.sh; sh ~/s.sh`, Deny},
		{"S64 > /home/u/s.sh; . ~/s.sh", D, nil, `printf 'cat ~/.ssh/id_rsa\n' > /home/u/s.sh; . ~/s.sh`, Ask},
		{"S64 > /home/u/Makefile; make -C ~ (yolo)", Y, nil, `printf 'all:\n\trm -rf ~\n' > /home/u/Makefile; make -C ~`, Deny},
		{"S64 already: > $HOME/s.sh; bash ~/s.sh (yolo)", Y, nil, `echo 'rm -rf ~' > "$HOME/s.sh"; bash ~/s.sh`, Deny},
		{"S64 neighbour: echo 'echo hi' > s.sh; bash s.sh", D, nil, `echo 'echo hi' > s.sh; bash s.sh`, Allow},
		{"S64 neighbour: > /home/u/proj/s.sh; bash ~/proj/s.sh", D, nil, `echo 'echo hi' > /home/u/proj/s.sh; bash ~/proj/s.sh`, Allow},
	})
}

// TestInlineEnvPathS64: inline code that opened a path it read from the
// environment by a name written out (open(os.environ["K"]),
// readFileSync(process.env.K), File.read(ENV["K"])) read a key unasked
// after export K=~/.ssh/id_rsa, or with K=~/.ssh/id_rsa given to the
// command itself, where cat "$K" asks. The path is now the variable's
// value, as the shell's "$K" is.
func TestInlineEnvPathS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	x := `export K=~/.ssh/id_rsa; `
	checkDecisions(t, []decisionRow{
		{"S64 export K; open(os.environ[K])", D, nil, x + `python3 -c 'import os; print(open(os.environ["K"]).read())'`, Ask},
		{"S64 export K; open(os.getenv(K))", D, nil, x + `python3 -c 'import os; print(open(os.getenv("K")).read())'`, Ask},
		{"S64 export K; open(os.environ.get(K, d))", D, nil, x + `python3 -c 'import os; print(open(os.environ.get("K", "x")).read())'`, Ask},
		{"S64 K=… python3 open(os.environ[K])", D, nil, `K=~/.ssh/id_rsa python3 -c 'import os; print(open(os.environ["K"]).read())'`, Ask},
		{"S64 env K=… python3 (yolo)", Y, nil, `env K=$HOME/.aws/credentials python3 -c 'import os; print(open(os.environ["K"]).read())'`, Ask},
		{"S64 export K; readFileSync(process.env.K)", D, nil, x + `node -e 'console.log(require("fs").readFileSync(process.env.K, "utf8"))'`, Ask},
		{"S64 export K; readFileSync(process.env[K])", D, nil, x + `node -e 'console.log(require("fs").readFileSync(process.env["K"], "utf8"))'`, Ask},
		{"S64 export K; perl open < $ENV{K}", D, nil, x + `perl -e 'open(F, "<", $ENV{K}); print <F>'`, Ask},
		{"S64 export K; File.read(ENV[K])", D, nil, x + `ruby -e 'puts File.read(ENV["K"])'`, Ask},
		{"S64 export K; file_get_contents(getenv(K))", D, nil, x + `php -r 'echo file_get_contents(getenv("K"));'`, Ask},
		{"S64 export H; os.remove(os.environ[H]) (yolo)", Y, nil, `export H=.git/hooks/pre-commit; python3 -c 'import os; os.remove(os.environ["H"])'`, Ask},
		{"S64 export B; open(os.environ[B], w) (yolo)", Y, nil, `export B=~/.bashrc; python3 -c 'import os; open(os.environ["B"], "a").write("x")'`, Ask},
		{"S64 already: export K; cat $K", D, nil, x + `cat "$K"`, Ask},
		{"S64 neighbour: export K=README.md; open(os.environ[K])", D, nil, `export K=README.md; python3 -c 'import os; print(open(os.environ["K"]).read())'`, Allow},
		{"S64 neighbour: open(os.environ[K]) unassigned", D, nil, `python3 -c 'import os; print(open(os.environ["CONFIG"]).read())'`, Allow},
		{"S64 neighbour: os.getcwd()", D, nil, `python3 -c "import os; print(os.getcwd())"`, Allow},
		{"S64 neighbour: process.env.HOME", D, nil, `node -e 'console.log(process.env.HOME)'`, Allow},
	})
}

// TestPerlDiamondS64: perl's <> (the -n and -p loops, <ARGV>) opens
// each operand as two-argument open does, so perl -ne print 'rm -rf ~|'
// ran rm -rf ~ unasked in every mode, and '>~/.bashrc' emptied the
// file. Such an operand is now judged as the command it runs or the
// file it writes or reads; -i, which opens them as files, and plain
// names pass.
func TestPerlDiamondS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 perl -ne print 'rm -rf ~|'", D, nil, `perl -ne 'print' 'rm -rf ~|'`, Deny},
		{"S64 perl -pe '' 'rm -rf ~ |' (yolo)", Y, nil, `perl -pe '' 'rm -rf ~ |'`, Deny},
		{"S64 perl -e 'print while <>' '|rm -rf ~'", Y, nil, `perl -e 'print while <>' '| rm -rf ~'`, Deny},
		{"S64 perl -e 'while(<ARGV>)' 'cat ~/.ssh/id_rsa|'", D, nil, `perl -e 'while (<ARGV>) { print }' 'cat ~/.ssh/id_rsa|'`, Ask},
		{"S64 perl -lne print '>~/.bashrc' (yolo)", Y, nil, `perl -lne 'print' '>~/.bashrc'`, Ask},
		{"S64 perl -ne print '>>.git/config' (yolo)", Y, nil, `perl -ne 'print' '>>.git/config'`, Ask},
		{"S64 perl -ne print '<~/.ssh/id_rsa'", D, nil, `perl -ne 'print' '<~/.ssh/id_rsa'`, Ask},
		{"S64 perl script.pl 'rm -rf ~|'", Y, nil, `perl x.pl 'rm -rf ~|'`, Deny},
		{"S64 perl -ne print \"$c|\"", D, nil, `perl -ne 'print' "$c|"`, Ask},
		{"S64 perl open(F, $ARGV[0]) 'rm -rf ~|' (yolo)", Y, nil, `perl -e 'open(F, $ARGV[0]); print <F>' 'rm -rf ~|'`, Ask},
		{"S64 perl open(F, $ENV{K}) (yolo)", Y, nil, `export K='rm -rf ~|'; perl -e 'open(F, $ENV{K}); print <F>'`, Ask},
		{"S64 neighbour: perl open(F, '<', $ARGV[0])", D, nil, `perl -e 'open(F, "<", $ARGV[0]); print <F>' README.md`, Allow},
		{"S64 neighbour: perl -ne print README.md", D, nil, `perl -ne 'print if /x/' README.md`, Allow},
		{"S64 neighbour: perl -pi -e s/a/b/ f", D, nil, `perl -pi -e 's/a/b/' README.md`, Allow},
		{"S64 neighbour: perl -pi -e '' 'x|' opens a file", D, nil, `perl -pi -e '' 'x|'`, Allow},
		{"S64 neighbour: perl -e print 'a|b'", D, nil, `perl -e 'print "@ARGV"' 'a|b|'`, Allow},
		{"S64 neighbour: perl -ne print \"$f\"", D, nil, `perl -ne 'print' "$f"`, Allow},
		{"S64 neighbour: perl -e <<>> 'x|'", D, nil, `perl -e 'print while <<>>' 'x|'`, Allow},
	})
}

// TestArithSubscriptValueS64: bash before 5.2 (macOS's /bin/bash is
// 3.2) expands the subscript of (( a[$k] )) and $(( a[$k] )) once more,
// so with k='$(rm -rf ~)' written on the line rm ran there, allowed. A
// value the line gives such a variable that holds an expansion is now
// too complex to check; plain values, and loops over numbers, pass.
func TestArithSubscriptValueS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 k='$(rm -rf ~)'; (( a[$k] ))", D, nil, `k='$(rm -rf ~)'; (( a[$k] ))`, Ask},
		{"S64 k='$(rm -rf ~)'; echo $(( a[$k] )) (yolo)", Y, nil, `k='$(rm -rf ~)'; echo $(( a[$k] + 1 ))`, Ask},
		{"S64 for k in '`rm -rf ~`'; (( a[${k}]++ ))", D, nil, "for k in '`rm -rf ~`'; do (( a[${k}]++ )); done", Ask},
		{"S64 read k <<< '$(…)'; (( a[$k] ))", D, nil, `read k <<< '$(rm -rf ~)'; (( a[$k] ))`, Ask},
		{"S64 let a[$k]", D, nil, `k='$(rm -rf ~)'; let a[$k]++`, Ask},
		{"S64 neighbour: for k in 1 2; (( a[$k]++ ))", D, nil, `for k in 1 2; do (( a[$k]++ )); done`, Allow},
		{"S64 neighbour: k=1; (( a[$k] ))", D, nil, `k=1; (( a[$k] ))`, Allow},
		{"S64 neighbour: k='$(x)'; echo $k", D, nil, `k='$(rm -rf ~)'; echo "$k"`, Allow},
	})
}

// TestTaskwarriorS64: task is go-task's name and Taskwarrior's. The
// engine takes it for go-task only where a Taskfile it reads may come
// from the line (one written on it) or from outside the project (a
// directory an allow rule does not cover), where the two cannot be told
// apart and go-task would run what the file says; Taskwarrior's
// everyday commands pass.
func TestTaskwarriorS64(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"S64 neighbour: task add x", D, nil, `task add "buy milk" due:tomorrow`, Allow},
		{"S64 neighbour: task list", D, nil, `task list`, Allow},
		{"S64 neighbour: task 1 done", D, nil, `task 1 done`, Allow},
		{"S64 neighbour: task add x (rule)", D, []string{"allow:Bash(task add:*)"}, `task add x`, Allow},
		{"S64 neighbour: task add x after echo > notes", D, nil, `echo hi > notes.txt; task add x`, Allow},
		{"S64 held: > Taskfile.yml; task add", D, nil, `printf 'version: 3\ntasks:\n  add:\n    cmds: [rm -rf ~]\n' > Taskfile.yml; task add x`, Ask},
		{"S64 held: > Taskfile.yml; task", D, nil, `echo 'version: 3' > Taskfile.yml; task`, Ask},
		{"S64 held: task --dir /tmp/x (rule)", D, []string{"allow:Bash(task:*)"}, `task --dir /tmp/x build`, Ask},
	})
}

// TestPrintfVValueS64: printf -v p '%s/.ssh/id_rsa' ~; cat "$p" read
// the key unasked: the value printf -v puts in a variable was not handed
// on as an assignment's is. It now is, when its format and arguments are
// written out or name the home directory.
func TestPrintfVValueS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 printf -v p %s/.ssh/id_rsa ~; cat $p", D, nil, `printf -v p '%s/.ssh/id_rsa' ~; cat "$p"`, Ask},
		{"S64 printf -v p %s/%s $HOME .aws/credentials (yolo)", Y, nil, `printf -v p '%s/%s' "$HOME" .aws/credentials; cat "$p"`, Ask},
		{"S64 printf -vp %s ~; rm -rf $p", D, nil, `printf -vp '%s' ~; rm -rf "$p"`, Deny},
		{"S64 printf -v p -- /home/u/.ssh/%s id_rsa", D, nil, `printf -v p -- '/home/u/.ssh/%s' id_rsa; base64 $p`, Ask},
		{"S64 neighbour: printf -v p %s README.md", D, nil, `printf -v p '%s' README.md; cat "$p"`, Allow},
		{"S64 neighbour: printf -v n %d 3", D, nil, `printf -v n '%03d' 7; echo "$n"`, Allow},
	})
}

// TestPromptCommandS64: PROMPT_COMMAND is a command line an interactive
// bash runs before each prompt, no substitution needed:
// PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null ran rm in
// bypassPermissions, where only its hijack in the other modes asked.
// Its value is now analysed as a nested shell's program.
func TestPromptCommandS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 PROMPT_COMMAND='rm -rf ~' bash -i (yolo)", Y, nil, `PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null`, Deny},
		{"S64 export PROMPT_COMMAND=…; bash -i (yolo)", Y, nil, `export PROMPT_COMMAND="rm -rf ~"; bash -i < /dev/null`, Deny},
		{"S64 PROMPT_COMMAND=cat key (yolo)", Y, nil, `PROMPT_COMMAND='cat ~/.ssh/id_rsa' bash -i < /dev/null`, Ask},
		{"S64 PROMPT_COMMAND[1]=… (yolo)", Y, nil, `PROMPT_COMMAND[1]='rm -rf ~'; export PROMPT_COMMAND; bash -i </dev/null`, Deny},
		{"S64 PROMPT_COMMAND=$x (yolo)", Y, nil, `PROMPT_COMMAND="$x" bash -i < /dev/null`, Ask},
		{"S64 PROMPT_COMMAND=rm\\ -rf\\ ~ (yolo)", Y, nil, `PROMPT_COMMAND=rm\ -rf\ ~ bash -i < /dev/null`, Deny},
		{"S64 nested: PROMPT_COMMAND in PROMPT_COMMAND (yolo)", Y, nil, `PROMPT_COMMAND="PROMPT_COMMAND='rm -rf ~' bash -i" bash -i < /dev/null`, Deny},
		{"S64 already: PROMPT_COMMAND=… bash -i", D, nil, `PROMPT_COMMAND='echo hi' bash -i < /dev/null`, Ask},
		{"S64 neighbour: PROMPT_COMMAND='echo hi' bash -i (yolo)", Y, nil, `PROMPT_COMMAND='echo hi' bash -i < /dev/null`, Allow},
	})
}

// TestCommandVarsS64: LESSOPEN='|rm -rf ~ %s' less f, PAGER='rm -rf ~'
// man ls and kin ran rm in bypassPermissions: their value is a command
// line the program runs through a shell, and setting them was only a
// hijack, which that mode lets through. Their values are now analysed
// as PROMPT_COMMAND's is; a pager that is one passes.
func TestCommandVarsS64(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 LESSOPEN='|rm -rf ~ %s' less", Y, nil, `LESSOPEN='|rm -rf ~ %s' less README.md`, Deny},
		{"S64 export LESSOPEN=cat key", Y, nil, `export LESSOPEN='cat ~/.ssh/id_rsa > x; echo %s'; less README.md`, Ask},
		{"S64 LESSCLOSE=rm", Y, nil, `LESSCLOSE='rm -rf ~ %s %s' less README.md`, Deny},
		{"S64 PAGER=rm man", Y, nil, `PAGER='rm -rf ~' man ls`, Deny},
		{"S64 MANPAGER=rm man", Y, nil, `MANPAGER='rm -rf ~' man ls`, Deny},
		{"S64 SYSTEMD_PAGER=rm", Y, nil, `SYSTEMD_PAGER='rm -rf ~' systemctl status`, Deny},
		{"S64 BROWSER=rm", Y, nil, `BROWSER='rm -rf ~' xdg-open x`, Deny},
		{"S64 PAGER=$x man", Y, nil, `PAGER="$x" man ls`, Ask},
		{"S64 neighbour: PAGER=cat man ls", Y, nil, `PAGER=cat man ls`, Allow},
		{"S64 neighbour: MANPAGER='less -R' man ls", Y, nil, `MANPAGER='less -R' man ls`, Allow},
	})
}

// TestSetPositionalS64: set -- ~/.ssh/id_rsa; cat "$1" read the key
// unasked, where f ~/.ssh/id_rsa with f() { cat "$1"; } asks: the
// positional parameters set gives were not handed on as assigned
// values are. Every word it sets is now handed to $1…$9, $@ and $*
// (shift moves them), and $* the words joined too.
func TestSetPositionalS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 set -- key; cat $1", D, nil, `set -- ~/.ssh/id_rsa; cat "$1"`, Ask},
		{"S64 set -- key; cat $@ (yolo)", Y, nil, `set -- ~/.ssh/id_rsa; cat "$@"`, Ask},
		{"S64 set -- x key; shift; cat $1", D, nil, `set -- x ~/.ssh/id_rsa; shift; cat "$1"`, Ask},
		{"S64 set -e -- key; base64 ${1}", D, nil, `set -e -- ~/.aws/credentials; base64 ${1}`, Ask},
		{"S64 set - key; cat $1", D, nil, `set - $HOME/.ssh/id_rsa; cat $1`, Ask},
		{"S64 set -- ~; rm -rf $1", D, nil, `set -- ~; rm -rf "$1"`, Deny},
		{"S64 IFS=/; set -- root .ssh id_rsa; cat /$* (yolo)", Y, nil, `IFS=/; set -- home u .ssh id_rsa; cat "/$*"`, Ask},
		{"S64 neighbour: set -- README.md; cat $1", D, nil, `set -- README.md; cat "$1"`, Allow},
		{"S64 neighbour: set -euo pipefail; cat $1", D, nil, `set -euo pipefail; cat "$1"`, Allow},
		{"S64 neighbour: set -- a b; for f; do echo $f; done", D, nil, `set -- a b; for f; do echo "$f"; done`, Allow},
	})
}

// TestWrittenNamesReadBackS64: names an echo wrote to a file and read
// back by a cat of it (cat $(cat l), cat l | xargs cat, cat s | bash)
// or by xargs -a l reached the command unjudged, where xargs cat < l
// already asked. A cat of a file the line wrote now prints its text as
// a cat of a here-document does, and xargs's -a file feeds it as its
// input does.
func TestWrittenNamesReadBackS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	k := `echo ~/.ssh/id_rsa > l; `
	checkDecisions(t, []decisionRow{
		{"S64 cat $(cat l)", D, nil, k + `cat $(cat l)`, Ask},
		{"S64 cat \"$(cat < l)\"", D, nil, k + `cat "$(cat < l)"`, Ask},
		{"S64 cat l | xargs cat", D, nil, k + `cat l | xargs cat`, Ask},
		{"S64 xargs -a l cat", D, nil, k + `xargs -a l cat`, Ask},
		{"S64 xargs --arg-file=l rm (yolo)", Y, nil, `echo .git/hooks/pre-commit > l; xargs --arg-file=l rm`, Ask},
		{"S64 cat s | bash (yolo)", Y, nil, `echo 'rm -rf ~' > s; cat s | bash`, Deny},
		{"S64 cat $(head -1 l)", D, nil, k + `cat $(head -1 l)`, Ask},
		{"S64 sort l | xargs cat", D, nil, k + `sort -u l | xargs cat`, Ask},
		{"S64 neighbour: head -n 5 l of README.md", D, nil, `echo README.md > l; cat $(head -n 5 l)`, Allow},
		{"S64 neighbour: cat $(cat l) of README.md", D, nil, `echo README.md > l; cat $(cat l)`, Allow},
		{"S64 neighbour: xargs -a l wc", D, nil, `git ls-files > l; xargs -a l wc -l`, Allow},
		{"S64 neighbour: echo hi > s; cat s | bash", D, nil, `echo 'echo hi' > s; cat s | bash`, Allow},
	})
}

// TestDefaultAssignS64: : ${k:=~/.ssh/id_rsa}; cat "$k" read the key
// unasked: the value ${name:=word} gives a variable was not handed on
// as an assignment's is. It now is, beside the values it may have had.
func TestDefaultAssignS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S64 : ${k:=key}; cat $k", D, nil, `: ${k:=~/.ssh/id_rsa}; cat "$k"`, Ask},
		{"S64 : ${k=key}; cat $k (yolo)", Y, nil, `: "${k=$HOME/.aws/credentials}"; cat "$k"`, Ask},
		{"S64 echo ${d:=~}; rm -rf $d", D, nil, `echo "${d:=~}"; rm -rf "$d"`, Deny},
		{"S64 neighbour: : ${k:=README.md}; cat $k", D, nil, `: ${k:=README.md}; cat "$k"`, Allow},
	})
}

// TestWrittenScriptWaysS64: a script the line wrote ran unjudged when
// it was written by its absolute path and run by a relative one (or
// from a subshell's cd to the same place, or as ~+/s.sh, "$PWD/s.sh"),
// when a compound command wrote it ({ echo …; } > s.sh, a loop's
// output), or when cp copied it from a here-string on its input (cp
// /dev/stdin s.sh <<< 'rm -rf ~'). The analysis now knows the working
// directory the line starts in, a compound's output is a text not
// known, and a copy of its input is what feeds it.
func TestWrittenScriptWaysS64(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	r := `echo 'rm -rf ~' > `
	checkDecisions(t, []decisionRow{
		{"S64 > /home/u/proj/s.sh; bash ./s.sh", D, nil, r + `/home/u/proj/s.sh; bash ./s.sh`, Deny},
		{"S64 > s.sh; bash /home/u/proj/s.sh (yolo)", Y, nil, r + `s.sh; bash /home/u/proj/s.sh`, Deny},
		{"S64 > s.sh; bash ~+/s.sh", D, nil, r + `s.sh; bash ~+/s.sh`, Deny},
		{"S64 > s.sh; bash $PWD/s.sh", D, nil, r + `s.sh; bash "$PWD/s.sh"`, Deny},
		{"S64 > s.sh; (cd /home/u/proj && bash s.sh)", D, nil, r + `s.sh; (cd /home/u/proj && bash s.sh)`, Deny},
		{"S64 cd sub; > ../s.sh; cd .. && bash s.sh", D, nil, `cd sub && echo 'rm -rf ~' > ../s.sh; cd .. && bash s.sh`, Deny},
		{"S64 { echo; } > s.sh; bash s.sh", D, nil, `{ echo 'rm -rf ~'; } > s.sh; bash s.sh`, Ask},
		{"S64 (echo) > s.sh; bash s.sh (yolo)", Y, nil, `(echo 'rm -rf ~') > s.sh; bash s.sh`, Ask},
		{"S64 for …; done > s.sh; bash s.sh", D, nil, `for x in 1; do echo 'rm -rf ~'; done > s.sh; bash s.sh`, Ask},
		{"S64 cp /dev/stdin s.sh <<< …; bash s.sh", D, nil, `cp /dev/stdin s.sh <<< 'rm -rf ~'; bash s.sh`, Deny},
		{"S64 cp /dev/fd/3 s.sh; bash s.sh (yolo)", Y, nil, `cp /dev/fd/0 s.sh < x; bash s.sh`, Ask},
		{"S64 neighbour: > /home/u/proj/s.sh echo hi; bash ./s.sh", D, nil, `echo 'echo hi' > /home/u/proj/s.sh; bash ./s.sh`, Allow},
		{"S64 neighbour: cp /dev/stdin s.sh <<< 'echo hi'; bash s.sh", D, nil, `cp /dev/stdin s.sh <<< 'echo hi'; bash s.sh`, Allow},
		{"S64 neighbour: { echo a; } > out.txt; cat out.txt", D, nil, `{ echo a; echo b; } > out.txt; cat out.txt`, Allow},
	})
}

// TestWrittenScriptGlobS64: echo 'rm -rf ~' > s.sh; bash *.sh ran the
// script unjudged: a glob naming the file was not matched with the
// files the line wrote. Each written file a glob among the words
// matches is now judged as if named.
func TestWrittenScriptGlobS64(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"S64 > s.sh; bash *.sh", D, nil, `echo 'rm -rf ~' > s.sh; bash *.sh`, Deny},
		{"S64 > s.sh; bash s?sh", D, nil, `echo 'rm -rf ~' > s.sh; bash s?sh`, Deny},
		{"S64 > s.sh; . ./[s].sh", D, nil, `echo 'cat ~/.ssh/id_rsa' > s.sh; . ./[s].sh`, Ask},
		{"S64 neighbour: > s.sh echo hi; bash *.sh", D, nil, `echo 'echo hi' > s.sh; bash *.sh`, Allow},
		{"S64 neighbour: bash *.sh", D, nil, `bash *.sh`, Allow},
	})
}
