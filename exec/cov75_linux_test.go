package exec

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// cov75Run runs script in root under the default policy, strict unless
// bestEffort, without the namespace layer where unlayered, and returns
// its status, its warnings and its error.
func cov75Run(t *testing.T, root, script string, unlayered, bestEffort bool, pol func(Policy) Policy) (int, []string, error) {
	t.Helper()
	c := sh(root, script)
	c.Policy.BestEffort = bestEffort
	c.Policy.NoNamespaces = unlayered
	if pol != nil {
		c.Policy = pol(c.Policy)
	}
	var warnings []string
	c.Warn = func(w string) { warnings = append(warnings, w) }
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	status, err := c.Run(context.Background())
	t.Logf("status %d, %v, %q, warnings %q", status, err, out.String(), warnings)
	return status, warnings, err
}

// cov75Files makes n files in dir, of size bytes each.
func cov75Files(t *testing.T, dir string, n, size int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b := bytes.Repeat([]byte("x"), size)
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(i)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cov75Ran says whether the command ran: its marker is in dir.
func cov75Ran(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "marker"))
	return err == nil
}

// cov75Refused fails the test unless the run was refused before the
// command ran (no marker) with a namespaces StageError holding want.
func cov75Refused(t *testing.T, root string, status int, err error, want string) {
	t.Helper()
	var se *StageError
	if status != 125 || !errors.As(err, &se) || se.Stage != StageNamespaces || !strings.Contains(err.Error(), want) {
		t.Errorf("Run = %d, %v; want 125 and a namespaces error with %q", status, err, want)
	}
	if cov75Ran(root) {
		t.Error("the command ran")
	}
}

// TestCov75UnlayeredSnapshotBounds: without the namespace layer what it
// would protect is recorded and put back after the run; what the
// snapshot cannot keep (more entries than it records below a protected
// directory, a protected file larger than it keeps) refuses a strict run
// before the command starts, and best effort runs and says so. The
// neighbour, a protected directory within the bounds, runs, and the
// command's change to it is undone.
func TestCov75UnlayeredSnapshotBounds(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	const plant = `touch marker; echo planted > .claude/settings.json`
	for _, tt := range []struct {
		name string
		make func(root string)
		want string
	}{
		{"a directory of more entries than listed", func(root string) { cov75Files(t, filepath.Join(root, ".claude/deep"), maxSnapEntries+10, 1) }, "too many entries"},
		{"more entries than recorded in all", func(root string) {
			cov75Files(t, filepath.Join(root, ".claude/a"), maxSnapEntries/2+10, 1)
			cov75Files(t, filepath.Join(root, ".claude/b"), maxSnapEntries/2+10, 1)
		}, "more than 1024 entries to record"},
		{"a file larger than kept", func(root string) { cov75Files(t, filepath.Join(root, ".claude/deep"), 1, maxKeptFile+1) }, "more than the snapshot keeps"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := testRoot(t)
			tt.make(root)
			os.WriteFile(filepath.Join(root, ".claude/settings.json"), []byte("{}"), 0o644)
			status, _, err := cov75Run(t, root, plant, true, false, nil)
			cov75Refused(t, root, status, err, "recorded to be put back after the run, but not")
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("the refusal %q does not say why (%q)", err, tt.want)
			}
			// Named by its whole path: "but not deep (…)" left the user
			// to guess which deep (cov75).
			if err != nil && !strings.Contains(err.Error(), "but not "+root+"/.claude/") {
				t.Errorf("the refusal %q does not name the path under %s/.claude", err, root)
			}
			status, warnings, _ := cov75Run(t, root, "touch marker", true, true, nil)
			if status != 0 || !strings.Contains(strings.Join(warnings, "\n"), "may not be undone") {
				t.Errorf("best effort: status %d, warnings %q; want 0 and one saying a change may not be undone", status, warnings)
			}
		})
	}
	t.Run("neighbour within the bounds", func(t *testing.T) {
		root := testRoot(t)
		cov75Files(t, filepath.Join(root, ".claude/deep"), 10, 1)
		os.WriteFile(filepath.Join(root, ".claude/settings.json"), []byte("{}"), 0o644)
		status, _, err := cov75Run(t, root, plant, true, false, nil)
		if !cov75Ran(root) {
			t.Fatalf("the command did not run: %d, %v", status, err)
		}
		if status != 125 || err == nil || !strings.Contains(err.Error(), ".claude/settings.json") {
			t.Errorf("Run = %d, %v; want 125 naming the changed .claude/settings.json", status, err)
		}
		if b, _ := os.ReadFile(filepath.Join(root, ".claude/settings.json")); string(b) != "{}" {
			t.Errorf(".claude/settings.json after the run: %q, want it put back", b)
		}
	})
}

