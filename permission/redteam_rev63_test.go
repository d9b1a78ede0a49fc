package permission

import (
	"strings"
	"testing"
)

// TestRev63FoldCaseEveryList: where file systems fold case (macOS),
// Engine.protected compares the path lower case, so a protected place
// listed with capitals was never met, not even spelled as listed: a
// root-run agent in bypassPermissions wrote Claude Code's managed
// settings, /Library/Application Support/ClaudeCode/managed-settings.json,
// and read a browser profile below ~/.config/BraveSoftware. Every list
// the check reads must hold the lower-case spelling of each name with
// capitals (TestS16ProtectedFoldCase checks it; it checked three lists of
// the six).
func TestRev63FoldCaseEveryList(t *testing.T) {
	t.Parallel()
	e := engine(t, ModeBypassPermissions)
	e.FoldCase = true
	for _, c := range []Call{
		{Tool: "Write", Path: "/Library/Application Support/ClaudeCode/managed-settings.json"},
		{Tool: "Write", Path: "/library/application support/claudecode/managed-settings.json"},
		{Tool: "Read", Path: "~/.config/BraveSoftware/Brave-Browser/Default/Login Data"},
		{Tool: "Grep", Path: "~/.config/BraveSoftware"},
	} {
		if res := e.Check(c); res.Decision != Ask {
			t.Errorf("%s %q with FoldCase: %v (%s), want ask", c.Tool, c.Path, res.Decision, res.Reason)
		}
	}
	// The neighbour: an ordinary file with capitals is no protected one.
	if res := e.Check(Call{Tool: "Write", Path: "/Library/Application Support/MyApp/state.json"}); res.Decision != Allow {
		t.Errorf("Write of an ordinary file in bypassPermissions with FoldCase: %v (%s), want allow", res.Decision, res.Reason)
	}
}

// TestRev63PrivateEtc: on macOS /etc, /var and /tmp are links into
// /private, and the host's protected places are listed by their link
// (/etc/sudoers, /etc/mewsandbox, /etc/ssh/ssh_host_*_key). Named by the
// real path, which no link leads from, they were no protected place: in
// bypassPermissions a Write of /private/etc/sudoers and of the managed
// settings, and a Read of a host key or a Grep of /private/etc, which
// holds them, were allowed.
func TestRev63PrivateEtc(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"Write /private/etc/sudoers", Y, nil, Call{Tool: "Write", Path: "/private/etc/sudoers"}, Ask},
		{"Write /private/etc/mewsandbox", Y, nil, Call{Tool: "Write", Path: "/private/etc/mewsandbox/managed-settings.yaml"}, Ask},
		{"Edit /private/var/spool/cron", Y, nil, Call{Tool: "Edit", Path: "/private/var/spool/cron/root"}, Ask},
		{"Read a host key by /private", Y, nil, Call{Tool: "Read", Path: "/private/etc/ssh/ssh_host_ed25519_key"}, Ask},
		{"Bash redirect into /private/etc", Y, nil, bash("echo x >> /private/etc/zshrc"), Ask},
		{"Bash copy of a tree into /private/etc", Y, nil, bash("cp -r conf/ /private/etc/"), Ask},
		{"Grep of /private/etc", Y, nil, Call{Tool: "Grep", Path: "/private/etc"}, Ask},
		{"Grep of /private", Y, nil, Call{Tool: "Grep", Path: "/private"}, Ask},
		{"Grep of /private/var", Y, nil, Call{Tool: "Grep", Path: "/private/var"}, Ask},
		{"neighbour: Grep of /private/tmp", Y, nil, Call{Tool: "Grep", Path: "/private/tmp"}, Allow},
		{"neighbour: Read /private/etc/hosts", D, nil, Call{Tool: "Read", Path: "/private/etc/hosts"}, Allow},
		{"neighbour: Write /private/tmp", Y, nil, Call{Tool: "Write", Path: "/private/tmp/x.txt"}, Allow},
	})
}

