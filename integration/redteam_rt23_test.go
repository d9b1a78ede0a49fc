//go:build linux

package integration

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// kernelLayout are the kernel's files that tell where its memory lies and
// what it holds, root's by their mode (0400): the physical pages' flags,
// use counts and memory cgroups (kpageflags, kpagecount, kpagecgroup),
// which a Rowhammer attack reads to find its pages next to the kernel's;
// the kernel heap's caches (slabinfo, and /sys/kernel/slab's counts),
// which a kernel exploit watches as it grooms the heap; the kernel's
// mappings with their physical addresses (vmallocinfo); the page
// allocator's free lists (pagetypeinfo, whose read holds the zone's lock
// with interrupts off); the timers of every CPU (timer_list); what DAMON
// watches, physical memory's ranges or a host process's.
var kernelLayout = []string{
	"/proc/kpageflags", "/proc/kpagecount", "/proc/kpagecgroup", "/proc/slabinfo",
	"/proc/vmallocinfo", "/proc/pagetypeinfo", "/proc/timer_list", "/sys/kernel/slab/kmalloc-64/objects",
	"/sys/kernel/mm/damon/admin/kdamonds/nr_kdamonds",
}

// TestKernelLayoutHidden: a command run as root read every file of
// kernelLayout under the layer by their owner's bits, with no capability
// (red team rt23, on 097e031: kpageflags, slabinfo, vmallocinfo and the
// rest gave 4096 bytes each), as it read the firmware's tables before
// /sys/firmware was hidden. The layer now hides them where the command
// could read them (run as root, or keeping a capability that reads past
// permissions). What programs read in /proc stays: free, ps, the memory
// and zone statistics everyone may read (meminfo, vmstat, zoneinfo,
// buddyinfo), the command's own status and maps. Without the layer a root
// command reads them, as the README says. An ordinary user's command
// cannot read them either way.
func TestKernelLayoutHidden(t *testing.T) {
	requireNamespaces(t)
	var leaks []string
	for _, f := range kernelLayout {
		b := make([]byte, 64)
		fd, err := os.Open(f)
		switch {
		case os.IsNotExist(err):
			t.Logf("%s: not on this kernel: not tried", f)
			continue
		case err != nil:
			t.Logf("%s: the test's user cannot read it here either (%v): tried, it must stay unreadable", f, err)
		default:
			n, _ := fd.Read(b)
			fd.Close()
			if n == 0 {
				t.Logf("%s: empty here: not tried", f)
				continue
			}
		}
		leaks = append(leaks, f)
	}
	if len(leaks) == 0 {
		t.Skip("none of the kernel's layout files is on this kernel")
	}
	b := newBox(t, nil)
	script := `
c "free" sh -c 'free | grep -q Mem'
c "ps" sh -c 'ps -e | grep -q .'
c "meminfo" grep -q MemTotal /proc/meminfo
c "vmstat" grep -q nr_free_pages /proc/vmstat
c "zoneinfo" grep -q zone /proc/zoneinfo
c "buddyinfo" grep -q zone /proc/buddyinfo
c "own maps" grep -q . /proc/self/maps
c "own status" grep -q "^Pid:" /proc/self/status
`
	for i, f := range leaks {
		script += fmt.Sprintf("c \"leak %d\" sh -c 'test \"$(head -c 64 %s | wc -c)\" -gt 0'\n", i, f)
	}
	root := os.Geteuid() == 0
	for _, flags := range [][]string{nil, {"--keep-cap", "CAP_DAC_READ_SEARCH"}, {"--no-namespaces"}} {
		o := b.check(script, flags...)
		for _, n := range []string{"free", "ps", "meminfo", "vmstat", "zoneinfo", "buddyinfo", "own maps", "own status"} {
			o.ok(t, n)
		}
		for i, f := range leaks {
			label := fmt.Sprintf("leak %d", i)
			if slices.Contains(flags, "--no-namespaces") && root {
				o.ok(t, label) // lost without the layer, as documented
				continue
			}
			if got := o[label]; got == "ok" || strings.HasSuffix(got, " ok") {
				t.Errorf("%v: %s read from inside", flags, f)
			}
		}
	}
}

// tfoKey is the TCP Fast Open server key of the reader's network
// namespace, root's (0600).
const tfoKey = "/proc/sys/net/ipv4/tcp_fastopen_key"

// TestFastOpenKeyHidden: with the whole network (or TCP ports) the
// command is in the host's network namespace, and a root command read the
// host's TCP Fast Open server key by its owner's bits (red team rt23, on
// 097e031), with which a client forges the cookies the host's servers
// take data with the SYN for. The layer hides it where the command could
// read root's files; the settings everyone may read there stay (sysctl
// net.ipv4.tcp_fastopen, somaxconn). Without the layer a root command
// reads it, as the README says.
func TestFastOpenKeyHidden(t *testing.T) {
	requireNamespaces(t)
	if _, err := os.Stat(tfoKey); err != nil {
		t.Skipf("no %s on this kernel (%v)", tfoKey, err)
	}
	b := newBox(t, nil)
	script := `
c "fastopen setting" grep -q . /proc/sys/net/ipv4/tcp_fastopen
c "somaxconn" grep -q . /proc/sys/net/core/somaxconn
c "key" sh -c 'test "$(head -c 64 ` + tfoKey + ` | wc -c)" -gt 0'
`
	for _, flags := range [][]string{{"--network", "all"}, {"--allow-connect", "80"}, {"--network", "all", "--no-namespaces"}} {
		o := b.check(script, flags...)
		o.ok(t, "fastopen setting")
		o.ok(t, "somaxconn")
		if slices.Contains(flags, "--no-namespaces") && os.Geteuid() == 0 {
			o.ok(t, "key") // lost without the layer, as documented
			continue
		}
		o.fails(t, "key")
	}
	// Under network none the command has a network namespace of its own,
	// whose key is its own: left readable, no mount spent on it.
	if host, err := os.Readlink("/proc/self/ns/net"); err == nil && os.Geteuid() == 0 {
		o := b.check(`c "own key" sh -c 'head -c 1 `+tfoKey+` >/dev/null && ! grep -q tcp_fastopen_key /proc/self/mountinfo && test "$(readlink /proc/self/ns/net)" != "`+host+`"'`+"\n", "--network", "none")
		o.ok(t, "own key")
	}
}