// TestCov75LayerBounds: with the layer, a protected directory holding
// more entries than the plan looks through for hard links, or a hooks
// directory with more hooks than it follows, refuses a strict run before
// the command starts; the neighbour within the bounds runs and cannot
// write there.
func TestCov75LayerBounds(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	for _, tt := range []struct {
		name, dir string
		n         int
		want      string
	}{
		{"a protected directory", ".claude", maxEntriesChecked + 1, "more than 256 entries"},
		{"a hooks directory", ".git/hooks", maxHookEntries + 1, "more than 64 hooks"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := testRoot(t)
			os.MkdirAll(filepath.Join(root, ".git"), 0o755)
			os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
			cov75Files(t, filepath.Join(root, tt.dir), tt.n, 1)
			status, _, err := cov75Run(t, root, "touch marker", false, false, nil)
			cov75Refused(t, root, status, err, tt.want)

			near := testRoot(t)
			os.MkdirAll(filepath.Join(near, ".git"), 0o755)
			os.WriteFile(filepath.Join(near, ".git/config"), []byte("[core]\n"), 0o644)
			cov75Files(t, filepath.Join(near, tt.dir), 3, 1)
			status, _, err = cov75Run(t, near, "touch marker; echo planted > "+tt.dir+"/0 || exit 7", false, false, nil)
			if status != 7 || err != nil {
				t.Errorf("neighbour: Run = %d, %v; want 7, the write to %s/0 refused", status, err, tt.dir)
			}
			if !cov75Ran(near) {
				t.Error("neighbour: the command did not run")
			}
			if b, _ := os.ReadFile(filepath.Join(near, tt.dir, "0")); string(b) != "x" {
				t.Errorf("neighbour: %s/0 is %q after the run", tt.dir, b)
			}
		})
	}
}

// TestCov75GrantThroughPlantedLink: a grant that does not exist and whose
// path goes through a symbolic link in the root (a command of an earlier
// run could have made it, pointing anywhere) refuses a strict run when
// required, and is left out when optional: the command cannot make what
// the link points to. The neighbour, a link in the root to a directory
// that exists, grants that directory and nothing beside it.
func TestCov75GrantThroughPlantedLink(t *testing.T) {
	requireSandbox(t)
	root, outside := testRoot(t), testRoot(t)
	os.Symlink(filepath.Join(outside, "missing"), filepath.Join(root, "lnk"))
	grant := func(optional bool) func(Policy) Policy {
		return func(p Policy) Policy {
			return p.WithGrant(Grant{Path: filepath.Join(root, "lnk"), Access: Read | Write, Optional: optional})
		}
	}
	status, _, err := cov75Run(t, root, "touch marker", false, false, grant(false))
	if status != 125 || err == nil || !strings.Contains(err.Error(), "goes through a symbolic link") {
		t.Errorf("required: Run = %d, %v; want 125, refused for the link", status, err)
	}
	if cov75Ran(root) {
		t.Error("required: the command ran")
	}
	for _, unlayered := range []bool{false, true} {
		status, _, err = cov75Run(t, root, "touch marker; mkdir "+outside+"/missing || exit 7", unlayered, false, grant(true))
		if status != 7 || err != nil {
			t.Errorf("optional (unlayered %v): Run = %d, %v; want 7, the mkdir refused", unlayered, status, err)
		}
		if _, err := os.Stat(filepath.Join(outside, "missing")); err == nil {
			t.Errorf("optional (unlayered %v): the command made what the link points to", unlayered)
		}
	}
	// The neighbours: a link in the root to a directory that exists is
	// refused all the same (it may be an earlier command's), and the
	// directory granted by its own path is written, nothing beside it.
	os.Mkdir(filepath.Join(outside, "there"), 0o755)
	os.Symlink(filepath.Join(outside, "there"), filepath.Join(root, "lnk2"))
	status, _, err = cov75Run(t, root, "true", false, false, func(p Policy) Policy {
		return p.WithGrant(Grant{Path: filepath.Join(root, "lnk2"), Access: Read | Write})
	})
	if status != 125 || err == nil || !strings.Contains(err.Error(), "grant that path itself") {
		t.Errorf("a link to a directory that exists: Run = %d, %v; want 125", status, err)
	}
	status, _, err = cov75Run(t, root, "echo ok > "+outside+"/there/f && { echo no > "+outside+"/beside || exit 7; }", false, false, func(p Policy) Policy {
		return p.WithGrant(Grant{Path: filepath.Join(outside, "there"), Access: Read | Write})
	})
	if status != 7 || err != nil {
		t.Errorf("the directory granted by its path: Run = %d, %v; want 7, the write there granted and the one beside refused", status, err)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "there/f")); string(b) != "ok\n" {
		t.Errorf("the directory granted by its path: %q written there, want ok", b)
	}
}

