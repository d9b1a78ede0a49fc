//go:build linux

package integration

// gh81: a git hook that runs or sources a script of the project
// (./scripts/lint.sh) left it writable, the hooks directory alone being
// held: the command appended to the script, and the host's next git
// commit ran it outside the sandbox.

import (
	"context"
	"fmt"
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gitCommits runs git commit in dir as cred (nil: the tests' user), and
// says whether it succeeded within 10 s, with git's output.
func gitCommits(t *testing.T, dir string, cred *syscall.Credential) (bool, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := osexec.CommandContext(ctx, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after")
	c.Dir = dir
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred}
	out, err := c.CombinedOutput()
	return err == nil, string(out)
}

// TestGitHookScriptsGh81: echo 'echo evil > MARK' >> scripts/lint.sh,
// where a git hook runs ./scripts/lint.sh (in .git/hooks, sourced from
// it, in husky's .husky, a pre-commit repo: local hook's entry), exited 0 and the host's git commit afterwards
// wrote MARK. Now the write fails (Read-only file system) under the
// layer, and the run, the script moved back, exits 125 without it; the
// commit writes nothing. The neighbours: scripts/other.sh stays writable,
// a repository with no hook, one whose hook runs npm test and a pygrep
// hook's pattern leave scripts/lint.sh the command's, and a
// husky project's commit, running the script, still succeeds. As root
// and as mewsandbox-test, with the layer and without.
func TestGitHookScriptsGh81(t *testing.T) {
	requireSandbox(t)
	const lint = "#!/bin/sh\necho linted\n"
	husky := map[string]string{
		".husky/_/h":          "#!/bin/sh\ns=\"$(dirname \"$(dirname \"$0\")\")/$(basename \"$0\")\"\n[ -f \"$s\" ] || exit 0\nexec sh -e \"$s\"\n",
		".husky/_/pre-commit": "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n",
		".husky/pre-commit":   "./scripts/lint.sh\n",
	}
	// A pre-commit of a line: the installed hook runs the local hook's
	// entry, which the plan cannot tell from the hook alone.
	const preCommit = "#!/bin/sh\nexec sh -c \"$(sed -n 's/^ *entry: //p' .pre-commit-config.yaml)\"\n"
	local := func(entry, lang string) string {
		return "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: " + entry + "\n    language: " + lang + "\n"
	}
	for _, tc := range []struct {
		name  string
		hook  string            // .git/hooks/pre-commit, "" for none
		files map[string]string // more files; husky's set core.hooksPath
		held  bool              // scripts/lint.sh is protected
	}{
		{"a hook runs ./scripts/lint.sh", "#!/bin/sh\n./scripts/lint.sh\n", nil, true},
		{"a hook sources it", "#!/bin/sh\n. \"$(dirname \"$0\")/../../scripts/lint.sh\"\n", nil, true},
		{"husky's script runs it", "", husky, true},
		{"a pre-commit local hook's entry", preCommit, map[string]string{".pre-commit-config.yaml": local("./scripts/lint.sh", "script")}, true},
		// neighbours
		{"no hook", "", nil, false},
		{"a hook running npm test", "#!/bin/sh\nnpm test >/dev/null 2>&1; exit 0\n", nil, false},
		{"a pre-commit pygrep hook's pattern", preCommit, map[string]string{".pre-commit-config.yaml": local("./scripts/lint.sh", "pygrep")}, false},
	} {
		for _, asUser := range lead79Users {
			for _, flags := range sandboxModes(t) {
				what := fmt.Sprintf("%s, as user %v, %v", tc.name, asUser, flags)
				files := map[string]string{"scripts/lint.sh": lint}
				for k, v := range tc.files {
					files[k] = v
				}
				p := lead79Project(t, asUser, files)
				os.Remove(p.root + "/.git/hooks/pre-commit")
				if tc.hook != "" {
					p.write(".git/hooks/pre-commit", tc.hook, 0o755)
				}
				if tc.files[".husky/_/h"] != "" {
					gitReturns(t, p.root, p.cred, "config", "core.hooksPath", ".husky/_")
				}
				r := runLead79(p, "echo 'echo evil > "+p.mark+"' >> scripts/lint.sh; echo work >> scripts/other.sh; exit 0", flags)
				got := p.read("scripts/lint.sh")
				if got := p.read("scripts/other.sh"); got != "original\nwork\n" {
					t.Errorf("%s: scripts/other.sh, the neighbour: %q, want the command's write", what, got)
				}
				switch {
				case !tc.held:
					if r.code != 0 || got != lint+"echo evil > "+p.mark+"\n" {
						t.Errorf("%s: exit %d, scripts/lint.sh %q; want 0 and the command's write\nstderr: %s", what, r.code, got, r.stderr)
					}
					continue
				case flags == nil && (r.code != 0 || !strings.Contains(r.stderr, "Read-only file system")):
					t.Errorf("%s: exit %d; want 0, the write refused (Read-only file system)\nstderr: %s", what, r.code, r.stderr)
				case flags != nil && (r.code != 125 || !strings.Contains(r.stderr, "scripts/lint.sh")):
					t.Errorf("%s: exit %d; want 125 naming scripts/lint.sh\nstderr: %s", what, r.code, r.stderr)
				}
				if got != lint {
					t.Errorf("%s: scripts/lint.sh %q after the run, want it unchanged\nstderr: %s", what, got, r.stderr)
				}
				if ok, out := gitCommits(t, p.root, p.cred); !ok || !strings.Contains(out, "linted") {
					t.Errorf("%s: the host's git commit failed, or ran no scripts/lint.sh: %s", what, out)
				}
				if _, err := os.Stat(p.mark); err == nil {
					t.Errorf("%s: the host's git commit ran what the command appended to scripts/lint.sh", what)
				}
			}
		}
	}
}

// TestHeldHintUnderLayer: a command that fails writing a script a git
// hook runs, which the layer keeps read-only, is told which file and
// why, not only "Read-only file system"; one that fails after writing
// a neighbour is told nothing of it.
func TestHeldHintUnderLayer(t *testing.T) {
	requireNamespaces(t)
	const hint = "keeps it read-only"
	for _, asUser := range lead79Users {
		p := lead79Project(t, asUser, map[string]string{"scripts/lint.sh": "#!/bin/sh\necho linted\n"})
		p.write(".git/hooks/pre-commit", "#!/bin/sh\n./scripts/lint.sh\n", 0o755)
		r := runLead79(p, "echo x >> scripts/lint.sh", nil)
		if r.code == 0 || !strings.Contains(r.stderr, "Read-only file system") || !strings.Contains(r.stderr, "scripts/lint.sh (\"Read-only file system\"): git, an agent's hook or your editor") || !strings.Contains(r.stderr, hint) {
			t.Errorf("as user %v: exit %d; want a failure saying why scripts/lint.sh is read-only\nstderr: %s", asUser, r.code, r.stderr)
		}
		if r := runLead79(p, "echo x >> scripts/other.sh; exit 1", nil); r.code != 1 || strings.Contains(r.stderr, hint) {
			t.Errorf("as user %v, a neighbour: exit %d; want 1 and no hint\nstderr: %s", asUser, r.code, r.stderr)
		}
	}
}
