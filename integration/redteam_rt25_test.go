//go:build linux

package integration

// A red-team round against the kernel's own interfaces (rt25): file
// handles, other processes' memory and descriptors, namespaces and the new
// mount API, the kernel's facilities (bpf, perf, fanotify, the log,
// accounting, quotas, kexec, modules, I/O ports, the LDT, PR_SET_MM), the
// command's own seccomp filter and Landlock domain, socket families,
// terminals, /proc's writable files, watches, leases and splicing. Each
// attack is made by testdata/kernel.c (or attack.c where it has the probe)
// inside the sandbox, with the namespace layer and without it, beside the
// legitimate neighbour that must keep working.

import (
	"context"
	"fmt"
	"net"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// kernelPrelude defines, beside the prelude's c and p,
//
//	k LABEL PROBE...  runs ./kernel PROBE and prints "LABEL: PROBE ok|errno=N …"
var kernelPrelude = probeFunc("k", "kernel", "")

// installKernel copies the attack probe and the kernel probe into the
// root as ./attack and ./kernel.
func (b *box) installKernel() {
	b.t.Helper()
	b.install()
	b.installProbe("kernel")
}

// layered says whether flags run the command under the namespace layer.
func layered(flags []string) bool {
	return !slices.Contains(flags, "--no-namespaces")
}

// attackCase is one attack, the errnos it may fail with, and the
// neighbour that must work.
type attackCase struct {
	attack    string
	errno     []int
	neighbour string
}

func (o outcomes) each(t *testing.T, cases []attackCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.attack+"/"+tt.neighbour, func(t *testing.T) {
			o.errno(t, tt.attack, tt.errno...)
			o.ok(t, tt.neighbour)
		})
	}
}

// TestKernelOtherProcessesRT25: another process's memory
// (process_vm_readv), descriptors (pidfd_getfd) and namespaces (setns, by
// a pidfd or by /proc/PID/ns) are out of reach: the runner, a process of
// the same user outside the sandbox, and pid 1 (the host's init without
// the layer, the pid namespace's own, undumpable, with it). Without the
// layer seccomp refuses the calls outright, the command's own children
// too (README: only the layer's pid namespace allows them); under the
// layer the outside process has no pid there (ESRCH), init refuses them
// (EPERM), and the command's own child is read and its descriptor taken.
func TestKernelOtherProcessesRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		victim := outsider(t)
		o := b.check(kernelPrelude+strings.ReplaceAll(`
k vm-readv-runner vm-readv $PPID
k vm-readv-outsider vm-readv VICTIM
k vm-readv-init vm-readv 1
k getfd-runner pidfd-getfd $PPID 0
k getfd-outsider pidfd-getfd VICTIM 0
k getfd-init pidfd-getfd 1 0
k setns-init setns-pidfd 1
k setns-outsider setns-pidfd VICTIM
p setns-init-path setns /proc/1/ns/mnt
p setns-outsider-path setns /proc/VICTIM/ns/mnt
k vm-readv-child vm-readv-child
k getfd-child pidfd-getfd-child
p mem-self open-mem-ro self
p setsid setsid
`, "VICTIM", strconv.Itoa(victim)), flags...)
		outside := []int{eperm} // seccomp
		if layered(flags) {
			outside = []int{esrch} // no such pid in the command's pid namespace
		}
		o.each(t, []attackCase{
			{"vm-readv-runner", []int{eperm}, "mem-self"}, // under the layer $PPID is init
			{"vm-readv-outsider", outside, "mem-self"},
			{"vm-readv-init", []int{eperm}, "mem-self"},
			{"getfd-runner", []int{eperm}, "mem-self"},
			{"getfd-outsider", outside, "mem-self"},
			{"getfd-init", []int{eperm}, "mem-self"},
			{"setns-init", []int{eperm}, "setsid"},
			{"setns-outsider", outside, "setsid"},
			// Opening another's namespace is Landlock's ptrace scope
			// (EACCES), setns seccomp's (EPERM); under the layer the
			// outsider's /proc entry is not there.
			{"setns-init-path", []int{eacces, eperm}, "setsid"},
			{"setns-outsider-path", append(outside, eacces, enoent), "setsid"},
		})
		if layered(flags) {
			o.ok(t, "vm-readv-child")
			o.ok(t, "getfd-child")
		} else {
			o.errno(t, "vm-readv-child", eperm)
			o.errno(t, "getfd-child", eperm)
		}
		if s := stateOf(t, victim).state; strings.ContainsAny(s, "ZXTt") {
			t.Errorf("the outside process is in state %s after the attacks", s)
		}
	})
}

