//go:build linux

package exec

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// Cgroup limits. Rlimits are per process (RLIMIT_AS) or per user
// (RLIMIT_NPROC, which root is exempt from): a command that forks a hundred
// children gets a hundred times the memory, and as root, any number of
// processes. Where the runner's own cgroup v2 can hand down the memory and
// pids controllers, a run with --limit-mem or --limit-nproc also gets a
// cgroup of its own below it, with memory.max (and memory.swap.max 0) and
// pids.max, which count the whole sandbox together. The sandbox child is
// moved into it before the command starts, so everything the command
// starts is in it; after the run the runner reads what the limits refused
// (LimitsHit) and removes it.
//
// Nothing is moved or changed outside that cgroup but, where a controller
// is not yet handed down, the runner's own cgroup.subtree_control: that
// fails (EBUSY) when the runner's cgroup has processes of its own and is
// not the root, cgroup v2's rule. The runner does not move itself to work
// around it; a cgroup delegated to it does (systemd-run --user --scope -p
// Delegate=yes).

// runCgroup is a run's own cgroup.
type runCgroup struct {
	dir string
	mem bool // memory.max holds --limit-mem
}

// countsMemory says whether g holds the run's --limit-mem as memory.max,
// which counts System V shared memory (RLIMIT_AS does not).
func (g *runCgroup) countsMemory() bool {
	return g != nil && g.mem
}

// cgroupSeq tells apart the cgroups of one process's runs.
var cgroupSeq atomic.Uint64

// cgroupLimits are the limits a cgroup can hold, with their controller,
// file and flag.
var cgroupLimits = []struct {
	controller, file, flag string
	rlimit                 string // what the limit is without the cgroup
	set                    func(*Limits) *uint64
}{
	{"memory", "memory.max", "--limit-mem", "an rlimit only, on each process's address space (memory kept in memfd files or pipes is not counted; System V IPC is refused then, whose shared memory would not be either)", func(l *Limits) *uint64 { return &l.Mem }},
	{"pids", "pids.max", "--limit-nproc", "an rlimit only, per user, which root is exempt from", func(l *Limits) *uint64 { return &l.NProc }},
}

// CgroupLimits says whether runs here get --limit-mem and --limit-nproc
// as cgroup limits too (memory.max, pids.max), or why they stay rlimits.
func CgroupLimits() string {
	dir, err := ownCgroup()
	if err != nil {
		return "rlimits only: " + strings.TrimPrefix(err.Error(), "cgroup limits: ")
	}
	var yes, no []string
	for _, c := range cgroupLimits {
		if err := canHandDown(dir, c.controller, false); err != nil {
			no = append(no, c.flag+" "+c.rlimit+": "+err.Error())
		} else {
			yes = append(yes, c.flag+" also as "+c.file)
		}
	}
	if len(yes) > 0 {
		yes[len(yes)-1] += " in a cgroup of the run's own below " + dir
	}
	return strings.Join(append(yes, no...), "; ")
}

// MemoryMax says, without making a cgroup, whether a run's --limit-mem
// would also be held as memory.max here, which counts System V shared
// memory (RLIMIT_AS does not, so that without it the run refuses System V
// IPC: spec.sysVIPCCounted). handed says the runner's cgroup hands the
// memory controller down already; otherwise err says why a run's cgroup
// gets no memory.max, or is nil where only a run's try can tell (cgroup v2
// refuses to hand a controller down from a cgroup with processes of its
// own).
func MemoryMax() (handed bool, err error) {
	dir, err := ownCgroup()
	if err != nil {
		return false, errors.New(strings.TrimPrefix(err.Error(), "cgroup limits: "))
	}
	if err := canHandDown(dir, "memory", false); err != nil {
		return false, err
	}
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	return err == nil && slices.Contains(strings.Fields(string(b)), "memory"), nil
}

