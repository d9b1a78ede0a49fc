package permission

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Scope is where a settings source sits in the order of precedence.
type Scope int

// The scopes, from the lowest precedence for defaultMode to the highest.
// Rules from every scope apply together; their lists keep this order.
const (
	ScopeManaged     Scope = iota // the administrator's policy
	ScopeUser                     // the user's own settings
	ScopeProject                  // committed with the project
	ScopeLocal                    // the user's settings for one project, not committed
	ScopeCommandLine              // --settings, --allow, --ask, --deny
	ScopeSession                  // approvals made during a session
)

func (s Scope) String() string {
	switch s {
	case ScopeManaged:
		return "managed"
	case ScopeUser:
		return "user"
	case ScopeProject:
		return "project"
	case ScopeLocal:
		return "local"
	case ScopeCommandLine:
		return "command line"
	case ScopeSession:
		return "session"
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// MarshalText renders the scope as String does.
func (s Scope) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// DefaultManagedPath is where the managed policy lives unless
// Discovery.ManagedPath says otherwise.
const DefaultManagedPath = managedDir + "/managed-settings.yaml"

// managedDir holds the managed policy.
const managedDir = "/etc/mewsandbox"

// Discovery says where to look for settings files.
type Discovery struct {
	// Root is the project root; "" means no project files.
	Root string
	// Home is the user's home directory; "" means no user files.
	Home string
	// ConfigHome is $XDG_CONFIG_HOME; "" means Home/.config.
	ConfigHome string
	// ManagedPath is the managed policy file; "" means
	// DefaultManagedPath.
	ManagedPath string
	// NoUser skips the user's files (--no-user-settings).
	NoUser bool
	// Extra are files named on the command line (--settings FILE); each
	// must exist.
	Extra []string
	// Exists reports whether a path exists; Load warns with it about
	// sandbox paths that grant or deny nothing. Nil checks nothing.
	Exists func(path string) bool
	// Outer lists the projects that hold Root, nearest first: directories
	// above it with a .git, .mewsandbox or .claude; nil means none. A
	// sandboxed command run in one of them may write all of Root, its
	// settings and its .git too, so Root's files keep only what they
	// forbid (Settings.KeepRestrictions), and so do the outer projects'
	// own, which apply as well: a .git the command made cannot shed them.
	Outer func() []string
	// TrustProject applies the project's own files (project and local
	// scope) in full (--trust-project; so does a user's or the managed
	// file's trustedProjects naming Root). Otherwise they can neither
	// switch the engine off (Settings.DropSwitchOff), nor allow edits, or
	// commands' writes, outside the project, nor web fetches and tools
	// mewsandbox does not model (Settings.ConfineRules), nor widen the
	// sandbox beyond it or loosen its limits (Sandbox.Confine,
	// dropLooser): a repository an agent is asked to work on, cloned in
	// CI, holds them, and may commit its .local files.
	TrustProject bool
	// Real resolves the symbolic links of an absolute path, as far as it
	// exists; nil takes paths as written. Load tells with it whether a
	// project's grant lies in the project: a link the repository holds
	// leads where it likes.
	Real func(path string) string
}

// SourceFile is one settings file and its scope.
type SourceFile struct {
	Path     string
	Scope    Scope
	Required bool // a missing file is an error (--settings)
	// Project is the project an outer project's file belongs to (see
	// Discovery.Outer); "" for Root's and the other scopes' files.
	Project string
	// Restricted files keep only what they forbid: Root's when it lies in
	// another project, and the outer projects' own.
	Restricted bool
}

// Files returns every settings file that applies, in order of scope
// (managed, user, project, local, command line), mewsandbox's own files
// before Claude Code's within a scope. Most need not exist. A path listed
// twice (the home directory is the project root) is listed once, at its
// first scope.
func (d Discovery) Files() []SourceFile {
	var files []SourceFile
	seen := map[string]bool{}
	add := func(scope Scope, required bool, paths ...string) {
		for _, p := range paths {
			p = filepath.Clean(p)
			if seen[p] {
				continue
			}
			seen[p] = true
			files = append(files, SourceFile{Path: p, Scope: scope, Required: required})
		}
	}
	managed := d.ManagedPath
	if managed == "" {
		managed = DefaultManagedPath
	}
	add(ScopeManaged, false, managed)
	if !d.NoUser && d.Home != "" {
		config := d.ConfigHome
		if !filepath.IsAbs(config) {
			config = filepath.Join(d.Home, ".config")
		}
		dir := filepath.Join(config, "mewsandbox")
		add(ScopeUser, false,
			filepath.Join(dir, "settings.yaml"), filepath.Join(dir, "settings.yml"), filepath.Join(dir, "settings.json"),
			filepath.Join(d.Home, ".claude", "settings.json"))
	}
	if d.Root != "" {
		var outer []string
		if d.Outer != nil {
			outer = d.Outer()
		}
		// Farthest first: a nearer project's file takes precedence.
		for i := len(outer) - 1; i >= 0; i-- {
			n := len(files)
			addProject(add, outer[i])
			for j := n; j < len(files); j++ {
				files[j].Project, files[j].Restricted = outer[i], true
			}
		}
		n := len(files)
		addProject(add, d.Root)
		for j := n; j < len(files); j++ {
			files[j].Restricted = len(outer) > 0
		}
	}
	add(ScopeCommandLine, true, d.Extra...)
	return files
}

// addProject adds the project and local files of the project at dir.
func addProject(add func(Scope, bool, ...string), dir string) {
	own, claude := filepath.Join(dir, ".mewsandbox"), filepath.Join(dir, ".claude")
	add(ScopeProject, false,
		filepath.Join(own, "settings.yaml"), filepath.Join(own, "settings.yml"), filepath.Join(own, "settings.json"),
		filepath.Join(claude, "settings.json"))
	add(ScopeLocal, false,
		filepath.Join(own, "settings.local.yaml"), filepath.Join(own, "settings.local.yml"), filepath.Join(own, "settings.local.json"),
		filepath.Join(claude, "settings.local.json"))
}

// base returns the directory "/path" patterns of f are relative to: the
// project root for project and local files; the home directory for the
// user's files (Claude Code's ~/.claude/settings.json is the home
// directory's project file); for a command-line file inside a .mewsandbox
// or .claude directory, the directory holding that; otherwise "" (the
// project root at match time).
func (d Discovery) base(f SourceFile) string {
	switch f.Scope {
	case ScopeProject, ScopeLocal:
		if f.Project != "" {
			return f.Project
		}
		return d.Root
	case ScopeUser:
		return d.Home
	case ScopeCommandLine:
		dir := filepath.Dir(f.Path)
		if n := filepath.Base(dir); n == ".mewsandbox" || n == ".claude" {
			if abs, err := filepath.Abs(filepath.Dir(dir)); err == nil {
				return abs
			}
		}
	}
	return ""
}

// settingsDir is the directory relative paths in f's sandbox section and
// audit key start from: the project root for project and local files, the
// home directory for the user's, otherwise (the managed file, a --settings
// file) the file's own directory.
func (d Discovery) settingsDir(f SourceFile) string {
	if b := d.base(f); b != "" {
		return b
	}
	dir, err := filepath.Abs(filepath.Dir(f.Path))
	if err != nil {
		return filepath.Dir(f.Path)
	}
	return dir
}

// projectBase is the project a "/path" in f's sandbox section and audit
// key is relative to: base(f), or for the managed file and a --settings
// file outside a project the project root.
func (d Discovery) projectBase(f SourceFile) string {
	if b := d.base(f); b != "" {
		return b
	}
	return d.Root
}

// Config is the merged permission settings of every source.
type Config struct {
	// Rules from every file, in scope order: the first rule that matches
	// is the one from the highest-precedence source.
	Rules Rules
	// DefaultMode is the defaultMode of the highest scope that sets one
	// (command line, local, project, user, managed; within a scope the
	// first file), "" when none does.
	DefaultMode Mode
	// DefaultModeSource is the file DefaultMode came from.
	DefaultModeSource string
	// DisableBypass forbids bypassPermissions mode. Any file may set it:
	// it only ever takes permission away.
	DisableBypass bool
	// DisableBypassSource is the first file that set DisableBypass.
	DisableBypassSource string
	// AdditionalDirectories from every file, in scope order, each
	// resolved as the file's sandbox paths are (relative to the project
	// root for a project's file, the home directory for the user's, ~
	// expanded): the working directories besides the root, where
	// acceptEdits accepts edits (Engine.AdditionalDirs).
	AdditionalDirectories []string
	// Sandbox is the sandbox sections of every file merged, paths
	// absolute; MergeSandbox says how, and adds the command-line flags.
	Sandbox Sandbox
	// Audit is the audit log file of the highest scope that names one,
	// absolute; "" when none does. A managed audit file cannot be
	// replaced by another file.
	Audit string
	// AuditSource is where Audit was set, as "file:line".
	AuditSource string
	// Files are the files loaded, in order.
	Files []SourceFile
	// Warnings from every file.
	Warnings []string
	// Trusted says the project's own files apply in full
	// (Discovery.TrustProject, or the user's or managed trustedProjects).
	Trusted bool
	// Untrusted is what the project's own files ask for that applies only
	// to a project the user trusts (Discovery.TrustProject), one entry a
	// warning: "FILE: key, key". init says so, since the hook's warnings
	// reach no one.
	Untrusted []string

	// managed is the managed file's sandbox section and audit key: what
	// no other source may relax.
	managed      Sandbox
	audit        Setting[string]
	managedAudit Setting[string]
}

// ignore records keys, what f asked for that applies only to a trusted
// project and was dropped, with one warning saying why.
func (c *Config) ignore(f SourceFile, keys []string, why string) {
	if len(keys) == 0 {
		return
	}
	c.Untrusted = append(c.Untrusted, f.Path+": "+strings.Join(keys, ", "))
	c.Warnings = append(c.Warnings, fmt.Sprintf("%s: ignored %s: %s", f.Path, strings.Join(keys, ", "), why))
}

// Load reads and merges every settings file d finds. A missing file is
// skipped unless Required; a file that exists but cannot be read (no
// permission, a directory) is an error, never skipped, since skipping the
// managed policy would lift its denies. So is an invalid file.
func Load(d Discovery) (*Config, error) {
	c := &Config{}
	modeScope := Scope(-1)
	files := d.Files()
	gone := map[string]bool{} // directories found missing: none of their files is there
	trusted := d.TrustProject
	// theirs is the sandbox section as the user's and the managed files
	// left it, before the first of the project's own, and theirMode their
	// mode: each of those is held to them (dropLooser, keepMode), not to
	// one another's.
	var theirs *Sandbox
	var theirMode Mode
	for _, f := range files {
		if !f.Required && gone[filepath.Dir(f.Path)] {
			continue
		}
		data, err := readSettingsFile(f, gone)
		if err == fs.ErrNotExist {
			continue
		}
		if err != nil {
			return nil, err
		}
		s, err := ParseSettings(f.Path, data, d.base(f))
		if err != nil {
			return nil, err
		}
		if f.Restricted {
			// An outer project's file is said nothing of: what it allows
			// never applied to the projects inside it.
			if dropped := s.KeepRestrictions(); len(dropped) > 0 && f.Project == "" {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s: ignored %s: this project lies inside another (%s), where a sandboxed command could have written this file; what it forbids applies (pass it with --settings to apply all of it)",
					f.Path, strings.Join(dropped, ", "), outerOf(files)))
			}
		}
		if len(s.TrustedProjects) > 0 {
			if f.Scope == ScopeManaged || f.Scope == ScopeUser {
				trusted = trusted || d.trusts(s.TrustedProjects)
			} else {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s: ignored trustedProjects: it has effect only in your user settings (~/.config/mewsandbox/settings.yaml) and the managed file; a project cannot trust itself",
					s.TrustedProjects[0].Origin))
			}
		}
		// Where the file's paths resolve: its directory, the home
		// directory, and for /path its project.
		base := d.projectBase(f)
		env := PathEnv{Cwd: d.settingsDir(f), Home: d.Home, Root: base}
		own := (f.Scope == ScopeProject || f.Scope == ScopeLocal) && !trusted
		if own {
			if theirs == nil {
				theirs, theirMode = &Sandbox{Timeout: c.Sandbox.Timeout, Limits: c.Sandbox.Limits}, c.DefaultMode
			}
			c.ignore(f, s.DropSwitchOff(), "a project's own file cannot switch the permission engine off (a cloned repository may hold it); use --yolo, --allow Bash, your user settings or --trust-project")
			c.ignore(f, s.keepMode(theirMode), "a project's own file cannot loosen the mode your settings set (a cloned repository may hold it); pass --mode, or if you trust this repository pass --trust-project or name it in trustedProjects")
			outside, beyond := s.ConfineRules(base, d.Home, d.Real)
			c.ignore(f, append(outside, s.dropDirsOutside(base, env, d.Real)...), "a project's own file allows edits in the project only (a cloned repository may hold it); allow them in your user settings or with --allow, or if you trust this repository pass --trust-project or name it in trustedProjects")
			c.ignore(f, beyond, "a project's own file cannot allow tools that reach beyond the project, web fetches and tools mewsandbox does not model (a cloned repository may hold it); allow them in your user settings or with --allow, or if you trust this repository pass --trust-project or name it in trustedProjects")
		}
		warnings, err := s.Sandbox.settle(f.Scope, env, d.Exists)
		if err != nil {
			return nil, err
		}
		c.Warnings = append(c.Warnings, warnings...)
		if own {
			c.ignore(f, append(s.Sandbox.Confine(base, d.Real), s.Sandbox.dropLooser(theirs)...), "a project's own file cannot widen the sandbox beyond the project (a cloned repository may hold it); grant it with flags or in your user settings, or if you trust this repository pass --trust-project or name it in trustedProjects")
		}
		if err := c.mergeSandboxFile(s, f.Scope, env); err != nil {
			return nil, err
		}
		c.Files = append(c.Files, f)
		c.Rules.Merge(s.Rules)
		c.Warnings = append(c.Warnings, s.Warnings...)
		for _, dir := range s.AdditionalDirectories {
			c.AdditionalDirectories = append(c.AdditionalDirectories, env.Resolve(dir))
		}
		if s.DefaultMode != "" && f.Scope > modeScope {
			c.DefaultMode, c.DefaultModeSource, modeScope = s.DefaultMode, f.Path, f.Scope
		}
		if s.DisableBypass && !c.DisableBypass {
			c.DisableBypass, c.DisableBypassSource = true, f.Path
		}
	}
	if c.DisableBypass && c.DefaultMode == ModeBypassPermissions {
		c.Warnings = append(c.Warnings, fmt.Sprintf("%s: defaultMode bypassPermissions ignored: %s disables bypassPermissions mode",
			c.DefaultModeSource, c.DisableBypassSource))
		c.DefaultMode, c.DefaultModeSource = "", ""
	}
	if err := c.Sandbox.check(); err != nil {
		return nil, err
	}
	c.Trusted = trusted
	return c, nil
}

