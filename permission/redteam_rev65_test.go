package permission

import "testing"

// TestRev65DescriptorLinks: the file tools run in the agent's own process,
// with no sandbox behind their decision. A Read of /proc/PID/fd/N,
// /proc/self/fd/N, /dev/fd/N or /proc/PID/map_files/A-B opens whatever
// file that descriptor or mapping holds (a key another process has open)
// and was allowed as "Read only reads"; in bypassPermissions a Write or
// Edit through one, or through another process's cwd, wrote a file that
// cannot be known, protected or not. Each is asked about now in every
// mode (denied in dontAsk, and by a deny rule that may cover it).
func TestRev65DescriptorLinks(t *testing.T) {
	t.Parallel()
	D, Y, N, P := ModeDefault, ModeBypassPermissions, ModeDontAsk, ModePlan
	checkToolDecisions(t, []toolRow{
		{"Read another process's descriptor", D, nil, Call{Tool: "Read", Path: "/proc/4242/fd/7"}, Ask},
		{"Read its own descriptor", D, nil, Call{Tool: "Read", Path: "/proc/self/fd/7"}, Ask},
		{"Read a thread's descriptor", D, nil, Call{Tool: "Read", Path: "/proc/4242/task/4243/fd/7"}, Ask},
		{"Read /proc/thread-self/fd", D, nil, Call{Tool: "Read", Path: "/proc/thread-self/fd/7"}, Ask},
		{"Read /dev/fd/N", D, nil, Call{Tool: "Read", Path: "/dev/fd/7"}, Ask},
		{"Read /dev/stdin", D, nil, Call{Tool: "Read", Path: "/dev/stdin"}, Ask},
		{"Read /dev/fd/N by .. ", D, nil, Call{Tool: "Read", Path: "/dev/fd/../fd/7"}, Ask},
		{"Read a mapped file", D, nil, Call{Tool: "Read", Path: "/proc/4242/map_files/7f00-7f10"}, Ask},
		{"Read a thread's mapped file", D, nil, Call{Tool: "Read", Path: "/proc/self/task/1/map_files/7f00-7f10"}, Ask},
		{"Read a descriptor in bypass", Y, nil, Call{Tool: "Read", Path: "/proc/4242/fd/7"}, Ask},
		{"Read a descriptor in dontAsk", N, nil, Call{Tool: "Read", Path: "/proc/4242/fd/7"}, Deny},
		{"Read a descriptor under a Read deny rule", D, []string{"deny:Read(~/.ssh/**)"}, Call{Tool: "Read", Path: "/proc/4242/fd/7"}, Deny},
		{"Read a descriptor under an allow rule", D, []string{"allow:Read(//proc/**)"}, Call{Tool: "Read", Path: "/proc/4242/fd/7"}, Ask},
		{"Grep a descriptor", D, nil, Call{Tool: "Grep", Path: "/proc/4242/fd/7"}, Ask},
		{"Grep a descriptor in bypass", Y, nil, Call{Tool: "Grep", Path: "/dev/fd/7"}, Ask},
		{"Write a descriptor in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/4242/fd/7"}, Ask},
		{"Edit /dev/fd/N in bypass", Y, nil, Call{Tool: "Edit", Path: "/dev/fd/7"}, Ask},
		{"Write a mapped file in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/4242/map_files/7f00-7f10"}, Ask},
		{"Write a descriptor in plan", P, nil, Call{Tool: "Write", Path: "/proc/self/fd/7"}, Deny},
		{"Write through another cwd in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/1/cwd/x"}, Ask},
		{"Write another cwd itself in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/1/cwd"}, Ask},
		{"Read through another cwd in bypass", Y, nil, Call{Tool: "Read", Path: "/proc/1/cwd/config"}, Ask},
		{"Read through a directory descriptor in bypass", Y, nil, Call{Tool: "Read", Path: "/proc/self/fd/3/config"}, Ask},
		{"Write through another root into .git in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/1/root/home/u/proj/.git/hooks/pre-commit"}, Ask},
		{"Write through the own root outside in dontAsk", N, nil, Call{Tool: "Write", Path: "/proc/self/root/tmp/x"}, Deny},

		// The neighbours: what the links name when it is known, and /proc's
		// own files.
		{"neighbour: Read through /proc/self/root", D, nil, Call{Tool: "Read", Path: "/proc/self/root/etc/hostname"}, Allow},
		{"neighbour: Read /etc/hostname", D, nil, Call{Tool: "Read", Path: "/etc/hostname"}, Allow},
		{"neighbour: Read /proc/self/status", Y, nil, Call{Tool: "Read", Path: "/proc/self/status"}, Allow},
		{"neighbour: Read /proc/self/fdinfo/7", D, nil, Call{Tool: "Read", Path: "/proc/self/fdinfo/7"}, Allow},
		{"neighbour: Read a file in the root", D, nil, Call{Tool: "Read", Path: "main.go"}, Allow},
		{"neighbour: Write through /proc/self/root in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/self/root/home/u/proj/main.go"}, Allow},
		{"neighbour: Edit README.md", ModeAcceptEdits, nil, Call{Tool: "Edit", Path: "README.md"}, Allow},
		{"neighbour: Glob **/*.go", D, nil, Call{Tool: "Glob", Glob: "**/*.go"}, Allow},
		{"neighbour: LS /proc/self/fd", D, nil, Call{Tool: "LS", Path: "/proc/self/fd"}, Allow},
	})
}

