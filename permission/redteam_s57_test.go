package permission

import "testing"

// TestNetworkRedirectionInPlanModeS57: bash opens a connection for a
// redirection to /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT. cat <
// /dev/tcp/1.2.3.4/80 was allowed in plan mode, as cat reading a file,
// while curl is denied there: it is no read-only command, nor is one whose
// redirection target, only known at run time, may be such a path. In
// default mode it is judged as curl is (the network is the sandbox's to
// refuse). A /dev/tcp path given to cat as an argument is a file that does
// not exist, not a connection.
func TestNetworkRedirectionInPlanModeS57(t *testing.T) {
	t.Parallel()
	P, D := ModePlan, ModeDefault
	checkDecisions(t, []decisionRow{
		{"S57 plan: cat < /dev/tcp", P, nil, `cat < /dev/tcp/1.2.3.4/80`, Deny},
		{"S57 plan: cat < /dev/udp", P, nil, `cat </dev/udp/10.0.0.1/53`, Deny},
		{"S57 plan: a doubled slash", P, nil, `cat < /dev//tcp/h/1`, Deny},
		{"S57 plan: head < /dev/tcp in a pipe", P, nil, `head -c 100 < /dev/tcp/h/443 | wc -c`, Deny},
		{"S57 plan: a target only known at run time", P, nil, `cat < "$f"`, Deny},
		{"S57 plan: a target built at run time", P, nil, `cat < /dev/tc${p}/h/1`, Deny},
		{"S57 plan: in a command substitution", P, nil, `echo "$(cat < /dev/tcp/h/80)"`, Deny},
		{"S57 plan: exec 3<> /dev/tcp", P, nil, `exec 3<>/dev/tcp/h/80`, Deny},
		{"S57 plan neighbour: a file", P, nil, `wc -l < main.go`, Allow},
		{"S57 plan neighbour: a file in the home directory", P, nil, `grep x < ~/notes.txt`, Allow},
		{"S57 plan neighbour: $HOME", P, nil, `grep x < "$HOME/notes.txt"`, Allow},
		{"S57 plan neighbour: a relative path only partly known", P, nil, `cat < ./"$f"`, Allow},
		{"S57 plan neighbour: /dev/tcp as an argument is a file", P, nil, `cat /dev/tcp/h/80`, Allow},
		{"S57 default: as curl is", D, nil, `cat < /dev/tcp/1.2.3.4/80`, Allow},
	})
}
