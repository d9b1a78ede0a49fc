package permission

import (
	"path"
	"slices"
	"strings"
)

// Sensitive paths. Writes to them are never pre-approved by an allow rule,
// acceptEdits or bypassPermissions: they are how an agent would persist
// itself (shell start-up files, git hooks, the agent's own settings) or
// reach other machines (ssh keys). Reads of credential stores are asked for
// even by the read tools, because one cat sends a secret to the model.

// sensitiveWriteDirs are directory names that make everything below them
// sensitive to write, at any depth.
// A dev container's configuration (.devcontainer/) names a command the
// editor runs on the host (initializeCommand); Cursor's .cursor/mcp.json
// starts servers, as .mcp.json does.
// Other coding agents' and editors' project settings start MCP servers
// or run commands too: Gemini CLI's .gemini/settings.json and
// extensions, Zed's context servers and tasks, Amazon Q's, Roo's and
// Kiro's mcp.json, Continue's servers; opencode's, Qwen Code's and Kilo
// Code's MCP servers, Helix's language servers (the namespace layer's
// protectedInRoot keeps the same names read-only).
var sensitiveWriteDirs = []string{".git", ".githooks", ".mewsandbox", ".claude", ".codex", ".husky", ".vscode", ".idea",
	".lefthook", ".lefthook-local", // lefthook's scripts, which its installed hooks run
	".devcontainer", ".cursor", ".gemini", ".zed", ".amazonq", ".roo", ".kiro", ".continue",
	".opencode", ".qwen", ".kilocode", ".kilo", ".helix",
	".factory", // Factory Droid's hooks and MCP servers
	".vibe",    // Mistral Vibe's MCP servers and custom tools
	".devin",   // Devin CLI's hooks (hooks.v1.json, config.json)
	".cline",   // Cline's hook scripts and plugins (JS/TS it loads)
	".cortex",  // Cortex Code's project hooks (settings.json)
	// Mercurial's and Jujutsu's repositories, whose configuration
	// (.hg/hgrc's [hooks], .jj/repo/config.toml's editor, pager and fix
	// tools) names programs the next hg or jj runs, as .git/config does;
	// the namespace layer does not hold these.
	".hg", ".jj"}

// sensitiveWriteNames are file names sensitive to write wherever they are:
// shell start-up files run code at the next login, .gitconfig and
// .gitmodules can name programs git runs, .mcp.json starts servers.
var sensitiveWriteNames = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile",
	".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout",
	".xprofile", ".xsessionrc", ".xinitrc", ".xsession", ".pam_environment",
	".cshrc", ".tcshrc", ".kshrc", ".mkshrc", ".vimrc", ".exrc", ".tmux.conf",
	".gitconfig", ".gitmodules", ".mcp.json", ".devcontainer.json",
	// opencode's project configuration (its MCP servers, commands) and
	// aider's (test-cmd and lint-cmd, which it runs after each edit).
	"opencode.json", "opencode.jsonc", ".aider.conf.yml",
	// Kilo Code's and Crush's MCP servers, Crush's crushrc (Bash it runs
	// at its start) and the Go opencode's settings (MCP and language
	// servers).
	"kilo.json", "kilo.jsonc", "crush.json", ".crush.json", ".crushrc", "crushrc", ".opencode.json",
	"reasonix.toml", // Reasonix's project MCP servers, started without asking
	"mcp.json",      // Oh My Pi's portable project MCP servers, started without asking
	// mise's configuration, trusted by its path, not its content (its
	// env scripts, hooks and templates run at the next prompt in the
	// project), and asdf's tool versions (a path: version runs); see
	// sensitiveWriteInDir for those in a directory of their own.
	"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".tool-versions",
	// rustup's toolchain file: its [toolchain] path is where the rustc
	// and cargo its proxies run come from (a prompt's rustc --version).
	"rust-toolchain.toml", "rust-toolchain",
	".bash_completion", // bash-completion sources it in every interactive shell
	// Neovim's project start-up files, sourced where 'exrc' is set, as
	// .vimrc, .gvimrc and .exrc are by Vim.
	".nvimrc", ".nvim.lua", ".gvimrc",
	".lazy.lua", // lazy.nvim's project plugin spec, loaded at Neovim's start
	// Git hook managers whose hooks, installed once in .git/hooks, read
	// their configuration at every commit (pre-commit, lefthook,
	// overcommit), or write it into the hooks again on install
	// (simple-git-hooks): the configuration is the hook, as .husky/ is.
	".pre-commit-config.yaml", ".pre-commit-config.yml",
	"prek.toml", // prek's, read before .pre-commit-config.yaml
	"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml",
	"lefthook-local.yml", "lefthook-local.yaml", ".lefthook-local.yml", ".lefthook-local.yaml",
	"lefthook.toml", "lefthook.json", "lefthook.jsonc", ".lefthook.toml", ".lefthook.json", ".lefthook.jsonc",
	"lefthook-local.toml", "lefthook-local.json", "lefthook-local.jsonc",
	".lefthook-local.toml", ".lefthook-local.json", ".lefthook-local.jsonc",
	".overcommit.yml",
	".simple-git-hooks.json", ".simple-git-hooks.js", ".simple-git-hooks.cjs", ".simple-git-hooks.mjs",
	"simple-git-hooks.json", "simple-git-hooks.js", "simple-git-hooks.cjs", "simple-git-hooks.mjs",
}

