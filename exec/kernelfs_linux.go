//go:build linux

package exec

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
// bind of /dev, or of / with its mounts, as a container's tooling leaves)
// that a grant of p, or its root, holds or lies in: a write grant any of
// them, a read grant those holding device nodes. Landlock's rules on
// /proc, /sys and /dev do not reach them there (holdsKernelDirsWithout
// and KernelWrite judge those by name); the layer makes every mount but
// its own /dev read-only and without devices. With the layer, nil:
// nothing is read on a run's way.
func (p Policy) kernelMountsHeldWithout(layer bool) []string {
	if layer {
		return nil
	}
	info, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil // no /proc: Landlock's rules alone, as before
	}
	// in is the kernel directory a mount lies in, or "": one there is
	// judged by name (Landlock's rules on it) but where a grant lying in
	// that directory holds it below (a bind of / in /dev/shm, which the
	// default policy grants writable).
	type mount struct{ at, fs, in string }
	var aliases []mount
	for line := range bytes.Lines(info) {
		// id parent major:minor root mountpoint options [optional…] - fstype source super
		f := strings.Fields(string(line))
		sep := slices.Index(f, "-")
		if sep < 6 || sep+1 >= len(f) || !slices.Contains(kernelFSTypes, f[sep+1]) {
			continue
		}
		at, in := unescapeMountinfo(f[4]), ""
		if k := slices.IndexFunc(KernelDirs, func(k string) bool { return within(at, k) }); k >= 0 {
			in = KernelDirs[k]
		}
		aliases = append(aliases, mount{at, f[sep+1], in})
	}
	if len(aliases) == 0 {
		return nil
	}
	// The root is a grant too, the widest: a chroot's proc that a build in
	// the project mounted there opened for writing through it.
	grants := p.Grants
	if p.Root != "" {
		grants = append([]Grant{{Path: p.Root, Access: p.rootAccess()}}, p.Grants...)
	}
	var held []string
	for _, g := range grants {
		if g.Access&(Read|Write) == 0 || !filepath.IsAbs(g.Path) {
			continue
		}
		real, err := filepath.EvalSymlinks(g.Path)
		if err != nil {
			continue // a missing optional grant grants nothing
		}
		for _, m := range aliases {
			if g.Access&Write == 0 && !slices.Contains(deviceFS, m.fs) {
				continue
			}
			what := m.at + " (" + m.fs + ")"
			alias := within(m.at, real) || within(real, m.at)
			if m.in != "" {
				alias = real != m.in && within(real, m.in) && m.at != real && within(m.at, real)
			}
			if alias && !slices.Contains(held, what) {
				held = append(held, what)
			}
		}
	}
	return held
}
