package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSeatbeltTranslation(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy("/work/proj").
		WithGrant(Grant{Path: "/opt/sdk", Access: Read | Exec}, Grant{Path: "/var/cache/x", Access: Read | Write}).
		WithDenyRead("/work/proj/.env").
		WithNetwork(Network{Mode: NetworkNone, Connect: []uint16{8080}})
	sp := p.Seatbelt("/private/tmp/run1")
	if sp.Root != "/work/proj" || sp.TempDir != "/private/tmp/run1" {
		t.Errorf("root %q temp %q", sp.Root, sp.TempDir)
	}
	if !slices.Equal(sp.Read, []string{"/opt/sdk"}) || !slices.Equal(sp.Write, []string{"/var/cache/x"}) {
		t.Errorf("read %v write %v: want only the extra grants, not the Linux system ones", sp.Read, sp.Write)
	}
	if !slices.Equal(sp.DenyRead, []string{"/work/proj/.env"}) || sp.Network.All || !slices.Equal(sp.Network.Connect, []uint16{8080}) {
		t.Errorf("deny %v network %+v", sp.DenyRead, sp.Network)
	}
	if all := p.WithNetwork(Network{Mode: NetworkAll}).Seatbelt(""); !all.Network.All {
		t.Error("network all not translated")
	}
}

func TestSandboxExecArgs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		params []string
		args   []string
		want   []string
	}{
		{"no parameters, no arguments", nil, nil,
			[]string{"/usr/bin/sandbox-exec", "-p", "(version 1)", "--", "/bin/echo"}},
		{"each parameter after its own -D", []string{"ROOT=/w/p q", "DENY_0=/w/p q/.env"}, nil,
			[]string{"/usr/bin/sandbox-exec", "-p", "(version 1)", "-D", "ROOT=/w/p q", "-D", "DENY_0=/w/p q/.env", "--", "/bin/echo"}},
		{"arguments that look like options stay the command's", []string{"ROOT=/w"}, []string{"-p", "--", "-D", "x"},
			[]string{"/usr/bin/sandbox-exec", "-p", "(version 1)", "-D", "ROOT=/w", "--", "/bin/echo", "-p", "--", "-D", "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := sandboxExecArgs("(version 1)", tt.params, "/bin/echo", tt.args); !slices.Equal(got, tt.want) {
				t.Errorf("sandboxExecArgs = %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestSandboxExecError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		stderr string
		want   string
	}{
		{"nested sandbox (ANCHOR 51)", 71, "sandbox-exec: sandbox_apply: Operation not permitted\n", "macOS cannot nest Seatbelt sandboxes"},
		{"profile does not compile", 65, "sandbox-exec: unbound variable: file-map-executable at <input string>, line 40\n", "the profile did not compile"},
		{"execvp fails", 71, "sandbox-exec: execvp() of '/usr/bin/true' failed: No such file or directory\n", "sandbox-exec: execvp() of '/usr/bin/true' failed: No such file or directory"},
		{"only the first line", 71, "sandbox-exec: first\nsecond\n", "sandbox-exec: first"},
		{"silent", 71, "", "exited with status 71 before running the command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			serr := sandboxExecError(tt.status, []byte(tt.stderr))
			if serr.Stage != StageSeatbelt || serr.Status != StatusSandbox {
				t.Errorf("stage %q status %d, want %q 125", serr.Stage, serr.Status, StageSeatbelt)
			}
			if msg := serr.Err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, "second") {
				t.Errorf("error %q, want it to hold %q", msg, tt.want)
			}
		})
	}
}

