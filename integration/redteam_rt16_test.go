//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// preCommitHook stands in for pre-commit's and lefthook's installed
// hooks: at every commit it runs what the project's configuration says
// (a repo: local hook's entry, a lefthook command), outside any sandbox.
const preCommitHook = `#!/bin/sh
for f in .pre-commit-config.yaml lefthook-local.yml; do
	[ -f "$f" ] && sed -n 's/^ *entry: //p' "$f" | sh
done
exit 0
`

// TestHookManagerFilesProtected: the hooks in .git/hooks and the
// core.hooksPath directory were read-only, but not what a hook manager's
// installed hook runs: a command wrote .pre-commit-config.yaml (a repo:
// local hook with language: system runs any entry) or lefthook's
// configuration, and the host's next git commit ran it outside any
// sandbox. They are read-only where they exist; made where missing in a
// repository with a hook installed, they are moved aside after the run,
// which fails (125). The neighbours: the rest of the root, and (in
// TestHookManagerConfigMadeWithoutHooks) a generator in a project with no
// hook installed.
func TestHookManagerFilesProtected(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file(".git/hooks/pre-commit", preCommitHook, 0o755)
	b.file(".pre-commit-config.yaml", "repos: []\n", 0o644)
	b.file(".lefthook/pre-commit/lint.sh", "true\n", 0o755)
	b.file("plant.sh", `echo '  entry: touch PWNED-precommit' > .pre-commit-config.yaml && echo overwrote config
echo x > .lefthook/pre-commit/lint.sh && echo overwrote lefthook script
echo '  entry: touch PWNED-lefthook' > lefthook-local.yml
echo work > work.txt
`, 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "plant.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "lefthook-local.yml.mewsandbox-planted") {
		t.Fatalf("exit %d, want 125 naming lefthook-local.yml moved aside\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stdout, "overwrote") {
		t.Errorf("the command rewrote an existing hook manager's file: %s", r.stdout)
	}
	if got := b.read(".pre-commit-config.yaml"); got != "repos: []\n" {
		t.Errorf(".pre-commit-config.yaml after the run: %q", got)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt, the neighbour: %q", got)
	}
	b.git("add", "-A")
	b.git("commit", "-q", "-m", "after the run")
	for _, p := range []string{"PWNED-precommit", "PWNED-lefthook"} {
		if b.exists(p) {
			t.Errorf("the host's git commit ran what the command planted: %s", p)
		}
	}
}

// TestHookManagerConfigMadeWithoutHooks: in a project with no hook
// installed, a hook manager's configuration made by the command runs
// nothing (until installed outside the sandbox, where the engine asks
// before pre-commit install), so a generator's may stay: pre-commit
// sample-config > .pre-commit-config.yaml.
func TestHookManagerConfigMadeWithoutHooks(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file("gen.sh", "echo 'repos: []' > .pre-commit-config.yaml\n", 0o644)
	if r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "gen.sh"); r.code != 0 {
		t.Fatalf("exit %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if got := b.read(".pre-commit-config.yaml"); got != "repos: []\n" {
		t.Errorf(".pre-commit-config.yaml made without hooks installed: %q", got)
	}
}

// TestHuskyScriptsProtected: husky 9 sets core.hooksPath .husky/_, whose
// wrappers run the scripts of the same name one level up, in .husky: a
// command writing .husky/pre-commit must fail, and the host's next git
// commit run the user's script, not the command's.
func TestHuskyScriptsProtected(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.file(".husky/_/h", "#!/bin/sh\ns=\"$(dirname \"$(dirname \"$0\")\")/$(basename \"$0\")\"\n[ -f \"$s\" ] || exit 0\nexec sh -e \"$s\"\n", 0o755)
	b.file(".husky/_/pre-commit", "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n", 0o755)
	b.file(".husky/pre-push", "true\n", 0o644)
	b.git("config", "core.hooksPath", ".husky/_")
	b.file("plant.sh", "echo 'touch PWNED' > .husky/pre-commit && echo planted\necho work > work.txt\n", 0o644)
	r := b.runIn(b.root, "", "run", "--yolo", "--", "sh", "plant.sh")
	if strings.Contains(r.stdout, "planted") || b.exists(".husky/pre-commit") {
		t.Errorf("the command wrote .husky/pre-commit: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := b.read("work.txt"); got != "work\n" {
		t.Errorf("work.txt, the neighbour: %q", got)
	}
	os.Remove(filepath.Join(b.root, "plant.sh"))
	b.git("add", "-A")
	b.git("commit", "-q", "-m", "after the run")
	if b.exists("PWNED") {
		t.Error("the host's git commit ran the husky script the command planted")
	}
}
