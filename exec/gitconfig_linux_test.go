//go:build linux

package exec

import (
	"bytes"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGitConfigHooksPath compares what the parser finds for core.hooksPath
// with what git itself reads (git config --includes --get-all), for the
// config syntax a line-by-line reading gets wrong: a value on the header
// line, comments after a value, quotes, escapes, continued lines, names in
// any case, subsections, CR LF, a byte order mark and includes.
func TestGitConfigHooksPath(t *testing.T) {
	git, err := osexec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed: it is the oracle")
	}
	tests := []struct {
		name     string
		config   string
		files    map[string]string // beside the config
		superset bool              // an includeIf: the parser takes every branch
	}{
		{name: "plain", config: "[core]\n\thooksPath = a\n"},
		{name: "semicolon comment", config: "[core]\n\thooksPath = .githooks ; shared hooks\n"},
		{name: "hash comment", config: "[core]\n\thooksPath = .githooks # shared hooks\n"},
		{name: "on the header line", config: "[core] hooksPath = .githooks\n"},
		{name: "on the header line, no space", config: "[core]hooksPath=.githooks\n"},
		{name: "header with a comment", config: "[core] ; c\nhooksPath = x\n"},
		{name: "case", config: "[CoRe]\n\tHOOKSPATH = \"a b\"\n"},
		{name: "quoted comment characters", config: "[core]\n\thooksPath = \"a;b#c\" # c\n"},
		{name: "quoted in the middle", config: "[core]\n\thooksPath = to\"ols/ho\"oks\n"},
		{name: "escapes", config: "[core]\n\thooksPath = a\\\\b\\\"c\\td\n"},
		{name: "continued", config: "[core]\n\thooksPath = too\\\nls/hooks\n"},
		{name: "continued at the end", config: "[core]\n\thooksPath = tools\\"},
		{name: "inner whitespace", config: "[core]\n\thooksPath =   spaced   value  \n"},
		{name: "quoted whitespace", config: "[core]\n\thooksPath = \"  spaced  \"  \n"},
		{name: "no final newline", config: "[core]\nhooksPath = z"},
		{name: "several", config: "[core]\n hooksPath = a\n[core]\n hooksPath = b\n"},
		{name: "subsection", config: "[core \"x\"]\n\thooksPath = no\n[core]hooksPath=yes\n"},
		{name: "old subsection", config: "[core.x]\n\thooksPath = no\n[core]\n\thooksPath = yes\n"},
		{name: "escaped subsection", config: "[remote \"a\\\"]b\"]\n\thooksPath = no\n[core]\n\thooksPath = yes\n"},
		{name: "CR LF", config: "[core]\r\n\thooksPath = a\r\n"},
		{name: "byte order mark", config: "\xef\xbb\xbf[core]\n\thooksPath = bom\n"},
		{name: "commented out", config: "[core]\n\t# hooksPath = no\n\t;hooksPath = no\n"},
		{name: "key spaces", config: "[core]\n\thooksPath\t  =x\n"},
		{name: "bare key", config: "[core]\n\thooksPath\n\tbare\n\thooksPath = after\n"},
		{name: "other keys", config: "[core]\n\thooksPathx = no\n\thooks-path = no\n\tfsmonitor = \"x;y\"\n\thooksPath = yes\n"},
		{name: "include", config: "[include]\n\tpath = inc.gitconfig\n[core]\n\thooksPath = after\n",
			files: map[string]string{"inc.gitconfig": "[core] hooksPath = included ; c\n"}},
		{name: "nested include", config: "[include]\n\tpath = sub/inc1\n",
			files: map[string]string{"sub/inc1": "[include] path = inc2\n[core]\n hooksPath = one\n", "sub/inc2": "[core]\n hooksPath = two\n"}},
		{name: "include of a missing file", config: "[include]\n\tpath = missing\n[core]\n\thooksPath = x\n"},
		{name: "includeIf", config: "[includeIf \"gitdir:/nowhere/\"]\n\tpath = inc\n[core]\n\thooksPath = x\n",
			files: map[string]string{"inc": "[core]\n hooksPath = conditional\n"}, superset: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := testRoot(t)
			for f, c := range tt.files {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
				if err := os.WriteFile(filepath.Join(dir, f), []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := filepath.Join(dir, "config")
			if err := os.WriteFile(cfg, []byte(tt.config), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := osexec.Command(git, "config", "--includes", "--file", cfg, "-z", "--get-all", "core.hooksPath")
			cmd.Env = []string{"HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1", "PATH=/usr/bin:/bin"}
			out, err := cmd.Output()
			if err != nil && cmd.ProcessState.ExitCode() != 1 { // 1: none set
				t.Fatalf("git config: %v", err)
			}
			var want []string
			for _, v := range bytes.Split(out, []byte{0}) {
				if len(v) > 0 {
					want = append(want, string(v))
				}
			}
			var c gitConfig
			c.read(cfg, dir, 0)
			if tt.superset {
				for _, w := range want {
					if !slices.Contains(c.hooksPaths, w) {
						t.Errorf("parser: %q, git: %q; want every value git reads", c.hooksPaths, want)
					}
				}
				if len(c.hooksPaths) <= len(want) {
					t.Errorf("parser: %q; want the conditional value too", c.hooksPaths)
				}
				return
			}
			if !slices.Equal(c.hooksPaths, want) {
				t.Errorf("parser: %q, git: %q", c.hooksPaths, want)
			}
		})
	}
}

// TestGitConfigParse: the names and values the parser reports, on what git
// refuses too (a bad line is skipped, not the rest of the file).
func TestGitConfigParse(t *testing.T) {
	var got []string
	parseGitConfig([]byte("[core]\n\tx = \"unclosed\n\ty = bad\\q escape\n[bad header\n\tz = 1\n[ok \"Sub\"]\n\tKey = v # c\n\tbare\n[extensions]\n\tworktreeConfig\n"),
		func(name, value string, hasValue bool) {
			if !hasValue {
				value = "<bare>"
			}
			got = append(got, name+"="+value)
		})
	want := []string{"ok.Sub.key=v", "ok.Sub.bare=<bare>", "extensions.worktreeconfig=<bare>"}
	if !slices.Equal(got, want) {
		t.Errorf("parsed %q, want %q", got, want)
	}
	for v, want := range map[string]bool{"true": true, "Yes": true, "on": true, "1": true, "-1": true, "0": false, "": false, "off": false, "no": false, "00": false} {
		if gitBool(v) != want {
			t.Errorf("gitBool(%q) = %v", v, !want)
		}
	}
}

// TestExpandHome: ~ and ~user as git expands them, the user's home from
// /etc/passwd; what cannot be known or lies in the installation is "".
func TestExpandHome(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"~", "/h"},
		{"~/hooks", "/h/hooks"},
		{"~root/hooks", "/root/hooks"},
		{"~no-such-user-mewsandbox/hooks", ""},
		{"%(prefix)/share/hooks", ""},
		{".githooks", ".githooks"},
	} {
		if got := expandHome(tt.in, "/h"); got != tt.want {
			t.Errorf("expandHome(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := expandHome("~/x", ""); got != "" {
		t.Errorf("expandHome(~/x) without a home = %q, want \"\"", got)
	}
}

// TestGitConfigLimits: git reads any number of config files of any size;
// past the plan's limits a hooksPath would go unseen, so the limit is
// recorded (the run is refused) rather than the rest left unread.
func TestGitConfigLimits(t *testing.T) {
	dir := t.TempDir()
	var main []byte
	for i := range maxConfigFiles + 1 {
		f := filepath.Join(dir, fmt.Sprintf("inc%d", i))
		os.WriteFile(f, []byte("[core]\n"), 0o644)
		main = fmt.Appendf(main, "[include]\n\tpath = %s\n", f)
	}
	os.WriteFile(filepath.Join(dir, "many"), main, 0o644)
	var c gitConfig
	c.read(filepath.Join(dir, "many"), "", 0)
	if c.limit == "" || !strings.Contains(c.limitWhy, "files") {
		t.Errorf("too many files: limit %q (%q), want one", c.limit, c.limitWhy)
	}
	big := append(bytes.Repeat([]byte("# padding\n"), maxConfigSize/10+1), "[core]\n\thooksPath = late\n"...)
	os.WriteFile(filepath.Join(dir, "big"), big, 0o644)
	c = gitConfig{}
	c.read(filepath.Join(dir, "big"), "", 0)
	if c.limit != filepath.Join(dir, "big") || !strings.Contains(c.limitWhy, "bytes") {
		t.Errorf("too large: limit %q (%q), want the file", c.limit, c.limitWhy)
	}
	exact := append(bytes.Repeat([]byte{'#'}, maxConfigSize-len("\n[core]\n\thooksPath = h\n")), "\n[core]\n\thooksPath = h\n"...)
	os.WriteFile(filepath.Join(dir, "exact"), exact, 0o644)
	c = gitConfig{}
	c.read(filepath.Join(dir, "exact"), "", 0)
	if c.limit != "" || !slices.Equal(c.hooksPaths, []string{"h"}) {
		t.Errorf("at the limit: limit %q, hooksPaths %q, want none and h", c.limit, c.hooksPaths)
	}
}

// TestOwnWorkTreeFromGitConfigs: what gitConfigs learned of the
// repository's own config says what ownWorkTree reading it again says,
// for every way of setting core.worktree and core.bare, in the file or
// only in what it includes (which ownWorkTree does not read).
func TestOwnWorkTreeFromGitConfigs(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	for _, tt := range []struct {
		name, config, included string
		want                   bool
	}{
		{"none", "[core]\n\tfilemode = true\n", "", false},
		{"worktree", "[core]\n\tworktree = ../w\n", "", true},
		{"worktree empty", "[core]\n\tworktree =\n", "", true},
		{"worktree without value", "[core]\n\tworktree\n", "", false},
		{"bare", "[core]\n\tbare = true\n", "", true},
		{"bare without value", "[core]\n\tbare\n", "", true},
		{"bare false", "[core]\n\tbare = false\n", "", false},
		{"bare in an include", "[include]\n\tpath = inc\n", "[core]\n\tbare = true\n", false},
		{"missing", "", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.config != "" {
				if err := os.WriteFile(dir+"/config", []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.included != "" {
				if err := os.WriteFile(dir+"/inc", []byte(tt.included), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := gitConfigs(dir, dir)
			if got, again := cfg.ownWorkTree(dir+"/config"), ownWorkTree(dir+"/config"); got != tt.want || again != tt.want {
				t.Errorf("from gitConfigs %v, read again %v; want %v", got, again, tt.want)
			}
			if tt.config != "" && !cfg.commonRead {
				t.Errorf("gitConfigs did not note the repository's config")
			}
		})
	}
}

// TestProgramPath: the program a config value (core.fsmonitor) has git run, as
// git finds it (relative to the working tree, a leading ~ expanded, the
// shell's first word), and none for a boolean, a name git looks up in
// PATH or a word the shell would change.
func TestProgramPath(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"tools/fsmonitor-watchman", "/r/tools/fsmonitor-watchman"},
		{".git/hooks/query-watchman", "/r/.git/hooks/query-watchman"},
		{"./fsmon", "/r/./fsmon"},
		{"tools/fsmon --verbose", "/r/tools/fsmon"},
		{"tools/fsmon;echo x", "/r/tools/fsmon"},
		{"tools/fsmon|cat", "/r/tools/fsmon"},
		{"  tools/fsmon", "/r/tools/fsmon"},
		{"/opt/fsmon", "/opt/fsmon"},
		{"~/bin/fsmon", "/h/bin/fsmon"},
		{"watchman-hook", ""},
		// the script an interpreter or a wrapper runs is the program
		{"sh tools/fsmon.sh", "/r/tools/fsmon.sh"},
		{"python3 -u tools/textconv.py %f", "/r/tools/textconv.py"},
		{"/usr/bin/env python3 tools/t.py", "/r/tools/t.py"},
		{"LESS=R tools/pager", "/r/tools/pager"},
		{"env LESS=R tools/pager", "/r/tools/pager"},
		{"exec tools/pager", "/r/tools/pager"},
		{"bash -e ./hooks/fsmon", "/r/./hooks/fsmon"},
		// a module python runs from the working tree: its file (x.py,
		// x/__main__.py) protected where it exists
		{"python3 -m tools.x", "/r/tools/x (module 2)"},
		{"python3 -m tools.lint.x", "/r/tools/lint/x (module 3)"},
		{"python3 -m tools.textconv %f", "/r/tools/textconv (module 2)"},
		{"python -mtools.x", "/r/tools/x (module 2)"},
		{"python3.12 -W ignore -m tools.x", "/r/tools/x (module 2)"},
		{"/usr/bin/python3.11 -m pip", "/r/pip (module 1)"},
		{"sh -c 'python3 -m tools.x \"$0\"'", "/r/tools/x (module 2)"},
		{"python3 -m", ""},
		{"python3 -m ../x", ""},
		{"python3 -m tools..x", ""},
		{"python3 -m $M", ""},
		{"python3.x -m tools.x", ""},
		{"sh -c 'tools/x \"$0\"'", "/r/tools/x"}, // the shell's own command line
		{"bash -ec 'A=1 python3 tools/x.py'", "/r/tools/x.py"},
		{"sh -c 'sh -c \"tools/x\"'", "/r/tools/x"},
		{"python3 -c 'tools/x'", ""},
		{"perl -pe s/a/b/", ""}, // code in combined options: no file
		{"perl -lane 'print $F[0]'", ""},
		{"python3 -Bm tools.x", "/r/tools/x (module 2)"},
		{"cat tools/x", ""},
		// an option's argument is no script: the script follows it
		{"python3 -W ignore tools/x.py", "/r/tools/x.py"},
		{"python3 -X importtime -u tools/x.py", "/r/tools/x.py"},
		{"perl -I lib tools/x.pl", "/r/tools/x.pl"},
		{"perl -Ilib -c tools/x.pl", "/r/tools/x.pl"}, // perl -c runs BEGIN blocks
		{"ruby -r set tools/x.rb", "/r/tools/x.rb"},
		{"node --require ./x tools/y.js", "/r/tools/y.js"},
		{"node -r ./x --import=y tools/y.js", "/r/tools/y.js"},
		{"node --eval 'x()'", ""},
		{"bash --rcfile x tools/y", "/r/tools/y"},
		{"sh -o errexit tools/y", "/r/tools/y"},
		{"bash -O extglob -c 'tools/y'", "/r/tools/y"},
		{"php -c php.ini tools/x.php", "/r/tools/x.php"},
		{"php -f tools/x.php", "/r/tools/x.php"},
		{"php -ftools/x.php", "/r/tools/x.php"},
		{"ruby -x tools/x.rb", "/r/tools/x.rb"}, // -x takes its directory attached only
		{"python3 -- tools/x.py", "/r/tools/x.py"},
		{"exec -a name tools/x", "/r/tools/x"},
		{"env -u HOME -C . tools/x", "/r/tools/x"},
		{"env -S 'tools/x --y'", "/r/tools/x"},
		{"/usr/bin/env -S 'python3 -u tools/x.py'", "/r/tools/x.py"},
		{"nice -n 10 tools/x", "/r/tools/x"},
		{"timeout 5 tools/x", "/r/tools/x"},
		{"timeout -s KILL -k 1 5s tools/x", "/r/tools/x"},
		{"command -v tools/x", ""}, // prints its path, runs nothing
		{"command -p tools/x", "/r/tools/x"},
		{"sh -c '\"$0\" \"$@\"' tools/x --y", "/r/tools/x"}, // the shell's $0 is the program
		{"sh -c '\"$0\" \"$@\"' python3 tools/x.py", "/r/tools/x.py"},
		{"sh -c 'exec \"$0\"' tools/x", "/r/tools/x"},
		// a quoted word the shell only unquotes
		{"\"tools/fsmon\"", "/r/tools/fsmon"},
		{"'tools/fs mon' --x", "/r/tools/fs mon"},
		{"\"tools/$X\"", ""},
		{"tools/fs~mon", "/r/tools/fs~mon"}, // the shell expands ~ only first
		{"$HOME/fsmon", ""},
		{`tools/fs\ mon --x`, "/r/tools/fs mon"}, // a backslash quotes the next character
		{`\tools/x`, "/r/tools/x"},
		{"tools/x\\", ""},
		{"./", ""},
		{"/r", ""},
	} {
		got, module := programPath("/r", tt.in, "/h")
		if module > 0 {
			got += fmt.Sprintf(" (module %d)", module)
		}
		if got != tt.want {
			t.Errorf("programPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// a module's files, and the __init__.py of the packages python
	// imports first and a module of each package's name (hk84), where
	// they exist; a program's, refused where missing
	var files []string
	for _, p := range programFiles("/r/tools/lint/x", 3, "k") {
		if p.mustExist || p.program != "k" {
			t.Errorf("programFiles of a module: %+v, want one protected where it exists", p)
		}
		files = append(files, p.path)
	}
	if want := []string{"/r/tools/lint/x.py", "/r/tools/lint/x/__main__.py", "/r/tools/lint/x/__init__.py", "/r/tools/lint/__init__.py", "/r/tools/lint.py", "/r/tools/__init__.py", "/r/tools.py"}; !slices.Equal(files, want) {
		t.Errorf("programFiles of module tools.lint.x = %q, want %q", files, want)
	}
	if p := programFiles("/r/tools/x", 0, "k"); len(p) != 1 || p[0].path != "/r/tools/x" || !p[0].mustExist {
		t.Errorf("programFiles of a program = %+v, want it alone, refused where missing", p)
	}
	// command lines in command lines are followed to a bound
	nest := "tools/x"
	for range maxCommandLines {
		nest = "sh -c '\"$0\" \"$@\"' " + nest
	}
	if got, _ := programPath("/r", nest, "/h"); got != "/r/tools/x" {
		t.Errorf("programPath(%q) = %q, want /r/tools/x", nest, got)
	}
	deep := strings.Repeat("sh -c '\"$0\" \"$@\"' ", 100000) + "tools/x"
	if got, _ := programPath("/r", deep, "/h"); got != "" {
		t.Errorf("programPath(100000 nested command lines) = %q, want \"\": past the bound", got)
	}
	for _, tt := range []struct{ key, value, want string }{
		{"core.fsmonitor", "tools/fsmon", "tools/fsmon"},
		{"core.fsmonitor", "true", ""},
		{"core.fsmonitor", "", ""},
		{"core.sshcommand", "ssh -i k", "ssh -i k"},
		{"filter.lfs.clean", "git-lfs clean -- %f", "git-lfs clean -- %f"},
		{"filter.a.b.process", "tools/p", "tools/p"},
		{"diff.tidy.textconv", "tools/t", "tools/t"},
		{"merge.ours.driver", "true", "true"},
		{"gpg.ssh.program", "tools/sign", "tools/sign"},
		{"alias.lint", "!tools/lint.sh --fix", ""},
		{"alias.st", "status", ""},
		{"credential.helper", "!tools/cred", "tools/cred"},
		{"credential.https://example.com.helper", "/r/tools/cred", "/r/tools/cred"},
		{"credential.helper", "store", ""},
		{"pager.log", "tools/pager", "tools/pager"},
		{"pager.log", "false", ""},
		{"remote.origin.uploadpack", "tools/up", "tools/up"},
		{"difftool.x.cmd", "tools/d $LOCAL", "tools/d $LOCAL"},
		{"filter.clean", "tools/x", ""},
		{"core.hookspath", "tools", ""},
		{"user.name", "tools/x", ""},
		// git 2.39's other keys whose value is a program or command line
		{"interactive.difffilter", "tools/f", "tools/f"},
		{"tar.tgz.command", "tools/z", "tools/z"},
		{"trailer.sign.command", "tools/t", "tools/t"},
		{"trailer.sign.cmd", "tools/t", "tools/t"},
		{"core.gitproxy", "tools/p for example.com", "tools/p for example.com"},
		{"core.alternaterefscommand", "tools/a", "tools/a"},
		{"gpg.ssh.defaultkeycommand", "tools/k", "tools/k"},
		{"difftool.x.path", "tools/d", "tools/d"},
		{"mergetool.x.path", "tools/m", "tools/m"},
		{"browser.x.cmd", "tools/b", "tools/b"},
		{"browser.x.path", "tools/b", "tools/b"},
		{"man.x.cmd", "tools/v", "tools/v"},
		{"man.x.path", "tools/v", "tools/v"},
		{"guitool.x.cmd", "tools/g", "tools/g"},
		{"instaweb.httpd", "tools/h", "tools/h"},
		{"sendemail.sendmailcmd", "tools/s", "tools/s"},
		{"sendemail.tocmd", "tools/s", "tools/s"},
		{"sendemail.cccmd", "tools/s", "tools/s"},
		{"sendemail.work.cccmd", "tools/s", "tools/s"},
		{"sendemail.smtpserver", "/r/tools/s", "/r/tools/s"},
		{"sendemail.smtpserver", "smtp.example.com", ""},
		{"uploadpack.packobjectshook", "tools/po", "tools/po"},
		{"submodule.m.update", "!/r/m/tools/u", "/r/m/tools/u"},
		{"submodule.m.update", "!tools/u", "tools/u"}, // found from the submodule's working tree
		{"submodule.m.update", "rebase", ""},
	} {
		if got := programOf(tt.key, tt.value); got != tt.want {
			t.Errorf("programOf(%q, %q) = %q, want %q", tt.key, tt.value, got, tt.want)
		}
	}
	for _, v := range []string{"true", "FALSE", "yes", "off", "0", "1", "-1", ""} {
		if !maybeGitBool(v) {
			t.Errorf("maybeGitBool(%q) = false: git takes it for a boolean, no program", v)
		}
	}
	for _, v := range []string{"tools/x", "+", "truex"} {
		if maybeGitBool(v) {
			t.Errorf("maybeGitBool(%q) = true: git runs it as a program", v)
		}
	}
}

// TestGitConfigEnv: the configuration git takes from its environment
// (GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS as git -c passes it on) names
// programs and hooks directories the host's git, run in the same
// environment, would use: they count, as the user's config does.
func TestGitConfigEnv(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("GIT_CONFIG_COUNT", "2")
	t.Setenv("GIT_CONFIG_KEY_0", "Core.FSMonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", "tools/fsmon")
	t.Setenv("GIT_CONFIG_KEY_1", "core.hooksPath")
	t.Setenv("GIT_CONFIG_VALUE_1", "githooks")
	t.Setenv("GIT_CONFIG_PARAMETERS", `'credential.helper'=''\!'tools/cred' 'diff.Tidy.textconv'='tools/t'\''q' 'core.pager=tools/pager' 'core.bare'=`)
	c := gitConfigs(t.TempDir(), "")
	want := []configProgram{{"core.fsmonitor", "tools/fsmon"}, {"credential.helper", "tools/cred"}, {"diff.Tidy.textconv", "tools/t'q"}, {"core.pager", "tools/pager"}}
	if !slices.Equal(c.programs, want) || c.userPrograms != len(want) {
		t.Errorf("programs = %q (%d the user's), want %q, all the user's", c.programs, c.userPrograms, want)
	}
	if !slices.Equal(c.hooksPaths, []string{"githooks"}) || c.userHooks != 1 {
		t.Errorf("hooksPaths = %q (%d the user's), want [githooks]", c.hooksPaths, c.userHooks)
	}
}

// TestGitConfigEnvAsGit: what git itself accepts in its environment
// (git 2.39: config.c's git_config_from_parameters) is read as git reads
// it, checked with env GIT_CONFIG_... git config --list: a count after
// blanks (strtoul), more than 1024 entries, entries parted by a CR, an
// old-style 'key=value' whose key has blanks around it.
func TestGitConfigEnvAsGit(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	const n = 1100
	t.Setenv("GIT_CONFIG_COUNT", " 1100")
	for i := range n {
		t.Setenv(fmt.Sprintf("GIT_CONFIG_KEY_%d", i), fmt.Sprintf("a.b%d", i))
		t.Setenv(fmt.Sprintf("GIT_CONFIG_VALUE_%d", i), "v")
	}
	t.Setenv(fmt.Sprintf("GIT_CONFIG_KEY_%d", n-1), "core.fsmonitor")
	t.Setenv(fmt.Sprintf("GIT_CONFIG_VALUE_%d", n-1), "tools/fsmon")
	t.Setenv("GIT_CONFIG_PARAMETERS", "'a.b'='x'\r'core.pager'='tools/pager' ' core.editor =tools/ed'")
	c := gitConfigs(t.TempDir(), "")
	want := []configProgram{{"core.fsmonitor", "tools/fsmon"}, {"core.pager", "tools/pager"}, {"core.editor", "tools/ed"}}
	if !slices.Equal(c.programs, want) {
		t.Errorf("programs = %q, want %q", c.programs, want)
	}
}

// FuzzConfigParameters: no GIT_CONFIG_PARAMETERS, however malformed,
// makes the parser panic or loop.
func FuzzConfigParameters(f *testing.F) {
	for _, s := range []string{`'a.b'='c'`, `'a.b=c'`, `'a.b'=`, `'a`, `'a'\'`, `'a'\!'b'`, "'a'='b'\r'c'", `''=''`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, kv := range configParameters(s) {
			_ = configKey(kv[0])
		}
	})
}
