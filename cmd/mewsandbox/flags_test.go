package main

import (
	"bytes"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// flagsProject is a project directory for the flag tests, with no
// settings of its own, and the user's files kept out.
func flagsProject(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	return root
}

// TestFlagValuesRefusedUX3: a limit or timeout flag of zero was taken as
// "not given" and the run went ahead without it, where the same value in
// a settings file is an error; a duration the flag package cannot read
// said only "parse error". Each is exit 2 naming the flag and what it
// wants, and the legitimate neighbour still passes.
func TestFlagValuesRefusedUX3(t *testing.T) {
	root := flagsProject(t)
	tests := []struct {
		args []string
		want string // "" for accepted
	}{
		{[]string{"--timeout", "0"}, `invalid value "0" for flag -timeout: must be positive`},
		{[]string{"--timeout", "0s"}, `invalid value "0s" for flag -timeout: must be positive`},
		{[]string{"--timeout", "-1s"}, `invalid value "-1s" for flag -timeout: must be positive`},
		{[]string{"--timeout", "5"}, `invalid value "5" for flag -timeout: want a duration such as 90s, 10m or 1h30m`},
		{[]string{"--timeout", "1e9h"}, `invalid value "1e9h" for flag -timeout: want a duration such as 90s, 10m or 1h30m`},
		{[]string{"--limit-cpu", "0"}, `invalid value "0" for flag -limit-cpu: must be positive`},
		{[]string{"--limit-nproc", "0"}, `invalid value "0" for flag -limit-nproc: want a positive whole number`},
		{[]string{"--limit-nproc", "-1"}, `invalid value "-1" for flag -limit-nproc: want a positive whole number`},
		{[]string{"--limit-nofile", "0"}, `invalid value "0" for flag -limit-nofile: want a positive whole number`},
		{[]string{"--limit-nofile", "many"}, `invalid value "many" for flag -limit-nofile: want a positive whole number`},
		// --limit-nofile 1 with stdout a file: the sandbox's init could
		// not poll its relays (ppoll's nfds is bounded by RLIMIT_NOFILE)
		// and spun at full CPU for good after the command ended.
		{[]string{"--limit-nofile", "1"}, `invalid value "1" for flag -limit-nofile: want 4 or more`},
		{[]string{"--limit-nofile", "3"}, `invalid value "3" for flag -limit-nofile: want 4 or more`},
		{[]string{"--timeout", "10m", "--limit-cpu", "1500ms", "--limit-nproc", "64", "--limit-nofile", "256"}, ""},
	}
	for _, tt := range tests {
		stdout := wantUsageError(t, append([]string{"explain", "--root", root}, tt.args...), tt.want)
		if tt.want != "" && strings.Contains(stdout, "Usage:") {
			t.Errorf("%q: %q: the error comes with a usage header with no flags under it", tt.args, stdout)
		}
	}
}

// wantUsageError runs the CLI with args and checks that it exits 2 with
// want on stderr, or 0 where want is "", and returns what it printed
// (stdout, then stderr).
func wantUsageError(t *testing.T, args []string, want string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := realMain(args, strings.NewReader(""), &stdout, &stderr)
	switch {
	case want == "" && code != exitOK:
		t.Errorf("%q: exit %d, %s; want it accepted", args, code, stderr.String())
	case want != "" && (code != exitUsage || !strings.Contains(stderr.String(), want)):
		t.Errorf("%q: exit %d, %q; want exit 2 and %q", args, code, stderr.String(), want)
	}
	return stdout.String() + stderr.String()
}

// TestFlagGivenTwiceOrEmptyUX3: a flag of one value given twice with
// different values ran with the last (--mode plan --mode default ran in
// default mode, --network none --network all with the network), and an
// empty --root, --mode, --network, --session, --plan-file or --audit (an
// unset variable in a script) was taken for the flag left out: the run
// went ahead without the audit log it was asked to write. Both are exit 2
// naming the flag; the same value twice, and repeatable flags, still pass.
func TestFlagGivenTwiceOrEmptyUX3(t *testing.T) {
	root := flagsProject(t)
	tests := []struct {
		args []string
		want string // "" for accepted
	}{
		{[]string{"check", "--mode", "plan", "--mode", "default", "-c", "ls"}, `invalid value "default" for flag -mode: given twice, as "plan" and as "default": give it once`},
		{[]string{"explain", "--network", "none", "--network", "all"}, `invalid value "all" for flag -network: given twice, as "none" and as "all": give it once`},
		{[]string{"explain", "--timeout", "1m", "--timeout", "1h"}, `invalid value "1h" for flag -timeout: given twice, as "1m" and as "1h": give it once`},
		{[]string{"check", "--root", root, "--root", "/etc", "-c", "ls"}, `invalid value "/etc" for flag -root: given twice`},
		{[]string{"check", "--root", "", "-c", "ls"}, `invalid value "" for flag -root: empty: leave the flag out for its default`},
		{[]string{"check", "--mode", "", "-c", "ls"}, `invalid value "" for flag -mode: empty: leave the flag out for its default`},
		{[]string{"check", "--session", "", "-c", "ls"}, `invalid value "" for flag -session: empty`},
		{[]string{"check", "--audit", "", "-c", "ls"}, `invalid value "" for flag -audit: empty`},
		{[]string{"check", "--plan-file", "", "-c", "ls"}, `invalid value "" for flag -plan-file: empty`},
		{[]string{"explain", "--network", ""}, `invalid value "" for flag -network: empty`},
		{[]string{"check", "--mode", "plan", "--mode", "plan", "--deny", "Bash(rm:*)", "--deny", "Bash(curl:*)", "-c", "ls"}, ""},
		{[]string{"explain", "--network", "none", "--network=none", "--allow-connect", "80", "--allow-connect", "443"}, ""},
	}
	for _, tt := range tests {
		args := tt.args
		if !strings.Contains(strings.Join(args, " "), "--root") {
			args = append([]string{args[0], "--root", root}, args[1:]...)
		}
		wantUsageError(t, args, tt.want)
	}
}

// TestDoctorSettingsTruthUX3: doctor said "loaded" of every settings file
// that existed, one run refuses as invalid or unreadable included, and a
// --root it could not use was silently replaced by the working directory.
// It now says the file is found but not loaded and why (what run would
// print), and a bad --root is exit 2; a valid file is still "loaded".
func TestDoctorSettingsTruthUX3(t *testing.T) {
	root := flagsProject(t)
	file := filepath.Join(root, ".mewsandbox", "settings.yaml")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	doctor := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := realMain(append([]string{"doctor"}, args...), strings.NewReader(""), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	if err := os.WriteFile(file, []byte("permissions:\n  deny:\n    - Bash(rm\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := doctor("--root", root)
	wantLine := "project  found   " + file
	wantErr := file + `:3: deny[0]: malformed rule "Bash(rm": missing ")"`
	if code != exitOK || !strings.Contains(out, wantLine) || !strings.Contains(out, wantErr) || strings.Contains(out, "loaded  "+file) {
		t.Errorf("doctor with an invalid file: exit %d\n%s\nwant %q and %q", code, out, wantLine, wantErr)
	}
	code, out, _ = doctor("--root", root, "--json")
	if code != exitOK || !strings.Contains(out, `"settingsError": "`) || !strings.Contains(out, `"loaded": false`) {
		t.Errorf("doctor --json with an invalid file: exit %d\n%s", code, out)
	}

	if err := os.WriteFile(file, []byte("permissions:\n  deny: [Bash(rm:*)]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = doctor("--root", root)
	if code != exitOK || !strings.Contains(out, "project  loaded  "+file) || strings.Contains(out, "settings error") {
		t.Errorf("doctor with a valid file: exit %d\n%s", code, out)
	}

	code, _, errOut := doctor("--root", filepath.Join(root, "missing"))
	if code != exitUsage || !strings.Contains(errOut, "--root "+filepath.Join(root, "missing")+": no such file or directory") {
		t.Errorf("doctor --root missing: exit %d, %q; want exit 2 naming --root", code, errOut)
	}
}

// TestAuditSummaryDirectoryUX3: audit summary of a directory exited 125,
// the status of an internal error; it is bad input, exit 2, as a missing
// file is.
func TestAuditSummaryDirectoryUX3(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	code := realMain([]string{"audit", "summary", dir}, strings.NewReader(""), io.Discard, &stderr)
	if want := "audit " + dir + ": is a directory: name the log file written with --audit"; code != exitUsage || !strings.Contains(stderr.String(), want) {
		t.Errorf("audit summary DIR: exit %d, %q; want exit 2 and %q", code, stderr.String(), want)
	}
}

// TestCheckRootSystemDirsUX3: run from /etc (no git repository there, so
// the working directory is the root) or with --root /usr, the system
// directory was the project root and every sandboxed command could write
// it: as root, /etc/passwd. They are refused as / is; a project below one
// (/etc/nixos, /opt/app) is a root like any other.
func TestCheckRootSystemDirsUX3(t *testing.T) {
	checkRoots(t, []rootRow{
		{"/etc", "is the system directory /etc"},
		{"/usr", "is the system directory /usr"},
		{"/opt", "is the system directory /opt"},
		{"/var", "is the system directory /var"},
		{"/boot", "is the system directory /boot"},
		{"/etc/nixos", ""},
		{"/opt/app", ""},
		{"/usr/local/src/app", ""},
	})
}

// TestHomeUnsetUX3: with HOME unset (env -i, a systemd service) the home
// directory was "": a run in it made all of it the writable root, ~/.ssh
// and the shell's start-up files included, and the user's own settings,
// their deny rules too, were silently not read. The home directory is
// then the user database's.
func TestHomeUnsetUX3(t *testing.T) {
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		t.Skip("no home directory in the user database")
	}
	if fi, err := os.Stat(u.HomeDir); err != nil || !fi.IsDir() {
		t.Skip("the user database's home directory does not exist")
	}
	for _, home := range []string{"", "relative/home"} {
		t.Setenv("HOME", home)
		if got := exec.UserHome(); got != u.HomeDir {
			t.Errorf("HOME=%q: exec.UserHome() = %q, want %q", home, got, u.HomeDir)
		}
		var stderr bytes.Buffer
		code := realMain([]string{"check", "--root", u.HomeDir, "-c", "ls"}, strings.NewReader(""), io.Discard, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), "is your home directory") {
			t.Errorf("HOME=%q: check --root %s: exit %d, %q; want it refused as the home directory", home, u.HomeDir, code, stderr.String())
		}
	}
	t.Setenv("HOME", t.TempDir())
	if got := exec.UserHome(); got != os.Getenv("HOME") {
		t.Errorf("HOME set: exec.UserHome() = %q, want $HOME", got)
	}
}

// TestExplainJSONAndFormatUX3: explain --json --format sbpl printed JSON,
// dropping the format asked for unsaid; the two disagreeing is exit 2.
// --json alone, and with --format json, still print JSON.
func TestExplainJSONAndFormatUX3(t *testing.T) {
	root := flagsProject(t)
	for _, tt := range []struct {
		args []string
		want string // "" for accepted
	}{
		{[]string{"--json", "--format", "sbpl"}, "--json and --format sbpl disagree: give one"},
		{[]string{"--format", "text", "--json"}, "--json and --format text disagree: give one"},
		{[]string{"--json"}, ""},
		{[]string{"--json", "--format", "json"}, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := realMain(append([]string{"explain", "--root", root}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		switch {
		case tt.want == "" && (code != exitOK || !strings.HasPrefix(stdout.String(), "{")):
			t.Errorf("%q: exit %d, %q; want JSON", tt.args, code, stderr.String())
		case tt.want != "" && (code != exitUsage || !strings.Contains(stderr.String(), tt.want)):
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

// TestConfigHome: a relative $XDG_CONFIG_HOME is ignored, as the XDG
// specification says and the settings' loader does, so that init names
// the user's settings file the loader reads.
func TestConfigHome(t *testing.T) {
	for _, tt := range []struct{ xdg, home, want string }{
		{"/etc/xdg-me", "/home/me", "/etc/xdg-me"},
		{"", "/home/me", "/home/me/.config"},
		{"cfg", "/home/me", "/home/me/.config"},
		{"cfg", "", ""},
	} {
		t.Setenv("XDG_CONFIG_HOME", tt.xdg)
		if got := configHome(tt.home); got != tt.want {
			t.Errorf("XDG_CONFIG_HOME=%q, home %q: %q, want %q", tt.xdg, tt.home, got, tt.want)
		}
	}
}

// TestDisabledBypassNamesItsFileS62: --yolo refused under a project's
// disableBypassPermissionsMode blamed the managed settings, sending the
// person to a file that does not say it: the refusal names the file that
// does.
func TestDisabledBypassNamesItsFileS62(t *testing.T) {
	const file = "/src/app/.mewsandbox/settings.yaml"
	o := &options{yolo: true}
	_, err := o.resolveMode(&permission.Config{DisableBypass: true, DisableBypassSource: file})
	if err == nil || !strings.Contains(err.Error(), "disabled by "+file+" (disableBypassPermissionsMode)") {
		t.Errorf("--yolo under %s's disableBypassPermissionsMode: %v, want the file named", file, err)
	}
}

// TestYAMLFlowItemS62: init's trustedProjects line named the project as
// written, so a root holding ", " or " #" became two entries, or a
// comment, in the user's settings, which then failed to load.
func TestYAMLFlowItemS62(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/home/me/app", "/home/me/app"},
		{"/home/me/my app", "/home/me/my app"},
		{"/src/a,b", `"/src/a,b"`},
		{"/src/x #1", `"/src/x #1"`},
		{"/src/{x}", `"/src/{x}"`},
		{`/src/a"b`, `"/src/a\"b"`},
		{"/src/a: b", `"/src/a: b"`},
		{"/src/a:", `"/src/a:"`},
		{"/src/a\tb #c", `"/src/a\tb #c"`},
		{"/src/<&>", "/src/<&>"},
	} {
		got := yamlFlowItem(tt.in)
		if got != tt.want {
			t.Errorf("yamlFlowItem(%q) = %s, want %s", tt.in, got, tt.want)
		}
		s, err := permission.ParseSettings("/home/me/.config/mewsandbox/settings.yaml", []byte("trustedProjects: ["+got+"]\n"), "")
		if err != nil || len(s.TrustedProjects) != 1 || s.TrustedProjects[0].Value != tt.in {
			t.Errorf("trustedProjects: [%s] reads back as %v (%v), want %q", got, s, err, tt.in)
		}
	}
}