// TestCov75DenyReadTooLargeToCheck: a denied directory holding more
// entries than the plan looks through for hard links to files outside it
// refuses the run, strict or not: a link to one of its files could be
// read beside it. The neighbour, a small denied directory, runs and its
// file stays unreadable.
func TestCov75DenyReadTooLargeToCheck(t *testing.T) {
	requireSandbox(t)
	root := testRoot(t)
	cov75Files(t, filepath.Join(root, "big"), maxLinkCheck+1, 0)
	cov75Files(t, filepath.Join(root, "small"), 3, 1)
	os.Mkdir(filepath.Join(root, "w"), 0o755) // new entries beside a denied one are refused
	for _, bestEffort := range []bool{false, true} {
		status, _, err := cov75Run(t, root, "touch w/marker", false, bestEffort, func(p Policy) Policy { return p.WithDenyRead(filepath.Join(root, "big")) })
		if status != 125 || err == nil || !strings.Contains(err.Error(), "too many to check for hard links") {
			t.Errorf("best effort %v: Run = %d, %v; want 125, refused as too large to check", bestEffort, status, err)
		}
		if cov75Ran(filepath.Join(root, "w")) {
			t.Errorf("best effort %v: the command ran", bestEffort)
		}
	}
	status, _, err := cov75Run(t, root, "touch w/marker; cat small/0 || exit 7", false, false, func(p Policy) Policy { return p.WithDenyRead(filepath.Join(root, "small")) })
	if status != 7 || err != nil {
		t.Errorf("neighbour: Run = %d, %v; want 7, the denied file unreadable", status, err)
	}
	if !cov75Ran(filepath.Join(root, "w")) {
		t.Error("neighbour: the command did not run")
	}
}

// TestCov75WorktreeConfigIncludes: a linked worktree's config.worktree
// (extensions.worktreeConfig) that includes a file in the root has git,
// run in that worktree outside the sandbox, read it: the file is
// protected as a git config, read-only under the layer and put back
// without it. The neighbour, a file beside it that nothing includes,
// stays writable.
func TestCov75WorktreeConfigIncludes(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	root, tree := testRoot(t), testRoot(t)
	entry := filepath.Join(root, ".git/worktrees/w")
	os.MkdirAll(entry, 0o755)
	for p, s := range map[string]string{
		".git/config":                      "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n",
		".git/HEAD":                        "ref: refs/heads/main\n",
		".git/worktrees/w/commondir":       "../..\n",
		".git/worktrees/w/HEAD":            "ref: refs/heads/w\n",
		".git/worktrees/w/gitdir":          tree + "/.git\n",
		".git/worktrees/w/config.worktree": "[include]\n\tpath = " + root + "/inc.cfg\n",
		".git/config.worktree":             "",
		"inc.cfg":                          "[user]\n\tname = u\n",
		"other.cfg":                        "[user]\n\tname = u\n",
	} {
		if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(tree, ".git"), []byte("gitdir: "+entry+"\n"), 0o644)
	const attack = `printf '[core]\n\tfsmonitor = touch pwned\n' > inc.cfg || exit 7`
	status, _, err := cov75Run(t, root, attack, false, false, nil)
	if status != 7 || err != nil {
		t.Errorf("layer: Run = %d, %v; want 7, the write to the included file refused", status, err)
	}
	status, _, err = cov75Run(t, root, attack, true, false, nil)
	if status != 125 || err == nil || !strings.Contains(err.Error(), "inc.cfg") {
		t.Errorf("without the layer: Run = %d, %v; want 125 naming inc.cfg, put back", status, err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "inc.cfg")); !strings.Contains(string(b), "name = u") || strings.Contains(string(b), "fsmonitor") {
		t.Errorf("inc.cfg after the runs: %q, want it as it was", b)
	}
	for _, unlayered := range []bool{false, true} {
		status, _, err = cov75Run(t, root, `echo x >> other.cfg`, unlayered, false, nil)
		if status != 0 || err != nil {
			t.Errorf("neighbour (unlayered %v): Run = %d, %v; want 0, a file nothing includes written", unlayered, status, err)
		}
	}
}

