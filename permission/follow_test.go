package permission

import (
	"strings"
	"testing"
)

// links is a machine's symbolic links for TestFileToolsFollowLinks, each
// written as the joined (not cleaned) path a file tool names, mapped to
// where the kernel would take it; a path missing here leads to itself.
var links = map[string]string{
	"/home/u/proj/k":                         "/home/u/.ssh/id_rsa",
	"/home/u/proj/h/pre-commit":              "/home/u/proj/.git/hooks/pre-commit",
	"/home/u/proj/rc":                        "/home/u/.bashrc", // dangling: a write creates it
	"/home/u/proj/self/infra/x.tf":           "/home/u/proj/infra/x.tf",
	"/home/u/proj/self/.env":                 "/home/u/proj/.env",
	"/home/u/proj/c/settings.json":           "/home/u/proj/.claude/settings.json",
	"/home/u/proj/h/../config":               "/home/u/proj/.git/config",
	"/home/u/proj/shared.md":                 "/home/u/shared/notes.md",
	"/home/u/proj/loop":                      "",
	"/home/u/proj/vendored/lib.go":           "/home/u/proj/third_party/lib.go",
	"/data/u/proj/main.go":                   "/home/u/proj/main.go",
	"/home/u/proj/.claude/plans/p.md":        "/home/u/dotfiles/claude/plans/p.md",
	"/home/u/dotfiles/claude/plans/p.md":     "/home/u/dotfiles/claude/plans/p.md",
	"/home/u/proj/home-link/.ssh/id_ed25519": "/store/u/.ssh/id_ed25519",
	"/home/u":                                "/store/u",
	"/home/u/proj/hl":                        "/home/u",
	"/home/u/proj/self":                      "/home/u/proj",
	"/home/u/proj/rootl":                     "/",
	"/home/u/proj/x/../k":                    "/home/u/elsewhere/k",
	"/home/u/proj/x/../h/pre-commit":         "/home/u/elsewhere/h/pre-commit",
}

func fakeFollow(p string) string {
	if real, ok := links[p]; ok {
		return real
	}
	return p
}