// newRunCgroup makes a cgroup below the runner's for those of limits l the
// runner's cgroup can hand down, and says in err why the others stay
// rlimits only: g is nil when l asks for none, or none can be. withInit
// says the sandbox child is the init of a pid namespace: a process the
// command does not count as its own, so pids.max allows one more.
func newRunCgroup(l Limits, withInit bool) (g *runCgroup, err error) {
	var in Limits
	var why []string
	parent, perr := "", error(nil)
	for _, c := range cgroupLimits {
		v := *c.set(&l)
		if v == 0 {
			continue
		}
		if parent == "" && perr == nil {
			parent, perr = ownCgroup()
		}
		cerr := perr
		if cerr == nil {
			cerr = canHandDown(parent, c.controller, true)
		}
		if cerr != nil {
			why = append(why, c.flag+" is "+c.rlimit+": "+strings.TrimPrefix(cerr.Error(), "cgroup limits: "))
			continue
		}
		*c.set(&in) = v
	}
	if in != (Limits{}) {
		if in.NProc > 0 && withInit {
			in.NProc++
		}
		sweepCgroups(parent)
		g, err = makeRunCgroup(parent, fmt.Sprintf("%s%d-%d", cgroupPrefix, os.Getpid(), cgroupSeq.Add(1)), in)
	}
	if len(why) > 0 {
		err = errors.Join(err, errors.New("cgroup limits: "+strings.Join(why, "; ")))
	}
	return g, err
}

// cgroupPrefix begins the name of a run's cgroup, then the runner's pid.
const cgroupPrefix = "mewsandbox-"

// sweepCgroups removes the cgroups below parent that runners left when
// they were killed (their pid is gone); what is still in one is killed
// first. A pid reused since keeps its cgroup until that process is gone.
func sweepCgroups(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), cgroupPrefix)
		pid, _, found := strings.Cut(rest, "-")
		n, perr := strconv.Atoi(pid)
		if !ok || !found || perr != nil || n <= 0 || !e.IsDir() {
			continue
		}
		if unix.Kill(n, 0) == unix.ESRCH {
			(&runCgroup{dir: filepath.Join(parent, e.Name())}).remove()
		}
	}
}

// makeRunCgroup makes the cgroup name below parent, whose subtree hands
// down the controllers l needs, and sets l there.
func makeRunCgroup(parent, name string, l Limits) (*runCgroup, error) {
	g := &runCgroup{dir: filepath.Join(parent, name)}
	if err := os.Mkdir(g.dir, 0o755); err != nil {
		return nil, fmt.Errorf("cgroup limits: %w", err)
	}
	var err error
	if l.Mem > 0 {
		err = writeCgroup(g.dir, "memory.max", strconv.FormatUint(l.Mem, 10))
		// Without swap accounting (no memory.swap.max) there is no swap
		// to escape to the limit by.
		if serr := writeCgroup(g.dir, "memory.swap.max", "0"); err == nil && !errors.Is(serr, os.ErrNotExist) {
			err = serr
		}
	}
	if err == nil && l.NProc > 0 {
		err = writeCgroup(g.dir, "pids.max", strconv.FormatUint(l.NProc, 10))
	}
	if err != nil {
		g.remove()
		return nil, fmt.Errorf("cgroup limits: %w", err)
	}
	g.mem = l.Mem > 0
	return g, nil
}

// add moves process pid into the cgroup.
func (g *runCgroup) add(pid int) error {
	if err := writeCgroup(g.dir, "cgroup.procs", strconv.Itoa(pid)); err != nil {
		return fmt.Errorf("cgroup limits: moving the sandbox child into %s: %w", g.dir, err)
	}
	return nil
}

// hits reads what the limits refused.
func (g *runCgroup) hits() LimitsHit {
	return LimitsHit{
		Cgroup:       g.dir,
		OOMKills:     cgroupCounter(g.dir, "memory.events", "oom_kill"),
		ForksRefused: cgroupCounter(g.dir, "pids.events", "max"),
	}
}

// remove removes the cgroup. Its processes are gone, or going: what is left
// is killed (cgroup.kill), and waited for up to a second.
func (g *runCgroup) remove() {
	if g == nil {
		return
	}
	err := unix.Rmdir(g.dir)
	if err != unix.EBUSY {
		return
	}
	writeCgroup(g.dir, "cgroup.kill", "1")
	deadline := time.Now().Add(time.Second)
	for err == unix.EBUSY && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
		err = unix.Rmdir(g.dir)
	}
}

