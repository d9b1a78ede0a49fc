//go:build linux

package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// What the layer needs from git's configuration: which directories
// core.hooksPath may name, which files the repository's config includes
// (the command must not be able to write one: it could set core.hooksPath
// or core.fsmonitor there), and whether extensions.worktreeConfig makes
// git read config.worktree. A reader that gets these wrong leaves a hooks
// directory writable, so the parser follows git's own (config.c) rather
// than a line-by-line approximation: sections on the header line,
// subsections, comments (# and ;) after a value, quotes, backslash escapes
// and continued lines, case-insensitive section and key names, and
// include.path and includeIf.*.path, followed to git's depth. Where it
// cannot know what git decides it takes every answer git could give:
// every core.hooksPath value counts (git uses the last, but a later one may
// sit in an includeIf whose condition does not hold), every includeIf is
// followed whatever its condition, and a line git would refuse is skipped
// rather than end the file.

// gitConfig is what gitConfigs found.
type gitConfig struct {
	hooksPaths     []string        // every core.hooksPath value, as written (not expanded)
	programs       []configProgram // every command line of a program git runs (programOf), as written
	userPrograms   int             // how many of programs come first from the system's and the user's config
	userHooks      int             // how many of hooksPaths come first from the system's and the user's config
	includes       []string        // the included files, as git opens them (absolute, not cleaned)
	worktreeConfig bool            // extensions.worktreeConfig set true somewhere
	worktree       string          // the last core.worktree, as written
	files          int
	// limit and limitWhy say where and why the plan cannot know all git
	// reads (too many files, one too large), or limit is "": a hooksPath
	// past the limit would go unprotected, so the run is refused rather
	// than planned on what was read.
	limit, limitWhy string
	// common is the repository's own config file gitConfigs read, ""
	// for none; commonRead says it was parsed, and commonOwnsWorkTree
	// what ownWorkTree says of it (see ownsWorkTree).
	common             string
	commonRead         bool
	commonOwnsWorkTree bool
}

// over records that the configuration passed one of the plan's limits at
// file path.
func (c *gitConfig) over(path, why string) {
	if c.limit == "" {
		c.limit, c.limitWhy = path, why
	}
}

// read parses config file path and what it includes (depth deep already),
// a missing or unreadable file being no config, as for git.
func (c *gitConfig) read(path, home string, depth int) {
	if depth > maxIncludeDepth {
		return // git itself refuses to go deeper: it fails
	}
	if c.files >= maxConfigFiles {
		c.over(path, fmt.Sprintf("the configuration git reads is more than %d files, includes and all, too many to follow: git would read this one too", maxConfigFiles))
		return
	}
	b, err := readConfig(path)
	if errors.Is(err, errConfigTooLarge) {
		c.over(path, fmt.Sprintf("more than %d bytes of config, too large to read: git reads all of it", maxConfigSize))
		return
	}
	if errors.Is(err, errNotRegular) {
		c.over(path, "a config file that is no regular file (a FIFO, a device): git would read it")
		return
	}
	if err != nil {
		return
	}
	c.files++
	own := depth == 0 && path == c.common
	c.commonRead = c.commonRead || own
	parseGitConfig(b, func(name, value string, hasValue bool) {
		if own {
			c.commonOwnsWorkTree = c.commonOwnsWorkTree || ownsWorkTree(name, value, hasValue)
		}
		c.entry(name, value, hasValue, path, home, depth)
	})
}

// entry takes in one config entry, read from file path (depth deep in
// includes) or, where path is "", from the environment.
func (c *gitConfig) entry(name, value string, hasValue bool, path, home string, depth int) {
	switch {
	case name == "core.hookspath":
		if hasValue && value != "" {
			c.hooksPaths = append(c.hooksPaths, value)
		}
	case hasValue && programOf(name, value) != "":
		c.programs = append(c.programs, configProgram{name, programOf(name, value)})
	case name == "core.worktree":
		if hasValue {
			c.worktree = value
		}
	case name == "extensions.worktreeconfig":
		c.worktreeConfig = c.worktreeConfig || !hasValue || gitBool(value)
	case hasValue && value != "" && (name == "include.path" ||
		strings.HasPrefix(name, "includeif.") && strings.HasSuffix(name, ".path")):
		inc := expandHome(value, home)
		if inc == "" {
			return // %(prefix)/, an unknown user: not in the root
		}
		if !filepath.IsAbs(inc) {
			if path == "" {
				return // git refuses a relative include from the environment
			}
			inc = filepath.Dir(path) + "/" + inc // not cleaned: see hooksPath
		}
		c.includes = append(c.includes, inc)
		c.read(inc, home, depth+1)
	}
}