// TestRev65DescriptorLinksShell: the shell keeps its own descriptors:
// what it redirects to or reads from /dev/stdin, /dev/fd/N and
// /dev/stderr are its pipes and terminal, not a file of the agent's.
func TestRev65DescriptorLinksShell(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkToolDecisions(t, []toolRow{
		{"echo to /dev/stderr", D, nil, bash("echo oops > /dev/stderr"), Allow},
		{"cat /dev/stdin", D, nil, bash("cat /dev/stdin"), Allow},
		{"echo to /dev/fd/2", D, nil, bash("echo oops >/dev/fd/2"), Allow},
	})
}

// TestRev65DeviceReads: a Read or Grep of a disk's device, of memory
// (/dev/mem, /proc/kcore) or of an input device reads below the file
// systems, every file on the disk included: a root-run agent's Grep of
// /dev/sda for "PRIVATE KEY" found the keys the credential stores' asks
// guard, and was allowed as "Grep only reads". Each is a credential read
// now, asked for in every mode; the devices that hold nothing of the
// host's (null, zero, urandom, a terminal, shared memory) stay readable,
// by the file tools and by commands.
func TestRev65DeviceReads(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"Read a disk", D, nil, Call{Tool: "Read", Path: "/dev/sda"}, Ask},
		{"Grep a disk in bypass", Y, nil, Call{Tool: "Grep", Path: "/dev/nvme0n1p2"}, Ask},
		{"Read a disk by its id", Y, nil, Call{Tool: "Read", Path: "/dev/disk/by-uuid/1234"}, Ask},
		{"Read a mapped volume", D, nil, Call{Tool: "Read", Path: "/dev/mapper/root"}, Ask},
		{"Read memory", D, nil, Call{Tool: "Read", Path: "/dev/mem"}, Ask},
		{"Read the kernel's memory", D, nil, Call{Tool: "Read", Path: "/proc/kcore"}, Ask},
		{"Read a keyboard", D, nil, Call{Tool: "Read", Path: "/dev/input/event0"}, Ask},
		{"Read a disk through /proc/self/root", D, nil, Call{Tool: "Read", Path: "/proc/self/root/dev/sda"}, Ask},
		{"cat a disk", D, nil, bash("cat /dev/sda"), Ask},
		{"grep a disk", D, nil, bash("grep -a 'PRIVATE KEY' /dev/vda1"), Ask},

		{"neighbour: Read /dev/null", D, nil, Call{Tool: "Read", Path: "/dev/null"}, Allow},
		{"neighbour: Read /dev/urandom", D, nil, Call{Tool: "Read", Path: "/dev/urandom"}, Allow},
		{"neighbour: Read /dev/shm", D, nil, Call{Tool: "Read", Path: "/dev/shm/x"}, Allow},
		{"neighbour: head of urandom", D, nil, bash("head -c 16 /dev/urandom | base64"), Allow},
		{"neighbour: read from the terminal", D, nil, bash("read -r x < /dev/tty"), Allow},
		{"neighbour: cat /dev/zero", D, nil, bash("head -c 4 /dev/zero"), Allow},
		{"neighbour: LS /dev", D, nil, Call{Tool: "LS", Path: "/dev"}, Allow},
	})
}

