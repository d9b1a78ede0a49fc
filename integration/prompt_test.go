package integration

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAlwaysApprovalWritesARuleThatAllows: an "always" answer at the
// terminal writes the exact command as an allow rule only where that rule
// lets it run unasked in a later session. A command with a glob (rm
// *.tmp), whose words allow rules cannot prove, is approved for the
// session and says so; the rule it used to write never matched it.
func TestAlwaysApprovalWritesARuleThatAllows(t *testing.T) {
	t.Parallel()
	script, err := osexec.LookPath("script")
	if err != nil {
		t.Skip("script (util-linux) not installed: no terminal to answer the prompt on")
	}
	dir := project(t, map[string]string{"x.tmp": "", "build/f": ""})
	local := filepath.Join(dir, ".mewsandbox", "settings.local.yaml")
	home := outsideTemp(t)
	answer := func(command string) result {
		cmd := osexec.Command(script, "-qec", bin+" run "+command, "/dev/null")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader("a\n")
		cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home,
			"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"), "LANG=C"}
		return runCommand(t, cmd)
	}

	r := answer(`--session s1 -c 'rm *.tmp'`)
	if r.code != 0 || !strings.Contains(r.stdout, "approved for this session only") {
		t.Fatalf("rm *.tmp, always: exit %d, terminal %q; want it run and told the approval is for the session only", r.code, r.stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.tmp")); err == nil {
		t.Error("rm *.tmp approved did not run")
	}
	if b, err := os.ReadFile(local); err == nil && strings.Contains(string(b), "tmp") {
		t.Errorf("a rule that can never allow rm *.tmp was written:\n%s", b)
	}

	r = answer(`--session s1 -- rm -rf build`)
	b, _ := os.ReadFile(local)
	if r.code != 0 || strings.Contains(r.stdout, "session only") || !strings.Contains(string(b), "Bash(rm -rf build)") {
		t.Errorf("rm -rf build, always: exit %d, terminal %q, settings %q; want the rule written", r.code, r.stdout, b)
	}

	// The local file is the project's own: untrusted, its rules do not
	// lift what acts beyond the project, so git push approved "always"
	// wrote a rule that asked again in every later session (S62). Now it
	// is approved for the session only, and says so; trusted (in another
	// session, which has no approval of it yet), the rule is written.
	r = answer(`--session s1 -- git push`)
	if b, _ := os.ReadFile(local); !strings.Contains(r.stdout, "approved for this session only") || strings.Contains(string(b), "git push") {
		t.Errorf("git push, always, untrusted: terminal %q, settings %q; want the session only and no rule", r.stdout, b)
	}
	r = answer(`--session s2 --trust-project -- git push`)
	if b, _ := os.ReadFile(local); strings.Contains(r.stdout, "session only") || !strings.Contains(string(b), "Bash(git push)") {
		t.Errorf("git push, always, trusted: terminal %q, settings %q; want the rule written", r.stdout, b)
	}
}
