// Command mewsandbox decides whether a tool call may run and runs approved
// commands inside a kernel sandbox.
//
// Usage:
//
//	mewsandbox run   [flags] -- CMD [ARG...]
//	mewsandbox run   [flags] -c 'SHELL STRING'
//	mewsandbox check [flags] (-c STRING | -- ARGV... | --tool NAME --input JSON)
//	mewsandbox hook claude-code [--sandbox] [flags]
//	mewsandbox init claude-code [--print] [--sandbox] [--dont-ask]
//	mewsandbox audit summary [--json] [--top N] FILE
//	mewsandbox doctor [--json] [--root DIR]
//	mewsandbox explain [flags] [--format text|json|sbpl]
//	mewsandbox completion bash|zsh|fish
//	mewsandbox version
//
// Run "mewsandbox help COMMAND" for the flags of each command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mewsandbox/mewsandbox/exec"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit statuses of DESIGN §5.
const (
	exitOK       = 0
	exitUsage    = 2
	exitDenied   = 77
	exitInternal = 125
)

// usageError is a mistake in how mewsandbox was called or configured: it
// exits 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// exitError carries a specific exit status out of a command.
type exitError struct {
	status int
	err    error // printed when non-nil
}

func (e exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.status)
	}
	return e.err.Error()
}

type command struct {
	name  string
	short string
	run   func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"run", "run a command under the permission engine and the kernel sandbox", cmdRun},
		{"check", "print the permission decision for a tool call; run nothing", cmdCheck},
		{"hook", "answer an agent's pre-tool-use hook (hook claude-code [--sandbox])", cmdHook},
		{"init", "install the hook in a project's .claude/settings.json (init claude-code)", cmdInit},
		{"audit", "summarize an audit log written with --audit (audit summary FILE)", cmdAudit},
		{"doctor", "report what this kernel can enforce and which settings apply", cmdDoctor},
		{"explain", "print the effective sandbox policy of a run", cmdExplain},
		{"completion", "print a shell completion script (completion bash|zsh|fish)", cmdCompletion},
		{"version", "print the version", cmdVersion},
		{"help", "show help for a command", cmdHelp},
	}
}

func main() {
	// The sandbox child re-executes this binary; it never returns from here.
	exec.Init()
	// Every command's work is deep (the settings' YAML, the engine's
	// analysis of a command line): its stack grown once, not doubled on
	// the way (exec.GrowStack).
	exec.GrowStack()
	code := realMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	// Nothing started for a run the runner did not make (a usage error)
	// may hold the caller's stdout once it exits.
	exec.EndPrefork()
	os.Exit(code)
}

func realMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name := args[0]
	if isHelpFlag(name) {
		printUsage(stdout)
		return exitOK
	}
	if name == "--version" {
		name = "version"
	}
	for _, c := range commands {
		if c.name == name {
			return report(c.run(args[1:], stdin, stdout, stderr), stderr)
		}
	}
	fmt.Fprintf(stderr, "mewsandbox: unknown command %q (run 'mewsandbox help')\n", name)
	return exitUsage
}

// report prints err, if any, and turns it into an exit status.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "mewsandbox: %v\n", ee.err)
		}
		return ee.status
	}
	fmt.Fprintf(stderr, "mewsandbox: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitInternal
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "mewsandbox %s: decide on agent tool calls and run commands in a kernel sandbox\n\nUsage: mewsandbox COMMAND [flags]\n\nCommands:\n", version)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\nRun 'mewsandbox help COMMAND' for its flags.\n")
}

func cmdVersion(args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) == 1 && isHelpFlag(args[0]) {
		// 'help version' asks so too, as it does of every command.
		fmt.Fprintf(stdout, "Usage: mewsandbox version\n")
		return nil
	}
	if len(args) > 0 {
		return usagef("version takes no arguments")
	}
	fmt.Fprintf(stdout, "mewsandbox %s\n", version)
	return nil
}

func cmdHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || isHelpFlag(args[0]) || args[0] == "help" {
		printUsage(stdout)
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run([]string{"-h"}, stdin, stdout, stderr)
		}
	}
	return usagef("help: unknown command %q", args[0])
}

// isHelpFlag says whether a is one of the ways the flag package, and so
// every command, takes a request for help.
func isHelpFlag(a string) bool {
	return a == "-h" || a == "-help" || a == "--help"
}

// parseWithWord parses the flags of a command that takes one fixed word
// (hook claude-code, init claude-code), before or after it.
func parseWithWord(fs *flag.FlagSet, args []string, word string) error {
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != word {
		return usagef("%s: want 'mewsandbox %s %s [flags]' (run 'mewsandbox help %s')", fs.Name(), fs.Name(), word, fs.Name())
	}
	return nil
}

// parseInterspersed parses flags given before, between or after the
// positional arguments (the flag package stops at the first of those) and
// returns the positional arguments. "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if i := len(args) - len(rest) - 1; i >= 0 && args[i] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}
