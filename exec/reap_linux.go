//go:build linux

package exec

import (
	"bufio"
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Stragglers. A command's descendants may outlive it: `sleep 100 &` stays
// in the command's process group, which the runner kills, but `setsid sleep
// 100 &` leaves it, and once its parent exits the kernel would hand it to
// init, out of the runner's reach. So while a run is in progress the runner
// process is a child subreaper (PR_SET_CHILD_SUBREAPER): orphaned
// descendants of its commands become its own children, and when a command
// exits the runner kills and reaps every one that belongs to it, with their
// descendants.
//
// A process may hold several runs at once (a library user, the tests) and
// children of its own that are none of them, so an orphan is only taken
// when it is sandboxed (it has no_new_privs, or more seccomp filters, where
// the runner has not) and either stays in the ended command's session or
// no other run is in progress. An orphan that left its session while
// another run is still going cannot be told apart from that run's: it is
// killed when the last run of the process ends. Orphans are never reaped
// when they are not ours, so os/exec's Wait keeps working for the
// program's own children.
//
// The common path costs one read of a small /proc file: the scan starts
// only when the runner's main thread, which receives orphans, has a child
// left.
var reaper struct {
	mu     sync.Mutex
	runs   int          // runs in progress
	active map[int]bool // their sandbox children (and command) pids
	// wasSubreaper: the program made itself a subreaper; leave it so.
	wasSubreaper bool
	self         *procInfo // the runner's own no_new_privs and filter count, read when first needed
	// children is the runner's main thread's children file, opened when
	// the first run enters (haveChildren false if it cannot be): opening it is most of
	// what a first look costs (35 µs, then 1 µs a read; 0.16 ms in a run,
	// measured, at the end of the run), and each read is fresh. A bare
	// descriptor: an *os.File would try the runtime's poller with it,
	// and fail, at every run's start.
	children     int
	haveChildren bool
	// helpers are the runner's own release helpers (placeholders'
	// handToHelper) not yet reaped: children of the runner's main thread
	// that outlive a run and are never sandboxed, so killOrphans would
	// read their /proc files (and the runner's) at each run's end only to
	// leave them be. A pid stays here only while its process is unreaped
	// (reaperHelperGone comes before the reap), so it cannot name another.
	helpers map[int]bool
}

// reapGrace bounds how long the runner waits for killed stragglers to die.
const reapGrace = 2 * time.Second

// reaperEnter registers a run about to start its child and makes the
// process a subreaper if it is not one yet.
func reaperEnter() {
	reaper.mu.Lock()
	defer reaper.mu.Unlock()
	if reaper.runs == 0 {
		reaper.active = map[int]bool{}
		var v int32
		_ = unix.Prctl(unix.PR_GET_CHILD_SUBREAPER, uintptr(unsafe.Pointer(&v)), 0, 0, 0)
		reaper.wasSubreaper = v != 0
		if !reaper.wasSubreaper {
			_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
		}
		reaper.self = nil
		pid := strconv.Itoa(os.Getpid())
		fd, err := unix.Open("/proc/"+pid+"/task/"+pid+"/children", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		reaper.children, reaper.haveChildren = fd, err == nil
	}
	reaper.runs++
}

// reaperStarted records the run's child.
func reaperStarted(pid int) {
	reaper.mu.Lock()
	reaper.active[pid] = true
	reaper.mu.Unlock()
}

// reaperExit ends a run whose child pid (0 if it never started) has exited
// but is not reaped yet: it kills and reaps the run's orphaned stragglers,
// and when no run is left, every sandboxed orphan, then stops being a
// subreaper.
func reaperExit(pid int, session bool) {
	reaper.mu.Lock()
	defer reaper.mu.Unlock()
	delete(reaper.active, pid)
	reaper.runs--
	last := reaper.runs == 0
	killOrphans(pid, session, last)
	if last && !reaper.wasSubreaper {
		_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
	}
	if last && reaper.haveChildren {
		unix.Close(reaper.children)
		reaper.haveChildren = false
	}
}

// reaperHelper records pid, a release helper the runner started (not
// sandboxed: started by the runner as it is), and not reaped yet.
func reaperHelper(pid int) {
	reaper.mu.Lock()
	if reaper.helpers == nil {
		reaper.helpers = map[int]bool{}
	}
	reaper.helpers[pid] = true
	reaper.mu.Unlock()
}

// reaperHelperGone forgets release helper pid: called before it is reaped,
// after which its pid may name another process.
func reaperHelperGone(pid int) {
	reaper.mu.Lock()
	delete(reaper.helpers, pid)
	reaper.mu.Unlock()
}

// mainChildren lists the children of the runner's main thread, which
// orphans are handed to, through reaper.children when it is open; ok is
// false where the kernel has no children files. Called with reaper.mu
// held.
func mainChildren(self int) (kids []int, ok bool) {
	if !reaper.haveChildren {
		return childrenOf(self, true)
	}
	var buf [4096]byte
	n, err := unix.Pread(reaper.children, buf[:], 0)
	if err != nil || n == len(buf) {
		return childrenOf(self, true) // more than fit: read it all
	}
	return parsePids(buf[:n], nil), true
}

// killOrphans kills and reaps the runner's sandboxed children that belong
// to the run of pid (see reaper); with all, every sandboxed child that is
// not another run's sandbox child. Called with reaper.mu held.
func killOrphans(pid int, session, all bool) {
	self, sharer := os.Getpid(), sharerPid()
	deadline := time.Now().Add(reapGrace)
	killed := map[int]bool{}
	for {
		kids, ok := mainChildren(self)
		if !ok {
			kids = scanChildren(self)
		}
		kids = unknownKids(kids, pid, sharer)
		if len(kids) == 0 {
			return // the common path: one read, nothing left
		}
		if reaper.self == nil {
			info, _ := readProcInfo(self)
			reaper.self = &info
		}
		var mine []int
		for _, k := range kids {
			info, err := readProcInfo(k)
			if err != nil || !info.sandboxedBelow(*reaper.self) {
				continue
			}
			switch {
			case killed[k]: // reparented from a tree killTree killed
			case session && pid > 0 && info.sid == pid:
			case reaper.active[info.sid]:
				continue // another run's
			case !all:
				continue // cannot tell whose: the last run takes it
			}
			mine = append(mine, k)
		}
		if len(mine) == 0 {
			return
		}
		progress := false
		for _, k := range mine {
			if !killed[k] {
				killTree(k, killed)
			}
			var ws unix.WaitStatus
			if wpid, err := unix.Wait4(k, &ws, unix.WNOHANG, nil); wpid == k || err == unix.ECHILD {
				progress = true
			}
		}
		if !progress {
			if time.Now().After(deadline) {
				return // stuck in the kernel (D state): give up, not hang
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// unknownKids drops from kids the runner's children killOrphans knows are
// not stragglers to look at: the runs' children, pid (the run's own child
// is still listed: a zombie until the caller reaps it), the sharer, and
// the release helpers, unreaped, which are not sandboxed (skipping one is
// what reading its status would decide). Called with reaper.mu held.
func unknownKids(kids []int, pid, sharer int) []int {
	return slices.DeleteFunc(kids, func(k int) bool { return reaper.active[k] || k == pid || k == sharer || reaper.helpers[k] })
}

// killTree sends SIGKILL to pid and its descendants, recording them in
// killed. A process forked in between is reparented to the runner and found
// by the next round of killOrphans.
func killTree(pid int, killed map[int]bool) {
	var walk func(p, depth int)
	walk = func(p, depth int) {
		if depth > 64 {
			return
		}
		kids, ok := childrenOf(p, false)
		if !ok {
			kids = scanChildren(p)
		}
		for _, k := range kids {
			_ = unix.Kill(k, unix.SIGKILL)
			killed[k] = true
			walk(k, depth+1)
		}
	}
	_ = unix.Kill(pid, unix.SIGKILL)
	killed[pid] = true
	walk(pid, 0)
}

// childrenOf lists pid's children from /proc/PID/task/TID/children: of the
// main thread only when mainOnly (the kernel hands orphans to a
// subreaper's first live thread, its main thread), else of every thread.
// ok is false when the kernel has no such files (CONFIG_PROC_CHILDREN).
func childrenOf(pid int, mainOnly bool) (kids []int, ok bool) {
	base := "/proc/" + strconv.Itoa(pid) + "/task/"
	tids := []string{strconv.Itoa(pid)}
	if !mainOnly {
		d, err := os.ReadDir(base)
		if err != nil {
			return nil, !os.IsNotExist(err) // gone: no children
		}
		tids = tids[:0]
		for _, e := range d {
			tids = append(tids, e.Name())
		}
	}
	for _, tid := range tids {
		b, err := os.ReadFile(base + tid + "/children")
		if err != nil {
			if os.IsNotExist(err) {
				if _, serr := os.Stat(base + tid); serr == nil {
					return nil, false // the thread is there, the file is not
				}
			}
			continue
		}
		kids = parsePids(b, kids)
	}
	return kids, true
}

// parsePids appends the pids of a children file's text to kids.
func parsePids(b []byte, kids []int) []int {
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			kids = append(kids, n)
		}
	}
	return kids
}

// scanChildren finds pid's children by walking /proc: the fallback when the
// kernel has no children files.
func scanChildren(pid int) []int {
	d, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	for _, e := range d {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, err := readStat(n); err == nil && st.ppid == pid {
			kids = append(kids, n)
		}
	}
	return kids
}

// procInfo is what killOrphans needs to know about a process.
type procInfo struct {
	ppid, sid   int
	start       uint64 // clock ticks after boot
	noNewPrivs  bool
	seccompFilt int
}

// sandboxedBelow reports whether the process carries restrictions the
// runner itself does not: only a sandboxed command's descendants do
// (neither no_new_privs nor a seccomp filter can be dropped).
func (p procInfo) sandboxedBelow(runner procInfo) bool {
	return p.noNewPrivs && !runner.noNewPrivs || p.seccompFilt > runner.seccompFilt
}

func readStat(pid int) (procInfo, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procInfo{}, err
	}
	// pid (comm) state ppid pgrp session …; comm may hold anything.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procInfo{}, os.ErrInvalid
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 {
		return procInfo{}, os.ErrInvalid
	}
	var p procInfo
	p.ppid, _ = strconv.Atoi(f[1])
	p.sid, _ = strconv.Atoi(f[3])
	p.start, _ = strconv.ParseUint(f[19], 10, 64)
	return p, nil
}

func readProcInfo(pid int) (procInfo, error) {
	p, err := readStat(pid)
	if err != nil {
		return p, err
	}
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return p, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "NoNewPrivs":
			p.noNewPrivs = v == "1"
		case "Seccomp_filters":
			p.seccompFilt, _ = strconv.Atoi(v)
		}
	}
	return p, s.Err()
}
