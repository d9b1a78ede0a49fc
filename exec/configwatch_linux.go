package exec

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"slices"

	"golang.org/x/sys/unix"
)

// configWatch notices a command trying to write a git config the layer
// keeps read-only: the root's, its config.worktree (git config --worktree),
// a file they include, a submodule's (git -C sub config, in
// .git/modules/NAME) or a linked worktree's. git writes a config as
// NAME.lock beside it, then renames that over the config: the rename onto
// the read-only bind fails with EBUSY, and git says only "could not write
// config file …: Device or resource busy". An inotify watch on each
// config's directory, taken before the command runs, sees the lock made
// there (the watch is on the directory's inode, so it sees what is made
// through the sandbox's own mount of it); reading a config makes no lock.
// It decides nothing: it only lets the run say afterwards what the flag
// is.
type configWatch struct {
	fd int
	// locks are the lock files watched for, by watch descriptor: each
	// config's name with .lock, and the config.
	locks map[int32]map[string]string
}

// maxConfigWatches bounds the directories watched (a repository with
// hundreds of submodules): past it, writes to the rest go without a word.
const maxConfigWatches = 64

// watchConfig watches for the configs' lock files, or returns nil where
// there are none or inotify is refused (the run is then only quieter).
func watchConfig(configs []string) *configWatch {
	if len(configs) == 0 {
		return nil
	}
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	w := &configWatch{fd: fd, locks: map[int32]map[string]string{}}
	for _, c := range configs {
		wd, err := unix.InotifyAddWatch(fd, filepath.Dir(c), unix.IN_CREATE|unix.IN_ONLYDIR|unix.IN_DONT_FOLLOW)
		if err != nil {
			continue
		}
		if w.locks[int32(wd)] == nil {
			if len(w.locks) == maxConfigWatches {
				unix.InotifyRmWatch(fd, uint32(wd))
				break
			}
			w.locks[int32(wd)] = map[string]string{}
		}
		w.locks[int32(wd)][filepath.Base(c)+".lock"] = c
	}
	if len(w.locks) == 0 {
		unix.Close(fd)
		return nil
	}
	return w
}

// tried returns the configs whose lock file was made since the watch
// began, in the order seen. Events past the kernel's queue are lost (a run
// that made thousands of files in the git directory): then it may miss one.
func (w *configWatch) tried() []string {
	if w == nil || w.fd < 0 {
		return nil
	}
	var out []string
	buf := make([]byte, 4096) // events of up to NAME_MAX bytes each; more reads for more
	for {
		n, err := unix.Read(w.fd, buf)
		if err != nil || n <= 0 {
			return out
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			// struct inotify_event: wd, mask, cookie, len, then the name.
			wd := int32(binary.NativeEndian.Uint32(buf[off:]))
			mask := binary.NativeEndian.Uint32(buf[off+4:])
			end := off + unix.SizeofInotifyEvent + int(binary.NativeEndian.Uint32(buf[off+12:]))
			if end > n {
				break
			}
			name := bytes.TrimRight(buf[off+unix.SizeofInotifyEvent:end], "\x00")
			if c, ok := w.locks[wd][string(name)]; ok && mask&unix.IN_CREATE != 0 && !slices.Contains(out, c) {
				out = append(out, c)
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
// git goes on without some writes (git submodule add exits 0 with the
// submodule's url and active unset, so git submodule update skips it): a
// command that succeeded is told what it left undone, for its exit
// status, the command's own, cannot say it.
func configMessage(config string, succeeded bool) string {
	m := fmt.Sprintf("mewsandbox: the command tried to write %s, which the namespace layer keeps read-only (git says \"Device or resource busy\"): --allow-git-config lets it write the config (the hooks stay read-only)", config)
	if succeeded {
		m += "; the command exited 0 without that write, so what it meant to set there is not set (after git submodule add, run git submodule init outside the sandbox)"
	}
	return m
}
