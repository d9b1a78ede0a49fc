package permission

import (
	"cmp"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Danger is a built-in reason not to run a command without asking.
type Danger struct {
	// Rule names the row of the danger table that matched ("rm").
	Rule string
	// Reason says, for a person, what the command could do.
	Reason string
	// Critical is true when the command must be denied in every mode
	// (rm of a critical path), not merely asked about.
	Critical bool
	// Unseen is true when a critical path may hide in what is only known
	// at run time (rm -rf "$X"): asked for in every mode, bypassPermissions
	// included, as what the shell analysis cannot see is.
	Unseen bool
	// Host is true when a row that matched acts beyond any project (kill,
	// reboot, a container with the host's root, crontab -r, gh auth token,
	// npm publish, kubectl delete): a project's own allow rule
	// (Rule.within) does not lift it, as it lifts rm's of the project's
	// files. A cloned repository's Bash(gh:*) had the hook hand the agent
	// the user's token, as its WebFetch rule had it send the site what it
	// read (Settings.ConfineRules).
	Host bool
	// Secret is true when the command prints a credential kept outside
	// the project (gh auth token, aws configure get
	// aws_secret_access_key, pass show, git credential fill): asked for
	// in bypassPermissions too, where the store it comes from is asked for
	// (cat ~/.aws/credentials), unless an allow rule names the command.
	Secret bool
}

// secretReason says whether reason, a match of a row marked secret, is of
// a command that prints a credential, or whose subcommand, only known at
// run time, may be one (gh auth "$c").
func secretReason(reason string) bool {
	return strings.Contains(reason, " prints") || strings.Contains(reason, "only known at run time")
}

// dangerRule is one row of the danger table: check inspects one
// normalised command, pipe one pipeline. Each returns a reason, empty when
// the row does not match.
type dangerRule struct {
	name  string
	check func(c SimpleCommand, env PathEnv) (reason string, critical bool)
	pipe  func(a Analysis, p Pipeline) string
	// unseen: the row's critical matches are Danger.Unseen, not Critical.
	unseen bool
	// host: what the command acts on lies beyond any project (the
	// machine, its processes, devices and services; a remote, an account,
	// a registry, a cloud or a database elsewhere, and the credentials
	// that reach them; the user's caches, settings, toolchains and cron
	// jobs; another repository): Danger.Host. A project's own allow rule
	// does not lift it (Settings.ConfineRules); the user's does.
	host bool
	// secret: a match whose reason says the command prints (gh auth
	// token, aws configure get …) reads out a credential kept outside the
	// project: Danger.Secret.
	secret bool
}

// dangerTable is the danger table. Rows match normalised commands (quotes
// resolved, wrappers looked through, /bin/rm as rm, names compared without
// case because macOS file systems ignore it), never raw text: `echo "rm -rf
// /"` is harmless. The seed's sixteen patterns are the floor: rm, git
// push/reset/clean/checkout ., sudo, mkfs, dd, > /dev/, kill, pkill, reboot,
// shutdown, and Windows' del, rmdir, format, taskkill, Remove-Item and
// Stop-Process. CheckDanger reports the first critical row that matches,
// else the first row; specific rows therefore come before general ones.
var dangerTable = lazy[[]dangerRule]{build: func() []dangerRule {
	return []dangerRule{
		// rm aimed at / or the home directory is the classic unrecoverable
		// mistake; Critical for critical paths, Ask for any other operands.
		{name: "rm", check: checkRm},
		// A recursive rm of a path only known at run time may be of a
		// critical one (x=/; rm -rf $x, echo / | xargs rm -rf).
		{name: "rm of a path known at run time", check: checkRmUnseen, unseen: true},
		// find -delete of one (find "$x" -delete).
		{name: "find -delete of a path known at run time", check: checkFindUnseen, unseen: true},
		// A program the engine does not know, given a critical delete as
		// its arguments (run0 rm -rf /, xterm -e 'rm -rf ~'), may run it.
		{name: "critical delete given to a program", check: checkGivenCriticalDelete, unseen: true},
		{name: "cmake -E rm", check: checkCMakeRemove},
		{name: "trash", check: checkTrash},
		// A container with the host's root, devices or namespaces is root
		// on this machine: docker run -v /:/h alpine rm -rf /h.
		{name: "container host access", check: checkContainerHost, host: true},
		// socat's SYSTEM:, EXEC: and SHELL: addresses run a command.
		{name: "socat command address", check: checkSocatCommand},
		// rmdir only removes empty directories, but on a critical path it is
		// a sign of confusion, and on Windows `rmdir /s` deletes a tree.
		{name: "rmdir", check: checkRmdir},
		// find -delete and -exec rm delete everything they match; with no
		// test, everything under the start path.
		{name: "find -delete", check: checkFindDelete},
		// Windows deletion commands (del, erase, rd, Remove-Item).
		{name: "del", check: nameIn("deletes files", "del", "erase", "rd", "remove-item")},
		// format wipes a Windows volume.
		{name: "format", check: nameIn("formats a disk", "format")},
		// Overwrites a file in place so it cannot be recovered.
		{name: "shred", check: withArgs("overwrites files so they cannot be recovered", "shred")},
		// Empties or cuts files.
		{name: "truncate", check: withArgs("truncates files", "truncate")},
		// Rewrites published history; others lose work.
		{name: "git push --force", check: checkGitPushForce, host: true},
		// Publishes commits to a shared remote.
		{name: "git push", check: gitSub("publishes commits to a remote", "push", "send-pack", "http-push"), host: true},
		// Mails the project's commits, as patches, to any address.
		{name: "git send-email", check: gitSub("mails the project's commits to others", "send-email", "imap-send"), host: true},
		// Uploads the large files of commits to a remote's LFS store.
		{name: "git lfs push", check: checkGitLFSPush, host: true},
		// Another repository's configuration, which may name programs
		// git runs, and git's writes there.
		{name: "git --git-dir", check: checkGitDirOption, host: true},
		// Another repository's configuration, reached by where git runs
		// (git -C DIR, cd DIR && git …).
		{name: "git in another repository", check: checkGitForeignDir, host: true},
		// A build file outside the project, whose recipes the tool runs
		// (make -f /tmp/Makefile).
		{name: "build file outside the project", check: checkBuildFileOutside, host: true},
		// The password a credential helper keeps, printed.
		{name: "git credential", check: checkGitCredential, host: true, secret: true},
		// Discards commits or uncommitted changes.
		{name: "git reset", check: gitSub("can discard commits and uncommitted changes", "reset")},
		// Deletes untracked files, which git cannot restore: of a
		// critical path, where it runs there or its working tree is one
		// (git -C / clean -fdx, git --work-tree=/etc clean -fdx).
		{name: "git clean of a critical path", check: checkGitCleanCritical},
		{name: "git clean of a path known at run time", check: checkGitCleanUnseen, unseen: true},
		{name: "git clean", check: checkGitClean},
		// Overwrites uncommitted changes in the working tree.
		{name: "git checkout .", check: checkGitCheckoutDiscard},
		// Same as git checkout -- for newer git.
		{name: "git restore", check: checkGitRestore},
		{name: "git rm -f", check: checkGitRmForce},
		// Deletes a branch even when it is not merged.
		{name: "git branch -D", check: checkGitBranchDelete},
		// Deletes stashed work.
		{name: "git stash drop", check: checkGitStashDrop},
		// Moves or deletes a branch as git reset and git branch -D do, or
		// deletes the reflog that undoes them.
		{name: "git ref rewrite", check: checkGitRefRewrite},
		// A git subcommand only known at run time may be any of the above.
		{name: "git", check: checkGitUnknown},
		// git -c and git config keys that run a program of their choosing.
		{name: "git config exec", check: checkGitConfigExec, unseen: true},
		// Any other write of git's configuration: a remote's URL, a
		// pushurl or insteadOf sends later pushes elsewhere.
		{name: "git config write", check: checkGitConfigWrite},
		// Runs the command with more privileges than the sandbox grants.
		{name: "sudo", check: checkSudo, host: true},
		// Creates a file system: destroys what the device held.
		{name: "mkfs", check: checkMkfs, host: true},
		// Erases file system signatures.
		{name: "wipefs", check: nameIn("erases file system signatures", "wipefs"), host: true},
		// Rewrites partition tables.
		{name: "fdisk", check: checkPartition, host: true},
		// Copies raw blocks; `of=/dev/sda` destroys a disk.
		{name: "dd", check: nameIn("copies raw data and can overwrite disks", "dd"), host: true},
		// Writing to a device node goes around the file system (> /dev/sda).
		{name: "> /dev/", check: checkDeviceWrite, host: true},
		// Deletes extraneous files at the destination.
		{name: "rsync --delete", check: checkRsyncDelete},
		// Archives that keep absolute paths write where they say.
		{name: "archive with absolute paths", check: checkAbsoluteExtract},
		// cpio -p copies the files a list names at the paths the list
		// gives, below its directory: ../ ones land outside it.
		{name: "cpio -p of a list", check: checkCpioPassFile, pipe: pipeCpioPass},
		// bash's network redirections: a shell or interpreter reading its
		// program from one, or exec keeping one open (netredir.go).
		{name: "program from the network", check: checkNetProgram},
		// Settings a tool keeps for every later run of it, and packages
		// installed for the whole machine (whose scripts run as well).
		{name: "tool settings", check: checkToolSettings, host: true},
		// An editor extension installed for the user runs in every later
		// session of the editor, outside the sandbox.
		{name: "editor extension", check: checkEditorExtension, host: true},
		{name: "user settings", check: checkUserSettings, host: true},
		{name: "package install", check: checkPackageInstall, host: true},
		// Logins, tokens and keys a program keeps for the user, stored,
		// removed or printed: docker login, gh auth token, aws configure.
		// Before publish and forge change, whose subcommand only known at
		// run time (cargo "$c") may as well be one of these: its reason
		// names the credential, as it did before they asked for one.
		{name: "credentials", check: checkCredentials, host: true, secret: true},
		// Uploads a package or an image to a registry, for everyone who
		// installs it; a published version can rarely be taken back.
		{name: "package publish", check: checkPublish, host: true},
		// Changes a forge's repository as a push does, or deletes there:
		// gh pr merge, gh release create, gh repo delete, gh api -X DELETE;
		// its workflows' secrets and runs, and the keys that may push.
		{name: "forge change", check: checkForgeChange, host: true},
		// An HTTP request that deletes on another host: curl -X DELETE,
		// wget --method=DELETE, http DELETE.
		{name: "remote request", check: checkRemoteRequest, host: true},
		// Writes to a database on another host, whose data no undo in the
		// project brings back: psql -h db -c 'DROP TABLE t', redis-cli -h
		// cache FLUSHALL, mongosh --host db --eval 'db.dropDatabase()'.
		{name: "remote database change", check: checkDatabaseChange, host: true},
		// Changes or deletes what a cloud account or a cluster runs and
		// keeps, where no undo reaches: kubectl delete, helm uninstall,
		// terraform destroy, aws s3 rm, gcloud … delete.
		{name: "cloud change", check: checkCloudChange, host: true},
		// Empties a cache or a store kept outside the project, for every
		// project of the user's: go clean -modcache, npm cache clean, pip
		// cache purge, docker system prune (images and volumes with it).
		{name: "cache cleanup", check: checkCacheCleanup, host: true},
		// Installs a toolchain for the user, or changes the version of a
		// program every later run outside the project gets: rustup
		// default, nvm install, pyenv global, mise use -g.
		{name: "tool version", check: checkToolVersion, host: true},
		// Recursive permission or owner changes of broad trees break systems
		// and are slow to undo.
		{name: "chmod -R", check: checkRecursiveChmod},
		// World-writable files let any user change them.
		{name: "chmod 777", check: checkChmodWorld},
		// Signals other processes.
		{name: "kill", check: checkKill, host: true},
		{name: "pkill", check: nameIn("terminates processes by name", "pkill"), host: true},
		{name: "killall", check: nameIn("terminates processes by name", "killall"), host: true},
		{name: "killall5", check: nameIn("terminates every process of the machine", "killall5"), host: true},
		// Deletes the files of a directory not used for a time (/tmp).
		{name: "tmpreaper", check: nameIn("deletes files that have not been used for a time", "tmpreaper", "tmpwatch"), host: true},
		{name: "taskkill", check: nameIn("terminates processes", "taskkill", "stop-process"), host: true},
		// Stops or restarts the machine.
		{name: "reboot", check: nameIn("restarts the machine", "reboot"), host: true},
		{name: "shutdown", check: nameIn("shuts the machine down", "shutdown", "halt", "poweroff"), host: true},
		{name: "init 0", check: checkInit, host: true},
		// Changes the host itself, for every user and after the session.
		{name: "host administration", check: checkHostAdmin, host: true},
		{name: "systemctl poweroff", check: checkSystemctlPower, host: true},
		// Services the init system starts now or at every boot or login,
		// outside the sandbox and after the session: systemctl --user
		// enable, launchctl load, loginctl enable-linger.
		{name: "service change", check: checkServiceChange, host: true},
		// Deletes every cron job of the user, without confirmation.
		{name: "crontab -r", check: checkCrontabRemove, host: true},
		// A function that starts copies of itself concurrently exhausts the
		// process table.
		{name: "fork bomb", check: checkForkBomb, host: true},
		// Variables that make later programs load or run code of the
		// setter's choosing.
		{name: "hijack variable", check: checkHijackAssign},
		// Downloaded code run without being seen.
		{name: "curl | sh", pipe: pipeDownloadToInterpreter},
		// A shell program assembled in a pipe cannot be analysed.
		{name: "pipe to shell", pipe: pipeToShell},
		// A package fetched from outside a registry and run (nix run
		// github:o/r, go run PKG@VERSION): code nobody read.
		{name: "fetched code", check: checkFetchedCode},
		// A secret-named variable printed or sent (echo $GITHUB_TOKEN,
		// printenv AWS_SECRET_ACCESS_KEY), or every variable (env).
		// Last: where the environment is scrubbed (Engine.EnvScrubbed)
		// the engine sets a match of it aside, and no other row may
		// hide behind it.
		// A value printed (printenv NAME, echo "$NAME") is Danger.Secret;
		// every variable listed (env) and one sent (curl -H …) are not.
		{name: secretVariableRow, check: checkSecretVar, pipe: pipeSecretVars, secret: true},
	}
}}

// secretVariableRow is the name of the danger table's last row.
const secretVariableRow = "secret variable"

// CheckDanger reports whether c matches the danger table, and the first
// critical row that matches or else the first one. env is where the
// command line starts; c.Dir moves it. Where c may run in one of several
// directories (c.Dirs: CDPATH=/; cd usr is /usr or ./usr), it is checked
// in each and the gravest danger kept: rm -rf * is critical if one of
// them is /usr.
func CheckDanger(c SimpleCommand, env PathEnv) (Danger, bool) {
	if c.Dir == "?" && len(c.Dirs) > 0 {
		var found Danger
		ok := false
		for _, d := range c.Dirs {
			in := c
			in.Dir, in.Dirs = d, nil
			f, k := CheckDanger(in, env)
			host := found.Host || f.Host
			if k && (!ok || f.Critical && !found.Critical || f.Unseen && !found.Critical && !found.Unseen) {
				found, ok = f, true
			}
			found.Host = host
		}
		return found, ok
	}
	env = env.In(c.Dir)
	var found Danger
	ok, host, secret := false, false, false
	table := dangerTable.get()
	for i := range table {
		r := &table[i]
		if r.check == nil {
			continue
		}
		reason, critical := r.check(c, env)
		if reason == "" {
			continue
		}
		if critical && !r.unseen {
			return Danger{Rule: r.name, Reason: reason, Critical: true, Host: r.host}, true
		}
		host = host || r.host
		if r.secret && secretReason(reason) && !secret && !found.Unseen {
			// Its reason, whichever row came first, but an unseen
			// critical path's.
			secret, found, ok = true, Danger{Rule: r.name, Reason: reason}, true
			continue
		}
		if !ok || critical && !found.Unseen {
			found, ok = Danger{Rule: r.name, Reason: reason, Unseen: critical}, true
		}
	}
	found.Host, found.Secret = host, secret
	return found, ok
}

// CheckPipelines returns the dangers that only show in how commands feed
// each other (curl … | sh), one for each pipeline and row that match.
func CheckPipelines(a Analysis) []Danger {
	var out []Danger
	table := dangerTable.get()
	for _, p := range a.Pipelines {
		for i := range table {
			r := &table[i]
			if r.pipe == nil {
				continue
			}
			if reason := r.pipe(a, p); reason != "" {
				out = append(out, Danger{Rule: r.name, Reason: reason})
				break
			}
		}
	}
	return out
}

// lowerName is the command's name in lower case without a Windows .exe suffix.
func lowerName(c SimpleCommand) string {
	n := strings.ToLower(c.Name())
	return strings.TrimSuffix(n, ".exe")
}

// checkSocatCommand: socat - 'SYSTEM:rm -rf ~' runs the command its
// SYSTEM:, EXEC: or SHELL: address names (up to the address's options),
// its input and output joined to the other address, unseen; so may an
// address only known at run time.
func checkSocatCommand(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) != "socat" {
		return "", false
	}
	for _, w := range c.Args()[1:] {
		t := strings.ToLower(w.Text)
		if !w.Literal && !strings.HasPrefix(t, "-") {
			return "socat connects to an address only known at run time, which may run a command: " + shorten(w.Text), false
		}
		for _, kind := range [...]string{"system:", "exec:", "shell:"} {
			if strings.HasPrefix(t, kind) {
				return "socat runs the command its " + strings.ToUpper(kind[:len(kind)-1]) + " address names, unseen: " + shorten(w.Text), false
			}
		}
	}
	return "", false
}

// nameIn returns a check matching any of the names (lower case).
func nameIn(reason string, names ...string) func(SimpleCommand, PathEnv) (string, bool) {
	return func(c SimpleCommand, _ PathEnv) (string, bool) {
		n := lowerName(c)
		if n != "" && slices.Contains(names, n) {
			return c.Name() + " " + reason, false
		}
		return "", false
	}
}

// withArgs is nameIn for commands that are harmless without arguments.
func withArgs(reason string, names ...string) func(SimpleCommand, PathEnv) (string, bool) {
	match := nameIn(reason, names...)
	return func(c SimpleCommand, env PathEnv) (string, bool) {
		if len(c.Args()) < 2 {
			return "", false
		}
		return match(c, env)
	}
}

// operandWords returns the words after the command name that are not options
// (every word after "--"). Non-literal words count as operands: they may
// be anything.
func operandWords(c SimpleCommand) []Word {
	var out []Word
	args := c.Args()
	for i := 1; i < len(args); i++ {
		w := args[i]
		if w.Literal && w.Text == "--" {
			return append(out, args[i+1:]...)
		}
		if w.Literal && len(w.Text) > 1 && w.Text[0] == '-' {
			continue
		}
		out = append(out, w)
	}
	return out
}

// criticalDirs are the directories whose removal ruins the system. The
// user's home, the project root and every directory above them are added
// by PathEnv.critical.
var criticalDirs = []string{
	"/", "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/boot", "/dev", "/proc", "/sys", "/var", "/home", "/root", "/opt", "/srv",
	"/snap", "/nix", "/mnt", "/media",
	// macOS
	"/System", "/Library", "/Applications", "/Users", "/private", "/Volumes",
	"/private/etc", "/private/var", "/usr/bin", "/usr/local",
}

// critical reports whether removing abs, an absolute clean path, would
// destroy the system, the home directory or the project.
func (e PathEnv) critical(abs string) bool {
	if slices.Contains(criticalDirs, abs) {
		return true
	}
	for _, d := range [...]string{e.Home, e.Root} {
		if d != "" && path.IsAbs(abs) && within(d, abs) {
			return true
		}
	}
	return false
}

// criticalOperand reports whether removing w removes a critical path. A
// non-literal word is critical when its value is certain to be one
// ("$HOME", ~/*, /usr/*, $PWD, ~+) or when it could be one: a brace
// expansion with a critical member (/{usr,etc}), a glob that could match a
// critical directory (/u*, /[u]sr, /*/), or ~user, the home of any user;
// otherwise (`$DIR`) the caller asks. A default (${HOME:-/}) may be
// the variable or the default: each is tried.
func (e PathEnv) criticalOperand(w Word) bool {
	if w.Literal {
		return e.criticalPath(e.Resolve(w.Text))
	}
	for _, alt := range expandBraces(looseText(w.Text), 64) {
		for _, t := range paramAlternatives(alt, 8) {
			if e.criticalPattern(t) {
				return true
			}
		}
	}
	return false
}

// paramAlternatives returns the texts t, loose text, may stand for where
// each expansion with a default or an alternative in it (${HOME:-/},
// ${HOME=/}, ${X:+/}) is the variable (${HOME}) or the word, at most
// limit of them: rm -rf ${HOME:-/} deletes the home, or / where HOME is
// empty. An expansion in the word stays as it is.
func paramAlternatives(t string, limit int) []string {
	out := []string{t}
	for k := 0; k < len(out) && len(out) < limit; k++ {
		start, name, word, end, ok := defaultExpansion(out[k])
		if !ok {
			continue
		}
		s := out[k]
		out[k] = s[:start] + "${" + name + "}" + s[end:]
		out = append(out, s[:start]+word+s[end:])
		k--
	}
	return out
}

// defaultExpansion finds the first ${NAME OP WORD} in t whose operator
// is a default or an alternative (:- - := = :+ +), and returns where it
// starts and ends, the name and the word.
func defaultExpansion(t string) (start int, name, word string, end int, ok bool) {
	for i := 0; i+1 < len(t); i++ {
		if t[i] != '$' || t[i+1] != '{' {
			continue
		}
		j := i + 2
		for j < len(t) && isNameByte(t[j]) {
			j++
		}
		op := strings.TrimPrefix(t[j:], ":")
		if j == i+2 || op == "" || strings.IndexByte("-=+", op[0]) < 0 {
			continue
		}
		from, depth := len(t)-len(op)+1, 1
		for k := from; k < len(t); k++ {
			switch t[k] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return i, t[i+2 : j], t[from:k], k + 1, true
				}
			}
		}
		return 0, "", "", 0, false
	}
	return 0, "", "", 0, false
}

// criticalPath reports whether the resolved path abs is critical. Resolve
// has seen through /proc/<pid>/root, which is the root directory; a link
// to a directory that cannot be known (/proc/1/cwd) may be any, / too.
func (e PathEnv) criticalPath(abs string) bool {
	return path.IsAbs(abs) && (e.critical(abs) || opaqueDir(abs))
}

// criticalPattern is criticalOperand for one member of a brace expansion,
// given as loose text.
func (e PathEnv) criticalPattern(t string) bool {
	// ~user and ~- may be any directory, a home or /; ~+ is $PWD.
	if strings.HasPrefix(t, "~") {
		prefix, rest, _ := strings.Cut(t, "/")
		switch {
		case prefix == "~":
		case prefix == "~+":
			t = "$PWD/" + rest
		default:
			r := path.Clean("/" + rest)
			return r == "/" || r == "/*" || r == "/.*"
		}
	}
	for _, v := range [...]string{"${PWD}", "$PWD"} {
		if rest, ok := strings.CutPrefix(t, v); ok && (rest == "" || rest[0] == '/') && e.Cwd != "" {
			t = e.Cwd + rest
			break
		}
	}
	for len(t) > 1 && strings.HasSuffix(t, "/") {
		t = strings.TrimSuffix(t, "/")
	}
	rest := t
	if r, ok := homeRest(t); ok {
		rest = r
	}
	// Everything in a directory is as good as the directory.
	dir, last := path.Split(rest)
	if last == "*" || last == ".*" {
		if !strings.ContainsAny(dir, "$`*?[]{}()<>") {
			t = strings.TrimSuffix(t, last)
			if t == "" {
				t = "."
			}
			if e.criticalPath(e.Resolve(t)) {
				return true
			}
		}
	}
	if strings.ContainsAny(rest, "$`(){}<>") {
		return false
	}
	if strings.ContainsAny(rest, "*?[") {
		// A glob that could match a critical directory.
		pat := e.Resolve(t)
		if !path.IsAbs(pat) {
			return false
		}
		for _, c := range e.criticalCandidates() {
			if ok, err := path.Match(pat, c); ok && err == nil {
				return true
			}
		}
		return false
	}
	return e.criticalPath(e.Resolve(t))
}

// criticalCandidates lists the critical paths a glob could name: the
// critical directories, the home directory, the project root and every
// directory above them.
func (e PathEnv) criticalCandidates() []string {
	out := append([]string(nil), criticalDirs...)
	for _, d := range [...]string{e.Home, e.Root} {
		for d != "" && path.IsAbs(d) && d != "/" {
			out = append(out, d)
			d = path.Dir(d)
		}
	}
	return out
}

// expandBraces expands the brace expansions ({a,b}) of s, at most limit
// results; past that, or with unbalanced braces, s comes back as it is.
func expandBraces(s string, limit int) []string {
	out := []string{s}
	for range limit {
		var next []string
		changed := false
		for _, w := range out {
			alts, ok := braceOnce(w)
			if !ok {
				next = append(next, w)
				continue
			}
			changed = true
			next = append(next, alts...)
		}
		if len(next) > limit {
			return out
		}
		out = next
		if !changed {
			break
		}
	}
	return out
}

// braceOnce expands the first {a,b} of s that holds a comma at its top
// level.
func braceOnce(s string) ([]string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' || i > 0 && s[i-1] == '$' {
			continue
		}
		depth, start := 0, i+1
		var parts []string
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					if parts == nil {
						goto next
					}
					parts = append(parts, s[start:j])
					alts := make([]string, len(parts))
					for k, p := range parts {
						alts[k] = s[:i] + p + s[j+1:]
					}
					return alts, true
				}
			case ',':
				if depth == 1 {
					parts = append(parts, s[start:j])
					start = j + 1
				}
			}
		}
		return nil, false
	next:
	}
	return nil, false
}

