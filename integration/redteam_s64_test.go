package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProcFDsAndHomeS64: in check, where no sandbox backs the hook, a
// key was read through /proc/$$/cwd/.. or "$d/..", another process's or
// an inherited descriptor was read (cat /proc/1/fd/5, /proc/self/fd/3),
// a script written to the home by its path ran by ~ in
// bypassPermissions, inline code opened a path it read from the
// environment, perl's <> ran an operand ending in |, and bash before 5.2
// ran k='$(…)' in (( a[$k] )). Each is now asked for or denied; the
// neighbours pass.
func TestProcFDsAndHomeS64(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "hi\n"})
	home := t.TempDir()
	env := []string{"HOME=" + home}
	for _, tt := range []struct{ mode, cmd, want string }{
		{"default", `cat /proc/$$/cwd/../root/.ssh/id_rsa`, "ask"},
		{"bypassPermissions", `cat /proc/$PPID/cwd/../../root/.ssh/id_rsa`, "ask"},
		{"default", `cat "$d/../.ssh/id_rsa"`, "ask"},
		{"default", `cat /proc/1/fd/5`, "ask"},
		{"acceptEdits", `cat /proc/self/fd/3`, "ask"},
		{"dontAsk", `cat <&7`, "deny"},
		{"bypassPermissions", `echo 'rm -rf ~' > ` + home + `/s.sh; bash ~/s.sh`, "deny"},
		{"bypassPermissions", `echo 'rm -rf ~' > ~/s.sh; bash ` + home + `/s.sh`, "deny"},
		{"default", `export K=~/.ssh/id_rsa; python3 -c 'import os; print(open(os.environ["K"]).read())'`, "ask"},
		{"default", `K=~/.aws/credentials node -e 'console.log(require("fs").readFileSync(process.env.K, "utf8"))'`, "ask"},
		{"default", `perl -ne 'print' 'rm -rf ~|'`, "deny"},
		{"bypassPermissions", `perl -lne 'print' '>~/.bashrc'`, "ask"},
		{"default", `k='$(rm -rf ~)'; (( a[$k] ))`, "ask"},
		{"default", `cat /dev/stdin`, "allow"},
		{"default", `diff <(sort a) <(sort b)`, "allow"},
		{"default", `exec 3<README.md; cat <&3`, "allow"},
		{"default", `cat /dev/fd/3 3<README.md`, "allow"},
		{"default", `python3 -c "import os; print(os.getcwd())"`, "allow"},
		{"default", `echo 'echo hi' > s.sh; bash s.sh`, "allow"},
		{"default", `for f in *.go; do gofmt -l "$f"; done`, "allow"},
		{"default", `ls /proc/self/fd`, "allow"},
		{"default", `cat /proc/self/status`, "allow"},
		{"default", `cat /proc/cpuinfo`, "allow"},
		{"default", `perl -ne 'print if /hi/' README.md`, "allow"},
		{"default", `task add "buy milk"`, "allow"},
		{"default", `for k in 1 2; do (( a[$k]++ )); done`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, env, "--mode", tt.mode, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s in %s: %s (%s), want %s", tt.cmd, tt.mode, got, why, tt.want)
		}
	}
}

// TestPerlDiamondRunS64: run -c of perl -ne print 'rm -rf build|',
// whose <> runs rm -rf build: asked for (no TTY: exit 77) and build
// stays; perl -ne over a file of the project prints it.
func TestPerlDiamondRunS64(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x", "README.md": "hi\n"})
	r := run(t, invocation{args: []string{"run", "-c", `perl -ne 'print' 'rm -rf build|'`}, dir: dir})
	if r.code != 77 {
		t.Errorf("run of perl's <> on 'rm -rf build|': exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: the operand's command ran", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", `perl -ne 'print' README.md`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "hi" {
		t.Errorf("run of perl -ne over README.md: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestHuntS64: the fresh hunt's holes through the built binary's check:
// values printf -v, set --, ${k:=…} and a cat of a written file hand on,
// the command lines PROMPT_COMMAND, LESSOPEN and PAGER hold in
// bypassPermissions, and scripts written by another path, by a compound,
// by cp of the input or run through a glob. Each is now asked for or
// denied; the neighbours pass.
func TestHuntS64(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "hi\n"})
	for _, tt := range []struct{ mode, cmd, want string }{
		{"default", `printf -v p '%s/.ssh/id_rsa' ~; cat "$p"`, "ask"},
		{"default", `set -- ~/.ssh/id_rsa; cat "$1"`, "ask"},
		{"bypassPermissions", `: ${k:=~/.aws/credentials}; cat "$k"`, "ask"},
		{"default", `echo ~/.ssh/id_rsa > l; cat $(cat l)`, "ask"},
		{"default", `echo ~/.ssh/id_rsa > l; xargs -a l cat`, "ask"},
		{"bypassPermissions", `PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null`, "deny"},
		{"bypassPermissions", `LESSOPEN='|rm -rf ~ %s' less README.md`, "deny"},
		{"bypassPermissions", `PAGER='rm -rf ~' man ls`, "deny"},
		{"default", `echo 'rm -rf ~' > ` + dir + `/s.sh; bash ./s.sh`, "deny"},
		{"default", `{ echo 'rm -rf ~'; } > s.sh; bash s.sh`, "ask"},
		{"default", `cp /dev/stdin s.sh <<< 'rm -rf ~'; bash s.sh`, "deny"},
		{"default", `echo 'rm -rf ~' > s.sh; bash *.sh`, "deny"},
		{"default", `printf -v p '%s' README.md; cat "$p"`, "allow"},
		{"default", `set -euo pipefail; cat README.md`, "allow"},
		{"bypassPermissions", `PAGER=cat man ls`, "allow"},
		{"default", `echo README.md > l; cat $(cat l)`, "allow"},
		{"default", `{ echo a; echo b; } > out.txt; cat out.txt`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "--mode", tt.mode, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s in %s: %s (%s), want %s", tt.cmd, tt.mode, got, why, tt.want)
		}
	}
}
