package permission

import (
	"path"
	"slices"
	"sort"
	"strings"
)

// Package runners fetch a package and run a program of it: nix run, pkgx,
// guix shell, pipx run, deno run npm:… . Where the package comes from a
// registry (nixpkgs, PyPI, npm) the program is judged by its name, as an
// installed one is (npx prettier); where it comes from anywhere else (a
// git repository, a URL, a path outside the project) it is code nobody
// read, which asks.

// nixInstallable reads a nix installable: prog is the program nix run
// runs for a package of the nixpkgs registry entry (nixpkgs#curl,
// nixpkgs/nixos-24.05#curl.bin: curl), its attribute's name, as nix
// takes the main program to be unless the package says otherwise; local
// is true for the project's own flake (., .#app, ./sub#x), whose code is
// the project's. An installable that is neither is fetched from elsewhere
// (github:o/r, git+https://…, path:/x, another registry entry).
func nixInstallable(t string) (prog string, registry, local bool) {
	ref, attr, _ := strings.Cut(t, "#")
	if p, ok := strings.CutPrefix(ref, "path:"); ok {
		ref = p
	}
	if ref == "." || strings.HasPrefix(ref, "./") && !slices.Contains(strings.Split(ref, "/"), "..") &&
		!strings.ContainsAny(ref, "?") {
		return "", false, true
	}
	ref = strings.TrimPrefix(ref, "flake:")
	name, _, _ := strings.Cut(ref, "/")
	if name != "nixpkgs" || strings.ContainsAny(ref, ":?") {
		return "", false, false
	}
	attr, _, _ = strings.Cut(attr, "^")
	parts := strings.Split(attr, ".")
	prog = parts[len(parts)-1]
	// An output (nixpkgs#curl.bin) names the package before it.
	if len(parts) > 1 && slices.Contains([]string{"out", "bin", "dev", "lib", "man", "doc", "info", "static"}, prog) {
		prog = parts[len(parts)-2]
	}
	if strings.ContainsAny(prog, `"'$`) {
		prog = ""
	}
	if m, ok := nixMainPrograms.get()[prog]; ok {
		prog = m
	}
	return prog, true, false
}

// nixMainPrograms are nixpkgs packages whose main program is not named
// after the package (meta.mainProgram): nix run nixpkgs#findutils -- /
// -delete runs find. The multi-call ones run the program their first
// argument names, as busybox does, and are judged as busybox is.
var nixMainPrograms = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"coreutils": "busybox", "coreutils-full": "busybox", "coreutils-prefixed": "busybox",
		"uutils-coreutils": "busybox", "uutils-coreutils-noprefix": "busybox",
		"findutils": "find", "diffutils": "diff", "gnugrep": "grep", "gnused": "sed", "gnutar": "tar", "gnumake": "make",
		"ripgrep": "rg", "openssh": "ssh", "nodejs": "node", "nodejs_20": "node", "nodejs_22": "node", "nodejs_24": "node",
		"curlFull": "curl", "curlMinimal": "curl", "netcat-gnu": "nc", "netcat-openbsd": "nc",
		"netcat": "nc", "bashInteractive": "bash", "gitFull": "git", "gitMinimal": "git", "p7zip": "7z", "_7zz": "7zz",
		"imagemagick": "magick", "awscli2": "aws", "google-cloud-sdk": "gcloud", "azure-cli": "az",
		"postgresql": "psql", "sqlite": "sqlite3", "gnupg": "gpg",
	}
}}

// nixUnread returns the options' check of nix run, shell and develop
// (spec): why an installable among its operands (the first only, with
// first) is code fetched from elsewhere, or its program cannot be told.
// --expr and --file make the operands attributes of an expression.
func nixUnread(spec *wrapSpec, sub string, first bool) func(args []Word) string {
	// Walked one operand at a time: skipOptions stops at each.
	walk := *spec
	walk.noCommand = false
	return func(args []Word) string {
		for i := 0; i < len(args); {
			k, o := skipOptions(args, i, &walk)
			if o.unknown != "" || o.bad != "" || o.cmdIf || o.shell != nil || k >= len(args) {
				return ""
			}
			for _, w := range args[i:k] {
				if w.Literal && (w.Text == "--expr" || w.Text == "--file" || w.Text == "-f") {
					return "nix " + sub + " " + w.Text + " evaluates nix code whose program cannot be told"
				}
			}
			if k > 0 && args[k-1].Literal && args[k-1].Text == "--" {
				return ""
			}
			w := args[k]
			if !w.Literal {
				return "nix " + sub + " " + shorten(w.Text) + ": the installable is only known at run time"
			}
			if _, registry, local := nixInstallable(w.Text); !registry && !local {
				return "nix " + sub + " " + shorten(w.Text) + " runs code fetched from outside the project and nixpkgs, which nobody read"
			}
			if first {
				return ""
			}
			i = k + 1
		}
		return ""
	}
}

