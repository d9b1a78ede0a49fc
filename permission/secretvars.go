package permission

import (
	"slices"
	"strings"
)

// SecretVarName reports whether an environment variable's name looks like
// it holds a secret: *TOKEN*, *SECRET*, *PASSWORD*, *PASSWD*,
// *PASSPHRASE*, *APIKEY*, *CREDENTIAL*, *_KEY, *_KEY_*, *_PAT, *_PWD,
// *JWT*, the database addresses that carry a password and the password
// managers' sessions. It is the "secrets by shape" part of the table the
// exec package scrubs from a sandboxed command's environment (exec's
// scrubTable; permission imports no other package of the module), without
// the providers' prefixes (AWS_REGION, GH_HOST and DOCKER_HOST are no
// secrets to print). Every name it calls secret the scrub drops, or
// Engine.EnvScrubbed would let a printed secret pass:
// TestSecretNamesAgree in cmd/mewsandbox, which imports both, holds them
// to it.
func SecretVarName(name string) bool {
	n := strings.ToUpper(name)
	for _, s := range [...]string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "APIKEY", "CREDENTIAL", "_KEY_", "JWT"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	for _, s := range [...]string{"_KEY", "_PAT", "_PWD", "DATABASE_URL"} {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	switch n {
	case "BW_SESSION", "SSHPASS", "REDIS_URL", "MONGODB_URI", "PGPASS":
		return true
	}
	return strings.HasPrefix(n, "OP_SESSION_")
}

// expandedSecret returns the first secret-named variable (SecretVarName)
// whose value the source text of a word expands ($GITHUB_TOKEN,
// "${OPENAI_API_KEY}", Bearer\ $T), or "". Its length (${#X}), the names
// of variables (${!X*}) and an alternative printed only when it is set
// (${X:+set}) are not its value.
func expandedSecret(src string) string {
	for i := 0; i < len(src); i++ {
		if src[i] != '$' || i+1 == len(src) {
			continue
		}
		j, braced := i+1, src[i+1] == '{'
		indirect := false
		if braced {
			j++
			if j < len(src) && src[j] == '#' {
				continue
			}
			if indirect = j < len(src) && src[j] == '!'; indirect {
				j++
			}
		}
		k := j
		for k < len(src) && (src[k] == '_' || 'A' <= src[k] && src[k] <= 'Z' || 'a' <= src[k] && src[k] <= 'z' || k > j && '0' <= src[k] && src[k] <= '9') {
			k++
		}
		if k == j {
			continue
		}
		if indirect {
			if k < len(src) && (src[k] == '*' || src[k] == '@') {
				continue // ${!GITHUB*}: names, not values
			}
			return "{!" + src[j:k] + "}" // ${!v}: the variable v names, any
		}
		if braced && (strings.HasPrefix(src[k:], ":+") || strings.HasPrefix(src[k:], "+")) {
			continue
		}
		if name := src[j:k]; SecretVarName(name) {
			return name
		}
	}
	return ""
}

// checkSecretVar: a command that expands a secret-named variable
// (expandedSecret) prints it where the agent reads it, or sends it where
// the command sends it (echo $GITHUB_TOKEN, curl -H "Authorization: Bearer
// $OPENAI_API_KEY" URL); printenv of one prints it; env, printenv, set,
// export and declare with no operand print every variable, secrets among
// them (but a stage of a pipeline, whose filter pipeSecretVars judges).
// A test of one ([ -n "$TOKEN" ]) and handing one to another variable
// (export GH_TOKEN=$GITHUB_TOKEN) print nothing.
func checkSecretVar(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	switch n {
	case "test", "[", "[[", "export", "declare", "typeset", "local", "readonly", "unset", "read", ":":
		if n == "export" || n == "declare" || n == "typeset" {
			if !c.Piped && printsAllVars(c) {
				return n + " with no operand lists every variable, secret-named ones among them", false
			}
			if n != "export" && hasOpt(c.Args()[1:], "p") {
				for _, w := range c.Args()[1:] {
					if !strings.HasPrefix(w.Text, "-") && (!w.Literal || SecretVarName(w.Text)) {
						return n + " -p " + w.Text + " prints a secret-named variable's value", false
					}
				}
			}
		}
		return "", false
	case "ps":
		// BSD-style e (ps eww, ps auxe) and macOS's -E print each
		// process's environment, the agent's own among them.
		for i, w := range c.Args()[1:] {
			// The BSD options are the first word (ps axo user: user is o's).
			bsd := i == 0 && w.Text != "" && w.Text[0] != '-' && strings.Trim(w.Text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.Contains(w.Text, "e")
			if w.Literal && (w.Text == "-E" || bsd) {
				return "ps " + w.Text + " prints processes' environments, the agent's own secrets among them", false
			}
		}
	case "printenv":
		for _, w := range c.Args()[1:] {
			if SecretVarName(w.Text) || !w.Literal {
				return "printenv " + w.Text + " prints a secret-named variable's value", false
			}
		}
	}
	if (n == "env" || n == "printenv" || n == "set") && !c.Piped && printsAllVars(c) {
		return n + " with no operand lists every variable, secret-named ones among them", false
	}
	for _, w := range c.Args() {
		if w.Literal {
			continue
		}
		if name := expandedSecret(w.Text); name != "" {
			return secretExpanded(c, name, ""), false
		}
	}
	if c.DocSecret != "" {
		return secretExpanded(c, c.DocSecret, ", in a here-document"), false
	}
	// A here-string is no file (Redirects leave it out): its text is
	// the command's input (cat <<< $GITHUB_TOKEN).
	if _, after, ok := strings.Cut(c.Text, "<<<"); ok {
		if name := expandedSecret(after); name != "" {
			return secretExpanded(c, name, ", in a here-string"), false
		}
	}
	return "", false
}

// secretExpanded is the reason checkSecretVar gives for c, which expands
// secret-named variable name in an argument, or in a here-document or
// here-string (where says which). An echo or a printf of it, and a cat
// of the here-document, print its value, as printenv NAME does: a
// reason that says so is Danger.Secret (secretReason), asked for in
// bypassPermissions as gh auth token is. Another command sends it where
// it sends it (curl -H "Authorization: Bearer $API_TOKEN"), and cat
// "$TOKEN_FILE" prints the file it names, which the path checks judge:
// those pass there.
func secretExpanded(c SimpleCommand, name, where string) string {
	n := lowerName(c)
	printf := n == "printf" && !slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return strings.HasPrefix(w.Text, "-v") })
	if (n == "echo" || printf) && where == "" || n == "cat" && where != "" {
		return n + " prints $" + name + where + ", a secret-named variable's value"
	}
	return "expands $" + name + ", a secret-named variable" + where + ": its value is printed or sent where the command sends it"
}

