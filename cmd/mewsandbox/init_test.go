package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/permission"
)

func TestClaudeToolsAreKnown(t *testing.T) {
	t.Parallel()
	for _, tool := range claudeTools {
		_, kind := permission.CanonicalTool(tool)
		if slices.Contains(unmodelledTools, tool) {
			if kind != permission.KindUnknown {
				t.Errorf("%s is listed as a tool the engine does not model, but it does", tool)
			}
			continue
		}
		if name, _ := permission.CanonicalTool(tool); kind == permission.KindUnknown || name != tool {
			t.Errorf("the hook is installed for %s, which the permission engine does not model", tool)
		}
	}
}

// TestHookCoversCodeRunningTools: Claude Code 2.1.197's Monitor (a shell
// command), REPL (JavaScript in its own process), PowerShell and Artifact
// (a local file published) were not in the hook's matcher, so Claude Code
// never asked the hook about them: Monitor ran rm -rf ~ unasked in
// bypassPermissions. The installed matcher names each now.
func TestHookCoversCodeRunningTools(t *testing.T) {
	t.Parallel()
	var group struct {
		Matcher string `json:"matcher"`
	}
	if err := json.Unmarshal(mustMarshal(hookGroup(testCommand)), &group); err != nil {
		t.Fatal(err)
	}
	names := strings.Split(group.Matcher, "|")
	for _, tool := range slices.Concat(unmodelledTools, []string{"Monitor", "REPL", "PowerShell", "Artifact", "Bash", "Write"}) {
		if !slices.Contains(names, tool) {
			t.Errorf("the hook's matcher %q leaves out %s", group.Matcher, tool)
		}
	}
}

const testCommand = "mewsandbox hook claude-code --sandbox || exit 2"

func TestMergeHookGroup(t *testing.T) {
	t.Parallel()
	ours := string(mustMarshal(hookGroup(testCommand)))
	old := `{"matcher":"Bash","hooks":[{"type":"command","command":"'/opt/x/mewsandbox' hook claude-code || exit 2"}]}`
	other := `{"matcher":"Write","hooks":[{"type":"command","command":"prettier --write"}]}`
	mixed := `{"matcher":"Bash","hooks":[{"type":"command","command":"log.sh"},{"type":"command","command":"mewsandbox hook claude-code"}]}`
	tests := []struct {
		name, in, want      string
		changed, replaced   bool
		wantErr             string
		wantUnchangedOutput bool
	}{
		{name: "empty file", in: `{}`, want: `{"hooks":{"PreToolUse":[` + ours + `]}}`, changed: true},
		{name: "other keys keep their order", in: `{"z":1,"hooks":{"Stop":[]},"a":{"b":"&&"}}`,
			want: `{"z":1,"hooks":{"Stop":[],"PreToolUse":[` + ours + `]},"a":{"b":"&&"}}`, changed: true},
		{name: "other hooks are kept", in: `{"hooks":{"PreToolUse":[` + other + `]}}`,
			want: `{"hooks":{"PreToolUse":[` + other + `,` + ours + `]}}`, changed: true},
		{name: "already installed", in: `{"hooks":{"PreToolUse":[` + other + `,` + ours + `]}}`, changed: false},
		{name: "an older mewsandbox hook is replaced in place", in: `{"hooks":{"PreToolUse":[` + old + `,` + other + `]}}`,
			want: `{"hooks":{"PreToolUse":[` + ours + `,` + other + `]}}`, changed: true, replaced: true},
		{name: "a mewsandbox hook in a shared group leaves the others", in: `{"hooks":{"PreToolUse":[` + mixed + `]}}`,
			want: `{"hooks":{"PreToolUse":[` + ours + `,{"matcher":"Bash","hooks":[{"type":"command","command":"log.sh"}]}]}}`, changed: true, replaced: true},
		{name: "ours plus a stray old one", in: `{"hooks":{"PreToolUse":[` + ours + `,` + old + `]}}`,
			want: `{"hooks":{"PreToolUse":[` + ours + `]}}`, changed: true, replaced: true},
		{name: "hooks not an object", in: `{"hooks":[]}`, wantErr: `"hooks" is not an object`},
		{name: "PreToolUse not an array", in: `{"hooks":{"PreToolUse":{}}}`, wantErr: `"hooks.PreToolUse" is not an array`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := parseObject([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			changed, replaced, err := mergeHookGroup(&doc, hookGroup(testCommand))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if changed != tt.changed || replaced != tt.replaced {
				t.Errorf("changed %v replaced %v, want %v %v", changed, replaced, tt.changed, tt.replaced)
			}
			if got := string(mustMarshal(doc)); tt.changed && got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			} else if !tt.changed && got != tt.in {
				t.Errorf("unchanged document rewritten: %s", got)
			}
		})
	}
}

