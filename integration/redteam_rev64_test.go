//go:build linux

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rev64: red team of the run without the namespace layer as merged with
// the way modes and the killed runner's successor (rt20, rt22).

// TestUnlayeredFloodedHooks: a command that filled .git/hooks past the
// snapshot's bound (2000 empty files) beside its post-commit hook had the
// check refuse to list the directory and leave everything there: the run
// failed (125) saying "look at it", and the host's next git commit ran
// the hook (reproduced on c461338's binary). The directory is now moved
// aside whole and the one recorded put back.
func TestUnlayeredFloodedHooks(t *testing.T) {
	for _, asUser := range []bool{false, true} {
		t.Run(map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
			p := newRT20Project(t, asUser)
			config := p.read(".git/config")
			r := p.run(`i=0; while [ $i -lt 2000 ]; do : > .git/hooks/h$i; i=$((i+1)); done
printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit
echo planted`)
			p.undone(r, config, ".git/hooks.mewsandbox-planted")
			if _, err := os.Lstat(filepath.Join(p.root, ".git/hooks.mewsandbox-planted/post-commit")); err != nil {
				t.Errorf("the command's hooks were not moved aside: %v", err)
			}
		})
	}
}

// TestUnlayeredLongNamePlanted: a file the command made in .git/hooks
// whose name, with ".mewsandbox-planted", passes the 255 bytes a name
// may have could not be moved aside: it stayed, and the run said
// "remove it" (reproduced on c461338's binary). It is now moved aside
// under its name cut short.
func TestUnlayeredLongNamePlanted(t *testing.T) {
	p := newRT20Project(t, false)
	config := p.read(".git/config")
	long := strings.Repeat("a", 250)
	r := p.run(`printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/` + long + ` && echo planted`)
	p.undone(r, config, ".git/hooks/"+long)
	if _, err := os.Lstat(filepath.Join(p.root, ".git/hooks", long)); err == nil {
		t.Errorf("the command's file is still in .git/hooks\nstderr: %s", r.stderr)
	}
	if strings.Contains(r.stderr, "moving it aside failed") {
		t.Errorf("not moved aside: %s", r.stderr)
	}
}

// TestUnlayeredProtectedDirUnreadable: a command that planted a hook and
// took the read bit off .git/hooks (chmod 111: git still runs a hook by
// its path) or everything (chmod 000).
func TestUnlayeredProtectedDirUnreadable(t *testing.T) {
	for _, mode := range []string{"111", "000", "311"} {
		for _, asUser := range []bool{false, true} {
			t.Run(mode+map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
				p := newRT20Project(t, asUser)
				config := p.read(".git/config")
				r := p.run(`printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit
chmod ` + mode + ` .git/hooks && echo planted`)
				p.undone(r, config, ".git/hooks")
			})
		}
	}
}

// TestUnlayeredWayUnreadable: a command that planted a hook and took the
// modes off .git or the root (chmod 000, 111), which the runner puts back
// after the run.
func TestUnlayeredWayUnreadable(t *testing.T) {
	for _, c := range []struct{ dir, mode string }{{".git", "000"}, {".git", "111"}, {".", "000"}, {".", "111"}} {
		for _, asUser := range []bool{false, true} {
			t.Run(c.dir+c.mode+map[bool]string{false: "root", true: "user"}[asUser], func(t *testing.T) {
				p := newRT20Project(t, asUser)
				config := p.read(".git/config")
				r := p.run(`printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit
git config core.fsmonitor 'touch MARK; false'
echo planted; chmod ` + c.mode + ` ` + c.dir)
				p.undone(r, config, ".git/hooks")
			})
		}
	}
}

// TestUnlayeredUnreadableRunnerKilled: the same, the runner killed while
// the command runs: the process started in its place, the runner's user,
// had the same look kept out.
func TestUnlayeredUnreadableRunnerKilled(t *testing.T) {
	for _, chmod := range []string{"000 .git", "111 .git/hooks"} {
		t.Run(strings.ReplaceAll(chmod, " ", ""), func(t *testing.T) {
			p := newRT20Project(t, true)
			config := p.read(".git/config")
			report := p.successorGone(p.runKilled(`printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit
git config core.fsmonitor 'touch MARK; false'
chmod ` + chmod))
			if !strings.Contains(report, "post-commit") {
				t.Errorf("the report does not name the hook: %s", report)
			}
			p.hostRunsNothing(config)
		})
	}
}

// TestUnlayeredKilledReportTaken: a command that left a link to a file
// outside the root at the report's name, then planted a hook, and whose
// runner was killed: the report was never made (the link refused, and
// nothing else tried), so nobody heard what was undone (reproduced on
// c461338's binary). The link now goes aside, never written through, and
// the report is made afresh.
func TestUnlayeredKilledReportTaken(t *testing.T) {
	p := newRT20Project(t, false)
	config := p.read(".git/config")
	host := filepath.Join(outsideTemp(t), "bashrc")
	if err := os.WriteFile(host, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := p.successorGone(p.runKilled(`ln -s ` + host + ` ` + killedReport + `
printf '#!/bin/sh\ntouch MARK\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit`))
	if !strings.Contains(report, "post-commit") {
		t.Errorf("the report does not name the hook: %q", report)
	}
	if b, _ := os.ReadFile(host); string(b) != "kept\n" {
		t.Errorf("written through the command's link: %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(p.root, killedReport+".mewsandbox-planted")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the command's link is not aside: %v", err)
	}
	p.hostRunsNothing(config)
}
