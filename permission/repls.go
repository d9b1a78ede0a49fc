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

// repls are the runners of replSpec, by lower-case name.
var repls = lazy[map[string]replSpec]{build: func() map[string]replSpec {
	return map[string]replSpec{
		"racket":       {lang: "Racket", code: []string{"-e", "--eval"}, stdin: true, cluster: true},
		"csi":          {lang: "Scheme", code: []string{"-e", "-eval", "-p", "-print", "-P", "-pretty-print"}, stdin: true},
		"gosh":         {lang: "Scheme", code: []string{"-e", "-E"}, stdin: true},
		"janet":        {lang: "Janet", code: []string{"-e"}, stdin: true},
		"ecl":          {lang: "Lisp", code: []string{"-eval", "--eval"}, stdin: true},
		"clojure":      {lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true},
		"clj":          {lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true},
		"scala":        {lang: "Scala", code: []string{"-e"}, stdin: true},
		"kotlin":       {lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true},
		"kotlinc":      {lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true},
		"groovy":       {lang: "Groovy", code: []string{"-e"}},
		"julia":        {lang: "Julia", code: []string{"-e", "--eval", "-E", "--print"}, stdin: true, cluster: true},
		"elixir":       {lang: "Elixir", code: []string{"-e", "--eval"}},
		"iex":          {lang: "Elixir", code: []string{"-e", "--eval"}, stdin: true},
		"erl":          {lang: "Erlang", code: []string{"-eval"}, stdin: true, calls: []string{"-s", "-run", "-S"}},
		"ocaml":        {lang: "OCaml", code: []string{"-e"}, stdin: true},
		"utop":         {lang: "OCaml", stdin: true},
		"crystal":      {lang: "Crystal", eval: "eval", evalPrefix: true},
		"nim":          {lang: "Nim", code: []string{"--eval"}},
		"v":            {lang: "V", code: []string{"-e"}},
		"dotnet":       {lang: "C#", sub: "script", eval: "eval", stdin: true},
		"jshell":       {lang: "Java", stdin: true},
		"ghc":          {lang: "Haskell", code: []string{"-e"}},
		"ghci":         {lang: "Haskell", code: []string{"-e"}, stdin: true},
		"swift":        {lang: "Swift", code: []string{"-e"}, stdin: true},
		"chez":         {lang: "Scheme", stdin: true},
		"scheme":       {lang: "Scheme", code: []string{"--eval"}, stdin: true}, // Chez's, or MIT's
		"petite":       {lang: "Scheme", stdin: true},
		"chibi-scheme": {lang: "Scheme", code: []string{"-e", "-p"}, stdin: true},
		"mit-scheme":   {lang: "Scheme", code: []string{"--eval"}, stdin: true},
		"newlisp":      {lang: "Lisp", code: []string{"-e"}, stdin: true},
		"bb":           {lang: "Clojure", code: []string{"-e", "--eval"}, stdin: true},
		"fennel":       {lang: "Fennel", code: []string{"-e", "--eval"}, stdin: true},
		"hy":           {lang: "Hy", code: []string{"-c"}, stdin: true},
		"raku":         {lang: "Raku", code: []string{"-e"}, stdin: true},
		"rakudo":       {lang: "Raku", code: []string{"-e"}, stdin: true},
		"perl6":        {lang: "Raku", code: []string{"-e"}, stdin: true},
		"qjs":          {lang: "JavaScript", code: []string{"-e", "--eval"}, stdin: true},
		"octave":       {lang: "Octave", code: []string{"--eval"}, stdin: true},
		"gnuplot":      {lang: "gnuplot", code: []string{"-e"}, stdin: true},
		"nu":           {lang: "Nushell", code: []string{"-c", "--commands"}, stdin: true},
		"xonsh":        {lang: "xonsh", code: []string{"-c"}, stdin: true},
		"elvish":       {lang: "Elvish", code: []string{"-c"}, stdin: true},
		"mix":          {lang: "Elixir", code: []string{"-e", "--eval"}},
		"lein":         {lang: "Clojure", sub: "repl", stdin: true},
		"sbt":          {lang: "Scala", sub: "console", stdin: true, cmds: []string{"eval", "set"}},
		"kotlinc-jvm":  {lang: "Kotlin", code: []string{"-e", "-expression"}, stdin: true},
		"scala-cli":    {lang: "Scala", code: []string{"-e", "--execute-script", "--execute-scala"}, stdin: true},
		"scala3":       {lang: "Scala", code: []string{"-e"}, stdin: true},
	}
}}

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
	s, ok := repls.get()[n]
	if !ok {
		return ""
	}
	why, _ := replCode(n, s, args)
	return why
}

// replInput is inputCommands for the runners of repls: given no code and
// no script, what feeds one is its program.
func replInput(n string, args []Word) string {
	s, ok := repls.get()[n]
	if !ok {
		return ""
	}
	if why, reads := replCode(n, s, args); why == "" && reads {
		return n + " runs " + s.lang + " code read from its input, which the analysis cannot read"
	}
	return ""
}
