package permission

import (
	"slices"
	"strings"
)

// Inline code's reads of the environment: os.environ["GITHUB_TOKEN"],
// process.env.NPM_TOKEN, $ENV{AWS_SECRET_ACCESS_KEY}, ENV["X_TOKEN"],
// getenv("API_KEY") are read as `printenv NAME`, and the whole
// environment printed or copied out (print(os.environ),
// console.log(process.env), print %ENV, puts ENV.to_h, print_r($_SERVER))
// as `env`, so that checkSecretVar judges them as it judges the shell's:
// a secret-named variable's value asks where no sandbox scrubs the
// environment (Engine.EnvScrubbed), HOME and PATH do not. A name a
// statement assigns a copy of the table (e = os.environ.copy(), const e
// = {...process.env}, h = ENV.to_h) is that table from then on: print(e)
// prints it, env=e hands it to a child (envAliases).

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
	if s.imported[i] || s.envCopied[i] {
		// from os import environ names it, e = os.environ.copy() copies
		// it: neither reads a value.
		return
	}
	name := s.envName(t.text)
	if s.lang == langJS && i >= 2 && s.toks[i-1].text == "." && s.requiresProcess(i-2) {
		// require("process").env: judged where the require is;
		// (await import("process")).default.env as well.
		if name = "process." + strings.TrimPrefix(name, "default."); name == "process.env" {
			if !s.envHandedOn(s.match[i-2]-1, true) {
				s.envFound(t.text, s.text(s.match[i-2]-1, i+1), "", true)
			}
			return
		}
	}
	if to, ok := s.jsEnvAt(i); ok {
		// process["env"], process["e"+"nv"], Reflect.get(process, "env"),
		// globalThis["process"].env: the table, by another spelling.
		if !s.envHandedOn(i, true) {
			s.envFound(t.text, s.text(i, to+1), "", true)
		}
		return
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
	case s.lang == langJS && obj != "Deno.env" && !strings.HasPrefix(rest, "toObject"):
		// process.env.NPM_TOKEN (.slice(0, 4)), but process.env.X = v,
		// which sets it. (e = Deno.env; e.toObject() is every value.)
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
	if first, r, _ := strings.Cut(name, "."); s.envCopies[first] {
		return first, r
	}
	return "", ""
}

// envName returns the name written as text as the environment's
// tables are named: Python's with its import alias resolved (o.environ),
// JavaScript's without the global object it is reached from
// (globalThis.process.env).
func (s *codeScan) envName(text string) string {
	switch s.lang {
	case langPython:
		name := s.resolve(text)
		switch first, _, _ := strings.Cut(name, "."); first {
		case "environ", "environb", "getenv", "getenvb":
			// from os import *: environ is os.environ.
			if name == text && slices.Contains(s.stars, "os") {
				return "os." + name
			}
		}
		return name
	case langJS:
		for _, g := range []string{"globalThis.", "global.", "window.", "self."} {
			if r, ok := strings.CutPrefix(text, g); ok {
				text = r
				break
			}
		}
		if first, r, ok := strings.Cut(text, "."); ok && s.envCopies[first+"."] {
			// const p = process; p.env, and p.default.env of a module
			// namespace.
			return "process." + strings.TrimPrefix(r, "default.")
		}
	}
	return text
}

// requiresProcess says whether token k closes require("process") (or
// "node:process"), which is process, or a dynamic import of it,
// import("process"), whose namespace holds env (and default, process),
// in parentheses with await: (await import("process")).
func (s *codeScan) requiresProcess(k int) bool {
	if k < 1 || s.toks[k].text != ")" {
		return false
	}
	open := s.match[k]
	if open >= 0 && open+1 < k && s.toks[open+1].text == "await" && s.match[k-1] == open+3 {
		return s.requiresProcess(k - 1)
	}
	if open < 1 || open+2 != k || s.toks[open-1].text != "require" && s.toks[open-1].text != "import" {
		return false
	}
	m := s.toks[open+1]
	return m.kind == tokString && m.lit && strings.TrimPrefix(m.text, "node:") == "process"
}

