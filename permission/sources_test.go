package permission

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeFile writes content to dir/rel, creating directories.
func writeSettingsFile(t *testing.T, dir, rel, content string) string {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// testDiscovery returns a Discovery over fresh directories, with the
// managed policy at a path inside them.
func testDiscovery(t *testing.T) Discovery {
	t.Helper()
	tmp := t.TempDir()
	return Discovery{
		Root:        filepath.Join(tmp, "proj"),
		Home:        filepath.Join(tmp, "home"),
		ManagedPath: filepath.Join(tmp, "etc", "managed-settings.yaml"),
	}
}

func TestScopeString(t *testing.T) {
	t.Parallel()
	want := []string{"managed", "user", "project", "local", "command line", "session"}
	for s := ScopeManaged; s <= ScopeSession; s++ {
		if s.String() != want[s] {
			t.Errorf("Scope(%d) = %q, want %q", int(s), s, want[s])
		}
	}
}

func TestDiscoveryFiles(t *testing.T) {
	t.Parallel()
	d := Discovery{Root: "/p", Home: "/h", Extra: []string{"ci.yaml"}}
	var got []string
	for _, f := range d.Files() {
		got = append(got, f.Scope.String()+" "+f.Path+map[bool]string{true: " required"}[f.Required])
	}
	want := []string{
		"managed /etc/mewsandbox/managed-settings.yaml",
		"user /h/.config/mewsandbox/settings.yaml", "user /h/.config/mewsandbox/settings.yml",
		"user /h/.config/mewsandbox/settings.json", "user /h/.claude/settings.json",
		"project /p/.mewsandbox/settings.yaml", "project /p/.mewsandbox/settings.yml",
		"project /p/.mewsandbox/settings.json", "project /p/.claude/settings.json",
		"local /p/.mewsandbox/settings.local.yaml", "local /p/.mewsandbox/settings.local.yml",
		"local /p/.mewsandbox/settings.local.json", "local /p/.claude/settings.local.json",
		"command line ci.yaml required",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Files():\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	tests := []struct {
		name string
		d    Discovery
		want string // a file that must be listed; "-" prefix: must not be
	}{
		{"XDG_CONFIG_HOME replaces ~/.config", Discovery{Home: "/h", ConfigHome: "/xdg"}, "/xdg/mewsandbox/settings.yaml"},
		{"a relative XDG_CONFIG_HOME is ignored", Discovery{Home: "/h", ConfigHome: "rel"}, "/h/.config/mewsandbox/settings.yaml"},
		{"--no-user-settings skips the user's files", Discovery{Home: "/h", NoUser: true}, "-/h/.claude/settings.json"},
		{"no home, no user files", Discovery{Root: "/p"}, "-/.claude/settings.json"},
		{"ManagedPath replaces the default", Discovery{ManagedPath: "/m.yaml"}, "/m.yaml"},
		{"a home that is the root is listed once, as user", Discovery{Root: "/h", Home: "/h"}, "user /h/.claude/settings.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var all []string
			for _, f := range tt.d.Files() {
				all = append(all, f.Path, f.Scope.String()+" "+f.Path)
			}
			joined := "\n" + strings.Join(all, "\n") + "\n"
			if neg, ok := strings.CutPrefix(tt.want, "-"); ok {
				if strings.Contains(joined, "\n"+neg+"\n") {
					t.Errorf("%s listed:%s", neg, joined)
				}
			} else if !strings.Contains(joined, "\n"+tt.want+"\n") {
				t.Errorf("%s not listed:%s", tt.want, joined)
			}
			if n := strings.Count(joined, "\n/h/.claude/settings.json\n"); n > 1 {
				t.Errorf("listed %d times", n)
			}
		})
	}
}

func TestLoadMergesInScopeOrder(t *testing.T) {
	t.Parallel()
	d := testDiscovery(t)
	writeSettingsFile(t, filepath.Dir(d.ManagedPath), "managed-settings.yaml", "permissions:\n  deny: [Bash(curl:*)]\n  defaultMode: plan\n")
	writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", "permissions:\n  deny: [Bash(rm:*)]\n  allow: [Bash(ls)]\n  defaultMode: acceptEdits\n")
	writeSettingsFile(t, d.Home, ".claude/settings.json", `{"permissions": {"ask": ["Bash(git push:*)"], "allow": ["Read(/notes/**)"]}}`)
	writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", "permissions:\n  deny: [Read(.env)]\n  defaultMode: acceptEdits\n")
	writeSettingsFile(t, d.Root, ".claude/settings.json", `{"permissions": {"defaultMode": "dontAsk", "allow": ["Edit(/src/**)"]}}`)
	writeSettingsFile(t, d.Root, ".claude/settings.local.json", `{"permissions": {"allow": ["Bash(make:*)"]}, "unknownKey": 1}`)
	extra := writeSettingsFile(t, t.TempDir(), "ci.yaml", "permissions:\n  deny: [Bash(sudo:*)]\n")
	d.Extra = []string{extra}

	c, err := Load(d)
	if err != nil {
		t.Fatal(err)
	}
	var deny []string
	for _, r := range c.Rules.Deny {
		deny = append(deny, r.Text)
	}
	if got := strings.Join(deny, " "); got != "Bash(curl:*) Bash(rm:*) Read(.env) Bash(sudo:*)" {
		t.Errorf("deny rules in order %q", got)
	}
	if len(c.Rules.Allow) != 4 || len(c.Rules.Ask) != 1 {
		t.Errorf("allow %v ask %v", c.Rules.Allow, c.Rules.Ask)
	}
	if len(c.Files) != 7 {
		t.Errorf("loaded %d files: %v", len(c.Files), c.Files)
	}
	// The project's own file sets the mode before Claude Code's; no local
	// or command-line file sets one.
	if c.DefaultMode != ModeAcceptEdits || !strings.HasSuffix(c.DefaultModeSource, ".mewsandbox/settings.yaml") {
		t.Errorf("DefaultMode %q from %q", c.DefaultMode, c.DefaultModeSource)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], `settings.local.json:1: unknown key "unknownKey"`) {
		t.Errorf("warnings %q", c.Warnings)
	}
	// Sources and bases.
	for _, r := range append(append([]Rule{}, c.Rules.Allow...), c.Rules.Deny...) {
		var wantBase string
		switch {
		case strings.HasPrefix(r.Source, d.Home):
			wantBase = d.Home
		case strings.HasPrefix(r.Source, d.Root):
			wantBase = d.Root
		}
		if r.Base != wantBase || !strings.Contains(r.Source, ":") {
			t.Errorf("rule %s from %s: Base %q, want %q", r.Text, r.Source, r.Base, wantBase)
		}
	}
	// The first matching deny rule is the managed one.
	if r := c.Rules.FirstCommandMatch(RuleDeny, cmdOf("curl x")); r == nil || !strings.HasPrefix(r.Source, d.ManagedPath+":") {
		t.Errorf("first deny for curl = %+v", r)
	}
}