func TestPlanSeatbelt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	root := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{".env", "linked"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(root, "linked"), filepath.Join(root, "sub", "other-name")); err != nil {
		t.Fatal(err)
	}
	base := DefaultPolicy(root)
	tests := []struct {
		name        string
		policy      Policy
		sandboxExec error
		wantErr     string
		wantMissing bool
	}{
		{"default policy", base, nil, "", false},
		{"deny-read inside the root", base.WithDenyRead(filepath.Join(root, ".env")), nil, "", false},
		{"no sandbox-exec is missing enforcement", base, errors.New("stat /usr/bin/sandbox-exec: no such file or directory"), "", true},
		{"unknown network mode", base.WithNetwork(Network{Mode: "some"}), nil, `network mode "some"`, false},
		{"ports with network all", base.WithNetwork(Network{Mode: NetworkAll, Connect: []uint16{80}}), nil, "only make sense with network mode none", false},
		{"grant without access", base.WithGrant(Grant{Path: "/opt"}), nil, "no access", false},
		{"relative grant", base.WithGrant(Grant{Path: "opt", Access: Read}), nil, "not an absolute path", false},
		{"missing required grant", base.WithGrant(Grant{Path: filepath.Join(dir, "absent"), Access: Read}), nil, "absent", false},
		{"missing optional grant", base.WithGrant(Grant{Path: filepath.Join(dir, "absent"), Access: Read, Optional: true}), nil, "", false},
		{"denied file with another hard link", base.WithDenyRead(filepath.Join(root, "linked")), nil, "2 hard links", false},
		{"deny-read of the root (seatbelt refuses)", base.WithDenyRead(root), nil, "seatbelt:", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sb, err := tt.policy.planSeatbelt(filepath.Join(dir, "tmp"), "", tt.sandboxExec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("planSeatbelt error %v, want one holding %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			e := sb.enforcement
			if got := len(e.Missing) > 0; got != tt.wantMissing || got && !strings.HasPrefix(e.Missing[0], "seatbelt: ") {
				t.Errorf("Missing %q, want missing %v", e.Missing, tt.wantMissing)
			}
			if e.LandlockABI != 0 || len(e.Landlock.Paths) > 0 || len(e.Seccomp.DenySyscalls) > 0 {
				t.Errorf("Landlock or seccomp planned on macOS: %+v", e)
			}
			if !slices.ContainsFunc(e.Notes, func(n string) bool { return strings.Contains(n, "TIOCSTI") }) {
				t.Errorf("Notes %q do not say TIOCSTI is left open", e.Notes)
			}
			if !strings.HasPrefix(sb.profile, "(version 1)\n(deny default)\n") || !slices.ContainsFunc(sb.params, func(p string) bool { return strings.HasPrefix(p, "ROOT=") }) {
				t.Errorf("profile %.40q params %q", sb.profile, sb.params)
			}
		})
	}
}

func TestCheckSeatbeltExec(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	root := filepath.Join(home, "proj")
	tool := filepath.Join(home, "go", "bin", "tool")
	allowed := filepath.Join(home, "sdk", "bin", "cc")
	for _, f := range []string{filepath.Join(root, "run.sh"), filepath.Join(root, "script"), filepath.Join(root, "secret", "bin"), tool, allowed, filepath.Join(home, ".ssh", "helper")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "script"), []byte("#!"+tool+" -x\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sp := DefaultPolicy(root).
		WithGrant(Grant{Path: filepath.Join(home, "sdk"), Access: Read | Exec}).
		WithDenyRead(filepath.Join(root, "secret")).
		Seatbelt("")
	tests := []struct {
		name string
		path string
		home string
		want string // "" for no error
	}{
		{"in the root", filepath.Join(root, "run.sh"), home, ""},
		{"in a read grant in home", allowed, home, ""},
		{"outside home: Seatbelt's system list decides", "/bin/sh", home, ""},
		{"in home outside every grant", tool, home, "outside every executable grant: allow read and execute on"},
		{"interpreter in home outside every grant", filepath.Join(root, "script"), home, "outside every executable grant"},
		{"in a deny-read path", filepath.Join(root, "secret", "bin"), home, "is in the denied"},
		{"in a credential store", filepath.Join(home, ".ssh", "helper"), home, "is in the denied"},
		{"no home: nothing to tell", tool, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			serr := checkSeatbeltExec(tt.path, sp, tt.home)
			switch {
			case tt.want == "" && serr != nil:
				t.Errorf("checkSeatbeltExec = %v, want nil", serr)
			case tt.want != "" && serr == nil:
				t.Errorf("checkSeatbeltExec = nil, want an error holding %q", tt.want)
			case tt.want != "" && (serr.Status != StatusNotExecutable || !strings.Contains(serr.Error(), tt.want)):
				t.Errorf("checkSeatbeltExec = %v (status %d), want status 126 and %q", serr, serr.Status, tt.want)
			}
		})
	}
}

