package exec

import (
	"fmt"
	"path/filepath"
	"strings"
)

// failHints says, after a command failed, what the sandbox may have
// refused it, where the refusal itself leaves no trace to look at (a
// socket(AF_UNIX) that seccomp refused, a write Landlock or a read-only
// mount refused) and only the command line says what it was doing: an
// agent it starts, the hook installer it runs, a shared temporary directory
// it names. Each is worded "if it failed …", for the command line only
// makes it likely; a script that hides the names gets none. Nothing is
// looked at unless the command failed.
//
// traced says whether the run's filter let the command trace its own
// processes (the namespace layer's pid namespace, no CAP_SYS_PTRACE kept).
func failHints(args []string, p Policy, layer, traced bool) []string {
	line := strings.ToLower(strings.Join(args, " "))
	var out []string
	if !p.Network.UnixSockets && (containsAny(line, "ssh-agent", "gpg-agent", "af_unix", "docker") || namesSocketFile(line)) {
		out = append(out, "mewsandbox: if it failed on a unix socket (\"Operation not permitted\" from socket, an agent that cannot listen): the sandbox refuses pathname unix sockets (an ssh-agent's, docker.sock, a test's own server); --allow-unix-sockets allows them")
	}
	// Without the layer nothing keeps them read-only (README: lost).
	if layer && containsAny(line, ".git/hooks", "pre-commit install", "husky", "core.hookspath", "lefthook install", "simple-git-hooks") {
		out = append(out, "mewsandbox: if it failed writing git hooks (\"Read-only file system\"): the namespace layer keeps .git/hooks and the core.hooksPath directories read-only, for git runs them outside it, and no flag lets a command write them; install hooks outside the sandbox (pre-commit install, husky, cp … .git/hooks/)")
	}
	// Without the pid namespace, or with CAP_SYS_PTRACE kept, seccomp
	// refuses ptrace outright (docs/security.md: Only its own processes): debuggers
	// and tracers fail with EPERM, and so does every program built with
	// LeakSanitizer, at its end, which traces its own threads.
	if !traced && (namesWord(line, "gdb", "strace", "ltrace", "rr") || containsAny(line, "fsanitize=address", "fsanitize=leak")) {
		out = append(out, "mewsandbox: if it failed tracing (\"ptrace: Operation not permitted\"; \"LeakSanitizer has encountered a fatal error\" at the end of an -fsanitize=address program): this run refused ptrace, even of the command's own children, which only the namespace layer's pid namespace allows (not with --no-namespaces, nor with --keep-cap CAP_SYS_PTRACE); run it without those, or debug outside the sandbox and run ASan builds in it with ASAN_OPTIONS=detect_leaks=0")
	}
	for _, d := range []string{"/tmp", "/var/tmp"} {
		if d == "/tmp" && layer || writable(p, d) || !namesDir(line, d) {
			continue
		}
		why := "is not granted without the namespace layer"
		if layer {
			why = "is read-only with the namespace layer"
		}
		out = append(out, fmt.Sprintf("mewsandbox: if it failed writing in %s: %s %s; the command's private temp dir is $TMPDIR (so are TMP and TEMP): use that, or --allow-write %s grants all of it, every other program's files there too", d, d, why, d))
	}
	return out
}

// namesSocketFile says whether s names a file ending in .sock (docker.sock,
// /tmp/x.sock): not Python's socket.socket, whose failure may be any
// family's.
func namesSocketFile(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], ".sock")
		if j < 0 {
			return false
		}
		end := i + j + len(".sock")
		if end == len(s) || !isWordByte(s[end]) {
			return true
		}
		i = end
	}
}

func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// namesWord says whether s holds one of words as a word of its own: not
// within a longer name (gdbserver, rrdtool, /usr/bin/strace-log-merge),
// though a path's last part is one (/usr/bin/gdb).
func namesWord(s string, words ...string) bool {
	for _, w := range words {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			k, end := i+j, i+j+len(w)
			if (k == 0 || !isWordByte(s[k-1]) && s[k-1] != '-' && s[k-1] != '.') && (end == len(s) || !isWordByte(s[end]) && s[end] != '-' && s[end] != '.') {
				return true
			}
			i = k + 1
		}
	}
	return false
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// namesDir says whether s names a path in dir: dir+"/" not preceded by
// a character of a path (so /var/tmp/x names no path in /tmp).
func namesDir(s, dir string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], dir+"/")
		if j < 0 {
			return false
		}
		if k := i + j; k == 0 || !strings.ContainsRune("abcdefghijklmnopqrstuvwxyz0123456789._-/~$}", rune(s[k-1])) {
			return true
		}
		i += j + 1
	}
}

// writable says whether a write grant covers dir.
func writable(p Policy, dir string) bool {
	for _, g := range p.Grants {
		if g.Access&Write != 0 && (g.Path == dir || g.Path == "/" || strings.HasPrefix(dir, filepath.Clean(g.Path)+"/")) {
			return true
		}
	}
	return false
}

// gitCleanHint says, after a command that names git clean failed, that
// the directories in stand (relative to the root, slash-separated) are
// the layer's empty read-only stand-ins for protected paths that did not
// exist, which git clean -fdx cannot remove ("Device or resource busy")
// and so exits 1 having removed the rest; and how to leave them alone.
// top says the root is the top of the working tree, where a pattern with
// a leading slash names them alone. "" when it does not apply.
func gitCleanHint(args []string, stand []string, top bool) string {
	if len(stand) == 0 {
		return ""
	}
	line := strings.ToLower(strings.Join(args, " "))
	if !namesWord(line, "git") || !namesWord(line, "clean") {
		return ""
	}
	var names, excludes []string
	for _, d := range stand {
		names = append(names, d+"/")
		pattern := d + "/"
		if top {
			pattern = "/" + pattern
		}
		excludes = append(excludes, "-e "+pattern)
	}
	return fmt.Sprintf("mewsandbox: if git clean failed on %s (\"failed to remove …: Device or resource busy\"): the namespace layer holds each there, empty and read-only, for a protected path that did not exist, so that the command cannot make it; each goes after the run, and git clean removed the rest. git clean -fdx %s leaves them alone", strings.Join(names, ", "), strings.Join(excludes, " "))
}