// TestLoadNestedProject: the settings of a project inside another, which a
// sandboxed command run in the outer one could have written, keep what
// they forbid and lose what they allow, with one warning naming both
// projects and what was dropped; the outer project's own settings apply
// too, what they forbid only, so that a .git made inside cannot shed them.
func TestLoadNestedProject(t *testing.T) {
	t.Parallel()
	widening := `permissions:
  allow: [Bash(curl:*)]
  deny: [Bash(rm:*)]
  ask: [Bash(git push:*)]
  defaultMode: bypassPermissions
  additionalDirectories: [/elsewhere]
sandbox:
  filesystem:
    allowWrite: [..]
    allowRead: [/etc]
    denyRead: [secret.txt]
  network:
    mode: all
    allowUnixSockets: true
  env:
    pass: [GITHUB_TOKEN]
    drop: [MY_*]
  presets: [go]
  keepCaps: [CAP_NET_RAW]
  bestEffort: true
  timeout: 10h
  limits:
    mem: 64G
`
	load := func(t *testing.T, outer func() []string) (*Config, Discovery) {
		d := testDiscovery(t)
		d.Home = ""
		writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", widening)
		writeSettingsFile(t, d.Root, ".claude/settings.local.json", `{"permissions": {"allow": ["Bash(make:*)"], "defaultMode": "default"}}`)
		d.Outer = outer
		c, err := Load(d)
		if err != nil {
			t.Fatal(err)
		}
		return c, d
	}
	t.Run("nested", func(t *testing.T) {
		t.Parallel()
		calls := 0
		c, _ := load(t, func() []string { calls++; return []string{"/outer"} })
		if calls != 1 {
			t.Errorf("Outer asked %d times, want once", calls)
		}
		if len(c.Rules.Allow) != 0 || len(c.Rules.Deny) != 1 || len(c.Rules.Ask) != 1 {
			t.Errorf("allow %v deny %v ask %v, want only the deny and ask rules", c.Rules.Allow, c.Rules.Deny, c.Rules.Ask)
		}
		if c.DefaultMode != "" {
			t.Errorf("DefaultMode %q, want none: a project's mode replaces the user's (plan, say)", c.DefaultMode)
		}
		b := c.Sandbox
		if len(b.AllowWrite)+len(b.AllowRead)+len(b.EnvPass)+len(b.Presets)+len(b.KeepCaps)+len(c.AdditionalDirectories) != 0 ||
			b.NetworkMode.IsSet() || b.AllowUnixSockets.Value || b.BestEffort.Value || b.Timeout.IsSet() || b.Limits.Mem.IsSet() || c.Audit != "" {
			t.Errorf("a grant survived: %+v audit %q", b, c.Audit)
		}
		if len(b.DenyRead) != 1 || len(b.EnvDrop) != 1 {
			t.Errorf("denyRead %v envDrop %v, want both kept", b.DenyRead, b.EnvDrop)
		}
		if len(c.Warnings) != 2 {
			t.Fatalf("warnings %q, want one per file", c.Warnings)
		}
		for _, want := range []string{"settings.yaml: ignored permissions.allow, permissions.defaultMode bypassPermissions, permissions.additionalDirectories, sandbox.filesystem.allowRead, sandbox.filesystem.allowWrite, sandbox.presets go, sandbox.env.pass GITHUB_TOKEN, sandbox.keepCaps, sandbox.bestEffort, sandbox.network.mode all, sandbox.network.allowUnixSockets, sandbox.timeout, sandbox.limits: ", "(/outer)", "--settings"} {
			if !strings.Contains(c.Warnings[0], want) {
				t.Errorf("warning %q lacks %q", c.Warnings[0], want)
			}
		}
	})
	t.Run("not nested", func(t *testing.T) {
		t.Parallel()
		for _, outer := range []func() []string{nil, func() []string { return nil }} {
			c, _ := load(t, outer)
			// All but its bypassPermissions (TestProjectSwitchOffS60) and
			// its grants beyond the project (TestProjectConfinedS61).
			b := c.Sandbox
			if len(c.Rules.Allow) != 2 || len(c.Warnings) != 3 || !strings.Contains(c.Warnings[0], "cannot switch the permission engine off") ||
				!strings.Contains(c.Warnings[1], "ignored permissions.additionalDirectories /elsewhere") ||
				!strings.Contains(c.Warnings[2], "cannot widen the sandbox beyond the project") {
				t.Errorf("allow %v warnings %q: a project of its own keeps all of its settings but bypassPermissions and its grants beyond it", c.Rules.Allow, c.Warnings)
			}
			if b.NetworkMode.IsSet() || len(b.AllowWrite) != 0 || len(b.AllowRead) != 1 || !b.Timeout.IsSet() || !b.Limits.Mem.IsSet() || len(b.DenyRead) != 1 {
				t.Errorf("sandbox %+v: want no network, no grants outside the project (allowRead /etc is the project's), and the timeout, limit and denyRead kept", b)
			}
		}
	})
	t.Run("the outer projects' own", func(t *testing.T) {
		t.Parallel()
		d := testDiscovery(t)
		d.Home = ""
		outer, farther := t.TempDir(), t.TempDir()
		writeSettingsFile(t, outer, ".mewsandbox/settings.yaml", "permissions:\n  deny: [Bash(curl:*)]\n  allow: [Bash(wget:*)]\n  defaultMode: dontAsk\nsandbox:\n  filesystem:\n    denyRead: [secret]\n")
		writeSettingsFile(t, farther, ".claude/settings.json", `{"permissions": {"ask": ["Bash(git push:*)"]}}`)
		d.Outer = func() []string { return []string{outer, farther} }
		c, err := Load(d)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Rules.Deny) != 1 || len(c.Rules.Ask) != 1 || len(c.Rules.Allow) != 0 {
			t.Errorf("deny %v ask %v allow %v: want the outer denials and asks, not their allows", c.Rules.Deny, c.Rules.Ask, c.Rules.Allow)
		}
		if r := c.Rules.Deny; len(r) == 1 && r[0].Base != outer {
			t.Errorf("the outer rule's base is %q, want its own project %q", r[0].Base, outer)
		}
		if dr := c.Sandbox.DenyRead; len(dr) != 1 || dr[0].Value != filepath.Join(outer, "secret") {
			t.Errorf("denyRead %v, want %s: relative to its own project", dr, filepath.Join(outer, "secret"))
		}
		if len(c.Warnings) != 0 {
			t.Errorf("warnings %q: the outer projects' allows never applied here, nothing to say", c.Warnings)
		}
	})
}

