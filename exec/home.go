package exec

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// UserHome is the user's home directory: $HOME when it is an absolute
// path, else /etc/passwd's for the user's uid; "" when neither says. With
// HOME unset (env -i, a service) it had been "": a run in the home
// directory made all of it the writable root, the user's settings (deny
// rules and all) went unread, and --allow-unix-sockets left the home
// directory's sockets (ssh's and gpg's agents) in reach.
func UserHome() string {
	if home := os.Getenv("HOME"); filepath.IsAbs(home) {
		return home
	}
	return passwdHome("/etc/passwd", 2, strconv.Itoa(os.Getuid()))
}

// passwdHome returns the home directory (the sixth field) of the first
// entry of the passwd file at path whose field (0 the name, 2 the uid) is
// value, "" when none is or its home is no absolute path. Not os/user:
// its lookups go through the C library's NSS modules, which a static
// binary loads at run time from whatever machine it runs on, and its
// package costs every run its start.
func passwdHome(path string, field int, value string) string {
	data, err := os.ReadFile(path)
	if err != nil || value == "" {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		f := strings.Split(strings.TrimRight(line, "\n"), ":")
		if len(f) >= 7 && f[field] == value && filepath.IsAbs(f[5]) {
			return f[5]
		}
	}
	return ""
}