// TestRev63KernelAndStartup: the file tools run in the agent's own
// process, with no sandbox: in bypassPermissions a root-run agent's Write
// set /proc/sys/kernel/core_pattern or /sys/kernel/uevent_helper (the
// kernel then runs the program named, as root), wrote a disk's device or
// the boot loader's files, and on macOS put a launch agent or daemon in
// place (run at the next login or boot) or VS Code's user settings there
// (which name the shell its terminal starts) — the Linux equivalents of
// each were protected. Now each is asked for.
func TestRev63KernelAndStartup(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkToolDecisions(t, []toolRow{
		{"Write core_pattern", Y, nil, Call{Tool: "Write", Path: "/proc/sys/kernel/core_pattern"}, Ask},
		{"Write modprobe", Y, nil, Call{Tool: "Edit", Path: "/proc/sys/kernel/modprobe"}, Ask},
		{"Write binfmt_misc", Y, nil, Call{Tool: "Write", Path: "/proc/sys/fs/binfmt_misc/register"}, Ask},
		{"Write sysrq-trigger", Y, nil, Call{Tool: "Write", Path: "/proc/sysrq-trigger"}, Ask},
		{"Write uevent_helper", Y, nil, Call{Tool: "Write", Path: "/sys/kernel/uevent_helper"}, Ask},
		{"Write a disk", Y, nil, Call{Tool: "Write", Path: "/dev/sda"}, Ask},
		{"Write grub.cfg", Y, nil, Call{Tool: "Write", Path: "/boot/grub/grub.cfg"}, Ask},
		{"Write a launch agent", Y, nil, Call{Tool: "Write", Path: "~/Library/LaunchAgents/com.x.plist"}, Ask},
		{"Write a launch daemon", Y, nil, Call{Tool: "Write", Path: "/Library/LaunchDaemons/com.x.plist"}, Ask},
		{"Write VS Code's settings on macOS", Y, nil, Call{Tool: "Write", Path: "~/Library/Application Support/Code/User/settings.json"}, Ask},
		{"Bash redirect to core_pattern", Y, nil, bash("echo '|/tmp/x' > /proc/sys/kernel/core_pattern"), Ask},
		{"neighbour: Write /dev/null", Y, nil, Call{Tool: "Write", Path: "/dev/null"}, Allow},
		{"neighbour: Write below /dev/shm", Y, nil, Call{Tool: "Write", Path: "/dev/shm/cache.bin"}, Allow},
		{"neighbour: Read /proc/sys", D, nil, Call{Tool: "Read", Path: "/proc/sys/kernel/core_pattern"}, Allow},
		{"neighbour: Bash to /dev/null", D, nil, bash("ls > /dev/null 2>&1"), Allow},
		{"neighbour: Bash reads /sys", D, nil, bash("cat /sys/class/net/eth0/address"), Allow},
	})
	e := engine(t, ModeBypassPermissions)
	e.FoldCase = true
	for _, p := range []string{"~/Library/LaunchAgents/x.plist", "/Library/LaunchAgents/x.plist", "/library/launchdaemons/x.plist"} {
		if res := e.Check(Call{Tool: "Write", Path: p}); res.Decision != Ask {
			t.Errorf("Write %q with FoldCase: %v (%s), want ask", p, res.Decision, res.Reason)
		}
	}
}