// TestCov75GitmodulesBounds: a .gitmodules naming more submodules than
// the plan protects, or larger than it reads, refuses a strict run (a
// submodule left out would keep its git directory's config and hooks
// writable); the neighbour, one submodule checked out, runs with its
// git directory's config read-only.
func TestCov75GitmodulesBounds(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	repo := func() string {
		root := testRoot(t)
		os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
		os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
		return root
	}
	modules := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("[submodule \"s" + strconv.Itoa(i) + "\"]\n\tpath = s" + strconv.Itoa(i) + "\n\turl = ./x\n")
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, gitmodules, want string
	}{
		{"too many submodules", modules(maxGitDirs + 1), "more than 256 submodules"},
		{"too large to read", modules(1) + "#" + strings.Repeat("x", maxConfigSize) + "\n", "too large to read for the submodules' paths"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := repo()
			os.WriteFile(filepath.Join(root, ".gitmodules"), []byte(tt.gitmodules), 0o644)
			status, _, err := cov75Run(t, root, "touch marker", false, false, nil)
			cov75Refused(t, root, status, err, tt.want)
		})
	}
	t.Run("neighbour", func(t *testing.T) {
		root := repo()
		os.WriteFile(filepath.Join(root, ".gitmodules"), []byte(modules(1)), 0o644)
		os.MkdirAll(filepath.Join(root, "s0/.git/hooks"), 0o755)
		os.WriteFile(filepath.Join(root, "s0/.git/config"), []byte("[core]\n"), 0o644)
		status, _, err := cov75Run(t, root, `touch marker; printf '[core]\n\tfsmonitor = touch pwned\n' >> s0/.git/config || exit 7`, false, false, nil)
		if status != 7 || err != nil {
			t.Errorf("Run = %d, %v; want 7, the submodule's config read-only", status, err)
		}
		if !cov75Ran(root) {
			t.Error("the command did not run")
		}
	})
}

// TestCov75UnlayeredDotGitRemoved: without the layer a command that
// removes the repository's .git and makes one of its own with a hook
// has the run fail after it, saying the repository is gone, and its .git
// moved aside: git outside the sandbox never runs the hook. The neighbour, a command that moves .git within the
// root, has it put back by its identity; one that leaves it runs clean.
func TestCov75UnlayeredDotGitRemoved(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	repo := func() string {
		root := testRoot(t)
		os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
		os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\tbare = false\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".git/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
		return root
	}
	const plant = `mkdir -p .git/hooks && printf '#!/bin/sh\ntouch pwned\n' > .git/hooks/pre-commit && printf '[core]\n\tfsmonitor = touch pwned\n' > .git/config`
	root := repo()
	status, _, err := cov75Run(t, root, "rm -rf .git && "+plant, true, false, nil)
	if status != 125 || err == nil || !strings.Contains(err.Error(), "the repository was not found in the root") {
		t.Errorf("removed and replaced: Run = %d, %v; want 125 saying the repository was not found", status, err)
	}
	// Nothing of the command's is where git looks: its .git went aside
	// whole (the recorded files are not made again without their
	// directory: the run says to look).
	if b, err := os.ReadFile(filepath.Join(root, ".git/config")); err == nil && strings.Contains(string(b), "fsmonitor") {
		t.Errorf(".git/config after the run is the command's: %q", b)
	}
	if _, err := os.Stat(filepath.Join(root, ".git/hooks/pre-commit")); err == nil {
		t.Error("the command's hook is in .git/hooks after the run")
	}
	if _, err := os.Stat(filepath.Join(root, ".git.mewsandbox-planted/hooks/pre-commit")); err != nil {
		t.Errorf("the command's .git is not where the run said it moved it: %v", err)
	}

	root = repo()
	status, _, err = cov75Run(t, root, "mkdir -p deep/er && mv .git deep/er/g && "+plant, true, false, nil)
	if status != 125 || err == nil || !strings.Contains(err.Error(), "put back as .git") {
		t.Errorf("moved within the root: Run = %d, %v; want 125 saying it was put back", status, err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, ".git/HEAD")); string(b) != "ref: refs/heads/main\n" {
		t.Errorf("moved within the root: .git/HEAD after the run: %q, want the repository's own", b)
	}

	root = repo()
	if status, _, err := cov75Run(t, root, "echo x > f", true, false, nil); status != 0 || err != nil {
		t.Errorf("neighbour leaving .git: Run = %d, %v; want 0", status, err)
	}
}

