package permission

import "testing"

// rev77Rows adds a row for cmd in each of eng76Modes, its name suffixed
// with the mode's.
func rev77Rows(rows []decisionRow, name, cmd string, want func(Mode) Decision) []decisionRow {
	for _, m := range eng76Modes {
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want(m)})
	}
	return rows
}

// rev77AsksAlways is the decision of a shell fed a program only known at
// run time: asked for in every mode that asks, bypassPermissions too.
func rev77AsksAlways(m Mode) Decision {
	if m == ModePlan || m == ModeDontAsk {
		return Deny
	}
	return Ask
}

// TestRev77GrepDotFeedsShell: grep's pattern is read with its dots taken
// as themselves (grepOutput), so the lines computed are only some of
// those grep prints: grep . <<< 'rm -rf ~' | sh was judged as a shell fed
// nothing and allowed in bypassPermissions, while grep prints and sh
// runs rm -rf ~. What is less than its input is a copy (filterDoc), and
// the shell given it fails closed. Neighbours: a pattern that keeps the
// whole text is judged as it is, and a harmless text whose lines all
// match keeps its allow in bypassPermissions.
func TestRev77GrepDotFeedsShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: grep of a literal pattern", ModeDefault, nil, `grep rm <<< 'rm -rf ~' | sh`, Deny},
		{"neighbour: grep keeps a harmless text, bypassPermissions", ModeBypassPermissions, nil, `grep echo <<< 'echo hi' | sh`, Allow},
		{"neighbour: grep -c of a here-string", ModeDefault, nil, `grep -c x <<< abc`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"grep .", `grep . <<< 'rm -rf ~' | sh`},
		{"grep of a dot between words", `grep 'echo.hi' <<< $'echo hi; rm -rf ~' | sh`},
		{"grep -x of a dot", `grep -x 'rm.-rf ~' <<< 'rm -rf ~' | sh`},
		{"grep -i of a dot", `grep -i 'rm.-rf' <<< 'rm -rf ~' | sh`},
	} {
		rows = rev77Rows(rows, r.name, r.cmd, rev77AsksAlways)
	}
	checkDecisions(t, rows)
}

// TestRev77CutCharactersOfMultibyteText: cutOutput counts -c and -b in
// characters, GNU's cut in bytes: cut -c3- <<< 'érm -rf ~' printed rm
// -rf ~ where the analysis read m -rf ~, allowed in bypassPermissions.
// -c of text past ASCII is not computed (BSD's cut counts characters):
// the shell given it fails closed; -b is computed in bytes. Neighbours: ASCII text, and fields of multibyte text, are computed as
// they were.
func TestRev77CutCharactersOfMultibyteText(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: cut -c of ASCII", ModeDefault, nil, `cut -c3- <<< 'xxrm -rf ~' | sh`, Deny},
		{"neighbour: cut -c of a harmless ASCII text, bypassPermissions", ModeBypassPermissions, nil, `cut -c3- <<< 'xxecho hi' | sh`, Allow},
		{"neighbour: cut -f of multibyte text", ModeDefault, nil, `cut -d: -f2 <<< 'é:rm -rf ~' | sh`, Deny},
	}
	rows = rev77Rows(rows, "cut -c", `cut -c3- <<< 'érm -rf ~' | sh`, rev77AsksAlways)
	rows = rev77Rows(rows, "cut --characters", `cut --characters=3- <<< 'érm -rf ~' | sh`, rev77AsksAlways)
	deny := func(Mode) Decision { return Deny }
	rows = rev77Rows(rows, "cut -b", `cut -b3- <<< 'érm -rf ~' | sh`, deny)
	rows = rev77Rows(rows, "cut --bytes", `cut --bytes=3- <<< 'érm -rf ~' | sh`, deny)
	rows = rev77Rows(rows, "echo to cut -b", `echo 'érm -rf ~' | cut -b3- | sh`, deny)
	checkDecisions(t, rows)
}

