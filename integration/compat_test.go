//go:build linux

package integration

import (
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompatGitConfigRefusedSaysWhy: under the layer the root's
// .git/config is read-only, and git's own message for a write there
// ("could not write config file …: Device or resource busy", as git config
// --local, git remote add and git submodule add say) does not say what to
// do. The run now says which flag lets it, and says nothing when the
// command did not try, or when the flag let it.
func TestCompatGitConfigRefusedSaysWhy(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	const hint = "--allow-git-config lets it write the config"

	r := b.run("run", "--yolo", "--", "git", "config", "--local", "compat.x", "1")
	if r.code == 0 {
		t.Fatalf("git config --local succeeded under the layer: %+v", r)
	}
	if !strings.Contains(r.stderr, "Device or resource busy") || !strings.Contains(r.stderr, hint) || !strings.Contains(r.stderr, b.root+"/.git/config") {
		t.Errorf("a refused config write does not say what to do: %q", r.stderr)
	}
	if strings.Contains(b.read(".git/config"), "compat") {
		t.Errorf("the config was written: %q", b.read(".git/config"))
	}

	r = b.run("run", "--yolo", "--", "sh", "-c", "env "+gitEnv+" git commit -q --allow-empty -m two && git branch b && git tag t && git gc -q && git status --short")
	if r.code != 0 || strings.Contains(r.stderr, hint) {
		t.Errorf("git work that writes no config: exit %d, stderr %q (want 0 and no hint)", r.code, r.stderr)
	}

	r = b.run("run", "--yolo", "--allow-git-config", "--", "git", "config", "--local", "compat.x", "1")
	if r.code != 0 || strings.Contains(r.stderr, hint) {
		t.Errorf("with --allow-git-config: exit %d, stderr %q (want 0 and no hint)", r.code, r.stderr)
	}
	if !strings.Contains(b.read(".git/config"), "compat") {
		t.Errorf("--allow-git-config did not let git config write: %q", b.read(".git/config"))
	}
}

// TestCompatGitConfigRefusedSaysWhyElsewhere: the hint was for the root's
// .git/config alone, and git config --worktree (its config.worktree) or git
// config in a submodule (.git/modules/NAME/config), read-only as well,
// failed with git's "Device or resource busy" and nothing more. Each now
// names its file, and reading them, or git work in the submodule that
// writes no config, says nothing.
func TestCompatGitConfigRefusedSaysWhyElsewhere(t *testing.T) {
	requireNamespaces(t)
	b := submoduleBox(t)
	b.git("config", "extensions.worktreeConfig", "true")
	b.git("config", "--worktree", "compat.base", "1")
	const hint = "--allow-git-config lets it write the config"
	for _, tt := range []struct {
		name   string
		argv   []string
		config string // "": no hint
	}{
		{"git config --worktree", []string{"git", "config", "--worktree", "compat.x", "1"}, ".git/config.worktree"},
		{"git config in a submodule", []string{"git", "-C", "sub", "config", "compat.x", "1"}, ".git/modules/sub/config"},
		{"reading them", []string{"sh", "-c", "cat .git/config.worktree .git/modules/sub/config >/dev/null && git config --worktree --get compat.base && git -C sub config --get core.worktree && exec 3<>.git/config.worktree"}, ""},
		{"git work in the submodule", []string{"sh", "-c", "cd sub && env " + gitEnv + " git commit -q --allow-empty -m two && git status --short"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := b.read(tt.config)
			r := b.run(append([]string{"run", "--yolo", "--"}, tt.argv...)...)
			if tt.config == "" {
				if strings.Contains(r.stderr, hint) {
					t.Errorf("a hint where no config was written: exit %d, stderr %q", r.code, r.stderr)
				}
				return
			}
			if r.code == 0 || !strings.Contains(r.stderr, hint) || !strings.Contains(r.stderr, "tried to write "+b.root+"/"+tt.config+",") {
				t.Errorf("a refused write of %s does not say what to do: exit %d, stderr %q", tt.config, r.code, r.stderr)
			}
			if strings.Count(r.stderr, hint) != 1 {
				t.Errorf("want one hint: %q", r.stderr)
			}
			if b.read(tt.config) != before {
				t.Errorf("%s was written", tt.config)
			}
		})
	}
}

// TestCompatHomeToolNamesPreset: a toolchain installed in the home
// directory (rustup's ~/.cargo/bin, a pyenv shim) is refused for want of
// its preset, and the message said only "allow read and execute on
// ~/.cargo/bin", not the preset that grants it without the rest of
// ~/.cargo (its credentials). It now names the preset, and the preset
// runs it.
func TestCompatHomeToolNamesPreset(t *testing.T) {
	b := newBox(t, nil)
	tool := b.file(filepath.Join(b.home, ".cargo", "bin", "cargo"), "#!/bin/sh\necho cargo-ran\n", 0o755)

	r := b.run("run", "--yolo", "--", tool, "--version")
	if r.code != 126 || !strings.Contains(r.stderr, "--preset rust grants it") {
		t.Errorf("a tool in ~/.cargo/bin without the preset: exit %d, stderr %q (want 126 naming --preset rust)", r.code, r.stderr)
	}
	r = b.run("run", "--yolo", "--preset", "rust", "--", tool, "--version")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "cargo-ran" {
		t.Errorf("with --preset rust: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	other := b.file(filepath.Join(b.home, "bin", "tool"), "#!/bin/sh\necho tool-ran\n", 0o755)
	r = b.run("run", "--yolo", "--", other)
	if r.code != 126 || strings.Contains(r.stderr, "--preset") || !strings.Contains(r.stderr, "allow read and execute on "+filepath.Dir(other)) {
		t.Errorf("a tool no preset grants: exit %d, stderr %q (want 126, no preset named)", r.code, r.stderr)
	}
}

// TestCompatSharedRepositorySaysWhy: in a repository shared with a group
// (git init --shared=group, core.sharedRepository in its config) git gives
// every directory it makes the set-group-ID bit, which seccomp refuses,
// and git add failed with "unable to create temporary file: Operation not
// permitted" and nothing more, with the layer and without. The run now
// says what refuses it and what to do; the way it names works; a failing
// command in a repository not shared, or a passing one in a shared one,
// says nothing.
func TestCompatSharedRepositorySaysWhy(t *testing.T) {
	const hint = "sets core.sharedRepository = 1: git gives each directory it makes in the repository the set-group-ID bit"
	const add = "echo x > f && env " + gitEnv + " git %s add f && env " + gitEnv + " git %s commit -qm f"
	for _, ns := range []string{"", "--no-namespaces"} {
		t.Run("layer"+ns, func(t *testing.T) {
			if ns == "" {
				requireNamespaces(t)
			}
			b := newGitBox(t)
			flags := []string{"run", "--yolo"}
			if ns != "" {
				flags = append(flags, ns)
			}
			r := b.run(append(flags, "--", "sh", "-c", "false")...)
			if r.code != 1 || strings.Contains(r.stderr, "sharedRepository") {
				t.Errorf("a failing command in a repository not shared: exit %d, stderr %q (want 1, no hint)", r.code, r.stderr)
			}
			b.git("init", "-q", "--shared=group")
			r = b.run(append(flags, "--", "sh", "-c", fmt.Sprintf(add, "", ""))...)
			if r.code == 0 || !strings.Contains(r.stderr, "Operation not permitted") {
				t.Fatalf("git add in a shared repository: exit %d, stderr %q (want git's refusal)", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, b.root+"/.git/config "+hint) || !strings.Contains(r.stderr, "-c core.sharedRepository=umask") || !strings.Contains(r.stderr, "if git failed with") {
				t.Errorf("git's refusal in a shared repository does not say why: %q", r.stderr)
			}
			r = b.run(append(flags, "--", "sh", "-c", fmt.Sprintf(add, "-c core.sharedRepository=umask", "-c core.sharedRepository=umask"))...)
			if r.code != 0 || strings.Contains(r.stderr, "sharedRepository") {
				t.Errorf("the way the hint names: exit %d, stderr %q (want 0, no hint)", r.code, r.stderr)
			}
		})
	}
}

// TestCompatMissingConfigSaysHowToMake: a config git would read but that
// is missing in the root (extensions.worktreeConfig without a
// config.worktree, as git config extensions.worktreeConfig true leaves
// it; an include.path into a missing directory) refuses the run, and the
// message offered only --best-effort, which runs with it unprotected. It
// now says how to make it empty outside the sandbox, and after that the
// run works with it read-only.
func TestCompatMissingConfigSaysHowToMake(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	b.git("config", "extensions.worktreeConfig", "true")
	b.git("config", "include.path", "inc/x.cfg")
	wt, inc := b.root+"/.git/config.worktree", b.root+"/.git/inc/x.cfg"
	r := b.run("run", "--yolo", "--", "true")
	if r.code != 125 {
		t.Fatalf("missing configs git would read: exit %d, stderr %q (want 125)", r.code, r.stderr)
	}
	for _, want := range []string{"make it empty outside the sandbox, touch " + wt + ",", "mkdir -p " + b.root + "/.git/inc && touch " + inc + ","} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the refusal does not say %q: %q", want, r.stderr)
		}
	}
	if out, err := osexec.Command("sh", "-c", "touch "+wt+" && mkdir -p "+b.root+"/.git/inc && touch "+inc).CombinedOutput(); err != nil {
		t.Fatalf("making them as told: %v %s", err, out)
	}
	// In a script, which the engine does not read: it asks before a
	// command that names .git even under --yolo.
	b.file(b.root+"/w.sh", "(echo x >> .git/config.worktree || echo x >> .git/inc/x.cfg) 2>/dev/null || echo refused\n", 0o644)
	r = b.run("run", "--yolo", "--", "sh", "w.sh")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "refused" || b.read(".git/config.worktree") != "" || b.read(".git/inc/x.cfg") != "" {
		t.Errorf("once made: exit %d, stdout %q, stderr %q (want 0, both read-only)", r.code, r.stdout, r.stderr)
	}
}

// TestCompatWayModesSayHowToShare: a project setup script's chmod -R g+w .
// is taken back where it reaches the root and .git, and fails the run (125), as the
// layer must (another user could then replace .git/hooks), and the
// message said only to look at what the directories hold, not how to
// have a project shared with a group. It now says to give the mode outside
// the sandbox, before the run, and a run after that keeps it.
func TestCompatWayModesSayHowToShare(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	const advice = "give the root and its git directory that mode or access control list outside the sandbox, before the run, which then keeps it"
	// chmod -R fails on the layer's placeholders (.claude …), read-only.
	const setup = "chmod -R g+w . 2>/dev/null; touch x"
	r := b.run("run", "--yolo", "--", "sh", "-c", setup)
	if r.code != 125 || !strings.Contains(r.stderr, advice) || strings.Count(r.stderr, advice) != 1 {
		t.Fatalf("chmod -R g+w .: exit %d, stderr %q (want 125 and the advice once)", r.code, r.stderr)
	}
	if err := osexec.Command("chmod", "g+w", b.root, b.root+"/.git").Run(); err != nil {
		t.Fatal(err)
	}
	r = b.run("run", "--yolo", "--", "sh", "-c", setup)
	if r.code != 0 || strings.Contains(r.stderr, advice) {
		t.Errorf("with the mode given before the run: exit %d, stderr %q (want 0, no advice)", r.code, r.stderr)
	}
	for _, d := range []string{b.root, b.root + "/.git"} {
		if out, _ := osexec.Command("stat", "-c", "%a", d).Output(); strings.TrimSpace(string(out)) != "775" {
			t.Errorf("%s: mode %s after the run, want the 775 given before it", d, out)
		}
	}
}

// TestCompatSharedInitSaysWhat: git init --shared=group (or =0660) in a
// root without a repository gives the hooks directory it has just copied
// the set-group-ID bit, which seccomp refuses, and git said only "Could
// not make …/hooks/ writable by group", before any config the shared
// repository hint reads was written. The run now says what refused it
// and what to use instead; a git init without --shared, which works,
// says nothing.
func TestCompatSharedInitSaysWhat(t *testing.T) {
	const hint = "git init --shared gives the repository's directories the set-group-ID bit, which the sandbox refuses; run git init without --shared"
	for _, ns := range []string{"", "--no-namespaces"} {
		for _, shared := range []string{"--shared=group", "--shared=0660"} {
			t.Run("layer"+ns+"/"+shared, func(t *testing.T) {
				if ns == "" {
					requireNamespaces(t)
				}
				b := newBox(t, nil)
				os.RemoveAll(filepath.Join(b.root, ".git"))
				flags := []string{"run", "--yolo"}
				if ns != "" {
					flags = append(flags, ns)
				}
				r := b.run(append(flags, "--", "git", "init", "-q", shared)...)
				if r.code == 0 || !strings.Contains(r.stderr, "writable by group") {
					t.Fatalf("git init %s: exit %d, stderr %q (want git's refusal)", shared, r.code, r.stderr)
				}
				if !strings.Contains(r.stderr, hint) || strings.Count(r.stderr, hint) != 1 {
					t.Errorf("git init %s does not say what to do: %q", shared, r.stderr)
				}
				if layer := strings.Contains(r.stderr, "remove it outside the sandbox first"); layer != (ns == "") {
					t.Errorf("the half-made .git's removal said %v, want it with the layer only: %q", layer, r.stderr)
				}
				os.RemoveAll(filepath.Join(b.root, ".git"))
				r = b.run(append(flags, "--", "git", "init", "-q")...)
				if r.code != 0 || strings.Contains(r.stderr, "set-group-ID") {
					t.Errorf("git init without --shared: exit %d, stderr %q (want 0, no hint)", r.code, r.stderr)
				}
			})
		}
	}
}

// TestCompatSubmoduleAddSaysWhatIsUnset: under the layer git submodule
// add clones the submodule and stages it, but its write of
// submodule.NAME.url and .active to the root's read-only config fails, and
// git exits 0 anyway (git's choice, which a host's read-only config gets
// too: the run's status stays the command's own, and 125 is the runner's
// failure). The submodule is then left uninitialised (git submodule status
// says "-"). The hint comes on stderr after git's own output and names
// --allow-git-config; a failing config write is not told it succeeded,
// and with the flag nothing is said. Since rt18 the run fails (125): the
// repository the command cloned and staged as a gitlink is one the host's
// git status would enter, its config the command's, and its .git is
// moved aside (TestGitlinkMadeInRun), saying the flag lets a command
// make submodules.
func TestCompatSubmoduleAddSaysWhatIsUnset(t *testing.T) {
	requireNamespaces(t)
	b := newGitBox(t)
	origin := b.originRepo(t)
	const hint = "--allow-git-config lets it write the config"
	const unset = "the command exited 0 without that write"
	b.file("add.sh", "git -c protocol.file.allow=always submodule add -q "+origin+" sub\n", 0o644)
	r := b.run("run", "--yolo", "--allow-read", origin, "--", "sh", "add.sh")
	if r.code != 125 || !strings.Contains(r.stderr, "--allow-git-config lets a command make submodules") || b.exists("sub/.git") {
		t.Fatalf("git submodule add: exit %d, stderr %q (want 125, sub/.git moved aside, naming the flag)", r.code, r.stderr)
	}
	git := strings.Index(r.stderr, "could not write config file")
	if git < 0 || strings.Count(r.stderr, hint) != 1 || strings.Index(r.stderr, hint) < git {
		t.Errorf("git submodule add's refused config write: stderr %q (want git's error, then one hint naming the flag)", r.stderr)
	}
	if out, _ := osexec.Command("git", "-C", b.root, "submodule", "status").Output(); !strings.HasPrefix(string(out), "-") {
		t.Errorf("git submodule status after the run: %q (want it uninitialised, \"-\")", out)
	}
	r = b.run("run", "--yolo", "--", "git", "config", "--local", "compat.x", "1")
	if r.code == 0 || !strings.Contains(r.stderr, hint) || strings.Contains(r.stderr, unset) {
		t.Errorf("a failed config write: exit %d, stderr %q (want the hint, not told it succeeded)", r.code, r.stderr)
	}
	r = b.run("run", "--yolo", "--allow-git-config", "--", "git", "submodule", "init")
	if r.code != 0 || strings.Contains(r.stderr, hint) {
		t.Errorf("git submodule init with --allow-git-config: exit %d, stderr %q (want 0, no hint)", r.code, r.stderr)
	}
}

// TestCompatRefusalsNamedByTheCommandLine: a refused unix socket (seccomp's
// EPERM), a refused write to .git/hooks (EROFS with the layer, EACCES
// without) and a refused write in /tmp without the layer or /var/tmp (the
// private TMPDIR aside) leave no trace to look at afterwards, and the run
// said nothing of them; nor of a refused ptrace (without the layer),
// which fails strace, gdb and every ASan build's end. A failed run whose
// command line names such a thing now says what was refused and what grants it (or that nothing
// does, for hooks); the same command line that succeeds says nothing.
func TestCompatRefusalsNamedByTheCommandLine(t *testing.T) {
	// The system's: one in the home (pyenv's shims) needs its preset.
	python := "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		t.Logf("no %s: the unix socket case is skipped", python)
		python = ""
	}
	for _, ns := range []string{"", "--no-namespaces"} {
		t.Run("layer"+ns, func(t *testing.T) {
			if ns == "" {
				requireNamespaces(t)
			}
			b := newGitBox(t)
			b.file("hook", "#!/bin/sh\n", 0o755)
			b.file("pre-commit", "#!/bin/sh\ncase $1 in install) cp hook .git/hooks/pre-commit ;; esac\n", 0o755)
			run := func(flags ...string) func(argv ...string) result {
				return func(argv ...string) result {
					args := []string{"run", "--yolo"}
					if ns != "" {
						args = append(args, ns)
					}
					return b.run(append(append(append(args, flags...), "--"), argv...)...)
				}
			}
			type c struct {
				name, hint string
				fail, pass []string // the refused command, and its neighbour that works
				flags      []string // what lets fail pass, if anything
			}
			// The temp directories' grants are not tried: they would let the
			// test write the host's /tmp.
			cases := []c{
				{"/var/tmp", "--allow-write /var/tmp grants all of it", []string{"sh", "-c", "echo x > /var/tmp/compat-$$"}, []string{"sh", "-c", "echo x > $TMPDIR/compat"}, nil},
			}
			if ns == "" {
				// Without the layer .git/hooks is writable (README: lost).
				// A command line that names a hook install (the hint's
				// words) is now asked for by the engine before the kernel
				// is reached (a hook manager's install writes .git/hooks),
				// and denied without a terminal; the kernel's hint is left
				// to a run a user approved (TestFailHints).
				r := run()("./pre-commit", "install")
				if r.code != 77 || !strings.Contains(r.stderr, "protected") {
					t.Errorf("pre-commit install: exit %d, stderr %q (want 77, the engine's protected path)", r.code, r.stderr)
				}
				if r := run()("./pre-commit", "run"); r.code != 0 || strings.Contains(r.stderr, "mewsandbox:") {
					t.Errorf("pre-commit run: exit %d, stderr %q (want 0, no hint)", r.code, r.stderr)
				}
			} else {
				cases = append(cases, c{"/tmp", "--allow-write /tmp grants all of it", []string{"sh", "-c", "echo x > /tmp/compat-$$"}, []string{"sh", "-c", "echo x > $TMPDIR/compat"}, nil})
			}
			// Without the layer's pid namespace seccomp refuses ptrace, a
			// child's too; under the layer strace works
			// (TestTracingTools).
			if strace, err := osexec.LookPath("strace"); err == nil && ns != "" {
				cases = append(cases, c{"ptrace", "this run refused ptrace", []string{strace, "-f", "true"}, []string{strace, "-V"}, nil})
			}
			if python != "" {
				sock := "import socket; s = socket.socket(socket.AF_UNIX); s.bind('x.sock'); s.close()"
				cases = append(cases, c{"unix socket", "--allow-unix-sockets allows them", []string{python, "-c", sock}, []string{python, "-c", "import socket; a, b = socket.socketpair(socket.AF_UNIX)"}, []string{"--allow-unix-sockets"}})
			}
			for _, tt := range cases {
				r := run()(tt.fail...)
				if r.code == 0 || strings.Count(r.stderr, tt.hint) != 1 {
					t.Errorf("%s refused: exit %d, stderr %q (want a failure and the hint once)", tt.name, r.code, r.stderr)
				}
				r = run()(tt.pass...)
				if r.code != 0 || strings.Contains(r.stderr, "mewsandbox:") {
					t.Errorf("%s, its neighbour that works: exit %d, stderr %q (want 0, no hint)", tt.name, r.code, r.stderr)
				}
				if tt.flags != nil {
					r = run(tt.flags...)(tt.fail...)
					if r.code != 0 || strings.Contains(r.stderr, tt.hint) {
						t.Errorf("%s with %v: exit %d, stderr %q (want 0, no hint)", tt.name, tt.flags, r.code, r.stderr)
					}
				}
			}
			os.Remove(b.root + "/x.sock")
		})
	}
}
