package integration

// Black-box tests of the sandbox section of the settings files: what a
// file says changes what the kernel enforces (each shown against the same
// run without it), flags add to and override it, and bad input is refused
// with exit 2 naming the file and line (both files, for a conflict).

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// settingsFile writes a settings file at rel (below the root) and returns
// its path.
func (b *box) settingsFile(rel, content string) string {
	b.t.Helper()
	return b.file(rel, content, 0o644)
}

// TestSettingsSandboxFilesystem: allowWrite in .mewsandbox/settings.yaml
// and in Claude Code's .claude/settings.json opens directories outside the
// root for writing; denyRead makes a file inside the root unreadable;
// without the files neither happens.
func TestSettingsSandboxFilesystem(t *testing.T) {
	t.Parallel()
	b := newBox(t, map[string]string{"secret.txt": "s3cret\n", "ok.txt": "ok\n", "sub/keep": "k\n"})
	claudeOut := realTemp(t)
	script := fmt.Sprintf(`
c write-out sh -c 'echo x > %[1]s/f'
c write-claude-out sh -c 'echo x > %[2]s/f'
c read-secret cat secret.txt
c read-ok cat ok.txt
c write-sub sh -c 'echo y > sub/new'
`, b.out, claudeOut)

	o := b.check(script)
	o.fails(t, "write-out")
	o.fails(t, "write-claude-out")
	o.ok(t, "read-secret")

	b.settingsFile(".mewsandbox/settings.yaml", fmt.Sprintf("sandbox:\n  filesystem:\n    allowWrite: [/%s]\n    denyRead: [secret.txt]\n", b.out))
	b.settingsFile(".claude/settings.json", fmt.Sprintf(`{"sandbox": {"enabled": true, "filesystem": {"allowWrite": [%q]}}}`, "/"+claudeOut))
	o = b.check(script, "--trust-project") // grants outside the project (TestProjectCannotWidenSandboxS61)
	o.ok(t, "write-out")
	o.ok(t, "write-claude-out")
	o.fails(t, "read-secret")
	o.ok(t, "read-ok")
	o.ok(t, "write-sub")

	// A flag adds to the files' lists.
	extra := realTemp(t)
	o = b.check(fmt.Sprintf("c write-extra sh -c 'echo x > %s/f'\nc write-out sh -c 'echo x > %s/g'\n", extra, b.out), "--allow-write", extra, "--trust-project")
	o.ok(t, "write-extra")
	o.ok(t, "write-out")
}

