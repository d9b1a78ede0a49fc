package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var o options
	var shell string
	fs := newFlagSet("run", "mewsandbox run [flags] -- CMD [ARG...]\n       mewsandbox run [flags] -c 'SHELL STRING'", stdout)
	o.permissionFlags(fs)
	o.sandboxFlags(fs)
	fs.StringVar(&shell, "c", "", "run the shell command `STRING` with /bin/bash -c (or /bin/sh)")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	argv, call, err := runArgv(shell, fs.Args())
	if err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("working directory: %w", err)
	}
	// The sandbox child starts now, while the settings load and the engine
	// decides: it runs nothing before Run hands it the command.
	cmd := &exec.Cmd{Dir: cwd, Stdin: stdin, Stdout: stdout, Stderr: stderr}
	cmd.Prespawn()
	defer cmd.Discard()
	p, err := o.resolve(cwd)
	if err != nil {
		return err
	}
	printWarnings(stderr, p.config.Warnings)
	policy, err := o.policy(p)
	if err != nil {
		return err
	}
	if err := approve(p, call, stderr); err != nil {
		return err
	}

	env, _ := exec.ScrubEnv(os.Environ(), o.envPass)
	cmd.Args, cmd.Env, cmd.Policy = argv, env, policy
	cmd.Timeout = o.timeout
	cmd.PrivateTmp = true
	cmd.Warn = func(s string) { fmt.Fprintln(stderr, s) }
	// The CLI exits as soon as Run returns.
	cmd.KeepSignalsCaught = true
	status, err := cmd.Run(context.Background())
	var se *exec.StageError
	if errors.As(err, &se) && se.Stage == exec.StageResolve && (status == exec.StatusNotFound || status == exec.StatusNotExecutable) {
		// A missing or non-executable command is the command's problem,
		// not the sandbox's: say it the way a shell would.
		err = se.Err
	}
	if err != nil {
		return exitError{status: status, err: err}
	}
	return exitError{status: status}
}

// runArgv returns the argument vector to execute and the call the
// permission engine judges.
func runArgv(shell string, args []string) ([]string, permission.Call, error) {
	switch {
	case shell != "" && len(args) > 0:
		return nil, permission.Call{}, usagef("run: give either -c STRING or -- CMD ARGS, not both")
	case shell != "":
		if err := validCommand(shell); err != nil {
			return nil, permission.Call{}, err
		}
		sh := "/bin/bash"
		if _, err := os.Stat(sh); err != nil {
			sh = "/bin/sh"
		}
		return []string{sh, "-c", shell}, permission.Call{Tool: "Bash", Command: shell}, nil
	case len(args) == 0:
		return nil, permission.Call{}, usagef("run: no command (want -- CMD [ARG...] or -c STRING)")
	}
	cmd, err := quoteArgv(args)
	if err != nil {
		return nil, permission.Call{}, err
	}
	return args, permission.Call{Tool: "Bash", Command: cmd}, nil
}

// policy builds the sandbox policy of DESIGN §4 from the flags.
func (o *options) policy(p *project) (exec.Policy, error) {
	pol := exec.DefaultPolicy(p.root)
	pol.ReadOnlyRoot = p.engine.Mode == permission.ModePlan
	pol.BestEffort = o.bestEffort
	for _, l := range []struct {
		flag   string
		paths  []string
		access exec.Access
	}{{"--allow-read", o.allowRead, exec.Read | exec.Exec}, {"--allow-write", o.allowWrite, exec.Read | exec.Write | exec.Exec}} {
		for _, path := range l.paths {
			abs, err := existingPath(l.flag, path, p.cwd)
			if err != nil {
				return pol, err
			}
			pol.Grants = append(pol.Grants, exec.Grant{Path: abs, Access: l.access})
		}
	}
	// git aborts when it may not read its global config ("unknown error
	// occurred while reading the configuration files"), so those two files
	// are readable; credentials live elsewhere (~/.git-credentials,
	// ~/.config/git/credentials) and stay out of reach.
	for _, f := range []string{filepath.Join(p.home, ".gitconfig"), filepath.Join(envOr("XDG_CONFIG_HOME", filepath.Join(p.home, ".config")), "git", "config")} {
		if p.home != "" {
			pol.Grants = append(pol.Grants, exec.Grant{Path: f, Access: exec.Read, Optional: true})
		}
	}
	for _, path := range o.denyRead {
		abs, err := existingPath("--deny-read", path, p.cwd)
		if err != nil {
			return pol, err
		}
		pol.DenyRead = append(pol.DenyRead, abs)
	}
	switch o.network {
	case "none", "":
		pol.Network.Mode = exec.NetworkNone
		pol.Network.Connect = o.allowConnect
		pol.Network.Bind = o.allowBind
	case "all":
		if len(o.allowConnect)+len(o.allowBind) > 0 {
			return pol, usagef("--network all already allows every port; drop --allow-connect/--allow-bind or use --network none")
		}
		pol.Network.Mode = exec.NetworkAll
	default:
		return pol, usagef("--network %q: want none or all", o.network)
	}
	pol.Network.UnixSockets = o.allowUnixSockets
	return pol, nil
}