// nixRunPrograms is nix run's command (spec its options): the program of a
// nixpkgs package with the words after it (nix run nixpkgs#curl -- ARGS
// runs curl ARGS). None for the project's flake, whose apps are the
// project's code, and for nix run alone, which runs the project's.
func nixRunPrograms(spec *wrapSpec) func(args []Word) ([]Word, string) {
	return func(args []Word) ([]Word, string) {
		k, o := skipOptions(args, 0, spec)
		if o.unknown != "" || k >= len(args) {
			return nil, ""
		}
		prog, _, _ := nixInstallable(args[k].Text)
		if prog == "" || !args[k].Literal {
			return nil, ""
		}
		rest := args[k+1:]
		if len(rest) > 0 && rest[0].Literal && rest[0].Text == "--" {
			rest = rest[1:]
		}
		return []Word{runProgram(prog, rest)}, ""
	}
}

// checkFetchedCode: a runner among the command and the launchers before
// it fetches a package from elsewhere than a registry and runs it (nix run
// github:o/r, nix shell github:o/r -c CMD, pipx run --spec git+https://…,
// deno run npm:x, go run PKG@VERSION): code nobody read. A danger, as
// curl | sh is, not a command too complex to check: what it runs is
// judged where it can be.
func checkFetchedCode(c SimpleCommand, _ PathEnv) (string, bool) {
	switch lowerName(c) {
	case "deno":
		return denoRuns(c.Args()[1:]), false
	case "go":
		return goRuns(c.Args()[1:]), false
	case "npm", "pnpm", "yarn", "bun":
		if why := npmFetched(c.Args()); why != "" {
			return why, false
		}
	}
	for k := 0; k <= len(c.Launchers); k++ {
		i := c.Inner
		if k < len(c.Launchers) {
			i = c.Launchers[k]
		}
		if i >= len(c.Words) || !c.Words[i].Literal {
			continue
		}
		name := strings.ToLower(baseName(c.Words[i].Text))
		l := launcherOf(name)
		if l == nil {
			continue
		}
		if spec, start, _, _, _ := launchedBy(c.Words, i, name, l); spec != nil && spec.unread != nil {
			if why := spec.unread(c.Words[start:]); why != "" {
				return why, false
			}
		}
	}
	return "", false
}

// pkgxPrograms is pkgx's command: the program its first operand names,
// after the packages added with +pkg, without a version (node@20 runs
// node).
func pkgxPrograms(spec *wrapSpec) func(args []Word) ([]Word, string) {
	return func(args []Word) ([]Word, string) {
		k, o := skipOptions(args, 0, spec)
		for k < len(args) && args[k].Literal && strings.HasPrefix(args[k].Text, "+") {
			k, o = skipOptions(args, k+1, spec)
		}
		switch {
		case o.unknown != "":
			return nil, "unknown option " + shorten(o.unknown) + " of pkgx: what it runs cannot be told"
		case k >= len(args):
			return nil, ""
		case !args[k].Literal:
			return nil, "pkgx " + shorten(args[k].Text) + ": the program is only known at run time"
		}
		prog, _, _ := strings.Cut(args[k].Text, "@")
		if prog == "" {
			return nil, "pkgx " + shorten(args[k].Text) + ": the program cannot be told"
		}
		return []Word{runProgram(prog, args[k+1:])}, ""
	}
}

// runProgram is the shell program that runs prog with args: each literal
// word quoted, and one only known at run time as it was written, which
// the program's shell reads as the same word ("$X", $(cmd) checked
// again). The runner execs the program with its arguments, no shell
// reading them, so such a word is the program's argument only, as in
// hello "$X", not code: nix run nixpkgs#hello -- "$X" is hello "$X".
func runProgram(prog string, args []Word) Word {
	all := append([]Word{{Text: prog, Literal: true}}, args...)
	if allLiteral(args) {
		return Word{Text: quoteWords(all), Literal: true}
	}
	var b strings.Builder
	for i, w := range all {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w.Literal {
			b.WriteString(quoteWords(all[i : i+1]))
		} else {
			b.WriteString(w.Text)
		}
	}
	return Word{Text: b.String(), Literal: true}
}

// pyUnread is the check of pipx run and uv tool run: why the package they
// install (pipx's --spec or its operand, uv's --from) is code fetched from
// elsewhere than the package index (a URL, a git repository, a path
// outside the project), or "".
func pyUnread(spec *wrapSpec, what string, opts []string) func(args []Word) string {
	return func(args []Word) string {
		k, _ := skipOptions(args, 0, spec)
		for i, w := range args[:k] {
			name, v, eq := strings.Cut(w.Text, "=")
			if !w.Literal || !slices.Contains(opts, name) {
				continue
			}
			if !eq && i+1 < k {
				v = args[i+1].Text
			}
			if fetchedPackage(v) {
				return what + " " + name + " " + shorten(v) + " installs code fetched from outside the package index, which nobody read"
			}
		}
		if k < len(args) && what == "pipx run" && fetchedPackage(args[k].Text) {
			return "pipx run " + shorten(args[k].Text) + " runs code fetched from outside the package index, which nobody read"
		}
		return ""
	}
}