// sensitiveWriteHome are paths below the home directory sensitive to write
// as a whole.
var sensitiveWriteHome = []string{
	".ssh", ".config/git", ".config/mewsandbox", ".gnupg", ".aws", ".kube",
	// What runs at the next login or start of a session, or first on PATH.
	".config/fish", ".config/systemd", ".config/autostart", ".config/environment.d", ".local/bin",
	"bin",                   // Debian's .profile puts ~/bin first on PATH too
	".cargo/env", ".sdkman", // sourced by the start-up files they install into
	".bashrc.d", ".vim", ".config/vim", ".config/nvim", ".config/direnv",
	".local/lib",   // Python's user site: a .pth file or usercustomize runs at every start
	".claude.json", // Claude Code's MCP servers: commands it starts
	// Sourced by the shell's start-up files, or when a command is
	// completed: shell frameworks and completions.
	".local/share/bash-completion", ".oh-my-zsh", ".oh-my-bash", ".bash_it", ".zprezto",
	// Put on PATH by the start-up files, ahead of the host's programs, or
	// what the shims there run: a program written there shadows one the
	// user runs by name. Version managers keep their installs beside
	// their shims and are sourced at start-up too (nvm.sh, asdf.sh,
	// pyenv init), so they are protected whole.
	".cargo/bin", ".rustup", "go/bin", ".deno/bin", ".yarn/bin", ".dotnet/tools", ".local/share/pnpm",
	".cabal/bin", ".gem", ".local/share/gem", ".config/composer/vendor/bin", ".composer/vendor/bin", ".luarocks/bin", ".opam",
	".nimble/bin",
	".nvm", ".pyenv", ".rbenv", ".volta", ".bun/bin", ".asdf", ".local/share/mise", ".fnm", ".local/share/fnm",
	".nix-profile",
	// Configuration that runs code when a tool starts, or names a program
	// it runs: cargo's runners and rustc-wrapper, Gradle's init scripts
	// and JVM arguments, Maven's .mavenrc (sourced by mvn), docker's CLI
	// plugins, Plasma's login scripts, editors' and debuggers' init files
	// (Lisp, gdb and lldb commands, Python), the start-up files of the
	// database, R and Ruby shells, readline's macros, and the terminals'
	// and VS Code's settings, which name the shell they start.
	".cargo/config", ".cargo/config.toml",
	".gradle/init.d", ".gradle/init.gradle", ".gradle/init.gradle.kts", ".gradle/gradle.properties", ".gradle/wrapper",
	".mavenrc", ".docker/cli-plugins", ".config/plasma-workspace",
	".emacs", ".emacs.el", ".emacs.d", ".config/emacs", ".doom.d", ".config/doom",
	".gdbinit", ".config/gdb", ".lldbinit", ".ipython", ".jupyter",
	".psqlrc", ".sqliterc", ".Rprofile", ".Renviron", ".irbrc", ".pryrc", ".inputrc",
	".wezterm.lua", ".config/wezterm", ".config/kitty", ".config/alacritty", ".config/ghostty",
	".config/Code/User/settings.json", "Library/Application Support/Code/User/settings.json",
	"Library/LaunchAgents", // macOS's: run at the next login
	// More of the same kind: go env -w's file (GOFLAGS=-toolexec=…),
	// yarn's yarn-path and yarnPath, bun's preload, Mercurial's hooks,
	// the mysql client's pager, wget's use_askpass (and curl's rc, which
	// CURL_HOME names), lesskey's #env LESSOPEN, screen's, starship's
	// custom commands run at every prompt, direnv's old rc, neovim's site
	// plugins, the window managers' exec lines, Spacemacs', sbt's global
	// plugins, Leiningen's profile injections, Terraform's provider
	// overrides, and the MCP servers and commands of other coding agents.
	".config/go/env", ".yarnrc", ".yarnrc.yml", ".bunfig.toml", ".hgrc", ".config/hg", ".my.cnf",
	".wgetrc", ".curlrc", ".lesskey", ".config/lesskey", ".screenrc", ".config/starship.toml", ".direnvrc",
	".local/share/nvim/site", ".config/i3", ".config/sway", ".config/hypr", ".config/openbox/autostart",
	".config/labwc/autostart", ".spacemacs", ".spacemacs.d", ".sbt/1.0/plugins", ".sbt/1.0/global.sbt",
	".lein/profiles.clj", ".terraformrc", ".cursor/mcp.json", ".gemini/settings.json", ".config/opencode",
	".codeium/windsurf/mcp_config.json", ".continue/config.json", ".continue/config.yaml", ".aider.conf.yml",
	// pnpm's global rc (script-shell, node-options), which pnpm config
	// set writes.
	".config/pnpm/rc", "Library/Preferences/pnpm/rc", "library/preferences/pnpm/rc",
	// gh's aliases, pager, editor and browser; npm init's module; mise's
	// hooks, run at every prompt or cd; sbt's and GHCi's start-up
	// commands; nushell's and PowerShell's start-up files; lazy.nvim's
	// plugins, loaded at every start; and direnv's and mise's approvals,
	// which let an .envrc or a mise.toml run in the user's shell at the
	// next cd (direnv allow, mise trust).
	// systemd's user units and D-Bus's session services below
	// ~/.local/share, which override the host's own of the same name (an
	// enabled pipewire.service runs at the next login); the modules
	// Node's require falls back on; the programs URLs and files are
	// opened with; tmux's, VSCodium's, Cursor's and Jujutsu's user
	// configuration, as ~/.tmux.conf, VS Code's and Mercurial's are; and
	// the start-up scripts of more window managers, hotkey daemons and
	// shells.
	".local/share/systemd", ".local/share/dbus-1", ".node_modules", ".node_libraries",
	".config/mimeapps.list", ".local/share/applications",
	".config/tmux", ".config/VSCodium/User/settings.json", ".config/Cursor/User/settings.json", ".config/jj",
	".config/awesome", ".config/bspwm", ".config/river", ".config/qtile", ".config/niri", ".config/herbstluftwm",
	".config/sxhkd", ".xmonad", ".config/xmonad", ".config/xonsh", ".xonshrc", ".config/elvish", ".elvish",
	".config/vscodium/user/settings.json", ".config/cursor/user/settings.json",
	".config/gh/config.yml", ".npm-init.js", ".config/mise", ".sbtrc", ".ghci", ".ghc/ghci.conf",
	".config/nushell", ".config/powershell", ".local/share/nvim/lazy", ".local/share/direnv/allow",
	".local/state/mise/trusted-configs",
	// Package managers' user configuration, which chooses where code is
	// fetched from (an index, a channel, a mirror, a source) or what runs
	// at a build: pip's (index-url), conda's channels, gem's and
	// bundler's sources and build flags, uv's index. (~/.pypirc and
	// ~/.m2/settings.xml are credential stores, asked for to write too.)
	".pip/pip.conf", ".config/pip/pip.conf", "Library/Application Support/pip/pip.conf",
	".condarc", ".condarc.d", ".config/conda", ".conda/.condarc", ".conda/condarc", ".conda/condarc.d",
	".gemrc", ".bundle/config", ".config/uv/uv.toml",
	// Where file systems fold case, Engine.protected compares paths lower
	// case: names spelled with capitals are listed lower case as well.
	".rprofile", ".renviron", ".config/code/user/settings.json", "library/application support/pip/pip.conf",
	"library/application support/code/user/settings.json", "library/launchagents",
}

