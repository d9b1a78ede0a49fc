package permission

import (
	"strings"
)

// Word is one word of a simple command after quote removal.
type Word struct {
	// Text is the word's value when Literal, else its source text
	// ("$HOME/x", "$(date)").
	Text string
	// Literal is true when the word's value is fully known before the
	// shell runs: no parameter expansion, substitution, glob or brace
	// expansion.
	Literal bool
}

// Redirect is one redirection of a simple command.
type Redirect struct {
	Op     string // ">", ">>", "<", "&>", ">|", "<>", ...
	Target Word   // the file (here-strings and fd duplications are not files)
	Write  bool   // the target is opened for writing
	Read   bool   // the target is opened for reading
}

// SimpleCommand is one command of a shell command line, normalised.
type SimpleCommand struct {
	// Text is the command as written in the source, for display and as the
	// session-whitelist key.
	Text string
	// Assigns are the leading VAR=value assignments, as "VAR=value".
	Assigns []string
	// Words are the command's words with leading assignments dropped and
	// quotes resolved. Words[0] is the command name as written ("/bin/rm").
	Words []Word
	// Inner is the index in Words where the command behind wrappers starts
	// (sudo, env, nice, nohup, timeout, time, command, exec, xargs, with
	// their options): Words[Inner:] is what really runs. 0 when there is no
	// wrapper.
	Inner int
	// WrapperPaths are the files the wrappers and launchers in
	// Words[:Inner] read or write by their own options (time -o FILE,
	// strace --output=FILE, uv run --env-file FILE), and WrapperDirs the
	// directories they run the command in, as written (sudo -D DIR,
	// unshare --wd DIR): see wrapSpec.write and dir.
	WrapperPaths []PathArg
	WrapperDirs  []string
	// PathGone and CondaGone are set for a command of a nested shell
	// (bash -c STR) that a wrapper started without PATH, or without
	// conda's variables (envCleared): env -i bash -c 'pip install x'
	// runs the system's pip, bash setting its default PATH.
	PathGone, CondaGone bool
	// Launchers are the indices in Words[:Inner] of the language launchers
	// the command runs behind (uv, npx), in order: rules match from each
	// (see newCmdSubject).
	Launchers []int
	// OpenArgs is true when more arguments, unknown here, are appended at
	// run time (xargs).
	OpenArgs bool
	// FromFind is true for a command `find … -exec` runs: its {} and open
	// arguments are the files find finds, under the start paths the find
	// command itself is judged by.
	FromFind bool
	// Added is true for a copy of a find the analysis adds to judge what
	// a command it hands its names to reads (find ~ | xargs cat is judged
	// as find ~ -exec cat {} + too): its paths and rules are checked,
	// but whether the line only reads is for the commands written on it
	// to say.
	Added bool
	// Redirects are the command's file redirections.
	Redirects []Redirect
	// StrayFD is the first descriptor above stderr the command uses
	// that the line did not open for it (cat /dev/fd/5, /proc/self/fd/5,
	// <&5), as written, or "": one the shell inherited may be any file.
	StrayFD string
	// DocSecret is the first secret-named variable a here-document of
	// the command expands (cat <<EOF … $GITHUB_TOKEN … EOF), or "": the
	// document is the command's input, not a file (checkSecretVar).
	DocSecret string
	// Nested is true for a command whose argument is itself a shell
	// program analysed recursively (bash -c 'STR', sh -c, eval 'STR'): the
	// nested commands appear as their own entries in Analysis.Commands.
	Nested bool
	// DenyOnly is true for a command of the text sed -i puts in a file
	// the line did not write (sed -i 's/x/rm -rf ~/' build.sh;
	// ./build.sh): only what denies it in every mode (a deny rule, a
	// critical danger) holds, for the rest of the file, not known, may
	// make harmless text a program of its own (s/1.0/1.1/ in a Makefile).
	DenyOnly bool
	// DenyAsks is true, beside DenyOnly, for a command of text the line
	// knows it feeds a shell through a program whose output the
	// analysis does not compute (echo 'rm -rf ~' | perl -pe 1 | sh:
	// fedUnseen): what would deny it asks, for the text may be changed.
	DenyAsks bool
	// Func is the name of the function whose body holds the command, ""
	// outside function definitions.
	Func string
	// Async is true when the command runs concurrently with the shell:
	// backgrounded with & or a stage of a pipeline. With Func it reveals
	// fork bombs (`:(){ :|:& };:`).
	Async bool
	// Piped is true for a command of a pipeline's stage: what it prints
	// may go to the next stage, whose filter the pipeline's checks judge
	// (pipeSecretVars), not to the agent. A command only sent to the
	// background (env &) prints where the line does.
	Piped bool
	// Shell is the shell process the command runs in: 0 for the line's
	// own, a number of its own for each subshell, pipeline stage, command
	// in the background, substitution and nested shell (bash -c, not
	// eval). What a command changes in its shell (source
	// .venv/bin/activate) holds for the later commands of the same shell,
	// and those of the line's own shell for every later command.
	Shell int32
	// OuterShell is the shell that started Shell (a subshell's parent,
	// whose exported variables it inherits), -1 for the line's own or
	// when not known.
	OuterShell int32
	// Cond is the part of the line the command runs in as far as whether
	// it runs at all: 0 for what runs whenever the line's commands before
	// it did (until an exit), else a part of its own (Analysis.regions)
	// for each branch of an if or a case, a loop's body, a trap's
	// commands and the commands after && or || in a list. An activation
	// holds for a later command only where it surely ran before it
	// (Engine.pythonEnvs).
	Cond int32
	// Dir is where the command runs when a cd earlier in the same command
	// line moved it, as written ("/", "../x", "~"); "" when no cd did, and
	// "?" when it cannot be known (cd "$X", cd -, a cd in a branch that
	// may not have run). PathEnv.In gives the environment to resolve the
	// command's relative paths in.
	Dir string
	// Dirs, when Dir is "?", are the directories the command may run in
	// if they are known, each written as Dir is: after `cd src && make;
	// ls`, ls runs in "" (the cd failed) or in "src". Nil when the
	// directory may be any.
	Dirs []string
	// inStage is true for a command whose exit status is not that of
	// the stage of an && or || list it stands in: one of several in a
	// group or a subshell, or a negated one ({ . x/bin/activate; true; }
	// && pip succeeds where the source failed).
	inStage bool
}