// readEnv takes in the configuration git takes from its environment
// (GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n, and
// GIT_CONFIG_PARAMETERS, which git -c sets for the git it starts): the
// host's git, run from the same environment, would read it as well, in
// the root, its submodules and its worktrees.
func (c *gitConfig) readEnv(home string) {
	// Git reads the count with strtoul (blanks before it), and every
	// entry up to it, failing at the first missing: so many as the
	// environment holds, which bounds the work.
	if n, err := strconv.Atoi(strings.TrimLeft(os.Getenv("GIT_CONFIG_COUNT"), " \t\n\v\f\r")); err == nil {
		for i := 0; i < n; i++ {
			k, ok := os.LookupEnv(fmt.Sprintf("GIT_CONFIG_KEY_%d", i))
			v, okv := os.LookupEnv(fmt.Sprintf("GIT_CONFIG_VALUE_%d", i))
			if !ok || !okv {
				break // git fails: runs nothing
			}
			if name := configKey(k); envEntry(name) {
				c.entry(name, v, true, "", home, 0)
			}
		}
	}
	for _, kv := range configParameters(os.Getenv("GIT_CONFIG_PARAMETERS")) {
		if name := configKey(kv[0]); envEntry(name) {
			c.entry(name, kv[1], kv[2] != "", "", home, 0)
		}
	}
}

// envEntry says whether readEnv takes in key name: what git would run or
// read as config, not core.worktree or extensions.worktreeConfig, which
// the plan takes from the repository's own config only.
func envEntry(name string) bool {
	return name != "" && name != "core.worktree" && name != "extensions.worktreeconfig"
}

// configKey returns config key k as the parser names it (section and key
// lower case, a subsection as written), "" for no key.
func configKey(k string) string {
	first, last := strings.IndexByte(k, '.'), strings.LastIndexByte(k, '.')
	if first <= 0 || last == len(k)-1 {
		return ""
	}
	return strings.ToLower(k[:first]) + k[first:last] + strings.ToLower(k[last:])
}

// configParameters splits GIT_CONFIG_PARAMETERS, single-quoted words
// ('core.fsmonitor'='tools/x', or git's older 'core.fsmonitor=tools/x'),
// into key, value and whether a value was given ("=" or ""); a value
// quoted past git's rules ends the list, as git stops there.
func configParameters(s string) [][3]string {
	var out [][3]string
	word := func() (string, bool) {
		s = strings.TrimLeft(s, gitSpace)
		if !strings.HasPrefix(s, "'") {
			return "", false
		}
		var b strings.Builder
		for {
			s = s[1:]
			i := strings.IndexByte(s, '\'')
			if i < 0 {
				return "", false
			}
			b.WriteString(s[:i])
			s = s[i+1:]
			// '\'' and '\!' continue the word with a quote or a !, as
			// git's sq_quote writes them
			if len(s) < 3 || s[0] != '\\' || s[1] != '\'' && s[1] != '!' || s[2] != '\'' {
				return b.String(), true
			}
			b.WriteByte(s[1])
			s = s[2:] // at the quote reopening the word
		}
	}
	for {
		k, ok := word()
		if !ok {
			return out
		}
		if strings.HasPrefix(s, "=") {
			s = s[1:]
			if strings.HasPrefix(s, "'") {
				v, ok := word()
				if !ok {
					return out
				}
				out = append(out, [3]string{k, v, "="})
			} else {
				out = append(out, [3]string{k, "", "="})
			}
			continue
		}
		// git trims an old-style key (git_config_parse_parameter)
		if key, v, ok := strings.Cut(k, "="); ok {
			out = append(out, [3]string{strings.Trim(key, gitSpace), v, "="})
		} else {
			out = append(out, [3]string{strings.Trim(k, gitSpace), "", ""})
		}
	}
}