// sensitiveWriteSystem are the host's own places that run code at the next
// login, boot or cron tick, or decide who is who, sensitive to write as a
// whole: acceptEdits allows writes outside the root, and a root-run agent
// can make them.
var sensitiveWriteSystem = []string{
	"/etc/profile", "/etc/profile.d", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zsh",
	"/etc/zshenv", "/etc/zprofile", "/etc/zshrc", "/etc/zlogin", "/etc/environment", "/etc/gitconfig",
	"/etc/bash_completion.d", "/etc/logrotate.d", "/etc/modprobe.d", "/etc/modules-load.d",
	"/etc/udev/rules.d", "/etc/update-motd.d", "/etc/X11/Xsession.d",
	"/etc/crontab", "/etc/cron.d", "/etc/cron.hourly", "/etc/cron.daily", "/etc/cron.weekly", "/etc/cron.monthly",
	"/var/spool/cron", "/etc/systemd", "/etc/init.d", "/etc/rc.local", "/etc/xdg/autostart",
	"/etc/sudoers", "/etc/sudoers.d", "/etc/pam.d", "/etc/security", "/etc/ssh",
	"/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow",
	"/etc/ld.so.preload", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
	"/etc/apt/apt.conf.d", "/etc/apt/sources.list", "/etc/apt/sources.list.d",
	"/usr/share/bash-completion", "/run/systemd", "/var/spool/at", "/etc/anacrontab",
	"/etc/logrotate.conf", "/etc/sysctl.conf", "/etc/sysctl.d", "/etc/tmpfiles.d", "/etc/binfmt.d",
	"/etc/kernel", "/etc/network", "/etc/NetworkManager/dispatcher.d", "/etc/git",
	"/etc/rc0.d", "/etc/rc1.d", "/etc/rc2.d", "/etc/rc3.d", "/etc/rc4.d", "/etc/rc5.d", "/etc/rc6.d", "/etc/rcS.d",
	// npm's global configuration (npm config set -g), whose
	// script-shell and node-options every user's npm obeys.
	"/etc/npmrc", "/usr/etc/npmrc", "/usr/local/etc/npmrc",
	// The administrators' policies, this engine's (DefaultManagedPath)
	// and Claude Code's: rewritten, they lift every rule and mode limit
	// set there.
	managedDir, "/etc/claude-code", "/Library/Application Support/ClaudeCode",
	// The running kernel's settings, which the file tools, outside any
	// sandbox, reach as the agent's user: a program named in
	// core_pattern, modprobe, binfmt_misc or uevent_helper is run by the
	// kernel as root (the sandbox keeps /proc and /sys read-only, as
	// exec's KernelDirs). The boot loader and the kernels it starts.
	"/proc/sys", "/proc/sysrq-trigger", "/sys", "/boot",
	// macOS's launch agents and daemons, run at the next login or boot.
	"/Library/LaunchAgents", "/Library/LaunchDaemons", "/Library/StartupItems",
	// Where file systems fold case, Engine.protected compares paths lower
	// case: names spelled with capitals are listed lower case as well.
	"/library/application support/claudecode", "/etc/x11/xsession.d", "/etc/networkmanager/dispatcher.d", "/etc/rcs.d",
	"/library/launchagents", "/library/launchdaemons", "/library/startupitems",
}