// cov75Pair returns a unix stream pair, the receiving end with
// SO_PASSCRED on (a peek then stops where the writer changes), closed
// after the test.
func cov75Pair(t *testing.T) (recv, send *os.File) {
	t.Helper()
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.SetsockoptInt(fds[0], unix.SOL_SOCKET, unix.SO_PASSCRED, 1); err != nil {
		t.Fatal(err)
	}
	recv, send = os.NewFile(uintptr(fds[0]), "recv"), os.NewFile(uintptr(fds[1]), "send")
	t.Cleanup(func() { recv.Close(); send.Close() })
	return recv, send
}

// TestCov75InheritedSocketQueueHidesRights: a unix socket given as stdin
// with data queued by two writers, the second sending a descriptor, is
// refused: the runner's peek stops where the writer changes and cannot
// see the descriptor, which the command would receive and use past the
// sandbox; so is one with more queued than the runner looks through. The
// neighbour, one writer's data alone, is handed over and read.
func TestCov75InheritedSocketQueueHidesRights(t *testing.T) {
	requireSandbox(t)
	root := testRoot(t)
	run := func(stdin *os.File, script string) (int, error) {
		c := sh(root, script)
		c.Policy.BestEffort = false
		c.Stdin, c.Stdout, c.Stderr = stdin, io.Discard, io.Discard
		return c.Run(context.Background())
	}

	recv, send := cov75Pair(t)
	first := osexec.Command("sh", "-c", "printf first >&3")
	first.ExtraFiles = []*os.File{send}
	if err := first.Run(); err != nil {
		t.Fatal(err)
	}
	dir, err := os.Open(t.TempDir()) // a directory on the host's mounts
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	if err := unix.Sendmsg(int(send.Fd()), []byte("second"), unix.UnixRights(int(dir.Fd())), nil, 0); err != nil {
		t.Fatal(err)
	}
	status, err := run(recv, "touch marker")
	if status != 125 || err == nil || !strings.Contains(err.Error(), "could not look through whole") {
		t.Errorf("two writers, a descriptor behind the first's data: Run = %d, %v; want 125", status, err)
	}
	if cov75Ran(root) {
		t.Error("two writers: the command ran")
	}

	recv, send = cov75Pair(t)
	big := bytes.Repeat([]byte("x"), maxPeek+4096)
	unix.SetsockoptInt(int(send.Fd()), unix.SOL_SOCKET, unix.SO_SNDBUFFORCE, 4*len(big))
	unix.SetNonblock(int(send.Fd()), true)
	n, _ := unix.Write(int(send.Fd()), big)
	if queued, _ := unix.IoctlGetInt(int(recv.Fd()), unix.SIOCINQ); queued > maxPeek {
		status, err = run(recv, "touch marker")
		if status != 125 || err == nil || !strings.Contains(err.Error(), "more data queued than the runner looks through") {
			t.Errorf("%d bytes queued: Run = %d, %v; want 125", queued, status, err)
		}
		if cov75Ran(root) {
			t.Error("past maxPeek: the command ran")
		}
	} else {
		t.Logf("only %d of %d bytes queue here (SO_SNDBUFFORCE needs CAP_NET_ADMIN): the bound is not tried", queued, n)
	}

	recv, send = cov75Pair(t)
	if _, err := send.Write([]byte("alone")); err != nil {
		t.Fatal(err)
	}
	if status, err := run(recv, `test "$(head -c 5)" = alone`); status != 0 || err != nil {
		t.Errorf("neighbour, one writer's data: Run = %d, %v; want 0, read", status, err)
	}
}