// existingPath makes a policy path absolute and insists it exists: a typo
// in a grant must not silently grant nothing, nor a typo in a deny deny
// nothing.
func existingPath(flag, path, cwd string) (string, error) {
	if path == "" {
		return "", usagef("%s: empty path", flag)
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", usagef("%s %s: no home directory to expand ~ in: %v", flag, path, err)
		}
		path = filepath.Join(home, path[1:])
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	if _, err := os.Stat(path); err != nil {
		return "", usagef("%s %s: %v", flag, path, errors.Unwrap(err))
	}
	return filepath.Clean(path), nil
}

// approve runs the permission engine on the call: Allow returns nil, Deny
// an exit 77, and Ask a prompt on the terminal (Deny without one).
func approve(p *project, call permission.Call, stderr io.Writer) error {
	e := p.engine
	res := e.Check(call)
	if res.Decision == permission.Ask {
		res = ask(p, call, res, stderr)
	}
	if e.Session != nil {
		warning, err := e.Session.RecordDecision(res.Decision)
		if err != nil {
			return err
		}
		if warning != "" {
			fmt.Fprintf(stderr, "mewsandbox: warning: %s\n", warning)
		}
	}
	if res.Decision == permission.Allow {
		return nil
	}
	msg := "denied: " + res.Reason
	if res.Rule != "" && res.Source != "" {
		msg += " (" + res.Rule + ", " + res.Source + ")"
	}
	if res.Suggestion != "" {
		msg += fmt.Sprintf("\nmewsandbox: to allow it, add %q to permissions.allow or pass --allow %q", res.Suggestion, res.Suggestion)
	}
	return exitError{status: exitDenied, err: errors.New(msg)}
}

// ask puts an Ask to the person at the terminal: y allows once, a allows
// for the session (and, with --session, writes an allow rule to the local
// settings), anything else denies. Without a terminal it is a Deny.
func ask(p *project, call permission.Call, res permission.Result, stderr io.Writer) permission.Result {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		res.Decision = permission.Deny
		res.Reason = "needs approval and there is no terminal to ask on: " + res.Reason
		return res
	}
	defer tty.Close()
	fmt.Fprintf(tty, "mewsandbox: %s wants to run:\n    %s\n  because: %s\nAllow? [y]es once, [a]lways, [N]o: ", call.Tool, call.Command, res.Reason)
	line, _ := bufio.NewReader(tty).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return permission.Result{Decision: permission.Allow, Reason: "approved at the terminal"}
	case "a", "always":
		if s := p.engine.Session; s != nil {
			if err := s.Approve(permission.Key(call)); err != nil {
				fmt.Fprintf(stderr, "mewsandbox: warning: could not remember the approval: %v\n", err)
			}
			rule := "Bash(" + strings.TrimSpace(call.Command) + ")"
			if err := permission.AppendRule(p.localSettings, permission.RuleAllow, rule); err != nil {
				fmt.Fprintf(stderr, "mewsandbox: warning: could not write %s to %s: %v\n", rule, p.localSettings, err)
			}
		}
		return permission.Result{Decision: permission.Allow, Reason: "approved at the terminal for this session"}
	}
	res.Decision = permission.Deny
	res.Reason = "refused at the terminal: " + res.Reason
	return res
}