// Name returns the normalised name of the command that really runs:
// Words[Inner] with its directory removed ("/bin/rm" → "rm"), or "" when it
// is not literal or there are no words.
func (c SimpleCommand) Name() string {
	if c.Inner >= len(c.Words) || !c.Words[c.Inner].Literal {
		return ""
	}
	// zsh expands a word =NAME to the path of command NAME (its EQUALS
	// option, on by default): zsh -c '=rm -rf ~' runs rm. In bash the
	// name runs nothing; taken as NAME everywhere.
	return baseName(strings.TrimPrefix(c.Words[c.Inner].Text, "="))
}

// Args returns the words of the command behind wrappers, Words[Inner:].
func (c SimpleCommand) Args() []Word {
	if c.Inner >= len(c.Words) {
		return nil
	}
	return c.Words[c.Inner:]
}

// Analysis is the result of analysing a shell command line.
type Analysis struct {
	// Commands are every simple command, in source order, including those
	// inside substitutions, subshells, functions and nested shells.
	Commands []SimpleCommand
	// Complex names each construct that cannot be reduced to known
	// commands ("non-literal command name $CMD", "parse error: ...").
	// A non-empty Complex means the command is too complex to pre-approve.
	Complex []string
	// Pipelines are the chains in which one command's output feeds
	// another's: `a | b`, and substitutions feeding the command they are
	// arguments of. CheckPipelines looks for downloads fed to interpreters.
	Pipelines []Pipeline
	// regions are the parts of the line SimpleCommand.Cond numbers, part
	// k at regions[k-1].
	regions []region
	// lookups are built from Commands on first use (lookupsOf).
	lookups *commandLookups
}

// commandLookups are what the engine asks of the commands of a line for
// each of them, found once: a line of thousands of pip installs read
// every command before each for the functions the line defines and the
// environments it activates, 1.5 s at 128 kB. of is the number of
// commands they were built from.
type commandLookups struct {
	of          int
	funcs       map[string]bool
	activations []int // commands that may enter or leave a Python environment (pythonEnvs)
	// sources maps a shell and the file a source or . there reads to
	// the first command that does (Engine.activatedInNested).
	sources map[sourceKey]int
	// acts are those of activations that do, as the engine reads them
	// (Engine.activationsOf).
	acts *activationIndex
}

