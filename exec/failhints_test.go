package exec

import (
	"strings"
	"testing"
)

// TestFailHints: a row per rule of which hint a failed command's line
// gets.
func TestFailHints(t *testing.T) {
	unix := Policy{Network: Network{UnixSockets: true}}
	tmp := Policy{Grants: []Grant{{Path: "/tmp", Access: Read | Write}}}
	for _, tt := range []struct {
		name  string
		args  []string
		p     Policy
		layer bool
		want  []string // substrings, one per hint, in order
	}{
		{"nothing named", []string{"make", "test"}, Policy{}, true, nil},
		{"python AF_UNIX", []string{"python3", "-c", "s=socket.socket(socket.AF_UNIX)"}, Policy{}, true, []string{"--allow-unix-sockets"}},
		{"ssh-agent", []string{"sh", "-c", "eval $(ssh-agent)"}, Policy{}, false, []string{"--allow-unix-sockets"}},
		{"sockets allowed", []string{"ssh-agent"}, unix, true, nil},
		{"a socket file", []string{"socat", "-", "UNIX-CONNECT:run/app.sock"}, Policy{}, true, []string{"--allow-unix-sockets"}},
		{"python's socket.socket is any family's", []string{"python3", "-c", "import socket; socket.socket().connect(('1.2.3.4', 80))"}, Policy{}, true, nil},
		{"pre-commit install", []string{"pre-commit", "install"}, Policy{}, true, []string{"install hooks outside the sandbox"}},
		{"core.hooksPath", []string{"git", "config", "core.hooksPath", ".husky"}, Policy{}, true, []string{"no flag lets a command write them"}},
		{"hooks without the layer, writable", []string{"pre-commit", "install"}, Policy{}, false, nil},
		{"/tmp without the layer", []string{"sh", "-c", "echo x > /tmp/x"}, Policy{}, false, []string{"--allow-write /tmp "}},
		{"/tmp with the layer, private", []string{"sh", "-c", "echo x > /tmp/x"}, Policy{}, true, nil},
		{"/tmp granted", []string{"sh", "-c", "echo x > /tmp/x"}, tmp, false, nil},
		{"/var/tmp with the layer", []string{"cp", "a", "/var/tmp/a"}, Policy{}, true, []string{"/var/tmp is read-only with the namespace layer"}},
		{"/var/tmp is not /tmp", []string{"cp", "a", "/var/tmp/a"}, Policy{}, false, []string{"--allow-write /var/tmp "}},
		// Tracing refused: without the pid namespace (layer false here),
		// or with CAP_SYS_PTRACE kept (the Policy's KeepCaps).
		{"gdb", []string{"gdb", "--batch", "-ex", "run", "./a.out"}, Policy{}, false, []string{"refused ptrace"}},
		{"strace by its path", []string{"/usr/bin/strace", "-f", "make"}, Policy{}, false, []string{"refused ptrace"}},
		{"an ASan build", []string{"sh", "-c", "cc -fsanitize=address t.c && ./a.out"}, Policy{}, false, []string{"ASAN_OPTIONS=detect_leaks=0"}},
		{"gdb with CAP_SYS_PTRACE kept, under the layer", []string{"gdb", "./a.out"}, Policy{KeepCaps: []string{"CAP_SYS_PTRACE"}}, true, []string{"--keep-cap CAP_SYS_PTRACE"}},
		// Tracing allowed: a failure is not the sandbox's doing.
		{"gdb traced", []string{"gdb", "--batch", "-ex", "run", "./a.out"}, Policy{}, true, nil},
		{"an ASan build traced", []string{"sh", "-c", "cc -fsanitize=address t.c && ./a.out"}, Policy{}, true, nil},
		{"gdbserver, rrdtool, strace-log-merge are other programs", []string{"sh", "-c", "gdbserver; rrdtool; strace-log-merge; cp x.rr y"}, Policy{}, true, nil},
		{"$TMPDIR/tmp/x is no /tmp", []string{"sh", "-c", "mkdir $TMPDIR/tmp/x"}, Policy{}, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// As the run's filter would have it (Policy.seccompConfig).
			traced := tt.layer && !tt.p.keepsCap(capSysPtrace)
			got := failHints(tt.args, tt.p, tt.layer, traced)
			if len(got) != len(tt.want) {
				t.Fatalf("failHints = %q, want %d hints", got, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("hint %d = %q, want %q in it", i, got[i], w)
				}
			}
		})
	}
}

// TestGitCleanHint: a failed command that names git clean, in a run that
// held placeholders in the working tree, is told which and how to leave
// them alone; other commands, and runs without any, are told nothing.
func TestGitCleanHint(t *testing.T) {
	stand := []string{".claude", ".mewsandbox"}
	for _, tt := range []struct {
		name  string
		args  []string
		stand []string
		top   bool
		want  string
	}{
		{"git clean", []string{"git", "clean", "-fdx"}, stand, true, "git clean -fdx -e /.claude/ -e /.mewsandbox/ leaves them alone"},
		{"in a script", []string{"sh", "-c", "git clean -fdx && make"}, stand, true, "on .claude/, .mewsandbox/ ("},
		{"below the top", []string{"git", "clean", "-fdx"}, stand, false, "-e .claude/ -e .mewsandbox/ "},
		{"no placeholders", []string{"git", "clean", "-fdx"}, nil, true, ""},
		{"not git clean", []string{"sh", "cleanup.sh"}, stand, true, ""},
		{"make clean", []string{"make", "clean"}, stand, true, ""},
	} {
		got := gitCleanHint(tt.args, tt.stand, tt.top)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q in it", tt.name, got, tt.want)
		}
	}
}
