package integration

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	osexec "os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestWholeProcessBench times whole processes — bare exec, mewsandbox and
// bubblewrap — interleaved in one run so that machine noise hits them all
// alike, and prints medians as ratios to bare exec, twice: on the machine
// as it is, then with every core but one kept busy by a spinning process,
// where work done beside the run no longer hides. It runs only under
// `make bench` (MEWSANDBOX_BENCH=1). With MEWSANDBOX_BENCH_BASE naming
// another build (make bench BASE=path), its rows are timed in the same
// rounds and this build's are printed against them: what a change costs,
// apart from the machine's day.
func TestWholeProcessBench(t *testing.T) {
	if os.Getenv("MEWSANDBOX_BENCH") == "" {
		t.Skip("set MEWSANDBOX_BENCH=1 (make bench) to run the whole-process comparison")
	}
	const rounds = 300
	dir := project(t, nil)
	home := t.TempDir()
	rows := []*benchRow{
		{name: "bare /bin/true", argv: []string{"/bin/true"}},
		{name: "mewsandbox run -- /bin/true", argv: []string{bin, "run", "--", "/bin/true"}},
		{name: "run --no-namespaces -- /bin/true", argv: []string{bin, "run", "--no-namespaces", "--", "/bin/true"}},
		{name: "mewsandbox check -c 'git status'", argv: []string{bin, "check", "-c", "git status"}},
		// The binary's start and exit alone: the floor under every row.
		{name: "mewsandbox version", argv: []string{bin, "version"}},
	}
	base := os.Getenv("MEWSANDBOX_BENCH_BASE")
	if base != "" {
		for _, r := range rows[1:ours] {
			rows = append(rows, &benchRow{name: "base: " + strings.TrimPrefix(r.name, "mewsandbox "), argv: append([]string{base}, r.argv[1:]...)})
		}
		readFromDisk(t, base)
	}
	if bwrap, err := osexec.LookPath("bwrap"); err == nil {
		rows = append(rows, &benchRow{name: "bwrap --unshare-all true", argv: append(bwrapBench(bwrap), "true")})
	} else {
		t.Log("bubblewrap not installed: its row is missing (make bench installs it)")
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + home}
	// The binary as an installed one is held, not as the linker left it.
	readFromDisk(t, bin)
	printMachine(t)
	timeRounds(t, rows, rounds, dir, env)
	peakRSS(t, rows, dir, env)
	printBench(rows, fmt.Sprintf("whole-process medians over %d interleaved rounds, each in a shuffled order (ratios to bare exec; absolute times are noisy here)", rounds))
	fmt.Println("peak RSS is the runner's own (GNU time's %M, max of 5 runs); the sandboxed child is a separate process")
	printAgainstBase(rows, base)

	busy := runtime.NumCPU() - 1
	if busy < 1 {
		fmt.Println("one core only: no run with the other cores kept busy")
		return
	}
	stop := spin(t, busy)
	timeRounds(t, rows, rounds, dir, env)
	stop()
	printBench(rows, fmt.Sprintf("the same with %d of the %d cores kept busy by a spinning shell loop", busy, runtime.NumCPU()))
	printAgainstBase(rows, base)
}

// bwrapBench is bubblewrap as the benchmark runs it: the root read-only,
// its own /dev and /proc, every namespace unshared.
func bwrapBench(bwrap string) []string {
	return []string{bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all"}
}

// printAgainstBase prints, with a base build timed, each of this build's
// rows against the base's: the difference of the medians, with a 90%
// interval from resampling the rounds, and of the mean processor time.
func printAgainstBase(rows []*benchRow, base string) {
	if base == "" {
		return
	}
	fmt.Printf("this build against %s (median difference [90%% interval], processor time difference):\n", base)
	for i, r := range rows[1:ours] {
		b := rows[ours+i]
		d := resample(r.times, b.times, func(a, b []time.Duration) float64 { return float64(median(a) - median(b)) })
		fmt.Printf("%-40s %+.3f ms [%+.3f, %+.3f]  cpu %+.3f ms\n", r.name, d[0]/1e6, d[1]/1e6, d[2]/1e6, float64(mean(r.cpu)-mean(b.cpu))/1e6)
	}
}

// ours is the number of rows before the base build's: bare exec and this
// build's.
const ours = 5

// printMachine prints what a fresh page of memory costs to fault in here,
// the cost that sets a Go program's start apart from a small C one's
// (bubblewrap's): some 3 µs on the machine of the earlier stops' tables, 12 on
// the PVM guest of stop 31 (where fork and exit of a process with 16 MiB
// touched take 1.2 ms). Ratios to bubblewrap move with it.
func printMachine(t *testing.T) {
	t.Helper()
	const pages = 2048
	size := pages * os.Getpagesize()
	var per []time.Duration
	for range 5 {
		mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
		if err != nil {
			t.Fatalf("mmap: %v", err)
		}
		start := time.Now()
		for i := 0; i < size; i += os.Getpagesize() {
			mem[i] = 1
		}
		per = append(per, time.Since(start)/pages)
		unix.Munmap(mem)
	}
	fmt.Printf("\nthis machine: a fresh page of memory takes %.1f µs to fault in (median of 5 × %d; a run of mewsandbox faults in some 500, bubblewrap's some 240)\n", float64(median(per))/1e3, pages)
}

type benchRow struct {
	name  string
	argv  []string
	times []time.Duration // one per round, in round order
	cpu   []time.Duration // processor time, user and system, its processes' own
	rss   int64           // peak, KiB
}

// timeRounds times each row once a round, in an order of its own each
// round (the same every time the bench runs): a process leaves work behind
// as it ends (a namespace's teardown, the memory the sharer unmaps, a
// release helper), which the next one started shares the machine with. In
// a fixed order one row always followed the namespace row, and was the
// slower for it by up to 0.5 ms; the first of a round always followed bare
// exec.
func timeRounds(t *testing.T, rows []*benchRow, rounds int, dir string, env []string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	order := slices.Clone(rows)
	for _, r := range rows {
		r.times = make([]time.Duration, 0, rounds)
		r.cpu = make([]time.Duration, 0, rounds)
	}
	for i := 0; i < rounds; i++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, r := range order {
			cmd := osexec.Command(r.argv[0], r.argv[1:]...)
			cmd.Dir, cmd.Env = dir, env
			var stderr strings.Builder
			cmd.Stderr = &stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v: %s", r.name, err, stderr.String())
			}
			r.times = append(r.times, time.Since(start))
			r.cpu = append(r.cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		}
	}
}

