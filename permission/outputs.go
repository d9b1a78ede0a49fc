package permission

import (
	"slices"
	"strings"
)

// guessUnknown adds the path-like words of args as an unknown program's
// are (PathArgs): reads, protected as written.
func guessUnknown(out []PathArg, args []Word) []PathArg {
	from := len(out)
	out = guessPaths(out, args)
	for i := from; i < len(out); i++ {
		out[i].Unknown = true
	}
	return out
}

// plainOperands returns the words of args that are no option, and so
// neither an option's value: for the programs below whose options that
// take one are not listed, a value may be among them.
func plainOperands(args []Word) []Word {
	var ops []Word
	for i, w := range args {
		if t, opt := optionText(w); opt {
			if t == "--" {
				return append(ops, args[i+1:]...)
			}
			continue
		}
		ops = append(ops, w)
	}
	return ops
}

// lastOutputPaths: ImageMagick's convert and magick write their last
// operand (convert a.png -resize 50% /tmp/x.png); the others are read.
func lastOutputPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	if len(args) == 0 {
		return out
	}
	if lowerName(c) == "magick" && args[0].Literal {
		switch args[0].Text {
		case "identify", "display", "animate", "import", "stream":
			return guessUnknown(out, args) // they write no operand
		case "mogrify":
			return mogrifyPaths(out, args[1:])
		}
	}
	last := args[len(args)-1]
	if t, opt := optionText(last); !opt || t == "-" {
		out = append(out, PathArg{Word: last, Write: true})
		args = args[:len(args)-1]
	}
	return guessUnknown(out, args)
}

// mogrifyPaths: mogrify rewrites the files it is given in place, or
// writes them below -path DIR.
func mogrifyPaths(out []PathArg, args []Word) []PathArg {
	for i, w := range args {
		if t, _ := optionText(w); t == "-path" && i+1 < len(args) {
			out = append(out, PathArg{Word: args[i+1], Write: true, Tree: true, Fills: true})
		}
	}
	for _, w := range plainOperands(args) {
		out = append(out, PathArg{Word: w, Write: true})
	}
	return out
}

// ffmpegPaths: ffmpeg reads the files of -i and writes every other file
// it is given: its outputs follow their options, the last of them at the
// end (ffmpeg -i in.mp4 /tmp/x.webm). An option's value that looks like a
// path is taken for an output too.
func ffmpegPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	for i := 0; i < len(args); i++ {
		w := args[i]
		t, opt := optionText(w)
		switch {
		case opt && t == "-i" && i+1 < len(args):
			i++
			out = append(out, PathArg{Word: args[i]})
		case opt:
		case i == len(args)-1 || looksLikePath(t):
			out = append(out, PathArg{Word: w, Write: true})
		}
	}
	return out
}

// jarPaths: jar's archive (f, --file) is written when it creates or
// updates one (c, u), else read; its manifest (m) is read, its entry point
// (e) a class name; what it extracts (x) goes below the working
// directory. Its modes and f come clustered, with or without a dash (jar
// cf /tmp/x.jar a), their values in the words after.
func jarPaths(out []PathArg, c SimpleCommand) []PathArg {
	args := c.Args()[1:]
	write := false
	var archive []Word
	var ops []Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal:
			ops = append(ops, w)
		case strings.HasPrefix(t, "--"):
			n, v, eq := strings.Cut(t, "=")
			switch n {
			case "--create", "--update":
				write = true
			case "--file", "--manifest", "--main-class", "--module-version", "--release", "--module-path", "--hash-modules":
				if !eq && i+1 < len(args) {
					i++
					v = args[i].Text
				}
				if n == "--file" {
					archive = append(archive, Word{Text: v, Literal: true})
				} else if n == "--manifest" {
					out = append(out, PathArg{Word: Word{Text: v, Literal: true}})
				}
			}
		case i == 0 || strings.HasPrefix(t, "-") && t != "-C":
			for _, ch := range strings.TrimPrefix(t, "-") {
				switch ch {
				case 'c', 'u':
					write = true
				case 'f', 'm', 'e':
					if len(args) > i+1 {
						i++
						if ch == 'f' {
							archive = append(archive, args[i])
						} else if ch == 'm' {
							out = append(out, PathArg{Word: args[i]})
						}
					}
				}
			}
		case t == "-C" && i+1 < len(args):
			i++
			out = append(out, PathArg{Word: args[i], Tree: true})
		default:
			ops = append(ops, w)
		}
	}
	for _, a := range archive {
		out = append(out, PathArg{Word: a, Write: write})
	}
	for _, w := range ops {
		out = append(out, PathArg{Word: w, Tree: true})
	}
	return out
}

