package permission

import (
	"path"
	"strings"
)

// PathEnv is what resolving a path from a shell command needs: the
// directory the command runs in, the user's home and the project root. All
// three are absolute and clean, or empty when unknown.
//
// Pwd is the working directory as the shell names it ($PWD) where a
// symbolic link on its way makes it differ from Cwd, where the link leads
// (a project reached as ~/src/app through ~/src → /data/src): the kernel
// opens a command's relative paths from Cwd, but the shell's cd takes a
// ".." from Pwd (cd .. goes to ~/src, not /data/src).
//
// AgentOpens says the paths are opened by the agent's own process (its
// file tools), not by a shell in Cwd: that process's /proc/self/cwd is
// the directory the agent started in, which the event's cwd, following
// the shell's cd, need not be, so where that link leads is not known;
// nor is another process's root, which a container's or a chroot's is.
// Its tools expand ~ but not $HOME.
type PathEnv struct {
	Cwd, Home, Root string
	Pwd             string
	AgentOpens      bool
}

// Resolve returns p as an absolute, clean path: a leading ~, $HOME or
// ${HOME} becomes Home, and a relative path is taken from Cwd. It is pure
// string work (no symlinks are followed, nothing is read from disk). When
// Home is empty a ~ path comes back cleaned but unexpanded, and when Cwd is
// empty a relative path stays relative: callers must not mistake either
// for a path under the root.
func (e PathEnv) Resolve(p string) string {
	if rest, ok := e.homeRest(p); ok {
		if e.Home == "" {
			return path.Clean(p)
		}
		return e.walk(e.Home + "/" + rest)
	}
	if path.IsAbs(p) {
		return e.walk(p)
	}
	if e.Cwd == "" {
		return path.Clean(p)
	}
	return e.walk(e.Cwd + "/" + p)
}

// walk cleans absolute path p as the kernel walks it: where the walk
// reaches a link of /proc whose target throughProc knows (a process's
// root, the shell's working directory), it goes on from that target, so
// that a ".." after it is the target's parent: /proc/self/root/../etc/
// shadow is /etc/shadow, which path.Clean alone would have made
// /proc/self/etc/shadow, a name no check knew (a review read a private
// key so). Past a link whose target is unknown (an open descriptor,
// another process's cwd) a ".." may lead anywhere: what follows the last
// one is kept below the link, which opaquePath takes for any directory.
func (e PathEnv) walk(p string) string {
	if !strings.Contains(p, "..") || !strings.Contains(p, "/proc/") && !strings.Contains(p, "/dev/") {
		return e.throughProc(path.Clean(p))
	}
	return e.throughProc(walkSteps(p, func(at string, after []string) (string, bool) {
		kind, self, rest, ok := procLink(at)
		switch {
		case !ok || rest != "":
			return at, false
		case kind == "root" && e.ownRoot(self):
			return "/", false
		case kind == "cwd" && e.ownCwd(self):
			return e.Cwd, false
		}
		for j := len(after) - 1; j >= 0; j-- {
			if after[j] == ".." {
				after = after[j+1:]
				break
			}
		}
		return path.Clean(at + "/" + strings.Join(after, "/")), true
	}))
}

// walkSteps walks absolute path p a component at a time, a ".." taken
// from where the walk is, and hands step each place it reaches with the
// components after it; step says where the walk goes on from (a link's
// target), or that it stops there.
func walkSteps(p string, step func(at string, after []string) (next string, stop bool)) string {
	out := "/"
	parts := strings.Split(p, "/")
	// While the walk has only gone down a clean p, each place is p up to
	// its component, handed on as a part of p: no path is built, where a
	// join at each step copied the whole path so far (a line of a
	// thousand cd a && …, each path deeper, took seconds to check).
	prefix, end := path.IsAbs(p) && path.Clean(p) == p, 0
	for i, c := range parts {
		switch c {
		case "", ".":
			continue
		case "..":
			out, prefix = path.Dir(out), false
			continue
		}
		at := ""
		if prefix {
			end += 1 + len(c)
			at = p[:end]
		} else {
			at = path.Join(out, c)
		}
		next, stop := step(at, parts[i+1:])
		if next != at {
			prefix = false
		}
		if out = next; stop {
			break
		}
	}
	return out
}

