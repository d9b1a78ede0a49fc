package permission

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Origin is where a sandbox setting came from: a line of a settings file,
// or a command-line flag.
type Origin struct {
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
	Scope Scope  `json:"scope"`
	// Flag is the command-line flag that set the value ("--network"); File
	// and Line are empty then.
	Flag string `json:"flag,omitempty"`
}

// String renders the origin as "file:line", or the flag.
func (o Origin) String() string {
	switch {
	case o.Flag != "":
		return o.Flag
	case o.Line > 0:
		return fmt.Sprintf("%s:%d", o.File, o.Line)
	}
	return o.File
}

// errorf reports a problem with the setting from o: a *SettingsError
// naming its file and line, or for a flag an error that the message
// (which starts with the flag) explains.
func (o Origin) errorf(format string, a ...any) error {
	err := fmt.Errorf(format, a...)
	if o.Flag != "" {
		return err
	}
	return &SettingsError{Path: o.File, Line: o.Line, Err: err}
}

// label is how messages name the setting: its flag, or its key.
func (o Origin) label(key string) string {
	if o.Flag != "" {
		return o.Flag
	}
	return key
}

// Setting is one sandbox value and where it came from. The zero Setting is
// unset.
type Setting[T any] struct {
	Value  T      `json:"value"`
	Origin Origin `json:"origin"`
}

// IsSet reports whether a source set the value.
func (s Setting[T]) IsSet() bool { return s.Origin != Origin{} }

// Values returns the values of settings.
func Values[T any](settings []Setting[T]) []T {
	var out []T
	for _, s := range settings {
		out = append(out, s.Value)
	}
	return out
}

// FlagSetting returns v as set by the command-line flag flag.
func FlagSetting[T any](flag string, v T) Setting[T] {
	return Setting[T]{Value: v, Origin: Origin{Flag: flag, Scope: ScopeCommandLine}}
}

// The values of Sandbox.NetworkMode.
const (
	networkNone = "none"
	networkAll  = "all"
)

// Sandbox is the sandbox section of the settings:
//
//	sandbox:
//	  filesystem: {allowRead: [PATH], allowWrite: [PATH], denyRead: [PATH]}
//	  network: {mode: none|all, allowConnect: [PORT], allowBind: [PORT], allowUnixSockets: BOOL}
//	  env: {pass: [NAME], drop: [NAME]}
//	  presets: [NAME]
//	  timeout: DURATION
//	  bestEffort: BOOL
//	  limits: {mem: SIZE, cpu: DURATION, nproc: N, fsize: SIZE, nofile: N}
//	  keepCaps: [CAPABILITY]
//	  lockFilesystem: BOOL   # the managed file only
//
// plus the keys of Claude Code's sandbox section that mean the same thing
// (failIfUnavailable, network.allowAllUnixSockets). In the Settings of one
// file, paths are as written; in a Config they are absolute and clean. It
// is plain data: the exec package enforces it, the CLI builds the policy.
type Sandbox struct {
	AllowRead  []Setting[string] `json:"allowRead,omitempty"`
	AllowWrite []Setting[string] `json:"allowWrite,omitempty"`
	DenyRead   []Setting[string] `json:"denyRead,omitempty"`
	// NetworkMode is "none" or "all".
	NetworkMode      Setting[string]   `json:"networkMode"`
	AllowConnect     []Setting[uint16] `json:"allowConnect,omitempty"`
	AllowBind        []Setting[uint16] `json:"allowBind,omitempty"`
	AllowUnixSockets Setting[bool]     `json:"allowUnixSockets"`
	// EnvPass are exact variable names kept although they look secret;
	// EnvDrop are names (with * wildcards) dropped although they do not.
	EnvPass []Setting[string] `json:"envPass,omitempty"`
	EnvDrop []Setting[string] `json:"envDrop,omitempty"`
	// Presets are toolchain preset names, unchecked: the exec package
	// knows which exist.
	Presets    []Setting[string]      `json:"presets,omitempty"`
	Timeout    Setting[time.Duration] `json:"timeout"`
	BestEffort Setting[bool]          `json:"bestEffort"`
	// LockFilesystem, from the managed file, makes its allowRead and
	// allowWrite the only grants: no other source may add paths or presets.
	LockFilesystem Setting[bool] `json:"lockFilesystem"`
	// Limits are the command's resource limits.
	Limits ResourceLimits `json:"limits,omitzero"`
	// KeepCaps are the capabilities (CapabilityName's spelling, unchecked:
	// the exec package knows which exist) a command run as root keeps.
	KeepCaps []Setting[string] `json:"keepCaps,omitempty"`

	// keepCapsKey is where a file set keepCaps, even to an empty list: in
	// the managed file, its list is then all that may be kept.
	keepCapsKey Origin
}