// TestRev63HomeStartup: more places below the home whose files run at
// the next login, prompt or start of a program, which bypassPermissions
// let the file tools write: a systemd user unit or D-Bus service in
// ~/.local/share, which overrides the host's own of the same name (an
// enabled pipewire.service runs it at the next login), the modules Node
// falls back on for a require no project provides, the handler a URL or
// file is opened with, tmux's XDG configuration (~/.tmux.conf was
// protected), VSCodium's and Cursor's user settings (VS Code's were),
// Jujutsu's user configuration (Mercurial's was) and the start-up
// scripts of more window managers and shells.
func TestRev63HomeStartup(t *testing.T) {
	t.Parallel()
	Y := ModeBypassPermissions
	var rows []toolRow
	for _, p := range []string{
		"~/.local/share/systemd/user/pipewire.service",
		"~/.local/share/dbus-1/services/org.freedesktop.Notifications.service",
		"~/.node_modules/lodash/index.js", "~/.node_libraries/x.js",
		"~/.config/mimeapps.list", "~/.local/share/applications/firefox.desktop",
		"~/.config/tmux/tmux.conf", "~/.config/VSCodium/User/settings.json", "~/.config/Cursor/User/settings.json",
		"~/.config/jj/config.toml", "~/.config/awesome/rc.lua", "~/.config/bspwm/bspwmrc", "~/.config/river/init",
		"~/.config/sxhkd/sxhkdrc", "~/.xmonad/xmonad.hs", "~/.config/xonsh/rc.xsh", "~/.xonshrc", "~/.config/elvish/rc.elv",
	} {
		rows = append(rows, toolRow{"Write " + p, Y, nil, Call{Tool: "Write", Path: p}, Ask})
	}
	rows = append(rows,
		toolRow{"neighbour: Write a note below ~/.local/share", Y, nil, Call{Tool: "Write", Path: "~/.local/share/notes/today.md"}, Allow},
		toolRow{"neighbour: Write ~/.config/htop/htoprc", Y, nil, Call{Tool: "Write", Path: "~/.config/htop/htoprc"}, Allow},
		toolRow{"neighbour: Read ~/.config/tmux/tmux.conf", ModeDefault, nil, Call{Tool: "Read", Path: "~/.config/tmux/tmux.conf"}, Allow},
	)
	checkToolDecisions(t, rows)
}

// TestRev63NFC: Claude Code's file tools open a path NFC-normalised
// (expandPath ends in .normalize("NFC")), where the engine judged it as
// written: in decomposed form, or with a character whose canonical form
// is another (the Kelvin sign U+212A is K), a path met no deny rule
// written in composed form and no credential store below a home whose
// name holds a K, while the tool opened exactly those. Now the path is
// judged as the tool opens it too, the stricter deciding.
func TestRev63NFC(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkToolDecisions(t, []toolRow{
		{"Read past a deny rule with the Kelvin sign", D, []string{"deny:Read(./Keys/**)"}, Call{Tool: "Read", Path: "\u212Aeys/prod.pem"}, Deny},
		{"Read past a deny rule in decomposed form", D, []string{"deny:Read(./données/**)"}, Call{Tool: "Read", Path: "donne\u0301es/clients.csv"}, Deny},
		{"Grep past a deny rule in decomposed form", D, []string{"deny:Read(./données/**)"}, Call{Tool: "Grep", Path: "donne\u0301es"}, Deny},
		{"Edit past a deny rule with the Kelvin sign", ModeAcceptEdits, []string{"deny:Edit(./Keys/**)"}, Call{Tool: "Edit", Path: "/home/u/proj/\u212Aeys/x"}, Deny},
		{"neighbour: Read a decomposed name no rule covers", D, []string{"deny:Read(./données/**)"}, Call{Tool: "Read", Path: "cafe\u0301/menu.md"}, Allow},
		{"neighbour: Read the composed name", D, nil, Call{Tool: "Read", Path: "données/clients.csv"}, Allow},
	})
	e := engine(t, ModeDefault)
	e.Env = PathEnv{Cwd: "/home/Kate/proj", Home: "/home/Kate", Root: "/home/Kate/proj"}
	if res := e.Check(Call{Tool: "Read", Path: "/home/\u212Aate/.ssh/id_rsa"}); res.Decision != Ask {
		t.Errorf("Read of a key below a home spelled with the Kelvin sign: %v (%s), want ask", res.Decision, res.Reason)
	}
}

