//go:build linux

package integration

// Reach by id (issue 6, item 5): without a pid namespace every process of
// the host has an id the command can name, and System V IPC objects a key
// or id it can guess. Each attack aims at a process the test started
// outside the sandbox, or at IPC objects the test created, beside the same
// act on the command itself, which must keep working. The probes are made
// by testdata/reach.c; the ordinary tools (renice, taskset, chrt, ionice,
// prlimit, kill) are tried too where they are installed.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	osexec "os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// reachPrelude defines, beside the prelude's c and p,
//
//	r LABEL PROBE...  runs ./reach PROBE and prints "LABEL: PROBE ok|errno=N …"
var reachPrelude = probeFunc("r", "reach", "")

// installReach copies the reach probe into the root as ./reach.
func (b *box) installReach() {
	b.t.Helper()
	b.installProbe("reach")
}

// outsider starts a sleep outside the sandbox, as another program of the
// same user would run: same uid and, when the tests run as root, an empty
// capability set, so that the sandbox alone stands in the way (the kernel
// already refuses a capability-less command acting on a process with more
// capabilities than its own). It leads its own process group.
func outsider(t *testing.T) int {
	t.Helper()
	argv := []string{"sleep", "60"}
	pid := startOutsider(t, argv...).Process.Pid
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); string(comm) == "sleep\n" {
			return pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("the outside process %v never became sleep", argv)
		}
	}
}

// startOutsider starts argv outside the sandbox as outsider does (the
// same uid; as root, through setpriv with no capabilities; a process
// group of its own), killed when the test ends.
func startOutsider(t *testing.T, argv ...string) *osexec.Cmd {
	t.Helper()
	if os.Getuid() == 0 {
		if _, err := osexec.LookPath("setpriv"); err != nil {
			t.Skip("as root the outside process must drop its capabilities, which needs setpriv (util-linux)")
		}
		argv = append([]string{"setpriv", "--bounding-set=-all", "--inh-caps=-all", "--"}, argv...)
	}
	cmd := osexec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// procState is what the attacks would change in a process.
type procState struct {
	state        string // /proc/PID/stat field 3: S sleeping, Z killed and not yet reaped
	nice, policy string // fields 19 and 41
	affinity     unix.CPUSet
	ioprio       uintptr
	nofile       string // its line of /proc/PID/limits
}

func stateOf(t *testing.T, pid int) procState {
	t.Helper()
	var s procState
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])) // f[0] is field 3
	s.state, s.nice, s.policy = f[0], f[19-3], f[41-3]
	if err := unix.SchedGetaffinity(pid, &s.affinity); err != nil {
		t.Fatal(err)
	}
	prio, _, errno := unix.Syscall(unix.SYS_IOPRIO_GET, 1, uintptr(pid), 0) // IOPRIO_WHO_PROCESS
	if errno != 0 {
		t.Fatal(errno)
	}
	s.ioprio = prio
	limits, err := os.ReadFile(fmt.Sprintf("/proc/%d/limits", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(limits), "\n") {
		if strings.HasPrefix(l, "Max open files") {
			s.nofile = l
		}
	}
	return s
}

// undisturbed fails the test unless process pid, a sleep outside the
// sandbox, is found asleep, untraced, with no signal pending, within
// 10 s (disturbance).
func undisturbed(t *testing.T, what string, pid int) {
	t.Helper()
	if d := disturbance(pid); d != "" {
		t.Errorf("%s (%d) after the attacks: %s", what, pid, d)
	}
}

// disturbance waits up to 10 s for process pid, a sleep, to be asleep,
// untraced, with no signal pending, and says otherwise what it found. A
// signal an attack got through was sent, and woke the sleep, before the
// attack's call returned, but the sleep only dies (Z) or stops (T) once
// scheduled, which a loaded machine may put off: a look at its state
// alone, at once or after a fixed wait, can miss it. A sleep back asleep
// with nothing pending is one no signal reached.
func disturbance(pid int) string {
	var fields map[string]string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			return fmt.Sprintf("gone (%v)", err)
		}
		fields = map[string]string{}
		for _, l := range strings.Split(string(status), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok {
				fields[k] = strings.TrimSpace(v)
			}
		}
		state := fields["State"]
		if fields["TracerPid"] != "0" || strings.ContainsAny(state[:1], "TtZX") {
			break
		}
		if state[:1] == "S" && fields["SigPnd"] == "0000000000000000" && fields["ShdPnd"] == "0000000000000000" {
			return ""
		}
		if time.Now().After(deadline) {
			break
		}
	}
	return fmt.Sprintf("state %s, tracer %s, signals pending %s (thread) %s (process)",
		fields["State"], fields["TracerPid"], fields["SigPnd"], fields["ShdPnd"])
}