// globalNpmrc are the places of npm's global configuration file, all in
// sensitiveWriteSystem.
var globalNpmrc = []string{"/etc/npmrc", "/usr/etc/npmrc", "/usr/local/etc/npmrc"}

// credentialPaths are paths below the home directory whose reads are asked
// for: they hold keys and tokens.
var credentialPaths = []string{
	".ssh", ".aws", ".gnupg", ".kube/config", ".netrc", ".docker/config.json",
	".git-credentials", ".config/gh/hosts.yml", ".npmrc", ".pypirc",
	".config/gcloud", ".azure", ".pgpass", ".vault-token", ".password-store",
	".cargo/credentials", ".cargo/credentials.toml", ".claude/.credentials.json",
	".terraform.d/credentials.tfrc.json", ".config/op", ".my.cnf", ".gem/credentials",
	// git's credential store where XDG puts it, the desktop's keyrings,
	// the browsers' saved passwords and cookies, and the tokens and keys
	// of registries, clouds, hosting and secret tools.
	".config/git/credentials", ".local/share/keyrings", ".local/share/kwalletd",
	".mozilla/firefox", ".config/google-chrome", ".config/chromium", ".config/BraveSoftware",
	".config/containers/auth.json", ".config/hub", ".config/glab-cli", ".config/rclone/rclone.conf",
	".s3cfg", ".boto", ".oci", ".databrickscfg", ".config/doctl", ".authinfo", ".authinfo.gpg",
	".m2/settings.xml", ".m2/settings-security.xml", ".gradle/gradle.properties",
	".composer/auth.json", ".config/composer/auth.json", ".config/sops/age", ".config/age",
	".huggingface/token", ".cache/huggingface/token", ".terraformrc", ".wrangler/config",
	".config/netlify/config.json", ".fly/config.yml", ".supabase/access-token", ".config/stripe",
	".dbt/profiles.yml", ".snowflake/connections.toml",
	// More browsers' and mail clients' profiles (saved passwords,
	// cookies), those of snap's and Flatpak's packages, and macOS's
	// keychains and browser profiles.
	".config/microsoft-edge", ".config/vivaldi", ".config/opera", ".thunderbird", ".librewolf",
	"snap/firefox/common/.mozilla", "snap/chromium/common/chromium", "snap/thunderbird/common/.thunderbird",
	".var/app/org.mozilla.firefox/.mozilla", ".var/app/com.google.Chrome/config", ".var/app/org.chromium.Chromium/config",
	".var/app/com.brave.Browser/config", ".var/app/com.microsoft.Edge/config", ".var/app/org.mozilla.Thunderbird/.thunderbird",
	"Library/Keychains", "Library/Cookies", "Library/Safari", "Library/Application Support/Google/Chrome",
	"Library/Application Support/Firefox", "Library/Application Support/BraveSoftware",
	"Library/Application Support/Microsoft Edge", "Library/Application Support/Arc", "Library/Thunderbird",
	"library/keychains", "library/cookies", "library/safari", "library/application support/google/chrome",
	"library/application support/firefox", "library/application support/bravesoftware",
	"library/application support/microsoft edge", "library/application support/arc", "library/thunderbird",
	// Shells' and REPLs' histories: a token exported, a password given
	// to mysql -p or psql on the command line, is kept there.
	".bash_history", ".zsh_history", ".sh_history", ".history", ".python_history", ".node_repl_history",
	".psql_history", ".mysql_history", ".sqlite_history", ".rediscli_history", ".local/share/fish/fish_history",
	// Other coding agents' and hosting tools' tokens.
	".codex/auth.json", ".gemini/oauth_creds.json", ".config/github-copilot", ".vercel",
	".local/share/com.vercel.cli", "Library/Application Support/com.vercel.cli", ".config/ngrok", ".ngrok2",
	"Library/Application Support/ngrok", ".config/configstore/firebase-tools.json",
	// macOS's, as a folding file system's lower case meets them.
	"library/application support/com.vercel.cli", "library/application support/ngrok",
	// Package registries' tokens (Yarn's npmAuthToken, Poetry's, sbt's,
	// Ivy's, NuGet's, bundler's sources), and the tokens and keys of
	// more CLIs: Sentry's, Pulumi's, Kaggle's, Snyk's in configstore
	// (as Firebase's), wrangler's newer place, Expo's, JFrog's, CircleCI's,
	// Hetzner's, Scaleway's, Alibaba's, Linode's, Gitea's, Teleport's,
	// step's, minikube's client keys, MinIO's client and Ollama's key.
	".yarnrc.yml", ".config/pypoetry/auth.toml", ".sbt/.credentials", ".ivy2/.credentials",
	".nuget/NuGet/NuGet.Config", ".config/NuGet/NuGet.Config", ".bundle/config", ".sentryclirc",
	".pulumi/credentials.json", ".kaggle/kaggle.json", ".config/configstore/snyk.json", ".config/.wrangler",
	".expo/state.json", ".jfrog", ".circleci/cli.yml", ".config/hcloud", ".config/scw", ".aliyun",
	".config/linode-cli", ".config/tea", ".tsh", ".step", ".minikube", ".mc/config.json", ".ollama/id_ed25519",
	".nuget/nuget/nuget.config", ".config/nuget/nuget.config",
	".config/bravesoftware", ".var/app/com.google.chrome/config", ".var/app/org.chromium.chromium/config",
	".var/app/com.brave.browser/config", ".var/app/com.microsoft.edge/config", ".var/app/org.mozilla.thunderbird/.thunderbird",
}