// processThen: import("process").then(p => …) binds p to the module,
// whose env is the table, and ({env}) => … env itself.
func (s *codeScan) processThen() {
	for i := 0; i+1 < len(s.toks); i++ {
		if s.toks[i].text != "import" || s.toks[i+1].text != "(" || !s.requiresProcess(s.match[i+1]) {
			continue
		}
		k := s.match[i+1] + 1
		if k+3 >= len(s.toks) || s.toks[k].text != "." || s.toks[k+1].text != "then" || s.toks[k+2].text != "(" {
			continue
		}
		k += 3
		for k < len(s.toks) && (s.toks[k].text == "async" || s.toks[k].text == "function" || s.toks[k].text == "(") {
			k++
		}
		switch {
		case k >= len(s.toks):
		case s.toks[k].kind == tokName:
			s.envCopy(k, i)
			delete(s.envCopies, s.toks[k].text)
			s.envCopies[s.toks[k].text+"."] = true
		case s.toks[k].text == "{" && s.match[k] > k:
			for _, a := range s.split(k+1, s.match[k]) {
				if a[1]-a[0] == 1 && s.toks[a[0]].text == "env" {
					s.envCopy(a[0], i)
				}
			}
		}
	}
}

// processAt returns the last token of a JavaScript expression starting
// at token i that is node's process object: process (globalThis.process),
// a name bound to it (const p = process, import * as p from "process"),
// require("process") and globalThis["process"].
func (s *codeScan) processAt(i int) (int, bool) {
	if s.lang != langJS || i >= len(s.toks) || s.toks[i].kind != tokName {
		return 0, false
	}
	t := s.toks[i].text
	if t == "await" {
		return s.processAt(i + 1) // await import("process")
	}
	switch {
	case s.envName(t) == "process" || s.envCopies[t+"."]:
		return i, true
	case i+3 < len(s.toks) && s.requiresProcess(i+3):
		return i + 3, true
	case (t == "globalThis" || t == "global" || t == "window" || t == "self") && i+3 < len(s.toks) &&
		s.toks[i+1].text == "[" && s.match[i+1] == i+3 && s.literalKey(i+2, "process"):
		return i + 3, true
	}
	return 0, false
}

// literalKey says whether token k is the literal string key.
func (s *codeScan) literalKey(k int, key string) bool {
	t := s.toks[k]
	return t.kind == tokString && t.lit && t.text == key
}

// jsEnvAt returns the last token of a JavaScript expression starting at
// token i that is the environment table reached by a spelling other
// than a dotted name: a process expression's computed member that is
// "env" or only known at run time (process["env"], process["e"+"nv"],
// process[k]), its .env after a bracket (require("process").env is
// judged at its env, globalThis["process"].env here), and
// Reflect.get(PROCESS, KEY) with such a key.
func (s *codeScan) jsEnvAt(i int) (int, bool) {
	if s.lang != langJS {
		return 0, false
	}
	if s.toks[i].text == "Reflect.get" && i+1 < len(s.toks) && s.toks[i+1].text == "(" {
		close := s.match[i+1]
		if p, ok := s.processAt(i + 2); ok && close > p+2 && s.toks[p+1].text == "," && s.envKeyAt(p+2, close) {
			return close, true
		}
		return 0, false
	}
	p, ok := s.processAt(i)
	if !ok || p+2 >= len(s.toks) {
		return 0, false
	}
	switch next := s.toks[p+1].text; {
	case next == "[" && s.match[p+1] > p+1 && s.envKeyAt(p+2, s.match[p+1]):
		return s.match[p+1], true
	case next == "." && p > i && s.toks[p].text == "]" && s.toks[p+2].text == "env":
		return p + 2, true
	}
	return 0, false
}

