package exec

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// configWatch notices a command trying to write a git config the layer
// keeps read-only. git writes its config as config.lock beside it, then
// renames that over the config: the rename onto the read-only bind fails
// with EBUSY, and git says only "could not write config file …: Device or
// resource busy". An inotify watch on the git directory, taken before the
// command runs, sees config.lock made there (the watch is on the
// directory's inode, so it sees what is made through the sandbox's own
// mount of it). It decides nothing: it only lets the run say afterwards
// what the flag is.
type configWatch struct {
	fd     int
	config string
}

// watchConfig watches for config's lock file, or returns nil where there
// is no such config or inotify is refused (the run is then only quieter).
func watchConfig(config string) *configWatch {
	if config == "" {
		return nil
	}
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	if _, err := unix.InotifyAddWatch(fd, filepath.Dir(config), unix.IN_CREATE|unix.IN_ONLYDIR|unix.IN_DONT_FOLLOW); err != nil {
		unix.Close(fd)
		return nil
	}
	return &configWatch{fd: fd, config: config}
}

// tried says whether config's lock file was made since the watch began.
// Events past the kernel's queue are lost (a run that made thousands of
// files in the git directory): then it may say no.
func (w *configWatch) tried() bool {
	if w == nil || w.fd < 0 {
		return false
	}
	lock := []byte(filepath.Base(w.config) + ".lock")
	buf := make([]byte, 4096) // events of up to NAME_MAX bytes each; more reads for more
	for {
		n, err := unix.Read(w.fd, buf)
		if err != nil || n <= 0 {
			return false
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			// struct inotify_event: wd, mask, cookie, len, then the name.
			mask := binary.NativeEndian.Uint32(buf[off+4:])
			end := off + unix.SizeofInotifyEvent + int(binary.NativeEndian.Uint32(buf[off+12:]))
			if end > n {
				break
			}
			name := bytes.TrimRight(buf[off+unix.SizeofInotifyEvent:end], "\x00")
			if mask&unix.IN_CREATE != 0 && bytes.Equal(name, lock) {
				return true
			}
			off = end
		}
	}
}

func (w *configWatch) close() {
	if w != nil && w.fd >= 0 {
		unix.Close(w.fd)
		w.fd = -1
	}
}

// configMessage says what a command that tried to write config can do.
func configMessage(config string) string {
	return fmt.Sprintf("mewsandbox: the command tried to write %s, which the namespace layer keeps read-only (git says \"Device or resource busy\"): --allow-git-config lets it write the config (the hooks stay read-only)", config)
}
