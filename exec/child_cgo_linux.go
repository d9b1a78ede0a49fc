//go:build linux && cgo

package exec

// The sandbox child runs before the C library starts (child_linux.c): no
// stack protector, which needs thread-local storage (the file itself keeps
// the compiler from turning loops into calls to the library's string
// functions; TestChildIsFreestanding checks both).

// #cgo CFLAGS: -fno-stack-protector
// #include <stdlib.h>
// #include "child_linux.h"
import "C"

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/seccomp"
)

// testKillStragglers is tests' way into the sharer's kill_stragglers
// (child_linux.c), on the calling thread, which must be a child subreaper
// locked to its goroutine: it kills and reaps that thread's descendants
// for up to forMS, pausing once on the descriptor pause (if not -1)
// between its first look and the kills; withoutPidfd has it kill as on a
// kernel without pidfds. It returns whether pidfds were missing.
func testKillStragglers(pause, forMS int, withoutPidfd bool) (bool, error) {
	without := 0
	if withoutPidfd {
		without = 1
	}
	r := C.mews_test_kill_stragglers(C.int(pause), C.int(forMS), C.int(without))
	if r < 0 {
		return false, syscall.Errno(-r)
	}
	return r != 0, nil
}

// haveChild says this build has the sandbox child (child_linux.c).
const haveChild = true

// takePrefork returns the sandbox child the CLI's entry point or
// constructor started for this run (child_linux.c's maybe_prefork), once: its pid, or
// 0, and the runner's ends of its spec socket and status pipe.
func takePrefork() (pid int, spec, status *os.File) {
	var sp, st C.int
	p := C.mews_take_prefork(&sp, &st)
	if p <= 0 {
		return 0, nil, nil
	}
	// Non-blocking, the spec socket's reads (listen) park in the poller:
	// one blocked in read would keep a processor and a thread.
	unix.SetNonblock(int(sp), true)
	return int(p), os.NewFile(uintptr(sp), "spec"), os.NewFile(uintptr(st), "status")
}

// OpenAtStart says whether descriptor fd, named by a --pass-fd flag of
// "mewsandbox run", was open when the process started, before the Go
// runtime opened descriptors of its own (the cgroup files it reads for
// GOMAXPROCS, kept open at the lowest free numbers); known is false where
// nothing looked (another command, a number not among the flags).
func OpenAtStart(fd int) (open, known bool) {
	switch C.mews_fd_open_at_start(C.int(fd)) {
	case 1:
		return true, true
	case 0:
		return false, true
	}
	return false, false
}

// preforked says whether the CLI's entry point or constructor started a
// sandbox child for this run, not taken yet.
func preforked() bool { return C.mews_prefork_pending() != 0 }

// preforkWait waits for the pre-forked child to end and returns how: the
// process sharing the runner's memory forked it, and reaps it once the
// runner is gone (child_linux.c's sharer).
func preforkWait() syscall.WaitStatus { return syscall.WaitStatus(C.mews_prefork_wait()) }

// preforkNamespaced says whether the pre-forked child started in a mount
// and a pid namespace, not as a plain fork (--no-namespaces).
func preforkNamespaced() bool { return C.mews_prefork_namespaced() != 0 }

// premadeTmp returns the private temp dir the CLI's entry point or
// constructor made for a --no-namespaces run (child_linux.c's make_tmp), once, or ""
// if there is none. The caller removes it.
func premadeTmp() string {
	var p *C.char
	if C.mews_take_tmp(&p) == 0 {
		return ""
	}
	return C.GoString(p)
}

// preforkUndumpable says whether the sharer made the runner's memory
// undumpable for a child that shares it, and whether the memory was
// dumpable before (child_linux.c's sharer).
func preforkUndumpable() (undumpable, wasDumpable bool) {
	u := C.mews_prefork_undumpable()
	return u != 0, u == 1
}

// preforkEnded says whether the pre-forked child has ended.
func preforkEnded() bool { return C.mews_prefork_ended() != 0 }

// sharerSettled waits until the process sharing the runner's memory, if
// there is one, has closed its copies of the runner's descriptors.
func sharerSettled() { C.mews_sharer_settled() }

// oomRunner puts the runner and the process sharing its memory after the
// command's processes for the out-of-memory killer, once the command has
// been execve'd (child_linux.c's mews_oom_runner).
func oomRunner() { C.mews_oom_runner() }

// sharerAfterKilled hands the process sharing the runner's memory the
// arguments of the process it is to start once the runner is gone should
// the runner be killed before it has looked for planted commondirs and
// changed ways itself (afterKilledArgs; child_linux.c's after_killed);
// nil once it has. False where they do not fit (nothing is handed then).
func sharerAfterKilled(args []string) bool {
	var b []byte
	for _, a := range args {
		b = append(append(b, a...), 0)
	}
	if len(b) == 0 {
		return C.mews_sharer_after_killed(nil, 0) == 0
	}
	return C.mews_sharer_after_killed((*C.char)(unsafe.Pointer(&b[0])), C.long(len(b))) == 0
}

