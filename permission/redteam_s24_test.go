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
		// C: S23's left-open list, each allowed in every mode before.
		// Calls through a name the code binds itself.
		{"S24 C python p = os.system", Y, nil, `python3 -c 'import os; p = os.system; p("rm -rf ~")'`, Deny},
		{"S24 C python r = subprocess.run", Y, nil, `python3 -c 'import subprocess; r = subprocess.run; r(["rm", "-rf", "/"])'`, Deny},
		{"S24 C python f = shutil.rmtree", Y, nil, `python3 -c 'import shutil; f = shutil.rmtree; f("/")'`, Deny},
		{"S24 C node {execSync: x}", Y, nil, `node -e 'const {execSync: x} = require("child_process"); x("rm -rf ~")'`, Deny},
		{"S24 C node x = require(...).execSync", Y, nil, `node -e 'const run = require("child_process").execSync; run("rm -rf ~")'`, Deny},
		{"S24 C node run = execSync", Y, nil, `node -e 'const {execSync} = require("child_process"); const run = execSync; run("rm -rf ~")'`, Deny},
		{"S24 C lua local p = os.execute", Y, nil, `lua -e 'local p = os.execute; p("rm -rf ~")'`, Deny},
		{"S24 C neighbour: bound names that pass", D, nil, `python3 -c 'import os; p = os.getcwd; print(p())' && python3 -c 'import os; p = os.system; p("git status")' && node -e 'const {execSync: x} = require("child_process"); console.log(x("git status").toString())' && python3 -c 'x = 1; y = x; print(y)'`, Allow},
		// A require of child_process the code assembles.
		{"S24 C require('child_' + 'process')", Y, nil, `node -e 'require("child_" + "process").execSync("rm -rf ~")'`, Deny},
		{"S24 C require of a module only known at run time, then execSync", Y, nil, `node -e 'const m = "child_" + "process"; require(m).execSync("rm -rf ~")'`, Ask},
		{"S24 C a module only known at run time, bound", Y, nil, `node -e 'const m = "child_" + "process"; const cp = require(m); cp.execSync("rm -rf ~")'`, Ask},
		{"S24 C a module only known at run time, destructured", Y, nil, `node -e 'const m = "child_" + "process"; const {execSync} = require(m); execSync("rm -rf ~")'`, Ask},
		{"S24 C neighbour: exec of a regex after a computed require", D, nil, `node -e 'const m = require(process.cwd() + "/x.js"); const r = /x/.exec("x"); console.log(r, m)'`, Allow},
		{"S24 C neighbour: a computed require that runs nothing", D, nil, `node -e 'const cfg = require(process.cwd() + "/package.json"); console.log(cfg.version)' && node -e 'console.log(require("child_" + "process").execSync("git status").toString())'`, Allow},
		// Deno.Command, Deno.run, Bun.spawn, Bun.$.
		{"S24 C new Deno.Command", Y, nil, `deno eval 'new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()'`, Deny},
		{"S24 C Deno.run cmd", Y, nil, `deno eval 'Deno.run({cmd: ["rm", "-rf", "/"]})'`, Deny},
		{"S24 C Bun.spawnSync list", Y, nil, `bun -e 'Bun.spawnSync(["rm", "-rf", "/"])'`, Deny},
		{"S24 C Bun.spawn cmd", Y, nil, `bun -e 'Bun.spawn({cmd: ["rm", "-rf", "/"]})'`, Deny},
		{"S24 C Bun.$ template", Y, nil, "bun -e 'await Bun.$`rm -rf ~`'", Deny},
		{"S24 C $ from bun", Y, nil, "bun -e 'import { $ } from \"bun\"; await $`rm -rf ~`'", Deny},
		{"S24 C Bun.$ with ${}", Y, nil, "bun -e 'await Bun.$`rm -rf ${d}`'", Ask},
		{"S24 C Deno.Command of a variable", Y, nil, `deno eval 'new Deno.Command(cmd).outputSync()'`, Ask},
		{"S24 C neighbour: Deno and Bun running what passes", D, nil, "deno eval 'new Deno.Command(\"git\", {args: [\"status\"]}).outputSync()' && bun -e 'Bun.spawnSync([\"git\", \"status\"])' && bun -e 'await Bun.$`git status`'", Allow},
		// awk's print > FILE and print >> FILE.
		{"S24 C awk print > ~/.bashrc", Y, nil, `awk 'BEGIN { print "x" > "/home/u/.bashrc" }'`, Ask},
		{"S24 C awk print >> a hook", Y, nil, `awk '{ print >> ".git/hooks/pre-commit" }' a.txt`, Ask},
		{"S24 C awk printf() > /etc/profile.d", Y, nil, `awk 'BEGIN { printf("%s\n", "x") > "/etc/profile.d/x.sh" }'`, Ask},
		{"S24 C neighbour: awk writes in the project, comparisons, computed files", D, nil, `awk '$3 > 100 { print > "big.txt" }' sizes.txt && awk '{ print $0 >> "out.log" }' in.log && awk '{ print "err" > "/dev/stderr" }' a.txt && awk '{ if ($1 > "m") print }' a.txt && awk '{ print ($1 > "m") }' a.txt && awk '{ print > $1 ".txt" }' a.txt`, Allow},
	}
	checkDecisions(t, tests)
}