// peakRSS measures each row's peak RSS apart from the timing: Go starts
// children with vfork, so a child's own ru_maxrss begins at this test
// binary's size. GNU time forks a small C process instead.
func peakRSS(t *testing.T, rows []*benchRow, dir string, env []string) {
	t.Helper()
	gnuTime, err := osexec.LookPath("/usr/bin/time")
	if err != nil {
		t.Log("/usr/bin/time not installed: no peak RSS column (make bench installs it)")
		return
	}
	for _, r := range rows {
		for range 5 {
			cmd := osexec.Command(gnuTime, append([]string{"-f", "%M"}, r.argv...)...)
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s under time: %v: %s", r.name, err, out)
			}
			var kib int64
			fmt.Sscan(string(lastLine(out)), &kib)
			r.rss = max(r.rss, kib)
		}
	}
}

// spin starts n shell loops that keep a core busy each, and returns what
// stops them.
func spin(t *testing.T, n int) (stop func()) {
	t.Helper()
	var loops []*osexec.Cmd
	stop = func() {
		for _, c := range loops {
			c.Process.Kill()
			c.Wait()
		}
		loops = nil
	}
	t.Cleanup(stop)
	for range n {
		c := osexec.Command("/bin/sh", "-c", "while :; do :; done")
		if err := c.Start(); err != nil {
			t.Fatalf("start a spinning loop: %v", err)
		}
		loops = append(loops, c)
	}
	time.Sleep(300 * time.Millisecond) // for the scheduler to spread them
	return stop
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// printBench prints the rows' medians as ratios to the first row's, and
// the mewsandbox rows' ratios to bubblewrap's (the last row, when there),
// each with a 90% interval from resampling the rounds.
func printBench(rows []*benchRow, title string) {
	base := median(rows[0].times)
	fmt.Printf("\n%s\n", title)
	fmt.Printf("%-40s %10s %8s %12s %12s\n", "command", "median", "ratio", "overhead", "peak RSS")
	for _, r := range rows {
		m := median(r.times)
		fmt.Printf("%-40s %10s %7.2fx %12s %9d KiB\n", r.name, m.Round(10*time.Microsecond), float64(m)/float64(base), (m - base).Round(10*time.Microsecond), r.rss)
	}
	bw := rows[len(rows)-1]
	if !strings.HasPrefix(bw.name, "bwrap") {
		return
	}
	ns, nons := ratioInterval(rows[1].times, bw.times), ratioInterval(rows[2].times, bw.times)
	fmt.Printf("mewsandbox run / bwrap: %s (namespace layer), %s (--no-namespaces: Landlock and seccomp only)\n", ns, nons)
}

// ratioInterval is the ratio of a's median to b's, with its 90% interval
// (resample).
func ratioInterval(a, b []time.Duration) string {
	r := resample(a, b, func(a, b []time.Duration) float64 { return float64(median(a)) / float64(median(b)) })
	return fmt.Sprintf("%.2fx [%.2f, %.2f]", r[0], r[1], r[2])
}

// resample returns stat of a and b, times of the same rounds (a pair per
// round), and the 5th and 95th percentiles of stat over 1,000 resamplings
// of the rounds.
func resample(a, b []time.Duration, stat func(a, b []time.Duration) float64) [3]float64 {
	rng := rand.New(rand.NewPCG(3, 4))
	n := len(a)
	ra, rb := make([]time.Duration, n), make([]time.Duration, n)
	s := make([]float64, 1000)
	for k := range s {
		for i := range n {
			j := rng.IntN(n)
			ra[i], rb[i] = a[j], b[j]
		}
		s[k] = stat(ra, rb)
	}
	slices.Sort(s)
	return [3]float64{stat(a, b), s[len(s)*5/100], s[len(s)*95/100]}
}

func mean(d []time.Duration) time.Duration {
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	return sum / time.Duration(len(d))
}

func lastLine(b []byte) []byte {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	return lines[len(lines)-1]
}
