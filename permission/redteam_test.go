package permission

import "testing"

// TestRedTeamDecisions holds one row per attack a red-team review found
// allowed (each was Allow before its fix), next to a harmless neighbour
// that must keep its decision. testEnv: project /home/u/proj, home /home/u.
func TestRedTeamDecisions(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	tests := []struct {
		name  string
		mode  Mode
		rules []string
		cmd   string
		want  Decision
	}{
		// C1: source and . read a program from a here-string or document.
		{"C1 . /dev/stdin here-string", D, nil, `. /dev/stdin <<<"rm -rf /"`, Deny},
		{"C1 source /dev/stdin", D, nil, `source /dev/stdin <<<"rm -rf /"`, Deny},
		{"C1 . /dev/fd/0", D, nil, `. /dev/fd/0 <<<"rm -rf /"`, Deny},
		{"C1 . /proc/self/fd/0", D, nil, `. /proc/self/fd/0 <<<"rm -rf /"`, Deny},
		{"C1 . /dev/stdin here-doc", Y, nil, ". /dev/stdin <<'E'\nrm -rf /\nE", Deny},
		{"C1 piped to source /dev/fd/0", D, nil, `echo "rm -rf /" | source /dev/fd/0`, Ask},
		{"C1 neighbour: harmless here-string", D, nil, `. /dev/stdin <<<"echo hi"`, Allow},
		{"C1 neighbour: source a file", D, nil, `source ./env.sh`, Allow},
		// C2: a shell reading its script from a descriptor.
		{"C2 bash /dev/fd/3", D, nil, "bash 3<<E /dev/fd/3\nrm -rf /\nE", Deny},
		{"C2 bash /proc/self/fd/3", Y, nil, "bash /proc/self/fd/3 3<<E\nrm -rf /\nE", Deny},
		{"C2 unknown feed", D, nil, "bash /dev/fd/3", Ask},
		{"C2 neighbour: harmless doc", D, nil, "bash 3<<E /dev/fd/3\necho hi\nE", Allow},
		// C3: xargs feeding a -c string or a placeholder.
		{"C3 xargs -I % sh -c %", D, nil, `echo "rm -rf /" | xargs -I % sh -c %`, Ask},
		{"C3 xargs -I{} here-string", D, nil, `xargs -I{} sh -c {} <<<"rm -rf /"`, Ask},
		{"C3 xargs sh -c", D, nil, `echo "rm -rf /" | xargs sh -c`, Ask},
		{"C3 xargs git {}", D, nil, `echo push | xargs -I{} git {}`, Ask},
		{"C3 neighbour: literal -c", D, nil, `echo a | xargs sh -c "echo hi"`, Allow},
		// C4: time -- CMD.
		{"C4 time --", Y, nil, `time -- rm -rf /`, Deny},
		{"C4 time -p --", Y, nil, `time -p -- rm -rf /`, Deny},
		{"C4 neighbour", D, nil, `time -p -- ls`, Allow},
		// C5: wrapper options with arguments, and new wrappers.
		{"C5 strace --output", Y, nil, `strace --output /tmp/x rm -rf /`, Deny},
		{"C5 strace -e", Y, nil, `strace -e trace=all rm -rf /`, Deny},
		{"C5 unshare --wd", Y, nil, `unshare --wd /tmp rm -rf /`, Deny},
		{"C5 sudo -R", Y, nil, `sudo -R /x rm -rf /`, Deny},
		{"C5 env -a", Y, nil, `env -a x rm -rf /`, Deny},
		{"C5 fakeroot", Y, nil, `fakeroot rm -rf /`, Deny},
		{"C5 xvfb-run", Y, nil, `xvfb-run -a rm -rf /`, Deny},
		{"C5 valgrind", Y, nil, `valgrind --tool=memcheck rm -rf /`, Deny},
		{"C5 gdb --args", Y, nil, `gdb --args rm -rf /`, Deny},
		{"C5 bwrap", Y, nil, `bwrap --bind / / rm -rf /`, Deny},
		{"C5 systemd-run", Y, nil, `systemd-run --user rm -rf /`, Deny},
		{"C5 sg", Y, nil, `sg wheel "rm -rf /"`, Deny},
		{"C5 arch", Y, nil, `arch -arm64 rm -rf /`, Deny},
		{"C5 sandbox-exec", Y, nil, `sandbox-exec -p x rm -rf /`, Deny},
		{"C5 nsenter", Y, nil, `nsenter -t 1 -m rm -rf /`, Deny},
		{"C5 firejail", Y, nil, `firejail --noprofile rm -rf /`, Deny},
		{"C5 caffeinate", Y, nil, `caffeinate -i rm -rf /`, Deny},
		{"C5 ssh-agent", Y, nil, `ssh-agent rm -rf /`, Deny},
		{"C5 dbus-launch", Y, nil, `dbus-launch rm -rf /`, Deny},
		{"C5 catchsegv", Y, nil, `catchsegv rm -rf /`, Deny},
		{"C5 unknown wrapper option", D, nil, `strace -Q ls`, Ask},
		{"C5 neighbour: env -C ls", D, nil, `env -C /tmp ls`, Allow},
		{"C5 neighbour: gdb a program", D, nil, `gdb ./prog`, Allow},
		// C6: hash -p, enable -f.
		{"C6 hash -p", D, nil, `hash -p /bin/rm r; r -rf x`, Ask},
		{"C6 enable -f", D, nil, `enable -f x.so foo`, Ask},
		{"C6 neighbour: hash -r", D, nil, `hash -r`, Allow},
		// C8: ~user.
		{"C8 ~root read vs deny rule", D, []string{"deny:Read(~/.ssh/**)"}, `cat ~root/.ssh/id_rsa`, Deny},
		{"C8 rm ~root", Y, nil, `rm -rf ~root`, Deny},
		{"C8 rm ~root/", Y, nil, `rm -rf ~root/`, Deny},
		{"C8 rm ~-", Y, nil, `rm -rf ~-`, Deny},
		{"C8 neighbour: rm below ~root", D, nil, `rm -rf ~root/tmp/x`, Ask},
		{"C8 neighbour: cat README", D, []string{"deny:Read(~/.ssh/**)"}, `cat README.md`, Allow},
		// H3: critical rm variants, Deny in every mode.
		{"H3 braces", Y, nil, `rm -rf /{usr,etc}`, Deny},
		{"H3 braces with /", Y, nil, `rm -rf {/,x}`, Deny},
		{"H3 /*/", Y, nil, `rm -rf /*/`, Deny},
		{"H3 ~/*/", Y, nil, `rm -rf ~/*/`, Deny},
		{"H3 /usr/*/", Y, nil, `rm -rf /usr/*/`, Deny},
		{"H3 $PWD", Y, nil, `rm -rf $PWD`, Deny},
		{"H3 ~+", Y, nil, `rm -rf ~+`, Deny},
		{"H3 /proc/self/root", Y, nil, `rm -rf /proc/self/root/usr`, Deny},
		{"H3 /proc/1/root", Y, nil, `rm -rf /proc/1/root/`, Deny},
		{"H3 find -exec sudo rm", Y, nil, `find / -exec sudo rm -rf {} +`, Deny},
		{"H3 find -name * -delete", Y, nil, `find / -name "*" -delete`, Deny},
		{"H3 /u*", Y, nil, `rm -rf /u*`, Deny},
		{"H3 /[u]sr", Y, nil, `rm -rf /[u]sr`, Deny},
		{"H3 /usr/local", Y, nil, `rm -rf /usr/local`, Deny},
		{"H3 /usr/bin", Y, nil, `rm -rf /usr/bin`, Deny},
		{"H3 /private/etc", Y, nil, `rm -rf /private/etc`, Deny},
		{"H3 /private/var", Y, nil, `rm -rf /private/var`, Deny},
		{"H3 neighbour: braces in project", Y, nil, `rm -rf {a,b}`, Allow},
		{"H3 neighbour: $PWD/build", D, nil, `rm -rf $PWD/build`, Ask},
		{"H3 neighbour: glob in project", D, nil, `rm -rf *.o`, Ask},
		{"H3 neighbour: filtered find", D, nil, `find . -name "*.o" -exec sudo rm -f {} +`, Ask},
		// H2: git global options before the subcommand.
		{"H2 git -C . push", Y, []string{"deny:Bash(git push:*)"}, `git -C . push`, Deny},
		{"H2 git --no-pager push", Y, []string{"deny:Bash(git push:*)"}, `git --no-pager push origin main`, Deny},
		{"H2 git -c a=b push", Y, []string{"deny:Bash(git push:*)"}, `git -c a=b push`, Deny},
		{"H2 git --git-dir=x push", Y, []string{"deny:Bash(git push:*)"}, `git --git-dir=x push`, Deny},
		{"H2 git --work-tree=. push", Y, []string{"deny:Bash(git push:*)"}, `git --work-tree=. push`, Deny},
		{"H2 git -P push", Y, []string{"deny:Bash(git push:*)"}, `git -P push`, Deny},
		{"H2 git --exec-path=x push", Y, []string{"deny:Bash(git push:*)"}, `git --exec-path=x push`, Deny},
		{"H2 sudo git -C . push", Y, []string{"deny:Bash(git push:*)"}, `sudo git -C . push`, Deny},
		{"H2 ask rule", Y, []string{"ask:Bash(git push *)"}, `git -C . push x`, Ask},
		{"H2 git --config-env alias", D, nil, `git --config-env=alias.x=V x`, Ask},
		{"H2 neighbour: git -C . status", Y, []string{"deny:Bash(git push:*)"}, `git -C . status`, Allow},
		// H4: git and parallel running commands and shell programs.
		{"H4 git bisect run", D, nil, `git bisect run rm -rf /`, Deny},
		{"H4 git bisect run bypass", Y, nil, `git bisect run rm -rf /`, Deny},
		{"H4 git -C . bisect run sudo", Y, nil, `git -C . bisect run sudo rm -rf /`, Deny},
		{"H4 git bisect run shell string", Y, nil, `git bisect run "make && rm -rf /"`, Deny},
		{"H4 git rebase --exec", D, nil, `git rebase --exec "rm -rf /" HEAD~1`, Deny},
		{"H4 git rebase --exec=", Y, nil, `git rebase --exec="rm -rf /" HEAD~1`, Deny},
		{"H4 git rebase --exe", Y, nil, `git rebase --exe "rm -rf /" HEAD~1`, Deny},
		{"H4 git rebase -x", Y, nil, `git rebase -x "rm -rf /" HEAD~1`, Deny},
		{"H4 git rebase -ix", Y, nil, `git rebase -ix "rm -rf /" HEAD~1`, Deny},
		{"H4 git rebase -x non-literal", D, nil, `git rebase -x "$CMD" HEAD~1`, Ask},
		{"H4 git submodule foreach", D, nil, `git submodule foreach "rm -rf /"`, Deny},
		{"H4 git submodule foreach --recursive", Y, nil, `git submodule foreach --recursive "rm -rf /"`, Deny},
		{"H4 git submodule --quiet foreach words", Y, nil, `git submodule --quiet foreach rm -rf /`, Deny},
		{"H4 git submodule foreach non-literal", D, nil, `git submodule foreach "$X"`, Ask},
		{"H4 parallel ::: program", D, nil, `parallel ::: "rm -rf /"`, Deny},
		{"H4 parallel ::: program bypass", Y, nil, `parallel ::: "echo hi" "rm -rf /"`, Deny},
		{"H4 parallel ::: non-literal", D, nil, `parallel ::: "$X"`, Ask},
		{"H4 parallel :::: file of programs", D, nil, `parallel :::: cmds.txt`, Ask},
		{"H4 parallel CMD ::: ARG", D, nil, `parallel rm -rf ::: /`, Deny},
		{"H4 parallel CMD ::: a ::: ARG", Y, nil, `parallel -j2 rm -rf ::: a ::: /`, Deny},
		{"H4 parallel CMD :::+", Y, nil, `parallel rm -rf ::: a :::+ /`, Deny},
		{"H4 parallel shell command word", Y, nil, `parallel "rm -rf /" ::: a`, Ask},
		{"H4 parallel argument meets a deny rule", D, []string{"deny:Bash(npm publish:*)"}, `parallel npm ::: test publish`, Deny},
		{"H4 neighbour: git bisect run make test", D, nil, `git bisect run make test`, Allow},
		{"H4 neighbour: git rebase -i", D, nil, `git rebase -i HEAD~3`, Allow},
		{"H4 neighbour: git rebase --exec make", D, nil, `git rebase --exec "make test" HEAD~3`, Allow},
		{"H4 neighbour: git submodule update", D, nil, `git submodule update --init --recursive`, Allow},
		{"H4 neighbour: git submodule foreach git status", D, nil, `git submodule foreach git status`, Allow},
		{"H4 neighbour: parallel echo", D, nil, `parallel echo ::: a b`, Allow},
		{"H4 neighbour: parallel ::: programs", D, nil, `parallel ::: "echo hi" ls`, Allow},
		{"H4 neighbour: parallel npm test", D, []string{"deny:Bash(npm publish:*)"}, `parallel npm test ::: a b`, Allow},
		// R1: builtin and command in front of a builtin that evaluates
		// subscripts or declared arrays.
		{"R1 builtin let", D, nil, `builtin let 'a[$(touch M)]=1'`, Ask},
		{"R1 builtin builtin let", D, nil, `builtin builtin let 'a[$(touch M)]=1'`, Ask},
		{"R1 command -p let", D, nil, `command -p let 'a[$(touch M)]=1'`, Ask},
		{"R1 builtin printf -v", D, nil, `builtin printf -v 'a[$(touch M)]' x`, Ask},
		{"R1 command [ -v", D, nil, `command [ -v 'a[$(touch M)]' ]`, Ask},
		{"R1 builtin test -v", D, nil, `builtin test -v 'a[$(touch M)]'`, Ask},
		{"R1 builtin read", D, nil, `builtin read 'a[$(touch M)]' <<< x`, Ask},
		{"R1 command typeset -a", D, nil, `command typeset -a x='($(touch M))'`, Ask},
		{"R1 builtin declare -a", D, nil, `builtin declare -a x='($(touch M))'`, Ask},
		{"R1 neighbour: builtin printf", D, nil, `builtin printf '%s\n' 'a[1]'`, Allow},
		{"R1 neighbour: command -v let", D, nil, `command -v let`, Allow},
		// R2: a literal subscript that reaches arithmetic through a
		// variable.
		{"R2 for item, let", D, nil, `for x in 'a[$(touch M)]'; do let x; done`, Ask},
		{"R2 for item, $((x))", D, nil, `for x in 'a[$(touch M)]'; do echo $((x)); done`, Ask},
		{"R2 for item, backquotes", D, nil, "for x in 'a[`touch M`]'; do let x; done", Ask},
		{"R2 for item, glob-looking", D, nil, `for x in a[\$\(touch\ M\)]; do let x; done`, Ask},
		{"R2 set --", D, nil, `set -- 'a[$(touch M)]'; let "$1"`, Ask},
		{"R2 function argument", D, nil, `f() { let "$1"; }; f 'a[$(touch M)]'`, Ask},
		{"R2 here-string", D, nil, `read x <<< 'a[$(touch M)]'; echo $((x))`, Ask},
		{"R2 here-document", D, nil, "read x <<'E'\na[$(touch M)]\nE\necho $((x))", Ask},
		{"R2 ${x=}", D, nil, `: ${x='a[$(touch M)]'}; echo $((x))`, Ask},
		{"R2 ${x:=}", D, nil, `: ${x:='a[$(touch M)]'}; let x`, Ask},
		{"R2 ${x:-} into a variable", D, nil, `x=${y:-'a[$(touch M)]'}; let x`, Ask},
		{"R2 prompt expansion in a subscript", D, nil, `y='\$(touch M)'; for x in 'a[${y@P}]'; do let x; done`, Ask},
		{"R2 neighbour: awk program", D, nil, `awk '{count[$(NF)]++} END {print}' f`, Allow},
		{"R2 neighbour: awk print", D, nil, `awk '{print $1}' f`, Allow},
		{"R2 neighbour: grep class", D, nil, `grep 'a[0-9]' f`, Allow},
		{"R2 neighbour: echo $(date)", D, nil, `echo $(date)`, Allow},
		{"R2 neighbour: sed class", D, nil, `sed 's/[$]x/y/' f`, Allow},
		{"R2 neighbour: for over words", D, nil, `for x in 'a[1]' b; do echo "$x"; done`, Allow},
		{"R2 neighbour: commit message", D, nil, "git commit -m 'fix: handle [x] in `foo()`'", Allow},
		// R5: set -k makes NAME=value words after the name assignments.
		{"R5 set -k", D, nil, `set -k; bash -c : BASH_ENV=/dev/stdin <<< 'touch M'`, Ask},
		{"R5 set -o keyword", D, nil, `set -o keyword; bash -c : BASH_ENV=/dev/stdin <<< 'touch M'`, Ask},
		{"R5 set -ek", D, nil, `set -ek; true`, Ask},
		{"R5 set $opt", D, nil, `set $opt; true`, Ask},
		{"R5 bash -k", D, nil, `bash -k -c 'bash -c : BASH_ENV=/dev/stdin'`, Ask},
		{"R5 neighbour: set -e", D, nil, `set -e; true`, Allow},
		{"R5 neighbour: set -euo pipefail", D, nil, `set -euo pipefail; true`, Allow},
		{"R5 neighbour: set -- args", D, nil, `set -- -k x; echo "$1"`, Allow},
		{"R5 neighbour: bash -c with k", D, nil, `bash -c 'echo k' -k`, Allow},
		// R7: a program read from a descriptor fed by a process
		// substitution.
		{"R7 bash /dev/fd/3", D, nil, `bash /dev/fd/3 3< <(echo touch M)`, Ask},
		{"R7 source /dev/fd/3", D, nil, `source /dev/fd/3 3< <(echo touch M)`, Ask},
		{"R7 . /dev/fd/3", D, nil, `. /dev/fd/3 3< <(echo touch M)`, Ask},
		{"R7 bash /proc/self/fd/3", D, nil, `bash /proc/self/fd/3 3< <(echo touch M)`, Ask},
		{"R7 bash /dev/fd/3 from a variable file", D, nil, `bash /dev/fd/3 3< "$f"`, Ask},
		{"R7 neighbour: bash script", D, nil, `bash ./script.sh`, Allow},
		{"R7 neighbour: bash /dev/fd/3 from a file", D, nil, `bash /dev/fd/3 3< ./script.sh`, Allow},
		{"R7 neighbour: literal here-string", D, nil, `sh /dev/fd/4 4<<<'echo hi'`, Allow},
		// R8: programs that run a command given in an option or script.
		{"R8 capsh", D, nil, `capsh -- -c 'touch M'`, Ask},
		{"R8 start-stop-daemon", D, nil, `start-stop-daemon --start --exec /bin/touch -- M`, Ask},
		{"R8 ssh ProxyCommand", D, nil, `ssh -o ProxyCommand='touch M' host`, Ask},
		{"R8 ssh -oProxyCommand", D, nil, `ssh -oProxyCommand='touch M' host`, Ask},
		{"R8 ssh proxycommand spaced", D, nil, `ssh -o 'proxycommand touch M' host`, Ask},
		{"R8 ssh LocalCommand", D, nil, `ssh -o LocalCommand='touch M' -o PermitLocalCommand=yes host`, Ask},
		{"R8 ssh -F", D, nil, `ssh -F ./cfg host`, Ask},
		{"R8 scp -S", D, nil, `scp -S ./prog a host:b`, Ask},
		{"R8 rsync -e", D, nil, `rsync -e 'sh -c "touch M"' a host:b`, Ask},
		{"R8 rsync -e ssh ProxyCommand", D, nil, `rsync -e 'ssh -o ProxyCommand=x' a host:b`, Ask},
		{"R8 tar checkpoint exec", D, nil, `tar --checkpoint=1 --checkpoint-action=exec='touch M' -cf /dev/null .`, Ask},
		{"R8 tar --to-command", D, nil, `tar --to-command='touch M' -xf a.tar`, Ask},
		{"R8 tar --to-com abbreviated", D, nil, `tar --to-com='touch M' -xf a.tar`, Ask},
		{"R8 tar --use-compress-program", D, nil, `tar --use-compress-program='touch M' -xf a.tar`, Ask},
		{"R8 tar -I", D, nil, `tar -I 'touch M' -xf a.tar`, Ask},
		{"R8 tar old-style I", D, nil, `tar xIf 'touch M' a.tar`, Ask},
		{"R8 sed s///e", D, nil, `sed 's/x/touch M/e' f`, Ask},
		{"R8 sed s|||e", D, nil, `sed 's|x|y|e' f`, Ask},
		{"R8 sed -e s///ge", D, nil, `sed -e 's/x/y/ge' f`, Ask},
		{"R8 sed e command", D, nil, `sed '1e touch M' f`, Ask},
		{"R8 sed -n e command", D, nil, `sed -n 'e touch M' f`, Ask},
		{"R8 sed e after a regex address", D, nil, `sed '/x/e touch M' f`, Ask},
		{"R8 sed --expression=", D, nil, `sed --expression='1e touch M' f`, Ask},
		{"R8 make --eval", D, nil, `make --eval='x:;touch M' x`, Ask},
		{"R8 make -E", D, nil, `make -E 'x:;touch M' x`, Ask},
		{"R8 neighbour: ssh", D, nil, `ssh -o StrictHostKeyChecking=no -p 22 host uptime`, Allow},
		{"R8 neighbour: rsync -e ssh", D, nil, `rsync -av -e 'ssh -p 2222' a host:b`, Allow},
		{"R8 neighbour: tar", D, nil, `tar -czf a.tgz --checkpoint=100 --checkpoint-action=dot src`, Allow},
		{"R8 neighbour: sed s/e/x/", D, nil, `sed 's/e/x/' f`, Allow},
		{"R8 neighbour: sed s/e/x/g", D, nil, `sed 's/e/x/g' f`, Allow},
		{"R8 neighbour: sed two scripts", D, nil, `sed -e 's/foo/bar/' -e 's/e/E/' f`, Allow},
		{"R8 neighbour: sed print", D, nil, `sed -n '/re/p;/e/d' f`, Allow},
		{"R8 neighbour: sed y and a", D, nil, `sed -e 'y/abc/xyz/' -e '1a echo' -e '$!N' f`, Allow},
		{"R8 neighbour: sed with escaped delimiter", D, nil, `sed 's/a\/e/b/g' f`, Allow},
		{"R8 neighbour: make", D, nil, `make -j4 test`, Allow},
		{"R8 TAR_OPTIONS", D, nil, `TAR_OPTIONS=--to-command=M tar -xf a.tar`, Ask},
		{"R8 RSYNC_RSH", D, nil, `RSYNC_RSH='sh -c M' rsync a host:b`, Ask},
		// R3: /proc links to directories the kernel follows.
		{"R3 cat /proc/self/root vs deny rule", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/self/root/home/u/.ssh/id_rsa`, Deny},
		{"R3 cat /proc/self/root credentials", Y, nil, `cat /proc/self/root/home/u/.ssh/id_rsa`, Ask},
		{"R3 cat /proc/thread-self/root", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/thread-self/root/home/u/.ssh/id_rsa`, Deny},
		{"R3 cat /proc/1/root", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/1/root/home/u/.ssh/id_rsa`, Deny},
		{"R3 cat /proc/self/task/1/root", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/self/task/1/root/home/u/.ssh/id_rsa`, Deny},
		{"R3 /proc/self/root/proc/self/root", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/self/root/proc/self/root/home/u/.ssh/x`, Deny},
		{"R3 /proc/self/root with $HOME", D, []string{"deny:Read(~/.ssh/**)"}, `cat /proc/self/root$HOME/.ssh/id_rsa`, Deny},
		{"R3 cat /proc/self/cwd vs deny rule", D, []string{"deny:Read(./secret/**)"}, `cat /proc/self/cwd/secret/x`, Deny},
		{"R3 write through /proc/self/cwd", D, []string{"deny:Edit(/infra/**)"}, `echo x > /proc/self/cwd/infra/x`, Deny},
		{"R3 write through /proc/1/cwd", D, []string{"deny:Edit(/infra/**)"}, `echo x > /proc/1/cwd/infra/x`, Deny},
		{"R3 cat through /proc/1/cwd", D, nil, `cat /proc/1/cwd/x`, Ask},
		{"R3 cat through /proc/1/cwd credentials", Y, nil, `cat /proc/1/cwd/home/u/.ssh/id_rsa`, Ask},
		{"R3 cat through /dev/fd/3", D, nil, `cat /dev/fd/3/x`, Ask},
		{"R3 cat through /proc/self/fd/3", D, nil, `cat /proc/self/fd/3/x`, Ask},
		{"R3 rm -rf /proc/1/cwd", Y, nil, `rm -rf /proc/1/cwd`, Deny},
		{"R3 rm -rf /proc/self/cwd", Y, nil, `rm -rf /proc/self/cwd`, Deny},
		{"R3 neighbour: cat /proc/self/status", D, nil, `cat /proc/self/status /proc/cpuinfo`, Allow},
		{"R3 neighbour: cat /proc/self/root/etc/hostname", D, nil, `cat /proc/self/root/etc/hostname`, Allow},
		{"R3 neighbour: cat /dev/fd/0", D, nil, `cat /dev/fd/0`, Allow},
		{"R3 neighbour: cat /proc/self/cwd/main.go", D, nil, `cat /proc/self/cwd/main.go`, Allow},
		// R4: tar -C: the operands are taken in that directory.
		{"R4 tar -C create", D, []string{"deny:Read(//x/sec/**)"}, `tar -C /x -cf - sec`, Deny},
		{"R4 tar -C after -f", D, []string{"deny:Read(//x/sec/**)"}, `tar -cf - -C /x sec`, Deny},
		{"R4 tar --directory", D, []string{"deny:Read(//x/sec/**)"}, `tar --directory=/x -czf /tmp/a.tgz sec`, Deny},
		{"R4 tar extract -C member", D, []string{"deny:Edit(//x/sec/**)"}, `tar -xf a.tar -C /x sec`, Deny},
		{"R4 tar -C credentials", Y, nil, `tar -C /home/u -cf - .ssh`, Ask},
		{"R4 neighbour: tar -C in project", D, []string{"deny:Read(//x/sec/**)"}, `tar -C build -czf out.tgz dist`, Allow},
		// R9: programs that write the file named in an argument.
		{"R9 script FILE", D, []string{"deny:Edit(/out.txt)"}, `script -q out.txt`, Deny},
		{"R9 script -c CMD FILE", D, []string{"deny:Bash(rm:*)"}, `script -qc 'rm -rf x' log`, Deny},
		{"R9 script into a protected file", Y, nil, `script -q .git/hooks/pre-commit`, Ask},
		{"R9 openssl -out", D, []string{"deny:Edit(/key.pem)"}, `openssl genrsa -out key.pem 2048`, Deny},
		{"R9 openssl -out outside the root", D, nil, `openssl genrsa -out /etc/x.pem 2048`, Ask},
		{"R9 openssl -keyout protected", Y, nil, `openssl req -x509 -newkey rsa:2048 -keyout ~/.ssh/id_rsa -out c.pem`, Ask},
		{"R9 neighbour: openssl version", D, nil, `openssl version`, Allow},
		{"R9 neighbour: openssl in project", D, nil, `openssl genrsa -out key.pem 2048`, Allow},
		// R6: an allow rule for the words does not cover variables that
		// hijack the command.
		{"R6 GIT_CONFIG_PARAMETERS", D, []string{"allow:Bash(git status:*)"}, `GIT_CONFIG_PARAMETERS="'core.fsmonitor=touch M'" git status`, Ask},
		{"R6 GIT_CONFIG_COUNT", D, []string{"allow:Bash(git status:*)"}, `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=M git status`, Ask},
		{"R6 LD_PRELOAD", D, []string{"allow:Bash(git status:*)"}, `LD_PRELOAD=x git status`, Ask},
		{"R6 env LD_PRELOAD", D, []string{"allow:Bash(git status:*)"}, `env LD_PRELOAD=x git status`, Ask},
		{"R6 LD_PRELOAD under a deny rule", D, []string{"allow:Bash(git status:*)", "deny:Bash(git status:*)"}, `LD_PRELOAD=x git status`, Deny},
		{"R6 neighbour: git status", D, []string{"allow:Bash(git status:*)"}, `git status`, Allow},
		{"R6 neighbour: harmless variable", D, []string{"allow:Bash(git status:*)"}, `GIT_PAGER_IN_USE=1 LANG=C git status`, Allow},
		{"R6 neighbour: rule allows a non-hijack", D, []string{"allow:Bash(npm test:*)"}, `NODE_ENV=test npm test`, Allow},
		// R8: launchers looked through, so that rules see the command.
		{"R8 setarch", Y, nil, `setarch x86_64 rm -rf /`, Deny},
		{"R8 setarch -R", Y, nil, `setarch x86_64 -R rm -rf /`, Deny},
		{"R8 setarch rule", D, []string{"deny:Bash(rm:*)"}, `setarch x86_64 rm -rf x`, Deny},
		{"R8 linux32", Y, nil, `linux32 rm -rf /`, Deny},
		{"R8 linux64", Y, nil, `linux64 --addr-no-randomize rm -rf /`, Deny},
		{"R8 x86_64", Y, nil, `x86_64 rm -rf /`, Deny},
		{"R8 i386", Y, nil, `i386 rm -rf /`, Deny},
		{"R8 setpriv", Y, nil, `setpriv --reuid=1000 --nnp rm -rf /`, Deny},
		{"R8 setpriv spaced argument", Y, nil, `setpriv --reuid 1000 rm -rf /`, Deny},
		{"R8 prlimit", Y, nil, `prlimit --nofile=10 rm -rf /`, Deny},
		{"R8 prlimit -n", Y, nil, `prlimit -n rm -rf /`, Deny},
		{"R8 prlimit -n10", D, nil, `prlimit -n10 ls`, Ask},
		{"R8 dbus-run-session", Y, nil, `dbus-run-session -- rm -rf /`, Deny},
		{"R8 unknown setarch option", D, nil, `setarch x86_64 -Q ls`, Ask},
		{"R8 neighbour: setarch ls", D, nil, `setarch x86_64 -R ls`, Allow},
		{"R8 neighbour: setpriv ls", D, nil, `setpriv --nnp ls`, Allow},
		{"R8 neighbour: sed i with a continued line", D, nil, "sed '1i\\\nhello' f", Allow},
		// K1: kill of the shell's own jobs is job control; anything else
		// may signal any process.
		{"K1 neighbour: kill %1", D, nil, `sleep 9 & kill %1`, Allow},
		{"K1 neighbour: kill -9 %%", D, nil, `kill -9 %%`, Allow},
		{"K1 neighbour: kill -s TERM %+ %-", D, nil, `kill -s TERM %+ %-`, Allow},
		{"K1 neighbour: kill -- %make", D, nil, `kill -- %make`, Allow},
		{"K1 kill -9 1", D, nil, `kill -9 1`, Ask},
		{"K1 kill -1", D, nil, `kill -1`, Ask},
		{"K1 kill 0", D, nil, `kill 0`, Ask},
		{"K1 kill -- -1", D, nil, `kill -- -1`, Ask},
		{"K1 kill %1 -1", D, nil, `kill %1 -1`, Ask},
		{"K1 kill %1 1234", D, nil, `kill %1 1234`, Ask},
		{"K1 kill -l", D, nil, `kill -l`, Ask},
		{"K1 kill non-literal", D, nil, `kill "%$J"`, Ask},
		{"K1 xargs kill %1", D, nil, `echo 1 | xargs kill %1`, Ask},
		{"K1 env kill %1", D, nil, `env kill %1`, Ask},
		{"K1 /bin/kill %1", D, nil, `/bin/kill %1`, Ask},
		{"K1 pkill", D, nil, `pkill -f node`, Ask},
		{"K1 killall", D, nil, `killall node`, Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(bash(tt.cmd))
			if res.Decision != tt.want {
				t.Errorf("%q in %s: %v (%s), want %v", tt.cmd, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
}

// TestRedTeamToolDecisions is TestRedTeamDecisions for the file tools.
func TestRedTeamToolDecisions(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	tests := []struct {
		name  string
		mode  Mode
		rules []string
		call  Call
		want  Decision
	}{
		{"R3 Read /proc/self/root", D, []string{"deny:Read(~/.ssh/**)"}, Call{Tool: "Read", Path: "/proc/self/root/home/u/.ssh/id_rsa"}, Deny},
		{"R3 Read /proc/self/root credentials", Y, nil, Call{Tool: "Read", Path: "/proc/self/root/home/u/.ssh/id_rsa"}, Ask},
		{"R3 Read /proc/1/task/2/root", D, []string{"deny:Read(~/.ssh/**)"}, Call{Tool: "Read", Path: "/proc/1/task/2/root/home/u/.ssh/id_rsa"}, Deny},
		{"R3 Write /proc/self/cwd", A, []string{"deny:Edit(/infra/**)"}, Call{Tool: "Write", Path: "/proc/self/cwd/infra/x"}, Deny},
		{"R3 Write /proc/thread-self/cwd protected", Y, nil, Call{Tool: "Write", Path: "/proc/thread-self/cwd/.git/hooks/pre-commit"}, Ask},
		{"R3 Write /proc/1/cwd", A, nil, Call{Tool: "Write", Path: "/proc/1/cwd/infra/x"}, Ask},
		{"R3 Write /proc/1/cwd vs deny rule", A, []string{"deny:Edit(/infra/**)"}, Call{Tool: "Write", Path: "/proc/1/cwd/infra/x"}, Deny},
		{"R3 Write /proc/self/fd/3/x", A, nil, Call{Tool: "Write", Path: "/proc/self/fd/3/infra/x"}, Ask},
		{"R3 Read /proc/1/cwd credentials", Y, nil, Call{Tool: "Read", Path: "/proc/1/cwd/home/u/.aws/credentials"}, Ask},
		{"R3 neighbour: Read /proc/self/status", D, nil, Call{Tool: "Read", Path: "/proc/self/status"}, Allow},
		{"R3 neighbour: Write through /proc/self/cwd", A, nil, Call{Tool: "Write", Path: "/proc/self/cwd/main.go"}, Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(tt.call)
			if res.Decision != tt.want {
				t.Errorf("%s %q in %s: %v (%s), want %v", tt.call.Tool, tt.call.Path, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
}
