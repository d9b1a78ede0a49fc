package integration

import (
	"bufio"
	"debug/elf"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// releaseEntry says whether the binary under test was linked as make build
// links it: its ELF entry point is mews_entry (and the same flags wrap mmap
// and pthread_create), where go build leaves the C library's _start.
func releaseEntry(t *testing.T) bool {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	for _, s := range syms {
		if s.Name == "mews_entry" {
			return s.Value == f.Entry
		}
	}
	return false
}

// mapping is one entry of /proc/PID/smaps.
type mapping struct {
	perms, path    string
	size, rss, thp int64 // kB: Size, Rss, AnonHugePages
	flags          []string
}

func (m mapping) has(flag string) bool {
	for _, f := range m.flags {
		if f == flag {
			return true
		}
	}
	return false
}

// readSmaps parses /proc/PID/smaps (or a copy of one, from inside the
// sandbox).
func readSmaps(t *testing.T, path string) []mapping {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ms []mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if !strings.HasSuffix(fields[0], ":") { // a mapping's header line
			m := mapping{}
			if len(fields) > 1 {
				m.perms = fields[1]
			}
			if len(fields) > 5 {
				m.path = strings.Join(fields[5:], " ")
			}
			ms = append(ms, m)
			continue
		}
		if len(ms) == 0 {
			t.Fatalf("%s: %q before any mapping", path, sc.Text())
		}
		m := &ms[len(ms)-1]
		switch fields[0] {
		case "VmFlags:":
			m.flags = fields[1:]
		case "Size:", "Rss:", "AnonHugePages:":
			n, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", path, sc.Text(), err)
			}
			switch fields[0] {
			case "Size:":
				m.size = n
			case "Rss:":
				m.rss = n
			default:
				m.thp = n
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestRunnerMemoryAtOnce: the release binary maps its code and read-only
// data in at its entry point (populate_code) and advises the Go heap's
// mappings huge pages (exec/hugepages_linux.c), which the kernel honours
// where transparent huge pages are on (their "madvise" setting at least):
// a page fault costs 15 to 40 µs on the machines these run on, and a run
// took some 530 of them. The command's memory is not the runner's: it
// starts from execve, with no mapping advised.
func TestRunnerMemoryAtOnce(t *testing.T) {
	t.Parallel()
	if !releaseEntry(t) {
		t.Skip("this binary was built without the release link (make build's -Wl,-e,mews_entry -Wl,--wrap=mmap): nothing is mapped ahead")
	}
	setting, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		t.Skipf("this kernel has no transparent huge pages (%v): MADV_HUGEPAGE is refused", err)
	}
	if status, err := os.ReadFile("/proc/self/status"); err == nil && strings.Contains(string(status), "THP_enabled:\t0") {
		t.Skip("transparent huge pages are disabled for this process and its children (prctl PR_SET_THP_DISABLE): the runner inherits it")
	}
	thpOn := !strings.Contains(string(setting), "[never]")
	// Whether an advised mapping holds a huge page is the kernel's to
	// say: with no free 2 MiB block at the fault (the whole suite under
	// the race detector, with more beside) it falls back to small pages
	// (thp_fault_fallback), and it may split one while the run waits
	// (thp_split_pmd): a guest's reclaim did so in 2 of 40 runs here
	// (DAMON's pageout of cold memory, kdamond), with no call of the
	// runner's. A run with none is tried again, up to three times, while
	// the kernel says it did either.
	var runner []mapping
	var mark string
	var huge int64
	for try := 1; ; try++ {
		before := thpEvents(t)
		runner, mark = runnerSmaps(t)
		huge = 0
		for _, m := range runner {
			if m.has("hg") {
				huge += m.thp
			}
		}
		kernel := thpEvents(t) - before
		if !thpOn || huge > 0 || kernel == 0 || try == 3 {
			if thpOn && huge == 0 && kernel > 0 {
				t.Skipf("in %d runs the runner's advised mappings held no huge page, and the kernel fell back to small pages or split huge ones %d times during the last: none to be had now", try, kernel)
			}
			break
		}
		t.Logf("run %d: no huge page, and the kernel fell back to small pages or split huge ones %d times meanwhile: again", try, kernel)
	}

	var code, heap, advised int
	for _, m := range runner {
		if m.path == bin && !strings.Contains(m.perms, "w") {
			code++
			if m.rss != m.size {
				t.Errorf("the runner's mapping %s %s has %d kB of its %d kB in memory, want all of it (mapped in at the entry point)", m.perms, m.path, m.rss, m.size)
			}
		}
		if m.has("hg") {
			advised++
			if m.path == "" && m.size >= 4<<10 {
				heap++
			}
		}
	}
	if code < 2 {
		t.Errorf("the runner maps %d read-only pieces of %s, want its code and read-only data", code, bin)
	}
	if heap == 0 {
		t.Errorf("no anonymous mapping of 4 MiB or more advised huge pages (VmFlags hg) in the runner: its heap is in 4 KiB pages (%d advised in all)", advised)
	}
	t.Logf("the runner: %d mappings advised huge pages, %d kB of them in huge pages; transparent huge pages: %s", advised, huge, strings.TrimSpace(string(setting)))
	if thpOn && huge == 0 {
		t.Errorf("transparent huge pages are on (%s), and none of the runner's advised mappings holds one", strings.TrimSpace(string(setting)))
	}

	for _, m := range readSmaps(t, mark) {
		if m.has("hg") {
			t.Errorf("the command's mapping %s %s is advised huge pages: the runner's advice passed to it", m.perms, m.path)
		}
	}
}

// runnerSmaps runs a command that waits under a runner, and returns the
// runner's mappings once the command has written its own to the file
// mark (in the box's root).
func runnerSmaps(t *testing.T) (runner []mapping, mark string) {
	t.Helper()
	b := newBox(t, nil)
	mark = filepath.Join(b.root, "own-smaps")
	cmd := b.command(b.root, nil, bin, "run", "--yolo", "--", "sh", "-c", "cat /proc/self/smaps > own-smaps.tmp && mv own-smaps.tmp own-smaps && sleep 10")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	waitFile(t, mark)
	return readSmaps(t, filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "smaps")), mark
}

// thpEvents returns the kernel's count of faults in huge-page memory that
// got small pages and of huge pages split, 0 where it does not say.
func thpEvents(t *testing.T) int64 {
	t.Helper()
	vmstat, err := os.ReadFile("/proc/vmstat")
	if err != nil {
		return 0
	}
	var n int64
	for _, line := range strings.Split(string(vmstat), "\n") {
		name, v, _ := strings.Cut(line, " ")
		if name == "thp_fault_fallback" || name == "thp_split_pmd" {
			k, _ := strconv.ParseInt(v, 10, 64)
			n += k
		}
	}
	return n
}