// TestReachOtherProcesses: the command cannot renice, re-pin, reschedule,
// re-prioritise the I/O of, re-limit, signal, trace or read the memory and
// environment of a process outside the sandbox, while it can do each to
// itself (by id 0, as nice, taskset, chrt, ionice and ulimit do) and to its
// own children. Naming itself by its pid (renice -p $$) is refused too: a
// syscall filter cannot know the caller's pid.
func TestReachOtherProcesses(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.installReach()
	victim := outsider(t)
	before := stateOf(t, victim)

	// VICTIM stands for the outside process's pid.
	script := reachPrelude + `
r renice-outside setpriority 0 VICTIM 5
r renice-self setpriority 0 0 5
c nice-self nice -n 5 ./reach is-nice 5
r affinity-outside setaffinity VICTIM
r affinity-self setaffinity 0
r sched-outside setscheduler VICTIM
r sched-self setscheduler 0
r ioprio-outside ioprio-set 1 VICTIM
r ioprio-self ioprio-set 1 0
r prlimit-outside prlimit-set VICTIM
r prlimit-self prlimit-set 0
r prlimit-read-outside prlimit-get VICTIM
c ulimit-self sh -c 'ulimit -n 100'
r move-pages-outside move-pages VICTIM
r move-pages-self move-pages 0
r kill-outside kill VICTIM
r kill-child kill-child
c kill-group-outside kill -TERM -VICTIM
r pidfd-kill-outside pidfd-kill VICTIM
r pidfd-open-outside pidfd-open VICTIM
r pidfd-getfd-outside pidfd-getfd VICTIM
r pidfd-ns-outside pidfd-ns VICTIM
r sigio-outside sigio VICTIM
r sigio-self sigio 0
r mem-outside open /proc/VICTIM/mem
r mem-self open /proc/self/mem
r environ-outside read /proc/VICTIM/environ
r environ-self read /proc/self/environ
r fd-outside open /proc/VICTIM/fd/0
r fd-self open /proc/self/fd/0
r kcmp-self kcmp-self
`
	// The ordinary tools, where installed: each attack beside the same
	// tool on the command itself.
	tools := []struct {
		tool                string
		attacks, neighbours []string
	}{
		{"renice", []string{"renice-cmd-outside renice -n 7 -p VICTIM", "renice-group-outside renice -n 7 -g VICTIM", "renice-own-pid sh -c 'renice -n 5 -p $$'"}, nil},
		{"taskset", []string{"taskset-outside taskset -cp 0 VICTIM"}, []string{"taskset-cmd taskset -c 0 true"}},
		{"chrt", []string{"chrt-outside chrt -b -p 0 VICTIM"}, []string{"chrt-cmd chrt -b 0 true"}},
		{"ionice", []string{"ionice-outside ionice -c 3 -p VICTIM"}, []string{"ionice-cmd ionice -c 3 true"}},
		{"prlimit", []string{"prlimit-cmd-outside prlimit --pid VICTIM --nofile=100:"}, []string{"prlimit-cmd-read prlimit --pid VICTIM --nofile"}},
	}
	var toolAttacks, toolNeighbours []string
	for _, tt := range tools {
		if _, err := osexec.LookPath(tt.tool); err != nil {
			t.Logf("%s is not installed: its lines are left out", tt.tool)
			continue
		}
		for _, l := range tt.attacks {
			script += "c " + l + "\n"
			toolAttacks = append(toolAttacks, strings.Fields(l)[0])
		}
		for _, l := range tt.neighbours {
			script += "c " + l + "\n"
			toolNeighbours = append(toolNeighbours, strings.Fields(l)[0])
		}
	}
	script = strings.ReplaceAll(script, "VICTIM", strconv.Itoa(victim))
	// Without the namespace layer: these are seccomp's and Landlock's
	// refusals. In the layer's pid namespace the outside process is not
	// even visible (TestPidNamespaceHidesTheHost).
	o := b.check(script, "--no-namespaces")

	for _, tt := range []struct {
		attack    string
		errno     []int
		neighbour string
	}{
		{"renice-outside", []int{eperm}, "renice-self"}, // seccomp: setpriority(PRIO_PROCESS, pid ≠ 0)
		{"affinity-outside", []int{eperm}, "affinity-self"},
		{"sched-outside", []int{eperm}, "sched-self"},
		{"ioprio-outside", []int{eperm}, "ioprio-self"},
		{"prlimit-outside", []int{eperm}, "prlimit-self"},
		{"prlimit-outside", []int{eperm}, "prlimit-read-outside"}, // reading shows what /proc/PID/limits shows
		{"move-pages-outside", []int{eperm}, "move-pages-self"},   // seccomp, and Landlock's ptrace scope
		{"kill-outside", []int{eperm}, "kill-child"},              // Landlock's signal scope
		{"pidfd-kill-outside", []int{eperm}, "pidfd-open-outside"},
		{"pidfd-getfd-outside", []int{eperm}, "pidfd-open-outside"},
		{"mem-outside", []int{eacces, eperm}, "mem-self"}, // Landlock's ptrace scope
		{"environ-outside", []int{eacces, eperm}, "environ-self"},
		{"fd-outside", []int{eacces, eperm}, "fd-self"},
		{"kcmp-self", []int{eperm}, "mem-self"}, // refused outright; Landlock confines it anyway
	} {
		t.Run(tt.attack+"/"+tt.neighbour, func(t *testing.T) {
			o.errno(t, tt.attack, tt.errno...)
			o.ok(t, tt.neighbour)
		})
	}
	// A namespace of another process through its pidfd (Linux 6.11):
	// Landlock's ptrace scope refuses it (EACCES), and setns, which would
	// enter it, is refused anyway. ENOTTY where the kernel has no such
	// request.
	t.Run("pidfd-ns-outside/pidfd-open-outside", func(t *testing.T) {
		if got := o["pidfd-ns-outside"]; strings.Contains(got, fmt.Sprintf(" errno=%d ", int(syscall.ENOTTY))) {
			t.Skipf("pidfd-ns-outside: %s: no namespaces through a pidfd on this kernel", got)
		}
		o.errno(t, "pidfd-ns-outside", eacces, eperm)
		o.ok(t, "pidfd-open-outside")
	})
	t.Run("tools", func(t *testing.T) {
		for _, l := range append(toolAttacks, "kill-group-outside") {
			o.fails(t, l)
		}
		for _, l := range append(toolNeighbours, "nice-self", "ulimit-self", "sigio-self") {
			o.ok(t, l)
		}
	})

	// sigio-outside only arms the pipe: the outside process's survival,
	// below, says whether SIGIO (which kills a sleep) reached it.
	o.ok(t, "sigio-outside")
	undisturbed(t, "the outside process", victim)
	after := stateOf(t, victim)
	before.state, after.state = "", ""
	if after != before {
		t.Errorf("the outside process changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

// System V IPC numbers x/sys/unix has no names for.
const (
	semGetval = 12
	semSetval = 16
)

// sysvMsg is struct msgbuf with room for the test's text.
type sysvMsg struct {
	mtype int64
	text  [16]byte
}

func sysv(t *testing.T, what string, nr uintptr, args ...uintptr) uintptr {
	t.Helper()
	var a [6]uintptr
	copy(a[:], args)
	r, _, errno := unix.Syscall6(nr, a[0], a[1], a[2], a[3], a[4], a[5])
	if errno != 0 {
		t.Fatalf("%s: %v", what, errno)
	}
	return r
}

// TestOpenTreeAttrRefused: a command that keeps CAP_SYS_ADMIN cannot clone
// the layer's mounts with their read-only flag cleared by open_tree_attr,
// a syscall newer than the libseccomp the filter is compiled with, which
// dropped it from the deny list (a review wrote into .git/hooks through
// such a clone). With and without the namespace layer.
func TestOpenTreeAttrRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: a command of an unprivileged runner keeps no CAP_SYS_ADMIN")
	}
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"layer"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			b.installReach()
			o := b.check(reachPrelude+`
r open-tree-attr open-tree-attr .
r memfd memfd
`, append([]string{"--keep-cap", "CAP_SYS_ADMIN"}, flags...)...)
			o.errno(t, "open-tree-attr", eperm)
			o.ok(t, "memfd")
		})
	}
}

