package permission

import (
	"strings"
	"testing"
	"time"
)

// Stop 68: Perl names a home file through its glob: glob("~/.bashrc")
// and the glob operator <~/.bashrc> expand a leading ~ as the shell does,
// and my ($f) = … binds $f to the list's one value. Each write below was
// allowed in every mode: the engine took the path for one the code
// computes itself.
func TestPerlGlobHomeS68(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S68 perl open >> glob(~/.bashrc)", D, nil, `perl -e 'open(F, ">>", glob("~/.bashrc")); print F "x"'`, Ask},
		{"S68 perl open >> glob(~/.bashrc) (yolo)", Y, nil, `perl -e 'open(F, ">>", glob("~/.bashrc")); print F "x"'`, Ask},
		{"S68 perl my ($f) = glob(~/.bashrc)", Y, nil, `perl -e 'my ($f) = glob("~/.bashrc"); open(F, ">>", $f)'`, Ask},
		{"S68 perl my ($f) = hook path", Y, nil, `perl -e 'my ($f) = ".git/hooks/pre-commit"; open(F, ">", $f)'`, Ask},
		{"S68 perl ($f) = (hook path)", Y, nil, `perl -e '($f) = (".git/hooks/pre-commit"); open(F, ">", $f)'`, Ask},
		{"S68 perl our $f = $ENV{HOME}/.bashrc", Y, nil, `perl -e 'our $f = "$ENV{HOME}/.bashrc"; open(F, ">>", $f)'`, Ask},
		{"S68 perl open >> <~/.bashrc>", Y, nil, `perl -e 'open F, ">>", <~/.bashrc>'`, Ask},
		{"S68 perl open < glob(~/.ssh/id_rsa)", D, nil, `perl -e 'open(F, "<", glob("~/.ssh/id_rsa")); print <F>'`, Ask},

		{"S68 neighbour: perl open > glob(out.txt)", D, nil, `perl -e 'open(F, ">", glob("out.txt")); print F 1'`, Allow},
		{"S68 neighbour: perl my ($f) = out.txt", D, nil, `perl -e 'my ($f) = "out.txt"; open(F, ">", $f)'`, Allow},
		{"S68 neighbour: perl my ($a, $b) = @ARGV", D, nil, `perl -e 'my ($a, $b) = @ARGV; print $a'`, Allow},
		{"S68 neighbour: perl glob(*.txt)", D, nil, `perl -e 'print for glob("*.txt")'`, Allow},
		{"S68 neighbour: perl <*.txt>", D, nil, `perl -e 'print for <*.txt>'`, Allow},
		{"S68 neighbour: perl <STDIN>", D, nil, `perl -e 'while (<STDIN>) { print }'`, Allow},
		{"S68 neighbour: perl <$fh>", D, nil, `perl -e 'open(my $fh, "<", "in.txt"); my $l = <$fh>; print $l'`, Allow},
		{"S68 neighbour: perl comparisons", D, nil, `perl -ne 'print if 1 < 2 and 3 > 1'`, Allow},
	})
}

// TestFindExecLinesLinear: each find that runs a command matched its
// name tests against the thousand protected paths below its start, built
// anew for each find: a line of 4,000 finds took 2 s in the hook (0.5 ms
// a find), a line of a megabyte some 15 s, near the hook's deadline. Its
// name tests now read the seventy-odd last names those paths end in.
// Neighbours: what a find's tests pick out is still handed on.
func TestFindExecLinesLinear(t *testing.T) {
	t.Parallel()
	checkFast(t, time.Second, []slowRow{
		{"thousands of finds that run a command", strings.Repeat(`find . -name x -exec echo {} \; ; `, 4000), Allow},
		{"neighbour: find -name pre-commit -exec cp", `find . -name pre-commit -exec cp x {} \;`, Ask},
		{"neighbour: find -name '*.json' -exec prettier", `find . -name '*.json' -exec prettier --write {} +`, Ask},
		{"neighbour: find -path and -name", `find . -path '*/hooks/*' -name 'x*' -exec cp x {} \;`, Ask},
		{"neighbour: find -regex", `find . -regex '.*/pre-commit' -exec cp x {} \;`, Ask},
		{"neighbour: find -name '*.go' -exec gofmt", `find . -name '*.go' -exec gofmt -w {} +`, Allow},
	})
}
