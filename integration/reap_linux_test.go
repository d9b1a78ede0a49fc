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
// memory; the sandbox's first process is reaped), plus the placeholder
// release helper of a burst of runs; other commands leave none. None of
// them is still running a moment later.
func TestLeftForInit(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	const runs = 10
	for _, tt := range []struct {
		args string
		max  int
	}{
		{"run --yolo -- true", runs + 1},
		{"run --yolo --no-namespaces -- true", runs + 1},
		{"check -c true", 0},
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
		var left, running int
		if _, err := fmt.Sscanf(string(out), "left %d running %d", &left, &running); err != nil {
			t.Fatalf("%s: the subreaper said %q", tt.args, out)
		}
		if left > tt.max || running > 0 {
			t.Errorf("%s, %d times: %d processes left for init, %d still running; want at most %d, none running", tt.args, runs, left, running, tt.max)
		}
	}
}

// subreaperMain is the test binary as TestLeftForInit's subreaper: it runs
// MEWSANDBOX_BIN with MEWSANDBOX_TEST_ARGS n times, then counts its
// children left, and those still running.
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
	var left, running int
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		kids, _ := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		for _, k := range strings.Fields(string(kids)) {
			left++
			if st, err := os.ReadFile("/proc/" + k + "/stat"); err == nil && !bytes.Contains(st, []byte(") Z ")) {
				running++
			}
		}
	}
	fmt.Printf("left %d running %d\n", left, running)
	return 0
}
