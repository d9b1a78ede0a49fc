package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// shellNames are the shells `completion` writes scripts for, sorted.
func shellNames() []string { return []string{"bash", "fish", "zsh"} }

// completionWriter returns the function that writes shell's script.
func completionWriter(shell string) (func(io.Writer, []commandSpec), bool) {
	switch shell {
	case "bash":
		return writeBashCompletion, true
	case "zsh":
		return writeZshCompletion, true
	case "fish":
		return writeFishCompletion, true
	}
	return nil, false
}

func cmdCompletion(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlagSet("completion", "mewsandbox completion bash|zsh|fish", stdout)
	fs.Usage = func() {
		fmt.Fprint(stdout, `Usage: mewsandbox completion bash|zsh|fish

Prints a completion script for the shell. Install it with:
  bash: mewsandbox completion bash > /etc/bash_completion.d/mewsandbox  (or: source <(mewsandbox completion bash))
  zsh:  mewsandbox completion zsh > "${fpath[1]}/_mewsandbox"
  fish: mewsandbox completion fish > ~/.config/fish/completions/mewsandbox.fish
`)
	}
	if helpTo(fs, stdout, args) {
		return nil
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	valid := strings.Join(shellNames(), ", ")
	if len(pos) != 1 {
		return usagef("completion: name one shell: %s", valid)
	}
	write, ok := completionWriter(pos[0])
	if !ok {
		return usagef("completion: unknown shell %q (want one of %s)", pos[0], valid)
	}
	write(stdout, commandSpecs())
	return nil
}

// commandSpec is what completion knows of one command.
type commandSpec struct {
	name, short string
	words       []string // the words it takes first (hook claude-code …)
	flags       []flagSpec
}

// flagSpec is one flag of a command.
type flagSpec struct {
	name  string
	arg   string // its value's placeholder (FILE, MODE …); "" for a switch
	usage string // the first line of its help
}

func (f flagSpec) repeatable() bool { return strings.Contains(f.usage, "repeatable") }

// dashed is the flag as completion offers it: -c for a one-letter flag,
// --name for the others (the flag package reads both forms).
func (f flagSpec) dashed() string {
	if len(f.name) == 1 {
		return "-" + f.name
	}
	return "--" + f.name
}

// values are the fixed values a flag takes, if it has such a list. Those of
// --format are explain's; the others come from the packages that define
// them.
func (f flagSpec) values() []string {
	switch {
	case f.arg == "MODE":
		var v []string
		for _, m := range permission.Modes {
			v = append(v, string(m))
		}
		return v
	case f.name == "network":
		return []string{string(exec.NetworkNone), string(exec.NetworkAll)}
	case f.name == "format":
		return []string{"text", "json", "sbpl"}
	case f.name == "preset":
		return exec.PresetNames()
	}
	return nil
}

// commandWords are the words a command takes before its flags.
func commandWords(name string) []string {
	switch name {
	case "hook", "init":
		return []string{"claude-code"}
	case "audit":
		return []string{"summary"}
	case "completion":
		return shellNames()
	case "help":
		var names []string
		for _, c := range commands {
			if c.name != "help" {
				names = append(names, c.name)
			}
		}
		return names
	}
	return nil
}

// commandSpecs describes every command with the flags its own help lists:
// each command registers its flags and prints them with PrintDefaults on
// -h, so the completions are generated from the real flag sets and cannot
// drift from them.
func commandSpecs() []commandSpec {
	var specs []commandSpec
	for _, c := range commands {
		var help bytes.Buffer
		_ = c.run([]string{"-h"}, strings.NewReader(""), &help, io.Discard)
		specs = append(specs, commandSpec{name: c.name, short: c.short, words: commandWords(c.name), flags: parseDefaults(help.String())})
	}
	return specs
}

// defaultsLineRE is a flag's first line in flag.PrintDefaults: two
// spaces, the name, the placeholder if it takes a value, and, for a
// one-letter switch, a tab and its usage. Compiled on first use: every run
// of the binary would pay for it at start-up. The zero value is static
// data, so declaring it runs no code.
var defaultsLineRE struct {
	once sync.Once
	re   *regexp.Regexp
}

func defaultsLine() *regexp.Regexp {
	defaultsLineRE.once.Do(func() { defaultsLineRE.re = regexp.MustCompile(`^  -([^\s=]+)(?: ([^\s]+))?(?:\t(.*))?$`) })
	return defaultsLineRE.re
}

// parseDefaults reads the flags from flag.PrintDefaults output.
func parseDefaults(help string) []flagSpec {
	var flags []flagSpec
	lines := strings.Split(help, "\n")
	for i, line := range lines {
		m := defaultsLine().FindStringSubmatch(line)
		if m == nil {
			continue
		}
		f := flagSpec{name: m[1], arg: m[2], usage: m[3]}
		if f.usage == "" && i+1 < len(lines) {
			f.usage = strings.TrimSpace(lines[i+1])
		}
		flags = append(flags, f)
	}
	return flags
}

// valueKind is how a shell completes a flag's value.
type valueKind int

const (
	valueNone  valueKind = iota // a switch
	valueFree                   // free text: nothing to offer
	valueFile                   // a file
	valueDir                    // a directory
	valueWords                  // one of f.values()
)

func (f flagSpec) kind() valueKind {
	switch {
	case f.arg == "":
		return valueNone
	case len(f.values()) > 0:
		return valueWords
	case f.arg == "DIR":
		return valueDir
	case f.arg == "FILE" || f.arg == "PATH":
		return valueFile
	}
	return valueFree
}

// shellQuote quotes s for bash and zsh: in single quotes, each single
// quote closed, escaped and reopened. Fish reads a backslash inside single
// quotes, so it has fishQuote.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func writeBashCompletion(w io.Writer, specs []commandSpec) {
	var names []string
	for _, c := range specs {
		names = append(names, c.name)
	}
	fmt.Fprintf(w, `# bash completion for mewsandbox (generated by 'mewsandbox completion bash')
# Load it with: source <(mewsandbox completion bash)
_mewsandbox() {
    local cur prev cmd flags words i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    # --flag=value: bash splits at the '='.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W %s -- "$cur"))
        return
    fi
    cmd=${COMP_WORDS[1]}
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} == -- ]]; then
            if ((i == COMP_CWORD - 1)); then
                COMPREPLY=($(compgen -c -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            return
        fi
    done
    flags= words=
    case $cmd in
`, shellQuote(strings.Join(names, " ")))
	for _, c := range specs {
		fmt.Fprintf(w, "    %s)\n        case $prev in\n", c.name)
		for _, f := range c.flags {
			var reply string
			switch f.kind() {
			case valueNone:
				continue
			case valueFree:
				reply = "COMPREPLY=()"
			case valueFile:
				reply = `COMPREPLY=($(compgen -f -- "$cur"))`
			case valueDir:
				reply = `COMPREPLY=($(compgen -d -- "$cur"))`
			case valueWords:
				reply = fmt.Sprintf(`COMPREPLY=($(compgen -W %s -- "$cur"))`, shellQuote(strings.Join(f.values(), " ")))
			}
			fmt.Fprintf(w, "        -%s | --%s) %s; return ;;\n", f.name, f.name, reply)
		}
		var flags []string
		for _, f := range c.flags {
			flags = append(flags, f.dashed())
		}
		fmt.Fprintf(w, "        esac\n        flags=%s\n        words=%s\n        ;;\n", shellQuote(strings.Join(flags, " ")), shellQuote(strings.Join(c.words, " ")))
	}
	fmt.Fprintf(w, `    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    elif [[ -n $words ]]; then
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
    elif [[ $cmd == run || $cmd == check ]]; then
        COMPREPLY=($(compgen -c -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o default -F _mewsandbox mewsandbox
`)
}