// claudeFile is a settings file as Claude Code writes it: two-space
// indentation, escapes and numbers that a re-encoding would change.
const claudeFile = `{
  "permissions": {
    "allow": [
      "Bash(npm run lint)",
      "Bash(a \u0026\u0026 b)"
    ],
    "deny": []
  },
  "model": "opus",
  "cleanupPeriodDays": 1e2
}
`

func TestInstallHookKeepsTheRestOfTheFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(claudeFile), 0o640); err != nil {
		t.Fatal(err)
	}
	res, err := installHook(path, hookGroup(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := strings.TrimSuffix(claudeFile, "\n}\n") + `,
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Glob|Grep|LS|WebFetch|Monitor|REPL|PowerShell|Artifact",
        "hooks": [
          {
            "type": "command",
            "command": "mewsandbox hook claude-code --sandbox || exit 2"
          }
        ]
      }
    ]
  }
}
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the original 0640", fi.Mode().Perm())
	}
	backup, _ := os.ReadFile(res.backup)
	if res.backup == "" || string(backup) != claudeFile {
		t.Errorf("backup %q holds %q, want the original file", res.backup, backup)
	}

	// A second install changes nothing and backs nothing up.
	res2, err := installHook(path, hookGroup(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(path)
	if res2.backup != "" || res2.created || string(again) != want {
		t.Errorf("second install: %+v, file changed: %v", res2, string(again) != want)
	}
	if m, _ := filepath.Glob(path + ".*"); len(m) != 1 {
		t.Errorf("files beside settings.json: %v, want one backup and no temp file", m)
	}
}

func TestInstallHookFormats(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"missing file", "", "{\n  \"hooks\": {\n"},
		{"tab indented", "{\n\t\"a\": 1\n}\n", "{\n\t\"a\": 1,\n\t\"hooks\": {\n\t\t\"PreToolUse\": ["},
		{"one line, no newline", `{"a":1}`, `{"a":1,"hooks":{"PreToolUse":[{"matcher"`},
		{"empty object", "{}\n", "{\n  \"hooks\": {\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "settings.json")
			if tt.in != "" {
				os.WriteFile(path, []byte(tt.in), 0o644)
			}
			res, err := installHook(path, hookGroup(testCommand))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if !strings.HasPrefix(string(got), tt.want) {
				t.Errorf("got:\n%s\nwant it to start:\n%s", got, tt.want)
			}
			if endsNL := strings.HasSuffix(string(got), "\n"); endsNL != (tt.in == "" || strings.HasSuffix(tt.in, "\n")) {
				t.Errorf("final newline %v; the original's was kept? %q", endsNL, got)
			}
			if res.created != (tt.in == "") {
				t.Errorf("created = %v", res.created)
			}
		})
	}
}

func TestInstallHookRefusesInvalidJSON(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"{\n  \"a\": 1,\n}\n":  "line 3",
		`["not", "an object"]`: "not a JSON object",
		`{"a":1} {"b":2}`:      "more after the object",
		`{"hooks": {`:          "not valid JSON",
	} {
		path := filepath.Join(t.TempDir(), "settings.json")
		os.WriteFile(path, []byte(in), 0o644)
		_, err := installHook(path, hookGroup(testCommand))
		var ue usageError
		if err == nil || !strings.Contains(err.Error(), want) || !errors.As(err, &ue) {
			t.Errorf("%q: got %v, want a usage error with %q", in, err, want)
		}
		if got, _ := os.ReadFile(path); string(got) != in {
			t.Errorf("%q: file changed to %q", in, got)
		}
		if m, _ := filepath.Glob(path + ".*"); len(m) != 0 {
			t.Errorf("%q: left %v", in, m)
		}
	}
}

func TestDetectIndent(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"{\n  \"a\": 1}":       "  ",
		"{\n    \"a\": 1}":     "    ",
		"{\r\n\t\"a\": 1}":     "\t",
		`{"a": {"b": 1}}`:      "",
		"{}":                   "  ",
		"  {\n   \n  \"a\":1}": "  ",
	} {
		if got := detectIndent([]byte(in)); got != want {
			t.Errorf("detectIndent(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCarryHookFlags(t *testing.T) {
	t.Parallel()
	given := func(sandbox, dontAsk *bool) hookSettings {
		var s hookSettings
		if sandbox != nil {
			s.sandbox, s.given.sandbox = *sandbox, true
		}
		if dontAsk != nil {
			s.dontAsk, s.given.dontAsk = *dontAsk, true
		}
		return s
	}
	yes, no := true, false
	tests := []struct {
		name                           string
		old                            string
		set                            hookSettings
		sandbox, dontAsk               bool
		audit                          string
		extra, kept, replaced, dropped string
	}{
		{"no installed hook", "", given(&yes, nil), true, false, "", "", "", "", ""},
		{"a hand-added --dont-ask stays", "mewsandbox hook claude-code --sandbox --dont-ask || exit 2", given(&yes, nil),
			true, true, "", "", "--dont-ask", "", ""},
		{"--dont-ask=false takes it out", "mewsandbox hook claude-code --dont-ask || exit 2", given(nil, &no),
			false, false, "", "", "", "--dont-ask", ""},
		{"other flags stay as written, in order", `'/opt/x/mewsandbox' hook claude-code --settings "/etc/team.yaml" --allow-write=~/cache --audit /var/log/a.jsonl || exit 2`, given(nil, nil),
			false, false, "/var/log/a.jsonl", "--settings /etc/team.yaml --allow-write=~/cache", "--settings /etc/team.yaml --allow-write=~/cache --audit /var/log/a.jsonl", "", ""},
		{"--dont-ask replaces the mode flags", "mewsandbox hook claude-code --mode=plan --yolo || exit 2", given(nil, &yes),
			false, true, "", "", "", "--mode=plan (by --dont-ask) --yolo (by --dont-ask)", ""},
		{"what is not a flag of the hook is dropped", "mewsandbox hook claude-code --bogus --timeout || exit 2", given(nil, nil),
			false, false, "", "", "", "", "--bogus --timeout"},
		{"a command it cannot read keeps nothing", `mewsandbox hook claude-code --settings "$HOME/s.yaml" || exit 2`, given(&yes, nil),
			true, false, "", "", "", "", `mewsandbox hook claude-code --settings "$HOME/s.yaml" || exit 2 (not a plain 'mewsandbox hook claude-code' command line)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := carryHookFlags(tt.old, tt.set)
			got := []string{strings.Join(c.extra, " "), strings.Join(c.kept, " "), strings.Join(c.replaced, " "), strings.Join(c.dropped, " ")}
			want := []string{tt.extra, tt.kept, tt.replaced, tt.dropped}
			if c.settings.sandbox != tt.sandbox || c.settings.dontAsk != tt.dontAsk || c.settings.audit != tt.audit || !slices.Equal(got, want) {
				t.Errorf("carryHookFlags:\n got sandbox %v dontAsk %v audit %q extra/kept/replaced/dropped %q\nwant sandbox %v dontAsk %v audit %q %q",
					c.settings.sandbox, c.settings.dontAsk, c.settings.audit, got, tt.sandbox, tt.dontAsk, tt.audit, want)
			}
		})
	}
}

// TestInstallHookRefusesLinks: the project's .claude/settings.json, or
// .claude itself, that is a symbolic link (a sandboxed command can make
// one without the namespace layer) is refused, and what it leads to,
// outside the project, is left as it was; a review had init rewrite it.
func TestInstallHookRefusesLinks(t *testing.T) {
	t.Parallel()
	for _, linked := range []string{".claude/settings.json", ".claude"} {
		base := t.TempDir()
		outside := filepath.Join(base, "outside")
		os.MkdirAll(outside, 0o755)
		victim := filepath.Join(outside, "settings.json")
		if err := os.WriteFile(victim, []byte(`{"keep": 1}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		proj := filepath.Join(base, "p")
		os.MkdirAll(filepath.Join(proj, ".claude"), 0o755)
		if linked == ".claude" {
			os.Remove(filepath.Join(proj, ".claude"))
			if err := os.Symlink(outside, filepath.Join(proj, ".claude")); err != nil {
				t.Fatal(err)
			}
		} else if err := os.Symlink(victim, filepath.Join(proj, linked)); err != nil {
			t.Fatal(err)
		}
		_, err := installHook(filepath.Join(proj, ".claude", "settings.json"), hookGroup(testCommand))
		if err == nil || !strings.Contains(err.Error(), "link") {
			t.Errorf("%s a link: err %v, want a refusal naming the link", linked, err)
		}
		// The user's to remove: init exits 2, not 125 (docs75).
		if !errors.Is(err, permission.ErrLink) {
			t.Errorf("%s a link: err %v is no permission.ErrLink (init would exit 125, an internal error)", linked, err)
		}
		if got, _ := os.ReadFile(victim); string(got) != `{"keep": 1}`+"\n" {
			t.Errorf("%s a link: the file outside became %q", linked, got)
		}
		if ents, _ := os.ReadDir(outside); len(ents) != 1 {
			t.Errorf("%s a link: %d files outside, want the one there was (a backup was made there?)", linked, len(ents))
		}
	}
}