// TestSysVIPCRunnerStarted: the IPC namespace holds where the runner starts
// the sandbox child itself (--pass-fd: no pre-forked child fits), as where
// it adopts the pre-forked one (TestSysVIPCOfTheHost): the host's segment
// is not there by its key, the command's own objects work and stay in the
// sandbox.
func TestSysVIPCRunnerStarted(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	b := newBox(t, nil)
	b.installReach()
	key := 0x6e000000 | rand.IntN(1<<20)<<4
	shm, err := unix.SysvShmGet(key, 4096, unix.IPC_CREAT|unix.IPC_EXCL|0o600)
	if err != nil {
		t.Skipf("System V shared memory: %v", err)
	}
	t.Cleanup(func() { unix.SysvShmCtl(shm, unix.IPC_RMID, nil) })
	t.Cleanup(func() { removeSysV(key + 1) })
	script := fmt.Sprintf("tr '\\0' ' ' </proc/1/cmdline; echo; ./reach shmget %d; ./reach sysv-own %d; true", key, key+1)
	cmd := osexec.Command("bash", "-c", `exec "$0" run --yolo --pass-fd 3 -- sh -c "$1" 3</dev/null`, bin, script)
	cmd.Dir = b.root
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + b.home, "LANG=C"}
	r := runCommand(t, cmd)
	if r.code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "__mewsandbox_child") {
		t.Errorf("pid 1 is not the runner's own child (%q): the test proves nothing about that path", r.stdout)
	}
	if want := fmt.Sprintf("shmget errno=%d ", enoent); !strings.Contains(r.stdout, want) {
		t.Errorf("the host's segment by its key: %q, want %q", r.stdout, want)
	}
	if !strings.Contains(r.stdout, "sysv-own ok") {
		t.Errorf("the command's own objects: %q, want them to work", r.stdout)
	}
	if id, err := unix.SysvShmGet(key+1, 0, 0); err != unix.ENOENT {
		t.Errorf("the command's segment is on the host after the run (id %d, %v)", id, err)
	}
}

