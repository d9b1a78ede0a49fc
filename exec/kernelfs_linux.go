//go:build linux

package exec

import (
	"bytes"
	"iter"
	"os"
	"slices"

	"github.com/mewsandbox/mewsandbox/landlock"
	"golang.org/x/sys/unix"
)

// kernelFSTypes are the file systems of the kernel's interfaces and of device
// nodes: written, a root command reaches the host's kernel settings
// (proc's core_pattern), its devices or other users' terminals; read, a
// device node (a raw disk) past Landlock's rules on /dev.
var kernelFSTypes = []string{"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs", "bpf",
	"configfs", "efivarfs", "pstore", "binfmt_misc", "fusectl", "selinuxfs", "smackfs", "hugetlbfs", "mqueue"}

// deviceFS are those of kernelFSTypes whose files are device nodes.
var deviceFS = []string{"devtmpfs", "devpts"}

// kernelMountsHeldWithout lists, when layer is false, the mounts of the
// kernel's file systems under another name than /proc, /sys and /dev (a
// bind of /dev, or of / with its mounts, as a container's tooling leaves;
// a chroot's proc in the project) that a rule of the Landlock plan, rules
// (real paths: the root and the grants as Landlock will grant them),
// holds or lies in: one that lets files be written any of them, one that
// lets them be read those holding device nodes. Landlock's rules on
// /proc, /sys and /dev do not reach them there (holdsKernelDirsWithout
// and KernelWrite judge those by name); the layer makes every mount but
// its own /dev read-only and without devices. A mount in /proc, /sys or
// /dev counts where a rule lying in that directory holds it below (a bind
// of / in /dev/shm, which the default policy grants writable). With the
// layer, or without Landlock's rules, nil: nothing is read on a run's way.
// A mount table that cannot be read refuses the run too (mountsHeld).
func kernelMountsHeldWithout(layer bool, rules []landlock.PathRule) []string {
	if layer || len(rules) == 0 {
		return nil
	}
	return mountsHeld("/proc/self/mountinfo", rules)
}

// mountsHeld is kernelMountsHeldWithout's judgement of the mount table at
// path. A table that cannot be read holds what the runner cannot see, and
// is named as held: the run is refused unless best effort.
func mountsHeld(path string, rules []landlock.PathRule) []string {
	info, err := readMountinfo(path)
	if err != nil {
		return []string{"mounts the runner cannot list (" + err.Error() + ")"}
	}
	return heldAliases(info, rules)
}

// mountinfoLines yields the lines of info (/proc/self/mountinfo's text) as
// their parts before the separator (id parent major:minor root mountpoint
// options [optional…]) and after it (fstype source super), skipping a line
// without one.
func mountinfoLines(info []byte) iter.Seq2[[]byte, []byte] {
	return func(yield func(head, tail []byte) bool) {
		rest := info
		for len(rest) > 0 {
			line := rest
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				line, rest = rest[:i], rest[i+1:]
			} else {
				rest = nil
			}
			if head, tail, ok := bytes.Cut(line, []byte(" - ")); ok && !yield(head, tail) {
				return
			}
		}
	}
}

// heldAliases is kernelMountsHeldWithout's judgement of the mount table
// info (/proc/self/mountinfo's text).
func heldAliases(info []byte, rules []landlock.PathRule) []string {
	type mount struct{ at, fs, in string }
	var aliases []mount
	for head, tail := range mountinfoLines(info) {
		fs, _, _ := bytes.Cut(tail, []byte(" "))
		k := slices.IndexFunc(kernelFSTypes, func(t string) bool { return string(fs) == t })
		if k < 0 {
			continue
		}
		f := bytes.Fields(head)
		if len(f) < 6 {
			continue
		}
		at, in := unescapeMountinfo(string(f[4])), ""
		if k := slices.IndexFunc(KernelDirs, func(k string) bool { return within(at, k) }); k >= 0 {
			in = KernelDirs[k]
		}
		aliases = append(aliases, mount{at, kernelFSTypes[k], in})
	}
	var held []string
	for _, r := range rules {
		if r.Access&(landlock.ReadFile|landlock.WriteFile) == 0 {
			continue
		}
		for _, m := range aliases {
			if r.Access&landlock.WriteFile == 0 && !slices.Contains(deviceFS, m.fs) {
				continue
			}
			alias := within(m.at, r.Path) || within(r.Path, m.at)
			if m.in != "" {
				alias = r.Path != m.in && within(r.Path, m.in) && m.at != r.Path && within(m.at, r.Path)
			}
			if what := m.at + " (" + m.fs + ")"; alias && !slices.Contains(held, what) {
				held = append(held, what)
			}
		}
	}
	return held
}