// looseText drops the quotes and backslashes of a word's source text:
// `"$HOME"/` becomes `$HOME/`. Only for guessing what a non-literal word
// names; expansions stay as they are.
func looseText(s string) string {
	if !strings.ContainsAny(s, `"'\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'', '\\':
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// removal checks the operands of a command that deletes them.
func removal(c SimpleCommand, env PathEnv, verb string) (string, bool) {
	ops := operandWords(c)
	for _, w := range ops {
		if env.criticalOperand(w) {
			return c.Name() + " " + verb + " " + w.Text + ", a critical path", true
		}
	}
	if c.OpenArgs {
		return c.Name() + " " + verb + " files named at run time", false
	}
	for _, w := range ops {
		if !w.Literal {
			return c.Name() + " " + verb + " " + w.Text + ", a path only known at run time", false
		}
	}
	return c.Name() + " " + verb + " files", false
}

// checkRmUnseen: a recursive rm (rimraf always is) of operands not all
// known before it runs: a variable, a substitution, or words xargs
// appends. Critical (for the unseen row) unless each is known, or unknown
// only by a glob (globOnly).
func checkRmUnseen(c SimpleCommand, env PathEnv) (string, bool) {
	n := lowerName(c)
	if n != "rm" && n != "rimraf" || c.FromFind || !recursiveRm(c) {
		return "", false // find -exec rm: the find row judges where find looks
	}
	if c.OpenArgs {
		return c.Name() + " deletes, recursively, what is named at run time: a critical path may be among it", true
	}
	for _, w := range operandWords(c) {
		if !w.Literal && !globOnly(w) && !env.knownBelow(w) {
			if severalWords(w.Text) {
				hint := ""
				if !strings.Contains(w.Text, "@") {
					hint = " (quote a single path: \"$x\")"
				}
				return c.Name() + " deletes " + w.Text + ", which bash may split into options (-rf) and paths only known at run time: they may be critical ones" + hint, true
			}
			return c.Name() + " deletes " + w.Text + " recursively, a path only known at run time: it may be a critical one", true
		}
		if inUnknownDir(c, w, env) {
			return c.Name() + " deletes " + w.Text + " recursively in a directory only known at run time (after cd \"$x\", cd -, popd): it may be a critical one", true
		}
	}
	return "", false
}

// inUnknownDir says whether w, a path c is given, is relative to a
// working directory the analysis cannot know and may name a critical path
// there: `cd "$x" && rm -rf *` is `rm -rf "$x"/*` spelt another way, and
// `OLDPWD=/; cd - && rm -rf *` deletes below /. So may ., .., a glob, and
// a name a critical path ends with (usr, etc, the home's own name): in
// some directory it is that path. Another name (build, node_modules) is
// no critical path wherever it is, and `cd "$(git rev-parse
// --show-toplevel)" && rm -rf build` passes. Where c may run in one of
// several known directories (c.Dirs), each is judged as it is.
func inUnknownDir(c SimpleCommand, w Word, env PathEnv) bool {
	if c.Dir != "?" || c.Dirs != nil {
		return false
	}
	t := looseText(w.Text)
	if _, home := homeRest(t); home || path.IsAbs(t) || strings.HasPrefix(t, "$") {
		return false
	}
	t = path.Clean(t)
	if t == "." || t == ".." || strings.HasPrefix(t, "../") || strings.ContainsAny(t, "*?[{") {
		return true
	}
	for _, d := range env.criticalCandidates() {
		if strings.HasSuffix(d, "/"+t) {
			return true
		}
	}
	return false
}

// knownBelow says whether w, not literal, is the home or the working
// directory the engine knows followed by literal names: "$HOME/.cache/pip"
// is as known as ~/.cache/pip (critical or not, criticalOperand has said).
func (e PathEnv) knownBelow(w Word) bool {
	t := looseText(w.Text)
	for _, v := range [...]string{"${HOME}/", "$HOME/", "${PWD}/", "$PWD/"} {
		if rest, ok := strings.CutPrefix(t, v); ok && rest != "" && !strings.ContainsAny(rest, "$`*?[{") && !slices.Contains(strings.Split(rest, "/"), "..") {
			return strings.Contains(v, "HOME") && e.Home != "" || strings.Contains(v, "PWD") && e.Cwd != ""
		}
	}
	return false
}

// recursiveRm says whether rm c may delete directories with what is in
// them: -r, -R or --recursive, or --rec and the like, which GNU getopt
// takes for it (or rimraf); a word only known at run time, with another
// after it, may be one (o=-rf; rm $o "$x").
func recursiveRm(c SimpleCommand) bool {
	if lowerName(c) == "rimraf" {
		return true
	}
	args := c.Args()[1:]
	for i, w := range args {
		t := w.Text
		switch {
		case !w.Literal && (i < len(args)-1 || severalWords(t)):
			// An option, perhaps, with an operand after it, or a word
			// that expands into both ("$@", "${a[@]}", $x split).
			return true
		case !w.Literal:
		case t == "--":
			return false
		case len(t) > 2 && strings.HasPrefix("--recursive", t):
			return true
		case len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.ContainsAny(t, "rR"):
			return true
		}
	}
	return false
}

// severalWords reports whether a word, as written (its source text), may
// expand into several words: "$@" and "${a[@]}" quoted or not, and a
// variable outside double quotes, which bash splits ($x, $*). A
// substitution's output ($(find …)) is left as data the check cannot
// see.
func severalWords(src string) bool {
	if strings.Contains(src, "$@") || strings.Contains(src, "[@]}") {
		return true
	}
	quote := byte(0)
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; {
		case ch == '\\' && quote != '\'':
			i++
		case quote == 0 && (ch == '"' || ch == '\''):
			quote = ch
		case quote != 0 && ch == quote:
			quote = 0
		case quote == 0 && ch == '$' && i+1 < len(src) && src[i+1] != '(':
			return true
		}
	}
	return false
}

// unknownProgram reports whether c's program, named by a literal word, is
// one the engine has no table for: not a command whose arguments it reads
// as paths or text (pathSpecs: echo, grep, git …), not a read-only one.
// A wrapper it looks through is never c's program, what it runs is; one
// where the analysis stops (tsp -l, yarn BIN) counts as unknown, and so
// does one whose table says it runs what its options give (ag --pager:
// pathSpec.runs). Such a
// program may run its arguments as a wrapper would (run0, gosu, an
// unknown shell's -c).
func unknownProgram(c SimpleCommand) bool {
	n := lowerName(c)
	spec, _ := pathSpecOf(n)
	return n != "" && (spec == nil || spec.runs) && !IsReadOnly(c)
}

// checkGivenCriticalDelete: a program the engine has no table for
// (unknownProgram) given, as its arguments or in one of them as a shell
// string, a delete the rm or find rows deny as critical. It may run it:
// critical for the unseen row.
func checkGivenCriticalDelete(c SimpleCommand, env PathEnv) (string, bool) {
	args := c.Args()
	if len(args) < 2 || !slices.ContainsFunc(args[1:], mentionsDeleter) || !unknownProgram(c) {
		return "", false
	}
	// The words from the first rm, and from the first find, hold every
	// later such command as a tail; shell strings are looked at each.
	first := map[string]bool{}
	for i := 1; i < len(args); i++ {
		w := args[i]
		name := ""
		if w.Literal && isDeleter(w.Text) {
			name = strings.ToLower(baseName(w.Text))
			if name == "rimraf" {
				name = "rm"
			} else if name == "bfs" {
				name = "find"
			}
		}
		if name != "" && first[name] || name == "" && !mentionsDeleter(w) {
			continue
		}
		first[name] = name != ""
		if r := criticalDeleteIn(args[i:], env); r != "" {
			return c.Name() + " is given a delete to run that is denied on its own (" + r + ")", true
		}
	}
	return "", false
}

// mentionsDeleter says whether w is, or holds as a word of a shell
// string, a command the rm and find rows check.
func mentionsDeleter(w Word) bool {
	if !w.Literal {
		return false
	}
	for f := range strings.FieldsFuncSeq(looseText(w.Text), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || strings.ContainsRune(";&|(){}=", r)
	}) {
		if isDeleter(f) || len(f) > 2 && f[0] == '-' && isDeleter(f[2:]) { // -c'rm -rf /'
			return true
		}
	}
	return false
}

// isDeleter says whether name is rm, rimraf, find or bfs, by path or not.
func isDeleter(name string) bool {
	switch strings.ToLower(baseName(name)) {
	case "rm", "rimraf", "find", "bfs":
		return true
	}
	return false
}

// criticalDeleteIn returns why the words starting at rest[0], or rest[0]
// alone as a shell string, are a critical delete; "" if they are not.
func criticalDeleteIn(rest []Word, env PathEnv) string {
	w := rest[0]
	if !w.Literal {
		return ""
	}
	critical := func(c SimpleCommand) string {
		for _, check := range []func(SimpleCommand, PathEnv) (string, bool){checkRm, checkFindDelete} {
			if r, critical := check(c, env); critical {
				return r
			}
		}
		return ""
	}
	if isDeleter(w.Text) {
		if r := critical(SimpleCommand{Words: rest, Text: joinWords(rest)}); r != "" {
			return r
		}
	}
	if !mentionsDeleter(w) {
		return ""
	}
	// The word as a shell string, and what follows an = or a short
	// option in it (--cmd='rm -rf /', -c'rm -rf /').
	texts := []string{w.Text}
	if _, after, ok := strings.Cut(w.Text, "="); ok {
		texts = append(texts, after)
	}
	if len(w.Text) > 2 && w.Text[0] == '-' && w.Text[1] != '-' {
		texts = append(texts, w.Text[2:])
	}
	for _, text := range texts {
		for _, nc := range AnalyzeShell(text).Commands {
			if r := critical(nc); r != "" {
				return r
			}
			if r, unseen := checkRmUnseen(nc, env); unseen {
				return r
			}
			// A program the string runs may run its own arguments in
			// turn (expect -c 'spawn rm -rf /').
			if r, given := checkGivenCriticalDelete(nc, env); given {
				return r
			}
		}
	}
	return ""
}

// globOnly says whether a word not known before it runs is unknown only
// by its glob, which matches names inside one directory each: not a
// critical path, which the word as written would be already (rm -rf /*
// is), unless a segment could match ".." (.*, which older bash expands to
// the parent too).
func globOnly(w Word) bool {
	t := looseText(w.Text)
	if strings.ContainsAny(t, "$`") {
		return false
	}
	for _, seg := range strings.Split(t, "/") {
		if strings.HasPrefix(seg, ".") && strings.ContainsAny(seg, "*?[") {
			return false
		}
	}
	return true
}

func checkRm(c SimpleCommand, env PathEnv) (string, bool) {
	if n := lowerName(c); n != "rm" && n != "rimraf" || (len(c.Args()) < 2 && !c.OpenArgs) {
		return "", false
	}
	return removal(c, env, "deletes")
}

// checkTrash: trash-put (trash) and gio trash and remove take what they
// are given out of its place, a directory whole: of a critical path as
// rm's row denies it (trash ~, gio trash .).
func checkTrash(c SimpleCommand, env PathEnv) (string, bool) {
	args := c.Args()
	switch lowerName(c) {
	case "trash", "trash-put":
	case "gio":
		if len(args) < 2 || !args[1].Literal || args[1].Text != "trash" && args[1].Text != "remove" {
			return "", false
		}
		c.Words = slices.Delete(slices.Clone(c.Words), c.Inner+1, c.Inner+2) // the subcommand is no operand
	default:
		return "", false
	}
	if len(c.Args()) < 2 && !c.OpenArgs {
		return "", false
	}
	return removal(c, env, "deletes")
}

// containerFlags are the long options of docker, podman and nerdctl run
// and create that take no value (every other one takes one, attached with
// = or in the next word); the short ones without a value are dPitq.
var containerFlags = []string{
	"--detach", "--interactive", "--tty", "--privileged", "--rm", "--init", "--read-only", "--publish-all",
	"--quiet", "--help", "--no-healthcheck", "--oom-kill-disable", "--disable-content-trust", "--replace",
	"--sig-proxy", "--env-host", "--no-hosts", "--rmi", "--use-api-socket", "--http-proxy", "--read-only-tmpfs",
	"--service-ports", "--no-deps", "--remove-orphans", "--build", "--use-aliases", "--quiet-pull",
}

// containerGlobalFlags are the options before the subcommand (docker
// --debug run, podman --remote run, docker compose --dry-run run) that
// take no value; every other one takes one.
var containerGlobalFlags = []string{
	"-D", "--debug", "--tls", "--tlsverify", "--remote", "-r", "--syslog", "--compatibility", "--dry-run",
	"--all-resources", "--verbose",
}

// checkContainerHost: docker (podman, nerdctl, compose) run or create
// giving the container what makes it root on this machine: a bind mount
// (its root can leave a set-uid file there, which is root on the host;
// outside the project it writes anywhere, the engine's socket included),
// or the host's namespaces (its network too: the loopback's services,
// past the sandbox's network policy), devices, capabilities or root file
// system. A named volume, or none, passes.
func checkContainerHost(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	if len(c.Args()) == 0 {
		return "", false
	}
	args := c.Args()[1:]
	switch n {
	case "docker", "podman", "nerdctl":
	case "docker-compose", "podman-compose":
		args = append([]Word{{Text: "compose", Literal: true}}, args...)
	default:
		return "", false
	}
	unknown := func(w Word) (string, bool) {
		return n + " " + shorten(w.Text) + ": an option only known at run time", false
	}
	// skipGlobal skips options before a subcommand.
	skipGlobal := func(args []Word) ([]Word, *Word) {
		for i := 0; i < len(args); i++ {
			w, t := args[i], args[i].Text
			switch {
			case !w.Literal:
				return nil, &args[i]
			case !strings.HasPrefix(t, "-") || t == "-":
				return args[i:], nil
			case !strings.Contains(t, "=") && !slices.Contains(containerGlobalFlags, t):
				i++ // its value
			}
		}
		return nil, nil
	}
	args, bad := skipGlobal(args)
	if bad != nil {
		return unknown(*bad)
	}
	if len(args) > 0 && args[0].Literal && (args[0].Text == "container" || args[0].Text == "compose") {
		if args, bad = skipGlobal(args[1:]); bad != nil {
			return unknown(*bad)
		}
	}
	if len(args) == 0 || !args[0].Literal || args[0].Text != "run" && args[0].Text != "create" {
		return "", false
	}
	what := n + " " + args[0].Text
	for i := 1; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal {
			return unknown(w)
		}
		if t == "--" || len(t) < 2 || t[0] != '-' {
			break // the image (or service): what follows is the container's command
		}
		var name, v string
		var has bool
		if strings.HasPrefix(t, "--") {
			name, v, has = strings.Cut(t, "=")
			if !has && !slices.Contains(containerFlags, name) && i+1 < len(args) {
				i++
				if !args[i].Literal {
					return unknown(args[i])
				}
				v, has = args[i].Text, true
			}
		} else {
			// A cluster: flags, then at most one option with a value, the
			// rest of the word (after an =) or the next word (-itv /:/h).
			k := 1
			for k < len(t) && strings.IndexByte("dPitq", t[k]) >= 0 {
				k++
			}
			if k == len(t) {
				continue
			}
			name, v, has = "-"+t[k:k+1], strings.TrimPrefix(t[k+1:], "="), true
			if v == "" && i+1 < len(args) {
				i++
				if !args[i].Literal {
					return unknown(args[i])
				}
				v = args[i].Text
			}
		}
		if why := containerHostOption(name, v, has); why != "" {
			return what + " " + why, false
		}
	}
	return "", false
}

// containerHostOption says what option name, with its value v (has: one
// was given), gives a container of the host's; "" if nothing.
func containerHostOption(name, v string, has bool) string {
	lower := strings.ToLower(v)
	switch name {
	case "--privileged", "--use-api-socket":
		if !has || lower == "true" {
			return name + " gives the container the host's powers: root on this machine"
		}
	case "--cap-add", "--device", "--volumes-from", "--rootfs":
		return name + " " + shorten(v) + " gives the container the host's powers, devices or files"
	case "--security-opt":
		if !strings.HasPrefix(lower, "no-new-privileges") {
			return name + " " + shorten(v) + " lifts the container's confinement"
		}
	case "--pid", "--ipc", "--userns", "--uts", "--cgroupns":
		if lower == "host" {
			return name + " " + v + " gives the container the host's namespace"
		}
	case "--network", "--net":
		if lower == "host" {
			return name + " " + v + " gives the container the host's network: it reaches services on this machine's loopback, past the sandbox's network policy"
		}
	case "-v", "--volume":
		if src, _, ok := strings.Cut(v, ":"); ok && (src == "" || strings.ContainsAny(src[:1], "/~.$")) {
			return "bind-mounts " + shorten(src) + " into a container that runs as root: it can leave a set-uid file there, or write anything outside the project"
		}
	case "--mount":
		for _, kv := range strings.Split(strings.NewReplacer(`"`, "", "'", "").Replace(lower), ",") {
			k, val, _ := strings.Cut(strings.TrimSpace(kv), "=")
			if k == "type" && val == "bind" || (k == "source" || k == "src") && val != "" && strings.ContainsAny(val[:1], "/~.$") {
				return "bind-mounts a host path into a container that runs as root: it can leave a set-uid file there, or write anything outside the project"
			}
		}
	}
	return ""
}

// checkCMakeRemove: cmake -E rm, remove and remove_directory delete their
// operands as rm does; a critical one is denied, any other is cmake's
// business (a build removing its own files).
func checkCMakeRemove(c SimpleCommand, env PathEnv) (string, bool) {
	args := c.Args()
	if lowerName(c) != "cmake" || len(args) < 4 || !args[1].Literal || args[1].Text != "-E" || !args[2].Literal ||
		!slices.Contains([]string{"rm", "remove", "remove_directory"}, args[2].Text) {
		return "", false
	}
	for _, w := range args[3:] {
		if w.Literal && strings.HasPrefix(w.Text, "-") {
			continue // -r, -f, -rf, --
		}
		if env.criticalOperand(w) {
			return "cmake -E " + args[2].Text + " deletes " + w.Text + ", a critical path", true
		}
	}
	return "", false
}

func checkRmdir(c SimpleCommand, env PathEnv) (string, bool) {
	if lowerName(c) != "rmdir" || (len(c.Args()) < 2 && !c.OpenArgs) {
		return "", false
	}
	return removal(c, env, "removes")
}

// findDeleters are commands that destroy the files find hands them.
var findDeleters = []string{"rm", "rmdir", "shred", "unlink", "truncate", "srm", "wipe"}

// findExecDeleter returns the name of the command that find's -exec (and
// kin) runs, ws, when it destroys the files it is handed (findDeleters),
// looking behind wrappers (-exec sudo rm {} +); "" otherwise.
func findExecDeleter(ws []Word) string {
	u := unwrap(ws)
	if u.inner < len(ws) && ws[u.inner].Literal && slices.Contains(findDeleters, strings.ToLower(baseName(ws[u.inner].Text))) {
		return baseName(ws[u.inner].Text)
	}
	return ""
}

// findDeletes says whether find's expression deletes what it matches:
// -delete, or -exec (and kin) of a deleter.
func findDeletes(expr []Word) bool {
	for j := 0; j < len(expr); j++ {
		switch w := expr[j]; {
		case !w.Literal:
		case w.Text == "-delete":
			return true
		case w.Text == "-exec" || w.Text == "-execdir" || w.Text == "-ok" || w.Text == "-okdir":
			end := j + 1
			for end < len(expr) && !(expr[end].Literal && (expr[end].Text == ";" || expr[end].Text == "+")) {
				end++
			}
			if findExecDeleter(expr[j+1:end]) != "" {
				return true
			}
			j = end
		}
	}
	return false
}

// findStarts splits find's arguments after its name (bfs's too) into the
// start paths and the expression: the leading options (-H -L -P, -D
// DEBUGOPTS, -OLEVEL), then one "--", then every word up to the first
// that starts with "-", "(", "!" or "," ("." when there is none). One
// implementation for the delete check and the paths find reads.
func findStarts(args []Word) (starts, expr []Word) {
	i := 0
	for i < len(args) && args[i].Literal {
		t := args[i].Text
		if t == "-H" || t == "-L" || t == "-P" || strings.HasPrefix(t, "-O") {
			i++
		} else if t == "-D" {
			i += 2
		} else {
			break
		}
	}
	if i < len(args) && args[i].Literal && args[i].Text == "--" {
		i++ // find -- / -delete: "--" ends the options, / is a start
	}
	i = min(i, len(args))
	j := i
	for ; j < len(args); j++ {
		t := args[j].Text
		if args[j].Literal && (strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == ",") {
			break
		}
	}
	starts = args[i:j:j]
	if len(starts) == 0 {
		starts = []Word{{Text: ".", Literal: true}}
	}
	return starts, args[j:]
}

// findNarrows says whether test t with its argument arg (nil for none)
// leaves out some of a tree for certain, so that a delete of what it
// matches under a critical path (one of starts) is not the whole path: a
// name or path pattern with a character that is not a wildcard (-name
// '*.pyc'; a path pattern's slashes and start path aside), a type that is
// neither files nor directories (-type l), one file (-samefile, -inum), or
// empty ones (-size 0; -empty, read by findDelete). Times, other sizes,
// owners and modes do not: -mtime -100000, -size +0 and -user root match
// all of a system; nor a pattern of wildcards alone ('*', '?*', '[!.]*').
func findNarrows(t string, arg *Word, starts []Word, home string) bool {
	switch t {
	case "-name", "-iname", "-lname", "-ilname":
		return arg != nil && arg.Literal && patternHasLiteral(arg.Text)
	case "-path", "-ipath", "-wholename", "-iwholename":
		// Matched against the whole path, the start path and the slashes
		// included: -path '/*' under /, '/u*' or '*/usr*' under /usr and
		// '*c*' under /etc match all of it. It narrows where it leaves
		// out a name below each start that could be anything.
		if arg == nil || !arg.Literal {
			return false
		}
		match := fnmatchPath(arg.Text, t == "-ipath" || t == "-iwholename")
		for _, s := range starts {
			if !s.Literal {
				return false
			}
			start := s.Text
			if rest, ok := strings.CutPrefix(start, "~"); ok && (rest == "" || rest[0] == '/') {
				if home == "" {
					return false
				}
				start = home + rest
			}
			for _, name := range findProbes {
				if match(strings.TrimSuffix(start, "/") + "/" + name) {
					return false
				}
			}
		}
		return true
	case "-size":
		// -size 0 (and 0c, 0k …): empty files only.
		return arg != nil && arg.Literal && strings.TrimRight(arg.Text, "bcwkMG") == "0"
	case "-type", "-xtype":
		return arg != nil && arg.Literal && arg.Text != "" && !strings.ContainsAny(arg.Text, "fd")
	case "-samefile", "-inum":
		return arg != nil
	}
	return false
}

// patternHasLiteral says whether a glob pattern holds a character that
// only matches itself: one outside the wildcards * and ? and the
// bracket expressions ([...], [!...], whose members may be anything but
// one: [!]]* matches almost every name).
func patternHasLiteral(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '*', '?':
		case '[':
			if end := globBracketEnd(p, i); end > i {
				i = end
				continue
			}
			return true // no closing bracket: a literal [
		default:
			return true // an escaped character matches itself too
		}
	}
	return false
}

// bracketRegexp turns the body of a glob bracket expression (between [
// and its closing ]) into a regexp class: a leading ! or ^ negates, a ]
// first and a backslash-escaped character are members, [:class:] stays;
// ok is false for collating elements and equivalence classes ([.x.],
// [=x=]).
func bracketRegexp(body string) (string, bool) {
	var b strings.Builder
	b.WriteByte('[')
	if body != "" && (body[0] == '!' || body[0] == '^') {
		b.WriteByte('^')
		body = body[1:]
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '[' && i+1 < len(body) && (body[i+1] == '.' || body[i+1] == '='):
			return "", false
		case c == '[' && i+1 < len(body) && body[i+1] == ':':
			end := strings.Index(body[i+2:], ":]")
			if end < 0 {
				return "", false
			}
			b.WriteString(body[i : i+2+end+2])
			i += 2 + end + 1
		case c == '\\' && i+1 < len(body):
			i++
			b.WriteString(regexp.QuoteMeta(body[i : i+1]))
		case c == '\\' || c == ']' || c == '[' || c == '^':
			b.WriteString("\\" + string(c))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(']')
	return b.String(), true
}

// findProbes are names below a start path a -path pattern that narrows
// must leave out, all of them: odd ones and everyday ones, in
// subdirectories too, so that no choice of characters ('*[a-w]*' under
// /, which one odd name would miss) passes for a narrow pattern.
var findProbes = []string{
	"zq9\x01x", "zq9\x01x/zq9\x01y", "a", "Z", "0", "_", "-x", ".x", "x.c", "lib", "bin", "etc", "usr",
	"share", "passwd", "README.md", "lib/x.so", ".config/x", "a/b/c",
}

// fnmatchPath returns what says whether a name matches glob pattern p as
// find's -path does (fnmatch without FNM_PATHNAME: * and ? match a slash
// too, unlike in a rule's path pattern, globMatch), case folded where
// fold.
func fnmatchPath(p string, fold bool) func(name string) bool {
	anything := func(string) bool { return true } // a pattern it cannot read may match anything
	src, ok := fnmatchRegexp(p, false)
	if !ok {
		return anything // [.x.] and [=x=], which Go's regexp lacks
	}
	var re strings.Builder
	re.WriteString("^")
	if fold {
		re.WriteString("(?i)")
	}
	re.WriteString(src)
	re.WriteString("$")
	r, err := regexp.Compile(re.String())
	if err != nil {
		return anything
	}
	return r.MatchString
}

// fnmatchRegexp returns the regular expression of glob pattern p as
// fnmatchPath reads it, unanchored; lazy: its stars match as little as
// they can, so that the first match of a pattern is its shortest.
func fnmatchRegexp(p string, lazy bool) (string, bool) {
	star := "(?s:.*)"
	if lazy {
		star = "(?s:.*?)"
	}
	var re strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '*':
			re.WriteString(star)
		case '?':
			re.WriteString("(?s:.)")
		case '[':
			end := globBracketEnd(p, i)
			if end == i {
				re.WriteString(regexp.QuoteMeta("["))
				continue
			}
			class, ok := bracketRegexp(p[i+1 : end])
			if !ok {
				return "", false
			}
			re.WriteString(class)
			i = end
		case '\\':
			if i+1 < len(p) {
				i++
				re.WriteString(regexp.QuoteMeta(p[i : i+1]))
			}
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return re.String(), true
}

// globBracketEnd returns the index of the ] that closes the bracket
// expression of glob p opening at i, as fnmatch reads it: a ! or ^ first
// negates, a ] right after that is a member, [:class:] and kin are whole,
// a backslash escapes; i when it is not closed.
func globBracketEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for ; j < len(p); j++ {
		switch {
		case p[j] == ']':
			return j
		case p[j] == '\\':
			j++
		case p[j] == '[' && j+1 < len(p) && strings.IndexByte(":.=", p[j+1]) >= 0:
			if k := strings.Index(p[j+2:], string(p[j+1])+"]"); k >= 0 {
				j += 2 + k + 1
			}
		}
	}
	return i
}

// findArgTests are find's primaries that take one argument: the word after
// is not a primary of its own.
var findArgTests = []string{
	"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname",
	"-regex", "-iregex", "-regextype", "-type", "-xtype", "-samefile", "-inum", "-newer", "-anewer",
	"-cnewer", "-user", "-uid", "-group", "-gid", "-perm", "-size", "-links", "-mtime", "-atime",
	"-ctime", "-mmin", "-amin", "-cmin", "-used", "-fstype", "-context", "-maxdepth", "-mindepth",
	"-fprint", "-fprint0", "-fls", "-printf", "-files0-from",
}

// findDelete reads a find (or bfs) command that deletes what it matches:
// the action ("-delete", "-exec rm"), its start paths, and whether a test
// before the action narrows what it matches (findNarrows; not negated,
// and with no alternative that reaches the action without it). action is
// "" for a find that deletes nothing.
//
// home is where a start path written with ~ lies, as the shell hands it
// over.
func findDelete(c SimpleCommand, home string) (action string, starts []Word, narrowed bool) {
	if n := lowerName(c); n != "find" && n != "bfs" { // bfs is find's grammar, breadth first
		return "", nil, false
	}
	starts, expr := findStarts(c.Args()[1:])
	// Each alternative at the top level (-o, ",") is judged on its own:
	// a delete there is narrowed by a test before it in that branch (find
	// . -path ./node_modules -prune -o -name '*.pyc' -delete); an
	// alternative inside parentheses is not followed (nested). negated
	// holds, for each open parenthesis, whether a negation applies inside
	// it; neg whether the next primary is negated.
	branch, all, nested, deletes := false, true, false, false
	negated := []bool{false}
	neg := false
	found := func(a string) {
		action, deletes = a, true
		all = all && branch
	}
	for j := 0; j < len(expr); j++ {
		w := expr[j]
		if !w.Literal {
			neg = false
			continue
		}
		inNeg := negated[len(negated)-1]
		switch t := w.Text; {
		case t == "-delete":
			found("-delete")
		case t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir":
			end := j + 1
			for end < len(expr) && !(expr[end].Literal && (expr[end].Text == ";" || expr[end].Text == "+")) {
				end++
			}
			if d := findExecDeleter(expr[j+1 : end]); d != "" {
				found(t + " " + d)
			}
			// Skip the command: its words are not find's.
			j = end
		case t == "!" || t == "-not":
			neg = !neg
			continue
		case t == "(":
			negated = append(negated, inNeg != neg)
		case t == ")":
			if len(negated) > 1 {
				negated = negated[:len(negated)-1]
			}
		case t == "-o" || t == "-or" || t == ",":
			// An alternative reaches what follows without the tests
			// before it.
			if len(negated) > 1 {
				nested = true
			}
			branch = false
		case t == "-empty":
			// Only empty files and directories: no content goes.
			if !inNeg && !neg {
				branch = true
			}
		case slices.Contains(findArgTests, t):
			var arg *Word
			if j+1 < len(expr) {
				arg = &expr[j+1]
			}
			// find evaluates left to right: a test after the action
			// narrows nothing (found has taken the branch as it stood);
			// nor does a negated one (! -name x).
			if !inNeg && !neg && findNarrows(t, arg, starts, home) {
				branch = true
			}
			j++
		}
		neg = false
	}
	return action, starts, deletes && all && !nested
}