// claudeSandboxKeys are keys of Claude Code's sandbox section that
// configure Claude Code's own sandbox runner and mean nothing to
// mewsandbox, which sandboxes every command it runs; they are accepted
// silently.
var claudeSandboxKeys = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"enabled": true, "autoAllowBashIfSandboxed": true, "excludedCommands": true,
		"allowUnsandboxedCommands": true, "ignoreViolations": true, "enableWeakerNestedSandbox": true,
		"enableWeakerNetworkIsolation": true, "ripgrep": true, "bwrapPath": true, "socatPath": true,
		"enabledPlatforms": true, "allowAppleEvents": true, "allowNestedUserNamespaces": true,
		"credentials": true,
		// In filesystem and network:
		"filesystem.allowManagedReadPathsOnly": true, "filesystem.disabled": true,
		"network.allowLocalBinding": true, "network.httpProxyPort": true, "network.socksProxyPort": true,
		"network.allowManagedDomainsOnly": true,
	}
}}

func (p *settingsParser) origin(n *yaml.Node) Origin {
	return Origin{File: p.path, Line: n.Line}
}

// mapping checks that v is a mapping (null is an empty one) and calls f
// for each key.
func (p *settingsParser) mapping(name string, v *yaml.Node, f func(key string, k, v *yaml.Node) error) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return p.errorf(v.Line, "%s must be a mapping, not %s", name, describeNode(v))
	}
	return p.eachKey(v, name+".", f)
}

// sandbox parses the sandbox section.
func (p *settingsParser) sandbox(v *yaml.Node) error {
	sb := &p.s.Sandbox
	return p.mapping("sandbox", v, func(key string, k, v *yaml.Node) error {
		switch key {
		case "filesystem":
			return p.mapping("sandbox.filesystem", v, p.filesystem)
		case "network":
			return p.mapping("sandbox.network", v, p.network)
		case "env":
			return p.mapping("sandbox.env", v, p.env)
		case "presets":
			return p.names("sandbox.presets", v, &sb.Presets, false)
		case "timeout":
			return p.timeout(v)
		case "bestEffort":
			return p.setBool("sandbox.bestEffort", v, &sb.BestEffort, false)
		case "failIfUnavailable": // Claude Code's name, the other way round
			return p.setBool("sandbox.failIfUnavailable", v, &sb.BestEffort, true)
		case "lockFilesystem":
			return p.setBool("sandbox.lockFilesystem", v, &sb.LockFilesystem, false)
		case "limits":
			return p.mapping("sandbox.limits", v, p.limits)
		case "keepCaps":
			return p.keepCaps(v)
		}
		if claudeSandboxKeys.get()[key] {
			return nil
		}
		return p.unknownKey(k, " in sandbox", "filesystem", "network", "env", "limits", "timeout", "failIfUnavailable", "lockFilesystem", "keepCaps")
	})
}

func (p *settingsParser) filesystem(key string, k, v *yaml.Node) error {
	sb := &p.s.Sandbox
	name := "sandbox.filesystem." + key
	switch key {
	case "allowRead":
		return p.paths(name, v, &sb.AllowRead)
	case "allowWrite":
		return p.paths(name, v, &sb.AllowWrite)
	case "denyRead":
		return p.paths(name, v, &sb.DenyRead)
	case "denyWrite":
		// Claude Code's; ignoring it silently would leave someone
		// believing a path is protected.
		p.warnf(k.Line, "%s is not enforced by mewsandbox: commands write only inside the project root and allowWrite paths; use denyRead to keep a path out of reach", name)
		return nil
	}
	if claudeSandboxKeys.get()["filesystem."+key] {
		return nil
	}
	return p.unknownKey(k, " in sandbox.filesystem", "denyRead")
}

