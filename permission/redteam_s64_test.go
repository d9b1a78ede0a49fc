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