// envKeyAt says whether tokens from..to (a computed member's key) are
// "env", or a key only known at run time, which may be.
func (s *codeScan) envKeyAt(from, to int) bool {
	if to == from+1 && s.toks[from].kind == tokString && s.toks[from].lit {
		return s.toks[from].text == "env"
	}
	return to > from
}

// envAliases records, in order (so that a copy of a copy counts), the
// names a statement assigns the environment or a copy of it: e =
// os.environ, e = os.environ.copy(), e = dict(os.environ, CC="clang"),
// e = {**os.environ}, const e = {...process.env}, Object.assign({},
// process.env), h = ENV.to_h, Deno.env.toObject(). The copy is judged
// where the name is used, as the table would be there.
func (s *codeScan) envAliases() {
	for i := 0; i < len(s.toks); i++ {
		if i > 0 && !strings.Contains("\n;{}", s.toks[i-1].text) {
			continue
		}
		k := i
		switch s.toks[k].text {
		case "const", "let", "var", "local":
			k++
		}
		if s.lang == langJS && k < len(s.toks) && s.toks[k].text == "{" {
			s.envDestructure(k)
			continue
		}
		if s.lang == langJS && k < len(s.toks) && s.toks[k].text == "import" {
			s.envImport(k)
			continue
		}
		if k+2 >= len(s.toks) || s.toks[k].kind != tokName || strings.ContainsAny(s.toks[k].text, ".$@%") || !s.assigned(k) {
			continue
		}
		end := s.statementEnd(k + 2)
		if p, ok := s.processAt(k + 2); ok && p == end-1 {
			// const p = process: p.env is the table. The name is kept
			// with a dot, which no name of the code's has.
			s.envCopy(k, k+2)
			delete(s.envCopies, s.toks[k].text)
			s.envCopies[s.toks[k].text+"."] = true
			continue
		}
		t := s.envCopyAt(k+2, end)
		if t < 0 {
			continue
		}
		s.envCopy(k, t)
	}
}

// jsEnvTo returns where jsEnvAt's table starting at token from ends,
// or -1.
func (s *codeScan) jsEnvTo(from int) int {
	if to, ok := s.jsEnvAt(from); ok {
		return to
	}
	return -1
}

// envImport: an ES module's import from "process" (or "node:process")
// binds process to its namespace or default name (import * as p, import
// p) and the table to env's name (import {env}, import {env as e}).
func (s *codeScan) envImport(k int) {
	end := s.statementEnd(k + 1)
	f := end - 2
	if f <= k || s.toks[f].text != "from" || s.toks[f+1].kind != tokString || !s.toks[f+1].lit ||
		strings.TrimPrefix(s.toks[f+1].text, "node:") != "process" {
		return
	}
	alias := func(n int) {
		s.envCopy(n, f+1)
		delete(s.envCopies, s.toks[n].text)
		s.envCopies[s.toks[n].text+"."] = true
	}
	for j := k + 1; j < f; j++ {
		switch t := s.toks[j]; {
		case t.text == "*" && j+2 < f && s.toks[j+1].text == "as" && s.toks[j+2].kind == tokName:
			alias(j + 2)
			j += 2
		case t.text == "{" && s.match[j] > j && s.match[j] < f:
			for _, a := range s.split(j+1, s.match[j]) {
				switch {
				case a[1]-a[0] == 1 && s.toks[a[0]].text == "env":
					s.envCopy(a[0], f+1)
				case a[1]-a[0] == 3 && s.toks[a[0]].text == "env" && s.toks[a[0]+1].text == "as" && s.toks[a[0]+2].kind == tokName:
					s.envCopy(a[0]+2, f+1)
					s.envCopied[a[0]] = true
				}
			}
			j = s.match[j]
		case t.kind == tokName && t.text != "type":
			alias(j) // import p from "process", import p, {env} …
		}
	}
}

// envCopy records that the name at token k is assigned the table at
// token t.
func (s *codeScan) envCopy(k, t int) {
	if s.envCopies == nil {
		s.envCopies = make(map[string]bool)
	}
	if s.envCopied == nil {
		s.envCopied = make(map[int]bool)
	}
	s.envCopies[s.toks[k].text] = true
	s.envCopied[k], s.envCopied[t] = true, true
}

