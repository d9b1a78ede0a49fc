//go:build linux

package integration

// Red team rt13 (stop 58): files in the root that a host tool runs or
// trusts later, and file-system primitives across the boundary, each
// beside the neighbour that must keep working.

import (
	"os"
	osexec "os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestMoreAgentsAndEditorsSettingsProtected: stop 56 made the other
// agents' project settings read-only where they exist, but not every
// agent's, nor an editor that starts what its workspace settings name: a
// command wrote an MCP server into Qwen Code's .qwen/settings.json (its
// default scope for qwen mcp add), Amazon Q's .amazonq/mcp.json, Kilo
// Code's .kilocode/mcp.json and kilo.jsonc, and Crush's crush.json, each
// started by that agent when the user next opens the project in it, and a
// language server into Helix's .helix/languages.toml, which Helix starts
// on opening a file of the project (a trusted workspace is trusted by its
// path, whatever .helix then holds). Where they exist they are read-only
// now, as .gemini is; beside them the project's own files stay writable.
func TestMoreAgentsAndEditorsSettingsProtected(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, []string{".qwen/settings.json", ".amazonq/mcp.json", ".kilocode/mcp.json", ".kilo/kilo.jsonc", "kilo.json", "kilo.jsonc", "crush.json", ".crush.json", ".helix/languages.toml"},
		"echo notes > .qwen-notes.txt && echo x > crush.json.txt && mkdir -p docs/.helix-notes")
}

// TestTerminalSettingsRestored: the command's terminal is the caller's,
// opened afresh, and a terminal's settings belong to it, not to a
// descriptor: a red team's command turned off Ctrl-C (stty intr undef
// -isig) and echo on the user's terminal, and they stayed so past the run,
// for the shell's next commands too, as did the raw mode of an editor
// killed at the end of --timeout. The runner puts back the settings the
// terminal had when the run started, once it has ended; in the run the
// command still sets them for itself (the neighbour: stty sees its own
// change), with the layer and without it.
func TestTerminalSettingsRestored(t *testing.T) {
	requireSandbox(t)
	b := newGitBox(t)
	for _, tt := range []struct {
		name  string
		user  bool
		flags []string
		cmd   string
	}{
		{"stty", false, nil, `stty intr undef -echo -isig -icanon -opost && stty -a`},
		{"stty without the layer", false, []string{"--no-namespaces"}, `stty intr undef -echo -isig -icanon -opost && stty -a`},
		{"raw at the timeout", false, []string{"--timeout", "1s"}, `stty raw -echo && stty -a && exec sleep 10`},
		{"stty as an ordinary user", true, nil, `stty intr undef -echo -isig -icanon -opost && stty -a`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			master, slave := hostTerminal(t)
			pts, err := os.OpenFile(slave, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer pts.Close()
			before, err := unix.IoctlGetTermios(int(pts.Fd()), unix.TCGETS)
			if err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{"run", "--yolo"}, tt.flags...), "--", "sh", "-c", tt.cmd)
			var cmd *osexec.Cmd
			if tt.user {
				ub := newUserBox(t)
				cmd = ub.command(args...)
				if cmd.SysProcAttr == nil {
					cmd.SysProcAttr = &syscall.SysProcAttr{}
				}
			} else {
				cmd = b.command(b.root, nil, bin, args...)
				cmd.SysProcAttr = &syscall.SysProcAttr{}
			}
			cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
			cmd.SysProcAttr.Setsid, cmd.SysProcAttr.Setctty = true, true
			runWithin(t, cmd, 20*time.Second, "the run did not end")
			said := readAvailable(master)
			if !strings.Contains(said, "intr = <undef>") && !strings.Contains(said, "-icanon") {
				t.Errorf("in the run, stty -a said %q: want the command's own change seen", said)
			}
			after, err := unix.IoctlGetTermios(int(pts.Fd()), unix.TCGETS)
			if err != nil {
				t.Fatal(err)
			}
			if after.Lflag != before.Lflag || after.Oflag != before.Oflag || after.Iflag != before.Iflag || after.Cc != before.Cc {
				t.Errorf("after the run the terminal's settings are the command's: lflag %#o oflag %#o intr %d, want the caller's lflag %#o oflag %#o intr %d",
					after.Lflag, after.Oflag, after.Cc[unix.VINTR], before.Lflag, before.Oflag, before.Cc[unix.VINTR])
			}
		})
	}
}
