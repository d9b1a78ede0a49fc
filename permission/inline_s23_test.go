package permission

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestInlineNestedCallsBounded: the argument of each of many nested calls
// was evaluated again for each of them (os.system(os.system(…)),
// __import__(…), require(…)): 4,000 of them took a second, and the time
// grew as the square of their number. The steps of evaluating arguments
// and finding statements' ends now count against the reader's bound, and
// such code is too long to read.
func TestInlineNestedCallsBounded(t *testing.T) {
	t.Parallel()
	const n = 4000
	nest := func(call, inner string) string {
		return strings.Repeat(call+"(", n) + inner + strings.Repeat(")", n)
	}
	cases := []struct {
		name string
		lang codeLang
		src  string
	}{
		{"python os.system", langPython, nest("os.system", `"x"`)},
		{"python open", langPython, nest("open", `"x"`)},
		{"python __import__", langPython, nest("__import__", `"x"`)},
		{"js require", langJS, nest("require", `"x"`)},
		{"ruby system", langRuby, strings.Repeat("system ", 50*n) + `"x"`},
	}
	for _, c := range cases {
		s := codeScan{lang: c.lang, src: c.src}
		s.lex()
		s.scan()
		if !s.tooLong || s.work > 2*maxCodeWork {
			t.Errorf("%s: tooLong %v after %d steps, want it past the bound of %d", c.name, s.tooLong, s.work, maxCodeWork)
		}
	}
}

// TestInlineLexAllocatesOnce: code of 100,000 brackets (which the shell
// analysis lets through in groups nested 1,000 deep) is a token a
// bracket; their list, grown by append, was allocated over about five
// times its size, which with its collection took most of the reading's
// time. It is made once, at about its size. (Not parallel: it counts
// the bytes the whole program allocates.)
func TestInlineLexAllocatesOnce(t *testing.T) {
	src := strings.Repeat(strings.Repeat("(", 1000)+strings.Repeat(")", 1000), 50)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := codeScan{lang: langPython, src: src}
	s.lex()
	runtime.ReadMemStats(&after)
	need := uint64(len(s.toks)) * uint64(unsafe.Sizeof(token{})+unsafe.Sizeof(0))
	if got := after.TotalAlloc - before.TotalAlloc; got > 2*need {
		t.Errorf("lexing %d tokens allocated %d bytes, want at most %d (twice the tokens and their matches)", len(s.toks), got, 2*need)
	}
}