// dotenvOutside reports why reading abs, a .env file (.env, .env.local,
// .env.production …; not the templates beside one, .env.example) outside
// the project root, is a credential read, or "": another project's, or
// one in the home directory, holds secrets the project was never given.
func dotenvOutside(abs, root string) string {
	b := path.Base(abs)
	if root == "" || !path.IsAbs(abs) || within(abs, root) || b != ".env" && !strings.HasPrefix(b, ".env.") {
		return ""
	}
	switch strings.TrimPrefix(b, ".env.") {
	case "example", "sample", "template", "dist", "defaults", "schema":
		return ""
	}
	return abs + " is a .env file outside the project, which holds another's secrets"
}

// privateKeyNames are the names ssh gives the private keys it makes: read
// where the directory is only known at run time (cd "$(dirname
// ~/.ssh/id_rsa)" && cat id_rsa), one may be in ~/.ssh.
var privateKeyNames = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk"}

// hostCredentials are the host's password hashes and private keys, whose
// reads are asked for too: unreadable to an ordinary user, but a command
// run as root reads them. (The Linux namespace layer hides the same files,
// exec's hostSecrets.)
var hostCredentials = []string{
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-",
	"/etc/security/opasswd", "/etc/krb5.keytab", "/etc/ssl/private",
	"/var/backups/shadow.bak", "/var/backups/gshadow.bak", // Debian's daily copies
	// A container's secrets: Docker's and Compose's mounted secrets, and
	// the token of a Kubernetes pod's service account, which speaks to
	// the cluster's API as the pod.
	"/run/secrets", "/var/run/secrets",
}