// ownCgroup is the runner's cgroup v2 directory, read once a process
// (doctor, explain and each run of a process ask).
var ownCgroup = sync.OnceValues(func() (string, error) {
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", fmt.Errorf("cgroup limits: %w", err)
	}
	mountinfo, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", fmt.Errorf("cgroup limits: %w", err)
	}
	return cgroupDir(self, mountinfo)
})

// cgroupDir finds the cgroup v2 directory of a process from its
// /proc/PID/cgroup and the cgroup2 mount in its /proc/PID/mountinfo.
func cgroupDir(self, mountinfo []byte) (string, error) {
	rel, ok := "", false
	for line := range strings.Lines(string(self)) {
		if p, found := strings.CutPrefix(strings.TrimSpace(line), "0::"); found {
			rel, ok = p, true
		}
	}
	if !ok || !strings.HasPrefix(rel, "/") {
		return "", errors.New("cgroup limits: the runner is in no cgroup v2 hierarchy (its controllers are cgroup v1's)")
	}
	sc := bufio.NewScanner(bytes.NewReader(mountinfo))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		// id parent major:minor root mountpoint options [optional…] - fstype source super
		f := strings.Fields(sc.Text())
		sep := slices.Index(f, "-")
		if sep < 6 || sep+1 >= len(f) || f[sep+1] != "cgroup2" {
			continue
		}
		root, mnt := unescapeMountinfo(f[3]), unescapeMountinfo(f[4])
		if !filepath.IsAbs(mnt) || !filepath.IsAbs(root) {
			continue
		}
		if root != "/" && rel != root && !strings.HasPrefix(rel, root+"/") {
			continue // a bind of another part of the hierarchy
		}
		if root != "/" {
			rel = strings.TrimPrefix(rel, root)
		}
		return filepath.Join(mnt, rel), nil
	}
	return "", errors.New("cgroup limits: no cgroup2 file system is mounted (or not the runner's part of it)")
}

// unescapeMountinfo undoes mountinfo's octal escapes (\040 for a space).
func unescapeMountinfo(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// canHandDown checks that cgroup dir has controller and hands it down to
// its children (cgroup.subtree_control), handing it down first when
// enable is set.
func canHandDown(dir, controller string, enable bool) error {
	have, err := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
	if err != nil {
		return err
	}
	if !slices.Contains(strings.Fields(string(have)), controller) {
		return fmt.Errorf("the runner's cgroup %s has no %s controller (here it is cgroup v1's, or not delegated)", dir, controller)
	}
	handed, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	if err != nil {
		return err
	}
	if slices.Contains(strings.Fields(string(handed)), controller) {
		return nil
	}
	if !enable {
		// Only a try tells whether the write would succeed: check that it
		// may be written at all.
		if err := unix.Access(filepath.Join(dir, "cgroup.subtree_control"), unix.W_OK); err != nil {
			return fmt.Errorf("the runner's cgroup %s does not hand down %s, and its cgroup.subtree_control is not writable: %w", dir, controller, err)
		}
		return nil
	}
	err = writeCgroup(dir, "cgroup.subtree_control", "+"+controller)
	switch {
	case errors.Is(err, unix.EBUSY):
		return fmt.Errorf("the runner's cgroup %s has processes of its own, so it cannot hand down %s (run mewsandbox in a cgroup delegated to it, e.g. systemd-run --user --scope -p Delegate=yes)", dir, controller)
	case err != nil:
		return fmt.Errorf("handing down %s in %s: %w", controller, dir, err)
	}
	return nil
}

// writeCgroup writes value to the cgroup file dir/name, which must exist.
func writeCgroup(dir, name, value string) error {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(value)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// cgroupCounter reads key's count from a cgroup's flat-keyed file
// ("oom_kill 2"), 0 when absent.
func cgroupCounter(dir, file, key string) uint64 {
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), " "); ok && k == key {
			n, _ := strconv.ParseUint(v, 10, 64)
			return n
		}
	}
	return 0
}
