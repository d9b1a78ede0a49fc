package permission

import "testing"

// TestRedTeamDecisionsS24 is TestRedTeamDecisions for the S24 review of
// the reader of inline code (S23). testEnv: project /home/u/proj, home
// /home/u.
func TestRedTeamDecisionsS24(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	tests := []decisionRow{
		// A: a regular expression literal holding a quote (/"/, /'/), a
		// // in one, a # in awk's, or Perl's $" read as the start of a
		// string or a comment swallowed the code after it: a delete it
		// made was allowed.
		{"S24 A node regex /\"/ before execSync", Y, nil, `node -e 'const v = "a\"b".replace(/"/g, ""); require("child_process").execSync("rm -rf ~")'`, Deny},
		{"S24 A node regex with // before execSync", Y, nil, `node -e 'const ok = /https?:\/\//.test(u); require("child_process").execSync("rm -rf ~")'`, Deny},
		{"S24 A node regex /'/ before execSync", Y, nil, `node -e 'const v = "a".split(/'"'"'/); require("child_process").execSync("rm -rf ~")'`, Deny},
		{"S24 A perl =~ /\"/ before system", Y, nil, `perl -e 'my $s = "x"; if ($s =~ /"/) { print "q\n" } system("rm -rf ~")'`, Deny},
		{"S24 A perl if (/\"/) before system", Y, nil, `perl -ne 'if (/"/) { print } END { system("rm -rf ~") }' a.txt`, Deny},
		{"S24 A perl $\" before system", Y, nil, `perl -e 'local $" = ","; system("rm -rf ~")'`, Deny},
		{"S24 A ruby =~ /\"/ before system", Y, nil, `ruby -e 's = "a"; puts s =~ /"/; system("rm -rf ~")'`, Deny},
		{"S24 A ruby gsub(/\"/) before system", Y, nil, `ruby -e 'puts "abc".gsub(/"/, ""); system("rm -rf ~")'`, Deny},
		{"S24 A awk /#/ before system", Y, nil, `awk '/#/ { n++ } END { system("rm -rf ~") }' a.txt`, Deny},
		{"S24 A awk /\"/ before system", Y, nil, `awk '/"/ { n++ } END { system("rm -rf ~") }' a.txt`, Deny},
		{"S24 A a division is no regex: x++ / 2", Y, nil, `node -e 'let a = 1; a++ / 2; require("child_process").execSync("rm -rf ~"); a / 1'`, Deny},
		{"S24 A neighbour: divisions and regexes that run nothing", D, nil, `node -e 'console.log(1 / 2, "a/b".replace(/\//g, "-"))' && perl -e 'my %h = (a => 4); print $h{a} / 2' && awk '{ s += $2 / 2 } END { print s }' a.txt && ruby -e 'puts 10 / 3'`, Allow},
		// B: spawn's options object was read as one of its words, so
		// an everyday spawn asked.
		{"S24 B neighbour: spawnSync with options", D, nil, `node -e 'const {spawnSync} = require("child_process"); spawnSync("npm", ["test"], {stdio: "inherit"})'`, Allow},
		{"S24 B spawnSync words with options", Y, nil, `node -e 'require("child_process").spawnSync("rm", ["-rf", "/"], {stdio: "inherit"})'`, Deny},
		{"S24 B neighbour: spawn with options only", D, nil, `node -e 'require("child_process").spawn("ls", {stdio: "inherit"})'`, Allow},
	}
	checkDecisions(t, tests)
}
