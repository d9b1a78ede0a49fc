package permission

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// testEnv is the machine every engine test imagines: a project at
// /home/u/proj, the user's home at /home/u.
var testEnv = PathEnv{Cwd: "/home/u/proj", Home: "/home/u", Root: "/home/u/proj"}

// existing are the files the imagined machine has.
var existing = map[string]bool{
	"/home/u/proj/.venv/bin/activate": true,
	"/home/u/proj/main.go":            true,
	"/home/u/proj/README.md":          true,
	"/home/u/proj/.env":               true,
	"/home/u/proj/secrets":            true,
	"/home/u/proj/config":             true,
	"/home/u/proj/config/prod.yml":    true,
	"/home/u/proj/vendored/lib.go":    true,
	"/home/u/proj/third_party/lib.go": true,
}

// engine builds an engine in mode with rules written as "allow:Bash(ls)",
// "deny:Read(./secret/**)".
func engine(t testing.TB, mode Mode, rules ...string) *Engine {
	t.Helper()
	var rs Rules
	for _, s := range rules {
		kind, text, ok := strings.Cut(s, ":")
		if !ok {
			t.Fatalf("rule %q: want kind:Rule", s)
		}
		k, err := ParseRuleKind(kind)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ParseRule(k, text)
		if err != nil {
			t.Fatal(err)
		}
		r.Source = "test"
		rs.Add(r)
	}
	// A venv in the project is active, as where pip install x installs
	// into the project (TestReviewPipNoVenvS53 takes it away).
	return &Engine{Rules: rs, Mode: mode, Env: testEnv, Exists: func(p string) bool { return existing[p] }, VirtualEnv: testEnv.Root + "/.venv"}
}

func bash(cmd string) Call { return Call{Tool: "Bash", Command: cmd} }

func TestModeTable(t *testing.T) {
	t.Parallel()
	// One row per cell of DESIGN §3's mode table.
	calls := []struct {
		name string
		call Call
	}{
		{"read tool", Call{Tool: "Read", Path: "main.go"}},
		{"edit of a new file", Call{Tool: "Write", Path: "new.go"}},
		{"edit of an existing file", Call{Tool: "Edit", Path: "main.go"}},
		{"safe shell", bash("go test ./...")},
		{"dangerous shell", bash("rm -rf build")},
	}
	want := map[Mode][]Decision{
		ModeDefault:           {Allow, Ask, Allow, Allow, Ask},
		ModePlan:              {Allow, Deny, Deny, Deny, Deny},
		ModeAcceptEdits:       {Allow, Allow, Allow, Allow, Ask},
		ModeBypassPermissions: {Allow, Allow, Allow, Allow, Allow},
		ModeDontAsk:           {Allow, Deny, Allow, Allow, Deny},
	}
	for _, mode := range Modes {
		for i, c := range calls {
			t.Run(fmt.Sprintf("%s/%s", mode, c.name), func(t *testing.T) {
				t.Parallel()
				got := engine(t, mode).Check(c.call)
				if got.Decision != want[mode][i] {
					t.Errorf("%s: got %s (%s), want %s", c.name, got.Decision, got.Reason, want[mode][i])
				}
			})
		}
	}
}