// TestKernelNamespacesAndMountsRT25: no namespace of the command's own
// (a time namespace by unshare, a user namespace by clone, in which the
// mount tricks would follow: there is none to try them in), no mount by
// the new API, each of its calls refused on its own (EPERM where an
// unfiltered kernel says EBADF of fd 99), no pivot_root or chroot; the
// mount table is the same after the attempts. Neighbours: statfs, a new
// session, chdir.
func TestKernelNamespacesAndMountsRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		if err := os.Mkdir(filepath.Join(b.root, "mnt"), 0o755); err != nil {
			t.Fatal(err)
		}
		o := b.check(kernelPrelude+`
k unshare-time unshare-time
k clone-newuser clone-newuser
p unshare-user unshare-user
k fsopen-chain fsopen-chain mnt
k fsconfig fsconfig
k fsmount fsmount
k move-mount-fd move-mount-fd
p open-tree-clone open-tree-clone .
p pivot-root pivot-root . mnt
p chroot chroot
c unshare-map unshare -Ur sh -c 'mount -t tmpfs none mnt'
c mounts-same sh -c 'a=$(wc -l < /proc/self/mountinfo); ./kernel fsopen-chain mnt; ./attack mount-tmpfs mnt; test "$(wc -l < /proc/self/mountinfo)" = "$a"'
p statfs statfs
p setsid setsid
p chdir chdir
`, flags...)
		o.each(t, []attackCase{
			{"unshare-time", []int{eperm}, "setsid"},
			{"clone-newuser", []int{eperm}, "setsid"},
			{"unshare-user", []int{eperm}, "setsid"},
			{"fsopen-chain", []int{eperm}, "statfs"},
			{"fsconfig", []int{eperm}, "statfs"},
			{"fsmount", []int{eperm}, "statfs"},
			{"move-mount-fd", []int{eperm}, "statfs"},
			{"open-tree-clone", []int{eperm}, "statfs"},
			{"pivot-root", []int{eperm}, "chdir"},
			{"chroot", []int{eperm}, "chdir"},
		})
		o.fails(t, "unshare-map")
		o.ok(t, "mounts-same")
		if got, _ := os.ReadDir(filepath.Join(b.root, "mnt")); len(got) != 0 {
			t.Errorf("mnt holds %d entries after the attempts, want none", len(got))
		}
	})
}

