package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/mewsandbox/mewsandbox/permission"
)

// maxCommandBytes bounds a command line; anything larger is refused rather
// than analysed.
const maxCommandBytes = 1 << 20

func cmdCheck(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var o options
	var shell, tool, input string
	fs := newFlagSet("check", "mewsandbox check [flags] (-c STRING | -- ARGV... | --tool NAME --input JSON)", stdout)
	o.permissionFlags(fs)
	o.jsonFlag(fs)
	o.auditFlag(fs)
	fs.StringVar(&shell, "c", "", "the shell command `STRING` to check")
	fs.StringVar(&tool, "tool", "", "tool `NAME` (Bash, Read, Write, Edit, WebFetch, ...)")
	fs.StringVar(&input, "input", "", "the tool's input as `JSON`, e.g. '{\"file_path\":\"x\"}'")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	call, err := callFromArgs(shell, tool, input, fs.Args(), fs.NArg() > 0 || hasDashDash(args))
	var ambiguous *permission.AmbiguousInputError
	if err != nil && !errors.As(err, &ambiguous) {
		return err
	}
	go permission.Warm(call.Tool)
	p, err := o.resolve("")
	if err != nil {
		return err
	}
	printWarnings(stderr, p.config.Warnings)
	audit, err := openAudit("check", o.session, auditTargets(o.audit, p.config), []string{p.root})
	if err != nil {
		return err
	}
	defer audit.Close()
	res := p.engine.Check(call)
	if ambiguous != nil {
		res = ambiguousResult(ambiguous, p.engine.Mode)
	}
	if err := audit.decision(call, res); err != nil {
		return err
	}
	return printResult(stdout, res, o.json)
}

func hasDashDash(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return true
		}
	}
	return false
}

// callFromArgs builds the call to check from exactly one of -c, argv or
// --tool/--input. An input that is ambiguous comes back with its
// *permission.AmbiguousInputError, for the caller to decide Ask.
func callFromArgs(shell, tool, input string, argv []string, haveArgv bool) (permission.Call, error) {
	given := 0
	for _, b := range []bool{shell != "", haveArgv, tool != ""} {
		if b {
			given++
		}
	}
	if given != 1 {
		return permission.Call{}, usagef("check: give exactly one of -c STRING, -- ARGV... or --tool NAME --input JSON")
	}
	switch {
	case shell != "":
		if err := validCommand(shell); err != nil {
			return permission.Call{}, err
		}
		return permission.Call{Tool: "Bash", Command: shell}, nil
	case haveArgv:
		cmd, err := quoteArgv(argv)
		if err != nil {
			return permission.Call{}, err
		}
		return permission.Call{Tool: "Bash", Command: cmd}, nil
	}
	if input == "" {
		input = "{}"
	}
	if !json.Valid([]byte(input)) {
		return permission.Call{}, usagef("check: --input is not valid JSON: %.60q", input)
	}
	call, err := permission.CallFromInput(tool, json.RawMessage(input))
	if ae := (*permission.AmbiguousInputError)(nil); errors.As(err, &ae) {
		return call, err
	}
	if err != nil {
		return permission.Call{}, usageError{err}
	}
	if _, kind := permission.CanonicalTool(tool); kind == permission.KindShell {
		if err := validCommand(call.Command); err != nil {
			return permission.Call{}, err
		}
	}
	return call, nil
}

// validCommand rejects command lines no shell would run as given.
func validCommand(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return usagef("empty command")
	case len(s) > maxCommandBytes:
		return usagef("command of %d bytes is over the %d-byte limit", len(s), maxCommandBytes)
	case strings.IndexByte(s, 0) >= 0:
		return usagef("command contains a NUL byte, which no shell can pass on")
	case !utf8.ValidString(s):
		return usagef("command is not valid UTF-8")
	}
	return nil
}

// quoteArgv turns an argument vector into one shell command line that
// means exactly it, to bash and zsh in any locale: a word that needs
// quoting is single-quoted, every character as it is, since the $'\u00a0'
// of syntax.Quote stays those six characters where the shell's locale is
// C (Claude Code's shell on a host without LANG). Only a word that is not
// UTF-8 gets syntax.Quote's $'\xff', which no locale changes.
func quoteArgv(argv []string) (string, error) {
	if len(argv) == 0 {
		return "", usagef("empty command after --")
	}
	quoted := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return "", usagef("argument %d cannot be quoted for the shell: %v", i+1, err)
		}
		if q != a && utf8.ValidString(a) {
			q = shellQuote(a)
		}
		quoted[i] = q
	}
	cmd := strings.Join(quoted, " ")
	return cmd, validCommand(cmd)
}

func printWarnings(w io.Writer, warnings []string) {
	for _, s := range warnings {
		fmt.Fprintf(w, "mewsandbox: warning: %s\n", s)
	}
}

// printResult prints a decision as text or as the JSON object of DESIGN §5.
func printResult(w io.Writer, res permission.Result, asJSON bool) error {
	if res.Commands == nil {
		res.Commands = []permission.CommandResult{}
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(res)
	}
	fmt.Fprintf(w, "%s: %s\n", res.Decision, res.Reason)
	if res.Rule != "" {
		fmt.Fprintf(w, "  rule:       %s", res.Rule)
		if res.Source != "" {
			fmt.Fprintf(w, " (%s)", res.Source)
		}
		fmt.Fprintln(w)
	}
	if len(res.Commands) > 1 {
		for _, c := range res.Commands {
			fmt.Fprintf(w, "  %-5s %s: %s\n", c.Decision, c.Command, c.Reason)
		}
	}
	if res.Suggestion != "" {
		fmt.Fprintf(w, "  suggestion: add %q to permissions.allow to allow this next time\n", res.Suggestion)
	}
	for _, s := range res.Warnings {
		fmt.Fprintf(w, "  warning:    %s\n", s)
	}
	return nil
}
