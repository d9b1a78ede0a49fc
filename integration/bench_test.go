package integration

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	osexec "os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWholeProcessBench times whole processes — bare exec, mewsandbox and
// bubblewrap — interleaved in one run so that machine noise hits them all
// alike, and prints medians as ratios to bare exec. It runs only under
// `make bench` (MEWSANDBOX_BENCH=1).
func TestWholeProcessBench(t *testing.T) {
	if os.Getenv("MEWSANDBOX_BENCH") == "" {
		t.Skip("set MEWSANDBOX_BENCH=1 (make bench) to run the whole-process comparison")
	}
	const rounds = 300
	dir := project(t, nil)
	home := t.TempDir()
	type row struct {
		name  string
		argv  []string
		times []time.Duration
		rss   int64 // peak, KiB
	}
	rows := []*row{
		{name: "bare /bin/true", argv: []string{"/bin/true"}},
		{name: "mewsandbox run -- /bin/true", argv: []string{bin, "run", "--", "/bin/true"}},
		{name: "run --no-namespaces -- /bin/true", argv: []string{bin, "run", "--no-namespaces", "--", "/bin/true"}},
		{name: "mewsandbox check -c 'git status'", argv: []string{bin, "check", "-c", "git status"}},
	}
	if bwrap, err := osexec.LookPath("bwrap"); err == nil {
		rows = append(rows, &row{name: "bwrap --unshare-all true", argv: []string{bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all", "true"}})
	} else {
		t.Log("bubblewrap not installed: its row is missing (make bench installs it)")
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + home}
	// The binary as an installed one is held, not as the linker left it.
	readFromDisk(t, bin)
	// Each round in an order of its own (the same every time the bench
	// runs): a process leaves work behind as it ends (a namespace's
	// teardown, the memory the sharer unmaps, a release helper), which
	// the next one started shares the machine with. In a fixed order one
	// row always followed the namespace row, and was the slower for it by
	// up to 0.5 ms; the first of a round always followed bare exec.
	rng := rand.New(rand.NewPCG(1, 2))
	order := slices.Clone(rows)
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
		}
	}
	// Peak RSS, apart from the timing: Go starts children with vfork, so
	// a child's own ru_maxrss begins at this test binary's size. GNU time
	// forks a small C process instead.
	if gnuTime, err := osexec.LookPath("/usr/bin/time"); err == nil {
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
	} else {
		t.Log("/usr/bin/time not installed: no peak RSS column (make bench installs it)")
	}
	median := func(d []time.Duration) time.Duration {
		s := slices.Clone(d)
		slices.Sort(s)
		return s[len(s)/2]
	}
	base := median(rows[0].times)
	fmt.Printf("\nwhole-process medians over %d interleaved rounds, each in a shuffled order (ratios to bare exec; absolute times are noisy here)\n", rounds)
	fmt.Printf("%-36s %10s %8s %12s %12s\n", "command", "median", "ratio", "overhead", "peak RSS")
	for _, r := range rows {
		m := median(r.times)
		fmt.Printf("%-36s %10s %7.2fx %12s %9d KiB\n", r.name, m.Round(10*time.Microsecond), float64(m)/float64(base), (m - base).Round(10*time.Microsecond), r.rss)
	}
	fmt.Println("peak RSS is the runner's own (GNU time's %M, max of 5 runs); the sandboxed child is a separate process")
	if bw := rows[len(rows)-1]; strings.HasPrefix(bw.name, "bwrap") {
		fmt.Printf("mewsandbox run / bwrap: %.2fx (namespace layer), %.2fx (--no-namespaces: Landlock and seccomp only)\n",
			float64(median(rows[1].times))/float64(median(bw.times)), float64(median(rows[2].times))/float64(median(bw.times)))
	}
}

func lastLine(b []byte) []byte {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	return lines[len(lines)-1]
}