// envDestructure: const {env} = process, const {env: e} = process bind
// the table to env, or e.
func (s *codeScan) envDestructure(k int) {
	m := s.match[k]
	if m <= k || m+2 >= len(s.toks) || s.toks[m+1].text != "=" {
		return
	}
	if p, ok := s.processAt(m + 2); !ok || p != s.statementEnd(m+2)-1 {
		return
	}
	for _, a := range s.split(k+1, m) {
		switch {
		case a[1]-a[0] == 1 && s.toks[a[0]].text == "env":
			s.envCopy(a[0], m+2)
		case a[1]-a[0] == 3 && s.toks[a[0]].text == "env" && s.toks[a[0]+1].text == ":" && s.toks[a[0]+2].kind == tokName:
			s.envCopy(a[0]+2, m+2)
			s.envCopied[a[0]] = true
		case a[1]-a[0] > 2 && s.toks[a[0]].text == "env" && s.toks[a[0]+1].text == ":":
			// const {env: {GITHUB_TOKEN}} = process: each name read.
			s.envFound("process.env", s.text(a[0], a[1]), "", true)
		}
	}
}

// envCopyAt returns the token of the environment table that tokens
// from..to copy whole, or -1 when they are anything else.
func (s *codeScan) envCopyAt(from, to int) int {
	if to <= from {
		return -1
	}
	n, first := to-from, s.toks[from]
	call := func(k int) bool { return n > k+1 && s.toks[from+k].text == "(" && s.match[from+k] == to-1 }
	switch {
	case n == 1 && s.envTableAt(from, ""):
		return from
	case s.lang == langJS && s.jsEnvTo(from) == to-1:
		return from
	case s.envTableAt(from, "copy", "to_h", "to_hash", "dup", "clone", "toObject") && (n == 1 || n == 3 && call(1)):
		return from
	case (first.text == "dict" || first.text == "structuredClone") && call(1) && s.envTableAt(from+2, "") &&
		(s.toks[from+3].text == ")" || s.toks[from+3].text == ","):
		return from + 2
	case first.text == "{" && s.match[from] == to-1:
		// {**os.environ, …}, {...process.env, …}
		k := from + 1
		for k < to && (s.toks[k].text == "*" || s.toks[k].text == ".") {
			k++
		}
		if k > from+1 && k < to && s.envTableAt(k, "") {
			return k
		}
	case first.text == "Object.assign" && call(1) && n > 6 && s.toks[from+2].text == "{" && s.toks[from+3].text == "}" &&
		s.toks[from+4].text == "," && s.envTableAt(from+5, ""):
		return from + 5
	}
	return -1
}

// envTableAt says whether token k names the environment table followed
// by one of methods ("" for the table itself).
func (s *codeScan) envTableAt(k int, methods ...string) bool {
	t := s.toks[k]
	if t.kind != tokName {
		return false
	}
	obj, rest := s.envObject(s.envName(t.text))
	return obj != "" && slices.Contains(methods, rest)
}

// enclosing returns the bracket that holds token i, or -1.
func (s *codeScan) enclosing(i int) int {
	for k := i - 1; k >= 0; k-- {
		if s.spend(1); s.tooLong {
			return -1
		}
		if t := s.toks[k]; t.kind == tokPunct && strings.Contains("([{", t.text) && s.match[k] > i {
			return k
		}
	}
	return -1
}

