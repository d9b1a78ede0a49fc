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
