//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestProtectedWays: what the plan binds for each layout of the protected
// paths: the path read-only, every directory on the way a mount of its
// own, every link on the way a mount on itself, a placeholder at the first
// missing component (see protect_linux.go). The integration tests attack
// the same layouts from inside.
func TestProtectedWays(t *testing.T) {
	type layout struct {
		dirs   []string
		files  map[string]string
		links  map[string]string
		config string // .git/config, in a repository at .git
	}
	tests := []struct {
		name        string
		layout      layout
		readOnly    []string // bound read-only
		pins        []string // bound onto themselves, and not read-only
		links       []string // links bound onto themselves
		placeholder []string // to make
	}{
		{
			name:     "husky 9: .husky/_ protects .husky",
			layout:   layout{dirs: []string{".husky/_"}, config: "[core]\n\thooksPath = .husky/_\n"},
			readOnly: []string{".husky", ".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name:     "a hooks directory _ at the top",
			layout:   layout{dirs: []string{"_"}, config: "[core]\n\thooksPath = _\n"},
			readOnly: []string{"_", ".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name:     "hooks through a link and ..",
			layout:   layout{dirs: []string{"a/b", "a/hooks", "hooks"}, links: map[string]string{"l": "a/b"}, config: "[core]\n\thooksPath = l/../hooks\n"},
			readOnly: []string{"a/hooks", ".git/hooks", ".git/config"},
			pins:     []string{".git", "a", "a/b"},
			links:    []string{"l"},
		},
		{
			name:     "hooks in the home directory",
			layout:   layout{config: "[core]\n\thooksPath = ~/githooks\n"},
			readOnly: []string{".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name:        "hooks below a missing directory",
			layout:      layout{config: "[core]\n\thooksPath = tools/hooks\n"},
			placeholder: []string{"tools"},
			readOnly:    []string{"tools", ".git/hooks", ".git/config"},
			pins:        []string{".git"},
		},
		{
			name:     "hooks below a directory",
			layout:   layout{dirs: []string{"tools/hooks"}, config: "[core]\n\thooksPath = tools/hooks\n"},
			readOnly: []string{"tools/hooks", ".git/hooks", ".git/config"},
			pins:     []string{"tools", ".git"},
		},
		{
			name:     "hooks below a file",
			layout:   layout{files: map[string]string{"tools": ""}, config: "[core]\n\thooksPath = tools/hooks\n"},
			readOnly: []string{"tools", ".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name: "a gitdir pointer into the root",
			layout: layout{dirs: []string{"sub/.gitdata/hooks"}, files: map[string]string{
				".git": "gitdir: sub/.gitdata\n", "sub/.gitdata/HEAD": "ref: refs/heads/main\n", "sub/.gitdata/config": "[core]\n",
			}},
			readOnly:    []string{".git", "sub/.gitdata/hooks", "sub/.gitdata/config", "sub/.gitdata/commondir"},
			pins:        []string{"sub", "sub/.gitdata"},
			placeholder: []string{"sub/.gitdata/commondir"},
		},
		{
			name:        "a gitdir pointer to nothing",
			layout:      layout{files: map[string]string{".git": "gitdir: .gitdata\n"}},
			readOnly:    []string{".git", ".gitdata"},
			placeholder: []string{".gitdata"},
		},
		{
			name:     "a link to a directory",
			layout:   layout{dirs: []string{"cfg/claude"}, links: map[string]string{".claude": "cfg/claude"}},
			readOnly: []string{"cfg/claude"},
			pins:     []string{"cfg"},
			links:    []string{".claude"},
		},
		{
			name:        "a dangling link",
			layout:      layout{links: map[string]string{".mewsandbox": "mews-missing"}},
			readOnly:    []string{"mews-missing"},
			links:       []string{".mewsandbox"},
			placeholder: []string{"mews-missing"},
		},
		{
			name:     "a link through a link",
			layout:   layout{dirs: []string{"a/b/claude"}, links: map[string]string{".claude": "x/claude", "x": "a/./b/../b"}},
			readOnly: []string{"a/b/claude"},
			pins:     []string{"a", "a/b"},
			links:    []string{".claude", "x"},
		},
		{
			name: ".git a link to a repository",
			layout: layout{dirs: []string{"realgit/hooks"}, files: map[string]string{"realgit/HEAD": "ref: refs/heads/main\n", "realgit/config": "[core]\n"},
				links: map[string]string{".git": "realgit"}},
			readOnly:    []string{"realgit/hooks", "realgit/config", "realgit/commondir"},
			pins:        []string{"realgit"},
			links:       []string{".git"},
			placeholder: []string{"realgit/commondir"},
		},
		{
			// A directory is the git directory, HEAD or not: the command
			// could rename HEAD away in one run to unprotect the next.
			name:     ".git a link to a directory without HEAD",
			layout:   layout{dirs: []string{"empty"}, links: map[string]string{".git": "empty"}},
			readOnly: []string{"empty"},
			links:    []string{".git"},
		},
		{
			name:        ".git without HEAD",
			layout:      layout{dirs: []string{".git/hooks", ".git/objects"}, files: map[string]string{".git/HEAD.saved": "ref: refs/heads/main\n", ".git/config": "[core]\n"}},
			readOnly:    []string{".git/hooks", ".git/config", ".git/commondir"},
			pins:        []string{".git"},
			placeholder: []string{".git/commondir"},
		},
		{
			// A commondir names the common directory, whose config git
			// reads: a missing one gets a placeholder naming .git itself
			// (config given: see the harness); the project's own is bound
			// as it is, and one in a repository whose config sets
			// core.worktree or core.bare, which git ignores beside a
			// commondir, gets none.
			name:     "a commondir of the project's own",
			layout:   layout{files: map[string]string{".git/commondir": ".\n"}, config: "[core]\n"},
			readOnly: []string{".git/hooks", ".git/config", ".git/commondir"},
			pins:     []string{".git"},
		},
		{
			name:     "no placeholder commondir beside core.worktree",
			layout:   layout{dirs: []string{".git/hooks"}, files: map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tworktree = ..\n"}},
			readOnly: []string{".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name:     "no placeholder commondir beside core.bare",
			layout:   layout{dirs: []string{".git/hooks"}, files: map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare\n"}},
			readOnly: []string{".git/hooks", ".git/config"},
			pins:     []string{".git"},
		},
		{
			name:        "a placeholder commondir beside core.bare false",
			layout:      layout{dirs: []string{".git/hooks"}, files: map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n"}},
			readOnly:    []string{".git/hooks", ".git/config", ".git/commondir"},
			pins:        []string{".git"},
			placeholder: []string{".git/commondir"},
		},
		{
			// Without config, the command could make one (and a HEAD,
			// objects, refs) for the host's git to read: all read-only.
			name:     "an empty .git",
			layout:   layout{dirs: []string{".git"}},
			readOnly: []string{".git"},
		},
		{
			name:     "a .git without config, its hooks there",
			layout:   layout{dirs: []string{".git/hooks", "scripts"}, links: map[string]string{".git/hooks/pre-commit": "../../scripts/pre-commit"}, files: map[string]string{"scripts/pre-commit": "#!/bin/sh\n"}},
			readOnly: []string{".git", ".git/hooks", "scripts/pre-commit"},
			pins:     []string{"scripts"},
		},
		{
			// Its own common directory: config and hooks of its own.
			name: "a worktree entry without commondir",
			layout: layout{dirs: []string{".git/hooks", ".git/worktrees/x"}, config: "[core]\n", files: map[string]string{
				".git/worktrees/x/HEAD": "ref: refs/heads/x\n",
			}},
			readOnly: []string{".git/hooks", ".git/config", ".git/worktrees/x"},
			pins:     []string{".git", ".git/worktrees"},
		},
		{
			name: "a worktree in the root: its relative hooksPath, its entry's pointers, its .git pointer file",
			layout: layout{dirs: []string{".git/hooks", "wt"}, config: "[core]\n\thooksPath = .githooks\n", files: map[string]string{
				".git/worktrees/wt/HEAD":      "ref: refs/heads/wt\n",
				".git/worktrees/wt/commondir": "../..\n",
				".git/worktrees/wt/gitdir":    "../../../wt/.git\n",
				"wt/.git":                     "gitdir: ../.git/worktrees/wt\n",
			}},
			readOnly:    []string{".git/hooks", ".git/config", ".githooks", "wt/.githooks", "wt/.git", ".git/worktrees/wt/commondir", ".git/worktrees/wt/gitdir"},
			pins:        []string{".git", ".git/worktrees", ".git/worktrees/wt", "wt"},
			placeholder: []string{".githooks", "wt/.githooks"},
		},
		{
			// Git reads it: missing, the command could make it.
			name: "a worktree entry without config.worktree git would read",
			layout: layout{dirs: []string{".git/hooks"}, config: "[extensions]\n\tworktreeConfig = true\n", files: map[string]string{
				".git/config.worktree":             "",
				".git/worktrees/x/commondir":       "../..\n",
				".git/worktrees/y/commondir":       "../..\n",
				".git/worktrees/y/config.worktree": "[core]\n",
			}},
			readOnly: []string{".git/hooks", ".git/config", ".git/config.worktree", ".git/worktrees/x", ".git/worktrees/y/commondir", ".git/worktrees/y/config.worktree"},
			pins:     []string{".git", ".git/worktrees", ".git/worktrees/y"},
		},
		{
			name: "a linked worktree: the common directory's hooks and config",
			layout: layout{dirs: []string{"main/.git/hooks", "main/.git/worktrees/w"}, files: map[string]string{
				".git":                                  "gitdir: main/.git/worktrees/w\n",
				"main/.git/HEAD":                        "ref: refs/heads/main\n",
				"main/.git/config":                      "[core]\n\thooksPath = tools/hooks\n[extensions]\n\tworktreeConfig = true\n",
				"main/.git/worktrees/w/HEAD":            "ref: refs/heads/w\n",
				"main/.git/worktrees/w/commondir":       "../..\n",
				"main/.git/worktrees/w/config.worktree": "[core]\n",
			}},
			readOnly:    []string{".git", "main/.git/hooks", "main/.git/config", "main/.git/worktrees/w/commondir", "main/.git/worktrees/w/config.worktree", "tools"},
			pins:        []string{"main", "main/.git", "main/.git/worktrees", "main/.git/worktrees/w"},
			placeholder: []string{"tools"},
		},
		{
			name: "a hook linked into the tree",
			layout: layout{dirs: []string{"scripts"}, files: map[string]string{"scripts/pre-commit": "#!/bin/sh\n"},
				links: map[string]string{".git/hooks/pre-commit": "../../scripts/pre-commit"}, config: "[core]\n"},
			readOnly: []string{"scripts/pre-commit", ".git/hooks", ".git/config"},
			pins:     []string{".git", "scripts"},
		},
		{
			name:        "a hook linked to nothing",
			layout:      layout{links: map[string]string{".git/hooks/pre-push": "../../scripts/pre-push"}, config: "[core]\n"},
			readOnly:    []string{"scripts", ".git/hooks", ".git/config"},
			pins:        []string{".git"},
			placeholder: []string{"scripts"},
		},
		{
			name:     "hooks path on the header line, a comment after it",
			layout:   layout{dirs: []string{"tools/hooks"}, config: "[core] hooksPath = \"tools/\"hooks ; shared hooks\n"},
			readOnly: []string{"tools/hooks", ".git/hooks", ".git/config"},
			pins:     []string{"tools", ".git"},
		},
		{
			name: "hooks path in an included file",
			layout: layout{dirs: []string{"githooks"}, files: map[string]string{"cfg/shared.gitconfig": "[core]\n\thooksPath = githooks\n"},
				config: "[include]\n\tpath = ../cfg/shared.gitconfig\n"},
			readOnly: []string{"githooks", "cfg/shared.gitconfig", ".git/hooks", ".git/config"},
			pins:     []string{"cfg", ".git"},
		},
		{
			name: "a submodule's git directory",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub"}, config: "[core]\n",
				files: map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n", ".git/modules/sub/config": "[core]\n\tworktree = ../../../sub\n"}},
			readOnly: []string{".git/modules/sub/hooks", ".git/modules/sub/config", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub"},
		},
		{
			name: "a submodule named with a slash, its hooks path in its working tree, a submodule of its own",
			layout: layout{dirs: []string{".git/modules/libs/a/hooks", ".git/modules/libs/a/modules/b/hooks", "libs/a/.githooks"}, config: "[core]\n",
				files: map[string]string{
					".git/modules/libs/a/HEAD":             "ref: refs/heads/main\n",
					".git/modules/libs/a/config":           "[core]\n\tworktree = ../../../../libs/a\n\thooksPath = .githooks\n",
					".git/modules/libs/a/modules/b/config": "[core]\n",
				}},
			// libs is part of a name: a HEAD or a config there would make
			// it look like a git directory, and hide libs/a.
			readOnly:    []string{".git/modules/libs/HEAD", ".git/modules/libs/config", ".git/modules/libs/a/hooks", ".git/modules/libs/a/config", "libs/a/.githooks", ".git/modules/libs/a/modules/b/hooks", ".git/modules/libs/a/modules/b/config", ".git/hooks", ".git/config"},
			pins:        []string{".git", ".git/modules", ".git/modules/libs", ".git/modules/libs/a", ".git/modules/libs/a/modules", ".git/modules/libs/a/modules/b", "libs", "libs/a"},
			placeholder: []string{".git/modules/libs/HEAD", ".git/modules/libs/config"},
		},
		{
			name: "a sparse submodule: its config.worktree, the core.worktree and hooks path there",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub/.githooks"}, config: "[core]\n",
				files: map[string]string{
					".git/modules/sub/HEAD":            "ref: refs/heads/main\n",
					".git/modules/sub/config":          "[extensions]\n\tworktreeConfig = true\n",
					".git/modules/sub/config.worktree": "[core]\n\tworktree = ../../../sub\n\thooksPath = .githooks\n",
				}},
			readOnly: []string{".git/modules/sub/hooks", ".git/modules/sub/config", ".git/modules/sub/config.worktree", "sub/.githooks", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub", "sub"},
		},
		{
			name: "a submodule named libs/config beside libs/a",
			layout: layout{dirs: []string{".git/modules/libs/a/hooks", ".git/modules/libs/config/hooks"}, config: "[core]\n",
				files: map[string]string{".git/modules/libs/a/config": "[core]\n", ".git/modules/libs/config/config": "[core]\n"}},
			readOnly:    []string{".git/modules/libs/HEAD", ".git/modules/libs/a/hooks", ".git/modules/libs/a/config", ".git/modules/libs/config/hooks", ".git/modules/libs/config/config", ".git/hooks", ".git/config"},
			pins:        []string{".git", ".git/modules", ".git/modules/libs", ".git/modules/libs/a", ".git/modules/libs/config"},
			placeholder: []string{".git/modules/libs/HEAD"},
		},
		{
			name: "a linked worktree's submodule, in its entry",
			layout: layout{dirs: []string{".git/worktrees/wt/modules/sub/hooks"}, config: "[core]\n",
				files: map[string]string{
					".git/worktrees/wt/commondir":          "../..\n",
					".git/worktrees/wt/gitdir":             "/nonexistent/wt/.git\n",
					".git/worktrees/wt/modules/sub/HEAD":   "ref: refs/heads/main\n",
					".git/worktrees/wt/modules/sub/config": "[core]\n",
				}},
			readOnly: []string{".git/worktrees/wt/commondir", ".git/worktrees/wt/gitdir", ".git/worktrees/wt/modules/sub/hooks", ".git/worktrees/wt/modules/sub/config", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/worktrees", ".git/worktrees/wt", ".git/worktrees/wt/modules", ".git/worktrees/wt/modules/sub"},
		},
		{
			name: "a submodule whose git directory is in its working tree, one pointed to elsewhere",
			layout: layout{dirs: []string{"sub/.git/hooks", "sub/.githooks", "other/hooks", "two"}, config: "[core]\n",
				files: map[string]string{
					".gitmodules":     "[submodule \"sub\"]\n\tpath = sub\n[submodule \"two\"]\n\tpath = two\n[submodule \"none\"]\n\tpath = none\n",
					"sub/.git/HEAD":   "ref: refs/heads/main\n",
					"sub/.git/config": "[core]\n\thooksPath = .githooks\n",
					"two/.git":        "gitdir: ../other\n",
					"other/HEAD":      "ref: refs/heads/main\n",
					"other/config":    "[core]\n",
				}},
			readOnly: []string{".gitmodules", "sub/.git/hooks", "sub/.git/config", "sub/.githooks", "other/hooks", "other/config", "two/.git", ".git/hooks", ".git/config"},
			pins:     []string{".git", "sub", "sub/.git", "two", "other"}, // two/../other, as git reads the pointer
		},
		{
			// git submodule update runs it in the submodule's working tree,
			// at the path .gitmodules gives its name
			name: "a submodule's update command, relative",
			layout: layout{dirs: []string{"libs/sub/tools"}, config: "[submodule \"lib\"]\n\tupdate = !tools/up\n",
				files: map[string]string{
					".gitmodules":       "[submodule \"lib\"]\n\tpath = libs/sub\n",
					"libs/sub/tools/up": "#!/bin/sh\n",
				}},
			readOnly: []string{".gitmodules", "libs/sub/tools/up", ".git/hooks", ".git/config"},
			pins:     []string{".git", "libs", "libs/sub", "libs/sub/tools"},
		},
		{
			// a name given two paths: git (2.39's submodule--helper, which
			// reads the working tree's .gitmodules with overwrite set)
			// takes the last, and ran the command in other/, not libs/sub
			name: "a submodule's update command, its name given two paths",
			layout: layout{dirs: []string{"libs/sub/tools", "other/tools"}, config: "[submodule \"lib\"]\n\tupdate = !tools/up\n",
				files: map[string]string{
					".gitmodules":       "[submodule \"lib\"]\n\tpath = libs/sub\n[submodule \"lib\"]\n\tpath = other\n",
					"libs/sub/tools/up": "#!/bin/sh\n",
					"other/tools/up":    "#!/bin/sh\n",
				}},
			readOnly: []string{".gitmodules", "other/tools/up", ".git/hooks", ".git/config"},
			pins:     []string{".git", "other", "other/tools"},
		},
		{
			// a submodule's own, for its submodule: its .gitmodules,
			// which says where, is protected too
			name: "a submodule's update command in its config",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub/nested/tools"}, config: "[core]\n",
				files: map[string]string{
					".git/modules/sub/HEAD":   "ref: refs/heads/main\n",
					".git/modules/sub/config": "[core]\n\tworktree = ../../../sub\n[submodule \"n\"]\n\tupdate = !tools/up\n",
					"sub/.gitmodules":         "[submodule \"n\"]\n\tpath = nested\n",
					"sub/nested/tools/up":     "#!/bin/sh\n",
				}},
			readOnly: []string{".git/modules/sub/hooks", ".git/modules/sub/config", "sub/.gitmodules", "sub/nested/tools/up", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub", "sub", "sub/nested", "sub/nested/tools"},
		},
		{
			name: "the superproject's hooks path is none of its submodule's",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub", ".githooks"}, config: "[core]\n\thooksPath = .githooks\n",
				files: map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n", ".git/modules/sub/config": "[core]\n\tworktree = ../../../sub\n"}},
			readOnly: []string{".githooks", ".git/modules/sub/hooks", ".git/modules/sub/config", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub"},
		},
		{
			name: "a submodule's working tree through a link",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub/.githooks"}, config: "[core]\n", links: map[string]string{"sublink": "sub"},
				files: map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n", ".git/modules/sub/config": "[core]\n\tworktree = ../../../sublink\n\thooksPath = .githooks\n"}},
			readOnly: []string{".git/modules/sub/hooks", ".git/modules/sub/config", "sub/.githooks", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub", "sub"},
			links:    []string{"sublink"},
		},
		{
			name: "a submodule that is a linked worktree: its commondir, and the hooks and config there",
			layout: layout{dirs: []string{"lib.git/hooks"}, config: "[core]\n",
				files: map[string]string{
					".gitmodules":                     "[submodule \"sub\"]\n\tpath = sub\n",
					"sub/.git":                        "gitdir: ../lib.git/worktrees/sub\n",
					"lib.git/HEAD":                    "ref: refs/heads/main\n",
					"lib.git/config":                  "[core]\n\tbare = true\n",
					"lib.git/worktrees/sub/HEAD":      "ref: refs/heads/main\n",
					"lib.git/worktrees/sub/commondir": "../..\n",
				}},
			readOnly: []string{".gitmodules", "lib.git/worktrees/sub/commondir", "lib.git/hooks", "lib.git/config", "sub/.git", ".git/hooks", ".git/config"},
			pins:     []string{".git", "sub", "lib.git", "lib.git/worktrees", "lib.git/worktrees/sub"},
		},
		{
			name: "a submodule without core.worktree: its working tree where .gitmodules puts it",
			layout: layout{dirs: []string{".git/modules/sub/hooks", "sub/.githooks"}, config: "[core]\n",
				files: map[string]string{
					".gitmodules":             "[submodule \"sub\"]\n\tpath = sub\n",
					"sub/.git":                "gitdir: ../.git/modules/sub\n",
					".git/modules/sub/HEAD":   "ref: refs/heads/main\n",
					".git/modules/sub/config": "[core]\n\thooksPath = .githooks\n",
				}},
			readOnly: []string{".gitmodules", ".git/modules/sub/hooks", ".git/modules/sub/config", "sub/.githooks", "sub/.git", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub", "sub"},
		},
		{
			name:        "a submodule without hooks",
			layout:      layout{files: map[string]string{".git/modules/sub/config": "[core]\n"}, config: "[core]\n"},
			readOnly:    []string{".git/modules/sub/hooks", ".git/modules/sub/config", ".git/hooks", ".git/config"},
			pins:        []string{".git", ".git/modules", ".git/modules/sub"},
			placeholder: []string{".git/modules/sub/hooks"},
		},
		{
			name: "links in modules back to it and to the root",
			layout: layout{dirs: []string{".git/modules/sub/hooks"}, config: "[core]\n",
				files: map[string]string{".git/modules/sub/config": "[core]\n"}, links: map[string]string{".git/modules/loop": ".", ".git/modules/root": "../..", ".git/modules/slash": "/"}},
			readOnly: []string{".git/modules/sub/hooks", ".git/modules/sub/config", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules", ".git/modules/sub"},
		},
		{
			name:     "a submodule without config",
			layout:   layout{files: map[string]string{".git/modules/sub/HEAD": "ref: refs/heads/main\n"}, config: "[core]\n"},
			readOnly: []string{".git/modules/sub", ".git/hooks", ".git/config"},
			pins:     []string{".git", ".git/modules"},
		},
	}
	noUserConfig(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testRoot(t)
			j := func(p string) string { return filepath.Join(root, p) }
			if tt.layout.config != "" {
				tt.layout.dirs = append(tt.layout.dirs, ".git/objects", ".git/hooks")
				tt.layout.files = mapWith(tt.layout.files, ".git/HEAD", "ref: refs/heads/main\n")
				tt.layout.files[".git/config"] = tt.layout.config
			}
			for _, d := range tt.layout.dirs {
				if err := os.MkdirAll(j(d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for f, c := range tt.layout.files {
				os.MkdirAll(filepath.Dir(j(f)), 0o755)
				if err := os.WriteFile(j(f), []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for l, target := range tt.layout.links {
				os.MkdirAll(filepath.Dir(j(l)), 0o755)
				if err := os.Symlink(target, j(l)); err != nil {
					t.Fatal(err)
				}
			}
			// The root's git directory without commondir gets a placeholder
			// one (TestProtectedCommondir): not part of the case either.
			if _, err := os.Lstat(j(".git/commondir")); tt.layout.config != "" && err != nil {
				tt.readOnly = append(tt.readOnly, ".git/commondir")
				tt.placeholder = append(tt.placeholder, ".git/commondir")
			}
			// The agents' directories, present: not part of the case.
			for _, d := range []string{".mewsandbox", ".claude", ".codex"} {
				if _, err := os.Lstat(j(d)); err != nil {
					os.Mkdir(j(d), 0o755)
				}
			}
			l := planNamespace(DefaultPolicy(root), root, "")
			if len(l.unprotected) > 0 {
				t.Errorf("unprotected: %q", l.unprotected)
			}
			rel := func(op uint32) []string {
				var out []string
				for i, s := range l.steps {
					if s.Op != op || !within(s.Path, root) || s.Path == root {
						continue
					}
					if op == mountBind && i+1 < len(l.steps) && l.steps[i+1] == (mountStep{Op: mountRdonly, Path: s.Path}) {
						continue // read-only
					}
					out = append(out, strings.TrimPrefix(s.Path, root+"/"))
				}
				return out
			}
			agents := func(ps []string) []string {
				return slices.DeleteFunc(ps, func(p string) bool { return p == ".mewsandbox" || p == ".claude" || p == ".codex" })
			}
			check := func(what string, got, want []string) {
				t.Helper()
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s: %q, want %q", what, got, want)
				}
			}
			check("read-only", agents(rel(mountRdonly)), tt.readOnly)
			check("mounts of their own", rel(mountBind), tt.pins)
			check("links bound", rel(mountBindLink), tt.links)
			var made []string
			if l.missing > 0 {
				for _, p := range slices.Concat(l.placeholders, l.commondirs) {
					if _, err := os.Lstat(p); err != nil {
						made = append(made, strings.TrimPrefix(p, root+"/"))
					}
				}
			}
			check("placeholders to make", made, tt.placeholder)
			if l.missing != len(tt.placeholder) {
				t.Errorf("missing = %d, want %d", l.missing, len(tt.placeholder))
			}
		})
	}
}

// TestProtectedWaysAboveRoot: a writable grant that holds the root
// (work for work/a/b/proj) makes each directory between the grant's top
// and the root a mount of its own, guarded as a way: renamed, one would
// move the root along and free the project's path for one of the
// command's own. Without such a grant they are read-only, and get none.
func TestProtectedWaysAboveRoot(t *testing.T) {
	work := testRoot(t)
	root := filepath.Join(work, "a", "b", "proj")
	if err := os.MkdirAll(filepath.Join(root, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git", "config"), []byte("[core]\n"), 0o644)
	above := []string{filepath.Join(work, "a"), filepath.Join(work, "a", "b")}
	pinned := func(l *nsLayer, d string) bool { return slices.Contains(l.steps, mountStep{Op: mountBind, Path: d}) }
	guarded := func(l *nsLayer, d string) bool {
		return slices.ContainsFunc(l.ways, func(w wayMode) bool { return w.path == d })
	}
	// A repository or toolchain file made above the root is the
	// project's to git, rustup and asdf there (red75): looked for after
	// the run where missing, up to the grant's top; not in the root,
	// whose .git is protected as a repository.
	lookedFor := func(l *nsLayer, d string) bool {
		return slices.Contains(l.unmade, d+"/.git") && slices.Contains(l.unmade, d+"/rust-toolchain.toml")
	}
	l := planNamespace(DefaultPolicy(root).WithGrant(Grant{Path: work, Access: Read | Write | Exec}), root, "")
	for _, d := range append(above, work) {
		if !pinned(l, d) && d != work || !guarded(l, d) || !lookedFor(l, d) {
			t.Errorf("--allow-write %s: %s a mount of its own %v, its mode guarded %v, what is made in it looked for %v; want all", work, d, pinned(l, d), guarded(l, d), lookedFor(l, d))
		}
	}
	if slices.Contains(l.unmade, root+"/.git") {
		t.Errorf("--allow-write %s: the root's own .git is looked for as one made by the run", work)
	}
	for name, pol := range map[string]Policy{
		"no grant above the root": DefaultPolicy(root),
		// Which holds ~/.gitconfig: nothing to keep.
		"--allow-write /": DefaultPolicy(root).WithGrant(Grant{Path: "/", Access: Read | Write | Exec}),
	} {
		l = planNamespace(pol, root, "")
		for _, d := range above {
			if pinned(l, d) || guarded(l, d) || lookedFor(l, d) {
				t.Errorf("%s: %s a mount of its own %v, its mode guarded %v, what is made in it looked for %v; want none", name, d, pinned(l, d), guarded(l, d), lookedFor(l, d))
			}
		}
	}
}

// noUserConfig keeps the system's and the user's git config out of a
// test: planNamespace reads them for core.hooksPath.
func noUserConfig(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home+"/.config")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", "")
}

func mapWith(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}

// TestProtectedWaysRefused: a way the layer cannot keep (a loop of links;
// a protected directory missing in a writable grant outside the root,
// where no placeholder goes) is recorded in unprotected: a strict run is
// refused.
func TestProtectedWaysRefused(t *testing.T) {
	root, grant := testRoot(t), testRoot(t)
	os.Symlink(".claude", filepath.Join(root, ".claude"))
	os.Symlink(filepath.Join(grant, "codex"), filepath.Join(root, ".codex"))
	p := DefaultPolicy(root).WithGrant(Grant{Path: grant, Access: Read | Write})
	l := planNamespace(p, root, "")
	if len(l.unprotected) != 2 || !strings.HasPrefix(l.unprotected[0], filepath.Join(root, ".claude")+" ") ||
		!strings.HasPrefix(l.unprotected[1], filepath.Join(root, ".codex")+" ") {
		t.Errorf("unprotected = %q, want .claude (a loop) and .codex (in the grant)", l.unprotected)
	}
	// Without the grant, what .codex names is read-only: nothing to refuse.
	l = planNamespace(DefaultPolicy(root), root, "")
	if len(l.unprotected) != 1 {
		t.Errorf("without the grant: unprotected = %q, want the loop only", l.unprotected)
	}
}

// TestPlaceholderOnTheWay: where the way to a protected directory passes
// a placeholder (another run's, made at the first missing component), that
// one is held and bound, and no second one is made inside it.
func TestPlaceholderOnTheWay(t *testing.T) {
	root := testRoot(t)
	for _, d := range []string{".git/objects", "tools", ".mewsandbox", ".claude", ".codex"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git/commondir"), []byte(commondirSelf), 0o644) // none to make
	os.Mkdir(filepath.Join(root, ".git/hooks"), 0o755)
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\thooksPath = tools/hooks\n"), 0o644)
	if err := unix.Setxattr(filepath.Join(root, "tools"), placeholderMark, []byte("0"), 0); err != nil {
		t.Skipf("no extended attributes here: %v", err)
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	tools := filepath.Join(root, "tools")
	if l.missing != 0 || !slices.Contains(l.placeholders, tools) || !slices.Contains(l.steps, mountStep{Op: mountRdonly, Path: tools}) {
		t.Errorf("missing %d, placeholders %q, steps %v: want tools held and read-only, nothing to make", l.missing, l.placeholders, l.steps)
	}
}

// TestProtectedEntriesRefused: more linked worktrees, or entries under
// .git/modules, than the plan examines refuse the run rather than leave
// some writable.
func TestProtectedEntriesRefused(t *testing.T) {
	noUserConfig(t)
	for _, tt := range []struct {
		dir  string // where the entries go
		max  int
		want string
	}{
		{".git/worktrees", maxWorktrees, ".git/worktrees (more than"},
		{".git/modules/libs", maxModules, ".git/modules (more than"},
	} {
		t.Run(tt.dir, func(t *testing.T) {
			root := testRoot(t)
			for _, d := range []string{".git/hooks", ".mewsandbox", ".claude", ".codex"} {
				os.MkdirAll(filepath.Join(root, d), 0o755)
			}
			os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
			for i := range tt.max + 1 {
				os.MkdirAll(filepath.Join(root, tt.dir, strconv.Itoa(i)), 0o755)
			}
			l := planNamespace(DefaultPolicy(root), root, "")
			if len(l.unprotected) != 1 || !strings.Contains(l.unprotected[0], tt.want) {
				t.Errorf("unprotected = %q, want one naming %s", l.unprotected, tt.want)
			}
		})
	}
}

// TestProtectedMountsRefused: a hook that is a link costs a mount, and so
// does every link on its way; a command could plant a hooks directory of
// links in each submodule's git directory, thousands of mounts that would
// take every later run seconds to make (16384 took 13 s). Past maxMounts
// the run is refused, and the plan stops following hooks. (A smaller
// maxMounts here: making thousands of links takes seconds.)
func TestProtectedMountsRefused(t *testing.T) {
	noUserConfig(t)
	defer func(m int) { maxMounts = m }(maxMounts)
	maxMounts = 256
	root := testRoot(t)
	for _, d := range []string{".git/hooks", ".mewsandbox", ".claude", ".codex", "scripts"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
	modules := 2 * maxMounts / maxHookEntries
	for i := range modules {
		m := filepath.Join(root, ".git/modules", strconv.Itoa(i))
		os.MkdirAll(filepath.Join(m, "hooks"), 0o755)
		os.WriteFile(filepath.Join(m, "config"), []byte("[core]\n"), 0o644)
		for j := range maxHookEntries {
			// Each leads to a script of its own, missing: a placeholder.
			os.Symlink("../../../../scripts/"+strconv.Itoa(i)+"-"+strconv.Itoa(j)+"/x", filepath.Join(m, "hooks", strconv.Itoa(j)))
		}
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	if len(l.unprotected) != 1 || !strings.Contains(l.unprotected[0], "mounts") {
		t.Errorf("unprotected = %q, want the mounts in all", l.unprotected)
	}
	if n := len(l.steps); n > 2*maxMounts+64 {
		t.Errorf("%d mount steps planned", n)
	}
	if n := len(l.placeholders); n > maxMounts+8 {
		t.Errorf("%d placeholders planned", n)
	}
}

// TestProtectedGitDirsRefused: each submodule may have linked worktrees,
// each worktree submodules, and so on: a command could make a tree of them
// that the next run's plan would take minutes to follow, and more mounts
// than the kernel allows. Past maxGitDirs in all the run is refused, soon.
func TestProtectedGitDirsRefused(t *testing.T) {
	noUserConfig(t)
	root := testRoot(t)
	for _, d := range []string{".git/hooks", ".mewsandbox", ".claude", ".codex"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
	var build func(git string, depth int)
	build = func(git string, depth int) {
		if depth == 0 {
			return
		}
		for i := range 4 {
			m := filepath.Join(git, "modules", strconv.Itoa(i))
			os.MkdirAll(filepath.Join(m, "hooks"), 0o755)
			os.WriteFile(filepath.Join(m, "config"), []byte("[core]\n"), 0o644)
			for j := range 4 {
				w := filepath.Join(m, "worktrees", strconv.Itoa(j))
				os.MkdirAll(w, 0o755)
				os.WriteFile(filepath.Join(w, "commondir"), []byte("../..\n"), 0o644)
				build(w, depth-1)
			}
		}
	}
	build(filepath.Join(root, ".git"), 2)
	start := time.Now()
	l := planNamespace(DefaultPolicy(root), root, "")
	if len(l.unprotected) != 1 || !strings.Contains(l.unprotected[0], "too many to protect") {
		t.Errorf("unprotected = %q, want the git directories in all", l.unprotected)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the plan took %v", d)
	}
	if n := len(l.steps); n > 4*maxGitDirs {
		t.Errorf("%d mount steps planned", n)
	}
}

// TestProtectedGitRefused: what git would read or run that the layer
// cannot keep is refused: a config file the repository's config includes,
// or the config.worktree extensions.worktreeConfig makes it read, missing
// in the root (the command could make it), and a hook with other hard
// links (the command could rewrite it through one).
func TestProtectedGitRefused(t *testing.T) {
	noUserConfig(t)
	for _, tt := range []struct {
		name, config, want string
		hardLink           bool
	}{
		{name: "a missing include", config: "[includeIf \"onbranch:main\"]\n\tpath = ../local.gitconfig\n", want: "local.gitconfig "},
		{name: "a hard link", config: "[core]\n", hardLink: true, want: ".git/hooks/pre-commit "},
		{name: "too many config files", config: strings.Repeat("[include]\n\tpath = config\n", 3), want: ".git/config (the configuration git reads is more than"},
		{name: "a missing config.worktree git would read", config: "[extensions]\n\tworktreeConfig = true\n", want: ".git/config.worktree "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := testRoot(t)
			for _, d := range []string{".git/hooks", ".mewsandbox", ".claude", ".codex", "scripts"} {
				os.MkdirAll(filepath.Join(root, d), 0o755)
			}
			os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
			os.WriteFile(filepath.Join(root, ".git/config"), []byte(tt.config), 0o644)
			if tt.hardLink {
				os.WriteFile(filepath.Join(root, "scripts/pre-commit"), []byte("#!/bin/sh\n"), 0o755)
				if err := os.Link(filepath.Join(root, "scripts/pre-commit"), filepath.Join(root, ".git/hooks/pre-commit")); err != nil {
					t.Fatal(err)
				}
			}
			l := planNamespace(DefaultPolicy(root), root, "")
			if len(l.unprotected) != 1 || !strings.Contains(l.unprotected[0], tt.want) {
				t.Errorf("unprotected = %q, want one naming %s", l.unprotected, tt.want)
			}
		})
	}
}

// TestProtectedHardLinkRefused: a protected file with another hard link
// in the writable root (a git directory the command made in an earlier
// run, its config linked into info/) could be written through that name
// while bound read-only: the run is refused. Its copy is protected as
// before.
func TestProtectedHardLinkRefused(t *testing.T) {
	root := testRoot(t)
	for _, d := range []string{".git/hooks", ".git/info"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	config := filepath.Join(root, ".git", "config")
	if err := os.WriteFile(config, []byte("[core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(config, filepath.Join(root, ".git", "info", "cfg")); err != nil {
		t.Fatal(err)
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	if len(l.unprotected) != 1 || !strings.HasPrefix(l.unprotected[0], config+" ") || !strings.Contains(l.unprotected[0], "hard link") {
		t.Errorf("unprotected = %q, want %s refused for its hard link", l.unprotected, config)
	}
	os.Remove(filepath.Join(root, ".git", "info", "cfg"))
	if l := planNamespace(DefaultPolicy(root), root, ""); len(l.unprotected) != 0 {
		t.Errorf("a copy: unprotected = %q", l.unprotected)
	}
}

// TestProtectedDirHardLinkRefused: a file of a protected directory with
// another hard link in the root (.claude/settings.json linked to
// notes.json) could be written through that name while the directory is
// bound read-only (a review planted a SessionStart hook so): refused.
func TestProtectedDirHardLinkRefused(t *testing.T) {
	root := testRoot(t)
	if err := os.MkdirAll(filepath.Join(root, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(root, ".claude", "settings.json")
	if err := os.WriteFile(settings, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l := planNamespace(DefaultPolicy(root), root, ""); len(l.unprotected) != 0 {
		t.Fatalf("a copy: unprotected = %q", l.unprotected)
	}
	if err := os.Link(settings, filepath.Join(root, "notes.json")); err != nil {
		t.Fatal(err)
	}
	l := planNamespace(DefaultPolicy(root), root, "")
	if len(l.unprotected) != 1 || !strings.Contains(l.unprotected[0], "settings.json in it has other hard links") {
		t.Errorf("unprotected = %q, want .claude refused for settings.json's hard link", l.unprotected)
	}
}

// TestHardLinkedEntryGone: a directory gone since the plan's walk (another
// run's placeholder, freed by its helper) has no hard-linked entry: no
// failure (a bench run failed so, 125, before).
func TestHardLinkedEntryGone(t *testing.T) {
	t.Parallel()
	if why := hardLinkedEntry(filepath.Join(t.TempDir(), "gone")); why != "" {
		t.Errorf("a missing directory: %q", why)
	}
}