// snapshotHanded is the encoding sharerSnapshot last handed, pinned
// while the sharer may read it.
var snapshotHanded struct {
	sync.Mutex
	pin runtime.Pinner
}

// sharerSnapshot tells the process sharing the runner's memory where the
// encoding b of a run's snapshot lies (child_linux.c's snapshot), for the
// process it starts should the runner be killed; nil once the runner has
// compared it itself. b is pinned meanwhile: the sharer reads it once the
// runner is gone, where nothing of Go's may have moved or freed it.
func sharerSnapshot(b []byte) {
	snapshotHanded.Lock()
	defer snapshotHanded.Unlock()
	if len(b) == 0 {
		C.mews_sharer_snapshot(nil, 0)
		snapshotHanded.pin.Unpin()
		return
	}
	snapshotHanded.pin.Pin(&b[0])
	C.mews_sharer_snapshot((*C.uchar)(unsafe.Pointer(&b[0])), C.long(len(b)))
}

// afterKilledFits says whether args, afterKilledArgs' without the
// command's child, fit what the sharer holds (child_linux.h's
// MEWS_AFTER_MAX_BYTES and MEWS_AFTER_MAX_ARGS), with room for the child
// argument added later; and says what that is, for the refusal.
func afterKilledFits(args []string) (bool, string) {
	const childArg = 64 // "c:PID:START" and its NUL
	n := childArg
	for _, a := range args {
		n += len(a) + 1
	}
	limit := fmt.Sprintf("%d KiB in %d arguments", C.MEWS_AFTER_MAX_BYTES/1024, C.MEWS_AFTER_MAX_ARGS)
	return n <= C.MEWS_AFTER_MAX_BYTES && len(args)+1 <= C.MEWS_AFTER_MAX_ARGS, limit
}

// lockQueue is the runner's ends of the queue the sharer holds for the
// held directories' descriptors (child_linux.c's lockq): -1 and -1 where
// there is no sharer.
func lockQueue() (send, recv int) {
	var s, r C.int
	if C.mews_lock_queue(&s, &r) != 0 {
		return -1, -1
	}
	return int(s), int(r)
}

// sharerPid is the pid of the process sharing the runner's memory, a child
// of the runner's that belongs to no run; 0 if there is none.
func sharerPid() int { return int(C.mews_sharer_pid()) }

// childHeader is what child_linux.h repeats of the Go side's constants.
type childHeader struct {
	arg, probe, magic    string
	release, mark        string
	releaseSays          string // MEWS_RUN_OVER, MEWS_MADE, MEWS_HELD
	releaseGraceMS       int
	maxSpec, procRefused int
	maxKept, toAll       int
	mountIdentitySize    int
	says                 string // MEWS_ARMED, MEWS_PROC_REFUSED, MEWS_NETNS_REFUSED, MEWS_ENDED
	netnsWhat            string
	mountOps             []uint32 // in order, then MEWS_MOUNT_LAST
}

// childConstants returns child_linux.h's constants, for a test to compare
// with the Go side's.
func childConstants() childHeader {
	return childHeader{
		arg: C.MEWS_CHILD_ARG, probe: C.MEWS_PROBE_ARG, magic: C.MEWS_SPEC_MAGIC,
		release: C.MEWS_RELEASE_ARG, mark: C.MEWS_PLACEHOLDER_MARK, releaseSays: C.MEWS_RUN_OVER + C.MEWS_MADE + C.MEWS_HELD, releaseGraceMS: C.MEWS_RELEASE_GRACE_MS,
		maxSpec: C.MEWS_MAX_SPEC, procRefused: C.MEWS_PROBE_PROC_REFUSED,
		maxKept: C.MEWS_MAX_KEPT, toAll: C.MEWS_TO_ALL, mountIdentitySize: C.MEWS_MOUNT_IDENTITY_SIZE, says: C.MEWS_ARMED + C.MEWS_PROC_REFUSED + C.MEWS_NETNS_REFUSED + C.MEWS_ENDED, netnsWhat: C.MEWS_NETNS_WHAT,
		mountOps: []uint32{C.MEWS_MOUNT_PRIVATE, C.MEWS_MOUNT_BIND, C.MEWS_MOUNT_RDONLY_TREE, C.MEWS_MOUNT_WRITABLE,
			C.MEWS_MOUNT_RDONLY, C.MEWS_MOUNT_CHDIR, C.MEWS_MOUNT_PROC, C.MEWS_MOUNT_EMPTY, C.MEWS_MOUNT_KEEP,
			C.MEWS_MOUNT_PLACE, C.MEWS_MOUNT_HIDE_FILE, C.MEWS_MOUNT_PRIVATE_TMP, C.MEWS_MOUNT_SHM, C.MEWS_MOUNT_PTS, C.MEWS_MOUNT_BIND_LINK, C.MEWS_MOUNT_MKDIR, C.MEWS_MOUNT_NODEV, C.MEWS_MOUNT_DEVICES, C.MEWS_MOUNT_TMP, C.MEWS_MOUNT_WRITABLE_HOST, C.MEWS_MOUNT_LAST},
	}
}