// joined is p made absolute as Resolve makes it, but not cleaned: to
// the kernel a ".." after a symbolic link is the parent of where the link
// leads, not of the link, so what Engine.Follow resolves must keep it.
// A relative p without Cwd, or a ~ path without Home, stays as it is.
func (e PathEnv) joined(p string) string {
	if rest, ok := e.homeRest(p); ok {
		if e.Home == "" {
			return p
		}
		return e.Home + "/" + rest
	}
	if path.IsAbs(p) || e.Cwd == "" {
		return p
	}
	return e.Cwd + "/" + p
}

// maxProcHops bounds how many /proc links throughProc follows.
const maxProcHops = 8

// throughProc follows the links of /proc whose target is known: a
// process's root directory (/proc/self/root/x, any pid, task/N below it) is
// taken for /, the shell's own working directory (/proc/self/cwd/x) for
// Cwd. The kernel follows them, so a rule for ~/.ssh must see
// /proc/self/root/home/u/.ssh as that. Links whose target is not known
// (another process's cwd, an open descriptor) are left as they are:
// opaquePath finds them.
func (e PathEnv) throughProc(p string) string {
	for range maxProcHops {
		if !strings.HasPrefix(p, "/proc/") {
			return p
		}
		kind, self, rest, ok := procLink(p)
		switch {
		case !ok:
			return p
		case kind == "root" && e.ownRoot(self):
			p = path.Clean("/" + rest)
		case kind == "cwd" && e.ownCwd(self):
			p = path.Clean(e.Cwd + rest)
		default:
			return p
		}
	}
	return p
}

// ownCwd reports whether a process's cwd link in /proc (self for the
// opener's own) leads to Cwd: the shell's own does; the agent's
// (AgentOpens) or another process's may lead anywhere.
func (e PathEnv) ownCwd(self bool) bool {
	return self && !e.AgentOpens && path.IsAbs(e.Cwd) && !strings.HasPrefix(e.Cwd, "/proc/")
}

// ownRoot reports whether a process's root link in /proc (self for the
// opener's own) leads to /: for a command, taken so for any process; for
// the agent's file tools (AgentOpens), only its own, as another
// process's may be a container's or a chroot's.
func (e PathEnv) ownRoot(self bool) bool {
	return self || !e.AgentOpens
}

// procPid reports whether s names a process or thread in /proc: self,
// thread-self, a number, or a pattern (or an unknown part of a path
// template) that may be one.
func procPid(s string) bool {
	return s == "self" || s == "thread-self" || isDigits(s) || strings.ContainsAny(s, "*?["+string(rune(pathWild)))
}

// procLink parses p, absolute and clean, as a path through a link to a
// directory that the kernel follows: /proc/PID/root, /proc/PID/cwd (both
// also as /proc/PID/task/TID/…), and an open descriptor,
// /proc/PID/fd/N, /dev/fd/N, /dev/stdin. kind is "root", "cwd" or "fd";
// self is true for the process itself (self, thread-self); rest is what
// follows the link, "" or starting with /. kind is "any" when the link's
// name is partly unknown (a path template's pathWild): rest then follows
// the unknown part.
func procLink(p string) (kind string, self bool, rest string, ok bool) {
	if r, found := strings.CutPrefix(p, "/dev/"); found {
		name, after, _ := strings.Cut(r, "/")
		switch name {
		case "stdin", "stdout", "stderr":
			return "fd", true, slashRest(after), true
		case "fd":
			n, after, _ := strings.Cut(after, "/")
			if n == "" {
				return "", false, "", false
			}
			return "fd", true, slashRest(after), true
		}
		return "", false, "", false
	}
	r, found := strings.CutPrefix(p, "/proc/")
	if !found {
		return "", false, "", false
	}
	pid, after, _ := strings.Cut(r, "/")
	if !procPid(pid) {
		return "", false, "", false
	}
	self = pid == "self" || pid == "thread-self"
	if t, found := strings.CutPrefix(after, "task/"); found {
		tid, a, _ := strings.Cut(t, "/")
		if !procPid(tid) {
			return "", false, "", false
		}
		after = a
	}
	seg, after, _ := strings.Cut(after, "/")
	if i := strings.IndexByte(seg, pathWild); i >= 0 {
		// A template's unknown part (/proc/self/root$HOME, /proc/1/$x)
		// may be any of them: a link to anywhere.
		return "any", false, seg[i+1:] + slashRest(after), true
	}
	switch seg {
	case "root", "cwd":
		return seg, self, slashRest(after), true
	case "fd":
		n, after, _ := strings.Cut(after, "/")
		if n == "" {
			return "", false, "", false
		}
		return "fd", self, slashRest(after), true
	}
	return "", false, "", false
}

