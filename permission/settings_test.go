package permission

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestParseSettings(t *testing.T) {
	t.Parallel()
	const yamlFile = `# project settings
permissions:
  allow:
    - Bash(npm test:*)
    - "Read(src/**)"
  ask: [Bash(git push:*)]
  deny:
    - Bash(rm -rf:*)
    - Read(.env)
  defaultMode: acceptEdits
  disableBypassPermissionsMode: disable
  additionalDirectories: [../lib]
env:
  FOO: bar
sandbox: {enabled: true}
`
	const jsonFile = `{
	"$schema": "https://json.schemastore.org/claude-code-settings.json",
	"permissions": {
		"allow": ["Bash(npm test:*)", "Read(src\/**)"],
		"ask": ["Bash(git push:*)"],
		"deny": [
			"Bash(rm -rf:*)",
			"Read(.env)"
		],
		"defaultMode": "acceptEdits",
		"disableBypassPermissionsMode": "disable",
		"additionalDirectories": ["../lib"]
	},
	"hooks": {}
}`
	for _, tt := range []struct {
		name, path, data string
		wantLines        map[string]int
	}{
		{"YAML", ".mewsandbox/settings.yaml", yamlFile, map[string]int{"Bash(npm test:*)": 4, "Read(src/**)": 5, "Bash(git push:*)": 6, "Bash(rm -rf:*)": 8, "Read(.env)": 9}},
		{"JSON", ".claude/settings.json", jsonFile, map[string]int{"Bash(npm test:*)": 4, "Read(src/**)": 4, "Bash(git push:*)": 5, "Bash(rm -rf:*)": 7, "Read(.env)": 8}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings(tt.path, []byte(tt.data), "/proj")
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Rules.Allow) != 2 || len(s.Rules.Ask) != 1 || len(s.Rules.Deny) != 2 {
				t.Fatalf("rules = %d allow, %d ask, %d deny", len(s.Rules.Allow), len(s.Rules.Ask), len(s.Rules.Deny))
			}
			for _, l := range [][]Rule{s.Rules.Allow, s.Rules.Ask, s.Rules.Deny} {
				for _, r := range l {
					want := tt.path + ":" + strconv.Itoa(tt.wantLines[r.Text])
					if r.Source != want || r.Base != "/proj" {
						t.Errorf("rule %s: Source %q Base %q, want %q %q", r.Text, r.Source, r.Base, want, "/proj")
					}
				}
			}
			if s.Rules.Deny[0].Kind != RuleDeny || s.Rules.Allow[0].Kind != RuleAllow || s.Rules.Ask[0].Kind != RuleAsk {
				t.Error("rules have the wrong kind")
			}
			if s.DefaultMode != ModeAcceptEdits || !s.DisableBypass {
				t.Errorf("DefaultMode %q DisableBypass %v", s.DefaultMode, s.DisableBypass)
			}
			if len(s.AdditionalDirectories) != 1 || s.AdditionalDirectories[0] != "../lib" {
				t.Errorf("AdditionalDirectories = %q", s.AdditionalDirectories)
			}
			if len(s.Warnings) != 0 || s.Path != tt.path {
				t.Errorf("Warnings %q Path %q", s.Warnings, s.Path)
			}
		})
	}
}

func TestParseSettingsAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		data         string
		wantRules    int
		wantWarnings []string
	}{
		{"an empty file has no rules", "", 0, nil},
		{"comments only", "# nothing\n", 0, nil},
		{"null document", "null\n", 0, nil},
		{"an empty JSON object", "{}", 0, nil},
		{"null permissions", "permissions:\n", 0, nil},
		{"null lists", "permissions: {allow: null, deny: ~}\n", 0, nil},
		{"a byte order mark", "\uFEFF{\"permissions\": {\"deny\": [\"Bash\"]}}", 1, nil},
		{"a mode in any case", "permissions: {defaultMode: ACCEPTEDITS}\n", 0, nil},
		{"aliases within limits", "x: &r Bash(ls)\npermissions:\n  allow: [*r, *r]\n", 2, []string{`f:1: unknown key "x"`}},
		{"an unknown top-level key is a warning", "permissions: {}\nyolo: true\n", 0, []string{`f:2: unknown key "yolo"`}},
		{"an unknown permissions key is a warning", "permissions:\n  allow: []\n  alow: [Bash]\n", 0, []string{`f:3: unknown key "alow" in permissions`}},
		{"known Claude Code keys are silent", "model: x\nstatusLine: {}\nincludeCoAuthoredBy: false\nsandbox: {enabled: true}\n", 0, nil},
		{"JSON escapes", `{"permissions": {"allow": ["Read(\/a\u00e9\/b)", "Bash(echo \"x\")"]}}`, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings("f", []byte(tt.data), "")
			if err != nil {
				t.Fatal(err)
			}
			if n := s.Rules.Len(); n != tt.wantRules {
				t.Errorf("%d rules, want %d", n, tt.wantRules)
			}
			if strings.Join(s.Warnings, "\n") != strings.Join(tt.wantWarnings, "\n") {
				t.Errorf("warnings %q, want %q", s.Warnings, tt.wantWarnings)
			}
		})
	}
}

