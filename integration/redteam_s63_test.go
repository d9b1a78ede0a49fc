package integration

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestInlineAndWrittenS63: in check's default, where no sandbox backs the
// hook, inline code read a key through $HOME or a value the line
// assigned, node's dynamic import of process printed the environment, a
// Makefile or package.json the line wrote ran its recipe by a bare make or
// npm run, a descriptor exec {fd}< held was read through <&$fd, and a
// script written to "$HOME/s.sh" ran as ~/s.sh in bypassPermissions. Each
// is now asked for or denied; the neighbours (msg="item[$i]"; echo, a
// loop over 40 words, a Makefile that echoes) pass.
func TestInlineAndWrittenS63(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"README.md": "hi\n"})
	var words []string
	for i := 1; i <= 40; i++ {
		words = append(words, strconv.Itoa(i))
	}
	for _, tt := range []struct{ mode, cmd, want string }{
		{"default", `python3 -c "print(open(\"$HOME/.ssh/id_rsa\").read())"`, "ask"},
		{"default", `export K=~/.ssh/id_rsa; python3 -c "print(open(\"$K\").read())"`, "ask"},
		{"default", `node -e "console.log(require('fs').readFileSync('$HOME/.aws/credentials','utf8'))"`, "ask"},
		{"default", `node -e 'import("process").then(p => console.log(p.env))'`, "ask"},
		{"default", `node --input-type=module -e 'const p = await import("node:process"); console.log(p.env)'`, "ask"},
		{"default", `printf 'all:\n\trm -rf ~\n' > Makefile; make`, "deny"},
		{"bypassPermissions", `echo '{"scripts": {"x": "rm -rf ~"}}' > package.json; npm run x`, "deny"},
		{"default", `echo ~/.ssh/id_rsa > l; exec {fd}<l; xargs cat <&$fd`, "ask"},
		{"bypassPermissions", `echo 'rm -rf ~' > "$HOME/s.sh"; bash ~/s.sh`, "deny"},
		{"acceptEdits", `exec {fd}<~/.ssh/id_rsa; cat <&$fd`, "ask"},
		{"default", `python3 -c "import os; print(os.getcwd())"`, "allow"},
		{"default", `python3 -c "print(\"$PWD\")"`, "allow"},
		{"default", `node -e "console.log('$USER')"`, "allow"},
		{"default", `exec 3<README.md; cat <&3`, "allow"},
		{"default", `printf 'all:\n\techo hi\n' > Makefile; make`, "allow"},
		{"default", `echo 'echo hi' > s.sh; bash s.sh`, "allow"},
		{"default", `for f in *.go; do gofmt -l "$f"; done`, "allow"},
		{"default", `msg="item[$i]"; echo "$msg"`, "allow"},
		{"default", `for i in ` + strings.Join(words, " ") + `; do echo $i; done`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "--mode", tt.mode, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s in %s: %s (%s), want %s", tt.cmd, tt.mode, got, why, tt.want)
		}
	}
}

// TestWrittenMakefileRunS63: run -c of a Makefile written and made on
// the same line: its recipe's rm -rf build is asked for (no TTY: exit
// 77) and build stays; one that echoes runs.
func TestWrittenMakefileRunS63(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	r := run(t, invocation{args: []string{"run", "-c", `printf 'all:\n\trm -rf build\n' > Makefile; make`}, dir: dir})
	if r.code != 77 {
		t.Errorf("run of a written Makefile's rm -rf build: exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: the written Makefile's recipe ran", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", `printf 'all:\n\t@echo hi\n' > Makefile; make`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "hi" {
		t.Errorf("run of a written Makefile that echoes: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