func (p *settingsParser) network(key string, k, v *yaml.Node) error {
	sb := &p.s.Sandbox
	name := "sandbox.network." + key
	switch key {
	case "mode":
		s, err := p.str(name, v)
		if err != nil || s == "" {
			return err
		}
		if s != networkNone && s != networkAll {
			return p.errorf(v.Line, "%s: unknown mode %q (want %q or %q)", name, s, networkNone, networkAll)
		}
		return setScalar(p, name, v, &sb.NetworkMode, s)
	case "allowConnect":
		return p.ports(name, v, &sb.AllowConnect)
	case "allowBind":
		return p.ports(name, v, &sb.AllowBind)
	case "allowUnixSockets":
		if v.Kind == yaml.SequenceNode {
			// Claude Code's form: socket paths, honoured only on macOS.
			// mewsandbox cannot allow single sockets either, and allowing
			// all of them would give more than the file asks.
			if len(v.Content) > 0 {
				p.warnf(v.Line, "%s: mewsandbox cannot allow single unix socket paths (neither can Claude Code on Linux), so the list is ignored; set sandbox.network.allowUnixSockets: true to allow every pathname unix socket", name)
			}
			return nil
		}
		return p.setBool(name, v, &sb.AllowUnixSockets, false)
	case "allowAllUnixSockets": // Claude Code's name
		return p.setBool(name, v, &sb.AllowUnixSockets, false)
	case "allowedDomains", "deniedDomains":
		p.warnf(k.Line, "%s is ignored: mewsandbox does not filter by domain (sandbox.network.mode is none or all; allowConnect opens TCP ports)", name)
		return nil
	}
	if claudeSandboxKeys.get()["network."+key] {
		return nil
	}
	return p.unknownKey(k, " in sandbox.network", "mode", "allowUnixSockets")
}

func (p *settingsParser) env(key string, k, v *yaml.Node) error {
	sb := &p.s.Sandbox
	switch key {
	case "pass":
		return p.names("sandbox.env.pass", v, &sb.EnvPass, false)
	case "drop":
		return p.names("sandbox.env.drop", v, &sb.EnvDrop, true)
	}
	return p.unknownKey(k, " in sandbox.env", "drop")
}

// audit parses the top-level audit key: the audit log file.
func (p *settingsParser) audit(v *yaml.Node) error {
	s, err := p.str("audit", v)
	if err != nil || s == "" {
		return err
	}
	if err := checkPath(s); err != nil {
		return p.errorf(v.Line, "audit: %v", err)
	}
	p.s.Audit = Setting[string]{Value: s, Origin: p.origin(v)}
	return nil
}

// trustedProjects reads the trustedProjects key: absolute paths or paths
// in the home directory, each with an optional trailing /**.
func (p *settingsParser) trustedProjects(v *yaml.Node) error {
	return p.stringList("trustedProjects", "trustedProjects", v, func(i int, s string, item *yaml.Node) error {
		dir := strings.TrimSuffix(s, "/**")
		_, home := homeRest(dir)
		err := checkPath(dir)
		if err == nil && !home && !path.IsAbs(dir) {
			err = fmt.Errorf("%q: want an absolute path or one in the home directory (~/src/app), with a trailing /** for every project below it", s)
		}
		if err != nil {
			return p.errorf(item.Line, "trustedProjects[%d]: %v", i, err)
		}
		p.s.TrustedProjects = append(p.s.TrustedProjects, Setting[string]{Value: s, Origin: p.origin(item)})
		return nil
	})
}

// paths appends a list of paths to dst, as written.
func (p *settingsParser) paths(name string, v *yaml.Node, dst *[]Setting[string]) error {
	return p.stringList(name, name, v, func(i int, s string, item *yaml.Node) error {
		clean, err := checkSandboxPath(s)
		if err != nil {
			return p.errorf(item.Line, "%s[%d]: %v", name, i, err)
		}
		*dst = append(*dst, Setting[string]{Value: clean, Origin: p.origin(item)})
		return nil
	})
}

// checkSandboxPath accepts a path to grant or deny, as Claude Code writes
// them in sandbox.filesystem: //abs is absolute, /p relative to the
// project the settings file belongs to, ~/p in the home directory, and ./p
// or p relative to the file's directory (see Discovery.settingsDir). Its
// "dir/**" means the directory and everything below it, which is what a
// path means here. It returns the path as written, without the /**.
func checkSandboxPath(s string) (string, error) {
	if t, ok := strings.CutSuffix(s, "/**"); ok {
		switch t {
		case "": // "/**": the whole project
			t = "/"
		case "/": // "//**": the whole file system
			t = "//"
		}
		s = t
	}
	return s, checkPath(s)
}

