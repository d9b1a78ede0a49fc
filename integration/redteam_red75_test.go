//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red75: a writable grant that holds the root (--allow-write .., or ~ for
// a project in the home directory). The directories above the root were
// pinned (a rename of one would free the root's name), but nothing looked
// at what the command made in them: git, looking for the repository,
// goes on up from a directory whose .git it does not take for one (HEAD
// removed: .git stays a directory, a mount point under the layer), so a
// command that removed .git/HEAD and made ../.git with core.fsmonitor
// had the user's next git status in the project run it, outside any
// sandbox, with the layer and without it, as root and as a user (exit 0
// on 5589c29). rustup and asdf go on up the same way for a toolchain
// file (../rust-toolchain.toml's [toolchain] path names the rustc and
// cargo they run). What is made at those names above the root is now
// moved aside after the run, which fails (125).

// TestAboveRootPlantedRed75: the attacks above, and a neighbour, a build
// writing its output in .. with the grant, which still exits 0.
func TestAboveRootPlantedRed75(t *testing.T) {
	const parentRepo = "rm -f .git/HEAD\ngit init -q ..\ngit -C .. config core.fsmonitor 'touch MARK; false'\nprintf '#!/bin/sh\\ntouch MARK\\n' > ../.git/hooks/pre-commit\nchmod +x ../.git/hooks/pre-commit\n"
	const toolchain = "printf '[toolchain]\\npath = \"/nonexistent/red75\"\\n' > ../rust-toolchain.toml\n"
	rows := []struct {
		name, script string
		made         string // what must not be there above the root after the run ("": a neighbour)
	}{
		{"parent-repo", parentRepo, ".git"},
		{"toolchain", toolchain, "rust-toolchain.toml"},
		{"neighbour", "echo built > ../out.txt\n", ""},
	}
	for _, asUser := range []bool{false, true} {
		for _, layered := range []bool{true, false} {
			for _, row := range rows {
				name := map[bool]string{false: "root", true: "user"}[asUser] + "/" + map[bool]string{false: "unlayered", true: "layered"}[layered] + "/" + row.name
				t.Run(name, func(t *testing.T) {
					if layered {
						requireNamespaces(t)
					}
					p := newRT20Project(t, asUser)
					above := filepath.Dir(p.root)
					flags := []string{"--allow-write", above}
					if !layered {
						flags = append(flags, "--no-namespaces")
					}
					p.write("x.sh", strings.ReplaceAll(row.script, "MARK", p.mark), 0o644)
					r := runCommand(t, p.cmd(append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "x.sh")...))
					if row.made == "" {
						if r.code != 0 {
							t.Errorf("a build writing in .. with the grant: exit %d, want 0\nstderr: %s", r.code, r.stderr)
						}
						if b, _ := os.ReadFile(filepath.Join(above, "out.txt")); string(b) != "built\n" {
							t.Errorf("../out.txt is %q, want the build's", b)
						}
						return
					}
					if r.code != 125 {
						t.Errorf("exit %d, want 125 naming what was made above the root\nstderr: %s", r.code, r.stderr)
					}
					if _, err := os.Lstat(filepath.Join(above, row.made)); err == nil {
						t.Errorf("../%s is there after the run, for the host's next command in the project\nstderr: %s", row.made, r.stderr)
					}
					for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
						if !gitReturns(t, p.root, p.cred, args...) {
							t.Errorf("git %s outside the sandbox waited 10 s", args[0])
						}
					}
					if _, err := os.Stat(p.mark); err == nil {
						t.Error("the host's git in the project ran what the command planted above it")
					}
				})
			}
		}
	}
}
