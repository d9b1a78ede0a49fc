//go:build linux

package exec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/landlock"
)

// TestHeldAliases: the kernel's file systems under another name than
// /proc, /sys and /dev count where a rule lets files be written below
// them or in them (device nodes: read too); those in their own places
// count only where a rule lying in that directory holds them below.
func TestHeldAliases(t *testing.T) {
	info := []byte(`22 27 0:21 / /proc rw,relatime - proc proc rw
23 27 0:22 / /sys rw,relatime - sysfs sysfs rw
24 27 0:5 / /dev rw,nosuid - devtmpfs devtmpfs rw
25 24 0:23 / /dev/pts rw,nosuid,noexec - devpts devpts rw
26 24 0:24 / /dev/shm rw,nosuid,nodev - tmpfs tmpfs rw
27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
40 27 0:21 / /srv/root\040alias/proc rw,relatime - proc proc rw
41 27 0:5 / /srv/root\040alias/dev rw,nosuid - devtmpfs devtmpfs rw
42 26 0:21 / /dev/shm/x/proc rw,relatime - proc proc rw
43 27 0:30 / /home/u/proj/mnt rw,relatime shared:1 - ext4 /dev/vdb rw
`)
	rw := landlock.ReadFile | landlock.WriteFile | landlock.ReadDir
	ro := landlock.ReadFile | landlock.ReadDir
	for _, tt := range []struct {
		name  string
		rules []landlock.PathRule
		want  []string
	}{
		{"the default's rules", []landlock.PathRule{{Path: "/home/u/proj", Access: rw}, {Path: "/usr", Access: ro}, {Path: "/proc", Access: ro}, {Path: "/sys", Access: ro}, {Path: "/dev/null", Access: rw}, {Path: "/dev/pts", Access: rw}}, nil},
		{"a write grant holding the alias", []landlock.PathRule{{Path: "/srv", Access: rw}}, []string{"/srv/root alias/proc (proc)", "/srv/root alias/dev (devtmpfs)"}},
		{"a read grant: device nodes only", []landlock.PathRule{{Path: "/srv/root alias", Access: ro}}, []string{"/srv/root alias/dev (devtmpfs)"}},
		{"a grant inside the alias", []landlock.PathRule{{Path: "/srv/root alias/proc/sys", Access: rw}}, []string{"/srv/root alias/proc (proc)"}},
		{"a listing only", []landlock.PathRule{{Path: "/srv", Access: landlock.ReadDir}}, nil},
		{"/dev/shm holding a bind", []landlock.PathRule{{Path: "/dev/shm", Access: rw}}, []string{"/dev/shm/x/proc (proc)"}},
	} {
		if got := heldAliases(info, tt.rules); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestMountsHeldUnreadable: a mount table the runner cannot read holds
// what it cannot see: the run is refused (unless best effort), not judged
// on nothing.
func TestMountsHeldUnreadable(t *testing.T) {
	rules := []landlock.PathRule{{Path: "/home/u/proj", Access: landlock.ReadFile | landlock.WriteFile}}
	got := mountsHeld(filepath.Join(t.TempDir(), "missing"), rules)
	if len(got) != 1 || !strings.Contains(got[0], "mounts the runner cannot list") {
		t.Errorf("mountsHeld of a missing table = %q, want it held as unlisted", got)
	}
	if got := mountsHeld("/proc/self/mountinfo", rules); len(got) != 0 {
		t.Errorf("mountsHeld of this process's table, the project's rule only = %q, want none", got)
	}
}

// TestKernelDebugMounts: the kernel's debugging and firmware file systems
// mounted in /sys are found in the mount table, outermost only (debugfs's
// tracing with debugfs); elsewhere, or other file systems in /sys (the
// cgroups), they are not.
func TestKernelDebugMounts(t *testing.T) {
	info := []byte(`22 27 0:21 / /proc rw,relatime - proc proc rw
23 27 0:22 / /sys rw,relatime - sysfs sysfs rw
30 23 0:27 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw
31 23 0:7 / /sys/kernel/debug rw,relatime - debugfs debugfs rw
32 31 0:13 / /sys/kernel/debug/tracing rw,relatime - tracefs tracefs rw
33 23 0:13 / /sys/kernel/tracing rw,relatime - tracefs tracefs rw
34 23 0:8 / /sys/kernel/security rw,relatime - securityfs securityfs rw
35 23 0:9 / /sys/firmware/efi/efivars rw,relatime - efivarfs efivarfs rw
36 23 0:10 / /sys/fs/pstore rw,relatime - pstore pstore rw
37 23 0:11 / /sys/fs/bpf rw,relatime - bpf bpf rw
38 27 0:13 / /srv/trace\040s rw,relatime - tracefs tracefs rw
39 23 0:28 / /sys/kernel/config rw,relatime - configfs configfs rw
`)
	want := []string{"/sys/kernel/debug", "/sys/kernel/tracing", "/sys/kernel/security", "/sys/firmware/efi/efivars", "/sys/fs/pstore", "/sys/fs/bpf"}
	if got := kernelDebugMounts(info); !slices.Equal(got, want) {
		t.Errorf("kernelDebugMounts = %q, want %q", got, want)
	}
	if got := kernelDebugMounts(nil); got != nil {
		t.Errorf("kernelDebugMounts of no table = %q, want none", got)
	}
}

// TestPlanHostFirmware: where the command could read root's files (run as
// root, or keeping a capability that reads past permissions), the plan
// hides /sys/firmware (the ACPI tables, an OEM machine's Windows key in
// MSDM; the DMI tables) behind one empty read-only tmpfs, a mount and a
// mount_setattr, binding back the device tree and the grants in it, and
// the DMI serial numbers and UUID root alone reads behind one mount each;
// an ordinary user's command gets none of them. The kernel's debugging
// mounts in /sys/firmware (efivarfs) go with it.
func TestPlanHostFirmware(t *testing.T) {
	var p Policy
	for _, tt := range []struct {
		euid int
		caps []string
		want bool
	}{{0, nil, true}, {1000, nil, false}, {1000, []string{"CAP_DAC_READ_SEARCH"}, true}, {1000, []string{"dac_override"}, true}, {1000, []string{"CAP_NET_BIND_SERVICE"}, false}} {
		p.KeepCaps = tt.caps
		if got := readsRootFiles(p, tt.euid); got != tt.want {
			t.Errorf("readsRootFiles(uid %d, caps %q) = %v, want %v", tt.euid, tt.caps, got, tt.want)
		}
	}

	// This host's, as the default policy's plan has it.
	root := t.TempDir()
	l := planNamespace(DefaultPolicy(root), root, "")
	var firmware []mountStep
	for _, s := range l.steps {
		if within(s.Path, "/sys/firmware") {
			firmware = append(firmware, s)
		}
	}
	fi, err := os.Stat("/sys/firmware")
	switch {
	case err != nil || !fi.IsDir() || holdsNothing("/sys/firmware", fi):
		if len(firmware) != 0 {
			t.Errorf("no /sys/firmware to hide here: steps %v", firmware)
		}
	case os.Geteuid() != 0:
		if len(firmware) != 0 {
			t.Errorf("an ordinary user's run: steps %v, want no mount", firmware)
		}
	default:
		if _, err := os.Stat("/sys/firmware/devicetree"); err == nil {
			t.Logf("a device tree here: bound back, two steps more")
			break
		}
		if want := []mountStep{{Op: mountEmpty, Path: "/sys/firmware"}, {Op: mountRdonly, Path: "/sys/firmware"}}; !slices.Equal(firmware, want) {
			t.Errorf("root's run: steps %v, want %v (one mount and its seal)", firmware, want)
		}
	}
	for _, d := range hostIdentifiers {
		fi, err := os.Stat(d)
		hidden := slices.Contains(l.steps, mountStep{Op: mountHideFile, Path: d})
		if want := err == nil && fi.Size() > 0 && readableWithoutCaps(d, fi); hidden != want {
			t.Errorf("%s hidden: %v, want %v", d, hidden, want)
		}
	}

	// A stand-in firmware directory, to see what is bound back.
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fw := filepath.Join(dir, "firmware")
	for _, d := range []string{"acpi/tables", "devicetree/base", "efi/efivars", "granted"} {
		if err := os.MkdirAll(filepath.Join(fw, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	defer func(f string, k []string) { hostFirmware, firmwareKept = f, k }(hostFirmware, firmwareKept)
	hostFirmware, firmwareKept = fw, []string{filepath.Join(fw, "devicetree"), filepath.Join(fw, "missing")}
	info := []byte("35 23 0:9 / /sys/firmware/efi/efivars rw,relatime - efivarfs efivarfs rw\n36 23 0:10 / /sys/fs/pstore rw,relatime - pstore pstore rw\n")
	granted := filepath.Join(fw, "granted")
	p = Policy{KeepCaps: []string{"CAP_DAC_OVERRIDE"}, Grants: []Grant{{Path: "/", Access: Read}, {Path: granted, Access: Read}}}
	l = &nsLayer{res: newResolver(32)}
	l.hideKernelDebug(p, info, keptPaths(p, "/", l.res))
	want := []mountStep{
		{Op: mountKeep, Path: granted}, {Op: mountKeep, Path: filepath.Join(fw, "devicetree")},
		{Op: mountEmpty, Path: fw},
		{Op: mountPlace, Path: granted}, {Op: mountPlace, Path: filepath.Join(fw, "devicetree")},
		{Op: mountRdonly, Path: fw},
		{Op: mountEmpty, Path: "/sys/firmware/efi/efivars"}, {Op: mountRdonly, Path: "/sys/firmware/efi/efivars"},
		{Op: mountEmpty, Path: "/sys/fs/pstore"}, {Op: mountRdonly, Path: "/sys/fs/pstore"},
	}
	if !slices.Equal(l.steps, want) {
		t.Errorf("a stand-in firmware directory: steps\n%v\nwant\n%v", l.steps, want)
	}
	// A working directory there is an empty one of its name, though the
	// grant of / holds it; one in a grant there is bound back with it.
	tables := filepath.Join(fw, "acpi", "tables")
	l = &nsLayer{res: newResolver(32)}
	l.hideFirmware(p, keptPaths(p, tables, l.res))
	if !slices.Contains(l.steps, mountStep{Op: mountMkdir, Path: tables}) || slices.Contains(l.steps, mountStep{Op: mountKeep, Path: tables}) {
		t.Errorf("a working directory in it: steps %v, want an empty %s made, not bound back", l.steps, tables)
	}
	l = &nsLayer{res: newResolver(32)}
	l.hideFirmware(p, keptPaths(p, filepath.Join(granted, "x"), l.res))
	if slices.ContainsFunc(l.steps, func(s mountStep) bool { return s.Op == mountMkdir }) || !slices.Contains(l.steps, mountStep{Op: mountKeep, Path: granted}) {
		t.Errorf("a working directory in a grant there: steps %v, want the grant bound back, no directory made", l.steps)
	}
	// A writable grant holding it leaves it as the host has it; so does an
	// ordinary user's run; an empty one needs no mount.
	for name, q := range map[string]Policy{
		"a writable grant": {KeepCaps: p.KeepCaps, Grants: []Grant{{Path: dir, Access: Read | Write}}},
		"no capability":    {Grants: p.Grants},
	} {
		if name == "no capability" && os.Geteuid() == 0 {
			continue
		}
		l = &nsLayer{res: newResolver(32)}
		if l.hideFirmware(q, keptPaths(q, "/", l.res)) != "" || len(l.steps) != 0 {
			t.Errorf("%s: steps %v, want none", name, l.steps)
		}
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	hostFirmware = empty
	l = &nsLayer{res: newResolver(32)}
	if l.hideFirmware(p, nil) != "" || len(l.steps) != 0 {
		t.Errorf("an empty firmware directory: steps %v, want none", l.steps)
	}
}

// TestPlanHostIdentifiers: a file of hostIdentifiers (the DMI serial
// numbers and UUID, 0400 root's) is hidden behind one mount where the
// command could read it, and not where it could not or it is empty
// (unless a capability reads past permissions: then every one there is).
func TestPlanHostIdentifiers(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	serial, blank := filepath.Join(dir, "product_serial"), filepath.Join(dir, "board_serial")
	os.WriteFile(serial, []byte("PF0XXXXX\n"), 0o400)
	os.WriteFile(blank, nil, 0o400)
	defer func(ids []string) { hostIdentifiers = ids }(hostIdentifiers)
	hostIdentifiers = []string{serial, blank, filepath.Join(dir, "chassis_serial")}
	for _, caps := range [][]string{nil, {"CAP_DAC_READ_SEARCH"}} {
		p := Policy{KeepCaps: caps, Grants: []Grant{{Path: dir, Access: Read}}}
		l := &nsLayer{res: newResolver(32)}
		l.denyRead(p)
		// The test's own file: readable by its owner's bits, root's or
		// not. A capability's run hides every one there is, as it does
		// the password hashes.
		want := []mountStep{{Op: mountHideFile, Path: serial}}
		if caps != nil {
			want = append(want, mountStep{Op: mountHideFile, Path: blank})
		}
		if !slices.Equal(l.steps, want) {
			t.Errorf("caps %q: steps %v, want %v", caps, l.steps, want)
		}
	}
	os.Chmod(serial, 0)
	if os.Geteuid() != 0 {
		p := Policy{Grants: []Grant{{Path: dir, Access: Read}}}
		l := &nsLayer{res: newResolver(32)}
		l.denyRead(p)
		if len(l.steps) != 0 {
			t.Errorf("a file its user cannot read: steps %v, want none", l.steps)
		}
	}
}