// TestSettingsSandboxClaudePaths: in the settings files, as in Claude
// Code's sandbox.filesystem, /path is relative to the project, //path is
// absolute and ~/path in the home directory. A denyRead /secrets in
// .claude/settings.json keeps the project's secrets unreadable (it also
// denies an absolute /secrets, the other reading some tools give it);
// explain shows the real paths; a deny that denies nothing here is a
// warning with file:line.
func TestSettingsSandboxClaudePaths(t *testing.T) {
	t.Parallel()
	b := newBox(t, map[string]string{"secrets/key": "TOPSECRET\n", "docs/x": "x\n", "public.txt": "public\n"})
	b.file(filepath.Join(b.home, "notes", "n.txt"), "note\n", 0o644)
	claude := b.settingsFile(".claude/settings.json", fmt.Sprintf(`{"sandbox": {"filesystem": {
  "denyRead": ["/secrets", "/no-such-dir"],
  "allowWrite": ["//%s", "~/notes"]}}}`, b.out))
	o := b.check(fmt.Sprintf(`
c read-secret cat secrets/key
c read-public cat public.txt
c write-out sh -c 'echo x > %s/f'
c write-notes sh -c 'echo x > "$HOME/notes/m.txt"'
`, b.out), "--trust-project")
	o.fails(t, "read-secret")
	o.ok(t, "read-public")
	o.ok(t, "write-out")
	o.ok(t, "write-notes")
	r := b.run("run", "--yolo", "--", "cat", "secrets/key")
	if r.code == 0 || strings.Contains(r.stdout, "TOPSECRET") {
		t.Errorf("cat secrets/key: exit %d, printed %q", r.code, r.stdout)
	}
	warning := "mewsandbox: warning: " + claude + ":2: sandbox.filesystem.denyRead /no-such-dir: neither " + filepath.Join(b.root, "no-such-dir") + " nor /no-such-dir exists, so it only keeps it from being created"
	if !strings.Contains(r.stderr, warning) {
		t.Errorf("no warning about the deny that denies nothing; stderr:\n%s\nwant %s", r.stderr, warning)
	}

	x := b.run("explain", "--format", "json")
	var e struct {
		SandboxSettings struct {
			DenyRead []struct{ Value string } `json:"denyRead"`
		} `json:"sandboxSettings"`
	}
	if err := json.Unmarshal([]byte(x.stdout), &e); err != nil {
		t.Fatalf("explain: %v: %s%s", err, x.stdout, x.stderr)
	}
	var denied []string
	for _, d := range e.SandboxSettings.DenyRead {
		denied = append(denied, d.Value)
	}
	if want := []string{filepath.Join(b.root, "secrets"), "/secrets"}; len(denied) < 2 || denied[0] != want[0] || denied[1] != want[1] {
		t.Errorf("explain denyRead = %q, want %q first", denied, want)
	}

	// mewsandbox's own files read paths the same way.
	b.settingsFile(".claude/settings.json", "{}")
	b.settingsFile(".mewsandbox/settings.yaml", "sandbox:\n  filesystem:\n    denyRead: [/docs/**]\n")
	o = b.check("c read-docs cat docs/x\nc read-public cat public.txt\n")
	o.fails(t, "read-docs")
	o.ok(t, "read-public")
}

// TestSettingsSandboxNetwork: the network section's mode and allowConnect
// open the network as the flags do, and a flag overrides the file.
func TestSettingsSandboxNetwork(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	l := listen(t)
	script := fmt.Sprintf("c devtcp bash -c 'echo dev-tcp > /dev/tcp/127.0.0.1/%d'\n", l.port)
	settings := ".mewsandbox/settings.yaml"

	b.check(script).fails(t, "devtcp")
	b.settingsFile(settings, "sandbox:\n  network:\n    mode: all\n")
	b.check(script).fails(t, "devtcp") // a project's own file (TestProjectCannotWidenSandboxS61)
	b.check(script, "--trust-project").ok(t, "devtcp")
	b.check(script, "--trust-project", "--network", "none").fails(t, "devtcp")
	b.settingsFile(settings, "sandbox:\n  network:\n    allowConnect: ["+strconv.Itoa(l.port)+"]\n")
	b.check(script, "--trust-project").ok(t, "devtcp")
	b.settingsFile(settings, "sandbox:\n  network:\n    allowConnect: ["+strconv.Itoa(freePort(t))+"]\n")
	b.check(script, "--trust-project").fails(t, "devtcp")
}

