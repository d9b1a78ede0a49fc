//go:build linux

package integration

// Red team red70: what the host's version control tools read from the
// root besides the files already protected, each beside the neighbour
// that must keep working.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hgJjConfigsRed70 are Mercurial's and Jujutsu's other configuration files
// in a repository: hg reads .hg/hgrc-not-shared beside .hg/hgrc in every
// repository (its [hooks] run at the next hg command, a prompt's hg status
// included), and the hgrc of the repository .hg/sharedpath names where
// .hg/requires says share-safe; jj before 0.38 reads
// .jj/workspace-config.toml (its ui.pager runs at the next jj log).
var hgJjConfigsRed70 = [...]string{".hg/hgrc-not-shared", ".hg/sharedpath", ".jj/workspace-config.toml"}

// TestHgNonSharedAndJjWorkspaceConfigRed70: the layer held .hg/hgrc and
// .jj/repo/config.toml, but a command wrote hooks into
// .hg/hgrc-not-shared, pointed .hg/sharedpath at a repository of its own
// with an hgrc of its own, and set jj's pager in
// .jj/workspace-config.toml; the run exited 0 and each stayed for the
// host's next hg or jj command. Where they exist they are now read-only;
// the neighbours, the rest of .hg and .jj and the root, stay writable.
func TestHgNonSharedAndJjWorkspaceConfigRed70(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, hgJjConfigsRed70[:], "echo x > .hg/requires && mkdir -p .hg/store .jj/working_copy && echo x > .hg/store/x && echo x > .jj/working_copy/x")
}

// TestHgNonSharedAndJjWorkspaceConfigMadeRed70: where they are missing, a
// command that makes them has them moved aside after the run, which fails
// (125) naming them; one that writes only the rest of .hg and .jj passes.
func TestHgNonSharedAndJjWorkspaceConfigMadeRed70(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file(".hg/hgrc", "[ui]\nusername = me\n", 0o644)
	b.file(".hg/requires", "dotencode\n", 0o644)
	b.file(".jj/repo/config.toml", "[ui]\n", 0o644)

	if r := b.sh("echo share-safe >> .hg/requires && mkdir -p .hg/store .jj/working_copy && echo x > .hg/store/x && echo x > .jj/working_copy/x"); r.code != 0 {
		t.Fatalf("a run that writes the rest of .hg and .jj: exit %d\nstderr: %s", r.code, r.stderr)
	}

	r := b.sh(`printf '[hooks]\npre-status = touch planted\n' > .hg/hgrc-not-shared
mkdir -p own/.hg && printf '[hooks]\npre-status = touch planted\n' > own/.hg/hgrc && printf '%s/own/.hg' "$PWD" > .hg/sharedpath
printf '[ui]\npager = ["sh", "-c", "touch planted"]\n' > .jj/workspace-config.toml
`)
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside") {
		t.Fatalf("a run that made %v: exit %d, want 125 naming them\nstderr: %s", hgJjConfigsRed70, r.code, r.stderr)
	}
	for _, p := range hgJjConfigsRed70 {
		if !strings.Contains(r.stderr, filepath.Join(b.root, p)+" to "+filepath.Base(p)+".mewsandbox-planted") {
			t.Errorf("the run's error does not say where %s went: %s", p, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(b.root, p)); err == nil {
			t.Errorf("%s is still in the root after the run", p)
		}
	}
	if got := b.read(".hg/hgrc"); got != "[ui]\nusername = me\n" {
		t.Errorf(".hg/hgrc after the run: %q", got)
	}
}

// agentHooksRed70 are other agents' project files that name commands the
// agent runs on its own events, outside any sandbox, the next time the
// user works in the project with it: GitHub Copilot CLI's .github/hooks
// (a sessionStart hook), Cline's .clinerules/hooks (a TaskStart script),
// Windsurf Cascade's .windsurf/hooks.json and Factory Droid's
// .factory/settings.json (hooks) and .factory/mcp.json (MCP servers).
var agentHooksRed70 = [...]string{".github/hooks/pwn.json", ".clinerules/hooks/TaskStart", ".windsurf/hooks.json", ".factory/settings.json"}

// TestAgentHooksProtectedRed70: the layer held .claude, .cursor, .gemini
// and the rest, but a command wrote a hook into each of these; the run
// exited 0. Where they exist they are now read-only; the neighbours,
// .github's workflows, .clinerules' rules, .windsurf's rules, stay
// writable.
func TestAgentHooksProtectedRed70(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, agentHooksRed70[:], "mkdir -p .github/workflows .windsurf/rules && echo x > .github/workflows/ci.yml && echo x > .clinerules/style.md && echo x > .windsurf/rules/style.md")
}

// TestAgentHooksMadeRed70: where they are missing, a command that makes
// them has them moved aside after the run, which fails (125) naming
// them; one that writes .github's workflows and the agents' rules passes.
func TestAgentHooksMadeRed70(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	if r := b.sh("mkdir -p .github/workflows .clinerules .windsurf/rules && echo x > .github/workflows/ci.yml && echo x > .clinerules/style.md && echo x > .windsurf/rules/style.md"); r.code != 0 {
		t.Fatalf("a run that writes workflows and rules: exit %d\nstderr: %s", r.code, r.stderr)
	}
	r := b.sh(`mkdir -p .github/hooks .clinerules/hooks .factory
echo '{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "touch planted"}]}}' > .github/hooks/pwn.json
printf '#!/bin/sh\ntouch planted\n' > .clinerules/hooks/TaskStart && chmod +x .clinerules/hooks/TaskStart
echo '{"hooks": {"pre_user_prompt": [{"command": "touch planted"}]}}' > .windsurf/hooks.json
echo '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch planted"}]}]}}' > .factory/settings.json
`)
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside") {
		t.Fatalf("a run that made agents' hooks: exit %d, want 125 naming them\nstderr: %s", r.code, r.stderr)
	}
	for _, p := range []string{".github/hooks", ".clinerules/hooks", ".windsurf/hooks.json", ".factory"} {
		if !strings.Contains(r.stderr, filepath.Join(b.root, p)+" to "+filepath.Base(p)+".mewsandbox-planted") {
			t.Errorf("the run's error does not say where %s went: %s", p, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(b.root, p)); err == nil {
			t.Errorf("%s is still in the root after the run", p)
		}
	}
	for _, p := range []string{".github/workflows/ci.yml", ".clinerules/style.md", ".windsurf/rules/style.md"} {
		if !b.exists(p) {
			t.Errorf("%s, which no one protects, is gone after the run", p)
		}
	}
}