// containerCpPaths: docker cp and podman cp copy between a container
// (NAME:PATH) and here: a local destination is written, a local source
// read; a word only known at run time may be either.
func containerCpPaths(out []PathArg, args []Word) []PathArg {
	ops := plainOperands(args)
	for i, w := range ops {
		t := looseText(w.Text)
		colon, slash := strings.IndexByte(t, ':'), strings.IndexByte(t, '/')
		if w.Literal && colon > 0 && (slash < 0 || colon < slash) {
			continue // in the container
		}
		out = append(out, PathArg{Word: w, Write: i == len(ops)-1 || !w.Literal, Tree: true})
	}
	return out
}

// containerMountPaths: a bind mount (-v SRC:DST, --mount
// type=bind,src=SRC) gives the container the host's SRC to read and,
// unless :ro, to write, as its root: docker run -v ~/.ssh:/k reads the
// keys, -v ~/.bashrc:/b writes a start-up file. Each source is that
// path, read or written, a tree; what makes the container root on the
// host is checkContainerHost's.
func containerMountPaths(out []PathArg, args []Word) []PathArg {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		name, v, has := strings.Cut(t, "=")
		if !strings.HasPrefix(t, "--") {
			name, v, has = t, "", false
			if len(t) > 2 && strings.HasPrefix(t, "-v") {
				name, v, has = "-v", strings.TrimPrefix(t[2:], "="), true
			}
		}
		if name != "-v" && name != "--volume" && name != "--mount" {
			continue
		}
		if !has {
			if i++; i >= len(args) {
				break
			}
			v = args[i].Text
		}
		src, ro := mountSource(name, v)
		if src == "" || !strings.ContainsAny(src[:1], "/~.$") {
			continue // a named volume
		}
		out = append(out, PathArg{Word: Word{Text: src, Literal: args[i].Literal && !strings.ContainsAny(src, "$`~")}, Write: !ro, Tree: true})
	}
	return out
}

// mountSource returns the host path a -v or --mount value mounts, and
// whether read-only.
func mountSource(name, v string) (src string, ro bool) {
	if name != "--mount" {
		parts := strings.Split(v, ":")
		if len(parts) < 2 {
			return "", false
		}
		return parts[0], len(parts) > 2 && slices.Contains(strings.Split(parts[2], ","), "ro")
	}
	for _, kv := range strings.Split(v, ",") {
		k, val, _ := strings.Cut(strings.TrimSpace(kv), "=")
		switch k {
		case "source", "src":
			src = val
		case "readonly", "ro":
			ro = val == "" || val == "true" || val == "1"
		}
	}
	return src, ro
}

