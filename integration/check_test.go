package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkJSON is the object `mewsandbox check --json` prints (DESIGN §5).
type checkJSON struct {
	Decision   string `json:"decision"`
	Reason     string `json:"reason"`
	Rule       string `json:"rule"`
	Source     string `json:"source"`
	Suggestion string `json:"suggestion"`
	Commands   []struct {
		Command  string `json:"command"`
		Decision string `json:"decision"`
	} `json:"commands"`
}

func TestCheckDecisions(t *testing.T) {
	t.Parallel()
	settings := `permissions:
  allow:
    - "Bash(npm test:*)"
  ask:
    - "Bash(git commit:*)"
  deny:
    - "Bash(git push:*)"
    - "Read(./secrets/**)"
`
	tests := []struct {
		name       string
		args       []string
		want       string
		wantRule   string
		wantSource string // substring
	}{
		{"safe command is allowed", []string{"-c", "git status"}, "allow", "", ""},
		{"rm -rf asks in default mode", []string{"-c", "rm -rf build"}, "ask", "", ""},
		{"allow rule allows", []string{"-c", "npm test -- --watch=false"}, "allow", "Bash(npm test:*)", "settings.yaml:3"},
		{"deny rule hidden in a compound denies", []string{"-c", "npm test && git push origin main"}, "deny", "Bash(git push:*)", "settings.yaml:7"},
		{"deny rule inside a substitution denies", []string{"-c", "echo $(git push -f)"}, "deny", "Bash(git push:*)", ""},
		{"deny rule behind bash -c denies", []string{"-c", "bash -c 'git push'"}, "deny", "Bash(git push:*)", ""},
		{"ask rule asks even in bypass mode", []string{"--yolo", "-c", "git commit -m x"}, "ask", "Bash(git commit:*)", ""},
		{"deny wins over --yolo", []string{"--yolo", "-c", "git push"}, "deny", "Bash(git push:*)", ""},
		{"dontAsk turns ask into deny", []string{"--dont-ask", "-c", "rm -rf build"}, "deny", "", ""},
		{"bypass allows dangerous commands", []string{"--yolo", "-c", "rm -rf build"}, "allow", "", ""},
		{"critical rm is denied even in bypass", []string{"--yolo", "-c", "rm -rf /"}, "deny", "", ""},
		{"plan mode denies writes", []string{"--plan", "-c", "touch x"}, "deny", "", ""},
		{"plan mode allows read-only commands", []string{"--plan", "-c", "ls -la | grep x"}, "allow", "", ""},
		{"argv form is quoted", []string{"--", "echo", "rm -rf /"}, "allow", "", ""},
		{"command-line deny rule", []string{"--deny", "Bash(curl:*)", "-c", "curl example.com"}, "deny", "Bash(curl:*)", "command line"},
		{"read deny stops cat", []string{"-c", "cat secrets/key.pem"}, "deny", "Read(./secrets/**)", ""},
		{"read deny stops the Read tool", []string{"--tool", "Read", "--input", `{"file_path":"secrets/a"}`}, "deny", "Read(./secrets/**)", ""},
		{"unknown tool asks", []string{"--tool", "Teleport", "--input", `{}`}, "ask", "", ""},
	}
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": settings})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, invocation{args: append([]string{"check", "--json"}, tt.args...), dir: dir})
			if r.code != 0 {
				t.Fatalf("exit %d, want 0; stderr: %s", r.code, r.stderr)
			}
			var got checkJSON
			if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s", err, r.stdout)
			}
			if got.Decision != tt.want {
				t.Errorf("decision %q (%s), want %q", got.Decision, got.Reason, tt.want)
			}
			if tt.wantRule != "" && got.Rule != tt.wantRule {
				t.Errorf("rule %q, want %q", got.Rule, tt.wantRule)
			}
			if !strings.Contains(got.Source, tt.wantSource) {
				t.Errorf("source %q, want it to contain %q", got.Source, tt.wantSource)
			}
			if got.Reason == "" {
				t.Error("empty reason")
			}
		})
	}
}

func TestCheckSuggestsARule(t *testing.T) {
	t.Parallel()
	r := run(t, invocation{args: []string{"check", "--json", "-c", "make build && rm -rf out"}, dir: project(t, nil)})
	var got checkJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err, r.stdout)
	}
	if got.Decision != "ask" || got.Suggestion == "" {
		t.Fatalf("got %+v, want ask with a suggestion", got)
	}
	if len(got.Commands) != 2 {
		t.Fatalf("commands %+v, want one per part", got.Commands)
	}
}

