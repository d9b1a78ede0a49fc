//go:build linux

package exec

import (
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