// zshSafe makes a usage line safe inside an _arguments [...] or a
// _describe entry.
func zshSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '[':
			b.WriteByte('(')
		case ']':
			b.WriteByte(')')
		case ':':
			b.WriteString(" -")
		case '`', '\\':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func writeZshCompletion(w io.Writer, specs []commandSpec) {
	fmt.Fprintf(w, `#compdef mewsandbox
# zsh completion for mewsandbox (generated by 'mewsandbox completion zsh')
# Install it with: mewsandbox completion zsh > "${fpath[1]}/_mewsandbox"
# or load it now with: source <(mewsandbox completion zsh)

_mewsandbox() {
    local -a commands
    commands=(
`)
	for _, c := range specs {
		fmt.Fprintf(w, "        %s\n", shellQuote(c.name+":"+zshSafe(c.short)))
	}
	fmt.Fprintf(w, `    )
    if ((CURRENT == 2)); then
        _describe -t commands 'mewsandbox command' commands
        return
    fi
    local cmd=${words[2]}
    shift words
    ((CURRENT--))
    case $cmd in
`)
	for _, c := range specs {
		fmt.Fprintf(w, "    %s)\n        _arguments -s", c.name)
		for _, f := range c.flags {
			fmt.Fprintf(w, " \\\n            %s", shellQuote(zshFlagSpec(f)))
		}
		switch {
		case len(c.words) > 0:
			fmt.Fprintf(w, " \\\n            %s", shellQuote("1:"+c.name+" argument:("+strings.Join(c.words, " ")+")"))
			if c.name == "audit" {
				fmt.Fprintf(w, " \\\n            %s", shellQuote("2:audit log:_files"))
			}
		case c.name == "run" || c.name == "check":
			fmt.Fprintf(w, " \\\n            %s", shellQuote("*::command:_normal"))
		}
		fmt.Fprintf(w, "\n        ;;\n")
	}
	fmt.Fprintf(w, `    esac
}

if [[ $funcstack[1] == _mewsandbox ]]; then
    _mewsandbox "$@"
else
    compdef _mewsandbox mewsandbox
fi
`)
}