// lookupsOf returns a's lookups, built again if commands were added
// since.
func (a *Analysis) lookupsOf() *commandLookups {
	if a.lookups != nil && a.lookups.of == len(a.Commands) {
		return a.lookups
	}
	l := &commandLookups{of: len(a.Commands), funcs: map[string]bool{}}
	for j, c := range a.Commands {
		if c.Func != "" {
			l.funcs[c.Func] = true
		}
		switch n := lowerName(c); n {
		case "deactivate", "source", ".", "conda", "mamba", "micromamba":
			l.activations = append(l.activations, j)
			if args := c.Args(); (n == "source" || n == ".") && len(args) > 1 {
				if l.sources == nil {
					l.sources = map[sourceKey]int{}
				}
				k := sourceKey{c.Shell, args[1].Text}
				if _, seen := l.sources[k]; !seen {
					l.sources[k] = j
				}
			}
		}
	}
	a.lookups = l
	return l
}

// sourceKey is a file a source or . command reads, and the shell it runs
// in (commandLookups.sources).
type sourceKey struct {
	shell int32
	file  string
}

// region is a part of a command line that runs only under a condition
// (SimpleCommand.Cond): it runs only where its parent part does (0: the
// line). One after && (and) runs only where the command before it in
// the list succeeded: the commands head holds (from, to), or those of an
// earlier part that is and itself.
type region struct {
	parent int32
	and    bool
	head   [2]int32
}

// within says whether part r is part q or lies inside it.
func (a *Analysis) within(r, q int32) bool {
	for ; r != q; r = a.regions[r-1].parent {
		if r == 0 {
			return false
		}
	}
	return true
}

// regionOf returns part r of the line, nil for the line itself (0) or
// none.
func (a *Analysis) regionOf(r int32) *region {
	if r <= 0 || int(r) > len(a.regions) {
		return nil
	}
	return &a.regions[r-1]
}

// failedBefore says whether the commands of part r run only where a
// list's command i, or one after it, failed: r lies in the part after a
// || that follows it (. .venv/bin/activate || pip install x).
func (a *Analysis) failedBefore(i int, r int32) bool {
	for ; r != 0; r = a.regions[r-1].parent {
		g := a.regions[r-1]
		if !g.and && int32(i) >= g.head[0] && int32(i) < g.head[1] {
			return true
		}
	}
	return false
}

// shellsOut returns the shells that started command c's, nearest
// first, however many shells out, in n entries of outs: (.
// .venv/bin/activate; bash -c "sh -c 'pip install x'") runs the pip in a
// shell two out from the activation's, whose exported variables it
// inherits. The line's own shell (0) ends the list, which started every
// other; a shell whose starter is not known (SimpleCommand.OuterShell -1)
// ends it early.
func (a *Analysis) shellsOut(c SimpleCommand) (outs [64]int32, n int) {
	for o := c.OuterShell; o >= 0 && n < len(outs); n++ {
		outs[n] = o
		if o == 0 {
			return outs, n + 1
		}
		// Every command of shell o names the shell that started it; a
		// shell's number is always larger than its starter's.
		next := int32(-1)
		for _, p := range a.Commands {
			if p.Shell == o {
				next = p.OuterShell
				break
			}
		}
		if next >= o {
			return outs, n + 1
		}
		o = next
	}
	return outs, n
}

// defines says whether the line defines a function called name, which a
// command of that name then runs (source() { :; }; source
// .venv/bin/activate activates nothing).
func (a *Analysis) defines(name string) bool {
	return name != "" && a.lookupsOf().funcs[name]
}

// guarded says whether command i of the line surely succeeded wherever
// the commands of part r run: it is the head of an and part r lies in, or
// a command of one.
func (a *Analysis) guarded(i int, r int32) bool {
	if a.Commands[i].inStage {
		return false
	}
	for ; r != 0; r = a.regions[r-1].parent {
		g := a.regions[r-1]
		if g.and && (int32(i) >= g.head[0] && int32(i) < g.head[1] || a.Commands[i].Cond == r) {
			return true
		}
	}
	return false
}

func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}
