package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// stdioJob is what stdioMain runs: each case's rounds, one run at a time.
type stdioJob struct {
	Bin, Dir, Home string
	Cred           *syscall.Credential
	Cases          []stdioCase
}

// stdioCase is one way of running the binary.
type stdioCase struct {
	Name    string
	Args    []string
	Rounds  int
	OutFile bool // stdout to a file (relayed by init), the stderr pipe watched
	Kill    bool // SIGKILL the runner once its command printed "started"
}

// stdioRun is what stdioMain saw of one run.
type stdioRun struct {
	Case           string
	Code           int
	Stdout, Stderr string
	Held           []string // the pipes still written to once the runner was reaped, and by whom
	ReleasedMS     float64  // from the runner's reaping to the last writer's release
	Err            string
}

// stdioMain runs the job in MEWSANDBOX_TEST_STDIO (a process of its own:
// with no other test's fork to copy a pipe's write end meanwhile, a writer
// left once the runner is reaped is the run's), and prints a stdioRun per
// run as a JSON line.
func stdioMain(arg string) int {
	var job stdioJob
	if err := json.Unmarshal([]byte(arg), &job); err != nil {
		fmt.Println(err)
		return 1
	}
	enc := json.NewEncoder(os.Stdout)
	for _, c := range job.Cases {
		for range c.Rounds {
			enc.Encode(stdioOnce(job, c))
		}
	}
	return 0
}

// stdioOnce runs the binary once with a pipe for stdout and stderr (or a
// file for stdout), and looks right after it is reaped whether anything
// still holds a pipe's write end: the reading end says POLLHUP once none
// does.
func stdioOnce(job stdioJob, c stdioCase) stdioRun {
	res := stdioRun{Case: c.Name}
	cmd := osexec.Command(job.Bin, c.Args...)
	cmd.Dir = job.Dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + job.Home, "LANG=C"}
	if job.Cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: job.Cred}
	}
	type stream struct {
		name string
		r, w *os.File
	}
	var streams []stream
	var file *os.File
	for _, name := range []string{"stdout", "stderr"} {
		if name == "stdout" && c.OutFile {
			f, err := os.CreateTemp(filepath.Dir(job.Home), "stdout")
			if err != nil {
				res.Err = err.Error()
				return res
			}
			os.Remove(f.Name())
			defer f.Close()
			file, cmd.Stdout = f, f
			continue
		}
		r, w, err := os.Pipe()
		if err != nil {
			res.Err = err.Error()
			return res
		}
		defer r.Close()
		streams = append(streams, stream{name, r, w})
		if name == "stdout" {
			cmd.Stdout = w
		} else {
			cmd.Stderr = w
		}
	}
	err := cmd.Start()
	for _, s := range streams {
		s.w.Close()
	}
	if err != nil {
		res.Err = err.Error()
		return res
	}
	if c.Kill {
		// Killed once the command runs: it has the pipes then.
		streams[0].r.SetReadDeadline(time.Now().Add(20 * time.Second))
		b := make([]byte, len("started\n"))
		if _, err := io.ReadFull(streams[0].r, b); err != nil || string(b) != "started\n" {
			res.Err = fmt.Sprintf("the command did not start: %q %v", b, err)
		}
		streams[0].r.SetReadDeadline(time.Time{})
		cmd.Process.Signal(syscall.SIGKILL)
	}
	err = cmd.Wait()
	reaped := time.Now()
	res.Code = cmd.ProcessState.ExitCode()
	var held []stream
	for _, s := range streams {
		if !pipeHup(s.r, 0) {
			held = append(held, s)
			res.Held = append(res.Held, s.name+": "+pipeWriters(s.r))
		}
	}
	for _, s := range held {
		if !pipeHup(s.r, 20*time.Second) {
			res.Err = s.name + " still written to 20s after the runner was reaped: " + pipeWriters(s.r)
			return res
		}
	}
	if len(held) > 0 {
		res.ReleasedMS = float64(time.Since(reaped).Microseconds()) / 1000
	}
	for _, s := range streams {
		b, _ := io.ReadAll(s.r)
		if s.name == "stdout" {
			res.Stdout = string(b)
		} else {
			res.Stderr = string(b)
		}
	}
	if file != nil {
		b, _ := os.ReadFile("/proc/self/fd/" + strconv.Itoa(int(file.Fd())))
		res.Stdout = string(b)
	}
	if err != nil && res.Code == 0 {
		res.Err = err.Error()
	}
	return res
}

// pipeHup says whether pipe r's write end has no holder left, waiting up
// to wait for it.
func pipeHup(r *os.File, wait time.Duration) bool {
	rc, err := r.SyscallConn()
	if err != nil {
		return false
	}
	hup := false
	rc.Control(func(fd uintptr) {
		deadline := time.Now().Add(wait)
		for {
			p := []unix.PollFd{{Fd: int32(fd)}}
			n, err := unix.Poll(p, int(time.Until(deadline).Milliseconds()))
			if err == unix.EINTR {
				continue
			}
			hup = n == 1 && p[0].Revents&unix.POLLHUP != 0
			return
		}
	})
	return hup
}

