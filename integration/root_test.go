package integration

// Black-box tests of the project root's limits: every command may write
// all of the project root, so a root that is /, the home directory or a
// directory holding it, or a temporary or runtime directory every program
// shares (/tmp, /var/tmp, /dev/shm, /run, $XDG_RUNTIME_DIR), is refused
// (exit 2), whether found or given with --root; and a write grant that
// covers the home directory is warned of.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realPath is p with its symbolic links resolved (/var/run is /run on
// most systems), or p where that fails.
func realPath(t *testing.T, p string) string {
	t.Helper()
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

func TestRootNeverHoldsTheHomeDirectory(t *testing.T) {
	t.Parallel()
	top := realTemp(t)
	home := filepath.Join(top, "home", "me")
	work := filepath.Join(home, "work", "app") // no .git of its own
	proj := filepath.Join(top, "proj")
	nvim := filepath.Join(home, ".config", "nvim")
	dotfiles := filepath.Join(home, "dotfiles")
	// A bare repository: a git directory with no .git of its own.
	bare := filepath.Join(top, "srv", "app.git")
	xdg := filepath.Join(top, "run", "user", "1000")
	for _, d := range []string{filepath.Join(home, ".git"), work, filepath.Join(proj, ".git", "hooks"), filepath.Join(proj, ".claude"), filepath.Join(home, ".config", ".git"), nvim, filepath.Join(dotfiles, ".git"), filepath.Join(dotfiles, "claude", "hooks"), filepath.Join(bare, "objects"), filepath.Join(bare, "refs"), filepath.Join(bare, "hooks"), filepath.Join(xdg, "app")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bare, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A dotfiles repository the user's settings link into.
	if err := os.Symlink("dotfiles/claude", filepath.Join(home, ".claude")); err != nil {
		t.Fatal(err)
	}
	const advice = "run from a project directory or pass --root DIR"
	tests := []struct {
		name string
		dir  string
		args []string
		want string   // in stderr
		env  []string // besides HOME
	}{
		{"the working directory is the home directory (a dotfiles repository)", home, nil, "project root " + home + " (the working directory) is your home directory", nil},
		{"the working directory is /", "/", nil, "project root / (the working directory) is the file system root", nil},
		{"--root is the home directory", work, []string{"--root", home}, "project root " + home + " (--root " + home + ") is your home directory", nil},
		{"--root holds the home directory", work, []string{"--root", top}, "project root " + top + " (--root " + top + ") is a directory that holds your home directory " + home, nil},
		{"--root is /", work, []string{"--root", "/"}, "project root / (--root /) is the file system root", nil},
		// The user's own settings apply to every run: a root holding them
		// would let a command widen the next run.
		{"a repository holding XDG_CONFIG_HOME", proj, nil, "project root " + proj + " (the git repository of the working directory) is a directory that holds your mewsandbox settings " + filepath.Join(proj, "cfg", "mewsandbox"), []string{"XDG_CONFIG_HOME=" + filepath.Join(proj, "cfg")}},
		{"~/.config as a repository", nvim, nil, "project root " + filepath.Join(home, ".config") + " (the git repository of the working directory) is a directory that holds your mewsandbox settings", []string{"XDG_CONFIG_HOME="}},
		{"a dotfiles repository ~/.claude links into", dotfiles, nil, "project root " + dotfiles + " (the git repository of the working directory) is a directory that holds your Claude Code settings " + filepath.Join(dotfiles, "claude"), nil},
		{"--root holding GIT_CONFIG_GLOBAL", work, []string{"--root", proj}, "holds your git configuration ($GIT_CONFIG_GLOBAL) " + filepath.Join(proj, "gitconfig"), []string{"GIT_CONFIG_GLOBAL=" + filepath.Join(proj, "gitconfig")}},
		// What git runs outside the sandbox, and what decides later runs:
		// the layer keeps them read-only inside a root, never when they
		// are the root or hold it (a review's run in a bare repository
		// wrote hooks/post-receive and config, with the layer too).
		{"--root in your ~/.claude (its hooks)", work, []string{"--root", filepath.Join(home, ".claude", "hooks")}, "is in your Claude Code settings " + filepath.Join(dotfiles, "claude"), nil},
		{"the working directory is a bare repository", bare, nil, "project root " + bare + " (the working directory) is the git directory " + bare + ", whose hooks and config git runs outside the sandbox", nil},
		{"--root in a bare repository", work, []string{"--root", filepath.Join(bare, "hooks")}, "is in the git directory " + bare + ",", nil},
		{"--root is a repository's .git", work, []string{"--root", filepath.Join(proj, ".git")}, "is the git directory " + filepath.Join(proj, ".git") + ",", nil},
		{"--root in a repository's .git", work, []string{"--root", filepath.Join(proj, ".git", "hooks")}, "is in the git directory " + filepath.Join(proj, ".git") + ",", nil},
		{"--root is a project's .claude", work, []string{"--root", filepath.Join(proj, ".claude")}, "is the agent settings directory " + filepath.Join(proj, ".claude"), nil},
		// The directories every program shares: a run in /tmp with no
		// repository made /tmp itself the root, and its command could
		// delete or rewrite every other program's files there.
		{"the working directory is /tmp", "/tmp", nil, "project root /tmp (the working directory) is the shared temporary directory /tmp, where other programs keep their files", nil},
		{"--root is /tmp", work, []string{"--root", "/tmp"}, "project root /tmp (--root /tmp) is the shared temporary directory /tmp,", nil},
		{"the working directory is /var/tmp", "/var/tmp", nil, "project root /var/tmp (the working directory) is the shared temporary directory /var/tmp,", nil},
		{"--root is /var/tmp", work, []string{"--root", "/var/tmp"}, "project root /var/tmp (--root /var/tmp) is the shared temporary directory /var/tmp,", nil},
		{"the working directory is /dev/shm", "/dev/shm", nil, "project root " + realPath(t, "/dev/shm") + " (the working directory) is the shared ", nil},
		{"--root is /dev/shm", work, []string{"--root", "/dev/shm"}, "(--root /dev/shm) is the shared ", nil},
		{"the working directory is /run", "/run", nil, "project root /run (the working directory) is the shared runtime directory /run,", nil},
		{"--root is /var/run", work, []string{"--root", "/var/run"}, "project root " + realPath(t, "/var/run") + " (--root /var/run) is the shared runtime directory ", nil},
		{"the working directory is XDG_RUNTIME_DIR", xdg, nil, "project root " + xdg + " (the working directory) is your runtime directory $XDG_RUNTIME_DIR,", []string{"XDG_RUNTIME_DIR=" + xdg}},
		{"--root is XDG_RUNTIME_DIR", work, []string{"--root", xdg}, "project root " + xdg + " (--root " + xdg + ") is your runtime directory $XDG_RUNTIME_DIR,", []string{"XDG_RUNTIME_DIR=" + xdg}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := os.Stat(tt.dir); err != nil {
				t.Skipf("no %s here: %v", tt.dir, err)
			}
			// The command would only print: a root of /tmp must not get
			// a file of the test's even where the refusal is missing.
			marker := "marker-" + uniq()
			for _, cmd := range [][]string{{"run"}, {"check"}, {"explain"}} {
				args := append(append([]string{}, cmd...), tt.args...)
				switch cmd[0] {
				case "run":
					args = append(args, "--", "echo", marker)
				case "check":
					args = append(args, "-c", "ls")
				}
				r := run(t, invocation{args: args, dir: tt.dir, env: append([]string{"HOME=" + home}, tt.env...)})
				if r.code != 2 || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, advice) {
					t.Errorf("%s: exit %d, stderr:\n%s\nwant 2 and %q, %q", strings.Join(args, " "), r.code, r.stderr, tt.want, advice)
				}
				if strings.Contains(r.stdout, marker) {
					t.Errorf("%s: the command ran", strings.Join(args, " "))
				}
			}
		})
	}

	t.Run("init refuses the home directory too", func(t *testing.T) {
		t.Parallel()
		r := run(t, invocation{args: []string{"init", "claude-code"}, dir: home, env: []string{"HOME=" + home}})
		if r.code != 2 || !strings.Contains(r.stderr, advice) {
			t.Errorf("init in the home directory: exit %d, %s", r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(home, ".claude", "settings.json")); err == nil {
			t.Error("init wrote ~/.claude/settings.json")
		}
	})

	// Next to those, what stays a root: a repository named like a bare
	// one, a worktree Claude Code keeps in .claude/worktrees, and a run
	// started in .git, which finds the repository around it.
	named := filepath.Join(top, "named.git")
	worktree := filepath.Join(top, "wt", ".claude", "worktrees", "feat")
	for _, d := range []string{filepath.Join(named, ".git"), filepath.Join(top, "wt", ".git"), worktree} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(worktree, ".git"), []byte("gitdir: ../../../.git/worktrees/feat\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory below a shared one is a root like any other (the
	// benchmarks' and most tests' roots lie in /tmp).
	belowTmp, belowVarTmp := realTemp(t), outsideTemp(t)
	for _, tt := range []struct {
		name, dir, root string
		env             []string
	}{
		{"a repository named like a bare one", named, named, nil},
		{"a worktree in .claude/worktrees", worktree, worktree, nil},
		{"started in .git/hooks", filepath.Join(proj, ".git", "hooks"), proj, nil},
		{"a directory below the temporary directory", belowTmp, belowTmp, nil},
		{"a directory below /var/tmp", belowVarTmp, belowVarTmp, nil},
		{"a directory below XDG_RUNTIME_DIR", filepath.Join(xdg, "app"), filepath.Join(xdg, "app"), []string{"XDG_RUNTIME_DIR=" + xdg}},
	} {
		t.Run("allowed: "+tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, invocation{args: []string{"explain", "--format", "json"}, dir: tt.dir, env: append([]string{"HOME=" + home}, tt.env...)})
			if r.code != 0 || !strings.Contains(r.stdout, `"root": "`+tt.root+`"`) {
				t.Errorf("explain in %s: exit %d, %s%s; want the root %s", tt.dir, r.code, r.stdout, r.stderr, tt.root)
			}
		})
	}

	t.Run("below the home directory the walk for .git stops short of it", func(t *testing.T) {
		t.Parallel()
		r := run(t, invocation{args: []string{"explain", "--format", "json"}, dir: work, env: []string{"HOME=" + home}})
		if r.code != 0 || !strings.Contains(r.stdout, `"root": "`+work+`"`) {
			t.Errorf("explain in %s: exit %d, %s%s; want the working directory as the root", work, r.code, r.stdout, r.stderr)
		}
	})
}