// TestSettingsSandboxEnvAndTimeout: env.drop and env.pass change what the
// command sees, and timeout ends it with exit 124.
func TestSettingsSandboxEnvAndTimeout(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.env = []string{"MY_SETTING=visible", "GITHUB_TOKEN=gh-secret", "NPM_TOKEN=npm-secret"}
	const show = "echo \"my=${MY_SETTING:-unset} gh=${GITHUB_TOKEN:-unset} npm=${NPM_TOKEN:-unset}\"\n"
	if r := b.runIn(b.root, show, "run", "--yolo", "--", "sh", "-s"); r.stdout != "my=visible gh=unset npm=unset\n" {
		t.Errorf("without settings: %q (exit %d, %s)", r.stdout, r.code, r.stderr)
	}
	b.settingsFile(".mewsandbox/settings.yaml", "sandbox:\n  env:\n    drop: ['MY_*']\n    pass: [GITHUB_TOKEN]\n  timeout: 1s\n")
	if r := b.runIn(b.root, show, "run", "--yolo", "--", "sh", "-s"); r.stdout != "my=unset gh=unset npm=unset\n" {
		t.Errorf("with env.drop and a project's env.pass: %q (exit %d, %s)", r.stdout, r.code, r.stderr)
	}
	if r := b.runIn(b.root, show, "run", "--yolo", "--trust-project", "--", "sh", "-s"); r.stdout != "my=unset gh=gh-secret npm=unset\n" {
		t.Errorf("with env.drop and env.pass: %q (exit %d, %s)", r.stdout, r.code, r.stderr)
	}
	r := b.run("run", "--yolo", "--", "sleep", "30")
	expect(t, "sleep 30 with timeout: 1s", r, 124)
	r = b.run("run", "--yolo", "--timeout", "10s", "--", "sleep", "2")
	expect(t, "sleep 2 with --timeout 10s over the file's 1s", r, 0)
}

