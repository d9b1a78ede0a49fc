package permission

import (
	"strings"
	"testing"
	"time"
)

// TestRedTeamDecisionsS25 is TestRedTeamDecisions for the S25 review of
// the reader of inline code (S23, S24). testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS25(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	tests := []decisionRow{
		// A: code run from a string, functions named at run time, and
		// modules reached by ways the reader did not follow: each was
		// allowed in every mode.
		{"S25 A python __import__('os').system", Y, nil, `python3 -c '__import__("os").system("rm -rf ~")'`, Ask},
		{"S25 A python getattr(os, 'system')", Y, nil, `python3 -c 'import os; getattr(os, "system")("rm -rf ~")'`, Ask},
		{"S25 A python importlib.import_module", Y, nil, `python3 -c 'import importlib; importlib.import_module("os").system("rm -rf ~")'`, Ask},
		{"S25 A python exec of a literal is read", Y, nil, `python3 -c 'exec("import os; os.system(\"rm -rf ~\")")'`, Deny},
		{"S25 A python exec of a variable", Y, nil, `python3 -c 'exec(code)'`, Ask},
		{"S25 A python globals()", Y, nil, `python3 -c 'import os; globals()["os"].system("rm -rf ~")'`, Ask},
		{"S25 A python os.__dict__", Y, nil, `python3 -c 'import os; os.__dict__["system"]("rm -rf ~")'`, Ask},
		{"S25 A python (os.system)(…)", Y, nil, `python3 -c 'import os; (os.system)("rm -rf ~")'`, Ask},
		{"S25 A python map(os.system, …)", Y, nil, `python3 -c 'import os; list(map(os.system, ["rm -rf ~"]))'`, Ask},
		{"S25 A python os . system with spaces", Y, nil, `python3 -c 'import os; os . system("rm -rf ~")'`, Deny},
		{"S25 A python from os import *", Y, nil, `python3 -c 'from os import *; system("rm -rf ~")'`, Deny},
		{"S25 A python from shutil import *", Y, nil, `python3 -c 'from shutil import *; rmtree("/")'`, Deny},
		{"S25 A python os.execlp", Y, nil, `python3 -c 'import os; os.execlp("rm", "rm", "-rf", "/")'`, Deny},
		{"S25 A python os.posix_spawnp", Y, nil, `python3 -c 'import os; os.posix_spawnp("rm", ["rm", "-rf", "/"], {})'`, Deny},
		{"S25 A python os.spawnlp", Y, nil, `python3 -c 'import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "/")'`, Ask},
		{"S25 A python subprocess executable=", Y, nil, `python3 -c 'import subprocess; subprocess.run(["x", "-rf", "/"], executable="/bin/rm")'`, Ask},
		{"S25 A python subprocess args=", Y, nil, `python3 -c 'import subprocess as s; s.run(args=["rm", "-rf", "/"])'`, Ask},
		{"S25 A python shutil.rmtree(path=)", Y, nil, `python3 -c 'import shutil; shutil.rmtree(path="/")'`, Ask},
		{"S25 A node eval of a literal is read", Y, nil, `node -e 'eval("require(\"child_process\").execSync(\"rm -rf ~\")")'`, Deny},
		{"S25 A node vm.runInThisContext", Y, nil, `node -e 'require("vm").runInThisContext(code)'`, Ask},
		{"S25 A node new Function", Y, nil, `node -e 'new Function(code)()'`, Ask},
		{"S25 A node process.binding", Y, nil, `node -e 'process.binding("spawn_sync").spawn({file: "rm", args: ["rm", "-rf", "/"]})'`, Ask},
		{"S25 A node cp['execSync']", Y, nil, `node -e 'const cp = require("child_process"); cp["execSync"]("rm -rf ~")'`, Ask},
		{"S25 A node require(...)[computed]", Y, nil, `node -e 'require("child_process")["exec" + "Sync"]("rm -rf ~")'`, Ask},
		{"S25 A node execSync.call", Y, nil, `node -e 'const cp = require("child_process"); cp.execSync.call(null, "rm -rf ~")'`, Ask},
		{"S25 A ruby send(:system)", Y, nil, `ruby -e 'send(:system, "rm -rf ~")'`, Ask},
		{"S25 A ruby Kernel.public_send", Y, nil, `ruby -e 'Kernel.public_send(:system, "rm -rf ~")'`, Ask},
		{"S25 A ruby method(:system).call", Y, nil, `ruby -e 'method(:system).call("rm -rf ~")'`, Ask},
		{"S25 A ruby send of a computed name", Y, nil, `ruby -e 'send(ARGV[0], "rm -rf ~")'`, Ask},
		{"S25 A ruby eval of a literal is read", Y, nil, `ruby -e 'eval("system(\"rm -rf ~\")")'`, Deny},
		{"S25 A ruby ?\" character literal", Y, nil, `ruby -e 'x = ?"; system("rm -rf ~")'`, Deny},
		{"S25 A perl eval of a string is read", Y, nil, `perl -e 'eval "system(q{rm -rf ~})"'`, Deny},
		{"S25 A perl eval of a variable", Y, nil, `perl -e 'eval $code'`, Ask},
		{"S25 A perl do FILE", Y, nil, `perl -e 'do "/tmp/x.pl"'`, Ask},
		{"S25 A perl system { … } LIST", Y, nil, `perl -e 'system { "rm" } "rm", "-rf", "/"'`, Ask},
		{"S25 A php $f(…)", Y, nil, `php -r '$f = "system"; $f("rm -rf ~");'`, Ask},
		{"S25 A php call_user_func", Y, nil, `php -r 'call_user_func("system", "rm -rf ~");'`, Ask},
		{"S25 A php eval of a literal is read", Y, nil, `php -r 'eval("system(\"rm -rf ~\");");'`, Deny},
		{"S25 A php pcntl_exec", Y, nil, `php -r 'pcntl_exec("/bin/rm", ["-rf", "/"]);'`, Ask},
		{"S25 A lua os['execute']", Y, nil, `lua -e 'os["execute"]("rm -rf ~")'`, Ask},
		{"S25 A lua load of a literal is read", Y, nil, `lua -e 'load("os.execute(\"rm -rf ~\")")()'`, Deny},
		{"S25 A lua os.execute \"…\" without parentheses", Y, nil, `lua -e 'os.execute"rm -rf ~"'`, Deny},
		{"S25 A lua os.execute [[…]]", Y, nil, `lua -e 'os.execute [[rm -rf ~]]'`, Deny},
		{"S25 A R eval(parse(text=))", Y, nil, `Rscript -e 'eval(parse(text="system(\"rm -rf ~\")"))'`, Ask},
		{"S25 A R unlink of ~ expands it", Y, nil, `Rscript -e 'unlink("~", recursive=TRUE)'`, Deny},
		{"S25 A awk |& coprocess", Y, nil, `awk 'BEGIN { print "x" |& "rm -rf ~" }'`, Deny},
		// Documentation blocks, here-documents and nested templates
		// whose quotes opened strings that swallowed the code after
		// them.
		{"S25 A ruby =begin with a quote", Y, nil, "ruby -e 'puts 1\n=begin\n\"\n=end\nsystem(\"rm -rf ~\")'", Deny},
		{"S25 A perl POD with a quote", Y, nil, "perl -e 'print 1;\n=pod\n\"\n=cut\nsystem(\"rm -rf ~\")'", Deny},
		{"S25 A ruby here-document", Y, nil, "ruby -e 'x = <<~E\n \"\nE\nsystem(\"rm -rf ~\")'", Ask},
		{"S25 A perl here-document", Y, nil, "perl -e 'print <<\"E\"; system(\"rm -rf ~\");\nx \"\nE\n'", Ask},
		{"S25 A php here-document", Y, nil, "php -r '$x = <<<EOT\n\"\nEOT;\nsystem(\"rm -rf ~\");'", Ask},
		{"S25 A node template in a template", Y, nil, "node -e 'const s = `a${`\"`}b`; require(\"child_process\").execSync(\"rm -rf ~\")'", Deny},
		{"S25 A node string with } in a template", Y, nil, "node -e 'const s = `a${JSON.stringify({a: \"}\"})}b`; require(\"child_process\").execSync(\"rm -rf ~\")'", Deny},
		{"S25 A neighbour: shifts, appends, templates in templates, code after __END__", D, nil, "ruby -e 'puts 1 << 2; a = [1]; a << 3; p a' && perl -e 'print 1 << 2' && node -e 'console.log(`${1 + 1} ${`x`}`)' && perl -e 'print 1;\n__END__\nsystem(\"rm -rf ~\")'", Allow},
		// Neighbours that stay allowed.
		{"S25 A neighbour: python getattr, __import__ of json, re.compile, exec of nothing risky", D, nil, `python3 -c 'import sys; print(getattr(sys.version_info, "major"))' && python3 -c 'print(__import__("json").dumps([1]))' && python3 -c 'import re; print(re.compile("a").match("a"))' && python3 -c 'exec("print(1)")'`, Allow},
		{"S25 A neighbour: node eval of a literal, obj[key], ruby send of a harmless name", D, nil, `node -e 'console.log(eval("1 + 1"))' && node -e 'const o = {a: 1}; console.log(o["a"])' && ruby -e 'puts [1, 2].send(:sum)' && ruby -e 'puts 1.method(:+).call(2)'`, Allow},
		{"S25 A neighbour: perl eval block, do block, require a module; lua require; R system of a harmless command", D, nil, `perl -e 'my $x = eval { 1 }; print $x' && perl -e 'my $v = do { 1 }; print $v' && perl -e 'require Data::Dumper; print 1' && lua -e 'print(require("string").len("x"))' && Rscript -e 'system("git status")'`, Allow},
		{"S25 A neighbour: python from . import, os.path without spaces", D, nil, `python3 -c 'import os; print(os . getcwd())' && python3 -c 'from os import *; print(getcwd())'`, Allow},
	}
	checkDecisions(t, tests)
}

