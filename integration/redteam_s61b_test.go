package integration

// Red team of stop 61, second pass: code in places the shell analysis
// did not walk, or in strings bash runs later as code; each beside the
// neighbour that must keep running.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubscriptExpandedS61b: run -c with k='$(rm -rf build)' and then
// let "a[$k]", a=(["$k"]=1) or x="a[$k]"; (( x )) deleted build: bash
// expands a subscript it evaluates from a string once more, and only a
// literal NAME[…$(…)…] was caught. Each is now asked (77 without a TTY)
// and build stays; subscripts bash expands once still run.
func TestSubscriptExpandedS61b(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	for _, cmd := range []string{
		`k='$(rm -rf build)'; let "a[$k]"`,
		`k='$(rm -rf build)'; a=(["$k"]=1)`,
		`k='$(rm -rf build)'; x="a[$k]"; (( x ))`,
		`k='$(rm -rf build)'; test -v "a[$k]"`,
	} {
		r := run(t, invocation{args: []string{"run", "-c", cmd}, dir: dir})
		if r.code != 77 {
			t.Errorf("run %s: exit %d, want 77 (asked, no TTY); stderr %q", cmd, r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
			t.Fatalf("build/keep: %v: %s deleted it", err, cmd)
		}
	}
	r := run(t, invocation{args: []string{"run", "-c", `k=1; a[$k]=$(echo o); (( n[$k]++ )); declare -A m=([$k]=k); echo "${a[$k]}${m[$k]}${n[$k]}"`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "ok1" {
		t.Errorf("run of subscripts expanded once: exit %d, stdout %q, stderr %q: want ok1", r.code, r.stdout, r.stderr)
	}
}

// TestBindS61b: a program fed through script to an interactive bash (a
// terminal, so readline reads it) bound ^X with bind -x to rm -rf build
// and typed ^X: run -c deleted build, allowed, bind being read as
// harmless. bind -x's command is now checked (asked: 77 without a TTY)
// and build stays; the same feed with a harmless binding runs.
func TestBindS61b(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	if _, err := os.Stat("/usr/bin/script"); err != nil {
		t.Skip("no script(1)")
	}
	dir := project(t, map[string]string{"build/keep": "x"})
	feed := func(cmd string) string {
		return `printf 'bind -x "\\"\\\\C-x\\": ` + cmd + `"\n\x18\nexit\n' | script -qc 'bash --norc -i' /dev/null`
	}
	r := run(t, invocation{args: []string{"run", "-c", feed("rm -rf build")}, dir: dir})
	if r.code != 77 {
		t.Errorf("run bind -x rm -rf build: exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: a key bound with bind -x deleted it", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", feed("touch bound")}, dir: dir})
	if r.code != 0 {
		t.Errorf("run bind -x touch bound: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bound")); err != nil {
		t.Errorf("bound: %v: the harmless binding did not run", err)
	}
}

// TestNakedDeclIndexS61b: run -c 'declare a[$(rm -rf build)]' deleted
// build: the index of an element declared with no value went unwalked.
// It is now asked (77 without a TTY) and build stays; a harmless one runs.
func TestNakedDeclIndexS61b(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	r := run(t, invocation{args: []string{"run", "-c", "declare a[$(rm -rf build)]"}, dir: dir})
	if r.code != 77 {
		t.Errorf("run declare a[$(rm -rf build)]: exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: a declared element's subscript deleted it", err)
	}
	r = run(t, invocation{args: []string{"run", "-c", `declare a[$(echo 1)]; echo ok`}, dir: dir})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "ok" {
		t.Errorf("run declare a[$(echo 1)]: exit %d, stdout %q, stderr %q: want ok", r.code, r.stdout, r.stderr)
	}
}

// TestCompatS61b: run -c "BASH_COMPAT=51; k='$(rm -rf build)'; (( a[$k] ))"
// deleted build: at bash 5.1's level (( )) expands a subscript twice.
// Setting BASH_COMPAT is now asked (77 without a TTY) and build stays.
func TestCompatS61b(t *testing.T) {
	t.Parallel()
	requireSandbox(t)
	dir := project(t, map[string]string{"build/keep": "x"})
	r := run(t, invocation{args: []string{"run", "-c", `BASH_COMPAT=51; k='$(rm -rf build)'; (( a[$k] ))`}, dir: dir})
	if r.code != 77 {
		t.Errorf("run BASH_COMPAT=51 …: exit %d, want 77 (asked, no TTY); stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "keep")); err != nil {
		t.Errorf("build/keep: %v: (( a[$k] )) at BASH_COMPAT=51 deleted it", err)
	}
}
