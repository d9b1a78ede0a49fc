package integration

import (
	"encoding/json"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// claudeHooks is the part of .claude/settings.json init writes.
type claudeHooks struct {
	Hooks struct {
		PreToolUse []struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"PreToolUse"`
	} `json:"hooks"`
}

func readHooks(t *testing.T, path string) claudeHooks {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var h claudeHooks
	if err := json.Unmarshal(data, &h); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return h
}

func backups(t *testing.T, settings string) []string {
	t.Helper()
	m, err := filepath.Glob(settings + ".*.bak")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestInitClaudeCode walks through what a new user does: install, install
// again, switch to --sandbox, then let Claude Code run the hook command.
func TestInitClaudeCode(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"src/main.go": "package main\n"})
	settings := filepath.Join(dir, ".claude", "settings.json")

	r := run(t, invocation{args: []string{"init", "claude-code"}, dir: filepath.Join(dir, "src")})
	if r.code != 0 || !strings.Contains(r.stdout, "created "+settings) {
		t.Fatalf("first init: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	// The test's PATH has no mewsandbox, so the hook names the binary by
	// its absolute path and says so.
	if !strings.Contains(r.stderr, "not on PATH") {
		t.Errorf("no warning about the absolute path: %q", r.stderr)
	}
	h := readHooks(t, settings)
	if len(h.Hooks.PreToolUse) != 1 || !strings.HasPrefix(h.Hooks.PreToolUse[0].Matcher, "Bash|") ||
		h.Hooks.PreToolUse[0].Hooks[0].Command != bin+" hook claude-code || exit 2" {
		t.Fatalf("installed hooks: %+v", h)
	}
	first, _ := os.ReadFile(settings)

	r = run(t, invocation{args: []string{"init", "claude-code"}, dir: dir})
	if again, _ := os.ReadFile(settings); r.code != 0 || !strings.Contains(r.stdout, "already installed") || string(again) != string(first) || len(backups(t, settings)) != 0 {
		t.Fatalf("second init changed something: exit %d %s; backups %v", r.code, r.stdout, backups(t, settings))
	}

	r = run(t, invocation{args: []string{"init", "claude-code", "--sandbox"}, dir: dir})
	b := backups(t, settings)
	if r.code != 0 || !strings.Contains(r.stdout, "updated") || len(b) != 1 {
		t.Fatalf("init --sandbox: exit %d %s%s; backups %v", r.code, r.stdout, r.stderr, b)
	}
	if saved, _ := os.ReadFile(b[0]); string(saved) != string(first) {
		t.Errorf("backup holds %q, want the previous file", saved)
	}
	h = readHooks(t, settings)
	if len(h.Hooks.PreToolUse) != 1 || h.Hooks.PreToolUse[0].Hooks[0].Command != bin+" hook claude-code --sandbox || exit 2" {
		t.Fatalf("after --sandbox: %+v", h)
	}

	// Claude Code runs the hook command with a shell, the event on stdin.
	home := t.TempDir()
	hook := osexec.Command("sh", "-c", h.Hooks.PreToolUse[0].Hooks[0].Command)
	hook.Dir = dir
	hook.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home}
	hook.Stdin = strings.NewReader(loadEvent(t, "bash_write_inside.json", dir))
	out, err := hook.Output()
	if err != nil {
		t.Fatalf("hook command: %v", err)
	}
	var ans hookAnswer
	if err := json.Unmarshal(out, &ans); err != nil || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Fatalf("hook command printed %s", out)
	}
	var in struct{ Command string }
	json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
	if got := shell(t, dir, home, in.Command); got.code != 0 || got.stdout != "built ok\n" {
		t.Fatalf("rewritten command: %+v", got)
	}

	// A hook whose binary is gone blocks (exit 2) rather than letting
	// Claude Code run the call unchecked.
	missing := strings.Replace(h.Hooks.PreToolUse[0].Hooks[0].Command, bin, filepath.Join(home, "gone", "mewsandbox"), 1)
	if err := osexec.Command("sh", "-c", missing).Run(); err == nil || err.(*osexec.ExitError).ExitCode() != 2 {
		t.Errorf("hook with a missing binary: %v, want exit 2", err)
	}
}

// TestInitMergesExistingSettings keeps what the file had, in order.
func TestInitMergesExistingSettings(t *testing.T) {
	t.Parallel()
	existing := `{
  "permissions": {
    "allow": [
      "Bash(npm run lint)"
    ]
  },
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write",
        "hooks": [
          {
            "type": "command",
            "command": "prettier --write \"$CLAUDE_FILE_PATH\" && echo <done>"
          }
        ]
      }
    ],
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "./audit-bash.sh"
          }
        ]
      }
    ]
  },
  "env": {
    "FOO": "1"
  }
}
`
	dir := project(t, map[string]string{".claude/settings.json": existing})
	settings := filepath.Join(dir, ".claude", "settings.json")
	r := run(t, invocation{args: []string{"init", "claude-code", "--root", dir}, dir: t.TempDir()})
	if r.code != 0 || !strings.Contains(r.stdout, "added") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	got, _ := os.ReadFile(settings)
	// Everything before the new PreToolUse group is byte for byte as it was.
	prefix := existing[:strings.Index(existing, `            "command": "./audit-bash.sh"`)]
	if !strings.HasPrefix(string(got), prefix) {
		t.Errorf("the file's start changed:\n%s", got)
	}
	var before, after map[string]any
	json.Unmarshal([]byte(existing), &before)
	json.Unmarshal(got, &after)
	pre := after["hooks"].(map[string]any)["PreToolUse"].([]any)
	if len(pre) != 2 || !reflect.DeepEqual(pre[0], before["hooks"].(map[string]any)["PreToolUse"].([]any)[0]) {
		t.Errorf("PreToolUse: %v", pre)
	}
	after["hooks"].(map[string]any)["PreToolUse"] = pre[:1]
	if !reflect.DeepEqual(before, after) {
		t.Errorf("other settings changed:\n%v\n%v", before, after)
	}
	if got := keysInOrder(t, got); !reflect.DeepEqual(got, []string{"permissions", "hooks", "env"}) {
		t.Errorf("key order %v", got)
	}
	if b := backups(t, settings); len(b) != 1 {
		t.Errorf("backups %v, want one", b)
	}
}

func TestInitBadInput(t *testing.T) {
	t.Parallel()
	invalid := "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\",]}\n}\n"
	dir := project(t, map[string]string{".claude/settings.json": invalid})
	settings := filepath.Join(dir, ".claude", "settings.json")
	r := run(t, invocation{args: []string{"init", "claude-code", "--sandbox"}, dir: dir})
	if r.code != 2 || !strings.Contains(r.stderr, "line 2") || !strings.Contains(r.stderr, "left unchanged") {
		t.Errorf("invalid JSON: exit %d, %q; want 2 naming the line", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(settings); string(got) != invalid || len(backups(t, settings)) != 0 {
		t.Errorf("invalid file was touched: %q, backups %v", got, backups(t, settings))
	}
	for _, args := range [][]string{{"init"}, {"init", "cursor"}, {"init", "claude-code", "extra"}, {"init", "claude-code", "--bogus"}} {
		if r := run(t, invocation{args: args, dir: dir}); r.code != 2 {
			t.Errorf("%v: exit %d, want 2", args, r.code)
		}
	}
}

func TestInitPrint(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	r := run(t, invocation{args: []string{"init", "claude-code", "--print", "--sandbox"}, dir: dir})
	var h claudeHooks
	if err := json.Unmarshal([]byte(r.stdout), &h); r.code != 0 || err != nil || len(h.Hooks.PreToolUse) != 1 ||
		!strings.Contains(h.Hooks.PreToolUse[0].Hooks[0].Command, "hook claude-code --sandbox") {
		t.Fatalf("exit %d, %v: %s%s", r.code, err, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, ".claude")); err == nil {
		t.Error("--print wrote .claude/")
	}
}

// TestInitKeepsHookFlags: init replaces the mewsandbox hook it finds, and
// keeps the flags someone added to it by hand (--dont-ask, --settings …)
// unless told otherwise, saying which it kept, replaced and dropped;
// init --dont-ask adds the flag, --dont-ask=false takes it out.
func TestInitKeepsHookFlags(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	settings := filepath.Join(dir, ".claude", "settings.json")
	command := func() string {
		t.Helper()
		h := readHooks(t, settings)
		if len(h.Hooks.PreToolUse) != 1 || len(h.Hooks.PreToolUse[0].Hooks) != 1 {
			t.Fatalf("hooks: %+v", h)
		}
		return h.Hooks.PreToolUse[0].Hooks[0].Command
	}
	steps := []struct {
		args []string
		edit string // the hand-written command put in place first, if any
		want string // the command after init, bin elided
		out  []string
	}{
		{[]string{"--dont-ask"}, "", " hook claude-code --dont-ask || exit 2", []string{"created"}},
		{[]string{"--sandbox"}, "", " hook claude-code --sandbox --dont-ask || exit 2", []string{"updated", "kept from the installed hook: --dont-ask"}},
		{[]string{"--sandbox"}, "BIN hook claude-code --dont-ask --settings /etc/team.yaml --sandbox --bogus x || exit 2",
			" hook claude-code --sandbox --dont-ask --settings /etc/team.yaml || exit 2",
			[]string{"updated", "kept from the installed hook: --dont-ask --settings /etc/team.yaml", "dropped (not flags of 'hook claude-code'): --bogus x"}},
		{[]string{"--sandbox"}, "", " hook claude-code --sandbox --dont-ask --settings /etc/team.yaml || exit 2", []string{"already installed"}},
		{[]string{"--dont-ask=false"}, "", " hook claude-code --sandbox --settings /etc/team.yaml || exit 2", []string{"updated", "replaced: --dont-ask"}},
		{[]string{"--dont-ask"}, "BIN hook claude-code --plan --sandbox || exit 2", " hook claude-code --sandbox --dont-ask || exit 2",
			[]string{"updated", "kept from the installed hook: --sandbox", "replaced: --plan (by --dont-ask)"}},
	}
	for i, s := range steps {
		if s.edit != "" {
			data, _ := os.ReadFile(settings)
			edited := strings.Replace(string(data), command(), strings.ReplaceAll(s.edit, "BIN", bin), 1)
			if err := os.WriteFile(settings, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r := run(t, invocation{args: append([]string{"init", "claude-code"}, s.args...), dir: dir})
		if r.code != 0 {
			t.Fatalf("step %d: init %v: exit %d: %s%s", i, s.args, r.code, r.stdout, r.stderr)
		}
		if got := command(); got != bin+s.want {
			t.Errorf("step %d: init %v installed\n%s\nwant\n%s", i, s.args, got, bin+s.want)
		}
		for _, w := range s.out {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("step %d: init %v said\n%s\nwithout %q", i, s.args, r.stdout, w)
			}
		}
	}
}

// TestInitTrustHintS62: a project's own settings that ask for more than an
// untrusted project gets (a preset, the network, a web fetch's domain) are
// ignored by the hook with a warning Claude Code shows no one, so init
// says so, and how to trust the project; once the user's settings trust
// it, init says nothing of it.
func TestInitTrustHintS62(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  presets: [go]\n  network:\n    mode: all\npermissions:\n  allow: ['WebFetch(domain:go.dev)', 'Bash(go test:*)']\n"})
	home := outsideTemp(t)
	config := filepath.Join(home, ".config")
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + config}
	own := filepath.Join(dir, ".mewsandbox", "settings.yaml")
	r := run(t, invocation{args: []string{"init", "claude-code", "--sandbox"}, dir: dir, env: env})
	if r.code != 0 {
		t.Fatalf("init: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		"this project's own settings ask for what applies only to a project you trust",
		own + ": permissions.allow WebFetch(domain:go.dev)\n",
		own + ": sandbox.presets go, sandbox.network.mode all\n",
		filepath.Join(config, "mewsandbox", "settings.yaml") + "):\n    trustedProjects: [" + dir + "]\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("init's output %q: want %q", r.stdout, want)
		}
	}
	if strings.Contains(r.stdout, "go test") {
		t.Errorf("init's output %q names a rule that applies untrusted", r.stdout)
	}

	// Trusted: nothing to say, the hook applies all of it.
	if err := os.MkdirAll(filepath.Join(config, "mewsandbox"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(config, "mewsandbox", "settings.yaml"), []byte("trustedProjects: ["+dir+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, invocation{args: []string{"init", "claude-code", "--sandbox"}, dir: dir, env: env})
	if r.code != 0 || !strings.Contains(r.stdout, "already installed") || strings.Contains(r.stdout, "trust") {
		t.Errorf("init in a trusted project: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
}

// TestInitTrustHintHookFlagsS62: init's list of what the hook ignores
// until the project is trusted was made without the flags of the hook it
// keeps: under a hook with --trust-project, which applies all of it, init
// still told the person to trust the project, and under one with
// --no-user-settings, to name it in the user settings that hook never
// reads. It now judges the project as the installed hook does.
func TestInitTrustHintHookFlagsS62(t *testing.T) {
	t.Parallel()
	const hint = "this project's own settings ask for what applies only to a project you trust"
	for _, tt := range []struct {
		flags     string
		hint      bool
		want, not string
	}{
		{"--trust-project", false, "", ""},
		{"--no-user-settings", true, "--trust-project", "trustedProjects:"},
		// Neighbour: a hook of its own, the user's trustedProjects.
		{"", true, "trustedProjects: [", ""},
	} {
		t.Run(tt.flags, func(t *testing.T) {
			t.Parallel()
			dir := project(t, map[string]string{
				".mewsandbox/settings.yaml": "sandbox:\n  presets: [go]\n",
				".claude/settings.json":     `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "` + bin + ` hook claude-code ` + tt.flags + ` || exit 2"}]}]}}`,
			})
			home := outsideTemp(t)
			r := run(t, invocation{args: []string{"init", "claude-code"}, dir: dir, env: []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}})
			if r.code != 0 {
				t.Fatalf("init: exit %d: %s%s", r.code, r.stdout, r.stderr)
			}
			if got := strings.Contains(r.stdout, hint); got != tt.hint {
				t.Errorf("under a hook with %q init said %q; want the hint: %v", tt.flags, r.stdout, tt.hint)
			}
			if tt.want != "" && !strings.Contains(r.stdout, tt.want) {
				t.Errorf("under a hook with %q init said %q, without %q", tt.flags, r.stdout, tt.want)
			}
			if tt.not != "" && strings.Contains(r.stdout, tt.not) {
				t.Errorf("under a hook with %q init said %q, with %q", tt.flags, r.stdout, tt.not)
			}
		})
	}
}