// pipeWriters names the processes with a descriptor of pipe r's write end
// open, or says none has one: a process on its way out has closed its
// descriptors and not yet released the file.
func pipeWriters(r *os.File) string {
	fi, err := r.Stat()
	if err != nil {
		return err.Error()
	}
	want := fmt.Sprintf("pipe:[%d]", fi.Sys().(*syscall.Stat_t).Ino)
	var who []string
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		dir := "/proc/" + p.Name()
		fds, _ := os.ReadDir(dir + "/fd")
		for _, fd := range fds {
			if l, _ := os.Readlink(dir + "/fd/" + fd.Name()); l != want {
				continue
			}
			info, _ := os.ReadFile(dir + "/fdinfo/" + fd.Name())
			var pos, flags uint64
			fmt.Sscanf(string(info), "pos:\t%d\nflags:\t%o", &pos, &flags)
			if flags&unix.O_ACCMODE == unix.O_RDONLY {
				continue
			}
			comm, _ := os.ReadFile(dir + "/comm")
			stat, _ := os.ReadFile(dir + "/stat")
			state := ""
			if i := strings.LastIndexByte(string(stat), ')'); i > 0 && i+3 <= len(stat) {
				state = string(stat[i+2 : i+3])
			}
			who = append(who, fmt.Sprintf("pid %s (%s, %s) fd %s", p.Name(), strings.TrimSpace(string(comm)), state, fd.Name()))
		}
	}
	if len(who) == 0 {
		return "no descriptor: a process on its way out"
	}
	return strings.Join(who, ", ")
}

// TestNothingHoldsStdio: once the runner has been reaped, nothing of
// mewsandbox's holds the caller's stdout or stderr, so a caller reading
// them to their end is done when the run is (no output waits on, or is
// lost to, a WaitDelay). With and without the layer, as root and as an
// ordinary user: a run, one that leaves a straggler, a usage error (the
// runner exits before it takes the child the entry point started: that
// child and the sharer had kept stdout past its exit), stdout a file that
// init relays to (init had kept stderr). The output is all there. A run
// whose runner is killed (SIGKILL) cannot wait for what it started: its
// pipes are released once those processes die, which the test bounds.
// The runs are made one at a time by a process of their own (stdioMain),
// which no other test's fork can copy a pipe's write end into.
func TestNothingHoldsStdio(t *testing.T) {
	requireSandbox(t)
	t.Parallel()
	t.Run("caller", func(t *testing.T) {
		t.Parallel()
		b := newBox(t, nil)
		stdioCheck(t, stdioJob{Bin: bin, Dir: b.root, Home: b.home})
	})
	if os.Geteuid() != 0 {
		return
	}
	t.Run("user", func(t *testing.T) {
		t.Parallel()
		u := newUserBox(t)
		stdioCheck(t, stdioJob{Bin: u.bin, Dir: u.root, Home: u.home, Cred: u.cred})
	})
}

// stdioCheck runs the cases of TestNothingHoldsStdio in stdioMain.
func stdioCheck(t *testing.T, job stdioJob) {
	marker := sleepArg()
	script := `echo out; echo err >&2; exit 3`
	straggler := `sleep ` + marker + ` & echo out; echo err >&2`
	for _, layer := range []struct {
		name  string
		flags []string
	}{{"", nil}, {" without the layer", []string{"--no-namespaces"}}} {
		run := append([]string{"run", "--yolo"}, layer.flags...)
		job.Cases = append(job.Cases,
			stdioCase{Name: "a run" + layer.name, Args: append(run, "--", "sh", "-c", script), Rounds: 5},
			stdioCase{Name: "a straggler" + layer.name, Args: append(run, "--", "sh", "-c", straggler), Rounds: 3},
			stdioCase{Name: "stdout a file" + layer.name, Args: append(run, "--", "sh", "-c", script), Rounds: 5, OutFile: true},
			stdioCase{Name: "a usage error" + layer.name, Args: append(run, "--frobnicate", "--", "true"), Rounds: 10},
			stdioCase{Name: "killed" + layer.name, Args: append(run, "--", "sh", "-c", "echo started; exec sleep "+marker), Rounds: 3, Kill: true})
	}
	arg, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	helper := osexec.Command(os.Args[0])
	helper.Env = append(os.Environ(), "MEWSANDBOX_TEST_STDIO="+string(arg))
	out, err := helper.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var killed []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r stdioRun
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		if r.Err != "" {
			t.Errorf("%s: %s", r.Case, r.Err)
			continue
		}
		switch {
		case strings.HasPrefix(r.Case, "killed"):
			if r.Code != -1 {
				t.Errorf("%s: exit %d, want killed", r.Case, r.Code)
			}
			if len(r.Held) > 0 {
				killed = append(killed, fmt.Sprintf("%.1f ms", r.ReleasedMS))
			}
			continue
		case len(r.Held) > 0:
			t.Errorf("%s: the runner was reaped, and %s (released %.1f ms later)", r.Case, strings.Join(r.Held, "; "), r.ReleasedMS)
		}
		switch {
		case strings.HasPrefix(r.Case, "a usage error"):
			if r.Code != 2 || !strings.Contains(r.Stderr, "frobnicate") {
				t.Errorf("%s: exit %d, stderr %q", r.Case, r.Code, r.Stderr)
			}
		case strings.HasPrefix(r.Case, "a straggler"):
			if r.Code != 0 || r.Stdout != "out\n" || r.Stderr != "err\n" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", r.Case, r.Code, r.Stdout, r.Stderr)
			}
		default:
			if r.Code != 3 || r.Stdout != "out\n" || r.Stderr != "err\n" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", r.Case, r.Code, r.Stdout, r.Stderr)
			}
		}
	}
	if len(killed) > 0 {
		t.Logf("killed runs whose pipes outlived the runner until what it started died: %s", strings.Join(killed, ", "))
	}
	noneLeft(t, "sleep\x00"+marker, "stragglers and killed runs' commands")
}
