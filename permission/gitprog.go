package permission

import "strings"

// gitProgOpt is an option of a git subcommand whose value git runs.
type gitProgOpt struct {
	long string // the full long name: "--exec"
	// min is the length of the shortest abbreviation taken: git's option
	// parser takes any unambiguous prefix, and an ambiguous one fails, so
	// matching every prefix from min on asks too often at worst.
	min   int
	short byte // the short form, 0 for none
	// args: git appends arguments (file names, a repository) to the
	// command line it hands a shell, as `sh -c 'VALUE "$@"'` does.
	args bool
	// optional: the value is optional and only taken attached (-O[CMD],
	// --open-files-in-pager[=CMD]); without one git runs the configured
	// program.
	optional bool
	// exe: the value is a program's path, run without a shell, and only
	// when it is absolute (send-email --smtp-server=/usr/sbin/sendmail;
	// otherwise a host name).
	exe bool
	// split: the value is split into words and each glob expanded before
	// a shell evaluates it (difftool's `eval $GIT_DIFFTOOL_EXTCMD`): a
	// glob may bring in file names as code, so one is not analysed.
	split bool
}

// gitSubOptions are the options of one git subcommand that run a program.
type gitSubOptions struct {
	progs []gitProgOpt
	// shortArg are short options taking an argument, attached or the
	// next word; shortOpt those whose argument may only be attached.
	shortArg, shortOpt string
	// perl: the subcommand parses options with Perl's Getopt::Long: long
	// options also with one dash, in any case.
	perl bool
	what string
}

// gitProgOptions returns the options of git subcommand sub that run a
// program, for the analysis to read the program as a nested one: `git
// rebase -x 'make test'` is as safe as `make test`. A switch, so that
// nothing is built when the program starts.
func gitProgOptions(sub string) (gitSubOptions, bool) {
	switch sub {
	case "rebase":
		return gitSubOptions{what: "git rebase --exec", shortArg: "sXC", shortOpt: "S",
			progs: []gitProgOpt{{long: "--exec", min: 4, short: 'x'}}}, true
	case "grep":
		return gitSubOptions{what: "git grep --open-files-in-pager", shortArg: "ABCefm",
			progs: []gitProgOpt{{long: "--open-files-in-pager", min: 4, short: 'O', args: true, optional: true}}}, true
	case "difftool":
		// diff's options pass through: their attached arguments (-S<s>,
		// -G<re>, -O<file>, -l<n>, -U<n>, -M<n> …) end a cluster.
		return gitSubOptions{what: "git difftool --extcmd", shortArg: "t", shortOpt: "SGOlUMCBI",
			progs: []gitProgOpt{{long: "--extcmd", min: 4, short: 'x', args: true, split: true}}}, true
	case "filter-branch":
		// A shell script that takes each filter as the next word, and
		// evals it.
		return gitSubOptions{what: "git filter-branch", progs: []gitProgOpt{
			{long: "--setup", min: 7}, {long: "--env-filter", min: 12}, {long: "--tree-filter", min: 13},
			{long: "--index-filter", min: 14}, {long: "--parent-filter", min: 15}, {long: "--msg-filter", min: 12},
			{long: "--commit-filter", min: 15}, {long: "--tag-name-filter", min: 17},
		}}, true
	case "send-email":
		// --to and --cc are options of their own: an abbreviation of
		// --to-cmd needs a fifth character.
		return gitSubOptions{what: "git send-email", perl: true, progs: []gitProgOpt{
			{long: "--to-cmd", min: 5, args: true}, {long: "--cc-cmd", min: 5, args: true},
			{long: "--header-cmd", min: 4, args: true}, {long: "--sendmail-cmd", min: 4, args: true},
			{long: "--smtp-server", min: 4, exe: true, args: true},
		}}, true
	case "fetch", "pull", "fetch-pack":
		// Where the repository is local, git runs the upload-pack command
		// through a shell, with the path appended; over ssh, the far side
		// does.
		return gitSubOptions{what: "git " + sub + " --upload-pack", shortArg: "jsXo", shortOpt: "S", progs: []gitProgOpt{
			{long: "--upload-pack", min: 3, args: true}, {long: "--exec", min: 4, args: true},
		}}, true
	case "clone":
		return gitSubOptions{what: "git clone --upload-pack", shortArg: "obcj", progs: []gitProgOpt{
			{long: "--upload-pack", min: 3, short: 'u', args: true},
		}}, true
	case "ls-remote", "archive":
		return gitSubOptions{what: "git " + sub + " --exec", shortArg: "o", progs: []gitProgOpt{
			{long: "--upload-pack", min: 3, args: true}, {long: "--exec", min: 4, args: true},
		}}, true
	case "push", "send-pack":
		return gitSubOptions{what: "git " + sub + " --receive-pack", shortArg: "o", progs: []gitProgOpt{
			{long: "--receive-pack", min: 4, args: true}, {long: "--exec", min: 4, args: true},
		}}, true
	case "instaweb":
		// The httpd command line is split into words and run.
		return gitSubOptions{what: "git instaweb --httpd", shortArg: "mpb", progs: []gitProgOpt{
			{long: "--httpd", min: 3, short: 'd', args: true},
		}}, true
	case "daemon":
		return gitSubOptions{what: "git daemon --access-hook", progs: []gitProgOpt{
			{long: "--access-hook", min: 4, args: true},
		}}, true
	}
	return gitSubOptions{}, false
}

