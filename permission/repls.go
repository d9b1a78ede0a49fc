package permission

import (
	"slices"
	"strings"
)

// replSpec says how the runner of a language the inline-code reader does
// not read (inline.go) is given code: options whose value is code it
// evaluates (racket -e, julia -e, erl -eval), a subcommand that evaluates
// its operands (crystal eval, dotnet script eval), and whether, given
// neither code nor a script file, it reads code from its input (a REPL:
// echo '(delete-file "/tmp/x")' | racket). A script file is run as
// python3's is.
type replSpec struct {
	lang string
	code []string // options whose value is code: -e CODE, -e=CODE, --eval:CODE
	sub  string   // the subcommand that runs code at all ("" for any)
	eval string   // the word (after sub) whose operands are code
	// evalPrefix: any prefix of eval is it (crystal e, crystal ev: its
	// commands are matched so).
	evalPrefix bool
	stdin      bool
	// cluster: its single-letter options may be bundled, the value of
	// the last attached or in the next word (getopt's julia -qe CODE,
	// -eCODE; racket -ie CODE).
	cluster bool
	// cmds: its operands are commands of its own, several in one word
	// joined by ";" (sbt compile "; set x := 1; test"), and these of
	// them evaluate code (sbt eval EXPR; sbt set SETTING, whose value is
	// a Scala expression); sub, and the commands it begins
	// (consoleQuick), may be any of them. Given none, it reads its
	// commands from its input.
	cmds []string
	// calls: options that call a function named by the next words,
	// module then function, with the words after as its arguments (erl
	// -s, -run, -S). Given arguments, any function does what they say
	// (erl -run os cmd CMD runs CMD); without, it is the project's own
	// entry point (erl -s mymod start) or one that needs none (-s init
	// stop).
	calls []string
}

// replOf returns the replSpec of the runner named n (lower case), or
// false.
func replOf(n string) (replSpec, bool) {
	for i := range repls {
		if repls[i].name == n {
			return repls[i].spec, true
		}
	}
	return replSpec{}, false
}

// namedRepl is a row of repls.
type namedRepl struct {
	name string
	spec replSpec
}

// repls are the runners of replSpec, by lower-case name, one row a name
// (TestReplsUnique): a table the compiler lays out in the binary's data,
// not a map built as the program runs.
var repls = [...]namedRepl{
	{"racket", replSpec{lang: "Racket", code: []string{"-e", "--eval"}, stdin: true, cluster: true}},
	{"csi", replSpec{lang: "Scheme", code: []string{"-e", "-eval", "-p", "-print", "-P", "-pretty-print"}, stdin: true}},
	{"gosh", replSpec{lang: "Scheme", code: []string{"-e", "-E"}, stdin: true}},
	{"janet", replSpec{lang: "Janet", code: []string{"-e"}, stdin: true}},
	{"ecl", replSpec{lang: "Lisp", code: []string{"-eval", "--eval"}, stdin: true}},
	{"clojure", replSpec{lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true}},
	{"clj", replSpec{lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true}},
	{"scala", replSpec{lang: "Scala", code: []string{"-e"}, stdin: true}},
	{"kotlin", replSpec{lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true}},
	{"kotlinc", replSpec{lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true}},
	{"groovy", replSpec{lang: "Groovy", code: []string{"-e"}}},
	{"julia", replSpec{lang: "Julia", code: []string{"-e", "--eval", "-E", "--print"}, stdin: true, cluster: true}},
	{"elixir", replSpec{lang: "Elixir", code: []string{"-e", "--eval"}}},
	{"iex", replSpec{lang: "Elixir", code: []string{"-e", "--eval"}, stdin: true}},
	{"erl", replSpec{lang: "Erlang", code: []string{"-eval"}, stdin: true, calls: []string{"-s", "-run", "-S"}}},
	{"ocaml", replSpec{lang: "OCaml", code: []string{"-e"}, stdin: true}},
	{"utop", replSpec{lang: "OCaml", stdin: true}},
	{"crystal", replSpec{lang: "Crystal", eval: "eval", evalPrefix: true}},
	{"nim", replSpec{lang: "Nim", code: []string{"--eval"}}},
	{"v", replSpec{lang: "V", code: []string{"-e"}}},
	{"dotnet", replSpec{lang: "C#", sub: "script", eval: "eval", stdin: true}},
	{"jshell", replSpec{lang: "Java", stdin: true}},
	{"ghc", replSpec{lang: "Haskell", code: []string{"-e"}}},
	{"ghci", replSpec{lang: "Haskell", code: []string{"-e"}, stdin: true}},
	{"swift", replSpec{lang: "Swift", code: []string{"-e"}, stdin: true}},
	{"chez", replSpec{lang: "Scheme", stdin: true}},
	{"scheme", replSpec{lang: "Scheme", code: []string{"--eval"}, stdin: true}}, // Chez's, or MIT's
	{"petite", replSpec{lang: "Scheme", stdin: true}},
	{"chibi-scheme", replSpec{lang: "Scheme", code: []string{"-e", "-p"}, stdin: true}},
	{"mit-scheme", replSpec{lang: "Scheme", code: []string{"--eval"}, stdin: true}},
	{"newlisp", replSpec{lang: "Lisp", code: []string{"-e"}, stdin: true}},
	{"bb", replSpec{lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true}},
	{"fennel", replSpec{lang: "Fennel", code: []string{"-e", "--eval"}, stdin: true}},
	{"hy", replSpec{lang: "Hy", code: []string{"-c"}, stdin: true}},
	{"raku", replSpec{lang: "Raku", code: []string{"-e"}, stdin: true}},
	{"rakudo", replSpec{lang: "Raku", code: []string{"-e"}, stdin: true}},
	{"perl6", replSpec{lang: "Raku", code: []string{"-e"}, stdin: true}},
	{"qjs", replSpec{lang: "JavaScript", code: []string{"-e", "--eval"}, stdin: true}},
	{"octave", replSpec{lang: "Octave", code: []string{"--eval"}, stdin: true}},
	{"gnuplot", replSpec{lang: "gnuplot", code: []string{"-e"}, stdin: true}},
	{"nu", replSpec{lang: "Nushell", code: []string{"-c", "--commands"}, stdin: true}},
	{"xonsh", replSpec{lang: "xonsh", code: []string{"-c"}, stdin: true}},
	{"elvish", replSpec{lang: "Elvish", code: []string{"-c"}, stdin: true}},
	{"mix", replSpec{lang: "Elixir", code: []string{"-e", "--eval"}}},
	{"lein", replSpec{lang: "Clojure", sub: "repl", stdin: true}},
	{"sbt", replSpec{lang: "Scala", sub: "console", stdin: true, cmds: []string{"eval", "set"}}},
	{"kotlinc-jvm", replSpec{lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true}},
	{"scala-cli", replSpec{lang: "Scala", code: []string{"-e", "--execute-script", "--execute-scala"}, stdin: true}},
	{"scala3", replSpec{lang: "Scala", code: []string{"-e"}, stdin: true}},
}