// TestPlanSeatbeltHgIncludes: the files the root's .hg/hgrc names with
// %include, nested, missing or not, are denied writing in the profile, as
// the namespace layer holds them on Linux; on macOS a command could write
// [hooks] into one (the next hg outside the sandbox ran them). A file hg
// does not read stays writable, and an include the plan cannot follow
// (too large to read) is reported as not enforced.
func TestPlanSeatbeltHgIncludes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for f, s := range map[string]string{
		".hg/hgrc":  "[ui]\n%include ../shared.rc\n%include ../absent.rc\n",
		"shared.rc": "%include sub/more.rc\n",
		"notes.rc":  "[hooks]\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	protected := func(sb seatbeltPlan, rel string) bool {
		return slices.ContainsFunc(sb.params, func(p string) bool {
			return strings.HasPrefix(p, "PROTECT_") && strings.HasSuffix(p, root+"/"+rel)
		})
	}
	sb, err := DefaultPolicy(root).planSeatbelt("", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{".hg/hgrc", "shared.rc", "sub/more.rc", "absent.rc"} {
		if !protected(sb, rel) {
			t.Errorf("%s is not denied writing (%d parameters)", rel, len(sb.params))
		}
	}
	if protected(sb, "notes.rc") {
		t.Errorf("notes.rc, which hg does not read, is denied writing")
	}
	if len(sb.enforcement.Missing) > 0 {
		t.Errorf("Missing %q, want nothing", sb.enforcement.Missing)
	}
	big := filepath.Join(root, "shared.rc")
	if err := os.WriteFile(big, []byte(strings.Repeat("#\n", maxConfigSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	sb, err = DefaultPolicy(root).planSeatbelt("", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if m := sb.enforcement.Missing; len(m) != 1 || !strings.Contains(m[0], "cannot protect "+big) {
		t.Errorf("an include too large to read: Missing %q, want it named", m)
	}
}

// TestPlanSeatbeltAgentHookScripts: the scripts a held agent settings
// file's hooks run are denied writing in the profile, as the namespace
// layer holds them on Linux: a sandboxed echo > scripts/hooks/check.sh
// ran at Claude Code's next tool call outside every sandbox. What the
// script sources (scripts/lib.sh) is denied too, and a missing script a
// hook runs (its creation); a script no hook runs stays writable. A hook
// command line past maxSimpleCommands refuses the plan, naming its file.
func TestPlanSeatbeltAgentHookScripts(t *testing.T) {
	t.Parallel()
	write := func(root, rel, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, rel), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hooks := func(command string) string { // command holds no " or \
		return `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"` + command + `"}]}]}}`
	}
	root := t.TempDir()
	write(root, ".claude/settings.json", hooks("bash scripts/hooks/check.sh && ./scripts/absent.sh"))
	write(root, "scripts/hooks/check.sh", "#!/bin/bash\n. scripts/lib.sh\n")
	write(root, "scripts/lib.sh", "check() { :; }\n")
	write(root, "scripts/other.sh", "echo other\n")
	sb, err := DefaultPolicy(root).planSeatbelt("", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	protected := func(rel string) bool {
		return slices.ContainsFunc(sb.params, func(p string) bool {
			return strings.HasPrefix(p, "PROTECT_") && strings.HasSuffix(p, root+"/"+rel)
		})
	}
	for _, rel := range []string{"scripts/hooks/check.sh", "scripts/lib.sh", "scripts/absent.sh"} {
		if !protected(rel) {
			t.Errorf("%s is not denied writing (%d parameters)", rel, len(sb.params))
		}
	}
	for _, rel := range []string{"scripts/other.sh", "scripts", "scripts/hooks"} {
		if protected(rel) {
			t.Errorf("%s, which no hook runs, is denied writing", rel)
		}
	}

	bound := t.TempDir()
	write(bound, ".claude/settings.json", hooks(strings.Repeat("true; ", maxSimpleCommands+1)+"./scripts/x.sh"))
	sb, err = DefaultPolicy(bound).planSeatbelt("", "", nil)
	if m := strings.Join(sb.enforcement.Missing, "; "); err != nil || !strings.Contains(m, ".claude/settings.json") || !strings.Contains(m, fmt.Sprintf("more than %d commands", maxSimpleCommands)) {
		t.Errorf("a hook command line past maxSimpleCommands: planSeatbelt %v, missing %q; want it not enforced (refused, or warned of under --best-effort), naming the file and the bound", err, m)
	}
}
