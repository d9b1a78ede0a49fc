package permission

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Limits that keep hostile input from exhausting the stack or the CPU. Past
// any of them the analysis stops descending and reports "nesting too deep",
// which makes the command too complex to pre-approve.
const (
	// maxShellDepth caps shells inside shells (bash -c, eval, trap, ...).
	maxShellDepth = 16
	// maxNodeDepth caps the depth of the syntax tree walked.
	maxNodeDepth = 500
	// maxWalkDepth caps the syntax nodes the walks beside the analysis's
	// own descend through (walk): deeper than maxNodeDepth, because the
	// analysis's walk takes a && chain or a pipeline as a list, and a
	// line of 3,000 cd a && … is ordinary (TestDeepCdChainChecksFast).
	maxWalkDepth = 10000
	// maxBracketDepth caps bracket nesting before parsing at all: the
	// parser recurses once per arithmetic parenthesis and overflows the
	// goroutine stack (a fatal error, not a panic) at a few hundred
	// thousand levels.
	maxBracketDepth = 1000
	// maxComplexText is how much of a construct's text a Complex entry
	// quotes.
	maxComplexText = 80
	// maxCommands caps the simple commands of a line, its copies'
	// included: each takes some 2 kB to walk and check, so that a 1 MiB
	// line of 116,000 calls (f a; f b; …) took 260 MB and one of bash *;
	// … 5 s. Past it the rest of a list of statements is not parsed or
	// walked, and the line is too complex: the commands walked are
	// judged, the rest asked for.
	maxCommands = 1 << 15
)

// Pipeline is a chain of commands in which each stage's output feeds the
// next one. Each stage lists indices into Analysis.Commands: every command
// inside the stage, substitutions included. Besides `a | b | c`, the
// analyser records two-stage pipelines for substitutions: ($(…) and <(…)
// commands, the command) since `bash <(curl …)` feeds a download to bash
// just as a pipe does, and (the command, >(…) commands).
type Pipeline [][]int

// parsers recycles parsers: one allocates buffers worth keeping, and a
// Parser must not be shared between goroutines.
var parsers = sync.Pool{New: func() any {
	// Comments are kept to be checked (misreadComments).
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}}

// AnalyzeShell splits a bash command line into its simple commands and
// normalises each of them. It never fails: input it cannot reduce to known
// commands (unparsable text, a non-literal command name, constructs it does
// not model) is reported in Analysis.Complex, naming the construct.
//
// Redirections on a compound command (`{ a; b; } > f`, `while …; done < f`)
// are recorded once, on a synthetic SimpleCommand with no Words that holds
// them, placed after the compound's own commands; a redirection-only
// statement (`> f`) and a bare assignment (`PATH=x`) also yield a command
// with no Words. Commands found in `find -exec CMD ;` appear as commands of
// their own with OpenArgs set.
func AnalyzeShell(src string) Analysis {
	return analyzeShell(src, "", "")
}

// analyzeShell is AnalyzeShell where the home directory ~ names and the
// working directory the line starts in are known: absolute and clean, or
// "".
func analyzeShell(src, home, cwd string) Analysis {
	z := analyzer{home: home, cwd: cwd}
	z.a.Commands = make([]SimpleCommand, 0, commandsHint(src))
	z.program(src, "command line")
	// Each value is shorter than the program it is set in: one set inside
	// another's is walked too, and the walk ends.
	for k := 0; k < len(z.promptProgs); k++ {
		dir, scope := z.dir, z.fork()
		z.nested(z.promptProgs[k], "a command line a variable sets")
		z.dir, z.scope = dir, scope
	}
	z.namesThroughFiles()
	z.valueDirCopies()
	z.arrayCopies()
	z.readValues()
	z.arithSubscriptValues()
	z.arithData()
	z.funcFDs()
	return z.a
}

// commandsHint guesses how many commands src holds, from the operators
// that end one, so that a long line's commands are not copied as they
// grow (0.3 s of the 2 of a 1 MiB line of echo hi; …): at most one for
// each 8 bytes, as echo hi; takes 9, so that a line of ;;; … is not
// given 300 bytes for each of its own.
func commandsHint(src string) int {
	n := 1
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case ';', '&', '|', '\n':
			n++
		}
	}
	return min(n, len(src)/8+1, maxCommands)
}

// EnvAssigns returns every assignment made for the command: the leading
// VAR=value words and those given to env or sudo (`env LD_PRELOAD=x cmd`),
// as "VAR=value".
func (c SimpleCommand) EnvAssigns() []string {
	var out []string
	out = append(out, c.Assigns...)
	for _, w := range c.Words[:min(c.Inner, len(c.Words))] {
		if isEnvAssign(w.Text) {
			out = append(out, w.Text)
		}
	}
	return out
}

// isEnvAssign reports whether env or sudo takes s as an assignment: any
// word with an = that is not an option, whatever the name (env sets
// "BASH_FUNC_ls%%", which exports a function to bash).
func isEnvAssign(s string) bool {
	i := strings.IndexByte(s, '=')
	return i > 0 && s[0] != '-'
}

// analyzer walks one syntax tree, and those of the shells nested in it,
// appending to a.
type analyzer struct {
	a       Analysis
	home    string // the home directory ~ names, "" when not known
	cwd     string // the directory the line starts in, "" when not known
	src     string // the program being walked; node offsets index it
	shell   int    // how many shells deep src is
	depth   int    // how deep in the syntax tree the walk is
	tooDeep bool   // "nesting too deep" already reported
	tooMany bool   // past maxCommands, already reported
	// substAssigned are the variables command substAt assigns, some from
	// a command substitution, until feeds knows what it prints.
	substAssigned []assignedVal
	substAt       int
	// ifs are the literal values the line gives IFS, which a read splits
	// its line by (noteIFS).
	ifs     []string
	handIdx handOnIndex // the commands and reads handOn looks up
	// heldSubscripts are the asks for values assigned with an expansion
	// in a subscript (x="a[$k]"), made once the line is known to evaluate
	// a string (evaluatesStrings).
	heldSubscripts []string
	// arithVars are the names arithmetic on the line refers to,
	// arithIndexes its subscripts, assocNames the arrays declare -A
	// makes associative, and dataVars the names set from data the
	// analysis cannot read (arithData).
	arithVars, dataVars, assocNames []string
	funcNames                       []string   // the functions the line declares
	valueRefs                       []valueRef // values assigned from other variables
	arithIndexes                    []arithIndex
	codeCopies                      int      // the copies of inline code copiedCode read
	copiedBytes                     int      // the text of the copies of commands made (copyFits)
	readonlyNames                   []string // the names a readonly or declare -r made read-only (noteReadonly)
	fn                              string   // the function whose body is being walked
	async                           bool     // the statement runs concurrently with the shell
	// scope is the shell process the commands being walked run in, as
	// SimpleCommand.Shell; scopes counts those given a number.
	scope, scopes int32
	// outer holds, for each of the first shells given a number, the one
	// it was started from (SimpleCommand.OuterShell).
	outer [64]int32
	// cond is the part of the line the commands being walked run in, as
	// SimpleCommand.Cond (Analysis.regions).
	cond int32
	// dir is where the commands being walked run: as SimpleCommand.Dir,
	// or a set of directories (dirSetOf).
	dir string
	// valDir: where they run when dir is unknown for a cd to a value
	// the line gives, in the shells within valScope (valuedCd).
	valDir   string
	valScope int32
	dirCopy  []dirCopy
	// fileInputs are the compound commands whose input is a file (while
	// read f; do …; done < l): namesThroughFiles hands them what a find
	// or a lister on the line wrote to it.
	fileInputs []fileInput
	// loops are the for loops over words: namesThroughFiles hands their
	// bodies the names a file or a variable of their words holds.
	loops []wordLoop
	// cdFuncs are the functions whose bodies change directory: calling
	// one leaves the directory unknown.
	cdFuncs map[string]bool
	// programText: the words being read are arguments of a command
	// that takes a program of its own language (programTextCommands).
	programText bool
	// assoc: the assignments being read are a declare -A's, whose
	// compound values' keys bash does not evaluate.
	assoc bool
	// pattern: the words being read are patterns matched against a
	// string (case items, [[ ]] operands), which bash does not expand
	// into file names.
	pattern bool
	// homeSet, pwdSet: HOME, or PWD or OLDPWD, was set as a shell
	// variable earlier in the command line; cdSearches: a relative cd
	// leads to a directory not known, as shopt -s cdable_vars was run or
	// CDPATH set to a value only known at run time (dirVars).
	homeSet, pwdSet, cdSearches bool
	// cdPath: the entries of CDPATH where it was set to a value written
	// out, where a relative cd looks first (dirVars).
	cdPath []string
	// oldPwd: the directory OLDPWD was set to, where cd - goes; "" when
	// not known (dirVars).
	oldPwd string
	// physical: set -P (set -o physical) ran earlier on the line, and no
	// set +P for certain after it: every cd is then physical, taking a
	// ".." from where the links before it lead, not from their names
	// (changeDir). wentPhysical: a physical cd ran, which left the shell
	// where the links led, so that a later logical cd's ".." is taken
	// from there too.
	physical, wentPhysical bool
	// refs: the namerefs declared earlier (declare -n H=HOME), each with
	// the variable it names; "" for one declared without (declare -n H),
	// whose next assignment names it, and "?" for one only known at run
	// time (dirVars).
	refs map[string]string
	// refPairs: each nameref and the variable it names, as declared on
	// the line (refs keeps the last), for readValues (refValues).
	refPairs [][2]string
	// runAt is the command runsWritten judges, whose words after a
	// script's name are its positional parameters.
	runAt int
	// makefiles: MAKEFILES was set earlier in the command line (export
	// MAKEFILES=/dev/stdin), which a later make reads its makefiles from
	// first, or MAKEFLAGS to a value holding --eval (dirVars).
	makefiles bool
	// setEnv: the variables git reads (GIT_WORK_TREE, GIT_CONFIG_COUNT
	// and its keys, GIT_SSH_COMMAND, EDITOR, HOME …; gitEnvName), those
	// that give pip the system's Python (pipEnvName) and those that name
	// conda's environment (condaEnvName, unset too) as set
	// earlier in the command line ("GIT_WORK_TREE=/etc"), the last
	// setting of each, which a later git or pip is given as if set for
	// it (dirVars).
	setEnv []string
	// pathGone and condaGone: the nested shell analysed was started
	// without PATH, or conda's variables (SimpleCommand.PathGone).
	pathGone, condaGone bool
	// catDocs: what each cat of a here-document or here-string (cat
	// <<< STR, cat <<E) among the commands writes, by index, for a shell
	// it feeds its program (fedText); and what a dirname, basename,
	// realpath or readlink -f of a path written out, or a tr or sed fed
	// a known text, prints (pathOutput, pipedFilters).
	catDocs map[int]fedDoc
	// besideDocs: the commands of catDocs whose text a shell fed it
	// reads beside its decision, not in its place (filterDoc):
	// pipedFiltered judges it, and the pipe to a shell still asks.
	besideDocs map[int]bool
	// writtenFeeds: the commands that print what the line wrote to a
	// file, through filters (textFilter), and whether that is computed
	// exactly (true) or not, so that a shell fed it fails closed where it
	// is not (pipedWritten): echo 'rm -rf ~' > s; nl s | sh.
	writtenFeeds map[int]bool
	// fedDocs: the text of the here-string or here-document a command
	// reads, where it is known, for a shell its output feeds through a
	// program not computed (fedUnseen): perl -pe 1 <<< 'rm -rf ~' | sh.
	fedDocs map[int]string
	// written: the files the commands walked so far wrote by a
	// redirection (or tee), with their text where it is known, for a
	// later command that runs one as a script (runsWritten).
	written    []writtenFile
	writtenIdx writtenIndex // z.written by base name (lastWritten)
	// inserted: the text sed -i put in files the line did not write
	// (sedInserted), judged deny-only where one is run (runInserted).
	inserted []writtenFile
	// filled: the directories an extraction of what the line wrote
	// fills (operandsWritten).
	filled []writtenFile
	// readers: the commands walked so far that run a file as a program
	// (programFiles, runnerFiles), one of each name and file, for a
	// write later on the line, which a reader in the background, in a
	// loop or in a function's body may yet read (readLater).
	readers   []programReader
	readerIdx writtenIndex // z.readers by base name
	// links: the pairs of names a link the line made joins (ln, cp -s,
	// cp -l), for a write to one that is a write to the other
	// (linkedWrite); linking: a write linkedWrite notes.
	links    [][2]writtenFile
	linkIdx  writtenIndex // the links' ends, 2k and 2k+1, by base name
	linking  bool
	treeWork int // the writes treeCopied looked at
	// writtenDirs: the directories above the first dirsIndexed writes
	// (writesBelow).
	writtenDirs map[string]bool
	dirsIndexed int
	readerSeen  map[[3]string]bool // the name, directory and file of each
	// globReaders: the commands of readers' kind with a glob among their
	// words (bash *.sh &), each once (globSeen), whose matches a later
	// write may be (globLater); name unused.
	globReaders []programReader
	globSeen    map[int]bool
	globNamed   []namedGlobs // z.globReaders as globLater matches them
	// globIdx: z.written for the globs of runsWritten; globChecks the
	// files they were matched with, globbedText the text of those
	// matched and globbedMore the matches after each glob's first
	// (maxGlobChecks, maxGlobbedText, maxGlobbedMore).
	globIdx                              globIndex
	globChecks, globbedText, globbedMore int
	// readLaterBytes: the text of the writes readLater judged
	// (maxReadLater).
	readLaterBytes int
	// loopDepth counts the loops around the commands being walked, whose
	// body runs again after what follows it in the loop, and the traps,
	// whose commands run after the rest of the line.
	loopDepth int
	// held: the descriptors an exec on the line opened for reading (exec
	// 3< l, exec 3<<< STR), which every later command inherits
	// (withHeld).
	held []heldFD
	// execFDs: the descriptors above stderr an exec on the line opened,
	// for reading or writing, and fdScopes the redirections of the
	// compound commands around the commands being walked: what a command
	// may use of its own (strayFD).
	execFDs  []string
	fdScopes [][]*syntax.Redirect
	// scopeFed: the compounds' inputs scopeInput has handed a reader of
	// code once, and scopeFedBytes the text of those handed again
	// (maxScopeFed).
	scopeFed      map[*syntax.Redirect]bool
	scopeFedBytes int
	// fnCalls are the calls of a name, each with the descriptors open
	// at it (funcFDs).
	fnCalls []fnCall
	// arithSubs: the variables expanded inside an array subscript in
	// arithmetic ((( a[$k] ))), which bash before 5.2 expands once more
	// (arithSubscriptValues).
	arithSubs []string
	// promptProgs are the command lines commandVars are set to on the
	// line, analysed once the line is walked (promptCommand).
	promptProgs []string
	// reads: the reads walked so far, with the lines written on the line
	// that feed them, once known (readValues), and the assignments,
	// loops and unsets that set variables (noteAssigns).
	reads []readCmd
	// assigned: the values the command being added assigns, for add to
	// record once it has its index (noteAssigns).
	assigned []assignedVal
	// lastPipe: the shells of pipelines' last stages.
	lastPipe []int32
	// copied: for each command readValues added, where its variables
	// are expanded (pointOf).
	copied map[int]point
	// codeLeft: the copies whose inline code copiedCode left unread,
	// past maxRunWith, for codeRest.
	codeLeft []int
	// lastStage: the command that is the last stage of the pipeline
	// walked last, -1 where that stage is more; the copies pipedArgs
	// makes of it come after it (feeds).
	lastStage int
	// printed: the substitutions of command printedAt whose output is
	// known (feeds), for a here-string of it that feeds a read (fedLines).
	printed   []printedSubst
	printedAt int
	// fnPrints: what each function declared so far prints where its body
	// is printers (printersText), for a pipeline's stage that calls it
	// (stageDoc), as a copy; one whose text is not known is there too,
	// not known (printersStage).
	fnPrints map[string]fedDoc
	// fnBodies: the source of each function declared so far whose body
	// is short, for a substitution that calls it with arguments
	// (fnCallOutput); fnDepth counts the copies being walked, one
	// inside the other (maxFnDepth), fnCopied the bytes of the bodies
	// copied (maxFnCopied) and fnWalked those of the copies, arguments
	// written in (maxFnWalked).
	fnBodies map[string]string
	// fnReadsCode: the functions whose body as written holds a reader
	// of code from its input (readsCodeFromInput), whose calls with
	// their input redirected fnStmtCopy copies.
	fnReadsCode map[string]bool
	// fnCallers: by name, the functions whose body as written calls
	// it, marked as reading code where a function of the name declared
	// later does (markCallers).
	fnCallers map[string][]string
	// fnXargs: the functions whose body as written runs xargs, which
	// runs the names in its input (scopeInput), or calls one that does
	// (markCallers), copied as fnReadsCode's where the call's input is
	// redirected; not a pipe's reader of code.
	fnXargs  map[string]bool
	fnDepth  int
	fnCopied int
	fnWalked int
	// masked: enable or alias among the commands walked, the first
	// maskedRead of them read so far (builtinsMasked).
	masked     bool
	maskedRead int
	// fnCopies: the copies of bodies walked for calls, by the index of
	// the call (fnStmtCopy), for fnCopyOutput to read what they print;
	// stage is set while a pipeline's stage is walked, whose call
	// pipedFiltered copies.
	fnCopies map[int]fnCopy
	stage    bool
	// substs counts the substitutions around the commands being walked,
	// whose output, as a stage's, may be a shell's program
	// (inlinePrinted).
	substs int
}

// fnCopy is a copy walked of a function's body with a call's arguments
// in the place of $1 …: its source, its statements, and the commands it
// added, [from, end).
type fnCopy struct {
	body      string
	stmts     []*syntax.Stmt
	from, end int
	dir       string // where the copy left the shell
}

// fedDoc is the text of a here-document, and whether it is literal.
// copy marks a text made of the values the line gives variables
// (valuePrinted): it is judged beside the command as written, in the
// copies a substitution or xargs makes, never in its place, so that
// what a shell or an interpreter is fed stays a program only known at
// run time (fedText).
type fedDoc struct {
	text  string
	known bool
	copy  bool
}

// subst is the body of a command or process substitution found in a word,
// walked after the command it belongs to.
type subst struct {
	stmts []*syntax.Stmt
	// out is true for >(…), which the command writes to; the output of
	// the others feeds the command.
	out bool
	// async is true for <(…) and >(…), which run beside the command,
	// which does not wait for them.
	async bool
	// program is true for the <(…) a shell or source reads its program
	// from: its script operand (bash <(…), . <(…)) or what feeds the
	// descriptor it reads (sh < <(…)); unseen is then what to complain
	// of when what it runs is not known (fedProgram).
	program bool
	unseen  string
	// src is the source text of a $(…) or `…`, as it stands in the word
	// that holds it (see substituted).
	src string
}

// stmtLists are the substitutions found in a command's words.
type stmtLists []subst

// program parses src as a shell program and walks it. what names the
// construct src came from, for error messages.
func (z *analyzer) program(src, what string) {
	if d := bracketDepth(src); d > maxBracketDepth {
		z.complex("nesting too deep: %d nested brackets in %s", d, what)
		return
	}
	// Statements are taken one by one so that those before a syntax
	// error are still analysed: bash runs `rm -rf /` on line 1 before it
	// trips over line 2. They are walked once parsing is over, when their
	// here-documents have been read.
	p := parsers.Get().(*syntax.Parser)
	var stmts []*syntax.Stmt
	var perr error
	for s, err := range p.StmtsSeq(strings.NewReader(src)) {
		switch {
		case err != nil:
			// The statement that holds the error is incomplete.
			perr = cmp.Or(perr, err)
		case perr == nil:
			stmts = append(stmts, s)
		}
		if len(stmts)+len(z.a.Commands) > maxCommands {
			// Each statement is a command or more: the rest, past the
			// bound, would only be parsed to be left unwalked (enter).
			z.tooManyCommands()
			break
		}
	}
	parsers.Put(p)
	if perr != nil {
		if what == "command line" {
			z.complex("parse error: %v", perr)
		} else {
			z.complex("parse error in %s: %v", what, perr)
		}
	}
	if strings.IndexByte(src, '\r') >= 0 {
		// bash reads a carriage return as part of a word; the parser as a
		// blank, and \r\n as a newline: `X=1\recho rm -rf ~` runs rm.
		z.complex("a carriage return in the %s, which bash reads as part of a word and the parser does not", what)
	}
	if at, ok := misreadComment(src, stmts); ok {
		z.complex("a # that bash and the parser read differently, as part of a word or as the end of a comment (in the %s): %q", what, shorten(src[at:]))
	}
	saved := z.src
	z.src = src
	if !z.arithNames(stmts) && !z.tooDeep {
		z.tooDeep = true
		z.complex("nesting too deep: more than %d nested constructs", maxWalkDepth)
	}
	z.stmts(stmts)
	z.src = saved
	if z.shell == 0 && len(z.heldSubscripts) > 0 && evaluatesStrings(stmts) {
		for _, m := range z.heldSubscripts {
			z.complex("%s", m)
		}
	}
}

// misreadComment finds a comment the parser read where bash reads none.
// A # starts a comment only at the start of a word; the parser
// (mvdan.cc/sh v3.14) also takes one for a comment in places where it
// continues a word: after a quote inside $(…), `$(""#x; rm y)`, after
// the ) that closes $(…), $((…)), <(…) or an array, `a=(1)#;rm y`, and
// after a backslash-newline, which bash removes before it reads words.
// Each hides what bash runs after it. It returns the offset of the first
// such #.
func misreadComment(src string, stmts []*syntax.Stmt) (at int, found bool) {
	if strings.IndexByte(src, '#') < 0 {
		return 0, false
	}
	// Where a word (or an array's parentheses) ends: a # there continues
	// it.
	wordEnds := map[uint]bool{}
	var comments []int
	for _, s := range stmts {
		walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Comment:
				comments = append(comments, int(n.Hash.Offset()))
			case *syntax.CallExpr:
				// A comment between two words of one command: bash ends
				// the command at the comment's newline, which the parser
				// took, after a backslash, for a continuation
				// (`echo # x \<newline>rm y` runs rm).
				for i := 1; i < len(n.Args); i++ {
					from, to := int(n.Args[i-1].End().Offset()), int(n.Args[i].Pos().Offset())
					if from < to && to <= len(src) && strings.IndexByte(src[from:to], '#') >= 0 {
						comments = append(comments, -1-(from+strings.IndexByte(src[from:to], '#')))
					}
				}
			case *syntax.Word:
				wordEnds[n.End().Offset()] = true
			case *syntax.ArrayExpr:
				wordEnds[n.End().Offset()] = true
			}
			return true
		})
	}
	for _, off := range comments {
		if off < 0 {
			return -1 - off, true
		}
		if off == 0 || off >= len(src) {
			continue
		}
		before := off
		for {
			switch {
			case before >= 2 && src[before-2:before] == "\\\n":
				before -= 2
				continue
			case before >= 3 && src[before-3:before] == "\\\r\n":
				before -= 3
				continue
			}
			break
		}
		if before > 0 && (wordEnds[uint(before)] || !strings.ContainsRune(" \t\n;&|()<>", rune(src[before-1]))) {
			return off, true
		}
	}
	return 0, false
}

// nested analyses src, the program of a nested shell (bash -c, eval, ...).
func (z *analyzer) nested(src, what string) {
	if z.shell+1 > maxShellDepth {
		z.complex("nesting too deep: more than %d nested shells at %s", maxShellDepth, what)
		return
	}
	savedFn, savedDepth := z.fn, z.depth
	z.shell++
	z.program(src, what)
	z.shell--
	z.fn, z.depth = savedFn, savedDepth
}

// bracketDepth returns the deepest nesting of ( [ { in src, ignoring
// quotes: a cheap, conservative bound on what the parser will recurse on.
func bracketDepth(src string) int {
	depth, deepest := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return deepest
}

func (z *analyzer) complex(format string, args ...any) {
	z.a.Complex = append(z.a.Complex, fmt.Sprintf(format, args...))
}

// complexOnce adds msg to Complex unless it is there already: a word may
// be read more than once.
func (z *analyzer) complexOnce(msg string) {
	if !slices.Contains(z.a.Complex, msg) {
		z.a.Complex = append(z.a.Complex, msg)
	}
}

// enter descends one level into the tree; it reports false, once, when
// the tree is too deep to walk further.
func (z *analyzer) enter() bool {
	z.depth++
	if z.depth > maxNodeDepth {
		if !z.tooDeep {
			z.tooDeep = true
			z.complex("nesting too deep: more than %d nested constructs", maxNodeDepth)
		}
		return false
	}
	return true
}

func (z *analyzer) leave() { z.depth-- }

// tooManyCommands reports, once, a line past maxCommands.
func (z *analyzer) tooManyCommands() {
	if !z.tooMany {
		z.tooMany = true
		z.complex("more than %d commands: the rest of the line is not checked", maxCommands)
	}
}

// walk is syntax.Walk bounded: it descends no deeper than maxWalkDepth
// below node, and says whether it walked the whole tree. Unbounded, the
// walks beside the analysis's own (arithNames, misreadComment,
// evaluatesStrings, a word's or an expression's) took a megabyte of
// a && a && … past the runtime's 1 GB of goroutine stack under the race
// detector (CI, stop 43), and some 100 MB without it. program says
// "nesting too deep" of a program deeper than that (arithNames walks
// every node), so that what a walk leaves out is never all that decides.
func walk(node syntax.Node, f func(syntax.Node) bool) (whole bool) {
	whole = true
	depth := 0
	syntax.Walk(node, func(n syntax.Node) bool {
		if n == nil {
			depth--
			f(nil)
			return true
		}
		if depth >= maxWalkDepth {
			whole = false
			return false
		}
		if !f(n) {
			return false
		}
		depth++
		return true
	})
	return whole
}

// text returns the source between two offsets, trimmed.
func (z *analyzer) text(from, to syntax.Pos) string {
	a, b := from.Offset(), to.Offset()
	if b > uint(len(z.src)) {
		b = uint(len(z.src))
	}
	if a > b {
		return ""
	}
	return strings.TrimSpace(z.src[a:b])
}

// nodeText is the source text of n, shortened for a Complex entry.
func (z *analyzer) nodeText(n syntax.Node) string {
	return shorten(z.text(n.Pos(), n.End()))
}

func shorten(s string) string {
	if len(s) <= maxComplexText {
		return s
	}
	cut := maxComplexText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func (z *analyzer) stmts(ss []*syntax.Stmt) {
	for k, s := range ss {
		if k > 0 && len(z.a.Commands) >= maxCommands {
			// The first is walked still, so that a pipeline's stage
			// ({ …; } | sh) has its commands.
			z.tooManyCommands()
			return
		}
		z.stmt(s)
	}
}

func (z *analyzer) stmt(s *syntax.Stmt) {
	if s == nil {
		return
	}
	if !z.enter() {
		z.leave()
		return
	}
	defer z.leave()
	savedAsync, savedDir, savedScope := z.async, z.dir, z.scope
	z.async = z.async || s.Background || s.Coprocess || s.Disown
	if s.Background || s.Coprocess || s.Disown {
		z.fork()
	}
	defer func() {
		z.async, z.scope = savedAsync, savedScope
		if s.Background || s.Coprocess || s.Disown {
			z.dir = savedDir // a subshell's cd stays in it
		}
	}()

	switch cmd := s.Cmd.(type) {
	case nil:
		z.redirectOnly(s.Redirs)
	case *syntax.CallExpr:
		z.call(cmd, s.Redirs)
	case *syntax.DeclClause:
		z.decl(cmd, s.Redirs)
	default:
		from := len(z.a.Commands)
		z.fdScopes = append(z.fdScopes, s.Redirs)
		z.compound(cmd)
		z.fdScopes = z.fdScopes[:len(z.fdScopes)-1]
		at := len(z.a.Commands)
		z.redirectOnly(s.Redirs)
		z.noteFileInput(from, at)
		z.noteFedLoop(from, at, z.withHeld(s.Redirs))
	}
}

// redirectOnly records redirections that belong to no simple command (a
// compound command's, or a statement that is only redirections) on a
// synthetic command with no words.
func (z *analyzer) redirectOnly(rs []*syntax.Redirect) {
	all := z.withHeld(rs)
	if len(all) == 0 {
		return
	}
	if len(rs) == 0 {
		rs = all // the descriptors exec holds open: their text
	}
	var subs stmtLists
	c := SimpleCommand{
		Text:      z.text(rs[0].Pos(), redirEnd(rs[len(rs)-1])),
		Redirects: z.redirects(all, &subs),
		Func:      z.fn,
		Async:     z.async,
	}
	c.StrayFD = z.strayFD(c, all)
	c.Dir, c.Dirs = exportDir(z.dir)
	i := z.add(c, subs)
	// { echo …; } > s.sh: what the compound writes is not known here.
	z.notesWritten(i, all)
	z.noteFedDoc(i, all) // { perl -pe ''; } <<< 'rm -rf ~' | sh
}

// redirEnd is where a redirection ends on its line: a here-document's body
// comes later in the source and is not part of the command's text.
func redirEnd(r *syntax.Redirect) syntax.Pos {
	if r.Word != nil {
		return r.Word.End()
	}
	return r.End()
}

func (z *analyzer) compound(cmd syntax.Command) {
	switch cmd := cmd.(type) {
	case *syntax.Subshell:
		dir, scope := z.dir, z.fork()
		z.stmts(cmd.Stmts)
		z.dir, z.scope = dir, scope
	case *syntax.Block:
		z.stmts(cmd.Stmts)
	case *syntax.IfClause:
		// Each branch starts where the if does, or where the conditions
		// tried before it left the shell. After the if the shell is
		// where any of them left it.
		start, out := z.dir, z.dir
		cond := z.cond
		for c := cmd; c != nil; c = c.Else {
			z.dir = start
			if c != cmd {
				z.branch(false, 0, 0) // only if the conditions before failed
			}
			z.stmts(c.Cond)
			start = dirUnion(start, z.dir)
			out = dirUnion(out, z.dir)
			z.branch(false, 0, 0)
			z.stmts(c.Then)
			out = dirUnion(out, z.dir)
			z.cond = cond
		}
		z.dir = out
	case *syntax.WhileClause:
		dir := z.dir
		z.loopDepth++
		z.stmts(cmd.Cond)
		cond := z.branch(false, 0, 0)
		z.stmts(cmd.Do)
		z.loopDepth--
		z.cond = cond
		z.mayHaveMoved(dir)
	case *syntax.ForClause:
		var subs stmtLists
		switch l := cmd.Loop.(type) {
		case *syntax.WordIter:
			if hijacked(l.Name.Value) || z.refTo(l.Name.Value) {
				z.complex("a loop over %s, which decides what code later programs run", l.Name.Value)
			}
			for _, w := range l.Items {
				z.word(w, &subs)
			}
		case *syntax.CStyleLoop:
			z.arith(l.Init, &subs)
			z.arith(l.Cond, &subs)
			z.arith(l.Post, &subs)
		default:
			z.complex("unsupported loop %T: %s", l, z.nodeText(cmd))
		}
		from := len(z.a.Commands)
		var known []printedSubst
		for _, sub := range subs {
			start := len(z.a.Commands)
			z.subs(stmtLists{sub})
			if text, ok := z.substOutput(sub, start); ok {
				known = append(known, printedSubst{sub.src, text})
			}
		}
		items := indexRange(from, len(z.a.Commands))
		z.noteLoopVar(cmd.Loop, len(z.a.Commands)-1, known)
		dir := z.dir
		cond := z.branch(false, 0, 0)
		z.loopDepth++
		z.stmts(cmd.Do)
		z.loopDepth--
		z.cond = cond
		z.mayHaveMoved(dir)
		z.noteLoop(cmd, items, from+len(items))
		if len(items) > 0 {
			// for f in $(find ~ -name id_rsa); do cat "$f"; done: the
			// body is handed the names as xargs would be.
			z.pipedDeletes(Pipeline{items, indexRange(items[len(items)-1]+1, len(z.a.Commands))})
		}
	case *syntax.CaseClause:
		var subs stmtLists
		z.word(cmd.Word, &subs)
		z.subs(subs)
		// Each item starts where the case does, or, after a ;& or ;;&,
		// where the item before it left the shell.
		dir := z.dir
		start, out := dir, dir
		cond := z.cond
		for _, item := range cmd.Items {
			z.dir = start
			z.cond = cond
			z.branch(false, 0, 0)
			subs = subs[:0]
			z.pattern = true
			for _, p := range item.Patterns {
				z.word(p, &subs)
			}
			z.pattern = false
			z.subs(subs)
			z.stmts(item.Stmts)
			out = dirUnion(out, z.dir)
			start = dir
			if item.Op != syntax.Break {
				start = dirUnion(dir, z.dir)
			}
		}
		z.dir, z.cond = out, cond
	case *syntax.BinaryCmd:
		z.binary(cmd)
	case *syntax.FuncDecl:
		// The body runs when the function is called, if ever.
		saved, dir := z.fn, z.dir
		if cmd.Name != nil {
			z.fn = cmd.Name.Value
		}
		start := len(z.a.Commands)
		z.stmt(cmd.Body)
		z.fn, z.dir = saved, dir
		if cmd.Name != nil {
			z.noteFnPrints(cmd.Name.Value, cmd.Body, start)
			z.noteFnBody(cmd.Name.Value, cmd.Body)
			z.noteFnReadsCode(cmd.Name.Value, start)
			if outputRead(strings.ToLower(cmd.Name.Value)) {
				// echo() { printf 'rm -rf ~'; }; echo ls | sh: the calls
				// are read as the command's, as an alias's would be.
				z.complex("function %s replaces the command whose output the analysis reads", cmd.Name.Value)
			}
		}
	case *syntax.ArithmCmd:
		var subs stmtLists
		z.arith(cmd.X, &subs)
		z.subs(subs)
	case *syntax.TestClause:
		var subs stmtLists
		z.pattern = true
		z.test(cmd.X, &subs)
		z.pattern = false
		z.subs(subs)
	case *syntax.LetClause:
		var subs stmtLists
		for _, x := range cmd.Exprs {
			if w, ok := x.(*syntax.Word); ok && w.Lit() == "" {
				// A quoted expression (let "PATH=0") is parsed by bash,
				// not by the parser: its text is searched instead.
				if n := arithTextSets(looseText(z.nodeText(w))); n != "" {
					z.complex("%s set by arithmetic, which decides what code later programs run", n)
				}
			}
			z.arith(x, &subs)
		}
		z.subs(subs)
	case *syntax.TimeClause:
		// bash's time keyword takes -p (parsed as PosixFormat) and then
		// `--`, which the parser leaves as the command's first word:
		// `time -- rm -rf /` runs rm.
		// Any other option is none of bash's, which runs a command of that
		// name (`time -o F true` runs -o); sh, which has no time keyword
		// (dash, sh -c), runs GNU time, whose -o writes F. The option is
		// taken for GNU time's, the stricter reading.
		st := cmd.Stmt
		if st != nil {
			if ce, ok := st.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 1 {
				ce2 := *ce
				switch first := ce.Args[0].Lit(); {
				case first == "--":
					ce2.Args = ce.Args[1:]
				case len(first) > 1 && first[0] == '-':
					p := cmd.Time
					kw := &syntax.Lit{ValuePos: p, ValueEnd: syntax.NewPos(p.Offset()+4, p.Line(), p.Col()+4), Value: "time"}
					ce2.Args = append([]*syntax.Word{{Parts: []syntax.WordPart{kw}}}, ce.Args...)
				}
				st2 := *st
				st2.Cmd = &ce2
				st = &st2
			}
		}
		z.stmt(st)
	case *syntax.CoprocClause:
		// A coprocess talks to the shell through file descriptors whose
		// use the analysis cannot follow; its body is still checked.
		z.complex("coproc: %s", z.nodeText(cmd))
		z.stmt(cmd.Stmt)
	default:
		// Fail closed: a construct not modelled here may run anything.
		z.complex("unsupported construct %T: %s", cmd, z.nodeText(cmd))
	}
}

// chainTooLong says whether the walk of chain, at its statement i, is
// past maxCommands, which it reports: a chain is one statement of its
// list (stmts), and a 1 MiB line of true&& walked its 150,000 commands,
// 1.7 s and 235 MB. Its first statement is walked still, as a list's.
func (z *analyzer) chainTooLong(i int, chain []*syntax.Stmt) bool {
	if i < len(chain)-1 && len(z.a.Commands) >= maxCommands {
		z.tooManyCommands()
		return true
	}
	return false
}

// binary walks a chain of && || or of pipes. Chains nest to the left, so
// the walk follows the left spine in a loop: a long `a && a && …` must not
// cost a stack frame per operator.
func (z *analyzer) binary(b *syntax.BinaryCmd) {
	pipe := isPipe(b.Op)
	var chain []*syntax.Stmt
	var ops []syntax.BinCmdOperator // ops[i] comes before chain[i]
	for {
		chain = append(chain, b.Y)
		ops = append(ops, b.Op)
		x := b.X
		if xb, ok := x.Cmd.(*syntax.BinaryCmd); ok && isPipe(xb.Op) == pipe &&
			len(x.Redirs) == 0 && !x.Negated && !x.Background {
			b = xb
			continue
		}
		chain = append(chain, x)
		break
	}
	if !pipe {
		// Each command after the first runs only if the ones before
		// succeeded or failed. As long as the chain is all &&, a command
		// runs where the one before it left the shell (a cd there
		// worked); after a || it may also run where any command before
		// left it, that one skipped or failed. After the chain the shell
		// is where any of its commands left it.
		//
		// The commands after an && run only where the stage before
		// succeeded, those after a || where it failed: each and run
		// of stages is a part of the line of its own, inside the part of
		// the stage before it, and each stage after a || one inside the
		// chain's (SimpleCommand.Cond).
		all, at := z.dir, z.dir
		ands := true
		cond, from, to := z.cond, len(z.a.Commands), len(z.a.Commands)
		start := from
		inAnd := false
		for i := len(chain) - 1; i >= 0; i-- {
			if z.chainTooLong(i, chain) {
				break
			}
			if i < len(chain)-1 {
				ands = ands && ops[i] == syntax.AndStmt
				if !ands {
					at = all
				}
				switch and := ops[i] == syntax.AndStmt; {
				case and && !inAnd:
					z.branch(true, from, to)
				case !and:
					// Only where a command before it failed: those of
					// the chain so far are its head (Analysis.failedBefore).
					z.cond = cond
					z.branch(false, start, to)
				}
				inAnd = ops[i] == syntax.AndStmt
			}
			z.dir = at
			from = len(z.a.Commands)
			z.stmt(chain[i])
			to = len(z.a.Commands)
			if to-from > 1 || chain[i].Negated {
				for k := from; k < to; k++ {
					z.a.Commands[k].inStage = true
				}
			}
			at = z.dir
			all = dirUnion(all, z.dir)
		}
		z.dir, z.cond = all, cond
		return
	}
	// Every stage of a pipeline runs in a subshell of its own,
	// concurrently with the others.
	savedAsync, dir := z.async, z.dir
	z.async = true
	p := make(Pipeline, 0, len(chain))
	stmts := make([]*syntax.Stmt, 0, len(chain)) // each stage's statement
	for i := len(chain) - 1; i >= 0; i-- {
		if z.chainTooLong(i, chain) {
			break
		}
		start := len(z.a.Commands)
		scope := z.fork()
		if i == 0 {
			// shopt -s lastpipe runs the last stage in the shell itself:
			// echo x | read f sets f for what follows (readValues).
			z.lastPipe = append(z.lastPipe, z.scope)
		}
		stage := z.stage
		z.stage = true
		piped := i < len(chain)-1 // chain[len(chain)-1] is the first stage
		if piped {
			// Its input is the pipe, not a compound's around it
			// (scopeStdin): a duplication of nothing known.
			z.fdScopes = append(z.fdScopes, []*syntax.Redirect{{Op: syntax.DplIn}})
		}
		z.stmt(chain[i])
		if piped {
			z.fdScopes = z.fdScopes[:len(z.fdScopes)-1]
		}
		z.stage = stage
		for k := start; k < len(z.a.Commands); k++ {
			z.a.Commands[k].Piped = true
		}
		p = append(p, indexRange(start, len(z.a.Commands)))
		stmts = append(stmts, chain[i])
		z.dir, z.scope = dir, scope
	}
	z.async = savedAsync
	z.a.Pipelines = append(z.a.Pipelines, p)
	z.lastStage = -1
	if last := p[len(p)-1]; len(last) == 1 {
		z.lastStage = last[0]
	}
	z.pipedFilters(p, stmts)
	z.pipedWritten(p)
	z.pipedDeletes(p)
	z.pipedArgs(p)
	z.pipedReads(p)
	z.pipedProgram(p)
	z.pipedFiltered(p, stmts)
	z.pipedUnseen(p, stmts)
	z.pipedCommands(p)
}

// pipedCommands: a program that runs the commands of its input, fed by
// a stage before it (echo '!touch /tmp/x' | sftp host), may do what the
// analysis cannot see (inputCommands); so may a call of a function whose
// body reads code from its input (fnReadsCode: f() { sh; }; echo 'rm -rf
// ~' | f), whose body's reader the stage before does not feed here.
func (z *analyzer) pipedCommands(p Pipeline) {
	for k, stage := range p {
		if k == 0 {
			continue // the first stage: its input is the line's
		}
		for _, i := range stage {
			c := z.a.Commands[i]
			if why := inputCommands(c); why != "" {
				z.complex("%s", why)
			} else if len(c.Words) > 0 && c.Words[0].Literal && z.fnReadsCode[c.Words[0].Text] {
				z.complex("%s runs code it reads from a pipe in a function's body, which the analysis does not follow", c.Words[0].Text)
			}
		}
	}
}

// inputCommands says what a program that runs the commands of its input
// may do when something feeds it (a pipe, a here-document, a file):
// sftp's !cmd runs shell commands and its put and get write anywhere,
// gdb's shell runs them, and vim's :w and :! do. Without a feed they talk to a terminal; sftp's
// host:path form fetches without reading any.
func inputCommands(c SimpleCommand) string {
	switch n := lowerName(c); n {
	case "sftp":
		for _, w := range plainOperands(c.Args()[1:]) {
			if _, path, ok := strings.Cut(w.Text, ":"); ok && w.Literal && path != "" && !strings.Contains(w.Text, "://") {
				return ""
			}
		}
		return "sftp runs the commands of its input, which may run shell commands (!cmd) and put and get files anywhere"
	case "gdb", "gdb-multiarch":
		return n + " runs gdb commands read from its input, whose shell runs shell commands"
	case "vi", "vim", "nvim", "view", "vimdiff", "rvim":
		// vim - edits its input as text; else it takes its input for
		// keys typed, :w /tmp/x and :!cmd among them (vim -e f).
		if slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return w.Literal && w.Text == "-" }) {
			return ""
		}
		return n + " runs the keys of its input as its commands, which may write files anywhere and run shell commands"
	case "newgrp", "unshare", "nsenter", "chroot", "firejail":
		// Given no command (the wrapper is the command that runs), it
		// starts the user's shell, which reads its commands from the
		// input: newgrp users <<< 'rm -rf ~'.
		return n + " starts a shell, which runs the commands of its input"
	case "sg", "script":
		// sg GROUP and script [FILE] start a shell unless given one
		// (sg GROUP CMD, sg GROUP -c CMD, script -c CMD).
		args := c.Args()[1:]
		given := slices.ContainsFunc(args, func(w Word) bool {
			t := w.Text
			return !w.Literal || t == "-c" || strings.HasPrefix(t, "--command") || n == "script" && len(t) > 2 && t[0] == '-' && t[1] != '-' && strings.Contains(t, "c")
		})
		if !given && (n == "script" || len(plainOperands(args)) < 2) {
			return n + " starts a shell, which runs the commands of its input"
		}
	case "machinectl":
		if ops := plainOperands(c.Args()[1:]); len(ops) > 0 && ops[0].Text == "shell" && len(ops) < 3 {
			return "machinectl shell starts a shell, which runs the commands of its input"
		}
	case "parallel":
		// Given no command, it runs each line of its input as one.
		return "parallel runs the lines of its input as commands"
	case "dc":
		// dc's ! runs a shell command.
		return "dc runs the commands of its input, whose ! runs a shell command"
	case "sed", "gsed", "awk", "gawk", "mawk", "nawk":
		// Their script from the input: sed -f - runs its e command,
		// awk -f /dev/stdin its system().
		args := c.Args()[1:]
		for i, w := range args {
			t, file := w.Text, ""
			switch {
			case !w.Literal:
			case (t == "-f" || t == "--file") && i+1 < len(args):
				file = args[i+1].Text
			case strings.HasPrefix(t, "--file="):
				file = t[len("--file="):]
			case len(t) > 2 && strings.HasPrefix(t, "-f") && t[2] != '-':
				file = t[2:]
			}
			if file == "-" || isFD0(file) {
				return n + " runs a script read from its input, which the analysis cannot read"
			}
		}
	}
	if args := c.Args(); len(args) > 0 {
		return replInput(lowerName(c), args[1:])
	}
	return ""
}

// fedCommands: a program that runs the commands of its input, given a
// here-document or a file on it, may do what the analysis cannot see
// (inputCommands). < /dev/null feeds nothing: gdb -batch … < /dev/null.
func (z *analyzer) fedCommands(c SimpleCommand, rs []*syntax.Redirect) {
	devNull := slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return r.Read && r.Target.Text == "/dev/null" })
	if feed, _ := fdDoc(rs, 0); feed == feedDoc || feed == feedFile && !devNull {
		if why := inputCommands(c); why != "" {
			z.complex("%s", why)
		}
	}
}

// pipedProgram: a shell that reads its program from a pipe whose other end
// is an echo or a printf of words written out on the line, or a cat of a
// here-document (echo 'rm -rf ~' | sh, cat <<< 'rm -rf ~' | sh), runs what
// they print, analysed as a nested shell's program as a here-document fed
// to it is (fedProgram). What anything else feeds a shell, and a shell
// xargs runs, stay unchecked (pipeToShell).
func (z *analyzer) pipedProgram(p Pipeline) {
	if len(p) != 2 {
		return
	}
	for k, stage := range p {
		src := p[1-k]
		if len(src) != 1 {
			continue
		}
		for _, i := range stage {
			c := z.a.Commands[i]
			if isShell(lowerName(c)) && !c.OpenArgs && readsProgramFromFeed(c) || isPwsh(lowerName(c)) && !c.OpenArgs && pwshReadsInput(c) {
				z.catReader(i, src[0])
				z.fedProgram(i, src[0], src[0]+1, "")
			} else if lang, _, stdin := inlineProgram(c); stdin && !c.OpenArgs {
				// echo 'import os; os.system(…)' | python3
				z.fedCode(c, lang, src[0])
			} else if lowerName(c) == "patch" {
				// printf '+++ b/.git/hooks/x …' | patch -p1
				if text, known, printer := z.fedText(src[0]); printer && known {
					z.patchWrites(c, text)
				}
			} else if isSQLShell(lowerName(c)) {
				// echo '.shell rm -rf ~' | sqlite3 db, as its here-document.
				if text, known, printer := z.fedText(src[0]); printer {
					z.fedSQL(c, text, known, "what "+z.a.Commands[src[0]].Name()+" writes")
				}
			} else if text, known, printer := z.fedText(src[0]); printer && known && containerStdinShell(c) >= 0 {
				// echo 'rm -rf /' | docker run -i alpine sh
				z.containerFed(c, text)
			}
		}
	}
}

// pipedFiltered analyses, beside the command as written, the program a
// shell, an interpreter, patch or a database shell reads from a stage
// whose output is known (stageDoc): a filter of known text (echo 'rm -rf
// ~' | cat | sh, printf 'import os…' | tr a a | python3), a copy (d=…;
// echo "$d" | python3), a group of printers ({ echo 'import os'; echo
// 'os.system(…)'; } | python3), a function of printers (f() { echo …;
// }; f | python3) or a printer in a pipeline of more than two stages. It is one more copy to judge, never in place of the
// command: the shell still asks for a program it reads from a pipe
// (pipeToShell), and what pipedProgram makes of a copy stays a program
// only known at run time. What pipedProgram reads already (a printer's
// own text, a pipe of two) is not read twice. stmts are the stages'
// statements.
func (z *analyzer) pipedFiltered(p Pipeline, stmts []*syntax.Stmt) {
	for k := 1; k < len(p); k++ {
		d, ok := z.stageDoc(p[k-1], stmts[k-1])
		what := "what " + z.a.Commands[p[k-1][0]].Name() + " writes"
		if len(p[k-1]) > 1 {
			what = "what a group of printers writes"
		}
		if !ok && (len(p) > 2 || len(p[k-1]) > 1 || z.fnCall(z.a.Commands[p[k-1][0]])) {
			// Printers whose text is not read fail closed (one printer
			// on a pipe of two is pipedProgram's). Looked for only
			// before a reader of code, so that a long pipeline of
			// filters is not walked back once per stage.
			if i := slices.IndexFunc(p[k], z.readsCode); i >= 0 && z.printersStage(p[:k]) {
				z.fedUnread(p[k][i], what)
			}
		}
		if c := z.a.Commands[p[k-1][0]]; !ok && len(p[k-1]) == 1 && slices.ContainsFunc(p[k], z.readsCode) {
			// f 'rm -rf ~' | sh: the copy of the body with the call's
			// arguments (fnCallOutput), beside the call as written,
			// which still fails closed; walked only before a reader
			// of code, so that f x | cat spends nothing of maxFnCopied.
			if text, copied := z.fnCopyOutput(p[k-1][0], c.Text); copied {
				d, ok = fedDoc{text, true, true}, true
			}
		}
		if !ok || len(p) == 2 && len(p[k-1]) == 1 && !d.copy && !z.besideDocs[p[k-1][0]] {
			continue
		}
		// The first command of the stage that reads the text reads it
		// all ({ sh; sh; } reads it once), and one reading each keeps
		// the work to the text's length.
		for _, i := range p[k] {
			if z.fedKnown(i, d.text, what) {
				break
			}
		}
	}
}

// printersStage says whether the last of stages writes what only
// printers make, text the analysis reads where it is written out and
// short (stageDoc): echo and printf, a function of them (fnPrints), and
// filters of their input (cat, tr, head …, no file) after them, in a
// group or a stage before; a shift or a set of $1 … among them changes
// which argument they print. Where stageDoc does not know that text (too
// long, a group's redirection, a pipe inside, a function's arguments its
// copy does not read, a word only known at run time), what it feeds a
// shell or an interpreter is code the analysis cannot read (fedUnread).
func (z *analyzer) printersStage(stages [][]int) bool {
	printer := false
	for _, i := range stages[len(stages)-1] {
		c := z.a.Commands[i]
		switch n := lowerName(c); {
		case len(c.Words) == 0:
			// The group's own redirection: { …; } 2>/dev/null.
		case n == "echo" || n == "printf":
			// A bare echo prints a newline, no code (printersText).
			printer = printer || len(c.Args()) > 1
		case z.fnCall(c):
			printer = true
		case setsPositional(c):
			// f() { shift; echo "$1"; }; f x 'code' | python3: which
			// argument it prints is not read (fnCopyOutput leaves $1
			// as the first).
		case !inputFilter(c) && !docFilter(c):
			// A decoder of printers' text is theirs, unread where it
			// is not computed: echo … | openssl base64 -d | sh.
			return false
		}
	}
	return printer || len(stages) > 1 && z.printersStage(stages[:len(stages)-1])
}

// setsPositional says whether c is a shift, or a set that gives the
// positional parameters ($1 …) new values: set -- x, set x, set -e x,
// not set -e or set -o pipefail.
func setsPositional(c SimpleCommand) bool {
	switch lowerName(c) {
	case "shift":
		return true
	case "set":
		args := c.Args()[1:]
		for k := 0; k < len(args); k++ {
			t := args[k].Text
			switch {
			case !args[k].Literal || t == "--" || t == "-" || t == "" || t[0] != '-' && t[0] != '+':
				return true
			case strings.HasSuffix(t, "o"):
				k++ // set -o pipefail: the option's name
			}
		}
	}
	return false
}

// fnCall says whether c calls a function whose body is printers
// (fnPrints), known or not.
func (z *analyzer) fnCall(c SimpleCommand) bool {
	if len(c.Words) == 0 || !c.Words[0].Literal {
		return false
	}
	_, ok := z.fnPrints[c.Words[0].Text]
	return ok
}

// inputFilter says whether c is a filter that writes what it reads on
// its input, changed, with no file to read: cat, tr, head and the like.
func inputFilter(c SimpleCommand) bool {
	switch lowerName(c) {
	case "tr":
		return true
	case "cat", "head", "tail", "sort", "tac", "uniq", "rev":
		ops, ok := filterOperands(c)
		return ok && !slices.ContainsFunc(ops, func(w Word) bool { return w.Text != "-" })
	}
	return false
}

// readsCode says whether command i is a shell or an interpreter that
// reads its program on its input.
func (z *analyzer) readsCode(i int) bool {
	c := z.a.Commands[i]
	if c.OpenArgs || c.Nested {
		return false
	}
	n := lowerName(c)
	_, _, stdin := inlineProgram(c)
	return stdin || isShell(n) && readsProgramFromFeed(c) || isPwsh(n) && pwshReadsInput(c)
}

// fedUnread asks for command i where it reads code on its input
// (readsCode) from what, printers whose text the analysis does not read
// (printersStage), as for a program only known at run time (echo "$x" |
// python3).
func (z *analyzer) fedUnread(i int, what string) {
	if z.readsCode(i) {
		z.complex("%s runs code from %s, which the analysis does not read (too long, redirected, piped, given arguments or only known at run time)", z.a.Commands[i].Name(), what)
	}
}

// stageDoc returns what a pipeline's stage, the commands stage walked
// from statement st, writes where that is known: its one command's text
// (fedText) or a copy's (catDocs), or what a group of printers prints
// one after the other ({ echo a; echo b; }, (printf a; printf b):
// printersText).
func (z *analyzer) stageDoc(stage []int, st *syntax.Stmt) (fedDoc, bool) {
	if len(stage) == 1 {
		if d, ok := z.catDocs[stage[0]]; ok && d.known {
			return d, true
		}
		if c := z.a.Commands[stage[0]]; z.fnCall(c) && len(c.Redirects) == 0 {
			// f() { echo 'import os'; echo …; }; f | python3: a copy,
			// for the name may yet run a command of that name. Its
			// arguments, if any, are not in text the analysis knows.
			if d := z.fnPrints[c.Words[0].Text]; d.known {
				return d, true
			}
		}
		text, known, _ := z.fedText(stage[0])
		return fedDoc{text, true, false}, known
	}
	if st == nil {
		return fedDoc{}, false
	}
	if body := groupStmts(st); len(body) == 1 && !st.Negated && len(z.a.Commands[stage[len(stage)-1]].Words) == 0 &&
		!slices.ContainsFunc(st.Redirs, func(r *syntax.Redirect) bool { return redirFD(r) != "0" }) {
		// { cat; } <<< 'rm -rf ~' | sh: the group's own redirection,
		// walked last, gives its body its input (scopeInput) and
		// writes nothing; the stage writes what its body does.
		return z.stageDoc(stage[:len(stage)-1], body[0])
	}
	if _, call := st.Cmd.(*syntax.CallExpr); call && !st.Negated {
		// echo $(echo 'rm -rf ~') | sh: the printer, then its
		// substitutions' commands (printedCopy).
		d, ok := z.catDocs[stage[0]]
		return d, ok && d.known
	}
	text, ok := z.groupPrints(st, stage[0], len(stage))
	return fedDoc{text, true, false}, ok
}

// groupStmts returns the statements of group st ({ …; } or ( … )), none
// where st is no group.
func groupStmts(st *syntax.Stmt) []*syntax.Stmt {
	switch x := st.Cmd.(type) {
	case *syntax.Block:
		return x.Stmts
	case *syntax.Subshell:
		return x.Stmts
	}
	return nil
}

// groupPrints returns what group st ({ …; }, ( … )), whose n commands
// were walked from index start on, prints where each of its statements
// is a printer (printersText).
func (z *analyzer) groupPrints(st *syntax.Stmt, start, n int) (string, bool) {
	body := groupStmts(st)
	if len(body) != n || st.Negated || len(st.Redirs) > 0 {
		return "", false
	}
	return z.printersText(body, start)
}

// noteFnPrints records in fnPrints what function name, declared with
// body whose commands were walked from index start on, prints, or that
// it is not known: a later declaration replaces an earlier one.
func (z *analyzer) noteFnPrints(name string, body *syntax.Stmt, start int) {
	text, ok := z.groupPrints(body, start, len(z.a.Commands)-start)
	if !ok && (start == len(z.a.Commands) || !z.printersStage([][]int{indexRange(start, len(z.a.Commands))})) {
		delete(z.fnPrints, name)
		return
	}
	if z.fnPrints == nil {
		z.fnPrints = map[string]fedDoc{}
	}
	z.fnPrints[name] = fedDoc{text, ok, true}
}

// fedKnown analyses text, written out, as what command i reads on its
// input where i is a shell or an interpreter that reads its program
// there, patch or a database shell, and says whether it was one; what
// names where text comes from.
func (z *analyzer) fedKnown(i int, text, what string) bool {
	c := z.a.Commands[i]
	if c.OpenArgs || c.Nested {
		return false
	}
	n := lowerName(c)
	if isShell(n) && readsProgramFromFeed(c) || isPwsh(n) && pwshReadsInput(c) {
		dir, scope := z.dir, z.fork()
		z.nested(text, c.Name()+" input")
		z.dir, z.scope = dir, scope
	} else if lang, _, stdin := inlineProgram(c); stdin {
		z.readCode(c, lang, text, c.Name()+" input")
	} else if n == "patch" {
		z.patchWrites(c, text)
	} else if isSQLShell(n) {
		z.fedSQL(c, text, true, what)
	} else if containerStdinShell(c) >= 0 {
		// d='rm -rf /'; docker run -i alpine sh <<< "$d"
		z.containerFed(c, text)
	} else {
		return false
	}
	return true
}

// isSQLShell says whether n is a database shell that runs the commands of
// its input: dot-commands and \! among them run shell commands and write
// files (fedSQL).
func isSQLShell(n string) bool {
	return n == "sqlite3" || n == "duckdb" || n == "psql" || n == "mysql" || n == "mariadb"
}

// fedSQL judges text, the commands database shell c reads on its input
// from what (a here-document, or an echo, a printf or a cat of a
// here-document on a pipe), as the command line's would be; known false
// when the text is only known at run time.
func (z *analyzer) fedSQL(c SimpleCommand, text string, known bool, what string) {
	n := lowerName(c)
	switch {
	case !known:
		z.complex("%s reads its commands from %s, only known at run time: %s", c.Name(), what, shorten(text))
	case n == "sqlite3" || n == "duckdb":
		// Its lines as operands of a command of their own, judged
		// as the command line's are: the files its dot-commands
		// name are paths of that command.
		ws := slices.Clone(c.Words)
		if db, _, _ := sqliteArgs(c.Args()[1:]); db == nil {
			// No database: the shell's own in memory, not the
			// first line taken for one.
			ws = append(ws, Word{Text: ":memory:", Literal: true})
		}
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				ws = append(ws, Word{Text: l, Literal: true})
			}
		}
		z.finish(SimpleCommand{Text: c.Text, Words: ws, Func: c.Func, Async: c.Async, Piped: c.Piped}, nil, nil, nil)
	default:
		if why := sqlDocRuns(n, text); why != "" {
			z.complex("%s", why)
		}
	}
}

// fedProgram analyses, as the program of shell (or source) command i, what
// the commands from to end write when they are one echo, printf or cat of
// a here-document (fedText): echo 'rm -rf ~' | sh, bash <(echo …), sh <
// <(printf …). One whose text is only known at run time (echo "$x" | sh)
// is too complex to check, as bash -c "$x" is; what another command
// writes is left to pipeToShell, or is too complex to check when unseen
// says why.
func (z *analyzer) fedProgram(i, from, end int, unseen string) {
	c := z.a.Commands[i]
	if c.Nested {
		return
	}
	text, known, printer := "", false, false
	if end-from == 1 {
		text, known, printer = z.fedText(from)
		if exact, ok := z.writtenFeeds[from]; ok && !exact {
			z.writtenUnread(i, from) // sh <(nl s)
		}
	}
	switch {
	case !printer:
		if unseen != "" {
			z.complex("%s", unseen)
		}
	case !known:
		z.complex("%s runs what %s writes, only known at run time: %s", c.Name(), z.a.Commands[from].Name(), shorten(z.a.Commands[from].Text))
	default:
		z.a.Commands[i].Nested = true
		dir, scope := z.dir, z.fork()
		z.nested(text, c.Name()+" input")
		z.dir, z.scope = dir, scope
	}
}

// fedText returns what command i writes: the text of an echo or a printf
// (printedText), or of the here-document or here-string a cat writes out
// (catDocs). printer is false for any other command, known false when the
// text is only known at run time (a word not written out, a printf
// conversion but %s and %b).
func (z *analyzer) fedText(i int) (text string, known, printer bool) {
	c := z.a.Commands[i]
	if d, ok := z.catDocs[i]; ok && !z.besideDocs[i] {
		if d.copy {
			return "", false, true
		}
		return d.text, d.known, true
	}
	if n := lowerName(c); n != "echo" && n != "printf" {
		return "", false, false
	}
	text, exact, ok := printedText(c)
	return text, ok && exact, true
}

// catDoc records in catDocs what command i writes where the analysis
// reads it: cat copying a here-document or here-string (or a file the
// line wrote), a filter of a here-string, head and the like of a file
// the line wrote, dirname and its kind, pwd, the strings an awk BEGIN
// prints, and echo or printf of the values the line gives (the last two
// a copy's text: fedDoc).
func (z *analyzer) catDoc(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	text, known, ok, copy := "", false, false, false
	switch n := lowerName(c); n {
	case "head", "tail", "sort", "tac", "uniq", "shuf":
		// $(head -1 l) prints part of what the line wrote to l, or all
		// of it in another order: all its words are taken.
		if f, op, written := z.filterOf(c); written && f.known {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = writtenFilterDoc(c, op, f.text)
			return
		}
		if d, ok := z.writtenOperandsDoc(c); ok {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = d // sort s t, tac -s x s
			return
		}
		z.filterDoc(i, rs) // head -1 <<< 'rm -rf ~'
		return
	case "dirname", "basename", "realpath", "readlink":
		// $(dirname .git/hooks/x) prints .git/hooks; d=.git; $(dirname
		// "$d/hooks/x") the same, in copies.
		text, ok := pathOutput(c)
		copied := false
		if n, valued := z.valueCommand(i); !ok && valued {
			text, ok = pathOutput(n)
			copied = true
		}
		if ok && len(c.Redirects) == 0 {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{text, true, copied}
		}
		return
	case "echo", "printf":
		// d=.GIT; $(echo "$d" | tr A-Z a-z), $(cd .git && echo "$PWD"):
		// what it prints of the values the line gives.
		if text, ok := z.valuePrinted(i); ok {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{text, true, true}
		}
		return
	case "awk", "gawk", "mawk":
		// $(awk 'BEGIN{print ".git/config"}') prints its strings.
		if text, ok := awkOutput(c.Args()[1:], "", false); ok && len(c.Redirects) == 0 {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{text, true, true}
			return
		}
		z.filterDoc(i, rs) // awk 1 <<< 'rm -rf ~'
		return
	case "pwd":
		// $(cd .git && pwd) prints the directory cd moved to.
		text, ok := pwdOutput(c, z.cwd)
		copied := false
		if d := z.valueDirAt(c); !ok && d != "" {
			// d=.git; $(cd "$d" && pwd), in copies.
			c.Dir, c.Dirs = exportDir(d)
			text, ok = pwdOutput(c, z.cwd)
			copied = true
		}
		if ok {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{text, true, copied}
		}
		return
	case "cat":
	default:
		if z.inlineDoc(i) {
			return
		}
		if docFilter(c) {
			// $(tr A-Z a-z <<< .GIT), $(paste -sd/ <<< $'.git\nconfig'):
			// what the filter makes of a text written out; grep rm <<<
			// 'rm -rf ~' | sh runs it.
			z.filterDoc(i, rs)
		}
		return
	}
	switch ops := c.Args()[1:]; {
	case len(ops) == 1 && ops[0].Literal && ops[0].Text != "-" && !strings.HasPrefix(ops[0].Text, "-"):
		// cat l of a file the line wrote (echo ~/.ssh/id_rsa > l; cat
		// $(cat l)) prints what it wrote.
		f, written := z.lastWritten(ops[0].Text, c.Dir)
		text, known, ok = f.text, f.known, written && f.known
	case slices.ContainsFunc(ops, func(w Word) bool { return !w.Literal || w.Text != "-" }):
		return
	default:
		switch feed, doc := fdDoc(rs, 0); {
		case feed == feedDoc:
			text, known = z.docProgram(doc)
			ok = true
			if v, valued, copied := z.valueDoc(doc, i); !known && valued {
				// d=.git/config; cat <<< "$d"
				text, known, copy = v, true, copied
			}
		case feed == feedFile && doc != nil:
			f, written := z.lastWritten(doc.Word.Lit(), c.Dir)
			text, known, ok = f.text, f.known, written && f.known
		}
	}
	if !ok {
		return
	}
	if z.catDocs == nil {
		z.catDocs = map[int]fedDoc{}
	}
	z.catDocs[i] = fedDoc{text, known, copy}
}

// catProcDoc records in catDocs what cat, command i, writes when it
// only copies a process substitution whose output is known (cat <
// <(echo .git/config)), once feeds has walked that.
func (z *analyzer) catProcDoc(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	if lowerName(c) != "cat" || slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return !w.Literal || w.Text != "-" }) {
		return
	}
	if feed, r := fdDoc(rs, 0); feed == feedOther && r != nil {
		if text, copy, ok := z.procFedText(i, r); ok {
			if z.catDocs == nil {
				z.catDocs = map[int]fedDoc{}
			}
			z.catDocs[i] = fedDoc{text, true, copy}
		}
	}
}

// procFed analyses, beside the command as written, the program a shell,
// an interpreter, patch or a database shell, command i, reads from a
// process substitution whose output is known (python3 < <(echo 'import
// os…'), sh < <(echo 'rm -rf ~' | cat), python3 < <(echo …; echo …):
// fedKnown). What fedProgram read
// already (sh < <(echo …)) is not read twice: it marked the shell
// Nested.
func (z *analyzer) procFed(i int, rs []*syntax.Redirect) {
	feed, r := fdDoc(rs, 0)
	if feed != feedOther || r == nil {
		return
	}
	text, _, ok := z.procFedText(i, r)
	if p := inputSubst(r.Word); !ok && p != nil && r.Op == syntax.RdrIn {
		// python3 < <(echo 'import os'; echo …): what its printers
		// print one after the other, or its function's. Here alone,
		// not in procFedText: a read it feeds keeps its data unread
		// (noteData).
		switch in := z.fedBy(i); {
		case len(in) == 1:
			// python3 < <(f) of a function of printers.
			var d fedDoc
			d, ok = z.stageDoc(in, nil)
			text = d.text
		case len(in) > 1 && len(in) == len(p.Stmts):
			text, ok = z.printersText(p.Stmts, in[0])
		}
		if in := z.fedBy(i); !ok && len(in) > 0 && z.printersStage([][]int{in}) {
			// python3 < <(echo "$x"; echo …): printers not read.
			z.fedUnread(i, "a process substitution of printers")
		}
	}
	if ok {
		z.fedKnown(i, text, "what a process substitution writes")
	}
}

// valueFed analyses, beside the command as written, the program a
// shell, an interpreter, patch or a database shell, command i, reads
// from a here-string or a here-document of the values the line gives
// (d='rm -rf ~'; sh <<< "$d", c='import os…'; python3 <<< "$c":
// valueDoc), as the same text written out is; the command as written
// stays a program only known at run time.
func (z *analyzer) valueFed(i int, rs []*syntax.Redirect) {
	if feed, doc := fdDoc(rs, 0); feed == feedDoc {
		if text, known, _ := z.valueDoc(doc, i); known {
			what := "a here-document"
			if doc.Op == syntax.WordHdoc {
				what = "a here-string"
			}
			if fd, ok := programFD(z.a.Commands[i]); !z.fedKnown(i, text+"\n", what) && ok && fd == 0 {
				// . /dev/stdin <<< "$d": source's program.
				z.nestedCopy(text, z.a.Commands[i].Name()+" "+what)
			}
		}
	}
}

// valueDoc returns the text of here-string or here-document doc, fed to
// command i, where it expands variables the line surely gives one value
// each (valueText, hdocValues): a copy's text (fedDoc).
func (z *analyzer) valueDoc(doc *syntax.Redirect, i int) (text string, known, copied bool) {
	if doc.Op != syntax.WordHdoc {
		text, ok := z.hdocValues(doc, i)
		return text, ok, ok
	}
	w := z.word(doc.Word, nil)
	if w.Literal {
		return "", false, false
	}
	v, ok := z.valueText(w, i)
	return v.Text, ok, ok
}

// hdocValues returns the text of here-document doc, fed to command i,
// where each expansion in it is a variable ($d, ${d}) the line surely
// gives one value (soleValue), written in: sh <<EOF of $d. $HOME and
// $PWD, which the values hold as ~, are left to docText.
func (z *analyzer) hdocValues(doc *syntax.Redirect, i int) (string, bool) {
	if doc.Hdoc == nil {
		return "", false
	}
	var names []string
	for _, p := range doc.Hdoc.Parts {
		if _, ok := p.(*syntax.Lit); ok {
			continue
		}
		x, ok := p.(*syntax.ParamExp)
		if !ok || x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Exp != nil {
			return "", false
		}
		names = append(names, x.Param.Value)
	}
	// docText holes $HOME apart (codeHome).
	text, _ := z.docText(doc, true)
	isHole := func(r rune) bool { return r == codeHole || r == codeHome }
	if len(names) == 0 || len(names) > maxPrintedRefs || strings.Count(text, string(rune(codeHole)))+strings.Count(text, string(rune(codeHome))) != len(names) {
		return "", false
	}
	var b strings.Builder
	for k := 0; ; k++ {
		at := strings.IndexFunc(text, isHole)
		if at < 0 {
			b.WriteString(text)
			break
		}
		b.WriteString(text[:at])
		text = text[at+1:]
		v, ok := z.homeText(names[k], i)
		if !ok || !v.Literal || b.Len()+len(v.Text) > maxFilterOutput {
			return "", false
		}
		b.WriteString(v.Text)
	}
	return b.String(), true
}

// filterOf returns what the line wrote to the one file filter c (head,
// tail, sort …) reads, if it wrote it: its operand that is no option nor
// an option's number.
func (z *analyzer) filterOf(c SimpleCommand) (f writtenFile, op Word, written bool) {
	ops, ok := filterOperands(c)
	if !ok || len(ops) != 1 {
		return writtenFile{}, Word{}, false
	}
	f, written = z.lastWritten(ops[0].Text, c.Dir)
	return f, ops[0], written
}

// filterOperands returns the operands of filter c (head, tail, sort …):
// its words that are no option nor an option's number; ok is false where
// one is only known at run time.
func filterOperands(c SimpleCommand) ([]Word, bool) {
	var ops []Word
	for _, w := range c.Args()[1:] {
		if !w.Literal {
			return nil, false
		}
		if !strings.HasPrefix(w.Text, "-") && !isDigits(strings.TrimLeft(w.Text, "+")) {
			ops = append(ops, w)
		}
	}
	return ops, true
}

// Where an escape of printEscaped is read: echo -e's (\0NNN in octal),
// printf's format (\NNN) or an argument of its %b (both).
const (
	escEcho = iota
	escFormat
	escArg
)

// printEscaped returns s with the escapes echo -e and printf take, as
// bash's read them in place (at, escEcho …): \n, \t, \\, octal (\0NNN,
// \NNN), \xHH, \uHHHH and \UHHHHHHHH, so that printf '\x72m -rf ~' |
// sh is read as the rm -rf ~ it prints. Other escapes are left as they
// are written.
func printEscaped(s string, at int) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		from, digits, base := i+2, 0, 16 // the escape's digits, from on
		switch c := s[i+1]; {
		case c == 'n':
			b.WriteByte('\n')
		case c == 't':
			b.WriteByte('\t')
		case c == '\\':
			b.WriteByte('\\')
		case c == '0' && at != escFormat:
			digits, base = 3, 8 // \0NNN
		case c >= '0' && c <= '7' && at != escEcho:
			from, digits, base = i+1, 3, 8 // \NNN
		case c == 'x':
			digits = 2
		case c == 'u':
			digits = 4
		case c == 'U':
			digits = 8
		default:
			b.WriteByte('\\')
			continue
		}
		if digits == 0 {
			i++
			continue
		}
		j := from
		for j < len(s) && j < from+digits && escDigit(s[j], base) {
			j++
		}
		if j == from && base == 16 {
			b.WriteByte('\\') // \x with no digit: as written
			continue
		}
		v, _ := strconv.ParseUint(s[from:j], base, 32)
		if base == 16 && s[i+1] != 'x' {
			b.WriteRune(rune(v))
		} else {
			b.WriteByte(byte(v))
		}
		i = j - 1
	}
	return b.String()
}

// escDigit says whether ch is a digit of an escape in base 8 or 16.
func escDigit(ch byte, base int) bool {
	if base == 8 {
		return ch >= '0' && ch <= '7'
	}
	return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F'
}

// printedText returns what c, an echo or a printf of literal words,
// writes, its escapes (\n, \t, \0) taken as echo -e and printf take them;
// ok is false for any other command. exact is false when a printf format
// has a conversion but %s, %b and %%, whose argument is then written as
// it is.
func printedText(c SimpleCommand) (text string, exact, ok bool) {
	args := c.Args()
	if len(args) < 2 || slices.ContainsFunc(args, func(w Word) bool { return !w.Literal }) {
		return "", false, false
	}
	switch lowerName(c) {
	case "echo":
		k := 1
		for k < len(args) && len(args[k].Text) > 1 && strings.Trim(args[k].Text, "-neE") == "" && args[k].Text[0] == '-' {
			k++
		}
		var b strings.Builder
		for j, w := range args[k:] {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w.Text)
		}
		return printEscaped(b.String(), escEcho), true, true
	case "printf":
		format, rest := printEscaped(args[1].Text, escFormat), args[2:]
		var b strings.Builder
		exact = true
		for {
			used := false
			for i := 0; i < len(format); i++ {
				if format[i] != '%' || i+1 == len(format) {
					b.WriteByte(format[i])
					continue
				}
				i++
				if format[i] == '%' {
					b.WriteByte('%')
					continue
				}
				if format[i] != 's' && format[i] != 'b' {
					// %d, %-8s, %q: the argument, near enough for
					// its words, not as a program.
					exact = false
				}
				if len(rest) > 0 {
					b.WriteString(printEscaped(rest[0].Text, escArg))
					rest, used = rest[1:], true
				}
			}
			if len(rest) == 0 || !used {
				return b.String(), exact, true
			}
		}
	}
	return "", false, false
}

// pipedDeletes: a delete that takes its operands from a find's output
// (find ~ -type f | xargs rm -f, rm -f $(find ~ -type f)) deletes what
// the find finds, as find … -delete does. It is added as that command,
// which the find rows judge by where find looks and what narrows it (a
// critical start path is denied, find . -name '*.o' passes).
//
// Any other command handed the names a find prints (find ~ -name id_rsa
// | xargs cat, cat $(find ~ -name '*.pem'), find ~ | tar -czf k.tgz -T
// -, find ~ | while read f; do cat "$f"; done) reads or changes what
// the find finds, as find … -exec CMD {} + does: it is added as that
// command too (SimpleCommand.Added), so that what lies below the start
// paths is judged as for the -exec (a credential store below ~ asks).
func (z *analyzer) pipedDeletes(p Pipeline) {
	type at struct{ stage, i int }
	var finds, dels, uses, lists []at
	for k, stage := range p {
		for _, i := range stage {
			c := z.a.Commands[i]
			if _, ok := listedRoots(c); ok {
				lists = append(lists, at{k, i})
			}
			switch lowerName(c) {
			case "find", "gfind", "bfs":
				finds = append(finds, at{k, i})
			case "rm", "rimraf", "unlink", "shred":
				if c.OpenArgs || slices.ContainsFunc(operandWords(c), func(w Word) bool { return !w.Literal }) {
					dels = append(dels, at{k, i})
				}
			default:
				if !c.FromFind && !c.Added && (c.OpenArgs || namesFromStdin(c) || tarNamesFile(c, anyWord) || slices.ContainsFunc(c.Words[min(c.Inner+1, len(c.Words)):], func(w Word) bool { return !w.Literal })) {
					uses = append(uses, at{k, i})
				}
			}
		}
	}
	// Each pair adds a command: past maxRunWith of them the line is
	// asked for, not followed (find . | … | find . | xargs cat, many
	// times over, grew quadratically).
	pairs := 0
	pair := func() bool {
		if pairs++; pairs > maxRunWith {
			z.complexOnce("a pipeline hands the names of more finds to more commands than the analysis follows")
			return false
		}
		return true
	}
	for _, d := range dels {
		for _, f := range finds {
			if f.stage == d.stage {
				continue
			}
			if !pair() {
				return
			}
			find := z.a.Commands[f.i]
			ws := slices.DeleteFunc(slices.Clone(find.Words), func(w Word) bool {
				return w.Literal && (w.Text == "-print" || w.Text == "-print0")
			})
			ws = append(ws, Word{Text: "-delete", Literal: true})
			find.Words, find.Text, find.Redirects = ws, joinWords(ws), nil
			z.a.Commands = append(z.a.Commands, find)
		}
	}
	for _, u := range uses {
		for _, f := range append(finds, lists...) {
			if f.stage == u.stage {
				continue
			}
			if !pair() {
				return
			}
			find, c := z.a.Commands[f.i], z.a.Commands[u.i]
			var ws []Word
			if roots, ok := listedRoots(find); ok {
				// fd . ~/.ssh, locate id_rsa: find ROOTS, which
				// lists all a find of those roots may.
				ws = append(slices.Clip(find.Words[:find.Inner]), Word{Text: "find", Literal: true})
				ws = append(ws, roots...)
			} else {
				ws = slices.DeleteFunc(slices.Clone(find.Words), func(w Word) bool {
					return w.Literal && (w.Text == "-print" || w.Text == "-print0")
				})
			}
			ws = append(ws, Word{Text: "-exec", Literal: true})
			ws = append(ws, c.Words[c.Inner:]...)
			ws = append(ws, Word{Text: "{}", Literal: true}, Word{Text: "+", Literal: true})
			find.Words, find.Text, find.Redirects, find.Added = ws, joinWords(ws), nil, true
			z.a.Commands = append(z.a.Commands, find)
		}
	}
}

// listedRoots: the trees a command other than find lists the names of,
// which a command it hands them to (| xargs cat, a read loop) reads as
// find's are (pipedDeletes): fd's, rg's and the searchers' roots, tree's
// and du's operands (the working directory when none), git ls-files's
// working tree, and locate's index, of the whole file system. Whatever
// narrows the listing (fd -e pem, a pattern) is not counted. (ls prints
// its operands, or the bare names of their entries: what it reads.)
func listedRoots(c SimpleCommand) ([]Word, bool) {
	dot := func() []Word { return []Word{{Text: ".", Literal: true}} }
	switch n := lowerName(c); n {
	case "locate", "plocate", "mlocate", "slocate", "mdfind":
		return []Word{{Text: "/", Literal: true}}, true
	case "git":
		if sub, _, _, ok := gitArgs(c); ok && sub.Literal && (sub.Text == "ls-files" || sub.Text == "ls-tree") {
			return dot(), true
		}
		return nil, false
	case "fd", "fdfind", "rg", "rga", "ag", "ack", "ugrep", "ug", "tree", "du":
		var roots []Word
		bare := c
		bare.Redirects, bare.WrapperPaths = nil, nil
		for _, a := range PathArgs(bare) {
			if !a.Write {
				roots = append(roots, a.Word)
			}
		}
		if len(roots) == 0 {
			roots = dot()
		}
		return roots, true
	}
	return nil, false
}

// pipedArgs: a command that xargs hands its input (OpenArgs) is run with
// what an echo or printf in another stage of its pipeline writes, when
// that is written out on the line (echo ~/.ssh/id_rsa | xargs cat, echo
// .git/hooks/pre-commit | xargs cp evil): each word is added as the
// command run with it (xargs -I's replacement taken for {}), so the checks
// of paths and rules hold for it.
//
// Past maxRunWith printers handed to such commands in a pipeline the
// line is asked for as too complex: echo … | … | echo … | xargs cat, a
// thousand echoes to forty xargs, added 320,000 commands and took 25 s.
func (z *analyzer) pipedArgs(p Pipeline) {
	pairs := 0
	for k, stage := range p {
		for _, i := range stage {
			c := z.a.Commands[i]
			if !c.OpenArgs && !namesFromStdin(c) || c.FromFind {
				continue
			}
			for k2, src := range p {
				if k2 == k {
					continue
				}
				for _, j := range src {
					words := printedWords(z.a.Commands[j])
					if d, ok := z.catDocs[j]; ok && d.known {
						words = xargsFields(d.text) // cat <<< ~/.ssh/id_rsa | xargs cat
					}
					if words == nil {
						continue
					}
					if pairs++; pairs > maxRunWith {
						z.complexOnce("a pipeline hands what more echoes and printfs print to more commands than the analysis follows")
						return
					}
					z.runWith(i, literalWords(words))
				}
			}
		}
	}
}

// xargsRunWith: xargs fed by a here-string or here-document written out
// on the line (xargs cat <<< ~/.ssh/id_rsa), or by a file the line wrote
// with a text written out on it (echo ~/.ssh/id_rsa > l; xargs cat < l),
// runs its command with the words of it, as pipedArgs adds them. A word
// of a here-string or here-document the shell expands (xargs rm <<<
// "$HOME/.ssh/id_rsa", a line $f of one) is a path as the shell would
// expand it in the command's own words.
func (z *analyzer) xargsRunWith(i int, rs []*syntax.Redirect) {
	c := z.a.Commands[i]
	if !c.OpenArgs && !namesFromStdin(c) || c.FromFind {
		return
	}
	switch feed, doc := fdDoc(rs, 0); {
	case feed == feedDoc && doc != nil:
		if text, literal := z.docProgram(doc); literal {
			z.runWith(i, literalWords(xargsFields(text)))
		} else {
			z.runWith(i, z.docWords(doc))
		}
	case feed == feedFile && doc != nil:
		if f, ok := z.lastWritten(doc.Word.Lit(), c.Dir); ok && f.known {
			z.runWith(i, literalWords(xargsFields(f.text)))
		}
	}
	// xargs -a l (--arg-file): its input is l.
	if name := xargsArgFile(c); name != "" {
		if f, ok := z.lastWritten(name, c.Dir); ok && f.known {
			z.runWith(i, literalWords(xargsFields(f.text)))
		}
	}
}

// xargsArgFile returns the file xargs's -a (--arg-file) names among the
// wrappers of c, as written, or "".
func xargsArgFile(c SimpleCommand) string {
	ws := c.Words[:min(c.Inner, len(c.Words))]
	for k := 0; k < len(ws); k++ {
		if !ws[k].Literal || baseName(ws[k].Text) != "xargs" {
			continue
		}
		for j := k + 1; j < len(ws); j++ {
			t := ws[j].Text
			switch {
			case !ws[j].Literal:
			case (t == "-a" || t == "--arg-file") && j+1 < len(ws) && ws[j+1].Literal:
				return ws[j+1].Text
			case strings.HasPrefix(t, "--arg-file="):
				return t[len("--arg-file="):]
			case strings.HasPrefix(t, "-a") && len(t) > 2 && !strings.HasPrefix(t, "--"):
				return t[2:]
			}
		}
	}
	return ""
}

// xargsFields splits text where xargs splits its input (blanks,
// newlines, and the NULs of -0).
func xargsFields(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == 0 || unicode.IsSpace(r) })
}

// literalWords returns ts as words written out.
func literalWords(ts []string) []Word {
	ws := make([]Word, len(ts))
	for k, t := range ts {
		ws[k] = Word{Text: t, Literal: true}
	}
	return ws
}

// docWords returns the words of a here-string or here-document the shell
// expands: a here-string as the one word it is, a here-document's words
// as written, each with an expansion in it taken as the shell's quoted
// word would be (its source text, which the path checks fill in).
func (z *analyzer) docWords(r *syntax.Redirect) []Word {
	if r.Op == syntax.WordHdoc {
		return []Word{z.word(r.Word, nil)}
	}
	var ws []Word
	for _, f := range xargsFields(z.nodeTextFull(r.Hdoc)) {
		w := Word{Text: f, Literal: !strings.ContainsAny(f, "$`\\\"'")}
		if !w.Literal && !strings.ContainsAny(f, "\"'") {
			// One word of xargs's, not one the shell splits again.
			w.Text = `"` + f + `"`
		}
		ws = append(ws, w)
	}
	return ws
}

// namesFromStdin says whether c reads the names of the files it reads
// from its standard input, one a line, as xargs hands its command words:
// tar -T - (--files-from=-, -T /dev/stdin), cpio's copy-out and
// pass-through (-o, -p) and zip -@. pipedArgs and xargsRunWith run it with
// the names an echo, a printf or a here-string writes, so `echo
// ~/.ssh/id_rsa | tar -czf k.tgz -T -` reads the key as `tar -czf k.tgz
// ~/.ssh/id_rsa` does. (rsync --files-from=- names files below its source,
// which is read whole.)
func namesFromStdin(c SimpleCommand) bool {
	args := c.Args()
	stdin := func(w Word) bool { return w.Literal && (w.Text == "-" || w.Text == "/dev/stdin") }
	for i := 1; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal || len(t) < 2 || t[0] != '-' {
			continue
		}
		switch lowerName(c) {
		case "tar", "bsdtar", "gtar":
			if v, ok := tarFilesFrom(args, i); ok && stdin(Word{Text: v, Literal: true}) {
				return true
			}
		case "cpio":
			if t == "--create" || t == "--pass-through" || t[1] != '-' && strings.ContainsAny(t, "op") {
				return true
			}
		case "zip":
			if t[1] != '-' && strings.Contains(t, "@") {
				return true
			}
		}
	}
	return false
}

// tarFilesFrom returns the file tar's option at args[i] reads the names
// of the files it archives from (-T FILE, -cT FILE, --files-from=FILE),
// if it is one and the file is written out.
func tarFilesFrom(args []Word, i int) (string, bool) {
	t := args[i].Text
	v, ok := strings.CutPrefix(t, "--files-from=")
	if !ok && t[1] != '-' {
		_, v, ok = strings.Cut(t, "T") // -T-, -cT -
	}
	if t == "--files-from" || ok && v == "" {
		ok, v = i+1 < len(args) && args[i+1].Literal, args[min(i+1, len(args)-1)].Text
	}
	return v, ok
}

// tarNamesFile says whether c is a tar that reads the names of the
// files it archives from a file it names (tar -czf k.tgz -T l), and
// names says whether that file may be one of those.
func tarNamesFile(c SimpleCommand, names func(Word) bool) bool {
	switch lowerName(c) {
	case "tar", "bsdtar", "gtar":
	default:
		return false
	}
	args := c.Args()
	for i := 1; i < len(args); i++ {
		if t := args[i].Text; !args[i].Literal || len(t) < 2 || t[0] != '-' {
			continue
		}
		if v, ok := tarFilesFrom(args, i); ok && v != "-" && v != "/dev/stdin" && names(Word{Text: v, Literal: true}) {
			return true
		}
	}
	return false
}

// maxRunWith bounds the words runWith adds commands for.
const maxRunWith = 32

// runWith appends command i run with each of data, a word xargs may hand
// it: in place of {} where a word held it (xargs -I{}), else after its
// words.
func (z *analyzer) runWith(i int, data []Word) {
	c := z.a.Commands[i]
	for _, d := range data[:min(len(data), maxRunWith)] {
		if !z.copyFits(len(c.Text) + strings.Count(c.Text, "{}")*len(d.Text)) {
			continue
		}
		ws := slices.Clone(c.Words)
		placed := false
		for k := c.Inner; k < len(ws); k++ {
			if t := ws[k].Text; !ws[k].Literal && strings.Contains(t, "{}") && !strings.ContainsAny(t, "$`\\\"'") {
				ws[k] = Word{Text: strings.ReplaceAll(t, "{}", d.Text), Literal: d.Literal}
				placed = true
			}
		}
		if !placed {
			ws = append(ws, d)
		}
		// The copy is run with d, not with words still unknown: they are
		// the original's (Engine.touches appends them there).
		n := c
		n.Words, n.Text, n.OpenArgs = ws, joinWords(ws), false
		z.a.Commands = append(z.a.Commands, n)
	}
}

// printedWords returns the words c, an echo or a printf of literal words,
// writes, split where xargs splits them; nil for any other command.
func printedWords(c SimpleCommand) []string {
	text, _, ok := printedText(c)
	if !ok {
		return nil
	}
	return xargsFields(text)
}

// mayHaveMoved makes the directory unknown when a loop, whose body may
// run any number of times, changed it.
func (z *analyzer) mayHaveMoved(before string) {
	if z.dir != before {
		z.dir = "?"
	}
}

// maxDirLen bounds the directory the analysis follows (PATH_MAX).
const maxDirLen = 4096

// maxDirs is how many directories a command may run in before the
// analysis calls its directory unknown.
const maxDirs = 8

// dirSetMark starts the encoding of a set of directories in
// analyzer.dir: the mark, then the sorted directories, each after a mark.
// No directory holds a NUL byte (changeDir makes one unknown), so a
// single directory never reads as a set.
const dirSetMark = "\x00"

// foldsLink reports whether directory d, as changeDir writes it, has a
// ".." after a name (out/..), which a physical cd takes from where the
// name leads, not by folding the two away.
func foldsLink(d string) bool {
	named := false
	for _, part := range strings.Split(d, "/") {
		switch part {
		case "", ".":
		case "..":
			if named {
				return true
			}
		default:
			named = true
		}
	}
	return false
}

// setsPhysical reports whether set's args turn on physical (set -P, set
// -o physical), which makes every later cd physical (cd -P), and whether
// they turn it off (set +P, set +o physical), the last one holding; ok
// is false when they do neither.
func setsPhysical(args []Word) (on, ok bool) {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--" || t == "-" || t == "" || t[0] != '-' && t[0] != '+':
			// What follows sets the positional parameters (set -- +P).
			// A word only known at run time may be an option: physical on
			// stays on.
			return on || !args[i].Literal, ok || !args[i].Literal
		case strings.HasSuffix(t, "o"):
			// -o NAME, also ending a cluster (set -eo physical).
			if strings.ContainsRune(t, 'P') {
				on, ok = t[0] == '-', true
			}
			if i+1 < len(args) && args[i+1].Text == "physical" {
				on, ok = t[0] == '-', true
			}
			i++
		case strings.ContainsRune(t, 'P'):
			on, ok = t[0] == '-', true
		}
	}
	return on, ok
}

// shoptPhysical is setsPhysical for shopt's args: shopt -s -o physical
// (-so) sets what set -o physical does, shopt -u -o physical unsets it; a
// name only known at run time may be physical, which stays on.
func shoptPhysical(args []Word) (on, ok bool) {
	var set, unset, o bool
	i := 0
	for ; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			i++
			break
		}
		if !args[i].Literal || len(t) < 2 || t[0] != '-' {
			break
		}
		set = set || strings.ContainsRune(t, 's')
		unset = unset || strings.ContainsRune(t, 'u')
		o = o || strings.ContainsRune(t, 'o')
	}
	if !o || set == unset {
		return false, false // not set's options, or only printed (shopt -po)
	}
	for _, w := range args[i:] {
		switch {
		case w.Literal && w.Text == "physical":
			return set, true
		case !w.Literal && set:
			return true, true
		}
	}
	return false, false
}

// dirMembers returns the directories d stands for.
func dirMembers(d string) []string {
	if rest, ok := strings.CutPrefix(d, dirSetMark); ok {
		return strings.Split(rest, dirSetMark)
	}
	return []string{d}
}

// dirSetOf encodes a set of directories: one directory as itself, "?"
// when one of them is unknown or there are more than maxDirs.
func dirSetOf(ds []string) string {
	slices.Sort(ds)
	ds = slices.Compact(ds)
	switch {
	case slices.Contains(ds, "?") || len(ds) > maxDirs:
		return "?"
	case len(ds) == 1:
		return ds[0]
	}
	return dirSetMark + strings.Join(ds, dirSetMark)
}

// dirUnion returns the set of directories in a or b.
func dirUnion(a, b string) string {
	if a == b {
		return a
	}
	if a == "?" || b == "?" {
		return "?"
	}
	return dirSetOf(append(dirMembers(a), dirMembers(b)...))
}

// exportDir returns an analyzer.dir as SimpleCommand.Dir and Dirs.
func exportDir(d string) (string, []string) {
	if strings.HasPrefix(d, dirSetMark) {
		return "?", dirMembers(d)
	}
	return d, nil
}

func isPipe(op syntax.BinCmdOperator) bool {
	return op == syntax.Pipe || op == syntax.PipeAll
}

func indexRange(from, to int) []int {
	r := make([]int, to-from)
	for i := range r {
		r[i] = from + i
	}
	return r
}

// subs walks the bodies of substitutions. Each runs in a subshell of its
// own, so a cd inside does not move the commands after it.
func (z *analyzer) subs(subs stmtLists) {
	for _, sub := range subs {
		dir, scope, async := z.dir, z.fork(), z.async
		// : <(sleep 1; sh s.sh); echo 'rm -rf ~' > s.sh: a process
		// substitution's reader may run after a later write (readLater).
		z.async = z.async || sub.async
		z.substs++
		z.stmts(sub.stmts)
		z.substs--
		z.dir, z.scope, z.async = dir, scope, async
	}
}

// branch starts a part of the line that runs only under a condition
// (SimpleCommand.Cond) for the commands walked next, inside the current
// one; and with the commands [from, to) it runs only if they succeeded.
// It returns the part to go back to after them.
func (z *analyzer) branch(and bool, from, to int) (parent int32) {
	parent = z.cond
	z.a.regions = append(z.a.regions, region{parent: parent, and: and, head: [2]int32{int32(from), int32(to)}})
	z.cond = int32(len(z.a.regions))
	return parent
}

// fork starts a shell process of its own for the commands walked next
// (a subshell, a pipeline's stage, a substitution, a nested shell): it
// gives it a number, and returns the scope to go back to after them.
func (z *analyzer) fork() (parent int32) {
	parent = z.scope
	z.scopes++
	z.scope = z.scopes
	if int(z.scope) < len(z.outer) {
		z.outer[z.scope] = parent
	}
	return parent
}

// promptVars are the variables whose value bash expands, substitutions
// and all, each time it uses it: PS4 before every command `set -x` traces,
// PROMPT_COMMAND before every prompt, and an interactive shell's prompts
// (bash -i fed its commands): PS0 before each command it runs, PS1 and
// PS2 at each line it reads. A substitution in one runs later, unseen:
// `PS4='$(rm -rf /)' bash -xc true`, `PS1='$(rm -rf /)' bash -i <<< ”`.
var promptVars = []string{"PS4", "PROMPT_COMMAND", "PS0", "PS1", "PS2"}

// promptSubst reports an assignment c makes (before it, to env or sudo, or
// to declare and export) of a substitution to one of promptVars.
func (z *analyzer) promptSubst(c SimpleCommand) {
	as := c.EnvAssigns()
	if n := c.Name(); slices.Contains(declCommands, n) {
		for _, w := range c.Args()[1:] {
			as = append(as, w.Text)
		}
	}
	for _, a := range as {
		n, v, ok := strings.Cut(a, "=")
		if ok && slices.Contains(promptVars, strings.TrimSuffix(n, "+")) && holdsSubst(v) {
			z.complexOnce(fmt.Sprintf("%s set to a substitution, which bash runs each time it expands it: %s", strings.TrimSuffix(n, "+"), shorten(a)))
		}
		if name, _, _ := strings.Cut(strings.TrimSuffix(n, "+"), "["); ok && (name == "BASH_CMDS" || name == "BASH_ALIASES") {
			z.complexOnce(fmt.Sprintf("%s set: bash's table of command paths or aliases, which makes a name run another program (BASH_CMDS[ls]=/bin/rm): %s", name, shorten(a)))
		}
	}
	// Set by name: read, printf -v, mapfile, a nameref (declare -n).
	if name := hijackAssign(c, ""); name == "BASH_CMDS" || name == "BASH_ALIASES" {
		z.complexOnce(fmt.Sprintf("%s set by %s: bash's table of command paths or aliases, which makes a name run another program", name, c.Name()))
	}
}

// commandVars are the variables whose value is a command line a
// program runs through a shell: PROMPT_COMMAND (an element of it, from
// bash 5.1) before each prompt of an interactive bash, with no
// substitution needed, less's LESSOPEN and LESSCLOSE (after their |,
// || or -, %s the file), and the pagers, editors, browsers and askpass
// programs others start. PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null
// and LESSOPEN='|rm -rf ~ %s' less f ran rm in bypassPermissions, where
// setting them is a hijack asked for in the other modes.
var commandVars = []string{"PROMPT_COMMAND", "LESSOPEN", "LESSCLOSE", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "GIT_PAGER",
	"EDITOR", "VISUAL", "GIT_EDITOR", "FCEDIT", "BROWSER", "SUDO_ASKPASS", "SSH_ASKPASS", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF"}

// promptCommand: the values assignment as gives one of commandVars are
// analysed as a nested shell's program once the line is walked; one
// only known at run time is too complex to check.
func (z *analyzer) promptCommand(as *syntax.Assign) {
	if as.Name == nil || !slices.Contains(commandVars, as.Name.Value) {
		return
	}
	values := []*syntax.Word{as.Value}
	if as.Array != nil {
		values = values[:0]
		for _, e := range as.Array.Elems {
			values = append(values, e.Value)
		}
	}
	for _, v := range values {
		if v == nil {
			continue
		}
		w := z.word(v, nil)
		if !w.Literal {
			z.complexOnce(fmt.Sprintf("%s set to what is only known at run time, which a program runs as a command line: %s", as.Name.Value, shorten(z.nodeTextFull(as))))
			continue
		}
		prog := w.Text
		if strings.HasPrefix(as.Name.Value, "LESS") {
			prog = strings.TrimLeft(prog, "|-")
		}
		if strings.TrimSpace(prog) != "" && z.shell+1 <= maxShellDepth {
			z.promptProgs = append(z.promptProgs, prog)
		}
	}
}

// add appends c and returns its index.
func (z *analyzer) add(c SimpleCommand, subs stmtLists) int {
	assigned := z.assigned
	z.assigned = nil
	c.PathGone, c.CondaGone = c.PathGone || z.pathGone, c.CondaGone || z.condaGone
	z.promptSubst(c)
	z.dirVars(c)
	if len(z.setEnv) > 0 {
		// export GIT_WORK_TREE=/etc; git clean -fdx: as
		// GIT_WORK_TREE=/etc git clean -fdx, and so export
		// GIT_CONFIG_COUNT=1 …; git status, and export
		// PIP_BREAK_SYSTEM_PACKAGES=1; pip install x. What is set for
		// the program itself wins.
		var reads func(string) bool
		if lowerName(c) == "git" {
			reads = gitEnvName
		} else if _, _, ok := pipCommand(c); ok {
			reads = pipEnvName
		} else if n := lowerName(c); n == "conda" || n == "mamba" || n == "micromamba" {
			reads = condaEnvName
		}
		if reads != nil {
			own := c.EnvAssigns()
			for _, a := range z.setEnv {
				name, _, _ := strings.Cut(a, "=")
				if reads(name) && !slices.ContainsFunc(own, func(o string) bool { return strings.HasPrefix(o, name+"=") }) {
					c.Assigns = append(slices.Clip(c.Assigns), a)
				}
			}
		}
	}
	if n := lowerName(c); z.makefiles && (n == "make" || n == "gmake") {
		// As MAKEFILES=/dev/stdin make does (hiddenRun).
		z.complex("%s reads the makefiles MAKEFILES names, or evaluates the --eval of MAKEFLAGS, set earlier in the command line: their recipes are not checked", n)
	}
	if _, known := z.cdPathFor(c); !known && (lowerName(c) == "cd" || lowerName(c) == "pushd") {
		// Its operand may name a variable, whose value is the directory,
		// or one below a CDPATH entry only known at run time (dirVars):
		// as cd "$x", where it writes is not known.
		c.Words = slices.Clone(c.Words)
		for k := c.Inner + 1; k < len(c.Words); k++ {
			if !strings.HasPrefix(c.Words[k].Text, "-") {
				c.Words[k].Literal = false
			}
		}
	}
	c.Shell, c.Cond = z.scope, z.cond
	c.OuterShell = -1
	if c.Shell != 0 && int(c.Shell) < len(z.outer) {
		c.OuterShell = z.outer[c.Shell]
	}
	i := len(z.a.Commands)
	if i == cap(z.a.Commands) {
		// Double: append grows a long slice by a quarter, and a line of
		// 300,000 commands (f() { …; }; f; f; …) was copied over again
		// a dozen times, 2 s of its 5.
		z.a.Commands = slices.Grow(z.a.Commands, i+1)
	}
	z.a.Commands = append(z.a.Commands, c)
	z.noteValueDir(i)
	z.noteAssigns(i, assigned)
	if slices.ContainsFunc(assigned, func(v assignedVal) bool { return v.subst != "" || v.src != "" }) {
		z.substAssigned, z.substAt = assigned, i
	}
	z.feeds(i, subs)
	return i
}

// feeds walks the substitutions of command i's words and records the
// pipelines they form with it: $(…) and <(…) feed the command, the command
// writes to >(…).
func (z *analyzer) feeds(i int, subs stmtLists) {
	var in, out []int
	var known, sourced, owned []printedSubst
	var unseen [][2]int
	for _, sub := range subs {
		start := len(z.a.Commands)
		z.subs(stmtLists{sub})
		if sub.program {
			end := len(z.a.Commands) // before the program fedProgram walks
			z.fedProgram(i, start, end, sub.unseen)
			if d, ok := z.catDocs[start]; ok && (d.copy || z.besideDocs[start]) && d.known && len(z.a.Commands) == start+1 {
				// d='rm -rf ~'; bash <(echo "$d"): the copy's
				// program too, beside the one only known at run time;
				// so a filter's judged beside (sh <(grep . s)).
				z.nestedCopy(d.text, z.a.Commands[i].Name()+" input")
			} else if text, ok := z.fnCallOutput(subst{stmts: sub.stmts, src: z.a.Commands[start].Text}, start); ok {
				// source <(f 'rm -rf ~'): what the copy of the
				// function's body prints, so too.
				z.nestedCopy(text, z.a.Commands[i].Name()+" input")
			} else {
				// sh <(perl -pe 1 s), judged once the pipelines
				// of subs are, of the commands subs hold.
				unseen = append(unseen, [2]int{start, end})
			}
		}
		if text, ok := z.substOutput(sub, start); ok {
			known = append(known, printedSubst{sub.src, text})
		} else if text, ok := z.fnCallOutput(sub, start); ok {
			known = append(known, printedSubst{sub.src, text})
		} else if text, ok := z.substOwnText(sub, start); ok {
			owned = append(owned, printedSubst{sub.src, text})
		} else if sub.src != "" && len(z.a.Commands) == start+1 {
			if w, ok := printedSource(z.a.Commands[start]); ok && len(z.a.Commands[start].Redirects) == 0 {
				sourced = append(sourced, printedSubst{sub.src, w.Text})
			}
		}
		for j := start; j < len(z.a.Commands); j++ {
			if sub.out {
				out = append(out, j)
			} else {
				in = append(in, j)
			}
		}
	}
	if len(in) > 0 {
		z.a.Pipelines = append(z.a.Pipelines, Pipeline{in, {i}})
		z.pipedDeletes(Pipeline{in, {i}})
		z.pipedArgs(Pipeline{in, {i}})
	}
	if len(out) > 0 {
		z.a.Pipelines = append(z.a.Pipelines, Pipeline{{i}, out})
	}
	for _, u := range unseen {
		z.substUnseen(i, u[0], u[1])
	}
	if z.substAssigned != nil && z.substAt == i && len(known)+len(sourced) > 0 {
		z.noteSubstAssigns(i, z.substAssigned, known, sourced)
		z.substAssigned = nil
	}
	z.printed, z.printedAt = known, i
	z.substituted(i, known)
	for _, v := range lineVariants(known) {
		z.substituted(i, v) // "$(printf 'a\n.git/config\n' | tail -1)"
	}
	if len(owned) > 0 {
		// eval "$(curl -s x | awk '{print "rm -rf ~"}')": the text
		// the program prints of its own in its place, deny-only, as
		// fedUnseen judges it fed to a shell.
		z.denyOnly(func() { z.substituted(i, owned) }, false)
	}
}

// onlyCds says whether commands from to to (not included) are each a
// cd to a directory written out, which prints nothing (cd - and a
// CDPATH's directory print it).
func (z *analyzer) onlyCds(from, to int) bool {
	for k := from; k < to; k++ {
		c := z.a.Commands[k]
		if v, ok := z.valueCommand(k); ok {
			c = v // d=.git; $(cd "$d" && pwd): the pwd's copy (catDoc)
		}
		args := c.Args()
		if lowerName(c) != "cd" || len(c.Redirects) > 0 || !allLiteral(args) || len(args) != 2 || strings.HasPrefix(args[1].Text, "-") {
			return false
		}
		if entries, known := z.cdPathFor(c); !known || len(entries) > 0 {
			return false
		}
	}
	return true
}

// substOutput returns what substitution sub, whose commands were walked
// from index start on, prints where the line writes that out, without
// its last newlines.
func (z *analyzer) substOutput(sub subst, start int) (string, bool) {
	if sub.src == "" || len(z.a.Commands) <= start {
		return "", false
	}
	last := z.substLast(sub, start)
	if len(z.a.Commands) > start+1 && len(sub.stmts) == len(z.a.Commands)-start {
		// $(echo .gi; echo t): what each of its printers prints.
		if text, ok := z.printersText(sub.stmts, start); ok {
			return strings.TrimRight(text, "\n"), true
		}
	}
	d, ok := z.catDocs[last]
	switch {
	case len(z.a.Commands) > start+1 && oneCall(sub):
		// $(cat < <(echo .git/config)): the command, then its feeds.
		d, ok = z.catDocs[start]
		ok = ok && d.known
	case len(z.a.Commands) > start+1:
		// $(echo .GIT | tr A-Z a-z), $(cd .git && pwd), $(d=.git; echo
		// "$d/hooks"): what its last stage, or its last command after
		// cds or assignments, prints.
		ok = ok && d.known && (pipedSubst(sub) || z.onlyCds(start, last) || silentHead(sub.stmts))
	case ok && d.known:
		// $(cat l) of a file the line wrote, $(cat <<< x).
	default:
		var text string
		text, _, ok = printedText(z.a.Commands[start])
		d.text, ok = text, ok && len(z.a.Commands[start].Redirects) == 0
	}
	return strings.TrimRight(d.text, "\n"), ok
}

// substLast returns the command whose output substitution sub, whose
// commands were walked from index start on, prints: its last, or its
// pipeline's last stage.
func (z *analyzer) substLast(sub subst, start int) int {
	if pipedSubst(sub) && z.lastStage > start {
		// echo .git/config | xargs echo: before the copies of it.
		return z.lastStage
	}
	return len(z.a.Commands) - 1
}

// substOwnText returns the literal text the awk or sed program that ends
// substitution sub, whose commands were walked from index start on,
// prints of its own (filterOwnText), whatever it reads: sh -c "$(curl -s
// x | sed 's/.*/rm -rf ~/')" runs rm -rf ~.
func (z *analyzer) substOwnText(sub subst, start int) (string, bool) {
	if sub.src == "" || len(z.a.Commands) <= start {
		return "", false
	}
	t, _ := z.filterOwnText(z.a.Commands[z.substLast(sub, start)])
	t = strings.TrimRight(t, "\n")
	return t, strings.TrimSpace(t) != ""
}

// printersText returns what the commands of stmts (a substitution's, a
// group's), walked from index start on, print one after the other where
// each is a statement of its own whose output is written out (fedText),
// not a copy's.
func (z *analyzer) printersText(stmts []*syntax.Stmt, start int) (string, bool) {
	var b strings.Builder
	for k, st := range stmts {
		if _, ok := st.Cmd.(*syntax.CallExpr); !ok || st.Negated || st.Background || len(st.Redirs) > 0 {
			return "", false
		}
		text, known, _ := z.fedText(start + k)
		if c := z.a.Commands[start+k]; lowerName(c) == "echo" && len(c.Args()) == 1 {
			text, known = "", true // a blank line: { echo; echo 'print(1)'; }
		}
		if !known || len(z.a.Commands[start+k].Redirects) > 0 || b.Len()+len(text) > maxFilterOutput {
			return "", false
		}
		b.WriteString(text)
		if c := z.a.Commands[start+k]; lowerName(c) == "echo" && !echoNoNewline(c) {
			b.WriteByte('\n') // printedText leaves it out
		}
	}
	return b.String(), true
}

// outputRead says whether the analysis reads what a command of name
// (lowerName) prints: printers, filters (filterOutput, catDoc) and
// dirname and its kind (pathOutput).
func outputRead(name string) bool {
	switch name {
	case "echo", "printf", "cat", "tr", "sed", "gsed", "tee", "head", "tail", "sort", "tac", "uniq", "rev",
		"cut", "paste", "awk", "gawk", "mawk", "xargs", "grep", "dirname", "basename", "realpath", "readlink", "pwd":
		return true
	}
	return false
}

// maxFnBody bounds the source of a function whose body fnCallOutput
// walks again for a call with arguments, maxFnArgs the arguments, and
// maxFnCopied the bodies copied of a line all told, past which the line
// fails closed, so that a body of many assignments called many times
// does not walk the line over and over (a 7 kB line took a minute);
// maxFnDepth the copies walked one inside the other. maxFnWalked bounds
// the copies' text, arguments written in, as a second allowance: a copy
// is walked while either bound holds, so that a short body called a few
// hundred times (f() { git add "$1" && git commit -m "$1" -- "$1"; }; f
// a1; f a2; …, some 9 kB of bodies at 100 calls of a 91-byte one) is
// followed, not asked for as too complex, while no copy walked within
// maxFnCopied alone is dropped. Copies are walked at about the cost of
// the line's own text, so 64 kB adds some 0.1 s at most. maxFnWritten
// bounds the copies' text whatever the bodies', so that a few calls
// of a body of many $1 with a long argument (f() { echo "$1" "$1" …; }; f
// <100 kB>) are not megabytes walked (19 s at 1 MiB).
const (
	maxFnBody    = 1 << 10
	maxFnArgs    = 9
	maxFnCopied  = 8 << 10
	maxFnWalked  = 64 << 10
	maxFnWritten = 1 << 20
	maxFnDepth   = 2
)

// noteFnBody records in fnBodies the source of the statements of
// function name's body where it is a group short enough (maxFnBody), or
// that it is not known: a later declaration replaces an earlier one.
func (z *analyzer) noteFnBody(name string, body *syntax.Stmt) {
	delete(z.fnBodies, name)
	stmts := groupStmts(body)
	if len(stmts) == 0 || len(body.Redirs) > 0 || body.Negated {
		return
	}
	from, to := int(stmts[0].Pos().Offset()), int(stmts[len(stmts)-1].End().Offset())
	if from >= to || to > len(z.src) || to-from > maxFnBody {
		return
	}
	if z.fnBodies == nil {
		z.fnBodies = map[string]string{}
	}
	z.fnBodies[name] = forAll(z.src[from:to], stmts, from)
}

// forAll returns body, the source of stmts from offset from of the line,
// with in "$@" written in each for loop that has no in (for a; do …;
// done), which loops over the positional parameters: the copy of f() {
// for a; do rm -rf "$a"; done; }; f ~ then loops over ~ (positionalAll).
func forAll(body string, stmts []*syntax.Stmt, from int) string {
	if !strings.Contains(body, "for") {
		return body
	}
	var at []int
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if fc, ok := n.(*syntax.ForClause); ok {
				if wi, ok := fc.Loop.(*syntax.WordIter); ok && !wi.InPos.IsValid() && len(wi.Items) == 0 {
					at = append(at, int(wi.Name.End().Offset())-from)
				}
			}
			return true
		})
	}
	for i := len(at) - 1; i >= 0; i-- {
		if at[i] > 0 && at[i] <= len(body) {
			in := ` in "$@"`
			if rest := strings.TrimLeft(body[at[i]:], " \t"); !strings.HasPrefix(rest, ";") && !strings.HasPrefix(rest, "\n") {
				// for a do …: do ends the list only after ; or a
				// newline.
				in += ";"
			}
			body = body[:at[i]] + in + body[at[i]:]
		}
	}
	return body
}

// builtinsMasked says whether shift and set may not be the builtins
// positionalSegments computes: the line defines a function of either
// name (shift() { :; }), or has run enable or alias (enable -n shift),
// so that the copy's parameters are those of the call, as bash's stay.
// The commands are read once, on from where the last call stopped.
func (z *analyzer) builtinsMasked() bool {
	if _, ok := z.fnBodies["shift"]; ok {
		return true
	}
	if _, ok := z.fnBodies["set"]; ok {
		return true
	}
	for ; !z.masked && z.maskedRead < len(z.a.Commands); z.maskedRead++ {
		n := lowerName(z.a.Commands[z.maskedRead])
		z.masked = n == "enable" || n == "alias"
	}
	return z.masked
}

// fnCallOutput returns what substitution sub, whose commands were
// walked from index start on, prints where it is one call of a
// function fnBodies holds, with arguments written out: p=$(f .GIT)/config
// of f() { echo "$1" | tr A-Z a-z; }. The body, with the arguments in
// the place of $1 … $9 (the ones not given empty), is walked again as a
// substitution of its own: a copy, judged beside the call, whose
// output substOutput reads, or, where it is one call of another, that
// call's (g() { f "$1"; }). Two levels only (maxFnDepth): a call inside
// a copy's copy is not walked again, so that a function calling itself
// ends.
func (z *analyzer) fnCallOutput(sub subst, start int) (string, bool) {
	if sub.src == "" || !oneCall(sub) || len(z.a.Commands) <= start {
		return "", false
	}
	if cp, ok := z.fnCopies[start]; !(ok && cp.from == start+1 && cp.end == len(z.a.Commands)) && len(z.a.Commands) != start+1 {
		return "", false // more than the call and its copy
	}
	return z.fnCopyOutput(start, sub.src)
}

// fnCopyOutput returns what call i of a function fnBodies holds prints
// (fnCallOutput), its copy walked as substitution src: that of the call,
// or the call's own text for a pipeline's stage (f 'rm -rf ~' | sh).
// The copy fnStmtCopy walked for the call is read, or one is walked.
func (z *analyzer) fnCopyOutput(i int, src string) (string, bool) {
	c := z.a.Commands[i]
	if len(c.Redirects) > 0 || len(c.Assigns) > 0 || len(c.Args()) < 2 {
		return "", false
	}
	cp, ok := z.fnCopies[i]
	if !ok {
		if cp, ok = z.walkFnCopy(c, i, false); !ok {
			return "", false
		}
	}
	copySub := subst{stmts: cp.stmts, src: src}
	saved := z.src
	z.src = cp.body
	z.fnDepth++
	text, ok := z.substOutput(copySub, cp.from)
	if !ok {
		text, ok = z.fnCallOutput(copySub, cp.from)
	}
	z.src = saved
	z.fnDepth--
	return text, ok
}

// fnStmtCopy walks, beside call at as written, the copy of the body of
// the function it calls with its arguments in the place of $1 … and
// "$@" (walkFnCopy), where the body expands them: f() { rm -rf "$1";
// }; f ~ runs rm -rf ~, and f() { "$@"; }; f rm -rf ~ does too. The
// copy is one more to judge; the body as written is judged still. A
// pipeline's stage is pipedFiltered's to copy, before a reader of code,
// but for the input of its own a body that reads code is fed here.
// The copy runs in dir, where the call does: the call of a function that
// changes directory leaves the shell's unknown ("?", changeDir) before
// the copy is walked, and a cd in the copy from there would be unknown
// too, so that ln -s /etc l; f() { cd "$1" && make; }; f l ran make in
// "?", not through the link, as cd l && make does. A body is copied
// too where the call's input is redirected (rs, or a compound's around
// it), with that input as its compound's (scopeInput): f() { sh; }; f
// <<< 'rm -rf ~' runs sh <<< 'rm -rf ~'. Such a call whose body is not
// copied (over maxFnBody, past maxFnDepth, not a group) fails closed:
// its reader as written reads nothing the checks see.
func (z *analyzer) fnStmtCopy(at int, dir string, rs []*syntax.Redirect) {
	if at >= len(z.a.Commands) {
		return
	}
	// sudo f ~, env f ~: a program of the name, never the function.
	c := z.a.Commands[at]
	if len(c.Words) == 0 || !c.Words[0].Literal {
		return
	}
	name := c.Words[0].Text
	fed := (z.fnReadsCode[name] || z.fnXargs[name]) && z.inputRedirected(rs)
	if z.stage {
		// f <<< 'rm -rf ~' | cat: an input of the stage's own, which
		// pipedFiltered does not hand the body; the pipe is
		// pipedCommands'.
		if _, in := z.scopeStdin(); !fed || in == nil && !slices.ContainsFunc(rs, func(r *syntax.Redirect) bool { return redirFD(r) == "0" }) {
			return
		}
	}
	if body, ok := z.fnBodies[name]; !fed && (!ok || !expandsPositional(body) && !z.cdFuncs[name]) {
		return
	}
	saved := z.dir
	z.dir = dir
	z.fdScopes = append(z.fdScopes, rs)
	cp, ok := z.walkFnCopy(c, at, true)
	z.fdScopes = z.fdScopes[:len(z.fdScopes)-1]
	z.dir = saved
	if !ok && fed {
		z.complexOnce("a function's body that reads code is fed an input the analysis does not copy it with")
	}
	if ok && z.cdFuncs[name] && !z.stage {
		// f() { cd "$1"; }; f l; make: the function runs in the shell,
		// which is where its copy left it, not nowhere known (changeDir).
		// A pipeline's stage is a subshell of its own.
		z.dir = cp.dir
	}
	if ok && !z.stage {
		if z.fnCopies == nil {
			z.fnCopies = map[int]fnCopy{}
		}
		z.fnCopies[at] = cp
	}
}

// walkFnCopy walks the copy of the body of the function call c names,
// with its literal arguments in the place of $1 … $9 (the ones not
// given empty) and of $@ and $* (positionalAll), as a substitution of
// its own, so that what it assigns stays in it. For a statement, an
// argument that is one variable quoted ("$d") stands as that variable
// (callArg), whose values the line gives are handed on to the copy in
// turn (readValues): d=~; f "$d" runs what f ~ does. The copies are bounded
// one inside the other (maxFnDepth) and all told (maxFnCopied), past
// which the line fails closed, so that calls made only to use the bound
// up do not let a later one pass unread.
func (z *analyzer) walkFnCopy(c SimpleCommand, at int, stmt bool) (fnCopy, bool) {
	args := c.Args()
	if c.Inner > 0 && c.Words[0].Literal && z.fnBodies[c.Words[0].Text] != "" {
		args = c.Words // nice() { …; }; nice ~: the function, no wrapper
	}
	if z.fnDepth >= maxFnDepth || len(args) == 0 || len(args) > maxFnArgs+1 || !args[0].Literal {
		return fnCopy{}, false
	}
	args = slices.Clone(args)
	for k := 1; k < len(args); k++ {
		v, ok := callArg(args[k])
		if !ok || !stmt && !v.Literal {
			return fnCopy{}, false
		}
		args[k] = v
	}
	body, ok := z.fnBodies[args[0].Text]
	if !ok {
		return fnCopy{}, false
	}
	if z.fnCopied += len(body); z.fnCopiedOver() {
		return fnCopy{}, false // both spent: not even written out
	}
	segs := []posSegment{{text: body, args: args}}
	if !z.builtinsMasked() {
		segs = positionalSegments(body, args, func(name string) (string, bool) {
			v, ok := z.soleValue(name, at)
			return v.Text, ok && v.Literal
		})
	}
	for k, seg := range segs {
		segs[k].text = positionalAll(seg.text, len(seg.args)-1)
		z.fnWalked += copyLen(segs[k].text, seg.args)
	}
	if z.fnCopiedOver() {
		// Counted before the copy is made: a body of a few hundred $1
		// given a 100 kB argument is megabytes written out.
		return fnCopy{}, false
	}
	var b strings.Builder
	for _, seg := range segs {
		text := seg.text
		for k := 1; k <= maxFnArgs; k++ {
			v := Word{Literal: true}
			if k < len(seg.args) {
				v = seg.args[k]
			}
			text = substVar(text, strconv.Itoa(k), v)
		}
		b.WriteString(text)
	}
	body = b.String()
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(body), "")
	parsers.Put(p)
	if err != nil || len(f.Stmts) == 0 {
		return fnCopy{}, false
	}
	saved := z.src
	z.src = body
	z.fnDepth++
	from := len(z.a.Commands)
	dir, scope := z.dir, z.fork()
	z.stmts(f.Stmts)
	left := z.dir
	z.dir, z.scope = dir, scope
	z.src = saved
	z.fnDepth--
	return fnCopy{body: body, stmts: f.Stmts, from: from, end: len(z.a.Commands), dir: left}, true
}

// copyLen returns how long body, with $@ and $* written out
// (positionalAll), is with the arguments of args (a call's words) in
// the place of $1 … $9, or more: each reference takes the argument
// quoted the longer way (quoteFor), and an operator's (${1//a/bb}) not
// taken to lengthen it further.
func copyLen(body string, args []Word) int {
	n := len(body)
	for k := 1; k < len(args) && k <= maxFnArgs; k++ {
		d := strconv.Itoa(k)
		refs := strings.Count(body, "$"+d) + strings.Count(body, "${"+d) + strings.Count(body, "${!"+d)
		if refs > 0 {
			n += refs * max(len(quoteFor(args[k], true)), len(quoteFor(args[k], false)))
		}
	}
	return n
}

// fnCopiedOver reports whether the copies of function bodies have spent
// both maxFnCopied and maxFnWalked, or maxFnWritten alone, past which
// the line fails closed.
func (z *analyzer) fnCopiedOver() bool {
	if z.fnCopied > maxFnCopied && z.fnWalked > maxFnWalked || z.fnWalked > maxFnWritten {
		z.complexOnce("functions are called more often than the analysis follows")
		return true
	}
	return false
}

// callArg returns argument w of a call as it stands in the copy of the
// body: a literal word as it is, "$d" or "${d}" as ${d}, which substVar
// writes inside the body's quotes, or unquoted where $1 is, split as
// bash splits the value $1 holds; ok is false for any other word.
func callArg(w Word) (Word, bool) {
	if w.Literal {
		return w, true
	}
	in, opened := strings.CutPrefix(w.Text, `"`)
	in, closed := strings.CutSuffix(in, `"`)
	if !opened || !closed {
		return Word{}, false
	}
	name, ok := soleRef(in)
	return Word{Text: "${" + name + "}"}, ok
}

// expandsPositional says whether body, a function's source, may expand
// a positional parameter: $1 … $9, $@, $* or their braced forms. A body
// that expands none is walked as written already.
func expandsPositional(body string) bool {
	for i := strings.IndexByte(body, '$'); i >= 0 && i+1 < len(body); i = strings.IndexByte(body[i+1:], '$') + i + 1 {
		c := body[i+1]
		if c == '{' && i+2 < len(body) {
			c = body[i+2]
		}
		if c >= '1' && c <= '9' || c == '@' || c == '*' {
			return true
		}
		if strings.IndexByte(body[i+1:], '$') < 0 {
			break
		}
	}
	return false
}

// positionalAll returns t, a function's source, with each $@, $*,
// ${@} and ${*} outside single quotes written as the n positional
// parameters it expands to, $1 … $n, for substVar to put the
// arguments in: "$@" is "$1" "$2", each a word, "$*" the one word "$1
// $2" (IFS's first character taken for a space), and unquoted either is
// $1 $2, split as bash splits them.
func positionalAll(t string, n int) string {
	return rewriteDollars(t, func(b *strings.Builder, rest string, dq bool) (int, bool) {
		skip, from, to := 1, 1, n
		if strings.HasPrefix(rest, "{@}") || strings.HasPrefix(rest, "{*}") {
			rest, skip = rest[1:], 3
		} else if l, first, count, ok := positionalSlice(rest); ok {
			// "${@:2}", "${@:2:1}": from the second, as many as given.
			from, skip = first, l
			if count >= 0 && count < n {
				to = min(n, first+count-1)
			}
			rest = rest[1:]
		}
		if rest == "" || rest[0] != '@' && rest[0] != '*' {
			return 0, false
		}
		sep := " "
		if dq && rest[0] == '@' {
			sep = `" "`
		}
		for k := from; k <= to; k++ {
			if k > from {
				b.WriteString(sep)
			}
			b.WriteString("${" + strconv.Itoa(k) + "}")
		}
		return skip, true
	})
}

// positionalSlice reads rest, after a $, as ${@:N} or ${@:N:M} (or
// ${*:…}) with N at least 1 and both written in digits: its length l,
// its first parameter and how many it takes (-1, all, for no M).
func positionalSlice(rest string) (l, first, count int, ok bool) {
	end := strings.IndexByte(rest, '}')
	if end < 0 || !strings.HasPrefix(rest, "{@:") && !strings.HasPrefix(rest, "{*:") {
		return 0, 0, 0, false
	}
	nums := strings.Split(rest[3:end], ":")
	if len(nums) > 2 {
		return 0, 0, 0, false
	}
	first, err := strconv.Atoi(nums[0])
	if err != nil || first < 1 || strings.Trim(nums[0], "0123456789") != "" {
		return 0, 0, 0, false
	}
	count = -1
	if len(nums) == 2 {
		if count, err = strconv.Atoi(nums[1]); err != nil || count < 0 || strings.Trim(nums[1], "0123456789") != "" {
			return 0, 0, 0, false
		}
	}
	return end + 1, first, count, true
}

// silentHead says whether stmts are statements that print nothing
// (printsSomething) and then one simple command with no substitution,
// the last command walked of them.
func silentHead(stmts []*syntax.Stmt) bool {
	if len(stmts) < 2 || slices.ContainsFunc(stmts[:len(stmts)-1], printsSomething) {
		return false
	}
	st := stmts[len(stmts)-1]
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || len(st.Redirs) > 0 || len(ce.Assigns) > 0 {
		return false
	}
	found := false
	walk(st, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return !found
}

// printsSomething says whether statement st may print: all but an
// assignment, and a local, declare or typeset of names with no option,
// may.
func printsSomething(st *syntax.Stmt) bool {
	if st.Negated || len(st.Redirs) > 0 {
		return true
	}
	if dc, ok := st.Cmd.(*syntax.DeclClause); ok {
		// The parser's form of local d, declare d=x: an option, or
		// a word it does not read as a name, is an Assign with no name.
		switch dc.Variant.Value {
		case "local", "declare", "typeset":
			return len(dc.Args) == 0 || slices.ContainsFunc(dc.Args, func(a *syntax.Assign) bool { return a.Name == nil })
		}
		return true
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return true
	}
	if len(ce.Args) == 0 {
		return false
	}
	switch ce.Args[0].Lit() {
	case "local", "declare", "typeset":
		if len(ce.Args) == 1 {
			return true // declare alone prints every variable
		}
		for _, w := range ce.Args[1:] {
			if strings.HasPrefix(w.Lit(), "-") {
				return true // declare -p prints
			}
		}
		return false
	}
	return true
}

// oneCall says whether sub is one simple command, not negated.
func oneCall(sub subst) bool {
	if len(sub.stmts) != 1 || sub.stmts[0].Negated {
		return false
	}
	_, ok := sub.stmts[0].Cmd.(*syntax.CallExpr)
	return ok
}

// printedSubst is a command substitution whose output is written out on
// the line: src, its source text, prints text.
type printedSubst struct{ src, text string }

// substituted: a command one of whose words, or the file of one of its
// redirections, holds a command substitution that only echoes or printfs
// literal words (cat $(echo ~/.ssh/id_rsa), cp evil "$(printf %s
// .git/hooks)/pre-commit", echo x >> "$(echo .bash)"rc) is added again with what
// the substitution prints in its place, so that the checks of paths and
// rules judge the path the word yields, as they judge it written out. A
// word that is the substitution alone and unquoted is split into the
// words printed, a glob among them kept as one; a word with more than
// the substitutions and plain text around them is left as it is (the
// checks of a word only known at run time judge it: Engine.mayBeProtected).
func (z *analyzer) substituted(i int, known []printedSubst) {
	if len(known) == 0 {
		return
	}
	c := z.a.Commands[i]
	var ws []Word
	changed := false
	for k, w := range c.Words {
		if w.Literal || k < c.Inner {
			// The words of the wrappers stay where Inner counts them.
			ws = append(ws, w)
			continue
		}
		exact := false
		for _, k := range known {
			if w.Text == k.src {
				for _, f := range strings.FieldsFunc(k.text, unicode.IsSpace) {
					ws = append(ws, Word{Text: f, Literal: !strings.ContainsAny(f, "*?[")})
				}
				exact = true
				break
			}
		}
		if exact {
			changed = true
		} else if v, ok := withPrinted(w.Text, known); ok {
			ws = append(ws, v)
			changed = true
		} else {
			ws = append(ws, w)
		}
	}
	// The file of a redirection too: echo x > "$(echo .GIT | tr A-Z a-z)/config".
	rs := slices.Clone(c.Redirects)
	for k, r := range rs {
		if v, ok := withPrinted(r.Target.Text, known); ok && !r.Target.Literal {
			rs[k].Target, changed = v, true
		}
	}
	if !changed {
		return
	}
	n := c
	n.Words, n.Text, n.Redirects = ws, joinWords(ws), rs
	z.a.Commands = append(z.a.Commands, n)
	z.followCopy(len(z.a.Commands) - 1)
	z.printedCopy(i, n)
	if _, _, unknown := nestedProgram(c, unwrapped{}); unknown != "" {
		// bash -c "$(f 'rm -rf ~')": the program the copy's shell or
		// eval runs, written out, as valueProgram's copy is.
		if prog, what, bad := nestedProgram(n, unwrapped{}); what != "" && bad == "" {
			z.nestedCopy(prog, what)
		}
	}
}

// printedCopy records in catDocs, as a copy's text, what printer i
// prints where n, its copy with what its substitutions print in their
// place, is written out: p=$(echo $(echo .git))/config prints .git, as
// p=$(echo .git)/config does, and so do dirname and its kind
// (pathOutput) of $(basename $(echo /x/.git)).
func (z *analyzer) printedCopy(i int, n SimpleCommand) {
	if _, ok := z.catDocs[i]; ok || len(n.Redirects) > 0 {
		return
	}
	text, exact, ok := "", false, false
	switch lowerName(n) {
	case "echo", "printf":
		text, exact, ok = printedText(n)
	case "dirname", "basename", "realpath", "readlink":
		text, ok = pathOutput(n)
		exact = ok
	}
	if ok && exact {
		if z.catDocs == nil {
			z.catDocs = map[int]fedDoc{}
		}
		z.catDocs[i] = fedDoc{text, true, true}
	}
}

// followCopy handles command at, a copy of another with a value in the
// place of an expansion (substituted, readValues), as the command written
// out is where what it does follows from its words, not from the
// commands after it: a find's targets (find . -name "$(echo pre-commit)"
// -exec …), the value printf -v assigns.
func (z *analyzer) followCopy(at int) {
	n := z.a.Commands[at]
	// A copy readValues made, once the line is walked, runs where the
	// command it copies does, not where the walk ended.
	dir, scope := z.dir, z.scope
	if z.dir, z.scope = n.Dir, n.Shell; n.Dirs != nil {
		z.dir = dirSetOf(slices.Clone(n.Dirs))
	}
	defer func() { z.dir, z.scope = dir, scope }()
	switch {
	case n.Name() == "find":
		z.findTargetCopies(at)
	case lowerName(n) == "printf":
		z.notePrintfV(at)
	}
}

// withPrinted returns the word whose source text is t with each
// substitution among known in it replaced by what it prints, where that
// leaves a plain word: "$(echo ~/.ssh)/id_rsa", $(echo .git)/hooks and
// "$(echo .git)"/hooks are the word's text, its double quotes removed.
// ok is false where no substitution of t is known, or where another
// expansion, a quote, a glob or a space outside quotes is left.
func withPrinted(t string, known []printedSubst) (Word, bool) {
	s := t
	for _, k := range known {
		s = strings.ReplaceAll(s, k.src, k.text)
	}
	if s == t || strings.ContainsAny(s, "$`\\'*?[{\n") || strings.Count(s, `"`)%2 != 0 {
		return Word{}, false
	}
	for k, part := range strings.Split(s, `"`) {
		if k%2 == 0 && strings.ContainsAny(part, " \t") {
			return Word{}, false // split into words there
		}
	}
	return Word{Text: strings.ReplaceAll(s, `"`, ""), Literal: true}, true
}

// call normalises a simple command.
func (z *analyzer) call(ce *syntax.CallExpr, rs []*syntax.Redirect) {
	var subs stmtLists
	from, to := ce.Pos(), ce.End()
	if len(rs) > 0 {
		if p := rs[0].Pos(); p.Offset() < from.Offset() {
			from = p
		}
		if e := redirEnd(rs[len(rs)-1]); e.Offset() > to.Offset() {
			to = e
		}
	}
	c := SimpleCommand{Text: z.text(from, to), Func: z.fn, Async: z.async}
	if len(ce.Assigns) > 0 {
		c.Assigns = make([]string, 0, len(ce.Assigns))
		for _, as := range ce.Assigns {
			c.Assigns = append(c.Assigns, z.assign(as, &subs))
			z.noteIFS(as)
		}
		if len(ce.Args) == 0 {
			// f=x cmd sets f for cmd alone, whose words expand first.
			z.assigned = z.assignedVals(ce.Assigns)
		}
	}
	if len(ce.Args) > 0 {
		c.Words = make([]Word, len(ce.Args))
		// awk '{n[$(NF)]++}': a program of another language, not
		// a string bash evaluates.
		saved := z.programText
		z.programText = slices.Contains(programTextCommands, strings.ToLower(baseName(ce.Args[0].Lit())))
		for i, w := range ce.Args {
			c.Words[i] = z.word(w, &subs)
		}
		z.programText = saved
	}
	rs = z.scopeInput(c, z.withHeld(rs))
	c.Redirects = z.redirects(rs, &subs)
	c.StrayFD = z.strayFD(c, rs)
	z.noteCall(c, rs)
	if len(c.Words) > 0 && c.Words[0].Literal && c.Words[0].Text == "exec" {
		z.execOpens(rs)
	}
	if len(c.Words) == 1 && c.Words[0].Literal && c.Words[0].Text == "exec" {
		z.holdFDs(rs)
	}
	at, dir := len(z.a.Commands), z.dir
	z.finish(c, subs, ce.Args, rs)
	z.fnStmtCopy(at, dir, rs)
}

// evaluated checks the arguments of a builtin that evaluates what it is
// given, c's name after its wrappers (`builtin let`, `command -p
// typeset`): array subscripts in the names of subscriptCommands, and
// declared values bash expands as arrays. args are c's words as parsed
// (nil for a synthetic command), for the expansions in them.
func (z *analyzer) evaluated(c SimpleCommand, args []*syntax.Word) {
	cargs := c.Args()
	if len(cargs) == 0 || !cargs[0].Literal {
		return
	}
	n := cargs[0].Text
	if slices.Contains(subscriptCommands, n) {
		for j, w := range cargs[1:] {
			z.subscript(w)
			if k := c.Inner + 1 + j; k < len(args) && evaluatesName(n, cargs, 1+j) {
				z.expandedSubscript(args[k])
			}
		}
	}
	if n == "printf" {
		z.printedSubscript(cargs)
	}
	if slices.Contains(declCommands, n) {
		for _, w := range cargs[1:] {
			if _, v, ok := strings.Cut(w.Text, "="); ok && w.Literal && strings.HasPrefix(v, "(") && holdsSubst(v) {
				z.complex("a declared value bash may expand as an array: %s", shorten(w.Text))
			}
		}
	}
}

// printedSubscript: printf -v NAME puts what it prints in a variable,
// which bash may evaluate as arithmetic: printf -v k 'a[%s]' '$(rm -rf
// ~)'; (( k )) builds an element whose subscript runs rm from a format
// and an argument neither of which is one.
func (z *analyzer) printedSubscript(args []Word) {
	for k := 1; k < len(args); k++ {
		t := args[k].Text
		if !args[k].Literal || !strings.HasPrefix(t, "-v") {
			continue
		}
		rest := args[k+1:]
		if t == "-v" && len(rest) > 0 {
			rest = rest[1:]
		}
		ws := append([]Word{{Text: "printf", Literal: true}}, rest...)
		if text, _, ok := printedText(SimpleCommand{Words: ws}); ok && subscriptSubst(text) {
			z.complexOnce(fmt.Sprintf("a string bash may evaluate as an array subscript, running the substitution in it: %q", shorten(text)))
		}
		return
	}
}

// evaluatesName reports whether subscript command n takes args[i] as a
// variable's name or an arithmetic expression, which bash evaluates
// subscripts and all: printf only the name -v gives, test and [ only the
// operand of -v or -R (their format, operands and prompts are text).
func evaluatesName(n string, args []Word, i int) bool {
	switch n {
	case "printf":
		return args[i-1].Literal && args[i-1].Text == "-v" || strings.HasPrefix(args[i].Text, "-v")
	case "test", "[":
		return args[i-1].Literal && (args[i-1].Text == "-v" || args[i-1].Text == "-R")
	}
	return true
}

// subscriptCommands are the builtins that evaluate a variable name they
// are given, subscript included; other programs' arguments, and strings
// for a nested shell (analysed as such), are left alone.
var subscriptCommands = []string{"test", "[", "let", "unset", "read", "printf", "wait", "mapfile", "readarray",
	"declare", "typeset", "local", "readonly", "export", "getopts"}

// holdsSubst reports whether s, text bash may expand later (an array
// subscript, arithmetic, a prompt, a compound assignment's value), holds a
// command substitution: $(…), `…`, or bash 5.3's ${ …;} and ${|…;}, which
// run their command in the shell itself (a red team's let 'a[${ git
// push;}]=1').
func holdsSubst(s string) bool {
	if strings.Contains(s, "$(") || strings.IndexByte(s, '`') >= 0 {
		return true
	}
	for i := strings.Index(s, "${"); i >= 0; i = strings.Index(s, "${") {
		if i+2 < len(s) && strings.IndexByte(" \t\n|", s[i+2]) >= 0 {
			return true
		}
		s = s[i+2:]
	}
	return false
}

// subscript reports a literal word (an argument of subscriptCommands, an
// assigned value, a string in arithmetic or [[ ]]) that holds a command
// substitution in brackets as text. bash evaluates the subscript of an array element it
// finds in a string (test -v, printf -v, read, let, declare, arithmetic
// on a variable or a string) and runs the substitution in it:
// `test -v 'a[$(rm -rf ~)]'`, which the analysis reads as data. A
// substitution the parser found is analysed already.
func (z *analyzer) subscript(w Word) {
	if !w.Literal {
		return
	}
	i := strings.IndexByte(w.Text, '[')
	if i < 0 {
		return
	}
	if holdsSubst(w.Text[i:]) {
		z.complex("a string bash may evaluate as an array subscript, running the substitution in it: %q", shorten(w.Text))
	}
}

// expandedSubscript asks for a word that puts an expansion inside an
// array subscript, NAME[…$k…], where bash takes the word's value as a
// variable's name or as arithmetic (see expandsInSubscript).
func (z *analyzer) expandedSubscript(w *syntax.Word) {
	if w != nil && expandsInSubscript(w) {
		z.complex("an expansion inside an array subscript bash evaluates from a string, expanding it once more: %s", shorten(z.nodeTextFull(w)))
	}
}

// expandsInSubscript reports whether w's value may be NAME[…] with an
// expansion's value inside the brackets: "a[$k]", "$n[$(cat f)]". bash
// expands the subscript of a name it evaluates from a string (let "a[$k]",
// test -v, printf -v, read, unset, declare "a[$k]=1", and a variable's
// value used in arithmetic: x="a[$k]"; (( x ))) once more, after the
// word's own expansion: with k='$(rm -rf ~)' the substitution runs. A
// subscript the parser sees (a[$k]=1, (( a[$k]++ )), ${a[$k]}) is
// expanded once, and is not this.
func expandsInSubscript(w *syntax.Word) bool {
	depth, name := 0, false
	text := func(v string) {
		for i := 0; i < len(v); i++ {
			switch c := v[i]; {
			case c == '[' && (depth > 0 || name):
				depth++
			case c == ']' && depth > 0:
				depth--
			}
			name = isNameByte(v[i])
		}
	}
	var parts func([]syntax.WordPart) bool
	parts = func(ps []syntax.WordPart) bool {
		for _, p := range ps {
			switch p := p.(type) {
			case *syntax.Lit:
				text(p.Value)
			case *syntax.SglQuoted:
				text(p.Value)
			case *syntax.DblQuoted:
				if parts(p.Parts) {
					return true
				}
			case *syntax.ParamExp, *syntax.CmdSubst:
				if depth > 0 {
					return true
				}
				name = true // its value may end in a name: "$n[$k]"
			case *syntax.ArithmExp:
				name = true // digits
			default:
				name = false
			}
		}
		return false
	}
	return parts(w.Parts)
}

// indexExpands reports whether an array subscript holds a parameter
// expansion or a command substitution (an arithmetic one yields a
// number).
func indexExpands(x syntax.ArithmExpr) bool {
	found := false
	walk(x, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst:
			found = true
		case *syntax.ArithmExp:
			return false
		}
		return !found
	})
	return found
}

// fdFeed is what feeds a file descriptor of a command.
type fdFeed int

const (
	feedNone  fdFeed = iota // no redirection: inherited (a pipe for fd 0)
	feedDoc                 // a here-document or here-string
	feedFile                // a file opened for reading
	feedOther               // a duplication, a close, an output: unknown
)

// fdDoc returns what feeds file descriptor fd of a command, and the
// here-document or here-string, or the file it opens for reading, when
// that is it. The last redirection of fd wins, as in the shell.
func fdDoc(rs []*syntax.Redirect, fd int) (fdFeed, *syntax.Redirect) {
	return fdFeedOf(rs, strconv.Itoa(fd))
}

// fdFeedOf is fdDoc for descriptor want as redirections name it: a
// number, or {name} for the one exec {name}<… opened.
func fdFeedOf(rs []*syntax.Redirect, want string) (fdFeed, *syntax.Redirect) {
	feed, doc := feedNone, (*syntax.Redirect)(nil)
	for _, r := range rs {
		n := ""
		if r.N != nil {
			n = r.N.Value
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
			if n == "" {
				n = "0"
			}
		case syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
			if want == "1" || want == "2" {
				feed, doc = feedOther, nil
			}
			continue
		default:
			if n == "" {
				n = "1"
			}
		}
		if n != want {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			feed, doc = feedDoc, r
		case syntax.RdrIn:
			if src, ok := reopenedFD(r); ok {
				// < /dev/stdin keeps the input before it; < /dev/fd/3
				// is a duplication not followed here.
				if src != want {
					feed, doc = feedOther, nil
				}
				continue
			}
			feed, doc = feedFile, r
			if r.Word == nil || r.Word.Lit() == "" {
				// 3< <(…), 3< "$f": a pipe or a file only known at
				// run time.
				feed = feedOther
			}
		default:
			feed, doc = feedOther, nil
		}
	}
	return feed, doc
}

// reopenedFD returns the descriptor that input redirection r opens
// again by its path (3 of < /dev/fd/3, 0 of < /dev/stdin).
func reopenedFD(r *syntax.Redirect) (string, bool) {
	if r.Op != syntax.RdrIn || r.Word == nil {
		return "", false
	}
	fd, ok := fdPath(r.Word.Lit())
	return strconv.Itoa(fd), ok && r.Word.Lit() != ""
}

// fdPath returns the file descriptor that a path like /dev/stdin,
// /dev/fd/N or /proc/self/fd/N opens: a program read from there is
// whatever feeds that descriptor.
func fdPath(p string) (int, bool) {
	p = path.Clean(p)
	switch p {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	var rest string
	if r, ok := strings.CutPrefix(p, "/dev/fd/"); ok {
		rest = r
	} else if r, ok := strings.CutPrefix(p, "/proc/"); ok {
		pid, fdn, ok := strings.Cut(r, "/fd/")
		if !ok || !(pid == "self" || pid == "thread-self" || isDigits(pid)) {
			return 0, false
		}
		rest = fdn
	} else {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || !isDigits(rest) {
		return 0, false
	}
	return n, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// programFromOpenArgs reports whether a shell, eval or source given
// arguments at run time (xargs sh -c, xargs bash, xargs eval) takes its
// program from them: no -c string and no script operand of its own.
func programFromOpenArgs(c SimpleCommand) bool {
	args := c.Args()
	n := lowerName(c)
	if n == "eval" || n == "source" || n == "." {
		for _, w := range args[1:] {
			if !(w.Literal && w.Text == "--") {
				return false
			}
		}
		return true
	}
	if !isShell(n) {
		return false
	}
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal:
			return false
		case t == "--" || t == "-":
			return i+1 >= len(args)
		case t == "--command":
			return i+1 >= len(args)
		case strings.HasPrefix(t, "--"):
			i += shellOptionValues(t)
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			i += shellOptionValues(t)
			if t[0] == '-' && strings.IndexByte(t, 'c') > 0 {
				return i+1 >= len(args)
			}
		default:
			return false
		}
	}
	return true
}

// programFD returns the file descriptor from which a shell (or source, .)
// reads its program: 0 for a shell reading standard input (`bash`, `sh
// -s`), N for a script operand that names a descriptor (`bash /dev/fd/3`,
// `. /dev/stdin`). ok is false when the program comes from elsewhere (a
// script file, a -c string).
func programFD(c SimpleCommand) (int, bool) {
	args := c.Args()
	n := lowerName(c)
	if n == "source" || n == "." {
		for _, w := range args[1:] {
			if w.Literal && w.Text == "--" {
				continue
			}
			if !w.Literal {
				return 0, false // a pipeline or a substitution: see pipeToShell
			}
			return fdPath(w.Text)
		}
		return 0, false
	}
	if isPwsh(n) {
		return pwshProgramFD(args)
	}
	if !isShell(n) {
		return 0, false
	}
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal:
			return 0, false
		case t == "-s":
			return 0, true
		case t == "--" || t == "-":
			if i+1 < len(args) && args[i+1].Literal {
				return fdPath(args[i+1].Text)
			}
			return 0, i+1 >= len(args)
		case strings.HasPrefix(t, "--"):
			i += shellOptionValues(t)
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			if t[0] == '-' && strings.IndexByte(t, 'c') > 0 {
				return 0, false
			}
			if t[0] == '-' && strings.IndexByte(t, 's') > 0 {
				return 0, true
			}
			i += shellOptionValues(t)
		default:
			return fdPath(t)
		}
	}
	return 0, true
}

func isPwsh(n string) bool {
	return n == "pwsh" || n == "pwsh.exe" || n == "powershell" || n == "powershell.exe"
}

// pwshValued are PowerShell's options that take the next word.
var pwshValued = []string{"-executionpolicy", "-ex", "-ep", "-workingdirectory", "-wd", "-configurationname", "-config",
	"-outputformat", "-o", "-of", "-inputformat", "-inp", "-if", "-windowstyle", "-w", "-settingsfile", "-custompipename", "-psconsolefile"}

func pwshReadsInput(c SimpleCommand) bool {
	_, ok := pwshProgramFD(c.Args())
	return ok
}

// pwshProgramFD is programFD for PowerShell: with no -Command and no
// script, or with -Command - or -File -, it runs the commands of its
// standard input (echo 'Remove-Item -Recurse ~' | pwsh), read as its
// -Command's are (nestedProgram).
func pwshProgramFD(args []Word) (int, bool) {
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := strings.ToLower(w.Text)
		switch {
		case !w.Literal:
			return 0, false
		case t == "-command" || t == "-c" || t == "/command" || t == "/c" || t == "-file" || t == "-f" || t == "/file":
			return 0, i+1 < len(args) && args[i+1].Literal && args[i+1].Text == "-"
		case slices.Contains(pwshValued, t):
			i++
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "/"):
		default:
			return 0, false // a script, or -Command's words
		}
	}
	return 0, true
}

// scriptOperand returns the index in c.Args() of the word a shell, source
// or . reads its program from when that word is only known at run time
// (bash <(…), . "$f"), -1 otherwise: programFD handles the literal ones.
func scriptOperand(c SimpleCommand) int {
	args := c.Args()
	n := lowerName(c)
	shell := isShell(n)
	if !shell && n != "source" && n != "." {
		return -1
	}
	for i := 1; i < len(args); i++ {
		w, t := args[i], args[i].Text
		switch {
		case !w.Literal:
			return i
		case !shell && t == "--":
		case !shell:
			return -1
		case t == "--" || t == "-":
			if i+1 < len(args) && !args[i+1].Literal {
				return i + 1
			}
			return -1
		case strings.HasPrefix(t, "--"):
			i += shellOptionValues(t)
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			if t[0] == '-' && strings.ContainsAny(t, "cs") {
				return -1
			}
			i += shellOptionValues(t)
		default:
			return -1
		}
	}
	return -1
}

// inputSubst returns the <(…) that word w is, nil when it is anything
// else.
func inputSubst(w *syntax.Word) *syntax.ProcSubst {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	if p, ok := w.Parts[0].(*syntax.ProcSubst); ok && p.Op == syntax.CmdIn && len(p.Stmts) > 0 {
		return p
	}
	return nil
}

// markProgram marks the substitution of subs that is p as the program of
// the command they belong to, with what to complain of when what it runs
// is not known, and reports whether one was.
func (subs stmtLists) markProgram(p *syntax.ProcSubst, unseen string) bool {
	if p == nil {
		return false
	}
	for k := range subs {
		if !subs[k].out && len(subs[k].stmts) > 0 && subs[k].stmts[0] == p.Stmts[0] {
			subs[k].program, subs[k].unseen = true, unseen
			return true
		}
	}
	return false
}

// docProgram returns the text of a here-document or here-string, and
// whether it is literal.
func (z *analyzer) docProgram(r *syntax.Redirect) (string, bool) {
	return z.docText(r, false)
}

// docText is docProgram; with holes, what the shell fills in at run time
// is codeHole in the text, instead of the text being the source.
func (z *analyzer) docText(r *syntax.Redirect, holes bool) (string, bool) {
	if r.Op == syntax.WordHdoc {
		if holes {
			t := holedText(r.Word)
			return t, strings.IndexByte(t, codeHole) < 0
		}
		w := z.word(r.Word, nil)
		return w.Text, w.Literal
	}
	if r.Hdoc == nil {
		return "", true
	}
	// With an unquoted delimiter the shell first removes the backslashes
	// before $ ` \ and newline; what it then runs is the result.
	quoted := false
	for _, p := range r.Word.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			quoted = quoted || strings.Contains(p.Value, "\\")
		default:
			quoted = true
		}
	}
	var b strings.Builder
	lit := true
	for _, p := range r.Hdoc.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok && holes {
			b.WriteByte(holeFor(p))
			lit = false
			continue
		}
		if !ok {
			return z.text(r.Hdoc.Pos(), r.Hdoc.End()), false
		}
		if quoted {
			b.WriteString(l.Value)
			continue
		}
		for i := 0; i < len(l.Value); i++ {
			if l.Value[i] == '\\' && i+1 < len(l.Value) && strings.IndexByte("$`\\\n", l.Value[i+1]) >= 0 {
				i++
				if l.Value[i] == '\n' {
					continue
				}
			}
			b.WriteByte(l.Value[i])
		}
	}
	return b.String(), lit
}

// declaresRef says whether command n with arguments args declares
// namerefs: nameref, declare -n, typeset -n, local -n (not export -n,
// which unexports, nor read -n).
func declaresRef(n string, args []Word) bool {
	return n == "nameref" || (n == "declare" || n == "typeset" || n == "local") &&
		slices.ContainsFunc(args, func(w Word) bool { return w.Literal && shortCluster(w.Text) && strings.Contains(w.Text, "n") })
}

// decl treats declare, local, export, readonly, typeset and nameref as
// commands whose words are their arguments ("FOO=bar" for an assignment).
func (z *analyzer) decl(d *syntax.DeclClause, rs []*syntax.Redirect) {
	var subs stmtLists
	c := SimpleCommand{Func: z.fn, Async: z.async}
	c.Dir, c.Dirs = exportDir(z.dir)
	to := d.End()
	if len(rs) > 0 {
		if e := redirEnd(rs[len(rs)-1]); e.Offset() > to.Offset() {
			to = e
		}
	}
	c.Text = z.text(d.Pos(), to)
	c.Words = make([]Word, 0, 1+len(d.Args))
	c.Words = append(c.Words, Word{Text: d.Variant.Value, Literal: true})
	assoc := false // declare -A: its arrays' keys are not evaluated
	for _, as := range d.Args {
		switch {
		case as.Naked && as.Name == nil && as.Value != nil:
			// An option, or a word expanded at run time (`export $x`).
			w := z.word(as.Value, &subs)
			z.subscript(w)
			z.expandedSubscript(as.Value) // declare "a[$k]=1"
			if w.Literal && strings.HasPrefix(w.Text, "-") && strings.Contains(w.Text, "A") {
				assoc = true
			}
			if _, v, ok := strings.Cut(w.Text, "="); ok && w.Literal && strings.HasPrefix(v, "(") && holdsSubst(v) {
				z.complex("a declared value bash may expand as an array: %s", shorten(w.Text))
			}
			c.Words = append(c.Words, w)
		case as.Naked && as.Name != nil:
			if as.Index != nil {
				// declare a[$(rm -rf ~)]: bash evaluates the subscript.
				z.index(as.Index, &subs)
			}
			c.Words = append(c.Words, Word{Text: as.Name.Value, Literal: true})
		default:
			z.assoc = assoc
			text := z.assign(as, &subs)
			z.assoc = false
			lit := as.Array == nil && as.Index == nil &&
				(as.Value == nil || z.word(as.Value, nil).Literal)
			if _, v, _ := strings.Cut(text, "="); lit && strings.HasPrefix(v, "(") && holdsSubst(v) {
				// declare -a x='($(rm -rf ~))' parses the string as an
				// array's words, expanding them.
				z.complex("a declared value bash may expand as an array: %s", shorten(text))
			}
			c.Words = append(c.Words, Word{Text: text, Literal: lit})
		}
	}
	c.Redirects = z.redirects(rs, &subs)
	z.assigned = z.assignedVals(d.Args)
	z.noteReadonly(d)
	if declaresRef(d.Variant.Value, c.Words[1:]) {
		// declare -n r=p: $r is p's value, not the name (refValues).
		for k, v := range z.assigned {
			if len(v.values) == 1 && v.values[0].Literal && isName(v.values[0].Text) {
				z.assigned[k].values = []Word{{Text: "${" + v.values[0].Text + "}"}}
			}
		}
	}
	z.add(c, subs)
}

// noteReadonly records the names declaration d makes read-only
// (readonly p, declare -r p=…), after its own values: bash refuses a
// later assignment to one, so that it does not replace the value
// (assignedVals). A readonly in a subshell or a branch not taken leaves
// the name writable; the later value is then judged beside the old one,
// never in its place.
func (z *analyzer) noteReadonly(d *syntax.DeclClause) {
	ro, fn := d.Variant.Value == "readonly", false
	for _, as := range d.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			if o := as.Value.Lit(); strings.HasPrefix(o, "-") {
				ro = ro || strings.Contains(o, "r")
				fn = fn || strings.ContainsAny(o, "fF") // readonly -f f: a function
			}
		}
	}
	if !ro || fn {
		return
	}
	for _, as := range d.Args {
		if as.Name != nil && !slices.Contains(z.readonlyNames, as.Name.Value) {
			z.readonlyNames = append(z.readonlyNames, as.Name.Value)
		}
	}
}

// assign renders an assignment as "NAME=value", the value quote-removed
// when literal and as written otherwise.
func (z *analyzer) assign(as *syntax.Assign, subs *stmtLists) string {
	z.promptCommand(as)
	if as.Index != nil {
		z.index(as.Index, subs)
	}
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			if e.Index != nil {
				z.index(e.Index, subs)
				if !z.assoc && indexExpands(e.Index) {
					// An indexed array's a=([$k]=1) expands the index, then
					// evaluates it, expanding it again (a[$k]=1 does not);
					// an associative array's key is taken as it is.
					z.complex("an expansion in the index of a compound array assignment, which bash expands once more: %s", shorten(z.nodeTextFull(as)))
				}
			}
			if e.Value != nil {
				z.subscript(z.word(e.Value, subs))
				z.expandedSubscript(e.Value)
			}
		}
	}
	if as.Index != nil && as.Value != nil {
		// a[0]=$(rm -rf ~): the value is expanded as a plain one is.
		z.subscript(z.word(as.Value, subs))
		z.expandedSubscript(as.Value)
	}
	if as.Name == nil || as.Index != nil || as.Array != nil {
		return z.nodeTextFull(as)
	}
	op := "="
	if as.Append {
		op = "+="
	}
	if as.Value == nil {
		return as.Name.Value + op
	}
	w := z.word(as.Value, subs)
	z.subscript(w)
	if z.shell == 0 && expandsInSubscript(as.Value) {
		// x="a[$k]"; (( x )): asked for once the line is known to
		// evaluate a string somewhere (evaluatesStrings); echo "$x"
		// does not.
		z.heldSubscripts = append(z.heldSubscripts, fmt.Sprintf("an expansion inside an array subscript bash evaluates from a string, expanding it once more: %s", shorten(z.nodeTextFull(as.Value))))
	} else {
		z.expandedSubscript(as.Value)
	}
	return as.Name.Value + op + w.Text
}

// evaluatesStrings says whether the line has a place where bash may take
// a variable's value as a name or arithmetic and expand the subscript in
// it once more: arithmetic, let, [[ ]], declare and its kin (-i, -n),
// a subscript or a slice, ${!x}, an indexed assignment, the builtins of
// subscriptCommands, a function (called with the value), a nested
// shell, eval or source, or a command whose name is only known at run
// time. A plain value x="item[$i]" is asked for only on such a line.
func evaluatesStrings(stmts []*syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause, *syntax.CStyleLoop,
				*syntax.TestClause, *syntax.DeclClause, *syntax.FuncDecl:
				found = true
			case *syntax.ParamExp:
				found = found || n.Excl || n.Slice != nil || n.Index != nil && !wholeArray(n.Index)
			case *syntax.Assign:
				found = found || n.Index != nil || n.Array != nil && slices.ContainsFunc(n.Array.Elems, func(e *syntax.ArrayElem) bool { return e.Index != nil })
			case *syntax.CallExpr:
				found = found || len(n.Args) > 0 && evaluatingCommand(n.Args[0])
			}
			return !found
		})
	}
	return found
}

// wholeArray says whether subscript x is @ or *, all of an array.
func wholeArray(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	return ok && (w.Lit() == "@" || w.Lit() == "*")
}

// evaluatingCommand says whether a command named by w may take a value
// it is given as code, a name or arithmetic (evaluatesStrings).
func evaluatingCommand(w *syntax.Word) bool {
	n := w.Lit()
	return n == "" || slices.Contains(subscriptCommands, n) || isShell(n) || slices.Contains([]string{
		"eval", "source", ".", "trap", "command", "builtin", "exec", "enable", "bind", "complete", "compgen",
		"fc", "shift", "return", "exit", "break", "continue", "ulimit", "caller", "select"}, n)
}

func (z *analyzer) nodeTextFull(n syntax.Node) string { return z.text(n.Pos(), n.End()) }

// redirects converts the file redirections in rs. Here-documents,
// here-strings and file descriptor duplications are not files, but their
// words are searched for substitutions.
func (z *analyzer) redirects(rs []*syntax.Redirect, subs *stmtLists) []Redirect {
	var out []Redirect
	for _, r := range rs {
		if r.Hdoc != nil {
			z.word(r.Hdoc, subs)
		}
		if r.Word == nil {
			continue
		}
		target := z.word(r.Word, subs)
		red := Redirect{Op: r.Op.String(), Target: target}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
			syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
			red.Write = true
		case syntax.RdrIn:
			red.Read = true
		case syntax.RdrInOut:
			red.Read, red.Write = true, true
		case syntax.DplIn, syntax.DplOut:
			if target.Literal && isFD(target.Text) {
				continue
			}
			// bash reads `>&word` with a word that is not a descriptor as
			// `&> word`; a non-literal word may be either, so it counts.
			red.Write = r.Op == syntax.DplOut
			red.Read = r.Op == syntax.DplIn
			if r.Op == syntax.DplOut && target.Text != "-" && strings.ContainsAny(target.Text, "$`\\") {
				// …and expands that word once more: >& '$(rm -rf ~)'.
				z.complex("a >& target bash expands again: %s", z.nodeText(r))
			}
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			continue
		default:
			z.complex("unsupported redirection %s: %s", r.Op, z.nodeText(r))
			continue
		}
		out = append(out, red)
	}
	return out
}

// isFD reports whether s is the target of a descriptor duplication: "1",
// "3-" (move) or "-" (close).
func isFD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// finishAs appends what base also runs, the words ws (a push a git
// extension makes, git's own command behind a git-NAME): with base's text,
// assignments and origin, so that rules naming the command as written and
// the checks of what it runs both hold.
func (z *analyzer) finishAs(base SimpleCommand, ws []Word) {
	z.finish(SimpleCommand{
		Text:     base.Text,
		Assigns:  base.Assigns,
		Words:    ws,
		OpenArgs: base.OpenArgs,
		FromFind: base.FromFind,
		Func:     base.Func,
		Async:    base.Async,
		Piped:    base.Piped,
	}, nil, nil, nil)
}

// finish unwraps c's wrappers, appends it, then analyses what it runs:
// nested shell programs, find -exec commands and substitutions. args are
// c's words as parsed, nil for a synthetic command.
func (z *analyzer) finish(c SimpleCommand, subs stmtLists, args []*syntax.Word, rs []*syntax.Redirect) {
	c.Dir, c.Dirs = exportDir(z.dir)
	for _, r := range rs {
		if c.DocSecret == "" && r.Hdoc != nil && (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) {
			// An unquoted delimiter's body is expanded (a quoted one's
			// parts are all literal text).
			for _, p := range r.Hdoc.Parts {
				if _, lit := p.(*syntax.Lit); !lit {
					c.DocSecret = expandedSecret(z.nodeTextFull(r.Hdoc))
					break
				}
			}
		}
	}
	if len(c.Words) == 0 {
		z.add(c, subs)
		return
	}
	u := unwrap(c.Words)
	if u.cmdEnd > 0 {
		// parallel CMD ::: ARGS: the arguments are appended to CMD, one
		// command per argument, added below.
		c.Words = c.Words[:u.cmdEnd:u.cmdEnd]
	}
	c.Inner, c.OpenArgs = u.inner, c.OpenArgs || u.open
	c.WrapperPaths, c.WrapperDirs = u.paths, u.dirs
	// Those before the command only: one where unwrap stopped (npx -c
	// STR) runs no command of the line's.
	for _, l := range u.launchers {
		if l < c.Inner {
			c.Launchers = append(c.Launchers, l)
		}
	}
	if u.viaShell && c.Inner < len(c.Words) && c.Words[c.Inner].Literal && strings.ContainsAny(c.Words[c.Inner].Text, shellMeta) {
		z.complex("parallel runs its command line through a shell: %s", shorten(c.Words[c.Inner].Text))
	}
	if !c.Words[c.Inner].Literal {
		z.complex("non-literal command name %s", shorten(c.Words[c.Inner].Text))
	}
	if u.repl != nil {
		// xargs -I R, parallel: R is replaced by input only known at
		// run time, wherever it appears in a word.
		for k := c.Inner; k < len(c.Words); k++ {
			for _, r := range u.repl {
				if r != "" && c.Words[k].Literal && strings.Contains(c.Words[k].Text, r) {
					c.Words[k].Literal = false
				}
			}
		}
		if !c.Words[c.Inner].Literal {
			z.complex("non-literal command name %s", shorten(c.Words[c.Inner].Text))
		}
	}
	if u.bad != "" {
		z.complex("%s", u.bad)
	}
	z.evaluated(c, args)
	if why := hiddenRun(c); why != "" {
		z.complex("%s", why)
	}
	switch n := lowerName(c); n {
	case "make", "gmake":
		// A makefile only known at run time may be standard input, here
		// a here-document's (make -f "$m" <<E): hiddenRun sees only the
		// other redirections and pipes.
		if feed, _ := fdDoc(rs, 0); feed == feedDoc {
			if why := makeRuns(n, c.Args()[1:], true); why != "" {
				z.complex("%s", why)
			}
		}
	case "expect":
		z.expectCode(c)
	case "patch":
		z.patchInput(c, rs)
	case "git":
		z.gitApplyInput(c, rs)
	case "sftp", "gdb", "gdb-multiarch", "vi", "vim", "nvim", "view", "vimdiff", "rvim",
		"newgrp", "unshare", "nsenter", "chroot", "firejail", "sg", "script", "machinectl", "parallel", "dc",
		"sed", "gsed", "awk", "gawk", "mawk", "nawk":
		z.fedCommands(c, rs)
	case "docker", "podman", "nerdctl", "kubectl", "oc", "docker-compose", "podman-compose", "lxc", "incus":
		// docker run -i alpine sh <<< 'rm -rf /': as sh -c 'rm -rf /'
		// (containerStdinShell's names).
		if feed, doc := fdDoc(rs, 0); feed == feedDoc {
			if text, lit := z.docProgram(doc); lit {
				z.containerFed(c, text)
			}
		}
	case "sqlite3", "duckdb", "psql", "mysql", "mariadb":
		// Their commands (.shell, \!, system) come from a here-document
		// as well as from the command line: sqlite3 db <<< '.shell rm -rf ~'.
		if feed, doc := fdDoc(rs, 0); feed == feedDoc {
			text, lit := z.docProgram(doc)
			z.fedSQL(c, text, lit, "a here-document")
		}
	default:
		if _, ok := replOf(n); ok {
			z.fedCommands(c, rs)
		}
	}
	if n := lowerName(c); n == "set" || n == "shopt" || isShell(n) {
		if why := setsKeyword(c.Args(), n != "set"); n != "shopt" && why != "" {
			z.complex("%s", why)
		}
		on, ok := setsPhysical(c.Args()[1:])
		if n == "shopt" {
			on, ok = shoptPhysical(c.Args()[1:])
		}
		if (n == "set" || n == "shopt") && ok {
			// Off only where it surely runs in this shell: on the line's
			// top level, not in the background, a pipeline, a function
			// or a nested shell (depth 1 is a statement of the line's own
			// list; after && or ||, in a branch, a loop or a subshell it
			// is deeper).
			z.physical = on || z.physical && (z.depth != 1 || z.shell != 0 || z.async || z.fn != "")
		}
	}
	prog, what, bad := nestedProgram(c, u)
	if what == "" && bad == "" {
		if fd, ok := programFD(c); ok {
			// bash <<'EOF' … EOF, . /dev/stdin <<<STR, bash 3<<E
			// /dev/fd/3: the document is the program.
			feed, r := fdDoc(rs, fd)
			switch {
			case feed == feedDoc:
				text, lit := z.docProgram(r)
				if lit {
					prog, what = text, c.Name()+" here-document"
				} else {
					bad = "non-literal " + c.Name() + " here-document " + shorten(text)
				}
			case feed == feedOther || feed == feedNone && fd != 0:
				bad = fmt.Sprintf("%s reads its program from file descriptor %d, whose content cannot be checked", c.Name(), fd)
				if r != nil && subs.markProgram(inputSubst(r.Word), bad) {
					bad = "" // sh < <(printf …): what it prints, by feeds
				}
			}
		} else if k := scriptOperand(c); k >= 0 && c.Inner+k < len(args) {
			// bash <(echo …), . <(cat <<E …): what it prints, by feeds.
			subs.markProgram(inputSubst(args[c.Inner+k]), "")
		}
	}
	if c.OpenArgs && what == "" && bad == "" && c.Inner < len(c.Words) {
		if programFromOpenArgs(c) {
			// xargs sh -c, find -exec bash {}: the program is a word only
			// known at run time.
			bad = c.Name() + " runs a program named at run time: " + shorten(c.Text)
		}
	}
	switch n := lowerName(c); n {
	case "hash":
		for _, w := range c.Args()[1:] {
			if !w.Literal || len(w.Text) > 1 && w.Text[0] == '-' && strings.Contains(w.Text, "p") {
				z.complex("hash %s: it changes what later command names run", shorten(joinWords(c.Args()[1:])))
				break
			}
		}
	case "enable":
		for _, w := range c.Args()[1:] {
			if !w.Literal || len(w.Text) > 1 && w.Text[0] == '-' && strings.ContainsAny(w.Text, "fnd") {
				z.complex("enable %s: it changes what later command names run", shorten(joinWords(c.Args()[1:])))
				break
			}
		}
	}
	if bad != "" {
		z.complex("%s", bad)
	}
	c.Nested = what != ""
	i := z.add(c, nil)
	if bad != "" && u.shell == nil && !c.OpenArgs {
		z.valueProgram(i)
	}
	if what != "" {
		// eval runs its program in the same shell; the others in a new
		// process, or later (trap).
		dir, physical := z.dir, z.physical
		// bash -P, bash -o physical: a shell whose every cd is physical,
		// as after set -P in it; its own, not this shell's.
		on, _ := setsPhysical(c.Args()[1:])
		starts := isShell(lowerName(c)) && on
		if starts {
			z.physical = true
		}
		// A trap's commands run in this shell, later if ever: a part of
		// the line of their own (SimpleCommand.Cond), so that what they
		// change there (deactivate) is taken as done, and what they
		// need to have run before (source .venv/bin/activate) is not.
		scope, cond := z.scope, z.cond
		switch lowerName(c) {
		case "eval":
		case "trap", "bind":
			z.branch(false, 0, 0)
		default:
			z.fork()
			z.noteShellArgs(i)
			z.noteShellEnv(i)
		}
		gone := [2]bool{z.pathGone, z.condaGone}
		if n := lowerName(c); n != "eval" && n != "trap" && n != "bind" {
			// bash started with no PATH sets its default one.
			z.pathGone = z.pathGone || envCleared(c, func(string) bool { return false })
			z.condaGone = z.condaGone || envCleared(c, condaEnvName)
		}
		// eval sh <<< 'rm -rf ~', sh -c sh <<< …: the program's
		// commands read the command's input, as a compound's
		// (scopeInput); a trap's run later, with the shell's.
		in, fed := z.programInput(c, rs)
		if fed {
			z.fdScopes = append(z.fdScopes, in)
		}
		// trap 'sh s.sh' EXIT; echo 'rm -rf ~' > s.sh: a trap's readers
		// run after the line's later writes (readLater).
		later := lowerName(c) == "trap"
		if later {
			z.loopDepth++
		}
		z.nested(prog, what)
		if later {
			z.loopDepth--
		}
		if fed {
			z.fdScopes = z.fdScopes[:len(z.fdScopes)-1]
		}
		z.pathGone, z.condaGone = gone[0], gone[1]
		z.cond = cond
		if lowerName(c) != "eval" {
			z.dir, z.scope = dir, scope
			if starts {
				z.physical = physical
			}
		}
	}
	z.inlineCode(c, args, rs)
	z.perlArgv(c)
	switch c.Name() {
	case "find":
		z.findExec(i, args)
	case "rg", "fd", "fdfind":
		z.searchExec(i, args)
	default:
		z.gitDashed(i)
		z.gitSubtreePush(i)
		z.gitToolPush(i)
	}
	z.parallelArgs(i, u.args)
	z.xargsRunWith(i, rs)
	z.catDoc(i, rs)
	z.filterWritten(i, rs)
	z.noteFedDoc(i, rs)
	z.runsWritten(i)
	z.notesWritten(i, rs)
	z.feeds(i, subs)
	z.catProcDoc(i, rs)
	z.procFed(i, rs)
	z.valueFed(i, rs)
	z.noteRead(i, rs)
	from := z.dir
	z.changeDir(c)
	z.valuedCd(i, c, from)
}

// homeTarget returns where below the home directory a cd target only known
// at run time leads, when that much is known ("$HOME"/src, ~/x): later
// commands are followed there. Any other (a glob, a brace list, another
// variable) leaves where they run unknown.
func homeTarget(w Word) (string, bool) {
	rest, ok := homeRest(looseText(w.Text))
	return rest, ok && !strings.ContainsAny(rest, "$`*?[{")
}

// changeDir follows a cd (or pushd, popd) to where later commands run.
func (z *analyzer) changeDir(c SimpleCommand) {
	n := lowerName(c)
	// cd - goes where OLDPWD names, set earlier (dirVars) or for this cd
	// alone (OLDPWD=/etc cd -). Any move sets OLDPWD to where the shell
	// was, which is not followed.
	oldPwd := z.oldPwd
	for _, a := range c.Assigns {
		if name, v, _ := strings.Cut(a, "="); strings.TrimSuffix(name, "+") == "OLDPWD" {
			oldPwd = ""
			if name == "OLDPWD" {
				oldPwd = writtenDir(v)
			}
		}
	}
	switch {
	case n == "popd" || z.cdFuncs[c.Name()] || (n == "source" || n == ".") && readsProgramFromFeed(c):
		z.oldPwd = ""
		// Back to a directory of the stack, or wherever a function went
		// (one named cd or pushd included: cd() { builtin cd /tmp; }),
		// or a program sourced from a pipe or a substitution (.
		// <(echo cd /tmp)). A sourced script could cd too, but following
		// that guess would put every later relative path everywhere:
		// `source .venv/bin/activate && pytest tests/` would meet every
		// path rule. The kernel sandbox, not this guess, holds such a
		// script. A function that calls one changes directory too.
		z.dir = "?"
		z.markCdFunc()
		return
	case n == "cd" || n == "pushd":
		z.oldPwd = ""
	default:
		return
	}
	cdPath, cdKnown := z.cdPathFor(c)
	var target *Word
	physical := z.physical
	for _, w := range c.Args()[1:] {
		if w.Literal && w.Text == "--" {
			continue
		}
		if w.Literal && len(w.Text) > 1 && w.Text[0] == '-' {
			// -P, -L, -e: the last of -P and -L holds.
			if i := strings.LastIndexAny(w.Text, "PL"); i > 0 {
				physical = w.Text[i] == 'P'
			}
			continue
		}
		target = &w
		break
	}
	defer func() {
		if (physical || z.wentPhysical) && z.dir != "?" && slices.ContainsFunc(dirMembers(z.dir), foldsLink) {
			// cd -P out/..: where out leads, and its parent, are the
			// kernel's to know, not the analysis's.
			z.dir = "?"
		}
		z.wentPhysical = z.wentPhysical || physical
	}()
	switch {
	case target == nil:
		z.dir = "~"
	case strings.Contains(target.Text, dirSetMark):
		z.dir = "?"
	case !target.Literal:
		if rest, ok := homeTarget(*target); ok {
			z.dir = path.Join("~", rest)
		} else {
			z.dir = "?"
		}
	case target.Text == "-" && n == "cd" && oldPwd != "":
		z.dir = oldPwd
	case target.Text == "-" || strings.HasPrefix(target.Text, "+") || n == "pushd" && target.Text == "":
		z.dir = "?"
	case path.IsAbs(target.Text) || strings.HasPrefix(target.Text, "~"):
		z.dir = target.Text
	case !cdKnown:
		z.dir = "?" // a relative name may be a variable's, or CDPATH's (dirVars)
	default:
		// Relative: from each directory the shell may be in, and from
		// each CDPATH entry, where bash looks first.
		from := dirMembers(z.dir)
		ds := slices.Clone(from)
		for _, e := range cdPath {
			switch {
			case e == "" || e == ".":
				// The working directory, in ds already.
			case path.IsAbs(e) || strings.HasPrefix(e, "~"):
				ds = append(ds, e)
			default:
				for _, d := range from {
					ds = append(ds, d+"/"+e)
				}
			}
		}
		for i, d := range ds {
			switch d {
			case "?":
			case "":
				ds[i] = target.Text
			default:
				ds[i] = d + "/" + target.Text
			}
		}
		z.dir = dirSetOf(ds)
	}
	if len(z.dir) > maxDirLen {
		// No kernel resolves a longer path, and copying an ever longer
		// one into every later command made 'cd a; ' repeated quadratic.
		z.dir = "?"
	}
	z.markCdFunc()
}

// markCdFunc notes that the function whose body is being walked, if any,
// changes directory: calling it leaves where later commands run unknown.
func (z *analyzer) markCdFunc() {
	if z.fn != "" {
		if z.cdFuncs == nil {
			z.cdFuncs = map[string]bool{}
		}
		z.cdFuncs[z.fn] = true
	}
}

// dirVars notes where c sets HOME, PWD or OLDPWD as a shell variable, and
// makes a command after that too complex to check where it names a path
// by ~, $HOME, ~+ or $PWD (in any ${…} of them too): they then name
// another directory than the engine resolves them in (a red team's
// HOME=/etc; echo x > ~/profile wrote /etc/profile, allowed in
// bypassPermissions). A nameref to one of them (declare -n H=HOME) sets
// it through its own name. An assignment before a command (HOME=x cmd)
// is that command's alone, and a hijack variable; but before a nested
// shell (HOME=/etc sh -c, env HOME=/etc bash -c) it is also that shell's,
// whose commands are walked next. It also notes CDPATH's entries, where
// changeDir takes a relative cd to go too; shopt -s cdable_vars or a
// CDPATH only known at run time, after which it cannot follow one; and
// the directory OLDPWD names, where cd - goes.
func (z *analyzer) dirVars(c SimpleCommand) {
	var words []Word
	for _, r := range c.Redirects {
		words = append(words, r.Target)
	}
	for _, a := range c.Assigns {
		_, v, _ := strings.Cut(a, "=")
		words = append(words, Word{Text: v})
	}
	words = append(words, c.Words...)
	for _, w := range words {
		t := w.Text
		home := t == "~" || strings.HasPrefix(t, "~/") || expandsVar(t, "HOME")
		pwd := strings.HasPrefix(t, "~+") || strings.HasPrefix(t, "~-") || expandsVar(t, "PWD")
		if z.homeSet && home || z.pwdSet && pwd {
			z.complex("%s names a directory by a variable the command line set earlier (HOME, PWD or OLDPWD), which the check cannot follow", shorten(t))
			return
		}
	}
	// set notes assignment a ("NAME=value", or a NAME alone). HOME[0]=x
	// sets HOME as HOME=x does; through a nameref (declare -n H=HOME;
	// H=/etc) it sets the variable the nameref names, and one declared
	// without (declare -n H; H=HOME) is given its variable by it.
	var set func(a string)
	set = func(a string) {
		name, v, ok := strings.Cut(a, "=")
		name, appended := strings.CutSuffix(name, "+")
		name, _, _ = strings.Cut(name, "[")
		if target, ref := z.refs[name]; ref {
			switch {
			case target == "?":
				for _, d := range []string{"HOME", "PWD", "OLDPWD", "CDPATH"} {
					set(d)
				}
				return
			case target == "" && ok && isName(v):
				z.refs[name] = v
				z.refPairs = append(z.refPairs, [2]string{name, v})
				return
			case target == "":
				z.refs[name] = "?"
				set(name)
				return
			}
			name = target
		}
		if gitEnvName(name) || pipEnvName(name) || condaEnvName(name) {
			switch {
			case !ok:
				v = "$" + name // set by read, printf -v: not known
			case appended:
				v = "$" + name + v
			}
			z.setEnv = slices.DeleteFunc(z.setEnv, func(a string) bool { return strings.HasPrefix(a, name+"=") })
			z.setEnv = append(z.setEnv, name+"="+v)
		}
		switch name {
		case "MAKEFILES":
			z.makefiles = z.makefiles || !ok || v != ""
		case "MAKEFLAGS", "GNUMAKEFLAGS":
			z.makefiles = z.makefiles || ok && makeFlagsEval(name, v)
		case "HOME":
			z.homeSet = true
		case "PWD":
			z.pwdSet = true
		case "OLDPWD":
			z.pwdSet = true
			z.oldPwd = ""
			if ok && !appended {
				z.oldPwd = writtenDir(v)
			}
		case "CDPATH":
			entries, known := cdPathEntries(v)
			if ok && !appended && known {
				z.cdPath = entries
			} else {
				z.cdSearches = true
			}
		}
	}
	if len(c.Words) == 0 {
		for _, a := range c.Assigns {
			set(a)
		}
		return
	}
	if c.Nested {
		// HOME=/etc sh -c 'echo x > ~/profile': the nested shell's ~ is
		// /etc. Noted for the rest of the line too, which only asks more.
		for _, a := range c.Assigns {
			set(a)
		}
		for _, w := range c.Words[:c.Inner] {
			if isEnvAssign(w.Text) {
				set(w.Text)
			}
		}
	}
	switch n := lowerName(c); n {
	case "unset":
		// unset CONDA_PREFIX: conda install then installs into its base
		// environment, as after CONDA_PREFIX= (condaOutside).
		for _, w := range c.Args()[1:] {
			if condaEnvName(w.Text) {
				set(w.Text + "=")
			}
		}
	case "shopt":
		// cdable_vars: cd NAME, where no directory NAME is, goes to
		// the directory the variable NAME holds (r=/; cd r).
		for _, w := range c.Args()[1:] {
			if !w.Literal || w.Text == "cdable_vars" {
				z.cdSearches = true
			}
		}
	case "export", "declare", "typeset", "local", "readonly", "nameref", "read", "printf", "mapfile", "readarray":
		// export HOME=/etc, read HOME, printf -v HOME: any word that
		// names one of them, an option's value included.
		names := slices.Clone(c.Assigns) // the parser's for export and kin
		nameref := declaresRef(n, c.Args()[1:])
		for _, w := range c.Args()[1:] {
			names = append(names, w.Text)
		}
		for _, a := range names {
			if !nameref {
				set(a)
				continue
			}
			// declare -n H=HOME: setting H sets HOME. A target only
			// known at run time may be any of them; without one, the
			// next assignment to H names it.
			ref, target, ok := strings.Cut(a, "=")
			if !isName(ref) {
				continue // an option
			}
			if z.refs == nil {
				z.refs = map[string]string{}
			}
			switch {
			case !ok:
				z.refs[ref] = ""
			case isName(target):
				// HOME and PWD are taken as set from here on; OLDPWD and
				// CDPATH as assignments through the nameref set them
				// (H=/etc; cd -), where cd goes then known.
				z.refs[ref] = target
				z.refPairs = append(z.refPairs, [2]string{ref, target})
				switch target {
				case "HOME", "PWD":
					set(target)
				case "OLDPWD":
					z.pwdSet = true
				}
			default:
				z.refs[ref] = "?"
				set(ref)
			}
		}
	}
}

// refTo says whether name is a nameref declared earlier (dirVars) to a
// variable that decides what code later programs run, or to one not
// known: setting it (: ${H:=/etc}, let H=1) sets that variable.
func (z *analyzer) refTo(name string) bool {
	t, ok := z.refs[name]
	return ok && (t == "" || t == "?" || hijacked(t))
}

// writtenDir returns v, an assigned value as the parser renders it, when
// it is a directory written out (OLDPWD=/etc), cleaned, and "" for any
// other (a relative one, one expanded at run time).
func writtenDir(v string) string {
	if !path.IsAbs(v) || strings.ContainsAny(v, "$`\"'\\*?[{~") {
		return ""
	}
	return path.Clean(v)
}

// cdPathFor returns the CDPATH entries a relative cd c looks in before
// the working directory (CDPATH=/; cd etc goes to /etc), set earlier or
// for c alone (CDPATH=/ cd etc), and whether where it goes is known: not
// after shopt -s cdable_vars, nor with CDPATH only known at run time.
func (z *analyzer) cdPathFor(c SimpleCommand) ([]string, bool) {
	entries, known := z.cdPath, !z.cdSearches
	for _, a := range c.Assigns {
		if name, v, _ := strings.Cut(a, "="); strings.TrimSuffix(name, "+") == "CDPATH" {
			var ok bool
			entries, ok = cdPathEntries(v)
			known = known && ok && name == "CDPATH"
		}
	}
	return entries, known
}

// cdPathEntries returns the directories of v, a CDPATH value as the
// parser renders an assignment's, and whether it is written out.
func cdPathEntries(v string) ([]string, bool) {
	if strings.ContainsAny(v, "$`\"'\\*?[{") {
		return nil, false
	}
	return strings.Split(v, ":"), true
}

// expandsVar reports whether t, a word's text, expands the variable name:
// $NAME, or any ${…} of it (${NAME}, ${NAME:-x}, ${NAME%/}, ${#NAME}).
func expandsVar(t, name string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] != '$' {
			continue
		}
		rest := t[i+1:]
		if r, ok := strings.CutPrefix(rest, "{"); ok {
			rest = strings.TrimLeft(r, "#!")
		}
		if r, ok := strings.CutPrefix(rest, name); ok && (r == "" || !isNameByte(r[0])) {
			return true
		}
	}
	return false
}

// gitDashed appends, for a git program run by its dashed name
// (/usr/lib/git-core/git-push, git-receive-pack, git-lfs), the command as
// git would run it (git push, git receive-pack, git lfs): git runs its
// subcommands by those names, and either way the same code runs. So git's
// rules and checks hold for it (`Bash(git push:*)` denied, git log
// --output, git config core.hooksPath), while the command as written
// stays for rules that name it. hub, which hands every git command line
// to git (hub push is git push), is checked as git too.
func (z *analyzer) gitDashed(i int) {
	base := z.a.Commands[i]
	args := base.Args()
	sub, ok := strings.CutPrefix(lowerName(base), "git-")
	if (!ok || sub == "") && (lowerName(base) != "hub" || len(args) < 2) {
		return // made only for git-* and hub: every command came here
	}
	ws := make([]Word, 0, len(args)+1)
	ws = append(ws, Word{Text: "git", Literal: true})
	if ok && sub != "" {
		ws = append(ws, Word{Text: sub, Literal: true})
	}
	z.finishAs(base, append(ws, args[1:]...))
}

// gitSubtreePush appends, for `git subtree push --prefix=DIR REPO REF`,
// the push it makes (git push REPO SPLIT:refs/heads/REF), as `git push
// REPO REF`: git push's rules and checks hold for it (`Bash(git push:*)`
// denied), while the command as written stays for rules that name it.
// git-subtree reads its options with `git rev-parse --parseopt`, which
// takes them anywhere among its operands; the first operand is its
// command, and one only known at run time may be push.
func (z *analyzer) gitSubtreePush(i int) {
	base := z.a.Commands[i]
	sub, rest, _, ok := gitArgs(base)
	if !ok || !sub.Literal || sub.Text != "subtree" {
		return
	}
	var ops []Word
	for j := 0; j < len(rest); j++ {
		w, t := rest[j], rest[j].Text
		switch {
		case !w.Literal || t == "-" || !strings.HasPrefix(t, "-"):
			ops = append(ops, w)
		case t == "--":
			ops = append(ops, rest[j+1:]...)
			j = len(rest)
		case strings.HasPrefix(t, "--"):
			// --prefix, --annotate, --branch, --onto and --message take
			// a value, also abbreviated (--pre DIR).
			n, _, eq := strings.Cut(t, "=")
			if !eq && len(n) > 2 && slices.ContainsFunc([]string{"--prefix", "--annotate", "--branch", "--onto", "--message"},
				func(o string) bool { return strings.HasPrefix(o, n) }) {
				j++
			}
		default:
			// -P, -b and -m take a value, attached or the next word; -S
			// only attached.
			for k := 1; k < len(t) && t[k] != 'S'; k++ {
				if strings.IndexByte("Pbm", t[k]) >= 0 {
					if k+1 == len(t) {
						j++
					}
					break
				}
			}
		}
	}
	if len(ops) == 0 || ops[0].Literal && ops[0].Text != "push" {
		return
	}
	at := len(base.Words) - len(rest) - 1 // the index of subtree
	ws := slices.Concat(base.Words[base.Inner:at], []Word{{Text: "push", Literal: true}}, ops[1:])
	z.finishAs(base, ws)
}

// gitToolPush appends, for a git extension's command that pushes the
// branches it manages (git town sync, git branchless submit, git spr
// update, git machete traverse, git review, git p4 submit, git svn
// dcommit; run as git-town too:
// gitDashed), a `git push` run with git's own options: git push's rules
// and checks hold for it (`Bash(git push:*)` denied), while the command as
// written stays for rules that name it. A command only known at run time
// may be one. Other programs' commands that push (pushTool: gh pr create,
// jj git push …) append a plain `git push`.
func (z *analyzer) gitToolPush(i int) {
	base := z.a.Commands[i]
	sub, rest, _, ok := gitArgs(base)
	if !ok && pushTool(base) {
		z.finishAs(base, []Word{{Text: "git", Literal: true}, {Text: "push", Literal: true}})
	}
	if !ok || !sub.Literal {
		return
	}
	var ops []Word
	for _, w := range rest {
		if !w.Literal || !strings.HasPrefix(w.Text, "-") {
			ops = append(ops, w)
		}
	}
	op := func(k int) (string, bool) {
		if k >= len(ops) {
			return "", false
		}
		return ops[k].Text, ops[k].Literal
	}
	if len(ops) == 0 && sub.Text != "review" {
		return // the help
	}
	first, lit := op(0)
	noPush := func(flags ...string) bool {
		return !slices.ContainsFunc(flags, func(f string) bool {
			return !slices.ContainsFunc(rest, func(w Word) bool { return w.Literal && w.Text == f })
		})
	}
	push := false
	switch sub.Text {
	case "town":
		// Every git town command may push but those that only read or
		// change its settings and the local branches (and sync
		// --no-push).
		push = !lit || !slices.Contains(gitTownLocal, first) && !(first == "sync" && noPush("--no-push"))
	case "branchless":
		push = !lit || first == "submit"
	case "spr":
		push = !lit || first == "update" || first == "up"
	case "p4":
		push = !lit || first == "submit"
	case "svn":
		// git svn dcommit commits to the Subversion server; branch and
		// tag make them there.
		push = !lit || slices.Contains([]string{"dcommit", "set-tree", "branch", "tag"}, first)
	case "machete":
		second, lit2 := op(1)
		push = !lit || (first == "traverse" || first == "t") && !noPush("--no-push", "--no-push-untracked") ||
			(first == "github" || first == "gitlab") && (!lit2 || slices.Contains([]string{"create-pr", "restack-pr", "create-mr", "restack-mr"}, second))
	}
	if sub.Text == "review" {
		// git review (Gerrit's) pushes the branch for review but when it
		// downloads, lists, compares, cherry-picks, sets up or only
		// shows what it would do; it takes no subcommand.
		push = !slices.ContainsFunc(rest, func(w Word) bool {
			t := w.Text
			if n, _, _ := strings.Cut(t, "="); w.Literal && strings.HasPrefix(t, "--") {
				return slices.Contains([]string{"--download", "--list", "--setup", "--dry-run", "--compare",
					"--cherrypick", "--cherrypickindicate", "--cherrypickonly", "--version", "--help"}, n)
			}
			return w.Literal && len(t) > 1 && t[0] == '-' && strings.ContainsAny(t[1:2], "dlsnmxXNh")
		})
	}
	if !push {
		return
	}
	at := len(base.Words) - len(rest) - 1 // the index of the extension's name
	z.finishAs(base, slices.Concat(base.Words[base.Inner:at], []Word{{Text: "push", Literal: true}}))
}

// pushTool says whether c, a program other than git, pushes branches to a
// remote as git push does: `gh pr create` (which pushes the branch unless
// -H/--head names one already there), ghstack (its default command, submit
// and land), git-spice's and Graphite's submits (`gs stack submit`, `gs
// ss`, also as git-spice; `gt submit`), Sapling's `sl push`, `sl pr
// submit` and `sl ghstack`, `glab mr create --push`, Phabricator's `arc
// land`, `jj git push` and a `gh api` call that moves a branch
// (ghAPIPush). A subcommand only known at run time may be one.
func pushTool(c SimpleCommand) bool {
	args := c.Args()
	switch n := lowerName(c); n {
	case "gh", "ghstack", "gs", "git-spice", "gt", "glab", "arc", "sl", "sapling", "jj":
		if len(args) < 2 && n != "ghstack" {
			return false
		}
	default:
		return false
	}
	var ops []Word
	for _, w := range args[1:] {
		if !w.Literal || !strings.HasPrefix(w.Text, "-") {
			ops = append(ops, w)
		}
	}
	// op reports whether operand k is one of names, or only known at run
	// time.
	op := func(k int, names ...string) bool {
		return k < len(ops) && (!ops[k].Literal || slices.Contains(names, ops[k].Text))
	}
	has := func(opts ...string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool {
			n, _, _ := strings.Cut(w.Text, "=")
			return w.Literal && slices.Contains(opts, n)
		})
	}
	switch lowerName(c) {
	case "gh":
		return op(0, "pr") && op(1, "create", "new") && !has("-H", "--head", "--help", "-h") ||
			op(0, "api") && ghAPIPush(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:])
	case "ghstack":
		return len(ops) == 0 && !has("--help", "-h", "--version") || op(0, "submit", "land")
	case "gs", "git-spice":
		// (gs is Ghostscript too, whose operands are files.)
		if len(ops) == 0 || !ops[0].Literal {
			return false
		}
		return op(0, "ss", "bs", "uss", "dss") || len(ops) > 1 && op(0, "stack", "s", "branch", "b", "upstack", "us", "downstack", "ds") && op(1, "submit", "s")
	case "sl", "sapling":
		return op(0, "push") || op(0, "pr") && op(1, "submit", "s") || op(0, "ghstack") && !op(1, "checkout", "unlink", "rage", "status")
	case "gt":
		return op(0, "submit", "ss") || len(ops) > 1 && op(0, "stack", "branch", "upstack", "downstack") && op(1, "submit")
	case "glab":
		return op(0, "mr") && op(1, "create", "new") && has("--push")
	case "arc":
		return op(0, "land")
	case "jj":
		for k := range ops {
			if op(k, "git") && k+1 < len(ops) && op(k+1, "push") {
				return true
			}
		}
	}
	return false
}

// ghAPIPush says whether the arguments of gh (api ENDPOINT …) make a
// request that moves a branch or tag of the repository as git push does:
// a POST, PATCH, PUT or DELETE (ghAPIRequest) to a ref (git/refs), a
// file's contents (contents/PATH, a commit on the branch) or merges, or
// a GraphQL mutation that writes refs or commits. An endpoint only known
// at run time may be one.
func ghAPIPush(args []Word) bool {
	method, ep, ok := ghAPIRequest(args)
	if !ok {
		return false
	}
	if strings.TrimPrefix(ep.Text, "/") == "graphql" && ep.Literal {
		return slices.ContainsFunc(args, func(w Word) bool {
			return !w.Literal || strings.Contains(w.Text, "mutation") && containsAny(w.Text, ghRefMutations)
		})
	}
	if method == "GET" || method == "HEAD" {
		return false
	}
	return !ep.Literal || strings.Contains(ep.Text, "/git/refs") || strings.Contains(ep.Text, "/contents/") ||
		strings.HasSuffix(strings.TrimSuffix(ep.Text, "/"), "/merges")
}

// ghAPIRequest reads the arguments of gh or glab (api ENDPOINT …): the
// request's method in upper case (-X, --method; POST by default when
// fields or --input are given, else GET) and its endpoint; ok is false
// when none is given.
func ghAPIRequest(args []Word) (method string, ep Word, ok bool) {
	fields, endpoint := false, -1
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i].Text
			}
			return ""
		}
		switch {
		case !w.Literal && endpoint >= 0:
		case t == "-X" || t == "--method":
			method = next()
		case strings.HasPrefix(t, "-X"):
			method = t[2:]
		case strings.HasPrefix(t, "--method="):
			method = t[len("--method="):]
		case t == "-f" || t == "-F" || t == "--field" || t == "--raw-field" || t == "--input":
			fields = true
			next()
		case strings.HasPrefix(t, "--field=") || strings.HasPrefix(t, "--raw-field=") || strings.HasPrefix(t, "--input="):
			fields = true
		case t == "-H" || t == "--header" || t == "-q" || t == "--jq" || t == "-t" || t == "--template" ||
			t == "--hostname" || t == "--cache" || t == "-p" || t == "--preview":
			next()
		case strings.HasPrefix(t, "-") && w.Literal:
		case endpoint < 0:
			endpoint = i
		}
	}
	if endpoint < 0 {
		return "", Word{}, false
	}
	switch method = strings.ToUpper(method); {
	case method == "" && fields:
		method = "POST"
	case method == "":
		method = "GET"
	}
	ep = args[endpoint]
	// A full URL (https://api.github.com/repos/…, a GitHub Enterprise
	// host's /api/v3/… or /api/graphql, GitLab's /api/v4/…) is the
	// endpoint its path names.
	if rest, ok := strings.CutPrefix(ep.Text, "https://"); ok || strings.HasPrefix(ep.Text, "http://") {
		if !ok {
			rest = strings.TrimPrefix(ep.Text, "http://")
		}
		_, path, _ := strings.Cut(rest, "/")
		for _, p := range []string{"api/v3/", "api/v4/", "api/"} {
			if t, ok := strings.CutPrefix(path, p); ok {
				path = t
				break
			}
		}
		ep.Text = path
	}
	return method, ep, true
}

// ghRefMutations are the GitHub GraphQL mutations that write a branch
// or tag, as git push does.
var ghRefMutations = []string{"createRef", "updateRef", "deleteRef", "createCommitOnBranch", "mergeBranch"}

// containsAny says whether s contains one of subs.
func containsAny(s string, subs []string) bool {
	return slices.ContainsFunc(subs, func(sub string) bool { return strings.Contains(s, sub) })
}

// gitTownLocal are the git town commands that push nothing.
var gitTownLocal = []string{"status", "config", "help", "branch", "switch", "completions", "completion", "diff-parent",
	"offline", "park", "observe", "contribute", "prototype", "init", "setup", "set-parent", "version"}

// findExec appends the commands that `find … -exec CMD … ;` (and -execdir,
// -ok, -okdir) runs, each as a command of its own with OpenArgs set: the
// {} placeholder stands for file names found at run time.
func (z *analyzer) findExec(i int, args []*syntax.Word) {
	words := z.a.Commands[i].Words
	spans := findExecSpans(z.a.Commands[i])
	for _, span := range spans {
		start, end := span[0], span[1]
		ws := append([]Word(nil), words[start:end]...)
		for k := range ws {
			// find replaces {} with a file name found at run time.
			if ws[k].Literal && strings.Contains(ws[k].Text, "{}") {
				ws[k] = Word{Text: ws[k].Text}
			}
		}
		c := SimpleCommand{
			Words:    ws,
			OpenArgs: true,
			FromFind: true,
			Func:     z.a.Commands[i].Func,
			Async:    z.a.Commands[i].Async,
			Piped:    z.a.Commands[i].Piped,
		}
		if args != nil && end-1 < len(args) {
			c.Text = z.text(args[start].Pos(), args[end-1].End())
		} else {
			c.Text = joinWords(c.Words)
		}
		var wargs []*syntax.Word
		if args != nil && end <= len(args) {
			wargs = args[start:end]
		}
		z.finish(c, nil, wargs, nil)
	}
	z.findTargetCopies(i)
}

// findExecSpans returns where in c's words, a find's, each command its
// -exec (-execdir, -ok, -okdir) runs starts and ends: the words up to
// its ; or +.
func findExecSpans(c SimpleCommand) [][2]int {
	words := c.Words
	var spans [][2]int
	for j := c.Inner + 1; j < len(words); j++ {
		switch words[j].Text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		start := j + 1
		end := start
		for end < len(words) && !(words[end].Literal && (words[end].Text == ";" || words[end].Text == "+")) {
			end++
		}
		if end > start {
			spans = append(spans, [2]int{start, end})
		}
		j = end
	}
	return spans
}

// searchExec appends the command that ripgrep runs on every file it
// searches (--pre CMD: CMD FILE) or fd on what it finds (-x/--exec CMD …
// and -X/--exec-batch CMD …, up to a ";" or the end), as find's -exec
// commands are (findExec), with OpenArgs set: fd appends the path when no
// placeholder ({}, {/}, {//}, {.}, {/.}) names it.
func (z *analyzer) searchExec(i int, args []*syntax.Word) {
	base := z.a.Commands[i]
	words := base.Words
	rg := base.Name() == "rg"
	for j := base.Inner + 1; j < len(words); j++ {
		w := words[j]
		if !w.Literal {
			continue
		}
		if w.Text == "--" {
			return
		}
		var ws []Word
		start, end := j+1, j+1
		switch t := w.Text; {
		case rg && t == "--pre" && j+1 < len(words):
			ws, end = []Word{words[j+1], {Text: "{}"}}, j+2
		case rg && strings.HasPrefix(t, "--pre="):
			ws, start = []Word{{Text: strings.TrimPrefix(t, "--pre="), Literal: true}, {Text: "{}"}}, j
		case !rg:
			first, skip, ok := fdExec(t)
			if !ok {
				j += skip
				continue
			}
			for end < len(words) && !(words[end].Literal && words[end].Text == ";") {
				end++
			}
			ws = slices.Clone(words[start:end])
			if first != "" {
				// -xrm, --exec=rm: the command's first word is attached.
				ws = append([]Word{{Text: first, Literal: true}}, ws...)
				start = j
			}
			for k := range ws {
				if ws[k].Literal && strings.Contains(ws[k].Text, "{") {
					ws[k] = Word{Text: ws[k].Text} // a placeholder: a path found at run time
				}
			}
		default:
			continue
		}
		if len(ws) == 0 || ws[0].Text == "" {
			z.complex("%s runs a command its options name that is empty", base.Name())
			return
		}
		c := SimpleCommand{Words: ws, OpenArgs: true, Func: base.Func, Async: base.Async, Piped: base.Piped, Text: joinWords(ws)}
		var wargs []*syntax.Word
		if !rg && args != nil && end <= len(args) && start < end {
			wargs = args[start:end]
			c.Text = z.text(args[start].Pos(), args[end-1].End())
		}
		z.finish(c, nil, wargs, nil)
		j = end
	}
}

// fdExec reads an option word t of fd's: whether it starts a command
// (-x, -X, --exec, --exec-batch, in a cluster -HIx, attached -xrm,
// --exec=rm) and the command's first word when attached; else how many
// words after it are its value (-t x, not -tx's x: fd's -t takes one).
func fdExec(t string) (first string, skip int, ok bool) {
	if n, v, eq := strings.Cut(t, "="); strings.HasPrefix(t, "--") {
		switch {
		case n == "--exec" || n == "--exec-batch":
			return v, 0, true
		case !eq && slices.Contains(fdLongValued, n):
			return "", 1, false
		}
		return "", 0, false
	}
	if len(t) < 2 || t[0] != '-' {
		return "", 0, false
	}
	for k := 1; k < len(t); k++ {
		switch c := t[k]; {
		case c == 'x' || c == 'X':
			return t[k+1:], 0, true
		case strings.IndexByte("dtecjSoE", c) >= 0:
			if k+1 == len(t) {
				return "", 1, false // the value is the next word
			}
			return "", 0, false
		}
	}
	return "", 0, false
}

// fdLongValued are fd's long options that take the next word as their
// value.
var fdLongValued = []string{"--max-depth", "--min-depth", "--exact-depth", "--type", "--extension", "--exclude",
	"--color", "--threads", "--size", "--owner", "--changed-within", "--changed-before", "--max-results",
	"--base-directory", "--search-path", "--path-separator", "--batch-size", "--ignore-file", "--format", "--and"}

// maxParallelArgs caps the commands parallelArgs appends, each a copy of
// the command's words.
const maxParallelArgs = 100

// parallelArgs appends the commands that `parallel CMD ::: ARGS` runs: CMD
// with each argument appended, OpenArgs set since the arguments of other
// sources may follow (and {} placeholders stand for them).
func (z *analyzer) parallelArgs(i int, args []Word) {
	if len(args) > maxParallelArgs {
		z.complex("parallel with %d arguments", len(args))
		return
	}
	base := z.a.Commands[i]
	if base.Inner < len(base.Words) && strings.ContainsAny(base.Words[base.Inner].Text, shellMeta) {
		return // too complex already: parallel runs it through a shell
	}
	for _, a := range args {
		ws := append(slices.Clone(base.Words), a)
		z.finish(SimpleCommand{
			Words:    ws,
			Text:     joinWords(ws),
			OpenArgs: true,
			Func:     base.Func,
			Async:    base.Async,
			Piped:    base.Piped,
		}, nil, nil, nil)
	}
}

func joinWords(ws []Word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

// nestedProgram returns the shell program that c runs as a string (bash -c
// STR, eval STR …, trap STR SIG, alias n=STR, su -c STR, env -S STR, watch
// STR, flock -c STR) and a name for it. bad names a program that exists but

// shellProgIndex returns the index in args (a shell's) of its -c
// program, hasC false when it runs a script or its input instead; bad
// when an option only known at run time may be -c.
func shellProgIndex(name string, args []Word) (i int, hasC bool, bad string) {
	i, hasC = 1, false
opts:
	for ; i < len(args); i++ {
		w := args[i]
		if !w.Literal {
			if hasC {
				break opts // the program
			}
			if l := looseText(w.Text); l == "" || l[0] == '$' || l[0] == '`' {
				// It may expand to -c.
				return 0, false, fmt.Sprintf("non-literal %s option %s", name, shorten(w.Text))
			}
			break opts // a script: "./$name.sh"
		}
		t := w.Text
		switch {
		case t == "--" || t == "-":
			i++
			break opts
		case strings.HasPrefix(t, "--"):
			if t == "--command" { // fish
				hasC = true
			}
			i += shellOptionValues(t)
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			if t[0] == '-' && strings.IndexByte(t, 'c') > 0 {
				hasC = true
			}
			i += shellOptionValues(t)
		default:
			break opts
		}
	}
	return i, hasC, ""
}

// valueProgram analyses, beside command i as written, the program of
// its copy with the values the line surely gives its variables written
// in (programValue), where i is a shell's -c or an eval whose program is
// not literal: d='rm -rf ~'; bash -c "$d" runs what sh -c 'rm -rf ~'
// does. The copy runs in a shell of its own, eval's too (nestedCopy).
func (z *analyzer) valueProgram(i int) {
	n, ok := z.wordsWith(i, z.programValue)
	if !ok {
		return
	}
	if prog, what, bad := nestedProgram(n, unwrapped{}); what != "" && bad == "" {
		z.nestedCopy(prog, what)
	}
}

// nestedCopy analyses prog, a copy's program, in a shell of its own, so
// that what it changes stays in it; the copies read count against
// maxRunWith, as copiedCode's do.
func (z *analyzer) nestedCopy(prog, what string) {
	if z.copySpent() {
		return
	}
	dir, scope, cond := z.dir, z.fork(), z.cond
	z.nested(prog, what)
	z.dir, z.scope, z.cond = dir, scope, cond
}

// fedCopy analyses text, a copy of what command i may read on its input,
// as the program it reads there (fedKnown: a shell's in a shell of its
// own, as nestedCopy's, an interpreter's, a container's shell's), the
// copy counted against maxRunWith.
func (z *analyzer) fedCopy(i int, text, what string) {
	if z.copySpent() {
		return
	}
	cond := z.cond
	z.fedKnown(i, text, what)
	z.cond = cond
}

// copySpent counts one more copy of code the line hands a reader, and
// says whether the copies are past maxRunWith, which are not read: the
// line asks, once.
func (z *analyzer) copySpent() bool {
	if z.codeCopies++; z.codeCopies > maxRunWith {
		z.complexOnce("values assigned on the line are handed to more inline code than the analysis reads")
		return true
	}
	return false
}

// shellCArgs returns the words a shell's -c program is given after it
// ($0, then $1 …), nil for a shell that runs none.
func shellCArgs(c SimpleCommand) []Word {
	switch strings.ToLower(c.Name()) {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "rbash", "yash", "posh":
	default:
		return nil
	}
	args := c.Args()
	i, hasC, bad := shellProgIndex(c.Name(), args)
	if !hasC || bad != "" || i+1 >= len(args) {
		return nil
	}
	return args[i+1:]
}

// is not literal.
func nestedProgram(c SimpleCommand, u unwrapped) (prog, what, bad string) {
	if u.shell != nil {
		if !u.shell.Literal {
			return "", "", fmt.Sprintf("non-literal %s string %s", u.shellWhat, shorten(u.shell.Text))
		}
		return u.shell.Text, u.shellWhat + " string", ""
	}
	name := c.Name()
	args := c.Args()
	switch strings.ToLower(name) {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "yash", "posh":
		i, hasC, bad := shellProgIndex(name, args)
		if bad != "" {
			return "", "", bad
		}
		if !hasC || i >= len(args) {
			return "", "", "" // a script, or the program on stdin
		}
		if !args[i].Literal {
			return "", "", fmt.Sprintf("non-literal %s -c string %s", name, shorten(args[i].Text))
		}
		return args[i].Text, name + " -c string", ""
	case "ssh", "autossh":
		if prog, lit, ok := sshLocalCommand(strings.ToLower(name), args[1:]); ok {
			if !lit {
				return "", "", fmt.Sprintf("non-literal command for %s to run on this host: %s", name, shorten(prog))
			}
			// The remote shell starts in the home directory.
			return "cd\n" + prog, name + " command for this host", ""
		}
		return "", "", ""
	case "eval":
		rest := args[1:]
		if len(rest) > 0 && rest[0].Literal && rest[0].Text == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return "", "", ""
		}
		for _, w := range rest {
			if !w.Literal {
				return "", "", fmt.Sprintf("non-literal eval string %s", shorten(w.Text))
			}
		}
		return joinWords(rest), "eval string", ""
	case "mapfile", "readarray", "compgen", "complete", "fc", "set":
		// Builtins that run a string: a callback (mapfile -C, compgen
		// and complete -C), a word list they expand (-W), commands from
		// the history (fc without -l; set -H turns on ! expansion).
		for _, w := range args[1:] {
			t := w.Text
			switch {
			case name == "set" && t == "--":
				return "", "", "" // positional parameters follow
			case !w.Literal && name != "set":
				return "", "", fmt.Sprintf("non-literal %s argument %s", name, shorten(t))
			case name == "fc" && strings.HasPrefix(t, "-") && strings.ContainsRune(t, 'l'):
				return "", "", ""
			case name != "set" && name != "fc" && strings.HasPrefix(t, "-") && strings.ContainsAny(t, "CW"):
				return "", "", fmt.Sprintf("%s %s runs or expands a string", name, shorten(t))
			case name == "set" && (strings.HasPrefix(t, "-") && strings.ContainsRune(t, 'H') || t == "history" || t == "histexpand"):
				return "", "", "set " + shorten(t) + " turns on history expansion, which runs earlier commands again"
			}
		}
		if name == "fc" {
			return "", "", "fc runs commands from the history"
		}
		return "", "", ""
	case "trap":
		rest := args[1:]
		if len(rest) > 0 && rest[0].Literal && rest[0].Text == "--" {
			rest = rest[1:]
		}
		// `trap SIG` and `trap - SIG` reset; -p and -l print.
		if len(rest) < 2 || (rest[0].Literal && (rest[0].Text == "-" || strings.HasPrefix(rest[0].Text, "-"))) {
			return "", "", ""
		}
		if !rest[0].Literal {
			return "", "", fmt.Sprintf("non-literal trap string %s", shorten(rest[0].Text))
		}
		return rest[0].Text, "trap string", ""
	case "bind":
		return bindProgram(args[1:])
	case "alias":
		// Aliases expand where the shell reads the next command; their
		// values are programs (`alias ls='rm -rf ~'`).
		var b strings.Builder
		for _, w := range args[1:] {
			if !w.Literal {
				return "", "", fmt.Sprintf("non-literal alias %s", shorten(w.Text))
			}
			if _, v, ok := strings.Cut(w.Text, "="); ok {
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
				b.WriteString(v)
			}
		}
		if b.Len() == 0 {
			return "", "", ""
		}
		return b.String(), "alias value", "alias definition " + shorten(joinWords(args[1:])) +
			": aliases change what later command names run"
	case "cmd", "cmd.exe":
		for i, w := range args[1:] {
			if w.Literal && (strings.EqualFold(w.Text, "/c") || strings.EqualFold(w.Text, "/k")) {
				return joinRest(args[i+2:], "cmd /c")
			}
		}
	case "powershell", "powershell.exe", "pwsh", "pwsh.exe":
		for i := 1; i < len(args); i++ {
			w := args[i]
			t := strings.ToLower(w.Text)
			switch {
			case !w.Literal:
				return "", "", fmt.Sprintf("non-literal %s argument %s", name, shorten(w.Text))
			case t == "-command" || t == "-c" || t == "/command" || t == "/c":
				if i+1 < len(args) && args[i+1].Literal && args[i+1].Text == "-" {
					return "", "", "" // its standard input: pwshProgramFD
				}
				return joinRest(args[i+1:], name+" -Command")
			case t == "-encodedcommand" || t == "-e" || t == "-ec" || t == "-enc":
				return "", "", name + " " + w.Text + ": an encoded command cannot be checked"
			case t == "-file" || t == "-f":
				return "", "", ""
			case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "/"):
				switch t {
				case "-executionpolicy", "-ep", "-windowstyle", "-w", "-configurationname", "-inputformat", "-outputformat", "-workingdirectory", "-wd", "-version", "-v":
					i++
				}
			default:
				// Positional words are the command.
				return joinRest(args[i:], name+" command")
			}
		}
	}
	return "", "", ""
}

// bindProgram returns the commands bind -x binds to keys, which an
// interactive shell runs, in itself, when the key comes (a program fed
// to bash -i through a terminal types it too). A readline macro types its
// text as input, which the shell may run as a command line; a file of
// bindings (-f) may hold macros: those, and a word only known at run
// time, are bad. Binding a key to a readline function is harmless.
func bindProgram(args []Word) (prog, what, bad string) {
	var cmds []string
	i := 0
	for ; i < len(args); i++ {
		w := args[i]
		if !w.Literal {
			return "", "", "non-literal bind argument " + shorten(w.Text)
		}
		t := w.Text
		if t == "--" {
			i++
			break
		}
		if len(t) < 2 || t[0] != '-' {
			break
		}
	opts:
		for k := 1; k < len(t); k++ {
			if !strings.ContainsRune("mfqurx", rune(t[k])) {
				continue
			}
			v := t[k+1:]
			if v == "" && i+1 < len(args) {
				i++
				if !args[i].Literal {
					return "", "", "non-literal bind argument " + shorten(args[i].Text)
				}
				v = args[i].Text
			}
			switch t[k] {
			case 'x':
				c, ok := bindValue(v)
				if !ok {
					return "", "", "bind -x " + shorten(v) + ": a key binding not understood"
				}
				cmds = append(cmds, unquoteBinding(c))
			case 'f':
				return "", "", "bind -f " + shorten(v) + ": a file of key bindings, whose macros type text the shell may run"
			}
			break opts
		}
	}
	for _, w := range args[i:] {
		if !w.Literal {
			return "", "", "non-literal bind argument " + shorten(w.Text)
		}
		if v, ok := bindValue(w.Text); ok && v != "" && (v[0] == '"' || v[0] == '\'') {
			return "", "", "bind " + shorten(w.Text) + ": a readline macro types its text as input, which the shell may run"
		}
	}
	if len(cmds) == 0 {
		return "", "", ""
	}
	return strings.Join(cmds, "\n"), "bind -x command", ""
}

// bindValue returns what a readline binding, `"KEYSEQ": VALUE` or
// `KEYNAME: VALUE`, binds its key to.
func bindValue(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	i := 0
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		q := s[0]
		for i = 1; i < len(s) && s[i] != q; i++ {
			if s[i] == '\\' {
				i++
			}
		}
		if i >= len(s) {
			return "", false
		}
		i++
	}
	for i < len(s) && s[i] != ':' && s[i] != ' ' && s[i] != '\t' {
		i++
	}
	if i >= len(s) {
		return "", false
	}
	return strings.TrimLeft(s[i:], ": \t"), true
}

// unquoteBinding removes the quotes bash removes around bind -x's command.
func unquoteBinding(c string) string {
	c = strings.TrimRight(c, " \t")
	if len(c) >= 2 && (c[0] == '"' || c[0] == '\'') && c[len(c)-1] == c[0] {
		return c[1 : len(c)-1]
	}
	return c
}

// joinRest returns words joined as a program, or names it when one of them
// is not literal. The program is read with bash's grammar: close enough
// to find the commands, and a parse error makes it too complex.
func joinRest(ws []Word, what string) (prog, name, bad string) {
	if len(ws) == 0 {
		return "", "", ""
	}
	for _, w := range ws {
		if !w.Literal {
			return "", "", fmt.Sprintf("non-literal %s string %s", what, shorten(w.Text))
		}
	}
	return joinWords(ws), what + " string", ""
}

// word converts a word: quotes removed and the value kept when it is
// literal, the source text kept otherwise. The bodies of substitutions in
// it are appended to subs (when subs is not nil).
func (z *analyzer) word(w *syntax.Word, subs *stmtLists) Word {
	if w == nil || len(w.Parts) == 0 {
		return Word{Literal: true}
	}
	// The common case: one plain literal, nothing to unescape or expand.
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "\\*?[{~") {
			return Word{Text: l.Value, Literal: true}
		}
	}
	var b strings.Builder
	lit := true
	special := false // an unquoted Lit holds * ? [ or {: check for globs
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				prefix, _, _ := strings.Cut(v, "/")
				if prefix != "~" {
					// ~user, ~+ and ~- expand to directories not known
					// here (~root is /root).
					lit = false
				}
			}
			if strings.ContainsAny(v, "*?[]{}") {
				special = true
			}
			unescapeUnquoted(&b, v)
		case *syntax.SglQuoted, *syntax.DblQuoted:
			writeQuoted(&b, p, func(q syntax.WordPart) {
				lit = false
				z.part(q, subs)
			})
		default:
			lit = false
			z.part(part, subs)
		}
	}
	if lit && !z.programText && subscriptSubst(b.String()) {
		// Checked before the glob test: a glob that matches no file is
		// left as it is.
		z.complexOnce(fmt.Sprintf("a string bash may evaluate as an array subscript, running the substitution in it: %q", shorten(b.String())))
	}
	if lit && special && isPattern(w) {
		lit = false
	}
	if !lit {
		return Word{Text: z.text(w.Pos(), w.End())}
	}
	return Word{Text: b.String(), Literal: true}
}

// writeQuoted writes the value of a quoted word part, '…', $'…' or "…",
// to b, and hands other each part of a "…" that is not literal.
func writeQuoted(b *strings.Builder, part syntax.WordPart, other func(syntax.WordPart)) {
	switch p := part.(type) {
	case *syntax.SglQuoted:
		if p.Dollar {
			decodeANSIC(b, p.Value)
		} else {
			b.WriteString(p.Value)
		}
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if l, ok := q.(*syntax.Lit); ok {
				unescapeDouble(b, l.Value)
			} else {
				other(q)
			}
		}
	}
}

// part searches a word part that is not a literal for substitutions.
func (z *analyzer) part(part syntax.WordPart, subs *stmtLists) {
	if !z.enter() {
		z.leave()
		return
	}
	defer z.leave()
	switch p := part.(type) {
	case *syntax.ExtGlob:
		// Its pattern is raw text to the parser; bash expands what is in
		// it: `[[ x == @($(rm -rf ~)) ]]`. Where bash expands it into
		// file names (with extglob set), the names it stands for are not
		// matched against the paths rules and checks protect, as a plain
		// glob's are: `rm -rf /@(usr|etc)`, `cat .@(env)`.
		switch {
		case strings.ContainsAny(p.Pattern.Value, "$`'\"\\"):
			z.complex("an extended glob with expansions or quotes: %s", z.nodeText(p))
		case !z.pattern:
			z.complex("an extended glob, whose file names cannot be checked: %s", z.nodeText(p))
		}
	case *syntax.Lit, *syntax.SglQuoted:
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			z.part(q, subs)
		}
	case *syntax.CmdSubst:
		if subs != nil {
			*subs = append(*subs, subst{stmts: p.Stmts, src: z.nodeTextFull(p)})
		}
	case *syntax.ProcSubst:
		if subs != nil {
			*subs = append(*subs, subst{stmts: p.Stmts, out: p.Op == syntax.CmdOut, async: true})
		}
	case *syntax.ArithmExp:
		z.arith(p.X, subs)
	case *syntax.ParamExp:
		if p.NestedParam != nil {
			z.part(p.NestedParam, subs)
		}
		if p.Index != nil {
			z.index(p.Index, subs)
		}
		if p.Slice != nil {
			z.arith(p.Slice.Offset, subs)
			z.arith(p.Slice.Length, subs)
		}
		if p.Repl != nil {
			z.word(p.Repl.Orig, subs)
			z.word(p.Repl.With, subs)
		}
		if p.Exp != nil {
			if (p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) && p.Param != nil && (hijacked(p.Param.Value) || z.refTo(p.Param.Value)) {
				z.complex("an expansion that sets %s, which decides what code later programs run: %s", p.Param.Value, z.nodeText(p))
			}
			w := z.word(p.Exp.Word, subs)
			if (p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) && p.Param != nil && p.Exp.Word != nil {
				z.defaultAssign(p.Param.Value, w)
			}
			if p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && strings.Contains(p.Exp.Word.Lit(), "P") {
				// Prompt expansion runs the substitutions in the value.
				z.complex("a prompt expansion (@P), which runs what the value holds: %s", z.nodeText(p))
			}
		}
	case *syntax.BraceExp:
		for _, e := range p.Elems {
			z.word(e, subs)
		}
	default:
		z.complex("unsupported word part %T: %s", part, z.nodeText(part))
	}
}

// index searches an array subscript for substitutions (see arith).
func (z *analyzer) index(x syntax.ArithmExpr, subs *stmtLists) {
	z.arith(x, subs)
}

// quotedInArith reports a word of an arithmetic expression (a subscript
// included) that holds a substitution in single quotes: bash expands
// arithmetic text as if double-quoted, so `$(( '$(rm -rf ~)' ))` and
// `a['$(rm -rf ~)']=1` run rm.
func (z *analyzer) quotedInArith(w *syntax.Word) {
	for _, p := range w.Parts {
		if q, ok := p.(*syntax.SglQuoted); ok && holdsSubst(q.Value) {
			z.complex("a quoted substitution in arithmetic, which bash expands: %s", z.nodeText(w))
			return
		}
	}
}

// arith searches an arithmetic expression for substitutions.
func (z *analyzer) arith(x syntax.ArithmExpr, subs *stmtLists) {
	if x == nil {
		return
	}
	if !z.enter() {
		z.leave()
		return
	}
	defer z.leave()
	switch x := x.(type) {
	case *syntax.Word:
		z.subscript(z.word(x, subs))
		z.quotedInArith(x)
		z.expandedSubscript(x) // let "a[$k]"
		z.noteArithSubscripts(x)
	case *syntax.BinaryArithm:
		if arithAssigns(x.Op) {
			z.arithSets(x.X)
		}
		z.arith(x.X, subs)
		z.arith(x.Y, subs)
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			z.arithSets(x.X)
		}
		z.arith(x.X, subs)
	case *syntax.ParenArithm:
		z.arith(x.X, subs)
	case *syntax.FlagsArithm:
		z.arith(x.X, subs)
	default:
		z.complex("unsupported arithmetic %T: %s", x, z.nodeText(x))
	}
}

// arithSets asks for a variable that decides what code later programs run
// set by arithmetic (let HOME=7, (( PATH = 0 ))): git then obeys
// ./7/.gitconfig, and commands are looked up in ./0.
func (z *analyzer) arithSets(x syntax.ArithmExpr) {
	if w, ok := x.(*syntax.Word); ok {
		if name, _, _ := strings.Cut(w.Lit(), "["); hijacked(name) || z.refTo(name) {
			z.complex("%s set by arithmetic, which decides what code later programs run", name)
		}
	}
}

// arithTextSets returns the first variable that decides what code later
// programs run that the arithmetic expression text assigns (NAME=, NAME+=,
// NAME++, ++NAME …), "" if none.
func arithTextSets(text string) (set string) {
	nameRuns(text, func(i, j int) bool {
		name := text[i:j]
		before := strings.TrimRight(text[:i], " \t")
		after := strings.TrimLeft(text[j:], " \t")
		if strings.HasPrefix(after, "[") {
			if k := strings.IndexByte(after, ']'); k >= 0 {
				after = strings.TrimLeft(after[k+1:], " \t")
			}
		}
		assigns := strings.HasPrefix(after, "++") || strings.HasPrefix(after, "--") ||
			strings.HasSuffix(before, "++") || strings.HasSuffix(before, "--")
		if k := strings.IndexByte(after, '='); k >= 0 && k <= 3 && !strings.HasPrefix(after[k:], "==") &&
			strings.Trim(after[:k], "+-*/%&|^<>") == "" && after[:k] != "<" && after[:k] != ">" && after[:k] != "!" {
			assigns = true
		}
		if assigns && hijacked(name) {
			set = name
			return false
		}
		return true
	})
	return set
}

// arithAssigns says whether op assigns to its left side (=, +=, <<= …).
func arithAssigns(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn,
		syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// test searches a [[ ]] expression for substitutions.
func (z *analyzer) test(x syntax.TestExpr, subs *stmtLists) {
	if x == nil {
		return
	}
	if !z.enter() {
		z.leave()
		return
	}
	defer z.leave()
	switch x := x.(type) {
	case *syntax.Word:
		z.subscript(z.word(x, subs))
	case *syntax.BinaryTest:
		z.test(x.X, subs)
		z.test(x.Y, subs)
		if x.Op >= syntax.TsEql && x.Op <= syntax.TsGtr {
			// [[ "a[$k]" -eq 1 ]]: the operands are arithmetic.
			z.testSubscript(x.X)
			z.testSubscript(x.Y)
		}
	case *syntax.UnaryTest:
		z.test(x.X, subs)
		if x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar {
			z.testSubscript(x.X) // [[ -v "a[$k]" ]]
		}
	case *syntax.ParenTest:
		z.test(x.X, subs)
	default:
		z.complex("unsupported test expression %T: %s", x, z.nodeText(x))
	}
}

// testSubscript is expandedSubscript for an operand of [[ ]] that bash
// evaluates as a name or as arithmetic.
func (z *analyzer) testSubscript(x syntax.TestExpr) {
	if w, ok := x.(*syntax.Word); ok {
		z.expandedSubscript(w)
	}
}

// unescapeUnquoted removes the backslashes of an unquoted literal: `\x` is
// x. The parser has already removed escaped newlines.
func unescapeUnquoted(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b.WriteByte(v[i])
	}
}

// unescapeDouble removes the backslashes that are special inside double
// quotes: before $ ` " \ and newline; others stay.
func unescapeDouble(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			switch v[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(v[i])
	}
}

// decodeANSIC decodes the body of a $'…' string as bash does. A NUL ends
// the string, as it ends a C string in bash.
func decodeANSIC(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' || i+1 >= len(v) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := v[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			if i+1 < len(v) {
				i++
				b.WriteByte(v[i] & 0x1f)
			} else {
				b.WriteString(`\c`)
			}
		case 'x', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7':
			base, width, start := 16, 2, i+1
			switch e {
			case 'u':
				width = 4
			case 'U':
				width = 8
			case 'x':
			default:
				base, width, start = 8, 3, i
			}
			end := start
			for end < len(v) && end-start < width && isDigitIn(v[end], base) {
				end++
			}
			if end == start {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(v[start:end], base, 32)
			i = end - 1
			if n == 0 {
				return
			}
			if e == 'u' || e == 'U' {
				b.WriteRune(rune(n))
			} else {
				b.WriteByte(byte(n))
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
}

func isDigitIn(c byte, base int) bool {
	switch {
	case c >= '0' && c <= '7':
		return true
	case c == '8' || c == '9':
		return base == 16
	case c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		return base == 16
	}
	return false
}

// isPattern reports whether the unquoted parts of w make it a glob (* ?
// [...]) or a brace expansion ({a,b}, {1..3}). Quoted and escaped
// characters stand in as '_', which matches nothing special.
func isPattern(w *syntax.Word) bool {
	var sk []byte
	for _, part := range w.Parts {
		l, ok := part.(*syntax.Lit)
		if !ok {
			sk = append(sk, '_')
			continue
		}
		for i := 0; i < len(l.Value); i++ {
			if l.Value[i] == '\\' && i+1 < len(l.Value) {
				i++
				sk = append(sk, '_')
				continue
			}
			sk = append(sk, l.Value[i])
		}
	}
	depth, braceItems := 0, false
	for i, c := range sk {
		switch c {
		case '*', '?':
			return true
		case '[':
			for _, d := range sk[i+1:] {
				if d == ']' {
					return true
				}
			}
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
				if braceItems {
					return true
				}
			}
		case ',':
			if depth > 0 {
				braceItems = true
			}
		case '.':
			if depth > 0 && i+1 < len(sk) && sk[i+1] == '.' {
				braceItems = true
			}
		}
	}
	return false
}

// wrapSpec describes the options of a command that runs another command
// (sudo, env, nice, xargs …) so that the command behind it can be found.
type wrapSpec struct {
	arg      string   // short options that take an argument
	longArg  []string // long options that take an argument (--opt v)
	numOpt   bool     // -N is an option (nice -5)
	assigns  bool     // NAME=value words may precede the command
	operands int      // operands before the command (timeout's duration)
	// shell is a short option whose argument is a shell program (su -c,
	// env -S), with its long form; the program is analysed as a nested
	// shell and the command is not looked through.
	shell     byte
	shellLong string
	// joinRest: the words after the shell option's argument are part of
	// the program (env -S).
	joinRest bool
	// lookup lists short options that make the command a lookup, not a
	// wrapper (command -v).
	lookup string
	open   bool // arguments are appended at run time (xargs)
	// program: the words after the options are a shell program joined
	// with spaces (watch), unless an option in exec is given.
	program bool
	exec    string
	// noCommand: what follows the options is not a command (su's user
	// name); only a shell option makes it run something, or the option
	// cmdIf (runuser -u USER CMD).
	noCommand bool
	cmdIf     byte
	cmdIfLong string // a long option that makes it run a command (gdb --args)
	// strict: the options are known; an option not listed (in flags,
	// longFlags, arg, longArg, longArgN, wordFlags …) makes the command
	// too complex rather than guessed at, since it may take the next word
	// as its argument.
	strict    bool
	flags     string         // short options without an argument
	longFlags []string       // long options without an argument
	looseLong bool           // every --opt is a flag; values only as --opt=v
	exact     bool           // long options match only whole (llvm's: lldb --source is no --source-quietly)
	longArgN  map[string]int // long options with several arguments (bwrap --bind SRC DEST)
	wordFlags []string       // whole-word single-dash options (arch -arm64)
	wordArgs  []string       // whole-word single-dash options with an argument (gdb -ex)
	dashFlag  bool           // a lone "-" is an option (env -)
	// optArg lists short options whose argument is optional and, when
	// given, attached: the rest of the word (rlwrap -aPassword:).
	optArg string
	// dashCmd: with noCommand, the operands name no command (mise exec's
	// TOOL@VERSION); the command follows "--".
	dashCmd bool
	// cmdOpt is a short option, with its long form, whose argument and
	// every word after it are the command (nix develop -c CMD ARGS).
	cmdOpt     byte
	cmdOptLong string
	// envName: the command may be written ENV:CMD, or follow matrix
	// selectors (+py=3.12), as hatch run takes it; either makes the
	// command too complex, as its name is not a word of its own.
	envName bool
	// dashOperand: a leading operand may be a dash and a digit (faketime
	// -1d CMD, a relative time), not an option.
	dashOperand bool
	// progIf lists short options that make the first operand a shell
	// program rather than the command (entr -s 'make && ./app').
	progIf string
	// progs: each operand is a shell program of its own (hyperfine 'make'
	// 'make -j8'); progs finds them in the words after the command name,
	// with the option values that are programs too, or says why it
	// cannot (bad).
	progs func(args []Word) (progs []Word, bad string)
	// unread, when set, sees the words after the command's name: it says
	// why they fetch code from elsewhere than a registry and run it
	// unread (nix run github:o/r, pipx run --spec git+https://…), or ""
	// (checkFetchedCode).
	unread func(args []Word) string
	// repl is the replacement string option (xargs -I R); replDefault
	// the string used by the options that take none (xargs -i, parallel).
	repl        string
	replDefault string
	// Options whose value is a file the wrapper itself reads or writes,
	// or the directory it runs the command in: short ones are letters of
	// arg (or optArg), long ones of longArg (or, with looseLong, given as
	// --opt=v). Their values are paths of the command, as a redirection's
	// target is (time -o FILE, strace --output FILE, valgrind
	// --log-file=FILE, uv run --env-file FILE), and the directory is
	// followed as env -C's is (sudo -D DIR, unshare --wd DIR): left
	// unread, a wrapper wrote ~/.bashrc and a git hook, and ran curl -O in
	// .git/hooks.
	read, write, dir             string
	longRead, longWrite, longDir []string
	// checkValue, when set, sees the value of each option: it returns
	// the path the value names, when that is not the value itself
	// (parallel --joblog +FILE appends to FILE), and why the value makes
	// the command too complex (strace -o '|cmd' pipes to a shell
	// command), if it does.
	checkValue func(name string, v Word) (path Word, bad string)
	// optNext lists short options, and optNextLong long ones, whose value
	// is optional and, when not attached, the next word if that is no
	// option, as Perl's Getopt::Long takes ":s" (parallel -i R CMD); the
	// value of optNum and optNumLong ones (":f", parallel -l 2 CMD) only
	// if it is a number.
	optNext, optNum         string
	optNextLong, optNumLong []string
}

// wrapperSpecOf returns the wrapSpec of the wrapper name (lower case), or
// nil. The names are a switch, which costs nothing to set up, so that
// the table is built only for a command that is one of them: building it
// is most of a first decision's time (80 µs of 120, measured), which a
// run pays once. TestTableNames keeps the switch and the table agreeing.
func wrapperSpecOf(name string) *wrapSpec {
	switch name {
	case "arch", "builtin", "busybox", "bwrap", "caffeinate", "catchsegv", "ccache", "chroot", "chronic", "chrt",
		"command", "cpulimit", "dbus-launch", "dbus-run-session", "distcc", "doas", "dumb-init", "eatmydata", "entr",
		"env", "exec", "fakeroot", "faketime", "firejail", "flock", "gdb", "hyperfine", "i386", "i686", "icecc",
		"ionice", "linux32", "linux64", "lldb", "ltrace", "nice", "nohup", "nsenter", "numactl", "parallel",
		"pkexec", "prlimit", "proxychains", "proxychains4", "pump", "runuser", "sandbox-exec", "sccache", "script", "sem",
		"setarch", "setpriv", "setsid", "sg", "ssh-agent", "stdbuf", "strace", "su", "sudo",
		"systemd-inhibit", "systemd-run", "taskset", "time", "timeout", "tini", "torsocks", "toybox",
		"trickle", "tsp", "uname26", "unbuffer", "unshare", "valgrind", "watch", "x86_64", "xargs",
		"xvfb-run":
		return wrapperSpecs.get()[name]
	}
	return nil
}

// launcherOf returns the launcher name (lower case), or nil; as
// wrapperSpecOf, the table is built only for one of them.
func launcherOf(name string) *launcher {
	switch name {
	case ",", "asdf", "aws-vault", "bun", "bundle", "bunx", "conda", "cross-env", "cross-env-shell", "devbox", "direnv",
		"dotenv", "flox", "gem", "guix", "hatch", "mamba", "micromamba", "mise", "nix", "nix-shell", "npm", "npx", "op", "pdm",
		"perf", "pipenv", "pipx", "pkgx", "pnpm", "pnpx", "poetry", "rlwrap", "rye", "uv", "uvx", "yarn":
		return launchers.get()[name]
	}
	return nil
}

// wrapperSpecs are the commands looked through to find what really runs. Each
// is here because it runs its operands as a command with the same
// privileges or more: a rule for `rm` must also catch `sudo nice rm`.
var wrapperSpecs = lazy[map[string]*wrapSpec]{build: func() map[string]*wrapSpec {
	return map[string]*wrapSpec{
		"sudo": {arg: "ughpCDrtTUR", assigns: true, strict: true, flags: "AbEeHiKklnPSsVv", dir: "D", longDir: []string{"--chdir"},
			longArg:   []string{"--user", "--group", "--host", "--prompt", "--close-from", "--chdir", "--role", "--type", "--command-timeout", "--other-user", "--chroot"},
			longFlags: []string{"--askpass", "--background", "--bell", "--preserve-env", "--edit", "--set-home", "--help", "--login", "--remove-timestamp", "--reset-timestamp", "--list", "--non-interactive", "--preserve-groups", "--stdin", "--shell", "--version", "--validate"}},
		"doas":   {arg: "uC"},
		"pkexec": {longArg: []string{"--user"}},
		"env": {arg: "uCa", assigns: true, shell: 'S', shellLong: "--split-string", joinRest: true, strict: true, flags: "i0v", dashFlag: true,
			dir: "C", longDir: []string{"--chdir"},
			longArg:   []string{"--unset", "--chdir", "--argv0"},
			longFlags: []string{"--ignore-environment", "--null", "--debug", "--help", "--version", "--default-signal", "--ignore-signal", "--block-signal", "--list-signal-handling"}},
		"nice":     {arg: "n", numOpt: true, longArg: []string{"--adjustment"}},
		"ionice":   {arg: "cnp", longArg: []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}},
		"nohup":    {},
		"timeout":  {arg: "sk", operands: 1, longArg: []string{"--signal", "--kill-after"}},
		"time":     {arg: "fo", longArg: []string{"--format", "--output"}, write: "o", longWrite: []string{"--output"}},
		"command":  {lookup: "vV"},
		"builtin":  {},
		"exec":     {arg: "a"},
		"xargs":    {arg: "adEILnPsJR", open: true, repl: "IJ", replDefault: "{}", read: "a", longRead: []string{"--arg-file"}, longArg: []string{"--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}},
		"stdbuf":   {arg: "ioe", longArg: []string{"--input", "--output", "--error"}},
		"chrt":     {arg: "TPD", operands: 1, longArg: []string{"--sched-runtime", "--sched-period", "--sched-deadline"}},
		"taskset":  {operands: 1},
		"setsid":   {},
		"unbuffer": {},
		"busybox":  {},
		"toybox":   {},
		"parallel": parallelSpec(true),
		"chroot":   {operands: 1, longArg: []string{"--userspec", "--groups"}},
		"flock":    {arg: "wE", operands: 1, shell: 'c', shellLong: "--command", longArg: []string{"--timeout", "--wait", "--conflict-exit-code"}},
		// strace -o '|cmd' (or '!cmd') pipes the trace to a shell command.
		"strace": {arg: "abeEIoOpPsSuUX", strict: true, flags: "cCdDfFhiknqrtTvVwxyYzZ", write: "o", longWrite: []string{"--output"}, checkValue: straceValue,
			longArg: []string{"--output", "--trace", "--attach", "--string-limit", "--env", "--user", "--trace-path", "--interruptible",
				"--detach-on", "--signal", "--summary-sort", "--columns", "--const-print-style", "--summary-columns", "--inject", "--fault",
				"--status", "--read", "--write", "--abbrev", "--verbose", "--raw", "--quiet", "--decode-fds", "--decode-pids", "--secontext", "--kvm", "--argv0"},
			longFlags: []string{"--follow-forks", "--output-separately", "--summary-only", "--summary", "--summary-wall-clock", "--seccomp-bpf",
				"--stack-trace", "--syscall-times", "--timestamps", "--absolute-timestamps", "--relative-timestamps", "--instruction-pointer",
				"--no-abbrev", "--successful-only", "--failed-only", "--debug", "--help", "--version", "--daemonize", "--kill-on-exit",
				"--silent", "--tips", "--syscall-number", "--always-show-pid", "--output-append-mode", "--summary-syscall-overhead", "--namespace-translation"}},
		"ltrace": {arg: "aAeEnopsuXxDFlL", longArg: []string{"--output"}, write: "o", longWrite: []string{"--output"}},
		"unshare": {arg: "SGRwtl", strict: true, flags: "muinpUCTfrc", dir: "w", longDir: []string{"--wd"},
			longArg: []string{"--wd", "--setuid", "--setgid", "--root", "--propagation", "--map-user", "--map-group", "--map-users", "--map-groups",
				"--setgroups", "--monotonic", "--boottime", "--load-interp"},
			longFlags: []string{"--mount", "--uts", "--ipc", "--net", "--pid", "--user", "--cgroup", "--time", "--fork", "--kill-child",
				"--mount-proc", "--mount-binfmt", "--map-root-user", "--map-current-user", "--map-auto", "--keep-caps", "--help", "--version"}},
		"watch": {arg: "n", program: true, exec: "x",
			longArg: []string{"--interval"}},
		"su":      {arg: "gGsw", shell: 'c', shellLong: "--command", noCommand: true, longArg: []string{"--group", "--supp-group", "--shell", "--whitelist-environment"}},
		"runuser": {arg: "ugGsw", shell: 'c', shellLong: "--command", noCommand: true, cmdIf: 'u', longArg: []string{"--user", "--group", "--supp-group", "--shell", "--whitelist-environment"}},
		"script":  {arg: "cEIOBTm", shell: 'c', shellLong: "--command", noCommand: true, longArg: []string{"--log-io", "--log-in", "--log-out", "--log-timing", "--echo", "--logging-format"}},
		// Wrappers that run their operands as a command, added after a
		// review: each must be looked through or a rule for rm misses it.
		"fakeroot": {arg: "lsib", strict: true, flags: "uhv",
			longArg: []string{"--lib", "--faked"}, longFlags: []string{"--unknown-is-real", "--help", "--version"}},
		"ssh-agent":   {arg: "aEPOt", strict: true, flags: "cskDd", write: "a"}, // -a: the socket it binds
		"dbus-launch": {strict: true, looseLong: true},
		// xvfb-run -e writes the server's errors, -f its authority file.
		"xvfb-run": {arg: "efnpswd", strict: true, flags: "alh", write: "ef", longWrite: []string{"--error-file", "--auth-file"},
			longArg:   []string{"--error-file", "--auth-file", "--server-num", "--xauth-protocol", "--server-args", "--wait"},
			longFlags: []string{"--auto-servernum", "--listen-tcp", "--auto-display", "--help"}},
		"catchsegv": {strict: true},
		"valgrind":  {strict: true, flags: "qvhd", looseLong: true, longWrite: []string{"--log-file", "--xml-file"}},
		"gdb": {noCommand: true, cmdIfLong: "--args", strict: true, arg: "pcds", flags: "qnw", longDir: []string{"--cd"},
			wordFlags: []string{"-args", "-batch", "-nx", "-quiet", "-silent", "-nh", "-q"},
			longArg:   []string{"--pid", "--core", "--cd", "--directory", "--tty", "--data-directory", "--symbols", "--exec", "--se"},
			longFlags: []string{"--args", "--batch", "--nx", "--quiet", "--silent", "--nh", "--version", "--help", "--tui", "--write", "--readnow"}},
		// lldb runs the commands of -o, -O, -k and -K, of the files of -s,
		// -S, --source and kin (platform shell …), and, with
		// --local-lldbinit, of the project's .lldbinit: left out, they
		// make it too complex to check, as gdb's -ex and -x do. Its
		// options are llvm's: whole, with one dash or two, short ones
		// neither bundled nor with a value attached (-l is left out, or
		// -local-lldbinit would read as -l ocal-lldbinit). Its operands
		// are the program to debug and its arguments, which run only by
		// such a command; after -- they are looked through as gdb
		// --args' are.
		"lldb": {noCommand: true, dashCmd: true, strict: true, exact: true, arg: "npRcfa", flags: "wPxbQvhXd",
			longArg: []string{"--attach-name", "--attach-pid", "--script-language", "--repl-language", "--core", "--file", "--arch"},
			longFlags: []string{"--wait-for", "--python-path", "--print-script-interpreter-info", "--no-lldbinit", "--batch",
				"--source-quietly", "--version", "--help", "--no-use-colors", "--debug"},
			wordArgs: []string{"-attach-name", "-attach-pid", "-script-language", "-repl-language", "-core", "-file", "-arch"},
			wordFlags: []string{"-wait-for", "-python-path", "-print-script-interpreter-info", "-no-lldbinit", "-batch",
				"-source-quietly", "-version", "-help", "-no-use-colors", "-debug"}},
		// nsenter -w takes its directory attached (-wDIR, --wd=DIR), -W
		// (--wdns) as the next word.
		"nsenter": {arg: "tGSLW", strict: true, flags: "muinpUCTrFaeZ", optArg: "w", dir: "wW", longDir: []string{"--wd", "--wdns"},
			longArg: []string{"--target", "--setgid", "--setuid", "--env", "--wdns"}, longFlags: []string{"--wd"}, looseLong: true},
		"firejail": {strict: true, looseLong: true},
		"bwrap": {strict: true, longArgN: map[string]int{
			"--bind": 2, "--ro-bind": 2, "--dev-bind": 2, "--bind-try": 2, "--ro-bind-try": 2, "--dev-bind-try": 2, "--symlink": 2,
			"--setenv": 2, "--file": 2, "--bind-data": 2, "--ro-bind-data": 2, "--chmod": 2, "--overlay": 3,
			"--chdir": 1, "--tmpfs": 1, "--proc": 1, "--dev": 1, "--dir": 1, "--mqueue": 1, "--unsetenv": 1, "--uid": 1, "--gid": 1,
			"--hostname": 1, "--lock-file": 1, "--sync-fd": 1, "--info-fd": 1, "--json-status-fd": 1, "--block-fd": 1,
			"--userns-block-fd": 1, "--userns": 1, "--userns2": 1, "--pidns": 1, "--seccomp": 1, "--add-seccomp-fd": 1,
			"--exec-label": 1, "--file-label": 1, "--remount-ro": 1, "--cap-add": 1, "--cap-drop": 1, "--perms": 1, "--size": 1,
			"--args": 1, "--argv0": 1, "--overlay-src": 1, "--tmp-overlay": 1, "--ro-overlay": 1},
			longFlags: []string{"--unshare-all", "--share-net", "--unshare-user", "--unshare-user-try", "--unshare-ipc", "--unshare-pid",
				"--unshare-net", "--unshare-uts", "--unshare-cgroup", "--unshare-cgroup-try", "--die-with-parent", "--as-pid-1",
				"--new-session", "--clearenv", "--disable-userns", "--assert-userns-disabled", "--help", "--version", "--level-prefix"}},
		"systemd-run": {arg: "upEHMs", strict: true, flags: "dGPqrSt", longDir: []string{"--working-directory"},
			longArg: []string{"--unit", "--property", "--description", "--slice", "--service-type", "--uid", "--gid", "--nice",
				"--working-directory", "--setenv", "--host", "--machine", "--on-active", "--on-boot", "--on-startup", "--on-unit-active",
				"--on-unit-inactive", "--on-calendar", "--on-timezone-change", "--on-clock-change", "--timer-property", "--path-property",
				"--socket-property", "--expand-environment"},
			longFlags: []string{"--same-dir", "--collect", "--pty", "--pipe", "--quiet", "--remain-after-exit", "--send-sighup", "--scope",
				"--wait", "--user", "--system", "--no-block", "--no-ask-password", "--shell", "--help", "--version", "--slice-inherit"}},
		"sg":           {operands: 1, shell: 'c', program: true, strict: true, dashFlag: true},
		"caffeinate":   {arg: "tw", strict: true, flags: "dimsu"},
		"arch":         {arg: "de", strict: true, wordFlags: []string{"-arm64", "-arm64e", "-x86_64", "-x86_64h", "-i386", "-32", "-64", "-c"}},
		"sandbox-exec": {arg: "fpnD", strict: true},
		// Launchers that run their operands as a command, added after a
		// second review.
		"setarch":          setarchSpec(1),
		"linux32":          setarchSpec(0),
		"linux64":          setarchSpec(0),
		"i386":             setarchSpec(0),
		"i686":             setarchSpec(0),
		"x86_64":           setarchSpec(0),
		"uname26":          setarchSpec(0),
		"dbus-run-session": {strict: true, longArg: []string{"--config-file", "--dbus-daemon"}, longFlags: []string{"--help", "--version"}},
		"setpriv": {strict: true, flags: "dhV",
			longArg: []string{"--ruid", "--euid", "--reuid", "--rgid", "--egid", "--regid", "--groups", "--securebits", "--pdeathsig",
				"--selinux-label", "--apparmor-profile", "--landlock-access", "--landlock-rule", "--seccomp-filter", "--inh-caps",
				"--ambient-caps", "--bounding-set", "--ptracer"},
			longFlags: []string{"--clear-groups", "--keep-groups", "--init-groups", "--nnp", "--no-new-privs", "--reset-env", "--dump",
				"--list-caps", "--help", "--version"}},
		// prlimit's resource options take an optional value, attached
		// (-n10, --nofile=10): -n10 is an unknown option here, asked.
		"prlimit": {arg: "po", strict: true, flags: "cdefilmnqrstuvxyhV", looseLong: true, longArg: []string{"--pid", "--output"}},
		// Wrappers that run their operands as a command, added after a
		// third review: each changes only how it runs (its output, its
		// clock, its CPU, memory or bandwidth, its network route, its
		// init process, when it runs), so a rule for git push must see
		// git push behind them.
		"chronic":   {strict: true, flags: "ev"},
		"eatmydata": {strict: true, longFlags: []string{"--help", "--version"}},
		// faketime TIMESTAMP CMD: a relative time may start with a dash.
		"faketime": {strict: true, operands: 1, dashOperand: true, flags: "mfhv", arg: "p",
			longArg: []string{"--date-prog"}, longFlags: []string{"--exclude-monotonic", "--disable-shm", "--help", "--version"}},
		"numactl": {strict: true, flags: "aslHtdDuTVb", arg: "iwpPcNCmSfoLMI",
			longArg: []string{"--interleave", "--weighted-interleave", "--preferred", "--preferred-many", "--cpubind",
				"--cpunodebind", "--physcpubind", "--membind", "--shm", "--file", "--offset", "--length", "--shmmode", "--shmid"},
			longFlags: []string{"--all", "--show", "--localalloc", "--hardware", "--strict", "--dump", "--dump-nodes", "--huge",
				"--touch", "--verify", "--balancing", "--cpu-compress", "--version", "--help"}},
		// cpulimit: the options of both implementations (0.2's and
		// LimitCPU's, packaged as cpulimit 3).
		"cpulimit": {strict: true, flags: "vzihbfmkrq", arg: "pelcPs",
			longArg: []string{"--pid", "--exe", "--limit", "--cpu", "--path", "--signal"},
			longFlags: []string{"--verbose", "--lazy", "--include-children", "--help", "--background", "--foreground",
				"--monitor-forks", "--kill", "--restore", "--quiet"}},
		"trickle": {strict: true, flags: "hvVs", arg: "duwtlnL"},
		// Compiler caches and distributors run the compiler their
		// operand names (ccache gcc -o FILE): its -o and -wrapper must
		// be seen. ccache's own options make it a command of its own
		// (ccache -s, ccache -o max_size=5G).
		"ccache":       {lookup: "szCcMFopxXkdVh"},
		"sccache":      {},
		"distcc":       {},
		"icecc":        {},
		"pump":         {},
		"proxychains":  {strict: true, flags: "qh", arg: "f"},
		"proxychains4": {strict: true, flags: "qh", arg: "f"},
		"torsocks": {strict: true, flags: "idqh", arg: "upaP", longArg: []string{"--user", "--pass", "--address", "--port"},
			longFlags: []string{"--isolate", "--debug", "--quiet", "--help", "--version", "--shell"}},
		"tini": {strict: true, flags: "hvwgls", arg: "pe", longFlags: []string{"--version"}},
		"dumb-init": {strict: true, flags: "cvVh", arg: "r", longArg: []string{"--rewrite"},
			longFlags: []string{"--single-child", "--verbose", "--version", "--help"}},
		"systemd-inhibit": {strict: true, flags: "h", longArg: []string{"--what", "--who", "--why", "--mode"},
			longFlags: []string{"--list", "--no-pager", "--no-legend", "--no-ask-password", "--help", "--version"}},
		// entr runs its operands each time a file changes; with -s the
		// first is a shell program.
		"entr": {strict: true, flags: "acdnprxz", progIf: "s"},
		// tsp (task spooler) queues its operands as a job; its actions
		// (-l, -t ID, -k ID …) run none.
		"tsp": {strict: true, flags: "nEgfmdB", arg: "DLN", lookup: "KClStcpoisrwkuUhVT"},
		// sem is parallel --semaphore: the command's words are joined and
		// run by a shell, as parallel's are.
		"sem":       parallelSpec(false),
		"hyperfine": {progs: hyperfinePrograms},
	}
}}

// parallelSpec describes GNU parallel's options (open: it appends its
// input to the command, as parallel does and sem, its --semaphore, does
// not). They are strict: parallel takes a long option's value from the
// next word too, so an option missing here took its value for the command
// (parallel --wd . rm -rf ::: / ran rm). They are those of parallel's own
// table (options_completion_hash) but the ones that run what is not seen
// here, left out to be too complex: Perl code (--rpl, --filter, --parens,
// --shard, --bin, --group-by, and the other --*replace strings, which
// the command's words would be checked without), programs (--ssh,
// --limit, --compress-program, --decompress-program, --rsync-opts, a
// --sshloginfile, --sql-*), options read from a file (--profile, -J,
// --shebang) and --template, --embed and the retired ones.
func parallelSpec(open bool) *wrapSpec {
	s := &wrapSpec{strict: true, open: open, arg: "DIjSPdsaEnNCL", flags: "mXvkgu0qMorptVxh",
		optNext: "ie", optNum: "l", optNextLong: []string{"--replace", "--eof"}, optNumLong: []string{"--max-lines", "--maxlines"},
		longArg: []string{"--debug", "--joblog", "--jl", "--results", "--result", "--res", "--jobs", "--delay", "--ssh-delay",
			"--sshdelay", "--load", "--nice", "--tag-string", "--tagstring", "--ctag-string", "--ctagstring", "--sshlogin",
			"--return", "--trc", "--basefile", "--bf", "--transfer-file", "--transferfile", "--transfer-files",
			"--transferfiles", "--tf", "--work-dir", "--workdir", "--wd", "--tmpdir", "--tempdir", "--total-jobs",
			"--totaljobs", "--total", "--arg-sep", "--argsep", "--arg-file-sep", "--argfilesep", "--trim", "--env",
			"--halt-on-error", "--haltonerror", "--halt", "--memfree", "--memsuspend", "--retries", "--timeout", "--term-seq",
			"--termseq", "--max-procs", "--maxprocs", "--delimiter", "--max-chars", "--maxchars", "--arg-file", "--argfile",
			"--process-slot-var", "--processslotvar", "--max-args", "--maxargs", "--max-replace-args", "--maxreplaceargs",
			"--col-sep", "--colsep", "--min-version", "--minversion", "--semaphore-timeout", "--semaphoretimeout", "--st",
			"--semaphore-name", "--semaphorename", "--id", "--recstart", "--recend", "--block-size", "--blocksize", "--block",
			"--block-timeout", "--blocktimeout", "--bt", "--header"},
		longFlags: []string{"--replace", "--eof", "--max-lines", "--maxlines", "--xargs", "--resume", "--resume-failed",
			"--resumefailed", "--retry-failed", "--retryfailed", "--silent", "--keep-order", "--keeporder", "--no-keep-order",
			"--nokeeporder", "--nok", "--no-k", "--group", "--ungroup", "--latest-line", "--latestline", "--ll",
			"--line-buffer", "--line-buffered", "--linebuffer", "--linebuffered", "--lb", "--tmux", "--tmux-pane",
			"--tmuxpane", "--null", "--quote", "--plus", "--noswap", "--max-line-length-allowed",
			"--maxlinelengthallowed", "--number-of-cpus", "--numberofcpus", "--number-of-sockets", "--numberofsockets",
			"--number-of-cores", "--numberofcores", "--number-of-threads", "--numberofthreads",
			"--use-sockets-instead-of-threads", "--usesocketsinsteadofthreads", "--use-cores-instead-of-threads",
			"--usecoresinsteadofthreads", "--use-cpus-instead-of-cores", "--usecpusinsteadofcores", "--shell-quote",
			"--shellquote", "--shell_quote", "--tag", "--ctag", "--color", "--colour", "--color-failed", "--colour-failed",
			"--colorfailed", "--colourfailed", "--color-fail", "--colour-fail", "--colorfail", "--colourfail", "--cf",
			"--onall", "--nonall", "--filter-hosts", "--filterhosts", "--filter-host", "--controlmaster", "--transfer",
			"--cleanup", "--ctrl-c", "--ctrlc", "--no-ctrl-c", "--no-ctrlc", "--noctrlc", "--compress", "--open-tty",
			"--tty", "--dry-run", "--dryrun", "--dr", "--progress", "--eta", "--bar", "--shuf", "--recordenv",
			"--record-env", "--session", "--plain", "--gnu", "--link", "--xapply", "--will-cite", "--willcite", "--nn",
			"--nonotice", "--no-notice", "--no-run-if-empty", "--norunifempty", "--csv", "--help", "--interactive",
			"--verbose", "--version", "--show-limits", "--showlimits", "--exit", "--semaphore", "--fg", "--bg", "--wait",
			"--skip-first-line", "--skipfirstline", "--bug", "--pipe", "--spreadstdin", "--round-robin", "--roundrobin",
			"--round", "--regexp", "--regex", "--remove-rec-sep", "--removerecsep", "--rrs", "--output-as-files",
			"--outputasfiles", "--files", "--cat", "--fifo", "--pipe-part", "--pipepart", "--tee", "--hgrp", "--hostgrp",
			"--hostgroup", "--hostgroups"},
		// The files written (--results' directory, the job log, the
		// temporary files, those --return brings back), read (the
		// argument file, the files sent to remote hosts) and the
		// directory the command runs in.
		longWrite: []string{"--results", "--result", "--res", "--joblog", "--jl", "--tmpdir", "--tempdir", "--return",
			"--trc"},
		read: "a", longRead: []string{"--arg-file", "--argfile", "--basefile", "--bf", "--transfer-file", "--transferfile",
			"--transfer-files", "--transferfiles", "--tf"},
		longDir:    []string{"--work-dir", "--workdir", "--wd"},
		checkValue: parallelValue,
	}
	if open {
		s.repl, s.replDefault = "I", "{"
	}
	return s
}

// parallelValue: parallel --joblog +FILE appends to FILE; an sshlogin
// with a space names the command parallel runs for ssh (-S '/usr/bin/ssh
// host' runs /usr/bin/ssh, or any other program); and a string in which
// parallel evaluates {= … =} as Perl (--tagstring) runs that code. The
// last two are too complex to check.
func parallelValue(name string, v Word) (Word, string) {
	switch {
	case (name == "--joblog" || name == "--jl") && v.Literal && strings.HasPrefix(v.Text, "+"):
		return Word{Text: v.Text[1:], Literal: true}, ""
	case (name == "-S" || name == "--sshlogin") && (!v.Literal || strings.ContainsAny(v.Text, " \t")):
		return v, name + " " + shorten(v.Text) + " may name the command parallel runs for ssh"
	case strings.Contains(v.Text, "{="):
		return v, name + " " + shorten(v.Text) + " holds Perl code parallel runs"
	}
	return v, ""
}

// straceValue: strace -o '|cmd' and -o '!cmd' pipe the trace to a shell
// command, which is not checked; so may a value whose start is only known
// at run time.
func straceValue(name string, v Word) (Word, string) {
	if (name == "-o" || name == "--output") && (strings.IndexAny(v.Text, "|!") == 0 || !v.Literal && strings.IndexAny(v.Text, "$`") == 0) {
		return v, name + " " + shorten(v.Text) + " may pipe the trace to a shell command, which is not checked"
	}
	return v, ""
}

// hyperfineTakes are hyperfine's options that take a value; the first
// five name a command, run through a shell as the operands are.
var hyperfineTakes = []string{"--setup", "--prepare", "--conclude", "--cleanup", "--reference", "--warmup", "--min-runs",
	"--max-runs", "--runs", "--parameter-scan", "--parameter-step-size", "--parameter-list", "--shell", "--style", "--sort",
	"--time-unit", "--command-name", "--reference-name"}

// hyperfine's --export-* and --output write, and --input reads, a file
// they name, which the wrapper tables do not check as a path: left out,
// so that they make the command too complex (a review wrote ~/.bashrc and
// a git hook through them).

// maxHyperfineRuns bounds the commands a parameter list expands to.
const maxHyperfineRuns = 64

// hyperfinePrograms finds what hyperfine runs: each operand, and the
// value of each option that names a command, is a shell program (with
// --shell=none hyperfine splits it into words itself: the same
// commands). The values of a parameter list (-L NAME a,b) are put in for
// {NAME}, a program for each; a parameter scan (-P NAME MIN MAX) in a
// program makes it too complex, as does a --shell that is not a shell.
func hyperfinePrograms(args []Word) ([]Word, string) {
	type param struct {
		name string
		vals []string
		scan bool
	}
	var progs []Word
	var params []param
	bad := ""
	want := 0 // words of the last -P or -L still to come
	short := map[string]string{"-s": "--setup", "-p": "--prepare", "-c": "--cleanup", "-P": "--parameter-scan",
		"-L": "--parameter-list", "-S": "--shell"}
	long := append(slices.Clip(hyperfineTakes), "--ignore-failure", "--show-output", "--help", "--version")
	getopt(args, "wmMrspcPDLSun", "", long, hyperfineTakes,
		func(name string, val Word, ok bool) {
			name = cmp.Or(short[name], name)
			switch {
			case !ok && slices.Contains(hyperfineTakes, name):
			case name == "--setup" || name == "--prepare" || name == "--conclude" || name == "--cleanup" || name == "--reference":
				progs = append(progs, val)
			case name == "--parameter-scan" || name == "--parameter-list":
				scan := name == "--parameter-scan"
				params, want = append(params, param{name: "{" + val.Text + "}", scan: scan}), 1
				if scan {
					want = 2
				}
				if !val.Literal {
					bad = cmp.Or(bad, "non-literal hyperfine parameter "+shorten(val.Text)+": what it runs cannot be told")
				}
			case name == "--shell":
				if sh, _, _ := strings.Cut(val.Text, " "); !val.Literal || sh != "none" && !isShell(baseName(sh)) {
					bad = cmp.Or(bad, "hyperfine --shell "+shorten(val.Text)+" runs its commands with a program that is not a shell")
				}
			case slices.Contains(long, name) || len(name) == 2 && strings.IndexByte("wmMrDunNihV", name[1]) >= 0:
			default:
				bad = cmp.Or(bad, "unknown option "+shorten(name)+" of hyperfine: what it runs cannot be told")
			}
		},
		func(w Word) {
			if want == 0 {
				progs = append(progs, w)
				return
			}
			if p := &params[len(params)-1]; !p.scan {
				p.vals = strings.Split(w.Text, ",")
				if !w.Literal {
					bad = cmp.Or(bad, "non-literal hyperfine parameter list "+shorten(w.Text)+": what it runs cannot be told")
				}
			}
			want--
		})
	if bad != "" || len(params) == 0 {
		return progs, bad
	}
	var out []Word
	for _, prog := range progs {
		texts := []string{prog.Text}
		for _, p := range params {
			switch {
			case !strings.Contains(prog.Text, p.name):
			case p.scan:
				return nil, "hyperfine puts the parameter scan " + p.name + " in " + shorten(prog.Text) + ": what it runs cannot be told"
			default:
				var next []string
				for _, t := range texts {
					for _, v := range p.vals {
						next = append(next, strings.ReplaceAll(t, p.name, v))
					}
				}
				if texts = next; len(texts) > maxHyperfineRuns {
					return nil, "hyperfine's parameter lists make more than " + strconv.Itoa(maxHyperfineRuns) + " commands"
				}
			}
		}
		for _, t := range texts {
			out = append(out, Word{Text: t, Literal: prog.Literal})
		}
	}
	return out, ""
}

// optionalValue reports whether the option name of s takes words[i], the
// word after it, as its optional value (optNext, optNum); unsure when that
// word is only known at run time, and may or may not look like an option
// or a number.
func (s *wrapSpec) optionalValue(name string, words []Word, i int) (takes, unsure bool) {
	in := func(short string, long []string) bool {
		if len(name) == 2 && name[1] != '-' {
			return strings.IndexByte(short, name[1]) >= 0
		}
		return slices.Contains(long, name)
	}
	next, num := in(s.optNext, s.optNextLong), in(s.optNum, s.optNumLong)
	switch {
	case !next && !num || i >= len(words):
		return false, false
	case !words[i].Literal:
		return false, true
	case num:
		return isDecimal(words[i].Text), false
	}
	// Getopt::Long leaves an option, or --, for what it is; a lone dash
	// is a value.
	t := words[i].Text
	return t == "-" || !strings.HasPrefix(t, "-"), false
}

// isDecimal reports whether t is a number as Perl's Getopt::Long reads
// one (-1, 2.5, 1e3, 1_000).
func isDecimal(t string) bool {
	t = strings.TrimLeft(t, "+-")
	if t == "" || (t[0] < '0' || t[0] > '9') && t[0] != '.' {
		return false
	}
	_, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	return err == nil && !strings.ContainsAny(t, "xXpP")
}

// longName returns the long option that name, a word's text before any
// =, stands for. getopt_long, and most parsers like it (sudo's, GNU
// time's, Perl's Getopt::Long), take any unambiguous prefix of a long
// option: `nice --adj 5 rm` is `nice --adjustment 5 rm`, whose 5 is no
// command. A name the spec lists is itself; a prefix of exactly one
// listed option is that option; a prefix of several is ambiguous (ok
// false): the program refuses it, or, where the spec is incomplete, may
// take it for one that consumes the next word.
func (s *wrapSpec) longName(name string) (string, bool) {
	if s.exact {
		return name, true
	}
	found := ""
	ambiguous := false
	try := func(l string) {
		switch {
		case l == "" || found == l:
		case l == name:
			found, ambiguous = l, false
		case found == name:
		case strings.HasPrefix(l, name):
			ambiguous = found != ""
			found = l
		}
	}
	for _, l := range s.longArg {
		try(l)
	}
	for _, l := range s.longFlags {
		try(l)
	}
	for l := range s.longArgN {
		try(l)
	}
	try(s.shellLong)
	try(s.cmdIfLong)
	try(s.cmdOptLong)
	if s.exec != "" {
		try("--exec")
	}
	if s.repl != "" {
		try("--replace")
	}
	switch {
	case found == "":
		return name, true
	case ambiguous:
		return name, false
	}
	return found, true
}

// setarchSpec describes setarch, which takes the architecture as its first
// operand, and its links named after an architecture (linux32), which
// take none.
func setarchSpec(operands int) *wrapSpec {
	return &wrapSpec{operands: operands, strict: true, flags: "v3BFILRSTXZhV",
		longFlags: []string{"--verbose", "--3gb", "--4gb", "--32bit", "--fdpic-funcptrs", "--short-inode", "--addr-compat-layout",
			"--addr-no-randomize", "--whole-seconds", "--sticky-timeouts", "--read-implies-exec", "--mmap-page-zero", "--uname-2.6",
			"--list", "--help", "--version"}}
}

// launcher describes a language tool that runs a command through one of
// its subcommands (uv run, bundle exec, npm exec), or by itself (npx,
// uvx). Its command is looked through as a wrapper's is: `uv run rm -rf
// /` deletes / whatever uv does first.
type launcher struct {
	// spec: the tool itself runs its operands (npx); the rest is unused.
	spec *wrapSpec
	// global holds the tool's own options, which come before the
	// subcommand (uv --directory D run); nil when it takes none there.
	global *wrapSpec
	// subs are the subcommands that run a command, with their options.
	subs []launchSub
}

// launchSub is a subcommand that runs a command. name may be two words
// (uv tool run).
type launchSub struct {
	name string
	spec *wrapSpec
}

// launchers are the language launchers looked through, by tool name. The
// option tables are strict: an option not listed may take the next word
// as its value, so it makes the command too complex rather than guessed
// at. Subcommands and options come from each tool's reference.
var launchers = lazy[map[string]*launcher]{build: func() map[string]*launcher {
	// uv (clap): global options may also follow the subcommand.
	uvGlobalFlags := []string{"--no-cache", "--no-cache-dir", "--no-config", "--help", "--version", "--managed-python",
		"--no-managed-python", "--allow-python-downloads", "--no-python-downloads", "--quiet", "--verbose", "--no-color",
		"--native-tls", "--no-native-tls", "--system-certs", "--no-system-certs", "--offline", "--no-offline", "--preview",
		"--no-preview", "--isolated", "--show-settings", "--no-progress", "--no-installer-metadata"}
	uvGlobalArgs := []string{"--cache-dir", "--config-file", "--python-preference", "--python-fetch", "--color",
		"--allow-insecure-host", "--trusted-host", "--preview-features", "--preview-feature", "--directory", "--project"}
	// uv's resolver, installer and build options, shared by run and tool run.
	uvResolveFlags := []string{"--no-env-file", "--no-index", "--upgrade", "--no-upgrade", "--reinstall", "--force-reinstall",
		"--no-reinstall", "--pre", "--no-build-isolation", "--build-isolation", "--compile-bytecode", "--compile",
		"--no-compile-bytecode", "--no-compile", "--no-sources", "--no-build", "--build", "--no-binary", "--binary",
		"--refresh", "--no-refresh", "--show-resolution"}
	uvResolveArgs := []string{"--with", "--with-editable", "--with-requirements", "--env-file", "--index", "--default-index",
		"--index-url", "--extra-index-url", "--find-links", "--upgrade-package", "--upgrade-group", "--reinstall-package",
		"--index-strategy", "--keyring-provider", "--resolution", "--prerelease", "--prerelease-package", "--fork-strategy",
		"--config-setting", "--config-settings", "--config-settings-package", "--no-build-isolation-package",
		"--exclude-newer", "--exclude-newer-package", "--link-mode", "--no-sources-package", "--no-build-package",
		"--no-binary-package", "--refresh-package", "--python", "--python-platform"}
	cat := func(lists ...[]string) []string {
		var out []string
		for _, l := range lists {
			out = append(out, l...)
		}
		return out
	}
	uvGlobal := &wrapSpec{strict: true, flags: "nqvhV", longArg: uvGlobalArgs, longFlags: uvGlobalFlags}
	uvRun := &wrapSpec{strict: true, flags: "nqvhVmsU", arg: "wifPCp", longRead: []string{"--env-file"},
		longArg: cat(uvGlobalArgs, uvResolveArgs, []string{"--extra", "--no-extra", "--group", "--no-group", "--only-group",
			"--no-editable-package", "--package", "--max-recursion-depth"}),
		longFlags: cat(uvGlobalFlags, uvResolveFlags, []string{"--all-extras", "--no-all-extras", "--dev", "--no-dev",
			"--only-dev", "--no-default-groups", "--all-groups", "--module", "--editable", "--no-editable", "--inexact",
			"--no-exact", "--exact", "--active", "--no-active", "--no-sync", "--locked", "--frozen", "--script", "--gui-script",
			"--all-packages", "--no-project", "--no-workspace"})}
	// uv tool run, and uvx: the first operand names the command (its
	// package unless --from says otherwise).
	uvToolRun := &wrapSpec{strict: true, flags: "nqvhVU", arg: "wcbifPCp", longRead: []string{"--env-file"},
		longArg: cat(uvGlobalArgs, uvResolveArgs, []string{"--from", "--constraints", "--constraint", "--build-constraints",
			"--build-constraint", "--overrides", "--override", "--torch-backend"}),
		longFlags: cat(uvGlobalFlags, uvResolveFlags, []string{"--lfs"})}
	uvToolRun.unread = pyUnread(uvToolRun, "uv tool run", []string{"--from", "--with"})
	uvRunWith := pyUnread(uvRun, "uv run", []string{"--with", "--with-editable"})
	uvRun.unread = func(args []Word) string {
		// uv run --with git+https://…, and uv run https://…/x.py, which
		// fetches the script and runs it.
		if r := uvRunWith(args); r != "" {
			return r
		}
		if k, _ := skipOptions(args, 0, uvRun); k < len(args) {
			if t := strings.ToLower(looseText(args[k].Text)); strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://") {
				return "uv run " + shorten(args[k].Text) + " runs a script fetched from outside the project, which nobody read"
			}
		}
		return ""
	}
	pipxRun := &wrapSpec{strict: true, flags: "qvhe", arg: "i",
		longArg: []string{"--spec", "--python", "--index-url", "--pip-args", "--backend", "--installer"},
		longFlags: []string{"--no-cache", "--pypi", "--path", "--system-site-packages", "--editable", "--fetch-missing-python",
			"--verbose", "--quiet", "--help"}}
	pipxRun.unread = pyUnread(pipxRun, "pipx run", []string{"--spec"})
	// poetry (cleo) takes its global options on either side of run.
	poetry := &wrapSpec{strict: true, flags: "qvnhV", arg: "CP",
		longArg:   []string{"--directory", "--project"},
		longFlags: []string{"--quiet", "--verbose", "--no-interaction", "--ansi", "--no-ansi", "--no-plugins", "--no-cache", "--help", "--version"}}
	pipenv := &wrapSpec{strict: true, flags: "qvh",
		longArg: []string{"--python", "--pypi-mirror"},
		longFlags: []string{"--quiet", "--verbose", "--clear", "--help", "--system", "--site-packages", "--no-site-packages",
			"--bare", "--version"}}
	pdmGlobal := &wrapSpec{strict: true, flags: "hVvqIn", arg: "c",
		longArg: []string{"--config", "--pep582"}, longFlags: []string{"--help", "--version", "--verbose", "--quiet",
			"--no-cache", "--ignore-python", "--non-interactive"}}
	// pdm run --venv takes an optional value, taken here as given: argparse
	// takes the next word unless it is an option.
	pdmRun := &wrapSpec{strict: true, flags: "hvqgrljs", arg: "pk",
		longArg: []string{"--project", "--venv", "--skip"},
		longFlags: []string{"--help", "--verbose", "--quiet", "--global", "--reuse-env", "--list", "--json", "--site-packages",
			"--recreate"}}
	// hatch run's operands may name an environment (ENV:CMD) or a matrix
	// (+py=3.12): see wrapSpec.envName.
	hatchGlobal := &wrapSpec{strict: true, flags: "vqh", arg: "ep",
		longArg:   []string{"--env", "--project", "--data-dir", "--cache-dir", "--config"},
		longFlags: []string{"--verbose", "--quiet", "--color", "--no-color", "--interactive", "--no-interactive", "--help", "--version"}}
	rye := &wrapSpec{strict: true, flags: "vqhl", longArg: []string{"--pyproject"},
		longFlags: []string{"--verbose", "--quiet", "--help", "--list"}}
	conda := &wrapSpec{strict: true, flags: "vsh", arg: "np", longDir: []string{"--cwd"},
		longArg: []string{"--name", "--prefix", "--cwd"},
		longFlags: []string{"--verbose", "--dev", "--debug-wrapper-scripts", "--no-capture-output", "--live-stream",
			"--help"}}
	// micromamba run, also mamba 2's.
	mamba := &wrapSpec{strict: true, flags: "vqyhd", arg: "nprae", longDir: []string{"--cwd"}, longRead: []string{"--rc-file"},
		longArg: []string{"--name", "--prefix", "--root-prefix", "--cwd", "--attach", "--env", "--label", "--rc-file",
			"--log-level"},
		longFlags: []string{"--clean-env", "--detach", "--verbose", "--quiet", "--yes", "--help", "--no-rc", "--no-env",
			"--json", "--offline", "--dry-run"}}
	bundleGlobal := &wrapSpec{strict: true, flags: "Vh", longFlags: []string{"--no-color", "--verbose", "--help"},
		longArg: []string{"--retry"}, arg: "r"}
	bundleExec := &wrapSpec{strict: true, flags: "h", longArg: []string{"--gemfile"},
		longFlags: []string{"--keep-file-descriptors", "--no-keep-file-descriptors", "--help"}}
	// npm's options (nopt) may name any configuration key, most taking a
	// value: those not listed are too complex. -c/--call runs a shell
	// string; npx's -p is --package, npm's is --parseable.
	npmLongArg := []string{"--package", "--workspace", "--prefix", "--registry", "--cache", "--loglevel", "--userconfig"}
	npmLongFlags := []string{"--yes", "--no", "--workspaces", "--include-workspace-root", "--ignore-scripts", "--offline",
		"--prefer-offline", "--prefer-online", "--silent", "--quiet", "--verbose", "--foreground-scripts", "--parseable",
		"--global", "--help"}
	npx := &wrapSpec{strict: true, flags: "yqsdh", arg: "pw", shell: 'c', shellLong: "--call", wordFlags: []string{"-ws"},
		longArg: npmLongArg, longFlags: npmLongFlags}
	npm := &wrapSpec{strict: true, flags: "yqsdhpg", arg: "w", shell: 'c', shellLong: "--call", wordFlags: []string{"-ws"},
		longArg: npmLongArg, longFlags: npmLongFlags}
	npx.unread, npm.unread = npxUnread(npx, "npx"), npxUnread(npm, "npm exec")
	// pnpm: its -c/--shell-mode runs the words through a shell; not
	// listed, it is too complex.
	pnpm := &wrapSpec{strict: true, flags: "rswh", arg: "FC", dir: "C", longDir: []string{"--dir"},
		longArg: []string{"--filter", "--dir", "--package", "--allow-build", "--reporter", "--workspace-concurrency",
			"--resume-from", "--loglevel"},
		longFlags: []string{"--recursive", "--silent", "--workspace-root", "--parallel", "--stream", "--aggregate-output",
			"--fail-if-no-match", "--include-workspace-root", "--no-bail", "--report-summary", "--sort", "--no-sort",
			"--reverse", "--color", "--no-color", "--ignore-workspace", "--no-reporter-hide-prefix", "--help"}}
	yarnGlobal := &wrapSpec{strict: true, longArg: []string{"--cwd"}, longDir: []string{"--cwd"}}
	yarnDlx := &wrapSpec{strict: true, flags: "qh", arg: "p", longArg: []string{"--package"},
		longFlags: []string{"--quiet", "--help"}}
	// yarn exec and bun exec run their words as a shell script.
	yarnExec := &wrapSpec{strict: true, program: true}
	bunx := &wrapSpec{strict: true, flags: "h", arg: "p", longArg: []string{"--package"},
		longFlags: []string{"--bun", "--no-install", "--verbose", "--silent", "--help"}}
	bunGlobal := &wrapSpec{strict: true, longArg: []string{"--cwd"}, longFlags: []string{"--bun", "--silent"}, longDir: []string{"--cwd"}}
	// mise exec: the operands are tools (node@20); the command follows
	// -- or is a string given to -c.
	miseGlobal := &wrapSpec{strict: true, flags: "qvyh", arg: "CEP", dir: "C", longDir: []string{"--cd"},
		longArg:   []string{"--cd", "--env", "--profile"},
		longFlags: []string{"--quiet", "--verbose", "--yes", "--silent", "--help", "--locked", "--offline"}}
	miseExec := &wrapSpec{strict: true, noCommand: true, dashCmd: true, shell: 'c', shellLong: "--command",
		flags: "qvyh", arg: "jCEP", dir: "C", longDir: []string{"--cd"},
		longArg:   []string{"--jobs", "--cd", "--env", "--profile"},
		longFlags: []string{"--fresh-env", "--no-prepare", "--raw", "--quiet", "--verbose", "--yes", "--silent", "--help"}}
	// nix develop and nix shell run the words after -c/--command; their
	// operands are installables. Options with two values are listed.
	nixFlags := []string{"--impure", "--pure-eval", "--no-pure-eval", "--accept-flake-config", "--no-write-lock-file",
		"--recreate-lock-file", "--commit-lock-file", "--no-update-lock-file", "--no-registries", "--offline", "--refresh",
		"--show-trace", "--verbose", "--quiet", "--debug", "--print-build-logs", "--keep-going", "--fallback",
		"--ignore-environment", "--expr", "--help", "--version", "--no-use-registries"}
	nixArgN := map[string]int{"--override-input": 2, "--option": 2, "--arg": 2, "--argstr": 2, "--redirect": 2,
		"--extra-experimental-features": 1, "--experimental-features": 1, "--update-input": 1, "--inputs-from": 1,
		"--reference-lock-file": 1, "--output-lock-file": 1, "--log-format": 1, "--max-jobs": 1, "--cores": 1,
		"--file": 1, "--keep": 1, "--unset": 1, "--profile": 1, "--phase": 1, "--store": 1, "--eval-store": 1,
		"--include": 1, "--builders": 1, "--system": 1}
	nixGlobal := &wrapSpec{strict: true, flags: "vLh", arg: "jI", longFlags: nixFlags, longArgN: nixArgN}
	nixCmd := &wrapSpec{strict: true, noCommand: true, cmdOpt: 'c', cmdOptLong: "--command", flags: "vLih",
		arg: "jfkuI", longFlags: nixFlags, longArgN: nixArgN}
	nixShell, nixDevelop := *nixCmd, *nixCmd
	nixShell.unread, nixDevelop.unread = nixUnread(nixCmd, "shell", false), nixUnread(nixCmd, "develop", false)
	// nix run runs the main program of its first operand, with the words
	// after it.
	nixRun := &wrapSpec{strict: true, flags: "vLh", arg: "jfI", longFlags: nixFlags, longArgN: nixArgN}
	nixRun.unread, nixRun.progs = nixUnread(nixRun, "run", true), nixRunPrograms(nixRun)
	// guix shell PKGS -- CMD; -e evaluates Scheme and is left out, too
	// complex.
	guixShell := &wrapSpec{strict: true, noCommand: true, dashCmd: true, flags: "DCNFWPqKknhV", arg: "mfsLrvMpSuEc",
		longArg: []string{"--manifest", "--file", "--system", "--target", "--load-path", "--root", "--verbosity", "--cores",
			"--max-jobs", "--profile", "--symlink", "--user", "--preserve", "--share", "--expose", "--substitute-urls",
			"--max-silent-time", "--timeout", "--tune", "--rounds"},
		longFlags: []string{"--development", "--container", "--network", "--emulate-fhs", "--nesting", "--link-profile",
			"--pure", "--check", "--no-cwd", "--rebuild-cache", "--search-paths", "--keep-failed", "--keep-going", "--dry-run",
			"--fallback", "--no-substitutes", "--no-grafts", "--no-offload", "--debug", "--help", "--version"}}
	// pkgx [+PKG…] PROG[@VERSION] ARGS.
	pkgx := &wrapSpec{strict: true, flags: "qsh", longFlags: []string{"--quiet", "--silent", "--help", "--sync", "--update"}}
	pkgx.progs = pkgxPrograms(pkgx)
	// devbox run CMD, flox activate -- CMD: their remote environments
	// (flox -r) run hooks nobody read and are left out, too complex.
	devboxRun := &wrapSpec{strict: true, flags: "qh", arg: "ce", longArg: []string{"--config", "--env", "--env-file", "--environment"},
		longRead: []string{"--env-file"}, longFlags: []string{"--quiet", "--pure", "--omit-nix-env", "--list", "--help"}}
	floxActivate := &wrapSpec{strict: true, noCommand: true, dashCmd: true, shell: 'c', shellLong: "--command",
		flags: "th", arg: "dm", dir: "d", longDir: []string{"--dir"}, longArg: []string{"--dir", "--mode"},
		longFlags: []string{"--trust", "--print-script", "--help"}}
	gemExec := &wrapSpec{strict: true, flags: "h", arg: "gv", longArg: []string{"--gem", "--version", "--platform"},
		longFlags: []string{"--conservative", "--prerelease", "--verbose", "--quiet", "--help"}}
	// rlwrap: -z runs a filter program and is left out, too complex. -l
	// appends the session to a log, -H keeps the history in a file, -f
	// reads completions.
	rlwrap := &wrapSpec{strict: true, flags: "AcEhiInNorRUvW", arg: "bCDefgHlMOPqsStw", optArg: "amp",
		write: "lH", longWrite: []string{"--logfile", "--history-filename"}, read: "f", longRead: []string{"--file"},
		longArg: []string{"--break-chars", "--command-name", "--history-no-dupes", "--extra-char-after-completion",
			"--file", "--forget-matching", "--history-filename", "--logfile", "--multi-line-ext", "--only-cook", "--pre-given",
			"--quote-characters", "--histsize", "--substitute-prompt", "--set-term-name", "--wait-before-prompt"},
		longFlags: []string{"--ansi-colour-aware", "--complete-filenames", "--always-echo", "--help", "--case-insensitive",
			"--pass-sigint-as-sigterm", "--no-warnings", "--no-children", "--one-shot", "--remember", "--renice",
			"--mirror-arguments", "--version", "--polling"}}
	// aws-vault exec PROFILE [--] CMD and 1Password's op run [--] CMD
	// hand the command credentials; kingpin and cobra take the global
	// options after the subcommand too.
	awsVaultArgs := []string{"--backend", "--prompt", "--keychain", "--secret-service-collection", "--pass-dir", "--pass-cmd",
		"--pass-prefix", "--file-dir"}
	awsVaultFlags := []string{"--debug", "--help", "--help-long", "--help-man", "--version"}
	awsVaultExec := &wrapSpec{strict: true, operands: 1, flags: "njsh", arg: "dt",
		longArg: cat(awsVaultArgs, []string{"--duration", "--region", "--mfa-token", "--assume-role-ttl", "--session-ttl"}),
		longFlags: cat(awsVaultFlags, []string{"--no-session", "--json", "--server", "--ec2-server", "--ecs-server", "--lazy",
			"--stdout"})}
	opArgs := []string{"--account", "--config", "--encoding", "--format", "--session"}
	opFlags := []string{"--cache", "--debug", "--iso-timestamps", "--no-color", "--help", "--version"}
	opRun := &wrapSpec{strict: true, flags: "h", longArg: cat(opArgs, []string{"--env-file"}), longRead: []string{"--env-file"},
		longFlags: cat(opFlags, []string{"--no-masking"})}
	// perf stat, record and trace run the command they measure. Their
	// --pre and --post run shell strings and are left out, too complex.
	perfGlobal := &wrapSpec{strict: true, flags: "pPvh", longArg: []string{"--debugfs-dir", "--buildid-dir", "--debug"},
		longFlags: []string{"--paginate", "--no-pager", "--version", "--help", "--exec-path", "--html-path"}}
	// Their -o/--output (and stat's --input), which name a file written
	// (read), are left out: too complex.
	perfStat := &wrapSpec{strict: true, flags: "iacBAnvSdTqjh", arg: "eptbrCxGIMD",
		longArg: []string{"--event", "--filter", "--pid", "--tid", "--bpf-prog", "--bpf-attr-map", "--repeat", "--cpu",
			"--field-separator", "--cgroup", "--for-each-cgroup", "--log-fd", "--interval-print", "--interval-count",
			"--timeout", "--metrics", "--delay", "--td-level", "--cputype", "--control"},
		longFlags: []string{"--no-inherit", "--all-cpus", "--scale", "--no-scale", "--big-num", "--no-aggr", "--null", "--verbose",
			"--sync", "--detailed", "--transaction", "--quiet", "--json", "--table", "--append", "--interval-clear", "--metric-only",
			"--per-socket", "--per-die", "--per-cluster", "--per-cache", "--per-core", "--per-thread", "--per-node", "--no-merge",
			"--topdown", "--smi-cost", "--no-csv-summary", "--summary", "--metric-no-group", "--metric-no-merge",
			"--metric-no-threshold", "--all-kernel", "--all-user", "--percore-show-thread", "--bpf-counters", "--iostat", "--help"}}
	perfRecord := &wrapSpec{strict: true, flags: "aRigqvsdTnNBbPWSzIh", arg: "eptucFmGjCDkr",
		longArg: []string{"--event", "--filter", "--pid", "--tid", "--uid", "--count", "--freq", "--mmap-pages",
			"--call-graph", "--cgroup", "--branch-filter", "--cpu", "--delay", "--clockid", "--realtime", "--proc-map-timeout",
			"--vmlinux", "--affinity", "--mmap-flush", "--max-size", "--num-thread-synthesize", "--pfm-events", "--control",
			"--synth", "--switch-max-files", "--switch-output-event", "--setup-filter"},
		longFlags: []string{"--all-cpus", "--raw-samples", "--no-inherit", "--quiet", "--verbose", "--stat", "--data",
			"--phys-data", "--data-page-size", "--code-page-size", "--timestamp", "--period", "--sample-cpu",
			"--sample-identifier", "--no-samples", "--no-buildid-cache", "--no-buildid", "--branch-any", "--weight",
			"--namespaces", "--all-cgroups", "--transaction", "--per-thread", "--intr-regs", "--user-regs", "--running-time",
			"--snapshot", "--aux-sample", "--switch-events", "--buildid-all", "--buildid-mmap", "--aio", "--compression-level",
			"--all-kernel", "--all-user", "--kernel-callchains", "--user-callchains", "--timestamp-filename",
			"--timestamp-boundary", "--switch-output", "--dry-run", "--tail-synthesize", "--overwrite", "--strict-freq",
			"--threads", "--debuginfod", "--off-cpu", "--no-buffering", "--exclude-perf", "--help"}}
	perfTrace := &wrapSpec{strict: true, flags: "asSTvfh", arg: "eoptuCDiFmG", write: "o", longWrite: []string{"--output"},
		read: "i", longRead: []string{"--input"},
		longArg: []string{"--event", "--expr", "--output", "--pid", "--tid", "--uid", "--cpu", "--delay", "--input", "--pf",
			"--mmap-pages", "--cgroup", "--duration", "--call-graph", "--max-events", "--max-stack", "--min-stack",
			"--proc-map-timeout", "--filter-pids", "--map-dump"},
		longFlags: []string{"--all-cpus", "--summary", "--with-summary", "--summary-only", "--time", "--verbose", "--syscalls",
			"--no-syscalls", "--failure", "--comm", "--errno-summary", "--sort-events", "--kernel-syscall-graph", "--no-inherit",
			"--sched", "--force", "--help"}}
	return map[string]*launcher{
		"aws-vault": {global: &wrapSpec{strict: true, longArg: awsVaultArgs, longFlags: awsVaultFlags},
			subs: []launchSub{{"exec", awsVaultExec}}},
		"op": {global: &wrapSpec{strict: true, flags: "h", longArg: opArgs, longFlags: opFlags},
			subs: []launchSub{{"run", opRun}, {"plugin run", opRun}}},
		// perf stat record and perf trace record run the command too.
		"perf": {global: perfGlobal, subs: []launchSub{{"stat record", perfStat}, {"stat", perfStat},
			{"trace record", perfRecord}, {"record", perfRecord}, {"trace", perfTrace}}},
		"uv":         {global: uvGlobal, subs: []launchSub{{"run", uvRun}, {"tool run", uvToolRun}}},
		"uvx":        {spec: uvToolRun},
		"poetry":     {global: poetry, subs: []launchSub{{"run", poetry}}},
		"pipenv":     {global: pipenv, subs: []launchSub{{"run", pipenv}}},
		"pdm":        {global: pdmGlobal, subs: []launchSub{{"run", pdmRun}}},
		"hatch":      {global: hatchGlobal, subs: []launchSub{{"run", &wrapSpec{strict: true, envName: true}}}},
		"rye":        {global: rye, subs: []launchSub{{"run", rye}}},
		"conda":      {subs: []launchSub{{"run", conda}}},
		"mamba":      {global: mamba, subs: []launchSub{{"run", mamba}}},
		"micromamba": {global: mamba, subs: []launchSub{{"run", mamba}}},
		// Bundler takes any prefix of exec.
		"bundle": {global: bundleGlobal, subs: []launchSub{{"exec", bundleExec}, {"exe", bundleExec}, {"ex", bundleExec}, {"e", bundleExec}}},
		"npx":    {spec: npx},
		"npm":    {global: npm, subs: []launchSub{{"exec", npm}, {"x", npm}}},
		"pnpm":   {global: pnpm, subs: []launchSub{{"exec", pnpm}, {"dlx", pnpm}}},
		"pnpx":   {spec: pnpm},
		"yarn":   {global: yarnGlobal, subs: []launchSub{{"exec", yarnExec}, {"dlx", yarnDlx}}},
		"bunx":   {spec: bunx},
		"bun":    {global: bunGlobal, subs: []launchSub{{"x", bunx}, {"exec", yarnExec}}},
		"mise":   {global: miseGlobal, subs: []launchSub{{"exec", miseExec}, {"x", miseExec}}},
		"asdf":   {subs: []launchSub{{"exec", &wrapSpec{strict: true}}}},
		"direnv": {subs: []launchSub{{"exec", &wrapSpec{strict: true, operands: 1}}}},
		// dotenv-cli (minimist): -c takes an optional value and is left
		// out, too complex.
		"dotenv":          {spec: &wrapSpec{strict: true, flags: "oh", arg: "evp", read: "e", longFlags: []string{"--debug", "--override", "--no-expand", "--help"}}},
		"cross-env":       {spec: &wrapSpec{strict: true, assigns: true}},
		"cross-env-shell": {spec: &wrapSpec{strict: true, assigns: true, program: true}},
		"rlwrap":          {spec: rlwrap},
		"nix":             {global: nixGlobal, subs: []launchSub{{"develop", &nixDevelop}, {"shell", &nixShell}, {"run", nixRun}}},
		"guix":            {subs: []launchSub{{"shell", guixShell}, {"environment", guixShell}}},
		"pkgx":            {spec: pkgx},
		",":               {spec: &wrapSpec{strict: true, flags: "h", longFlags: []string{"--help"}}},
		"devbox":          {subs: []launchSub{{"run", devboxRun}}},
		"flox":            {subs: []launchSub{{"activate", floxActivate}}},
		"pipx":            {subs: []launchSub{{"run", pipxRun}}},
		"gem":             {subs: []launchSub{{"exec", gemExec}}},
		// nix-shell runs the string given to --run; its operands are
		// paths or, after -p, packages. --command keeps the shell open
		// and is left out, too complex.
		"nix-shell": {spec: &wrapSpec{strict: true, noCommand: true, shellLong: "--run", flags: "pvh", arg: "IAi",
			longFlags: []string{"--pure", "--impure", "--packages", "--expr", "--show-trace", "--verbose", "--quiet", "--help"},
			longArgN:  map[string]int{"--arg": 2, "--argstr": 2, "--attr": 1, "--keep": 1, "--include": 1, "--option": 2}}},
	}
}}

// noOptions is the options of a launcher that takes none before its
// subcommand (conda, asdf): any is unknown.
var noOptions = wrapSpec{strict: true}

// launchedBy finds the subcommand of the launcher l (named name, at
// words[i]) that runs a command: its spec, the index where its options
// start and its name for messages ("uv run"), with what the tool's own
// options before it saw (global). spec is nil when the tool runs no
// command there; bad says why the subcommand cannot be told (an option of
// the tool's own that is not known, before a subcommand that would run
// one).
func launchedBy(words []Word, i int, name string, l *launcher) (spec *wrapSpec, start int, what string, global optInfo, bad string) {
	if l.spec != nil {
		return l.spec, i + 1, name, optInfo{}, ""
	}
	g := l.global
	if g == nil {
		g = &noOptions
	}
	k, o := skipOptions(words, i+1, g)
	if o.unknown != "" {
		// The unknown option may take the next word as its value: any
		// later word may be the subcommand.
		for _, w := range words[k+1:] {
			for _, s := range l.subs {
				if first, _, _ := strings.Cut(s.name, " "); w.Literal && w.Text == first {
					return nil, 0, "", o, "unknown option " + shorten(o.unknown) + " of " + name + ": what it runs cannot be told"
				}
			}
		}
		return nil, 0, "", o, ""
	}
	for _, s := range l.subs {
		end, rest := k, s.name
		for rest != "" && end > 0 {
			var part string
			part, rest, _ = strings.Cut(rest, " ")
			if end < len(words) && words[end].Literal && words[end].Text == part {
				end++
			} else {
				end = -1
			}
		}
		if end > 0 {
			return s.spec, end, name + " " + s.name, o, ""
		}
	}
	return nil, 0, "", optInfo{}, ""
}

// unwrapped is what unwrap found.
type unwrapped struct {
	inner     int      // index of the command that really runs
	launchers []int    // indices of the language launchers passed
	open      bool     // xargs appends arguments
	repl      []string // replacement strings of xargs -I, parallel
	bad       string   // an option of a wrapper that is not understood
	shell     *Word    // a shell program given to a wrapper (su -c STR)
	shellWhat string
	// cmdEnd, when not 0, is where the command's words end: parallel's
	// argument sources (::: ARGS) follow. args are the arguments of its
	// ::: and :::+ sources, each appended to the command at run time.
	cmdEnd int
	args   []Word
	// viaShell: the command's words are joined and run by a shell
	// (parallel).
	viaShell bool
	// paths and dirs are what the wrappers' own options name: files
	// they read or write, directories they run the command in
	// (SimpleCommand.WrapperPaths, WrapperDirs).
	paths []PathArg
	dirs  []string
}

// shellMeta are the bytes that make a command word a shell program when a
// tool hands its command line to a shell (parallel, git bisect run).
const shellMeta = " \t\n;&|<>()$`\\\"'*?[#~"

// isParallelSep reports whether w separates parallel's command from an
// argument source (::: ARGS, :::+ ARGS, :::: FILES, ::::+ FILES).
func isParallelSep(w Word) bool {
	return w.Literal && (w.Text == ":::" || w.Text == ":::+" || w.Text == "::::" || w.Text == "::::+")
}

// gitRuns finds what a git subcommand runs, starting at words[i] (git):
// `git bisect run CMD ARGS…` runs a command, the index of which is next;
// `git rebase --exec/-x STR` and `git submodule foreach [--recursive]
// STR…` run shell programs, returned as prog. next is -1 and prog nil when
// the subcommand runs nothing. git's global options are skipped (gitArgs).
func gitRuns(words []Word, i int) (next int, prog *Word, what string) {
	sub, rest, _, ok := gitArgs(SimpleCommand{Words: words, Inner: i})
	if !ok || !sub.Literal {
		return -1, nil, ""
	}
	at := len(words) - len(rest) // index of rest[0]
	var progs []Word
	switch sub.Text {
	case "bisect":
		if len(rest) < 2 || !rest[0].Literal || rest[0].Text != "run" {
			return -1, nil, ""
		}
		cmd := words[at+1:]
		if cmd[0].Literal && strings.ContainsAny(cmd[0].Text, shellMeta) {
			// git runs the command through a shell when its name holds
			// shell syntax: `git bisect run "make && rm -rf /"`.
			p := Word{Text: joinWords(cmd), Literal: allLiteral(cmd)}
			return -1, &p, "git bisect run"
		}
		return at + 1, nil, ""
	case "submodule":
		k := 0
		for k < len(rest) && rest[k].Literal && strings.HasPrefix(rest[k].Text, "-") {
			k++ // --quiet
		}
		if k >= len(rest) || !rest[k].Literal || rest[k].Text != "foreach" {
			return -1, nil, ""
		}
		for k++; k < len(rest) && rest[k].Literal && strings.HasPrefix(rest[k].Text, "-"); k++ {
			if rest[k].Text == "--" {
				k++
				break
			}
		}
		if k < len(rest) {
			progs = append(progs, Word{Text: joinWords(rest[k:]), Literal: allLiteral(rest[k:])})
		}
		what = "git submodule foreach"
	case "for-each-repo":
		// git for-each-repo --config=KEY ARGS… runs git ARGS… in each
		// repository the key lists.
		k := 0
		for k < len(rest) && rest[k].Literal && strings.HasPrefix(rest[k].Text, "-") && rest[k].Text != "--" {
			if rest[k].Text == "--config" {
				k++
			}
			k++
		}
		if k < len(rest) && rest[k].Literal && rest[k].Text == "--" {
			k++
		}
		if k < len(rest) {
			args := rest[k:]
			p := Word{Text: "git " + quoteWords(args), Literal: allLiteral(args)}
			if !p.Literal {
				p.Text = "git " + joinWords(args)
			}
			progs = append(progs, p)
		}
		what = "git for-each-repo"
	default:
		if o, ok := gitProgOptions(sub.Text); ok {
			progs, what = gitOptPrograms(rest, o), o.what
		}
	}
	if len(progs) == 0 {
		return -1, nil, ""
	}
	return -1, joinPrograms(progs), what
}

// joinPrograms joins shell programs into one, one a line; a non-literal
// one makes the result that word, not literal.
func joinPrograms(ps []Word) *Word {
	texts := make([]string, len(ps))
	for i, p := range ps {
		if !p.Literal {
			return &Word{Text: p.Text}
		}
		texts[i] = p.Text
	}
	return &Word{Text: strings.Join(texts, "\n"), Literal: true}
}

// unwrap follows wrappers (sudo env FOO=1 nice rm x) to the command that
// really runs. A wrapper with no command after its options (`env`, `sudo
// -l`) is itself the command.
func unwrap(words []Word) unwrapped {
	var u unwrapped
	for u.inner < len(words) {
		w := words[u.inner]
		if !w.Literal {
			return u
		}
		name := strings.ToLower(baseName(w.Text))
		if name == "git" {
			next, prog, what := gitRuns(words, u.inner)
			if prog != nil {
				u.shell, u.shellWhat = prog, what
				return u
			}
			if next < 0 || next >= len(words) {
				return u
			}
			u.inner = next
			continue
		}
		spec, start, what := wrapperSpecOf(name), u.inner+1, name
		if l := launcherOf(name); spec == nil && l != nil {
			// uv run, npx: a language launcher's subcommand runs the
			// command.
			var bad string
			var global optInfo
			spec, start, what, global, bad = launchedBy(words, u.inner, name, l)
			if spec != nil {
				u.paths, u.dirs = append(u.paths, global.paths...), append(u.dirs, global.dirs...)
			}
			if bad != "" {
				u.bad = bad
				return u
			}
			if spec != nil {
				u.launchers = append(u.launchers, u.inner)
			}
		}
		if spec == nil {
			return u
		}
		if spec.progs != nil {
			progs, bad := spec.progs(words[start:])
			if u.bad = bad; bad == "" && len(progs) > 0 {
				u.shell, u.shellWhat = joinPrograms(progs), what
			}
			return u
		}
		next, o := skipOptions(words, start, spec)
		u.paths, u.dirs = append(u.paths, o.paths...), append(u.dirs, o.dirs...)
		if (name == "parallel" || name == "sem") && o.unknown == "" && o.bad == "" && !o.lookup {
			u.viaShell = true
			sep := next
			for sep < len(words) && !isParallelSep(words[sep]) {
				sep++
			}
			for _, w := range words[next:sep] {
				if strings.Contains(w.Text, "{=") {
					// {= … =} in the command is Perl code parallel
					// runs for each job.
					u.bad = name + " runs the Perl code of " + shorten(w.Text)
					return u
				}
			}
			if sep < len(words) {
				var args []Word
				files := ""
				src := ""
				for _, a := range words[sep:] {
					switch {
					case isParallelSep(a):
						src = a.Text
					case strings.HasPrefix(src, "::::"):
						// :::: FILE reads its arguments from FILE, as
						// -a FILE does: a read, and names handed on
						// (namesThroughFiles).
						files = cmp.Or(files, a.Text)
						u.paths = append(u.paths, PathArg{Word: a})
					default:
						args = append(args, a)
					}
				}
				if sep == next {
					// No command: each argument is a command line.
					switch {
					case files != "":
						u.bad = "parallel runs the command lines in " + shorten(files) + ", whose content cannot be checked"
					case len(args) > 0:
						u.shell, u.shellWhat = joinPrograms(args), "parallel :::"
					}
					return u
				}
				u.cmdEnd, u.args = sep, args
				words = words[:sep]
			}
		}
		switch {
		case o.unknown != "":
			u.bad = "unknown option " + shorten(o.unknown) + " of " + what + ": what it runs cannot be told"
			return u
		case o.bad != "":
			u.bad = what + " " + o.bad
			return u
		case o.lookup:
			return u
		case o.shell != nil:
			prog := *o.shell
			if spec.joinRest {
				prog = envSplitProgram(name, prog, words[next:])
			}
			u.shell, u.shellWhat = &prog, what+" "+o.shellOpt
			return u
		case o.prog && next < len(words):
			prog := words[next]
			u.shell, u.shellWhat = &prog, what+" "+o.shellOpt
			return u
		case spec.noCommand && !o.cmdIf || next >= len(words):
			return u
		case spec.program && !o.exec:
			rest := words[next:]
			prog := Word{Text: joinWords(rest), Literal: allLiteral(rest)}
			u.shell, u.shellWhat = &prog, what
			return u
		case spec.envName && words[next].Literal && (strings.Contains(words[next].Text, ":") || strings.HasPrefix(words[next].Text, "+")):
			u.bad = what + " " + shorten(words[next].Text) + " names its command with an environment or matrix: what it runs cannot be told"
			return u
		}
		if spec.open {
			u.open = true
			if o.repl != "" {
				u.repl = append(u.repl, o.repl)
			} else if spec.replDefault == "{" {
				u.repl = append(u.repl, "{")
			}
		}
		u.inner = next
	}
	return u
}

// envSplitProgram returns the command line env -S STR ARGS… runs, as a
// program of quoted words, or STR not literal when it cannot be told. env
// splits STR into more of its own arguments, which options and
// assignments may lead (env -S '-- X=1 rm -rf /'), and ARGS follow them
// as they are: env -S 'sh -c' 'git push' runs sh -c 'git push'. STR is
// split as env splits it, not as the shell would: env -S 'rm\_-rf\_/'
// runs rm -rf /.
func envSplitProgram(name string, s Word, rest []Word) Word {
	split, ok := envSplitString(s.Text)
	if !s.Literal || !ok || !allLiteral(rest) {
		return Word{Text: s.Text}
	}
	ws := make([]Word, 0, len(split)+len(rest))
	for _, a := range split {
		ws = append(ws, Word{Text: a, Literal: true})
	}
	ws = append(ws, rest...)
	return Word{Text: strings.TrimSpace(name + " " + quoteWords(ws)), Literal: true}
}

// envSplitString splits s as GNU env -S does (build_argv in coreutils'
// env.c): blanks and \_ outside quotes separate words; '…' keeps all but
// \\ and \'; "…" reads the escapes \" \# \$ \' \\ \f \n \r \t \v (and
// \_ as a space); # starting a word and \c end the string. ok is false
// where env would expand a variable (${NAME}) or refuse the string.
func envSplitString(s string) (args []string, ok bool) {
	var cur []byte
	sep, have, sq, dq := true, false, false, false
	begin := func() { // the word a quote or a character is part of
		if sep {
			if have {
				args = append(args, string(cur))
			}
			cur, have, sep = cur[:0], true, false
		}
	}
scan:
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'' && !dq, ch == '"' && !sq:
			begin()
			if ch == '\'' {
				sq = !sq
			} else {
				dq = !dq
			}
			continue
		case strings.IndexByte(" \t\n\v\f\r", ch) >= 0 && !sq && !dq:
			sep = true
			continue
		case ch == '#' && sep:
			break scan
		case ch == '$' && !sq:
			return nil, false
		case ch == '\\' && (!sq || i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'')):
			if i++; i >= len(s) {
				return nil, false
			}
			switch ch = s[i]; ch {
			case '"', '#', '$', '\'', '\\':
			case '_':
				if !dq {
					sep = true
					continue
				}
				ch = ' '
			case 'c':
				if dq {
					return nil, false
				}
				break scan
			case 'f':
				ch = '\f'
			case 'n':
				ch = '\n'
			case 'r':
				ch = '\r'
			case 't':
				ch = '\t'
			case 'v':
				ch = '\v'
			default:
				return nil, false
			}
		}
		begin()
		cur = append(cur, ch)
	}
	if sq || dq {
		return nil, false
	}
	if have {
		args = append(args, string(cur))
	}
	return args, true
}

func allLiteral(ws []Word) bool {
	for _, w := range ws {
		if !w.Literal {
			return false
		}
	}
	return true
}

// optInfo is what skipOptions saw.
type optInfo struct {
	unknown  string // an option not in a strict spec
	bad      string // why an option's value makes the command too complex
	repl     string // xargs -I R
	cmdIf    bool
	lookup   bool
	exec     bool
	prog     bool // an option of progIf
	shell    *Word
	shellOpt string
	paths    []PathArg // the files of the spec's read and write options
	dirs     []string  // the directories of its dir options
}

// value notes v, the value of spec's option name (-o, --output), where it
// is a file the wrapper reads or writes or the directory it runs the
// command in.
func (o *optInfo) value(spec *wrapSpec, name string, v Word) {
	is := func(short string, long []string) bool {
		if len(name) == 2 && name[1] != '-' {
			return strings.IndexByte(short, name[1]) >= 0
		}
		return slices.Contains(long, name)
	}
	if spec.checkValue != nil {
		var bad string
		v, bad = spec.checkValue(name, v)
		o.bad = cmp.Or(o.bad, bad)
	}
	switch {
	case is(spec.write, spec.longWrite):
		o.paths = append(o.paths, PathArg{Word: v, Write: true})
	case is(spec.read, spec.longRead):
		o.paths = append(o.paths, PathArg{Word: v})
	case is(spec.dir, spec.longDir):
		o.dirs = append(o.dirs, v.Text)
	}
}

// skipOptions returns the index of the first word after i that is not an
// option, an option's argument, an assignment or a leading operand of
// spec. A non-literal word where an option could be ends the options: it
// may be the command.
func skipOptions(words []Word, i int, spec *wrapSpec) (next int, o optInfo) {
	// An option whose value would be the next word, at the end of the
	// line (parallel --id), has no command after it.
	defer func() { next = min(next, len(words)) }()
	operands := 0
	for i < len(words) {
		w := words[i]
		t := w.Text
		if !w.Literal {
			if operands < spec.operands {
				operands++
				i++
				continue
			}
			return i, o
		}
		if t == "--" {
			i++
			if spec.dashCmd {
				o.cmdIf = true
				return i, o
			}
			// Only operands follow: the leading ones, then the command.
			for operands < spec.operands && i < len(words) {
				operands++
				i++
			}
			// env and sudo still take assignments after the options'
			// end (env -- X=1 rm -rf /).
			for spec.assigns && i < len(words) && words[i].Literal && isEnvAssign(words[i].Text) {
				i++
			}
			return i, o
		}
		if len(t) > 1 && t[0] == '-' {
			if spec.dashOperand && operands < spec.operands && t[1] >= '0' && t[1] <= '9' {
				operands++
				i++
				continue
			}
			if strings.HasPrefix(t, "--") {
				name, val, eq := strings.Cut(t, "=")
				name, ok := spec.longName(name)
				if !ok {
					o.unknown = t
					return i, o
				}
				if spec.shellLong != "" && name == spec.shellLong {
					o.shellOpt = name
					if eq {
						o.shell = &Word{Text: val, Literal: true}
						return i + 1, o
					}
					if i+1 < len(words) {
						o.shell = &words[i+1]
						return i + 2, o
					}
					return i + 1, o
				}
				if spec.cmdOptLong != "" && name == spec.cmdOptLong {
					if eq {
						// --command=CMD: the command's words are not
						// whole words of the line.
						o.unknown = t
						return i, o
					}
					o.cmdIf = true
					return i + 1, o
				}
				if name == "--exec" && spec.exec != "" {
					o.exec = true
				}
				if spec.cmdIfLong != "" && name == spec.cmdIfLong {
					o.cmdIf = true
				}
				if name == "--replace" && spec.repl != "" {
					o.repl = cmp.Or(val, spec.replDefault)
					if !eq {
						o.repl = spec.replDefault
					}
				}
				if !eq {
					switch takes, unsure := spec.optionalValue(name, words, i+1); {
					case unsure:
						o.unknown = t + " " + words[i+1].Text
						return i, o
					case takes:
						if name == "--replace" && spec.repl != "" {
							o.repl = words[i+1].Text
						}
						i += 2
						continue
					}
				}
				if n, ok := spec.longArgN[name]; ok && !eq {
					i += n + 1
					continue
				}
				known := slices.Contains(spec.longArg, name) || slices.Contains(spec.longFlags, name) ||
					spec.longArgN[name] > 0 || spec.looseLong || (spec.shellLong != "" && name == spec.shellLong)
				if spec.strict && !known && !(eq && spec.looseLong) {
					o.unknown = t
					return i, o
				}
				if eq {
					o.value(spec, name, Word{Text: val, Literal: true})
				}
				if !eq && slices.Contains(spec.longArg, name) {
					if i+1 < len(words) {
						o.value(spec, name, words[i+1])
					}
					i++
				}
				i++
				continue
			}
			if slices.Contains(spec.wordFlags, t) {
				if spec.cmdIfLong != "" && "-"+t == spec.cmdIfLong {
					o.cmdIf = true
				}
				i++
				continue
			}
			if slices.Contains(spec.wordArgs, t) {
				i += 2
				continue
			}
			if spec.numOpt && t[1] >= '0' && t[1] <= '9' {
				i++
				continue
			}
			for k := 1; k < len(t); k++ {
				c := t[k]
				if strings.IndexByte(spec.lookup, c) >= 0 {
					o.lookup = true
				}
				if spec.cmdIf != 0 && c == spec.cmdIf {
					o.cmdIf = true
				}
				if spec.cmdOpt != 0 && c == spec.cmdOpt {
					if k+1 < len(t) {
						o.unknown = t
						return i, o
					}
					o.cmdIf = true
					return i + 1, o
				}
				if strings.IndexByte(spec.optArg, c) >= 0 {
					if k+1 < len(t) {
						o.value(spec, "-"+string(c), Word{Text: t[k+1:], Literal: true})
					}
					break // the rest of the word is its argument
				}
				if strings.IndexByte(spec.exec, c) >= 0 {
					o.exec = true
				}
				if strings.IndexByte(spec.progIf, c) >= 0 {
					o.prog, o.shellOpt = true, "-"+string(c)
				}
				if spec.shell != 0 && c == spec.shell {
					o.shellOpt = "-" + string(c)
					if k+1 < len(t) {
						o.shell = &Word{Text: t[k+1:], Literal: true}
						return i + 1, o
					}
					if i+1 < len(words) {
						o.shell = &words[i+1]
						return i + 2, o
					}
					return i + 1, o
				}
				if strings.IndexByte(spec.repl, c) >= 0 {
					if k+1 < len(t) {
						o.repl = t[k+1:]
					} else if i+1 < len(words) {
						o.repl = words[i+1].Text
						if !words[i+1].Literal {
							o.unknown = t + " " + words[i+1].Text
							return i, o
						}
					}
				}
				if strings.IndexByte(spec.optNext+spec.optNum, c) >= 0 {
					v := t[k+1:]
					if v == "" {
						switch takes, unsure := spec.optionalValue("-"+string(c), words, i+1); {
						case unsure:
							o.unknown = t + " " + words[i+1].Text
							return i, o
						case takes:
							i++
							v = words[i].Text
						}
					}
					if c == 'i' && spec.repl != "" {
						o.repl = cmp.Or(v, spec.replDefault) // parallel -i R, GNU's old -I
					}
					break
				}
				if c == 'i' && spec.repl != "" && spec.replDefault != "" {
					// xargs -i[R]: GNU's old -I, the string attached.
					o.repl = cmp.Or(t[k+1:], spec.replDefault)
					break
				}
				if strings.IndexByte(spec.arg, c) >= 0 {
					switch {
					case k+1 < len(t):
						o.value(spec, "-"+string(c), Word{Text: t[k+1:], Literal: true})
					case i+1 < len(words):
						o.value(spec, "-"+string(c), words[i+1])
					}
					if k+1 == len(t) {
						i++ // the argument is the next word
					}
					break
				}
				if spec.strict && strings.IndexByte(spec.flags, c) < 0 && strings.IndexByte(spec.lookup, c) < 0 &&
					strings.IndexByte(spec.exec, c) < 0 && strings.IndexByte(spec.progIf, c) < 0 && c != spec.cmdIf {
					o.unknown = t
					return i, o
				}
			}
			i++
			continue
		}
		if t == "-" && spec.dashFlag {
			i++
			continue
		}
		if spec.assigns && isEnvAssign(t) {
			i++
			continue
		}
		if operands < spec.operands {
			operands++
			i++
			continue
		}
		if spec.noCommand && !o.cmdIf && (spec.shell != 0 || spec.shellLong != "" || spec.dashCmd || spec.cmdOpt != 0) {
			// su USER -c STR, mise exec TOOL -- CMD, nix develop
			// INSTALLABLE -c CMD: operands and options mix.
			i++
			continue
		}
		return i, o
	}
	return i, o
}
