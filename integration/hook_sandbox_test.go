package integration

import (
	"bytes"
	"encoding/json"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// recordedCwd is the project directory in the recorded events under
// testdata/hook; tests put their own project there.
const recordedCwd = "/home/user/project"

// loadEvent reads a recorded PreToolUse event and moves it into dir.
func loadEvent(t *testing.T, name, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hook", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(data), recordedCwd, dir)
}

// hookAnswer is the hook's output with updatedInput kept raw.
type hookAnswer struct {
	HookSpecificOutput struct {
		HookEventName            string          `json:"hookEventName"`
		PermissionDecision       string          `json:"permissionDecision"`
		PermissionDecisionReason string          `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
	} `json:"hookSpecificOutput"`
}

// shell runs a command line with bash -c, as Claude Code's Bash tool does,
// in dir with HOME set to home.
func shell(t *testing.T, dir, home, command string) result {
	t.Helper()
	cmd := osexec.Command("bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"), "LANG=C.UTF-8"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*osexec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("bash -c %.200q: %v", command, err)
	}
	return result{out.String(), errb.String(), code}
}

// keysInOrder lists the top-level keys of a JSON object as written.
func keysInOrder(t *testing.T, raw []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", raw)
	}
	var keys []string
	for dec.More() {
		tok, _ := dec.Token()
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestHookSandboxRecordedEvents feeds recorded PreToolUse events through
// `hook claude-code --sandbox`, then runs each rewritten command with bash,
// the way Claude Code would, and checks it ran in the sandbox.
func TestHookSandboxRecordedEvents(t *testing.T) {
	t.Parallel()
	type outcome struct {
		dir, home string
		run       result // the rewritten command's
	}
	tests := []struct {
		event     string
		decision  string
		rewritten bool
		check     func(t *testing.T, o outcome)
	}{
		{"bash_write_inside.json", "allow", true, func(t *testing.T, o outcome) {
			if o.run.code != 0 || o.run.stdout != "built ok\n" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0 and the command's own output", o.run.code, o.run.stdout, o.run.stderr)
			}
			if b, _ := os.ReadFile(filepath.Join(o.dir, "build", "out.txt")); string(b) != "built ok\n" {
				t.Errorf("build/out.txt holds %q", b)
			}
		}},
		{"bash_quoting.json", "allow", true, nil}, // compared with a direct run below
		{"bash_read_home.json", "allow", true, func(t *testing.T, o outcome) {
			if strings.Contains(o.run.stdout, "TOPSECRET") || o.run.code == 0 || !strings.Contains(o.run.stderr, "Permission denied") {
				t.Errorf("read the home directory: exit %d, stdout %q, stderr %q", o.run.code, o.run.stdout, o.run.stderr)
			}
		}},
		{"bash_awk_write_home.json", "allow", true, func(t *testing.T, o outcome) {
			if _, err := os.Stat(filepath.Join(o.home, "pwned.txt")); err == nil || o.run.code == 0 {
				t.Errorf("awk wrote outside the root: exit %d, stderr %q", o.run.code, o.run.stderr)
			}
		}},
		{"bash_bypass_write_outside.json", "allow", true, func(t *testing.T, o outcome) {
			// Landlock refuses it (EACCES), or before it the namespace
			// layer's read-only mount (EROFS).
			if _, err := os.Stat(filepath.Join(o.home, "pwned.txt")); err == nil || o.run.code == 0 ||
				!strings.Contains(o.run.stderr, "Permission denied") && !strings.Contains(o.run.stderr, "Read-only file system") {
				t.Errorf("bypassPermissions wrote outside the root: exit %d, stderr %q", o.run.code, o.run.stderr)
			}
		}},
		{"bash_dangerous_ask.json", "ask", false, nil},
		{"bash_denied.json", "deny", false, nil},
		{"read_file.json", "allow", false, nil},
		{"mcp_unknown_tool.json", "ask", false, nil}, // allowed by a rule, in bypass mode: still asks
	}
	for _, tt := range tests {
		t.Run(strings.TrimSuffix(tt.event, ".json"), func(t *testing.T) {
			t.Parallel()
			dir := project(t, map[string]string{
				".claude/settings.json": `{"permissions": {"deny": ["Bash(git push:*)"]}}`,
				"main.go":               "package main\n",
			})
			// The user's rule: a project's own cannot allow an MCP tool.
			home, _ := userHome(t, ".claude/settings.json", `{"permissions": {"allow": ["mcp__github__create_issue"]}}`)
			if err := os.WriteFile(filepath.Join(home, "secret.txt"), []byte("TOPSECRET\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			ev := loadEvent(t, tt.event, dir)
			r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox"}, stdin: ev, dir: dir, env: []string{"HOME=" + home}})
			if r.code != 0 {
				t.Fatalf("hook exit %d: %s", r.code, r.stderr)
			}
			var ans hookAnswer
			if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil {
				t.Fatalf("hook output is not JSON: %v: %s", err, r.stdout)
			}
			o := ans.HookSpecificOutput
			if o.HookEventName != "PreToolUse" || o.PermissionDecision != tt.decision || o.PermissionDecisionReason == "" {
				t.Fatalf("got %s %q (%s), want %s with a reason", o.HookEventName, o.PermissionDecision, o.PermissionDecisionReason, tt.decision)
			}
			if !tt.rewritten {
				if o.UpdatedInput != nil {
					t.Fatalf("a %s answer rewrote the input: %s", o.PermissionDecision, o.UpdatedInput)
				}
				return
			}
			var event struct {
				ToolInput json.RawMessage `json:"tool_input"`
			}
			json.Unmarshal([]byte(ev), &event)
			var orig, updated map[string]any
			json.Unmarshal(event.ToolInput, &orig)
			if err := json.Unmarshal(o.UpdatedInput, &updated); err != nil {
				t.Fatalf("updatedInput: %v: %s", err, o.UpdatedInput)
			}
			command, _ := updated["command"].(string)
			if !strings.HasPrefix(command, bin+" run ") && !strings.HasPrefix(command, "'"+bin+"' run ") {
				t.Errorf("rewritten command does not start with this binary's absolute path and run: %s", command)
			}
			original := orig["command"].(string)
			delete(orig, "command")
			delete(updated, "command")
			if !reflect.DeepEqual(orig, updated) {
				t.Errorf("other tool_input fields changed: %v, want %v", updated, orig)
			}
			if got, want := keysInOrder(t, o.UpdatedInput), keysInOrder(t, event.ToolInput); !reflect.DeepEqual(got, want) {
				t.Errorf("key order %v, want %v", got, want)
			}

			out := outcome{dir: dir, home: home, run: shell(t, dir, home, command)}
			if tt.check != nil {
				tt.check(t, out)
				return
			}
			direct := shell(t, t.TempDir(), home, original)
			if out.run != direct {
				t.Errorf("sandboxed run differs from running the command directly:\n got %+v\nwant %+v", out.run, direct)
			}
		})
	}
}

// TestHookSandboxControl runs the read-home command unsandboxed: it must
// print the secret, or the sandboxed run's failure proves nothing.
func TestHookSandboxControl(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, "secret.txt"), []byte("TOPSECRET\n"), 0o600)
	var ev struct {
		ToolInput struct{ Command string } `json:"tool_input"`
	}
	json.Unmarshal([]byte(loadEvent(t, "bash_read_home.json", "/x")), &ev)
	if r := shell(t, t.TempDir(), home, ev.ToolInput.Command); r.stdout != "TOPSECRET\n" {
		t.Fatalf("control run: %+v", r)
	}
}

// TestHookSandboxPassesItsFlags checks that the rewritten command decides
// with the hook's own rules: a deny given to the hook stops the run too.
func TestHookSandboxPassesItsFlags(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	home := t.TempDir()
	settings := filepath.Join(t.TempDir(), "extra.yaml")
	os.WriteFile(settings, []byte("permissions:\n  deny:\n    - \"Bash(touch:*)\"\n"), 0o644)
	ev := strings.Replace(loadEvent(t, "bash_write_inside.json", dir), `"description"`, `"extra": [1, {"a": null}], "description"`, 1)
	r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox", "--settings", settings, "--network", "all"}, stdin: ev, dir: dir, env: []string{"HOME=" + home}})
	var ans hookAnswer
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var in struct{ Command string }
	json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
	if !strings.Contains(in.Command, "--settings="+settings) || !strings.Contains(in.Command, "--network=all") {
		t.Errorf("rewritten command lacks the hook's flags: %s", in.Command)
	}
	// The same command line, with a touch smuggled in: the inner run
	// re-decides with the hook's settings and refuses it.
	smuggled := strings.Replace(in.Command, "mkdir -p build", "touch x", 1)
	if got := shell(t, dir, home, smuggled); got.code != 77 || !strings.Contains(got.stderr, "Bash(touch:*)") {
		t.Errorf("inner run did not apply the hook's settings: %+v", got)
	}
	// Sandbox flags without --sandbox are a mistake, and a block.
	r = run(t, invocation{args: []string{"hook", "claude-code", "--network", "all"}, stdin: ev, dir: dir})
	if r.code != 2 || !strings.Contains(r.stderr, "--sandbox") {
		t.Errorf("--network without --sandbox: exit %d, %s", r.code, r.stderr)
	}
}

// TestHookSandboxForwardsOnlyItsFlags: the rewritten command carries the
// flags the hook was given, not values the settings files hold: those
// reach run from the files themselves, in their own scope, and a settings
// value passed as a flag would outrank the files it came from. It carries
// Claude Code's session, and marks the run as the hook's recheck.
func TestHookSandboxForwardsOnlyItsFlags(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "sandbox:\n  timeout: 5m\n  env:\n    pass: [FROM_SETTINGS]\n    drop: ['DROP_*']\n"})
	ev := loadEvent(t, "bash_write_inside.json", dir)
	r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox", "--env-pass", "FROM_FLAG"}, stdin: ev, dir: dir})
	var ans hookAnswer
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var in struct{ Command string }
	json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
	for _, want := range []string{"'--env-pass=FROM_FLAG'", "--from-hook", "'--session=9f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b'"} {
		if !strings.Contains(in.Command, want) {
			t.Errorf("rewritten command lacks %s: %s", want, in.Command)
		}
	}
	for _, unwanted := range []string{"FROM_SETTINGS", "DROP_", "--timeout"} {
		if strings.Contains(in.Command, unwanted) {
			t.Errorf("rewritten command passes the settings' %s as a flag: %s", unwanted, in.Command)
		}
	}
}

// copyBinary copies the binary under test to path, executable.
func copyBinary(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	// Copied by cp, not written from here: a process another parallel
	// test forks while this one holds the copy open for writing keeps that
	// descriptor until its own execve (Go issue 22315), and running the
	// copy then fails with "text file busy".
	if out, err := osexec.Command("cp", bin, path).CombinedOutput(); err != nil {
		t.Fatalf("cp %s %s: %v %s", bin, path, err, out)
	}
}

// hookBySh runs the hook command line as Claude Code does, through sh -c
// with its PATH, and returns its answer (zero when it blocked).
func hookBySh(t *testing.T, dir, path, line, ev string) (hookAnswer, result) {
	t.Helper()
	cmd := osexec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(ev)
	home := outsideTemp(t)
	cmd.Env = []string{"PATH=" + path, "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"), "LANG=C"}
	r := runCommand(t, cmd)
	var ans hookAnswer
	if r.code == 0 {
		if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil {
			t.Fatalf("hook output is not JSON: %v: %s", err, r.stdout)
		}
	}
	return ans, r
}

// TestHookSandboxBinaryOutOfReach: the rewritten command runs this binary
// outside the sandbox, and Claude Code runs the hook's command line
// there too. A mewsandbox the sandboxed command can replace (in the
// project, as a build of mewsandbox's own repository puts it), or a PATH
// directory it can write that is searched before the real one, would let
// a first allowed command plant a program that the next call runs with
// no sandbox: a review's `mv bin/new bin/mewsandbox` did, and the next
// rewritten command touched a file outside the root. Such a hook blocks
// every call; one out of reach still rewrites and runs the command in the
// sandbox with its exit status.
func TestHookSandboxBinaryOutOfReach(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	planted := filepath.Join(dir, "tools", "mewsandbox")
	copyBinary(t, planted)
	ev := event(dir, "default", "Bash", map[string]string{"command": "echo sandboxed; exit 3"})
	sysPath := "/usr/local/bin:/usr/bin:/bin"

	// The binary in the project, named by its path.
	ans, r := hookBySh(t, dir, sysPath, shellQuote(planted)+" hook claude-code --sandbox || exit 2", ev)
	if r.code != 2 || ans.HookSpecificOutput.PermissionDecision != "" || !strings.Contains(r.stderr, "sandboxed commands can write") {
		t.Errorf("a hook in the project answered (exit %d): %s %s", r.code, r.stdout, r.stderr)
	}
	// The real binary, found after a PATH directory in the project.
	projBin := filepath.Join(dir, "bin")
	if err := os.Mkdir(projBin, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(outsideTemp(t), "mewsandbox") // a PATH name for bin, whatever its file name
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	realDir := filepath.Dir(link)
	for _, first := range []string{projBin, "bin", ""} {
		ans, r = hookBySh(t, dir, first+":"+realDir+":"+sysPath, "mewsandbox hook claude-code --sandbox || exit 2", ev)
		if r.code != 2 || ans.HookSpecificOutput.PermissionDecision != "" || !strings.Contains(r.stderr, "PATH directory") {
			t.Errorf("PATH %q first: the hook answered (exit %d): %s %s", first, r.code, r.stdout, r.stderr)
		}
	}

	// The neighbours: the project's directory after the real one, or the
	// real one by its path, rewrite and run in the sandbox.
	for _, line := range []string{"mewsandbox hook claude-code --sandbox || exit 2", shellQuote(bin) + " hook claude-code --sandbox"} {
		ans, r = hookBySh(t, dir, realDir+":"+projBin+":"+sysPath, line, ev)
		if r.code != 0 || ans.HookSpecificOutput.PermissionDecision != "allow" {
			t.Fatalf("%s: exit %d: %s %s", line, r.code, r.stdout, r.stderr)
		}
		var in struct{ Command string }
		json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
		if got := shell(t, dir, outsideTemp(t), in.Command); got.code != 3 || got.stdout != "sandboxed\n" {
			t.Errorf("%s: the rewritten command: %+v, want exit 3 and its output", line, got)
		}
	}
	// Without --sandbox nothing runs in a sandbox: the hook answers.
	if ans, r = hookBySh(t, dir, sysPath, shellQuote(planted)+" hook claude-code", ev); r.code != 0 || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Errorf("the hook without --sandbox: exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
}

// shellQuote quotes s as one word for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestHookSandboxRewriteInCLocale: Claude Code's shell on a host without
// LANG reads the rewritten command in the C locale, where bash leaves a
// $'\u00a0' as those six characters: a command with a no-break space, a
// zero-width joiner (emoji sequences) or a byte-order mark ran with them
// replaced by their escapes. Every character must reach the sandboxed
// command as it was, and its exit status come back.
func TestHookSandboxRewriteInCLocale(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	text := "a\u00a0b \U0001F468\u200d\U0001F469 \ufeff \u2028 it's \x1b[0m"
	command := "printf '%s\\n' " + shellQuote(text) + "; exit 4"
	r := run(t, invocation{args: []string{"hook", "claude-code", "--sandbox"}, stdin: event(dir, "default", "Bash", map[string]string{"command": command}), dir: dir})
	var ans hookAnswer
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var in struct{ Command string }
	json.Unmarshal(ans.HookSpecificOutput.UpdatedInput, &in)
	for _, locale := range []string{"C", "C.UTF-8"} {
		sh := osexec.Command("bash", "-c", in.Command)
		sh.Dir = dir
		sh.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + outsideTemp(t), "LC_ALL=" + locale}
		if got := runCommand(t, sh); got.code != 4 || got.stdout != text+"\n" {
			t.Errorf("LC_ALL=%s: the rewritten command gave exit %d, stdout %q (stderr %q); want 4 and %q", locale, got.code, got.stdout, got.stderr, text+"\n")
		}
	}
}

// TestHookSandboxBinaryThroughLink: the binary's way judged by name, not
// only where it leads now. A PATH directory, or the hook's own path, that
// goes through a symbolic link in the project (lbin, to the real
// binary's directory) passed, since the link led out of the project when
// the hook looked; a sandboxed command can make lbin a directory holding
// its own mewsandbox, which the next hook call runs outside the sandbox.
// So can a PATH directory that does not exist yet, reached through a link
// outside the project that leads into it (plink/newbin, made by the
// command). Each blocks; a link outside the project to the real
// directory still answers.
func TestHookSandboxBinaryThroughLink(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	ev := event(dir, "default", "Bash", map[string]string{"command": "echo sandboxed"})
	sysPath := "/usr/local/bin:/usr/bin:/bin"
	realDir := outsideTemp(t)
	if err := os.Symlink(bin, filepath.Join(realDir, "mewsandbox")); err != nil {
		t.Fatal(err)
	}
	lbin := filepath.Join(dir, "lbin")
	if err := os.Symlink(realDir, lbin); err != nil {
		t.Fatal(err)
	}
	outside := outsideTemp(t)
	plink, olink := filepath.Join(outside, "plink"), filepath.Join(outside, "olink")
	if err := os.Symlink(dir, plink); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(realDir, olink); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, line, want string }{
		{lbin + ":" + sysPath, "mewsandbox hook claude-code --sandbox || exit 2", "PATH directory"},
		{sysPath, shellQuote(filepath.Join(lbin, "mewsandbox")) + " hook claude-code --sandbox || exit 2", "sandboxed commands can write"},
		{filepath.Join(plink, "newbin") + ":" + realDir + ":" + sysPath, "mewsandbox hook claude-code --sandbox || exit 2", "PATH directory"},
	} {
		ans, r := hookBySh(t, dir, c.path, c.line, ev)
		if r.code != 2 || ans.HookSpecificOutput.PermissionDecision != "" || !strings.Contains(r.stderr, c.want) {
			t.Errorf("PATH %s, %s: the hook answered (exit %d): %s %s", c.path, c.line, r.code, r.stdout, r.stderr)
		}
	}

	// The neighbour: a link outside the project to the real directory.
	ans, r := hookBySh(t, dir, olink+":"+sysPath, "mewsandbox hook claude-code --sandbox || exit 2", ev)
	if r.code != 0 || ans.HookSpecificOutput.PermissionDecision != "allow" {
		t.Errorf("PATH through a link outside the project: exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
}