// printsAllVars reports whether c, an env, printenv, set, export,
// declare or typeset, prints every variable: no operand but options
// (env -0, export -p, declare -x).
func printsAllVars(c SimpleCommand) bool {
	args := c.Args()
	if len(args) == 0 {
		return false
	}
	for _, w := range args[1:] {
		if !w.Literal || w.Text == "" || w.Text[0] != '-' || w.Text == "-" || w.Text == "--" {
			return false
		}
		if lowerName(c) == "set" || lowerName(c) == "declare" && strings.ContainsAny(w.Text, "f") {
			return false // set -e, set -o pipefail; declare -f prints functions
		}
	}
	return true
}

// pipeSecretVars: env, printenv, set, export -p or declare -p with no
// operand in a pipeline prints every variable into the next stage,
// secret-named ones among them; passed only when that stage is a grep (or
// rg) for a literal pattern that names no secret (env | grep GOPATH), not
// one that may (env | grep -i token, env | sort).
func pipeSecretVars(a Analysis, p Pipeline) string {
	for k, stage := range p {
		name, ok := stageHas(a, stage, func(c SimpleCommand) bool {
			switch lowerName(c) {
			case "env", "printenv", "set", "export", "declare", "typeset":
				return printsAllVars(c)
			}
			return false
		})
		if !ok {
			continue
		}
		if k+1 < len(p) && len(p[k+1]) == 1 && grepsForNoSecret(a.Commands[p[k+1][0]]) {
			continue
		}
		return name + " with no operand prints every variable, secret-named ones among them, into the pipeline"
	}
	return ""
}

// grepsForNoSecret reports whether c is a grep or rg of its input for
// literal patterns, each without a part of a secret's name (GOPATH,
// ^PATH=), and without an option that prints what does not match.
func grepsForNoSecret(c SimpleCommand) bool {
	switch lowerName(c) {
	case "grep", "egrep", "fgrep", "rg":
	default:
		return false
	}
	args := c.Args()[1:]
	var pats []string
	next := false
	for _, w := range args {
		if !w.Literal {
			return false
		}
		t := w.Text
		switch {
		case next:
			pats, next = append(pats, t), false
		case t == "-e" || t == "--regexp":
			next = true
		case strings.HasPrefix(t, "--regexp="):
			pats = append(pats, strings.TrimPrefix(t, "--regexp="))
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if strings.ContainsAny(t, "vfzABC") && !strings.HasPrefix(t, "--") {
				return false // -v, -f FILE, -z (one line of it all), context lines
			}
			if strings.HasPrefix(t, "--") && t != "--color" && t != "--colour" && t != "--ignore-case" && t != "--word-regexp" && t != "--fixed-strings" {
				return false
			}
		default:
			pats = append(pats, t)
		}
	}
	if len(pats) == 0 {
		return false
	}
	for _, pat := range pats {
		// Only a variable's name (GOPATH, ^PATH=) that is no part of a
		// secret's (token, KEY) nor the start of a well-known token's
		// value (ghp_, AKIA, xox): a wildcard, a - or any other byte may
		// match a value.
		name := strings.TrimSuffix(strings.TrimPrefix(pat, "^"), "=")
		if name == "" || strings.TrimLeft(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			return false
		}
		if u := strings.ToUpper(name); SecretVarName(u) || secretPart(u) {
			return false
		}
	}
	return true
}

// secretPart reports whether u, upper case, is part of what makes a
// name secret (TOKEN, KEY, PASS, SECRET …).
func secretPart(u string) bool {
	t := strings.Trim(u, "_")
	for _, s := range [...]string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "APIKEY", "CREDENTIAL", "KEY", "JWT", "SESSION", "DATABASE_URL"} {
		if strings.Contains(s, t) || strings.Contains(u, s) {
			return true
		}
	}
	// Well-known tokens' values start so: GitHub's, AWS's access keys,
	// Slack's, GitLab's.
	for _, p := range [...]string{"GHP_", "GHO_", "GHS_", "GHU_", "GHR_", "GITHUB_PAT_", "AKIA", "ASIA", "XOX", "GLPAT"} {
		if strings.HasPrefix(p, u) || strings.HasPrefix(u, p) {
			return true
		}
	}
	return false
}