func TestParseSettingsJSONEscapes(t *testing.T) {
	t.Parallel()
	s, err := ParseSettings("f.json", []byte(`{"permissions": {"allow": ["Read(\/a\u00e9\/b)", "Bash(echo \"x\\\/\")"]}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Rules.Allow[0].Pattern; got != "/aé/b" {
		t.Errorf("pattern %q, want /aé/b", got)
	}
	if got := s.Rules.Allow[1].Pattern; got != `echo "x\/"` {
		t.Errorf("pattern %q, want %q", got, `echo "x\/"`)
	}
}

func TestParseSettingsRejects(t *testing.T) {
	t.Parallel()
	const path = ".mewsandbox/settings.yaml"
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i, prev := 0, "a"; i < 8; i++ {
		name := string(rune('b' + i))
		bomb += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	tests := []struct {
		name string
		data string
		want string
	}{
		{"an unknown mode names its line and the choices", "permissions:\n  allow: []\n\n\n\n\n\n\n\n\n\n  defaultMode: yolo\n",
			path + `:12: unknown mode "yolo" (want one of default, plan, acceptEdits, bypassPermissions, dontAsk)`},
		{"a malformed rule names its list, index and line", "permissions:\n  deny:\n    - Bash(ls)\n    - Read(x)\n    - Bash(rm\n",
			path + `:5: deny[2]: malformed rule "Bash(rm": missing ")"`},
		{"a malformed rule in JSON names its line", "{\"permissions\": {\n  \"allow\": [\n    \"Bash()\"]}}",
			path + `:3: allow[0]: malformed rule "Bash()": empty pattern`},
		{"a list of numbers", "permissions:\n  allow: [1]\n", path + ":2: allow[0]: want a string, not the number 1"},
		{"a list of lists", "permissions:\n  deny:\n    - [Bash]\n", path + ":3: deny[0]: want a string, not a list"},
		{"a string where a list belongs", "permissions:\n  allow: Bash\n", path + `:2: permissions.allow must be a list of strings, not the string "Bash"`},
		{"a mapping where a list belongs", "permissions:\n  ask: {a: b}\n", path + ":2: permissions.ask must be a list of strings, not a mapping"},
		{"a null in a list", "permissions:\n  allow: [null]\n", path + ":2: allow[0]: want a string, not null"},
		{"permissions not a mapping", "permissions: [Bash]\n", path + ":1: permissions must be a mapping, not a list"},
		{"a top level that is not a mapping", "- Bash\n", path + ":1: settings must be a mapping"},
		{"a mode that is not a string", "permissions: {defaultMode: [plan]}\n", path + ":1: permissions.defaultMode must be a string, not a list"},
		{"a bad disableBypassPermissionsMode", "permissions:\n  disableBypassPermissionsMode: true\n", path + ":2: permissions.disableBypassPermissionsMode must be a string, not the boolean true"},
		{"an unknown disableBypassPermissionsMode", "permissions:\n  disableBypassPermissionsMode: enable\n", path + `:2: permissions.disableBypassPermissionsMode: unknown value "enable" (want "disable")`},
		{"a duplicated key", "permissions:\n  deny: [Bash]\n  deny: []\n", path + `:3: key "permissions.deny" given twice (first at line 2)`},
		{"S22 a misspelt permissions", "permisions:\n  deny: [Bash]\n", path + `:1: unknown key "permisions": want "permissions"`},
		{"S22 permissions in another case", "{\"Permissions\": {\"deny\": [\"Bash\"]}}", path + `:1: unknown key "Permissions": want "permissions"`},
		{"S22 deny in another case", "permissions:\n  Deny: [Bash]\n", path + `:2: unknown key "Deny" in permissions: want "deny"`},
		{"S22 a misspelt deny", "permissions:\n  dney: [Bash]\n", path + `:2: unknown key "dney" in permissions: want "deny"`},
		{"S22 a misspelt ask", "permissions:\n  asks: [Bash]\n", path + `:2: unknown key "asks" in permissions: want "ask"`},
		{"S22 a misspelt sandbox", "sandBox:\n  network: none\n", path + `:1: unknown key "sandBox": want "sandbox"`},
		// UX3: the key it wants is mewsandbox's own, and the one written a
		// letter or two from it: both are shown, however long, where the
		// message said unknown key "…" (27 bytes, not shown): want "…".
		{"UX3 a long misspelt key is named", "permissions:\n  disableBypassPermissionMode: disable\n", path + `:2: unknown key "disableBypassPermissionMode" in permissions: want "disableBypassPermissionsMode"`},
		{"UX3 a misspelt defaultMode", "permissions:\n  defaultmode: dontAsk\n", path + `:2: unknown key "defaultmode" in permissions: want "defaultMode"`},
		{"S22 a YAML merge key", "base: &b\n  deny: [Bash]\npermissions:\n  <<: *b\n", path + `:4: permissions.<<: YAML merge keys are not read`},
		{"a deny rule after a single / naming the host's home", "permissions:\n  deny:\n    - Read(./ok)\n    - Read(/home/u/.ssh/**)\n",
			path + `:4: deny[1]: malformed rule "Read(/home/u/.ssh/**)": a path after a single "/" is relative to /proj, as in Claude Code, not to / on the host: write Read(//home/u/.ssh/**) for /home/u/.ssh/** there, or Read(./home/u/.ssh/**) for the one in the project`},
		{"an ask rule after a single / naming /etc", "{\"permissions\": {\"ask\": [\"Edit(/etc/**)\"]}}", path + `:1: ask[0]: malformed rule "Edit(/etc/**)": a path after a single "/" is relative to /proj`},
		{"a duplicated top-level key", "{\"permissions\": {},\n \"permissions\": {}}", path + `:2: key "permissions" given twice (first at line 1)`},
		{"unparsable YAML names its line", "permissions:\n  allow: [Bash\n  deny: []\n", path + ":"},
		{"unparsable JSON names its line", "{\"permissions\": {\n \"allow\": [\"Bash\" \"Read\"]}}\n", path + ":2: invalid JSON: invalid character"},
		{"unterminated JSON", "{\"permissions\": {\n", path + ":1: invalid JSON: unexpected end"},
		{"a YAML flow mapping that is not JSON is read as YAML", "{permissions: {deny: [Bash(x]}}", path + `:1: deny[0]: malformed rule`},
		{"a tab in YAML indentation", "permissions:\n\tallow: []\n", path + ":2: invalid YAML or JSON"},
		{"NUL bytes", "permissions:\n  allow: [\"a\x00\"]\n", path + ":2: NUL byte"},
		{"invalid UTF-8", "permissions:\n\n  allow: [\"\xff\"]\n", path + ":3: invalid UTF-8"},
		{"a second document", "permissions: {}\n---\npermissions: {}\n", path + ":2: a second YAML document"},
		{"a YAML bomb", bomb + "permissions: {allow: *i}\n", path + ":"},
		{"an alias that contains itself", "a: &x [*x]\n", path + ":"},
		{"a key that is not a string", "? [a]\n: b\n", path + ":1: key must be a string"},
		{"a file over the size limit", "# " + strings.Repeat("x", 1<<20) + "\n", path + ": file is too large"},
		{"a long string where a list belongs is not quoted", "permissions:\n  allow: " + strings.Repeat("x", 50) + "\n", path + ":2: permissions.allow must be a list of strings, not a string of 50 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings(path, []byte(tt.data), "/proj")
			if err == nil {
				t.Fatalf("ParseSettings succeeded: %+v", s)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error:\n got %s\nwant %s…", err, tt.want)
			}
			var se *SettingsError
			if !errors.As(err, &se) || se.Path != path {
				t.Errorf("error %T does not carry the path", err)
			}
		})
	}
}

// TestParseSettingsQuotesNoSecret: a settings file can be a link to any
// file the user can read (planted by a sandboxed command, say); the
// message says what is wrong without what the file holds.
func TestParseSettingsQuotesNoSecret(t *testing.T) {
	t.Parallel()
	for _, secret := range []string{
		"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n",
		"ghp_0123456789abcdefghijABCDEFGHIJ0123\n",
		"hunter2",
		"12345678",
		"sandbox: hunter2-but-longer-than-forty-bytes-0123456789\n",
		// Found by a review: a key, an anchor, a duplicated key, a rule.
		"sk-live-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH: 1\n",
		"db_password: *k9SecretPassw0rdThatIsLongEnoughToBeRealXYZ123456\n",
		"x-hunter2-0123456789abcdefghijklmnopqrstuvwxyz: 1\nx-hunter2-0123456789abcdefghijklmnopqrstuvwxyz: 2\n",
		"permissions:\n  allow: [\"Bash(hunter2-0123456789abcdefghijklmnopqrstuvwxyz\"]\n",
	} {
		s, err := ParseSettings("f", []byte(secret), "")
		said := fmt.Sprint(err)
		if err == nil {
			said = strings.Join(s.Warnings, "\n")
		}
		if said == "" || said == "<nil>" {
			t.Fatalf("%q parsed as settings without a word", secret)
		}
		for _, part := range []string{"b3Blbn", "ghp_", "hunter2", "12345678", "sk-live", "k9Secret"} {
			if strings.Contains(secret, part) && strings.Contains(said, part) {
				t.Errorf("what is said of a file holding %q quotes it: %v", secret, said)
			}
		}
	}
}

func TestParseSettingsErrorsUnwrap(t *testing.T) {
	t.Parallel()
	_, err := ParseSettings("f", []byte("permissions: {deny: [\"Bash(\"]}"), "")
	var re *RuleError
	if !errors.As(err, &re) || re.Text != "Bash(" {
		t.Errorf("error %v does not wrap the *RuleError", err)
	}
}

func FuzzParseSettings(f *testing.F) {
	for _, s := range []string{
		"", "permissions:\n  allow: [Bash(ls)]\n  deny: [Read(.env)]\n  defaultMode: plan\n",
		`{"permissions": {"ask": ["Bash(git push:*)"], "disableBypassPermissionsMode": "disable"}}`,
		"a: &a [x]\nb: [*a, *a]\n", "permissions: [\n", "x: \"\\/\"",
		"b: &b\n  deny: [Bash]\npermissions:\n  <<: *b\n  Deny: []\n", "permisions: {}\nsandBox: {}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const path = "dir/settings.yaml"
		s, err := ParseSettings(path, data, "/base")
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("error %q does not start with the path", err)
			}
			return
		}
		for _, l := range [][]Rule{s.Rules.Allow, s.Rules.Ask, s.Rules.Deny} {
			for _, r := range l {
				if !strings.HasPrefix(r.Source, path+":") || r.Base != "/base" {
					t.Fatalf("rule %s: Source %q Base %q", r.Text, r.Source, r.Base)
				}
			}
		}
		for _, w := range s.Warnings {
			if !strings.HasPrefix(w, path+":") {
				t.Fatalf("warning %q does not start with the path", w)
			}
		}
		for _, o := range append(s.Sandbox.origins(), &s.Audit.Origin) {
			if *o != (Origin{}) && (o.File != path || o.Line < 1) {
				t.Fatalf("sandbox setting from %+v, want a line of %s", *o, path)
			}
		}
	})
}