// TestCov75WayOwnerPutBack: a command kept CAP_CHOWN that gives the root
// (a directory on the way to what the layer protects) to another user
// and makes it writable by all, who could then replace .git, has the
// owner, group and mode put back after the run, which fails saying so;
// the neighbour, a command that takes a write bit off, is let be.
func TestCov75WayOwnerPutBack(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	if os.Geteuid() != 0 {
		t.Skip("giving a directory to another user needs root")
	}
	for _, unlayered := range []bool{false, true} {
		root := testRoot(t)
		os.Chmod(root, 0o755)
		os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
		os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
		keep := func(p Policy) Policy { p.KeepCaps = []string{"CAP_CHOWN"}; return p }
		status, _, err := cov75Run(t, root, "chown 65534:65534 . && chmod 777 .", unlayered, false, keep)
		if status != 125 || err == nil || !strings.Contains(err.Error(), "gave it to user 65534") {
			t.Errorf("unlayered %v: Run = %d, %v; want 125 saying the root was given away", unlayered, status, err)
		}
		var st unix.Stat_t
		if err := unix.Stat(root, &st); err != nil || st.Uid != 0 || st.Gid != 0 || st.Mode&0o022 != 0 {
			t.Errorf("unlayered %v: the root after the run: %d:%d %#o, %v; want 0:0, writable by its owner only", unlayered, st.Uid, st.Gid, st.Mode&0o7777, err)
		}
		status, _, err = cov75Run(t, root, "chmod 555 .", unlayered, false, keep)
		unix.Stat(root, &st)
		if status != 0 || err != nil || st.Mode&0o777 != 0o555 {
			t.Errorf("unlayered %v, neighbour chmod 555: Run = %d, %v, mode %#o; want 0 and the mode let be", unlayered, status, err, st.Mode&0o777)
		}
		os.Chmod(root, 0o755)
	}
}

// TestCov75SubmoduleCommondirNotAFile: a submodule's git directory whose
// commondir is a FIFO (git would wait at it, or a command could swap
// what it names) refuses a strict run: the plan cannot tell whose config
// and hooks git takes there. The neighbour, the same submodule without a
// commondir, runs with its config read-only.
func TestCov75SubmoduleCommondirNotAFile(t *testing.T) {
	requireSandbox(t)
	noUserConfig(t)
	for _, fifo := range []bool{true, false} {
		root := testRoot(t)
		os.MkdirAll(filepath.Join(root, ".git/hooks"), 0o755)
		os.MkdirAll(filepath.Join(root, ".git/modules/s0/hooks"), 0o755)
		os.MkdirAll(filepath.Join(root, "s0"), 0o755)
		os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".gitmodules"), []byte("[submodule \"s0\"]\n\tpath = s0\n\turl = ./x\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".git/modules/s0/config"), []byte("[core]\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".git/modules/s0/HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
		os.WriteFile(filepath.Join(root, "s0/.git"), []byte("gitdir: ../.git/modules/s0\n"), 0o644)
		if fifo {
			if err := unix.Mkfifo(filepath.Join(root, ".git/modules/s0/commondir"), 0o644); err != nil {
				t.Fatal(err)
			}
			status, _, err := cov75Run(t, root, "touch marker", false, false, nil)
			cov75Refused(t, root, status, err, "commondir (not a regular file)")
			continue
		}
		status, _, err := cov75Run(t, root, `touch marker; echo '[core]' >> .git/modules/s0/config || exit 7`, false, false, nil)
		if status != 7 || err != nil {
			t.Errorf("neighbour without a commondir: Run = %d, %v; want 7, the submodule's config read-only", status, err)
		}
		if !cov75Ran(root) {
			t.Error("neighbour: the command did not run")
		}
	}
}