// checkPath refuses what a settings path cannot be: empty, a glob, ~user,
// or a variable other than $HOME.
func checkPath(s string) error {
	_, home := homeRest(s)
	switch {
	case s == "":
		return fmt.Errorf("empty path")
	case strings.ContainsAny(s, "*?["):
		return fmt.Errorf("%q: globs are not supported; name the file or directory (a trailing /** is accepted)", s)
	case strings.HasPrefix(s, "~") && !home:
		return fmt.Errorf("%q: ~user paths are not supported; write the path out", s)
	case strings.Contains(s, "$") && !home:
		return fmt.Errorf("%q: variables other than $HOME are not expanded; write the path out", s)
	}
	return nil
}

// names appends a list of environment variable or preset names to dst.
// Wildcards (*) are allowed when glob is set.
func (p *settingsParser) names(name string, v *yaml.Node, dst *[]Setting[string], glob bool) error {
	return p.stringList(name, name, v, func(i int, s string, item *yaml.Node) error {
		switch _, err := path.Match(s, ""); {
		case s == "" || strings.ContainsAny(s, "= \t\n"):
			return p.errorf(item.Line, "%s[%d]: %q is not a name", name, i, s)
		case !glob && strings.ContainsAny(s, "*?[\\"):
			return p.errorf(item.Line, "%s[%d]: %q: exact names only here (no wildcards)", name, i, s)
		case err != nil:
			return p.errorf(item.Line, "%s[%d]: %q: malformed pattern", name, i, s)
		}
		*dst = append(*dst, Setting[string]{Value: s, Origin: p.origin(item)})
		return nil
	})
}

// ports appends a list of TCP ports to dst.
func (p *settingsParser) ports(name string, v *yaml.Node, dst *[]Setting[uint16]) error {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		return p.errorf(v.Line, "%s must be a list of TCP ports, not %s", name, describeNode(v))
	}
	for i, item := range v.Content {
		item = resolveAlias(item)
		var n int64
		if item.Kind != yaml.ScalarNode || item.ShortTag() != "!!int" || item.Decode(&n) != nil {
			return p.errorf(item.Line, "%s[%d]: want a TCP port number, not %s", name, i, describeNode(item))
		}
		if n < 1 || n > math.MaxUint16 {
			return p.errorf(item.Line, "%s[%d]: port %q is out of range (want 1-65535)", name, i, item.Value)
		}
		*dst = append(*dst, Setting[uint16]{Value: uint16(n), Origin: p.origin(item)})
	}
	return nil
}

// timeout parses sandbox.timeout.
func (p *settingsParser) timeout(v *yaml.Node) error {
	const name = "sandbox.timeout"
	d, err := p.duration(name, v)
	if err != nil || d == 0 {
		return err
	}
	return setScalar(p, name, v, &p.s.Sandbox.Timeout, d)
}

// duration reads a positive duration ("90s", "10m") or number of seconds;
// null is 0.
func (p *settingsParser) duration(name string, v *yaml.Node) (time.Duration, error) {
	if isNull(v) {
		return 0, nil
	}
	var d time.Duration
	switch {
	case v.Kind == yaml.ScalarNode && v.ShortTag() == "!!int":
		var n int64
		if err := v.Decode(&n); err != nil || n > math.MaxInt64/int64(time.Second) {
			return 0, p.errorf(v.Line, "%s %q: too large", name, v.Value)
		}
		d = time.Duration(n) * time.Second
	case isString(v):
		var err error
		if d, err = time.ParseDuration(v.Value); err != nil {
			return 0, p.errorf(v.Line, "%s %q: want a duration such as 90s or 10m, or a number of seconds", name, v.Value)
		}
	default:
		return 0, p.errorf(v.Line, "%s must be a duration such as 90s or 10m, or a number of seconds, not %s", name, describeNode(v))
	}
	if d <= 0 {
		return 0, p.errorf(v.Line, "%s %q: must be positive", name, v.Value)
	}
	return d, nil
}

// setBool sets dst from a boolean, inverted when invert is set (Claude
// Code's failIfUnavailable is the opposite of bestEffort).
func (p *settingsParser) setBool(name string, v *yaml.Node, dst *Setting[bool], invert bool) error {
	if isNull(v) {
		return nil
	}
	var b bool
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" || v.Decode(&b) != nil {
		return p.errorf(v.Line, "%s must be true or false, not %s", name, describeNode(v))
	}
	return setScalar(p, name, v, dst, b != invert)
}