// replCode reads the command line of a runner of repls: why it runs code
// the analysis cannot read there (-e CODE, crystal eval CODE, a script
// read from its input by "-"), and whether, given no code and no script,
// it reads code from its input. why is "" for none.
func replCode(n string, s replSpec, args []Word) (why string, reads bool) {
	var ops []Word
	for i, w := range args {
		t := w.Text
		if !w.Literal {
			ops = append(ops, w)
			continue
		}
		if slices.Contains(s.calls, t) && callsWithArgs(args[i+1:]) {
			return n + " " + t + " calls a " + s.lang + " function with arguments of the command line, any function, which the analysis cannot follow", false
		}
		for _, o := range s.code {
			if t == o || strings.HasPrefix(t, o) && len(t) > len(o) && (t[len(o)] == '=' || t[len(o)] == ':') {
				return n + " " + o + " evaluates " + s.lang + " code, which the analysis cannot read", false
			}
		}
		if s.cluster && shortCluster(t) && !strings.Contains(t, "=") {
			for _, o := range s.code {
				if len(o) == 2 && strings.IndexByte(t[1:], o[1]) >= 0 {
					return n + " " + shorten(t) + " evaluates " + s.lang + " code, which the analysis cannot read", false
				}
			}
		}
		if t == "-" {
			return n + " - runs " + s.lang + " code read from its input, which the analysis cannot read", false
		}
		if !strings.HasPrefix(t, "-") {
			ops = append(ops, w)
		}
	}
	if len(s.cmds) > 0 {
		return cmdsCode(n, s, ops)
	}
	if s.sub != "" {
		if len(ops) == 0 || !ops[0].Literal || ops[0].Text != s.sub {
			return "", false
		}
		ops = ops[1:]
	}
	if s.eval != "" && len(ops) > 0 && ops[0].Literal && (ops[0].Text == s.eval || s.evalPrefix && ops[0].Text != "" && strings.HasPrefix(s.eval, ops[0].Text)) {
		if len(ops) > 1 {
			return n + " " + ops[0].Text + " evaluates " + s.lang + " code, which the analysis cannot read", false
		}
		return "", true // crystal eval, fed its code
	}
	return "", s.stdin && len(ops) == 0
}

// callsWithArgs reports whether the words after a replSpec.calls option,
// ws, give the function arguments, or may: MOD FUN ARG…, up to the next
// option; a word only known at run time may be any of them.
func callsWithArgs(ws []Word) bool {
	for k, w := range ws {
		switch {
		case w.Literal && (strings.HasPrefix(w.Text, "-") || strings.HasPrefix(w.Text, "+")):
			return false
		case !w.Literal || k >= 2:
			return true
		}
	}
	return false
}

// cmdsCode is replCode for a runner whose operands, ops, are its own
// commands (replSpec.cmds).
func cmdsCode(n string, s replSpec, ops []Word) (why string, reads bool) {
	for _, w := range ops {
		for part := range strings.SplitSeq(w.Text, ";") {
			f := strings.Fields(part)
			switch {
			case len(f) == 0:
			case !w.Literal && strings.ContainsAny(f[0], "$`"):
				return n + " runs a command only known at run time (" + shorten(w.Text) + "), which may evaluate " + s.lang + " code", false
			case slices.Contains(s.cmds, f[0]):
				return n + " " + f[0] + " evaluates " + s.lang + " code, which the analysis cannot read", false
			case s.sub != "" && strings.HasPrefix(f[0], s.sub):
				reads = true
			}
		}
	}
	return "", s.stdin && (reads || len(ops) == 0)
}

// replRuns is hiddenRun for the runners of repls: code given on the
// command line.
func replRuns(n string, args []Word) string {
	s, ok := replOf(n)
	if !ok {
		return ""
	}
	why, _ := replCode(n, s, args)
	return why
}

// replInput is inputCommands for the runners of repls: given no code and
// no script, what feeds one is its program.
func replInput(n string, args []Word) string {
	s, ok := replOf(n)
	if !ok {
		return ""
	}
	if why, reads := replCode(n, s, args); why == "" && reads {
		return n + " runs " + s.lang + " code read from its input, which the analysis cannot read"
	}
	return ""
}