// npmFetched: npm, pnpm, yarn or bun install (add, i) of a package named
// by a URL, a repository (git+https://…, github:o/r, or o/r, which npm
// takes for GitHub's) or a path outside the project fetches it from
// elsewhere than the registry and runs its install scripts, unread.
func npmFetched(args []Word) string {
	sub := -1
	for i := 1; i < len(args); i++ {
		t := args[i].Text
		if !args[i].Literal {
			return ""
		}
		if strings.HasPrefix(t, "-") {
			continue
		}
		if sub < 0 {
			if t != "install" && t != "i" && t != "add" && t != "isntall" && t != "in" {
				return ""
			}
			sub = i
			continue
		}
		if npmSpecFetched(t) {
			return baseName(args[0].Text) + " " + args[sub].Text + " " + shorten(t) + " fetches a package from outside the registry and runs its install scripts, which nobody read"
		}
	}
	return ""
}

// npmSpecFetched says whether an npm package specification names a URL,
// a repository (git+https://…, github:o/r, o/r) or a path outside the
// project rather than a package of the registry (x, @s/x, x@npm:y).
func npmSpecFetched(t string) bool {
	name, version, _ := strings.Cut(strings.TrimPrefix(t, "@"), "@")
	if strings.HasPrefix(version, "npm:") {
		return false // an alias of a package of the registry
	}
	return fetchedPackage(t) || !strings.HasPrefix(t, "@") && !strings.HasPrefix(t, ".") && strings.Count(name, "/") == 1 && !strings.HasSuffix(t, ".tgz")
}

// npxUnread: npx and npm exec of a package named by a URL or a
// repository (npx github:o/r, npm exec --package=https://…) fetch it from
// outside the registry and run it, unread.
func npxUnread(spec *wrapSpec, what string) func(args []Word) string {
	return func(args []Word) string {
		k, _ := skipOptions(args, 0, spec)
		for i, w := range args[:k] {
			name, v, eq := strings.Cut(w.Text, "=")
			if !w.Literal || name != "--package" && name != "-p" {
				continue
			}
			if !eq && i+1 < k {
				v = args[i+1].Text
			}
			if npmSpecFetched(v) {
				return what + " " + name + " " + shorten(v) + " runs code fetched from outside the registry, which nobody read"
			}
		}
		if k < len(args) && args[k].Literal && npmSpecFetched(args[k].Text) {
			return what + " " + shorten(args[k].Text) + " runs code fetched from outside the registry, which nobody read"
		}
		return ""
	}
}

// fetchedPackage reports whether a package specification names no package
// of an index but a URL, a repository or a path outside the project.
func fetchedPackage(v string) bool {
	return strings.Contains(v, ":") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") ||
		slices.Contains(strings.Split(v, "/"), "..")
}

// denoRuns: deno run of a module named by a URL or a package of npm or
// JSR fetches it and runs it, unread.
func denoRuns(args []Word) string {
	if len(args) == 0 || !args[0].Literal || args[0].Text != "run" {
		return ""
	}
	for _, w := range args[1:] {
		t, opt := optionText(w)
		if opt {
			continue
		}
		for _, p := range []string{"npm:", "jsr:", "http:", "https:"} {
			if strings.HasPrefix(strings.ToLower(t), p) {
				return "deno run " + shorten(t) + " runs code fetched from outside the project, which nobody read"
			}
		}
		return ""
	}
	return ""
}

// goRuns: go run PKG@VERSION fetches a module and runs it, unread.
func goRuns(args []Word) string {
	if len(args) == 0 || !args[0].Literal || args[0].Text != "run" {
		return ""
	}
	for i := 1; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			continue
		}
		if strings.HasPrefix(t, "-") {
			name := strings.TrimLeft(t, "-")
			if !strings.Contains(name, "=") && slices.Contains([]string{"C", "p", "asmflags", "buildmode",
				"compiler", "gccgoflags", "gcflags", "installsuffix", "ldflags", "mod", "modfile", "overlay", "pgo", "pkgdir",
				"tags", "toolexec", "exec", "coverpkg", "covermode"}, name) {
				i++
			}
			continue
		}
		if strings.Contains(t, "@") {
			return "go run " + shorten(t) + " fetches a module and runs it, code nobody read"
		}
		return ""
	}
	return ""
}