// TestRev63MoreCredentialStores: files below the home that hold tokens
// or keys the Read tool read unasked: Yarn's npmAuthToken, Poetry's,
// sbt's, Ivy's and NuGet's credentials, bundler's source tokens, Sentry's,
// Pulumi's, Kaggle's, Snyk's configstore token,
// wrangler's new place, Expo's, JFrog's, CircleCI's, Hetzner's,
// Scaleway's, Alibaba's, Linode's and Gitea's CLI tokens, Teleport's,
// step's and minikube's client keys, MinIO's client keys and Ollama's
// private key.
func TestRev63MoreCredentialStores(t *testing.T) {
	t.Parallel()
	var rows []toolRow
	for _, p := range []string{
		"~/.yarnrc.yml", "~/.config/pypoetry/auth.toml", "~/.sbt/.credentials", "~/.ivy2/.credentials",
		"~/.nuget/NuGet/NuGet.Config", "~/.config/NuGet/NuGet.Config", "~/.bundle/config", "~/.sentryclirc",
		"~/.pulumi/credentials.json", "~/.kaggle/kaggle.json", "~/.config/configstore/snyk.json",
		"~/.config/.wrangler/config/default.toml", "~/.expo/state.json", "~/.jfrog/jfrog-cli.conf.v6",
		"~/.circleci/cli.yml", "~/.config/hcloud/cli.toml", "~/.config/scw/config.yaml", "~/.aliyun/config.json",
		"~/.config/linode-cli", "~/.config/tea/config.yml", "~/.tsh/keys/proxy/u", "~/.step/secrets/root_ca_key",
		"~/.minikube/profiles/minikube/client.key", "~/.mc/config.json", "~/.ollama/id_ed25519",
	} {
		rows = append(rows, toolRow{"Read " + p, ModeDefault, nil, Call{Tool: "Read", Path: p}, Ask})
	}
	rows = append(rows,
		toolRow{"neighbour: Read a project's .yarnrc.yml", ModeDefault, nil, Call{Tool: "Read", Path: ".yarnrc.yml"}, Allow},
		toolRow{"neighbour: Read configstore's update notices", ModeDefault, nil, Call{Tool: "Read", Path: "~/.config/configstore/update-notifier-npm.json"}, Allow},
		toolRow{"neighbour: Read a project's CircleCI config", ModeDefault, nil, Call{Tool: "Read", Path: ".circleci/config.yml"}, Allow},
		toolRow{"neighbour: Bash reads a project's bundler config", ModeDefault, nil, bash("cat .bundle/config"), Allow},
		toolRow{"neighbour: Read ~/.ollama/models", ModeDefault, nil, Call{Tool: "Read", Path: "~/.ollama/models/manifests/x"}, Allow},
	)
	checkToolDecisions(t, rows)
}

// TestDangerReasonOverGuessRev63: since rev63 made a device a protected
// path, a command the engine does not model that names one was asked for
// as one that "may write" it, where the danger row had said what it does:
// mkfs.ext4 /dev/sdb1 "creates a file system, destroying the device's
// data". The danger row's reason comes first again where it is as strict.
func TestDangerReasonOverGuessRev63(t *testing.T) {
	for _, tt := range []struct {
		mode Mode
		want Decision
		says string
	}{
		{ModeDefault, Ask, "destroying the device's data"},
		{ModeDontAsk, Deny, "destroying the device's data"},
		{ModeBypassPermissions, Ask, "/dev/sdb1 is a device"},
	} {
		res := engine(t, tt.mode).Check(bash("mkfs.ext4 /dev/sdb1"))
		if res.Decision != tt.want || !strings.Contains(res.Reason, tt.says) {
			t.Errorf("%v: %v (%s), want %v saying %q", tt.mode, res.Decision, res.Reason, tt.want, tt.says)
		}
	}
}
