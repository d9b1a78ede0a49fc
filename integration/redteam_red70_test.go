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
// (125), with the layer and without it; one that writes only the rest of
// .hg and .jj passes.
func TestHgNonSharedAndJjWorkspaceConfigMadeRed70(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(b *box) {
		b.file(".hg/hgrc", "[ui]\nusername = me\n", 0o644)
		b.file(".hg/requires", "dotencode\n", 0o644)
		b.file(".jj/repo/config.toml", "[ui]\n", 0o644)
	}, "echo share-safe >> .hg/requires && mkdir -p .hg/store .jj/working_copy && echo x > .hg/store/x && echo x > .jj/working_copy/x",
		`printf '[hooks]\npre-status = touch planted\n' > .hg/hgrc-not-shared
mkdir -p own/.hg && printf '[hooks]\npre-status = touch planted\n' > own/.hg/hgrc && printf '%s/own/.hg' "$PWD" > .hg/sharedpath
printf '[ui]\npager = ["sh", "-c", "touch planted"]\n' > .jj/workspace-config.toml
`, hgJjConfigsRed70[:], []string{".hg/store/x", ".jj/working_copy/x", ".hg/hgrc"})
}

// plantedMovedAside runs, in a fresh project made by setup, with the
// layer where the kernel gives it and without it: neighbour, which must
// pass, then plant, which must fail (125) with each of planted moved
// aside beside where it was made; kept must still be there.
func plantedMovedAside(t *testing.T, setup func(*box), neighbour, plant string, planted, kept []string) {
	t.Helper()
	for _, flags := range sandboxModes(t) {
		b := newGitBox(t)
		setup(b)
		if r := b.sh(neighbour, flags...); r.code != 0 {
			t.Fatalf("%v: the neighbour run: exit %d\nstderr: %s", flags, r.code, r.stderr)
		}
		r := b.sh(plant, flags...)
		if r.code != 125 || !strings.Contains(r.stderr, "moved aside") {
			t.Fatalf("%v: a run that made %v: exit %d, want 125 naming them\nstderr: %s", flags, planted, r.code, r.stderr)
		}
		for _, p := range planted {
			if _, err := os.Lstat(filepath.Join(b.root, p)); err == nil {
				t.Errorf("%v: %s is still in the root after the run", flags, p)
			}
			if !b.exists(p + ".mewsandbox-planted") {
				t.Errorf("%v: %s was not moved aside beside it: %s", flags, p, r.stderr)
			}
		}
		for _, p := range kept {
			if !b.exists(p) {
				t.Errorf("%v: %s, which no one protects, is gone after the run", flags, p)
			}
		}
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
// them has them moved aside after the run, which fails (125), with the
// layer and without it; one that writes .github's workflows and the
// agents' rules passes.
func TestAgentHooksMadeRed70(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, "mkdir -p .github/workflows .clinerules .windsurf/rules && echo x > .github/workflows/ci.yml && echo x > .clinerules/style.md && echo x > .windsurf/rules/style.md",
		`mkdir -p .github/hooks .clinerules/hooks .factory
echo '{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "touch planted"}]}}' > .github/hooks/pwn.json
printf '#!/bin/sh\ntouch planted\n' > .clinerules/hooks/TaskStart && chmod +x .clinerules/hooks/TaskStart
echo '{"hooks": {"pre_user_prompt": [{"command": "touch planted"}]}}' > .windsurf/hooks.json
echo '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch planted"}]}]}}' > .factory/settings.json
`, []string{".github/hooks", ".clinerules/hooks", ".windsurf/hooks.json", ".factory"}, []string{".github/workflows/ci.yml", ".clinerules/style.md", ".windsurf/rules/style.md"})
}

// TestPlantedThroughLinkedDirRed70: without the layer, a command made
// .config a symbolic link to a directory of its own holding
// mise/config.toml, and .hg one holding hgrc; the run exited 0 (a
// directory on the way that cannot be opened was taken for one still
// missing), and mise and hg outside read what it made through the links.
// Such a run now fails (125) naming the link, as it does with the layer.
// The neighbours: a file where a protected directory would go (a
// downloaded mise binary as mise, a file .hg), which holds nothing, and
// other files in .config; with the layer, the file had failed the run
// (125, "not a directory").
func TestPlantedThroughLinkedDirRed70(t *testing.T) {
	requireSandbox(t)
	for _, flags := range sandboxModes(t) {
		b := newGitBox(t)
		r := b.sh("mkdir -p own/mise hg && echo '[hooks]' > own/mise/config.toml && echo '[hooks]' > hg/hgrc && ln -s own .config && ln -s hg .hg", flags...)
		if r.code != 125 || !strings.Contains(r.stderr, filepath.Join(b.root, ".config")+" on its way is a symbolic link") && !strings.Contains(r.stderr, ".config/mise: cannot look for it") {
			t.Errorf("%v: a run that linked .config and .hg to its own directories: exit %d, want 125 naming .config\nstderr: %s", flags, r.code, r.stderr)
		}
		b = newGitBox(t)
		if r := b.sh("echo bin > mise && echo x > .hg && mkdir -p .config && echo x > .config/other", flags...); r.code != 0 {
			t.Errorf("%v: a run that made files named mise and .hg: exit %d, want 0\nstderr: %s", flags, r.code, r.stderr)
		}
	}
}

// TestLinkOnWayToUnmadeKeptRed70: a project whose .config is a link of
// the user's to a directory of the root holding no mise config: mise's
// .config/mise was looked for after the run where the link led, and a
// command that pointed .config at a directory of its own holding
// mise/config.toml passed (0), with the layer and without it, mise
// reading it through the link. The link is now kept as the way to an
// existing protected path is: it cannot be replaced under the layer, and
// is put back after the run without it, which fails (125). The
// neighbour: files written through the link.
func TestLinkOnWayToUnmadeKeptRed70(t *testing.T) {
	requireSandbox(t)
	for _, flags := range sandboxModes(t) {
		b := newGitBox(t)
		b.file("dotfiles/config/notes", "n\n", 0o644)
		if err := os.Symlink("dotfiles/config", filepath.Join(b.root, ".config")); err != nil {
			t.Fatal(err)
		}
		if r := b.sh("echo x > .config/other", flags...); r.code != 0 {
			t.Fatalf("%v: a write through the link: exit %d\nstderr: %s", flags, r.code, r.stderr)
		}
		r := b.sh("mkdir -p own/mise && echo '[hooks]' > own/mise/config.toml && rm .config; ln -s own .config", flags...)
		target, _ := os.Readlink(filepath.Join(b.root, ".config"))
		if target != "dotfiles/config" {
			t.Errorf("%v: .config after the run leads to %q, want dotfiles/config (exit %d)\nstderr: %s", flags, target, r.code, r.stderr)
		}
		if flags != nil && r.code != 125 {
			t.Errorf("%v: a run that pointed .config elsewhere: exit %d, want 125\nstderr: %s", flags, r.code, r.stderr)
		}
	}
}