// gitSpace are the characters git's isspace takes for blanks.
const gitSpace = " \t\n\r"

// gitBool says whether a config value is true as git reads it (an
// integer other than 0 is true too).
func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true
	case "", "false", "no", "off", "0":
		return false
	}
	return strings.Trim(v, "0123456789+-") == "" && strings.Trim(v, "0+-") != ""
}

// configProgram is the command line of a program git runs (programOf),
// named in the config under key.
type configProgram struct{ key, value string }

// programOf returns the command line config key name (lower case, as
// parsed) with value has git run, from the working tree, through the
// shell, or "" for none: the fsmonitor hook every git status runs (a
// core.fsmonitor that is no boolean, which is git's own daemon), the
// filters git add, diff and checkout run, diff and merge drivers, the
// helpers git fetch and push run (a credential helper given as !cmd, a
// local remote's upload-pack), the programs git starts for a person (an
// editor, a pager, ssh, gpg, askpass, a diff or merge tool, git add -p's
// diff filter, git archive's tar filters, trailer commands, send-email's
// and help's programs: every key of git 2.39's whose value is one). One in the
// root that the command rewrote would run outside the sandbox, as a hook
// would. Not a shell alias (!cmd): git runs it only when a person types
// its name, as they would run the project's script itself, which the
// command may rewrite as well; protecting it would make the project's own
// script read-only in every run, and a user's global alias of a relative
// path that a repository lacks would refuse every run there.
func programOf(name, value string) string {
	if value == "" {
		return ""
	}
	switch name {
	case "core.fsmonitor":
		if maybeGitBool(value) {
			return ""
		}
		return value
	case "core.sshcommand", "core.pager", "core.editor", "core.askpass",
		"sequence.editor", "diff.external", "gpg.program",
		"core.gitproxy", "core.alternaterefscommand", "interactive.difffilter",
		"gpg.ssh.defaultkeycommand", "instaweb.httpd",
		"uploadpack.packobjectshook": // git reads it from the user's config only
		return value
	}
	section, rest, _ := strings.Cut(name, ".")
	key := rest
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		key = rest[i+1:]
	}
	switch {
	case section == "sendemail":
		// git send-email's commands, for every identity
		// (sendemail.<identity>.tocmd); an smtpServer that is an
		// absolute path is a sendmail to run, else a host.
		switch key {
		case "sendmailcmd", "tocmd", "cccmd", "headercmd":
			return value
		case "smtpserver":
			if filepath.IsAbs(value) {
				return value
			}
		}
		return ""
	case section == "submodule" && key == "update" && key != rest:
		// !cmd: git submodule update runs it in the submodule's working
		// tree, from which a relative path is found (programPaths); git
		// takes it from the config only, never from .gitmodules.
		if after, shell := strings.CutPrefix(value, "!"); shell {
			return after
		}
		return ""
	case section == "pager" && key == rest:
		if maybeGitBool(value) {
			return ""
		}
		return value
	case section == "credential" && key == "helper":
		// A helper's name (store) is git's credential-store, an
		// absolute path that program, !cmd a command line.
		if after, shell := strings.CutPrefix(value, "!"); shell {
			return after
		}
		if filepath.IsAbs(value) {
			return value
		}
		return ""
	}
	if key == rest {
		return "" // the keys below all have a subsection
	}
	switch section + "." + key {
	case "filter.clean", "filter.smudge", "filter.process", "diff.textconv",
		"diff.command", "merge.driver", "gpg.program", "difftool.cmd",
		"mergetool.cmd", "remote.uploadpack", "remote.receivepack",
		"difftool.path", "mergetool.path", "browser.cmd", "browser.path",
		"man.cmd", "man.path", "guitool.cmd", "tar.command",
		"trailer.command", "trailer.cmd":
		return value
	}
	return ""
}