// TestFileToolsFollowLinks: a file tool's path is judged as written and
// where its links lead, the stricter decision winning. The tools run in
// the agent's own process, outside the sandbox: a review reached ~/.ssh,
// .git/hooks, a shell start-up file, .claude/ and paths deny rules forbid
// through links in the root, in every mode.
func TestFileToolsFollowLinks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		mode   Mode
		rules  []string
		call   Call
		want   Decision
		reason string // in the reason, when not ""
	}{
		{"a link to a private key", ModeDefault, nil, Call{Tool: "Read", Path: "k"}, Ask, "~/.ssh"},
		{"a link to a private key in plan mode", ModePlan, nil, Call{Tool: "Read", Path: "k"}, Ask, "leads there"},
		{"a link to the hooks", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "h/pre-commit"}, Ask, ".git/"},
		{"a dangling link to a start-up file", ModeDefault, nil, Call{Tool: "Write", Path: "rc"}, Ask, ".bashrc"},
		{"a deny rule through a link to the root", ModeAcceptEdits, []string{"deny:Edit(/infra/**)"}, Call{Tool: "Edit", Path: "self/infra/x.tf"}, Deny, "Edit(/infra/**)"},
		{"a read deny through a link", ModeDefault, []string{"deny:Read(./.env)"}, Call{Tool: "Read", Path: "self/.env"}, Deny, "Read(./.env)"},
		{"the agent's settings through a link: protected, not a new file", ModeDefault, nil, Call{Tool: "Edit", Path: "c/settings.json"}, Ask, ".claude/"},
		{"a .. after a link is the target's parent", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "h/../config"}, Ask, ".git/"},
		{"a loop cannot be judged", ModeDefault, nil, Call{Tool: "Read", Path: "loop"}, Ask, "loop"},
		{"bypass asks for a key behind a link", ModeBypassPermissions, nil, Call{Tool: "Read", Path: "k"}, Ask, "~/.ssh"},
		{"an edit through a link to outside the root", ModeDefault, nil, Call{Tool: "Edit", Path: "shared.md"}, Ask, ""},
		{"a home reached through a link still has its credentials", ModeDefault, nil, Call{Tool: "Read", Path: "home-link/.ssh/id_ed25519"}, Ask, "~/.ssh"},
		{"a .. after a link, folded as text first (as Claude Code's tools do), leads to the key", ModeDefault, nil, Call{Tool: "Read", Path: "x/../k"}, Ask, "~/.ssh"},
		{"a .. after a link, folded as text first, leads to the hooks", ModeAcceptEdits, nil, Call{Tool: "Write", Path: "x/../h/pre-commit"}, Ask, ".git/"},
		{"a process's root and .. is /", ModeDefault, nil, Call{Tool: "Read", Path: "/proc/self/root/../home/u/.ssh/id_rsa"}, Ask, "~/.ssh"},
		{"a thread's root and .. is /", ModeBypassPermissions, nil, Call{Tool: "Read", Path: "/proc/thread-self/root/../etc/shadow"}, Ask, "/etc/shadow"},
		{"the agent's environment past a root and ..", ModeDefault, nil, Call{Tool: "Read", Path: "/proc/self/root/../proc/self/environ"}, Ask, "environ"},
		{"the shell's cwd and .. is its parent", ModeDefault, []string{"deny:Read(/secrets/**)"}, Call{Tool: "Read", Path: "/proc/self/cwd/../proj/secrets/s.txt"}, Deny, "Read(/secrets/**)"},
		{"a descriptor's directory and .. can be anywhere", ModeBypassPermissions, nil, Call{Tool: "Read", Path: "/dev/fd/3/../../.ssh/id_rsa"}, Ask, ""},
		// Neighbours.
		{"a link inside the root to a file there", ModeDefault, nil, Call{Tool: "Edit", Path: "vendored/lib.go"}, Allow, ""},
		{"an existing file, no link", ModeDefault, nil, Call{Tool: "Edit", Path: "main.go"}, Allow, ""},
		{"a read through a link to a plain file", ModeDefault, nil, Call{Tool: "Read", Path: "shared.md"}, Allow, ""},
		{"acceptEdits asks for a write through a link to outside the root (S57)", ModeAcceptEdits, nil, Call{Tool: "Edit", Path: "shared.md"}, Ask, "outside the working directories"},
		{"bypassPermissions writes through a link to outside the root", ModeBypassPermissions, nil, Call{Tool: "Edit", Path: "shared.md"}, Allow, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := engine(t, tt.mode, tt.rules...)
			e.Follow = fakeFollow
			got := e.Check(tt.call)
			if got.Decision != tt.want || !strings.Contains(got.Reason, tt.reason) {
				t.Errorf("%s %s: %v (%s), want %v with %q", tt.call.Tool, tt.call.Path, got.Decision, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

// TestPlanFileThroughLinks: plan mode's plan file is writable whether the
// path or where it leads is compared (a ~/.claude kept in a dotfiles
// repository and linked is common).
func TestPlanFileThroughLinks(t *testing.T) {
	t.Parallel()
	e := engine(t, ModePlan)
	e.Follow = fakeFollow
	e.PlanFile = "/home/u/proj/.claude/plans/p.md"
	if got := e.Check(Call{Tool: "Write", Path: ".claude/plans/p.md"}); got.Decision != Allow {
		t.Errorf("the plan file through a link: %v (%s)", got.Decision, got.Reason)
	}
	if got := e.Check(Call{Tool: "Write", Path: "main.go"}); got.Decision != Deny {
		t.Errorf("another file in plan mode: %v (%s)", got.Decision, got.Reason)
	}
}

func TestJoinedKeepsDotDot(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]string{
		"h/../config":  "/home/u/proj/h/../config",
		"~/x/../y":     "/home/u/x/../y",
		"$HOME/.ssh":   "/home/u/.ssh",
		"/abs/../path": "/abs/../path",
	} {
		if got := testEnv.joined(p); got != want {
			t.Errorf("joined(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestFoldCase: where file systems match names without regard to case
// (macOS), a case variant of a protected path or a credential store is
// that path, existing or not; elsewhere it is another name.
func TestFoldCase(t *testing.T) {
	t.Parallel()
	calls := []Call{
		{Tool: "Write", Path: ".GIT/hooks/pre-commit"},
		{Tool: "Write", Path: ".Claude/settings.json"},
		{Tool: "Read", Path: "~/.SSH/id_rsa"},
		{Tool: "Write", Path: "~/.Bashrc"},
	}
	for _, c := range calls {
		// bypassPermissions: only a protected path asks (acceptEdits
		// asks for any write outside the root, ~/.Bashrc too).
		e := engine(t, ModeBypassPermissions)
		e.FoldCase = true
		if got := e.Check(c); got.Decision != Ask {
			t.Errorf("folding case, %s %s: %v (%s), want ask", c.Tool, c.Path, got.Decision, got.Reason)
		}
		e.FoldCase = false
		if got := e.Check(c); got.Decision != Allow {
			t.Errorf("with case, %s %s: %v (%s), want allow (another name)", c.Tool, c.Path, got.Decision, got.Reason)
		}
	}
	e := engine(t, ModeAcceptEdits)
	e.FoldCase = true
	if got := e.Check(Call{Tool: "Write", Path: "Docs/README.md"}); got.Decision != Allow {
		t.Errorf("folding case, an ordinary file: %v (%s)", got.Decision, got.Reason)
	}
}

// TestFoldCaseCommandNames: where names match without regard to case,
// CURL and /usr/bin/GIT run curl and git, so deny rules for them hold (a
// red team's CURL and GIT push got past them); with case kept they are
// other programs.
func TestFoldCaseCommandNames(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  string
		want Decision
	}{
		{"CURL http://x", Deny},
		{"/usr/bin/Curl -sO http://x", Deny},
		{"GIT push origin main", Deny},
		{"Git Push origin main", Deny}, // git-Push, found as git-push in git's directory
		{"curl http://x", Deny},
		{"LS -la", Allow},
	} {
		e := engine(t, ModeDefault, "deny:Bash(curl:*)", "deny:Bash(git push:*)")
		e.FoldCase = true
		if got := e.Check(bash(tt.cmd)); got.Decision != tt.want {
			t.Errorf("folding case, %q: %v (%s), want %v", tt.cmd, got.Decision, got.Reason, tt.want)
		}
	}
	e := engine(t, ModeDefault, "deny:Bash(curl:*)")
	if got := e.Check(bash("CURL http://x")); got.Decision == Deny {
		t.Errorf("with case kept, CURL is another program: %v (%s)", got.Decision, got.Reason)
	}
}

// TestFileToolsTrimmedPaths: Claude Code's tools trim a path as
// JavaScript trims a string before they use it, so a path with space
// around it is judged trimmed too (a review wrote ~/.bashrc as
// "~/.bashrc\n", and ~/.ssh as " /home/u/.ssh/…", read as relative).
func TestFileToolsTrimmedPaths(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		mode  Mode
		rules []string
		call  Call
		want  Decision
	}{
		{ModeAcceptEdits, nil, Call{Tool: "Write", Path: "~/.bashrc\n"}, Ask},
		{ModeBypassPermissions, nil, Call{Tool: "Write", Path: "~/.bashrc "}, Ask},
		{ModeAcceptEdits, nil, Call{Tool: "Write", Path: " /home/u/.ssh/authorized_keys"}, Ask},
		{ModeAcceptEdits, []string{"deny:Edit(/secrets/**)"}, Call{Tool: "Edit", Path: "\u00a0/home/u/proj/secrets/s.txt"}, Deny},
		{ModeDefault, nil, Call{Tool: "Grep", Path: "\ufeff/home/u/.ssh"}, Ask},
		{ModeDefault, nil, Call{Tool: "Read", Path: "\u3000~/.aws/credentials\u2028"}, Ask},
		// Neighbours: a name with a space inside is itself.
		{ModeAcceptEdits, nil, Call{Tool: "Write", Path: "notes/my file.md"}, Allow},
		{ModeDefault, nil, Call{Tool: "Read", Path: " main.go "}, Allow},
	} {
		e := engine(t, tt.mode, tt.rules...)
		if got := e.Check(tt.call); got.Decision != tt.want {
			t.Errorf("%s %q in %s: %v (%s), want %v", tt.call.Tool, tt.call.Path, tt.mode, got.Decision, got.Reason, tt.want)
		}
	}
}

// TestSearchThroughLinks: a search of a directory that is a link searches
// where it leads (ripgrep follows a link it is given): what lies below
// there counts, as below the directory itself.
func TestSearchThroughLinks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rules []string
		call  Call
		want  Decision
	}{
		{nil, Call{Tool: "Grep", Path: "hl"}, Ask},
		{nil, Call{Tool: "Grep", Path: "rootl"}, Ask},
		{[]string{"deny:Read(./secrets/**)"}, Call{Tool: "Grep", Path: "self"}, Ask},
		{[]string{"deny:Read(./secrets/**)"}, Call{Tool: "Grep", Path: "self", Glob: "secrets/*"}, Deny},
		// Neighbours: a link to a directory without such things.
		{nil, Call{Tool: "Grep", Path: "vendored"}, Allow},
		{nil, Call{Tool: "Glob", Path: "self", Glob: "**/*.go"}, Allow},
	} {
		e := engine(t, ModeDefault, tt.rules...)
		e.Follow = fakeFollow
		if got := e.Check(tt.call); got.Decision != tt.want {
			t.Errorf("%s %s %q: %v (%s), want %v", tt.call.Tool, tt.call.Path, tt.call.Glob, got.Decision, got.Reason, tt.want)
		}
	}
}

// FuzzCheckFilePath: any path a file tool is given is decided without a
// panic, in every mode, and a write that lands in the root's .git (as
// written, as the tools read it, trimmed and in NFC, or where its links
// lead) is never allowed.
func FuzzCheckFilePath(f *testing.F) {
	for _, s := range []string{
		"main.go", ".git/hooks/pre-commit", "h/pre-commit", "x/../h/pre-commit", "h/../config",
		"/proc/self/root/../home/u/proj/.git/config", "/proc/self/cwd/../proj/.git/x", "/dev/fd/3/../x",
		" .git/config", "~/.bashrc\n", "\u00a0/home/u/proj/.git/HEAD", "self/.git/config", "loop",
		"././/.git/./hooks//x", "$HOME/proj/.git/x", "${HOME}/.ssh/id_rsa", "~root/.ssh/id_rsa",
		"donne\u0301es/../.git/x", "\u212Aeys/../.git/config",
		"$HOME/../../home/u/proj/.git/config", "/proc/self/cwd/../proj/.git/config", "/proc/1/root/home/u/proj/.git/x",
		"/proc/self/fd/3", "/proc/1/map_files/1-2",
	} {
		f.Add(s, uint8(0))
	}
	modes := []Mode{ModeDefault, ModePlan, ModeAcceptEdits, ModeBypassPermissions, ModeDontAsk}
	f.Fuzz(func(t *testing.T, p string, m uint8) {
		e := engine(t, modes[int(m)%len(modes)])
		e.Follow = fakeFollow
		// check, not Check, so that a failure is the fuzzer's to see
		// (Check denies the call instead).
		for _, tool := range []string{"Read", "Write", "Edit", "Grep", "Glob", "LS"} {
			e.check(Call{Tool: tool, Path: p})
		}
		got := e.check(Call{Tool: "Write", Path: p})
		if got.Decision != Allow {
			return
		}
		qs := []string{p}
		for _, r := range toolReadings(p) {
			qs = append(qs, r.path)
		}
		// As a shell would read the path, and as the agent's tools do
		// (toolEnv: /proc/self/cwd is theirs, $HOME no home).
		for _, env := range []PathEnv{e.Env, e.toolEnv()} {
			for _, q := range qs {
				abs := env.Resolve(q)
				reals := append([]string{abs}, e.followedIn(env, q, abs)...)
				for _, r := range reals {
					if within(r, "/home/u/proj/.git") {
						t.Fatalf("Write %q (%s) allowed: %s", p, r, got.Reason)
					}
				}
			}
		}
	})
}

// TestFollowUnderDevDirectory: a project below a directory only named dev
// or proc (~/dev/app) still has a .. after a link taken as the kernel
// reads it; only the links of /proc and /dev/fd themselves are this
// process's and not followed (a review found ~/dev projects skipped).
func TestFollowUnderDevDirectory(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeAcceptEdits)
	e.Env = PathEnv{Cwd: "/home/u/dev/proj", Home: "/home/u", Root: "/home/u/dev/proj"}
	e.Follow = func(p string) string {
		if p == "/home/u/dev/proj/h/../config" {
			return "/home/u/dev/proj/.git/config"
		}
		return p
	}
	if got := e.Check(Call{Tool: "Write", Path: "h/../config"}); got.Decision != Ask {
		t.Errorf("Write h/../config in ~/dev/proj: %v (%s), want ask", got.Decision, got.Reason)
	}
	for p, want := range map[string]bool{
		"/home/u/dev/proj/x":          false,
		"/srv/proc/x":                 false,
		"/proc/self/cwd/x":            true,
		"/proc/1/root/../x":           true,
		"/dev/fd/3/x":                 true,
		"/home/u/x/../../../dev/fd/3": true,
	} {
		if got := throughMagicLink(p); got != want {
			t.Errorf("throughMagicLink(%s) = %v, want %v", p, got, want)
		}
	}
}