// pipOutside returns why command i of cmds, a line, installs or removes
// Python packages outside the project root, or "": pip install or
// uninstall (pip3, python3 -m pip) puts them in the site-packages of
// the Python it belongs to, and their programs in its bin directory (or
// ~/.local/bin where that is not writable), where they run later outside
// any sandbox. That Python is a virtual environment's when the pip is
// run by its path (.venv/bin/pip), or the one pythonEnvs finds active
// (a venv or a conda environment); else it is the system's or the
// user's own. Only one in the project passes. A launcher (uv run,
// poetry run) picks the project's environment; uv pip finds only a
// virtual environment unless --system (checkPipSystem); --target,
// --prefix, --root and --user are judged where they name (installDirs).
func (e *Engine) pipOutside(a *Analysis, i int) string {
	c := a.Commands[i]
	pip, sub, ok := pipCommand(c)
	if !ok || strings.HasPrefix(pip, "uv ") || len(sub) == 0 || !sub[0].Literal ||
		sub[0].Text != "install" && sub[0].Text != "uninstall" {
		return ""
	}
	what := pip + " " + sub[0].Text + " changes the packages of "
	const lands = ", outside the project root, whose programs run later outside the sandbox"
	if where, ok := e.condaRunOutside(a, i); ok {
		if where == "" {
			return ""
		}
		return what + where + lands
	}
	if len(c.Launchers) > 0 {
		return ""
	}
	if why := e.pipEnvOptions(c); why != "" {
		return what + why + lands
	}
	if slices.ContainsFunc(c.Args()[1:], func(w Word) bool {
		o, _, _ := strings.Cut(w.Text, "=")
		return w.Literal && slices.Contains([]string{"-t", "--target", "--prefix", "--root", "--user", "--dry-run", "-h", "--help"}, o)
	}) {
		return ""
	}
	if a.defines(c.Name()) {
		return what + "the Python the function " + c.Name() + " the line defines runs" + lands
	}
	if prog := c.Words[c.Inner].Text; strings.Contains(prog, "/") {
		if e.inProject(e.Env.In(c.Dir), prog) {
			return ""
		}
		return what + "the Python " + prog + " belongs to" + lands
	}
	if envCleared(c, nil) || c.PathGone && !e.activatedInNested(a, i) {
		return what + "the system's Python or one only known at run time (pip is started without the PATH that leads to the active environment)" + lands
	}
	if defaultPath(c) {
		return what + "the system's Python (command -p looks it up in the system's default PATH, not the one an active environment leads)" + lands
	}
	env, named, _, _ := e.pythonEnvs(a, i)
	switch {
	case env == "":
		return what + "the system's or your own Python (no virtual environment is active)" + lands
	case env == "?":
		return what + "the Python " + named + " leaves active, not known to be an environment in the project" + lands
	case !e.envInProject(env):
		return what + "the environment " + named + " names" + lands
	}
	return ""
}

// activatedInNested says whether command i of a, run in a nested shell
// started without PATH (SimpleCommand.PathGone), runs after an activation
// in that same shell that makes the pip's environment one in the project
// (env -i bash -c '. .venv/bin/activate && pip install x'): the
// activation sets the PATH that leads to it. One outside the nested
// shell does not count: its PATH was cleared.
func (e *Engine) activatedInNested(a *Analysis, i int) bool {
	c := a.Commands[i]
	if c.Shell == 0 {
		return false
	}
	env, named, _, _ := e.pythonEnvs(a, i)
	if env == "" || env == "?" || !e.envInProject(env) {
		return false
	}
	// The first source of it in c's shell, looked up, not read for among
	// every command before c: env -i bash -c '. .venv/bin/activate && pip
	// install x'; … took 4 s at 512 kB.
	j, ok := a.lookupsOf().sources[sourceKey{c.Shell, named}]
	return ok && j < i
}

// condaRunOutside says, for a command i of a line run by conda, mamba or
// micromamba run (ok), which environment outside the project root it runs
// in, or "" for one in it: the one -p names, one -n names (kept in
// conda's envs directory), else the active one as condaOutside judges it
// (conda run pip install x with none active, or after env -i, installs
// into conda's base environment). A value only known at run time counts
// as outside.
func (e *Engine) condaRunOutside(a *Analysis, i int) (where string, ok bool) {
	c := a.Commands[i]
	for k, l := range c.Launchers {
		if n := strings.ToLower(baseName(c.Words[l].Text)); n != "conda" && n != "mamba" && n != "micromamba" {
			continue
		}
		end := c.Inner
		if k+1 < len(c.Launchers) {
			end = c.Launchers[k+1]
		}
		ok, where = true, ""
		named, prefix, run := "", "", c.Words[l].Text+" run"
		ws := c.Words[l+1 : end]
		value := func(j int, v string, has bool) (string, int) {
			if has {
				return v, j
			}
			if j+1 < len(ws) && ws[j+1].Literal {
				return ws[j+1].Text, j + 1
			}
			return "?", j + 1
		}
	words:
		for j := 0; j < len(ws); j++ {
			t := ws[j].Text
			switch name, v, has := strings.Cut(t, "="); {
			case !ws[j].Literal:
				named = "?"
			case t == "--":
				break words
			case len(name) > 3 && strings.HasPrefix("--name", name):
				named, j = value(j, v, has)
			case len(name) > 3 && strings.HasPrefix("--prefix", name):
				prefix, j = value(j, v, has)
				named = ""
			case slices.Contains([]string{"--cwd", "--root-prefix", "--attach", "--env", "--label", "--rc-file", "--log-level"}, name):
				_, j = value(j, v, has)
			case len(t) > 1 && t[0] == '-' && t[1] != '-':
				for x := 1; x < len(t); x++ {
					if strings.IndexByte("nprae", t[x]) < 0 {
						continue
					}
					val, nj := value(j, t[x+1:], x+1 < len(t))
					switch t[x] {
					case 'n':
						named = val
					case 'p':
						prefix, named = val, ""
					}
					j = nj
					break
				}
			}
		}
		switch {
		case named == "?" || prefix == "?" || slices.ContainsFunc(c.EnvAssigns(), func(a string) bool { return condaEnvName(a[:max(strings.IndexByte(a, '='), 0)]) }):
			where = "an environment only known at run time"
		case named != "":
			where = "the environment " + named + " " + run + " names, in conda's envs directory"
		case prefix != "":
			if !e.inProject(e.Env.In(c.Dir), prefix) {
				where = "the environment " + prefix + " " + run + " names"
			}
		case envCleared(c, condaEnvName) || c.CondaGone:
			where = "conda's base environment or one only known at run time (" + run + " is started without the active environment's variables)"
		default:
			switch _, _, env, from := e.pythonEnvs(a, i); {
			case env == "":
				where = "conda's base environment (" + run + ", and no conda environment is active)"
			case env == "?":
				where = "the environment " + from + " leaves active, not known to be one in the project"
			case !e.envInProject(env):
				where = "the environment " + from + " names"
			}
		}
	}
	return where, ok
}