func slashRest(s string) string {
	if s == "" {
		return ""
	}
	return "/" + s
}

// opaquePath returns, for a path (after Resolve) through a /proc or
// /dev/fd link whose target cannot be known, such as
// /proc/1/cwd/infra/x or /dev/fd/3/x, its template: an unknown start, then
// what follows the link. A descriptor itself (/dev/fd/3, with nothing
// after it) is a file, not such a path, unless it is another process's
// above stderr (/proc/1/fd/5, /proc/$PPID/fd/5): that may be any file
// (a key the agent holds open), as a path through its cwd may. The
// process's own are the analysis's (SimpleCommand.StrayFD).
func opaquePath(p string) (string, bool) {
	if !strings.HasPrefix(p, "/proc/") && !strings.HasPrefix(p, "/dev/") {
		return "", false
	}
	kind, self, rest, ok := procLink(p)
	switch {
	case !ok:
		return "", false
	case kind == "fd" && rest == "":
		if n := path.Base(p); self || isDigits(n) && stdFD(n) {
			return "", false
		}
	}
	return string(rune(pathWild)) + rest, true
}

// descriptorFile reports whether p (after Resolve) is itself a link of
// /proc or /dev to a file its name does not tell: an open descriptor
// (/proc/PID/fd/N, /dev/fd/N, /dev/stdin) or a mapped file
// (/proc/PID/map_files/A-B), either also below task/TID. A file tool
// opening it in the agent's process gets whatever that process holds:
// a private key another program has open, a file in .git.
func descriptorFile(p string) bool {
	if kind, _, rest, ok := procLink(p); ok {
		return kind == "fd" && rest == ""
	}
	r, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return false
	}
	parts := strings.Split(r, "/")
	if len(parts) == 5 && parts[1] == "task" && procPid(parts[2]) {
		parts = append(parts[:1], parts[3:]...)
	}
	return len(parts) == 3 && procPid(parts[0]) && parts[1] == "map_files" && parts[2] != ""
}

// opaqueDir reports whether p (after Resolve) is a link to a directory
// that cannot be known, such as /proc/1/cwd: removing it may remove any
// directory.
func opaqueDir(p string) bool {
	if !strings.HasPrefix(p, "/proc/") && !strings.HasPrefix(p, "/dev/") {
		return false
	}
	_, _, rest, ok := procLink(p)
	return ok && rest == ""
}

// In returns the environment of a command that runs in dir, a
// SimpleCommand.Dir: Cwd moved there, or emptied when dir is unknown ("?")
// so that relative paths stay relative and match nothing under the root.
// A relative dir with a ".." in it is taken from Pwd, as the shell's cd
// takes it; the directory it names is then named as the shell has it.
func (e PathEnv) In(dir string) PathEnv {
	switch dir {
	case "":
		return e
	case "?":
		e.Cwd, e.Pwd = "", ""
		return e
	}
	from := e
	if e.Pwd != "" && !path.IsAbs(dir) && hasDotDot(dir) {
		from.Cwd = e.Pwd
	}
	e.Pwd = ""
	e.Cwd = from.Resolve(dir)
	if !path.IsAbs(e.Cwd) {
		e.Cwd = ""
	}
	return e
}

// homeRest is homeRest as the opener of the path reads it: the agent's
// file tools (AgentOpens) expand only ~ and ~/ (Claude Code's
// expandPath); $HOME/x is a directory named $HOME below the working
// directory to them, which a shell would take for the home directory.
func (e PathEnv) homeRest(p string) (string, bool) {
	if e.AgentOpens && !strings.HasPrefix(p, "~") {
		return "", false
	}
	return homeRest(p)
}

// homeRest splits a path that starts with the home directory ("~",
// "~/x", "$HOME/x", "${HOME}/x") into the part after it.
func homeRest(p string) (string, bool) {
	for _, prefix := range [...]string{"~", "${HOME}", "$HOME"} {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		if rest == "" {
			return "", true
		}
		if rest[0] == '/' {
			return rest[1:], true
		}
		// "~user", "$HOMEDIR": not the home directory.
		return "", false
	}
	return "", false
}