func checkFindDelete(c SimpleCommand, env PathEnv) (string, bool) {
	action, starts, narrowed := findDelete(c, env.Home)
	if action == "" {
		return "", false
	}
	if !narrowed {
		for _, s := range starts {
			if env.criticalOperand(s) {
				return "find " + action + " deletes everything under " + s.Text + ", a critical path", true
			}
		}
	}
	return "find " + action + " deletes the files it matches", false
}

// checkFindUnseen is checkRmUnseen for find: a delete with no narrowing
// test under a start path only known at run time (find "$x" -delete,
// find $(echo /) -exec rm -rf {} +) may be of a critical path.
func checkFindUnseen(c SimpleCommand, env PathEnv) (string, bool) {
	action, starts, narrowed := findDelete(c, env.Home)
	if action == "" || narrowed {
		return "", false
	}
	for _, s := range starts {
		if !s.Literal && !globOnly(s) && !env.knownBelow(s) {
			return "find " + action + " deletes everything under " + s.Text + ", a path only known at run time: it may be a critical one", true
		}
		if inUnknownDir(c, s, env) {
			return "find " + action + " deletes everything under " + s.Text + " in a directory only known at run time (after cd \"$x\", cd -, popd): it may be a critical one", true
		}
	}
	return "", false
}

// checkGitClean: git clean deletes untracked files, but with -n
// (--dry-run) it only lists them.
func checkGitClean(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "clean" {
		return "", false
	}
	for _, w := range rest {
		t := w.Text
		if !w.Literal || t == "--" {
			break
		}
		if abbrevOf(t, []string{"--dry-run"}) != "" {
			return "", false
		}
		if len(t) > 1 && t[0] == '-' && t[1] != '-' {
			// -e takes the rest of its cluster: -en excludes "n".
			letters, _, _ := strings.Cut(t[1:], "e")
			if strings.Contains(letters, "n") {
				return "", false
			}
		}
	}
	return "git clean deletes untracked files", false
}

// gitCleans returns the trees git clean c deletes the untracked files
// of: where it runs (-C, cd), its operands below that, and its working
// tree when another is given (gitPaths); nil when c is no git clean.
func gitCleans(c SimpleCommand) []Word {
	sub, _, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "clean" {
		return nil
	}
	var out []Word
	for _, p := range PathArgs(c) {
		if p.Write && p.Tree {
			out = append(out, p.Word)
		}
	}
	return out
}

func checkGitCleanCritical(c SimpleCommand, env PathEnv) (string, bool) {
	for _, w := range gitCleans(c) {
		// The project's own untracked files are everyday work (git
		// clean -fdx), its removal as a whole no risk of it.
		if w.Literal && env.Root != env.Home && path.Clean(env.Resolve(w.Text)) == env.Root {
			continue
		}
		if env.criticalOperand(w) {
			return "git clean deletes the untracked files under " + w.Text + ", a critical path", true
		}
	}
	return "", false
}

// checkGitCleanUnseen is checkRmUnseen for git clean: of a tree only
// known at run time (git -C "$x" clean -fdx, --work-tree="$x"), or in a
// directory only known at run time (cd "$x" && git clean -fdx).
func checkGitCleanUnseen(c SimpleCommand, env PathEnv) (string, bool) {
	for _, w := range gitCleans(c) {
		if !w.Literal && !globOnly(w) && !env.knownBelow(w) {
			return "git clean deletes the untracked files under " + w.Text + ", a path only known at run time: it may be a critical one", true
		}
		if inUnknownDir(c, w, env) {
			return "git clean deletes the untracked files under " + w.Text + " in a directory only known at run time (after cd \"$x\", cd -, popd): it may be a critical one", true
		}
	}
	return "", false
}

// gitArgs returns git's subcommand and the words after it, skipping git's
// global options (-C dir, -c key=value, --git-dir=…). cfg collects the
// -c settings. ok is false when c is not git.
func gitArgs(c SimpleCommand) (sub Word, rest []Word, cfg []Word, ok bool) {
	if lowerName(c) != "git" {
		return Word{}, nil, nil, false
	}
	args := c.Args()
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case !w.Literal && strings.HasPrefix(t, "--") && strings.Contains(looseText(t)[:writtenOut(looseText(t))], "="):
			// --work-tree="$x": an option, its value only known at run
			// time (gitPaths reads it).
		case !w.Literal:
			return w, args[i+1:], cfg, true
		case t == "-c":
			if i+1 < len(args) {
				cfg = append(cfg, args[i+1])
			}
			i++
		case t == "--config-env":
			if i+1 < len(args) {
				cfg = append(cfg, configEnv(args[i+1]))
			}
			i++
		case strings.HasPrefix(t, "--config-env="):
			cfg = append(cfg, configEnv(Word{Text: strings.TrimPrefix(t, "--config-env="), Literal: true}))
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--super-prefix" ||
			t == "--attr-source" || t == "--shallow-file":
			// git.c takes each of these with its value in the next word:
			// `git --attr-source HEAD push` runs push, not HEAD.
			i++
		case strings.HasPrefix(t, "-"):
		default:
			return w, args[i+1:], cfg, true
		}
	}
	return Word{}, nil, cfg, true
}

// configEnv turns git's --config-env KEY=ENVVAR into a setting whose value
// is only known at run time: KEY=$ENVVAR, not literal.
func configEnv(w Word) Word {
	k, env, _ := strings.Cut(w.Text, "=")
	return Word{Text: k + "=$" + env}
}

// checkGitLFSPush: git lfs push (and pre-push, which the pre-push hook
// runs) uploads the large files of the commits it names to the remote's
// LFS store, sending the repository's content away as git push does: it
// is asked for as git push is. It moves no ref, so it is no `git push` to
// a rule (Bash(git push:*)); a rule for it names it (Bash(git lfs
// push:*)).
func checkGitLFSPush(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "lfs" {
		return "", false
	}
	for _, w := range rest {
		if w.Literal && strings.HasPrefix(w.Text, "-") {
			continue // git lfs's global options
		}
		if !w.Literal || w.Text == "push" || w.Text == "pre-push" {
			return "git lfs push uploads large files to a remote", false
		}
		break
	}
	return "", false
}

// checkGitDirOption: git --git-dir DIR is GIT_DIR=DIR (a hijack
// variable): git reads the configuration there, whose core.fsmonitor,
// core.pager or hooks it runs, and writes its index, objects and refs
// there: git --git-dir=/tmp/x init and commit wrote outside the project,
// allowed. The root's own, .git, passes, as GIT_DIR=.git does.
func checkGitDirOption(c SimpleCommand, _ PathEnv) (string, bool) {
	_, rest, _, ok := gitArgs(c)
	if !ok {
		return "", false
	}
	args := c.Args()
	args = args[1 : len(args)-len(rest)]
	for i, w := range args {
		o, v, eq := strings.Cut(looseText(w.Text), "=")
		switch {
		case o != "--git-dir":
			continue
		case !eq && i+1 < len(args):
			v = looseText(args[i+1].Text)
			if !args[i+1].Literal {
				v = "$"
			}
		case !w.Literal:
			v = "$"
		}
		if !plainProgram("GIT_DIR=" + v) {
			return "git --git-dir " + v + " reads the configuration there, which decides what code git runs, and writes there", false
		}
	}
	return "", false
}

// checkGitForeignDir: git run in a directory outside the project (git -C
// /tmp/x status, cd /tmp/x && git log) reads the configuration of the
// repository there, whose core.fsmonitor, core.pager, diff drivers or
// hooks it runs: a repository someone else made runs its programs on the
// host, allowed. A -C only known at run time is asked for as GIT_DIR=$X
// is; a cd only known at run time is left (cd "$(git rev-parse
// --show-toplevel)").
func checkGitForeignDir(c SimpleCommand, env PathEnv) (string, bool) {
	if opts, ok := gitFrontends.get()[lowerName(c)]; ok {
		return gitFrontendForeignDir(c, env, opts)
	}
	_, rest, _, ok := gitArgs(c)
	if !ok || env.Root == "" {
		return "", false
	}
	args := c.Args()
	args = args[1 : len(args)-len(rest)]
	moved := c.Dir != ""
	for _, d := range c.WrapperDirs {
		// env -C DIR git status, sudo -D DIR git log
		if strings.ContainsAny(d, "$`") {
			return "git runs in " + d + ", a directory only known at run time: the configuration of a repository there names programs git runs", false
		}
		env, moved = env.In(d), true
	}
	for i := 0; i+1 < len(args); i++ {
		if !args[i].Literal || args[i].Text != "-C" {
			continue
		}
		w := args[i+1]
		i++
		if !w.Literal && !env.knownBelow(w) {
			return "git -C " + w.Text + " runs git in a directory only known at run time: the configuration of a repository there names programs git runs", false
		}
		if t := looseText(w.Text); t != "" {
			env, moved = env.In(t), true
		}
	}
	if !moved || !path.IsAbs(env.Cwd) || within(env.Cwd, env.Root) {
		return "", false
	}
	return "git runs in " + env.Cwd + ", outside the project: the configuration of the repository there (core.fsmonitor, core.pager, its hooks) names programs git runs", false
}

// gitFrontends are programs that run git in a repository, each with
// its options that name the repository (lazygit -p DIR, tig -C DIR,
// gitui -d DIR), short and long, each taking the next word or =value.
var gitFrontends = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"lazygit": "-p --path -w --work-tree -g --git-dir",
		"tig":     "-C",
		"gitui":   "-d --directory --workdir",
	}
}}

// gitFrontendForeignDir is checkGitForeignDir for a git frontend (one of
// gitFrontends, whose options opts name the repository): lazygit -p
// /tmp/x, or cd /tmp/x && lazygit, reads the configuration there as git
// -C /tmp/x does.
func gitFrontendForeignDir(c SimpleCommand, env PathEnv, opts string) (string, bool) {
	if env.Root == "" {
		return "", false
	}
	args := c.Args()[1:]
	moved := c.Dir != ""
	for i := 0; i < len(args); i++ {
		if !args[i].Literal {
			continue
		}
		n, v, eq := strings.Cut(args[i].Text, "=")
		if t := args[i].Text; len(t) > 2 && t[0] == '-' && t[1] != '-' && slices.Contains(strings.Fields(opts), t[:2]) {
			n, v, eq = t[:2], t[2:], true // attached: lazygit -p/tmp/x
		}
		if !strings.HasPrefix(n, "-") || !slices.Contains(strings.Fields(opts), n) {
			continue
		}
		w := Word{Text: v, Literal: true}
		if !eq {
			if i+1 >= len(args) {
				break
			}
			i++
			w = args[i]
		}
		if !w.Literal && !env.knownBelow(w) {
			return commandName(c) + " " + n + " " + w.Text + " runs git in a directory only known at run time: the configuration of a repository there names programs git runs", false
		}
		if t := looseText(w.Text); t != "" {
			env, moved = env.In(t), true
		}
	}
	if !moved || !path.IsAbs(env.Cwd) || within(env.Cwd, env.Root) {
		return "", false
	}
	return commandName(c) + " runs git in " + env.Cwd + ", outside the project: the configuration of the repository there (core.fsmonitor, core.pager, its hooks) names programs git runs", false
}

// buildFileOptions are, for each build tool, its short and long options
// that name the build file or script it runs (make -f FILE, --file=FILE).
var buildFileOptions = lazy[map[string][2]string]{build: func() map[string][2]string {
	mk := [2]string{"f", "--file --makefile"}
	return map[string][2]string{
		"make": mk, "gmake": mk, "bmake": mk, "remake": mk,
		"ninja": {"f", ""},
		"rake":  {"f", "--rakefile"},
		"just":  {"f", "--justfile"},
		"cmake": {"P", ""},
	}
}}

// checkBuildFileOutside: make -f FILE (ninja -f, rake -f, just
// --justfile, cmake -P) runs the recipes of a build file; one outside
// the project is code the engine has not seen, from anywhere: make -f
// /tmp/Makefile ran what a file in /tmp says, allowed, where make -C /tmp
// asked. It is asked for; one only known at run time is left (make -f
// "$MK" test is everyday). make's -C comes first: a relative FILE is
// taken from its directory.
func checkBuildFileOutside(c SimpleCommand, env PathEnv) (string, bool) {
	opts, ok := buildFileOptions.get()[lowerName(c)]
	if !ok || env.Root == "" {
		return "", false
	}
	args := c.Args()[1:]
	var files []Word
	dir := env
	for i := 0; i < len(args); i++ {
		w, t := args[i], args[i].Text
		if !w.Literal || !strings.HasPrefix(t, "-") || t == "-" {
			if !w.Literal && strings.HasPrefix(looseText(t), "-") {
				for _, l := range strings.Fields(opts[1]) {
					if strings.HasPrefix(looseText(t), l+"=") {
						files = append(files, Word{Text: t})
					}
				}
			}
			continue
		}
		if t == "--" {
			break
		}
		next := func() {
			if i+1 < len(args) {
				files = append(files, args[i+1])
				i++
			}
		}
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			switch {
			case !slices.Contains(strings.Fields(opts[1]), n):
				if n == "--directory" && eq && lowerName(c) != "cmake" {
					dir = dir.In(v)
				}
			case eq:
				files = append(files, Word{Text: v, Literal: true})
			default:
				next()
			}
			continue
		}
		switch {
		case t == "-C" && opts[0] == "f" && i+1 < len(args) && args[i+1].Literal:
			dir = dir.In(args[i+1].Text)
			i++
		case t[1:2] == opts[0] && len(t) == 2:
			next()
		case t[1:2] == opts[0]:
			files = append(files, Word{Text: t[2:], Literal: true})
		}
	}
	for _, f := range files {
		if f.Literal && f.Text == "-" {
			continue // its standard input, which the line feeds
		}
		t := f.Text
		if !f.Literal {
			if !env.knownBelow(f) {
				continue // make -f "$MK": the project's own, as a rule (S18)
			}
			t = looseText(t) // $HOME/x, $PWD/x
			for _, v := range [...]string{"${PWD}", "$PWD"} {
				if rest, ok := strings.CutPrefix(t, v); ok {
					t = env.Cwd + rest
				}
			}
		}
		if p := dir.Resolve(t); path.IsAbs(p) && !within(p, env.Root) {
			return commandName(c) + " runs the recipes of " + p + ", a build file outside the project", false
		}
	}
	return "", false
}

// gitSub returns a check matching a git subcommand.
func gitSub(reason string, subs ...string) func(SimpleCommand, PathEnv) (string, bool) {
	return func(c SimpleCommand, _ PathEnv) (string, bool) {
		sub, _, _, ok := gitArgs(c)
		if ok && sub.Literal && slices.Contains(subs, sub.Text) {
			return "git " + sub.Text + " " + reason, false
		}
		return "", false
	}
}

// hasOpt reports whether args hold one of the long options (also as
// --opt=value) or a short cluster with one of the letters.
func hasOpt(args []Word, short string, long ...string) bool {
	for _, w := range args {
		if !w.Literal && !strings.HasPrefix(strings.TrimLeft(w.Text, `"'\`), "-") {
			continue // not an option, as optionText would find without a copy
		}
		t, opt := optionText(w)
		if !opt {
			continue
		}
		if t == "--" {
			return false
		}
		if strings.HasPrefix(t, "--") {
			n, _, _ := strings.Cut(t, "=")
			if slices.Contains(long, n) {
				return true
			}
			continue
		}
		// Of a cluster only known at run time (-o$HOME/x), the letters
		// before what expands.
		if short != "" && strings.ContainsAny(t[1:writtenOut(t)], short) {
			return true
		}
	}
	return false
}

func checkGitPushForce(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "push" {
		return "", false
	}
	if hasOpt(rest, "f", "--force", "--force-with-lease", "--force-if-includes", "--mirror") {
		return "git push --force rewrites history on the remote", false
	}
	for _, w := range rest {
		if w.Literal && strings.HasPrefix(w.Text, "+") {
			return "git push " + w.Text + " force-updates a remote branch", false
		}
	}
	return "", false
}

func checkGitCheckoutDiscard(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "checkout" {
		return "", false
	}
	if hasOpt(rest, "f", "--force") {
		return "git checkout --force discards uncommitted changes", false
	}
	for i, w := range rest {
		if w.Literal && (w.Text == "." || w.Text == ":/") {
			return "git checkout " + w.Text + " discards uncommitted changes", false
		}
		if w.Literal && w.Text == "--" && i+1 < len(rest) {
			return "git checkout -- discards uncommitted changes to the paths", false
		}
	}
	if hasOpt(rest, "", "--pathspec-from-file") {
		return "git checkout --pathspec-from-file discards uncommitted changes to the paths the file names", false
	}
	return "", false
}

// checkGitRmForce: git rm -f deletes files whose changes are not
// committed (git rm alone refuses them); --cached keeps the files.
func checkGitRmForce(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "rm" || hasOpt(rest, "", "--cached") || !hasOpt(rest, "f", "--force") {
		return "", false
	}
	return "git rm -f deletes files with uncommitted changes", false
}

func checkGitRestore(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "restore" {
		return "", false
	}
	if hasOpt(rest, "S", "--staged") && !hasOpt(rest, "W", "--worktree") {
		return "", false // unstages only: the working tree is kept
	}
	return "git restore discards uncommitted changes", false
}

func checkGitBranchDelete(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "branch" {
		return "", false
	}
	if hasOpt(rest, "D") || hasOpt(rest, "d", "--delete") && hasOpt(rest, "f", "--force") {
		return "git branch -D deletes a branch even if it is not merged", false
	}
	return "", false
}

func checkGitStashDrop(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || sub.Text != "stash" || len(rest) == 0 {
		return "", false
	}
	if rest[0].Literal && (rest[0].Text == "drop" || rest[0].Text == "clear") {
		return "git stash " + rest[0].Text + " deletes stashed changes", false
	}
	return "", false
}

// checkGitRefRewrite: git branch -f (and -M, -C), git checkout -B and
// git switch -C reset a branch that may exist to another commit, git
// update-ref moves or deletes one by name, and git reflog expire and
// delete (and git filter-repo, which expires it) remove the record by
// which such a loss is undone.
func checkGitRefRewrite(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal {
		return "", false
	}
	first := ""
	if len(rest) > 0 && rest[0].Literal {
		first = rest[0].Text
	}
	switch sub.Text {
	case "branch":
		if hasOpt(rest, "fMC", "--force") && !hasOpt(rest, "dDl", "--delete", "--list", "--show-current", "--contains", "--merged") {
			return "git branch --force moves or overwrites a branch that may exist: commits only it held may be lost", false
		}
	case "checkout":
		if hasOpt(rest, "B") {
			return "git checkout -B resets a branch that may exist: commits only it held may be lost", false
		}
	case "switch":
		if hasOpt(rest, "C", "--force-create") {
			return "git switch -C resets a branch that may exist: commits only it held may be lost", false
		}
	case "update-ref":
		return "git update-ref moves or deletes a branch by name: commits only it held may be lost", false
	case "reflog":
		if first == "expire" || first == "delete" {
			return "git reflog " + first + " deletes the record that undoes a reset or a rebase", false
		}
	case "filter-repo":
		return "git filter-repo rewrites every commit and expires the reflog that would undo it", false
	}
	return "", false
}

func checkGitUnknown(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, _, _, ok := gitArgs(c)
	if ok && sub.Text != "" && !sub.Literal {
		return "git " + sub.Text + ": the subcommand is only known at run time", false
	}
	return "", false
}

// checkGitCredential: git credential fill, and a helper's get, print the
// password git keeps for a host (git credential-store --file F get is
// asked as a read of F).
func checkGitCredential(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal || !strings.HasPrefix(sub.Text, "credential") {
		return "", false
	}
	action := "get"
	if sub.Text == "credential" {
		action = "fill"
	}
	for _, w := range rest {
		if !w.Literal || w.Text == action {
			return "git " + sub.Text + " " + action + " prints the password git keeps for a host", false
		}
	}
	return "", false
}

// gitExecKey reports whether git runs the value of configuration key k as
// a program, or k otherwise leads git to run one of someone's choosing:
// include.path pulls in a file of other keys, protocol.ext.allow lets an
// ext:: URL run a command, safe.directory trusts another user's repository
// and its configuration, init.templateDir installs hooks, trace2 targets
// write files. A deny-list, by git-config(1): a key whose last part names
// a command, a program, a path to one, a filter, a driver or a pager asks.
func gitExecKey(k string) bool {
	k = strings.ToLower(k)
	switch k {
	case "core.fsmonitor", "core.gitproxy", "core.hookspath", "core.pager", "diff.external", "init.templatedir",
		"interactive.difffilter", "sendemail.smtpserver", "instaweb.httpd", "imap.tunnel", "core.sshcommand":
		return true
	case "core.worktree":
		return true // checkouts write there: /root's .bashrc from a branch
	}
	section, _, _ := strings.Cut(k, ".")
	last := k[strings.LastIndexByte(k, '.')+1:]
	switch {
	case last == "path":
		return true // difftool.<tool>.path, man.<tool>.path, include.path
	}
	switch section {
	case "alias", "pager", "include", "includeif", "safe", "trace2":
		return true
	case "protocol":
		return last == "allow"
	case "submodule":
		if last == "update" {
			return true // submodule.<name>.update=!command
		}
	case "sendemail":
		if last == "smtpserver" || last == "tocmd" || last == "cccmd" {
			return true // sendemail.<identity>.smtpServer: a path is a program
		}
	case "remote":
		if last == "vcs" {
			return true // remote.<name>.vcs=x runs git-remote-x
		}
	case "help":
		if last == "autocorrect" {
			return true // runs the subcommand it guesses: psuh is push
		}
	}
	for _, suffix := range [...]string{
		"command", "cmd", "textconv", "helper", "clean", "smudge", "process",
		"program", "driver", "editor", "askpass", "hook",
		"uploadpack", "receivepack",
	} {
		if strings.HasSuffix(last, suffix) {
			return true
		}
	}
	return false
}

// gitHarmlessValue reports whether the value v of key k, which names a
// program, runs nothing of concern: core.pager set to no pager or a plain
// one, pager.<cmd> switched on or off or set to a plain pager, and the
// settings that switch programs off (core.fsmonitor=, core.hooksPath=
// /dev/null, as the README suggests for a repository after untrusted
// commands). The list is short on purpose: any other value is a command
// line git hands to a shell.
func gitHarmlessValue(k, v string) bool {
	k = strings.ToLower(k)
	switch {
	case k == "core.fsmonitor":
		switch strings.ToLower(v) {
		case "", "false", "no", "off", "0":
			return true
		}
	case k == "core.hookspath":
		return v == "/dev/null"
	case k == "core.pager":
		// A plain pager, with display options only (less -FRX; not
		// less '+!cmd', which runs cmd, nor -o FILE or -k FILE).
		v = strings.Trim(v, `"'`)
		name, opts, _ := strings.Cut(v, " ")
		switch name {
		case "", "cat", "less", "more":
			for _, o := range strings.Fields(opts) {
				if len(o) < 2 || o[0] != '-' || strings.Trim(o[1:], "FRSXNiIMmscKEeQqJWwr") != "" {
					return false
				}
			}
			return true
		}
	case strings.HasPrefix(k, "pager."):
		switch strings.ToLower(v) {
		case "", "cat", "less", "more", "true", "false", "yes", "no", "on", "off", "1", "0":
			return true
		}
	case k == "core.editor" || k == "sequence.editor":
		// An editor that leaves the message or the todo list as it is,
		// or a person's own, by its plain name.
		switch strings.Trim(v, `"'`) {
		case "true", ":", "vi", "vim", "nvim", "nano", "emacs":
			return true
		}
	case k == "help.autocorrect":
		switch strings.ToLower(v) {
		case "0", "false", "no", "off", "never", "show", "prompt":
			return true
		}
	}
	return false
}

// gitEnvRuns reports whether assignment a (NAME=value) for git makes it
// run a program, as the keys gitExecKey names do (GIT_EDITOR is
// core.editor), or sets such keys (GIT_CONFIG_COUNT with
// GIT_CONFIG_KEY_0 …, GIT_CONFIG_PARAMETERS); an editor that changes
// nothing (true, :) runs nothing of concern.
func gitEnvRuns(a, home string) bool {
	name, v, _ := strings.Cut(a, "=")
	switch name {
	case "GIT_EDITOR", "EDITOR", "VISUAL":
		return !gitHarmlessValue("core.editor", v)
	case "GIT_SEQUENCE_EDITOR":
		return !gitHarmlessValue("sequence.editor", v)
	case "GIT_PAGER", "PAGER":
		return !gitHarmlessValue("core.pager", v)
	case "HOME":
		// Another home is another ~/.gitconfig (core.fsmonitor).
		return !homeAsIs(v, home)
	case "SSH_ASKPASS", "GIT_CONFIG", "XDG_CONFIG_HOME", "LESSOPEN", "LESSCLOSE":
		return true
	case "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS",
		"GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "GIT_CONFIG_PARAMETERS",
		"GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM":
		return true
	}
	if strings.HasPrefix(name, "GIT_TRACE") {
		// A trace to a file appends to it (GIT_TRACE=~/.bashrc).
		switch strings.ToLower(v) {
		case "", "0", "1", "2", "true", "false":
			return false
		}
		return true
	}
	return strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_")
}

// gitEnvName reports whether git reads the variable name: its working
// tree and the variables gitEnvRuns judges.
func gitEnvName(name string) bool {
	switch name {
	case "EDITOR", "VISUAL", "PAGER", "HOME", "SSH_ASKPASS", "XDG_CONFIG_HOME", "LESSOPEN", "LESSCLOSE":
		return true
	}
	return strings.HasPrefix(name, "GIT_")
}

// gitConfigRuns reports whether a git -c KEY=VALUE setting (or a
// --config-env one, whose value is a variable) may make git run a program.
// Of a word only partly known, the key must be plain text that names no
// program; its value then does not matter.
func gitConfigRuns(w Word) bool {
	k, v, eq := strings.Cut(w.Text, "=")
	if !w.Literal {
		k = looseText(k)
		return !plainGitKey(k) || gitExecKey(k)
	}
	return gitExecKey(k) && !(eq && gitHarmlessValue(k, v))
}

// plainGitKey reports whether k is a configuration key with nothing a
// shell would expand.
func plainGitKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func checkGitConfigExec(c SimpleCommand, env PathEnv) (string, bool) {
	sub, rest, cfg, ok := gitArgs(c)
	if !ok {
		return "", false
	}
	for _, w := range c.Words[c.Inner+1:] {
		if w == sub {
			break
		}
		if strings.HasPrefix(w.Text, "--exec-path=") {
			return "git " + w.Text + " runs git's programs from there, which mewsandbox does not follow", true
		}
	}
	for _, a := range c.Assigns {
		if gitEnvRuns(a, env.Home) {
			name, _, _ := strings.Cut(a, "=")
			return name + " set for git can make it run another program, which mewsandbox does not follow", true
		}
	}
	for _, w := range cfg {
		if gitConfigRuns(w) {
			// What it runs (alias.x='!rm -rf ~', core.pager, an alias
			// to push under a deny rule for git push) is not analysed:
			// asked for in every mode, as what the analysis cannot see.
			if k, _, _ := strings.Cut(w.Text, "="); strings.EqualFold(k, "core.worktree") {
				return "git -c " + w.Text + " makes git check files out there, outside the project too", true
			}
			return "git -c " + w.Text + " can make git run another program, which mewsandbox does not follow", true
		}
	}
	if !sub.Literal {
		return "", false
	}
	switch sub.Text {
	case "config":
		return gitConfigSetRuns(rest)
	case "clone", "init":
		return gitCloneConfigRuns(sub.Text, rest)
	}
	return "", false
}

// gitConfigSetRuns finds a git config command that sets a key naming a
// program: git config [options] KEY VALUE, git config set KEY VALUE, --add,
// --replace-all KEY VALUE PATTERN. Reads (--get, -l, get, list) and removals
// set nothing.
func gitConfigSetRuns(rest []Word) (string, bool) {
	if hasOpt(rest, "l", "--get", "--get-all", "--get-regexp", "--list", "--unset", "--unset-all") {
		return "", false
	}
	var ops []Word
	for _, w := range rest {
		if !(w.Literal && strings.HasPrefix(w.Text, "-")) {
			ops = append(ops, w)
		}
	}
	if len(ops) > 0 && ops[0].Literal {
		switch ops[0].Text {
		case "set":
			ops = ops[1:]
		case "get", "list", "unset", "remove-section", "rename-section", "edit", "get-color", "get-colorbool":
			return "", false
		}
	}
	if len(ops) < 2 {
		return "", false
	}
	if !ops[0].Literal {
		return "git config " + ops[0].Text + " may make git run another program", true
	}
	for i, w := range ops[:len(ops)-1] {
		if w.Literal && gitExecKey(w.Text) && !(ops[i+1].Literal && gitHarmlessValue(w.Text, ops[i+1].Text)) {
			if strings.EqualFold(w.Text, "core.worktree") {
				return "git config core.worktree makes later checkouts write where it says, outside the project too", true
			}
			return "git config " + w.Text + " makes git run another program", true
		}
	}
	return "", false
}

// checkGitConfigWrite: git config setting, adding, removing or editing a
// key (gitConfigWrites), and git remote add, set-url, rename, remove,
// set-head and set-branches, write git's configuration (.git/config,
// ~/.gitconfig with --global), which says where later fetches and pushes
// go (remote.origin.pushurl, url.X.insteadOf) and what git runs: one
// rule for every key. Reads (git config --get, -l, git config KEY, git
// remote -v) pass, and a config --file or --blob is the write or read of
// that file the path checks judge.
func checkGitConfigWrite(c SimpleCommand, _ PathEnv) (string, bool) {
	sub, rest, _, ok := gitArgs(c)
	if !ok || !sub.Literal {
		return "", false
	}
	const why = " writes git's configuration, which says where later fetches and pushes go and what git runs"
	switch sub.Text {
	case "config":
		if gitConfigWrites(rest) && !hasOpt(rest, "f", "--file", "--blob") {
			return "git config" + why, false
		}
	case "remote":
		for _, w := range rest {
			if w.Literal && strings.HasPrefix(w.Text, "-") {
				continue // git remote -v add, as git takes it
			}
			if w.Literal && slices.Contains([]string{"add", "set-url", "rename", "remove", "rm", "set-head", "set-branches"}, w.Text) {
				return "git remote " + w.Text + why, false
			}
			return "", false
		}
	}
	return "", false
}

// gitCloneConfigRuns finds git clone's -c/--config KEY=VALUE, set in the
// new repository before its checkout, and clone's or init's --template
// DIR, whose hooks are copied into it and run (post-checkout, at once).
func gitCloneConfigRuns(sub string, rest []Word) (string, bool) {
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		t := w.Text
		if w.Literal && t == "--" {
			break
		}
		if !w.Literal {
			t = looseText(t)
		}
		var val Word
		found := false
		if strings.HasPrefix(t, "--") {
			n, v, eq := strings.Cut(t, "=")
			switch {
			case len(n) >= 4 && strings.HasPrefix("--template", n):
				return "git " + sub + " " + shorten(w.Text) + " installs hooks git runs", false
			case sub == "clone" && len(n) >= 4 && strings.HasPrefix("--config", n):
				val, found = Word{Text: v, Literal: w.Literal}, eq
				if !eq && i+1 < len(rest) {
					i++
					val, found = rest[i], true
				}
			}
		} else if sub == "clone" && shortCluster(t) {
		cluster:
			for k := 1; k < len(t); k++ {
				switch t[k] {
				case 'c':
					val, found = Word{Text: t[k+1:], Literal: w.Literal}, k+1 < len(t)
					if !found && i+1 < len(rest) {
						i++
						val, found = rest[i], true
					}
					break cluster
				case 'o', 'b', 'u', 'j':
					if k+1 == len(t) {
						i++
					}
					break cluster
				}
			}
		}
		if found && gitConfigRuns(val) {
			return "git clone -c " + shorten(val.Text) + " can make git run another program", false
		}
	}
	return "", false
}

// checkKill asks for kill unless the shell's builtin only signals the
// shell's own jobs (kill %1, kill -9 %%, kill %+ %-, kill %name): those are
// children of this command line, like fg, bg and wait act on. A pid, 0,
// -1 (every process) or a word only known at run time may be any process.
func checkKill(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) != "kill" {
		return "", false
	}
	if c.Inner == 0 && !c.OpenArgs && c.Words[0].Text == "kill" && killsOnlyJobs(c.Words[1:]) {
		return "", false
	}
	return c.Name() + " terminates processes", false
}

