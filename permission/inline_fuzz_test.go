package permission

import "testing"

// FuzzInlineCode checks that the reader of inline code never panics on
// code of any language and keeps its own invariants: tokens lie in the
// code in order, brackets match both ways, and its work stays near its
// bound.
func FuzzInlineCode(f *testing.F) {
	for _, s := range []string{
		`import os; os.system("rm -rf ~")`,
		"x = <<~EOS\n\"\nEOS\nsystem(\"rm\")",
		`if (x) /"/.test(s); require("child_process")["exec"]("x")`,
		`for (@a) { 1 } /"/; system("rm");`,
		`array_map('sys'.'tem', ["x"]); $f = "exec"; $f("y");`,
		"from os import (\n system,\n)\nf = system; list(map(f, []))",
		"`${`\"`}` + $`ls` + qx{ls} + %x(ls) + [[x]] + q(a) + s/a/b/g",
		`BEGIN { print > "f"; "cmd" | getline; print |& "c" }`,
		`NR==1 {print "a", $1 > "f"; printf("%s\n", $NF)} $1 == "b" || "c" ~ $2 {gsub(/d/, ""); $0 = "e"; print x}`,
		"e = os.environ.copy(); f = {**e}; print(f\"{f}\"); const {env: {X}, env: g} = globalThis.process; const p = process; q = {...p.env}; h = Object.assign({}, process[\"env\"]); run(env=e); x({env})",
		`print(os.environ["X"], os.environ); $ENV{A}; print %ENV; "$ENV{B}"; ENV.fetch "C"; getenv(); process.env[k]`,
		`print("r" + "m -rf ~"); console.log('a', "b"); process.stdout.write("c"); print "d", "e"; say("f"); puts "g\n", "h"; echo "i", 'j';`,
		`print ("a") . "b"; print STDOUT "x" if 1; print; puts; print(f"{x}", end="")`,
		`import {env as e, argv} from "node:process"; import * as p from "process"; import q, {env} from "process"; Reflect.get(process, "e"+"nv"); globalThis["process"]["env"]; require("process")[k]; const {env: r} = globalThis["process"]; x({env: Reflect.get(p, "env")})`,
	} {
		f.Add(uint8(langPython), s)
		f.Add(uint8(langJS), s)
		f.Add(uint8(langPerl), s)
		f.Add(uint8(langAwk), s)
	}
	f.Fuzz(func(t *testing.T, lang uint8, src string) {
		s := codeScan{lang: codeLang(lang % uint8(langAwk+1)), src: src}
		if s.lang == langNone {
			s.lang = langPython
		}
		s.lex()
		p := codeScan{lang: s.lang, src: src, toks: s.toks, match: s.match}
		s.scan()
		p.printedAll("\n")
		awkPrintsOwn(src)
		prev := 0
		for k, tok := range s.toks {
			if tok.from < prev || tok.from > tok.to || tok.to > len(src) {
				t.Fatalf("token %d %q at %d:%d after %d in %d bytes", k, tok.text, tok.from, tok.to, prev, len(src))
			}
			prev = tok.from
			if m := s.match[k]; m >= 0 && (m >= len(s.toks) || s.match[m] != k) {
				t.Fatalf("token %d matches %d, which matches back %d", k, m, s.match[m])
			}
		}
		if s.work > 2*maxCodeWork+len(src) {
			t.Fatalf("%d steps of work, bound %d", s.work, maxCodeWork)
		}
	})
}