// TestRev65AgentOwnCwd: a file tool runs in the agent's process, whose
// /proc/self/cwd is where the agent started, not the event's cwd, which
// follows the shell's cd. After `cd sub`, a Write of
// /proc/self/cwd/../x was judged as root/x, inside the root, and allowed
// in acceptEdits, where it writes beside the root. For the file tools
// that link now leads to a directory that cannot be known; the shell's
// own /proc/self/cwd is still its working directory.
func TestRev65AgentOwnCwd(t *testing.T) {
	t.Parallel()
	A, D := ModeAcceptEdits, ModeDefault
	sub := func(mode Mode) *Engine {
		e := engine(t, mode)
		e.Env.Cwd = "/home/u/proj/sub"
		return e
	}
	for _, tt := range []struct {
		name string
		e    *Engine
		call Call
		want Decision
	}{
		{"Write through the agent's cwd and ..", sub(A), Call{Tool: "Write", Path: "/proc/self/cwd/../notes.md"}, Ask},
		{"Edit through the agent's thread cwd", sub(A), Call{Tool: "Edit", Path: "/proc/thread-self/cwd/main.go"}, Ask},
		{"Read a key name through the agent's cwd", sub(D), Call{Tool: "Read", Path: "/proc/self/cwd/../../.ssh/id_rsa"}, Ask},
		{"a Write below the agent's cwd", sub(A), Call{Tool: "Write", Path: "/proc/self/cwd/infra/x"}, Ask},
		{"neighbour: the shell's cwd is its own", sub(A), bash("echo x > /proc/self/cwd/notes.md"), Allow},
		{"neighbour: a Write in the root", sub(A), Call{Tool: "Write", Path: "/home/u/proj/sub/notes.md"}, Allow},
		{"neighbour: a relative Write from the event's cwd", sub(A), Call{Tool: "Write", Path: "notes.md"}, Allow},
	} {
		if got := tt.e.Check(tt.call); got.Decision != tt.want {
			t.Errorf("%s: %s %q: %v (%s), want %v", tt.name, tt.call.Tool, tt.call.Path+tt.call.Command, got.Decision, got.Reason, tt.want)
		}
	}
}

// TestRev65OtherRoot: /proc/PID/root is that process's root directory,
// which for a process in a container or a chroot is not the agent's /:
// a file tool's Write of /proc/PID/root/ROOT/x was judged as the
// root's x and allowed in acceptEdits, though it lands in another file
// system. For the file tools another process's root now leads to a
// directory that cannot be known; the agent's own (self, thread-self)
// is still /, and a command's is judged as before.
func TestRev65OtherRoot(t *testing.T) {
	t.Parallel()
	A, D := ModeAcceptEdits, ModeDefault
	checkToolDecisions(t, []toolRow{
		{"Write through another root into the root", A, nil, Call{Tool: "Write", Path: "/proc/4242/root/home/u/proj/main.go"}, Ask},
		{"Write through a thread's other root", A, nil, Call{Tool: "Write", Path: "/proc/4242/task/4243/root/home/u/proj/main.go"}, Ask},
		{"Read a key through another root", D, nil, Call{Tool: "Read", Path: "/proc/1/root/home/u/.ssh/id_rsa"}, Ask},
		{"a deny rule through another root", D, []string{"deny:Read(~/.ssh/**)"}, Call{Tool: "Read", Path: "/proc/1/root/home/u/.ssh/id_rsa"}, Deny},

		{"neighbour: Write through the own root", A, nil, Call{Tool: "Write", Path: "/proc/self/root/home/u/proj/main.go"}, Allow},
		{"neighbour: Write through the thread's own root", A, nil, Call{Tool: "Write", Path: "/proc/thread-self/root/home/u/proj/main.go"}, Allow},
		{"neighbour: Read /etc/hostname through the own root", D, nil, Call{Tool: "Read", Path: "/proc/self/root/etc/hostname"}, Allow},
	})
}

