package exec

import (
	"os"
	"os/user"
	"path/filepath"
)

// UserHome is the user's home directory: $HOME when it is an absolute
// path, else the user database's; "" when neither says. With HOME unset
// (env -i, a service) it had been "": a run in the home directory made all
// of it the writable root, the user's settings (deny rules and all) went
// unread, and --allow-unix-sockets left the home directory's sockets
// (ssh's and gpg's agents) in reach.
func UserHome() string {
	if home := os.Getenv("HOME"); filepath.IsAbs(home) {
		return home
	}
	if u, err := user.Current(); err == nil && filepath.IsAbs(u.HomeDir) {
		return u.HomeDir
	}
	return ""
}