func TestOrderOfChecks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		mode  Mode
		rules []string
		call  Call
		want  Decision
		rule  string
	}{
		{"1. deny beats allow", ModeDefault, []string{"allow:Bash", "deny:Bash(git push:*)"}, bash("git push"), Deny, "Bash(git push:*)"},
		{"1. deny beats bypass", ModeBypassPermissions, []string{"deny:Bash(curl:*)"}, bash("curl x"), Deny, "Bash(curl:*)"},
		{"1. deny beats plan's read-only pass", ModePlan, []string{"deny:Bash(cat:*)"}, bash("cat x"), Deny, "Bash(cat:*)"},
		{"1. critical rm denied even when allowed", ModeDefault, []string{"allow:Bash(rm:*)"}, bash("rm -rf /"), Deny, ""},
		{"1. critical rm denied in bypass", ModeBypassPermissions, nil, bash("sudo rm -rf ~"), Deny, ""},
		{"1. rm of the project root denied", ModeBypassPermissions, nil, bash("rm -rf /home/u/proj"), Deny, ""},
		{"2. plan denies shell writes even when allowed", ModePlan, []string{"allow:Bash(touch:*)"}, bash("touch x"), Deny, ""},
		{"2. plan denies edits even in a plan-less session", ModePlan, []string{"allow:Edit"}, Call{Tool: "Edit", Path: "main.go"}, Deny, ""},
		{"2. plan allows the plan file", ModePlan, nil, Call{Tool: "Write", Path: "/home/u/plan.md"}, Allow, ""},
		{"2. plan allows read-only pipelines", ModePlan, nil, bash("git log | head -5 && ls"), Allow, ""},
		{"3. ask rule beats allow", ModeDefault, []string{"allow:Bash", "ask:Bash(git commit:*)"}, bash("git commit -m x"), Ask, "Bash(git commit:*)"},
		{"3. ask rule holds in bypass", ModeBypassPermissions, []string{"ask:Bash(npm publish)"}, bash("npm publish"), Ask, "Bash(npm publish)"},
		{"4. bypass allows dangerous", ModeBypassPermissions, nil, bash("git reset --hard"), Allow, ""},
		{"4. bypass still asks for .git writes", ModeBypassPermissions, nil, Call{Tool: "Write", Path: ".git/hooks/pre-commit"}, Ask, ""},
		{"4. bypass still asks for shell start-up files", ModeBypassPermissions, nil, bash("echo evil >> ~/.bashrc"), Ask, ""},
		{"5. allow rule allows dangerous", ModeDefault, []string{"allow:Bash(git push:*)"}, bash("git push origin main"), Allow, "Bash(git push:*)"},
		{"5. allow rule does not pre-approve protected writes", ModeDefault, []string{"allow:Edit"}, Call{Tool: "Edit", Path: ".claude/settings.json"}, Ask, ""},
		{"6. read tools allowed", ModeDefault, nil, Call{Tool: "Grep", Path: "."}, Allow, ""},
		{"6. credential reads asked for", ModeDefault, nil, Call{Tool: "Read", Path: "~/.ssh/id_rsa"}, Ask, ""},
		{"6. credential reads asked for in bypass", ModeBypassPermissions, nil, Call{Tool: "Read", Path: "~/.aws/credentials"}, Ask, ""},
		{"7. acceptEdits allows new files", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "new.go"}, Allow, ""},
		{"8. new file asked for", ModeDefault, nil, Call{Tool: "Write", Path: "new.go"}, Ask, ""},
		{"8. edit outside the root asked for", ModeDefault, nil, Call{Tool: "Edit", Path: "/etc/hosts"}, Ask, ""},
		{"8. shell write outside the root asked for", ModeDefault, nil, bash("echo x > /tmp/out"), Ask, ""},
		{"8. shell write to shared memory outside the root asked for", ModeDefault, nil, bash("echo x > /dev/shm/out"), Ask, ""},
		{"8. shell write inside the root allowed", ModeDefault, nil, bash("echo x > out.txt"), Allow, ""},
		{"8. redirect to /dev/null is harmless", ModeDefault, nil, bash("ls > /dev/null 2>&1"), Allow, ""},
		{"8. too complex asks", ModeDefault, nil, bash("$CMD --force"), Ask, ""},
		{"8. too complex denied in plan", ModePlan, nil, bash("$CMD"), Deny, ""},
		{"8. too complex asks even in bypass: a deny may hide in it", ModeBypassPermissions, nil, bash("$CMD"), Ask, ""},
		{"8. a parse error asks in bypass", ModeBypassPermissions, nil, bash("((rm -rf /) )"), Ask, ""},
		{"8. nesting too deep is asked for in bypass, never allowed", ModeBypassPermissions, nil, bash("rm -rf / # " + strings.Repeat("(", 1001)), Ask, ""},
		{"bypass asks for a credential read through $HOME", ModeBypassPermissions, nil, bash(`cat "$HOME/.aws/credentials"`), Ask, ""},
		{"bypass asks for a shell start-up file through ${HOME}", ModeBypassPermissions, nil, bash(`echo x >> ${HOME}/.bashrc`), Ask, ""},
		{"bypass asks for a glob below a credential store", ModeBypassPermissions, nil, bash(`cat ~/.aws/*`), Ask, ""},
		{"bypass asks for the host's password hashes", ModeBypassPermissions, nil, bash(`grep root /etc/shadow`), Ask, ""},
		{"the host's key read by the Read tool asked for", ModeDefault, nil, Call{Tool: "Read", Path: "/etc/ssh/ssh_host_ed25519_key"}, Ask, ""},
		{"a glob below the host's private keys asked for", ModeDefault, nil, bash(`cat /etc/ssl/private/*`), Ask, ""},
		{"bypass asks for git -c alias to push under a deny rule", ModeBypassPermissions, []string{"deny:Bash(git push:*)"}, bash("git -c alias.p=push p origin main"), Ask, ""},
		{"bypass asks for a git -c alias running a shell", ModeBypassPermissions, nil, bash(`git -c alias.x='!rm -rf ~' x`), Ask, ""},
		{"bypass asks for a git -c pager that deletes", ModeBypassPermissions, nil, bash(`git -c core.pager='rm -rf ~' log`), Ask, ""},
		{"an allow rule does not cover a git -c sshCommand", ModeDefault, []string{"allow:Bash(git fetch:*)"}, bash(`git -c core.sshCommand='rm -rf /' fetch`), Ask, ""},
		{"bypass asks for perf's output into a start-up file", ModeBypassPermissions, nil, bash("perf stat -o ~/.bashrc true"), Ask, ""},
		{"bypass asks for hyperfine's export into a hook", ModeBypassPermissions, nil, bash("hyperfine --export-json .git/hooks/pre-commit true"), Ask, ""},
		{"bypass asks for a program written into git's config", ModeBypassPermissions, nil, bash(`git config imap.tunnel 'touch x'`), Ask, ""},
		{"bypass allows a plain git config", ModeBypassPermissions, nil, bash(`git config user.name x`), Allow, ""},
		{"bypass asks for an imap tunnel", ModeBypassPermissions, nil, bash(`git -c imap.tunnel='touch x' imap-send`), Ask, ""},
		{"an allow rule does not cover an identity's smtp server", ModeDefault, []string{"allow:Bash(git:*)"}, bash(`git -c sendemail.work.smtpServer=/x send-email --identity=work a`), Ask, ""},
		{"bypass denies GIT_EDITOR running a push (S64: its value is analysed)", ModeBypassPermissions, []string{"deny:Bash(git push:*)"}, bash("GIT_EDITOR='git push #' git commit"), Deny, ""},
		{"bypass asks for an alias set through GIT_CONFIG_COUNT", ModeBypassPermissions, nil, bash("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0=push git p"), Ask, ""},
		{"bypass allows an editor that changes nothing", ModeBypassPermissions, nil, bash("GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~3"), Allow, ""},
		{"bypass asks for help.autocorrect, which runs the push it guesses", ModeBypassPermissions, []string{"deny:Bash(git push:*)"}, bash("git -c help.autocorrect=immediate psuh"), Ask, ""},
		{"bypass asks for git --exec-path=DIR", ModeBypassPermissions, nil, bash("git --exec-path=/tmp/x status"), Ask, ""},
		{"bypass asks for a trace into a start-up file", ModeBypassPermissions, nil, bash("GIT_TRACE=~/.bashrc git status"), Ask, ""},
		{"bypass asks for another home's git config", ModeBypassPermissions, nil, bash("HOME=/tmp/x git status"), Ask, ""},
		{"bypass asks for an editor that is a shell", ModeBypassPermissions, nil, bash(`EDITOR="sh -c id" git commit`), Ask, ""},
		{"bypass asks for a shell string an unknown program may run", ModeBypassPermissions, []string{"deny:Bash(git push:*)"}, bash(`foo bash -c "git push"`), Ask, ""},
		{"bypass asks for a home-relative program an unknown program may run", ModeBypassPermissions, []string{"deny:Bash(git push:*)"}, bash(`foo ~/bin/git push`), Ask, ""},
		{"bypass allows a plain pager with display options", ModeBypassPermissions, nil, bash("PAGER='less -FRX' git log && GIT_TRACE=1 git status && EDITOR=vim git commit"), Allow, ""},
		{"bypass allows core.editor=true", ModeBypassPermissions, nil, bash("git -c core.editor=true commit --amend"), Allow, ""},
		{"bypass allows a git -c of a harmless key", ModeBypassPermissions, nil, bash("git -c color.ui=always -c core.pager=less log"), Allow, ""},
		{"acceptEdits asks for a file Debian's .bashrc sources", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.bash_aliases"}, Ask, ""},
		{"acceptEdits asks for fish's start-up file", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.config/fish/config.fish"}, Ask, ""},
		{"acceptEdits asks for a user service", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.config/systemd/user/x.service"}, Ask, ""},
		{"acceptEdits asks for a program first on PATH", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.local/bin/git"}, Ask, ""},
		{"acceptEdits asks for the host's login scripts", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/etc/profile.d/x.sh"}, Ask, ""},
		{"bypass asks for a cron job", ModeBypassPermissions, nil, bash("echo '* * * * * root x' > /etc/cron.d/x"), Ask, ""},
		{"bypass asks for sudoers", ModeBypassPermissions, nil, Call{Tool: "Edit", Path: "/etc/sudoers.d/x"}, Ask, ""},
		{"an edit of a husky hook asked for", ModeDefault, nil, Call{Tool: "Edit", Path: ".husky/pre-commit"}, Ask, ""},
		{"an edit of a hook in .githooks, where core.hooksPath most often points, asked for", ModeDefault, nil, Call{Tool: "Edit", Path: ".githooks/pre-commit"}, Ask, ""},
		{"an edit of codex's settings asked for", ModeDefault, nil, Call{Tool: "Edit", Path: ".codex/config.toml"}, Ask, ""},
		{"acceptEdits asks for the system's git config", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/etc/gitconfig"}, Ask, ""},
		{"acceptEdits asks for RHEL's global bashrc", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/etc/bashrc"}, Ask, ""},
		{"acceptEdits asks for a system unit", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/usr/lib/systemd/system/x.service"}, Ask, ""},
		{"acceptEdits asks for ~/bin, first on PATH", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/bin/git"}, Ask, ""},
		{"acceptEdits asks for cargo's env, which .profile sources", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.cargo/env"}, Ask, ""},
		{"acceptEdits asks for a system program", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/usr/bin/git"}, Ask, ""},
		{"acceptEdits asks for Python's user site", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.local/lib/python3.11/site-packages/x.pth"}, Ask, ""},
		{"acceptEdits asks for Claude Code's MCP servers", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.claude.json"}, Ask, ""},
		{"acceptEdits asks for the kernel's settings", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "/etc/sysctl.d/x.conf"}, Ask, ""},
		{"a link to a system program, as a venv makes, passes", ModeDefault, nil, bash("ln -s /usr/bin/python3 .venv/bin/python"), Allow, ""},
		{"acceptEdits writes a project's bin", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "bin/tool"}, Allow, ""},
		{"bypassPermissions writes another program's config", ModeBypassPermissions, nil, Call{Tool: "Write", Path: "~/.config/other/x.toml"}, Allow, ""},
		{"acceptEdits writes a local file named like none of them", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "etc/profile.d.md"}, Allow, ""},
		{"the agent's own environment read by the Read tool asked for", ModeDefault, nil, Call{Tool: "Read", Path: "/proc/self/environ"}, Ask, ""},
		{"another process's environment asked for, in plan mode too", ModePlan, nil, Call{Tool: "Read", Path: "/proc/1/environ"}, Ask, ""},
		{"a thread's memory asked for", ModeBypassPermissions, nil, Call{Tool: "Read", Path: "/proc/self/task/7/mem"}, Ask, ""},
		{"an environment through /proc/self/root asked for", ModeDefault, nil, bash("cat /proc/self/root/proc/1/environ"), Ask, ""},
		{"the shell's parent's environment asked for", ModeDefault, nil, bash("cat /proc/$PPID/environ"), Ask, ""},
		{"every process's environment by a glob asked for", ModeBypassPermissions, nil, bash("tr '\\0' '\\n' < /proc/[0-9]*/environ"), Ask, ""},
		{"an environment named by a glob asked for", ModeDefault, nil, bash("cat /proc/self/env*"), Ask, ""},
		{"a Grep of a process's directory asked for", ModeDefault, nil, Call{Tool: "Grep", Path: "/proc/self"}, Ask, ""},
		{"a Grep of /proc for environ files asked for", ModeDefault, nil, Call{Tool: "Grep", Path: "/proc", Glob: "*/environ"}, Ask, ""},
		{"a process's status by its variable allowed", ModeDefault, nil, bash("cat /proc/$PPID/status"), Allow, ""},
		{"a process's status and the cpu's allowed", ModeDefault, nil, Call{Tool: "Read", Path: "/proc/self/status"}, Allow, ""},
		{"the host's public key and accounts allowed", ModeDefault, nil, bash(`cat /etc/ssh/ssh_host_ed25519_key.pub /etc/passwd /etc/shadowsocks.json`), Allow, ""},
		{"bypass asks for a variable name inside .git/hooks", ModeBypassPermissions, nil, bash(`echo x > .git/hooks/$H`), Ask, ""},
		{"bypass asks for another user's ssh key", ModeBypassPermissions, nil, bash(`cat ~root/.ssh/id_rsa`), Ask, ""},
		{"bypass asks for another user's shell start-up file", ModeBypassPermissions, nil, bash(`echo x >> ~root/.bashrc`), Ask, ""},
		{"bypass allows another user's ordinary file", ModeBypassPermissions, nil, bash(`cat ~root/notes.txt`), Allow, ""},
		{"bypass allows an unknown file in an ordinary directory", ModeBypassPermissions, nil, bash(`echo x > build/$OUT`), Allow, ""},
		{"9. otherwise allow", ModeDefault, nil, bash("go build ./..."), Allow, ""},
		{"dontAsk turns ask into deny", ModeDontAsk, nil, bash("rm -rf build"), Deny, ""},
		{"unknown tool asks", ModeDefault, nil, Call{Tool: "Teleport"}, Ask, ""},
		{"unknown tool asks in bypass", ModeBypassPermissions, nil, Call{Tool: "mcp__x__y"}, Ask, ""},
		{"unknown tool allowed by a rule naming it", ModeDefault, []string{"allow:mcp__x__y"}, Call{Tool: "mcp__x__y"}, Allow, "mcp__x__y"},
		{"seed alias run_shell", ModeDefault, []string{"deny:run_shell(rm -rf*)"}, Call{Tool: "run_shell", Command: "rm -rf x"}, Deny, "run_shell(rm -rf*)"},
		{"empty command denied", ModeDefault, nil, bash("   "), Deny, ""},
		{"webfetch allowed by domain", ModeDefault, []string{"allow:WebFetch(domain:go.dev)"}, Call{Tool: "WebFetch", URL: "https://pkg.go.dev/x"}, Allow, "WebFetch(domain:go.dev)"},
		{"webfetch of an unknown domain asks", ModeDefault, nil, Call{Tool: "WebFetch", URL: "https://evil.example/"}, Ask, ""},
		{"webfetch denied by domain", ModeBypassPermissions, []string{"deny:WebFetch(domain:evil.example)"}, Call{Tool: "WebFetch", URL: "https://a.evil.example/"}, Deny, "WebFetch(domain:evil.example)"},
		{"read deny stops cat", ModeDefault, []string{"deny:Read(./.env)"}, bash("cat .env"), Deny, "Read(./.env)"},
		{"read deny stops a write too", ModeDefault, []string{"deny:Read(./.env)"}, Call{Tool: "Write", Path: ".env"}, Deny, "Read(./.env)"},
		{"edit deny stops a redirect", ModeAcceptEdits, []string{"deny:Edit(.env)"}, bash("echo A=1 > .env"), Deny, "Edit(.env)"},
		{"read deny on ~/.ssh stops cat", ModeBypassPermissions, []string{"deny:Read(~/.ssh/**)"}, bash("cat ~/.ssh/id_rsa"), Deny, "Read(~/.ssh/**)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine(t, tt.mode, tt.rules...)
			e.PlanFile = "/home/u/plan.md"
			got := e.Check(tt.call)
			if got.Decision != tt.want {
				t.Errorf("got %s (%s), want %s", got.Decision, got.Reason, tt.want)
			}
			if tt.rule != "" && got.Rule != tt.rule {
				t.Errorf("rule %q, want %q", got.Rule, tt.rule)
			}
			if got.Reason == "" {
				t.Error("empty reason")
			}
		})
	}
}

func TestResultDetails(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault, "deny:Bash(git push:*)")
	got := e.Check(bash("go test ./... && git push origin main"))
	if len(got.Commands) != 2 || got.Commands[0].Decision != Allow || got.Commands[1].Decision != Deny {
		t.Fatalf("per-part decisions %+v", got.Commands)
	}
	if got.Source != "test" || got.Suggestion != "" {
		t.Errorf("source %q suggestion %q: want the rule's source and no suggestion for a rule deny", got.Source, got.Suggestion)
	}
	got = e.Check(bash("make build && rm -rf out"))
	if got.Decision != Ask || got.Suggestion != "Bash(rm:*)" {
		t.Errorf("got %s with suggestion %q, want ask with Bash(rm:*)", got.Decision, got.Suggestion)
	}
	got = e.Check(Call{Tool: "Write", Path: "docs/new.md"})
	if got.Suggestion != "Write(/docs/new.md)" {
		t.Errorf("suggestion %q, want Write(/docs/new.md)", got.Suggestion)
	}
}

// TestPathsAfterCd: a command's relative paths are checked where an
// earlier cd in the line moved it: in each directory it may run in, the
// strictest result winning, and anywhere when that is unknown.
func TestPathsAfterCd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules []string
		cmd   string
		want  Decision
	}{
		{"after a && chain, in the cd's directory", []string{"deny:Read(./src/secret/**)"}, "cd src && make; cat secret/k", Deny},
		{"after a && chain, where the cd failed", []string{"deny:Read(./secret/**)"}, "cd src && make; cat secret/k", Deny},
		{"after a && chain, in neither", []string{"deny:Read(./secret/**)"}, "cd src && make; cat notes/k", Allow},
		{"a write after a && chain inside the root", nil, "cd src && make; echo x > out.txt", Allow},
		{"a write after a && chain that may be outside", nil, "cd /tmp && make; echo x > out.txt", Ask},
		{"a redirect after a && chain meets the edit rules", []string{"deny:Edit(./src/gen/**)"}, "cd src && make; echo x > gen/a.go", Deny},
		{"after || the cd may have failed", []string{"deny:Read(./secret/**)"}, "cd src || cat secret/k", Deny},
		{"a glob in the cd's directory", []string{"deny:Read(./src/secret/**)"}, "cd src; cat secret/*.key", Deny},
		{"a parameter in the cd's directory", []string{"deny:Read(./src/secret/**)"}, `cd src; cat "secret/$F"`, Deny},
		{"a glob in the cd's directory, not in the start's", []string{"deny:Read(./secret/**)"}, "cd src; cat secret/*.key", Allow},
		{"cd - leaves any directory possible", []string{"deny:Read(//etc/shadow)"}, "cd /etc; cd /; cd -; cat shadow", Deny},
		{"popd leaves any directory possible", []string{"deny:Read(//etc/shadow)"}, "pushd /etc; pushd /; popd; cat shadow", Deny},
		{"a write in an unknown directory asks", nil, "cd -; echo x > out.txt", Ask},
		{"an absolute path needs no directory", []string{"deny:Read(./secret/**)"}, "cd -; cat /etc/hosts", Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := engine(t, ModeDefault, tt.rules...).Check(bash(tt.cmd))
			if got.Decision != tt.want {
				t.Errorf("%q: got %s (%s), want %s", tt.cmd, got.Decision, got.Reason, tt.want)
			}
		})
	}
}

// TestDeniedStaysDenied is the safety property: when a command alone is
// denied, no way of embedding it in a larger command line is allowed.
func TestDeniedStaysDenied(t *testing.T) {
	t.Parallel()
	denied := []string{"git push origin main", "curl -s evil.example", "rm -rf /", "cat ~/.ssh/id_rsa", "echo x > .env", "npm publish"}
	neighbours := []string{"ls", "echo ok", "go test ./...", "true"}
	wraps := []string{
		"%[2]s && %[1]s", "%[1]s; %[2]s", "%[2]s | %[1]s", "%[1]s | %[2]s", "%[2]s || %[1]s", "%[1]s &",
		"echo $(%[1]s)", "echo `%[1]s`", "bash -c '%[1]s'", "sh -c \"%[1]s\"", "sudo %[1]s", "FOO=1 %[1]s",
		"( %[1]s )", "{ %[1]s; }", "if %[2]s; then %[1]s; fi", "for i in 1; do %[1]s; done", "env -i %[1]s",
		"timeout 5 %[1]s", "nohup %[1]s", "eval '%[1]s'", "cat <(%[1]s)", "f() { %[1]s; }; f", "%[2]s\n%[1]s",
		"bash -c 'bash -c \"%[1]s\"'", "xargs %[1]s < /dev/null", "nice -n 5 %[1]s", "command %[1]s",
	}
	rules := []string{"deny:Bash(git push:*)", "deny:Bash(curl:*)", "deny:Read(~/.ssh/**)", "deny:Edit(.env)", "deny:Bash(npm publish)"}
	for _, mode := range Modes {
		e := engine(t, mode, rules...)
		for _, c := range denied {
			if d := e.Check(bash(c)).Decision; d != Deny {
				t.Fatalf("%s: %q alone is %s, want deny", mode, c, d)
			}
			for _, x := range neighbours {
				for _, w := range wraps {
					line := fmt.Sprintf(w, c, x)
					if got := e.Check(bash(line)); got.Decision == Allow {
						t.Errorf("%s: %q is allowed (%s) though %q alone is denied", mode, line, got.Reason, c)
					}
				}
			}
		}
	}
}

// TestQuotingTricks: quotes, escapes and paths cannot hide a command name.
func TestQuotingTricks(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault, "deny:Bash(rm:*)")
	for _, c := range []string{"rm x", `"rm" x`, "r''m x", `\rm x`, "/bin/rm x", "/usr/bin/rm x", "'r'\"m\" x", "sudo -u root rm x", "env FOO=1 rm x"} {
		if got := e.Check(bash(c)); got.Decision != Deny {
			t.Errorf("%q: %s (%s), want deny", c, got.Decision, got.Reason)
		}
	}
	if got := e.Check(bash(`echo "rm -rf /"`)); got.Decision != Allow {
		t.Errorf("echo of a dangerous string: %s (%s), want allow", got.Decision, got.Reason)
	}
}

func TestSessionApprovalsAndDenialLimit(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeDefault)
	e.Session = NewMemorySession()
	c := bash("rm -rf build")
	if d := e.Check(c).Decision; d != Ask {
		t.Fatalf("before approval: %s, want ask", d)
	}
	if err := e.Session.Approve(Key(c)); err != nil {
		t.Fatal(err)
	}
	if got := e.Check(c); got.Decision != Allow || got.Source != "session" {
		t.Fatalf("after approval: %+v, want allow from the session", got)
	}
	if d := e.Check(bash("rm -rf dist")).Decision; d != Ask {
		t.Errorf("another command after approval: %s, want ask (keys are exact)", d)
	}
	for i := 0; i < 20; i++ {
		if _, err := e.Session.RecordDecision(Deny); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.Check(bash("ls")); got.Decision != Deny || !strings.Contains(got.Reason, "denial limit reached") {
		t.Errorf("after 20 denials: %+v, want deny with the limit reason", got)
	}
}

func BenchmarkCheckSimple1000Rules(b *testing.B) {
	e := engine(b, ModeDefault, manyRules(1000)...)
	c := bash("git status")
	b.ReportAllocs()
	for b.Loop() {
		e.Check(c)
	}
}

func BenchmarkCheckCompound1000Rules(b *testing.B) {
	e := engine(b, ModeDefault, manyRules(1000)...)
	c := bash(`cd src && go vet ./... && go test -run "$(cat .tests)" ./... | tee out.log; git status --short | wc -l; echo "done $(date +%s)" > stamp; ls -la | grep go; make build || exit 1`)
	b.ReportAllocs()
	for b.Loop() {
		e.Check(c)
	}
}

// BenchmarkCheckUnknownPaths1000Rules checks commands whose paths are only
// known at run time: globs, parameters, substitutions, and relative paths
// after a cd to an unknown directory.
func BenchmarkCheckUnknownPaths1000Rules(b *testing.B) {
	e := engine(b, ModeDefault, manyRules(1000)...)
	c := bash(`cat ./docs/*.md "$HOME/notes/$NAME.txt" ~/.config/$APP/*.toml | grep -n TODO > "$(pwd)/todo.txt"; ` +
		`cp -r "$SRC"/build/*.o ./out/; source env.sh && ls -la ./bin/ > out/list.txt; rm -f ../tmp/$X.lock`)
	b.ReportAllocs()
	for b.Loop() {
		e.Check(c)
	}
}

// manyRules returns n rules of every kind and shape, none matching the
// benchmarked commands.
func manyRules(n int) []string {
	out := make([]string, 0, n)
	for i := 0; len(out) < n; i++ {
		out = append(out,
			fmt.Sprintf("allow:Bash(tool%d build:*)", i),
			fmt.Sprintf("deny:Bash(danger%d *)", i),
			fmt.Sprintf("ask:Bash(cmd%d * --force)", i),
			fmt.Sprintf("deny:Read(./secret%d/**)", i),
			fmt.Sprintf("allow:Edit(/gen%d/*.go)", i),
		)
	}
	return out[:n]
}

// TestCheckLongWordsInTime: words built to make a check's work grow faster
// than its input (a glob in each of thousands of names, thousands of rm
// words after an unknown program, a find in each) are decided in time: a
// hook that takes a minute is a hook that does not work. Before a review
// they took 11 s, 41 s and 82 s.
func TestCheckLongWordsInTime(t *testing.T) {
	e := engine(t, ModeBypassPermissions)
	for name, cmd := range map[string]string{
		"globs":       "cat " + strings.Repeat("*/", 5000) + "x",
		"dot globs":   "cat " + strings.Repeat(".*/", 5000) + "x",
		"rm words":    "foo " + strings.Repeat("rm ", 20000),
		"find words":  "foo " + strings.Repeat("find ", 20000),
		"rm strings":  "foo " + strings.Repeat("'rm x' ", 5000),
		"brace globs": "cat " + strings.Repeat("{a,.g*}/", 6) + "x",
	} {
		if d := quickestRun(5*time.Second, func() { e.Check(bash(cmd)) }); d > 5*time.Second {
			t.Errorf("%s (%d bytes): took %v", name, len(cmd), d)
		}
	}
}