// linkedHostName returns abs by the name a link of macOS's gives it,
// where abs lies in /private/etc, /private/var or /private/tmp (which
// /etc, /var and /tmp link to): the name the lists of the host's places
// use. "" for any other path. (Elsewhere no such place exists, and
// asking about one costs nothing.)
func linkedHostName(abs string) string {
	rest, ok := strings.CutPrefix(abs, "/private/")
	if !ok {
		return ""
	}
	for _, d := range [...]string{"etc", "var", "tmp"} {
		if within(rest, d) {
			return "/" + rest
		}
	}
	return ""
}

// sensitiveWrite reports why writing the absolute, cleaned path abs is
// sensitive, or "" when it is not.
// systemPrograms are the host's programs and libraries: written, they
// change what every later command runs. A link to one (a venv's python)
// is no write to it (see systemProgram).
var systemPrograms = []string{
	"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/libexec", "/usr/local/bin", "/usr/local/sbin", "/usr/local/lib",
	"/lib", "/lib32", "/lib64", "/libx32", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libx32",
}

// systemProgram reports whether abs is among the host's programs and
// libraries (systemPrograms).
func systemProgram(abs string) bool {
	for _, p := range systemPrograms {
		if within(abs, p) {
			return true
		}
	}
	return false
}

// sensitiveBelow returns why a write of all of directory dir (a
// recursive copy, move or extraction into it, cp -r x /etc/) would reach a
// place sensitiveWrite protects below it: the first such place's reason,
// "" for none.
func sensitiveBelow(dir, home string) string {
	if dir == "/private" {
		dir = "/" // /etc and /var are below it
	} else if name := linkedHostName(dir); name != "" {
		dir = name
	}
	for _, p := range systemPrograms {
		if within(p, dir) && p != dir {
			return p + " is among the host's programs and libraries"
		}
	}
	for _, p := range sensitiveWriteSystem {
		if within(p, dir) && p != dir {
			return p + " runs or decides what runs on this host"
		}
	}
	for _, rel := range sensitiveWriteHome {
		if home != "" && within(home+"/"+rel, dir) {
			return "~/" + rel + " is a protected location"
		}
	}
	return ""
}

func sensitiveWrite(abs, home string) string {
	if systemProgram(abs) {
		return abs + " is among the host's programs and libraries"
	}
	if hostDevice(abs) {
		return abs + " is a device: a disk's, the memory's or a terminal's"
	}
	for _, p := range sensitiveWriteSystem {
		if within(abs, p) {
			return p + " runs or decides what runs on this host"
		}
	}
	for _, rel := range sensitiveWriteHome {
		if home != "" && withinHome(abs, home, rel) {
			return "~/" + rel + " is a protected location"
		}
	}
	parts := strings.Split(abs, "/")
	for i, p := range parts {
		for _, d := range sensitiveWriteDirs {
			if p == d {
				return d + "/ is a protected directory"
			}
		}
		if i > 0 {
			for _, d := range sensitiveWriteSubdirs {
				if parts[i-1]+"/"+p == d {
					return d + "/ is a protected directory"
				}
			}
		}
	}
	base := parts[len(parts)-1]
	for _, n := range sensitiveWriteNames {
		if base == n {
			return n + " is a protected file"
		}
	}
	if len(parts) >= 2 {
		in := parts[len(parts)-2] + "/" + base
		for _, n := range sensitiveWriteInDir {
			if in == n || len(parts) >= 3 && parts[len(parts)-3]+"/"+in == n {
				return n + " is a protected file"
			}
		}
	}
	return ""
}

