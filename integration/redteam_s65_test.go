package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHolesS65: in check, where no sandbox backs the hook, a value read
// as data ran in arithmetic (x=$(cat f); (( x ))), inline code read a
// key by a path it built (a variable, an f-string, a glob) or from
// /dev/stdin, find -exec bash {} and sh -c '. "$1"' ran a script the
// line wrote, a function's >&3 was asked although its call opened 3,
// a loop over ~/.ss?/id_* read the keys, zsh's =rm ran rm, a bind mount
// of ~/.ssh passed bypassPermissions, patch wrote a git hook its
// headers named, and perl's unlink glob "~/*" emptied the home. Each is
// now asked for or denied; the neighbours pass.
func TestHolesS65(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "hi\n"})
	home := t.TempDir()
	env := []string{"HOME=" + home}
	hook := "--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+rm -rf ~\n"
	for _, tt := range []struct{ mode, cmd, want string }{
		{"default", `x=$(cat f); (( x ))`, "ask"},
		{"bypassPermissions", `read x < f; echo $((x + 1))`, "ask"},
		{"default", `python3 -c 'import glob; print(open(glob.glob("` + home + `/.ss*/id_*")[0]).read())'`, "ask"},
		{"bypassPermissions", `python3 -c 'p="` + home + `/.ssh/id_rsa"; print(open(p).read())'`, "ask"},
		{"default", `python3 -c 'import os; h=os.environ["HOME"]; print(open(f"{h}/.ssh/id_rsa").read())'`, "ask"},
		{"default", `python3 /dev/stdin <<< 'import os; os.system("rm -rf ~")'`, "deny"},
		{"dontAsk", `python3 <(echo 'print(1)')`, "deny"},
		{"default", `echo 'rm -rf ~' > s.sh; find . -name s.sh -exec bash {} \;`, "deny"},
		{"bypassPermissions", `echo 'rm -rf ~' > s.sh; find . -name s.sh -exec sh -c '. "$1"' _ {} \;`, "deny"},
		{"default", `echo 'rm -rf ~' > s.sh; f=s.sh; . "$f"`, "deny"},
		{"default", `f() { echo x >&3; }; f 3>log`, "allow"},
		{"default", `f() { cat <&5; }; f`, "ask"},
		{"bypassPermissions", `for f in ~/.ss?/id_*; do cat "$f"; done`, "ask"},
		{"default", `zsh -c "=rm -rf ~"`, "deny"},
		{"bypassPermissions", `docker run -v ~/.ssh:/k alpine cat /k/id_rsa`, "ask"},
		{"bypassPermissions", "patch -p1 <<'EOF'\n" + hook + "EOF", "ask"},
		{"bypassPermissions", `perl -e 'unlink glob q(~/*)'`, "ask"},
		{"bypassPermissions", `python3 -c 'p=".git/hooks/pre-commit"; open(p,"w").write("x")'`, "ask"},
		{"default", `(( i++ ))`, "allow"},
		{"default", `for ((i=0;i<3;i++)); do echo $i; done`, "allow"},
		{"default", `n=3; echo $((n+1))`, "allow"},
		{"default", `n=$(wc -l < README.md); (( n > 10 )) && echo big`, "allow"},
		{"default", `cat /dev/stdin`, "allow"},
		{"default", `diff <(sort a) <(sort b)`, "allow"},
		{"default", `exec 3<README.md; cat <&3`, "allow"},
		{"default", `python3 -c "import os; print(os.getcwd())"`, "allow"},
		{"default", `echo 'echo hi' > s.sh; bash s.sh`, "allow"},
		{"default", `for f in *.go; do gofmt -l "$f"; done`, "allow"},
		{"default", `find . -name '*.go' -exec gofmt -l {} +`, "allow"},
		{"default", "python3 - <<'EOF'\nprint(1)\nEOF", "allow"},
		{"default", `python3 /dev/stdin <<< 'print(1)'`, "allow"},
		{"default", `docker run -v data:/data alpine`, "allow"},
		{"default", "patch -p1 <<'EOF'\n--- a/src/main.go\n+++ b/src/main.go\n@@ -1 +1 @@\n-x\n+y\nEOF", "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, env, "--mode", tt.mode, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s in %s: %s (%s), want %s", tt.cmd, tt.mode, got, why, tt.want)
		}
	}
}

// TestFindWrittenRunS65: run -c of a script the line writes and find
// -exec bash {} runs: asked for (no TTY: exit 77) and build stays; the
// same with a harmless script prints what it echoes.
func TestFindWrittenRunS65(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x", "README.md": "hi\n"})
	r := run(t, invocation{args: []string{"run", "-c", `echo 'rm -rf build' > s.sh; find . -name s.sh -exec bash {} \;`}, dir: dir})
	if r.code != 77 {
		t.Errorf("run of find -exec bash {} on a written rm: exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: the written script ran", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", `echo 'echo hi' > s.sh; find . -name s.sh -exec bash {} \;`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "hi" {
		t.Errorf("run of find -exec bash {} on a written echo: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