// spreadHandedOn says whether the object literal that spreads the table
// at token i ({**os.environ, …}, {...process.env}) is handed to a child
// (env={**os.environ}, {env: {...process.env}}): one printed prints
// every value.
func (s *codeScan) spreadHandedOn(i int) bool {
	b := s.enclosing(i)
	return b > 0 && s.toks[b].text == "{" && s.envHandedOn(b, false)
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
	if s.assigned(i) {
		return // e = …, run(env=e): a name set, or a keyword argument's
	}
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
		// print(*os.environ) prints its names; {**os.environ} copies
		// it, handed on where the literal is; print(*os.environ.values())
		// prints every value.
		if i >= 2 && s.toks[i-2].text == "*" {
			return bare && s.spreadHandedOn(i)
		}
		return bare
	case ".":
		if i >= 3 && s.toks[i-2].text == "." && s.toks[i-3].text == "." {
			return s.spreadHandedOn(i) // {...process.env}
		}
		return true
	case "=", ":":
		// env=os.environ, a keyword argument, and {env: process.env} hand
		// it to a child; my_env = … is a statement's copy (envAliases),
		// judged where it is used.
		return i >= 2 && strings.Contains(strings.ToLower(s.toks[i-2].text), "env") &&
			(prev == ":" || i >= 3 && (s.toks[i-3].text == "(" || s.toks[i-3].text == ","))
	case "{", ",":
		// JavaScript's shorthand {env}, {stdio, env}: a copy handed to a
		// child as its environment.
		next := ""
		if i+1 < len(s.toks) {
			next = s.toks[i+1].text
		}
		b := -1
		if s.lang == langJS && bare && strings.Contains(strings.ToLower(s.toks[i].text), "env") && (next == "}" || next == ",") {
			b = s.enclosing(i)
		}
		return b >= 0 && s.toks[b].text == "{"
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

// Paths inline code reads from the environment: export K=~/.ssh/id_rsa;
// python3 -c 'open(os.environ["K"]).read()' reads the key as cat "$K"
// does. A file call's path that is a variable read by a name written
// out is that variable's value: the one the command's own assignment
// gives it (K=… python3 -c …, env K=… node -e …), else "$K", which the
// values the line assigns are put in (readValues), as for the shell's
// commands.

// envPathKey returns the variable a path's expression, as written,
// reads by a name written out (os.environ["K"], os.getenv("K"),
// os.environ.get("K", d), process.env.K, process.env["K"], $ENV{K},
// ENV["K"], ENV.fetch("K"), getenv("K"), ENVIRON["K"]), or "".
func (s *codeScan) envPathKey(expr string) string {
	if expr == "" || !strings.Contains(expr, "ENV") && !strings.Contains(expr, "env") {
		return ""
	}
	e := codeScan{lang: s.lang, src: expr}
	e.lex()
	toks := e.toks
	for len(toks) > 0 && toks[len(toks)-1].text == "\n" {
		toks = toks[:len(toks)-1]
	}
	if e.hole || e.tooLong || len(toks) == 0 || toks[0].kind != tokName {
		return ""
	}
	to := len(toks)
	key := ""
	obj, rest := e.envObject(toks[0].text)
	switch {
	case obj != "" && rest == "" && to > 2 && (toks[1].text == "[" || toks[1].text == "{") && e.match[1] == to-1:
		key = e.envKey(2, to-1)
	case obj != "" && s.lang == langJS && rest != "" && to == 1 && !strings.Contains(rest, "."):
		key = rest
	case obj == "" && envGetterOf(s.lang, toks[0].text) || obj != "" && isEnvGetter(rest):
		if to < 3 || toks[1].text != "(" || e.match[1] != to-1 {
			return ""
		}
		end := 2
		for end < to-1 && toks[end].text != "," {
			end++
		}
		key = e.envKey(2, end)
	}
	if key == "" || !isName(key) {
		return ""
	}
	return key
}

// envValue returns the word a path read from variable name stands for
// in command c, whose inline code reads it: the value c's own
// assignment gives it, as written, else "$name".
func envValue(c SimpleCommand, name string) Word {
	v, ok := "", false
	for _, a := range c.EnvAssigns() {
		if n, val, _ := strings.Cut(a, "="); n == name {
			v, ok = val, true
		}
	}
	if !ok {
		return Word{Text: `"$` + name + `"`}
	}
	return Word{Text: v}
}
