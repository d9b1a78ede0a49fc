package permission

import "strings"

// Inline code's reads of the environment: os.environ["GITHUB_TOKEN"],
// process.env.NPM_TOKEN, $ENV{AWS_SECRET_ACCESS_KEY}, ENV["X_TOKEN"],
// getenv("API_KEY") are read as `printenv NAME`, and the whole
// environment printed or copied out (print(os.environ),
// console.log(process.env), print %ENV, puts ENV.to_h, print_r($_SERVER))
// as `env`, so that checkSecretVar judges them as it judges the shell's:
// a secret-named variable's value asks where no sandbox scrubs the
// environment (Engine.EnvScrubbed), HOME and PATH do not.

// envObjects returns, for a language, the names of the environment as a
// table (Perl's is %ENV, lexed as % and ENV, and $ENV{…}). A switch, not
// a map: a map literal is built when every mewsandbox process starts.
func envObjects(lang codeLang) []string {
	switch lang {
	case langPython:
		return []string{"os.environ", "os.environb", "posix.environ"}
	case langJS:
		return []string{"process.env", "Bun.env", "Deno.env"}
	case langPerl:
		return []string{"$ENV", "ENV"}
	case langRuby:
		return []string{"ENV"}
	case langPHP:
		return []string{"$_ENV", "$_SERVER"}
	case langAwk:
		return []string{"ENVIRON"}
	}
	return nil
}

// isEnvGetter says whether m, a method of an environment table, returns
// the variable its first argument names.
func isEnvGetter(m string) bool {
	switch m {
	case "get", "pop", "setdefault", "fetch", "delete":
		return true
	}
	return false
}

// envNamesOnly says whether m, a method of an environment table, gives
// its names or tests one, or writes: no value.
func envNamesOnly(m string) bool {
	switch m {
	case "keys", "has", "__contains__", "size", "length", "hasOwnProperty",
		// Ruby's key?, has_key?, include?, member?, empty?, lexed without ?.
		"key", "has_key", "include", "member", "empty",
		// Writes: os.environ.update(X="1"), ENV.store, ENV.replace.
		"update", "store", "replace", "putenv", "clear":
		return true
	}
	return false
}

// envRead adds to what the code does the read of the environment the
// name at token i makes, if any.
func (s *codeScan) envRead(i int) {
	t := s.toks[i]
	if s.imported[i] {
		return // from os import environ names it, reads nothing
	}
	name := t.text
	if s.lang == langPython {
		name = s.resolve(name)
	}
	obj, rest := s.envObject(name)
	switch {
	case obj == "" && !envGetterOf(s.lang, name):
		return
	case obj == "":
		// PHP's getenv() and R's Sys.getenv() return every variable.
		s.envGet(i, name, name == "getenv" || name == "Sys.getenv")
	case s.lang == langPerl && obj == "ENV":
		// %ENV whole, but keys %ENV (names) and $ENV, lexed apart.
		if i > 0 && s.toks[i-1].text == "%" && s.toks[i-1].to == t.from &&
			(i < 2 || s.toks[i-2].text != "keys") {
			s.envFound(t.text, s.text(i-1, i+1), "", true)
		}
	case rest == "":
		s.envTable(i)
	case s.lang == langJS && obj != "Deno.env":
		// process.env.NPM_TOKEN (.slice(0, 4)), but process.env.X = v,
		// which sets it.
		key, _, _ := strings.Cut(rest, ".")
		if !envNamesOnly(key) && !s.assigned(i) {
			s.envFound(t.text, t.text, key, false)
		}
	case isEnvGetter(rest):
		s.envGet(i, name, false)
	case !envNamesOnly(rest) && !s.envHandedOn(i, false):
		// os.environ.items(), ENV.to_h, Deno.env.toObject()
		s.envFound(t.text, t.text, "", true)
	}
}

// envObject returns the environment table name is or starts (os.environ
// of os.environ.items) and what follows it, or "".
func (s *codeScan) envObject(name string) (obj, rest string) {
	for _, o := range envObjects(s.lang) {
		if name == o {
			return o, ""
		}
		if r, ok := strings.CutPrefix(name, o+"."); ok {
			return o, r
		}
	}
	return "", ""
}

// envGetterOf says whether name is a call of lang's that returns a
// variable by name.
func envGetterOf(lang codeLang, name string) bool {
	switch name {
	case "os.getenv":
		return lang == langPython || lang == langLua
	case "os.getenvb":
		return lang == langPython
	case "getenv":
		return lang == langPHP
	case "Sys.getenv":
		return lang == langR
	}
	return false
}

// envTable: the table at token i indexed (os.environ["X"], $ENV{X}),
// assigned to, or used whole.
func (s *codeScan) envTable(i int) {
	t := s.toks[i]
	if i+1 < len(s.toks) && (s.toks[i+1].text == "[" || s.lang == langPerl && s.toks[i+1].text == "{") {
		open, close := i+1, s.match[i+1]
		if close <= open {
			return
		}
		if s.assigned(close) {
			return // os.environ["X"] = v sets it
		}
		s.envFound(t.text, s.text(i, close+1), s.envKey(open+1, close), false)
		return
	}
	if !s.envHandedOn(i, true) {
		s.envFound(t.text, t.text, "", true)
	}
}