// TestKernelFacilitiesRT25: what acts on the kernel itself, or reads what
// it keeps for everyone, is refused: bpf maps and programs, perf events
// (on itself, system-wide, on the runner, a tracepoint), fanotify, the
// kernel log (syslog; /dev/kmsg and /proc/kmsg are not opened), process
// accounting, quotas, kexec, modules, I/O ports, the LDT, hanging up the
// terminal, /proc/sys and the sysrq and binfmt_misc files written. Each
// refused by seccomp (EPERM), or by Landlock and the layer's read-only
// /proc (EACCES, EROFS; ENOENT where the kernel has no such file).
// Neighbours: prctl, the thread pointer read (arch_prctl), the size of
// PR_SET_MM's map, a sysctl read.
func TestKernelFacilitiesRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		o := b.check(kernelPrelude+`
p bpf-map bpf
k bpf-prog bpf-prog
k perf-self perf 1 0 0 -1
k perf-system perf 1 0 -1 0
k perf-runner perf 1 0 $PPID -1
k perf-tracepoint perf 2 1 -1 0
k fanotify fanotify-init
k syslog-read syslog 3
k syslog-size syslog 10
k kmsg-dev open-r /dev/kmsg
k kmsg-proc open-r /proc/kmsg
k acct acct -
k quotactl quotactl /dev/null
k kexec kexec-load
k finit-module finit-module /dev/null
k init-module init-module
k delete-module delete-module
k iopl iopl
k ioperm ioperm
k ldt-read modify-ldt-read
k ldt-write modify-ldt-write
k pr-set-mm pr-set-mm
k pr-set-mm-exe pr-set-mm-exe
k vhangup vhangup
k sysctl-write open-w /proc/sys/kernel/hostname
k drop-caches open-w /proc/sys/vm/drop_caches
k sysrq open-w /proc/sysrq-trigger
k binfmt-register open-w /proc/sys/fs/binfmt_misc/register
k sysctl-read open-r /proc/sys/kernel/hostname
k arch-prctl arch-prctl
k pr-set-mm-map-size pr-set-mm-map-size
p prctl prctl-seccomp
`, flags...)
		proc := []int{eacces, erofs, enoent}
		o.each(t, []attackCase{
			{"bpf-map", []int{eperm}, "prctl"},
			{"bpf-prog", []int{eperm}, "prctl"},
			{"perf-self", []int{eperm}, "prctl"},
			{"perf-system", []int{eperm}, "prctl"},
			{"perf-runner", []int{eperm}, "prctl"},
			{"perf-tracepoint", []int{eperm}, "prctl"},
			{"fanotify", []int{eperm}, "prctl"},
			{"syslog-read", []int{eperm}, "sysctl-read"},
			{"syslog-size", []int{eperm}, "sysctl-read"},
			// /dev/kmsg is granted nowhere (EACCES; under the layer
			// /dev is the sandbox's own: ENOENT); /proc/kmsg takes
			// CAP_SYSLOG, which the command lacks, and is root's alone.
			{"kmsg-dev", []int{eacces, enoent}, "sysctl-read"},
			{"kmsg-proc", []int{eperm, eacces}, "sysctl-read"},
			{"acct", []int{eperm}, "prctl"},
			{"quotactl", []int{eperm}, "prctl"},
			{"kexec", []int{eperm}, "prctl"},
			{"finit-module", []int{eperm}, "prctl"},
			{"init-module", []int{eperm}, "prctl"},
			{"delete-module", []int{eperm}, "prctl"},
			{"iopl", []int{eperm}, "prctl"},
			{"ioperm", []int{eperm}, "prctl"},
			// modify_ldt: the LDT is the caller's own, but the call
			// is kernel attack surface no build needs (a string of
			// CVEs: the espfix and LDT races), refused beside vm86 as
			// Docker's default profile and systemd's
			// @cpu-emulation do. arch_prctl stays.
			{"ldt-read", []int{eperm}, "arch-prctl"},
			{"ldt-write", []int{eperm}, "arch-prctl"},
			// PR_SET_MM takes CAP_SYS_RESOURCE, which the command
			// lacks (the kernel's EPERM, not the filter's); kept with
			// --keep-cap it changes the command's own process alone.
			{"pr-set-mm", []int{eperm}, "pr-set-mm-map-size"},
			{"pr-set-mm-exe", []int{eperm}, "pr-set-mm-map-size"},
			{"vhangup", []int{eperm}, "prctl"},
			{"sysctl-write", proc, "sysctl-read"},
			{"drop-caches", proc, "sysctl-read"},
			{"sysrq", proc, "sysctl-read"},
			{"binfmt-register", proc, "sysctl-read"},
		})
	})
}