// condaOutside returns why command i of cmds, a line, installs, updates
// or removes packages of a conda environment outside the project root,
// or "": conda, mamba or micromamba install, update, upgrade, remove or
// uninstall naming no environment (no -n, -p: checkPackageInstall
// judges those) change the active one, CONDA_PREFIX (pythonEnvs), and
// run the packages' scripts; with none active, conda's base
// environment. Only one in the project passes, as pip install's venv.
func (e *Engine) condaOutside(a *Analysis, i int) string {
	c := a.Commands[i]
	verb, ok := condaActiveInstall(c)
	if !ok {
		return ""
	}
	_, _, env, named := e.pythonEnvs(a, i)
	what := c.Name() + " " + verb + " changes the packages of "
	const lands = ", outside the project root, and runs their scripts"
	switch {
	case a.defines(c.Name()):
		return what + "the environment the function " + c.Name() + " the line defines works in" + lands
	case len(c.Launchers) > 0 || slices.ContainsFunc(c.EnvAssigns(), func(a string) bool { return condaEnvName(a[:max(strings.IndexByte(a, '='), 0)]) }):
		return what + "an environment only known at run time" + lands
	case envCleared(c, condaEnvName) || c.CondaGone:
		return what + "conda's base environment or one only known at run time (it is started without the active environment's variables, or with others)" + lands
	case env == "":
		return what + "conda's base environment (no conda environment is active)" + lands
	case env == "?":
		return what + "the environment " + named + " leaves active, not known to be one in the project" + lands
	case !e.envInProject(env):
		return what + "the environment " + named + " names" + lands
	}
	return ""
}

// pipEnvOptions says where the PIP_ variables c's pip is given (on the
// line, or set earlier on it: dirVars) have it install, when that may lie
// outside the project: pip reads each option from one (PIP_PYTHON for
// --python, PIP_TARGET for --target …), as where --python
// /usr/bin/python3 would ask. "" when none does.
func (e *Engine) pipEnvOptions(c SimpleCommand) string {
	for _, a := range c.EnvAssigns() {
		name, v, _ := strings.Cut(a, "=")
		switch name {
		case "PIP_PYTHON", "PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_SRC":
			if v != "" && !e.inProject(e.Env.In(c.Dir), v) {
				return "where " + a + " names"
			}
		case "PIP_USER":
			if !slices.Contains([]string{"", "0", "false", "no", "off", "n", "f"}, strings.ToLower(v)) {
				return "your own Python's user site (" + a + ")"
			}
		case "PIP_CONFIG_FILE":
			if v != "" && v != "/dev/null" {
				return "where the configuration file " + v + " says (" + a + ")"
			}
		}
	}
	return ""
}

// defaultPath reports whether a command -p among c's wrappers looks the
// command up in the system's default PATH (/bin and /usr/bin), not the
// shell's, which an active environment leads with its bin directory.
func defaultPath(c SimpleCommand) bool {
	ws := c.Words[:min(c.Inner, len(c.Words))]
	for j, w := range ws {
		if !w.Literal || w.Text != "command" {
			continue
		}
		for _, o := range ws[j+1:] {
			if o.Literal && (o.Text == "--" || !strings.HasPrefix(o.Text, "-")) {
				break
			}
			if !o.Literal || strings.Contains(o.Text, "p") {
				return true
			}
		}
	}
	return false
}