func TestCheckBadInput(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	bad := project(t, map[string]string{".mewsandbox/settings.yaml": "permissions:\n  defaultMode: yolo\n"})
	malformed := project(t, map[string]string{".mewsandbox/settings.yaml": "permissions:\n  deny:\n    - \"Bash(rm\"\n"})
	tests := []struct {
		name    string
		dir     string
		args    []string
		wantErr string
	}{
		{"no subject", dir, []string{"check"}, "exactly one of"},
		{"two subjects", dir, []string{"check", "-c", "ls", "--", "ls"}, "exactly one of"},
		{"empty command", dir, []string{"check", "-c", "  "}, "empty command"},
		{"NUL byte", dir, []string{"check", "--tool", "Bash", "--input", `{"command":"ls\u0000rm"}`}, "NUL"},
		{"invalid JSON input", dir, []string{"check", "--tool", "Read", "--input", `{"file_path":`}, "not valid JSON"},
		{"unknown mode flag", dir, []string{"check", "--mode", "yolo", "-c", "ls"}, `unknown mode "yolo"`},
		{"conflicting mode flags", dir, []string{"check", "--yolo", "--plan", "-c", "ls"}, "conflicting mode flags"},
		{"malformed rule flag", dir, []string{"check", "--deny", "Bash(rm", "-c", "ls"}, "Bash(rm"},
		{"unknown mode in settings names file and line", bad, []string{"check", "-c", "ls"}, "settings.yaml:2"},
		{"malformed rule in settings names file and line", malformed, []string{"check", "-c", "ls"}, "settings.yaml:3"},
		{"missing --settings file", dir, []string{"check", "--settings", "/nonexistent.yaml", "-c", "ls"}, "/nonexistent.yaml"},
		{"root that does not exist", dir, []string{"check", "--root", "/nonexistent", "-c", "ls"}, "/nonexistent"},
		{"unknown flag", dir, []string{"check", "--frobnicate"}, "frobnicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, invocation{args: tt.args, dir: tt.dir})
			if r.code != 2 {
				t.Fatalf("exit %d, want 2; stdout %q stderr %q", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.wantErr) {
				t.Errorf("stderr %q, want it to mention %q", r.stderr, tt.wantErr)
			}
		})
	}
}

func TestCheckHugeCommandIsDecidedNotCrashed(t *testing.T) {
	t.Parallel()
	// 80 KB fits one argv string (the kernel's limit is 128 KiB).
	cmd := strings.Repeat("echo a; ", 10000) + "rm -rf /"
	r := run(t, invocation{args: []string{"check", "--json", "-c", cmd}, dir: project(t, nil)})
	if r.code != 0 {
		t.Fatalf("exit %d: %.300s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, `"decision":"deny"`) {
		t.Errorf("want deny for a huge command ending in rm -rf /, got %.200s", r.stdout)
	}
	// Over the 1 MiB limit, through the hook's stdin: refused, never allowed.
	huge := event(t.TempDir(), "default", "Bash", map[string]string{"command": strings.Repeat("echo a; ", 140000)})
	r = run(t, invocation{args: []string{"hook", "claude-code"}, stdin: huge, dir: t.TempDir()})
	if r.code != 2 || strings.Contains(r.stdout, "allow") {
		t.Errorf("1 MB command: exit %d stdout %.200q, want exit 2 and no allow", r.code, r.stdout)
	}
}

func TestHelpAndVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"help"}, {"--help"}, {"help", "check"}, {"check", "-h"}, {"run", "--help"}, {"help", "hook"}, {"help", "doctor"}, {"help", "explain"}} {
		r := run(t, invocation{args: args, dir: t.TempDir()})
		if r.code != 0 || r.stdout == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	r := run(t, invocation{args: []string{"version"}, dir: t.TempDir()})
	if r.code != 0 || !strings.HasPrefix(r.stdout, "mewsandbox ") {
		t.Errorf("version: exit %d, %q", r.code, r.stdout)
	}
	r = run(t, invocation{args: []string{"frobnicate"}, dir: t.TempDir()})
	if r.code != 2 {
		t.Errorf("unknown command: exit %d, want 2", r.code)
	}
}

// TestCheckFromALinkedDirectory: a project reached through a symbolic
// link (cd ~/src/app where ~/src leads to /data/src) is the project: its
// writes are in the root, where the kernel makes them, not "outside the
// project root" as the link's name reads (every write asked, and a
// --dont-ask run refused them all). The shell's cd .. leaves from the
// link's name, so a write after it is outside.
func TestCheckFromALinkedDirectory(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	link := filepath.Join(outsideTemp(t), "app")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	at := invocation{dir: link, env: []string{"PWD=" + link}}
	for _, tt := range []struct{ cmd, want string }{
		{"touch x", "allow"},
		{"mkdir -p sub && cd sub && echo hi > y", "allow"},
		{"cd .. && touch x", "ask"},
		{"touch ../x", "ask"},
	} {
		inv := at
		inv.args = []string{"check", "--json", "-c", tt.cmd}
		r := run(t, inv)
		var got checkJSON
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%s: stdout is not JSON: %v\n%s%s", tt.cmd, err, r.stdout, r.stderr)
		}
		if got.Decision != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got.Decision, got.Reason, tt.want)
		}
	}
	inv := at
	inv.args = []string{"run", "--dont-ask", "--", "touch", "made"}
	if r := run(t, inv); r.code != 0 {
		t.Fatalf("run --dont-ask -- touch made from the link: exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "made")); err != nil {
		t.Errorf("the run's file is not in the project: %v", err)
	}
}