// setScalar sets a value a file may give under two names (bestEffort and
// failIfUnavailable), which must then agree.
func setScalar[T comparable](p *settingsParser, name string, v *yaml.Node, dst *Setting[T], val T) error {
	if dst.IsSet() && dst.Value != val {
		return p.errorf(v.Line, "%s contradicts line %d, which sets the same thing the other way", name, dst.Origin.Line)
	}
	*dst = Setting[T]{Value: val, Origin: p.origin(v)}
	return nil
}

// origins returns every origin a set value of s holds.
func (s *Sandbox) origins() []*Origin {
	var out []*Origin
	for _, l := range []*[]Setting[string]{&s.AllowRead, &s.AllowWrite, &s.DenyRead, &s.EnvPass, &s.EnvDrop, &s.Presets, &s.KeepCaps} {
		for i := range *l {
			out = append(out, &(*l)[i].Origin)
		}
	}
	for _, l := range []*[]Setting[uint16]{&s.AllowConnect, &s.AllowBind} {
		for i := range *l {
			out = append(out, &(*l)[i].Origin)
		}
	}
	for _, o := range []*Origin{&s.NetworkMode.Origin, &s.AllowUnixSockets.Origin, &s.Timeout.Origin, &s.BestEffort.Origin, &s.LockFilesystem.Origin, &s.keepCapsKey} {
		if *o != (Origin{}) {
			out = append(out, o)
		}
	}
	return append(out, s.Limits.origins()...)
}

// settle makes a file's paths absolute and stamps every value with the
// file's scope. env.Cwd is the directory bare and ./ paths start from,
// env.Root the project /p paths are relative to, env.Home where ~ points.
//
// A denyRead /p is read both ways, env.Root/p and /p: Claude Code's
// documentation makes /p project-relative, but some of its versions, and
// mewsandbox before it followed them, read /p as absolute, and a deny must
// hold whichever reading the author meant. exists, when not nil, reports
// whether a path is there; settle then warns about a deny that denies
// nothing and a grant whose /p is missing where its absolute reading is
// not, both with file:line.
func (s *Sandbox) settle(scope Scope, env PathEnv, exists func(string) bool) (warnings []string, err error) {
	for _, o := range s.origins() {
		o.Scope = scope
	}
	for _, l := range []struct {
		key  string
		list []Setting[string]
	}{{"sandbox.filesystem.allowRead", s.AllowRead}, {"sandbox.filesystem.allowWrite", s.AllowWrite}} {
		for i := range l.list {
			g := &l.list[i]
			written := g.Value
			abs, err := settlePath(g, l.key, env)
			if err != nil {
				return nil, err
			}
			if exists != nil && abs != "" && abs != g.Value && !exists(g.Value) && exists(abs) {
				warnings = append(warnings, fmt.Sprintf("%s: %s %s means %s, which does not exist (/path is relative to the project root, as in Claude Code); write /%s for %s",
					g.Origin, l.key, written, g.Value, written, abs))
			}
		}
	}
	var denies []Setting[string]
	for _, d := range s.DenyRead {
		written := d.Value
		abs, err := settlePath(&d, "sandbox.filesystem.denyRead", env)
		if err != nil {
			return nil, err
		}
		readings := []Setting[string]{d}
		if abs != "" && abs != d.Value {
			readings = append(readings, Setting[string]{Value: abs, Origin: d.Origin})
		}
		denies = append(denies, readings...)
		if exists != nil && !slices.ContainsFunc(readings, func(r Setting[string]) bool { return exists(r.Value) }) {
			missing := readings[0].Value + " does not exist"
			if len(readings) > 1 {
				missing = fmt.Sprintf("neither %s nor %s exists", readings[0].Value, readings[1].Value)
			}
			warnings = append(warnings, fmt.Sprintf("%s: sandbox.filesystem.denyRead %s: %s, so it only keeps it from being created: check the path (//path is absolute, /path relative to the settings file's project, ~/path in the home directory)",
				d.Origin, written, missing))
		}
	}
	s.DenyRead = denies
	return warnings, nil
}

// settlePath makes the path of s absolute. For a project-relative /p it
// also returns the absolute reading, /p itself; "" otherwise.
func settlePath(s *Setting[string], key string, env PathEnv) (abs string, err error) {
	v := s.Value
	var p string
	switch {
	case strings.HasPrefix(v, "//"):
		p = path.Clean(v[1:])
	case strings.HasPrefix(v, "/"):
		if env.Root == "" {
			return "", s.Origin.errorf("%s %s: no project root to resolve it in; write /%s for the absolute path", key, v, v)
		}
		p, abs = path.Join(env.Root, v), path.Clean(v)
	default:
		p = env.Resolve(v)
		if !path.IsAbs(p) {
			return "", s.Origin.errorf("%s %s: no home directory to expand ~ in", key, v)
		}
	}
	s.Value = p
	return abs, nil
}