// TestSettingsSandboxBadInput: invalid values and contradictions are
// refused before anything runs (exit 2), naming the file and line, and
// for a conflict both settings; unknown keys are warnings with file:line.
func TestSettingsSandboxBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		want  []string // in stderr; FILE stands for .mewsandbox/settings.yaml, CLAUDE for .claude/settings.json
	}{
		{"an unknown network mode", map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  network:\n    mode: open\n"}, nil,
			[]string{`mewsandbox: FILE:3: sandbox.network.mode: unknown mode "open" (want "none" or "all")`}},
		{"port 0", map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  network:\n    allowConnect: [0]\n"}, nil,
			[]string{"mewsandbox: FILE:3: sandbox.network.allowConnect[0]: port \"0\" is out of range (want 1-65535)"}},
		{"port 70000", map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  network:\n    allowBind:\n      - 8080\n      - 70000\n"}, nil,
			[]string{"mewsandbox: FILE:5: sandbox.network.allowBind[1]: port \"70000\" is out of range"}},
		{"a negative timeout", map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  timeout: -1m\n"}, nil,
			[]string{"mewsandbox: FILE:2: sandbox.timeout \"-1m\": must be positive"}},
		{"a path list that is not a list", map[string]string{".claude/settings.json": "{\"sandbox\": {\"filesystem\": {\n  \"allowWrite\": \"/tmp\"}}}"}, nil,
			[]string{`mewsandbox: CLAUDE:2: sandbox.filesystem.allowWrite must be a list of strings, not the string "/tmp"`}},
		{"a conflict between two project files names both", map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  bestEffort: true\n",
			".claude/settings.json":     "{\"sandbox\": {\n  \"failIfUnavailable\": true\n}}"}, nil,
			[]string{"mewsandbox: CLAUDE:2: sandbox.bestEffort false contradicts true at FILE:2 (both project settings)"}},
		{"a path both written and denied names both lines", map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  filesystem:\n    allowWrite: [out]\n    denyRead: [out]\n", "out/x": "x"}, nil,
			[]string{"mewsandbox: FILE:3: sandbox.filesystem.allowWrite ROOT/out: denyRead ROOT/out at FILE:4 covers it"}},
		{"a flag granting what a file denies", map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  filesystem:\n    denyRead: [keys]\n", "keys/id": "k"}, []string{"--allow-read", "keys/id"},
			[]string{"mewsandbox: --allow-read ROOT/keys/id: denyRead ROOT/keys at FILE:3 covers it"}},
		{"a preset granting what a file denies", map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  filesystem:\n    denyRead: [~/.cache]\n  presets: [go]\n"}, nil,
			[]string{"mewsandbox: FILE:4: preset go grants HOME/.cache/go-build, which denyRead HOME/.cache at FILE:3 covers"}},
		{"--network all with ports", nil, []string{"--network", "all", "--allow-connect", "443"},
			[]string{"--network all already allows every port"}},
		{"--network with a bad mode", nil, []string{"--network", "some"},
			[]string{`--network "some": want none or all`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := project(t, tt.files)
			home := realTemp(t)
			if err := os.MkdirAll(filepath.Join(home, ".cache"), 0o755); err != nil {
				t.Fatal(err)
			}
			// The project is trusted, so that its grants beyond it are
			// checked too, not dropped (TestProjectCannotWidenSandboxS61).
			for _, cmd := range [][]string{{"run", "--yolo", "--trust-project"}, {"explain", "--trust-project"}} {
				args := append(append(cmd, tt.args...), "--")
				if cmd[0] == "run" {
					args = append(args, "true")
				} else {
					args = args[:len(args)-1]
				}
				r := run(t, invocation{args: args, dir: dir, env: []string{"HOME=" + home}})
				if r.code != 2 {
					t.Errorf("%s: exit %d, want 2\nstderr: %s", strings.Join(args, " "), r.code, r.stderr)
				}
				for _, w := range tt.want {
					w = strings.NewReplacer("FILE", filepath.Join(dir, ".mewsandbox", "settings.yaml"), "CLAUDE", filepath.Join(dir, ".claude", "settings.json"),
						"ROOT", dir, "HOME", home).Replace(w)
					if !strings.Contains(r.stderr, w) {
						t.Errorf("%s: stderr lacks %q:\n%s", strings.Join(args, " "), w, r.stderr)
					}
				}
			}
		})
	}

	t.Run("unknown keys warn with file and line", func(t *testing.T) {
		t.Parallel()
		dir := project(t, map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  presents:\n    - go\n  network:\n    allowedDomains: [github.com]\n",
		})
		r := run(t, invocation{args: []string{"explain"}, dir: dir})
		file := filepath.Join(dir, ".mewsandbox", "settings.yaml")
		for _, w := range []string{
			"mewsandbox: warning: " + file + `:2: unknown key "presents" in sandbox`,
			"mewsandbox: warning: " + file + ":5: sandbox.network.allowedDomains is ignored",
		} {
			if r.code != 0 || !strings.Contains(r.stderr, w) {
				t.Errorf("explain: exit %d, stderr lacks %q:\n%s", r.code, w, r.stderr)
			}
		}
	})

	// UX3: a misspelt key that holds restrictions is exit 2 and runs
	// nothing; as a warning the run went ahead without them.
	t.Run("UX3 a misspelt restriction key is an error", func(t *testing.T) {
		t.Parallel()
		dir := project(t, map[string]string{
			".mewsandbox/settings.yaml": "sandbox:\n  filesystem:\n    denyReed: [secret]\n",
			"secret":                    "s3cret\n",
		})
		r := run(t, invocation{args: []string{"run", "--", "cat", "secret"}, dir: dir})
		file := filepath.Join(dir, ".mewsandbox", "settings.yaml")
		want := "mewsandbox: " + file + `:3: unknown key "denyReed" in sandbox.filesystem: want "denyRead"`
		if r.code != 2 || !strings.Contains(r.stderr, want) || strings.Contains(r.stdout, "s3cret") {
			t.Errorf("run: exit %d, stdout %q, stderr %q; want exit 2 and %q", r.code, r.stdout, r.stderr, want)
		}
	})
}

