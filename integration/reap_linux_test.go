//go:build linux

package integration

import (
	"bytes"
	"fmt"
	"os"
	osexec "os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestLeftForInit: what mewsandbox leaves for init (or the nearest child
// subreaper) to reap, under a subreaper that reaps nothing: a run leaves
// one process, as bubblewrap does (the one that shared the runner's
// memory; the sandbox's first process is reaped), and at most one
// placeholder release helper (a burst of runs shares one, but on a loaded
// machine its grace may end between two runs); other commands leave none.
// None of them is still running a moment later.
func TestLeftForInit(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	const runs = 10
	for _, tt := range []struct {
		args            string
		others, helpers int // the most left of each
	}{
		{"run --yolo -- true", runs, runs},
		{"run --yolo --no-namespaces -- true", runs, runs},
		{"check -c true", 0, 0},
	} {
		self, err := os.Executable() // the unprivileged suite runs ./integration.test
		if err != nil {
			t.Fatal(err)
		}
		cmd := osexec.Command(self)
		cmd.Dir = b.root
		cmd.Env = append(os.Environ(), "HOME="+b.home, fmt.Sprintf("MEWSANDBOX_TEST_SUBREAPER=%d", runs), "MEWSANDBOX_TEST_ARGS="+tt.args, "MEWSANDBOX_BIN="+bin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: the subreaper: %v\n%s", tt.args, err, out)
		}
		var others, helpers, running int
		if _, err := fmt.Sscanf(string(out), "left %d helpers %d running %d", &others, &helpers, &running); err != nil {
			t.Fatalf("%s: the subreaper said %q", tt.args, out)
		}
		if others > tt.others || helpers > tt.helpers || running > 0 {
			t.Errorf("%s, %d times: %d processes and %d release helpers left for init, %d still running; want at most %d and %d, none running",
				tt.args, runs, others, helpers, running, tt.others, tt.helpers)
		}
	}
}

// subreaperMain is the test binary as TestLeftForInit's subreaper: it runs
// MEWSANDBOX_BIN with MEWSANDBOX_TEST_ARGS n times, then counts its
// children left: the release helpers apart (their name is "exe", from
// /proc/self/exe, which the runner executes), and those still running.
func subreaperMain(n string) int {
	runs, err := strconv.Atoi(n)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		fmt.Println(err)
		return 1
	}
	for range runs {
		cmd := osexec.Command(os.Getenv("MEWSANDBOX_BIN"), strings.Fields(os.Getenv("MEWSANDBOX_TEST_ARGS"))...)
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Printf("%v: %s\n", err, out)
			return 1
		}
	}
	time.Sleep(300 * time.Millisecond)
	var others, helpers, running int
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		kids, _ := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		for _, k := range strings.Fields(string(kids)) {
			st, err := os.ReadFile("/proc/" + k + "/stat")
			switch {
			case err != nil:
				fmt.Printf("process %s: %v\n", k, err)
				return 1
			case bytes.Contains(st, []byte(" (exe) ")):
				helpers++
			default:
				others++
			}
			if !bytes.Contains(st, []byte(") Z ")) {
				running++
			}
		}
	}
	fmt.Printf("left %d helpers %d running %d\n", others, helpers, running)
	return 0
}