// pythonEnvs returns the environment whose pip command i of cmds runs
// (pip, pipNamed) and the conda environment conda install changes there
// (conda, condaNamed): each "" when none is active, "?" when it is one
// not known, else its absolute path. named says where it came from.
// They start as Engine.VirtualEnv (the pip's, else CondaPrefix's) and
// CondaPrefix; a command of the line before i changes them for it when
// it runs in its shell, one that started it however many shells out
// (SimpleCommand.OuterShell, Analysis.shellsOut) or the line's own
// (SimpleCommand.Shell): a
// source .venv/bin/activate (trustedVenv) makes the venv the pip's, and
// deactivate leaves conda's; conda activate PREFIX, and conda
// deactivate, make the conda environment the pip's too. Only an
// activation that makes the pip's environment one in the project is held
// to run in the same function as command i (a function's body runs when
// it is called, if ever), and where it surely ran before it
// (activationRan); the others are taken to have run.
func (e *Engine) pythonEnvs(a *Analysis, i int) (pip, pipNamed, conda, condaNamed string) {
	conda, condaNamed = e.CondaPrefix, "CONDA_PREFIX"
	pip, pipNamed = e.VirtualEnv, "VIRTUAL_ENV"
	if pip == "" {
		pip, pipNamed = conda, condaNamed
	}
	x := e.activationsOf(a)
	if len(x.acts) == 0 {
		return pip, pipNamed, conda, condaNamed
	}
	// The latest activation before command i that ran for it decides the
	// pip's environment, and the latest conda one the conda environment,
	// which a deactivate leaves the pip's. Each is looked for from
	// command i back among those of the shells and parts of the line
	// where one may have run for it (activationKey), so that a line of
	// thousands of activations, each with its pip after it, is not read
	// whole for each pip (19 s at 256 kB).
	venv, cond, ok := e.latestActivations(a, x, i)
	if !ok {
		const many = "one of the line's many activations"
		return "?", many, "?", many
	}
	if cond != nil {
		conda, condaNamed = cond.env, cond.named
	}
	switch {
	case venv == nil || cond != nil && cond.at > venv.at, venv.kind == deactivation:
		if venv != nil || cond != nil {
			pip, pipNamed = conda, condaNamed
		}
	default:
		pip, pipNamed = venv.env, venv.named
	}
	return pip, pipNamed, conda, condaNamed
}

// latestActivations returns the latest venv activation or deactivate,
// and the latest conda activation, before command i that ran for it (nil
// for none); ok is false where there were too many to read.
func (e *Engine) latestActivations(a *Analysis, x *activationIndex, i int) (venv, cond *activation, ok bool) {
	c := a.Commands[i]
	outs, n := a.shellsOut(c)
	shells := append([]int32{0, c.Shell}, outs[:n]...)
	slices.Sort(shells)
	shells = slices.Compact(shells)
	conds := []int32{anyPart}
	for r := c.Cond; ; r = a.regions[r-1].parent {
		if conds = append(conds, r); r == 0 {
			break
		}
		if len(conds) > maxActivationParts {
			return nil, nil, false
		}
	}
	// A venv or conda activation of a file not there ran for command i
	// only where i runs after it succeeded (guarded): in the part of the
	// line after its &&, or in one that holds i. Those are looked among.
	var heads [][2]int
	for _, r := range conds[1:] {
		if g := a.regionOf(r); g != nil && g.and {
			heads = append(heads, [2]int{int(g.head[0]), int(g.head[1])})
		}
	}
	scan := func(l []int, got **activation, lo, hi int) bool {
		from := sort.Search(len(l), func(k int) bool { return x.acts[l[k]].at >= min(hi, i) })
		for k := from - 1; k >= 0 && x.acts[l[k]].at >= lo; k-- {
			p := &x.acts[l[k]]
			if *got != nil && p.at < (*got).at {
				break // a later one was found already
			}
			if x.reads++; x.reads > maxActivationReads {
				return false
			}
			if e.activationRan(a, p, c, outs[:n]) {
				*got = p
				break
			}
		}
		return true
	}
	fns := []string{""}
	if c.Func != "" {
		fns = append(fns, c.Func)
	}
	for _, s := range shells {
		for _, r := range conds {
			if !x.inPart(r) {
				continue
			}
			for _, isConda := range []bool{false, true} {
				got := &venv
				if isConda {
					got = &cond
				}
				if r == anyPart {
					if !scan(x.byKey[activationKey{conda: isConda, shell: s, cond: r}], got, 0, i) {
						return nil, nil, false
					}
					continue
				}
				for _, fn := range fns {
					key := activationKey{conda: isConda, shell: s, cond: r, fn: fn}
					if !scan(x.byKey[key], got, 0, i) {
						return nil, nil, false
					}
					key.missing = true
					l := x.byKey[key]
					if g := a.regionOf(r); g != nil && g.and {
						if !scan(l, got, 0, i) {
							return nil, nil, false
						}
						continue
					}
					for _, h := range heads {
						if !scan(l, got, h[0], h[1]) {
							return nil, nil, false
						}
					}
				}
			}
		}
	}
	return venv, cond, true
}

// maxActivationReads bounds the activations pythonEnvs reads on a line,
// for all its pips together: those that did not run for a pip in its
// shell and part of the line (in a function, or a source of a file not
// there) are read again for each later one. Past it the environment is
// not known, and the pip asked for. maxActivationParts bounds the parts
// of the line, one in another, a pip's activations are looked for in
// (an if in an if …). Millions are read in well under a second.
const (
	maxActivationReads = 1 << 22
	maxActivationParts = 64
)

// activation is what a command of a line does to the Python environment
// a later pip or conda install works in (pythonEnvs), found once.
type activation struct {
	at    int // the command's index on the line
	kind  activationKind
	env   string // the environment entered: its path, or "?" when not known to be one in the project
	named string // where env came from, for the reason
	file  string // what must exist for it to have run (activationRan)
	// exists caches e.Exists(file): 0 not asked yet, 1 yes, 2 no.
	exists int8
}

type activationKind int8