// TestNestedProjectSettings: a sandboxed command may write all of its
// root, so it can make a project inside it (a .git and a .mewsandbox of
// its own) whose settings would widen the next run started there. That run
// keeps only what they forbid, and says so; the same settings in a project
// of its own apply whole, and the outer project's denials still hold
// there. A settings file planted as a link to a secret is refused without
// being quoted.
func TestNestedProjectSettings(t *testing.T) {
	t.Parallel()
	outside := outsideTemp(t)
	secret := filepath.Join(outside, "id_ed25519")
	if err := os.WriteFile(secret, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	settings := fmt.Sprintf("sandbox:\n  filesystem:\n    allowWrite: [//%s]\n", outside)
	dir := project(t, map[string]string{
		".mewsandbox/settings.yaml": "permissions:\n  deny: [Bash(curl:*)]\n",
		"settings.txt":              settings,
		"plant.sh": "set -e\nmkdir -p sub/.mewsandbox leak/.mewsandbox\ntouch sub/.git leak/.git\n" +
			"cp settings.txt sub/.mewsandbox/settings.yaml\nln -s " + secret + " leak/.mewsandbox/settings.yaml\n",
	})
	if r := run(t, invocation{args: []string{"run", "--yolo", "--", "sh", "plant.sh"}, dir: dir}); r.code != 0 {
		t.Fatalf("planting: exit %d: %s", r.code, r.stderr)
	}

	write := "echo in > inside.txt; echo out > " + outside + "/pwned"
	r := run(t, invocation{args: []string{"run", "--yolo", "--", "sh", "-c", write}, dir: filepath.Join(dir, "sub")})
	if r.code == 0 || fileExists(filepath.Join(outside, "pwned")) {
		t.Errorf("the planted settings opened %s to the next run (exit %d): %s", outside, r.code, r.stderr)
	}
	if !fileExists(filepath.Join(dir, "sub", "inside.txt")) {
		t.Errorf("the nested project's own root is not writable: %s", r.stderr)
	}
	for _, want := range []string{"ignored sandbox.filesystem.allowWrite", "inside another (" + dir + ")"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}

	// The outer project's denials hold in the one made inside it.
	if r := run(t, invocation{args: []string{"check", "-c", "curl http://example.com"}, dir: filepath.Join(dir, "sub")}); !strings.HasPrefix(r.stdout, "deny") {
		t.Errorf("the outer project's deny rule was shed by a .git made inside it: %s%s", r.stdout, r.stderr)
	}

	r = run(t, invocation{args: []string{"explain", "--format", "json"}, dir: filepath.Join(dir, "sub")})
	var x struct {
		Restricted []string `json:"restrictedSettingsFiles"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &x); err != nil || len(x.Restricted) != 2 {
		t.Errorf("explain lists %v as restricted (%v), want the outer file and sub's own: %s", x.Restricted, err, r.stdout)
	}

	// Trusting the project trusts its own files, not one a sandboxed
	// command could have made inside another.
	r = run(t, invocation{args: []string{"run", "--yolo", "--trust-project", "--", "sh", "-c", write}, dir: filepath.Join(dir, "sub")})
	if r.code == 0 || fileExists(filepath.Join(outside, "pwned")) {
		t.Errorf("--trust-project opened %s to the planted settings (exit %d): %s", outside, r.code, r.stderr)
	}

	// The control: in a project of its own, trusted, the same file opens
	// it (TestProjectCannotWidenSandboxS61: untrusted, it does not).
	own := project(t, map[string]string{".mewsandbox/settings.yaml": settings})
	if r := run(t, invocation{args: []string{"run", "--yolo", "--trust-project", "--", "sh", "-c", "echo out > " + outside + "/own"}, dir: own}); r.code != 0 || !fileExists(filepath.Join(outside, "own")) {
		t.Errorf("a project's own allowWrite did not apply: exit %d: %s", r.code, r.stderr)
	}

	r = run(t, invocation{args: []string{"run", "--yolo", "--", "true"}, dir: filepath.Join(dir, "leak")})
	if r.code != 2 || !strings.Contains(r.stderr, "settings must be a mapping") {
		t.Errorf("a settings file linked to a key: exit %d, want 2 saying it is not settings: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "b3Blbn") {
		t.Errorf("the error quotes the linked file:\n%s", r.stderr)
	}
}
