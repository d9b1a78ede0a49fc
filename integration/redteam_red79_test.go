//go:build linux

package integration

// red79: the namespace issue's guarantees broken from inside. With
// --allow-unix-sockets the layer empties the home directory, where agents
// keep their sockets, but took it from $HOME alone: a run whose HOME named
// another directory (sudo -E, a CI job, a wrapper that sets it, as these
// tests do) left the home the user database gives the uid, and a host
// program's socket there, in reach.

import (
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// red79DatabaseHome is the user database's home directory for the test's
// uid, links resolved; the test skips where there is none to empty (none,
// /, a system directory, or one the layer empties anyway).
func red79DatabaseHome(t *testing.T) string {
	t.Helper()
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		t.Skip("no home directory in the user database")
	}
	home, err := filepath.EvalSymlinks(u.HomeDir)
	if err != nil {
		t.Skipf("the user database's home %s: %v", u.HomeDir, err)
	}
	for _, d := range []string{"/usr", "/bin", "/sbin", "/lib", "/etc", "/opt", "/tmp", "/run", "/var/tmp"} {
		if home == "/" || home == d || strings.HasPrefix(home, d+"/") {
			t.Skipf("the user database's home is %s", home)
		}
	}
	return home
}

// red79Ident is the device and inode of path as the host sees it.
func red79Ident(t *testing.T, path string) string {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d:%d", st.Dev, st.Ino)
}

// TestDatabaseHomeHiddenRed79: run with HOME set to another directory and
// --allow-unix-sockets, the command saw the host's home directory of its
// uid (as root, /root) and connected to a host program's socket there
// (python's socket.connect("/root/x.sock") got the host's answer). Now,
// under the layer, the user database's home is an empty file system of
// the sandbox's own, as $HOME's is. The neighbour: without
// --allow-unix-sockets (no pathname socket can be made) it stays the
// host's, as before.
func TestDatabaseHomeHiddenRed79(t *testing.T) {
	requireNamespaces(t)
	home := red79DatabaseHome(t)
	host := red79Ident(t, home)
	b := newGitBox(t)
	if b.home == home {
		t.Skip("the box's HOME is the user database's")
	}
	for _, tc := range []struct {
		flags  []string
		hidden bool
	}{
		{[]string{"--allow-unix-sockets"}, true},
		{nil, false},
	} {
		r := b.sh(`stat -L -c %d:%i '`+home+`'`+"\n", tc.flags...)
		got := strings.TrimSpace(r.stdout)
		if r.code != 0 || got == "" {
			t.Fatalf("%v: stat %s in the sandbox: exit %d\nstdout: %s\nstderr: %s", tc.flags, home, r.code, r.stdout, r.stderr)
		}
		if hidden := got != host; hidden != tc.hidden {
			t.Errorf("%v, HOME=%s: the user database's home %s in the sandbox is %s, the host's %s: hidden %v, want %v\nstderr: %s",
				tc.flags, b.home, home, got, host, hidden, tc.hidden, r.stderr)
		}
	}
	if _, err := os.Stat(home); err != nil {
		t.Errorf("the host's %s after the run: %v", home, err)
	}
}