// Confine drops from s, a project's own file's sandbox section with its
// paths settled, what would let a sandboxed command reach beyond the
// project root: read and write grants outside it (compared after real,
// which resolves links, when not nil), presets (each grants a cache or
// configuration in the home directory, which a command could poison for
// the host's next build), variables kept although they look secret,
// capabilities kept, best effort, and network (mode all, TCP ports, unix
// sockets). What narrows the sandbox (denyRead, env.drop, network none,
// limits and the timeout, unless looser than the user's: dropLooser) and
// grants inside the project stay. A cloned
// repository's .mewsandbox/settings.yaml with allowWrite: ["~"] had its
// commands write ~/.bashrc. It returns the keys dropped, in the file's
// terms.
func (s *Sandbox) Confine(root string, real func(string) string) (dropped []string) {
	real = orAsWritten(real)
	realRoot := real(root)
	for _, l := range []struct {
		key  string
		list *[]Setting[string]
	}{{"sandbox.filesystem.allowRead", &s.AllowRead}, {"sandbox.filesystem.allowWrite", &s.AllowWrite}} {
		kept := (*l.list)[:0:0]
		for _, g := range *l.list {
			if root != "" && within(real(g.Value), realRoot) {
				kept = append(kept, g)
				continue
			}
			dropped = append(dropped, l.key+" "+g.Value)
		}
		*l.list = kept
	}
	return append(dropped, s.dropReach()...)
}

// orAsWritten returns real, a resolver of links, or for nil one that
// takes paths as written.
func orAsWritten(real func(string) string) func(string) string {
	if real == nil {
		return func(p string) string { return p }
	}
	return real
}

// dropReach drops from s what reaches beyond the files it grants, from a
// file that may not widen the sandbox (Confine, KeepRestrictions):
// presets, variables kept although they look secret, capabilities kept,
// best effort, and network (mode all, TCP ports, unix sockets). It
// returns the keys dropped, with the presets and variables named.
func (s *Sandbox) dropReach() (dropped []string) {
	drop := func(key string, set bool) bool {
		if set {
			dropped = append(dropped, key)
		}
		return set
	}
	if drop("sandbox.presets "+strings.Join(Values(s.Presets), " "), len(s.Presets) > 0) {
		s.Presets = nil
	}
	if drop("sandbox.env.pass "+strings.Join(Values(s.EnvPass), " "), len(s.EnvPass) > 0) {
		s.EnvPass = nil
	}
	// An empty keepCaps, which in the managed file lets no capability
	// be kept, means nothing here.
	if drop("sandbox.keepCaps", len(s.KeepCaps) > 0) {
		s.KeepCaps = nil
	}
	s.keepCapsKey = Origin{}
	if drop("sandbox.bestEffort", s.BestEffort.Value) {
		s.BestEffort = Setting[bool]{}
	}
	if drop("sandbox.network.mode all", s.NetworkMode.Value == networkAll) {
		s.NetworkMode = Setting[string]{}
	}
	if drop("sandbox.network.allowConnect", len(s.AllowConnect) > 0) {
		s.AllowConnect = nil
	}
	if drop("sandbox.network.allowBind", len(s.AllowBind) > 0) {
		s.AllowBind = nil
	}
	if drop("sandbox.network.allowUnixSockets", s.AllowUnixSockets.Value) {
		s.AllowUnixSockets = Setting[bool]{}
	}
	return dropped
}

// mergeSandboxFile adds one file's sandbox section, its paths settled,
// and its audit key to c, resolving the audit key's path in env.
func (c *Config) mergeSandboxFile(s *Settings, scope Scope, env PathEnv) error {
	if err := c.mergeSandbox(&s.Sandbox); err != nil {
		return err
	}
	if a := s.Audit; a.IsSet() {
		a.Origin.Scope = scope
		if _, err := settlePath(&a, "audit", env); err != nil {
			return err
		}
		if (scope == ScopeProject || scope == ScopeLocal) && (!c.managedAudit.IsSet() || a.Value != c.managedAudit.Value) {
			// A sandboxed command may write the project's settings (without
			// the namespace layer, or in a project nested in another): a
			// log it named outside the project, ~/.bash_aliases or
			// /etc/profile.d/x.sh, would be made and would run the
			// subjects the command chose ("$(…)") at the next login. The
			// managed log named again changes nothing.
			return a.Origin.errorf("audit: a project's settings cannot name the audit log, which a sandboxed command could point at a file a shell runs: name it in your own settings (~/.config/mewsandbox/settings.yaml), the managed settings or with --audit")
		}
		// Another audit log than the administrator's would take runs out
		// of it.
		if err := mergeScalar(&c.audit, a, c.managedAudit, "audit", func(v, floor string) bool { return v != floor }); err != nil {
			return err
		}
		c.Audit, c.AuditSource = c.audit.Value, c.audit.Origin.String()
		if scope == ScopeManaged {
			c.managedAudit = a
		}
	}
	if scope == ScopeManaged {
		c.managed = s.Sandbox
	}
	return nil
}