// killsOnlyJobs reports whether the arguments of bash's kill builtin
// name jobs only. Its options come first: -s SIG, -n NUM, one -SIG, --;
// every word after them is a target, even one starting with - (kill %1 -1
// signals every process), so each must be a job spec.
func killsOnlyJobs(args []Word) bool {
	i := 0
	signal := false
options:
	for ; i < len(args); i++ {
		t := args[i].Text
		switch {
		case !args[i].Literal:
			return false
		case t == "--":
			i++
			break options
		case t == "-s" || t == "-n":
			i++
			signal = true
		case len(t) > 1 && t[0] == '-' && !signal && t != "-l" && t != "-L":
			signal = true // -9, -KILL, -SIGTERM
		default:
			break options
		}
	}
	if i >= len(args) {
		return false // no target: kill -l, or a usage error
	}
	for _, w := range args[i:] {
		if !w.Literal || !strings.HasPrefix(w.Text, "%") {
			return false
		}
	}
	return true
}

// privilegedNames are commands that run another as a different user.
var privilegedNames = []string{"sudo", "doas", "pkexec", "su", "runuser", "sudoedit"}

func checkSudo(c SimpleCommand, _ PathEnv) (string, bool) {
	for _, w := range c.Words[:min(c.Inner+1, len(c.Words))] {
		if w.Literal && slices.Contains(privilegedNames, strings.ToLower(baseName(w.Text))) {
			return baseName(w.Text) + " runs a command with other privileges", false
		}
	}
	return "", false
}

func checkMkfs(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	if n == "mkfs" || n == "mke2fs" || n == "mkswap" || strings.HasPrefix(n, "mkfs.") || strings.HasPrefix(n, "newfs") {
		return c.Name() + " creates a file system, destroying the device's data", false
	}
	return "", false
}

func checkPartition(c SimpleCommand, _ PathEnv) (string, bool) {
	switch lowerName(c) {
	case "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted":
	default:
		return "", false
	}
	if hasOpt(c.Args()[1:], "l", "--list") {
		return "", false // lists partitions only
	}
	return c.Name() + " changes partition tables", false
}

func checkDeviceWrite(c SimpleCommand, env PathEnv) (string, bool) {
	for _, p := range PathArgs(c) {
		if !p.Write || !p.Word.Literal {
			continue
		}
		// Below /dev/shm lie a tmpfs's files, not devices (hostDevice):
		// a project there had every write in it asked for. Outside the
		// root, checkWrites asks for them as for any other path.
		if abs := env.Resolve(p.Word.Text); hostDevice(abs) {
			return "writes to the device " + abs, false
		}
	}
	return "", false
}

func checkRsyncDelete(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) != "rsync" {
		return "", false
	}
	for _, w := range c.Args()[1:] {
		if w.Literal && strings.HasPrefix(w.Text, "--delete") || w.Literal && w.Text == "--remove-source-files" {
			return "rsync " + w.Text + " deletes files", false
		}
	}
	return "", false
}

// broad reports whether a recursive change of w reaches beyond the
// working directory, or is on a critical path, or cannot be known.
func (e PathEnv) broad(w Word) bool {
	if !w.Literal {
		return true
	}
	abs := e.Resolve(w.Text)
	if !path.IsAbs(abs) {
		return strings.HasPrefix(abs, "..") || strings.HasPrefix(abs, "~")
	}
	return e.critical(abs) || e.Cwd != "" && !within(abs, e.Cwd)
}

func checkRecursiveChmod(c SimpleCommand, env PathEnv) (string, bool) {
	n := lowerName(c)
	if n != "chmod" && n != "chown" && n != "chgrp" {
		return "", false
	}
	args := c.Args()[1:]
	recursive, reference := false, false
	for _, w := range args {
		if !w.Literal {
			continue
		}
		if w.Text == "--" {
			break
		}
		if w.Text == "--recursive" {
			recursive = true
		}
		if strings.HasPrefix(w.Text, "--reference") {
			reference = true
		}
		// chmod -rwx is a mode; options are -R -c -f -v -H -L -P.
		if len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' &&
			strings.Trim(w.Text[1:], "RcfvHLP") == "" && strings.Contains(w.Text, "R") {
			recursive = true
		}
	}
	if !recursive {
		return "", false
	}
	ops := modeOperands(c)
	if !reference && len(ops) > 0 {
		ops = ops[1:] // the mode or owner
	}
	if c.OpenArgs && len(ops) == 0 {
		return c.Name() + " -R on paths named at run time", false
	}
	for _, w := range ops {
		if env.broad(w) {
			return c.Name() + " -R " + w.Text + " changes a broad tree", false
		}
	}
	return "", false
}

// modeOperands are chmod's operands: a word like -w is a mode, not an
// option.
func modeOperands(c SimpleCommand) []Word {
	var out []Word
	args := c.Args()
	for i := 1; i < len(args); i++ {
		w := args[i]
		if w.Literal && w.Text == "--" {
			return append(out, args[i+1:]...)
		}
		if w.Literal && len(w.Text) > 1 && w.Text[0] == '-' && (w.Text[1] == '-' || strings.Trim(w.Text[1:], "RcfvHLP") == "") {
			continue
		}
		out = append(out, w)
	}
	return out
}

func checkChmodWorld(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) != "chmod" {
		return "", false
	}
	// Only the first operand is the mode.
	if ops := modeOperands(c); len(ops) > 0 && ops[0].Literal && worldWritable(ops[0].Text) {
		return "chmod " + ops[0].Text + " makes files writable by every user", false
	}
	return "", false
}

// worldWritable reports whether a chmod mode grants write to others: an
// octal mode whose last digit has the write bit, or a symbolic clause for
// o or a that adds or sets w.
func worldWritable(mode string) bool {
	if mode != "" && strings.Trim(mode, "01234567") == "" {
		d := mode[len(mode)-1] - '0'
		return d&2 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		who := clause[:i]
		if (who == "" && clause[i] == '=') || strings.ContainsAny(who, "oa") {
			if strings.Contains(clause[i+1:], "w") {
				return true
			}
		}
	}
	return false
}

func checkInit(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	if n != "init" && n != "telinit" {
		return "", false
	}
	for _, w := range operandWords(c) {
		if w.Literal && (w.Text == "0" || w.Text == "6") {
			return n + " " + w.Text + " stops or restarts the machine", false
		}
	}
	return "", false
}

func checkSystemctlPower(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) != "systemctl" && lowerName(c) != "loginctl" {
		return "", false
	}
	ops := operandWords(c)
	if len(ops) == 0 || !ops[0].Literal {
		return "", false
	}
	switch ops[0].Text {
	case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "emergency", "rescue":
		return c.Name() + " " + ops[0].Text + " stops or restarts the machine", false
	}
	return "", false
}

// checkServiceChange: systemctl (system or --user) starting, stopping,
// enabling or rewriting a unit or the manager's environment, launchctl
// loading, starting or submitting a job, and loginctl enable-linger,
// which keeps the user's services running after logout. The unit or job
// runs outside the sandbox, now or at every boot or login, as a crontab
// entry does. Status, listing and showing are left alone.
func checkServiceChange(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	var verbs []string
	switch n {
	case "systemctl":
		verbs = []string{"start", "stop", "restart", "reload", "try-restart", "reload-or-restart", "try-reload-or-restart",
			"kill", "isolate", "enable", "reenable", "disable", "link", "preset", "preset-all", "mask", "unmask", "edit", "revert",
			"add-wants", "add-requires", "set-property", "set-environment", "unset-environment", "import-environment",
			"set-default", "daemon-reload", "daemon-reexec"}
	case "launchctl":
		verbs = []string{"load", "unload", "bootstrap", "bootout", "enable", "disable", "kickstart", "start", "stop", "submit",
			"remove", "setenv", "unsetenv", "config", "asuser"}
	case "loginctl":
		verbs = []string{"enable-linger"}
	default:
		return unitRun(c), false
	}
	m := subcommandCase{ops: subcommandWords(c)}
	if !m.is(0, verbs...) {
		return "", false
	}
	return m.reason(c.Name(), 1, "changes a service or job the system runs outside the sandbox, now or at every boot or login"), false
}

// unitRun is the reason of systemd-run among the wrappers of c: the
// command it wraps becomes a unit of the service manager, which starts it
// outside the sandbox and past the run, at once or on a timer
// (--on-active, --on-calendar); only with --scope is it systemd-run's own
// child, which the analysis looks through as a wrapper. "" otherwise.
func unitRun(c SimpleCommand) string {
	ws := c.Words[:min(c.Inner, len(c.Words))]
	k := slices.IndexFunc(ws, func(w Word) bool { return w.Literal && path.Base(w.Text) == "systemd-run" })
	if k < 0 || slices.ContainsFunc(ws[k+1:], func(w Word) bool { return w.Literal && w.Text == "--scope" }) {
		return ""
	}
	return "systemd-run starts " + c.Name() + " as a unit of the service manager, outside the sandbox and past the run (on a timer, later)"
}

func checkCrontabRemove(c SimpleCommand, _ PathEnv) (string, bool) {
	if lowerName(c) == "crontab" && hasOpt(c.Args()[1:], "r", "--remove") {
		return "crontab -r deletes every cron job", false
	}
	return "", false
}

func checkForkBomb(c SimpleCommand, _ PathEnv) (string, bool) {
	if c.Func != "" && c.Async && c.Name() == c.Func {
		return "function " + c.Func + " starts copies of itself concurrently (a fork bomb)", false
	}
	return "", false
}

// hijackVars are variables through which whoever sets them chooses code
// that later programs load or run: the dynamic loader's preloads and search
// paths, the command search path, shell start-up files, interpreters'
// start-up options and module paths, git's helpers.
var hijackVars = []string{
	"LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "PATH", "BASH_ENV", "ENV",
	"SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH",
	"NODE_OPTIONS", "NODE_PATH", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME",
	"PERL5OPT", "PERL5LIB", "PERLLIB", "RUBYOPT", "RUBYLIB",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
	"GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXEC_PATH", "GIT_EDITOR", "GIT_PAGER",
	"GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND",
	"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS",
	"DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
	"ZDOTDIR", "GCONV_PATH", "BASH_CMDS", "BASH_ALIASES",
	// bash's compatibility level (BASH_COMPAT=51 expands the subscripts
	// of (( a[$k] )) twice, running a substitution in $k's value) and
	// readline's key bindings, whose macros type text the shell runs.
	"BASH_COMPAT", "INPUTRC",
	// Options read from the environment that run commands (tar
	// --to-command, rsync -e).
	"TAR_OPTIONS", "RSYNC_RSH", "RSYNC_CONNECT_PROG",
	// The pager and editor programs run (git log's pager, man's, git
	// commit's editor), and less's own: its input preprocessor, and
	// options and key bindings that may hold a shell command (LESS='+!cmd').
	"PAGER", "MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR",
	"LESS", "LESSOPEN", "LESSCLOSE", "LESSKEY", "LESSKEYIN", "LESSKEY_SRC",
	"SUDO_ASKPASS", "BROWSER",
	// Options programs take from the environment: zip's (-TT CMD),
	// man's (--pager), journalctl's pager's.
	"ZIPOPT", "MANOPT", "SYSTEMD_LESS",
	// Commands an editor runs at its start (VIMINIT='!cmd' vim), the
	// compilers and their wrappers builds run (RUSTC_WRAPPER, CC), perl's
	// debugger, OpenSSL's configuration (which loads engines). GOFLAGS
	// only with a program in it (goFlagsRun); npm's settings that run
	// programs (npm_config_script_shell …) in any case (npmRunsVar).
	"VIMINIT", "EXINIT", "MYVIMRC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC", "CARGO_BUILD_RUSTC_WRAPPER",
	"CC", "CXX", "PERL5DB", "OPENSSL_CONF",
	// Where git finds the configuration it obeys (core.fsmonitor,
	// core.pager and the like run programs): another home, another
	// repository. A home of the command's choosing also gives npm its
	// .npmrc (script-shell, node-options), Python its user site
	// directory and shells their start-up files.
	"HOME", "XDG_CONFIG_HOME", "GIT_DIR", "GIT_COMMON_DIR",
	// Where checkouts write.
	"GIT_WORK_TREE",
	// Where curl and wget find the configuration they obey, which names
	// the files they read and write (url = file:///…, output = ~/.bashrc).
	"CURL_HOME", "WGETRC",
	// Makefiles make reads before its own (/dev/stdin: a here-document's
	// recipes).
	"MAKEFILES",
}

// harmlessSettings are values of hijackVars that run nothing of the
// command's choosing: the usual ways to turn a pager or an editor off
// (GIT_PAGER=cat git log, GIT_EDITOR=true git rebase --continue).
var harmlessSettings = []string{
	"PAGER=", "PAGER=cat", "PAGER=less", "PAGER=less -R", "PAGER=less -FRX", "PAGER=more",
	"GIT_PAGER=", "GIT_PAGER=cat", "GIT_PAGER=less", "GIT_PAGER=less -R", "GIT_PAGER=less -FRX",
	"MANPAGER=cat", "MANPAGER=less", "MANPAGER=less -R", "SYSTEMD_PAGER=", "SYSTEMD_PAGER=cat",
	"EDITOR=true", "EDITOR=:", "VISUAL=true", "GIT_EDITOR=true", "GIT_EDITOR=:", "GIT_SEQUENCE_EDITOR=true", "GIT_SEQUENCE_EDITOR=:",
	"LESS=", "LESS=-R", "LESS=-FRX", "LESS=-FRSX", "LESS=-X", "LESS=R", "LESS=FRX", "LESS=FRSX",
}

// harmlessPager says whether v, a program a pager option names (man -P
// v), is one of the harmless PAGER settings.
func harmlessPager(v string) bool { return slices.Contains(harmlessSettings, "PAGER="+v) }

// hijacks says whether the assignment NAME=value, a literal one when
// literal, sets a hijacking variable to a value that runs something. home
// is the user's home directory ("" when not known).
func hijacks(assign string, literal bool, home string) bool {
	if goFlagsRun(assign, literal) {
		return true
	}
	name := assignName(assign)
	if literal && plainProgram(assign) {
		return false
	}
	if _, v, _ := strings.Cut(assign, "="); name == "HOME" && homeAsIs(v, home) {
		return false
	}
	return hijacked(name) && !(literal && slices.Contains(harmlessSettings, assign))
}

// homeAsIs says whether v, a value given HOME, is the home it is: $HOME,
// ~, or the home directory written out.
func homeAsIs(v, home string) bool {
	v = strings.Trim(v, `"`)
	return v == "$HOME" || v == "${HOME}" || v == "~" ||
		home != "" && (path.Clean(v) == home || v == "${HOME:-"+home+"}")
}

// plainProgram says whether assign sets a compiler or a compiler wrapper
// to a program found on the PATH by a plain name (CC=clang,
// RUSTC_WRAPPER=sccache), or git's directory to the root's own (GIT_DIR=.git):
// what a build or git would use anyway, not a file the command chose.
func plainProgram(assign string) bool {
	name, v, _ := strings.Cut(assign, "=")
	switch name {
	case "CC", "CXX", "RUSTC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER":
		first, _, _ := strings.Cut(v, " ")
		return first != "" && !strings.ContainsAny(v, "/$`\\") && !strings.HasPrefix(first, ".")
	case "GIT_DIR", "GIT_COMMON_DIR":
		return v == ".git" || v == "./.git"
	case "GIT_WORK_TREE":
		return v == "." || v == "./"
	case "OPENSSL_CONF":
		return v == "/dev/null"
	}
	return false
}

// goFlagsRun says whether a GOFLAGS assignment names a program the go
// command runs (-toolexec, -exec, -overlay's replacements aside) or is
// not known: GOFLAGS=-mod=mod passes.
func goFlagsRun(assign string, literal bool) bool {
	v, ok := strings.CutPrefix(assign, "GOFLAGS=")
	if !ok {
		return false
	}
	return !literal || strings.ContainsAny(v, "$`") || strings.Contains(v, "-toolexec") || strings.Contains(v, "-exec")
}

// declCommands set shell variables from their arguments.
var declCommands = []string{"export", "declare", "typeset", "local", "readonly"}

// assignName returns the variable an assignment "NAME=value",
// "NAME+=value" or "NAME[i]=value" sets.
func assignName(s string) string {
	i := strings.IndexAny(s, "=+[")
	if i < 0 {
		return ""
	}
	return s[:i]
}

func hijacked(name string) bool {
	return slices.Contains(hijackVars, name) || npmRunsVar(name) || strings.HasPrefix(name, "BASH_FUNC_") ||
		strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_")
}

// npmRunsKeys are the settings of npm (pnpm reads them too) that name a
// program it runs, or node options it starts every script's node with
// (--require), or a settings file that may set those: given as an option
// (npm run build --script-shell=./x) or in the environment
// (npm_config_script_shell=./x npm test), they choose what an approved
// npm run executes.
var npmRunsKeys = []string{"script-shell", "node-options", "userconfig", "globalconfig", "shell", "git", "editor", "browser", "viewer"}

// npmRunsKey says whether key, an npm setting as an option or a variable
// spells it (either case, - or _), is one of npmRunsKeys.
func npmRunsKey(key string) bool {
	return slices.Contains(npmRunsKeys, strings.ReplaceAll(strings.ToLower(key), "_", "-"))
}

// npmRunsVar says whether name is a variable npm or pnpm reads one of
// npmRunsKeys from (npm_config_script_shell, NPM_CONFIG_NODE_OPTIONS,
// pnpm_config_userconfig).
func npmRunsVar(name string) bool {
	for _, p := range []string{"npm_config_", "pnpm_config_"} {
		if len(name) > len(p) && strings.EqualFold(name[:len(p)], p) {
			return npmRunsKey(name[len(p):])
		}
	}
	return false
}

// envHijack returns the first hijacking variable c sets in the
// environment of the command it runs (`LD_PRELOAD=x cmd`, `env
// GIT_CONFIG_PARAMETERS=… git`), "" if none.
func envHijack(c SimpleCommand, home string) string {
	for _, a := range c.Assigns {
		// A value that is not literal keeps its quotes and $ in the text,
		// and is none of the harmless ones.
		if hijacks(a, true, home) {
			return assignName(a)
		}
	}
	for _, w := range c.Words[:min(c.Inner, len(c.Words))] {
		if isEnvAssign(w.Text) && hijacks(w.Text, w.Literal, home) {
			return assignName(w.Text)
		}
	}
	return ""
}

// hijackAssign returns the first hijacking variable c sets, "" if none.
func hijackAssign(c SimpleCommand, home string) string {
	// The first one found, unless bash's command tables are among them:
	// the analysis asks for those in every mode (read HOME BASH_CMDS).
	first := envHijack(c, home)
	found := func(n string) bool {
		if first == "" {
			first = n
		}
		return n == "BASH_CMDS" || n == "BASH_ALIASES"
	}
	args := c.Args()
	switch name := c.Name(); {
	case slices.Contains(declCommands, name):
		nameref := false
		for _, w := range args[1:] {
			if strings.HasPrefix(w.Text, "-") && strings.ContainsRune(w.Text, 'n') {
				nameref = true
			}
			if nameref && name != "export" && name != "readonly" && w.Literal && isName(w.Text) {
				// declare -n r; r=PATH; r=/tmp/x: the variable is chosen
				// later, as with declare -n r=$x.
				found(w.Text + " (a nameref whose variable the next assignment to it names)")
			}
			if strings.Contains(w.Text, "=") {
				if hijacks(w.Text, w.Literal, home) && found(assignName(w.Text)) {
					return assignName(w.Text)
				}
				// declare -n r=PS4: assigning r sets PS4.
				if _, v, _ := strings.Cut(w.Text, "="); nameref && (hijacked(v) || !w.Literal) && found(v) {
					return v
				}
			}
		}
	case slices.Contains(nameSetters, name):
		// They set the variables they are given by name:
		// read PS4, printf -v BASH_ENV, mapfile -t PS4, getopts o PS4.
		for i, w := range args[1:] {
			if name == "printf" && (i == 0 || args[i].Text != "-v") {
				continue // only the name after -v
			}
			if n := assignName(w.Text + "="); hijacked(n) && found(n) {
				return n
			}
		}
	}
	return first
}

// nameSetters are the builtins that set a variable named by an argument.
var nameSetters = []string{"read", "printf", "mapfile", "readarray", "getopts"}

func checkHijackAssign(c SimpleCommand, env PathEnv) (string, bool) {
	if n := hijackAssign(c, env.Home); n != "" {
		return "sets " + n + ", which decides what code later programs run", false
	}
	return "", false
}

// downloaderNames fetch data from the network.
var downloaderNames = []string{"curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lwp-request", "get"}

// shellNames run a program given as text.
var shellNames = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "yash", "posh", "csh", "tcsh"}

// interpreterNames run a program given as text; see also shellNames.
var interpreterNames = []string{
	"python", "python2", "python3", "pypy", "pypy3", "perl", "ruby", "node", "nodejs",
	"deno", "bun", "php", "lua", "tclsh", "rscript", "r", "irb", "osascript", "pwsh", "powershell",
	"source", ".", "eval",
}

// isFD0 reports whether p names standard input (/dev/stdin, /dev/fd/0,
// /proc/self/fd/0).
func isFD0(p string) bool {
	fd, ok := fdPath(p)
	return ok && fd == 0
}

func isShell(n string) bool { return slices.Contains(shellNames, n) }