// zshFlagSpec is one _arguments option spec: --name=[help]:ARG:action.
func zshFlagSpec(f flagSpec) string {
	var b strings.Builder
	if f.repeatable() {
		b.WriteByte('*')
	}
	b.WriteString(f.dashed())
	if f.kind() != valueNone && len(f.name) > 1 {
		b.WriteByte('=')
	}
	b.WriteString("[" + zshSafe(f.usage) + "]")
	switch f.kind() {
	case valueFree:
		b.WriteString(":" + f.arg + ": ")
	case valueFile:
		b.WriteString(":" + f.arg + ":_files")
	case valueDir:
		b.WriteString(":" + f.arg + ":_files -/")
	case valueWords:
		b.WriteString(":" + f.arg + ":(" + strings.Join(f.values(), " ") + ")")
	}
	return b.String()
}

func writeFishCompletion(w io.Writer, specs []commandSpec) {
	fmt.Fprintf(w, `# fish completion for mewsandbox (generated by 'mewsandbox completion fish')
# Install it with: mewsandbox completion fish > ~/.config/fish/completions/mewsandbox.fish
complete -c mewsandbox -f
`)
	var names []string
	for _, c := range specs {
		names = append(names, c.name)
	}
	for _, c := range specs {
		fmt.Fprintf(w, "complete -c mewsandbox -n %s -a %s -d %s\n",
			fishQuote("not __fish_seen_subcommand_from "+strings.Join(names, " ")), fishQuote(c.name), fishQuote(c.short))
	}
	for _, c := range specs {
		cond := fishQuote("__fish_seen_subcommand_from " + c.name)
		if len(c.words) > 0 {
			fmt.Fprintf(w, "complete -c mewsandbox -n %s -a %s\n", cond, fishQuote(strings.Join(c.words, " ")))
		}
		switch c.name {
		case "audit":
			fmt.Fprintf(w, "complete -c mewsandbox -n %s -F\n", fishQuote("__fish_seen_subcommand_from summary"))
		case "run", "check":
			fmt.Fprintf(w, "complete -c mewsandbox -n %s -a %s\n", cond, fishQuote("(__fish_complete_command)"))
		}
		for _, f := range c.flags {
			opt := "-l"
			if len(f.name) == 1 {
				opt = "-s"
			}
			fmt.Fprintf(w, "complete -c mewsandbox -n %s %s %s", cond, opt, f.name)
			switch f.kind() {
			case valueFree:
				fmt.Fprintf(w, " -x")
			case valueFile:
				fmt.Fprintf(w, " -r -F")
			case valueDir:
				fmt.Fprintf(w, " -x -a '(__fish_complete_directories)'")
			case valueWords:
				fmt.Fprintf(w, " -x -a %s", fishQuote(strings.Join(f.values(), " ")))
			}
			fmt.Fprintf(w, " -d %s\n", fishQuote(f.usage))
		}
	}
}