// sensitiveWriteSubdirs are directories, named with their parent, that
// make everything below them sensitive to write: mise's configuration
// directory in a project, all of which it reads (conf.d/*.toml,
// config.ENV.toml); GitHub Copilot CLI's hooks (.github/hooks/*.json,
// commands it runs at its session's events; workflows beside them are
// not) and Cline's hook scripts. The namespace layer keeps them
// read-only whole.
var sensitiveWriteSubdirs = []string{".config/mise", ".github/hooks", ".clinerules/hooks",
	".junie/mcp", // Junie's project MCP servers
	// Command Code's project mods and Pi's project extensions:
	// TypeScript each loads at its start.
	".commandcode/mods", ".pi/extensions",
	// Oh My Pi's project hooks, custom tools and extensions: modules it
	// imports at its start.
	".omp/hooks", ".omp/tools", ".omp/extensions"}

// sensitiveWriteInDir are files sensitive to write wherever they are,
// named with the directory (or two) they are in, whose own name is too
// common to ask for alone: mise's configuration (see sensitiveWriteNames).
var sensitiveWriteInDir = []string{".config/mise.toml", ".config/mise/config.toml", ".config/mise/config.local.toml", ".mise/config.toml", "mise/config.toml",
	".windsurf/hooks.json", // Windsurf Cascade's hooks: commands it runs at its events
	// Augment's hooks, Amp's and Trae's MCP servers, OpenHands' setup
	// script, run when a session starts in the project.
	".augment/settings.json", ".augment/settings.local.json", ".amp/settings.json", ".trae/mcp.json",
	".openhands/setup.sh",
	// Letta Code's and Tabnine CLI's project hooks.
	".letta/settings.json", ".letta/settings.local.json", ".tabnine/agent/settings.json",
	// Kimi Code's project MCP servers and OpenHands' project hooks.
	".kimi-code/mcp.json", ".openhands/hooks.json",
	// Hooks and MCP servers of Command Code, IBM Bob, Poolside, Reasonix,
	// Qoder, CodeBuddy, Pi (and the packages it installs), Trae and iFlow
	// CLI, read from the project at their next session.
	".commandcode/settings.json", ".commandcode/mcp.json", ".bob/settings.json", ".bob/mcp.json",
	".poolside/settings.yaml", ".poolside/settings.local.yaml", ".reasonix/settings.json",
	".qoder/settings.json", ".qoder/settings.local.json", ".codebuddy/settings.json", ".codebuddy/settings.local.json",
	".pi/settings.json", ".pi/mcp.json", ".trae/hooks.json", ".iflow/settings.json",
	// Oh My Pi's project MCP servers and settings, Windsurf's project MCP
	// servers (which Oh My Pi starts) and GitHub Copilot CLI's shared
	// ones.
	".omp/mcp.json", ".omp/.mcp.json", ".omp/settings.json", ".omp/config.yml",
	".windsurf/mcp_config.json", ".github/mcp.json"}

// credentialRead reports why reading abs reaches a credential store, or ""
// when it does not.
func credentialRead(abs, home string) string {
	for _, c := range hostCredentials {
		if within(abs, c) {
			return c + " holds the host's credentials"
		}
	}
	if procSecret(abs) {
		return abs + " holds a process's environment or memory: the agent's own tokens"
	}
	if hostDeviceRead(abs) {
		return abs + " is one of the host's devices: a disk or memory read below the file systems holds every file, credentials included"
	}
	if key, ok := strings.CutPrefix(abs, "/etc/ssh/ssh_host_"); ok && strings.HasSuffix(key, "_key") && !strings.Contains(key, "/") {
		return abs + " is a host's private key"
	}
	// Below the home directory: compared without building each path.
	if home != "" && len(abs) > len(home) && abs[len(home)] == '/' && abs[:len(home)] == home {
		if rel := credentialBelow(abs[len(home)+1:]); rel != "" {
			return "~/" + rel + " holds credentials"
		}
		return ""
	}
	// Below another user's home (a root-run agent reads them all):
	// /home/bob/.ssh, /root/.aws, macOS's /Users/bob, and a glob for the
	// user (/home/*/.ssh/id_rsa).
	for _, homes := range [...]string{"/home/", "/Users/", "/var/home/"} {
		if rest, ok := strings.CutPrefix(abs, homes); ok {
			if user, below, ok := strings.Cut(rest, "/"); ok && user != "" {
				if rel := credentialBelow(below); rel != "" {
					return homes + user + "/" + rel + " holds another user's credentials"
				}
			}
			return ""
		}
	}
	for _, h := range [...]string{"/root/", "/var/root/"} {
		if below, ok := strings.CutPrefix(abs, h); ok {
			if rel := credentialBelow(below); rel != "" {
				return h + rel + " holds root's credentials"
			}
		}
	}
	return ""
}

