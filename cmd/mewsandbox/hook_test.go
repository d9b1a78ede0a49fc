package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mewsandbox/mewsandbox/permission"
)

// nastyCommands are command lines whose every character must reach
// `mewsandbox run -c` unchanged.
var nastyCommands = []string{
	`echo "double" 'single' it's`,
	"line one\nline two\n",
	"echo $(whoami) `id` $HOME ${x:-y} $((1+1)) $'x'",
	`printf '%s\n' back\\slash "a\\\"b" \`,
	"ünïcödé ✓ 日本語 \u2028 \u202e \u00a0 \u200d \ufeff \U0001F600 \u0085",
	"tab\there; semi; && || | & > < >> 2>&1",
	"!history *glob ?x [ab] ~user {a,b} #comment",
	"'", `"`, `\`, "-c", "--", " leading and trailing ",
	"\x01\x1b[31m\x7f control",
	"cat <<'EOF'\n$(not run)\nEOF",
}

func TestSandboxedCommandQuoting(t *testing.T) {
	t.Parallel()
	bash, err := osexec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to read the rewritten command")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	root := "/the root/it's $HOME"
	p := &project{root: root, cwd: root + "/sub", engine: &permission.Engine{Mode: permission.ModeAcceptEdits}}
	var o options
	var sandbox bool
	fs := flag.NewFlagSet("hook", flag.ContinueOnError)
	o.permissionFlags(fs)
	o.auditFlag(fs)
	fs.BoolVar(&sandbox, "sandbox", false, "")
	o.sandboxFlags(fs)
	err = fs.Parse([]string{"--settings", "rel/s.yaml", "--allow", "Bash(it's *)", "--allow", "Read(~/x)", "--allow-connect", "443",
		"--allow-read", "data dir", "--allow-write", "~/cache", "--yolo", "--sandbox", "--network", "none", "--audit", "/var/log/a.jsonl", "--no-user-settings"})
	if err != nil {
		t.Fatal(err)
	}
	wantFlags := []string{self, "run", "--root=" + root, "--mode=acceptEdits", "--from-hook", "--session=9f1c2a4e",
		"--allow=Bash(it's *)", "--allow=Read(~/x)", "--allow-connect=443", "--allow-read=" + root + "/sub/data dir", "--allow-write=~/cache",
		"--audit=/var/log/a.jsonl", "--network=none", "--no-user-settings=true", "--settings=" + filepath.Join(wd, "rel/s.yaml"), "-c"}
	for _, command := range nastyCommands {
		line, err := sandboxedCommand(fs, p, command, "9f1c2a4e")
		if err != nil {
			t.Fatalf("%q: %v", command, err)
		}
		// Let bash split the line into words, as the Bash tool's shell
		// will, and print each word NUL-terminated: in a UTF-8 locale and
		// in C, a host's without LANG, where $'\u00a0' is not decoded.
		for _, locale := range []string{"C.UTF-8", "C"} {
			sh := osexec.Command(bash, "-c", "set -- "+line+"\nprintf '%s\\0' \"$@\"")
			sh.Env = append(os.Environ(), "LC_ALL="+locale)
			out, err := sh.Output()
			if err != nil {
				t.Fatalf("%q: bash: %v", command, err)
			}
			got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			want := append(slices.Clone(wantFlags), command)
			if !slices.Equal(got, want) {
				t.Errorf("%q: bash in locale %s read the rewritten command as\n%q\nwant\n%q", command, locale, got, want)
			}
		}
	}
}

func TestWithCommandKeepsTheOtherFields(t *testing.T) {
	t.Parallel()
	in := `{"command":"ls","description":"List <files> & more","timeout":120000,"run_in_background":false,"extra":{"a":[1,2.50]},"command":"dup"}`
	got, err := withCommand([]byte(in), "wrapped 'x'")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"command":"wrapped 'x'","description":"List <files> & more","timeout":120000,"run_in_background":false,"extra":{"a":[1,2.50]},"command":"wrapped 'x'"}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := withCommand([]byte(`{"description":"x"}`), "y"); err == nil {
		t.Error("an input without a command was rewritten")
	}
}

// TestHookReasonVisibleRev65: the reason Claude Code shows the person at
// an ask carries the agent's path as written; an escape sequence, a
// carriage return or a right-to-left override in it redrew the prompt
// (the path and the "credential store" before it hidden, text of the
// agent's choosing in their place). Each now shows as its escape.
func TestHookReasonVisibleRev65(t *testing.T) {
	t.Parallel()
	for _, reason := range []string{
		"Write outside the project root: /tmp/x\x1b[1A\x1b[2K\rREADME.md",
		"Read of a\nmewsandbox: allowed",
		"Write of /tmp/\u202egnp.sh",
		"Read of a\u200bb\x7f\u0085",
	} {
		got := hookReason(permission.Result{Decision: permission.Ask, Reason: reason})
		if i := strings.IndexFunc(got, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }); i >= 0 {
			t.Errorf("reason %q: %q still holds %U", reason, got, []rune(got[i:])[0])
		}
	}
	// The neighbour: printable text, quotes and non-Latin letters stay.
	const plain = `Write of "données/ファイル.md"`
	if got := hookReason(permission.Result{Decision: permission.Ask, Reason: plain}); got != "mewsandbox: "+plain {
		t.Errorf("plain reason became %q", got)
	}
}

// fakeTTY is a terminal: the person types in, the program writes out.
type fakeTTY struct {
	in  io.Reader
	out bytes.Buffer
}

func (f *fakeTTY) Read(p []byte) (int, error)  { return f.in.Read(p) }
func (f *fakeTTY) Write(p []byte) (int, error) { return f.out.Write(p) }

// TestAskPromptVisibleRev65: run's question at the terminal printed the
// agent's command and the reason as they were: an escape sequence or a
// carriage return in the command redrew the question (rm -rf ~ hidden
// behind an ls), and a newline began a line of the agent's own, a fake
// "because:". Each now shows as its escape, and the command's further
// lines are indented under its first.
func TestAskPromptVisibleRev65(t *testing.T) {
	t.Parallel()
	call := permission.Call{Tool: "Bash", Command: "rm -rf ~\x1b[2K\rls -la\n  because: ls only reads\u202e"}
	res := permission.Result{Decision: permission.Ask, Reason: "rm is dangerous: rm -rf ~\x1b[1A"}
	tty := &fakeTTY{in: strings.NewReader("n\n")}
	if got := askOn(tty, nil, call, res, io.Discard); got.Decision != permission.Deny {
		t.Fatalf("answered n: %v", got.Decision)
	}
	out := tty.out.String()
	for i, line := range strings.Split(out, "\n") {
		if j := strings.IndexFunc(line, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }); j >= 0 {
			t.Errorf("line %d of the question holds %U: %q", i+1, []rune(line[j:])[0], line)
		}
		if i > 0 && strings.HasPrefix(line, "  because: ls") {
			t.Errorf("the command's own line reads as the question's: %q", out)
		}
	}
	// The neighbour: a plain multi-line command shows as written.
	tty = &fakeTTY{in: strings.NewReader("n\n")}
	askOn(tty, nil, permission.Call{Tool: "Bash", Command: "make build &&\n\tmake test"}, res, io.Discard)
	if !strings.Contains(tty.out.String(), "    make build &&\n    \tmake test\n") {
		t.Errorf("plain command not shown as written: %q", tty.out.String())
	}
}
