//go:build linux

package exec

import (
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"testing"
)

// TestHiddenDirsHomeUnset: with --allow-unix-sockets the layer empties the
// home directory (ssh's and gpg's agents' sockets); with HOME unset it
// emptied "" instead, and the sockets stayed in reach. The home directory
// is then the user database's.
func TestHiddenDirsHomeUnset(t *testing.T) {
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		t.Skip("no home directory in the user database")
	}
	t.Setenv("HOME", "")
	var p Policy
	p.Network.UnixSockets = true
	if dirs := hiddenDirs(p); !slices.Contains(dirs, u.HomeDir) {
		t.Errorf("HOME unset, --allow-unix-sockets: hidden %q, want %s among them", dirs, u.HomeDir)
	}
}

// TestPasswdHome: the home directory of a uid or a name, from a passwd
// file's sixth field; none for one not there, a relative one, or a short
// line.
func TestPasswdHome(t *testing.T) {
	path := filepath.Join(t.TempDir(), "passwd")
	passwd := "root:x:0:0:root:/root:/bin/bash\n# a comment\nshort:x:5\nrel:x:7:7::home/rel:/bin/sh\nme:x:1000:1000:Me,,,:/home/me:/bin/zsh\n"
	if err := os.WriteFile(path, []byte(passwd), 0o644); err != nil {
		t.Fatal(err)
	}
	for uid, want := range map[string]string{"0": "/root", "1000": "/home/me", "5": "", "7": "", "42": "", "": ""} {
		if got := passwdHome(path, 2, uid); got != want {
			t.Errorf("uid %q: %q, want %q", uid, got, want)
		}
	}
	if got := passwdHome(path, 0, "me"); got != "/home/me" {
		t.Errorf("by name: %q", got)
	}
	if got := passwdHome(filepath.Join(t.TempDir(), "none"), 2, "0"); got != "" {
		t.Errorf("no passwd file: %q", got)
	}
}

// TestHiddenDirsDatabaseHome: with --allow-unix-sockets and HOME naming
// another directory (sudo -E, a CI job), the layer emptied that one only,
// and a red team's command reached a host program's socket in the user
// database's home (/root). Both are emptied now; without the flag neither
// is, as before.
func TestHiddenDirsDatabaseHome(t *testing.T) {
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) || u.HomeDir == "/" || slices.ContainsFunc(systemReadExec, func(d string) bool { return within(u.HomeDir, d) }) {
		t.Skip("no home directory in the user database that the layer empties")
	}
	other := t.TempDir()
	t.Setenv("HOME", other)
	var p Policy
	p.Network.UnixSockets = true
	if dirs := hiddenDirs(p); !slices.Contains(dirs, u.HomeDir) || !slices.Contains(dirs, other) {
		t.Errorf("HOME=%s, --allow-unix-sockets: hidden %q, want %s and %s among them", other, dirs, other, u.HomeDir)
	}
	if dirs := hiddenDirs(Policy{}); slices.Contains(dirs, u.HomeDir) || slices.Contains(dirs, other) {
		t.Errorf("HOME=%s, no unix sockets: hidden %q, want neither home", other, dirs)
	}
}