// toolOutputs adds what the build tools, package managers and the like,
// whose other words are guessed (PathArgs), write where their options or
// operands say: trees they build, install, pack or download into (npm
// --prefix and --pack-destination, pip download -d and wheel -w, cargo
// --target-dir, meson setup's build directory), the project a build runs
// in and writes below (mvn -f, gradle -p, cargo --manifest-path), a
// database file or dump (duckdb FILE, redis-cli --rdb), R CMD INSTALL's
// library, docker cp's and podman cp's destination, certutil's database
// directory, the history file history -w writes and the files xattr -w,
// -d and -c change.
func toolOutputs(out []PathArg, c SimpleCommand) []PathArg {
	var opts []string
	tree := true
	c, n := asPip(c) // python -m pip
	args := c.Args()
	switch n {
	case "npm", "pnpm":
		opts = []string{"--prefix", "--pack-destination", "-C", "--dir"}
	case "pip", "pip3":
		opts = []string{"-d", "--dest", "-w", "--wheel-dir", "--src"}
	case "cargo":
		opts = []string{"--target-dir", "--out-dir", "--artifact-dir", "--manifest-path"} // (install --root: installDirs)
	case "mvn", "mvnw", "./mvnw":
		opts = []string{"-f", "--file"}
	case "gradle", "gradlew", "./gradlew":
		opts = []string{"-p", "--project-dir", "-b", "--build-file"}
	case "meson":
		// setup's operands are the build directory and the source
		// directory, told apart only by the values of its options
		// (--buildtype release build): all are taken for written.
		opts = []string{"-C"}
		if ops := plainOperands(args[1:]); len(ops) > 1 && ops[0].Literal && ops[0].Text == "setup" {
			for _, w := range ops[1:] {
				out = append(out, PathArg{Word: w, Write: true, Tree: true, Fills: true})
			}
		}
	case "hg", "gh", "svn":
		// A clone's tree, at its last operand as git clone's (gitMakes):
		// hg clone URL /tmp/r was allowed where git clone URL /tmp/r
		// asked. Without one it is made in the working directory.
		if _, pos := cloneOperands(c); len(pos) > 1 && !strings.Contains(pos[len(pos)-1].Text, "://") {
			out = append(out, PathArg{Word: pos[len(pos)-1], Write: true, Tree: true, Fills: true})
		}
		return out
	case "pre-commit", "prek", "husky", "lefthook", "overcommit", "git-secrets", "simple-git-hooks", "talisman":
		// The git hook managers write the repository's hooks, or point
		// core.hooksPath in its .git/config at theirs: what the
		// project's configuration names then runs at every later commit
		// or push, outside the sandbox (hookInstall).
		if hookInstall(n, plainOperands(args[1:]), args[1:]) {
			out = append(out, PathArg{Word: Word{Text: ".git/hooks", Literal: true}, Write: true, Tree: true})
		}
		return out
	case "redis-cli":
		opts, tree = []string{"--rdb", "--functions-rdb"}, false
	case "certutil":
		return certutilPaths(out, args[1:])
	case "duckdb":
		return sqlitePaths(out, c) // its shell is sqlite3's
	case "docker", "podman", "nerdctl":
		if ops := plainOperands(args[1:]); len(ops) > 0 && ops[0].Literal && (ops[0].Text == "cp" || ops[0].Text == "container" && len(ops) > 1 && ops[1].Text == "cp") {
			return containerCpPaths(out, args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "cp" })+1:])
		}
		return containerMountPaths(out, args[1:])
	case "r":
		opts = []string{"-l", "--library"}
	case "history", "xattr":
		letters := "wdc"
		if n == "history" {
			letters = "wa"
		}
		for _, w := range args[1:] {
			if w.Literal && shortCluster(w.Text) && strings.ContainsAny(w.Text[1:], letters) {
				ops := plainOperands(args[1:])
				for _, o := range ops {
					out = append(out, PathArg{Word: o, Write: true})
				}
				if n == "history" && len(ops) == 0 {
					// history -a and -w write $HISTFILE, the shell's
					// history file, kept in the home directory.
					out = append(out, PathArg{Word: Word{Text: "$HISTFILE"}, Write: true})
				}
				return out
			}
		}
		return out
	default:
		return out
	}
	if !slices.ContainsFunc(args[1:], func(w Word) bool {
		return slices.ContainsFunc(opts, func(o string) bool { return strings.HasPrefix(looseText(w.Text), o) })
	}) {
		return out // none given: nothing to read again (cargo build --release)
	}
	from := len(out)
	out = outputOption(out[:from], args[1:], opts, false)
	// outputOption guessed the other words again: keep only its writes.
	kept := out[:from]
	for _, a := range out[from:] {
		if a.Write {
			a.Tree, a.Fills = tree, tree
			kept = append(kept, a)
		}
	}
	return kept
}

// certutilPaths: certutil's -d names its database directory (sql:DIR,
// dbm:DIR or DIR), written by the commands that create or change it (-N,
// -A, -D, -M, -S, -F, -W, -T, --merge …), else read.
func certutilPaths(out []PathArg, args []Word) []PathArg {
	changes := slices.ContainsFunc(args, func(w Word) bool {
		return slices.Contains([]string{"-N", "-A", "-D", "-M", "-S", "-F", "-W", "-T", "-E", "--merge", "--upgrade-merge", "--rename", "--reset"}, w.Text)
	})
	for i, w := range args {
		if w.Text == "-d" && i+1 < len(args) {
			d := args[i+1]
			for _, p := range []string{"sql:", "dbm:"} {
				d.Text = strings.TrimPrefix(d.Text, p)
			}
			out = append(out, PathArg{Word: d, Write: changes, Tree: true})
		}
	}
	return out
}

// hookInstall says whether hook manager n, given these operands and
// words, installs the repository's git hooks: pre-commit and prek
// install (and init-templatedir), husky with no subcommand (v9), init or
// install, lefthook install or add, overcommit --install, git-secrets
// --install, talisman --githook, and simple-git-hooks whatever it is
// given.
func hookInstall(n string, ops, args []Word) bool {
	has := func(o string) bool {
		return slices.ContainsFunc(args, func(w Word) bool { return w.Text == o || strings.HasPrefix(w.Text, o+"=") })
	}
	sub := ""
	if len(ops) > 0 {
		sub = ops[0].Text
		if !ops[0].Literal {
			return true
		}
	}
	switch n {
	case "pre-commit", "prek":
		return sub == "install" || sub == "init-templatedir"
	case "husky":
		return sub == "" || sub == "init" || sub == "install"
	case "lefthook":
		return sub == "install" || sub == "add"
	case "overcommit", "git-secrets":
		return has("--install") || n == "overcommit" && has("-i")
	case "talisman":
		return has("--githook") || has("-g")
	}
	return true // simple-git-hooks
}