// MergeSandbox adds a sandbox section from a higher-precedence source, the
// command-line flags (values made with FlagSetting), to c.Sandbox under
// the rules Load merges files by:
//
//   - lists (paths, ports, env names, presets, keepCaps) are unioned;
//   - a scalar (network mode, allowUnixSockets, timeout, bestEffort, each
//     limit) set by a higher-precedence source replaces a lower one's; two
//     files of one scope that disagree are an error; a flag replaces any
//     file's;
//   - the managed file can only be tightened: no other source may relax a
//     scalar it sets (network none to all, allowUnixSockets or bestEffort
//     false to true, a longer timeout, a larger limit), add a TCP port
//     when it sets the network mode to none, add a path or preset when it
//     sets lockFilesystem, or keep a capability its keepCaps, when it sets
//     one (an empty list too), does not list; its denyRead cannot be
//     lifted, nor a limit it sets removed, since nothing removes a list
//     entry or unsets a scalar and a grant inside a denied path is an
//     error;
//   - a path granted (allowRead, allowWrite) inside a denied one, or an
//     env name both passed and dropped, is an error naming both.
//
// Errors name the file and line (or flag) of both settings involved.
func (c *Config) MergeSandbox(in Sandbox) error {
	if err := c.mergeSandbox(&in); err != nil {
		return err
	}
	return c.Sandbox.check()
}

func (c *Config) mergeSandbox(in *Sandbox) error {
	s, floor := &c.Sandbox, &c.managed
	if err := floor.refuses(in); err != nil {
		return err
	}
	looserBool := func(v, floor bool) bool { return v && !floor }
	if err := mergeScalar(&s.NetworkMode, in.NetworkMode, floor.NetworkMode, "sandbox.network.mode",
		func(v, floor string) bool { return v == networkAll && floor == networkNone }); err != nil {
		return err
	}
	if err := mergeScalar(&s.AllowUnixSockets, in.AllowUnixSockets, floor.AllowUnixSockets, "sandbox.network.allowUnixSockets", looserBool); err != nil {
		return err
	}
	if err := mergeScalar(&s.Timeout, in.Timeout, floor.Timeout, "sandbox.timeout",
		func(v, floor time.Duration) bool { return v > floor }); err != nil {
		return err
	}
	if err := mergeScalar(&s.BestEffort, in.BestEffort, floor.BestEffort, "sandbox.bestEffort", looserBool); err != nil {
		return err
	}
	if err := s.Limits.merge(&in.Limits, &floor.Limits); err != nil {
		return err
	}
	if l := in.LockFilesystem; l.IsSet() {
		if l.Origin.Scope == ScopeManaged {
			s.LockFilesystem = l
		} else {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: sandbox.lockFilesystem has effect only in the managed settings file", l.Origin))
		}
	}
	s.AllowRead = union(s.AllowRead, in.AllowRead)
	s.AllowWrite = union(s.AllowWrite, in.AllowWrite)
	s.DenyRead = union(s.DenyRead, in.DenyRead)
	s.AllowConnect = union(s.AllowConnect, in.AllowConnect)
	s.AllowBind = union(s.AllowBind, in.AllowBind)
	s.EnvPass = union(s.EnvPass, in.EnvPass)
	s.EnvDrop = union(s.EnvDrop, in.EnvDrop)
	s.Presets = union(s.Presets, in.Presets)
	s.KeepCaps = union(s.KeepCaps, in.KeepCaps)
	return nil
}