// trusts reports whether list, a user's or the managed file's
// trustedProjects, names the project root: the directory itself, or with
// a trailing /** one it lies in, compared after resolving links.
func (d Discovery) trusts(list []Setting[string]) bool {
	if d.Root == "" {
		return false
	}
	real := orAsWritten(d.Real)
	root := real(d.Root)
	for _, t := range list {
		dir, below := strings.CutSuffix(t.Value, "/**")
		dir = PathEnv{Home: d.Home}.Resolve(dir)
		if !filepath.IsAbs(dir) {
			continue // ~ without a home directory
		}
		dir = real(dir)
		if root == dir || below && within(root, dir) {
			return true
		}
	}
	return false
}

// outerOf names the nearest outer project of files (Discovery.Files).
func outerOf(files []SourceFile) string {
	for i := len(files) - 1; i >= 0; i-- {
		if files[i].Project != "" {
			return files[i].Project
		}
	}
	return "?"
}

// readSettingsFile reads a settings file, refusing files larger than
// ParseSettings accepts before reading them whole. A missing file whose
// directory is missing too adds it to gone.
func readSettingsFile(f SourceFile, gone map[string]bool) ([]byte, error) {
	// A project's files may have been made by a sandboxed command: not
	// blocking, and regular files only, since a FIFO there would hold the
	// run. The user's own may be /dev/null or a pipe (--settings <(…)).
	planted := f.Scope == ScopeProject || f.Scope == ScopeLocal
	notRegular := func() error {
		return fmt.Errorf("settings file %s (%s) exists but cannot be read: not a regular file", f.Path, f.Scope)
	}
	var fh *os.File
	var err error
	if planted {
		// Not even opened unless a regular file (opening some devices
		// does something: a watchdog arms), and then without blocking.
		var fi os.FileInfo
		if fi, err = os.Stat(f.Path); err == nil && !fi.Mode().IsRegular() {
			return nil, notRegular()
		}
		if err == nil {
			fh, err = os.OpenFile(f.Path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		}
	} else if f.Required {
		fh, err = os.Open(f.Path)
	} else {
		// A FIFO where a user's or the managed file is looked for is
		// refused below, not waited on: it would hold every run, and the
		// hook, whose time-out Claude Code lets pass, until written.
		fh, err = os.OpenFile(f.Path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	}
	if err != nil {
		// A directory on the way that is a file means there is no
		// settings file; a dangling symlink means there is one that cannot
		// be read. Where the directory is missing too, so are its other
		// files (one lstat, not one each: most runs have no settings).
		missing := errors.Is(err, syscall.ENOTDIR)
		if errors.Is(err, fs.ErrNotExist) {
			dir := filepath.Dir(f.Path)
			if _, derr := os.Lstat(dir); errors.Is(derr, fs.ErrNotExist) {
				gone[dir], missing = true, true
			} else {
				_, lerr := os.Lstat(f.Path)
				missing = errors.Is(lerr, fs.ErrNotExist)
			}
		}
		switch {
		case missing && f.Required:
			return nil, fmt.Errorf("settings file %s (%s): %w", f.Path, f.Scope, err)
		case missing:
			return nil, fs.ErrNotExist
		}
		return nil, fmt.Errorf("settings file %s (%s) exists but cannot be read: %w", f.Path, f.Scope, err)
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if planted && (err != nil || !fi.Mode().IsRegular()) {
		return nil, notRegular() // swapped since the stat
	}
	if !f.Required && err == nil && fi.Mode()&fs.ModeNamedPipe != 0 {
		return nil, fmt.Errorf("settings file %s (%s) exists but cannot be read: a FIFO, which would hold every run until something writes it: make it a regular file, or pass it with --settings", f.Path, f.Scope)
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxSettingsSize+1))
	if err != nil {
		return nil, fmt.Errorf("settings file %s (%s) exists but cannot be read: %w", f.Path, f.Scope, err)
	}
	return data, nil
}

// AddCommandLineRules parses rules given with --allow, --ask or --deny and
// adds them to c with the source "command line"; when one is malformed it
// adds none.
func AddCommandLineRules(c *Config, kind RuleKind, texts []string) error {
	rules := make([]Rule, 0, len(texts))
	for _, text := range texts {
		r, err := ParseRule(kind, text)
		if err == nil {
			err = CheckProjectRelative(r, "")
		}
		if err != nil {
			return fmt.Errorf("--%s: %w", kind, err)
		}
		r.Source = "command line"
		rules = append(rules, r)
	}
	for _, r := range rules {
		c.Rules.Add(r)
	}
	return nil
}