// TestRootWriteGrantOverHomeWarns: a write grant that covers the home
// directory, from a flag, a settings file or a preset whose variable
// points there, is allowed (the person asked for it) but warned of once;
// so is one that covers the user's own settings.
func TestRootWriteGrantOverHomeWarns(t *testing.T) {
	t.Parallel()
	home := realTemp(t)
	if err := os.Mkdir(filepath.Join(home, ".config"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  filesystem:\n    allowWrite: [\"~\"]\n"})
	settings := filepath.Join(dir, ".mewsandbox", "settings.yaml")
	tests := []struct {
		name string
		args []string
		env  []string
		want string
	}{
		{"a settings file", []string{"--trust-project"}, nil, settings + ":3: write access to " + home + " covers your home directory"},
		{"a flag", []string{"--no-user-settings", "--settings", "/dev/null", "--allow-write", "/"}, nil, "--allow-write: write access to / covers your home directory"},
		{"a preset", []string{"--preset", "go"}, []string{"GOCACHE=" + home}, "preset go (--preset): write access to " + home + " covers your home directory"},
		{"a flag over the settings", []string{"--no-user-settings", "--settings", "/dev/null", "--allow-write", filepath.Join(home, ".config")}, []string{"XDG_CONFIG_HOME="},
			"--allow-write: write access to " + filepath.Join(home, ".config") + " covers your mewsandbox settings " + filepath.Join(home, ".config", "mewsandbox")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, invocation{args: append([]string{"explain"}, tt.args...), dir: dir, env: append([]string{"HOME=" + home}, tt.env...)})
			if r.code != 0 || strings.Count(r.stderr, tt.want) != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant %q once", r.code, r.stderr, tt.want)
			}
		})
	}
	r := run(t, invocation{args: []string{"explain", "--no-user-settings", "--settings", "/dev/null"}, dir: project(t, nil), env: []string{"HOME=" + home}})
	if strings.Contains(r.stderr, "covers your home directory") {
		t.Errorf("warned without a grant over the home directory: %s", r.stderr)
	}
}