// TestRev77SortedLinesFeedShell: sort and uniq print some of their
// lines in another order, each line judged alone and all of them as
// written (linesAlone); but a line changes what the lines after it do
// (a cd, an assignment), and the order or the lines dropped are only
// known at run time: sort <<< $'rm -rf u\ncd ../..' | sh runs cd ../..;
// rm -rf u, the home directory, and was allowed in bypassPermissions, as
// uniq -u dropping two cd a was. Two lines or more that differ are a
// copy, judged as they were and failing closed. Neighbours: a line
// alone, lines alike, and a denied line among others keep their
// decisions.
func TestRev77SortedLinesFeedShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: sort of one harmless line, bypassPermissions", ModeBypassPermissions, nil, `sort <<< 'echo hi' | sh`, Allow},
		{"neighbour: uniq of lines alike, bypassPermissions", ModeBypassPermissions, nil, "uniq <<< $'echo hi\\necho hi' | sh", Allow},
		{"neighbour: sort of a here-string to uniq", ModeDefault, nil, `sort <<< 'b a' | uniq`, Allow},
		{"neighbour: sort of several lines, one denied", ModeBypassPermissions, nil, "sort <<< $'echo a\\nrm -rf ~' | sh", Deny},
		{"neighbour: the same lines in the order sort prints", ModeBypassPermissions, nil, `cd ../..; rm -rf u`, Deny},
	}
	for _, r := range []struct{ name, cmd string }{
		{"sort puts a cd first", "sort <<< $'rm -rf u\\ncd ../..' | sh"},
		{"sort puts an assignment first", "sort <<< $'rm -rf \"$d\"/u\\nd=../..' | sh"},
		{"uniq -u drops the cds", "uniq -u <<< $'cd a\\ncd a\\ncd ../..\\nrm -rf u' | sh"},
		{"sort of harmless lines", "sort <<< $'echo b\\necho a' | sh"},
	} {
		rows = rev77Rows(rows, r.name, r.cmd, rev77AsksAlways)
	}
	checkDecisions(t, rows)
}

// TestRev77SshOptionValueIsNoFlag: sshNoShell took a -G, -N, -W or -O
// anywhere in a cluster of options for one that starts no shell, the
// letters of an option's value too: ssh -lNobody localhost <<< 'rm -rf
// ~' (the user Nobody), -oGSSAPIAuthentication=no or -i …/idNew, whose
// login shell runs rm -rf ~, were taken for another host's and allowed
// in every mode. Neighbours: -N and -TN, a -W forwarding, keep their
// allow, and -o Key=… in two words its deny.
func TestRev77SshOptionValueIsNoFlag(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: -TN starts no shell", ModeBypassPermissions, nil, `ssh -TN localhost <<< 'rm -rf ~'`, Allow},
		{"neighbour: -N starts no shell", ModeBypassPermissions, nil, `ssh -N localhost <<< 'rm -rf ~'`, Allow},
		{"neighbour: -W forwards the input", ModeBypassPermissions, nil, `ssh -W db:5432 localhost <<< 'rm -rf ~'`, Allow},
		{"neighbour: -o and its value in two words", ModeBypassPermissions, nil, `ssh -o GSSAPIAuthentication=no localhost <<< 'rm -rf ~'`, Deny},
	}
	deny := func(Mode) Decision { return Deny }
	for _, r := range []struct{ name, cmd string }{
		{"-l's value holds an N", `ssh -lNobody localhost <<< 'rm -rf ~'`},
		{"-o's value holds a G", `ssh -oGSSAPIAuthentication=no localhost <<< 'rm -rf ~'`},
		{"-o's value holds an N", `ssh -oNumberOfPasswordPrompts=1 localhost <<< 'rm -rf ~'`},
		{"-i's value holds an N", `ssh -i/home/u/.ssh/idNew localhost <<< 'rm -rf ~'`},
		{"a pipe to -lNobody", `echo 'rm -rf ~' | ssh -lNobody localhost`},
	} {
		rows = rev77Rows(rows, r.name, r.cmd, deny)
	}
	checkDecisions(t, rows)
}

// TestRev77PrintfEscapesFeedShell: printedText read only \n, \t, \0 and
// \\ of what echo -e and printf print: printf '\x72m -rf ~' | bash, whose
// printf writes rm -rf ~, was read as the harmless \x72m and allowed in
// every mode, as were octal (printf '\162m', echo -e '\0162m', %b's
// \162) and \u escapes. printEscaped reads them as bash's echo and
// printf do. Neighbours: a harmless escaped text keeps its allow, and
// echo without the 0 of \0NNN prints it as written.
func TestRev77PrintfEscapesFeedShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: printf of a harmless hex escape", ModeDefault, nil, `printf 'ec\x68o hi' | sh`, Allow},
		{"neighbour: echo -e of \\162 as written", ModeDefault, nil, `echo -e '\162m -rf ~' | sh`, Allow},
		{"neighbour: printf of newlines", ModeDefault, nil, `printf 'echo a\necho b\n' | sh`, Allow},
	}
	deny := func(Mode) Decision { return Deny }
	for _, r := range []struct{ name, cmd string }{
		{"printf \\x", `printf '\x72m -rf ~' | bash`},
		{"printf \\NNN", `printf '\162m -rf ~' | sh`},
		{"printf %b \\NNN", `printf '%b' '\162m -rf ~' | sh`},
		{"printf \\u", `printf '\u0072m -rf ~' | sh`},
		{"echo -e \\0NNN", `echo -e '\0162m -rf ~' | sh`},
		{"echo -e \\x", `echo -e 'r\x6d -rf ~' | sh`},
	} {
		rows = rev77Rows(rows, r.name, r.cmd, deny)
	}
	checkDecisions(t, rows)
}