func TestLoadDefaultModePrecedence(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		files    map[string]string // "managed", "user", "project", "local", "extra" → defaultMode
		wantMode Mode
	}{
		{"managed alone", map[string]string{"managed": "plan"}, ModePlan},
		{"user over managed", map[string]string{"managed": "plan", "user": "acceptEdits"}, ModeAcceptEdits},
		{"project over user", map[string]string{"user": "plan", "project": "dontAsk"}, ModeDontAsk},
		{"local over project", map[string]string{"project": "plan", "local": "acceptEdits"}, ModeAcceptEdits},
		{"command line over local", map[string]string{"local": "plan", "extra": "default"}, ModeDefault},
		{"none", map[string]string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			for where, mode := range tt.files {
				content := "permissions:\n  defaultMode: " + mode + "\n"
				switch where {
				case "managed":
					writeSettingsFile(t, filepath.Dir(d.ManagedPath), filepath.Base(d.ManagedPath), content)
				case "user":
					writeSettingsFile(t, d.Home, ".claude/settings.json", content)
				case "project":
					writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", content)
				case "local":
					writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", content)
				case "extra":
					d.Extra = append(d.Extra, writeSettingsFile(t, t.TempDir(), "x.yaml", content))
				}
			}
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			if c.DefaultMode != tt.wantMode {
				t.Errorf("DefaultMode = %q, want %q", c.DefaultMode, tt.wantMode)
			}
		})
	}
}

