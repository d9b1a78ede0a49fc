package seatbelt

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden profiles in testdata/*.sbpl")

// The golden policies use paths that exist on no test machine, so the
// profiles are the same everywhere.
const (
	testHome = "/Users/dev"
	testRoot = "/Users/dev/project"
	testTemp = "/private/var/folders/xy/abc123/T/mewsandbox-42"
)

func defaultPolicy() Policy {
	return Policy{Root: testRoot, TempDir: testTemp}
}

// goldenCases are the default policy and one case per flag that changes the
// profile.
var goldenCases = []struct {
	name string
	edit func(*Policy)
}{
	{"default", func(*Policy) {}},
	{"read-only-root", func(p *Policy) { p.ReadOnlyRoot = true }},
	{"allow-read", func(p *Policy) { p.Read = []string{"/Users/dev/.cargo", "/Users/dev/go/pkg"} }},
	{"allow-write", func(p *Policy) { p.Write = []string{"/Users/dev/.cache/go-build", "/Volumes/scratch"} }},
	{"deny-read", func(p *Policy) { p.DenyRead = []string{"/Users/dev/project/secrets", "/Users/dev/project/.env"} }},
	{"network-all", func(p *Policy) { p.Network = Network{All: true} }},
	{"network-all-unix-sockets", func(p *Policy) { p.Network = Network{All: true, UnixSockets: true} }},
	{"allow-connect", func(p *Policy) { p.Network = Network{Connect: []uint16{8080, 3128}} }},
	{"allow-bind", func(p *Policy) { p.Network = Network{Bind: []uint16{3000}} }},
	{"allow-unix-sockets", func(p *Policy) { p.Network = Network{UnixSockets: true} }},
	{"hook-modules", func(p *Policy) {
		p.ModuleDirs = []ModuleDir{{Path: testRoot + "/scripts/hooks", Modules: []string{"check.py", "helpers.py", "pkg"}}}
	}},
}

// golden is what a golden file holds: the profile, then the parameters as
// comments (they are not part of the profile).
func golden(profile string, params []string) string {
	var b strings.Builder
	b.WriteString(profile)
	b.WriteString("\n;; Parameters, passed as sandbox-exec -D NAME=VALUE (not part of the profile):\n")
	for _, p := range params {
		b.WriteString(";; " + p + "\n")
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			p := defaultPolicy()
			tc.edit(&p)
			profile, params, err := Render(p, testHome)
			if err != nil {
				t.Fatal(err)
			}
			checkProfile(t, p, profile, params)
			got := golden(profile, params)
			path := filepath.Join("testdata", tc.name+".sbpl")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./seatbelt -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the rendered profile (run go test ./seatbelt -update and review the diff):\n%s", path, firstDiff(string(want), got))
			}
			// The golden file itself is valid SBPL: the parameter trailer
			// is comments.
			if _, err := parseSBPL(string(want)); err != nil {
				t.Errorf("%s: %v", path, err)
			}
		})
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, wl, gl)
		}
	}
	return "(no line differs)"
}

// The operations and filters the profile may use. A misspelt name would
// make sandbox-exec refuse the profile on macOS, where these tests do not
// run.
var (
	knownOps = set("process-fork", "signal", "process-info*", "mach-host*", "pseudo-tty",
		"ipc-posix-sem", "ipc-posix-shm", "mach-lookup", "sysctl-read", "file-read*",
		"file-read-metadata", "process-exec*", "file-map-executable", "file-write*",
		"file-write-data", "file-write-unlink", "file-write-create", "file-ioctl", "network*", "network-outbound",
		"network-bind", "network-inbound", "system-socket")
	knownFilters = set("target", "global-name", "sysctl-name", "sysctl-name-prefix", "literal",
		"subpath", "regex", "param", "remote", "local", "ip", "unix-socket", "socket-domain",
		"require-all", "require-any", "require-not", "vnode-type")
	// bareAllows are the only operations allowed without a filter.
	bareAllows = set("process-fork", "mach-host*", "pseudo-tty", "ipc-posix-sem", "ipc-posix-shm")
	// bareNetworkAllows are added to them by Network.All.
	bareNetworkAllows = set("network*", "system-socket")
)

func set(xs ...string) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// rule is a parsed (allow|deny ops… filters…) form.
type rule struct {
	action  string
	ops     []string
	filters []*node
	index   int
}

func (r rule) hasOp(prefix string) bool {
	return slices.ContainsFunc(r.ops, func(op string) bool { return strings.HasPrefix(op, prefix) })
}

// pathArg returns the path a (literal|subpath X) filter names, resolving
// (param "N"), and whether it came from a parameter.
func pathArg(t *testing.T, f *node, params map[string]string) (kind, path string, fromParam bool) {
	t.Helper()
	if len(f.kids) != 2 {
		t.Fatalf("filter %v: want one argument", f)
	}
	arg := f.kids[1]
	switch {
	case arg.kind == stringNode:
		return f.head(), arg.text, false
	case arg.head() == "param" && len(arg.kids) == 2 && arg.kids[1].kind == stringNode:
		v, ok := params[arg.kids[1].text]
		if !ok {
			t.Fatalf("filter %v: parameter %q is not defined", f, arg.kids[1].text)
		}
		return f.head(), v, true
	}
	t.Fatalf("filter %v: argument is neither a string nor (param \"NAME\")", f)
	return "", "", false
}

// checkProfile checks what must hold for every rendered profile, whatever
// the policy.
func checkProfile(t *testing.T, p Policy, profile string, params []string) []rule {
	t.Helper()
	forms, err := parseSBPL(profile)
	if err != nil {
		t.Fatalf("profile does not parse: %v\n%s", err, profile)
	}
	if len(forms) < 2 || forms[0].String() != "(version 1)" || forms[1].String() != "(deny default)" {
		t.Fatalf("profile must start with (version 1) (deny default), starts with %v", forms[:min(2, len(forms))])
	}

	paramValues := map[string]string{}
	for _, kv := range params {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			t.Fatalf("parameter %q: want NAME=VALUE", kv)
		}
		if _, dup := paramValues[name]; dup {
			t.Fatalf("parameter %s defined twice", name)
		}
		if strings.ContainsAny(value, "\x00\n\r") {
			t.Fatalf("parameter %s=%q holds a NUL or line break", name, value)
		}
		paramValues[name] = value
	}
	used := map[string]bool{}

	var rules []rule
	for i, f := range forms[2:] {
		if f.kind != listNode || (f.head() != "allow" && f.head() != "deny") || len(f.kids) < 2 {
			t.Fatalf("top-level form %v: want (allow|deny …)", f)
		}
		r := rule{action: f.head(), index: i}
		for _, k := range f.kids[1:] {
			switch {
			case k.kind == atomNode && len(r.filters) == 0:
				if !knownOps[k.text] {
					t.Errorf("%v: unknown operation %q", f, k.text)
				}
				r.ops = append(r.ops, k.text)
			case k.kind == listNode:
				r.filters = append(r.filters, k)
			default:
				t.Errorf("%v: unexpected %v", f, k)
			}
		}
		if len(r.ops) == 0 {
			t.Errorf("%v: no operation", f)
		}
		f.walk(func(n *node) {
			if n.kind == listNode && n != f && n.head() != "" && !knownFilters[n.head()] {
				t.Errorf("%v: unknown filter %q", f, n.head())
			}
			if n.head() == "param" && len(n.kids) == 2 {
				used[n.kids[1].text] = true
			}
			// No string in the profile is a parameter's value: every
			// policy path goes through -D, never into the text.
			if n.kind == stringNode && !strings.Contains(constantText(), testQuote(n.text)) {
				for name, v := range paramValues {
					if n.text == v {
						t.Errorf("%v: the value of parameter %s is written into the profile", f, name)
					}
				}
			}
		})
		if r.action == "allow" && len(r.filters) == 0 {
			for _, op := range r.ops {
				if !bareAllows[op] && !(p.Network.All && bareNetworkAllows[op]) {
					t.Errorf("%v: %s allowed without a filter", f, op)
				}
			}
		}
		rules = append(rules, r)
	}
	for name := range paramValues {
		if !used[name] {
			t.Errorf("parameter %s is defined but never used", name)
		}
	}
	for name := range used {
		if _, ok := paramValues[name]; !ok {
			t.Errorf("parameter %s is used but not defined", name)
		}
	}
	for _, v := range paramValues {
		if strings.Contains(profile, v) && !strings.Contains(constantText(), v) {
			t.Errorf("parameter value %q appears in the profile text", v)
		}
	}

	checkPathsCanonical(t, rules, paramValues)
	checkWritesConfined(t, p, rules, paramValues)
	checkDeniesLast(t, rules)
	return rules
}

// constantText is the text every profile holds whatever the policy; a
// parameter value may happen to be part of it (/Volumes in
// /System/Volumes).
var constantText = sync.OnceValue(func() string {
	profile, _, err := Render(Policy{Network: Network{All: true}}, "")
	if err != nil {
		panic(err)
	}
	return profile
})

// checkPathsCanonical checks that every path a rule names is spelt as
// Seatbelt sees it: from a parameter, exactly what Canonical returns; as a
// literal, clean, absolute and /private-prefixed. The top-level links
// themselves (/etc, /tmp, /var) may only be lstat'ed.
func checkPathsCanonical(t *testing.T, rules []rule, params map[string]string) {
	t.Helper()
	for _, r := range rules {
		for _, f := range r.filters {
			if f.head() != "literal" && f.head() != "subpath" {
				continue
			}
			kind, p, fromParam := pathArg(t, f, params)
			if fromParam {
				if c, err := Canonical(p); err != nil || c != p {
					t.Errorf("%s %s: parameter value %q is not canonical (Canonical = %q, %v)", r.action, kind, p, c, err)
				}
				continue
			}
			if filepath.Clean(p) != p || !strings.HasPrefix(p, "/") {
				t.Errorf("%s %s %q: not clean and absolute", r.action, kind, p)
			}
			if private(p) != p && !(slices.Equal(r.ops, []string{"file-read-metadata"}) && slices.Contains(systemLinks, p)) {
				t.Errorf("%s %v %s %q: Seatbelt sees it as %q", r.action, r.ops, kind, p, private(p))
			}
		}
	}
}

// devicePaths are the device filters the profile may let a command write.
var devicePaths = set(`(literal "/dev/null")`, `(literal "/dev/zero")`, `(literal "/dev/random")`,
	`(literal "/dev/urandom")`, `(literal "/dev/tty")`, `(literal "/dev/ptmx")`,
	`(regex #"^/dev/ttys[0-9]+$")`, `(subpath "/dev/fd")`, `(literal "/dev/dtracehelper")`)

// checkWritesConfined checks that no rule grants a write outside the
// project root (when writable), the temp dir, the write grants and the
// listed device nodes.
func checkWritesConfined(t *testing.T, p Policy, rules []rule, params map[string]string) {
	t.Helper()
	var allowed []string
	for _, w := range append([]string{p.TempDir}, p.Write...) {
		if w != "" {
			allowed = append(allowed, mustCanonical(t, w))
		}
	}
	if p.Root != "" && !p.ReadOnlyRoot {
		allowed = append(allowed, mustCanonical(t, p.Root))
	}
	for _, r := range rules {
		if r.action != "allow" {
			continue
		}
		for _, op := range r.ops {
			if op == "file-write*" || strings.HasPrefix(op, "file-write") || op == "file*" || op == "default" {
				if len(r.filters) == 0 {
					t.Fatalf("allow %v: a write with no filter", r.ops)
				}
				break
			}
		}
		if !r.hasOp("file-write") {
			continue
		}
		for _, f := range r.filters {
			if devicePaths[f.String()] {
				if !slices.Equal(r.ops, []string{"file-read*", "file-write-data", "file-ioctl"}) {
					t.Errorf("allow %v %v: devices may only be read, written and ioctl'ed", r.ops, f)
				}
				continue
			}
			if f.head() != "subpath" && f.head() != "literal" {
				t.Errorf("allow %v %v: a write through a filter that is not a listed device or path", r.ops, f)
				continue
			}
			_, path, fromParam := pathArg(t, f, params)
			if !fromParam || !slices.ContainsFunc(allowed, func(a string) bool { return within(path, a) }) {
				t.Errorf("allow %v %v: grants a write to %s, outside %v and the listed devices", r.ops, f, path, allowed)
			}
		}
	}
}

// checkDeniesLast checks that every file deny comes after every file
// allow: the last matching rule decides, so an allow after a deny would
// reopen it.
func checkDeniesLast(t *testing.T, rules []rule) {
	t.Helper()
	lastAllow, firstDeny := -1, len(rules)
	for _, r := range rules {
		if !r.hasOp("file-") && !r.hasOp("process-exec") {
			continue
		}
		if r.action == "allow" {
			lastAllow = r.index
		} else if r.index < firstDeny {
			firstDeny = r.index
		}
	}
	if lastAllow > firstDeny {
		t.Errorf("a file allow (form %d) follows a file deny (form %d)", lastAllow, firstDeny)
	}
}

func mustCanonical(t *testing.T, p string) string {
	t.Helper()
	c, err := Canonical(p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func paramMap(params []string) map[string]string {
	m := map[string]string{}
	for _, kv := range params {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// valuesOf returns the values of the parameters whose names start with
// prefix.
func valuesOf(params []string, prefix string) []string {
	var out []string
	for _, kv := range params {
		if k, v, _ := strings.Cut(kv, "="); strings.HasPrefix(k, prefix) {
			out = append(out, v)
		}
	}
	return out
}

// rulesWith returns the printed rules whose filters mention the path.
func rulesWith(t *testing.T, profile string, params []string, path string) []string {
	t.Helper()
	forms, err := parseSBPL(profile)
	if err != nil {
		t.Fatal(err)
	}
	values := paramMap(params)
	var out []string
	for _, f := range forms {
		for _, k := range f.kids {
			if (k.head() == "subpath" || k.head() == "literal") && len(k.kids) == 2 {
				arg := k.kids[1]
				v := arg.text
				if arg.head() == "param" {
					v = values[arg.kids[1].text]
				}
				if v == path {
					out = append(out, f.kids[0].text+" "+opsOf(f)+" "+k.head())
				}
			}
		}
	}
	return out
}

func opsOf(f *node) string {
	var ops []string
	for _, k := range f.kids[1:] {
		if k.kind != atomNode {
			break
		}
		ops = append(ops, k.text)
	}
	return strings.Join(ops, " ")
}

func TestRenderWritesOnlyWhereGranted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		p    Policy
	}{
		{"empty policy", Policy{}},
		{"root only", Policy{Root: testRoot}},
		{"read-only root, no temp", Policy{Root: testRoot, ReadOnlyRoot: true}},
		{"read-only root with temp", Policy{Root: testRoot, ReadOnlyRoot: true, TempDir: testTemp}},
		{"read grants are not writes", Policy{Root: testRoot, Read: []string{"/Users/dev/ref"}}},
		{"everything", Policy{Root: testRoot, TempDir: testTemp, Read: []string{"/Users/dev/ref"},
			Write: []string{"/Volumes/x"}, DenyRead: []string{testRoot + "/s"}, DenyWrite: []string{testRoot + "/w"},
			Network: Network{All: true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			profile, params, err := Render(tc.p, testHome)
			if err != nil {
				t.Fatal(err)
			}
			rules := checkProfile(t, tc.p, profile, params)
			if tc.p.Root == "" || tc.p.ReadOnlyRoot {
				for _, r := range rules {
					if r.action == "allow" && slices.Contains(r.ops, "file-write*") {
						for _, f := range r.filters {
							if tc.p.Root != "" && f.String() == `(subpath (param "ROOT"))` {
								t.Errorf("read-only root is writable: %v", f)
							}
						}
					}
				}
			}
		})
	}
}

// TestRenderHostilePaths renders policies whose every path holds SBPL
// syntax. The profile must be byte for byte the one a harmless path of the
// same shape gives, and the parameters must carry the paths unchanged.
func TestRenderHostilePaths(t *testing.T) {
	t.Parallel()
	hostile := []string{
		`"`, `\`, `)`, `\"`, `"))(allow default)((`, `(allow default)`, `") (allow file-write* (subpath "x")) ("`,
		`;`, `#"`, `#|`, `|#`, "é", " ",
	}
	for _, h := range hostile {
		t.Run(h, func(t *testing.T) {
			t.Parallel()
			// Q marks where the hostile text goes; ŧ is its harmless twin,
			// in none of the names protected in the root (.qwen has a q).
			mk := func(x string) (Policy, string) {
				f := func(s string) string { return strings.ReplaceAll(s, "Q", x) }
				return Policy{
					Root: f("/Users/dQ/pQ"), TempDir: f("/private/var/folders/Q/T/m"),
					Read: []string{f("/Users/dQ/rQ")}, Write: []string{f("/Volumes/Q")},
					DenyRead: []string{f("/Users/dQ/pQ/sQ")}, DenyWrite: []string{f("/Users/dQ/pQ/wQ")},
				}, f("/Users/dQ")
			}
			ep, ehome := mk(h)
			pp, phome := mk("ŧ")
			eprofile, eparams, err := Render(ep, ehome)
			if err != nil {
				t.Fatal(err)
			}
			pprofile, pparams, err := Render(pp, phome)
			if err != nil {
				t.Fatal(err)
			}
			if eprofile != pprofile {
				t.Errorf("a path holding %q changed the profile:\n%s", h, firstDiff(pprofile, eprofile))
			}
			checkProfile(t, ep, eprofile, eparams)
			if len(eparams) != len(pparams) {
				t.Fatalf("parameters: %d with %q, %d without", len(eparams), h, len(pparams))
			}
			for i := range eparams {
				if want := strings.ReplaceAll(pparams[i], "ŧ", h); eparams[i] != want {
					t.Errorf("parameter %q, want %q", eparams[i], want)
				}
			}
			if ev := paramMap(eparams); ev["ROOT"] != ep.Root {
				t.Errorf("ROOT=%q, want the root unchanged, %q", ev["ROOT"], ep.Root)
			}
		})
	}
}

func TestRenderRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home", "dev")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"claude":   "/", // ANCHOR 14: /tmp/claude -> / created before the profile is regenerated
		"usr":      "/usr",
		"to-home":  home,
		"to-homes": filepath.Dir(home),
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	base := Policy{Root: testRoot, TempDir: testTemp}
	with := func(f func(*Policy)) Policy { p := base; f(&p); return p }
	for _, tc := range []struct {
		name    string
		p       Policy
		home    string
		wantErr string
	}{
		{"temp dir linked to /", with(func(p *Policy) { p.TempDir = dir + "/claude" }), home, "resolves to /, which would make the whole file system writable"},
		{"write grant linked to /", with(func(p *Policy) { p.Write = []string{dir + "/claude"} }), home, "the whole file system"},
		{"root linked to /", with(func(p *Policy) { p.Root = dir + "/claude" }), home, "the whole file system"},
		{"write grant of /", with(func(p *Policy) { p.Write = []string{"/"} }), home, "the whole file system"},
		{"write grant linked to /usr", with(func(p *Policy) { p.Write = []string{dir + "/usr"} }), home, "the system location /usr"},
		{"write grant above a system location", with(func(p *Policy) { p.Write = []string{"/private"} }), testHome, "the system location /private/etc"},
		{"write grant of /dev", with(func(p *Policy) { p.Write = []string{"/dev"} }), testHome, "the system location /dev"},
		{"write grant of /System", with(func(p *Policy) { p.Write = []string{"/System"} }), home, "the system location /System/Library"},
		{"temp dir linked to home", with(func(p *Policy) { p.TempDir = dir + "/to-home" }), home, "the home directory"},
		{"write grant linked above home", with(func(p *Policy) { p.Write = []string{dir + "/to-homes"} }), home, "the home directory"},
		{"root above home", with(func(p *Policy) { p.Root = filepath.Dir(home) }), home, "the home directory"},
		{"deny-read of the root", with(func(p *Policy) { p.DenyRead = []string{testRoot} }), testHome, "nowhere to work"},
		{"deny-read above the root", with(func(p *Policy) { p.DenyRead = []string{"/Users/dev"} }), testHome, "nowhere to work"},
		{"deny-read of a read-only root", with(func(p *Policy) { p.ReadOnlyRoot = true; p.DenyRead = []string{testRoot} }), testHome, "nowhere to work"},
		{"deny-read above the temp dir", with(func(p *Policy) { p.DenyRead = []string{"/private/var/folders"} }), testHome, "nowhere to work"},
		{"deny-read of a write grant", with(func(p *Policy) { p.Write = []string{"/Volumes/x"}; p.DenyRead = []string{"/Volumes/x"} }), testHome, "nowhere to work"},
		{"root inside a credential store", with(func(p *Policy) { p.Root = "/Users/dev/.ssh/project" }), testHome, "nowhere to work"},
		{"relative root", with(func(p *Policy) { p.Root = "project" }), testHome, "relative"},
		{"relative read", with(func(p *Policy) { p.Read = []string{"../x"} }), testHome, "relative"},
		{"empty write", with(func(p *Policy) { p.Write = []string{""} }), testHome, "empty path"},
		{"NUL in root", with(func(p *Policy) { p.Root = "/Users/dev/p\x00(allow default)" }), testHome, "NUL"},
		{"NUL in deny-read", with(func(p *Policy) { p.DenyRead = []string{"/a\x00"} }), testHome, "NUL"},
		{"newline in temp dir", with(func(p *Policy) { p.TempDir = "/private/tmp/x\n(allow default)" }), testHome, "line break"},
		{"newline in deny-write", with(func(p *Policy) { p.DenyWrite = []string{"/a\n"} }), testHome, "line break"},
		{"newline in home", base, "/Users/dev\n", "line break"},
		{"relative home", base, "dev", "relative"},
		{"ports with all", with(func(p *Policy) { p.Network = Network{All: true, Connect: []uint16{80}} }), testHome, "Network.All"},
		{"port 0", with(func(p *Policy) { p.Network = Network{Bind: []uint16{0}} }), testHome, "port 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			profile, params, err := Render(tc.p, tc.home)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("Render = %d bytes, %v, %v; want error %q", len(profile), params, err, tc.wantErr)
			}
			if profile != "" || params != nil {
				t.Errorf("Render returned a profile with its error")
			}
		})
	}
}

// TestRenderSymlinkedGrant is ANCHOR 14's other half: a grant that is a
// symbolic link becomes a grant of its resolved target, never of the link's
// spelling (which Seatbelt would not match) nor of more.
func TestRenderSymlinkedGrant(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"write-link", "temp-link", "read-link"} {
		if err := os.Symlink(target, filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	want := mustCanonical(t, target)
	for _, tc := range []struct {
		name string
		p    Policy
	}{
		{"write", Policy{Root: testRoot, Write: []string{dir + "/write-link"}}},
		{"temp dir", Policy{Root: testRoot, TempDir: dir + "/temp-link"}},
		{"read", Policy{Root: testRoot, Read: []string{dir + "/read-link"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			profile, params, err := Render(tc.p, testHome)
			if err != nil {
				t.Fatal(err)
			}
			checkProfile(t, tc.p, profile, params)
			got := rulesWith(t, profile, params, want)
			if len(got) == 0 {
				t.Fatalf("no rule names the link's target %s; params %v", want, params)
			}
			for _, v := range paramMap(params) {
				if strings.HasSuffix(v, "-link") {
					t.Errorf("a parameter names the link itself: %s", v)
				}
			}
		})
	}
}

// TestRenderProtectedPaths checks the root's protected entries: denied
// (as given and as resolved), their creation denied, and the directories
// above them not renamable.
func TestRenderProtectedPaths(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".git", "objects"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "decoy"), 0o755); err != nil {
		t.Fatal(err)
	}
	// ANCHOR 10: .claude is a link to a decoy inside the root.
	if err := os.Symlink("decoy", filepath.Join(root, ".claude")); err != nil {
		t.Fatal(err)
	}
	p := Policy{Root: root, TempDir: testTemp, DenyWrite: []string{root + "/generated"}}
	profile, params, err := Render(p, testHome)
	if err != nil {
		t.Fatal(err)
	}
	checkProfile(t, p, profile, params)
	croot := mustCanonical(t, root)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{croot + "/.git", []string{"deny file-write* literal"}}, // file-write* covers its rename
		{croot + "/.git/hooks", []string{"deny file-write* subpath"}},
		{croot + "/.git/config", []string{"deny file-write* subpath"}},
		{croot + "/.git/commondir", []string{"deny file-write* literal"}}, // absent: its creation is denied
		{croot + "/.mewsandbox", []string{"deny file-write* subpath"}},    // absent: its creation is denied too
		{croot + "/.claude", []string{"deny file-write* subpath"}},        // the link itself
		{croot + "/decoy", []string{"deny file-write* subpath"}},          // what it points to
		{croot + "/generated", []string{"deny file-write* subpath"}},
		{croot, []string{"allow file-read* process-exec* file-map-executable subpath", "allow file-write* subpath", "deny file-write-unlink literal"}},
	} {
		if got := rulesWith(t, profile, params, tc.path); !slices.Equal(got, tc.want) {
			t.Errorf("rules naming %s:\n got  %q\n want %q", tc.path, got, tc.want)
		}
	}
	if got := rulesWith(t, profile, params, croot+"/.git/objects"); len(got) != 0 {
		t.Errorf(".git/objects must stay writable, got rules %q", got)
	}
}

// TestRenderGitdirPointer is ANCHOR 11: Root/.git is a gitdir: file. The
// pointer and the config and hooks of the repository it names (and of its
// common directory, for a worktree) are protected.
func TestRenderGitdirPointer(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	root := filepath.Join(dir, "wt")
	main := filepath.Join(dir, "main", ".git")
	gitdir := filepath.Join(main, "worktrees", "wt")
	for _, d := range []string{root, gitdir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, ".git"), "gitdir: ../main/.git/worktrees/wt\n")
	write(filepath.Join(gitdir, "commondir"), "../..\n")
	p := Policy{Root: root, TempDir: testTemp}
	profile, params, err := Render(p, testHome)
	if err != nil {
		t.Fatal(err)
	}
	checkProfile(t, p, profile, params)
	protected := valuesOf(params, "PROTECT")
	for _, want := range []string{
		mustCanonical(t, root+"/.git"),
		mustCanonical(t, gitdir+"/config"), mustCanonical(t, gitdir+"/hooks"),
		mustCanonical(t, main+"/config"), mustCanonical(t, main+"/hooks"),
	} {
		if !slices.Contains(protected, want) {
			t.Errorf("%s is not protected; protected: %q", want, protected)
		}
	}

	for _, tc := range []struct {
		name, content string
		fifo          bool
		wantErr       string
	}{
		{name: "not a pointer", content: "hello\n", wantErr: "not a gitdir: pointer"},
		{name: "empty pointer", content: "gitdir: \n", wantErr: "not a gitdir: pointer"},
		{name: "NUL in target", content: "gitdir: /a\x00b\n", wantErr: "NUL"},
		{name: "a FIFO does not block", fifo: true, wantErr: "not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			if tc.fifo {
				if err := syscall.Mkfifo(filepath.Join(root, ".git"), 0o644); err != nil {
					t.Skip("mkfifo:", err)
				}
			} else {
				write(filepath.Join(root, ".git"), tc.content)
			}
			_, _, err := Render(Policy{Root: root}, testHome)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("Render = %v, want error %q", err, tc.wantErr)
			}
		})
	}
}

// TestRenderDenyRead checks credential stores and --deny-read paths: denied
// for every kind of access after the allows, as given and as resolved
// (ANCHOR 23), and their parents inside the root not renamable.
func TestRenderDenyRead(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	vault := filepath.Join(home, "vault", "ssh")
	if err := os.MkdirAll(vault, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(vault, filepath.Join(home, ".ssh")); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(home, "project")
	p := Policy{Root: root, Read: []string{home}, DenyRead: []string{root + "/config/secrets"}}
	profile, params, err := Render(p, home)
	if err != nil {
		t.Fatal(err)
	}
	checkProfile(t, p, profile, params)
	chome := mustCanonical(t, home)
	denied := valuesOf(params, "DENY")
	for _, want := range []string{chome + "/.ssh", chome + "/vault/ssh", chome + "/.aws", chome + "/Library/Keychains", chome + "/project/config/secrets"} {
		if !slices.Contains(denied, want) {
			t.Errorf("%s is not denied; denied: %q", want, denied)
		}
	}
	if got, want := rulesWith(t, profile, params, chome+"/project/config/secrets"),
		[]string{"deny file-read* file-write* process-exec* file-map-executable network-outbound subpath"}; !slices.Equal(got, want) {
		t.Errorf("rules naming the denied path: %q, want %q", got, want)
	}
	for _, parent := range []string{chome + "/project/config", chome + "/project"} {
		if got := rulesWith(t, profile, params, parent); !slices.Contains(got, "deny file-write-unlink literal") {
			t.Errorf("%s can be renamed: rules %q", parent, got)
		}
	}
	// The home directory is readable here, but not renamable and not a
	// parent anyone needs to unlink-protect: it is not writable.
	if got := rulesWith(t, profile, params, chome); slices.Contains(got, "deny file-write-unlink literal") {
		t.Errorf("unwritable home gets an unlink rule: %q", got)
	}
}

// TestRenderNetwork checks each network mode's rules, ANCHOR 52 among them:
// with ports, the only outbound rule is to those localhost ports.
func TestRenderNetwork(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		n    Network
		want []string // every rule that has a network operation
	}{
		{"none", Network{}, nil},
		{"proxy port (ANCHOR 52)", Network{Connect: []uint16{3128}}, []string{
			`(allow network-outbound (remote ip "localhost:3128"))`,
		}},
		{"ports sorted, repeats dropped", Network{Connect: []uint16{8080, 3128, 8080}}, []string{
			`(allow network-outbound (remote ip "localhost:3128"))`,
			`(allow network-outbound (remote ip "localhost:8080"))`,
		}},
		{"bind", Network{Bind: []uint16{3000}}, []string{
			`(allow network-bind (local ip "localhost:3000"))`,
			`(allow network-inbound (local ip "localhost:3000"))`,
		}},
		{"unix sockets", Network{UnixSockets: true}, []string{
			`(allow network-bind (local unix-socket))`,
			`(allow network-outbound (remote unix-socket))`,
		}},
		{"all", Network{All: true}, []string{
			`(allow network*)`,
			`(deny network-bind (local unix-socket))`,
			`(deny network-outbound (remote unix-socket))`,
			`(allow network-outbound (literal "/private/var/run/mDNSResponder"))`,
		}},
		{"all with unix sockets", Network{All: true, UnixSockets: true}, []string{`(allow network*)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := Policy{Root: testRoot, Network: tc.n}
			profile, params, err := Render(p, testHome)
			if err != nil {
				t.Fatal(err)
			}
			checkProfile(t, p, profile, params)
			forms, _ := parseSBPL(profile)
			var got []string
			for _, f := range forms {
				ops := opsOf(f)
				// The deny of denied paths names network-outbound too,
				// so a denied unix socket cannot be connected to.
				if strings.Contains(ops, "network") && !strings.HasPrefix(ops, "file-read*") {
					got = append(got, f.String())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("network rules:\n got  %q\n want %q", got, tc.want)
			}
			if !tc.n.All && strings.Contains(profile, "(allow network-outbound)") {
				t.Error("blanket network-outbound without Network.All")
			}
		})
	}
}

// TestServicesTable checks the one table of non-file allowances: each
// entry has a reason, mach-lookup is always narrowed to named services, and
// what is deliberately left out stays out.
func TestServicesTable(t *testing.T) {
	t.Parallel()
	profile, _, err := Render(Policy{Root: testRoot, Network: Network{All: true}}, testHome)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range services() {
		if s.why == "" || strings.ContainsAny(s.why, "\n\r") {
			t.Errorf("%s %v: want a one-line reason", s.ops, s.filters)
		}
		if s.ops == "mach-lookup" && len(s.filters) == 0 {
			t.Errorf("mach-lookup without named services")
		}
	}
	for _, absent := range []string{
		"(allow mach-lookup)", "com.apple.SecurityServer", "com.apple.securityd", "cfprefsd",
		"user-preference-read", "iokit", "kern.proc.all", "sysctl-write", "file-mount", "file-unmount",
		"mach-priv-task-port", "(allow default", "(allow file-write*)", "(allow file-read*)",
	} {
		if strings.Contains(profile, absent) {
			t.Errorf("profile holds %q", absent)
		}
	}
}

// FuzzRender renders policies with arbitrary paths: each either is refused
// or gives a profile that passes every structural check and holds none of
// the path's text.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"/Users/dev/p", `/a"b`, `/a\b`, "/a)b", "/a\nb", "/a\x00b", "rel", "/", "/tmp/x", "/private/etc", "/a/../../b"} {
		f.Add(s, s+"/w", false)
	}
	f.Fuzz(func(t *testing.T, root, write string, readOnly bool) {
		p := Policy{Root: root, ReadOnlyRoot: readOnly, TempDir: testTemp, Write: []string{write}, DenyRead: []string{root + "/secret"}}
		profile, params, err := Render(p, testHome)
		if err != nil {
			return
		}
		checkProfile(t, p, profile, params)
		if len(root) > 3 && strings.Contains(profile, root) && !strings.Contains(constantText(), root) {
			t.Errorf("root %q is written into the profile", root)
		}
	})
}

func BenchmarkRender(b *testing.B) {
	p := defaultPolicy()
	for b.Loop() {
		if _, _, err := Render(p, testHome); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleRender() {
	_, params, err := Render(Policy{Root: "/Users/dev/project", Network: Network{Connect: []uint16{3128}}}, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strconv.Itoa(len(params)) + " parameters, the first: " + params[0])
	// Output:
	// 177 parameters, the first: ROOT=/Users/dev/project
}
