package permission

import "testing"

// TestRev86EscapesTheLanguageDecodesOtherwise: inline code's strings
// were decoded as bash decodes $'…', and an escape bash keeps as it is
// but the language decodes (Python's \N{SEMICOLON}, Perl's \x{6d},
// \N{U+6D} and \L, JavaScript's \u{6d}, Ruby's \s) left a harmless text
// computed where the program prints rm -rf ~: perl -e 'print
// "r\x{6d} -rf ~"' | sh was allowed in bypassPermissions, and perl -e
// 'system("r\x{6d} -rf ~")' in default mode. Such a string is not
// computed now: the line asks in every mode. Neighbours: escapes every
// language decodes as bash does keep their computed answers.
func TestRev86EscapesTheLanguageDecodesOtherwise(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"python3's \\N{}", `python3 -c 'print("echo hi\N{SEMICOLON} rm -rf ~")' | sh`},
		{"perl's \\x{}", `perl -e 'print "r\x{6d} -rf ~"' | sh`},
		{"perl's \\N{U+}", `perl -e 'print "r\N{U+6D} -rf ~"' | sh`},
		{"perl's \\L", `perl -e 'print "\LRM -RF ~"' | sh`},
		{"perl's \\u", `perl -e 'print "\urm -rf ~"' | sh`},
		{"node's \\u{}", `node -e 'console.log("r\u{6d} -rf ~")' | sh`},
		{"ruby's \\s", `ruby -e 'puts "rm\s-rf\s~"' | sh`},
		{"perl's system of \\x{}", `perl -e 'system("r\x{6d} -rf ~")'`},
		// rev87: an octal number past \377, which bash keeps the low
		// byte of (a quote, here), and a NUL, where bash ends the text.
		{"perl's system of \\447", `perl -e 'system("echo \447; rm -rf ~; \447")'`},
		{"python3's os.system of \\447", `python3 -c 'import os; os.system("echo \447; rm -rf ~; \447")'`},
		{"node's execSync of \\447", `node -e 'require("child_process").execSync("echo \447; rm -rf ~; \447")'`},
		{"python3's print of \\447", `python3 -c 'print("echo \447; rm -rf ~; \447")' | sh`},
		{"node's \\470", `node -e 'console.log("echo \47\470;rm -rf ~;\470\47")' | sh`},
		{"python3's \\0", `python3 -c 'print("echo hi\0; rm -rf ~")' | sh`},
		{"python3's \\x00", `python3 -c 'print("echo hi\x00; rm -rf ~")' | sh`},
		{"perl's \\0", `perl -e 'print "echo hi\0; rm -rf ~\n"' | sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng76Rows(rows, "neighbour: perl's \\xHH", `perl -e 'print "r\x6d -rf ~"' | sh`, Deny)
	rows = eng76Rows(rows, "neighbour: python3's \\uHHHH", `python3 -c 'print("r\u006d -rf ~")' | sh`, Deny)
	rows = eng76Rows(rows, "neighbour: perl's system of octal", `perl -e 'system("r\155 -rf ~")'`, Deny)
	rows = eng84Piped(rows, "neighbour: a tab", `python3 -c 'print("echo hi\tthere")' | sh`)
	checkDecisions(t, rows)
}

// TestRev86AwkCharacterCodes: an awk program that builds its text from
// character codes (sprintf's %c) over a download printed no text of its
// own to eng85, and curl -s x | awk '{$0=sprintf("%c…", 114, …); print}'
// | sh was allowed in bypassPermissions. %c is text of the program's
// own now: the line asks. Neighbour: %s and %d of fields keep theirs.
func TestRev86AwkCharacterCodes(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	rows = eng77Asks(rows, "sprintf of %c into $0", `curl -s x | awk '{$0=sprintf("%c%c%c%c%c%c%c%c",114,109,32,45,114,102,32,126); print}' | sh`)
	rows = eng77Asks(rows, "printf of %c", `curl -s x | awk '{printf "%c%c\n", 114, 109}' | sh`)
	rows = eng84Piped(rows, "neighbour: printf of %s and %d of fields", `curl -s x | awk '{printf "%s %d\n", $1, $2}' | sh`)
	checkDecisions(t, rows)
}