// TestRev65FileToolHomeVariable: the file tools expand ~ and ~/ only
// (Claude Code's expandPath); $HOME and ${HOME} are the names of a
// directory below the working directory. The engine took them for the
// home directory, so a Read of $HOME/../../.aws/credentials from
// ~/proj was judged as /.aws/credentials and allowed, while the tool
// read ~/proj/$HOME/../../.aws/credentials, the home's credentials. A
// file tool's path is now read as the tool reads it; a command's $HOME
// is still the home directory.
func TestRev65FileToolHomeVariable(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"Read credentials past $HOME", D, nil, Call{Tool: "Read", Path: "$HOME/../../.aws/credentials"}, Ask},
		{"Read a key past ${HOME}", Y, nil, Call{Tool: "Read", Path: "${HOME}/../../.ssh/id_rsa"}, Ask},
		{"Grep the keys past $HOME", D, nil, Call{Tool: "Grep", Path: "$HOME/../../.ssh"}, Ask},
		{"Write a start-up file past $HOME", Y, nil, Call{Tool: "Write", Path: "$HOME/../../.profile"}, Ask},
		{"a deny rule past $HOME", D, []string{"deny:Read(~/.aws/**)"}, Call{Tool: "Read", Path: "$HOME/../../.aws/config"}, Deny},

		{"neighbour: a directory named $HOME in the root", A, nil, Call{Tool: "Write", Path: "$HOME/notes.md"}, Allow},
		{"neighbour: ~ is the home", D, nil, Call{Tool: "Read", Path: "~/.ssh/id_rsa"}, Ask},
		{"neighbour: a command's $HOME is the home", D, nil, bash("cat $HOME/.ssh/id_rsa"), Ask},
		{"neighbour: a command's $HOME and ..", D, nil, bash("cat $HOME/../../etc/hostname"), Allow},
	})
}

// TestRev65TextFoldedProc: Claude Code's file tools fold a path's ".."
// as text before they open it (path.normalize); the engine walked a
// ".." after /proc/self/root as the kernel would (the root's parent is
// the root), so /proc/self/root/../fd/7 was judged as /fd/7 and its Read
// allowed, while the tool opened /proc/self/fd/7, a descriptor. The
// text's reading is judged too now, the stricter deciding.
func TestRev65TextFoldedProc(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"Read a descriptor past the root's ..", D, nil, Call{Tool: "Read", Path: "/proc/self/root/../fd/7"}, Ask},
		{"Read a mapped file past the root's ..", D, nil, Call{Tool: "Read", Path: "/proc/self/root/../map_files/1-2"}, Ask},
		{"Write a descriptor past the root's .. in bypass", Y, nil, Call{Tool: "Write", Path: "/proc/self/root/../fd/7"}, Ask},
		{"Read through the agent's cwd past the root's ..", Y, nil, Call{Tool: "Read", Path: "/proc/thread-self/root/../cwd/config"}, Ask},
		{"Grep a descriptor past the root's ..", D, nil, Call{Tool: "Grep", Path: "/proc/self/root/../fd/7"}, Ask},

		{"neighbour: the root's .. to a file of the root", D, nil, Call{Tool: "Read", Path: "/proc/self/root/../etc/hostname"}, Allow},
		{"neighbour: /proc/self/status past a ..", D, nil, Call{Tool: "Read", Path: "/proc/self/fd/../status"}, Allow},
	})
}

// TestRev65DeviceReadsNeighbours: the devices that read nothing below
// the file systems stay readable by commands, granted or not: FUSE's
// device a granted mount opens, /dev/shm and what a project keeps there.
func TestRev65DeviceReadsNeighbours(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"open /dev/fuse", Y, nil, bash("( exec 3</dev/fuse ) && echo ok"), Allow},
		{"ls /dev/shm", D, nil, bash("ls /dev/shm"), Allow},
		{"Read a file in /dev/shm", D, nil, Call{Tool: "Read", Path: "/dev/shm/proj/notes.md"}, Allow},
		{"Read /dev/stdin", D, nil, bash("cat /dev/stdin"), Allow},
		{"Read /dev/loop-control asks", D, nil, Call{Tool: "Read", Path: "/dev/loop0"}, Ask},
	})
}