// shellOptionValues says how many of the words after t, a shell's option
// word, are its values: one for each o and O in a cluster (bash reads
// `-euo pipefail` as -e -u -o pipefail, and `-co errexit 'cmd'` as -c with
// the program after errexit; `-oo a b` takes both), and one for --rcfile
// and --init-file. A red team's `bash -euo pipefail <<E` hid its program
// from checks that skipped a value after a lone -o only.
func shellOptionValues(t string) int {
	switch {
	case t == "--rcfile" || t == "--init-file":
		return 1
	case len(t) < 2 || t[0] != '-' && t[0] != '+' || strings.HasPrefix(t, "--"):
		return 0
	}
	return strings.Count(t[1:], "o") + strings.Count(t[1:], "O")
}

func isInterpreter(n string) bool {
	return isShell(n) || slices.Contains(interpreterNames, n) ||
		strings.HasPrefix(n, "python3.") || strings.HasPrefix(n, "python2.")
}

// readsProgramFromFeed reports whether interpreter c takes its program from
// its input or from a word only known at run time (`bash`, `python3 -`,
// `sh -s`, `bash <(…)`, `python -c "$(…)"`) rather than from a literal
// script file or a literal -c string.
func readsProgramFromFeed(c SimpleCommand) bool {
	args := c.Args()
	if len(args) == 0 {
		return false
	}
	n := lowerName(c)
	if n == "source" || n == "." || n == "eval" {
		for _, w := range args[1:] {
			if fd, ok := fdPath(w.Text); !w.Literal || w.Text == "-" || ok && fd == 0 {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal {
			return true
		}
		switch {
		case t == "-":
			return true
		case isFD0(t):
			return true
		case t == "--":
			return i+1 >= len(args) || !args[i+1].Literal || args[i+1].Text == "-"
		case t == "-c" || t == "-e" || t == "-E" || t == "-m" || t == "-r" || t == "-p" ||
			t == "--eval" || t == "--command" || t == "--print":
			// The program is the next word.
			return i+1 < len(args) && !args[i+1].Literal
		case isShell(n) && shellOptionValues(t) > 0 && !(t[0] == '-' && strings.ContainsAny(t, "sc")):
			i += shellOptionValues(t) // -o pipefail, -eo pipefail, --rcfile FILE
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
			if isShell(n) && t[0] == '-' && strings.Contains(t, "s") {
				return true // sh -s: the program is on stdin
			}
			if isShell(n) && t[0] == '-' && strings.Contains(t, "c") {
				// The program, after the values of the cluster's o's.
				p := i + 1 + shellOptionValues(t)
				return p < len(args) && !args[p].Literal
			}
		default:
			return false // a script file
		}
	}
	return true
}

// stageHas reports whether a stage holds a command for which f is true,
// returning its name.
func stageHas(a Analysis, stage []int, f func(SimpleCommand) bool) (string, bool) {
	for _, i := range stage {
		if i >= 0 && i < len(a.Commands) && f(a.Commands[i]) {
			return a.Commands[i].Name(), true
		}
	}
	return "", false
}

func pipeDownloadToInterpreter(a Analysis, p Pipeline) string {
	for i, stage := range p {
		dl, ok := stageHas(a, stage, downloads)
		if !ok {
			continue
		}
		for _, later := range p[i+1:] {
			in, ok := stageHas(a, later, func(c SimpleCommand) bool {
				return isInterpreter(lowerName(c)) && readsProgramFromFeed(c)
			})
			if ok {
				return dl + " output is run by " + in + ": downloaded code runs unseen"
			}
		}
	}
	return ""
}

func pipeToShell(a Analysis, p Pipeline) string {
	for _, later := range p[min(1, len(p)):] {
		sh, ok := stageHas(a, later, func(c SimpleCommand) bool {
			n := lowerName(c)
			return (isShell(n) || n == "source" || n == "." || n == "eval") && !c.Nested && readsProgramFromFeed(c)
		})
		if ok {
			return sh + " runs a program it reads from a pipe, which cannot be checked"
		}
	}
	return ""
}

// cpioPass says whether c is cpio's copy-pass mode (-p, --pass-through).
func cpioPass(c SimpleCommand) bool {
	return lowerName(c) == "cpio" && slices.ContainsFunc(c.Args()[1:], func(w Word) bool {
		t := w.Text
		return w.Literal && (len(t) > 3 && abbrevOf(t, []string{"--pass-through"}) != "" ||
			len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.Contains(t, "p"))
	})
}

// checkCpioPassFile: cpio -p DIR < LIST copies what LIST names to
// DIR/NAME, a ../ in a name included: the list, which the engine cannot
// read, chooses where it writes.
func checkCpioPassFile(c SimpleCommand, _ PathEnv) (string, bool) {
	if !cpioPass(c) {
		return "", false
	}
	for _, r := range c.Redirects {
		if r.Op == "<" && r.Read {
			return "cpio -p copies the files " + r.Target.Text + " names to the paths it gives, ../ ones included: it writes wherever the list says", false
		}
	}
	return "", false
}

// pipeCpioPass is checkCpioPassFile for a cpio -p fed by a pipe: names
// from find of start paths without "..", and git ls-files, stay below its
// directory; an echo's or a printf's words pipedArgs hands cpio, whose
// paths (cpioPaths) writes them at DIR/NAME; any other program's may not.
func pipeCpioPass(a Analysis, p Pipeline) string {
	for k, stage := range p {
		if k == 0 {
			continue
		}
		if _, ok := stageHas(a, stage, cpioPass); !ok {
			continue
		}
		safe := func(c SimpleCommand) bool {
			switch lowerName(c) {
			case "find":
				starts, _ := findStarts(c.Args()[1:])
				return !slices.ContainsFunc(starts, func(w Word) bool { return !w.Literal || strings.Contains(w.Text, "..") })
			case "echo", "printf":
				return true
			case "git":
				sub, _, _, ok := gitArgs(c)
				return ok && sub.Literal && sub.Text == "ls-files"
			}
			return false
		}
		if name, ok := stageHas(a, p[k-1], func(c SimpleCommand) bool { return !safe(c) }); ok || len(p[k-1]) == 0 {
			return "cpio -p copies the files " + name + " names to the paths it gives, ../ ones included: it writes wherever the list says"
		}
	}
	return ""
}

// checkAbsoluteExtract: tar -x with -P (--absolute-names), cpio -i
// (which keeps absolute names unless told not to) and unzip -: write the
// paths the archive holds, / and .. included: anywhere.
func checkAbsoluteExtract(c SimpleCommand, _ PathEnv) (string, bool) {
	args := c.Args()
	if len(args) < 2 {
		return "", false
	}
	literal := func(text string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && w.Text == text })
	}
	switch lowerName(c) {
	case "tar", "bsdtar", "gtar":
		extract, absolute := false, false
		for i, w := range args[1:] {
			t := w.Text
			switch {
			case !w.Literal:
			case abbrevOf(t, []string{"--extract", "--get"}) != "" && len(t) > 4:
				extract = true
			case abbrevOf(t, []string{"--absolute-names"}) != "" && len(t) > 3:
				absolute = true
			case strings.HasPrefix(t, "--"):
			case strings.HasPrefix(t, "-") || i == 0: // a cluster, or the old style's first word (tar xPf a.tar)
				extract = extract || strings.Contains(t, "x")
				absolute = absolute || strings.Contains(t, "P")
			}
		}
		if extract && absolute {
			return "tar -P extracts the archive's absolute paths: it writes wherever the archive says", false
		}
	case "cpio":
		if slices.ContainsFunc(args[1:], func(w Word) bool {
			return w.Literal && (len(w.Text) > 4 && abbrevOf(w.Text, []string{"--extract"}) != "" ||
				len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' && strings.Contains(w.Text, "i"))
		}) && !literal("--no-absolute-filenames") {
			return "cpio -i extracts the paths the archive holds, absolute ones included: it writes wherever the archive says", false
		}
	case "unzip":
		if slices.ContainsFunc(args[1:], func(w Word) bool {
			return w.Literal && len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' && strings.Contains(w.Text, ":")
		}) {
			return "unzip -: keeps the archive's ../ paths: it writes wherever the archive says", false
		}
	}
	return "", false
}

// checkToolSettings: settings a tool writes for every later run of it,
// outside the project (go env -w, npm config set, a global npm install).
// checkEditorExtension: code --install-extension (and VS Code's forks)
// installs an extension for the user, --uninstall-extension removes one.
func checkEditorExtension(c SimpleCommand, _ PathEnv) (string, bool) {
	switch lowerName(c) {
	case "code", "code-insiders", "codium", "vscodium", "cursor", "windsurf", "code-oss":
	default:
		return "", false
	}
	for _, w := range c.Args()[1:] {
		t, _, _ := strings.Cut(w.Text, "=")
		if w.Literal && (t == "--install-extension" || t == "--uninstall-extension") || !w.Literal && strings.Contains(w.Text, "-extension") {
			return c.Name() + " " + t + " installs or removes an extension every later session of the editor runs", false
		}
	}
	return "", false
}

func checkToolSettings(c SimpleCommand, _ PathEnv) (string, bool) {
	args := c.Args()
	if pip, sub, ok := pipCommand(c); ok {
		if len(sub) > 1 && sub[0].Text == "config" && slices.Contains([]string{"set", "unset", "edit"}, sub[1].Text) && sub[0].Literal && sub[1].Literal {
			return pip + " config " + sub[1].Text + " changes the settings of every later pip (its index)", false
		}
		return "", false
	}
	if len(args) < 2 || !slices.Contains([]string{"go", "npm", "pnpm", "yarn"}, lowerName(c)) {
		return "", false
	}
	ops := operandTexts(args)
	op := func(i int) string {
		if i < len(ops) {
			return ops[i]
		}
		return ""
	}
	opt := func(names ...string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool {
			return w.Literal && slices.ContainsFunc(names, func(n string) bool { return w.Text == n || strings.HasPrefix(w.Text, n+"=") })
		})
	}
	global := opt("-g", "--global", "--location=global") || slices.ContainsFunc(args, func(w Word) bool { return w.Text == "--location" }) && slices.Contains(ops, "global")
	hijack := hijackOption(c)
	switch n := lowerName(c); {
	case n == "go" && op(0) == "env" && slices.ContainsFunc(args, func(w Word) bool {
		return w.Literal && (w.Text == "-w" || w.Text == "-u" || strings.HasPrefix(w.Text, "-w=") || strings.HasPrefix(w.Text, "--w") || strings.HasPrefix(w.Text, "--u"))
	}):
		return "go env -w changes the settings of every later go command (GOFLAGS, GOPROXY, the toolchain)", false
	case pkgConfigSet(c):
		return n + " config changes the settings of every later " + n + " (its script shell, its registry)", false
	case hijack != "":
		return n + " " + hijack + " names a program " + n + " runs, or node options or a settings file that do: it chooses what the scripts execute", false
	case (n == "npm" || n == "pnpm") && slices.Contains([]string{"install", "i", "add", "update", "up", "link", "uninstall", "remove", "rm", "un"}, op(0)) && global:
		return n + " " + op(0) + " -g changes the programs installed for the whole machine", false
	case n == "yarn" && op(0) == "global":
		return "yarn global changes the programs installed for the user", false
	}
	return "", false
}

// hijackOption returns the first option of c that decides what code it
// runs past what its words say (npm's and pnpm's npmRunsKeys:
// --script-shell=x, --script-shell x), "" for none; what follows -- is
// the script's.
func hijackOption(c SimpleCommand) string {
	if n := lowerName(c); n != "npm" && n != "pnpm" {
		return ""
	}
	for _, w := range c.Args()[1:] {
		if w.Literal && w.Text == "--" {
			break
		}
		if k, ok := strings.CutPrefix(w.Text, "--"); ok && w.Literal {
			k, _, _ = strings.Cut(k, "=")
			if npmRunsKey(k) {
				return "--" + k
			}
		}
	}
	return ""
}

// pkgConfigSet says whether c is npm's, pnpm's or yarn's config set
// (delete, edit, fix; npm set): it rewrites the settings file every later
// run of the tool reads (toolSettingsFiles).
func pkgConfigSet(c SimpleCommand) bool {
	n, ops := lowerName(c), operandTexts(c.Args())
	if n != "npm" && n != "pnpm" && n != "yarn" || len(ops) == 0 {
		return false
	}
	return (ops[0] == "config" || ops[0] == "c") && len(ops) > 1 && slices.Contains([]string{"set", "delete", "edit", "fix"}, ops[1]) ||
		n == "npm" && ops[0] == "set"
}

// operandTexts returns the literal words of args after the name that do
// not start with a dash, in order: a command's subcommand and operands,
// options (and the values of options it does not know) aside.
func operandTexts(args []Word) []string {
	if len(args) < 2 {
		return nil
	}
	var out []string
	for _, w := range args[1:] {
		if w.Literal && !strings.HasPrefix(w.Text, "-") {
			out = append(out, w.Text)
		}
	}
	return out
}

// checkPackageInstall: a system package manager that installs, upgrades
// or removes packages writes the whole system and runs the packages'
// scripts, as root; so do Homebrew, MacPorts, Nix profiles and Flatpak
// for the user, conda in its environment outside the project, and pip
// given the system's Python (--break-system-packages, uv pip --system).
func checkPackageInstall(c SimpleCommand, env PathEnv) (string, bool) {
	args := c.Args()
	if len(args) < 2 {
		return "", false
	}
	if pip, _, ok := pipCommand(c); ok {
		return checkPipSystem(c, pip)
	}
	n := lowerName(c)
	if !slices.Contains([]string{"dpkg", "apt", "apt-get", "aptitude", "dnf", "yum", "zypper", "rpm", "pacman", "apk", "snap",
		"brew", "port", "nix-env", "nix", "flatpak", "conda", "mamba", "micromamba"}, n) {
		return "", false
	}
	m := subcommandCase{ops: subcommandArgs(n, args), unknown: -1}
	sub := ""
	if len(m.ops) > 0 {
		sub = m.ops[0].Text
	}
	is := func(names ...string) bool { return m.is(0, names...) }
	// An action given as an option (dpkg -i, rpm -Uvh, pacman -Syu). A
	// word only known at run time where the mode option goes, first and
	// before any literal option (dpkg "$op" foo.deb), may be the action:
	// unknown says so. A literal option first (dpkg -l "$pkg") names the
	// mode, and what follows it is taken for its operands.
	unknown := "" // what is only known at run time, for the reason
	action := func(long []string, short func(cluster string) bool) string {
		if !args[1].Literal && !attachedOption(args[1].Text) {
			unknown = c.Name() + " " + shorten(args[1].Text) + ": the action is only known at run time"
		}
		for _, w := range args[1:] {
			t := w.Text
			switch {
			case !w.Literal && attachedOption(w.Text):
				// --install="$deb": the option is known, its value not.
				name, _, _ := strings.Cut(strings.TrimPrefix(t, `"`), "=")
				if slices.Contains(long, name) {
					return name
				}
			case !w.Literal:
			case slices.Contains(long, t):
				return t
			case len(t) > 1 && t[0] == '-' && t[1] != '-' && short(t[1:]):
				return t
			}
		}
		return ""
	}
	what := ""
	switch n {
	case "dpkg":
		what = action([]string{"--install", "--unpack", "--remove", "--purge", "--configure"}, func(s string) bool { return strings.ContainsAny(s[:1], "irP") })
	case "apt", "apt-get", "aptitude":
		if is("install", "reinstall", "remove", "purge", "upgrade", "full-upgrade", "dist-upgrade", "autoremove") {
			what = sub
		}
	case "dnf", "yum", "zypper":
		if is("install", "in", "remove", "rm", "erase", "upgrade", "update", "up", "reinstall", "downgrade") {
			what = sub
		}
	case "rpm":
		what = action([]string{"--install", "--upgrade", "--erase", "--freshen"}, func(s string) bool { return strings.ContainsAny(s[:1], "iUeF") })
	case "pacman":
		what = action([]string{"--sync", "--upgrade", "--remove"}, func(s string) bool {
			return s[0] == 'U' || s[0] == 'R' || s[0] == 'S' && !strings.ContainsAny(s[1:], "sil")
		})
	case "apk":
		if is("add", "del", "upgrade", "fix") {
			what = sub
		}
	case "snap":
		if is("install", "remove", "refresh", "revert") {
			what = sub
		}
	case "brew", "port":
		if is("install", "reinstall", "upgrade", "uninstall", "remove", "rm", "tap", "link", "selfupdate") {
			what = sub
		}
	case "nix-env":
		what = action([]string{"--install", "--upgrade", "--uninstall", "--set"}, func(s string) bool { return strings.ContainsAny(s[:1], "iue") })
	case "nix":
		// nix takes any setting as an option before its command
		// (--SETTING VALUE), most not in nixValued: the command is the
		// first word that names one.
		// A word only known at run time may be that command (nix "$x"
		// install) where no literal one is found, or profile's own
		// (nix profile "$x" hello).
		k := slices.IndexFunc(m.ops, func(o Word) bool { return o.Literal && slices.Contains(nixCommands, o.Text) })
		switch {
		case k < 0:
			if u := slices.IndexFunc(m.ops, func(o Word) bool { return !o.Literal }); u >= 0 {
				unknown = c.Name() + " " + shorten(m.ops[u].Text) + ": the subcommand is only known at run time"
			}
		case m.ops[k].Text != "profile" || k+1 >= len(m.ops):
		case !m.ops[k+1].Literal:
			unknown = c.Name() + " profile " + shorten(m.ops[k+1].Text) + ": the subcommand is only known at run time"
		case slices.Contains([]string{"install", "add", "remove", "upgrade", "rollback"}, m.ops[k+1].Text):
			what = "profile " + m.ops[k+1].Text
		}
	case "flatpak":
		if is("install", "uninstall", "update") {
			what = sub
		}
	case "conda", "mamba", "micromamba":
		// Into the environment -n names, outside the project, unless
		// -p/--prefix names one in the project (the path checks do not
		// see the prefix: conda install -p /opt/env passed). One that
		// names none changes the active one, which the engine knows
		// (Engine.condaOutside).
		if _, active := condaActiveInstall(c); !active && is("install", "remove", "uninstall", "update", "upgrade", "create") && !condaPrefixInProject(args[1:], env) {
			return m.reason(c.Name(), 1, "changes the packages of a conda environment outside the project, and runs their scripts"), false
		}
		// conda env create and update make or change the environment
		// their file names, in conda's directory of environments.
		if is("env") && m.is(1, "create", "update") && !condaPrefixInProject(args[1:], env) {
			return m.reason(c.Name(), 2, "changes the packages of a conda environment outside the project, and runs their scripts"), false
		}
	}
	const does = "installs or removes packages for the whole system, and runs their scripts"
	if what == "" && unknown != "" {
		return unknown + " and may be one that " + does, false
	}
	if what == "" {
		return "", false
	}
	if m.unknown >= 0 {
		return m.reason(c.Name(), 0, does), false
	}
	return c.Name() + " " + what + " " + does, false
}

// nixCommands are nix's commands (nix profile, nix build), which the
// values of its options before one are not.
var nixCommands = []string{"build", "bundle", "config", "copy", "daemon", "derivation", "develop", "edit", "env", "eval", "flake", "fmt",
	"formatter", "hash", "help", "help-stores", "key", "log", "nar", "path-info", "print-dev-env", "profile", "realisation", "registry",
	"repl", "run", "search", "shell", "show-config", "store", "upgrade-nix", "why-depends"}

// pipEnvName reports whether a pip or uv pip reads the variable name as
// being given the system's Python (checkPipSystem), or for where it
// installs (Engine.pipEnvOptions).
func pipEnvName(name string) bool {
	switch name {
	case "PIP_BREAK_SYSTEM_PACKAGES", "UV_SYSTEM_PYTHON",
		// where pip installs (Engine.pipEnvOptions)
		"PIP_PYTHON", "PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_SRC", "PIP_USER", "PIP_CONFIG_FILE":
		return true
	}
	return false
}

// checkPipSystem: the pip c runs (pip, as pipCommand names it) given
// the system's Python rather than a virtual environment's: by
// --break-system-packages or PIP_BREAK_SYSTEM_PACKAGES (set before it
// or by env), or for uv pip by --system or UV_SYSTEM_PYTHON.
func checkPipSystem(c SimpleCommand, pip string) (string, bool) {
	const does = " installs or removes packages of the system's Python, whose programs run outside the project"
	uv := strings.HasPrefix(pip, "uv ")
	if k := slices.IndexFunc(c.Args(), func(w Word) bool {
		return w.Literal && (w.Text == "--break-system-packages" || uv && w.Text == "--system")
	}); k >= 0 {
		return pip + " " + c.Args()[k].Text + does, false
	}
	env := "PIP_BREAK_SYSTEM_PACKAGES"
	if uv {
		env = "UV_SYSTEM_PYTHON"
	}
	for _, a := range c.EnvAssigns() {
		// pip and uv read the variable as a boolean: these say no.
		if v, ok := strings.CutPrefix(a, env+"="); ok && !slices.Contains([]string{"", "0", "false", "no", "off", "n", "f"}, strings.ToLower(v)) {
			return pip + " with " + a + does, false
		}
	}
	return "", false
}

// ensurepipQuery says whether ensurepip's arguments ask it something
// (--version, --help) rather than to install: it prints and installs
// nothing.
func ensurepipQuery(args []Word) bool {
	return slices.ContainsFunc(args, func(w Word) bool {
		return w.Literal && (w.Text == "--version" || w.Text == "-h" || w.Text == "--help")
	})
}

// pipCommand returns how c runs pip, for a reason (pip3.12, python3 -m
// pip, uv pip), and pip's subcommand words (subcommandArgs: install x);
// ok is false when c runs no pip.
func pipCommand(c SimpleCommand) (pip string, sub []Word, ok bool) {
	args := c.Args()
	switch n := lowerName(c); {
	case versionedName(n, "pip"):
		return c.Name(), subcommandArgs("pip", args), true
	case versionedName(n, "python"):
		if k := pythonModule(args, "pip"); k > 0 {
			return c.Name() + " -m pip", subcommandArgs("pip", args[k:]), true
		}
		if k := pythonModule(args, "ensurepip"); k > 0 && !ensurepipQuery(args[k+1:]) {
			// ensurepip is pip install pip: --user, --root and the
			// active environment say where, as pip's do.
			return c.Name() + " -m ensurepip, a pip", slices.Concat([]Word{{Text: "install", Literal: true}}, args[k+1:]), true
		}
	case n == "uv":
		if sub := subcommandArgs("uv", args); len(sub) > 0 && sub[0].Literal && sub[0].Text == "pip" {
			return c.Name() + " pip", sub[1:], true
		}
	}
	return "", nil, false
}

// versionedName says whether the name n is base or base with a version
// after it (pip3, pip3.12, python3.12).
func versionedName(n, base string) bool {
	v, ok := strings.CutPrefix(n, base)
	return ok && strings.Trim(v, "0123456789.") == "" && (v == "" || v[0] != '.')
}

// pythonModule returns the index in args (a python's words) of the word
// that runs module, -m module or -mmodule after python's own options
// (-I, -W arg); 0 when the python runs a script, code or another module.
func pythonModule(args []Word, module string) int {
	for i := 1; i < len(args); i++ {
		w := args[i]
		if !w.Literal || !strings.HasPrefix(w.Text, "-") || w.Text == "-" {
			return 0
		}
		if strings.HasPrefix(w.Text, "--") {
			continue
		}
		for j := 1; j < len(w.Text); j++ {
			switch w.Text[j] {
			case 'c':
				return 0
			case 'm':
				switch {
				case j+1 < len(w.Text) && w.Text[j+1:] == module:
					return i
				case j+1 == len(w.Text) && i+1 < len(args) && args[i+1].Literal && args[i+1].Text == module:
					return i + 1
				}
				return 0
			case 'W', 'X', 'Q':
				if j+1 == len(w.Text) {
					i++
				}
				j = len(w.Text)
			}
		}
	}
	return 0
}

// condaActiveInstall returns the verb of c, a conda, mamba or micromamba
// install, update, upgrade, remove or uninstall that names no
// environment (no -n, --name, -p or --prefix, micromamba's -r, in any
// spelling, and no option only known at run time), and so changes the
// active one.
func condaActiveInstall(c SimpleCommand) (verb string, ok bool) {
	n := lowerName(c)
	if n != "conda" && n != "mamba" && n != "micromamba" {
		return "", false
	}
	args := c.Args()
	ops := subcommandArgs(n, args)
	if len(ops) == 0 || !ops[0].Literal || !slices.Contains([]string{"install", "remove", "uninstall", "update", "upgrade"}, ops[0].Text) {
		return "", false
	}
	for _, w := range args[1:] {
		t := w.Text
		switch {
		case w.Literal && t == "--":
			return ops[0].Text, true
		case !w.Literal && (t == "" || t[0] == '-' || t[0] == '$' || t[0] == '`' || t[0] == '"' || t[0] == '\''):
			return "", false // it may be -n
		case !w.Literal || len(t) < 2 || t[0] != '-':
		case t[1] == '-':
			// --name, --prefix, micromamba's --root-prefix, or a prefix of
			// one (argparse takes --na for --name)
			o, _, _ := strings.Cut(t, "=")
			for _, long := range []string{"--name", "--prefix", "--root-prefix"} {
				if strings.HasPrefix(o, long) || len(o) > 2 && strings.HasPrefix(long, o) {
					return "", false
				}
			}
		case strings.ContainsAny(t[1:], "npr"):
			return "", false // -n env, -yn env, -p dir, micromamba's -r
		}
	}
	return ops[0].Text, true
}

// condaEnvName reports whether conda reads the variable name for the
// environment it works in (CONDA_PREFIX, CONDA_DEFAULT_ENV,
// MAMBA_ROOT_PREFIX …).
func condaEnvName(name string) bool {
	return strings.HasPrefix(name, "CONDA_") || strings.HasPrefix(name, "MAMBA_")
}

// condaPrefixInProject says whether conda's arguments args name the
// environment by its path (-p DIR, -pDIR, --prefix DIR, --prefix=DIR), a
// literal one that lies in the project.
func condaPrefixInProject(args []Word, env PathEnv) bool {
	for i, w := range args {
		if w.Literal && w.Text == "--" {
			break
		}
		var p string
		var ok bool
		switch t := w.Text; {
		case t == "-p" || t == "--prefix":
			if i+1 < len(args) {
				p, ok = args[i+1].Text, w.Literal && args[i+1].Literal
			}
		case strings.HasPrefix(t, "--prefix="):
			p, ok = strings.TrimPrefix(t, "--prefix="), w.Literal
		case strings.HasPrefix(t, "-p"):
			p, ok = t[2:], w.Literal
		default:
			continue
		}
		return ok && p != "" && env.Root != "" && within(env.Resolve(p), env.Root)
	}
	return false
}