// TestKernelOwnFilterAndDomainRT25: a seccomp filter of the command's own
// that sends mount to its own supervisor (SECCOMP_RET_USER_NOTIF), the
// supervisor answering success, does not turn the sandbox's refusal into
// a success: ERRNO takes precedence over USER_NOTIF, so the supervisor
// never hears of mount, which fails EPERM; getppid, which the sandbox
// allows, gets the supervisor's 4242 (the neighbour: the filter works). A
// Landlock domain of its own that grants every right beneath / takes
// nothing from the sandbox's: an outside file stays unreadable, a file in
// the root reads.
func TestKernelOwnFilterAndDomainRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		hidden := b.file(filepath.Join(b.out, "hidden"), "not granted\n", 0o644)
		b.file("mine", "the root's\n", 0o644)
		o := b.check(kernelPrelude+`
k notif user-notif
k nested-out landlock-nested `+hidden+`
k nested-in landlock-nested mine
`, flags...)
		o.errno(t, "notif", eperm)
		if got := o["notif"]; !strings.Contains(got, "getppid=4242 ") || !strings.Contains(got, "heard-mount=0 ") {
			t.Errorf("notif: %s; want getppid answered by the supervisor (4242) and mount never sent to it", got)
		}
		o.errno(t, "nested-out", eacces)
		o.ok(t, "nested-in")
	})
}

// TestKernelSocketFamiliesRT25: socket families the network policy does
// not name stay refused under network none and --network all: AF_ALG (the
// kernel's crypto), AF_VSOCK (the hypervisor's services on a VM, as here),
// AF_PACKET, netlink but NETLINK_ROUTE. A unix socket a host program
// listens on in the root is not reached without --allow-unix-sockets, so
// no descriptor passes to or from it (SCM_RIGHTS); descriptors pass
// between a stream pair's ends (the neighbour), and under --network all
// NETLINK_ROUTE opens.
func TestKernelSocketFamiliesRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		sock := filepath.Join(b.root, "host.sock")
		l, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		accepted := make(chan struct{}, 1)
		go func() {
			if c, err := l.Accept(); err == nil {
				c.Close()
				accepted <- struct{}{}
			}
		}()
		script := kernelPrelude + `
k alg socket 38 5 0
k vsock-stream socket 40 1 0
k vsock-dgram socket 40 2 0
k packet socket 17 3 0
k packet-dgram socket 17 2 0
k nl-audit socket 16 3 9
k nl-xfrm socket 16 3 6
k nl-netfilter socket 16 3 12
k nl-uevent socket 16 3 15
k nl-generic socket 16 3 16
k nl-diag socket 16 3 4
k nl-route socket 16 3 0
p host-unix unix-connect host.sock
k scm-pair scm-rights-pair
`
		for _, network := range []string{"none", "all"} {
			t.Run(network, func(t *testing.T) {
				o := b.with(t).check(script, append(flags, "--network", network)...)
				var cases []attackCase
				for _, a := range []string{"alg", "vsock-stream", "vsock-dgram", "packet", "packet-dgram", "nl-audit", "nl-xfrm", "nl-netfilter", "nl-uevent", "nl-generic", "nl-diag", "host-unix"} {
					cases = append(cases, attackCase{a, []int{eperm}, "scm-pair"})
				}
				o.each(t, cases)
				if network == "all" {
					o.ok(t, "nl-route")
				}
			})
		}
		select {
		case <-accepted:
			t.Error("the host's unix socket took a connection from inside the sandbox")
		case <-time.After(50 * time.Millisecond):
		}
	})
}