// TestInlineS23Decisions: gaps of the reader of inline code, each code
// that runs a command or deletes a file yet was allowed, even in
// bypassPermissions mode (Y), and neighbours that must stay allowed (D).
// testEnv: project /home/u/proj, home /home/u.
func TestInlineS23Decisions(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		// Here-documents with a delimiter in lower case, after a
		// backslash, or after spaces, were shifts whose text's quote
		// opened a string that swallowed the system after it.
		{"ruby <<~eos", Y, nil, "ruby -e 'x = <<~eos\n\"\neos\nsystem(\"rm -rf ~\")'", Ask},
		{"ruby <<-eos", Y, nil, "ruby -e 'x = <<-eos\n\"\neos\nsystem(\"rm -rf ~\")'", Ask},
		{"ruby <<~`EOS` runs its text", Y, nil, "ruby -e 'x = <<~`EOS`\nrm -rf ~\nEOS\n'", Ask},
		{"perl <<eos", Y, nil, "perl -e 'my $x = <<eos;\n\"\neos\nsystem(\"rm -rf ~\");'", Ask},
		{"perl <<\\EOS", Y, nil, "perl -e 'my $x = <<\\EOS;\n\"\nEOS\nsystem(\"rm -rf ~\");'", Ask},
		{"perl << \"EOS\"", Y, nil, "perl -e 'my $x = << \"EOS\";\n\"\nEOS\nsystem(\"rm -rf ~\");'", Ask},
		{"php <<<eos", Y, nil, "php -r '$x = <<<eos\n\"\neos;\nsystem(\"rm -rf ~\");'", Ask},
		{"neighbour: ruby class <<self", D, nil, `ruby -e 'class <<self; def x; 1; end; end; p 1'`, Allow},
		{"neighbour: ruby append", D, nil, `ruby -e 'a = []; a << "x" << "y"; p a'`, Allow},
		{"neighbour: perl shift", D, nil, `perl -e 'print 1 << 3, 1<<$n, "\n"'`, Allow},
		// PHP calls a function named by a string wherever a function
		// goes: array_map('system', …) ran rm -rf ~ unseen.
		{"php array_map('system')", Y, nil, `php -r "array_map('system', ['rm -rf ~']);"`, Ask},
		{"php array_map of a concatenation", Y, nil, `php -r "array_map('sys'.'tem', ['rm -rf ~']);"`, Ask},
		{"php array_walk('exec')", Y, nil, `php -r '$a = ["rm -rf ~"]; array_walk($a, "Exec");'`, Ask},
		{"php array_map('unlink')", Y, nil, `php -r "array_map('unlink', glob('/home/u/.ssh/*'));"`, Ask},
		{"php register_shutdown_function('passthru')", Y, nil, `php -r "register_shutdown_function('passthru', 'rm -rf ~');"`, Ask},
		{"php 'system'(…)", Y, nil, `php -r "'system'('rm -rf ~');"`, Ask},
		{"php [\"system\"][0](…)", Y, nil, `php -r '["system"][0]("rm -rf ~");'`, Ask},
		{"php a string in a variable, then a callback", Y, nil, `php -r '$f = "shell_exec"; echo implode(array_map($f, ["rm -rf ~"]));'`, Ask},
		{"php a callback only known at run time", Y, nil, `php -r 'array_map(strrev("metsys"), ["rm -rf ~"]);'`, Ask},
		{"php usort with a callback in a variable", Y, nil, `php -r 'usort($a, $cmp);'`, Ask},
		{"neighbour: php array_map('trim')", D, nil, `php -r "print_r(array_map('trim', explode(',', 'a, b')));"`, Allow},
		{"neighbour: php array_map of a closure", D, nil, `php -r 'print_r(array_map(fn($x) => $x * 2, [1, 2]));'`, Allow},
		{"neighbour: php usort of a function", D, nil, `php -r '$a = [3, 1]; usort($a, function($x, $y) { return $x <=> $y; }); print_r($a);'`, Allow},
		// Python: a name bound to os.system, or os itself, passed as a
		// value, and functions reached by a name in a string.
		{"python f = os.system; map(f, …)", Y, nil, `python3 -c 'import os; f = os.system; list(map(f, ["rm -rf ~"]))'`, Ask},
		{"python map(system, …) after from os import system", Y, nil, `python3 -c 'from os import system; list(map(system, ["rm -rf ~"]))'`, Ask},
		{"python p = 1 and system", Y, nil, `python3 -c 'from os import system; p = 1 and system; p("rm -rf ~")'`, Ask},
		{"python [s][0](…)", Y, nil, `python3 -c 'import os; s = os.system; [s][0]("rm -rf ~")'`, Ask},
		{"python m = os; m.system", Y, nil, `python3 -c 'import os; m = os; m.system("rm -rf ~")'`, Deny},
		{"python [os][0].system", Y, nil, `python3 -c 'import os; m = [os][0]; m.system("rm -rf ~")'`, Ask},
		{"python (lambda: os)().system", Y, nil, `python3 -c 'import os; (lambda: os)().system("rm -rf ~")'`, Ask},
		{"python operator.attrgetter", Y, nil, `python3 -c 'import os, operator; operator.attrgetter("system")(os)("rm -rf ~")'`, Ask},
		{"python operator.methodcaller", Y, nil, `python3 -c 'import os, operator; operator.methodcaller("system", "rm -rf ~")(os)'`, Ask},
		{"python from os import (…) over lines", Y, nil, "python3 -c 'from os import (\n    getcwd,\n    system,\n)\nsystem(\"rm -rf ~\")'", Deny},
		{"python os.__getattribute__", Y, nil, `python3 -c 'import os; f = os.__getattribute__("system"); f("rm -rf ~")'`, Ask},
		{"python os.system.__call__", Y, nil, `python3 -c 'import os; f = os.system.__call__; f("rm -rf ~")'`, Ask},
		{"perl \\&CORE::system", Y, nil, `perl -e 'my $f = \&CORE::system; $f->("rm -rf ~")'`, Ask},
		{"neighbour: perl a reference to a sub of its own", D, nil, `perl -e 'sub hi { print "hi\n" } my $f = \&hi; $f->(); print 6 & 3, "\n"'`, Allow},
		{"neighbour: python a dunder of its own", D, nil, `python3 -c 'import os; print(os.__name__, os.path.__name__, __name__)'`, Allow},
		{"neighbour: python import os as a value of its own", D, nil, `python3 -c 'import os, sys; from os import path; import subprocess as sp; print(os.getcwd(), sp.PIPE, path.join("a", "b"))'`, Allow},
		{"neighbour: python operator.attrgetter of a field", D, nil, `python3 -c 'import operator; print(sorted([], key=operator.attrgetter("name")))'`, Allow},
		// JavaScript: child_process reached by import() and a computed
		// member.
		{"node (await import('child_process'))['exec']", Y, nil, `node -e '(async () => { (await import("child_process"))["exec"]("rm -rf ~") })()'`, Ask},
		{"node import().then(m => m['exec'])", Y, nil, `node -e 'import("child_process").then(m => m["exec"]("rm -rf ~"))'`, Ask},
		{"node import().then(m => m[k])", Y, nil, `node -e 'const k = process.argv[1]; import("node:child_process").then((m) => m[k]("rm -rf ~"))'`, Ask},
		{"node cp = await import(); cp[k]", Y, nil, `node -e 'const cp = await import("child_process"); cp[process.env.K]("rm -rf ~")'`, Ask},
		{"node cp = await import(); cp['exec']", Y, nil, `node -e 'const cp = await import("child_process"); cp["exec"]("rm -rf ~")'`, Ask},
		{"node import(…)[k]", Y, nil, `node -e 'const k = "exec"; (await import("child_process"))[k]("rm -rf ~")'`, Ask},
		{"node x['execSync'] on a name not followed", Y, nil, `node -e 'const o = {c: require("child_process")}; o.c["execSync"]("rm -rf ~")'`, Ask},
		{"neighbour: node import().then(m => m.execSync)", Y, nil, `node -e 'import("child_process").then(m => m.execSync("rm -rf ~"))'`, Deny},
		{"neighbour: node a computed member elsewhere", D, nil, `node -e 'const {execSync} = require("child_process"); const o = {a: 1}; console.log(o["a"], execSync("git status").toString())'`, Allow},
		// A regular expression after the ) of an if (JavaScript) or the
		// } of a block (JavaScript, Perl) was read as a division, and
		// the quote in it opened a string that swallowed the call after
		// it.
		{"node if (x) /\"/", Y, nil, `node -e 'if (x) /"/.test(s); require("child_process").execSync("rm -rf ~")'`, Deny},
		{"node while (x) /'/", Y, nil, `node -e "while (f()) /'/.test(s); require('child_process').execSync('rm -rf ~')"`, Deny},
		{"node if (x) {} /\"/", Y, nil, `node -e 'if (x) {} /"/.test(s); require("child_process").execSync("rm -rf ~")'`, Deny},
		{"perl for (…) {} /\"/", Y, nil, `perl -e 'for (@a) { 1 } /"/; system("rm -rf ~");'`, Deny},
		{"perl if (…) {} /\"/ and", Y, nil, `perl -e 'if ($x) { 1 } /"/ and 1; system("rm -rf ~"); "'`, Deny},
		{"perl map {…} /\"/", Y, nil, `perl -e 'my @x = map { $_ } /"/g; system("rm -rf ~");'`, Deny},
		{"neighbour: node division after )", D, nil, `node -e 'const x = (a + b) / 2, y = f(x) / 3; console.log("a/b", x / y)'`, Allow},
		{"neighbour: node division after an object", D, nil, `node -e 'const o = {a: 1}; console.log(Object.keys({a: 1}).length / 2, "x/y")'`, Allow},
		{"neighbour: perl division after a subscript", D, nil, `perl -e 'my %h = (a => 4, b => 2); print $h{a} / $h{b}, $r->{a}{b} / 2, do { 6 } / 3, "a/b\n"'`, Allow},
		{"neighbour: perl regex after a block", D, nil, `perl -ne 'if (1) { $n++ } /"(\w+)"/ and print "$1\n"' data.txt`, Allow},
		// Code in a string's interpolation runs: it was not read, and a
		// Ruby string ended at the first quote inside its #{…}.
		{"ruby \"#{system(\"…\")}\"", Y, nil, `ruby -e 'puts "#{system("rm -rf ~")}"'`, Deny},
		{"ruby \"#{system('…')}\"", Y, nil, `ruby -e "puts \"#{system('rm -rf ~')}\""`, Deny},
		{"python f\"{os.system(…)}\"", Y, nil, `python3 -c "import os; print(f'{os.system(\"rm -rf ~\")}')"`, Deny},
		{"python f-string with an alias", Y, nil, `python3 -c 'import subprocess as sp; print(f"{sp.run(["rm", "-rf", "/"])}")'`, Deny},
		{"python f\"{…}\" of a command only known at run time", Y, nil, `python3 -c 'import os; print(f"{os.system(chr(114)+chr(109))}")'`, Ask},
		{"python f\"{$x}\": the shell fills in code", Y, nil, `python3 -c "print(f'{$X}')"`, Ask},
		{"node `${execSync(…)}`", Y, nil, "node -e 'console.log(`${require(\"child_process\").execSync(\"rm -rf ~\")}`)'", Deny},
		{"perl \"@{[ system(…) ]}\"", Y, nil, `perl -e 'print "@{[ system(q(rm -rf ~)) ]}"'`, Deny},
		{"php \"{$f(…)}\"", Y, nil, `php -r '$f = "strtoupper"; echo "{$f("rm -rf ~")}";'`, Ask},
		{"neighbour: python f-strings", D, nil, `python3 -c 'import sys; v = sys.version_info; print(f"{v.major}.{v.minor} {{literal}} {v!r:>10}")'`, Allow},
		{"neighbour: ruby interpolation", D, nil, `ruby -e 'x = [1, 2]; puts "n=#{x.map { |i| "<#{i}>" }.join(",")}"'`, Allow},
		{"neighbour: node template", D, nil, "node -e 'const a = [1, 2]; console.log(`sum ${a.reduce((x, y) => x + y, 0)} of ${a.map(x => `${x}`).join(\"+\")}`)'", Allow},
		{"neighbour: perl and php interpolation", D, nil, `perl -e 'my @a = (1, 2); print "n=@{[ scalar @a ]} ${\ join(",", @a)}\n"'`, Allow},
		{"neighbour: php function_exists('exec')", D, nil, `php -r "var_dump(function_exists('exec'), is_callable('proc_open'));"`, Allow},
	})
}