// removeSysV removes the host's System V segment of key, queue of key+1
// and semaphore set of key+2, if they are there.
func removeSysV(key int) {
	if id, err := unix.SysvShmGet(key, 0, 0); err == nil {
		unix.SysvShmCtl(id, unix.IPC_RMID, nil)
	}
	if id, _, errno := unix.Syscall(unix.SYS_MSGGET, uintptr(key+1), 0, 0); errno == 0 {
		unix.Syscall(unix.SYS_MSGCTL, id, unix.IPC_RMID, 0)
	}
	if id, _, errno := unix.Syscall(unix.SYS_SEMGET, uintptr(key+2), 0, 0); errno == 0 {
		unix.Syscall(unix.SYS_SEMCTL, id, 0, unix.IPC_RMID)
	}
}

// mqUnlink removes the POSIX message queue /name, if there is one.
func mqUnlink(name string) {
	if p, err := unix.BytePtrFromString(name); err == nil {
		unix.Syscall(unix.SYS_MQ_UNLINK, uintptr(unsafe.Pointer(p)), 0, 0)
	}
}

// mqExists opens the POSIX message queue /name and says why it could not.
func mqExists(name string) unix.Errno {
	p, err := unix.BytePtrFromString(name)
	if err != nil {
		return unix.EINVAL
	}
	fd, _, errno := unix.Syscall6(unix.SYS_MQ_OPEN, uintptr(unsafe.Pointer(p)), unix.O_RDONLY, 0, 0, 0, 0)
	if errno == 0 {
		unix.Close(int(fd))
	}
	return errno
}