// readMountinfo reads the mount table at path (/proc/self/mountinfo) in
// as few reads as it takes (each one renders the mounts afresh), through
// a bare descriptor.
func readMountinfo(path string) ([]byte, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	b := make([]byte, 0, 4<<10) // a machine's is 2–4 KiB; grown for more
	for {
		if len(b) == cap(b) {
			b = slices.Grow(b, cap(b))
		}
		n, err := unix.Read(fd, b[len(b):cap(b)])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return b, nil
		}
		b = b[:len(b)+n]
	}
}

// kernelDebugFS are those of kernelFSTypes that hold the kernel's
// debugging, security and firmware interfaces, mounted in /sys: tracefs
// (the host's trace buffer, whose trace_pipe a reader empties, taking the
// events from the host's tracers; the kernel's function list), debugfs,
// securityfs (IMA's measurement logs), efivarfs (the firmware's
// variables), pstore (the last crashes' logs) and bpf (pinned BPF maps
// and programs). Most of their files are root's by their owner's bits: a
// command run as root reads them with no capability. No program a
// sandboxed command runs needs them.
var kernelDebugFS = []string{"tracefs", "debugfs", "securityfs", "efivarfs", "pstore", "bpf"}

// kernelDebugMounts returns the mount points in /sys of kernelDebugFS in
// info (mountinfo's text), outermost only (tracefs in debugfs's tracing
// is hidden with it).
func kernelDebugMounts(info []byte) []string {
	var at []string
	for head, tail := range mountinfoLines(info) {
		fs, _, _ := bytes.Cut(tail, []byte(" "))
		if !slices.Contains(kernelDebugFS, string(fs)) {
			continue
		}
		f := bytes.Fields(head)
		if len(f) < 6 {
			continue
		}
		if m := unescapeMountinfo(string(f[4])); m != "/sys" && within(m, "/sys") {
			at = append(at, m)
		}
	}
	return slices.DeleteFunc(at, func(m string) bool {
		return slices.ContainsFunc(at, func(o string) bool { return o != m && within(m, o) })
	})
}

// hostFirmware is the firmware's description of the machine in /sys:
// the ACPI tables (an OEM machine's MSDM holds its Windows product key),
// the SMBIOS (DMI) tables with its serial numbers and UUID, EFI's system
// table, the memory map, QEMU's fw_cfg entries (a VM's provisioning
// data). Root's by their mode mostly: a command run as root reads them
// with no capability. Programs read the machine's make and model in
// /sys/class/dmi/id instead (systemd-detect-virt, lscpu), which stays;
// dmidecode, run as root, then fails as it does for an ordinary user.
var hostFirmware = "/sys/firmware"

// firmwareKept is what hideKernelDebug binds back into the empty
// hostFirmware where the host has it: the device tree (/proc/device-tree
// links there), readable by every user, where programs on ARM boards read
// the board's model.
var firmwareKept = []string{"/sys/firmware/devicetree"}