// TestInlineCodeStaysFast: inline code that made the reader look back or
// ahead on every token (a long awk statement of comparisons, a long line
// of / that may start regular expressions, nested evals, many imports)
// took seconds; reading is now bounded, and code past the bound asks.
func TestInlineCodeStaysFast(t *testing.T) {
	t.Parallel()
	const n = 100_000
	cases := []struct {
		name string
		lang codeLang
		src  string
	}{
		{"awk comparisons", langAwk, "BEGIN { x = 1" + strings.Repeat(" > 1", n/4) + " }"},
		{"js regex classes", langJS, strings.Repeat("(/[", n/3)},
		{"js divisions", langJS, "x" + strings.Repeat(" = /[", n/4)},
		{"js nested evals", langJS, strings.Repeat("eval(", n/5) + "'x'" + strings.Repeat(")", n/5)},
		{"python imports", langPython, strings.Repeat("import a as b;", n/14) + strings.Repeat("b.c();", n/6)},
		{"js dotted names with spaces", langJS, "a" + strings.Repeat(" . a", n/4)},
	}
	for _, c := range cases {
		limit := budget(time.Second)
		if d := quickestRun(limit, func() {
			s := codeScan{lang: c.lang, src: c.src}
			s.lex()
			s.scan()
		}); d > limit {
			t.Errorf("%s: %v for %d bytes", c.name, d, len(c.src))
		}
	}
}

// TestRedTeamDecisionsS25Long: code past the reader's bound asks.
func TestRedTeamDecisionsS25Long(t *testing.T) {
	t.Parallel()
	long := "awk 'BEGIN { x = 1" + strings.Repeat(" > 1", 5000) + " }'"
	checkDecisions(t, []decisionRow{
		{"S25 B awk code too long to read", ModeBypassPermissions, nil, long, Ask},
		{"S25 B neighbour: awk comparisons", ModeDefault, nil, `awk '$1 > 1 && $2 > 2 { print $1 > "out.txt" }' a.txt`, Allow},
	})
}