// TestSysVIPCOfTheHost: the host's System V shared memory, message queues
// and semaphores cannot be reached by key or by id. Under the namespace
// layer the command has an IPC namespace of its own: the host's keys name
// nothing there (ENOENT), its ids nothing (EINVAL), ipcs lists none of its
// objects, and the command makes, attaches, writes and reads segments,
// queues and semaphores of its own, even under the host's keys, which the
// host never sees. Without the layer seccomp refuses the whole family,
// since it cannot tell the command's own objects from the host's, a
// segment of its own included. POSIX shared memory and memfd, their modern
// neighbours, work; the host's POSIX message queues are out of reach:
// seccomp refuses their family in both cases, since Landlock refuses
// opening one, the command's own in its namespace too, but not removing
// the host's (mq_unlink) or making one, which stays on the host (a review
// found both).
func TestSysVIPCOfTheHost(t *testing.T) {
	for _, flags := range [][]string{nil, {"--no-namespaces"}} {
		t.Run(strings.Join(append([]string{"layer"}, flags...), " "), func(t *testing.T) {
			t.Parallel()
			testSysVIPCOfTheHost(t, flags)
		})
	}
}

func testSysVIPCOfTheHost(t *testing.T, flags []string) {
	layer := len(flags) == 0
	if layer {
		requireNamespaces(t)
	}
	b := newBox(t, nil)
	b.installReach()
	// Six keys: the host's objects at key to key+2, the command's own at
	// key+3 to key+5.
	key := 0x6d000000 | rand.IntN(1<<20)<<4
	secret := "mewsandbox-" + uniq()

	shm, err := unix.SysvShmGet(key, 4096, unix.IPC_CREAT|unix.IPC_EXCL|0o600)
	if err != nil {
		t.Skipf("System V shared memory: %v", err)
	}
	t.Cleanup(func() { unix.SysvShmCtl(shm, unix.IPC_RMID, nil) })
	mem, err := unix.SysvShmAttach(shm, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	copy(mem, secret)
	unix.SysvShmDetach(mem)

	msq := int(sysv(t, "msgget", unix.SYS_MSGGET, uintptr(key+1), unix.IPC_CREAT|unix.IPC_EXCL|0o600))
	t.Cleanup(func() { unix.Syscall(unix.SYS_MSGCTL, uintptr(msq), unix.IPC_RMID, 0) })
	msg := sysvMsg{mtype: 1}
	copy(msg.text[:], secret)
	sysv(t, "msgsnd", unix.SYS_MSGSND, uintptr(msq), uintptr(unsafe.Pointer(&msg)), uintptr(len(msg.text)), unix.IPC_NOWAIT)

	sem := int(sysv(t, "semget", unix.SYS_SEMGET, uintptr(key+2), 1, unix.IPC_CREAT|unix.IPC_EXCL|0o600))
	t.Cleanup(func() { unix.Syscall(unix.SYS_SEMCTL, uintptr(sem), 0, unix.IPC_RMID) })
	sysv(t, "semctl SETVAL", unix.SYS_SEMCTL, uintptr(sem), 0, semSetval, 1)

	// Should the command's own objects reach the host, they go after the
	// test.
	t.Cleanup(func() { removeSysV(key + 3) })

	// A POSIX message queue of the host (mq_open takes the name without
	// glibc's leading slash).
	mqName, made := "mewsandbox-reach-"+uniq(), "mewsandbox-made-"+uniq()
	mqLine := ""
	if p, err := unix.BytePtrFromString(mqName); err == nil {
		fd, _, errno := unix.Syscall6(unix.SYS_MQ_OPEN, uintptr(unsafe.Pointer(p)), unix.O_CREAT|unix.O_EXCL|unix.O_RDWR, 0o600, 0, 0, 0)
		if errno == 0 {
			unix.Close(int(fd))
			t.Cleanup(func() { mqUnlink(mqName) })
			t.Cleanup(func() { mqUnlink(made) })
			mqLine = fmt.Sprintf("r mq-open mq-open /%[1]s\nr mq-unlink mq-unlink /%[1]s\nr mq-create mq-create /%[2]s", mqName, made)
		} else {
			t.Logf("no POSIX message queue outside (%v): those lines are left out", errno)
		}
	}

	// The attacks first, in a namespace where the command has made
	// nothing yet; then what it lists, its own objects, and the list
	// again.
	_, ipcsErr := osexec.LookPath("ipcs")
	o := b.check(reachPrelude+fmt.Sprintf(`
r shmget shmget %[1]d
r shmat shmat %[2]d
r shmctl-rmid shmctl-rmid %[2]d
r msgget msgget %[3]d
r msgsnd msgsnd %[4]d
r semget semget %[5]d
r semop semop %[6]d
printf 'ipcs-before: '; ipcs 2>&1 | tr '\n' ' '; echo
r shm-private shm-private
r own sysv-own %[8]d
r own-under-the-host-keys sysv-own %[1]d
printf 'ipcs-after: '; ipcs 2>&1 | tr '\n' ' '; echo
r posix-shm posix-shm
r memfd memfd
%[7]s
`, key, shm, key+1, msq, key+2, sem, mqLine, key+3), flags...)

	hostKeys := []string{fmt.Sprintf("0x%08x", key), fmt.Sprintf("0x%08x", key+1), fmt.Sprintf("0x%08x", key+2)}
	for _, tt := range []struct {
		attack, neighbour string
		byID              bool
	}{
		{"shmget", "posix-shm", false},
		{"shmat", "posix-shm", true},
		{"shmctl-rmid", "posix-shm", true},
		{"msgget", "memfd", false},
		{"msgsnd", "memfd", true},
		{"semget", "memfd", false},
		{"semop", "memfd", true},
	} {
		t.Run(tt.attack+"/"+tt.neighbour, func(t *testing.T) {
			switch {
			case !layer:
				o.errno(t, tt.attack, eperm)
			case tt.byID:
				o.errno(t, tt.attack, einval) // no object of that id in the namespace
			default:
				o.errno(t, tt.attack, enoent)
			}
			o.ok(t, tt.neighbour)
		})
	}
	t.Run("own objects", func(t *testing.T) {
		for _, l := range []string{"shm-private", "own", "own-under-the-host-keys"} {
			if layer {
				o.ok(t, l)
			} else {
				o.errno(t, l, eperm) // the cost of the rule without a namespace
			}
		}
	})
	if layer && ipcsErr == nil {
		t.Run("ipcs", func(t *testing.T) {
			before, after := o["ipcs-before"], o["ipcs-after"]
			if !strings.Contains(before, "Shared Memory") {
				t.Fatalf("ipcs in the sandbox: %q", before)
			}
			for _, k := range hostKeys {
				if strings.Contains(before, k) {
					t.Errorf("ipcs in the sandbox lists the host's key %s: %s", k, before)
				}
			}
			for i := 3; i < 6; i++ {
				if k := fmt.Sprintf("0x%08x", key+i); !strings.Contains(after, k) {
					t.Errorf("ipcs in the sandbox does not list its own key %s: %s", k, after)
				}
			}
		})
	}
	if mqLine != "" {
		o.errno(t, "mq-open", eperm)
		o.errno(t, "mq-create", eperm)
		o.errno(t, "mq-unlink", eacces) // glibc's mq_unlink turns EPERM into EACCES
		// Still there, and nothing made beside it.
		if errno := mqExists(mqName); errno != 0 {
			t.Errorf("the host's queue /%s is gone: %v", mqName, errno)
		}
		if errno := mqExists(made); errno != unix.ENOENT {
			t.Errorf("the sandbox made the queue /%s on the host (open: %v)", made, errno)
		}
	}

	// The command's own objects are not the host's: none is there after
	// the run, and the host's keys still name the host's objects. An id
	// may be 0 (the first object of its kind since the machine started),
	// so a row says whether its key names one at all.
	for _, c := range []struct {
		what  string
		nr    uintptr
		args  []uintptr
		there bool
		want  uintptr
	}{
		{"the command's segment", unix.SYS_SHMGET, []uintptr{uintptr(key + 3), 0, 0}, false, 0},
		{"the command's queue", unix.SYS_MSGGET, []uintptr{uintptr(key + 4), 0}, false, 0},
		{"the command's semaphore set", unix.SYS_SEMGET, []uintptr{uintptr(key + 5), 0, 0}, false, 0},
		{"the host's segment", unix.SYS_SHMGET, []uintptr{uintptr(key), 0, 0}, true, uintptr(shm)},
		{"the host's queue", unix.SYS_MSGGET, []uintptr{uintptr(key + 1), 0}, true, uintptr(msq)},
		{"the host's semaphore set", unix.SYS_SEMGET, []uintptr{uintptr(key + 2), 0, 0}, true, uintptr(sem)},
	} {
		var a [3]uintptr
		copy(a[:], c.args)
		id, _, errno := unix.Syscall(c.nr, a[0], a[1], a[2])
		switch {
		case !c.there && errno != unix.ENOENT:
			t.Errorf("%s is on the host after the run (id %d, %v)", c.what, id, errno)
		case c.there && (errno != 0 || id != c.want):
			t.Errorf("%s: the host's key names id %d (%v), want %d", c.what, id, errno, c.want)
		}
	}

	// The host's objects are as the test left them.
	mem, err = unix.SysvShmAttach(shm, 0, unix.SHM_RDONLY)
	if err != nil {
		t.Fatalf("the shared memory segment is gone: %v", err)
	}
	if got := string(mem[:len(secret)]); got != secret {
		t.Errorf("the shared memory holds %q, want %q", got, secret)
	}
	unix.SysvShmDetach(mem)
	var got sysvMsg
	sysv(t, "msgrcv", unix.SYS_MSGRCV, uintptr(msq), uintptr(unsafe.Pointer(&got)), uintptr(len(got.text)), 0, unix.IPC_NOWAIT)
	if got.text != msg.text {
		t.Errorf("the queue's first message is %q, want %q", got.text, msg.text)
	}
	if _, _, errno := unix.Syscall6(unix.SYS_MSGRCV, uintptr(msq), uintptr(unsafe.Pointer(&got)), uintptr(len(got.text)), 0, unix.IPC_NOWAIT, 0); errno != unix.ENOMSG {
		t.Errorf("a second message in the queue (%q, %v): something was injected", got.text, errno)
	}
	if v := sysv(t, "semctl GETVAL", unix.SYS_SEMCTL, uintptr(sem), 0, semGetval); v != 1 {
		t.Errorf("the semaphore is %d, want 1", v)
	}
}

// TestSysVIPCUnderLimitMem: a run whose --limit-mem can only be an rlimit
// (no memory controller for the run's cgroup) refuses System V IPC under
// the layer, since a segment filled and detached is not counted by
// RLIMIT_AS; where the run's cgroup counts it, the layer allows it. The
// same run without --limit-mem keeps System V IPC, and POSIX shared
// memory works either way.
func TestSysVIPCUnderLimitMem(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	cg := run(t, invocation{args: []string{"doctor", "--json"}, dir: t.TempDir()})
	var d struct {
		CgroupLimits string `json:"cgroupLimits"`
	}
	if err := json.Unmarshal([]byte(cg.stdout), &d); err != nil {
		t.Fatalf("doctor --json: %v: %s", err, cg.stdout)
	}
	rlimitOnly := strings.Contains(d.CgroupLimits, "--limit-mem an rlimit only")
	t.Logf("cgroup limits here: %s", d.CgroupLimits)
	b := newBox(t, nil)
	b.installReach()
	script := reachPrelude + "r shm-private shm-private\nr posix-shm posix-shm\n"
	limited := b.check(script, "--limit-mem", "256M")
	if rlimitOnly {
		limited.errno(t, "shm-private", eperm)
	} else {
		limited.ok(t, "shm-private")
	}
	limited.ok(t, "posix-shm")
	unlimited := b.check(script)
	unlimited.ok(t, "shm-private")
	unlimited.ok(t, "posix-shm")
}