// TestKernelTerminalRT25: no input pushed into a terminal (TIOCSTI) or
// pasted into a console's (TIOCLINUX), on a pty of the command's own, on
// the consoles it cannot open, and on its controlling terminal, a real
// one (script's); no hangup of it (vhangup). Neighbours: the terminal's
// settings read, and the terminal still the command's after the attempts.
func TestKernelTerminalRT25(t *testing.T) {
	requireTerminalTakers(t)
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		o := b.check(kernelPrelude+`
k tioclinux tioclinux
k tioclinux-paste tioclinux-paste
k tty0 tiocsti-path /dev/tty0
k tty1 tiocsti-path /dev/tty1
k console tiocsti-path /dev/console
k tcgetattr tcgetattr-pty
`, flags...)
		o.each(t, []attackCase{
			{"tioclinux", []int{eperm}, "tcgetattr"},
			{"tioclinux-paste", []int{eperm}, "tcgetattr"},
			{"tty0", []int{eacces, enoent}, "tcgetattr"}, // granted nowhere; the layer's /dev has none
			{"tty1", []int{eacces, enoent}, "tcgetattr"},
			{"console", []int{eacces, enoent}, "tcgetattr"},
		})

		// On the controlling terminal, script's pty: the run's stdin,
		// stdout and stderr.
		b.file("tty.sh", kernelPrelude+`k sti tiocsti-path /dev/tty
k linux tioclinux-path /dev/tty
k hangup vhangup
k settings tcgetattr-path /dev/tty
test -t 0 && test -t 1 && echo "still: ok"
`, 0o644)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		run := fmt.Sprintf("%q run --yolo %s -- sh tty.sh", bin, strings.Join(flags, " "))
		cmd := osexec.CommandContext(ctx, "script", "-qec", run, "/dev/null")
		cmd.Dir = b.root
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + b.home}
		cmd.WaitDelay = time.Second
		r := runCommand(t, cmd)
		ctty := parseOutcomes(strings.ReplaceAll(r.stdout, "\r", ""))
		ctty.each(t, []attackCase{
			{"sti", []int{eperm}, "settings"},
			{"linux", []int{eperm}, "settings"},
			{"hangup", []int{eperm}, "still"},
		})
	})
}

// TestKernelWatchesLeasesAndSplicingRT25: outside the root, a directory
// the command may not read is not watched by dnotify (F_NOTIFY needs a
// descriptor Landlock lets it open; one opened O_PATH is refused EBADF),
// a file it may only read takes no lease (F_SETLEASE, seccomp) and is not
// written by splice, copy_file_range (EBADF: opened read-only) nor by a
// Dirty Pipe (CVE-2022-0847: the page cache merged into), and nothing is
// spliced into a file outside. Neighbours: dnotify and inotify in the
// root, F_GETLEASE, splicing into the root, vmsplice. inotify on a path
// outside the root works (Landlock does not mediate it): documented in
// the README's default policy (it reports the names of files other
// programs open; hiding the home under the layer was measured and not
// kept), asserted so here.
func TestKernelWatchesLeasesAndSplicingRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		ro := filepath.Join(b.out, "ro")
		const content = "outside, read-only\n"
		outside := b.file(filepath.Join(ro, "f"), content, 0o644)
		hidden := filepath.Join(b.out, "hidden")
		b.file(filepath.Join(hidden, "secret"), "not granted\n", 0o644)
		b.file(filepath.Join(b.home, ".ssh", "id_ed25519"), "PRIVATE\n", 0o600)
		o := b.check(kernelPrelude+strings.NewReplacer("RO", ro, "HIDDEN", hidden, "HOME", b.home).Replace(`
k dnotify-out dnotify HIDDEN
k dnotify-out-opath dnotify-opath HIDDEN
k dnotify-root dnotify .
p inotify-home inotify HOME/.ssh
p inotify-root inotify .
p setlease-out setlease RO/f
p getlease-out getlease RO/f
k splice-ro splice-ro RO/f
k copy-ro copy-range-ro RO/f RO/f
k splice-out splice-out RO/f RO/spliced
k splice-hidden splice-out RO/f HIDDEN/spliced
k splice-in splice-out RO/f spliced
k vmsplice vmsplice
k dirty-pipe dirty-pipe RO/f XX
p read-home read HOME/.ssh/id_ed25519
`), append(flags, "--allow-read", ro)...)
		unseen := []int{eacces} // Landlock
		if layered(flags) {
			unseen = append(unseen, erofs)
		}
		o.each(t, []attackCase{
			{"dnotify-out", []int{eacces}, "dnotify-root"},
			{"dnotify-out-opath", []int{ebadf}, "dnotify-root"},
			{"setlease-out", []int{eperm}, "getlease-out"},
			{"splice-ro", []int{ebadf}, "splice-in"},
			{"copy-ro", []int{ebadf}, "splice-in"},
			{"splice-out", unseen, "splice-in"},
			{"splice-hidden", unseen, "splice-in"},
			{"read-home", []int{eacces}, "inotify-root"},
		})
		o.ok(t, "vmsplice")
		o.ok(t, "inotify-home") // documented: see above
		if got := b.read(outside); got != content {
			t.Errorf("the outside file holds %q, want %q", got, content)
		}
		if got := b.read("spliced"); got != content {
			t.Errorf("the root's spliced copy holds %q, want %q", got, content)
		}
		for _, p := range []string{filepath.Join(ro, "spliced"), filepath.Join(hidden, "spliced")} {
			if b.exists(p) {
				t.Errorf("%s was made from inside the sandbox", p)
			}
		}
	})
}