// decodeSpec runs the child's decoder on body, for tests: what the child
// would execute and apply. The ruleset is not a descriptor here, only
// whether the spec says one comes with it.
func decodeSpec(body []byte) (sp *spec, ruleset bool, err error) {
	// The decoder needs 4 writable bytes before the body and writes in place.
	buf := C.malloc(C.size_t(len(body) + 8))
	defer C.free(buf)
	b := unsafe.Slice((*byte)(buf), len(body)+8)
	copy(b[4:], body)
	nvec := len(body)/4 + 2
	vec := C.malloc(C.size_t(nvec) * C.size_t(unsafe.Sizeof(uintptr(0))))
	defer C.free(vec)
	var s C.struct_mews_spec
	if e := C.mews_decode_spec((*C.uchar)(unsafe.Pointer(&b[4])), C.size_t(len(body)), (**C.char)(vec), C.size_t(nvec), &s); e != nil {
		return nil, false, errors.New(C.GoString(e))
	}
	sp = &spec{Path: C.GoString(s.path), BestEffort: s.best_effort != 0, ResetSignals: uint64(s.reset_signals), KeepCaps: uint64(s.keep_caps)}
	if s.nlimits > 0 {
		raw := unsafe.Slice((*byte)(unsafe.Pointer(s.limits)), int(s.nlimits)*20)
		for i := 0; i < len(raw); i += 20 {
			sp.Limits = append(sp.Limits, rlimit{resource: int(binary.LittleEndian.Uint32(raw[i:])),
				soft: binary.LittleEndian.Uint64(raw[i+4:]), hard: binary.LittleEndian.Uint64(raw[i+12:])})
		}
	}
	if s.npass > 0 {
		raw := unsafe.Slice((*byte)(unsafe.Pointer(s.pass)), int(s.npass)*8)
		for i := 0; i < len(raw); i += 8 {
			sp.Pass = append(sp.Pass, fdMove{From: int(binary.LittleEndian.Uint32(raw[i:])), To: int(binary.LittleEndian.Uint32(raw[i+4:]))})
		}
	}
	sp.Args = goStrings(s.argv)
	sp.Env = goStrings(s.envp)
	if s.seccomp != 0 {
		// struct sock_filter, in place: the layout of seccomp.Instruction.
		sp.Seccomp = make(seccomp.Program, int(s.ninsn))
		if s.ninsn > 0 {
			copy(sp.Seccomp, unsafe.Slice((*seccomp.Instruction)(unsafe.Pointer(s.filter)), int(s.ninsn)))
		}
	}
	// Each mount step was op, length, path (and a mountWritableHost
	// step's identity); the path is now a C string over its length (see
	// do_mounts).
	m := unsafe.Pointer(s.mounts)
	for range int(s.nmounts) {
		op := binary.LittleEndian.Uint32(unsafe.Slice((*byte)(m), 4))
		path := C.GoString((*C.char)(unsafe.Add(m, 4)))
		step := mountStep{Op: op, Path: path}
		m = unsafe.Add(m, 8+len(path))
		if op == mountWritableHost {
			id := unsafe.Slice((*byte)(m), mountIdentitySize)
			step.Mount = mountIdentity{Major: binary.LittleEndian.Uint32(id), Minor: binary.LittleEndian.Uint32(id[4:]), Ino: binary.LittleEndian.Uint64(id[8:])}
			m = unsafe.Add(m, mountIdentitySize)
		}
		sp.Mounts = append(sp.Mounts, step)
	}
	sp.PidNS, sp.Forward, sp.TmpAccess, sp.TmpSize = s.pidns != 0, uint64(s.forward), uint64(s.tmp_access), uint64(s.tmp_size)
	sp.ShmAccess, sp.PtsAccess, sp.NetNS = uint64(s.shm_access), uint64(s.pts_access), s.netns != 0
	return sp, s.ruleset != 0, nil
}

// goStrings copies a NULL-terminated vector of C strings.
func goStrings(v **C.char) []string {
	var l []string
	for ; *v != nil; v = (**C.char)(unsafe.Add(unsafe.Pointer(v), unsafe.Sizeof(*v))) {
		l = append(l, C.GoString(*v))
	}
	return l
}