// credentialBelow returns the credential store (credentialPaths) that
// holds below, a path relative to a home directory, or "".
func credentialBelow(below string) string {
	for _, rel := range credentialPaths {
		if within(below, rel) {
			return rel
		}
	}
	return ""
}

// procSecret reports whether abs is a process's environ or mem in /proc
// (/proc/PID/environ, /proc/self/task/TID/mem): the read tools run in the
// agent's own process, whose environment holds the API keys the sandbox's
// scrubber keeps from commands.
//
// The process may be named by what is only known at run time
// (/proc/$PPID/environ, /proc/[0-9]*/environ: the agent is the shell's
// parent), and the file by a glob (env*): abs is then the word's text.
func procSecret(abs string) bool {
	rest, ok := strings.CutPrefix(abs, "/proc/")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	if len(parts) == 4 && parts[1] == "task" {
		parts = parts[2:]
	}
	if len(parts) != 2 || parts[0] == "" {
		return false
	}
	for _, f := range [...]string{"environ", "mem"} {
		if ok, _ := path.Match(parts[1], f); ok || parts[1] == f {
			return true
		}
	}
	return false
}

// within reports whether path p is dir or below it. Both are absolute and
// clean; the check is by path component, so /home/a/.sshfoo is not within
// /home/a/.ssh.
// withinHome is within(p, home+"/"+rel), without building that path on
// every call.
func withinHome(p, home, rel string) bool {
	rest, ok := strings.CutPrefix(p, home)
	return ok && rest != "" && rest[0] == '/' && within(rest[1:], rel)
}

func within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || strings.HasPrefix(p, dir) && p[len(dir)] == '/'
}

// hostDevice reports whether abs is one of the host's devices, whose
// writes reach a disk below its file systems, memory or a terminal: all
// of /dev but what writes nothing (harmlessDevice) and the files of the
// tmpfs /dev/shm.
func hostDevice(abs string) bool {
	return strings.HasPrefix(abs, "/dev/") && !strings.HasPrefix(abs, "/dev/shm/") && !harmlessDevice(abs)
}

// hostDeviceRead reports whether reading abs reads what lies below the
// host's file systems or its input: a disk, whose blocks hold every file
// on it whatever their permissions (a Grep of /dev/sda for a private
// key), memory (/dev/mem, /proc/kcore), a keyboard or a camera. Other
// devices (/dev/fuse, /dev/shm, a terminal, urandom) read nothing of the
// kind and stay readable.
func hostDeviceRead(abs string) bool {
	switch abs {
	case "/proc/kcore", "/dev/mem", "/dev/kmem", "/dev/port", "/dev/root":
		return true
	}
	rest, ok := strings.CutPrefix(abs, "/dev/")
	if !ok || rest == "" {
		return false
	}
	dir, name, below := strings.Cut(rest, "/")
	if below {
		// The disks by id, label or volume; the keyboards and mice.
		return name != "" && slices.Contains([]string{"disk", "mapper", "block", "input"}, dir)
	}
	return slices.ContainsFunc(diskDevicePrefixes, func(pre string) bool {
		return strings.HasPrefix(dir, pre) && len(dir) > len(pre)
	})
}

// diskDevicePrefixes start the names in /dev of disks, their partitions
// and volumes, and cameras, each followed by a letter or a number:
// SCSI/SATA, IDE, virtio, Xen, NVMe, SD cards, device-mapper, RAID, loop,
// network and compressed-memory disks, optical drives, SCSI generic,
// flash; macOS's disk0 and rdisk0; video capture.
var diskDevicePrefixes = []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "dm-", "md", "loop", "nbd", "zram", "sr", "sg", "mtd", "disk", "rdisk", "video"}

// harmlessDevice reports whether writing p cannot change anything on disk.
func harmlessDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/zero", "/dev/full":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/")
}