// mergeScalar sets *cur to in by the rules of MergeSandbox; floor is the
// managed file's value and looser says whether a value relaxes it.
func mergeScalar[T comparable](cur *Setting[T], in, floor Setting[T], key string, looser func(v, floor T) bool) error {
	sameScope := cur.IsSet() && in.Origin.Flag == "" && cur.Origin.Flag == "" && cur.Origin.Scope == in.Origin.Scope
	switch {
	case !in.IsSet():
		return nil
	case floor.IsSet() && in.Origin.Scope != ScopeManaged && looser(in.Value, floor.Value):
		return in.Origin.errorf("%s %v relaxes the managed %v at %s: the managed settings can only be tightened",
			in.Origin.label(key), in.Value, floor.Value, floor.Origin)
	case sameScope && cur.Value != in.Value:
		return in.Origin.errorf("%s %v contradicts %v at %s (both %s settings): remove one, or override it in a higher-precedence file",
			key, in.Value, cur.Value, cur.Origin, in.Origin.Scope)
	case sameScope:
		return nil // the same value again: the first file keeps it
	}
	*cur = in
	return nil
}

// refuses returns an error for the first setting of in, from another
// source than the managed file m, that would widen what m fixes. Naming
// again what m itself lists widens nothing.
func (m *Sandbox) refuses(in *Sandbox) error {
	if lock := m.LockFilesystem; lock.Value {
		for _, l := range []struct {
			key       string
			list, own []Setting[string]
		}{{"sandbox.filesystem.allowRead", in.AllowRead, m.AllowRead}, {"sandbox.filesystem.allowWrite", in.AllowWrite, m.AllowWrite}, {"sandbox.presets", in.Presets, m.Presets}} {
			if e, ok := firstNew(l.list, l.own); ok {
				return e.Origin.errorf("%s %s: the managed settings lock the filesystem at %s, so only they grant paths",
					e.Origin.label(l.key), e.Value, lock.Origin)
			}
		}
	}
	if err := m.refusesCaps(in); err != nil {
		return err
	}
	if mode := m.NetworkMode; mode.Value == networkNone {
		for _, l := range []struct {
			key       string
			list, own []Setting[uint16]
		}{{"sandbox.network.allowConnect", in.AllowConnect, m.AllowConnect}, {"sandbox.network.allowBind", in.AllowBind, m.AllowBind}} {
			if e, ok := firstNew(l.list, l.own); ok {
				return e.Origin.errorf("%s %d: the managed settings fix the network to none at %s; only they can open ports",
					e.Origin.label(l.key), e.Value, mode.Origin)
			}
		}
	}
	return nil
}

// firstNew returns the first entry of list, from another source than the
// managed file, whose value own lacks.
func firstNew[T comparable](list, own []Setting[T]) (Setting[T], bool) {
	for _, e := range list {
		if e.Origin.Scope != ScopeManaged && !slices.ContainsFunc(own, func(o Setting[T]) bool { return o.Value == e.Value }) {
			return e, true
		}
	}
	return Setting[T]{}, false
}

// union appends the entries of add whose value dst lacks.
func union[T comparable](dst, add []Setting[T]) []Setting[T] {
	for _, a := range add {
		if !slices.ContainsFunc(dst, func(d Setting[T]) bool { return d.Value == a.Value }) {
			dst = append(dst, a)
		}
	}
	return dst
}

// check reports the contradictions of a merged section: a path granted
// inside a denied one, and an env name both passed and dropped.
func (s *Sandbox) check() error {
	for _, l := range []struct {
		key  string
		list []Setting[string]
	}{{"sandbox.filesystem.allowRead", s.AllowRead}, {"sandbox.filesystem.allowWrite", s.AllowWrite}} {
		for _, g := range l.list {
			if d, ok := s.DeniedBy(g.Value); ok {
				return g.Origin.errorf("%s %s: denyRead %s at %s covers it, and a path cannot be both granted and denied: remove one",
					g.Origin.label(l.key), g.Value, d.Value, d.Origin)
			}
		}
	}
	for _, pass := range s.EnvPass {
		for _, drop := range s.EnvDrop {
			if ok, _ := path.Match(drop.Value, pass.Value); ok {
				return pass.Origin.errorf("%s %s is dropped by sandbox.env.drop %s at %s: remove one",
					pass.Origin.label("sandbox.env.pass"), pass.Value, drop.Value, drop.Origin)
			}
		}
	}
	return nil
}

// DeniedBy returns the denyRead entry that the absolute, clean path p
// equals or lies below.
func (s *Sandbox) DeniedBy(p string) (Setting[string], bool) {
	for _, d := range s.DenyRead {
		if within(p, d.Value) {
			return d, true
		}
	}
	return Setting[string]{}, false
}
