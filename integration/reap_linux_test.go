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
// machine its grace may end between two runs); on a machine so loaded
// that the pre-forked child was not ready in time, the child the runner
// started instead, whose end the run did not wait for. Other commands
// leave none. None of them is still running a moment later.
func TestLeftForInit(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	const runs = 10
	for _, tt := range []struct {
		args string
		most int // of each kind
	}{
		{"run --yolo -- true", runs},
		{"run --yolo --no-namespaces -- true", runs},
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
		var others, helpers, inits, running int
		if _, err := fmt.Sscanf(string(out), "left %d helpers %d inits %d running %d", &others, &helpers, &inits, &running); err != nil {
			t.Fatalf("%s: the subreaper said %q", tt.args, out)
		}
		if others > tt.most || helpers > tt.most || inits > tt.most || running > 0 {
			t.Errorf("%s, %d times: left for init %d processes, %d release helpers and %d sandbox children of the runner's own, %d still running; want at most %d of each, none running",
				tt.args, runs, others, helpers, inits, running, tt.most)
		}
	}
}

// subreaperMain is the test binary as TestLeftForInit's subreaper: it runs
// MEWSANDBOX_BIN with MEWSANDBOX_TEST_ARGS n times, then counts its
// children left: the processes the runner started by executing
// /proc/self/exe (named "exe") apart, the release helpers and the inits of
// a pid namespace (the sandbox children of the runner's own, pid 1 there),
// and those still running.
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
	// A moment later: the release helper's grace is a tenth of a second,
	// but a machine loaded by a parallel -race suite may take seconds to
	// schedule the stragglers' ends, so count again until none runs.
	deadline := time.Now().Add(10 * time.Second)
	for {
		time.Sleep(300 * time.Millisecond)
		out, ok := countLeft()
		if ok && (!strings.HasSuffix(out, "running 0\n") && time.Now().Before(deadline)) {
			continue
		}
		fmt.Print(out)
		if !ok {
			return 1
		}
		return 0
	}
}

// countLeft counts the subreaper's children, as subreaperMain reports
// them; ok is false (and the text says why) when one could not be read.
func countLeft() (string, bool) {
	var others, helpers, inits, running int
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		kids, _ := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		for _, k := range strings.Fields(string(kids)) {
			st, err := os.ReadFile("/proc/" + k + "/stat")
			status, serr := os.ReadFile("/proc/" + k + "/status")
			switch {
			case err != nil || serr != nil:
				return fmt.Sprintf("process %s: %v %v\n", k, err, serr), false
			case !bytes.Contains(st, []byte(" (exe) ")):
				others++
			case isPidNSInit(status):
				inits++
			default:
				helpers++
			}
			if !bytes.Contains(st, []byte(") Z ")) {
				running++
			}
		}
	}
	return fmt.Sprintf("left %d helpers %d inits %d running %d\n", others, helpers, inits, running), true
}

// isPidNSInit says whether a /proc/PID/status text is that of the init of
// a pid namespace below ours: its NSpid ends in 1.
func isPidNSInit(status []byte) bool {
	for _, line := range bytes.Split(status, []byte("\n")) {
		if ids, ok := bytes.CutPrefix(line, []byte("NSpid:")); ok {
			f := bytes.Fields(ids)
			return len(f) > 1 && string(f[len(f)-1]) == "1"
		}
	}
	return false
}