const (
	deactivation    activationKind = iota // deactivate: leaves conda's environment the pip's
	venvActivation                        // source DIR/bin/activate
	condaActivation                       // conda activate or deactivate: the pip's and conda's
)

// activationIndex holds the activations of a line (activationsOf) by
// where they may run for a later command: the shell they run in, and the
// part of the line (SimpleCommand.Cond) for one that must surely have
// run (activationRan), anyPart for one that counts wherever it ran.
type activationIndex struct {
	acts  []activation
	byKey map[activationKey][]int // indexes in acts, ascending
	reads int                     // counted against maxActivationReads
	// parts[r+1] says that some key of byKey is of part r (anyPart
	// too), so that the parts a pip lies in that hold no activation
	// are not looked up: each lookup hashes a key, and a line of pips
	// nested 62 deep in a function in a nested shell was checked in
	// four times the time it took before activationIndex.
	parts []bool
}

// inPart says whether an activation may be keyed by part r.
func (x *activationIndex) inPart(r int32) bool {
	return int(r)+1 >= len(x.parts) || x.parts[r+1]
}

type activationKey struct {
	conda       bool
	shell, cond int32
	// fn is the function the activation runs in, and missing says that
	// the file it reads is not there, for one that counts only where it
	// surely ran.
	fn      string
	missing bool
}

// anyPart is the part of an activationKey that holds the activations
// that count wherever they ran.
const anyPart = -1

// activationsOf returns the commands of a's line that enter or leave a
// Python environment, read once for the line.
func (e *Engine) activationsOf(a *Analysis) *activationIndex {
	l := a.lookupsOf()
	if l.acts != nil {
		return l.acts
	}
	x := &activationIndex{byKey: map[activationKey][]int{}, parts: make([]bool, len(a.regions)+2)}
	for _, j := range l.activations {
		p := a.Commands[j]
		args := p.Args()
		act := activation{at: j}
		switch n := lowerName(p); {
		case n == "deactivate":
			act.kind = deactivation
		case (n == "source" || n == ".") && len(args) > 1 && path.Base(args[1].Text) == "activate":
			act.kind, act.env, act.named = venvActivation, e.trustedVenv(p, args[1]), args[1].Text
			if a.defines(p.Name()) {
				act.env = "?" // source() { :; }: a function of the line's
			}
			act.file = e.Env.In(p.Dir).Resolve(args[1].Text)
		case (n == "conda" || n == "mamba" || n == "micromamba") && len(args) > 1 && (args[1].Text == "activate" || args[1].Text == "deactivate"):
			act.kind, act.env, act.named = condaActivation, "?", p.Text
			if args[1].Text == "activate" && len(args) == 3 && args[2].Literal && strings.Contains(args[2].Text, "/") && !a.defines(p.Name()) {
				if abs := e.Env.In(p.Dir).Resolve(args[2].Text); e.inProject(e.Env.In(p.Dir), args[2].Text) {
					act.env = abs
				}
			}
			act.file = act.env
		default:
			continue
		}
		key := activationKey{conda: act.kind == condaActivation, shell: p.Shell, cond: anyPart}
		if act.kind != deactivation && act.env != "?" {
			key.cond, key.fn = p.Cond, p.Func
			if e.Exists != nil {
				act.exists = 1
				if !e.Exists(act.file) {
					act.exists, key.missing = 2, true
				}
			}
		}
		if int(key.cond)+1 < len(x.parts) {
			x.parts[key.cond+1] = true
		}
		x.byKey[key] = append(x.byKey[key], len(x.acts))
		x.acts = append(x.acts, act)
	}
	l.acts = x
	return x
}

// activationRan says whether activation p ran, and entered what it
// names, for command c, whose shell outs started: p runs in c's shell or
// one that started it, however many shells out (SimpleCommand.OuterShell,
// Analysis.shellsOut), or the line's own; a subshell of its own, as in
// (source .venv/bin/activate), did not pass on what it exported.
func (e *Engine) activationRan(a *Analysis, p *activation, c SimpleCommand, outs []int32) bool {
	q := a.Commands[p.at]
	if q.Shell != 0 && q.Shell != c.Shell && !slices.Contains(outs, q.Shell) {
		return false
	}
	if p.kind == deactivation || p.env == "?" {
		return true
	}
	// An activation that makes the environment one in the project ran,
	// and entered what it names, wherever command c runs only when it is
	// surely so: in the same function (a function's body runs when it is
	// called, if ever), in the same part of the line or one that holds it
	// (not false && . .venv/bin/activate, nor one in an if's branch or a
	// trap), and where what it reads is there now or command c runs only
	// if it succeeded (python3 -m venv .venv && . .venv/bin/activate &&
	// pip install): a source of a missing file fails, and the line goes on
	// with the pip it had.
	if q.Func != "" && q.Func != c.Func || !a.within(c.Cond, q.Cond) || a.failedBefore(p.at, c.Cond) {
		return false
	}
	if a.guarded(p.at, c.Cond) || e.Exists == nil {
		return true
	}
	if p.exists == 0 {
		p.exists = 2
		if e.Exists(p.file) {
			p.exists = 1
		}
	}
	return p.exists == 1
}