// TestKernelTracerAndSignalOwnerRT25: under the layer the command may
// trace its own processes, and a tracer changes a call at its entry stop
// (getppid into unshare(CLONE_NEWUSER)): seccomp runs after that stop,
// on the call as changed, so the swap meets the sandbox's EPERM; the
// tracer cannot suspend the child's filters (PTRACE_O_SUSPEND_SECCOMP
// takes CAP_SYS_ADMIN). Without the layer ptrace is refused outright. A
// dnotify watch whose signal (SIGUSR1) the command points at a process of
// the same user outside (F_SETOWN) does not reach it when the command
// makes an event: Landlock's signal scope judges it as the command's own
// kill; under the layer the pid is not there (ESRCH). Neighbours: the
// call traced and left alone, the watch's signal to the command itself.
func TestKernelTracerAndSignalOwnerRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		victim := outsider(t) // SIGUSR1 ends it
		o := b.check(kernelPrelude+fmt.Sprintf(`
k swap ptrace-swap
k noswap ptrace-noswap
k suspend ptrace-suspend-seccomp
k dnotify-outsider dnotify-owner . %d
k dnotify-self dnotify-owner . 0
`, victim), flags...)
		o.errno(t, "suspend", eperm)
		o.errno(t, "swap", eperm)
		if layered(flags) {
			if !strings.Contains(o["swap"], "traced ") {
				t.Errorf("swap: %s; want the call stopped at and swapped, then refused", o["swap"])
			}
			o.ok(t, "noswap")
			o.errno(t, "dnotify-outsider", esrch)
		} else {
			o.errno(t, "noswap", eperm) // ptrace refused outright
			o.ok(t, "dnotify-outsider") // armed: the victim's survival is the verdict
		}
		o.ok(t, "dnotify-self")
		time.Sleep(50 * time.Millisecond)
		if s := stateOf(t, victim).state; strings.ContainsAny(s, "ZXTt") {
			t.Errorf("the outside process is in state %s: the watch's signal reached it", s)
		}
	})
}

// TestKernelShockerRT25: the "shocker" escape forges a file handle for a
// file system's root (inode 2) and opens it by open_by_handle_at from a
// descriptor on that file system, past every path rule; it needs
// CAP_DAC_READ_SEARCH, which --keep-cap keeps for a root runner. seccomp
// refuses the call outright, with the capability too. Neighbour: a
// file's handle (name_to_handle_at, documented as open).
func TestKernelShockerRT25(t *testing.T) {
	inEachLayer(t, func(t *testing.T, b *box, flags []string) {
		b.installKernel()
		b.file("mine", "the root's\n", 0o644)
		script := kernelPrelude + `
k shocker-root shocker .
k shocker-etc shocker /etc
p name-to-handle name-to-handle mine
`
		for _, keep := range [][]string{nil, {"--keep-cap", "CAP_DAC_READ_SEARCH"}} {
			t.Run(strings.Join(append(keep, "-"), " "), func(t *testing.T) {
				o := b.with(t).check(script, append(flags, keep...)...)
				o.each(t, []attackCase{
					{"shocker-root", []int{eperm}, "name-to-handle"},
					{"shocker-etc", []int{eperm}, "name-to-handle"},
				})
			})
		}
	})
}