// hideKernelDebug lays an empty read-only tmpfs over each mount of
// kernelDebugFS in /sys the host has (info, the mount table the plan
// read; none where it could not be read), as denyRead hides a directory:
// listed, it is empty. Not one a grant lies in or on (--allow-read
// /sys/kernel/tracing asks for it). Without the layer they stay readable:
// Landlock grants /sys as a whole.
//
// Where the command could read root's files there (readsRootFiles), it
// lays one over hostFirmware too, into which the paths of keep (the root,
// the grants, the working directory: keptPaths) and firmwareKept that lie
// there are bound back, as hide binds them into /tmp (a working directory
// there only with a root or grant there that holds it); the kernelDebugFS
// mounts in it (efivarfs) go with it. An ordinary user's command cannot
// read what it hides: no mount is made there.
func (l *nsLayer) hideKernelDebug(p Policy, info []byte, keep []keptPath) {
	firmware := l.hideFirmware(p, keep)
	for _, m := range kernelDebugMounts(info) {
		if firmware != "" && within(m, firmware) {
			continue
		}
		if slices.ContainsFunc(p.Grants, func(g Grant) bool {
			real, err := l.res.eval(g.Path)
			return err == nil && within(real, m)
		}) {
			continue
		}
		l.add(mountEmpty, m)
		l.add(mountRdonly, m)
	}
}

// hideFirmware adds the steps that hide hostFirmware (see hideKernelDebug)
// and returns its real path, or "" where it stays as it is: the command
// could not read root's files there, the host has none (an empty one, as
// Docker masks it), or a path of keep holds it.
func (l *nsLayer) hideFirmware(p Policy, keep []keptPath) string {
	if !readsRootFiles(p, os.Geteuid()) {
		return ""
	}
	real, err := l.res.eval(hostFirmware)
	if err != nil {
		return ""
	}
	if fi, err := l.res.stat(real); err != nil || !fi.IsDir() || holdsNothing(real, fi) {
		return ""
	}
	for _, k := range firmwareKept {
		if r, err := l.res.eval(k); err == nil {
			keep = append(keep, keptPath{real: r})
		}
	}
	// The default policy's grant of /sys holds a working directory in it
	// but brings none back (bareWorkingDir): a root command run from
	// /sys/firmware/acpi/tables read them there.
	keep, empty := bareWorkingDir(keep, real)
	inside, ok := l.keepInside(real, keep, "root's firmware tables there readable")
	if !ok {
		return ""
	}
	l.add(mountEmpty, real)
	l.placeInside(real, inside, "")
	if empty != "" {
		l.add(mountMkdir, empty)
	}
	l.add(mountRdonly, real)
	return real
}

// readsRootFiles says whether a command of policy p, run by a runner of
// effective user euid, reads files only root may read: run as root, by
// their owner's bits; or keeping a capability that reads past
// permissions. An ordinary user's command in the layer's user namespace
// reads what that user may.
func readsRootFiles(p Policy, euid int) bool {
	return euid == 0 || keepsDAC(p)
}

// keepsDAC says whether the command keeps a capability that reads past
// permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH): it reads files
// whatever their mode (Fedora's /etc/shadow is 0000).
func keepsDAC(p Policy) bool {
	const capDACOverride, capDACReadSearch = 1, 2
	return p.keepsCap(capDACOverride) || p.keepsCap(capDACReadSearch)
}

// corePatternFile is the kernel's core_pattern.
const corePatternFile = "/proc/sys/kernel/core_pattern"

// corePipes reports whether the kernel hands core dumps to a program:
// core_pattern begins with "|" (apport, systemd-coredump), which the
// kernel runs as root in the host's namespaces for a sandboxed process's
// dump too, with the layer or without it, whatever the process's
// RLIMIT_CORE but for a limit of exactly 1; a red team's crashing command
// had the host's helper run so, which writes the dump, the command's
// memory, outside every grant (/var/crash, /var/lib/systemd/coredump) and
// past the run. Or "@", a socket the kernel connects to (Linux 6.16)
// whatever the limit: the service listening there is told it, and
// systemd-coredump keeps no core below a page. A dump to a file meets
// Landlock's rules and is left alone. A core_pattern that cannot be read
// (a container that masks it) may be either: the limit is locked then too.
func corePipes() bool { return corePipesAt(corePatternFile) }

// corePipesAt is corePipes with the core_pattern read from path.
func corePipesAt(path string) bool {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return true
	}
	defer unix.Close(fd)
	var b [1]byte
	n, err := unix.Read(fd, b[:])
	return err != nil || n == 1 && (b[0] == '|' || b[0] == '@')
}
