package integration

// Red team of stop 62: a script written and run on the same line, each
// beside the neighbour that must keep passing.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrittenScriptS62: run -c "printf 'rm -rf build\n' > s.sh; bash
// s.sh" deleted build, allowed: the script the line wrote ran unseen. It
// is now judged by what printf wrote, asked (77 without a TTY), and
// build stays; a script that echoes runs.
func TestWrittenScriptS62(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	for _, cmd := range []string{
		`printf 'rm -rf build\n' > s.sh; bash s.sh`,
		"cat > s.sh <<'EOF'\nrm -rf build\nEOF\nsh s.sh",
	} {
		r := run(t, invocation{args: []string{"run", "-c", cmd}, dir: dir})
		if r.code != 77 {
			t.Errorf("run %q: exit %d, want 77 (asked, no TTY); stderr %q", cmd, r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
			t.Fatalf("build/keep: %v: %q deleted it", err, cmd)
		}
	}
	r := run(t, invocation{args: []string{"run", "-c", `printf 'echo ok\n' > s.sh; bash s.sh`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "ok" {
		t.Errorf("run printf 'echo ok' > s.sh; bash s.sh: exit %d, stdout %q, stderr %q: want ok", r.code, r.stdout, r.stderr)
	}
}

// TestNodeEnvSpellingsS62: in check's default, where no sandbox scrubs
// the environment, node's process.env reached by Reflect.get, a computed
// member or an ES module's import printed the agent's keys unasked; now
// asked, as process.env is, and handed to a child it still passes.
func TestNodeEnvSpellingsS62(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	for _, tt := range []struct{ cmd, want string }{
		{`node -e 'console.log(Reflect.get(process, "env"))'`, "ask"},
		{`node -e 'console.log(process["e"+"nv"])'`, "ask"},
		{`node --input-type=module -e 'import {env} from "process"; console.log(env)'`, "ask"},
		{`node --input-type=module -e 'import * as p from "node:process"; console.log(p.env)'`, "ask"},
		{`node --input-type=module -e 'import {argv} from "process"; console.log(argv)'`, "allow"},
		{`node -e 'require("child_process").spawn("true", [], {env: Reflect.get(process, "env")})'`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got, why, tt.want)
		}
	}
}

// TestNamesThroughDescriptorsS62: in check's default, a key's name
// handed to xargs cat through a descriptor exec held open, an expanded
// here-string or a file an echo wrote, or read into a variable from a
// here-string or an echo, was read unasked; now asked, and names of the
// project's own pass.
func TestNamesThroughDescriptorsS62(t *testing.T) {
	t.Parallel()
	dir := project(t, nil)
	for _, tt := range []struct{ cmd, want string }{
		{`exec 3<<< ~/.ssh/id_rsa; xargs cat <&3`, "ask"},
		{`locate id_rsa > l; exec 3< l; xargs cat <&3`, "ask"},
		{`xargs cat <<< "$HOME/.ssh/id_rsa"`, "ask"},
		{`echo ~/.ssh/id_rsa > l; xargs cat < l`, "ask"},
		{`exec 3<<< 'rm -rf ~'; bash <&3`, "deny"},
		{`read f <<< ~/.ssh/id_rsa; cat "$f"`, "ask"},
		{`echo ~/.ssh/id_rsa | while read f; do cat "$f"; done`, "ask"},
		{`while read f; do echo "$f"; done <<< ~/.ssh/id_rsa`, "allow"},
		{`echo README.md > l; exec 3< l; xargs cat <&3`, "allow"},
		{`git ls-files > l; exec 3< l; xargs wc -l <&3`, "allow"},
	} {
		if got, why, _ := checkDecision(t, dir, nil, "-c", tt.cmd); got != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got, why, tt.want)
		}
	}
}

// TestProjectHostRowsS62: a cloned repository's own allow: [Bash(git
// push:*), Bash(crontab:*), Bash(gh:*)] had the hook allow git push
// --force, crontab -r and gh repo delete, which Claude Code runs outside
// any sandbox, unasked. They act beyond any project and are now asked;
// the rules' everyday commands pass, and --trust-project lifts them.
func TestProjectHostRowsS62(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{".mewsandbox/settings.yaml": "permissions:\n  allow: ['Bash(git push:*)', 'Bash(crontab:*)', 'Bash(gh:*)']\n"})
	home := outsideTemp(t)
	for _, tt := range []struct {
		command string
		trust   bool
		want    string
	}{
		{"git push --force origin main", false, "ask"},
		{"crontab -r", false, "ask"},
		{"gh repo delete o/r --yes", false, "ask"},
		{"crontab -l", false, "allow"},
		{"gh pr list", false, "allow"},
		{"git push --force origin main", true, "allow"},
		{"crontab -r", true, "allow"},
	} {
		var flags []string
		if tt.trust {
			flags = []string{"--trust-project"}
		}
		if got := projectHook(t, dir, home, tt.command, flags...); got != tt.want {
			t.Errorf("hook %v %q under the project's shell rules: %s, want %s", flags, tt.command, got, tt.want)
		}
	}
}

// TestSubscriptAcrossWordsS62: run -c "k='a['; k+='$(rm -rf build)]';
// (( k ))" deleted build, allowed: the element was built across two
// words. It is now asked (77 without a TTY) and build stays; arithmetic
// on a plain value runs.
func TestSubscriptAcrossWordsS62(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	for _, cmd := range []string{
		`k='a['; k+='$(rm -rf build)]'; (( k ))`,
		`printf -v k 'a[%s]' '$(rm -rf build)'; (( k ))`,
	} {
		r := run(t, invocation{args: []string{"run", "-c", cmd}, dir: dir})
		if r.code != 77 {
			t.Errorf("run %q: exit %d, want 77 (asked, no TTY); stderr %q", cmd, r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
			t.Fatalf("build/keep: %v: %q deleted it", err, cmd)
		}
	}
	r := run(t, invocation{args: []string{"run", "-c", `k=1; k+=2; echo $(( k + 1 ))`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "13" {
		t.Errorf("run k=1; k+=2; echo $(( k + 1 )): exit %d, stdout %q, stderr %q: want 13", r.code, r.stdout, r.stderr)
	}
}