// maybeGitBool says whether git takes config value v for a boolean
// (git_parse_maybe_bool): "" (false), the words, an integer.
func maybeGitBool(v string) bool {
	switch strings.ToLower(v) {
	case "", "true", "yes", "on", "false", "no", "off":
		return true
	}
	return strings.Trim(v, "0123456789+-") == "" && strings.Trim(v, "+-") != ""
}

// gitConfigs reads the configuration git would read in the repository
// whose common directory is common and git directory git: the system's,
// the user's, the repository's and the worktree's, with their includes.
func gitConfigs(git, common string) gitConfig {
	home := os.Getenv("HOME")
	var c gitConfig
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		system := os.Getenv("GIT_CONFIG_SYSTEM")
		if system == "" {
			system = "/etc/gitconfig"
		}
		c.read(system, home, 0)
	}
	if global := os.Getenv("GIT_CONFIG_GLOBAL"); global != "" {
		c.read(global, home, 0)
	} else {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && home != "" {
			xdg = home + "/.config"
		}
		if xdg != "" {
			c.read(xdg+"/git/config", home, 0)
		}
		if home != "" {
			c.read(home+"/.gitconfig", home, 0)
		}
	}
	// Git reads these last; here, where a submodule's git reads them
	// too.
	c.readEnv(home)
	// A submodule reads these too, but its own config, not this one.
	c.userHooks = len(c.hooksPaths)
	c.userPrograms = len(c.programs)
	if common != "" {
		c.common = common + "/config"
		c.read(c.common, home, 0)
	}
	// Git reads it only with extensions.worktreeConfig, which only the
	// repository's (read-only) config can set.
	if c.worktreeConfig {
		c.read(git+"/config.worktree", home, 0)
	}
	return c
}

// readConfig reads config file path (or another small file of git's) with
// as few system calls as it takes (every run pays for the ones it reads):
// no poller. A regular file only (openRegular): a FIFO or a device the
// command made in the root, or a link to one, is not opened.
func readConfig(path string) ([]byte, error) { return readRegular(path, 0) }

// readPointer reads a file of git's whose content the runner takes for a
// path (commondir, a worktree's gitdir, .gitmodules' paths): a regular
// file itself, not a link. Through a link the command planted, the file
// it leads to would have been read for it (a secret, as the name of a
// placeholder made in the root), as git itself refuses a .gitmodules that
// is a link.
func readPointer(path string) ([]byte, error) { return readRegular(path, unix.O_NOFOLLOW) }

// readRegular reads path, a regular file: looked at through an O_PATH
// descriptor first (openRegular), or, not following a link (flags
// O_NOFOLLOW), opened at once, since no device can then be at a git file's
// name (making one takes CAP_MKNOD, and a hard link cannot cross into the
// project's file system): two system calls fewer, on every run.
func readRegular(path string, flags int) ([]byte, error) {
	var fd int
	var err error
	if flags&unix.O_NOFOLLOW != 0 {
		fd, err = openNoFollow(path)
	} else {
		fd, err = openRegular(path, flags)
	}
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	b := make([]byte, 0, 4096)
	for {
		if len(b) > maxConfigSize {
			return nil, errConfigTooLarge
		}
		if len(b) == cap(b) {
			b = slices.Grow(b, len(b))
		}
		n, err := unix.Read(fd, b[len(b):cap(b)])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		b = b[:len(b)+n]
	}
	return b, nil
}

// configScanner reads a config file's characters as git's get_next_char
// does: CR LF is LF, and the end of the file is one more LF.
type configScanner struct {
	b   []byte
	i   int
	eof bool
}

func (s *configScanner) next() byte {
	if s.i >= len(s.b) {
		s.eof = true
		return '\n'
	}
	c := s.b[s.i]
	s.i++
	if c == '\r' && s.i < len(s.b) && s.b[s.i] == '\n' {
		s.i++
		return '\n'
	}
	return c
}

// skipLine skips the rest of a line git would refuse.
func (s *configScanner) skipLine(c byte) {
	for c != '\n' {
		c = s.next()
	}
}

func configSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func configAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func configKeyChar(c byte) bool {
	return configAlpha(c) || c >= '0' && c <= '9' || c == '-'
}
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// parseGitConfig calls fn with each variable set in config text b, as
// git's git_parse_source reads it: name is section[.subsection].key, the
// section and key lowercased; hasValue is false for a bare key (a boolean
// true). A line git would refuse is skipped.
func parseGitConfig(b []byte, fn func(name, value string, hasValue bool)) {
	s := &configScanner{b: b}
	if len(b) >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf {
		s.i = 3 // a UTF-8 byte order mark
	}
	var section []byte // "section." or "section.subsection.", or nil after a bad header
	comment := false
	for {
		c := s.next()
		switch {
		case c == '\n':
			if s.eof {
				return
			}
			comment = false
		case comment || configSpace(c):
		case c == '#' || c == ';':
			comment = true
		case c == '[':
			var ok bool
			if section, ok = baseVar(s); !ok {
				section = nil
			}
		case !configAlpha(c):
			s.skipLine(c)
		default:
			name := append(append([]byte{}, section...), lower(c))
			for {
				c = s.next()
				if s.eof || !configKeyChar(c) {
					break
				}
				name = append(name, lower(c))
			}
			for c == ' ' || c == '\t' {
				c = s.next()
			}
			if c == '\n' {
				if section != nil {
					fn(string(name), "", false)
				}
				if s.eof {
					return
				}
				continue
			}
			if c != '=' {
				s.skipLine(c)
				continue
			}
			value, ok := parseValue(s)
			if ok && section != nil {
				fn(string(name), value, true)
			}
			if s.eof {
				return
			}
		}
	}
}

// baseVar reads a section header after its '[' (git's get_base_var):
// "section." or "section.subsection.", and whether it is well formed (a
// bad one is skipped to the end of its line). What follows the ']' on the
// same line is read as the rest of a line.
func baseVar(s *configScanner) ([]byte, bool) {
	var name []byte
	for {
		c := s.next()
		switch {
		case s.eof:
			return nil, false
		case c == ']':
			if len(name) == 0 {
				return nil, false
			}
			return append(name, '.'), true
		case configSpace(c):
			// [section "subsection"]: the subsection as written.
			for c != '\n' && configSpace(c) {
				c = s.next()
			}
			if c != '"' || len(name) == 0 {
				s.skipLine(c)
				return nil, false
			}
			name = append(name, '.')
			for {
				c = s.next()
				if c == '\n' {
					return nil, false
				}
				if c == '"' {
					break
				}
				if c == '\\' {
					if c = s.next(); c == '\n' {
						return nil, false
					}
				}
				name = append(name, c)
			}
			if c = s.next(); c != ']' {
				s.skipLine(c)
				return nil, false
			}
			return append(name, '.'), true
		case !configKeyChar(c) && c != '.':
			s.skipLine(c)
			return nil, false
		default:
			name = append(name, lower(c))
		}
	}
}

// parseValue reads a value after its '=' to the end of its line, or of
// the lines it continues on (git's parse_value): unquoted whitespace
// collapses at the ends, # and ; outside quotes start a comment, and \n,
// \t, \b, \\, \" and a backslash before the end of a line are the escapes.
// ok is false for a value git refuses (an unknown escape, an unclosed
// quote), the rest of its line skipped.
func parseValue(s *configScanner) (string, bool) {
	var v []byte
	quote, comment := false, false
	trim := 0
	for {
		c := s.next()
		if c == '\n' {
			if quote {
				return "", false
			}
			if trim > 0 {
				v = v[:trim]
			}
			return string(v), true
		}
		if comment {
			continue
		}
		if configSpace(c) && !quote {
			if trim == 0 {
				trim = len(v)
			}
			if len(v) > 0 {
				v = append(v, c)
			}
			continue
		}
		if !quote && (c == ';' || c == '#') {
			comment = true
			continue
		}
		trim = 0
		switch c {
		case '\\':
			switch c = s.next(); c {
			case '\n': // a continued line (at the end of the file, the end)
				continue
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'n':
				c = '\n'
			case '\\', '"':
			default:
				s.skipLine(c)
				return "", false
			}
			v = append(v, c)
		case '"':
			quote = !quote
		default:
			v = append(v, c)
		}
	}
}