// trustedVenv returns the virtual environment that sourcing w, command
// p's file named activate, enters, when it is one in the project: the
// DIR of a DIR/bin/activate written out, in the project where its links
// lead too; else "?", as a file of that name anywhere else (./activate,
// tools/activate, one found on PATH as source activate finds it) may be
// any script, which leaves pip the system's. The engine does not read
// the file: a venv in the project is trusted by the place of its
// activate script, as one run by its path (.venv/bin/pip) is.
func (e *Engine) trustedVenv(p SimpleCommand, w Word) string {
	bin := path.Dir(w.Text)
	if !w.Literal || path.Base(w.Text) != "activate" || path.Base(bin) != "bin" || !strings.Contains(w.Text, "/") {
		return "?"
	}
	env := e.Env.In(p.Dir)
	if !e.inProject(env, w.Text) {
		return "?"
	}
	return path.Dir(env.Resolve(bin))
}

// inProject reports whether p, a path written in a command that runs in
// env, lies in the project root, where its links on disk lead too.
func (e *Engine) inProject(env PathEnv, p string) bool {
	abs := env.Resolve(p)
	return e.Env.Root != "" && path.IsAbs(abs) && within(abs, e.Env.Root) && e.linkOnDisk(abs, true) == ""
}

// envInProject reports whether env, an environment pythonEnvs returned,
// lies in the project root.
func (e *Engine) envInProject(env string) bool {
	return env != "?" && path.IsAbs(env) && e.Env.Root != "" && within(env, e.Env.Root)
}

// envCleared reports whether a wrapper among c's starts the command with
// its environment cleared, or with PATH or a variable reads names unset:
// env -i, env -, --ignore-environment, env -u NAME (-uNAME,
// --unset=NAME), setpriv --reset-env, bwrap --clearenv and --unsetenv
// NAME (and --setenv NAME, which changes it), firejail --rmenv=NAME and
// --env=NAME=VALUE, and bash's exec -c, which clears the variables but
// still looks the command up in the shell's PATH. env -u CONDA_PREFIX conda install
// changes conda's base environment, env -i pip install runs the pip of
// /bin or /usr/bin. reads is nil for a command that reads no variable but
// PATH. An option it cannot read (a word only known at run time, a long
// option abbreviated past telling) counts as clearing.
func envCleared(c SimpleCommand, reads func(string) bool) bool {
	unsets := func(name string) bool { return name == "PATH" || reads != nil && reads(name) }
	ws := c.Words[:min(c.Inner, len(c.Words))]
	in := ""
	for j := 0; j < len(ws); j++ {
		w := ws[j]
		t := w.Text
		if in != "env" {
			switch {
			case w.Literal && slices.Contains([]string{"env", "exec", "setpriv", "bwrap", "firejail"}, baseName(t)):
				in = baseName(t)
			case in == "exec" && w.Literal && strings.HasPrefix(t, "-") && t != "--":
				for k := 1; k < len(t); k++ {
					switch t[k] {
					case 'c':
						if reads != nil {
							return true
						}
					case 'a':
						if k == len(t)-1 {
							j++
						}
						k = len(t)
					}
				}
			case in == "setpriv" && t == "--reset-env", in == "bwrap" && t == "--clearenv":
				return true
			case in == "bwrap" && (t == "--unsetenv" || t == "--setenv"):
				if j++; j >= len(ws) || !ws[j].Literal || unsets(ws[j].Text) {
					return true
				}
				if t == "--setenv" {
					j++
				}
			case in == "firejail" && (strings.HasPrefix(t, "--env=") || strings.HasPrefix(t, "--rmenv=")):
				_, v, _ := strings.Cut(t, "=")
				if name, _, _ := strings.Cut(v, "="); !w.Literal || unsets(name) {
					return true
				}
			}
			continue
		}
		switch {
		case !w.Literal:
			return true
		case t == "--":
			in = ""
		case t == "-":
			return true
		case strings.HasPrefix(t, "--"):
			name, val, hasVal := strings.Cut(t[2:], "=")
			abbrev := func(long string) bool { return strings.HasPrefix(long, name) }
			switch {
			case name == "" || strings.HasPrefix("ignore-environment", name):
				return true // an abbreviation of two options is refused by env: nothing runs
			case strings.HasPrefix("unset", name):
				if !hasVal {
					if j++; j >= len(ws) || !ws[j].Literal {
						return true
					}
					val = ws[j].Text
				}
				if unsets(val) {
					return true
				}
			case !hasVal && (abbrev("chdir") || abbrev("argv0") || abbrev("split-string")):
				j++
			}
		case strings.HasPrefix(t, "-"):
			for k := 1; k < len(t); k++ {
				switch t[k] {
				case 'i':
					return true
				case 'u':
					val := t[k+1:]
					if val == "" {
						if j++; j >= len(ws) || !ws[j].Literal {
							return true
						}
						val = ws[j].Text
					}
					if unsets(val) {
						return true
					}
					k = len(t)
				case 'C', 'a', 'S':
					if k == len(t)-1 {
						j++
					}
					k = len(t)
				}
			}
		case !isEnvAssign(t):
			in = ""
			j-- // the next wrapper
		}
	}
	return false
}
