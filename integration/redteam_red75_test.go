//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
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
	for _, row := range rows {
		asEachUserAndLayer(t, row.name, false, func(t *testing.T, p *rt20Project, layered bool) {
			above := filepath.Dir(p.root)
			r := red75Run(t, p, row.script, layered, true)
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

// TestGrantOverRepositoryAboveRootWarnsRed75: a write grant that holds
// the root and, between them, a repository of the user's (mono, the
// superproject of a submodule or a monorepo holding a clone), or another
// project at the grant's top beside the root's way (--allow-write ..
// over ../other), was allowed unwarned: the command could plant
// core.fsmonitor in mono/.git/config or other/.git/config, which the
// user's next git status there runs (in mono, git in the project too,
// once its .git/HEAD is gone). Each is now warned of as a grant holding
// a git directory at its top is. Neighbour: the same grant with no
// repository but the root's is not.
func TestGrantOverRepositoryAboveRootWarnsRed75(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, repo string }{{"between", "mono"}, {"beside", "other"}, {"neighbour", ""}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			top := realTemp(t)
			root := filepath.Join(top, "mono", "x", "p")
			for _, d := range []string{filepath.Join(root, ".git", "hooks"), filepath.Join(top, "mono", "notes"), filepath.Join(top, "other", "src")} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if tc.repo != "" {
				if err := os.MkdirAll(filepath.Join(top, tc.repo, ".git", "hooks"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			r := run(t, invocation{args: []string{"explain", "--no-user-settings", "--settings", "/dev/null", "--allow-write", top}, dir: root})
			want := "covers the git directory " + filepath.Join(top, tc.repo, ".git") + ":"
			switch {
			case r.code != 0:
				t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
			case tc.repo != "" && strings.Count(r.stderr, want) != 1:
				t.Errorf("--allow-write %s holding %s/.git: stderr\n%s\nwant %q once", top, tc.repo, r.stderr, want)
			case tc.repo == "" && strings.Contains(r.stderr, "covers the git directory"):
				t.Errorf("--allow-write %s with no repository but the root's warned: %s", top, r.stderr)
			}
		})
	}
}

// TestRootSwappedRed75: without the layer, under a grant that holds the
// root, the command renamed the root away and put a copy with a hook
// and core.fsmonitor of its own at its name, or a link to one: the run
// failed (125) saying to look, every path below the root unopenable
// through the link, and left the copy for the user's next git status in
// the project, which ran the fsmonitor (as root and as a user, on
// 5589c29). The root is now recorded where a grant holds it: what is at
// its name after the run is moved aside and the root, found by its
// identity, put back. Under the layer the root is a mount point, which
// cannot be renamed. Neighbour: a directory renamed beside the root.
func TestRootSwappedRed75(t *testing.T) {
	const swap = "n=$(basename \"$PWD\")\ncd ..\nmv \"$n\" \"$n.x\"\n"
	const plant = "printf '#!/bin/sh\\ntouch MARK\\n' > q/.git/hooks/pre-commit\nchmod +x q/.git/hooks/pre-commit\ngit -C q config core.fsmonitor 'touch MARK; false'\n"
	rows := []struct{ name, script string }{
		{"link", swap + "cp -a \"$n.x\" q && ln -s q \"$n\"\n" + plant},
		{"copy", swap + "cp -a \"$n.x\" q && mv q \"$n\"\n" + strings.NewReplacer("q/", "\"$n\"/", "-C q", "-C \"$n\"").Replace(plant)},
		{"neighbour", "cd .. && mkdir a && mv a b\n"},
	}
	for _, row := range rows {
		asEachUserAndLayer(t, row.name, false, func(t *testing.T, p *rt20Project, layered bool) {
			var before syscall.Stat_t
			if err := syscall.Stat(p.root, &before); err != nil {
				t.Fatal(err)
			}
			r := red75Run(t, p, row.script, layered, true)
			if row.name == "neighbour" {
				if r.code != 0 {
					t.Errorf("a directory renamed beside the root: exit %d, want 0\nstderr: %s", r.code, r.stderr)
				}
				return
			}
			if !layered && r.code != 125 {
				t.Errorf("exit %d, want 125 naming the root replaced\nstderr: %s", r.code, r.stderr)
			}
			var after syscall.Stat_t
			if err := syscall.Lstat(p.root, &after); err != nil || after.Dev != before.Dev || after.Ino != before.Ino {
				t.Errorf("the root's name is not the root after the run (%v)\nstderr: %s", err, r.stderr)
			}
			for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
				if !gitReturns(t, p.root, p.cred, args...) {
					t.Errorf("git %s outside the sandbox waited 10 s", args[0])
				}
			}
			if _, err := os.Stat(p.mark); err == nil {
				t.Errorf("the host's git in the project ran what the command planted in the copy\nstderr: %s", r.stderr)
			}
		})
	}
}

// TestAsideNamesTakenRed75: what the command planted is moved aside to
// NAME.mewsandbox-planted, or .1 to .99 beside it; a command that made all
// 100 names first (empty files) kept its plant in place, the run failing
// (125) with "remove it": core.fsmonitor in .git/config without the
// layer, with no grant at all, which the host's next git status ran;
// .mcp.json under the layer and without it; ../.git under --allow-write
// .. (as root and as a user, on 5589c29). A name it could not foresee is
// now taken. Neighbour: 100 such names made beside nothing protected
// pass and stay.
func TestAsideNamesTakenRed75(t *testing.T) {
	const decoys = "touch P.mewsandbox-planted; for i in $(seq 1 99); do touch P.mewsandbox-planted.$i; done\n"
	const config = "git config core.fsmonitor 'touch MARK; false'\n"
	const mcp = "echo '{\"mcpServers\":{\"x\":{\"command\":\"touch\",\"args\":[\"MARK\"]}}}' > .mcp.json\n"
	const parent = "rm -f .git/HEAD\ngit init -q ..\ngit -C .. config core.fsmonitor 'touch MARK; false'\n"
	rows := []struct {
		name, script, planted string // planted: relative to the root; "" a neighbour
		unlayeredOnly, above  bool
	}{
		{"config", config + strings.ReplaceAll(decoys, "P", ".git/config"), ".git/config", true, false},
		{"mcp", mcp + strings.ReplaceAll(decoys, "P", ".mcp.json"), ".mcp.json", false, false},
		{"parent-repo", parent + strings.ReplaceAll(decoys, "P", "../.git"), "../.git", false, true},
		{"neighbour", strings.ReplaceAll(decoys, "P", "notes"), "", false, false},
	}
	for _, row := range rows {
		asEachUserAndLayer(t, row.name, row.unlayeredOnly, func(t *testing.T, p *rt20Project, layered bool) {
			r := red75Run(t, p, row.script, layered, row.above)
			if row.planted == "" {
				if r.code != 0 || p.read("notes.mewsandbox-planted.99") == "<missing>" {
					t.Errorf("100 names made beside nothing protected: exit %d, want 0, the names left\nstderr: %s", r.code, r.stderr)
				}
				return
			}
			if r.code != 125 {
				t.Errorf("exit %d, want 125\nstderr: %s", r.code, r.stderr)
			}
			if got := p.read(row.planted); strings.Contains(got, p.mark) {
				t.Errorf("%s is the plant after the run: %q\nstderr: %s", row.planted, got, r.stderr)
			}
			if _, err := os.Lstat(filepath.Join(p.root, row.planted)); row.above && err == nil {
				t.Errorf("%s is there after the run\nstderr: %s", row.planted, r.stderr)
			}
			if !row.above && strings.Contains(p.read(".git/config"), "fsmonitor") {
				t.Errorf(".git/config names the fsmonitor after the run\nstderr: %s", r.stderr)
			}
			for _, args := range [][]string{{"status"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "after"}} {
				if !gitReturns(t, p.root, p.cred, args...) {
					t.Errorf("git %s outside the sandbox waited 10 s", args[0])
				}
			}
			if _, err := os.Stat(p.mark); err == nil {
				t.Errorf("the host's git ran what the command planted\nstderr: %s", r.stderr)
			}
		})
	}
}

// asEachUserAndLayer runs f in a subtest named who/layer/name with a
// fresh project, as root and as the user, with the namespace layer
// (where the kernel allows it) and without, or only without.
func asEachUserAndLayer(t *testing.T, name string, unlayeredOnly bool, f func(t *testing.T, p *rt20Project, layered bool)) {
	t.Helper()
	layers := []bool{true, false}
	if unlayeredOnly {
		layers = layers[1:]
	}
	for _, asUser := range []bool{false, true} {
		for _, layered := range layers {
			t.Run(map[bool]string{false: "root", true: "user"}[asUser]+"/"+map[bool]string{false: "unlayered", true: "layered"}[layered]+"/"+name, func(t *testing.T) {
				if layered {
					requireNamespaces(t)
				}
				f(t, newRT20Project(t, asUser), layered)
			})
		}
	}
}

// red75Run runs script as p's command (MARK standing for its marker)
// with --yolo, the directory above the root writable where above, and
// without the namespace layer where not layered.
func red75Run(t *testing.T, p *rt20Project, script string, layered, above bool) result {
	t.Helper()
	flags := []string{"run", "--yolo"}
	if above {
		flags = append(flags, "--allow-write", filepath.Dir(p.root))
	}
	if !layered {
		flags = append(flags, "--no-namespaces")
	}
	p.write("x.sh", strings.ReplaceAll(script, "MARK", p.mark), 0o644)
	return runCommand(t, p.cmd(append(flags, "--", "sh", "x.sh")...))
}