// gitOptPrograms returns the programs that the options of a git
// subcommand (rest, the words after it) run, each a shell program. Options
// are read up to --, wherever they stand. A word only known at run time
// that may be one of them, or that gives one its value, makes a program
// that is not literal.
func gitOptPrograms(rest []Word, o gitSubOptions) []Word {
	var progs []Word
	add := func(p gitProgOpt, v Word) {
		switch {
		case p.exe:
			if v.Literal && !strings.HasPrefix(v.Text, "/") {
				return // a host name
			}
			v.Text = quoteWords([]Word{v})
		case p.split && strings.ContainsAny(v.Text, "*?["):
			v.Literal = false
		}
		if p.args {
			v.Text += ` "$@"`
		}
		progs = append(progs, v)
	}
	unknown := func(w Word) { progs = append(progs, Word{Text: w.Text}) }
	for k := 0; k < len(rest); k++ {
		w := rest[k]
		t := w.Text
		if w.Literal && t == "--" {
			break
		}
		if !w.Literal {
			t = looseText(t)
		}
		if len(t) < 2 || t[0] != '-' {
			continue
		}
		if o.perl && t[1] != '-' {
			t = "-" + strings.ToLower(t)
		} else if o.perl {
			t = strings.ToLower(t)
		}
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			if !w.Literal && strings.ContainsAny(n, "$`") {
				unknown(w)
				continue
			}
			for _, p := range o.progs {
				if len(n) < p.min || !strings.HasPrefix(p.long, n) {
					continue
				}
				switch {
				case eq:
					add(p, Word{Text: v, Literal: w.Literal})
				case p.optional:
				case k+1 < len(rest):
					k++
					add(p, rest[k])
				}
				break
			}
			continue
		}
	cluster:
		for j := 1; j < len(t); j++ {
			ch := t[j]
			if !w.Literal && (ch == '$' || ch == '`') {
				unknown(w)
				break
			}
			for _, p := range o.progs {
				if p.short == 0 || p.short != ch {
					continue
				}
				switch {
				case j+1 < len(t):
					add(p, Word{Text: t[j+1:], Literal: w.Literal})
				case p.optional:
				case k+1 < len(rest):
					k++
					add(p, rest[k])
				}
				break cluster
			}
			switch {
			case strings.IndexByte(o.shortArg, ch) >= 0:
				if j+1 == len(t) {
					k++ // the argument is the next word
				}
				break cluster
			case strings.IndexByte(o.shortOpt, ch) >= 0:
				break cluster
			}
		}
	}
	return progs
}

// quoteWords joins literal words into a shell command line that gives
// them back as they are, each single-quoted.
func quoteWords(ws []Word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(w.Text, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}