// checkPublish: a package or image uploaded to a registry (npm publish,
// cargo publish, twine upload, docker push), or one withdrawn or handed
// over there (npm unpublish, cargo yank, gem owner).
func checkPublish(c SimpleCommand, _ PathEnv) (string, bool) {
	args := c.Args()
	n := lowerName(c)
	if strings.HasPrefix(n, "python") && len(args) > 2 && args[1].Text == "-m" { // python -m twine
		n, args = args[2].Text, args[2:]
	}
	m := subcommandCase{ops: subcommandArgs(n, args), unknown: -1}
	if n == "yarn" && len(m.ops) > 2 && m.ops[0].Literal && m.ops[0].Text == "workspace" { // yarn workspace NAME npm publish
		m.ops = m.ops[2:]
	}
	var ops []string // the literal ones, for mvn's and gradle's tasks
	for _, w := range m.ops {
		if w.Literal {
			ops = append(ops, w.Text)
		}
	}
	op := m.is
	sub := func(k int) string {
		t := ""
		for _, w := range m.ops[:k] {
			t += " " + w.Text
		}
		return t[1:]
	}
	what := ""
	switch n {
	case "npm", "pnpm", "bun", "yarn":
		switch {
		case op(0, "publish", "unpublish", "deprecate", "undeprecate", "owner", "access", "dist-tag", "dist-tags"):
			what = sub(1)
		case n == "yarn" && op(0, "npm") && op(1, "publish", "tag"):
			what = sub(2)
		}
	case "cargo":
		if op(0, "publish", "yank", "owner") {
			what = sub(1)
		}
	case "gem":
		if op(0, "push", "yank", "owner") {
			what = sub(1)
		}
	case "twine":
		if op(0, "upload", "register") {
			what = sub(1)
		}
	case "poetry", "uv", "flit", "hatch", "pdm", "deno", "jsr", "vsce", "ovsx":
		if op(0, "publish") {
			what = sub(1)
		}
	case "docker", "podman", "buildah", "nerdctl":
		if op(0, "push") || op(0, "image") && op(1, "push") || op(0, "manifest") && op(1, "push") {
			what = "push"
		} else if (op(0, "build") || op(0, "buildx") && op(1, "build", "b", "bake")) && slices.ContainsFunc(args[1:], func(w Word) bool {
			// --push is --output type=registry, which pushes as push=true does.
			return w.Literal && (w.Text == "--push" || strings.HasPrefix(w.Text, "--push=") || strings.Contains(w.Text, "push=true") ||
				strings.Contains(w.Text, "type=registry"))
		}) {
			what = "build --push"
		}
	case "dotnet":
		if op(0, "nuget") && op(1, "push", "delete") {
			what = sub(2)
		}
	case "nuget":
		if op(0, "push", "delete") {
			what = sub(1)
		}
	case "helm":
		if op(0, "push") {
			what = sub(1)
		}
	case "mvn", "mvnw":
		if op(0, "deploy") || slices.Contains(ops, "deploy") || slices.ContainsFunc(ops, func(o string) bool { return strings.HasSuffix(o, ":deploy") }) {
			what = "deploy"
		}
	case "gradle", "gradlew":
		if slices.ContainsFunc(ops, func(o string) bool { return strings.HasPrefix(o, "publish") && !strings.HasSuffix(o, "ToMavenLocal") }) {
			what = "publish"
		}
	}
	if what == "" || slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && w.Text == "--dry-run" }) {
		return "", false
	}
	const does = "publishes to a registry, for everyone who installs from it: a published version can rarely be taken back"
	if m.unknown >= 0 {
		return m.reason(args[0].Text, 0, does), false
	}
	return args[0].Text + " " + what + " " + does, false
}

// checkForgeChange: a gh or glab command that changes the repository on
// the forge as a push does (gh pr merge, a release and its tag) or
// deletes there (gh repo delete, gh release delete, gh api -X DELETE),
// makes a private repository public, changes the secrets and variables
// its workflows read or runs them (gh workflow run, glab ci run), or
// changes the keys that may push or sign there (gh ssh-key add).
func checkForgeChange(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	if n != "gh" && n != "glab" {
		return "", false
	}
	args := c.Args()
	m := subcommandCase{ops: subcommandWords(c)}
	op := m.is
	what, words := "", 2
	switch {
	case op(0, "pr", "mr") && op(1, "merge", "accept"):
		what = "merges into the base branch on the remote"
	case op(0, "release") && op(1, "create", "new", "upload", "edit", "delete", "delete-asset"):
		what = "changes a release (and its tag) on the remote"
	case op(0, "repo") && op(1, "delete", "archive", "unarchive", "rename", "transfer"):
		what = "changes the repository on the remote"
	case op(0, "repo") && op(1, "edit") && slices.ContainsFunc(args, func(w Word) bool { return strings.HasPrefix(w.Text, "--visibility") }):
		what = "changes who can see the repository"
	case op(0, "repo") && op(1, "create", "new") && slices.ContainsFunc(args, func(w Word) bool { return w.Literal && w.Text == "--push" }):
		what = "--push creates a repository on the remote and pushes to it"
	case op(0, "api") && slices.ContainsFunc(args, func(w Word) bool {
		t := strings.ToUpper(w.Text)
		return t == "DELETE" || strings.HasSuffix(t, "-XDELETE") || strings.HasSuffix(t, "=DELETE")
	}):
		what = "deletes on the remote"
	case op(0, "api") && ghAPIMerge(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:]):
		what, words = "merges into the base branch on the remote, as gh pr merge does", 1
	case op(0, "api") && ghGraphQLChange(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:]) != "":
		what, words = ghGraphQLChange(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:]), 2
	case op(0, "api") && ghAPIWorkflowOrKey(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:]):
		what = "changes the workflows' secrets, variables or runs, or the keys, on the remote"
	case op(0, "api") && ghAPIRepoSettings(args[slices.IndexFunc(args, func(w Word) bool { return w.Text == "api" })+1:]):
		what, words = "changes the repository's settings on the remote (who can see it or push to it), as gh repo edit --visibility does", 1
	case op(0, "secret", "variable") && op(1, "set", "delete", "remove", "update"):
		what = "changes a secret or variable the remote's workflows read"
	case op(0, "workflow") && op(1, "run", "enable", "disable"):
		what = "starts or turns on or off a workflow on the remote"
	case op(0, "run") && op(1, "rerun", "cancel", "delete"),
		op(0, "ci") && op(1, "run", "retry", "delete", "cancel", "trigger"):
		what = "starts, stops or deletes a workflow run on the remote"
	case op(0, "repo") && op(1, "deploy-key") && op(2, "add", "delete"):
		what, words = "changes the keys that may push to the repository on the remote", 3
	case op(0, "deploy-key", "ssh-key") && op(1, "add", "delete"):
		what = "changes the keys that may push to the remote"
	case op(0, "gpg-key") && op(1, "add", "delete"):
		what = "changes the keys the remote trusts as the account's signature"
	}
	if what == "" {
		return "", false
	}
	return m.reason(c.Name(), words, what), false
}

// checkRemoteRequest: curl, wget or an HTTPie-like client (http, xh)
// sending a DELETE to a host other than this one, as gh api -X DELETE
// does to the forge; or a request whose method is only known at run
// time, which may be one. Other methods are left alone: a POST is what
// testing a service and using an API do (an authenticated one too).
func checkRemoteRequest(c SimpleCommand, _ PathEnv) (string, bool) {
	var r httpRequest
	switch lowerName(c) {
	case "curl":
		r = curlRequest(c.Args()[1:])
	case "wget":
		r = wgetRequest(c.Args()[1:])
	case "http", "https", "xh", "xhs":
		r = httpieRequest(c.Args()[1:])
	default:
		return "", false
	}
	switch {
	case r.method.Text == "" || r.local():
	case !r.method.Literal:
		return c.Name() + " " + shorten(r.method.Text) + ": the method is only known at run time and may be one that deletes on another host", false
	case strings.ToUpper(r.method.Text) == "DELETE":
		return c.Name() + " " + r.method.Text + " deletes on another host", false
	}
	return "", false
}

// httpRequest is what checkRemoteRequest reads of a request: its method
// as written (empty for the client's own), and the URLs it goes to
// (unsure: one is only known at run time).
type httpRequest struct {
	method Word
	urls   []string
	unsure bool
}

// local says whether every URL of r is on this host (and there is one).
func (r httpRequest) local() bool {
	if r.unsure || len(r.urls) == 0 {
		return false
	}
	for _, u := range r.urls {
		if _, rest, ok := cutScheme(u); ok && strings.Contains(u, "://") {
			u = strings.TrimLeft(rest, "/")
		}
		if i := strings.IndexAny(u, "/?#"); i >= 0 {
			u = u[:i]
		}
		if u != "" && !localHost(u) {
			return false
		}
	}
	return true
}

// url records w as a URL of r if it looks like one (a scheme, a dot or a
// port, localhost), or may be one (only known at run time).
func (r *httpRequest) url(w Word) {
	t := w.Text
	switch {
	case !w.Literal:
		if u, ok := quotedURLHost(t); ok {
			r.urls = append(r.urls, u)
			return
		}
		r.unsure = true
	case strings.Contains(t, "://"), strings.HasPrefix(t, ":"), strings.HasPrefix(strings.ToLower(t), "localhost"),
		strings.ContainsAny(t, ".:") && !strings.ContainsAny(t, "=@"):
		r.urls = append(r.urls, t)
	}
}

// quotedURLHost returns, of a URL word only known at run time, the part
// that names its host, where that is known before: the whole word in
// double quotes (one word, not split or globbed), its scheme and host
// literal up to the path that an expansion comes in
// ("http://localhost:8080/items/$id"). ok is false otherwise.
func quotedURLHost(src string) (string, bool) {
	if len(src) < 2 || src[0] != '"' || src[len(src)-1] != '"' {
		return "", false
	}
	in := src[1 : len(src)-1]
	if strings.ContainsAny(in, "\"`\\") {
		return "", false
	}
	lit, _, _ := strings.Cut(in, "$")
	_, rest, ok := strings.Cut(lit, "://")
	if !ok || !strings.ContainsAny(rest, "/?#") {
		return "", false // an expansion in the scheme or the host
	}
	return lit, true
}

// curlValuedLong are the long options of curl whose value may follow as
// the next word and could be read as a URL.
var curlValuedLong = []string{"--request", "--header", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii",
	"--json", "--form", "--form-string", "--upload-file", "--user", "--oauth2-bearer", "--aws-sigv4", "--cookie", "--cookie-jar",
	"--url", "--output", "--proxy", "--user-agent", "--referer", "--resolve", "--connect-to", "--cacert", "--cert", "--key",
	"--max-time", "--connect-timeout", "--retry", "--config", "--write-out", "--interface", "--dump-header"}

// curlRequest reads curl's arguments: -X and --request the method,
// --url and the operands the URLs.
func curlRequest(args []Word) httpRequest {
	var r httpRequest
	const valued = "AbcCdDeEFHKmoPQrtTuUwxXyYz"
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal || !strings.HasPrefix(t, "-") || t == "-" {
			r.url(w)
			continue
		}
		var opt string
		var val Word
		if strings.HasPrefix(t, "--") {
			name, v, eq := strings.Cut(t, "=")
			opt = name
			switch {
			case eq:
				val = Word{Text: v, Literal: true}
			case slices.Contains(curlValuedLong, name) && i+1 < len(args):
				i++
				val = args[i]
			}
		} else {
			for j := 1; j < len(t); j++ {
				if strings.IndexByte(valued, t[j]) < 0 {
					continue
				}
				opt = "-" + t[j:j+1]
				if j+1 < len(t) {
					val = Word{Text: t[j+1:], Literal: true}
				} else if i+1 < len(args) {
					i++
					val = args[i]
				}
				break
			}
		}
		switch opt {
		case "-X", "--request":
			r.method = val
		case "--url":
			r.url(val)
		}
	}
	return r
}

// wgetValued are the long options of wget whose value may follow as the
// next word and could be read as a URL.
var wgetValued = []string{"--method", "--header", "--user", "--password", "--http-user", "--http-password", "--post-data",
	"--post-file", "--body-data", "--body-file", "--output-document", "--output-file", "--directory-prefix", "--user-agent",
	"--referer", "--timeout", "--tries", "--load-cookies"}

// wgetRequest reads wget's arguments: --method the method, the operands
// the URLs.
func wgetRequest(args []Word) httpRequest {
	var r httpRequest
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal || !strings.HasPrefix(t, "-") {
			r.url(w)
			continue
		}
		name, v, eq := strings.Cut(t, "=")
		val := Word{Text: v, Literal: true}
		switch {
		case !eq && slices.Contains(wgetValued, name) && i+1 < len(args):
			i++
			val = args[i]
		case len(t) == 2 && strings.IndexByte("OoPaUTtewi", t[1]) >= 0 && i+1 < len(args):
			i++ // a short option's value, which is no URL
		}
		if name == "--method" {
			r.method = val
		}
	}
	return r
}

// httpieRequest reads the arguments of HTTPie (http, https) or xh: an
// optional METHOD, then the URL, then request items.
func httpieRequest(args []Word) httpRequest {
	var r httpRequest
	var ops []Word
	getopt(args, "opavP", "", httpieValued, httpieValued, func(string, Word, bool) {}, func(w Word) { ops = append(ops, w) })
	// The first word is the method if it is one, or, only known at run
	// time, if a URL follows it (not a request item).
	switch {
	case len(ops) < 2:
	case ops[0].Literal && slices.Contains([]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}, strings.ToUpper(ops[0].Text)),
		!ops[0].Literal && (!ops[1].Literal || strings.Contains(ops[1].Text, "://") || strings.HasPrefix(ops[1].Text, ":") ||
			!strings.ContainsAny(ops[1].Text, "=:")):
		r.method, ops = ops[0], ops[1:]
	}
	switch {
	case len(ops) == 0:
	case ops[0].Literal:
		// HTTPie reads :3000/x as localhost's.
		r.urls = append(r.urls, ops[0].Text)
	default:
		r.unsure = true
	}
	return r
}

// checkDatabaseChange: psql, mysql, redis-cli or mongosh given a
// statement that writes (SQL's DROP, DELETE, UPDATE …; redis's FLUSHALL,
// DEL, CONFIG …; mongo's drop(), deleteMany() …), or one only known at
// run time, for a database on another host: one named by -h, --host or
// a URI, or only known at run time. Without one the client connects to
// this host's, which a developer's own work writes to; reads anywhere
// are left alone.
func checkDatabaseChange(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	var hostOpts, stmtOpts, dbOpts []string
	var valued string
	var writes func(string) bool
	switch n {
	case "psql":
		// -d's value is read as the first operand is: a conninfo or URI
		// names the host (psql -d "$DATABASE_URL").
		hostOpts, stmtOpts, dbOpts, valued, writes = []string{"-h", "--host"}, []string{"-c", "--command"}, []string{"-d", "--dbname"}, "cdfhLopPTUvF", sqlWrites
	case "mysql", "mariadb":
		hostOpts, stmtOpts, valued, writes = []string{"-h", "--host"}, []string{"-e", "--execute"}, "eDhpPSuO", sqlWrites
	case "redis-cli", "valkey-cli":
		hostOpts, valued, writes = []string{"-h", "-u"}, "hpsauinrdx", redisWrites
	case "mongosh", "mongo":
		hostOpts, stmtOpts, writes = []string{"--host"}, []string{"--eval"}, mongoWrites
	default:
		return "", false
	}
	args := c.Args()[1:]
	remote := false
	var stmts, ops []Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		if !w.Literal && (strings.HasPrefix(looseText(t), "-h") || strings.HasPrefix(looseText(t), "--host")) {
			remote = true // -h"$host"
			continue
		}
		if !w.Literal || !strings.HasPrefix(t, "-") || t == "-" {
			ops = append(ops, w)
			continue
		}
		name, v, eq := strings.Cut(t, "=")
		val, has := Word{Text: v, Literal: true}, eq
		if !strings.HasPrefix(t, "--") {
			name, val, has = t[:2], Word{Text: t[2:], Literal: true}, len(t) > 2 && strings.IndexByte(valued, t[1]) >= 0
		}
		if !has && (strings.HasPrefix(t, "--") && (slices.Contains(hostOpts, name) || slices.Contains(stmtOpts, name) || slices.Contains(dbOpts, name)) ||
			len(t) == 2 && strings.IndexByte(valued, t[1]) >= 0) && i+1 < len(args) {
			i++
			val, has = args[i], true
		}
		switch {
		case !has:
		case slices.Contains(hostOpts, name):
			remote = remote || !val.Literal || !localHost(dbHost(val.Text))
		case slices.Contains(stmtOpts, name):
			stmts = append(stmts, val)
		case slices.Contains(dbOpts, name):
			ops = append(ops, val)
		}
	}
	for k, w := range ops {
		// A URI names the host (postgres://, mongodb://, redis://), as
		// psql's conninfo host=; an operand only known at run time may
		// be either. redis-cli's operands are its command.
		switch {
		case n == "redis-cli" || n == "valkey-cli":
			if k == 0 {
				stmts = append(stmts, Word{Text: joinWords(ops), Literal: allLiteral(ops)})
			}
		case !w.Literal && n != "mysql" && n != "mariadb":
			remote = true
		case strings.Contains(w.Text, "://"):
			remote = remote || !localHost(dbHost(w.Text))
			if _, q, ok := strings.Cut(w.Text, "?"); ok && n == "psql" {
				// postgresql:///app?host=/var/run/postgresql names the host
				// in its query; a socket directory is this host's.
				for kv := range strings.SplitSeq(q, "&") {
					k, v, _ := strings.Cut(kv, "=")
					if u, err := url.QueryUnescape(v); err == nil && (k == "host" || k == "hostaddr") {
						remote = remote || !pgLocal(u)
					} else if err != nil {
						remote = true
					}
				}
			}
		case n == "psql" && strings.Contains(w.Text, "="):
			// A conninfo: "host=db hostaddr=10.0.0.5", "host = db".
			remote = remote || !conninfoLocal(w.Text)
		case n == "mongosh" || n == "mongo":
			if h, _, _ := strings.Cut(w.Text, "/"); strings.Contains(h, ".") || strings.Contains(h, ":") {
				remote = remote || !localHost(h)
			}
		}
	}
	if !remote {
		return "", false
	}
	for _, s := range stmts {
		if !s.Literal {
			return c.Name() + " " + shorten(s.Text) + ": a statement only known at run time, for a database on another host, may write there", false
		}
		if writes(s.Text) {
			return c.Name() + " " + shorten(s.Text) + " writes to a database on another host", false
		}
	}
	return "", false
}

// conninfoLocal says whether libpq's conninfo string s (keyword = value
// pairs, a value maybe single-quoted with \' and \\ escapes) names only
// this host in its host and hostaddr keywords: none, a Unix socket's
// directory, or a name or address of this host.
func conninfoLocal(s string) bool {
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	for {
		skip()
		if i >= len(s) {
			return true
		}
		j := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
			i++
		}
		key := s[j:i]
		skip()
		if i >= len(s) || s[i] != '=' {
			return false // not one libpq reads: unsure
		}
		i++
		skip()
		var v strings.Builder
		if i < len(s) && s[i] == '\'' {
			for i++; i < len(s) && s[i] != '\''; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				v.WriteByte(s[i])
			}
			if i >= len(s) {
				return false
			}
			i++
		} else {
			for ; i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				v.WriteByte(s[i])
			}
		}
		if (key == "host" || key == "hostaddr") && !pgLocal(v.String()) {
			return false
		}
	}
}

// pgLocal says whether libpq's host or hostaddr value h, a list split by
// commas, names only this host: a Unix socket's directory (/…, or @… for
// an abstract one), an empty entry (the default socket) or a name or
// address of this host.
func pgLocal(h string) bool {
	for e := range strings.SplitSeq(h, ",") {
		if e != "" && !strings.HasPrefix(e, "/") && !strings.HasPrefix(e, "@") && !localHost(e) {
			return false
		}
	}
	return true
}

// dbHost returns the host of a database URI (scheme://[user[:pw]@]host[:port][/db])
// or of a host word, without its port.
func dbHost(t string) string {
	if _, rest, ok := strings.Cut(t, "://"); ok {
		t = rest
	}
	if i := strings.IndexAny(t, "/?"); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndexByte(t, '@'); i >= 0 {
		t = t[i+1:]
	}
	if h, _, ok := strings.Cut(t, ","); ok { // mongodb://a,b
		t = h
	}
	return t
}

