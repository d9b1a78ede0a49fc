package permission

import "testing"

// TestReviewPerlOpenS54: Perl's open was read only when its arguments
// were in parentheses and fully known: open F, ">>/tmp/../etc/x" (a
// bareword handle, no parentheses), open F, ">", "/etc/x" and open my $f,
// ">", $p wrote outside the project, allowed; so did the two-argument
// form with a path the shell fills in (perl -e "open(F, '>$X/x')"),
// which the three-argument form asked for. The mode of a two-argument
// open is now read where it is written (at the start, or a pipe's at the
// end) even when the rest is only known at run time, and open takes a
// handle without parentheses. A path the code computes itself (a Perl
// variable) stays the kernel's to hold, as in the three-argument form.
func TestReviewPerlOpenS54(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S54 P open F, >>/tmp/../etc/x", D, nil, `perl -e 'open F, ">>/tmp/../etc/x"'`, Ask},
		{"S54 P open F, >/etc/x, acceptEdits", A, nil, `perl -e 'open F, ">/etc/x" or die; print F 1'`, Ask},
		{"S54 P open F, three arguments, no parentheses", D, nil, `perl -e 'open F, ">", "/etc/x"'`, Ask},
		{"S54 P open my $f, three arguments, no parentheses", A, nil, `perl -e 'open my $f, ">>", "/etc/x"'`, Ask},
		{"S54 P open a hook, no parentheses", ModeBypassPermissions, nil, `perl -e 'open FH, ">.git/hooks/pre-commit"'`, Ask},
		{"S54 P open no parentheses, dontAsk", ModeDontAsk, nil, `perl -e 'open F, "+</etc/passwd"'`, Deny},
		{"S54 P two-argument open of a path the shell fills in", D, nil, `perl -e "open(F, '>$X/x')"`, Ask},
		{"S54 P two-argument open, joined, acceptEdits", A, nil, `perl -e "open(F, '>>' . '$X/x')"`, Ask},
		{"S54 P two-argument open, no parentheses, shell-filled", D, nil, `perl -e "open F, '>$X/x'"`, Ask},
		{"S54 P two-argument pipe open of a command the shell fills in", A, nil, `perl -e "open(F, 'rm -rf $X|')"`, Ask},
		{"S54 P neighbour: perl -ne, perl -pi in the project", D, nil, `perl -ne 'print if /x/' file && perl -pi -e s/a/b/ file`, Allow},
		{"S54 P neighbour: open without parentheses, in the project or to read", A, nil,
			`perl -e 'open F, ">out.txt" or die; print F 1' && perl -e 'open F, "<", "/etc/hosts"; print <F>' && perl -e 'open my $f, "in.txt"'`, Allow},
		{"S54 P neighbour: a path the code computes, and a read the shell fills in", D, nil,
			`perl -e 'open(F, ">$dir/x")' && perl -e "open(F, '<$X/x')" && perl -e "open(F, '$X/x')"`, Allow},
	})
}