// assigned says whether token i is followed by an assignment's = (not
// ==, =~ nor =>).
func (s *codeScan) assigned(i int) bool {
	if i+1 >= len(s.toks) || s.toks[i+1].text != "=" {
		return false
	}
	next := s.toks[min(i+2, len(s.toks)-1)]
	return i+2 >= len(s.toks) || next.kind != tokPunct || next.from != s.toks[i+1].to || !strings.Contains("=~>", next.text)
}

// envHandedOn says whether the table at token i is used in a way that
// prints none of its values: a test of a name (x in os.environ), its
// names (Object.keys(process.env)), or a copy handed to a child
// (env=os.environ, {**os.environ}, {...process.env}, env: process.env).
// Only the table itself (bare), not a method's result, is tested by in.
func (s *codeScan) envHandedOn(i int, bare bool) bool {
	if i == 0 {
		return false
	}
	prev := s.toks[i-1].text
	switch prev {
	case "in":
		return bare
	case "*":
		// {**os.environ} copies it, print(*os.environ) prints its names;
		// print(*os.environ.values()) prints every value.
		return bare
	case ".":
		return true
	case "=", ":":
		return i >= 2 && strings.Contains(strings.ToLower(s.toks[i-2].text), "env")
	case "(":
		if i < 2 || i+1 >= len(s.toks) {
			return false
		}
		f, next := s.toks[i-2].text, s.toks[i+1].text
		if f == "dict" && bare && s.lang == langPython && (next == ")" || next == ",") {
			// dict(os.environ, CC="clang"): a copy, handed on where the
			// call is (env=dict(…)), printed where it is (print(dict(…))).
			return s.match[i-1] > i && s.envHandedOn(i-2, false) && !s.calledOn(s.match[i-1])
		}
		if next != ")" {
			return false
		}
		switch f {
		case "Object.keys", "keys":
			return true
		case "len", "sorted", "list", "set", "tuple", "frozenset":
			// A Python mapping gives its keys: sorted(os.environ).
			return bare && s.lang == langPython
		}
	}
	return false
}

// calledOn says whether the value ending at token i has a method called
// on it or is indexed (dict(os.environ).items(), …[k]).
func (s *codeScan) calledOn(i int) bool {
	return i+1 < len(s.toks) && (s.toks[i+1].text == "." || s.toks[i+1].text == "[")
}

// envKey returns the variable's name that tokens from..to hold (a string
// literal, or a Perl bareword), or "" when it is only known at run time.
func (s *codeScan) envKey(from, to int) string {
	if to != from+1 {
		return ""
	}
	k := s.toks[from]
	if k.kind == tokString && k.lit || s.lang == langPerl && k.kind == tokName && !strings.ContainsAny(k.text, "$@%") {
		return k.text
	}
	return ""
}

// envGet: a getter at token i: getenv("X"), os.environ.get(k); with no
// argument, whole prints the environment.
func (s *codeScan) envGet(i int, name string, whole bool) {
	switch j := i + 1; {
	case j < len(s.toks) && s.toks[j].text == "(":
		close := s.match[j]
		if close <= j {
			return
		}
		if close == j+1 {
			if whole {
				s.envFound(name, s.text(i, close+1), "", true)
			}
			return
		}
		end := j + 1
		for end < close && s.toks[end].text != "," {
			end++
		}
		s.envFound(name, s.text(i, close+1), s.envKey(j+1, end), false)
	case j < len(s.toks) && s.toks[j].kind == tokString:
		// ENV.fetch "X"
		s.envFound(name, s.text(i, j+1), s.envKey(j, j+1), false)
	}
}

// perlEnvInString: "$ENV{X_TOKEN}" in a Perl string interpolates the
// variable.
func (s *codeScan) perlEnvInString(t token) {
	v := t.text
	for {
		k := strings.Index(v, "$ENV{")
		if k < 0 {
			return
		}
		v = v[k+len("$ENV{"):]
		end := strings.IndexByte(v, '}')
		if end < 0 {
			return
		}
		key := strings.Trim(v[:end], `'"`)
		if strings.ContainsAny(key, "$@ ") {
			key = ""
		}
		s.envFound("$ENV", "$ENV{"+v[:end]+"}", key, false)
	}
}

// envFound records a read of the variable key, or of the whole
// environment (whole), or of a variable only known at run time (key "").
func (s *codeScan) envFound(name, call, key string, whole bool) {
	switch {
	case whole:
		s.found = append(s.found, codeFound{name: name, call: call, words: []string{"env"}, path: -1})
	case key != "":
		s.found = append(s.found, codeFound{name: name, call: call, words: []string{"printenv", key}, path: -1})
	default:
		// As printenv "$v": a word the shell fills in.
		s.found = append(s.found, codeFound{name: name, call: call, words: []string{"printenv", ""}, path: 1, expr: call})
	}
}