func TestLoadDisableBypass(t *testing.T) {
	t.Parallel()
	d := testDiscovery(t)
	writeSettingsFile(t, filepath.Dir(d.ManagedPath), filepath.Base(d.ManagedPath), "permissions:\n  disableBypassPermissionsMode: disable\n")
	writeSettingsFile(t, d.Home, ".claude/settings.json", "permissions:\n  defaultMode: bypassPermissions\n")
	c, err := Load(d)
	if err != nil {
		t.Fatal(err)
	}
	if !c.DisableBypass || c.DisableBypassSource != d.ManagedPath {
		t.Errorf("DisableBypass %v from %q", c.DisableBypass, c.DisableBypassSource)
	}
	if c.DefaultMode != "" {
		t.Errorf("DefaultMode %q survived a managed disableBypassPermissionsMode", c.DefaultMode)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "bypassPermissions ignored") {
		t.Errorf("warnings %q", c.Warnings)
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		setup   func(t *testing.T, d *Discovery)
		wantErr string // "" means Load succeeds
	}{
		{"no files at all is fine", func(t *testing.T, d *Discovery) {}, ""},
		{"a missing --settings file is an error", func(t *testing.T, d *Discovery) {
			d.Extra = []string{filepath.Join(t.TempDir(), "nope.yaml")}
		}, "nope.yaml (command line)"},
		{"a managed path that is a directory is an error", func(t *testing.T, d *Discovery) {
			if err := os.MkdirAll(d.ManagedPath, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "exists but cannot be read"},
		{"a project file that is a directory is an error", func(t *testing.T, d *Discovery) {
			if err := os.MkdirAll(filepath.Join(d.Root, ".claude", "settings.json"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, ".claude/settings.json (project) exists but cannot be read"},
		{"a dangling managed symlink is an error", func(t *testing.T, d *Discovery) {
			if err := os.MkdirAll(filepath.Dir(d.ManagedPath), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/nonexistent/target", d.ManagedPath); err != nil {
				t.Fatal(err)
			}
		}, "exists but cannot be read"},
		{"a FIFO for a project file is an error, not a wait", func(t *testing.T, d *Discovery) {
			if err := os.MkdirAll(filepath.Join(d.Root, ".mewsandbox"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(d.Root, ".mewsandbox", "settings.yaml"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, ".mewsandbox/settings.yaml (project) exists but cannot be read: not a regular file"},
		{"a project file linked to a device is an error, not read", func(t *testing.T, d *Discovery) {
			if err := os.MkdirAll(filepath.Join(d.Root, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/dev/zero", filepath.Join(d.Root, ".claude", "settings.json")); err != nil {
				t.Fatal(err)
			}
		}, ".claude/settings.json (project) exists but cannot be read: not a regular file"},
		{"a .claude that is a file means no settings", func(t *testing.T, d *Discovery) {
			writeSettingsFile(t, d.Root, ".claude", "not a directory")
		}, ""},
		{"an invalid file is an error naming its line", func(t *testing.T, d *Discovery) {
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", "permissions:\n  defaultMode: yolo\n")
		}, `settings.local.yaml:2: unknown mode "yolo"`},
		{"an oversized file is an error", func(t *testing.T, d *Discovery) {
			writeSettingsFile(t, d.Home, ".claude/settings.json", "#"+strings.Repeat("x", 1<<20))
		}, "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			tt.setup(t, &d)
			_, err := Load(d)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Load: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Load error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestLoadUnreadableManagedFile(t *testing.T) {
	t.Parallel()
	if os.Geteuid() == 0 {
		t.Skip("running as root: chmod 000 does not stop root reading the file (the directory case in TestLoadErrors covers unreadability)")
	}
	d := testDiscovery(t)
	p := writeSettingsFile(t, filepath.Dir(d.ManagedPath), filepath.Base(d.ManagedPath), "permissions:\n  deny: [Bash]\n")
	if err := os.Chmod(p, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(d); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("Load with an unreadable managed file: %v, want an error naming it", err)
	}
}

func TestAddCommandLineRules(t *testing.T) {
	t.Parallel()
	c := &Config{}
	if err := AddCommandLineRules(c, RuleDeny, []string{"Bash(rm:*)", "Read(.env)"}); err != nil {
		t.Fatal(err)
	}
	if len(c.Rules.Deny) != 2 || c.Rules.Deny[0].Source != "command line" || c.Rules.Deny[1].Kind != RuleDeny {
		t.Errorf("deny = %+v", c.Rules.Deny)
	}
	err := AddCommandLineRules(c, RuleAllow, []string{"Bash(ls)", "Bash(rm"})
	if err == nil || err.Error() != `--allow: malformed rule "Bash(rm": missing ")"` {
		t.Errorf("error = %v", err)
	}
	// A deny or ask path after a single "/" that names a host directory
	// is the project's, which the user did not mean; the project's own
	// directories, "//" paths and allow rules pass.
	err = AddCommandLineRules(c, RuleDeny, []string{"Read(/var/secrets/**)"})
	if err == nil || !strings.HasPrefix(err.Error(), `--deny: malformed rule "Read(/var/secrets/**)": a path after a single "/" is relative to the project root`) {
		t.Errorf("deny Read(/var/secrets/**): error = %v", err)
	}
	if err := AddCommandLineRules(c, RuleDeny, []string{"Read(/src/**)", "Read(//var/secrets/**)", "Edit(/tmp/**)", "Bash(/etc/init.d/x)"}); err != nil {
		t.Errorf("project paths, // paths, other tools: %v", err)
	}
	if err := AddCommandLineRules(c, RuleAllow, []string{"Read(/etc/hosts)"}); err != nil {
		t.Errorf("an allow rule: %v", err)
	}
}

// TestLoadUserFIFOUX3: a FIFO where a user's or the managed settings file
// is looked for held every run, and the hook, until something wrote it
// (Claude Code lets a hook that times out pass); it is refused at once,
// saying what to do. A FIFO named with --settings (<(…)) is still read,
// and /dev/null still reads as no settings.
func TestLoadUserFIFOUX3(t *testing.T) {
	t.Parallel()
	home, root := t.TempDir(), t.TempDir()
	dir := filepath.Join(home, ".config", "mewsandbox")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "settings.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	d := Discovery{Root: root, Home: home, ManagedPath: filepath.Join(root, "no-managed.yaml")}
	done := make(chan error, 1)
	go func() { _, err := Load(d); done <- err }()
	select {
	case err := <-done:
		want := fifo + " (user) exists but cannot be read: a FIFO, which would hold every run until something writes it: make it a regular file, or pass it with --settings"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load: %v, want %q", err, want)
		}
	case <-time.After(5 * time.Second):
		// Unblock the reader so that the test ends.
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
		t.Fatal("Load waited on the FIFO")
	}

	// The neighbours: /dev/null as the user's file, a FIFO with --settings.
	if err := os.Remove(fifo); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", fifo); err != nil {
		t.Fatal(err)
	}
	extra := filepath.Join(t.TempDir(), "extra.yaml")
	if err := syscall.Mkfifo(extra, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		if w, err := os.OpenFile(extra, os.O_WRONLY, 0); err == nil {
			w.WriteString("permissions: {deny: [Bash(rm:*)]}\n")
			w.Close()
		}
	}()
	d.Extra = []string{extra}
	c, err := Load(d)
	if err != nil || len(c.Rules.Deny) != 1 {
		t.Fatalf("Load with /dev/null and a --settings FIFO: %v, %+v", err, c)
	}
}