// sqlWriteWords start the SQL statements that change data or schema.
var sqlWriteWords = lazy[*regexp.Regexp]{build: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[;(\s])(drop|truncate|delete|update|insert|alter|create|grant|revoke|replace|merge|rename|copy|vacuum|reindex|cluster)\s`)
}}

func sqlWrites(t string) bool { return sqlWriteWords.get().MatchString(t + " ") }

// redisWriteCommands are redis commands that delete or change a server's
// data or settings.
var redisWriteCommands = []string{"FLUSHALL", "FLUSHDB", "SHUTDOWN", "CONFIG", "DEL", "UNLINK", "RENAME", "RENAMENX", "SWAPDB",
	"DEBUG", "ACL", "REPLICAOF", "SLAVEOF", "MIGRATE", "SCRIPT", "FUNCTION", "EVAL", "EVALSHA", "FCALL", "MODULE", "SET", "MSET",
	"HSET", "HDEL", "LPUSH", "RPUSH", "SADD", "SREM", "ZADD", "ZREM", "EXPIRE", "PERSIST", "RESTORE", "XADD", "XDEL", "GETDEL"}

func redisWrites(t string) bool {
	f := strings.Fields(t)
	return len(f) > 0 && slices.Contains(redisWriteCommands, strings.ToUpper(f[0]))
}

// mongoWriteCalls are mongo shell calls that delete or change data.
var mongoWriteCalls = lazy[*regexp.Regexp]{build: func() *regexp.Regexp {
	return regexp.MustCompile(`\b(drop\w*|delete\w*|remove|update\w*|insert\w*|replaceOne|findOneAnd\w+|bulkWrite|renameCollection|createUser|updateUser|grantRolesToUser|adminCommand|runCommand)\s*\(`)
}}

func mongoWrites(t string) bool { return mongoWriteCalls.get().MatchString(t) }

// checkCacheCleanup: what "free disk space" runs: a package manager's
// cache or store emptied (go clean -cache, -modcache, -fuzzcache; npm
// cache clean, yarn cache clean, pnpm store prune, pip cache purge and
// remove, uv cache clean and prune, poetry cache clear, conda clean, brew
// cleanup, gem cleanup), and a container engine's images, containers,
// volumes and build cache pruned, its volumes removed or its storage reset
// (docker system prune, docker volume rm, podman system reset, compose
// down -v), a conda environment removed, the system's package cache
// emptied (apt-get clean) and its logs vacuumed (journalctl
// --vacuum-size). They delete outside the project root, by names of their own;
// so do docker rm and rmi of what is only known at run time (docker rmi $(docker
// images -q)), buildah rm --all and prune, nix-collect-garbage, nix store
// gc, nix-store --gc, and cargo-cache's cleaning (cargo cache -a). Asked for help
// or a dry run (-h, --help, -n, --dry-run), they only print.
func checkCacheCleanup(c SimpleCommand, _ PathEnv) (string, bool) {
	c, n := asPip(c)
	switch n {
	case "go", "npm", "yarn", "pnpm", "pip", "pip3", "uv", "poetry", "conda", "mamba", "micromamba", "brew", "gem", "docker", "podman", "nerdctl",
		"buildah", "nix", "nix-store", "nix-collect-garbage", "cargo", "docker-compose", "podman-compose",
		"apt", "apt-get", "dnf", "yum", "zypper", "journalctl":
	default:
		return "", false
	}
	args := c.Args()
	if n != "nix-collect-garbage" && (len(args) < 2 || args[1].Literal && !slices.ContainsFunc(args[1:], func(w Word) bool {
		return w.Literal && slices.Contains([]string{"clean", "cache", "store", "cleanup", "prune", "volume", "reset", "rm", "rmi", "gc", "--gc", "down", "autoclean", "env"}, w.Text) ||
			n == "journalctl" && w.Literal && (strings.HasPrefix(w.Text, "--vacuum-") || w.Text == "--rotate")
	})) {
		return "", false // go build, docker ps: its subcommand words are not worth reading
	}
	has := func(names ...string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && slices.Contains(names, w.Text) })
	}
	if has("-h", "--help", "--dry-run") || has("-n") && !slices.Contains([]string{"conda", "mamba", "micromamba"}, n) { // (conda's -n names an environment)
		return "", false // go clean -n -cache, conda clean --dry-run, docker system prune --help
	}
	if n == "nix-collect-garbage" {
		return "nix-collect-garbage deletes what no root holds in the Nix store, outside the project", false
	}
	m := subcommandCase{ops: subcommandWords(c), unknown: -1}
	op := m.is
	what, words := "", 2
	switch n {
	case "go":
		if op(0, "clean") && slices.ContainsFunc(args[1:], func(w Word) bool {
			return slices.Contains([]string{"cache", "modcache", "fuzzcache"}, strings.TrimLeft(w.Text, "-"))
		}) {
			what, words = "empties the Go build or module cache, outside the project", 1
		}
	case "npm", "yarn":
		if op(0, "cache") && op(1, "clean", "clear", "rm") {
			what = "empties the package cache, outside the project"
		}
	case "pnpm":
		if op(0, "store") && op(1, "prune") {
			what = "prunes the package store, outside the project"
		}
	case "pip", "pip3":
		if op(0, "cache") && op(1, "purge", "remove") {
			what = "empties pip's cache, outside the project"
		}
	case "uv", "poetry":
		if op(0, "cache") && op(1, "clean", "clear", "prune") {
			what = "empties the package cache, outside the project"
		}
	case "conda", "mamba", "micromamba":
		switch {
		case op(0, "clean"):
			what, words = "removes packages and caches of the installation, outside the project", 1
		case op(0, "env") && op(1, "remove"):
			what = "deletes an environment and what is installed in it, outside the project"
		}
	case "apt", "apt-get", "dnf", "yum", "zypper":
		if op(0, "clean", "autoclean") {
			what, words = "empties the system's package cache, outside the project", 1
		}
	case "journalctl":
		return c.Name() + " deletes or rotates the system's logs, outside the project", false
	case "brew", "gem":
		if op(0, "cleanup") {
			what, words = "removes installed versions and caches, outside the project", 1
		}
	case "docker", "podman", "nerdctl":
		switch {
		case op(0, "system", "image", "container", "volume", "network", "builder", "buildx") && op(1, "prune"):
			what = "deletes images, containers, volumes or build cache the engine keeps, outside the project"
		case op(0, "volume") && op(1, "rm", "remove"):
			what = "deletes volumes and the data they keep, outside the project"
		case op(0, "system") && op(1, "reset"):
			what = "deletes all images, containers, volumes and networks the engine keeps, outside the project"
		case op(0, "compose") && has("down") && has("-v", "--volumes"): // (compose -f x.yml down: -f's value is no subcommand)
			what, words = composeDownVolumes, 1
		case op(0, "rm", "rmi") && unknownOp(m.ops[1:]), op(0, "container", "image") && op(1, "rm", "remove") && unknownOp(m.ops[2:]):
			// docker rmi $(docker images -q): all of them; docker rm
			// -f x, a container of the project's by name, passes.
			what = "deletes containers or images only known at run time (all of them, by $(docker ps -aq)), outside the project"
		}
	case "docker-compose", "podman-compose":
		if has("down") && has("-v", "--volumes") {
			what, words = composeDownVolumes, 1
		}
	case "buildah":
		switch {
		case op(0, "rm", "rmi") && (has("-a", "--all") || unknownOp(m.ops[1:])):
			what = "deletes all working containers or images the engine keeps, outside the project"
		case op(0, "prune"):
			what = "deletes the build cache and images the engine keeps, outside the project"
		}
	case "nix":
		if op(0, "store") && op(1, "gc") {
			what = "deletes what no root holds in the Nix store, outside the project"
		}
	case "nix-store":
		if has("--gc") && !has("--print-roots", "--print-live", "--print-dead") {
			return "nix-store --gc deletes what no root holds in the Nix store, outside the project", false
		}
	case "cargo":
		if op(0, "cache") && (has("-a", "--autoclean", "-e", "--autoclean-expensive", "-r", "--remove-dir", "-k", "--keep-duplicate-crates") || op(1, "trim", "clean-unref")) {
			what = "(cargo-cache) removes what the registry and git caches keep, outside the project"
		}
	}
	if what == "" {
		return "", false
	}
	return m.reason(c.Name(), words, what), false
}

// unknownOp reports whether one of ops is only known at run time.
func unknownOp(ops []Word) bool {
	return slices.ContainsFunc(ops, func(w Word) bool { return !w.Literal })
}

// checkCloudChange: a cluster's resources created, changed or deleted
// (kubectl apply, delete, patch, scale; helm install, upgrade,
// uninstall), infrastructure applied or destroyed and the state that
// tracks it rewritten (terraform and tofu apply, destroy, import, state
// rm; pulumi up, destroy), and a cloud's resources deleted (aws s3 rm, aws
// s3 sync --delete, aws ec2 terminate-instances, gcloud … delete, az …
// delete), and an app deployed to production, changed or destroyed
// there (fly deploy, vercel --prod, netlify deploy --prod, firebase
// deploy, heroku config:set), an Ansible play or module run on the hosts
// of its inventory, gsutil rm and rclone sync, delete, purge. A dry run (--dry-run, kubectl's --dry-run=client or server)
// changes nothing. Reads (kubectl get, terraform plan, aws … describe-*)
// and uploads are left alone.
func checkCloudChange(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	switch n {
	case "kubectl", "oc", "kubecolor", "helm", "terraform", "tofu", "terragrunt", "pulumi", "aws", "gcloud", "az",
		"fly", "flyctl", "vercel", "netlify", "firebase", "heroku", "ansible", "ansible-playbook", "gsutil", "rclone":
	default:
		return "", false
	}
	args := c.Args()
	if slices.ContainsFunc(args[1:], func(w Word) bool {
		return w.Literal && (w.Text == "--dry-run" || strings.HasPrefix(w.Text, "--dry-run=") && w.Text != "--dry-run=none")
	}) {
		return "", false
	}
	m := subcommandCase{ops: subcommandWords(c), unknown: -1}
	op := m.is
	has := func(name string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool { return w.Literal && w.Text == name })
	}
	what, words := "", 1
	switch n {
	case "kubectl", "oc", "kubecolor":
		switch {
		case op(0, "apply", "create", "delete", "replace", "patch", "scale", "edit", "label", "annotate", "drain", "cordon",
			"uncordon", "taint", "autoscale", "expose", "run", "set"):
			what = "changes or deletes the cluster's resources"
		case op(0, "rollout") && op(1, "restart", "undo", "pause", "resume"):
			what, words = "restarts or rolls back the cluster's workloads", 2
		}
	case "helm":
		if op(0, "install", "upgrade", "uninstall", "delete", "del", "un", "rollback") {
			what = "changes or deletes a release on the cluster"
		}
	case "terraform", "tofu", "terragrunt":
		switch {
		case op(0, "apply", "destroy", "import", "taint", "untaint", "force-unlock", "run-all"):
			what = "changes or destroys the infrastructure, or the state that tracks it"
		case op(0, "state") && op(1, "rm", "mv", "push", "replace-provider"):
			what, words = "rewrites the state that tracks the infrastructure", 2
		}
	case "pulumi":
		switch {
		case op(0, "up", "update", "destroy", "import", "cancel"):
			what = "changes or destroys the infrastructure"
		case op(0, "state") && op(1, "delete", "unprotect", "rename", "move", "edit"),
			op(0, "stack") && op(1, "rm"):
			what, words = "rewrites the state that tracks the infrastructure", 2
		}
	case "aws":
		switch {
		case awsLocalEndpoint(args[1:]):
			// LocalStack's or MinIO's on this host: nothing in the cloud.
		case op(0, "s3") && op(1, "rm", "mv", "rb"),
			op(0, "s3") && op(1, "sync") && has("--delete"):
			what, words = "deletes objects or buckets in the cloud", 2
		case len(m.ops) > 1 && m.ops[1].Literal && (strings.HasPrefix(m.ops[1].Text, "delete-") || strings.HasPrefix(m.ops[1].Text, "terminate-") ||
			strings.HasPrefix(m.ops[1].Text, "remove-") || strings.HasPrefix(m.ops[1].Text, "deregister-")):
			m.unknown = -1
			what, words = "deletes resources in the cloud", 2
		}
	case "fly", "flyctl":
		switch {
		case op(0, "destroy"), op(0, "deploy") && !has("--build-only"): // --build-only builds the image, deploying nothing
			what = "deploys or destroys an app in production"
		case op(0, "apps", "secrets", "scale") && op(1, "destroy", "set", "unset", "count", "import"):
			what, words = "changes or destroys an app in production", 2
		}
	case "vercel":
		// vercel build --prod builds here with production's settings, for
		// a later vercel deploy --prebuilt --prod.
		if has("--prod") && !op(0, "build") || op(0, "remove", "rm", "promote", "rollback") {
			what = "deploys, promotes or removes a deployment in production"
		}
	case "netlify":
		if op(0, "deploy") && has("--prod") {
			what = "deploys to production"
		}
	case "firebase":
		if op(0, "deploy", "hosting:disable", "database:remove", "firestore:delete", "functions:delete") {
			what = "deploys or deletes in production"
		}
	case "heroku":
		if op(0, "config:set", "config:unset", "config:add", "config:remove", "apps:destroy", "destroy", "releases:rollback", "rollback",
			"ps:scale", "scale", "pg:reset", "maintenance:on") {
			what = "changes or destroys an app in production"
		}
	case "ansible-playbook", "ansible":
		// What its tasks or module do, on the hosts of its inventory
		// (this one, or production's); a check, a syntax check or a
		// listing changes nothing.
		if !has("--check") && !has("-C") && !has("--syntax-check") && !has("--list-hosts") && !has("--list-tasks") && !has("--list-tags") &&
			(n == "ansible-playbook" && len(args) > 1 || has("-a") || slices.ContainsFunc(args[1:], func(w Word) bool {
				return strings.HasPrefix(w.Text, "--args")
			}) || ansibleModule(args) != "" && ansibleModule(args) != "ping" && ansibleModule(args) != "setup") {
			what, words = "runs tasks that change the hosts of its inventory, this one or others", 0
		}
	case "gsutil":
		if op(0, "rm", "rb", "mv") || op(0, "rsync") && has("-d") {
			what = "deletes objects or buckets in the cloud"
		}
	case "rclone":
		if op(0, "sync", "delete", "deletefile", "purge", "rmdir", "rmdirs", "move", "moveto", "cleanup", "dedupe") {
			what = "deletes or overwrites files on a remote, or wherever its destination lies"
		}
	case "gcloud", "az":
		// The verb follows a group path of any depth (gcloud compute
		// instances delete); a resource named so asks too.
		for k, w := range m.ops {
			if w.Literal && (w.Text == "delete" || w.Text == "purge") {
				what, words = "deletes resources in the cloud", k+1
				break
			}
		}
	}
	if what == "" {
		return "", false
	}
	return m.reason(c.Name(), words, what), false
}

// ansibleModule returns the module ansible's arguments name (-m M,
// --module-name M or =M), "" for none; a module only known at run time is
// "?".
func ansibleModule(args []Word) string {
	for i, w := range args {
		switch v, ok := strings.CutPrefix(w.Text, "--module-name="); {
		case i == 0:
		case ok:
			return cmp.Or(v, "?")
		case (w.Text == "-m" || w.Text == "--module-name") && i+1 < len(args):
			if !args[i+1].Literal {
				return "?"
			}
			return cmp.Or(args[i+1].Text, "?")
		}
	}
	return ""
}

// awsLocalEndpoint says whether the aws CLI's arguments send its requests
// to a service on this host (--endpoint-url http://localhost:4566), by a
// URL known before the run.
func awsLocalEndpoint(args []Word) bool {
	for i, w := range args {
		switch {
		case !w.Literal:
		case w.Text == "--endpoint-url" && i+1 < len(args) && args[i+1].Literal:
			return httpRequest{urls: []string{args[i+1].Text}}.local()
		case strings.HasPrefix(w.Text, "--endpoint-url="):
			return httpRequest{urls: []string{strings.TrimPrefix(w.Text, "--endpoint-url=")}}.local()
		}
	}
	return false
}

// ghAPIMerge says whether the arguments of gh or glab (api ENDPOINT …)
// make a request other than a GET to the endpoint that merges a pull or
// merge request (GitHub's repos/O/R/pulls/N/merge, GitLab's
// projects/ID/merge_requests/IID/merge): what gh pr merge does.
func ghAPIMerge(args []Word) bool {
	method, ep, ok := ghAPIRequest(args)
	if !ok || !ep.Literal || method == "GET" || method == "HEAD" {
		return false
	}
	e, _, _ := strings.Cut(strings.Trim(ep.Text, "/"), "?")
	parts := strings.Split(e, "/")
	n := len(parts)
	return n >= 5 && parts[n-1] == "merge" && (parts[0] == "repos" && parts[n-3] == "pulls" || parts[0] == "projects" && parts[n-3] == "merge_requests")
}

// ghGraphQLChange returns what a request of gh or glab (api graphql …)
// does when its query is a mutation that does what one of
// checkForgeChange's commands does (deleteRepository as gh repo delete,
// mergePullRequest as gh pr merge), or may be one: a query read from a
// file (-F query=@q.graphql; -f sends the text as written) or from
// --input, whose text the engine cannot see. (A query only known at run time asks as a push: ghAPIPush.) ""
// otherwise.
func ghGraphQLChange(args []Word) string {
	_, ep, ok := ghAPIRequest(args)
	if !ok || !ep.Literal || strings.Trim(ep.Text, "/") != "graphql" {
		return ""
	}
	for i, w := range args {
		if !w.Literal {
			continue
		}
		if ghFieldFromFile(args, i) || w.Text == "--input" || strings.HasPrefix(w.Text, "--input=") {
			return "sends a query read from a file, which may be a mutation that deletes, merges or changes the repository on the remote"
		}
		if !strings.Contains(w.Text, "mutation") {
			continue
		}
		for _, m := range ghGraphQLMutations {
			if strings.Contains(w.Text, m.name) {
				return m.does
			}
		}
	}
	return ""
}

// ghFieldFromFile says whether args[i] is a typed field (-F, --field)
// whose value gh reads from a file: KEY=@FILE after -F or --field, or
// attached to them (-FKEY=@FILE, --field=KEY=@FILE, as pflag takes them).
func ghFieldFromFile(args []Word, i int) bool {
	t := args[i].Text
	switch {
	case i > 0 && (args[i-1].Text == "-F" || args[i-1].Text == "--field"):
	case strings.HasPrefix(t, "--field="):
		t = t[len("--field="):]
	case strings.HasPrefix(t, "-F") && len(t) > 2:
		t = t[2:]
	default:
		return false
	}
	_, v, ok := strings.Cut(t, "=")
	return ok && strings.HasPrefix(v, "@")
}

// ghGraphQLMutations are the GitHub GraphQL mutations that do what a
// command checkForgeChange asks before does.
var ghGraphQLMutations = []struct{ name, does string }{
	{"mergePullRequest", "merges into the base branch on the remote, as gh pr merge does"},
	{"enablePullRequestAutoMerge", "merges into the base branch on the remote once its checks pass, as gh pr merge --auto does"},
	{"enqueuePullRequest", "merges into the base branch on the remote through the merge queue, as gh pr merge does"},
	{"deleteRepository", "deletes the repository on the remote, as gh repo delete does"},
	{"archiveRepository", "changes the repository on the remote, as gh repo archive does"},
	{"unarchiveRepository", "changes the repository on the remote, as gh repo unarchive does"},
	{"updateRepository", "changes the repository's settings on the remote, as gh repo edit does"},
	{"BranchProtectionRule", "changes who may push to the repository on the remote (its branch protection)"},
	{"RepositoryRuleset", "changes who may push to the repository on the remote (its rulesets)"},
	{"createRelease", "changes a release (and its tag) on the remote"},
	{"updateRelease", "changes a release (and its tag) on the remote"},
	{"deleteRelease", "changes a release (and its tag) on the remote"},
	{"updateEnvironment", "changes the workflows' secrets, variables or runs, or the keys, on the remote"},
	{"deleteEnvironment", "changes the workflows' secrets, variables or runs, or the keys, on the remote"},
}

// ghAPIWorkflowOrKey says whether the arguments of gh or glab (api
// ENDPOINT …) make a request other than a GET to an endpoint of the
// secrets and variables workflows read, of workflow or pipeline runs, or
// of the keys that may push or sign: what gh secret set, gh workflow run,
// glab ci retry and gh ssh-key add do. (An endpoint only known at run
// time asks as a push, ghAPIPush.)
func ghAPIWorkflowOrKey(args []Word) bool {
	method, ep, ok := ghAPIRequest(args)
	if !ok || !ep.Literal || method == "GET" || method == "HEAD" {
		return false
	}
	e := strings.Trim(ep.Text, "/")
	return containsAny(e, []string{"/secrets", "/variables", "/dispatches", "/actions/workflows/", "/actions/runs/", "/actions/jobs/",
		"/pipeline", "/trigger/", "deploy_keys", "gpg_keys", "ssh_signing_keys"}) ||
		e == "keys" || strings.HasPrefix(e, "keys/") || strings.HasSuffix(e, "/keys") || strings.Contains(e, "/keys/")
}

// ghAPIRepoSettings says whether the arguments of gh or glab (api
// ENDPOINT …) make a request other than a GET to a repository itself
// (GitHub's repos/OWNER/REPO, GitLab's projects/ID: visibility, default
// branch, archived) or to its settings of who may see, push or be told
// (branch protection, rulesets, collaborators or members, webhooks,
// Actions' permissions, a transfer). The issues, pulls and comments
// under it stay out (S22).
func ghAPIRepoSettings(args []Word) bool {
	method, ep, ok := ghAPIRequest(args)
	if !ok || !ep.Literal || method == "GET" || method == "HEAD" {
		return false
	}
	e, _, _ := strings.Cut(strings.Trim(ep.Text, "/"), "?")
	parts := strings.SplitN(e, "/", 4)
	var rest string
	var settings []string
	switch {
	case len(parts) == 3 && parts[0] == "repos", len(parts) == 2 && parts[0] == "projects":
		return true
	case len(parts) == 4 && parts[0] == "repos":
		rest, settings = parts[3], repoSettingsEndpoints
	case len(parts) > 2 && parts[0] == "projects":
		rest, settings = strings.Join(parts[2:], "/"), projectSettingsEndpoints
	default:
		return false
	}
	return strings.HasPrefix(rest, "branches/") && strings.Contains(rest, "/protection") ||
		slices.ContainsFunc(settings, func(p string) bool { return rest == p || strings.HasPrefix(rest, p+"/") })
}

// repoSettingsEndpoints and projectSettingsEndpoints are the endpoints
// under GitHub's repos/OWNER/REPO/ and GitLab's projects/ID/ that change
// who may see, push to or hear from the repository.
var (
	repoSettingsEndpoints = []string{"rulesets", "collaborators", "invitations", "teams", "hooks", "actions/permissions", "environments",
		"pages", "transfer", "vulnerability-alerts", "automated-security-fixes", "private-vulnerability-reporting", "interaction-limits",
		"properties/values"}
	projectSettingsEndpoints = []string{"members", "protected_branches", "protected_tags", "hooks", "share", "transfer"}
)

// subcommandRow is a program, the subcommand words that make it a danger
// (in order, each one word: "auth login"), and what it then does, for a
// reason that names them. A row whose does is empty is an exception to a
// later, shorter one (aws configure list before aws configure); operand
// asks for one more word after them (rustup default X; rustup default
// alone prints the default); reads are options that make the command
// only print what it would do (pyenv install --list, mise install
// --dry-run), with which the row does not ask.
type subcommandRow struct {
	name, words, does string
	operand           bool
	reads             []string
}

// Options of subcommandRow.reads.
var (
	listOptions   = []string{"--list", "-l", "--list-all", "-L"}
	dryRunOptions = []string{"-n", "--dry-run", "--dry-run-code"}
)

// composeDownVolumes is what compose down -v does: the named volumes
// hold a database's or a cache's data, kept by the engine, not in the
// project.
const composeDownVolumes = "deletes the volumes of the project's containers and the data they keep, outside the project"

// gpgKeyringChanges are gpg's commands that add, make, remove or
// re-trust keys of the user's keyring.
var gpgKeyringChanges = []string{"--import", "--recv-keys", "--receive-keys", "--recv-key", "--fetch-keys", "--refresh-keys",
	"--gen-key", "--generate-key", "--full-gen-key", "--full-generate-key", "--quick-gen-key", "--quick-generate-key", "--quick-add-key",
	"--quick-add-uid", "--delete-keys", "--delete-key", "--edit-key", "--sign-key", "--lsign-key", "--quick-sign-key", "--quick-lsign-key",
	"--import-ownertrust", "--passwd", "--change-passphrase", "--quick-set-expire", "--quick-revoke-uid", "--gen-revoke"}

// Phrases of credentialRows and toolVersionRows.
const (
	storesCredential   = "stores a credential outside the project, which every later run of the program uses"
	removesCredential  = "removes a credential kept outside the project, which every later run of the program used"
	printsCredential   = "prints a credential kept outside the project"
	createsCredential  = "creates a credential and prints it"
	installsToolchain  = "installs or removes a toolchain for the user, outside the project"
	changesToolDefault = "changes the version every later run outside the project gets"
)

// credentialRows: logins, tokens and keys a program keeps for the user
// (gh auth login, docker login, aws configure), removed (logout) or
// printed (gh auth token): the secret lives outside the project, and a
// printed one is read by whoever reads the command's output.
var credentialRows = [...]subcommandRow{
	{name: "gh", words: "auth login", does: storesCredential},
	{name: "gh", words: "auth refresh", does: storesCredential},
	{name: "gh", words: "auth switch", does: storesCredential},
	{name: "gh", words: "auth setup-git", does: "makes every later git push with gh's credential"},
	{name: "gh", words: "auth logout", does: removesCredential},
	{name: "gh", words: "auth token", does: printsCredential},
	{name: "glab", words: "auth login", does: storesCredential},
	{name: "glab", words: "auth logout", does: removesCredential},
	{name: "npm", words: "token create", does: createsCredential},
	{name: "npm", words: "token revoke", does: "revokes a credential on the registry"},
	{name: "yarn", words: "npm login", does: storesCredential},
	{name: "yarn", words: "npm logout", does: removesCredential},
	{name: "cargo", words: "login", does: storesCredential},
	{name: "cargo", words: "logout", does: removesCredential},
	{name: "helm", words: "registry login", does: storesCredential},
	{name: "helm", words: "registry logout", does: removesCredential},
	{name: "gcloud", words: "auth login", does: storesCredential},
	{name: "gcloud", words: "auth activate-service-account", does: storesCredential},
	{name: "gcloud", words: "auth application-default login", does: storesCredential},
	{name: "gcloud", words: "auth revoke", does: removesCredential},
	{name: "gcloud", words: "auth application-default revoke", does: removesCredential},
	{name: "gcloud", words: "auth print-access-token", does: printsCredential},
	{name: "gcloud", words: "auth print-identity-token", does: printsCredential},
	{name: "gcloud", words: "auth application-default print-access-token", does: printsCredential},
	{name: "aws", words: "configure list"},
	{name: "aws", words: "configure list-profiles"},
	{name: "aws", words: "configure export-credentials", does: printsCredential},
	{name: "aws", words: "configure", does: storesCredential},
	{name: "aws", words: "sso login", does: storesCredential},
	{name: "aws", words: "sso logout", does: removesCredential},
	{name: "aws", words: "ecr get-login-password", does: printsCredential},
	{name: "az", words: "login", does: storesCredential},
	{name: "az", words: "logout", does: removesCredential},
	{name: "az", words: "account get-access-token", does: printsCredential},
	{name: "heroku", words: "login", does: storesCredential},
	{name: "heroku", words: "auth:login", does: storesCredential},
	{name: "heroku", words: "logout", does: removesCredential},
	{name: "heroku", words: "auth:logout", does: removesCredential},
	{name: "heroku", words: "auth:token", does: printsCredential},
	{name: "vault", words: "login", does: storesCredential},
	{name: "vault", words: "token create", does: createsCredential},
	{name: "kubectl", words: "config set-credentials", does: storesCredential},
	// Temporary keys made from the user's own, and secrets read out
	// of a secrets manager: printed, as gcloud auth print-access-token
	// prints its token.
	{name: "aws", words: "sts get-session-token", does: createsCredential},
	{name: "aws", words: "sts assume-role", does: createsCredential},
	{name: "aws", words: "sts get-federation-token", does: createsCredential},
	{name: "aws", words: "secretsmanager get-secret-value", does: printsCredential},
	{name: "gcloud", words: "secrets versions access", does: printsCredential},
	{name: "az", words: "keyvault secret show", does: printsCredential},
	{name: "vault", words: "kv get", does: printsCredential},
	{name: "vault", words: "read", does: printsCredential},
	{name: "op", words: "read", does: printsCredential},
	{name: "doppler", words: "secrets", does: printsCredential},
	{name: "aws", words: "ssm get-parameter", does: printsCredential},
	{name: "aws", words: "ssm get-parameters", does: printsCredential},
	{name: "aws", words: "ssm get-parameters-by-path", does: printsCredential},
	{name: "aws-vault", words: "export", does: printsCredential},
	{name: "infisical", words: "secrets", does: printsCredential},
	{name: "infisical", words: "export", does: printsCredential},
	{name: "chamber", words: "read", does: printsCredential},
	{name: "chamber", words: "export", does: printsCredential},
	{name: "kubectl", words: "get secret", does: printsCredential},
	{name: "kubectl", words: "get secrets", does: printsCredential},
	{name: "fly", words: "auth token", does: printsCredential},
	{name: "flyctl", words: "auth token", does: printsCredential},
	// Keys made for the user's own identity in a cloud.
	{name: "aws", words: "iam create-access-key", does: createsCredential},
	{name: "gcloud", words: "iam service-accounts keys create", does: createsCredential},
	{name: "az", words: "ad sp credential reset", does: createsCredential},
	{name: "az", words: "ad sp create-for-rbac", does: createsCredential},
	// Password managers' command lines: a password or the whole vault
	// printed, or the session key that unlocks it.
	{name: "gopass", words: "show", does: printsCredential},
	{name: "gopass", words: "cat", does: printsCredential},
	{name: "gopass", words: "otp", does: printsCredential},
	{name: "bw", words: "get", does: printsCredential},
	{name: "bw", words: "export", does: printsCredential},
	{name: "bw", words: "unlock", does: printsCredential},
	{name: "lpass", words: "show", does: printsCredential},
	{name: "lpass", words: "export", does: printsCredential},
	{name: "rbw", words: "get", does: printsCredential},
	{name: "rbw", words: "code", does: printsCredential},
	// The user's own stores of secrets: the macOS keychain, the
	// freedesktop secret service, the kernel's keyrings.
	{name: "security", words: "find-generic-password", does: printsCredential},
	{name: "security", words: "find-internet-password", does: printsCredential},
	{name: "security", words: "dump-keychain", does: printsCredential},
	{name: "security", words: "export", does: printsCredential},
	{name: "security", words: "add-generic-password", does: storesCredential},
	{name: "security", words: "add-internet-password", does: storesCredential},
	{name: "security", words: "delete-generic-password", does: removesCredential},
	{name: "security", words: "delete-internet-password", does: removesCredential},
	{name: "secret-tool", words: "lookup", does: printsCredential},
	{name: "secret-tool", words: "search", does: printsCredential},
	{name: "secret-tool", words: "store", does: storesCredential},
	{name: "secret-tool", words: "clear", does: removesCredential},
	// keyctl's, npm's and pnpm's, and the container tools' logins.
	{name: "keyctl", words: "print", does: printsCredential},
	{name: "keyctl", words: "pipe", does: printsCredential},
	{name: "keyctl", words: "read", does: printsCredential},
	{name: "keyctl", words: "add", does: storesCredential},
	{name: "keyctl", words: "padd", does: storesCredential},
	{name: "keyctl", words: "update", does: storesCredential},
	{name: "keyctl", words: "pupdate", does: storesCredential},
	{name: "keyctl", words: "unlink", does: removesCredential},
	{name: "keyctl", words: "revoke", does: removesCredential},
	{name: "keyctl", words: "clear", does: removesCredential},
	{name: "keyctl", words: "invalidate", does: removesCredential},
	{name: "keyctl", words: "purge", does: removesCredential},
	{name: "npm", words: "login", does: storesCredential},
	{name: "npm", words: "adduser", does: storesCredential},
	{name: "npm", words: "add-user", does: storesCredential},
	{name: "npm", words: "logout", does: removesCredential},
	{name: "pnpm", words: "login", does: storesCredential},
	{name: "pnpm", words: "adduser", does: storesCredential},
	{name: "pnpm", words: "add-user", does: storesCredential},
	{name: "pnpm", words: "logout", does: removesCredential},
	{name: "docker", words: "login", does: storesCredential},
	{name: "docker", words: "logout", does: removesCredential},
	{name: "podman", words: "login", does: storesCredential},
	{name: "podman", words: "logout", does: removesCredential},
	{name: "nerdctl", words: "login", does: storesCredential},
	{name: "nerdctl", words: "logout", does: removesCredential},
	{name: "buildah", words: "login", does: storesCredential},
	{name: "buildah", words: "logout", does: removesCredential},
	{name: "skopeo", words: "login", does: storesCredential},
	{name: "skopeo", words: "logout", does: removesCredential},
}

// toolVersionRows: tool-version managers that install or remove a
// toolchain for the user, or change the version every later run
// outside the project gets (rustup default, pyenv global); choosing one
// for the project (pyenv local, volta pin, mise use) is not here.
var toolVersionRows = [...]subcommandRow{
	{name: "rustup", words: "default", does: changesToolDefault, operand: true},
	{name: "rustup", words: "self uninstall", does: "removes rustup and every toolchain of the user"},
	{name: "rustup", words: "self update", does: installsToolchain},
	{name: "rustup", words: "update", does: installsToolchain},
	{name: "rustup", words: "install", does: installsToolchain},
	{name: "rustup", words: "uninstall", does: installsToolchain},
	{name: "rustup", words: "toolchain install", does: installsToolchain},
	{name: "rustup", words: "toolchain add", does: installsToolchain},
	{name: "rustup", words: "toolchain uninstall", does: installsToolchain},
	{name: "rustup", words: "toolchain remove", does: installsToolchain},
	{name: "rustup", words: "toolchain link", does: installsToolchain},
	{name: "nvm", words: "alias default", does: changesToolDefault, operand: true},
	{name: "asdf", words: "global", does: changesToolDefault, operand: true},
	{name: "asdf", words: "plugin add", does: installsToolchain},
	{name: "asdf", words: "plugin remove", does: installsToolchain},
	{name: "mise", words: "i", does: installsToolchain, reads: dryRunOptions},
	{name: "mise", words: "upgrade", does: installsToolchain},
	{name: "mise", words: "self-update", does: installsToolchain},
	{name: "volta", words: "setup", does: "adds volta to the shell's start-up files, for every later shell"},
	{name: "corepack", words: "enable", does: "changes the yarn and pnpm every later run outside the project gets"},
	{name: "corepack", words: "disable", does: "changes the yarn and pnpm every later run outside the project gets"},
	{name: "sdk", words: "default", does: changesToolDefault, operand: true},
	{name: "sdk", words: "d", does: changesToolDefault, operand: true},
	{name: "sdk", words: "i", does: installsToolchain},
	{name: "sdk", words: "rm", does: installsToolchain},
	// The managers' install, uninstall and global.
	{name: "nvm", words: "install", does: installsToolchain},
	{name: "nvm", words: "uninstall", does: installsToolchain},
	{name: "asdf", words: "install", does: installsToolchain},
	{name: "asdf", words: "uninstall", does: installsToolchain},
	{name: "mise", words: "install", does: installsToolchain, reads: dryRunOptions},
	{name: "mise", words: "uninstall", does: installsToolchain, reads: dryRunOptions},
	{name: "volta", words: "install", does: installsToolchain},
	{name: "volta", words: "uninstall", does: installsToolchain},
	{name: "sdk", words: "install", does: installsToolchain},
	{name: "sdk", words: "uninstall", does: installsToolchain},
	{name: "pyenv", words: "install", does: installsToolchain, reads: listOptions},
	{name: "pyenv", words: "uninstall", does: installsToolchain},
	{name: "rbenv", words: "install", does: installsToolchain, reads: listOptions},
	{name: "rbenv", words: "uninstall", does: installsToolchain},
	{name: "goenv", words: "install", does: installsToolchain, reads: listOptions},
	{name: "goenv", words: "uninstall", does: installsToolchain},
	{name: "nodenv", words: "install", does: installsToolchain, reads: listOptions},
	{name: "nodenv", words: "uninstall", does: installsToolchain},
	{name: "jenv", words: "install", does: installsToolchain},
	{name: "jenv", words: "uninstall", does: installsToolchain},
	{name: "pyenv", words: "global", does: changesToolDefault, operand: true},
	{name: "rbenv", words: "global", does: changesToolDefault, operand: true},
	{name: "goenv", words: "global", does: changesToolDefault, operand: true},
	{name: "nodenv", words: "global", does: changesToolDefault, operand: true},
	{name: "jenv", words: "global", does: changesToolDefault, operand: true},
}

// subcommandWords returns c's words after its name that are not
// options, the value of an option that takes one skipped (aws --profile
// dev sso login, gh -R o/r secret set, npm -w pkg publish) and so a
// toolchain (cargo +nightly publish): its subcommands and operands. A
// word only known at run time is kept, as it may be any of them.
func subcommandWords(c SimpleCommand) []Word {
	return subcommandArgs(lowerName(c), c.Args())
}

// subcommandArgs is subcommandWords for the words args of program name
// (args[0] its own), for a program another runs (python -m twine).
func subcommandArgs(name string, args []Word) []Word {
	if len(args) < 2 {
		return nil
	}
	toolchain := args[1].Literal && strings.HasPrefix(args[1].Text, "+") && (name == "cargo" || name == "rustup")
	if !toolchain && !slices.ContainsFunc(args[1:], func(w Word) bool {
		return w.Literal && strings.HasPrefix(w.Text, "-") || !w.Literal && attachedOption(w.Text)
	}) {
		// No option: the words as they are (git status), not a copy of
		// them for each of a command's checks, capped so that an append
		// copies them.
		return args[1:len(args):len(args)]
	}
	var out []Word
	for i := 1; i < len(args); i++ {
		w := args[i]
		switch {
		case i == 1 && w.Literal && strings.HasPrefix(w.Text, "+") && (name == "cargo" || name == "rustup"):
		case !w.Literal && attachedOption(w.Text):
		case !w.Literal || !strings.HasPrefix(w.Text, "-"):
			out = append(out, w)
		case slices.Contains(commonValuedOptions, w.Text) && !slices.Contains(flagOptions(name), w.Text) || slices.Contains(valuedOptions(name), w.Text):
			i++
		case slices.Contains(twoValuedOptions(name), w.Text):
			i += 2
		}
	}
	return out
}

// subcommandCase matches the subcommand words ops (subcommandWords) of
// a command in a check written as a switch of them (checkForgeChange,
// checkPublish, checkPackageInstall), as matchSubcommand matches rows:
// a word only known at run time where a guarded subcommand would be may
// be that subcommand (gh release "$x" v1, apt-get "$x" jq).
type subcommandCase struct {
	ops []Word
	// unknown is the index of the first word only known at run time
	// that the case being matched stood on, -1 for none.
	unknown int
}

// is says whether ops[k] is one of names or is only known at run time.
// Each case of a switch starts with is(0, …), which forgets what an
// earlier case stood on.
func (m *subcommandCase) is(k int, names ...string) bool {
	if k == 0 {
		m.unknown = -1
	}
	switch {
	case k >= len(m.ops):
		return false
	case !m.ops[k].Literal:
		if m.unknown < 0 {
			m.unknown = k
		}
		return true
	}
	return slices.Contains(names, m.ops[k].Text)
}

// reason returns the reason of the program name for the case that
// matched, which does what: named by its first words subcommand words
// (gh pr merge), or by those up to the one only known at run time,
// which may be one that does what.
func (m *subcommandCase) reason(name string, words int, what string) string {
	if m.unknown >= 0 {
		words = m.unknown + 1
	}
	sub := name
	for _, w := range m.ops[:min(words, len(m.ops))] {
		sub += " " + w.Text
	}
	if m.unknown >= 0 {
		return sub + ": the subcommand is only known at run time and may be one that " + what
	}
	return sub + " " + what
}

// attachedOption reports whether a word only known at run time, of
// source text src, is a long option with its value attached
// (--namespace="$ns"): it expands to that one option, as its expansions
// are all quoted, whatever the value.
func attachedOption(src string) bool {
	t, long := strings.CutPrefix(strings.TrimPrefix(src, `"`), "--")
	name, _, ok := strings.Cut(t, "=")
	if !long || !ok || name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" {
		return false
	}
	quoted := false
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			quoted = !quoted
		case '\'':
			if !quoted {
				return false
			}
		case '$', '`':
			if !quoted {
				return false
			}
		}
	}
	return true
}