// TestRootWriteGrantOverGitDirectoryWarns: a write grant outside the
// project root that is, lies in or holds a git directory (a bare
// repository a command pushes to, another project) is allowed but warned
// of once: git runs its hooks and config outside the sandbox, and the
// layer keeps them read-only in the root only. A grant of a plain
// directory, or of the root's own .git (which the layer protects), is not.
func TestRootWriteGrantOverGitDirectoryWarns(t *testing.T) {
	t.Parallel()
	top := realTemp(t)
	bare := filepath.Join(top, "app.git")
	other := filepath.Join(top, "other")
	plain := filepath.Join(top, "cache")
	for _, d := range []string{filepath.Join(bare, "objects"), filepath.Join(bare, "refs"), filepath.Join(bare, "hooks"), filepath.Join(other, ".git", "hooks"), plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bare, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := project(t, nil)
	if err := os.MkdirAll(filepath.Join(dir, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	const warning = "its hooks and config, which git runs outside the sandbox"
	tests := []struct {
		name, grant, want string // want "" for no warning
	}{
		{"a bare repository", bare, "--allow-write: write access to " + bare + " covers the git directory " + bare + ":"},
		{"a bare repository's hooks", filepath.Join(bare, "hooks"), "covers the git directory " + bare + ":"},
		{"another repository", other, "covers the git directory " + filepath.Join(other, ".git") + ":"},
		{"another repository's hooks", filepath.Join(other, ".git", "hooks"), "covers the git directory " + filepath.Join(other, ".git") + ":"},
		{"a plain directory", plain, ""},
		{"the root's own .git", filepath.Join(dir, ".git"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, invocation{args: []string{"explain", "--no-user-settings", "--settings", "/dev/null", "--allow-write", tt.grant}, dir: dir})
			switch {
			case r.code != 0:
				t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
			case tt.want == "" && strings.Contains(r.stderr, "covers the git directory"):
				t.Errorf("warned of %s: %s", tt.grant, r.stderr)
			case tt.want != "" && (strings.Count(r.stderr, tt.want) != 1 || !strings.Contains(r.stderr, warning)):
				t.Errorf("stderr:\n%s\nwant %q once", r.stderr, tt.want)
			}
		})
	}
}
