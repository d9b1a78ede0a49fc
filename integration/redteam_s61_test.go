package integration

// Red team of stop 61: a lister's names read back from a file or a
// variable by the shapes stop 60 missed, and inline code that prints a
// copy of the environment; each beside the neighbour that must keep
// passing.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamesAndEnvCopiesS61: in check's default, where no sandbox scrubs
// the environment, names handed on by $(< l), mapfile, parallel :::: or
// a variable, and a copy of the environment printed from a variable,
// were allowed; now asked, their neighbours allowed.
func TestNamesAndEnvCopiesS61(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	for _, tt := range []struct{ cmd, want string }{
		{`find ~ -name '*.pem' > l; cat $(<l)`, "ask"},
		{`find ~ -name '*.pem' > l; mapfile -t a < l; cat "${a[@]}"`, "ask"},
		{`locate id_rsa > l; parallel cat :::: l`, "ask"},
		{`a=$(find ~ -name '*.pem'); cat $a`, "ask"},
		{`while read f; do cat "$f"; done < <(locate id_rsa)`, "ask"},
		{`python3 -c 'import os; my_env = os.environ.copy(); print(my_env["GITHUB_TOKEN"])'`, "ask"},
		{`node -e 'const e={...process.env}; console.log(e)'`, "ask"},
		{`git ls-files > l; mapfile -t a < l; wc -l "${a[@]}"`, "allow"},
		{"git ls-files > l\nxargs wc -l < l", "allow"},
		{`python3 -c 'import os, subprocess; e = os.environ.copy(); subprocess.run(["true"], env=e)'`, "allow"},
		{`node -e 'const env={...process.env, CC: "clang"}; require("child_process").spawn("true", [], {env})'`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got, why, tt.want)
		}
	}
}

// TestScrubbedEnvCopyS61: under run the environment is scrubbed, so
// inline code that prints a copy of it runs unasked and finds no token.
func TestScrubbedEnvCopyS61(t *testing.T) {
	t.Parallel()
	b := newBox(t, nil)
	b.env = []string{"GITHUB_TOKEN=s61-secret"}
	cmd := `python3 -c 'import os; e = os.environ.copy(); print(e.get("GITHUB_TOKEN", "unset"))'`
	r := b.run("run", "-c", cmd)
	if r.code != 0 || strings.Contains(r.stdout, "s61-secret") || strings.TrimSpace(r.stdout) != "unset" {
		t.Errorf("run -c %s: exit %d, stdout %q, stderr %q: want it run, without the token", cmd, r.code, r.stdout, r.stderr)
	}
}

// TestIndexedAssignS61: run -c 'a[0]=$(rm -rf build)' deleted build:
// the value of an assignment to an array's element went unchecked. It
// is now asked (77 without a TTY) and build stays; the same assignment
// of a harmless substitution runs.
func TestIndexedAssignS61(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	if got, why, _ := checkDecision(t, dir, nil, "-c", `a[0]=$(rm -rf ~)`); got != "deny" {
		t.Errorf("a[0]=$(rm -rf ~): %s (%s), want deny", got, why)
	}
	r := run(t, invocation{args: []string{"run", "-c", "a[0]=$(rm -rf build)"}, dir: dir})
	if r.code != 77 {
		t.Errorf("run a[0]=$(rm -rf build): exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: an indexed assignment's substitution deleted it", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", `a[0]=$(echo ok); echo "${a[0]}"`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "ok" {
		t.Errorf("run a[0]=$(echo ok): exit %d, stdout %q, stderr %q: want ok", r.code, r.stdout, r.stderr)
	}
}