// commonValuedOptions take a value wherever they come before a
// subcommand (aws --profile, kubectl -n, git -C).
var commonValuedOptions = []string{"--profile", "--region", "--output", "--endpoint-url", "--project", "--account", "--configuration",
	"--host", "--config", "--context", "--log-level", "--kubeconfig", "--namespace", "--cluster", "--user", "--server",
	"--subscription", "--registry", "--app", "-H", "-n", "-c", "-C", "-l"}

// Options of one program that take a value and may come before its
// subcommand, where another program's same option takes none (pnpm -w
// is --workspace-root). Slices, not a map: a map literal is built when
// the program starts, and package initialisation allocates nothing.
var (
	npmValued  = []string{"-w", "--workspace", "--userconfig", "--prefix"}
	pnpmValued = []string{"-F", "--filter", "--dir"}
	ghValued   = []string{"-R", "--repo", "--hostname"}
	glabValued = []string{"-R", "--repo"}
	pipValued  = []string{"--python", "--proxy", "--retries", "--timeout", "--log", "--cert", "--client-cert", "--cache-dir",
		"--exists-action", "--trusted-host", "--use-feature", "--use-deprecated"}
	uvValued  = []string{"--directory", "--config-file", "--cache-dir", "--color", "--python-preference", "--allow-insecure-host"}
	nixValued = []string{"--extra-experimental-features", "--experimental-features", "--log-format", "--store", "--eval-store",
		"-I", "--include", "-j", "--max-jobs", "--cores", "--builders", "--substituters", "--extra-substituters"}
	nixTwoValued = []string{"--option", "--arg", "--argstr", "--override-input", "--override-flake"}
	aptValued    = []string{"-o", "--option", "-t", "--target-release", "--default-release", "--config-file", "-a", "--host-architecture"}
	dnfValued    = []string{"--setopt", "--repo", "--repoid", "--enablerepo", "--disablerepo", "--releasever", "--installroot",
		"-x", "--exclude", "-d", "--debuglevel", "-e", "--errorlevel", "--forcearch"}
	zypperValued = []string{"-R", "--root", "-D", "--reposd-dir"}
	apkValued    = []string{"-X", "--repository", "-p", "--root", "--arch", "--cache-dir", "--keys-dir", "--repositories-file"}
)

// valuedOptions returns the options of program name that take a value
// and may come before its subcommand, past commonValuedOptions.
func valuedOptions(name string) []string {
	switch name {
	case "npm":
		return npmValued
	case "pnpm":
		return pnpmValued
	case "gh":
		return ghValued
	case "glab":
		return glabValued
	case "pip":
		return pipValued
	case "uv":
		return uvValued
	case "nix":
		return nixValued
	case "apt", "apt-get", "aptitude":
		return aptValued
	case "dnf", "yum":
		return dnfValued
	case "zypper":
		return zypperValued
	case "apk":
		return apkValued
	}
	return nil
}

// twoValuedOptions returns the options of program name that take two
// values (nix --option NAME VALUE).
func twoValuedOptions(name string) []string {
	if name == "nix" {
		return nixTwoValued
	}
	return nil
}

// Options of commonValuedOptions that for one program take no value
// (zypper -n is --non-interactive, uv -n --no-cache, dnf -C
// --cacheonly, port -n and -c, flatpak and systemctl --user): their
// next word is the subcommand.
var (
	nOption    = []string{"-n"}
	cOption    = []string{"-C"}
	ncOption   = []string{"-n", "-c"}
	userOption = []string{"--user"}
)

// flagOptions returns the options of commonValuedOptions that take no
// value for program name.
func flagOptions(name string) []string {
	switch name {
	case "zypper", "uv":
		return nOption
	case "dnf", "yum":
		return cOption
	case "port":
		return ncOption
	case "flatpak", "systemctl":
		return userOption
	}
	return nil
}

// matchSubcommand returns the reason of the first of rows that c's
// name and subcommand words match, "" for none. A word only known at
// run time where a row's subcommand word would be, after the row's
// words before it, may be that word (or an option, the subcommand
// after it): the row may match (gh auth "$x", rustup $s default x,
// npm "$cmd"), as git "$x" is asked for (checkGitUnknown). One after
// a subcommand no row names (gh pr view "$n") is not.
func matchSubcommand(c SimpleCommand, rows []subcommandRow) string {
	n := lowerName(c)
	if !slices.ContainsFunc(rows, func(r subcommandRow) bool { return r.name == n }) {
		return ""
	}
	ops := subcommandWords(c)
	reads := func(r subcommandRow) bool {
		return slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return w.Literal && slices.Contains(r.reads, w.Text) })
	}
	for _, r := range rows {
		if r.name != n {
			continue
		}
		k, rest, unknown := 0, r.words, false
		for rest != "" {
			var w string
			w, rest, _ = strings.Cut(rest, " ")
			if k < len(ops) && !ops[k].Literal {
				unknown = true
				break
			}
			if k >= len(ops) || ops[k].Text != w {
				k = -1
				break
			}
			k++
		}
		switch {
		case unknown:
			// An exception row's words may be what runs, or another
			// row's: only the others say what it may do.
			if r.does == "" || reads(r) {
				continue
			}
			sub := ""
			for _, w := range ops[:k+1] {
				sub += " " + w.Text
			}
			return c.Name() + sub + ": the subcommand is only known at run time and may be one that " + r.does
		case k < 0 || r.operand && k >= len(ops):
			continue
		case r.does == "" || reads(r):
			return ""
		}
		return c.Name() + " " + r.words + " " + r.does
	}
	return ""
}

// checkCredentials: credentialRows, docker's credential helpers (as git
// credential fill), and the reads that print a credential only given an
// option: gh auth status --show-token, kubectl config view --raw (the
// kubeconfig's keys and tokens unredacted).
func checkCredentials(c SimpleCommand, _ PathEnv) (string, bool) {
	if r, ok := awsConfigureKey(c); ok {
		return r, false
	}
	if r := matchSubcommand(c, credentialRows[:]); r != "" {
		return r, false
	}
	if r := passOrKeyCredential(c); r != "" {
		return r, false
	}
	var words string
	var opts []string
	switch n := lowerName(c); {
	case strings.HasPrefix(n, "docker-credential-"):
		// A docker credential helper, given a registry on its input.
		switch ops := operandTexts(c.Args()); {
		case len(ops) > 0 && ops[0] == "get":
			return c.Name() + " get " + printsCredential, false
		case len(ops) > 0 && (ops[0] == "store" || ops[0] == "erase"):
			return c.Name() + " " + ops[0] + " " + storesCredential, false
		}
		return "", false
	case n == "gh" || n == "glab":
		words, opts = "auth status", []string{"--show-token"}
	case n == "kubectl":
		// --flatten embeds the files the keys are in and leaves them
		// unredacted, as --raw does.
		words, opts = "config view", []string{"--raw", "--flatten"}
	default:
		return "", false
	}
	k := slices.IndexFunc(c.Args(), func(w Word) bool {
		// A boolean option of Go's flag packages may be given a value
		// (--raw=true), which only a false one turns off; a word known
		// at run time may be the option.
		return slices.ContainsFunc(opts, func(opt string) bool {
			v, set := strings.CutPrefix(w.Text, opt+"=")
			return w.Literal && (w.Text == opt || opt == "--show-token" && w.Text == "-t" ||
				set && !slices.Contains([]string{"0", "f", "false"}, strings.ToLower(v))) || !w.Literal && strings.Contains(w.Text, opt)
		})
	})
	first, second, _ := strings.Cut(words, " ")
	if ops := subcommandWords(c); k < 0 || len(ops) < 2 || ops[0].Text != first || ops[1].Text != second || !ops[0].Literal || !ops[1].Literal {
		return "", false
	}
	return c.Name() + " " + words + " " + c.Args()[k].Text + " " + printsCredential, false
}

// passOrKeyCredential returns the reason of npm config get of an auth
// setting, of gh and glab config get of a token, of ssh-copy-id, of pass NAME (and show, grep,
// otp, which print a password; insert, edit, rm, which change one), of
// gpg --export-secret-keys (gpg takes any unambiguous abbreviation of a
// long option) and --delete-secret-keys, and of ssh-add, which changes
// the keys the user's agent offers to every later ssh unless it only
// lists (-l, -L) or tests (-T) them. "" for another command.
func passOrKeyCredential(c SimpleCommand) string {
	switch lowerName(c) {
	case "pass":
		// Its options take no separate value (-c, --clip=LINE), so the
		// first other word is the subcommand or a password's name; a
		// name alone shows it.
		i := slices.IndexFunc(c.Args()[1:], func(w Word) bool { return !w.Literal || !strings.HasPrefix(w.Text, "-") })
		if i < 0 {
			if slices.ContainsFunc(c.Args()[1:], func(w Word) bool { return w.Text == "--help" || w.Text == "-h" || w.Text == "--version" }) {
				return "" // prints its usage or version
			}
			if len(c.Args()) > 1 {
				return c.Name() + " " + c.Args()[1].Text + " prints or changes a password the user keeps outside the project"
			}
			return "" // lists the names of the passwords
		}
		op := c.Args()[1+i]
		if op.Literal && slices.Contains([]string{"ls", "list", "find", "search", "help", "version"}, op.Text) {
			return ""
		}
		return c.Name() + " " + op.Text + " prints or changes a password the user keeps outside the project"
	case "gpg", "gpg2":
		// An abbreviation past the shared prefix names one option.
		abbrev := func(t, long string) bool { return len(t) > len("--export-secret") && strings.HasPrefix(long, t) }
		for _, w := range c.Args()[1:] {
			t, _, _ := strings.Cut(w.Text, "=")
			switch {
			case !w.Literal:
			case abbrev(t, "--export-secret-keys") || abbrev(t, "--export-secret-subkeys"):
				return c.Name() + " " + t + " " + printsCredential
			case abbrev(t, "--delete-secret-keys") || abbrev(t, "--delete-secret-and-public-keys"):
				return c.Name() + " " + t + " " + removesCredential
			case slices.Contains(gpgKeyringChanges, t):
				// The keyring in ~/.gnupg decides whose signatures every
				// later verification (git, apt, a release check) trusts.
				return c.Name() + " " + t + " changes the keys or the trust kept in ~/.gnupg, which every later signature check uses"
			}
		}
	case "gh", "glab":
		// The token of a host, kept in the program's own settings file
		// where no keyring holds it: gh config get -h github.com oauth_token.
		ops := subcommandWords(c)
		if len(ops) < 3 || !ops[0].Literal || ops[0].Text != "config" || !ops[1].Literal || ops[1].Text != "get" {
			return ""
		}
		for _, k := range ops[2:] {
			if !k.Literal || strings.Contains(strings.ToLower(k.Text), "token") {
				return c.Name() + " config get " + k.Text + " " + printsCredential
			}
		}
	case "ssh-copy-id":
		return c.Name() + " installs the user's ssh keys on another host, which lets every later ssh in"
	case "npm", "pnpm":
		// npm config get prints an auth setting unredacted, as npm
		// config list does not: //host/:_authToken, _password, _auth.
		ops := subcommandWords(c)
		switch {
		case len(ops) > 1 && ops[0].Literal && ops[0].Text == "get": // npm get KEY
			ops = ops[1:]
		case len(ops) > 2 && ops[0].Literal && (ops[0].Text == "config" || ops[0].Text == "c") && ops[1].Literal && ops[1].Text == "get":
			ops = ops[2:]
		default:
			return ""
		}
		for _, k := range ops {
			l := strings.ToLower(k.Text)
			if !k.Literal || strings.Contains(l, "auth") || strings.Contains(l, "_password") || strings.Contains(l, "token") || strings.HasSuffix(l, "keyfile") {
				return c.Name() + " config get " + k.Text + " " + printsCredential
			}
		}
	case "ssh-add":
		for _, w := range c.Args()[1:] {
			if w.Literal && len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' && strings.ContainsAny(w.Text[1:], "lLT") {
				return ""
			}
		}
		return c.Name() + " changes the keys the user's ssh-agent offers to every later ssh"
	}
	return ""
}

// awsConfigureKey returns the reason of aws configure get NAME, which
// prints one setting of the user's, and of aws configure set NAME
// VALUE, which stores one: a credential for the keys of one
// (aws_secret_access_key, aws_access_key_id, aws_session_token,
// profile.P.aws_secret_access_key), or for a name only known at run
// time; credential_process set names a program every later aws runs
// for its credential; endpoint_url and ca_bundle set send its signed
// requests elsewhere; role_arn, source_profile and the like change as
// whom it acts. "" for another setting (region, output). ok is
// false for another command.
func awsConfigureKey(c SimpleCommand) (reason string, ok bool) {
	ops := subcommandWords(c)
	if lowerName(c) != "aws" || len(ops) < 2 || ops[0].Text != "configure" || !ops[0].Literal || !ops[1].Literal {
		return "", false
	}
	does := ""
	switch ops[1].Text {
	case "get":
		does = printsCredential
	case "set":
		does = storesCredential
	default:
		return "", false
	}
	if len(ops) > 2 {
		key := strings.ToLower(ops[2].Text[strings.LastIndexByte(ops[2].Text, '.')+1:])
		if !ops[2].Literal || slices.Contains([]string{"aws_secret_access_key", "aws_access_key_id", "aws_session_token"}, key) {
			return c.Name() + " configure " + ops[1].Text + " " + ops[2].Text + " " + does, true
		}
		if ops[1].Text == "set" && key == "credential_process" {
			return c.Name() + " configure set " + ops[2].Text + " names a program every later run of aws runs, outside the sandbox, for its credential", true
		}
		if ops[1].Text == "set" && (key == "endpoint_url" || key == "ca_bundle") {
			return c.Name() + " configure set " + ops[2].Text + " sends every later run of aws's requests, signed with the user's credentials, to a server of its choosing", true
		}
		if ops[1].Text == "set" && slices.Contains([]string{"role_arn", "source_profile", "credential_source", "web_identity_token_file", "sso_start_url", "sso_session", "sso_account_id", "sso_role_name", "mfa_serial", "role_session_name", "external_id"}, key) {
			return c.Name() + " configure set " + ops[2].Text + " changes as whom every later run of aws acts", true
		}
	}
	return "", true
}

// Phrases of userSettingsRows.
const (
	changesUserSettings = "changes the settings every later run of it uses, outside the project"
	installsExtension   = "installs or removes an extension every later run of it loads, outside the project"
)

// userSettingsRows: settings and extensions a program keeps for the
// user, outside the project, that choose what it runs or where it
// sends (conda's channels, poetry's repositories, gh extensions, git
// lfs's global filters, docker's plugins); the reads and the project's
// own settings (--local) are not here, nor the context every later
// kubectl or docker acts on (kubectl config use-context), whose changes
// are judged each on its own.
var userSettingsRows = [...]subcommandRow{
	{name: "conda", words: "config", does: changesUserSettings, reads: []string{"--show", "--show-sources", "--get", "--describe", "--validate"}},
	{name: "conda", words: "init", does: "writes conda's start-up code into the user's shell start-up files"},
	{name: "mamba", words: "init", does: "writes mamba's start-up code into the user's shell start-up files"},
	{name: "poetry", words: "config", does: changesUserSettings, reads: []string{"--list", "--local"}},
	{name: "gh", words: "extension install", does: installsExtension},
	{name: "gh", words: "extension upgrade", does: installsExtension},
	{name: "gh", words: "extension remove", does: installsExtension},
	{name: "gh", words: "ext install", does: installsExtension},
	{name: "gh", words: "ext upgrade", does: installsExtension},
	{name: "gh", words: "ext remove", does: installsExtension},
	{name: "git", words: "lfs install", does: "writes git lfs's filters into the user's git settings, which every later git runs", reads: []string{"--local", "--worktree"}},
	{name: "git", words: "lfs uninstall", does: "removes git lfs's filters from the user's git settings", reads: []string{"--local", "--worktree"}},
	{name: "docker", words: "plugin install", does: installsExtension},
	{name: "docker", words: "plugin enable", does: installsExtension},
	{name: "docker", words: "plugin upgrade", does: installsExtension},
}

// checkUserSettings: userSettingsRows.
func checkUserSettings(c SimpleCommand, _ PathEnv) (string, bool) {
	return matchSubcommand(c, userSettingsRows[:]), false
}

// checkToolVersion: toolVersionRows, and mise use given the user's
// settings (-g, --global, or a --path outside the project) rather than
// the project's mise.toml. A mise use of the project's, like volta pin,
// installs the tool when it is missing but selects it in the project only.
func checkToolVersion(c SimpleCommand, env PathEnv) (string, bool) {
	if r := matchSubcommand(c, toolVersionRows[:]); r != "" {
		return r, false
	}
	if lowerName(c) != "mise" {
		return "", false
	}
	if ops := subcommandWords(c); len(ops) == 0 || !ops[0].Literal || ops[0].Text != "use" && ops[0].Text != "u" {
		return "", false
	}
	args := c.Args()
	for i, w := range args[1:] {
		if w.Literal && w.Text == "--" {
			break
		}
		switch t := w.Text; {
		case t == "-g" || t == "--global":
			return c.Name() + " use " + t + " " + changesToolDefault, false
		case t == "-p" || t == "--path" || strings.HasPrefix(t, "--path="):
			p, ok := strings.CutPrefix(t, "--path=")
			if !ok && i+2 < len(args) {
				p, ok = args[i+2].Text, args[i+2].Literal
			}
			if !ok || env.Root == "" || !within(env.Resolve(p), env.Root) {
				return c.Name() + " use --path writes settings outside the project, for every later run there", false
			}
		}
	}
	return "", false
}

// checkHostAdmin: a command that changes the host itself, outside any
// project and after the session: its mounts, loop devices and swap, its
// kernel's settings and modules, its network and firewall, its name and
// clock, its users and groups. Their listing and querying forms (mount,
// losetup -a, swapon --show, sysctl x, ip addr, iptables -L, nft list, ufw
// status, passwd -S, hostnamectl, date) change nothing.
func checkHostAdmin(c SimpleCommand, _ PathEnv) (string, bool) {
	n := lowerName(c)
	args := c.Args()
	if len(args) == 0 {
		return "", false
	}
	// only reports whether every word after the name is one of words (an
	// option's value after one that takes it, in takes).
	only := func(takes []string, words ...string) bool {
		for i := 1; i < len(args); i++ {
			switch t := args[i].Text; {
			case !args[i].Literal:
				return false
			case slices.Contains(takes, t):
				i++
			case !slices.Contains(words, t):
				return false
			}
		}
		return true
	}
	info := []string{"-h", "--help", "-V", "--version"}
	word := func(ws ...string) bool {
		return slices.ContainsFunc(args[1:], func(w Word) bool { return !w.Literal || slices.Contains(ws, w.Text) })
	}
	what := ""
	switch n {
	case "mount", "umount", "swapon", "swapoff", "losetup":
		// mount -l, swapon --show, losetup -a list.
		if !only([]string{"-t", "--types"}, append(info, "-l", "--list", "-s", "--summary", "--show", "-a", "--all", "-v")...) || n == "umount" || n == "swapoff" ||
			(n == "mount" || n == "swapon") && word("-a", "--all") {
			what = "changes the host's mounts, swap or loop devices"
		}
	case "modprobe", "insmod", "rmmod":
		if !only(nil, info...) && !word("-n", "--dry-run", "-c", "--showconfig") {
			what = "loads or unloads a kernel module"
		}
	case "sysctl":
		if slices.ContainsFunc(args[1:], func(w Word) bool {
			return !w.Literal || strings.Contains(w.Text, "=") || slices.Contains([]string{"-w", "--write", "-p", "--load", "--system"}, w.Text)
		}) {
			what = "changes the kernel's settings"
		}
	case "ip":
		if word("add", "del", "delete", "set", "change", "replace", "flush", "append", "prepend") {
			what = "changes the host's network interfaces, addresses or routes"
		}
	case "iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft":
		if !only([]string{"-t", "--table"}, append(info, "-L", "--list", "-S", "--list-rules", "-n", "--numeric", "-v", "--verbose", "-x", "--exact", "--line-numbers")...) {
			what = "changes the host's firewall"
		}
	case "iptables-restore", "ip6tables-restore", "ebtables", "arptables":
		what = "changes the host's firewall"
	case "nft":
		if ops := operandTexts(args); len(ops) > 0 && ops[0] != "list" && !only(nil, info...) {
			what = "changes the host's firewall"
		}
	case "ufw":
		if ops := operandTexts(args); len(ops) > 0 && ops[0] != "status" && ops[0] != "show" && ops[0] != "version" && ops[0] != "help" {
			what = "changes the host's firewall"
		}
	case "firewall-cmd":
		if slices.ContainsFunc(args[1:], func(w Word) bool {
			return !w.Literal || !strings.HasPrefix(w.Text, "--list") && !strings.HasPrefix(w.Text, "--get") && !strings.HasPrefix(w.Text, "--query") &&
				!strings.HasPrefix(w.Text, "--zone") && w.Text != "--state" && !slices.Contains(info, w.Text)
		}) {
			what = "changes the host's firewall"
		}
	case "hostnamectl", "timedatectl", "localectl":
		if slices.ContainsFunc(args[1:], func(w Word) bool {
			return !w.Literal || strings.HasPrefix(w.Text, "set-") || w.Text == "hostname" && len(args) > 2
		}) {
			what = "changes the host's name, clock or locale"
		}
	case "date":
		if word("-s", "--set") || slices.ContainsFunc(args[1:], func(w Word) bool { return strings.HasPrefix(w.Text, "--set=") }) {
			what = "sets the host's clock"
		}
	case "useradd", "userdel", "usermod", "groupadd", "groupdel", "groupmod", "adduser", "deluser", "addgroup", "delgroup",
		"chpasswd", "chsh", "chfn", "vipw", "vigr", "gpasswd", "chage":
		if !only(nil, append(info, "-l", "--list")...) {
			what = "changes the host's users or groups"
		}
	case "passwd":
		if !word("-S", "--status") && !only(nil, info...) || len(args) == 1 {
			what = "changes a password of the host's users"
		}
	}
	if what == "" {
		return "", false
	}
	return c.Name() + " " + what, false
}
